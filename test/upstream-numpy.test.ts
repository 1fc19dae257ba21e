/**
 * NumPy's own unit tests for the gather/scatter family, the cases test/upstream-suites.test.ts
 * does not already restate (it holds test_item_selection.py and the first cases of the files
 * below), run against the NumPy frontend. Inputs and expected values or errors are the upstream
 * tests'; every expectation was re-computed with NumPy 1.24.2 (/usr/bin/python3). Where a test
 * draws a random array, a fixed one stands for it and NumPy's printed answer is the expectation.
 * Sources, numpy/numpy @ commit:
 *   v1.24.2 @ 85f38ab180ece5290f64e8ddbd9cf06ad8fa4a5e —
 *     numpy/lib/tests/test_shape_base.py: TestTakeAlongAxis.test_argequivalent (min, max,
 *       partition), TestPutAlongAxis;
 *     numpy/core/tests/test_multiarray.py: TestZeroRank, TestScalarIndexing, TestFancyIndexing
 *       (test_mask, test_mask2), TestTake.test_out_overlap, TestMethods.test_put (the list `a`);
 *     numpy/core/tests/test_indexing.py: TestIndexing (test_index_no_floats,
 *       test_slicing_no_floats, test_index_no_array_to_index, test_empty_tuple_index,
 *       test_scalar_array_bool, test_boolean_assignment_value_mismatch, test_broaderrors_indexing,
 *       test_memory_order, test_scalar_return_type, test_small_regressions, test_tuple_subclass,
 *       test_indexing_array_weird_strides, test_indexing_array_negative_strides,
 *       test_nontuple_ndindex), TestBroadcastedAssignments, TestFloatNonIntegerArgument,
 *       TestBooleanIndexing.test_bool_as_int_argument_errors, TestArrayToIndexDeprecation,
 *       TestNonIntegerArrayLike, TestMultipleEllipsisError, TestCApiAccess.test_setitem;
 *     numpy/core/tests/test_regression.py: test_negative_nd_indexing,
 *       test_zero_sized_array_indexing, test_fancy_index, test_array_index, test_take_output,
 *       test_take_object_fail, test_bool_flat_indexing_invalid_nr_elements,
 *       test_mem_scalar_indexing, test_mem_0d_array_index, test_take_refcount;
 *     numpy/core/tests/test_numeric.py: TestNonarrayArgs.test_take.
 *   v1.25.0 @ db4f43983cb938f12c311e1f5b7165e270c393b4 — numpy/core/tests/test_ufunc.py
 *     test_ufunc_at_basic, _inner_loops, _inner_loops_complex, _ellipsis, _large,
 *     test_cast_index_fastpath, test_ufunc_at_scalar_value_fastpath, test_at_broadcast_failure
 *     (1.24's test_inplace_fancy_indexing split up and extended; values from NumPy 1.24.2).
 *   main @ 1f90bbb55e65e7de68921bc3f1a2d94492fdf689 — test_shape_base.py
 *     TestPutAlongAxis.test_invalid and TestTakeAlongAxis.test_invalid's axis=None case (1.24.2
 *     raises there too, for the rank).
 * `a[idx] = v` has no counterpart in this frontend (it reads `a[idx]` and writes through put,
 * put_along_axis and ufunc.at): an upstream assignment about the index or the values' broadcast
 * is restated as `np.add.at` into zeros, and NumPy 1.24.2's answer for that very call is the
 * expectation (ufunc.at never prepends ones to `b` as assignment does, so there NumPy raises).
 * Left out: assignments of values (putmask, a[m] = v, casts), compress / choose / putmask and
 * ufuncs other than add / subtract / multiply / minimum / maximum, which the library does not
 * implement; object, string and structured dtypes; subclasses, views, refcounts and flags.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { numpy } from '../src/frameworks/numpy.js';
import { DTypeError, IndexOutOfBoundsError, InvalidArgumentError } from '../src/index.js';
import { complex } from '../src/tensor/complex.js';
import type { DType } from '../src/tensor/dtype.js';
import { broadcastTo, moveAxis } from '../src/tensor/ops.js';
import { Tensor, arange, full, tensor, zeros } from '../src/tensor/tensor.js';
import { caught, expectRule, typedCode as typed } from './helpers/errors.js';
import { plain as num } from './helpers/values.js';

const { slice, ellipsis, newaxis } = numpy;
const I = (x: unknown) => tensor(x as number[], 'int64');
const F = (x: unknown) => tensor(x as number[], 'float64');
/** NumPy's IndexError for an index it does not take (a list's item, or an array's dtype). */
const NOT_INDEX = /only integers, slices \(`:`\), ellipsis \(`\.\.\.`\), numpy\.newaxis \(`None`\)/;
const NOT_INT_ARRAY = /arrays used as indices must be of integer \(or boolean\) type/;

describe('numpy/lib/tests/test_shape_base.py (v1.24.2): take_along_axis / put_along_axis', () => {
  // TestTakeAlongAxis.test_argequivalent: take_along_axis(a, argf(a, axis), axis) == f(a, axis)
  // for min / max with keepdims and partition(kth=2). A fixed (3, 4, 5) array stands for
  // rand(3, 4, 5): (RandomState(0).permutation(60).reshape(3, 4, 5) - 30) / 4; argf and f printed
  // by NumPy 1.24.2 (sort is in upstream-suites).
  const a = F([
    [
      [-1.0, 1.25, 7.25, -0.5, -4.75],
      [-7.0, 1.0, 7.0, 2.5, -2.0],
      [-6.5, -5.0, 0.0, 2.75, 0.75],
      [3.25, 4.75, -5.75, -4.0, 0.5],
    ],
    [
      [5.0, -0.25, 3.0, 6.0, -3.0],
      [6.5, -0.75, -3.75, -6.25, 0.25],
      [-3.5, 5.25, -2.5, 5.5, -5.5],
      [-4.25, -1.25, 1.75, -3.25, 3.75],
    ],
    [
      [4.5, 6.75, 2.0, -7.25, -4.5],
      [4.0, -1.5, -6.0, -1.75, 1.5],
      [-2.25, -2.75, -5.25, 2.25, 6.25],
      [-6.75, -7.5, 5.75, 4.25, 3.5],
    ],
  ]);
  type Case = readonly [string, 0 | 1 | 2 | null, unknown, unknown];
  const CASES: readonly Case[] = [
    [
      'min',
      0,
      [
        [
          [0, 1, 2, 2, 0],
          [0, 2, 2, 1, 0],
          [0, 0, 2, 2, 1],
          [2, 2, 0, 0, 0],
        ],
      ],
      [
        [
          [-1.0, -0.25, 2.0, -7.25, -4.75],
          [-7.0, -1.5, -6.0, -6.25, -2.0],
          [-6.5, -5.0, -5.25, 2.25, -5.5],
          [-6.75, -7.5, -5.75, -4.0, 0.5],
        ],
      ],
    ],
    [
      'min',
      1,
      [[[1, 2, 3, 3, 0]], [[3, 3, 1, 1, 2]], [[3, 3, 1, 0, 0]]],
      [
        [[-7.0, -5.0, -5.75, -4.0, -4.75]],
        [[-4.25, -1.25, -3.75, -6.25, -5.5]],
        [[-6.75, -7.5, -6.0, -7.25, -4.5]],
      ],
    ],
    [
      'min',
      2,
      [
        [[4], [0], [0], [2]],
        [[4], [3], [4], [0]],
        [[3], [2], [2], [1]],
      ],
      [
        [[-4.75], [-7.0], [-6.5], [-5.75]],
        [[-3.0], [-6.25], [-5.5], [-4.25]],
        [[-7.25], [-6.0], [-5.25], [-7.5]],
      ],
    ],
    ['min', null, [56], [-7.5]],
    [
      'max',
      0,
      [
        [
          [1, 2, 0, 1, 1],
          [1, 0, 0, 0, 2],
          [2, 1, 0, 1, 2],
          [0, 0, 2, 2, 1],
        ],
      ],
      [
        [
          [5.0, 6.75, 7.25, 6.0, -3.0],
          [6.5, 1.0, 7.0, 2.5, 1.5],
          [-2.25, 5.25, 0.0, 5.5, 6.25],
          [3.25, 4.75, 5.75, 4.25, 3.75],
        ],
      ],
    ],
    [
      'max',
      1,
      [[[3, 3, 0, 2, 2]], [[1, 2, 0, 0, 3]], [[0, 0, 3, 3, 2]]],
      [[[3.25, 4.75, 7.25, 2.75, 0.75]], [[6.5, 5.25, 3.0, 6.0, 3.75]], [[4.5, 6.75, 5.75, 4.25, 6.25]]],
    ],
    [
      'max',
      2,
      [
        [[2], [2], [3], [1]],
        [[3], [0], [3], [4]],
        [[1], [0], [4], [2]],
      ],
      [
        [[7.25], [7.0], [2.75], [4.75]],
        [[6.0], [6.5], [5.5], [3.75]],
        [[6.75], [4.0], [6.25], [5.75]],
      ],
    ],
    ['max', null, [2], [7.25]],
    [
      'partition(kth=2)',
      1,
      [
        [
          [1, 2, 3, 3, 0],
          [2, 1, 2, 0, 1],
          [0, 0, 1, 1, 3],
          [3, 3, 0, 2, 2],
        ],
        [
          [3, 3, 1, 1, 2],
          [2, 1, 2, 3, 0],
          [0, 0, 3, 2, 1],
          [1, 2, 0, 0, 3],
        ],
        [
          [3, 3, 1, 0, 0],
          [2, 2, 2, 1, 1],
          [1, 1, 0, 2, 3],
          [0, 0, 3, 3, 2],
        ],
      ],
      [
        [
          [-7.0, -5.0, -5.75, -4.0, -4.75],
          [-6.5, 1.0, 0.0, -0.5, -2.0],
          [-1.0, 1.25, 7.0, 2.5, 0.5],
          [3.25, 4.75, 7.25, 2.75, 0.75],
        ],
        [
          [-4.25, -1.25, -3.75, -6.25, -5.5],
          [-3.5, -0.75, -2.5, -3.25, -3.0],
          [5.0, -0.25, 1.75, 5.5, 0.25],
          [6.5, 5.25, 3.0, 6.0, 3.75],
        ],
        [
          [-6.75, -7.5, -6.0, -7.25, -4.5],
          [-2.25, -2.75, -5.25, -1.75, 1.5],
          [4.0, -1.5, 2.0, 2.25, 3.5],
          [4.5, 6.75, 5.75, 4.25, 6.25],
        ],
      ],
    ],
    [
      'partition(kth=2)',
      2,
      [
        [
          [4, 0, 3, 2, 1],
          [0, 4, 1, 3, 2],
          [0, 1, 2, 3, 4],
          [2, 3, 4, 1, 0],
        ],
        [
          [4, 1, 2, 3, 0],
          [3, 2, 1, 0, 4],
          [4, 0, 2, 3, 1],
          [0, 3, 1, 2, 4],
        ],
        [
          [3, 4, 2, 0, 1],
          [2, 3, 1, 0, 4],
          [2, 1, 0, 3, 4],
          [1, 0, 4, 3, 2],
        ],
      ],
      [
        [
          [-4.75, -1.0, -0.5, 7.25, 1.25],
          [-7.0, -2.0, 1.0, 2.5, 7.0],
          [-6.5, -5.0, 0.0, 2.75, 0.75],
          [-5.75, -4.0, 0.5, 4.75, 3.25],
        ],
        [
          [-3.0, -0.25, 3.0, 6.0, 5.0],
          [-6.25, -3.75, -0.75, 6.5, 0.25],
          [-5.5, -3.5, -2.5, 5.5, 5.25],
          [-4.25, -3.25, -1.25, 1.75, 3.75],
        ],
        [
          [-7.25, -4.5, 2.0, 4.5, 6.75],
          [-6.0, -1.75, -1.5, 4.0, 1.5],
          [-5.25, -2.75, -2.25, 2.25, 6.25],
          [-7.5, -6.75, 3.5, 4.25, 5.75],
        ],
      ],
    ],
    [
      'partition(kth=2)',
      null,
      [
        56, 43, 5, 3, 4, 2, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
        27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 1, 44, 45, 46, 47, 48, 49, 50, 51, 52,
        53, 54, 55, 0, 57, 58, 59,
      ],
      [
        -7.5, -7.25, -7.0, -0.5, -4.75, 7.25, 1.0, 7.0, 2.5, -2.0, -6.5, -5.0, 0.0, 2.75, 0.75, 3.25, 4.75,
        -5.75, -4.0, 0.5, 5.0, -0.25, 3.0, 6.0, -3.0, 6.5, -0.75, -3.75, -6.25, 0.25, -3.5, 5.25, -2.5, 5.5,
        -5.5, -4.25, -1.25, 1.75, -3.25, 3.75, 4.5, 6.75, 2.0, 1.25, -4.5, 4.0, -1.5, -6.0, -1.75, 1.5, -2.25,
        -2.75, -5.25, 2.25, 6.25, -6.75, -1.0, 5.75, 4.25, 3.5,
      ],
    ],
  ];
  for (const [f, axis, ai, want] of CASES)
    it(`TestTakeAlongAxis.test_argequivalent: ${f}, axis=${axis}`, () => {
      const r = numpy.take_along_axis(a, I(ai), axis);
      expect(r.dtype).toBe('float64');
      expect(num(r)).toEqual(want);
    });

  it('TestTakeAlongAxis.test_invalid (main): axis=None with 2-d indices is a ValueError (1.24.2: the rank)', () => {
    const ones = full([10, 10], 1, 'float64');
    const c = caught(() => numpy.take_along_axis(ones, full([10, 2], 1, 'int64'), null));
    expect(c.error).toBeInstanceOf(InvalidArgumentError);
    expect(c.code).toBe('numpy.take_along_axis.ndim');
    expect(c.message).toMatch(/`indices` and `arr` must have the same number of dimensions/);
  });
  it("TestTakeAlongAxis.test_invalid: NumPy's words for bool indices and axis 10", () => {
    const ones = full([10, 10], 1, 'float64');
    expect(caught(() => numpy.take_along_axis(ones, full([10, 2], true, 'bool'), 1)).message).toMatch(
      /`indices` must be an integer array/,
    );
    expect(caught(() => numpy.take_along_axis(ones, full([10, 2], 1, 'int64'), 10)).message).toMatch(
      /axis 10 is out of bounds for array of dimension 2/,
    );
  });

  const aBase = () =>
    I([
      [10, 30, 20],
      [60, 40, 50],
    ]);
  it('TestPutAlongAxis.test_invalid (main): indices [[0], [1]], values [[2], [1]], axis 0 broadcast along rows', () => {
    const r = numpy.put_along_axis(aBase(), I([[0], [1]]), I([[2], [1]]), 0);
    expect(r.dtype).toBe('int64');
    expect(num(r)).toEqual([
      [2, 2, 2],
      [1, 1, 1],
    ]);
  });
  it('TestPutAlongAxis.test_invalid (main): the same with axis=None is a ValueError (1.24.2: the rank)', () => {
    expect(typed(() => numpy.put_along_axis(aBase(), I([[0], [1]]), I([[2], [1]]), null))).toBe(
      'numpy.put_along_axis.ndim',
    );
  });
  it('TestPutAlongAxis.test_replace_max: putting -99 at the argmax makes it the argmin (axis 0, 1, None)', () => {
    // i_max = keepdims argmax; the argmin after the put (printed by NumPy 1.24.2) is i_max again.
    const cases: [0 | 1 | null, number[] | number[][], number[][]][] = [
      [
        0,
        [[1, 1, 1]],
        [
          [10, 30, 20],
          [-99, -99, -99],
        ],
      ],
      [
        1,
        [[1], [0]],
        [
          [10, -99, 20],
          [-99, 40, 50],
        ],
      ],
      [
        null,
        [3],
        [
          [10, 30, 20],
          [-99, 40, 50],
        ],
      ],
    ];
    for (const [axis, iMax, want] of cases) {
      const r = numpy.put_along_axis(aBase(), I(iMax), -99, axis);
      expect(num(r)).toEqual(want);
      // take_along_axis at i_max reads the -99 back: the new minimum sits where the max was.
      expect((num(numpy.take_along_axis(r, I(iMax), axis)) as number[] | number[][]).flat()).toEqual(
        (iMax as unknown[]).flat().map(() => -99),
      );
    }
  });
});

describe('numpy/core/tests/test_multiarray.py (v1.24.2)', () => {
  const z = () => tensor(0, 'int64');
  it('TestZeroRank.test_ellipsis_subscript / test_empty_subscript: a[...] and a[()] of array(0) are 0-d 0', () => {
    for (const r of [numpy.index(z(), [ellipsis]), numpy.index(z(), numpy.tuple())]) {
      expect(r.shape).toEqual([]);
      expect(r.dtype).toBe('int64');
      expect(num(r)).toBe(0);
    }
  });
  it('TestZeroRank / TestScalarIndexing.test_invalid_subscript: a[0] and a[np.array([], int)] are IndexErrors', () => {
    expect(typed(() => numpy.index(z(), [0]))).toBe('numpy.index.too_many_indices');
    expect(typed(() => numpy.index(z(), [zeros([0], 'int64')]))).toBe('numpy.index.too_many_indices');
    // The setitem halves, as np.add.at (NumPy 1.24.2: the same IndexError).
    expect(typed(() => numpy.add.at(z(), 0, 42))).toBe('numpy.add.at.too_many_indices');
  });
  it('TestZeroRank / TestScalarIndexing.test_newaxis: the shapes None and ... give a 0-d array', () => {
    const shapes: [unknown[], number[]][] = [
      [[newaxis], [1]],
      [[ellipsis, newaxis], [1]],
      [[newaxis, ellipsis], [1]],
      [
        [newaxis, ellipsis, newaxis],
        [1, 1],
      ],
      [
        [ellipsis, newaxis, newaxis],
        [1, 1],
      ],
      [
        [newaxis, newaxis, ellipsis],
        [1, 1],
      ],
      [Array(10).fill(newaxis), Array(10).fill(1)],
    ];
    for (const [idx, shape] of shapes) {
      const r = numpy.index(z(), idx as never);
      expect(r.shape).toEqual(shape);
      expect(r.toFlatArray()).toEqual([0n]);
    }
  });
  it('TestZeroRank.test_invalid_newaxis: a[None, 0] and a[(None,) * 50] are IndexErrors', () => {
    expect(typed(() => numpy.index(z(), [newaxis, 0]))).toBe('numpy.index.too_many_indices');
    const c = caught(() => numpy.index(z(), Array(50).fill(newaxis)));
    expect(c.code).toBe('numpy.index.max_dims');
    expect(c.message).toMatch(/number of dimensions must be within \[0, 32\], indexing result would have 50/);
  });
  it('TestFancyIndexing.test_mask / test_mask2: 1-d and 2-d masks', () => {
    expect(num(numpy.index(I([1, 2, 3, 4]), [tensor([false, true, false, false])]))).toEqual([2]);
    const x = I([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    expect(num(numpy.index(x, [tensor([false, true])]))).toEqual([[5, 6, 7, 8]]);
    const m2 = [
      [false, true, false, false],
      [true, false, false, false],
    ];
    const m3 = [
      [false, true, false, false],
      [false, false, false, false],
    ];
    expect(num(numpy.index(x, [tensor(m2)]))).toEqual([2, 5]);
    expect(num(numpy.index(x, [tensor(m3)]))).toEqual([2]);
  });
  it('TestTake.test_out_overlap: take(arange(5), [1, 2, 3], out=<3 elements>, mode=wrap) is [1, 2, 3]', () => {
    const out = zeros([3], 'int64');
    const r = numpy.take(arange(5, 'int64'), [1, 2, 3], { out, mode: 'wrap' });
    expect(r).toBe(out);
    expect(num(out)).toEqual([1, 2, 3]);
  });
});

describe('numpy/core/tests/test_indexing.py (v1.24.2)', () => {
  const a111 = () => I([[[5]]]);
  // np.float64 0-d 0.0 (JS cannot write the float 0.0: it is the integer 0) and the float -1.4.
  const zf = () => tensor(0, 'float64');
  const s = slice();
  it('TestIndexing.test_index_no_floats: a 0-d float array or the float -1.4 anywhere in the tuple', () => {
    const zeroes: unknown[][] = [
      [zf()],
      [0, zf()],
      [zf(), 0],
      [zf(), s],
      [s, zf()],
      [s, zf(), s],
      [zf(), s, s],
      [0, 0, zf()],
      [zf(), 0, 0],
      [0, zf(), 0],
      [slice(0, null), zf()],
      [slice(0, null), zf(), s],
    ];
    for (const idx of zeroes) {
      const c = caught(() => numpy.index(a111(), idx as never));
      expect(c.error, String(idx)).toBeInstanceOf(DTypeError);
      expect(c.code).toBe('numpy.index.index_dtype');
      expect(c.message).toMatch(NOT_INT_ARRAY);
    }
    const fractions: unknown[][] = [
      [-1.4],
      [0, -1.4],
      [-1.4, 0],
      [-1.4, s],
      [s, -1.4],
      [s, -1.4, s],
      [-1.4, s, s],
      [0, 0, -1.4],
      [-1.4, 0, 0],
      [0, -1.4, 0],
    ];
    for (const idx of fractions) {
      const c = caught(() => numpy.index(a111(), idx as never));
      expect(c.error, String(idx)).toBeInstanceOf(DTypeError);
      expect(c.code).toBe('numpy.index.index_dtype');
      expect(c.message).toMatch(NOT_INDEX);
    }
  });
  it('TestIndexing.test_slicing_no_floats: a fractional start, stop or step is a TypeError (x.0 read as x.5)', () => {
    // Python's 0.0 is a float, JS's an integer: each upstream float bound x.0 is given as x.5 here
    // (NumPy 1.24.2 raises the same TypeError for both); the step 0.0 stays a TypeError, not step 0.
    const a = () => I([[5]]);
    const cases: unknown[][] = [
      [slice(0.5, null)],
      [slice(0, null), slice(0.5, 2)],
      [slice(0.5, null, 2), slice(null, 0)],
      [slice(0.5, 1, 2), s],
      [s, slice(0.5, null)],
      [slice(null, 0.5)],
      [slice(null, 0), slice(1, 2.5)],
      [slice(null, 0.5, 2), slice(null, 0)],
      [slice(null, 0.5), s],
      [s, slice(0, 4.5, 2)],
      [slice(null, null, 1.5)],
      [slice(0, null), slice(null, 2, 2.5)],
      [slice(1, null, 4.5), slice(null, 0)],
      [slice(null, null, 5.5), s],
      [s, slice(0, 4, 2.5)],
      [slice(1.5, 2, 2.5)],
      [slice(1.5, null, 2.5)],
      [slice(0, null), slice(null, 2.5, 2.5)],
      [slice(1.5, 1, 4.5), slice(null, 0)],
      [slice(1.5, 5.5, 5.5), s],
      [s, slice(0.4, 4.5, 2.5)],
      [slice(null, null, 0.5)],
    ];
    for (const idx of cases) {
      const c = caught(() => numpy.index(a(), idx as never));
      expect(c.error).toBeInstanceOf(InvalidArgumentError);
      expect(c.code).toBe('numpy.index.slice_index');
      expect(c.message).toMatch(/slice indices must be integers or None or have an __index__ method/);
    }
    // An integer step 0 is the other error (ValueError "slice step cannot be zero").
    expect(typed(() => numpy.index(a(), [slice(null, null, 0)]))).toBe('numpy.index.slice_step');
  });
  it('TestIndexing.test_index_no_array_to_index: a[a:a:a] is a TypeError', () => {
    const a = a111();
    expect(typed(() => numpy.index(a, [slice(a as never, a as never, a as never)]))).toBe(
      'numpy.index.slice_index',
    );
  });
  it('TestIndexing.test_empty_tuple_index: a[()] is a; array(0)[()] is 0', () => {
    expect(num(numpy.index(I([1, 2, 3]), numpy.tuple()))).toEqual([1, 2, 3]);
    expect(num(numpy.index(I([1, 2, 3]), []))).toEqual([1, 2, 3]);
    const r = numpy.index(tensor(0, 'int64'), numpy.tuple());
    expect(r.shape).toEqual([]);
    expect(num(r)).toBe(0);
  });
  it('TestIndexing.test_scalar_array_bool: array(1)[np.True_] is [1], [np.False_] is empty, as with 0-d bool arrays', () => {
    const a = () => tensor(1, 'int64');
    for (const [py, arr, want] of [
      [true, tensor(true), [1]],
      [false, tensor(false), []],
    ] as const) {
      expect(num(numpy.index(a(), [py as never]))).toEqual(want);
      expect(num(numpy.index(a(), [arr]))).toEqual(want);
    }
  });
  it('TestIndexing.test_boolean_assignment_value_mismatch (as np.add.at): b of [], [1, 2, 3] into a[a > -1]', () => {
    const all4 = tensor([true, true, true, true]);
    expect(typed(() => numpy.add.at(arange(4, 'int64'), [all4], F([])))).toBe('numpy.add.at.b_shape');
    expect(typed(() => numpy.add.at(arange(4, 'int64'), [all4], [1, 2, 3]))).toBe('numpy.add.at.b_shape');
    expect(typed(() => numpy.add.at(I([0]), [tensor([true])], [1, 2, 3]))).toBe('numpy.add.at.b_shape');
  });
  it('TestIndexing.test_broaderrors_indexing (setitem as np.add.at): ([0, 1], [0, 1, 2]) do not broadcast', () => {
    const c = caught(() => numpy.add.at(zeros([5, 5], 'float64'), [I([0, 1]), I([0, 1, 2])], 0));
    expect(c.code).toBe('numpy.add.at.shape');
    expect(c.message).toMatch(/shape mismatch: indexing arrays could not be broadcast together with shapes/);
  });
  it('TestIndexing.test_memory_order: arange(10)[b] and arange(10)[:, None][b, 0], b = arange(10).reshape(5, 2).T', () => {
    const b = moveAxis(arange(10, 'int64').reshape([5, 2]), 0, 1);
    const want = [
      [0, 2, 4, 6, 8],
      [1, 3, 5, 7, 9],
    ];
    expect(num(numpy.index(arange(10, 'int64'), [b]))).toEqual(want);
    expect(num(numpy.index(arange(10, 'int64').reshape([10, 1]), [b, 0]))).toEqual(want);
  });
  it('TestIndexing.test_scalar_return_type: zeros(())[()] and zeros((1, 1))[0, array(0)] are 0-d', () => {
    for (const r of [
      numpy.index(zeros([], 'float64'), numpy.tuple()),
      numpy.index(zeros([1, 1], 'float64'), [0, tensor(0, 'int64')]),
      numpy.index(zeros([1], 'float64'), [0]),
    ]) {
      expect(r.shape).toEqual([]);
      expect(r.dtype).toBe('float64');
      expect(num(r)).toBe(0);
    }
  });
  it('TestIndexing.test_small_regressions (setitem as np.add.at): index 1 of intp or uint8 into [0]', () => {
    for (const dt of ['int64', 'uint8'] as const) {
      expect(num(numpy.add.at(I([0]), tensor([0], dt), 1))).toEqual([1]);
      const c = caught(() => numpy.add.at(I([0]), tensor([1], dt), 1));
      expect(c.error).toBeInstanceOf(IndexOutOfBoundsError);
      expect(c.message).toMatch(/index 1 is out of bounds for axis 0 with size 1/);
    }
  });
  it('TestIndexing.test_tuple_subclass: arr[([1], [1])] has shape (1,), arr[(([1], [1]),)] (2, 1, 5)', () => {
    const ones = full([5, 5], 1, 'float64');
    expect(numpy.index(ones, [[1], [1]]).shape).toEqual([1]);
    const r = numpy.index(ones, [[[1], [1]]]);
    expect(r.shape).toEqual([2, 1, 5]);
    expect(num(r)).toEqual([[[1, 1, 1, 1, 1]], [[1, 1, 1, 1, 1]]]);
  });
  it('TestIndexing.test_indexing_array_weird_strides: a broadcast (10, 55, 4, 4) index, alone and with zeros(4)', () => {
    const ind = broadcastTo(arange(10, 'int64').reshape([10, 1, 1, 1]), [10, 55, 4, 4]);
    const r1 = numpy.index(full([10], 1, 'float64'), [ind]);
    const r2 = numpy.index(full([10, 2], 1, 'float64'), [ind, zeros([4], 'int64')]);
    for (const r of [r1, r2]) {
      expect(r.shape).toEqual([10, 55, 4, 4]);
      expect(r.toFlatArray().reduce((x, y) => (x as number) + (y as number), 0)).toBe(8800);
    }
  });
  it('TestIndexing.test_indexing_array_negative_strides (as np.add.at): (:, [0, 1, 2, 3]) with 10 fills zeros((4, 4))', () => {
    const r = numpy.add.at(zeros([4, 4], 'float64'), [s, [0, 1, 2, 3]], 10);
    expect(num(r)).toEqual(Array.from({ length: 4 }, () => [10, 10, 10, 10]));
  });
  it('TestIndexing.test_nontuple_ndindex: a[[0, 1]], a[[0, 1], [0, 1]]; a[[slice(None)]] is an IndexError', () => {
    const a = arange(25, 'int64').reshape([5, 5]);
    expect(num(numpy.index(a, [[0, 1]]))).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 9],
    ]);
    expect(
      num(
        numpy.index(a, [
          [0, 1],
          [0, 1],
        ]),
      ),
    ).toEqual([0, 6]);
    const c = caught(() => numpy.index(a, [[s] as never]));
    expect(c.error).toBeInstanceOf(DTypeError);
    expect(c.code).toBe('numpy.index.index_dtype');
    expect(c.message).toMatch(NOT_INDEX);
  });

  // TestBroadcastedAssignments, restated as np.add.at into zeros: NumPy 1.24.2's ufunc.at raises
  // ValueError for every one of these `b` (it does not prepend ones as assignment does).
  it('TestBroadcastedAssignments.test_prepending_ones (as np.add.at): b of (1, 3, 2) into a (3, 2) result', () => {
    const b = full([1, 3, 2], 1, 'float64');
    for (const idx of [[ellipsis], [[0, 1, 2], s], [s, [0, 1]], numpy.tuple([[0], [1], [2]], [0, 1])])
      expect(typed(() => numpy.add.at(zeros([3, 2], 'float64'), idx as never, b))).toBe(
        'numpy.add.at.b_shape',
      );
    // b of the result's own shape (3, 2) is fine.
    expect(
      num(
        numpy.add.at(
          zeros([3, 2], 'float64'),
          numpy.tuple([[0], [1], [2]], [0, 1]),
          full([3, 2], 1, 'float64'),
        ),
      ),
    ).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
  });
  it('TestBroadcastedAssignments.test_prepend_not_one (as np.add.at)', () => {
    const z5 = () => zeros([5], 'float64');
    expect(typed(() => numpy.add.at(z5(), [ellipsis], full([2, 1], 1, 'float64')))).toBe(
      'numpy.add.at.b_shape',
    );
    expect(typed(() => numpy.add.at(z5(), numpy.tuple([1, 2, 3]), full([2, 1], 1, 'float64')))).toBe(
      'numpy.add.at.b_shape',
    );
    expect(typed(() => numpy.add.at(z5(), numpy.tuple([[1], [2]]), full([2, 2, 1], 1, 'float64')))).toBe(
      'numpy.add.at.b_shape',
    );
  });
  it('TestBroadcastedAssignments.test_simple_broadcasting_errors (as np.add.at)', () => {
    const z51 = () => zeros([5, 1], 'float64');
    for (const [idx, shape] of [
      [[ellipsis], [5, 2]],
      [[ellipsis], [5, 0]],
      [
        [s, [0]],
        [5, 2],
      ],
      [
        [s, [0]],
        [5, 0],
      ],
      [
        [[0], s],
        [2, 1],
      ],
    ] as const)
      expect(typed(() => numpy.add.at(z51(), idx as never, zeros([...shape], 'float64')))).toBe(
        'numpy.add.at.b_shape',
      );
  });
  it('TestBroadcastedAssignments.test_broadcast_error_reports_correct_shape (as np.add.at): (100, 100) values', () => {
    const arr = zeros([3, 4, 5, 6, 7], 'float64');
    const cases: [unknown[], number[]][] = [
      [
        [ellipsis, [1, 2], s],
        [3, 4, 5, 2, 7],
      ],
      [
        [[0, 1], ellipsis, 0],
        [2, 4, 5, 6],
      ],
      [
        [ellipsis, [1, 2], [1, 2]],
        [3, 4, 5, 2],
      ],
    ];
    for (const [idx, shape] of cases) {
      // arr[idx].shape, as NumPy prints it (the read and ufunc.at's updates have that shape).
      expect(numpy.index(arr, idx as never).shape).toEqual(shape);
      const c = caught(() => numpy.add.at(arr, idx as never, zeros([100, 100], 'float64')));
      expect(c.code).toBe('numpy.add.at.b_shape');
      expect(c.message).toContain(`[${shape.join(', ')}]`);
    }
  });
  it('TestBroadcastedAssignments.test_index_is_larger (as np.add.at): ([[0], [1], [2]], [0, 1, 2]) with [2, 3, 4]', () => {
    const r = numpy.add.at(zeros([5, 5], 'float64'), numpy.tuple([[0], [1], [2]], [0, 1, 2]), [2, 3, 4]);
    expect(num(r)).toEqual([
      [2, 3, 4, 0, 0],
      [2, 3, 4, 0, 0],
      [2, 3, 4, 0, 0],
      [0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0],
    ]);
  });
  it('TestBroadcastedAssignments.test_broadcast_subspace (as np.add.at): a[arange(100)[::-1]] += arange(100)[:, None]', () => {
    const rev = Array.from({ length: 100 }, (_, k) => 99 - k);
    const r = numpy.add.at(zeros([100, 100], 'float64'), I(rev), arange(100, 'int64').reshape([100, 1]));
    const rows = num(r) as number[][];
    // (a[::-1] == v).all(): row 99 - k holds k everywhere.
    expect(rows.every((row, i) => row.every((x) => x === 99 - i))).toBe(true);
  });

  it('TestFloatNonIntegerArgument.test_valid_slicing: the eight slices of [[[5]]]', () => {
    const want: [ReturnType<typeof slice>, number[]][] = [
      [slice(), [1, 1, 1]],
      [slice(0, null), [1, 1, 1]],
      [slice(2), [1, 1, 1]],
      [slice(0, 2), [1, 1, 1]],
      [slice(null, null, 2), [1, 1, 1]],
      [slice(1, null, 2), [0, 1, 1]],
      [slice(null, 2, 2), [1, 1, 1]],
      [slice(1, 2, 2), [0, 1, 1]],
    ];
    for (const [sl, shape] of want) {
      const r = numpy.index(a111(), [sl]);
      expect(r.shape).toEqual(shape);
      expect(r.toFlatArray()).toEqual(shape[0] === 0 ? [] : [5n]);
    }
  });
  it('TestFloatNonIntegerArgument.test_non_integer_argument_errors: np.take(a, [0], 1.) and np.float64(1.)', () => {
    const a = I([[5]]);
    expect(typed(() => numpy.take(a, [0], { axis: 1.5 }))).toBe('numpy.take.axis');
    expect(typed(() => numpy.take(a, [0], { axis: tensor(1, 'float64') as never }))).toBe('numpy.take.axis');
  });
  it('TestBooleanIndexing.test_bool_as_int_argument_errors: np.take(a, [0], False) is a TypeError', () => {
    expect(typed(() => numpy.take(a111(), [0], { axis: false as never }))).toBe('numpy.take.axis');
  });
  it('TestArrayToIndexDeprecation.test_array_to_index_error: np.take(a, [0], a) is a TypeError', () => {
    const a = a111();
    expect(typed(() => numpy.take(a, [0], { axis: a as never }))).toBe('numpy.take.axis');
  });
  it("TestNonIntegerArrayLike.test_basic: a[[0.5, 1.5]] and a[(['1', '2'],)] are IndexErrors; a[[]] is valid", () => {
    const a = arange(10, 'int64');
    for (const idx of [[[0.5, 1.5]], [['1', '2']]]) {
      const c = caught(() => numpy.index(a, idx as never));
      expect(c.error).toBeInstanceOf(DTypeError);
      expect(c.code).toBe('numpy.index.index_dtype');
      expect(c.message).toMatch(NOT_INDEX);
    }
    expect(numpy.index(a, [[]]).shape).toEqual([0]);
  });
  it('TestMultipleEllipsisError.test_basic: a[((...,) * 2,)] and a[((...,) * 3,)] are IndexErrors', () => {
    const a = arange(10, 'int64');
    for (const n of [2, 3]) {
      const c = caught(() => numpy.index(a, [Array(n).fill(ellipsis)] as never));
      expect(c.code).toBe('numpy.index.index_dtype');
      expect(c.message).toMatch(NOT_INDEX);
    }
  });
  it('TestCApiAccess.test_setitem (as np.add.at): 0-d, and 11 / -11 into 10 and (10, 10)', () => {
    expect(typed(() => numpy.add.at(full([], 1, 'float64'), 0, 0))).toBe('numpy.add.at.too_many_indices');
    for (const shape of [[10], [10, 10]])
      for (const k of [11, -11]) {
        const c = caught(() => numpy.add.at(full(shape, 1, 'float64'), k, 0));
        expect(c.error).toBeInstanceOf(IndexOutOfBoundsError);
        expect(c.message).toMatch(new RegExp(`index ${k} is out of bounds for axis 0 with size 10`));
      }
  });
});

/** An LCG's indices in [0, m), the same in the Python that printed the hashes below. */
function lcgIndices(n: number, m: number): bigint[] {
  let x = 1n;
  return Array.from({ length: n }, () => {
    x = (1103515245n * x + 12345n) % 2n ** 31n;
    return x % BigInt(m);
  });
}
/** The first 16 hex digits of the SHA-256 of a tensor's bytes (NumPy's `tobytes()`, little-endian). */
const bytesHash = (t: Tensor): string => {
  const d = t.data as ArrayBufferView;
  return createHash('sha256')
    .update(Buffer.from(d.buffer, d.byteOffset, d.byteLength))
    .digest('hex')
    .slice(0, 16);
};
const TYPED: Partial<Record<DType, new (n: number) => ArrayBufferView & { [i: number]: number | bigint }>> = {
  int8: Int8Array,
  uint8: Uint8Array,
  int16: Int16Array,
  uint16: Uint16Array,
  int32: Int32Array,
  uint32: Uint32Array,
  int64: BigInt64Array,
  uint64: BigUint64Array,
  float32: Float32Array,
  float64: Float64Array,
};
/** np.arange(n).astype(dtype): integers wrap modulo 2^bits, float16 rounds to nearest even. */
function arangeAs(n: number, dtype: DType): Tensor {
  if (dtype === 'float16')
    return tensor(
      Array.from({ length: n }, (_, k) => k),
      'float16',
    );
  const C = TYPED[dtype] as new (n: number) => { [i: number]: number | bigint };
  const data = new C(n);
  const big = dtype.endsWith('int64');
  for (let k = 0; k < n; k++) data[k] = big ? BigInt(k) : k;
  return new Tensor(dtype, [n], data as never);
}

describe('numpy/core/tests/test_ufunc.py (v1.25.0 test_ufunc_at_*, values from NumPy 1.24.2)', () => {
  it('test_ufunc_at_basic: a missing b and a ragged b are ValueErrors', () => {
    expect(typed(() => (numpy.add.at as (...a: unknown[]) => unknown)(arange(10, 'int64'), [2, 5, 3]))).toBe(
      'numpy.add.at.b',
    );
    const c = caught(() => numpy.add.at(arange(10, 'int64'), [2, 5, 3], [[1, 2], 1] as never));
    expect(c.error).toBeInstanceOf(InvalidArgumentError);
    expect(c.code).toBe('numpy.add.at.ragged');
    expect(c.message).toMatch(
      /setting an array element with a sequence\. The requested array has an inhomogeneous shape after 1 dimensions\. The detected shape was \(2,\) \+ inhomogeneous part\./,
    );
  });
  it('test_ufunc_at_basic: the ragged b is found before the index (NumPy makes b an array first)', () => {
    // NumPy 1.24.2: each of these is the ragged ValueError, not the index's error.
    for (const idx of [[1.5], [20], numpy.tuple(0, 0)])
      expect(typed(() => numpy.add.at(arange(10, 'int64'), idx as never, [[1, 2], 1] as never))).toBe(
        'numpy.add.at.ragged',
      );
  });

  // test_ufunc_at_inner_loops: ones(1000) of each dtype, 3000 random indices, b = arange(3000) of
  // that dtype; NumPy's ufunc.at equals the per-element loop `ufunc(a[i], v, out=a[i:i+1])`. The
  // indices here come from an LCG (x ← (1103515245·x + 12345) mod 2^31 from 1, index x mod 1000);
  // the expectation is the SHA-256 of NumPy 1.24.2's result bytes (checked equal to the loop's):
  // integers wrap, float16 rounds each step, multiply overflows to inf and 0·inf is x86's NaN.
  const IDX = lcgIndices(3000, 1000);
  const HASHES: Record<
    string,
    Record<'vals' | 'add' | 'subtract' | 'multiply' | 'maximum' | 'minimum', string>
  > = {
    int8: {
      vals: '8238f003ad1a7f56',
      add: '3597bab5764c6ff8',
      subtract: 'aa3c3b6975db75c3',
      multiply: '83c5a5b57e0f0c79',
      maximum: '9eca84bc41d8add8',
      minimum: 'a1fbb4f2af60537c',
    },
    uint8: {
      vals: '8238f003ad1a7f56',
      add: '3597bab5764c6ff8',
      subtract: 'aa3c3b6975db75c3',
      multiply: '83c5a5b57e0f0c79',
      maximum: '1676f33ad4dc0def',
      minimum: '129150d032fde889',
    },
    int16: {
      vals: '39e8ce083440b935',
      add: 'e4a629df2ca3c540',
      subtract: '933a740cb7c36a34',
      multiply: '3b927151323166e2',
      maximum: 'ca5419db66fa0213',
      minimum: '3d22e4d241668141',
    },
    uint16: {
      vals: '39e8ce083440b935',
      add: 'e4a629df2ca3c540',
      subtract: '933a740cb7c36a34',
      multiply: '3b927151323166e2',
      maximum: 'ca5419db66fa0213',
      minimum: '3d22e4d241668141',
    },
    int32: {
      vals: '4f1d9d3f3961a832',
      add: '801c5003aa22b50f',
      subtract: 'a83087f7a2398185',
      multiply: 'afa0733c087c4cb7',
      maximum: 'fbb7ba738419015f',
      minimum: 'fc7f59b77a6861d3',
    },
    uint32: {
      vals: '4f1d9d3f3961a832',
      add: '801c5003aa22b50f',
      subtract: 'a83087f7a2398185',
      multiply: 'afa0733c087c4cb7',
      maximum: 'fbb7ba738419015f',
      minimum: 'fc7f59b77a6861d3',
    },
    int64: {
      vals: 'e8c9ceaf5aacc63c',
      add: '987c54349a6128a8',
      subtract: 'ff6b69427ee8f254',
      multiply: '1a086ac441c23b61',
      maximum: 'a4bffb3d971d4bfb',
      minimum: '4217d69d51787500',
    },
    uint64: {
      vals: 'e8c9ceaf5aacc63c',
      add: '987c54349a6128a8',
      subtract: 'ff6b69427ee8f254',
      multiply: '1a086ac441c23b61',
      maximum: 'a4bffb3d971d4bfb',
      minimum: '4217d69d51787500',
    },
    float16: {
      vals: 'bad5fdc6d0e6b8a6',
      add: '667d38e30f17b5c8',
      subtract: '1a4db8b074141cad',
      multiply: 'd32dcb7d1bd6eef4',
      maximum: '4378b887315e60a7',
      minimum: '5f1cf99de4914e27',
    },
    float32: {
      vals: '79f08fbaf2064bbe',
      add: 'fd2d5a1ad27d0119',
      subtract: '122548a9dd51740d',
      multiply: 'c18467578a168d1a',
      maximum: '4a62a336520a8e99',
      minimum: '10b02d7482469352',
    },
    float64: {
      vals: '35357f51fa6e5db4',
      add: '6ee94e63691425ac',
      subtract: 'e496cf285051d081',
      multiply: 'df62a66a3f2f6c05',
      maximum: '626ed366a4c4bddf',
      minimum: '24451417dd4934bc',
    },
  };
  it('test_ufunc_at_inner_loops: the indices are the ones NumPy ran', () => {
    expect(IDX.slice(0, 8).map(Number)).toEqual([590, 575, 84, 781, 474, 899, 952, 185]);
    expect(bytesHash(I(IDX))).toBe('a66b5446ac139a83');
  });
  for (const [dtype, want] of Object.entries(HASHES)) {
    it(`test_ufunc_at_inner_loops: add / subtract / multiply / maximum / minimum on ${dtype}`, () => {
      const vals = arangeAs(3000, dtype as DType);
      expect(bytesHash(vals)).toBe(want.vals);
      const idx = I(IDX);
      for (const ufunc of ['add', 'subtract', 'multiply', 'maximum', 'minimum'] as const) {
        const r = numpy[ufunc].at(full([1000], 1, dtype as DType), idx, vals);
        expect(r.dtype).toBe(dtype);
        expect(bytesHash(r), ufunc).toBe(want[ufunc]);
      }
    });
  }
  it('test_ufunc_at_inner_loops_complex: 1j at 1 (6 times) and 4 (18 times) into complex ones', () => {
    const idx = I([...Array(6).fill(1), ...Array(18).fill(4)]);
    for (const dtype of ['complex64', 'complex128'] as const) {
      const value = tensor(complex(0, 1), dtype);
      const ones = () => full([10], complex(1, 0), dtype);
      const at = (ufunc: 'add' | 'subtract' | 'multiply') =>
        numpy[ufunc].at(ones(), idx, value).toArray() as unknown[];
      const expected = (p1: unknown, p4: unknown) =>
        Array.from({ length: 10 }, (_, k) => (k === 1 ? p1 : k === 4 ? p4 : complex(1, 0)));
      expect(at('add')).toEqual(expected(complex(1, 6), complex(1, 18)));
      expect(at('subtract')).toEqual(expected(complex(1, -6), complex(1, -18)));
      expect(at('multiply')).toEqual(expected(complex(-1, 0), complex(-1, 0)));
    }
  });
  it('test_ufunc_at_ellipsis: add.at(zeros(5), slice(None), ones(5)) is ones', () => {
    expect(num(numpy.add.at(zeros([5], 'float64'), numpy.tuple(slice()), full([5], 1, 'float64')))).toEqual([
      1, 1, 1, 1, 1,
    ]);
  });
  it('test_ufunc_at_large: 8195 int16 zeros as indices, b with 10, 5 and 100 (three times) sums to 315', () => {
    const b = new Float64Array(8195);
    b[0] = 10;
    b[1] = 5;
    b.fill(100, 8192);
    const r = numpy.add.at(zeros([1], 'float64'), zeros([8195], 'int16'), new Tensor('float64', [8195], b));
    expect(num(r)).toEqual([315]);
  });
  it('test_cast_index_fastpath: 100000 uint8 zeros as indices, b = ones(100000)', () => {
    const r = numpy.add.at(zeros([10], 'float64'), zeros([100000], 'uint8'), full([100000], 1, 'float64'));
    expect(num(r)).toEqual([100000, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
  it('test_ufunc_at_scalar_value_fastpath: each index twice, b = ones(1), ones(()), 1.0', () => {
    const idx = I(Array.from({ length: 2000 }, (_, k) => k >> 1));
    for (const b of [full([1], 1, 'float64'), full([], 1, 'float64'), 1]) {
      const r = numpy.add.at(zeros([1000], 'float64'), idx, b);
      expect(new Set(r.toFlatArray())).toEqual(new Set([2]));
    }
  });
  it('test_at_broadcast_failure: add.at(arange(5), [0, 1], [1, 2, 3]) is a ValueError', () => {
    expectRule(() => numpy.add.at(arange(5, 'int64'), [0, 1], [1, 2, 3]), 'numpy.add.at.b_shape');
  });
});

describe('numpy/core/tests/test_regression.py and test_numeric.py (v1.24.2)', () => {
  it('test_negative_nd_indexing: c[array([-1, 0, 1])] on arange(125).reshape(5, 5, 5)', () => {
    const r = numpy.index(arange(125, 'int64').reshape([5, 5, 5]), [I([-1, 0, 1])]);
    expect(r.shape).toEqual([3, 5, 5]);
    expect((num(r) as number[][][]).map((p) => p[0])).toEqual([
      [100, 101, 102, 103, 104],
      [0, 1, 2, 3, 4],
      [25, 26, 27, 28, 29],
    ]);
  });
  it('test_zero_sized_array_indexing: array([])[array(10)] is an IndexError', () => {
    const c = caught(() => numpy.index(F([]), [tensor(10, 'int64')]));
    expect(c.error).toBeInstanceOf(IndexOutOfBoundsError);
    expect(c.message).toMatch(/index 10 is out of bounds for axis 0 with size 0/);
  });
  it('test_fancy_index / test_array_index: [1, 2][array([0])]; a[np.where(a == 3)] on 1-d and 2-d', () => {
    expect(num(numpy.index(I([1, 2]), [I([0])]))).toEqual([1]);
    expect(num(numpy.index(I([1, 2, 3]), [I([2])]))).toEqual([3]);
    expect(num(numpy.index(I([[1, 2, 3]]), [I([0]), I([2])]))).toEqual([3]);
  });
  it('test_bool_flat_indexing_invalid_nr_elements: a (10,) mask on shape (1,), read and as np.add.at', () => {
    const x = () => F([15]);
    const mask = full([10], true, 'bool');
    const want =
      /boolean index did not match indexed array along dimension 0; dimension is 1 but corresponding boolean dimension is 10/;
    const r = caught(() => numpy.index(x(), [mask]));
    expect(r.code).toBe('numpy.index.mask_shape');
    expect(r.message).toMatch(want);
    for (const n of [9, 11]) {
      const c = caught(() => numpy.add.at(x(), [mask], zeros([n], 'float64')));
      expect(c.code).toBe('numpy.add.at.mask_shape');
      expect(c.message).toMatch(want);
    }
  });
  it('test_mem_scalar_indexing / test_mem_0d_array_index: an int32 0-d index and array(0)', () => {
    for (const r of [
      numpy.index(F([0]), [tensor(0, 'int32')]),
      numpy.index(zeros([10], 'float64'), [tensor(0, 'int64')]),
    ]) {
      expect(r.shape).toEqual([]);
      expect(num(r)).toBe(0);
    }
  });
  it('test_take_output: take(arange(12).reshape(3, 4), [0, 2], axis=1) with and without out', () => {
    const x = arange(12, 'int64').reshape([3, 4]);
    const want = [
      [0, 2],
      [4, 6],
      [8, 10],
    ];
    expect(num(numpy.take(x, [0, 2], { axis: 1 }))).toEqual(want);
    const out = zeros([3, 2], 'int64');
    expect(numpy.take(x, [0, 2], { axis: 1, out })).toBe(out);
    expect(num(out)).toEqual(want);
  });
  it('test_take_object_fail: [123., 1].take([0, 100]) is an IndexError', () => {
    const c = caught(() => numpy.take(F([123, 1]), [0, 100]));
    expect(c.error).toBeInstanceOf(IndexOutOfBoundsError);
    expect(c.code).toBe('numpy.take.index_out_of_bounds');
    expect(c.message).toMatch(/index 100 is out of bounds for axis 0 with size 2/);
  });
  it('test_take_refcount: float64 indices with mode=clip and out are a TypeError', () => {
    const lut = full([8, 4], 1, 'float64');
    const a = arange(16, 'float64').reshape([4, 4]);
    const c = caught(() => numpy.take(lut, a, { axis: 0, mode: 'clip', out: zeros([4, 4, 4], 'float64') }));
    expect(c.error).toBeInstanceOf(DTypeError);
    expect(c.code).toBe('numpy.take.index_dtype');
    expect(c.message).toMatch(
      /Cannot cast array data from dtype\('float64'\) to dtype\('int64'\) according to the rule 'safe'/,
    );
  });
  it('test_numeric.py TestNonarrayArgs.test_take: take([1, 2, 3, 4, 5], [1, 2, 4]) is [2, 3, 5]', () => {
    const r = numpy.take([1, 2, 3, 4, 5], [1, 2, 4]);
    expect(r.dtype).toBe('int64');
    expect(num(r)).toEqual([2, 3, 5]);
  });
});

// Where NumPy 1.24.2 and the library part, by the library's documented policy (docs/numpy.md,
// "Departures from NumPy 1.24").
describe('upstream cases the library answers differently, by its documented policy', () => {
  it('TestMethods.test_put: np.put(a list, [0, 2], 5) is a TypeError in NumPy; here a list is read as an array', () => {
    // NumPy writes `a` in place, so it requires an ndarray; this put returns a new array.
    expect(num(numpy.put([1, 2, 3], [0, 2], 5))).toEqual([5, 2, 5]);
  });
});
