/**
 * The WebGPU backend's integer soft float against the CPU, pair by pair: each call scatters
 * 4,096 updates b onto 4,096 elements a (one update per element), so every element is one
 * `red(a, b)`; the GPU's bits must be the CPU's. Pairs mix special values (±0, smallest and
 * largest subnormals, smallest normal, largest finite, ±inf, quiet and signalling NaNs with
 * payloads), random bit patterns, exact rounding ties for add/sub (b an odd multiple of half an
 * ulp of a) and for mul (mantissas of half width), cancellations, subnormal and overflowing
 * results. Every reducer under every NaN rule and min/max rule, for float64, float32, float16
 * and bfloat16; then `mean` with uneven counts per target (the final division), floats and
 * integers. The seed is fresh each run and printed (SOFTFLOAT_SEED=<seed> replays it).
 */
import { describe, expect, it } from 'vitest';
import { executeOn } from '../src/backends/index.js';
import { type ScatterCall, execute } from '../src/core/call.js';
import { FLOAT_MINMAX_RULES, FLOAT_NAN_RULES, type FloatMinMax, type FloatNaN } from '../src/core/kernels.js';
import { resolveScatterOptions } from '../src/core/policy.js';
import type { ReducerName } from '../src/core/types.js';
import type { DType } from '../src/tensor/dtype.js';
import { Tensor } from '../src/tensor/tensor.js';
import { rng } from './reference/random-cases.js';
import { bytesOf, nodeBackend, runInChild, webgpuMode } from './webgpu-env.js';

const SEED = Number(process.env.SOFTFLOAT_SEED ?? Math.floor(Math.random() * 2 ** 31));
const N = 4096;

/** A binary float format: exponent and fraction widths. */
interface Format {
  readonly dtype: DType;
  readonly E: number;
  readonly F: number;
}
const FORMATS: readonly Format[] = [
  { dtype: 'float64', E: 11, F: 52 },
  { dtype: 'float32', E: 8, F: 23 },
  { dtype: 'float16', E: 5, F: 10 },
  { dtype: 'bfloat16', E: 8, F: 7 },
];

type R = ReturnType<typeof rng>;
const big = (r: R, bits: number): bigint => {
  let x = 0n;
  for (let b = 0; b < bits; b += 16) x = (x << 16n) | BigInt(Math.floor(r.next() * 65536));
  return x & ((1n << BigInt(bits)) - 1n);
};

/** Pair generators: bit patterns (as bigints) of one format. */
function pairMaker(f: Format, r: R): () => [bigint, bigint] {
  const { E, F } = f;
  const expMax = (1 << E) - 1;
  const pack = (s: number, e: number, m: bigint) =>
    (BigInt(s) << BigInt(E + F)) | (BigInt(e) << BigInt(F)) | (m & ((1n << BigInt(F)) - 1n));
  const sign = () => (r.next() < 0.5 ? 1 : 0);
  const top = 1n << BigInt(F - 1);
  const specials = [
    pack(0, 0, 0n), // +0
    pack(0, 0, 1n), // smallest subnormal
    pack(0, 0, (1n << BigInt(F)) - 1n), // largest subnormal
    pack(0, 1, 0n), // smallest normal
    pack(0, (1 << (E - 1)) - 1, 0n), // 1
    pack(0, expMax - 1, (1n << BigInt(F)) - 1n), // largest finite
    pack(0, expMax, 0n), // inf
    pack(0, expMax, top | 5n), // quiet NaN, payload
    pack(0, expMax, 3n), // signalling NaN, payload
  ];
  const special = () => specials[r.int(0, specials.length - 1)] | (BigInt(sign()) << BigInt(E + F));
  const finite = () => pack(sign(), r.int(0, expMax - 1), big(r, F));
  const kinds: (() => [bigint, bigint])[] = [
    () => [special(), special()],
    () => [special(), finite()],
    () => [big(r, 1 + E + F), big(r, 1 + E + F)],
    () => [finite(), finite()],
    // add/sub ties: b is half an ulp of a, or three halves (an odd multiple)
    () => {
      const ea = r.int(F + 3, expMax - 1);
      const half = r.next() < 0.5;
      return [pack(sign(), ea, big(r, F)), pack(sign(), half ? ea - F - 1 : ea - F, half ? 0n : top)];
    },
    // mul ties and exact products: mantissas of half width
    () => {
      const h = BigInt(Math.ceil(F / 2));
      const m = () => big(r, Number(h)) << (BigInt(F) - h);
      return [pack(sign(), r.int(1, expMax - 1), m()), pack(sign(), r.int(1, expMax - 1), m())];
    },
    // cancellation: b is -a give or take a few ulps
    () => {
      const a = finite();
      const d = BigInt(r.int(-3, 3));
      const b = (a ^ (1n << BigInt(E + F))) + d;
      return [a, b < 0n ? a : b];
    },
    // subnormal results
    () => [pack(sign(), r.int(0, 2), big(r, F)), pack(sign(), r.int(0, 2), big(r, F))],
    // overflow
    () => [pack(sign(), expMax - 1, big(r, F)), pack(sign(), r.int(expMax - 2, expMax - 1), big(r, F))],
  ];
  return () => kinds[r.int(0, kinds.length - 1)]();
}

/** A tensor of `dtype` holding the given bit patterns. */
function fromBits(dtype: DType, bits: readonly bigint[]): Tensor {
  const n = bits.length;
  if (dtype === 'float64') {
    const u = BigUint64Array.from(bits);
    return new Tensor('float64', [n], new Float64Array(u.buffer));
  }
  if (dtype === 'float32') {
    const u = Uint32Array.from(bits, Number);
    return new Tensor('float32', [n], new Float32Array(u.buffer));
  }
  return new Tensor(dtype, [n], Uint16Array.from(bits, Number));
}

function intTensor(dtype: DType, xs: readonly number[]): Tensor {
  if (dtype === 'int64') return new Tensor('int64', [xs.length], BigInt64Array.from(xs, BigInt));
  if (dtype === 'uint64') return new Tensor('uint64', [xs.length], BigUint64Array.from(xs, BigInt));
  const ctor = { int32: Int32Array, int16: Int16Array, int8: Int8Array, uint32: Uint32Array }[
    dtype as 'int32'
  ];
  return new Tensor(dtype, [xs.length], ctor.from(xs));
}

/** scatter(a, targets, b): element targets[i] gets update i under the reducer. */
function call(
  a: Tensor,
  b: Tensor,
  targets: readonly number[],
  reducer: ReducerName,
  opts: { float_nan?: FloatNaN; float_minmax?: FloatMinMax; include_self?: boolean } = {},
): ScatterCall {
  return {
    kind: 'scatter',
    op: 'stablehlo.scatter',
    inputs: [a],
    scatter_indices: new Tensor('int32', [targets.length, 1], Int32Array.from(targets)),
    updates: [b],
    dimension_numbers: {
      update_window_dims: [],
      inserted_window_dims: [0],
      input_batching_dims: [],
      scatter_indices_batching_dims: [],
      scatter_dims_to_operand_dims: [0],
      index_vector_dim: 1,
    },
    update_computation: reducer,
    options: resolveScatterOptions(opts),
  };
}

const hex = (t: Tensor, i: number) => {
  const w = t.data.byteLength / t.size;
  return Array.from(new Uint8Array(t.data.buffer, t.data.byteOffset + i * w, w))
    .reverse()
    .map((x) => x.toString(16).padStart(2, '0'))
    .join('');
};

if (webgpuMode !== 'here') runInChild('test/webgpu-softfloat.test.ts');
else
  describe(`soft float on the GPU = the CPU, pair by pair (seed ${SEED}; replay: SOFTFLOAT_SEED=${SEED})`, async () => {
    const gpu = await nodeBackend();
    const t = gpu ? it : it.skip;

    /** Runs on both; on a difference, names the first few pairs in hex. */
    async function same(c: ScatterCall, label: string, targets: readonly number[]): Promise<void> {
      const want = execute(c);
      const got = await executeOn(c, gpu!);
      const w = bytesOf(want);
      const g = bytesOf(got);
      const width = w.length / want.size;
      const bad: string[] = [];
      for (let i = 0; i < want.size && bad.length < 5; i++)
        if (w.slice(i * width, (i + 1) * width).some((x, k) => x !== g[i * width + k])) {
          const j = targets.indexOf(i);
          bad.push(
            `element ${i}: a=${hex(c.inputs[0], i)} b=${j >= 0 ? hex(c.updates[0], j) : '-'} cpu=${hex(want, i)} gpu=${hex(got, i)}`,
          );
        }
      expect(bad, label).toEqual([]);
    }

    for (const f of FORMATS)
      t(`${f.dtype}: add/sub/mul under every NaN rule, min/max under every rule, mean`, async () => {
        const r = rng(SEED ^ f.E ^ (f.F << 8));
        const make = pairMaker(f, r);
        const one = Array.from({ length: N }, (_, i) => i);
        let pairs = 0;
        const run = async (reducer: ReducerName, opts: Parameters<typeof call>[4]) => {
          const ps = Array.from({ length: N }, make);
          const a = fromBits(
            f.dtype,
            ps.map((p) => p[0]),
          );
          const b = fromBits(
            f.dtype,
            ps.map((p) => p[1]),
          );
          await same(call(a, b, one, reducer, opts), `${f.dtype} ${reducer} ${JSON.stringify(opts)}`, one);
          pairs += N;
        };
        for (const nan of FLOAT_NAN_RULES)
          for (const reducer of ['add', 'sub', 'mul'] as const) await run(reducer, { float_nan: nan });
        for (const minmax of FLOAT_MINMAX_RULES)
          for (const reducer of ['min', 'max'] as const) await run(reducer, { float_minmax: minmax });
        await run('mean', {});
        console.log(`${f.dtype}: ${pairs} pairs bit-identical`);
      });

    t('mean divides every element: an untouched NaN made by each NaN rule, every format', async () => {
      const r = rng(SEED + 2);
      const even = Array.from({ length: N / 2 }, (_, i) => 2 * i); // odd elements stay untouched
      for (const f of FORMATS) {
        const make = pairMaker(f, r);
        const a = fromBits(
          f.dtype,
          Array.from({ length: N }, () => make()[0]),
        );
        const b = fromBits(
          f.dtype,
          even.map(() => make()[1]),
        );
        for (const float_nan of FLOAT_NAN_RULES)
          for (const include_self of [true, false])
            await same(
              call(a, b, even, 'mean', { float_nan, include_self }),
              `${f.dtype} mean ${float_nan}`,
              even,
            );
      }
    });

    t(
      'mean with uneven counts per target (1 to ~40 updates), with and without self: floats and integers',
      async () => {
        const r = rng(SEED + 1);
        const M = 256;
        // Skewed targets: low elements get many updates, high ones few or none.
        const targets = Array.from({ length: N }, () => Math.floor(M * r.next() ** 2));
        for (const f of FORMATS) {
          const make = pairMaker(f, r);
          // Finite values of a moderate range (sums then stay finite and inexact).
          const values = (n: number) =>
            fromBits(
              f.dtype,
              Array.from({ length: n }, () => {
                const p = make()[0];
                const e = (p >> BigInt(f.F)) & ((1n << BigInt(f.E)) - 1n);
                return e === (1n << BigInt(f.E)) - 1n ? p ^ (1n << BigInt(f.F)) : p;
              }),
            );
          for (const include_self of [true, false])
            await same(
              call(values(M), values(N), targets, 'mean', { include_self }),
              `${f.dtype} mean`,
              targets,
            );
        }
        for (const dtype of ['int64', 'uint64', 'int32', 'uint32', 'int16', 'int8'] as DType[]) {
          const lo = dtype.startsWith('u') ? 0 : dtype === 'int8' ? -3 : -1000;
          const hi = dtype === 'int8' ? 3 : 1000;
          const ints = (n: number) =>
            intTensor(
              dtype,
              Array.from({ length: n }, () => r.int(lo, hi)),
            );
          for (const include_self of [true, false])
            await same(call(ints(M), ints(N), targets, 'mean', { include_self }), `${dtype} mean`, targets);
        }
      },
    );
  });
