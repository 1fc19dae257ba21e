/**
 * MXNet 1.x gather and scatter operators with MXNet's own argument names. Index tuples of
 * gather_nd / scatter_nd run along the FIRST dim of `indices` (ONNX and TF use the last), float
 * index tensors are accepted and rounded as MXNet's kernels round them, and each edge-case policy
 * (take/pick `mode`, gather_nd `version`, scatter_nd `out_of_bounds` / `duplicates`) is named.
 *
 * gather_nd(data, indices), indices of shape (M, Y_0..Y_{K-1}) — the index vector is the FIRST dim:
 *   out[y_0..y_{K-1}, x_M..] = data[indices[0, y..], ..., indices[M-1, y..], x_M..]
 *   shape: (Y_0..Y_{K-1}, X_M..X_{N-1}); 1 ≤ M ≤ N, M ≤ 10, rank(indices) ≥ 2
 * scatter_nd(data, indices, shape): the inverse of gather_nd, onto zeros(shape):
 *   out[indices[0, y..], ..., indices[M-1, y..], x_M..] = data[y_0..y_{K-1}, x_M..]
 *   data.shape == indices.shape[1:] + shape[M:]; 1 ≤ M ≤ rank(shape), M ≤ 10, rank(indices) ≥ 2
 *   (MXNet checks no index and leaves duplicates non-deterministic; see mxnet/policy.ts)
 * take(a, indices, axis, mode):
 *   out[p_<axis, i.., p_>axis] = a[p_<axis, indices[i..], p_>axis]; shape a[:axis] + indices + a[axis+1:]
 * pick(data, index, axis, keepdims, mode):
 *   out[p_<axis, p_>axis] = data[p_<axis, index[p_<axis, p_>axis], p_>axis]; shape data without
 *   axis ((1,) for 1-D data), or with 1 at axis under keepdims; index of either shape, by its rank
 * batch_take(a, indices), a of shape (d0, d1) or (d0, 1, …, 1, d1): out[i] = a[i, clip(indices[i])];
 *   shape = indices.shape
 *
 * Every op takes MXNet's `out=` in its trailing keyword object.
 *
 * @example
 * // The comparison article: the same inputs give [1, 4] in ONNX and [2, 2] in MXNet.
 * mxnet.gather_nd(tensor([[1, 2], [3, 4]]), tensor([[-2, 0], [1, 1]])).toArray(); // [2, 2]
 */
import { arityChecked } from './arity.js';
import * as stated from './mxnet/policy.js';
import type { Wording } from '../core/call.js';
import { sameShape } from '../core/gather.js';
import type { GatherMode, NegativeIndexPolicy } from '../core/types.js';
import { fail } from '../core/validate.js';
import { fmt } from '../errors.js';
import type { DType } from '../tensor/dtype.js';
import { type Tensor, zeros } from '../tensor/tensor.js';
import { checkIndexDType, flag, integers, normalizeAxis, outArg } from './args.js';
import { runs } from './checks.js';
import { elementsGather, ndGather, ndScatter, takeGather } from './families.js';
import type { LoweredGather, LoweredScatter } from './lowered.js';
import {
  MX_POLICY,
  type MxGatherNdPolicy,
  type MxPickMode,
  type MxScatterNdPolicy,
  type MxTakeMode,
  checkGatherNdBounds,
  checkIndexVectors,
  indexDType,
  integerIndices,
  noBoolData,
  openArgs,
  pickPolicy,
} from './mxnet/policy.js';

export {
  MX_POLICY,
  type MxGatherNdPolicy,
  type MxPickMode,
  type MxScatterNdPolicy,
  type MxTakeMode,
  type MxVersion,
} from './mxnet/policy.js';

const INT32: readonly DType[] = ['int32'];

/**
 * take, pick and batch_take: a negative index is out of range like any other (clip, wrap or
 * raise decide); gather_nd passes its version's rule.
 */
const positional = (op: string, mode: GatherMode, neg: NegativeIndexPolicy = 'out_of_bounds') => ({
  mode,
  negative_indices: neg,
  oob_code: `${op}.index_out_of_bounds`,
});

/** Keyword arguments of mxnet take. */
export interface MxTakeArgs {
  /** Axis of `a` to take from; default 0; negative counts from the end. */
  readonly axis?: number;
  /** Out-of-bounds mode: `clip` (default), `wrap` or `raise`. */
  readonly mode?: MxTakeMode;
  /** Where the result goes (MXNet's `out=`): shape and dtype of the result. */
  readonly out?: Tensor;
}

/** Keyword arguments of mxnet pick. */
export interface MxPickArgs {
  /** Axis to pick along; default -1. MXNet rejects `None` (no global pick). */
  readonly axis?: number | null;
  /** Keep the picked axis as a dim of size 1 (then `index` has that shape too). Default false. */
  readonly keepdims?: boolean;
  /** Out-of-bounds mode: `clip` (default) or `wrap`. */
  readonly mode?: MxPickMode;
  /** Where the result goes (MXNet's `out=`). */
  readonly out?: Tensor;
}

/** Keyword arguments of mxnet batch_take. */
export interface MxBatchTakeArgs {
  /** Where the result goes (MXNet's `out=`). */
  readonly out?: Tensor;
}

/** gather_nd 1.7+'s out-of-range wording (built once, not per call). */
const indexError: Wording = ({ value, dim, size }) =>
  `IndexError: index ${value} is out of bounds for axis ${dim} with size ${size}`;

/**
 * Lowers gather_nd. Rules: `mxnet.gather_nd.data` / `.indices` (Tensors), `.options`,
 * `.indices_rank` (≥ 2), `.index_depth` (1 ≤ M ≤ rank(data)), `.max_dims` (M ≤ 10),
 * `.indices_dtype`, `.index_value`, `.version`, `.index_out_of_bounds` (MXNet's IndexError wording).
 */
function lowerGatherNd(
  data: Tensor,
  indices: Tensor,
  policy?: MxGatherNdPolicy | null,
): LoweredGather<'mxnet.gather_nd'> {
  const op = 'mxnet.gather_nd';
  const { x, i, opts } = openArgs(op, ['data', data], ['indices', indices], policy, ['version', 'out']);
  const rule = pickPolicy(op, 'version', MX_POLICY.gather_nd, opts.version);
  const out = outArg(op, opts.out);
  const M = checkIndexVectors(op, i, x.rank, 'data');
  indexDType(op, i);
  if (rule.bound_check) checkGatherNdBounds(op, i, x.shape.slice(0, M));
  const idx = integerIndices(op, i, rule.rounding);
  const oob = positional(op, rule.mode, rule.negative_indices);
  return ndGather({ op, out, wording: indexError }, x, idx, oob, { vector: 'first' });
}

/**
 * Lowers take. Rules: `mxnet.take.a` / `.indices` (Tensors), `.options`, `.axis`, `.mode`,
 * `.data_rank` (≥ 1), `.indices_dtype`, `.index_value`, `.index_out_of_bounds` (raise).
 */
function lowerTake(a: Tensor, indices: Tensor, args?: MxTakeArgs | null): LoweredGather<'mxnet.take'> {
  const op = 'mxnet.take';
  const { x, i, opts } = openArgs(op, ['a', a], ['indices', indices], args, ['axis', 'mode', 'out']);
  const mode = pickPolicy(op, 'mode', MX_POLICY.take, opts.mode);
  const out = outArg(op, opts.out);
  if (x.rank < 1) fail(`${op}.data_rank`, `${op}: a must have rank ≥ 1; got a scalar`);
  const axis = normalizeAxis(op, opts.axis === undefined ? 0 : opts.axis, x.rank);
  const n = x.shape[axis];
  const range = mode === 'error' ? { lo: 0, hi: n - 1 } : undefined;
  const idx = integerIndices(op, i, 'trunc', { range, bools: true });
  return takeGather({ op, out }, x, idx, axis, positional(op, mode));
}

/**
 * Lowers pick: an element-wise gather with the index given one size-1 dim at `axis`.
 * Rules: `mxnet.pick.data` / `.index` (Tensors), `.options`, `.dtype` (no bool data), `.axis`
 * (an integer in [-r, r); None is refused), `.keepdims`, `.mode`, `.index_shape` (data shape with
 * 1 at axis when the index has data's rank, else without axis — (1,) for 1-D data; keepdims only
 * shapes the result), `.indices_dtype` (no bool), `.index_value`.
 */
function lowerPick(data: Tensor, index: Tensor, args?: MxPickArgs | null): LoweredGather<'mxnet.pick'> {
  const op = 'mxnet.pick';
  const keys = ['axis', 'keepdims', 'mode', 'out'];
  const { x, i, opts } = openArgs(op, ['data', data], ['index', index], args, keys);
  const mode = pickPolicy(op, 'mode', MX_POLICY.pick, opts.mode);
  const keepdims = flag(op, 'keepdims', opts.keepdims, false);
  const out = outArg(op, opts.out);
  noBoolData(op, x, 'pick');
  if (opts.axis === null)
    fail(`${op}.axis`, `${op}: axis=None is not supported by pick; give an integer axis`);
  const axis = normalizeAxis(op, opts.axis ?? -1, x.rank);
  // MXNet's ReduceAxisShapeImpl: a 1-D input reduces to shape (1,), not ().
  const reduced = x.rank === 1 ? [1] : x.shape.filter((_, d) => d !== axis);
  const kept = x.shape.map((s, d) => (d === axis ? 1 : s));
  // PickOpShape: the index's own rank decides which shape it must have, whatever keepdims says.
  // A 0-d index is "unknown" to legacy MXNet's shape inference, which fills in the reduced shape:
  // right exactly when that shape has one element.
  const expected = i.rank === x.rank ? kept : reduced;
  const oneElement = i.rank === 0 && reduced.every((s) => s === 1);
  if (!oneElement && !sameShape(i.shape, expected)) {
    const shapes = sameShape(kept, reduced) ? fmt(kept) : `${fmt(kept)} or ${fmt(reduced)}`;
    fail(`${op}.index_shape`, `${op}: index must have shape ${shapes}; got ${fmt(i.shape)}`, {
      expected,
      index_shape: i.shape,
    });
  }
  const idx = integerIndices(op, i, 'trunc').reshape(kept);
  const shape = keepdims ? kept : reduced;
  const meta = { op, out, ...(sameShape(shape, kept) ? {} : { reshape: shape }) };
  return elementsGather(meta, x, idx, axis, positional(op, mode));
}

/**
 * Lowers batch_take: pick along the last axis of `a` (d0, d1) — or (d0, 1, …, 1, d1), the same
 * thing — clamped. Rules: `mxnet.batch_take.a` / `.indices` (Tensors), `.options`, `.dtype` (no
 * bool data), `.data_rank` (rank ≥ 2 with only 1s between d0 and d1: MXNet's shape check and
 * kernel disagree otherwise and read past the data), `.indices_dtype` (int32), `.indices_shape`
 * (size = d0).
 */
function lowerBatchTake(
  a: Tensor,
  indices: Tensor,
  args?: MxBatchTakeArgs | null,
): LoweredGather<'mxnet.batch_take'> {
  const op = 'mxnet.batch_take';
  const { x, i, opts } = openArgs(op, ['a', a], ['indices', indices], args, ['out']);
  const out = outArg(op, opts.out);
  noBoolData(op, x, 'batch_take');
  // MXNet checks rank >= 2 and size(indices) = size(a) / d_last, but its kernel reads row i at
  // i * (size(a) / d0): the two agree only when every dim between the first and the last is 1.
  if (x.rank < 2 || x.shape.slice(1, -1).some((s) => s !== 1))
    fail(
      `${op}.data_rank`,
      `${op}: a must be (d0, d1) or (d0, 1, ..., 1, d1) — MXNet's kernel reads past the data otherwise; got shape ${fmt(x.shape)}`,
      { shape: x.shape },
    );
  checkIndexDType(op, i, INT32, 'indices_dtype', 'indices must be int32');
  const [d0, d1] = [x.shape[0], x.shape[x.rank - 1]];
  if (i.size !== d0)
    fail(`${op}.indices_shape`, `${op}: indices must have d0 = ${d0} elements; got shape ${fmt(i.shape)}`, {
      indices_shape: i.shape,
    });
  const meta = { op, out, reshape: i.shape };
  const a2 = x.rank === 2 ? x : x.reshape([d0, d1]);
  return elementsGather(meta, a2, i.reshape([d0, 1]), 1, positional(op, MX_POLICY.batch_take));
}

/**
 * Lowers scatter_nd. Rules: `mxnet.scatter_nd.data` / `.indices` (Tensors), `.options`,
 * `.shape`, `.indices_rank` (≥ 2), `.index_depth` (1 ≤ M ≤ rank(shape)), `.max_dims` (M ≤ 10),
 * `.data_shape`, `.indices_dtype`, `.index_value`, `.out_of_bounds`, `.duplicates` (policy
 * names), `.index_out_of_bounds`, `.duplicate_indices`.
 */
function lowerScatterNd(
  data: Tensor,
  indices: Tensor,
  shape: readonly number[],
  policy?: MxScatterNdPolicy | null,
): LoweredScatter<'mxnet.scatter_nd'> {
  const op = 'mxnet.scatter_nd';
  const keys = ['out_of_bounds', 'duplicates', 'out'];
  const { x, i, opts } = openArgs(op, ['data', data], ['indices', indices], policy, keys);
  const mode = pickPolicy(op, 'out_of_bounds', MX_POLICY.scatter_nd.out_of_bounds, opts.out_of_bounds);
  const duplicates = pickPolicy(op, 'duplicates', MX_POLICY.scatter_nd.duplicates, opts.duplicates);
  const out = outArg(op, opts.out);
  const dims = integers(op, 'shape', shape);
  if (dims.some((d) => d < 0))
    fail(`${op}.shape`, `${op}: shape must be non-negative; got ${fmt(dims)}`, { shape: dims });
  const M = checkIndexVectors(op, i, dims.length, 'output');
  const expected = [...i.shape.slice(1), ...dims.slice(M)];
  if (!sameShape(x.shape, expected))
    fail(
      `${op}.data_shape`,
      `${op}: data.shape must be indices.shape[1:] + shape[M:] = ${fmt(expected)}; got ${fmt(x.shape)}`,
      { expected, data_shape: x.shape },
    );
  const target = zeros(dims, x.dtype);
  const idx = integerIndices(op, i, 'trunc', { bools: true });
  const rule = {
    mode,
    duplicates,
    negative_indices: 'out_of_bounds',
    oob_code: `${op}.index_out_of_bounds`,
    duplicate_code: `${op}.duplicate_indices`,
  } as const;
  return ndScatter({ op, out }, target, idx, x, 'replace', rule, { vector: 'first' });
}

/** MXNet 1.x frontend: gather_nd, scatter_nd, take, pick, batch_take. */
export const mxnet = /* @__PURE__ */ arityChecked('mxnet', stated, {}, {
  /**
   * mxnet.gather_nd: slices of `data` addressed by index vectors along the FIRST dim of `indices`.
   *
   * @example
   * mxnet.gather_nd(tensor([[0, 1], [2, 3]]), tensor([[1, 1, 0], [0, 1, 0]])).toArray(); // [2, 3, 0]
   */
  gather_nd: runs(lowerGatherNd),
  /**
   * mxnet.scatter_nd: zeros(shape) with `data` written at the index vectors along the FIRST dim of
   * `indices`.
   *
   * @example
   * mxnet.scatter_nd(tensor([2, 3, 0]), tensor([[1, 1, 0], [0, 1, 0]]), [2, 2]).toArray(); // [[0, 0], [2, 3]]
   */
  scatter_nd: runs(lowerScatterNd),
  /**
   * mxnet.take: slices of `a` along `axis`; out-of-range indices clip (default), wrap or raise.
   *
   * @example
   * mxnet.take(tensor([4, 5, 6], 'float32'), tensor([3]), { axis: -1, mode: 'clip' }).toArray(); // [6]
   */
  take: runs(lowerTake),
  /**
   * mxnet.pick: one element per position along `axis`, chosen by `index`.
   *
   * @example
   * mxnet.pick(tensor([[1, 2], [3, 4], [5, 6]], 'float32'), tensor([0, 1, 0], 'float32'), { axis: 1 }).toArray(); // [1, 4, 5]
   */
  pick: runs(lowerPick),
  /**
   * mxnet.batch_take (deprecated in MXNet; use pick): out[i] = a[i, indices[i]], indices clamped.
   *
   * @example
   * mxnet.batch_take(tensor([[1, 2], [3, 4], [5, 6]], 'float32'), tensor([0, 1, 0], 'int32')).toArray(); // [1, 4, 5]
   */
  batch_take: runs(lowerBatchTake),
  /** The lowerings, by op name. */
  lower: {
    gather_nd: lowerGatherNd,
    take: lowerTake,
    pick: lowerPick,
    batch_take: lowerBatchTake,
    scatter_nd: lowerScatterNd,
  },
} as const);
