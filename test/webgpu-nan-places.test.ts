/**
 * The WebGPU backend and PyTorch's NaN order by place (frameworks/torch/nan-places.ts): a call
 * whose NaN rule depends on the place in the row is refused with a typed error (the GPU has no
 * form for it, and silence would give other NaN bits); calls with a plain rule still run.
 */
import { describe, expect, it } from 'vitest';
import { executeOn } from '../src/backends/index.js';
import { tensor, torch } from '../src/index.js';
import { nodeBackend, runInChild, webgpuMode } from './webgpu-env.js';

const rows = (L: number) => tensor(new Float32Array(2 * L).fill(1), 'float32', [2, L]);
const index = tensor([1n], 'int64');

if (webgpuMode !== 'here') runInChild('test/webgpu-nan-places.test.ts');
else
  describe('WebGPU backend: NaN order by place', async () => {
    const gpu = await nodeBackend();
    const t = gpu ? it : it.skip;

    t(
      'webgpu.float_nan: index_put(accumulate=True) on float32 rows of 10 is refused (the fold has no form for it)',
      async () => {
        const values = tensor(new Float32Array(10).fill(2), 'float32', [1, 10]);
        const call = torch.lower.index_put(rows(10), [index], values, { accumulate: true });
        expect(typeof call.options.float_nan).toBe('object');
        await expect(executeOn(call, gpu!)).rejects.toMatchObject({ code: 'webgpu.float_nan' });
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
