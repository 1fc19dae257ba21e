/**
 * The WebGPU backend against the CPU: framework calls (every gather mode, every scatter
 * reducer, batching dims, index layouts, dtypes), duplicate-heavy float scatter-adds bit for
 * bit, soft-float edge values, and the typed errors.
 */
import { describe, expect, it } from 'vitest';
import { cpuBackend, executeOn } from '../src/backends/index.js';
import type { WebGpuBackend } from '../src/backends/webgpu/index.js';
import { type CoreCall, execute } from '../src/core/call.js';
import { jax, numpy, onnx, tensor, torch } from '../src/index.js';
import type { Tensor } from '../src/tensor/tensor.js';
import { nodeBackend, runInChild, webgpuMode } from './webgpu-env.js';

const bytes = (t: Tensor) => Array.from(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));

/** Runs a call on both backends: same bits and shape, or the same typed error. */
async function same(gpu: WebGpuBackend, call: CoreCall): Promise<Tensor | Error> {
  let want: Tensor | Error;
  try {
    want = execute(call);
  } catch (e) {
    want = e as Error;
  }
  let got: Tensor | Error;
  try {
    got = await executeOn(call, gpu);
  } catch (e) {
    got = e as Error;
  }
  if (want instanceof Error) {
    expect(got).toBeInstanceOf(want.constructor);
    expect((got as Error).message).toBe(want.message);
    return got;
  }
  if (got instanceof Error) throw got;
  expect(got.dtype).toBe(want.dtype);
  expect(got.shape).toEqual(want.shape);
  expect(bytes(got)).toEqual(bytes(want));
  return got;
}

if (webgpuMode !== 'here') runInChild('test/webgpu-core.test.ts');
else
  describe('WebGPU backend = CPU', async () => {
    const gpu = await nodeBackend();
    const t = gpu ? it : it.skip;
    t('onnx.Gather / GatherND / GatherElements', async () => {
      const g = gpu!;
      const data = tensor(
        [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
        'float32',
      );
      const r = await same(g, onnx.lower.Gather(data, tensor([2, 0, -1], 'int64')));
      expect((r as Tensor).toArray()).toEqual([
        [5, 6],
        [1, 2],
        [5, 6],
      ]);
      await same(
        g,
        onnx.lower.GatherND(
          data,
          tensor(
            [
              [-1, 1],
              [0, 0],
            ],
            'int64',
          ),
        ),
      );
      await same(g, onnx.lower.GatherElements(data, tensor([[1], [0], [1]], 'int32'), { axis: 1 }));
      await same(g, onnx.lower.Gather(tensor([1, 2, 3, 4, 5], 'int8'), tensor([4, 0, 3], 'int64')));
      await same(g, onnx.lower.Gather(tensor([1, 2, 3, 4, 5], 'float16'), tensor([4, 0, 3], 'int64')));
      await same(g, onnx.lower.Gather(tensor([1n, 2n, 3n], 'int64'), tensor([2, 0], 'int64')));
    });
    t('out of bounds: the same typed error', async () => {
      const g = gpu!;
      const e = await same(g, onnx.lower.Gather(tensor([1, 2, 3], 'float32'), tensor([0, 7, 9], 'int64')));
      expect(e).toBeInstanceOf(Error);
    });
    t('scatter reducers', async () => {
      const g = gpu!;
      await same(
        g,
        onnx.lower.ScatterND(
          tensor([1, 2, 3, 4], 'float32'),
          tensor([[1], [3]], 'int64'),
          tensor([9, 10], 'float32'),
        ),
      );
      const r = await same(
        g,
        numpy.lower.add.at(
          tensor([1, 2, 3], 'float32'),
          tensor([0, 0, 2], 'int64'),
          tensor([0.1, 0.2, 1], 'float32'),
        ),
      );
      expect(r).not.toBeInstanceOf(Error);
    });
  });
