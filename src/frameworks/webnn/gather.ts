/**
 * WebNN `gather`, `gatherElements` and `gatherND` (W3C WebNN, MLGraphBuilder), each lowered to
 * one core gather by a family builder. Option names are the spec's (`axis`, `label`); our
 * policy is `outOfBounds`; `out` takes the result.
 *
 * Constraints of every op (code `webnn.<op>.<rule>`): input, indices (Tensors), options,
 * input_dataType, indices_dataType, valid_dimension, outOfBounds; each op's own below.
 */
import type { Tensor } from '../../tensor/tensor.js';
import { runs } from '../checks.js';
import { elementsGather, ndGather, takeGather } from '../families.js';
import {
  type WebNNPolicyOptions,
  checkAxis,
  checkCoordinateSize,
  checkIndicesShape,
  checkRank,
  gatherPolicy,
  openOperands,
} from './policy.js';
import type { LoweredGather } from '../lowered.js';

/** `MLGatherOptions` plus our out-of-bounds policy and `out`. */
export interface WebNNGatherOptions extends WebNNPolicyOptions {
  /** The input axis indexed by `indices`; default 0. */
  readonly axis?: number;
}

/**
 * `gather(input, indices, {axis})`: takes whole slices along `axis`.
 *
 *   out[a..., i..., b...] = input[a..., indices[i...], b...]   (a: dims before axis, b: after)
 *
 * Shape: input.shape[:axis] + indices.shape + input.shape[axis+1:].
 * Constraints: axis. Lowering: the `take` family.
 */
function lowerGather(
  input: Tensor,
  indices: Tensor,
  options?: WebNNGatherOptions | null,
): LoweredGather<'webnn.gather'> {
  const op = 'webnn.gather';
  const args = openOperands(op, 'gather', ['axis'], options, input, indices);
  const axis = checkAxis(op, args.axis, input.rank);
  return takeGather({ op, out: args.out }, input, indices, axis, gatherPolicy(op, args));
}

/**
 * `gatherElements(input, indices, {axis})`: one element per index, along `axis`.
 *
 *   out[i, j, k] = input[indices[i, j, k], j, k]   (axis = 0; likewise for other axes)
 *
 * Shape: indices.shape (the spec's algorithm copies the input descriptor instead; its examples
 * and the WPT tests use the indices' shape, which we follow — see docs/webnn.md).
 * Constraints: input_rank (>= 1), indices_rank (= rank(input)), axis, indices_shape (equal to
 * input's shape except at axis).
 * Lowering: the `elements` family (every dim but axis a batching dim).
 */
function lowerGatherElements(
  input: Tensor,
  indices: Tensor,
  options?: WebNNGatherOptions | null,
): LoweredGather<'webnn.gatherElements'> {
  const op = 'webnn.gatherElements';
  const args = openOperands(op, 'gather', ['axis'], options, input, indices);
  checkRank(op, 'input', input, 1);
  checkRank(op, 'indices', indices, 1, input.rank);
  const axis = checkAxis(op, args.axis, input.rank);
  checkIndicesShape(op, input, indices, axis, true);
  return elementsGather({ op, out: args.out }, input, indices, axis, gatherPolicy(op, args));
}

/**
 * `gatherND(input, indices)`: the last dim of `indices` holds coordinates into the leading
 * k = indices.shape[-1] dims of `input`; each coordinate selects a slice of the rest.
 *
 *   out[i..., b...] = input[indices[i..., 0], …, indices[i..., k-1], b...]
 *
 * Shape: indices.shape[:-1] + input.shape[k:].
 * Constraints: input_rank (>= 1), indices_rank (>= 1), coordinate_size (k <= rank(input)).
 * Lowering: the `nd` family, index vectors last.
 */
function lowerGatherND(
  input: Tensor,
  indices: Tensor,
  options?: WebNNPolicyOptions | null,
): LoweredGather<'webnn.gatherND'> {
  const op = 'webnn.gatherND';
  const args = openOperands(op, 'gather', [], options, input, indices);
  checkRank(op, 'input', input, 1);
  checkRank(op, 'indices', indices, 1);
  checkCoordinateSize(op, input, indices, true);
  return ndGather({ op, out: args.out }, input, indices, gatherPolicy(op, args));
}

/**
 * WebNN `gather`.
 * @example webnn.gather(tensor([[0, 1, 2], [10, 11, 12]], 'float32'), tensor([1, 0], 'uint32'), { axis: 0 })
 *   // [[10, 11, 12], [0, 1, 2]]
 */
export const gather = runs(lowerGather);
/**
 * WebNN `gatherElements`.
 * @example webnn.gatherElements(tensor([[0, 1], [10, 11]], 'float32'), tensor([[1, 0]], 'int32'))  // [[10, 1]]
 */
export const gatherElements = runs(lowerGatherElements);
/**
 * WebNN `gatherND`.
 * @example webnn.gatherND(tensor([[0, 1], [2, 3]], 'float32'), tensor([[1, 0]], 'uint32'))  // [2]
 */
export const gatherND = runs(lowerGatherND);

/** The lowerings, by op name (`webnn.lower`). */
export const lower = {
  gather: lowerGather,
  gatherElements: lowerGatherElements,
  gatherND: lowerGatherND,
} as const;
