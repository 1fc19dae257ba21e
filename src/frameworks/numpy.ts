/**
 * The NumPy frontend (NumPy 1.24 semantics, checked against goldens from the real NumPy):
 * `take`, `put`, `take_along_axis`, `put_along_axis`, `ufunc.at` for add / subtract / multiply /
 * minimum / maximum, and integer-array indexing `a[i0, i1, ...]` as `index(a, [i0, i1])`.
 *
 * NumPy's in-place functions (put, put_along_axis, ufunc.at) return a new array here, or write
 * it to `out` (pass the input itself for NumPy's in-place behaviour). Every function takes NumPy's
 * keyword arguments, `out` included, as one trailing options object; unknown keys are refused.
 * Policies (negative indices, out of bounds, duplicates, index dtypes) live in numpy/policy.ts.
 *
 * @example
 * numpy.take([4, 3, 5, 7, 6, 8], [0, 1, 4]).toArray();        // [4, 3, 6]
 * numpy.add.at([1, 2, 3, 4], [0, 1, 2, 2], 1).toArray();       // [2, 3, 5, 4]
 */
import type { Scalar } from '../tensor/dtype.js';
import { numpyArray } from './constructors.js';
import * as alongAxis from './numpy/along-axis.js';
import * as indexing from './numpy/indexing.js';
import type { IndexOptions, IndexTuple } from './numpy/indexing.js';
import { type UfuncName, withFloatRules } from './numpy/policy.js';
import { lowerPut, lowerTake, put, take } from './numpy/take.js';
import type { ArrayLike } from './numpy/shared.js';
import { type LoweredScatter, runs } from './lowered.js';

export type { NumpyMode, UfuncName } from './numpy/policy.js';
export { MODES as NUMPY_MODES } from './numpy/policy.js';
export type { ArrayLike, ArrayLikeDType } from './numpy/shared.js';
export type { IndexItem, IndexOptions, IndexTuple, Slice } from './numpy/indexing.js';
export type { TakeOptions, PutOptions } from './numpy/take.js';
export type { AlongAxisOptions } from './numpy/along-axis.js';

const lowerAt = <N extends UfuncName>(name: N) =>
  ({
    /** Lowers `numpy.<ufunc>.at(a, indices, b)` to one core scatter (see the ufunc's `at`). */
    at: (
      a: ArrayLike,
      indices: ArrayLike | IndexTuple,
      b: ArrayLike | Scalar,
      opts?: IndexOptions | null,
    ): LoweredScatter<`numpy.${N}.at`> =>
      withFloatRules(name, indexing.lowerUfuncAt(name, a, indices, b, opts)),
  }) as const;
const ufunc = (name: UfuncName) =>
  ({
    /**
     * `numpy.<ufunc>.at(a, indices, b)`: `a` with the ufunc applied unbuffered at the indexed
     * positions (repeated indices accumulate); the result keeps `a`'s dtype.
     */
    at: runs(lowerAt(name).at),
  }) as const;

/** NumPy gather/scatter functions; `np` is an alias. */
export const numpy = {
  /** `numpy.array(object, dtype=None)`: integers → int64, floats → float64, booleans → bool. */
  array: numpyArray,
  take,
  put,
  take_along_axis: alongAxis.take_along_axis,
  put_along_axis: alongAxis.put_along_axis,
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
    take_along_axis: alongAxis.lowerTakeAlongAxis,
    put_along_axis: alongAxis.lowerPutAlongAxis,
    index: indexing.lowerIndex,
    add: lowerAt('add'),
    subtract: lowerAt('subtract'),
    multiply: lowerAt('multiply'),
    minimum: lowerAt('minimum'),
    maximum: lowerAt('maximum'),
  },
} as const;
