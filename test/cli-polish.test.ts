/**
 * The CLI as a user meets it: --version, EPIPE, did-you-mean, exact int64 and shortest float
 * output, progress lines, summaries of huge results, plain errors, and the explorer server.
 * Subprocess tests run the built bin (`npm test` builds first).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { didYouMean, editDistance, jsonDepth, shortestFloat, tensorJson } from '../src/cli/format.js';
import { program } from '../src/cli/main.js';
import { writeNpy } from '../src/interop/npy.js';
import { arange, tensor } from '../src/tensor/tensor.js';
import { serveExplorer } from '../scripts/serve.mjs';

const BIN = join(process.cwd(), 'dist/cli/main.js');
const PKG = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const dir = mkdtempSync(join(tmpdir(), 'tgs-cli-'));

async function cli(...args: string[]): Promise<{ out: string; err: string }> {
  let out = '';
  let err = '';
  const p = program(
    (s) => void (out += s),
    (s) => void (err += s),
  );
  p.exitOverride();
  for (const c of p.commands) c.exitOverride();
  await p.parseAsync(['node', 'tgs', ...args]);
  return { out, err };
}

function bin(args: string[], input?: string) {
  return spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', input, timeout: 60_000 });
}

describe('--version, --help and errors from the built bin', () => {
  it('--version prints the package version; --help lists the commands', () => {
    const v = bin(['--version']);
    expect(v.status).toBe(0);
    expect(v.stdout).toBe(`${PKG.version}\n`);
    const h = bin(['--help']);
    expect(h.status).toBe(0);
    expect(h.stdout).toMatch(/^Usage: tensor-gather-scatter \[options\] \[command\]/);
    for (const c of ['run', 'explain', 'table', 'list', 'serve']) expect(h.stdout).toContain(`  ${c} `);
  });

  it('a closed pipe ends the program quietly with status 0 (no EPIPE stack trace)', () => {
    // 400,000 values: far more than a pipe buffer, so `head` closes it while we still write.
    writeFileSync(join(dir, 'many.npy'), writeNpy(arange(400_000, 'int32')));
    writeFileSync(join(dir, 'many-idx.npy'), writeNpy(arange(300_000, 'int32')));
    const r = spawnSync(
      'bash',
      [
        '-c',
        `"${process.execPath}" "${BIN}" run tensorflow.gather --data "${join(dir, 'many.npy')}" --indices "${join(dir, 'many-idx.npy')}" --full -q | head -c 3; echo " status=\${PIPESTATUS[0]}"`,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.stdout).toBe('[0, status=0\n');
    expect(r.stderr).not.toMatch(/EPIPE|Error|at /);
  });

  it('missing files are named plainly; a usage error exits 2 without a stack', () => {
    const r = bin(['run', 'onnx.GatherND', '--data', join(dir, 'absent.npy'), '--indices', '[[0]]']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`error: no such file: ${join(dir, 'absent.npy')} (cli.no_such_file)\n`);
    const s = bin(['run', 'onnx.GatherND', '--data', 'nofile', '--indices', '[[0]]']);
    expect(s.stderr).toBe('error: no such file: nofile (cli.no_such_file)\n');
  });

  it('a job over a second (or with big inputs) reports progress on stderr; -q silences it', () => {
    writeFileSync(join(dir, 'big.npy'), writeNpy(arange(1_200_000, 'float64').reshape([1_200_000])));
    const args = ['run', 'tensorflow.gather', '--data', join(dir, 'big.npy'), '--indices', '[1199999, 0]'];
    const r = bin(args);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('[1199999,0]\n');
    expect(r.stderr).toMatch(/^tensor-gather-scatter: reading 9 MB of inputs… \(\d+\.\d s\)\n/);
    expect(r.stderr).toMatch(/running tensorflow\.gather on 1,200,002 input elements… \(\d+\.\d s\)/);
    const q = bin([...args, '-q']);
    expect(q.stdout).toBe('[1199999,0]\n');
    expect(q.stderr).toBe('');
  });
});

describe('did-you-mean', () => {
  it('names the operator a wrong case or a typo meant', async () => {
    await expect(cli('run', 'onnx.gathernd', '--indices', '[0]')).rejects.toThrow(
      'unknown operator "onnx.gathernd"; did you mean onnx.GatherND?',
    );
    await expect(cli('run', 'tf.gathr_nd', '--indices', '[0]')).rejects.toThrow(
      /did you mean tensorflow\.gather_nd or /,
    );
    await expect(cli('run', 'zzz.qqq', '--indices', '[0]')).rejects.toThrow(
      /tensor-gather-scatter list` shows all \d+/,
    );
  });

  it('options and commands too', async () => {
    let err = '';
    const p = program(
      () => {},
      (s) => void (err += s),
    );
    p.exitOverride();
    for (const c of p.commands) c.exitOverride();
    await expect(
      p.parseAsync(['node', 'tgs', 'run', 'onnx.GatherND', '--indices', '[0]', '--dta', '[1]']),
    ).rejects.toThrow(/unknown option '--dta'/);
    expect(err).toContain('(Did you mean --data?)');
    await expect(cli('runn')).rejects.toThrow('unknown command "runn"; did you mean run?');
    await expect(
      cli('run', 'onnx.GatherND', '--data', '[1]', '--indices', '[[0]]', '--dtype', 'flaot32'),
    ).rejects.toThrow('unknown dtype "flaot32"; did you mean float32?');
  });

  it('edit distance and ranking', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(didYouMean('GATHER', ['gather', 'scatter'])).toEqual(['gather']);
    expect(didYouMean('scater', ['gather', 'scatter', 'scatter_nd'])).toEqual(['scatter']);
    expect(didYouMean('xyz', ['gather'])).toEqual([]);
  });
});

describe('exact output', () => {
  it('int64 beyond 2^53 prints as an exact JSON string, and reads back', async () => {
    const args = [
      'onnx.GatherND',
      '--data',
      '[9007199254740993, -9007199254740993, 5]',
      '--indices',
      '[[0],[1],[2]]',
    ];
    expect((await cli('run', ...args, '--dtype', 'int64')).out).toBe(
      '["9007199254740993","-9007199254740993",5]\n',
    );
    // Without --dtype the unsafe literal still reads exactly (as int64).
    expect((await cli('run', ...args)).out).toBe('["9007199254740993","-9007199254740993",5]\n');
    const file = join(dir, 'big.json');
    await cli('run', ...args, '-o', file);
    expect(readFileSync(file, 'utf8')).toBe(
      '{"dtype":"int64","shape":[3],"data":["9007199254740993","-9007199254740993",5]}\n',
    );
    expect((await cli('run', 'onnx.GatherND', '--data', file, '--indices', '[[1]]')).out).toBe(
      '["-9007199254740993"]\n',
    );
    expect(tensorJson(tensor([2n ** 64n - 1n, 1n], 'uint64'))).toBe('["18446744073709551615",1]');
  });

  it('floats print the shortest decimal that round-trips in their dtype; NaN/Infinity as strings', async () => {
    const run = async (dtype: string, data: string) =>
      (await cli('run', 'onnx.GatherND', '--data', data, '--dtype', dtype, '--indices', '[[0],[1],[2]]')).out;
    expect(await run('float32', '[0.1, 1.1, 16777217]')).toBe('[0.1,1.1,16777216]\n');
    // float16's largest finite value is 65504; 65500 is the shortest decimal that rounds to it (NumPy agrees).
    expect(await run('float16', '[0.1, 65519, -0.0]')).toBe('[0.1,65500,-0]\n');
    expect(await run('bfloat16', '[0.1, 3.14159, 1]')).toBe('[0.1,3.14,1]\n');
    expect(await run('float64', '[0.1, "NaN", "-Infinity"]')).toBe('[0.1,"NaN","-Infinity"]\n');
    expect(shortestFloat(Math.fround(1 / 3), 'float32')).toBe('0.33333334');
    expect(shortestFloat(1 / 3, 'float64')).toBe('0.3333333333333333');
    expect(shortestFloat(Math.fround(1e-45), 'float32')).toBe('1e-45');
  });

  it('the deprecated --version <v> after a command still sets the opset, with a warning', async () => {
    const r = await cli(
      'run',
      'onnx.GatherND',
      '--data',
      '[[1,2],[3,4]]',
      '--indices',
      '[[1]]',
      '--version',
      '13',
    );
    expect(r.out).toBe('[[3,4]]\n');
    expect(r.err).toBe('warning: --version <v> for the operator version is deprecated; use --opset <v>\n');
    expect(
      (await cli('run', 'onnx.GatherND', '--data', '[[1,2],[3,4]]', '--indices', '[[1]]', '--opset', '13'))
        .err,
    ).toBe('');
  });
});

describe('guards', () => {
  it('on a terminal, results over 10,000 elements print as a summary unless --full; piped, always JSON', async () => {
    const idx = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => i % 3));
    let shown = '';
    await program(
      (s) => void (shown += s),
      () => {},
      true,
    ).parseAsync(['run', 'tensorflow.gather', '--data', '[7, 8, 9]', '--indices', idx], { from: 'user' });
    const r = { out: shown };
    const piped = await cli('run', 'tensorflow.gather', '--data', '[7, 8, 9]', '--indices', idx);
    expect(JSON.parse(piped.out)).toHaveLength(20_000);
    expect(r.out).toBe(
      'Tensor<int32>[20000]: 20,000 elements (more than 10,000: summary only)\n' +
        'flat: [7, 8, 9, 7, 8, 9, …, 9, 7, 8, 9, 7, 8]\n' +
        'write it whole with -o out.npy / -o out.json, or print it with --full\n',
    );
    const full = await cli('run', 'tensorflow.gather', '--data', '[7, 8, 9]', '--indices', idx, '--full');
    expect(JSON.parse(full.out)).toHaveLength(20_000);
    const e = await cli(
      'explain',
      'tensorflow.gather',
      '--data',
      '[7, 8, 9]',
      '--indices',
      idx,
      '--no-color',
    );
    expect(e.out).toContain('20,000 entries: more than 10,000, not drawn (summary only)');
    expect(e.out).toContain('Tensor<int32>[20000]: 20,000 elements');
    expect(e.out).toContain('"stablehlo.gather"');
  });

  it('too-deep JSON is refused with a plain message', async () => {
    const deep = `${'['.repeat(100)}1${']'.repeat(100)}`;
    await expect(cli('run', 'onnx.GatherND', '--data', deep, '--indices', '[[0]]')).rejects.toThrow(
      '--data: JSON nested deeper than 64 levels; a tensor needs one level per dimension (cli.json_depth)',
    );
    expect(jsonDepth('["[[[[", [[1]]]')).toBe(3);
  });
});

describe('serve', () => {
  const servers: { close: () => Promise<void> }[] = [];
  beforeAll(async () => {
    // explorer-dist/ is built once for the whole run (test/global-setup.ts).
    servers.push(await serveExplorer({ port: 0, build: false }));
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  for (const kind of ['vite', 'node'] as const) {
    it(`${kind} server: binds 127.0.0.1, serves the page, 400 for a bad URL and keeps running`, async () => {
      const s = await serveExplorer({
        port: 0,
        build: false,
        ...(kind === 'node' ? { server: 'node' } : {}),
      });
      servers.push(s);
      expect(s.server).toBe(kind);
      expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await fetch(s.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>');
      expect((await fetch(`${s.url}%`)).status).toBe(400);
      expect((await fetch(`${s.url}%E0%A4%A`)).status).toBe(400);
      expect((await fetch(`${s.url}no-such-file.js`)).status).toBe(404);
      expect((await fetch(s.url)).status).toBe(200);
    });
  }

  it('a taken port falls back to a free one unless the port is strict', async () => {
    const a = await serveExplorer({ port: 0, build: false });
    servers.push(a);
    const port = Number(new URL(a.url).port);
    const b = await serveExplorer({ port, build: false });
    servers.push(b);
    expect(Number(new URL(b.url).port)).not.toBe(port);
    await expect(serveExplorer({ port, build: false, strictPort: true })).rejects.toThrow(/in use/);
  });
});
