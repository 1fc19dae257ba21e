/**
 * `jax.numpy.take(a, indices, { axis, mode, fill_value, unique_indices, indices_are_sorted })`
 * and `jax.numpy.take_along_axis(arr, indices, axis = -1, { mode, fill_value })`.
 *
 *   take:            out[i..., j..., k...] = a[i..., indices[j...], k...]   (a raveled if axis = None)
 *   take_along_axis: out[i..., j, k...]   = arr[i..., indices[i..., j, k...], k...]
 *                    (indices and arr broadcast against each other outside `axis`)
 *
 * Shapes: take → a.shape[:axis] + indices.shape + a.shape[axis+1:]; take_along_axis →
 * broadcast(indices.shape, arr.shape with 1 at axis).
 *
 * JAX's mode quirks, per jax/_src/numpy/indexing.py (see TAKE_MODES):
 * - take: default "fill" wraps a negative index once (i + n) then fills what is still out of
 *   range; "clip" does NOT wrap (-1 clamps to 0); "wrap" takes i mod n; "raise" is not
 *   implemented by JAX; "drop"/"promise_in_bounds"/enum members are invalid for take.
 * - take_along_axis: any lax mode (default "fill"); negatives wrap once for every mode except
 *   the exact string "promise_in_bounds" (the enum member still wraps).
 *
 * Rules (`jax.numpy.take.<rule>`, `jax.numpy.take_along_axis.<rule>`): index_dtype, axis, mode,
 * fill_value, empty_axis (take), indices (1-D when axis = None), rank, broadcast.
 */
import type { GatherDimensionNumbers as CoreGatherDN } from '../../core/types.js';
import { IndexOutOfBoundsError, InvalidArgumentError, fmt } from '../../errors.js';
import { type Scalar, isInteger } from '../../tensor/dtype.js';
import { broadcastShapes } from '../../tensor/ops.js';
import { type Tensor, zeros } from '../../tensor/tensor.js';
import { checkIndexDType as indexDType, flag, integer, oneOf, options, outArg, tensorArg } from '../args.js';
import { flatGather, gatherCall, takeGather } from '../families.js';
import { type JaxMode, laxGatherPolicy, parseMode } from './modes.js';
import {
  type PromiseOptions,
  arrayLikeArg,
  canonicalizeAxis,
  constantGather,
  fillValue,
  orFail,
  promises,
  withPromises,
} from './util.js';
import { type LoweredGather, runs } from '../lowered.js';

/** Keyword arguments of `jax.numpy.take`. */
export interface TakeOptions extends PromiseOptions {
  /** Axis to take along; undefined/null (JAX's default) flattens `a` first. */
  readonly axis?: number | null;
  /** "fill" (default), "clip" or "wrap". */
  readonly mode?: 'fill' | 'clip' | 'wrap' | 'raise' | null;
  /** The value of out-of-bounds reads under "fill"; default: the dtype's (NaN for floats). */
  readonly fill_value?: Scalar | null;
  /** Where the result goes (the library's; JAX itself refuses `out=`). */
  readonly out?: Tensor;
}

/** Keyword arguments of `jax.numpy.take_along_axis`. */
export interface TakeAlongAxisOptions {
  /** Any lax mode; default "fill". */
  readonly mode?: JaxMode | null;
  /** The value of out-of-bounds reads under "fill"; default: the dtype's (NaN for floats). */
  readonly fill_value?: Scalar | null;
  /**
   * Whether a negative index counts from the end (once), as in NumPy. Unset (null): JAX's
   * legacy rule, wrap unless `mode` is the string "promise_in_bounds".
   */
  readonly wrap_negative_indices?: boolean | null;
  /** Where the result goes (the library's). */
  readonly out?: Tensor;
}

const TAKE_KEYS = ['axis', 'mode', 'fill_value', 'unique_indices', 'indices_are_sorted', 'out'] as const;
const ALONG_KEYS = ['mode', 'fill_value', 'wrap_negative_indices', 'out'] as const;

/** jnp.take's modes: the core gather mode and how negative indices are read. */
const TAKE_MODES = {
  fill: { mode: 'fill', negative_indices: 'from_end' },
  clip: { mode: 'clip', negative_indices: 'out_of_bounds' },
  wrap: { mode: 'wrap', negative_indices: 'out_of_bounds' },
} as const;

function checkIndexDType(indices: Tensor, op: string): void {
  indexDType(op, indices, isInteger, 'index_dtype', 'indices must have an integer dtype');
}

/**
 * Validates and lowers `jax.numpy.take` to one take gather (flat when `axis` is omitted or
 * null, JAX's default). From an empty axis JAX refuses any index (`empty_axis`) and returns `a`
 * itself for none: the (empty) result is reshaped to `a`'s shape.
 */
export function lowerTake(
  a: Tensor,
  indices: Tensor | number | bigint,
  opts: TakeOptions | null = {},
): LoweredGather<'jax.numpy.take'> {
  const op = 'jax.numpy.take';
  const x = tensorArg(op, 'a', a);
  const i = arrayLikeArg(op, 'indices', indices);
  const o = options(op, opts, TAKE_KEYS);
  const flat = o.axis === undefined || o.axis === null;
  const arr = flat ? x.reshape([x.size]) : x;
  const axis = flat ? 0 : canonicalizeAxis(op, integer(op, 'axis', o.axis), x.rank);
  const modeName = oneOf(op, 'mode', o.mode ?? undefined, ['fill', 'clip', 'wrap', 'raise'], 'fill');
  if (modeName === 'raise')
    throw new InvalidArgumentError(
      `${op}.mode`,
      `${op}: mode "raise" is not implemented by JAX (NotImplementedError); use "fill", "clip" or "wrap"`,
      { mode: modeName },
    );
  const fill = fillValue(op, x, o.fill_value);
  const flags = promises(op, o);
  checkIndexDType(i, op);
  const emptyAxis = arr.shape[axis] === 0;
  if (emptyAxis && i.size !== 0)
    throw new IndexOutOfBoundsError(
      `${op}.empty_axis`,
      `${op}: cannot do a non-empty take from an empty axis (axis ${axis} of shape ${fmt(arr.shape)})`,
      { shape: arr.shape },
    );
  const policy = {
    ...TAKE_MODES[modeName],
    ...(modeName === 'fill' && fill !== undefined ? { fill_value: fill } : {}),
  };
  const m = { op, out: outArg(op, o.out), ...(emptyAxis ? { reshape: arr.shape } : {}) };
  return withPromises(flat ? flatGather(m, x, i, policy) : takeGather(m, arr, i, axis, policy), flags);
}

/**
 * Takes elements of `a` along an axis (jax.numpy.take); out-of-bounds indices fill by default.
 *
 * @example
 * const x = tensor([[1, 2, 3], [4, 5, 6]], 'float32');
 * jax.numpy.take(x, tensor([2, 0], 'int32'));               // → [3, 1]
 * jax.numpy.take(x, tensor([2, 0], 'int32'), { axis: 0 });  // → [[NaN, NaN, NaN], [1, 2, 3]]
 */
export const take = runs(lowerTake);

/** Validates and lowers `jax.numpy.take_along_axis` to one core gather (batching dims, no copies). */
export function lowerTakeAlongAxis(
  arr: Tensor,
  indices: Tensor,
  axis: number | null = -1,
  opts: TakeAlongAxisOptions | null = {},
): LoweredGather<'jax.numpy.take_along_axis'> {
  const op = 'jax.numpy.take_along_axis';
  const x = tensorArg(op, 'arr', arr);
  tensorArg(op, 'indices', indices);
  const o = options(op, opts, ALONG_KEYS);
  const out = outArg(op, o.out);
  checkIndexDType(indices, op);
  if (axis === null && indices.rank !== 1)
    throw new InvalidArgumentError(
      `${op}.indices`,
      `${op}: indices must be 1-D when axis is None; got shape ${fmt(indices.shape)}`,
      { shape: indices.shape },
    );
  const a = axis === null ? x.reshape([x.size]) : x;
  if (a.rank !== indices.rank)
    throw new InvalidArgumentError(
      `${op}.rank`,
      `${op}: indices and arr must have the same number of dimensions; got ${indices.rank} vs. ${a.rank}`,
      { indices: indices.rank, arr: a.rank },
    );
  const axisInt = canonicalizeAxis(op, axis ?? 0, a.rank);
  const parsed = parseMode(o.mode, 'numpy.take_along_axis', op);
  const fill = fillValue(op, a, o.fill_value);
  // Unset: JAX's legacy rule (wrap unless the mode is the string "promise_in_bounds").
  const wraps =
    o.wrap_negative_indices == null
      ? o.mode !== 'promise_in_bounds'
      : flag(op, 'wrap_negative_indices', o.wrap_negative_indices, true);
  const idxShape = indices.shape;
  const axisSize = a.shape[axisInt];
  const arrShape = a.shape.map((n, d) => (d === axisInt ? 1 : n));
  const outShape = orFail(
    () => broadcastShapes(idxShape, arrShape),
    () =>
      new InvalidArgumentError(
        `${op}.broadcast`,
        `${op}: indices of shape ${fmt(idxShape)} do not broadcast with arr of shape ${fmt(a.shape)} outside axis ${axisInt}`,
        { indices: idxShape, arr: a.shape },
      ),
  );
  // JAX returns zeros when the axis is empty, whatever the mode.
  if (axisSize === 0) return constantGather({ op, out }, zeros(outShape, a.dtype));
  const plan = alongAxisPlan(a.shape, idxShape, outShape, axisInt);
  const operand = a.reshape(plan.kept.map((d) => a.shape[d]));
  const policy = laxGatherPolicy(parsed, wraps ? 'from_end' : 'out_of_bounds', fill);
  return gatherCall({ op, out }, operand, indices.reshape([...plan.indexShape, 1]), plan.dn, policy);
}

/**
 * The dim-by-dim plan of jax/_src/numpy/indexing.py: the axis is the indexed (collapsed) dim;
 * index dims of size 1 take the whole arr dim as a window; arr dims of size 1 are squeezed
 * (the index dim stays an implicit batch dim); equal dims pair up as batching dims. Returns the
 * arr dims kept, the gather's index shape (before its index vector dim) and dimension numbers.
 */
function alongAxisPlan(
  arrShape: readonly number[],
  idxShape: readonly number[],
  outShape: readonly number[],
  axis: number,
): { kept: number[]; indexShape: number[]; dn: CoreGatherDN } {
  const offset_dims: number[] = [];
  const slice_sizes: number[] = [];
  const obd: number[] = [];
  const sibd: number[] = [];
  const kept: number[] = [];
  const indexShape: number[] = [];
  let at = 0; // the axis among the kept dims
  arrShape.forEach((n, i) => {
    if (i === axis) {
      at = kept.length;
      slice_sizes.push(1);
      indexShape.push(outShape[i]);
    } else if (idxShape[i] === 1) {
      offset_dims.push(i);
      slice_sizes.push(n);
    } else if (n === 1) {
      indexShape.push(outShape[i]);
      return;
    } else {
      obd.push(kept.length);
      sibd.push(indexShape.length);
      slice_sizes.push(n === 0 ? 0 : 1);
      indexShape.push(outShape[i]);
    }
    kept.push(i);
  });
  const dn = {
    offset_dims,
    collapsed_slice_dims: [at],
    start_index_map: [at],
    operand_batching_dims: obd,
    start_indices_batching_dims: sibd,
    index_vector_dim: indexShape.length,
    slice_sizes,
  };
  return { kept, indexShape, dn };
}

/**
 * Takes elements along an axis with per-position indices (jax.numpy.take_along_axis).
 *
 * @example
 * const x = tensor([[1, 2, 3], [4, 5, 6]], 'float32');
 * jax.numpy.take_along_axis(x, tensor([[0, 2], [1, 0]], 'int32'), 1); // → [[1, 3], [5, 4]]
 * jax.numpy.take_along_axis(x, tensor([[1, 0, 2]], 'int32'), 0);      // → [[4, 2, NaN]]
 */
export const take_along_axis = runs(lowerTakeAlongAxis);
