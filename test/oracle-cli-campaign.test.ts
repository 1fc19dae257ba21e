/** conformance run on the command line: onnxruntime-node's departure table, and a runtime module by path. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { program } from '../src/cli/main.js';

const dir = mkdtempSync(join(tmpdir(), 'oracle-run-'));

/**
 * Room for a busy machine, where wall time stretches about tenfold: tfjs-wasm's 200 cases (a
 * fresh wasm instance each) took 142 s wall for 15 s of CPU at load 20, past the 120 s a test
 * had. A case's own bound (the CLI's --timeout, 5 s by default) is 60 s here: a slow case under
 * load would count as a departure and change the pinned tables; a hang still does, at 60 s.
 */
const CAMPAIGN_TIMEOUT_MS = 600_000;
const CASE_TIMEOUT = ['--timeout', '60000'];

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

/** onnxruntime's table for seed 22 (node and web agree): NaN dropped, float16 reductions refused. */
const ORT_TABLE = [
  ['onnx.ScatterElements', 'NaN dropped', 4],
  ['onnx.ScatterElements', 'rejects valid input', 1],
  ['onnx.ScatterND', 'NaN dropped', 2],
  ['onnx.ScatterND', 'rejects valid input', 4],
];

describe('tgs conformance run', () => {
  it('onnxruntime-node: a bounded campaign and its departure table (JSON report)', {
    timeout: CAMPAIGN_TIMEOUT_MS,
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
      ...CASE_TIMEOUT,
      '--json',
      json,
    );
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report).toMatchObject({ runtime: 'onnxruntime-node', cases: 400 });
    // The departure table, pinned: onnxruntime's max/min scatters drop NaN (data's or the
    // update's), as test/onnx-departures.test.ts pins call by call, and its CPU kernels refuse
    // float16 under a reduction (the same cases `conformance emit` finds refused; one in ten
    // campaign calls is float16). Any change here is news.
    expect(
      report.departures.map((d: { op: string; class: string; count: number }) => [d.op, d.class, d.count]),
    ).toEqual(ORT_TABLE);
    expect(report.agree + report.allowed).toBe(389);
    const nd = report.departures[2];
    expect(nd.example).toMatchObject({ inputs: { indices: { dtype: 'int64' } }, expected: 'NaN' });
    const f16 = report.departures[3];
    expect(f16.example).toMatchObject({
      inputs: { data: { dtype: 'float16' } },
      attributes: { reduction: 'add' },
      got: expect.stringContaining('error'),
    });
    expect(r.out.split('\n')[0]).toBe(
      'onnxruntime-node: 400 cases, 389 agree, 0 allowed otherwise, 4 departure classes',
    );
  });

  it('onnxruntime-web (wasm, in Node): the same departure table as onnxruntime-node', {
    timeout: CAMPAIGN_TIMEOUT_MS,
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
      ...CASE_TIMEOUT,
      '--json',
      json,
    );
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(
      report.departures.map((d: { op: string; class: string; count: number }) => [d.op, d.class, d.count]),
    ).toEqual(ORT_TABLE);
    expect(r.out.split('\n')[0]).toBe(
      'onnxruntime-web: 400 cases, 389 agree, 0 allowed otherwise, 4 departure classes',
    );
  });

  it('tfjs (cpu): out-of-bounds coordinates are accepted when the flat offset fits', {
    timeout: CAMPAIGN_TIMEOUT_MS,
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
      ...CASE_TIMEOUT,
      '--json',
      json,
    );
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(
      report.departures.map((d: { op: string; class: string; count: number }) => [d.op, d.class, d.count]),
    ).toEqual([
      ['tensorflow.gather_nd', 'accepts invalid input', 6],
      ['tensorflow.tensor_scatter_nd_update', 'accepts invalid input', 7],
    ]);
    // The smallest example: one index vector [row, col], col out of range but row·3 + col inside.
    const ex = report.departures[0].example;
    expect(ex.inputs.indices.shape).toEqual([1, 2]);
    expect(ex.expected).toMatch(/^an error \((tf|tensorflow)\.gather_nd\.\w+\)$/);
    expect(r.out.split('\n')[0]).toBe(
      'tfjs-cpu: 300 cases, 286 agree, 1 allowed otherwise, 2 departure classes',
    );
  });

  it('tfjs-wasm: no index is checked by gather_nd (a single out-of-range row is read), scatters write outside', {
    timeout: CAMPAIGN_TIMEOUT_MS,
  }, async () => {
    const json = join(dir, 'tfjs-wasm.json');
    const r = await cli(
      'conformance',
      'run',
      '--runtime',
      'tfjs-wasm',
      '--n',
      '200',
      '--seed',
      '22',
      ...CASE_TIMEOUT,
      '--json',
      json,
    );
    const report = JSON.parse(readFileSync(json, 'utf8'));
    // Each case runs on a clean wasm instance (a trap or a write past the heap replaces it), so
    // the table is the kernels' own: no "rejects valid input" left over from an earlier case.
    expect(
      report.departures.map((d: { op: string; class: string; count: number }) => [d.op, d.class, d.count]),
    ).toEqual([
      ['tensorflow.gather_nd', 'accepts invalid input', 43],
      ['tensorflow.tensor_scatter_nd_update', 'accepts invalid input', 14],
    ]);
    // Smallest: one index row [-2] of a 4×3 int32 tensor: the CPU backend refuses it, wasm reads.
    expect(report.departures[0].example).toMatchObject({
      inputs: { indices: { shape: [1, 1] }, data: { dtype: 'int32', shape: [4, 3] } },
      got: 'a int32 tensor of shape [1, 3]',
    });
    expect(r.out.split('\n')[0]).toBe(
      'tfjs-wasm: 200 cases, 120 agree, 23 allowed otherwise, 2 departure classes',
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

  it('usage errors exit 2: a module without run, a bad --n', async () => {
    const mod = join(dir, 'empty.mjs');
    writeFileSync(mod, 'export const name = 1;\n');
    await expect(cli('conformance', 'run', '--runtime', mod)).rejects.toMatchObject({ exitCode: 2 });
    await expect(cli('conformance', 'run', '--runtime', mod, '--n', 'x')).rejects.toMatchObject({
      exitCode: 2,
    });
  });
});
