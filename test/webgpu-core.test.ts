/**
 * The WebGPU backend against the CPU: framework calls (every gather mode, every scatter
 * reducer, batching dims, index layouts, dtypes), duplicate-heavy float scatter-adds bit for
 * bit, soft-float edge values, and the typed errors.
 */
import { describe, expect, it } from 'vitest';
import { cpuBackend, executeOn } from '../src/backends/index.js';
import { numpy, onnx, tensor, torch } from '../src/index.js';
import { resolveGatherOptions, resolveScatterOptions } from '../src/core/policy.js';
import { Tensor } from '../src/tensor/tensor.js';
import { nodeBackend, runInChild, sameOnGpu, webgpuMode } from './webgpu-env.js';

const _bytes = (t: Tensor) => Array.from(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));

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
      const r = await sameOnGpu(g, onnx.lower.Gather(data, tensor([2, 0, -1], 'int64')));
      expect((r as Tensor).toArray()).toEqual([
        [5, 6],
        [1, 2],
        [5, 6],
      ]);
      await sameOnGpu(
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
      await sameOnGpu(g, onnx.lower.GatherElements(data, tensor([[1], [0], [1]], 'int32'), { axis: 1 }));
      await sameOnGpu(g, onnx.lower.Gather(tensor([1, 2, 3, 4, 5], 'int8'), tensor([4, 0, 3], 'int64')));
      await sameOnGpu(g, onnx.lower.Gather(tensor([1, 2, 3, 4, 5], 'float16'), tensor([4, 0, 3], 'int64')));
      await sameOnGpu(g, onnx.lower.Gather(tensor([1n, 2n, 3n], 'int64'), tensor([2, 0], 'int64')));
    });
    t(
      'float min/max ties and NaN operands per framework (float_minmax) and 16-bit NaNs: same bits',
      async () => {
        const g = gpu!;
        const bitsF32 = (xs: number[]) =>
          new Tensor('float32', [xs.length], new Float32Array(new Uint32Array(xs).buffer));
        // self: -0, +0, NaN(payload), 1; updates: +0, -0, 5, NaN(payload)
        const self = bitsF32([0x80000000, 0, 0xffc00077, 0x3f800000]);
        const upd = bitsF32([0, 0x80000000, 0x40a00000, 0x7fc00123]);
        const idx = tensor([0n, 1n, 2n, 3n], 'int64');
        for (const r of ['amax', 'amin'] as const)
          await sameOnGpu(g, torch.lower.scatter_reduce(self, 0, idx, upd, r));
        await sameOnGpu(g, numpy.lower.maximum.at(self, idx, upd));
        await sameOnGpu(g, numpy.lower.minimum.at(self, idx, upd));
        const h = (xs: number[]) => new Tensor('float16', [xs.length], new Uint16Array(xs));
        // float16: a NaN operand (negative, payload) kept, inf - inf made negative
        await sameOnGpu(
          g,
          numpy.lower.add.at(
            h([0x3c00, 0xfe01, 0x7c00]),
            tensor([0, 1, 2], 'int64'),
            h([0xfe05, 0x3c00, 0x3c00]),
          ),
        );
        await sameOnGpu(g, numpy.lower.subtract.at(h([0x7c00]), tensor([0], 'int64'), h([0x7c00])));
        await sameOnGpu(
          g,
          torch.lower.scatter_reduce(
            h([0x8000, 0, 0x7e11]),
            0,
            tensor([0n, 1n, 2n], 'int64'),
            h([0, 0x8000, 0x3c00]),
            'amax',
          ),
        );
      },
    );
    t('out of bounds: the same typed error', async () => {
      const g = gpu!;
      const e = await sameOnGpu(
        g,
        onnx.lower.Gather(tensor([1, 2, 3], 'float32'), tensor([0, 7, 9], 'int64')),
      );
      expect(e).toBeInstanceOf(Error);
    });
    t('duplicate-heavy float scatter-adds: bit for bit with the CPU (update-index order)', async () => {
      const g = gpu!;
      // 20,000 float32 updates onto 7 targets: the sum depends on the order, so any
      // order-varying atomics would show.
      const n = 20000;
      const idx = tensor(
        Array.from({ length: n }, (_, i) => (i * 7919) % 7),
        'int64',
      );
      const vals = new Float32Array(n);
      for (let i = 0; i < n; i++) vals[i] = Math.fround(Math.sin(i) * 10 ** ((i % 13) - 6));
      const upd = tensor(Array.from(vals), 'float32');
      for (const reducer of ['add', 'sub', 'mul', 'min', 'max', 'replace'] as const) {
        const call = torch.lower.scatter_reduce(
          tensor([1, 2, 3, 4, 5, 6, 7], 'float32'),
          0,
          idx,
          upd,
          reducer === 'replace'
            ? 'sum'
            : reducer === 'add'
              ? 'sum'
              : reducer === 'mul'
                ? 'prod'
                : reducer === 'min'
                  ? 'amin'
                  : reducer === 'max'
                    ? 'amax'
                    : 'sum',
        );
        await sameOnGpu(g, call, reducer);
      }
      const half = tensor(Array.from(vals), 'float16');
      await sameOnGpu(
        g,
        numpy.lower.add.at(tensor([0, 0, 0, 0, 0, 0, 0], 'float16'), idx, half),
        'float16 add',
      );
    });
    t('soft float: subnormals, signed zeros, infinities, NaN payloads', async () => {
      const g = gpu!;
      const bits = [
        0x00000001, 0x80000001, 0x007fffff, 0x00800000, 0x80000000, 0, 0x7f800000, 0xff800000, 0x7fc01234,
        0xffc05678, 0x7f801234, 0x3f800000, 0x7f7fffff, 0xff7fffff, 0x0040000f, 0x33800000,
      ];
      const m = bits.length;
      const a = new Uint32Array(m * m);
      const b = new Uint32Array(m * m);
      for (let i = 0; i < m; i++)
        for (let j = 0; j < m; j++) {
          a[i * m + j] = bits[i];
          b[i * m + j] = bits[j];
        }
      const x = tensor(Array.from(new Float32Array(a.buffer)), 'float32');
      const u = tensor(Array.from(new Float32Array(b.buffer)), 'float32');
      new Uint32Array(x.data.buffer, x.data.byteOffset, m * m).set(a);
      new Uint32Array(u.data.buffer, u.data.byteOffset, m * m).set(b);
      const ix = tensor(
        Array.from({ length: m * m }, (_, i) => i),
        'int32',
      );
      for (const r of ['add', 'subtract', 'multiply', 'minimum', 'maximum'] as const)
        await sameOnGpu(g, numpy.lower[r].at(x, ix, u), r);
    });
    t('float64 arithmetic runs (soft float); custom update functions: typed error', async () => {
      const g = gpu!;
      const call = onnx.lower.ScatterElements(
        tensor([1, 2], 'float64'),
        tensor([0], 'int64'),
        tensor([5], 'float64'),
        { reduction: 'add' },
      );
      expect(((await sameOnGpu(g, call)) as Tensor).toArray()).toEqual([6, 2]);
      const fcall = { ...call, update_computation: (_p: unknown, q: unknown) => q } as typeof call;
      await expect(g.run(fcall as never)).rejects.toMatchObject({ code: 'webgpu.reducer' });
      const r = await sameOnGpu(
        g,
        onnx.lower.ScatterElements(tensor([1, 2], 'float64'), tensor([1], 'int64'), tensor([5], 'float64')),
      );
      expect((r as Tensor).toArray()).toEqual([1, 5]);
    });
    t('element gathers in one pass and tiled row gathers: every mode, 4- and 8-byte elements', async () => {
      const g = gpu!;
      const before = g.stats.fusedGathers;
      for (const dtype of ['float32', 'float64', 'int64', 'int32'] as const) {
        const x = tensor(
          Array.from({ length: 7 }, (_, r) => Array.from({ length: 9 }, (_, c) => r * 9 + c - 20)),
          dtype,
        );
        const idx = tensor(
          Array.from({ length: 7 }, (_, r) => Array.from({ length: 5 }, (_, c) => ((r * 5 + c) % 13) - 4)),
          'int64',
        );
        await sameOnGpu(g, onnx.lower.GatherElements(x, idx, { axis: 1 }), `${dtype} GatherElements`);
        const ge = onnx.lower.GatherElements(x, idx, { axis: 1 });
        for (const mode of ['clip', 'wrap', 'fill', 'error'] as const)
          await sameOnGpu(g, { ...ge, options: resolveGatherOptions(dtype, { mode }) }, `${dtype} ${mode}`);
        // Rows of 9 (runs), 11 of them: tiles of 4 elements cross run ends.
        await sameOnGpu(
          g,
          onnx.lower.Gather(x, tensor([6, 0, -1, 3, 3, 2, 1, 0, 5, 4, 6], 'int64')),
          `${dtype} rows`,
        );
      }
      expect(g.stats.fusedGathers - before).toBeGreaterThanOrEqual(4);
      // float32 rows of 8 (aligned groups of 4): one vec4 per invocation, fill included.
      const v0 = g.stats.vec4Gathers;
      const x8 = tensor(
        Array.from({ length: 5 }, (_, r) => Array.from({ length: 8 }, (_, c) => r * 8 + c + 0.5)),
        'float32',
      );
      const rows8 = onnx.lower.Gather(x8, tensor([4, 0, -1, 2, 9, -7], 'int64'));
      const filled = (await sameOnGpu(
        g,
        { ...rows8, options: resolveGatherOptions('float32', { mode: 'fill', fill_value: -1 }) },
        'vec4 fill',
      )) as Tensor;
      expect((filled.toArray() as number[][]).map((r) => r[7])).toEqual([39.5, 7.5, -1, 23.5, -1, -1]);
      await sameOnGpu(g, onnx.lower.Gather(x8, tensor([4, 0, -1, 2], 'int64')), 'vec4 rows');
      expect(g.stats.vec4Gathers - v0).toBe(2);
    });
    t('row scatters (sorted by index row) and last-writer replace: duplicate rows, every width', async () => {
      const g = gpu!;
      const before = { ...g.stats };
      // 600 updates of rows of 8 onto 50 rows: ~12 duplicates per row; a few out of bounds.
      const rows = 50;
      const m = 600;
      const idx = tensor(
        Array.from({ length: m }, (_, i) => [((i * 37) % (rows + 3)) - 1]),
        'int64',
      );
      for (const dtype of ['float32', 'float64', 'float16', 'int64', 'int8'] as const) {
        const data = tensor(
          Array.from({ length: rows }, (_, r) => Array.from({ length: 8 }, (_, c) => ((r * 8 + c) % 11) - 5)),
          dtype,
        );
        const upd = tensor(
          Array.from({ length: m }, (_, i) =>
            Array.from({ length: 8 }, (_, c) => (((i * 13 + c) % 17) - 8) / 4),
          ),
          dtype === 'int64' || dtype === 'int8' ? 'float64' : dtype,
        );
        const u =
          dtype === 'int64' || dtype === 'int8' ? tensor(upd.toArray() as number[][], 'float64') : upd;
        const ups =
          dtype === 'int64' || dtype === 'int8'
            ? tensor(
                (u.toArray() as number[][]).map((r) => r.map((x) => Math.round(x * 4))),
                dtype,
              )
            : u;
        for (const reduction of ['none', 'add', 'mul', 'min', 'max'] as const)
          await sameOnGpu(g, onnx.lower.ScatterND(data, idx, ups, { reduction }), `${dtype} ${reduction}`);
        await sameOnGpu(
          g,
          torch.lower.index_add(
            data,
            0,
            tensor([3, 3, 7, 3], 'int64'),
            tensor((ups.toArray() as number[][]).slice(0, 4), dtype),
          ),
          `${dtype} index_add`,
        );
      }
      // replace with duplicates applied in order (the spec's scatter): the last writer, no sort —
      // rows (float32, float64, int64) and elements, and 16-bit words through the apply kernel.
      const replace = (input: Tensor, indices: Tensor, updates: Tensor, window: boolean) => ({
        kind: 'scatter' as const,
        op: 'stablehlo.scatter',
        inputs: [input],
        scatter_indices: indices,
        updates: [updates],
        dimension_numbers: {
          update_window_dims: window ? [1] : [],
          inserted_window_dims: [0],
          input_batching_dims: [],
          scatter_indices_batching_dims: [],
          scatter_dims_to_operand_dims: [0],
          index_vector_dim: 1,
        },
        update_computation: 'replace' as const,
        options: resolveScatterOptions({}),
      });
      for (const dtype of ['float32', 'float64', 'int64', 'float16'] as const) {
        const data = tensor(
          Array.from({ length: rows }, (_, r) => Array.from({ length: 8 }, (_, c) => r * 8 + c)),
          dtype,
        );
        const ups = tensor(
          Array.from({ length: m }, (_, i) => Array.from({ length: 8 }, (_, c) => 1000 + i * 8 + c)),
          dtype === 'float16' ? 'float32' : dtype,
        );
        const u16 =
          dtype === 'float16'
            ? tensor(
                (ups.toArray() as number[][]).map((r) => r.map((x) => x % 2048)),
                dtype,
              )
            : ups;
        const r = (await sameOnGpu(g, replace(data, idx, u16, true), `${dtype} replace rows`)) as Tensor;
        // Row 2 is last written by update 553 ((553 * 37) % 53 - 1 = 2).
        if (dtype === 'float32') expect((r.toArray() as number[][])[2][0]).toBe(1000 + 553 * 8);
        await sameOnGpu(
          g,
          replace(
            data.reshape([rows * 8]),
            idx,
            tensor(
              Array.from({ length: m }, (_, i) => i),
              dtype,
            ),
            false,
          ),
          `${dtype} replace elements`,
        );
      }
      expect(g.stats.rowScatters - before.rowScatters).toBeGreaterThanOrEqual(25);
      expect(g.stats.lastWriter - before.lastWriter).toBeGreaterThanOrEqual(6);
      // Element replaces of 4- and 8-byte words in one pass, duplicates fixed up (float32, float64, int64).
      expect(g.stats.fusedReplaces - before.fusedReplaces).toBe(3);
    });
    t(
      'float32 add / sub / mul: hardware fold where exact, soft-float rest for the others (same bits)',
      async () => {
        const g = gpu!;
        // Mostly normal values (the hardware fold) with zeros, subnormals, infinities, NaNs and
        // sums that overflow or cancel (listed for the soft-float pass), three updates per target.
        const special = [
          0,
          -0,
          1e-45,
          -3e-39,
          1.1754942e-38,
          Infinity,
          -Infinity,
          Number.NaN,
          3.4e38,
          -3.4e38,
        ];
        const n = 512;
        const m = 3 * n;
        const self = Array.from({ length: n }, (_, i) =>
          i % 7 === 0 ? special[i % special.length] : (i - 250) * 1.37,
        );
        const upd = Array.from({ length: m }, (_, i) =>
          i % 11 === 0
            ? special[(i >> 1) % special.length]
            : i % 13 === 0
              ? -((i % n) - 250) * 1.37
              : 0.1 * i - 7,
        );
        const idx = tensor(
          Array.from({ length: m }, (_, i) => [(i * 97) % n]),
          'int64',
        );
        const call = (reducer: 'add' | 'sub' | 'mul', window: boolean) => ({
          kind: 'scatter' as const,
          op: 'stablehlo.scatter',
          inputs: [window ? tensor(self, 'float32').reshape([n / 4, 4]) : tensor(self, 'float32')],
          scatter_indices: window
            ? tensor(
                Array.from({ length: m / 4 }, (_, i) => [(i * 97) % (n / 4)]),
                'int64',
              )
            : idx,
          updates: [window ? tensor(upd, 'float32').reshape([m / 4, 4]) : tensor(upd, 'float32')],
          dimension_numbers: {
            update_window_dims: window ? [1] : [],
            inserted_window_dims: [0],
            input_batching_dims: [],
            scatter_indices_batching_dims: [],
            scatter_dims_to_operand_dims: [0],
            index_vector_dim: 1,
          },
          update_computation: reducer,
          options: resolveScatterOptions({}),
        });
        const before = g.stats.nativeFolds;
        for (const reducer of ['add', 'sub', 'mul'] as const)
          for (const window of [false, true])
            expect(await sameOnGpu(g, call(reducer, window), `${reducer} rows ${window}`)).toBeInstanceOf(
              Tensor,
            );
        expect(g.stats.nativeFolds - before).toBe(6);
        // A known value: target 0 gets updates 0, 512 and 1024 (97 · i ≡ 0 mod 512): self 0 is +0.
        const r = (await executeOn(call('add', false), g)).toArray() as number[];
        const f = Math.fround;
        expect(r[0]).toBe(f(f(f(self[0] + f(upd[0])) + f(upd[512])) + f(upd[1024])));
      },
    );
    t('large calls: map parameters compiled into the kernels, same bits', async () => {
      const g = gpu!;
      const before = g.stats.baked;
      const ok = async (call: Parameters<typeof sameOnGpu>[1], label: string) => {
        const r = await sameOnGpu(g, call, label);
        expect(r, label).toBeInstanceOf(Tensor);
        return r as Tensor;
      };
      const n = 256;
      const data = tensor(
        Array.from({ length: n * n }, (_, i) => (i % 977) * 0.5 - 200),
        'float32',
      ).reshape([n, n]);
      // Negative indices count from the end; every row of the result reads its own row.
      const idx = tensor(
        Array.from({ length: n * n }, (_, i) => ((i * 131) % (2 * n)) - n),
        'int64',
      ).reshape([n, n]);
      const r = await ok(onnx.lower.GatherElements(data, idx, { axis: 1 }), 'GatherElements');
      // result[1][0] = data[1][idx[1][0]], idx[1][0] = (256 · 131) mod 512 − 256 = −256 → column 0.
      expect((r.toArray() as number[][])[1][0]).toBe((n % 977) * 0.5 - 200);
      const upd = tensor(
        Array.from({ length: n * 128 }, (_, i) => i),
        'float32',
      ).reshape([n, 128]);
      const cols = tensor(
        Array.from({ length: n * 128 }, (_, i) => (i * 7) % 100),
        'int64',
      ).reshape([n, 128]);
      // Duplicate columns within a row: the spec's replace keeps the last writer (the fix-up pass).
      const replace = onnx.lower.ScatterElements(data, cols, upd, { axis: 1 });
      await ok({ ...replace, options: resolveScatterOptions({}) }, 'replace');
      await ok(onnx.lower.ScatterElements(data, cols, upd, { axis: 1, reduction: 'add' }), 'add');
      const nd = tensor(
        Array.from({ length: 8192 }, (_, i) => [i % n, (i * 5) % (n / 4)]),
        'int64',
      );
      await ok(onnx.lower.GatherND(data.reshape([n, n / 4, 4]), nd), 'GatherND');
      expect(g.stats.baked - before).toBeGreaterThanOrEqual(4);
    });
    t('GPU-resident chains: bindings, no host round trip', async () => {
      const g = gpu!;
      const data = tensor(
        [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
        'float32',
      );
      const idx = tensor([2, 0], 'int64');
      const x = g.upload(data);
      const first = await g.run(onnx.lower.Gather(data, idx), { operand: x });
      const placeholder = tensor(
        [
          [0, 0],
          [0, 0],
        ],
        'float32',
      );
      const second = await g.run(onnx.lower.Gather(placeholder, tensor([1], 'int64')), { operand: first });
      expect((await second.read()).toArray()).toEqual([[1, 2]]);
      expect(await executeOn(onnx.lower.Gather(data, idx), cpuBackend)).toBeDefined();
    });
    t('scatter reducers', async () => {
      const g = gpu!;
      await sameOnGpu(
        g,
        onnx.lower.ScatterND(
          tensor([1, 2, 3, 4], 'float32'),
          tensor([[1], [3]], 'int64'),
          tensor([9, 10], 'float32'),
        ),
      );
      const r = await sameOnGpu(
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
