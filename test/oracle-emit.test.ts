/**
 * conformance emit: every emitted StableHLO module passes this library's own `stablehlo` command;
 * every emitted ONNX backend-test case loads and runs in onnxruntime-node (disagreements listed);
 * WebNN cases are WPT-shaped; non-unique cases are left out with their rule, never one answer.
 */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { program } from '../src/cli/main.js';
import { fromTensorProto } from '../src/interop/onnx-tensor.js';
import { casesOf } from '../src/oracle/emit.js';
import { verify } from '../src/oracle/verify.js';
import { buildRegistry } from '../src/tables/registry.js';
import { Tensor } from '../src/tensor/tensor.js';

const ns = lib as unknown as Record<string, unknown>;
const registry = buildRegistry(ns);

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

const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    cases: { name: string; emitted: boolean; left_out?: string; expected_error?: string }[];
  };

describe('conformance emit', () => {
  it('stablehlo: every module passes the stablehlo command; duplicates under a liberty are left out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emit-shlo-'));
    const ops =
      'onnx.Gather,onnx.GatherElements,onnx.GatherND,onnx.ScatterND,onnx.ScatterElements,numpy.take,numpy.add.at,torch.gather,torch.index_add,tensorflow.gather,jax.numpy.take,webnn.gather';
    const r = await cli('conformance', 'emit', '--format', 'stablehlo', '--ops', ops, '--out', dir);
    expect(r.out).toMatch(/^\d+ cases of 12 ops; \d+ emitted, manifest\.json in /);
    const files = readdirSync(dir).filter((f) => f.endsWith('.mlir'));
    expect(files.length).toBeGreaterThan(60);
    for (const f of files) {
      const run = await cli('stablehlo', join(dir, f));
      expect(run.err, f).toMatch(/^1 check passed in \d+ functions?\n$/);
    }
    const m = manifestOf(dir);
    const dup = m.cases.find((c) => c.name === 'onnx_ScatterND_duplicates_float32');
    expect(dup).toMatchObject({
      emitted: false,
      left_out: expect.stringContaining('onnx.Scatter.duplicates'),
    });
    // numpy.add.at pins its order: its duplicates case is emitted.
    expect(m.cases.find((c) => c.name === 'numpy_add_at_duplicates_float32')?.emitted).toBe(true);
    // An expected error has no interpreter form: left out and named.
    expect(m.cases.find((c) => c.name === 'onnx_Gather_out_of_bounds_high_float32')).toMatchObject({
      emitted: false,
      expected_error: 'onnx.Gather-13.index_out_of_bounds',
    });
    // WebNN out-of-bounds is outside the spec's domain: left out.
    expect(m.cases.find((c) => c.name === 'webnn_gather_out_of_bounds_high_float32')?.left_out).toMatch(
      /^input outside the spec's domain/,
    );
  });

  it('a tampered expectation fails the stablehlo command (the checks are real)', async () => {
    const entry = registry.find((e) => e.id === 'onnx.Gather')!;
    const c = casesOf(entry, ns).find((x) => x.name === 'onnx_Gather_in_bounds_int32')!;
    const { stablehloCase } = await import('../src/oracle/emit.js');
    const text = stablehloCase(c).replace(
      'dense<[[200, 201, 202], [0, 1, 2]]>',
      'dense<[[200, 201, 202], [0, 1, 3]]>',
    );
    expect(text).toContain('[0, 1, 3]');
    await expect(cli('stablehlo', text)).rejects.toMatchObject({ code: 'stablehlo_text.check_failed' });
  });

  it('onnx: every case loads and runs in onnxruntime-node; each disagreement is a departure verify reports', {
    timeout: 120_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emit-onnx-'));
    await cli('conformance', 'emit', '--format', 'onnx', '--ops', 'onnx', '--out', dir);
    const cases = readdirSync(dir).filter((f) => f !== 'manifest.json');
    expect(cases.length).toBe(240);
    const disagreements: string[] = [];
    for (const name of cases) {
      const session = await ort.InferenceSession.create(readFileSync(join(dir, name, 'model.onnx')));
      const feeds: Record<string, ort.Tensor> = {};
      const data = join(dir, name, 'test_data_set_0');
      const inputs = readdirSync(data)
        .filter((f) => f.startsWith('input_'))
        .sort();
      inputs.forEach((f, k) => {
        const t = fromTensorProto(new Uint8Array(readFileSync(join(data, f))));
        feeds[session.inputNames[k]] = new ort.Tensor(t.dtype as 'float32', t.data as Float32Array, [
          ...t.shape,
        ]);
      });
      let got: ort.Tensor;
      try {
        got = (await session.run(feeds)).output;
      } catch (e) {
        disagreements.push(`${name}: refused (${String((e as Error).message).slice(0, 60)})`);
        continue;
      }
      const want = fromTensorProto(new Uint8Array(readFileSync(join(data, 'output_0.pb'))));
      const gotT = new Tensor(want.dtype, [...got.dims], got.data as Float32Array);
      const entry = registry.find((e) => name.startsWith(`${e.id.replace(/\./g, '_')}_`))!;
      const c = casesOf(entry, ns).find((x) => x.name === name)!;
      const v = verify(c.call!, gotT);
      if (v.verdict === 'departs') disagreements.push(`${name}: ${v.violations[0].class}`);
    }
    // Exactly onnxruntime's departures: its max/min scatters drop a NaN that meets a duplicate
    // (test/onnx-departures.test.ts), and its CPU kernels refuse float16 under a reduction
    // (ScatterElements add/mul, ScatterND add/mul/max/min). Every other emitted case agrees.
    const nan = disagreements.filter((d) => d.endsWith(': NaN dropped')).sort();
    expect(nan).toEqual([
      'onnx_ScatterElements_max_duplicates_float16_specials: NaN dropped',
      'onnx_ScatterElements_max_duplicates_float32_specials: NaN dropped',
      'onnx_ScatterElements_min_duplicates_float16_specials: NaN dropped',
      'onnx_ScatterElements_min_duplicates_float32_specials: NaN dropped',
      'onnx_ScatterND_max_duplicates_float32_specials: NaN dropped',
      'onnx_ScatterND_min_duplicates_float32_specials: NaN dropped',
    ]);
    const refused = disagreements.filter((d) => d.includes(': refused'));
    expect(refused).toHaveLength(36);
    for (const d of refused)
      expect(d).toMatch(
        /^onnx_(ScatterElements_(add|mul)|ScatterND_(add|mul|max|min))_\w+_float16(_specials)?: refused/,
      );
    expect(nan.length + refused.length).toBe(disagreements.length);
  });

  it('webnn: WPT-shaped tests with the expected outputs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emit-webnn-'));
    await cli('conformance', 'emit', '--format', 'webnn', '--ops', 'webnn', '--out', dir);
    const tests = JSON.parse(readFileSync(join(dir, 'webnn-tests.json'), 'utf8'));
    const g = tests.find((t: { name: string }) => t.name === 'webnn_gather_in_bounds_int32');
    expect(g).toEqual({
      name: 'webnn_gather_in_bounds_int32',
      graph: {
        inputs: {
          input: {
            data: [0, 1, 2, 100, 101, 102, 200, 201, 202, 300, 301, 302],
            descriptor: { shape: [4, 3], dataType: 'int32' },
          },
          indices: { data: [2, 0], descriptor: { shape: [2], dataType: 'int32' }, constant: true },
        },
        operators: [
          {
            name: 'gather',
            arguments: [{ input: 'input' }, { indices: 'indices' }, { options: { axis: 0 } }],
            outputs: 'output',
          },
        ],
        expectedOutputs: {
          output: { data: [200, 201, 202, 0, 1, 2], descriptor: { shape: [2, 3], dataType: 'int32' } },
        },
      },
    });
    // Duplicate scatter targets: WebNN leaves the winner open, so the case is not emitted.
    expect(tests.some((t: { name: string }) => t.name.startsWith('webnn_scatterND_duplicates'))).toBe(false);
    expect(
      manifestOf(dir).cases.find((c) => c.name === 'webnn_scatterND_duplicates_float32')?.left_out,
    ).toContain('webnn.scatter.duplicates');
  });
});
