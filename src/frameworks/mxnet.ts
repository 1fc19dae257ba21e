/**
 * MXNet 1.x gather and scatter operators with MXNet's own argument names. Index tuples of
 * gather_nd / scatter_nd run along the FIRST dim of `indices` (ONNX and TF use the last), float
 * index tensors are accepted and rounded as MXNet's kernels round them, and each edge-case policy
 * (take/pick `mode`, gather_nd `version`, scatter_nd `out_of_bounds` / `duplicates`) is named.
 *
 * @example
 * // The comparison article: the same inputs give [1, 4] in ONNX and [2, 2] in MXNet.
 * mxnet.gather_nd(tensor([[1, 2], [3, 4]]), tensor([[-2, 0], [1, 1]])).toArray(); // [2, 2]
 */
import { batch_take, gather_nd, lower as lowerGather, pick, take } from './mxnet/gather.js';
import { lower as lowerScatter, scatter_nd } from './mxnet/scatter.js';

export type { MxBatchTakeArgs, MxPickArgs, MxTakeArgs } from './mxnet/gather.js';
export {
  MX_POLICY,
  type MxGatherNdPolicy,
  type MxPickMode,
  type MxScatterNdPolicy,
  type MxTakeMode,
  type MxVersion,
} from './mxnet/policy.js';

/** MXNet 1.x frontend: gather_nd, scatter_nd, take, pick, batch_take. */
export const mxnet = {
  gather_nd,
  scatter_nd,
  take,
  pick,
  batch_take,
  lower: { ...lowerGather, ...lowerScatter },
} as const;
