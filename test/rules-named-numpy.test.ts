/**
 * One named negative test per NumPy rule that had none: each test is named by its code, breaks
 * only that rule of a valid call and asserts the error class and the exact code. Not here, as
 * no input reaches them: `numpy.<ufunc>.at.dtype` but for subtract (only a bool subtract is
 * refused) and numpy.index's `b`, `b_shape` and `dtype` rows (ufunc.at's rules, read from the file both
 * share).
 */
import { describe, expect, it } from 'vitest';
import {
  DTypeError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
  numpy,
  tensor,
  zeros,
} from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const I = (x: unknown) => tensor(x as number[], 'int64');
const F = (x: unknown) => tensor(x as number[], 'float64');
const a23 = () =>
  F([
    [1, 2, 3],
    [4, 5, 6],
  ]);
const np = numpy as unknown as Record<string, (...a: unknown[]) => { toArray(): unknown }>;
const wrongOut = () => ({ out: zeros([9], 'float64') });

/** code → a call breaking only that rule, and the class it throws. */
const CASES: [string, () => unknown, (new (...a: any[]) => Error)?][] = [
  ['numpy.index.indices', () => np.index(a23(), 'x')],
  ['numpy.index.out', () => np.index(a23(), [I([0])], wrongOut())],
  ['numpy.put.a', () => np.put('x', I([0]), 9)],
  ['numpy.put.ind', () => np.put(a23(), 'x', 9)],
  ['numpy.put.out', () => np.put(a23(), I([0]), 9, wrongOut())],
  ['numpy.put_along_axis.arr', () => np.put_along_axis('x', I([[0]]), 9, 0)],
  ['numpy.put_along_axis.indices', () => np.put_along_axis(a23(), 'x', 9, 0)],
  ['numpy.put_along_axis.values', () => np.put_along_axis(a23(), I([[0, 1, 0]]), 'x', 0)],
  ['numpy.put_along_axis.axis', () => np.put_along_axis(a23(), I([[0, 1, 0]]), 9, 2)],
  ['numpy.put_along_axis.ndim', () => np.put_along_axis(a23(), I([0, 1, 0]), 9, 0)],
  ['numpy.put_along_axis.shape', () => np.put_along_axis(a23(), I([[0, 1]]), 9, 0)],
  ['numpy.put_along_axis.out', () => np.put_along_axis(a23(), I([[0, 1, 0]]), 9, 0, wrongOut())],
  ['numpy.put_along_axis.options', () => np.put_along_axis(a23(), I([[0, 1, 0]]), 9, 0, { bogus: 1 })],
  ['numpy.take_along_axis.options', () => np.take_along_axis(a23(), I([[0, 1, 0]]), 0, { bogus: 1 })],
  ['numpy.take.indices', () => np.take(a23(), 'x')],
  // A Python int past int64 (a JS bigint): take and put convert it straight to intp, NumPy's OverflowError.
  ['numpy.take.index_overflow', () => np.take(a23(), [0n, 2n ** 63n]), DTypeError],
  ['numpy.put.index_overflow', () => np.put(a23(), [0n, -(2n ** 63n) - 1n], 9), DTypeError],
  // A float in a list converts by Python's int(): NaN is its ValueError, ±inf its OverflowError.
  ['numpy.take.index_nan', () => np.take(a23(), [0.5, Number.NaN]), InvalidArgumentError],
  ['numpy.take.index_infinity', () => np.take(a23(), [0.5, Number.NEGATIVE_INFINITY]), DTypeError],
  ['numpy.put.index_nan', () => np.put(a23(), [Number.NaN], 9), InvalidArgumentError],
  ['numpy.put.index_infinity', () => np.put(a23(), [1, Number.POSITIVE_INFINITY], 9), DTypeError],
  // A ragged list: NumPy's conversion fails (ValueError) before any value is read, NaN included.
  ['numpy.take.ragged', () => np.take(a23(), [[0, 1], [Number.NaN]])],
  ['numpy.put.ragged', () => np.put(a23(), [0, [1]], 9)],
  ['numpy.index.ragged', () => np.index(a23(), [[[0], []]])],
  ['numpy.take_along_axis.ragged', () => np.take_along_axis(a23(), [[0, 1, 0], [1]], 0)],
  ['numpy.put_along_axis.ragged', () => np.put_along_axis(a23(), [[0], 1], 9, 0)],
  ['numpy.take_along_axis.arr', () => np.take_along_axis('x', I([[0]]), 0)],
  ['numpy.take_along_axis.out', () => np.take_along_axis(a23(), I([[0, 1, 0]]), 0, wrongOut())],
];

describe('numpy: one named test per rule', () => {
  for (const [code, call, cls] of CASES)
    it(code, () => {
      expectRule(call, code, cls ?? InvalidArgumentError);
    });
  it('the base calls are valid', () => {
    expect(np.put_along_axis(a23(), I([[0, 1, 0]]), 9, 0).toArray()).toEqual([
      [9, 2, 9],
      [4, 9, 6],
    ]);
    expect(np.take_along_axis(a23(), I([[0, 1, 0]]), 0).toArray()).toEqual([[1, 5, 3]]);
    expect(np.index(a23(), [I([0])]).toArray()).toEqual([[1, 2, 3]]);
  });
});

/** `numpy.<ufunc>.at(a, indices, b)`: its rules, one named test per ufunc. */
const AT_CASES: Record<string, [(at: At) => unknown, (new (...a: any[]) => Error)?]> = {
  a: [(at) => at('x', I([0]), 1)],
  b: [(at) => at(a23(), I([0]), 'x')],
  b_shape: [(at) => at(a23(), I([0]), F([1, 2]))],
  // An integer past its axis beside a slice (basic indexing); an index array past it has the same code.
  index_out_of_bounds: [(at) => at(a23(), [numpy.slice(null, null, null), 5], 1), IndexOutOfBoundsError],
  indices: [(at) => at(a23(), 'x', 1)],
  mask_shape: [(at) => at(a23(), [tensor([true, false, true], 'bool')], 1)],
  options: [(at) => at(a23(), I([0]), 1, { bogus: 1 })],
  out: [(at) => at(a23(), I([0]), 1, wrongOut())],
  shape: [(at) => at(a23(), [I([0, 1]), I([0, 1, 2])], 1)],
  slice_index: [(at) => at(a23(), [numpy.slice(0.5, 2)], 1)],
  slice_step: [(at) => at(a23(), [numpy.slice(null, null, 0), I([1])], 1)],
  too_many_indices: [(at) => at(a23(), [I([0]), I([0]), I([0])], 1)],
  index_dtype: [(at) => at(a23(), F([0]), 1), DTypeError],
  // A 0-d uint64 past 2^63: a Python int too large for intp.
  index_overflow: [(at) => at(a23(), tensor(2n ** 63n, 'uint64'), 1), DTypeError],
  // A complex b into a real a: NumPy's loop is complex128, cast back per step (numpy/at-cast.ts).
  complex_loop: [(at) => at(a23(), I([0]), tensor([{ re: 1, im: 2 }], 'complex128')), DTypeError],
  ragged: [(at) => at(a23(), [[0, 1], [1]], 1)],
};
type At = (a: unknown, i: unknown, b: unknown, o?: object) => unknown;

const AT_CODES = [
  'numpy.add.at.index_dtype',
  'numpy.add.at.index_overflow',
  'numpy.add.at.ragged',
  'numpy.subtract.at.index_dtype',
  'numpy.subtract.at.index_overflow',
  'numpy.subtract.at.ragged',
  'numpy.multiply.at.index_dtype',
  'numpy.multiply.at.index_overflow',
  'numpy.multiply.at.ragged',
  'numpy.minimum.at.index_dtype',
  'numpy.minimum.at.index_overflow',
  'numpy.minimum.at.ragged',
  'numpy.maximum.at.index_dtype',
  'numpy.maximum.at.index_overflow',
  'numpy.maximum.at.ragged',
  'numpy.add.at.a',
  'numpy.add.at.b',
  'numpy.add.at.b_shape',
  'numpy.add.at.index_out_of_bounds',
  'numpy.add.at.indices',
  'numpy.add.at.mask_shape',
  'numpy.add.at.options',
  'numpy.add.at.out',
  'numpy.add.at.shape',
  'numpy.add.at.slice_index',
  'numpy.add.at.slice_step',
  'numpy.add.at.too_many_indices',
  'numpy.add.at.complex_loop',
  'numpy.subtract.at.a',
  'numpy.subtract.at.b',
  'numpy.subtract.at.b_shape',
  'numpy.subtract.at.index_out_of_bounds',
  'numpy.subtract.at.indices',
  'numpy.subtract.at.mask_shape',
  'numpy.subtract.at.options',
  'numpy.subtract.at.out',
  'numpy.subtract.at.shape',
  'numpy.subtract.at.slice_index',
  'numpy.subtract.at.slice_step',
  'numpy.subtract.at.too_many_indices',
  'numpy.subtract.at.complex_loop',
  'numpy.multiply.at.a',
  'numpy.multiply.at.b',
  'numpy.multiply.at.b_shape',
  'numpy.multiply.at.index_out_of_bounds',
  'numpy.multiply.at.indices',
  'numpy.multiply.at.mask_shape',
  'numpy.multiply.at.options',
  'numpy.multiply.at.out',
  'numpy.multiply.at.shape',
  'numpy.multiply.at.slice_index',
  'numpy.multiply.at.slice_step',
  'numpy.multiply.at.too_many_indices',
  'numpy.multiply.at.complex_loop',
  'numpy.minimum.at.a',
  'numpy.minimum.at.b',
  'numpy.minimum.at.b_shape',
  'numpy.minimum.at.index_out_of_bounds',
  'numpy.minimum.at.indices',
  'numpy.minimum.at.mask_shape',
  'numpy.minimum.at.options',
  'numpy.minimum.at.out',
  'numpy.minimum.at.shape',
  'numpy.minimum.at.slice_index',
  'numpy.minimum.at.slice_step',
  'numpy.minimum.at.too_many_indices',
  'numpy.minimum.at.complex_loop',
  'numpy.maximum.at.a',
  'numpy.maximum.at.b',
  'numpy.maximum.at.b_shape',
  'numpy.maximum.at.index_out_of_bounds',
  'numpy.maximum.at.indices',
  'numpy.maximum.at.mask_shape',
  'numpy.maximum.at.options',
  'numpy.maximum.at.out',
  'numpy.maximum.at.shape',
  'numpy.maximum.at.slice_index',
  'numpy.maximum.at.slice_step',
  'numpy.maximum.at.too_many_indices',
  'numpy.maximum.at.complex_loop',
];

describe('numpy.<ufunc>.at: one named test per rule', () => {
  for (const code of AT_CODES) {
    const [, ufunc, , rule] = code.split('.');
    const [call, cls] = AT_CASES[rule];
    const at = (numpy as unknown as Record<string, { at: At }>)[ufunc].at;
    it(code, () => {
      expectRule(() => call(at), code, cls ?? InvalidArgumentError);
    });
  }
  it('the base call is valid', () => {
    expect((numpy.add.at(a23(), I([0]), 1) as { toArray(): unknown }).toArray()).toEqual([
      [2, 3, 4],
      [4, 5, 6],
    ]);
  });
});

describe('numpy: NPY_MAXDIMS (32), as NumPy 1.24 measured', () => {
  const ones = (n: number) => zeros(new Array<number>(n).fill(1), 'float64');
  it('numpy.index.max_dims: a result of more than 32 dims, with a new axis or an advanced index', () => {
    // np.zeros(1)[(None,) * 32] → IndexError: … indexing result would have 33
    const e = expectRule(() => np.index(ones(1), new Array(32).fill(null)), 'numpy.index.max_dims');
    expect(e.message).toContain('number of dimensions must be within [0, 32], indexing result would have 33');
    expect(numpy.index(ones(1), new Array(31).fill(null)).rank).toBe(32);
    // np.zeros((1,) * 31)[np.zeros((1, 1, 1), int)]: 30 dims left + the index's 3
    expectRule(() => np.index(ones(31), [zeros([1, 1, 1], 'int64')]), 'numpy.index.max_dims');
    expect(numpy.index(ones(31), [zeros([1, 1], 'int64')]).rank).toBe(32);
    // A mask counts one dim; 0-d integers none.
    expect(numpy.index(ones(32), new Array(32).fill(0)).rank).toBe(0);
  });
  const AT_MAX_DIMS = [
    ['add', 'numpy.add.at.max_dims'],
    ['subtract', 'numpy.subtract.at.max_dims'],
    ['multiply', 'numpy.multiply.at.max_dims'],
    ['minimum', 'numpy.minimum.at.max_dims'],
    ['maximum', 'numpy.maximum.at.max_dims'],
  ] as const;
  for (const [u, code] of AT_MAX_DIMS)
    it(`${code}: the same check on ufunc.at`, () => {
      // np.add.at(np.zeros((1,) * 31), (np.zeros((1, 1, 1), int),), 1) → the same IndexError
      expectRule(() => numpy[u].at(ones(31), numpy.tuple(zeros([1, 1, 1], 'int64')), 1), code);
    });
});
