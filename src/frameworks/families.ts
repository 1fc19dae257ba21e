/**
 * The addressing families every framework's gather and scatter belong to, each lowered to one
 * complete core call by one builder. A frontend validates its own arguments, picks its policy
 * and calls one builder; the builder writes the dimension numbers, applies every default
 * (`resolveGatherOptions` / `resolveScatterOptions`) and attaches the wording hook and `out`.
 *
 * | family    | gather                                   | examples                                   |
 * |-----------|------------------------------------------|--------------------------------------------|
 * | take      | out[b.., a.., j.., c..] = x[b.., a.., i[b.., j..], c..]  | onnx.Gather, np.take, tf.gather, index_select |
 * | elements  | out[p] = x[p with p[axis] ← i[p]]        | GatherElements, take_along_axis, torch.gather |
 * | nd        | out[b.., j.., c..] = x[b.., i[b.., j.., :], c..] | GatherND, tf.gather_nd, mxnet.gather_nd (vector first) |
 * | flat      | out[j..] = x.flatten()[i[j..]]           | torch.take, np.put                         |
 * | tuple     | out[s.., c..] = x[i0[s..], …, ik-1[s..], c..] | a[i0, i1], index_put, ufunc.at           |
 * | general   | the StableHLO op itself                  | stablehlo.gather, jax.lax.gather, MLIR     |
 *
 * Scatters mirror each gather: the updates have the gather's result shape.
 */
import type { GatherCall, Prologue, ScatterCall, Wording } from '../core/call.js';
import {
  type ResolvedGatherOptions,
  type ResolvedScatterOptions,
  resolveGatherOptions,
  resolveScatterOptions,
} from '../core/policy.js';
import type {
  GatherDimensionNumbers,
  GatherMode,
  GatherOptions,
  NegativeIndexPolicy,
  ScatterDimensionNumbers,
  ScatterOptions,
  UpdateComputation,
} from '../core/types.js';
import { InvalidArgumentError, fmt } from '../errors.js';
import { arange, type Tensor } from '../tensor/tensor.js';
import { broadcastTo, cast, stack } from '../tensor/ops.js';
import { range } from './args.js';

/** What a frontend says about a call besides its tensors and dimension numbers. */
export interface CallMeta {
  /** The framework op in messages and codes, e.g. `torch.gather`, `onnx.GatherND-13`. */
  readonly op: string;
  /** The framework's wording of an out-of-bounds error (see core/call.ts). */
  readonly wording?: Wording;
  /** The caller's `out` tensor (final result shape). */
  readonly out?: Tensor;
  /** Final reshape of the core result. */
  readonly reshape?: readonly number[];
  /** Write `out` only if the call succeeds (NumPy's buffered `out` under mode='raise'). */
  readonly atomic_out?: boolean;
  /** The caller's data shape when the lowering reshapes it (see CoreCall.operand_shape). */
  readonly operand_shape?: readonly number[];
  /** The caller's updates shape when the lowering reshapes them (see CoreCall.updates_shape). */
  readonly updates_shape?: readonly number[];
  /** Rank of the caller's index when the builder stacked components onto it (see CoreCall.index_rank). */
  readonly index_rank?: number;
  /** The factor the lowering pre-scaled the updates by (see CoreCall.updates_scale). */
  readonly updates_scale?: number;
  /** Work the framework needs before the op, declared (see CoreCall.prologue). */
  readonly prologue?: Prologue;
}

/** A framework's gather policy; unset values take the core defaults, except `zero_size_dims` (frameworks: out_of_bounds). */
export type GatherPolicy = Omit<GatherOptions, 'op' | 'out'>;
/** A framework's scatter policy; unset values take the core defaults. */
export type ScatterPolicy = Omit<ScatterOptions, 'op' | 'out'>;

/** What a row of a framework's policy table says about out-of-bounds and negative indices. */
export interface PolicyRow {
  readonly gather: GatherMode;
  readonly negative_indices: NegativeIndexPolicy;
}

/**
 * Every framework's gather policy, from its table row: the row's mode and negative-index rule,
 * plus the op's out-of-bounds code and fill value where they differ from the defaults
 * (`<op>.index_out_of_bounds`; the dtype's JAX fill value).
 */
export function gatherPolicy(
  row: PolicyRow,
  rest: Pick<GatherPolicy, 'oob_code' | 'fill_value' | 'oob_order'> = {},
): GatherPolicy {
  return { mode: row.gather, negative_indices: row.negative_indices, ...rest };
}

// The policy's fields are copied key by key: a spread costs a tiny call (B7) a fifth of its lowering.
function gatherOptions(m: CallMeta, operand: Tensor, policy: GatherPolicy): ResolvedGatherOptions {
  return resolveGatherOptions(operand.dtype, {
    mode: policy.mode,
    negative_indices: policy.negative_indices,
    fill_value: policy.fill_value,
    checked: policy.checked,
    zero_size_dims: policy.zero_size_dims ?? 'out_of_bounds',
    oob_code: policy.oob_code ?? `${m.op}.index_out_of_bounds`,
    oob_order: policy.oob_order,
    op: m.op,
  });
}

function scatterOptions(m: CallMeta, policy: ScatterPolicy): ResolvedScatterOptions {
  return resolveScatterOptions({ oob_code: `${m.op}.index_out_of_bounds`, ...policy, op: m.op });
}

/** A call whose fields past the meta ones are added in one order per kind. */
type Building<C> = { -readonly [K in keyof C]: C[K] };

/**
 * A call's kind and every meta field in one order (absent ones undefined), whichever builder made
 * it: one hidden class per kind, so `execute` reads them monomorphically. (With only the set
 * fields added, a process that ran a few different ops read them megamorphically: the tiny
 * gather B7 measured 1.2–1.4 µs after B1–B6 instead of 0.7–0.9 µs.)
 */
function callHead<C extends GatherCall | ScatterCall>(kind: C['kind'], m: CallMeta): Building<C> {
  const head = {
    kind,
    op: m.op,
    reshape: m.reshape,
    out: m.out,
    wording: m.wording,
    index_rank: m.index_rank,
    atomic_out: m.atomic_out,
    operand_shape: m.operand_shape,
    updates_shape: m.updates_shape,
    updates_scale: m.updates_scale,
    prologue: m.prologue,
  };
  return head as Building<C>;
}

/** general: a gather with the caller's own dimension numbers. */
export function gatherCall(
  m: CallMeta,
  operand: Tensor,
  indices: Tensor,
  dimension_numbers: GatherDimensionNumbers,
  policy: GatherPolicy,
): GatherCall {
  const c = callHead<GatherCall>('gather', m);
  c.operand = operand;
  c.start_indices = indices;
  c.dimension_numbers = dimension_numbers;
  c.options = gatherOptions(m, operand, policy);
  return c;
}

/** general: a scatter with the caller's own dimension numbers (single input). */
export function scatterCall(
  m: CallMeta,
  input: Tensor,
  indices: Tensor,
  updates: Tensor,
  dimension_numbers: ScatterDimensionNumbers,
  computation: UpdateComputation,
  policy: ScatterPolicy,
): ScatterCall {
  return scatterCallN(m, [input], indices, [updates], dimension_numbers, computation, policy);
}

/** general, variadic: N inputs scattered with N updates at one set of indices (run by `executeAll`). */
export function scatterCallN(
  m: CallMeta,
  inputs: readonly Tensor[],
  indices: Tensor,
  updates: readonly Tensor[],
  dimension_numbers: ScatterDimensionNumbers,
  computation: UpdateComputation,
  policy: ScatterPolicy,
): ScatterCall {
  const c = callHead<ScatterCall>('scatter', m);
  c.inputs = inputs;
  c.scatter_indices = indices;
  c.updates = updates;
  c.dimension_numbers = dimension_numbers;
  c.update_computation = computation;
  c.options = scatterOptions(m, policy);
  return c;
}

/** A gather's layout as the mirroring scatter's dimension numbers (batching dims only where the gather has them). */
export function scatterDimsOf(g: Omit<GatherDimensionNumbers, 'slice_sizes'>): ScatterDimensionNumbers {
  const batching =
    g.operand_batching_dims === undefined
      ? {}
      : {
          input_batching_dims: g.operand_batching_dims,
          scatter_indices_batching_dims: g.start_indices_batching_dims,
        };
  return {
    update_window_dims: g.offset_dims,
    inserted_window_dims: g.collapsed_slice_dims,
    ...batching,
    scatter_dims_to_operand_dims: g.start_index_map,
    index_vector_dim: g.index_vector_dim,
  };
}

// ---------------------------------------------------------------------------------------------
// take: one scalar index per position, along `axis`, after `batchDims` leading dims shared by
// operand and indices (tf.gather's batch_dims; 0 elsewhere).
//   result shape = x.shape[:axis] ++ i.shape[b:] ++ x.shape[axis+1:]

/** Dimension numbers of `take` (the result/updates dims that are slice dims). */
function takeWindowDims(rank: number, indexRank: number, axis: number, batchDims: number): number[] {
  const q = indexRank - batchDims; // index dims that are not batch dims
  const dims = range(batchDims, axis);
  for (let d = axis + 1; d < rank; d++) dims.push(d - 1 + q);
  return dims;
}

/** The empty list of dims, shared (dimension numbers are never written to). */
const NO_DIMS: readonly number[] = Object.freeze([]);

/** The dimension numbers of `take` that do not depend on the operand's sizes. */
type TakeLayout = Omit<GatherDimensionNumbers, 'slice_sizes'>;

function takeLayout(rank: number, indexRank: number, axis: number, batchDims: number): TakeLayout {
  const b = batchDims === 0 ? NO_DIMS : Object.freeze(range(batchDims));
  const indexed = Object.freeze([axis]);
  return Object.freeze({
    offset_dims: Object.freeze(takeWindowDims(rank, indexRank, axis, batchDims)),
    collapsed_slice_dims: indexed,
    operand_batching_dims: b,
    start_indices_batching_dims: b,
    start_index_map: indexed,
    index_vector_dim: indexRank,
  });
}

/** Ranks of the operand and of the index up to which TAKE_LAYOUTS holds every (rank, index rank, axis). */
const TAKE_TABLE_RANK = 6;

/**
 * `take`'s layouts without batch dims, for every operand rank r ≤ TAKE_TABLE_RANK, index rank
 * q ≤ TAKE_TABLE_RANK and axis < r, decided once when the module loads: a call reads its
 * frozen lists instead of building them (B7), and the plan cache finds them by identity.
 */
const TAKE_LAYOUTS: readonly (readonly (readonly TakeLayout[])[])[] = range(TAKE_TABLE_RANK + 1).map((r) =>
  range(TAKE_TABLE_RANK + 1).map((q) => range(r).map((axis) => takeLayout(r, q, axis, 0))),
);

export function takeGatherDims(
  operandShape: readonly number[],
  indexRank: number,
  axis: number,
  batchDims = 0,
): GatherDimensionNumbers {
  const rank = operandShape.length;
  const l =
    batchDims === 0 && rank <= TAKE_TABLE_RANK && indexRank <= TAKE_TABLE_RANK && axis >= 0 && axis < rank
      ? TAKE_LAYOUTS[rank][indexRank][axis]
      : takeLayout(rank, indexRank, axis, batchDims);
  // A loop, not shape.slice(): slicing a frozen shape takes V8's slow path.
  const sizes = new Array<number>(rank);
  for (let d = 0; d < rank; d++) sizes[d] = d === axis || d < batchDims ? 1 : operandShape[d];
  return {
    offset_dims: l.offset_dims,
    collapsed_slice_dims: l.collapsed_slice_dims,
    operand_batching_dims: l.operand_batching_dims,
    start_indices_batching_dims: l.start_indices_batching_dims,
    start_index_map: l.start_index_map,
    index_vector_dim: l.index_vector_dim,
    slice_sizes: sizes,
  };
}

export function takeScatterDims(
  rank: number,
  indexRank: number,
  axis: number,
  batchDims = 0,
): ScatterDimensionNumbers {
  return scatterDimsOf(takeLayout(rank, indexRank, axis, batchDims));
}

/** Result (or updates) shape of `take`. */
export function takeShape(
  operandShape: readonly number[],
  indexShape: readonly number[],
  axis: number,
  batchDims = 0,
): number[] {
  if (!(axis >= 0 && axis < operandShape.length && batchDims >= 0 && batchDims <= indexShape.length))
    return [...operandShape.slice(0, axis), ...indexShape.slice(batchDims), ...operandShape.slice(axis + 1)];
  const out: number[] = [];
  for (let d = 0; d < axis; d++) out.push(operandShape[d]);
  for (let d = batchDims; d < indexShape.length; d++) out.push(indexShape[d]);
  for (let d = axis + 1; d < operandShape.length; d++) out.push(operandShape[d]);
  return out;
}

export function takeGather(
  m: CallMeta,
  operand: Tensor,
  indices: Tensor,
  axis: number,
  policy: GatherPolicy,
  batchDims = 0,
): GatherCall {
  const dn = takeGatherDims(operand.shape, indices.rank, axis, batchDims);
  return gatherCall(m, operand, indices, dn, policy);
}

export function takeScatter(
  m: CallMeta,
  input: Tensor,
  indices: Tensor,
  updates: Tensor,
  axis: number,
  computation: UpdateComputation,
  policy: ScatterPolicy,
  batchDims = 0,
): ScatterCall {
  const dn = takeScatterDims(input.rank, indices.rank, axis, batchDims);
  return scatterCall(m, input, indices, updates, dn, computation, policy);
}

// ---------------------------------------------------------------------------------------------
// flat: take from the flattened operand; the result has the indices' shape.

export function flatGather(m: CallMeta, operand: Tensor, indices: Tensor, policy: GatherPolicy): GatherCall {
  const meta = operand.rank === 1 ? m : { ...m, operand_shape: m.operand_shape ?? operand.shape };
  return takeGather(meta, operand.reshape([operand.size]), indices, 0, policy);
}

/** Scatter into the flattened input (updates have the indices' shape); the result keeps the input's shape. */
export function flatScatter(
  m: CallMeta,
  input: Tensor,
  indices: Tensor,
  updates: Tensor,
  computation: UpdateComputation,
  policy: ScatterPolicy,
): ScatterCall {
  const meta = { ...m, reshape: m.reshape ?? input.shape };
  return takeScatter(meta, input.reshape([input.size]), indices, updates, 0, computation, policy);
}

// ---------------------------------------------------------------------------------------------
// elements: out[p] = x[p with p[axis] replaced by i[p]]; i has x's rank. Every other dim d is
//   - batch: i.shape[d] = x.shape[d] — an operand/indices batching pair;
//   - iota:  i.shape[d] < x.shape[d] (PyTorch's smaller index) — collapsed, its start an extra
//            index-vector component holding the coordinate d;
//   - zero:  x.shape[d] = 1 < i.shape[d] (broadcast operand) — collapsed, start 0.

/** How an element-wise index maps onto the operand (see above). */
export interface AlongAxis {
  /** Index vectors: the index itself, or index + iota components stacked along a new last dim. */
  readonly indices: Tensor;
  readonly index_vector_dim: number;
  readonly batching: readonly number[];
  readonly collapsed: readonly number[];
  readonly index_map: readonly number[];
}

/** One int64 tensor of `shape` holding the coordinate along dim `d`. */
function iota(shape: readonly number[], d: number): Tensor {
  const line = arange(shape[d], 'int64').reshape(shape.map((n, i) => (i === d ? n : 1)));
  return broadcastTo(line, shape);
}

/** Stacks index arrays of one shape into index vectors along a new last dim (int64). */
export function stackIndices(arrays: readonly Tensor[]): Tensor {
  if (arrays.length === 1) return arrays[0];
  return stack(
    arrays.map((a) => cast(a, 'int64')),
    -1,
  );
}

export function alongAxis(
  index: Tensor,
  operandShape: readonly number[],
  axis: number,
  op = 'along_axis',
): AlongAxis {
  const shape = index.shape;
  const batching: number[] = [];
  const collapsed: number[] = [];
  const iotaDims: number[] = [];
  for (let d = 0; d < shape.length; d++) {
    if (d === axis) collapsed.push(d);
    else if (shape[d] === operandShape[d]) batching.push(d);
    else if (shape[d] < operandShape[d]) {
      collapsed.push(d);
      iotaDims.push(d);
    } else if (operandShape[d] === 1) collapsed.push(d);
    else {
      throw new InvalidArgumentError(
        `${op}.shape`,
        `${op}: index shape ${fmt(shape)} does not fit operand shape ${fmt(operandShape)} outside axis ${axis}`,
        { index: shape, operand: operandShape },
      );
    }
  }
  const indices =
    iotaDims.length === 0 ? index : stackIndices([index, ...iotaDims.map((d) => iota(shape, d))]);
  return { indices, index_vector_dim: shape.length, batching, collapsed, index_map: [axis, ...iotaDims] };
}

/** Error positions of a stacked index are the caller's index positions (see CoreCall.index_rank). */
function stacked(m: CallMeta, index: Tensor, a: AlongAxis): CallMeta {
  return a.indices === index ? m : { ...m, index_rank: index.rank };
}

/** The element-wise gather's dimension numbers (every slice size 1, no offset dims). */
export function alongAxisGatherDims(a: AlongAxis, rank: number): GatherDimensionNumbers {
  return {
    offset_dims: [],
    collapsed_slice_dims: a.collapsed,
    operand_batching_dims: a.batching,
    start_indices_batching_dims: a.batching,
    start_index_map: a.index_map,
    index_vector_dim: a.index_vector_dim,
    slice_sizes: new Array<number>(rank).fill(1),
  };
}

/** The element-wise scatter's dimension numbers (no window dims). */
export const alongAxisScatterDims = (a: AlongAxis): ScatterDimensionNumbers =>
  scatterDimsOf(alongAxisGatherDims(a, 0));

export function elementsGather(
  m: CallMeta,
  operand: Tensor,
  index: Tensor,
  axis: number,
  policy: GatherPolicy,
): GatherCall {
  const a = alongAxis(index, operand.shape, axis, m.op);
  return gatherCall(stacked(m, index, a), operand, a.indices, alongAxisGatherDims(a, operand.rank), policy);
}

/** Element-wise scatter: `updates` has the index's shape (or is cut to it by the caller). */
export function elementsScatter(
  m: CallMeta,
  input: Tensor,
  index: Tensor,
  updates: Tensor,
  axis: number,
  computation: UpdateComputation,
  policy: ScatterPolicy,
): ScatterCall {
  const a = alongAxis(index, input.shape, axis, m.op);
  const dn = alongAxisScatterDims(a);
  return scatterCall(stacked(m, index, a), input, a.indices, updates, dn, computation, policy);
}

// ---------------------------------------------------------------------------------------------
// nd: index vectors of depth k along the last indices dim (or the first, MXNet), after
// `batchDims` leading dims shared by operand and indices (vector last only).
//   result shape = i.shape without its vector dim ++ x.shape[b+k:]

export interface NdLayout {
  /** Leading dims shared by operand and indices; default 0. */
  readonly batchDims?: number;
  /** Where the index vectors run: `last` (default) or `first` (MXNet). */
  readonly vector?: 'last' | 'first';
}

function ndParts(rank: number, indicesShape: readonly number[], layout: NdLayout) {
  const b = layout.batchDims ?? 0;
  const q = indicesShape.length;
  const first = layout.vector === 'first';
  const k = first ? indicesShape[0] : indicesShape[q - 1];
  const indexed = range(b, b + k);
  const batch = range(b);
  const dims: Omit<GatherDimensionNumbers, 'slice_sizes'> = {
    offset_dims: range(q - 1, q - 1 + rank - b - k),
    collapsed_slice_dims: indexed,
    operand_batching_dims: batch,
    start_indices_batching_dims: batch,
    start_index_map: indexed,
    index_vector_dim: first ? 0 : q - 1,
  };
  return { b, k, dims };
}

export function ndGather(
  m: CallMeta,
  operand: Tensor,
  indices: Tensor,
  policy: GatherPolicy,
  layout: NdLayout = {},
): GatherCall {
  const p = ndParts(operand.rank, indices.shape, layout);
  const slice_sizes = operand.shape.map((n, d) => (d < p.b + p.k ? 1 : n));
  return gatherCall(m, operand, indices, { ...p.dims, slice_sizes }, policy);
}

export function ndScatter(
  m: CallMeta,
  input: Tensor,
  indices: Tensor,
  updates: Tensor,
  computation: UpdateComputation,
  policy: ScatterPolicy,
  layout: NdLayout = {},
): ScatterCall {
  const dn = scatterDimsOf(ndParts(input.rank, indices.shape, layout).dims);
  return scatterCall(m, input, indices, updates, dn, computation, policy);
}

/** Result (or updates) shape of `nd`. */
export function ndShape(
  operandShape: readonly number[],
  indicesShape: readonly number[],
  layout: NdLayout = {},
): number[] {
  const p = ndParts(operandShape.length, indicesShape, layout);
  const batch = indicesShape.filter((_, d) => d !== p.dims.index_vector_dim);
  return [...batch, ...operandShape.slice(p.b + p.k)];
}

// ---------------------------------------------------------------------------------------------
// tuple: k index arrays of one (broadcast) shape S index the leading k dims: `a[i0, …, ik-1]`.
//   result shape = S ++ x.shape[k:]
// `indices` are the arrays stacked along a new last dim (stackIndices), or the one array.

function tupleDims(rank: number, k: number, sRank: number): Omit<GatherDimensionNumbers, 'slice_sizes'> {
  const lead = range(k);
  return {
    offset_dims: range(sRank, sRank + rank - k),
    collapsed_slice_dims: lead,
    start_index_map: lead,
    index_vector_dim: sRank,
  };
}

export function tupleGather(
  m: CallMeta,
  operand: Tensor,
  indices: Tensor,
  k: number,
  sRank: number,
  policy: GatherPolicy,
): GatherCall {
  const slice_sizes = operand.shape.map((n, d) => (d < k ? 1 : n));
  return gatherCall(m, operand, indices, { ...tupleDims(operand.rank, k, sRank), slice_sizes }, policy);
}

export function tupleScatter(
  m: CallMeta,
  input: Tensor,
  indices: Tensor,
  updates: Tensor,
  k: number,
  sRank: number,
  computation: UpdateComputation,
  policy: ScatterPolicy,
): ScatterCall {
  const dn = scatterDimsOf(tupleDims(input.rank, k, sRank));
  return scatterCall(m, input, indices, updates, dn, computation, policy);
}
