/**
 * The WebGPU backend and the NaN orders by place (PyTorch's vector loops, frameworks/torch/
 * nan-places.ts; onnxruntime's ScatterND steps, onnx/scatter-nd.ts): the fold picks each
 * element's order by its place in the row, so every NaN comes out with the CPU's bits; calls with a
 * plain rule run as before.
 */
import { describe, expect, it } from 'vitest';
import { executeOn } from '../src/backends/index.js';
import { Tensor, onnx, tensor, torch } from '../src/index.js';
import { nodeBackend, runInChild, sameOnGpu, webgpuMode } from './webgpu-env.js';

const rows = (L: number) => tensor(new Float32Array(2 * L).fill(1), 'float32', [2, L]);
const index = tensor([1n], 'int64');

if (webgpuMode !== 'here') runInChild('test/webgpu-nan-places.test.ts');
else
  describe('WebGPU backend: NaN order by place', async () => {
    const gpu = await nodeBackend();
    const t = gpu ? it : it.skip;

    /** Rows of NaNs of both signs with payloads, quiet and signalling, beside numbers. */
    const laden = (dtype: 'float32' | 'float64' | 'float16' | 'bfloat16', shape: number[], seed: number) => {
      const n = shape.reduce((a, b) => a * b, 1);
      const bits = (k: number) => {
        const r = (k * 2654435761 + seed * 40503) >>> 0;
        if (r % 3 === 0) return null; // a number
        const sign = r & 1;
        const sig = (r >>> 4) & 1;
        const payload = ((r >>> 8) & 0xff) | 1;
        if (dtype === 'float32') return ((sign << 31) | 0x7f800000 | (sig ? 0 : 0x400000) | payload) >>> 0;
        if (dtype === 'float16') return (sign << 15) | 0x7c00 | (sig ? 0 : 0x200) | (payload & 0x1ff);
        if (dtype === 'bfloat16') return (sign << 15) | 0x7f80 | (sig ? 0 : 0x40) | (payload & 0x3f);
        return BigInt(sign) * 2n ** 63n + 0x7ff0000000000000n + (sig ? 0n : 2n ** 51n) + BigInt(payload);
      };
      const base = tensor(
        Array.from({ length: n }, (_, k) => k * 0.25 - 3),
        dtype,
        shape,
      );
      const w =
        dtype === 'float64'
          ? new BigUint64Array(base.data.buffer)
          : dtype === 'float32'
            ? new Uint32Array(base.data.buffer)
            : (base.data as Uint16Array);
      for (let k = 0; k < n; k++) {
        const b = bits(k);
        if (b !== null) w[k] = b as never;
      }
      return base;
    };

    t(
      'rules by place run in the fold: index_put(accumulate), ONNX ScatterND add/mul, float16 index_add, bfloat16 mean',
      async () => {
        const g = gpu!;
        const calls = [];
        for (const L of [10, 33, 40]) {
          const values = laden('float32', [1, L], L);
          calls.push(
            torch.lower.index_put(laden('float32', [2, L], 7), [index], values, { accumulate: true }),
          );
        }
        for (const L of [3, 5, 8]) {
          for (const reduction of ['add', 'mul'] as const) {
            const data = laden('float32', [3, L], L + 1);
            const updates = laden('float32', [2, L], L + 2);
            calls.push(onnx.lower.ScatterND(data, tensor([[2n], [0n]], 'int64'), updates, { reduction }));
          }
        }
        calls.push(
          torch.lower.index_add(
            laden('float16', [3, 40], 3),
            1,
            tensor([2n, 0n], 'int64'),
            laden('float16', [3, 2], 4),
          ),
        );
        const self = laden('bfloat16', [45], 5);
        calls.push(
          torch.lower.scatter_reduce(self, 0, tensor([0n, 40n], 'int64'), laden('bfloat16', [2], 6), 'mean'),
        );
        let placedRules = 0;
        for (const call of calls) {
          if (typeof (call as { options?: { float_nan?: unknown } }).options?.float_nan === 'object')
            placedRules++;
          expect(await sameOnGpu(g, call as never, (call as { op?: string }).op)).toBeInstanceOf(Tensor);
        }
        expect(placedRules).toBeGreaterThanOrEqual(5);
      },
    );

    t('rows of 3 have no vector body (a plain rule): the GPU runs them as the CPU does', async () => {
      const call = torch.lower.index_put(rows(3), [index], tensor([[2, 3, 4]], 'float32'), {
        accumulate: true,
      });
      expect(call.options.float_nan).toBe('self_first');
      expect((await executeOn(call, gpu!)).toArray()).toEqual([
        [1, 1, 1],
        [3, 4, 5],
      ]);
    });
  });
