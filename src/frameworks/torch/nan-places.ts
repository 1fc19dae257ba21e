/**
 * PyTorch 1.13's NaN operand order where it depends on where an element sits (CPU, one thread; measured
 * against the real PyTorch, test/nan-places.test.ts and test/nan-places-live.test.ts). When both operands of
 * an add or a product are NaN, x86 returns the first one (quieted); which operand is first follows the
 * machine code that touches the element, and ATen's loops over a row of L contiguous elements compile to a
 * vector body and a scalar rest that order operands differently. The decision, per op, dtype and shape, is
 * made here once and handed to the core as a declarative rule (core/types.ts PlacedNaN: the place of an
 * element is its flat offset mod L, the row).
 *
 * - index_put(accumulate=True): ATen's `*dst += *src` over the row of trailing non-indexed
 *   elements (see `indexPutRow`). A row whose values are all read (src contiguous) adds
 *   update + self in the compiler's vector body — float32 p < L − L mod 4, float64
 *   p < L − L mod 2, complex64 only its two-element epilogue [L − L mod 4, L − L mod 4 + 2)
 *   — and self + update elsewhere; a row over one broadcast value (src stride 0) adds update +
 *   self on complex64 p < L − L mod 2 and on every complex128 place, self + update on real
 *   dtypes. A row of one element is the scalar loop (self + update). float16 drops payloads
 *   (the default NaN with a sign): its contiguous rows take the update's sign first at
 *   p < L − L mod 8, self's elsewhere.
 * - index_add on complex: self + alpha·source, alpha·source computed first by the call's
 *   prologue — AVX2's operand order at the `update_first_re` places (complex128: its unfused
 *   product, ir/lowered.ts avx2Product), c10::complex's (the
 *   imaginary part's NaN first in the imaginary product) elsewhere (ir/lowered.ts scaleOps).
 *   A self of rank ≤ 1 takes a scalar loop: complex64 adds self + product (`self_first`),
 *   complex128 product + self (`update_first`). A self of rank ≥ 2 runs ATen's add kernel on
 *   each slice, whose row is the slice's contiguous inner run: its vector body
 *   (p < L − L mod 8 on complex64, L − L mod 4 on complex128) adds product + self with AVX2's
 *   product (`update_first_re`), then complex64's next places (p < L − L mod 4) add product +
 *   self, its scalar rest self + product, and complex128's rest product + self.
 * - index_add on float16, a self of rank ≥ 2: the add kernel on each slice (its row as above)
 *   takes the update's sign first in its vector body of 32 halves (p < L − L mod 32), self's in
 *   the scalar rest; a self of rank ≤ 1 is the scalar loop (self's sign first, TORCH_NAN).
 * - scatter multiply / scatter_reduce prod on complex128: ATen's loop nest along the last dim
 *   multiplies in NumPy's operand order, the nest along any other dim in the swapped one
 *   (`update_first` for products, core/complex-nan.ts).
 *
 * Not modelled: PyTorch's multi-threaded paths (float32 index_put of ≥ 32768 elements takes an
 * atomic add when more than one thread runs; large slices split across threads shift the rows).
 */
import type { FloatNaN } from '../../core/kernels.js';
import type { FloatNaNOrder, PlacedNaN } from '../../core/types.js';
import type { DType } from '../../tensor/dtype.js';
import { policyOf } from './policy.js';

/** The number of elements of a shape. */
const size = (dims: readonly number[]) => dims.reduce((a, b) => a * b, 1);

/** How ATen's inner loop reads the values: a contiguous row, one broadcast value, or no row. */
export type RowKind = 'contiguous' | 'broadcast' | 'scalar';

/**
 * The inner loop of index_put's TensorIterator: the self dims after the last indexed one are
 * contiguous in self, and coalesce from the innermost outwards while the values' strides agree
 * (size-1 dims drop out): a run of dims the values fill (`contiguous`) or a run they broadcast
 * over (`broadcast`). No dim of size > 1 left: the loop runs over the index (`scalar`).
 * `values` is the values' shape before broadcasting (aligned to the trailing dims from the right).
 */
export function indexPutRow(
  trailing: readonly number[],
  values: readonly number[],
): { kind: RowKind; length: number } {
  let kind: RowKind = 'scalar';
  let length = 1;
  for (let k = 1; k <= trailing.length; k++) {
    const n = trailing[trailing.length - k];
    if (n === 1) continue;
    const v = values.length >= k ? values[values.length - k] : 1;
    const here: RowKind = v === 1 ? 'broadcast' : 'contiguous';
    if (kind !== 'scalar' && here !== kind) break;
    kind = here;
    length *= n;
  }
  return { kind, length };
}

/**
 * index_put's inner row when the indices hold null entries (`x[:, i]`, self's dims `indexed` indexed by a
 * broadcast shape S), as indexPutRow reads it: self's dims after the last indexed one — but when S is all
 * ones and the indexed dims are adjacent, TensorIterator drops S and coalesces the dims around them if
 * they all have size 1 (the whole result's dims); if one is wider and nothing wider follows, the dims
 * before it make a strided row, measured to take the broadcast row's rule whatever the values: one
 * broadcast value, places `stride` result elements apart (the size of the dims from the first indexed one on).
 */
export function indexPutRowDims(
  self: readonly number[],
  indexed: readonly number[],
  S: readonly number[],
  adjacent: boolean,
  values: readonly number[],
): { readonly dims: readonly number[]; readonly values: readonly number[]; readonly stride: number } {
  const trailing = self.slice(Math.max(-1, ...indexed) + 1);
  const row = (dims: readonly number[], v: readonly number[], stride = 1) => ({ dims, values: v, stride });
  if (!adjacent || indexed.length === 0 || S.some((n) => n !== 1)) return row(trailing, values);
  const first = Math.min(...indexed);
  const dims = [...self.slice(0, first), ...S, ...trailing];
  if (size(indexed.map((d) => self[d])) === 1) return row(dims, values);
  return size(trailing) === 1 ? row(dims, [], size(self.slice(first))) : row(trailing, values);
}

/** One band [from, to) of a row under `order`, the rest `rest` (a plain order when uniform). */
function band(
  row: number,
  from: number,
  to: number,
  order: FloatNaNOrder,
  rest: FloatNaNOrder = 'self_first',
): FloatNaN {
  return bands(row, [
    [from, rest],
    [to, order],
    [row, rest],
  ]);
}

/**
 * index_put(accumulate=True)'s NaN rule on `dtype` (float32, float64, complex64, complex128:
 * see the module comment), or undefined where the op's plain rule holds (other dtypes).
 */
export function indexPutNaN(
  dtype: DType,
  trailing: readonly number[],
  values: readonly number[],
): FloatNaN | undefined {
  if (!MEASURED.includes(dtype)) return undefined;
  const { kind, length: L } = indexPutRow(trailing, values);
  // float16 drops payloads: its vector body (p < L − L mod 8) keeps the update's sign first.
  if (dtype === 'float16')
    return kind === 'contiguous'
      ? band(L, 0, L - (L % 8), 'update_first_sign', 'self_first_sign')
      : 'self_first_sign';
  const real = dtype === 'float32' || dtype === 'float64';
  if (kind === 'scalar' || (kind === 'broadcast' && real)) return 'self_first';
  if (dtype === 'float32') return band(L, 0, L - (L % 4), 'update_first');
  if (dtype === 'float64') return band(L, 0, L - (L % 2), 'update_first');
  if (dtype === 'complex64' && kind === 'contiguous') {
    const lo = L - (L % 4);
    return L % 4 >= 2 ? band(L, lo, lo + 2, 'update_first') : 'self_first';
  }
  if (dtype === 'complex64') return band(L, 0, L - (L % 2), 'update_first');
  return kind === 'broadcast' ? 'update_first' : 'self_first'; // complex128
}

/** The dtypes whose index_put places are measured (float16 and bfloat16 keep their plain rules). */
const MEASURED: readonly DType[] = ['float16', 'float32', 'float64', 'complex64', 'complex128'];

/**
 * index_put's core policy: with accumulate, the NaN rule of its row (`trailing`: self's dims
 * after the last indexed one; `values`: the values' shape before broadcasting).
 */
export function indexPutPolicy(
  dtype: DType,
  accumulate: boolean,
  trailing: readonly number[],
  values: readonly number[],
  stride = 1,
) {
  const base = policyOf('index_put', dtype);
  if (!accumulate) return base;
  const rule = indexPutNaN(dtype, trailing, values) ?? base.float_nan;
  // A strided row's places are `stride` result elements apart (indexPutRowDims).
  const placed = typeof rule === 'object' && stride !== 1 ? { ...rule, stride } : rule;
  return { ...base, float_nan: placed };
}

/** Bands from consecutive [end, order] pairs, empty ones dropped (a plain order when one is left). */
function bands(row: number, ends: readonly (readonly [number, FloatNaNOrder])[]): FloatNaN {
  const kept: [number, FloatNaNOrder][] = [];
  let from = 0;
  for (const [end, order] of ends) {
    if (end <= from) continue;
    const last = kept[kept.length - 1];
    if (last && last[1] === order) last[0] = end;
    else kept.push([end, order]);
    from = end;
  }
  // An empty row (a zero-size dim: nothing is added) keeps the plain order of the rest.
  if (kept.length === 0) return ends[ends.length - 1][1];
  return kept.length === 1 ? kept[0][1] : ({ row, bands: kept } satisfies PlacedNaN);
}

/** index_add's NaN rule on a complex or float16 dtype (module comment); undefined for other dtypes. */
export function indexAddNaN(
  dtype: DType,
  self: readonly number[],
  source: readonly number[],
  dim: number,
): FloatNaN | undefined {
  const half = dtype === 'float16';
  if (dtype !== 'complex64' && dtype !== 'complex128' && !half) return undefined;
  if (self.length <= 1) return half ? undefined : dtype === 'complex64' ? 'self_first' : 'update_first';
  // The row of ATen's add kernel on a slice: the dims after `dim`, contiguous in self and source;
  // when both have size 1 at `dim` the whole slice coalesces (one element: the scalar loop).
  const L = self[dim] === 1 && source[dim] === 1 ? size(self) : size(self.slice(dim + 1));
  if (half)
    return bands(L, [
      [L - (L % 32), 'update_first_sign'],
      [L, 'self_first_sign'],
    ]);
  if (dtype === 'complex128')
    return bands(L, [
      [L - (L % 4), 'update_first_re'],
      [L, 'update_first'],
    ]);
  return bands(L, [
    [L - (L % 8), 'update_first_re'],
    [L - (L % 4), 'update_first'],
    [L, 'self_first'],
  ]);
}

/**
 * scatter_reduce mean's NaN rule on bfloat16, by the flat place of a result element among the
 * result's `size`: the final `out.div_(count)` runs ATen's vectorised kernel over the whole
 * result, whose body (32 elements a step) narrows a NaN to 0xffff (AVX2's conversion), the scalar
 * rest to 0x7fc0 (c10::BFloat16) — every element, touched or not (measured, PyTorch 1.13). The
 * sums before it are scalar (`canonical`); a NaN sum in the body becomes 0xffff all the same.
 */
export function meanNaN(dtype: DType, size: number): FloatNaN | undefined {
  if (dtype !== 'bfloat16') return undefined;
  return bands(size, [
    [size - (size % 32), 'all_ones'],
    [size, 'canonical'],
  ]);
}

/**
 * The NaN rule of a complex product of scatter (reduce='multiply') / scatter_reduce('prod'):
 * complex128 along a dim other than the last multiplies in the swapped operand order.
 */
export function scatterProductNaN(dtype: DType, dim: number, rank: number): FloatNaN | undefined {
  return dtype === 'complex128' && dim !== Math.max(rank, 1) - 1 ? 'update_first' : undefined;
}
