/**
 * tf.scatter_nd and tf.tensor_scatter_nd_update / _add / _sub / _min / _max.
 *
 * With k = indices.shape[-1] and the index vector v = indices[i_0..i_{q-2}, :]:
 *   out[v, x..] = combine(out[v, x..], updates[i_0..i_{q-2}, x..])
 *   updates.shape == indices.shape[:-1] + shape[k:]
 * scatter_nd starts from zeros(shape) and sums duplicates; tensor_scatter_nd_* start from
 * `tensor` and combine with replace (last update wins) / add / sub / min / max.
 */
import type { ScatterCall } from '../../core/call.js';
import type { ReducerName } from '../../core/types.js';
import { fail } from '../../core/validate.js';
import { DTypeError, fmt } from '../../errors.js';
import { isComplex } from '../../tensor/dtype.js';
import { broadcastTo } from '../../tensor/ops.js';
import { type Tensor, sameShape, zeros } from '../../tensor/tensor.js';
import { integers, tensorArg } from '../args.js';
import { checkSameDType, runs } from '../checks.js';
import { ndScatter } from '../families.js';
import type { LoweredScatter } from '../lowered.js';
import {
  type TfPolicyOptions,
  checkIndexDType,
  checkNumeric,
  scatterPolicy,
  vectorWording,
} from './policy.js';

/**
 * Shared rules and lowering of every ND scatter onto `input`, in the order the device checks
 * them (kernelShape for cpu/gpu, xlaShape for xla), then one ndScatter.
 */
function lowerNd(
  op: string,
  input: Tensor,
  indices: Tensor,
  updates: Tensor,
  computation: ReducerName,
  minIndicesRank: number,
  opts: TfPolicyOptions | null,
): ScatterCall {
  const { policy, device, out } = scatterPolicy(op, opts);
  checkIndexDType(op, indices);
  const u =
    device === 'xla'
      ? xlaShape(op, input, indices, updates, minIndicesRank, computation)
      : kernelShape(op, input, indices, updates, minIndicesRank);
  const wording = vectorWording(indices, 'shape', input.shape);
  return ndScatter({ op, out, wording }, input, indices, u, computation, policy);
}

/** A shape as TF prints it (TensorShape::DebugString): `[3,2,2]`. */
const shapeText = (shape: readonly number[]) => `[${shape.join(',')}]`;

/** `<op>.indices_rank`: indices of at least `min` dims. */
function indicesRank(op: string, indices: Tensor, min: number): void {
  if (indices.rank < min)
    fail(`${op}.indices_rank`, `${op}: indices must have rank ≥ ${min}; got shape ${fmt(indices.shape)}`, {
      indices_shape: indices.shape,
    });
}

/** `<op>.index_depth`: an index vector longer than the output's rank. */
function indexDepth(op: string, k: number, R: number): void {
  if (k > R)
    fail(`${op}.index_depth`, `${op}: indices.shape[-1] must be ≤ rank of the output (${R}); got ${k}`, {
      index_depth: k,
    });
}

/** The updates' shape TF's formula gives: indices.shape[:-1] + shape[indices.shape[-1]:]. */
function expectedUpdates(input: Tensor, indices: Tensor): number[] {
  return [...indices.shape.slice(0, -1), ...input.shape.slice(indices.shape[indices.rank - 1])];
}

/** `<op>.updates_shape` unless `ok`, in the device's words (the kernels' or tf2xla's). */
function updatesShape(
  op: string,
  ok: boolean,
  expected: readonly number[],
  updates: Tensor,
  words: () => string,
): void {
  if (!ok) fail(`${op}.updates_shape`, `${op}: ${words()}`, { expected, updates_shape: updates.shape });
}

/**
 * The CPU and GPU kernels' checks (scatter_nd_op.cc: ScatterNdOp / TensorScatterOp::Compute, then
 * DoScatterNd), in their order: indices and updates of rank ≥ 1 (`<op>.indices_rank`;
 * `<op>.updates_shape`, "Updates shape must have rank at least one"), ValidEmptyOutputShape
 * (`<op>.empty_output`), the updates' outer dims against the indices' (`<op>.updates_shape`),
 * their rank against the output's — an index vector longer than the output's rank fails here
 * (`<op>.index_depth`) — and their inner dims (`<op>.updates_shape`); then DoScatterNd's own
 * (checkPrepared). DoScatterNd reads rank-1 indices `[n]` as n index vectors of depth 1 where
 * the op's checks read one vector of depth n, so no such call with an index passes both
 * (`<op>.updates_shape`); and its kernels exist for index depths 1 to 7 only: with an output
 * holding elements, a depth of 0 or more than 7 is refused before any index is read
 * (`<op>.index_depth`, in TF's words — which still say "between 1 and 5").
 */
function kernelShape(
  op: string,
  input: Tensor,
  indices: Tensor,
  updates: Tensor,
  minIndicesRank: number,
): Tensor {
  indicesRank(op, indices, minIndicesRank);
  if (updates.rank < 1)
    fail(`${op}.updates_shape`, `${op}: Updates shape must have rank at least one. Found:[]`, {
      updates_shape: updates.shape,
    });
  checkEmptyOutput(op, input, indices, updates);
  const q = indices.rank;
  const k = indices.shape[q - 1];
  const expected = expectedUpdates(input, indices);
  const [R, U] = [input.rank, updates.rank];
  const outer = indices.shape.slice(0, -1).every((n, d) => updates.shape[d] === n);
  const outerWords = () =>
    `Dimensions [0,${q - 1}) of indices[shape=${shapeText(indices.shape)}] must match dimensions [0,${q - 1}) of updates[shape=${shapeText(updates.shape)}]`;
  updatesShape(op, outer, expected, updates, outerWords);
  indexDepth(op, k, R);
  const innerWords = () =>
    `Dimensions [${k},${R}) of input[shape=${shapeText(input.shape)}] must match dimensions [${q - 1},${U}) of updates[shape=${shapeText(updates.shape)}]`;
  updatesShape(op, sameShape(updates.shape, expected), expected, updates, innerWords);
  checkPrepared(op, input, indices, updates);
  if (q === 1 && (k !== 0 || updates.shape[0] !== 0)) rankOneIndices(op, input, indices, updates);
  if (input.size > 0 && (k < 1 || k > 7))
    fail(
      `${op}.index_depth`,
      `${op}: Only indices.shape[-1] values between 1 and 5 are currently supported.  Requested rank: ${k}`,
      { index_depth: k },
    );
  return updates;
}

/**
 * `<op>.updates_shape` for rank-1 indices `[k]` past the op's checks: DoScatterNd reads them as k
 * index vectors of depth 1, wanting updates of shape [k] + shape[1:] (PrepareAndValidateInputs),
 * where the op read one vector of depth k (updates of shape shape[k:]).
 */
function rankOneIndices(op: string, input: Tensor, indices: Tensor, updates: Tensor): never {
  const k = indices.shape[0];
  const expected = [k, ...input.shape.slice(1)];
  fail(
    `${op}.updates_shape`,
    `${op}: DoScatterNd reads indices of shape [${k}] as ${k} index vector(s) of depth 1 (updates of shape ${fmt(expected)}), the op's own check as one of depth ${k} (updates of shape ${fmt(input.shape.slice(k))}): no updates fit both; got ${fmt(updates.shape)}. One index vector of depth ${k} is indices of shape [1, ${k}]`,
    { expected, updates_shape: updates.shape },
  );
}

/**
 * tf2xla's checks (ScatterNdOp::Compile / CompileTensorScatter, then ValidateUpdateShape and
 * XlaScatter), in their order: checkXlaOutput, indices of rank ≥ 1 (`<op>.indices_rank`), then
 * the updates' shape — a rank below the indices' batch rank (`<op>.updates_shape`) before an index
 * vector longer than the output's rank (`<op>.index_depth`). TensorScatterUpdate and
 * TensorScatterAdd take a scalar update for every element they address (`broadcast_scalar_update`;
 * XlaScatter broadcasts it to the updates' shape): the lowered call holds it broadcast.
 */
function xlaShape(
  op: string,
  input: Tensor,
  indices: Tensor,
  updates: Tensor,
  minIndicesRank: number,
  computation: ReducerName,
): Tensor {
  checkXlaOutput(op, input, indices, updates);
  indicesRank(op, indices, minIndicesRank);
  const expected = expectedUpdates(input, indices);
  const broadcastScalar =
    op !== 'tensorflow.scatter_nd' && (computation === 'replace' || computation === 'add');
  if (updates.rank === 0 && broadcastScalar) {
    indexDepth(op, indices.shape[indices.rank - 1], input.rank);
    return broadcastTo(updates, expected);
  }
  // ValidateUpdateShape's one message for every failure (index_depth named apart).
  const [k, batch] = [indices.shape[indices.rank - 1], indices.rank - 1];
  const words = () =>
    `Must have updates.shape = indices.shape[:batch_dim] + buffer_shape[num_index_dims:], got updates.shape: ${shapeText(updates.shape)}, indices.shape: ${shapeText(indices.shape)}, buffer_shape: ${shapeText(input.shape)}, num_index_dims: ${k}, and batch_dim: ${batch}`;
  updatesShape(op, updates.rank >= batch, expected, updates, words);
  indexDepth(op, k, input.rank);
  updatesShape(op, sameShape(updates.shape, expected), expected, updates, words);
  return updates;
}

/**
 * The kernels' ValidEmptyOutputShape (ScatterNd and TensorScatter*, CPU and GPU), right after
 * their rank checks (`<op>.empty_output`): indices or updates with elements need all three of
 * output, indices and updates to have elements — so a depth-0 index (`indices` of shape [n, 0])
 * with updates is refused too. ScatterNd counts the elements of its `shape` argument (the
 * output's rank) here, not of the output: `scatter_nd([[0]], zeros([1, 0]), [3, 0])` fails on its
 * empty updates; `scatter_nd([[5]], [1], [0])` passes, to fail checkPrepared's second count.
 */
function checkEmptyOutput(op: string, input: Tensor, indices: Tensor, updates: Tensor): void {
  const output = op === 'tensorflow.scatter_nd' ? input.rank : input.size;
  if (indices.size === 0 && updates.size === 0) return;
  if (output !== 0 && indices.size !== 0 && updates.size !== 0) return;
  emptyOutput(op, input, indices, updates, `${op}: Indices and updates specified for empty output shape`);
}

/**
 * DoScatterNd's own checks (scatter_nd_op.cc, PrepareAndValidateInputs; CPU and GPU), after the
 * op's shape checks and before any index is read: the output is at least 1-D
 * (`<op>.output_rank`), and ValidEmptyOutputShape once more, now on the output's elements
 * (`<op>.empty_output`, "…empty output.  indices shape: […]", two spaces as TF prints it). Only
 * ScatterNd can fail the second — TensorScatter* counted the output already — so
 * `scatter_nd([[5]], [1], [0])` is refused on every device, as TF's own kernel test
 * (scatter_nd_ops_test.py, testEmptyOutputShape1/2) expects, not a bounds error.
 */
function checkPrepared(op: string, input: Tensor, indices: Tensor, updates: Tensor): void {
  outputRank(op, input);
  if (input.size > 0 || (indices.size === 0 && updates.size === 0)) return;
  const message = `${op}: Indices and updates specified for empty output.  indices shape: ${shapeText(indices.shape)}`;
  emptyOutput(op, input, indices, updates, message);
}

/** `<op>.output_rank`: the output must be at least 1-D (DoScatterNd and tf2xla alike). */
function outputRank(op: string, input: Tensor): void {
  if (input.rank < 1)
    fail(`${op}.output_rank`, `${op}: Output must be at least 1-D, got shape: ${shapeText(input.shape)}`, {
      output_shape: input.shape,
    });
}

/**
 * tf2xla's own checks (tensorflow/compiler/tf2xla/kernels/scatter_nd_op.cc, ScatterNdOp::Compile
 * and CompileTensorScatter, read at 10ae7c03; the graph's ScatterNdShapeHelper agrees) in place
 * of ValidEmptyOutputShape: the output is at least 1-D (`<op>.output_rank`), and an output without
 * elements — ScatterNd's too, counted on the output — takes no index and no update
 * (`<op>.empty_output`). An output with elements takes anything: a depth-0 index (`indices` of
 * shape [n, 0]) applies each update to the whole output, and no index vector at all leaves it as
 * it is (XlaScatter, tf2xla/lib/scatter.cc: "nothing to update").
 */
function checkXlaOutput(op: string, input: Tensor, indices: Tensor, updates: Tensor): void {
  outputRank(op, input);
  if (input.size > 0 || (indices.size === 0 && updates.size === 0)) return;
  const message = `${op}: Indices and updates specified for empty output. indices shape: ${shapeText(indices.shape)}`;
  emptyOutput(op, input, indices, updates, message);
}

/** The `<op>.empty_output` error, worded by the device's kernel. */
function emptyOutput(op: string, input: Tensor, indices: Tensor, updates: Tensor, message: string): never {
  fail(`${op}.empty_output`, message, {
    output_shape: input.shape,
    indices_shape: indices.shape,
    updates_shape: updates.shape,
  });
}

/**
 * Lowers tf.scatter_nd. Rules (`tensorflow.scatter_nd.<rule>`): indices / updates (Tensors),
 * options, indices_dtype, indices_rank (≥ 1), shape (non-negative integers), output_rank,
 * empty_output, index_depth, updates_shape, index_out_of_bounds (cpu device), out. Any dtype: duplicates are
 * summed (bool: OR).
 */
function lowerScatterNd(
  indices: Tensor,
  updates: Tensor,
  shape: readonly number[],
  options: TfPolicyOptions | null = {},
): LoweredScatter<'tensorflow.scatter_nd'> {
  const op = 'tensorflow.scatter_nd';
  const i = tensorArg(op, 'indices', indices);
  const u = tensorArg(op, 'updates', updates);
  const dims = integers(op, 'shape', shape);
  if (dims.some((d) => d < 0))
    fail(`${op}.shape`, `${op}: shape must be non-negative; got ${fmt(dims)}`, { shape: dims });
  // TF registers ScatterNd for bool too: duplicates are summed by Eigen's bool sum, a logical OR
  // (the core's bool add). Complex and every real dtype sum as numbers.
  return lowerNd(op, zeros(dims, u.dtype), i, u, 'add', 1, options);
}

/** `tf.tensor_scatter_nd_<name>(tensor, indices, updates)`: only the combiner and the name differ. */
function tensorScatterLowering<N extends string>(name: N, computation: ReducerName) {
  const op = `tensorflow.${name}`;
  return (
    tensor: Tensor,
    indices: Tensor,
    updates: Tensor,
    options: TfPolicyOptions | null = {},
  ): LoweredScatter<`tensorflow.${N}`> => {
    const t = tensorArg(op, 'tensor', tensor);
    const i = tensorArg(op, 'indices', indices);
    const u = tensorArg(op, 'updates', updates);
    if (computation !== 'replace') checkNumeric(op, 'tensor', t);
    if ((computation === 'min' || computation === 'max') && isComplex(t.dtype)) {
      // TensorScatterMin/Max kernels are registered for real types only (no order on complex).
      const kernel = computation === 'min' ? 'TensorScatterMin' : 'TensorScatterMax';
      throw new DTypeError(
        `${op}.tensor_dtype`,
        `${op}: no ${kernel} kernel for ${t.dtype} (TensorFlow registers it for real number types only)`,
        { dtype: t.dtype },
      );
    }
    checkSameDType(op, `${op}.updates_dtype`, ['updates', u], ['tensor', t]);
    // The Python docs: "the batch_shape cannot be []" — indices need at least two axes.
    return lowerNd(op, t, i, u, computation, 2, options);
  };
}

/** The lowerings, by op name (`tensorflow.lower`). */
export const lower = {
  scatter_nd: lowerScatterNd,
  /** Validates `tf.tensor_scatter_nd_update(tensor, indices, updates)` and lowers it to one core scatter. */
  tensor_scatter_nd_update: tensorScatterLowering('tensor_scatter_nd_update', 'replace'),
  /** Validates `tf.tensor_scatter_nd_add(tensor, indices, updates)` and lowers it to one core scatter. */
  tensor_scatter_nd_add: tensorScatterLowering('tensor_scatter_nd_add', 'add'),
  /** Validates `tf.tensor_scatter_nd_sub(tensor, indices, updates)` and lowers it to one core scatter. */
  tensor_scatter_nd_sub: tensorScatterLowering('tensor_scatter_nd_sub', 'sub'),
  /** Validates `tf.tensor_scatter_nd_min(tensor, indices, updates)` and lowers it to one core scatter. */
  tensor_scatter_nd_min: tensorScatterLowering('tensor_scatter_nd_min', 'min'),
  /** Validates `tf.tensor_scatter_nd_max(tensor, indices, updates)` and lowers it to one core scatter. */
  tensor_scatter_nd_max: tensorScatterLowering('tensor_scatter_nd_max', 'max'),
} as const;

/**
 * tf.scatter_nd: a zero tensor of `shape` with `updates` summed in at the index vectors.
 *
 * @example
 * tf.scatter_nd(tensor([[4], [3], [1], [7]]), tensor([9, 10, 11, 12]), [8]).toArray();
 * // [0, 11, 0, 10, 9, 0, 0, 12]
 */
export const scatter_nd = runs(lowerScatterNd, 1);

/**
 * tf.tensor_scatter_nd_update: a copy of `tensor` with slices replaced; the last duplicate wins.
 *
 * @example
 * tf.tensor_scatter_nd_update(tensor([[1, 1], [1, 1], [1, 1]]), tensor([[0, 1], [2, 0]]), tensor([5, 10])).toArray();
 * // [[1, 5], [1, 1], [10, 1]]
 */
export const tensor_scatter_nd_update = runs(lower.tensor_scatter_nd_update);

/**
 * tf.tensor_scatter_nd_add: a copy of `tensor` with updates added (duplicates accumulate).
 *
 * @example
 * tf.tensor_scatter_nd_add(tensor([1, 1, 1]), tensor([[1], [1]]), tensor([2, 3])).toArray(); // [1, 6, 1]
 */
export const tensor_scatter_nd_add = runs(lower.tensor_scatter_nd_add);

/**
 * tf.tensor_scatter_nd_sub: a copy of `tensor` with updates subtracted (duplicates accumulate).
 *
 * @example
 * tf.tensor_scatter_nd_sub(tensor([1, 1, 1]), tensor([[1], [1]]), tensor([2, 3])).toArray(); // [1, -4, 1]
 */
export const tensor_scatter_nd_sub = runs(lower.tensor_scatter_nd_sub);

/**
 * tf.tensor_scatter_nd_min: element-wise minimum of `tensor` and the updates at each index.
 *
 * @example
 * tf.tensor_scatter_nd_min(tensor([5, 5, 5]), tensor([[1], [2]]), tensor([3, 7])).toArray(); // [5, 3, 5]
 */
export const tensor_scatter_nd_min = runs(lower.tensor_scatter_nd_min);

/**
 * tf.tensor_scatter_nd_max: element-wise maximum of `tensor` and the updates at each index.
 *
 * @example
 * tf.tensor_scatter_nd_max(tensor([5, 5, 5]), tensor([[1], [2]]), tensor([3, 7])).toArray(); // [5, 5, 7]
 */
export const tensor_scatter_nd_max = runs(lower.tensor_scatter_nd_max);
