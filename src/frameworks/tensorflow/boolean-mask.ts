/**
 * tf.boolean_mask(tensor, mask, axis=None): the slices of `tensor` where `mask` is true, with
 * k = rank(mask) ≥ 1 and a = axis (default 0):
 *
 *   out[p_0..p_{a-1}, j, r..] = tensor[p_0..p_{a-1}, nz(mask)[j, 0..k-1], r..]
 *   shape: tensor.shape[:a] + [count(mask)] + tensor.shape[a+k:]
 *
 * Rules: tf.boolean_mask.{tensor,mask,options,out} (arguments), .mask_dtype (bool only),
 * .mask_rank (a scalar mask: TF's "mask cannot be scalar."), .axis (an integer ≥ 0; a negative
 * axis is refused here), .mask_shape (tensor.shape[a:a+k], sliced as Python slices it, must equal
 * mask.shape: TF's "Shapes … are incompatible" — also for an axis past rank(tensor) − k).
 * The true positions are the mask's nonzero step (frameworks/masks.ts), declared, never run
 * while lowering.
 */
import { DTypeError, InvalidArgumentError, fmt } from '../../errors.js';
import type { Tensor } from '../../tensor/tensor.js';
import { integer, options, outArg, range, tensorArg } from '../args.js';
import { runs } from '../checks.js';
import { type GatherPolicy, gatherCall } from '../families.js';
import { countTrue } from '../masks.js';
import type { LoweredGather } from '../lowered.js';

/** Keyword arguments of tf.boolean_mask. */
export interface TfBooleanMaskArgs {
  /** The first dim of `tensor` the mask covers; default 0. */
  readonly axis?: number | null;
  /** The op's name in a TF graph; no effect here (a string). */
  readonly name?: string;
}

/** Lowers `tf.boolean_mask(tensor, mask, axis)` to a gather whose indices are the mask's nonzero step. */
export function lowerBooleanMask(
  tensor: Tensor,
  mask: Tensor,
  args: TfBooleanMaskArgs | null = {},
  opts: { readonly out?: Tensor } | null = {},
): LoweredGather<'tensorflow.boolean_mask'> {
  const op = 'tensorflow.boolean_mask';
  const kw = options(op, args, ['axis', 'name'], 'options', 'keyword arguments') as TfBooleanMaskArgs;
  const o = options(op, opts, ['out']);
  if (kw.name !== undefined && typeof kw.name !== 'string')
    throw new InvalidArgumentError(`${op}.name`, `${op}: name must be a string; got ${fmt(kw.name)}`);
  const T = tensorArg(op, 'tensor', tensor);
  const M = tensorArg(op, 'mask', mask);
  if (M.dtype !== 'bool')
    throw new DTypeError(`${op}.mask_dtype`, `${op}: mask must be a bool tensor; got ${M.dtype}`, {
      dtype: M.dtype,
    });
  if (M.rank === 0) throw new InvalidArgumentError(`${op}.mask_rank`, `${op}: mask cannot be scalar.`);
  const k = M.rank;
  const axis = kw.axis === undefined || kw.axis === null ? 0 : integer(op, 'axis', kw.axis);
  if (axis < 0)
    throw new InvalidArgumentError(
      `${op}.axis`,
      `${op}: axis must be in [0, ${T.rank - k}] (rank(tensor) ${T.rank} − rank(mask) ${k}); got ${axis}`,
      { axis, rank: T.rank, mask_rank: k },
    );
  // TF slices tensor.shape[axis:axis+k] and asserts it compatible with the mask's shape: an axis
  // too large (or a mask of more dims than the tensor) fails there, on a shorter shape.
  const covered = T.shape.slice(axis, axis + k);
  if (covered.join() !== M.shape.join())
    throw new InvalidArgumentError(
      `${op}.mask_shape`,
      `${op}: Shapes ${fmt(covered)} and ${fmt(M.shape)} are incompatible (tensor.shape[${axis}:${axis + k}] and mask.shape)`,
      { tensor: covered, mask: M.shape },
    );
  const map = range(axis, axis + k);
  // The batch dim (the count) sits at position `axis`; every uncovered dim is an offset dim.
  const offset_dims = [...range(0, axis), ...range(axis + 1, T.rank - k + 1)];
  const m = { op, out: outArg(op, o.out), prologue: { kind: 'nonzero', count: countTrue(M) } as const };
  const slice_sizes = T.shape.map((n, d) => (d >= axis && d < axis + k ? 1 : n));
  const dims = { collapsed_slice_dims: map, start_index_map: map, index_vector_dim: 1 };
  const oob_code = `${op}.index_out_of_bounds`;
  const policy: GatherPolicy = { mode: 'error', negative_indices: 'out_of_bounds', oob_code };
  return gatherCall(m, T, M, { offset_dims, ...dims, slice_sizes }, policy);
}

/**
 * `tf.boolean_mask(tensor, mask, axis=None)`.
 *
 * @example
 * tf.boolean_mask(tensor([[1, 2], [3, 4], [5, 6]]), tensor([true, false, true])).toArray(); // [[1, 2], [5, 6]]
 */
export const boolean_mask = runs(lowerBooleanMask);
