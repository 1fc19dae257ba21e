/**
 * The batching-dims decomposition of the StableHLO RFC that added `operand_batching_dims` /
 * `input_batching_dims`: a gather or scatter with explicit batching dims is the same op in the
 * older form, where
 *
 *   - each batching pair (operand dim o_i, indices dim s_i) becomes one more index-vector
 *     component holding the coordinate along s_i (an iota), mapped to o_i
 *     (start_index_map / scatter_dims_to_operand_dims += operand_batching_dims);
 *   - the operand batching dims become collapsed_slice_dims / inserted_window_dims;
 *   - the indices' batching dims stay as ordinary (implicit) batch dims of the indices.
 *
 *   new_indices[..., :k, ...]     = start_indices[..., :, ...]           (k = old vector size)
 *   new_indices[..., k + i, ...]  = position along start_indices_batching_dims[i]
 *
 * The iota components are always in bounds (the paired sizes agree, C17 / C18) and their slice
 * size is ≤ 1 (C12), so every mode, negative-index policy and reducer gives the same result.
 * The rewrite drops the `indices_are_sorted` promise (sortedness is stated per start_index_map).
 */
import { checkCall } from './check-call.js';
import { concreteCall } from '../ir/lowered.js';
import { allocStorage, type DType, integerRange } from '../tensor/dtype.js';
import { Tensor, stridesOf } from '../tensor/tensor.js';
import type { GatherCall, ScatterCall } from './call.js';
import {
  GATHER_DIMENSION_FIELDS,
  type GatherDimensionNumbers,
  SCATTER_DIMENSION_FIELDS,
  type ScatterDimensionNumbers,
} from './types.js';
import { checkPairCount, fail } from './validate.js';

/** The indices with one iota component per batching dim appended along the index-vector dim. */
export interface BatchedIndices {
  /** The new indices (the vector dim always exists: a trailing size-1 dim is added if needed). */
  readonly indices: Tensor;
  /** Where the index vectors run in `indices`. */
  readonly index_vector_dim: number;
}

/** Smallest dtype that holds both the original indices and every iota value. */
function iotaDType(dtype: DType, maxCoordinate: number): DType {
  if (dtype === 'int64' || dtype === 'uint64') return dtype;
  const [, hi] = integerRange(dtype);
  return BigInt(maxCoordinate) <= hi ? dtype : 'int64';
}

/**
 * Appends, along the index-vector dim, one component per entry of `batchingDims` holding the
 * coordinate of each index vector along that indices dim.
 */
export function appendIotaComponents(
  indices: Tensor,
  indexVectorDim: number,
  batchingDims: readonly number[],
  op = 'batching',
): BatchedIndices {
  const rank = indices.rank;
  if (!Number.isInteger(indexVectorDim) || indexVectorDim < 0 || indexVectorDim > rank) {
    fail(`${op}.index_vector_dim`, `${op}: index_vector_dim must be in [0, ${rank}]; got ${indexVectorDim}`);
  }
  // Without a vector dim, each scalar index is a vector of one component: add that dim.
  const base = indexVectorDim === rank ? indices.reshape([...indices.shape, 1]) : indices;
  const shape = base.shape;
  for (const d of batchingDims) {
    if (!Number.isInteger(d) || d < 0 || d >= rank || d === indexVectorDim) {
      fail(
        `${op}.indices_batching_dims`,
        `${op}: indices batching dims must be dims of the indices other than index_vector_dim ${indexVectorDim}; got ${d}`,
      );
    }
  }
  const k = shape[indexVectorDim];
  const m = batchingDims.length;
  const outShape = shape.map((n, d) => (d === indexVectorDim ? k + m : n));
  const maxCoordinate = Math.max(0, ...batchingDims.map((d) => shape[d] - 1));
  const dtype = iotaDType(indices.dtype, maxCoordinate);
  const size = outShape.reduce((a, b) => a * b, 1);
  const data = allocStorage(dtype, size) as unknown as { [i: number]: number | bigint };
  const src = base.data as unknown as ArrayLike<number | bigint>;
  const wide = dtype === 'int64' || dtype === 'uint64';
  const sameType = dtype === indices.dtype;
  const inStrides = stridesOf(shape);
  const outStrides = stridesOf(outShape);
  const coord = new Array<number>(outShape.length).fill(0);
  for (let e = 0; e < size; e++) {
    // coordinates of element e in the new indices
    let rest = e;
    for (let d = 0; d < outShape.length; d++) {
      coord[d] = Math.floor(rest / outStrides[d]);
      rest -= coord[d] * outStrides[d];
    }
    const c = coord[indexVectorDim];
    let value: number | bigint;
    if (c < k) {
      let at = 0;
      for (let d = 0; d < shape.length; d++) at += coord[d] * inStrides[d];
      value = src[at];
      if (!sameType) value = BigInt(value as number);
    } else {
      const position = coord[batchingDims[c - k]];
      value = wide ? BigInt(position) : position;
    }
    data[e] = value;
  }
  return { indices: new Tensor(dtype, outShape, data as never), index_vector_dim: indexVectorDim };
}

/** Sorted union of two disjoint dim lists. */
const merged = (a: readonly number[], b: readonly number[]) => [...a, ...b].sort((x, y) => x - y);

/**
 * One kind's dimension-number fields and the code of its size rule (gather C16, scatter C17):
 * the one rewrite below reads them, so the gather and scatter decompositions cannot drift.
 */
interface Kind {
  /** The spec's six fields by role: window, collapsed, operand and indices batching, map, vector dim. */
  readonly fields: readonly string[];
  /** The fields the rewritten dimension numbers carry after those six, in order. */
  readonly rest: readonly string[];
  readonly code: string;
}
const GATHER: Kind = {
  fields: GATHER_DIMENSION_FIELDS,
  rest: ['slice_sizes', 'indices_are_sorted'],
  code: 'stablehlo.gather.C16',
};
const SCATTER: Kind = {
  fields: SCATTER_DIMENSION_FIELDS,
  rest: ['indices_are_sorted', 'unique_indices'],
  code: 'stablehlo.scatter.C17',
};

/**
 * The RFC's rewrite of one call's indices and dimension numbers (every field of the kind, in
 * the spec's order), or null for a call without batching pairs.
 */
/** A batching field of the dimension numbers ([] when absent: they are optional). */
const batchingList = (dn: object, field: string): readonly number[] =>
  ((dn as Readonly<Record<string, unknown>>)[field] as readonly number[] | undefined) ?? [];

/** Whether the dimension numbers have batching dims (operand's or indices'). */
const batched = (dn: object, kind: Kind): boolean =>
  batchingList(dn, kind.fields[2]).length > 0 || batchingList(dn, kind.fields[3]).length > 0;

function unbatched<D extends GatherDimensionNumbers | ScatterDimensionNumbers>(
  op: string,
  indices: Tensor,
  dn: D,
  kind: Kind,
) {
  const given = dn as unknown as Readonly<Record<string, unknown>>;
  const [, collapsed, operandDims, indicesDims, map] = kind.fields;
  const operand = batchingList(dn, operandDims);
  const dims = batchingList(dn, indicesDims);
  if (operand.length === 0 && dims.length === 0) return null;
  checkPairCount(op, kind.code, [operandDims, indicesDims], operand, dims);
  const batched = appendIotaComponents(indices, dn.index_vector_dim, dims, op);
  const rewritten: Readonly<Record<string, unknown>> = {
    [collapsed]: merged(given[collapsed] as readonly number[], operand),
    [operandDims]: [],
    [indicesDims]: [],
    [map]: [...(given[map] as readonly number[]), ...operand],
    index_vector_dim: batched.index_vector_dim,
    indices_are_sorted: false,
  };
  const fields = [...kind.fields, ...kind.rest];
  const numbers = Object.fromEntries(fields.map((f) => [f, f in rewritten ? rewritten[f] : given[f]]));
  return { indices: batched.indices, numbers: numbers as unknown as D };
}

/**
 * The gather without batching dims that computes the same result (the RFC's decomposition).
 * A call without batching dims comes back unchanged. One with a prologue is decomposed as the
 * single op it stands for (its prologue run first, as execute runs it): the decomposition reads
 * the indices, which a mask's or a tuple's prologue computes.
 */
export function decomposeGatherBatching(call: GatherCall): GatherCall {
  checkCall(call, 'decomposeGatherBatching', ['gather']);
  return gatherUnbatched(call);
}

/**
 * The scatter without batching dims that computes the same results (the RFC's decomposition).
 * A call without batching dims comes back unchanged; a prologue is run first (see above).
 */
export function decomposeScatterBatching(call: ScatterCall): ScatterCall {
  checkCall(call, 'decomposeScatterBatching', ['scatter']);
  return scatterUnbatched(call);
}

/** Either decomposition, by the call's kind. */
export function decomposeBatching<C extends GatherCall | ScatterCall>(call: C): C {
  checkCall(call, 'decomposeBatching', ['gather', 'scatter']);
  return (call.kind === 'gather' ? gatherUnbatched(call) : scatterUnbatched(call)) as C;
}

function gatherUnbatched(call: GatherCall): GatherCall {
  if (!batched(call.dimension_numbers, GATHER)) return call;
  const c = concreteCall(call);
  const r = unbatched(c.op, c.start_indices, c.dimension_numbers, GATHER);
  return r === null ? c : { ...c, start_indices: r.indices, dimension_numbers: r.numbers };
}

function scatterUnbatched(call: ScatterCall): ScatterCall {
  if (!batched(call.dimension_numbers, SCATTER)) return call;
  const c = concreteCall(call);
  const r = unbatched(c.op, c.scatter_indices, c.dimension_numbers, SCATTER);
  return r === null ? c : { ...c, scatter_indices: r.indices, dimension_numbers: r.numbers };
}
