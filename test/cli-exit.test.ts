/**
 * The CLI tells the truth (issue 25): every command's exit status (0 ok, 1 a refused call,
 * 2 a wrong command line), the `-o` formats (.json as { dtype, shape, data }, exact; unknown
 * extensions refused), every registered op — the index-tuple ones too — runnable, `help OP`,
 * and JSON inputs in the framework constructor's dtypes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitStatus, program } from '../src/cli/main.js';
import { ATTR_DEFAULTS, commandLine, exampleCall } from '../src/cli/op-help.js';
import { TUPLE_OPS } from '../src/cli/tuple-ops.js';
import * as lib from '../src/index.js';
import { readNpy } from '../src/interop/npy.js';
import { buildRegistry } from '../src/tables/registry.js';

const dir = mkdtempSync(join(tmpdir(), 'tgs-exit-'));
const BIN = resolve('dist/cli/main.js');
const registry = buildRegistry(lib as unknown as Record<string, unknown>).filter(
  (e) => e.state !== 'missing',
);

/** Runs the CLI in process, with the exit status main() would set. */
async function tgs(...argv: string[]): Promise<{ out: string; err: string; status: number }> {
  let out = '';
  let err = '';
  const p = program(
    (s) => void (out += s),
    (s) => void (err += s),
  );
  try {
    await p.parseAsync(argv, { from: 'user' });
    return { out, err, status: 0 };
  } catch (e) {
    const status = exitStatus(e, (s) => void (err += s));
    return { out, err, status };
  }
}

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const GATHER = ['onnx.GatherND', '--data', '[[1,2],[3,4]]', '--indices', '[[1]]'];
const OOB = ['onnx.GatherND', '--data', '[[1,2],[3,4]]', '--indices', '[[5]]'];

describe('exit status of every command', () => {
  it.each([
    ['run ok', ['run', ...GATHER], 0],
    ['run refused (index out of bounds)', ['run', ...OOB], 1],
    ['run without an operator', ['run'], 2],
    ['run an unknown operator', ['run', 'onnx.Nope', '--indices', '[0]'], 2],
    [
      'run a missing file',
      ['run', 'onnx.GatherND', '--data', join(dir, 'absent.npy'), '--indices', '[[0]]'],
      2,
    ],
    ['run an unknown option', ['run', ...GATHER, '--nope'], 2],
    ['run an unknown dtype', ['run', ...GATHER, '--dtype', 'float99'], 2],
    ['run without --indices', ['run', 'onnx.GatherND', '--data', '[1]'], 2],
    ['run without a positional attribute', ['run', 'torch.gather', '--data', '[1]', '--indices', '[0]'], 2],
    ['run -o with an unknown extension', ['run', ...GATHER, '-o', join(dir, 'out.txt')], 2],
    ['explain ok', ['explain', ...GATHER, '--no-color'], 0],
    ['explain refused', ['explain', ...OOB, '--no-color'], 1],
    ['explain --module ok', ['explain', ...GATHER, '--module'], 0],
    ['explain --module refused', ['explain', ...GATHER, '--attr', 'batch_dims=5', '--module'], 1],
    ['explain an unknown operator', ['explain', 'onnx.Nope', '--indices', '[0]'], 2],
    ['stablehlo a missing file', ['stablehlo', join(dir, 'absent.mlir')], 2],
    [
      'stablehlo refused text',
      ['stablehlo', '%r = "stablehlo.nope"(%x) : (tensor<1xf32>) -> tensor<1xf32>'],
      1,
    ],
    ['table an unknown option', ['table', '--nope'], 2],
    ['list', ['list'], 0],
    ['help', ['help'], 0],
    ['help run', ['help', 'run'], 0],
    ['help OP', ['help', 'jax.at'], 0],
    ['help an unknown operator', ['help', 'onnx.Nope'], 2],
    ['an unknown command', ['nope'], 2],
    ['--version', ['--version'], 0],
  ])('%s → %i', async (_what, argv, status) => {
    const r = await tgs(...(argv as string[]));
    expect(r.status).toBe(status);
    if (status !== 0) expect(r.err).toMatch(/error/);
  });

  it('the built bin sets the same statuses, stdout keeps the explanation of a refused call', () => {
    const run = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
    expect(run(['run', ...GATHER]).status).toBe(0);
    const refused = run(['explain', ...OOB, '--no-color']);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain('"stablehlo.gather"');
    expect(refused.stderr).toMatch(/^error: .*\(onnx\.GatherND-13\.[a-z_]+\)\n$/);
    const usage = run(['run']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("missing required argument 'op'");
    expect(run(['help', 'onnx.GatherND']).status).toBe(0);
  });

  it('what a usage error says: the missing input or attribute, by name', async () => {
    expect((await tgs('run', 'onnx.GatherND', '--data', '[1]')).err).toBe(
      'error: onnx.GatherND needs --indices (`tensor-gather-scatter help onnx.GatherND` lists its inputs and attributes) (cli.missing_input)\n',
    );
    expect((await tgs('run', 'torch.gather', '--data', '[1]', '--indices', '[0]')).err).toBe(
      'error: torch.gather needs --attr dim=… (`tensor-gather-scatter help torch.gather` lists its inputs and attributes) (cli.missing_input)\n',
    );
    expect((await tgs('run', 'onnx.ScatterND', '--data', '[1]', '--indices', '[[0]]')).err).toMatch(
      /^error: onnx\.ScatterND needs --updates /,
    );
    const txt = await tgs('run', ...GATHER, '-o', join(dir, 'out.txt'));
    expect(txt.err).toBe(
      `error: -o ${join(dir, 'out.txt')}: the file name must end in .npy or .json (it says the format) (cli.output_extension)\n`,
    );
    expect(existsSync(join(dir, 'out.txt'))).toBe(false);
  });
});

describe('-o formats', () => {
  it('.json is { dtype, shape, data }: int64 exact, NaN, ±Infinity and -0 kept, and reads back', async () => {
    const big = join(dir, 'big.json');
    expect(
      (
        await tgs(
          'run',
          'onnx.Gather',
          '--data',
          '["9007199254740993", -1, 2]',
          '--indices',
          '[0,1]',
          '-o',
          big,
        )
      ).status,
    ).toBe(0);
    expect(readFileSync(big, 'utf8')).toBe('{"dtype":"int64","shape":[2],"data":["9007199254740993",-1]}\n');
    const floats = join(dir, 'floats.json');
    await tgs(
      'run',
      'onnx.Gather',
      '--data',
      '["NaN", "Infinity", "-Infinity", -0, 0.1]',
      '--dtype',
      'float32',
      '--indices',
      '[[0, 1], [2, 3]]',
      '-o',
      floats,
    );
    expect(readFileSync(floats, 'utf8')).toBe(
      '{"dtype":"float32","shape":[2,2],"data":[["NaN","Infinity"],["-Infinity",-0]]}\n',
    );
    // Read back: the file's dtype and shape hold, so the values go through unchanged.
    const back = join(dir, 'back.npy');
    expect(
      (await tgs('run', 'onnx.Gather', '--data', floats, '--indices', '[1, 0]', '-o', back)).status,
    ).toBe(0);
    const t = readNpy(new Uint8Array(readFileSync(back)));
    expect(t.dtype).toBe('float32');
    expect(t.shape).toEqual([2, 2]);
    expect(Object.is(t.toFlatArray()[1], -0)).toBe(true);
    expect(t.toFlatArray()[2]).toBeNaN();
    expect((await tgs('run', 'onnx.Gather', '--data', big, '--indices', '[0]')).out).toBe(
      '["9007199254740993"]\n',
    );
  });

  it('an empty result keeps its shape in .json; a file whose shape and data disagree is refused (exit 2)', async () => {
    const empty = join(dir, 'empty.json');
    await tgs('run', 'onnx.Gather', '--data', '[[1,2,3]]', '--indices', '[]', '-o', empty);
    expect(readFileSync(empty, 'utf8')).toBe('{"dtype":"int32","shape":[0,3],"data":[]}\n');
    const bad = file('bad.json', '{"dtype":"int32","shape":[2,2],"data":[1,2,3]}');
    const r = await tgs('run', 'onnx.Gather', '--data', bad, '--indices', '[0]');
    expect(r.status).toBe(2);
    expect(r.err).toContain('"shape" [2, 2] holds 4 elements but "data" has 3 (cli.json_tensor)');
  });
});

/** The argv of an example call (commandLine quotes JSON for a shell; argv has no shell). */
const argvOf = (id: string, args: Parameters<typeof commandLine>[1]) =>
  commandLine(id, args).map((a) => a.replace(/^'(.*)'$/, '$1'));

describe('every registered op runs from the CLI', () => {
  it.each(
    registry.map((e) => [e.id, e] as const),
  )('%s: its help example runs and prints what help says', async (id, entry) => {
    const help = await tgs('help', id);
    expect(help.status).toBe(0);
    const prints = /\n {2}prints (.*)\n$/.exec(help.out);
    expect(prints, help.out).not.toBeNull();
    const r = await tgs('run', ...argvOf(id, exampleCall(entry).args));
    expect(r.err).toBe('');
    expect(r.out.trimEnd()).toBe(prints?.[1]);
  });

  it.each(
    TUPLE_OPS.map((o) => [o.id, o] as const),
  )('%s (an index tuple): run, explain and help', async (id, op) => {
    const r = await tgs('run', ...argvOf(id, op.example));
    expect(r.status).toBe(0);
    const help = await tgs('help', id);
    expect(help.out.endsWith(`  prints ${r.out}`)).toBe(true);
    const e = await tgs('explain', ...argvOf(id, op.example), '--no-color');
    expect(e.status).toBe(0);
    expect(e.out).toContain('stablehlo.');
  });

  it('the tuple ops compute what their frameworks do', async () => {
    const run = async (...a: string[]) => (await tgs('run', ...a)).out;
    expect(await run('numpy.index', '--data', '[[0,1,2],[10,11,12]]', '--indices', '[[1,0],[-1,1]]')).toBe(
      '[12,1]\n',
    );
    expect(await run('jax.at', '--data', '[0,1,2,3,4]', '--indices', '[20]')).toBe('4\n');
    expect(
      await run(
        'jax.at',
        '--data',
        '[0,1,2,3,4]',
        '--indices',
        '[-1]',
        '--updates',
        '99',
        '--attr',
        'method=set',
      ),
    ).toBe('[0,1,2,3,99]\n');
    expect(
      await run('torch.index_put', '--data', '[0,0,0]', '--indices', '[[0,2,0]]', '--updates', '[1,2,3]'),
    ).toBe('[3,0,2]\n');
    // x[:, [2, -3]] in PyTorch 1.13: tensor([[2, 0], [12, 10]])
    expect(await run('torch.index', '--data', '[[0,1,2],[10,11,12]]', '--indices', '[null,[2,-3]]')).toBe(
      '[[2,0],[12,10]]\n',
    );
    expect(
      (await tgs('run', 'jax.at', '--data', '[1]', '--indices', '[0]', '--attr', 'method=nope')).status,
    ).toBe(2);
  });
});

describe('help OP and run OP --help', () => {
  it('lists the arguments, attributes with defaults, versions and an example', async () => {
    const page = (await tgs('help', 'onnx.GatherND')).out;
    expect(page).toContain('onnx.GatherND — a gather (nd family)');
    expect(page).toContain('  --data ');
    expect(page).toContain('  --indices ');
    expect(page).toMatch(/\n {2}batch_dims +default 0 /);
    expect(page).toContain('Versions (--opset, the opset): 13, 12, 11');
    expect(page).toContain(
      "  tensor-gather-scatter run onnx.GatherND --data '[[0,1],[2,3]]' --indices '[[0,0],[1,1]]' --attr batch_dims=0\n  prints [0,3]\n",
    );
    expect((await tgs('run', 'onnx.GatherND', '--help')).out).toBe(page);
    expect((await tgs('explain', 'onnx.GatherND', '-h')).out).toBe(page);
    expect((await tgs('help', 'torch.gather')).out).toMatch(/\n {2}dim +required \(positional in torch\)/);
    expect((await tgs('help', 'numpy.take')).out).toMatch(
      /\n {2}mode +default raise; one of raise, wrap, clip/,
    );
    expect((await tgs('help', 'jax.at')).out).toMatch(/\n {2}method +default get; one of get, set, add/);
    expect((await tgs('run', '--help')).out).toContain('Usage: tensor-gather-scatter run');
  });

  // Each default help states: omitting the attribute and giving it the default agree.
  const stated = registry.flatMap((e) =>
    Object.keys(e.signature.example ?? {}).flatMap((a) => {
      const def = ATTR_DEFAULTS[`${e.id}.${a}`] ?? ATTR_DEFAULTS[`${e.framework}.${a}`];
      return def === undefined
        ? []
        : [[`${e.id} ${a}=${def.split(' ')[0]}`, e, a, def.split(' ')[0]] as const];
    }),
  );
  it.each(stated)('%s is the default', async (_name, entry, attr, def) => {
    const { args } = exampleCall(entry);
    const rest = Object.fromEntries(Object.entries(args.attrs ?? {}).filter(([k]) => k !== attr));
    let value: unknown = def;
    try {
      value = JSON.parse(def);
    } catch {
      // a bare string, e.g. none
    }
    const omitted = await tgs('run', ...argvOf(entry.id, { ...args, attrs: rest }));
    const given = await tgs('run', ...argvOf(entry.id, { ...args, attrs: { ...rest, [attr]: value } }));
    // The same result, or the same refusal (a preset along another axis may not fit the default).
    expect(given).toEqual(omitted);
  });
});

describe("JSON inputs take the framework constructor's dtypes", () => {
  const dtypeOf = async (id: string, data: string, extra: string[] = []) => {
    const out = join(dir, 'dtype.json');
    const r = await tgs('run', id, '--data', data, '--indices', '[0]', ...extra, '-o', out);
    expect(r.err).toBe('');
    return (JSON.parse(readFileSync(out, 'utf8')) as { dtype: string }).dtype;
  };
  it.each([
    ['numpy.take', '[1, 2]', 'int64'],
    ['numpy.take', '[0.5, 2]', 'float64'],
    ['torch.index_select', '[1, 2]', 'int64'],
    ['torch.index_select', '[0.5, 2]', 'float32'],
    ['tensorflow.gather', '[1, 2]', 'int32'],
    ['jax.numpy.take', '[1, 2]', 'int32'],
    ['onnx.Gather', '[1, 2]', 'int32'],
    ['onnx.Gather', '[0.5, 2]', 'float32'],
  ])('%s %s → %s', async (id, data, dtype) => {
    const extra = id.startsWith('torch.') ? ['--attr', 'dim=0'] : [];
    expect(await dtypeOf(id, data, extra)).toBe(dtype);
  });
  it('--dtype and a 64-bit literal still decide', async () => {
    expect(await dtypeOf('numpy.take', '[1, 2]', ['--dtype', 'int8'])).toBe('int8');
    expect(await dtypeOf('tensorflow.gather', '["9007199254740993"]')).toBe('int64');
  });
});
