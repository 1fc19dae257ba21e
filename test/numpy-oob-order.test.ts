/**
 * Which out-of-bounds index NumPy 1.24 names when two or more index arrays of a tuple each hold
 * one: it checks the arrays before it reads anything, each in full, in tuple order
 * (PyArray_MapIterCheckIndices), and names the first bad index of the first bad array — the
 * core's `oob_order: 'components'`. Every message below is NumPy 1.24.2's (/usr/bin/python3),
 * verbatim after the op name; before, the library named the first bad index vector's index.
 */
import { describe, expect, it } from 'vitest';
import {
  IndexOutOfBoundsError,
  InvalidArgumentError,
  type Tensor,
  core,
  numpy,
  tensor,
  torch,
  zeros,
} from '../src/index.js';
import { codeOf, expectRule } from './helpers/errors.js';

const a23 = () => zeros([2, 3], 'float64');
const a234 = () => zeros([2, 3, 4], 'float64');
const m = () => tensor([true, false, true]);
const { slice, ellipsis, newaxis } = numpy;

/** [name, a, tuple, NumPy's words]: the same for `a[tuple]`, `a[tuple] = 1`, `np.add.at(a, tuple, 1)` and an int64 `np.maximum.at(a, tuple, 1.5)` (measured). */
const MEASURED: [string, () => Tensor, () => unknown[], string][] = [
  [
    'a[[0, 3], [[-9], [1]]]',
    a23,
    () => [
      [0, 3],
      [[-9], [1]],
    ],
    'index 3 is out of bounds for axis 0 with size 2',
  ],
  [
    'a[[-2, -3], [[-4], [0]]]: a negative counts from the end once and is named as given',
    a23,
    () => [
      [-2, -3],
      [[-4], [0]],
    ],
    'index -3 is out of bounds for axis 0 with size 2',
  ],
  [
    'a[[0, 3], :, [[9], [0]]]',
    a234,
    () => [[0, 3], slice(), [[9], [0]]],
    'index 3 is out of bounds for axis 0 with size 2',
  ],
  [
    'a[:, [0, 7], [[9], [0]]]',
    a234,
    () => [slice(), [0, 7], [[9], [0]]],
    'index 7 is out of bounds for axis 1 with size 3',
  ],
  [
    'a[None, [0, 3], [[9], [0]]]',
    a234,
    () => [newaxis, [0, 3], [[9], [0]]],
    'index 3 is out of bounds for axis 0 with size 2',
  ],
  [
    'a[[0, 3], ..., [[9], [0]]]',
    a234,
    () => [[0, 3], ellipsis, [[9], [0]]],
    'index 3 is out of bounds for axis 0 with size 2',
  ],
  [
    'a[[1, 3], mask, [[9], [0]]]',
    a234,
    () => [[1, 3], m(), [[9], [0]]],
    'index 3 is out of bounds for axis 0 with size 2',
  ],
  [
    'zeros((3, 2, 4))[mask, [0, 3], [9, 0]]',
    () => zeros([3, 2, 4], 'float64'),
    () => [m(), [0, 3], [9, 0]],
    'index 3 is out of bounds for axis 1 with size 2',
  ],
  [
    'a[[0, 1], [[0], [5]], [[[9]], [[0]]]]',
    a234,
    () => [
      [0, 1],
      [[0], [5]],
      [[[9]], [[0]]],
    ],
    'index 5 is out of bounds for axis 1 with size 3',
  ],
  // A zero-size axis: every index on it is out of bounds, the first one named when its array's turn comes.
  [
    'zeros((2, 0))[[5, 0], [0, 0]]',
    () => zeros([2, 0], 'float64'),
    () => [
      [5, 0],
      [0, 0],
    ],
    'index 5 is out of bounds for axis 0 with size 2',
  ],
  [
    'zeros((0, 3))[[0], [7]]',
    () => zeros([0, 3], 'float64'),
    () => [[0], [7]],
    'index 0 is out of bounds for axis 0 with size 0',
  ],
  [
    'zeros((3, 0))[[[-2], [0]], [[3]]]',
    () => zeros([3, 0], 'float64'),
    () => [[[-2], [0]], [[3]]],
    'index 3 is out of bounds for axis 1 with size 0',
  ],
];

/** The tuple's lists as int64 tensors: `numpy.index` and `ufunc.at` read a tuple of tensors. */
const asTuple = (items: unknown[]) => items.map((i) => (Array.isArray(i) ? tensor(i, 'int64') : i));

describe('numpy: two out-of-bounds index arrays, the index NumPy 1.24 names (tuple order, each array in full)', () => {
  it.each(MEASURED)('%s', (_, a, t, words) => {
    const expectWords = (f: () => unknown, op: string) => {
      expect(f).toThrow(IndexOutOfBoundsError);
      expect(f).toThrow(`${op}: ${words}`);
    };
    expectWords(() => numpy.index(a(), asTuple(t()) as never), 'numpy.index');
    expectWords(() => numpy.add.at(a(), numpy.tuple(...(asTuple(t()) as never[])), 1), 'numpy.add.at');
    // The cast loop's program (a float b into an int64 a) runs the same scatter op.
    expectWords(
      () => numpy.maximum.at(zeros(a().shape, 'int64'), numpy.tuple(...(asTuple(t()) as never[])), 1.5),
      'numpy.maximum.at',
    );
  });

  it('a 0-d integer is still checked first, in tuple order: a[[0, 5], 1, [9, 9]] names 5 (NumPy)', () => {
    expect(() => numpy.index(a234(), [tensor([0, 5]), 1, tensor([9, 9])])).toThrow(
      'numpy.index: index 5 is out of bounds for axis 0 with size 2',
    );
    expect(() => numpy.index(a23(), [tensor([0, 5]), 7])).toThrow(
      'numpy.index: index 7 is out of bounds for axis 1 with size 3',
    );
  });

  it('arrays that do not broadcast are a shape error before any bound (NumPy)', () => {
    // NumPy: "shape mismatch: indexing arrays could not be broadcast together with shapes (2,) (3,)".
    expect(codeOf(() => numpy.index(a23(), [tensor([0, 5]), tensor([0, 1, 2])]))).toBe('numpy.index.shape');
    expect(codeOf(() => numpy.add.at(a23(), numpy.tuple(tensor([0, 5]), tensor([0, 1, 2])), 1))).toBe(
      'numpy.add.at.shape',
    );
  });

  it('an empty broadcast checks nothing: a[[[]], [9]] is empty (NumPy)', () => {
    expect(numpy.index(a23(), [tensor([[]], 'int64'), tensor([9])]).shape).toEqual([1, 0]);
  });
});

describe('torch keeps its own order (the first bad index vector), PyTorch 1.13 measured', () => {
  // PyTorch's index kernels check each index vector as they read it: x[[0, 3], [[-9], [1]]] on a
  // 2×3 x is "index -9 is out of bounds for dimension 1 with size 3" for x[t] and index_put_.
  it.each([
    [
      [
        [0, 3],
        [[-9], [1]],
      ],
      'index -9 is out of bounds for dimension 1 with size 3',
    ],
    [
      [
        [-2, -3],
        [[-4], [0]],
      ],
      'index -4 is out of bounds for dimension 1 with size 3',
    ],
  ])('%j', (t, words) => {
    const idx = () => (t as number[][]).map((i) => tensor(i, 'int64')) as never;
    expect(() => torch.index(zeros([2, 3], 'float32'), idx())).toThrow(`torch.index: ${words}`);
    expect(() =>
      torch.index_put(zeros([2, 3], 'float32'), idx(), tensor(1, 'float32'), { accumulate: true } as never),
    ).toThrow(`torch.index_put: ${words}`);
  });
});

describe("core: oob_order 'components' against the default 'index_vectors'", () => {
  // Index vectors [[0, 0], [0, 9], [5, 0]] into a 2×3 operand: the first bad vector holds 9 (dim 1);
  // component 0 holds the first bad component in order, 5 (dim 0).
  const idx = () =>
    tensor(
      [
        [0, 0],
        [0, 9],
        [5, 0],
      ],
      'int64',
    );
  const dn = {
    offset_dims: [],
    collapsed_slice_dims: [0, 1],
    start_index_map: [0, 1],
    index_vector_dim: 1,
    slice_sizes: [1, 1],
  };
  const sdn = {
    update_window_dims: [],
    inserted_window_dims: [0, 1],
    scatter_dims_to_operand_dims: [0, 1],
    index_vector_dim: 1,
  };
  const detailsOf = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return (e as IndexOutOfBoundsError).details;
    }
    return undefined;
  };
  it('gather', () => {
    const run = (oob_order?: 'components') => () =>
      core.gather(a23(), idx(), dn, { mode: 'error', oob_order });
    expect(detailsOf(run())).toMatchObject({ value: 9n, dim: 1 });
    expect(detailsOf(run('components'))).toMatchObject({ value: 5n, dim: 0, position: [2, 0] });
  });
  it('scatter', () => {
    const run = (oob_order?: 'components') => () =>
      core.scatter(a23(), idx(), zeros([3], 'float64'), sdn, 'add', { mode: 'error', oob_order });
    expect(detailsOf(run())).toMatchObject({ value: 9n, dim: 1 });
    expect(detailsOf(run('components'))).toMatchObject({ value: 5n, dim: 0, position: [2, 0] });
  });
  it('orders only the error mode: clip clamps as before', () => {
    const r = core.gather(a23(), idx(), dn, { mode: 'clip', oob_order: 'components' });
    expect(Array.from(r.data as Float64Array)).toEqual([0, 0, 0]);
  });
  it('stablehlo.gather.oob_order / stablehlo.scatter.oob_order: another value is refused', () => {
    const bad = { mode: 'error', oob_order: 'tuple' } as never;
    expectRule(() => core.gather(a23(), idx(), dn, bad), 'stablehlo.gather.oob_order', InvalidArgumentError);
    expectRule(
      () => core.scatter(a23(), idx(), zeros([3], 'float64'), sdn, 'add', bad),
      'stablehlo.scatter.oob_order',
      InvalidArgumentError,
    );
  });
});
