/**
 * Whole lowered programs on the WebGPU backend (issue 27): prologues (masks, index tuples, cycled
 * and scaled updates, circular indices) run in kernels; scatter bodies compile to the fold; the
 * refusals (`webgpu.op`, `webgpu.reducer`); the pipeline cache's LRU bound (`webgpu.max_pipelines`).
 * The element-wise ops themselves: test/webgpu-elementwise.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { executeOn } from '../src/backends/index.js';
import { WebGpuBackend } from '../src/backends/webgpu/backend.js';
import { bodyFunction } from '../src/backends/webgpu/elementwise.js';
import type { KernelSource } from '../src/backends/webgpu/kernels.js';
import { type CoreCall, type ScatterCall, execute } from '../src/core/call.js';
import { numpy, onnx, tensor, tf, torch } from '../src/index.js';
import type { ProgramCall } from '../src/ir/lowered.js';
import { typeOf } from '../src/ir/lowered.js';
import { reducerBody } from '../src/ir/regions.js';
import { runModule } from '../src/ir/run.js';
import { readModule } from '../src/stablehlo-text/index.js';
import { Tensor } from '../src/tensor/tensor.js';
import { oneOp, specials } from './helpers/ir-programs.js';
import { bytesOf, nodeBackend, runInChild, sameOnGpu, webgpuMode } from './webgpu-env.js';

/** n stored elements of `all` (the specials), from `from` every `step`-th, cycling. */
function cycle(all: Tensor, n: number, from: number, step: number): never {
  const data = new (all.data.constructor as new (n: number) => typeof all.data)(n);
  for (let k = 0; k < n; k++) data[k] = all.data[(from + k * step) % all.size];
  return data as never;
}

/** The calls the IR interpreter makes while `recording.on` (its own execute). */
const recorded: CoreCall[] = [];
const recording = { on: false };
vi.mock('../src/core/call.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/core/call.js')>();
  return {
    ...real,
    execute: (call: CoreCall) => {
      if (recording.on) recorded.push(call);
      return real.execute(call);
    },
    executeAll: (call: ScatterCall) => {
      if (recording.on) recorded.push(call);
      return real.executeAll(call);
    },
  };
});

if (webgpuMode !== 'here') runInChild('test/webgpu-program.test.ts');
else
  describe('WebGPU programs: prologues, scatter bodies, refusals, pipeline cache', async () => {
    const gpu = await nodeBackend();
    const t = gpu ? it : it.skip;

    t(
      'prologues run in kernels: nonzero, index tuple, cycled and scaled updates, circular indices',
      async () => {
        const g = gpu!;
        const x = tensor(
          [
            [1, 2, 3],
            [4, 5, 6],
          ],
          'float32',
        );
        const calls = [
          tf.lower.boolean_mask(
            tensor(
              [
                [1, 2],
                [3, 4],
                [5, 6],
              ],
              'float32',
            ),
            tensor([true, false, true], 'bool'),
          ),
          torch.lower.masked_select(
            x,
            tensor(
              [
                [true, false, true],
                [false, true, true],
              ],
              'bool',
            ),
          ),
          torch.lower.index(x, [tensor([true, false], 'bool'), tensor([2, 0], 'int64')]),
          numpy.lower.put(
            tensor([1, 2, 3, 4, 5], 'int32'),
            tensor([0, 2, 4, 1], 'int64'),
            tensor([9, 8], 'int32'),
          ),
          torch.lower.index_add(
            tensor([1, 2, 3], 'float32'),
            0,
            tensor([0, 2, 0], 'int64'),
            tensor([1.5, 2.5, 0.1], 'float32'),
            { alpha: 3 },
          ),
          onnx.lower.TensorScatter(
            tensor([1, 2, 3, 4], 'float32').reshape([1, 1, 4, 1]),
            tensor([9], 'float32').reshape([1, 1, 1, 1]),
            tensor([3], 'int64'),
            { mode: 'circular' },
          ),
        ];
        const want = [
          [
            [1, 2],
            [5, 6],
          ],
          [1, 3, 5, 6],
          [3, 1],
          [9, 8, 8, 4, 9],
        ];
        for (const [k, call] of calls.entries()) {
          expect(call.prologue).toBeDefined();
          const before = g.stats.programOps;
          const r = (await sameOnGpu(g, call, call.op)) as Tensor;
          if (k < want.length) expect(r.toArray()).toEqual(want[k]);
          // The prologue's ops ran in kernels, not on the host.
          expect(g.stats.programOps, call.op).toBeGreaterThan(before);
        }
      },
    );

    t(
      'scatter bodies compile to the fold: bit-identical to the interpreter; several inputs refused',
      async () => {
        const g = gpu!;
        const text = (
          ty: string,
          body: string,
        ) => `func.func @main(%input: tensor<6x${ty}>, %idx: tensor<5x1xi64>, %upd: tensor<5x${ty}>) -> tensor<6x${ty}> {
  %r = "stablehlo.scatter"(%input, %idx, %upd) ({
  ^bb0(%a: tensor<${ty}>, %b: tensor<${ty}>):
${body}
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<6x${ty}>, tensor<5x1xi64>, tensor<5x${ty}>) -> tensor<6x${ty}>
  return %r : tensor<6x${ty}>
}`;
        const twiceAPlusB = (ty: string) => `    %two = stablehlo.constant dense<2> : tensor<${ty}>
    %m = stablehlo.multiply %a, %two : tensor<${ty}>
    %s = stablehlo.add %m, %b : tensor<${ty}>
    stablehlo.return %s : tensor<${ty}>`;
        const idx = tensor([[1], [3], [1], [5], [1]], 'int64');
        const before = g.stats.bodyFolds;
        for (const [ty, dtype] of [
          ['f32', 'float32'],
          ['f64', 'float64'],
          ['i32', 'int32'],
          ['i8', 'int8'],
          ['bf16', 'bfloat16'],
        ] as const) {
          const module = readModule(
            text(ty, twiceAPlusB(ty).replace('dense<2>', dtype.includes('f') ? 'dense<2.0>' : 'dense<2>')),
          );
          const input = specials(dtype);
          const args = [
            new Tensor(dtype, [6], input.data.slice(0, 6) as never),
            idx,
            new Tensor(dtype, [5], input.data.slice(6, 11) as never),
          ];
          const call: ProgramCall = {
            kind: 'program',
            op: 'stablehlo.scatter',
            module,
            args,
            argNames: ['input', 'idx', 'upd'],
          };
          await sameOnGpu(g, call, `body ${dtype}`);
          // The interpreter's own scatter call carries the region beside its JS function.
          recorded.length = 0;
          recording.on = true;
          try {
            runModule(module, args);
          } finally {
            recording.on = false;
          }
          const [scatter] = recorded;
          expect(scatter.kind === 'scatter' && typeof scatter.update_computation).toBe('function');
          expect(scatter.kind === 'scatter' && scatter.update_body).toBe(
            module.funcs[0].ops[0].kind === 'scatter' && module.funcs[0].ops[0].body,
          );
          await sameOnGpu(g, scatter, `recorded body ${dtype}`);
        }
        expect(g.stats.bodyFolds - before).toBe(10);
        // webgpu.reducer: a body of two inputs (its fold would need more than 8 storage
        // buffers), or with an op that is not element-wise, is refused by name.
        const f32 = { shape: [], dtype: 'float32' } as const;
        const two = { params: [f32, f32, f32, f32], ops: [], returns: [2, 3] };
        expect(() => bodyFunction(two, 'float32')).toThrow(
          expect.objectContaining({ code: 'webgpu.reducer' }),
        );
        const sorted = {
          params: [f32, f32],
          ops: [{ kind: 'iota', iota_dimension: 0, operands: [], results: [f32] } as const],
          returns: [2],
        };
        expect(() => bodyFunction(sorted as never, 'float32')).toThrow(/stablehlo\.iota/);
      },
      60_000,
    );

    t(
      'reduce folds in kernels as the CPU does: row-major order, one or all dims, NaN-laden floats and wrapping integers',
      async () => {
        const g = gpu!;
        for (const dtype of ['float32', 'float64', 'bfloat16', 'int8', 'uint64'] as const) {
          const all = specials(dtype);
          const x = new Tensor(dtype, [3, 4], all.data.slice(0, 12) as never);
          const init = new Tensor(dtype, [], all.data.slice(2, 3) as never);
          for (const [reducer, dimensions] of [
            ['add', [1]],
            ['max', [0]],
            ['mul', [0, 1]],
          ] as const) {
            const shape = [3, 4].filter((_, d) => !(dimensions as readonly number[]).includes(d));
            const body = reducerBody(reducer, dtype);
            const call = oneOp({ kind: 'reduce', dimensions, body, results: [{ shape, dtype }] }, [x, init]);
            await sameOnGpu(g, call, `reduce ${reducer} ${dimensions} ${dtype}`);
          }
        }
      },
    );

    t(
      'pad and dynamic_update_slice (constant starts) in kernels: every stored bit as the CPU, cropping, clamping',
      async () => {
        const g = gpu!;
        for (const dtype of ['float32', 'float64', 'bfloat16', 'int8', 'uint64', 'bool'] as const) {
          const all = specials(dtype);
          // Stored elements of the specials, cycled (bool has two).
          const cycled = (n: number, from: number) => cycle(all, n, from, 1);
          const x = new Tensor(dtype, [3, 4], cycled(12, 0));
          const v = new Tensor(dtype, [], cycled(1, 5));
          for (const [lo, hi, mid] of [
            [
              [1, 0],
              [0, 2],
              [0, 1],
            ],
            [
              [-1, 2],
              [1, -3],
              [2, 0],
            ],
            [
              [-2, -4],
              [0, 1],
              [0, 0],
            ],
          ]) {
            const shape = x.shape.map((n, d) => n + lo[d] + Math.max(n - 1, 0) * mid[d] + hi[d]);
            const op = {
              kind: 'pad',
              edge_padding_low: lo,
              edge_padding_high: hi,
              interior_padding: mid,
              results: [{ shape, dtype }],
            };
            await sameOnGpu(g, oneOp(op, [x, v]), `pad ${lo} ${hi} ${mid} ${dtype}`);
          }
          const u = new Tensor(dtype, [2, 3], cycled(6, 1));
          for (const [i, j] of [
            [0, 0],
            [1, 1],
            [-5, 9],
          ]) {
            const ty = (t: Tensor) => ({ shape: [...t.shape], dtype: t.dtype });
            const start = (k: number) => ({
              kind: 'constant',
              operands: [],
              results: [{ shape: [], dtype: 'int64' }],
              value: tensor(BigInt(k), 'int64'),
            });
            const dus = { kind: 'dynamic_update_slice', operands: [0, 1, 2, 3], results: [ty(x)] };
            const call = oneOp({ kind: 'reshape', results: [ty(x)] }, [x]);
            const main = call.module.funcs[0];
            const program = {
              ...call,
              module: {
                ...call.module,
                funcs: [
                  { ...main, params: [ty(x), ty(u)], ops: [start(i), start(j), dus] as never, returns: [4] },
                ],
              },
              args: [x, u],
              argNames: ['x', 'u'],
            };
            await sameOnGpu(g, program, `dynamic_update_slice at ${i}, ${j} ${dtype}`);
          }
        }
      },
    );

    t(
      'dynamic_slice and dynamic_update_slice read their starts in the kernel: every integer type, clamped as the CPU',
      async () => {
        const g = gpu!;
        const x = tensor(
          Array.from({ length: 20 }, (_, k) => k * 1.5 - 7),
          'float32',
          [4, 5],
        );
        const u = tensor([[-1, -2, -3]], 'float32');
        const starts: [number | bigint, number | bigint, string][] = [
          [1, 2, 'int8'],
          [-128, 127, 'int8'],
          [-1, 40000, 'int32'],
          [3, 65535, 'uint16'],
          [-(2n ** 63n), 2n ** 32n + 1n, 'int64'],
          [2n ** 64n - 1n, 1n, 'uint64'],
          [2, 0, 'uint8'],
          [-300, 2, 'int16'],
        ];
        for (const [i, j, dtype] of starts) {
          const s = [tensor(i as never, dtype as never), tensor(j as never, dtype as never)];
          const slice = oneOp(
            { kind: 'dynamic_slice', slice_sizes: [2, 3], results: [{ shape: [2, 3], dtype: 'float32' }] },
            [x, ...s],
          );
          expect(await sameOnGpu(g, slice, `dynamic_slice ${i}, ${j} ${dtype}`)).toBeInstanceOf(Tensor);
          const update = oneOp({ kind: 'dynamic_update_slice', results: [typeOf(x)] }, [x, u, ...s]);
          expect(await sameOnGpu(g, update, `dynamic_update_slice ${i}, ${j} ${dtype}`)).toBeInstanceOf(
            Tensor,
          );
        }
      },
    );

    t(
      'select_and_scatter in a kernel: per element, the windows that select it folded in source order, as the CPU',
      async () => {
        const g = gpu!;
        const mlir = {
          float32: 'f32',
          float64: 'f64',
          bfloat16: 'bf16',
          int8: 'i8',
          uint64: 'ui64',
        } as const;
        const cases = [
          {
            shape: [4, 5],
            window: [2, 3],
            strides: [1, 2],
            pad: [
              [0, 1],
              [2, 0],
            ],
            dir: 'GE',
            body: 'add',
          },
          { shape: [6], window: [3], strides: [2], pad: [[1, 1]], dir: 'LT', body: 'maximum' },
          {
            shape: [3, 2, 2],
            window: [2, 1, 2],
            strides: [1, 1, 1],
            pad: [
              [0, 0],
              [0, 0],
              [1, 0],
            ],
            dir: 'GT',
            body: 'multiply',
          },
          { shape: [], window: [], strides: [], pad: [], dir: 'GE', body: 'add' },
        ];
        for (const dtype of Object.keys(mlir) as (keyof typeof mlir)[]) {
          const all = specials(dtype);
          const take = (n: number, from: number) => cycle(all, n, from, 7);
          for (const c of cases) {
            const e = mlir[dtype];
            const windows = c.shape.map((n, d) => {
              const p = c.pad[d][0] + n + c.pad[d][1];
              return p <= 0 || c.window[d] > p ? 0 : Math.floor((p - c.window[d]) / c.strides[d]) + 1;
            });
            const t = (s: number[]) => `tensor<${[...s, e].join('x')}>`;
            const i64s = (xs: number[]) => `array<i64${xs.length ? `: ${xs.join(', ')}` : ''}>`;
            const pad = `dense<${c.pad.length ? JSON.stringify(c.pad) : ''}> : tensor<${c.pad.length}x2xi64>`;
            const text = `func.func @main(%x: ${t(c.shape)}, %s: ${t(windows)}, %i: ${t([])}) -> ${t(c.shape)} {
  %r = "stablehlo.select_and_scatter"(%x, %s, %i) <{window_dimensions = ${i64s(c.window)}, window_strides = ${i64s(c.strides)}, padding = ${pad}}> ({
  ^bb0(%a: tensor<${e}>, %b: tensor<${e}>):
    %0 = stablehlo.compare ${c.dir}, %a, %b : (tensor<${e}>, tensor<${e}>) -> tensor<i1>
    stablehlo.return %0 : tensor<i1>
  }, {
  ^bb0(%a: tensor<${e}>, %b: tensor<${e}>):
    %0 = stablehlo.${c.body} %a, %b : tensor<${e}>
    stablehlo.return %0 : tensor<${e}>
  }) : (${t(c.shape)}, ${t(windows)}, ${t([])}) -> ${t(c.shape)}
  return %r : ${t(c.shape)}
}`;
            const size = (s: number[]) => s.reduce((a, b) => a * b, 1);
            const args = [
              new Tensor(dtype, c.shape, take(size(c.shape), 0)),
              new Tensor(dtype, windows, take(size(windows), 3)),
              new Tensor(dtype, [], take(1, 5)),
            ];
            const program = {
              kind: 'program' as const,
              op: 'test.select_and_scatter',
              module: readModule(text),
              args,
              argNames: ['x', 's', 'i'],
            };
            const r = await sameOnGpu(
              g,
              program,
              `select_and_scatter ${c.dir} ${c.body} [${c.shape}] ${dtype}`,
            );
            expect(r).toBeInstanceOf(Tensor);
          }
        }
      },
    );

    t(
      'reduce_window in a kernel: padding, base and window dilations, strides; NaN-laden floats and wrapping integers',
      async () => {
        const g = gpu!;
        for (const dtype of ['float32', 'float64', 'bfloat16', 'int8', 'uint64'] as const) {
          const all = specials(dtype);
          const take = (n: number, from: number) => cycle(all, n, from, 5);
          for (const reducer of ['add', 'max', 'mul'] as const) {
            for (const w of [
              {
                dims: [2, 2],
                strides: [1, 2],
                base: [1, 2],
                wdil: [2, 1],
                pad: [
                  [1, 0],
                  [0, 2],
                ],
              },
              {
                dims: [3, 1],
                strides: [2, 1],
                base: [2, 1],
                wdil: [1, 1],
                pad: [
                  [2, 1],
                  [0, 0],
                ],
              },
            ]) {
              const x = new Tensor(dtype, [3, 4], take(12, 0));
              const init = new Tensor(dtype, [], take(1, 3));
              const counts = x.shape.map((n, d) => {
                const p = w.pad[d][0] + (n - 1) * w.base[d] + 1 + w.pad[d][1];
                const span = (w.dims[d] - 1) * w.wdil[d] + 1;
                return span > p ? 0 : Math.floor((p - span) / w.strides[d]) + 1;
              });
              const op = {
                kind: 'reduce_window',
                window_dimensions: w.dims,
                window_strides: w.strides,
                base_dilations: w.base,
                window_dilations: w.wdil,
                padding: w.pad,
                body: reducerBody(reducer, dtype),
                results: [{ shape: counts, dtype }],
              };
              const r = await sameOnGpu(g, oneOp(op, [x, init]), `reduce_window ${reducer} ${dtype}`);
              expect(r).toBeInstanceOf(Tensor);
            }
          }
        }
      },
    );

    t('webgpu.op: an op the GPU cannot run exactly is refused, naming why', async () => {
      const x = tensor([1, 2], 'float32');
      const call = oneOp({ kind: 'exponential', results: [typeOf(x)] }, [x]);
      await expect(executeOn(call, gpu!)).rejects.toMatchObject({ code: 'webgpu.op' });
      await expect(executeOn(call, gpu!)).rejects.toThrow(/libm/);
      // A scatter whose body promotes f32 to f64 (C23) would need its inputs converted first.
      const module =
        readModule(`func.func @main(%x: tensor<2xf32>, %i: tensor<1x1xi32>, %u: tensor<1xf32>) -> tensor<2xf64> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<2xf32>, tensor<1x1xi32>, tensor<1xf32>) -> tensor<2xf64>
  return %r : tensor<2xf64>
}`);
      const args = [tensor([1, 2], 'float32'), tensor([[0]], 'int32'), tensor([0.5], 'float32')];
      expect(runModule(module, args).results[0].toArray()).toEqual([1.5, 2]);
      const promoted = { kind: 'program', op: 'stablehlo.scatter', module, args, argNames: ['x', 'i', 'u'] };
      await expect(executeOn(promoted as ProgramCall, gpu!)).rejects.toMatchObject({ code: 'webgpu.op' });
    });

    t('webgpu.max_pipelines: the pipeline cache keeps the most recently used (LRU)', async () => {
      const g = gpu!;
      expect(() => new WebGpuBackend(g.device, 0)).toThrow(
        expect.objectContaining({ code: 'webgpu.max_pipelines' }),
      );
      const small = new WebGpuBackend(g.device, 2);
      const src = (k: number): KernelSource => ({
        code: `@group(0) @binding(0) var<storage, read_write> O: array<u32>;\n@compute @workgroup_size(1) fn main() { O[0] = ${k}u; }`,
        bindings: ['rw'],
      });
      const pipeline = (k: number) =>
        (small as unknown as { pipeline(s: KernelSource): unknown }).pipeline(src(k));
      const a = pipeline(1);
      pipeline(2);
      expect(pipeline(1)).toBe(a); // a hit: 1 is now the most recent
      pipeline(3); // evicts 2, the least recently used
      expect(small.stats.pipelinesEvicted).toBe(1);
      expect(pipeline(1)).toBe(a);
      const built = small.stats.pipelinesBuilt;
      pipeline(2); // rebuilt
      expect(small.stats.pipelinesBuilt).toBe(built + 1);
      expect(small.pipelineCount).toBe(2);
      // Real calls of many shapes through a 3-pipeline cache: bounded, results unchanged.
      const tiny = new WebGpuBackend(g.device, 3);
      // (Element-wise kernels compile their shape in: one pipeline per length.)
      for (let n = 1; n <= 6; n++) {
        const a = tensor(
          Array.from({ length: n }, (_, i) => i * 1.5),
          'float32',
        );
        const call = oneOp({ kind: 'add', results: [typeOf(a)] }, [a, a]);
        expect(bytesOf(await executeOn(call, tiny))).toEqual(bytesOf(execute(call)));
        expect(tiny.pipelineCount).toBeLessThanOrEqual(3);
      }
      expect(tiny.stats.pipelinesEvicted).toBeGreaterThan(0);
    });
  });
