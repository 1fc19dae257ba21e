/**
 * WebNN (W3C Web Neural Network API) `gather`, `gatherElements`, `gatherND`,
 * `scatterElements`, `scatterND`: the spec's validation steps and constraints tables, its
 * camelCase options (`axis`, `label`), the out-of-bounds/duplicate policies in `WEBNN_POLICY`
 * (clamp and last-wins by default) and `out`, in one strict options object (an unknown key is
 * `webnn.<op>.options`). `webnn.<op>(...)` is `execute(webnn.lower.<op>(...))`. Each op lowers
 * to one core gather or scatter by a family builder; the scatters copy `input`, then replace the
 * targeted elements or slices with `updates` (the spec has no reduction: the `replace`
 * computation). See docs/webnn.md.
 *
 * Constraints of every op (code `webnn.<op>.<rule>`): input, indices, updates (scatters;
 * Tensors), options, input_dataType, indices_dataType, updates_dataType (scatters),
 * valid_dimension, outOfBounds, duplicates (scatters); each op's own below.
 *
 * @example
 * webnn.gather(input, indices, { axis: 1 });
 * webnn.scatterND(input, indices, updates, { outOfBounds: 'error' });
 */
import { arityChecked } from './arity.js';
import * as stated from './webnn/policy.js';
import type { Tensor } from '../tensor/tensor.js';
import { checkShapeIs, runs } from './checks.js';
import { elementsGather, elementsScatter, ndGather, ndScatter, ndShape, takeGather } from './families.js';
import type { LoweredGather, LoweredScatter } from './lowered.js';
import {
  WEBNN_POLICY,
  type WebNNPolicyOptions,
  type WebNNScatterPolicyOptions,
  checkAxis,
  checkCoordinateSize,
  checkIndicesShape,
  checkRank,
  gatherPolicy,
  openOperands,
  scatterPolicy,
} from './webnn/policy.js';

export type {
  WebNNDuplicates,
  WebNNOutOfBounds,
  WebNNPolicyOptions,
  WebNNScatterPolicyOptions,
} from './webnn/policy.js';

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

/** WebNN gather/scatter operators; `lower.<op>` returns the core call without running it. */
export const webnn = /* @__PURE__ */ arityChecked('webnn', stated, {}, {
  /**
   * WebNN `gather`.
   * @example webnn.gather(tensor([[0, 1, 2], [10, 11, 12]], 'float32'), tensor([1, 0], 'uint32'), { axis: 0 })
   *   // [[10, 11, 12], [0, 1, 2]]
   */
  gather: runs(lowerGather),
  /**
   * WebNN `gatherElements`.
   * @example webnn.gatherElements(tensor([[0, 1], [10, 11]], 'float32'), tensor([[1, 0]], 'int32'))  // [[10, 1]]
   */
  gatherElements: runs(lowerGatherElements),
  /**
   * WebNN `gatherND`.
   * @example webnn.gatherND(tensor([[0, 1], [2, 3]], 'float32'), tensor([[1, 0]], 'uint32'))  // [2]
   */
  gatherND: runs(lowerGatherND),
  /**
   * WebNN `scatterElements`.
   * @example webnn.scatterElements(tensor([0, 0, 0], 'float32'), tensor([2], 'int32'), tensor([5], 'float32'))  // [0, 0, 5]
   */
  scatterElements: runs(lowerScatterElements),
  /**
   * WebNN `scatterND`.
   * @example webnn.scatterND(tensor([0, 1, 2], 'float32'), tensor([[0]], 'uint32'), tensor([9], 'float32'))  // [9, 1, 2]
   */
  scatterND: runs(lowerScatterND),
  /** The policy table (`WEBNN_POLICY`): negative indices, out-of-bounds, duplicates. */
  policy: WEBNN_POLICY,
  /** The lowerings, by op name. */
  lower: {
    gather: lowerGather,
    gatherElements: lowerGatherElements,
    gatherND: lowerGatherND,
    scatterElements: lowerScatterElements,
    scatterND: lowerScatterND,
  },
} as const);
