/**
 * Issue 23: a gather through a boolean mask exports as ONNX's NonZero (transposed to one index
 * tuple a row) before the gather, and onnxruntime-node computes what the library does — NumPy's
 * a[mask], PyTorch's masked_select and x[mask], TF's boolean_mask, empty and all-true masks. A
 * scatter through a mask (x[mask] = v, masked_scatter) and a mask beside an integer array stay
 * refused with a typed error naming the op.
 */
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { type CoreCall, execute } from '../src/core/call.js';
import { onnxGraph, onnxInputs, toOnnx } from '../src/export/index.js';
import { numpy, tensor, tensorflow, torch } from '../src/index.js';

async function runOrt(call: CoreCall): Promise<{ dims: number[]; values: number[] }> {
  const session = await ort.InferenceSession.create(toOnnx(call), { logSeverityLevel: 4 });
  const feeds: Record<string, ort.Tensor> = {};
  for (const [name, t] of Object.entries(onnxInputs(call)))
    feeds[name] = new ort.Tensor(t.dtype as 'float32', t.data as never, [...t.shape]);
  const out = (await session.run(feeds)).output;
  // read the output before the release frees what it may point into
  const result = {
    dims: [...out.dims].map(Number),
    values: Array.from(out.data as ArrayLike<number>, Number),
  };
  await session.release();
  return result;
}

const a = tensor(
  [
    [1, 2, 3],
    [4, 5, 6],
  ],
  'float32',
);
const m = tensor(
  [
    [true, false, true],
    [false, true, false],
  ],
  'bool',
);

describe('ONNX export of a mask gather (NonZero → Transpose → GatherND)', () => {
  const cases: [string, () => CoreCall, number[], number[]][] = [
    ['numpy a[mask]', () => numpy.lower.index(a, [m]) as CoreCall, [3], [1, 3, 5]],
    [
      'numpy a[row mask]',
      () => numpy.lower.index(a, [tensor([false, true], 'bool')]) as CoreCall,
      [1, 3],
      [4, 5, 6],
    ],
    [
      'numpy a[all false]',
      () => numpy.lower.index(a, [tensor([false, false], 'bool')]) as CoreCall,
      [0, 3],
      [],
    ],
    ['torch.masked_select', () => torch.lower.masked_select(a, m) as CoreCall, [3], [1, 3, 5]],
    [
      'tf.boolean_mask',
      () => tensorflow.lower.boolean_mask(a, tensor([true, true], 'bool')) as CoreCall,
      [2, 3],
      [1, 2, 3, 4, 5, 6],
    ],
  ];
  for (const [name, lower, dims, values] of cases)
    it(`${name}: onnxruntime gives the library's result`, async () => {
      const call = lower();
      expect(execute(call).shape).toEqual(dims);
      expect(execute(call).toFlatArray().map(Number)).toEqual(values);
      expect(await runOrt(call)).toEqual({ dims, values });
      const ops = onnxGraph(call).nodes.map((n) => n.opType);
      if (values.length === 0) {
        // No true element: the count is 0, a static size, so the lowering gathers nothing
        // without a nonzero step, and the model has none either.
        expect(ops).not.toContain('NonZero');
        return;
      }
      expect(ops.slice(0, 2)).toEqual(['NonZero', 'Transpose']);
      // The model's input is the caller's mask, not its positions.
      expect(onnxInputs(call).indices.dtype).toBe('bool');
    });

  it('a scatter through a mask, and a mask beside an integer array, export too (NonZero before ScatterND / GatherND)', async () => {
    // more of them, byte for byte: test/export-index-tuples.test.ts
    const beside = numpy.lower.index(a, [tensor([true, false], 'bool'), tensor(1)]) as CoreCall;
    expect(await runOrt(beside)).toEqual({ dims: [1], values: [2] });
    const put = torch.lower.index_put(a, [m], tensor(0, 'float32')) as CoreCall;
    expect(await runOrt(put)).toEqual({ dims: [2, 3], values: [0, 2, 0, 4, 0, 6] });
    expect(onnxGraph(put).nodes.map((n) => n.opType)).toEqual(
      expect.arrayContaining(['NonZero', 'ScatterND']),
    );
  });
});
