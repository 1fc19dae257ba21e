/**
 * One named negative test per PyTorch rule that had none: each test is named by its code, breaks
 * only that rule of a valid call and asserts the error class and the exact code. Codes the
 * catalogue lists that no input reaches (shared lowerings): scatter's `src` (a non-Tensor src
 * is scatter's `value`), scatter's and scatter_add's `dtype` (only amax/amin refuse complex),
 * scatter_add's `reduce` (only mean refuses bool), scatter_add's and scatter_reduce's `value`
 * (only scatter takes a scalar `value`).
 */
import { describe, expect, it } from 'vitest';
import {
  DTypeError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
  tensor,
  torch,
  zeros,
} from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const L = (x: unknown) => tensor(x as number[], 'int64');
const F = (x: unknown) => tensor(x as number[], 'float32');
const x23 = () =>
  F([
    [1, 2, 3],
    [4, 5, 6],
  ]);
const mask23 = () =>
  tensor(
    [
      [true, false, true],
      [false, true, false],
    ],
    'bool',
  );
const t = torch as unknown as Record<string, (...a: unknown[]) => unknown>;

/** code → a call breaking only that rule, and the class it throws. */
const CASES: [string, () => unknown, (new (...a: any[]) => Error)?][] = [
  ['torch.index_add.dim', () => t.index_add(x23(), 2, L([0]), F([[1, 1, 1]]))],
  ['torch.index_copy.dim', () => t.index_copy(x23(), 2, L([0]), F([[1, 1, 1]]))],
  ['torch.index_fill.dim', () => t.index_fill(x23(), 2, L([0]), 1)],
  ['torch.index_select.dim', () => t.index_select(x23(), 2, L([0]))],
  ['torch.index_select.input', () => t.index_select([1, 2], 0, L([0]))],
  ['torch.index_select.options', () => t.index_select(x23(), 0, L([0]), { bogus: 1 })],
  ['torch.scatter.input', () => t.scatter([[1, 2]], 0, L([[0]]), F([[1]]))],
  ['torch.scatter.index', () => t.scatter(x23(), 0, [[0]], F([[1]]))],
  ['torch.scatter_add.input', () => t.scatter_add([[1, 2]], 0, L([[0]]), F([[1]]))],
  ['torch.scatter_add.index', () => t.scatter_add(x23(), 0, [[0]], F([[1]]))],
  ['torch.scatter_add.dim', () => t.scatter_add(x23(), 2, L([[0]]), F([[1]]))],
  ['torch.scatter_add.options', () => t.scatter_add(x23(), 0, L([[0]]), F([[1]]), { bogus: 1 })],
  ['torch.scatter_reduce.input', () => t.scatter_reduce([[1, 2]], 0, L([[0]]), F([[1]]), 'sum')],
  ['torch.scatter_reduce.index', () => t.scatter_reduce(x23(), 0, [[0]], F([[1]]), 'sum')],
  ['torch.scatter_reduce.dim', () => t.scatter_reduce(x23(), 2, L([[0]]), F([[1]]), 'sum')],
  ['torch.index.options', () => t.index(x23(), [L([0])], { bogus: 1 })],
  ['torch.index_add.options', () => t.index_add(x23(), 0, L([0]), F([[1, 1, 1]]), { bogus: 1 })],
  ['torch.index_copy.options', () => t.index_copy(x23(), 0, L([0]), F([[1, 1, 1]]), { bogus: 1 })],
  ['torch.index_fill.options', () => t.index_fill(x23(), 0, L([0]), 1, { bogus: 1 })],
  ['torch.masked_scatter.options', () => t.masked_scatter(x23(), mask23(), F([1, 2, 3]), { bogus: 1 })],
  ['torch.masked_select.options', () => t.masked_select(x23(), mask23(), { bogus: 1 })],
  ['torch.scatter_reduce.options', () => t.scatter_reduce(x23(), 0, L([[0]]), F([[1]]), 'sum', { bogus: 1 })],
  ['torch.index.input', () => t.index([1, 2], [L([0])])],
  ['torch.index.indices', () => t.index(x23(), L([0]))],
  ['torch.index.mask_values', () => t.index(x23(), [tensor([2, 0], 'uint8')])],
  ['torch.index.out', () => t.index(x23(), [L([0])], { out: zeros([5], 'float32') })],
  ['torch.index.shape', () => t.index(x23(), [L([0, 1]), L([0, 1, 2])]), InvalidArgumentError],
  ['torch.index_add.input', () => t.index_add([1, 2], 0, L([0]), F([1]))],
  ['torch.index_add.index', () => t.index_add(x23(), 0, [0], F([[1, 1, 1]]))],
  ['torch.index_add.index_dtype', () => t.index_add(x23(), 0, F([0]), F([[1, 1, 1]])), DTypeError],
  ['torch.index_add.index_rank', () => t.index_add(x23(), 0, L([[0]]), F([[1, 1, 1]]))],
  ['torch.index_add.source', () => t.index_add(x23(), 0, L([0]), [[1, 1, 1]])],
  ['torch.index_copy.input', () => t.index_copy([1, 2], 0, L([0]), F([1]))],
  ['torch.index_copy.index_rank', () => t.index_copy(x23(), 0, L([[0]]), F([[1, 1, 1]]))],
  ['torch.index_copy.source', () => t.index_copy(x23(), 0, L([0]), [[1, 1, 1]])],
  [
    'torch.index_copy.source_dtype',
    () => t.index_copy(x23(), 0, L([0]), tensor([[1, 1, 1]], 'float64')),
    DTypeError,
  ],
  ['torch.index_copy.index', () => t.index_copy(x23(), 0, [0], F([[1, 1, 1]]))],
  ['torch.index_copy.source_shape', () => t.index_copy(x23(), 0, L([0]), F([[1, 1]]))],
  ['torch.index_fill.input', () => t.index_fill([1, 2], 0, L([0]), 1)],
  ['torch.index_fill.index', () => t.index_fill(x23(), 0, [0], 1)],
  ['torch.index_fill.index_rank', () => t.index_fill(x23(), 0, L([[0]]), 1)],
  ['torch.index_put.values', () => t.index_put(x23(), [L([0])], 'one')],
  ['torch.index_put.input', () => t.index_put([[1, 2]], [L([0])], F(1))],
  ['torch.index_put.options', () => t.index_put(x23(), [L([0])], F(1), { bogus: 1 })],
  ['torch.take_along_dim.input', () => t.take_along_dim([[1, 2]], L([[0]]), { dim: 0 })],
  ['torch.take_along_dim.indices', () => t.take_along_dim(x23(), [[0]], { dim: 0 })],
  ['torch.take_along_dim.dim', () => t.take_along_dim(x23(), L([[0]]), { dim: 2 })],
  ['torch.index_put.out', () => t.index_put(x23(), [L([0])], F(1), { out: zeros([5], 'float32') })],
  ['torch.masked_scatter.input', () => t.masked_scatter([1, 2], mask23(), F([1, 2, 3]))],
  ['torch.masked_scatter.mask', () => t.masked_scatter(x23(), [[true]], F([1, 2, 3]))],
  [
    'torch.masked_scatter.mask_dtype',
    () => t.masked_scatter(x23(), F([[1, 0, 1]]), F([1, 2, 3])),
    DTypeError,
  ],
  [
    'torch.masked_scatter.mask_values',
    () => t.masked_scatter(x23(), tensor([[2, 0, 1]], 'uint8'), F([1, 2, 3])),
  ],
  [
    'torch.masked_scatter.out',
    () => t.masked_scatter(x23(), mask23(), F([1, 2, 3]), { out: zeros([5], 'float32') }),
  ],
  ['torch.masked_scatter.shape', () => t.masked_scatter(x23(), tensor([true, false], 'bool'), F([1, 2, 3]))],
  ['torch.masked_scatter.source', () => t.masked_scatter(x23(), mask23(), [1, 2, 3])],
  ['torch.masked_select.input', () => t.masked_select([1, 2], mask23())],
  ['torch.masked_select.mask', () => t.masked_select(x23(), [[true]])],
  ['torch.masked_select.out', () => t.masked_select(x23(), mask23(), { out: zeros([5], 'float32') })],
  ['torch.scatter_add.ndim', () => t.scatter_add(x23(), 0, L([0]), F([1]))],
  ['torch.scatter_add.index_shape', () => t.scatter_add(x23(), 0, L([[0, 0, 0, 0]]), F([[1, 1, 1, 1]]))],
  ['torch.scatter_reduce.ndim', () => t.scatter_reduce(x23(), 0, L([0]), F([1]), 'sum')],
  [
    'torch.scatter_reduce.index_shape',
    () => t.scatter_reduce(x23(), 0, L([[0, 0, 0, 0]]), F([[1, 1, 1, 1]]), 'sum'),
  ],
  ['torch.scatter_reduce.src', () => t.scatter_reduce(x23(), 0, L([[0]]), [[1]], 'sum')],
  [
    'torch.scatter_reduce.src_dtype',
    () => t.scatter_reduce(x23(), 0, L([[0]]), tensor([[1]], 'float64'), 'sum'),
    DTypeError,
  ],
  [
    'torch.scatter_reduce.dtype',
    () => t.scatter_reduce(tensor([1, 2], 'complex64'), 0, L([0]), tensor([1, 1], 'complex64'), 'amax'),
    DTypeError,
  ],
];

describe('torch: one named test per rule', () => {
  for (const [code, call, cls] of CASES)
    it(code, () => {
      expectRule(call, code, cls ?? InvalidArgumentError);
    });
  it('the base calls are valid', () => {
    const added = t.index_add(x23(), 0, L([0]), F([[1, 1, 1]])) as { toArray(): unknown };
    expect(added.toArray()).toEqual([
      [2, 3, 4],
      [4, 5, 6],
    ]);
    expect((t.masked_select(x23(), mask23()) as { toArray(): unknown }).toArray()).toEqual([1, 3, 5]);
    expect(() => t.index(x23(), [L([5])])).toThrow(IndexOutOfBoundsError);
  });
});
