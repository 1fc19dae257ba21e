/**
 * `numpy.take` and `numpy.put`: one index array along one axis (take) or into the flattened
 * array (put), with NumPy's out-of-bounds modes raise / wrap / clip (the `take` and `flat`
 * families).
 */
import { IndexOutOfBoundsError } from '../../errors.js';
import type { Scalar } from '../../tensor/dtype.js';
import { type Tensor, zeros } from '../../tensor/tensor.js';
import { integer, options, outArg } from '../args.js';
import {
  type CallMeta,
  type ScatterPolicy,
  flatGather,
  flatScatter,
  gatherPolicy as rowPolicy,
  takeGather,
  takeShape,
} from '../families.js';
import type { ScatterCall } from '../../core/call.js';
import {
  GATHER_POLICY,
  MODES,
  type NumpyMode,
  eachMode,
  numpyAxis,
  SCATTER_POLICY,
  oobWording,
  resolveMode,
  safeIndex,
} from './policy.js';
import { type ArrayLike, arrayArg, castUnsafe, indexArg } from './shared.js';
import { type LoweredGather, type LoweredScatter, runs } from '../lowered.js';

/** Keyword arguments of `numpy.take`. */
export interface TakeOptions {
  /** Axis to take along; `null`/omitted = the flattened array (NumPy's default axis=None). */
  readonly axis?: number | null;
  /** Out-of-bounds mode; default 'raise'. */
  readonly mode?: NumpyMode;
  /** Where the result goes (NumPy's `out`): the result's shape and `a`'s dtype. */
  readonly out?: Tensor;
}

/**
 * Lowers `numpy.take(a, indices, axis=None, out=None, mode='raise')`.
 *
 *   out[ii..., jj..., kk...] = a[ii..., indices[jj...], kk...]
 *
 * Shape: a.shape[:axis] + indices.shape + a.shape[axis+1:] (axis None: indices.shape).
 * Rules: numpy.take.{a,indices} (array_like), .index_dtype (safe cast to intp), .axis, .mode,
 * .options, .out, .empty_axis (a take from an empty axis whose result has elements), .index_out_of_bounds
 * (mode raise; checked also when the result is empty, unless a dim before axis is 0).
 */
export function lowerTake(
  a: ArrayLike,
  indices: ArrayLike,
  opts?: TakeOptions | null,
): LoweredGather<'numpy.take'> {
  const op = 'numpy.take';
  const o = options(op, opts, ['axis', 'mode', 'out']);
  const A = arrayArg(op, 'a', a);
  // NumPy 1.24 measured, when several rules break: argument parsing first — an axis that is not
  // an integer, `out` not an array, the mode — then the axis's range, the indices' dtype, out's
  // shape and the bounds (PyArray_TakeFrom).
  const flat = o.axis === undefined || o.axis === null;
  if (!flat) integer(op, 'axis', o.axis);
  const out = outArg(op, o.out);
  const mode = resolveMode(o.mode, op);
  // axis None flattens; with an axis, a 0-d array acts as 1-d (NumPy's PyArray_CheckAxis).
  const X = flat || A.rank === 0 ? A.reshape([A.size]) : A;
  const axis = flat ? 0 : numpyAxis(op, o.axis, X.rank);
  const idx = safeIndex(indexArg(op, 'indices', indices), op);
  // NumPy buffers `out` under mode='raise': an error leaves it untouched.
  const m = { op, wording: oobWording, out, atomic_out: mode === 'raise' };
  // NumPy refuses a take from an empty axis only when the result has elements; in raise mode it
  // checks the indices once per leading position, so not at all when a dim before axis is 0.
  const firstZero = X.shape.indexOf(0);
  const zeroAhead = mode === 'raise' && firstZero >= 0 && firstZero < axis;
  if (X.shape[axis] === 0 || zeroAhead) {
    const shape = takeShape(X.shape, idx.shape, axis);
    if (X.shape[axis] === 0 && !shape.includes(0)) throw emptyAxis(op, axis);
    if (zeroAhead) return flatGather({ ...m, reshape: shape }, X, NO_INDEX, GATHER_POLICY[mode]);
  }
  return takeGather(m, X, idx, axis, TAKE_POLICY[mode]);
}

/** take's policies with their out-of-bounds code set, so no call builds the code string (B7). */
const TAKE_POLICY = eachMode((mode) =>
  rowPolicy(MODES[mode], { oob_code: 'numpy.take.index_out_of_bounds' }),
);

const NO_INDEX = zeros([0], 'int64');

const emptyAxis = (op: string, axis: number) =>
  new IndexOutOfBoundsError(`${op}.empty_axis`, `${op}: cannot do a non-empty take from an empty axes`, {
    axis,
  });

/**
 * NumPy `take`: elements of `a` at `indices` along `axis` (flattened when axis is omitted).
 *
 * @example
 * numpy.take([4, 3, 5, 7, 6, 8], [0, 1, 4]).toArray();                 // [4, 3, 6]
 * numpy.take(tensor([[0, 1, 2], [3, 4, 5]]), [-1, 5], { axis: 1, mode: 'clip' }).toArray(); // [[0, 2], [3, 5]] (clip: -1 → 0)
 */
export const take = runs(lowerTake);

/** Keyword arguments of `numpy.put`. */
export interface PutOptions {
  /** Out-of-bounds mode; default 'raise'. 'clip' clamps negative indices to 0. */
  readonly mode?: NumpyMode;
  /** Where the result goes (`a` itself = NumPy's in-place put): `a`'s shape and dtype. */
  readonly out?: Tensor;
}

/**
 * Lowers `numpy.put(a, ind, v, mode='raise')` (NumPy modifies `a`; we return the new array, or
 * write it to `out` — pass `a` for NumPy's in-place behaviour).
 *
 *   a.flat[ind[n]] = v[n % len(v)]      for n in order (duplicates: the last one wins)
 *
 * `v` is cast to `a`'s dtype unsafely, as NumPy does (2.75 → 2 into int32, 300 → 44 into uint8).
 * Rules: numpy.put.{a,ind,v}, .index_dtype, .mode, .options, .out, .empty_array (non-empty put
 * into an empty array, every mode), .index_out_of_bounds (mode raise). An empty `v` or `ind` is a no-op.
 */
export function lowerPut(
  a: ArrayLike,
  ind: ArrayLike,
  v: ArrayLike | Scalar,
  opts?: PutOptions | null,
): LoweredScatter<'numpy.put'> {
  const op = 'numpy.put';
  const o = options(op, opts, ['mode', 'out']);
  const A = arrayArg(op, 'a', a);
  // NumPy 1.24 measured: the mode (argument parsing) before the indices' dtype, then `v`.
  const mode = resolveMode(o.mode, op);
  const idx = safeIndex(indexArg(op, 'ind', ind), op);
  const policy = SCATTER_POLICY[mode];
  const V = castUnsafe(arrayArg(op, 'v', v), A.dtype, op, 'v');
  const m = { op, wording: oobWording, out: outArg(op, o.out) };
  if (A.size === 0 && V.size > 0 && idx.size > 0) {
    // NumPy 1.24 raises here only in 'raise' mode; 'wrap' loops forever and 'clip' writes out of
    // bounds (heap corruption), so every mode raises.
    throw new IndexOutOfBoundsError(`${op}.empty_array`, `${op}: cannot replace elements of an empty array`, {
      mode,
    });
  }
  return cycledFlatScatter(m, A, idx, V, policy);
}

/**
 * `a.flat[ind[n]] = v[n mod size(v)]` for every n (NumPy's put and flat-iterator assignment):
 * `v` flattened and repeated cyclically — the program's iota, remainder and gather before the
 * scatter (declared as the call's prologue) — or cut short. NumPy returns before reading any
 * index when `v` or `ind` is empty, so out-of-bounds indices then pass.
 */
export function cycledFlatScatter(
  m: CallMeta,
  A: Tensor,
  ind: Tensor,
  v: Tensor,
  policy: ScatterPolicy,
): ScatterCall {
  if (v.size === 0 || ind.size === 0)
    return flatScatter(m, A, zeros([0], 'int64'), zeros([0], A.dtype), 'replace', policy);
  const cycled =
    v.size === ind.size ? m : { ...m, prologue: { kind: 'cycle_updates', length: ind.size } as const };
  return flatScatter(cycled, A, ind.reshape([ind.size]), v.reshape([v.size]), 'replace', policy);
}

/**
 * NumPy `put`: a copy of `a` with `a.flat[ind] = v` (v cycled; duplicates: last wins).
 *
 * @example
 * numpy.put(arange(5), [0, 2], [-44, -55]).toArray();          // [-44, 1, -55, 3, 4]
 * numpy.put(arange(5), 22, -5, { mode: 'clip' }).toArray();    // [0, 1, 2, 3, -5]
 */
export const put = runs(lowerPut);
