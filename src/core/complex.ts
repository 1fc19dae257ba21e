/**
 * Scatter reducers on complex64 / complex128 storage (real and imaginary parts interleaved, see
 * tensor/complex.ts). Kernels take element offsets like every reduce kernel and touch the pair
 * at 2·offset. add and sub are the float kernels on both parts (a complex sum is two float sums,
 * with the same NaN operand rule); mul is the schoolbook product every framework's CPU loop
 * uses; min and max follow the framework's ordering rule below.
 */
import { DTypeError, InvalidArgumentError } from '../errors.js';
import { type ComplexDType, componentDType } from '../tensor/complex.js';
import { type ComplexMulOrder, divideByCounts, mulKernel } from './complex-nan.js';
import type { FloatMinMax, FloatNaN, ReduceKernel } from './kernels.js';
import type { ReducerName } from './types.js';

/**
 * How complex `min`/`max` order two values:
 * - `lexicographic` (StableHLO's `minimum`/`maximum`, as JAX lowers them: a select on
 *   `re == re' ? im < im' : re < re'`): the element stays when it is strictly first, else the
 *   update is taken (a tie takes the update; a NaN compares false, so the update is taken);
 * - `numpy` (NumPy 1.24's complex `minimum`/`maximum` loops, measured): the element stays when
 *   either of its parts is NaN or when `CLE`/`CGE` holds — `re < re'` with neither imaginary part
 *   NaN, or `re == re'` and `im <= im'` — so a tie keeps the element and a NaN update wins.
 */
export type ComplexOrder = 'lexicographic' | 'numpy';

/**
 * The complex ordering rule a call's float min/max rule stands for: NumPy's two rules → `numpy`,
 * the default `ieee` → `lexicographic`; PyTorch's `self_on_tie` has none (PyTorch refuses
 * complex amax/amin, so its frontend refuses first).
 */
export function complexOrder(minmax: FloatMinMax): ComplexOrder | null {
  if (minmax === 'ieee') return 'lexicographic';
  if (minmax === 'update_on_tie' || minmax === 'self_on_tie_keep_nan') return 'numpy';
  return null;
}

/**
 * The operand order of a call's complex products (their NaN bits, complex-nan.ts): PyTorch's
 * family is the one whose float min/max rule is `self_on_tie`.
 */
export function complexMulOrder(minmax: FloatMinMax): ComplexMulOrder {
  return minmax === 'self_on_tie' ? 'aten' : 'numpy';
}

/** Whether the update replaces the element (sr, si) under `order` for `min` (less) or `max`. */
type Replace = (sr: number, si: number, ur: number, ui: number) => boolean;

const REPLACE: Record<ComplexOrder, { min: Replace; max: Replace }> = {
  lexicographic: {
    min: (sr, si, ur, ui) => !(sr === ur ? si < ui : sr < ur),
    max: (sr, si, ur, ui) => !(sr === ur ? si > ui : sr > ur),
  },
  numpy: {
    // NumPy's CLE(x, y) = (xr < yr && !isnan(xi) && !isnan(yi)) || (xr == yr && xi <= yi).
    min: (sr, si, ur, ui) =>
      !(
        Number.isNaN(sr) ||
        Number.isNaN(si) ||
        (sr < ur && !Number.isNaN(si) && !Number.isNaN(ui)) ||
        (sr === ur && si <= ui)
      ),
    max: (sr, si, ur, ui) =>
      !(
        Number.isNaN(sr) ||
        Number.isNaN(si) ||
        (sr > ur && !Number.isNaN(si) && !Number.isNaN(ui)) ||
        (sr === ur && si >= ui)
      ),
  },
};

/** min/max: the pair of the update replaces the element's pair whole (bits and all). */
function pickPair(replace: Replace): ReduceKernel {
  return (dst, d, src, s, n) => {
    for (let i = 0; i < n; i++) {
      const a = 2 * (d + i);
      const b = 2 * (s + i);
      const re = src[b];
      const im = src[b + 1];
      if (!replace(dst[a], dst[a + 1], re, im)) continue;
      if (Number.isNaN(re) || Number.isNaN(im)) copyPairBits(dst, a, src, b);
      else {
        dst[a] = re;
        dst[a + 1] = im;
      }
    }
  };
}

/**
 * Copies the parts at src[b], src[b + 1] over dst[a], dst[a + 1] as bits: a signalling NaN read
 * as a JS number comes out quiet on some V8 paths and not on others (the fuzzer saw both in one
 * process), so a NaN part never travels as a number.
 */
function copyPairBits(
  dst: Float32Array | Float64Array,
  a: number,
  src: Float32Array | Float64Array,
  b: number,
): void {
  const w = dst.BYTES_PER_ELEMENT >> 2;
  const to = new Int32Array(dst.buffer, dst.byteOffset + 4 * w * a, 2 * w);
  to.set(new Int32Array(src.buffer, src.byteOffset + 4 * w * b, 2 * w));
}

/**
 * The kernel of `reducer` on a complex dtype. `componentKernel` builds the float kernel of the
 * component type (kernels.ts's own, so add/sub keep its NaN rule). `mean` accumulates with add
 * (the division is done by the caller's finish step).
 */
export function complexKernel(
  reducer: Exclude<ReducerName, 'replace'>,
  dtype: ComplexDType,
  op: string,
  minmax: FloatMinMax,
  nan: FloatNaN,
  componentKernel: (r: 'add' | 'sub', dtype: 'float32' | 'float64', nan: FloatNaN) => ReduceKernel,
): ReduceKernel {
  const r = reducer === 'mean' ? 'add' : reducer;
  if (r === 'add' || r === 'sub') {
    const k = componentKernel(r, componentDType(dtype), nan);
    return (dst, d, src, s, n) => k(dst, 2 * d, src, 2 * s, 2 * n);
  }
  if (r === 'mul') return mulKernel(dtype === 'complex128', complexMulOrder(minmax), nan);
  const order = complexOrder(minmax);
  if (order === null)
    throw new DTypeError(
      `${op}.dtype`,
      `${op}: reducer ${r} has no ordering of ${dtype} under this call's min/max rule (${minmax})`,
      { reducer: r, dtype },
    );
  if (r === 'min' || r === 'max') return pickPair(REPLACE[order][r]);
  throw new InvalidArgumentError(`${op}.reducer`, `${op}: reducer ${String(r)} is not defined for ${dtype}`);
}

/**
 * The reducer identity (for include_self = false) as the two stored parts: 0 for add/sub/mean,
 * 1 for mul. min/max have none on the complex plane — the first update is what stays — so
 * they are refused for include_self = false (no framework asks: PyTorch refuses complex
 * amax/amin first).
 */
export function complexIdentity(reducer: ReducerName, dtype: ComplexDType, op: string): [number, number] {
  if (reducer === 'mul') return [1, 0];
  if (reducer === 'add' || reducer === 'sub' || reducer === 'mean') return [0, 0];
  throw new DTypeError(
    `${op}.dtype`,
    `${op}: reducer ${reducer} on ${dtype} has no identity for include_self = false`,
    { reducer, dtype },
  );
}

/** Sets elements [t, t + n) of complex storage to the reducer's identity (include_self = false). */
export function fillComplexIdentity(
  data: Float32Array | Float64Array,
  dtype: ComplexDType,
  reducer: ReducerName,
  t: number,
  n: number,
  op: string,
): void {
  const [re, im] = complexIdentity(reducer, dtype, op);
  for (let i = 2 * t; i < 2 * (t + n); i += 2) {
    data[i] = re;
    data[i + 1] = im;
  }
}

/**
 * Finishes a complex `mean` as PyTorch 1.13 does: every element (untouched ones too, by a count
 * of 1) is divided by its count as the complex number c + 0i with ATen's vectorised formula
 * (a + bi) / (c + di) = ((ac + bd) + (bc − ad)i) / (c² + d²), each step rounded to the component
 * type. Not the same as dividing each part by c: an infinite part makes the other NaN
 * (inf + 3i → inf + nan·i, measured), as the real PyTorch computes (complex-nan.ts).
 */
export function divideComplexByCounts(
  data: Float32Array | Float64Array,
  dtype: ComplexDType,
  counts: Float64Array,
  includeSelf: boolean,
): void {
  divideByCounts(data, dtype === 'complex128', counts, includeSelf);
}

/**
 * Refuses a custom (function) update computation on complex inputs: the per-update path passes
 * one real scalar per operand, and a complex element is two.
 */
export function refuseComplexFunction(op: string, dtypes: readonly string[]): void {
  const c = dtypes.find((d) => d === 'complex64' || d === 'complex128');
  if (c !== undefined)
    throw new DTypeError(
      `${op}.update_computation`,
      `${op}: a custom update computation cannot take ${c} elements; use a built-in reducer (add, sub, mul, min, max, mean, replace)`,
      { dtype: c },
    );
}
