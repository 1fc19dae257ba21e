/**
 * The shape rule and constraints C1–C23 of `stablehlo.gather`, checked without data, so that
 * `explain` and the explorer can validate a call before anything runs.
 */
import { fmt } from '../errors.js';
import { checkRank, checkShape } from '../tensor/tensor.js';
import type { GatherDimensionNumbers } from './types.js';
import { type RuleCode, type RuleNames, type Site, checkBatchingPairs } from './validate.js';
import { checkRange, checkSorted, checkUnique, fail, siteOf } from './validate.js';
import { readFields } from './attributes.js';

/**
 * Fully specified gather attributes: `GatherDimensionNumbers` with the batching dims ([] when
 * absent) and the sortedness promise (false when absent) filled in.
 */
export type NormalizedGather = Required<GatherDimensionNumbers>;

/** Result shape (C22) plus the normalized attributes. */
export interface GatherShapeInfo {
  /** The result shape. */
  readonly resultShape: readonly number[];
  /** The attributes with defaults filled in. */
  readonly attributes: NormalizedGather;
}

/** The attributes as integer lists (I3–I9), under the short names the checks below use. */
const readAttributes = (dn: GatherDimensionNumbers, s: Site) =>
  readFields(dn, s.op, {
    offset_dims: ['offset_dims', s.c('I3'), 'list'],
    collapsed: ['collapsed_slice_dims', s.c('I4'), 'list'],
    obd: ['operand_batching_dims', s.c('I5'), 'optional list'],
    sibd: ['start_indices_batching_dims', s.c('I6'), 'optional list'],
    sim: ['start_index_map', s.c('I7'), 'list'],
    ivd: ['index_vector_dim', s.c('I8'), 'scalar'],
    slice_sizes: ['slice_sizes', s.c('I9'), 'list'],
  } as const);
type Attributes = ReturnType<typeof readAttributes>;

/**
 * Validates gather attributes against the operand and start_indices shapes and returns the
 * result shape. Throws InvalidArgumentError with code `stablehlo.gather.C<n>` (or `.I<n>` for
 * a malformed attribute) — or, given a frontend's rule `names`, `<op>.<name>` with the spec's
 * code as `details.stablehlo`.
 */
export function gatherShape(
  operandShape: readonly number[],
  indicesShape: readonly number[],
  dn: GatherDimensionNumbers,
  op = 'stablehlo.gather',
  names?: RuleNames,
): GatherShapeInfo {
  const s = siteOf('stablehlo.gather', op, names);
  // Ranks first (≤ MAX_RANK), so everything below is linear in a bounded rank.
  operandShape = checkShape(operandShape, `${op} operand`);
  indicesShape = checkShape(indicesShape, `${op} start_indices`);
  const at = readAttributes(dn, s);
  const rankR = checkOffsetDims(at, operandShape.length, indicesShape, s);
  checkSliceDims(at, operandShape.length, s);
  checkBatchingDims(at, operandShape, indicesShape, s);
  const resultShape = resultShapeOf(at, indicesShape, rankR, s);
  return {
    resultShape,
    attributes: {
      offset_dims: at.offset_dims,
      collapsed_slice_dims: at.collapsed,
      operand_batching_dims: at.obd,
      start_indices_batching_dims: at.sibd,
      start_index_map: at.sim,
      index_vector_dim: at.ivd,
      slice_sizes: at.slice_sizes,
      indices_are_sorted: dn.indices_are_sorted === true,
    },
  };
}

/** (C1)–(C5): ranks, the index vector, offset_dims; returns rank(result). */
function checkOffsetDims(at: Attributes, rankO: number, indicesShape: readonly number[], s: Site): number {
  const { offset_dims, collapsed, obd, sim, ivd } = at;
  const rankI = indicesShape.length;
  // (C1) rank(operand) = size(offset_dims) + size(collapsed_slice_dims) + size(operand_batching_dims)
  if (rankO !== offset_dims.length + collapsed.length + obd.length) {
    fail(
      s.c('C1'),
      `${s.op}: rank(operand) must equal size(offset_dims) + size(collapsed_slice_dims) + size(operand_batching_dims); got ${rankO} vs ${offset_dims.length} + ${collapsed.length} + ${obd.length}`,
      { rank: rankO },
    );
  }
  // (C2) 0 <= index_vector_dim <= rank(start_indices)
  if (ivd < 0 || ivd > rankI)
    fail(s.c('C2'), `${s.op}: index_vector_dim must lie in [0, ${rankI}]; got ${ivd}`, {
      index_vector_dim: ivd,
    });
  // (C3) size(start_index_map) = index vector length
  const vecLen = ivd < rankI ? indicesShape[ivd] : 1;
  if (sim.length !== vecLen) {
    fail(
      s.c('C3'),
      `${s.op}: size(start_index_map) must equal the index vector length ${vecLen}; got ${sim.length}`,
      { start_index_map: sim },
    );
  }
  // (C4) offset_dims unique and sorted
  checkUnique(offset_dims, 'offset_dims', s.op, s.c('C4'));
  checkSorted(offset_dims, 'offset_dims', s.op, s.c('C4'));
  const rankR = offset_dims.length + rankI - (ivd < rankI ? 1 : 0);
  checkRank(rankR, `${s.op} result`);
  // (C5) 0 <= offset_dims < rank(result)
  checkRange(offset_dims, 0, rankR, 'offset_dims', s.op, s.c('C5'));
  return rankR;
}

/** (C6)–(C12), (C20): collapsed and batching dims, and the slice sizes they allow. */
function checkSliceDims(at: Attributes, rankO: number, s: Site): void {
  const { collapsed, obd, slice_sizes } = at;
  // (C6) collapsed_slice_dims ++ operand_batching_dims unique
  checkUnique(
    [...collapsed, ...obd],
    'concatenate(collapsed_slice_dims, operand_batching_dims)',
    s.op,
    s.c('C6'),
  );
  // (C7), (C8)
  checkSorted(collapsed, 'collapsed_slice_dims', s.op, s.c('C7'));
  checkRange(collapsed, 0, rankO, 'collapsed_slice_dims', s.op, s.c('C8'));
  // (C20) is checked before C9/C12 read slice_sizes by dimension.
  if (slice_sizes.length !== rankO) {
    fail(
      s.c('C20'),
      `${s.op}: size(slice_sizes) must equal rank(operand) ${rankO}; got ${slice_sizes.length}`,
      {
        slice_sizes,
      },
    );
  }
  // (C9) slice_sizes[collapsed_slice_dims...] <= 1
  atMostOne(collapsed, slice_sizes, 'collapsed', s.op, s.c('C9'));
  // (C10), (C11)
  checkSorted(obd, 'operand_batching_dims', s.op, s.c('C10'));
  checkRange(obd, 0, rankO, 'operand_batching_dims', s.op, s.c('C11'));
  // (C12) slice_sizes[operand_batching_dims...] <= 1
  atMostOne(obd, slice_sizes, 'batching', s.op, s.c('C12'));
}

/** slice_sizes[d] <= 1 for every d of `dims` (C9 for collapsed dims, C12 for batching dims). */
function atMostOne(
  dims: readonly number[],
  slice_sizes: readonly number[],
  kind: string,
  op: string,
  code: RuleCode,
): void {
  for (const d of dims) {
    if (slice_sizes[d] > 1)
      fail(code, `${op}: slice_sizes[${d}] of ${kind} dim must be <= 1; got ${slice_sizes[d]}`, {
        slice_sizes,
      });
  }
}

/** (C13)–(C19), (C21): the batching pairs, start_index_map and the slice sizes' range. */
function checkBatchingDims(
  at: Attributes,
  operandShape: readonly number[],
  indicesShape: readonly number[],
  s: Site,
): void {
  const { obd, sibd, sim, ivd, slice_sizes } = at;
  const rankO = operandShape.length;
  // (C13), (C14), (C15), (C16)
  checkBatchingPairs(
    s.op,
    obd,
    sibd,
    { rank: indicesShape.length, ivd },
    {
      names: ['operand_batching_dims', 'start_indices_batching_dims'],
      codes: [s.c('C13'), s.c('C14'), s.c('C15'), s.c('C16')],
    },
  );
  // (C17) dim(operand, operand_batching_dims...) = dim(start_indices, start_indices_batching_dims...)
  for (let i = 0; i < obd.length; i++) {
    if (operandShape[obd[i]] !== indicesShape[sibd[i]]) {
      fail(
        s.c('C17'),
        `${s.op}: dim(operand, ${obd[i]}) = ${operandShape[obd[i]]} must equal dim(start_indices, ${sibd[i]}) = ${indicesShape[sibd[i]]}`,
        { operandShape, indicesShape },
      );
    }
  }
  // (C18), (C19)
  checkUnique([...sim, ...obd], 'concatenate(start_index_map, operand_batching_dims)', s.op, s.c('C18'));
  checkRange(sim, 0, rankO, 'start_index_map', s.op, s.c('C19'));
  // (C21) 0 <= slice_sizes <= shape(operand)
  for (let d = 0; d < rankO; d++) {
    if (slice_sizes[d] < 0 || slice_sizes[d] > operandShape[d]) {
      fail(
        s.c('C21'),
        `${s.op}: slice_sizes must lie in [0, shape(operand)]; got ${fmt(slice_sizes)} for operand ${fmt(operandShape)}`,
        { slice_sizes, operandShape },
      );
    }
  }
}

/** (C22) shape(result) = combine(batch_dim_sizes, offset_dim_sizes); empty collapsed windows refused. */
function resultShapeOf(at: Attributes, indicesShape: readonly number[], rankR: number, s: Site): number[] {
  const { offset_dims, collapsed, obd, ivd, slice_sizes } = at;
  const batchSizes = indicesShape.filter((_, d) => d !== ivd);
  const notWindow = new Array<boolean>(slice_sizes.length).fill(false);
  for (const d of collapsed) notWindow[d] = true;
  for (const d of obd) notWindow[d] = true;
  const offsetSizes = slice_sizes.filter((_, d) => !notWindow[d]);
  const isOffset = new Array<boolean>(rankR).fill(false);
  for (const d of offset_dims) isOffset[d] = true;
  const resultShape: number[] = [];
  let bi = 0;
  let oi = 0;
  for (let d = 0; d < rankR; d++) resultShape.push(isOffset[d] ? offsetSizes[oi++] : batchSizes[bi++]);
  // A collapsed or batching dim of slice size 0 leaves an empty window that the result still
  // counts as one element; the spec defines no value for it, so refuse rather than invent one.
  const emptyCollapsed = [...collapsed, ...obd].filter((d) => slice_sizes[d] === 0);
  if (emptyCollapsed.length > 0 && resultShape.every((n) => n > 0)) {
    fail(
      s.c('empty_window'),
      `${s.op}: slice_sizes is 0 in collapsed/batching dims ${fmt(emptyCollapsed)}, so each of the result's elements would read from an empty window; the spec defines no value for that`,
      { slice_sizes },
    );
  }
  return resultShape;
}
