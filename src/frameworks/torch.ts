/**
 * The PyTorch frontend (PyTorch 1.13 CPU semantics, checked against goldens from the real
 * PyTorch): gather, scatter (+ legacy reduce), scatter_add, scatter_reduce, index_select,
 * index_add, index_copy, index_fill, index_put, take, take_along_dim. The in-place `Tensor.*_`
 * methods are the out-of-place functions here; `out` (PyTorch's `out=`, and the way to write in
 * place: pass the input) goes in the trailing options object with the op's keyword arguments.
 * An `out` sharing memory with an input is refused where PyTorch 1.13 refuses it
 * (`torch.<op>.out_overlap`, torch/overlap.ts).
 * Policies per op live in torch/policy.ts; each member below is `runs(lower)` of its lowering.
 */
import { arityChecked } from './arity.js';
import * as stated from './torch/policy.js';
import { torchTensor } from './constructors.js';
import { lowerGather, lowerIndexSelect, lowerTake, lowerTakeAlongDim } from './torch/gather.js';
import { lowerIndexAdd, lowerIndexCopy, lowerIndexFill } from './torch/index-ops.js';
import { lowerIndex, lowerIndexPut, lowerMaskedScatter, lowerMaskedSelect } from './torch/masks.js';
import { runs } from './lowered.js';
import { lowerScatter, lowerScatterAdd, lowerScatterReduce } from './torch/scatter.js';

export { TORCH_POLICY, type TorchOp } from './torch/policy.js';
export type { Reduction, ScatterOptions, ScatterReduceOptions } from './torch/scatter.js';
export type { GatherOptions, OutOptions, TakeAlongDimOptions } from './torch/gather.js';
export type { IndexAddOptions } from './torch/index-ops.js';
export type { IndexPutOptions } from './torch/masks.js';

/** The functions besides the ops of `SIGNATURES`, by their positional parameters (frameworks/arity.ts). */
const TORCH_OTHERS = {
  tensor: ['data', 'dtype'],
  index: ['input', 'indices', 'options'],
  index_put: ['input', 'indices', 'values', 'options'],
} as const;

/** PyTorch gather/scatter functions. */
export const torch = /* @__PURE__ */ arityChecked('torch', stated, TORCH_OTHERS, {
  /** `torch.tensor(data, dtype=None)`: integers → int64, floats → float32, booleans → bool. */
  tensor: torchTensor,
  /**
   * `torch.gather`: values along `dim` at `index`; the output has the index's shape.
   * @example
   * torch.gather(tensor([[1, 2], [3, 4]]), 1, tensor([[0n, 0n], [1n, 0n]], 'int64')).toArray(); // [[1, 1], [4, 3]]
   */
  gather: runs(lowerGather),
  /**
   * `torch.scatter`: writes `src` (a tensor, or one scalar value) into a copy of `input` at `index`
   * along `dim`. Duplicates: the last in row-major index order wins (PyTorch: unspecified).
   * @example
   * const src = tensor([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], 'int64');
   * torch.scatter(zeros([3, 5], 'int64'), 0, tensor([[0n, 1n, 2n, 0n]], 'int64'), src).toArray();
   * // [[1, 0, 0, 4, 0], [0, 2, 0, 0, 0], [0, 0, 3, 0, 0]]
   */
  scatter: runs(lowerScatter),
  /**
   * `torch.scatter_add`: sums `src` into a copy of `input` at `index` along `dim`.
   * @example
   * torch.scatter_add(zeros([3, 5], 'float32'), 0, tensor([[0n, 1n, 2n, 0n, 0n]], 'int64'), full([2, 5], 1, 'float32')).toArray();
   * // [[1, 0, 0, 1, 1], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0]]
   */
  scatter_add: runs(lowerScatterAdd),
  /**
   * `torch.scatter_reduce`: reduces `src` into a copy of `input` at `index` along `dim`.
   * @example
   * const src = tensor([1, 2, 3, 4, 5, 6], 'float32');
   * const index = tensor([0n, 1n, 0n, 1n, 2n, 1n], 'int64');
   * torch.scatter_reduce(tensor([1, 2, 3, 4], 'float32'), 0, index, src, 'sum').toArray(); // [5, 14, 8, 4]
   */
  scatter_reduce: runs(lowerScatterReduce),
  /**
   * `torch.index_select`: whole slices along `dim` at a vector of indices.
   * @example
   * torch.index_select(tensor([[0, 1, 2], [10, 11, 12]]), 1, tensor([2n, 0n], 'int64')).toArray(); // [[2, 0], [12, 10]]
   */
  index_select: runs(lowerIndexSelect),
  /**
   * `torch.index_add`: adds `alpha * source` slices into a copy of `input` at `index` along `dim`.
   * @example
   * const t = tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]], 'float32');
   * torch.index_add(full([5, 3], 1, 'float32'), 0, tensor([0n, 4n, 2n], 'int64'), t).toArray();
   * // [[2, 3, 4], [1, 1, 1], [8, 9, 10], [1, 1, 1], [5, 6, 7]]
   */
  index_add: runs(lowerIndexAdd),
  /**
   * `torch.index_copy`: copies `source` slices into a copy of `input` at `index` along `dim`.
   * @example
   * const t = tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]], 'float32');
   * torch.index_copy(zeros([5, 3], 'float32'), 0, tensor([0n, 4n, 2n], 'int64'), t).toArray();
   * // [[1, 2, 3], [0, 0, 0], [7, 8, 9], [0, 0, 0], [4, 5, 6]]
   */
  index_copy: runs(lowerIndexCopy),
  /**
   * `torch.index_fill`: a copy of `input` with the slices at `index` along `dim` set to `value`.
   * @example
   * const x = tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]], 'float32');
   * torch.index_fill(x, 1, tensor([0n, 2n], 'int64'), -1).toArray(); // [[-1, 2, -1], [-1, 5, -1], [-1, 8, -1]]
   */
  index_fill: runs(lowerIndexFill),
  /**
   * `torch.index_put`: a copy of `input` with `values` written (or, with accumulate, added) at the
   * positions the index tensors select. Duplicates without accumulate: the last wins.
   * @example
   * const t = tensor([[0, 1, 2], [10, 11, 12]], 'int64');
   * torch.index_put(t, [tensor([0n, 1n], 'int64'), tensor([2n, -1n], 'int64')], tensor([7n, 9n], 'int64')).toArray();
   * // [[0n, 1n, 7n], [10n, 11n, 9n]]
   */
  index_put: runs(lowerIndexPut),
  /**
   * `torch.take`: elements of the flattened input; the output has the index's shape.
   * @example
   * torch.take(tensor([[4, 3, 5], [6, 7, 8]]), tensor([0n, 2n, 5n], 'int64')).toArray(); // [4, 5, 8]
   */
  take: runs(lowerTake),
  /**
   * `torch.take_along_dim`: like NumPy's take_along_axis (input and indices broadcast).
   * @example
   * const t = tensor([[10, 30, 20], [60, 40, 50]]);
   * torch.take_along_dim(t, tensor(3n, 'int64')).toArray();                                    // [60]
   * torch.take_along_dim(t, tensor([[0n, 2n, 1n], [1n, 2n, 0n]], 'int64'), { dim: 1 }).toArray(); // [[10, 20, 30], [40, 50, 60]]
   */
  take_along_dim: runs(lowerTakeAlongDim),
  /** `x[i0, i1, …]` with int64 index tensors and bool/uint8 masks, null for a full slice `:` (aten.index). */
  index: runs(lowerIndex),
  /** The elements of `input` where `mask` is true, 1-D (input and mask broadcast together). */
  masked_select: runs(lowerMaskedSelect),
  /** A copy of `input` whose mask positions take `source`'s leading elements, row-major. */
  masked_scatter: runs(lowerMaskedScatter),
  /** The same calls lowered to one core call each (for `explain` and the explorer). */
  lower: {
    gather: lowerGather,
    scatter: lowerScatter,
    scatter_add: lowerScatterAdd,
    scatter_reduce: lowerScatterReduce,
    index_select: lowerIndexSelect,
    index_add: lowerIndexAdd,
    index_copy: lowerIndexCopy,
    index_fill: lowerIndexFill,
    index_put: lowerIndexPut,
    take: lowerTake,
    take_along_dim: lowerTakeAlongDim,
    index: lowerIndex,
    masked_select: lowerMaskedSelect,
    masked_scatter: lowerMaskedScatter,
  },
} as const);
