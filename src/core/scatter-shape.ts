/**
 * The shape rule and constraints C1–C25 of `stablehlo.scatter`, checked without data.
 */
import { fmt } from '../errors.js';
import { checkShape, sameShape } from '../tensor/tensor.js';
import type { ScatterDimensionNumbers } from './types.js';

/** Most inputs a variadic scatter takes (a bound so validation stays linear). */
const MAX_OPERANDS = 1024;
import { type RuleNames, type Site, checkBatchingPairs } from './validate.js';
import { checkRange, checkSorted, checkUnique, fail, siteOf } from './validate.js';
import { readFields } from './attributes.js';

/**
 * Fully specified scatter dimension numbers: `ScatterDimensionNumbers` with the batching dims
 * ([] when absent) and the two promises (false when absent) filled in.
 */
export type NormalizedScatter = Required<ScatterDimensionNumbers>;

/** Result shape plus the normalized attributes of a scatter. */
export interface ScatterShapeInfo {
  /** Shape of every result (= shape of the inputs, C24). */
  readonly resultShape: readonly number[];
  /** Window size in every input dim (1 for inserted and batching dims). */
  readonly windowSizes: readonly number[];
  /** The dimension numbers with defaults filled in. */
  readonly attributes: NormalizedScatter;
}

/**
 * (C5) 0 < size(inputs) = size(updates), (C1) same(shape(inputs...)), (C3)
 * same(shape(updates...)): the variadic rules, checked once for every entry point.
 */
export function checkVariadicShapes(
  op: string,
  inputShapes: readonly (readonly number[])[],
  updateShapes: readonly (readonly number[])[],
  names?: RuleNames,
): void {
  variadicShapes(siteOf('stablehlo.scatter', op, names), inputShapes, updateShapes);
}

function variadicShapes(
  s: Site,
  inputShapes: readonly (readonly number[])[],
  updateShapes: readonly (readonly number[])[],
): void {
  if (inputShapes.length === 0 || inputShapes.length !== updateShapes.length) {
    fail(
      s.c('C5'),
      `${s.op}: need 0 < size(inputs) = size(updates); got ${inputShapes.length} inputs and ${updateShapes.length} updates`,
    );
  }
  for (const x of inputShapes)
    if (!sameShape(x, inputShapes[0]))
      fail(s.c('C1'), `${s.op}: all inputs must have one shape; got ${fmt(inputShapes)}`);
  for (const x of updateShapes)
    if (!sameShape(x, updateShapes[0]))
      fail(s.c('C3'), `${s.op}: all updates must have one shape; got ${fmt(updateShapes)}`);
}

/** The attributes as integer lists (I4–I9), under the short names the checks below use. */
const readAttributes = (dn: ScatterDimensionNumbers, s: Site) =>
  readFields(dn, s.op, {
    uwd: ['update_window_dims', s.c('I4'), 'list'],
    iwd: ['inserted_window_dims', s.c('I5'), 'list'],
    ibd: ['input_batching_dims', s.c('I6'), 'optional list'],
    sibd: ['scatter_indices_batching_dims', s.c('I7'), 'optional list'],
    sdod: ['scatter_dims_to_operand_dims', s.c('I8'), 'list'],
    ivd: ['index_vector_dim', s.c('I9'), 'scalar'],
  } as const);
type Attributes = ReturnType<typeof readAttributes>;

/**
 * Validates scatter attributes against the shapes of the inputs, the scatter indices and the
 * updates. Throws InvalidArgumentError with code `stablehlo.scatter.C<n>` — or, given a
 * frontend's rule `names`, `<op>.<name>` with the spec's code as `details.stablehlo`.
 */
export function scatterShape(
  inputShapes: readonly (readonly number[])[],
  indicesShape: readonly number[],
  updateShapes: readonly (readonly number[])[],
  dn: ScatterDimensionNumbers,
  op = 'stablehlo.scatter',
  names?: RuleNames,
): ScatterShapeInfo {
  const s = siteOf('stablehlo.scatter', op, names);
  // Ranks first (≤ MAX_RANK), so everything below is linear in a bounded rank.
  if (!Array.isArray(inputShapes) || !Array.isArray(updateShapes))
    fail(s.c('C5'), `${s.op}: inputs and updates must be arrays of shapes`);
  if (inputShapes.length > MAX_OPERANDS || updateShapes.length > MAX_OPERANDS)
    fail(
      s.c('C5'),
      `${s.op}: at most ${MAX_OPERANDS} inputs; got ${inputShapes.length} inputs and ${updateShapes.length} updates`,
    );
  inputShapes = inputShapes.map((x, i) => checkShape(x, `${op} inputs[${i}]`));
  updateShapes = updateShapes.map((x, i) => checkShape(x, `${op} updates[${i}]`));
  indicesShape = checkShape(indicesShape, `${op} scatter_indices`);
  const at = readAttributes(dn, s);
  variadicShapes(s, inputShapes, updateShapes);
  const inShape = inputShapes[0];
  const upShape = updateShapes[0];
  checkDimLists(at, inShape.length, indicesShape.length, upShape.length, s);
  checkBatchingAndVector(at, inShape, indicesShape, s);
  const windowSizes = updateWindowSizes(at, inShape, indicesShape, upShape, s);
  return {
    resultShape: inShape,
    windowSizes,
    attributes: {
      update_window_dims: at.uwd,
      inserted_window_dims: at.iwd,
      input_batching_dims: at.ibd,
      scatter_indices_batching_dims: at.sibd,
      scatter_dims_to_operand_dims: at.sdod,
      index_vector_dim: at.ivd,
      indices_are_sorted: dn.indices_are_sorted === true,
      unique_indices: dn.unique_indices === true,
    },
  };
}

/** (C2), (C7)–(C13), (C22): ranks and the dimension lists' order and ranges. */
function checkDimLists(at: Attributes, rankIn: number, rankI: number, rankU: number, s: Site): void {
  const { uwd, iwd, ibd, ivd } = at;
  // (C2) rank(inputs[0]) = size(update_window_dims) + size(inserted_window_dims) + size(input_batching_dims)
  if (rankIn !== uwd.length + iwd.length + ibd.length) {
    fail(
      s.c('C2'),
      `${s.op}: rank(inputs[0]) must equal size(update_window_dims) + size(inserted_window_dims) + size(input_batching_dims); got ${rankIn} vs ${uwd.length} + ${iwd.length} + ${ibd.length}`,
    );
  }
  // (C7), (C8)
  checkUnique(uwd, 'update_window_dims', s.op, s.c('C7'));
  checkSorted(uwd, 'update_window_dims', s.op, s.c('C7'));
  checkRange(uwd, 0, rankU, 'update_window_dims', s.op, s.c('C8'));
  // (C9)–(C13)
  checkUnique([...iwd, ...ibd], 'concatenate(inserted_window_dims, input_batching_dims)', s.op, s.c('C9'));
  checkSorted(iwd, 'inserted_window_dims', s.op, s.c('C10'));
  checkRange(iwd, 0, rankIn, 'inserted_window_dims', s.op, s.c('C11'));
  checkSorted(ibd, 'input_batching_dims', s.op, s.c('C12'));
  checkRange(ibd, 0, rankIn, 'input_batching_dims', s.op, s.c('C13'));
  // (C22) 0 <= index_vector_dim <= rank(scatter_indices)  (checked before C14–C19 use it)
  if (ivd < 0 || ivd > rankI)
    fail(s.c('C22'), `${s.op}: index_vector_dim must lie in [0, ${rankI}]; got ${ivd}`);
}

/** (C14)–(C21): the batching pairs and the index vector. */
function checkBatchingAndVector(
  at: Attributes,
  inShape: readonly number[],
  indicesShape: readonly number[],
  s: Site,
): void {
  const { ibd, sibd, sdod, ivd } = at;
  const rankI = indicesShape.length;
  // (C14)–(C17)
  checkBatchingPairs(
    s.op,
    ibd,
    sibd,
    { rank: rankI, ivd },
    {
      names: ['input_batching_dims', 'scatter_indices_batching_dims'],
      codes: [s.c('C14'), s.c('C15'), s.c('C16'), s.c('C17')],
    },
  );
  // (C18)
  for (let i = 0; i < ibd.length; i++) {
    if (inShape[ibd[i]] !== indicesShape[sibd[i]]) {
      fail(
        s.c('C18'),
        `${s.op}: dim(inputs[0], ${ibd[i]}) = ${inShape[ibd[i]]} must equal dim(scatter_indices, ${sibd[i]}) = ${indicesShape[sibd[i]]}`,
      );
    }
  }
  // (C19)
  const vecLen = ivd < rankI ? indicesShape[ivd] : 1;
  if (sdod.length !== vecLen) {
    fail(
      s.c('C19'),
      `${s.op}: size(scatter_dims_to_operand_dims) must equal the index vector length ${vecLen}; got ${sdod.length}`,
    );
  }
  // (C20), (C21)
  checkUnique(
    [...sdod, ...ibd],
    'concatenate(scatter_dims_to_operand_dims, input_batching_dims)',
    s.op,
    s.c('C20'),
  );
  checkRange(sdod, 0, inShape.length, 'scatter_dims_to_operand_dims', s.op, s.c('C21'));
}

/** (C4) shape(updates[0]) = combine(update_scatter_dim_sizes, update_window_dim_sizes); the window size per input dim. */
function updateWindowSizes(
  at: Attributes,
  inShape: readonly number[],
  indicesShape: readonly number[],
  upShape: readonly number[],
  s: Site,
): number[] {
  const { uwd, iwd, ibd, ivd } = at;
  const rankU = upShape.length;
  const scatterSizes = indicesShape.filter((_, d) => d !== ivd);
  if (rankU !== scatterSizes.length + uwd.length) {
    fail(
      s.c('C4'),
      `${s.op}: rank(updates[0]) must be ${scatterSizes.length + uwd.length} (scatter dims of scatter_indices + update_window_dims); got shape ${fmt(upShape)}`,
    );
  }
  const notWindow = new Array<boolean>(inShape.length).fill(false);
  for (const d of iwd) notWindow[d] = true;
  for (const d of ibd) notWindow[d] = true;
  const windowDimsOfInput = inShape.map((_, d) => d).filter((d) => !notWindow[d]);
  const isWindow = new Array<boolean>(rankU).fill(false);
  for (const d of uwd) isWindow[d] = true;
  const windowSizes = inShape.map(() => 1);
  let si = 0;
  let wi = 0;
  for (let d = 0; d < rankU; d++) {
    if (isWindow[d]) {
      const inDim = windowDimsOfInput[wi++];
      if (upShape[d] > inShape[inDim]) {
        fail(
          s.c('C4'),
          `${s.op}: update window dim ${d} of size ${upShape[d]} exceeds dim(inputs[0], ${inDim}) = ${inShape[inDim]}`,
          { updatesShape: upShape, inputShape: inShape },
        );
      }
      windowSizes[inDim] = upShape[d];
    } else if (upShape[d] !== scatterSizes[si++]) {
      fail(
        s.c('C4'),
        `${s.op}: updates shape ${fmt(upShape)} does not match the scatter dims ${fmt(scatterSizes)} of scatter_indices at dim ${d}`,
        { updatesShape: upShape, indicesShape },
      );
    }
  }
  return windowSizes;
}
