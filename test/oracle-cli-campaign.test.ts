/** conformance run on the command line: onnxruntime-node's departure table, and a runtime module by path. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { program } from '../src/cli/main.js';

const dir = mkdtempSync(join(tmpdir(), 'oracle-run-'));

async function cli(...args: string[]): Promise<{ out: string; err: string }> {
  let out = '';
  let err = '';
  const p = program(
    (s) => void (out += s),
    (s) => void (err += s),
  );
  p.exitOverride();
  for (const c of p.commands) c.exitOverride();
  for (const c of p.commands.flatMap((c) => c.commands)) c.exitOverride();
  await p.parseAsync(['node', 'tgs', ...args]);
  return { out, err };
}

describe('tgs conformance run', () => {
  it('onnxruntime-node: a bounded campaign and its departure table (JSON report)', {
    timeout: 120_000,
  }, async () => {
    const json = join(dir, 'ort.json');
    const r = await cli(
      'conformance',
      'run',
      '--runtime',
      'onnxruntime-node',
      '--n',
      '400',
      '--seed',
      '22',
      '--json',
      json,
    );
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report).toMatchObject({ runtime: 'onnxruntime-node', cases: 400 });
    // The departure table, pinned: onnxruntime's max/min scatters drop NaN (data's or the
    // update's), as test/onnx-departures.test.ts pins call by call. Any change here is news.
    expect(
      report.departures.map((d: { op: string; class: string; count: number }) => [d.op, d.class, d.count]),
    ).toEqual([
      ['onnx.ScatterElements', 'NaN dropped', 3],
      ['onnx.ScatterND', 'NaN dropped', 3],
    ]);
    expect(report.agree + report.allowed).toBe(394);
    const nd = report.departures[1];
    expect(nd.example).toMatchObject({ inputs: { indices: { dtype: 'int64' } }, expected: 'NaN' });
    expect(r.out.split('\n')[0]).toBe(
      'onnxruntime-node: 400 cases, 394 agree, 0 allowed otherwise, 2 departure classes',
    );
  });

  it('onnxruntime-web (wasm, in Node): the same departure table as onnxruntime-node', {
    timeout: 120_000,
  }, async () => {
    const json = join(dir, 'ort-web.json');
    const r = await cli(
      'conformance',
      'run',
      '--runtime',
      'onnxruntime-web',
      '--n',
      '400',
      '--seed',
      '22',
      '--json',
      json,
    );
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(
      report.departures.map((d: { op: string; class: string; count: number }) => [d.op, d.class, d.count]),
    ).toEqual([
      ['onnx.ScatterElements', 'NaN dropped', 3],
      ['onnx.ScatterND', 'NaN dropped', 3],
    ]);
    expect(r.out.split('\n')[0]).toBe(
      'onnxruntime-web: 400 cases, 394 agree, 0 allowed otherwise, 2 departure classes',
    );
  });

  it('tfjs (cpu): out-of-bounds coordinates are accepted when the flat offset fits', {
    timeout: 120_000,
  }, async () => {
    const json = join(dir, 'tfjs.json');
    const r = await cli(
      'conformance',
      'run',
      '--runtime',
      'tfjs',
      '--n',
      '300',
      '--seed',
      '22',
      '--json',
      json,
    );
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(
      report.departures.map((d: { op: string; class: string; count: number }) => [d.op, d.class, d.count]),
    ).toEqual([
      ['tensorflow.gather_nd', 'accepts invalid input', 7],
      ['tensorflow.tensor_scatter_nd_update', 'accepts invalid input', 8],
    ]);
    // The smallest example: one index vector [row, col], col out of range but row·3 + col inside.
    const ex = report.departures[0].example;
    expect(ex.inputs.indices.shape).toEqual([1, 2]);
    expect(ex.expected).toBe('an error (tf.gather_nd.index_out_of_bounds)');
    expect(r.out.split('\n')[0]).toBe(
      'tfjs-cpu: 300 cases, 285 agree, 0 allowed otherwise, 2 departure classes',
    );
  });

  it('a runtime module by path; a crash on every call departs as "rejects valid input" only', async () => {
    const mod = join(dir, 'refuses.mjs');
    writeFileSync(
      mod,
      "export const name = 'refuses';\nexport const ops = ['onnx.Gather'];\nexport async function run() { throw new Error('not implemented'); }\n",
    );
    const r = await cli('conformance', 'run', '--runtime', mod, '--n', '50', '--seed', '3');
    expect(r.out).toMatch(/^refuses: 50 cases, \d+ agree, 0 allowed otherwise, 1 departure classes\n/);
    expect(r.out).toContain('| onnx.Gather | rejects valid input |');
  });

  it('usage errors exit 2: a module without run, a built-in runtime not built yet, a bad --n', async () => {
    const mod = join(dir, 'empty.mjs');
    writeFileSync(mod, 'export const name = 1;\n');
    await expect(cli('conformance', 'run', '--runtime', mod)).rejects.toMatchObject({ exitCode: 2 });
    await expect(cli('conformance', 'run', '--runtime', 'tfjs-wasm')).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('not built in yet'),
    });
    await expect(cli('conformance', 'run', '--runtime', mod, '--n', 'x')).rejects.toMatchObject({
      exitCode: 2,
    });
  });
});
