/**
 * ONNX `TensorScatter` (version 24): the KV-cache update. Each batch entry's `update` run of
 * `sequence_length` positions is written into `past_cache` along `axis`, from that entry's write index.
 *
 *   out = copy(past_cache)
 *   out[p, w[p_0] + s, …]                  = update[p, s, …]   (mode linear)
 *   out[p, (w[p_0] + s) mod max_seq_len, …] = update[p, s, …]   (mode circular)
 *
 * for every prefix p = (p_0, …, p_{axis-1}) and 0 <= s < sequence_length; w = write_indices
 * (all 0 when absent). Shape: the shape of `past_cache`.
 *
 * Constraints (code `onnx.TensorScatter-24.<rule>`):
 * - `past_cache`, `update`: Tensors, `write_indices` a Tensor or absent (`null`/`undefined`);
 *   `options`: only `opset`, `out`; `attribute`: only `axis`, `mode`;
 * - `past_cache_rank`: rank(past_cache) >= 2 (batch dim plus a sequence dim that is not 0);
 * - `axis`: an integer in [-r, r-1] that is not the batch dim 0 after normalization;
 * - `update_rank`, `update_shape`: update has past_cache's shape except along axis, where
 *   sequence_length <= max_sequence_length;
 * - `update_dtype`: that of past_cache; `write_indices_dtype`: int64;
 *   `write_indices_shape`: [batch_size];
 * - `mode`: `linear` (default) or `circular`;
 * - `index_out_of_bounds` (linear): 0 <= w and w + sequence_length <= max_sequence_length. A write
 *   index is a position, not a Python index, so a negative one is out of range; in circular mode
 *   every value is taken modulo max_sequence_length (np.mod, so negatives wrap too);
 * - `opset` (code `onnx.TensorScatter.opset`): opset >= 24; `out`: past_cache's shape and dtype.
 *
 * Lowering (linear): one general scatter whose window is the whole update row of a batch entry
 * (`input_batching_dims = [0]`, `update_window_dims = [1, r)`, start on `axis`). Lowering
 * (circular): the call's prologue turns write indices into per-position targets
 * `(w mod M + s) mod M`, and one `take` scatter along `axis` with batch dim 0 writes each position.
 */
import { fmt } from '../../errors.js';
import { type Tensor, zeros } from '../../tensor/tensor.js';
import { integer, oneOf, range, tensorArg } from '../args.js';
import { runs } from '../checks.js';
import { scatterCall, takeScatterDims } from '../families.js';
import type { LoweredScatter } from '../lowered.js';
import {
  type OnnxOptions,
  attributes,
  checkIndexDType,
  checkMinRank,
  checkSameDType,
  code,
  fail,
  onnxOptions,
} from './opsets.js';

/** Attributes of `TensorScatter`. */
export interface TensorScatterAttributes {
  /** Sequence axis; default -2; must not be the batch dim 0. */
  readonly axis?: number;
  /** `linear` (default) or `circular`. */
  readonly mode?: 'linear' | 'circular';
}

/** The ONNX wording of a linear write index that does not fit the cache. */
const writeWording =
  (seq: number) =>
  ({ value, size, position }: { value: bigint; size: number; position: readonly number[] }) =>
    `write index ${value} at write_indices position ${fmt(position)} does not fit: linear mode needs 0 <= write index and write index + sequence_length (${seq}) <= max_sequence_length (${size})`;

/** Validates and lowers `TensorScatter` to one StableHLO scatter (circular: after two index gathers). */
export function lowerTensorScatter(
  past_cache: Tensor,
  update: Tensor,
  write_indices?: Tensor | null,
  attrs?: TensorScatterAttributes | null,
  options?: OnnxOptions | null,
): LoweredScatter<'onnx.TensorScatter'> {
  const { op, out } = onnxOptions('TensorScatter', options);
  tensorArg(op.name, 'past_cache', past_cache);
  tensorArg(op.name, 'update', update);
  const given = write_indices === null ? undefined : write_indices; // null and undefined: absent
  if (given !== undefined) tensorArg(op.name, 'write_indices', given);
  const a = attributes(op, attrs);
  // onnxruntime's order: the inputs' types when it loads the model, the mode when it builds the
  // kernel, then the shapes and values when it runs (test/onnx-check-order-load).
  // past_cache may have any type (T: every tensor type, bfloat16 included): only update must match it.
  checkSameDType(op, past_cache, update, 'update');
  if (given !== undefined) checkIndexDType(op, given, 'write_indices');
  const mode = oneOf(op.name, 'mode', a.mode, ['linear', 'circular'], 'linear');
  checkMinRank(op, past_cache, 2, 'past_cache');
  const r = past_cache.rank;
  if (update.rank !== r)
    fail(op, 'update_rank', `rank(update) must equal rank(past_cache) = ${r}; got ${update.rank}`);
  const rawAxis = integer(op.name, 'axis', a.axis, -2);
  if (rawAxis < -r || rawAxis >= r || (rawAxis + r) % r === 0)
    fail(
      op,
      'axis',
      `axis must lie in [${-r}, ${r - 1}] and not be the batch dim 0; got ${rawAxis} for rank(past_cache) = ${r}`,
      { axis: rawAxis },
    );
  const axis = rawAxis < 0 ? rawAxis + r : rawAxis;
  const maxSeq = past_cache.shape[axis];
  const seq = update.shape[axis];
  if (update.shape.some((n, d) => (d === axis ? n > maxSeq : n !== past_cache.shape[d])))
    fail(
      op,
      'update_shape',
      `update must have the shape of past_cache ${fmt(past_cache.shape)} except along axis ${axis}, where sequence_length <= max_sequence_length = ${maxSeq}; got ${fmt(update.shape)}`,
      { updateShape: update.shape, pastShape: past_cache.shape },
    );
  const batch = past_cache.shape[0];
  if (given !== undefined && (given.rank !== 1 || given.shape[0] !== batch))
    fail(
      op,
      'write_indices_shape',
      `write_indices must have shape [batch_size] = [${batch}]; got ${fmt(given.shape)}`,
    );
  const w = given ?? zeros([batch], 'int64');
  // A write index is a position: negative values are out of range, never counted from the end.
  const oob_code = code(op, 'index_out_of_bounds');
  const policy = { mode: 'error', negative_indices: 'out_of_bounds', oob_code } as const;
  const meta = { op: op.name, out, wording: writeWording(seq) };
  if (mode === 'linear') {
    const dn = {
      update_window_dims: range(1, r),
      inserted_window_dims: [],
      input_batching_dims: [0],
      scatter_indices_batching_dims: [0],
      scatter_dims_to_operand_dims: [axis],
      index_vector_dim: 1,
    };
    return scatterCall(meta, past_cache, w, update, dn, 'replace', policy);
  }
  // targets[b, s] = (w[b] mod M + s) mod M: the program's arithmetic before the scatter (declared
  // as the call's prologue, run by the IR, printed by explain).
  const circular = { ...meta, prologue: { kind: 'circular_indices', max_seq: maxSeq, seq } as const };
  return scatterCall(circular, past_cache, w, update, takeScatterDims(r, 2, axis, 1), 'replace', policy);
}

/**
 * ONNX `TensorScatter`: writes each batch entry's `update` run into the cache at its write index.
 *
 * @example
 * onnx.TensorScatter(zeros([1, 4, 1], 'float32'), tensor([[[7], [8]]], 'float32'), tensor([3n], 'int64'), { mode: 'circular' })
 * // → [[[8], [0], [0], [7]]]
 */
export const TensorScatter = runs(lowerTensorScatter);
