/**
 * `jax.lax.gather(operand, start_indices, dimension_numbers, slice_sizes, { unique_indices,
 * indices_are_sorted, mode, fill_value })`, `jax.lax.scatter`, `scatter_add`, `scatter_sub`,
 * `scatter_mul`, `scatter_min`, `scatter_max` `(operand, scatter_indices, updates,
 * dimension_numbers, { indices_are_sorted, unique_indices, mode })` and `scatter_apply(operand,
 * scatter_indices, func, dimension_numbers, { update_shape, ... })` — XLA's gather and scatter
 * with JAX's fixed index_vector_dim: the index vector is the LAST dim of the indices, and a
 * negative start is not wrapped.
 *
 * gather:
 *   batch_index = result_index at the dims not in offset_dims
 *   start       = start_indices[batch_index..., :]
 *   full_start[start_index_map[k]] = start[k]
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
 * scatter:
 *   update_scatter_index = update_index at the dims not in update_window_dims
 *   start  = scatter_indices[update_scatter_index..., :]
 *   full_start[scatter_dims_to_operand_dims[k]] = start[k]
 *   full_batch[operand_batching_dims[i]] = update_scatter_index[scatter_indices_batching_dims[i]]
 *   out[full_start + full_batch + window_index (0 at inserted/batching dims)]
 *       = combine(out[...], updates[update_index])
 *
 * Shape: out has the operand's shape; rank(updates) = rank(scatter_indices) - 1 +
 * len(update_window_dims), window dims no larger than the operand's.
 *
 * Rules (`jax.lax.<op>.<rule>`): index_dtype, scatter_indices (rank ≥ 1), dtype (operand and
 * updates share one dtype; add/sub/mul refuse bool like lax.add), dimension_numbers, updates,
 * update_window_dims, inserted_window_dims, operand_batching_dims,
 * scatter_indices_batching_dims, batching_dims, scatter_dims_to_operand_dims, mode, func.
 *
 * Out of bounds (`mode`, default None = FILL_OR_DROP): a window that does not fit entirely is
 * dropped (FILL_OR_DROP, and PROMISE_IN_BOUNDS as XLA does it); CLIP clamps the window start.
 * Duplicates: every update is applied, in update-index (row-major) order — JAX leaves the order
 * implementation-defined, so `scatter` with duplicates keeps the last here.
 *
 * Options are strict (`<op>.options`: unknown keys refused); `out` receives the result
 * (`out: operand` updates a scatter's operand in place).
 */
import type { ScatterCall } from '../../core/call.js';
import type { ReducerName, UpdateComputation } from '../../core/types.js';
import { InvalidArgumentError, fmt } from '../../errors.js';
import type { Scalar } from '../../tensor/dtype.js';
import { type Tensor, zeros } from '../../tensor/tensor.js';
import { integers, options, outArg, tensorArg } from '../args.js';
import { dtypeRule } from '../checks.js';
import { gatherCall, scatterCall } from '../families.js';
import {
  type GatherDimensionNumbers,
  type ScatterDimensionNumbers,
  lowerGatherDimensionNumbers,
  lowerScatterDimensionNumbers,
} from './dimension-numbers.js';
import { CORE_MODE, type JaxMode, LAX_NEGATIVE_INDICES, laxGatherPolicy, parseMode } from './modes.js';
import { type PromiseOptions, constantGather, fillValue, promises } from './util.js';
import { type LoweredGather, type LoweredScatter, runs } from '../lowered.js';

/** Keyword arguments of `jax.lax.gather`. */
export interface LaxGatherOptions extends PromiseOptions {
  /** Default (undefined/null): PROMISE_IN_BOUNDS, which clamps. */
  readonly mode?: JaxMode | null;
  /** Value of out-of-bounds windows under FILL_OR_DROP; ignored otherwise. */
  readonly fill_value?: Scalar | null;
  /** Where the result goes (the library's; JAX arrays are immutable). */
  readonly out?: Tensor;
}

const GATHER_KEYS = ['unique_indices', 'indices_are_sorted', 'mode', 'fill_value', 'out'] as const;

/**
 * Validates and lowers `jax.lax.gather` to one general gather. StableHLO's C21 stays (a
 * zero-size dim cannot be sliced with size 1, as JAX's shape rule refuses it), except where JAX
 * lowers to zeros: with empty indices and an empty result, whatever the slice sizes (JAX skips
 * their bound check then), the call is the constant empty result.
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
  const o = options(op, opts, GATHER_KEYS);
  const { indices_are_sorted } = promises(op, o);
  const parsed = parseMode(o.mode, 'lax.gather', op);
  const fill = fillValue(op, x, o.fill_value);
  const sizes = integers(op, 'slice_sizes', slice_sizes);
  const { dn, zeros: empty } = lowerGatherDimensionNumbers(x.shape, i, dimension_numbers, sizes, op);
  const m = { op, out: outArg(op, o.out) };
  if (empty) return constantGather(m, zeros(empty, x.dtype));
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

/** Keyword arguments of the `jax.lax.scatter*` family. */
export interface LaxScatterOptions extends PromiseOptions {
  /** Default (undefined/null): FILL_OR_DROP, which drops out-of-bounds windows. */
  readonly mode?: JaxMode | null;
  /** Where the result goes (the library's; may be `operand` itself: in place). */
  readonly out?: Tensor;
}

/** Keyword arguments of `jax.lax.scatter_apply`. */
export interface LaxScatterApplyOptions extends LaxScatterOptions {
  /** Shape of the (unused) updates at the given indices; default [] (scalar windows). */
  readonly update_shape?: readonly number[];
}

const SCATTER_KEYS = ['indices_are_sorted', 'unique_indices', 'mode', 'out'] as const;
const APPLY_KEYS = [...SCATTER_KEYS, 'update_shape'] as const;

/** Each lax scatter op's core update computation; lax.add / sub / mul take numbers only (NUMERIC_ONLY). */
const COMBINER: Readonly<Record<string, ReducerName>> = {
  scatter: 'replace',
  scatter_add: 'add',
  scatter_sub: 'sub',
  scatter_mul: 'mul',
  scatter_min: 'min',
  scatter_max: 'max',
};
const NUMERIC_ONLY = new Set(['scatter_add', 'scatter_sub', 'scatter_mul']);

/** Validates and lowers one scatter of the family; `computation` overrides the table (scatter_apply). */
function lowerScatterOp(
  name: string,
  operand: Tensor,
  scatter_indices: Tensor,
  updates: Tensor,
  dimension_numbers: ScatterDimensionNumbers,
  o: LaxScatterOptions,
  computation?: UpdateComputation,
): ScatterCall {
  const op = `jax.lax.${name}`;
  const x = tensorArg(op, 'operand', operand);
  const i = tensorArg(op, 'scatter_indices', scatter_indices);
  const u = tensorArg(op, 'updates', updates);
  const flags = promises(op, o);
  const parsed = parseMode(o.mode, 'lax.scatter', op);
  if (NUMERIC_ONLY.has(name) && x.dtype === 'bool')
    dtypeRule(
      `${op}.dtype`,
      `${op}: operand must have a numeric dtype (lax.${name.slice(8)} does not accept bool); got bool`,
      x,
    );
  const dn = lowerScatterDimensionNumbers(x, i, u, dimension_numbers, op);
  const m = { op, out: outArg(op, o.out) };
  const policy = { mode: CORE_MODE[parsed].scatter, negative_indices: LAX_NEGATIVE_INDICES };
  return scatterCall(m, x, i, u, { ...dn, ...flags }, computation ?? COMBINER[name], policy);
}

/** A `jax.lax.scatter*` lowering. */
export interface LowerScatterFn<N extends string = string> {
  /** Validates `jax.lax.scatter*(operand, scatter_indices, updates, dimension_numbers)` and lowers it to one core scatter. */
  // biome-ignore lint/style/useShorthandFunctionType: an interface's call signature carries its doc comment to the API site
  (
    operand: Tensor,
    scatter_indices: Tensor,
    updates: Tensor,
    dimension_numbers: ScatterDimensionNumbers,
    options?: LaxScatterOptions | null,
  ): LoweredScatter<`jax.lax.${N}`>;
}

const lowerer =
  <N extends string>(name: N): LowerScatterFn<N> =>
  (x, i, u, dn, opts = {}) =>
    lowerScatterOp(name, x, i, u, dn, options(`jax.lax.${name}`, opts, SCATTER_KEYS));

/** Lowers `jax.lax.scatter_apply`: `func` applied once per hit, through a zero updates tensor of `update_shape`. */
function lowerScatterApply(
  operand: Tensor,
  scatter_indices: Tensor,
  func: (x: Scalar) => Scalar,
  dimension_numbers: ScatterDimensionNumbers,
  opts: LaxScatterApplyOptions | null = {},
): LoweredScatter<'jax.lax.scatter_apply'> {
  const op = 'jax.lax.scatter_apply';
  const x = tensorArg(op, 'operand', operand);
  const o = options(op, opts, APPLY_KEYS);
  if (typeof func !== 'function')
    throw new InvalidArgumentError(`${op}.func`, `${op}: func must be a unary function; got ${fmt(func)}`);
  const shape = o.update_shape === undefined ? [] : integers(op, 'update_shape', o.update_shape);
  const unused = zeros(shape, x.dtype);
  return lowerScatterOp('scatter_apply', x, scatter_indices, unused, dimension_numbers, o, (v) => func(v));
}

/** Lowerings of the `jax.lax.scatter*` family (`jax.lower.lax`). */
export const lowerScatters = {
  /** Lowers `jax.lax.scatter` (updates replace; with duplicates the last in update-index order wins). */
  scatter: lowerer('scatter'),
  /** Lowers `jax.lax.scatter_add`. */
  scatter_add: lowerer('scatter_add'),
  /** Lowers `jax.lax.scatter_sub`. */
  scatter_sub: lowerer('scatter_sub'),
  /** Lowers `jax.lax.scatter_mul`. */
  scatter_mul: lowerer('scatter_mul'),
  /** Lowers `jax.lax.scatter_min`. */
  scatter_min: lowerer('scatter_min'),
  /** Lowers `jax.lax.scatter_max`. */
  scatter_max: lowerer('scatter_max'),
  /** Lowers `jax.lax.scatter_apply` (see lowerScatterApply). */
  scatter_apply: lowerScatterApply,
} as const;

/** The `jax.lax.scatter*` family. */
export const scatters = {
  /**
   * Replaces windows of `operand` with `updates` (jax.lax.scatter).
   *
   * @example
   * jax.lax.scatter(zeros([5], 'float32'), tensor([[1], [2], [4]], 'int32'), tensor([2, 3, 4], 'float32'),
   *   jax.lax.ScatterDimensionNumbers({ update_window_dims: [], inserted_window_dims: [0], scatter_dims_to_operand_dims: [0] }),
   *   { indices_are_sorted: true, mode: jax.lax.GatherScatterMode.PROMISE_IN_BOUNDS });
   * // → [0, 2, 3, 0, 4]
   */
  scatter: runs(lowerScatters.scatter),
  /** Adds `updates` into windows of `operand` (jax.lax.scatter_add); `out[i] += u`. @example jax.lax.scatter_add(x, idx, u, dn) */
  scatter_add: runs(lowerScatters.scatter_add),
  /** Subtracts `updates` (jax.lax.scatter_sub); `out[i] -= u`. @example jax.lax.scatter_sub(x, idx, u, dn) */
  scatter_sub: runs(lowerScatters.scatter_sub),
  /** Multiplies by `updates` (jax.lax.scatter_mul); `out[i] *= u`. @example jax.lax.scatter_mul(x, idx, u, dn) */
  scatter_mul: runs(lowerScatters.scatter_mul),
  /** Minimum with `updates` (jax.lax.scatter_min; NaN propagates). @example jax.lax.scatter_min(x, idx, u, dn) */
  scatter_min: runs(lowerScatters.scatter_min),
  /** Maximum with `updates` (jax.lax.scatter_max; NaN propagates). @example jax.lax.scatter_max(x, idx, u, dn) */
  scatter_max: runs(lowerScatters.scatter_max),
  /**
   * Applies a unary `func` at the scattered positions, once per (possibly repeated) hit
   * (jax.lax.scatter_apply).
   *
   * @example
   * jax.lax.scatter_apply(tensor([1, 2, 3], 'int32'), tensor([[0], [0]], 'int32'), (v) => (v as number) * 10,
   *   jax.lax.ScatterDimensionNumbers({ update_window_dims: [], inserted_window_dims: [0], scatter_dims_to_operand_dims: [0] }),
   *   { update_shape: [2] });
   * // → [100, 2, 3]
   */
  scatter_apply: runs(lowerScatterApply),
} as const;
