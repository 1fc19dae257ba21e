/**
 * Issue 23: exports that say when onnxruntime computes differently (min/max ±0 ties and NaN
 * elements), empty results that load, and every opset up to the ONNX frontend's latest — each
 * model loaded and run in onnxruntime-node.
 */
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { type CoreCall, execute } from '../src/core/call.js';
import { OnnxExportError, onnxGraph, onnxInputs, toOnnx } from '../src/export/index.js';
import { LATEST_OPSET } from '../src/frameworks/onnx/opsets.js';
import { numpy, tensor, torch } from '../src/index.js';
import type { Tensor } from '../src/tensor/tensor.js';

async function runOrt(call: CoreCall, opset = 18): Promise<number[]> {
  const session = await ort.InferenceSession.create(toOnnx(call, { opset }), { logSeverityLevel: 4 });
  const feeds: Record<string, ort.Tensor> = {};
  for (const [name, t] of Object.entries(onnxInputs(call, { opset })))
    feeds[name] = new ort.Tensor(
      t.dtype as 'float32',
      t.data as never,
      t.shape.map((n) => n),
    );
  const out = (await session.run(feeds)).output;
  await session.release();
  return Array.from(out.data as ArrayLike<number>, Number);
}
/** A lowered call as the core call it is here (the lowering's type also admits programs). */
const core = (c: unknown) => c as CoreCall;
const values = (t: Tensor) => t.toFlatArray().map(Number);

describe('min/max exports name what onnxruntime computes differently (export.onnx.minmax_*)', () => {
  it('torch.scatter_reduce amin, self +0 and src -0: PyTorch +0, onnxruntime -0, warned as minmax_tie', async () => {
    const call = torch.lower.scatter_reduce(
      tensor([0], 'float32'),
      0,
      tensor([0n], 'int64'),
      tensor([-0], 'float32'),
      'amin',
    );
    expect(Object.is(values(execute(call))[0], 0)).toBe(true);
    expect(Object.is((await runOrt(call))[0], -0)).toBe(true); // the difference is real
    expect(onnxGraph(call).warnings.map((w) => w.code)).toEqual([
      'export.onnx.minmax_tie',
      'export.onnx.minmax_nan',
    ]);
    expect(() => toOnnx(call, { runtime_differences: 'refuse' })).toThrow(OnnxExportError);
  });

  it('numpy.maximum.at with a NaN element: NumPy NaN, onnxruntime 5, warned as minmax_nan (no tie warning)', async () => {
    const call = core(
      numpy.lower.maximum.at(tensor([Number.NaN, 1], 'float32'), [0], tensor([5], 'float32')),
    );
    expect(Number.isNaN(values(execute(call))[0])).toBe(true);
    expect((await runOrt(call))[0]).toBe(5);
    const w = onnxGraph(call).warnings;
    expect(w.map((x) => x.code)).toEqual(['export.onnx.minmax_nan']);
    expect(w[0].message).toContain('onnxruntime replaces it with the next update');
    try {
      toOnnx(call, { runtime_differences: 'refuse' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(OnnxExportError);
      expect((e as OnnxExportError).code).toBe('export.onnx.runtime_difference');
    }
  });

  it('integer min/max and float add carry no warning', () => {
    const i = core(numpy.lower.maximum.at(tensor([3, 1], 'int32'), [0], tensor([5], 'int32')));
    const f = core(numpy.lower.add.at(tensor([3, 1], 'float32'), [0], tensor([5], 'float32')));
    expect(onnxGraph(i).warnings).toEqual([]);
    expect(onnxGraph(f).warnings).toEqual([]);
    expect(() => toOnnx(f, { runtime_differences: 'refuse' })).not.toThrow();
  });

  it('a bad runtime_differences value is a typed error (export.onnx.runtime_differences)', () => {
    const f = core(numpy.lower.add.at(tensor([3, 1], 'float32'), [0], tensor([5], 'float32')));
    expect(() => onnxGraph(f, { runtime_differences: 'ignore' as never })).toThrow(
      expect.objectContaining({ code: 'export.onnx.runtime_differences' }),
    );
  });
});

describe('an empty result exports a model onnxruntime loads (Reshape allowzero)', () => {
  it('empty torch.gather: shape [2, 0] through Reshape allowzero = 1, opset 14+', async () => {
    const x = tensor(
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
      'float32',
    );
    const call = torch.lower.gather(x, 1, tensor([[], []], 'int64'));
    expect(execute(call).shape).toEqual([2, 0]);
    const g = onnxGraph(call);
    for (const n of g.nodes.filter((n) => n.opType === 'Reshape')) expect(n.attributes.allowzero).toBe(1);
    expect(await runOrt(call)).toEqual([]);
  });

  it('an empty result is its empty constant at any opset (no Reshape, whose allowzero needs opset 14)', async () => {
    const call = torch.lower.gather(tensor([[1, 2, 3]], 'float32'), 1, tensor([[]], 'int64'));
    expect(await runOrt(call, 13)).toEqual([]);
    expect(onnxGraph(call, { opset: 13 }).nodes.map((n) => n.opType)).toEqual(['Identity']);
  });
});

describe(`toOnnx covers opsets 11 – ${LATEST_OPSET} (the ONNX frontend's latest)`, () => {
  const take = () => numpy.lower.take(tensor([10, 20, 30], 'float32'), tensor([2n, 0n], 'int64'));
  const add = () => core(numpy.lower.add.at(tensor([1, 2, 3], 'float32'), [0, 0], tensor([5, 6], 'float32')));
  for (let opset = 11; opset <= LATEST_OPSET; opset++) {
    it(`opset ${opset}: onnxruntime-node loads and runs the model`, async () => {
      expect(await runOrt(take(), opset)).toEqual([30, 10]);
      if (opset >= 16) expect(await runOrt(add(), opset)).toEqual([12, 2, 3]);
    });
  }
  it(`opset ${LATEST_OPSET + 1} is refused (export.onnx.opset)`, () => {
    expect(() => toOnnx(take(), { opset: LATEST_OPSET + 1 })).toThrow(
      expect.objectContaining({ code: 'export.onnx.opset' }),
    );
  });
});
