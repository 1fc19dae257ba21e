/**
 * The PyTorch frontend (PyTorch 1.13 CPU semantics, checked against goldens from the real
 * PyTorch): gather, scatter (+ legacy reduce), scatter_add, scatter_reduce, index_select,
 * index_add, index_copy, index_fill, index_put, take, take_along_dim. The in-place `Tensor.*_`
 * methods are the out-of-place functions here; `out` (PyTorch's `out=`, and the way to write in
 * place: pass the input) goes in the trailing options object with the op's keyword arguments.
 * Policies per op live in torch/policy.ts.
 *
 * @example
 * torch.gather(tensor([[1, 2], [3, 4]]), 1, tensor([[0n, 0n], [1n, 0n]], 'int64')).toArray(); // [[1, 1], [4, 3]]
 */
import { torchTensor } from './constructors.js';
import {
  gather,
  index_select,
  lowerGather,
  lowerIndexSelect,
  lowerTake,
  lowerTakeAlongDim,
  take,
  take_along_dim,
} from './torch/gather.js';
import {
  index_add,
  index_copy,
  index_fill,
  index_put,
  lowerIndexAdd,
  lowerIndexCopy,
  lowerIndexFill,
  lowerIndexPut,
} from './torch/index-ops.js';
import { lowerIndex, lowerMaskedScatter, lowerMaskedSelect } from './torch/masks.js';
import { runs } from './lowered.js';
import {
  lowerScatter,
  lowerScatterAdd,
  lowerScatterReduce,
  scatter,
  scatter_add,
  scatter_reduce,
} from './torch/scatter.js';

export { TORCH_POLICY, type TorchOp } from './torch/policy.js';
export type { Reduction, ScatterOptions, ScatterReduceOptions } from './torch/scatter.js';
export type { GatherOptions, OutOptions, TakeAlongDimOptions } from './torch/gather.js';
export type { IndexAddOptions, IndexPutOptions } from './torch/index-ops.js';

/** PyTorch gather/scatter functions. */
export const torch = {
  /** `torch.tensor(data, dtype=None)`: integers → int64, floats → float32, booleans → bool. */
  tensor: torchTensor,
  gather,
  scatter,
  scatter_add,
  scatter_reduce,
  index_select,
  index_add,
  index_copy,
  index_fill,
  index_put,
  take,
  take_along_dim,
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
} as const;
