/**
 * One named negative test per rule of the CLI that had none (src/cli/main.ts, tuple-ops.ts,
 * oracle.ts), each reached through a command line run in process as `tgs` runs it: the thrown
 * UsageError (exit status 2) with its code and message, beside the valid command line.
 * `cli.no_server` runs the built CLI (dist/, as CI builds it first) from a copy of the package
 * without scripts/serve.mjs, the installation that check is for.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { exitStatus, program } from '../src/cli/main.js';
import { UsageError } from '../src/cli/format.js';

const dir = mkdtempSync(join(tmpdir(), 'tgs-rules-cli-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** Runs the CLI in process: what it printed, what it threw and the exit status main() would set. */
async function tgs(...argv: string[]): Promise<{ out: string; error?: Error; status: number }> {
  let out = '';
  const p = program(
    (s) => void (out += s),
    () => {},
  );
  // Commander's errors throw instead of exiting the test process (as the oracle commands' do).
  p.exitOverride();
  for (const c of p.commands) c.exitOverride();
  try {
    await p.parseAsync(argv, { from: 'user' });
    return { out, status: 0 };
  } catch (e) {
    return { out, error: e as Error, status: exitStatus(e, () => {}) };
  }
}

/** Asserts a UsageError with `code` and exit status 2; returns its message. */
async function usage(code: string, ...argv: string[]): Promise<string> {
  const r = await tgs(...argv);
  expect(r.error).toBeInstanceOf(UsageError);
  expect((r.error as UsageError).code).toBe(code);
  expect(r.status).toBe(2);
  return (r.error as Error).message;
}

const GATHER = ['onnx.GatherND', '--data', '[[1,2],[3,4]]', '--indices', '[[1]]'];
const MODULE = `func.func @main(%x: tensor<3xi32>, %i: tensor<1x1xi32>) -> tensor<1xi32> {
  %r = "stablehlo.gather"(%x, %i) {
    dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1>
  } : (tensor<3xi32>, tensor<1x1xi32>) -> tensor<1xi32>
  return %r : tensor<1xi32>
}`;

describe('tgs run: one named test per rule', () => {
  it('the base command lines run', async () => {
    expect((await tgs('run', ...GATHER)).out).toBe('[[3,4]]\n');
    expect((await tgs('run', ...GATHER, '--attr', 'batch_dims=0')).out).toBe('[[3,4]]\n');
  });

  it('cli.unknown_op: an operator the registry does not have', async () => {
    const m = await usage('cli.unknown_op', 'run', 'onnx.GatherNd', '--data', '[1]', '--indices', '[0]');
    expect(m).toBe('unknown operator "onnx.GatherNd"; did you mean onnx.GatherND? (cli.unknown_op)');
  });

  it('cli.attr: an --attr without name=', async () => {
    const m = await usage('cli.attr', 'run', ...GATHER, '--attr', 'batch_dims');
    expect(m).toBe('--attr expects name=value; got "batch_dims" (cli.attr)');
  });

  it('cli.dtype: a --dtype that is no dtype', async () => {
    expect((await tgs('run', ...GATHER, '--dtype', 'int8')).out).toBe('[[3,4]]\n');
    const m = await usage('cli.dtype', 'run', ...GATHER, '--dtype', 'float23');
    expect(m).toMatch(/^unknown dtype "float23"; did you mean .*float32.*\? \(cli\.dtype\)$/);
  });

  it('cli.not_a_file: a directory given as --data', async () => {
    const m = await usage('cli.not_a_file', 'run', 'onnx.GatherND', '--data', dir, '--indices', '[[1]]');
    expect(m).toBe(`${dir} is a directory, not a .npy or .json file (cli.not_a_file)`);
  });

  it('cli.jax.at.method: jax.at with a method JAX does not have', async () => {
    const at = ['run', 'jax.at', '--data', '[0,1,2]', '--indices', '[1]', '--updates', '5'];
    expect((await tgs(...at, '--attr', 'method=add')).out).toBe('[0,6,2]\n');
    const m = await usage('cli.jax.at.method', ...at, '--attr', 'method=append');
    expect(m).toMatch(
      /^jax\.at: method must be one of get, set, add, .*; got "append" \(cli\.jax\.at\.method\)$/,
    );
  });

  it('cli.slice: a numpy.index slice item with no entries', async () => {
    const x = ['run', 'numpy.index', '--data', '[0,1,2,3]', '--indices'];
    expect((await tgs(...x, '[{"slice":[1,3]}]')).out).toBe('[1,2]\n');
    const m = await usage('cli.slice', ...x, '[{"slice":[]}]');
    expect(m).toBe(
      'a slice item is {"slice": [start, stop, step]} (1 to 3 entries, null for omitted); got [] (cli.slice)',
    );
  });
});

describe('tgs stablehlo: one named test per rule', () => {
  const mlir = file('gather.mlir', MODULE);

  it('the base command line runs', async () => {
    expect((await tgs('stablehlo', mlir, '--arg', '[10,11,12]', '--arg', '[[2]]', '-q')).out).toBe('[12]\n');
  });

  it('cli.arguments: --arg and --data given together', async () => {
    const m = await usage('cli.arguments', 'stablehlo', mlir, '--arg', '[10,11,12]', '--indices', '[[2]]');
    expect(m).toBe(
      'give the arguments either as --arg … or as --data/--indices/--updates, not both (cli.arguments)',
    );
  });

  it('cli.output: -o with a text that gives two results', async () => {
    const two = file(
      'two.mlir',
      `func.func @main(%x: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
  return %x, %x : tensor<2xi32>, tensor<2xi32>
}`,
    );
    expect((await tgs('stablehlo', two, '--arg', '[1,2]', '-q')).out).toBe('[1,2]\n[1,2]\n');
    const m = await usage('cli.output', 'stablehlo', two, '--arg', '[1,2]', '-q', '-o', join(dir, 'r.json'));
    expect(m).toBe('-o writes one result; the text gives 2 (cli.output)');
  });
});

describe('tgs verify: the candidate file rules (reported as usage errors, exit 2)', () => {
  const SCATTER = [
    'onnx.ScatterND',
    '--data',
    '[0,0]',
    '--indices',
    '[[1]]',
    '--updates',
    '[5]',
    '--dtype',
    'float32',
  ];

  /** The verify command's usage error: CommanderError `oracle.usage`, the typed error's message in it. */
  async function verifyUsage(candidate: string): Promise<string> {
    const r = await tgs('verify', ...SCATTER, '--candidate', candidate);
    expect(r.error).toBeInstanceOf(CommanderError);
    expect((r.error as CommanderError).code).toBe('oracle.usage');
    expect(r.status).toBe(2);
    return (r.error as Error).message;
  }

  it('the base command line verifies', async () => {
    const r = await tgs('verify', ...SCATTER, '--candidate', file('ok.json', '[0,5]'));
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/allowed/);
  });

  it('oracle.no_such_file: a --candidate that does not exist', async () => {
    const missing = join(dir, 'missing.json');
    expect(await verifyUsage(missing)).toBe(`error: no such file: ${missing} (oracle.no_such_file)`);
  });

  it('oracle.candidate: an object candidate without an "error" string', async () => {
    const f = file('bad.json', '{"result": [0, 5]}');
    expect(await verifyUsage(f)).toBe(
      `error: ${f}: an object candidate must be {"error": "<message>"} (oracle.candidate)`,
    );
  });

  it('oracle.candidate: a candidate file that is not JSON names the option, the file and why', async () => {
    const f = file('cut.json', '[0,');
    expect(await verifyUsage(f)).toBe(
      `error: --candidate ${f}: not a .npy file or valid JSON (Unexpected end of JSON input) (oracle.candidate)`,
    );
    const g = file('cut-object.json', '{"error": ');
    expect(await verifyUsage(g)).toBe(
      `error: --candidate ${g}: not a .npy file or valid JSON (Unexpected end of JSON input) (oracle.candidate)`,
    );
  });

  it('oracle.candidate: a --candidate that is a directory', async () => {
    expect(await verifyUsage(dir)).toBe(
      `error: --candidate ${dir}: a directory, not a .npy or .json file (oracle.candidate)`,
    );
  });
});

describe('tgs serve', () => {
  it('cli.no_server: an installation without scripts/serve.mjs', () => {
    // A copy of the package as built (dist/ and package.json), without the explorer server.
    const root = mkdtempSync(join(tmpdir(), 'tgs-no-server-'));
    cpSync(resolve('dist'), join(root, 'dist'), { recursive: true });
    cpSync(resolve('package.json'), join(root, 'package.json'));
    mkdirSync(join(root, 'node_modules'));
    cpSync(resolve('node_modules/commander'), join(root, 'node_modules/commander'), { recursive: true });
    const r = spawnSync(process.execPath, [join(root, 'dist/cli/main.js'), 'serve', '--no-build'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stderr).toBe(
      `error: the explorer server is missing from this installation (${join(root, 'scripts/serve.mjs')}) (cli.no_server)\n`,
    );
    expect(r.status).toBe(2);
  });
});
