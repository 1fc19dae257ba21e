/**
 * The framework goldens (scripts/goldens/{numpy,torch}.json, written from the real NumPy and
 * PyTorch) through the WebGPU backend: each golden's call is lowered by our frontend
 * (`numpy.lower.*`, `torch.lower.*`) and run on the GPU; the result must equal the golden and
 * the CPU bit for bit, and a golden error must come out as the same typed error. Also variadic
 * scatter (`executeAll` semantics: N inputs, N results) on the GPU, bit-identical to the CPU.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cpuBackend, executeAllOn, executeOn } from '../src/backends/index.js';
import type { WebGpuBackend } from '../src/backends/webgpu/index.js';
import { type CoreCall, type ScatterCall, executeAll } from '../src/core/call.js';
import { GatherScatterError, numpy, stablehlo, tensor, torch } from '../src/index.js';
import type { Tensor } from '../src/tensor/tensor.js';
import {
  compareTensor,
  decodeArg,
  expectedErrorClass,
  type GoldenCase,
  loadGoldens,
} from '../scripts/goldens/golden.js';
import { bytesOf, nodeBackend, runInChild, sameOnGpu, webgpuMode } from './webgpu-env.js';

/** The lowered call of a NumPy golden (the arguments numpy-goldens.test.ts passes). */
function lowerNumpy(c: GoldenCase): CoreCall {
  const args = c.args.map(decodeArg) as any[];
  const L = numpy.lower as any;
  if (c.op.endsWith('.at')) return L[c.op.slice(0, -3)].at(...args);
  if (c.op === 'index') return L.index(args[0], args[1]);
  if (c.op === 'take_along_axis' || c.op === 'put_along_axis') return L[c.op](...args);
  return L[c.op](...args, c.kwargs);
}

/** The lowered call of a PyTorch golden (the arguments torch-goldens.test.ts passes). */
function lowerTorch(c: GoldenCase): CoreCall {
  const args = c.args.map(decodeArg) as any[];
  return (torch.lower as any)[c.op](...args, c.kwargs);
}

/** Golden name → the rule code we throw instead (torch-goldens.test.ts's departures). */
const DEPARTURES: Record<string, string> = {
  'index_select rank-0 input': 'torch.index_select.rank0_input',
};

const tally = {
  numpy: { gpu: 0, errors: 0, lowering: 0, refused: {} as Record<string, number> },
  torch: { gpu: 0, errors: 0, lowering: 0, refused: {} as Record<string, number> },
};

/**
 * A refusal must be one the docs list, for the stated reason: a custom update function
 * (`webgpu.reducer`). float64 arithmetic and `mean` run on the GPU. Returns the reason.
 */
function refusalReason(call: CoreCall, e: GatherScatterError): string {
  expect(call.kind).toBe('scatter');
  const s = call as ScatterCall;
  expect(e.code).toBe('webgpu.reducer');
  expect(typeof s.update_computation).toBe('function');
  return 'custom function';
}

async function replay(gpu: WebGpuBackend, framework: 'numpy' | 'torch', c: GoldenCase): Promise<void> {
  const t = tally[framework];
  const departure = framework === 'torch' ? DEPARTURES[c.name] : undefined;
  let call: CoreCall;
  try {
    call = framework === 'numpy' ? lowerNumpy(c) : lowerTorch(c);
  } catch (e) {
    // Refused by the frontend before any backend runs: the golden must be an error too.
    expect(c.error || departure, `${c.name}: lowering threw ${(e as Error).message}`).toBeTruthy();
    expect(e).toBeInstanceOf(GatherScatterError);
    if (departure) expect((e as GatherScatterError).code).toBe(departure);
    else expect(e).toBeInstanceOf(expectedErrorClass(c.error!));
    t.lowering++;
    return;
  }
  const refused = await gpu.run(call).then(
    (r) => {
      r.destroy();
      return null;
    },
    (e: unknown) => (e instanceof GatherScatterError && e.code.startsWith('webgpu.') ? e : null),
  );
  if (refused) {
    // Not on this backend, by design: the CPU runs it (numpy-/torch-goldens.test.ts check it).
    const why = refusalReason(call, refused);
    t.refused[why] = (t.refused[why] ?? 0) + 1;
    return;
  }
  const got = await sameOnGpu(gpu, call, c.name);
  if (c.error || departure) {
    expect(got, `${c.name}: the golden is an error`).toBeInstanceOf(GatherScatterError);
    if (departure) expect((got as GatherScatterError).code).toBe(departure);
    else expect(got).toBeInstanceOf(expectedErrorClass(c.error!));
    t.errors++;
  } else {
    expect(got).not.toBeInstanceOf(Error);
    expect(compareTensor(got as Tensor, c.result!), c.name).toBeNull();
    t.gpu++;
  }
}

if (webgpuMode !== 'here') runInChild('test/webgpu-goldens.test.ts');
else
  describe('framework goldens and variadic scatter on WebGPU', async () => {
    const gpu = await nodeBackend();
    const t = gpu ? it : it.skip;
    const stats0 = gpu ? { ...gpu.stats } : null;

    for (const framework of ['numpy', 'torch'] as const) {
      const { versions, cases } = loadGoldens(framework);
      describe(`${framework} goldens (${framework === 'numpy' ? versions.numpy : versions.torch}) on WebGPU`, () => {
        t('holds the golden cases', () => {
          expect(cases.length).toBeGreaterThan(100);
        });
        for (const c of cases) t(c.name, () => replay(gpu!, framework, c));
        t('most goldens ran on the GPU; every refusal is a documented one', () => {
          const n = tally[framework];
          const refused = Object.values(n.refused).reduce((a, b) => a + b, 0);
          expect(n.gpu + n.errors + n.lowering + refused).toBe(cases.length);
          expect(n.gpu).toBeGreaterThan(refused * 3);
        });
      });
    }

    describe('variadic scatter (N inputs → N results)', () => {
      const dn = {
        update_window_dims: [] as number[],
        inserted_window_dims: [0],
        scatter_dims_to_operand_dims: [0],
        index_vector_dim: 1,
      };
      /** A two-or-more-input scatter: one lowered single-input call widened to N inputs. */
      function variadic(inputs: Tensor[], idx: Tensor, updates: Tensor[], reducer: string, options = {}) {
        const base = stablehlo.lower.scatter(
          inputs[0],
          idx,
          updates[0],
          { ...dn, ...options },
          reducer as never,
        );
        return { ...base, inputs, updates } as ScatterCall;
      }
      async function same(call: ScatterCall, label: string): Promise<Tensor[]> {
        const want = executeAll(call);
        const got = await executeAllOn(call, gpu!);
        expect(got.length, label).toBe(want.length);
        got.forEach((g, k) => {
          expect(g.dtype, `${label}[${k}]`).toBe(want[k].dtype);
          expect(g.shape, `${label}[${k}]`).toEqual(want[k].shape);
          expect(bytesOf(g), `${label}[${k}]`).toEqual(bytesOf(want[k]));
        });
        return got;
      }

      t('two inputs of different dtypes, add: the documented values', async () => {
        const call = variadic(
          [tensor([1, 2, 3], 'int32'), tensor([10, 20, 30], 'float32')],
          tensor([[2], [0], [2]], 'int64'),
          [tensor([5, 6, 7], 'int32'), tensor([0.5, 0.25, 1], 'float32')],
          'add',
        );
        const [a, b] = await same(call, 'add');
        expect(a.toArray()).toEqual([7, 2, 15]);
        expect(b.toArray()).toEqual([10.25, 20, 31.5]);
        // The CPU backend through the same entry point.
        const [c, d] = await executeAllOn(call, cpuBackend);
        expect(bytesOf(c)).toEqual(bytesOf(a));
        expect(bytesOf(d)).toEqual(bytesOf(b));
        // run / executeOn give the first result, as execute does.
        expect(bytesOf(await executeOn(call, gpu!))).toEqual(bytesOf(a));
      });

      t('duplicate-heavy float adds across four inputs (f32, f16, bf16, i64), every reducer', async () => {
        const n = 3000;
        const idx = tensor(
          Array.from({ length: n }, (_, i) => [(i * 13) % 6]),
          'int32',
        );
        const vals = Array.from({ length: n }, (_, i) => Math.fround(Math.sin(i) * 10 ** ((i % 9) - 4)));
        const ints = Array.from({ length: n }, (_, i) => BigInt(i * 7919 - 11_000_000) * 1_000_003n);
        const inputs = () => [
          tensor([1, 2, 3, 4, 5, 6], 'float32'),
          tensor([1, 2, 3, 4, 5, 6], 'float16'),
          tensor([1, 2, 3, 4, 5, 6], 'bfloat16'),
          tensor([1n, 2n, 3n, 4n, 5n, 6n], 'int64'),
        ];
        const ups = [
          tensor(vals, 'float32'),
          tensor(vals, 'float16'),
          tensor(vals, 'bfloat16'),
          tensor(ints, 'int64'),
        ];
        for (const reducer of ['add', 'sub', 'mul', 'min', 'max', 'replace'])
          await same(variadic(inputs(), idx, ups, reducer), reducer);
        await same(variadic(inputs(), idx, ups, 'add', { include_self: false } as never), 'add, no self');
        // The float32 sums are the order-dependent ones: update-index order, rounded each step.
        const [sums] = await same(variadic(inputs(), idx, ups, 'add'), 'add');
        const want = [1, 2, 3, 4, 5, 6].map(Math.fround);
        vals.forEach((v, i) => {
          const k = (i * 13) % 6;
          want[k] = Math.fround(want[k] + v);
        });
        expect(Array.from(sums.data as Float32Array)).toEqual(want);
      });

      t('errors and refusals: the CPU error; float64 arithmetic runs; custom functions typed', async () => {
        const idx = tensor([[0], [5]], 'int64');
        const oob = variadic(
          [tensor([1, 2], 'float32'), tensor([3, 4], 'int32')],
          idx,
          [tensor([1, 1], 'float32'), tensor([1, 1], 'int32')],
          'add',
          { mode: 'error' } as never,
        );
        let cpuError: unknown;
        try {
          executeAll(oob);
        } catch (e) {
          cpuError = e;
        }
        // Without a mode the core skips out-of-bounds updates; with it, both paths throw alike.
        if (cpuError) {
          const e = await executeAllOn(oob, gpu!).catch((x: unknown) => x);
          expect((e as Error).message).toBe((cpuError as Error).message);
        } else await same(oob, 'skip');
        const f64 = variadic(
          [tensor([1, 2], 'float32'), tensor([3, 4], 'float64')],
          tensor([[0]], 'int64'),
          [tensor([1], 'float32'), tensor([1], 'float64')],
          'add',
        );
        // float64 beside float32: each input folded with its own arithmetic, bit for bit.
        const [a32, a64] = await same(f64, 'float32 + float64 add');
        expect([a32.toArray(), a64.toArray()]).toEqual([
          [2, 2],
          [4, 4],
        ]);
        expect((await executeOn(f64, gpu!)).toArray()).toEqual([2, 2]);
        const fn = {
          ...f64,
          inputs: [tensor([1, 2], 'float32'), tensor([3, 4], 'float32')],
          updates: [tensor([1], 'float32'), tensor([1], 'float32')],
          update_computation: (a: any, b: any, c: any, d: any) => [a + c, b * d],
        } as ScatterCall;
        expect(executeAll(fn).map((x) => x.toArray())).toEqual([
          [2, 2],
          [3, 4],
        ]);
        await expect(executeAllOn(fn, gpu!)).rejects.toMatchObject({ code: 'webgpu.reducer' });
        const mismatched = {
          ...fn,
          update_computation: 'add',
          inputs: [fn.inputs[0], tensor([1, 2, 3], 'float32')],
        };
        const cpu = (() => {
          try {
            executeAll(mismatched as ScatterCall);
          } catch (e) {
            return e as Error;
          }
        })();
        expect(cpu).toBeInstanceOf(GatherScatterError);
        await expect(executeAllOn(mismatched as ScatterCall, gpu!)).rejects.toThrow(cpu!.message);
      });
    });

    afterAll(() => {
      const s = gpu?.stats;
      console.log(
        `goldens on WebGPU (gpu = result equal to the golden and the CPU bit for bit; errors = the same typed error; lowering = refused by the frontend; refused = not on this backend): numpy ${JSON.stringify(tally.numpy)}, torch ${JSON.stringify(tally.torch)}; backend stats ${JSON.stringify(s)} (from ${JSON.stringify(stats0)})`,
      );
    });
  });
