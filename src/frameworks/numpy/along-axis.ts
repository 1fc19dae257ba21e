/**
 * `numpy.take_along_axis` and `numpy.put_along_axis`: one index per element along an axis, the
 * other dims of `indices` broadcast against `arr` (the `elements` family).
 */
import { InvalidArgumentError, fmt } from '../../errors.js';
import type { Scalar } from '../../tensor/dtype.js';
import { broadcastTo } from '../../tensor/ops.js';
import type { Tensor } from '../../tensor/tensor.js';
import { options, outArg } from '../args.js';
import { elementsGather, elementsScatter } from '../families.js';
import { GATHER_POLICY, SCATTER_POLICY, fancyIndex, numpyAxis, oobWording } from './policy.js';
import { type ArrayLike, arrayArg, broadcastExactly, broadcastOr, castUnsafe } from './shared.js';
import { cycledFlatScatter } from './take.js';
import { type LoweredGather, type LoweredScatter, runs } from '../lowered.js';

/** Keyword arguments of `numpy.take_along_axis` and `numpy.put_along_axis`. */
export interface AlongAxisOptions {
  /** Where the result goes (take: the indices' broadcast shape; put: `arr`'s shape); `arr`'s dtype. */
  readonly out?: Tensor;
}

/**
 * Shared validation: array_like arguments (numpy.<op>.{arr,indices}), integer indices
 * (numpy.<op>.index_dtype), axis an integer in range or null (numpy.<op>.axis), same rank
 * (numpy.<op>.ndim; axis None: 1-D indices), broadcastable non-axis dims (numpy.<op>.shape).
 * Returns `arr` (flattened for axis None) and the indices broadcast to the result shape.
 */
function prepare(
  op: string,
  A: Tensor,
  indices: unknown,
  axis: unknown,
): { arr: Tensor; indices: Tensor; axis: number } {
  // NumPy 1.24 measured: the axis (normalize_axis_index) before anything about the indices —
  // their dtype, then their rank, then the broadcast.
  const flat = axis === null;
  const arr = flat ? A.reshape([A.size]) : A;
  const ax = flat ? 0 : numpyAxis(op, axis, A.rank);
  const I = fancyIndex(arrayArg(op, 'indices', indices), op, true);
  if (I.rank !== arr.rank) {
    throw new InvalidArgumentError(
      `${op}.ndim`,
      `${op}: \`indices\` and \`arr\` must have the same number of dimensions; got ${I.rank} and ${arr.rank}`,
      { indices: I.shape, arr: arr.shape },
    );
  }
  const one = (s: readonly number[]) => s.map((n, d) => (d === ax ? 1 : n));
  const shape = broadcastOr(
    [one(arr.shape), one(I.shape)],
    `${op}.shape`,
    `${op}: shape mismatch: indices of shape ${fmt(I.shape)} do not broadcast against arr of shape ${fmt(arr.shape)} outside axis ${ax}`,
  );
  shape[ax] = I.shape[ax];
  return { arr, indices: broadcastTo(I, shape), axis: ax };
}

/** NumPy's out-of-bounds wording: along an axis, or through `arr.flat` (axis None). */
const wordingOf = (axis: unknown) => (axis === null ? flatWording : oobWording);
const flatWording = (d: { value: bigint; size: number }) =>
  `index ${d.value} is out of bounds for size ${d.size}`;

/**
 * Lowers `numpy.take_along_axis(arr, indices, axis)`.
 *
 *   out[ii..., j, kk...] = arr[ii..., indices[ii..., j, kk...], kk...]
 *
 * Shape: broadcast(arr, indices) outside `axis`, indices.shape[axis] at `axis`; axis null
 * flattens `arr` (indices must be 1-D). Negative indices count from the end; out of bounds
 * raises (numpy.take_along_axis.index_out_of_bounds).
 */
export function lowerTakeAlongAxis(
  arr: ArrayLike,
  indices: ArrayLike,
  axis: number | null,
  opts?: AlongAxisOptions | null,
): LoweredGather<'numpy.take_along_axis'> {
  const op = 'numpy.take_along_axis';
  const o = options(op, opts, ['out']);
  const p = prepare(op, arrayArg(op, 'arr', arr), indices, axis);
  const m = { op, wording: wordingOf(axis), out: outArg(op, o.out) };
  return elementsGather(m, p.arr, p.indices, p.axis, GATHER_POLICY.raise);
}

/**
 * NumPy `take_along_axis`: values of `arr` at one index per element along `axis`.
 *
 * @example
 * const a = tensor([[10, 30, 20], [60, 40, 50]]);
 * numpy.take_along_axis(a, tensor([[0, 2, 1], [1, 2, 0]]), 1).toArray(); // [[10, 20, 30], [40, 50, 60]]
 */
export const take_along_axis = runs(lowerTakeAlongAxis);

/**
 * Lowers `numpy.put_along_axis(arr, indices, values, axis)` (NumPy writes into `arr`; we return
 * the new array, or write it to `out` — pass `arr` for NumPy's in-place behaviour).
 *
 *   arr[ii..., indices[ii..., j, kk...], kk...] = values[ii..., j, kk...]
 *
 * `values` broadcasts to the (broadcast) indices shape (numpy.put_along_axis.values_shape);
 * axis null assigns through `arr.flat` as NumPy does: `values` read flat and repeated cyclically
 * (`arr.flat[indices[n]] = values.flat[n mod size]`), nothing written when it is empty.
 * Duplicates: the last one in row-major order wins, as NumPy's fancy assignment.
 */
export function lowerPutAlongAxis(
  arr: ArrayLike,
  indices: ArrayLike,
  values: ArrayLike | Scalar,
  axis: number | null,
  opts?: AlongAxisOptions | null,
): LoweredScatter<'numpy.put_along_axis'> {
  const op = 'numpy.put_along_axis';
  const o = options(op, opts, ['out']);
  const A = arrayArg(op, 'arr', arr);
  const p = prepare(op, A, indices, axis);
  // NumPy casts the values unsafely (2.75 → 2 into int32).
  const raw = castUnsafe(arrayArg(op, 'values', values), A.dtype, op, 'values');
  const m = {
    op,
    wording: wordingOf(axis),
    out: outArg(op, o.out),
    reshape: p.arr === A ? undefined : A.shape,
  };
  // axis None assigns through `arr.flat`, whose assignment cycles `values` (NumPy 1.24 measured:
  // [7, 8] into 3 places writes 7, 8, 7; any shape is read flat; empty values write nothing).
  if (axis === null) return cycledFlatScatter(m, A, p.indices, raw, SCATTER_POLICY.raise);
  const V = broadcastExactly(
    raw,
    p.indices.shape,
    `${op}.values_shape`,
    `${op}: values of shape ${fmt(raw.shape)} do not broadcast to the indices shape ${fmt(p.indices.shape)}`,
  );
  return elementsScatter(m, p.arr, p.indices, V, p.axis, 'replace', SCATTER_POLICY.raise);
}

/**
 * NumPy `put_along_axis`: a copy of `arr` with `values` written at one index per element along `axis`.
 *
 * @example
 * const a = tensor([[10, 30, 20], [60, 40, 50]]);
 * numpy.put_along_axis(a, tensor([[1], [0]]), 99, 1).toArray(); // [[10, 99, 20], [99, 40, 50]]
 */
export const put_along_axis = runs(lowerPutAlongAxis);
