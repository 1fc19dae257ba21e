/**
 * WebNN `scatterElements` and `scatterND`: copy `input`, then replace the targeted elements or
 * slices with `updates`. The spec has no reduction; each lowers to one core scatter with the
 * `replace` computation, by a family builder.
 *
 * Constraints of both ops (code `webnn.<op>.<rule>`): input, indices, updates (Tensors),
 * options, input_dataType, indices_dataType, updates_dataType, valid_dimension, input_rank
 * (>= 1), outOfBounds, duplicates; each op's own below.
 */
import type { Tensor } from '../../tensor/tensor.js';
import { checkShapeIs, runs } from '../checks.js';
import { elementsScatter, ndScatter, ndShape } from '../families.js';
import {
  type WebNNScatterPolicyOptions,
  checkAxis,
  checkCoordinateSize,
  checkIndicesShape,
  checkRank,
  openOperands,
  scatterPolicy,
} from './policy.js';
import type { LoweredScatter } from '../lowered.js';

/** `MLScatterOptions` plus our policies and `out`. */
export interface WebNNScatterOptions extends WebNNScatterPolicyOptions {
  /** The input axis indexed by `indices`; default 0. */
  readonly axis?: number;
}

/**
 * `scatterElements(input, indices, updates, {axis})`.
 *
 *   out = input;  out[indices[i, j, k], j, k] = updates[i, j, k]   (axis = 0; likewise others)
 *
 * Shape: input.shape. Constraints: indices_rank, updates_rank (= rank(input)), axis,
 * indices_shape (input's except at axis), updates_shape (= shape(indices)).
 * Lowering: the `elements` family.
 */
function lowerScatterElements(
  input: Tensor,
  indices: Tensor,
  updates: Tensor,
  options?: WebNNScatterOptions | null,
): LoweredScatter<'webnn.scatterElements'> {
  const op = 'webnn.scatterElements';
  const args = openOperands(op, 'scatter', ['axis'], options, input, indices, updates);
  checkRank(op, 'input', input, 1);
  const r = input.rank;
  checkRank(op, 'indices', indices, 1, r);
  checkRank(op, 'updates', updates, 1, r);
  const axis = checkAxis(op, args.axis, r);
  checkIndicesShape(op, input, indices, axis);
  checkShapeIs(op, `${op}.updates_shape`, 'shape(updates) must equal shape(indices)', [
    updates.shape,
    indices.shape,
  ]);
  const policy = scatterPolicy(op, args);
  return elementsScatter({ op, out: args.out }, input, indices, updates, axis, 'replace', policy);
}

/**
 * `scatterND(input, indices, updates)`: k = indices.shape[-1] coordinates address the leading
 * k dims of the output; each update slice replaces the slice there.
 *
 *   out = input;  out[indices[i..., 0], …, indices[i..., k-1], b...] = updates[i..., b...]
 *
 * Shape: input.shape (the spec's "Returns" sentence repeats gatherND's rank formula; its
 * algorithm returns the input's shape, which we follow). Constraints: indices_rank (>= 1),
 * coordinate_size (k <= rank(input)), updates_shape (= indices.shape[:-1] + input.shape[k:]).
 * Lowering: the `nd` family, index vectors last.
 */
function lowerScatterND(
  input: Tensor,
  indices: Tensor,
  updates: Tensor,
  options?: WebNNScatterPolicyOptions | null,
): LoweredScatter<'webnn.scatterND'> {
  const op = 'webnn.scatterND';
  const args = openOperands(op, 'scatter', [], options, input, indices, updates);
  checkRank(op, 'input', input, 1);
  checkRank(op, 'indices', indices, 1);
  checkCoordinateSize(op, input, indices);
  const rule = 'shape(updates) must be indices.shape[:-1] + input.shape[k:] =';
  checkShapeIs(op, `${op}.updates_shape`, rule, [updates.shape, ndShape(input.shape, indices.shape)]);
  return ndScatter({ op, out: args.out }, input, indices, updates, 'replace', scatterPolicy(op, args));
}

/**
 * WebNN `scatterElements`.
 * @example webnn.scatterElements(tensor([0, 0, 0], 'float32'), tensor([2], 'int32'), tensor([5], 'float32'))  // [0, 0, 5]
 */
export const scatterElements = runs(lowerScatterElements);
/**
 * WebNN `scatterND`.
 * @example webnn.scatterND(tensor([0, 1, 2], 'float32'), tensor([[0]], 'uint32'), tensor([9], 'float32'))  // [9, 1, 2]
 */
export const scatterND = runs(lowerScatterND);

/** The lowerings, by op name (`webnn.lower`). */
export const lower = { scatterElements: lowerScatterElements, scatterND: lowerScatterND } as const;
