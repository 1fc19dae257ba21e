/**
 * `jax.lax.gather(operand, start_indices, dimension_numbers, slice_sizes, { unique_indices,
 * indices_are_sorted, mode, fill_value })` — XLA's gather with JAX's fixed index_vector_dim.
 *
 *   batch_index = result_index at the dims not in offset_dims
 *   start       = start_indices[batch_index..., :]            (index vector = LAST dim)
 *   full_start[start_index_map[k]] = start[k]                  (no negative wrapping)
 *   full_batch[operand_batching_dims[i]] = batch_index[start_indices_batching_dims[i]]
 *   result[result_index] = operand[full_start + full_batch + offset_index (0 at collapsed/batching dims)]
 *
 * Shape: rank(result) = len(offset_dims) + rank(start_indices) - 1; the offset dims take the
 * slice sizes of the non-collapsed, non-batching operand dims, the others the indices' dims.
 *
 * Rules (each an error code `jax.lax.gather.<rule>`): index_dtype, start_indices (rank ≥ 1),
 * dimension_numbers, offset_dims, collapsed_slice_dims, operand_batching_dims,
 * start_indices_batching_dims, batching_dims, start_index_map, slice_sizes (incl. collapsed
 * dims must have slice size 1), mode, fill_value.
 *
 * Out of bounds (`mode`, default None = PROMISE_IN_BOUNDS): CLIP and PROMISE_IN_BOUNDS clamp the
 * window start into [0, dim - slice_size]; FILL_OR_DROP ('fill' | 'drop') fills the whole
 * window with `fill_value` (default NaN / iinfo.min / iinfo.max / true).
 *
 * Options are strict (`jax.lax.gather.options`: unknown keys refused); `out` receives the result.
 */
import type { Scalar } from '../../tensor/dtype.js';
import type { Tensor } from '../../tensor/tensor.js';
import { integers, options, outArg, tensorArg } from '../args.js';
import { gatherCall } from '../families.js';
import {
  type GatherDimensionNumbers,
  checkIndices,
  lowerGatherDimensionNumbers,
} from './dimension-numbers.js';
import { type JaxMode, LAX_NEGATIVE_INDICES, laxGatherPolicy, parseMode } from './modes.js';
import { type PromiseOptions, fillValue, promises } from './util.js';
import { type LoweredGather, runs } from '../lowered.js';

/** Keyword arguments of `jax.lax.gather`. */
export interface LaxGatherOptions extends PromiseOptions {
  /** Default (undefined/null): PROMISE_IN_BOUNDS, which clamps. */
  readonly mode?: JaxMode | null;
  /** Value of out-of-bounds windows under FILL_OR_DROP; ignored otherwise. */
  readonly fill_value?: Scalar | null;
  /** Where the result goes (the library's; JAX arrays are immutable). */
  readonly out?: Tensor;
}

const KEYS = ['unique_indices', 'indices_are_sorted', 'mode', 'fill_value', 'out'] as const;

/**
 * Validates and lowers `jax.lax.gather` to one general gather. StableHLO's C21 stays (a
 * zero-size dim cannot be sliced with size 1), as XLA refuses it too.
 */
export function lowerGather(
  operand: Tensor,
  start_indices: Tensor,
  dimension_numbers: GatherDimensionNumbers,
  slice_sizes: readonly number[],
  opts: LaxGatherOptions | null = {},
): LoweredGather<'jax.lax.gather'> {
  const op = 'jax.lax.gather';
  const x = tensorArg(op, 'operand', operand);
  const i = tensorArg(op, 'start_indices', start_indices);
  const o = options(op, opts, KEYS);
  const { indices_are_sorted } = promises(op, o);
  const parsed = parseMode(o.mode, 'lax.gather', op);
  const fill = fillValue(op, x, o.fill_value);
  checkIndices(i, op, 'start_indices');
  const sizes = integers(op, 'slice_sizes', slice_sizes);
  const dn = lowerGatherDimensionNumbers(x.shape, i.shape, dimension_numbers, sizes, op);
  const m = { op, out: outArg(op, o.out) };
  const policy = { ...laxGatherPolicy(parsed, LAX_NEGATIVE_INDICES, fill), zero_size_dims: 'spec' } as const;
  return gatherCall(m, x, i, { ...dn, indices_are_sorted }, policy);
}

/**
 * Gathers slices of `operand` (jax.lax.gather).
 *
 * @example
 * const x = tensor([10, 11, 12], 'int32');
 * const idx = tensor([[0], [1], [1], [2], [2], [2]], 'int32');
 * jax.lax.gather(x, idx, jax.lax.GatherDimensionNumbers({ offset_dims: [], collapsed_slice_dims: [0], start_index_map: [0] }), [1],
 *   { indices_are_sorted: true, mode: jax.lax.GatherScatterMode.PROMISE_IN_BOUNDS });
 * // → [10, 11, 11, 12, 12, 12]
 */
export const gather = runs(lowerGather);
