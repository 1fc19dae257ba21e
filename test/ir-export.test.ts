/**
 * ONNX export of calls whose program has work before the scatter (PyTorch's alpha, NumPy's cycled
 * put values, ONNX's circular cache writes): the model computes it with ONNX nodes (Mul; Range,
 * Mod, Gather; Cast, Mod, Range, Add) from the caller's own tensors, and onnxruntime-node gives
 * exactly `execute`'s bits.
 */
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { type CoreCall, execute } from '../src/core/call.js';
import { onnxInputs, toOnnx } from '../src/export/index.js';
import * as lib from '../src/index.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';

const bits = (t: { data: ArrayBufferView }) =>
  Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength).toString('hex');

async function runOnnx(call: CoreCall): Promise<string> {
  const session = await ort.InferenceSession.create(toOnnx(call, { opset: 18 }), { logSeverityLevel: 3 });
  const feeds: Record<string, ort.Tensor> = {};
  for (const [name, t] of Object.entries(onnxInputs(call, { opset: 18 })))
    feeds[name] = new ort.Tensor(t.dtype as 'float32', t.data as Float32Array, [...t.shape]);
  return bits((await session.run(feeds)).output as unknown as { data: ArrayBufferView });
}

const cases: [string, () => CoreCall][] = [
  [
    'torch.index_add alpha = 2 on int64',
    () =>
      lib.torch.lower.index_add(
        tensor([1, 2, 3], 'int64'),
        0,
        tensor([0n, 2n], 'int64'),
        tensor([2, 5], 'int64'),
        { alpha: 2 },
      ),
  ],
  [
    'torch.index_add alpha = -1.5 on a 1-D float32 self',
    () =>
      lib.torch.lower.index_add(
        tensor([1, 2, 3], 'float32'),
        0,
        tensor([1n, 1n], 'int64'),
        tensor([0.1, 3], 'float32'),
        { alpha: -1.5 },
      ),
  ],
  [
    'numpy.put with v cycled over 5 indices',
    () => lib.numpy.lower.put(tensor([0, 1, 2, 3, 4, 5, 6], 'int64'), [6, 0, 2, 4, 5], [-1, -2]),
  ],
];

describe('toOnnx writes a prologue as ONNX nodes; onnxruntime agrees bit for bit', () => {
  it.each(cases)('%s', async (_, make) => {
    const call = make();
    expect(await runOnnx(call)).toBe(bits(execute(call) as Tensor));
  });
});

it('onnx.TensorScatter (a batching scatter) has no ONNX scatter: a typed refusal, as before its prologue moved', () => {
  const call = lib.onnx.lower.TensorScatter(
    tensor([[[0], [0], [0], [0]]], 'float32'),
    tensor([[[7], [8]]], 'float32'),
    tensor([3n], 'int64'),
    { mode: 'circular' },
  );
  expect(() => toOnnx(call)).toThrow(/export\.onnx\.no_single_op/);
});
