/**
 * The NumPy frontend (NumPy 1.24 semantics, checked against goldens from the real NumPy):
 * `take`, `put`, `take_along_axis`, `put_along_axis`, `ufunc.at` for add / subtract / multiply /
 * minimum / maximum, and integer-array indexing `a[i0, i1, ...]` as `index(a, [i0, i1])`.
 *
 * NumPy's in-place functions (put, put_along_axis, ufunc.at) return a new array here, or write
 * it to `out` (pass the input itself for NumPy's in-place behaviour). Every function takes NumPy's
 * keyword arguments, `out` included, as one trailing options object; unknown keys are refused.
 * Policies (negative indices, out of bounds, duplicates, index dtypes) live in numpy/policy.ts,
 * indexing and `ufunc.at` in numpy/indexing.ts; take, put and the along-axis functions are here.
 *
 * @example
 * numpy.take([4, 3, 5, 7, 6, 8], [0, 1, 4]).toArray();        // [4, 3, 6]
 * numpy.add.at([1, 2, 3, 4], [0, 1, 2, 2], 1).toArray();       // [2, 3, 5, 4]
 */
import { arityChecked } from './arity.js';
import * as stated from './numpy/policy.js';
import { IndexOutOfBoundsError, InvalidArgumentError, fmt } from '../errors.js';
import type { DType, Scalar } from '../tensor/dtype.js';
import { broadcastTo } from '../tensor/ops.js';
import { type Tensor, zeros } from '../tensor/tensor.js';
import { integer, options, outArg } from './args.js';
import { numpyArray } from './constructors.js';
import {
  type CallMeta,
  type ScatterPolicy,
  elementsGather,
  elementsScatter,
  flatGather,
  flatScatter,
  takeGather,
  takeShape,
} from './families.js';
import * as indexing from './numpy/indexing.js';
import type { IndexOptions, IndexTuple } from './numpy/indexing.js';
import {
  GATHER_POLICY,
  type NumpyMode,
  SCATTER_POLICY,
  TAKE_POLICY,
  type UfuncName,
  fancyIndex,
  intpIndex,
  numpyAxis,
  oobWording,
  resolveMode,
  withFloatRules,
} from './numpy/policy.js';
import {
  type ArrayLike,
  arrayArg,
  broadcastExactly,
  broadcastOr,
  castUnsafe,
  notRagged,
  pythonInts,
  scanList,
} from './numpy/shared.js';
import { type DataDType, type LoweredGather, type LoweredScatter, runs } from './lowered.js';
import { checkTakeOut, takeIntoOther } from './numpy/take-out.js';
import type { GatherCall } from '../core/call.js';
import type { ProgramCall } from '../ir/lowered.js';

export type { NumpyMode, UfuncName } from './numpy/policy.js';
export { MODES as NUMPY_MODES } from './numpy/policy.js';
export type { ArrayLike, ArrayLikeDType } from './numpy/shared.js';
export type { IndexItem, IndexOptions, IndexTuple, Slice, SliceBound } from './numpy/indexing.js';

/** Keyword arguments of `numpy.take`. */
export interface TakeOptions {
  /** Axis to take along; `null`/omitted = the flattened array (NumPy's default axis=None). */
  readonly axis?: number | null;
  /** Out-of-bounds mode; default 'raise'. */
  readonly mode?: NumpyMode;
  /**
   * Where the result goes (NumPy's `out`): the result's shape, and `a`'s dtype or one that casts
   * safely to it (then the result is cast back to `out`'s dtype unsafely, as NumPy does).
   */
  readonly out?: Tensor;
}

/**
 * Lowers `numpy.take(a, indices, axis=None, out=None, mode='raise')`.
 *
 *   out[ii..., jj..., kk...] = a[ii..., indices[jj...], kk...]
 *
 * Shape: a.shape[:axis] + indices.shape + a.shape[axis+1:] (axis None: indices.shape).
 * An `out` of another dtype lowers to a program: the gather, then a cast to `out`'s dtype
 * (numpy/take-out.ts).
 * Rules: numpy.take.{a,indices} (array_like), .index_dtype (safe cast to intp), .axis, .mode,
 * .options, .out (shape; a dtype that does not cast safely to a's), .empty_axis (a take from an empty axis whose result has elements), .index_out_of_bounds
 * (mode raise; checked also when the result is empty, unless a dim before axis is 0).
 */
function lowerTake(
  a: ArrayLike,
  indices: ArrayLike,
  opts?: (TakeOptions & { readonly out?: undefined }) | null,
): LoweredGather<'numpy.take'>;
function lowerTake(
  a: ArrayLike,
  indices: ArrayLike,
  opts?: TakeOptions | null,
): LoweredGather<'numpy.take'> | ProgramCall;
function lowerTake(
  a: ArrayLike,
  indices: ArrayLike,
  opts?: TakeOptions | null,
): LoweredGather<'numpy.take'> | ProgramCall {
  const op = 'numpy.take';
  const o = options(op, opts, ['axis', 'mode', 'out']);
  const A = arrayArg(op, 'a', a);
  // NumPy 1.24 measured, when several rules break: argument parsing first — an axis that is not
  // an integer, `out` not an array, the mode — then the axis's range, the indices' dtype, out's
  // shape, out's dtype, an empty axis and the bounds (PyArray_TakeFrom).
  const flat = o.axis === undefined || o.axis === null;
  if (!flat) integer(op, 'axis', o.axis);
  const out = outArg(op, o.out);
  const mode = resolveMode(o.mode, op);
  // axis None flattens; with an axis, a 0-d array acts as 1-d (NumPy's PyArray_CheckAxis).
  const X = flat || A.rank === 0 ? A.reshape([A.size]) : A;
  const axis = flat ? 0 : numpyAxis(op, o.axis, X.rank);
  const idx = intpIndex(op, 'indices', indices);
  // `out`: NumPy checks its shape, then casts its dtype safely to a's, before an empty axis or
  // the bounds; one of another dtype gets the result cast back in the program (numpy/take-out.ts).
  if (out !== undefined) checkTakeOut(out, X.dtype, takeShape(X.shape, idx.shape, axis));
  const other = out !== undefined && out.dtype !== X.dtype;
  // NumPy buffers `out` under mode='raise': an error leaves it untouched.
  const m = { op, wording: oobWording, out: other ? undefined : out, atomic_out: mode === 'raise' };
  const call = takeCall(m, X, idx, axis, mode);
  return other ? takeIntoOther(call, out) : call;
}

/** The gather of a take (the rest of lowerTake, `out` of a's dtype or none). */
function takeCall(m: CallMeta, X: Tensor, idx: Tensor, axis: number, mode: NumpyMode): GatherCall {
  const op = 'numpy.take';
  // NumPy refuses a take from an empty axis only when the result has elements; in raise mode it
  // checks the indices once per leading position, so not at all when a dim before axis is 0.
  const firstZero = X.shape.indexOf(0);
  const zeroAhead = mode === 'raise' && firstZero >= 0 && firstZero < axis;
  if (X.shape[axis] === 0 || zeroAhead) {
    const shape = takeShape(X.shape, idx.shape, axis);
    if (X.shape[axis] === 0 && !shape.includes(0))
      throw new IndexOutOfBoundsError(
        `${op}.empty_axis`,
        `${op}: cannot do a non-empty take from an empty axes.`, // NumPy's period too
        {
          axis,
        },
      );
    if (zeroAhead) return flatGather({ ...m, reshape: shape }, X, NO_INDEX, GATHER_POLICY);
  }
  return takeGather(m, X, idx, axis, TAKE_POLICY[mode]);
}

const NO_INDEX = zeros([0], 'int64');

/**
 * NumPy `take`: elements of `a` at `indices` along `axis` (flattened when axis is omitted).
 *
 * @example
 * numpy.take([4, 3, 5, 7, 6, 8], [0, 1, 4]).toArray();                 // [4, 3, 6]
 * numpy.take(tensor([[0, 1, 2], [3, 4, 5]]), [-1, 5], { axis: 1, mode: 'clip' }).toArray(); // [[0, 2], [3, 5]] (clip: -1 → 0)
 */
const take = runs(lowerTake) as {
  // NumPy returns `out` when given, in its own dtype (the result cast to it: numpy/take-out.ts).
  <O extends DType>(
    a: ArrayLike,
    indices: ArrayLike,
    opts: TakeOptions & { readonly out: Tensor<O> },
  ): Tensor<O>;
  <A extends ArrayLike>(a: A, indices: ArrayLike, opts?: TakeOptions | null): Tensor<DataDType<A>>;
};

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
function lowerPut(
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
  const idx = intpIndex(op, 'ind', ind);
  const V = castUnsafe(arrayArg(op, 'v', v), A.dtype, op, 'v');
  const m = { op, wording: oobWording, out: outArg(op, o.out) };
  if (A.size === 0 && V.size > 0 && idx.size > 0 && mode !== 'raise') {
    // Under 'raise' NumPy 1.24 bounds-checks the first index like any other ("index 0 is out of
    // bounds for axis 0 with size 0", measured: the scatter's own check says so); 'wrap' loops
    // forever and 'clip' writes out of bounds (heap corruption), so those modes are refused.
    throw new IndexOutOfBoundsError(`${op}.empty_array`, `${op}: cannot replace elements of an empty array`, {
      mode,
    });
  }
  return cycledFlatScatter(m, A, idx, V, SCATTER_POLICY[mode]);
}

/**
 * `a.flat[ind[n]] = v[n mod size(v)]` (NumPy's put and flat assignment): `v` flattened and cycled
 * by the call's declared prologue, or cut short. NumPy reads no index when `v` or `ind` is empty.
 */
function cycledFlatScatter(m: CallMeta, A: Tensor, ind: Tensor, v: Tensor, policy: ScatterPolicy) {
  if (v.size === 0 || ind.size === 0)
    return flatScatter(m, A, NO_INDEX, zeros([0], A.dtype), 'replace', policy);
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
const put = runs(lowerPut);

/** Keyword arguments of `numpy.take_along_axis` and `numpy.put_along_axis`. */
export interface AlongAxisOptions {
  /** Where the result goes (take: the indices' broadcast shape; put: `arr`'s shape); `arr`'s dtype. */
  readonly out?: Tensor;
}

/**
 * The along-axis checks: numpy.<op>.{axis (an integer in range, or null: flattened), indices,
 * index_dtype, ndim (same rank), shape (non-axis dims broadcast)}; the indices broadcast.
 */
function prepare(op: string, A: Tensor, indices: unknown, axis: unknown) {
  // NumPy 1.24 measured: the axis (normalize_axis_index) before anything about the indices —
  // their dtype, then their rank, then the broadcast. A JS list stands for np.asarray(list),
  // which the caller makes first: a ragged one fails before the axis is looked at.
  const s = scanList(indices);
  notRagged(op, s);
  const flat = axis === null;
  const arr = flat ? A.reshape([A.size]) : A;
  const ax = flat ? 0 : numpyAxis(op, axis, A.rank);
  const I = fancyIndex(pythonInts(indices, s) ?? arrayArg(op, 'indices', indices), op, 'along');
  if (I.rank !== arr.rank) {
    throw new InvalidArgumentError(
      `${op}.ndim`,
      `${op}: \`indices\` and \`arr\` must have the same number of dimensions; got ${I.rank} and ${arr.rank}`,
      { indices: I.shape, arr: arr.shape },
    );
  }
  const shape = broadcastOr(
    [arr.shape, I.shape].map((s) => s.map((n, d) => (d === ax ? 1 : n))),
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
function lowerTakeAlongAxis(
  arr: ArrayLike,
  indices: ArrayLike,
  axis: number | null,
  opts?: AlongAxisOptions | null,
): LoweredGather<'numpy.take_along_axis'> {
  const op = 'numpy.take_along_axis';
  const o = options(op, opts, ['out']);
  const p = prepare(op, arrayArg(op, 'arr', arr), indices, axis);
  const m = { op, wording: wordingOf(axis), out: outArg(op, o.out) };
  return elementsGather(m, p.arr, p.indices, p.axis, GATHER_POLICY);
}

/**
 * NumPy `take_along_axis`: values of `arr` at one index per element along `axis`.
 *
 * @example
 * const a = tensor([[10, 30, 20], [60, 40, 50]]);
 * numpy.take_along_axis(a, tensor([[0, 2, 1], [1, 2, 0]]), 1).toArray(); // [[10, 20, 30], [40, 50, 60]]
 */
const take_along_axis = runs(lowerTakeAlongAxis);

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
function lowerPutAlongAxis(
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
  // Through `arr.flat` (NumPy 1.24 measured: [7, 8] into 3 places writes 7, 8, 7).
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
const put_along_axis = runs(lowerPutAlongAxis);

/**
 * `numpy.lower.<ufunc>.at`: a core scatter when `a` and `b` are tensors of one dtype; otherwise
 * the dtypes (and a 0-d `b`'s value) decide: a program when the ufunc's loop is not a's dtype.
 */
interface LowerAt<N extends UfuncName> {
  <D extends DType>(
    a: Tensor<D>,
    indices: ArrayLike | IndexTuple,
    b: Tensor<D>,
    opts?: IndexOptions | null,
  ): LoweredScatter<`numpy.${N}.at`>;
  (
    a: ArrayLike,
    indices: ArrayLike | IndexTuple,
    b: ArrayLike | Scalar,
    opts?: IndexOptions | null,
  ): LoweredScatter<`numpy.${N}.at`> | ProgramCall;
}
const lowerAt = <N extends UfuncName>(name: N) =>
  ({
    /** Lowers `numpy.<ufunc>.at(a, indices, b)` to one core scatter, or a program when b's dtype makes the loop another (see the ufunc's `at`). */
    at: ((
      a: ArrayLike,
      indices: ArrayLike | IndexTuple,
      b: ArrayLike | Scalar,
      opts?: IndexOptions | null,
    ) => {
      const call = indexing.lowerUfuncAt(name, a, indices, b, opts);
      // A program computes in another dtype than a's, its float rules written in its body.
      return call.kind === 'program' ? call : withFloatRules(name, call);
    }) as LowerAt<N>,
  }) as const;
const ufunc = (name: UfuncName) =>
  ({
    /**
     * `numpy.<ufunc>.at(a, indices, b)`: `a` with the ufunc applied unbuffered at the indexed
     * positions (repeated indices accumulate); the result keeps `a`'s dtype. A `b` of another
     * dtype runs the ufunc in NumPy 1.24's loop dtype, each step cast back to a's
     * (`np.add.at(int8 [1], [0, 0], 300)` is 89).
     */
    at: runs(lowerAt(name).at),
  }) as const;

/** The functions besides the ops of `SIGNATURES`, by their positional parameters (frameworks/arity.ts). */
const NUMPY_OTHERS = {
  array: ['object', 'dtype'],
  index: ['a', 'index', 'options'],
  slice: ['start', 'stop', 'step'],
  // Python's `()`, `(i, j)`: any number of items.
  tuple: 'variadic',
} as const;

/** NumPy gather/scatter functions; `np` is an alias. */
export const numpy = /* @__PURE__ */ arityChecked('numpy', stated, NUMPY_OTHERS, {
  /** `numpy.array(object, dtype=None)`: integers → int64, floats → float64, booleans → bool. */
  array: numpyArray,
  take,
  put,
  take_along_axis,
  put_along_axis,
  index: indexing.index,
  /** An index tuple for `ufunc.at` (`numpy.tuple()` is Python's `()`). */
  tuple: indexing.tuple,
  /** `start:stop:step` in an index tuple (Python's `slice`). */
  slice: indexing.slice,
  /** Python's `None` in an index tuple: a new axis of size 1 (the value `null`). */
  newaxis: indexing.newaxis,
  /** Python's `...` in an index tuple. */
  ellipsis: indexing.ellipsis,
  add: ufunc('add'),
  subtract: ufunc('subtract'),
  multiply: ufunc('multiply'),
  minimum: ufunc('minimum'),
  maximum: ufunc('maximum'),
  /** The same calls lowered to one core call each (for `explain` and the explorer). */
  lower: {
    take: lowerTake,
    put: lowerPut,
    take_along_axis: lowerTakeAlongAxis,
    put_along_axis: lowerPutAlongAxis,
    index: indexing.lowerIndex,
    add: lowerAt('add'),
    subtract: lowerAt('subtract'),
    multiply: lowerAt('multiply'),
    minimum: lowerAt('minimum'),
    maximum: lowerAt('maximum'),
  },
} as const);
