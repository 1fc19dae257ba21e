/**
 * DirectML gather/scatter operators with the fields of their `DML_*_OPERATOR_DESC` structs:
 * pass one desc object whose fields are DirectML's own (`InputTensor`, `IndicesTensor`,
 * `OutputTensor?`, `Axis`, `IndexDimensions`, …; unknown fields are refused) and, optionally, our
 * policies as a second argument (`featureLevel`, `outOfBounds`, `duplicates`; table
 * `DIRECTML_POLICY`). A Tensor `OutputTensor` is the output buffer (this frontend's `out`); a
 * `{ Sizes, DataType }` desc is checked. Each op lowers to one family builder, reshaped to the
 * output Sizes where they differ. DML_SCATTER (= scatter elements) and DML_SCATTER_ND copy the
 * input, then overwrite the targeted elements with the updates; no reductions exist, and
 * overlapping targets ("invalid", any write may win) follow the `duplicates` policy (default:
 * last). See docs/directml.md.
 *
 * Constraints of every desc (code `directml.<OP>.<rule>`): options (unknown desc fields or
 * options), InputTensor, IndicesTensor, UpdatesTensor (scatters; Tensors), featureLevel,
 * outOfBounds, duplicates (scatters), DimensionCount, IndicesTensor/UpdatesTensor.DimensionCount,
 * InputTensor.DataType, IndicesTensor.DataType, UpdatesTensor.DataType (scatters),
 * OutputTensor.Sizes, OutputTensor.DataType; each op's own below.
 *
 * @example
 * directml.GATHER({ InputTensor: input, IndicesTensor: indices, Axis: 0, IndexDimensions: 1 });
 */
import { arityChecked } from './arity.js';
import * as stated from './directml/desc.js';
import type { GatherCall } from '../core/call.js';
import { sameShape } from '../core/gather.js';
import { fail } from '../core/validate.js';
import { fmt } from '../errors.js';
import type { DType } from '../tensor/dtype.js';
import type { Tensor } from '../tensor/tensor.js';
import { tensorArg } from './args.js';
import { checkShapeIs } from './checks.js';
import {
  DATA_TYPES,
  DIRECTML_POLICY,
  type DmlDescTensors,
  type DmlGatherOptions,
  type DmlOptions,
  INDEX_TYPES,
  checkDataType,
  checkDimensionCount,
  checkSameDimensionCount,
  checkSizesOffAxis,
  descFields,
  descTensors,
  ndSizes,
  output,
  realSizes,
  resolvePolicy,
  rightAlign,
  runsDesc,
  uintField,
} from './directml/desc.js';
import { elementsGather, elementsScatter, ndGather, ndScatter, takeGather } from './families.js';
import type { LoweredGather, LoweredScatter } from './lowered.js';

export type {
  DmlDataType,
  DmlFeatureLevel,
  DmlGatherOptions,
  DmlOptions,
  DmlOutputTensor,
  DmlOutputTensorDesc,
} from './directml/desc.js';

/** `DML_GATHER_OPERATOR_DESC`; the output has the InputTensor's dtype `D`. */
export interface DmlGatherDesc<D extends DType = DType> extends DmlDescTensors<D> {
  /** Indices into `Axis` of InputTensor (uint32 before feature level 3.0; int32/int64/uint32/uint64 after). */
  readonly IndicesTensor: Tensor;
  /** The InputTensor dim gathered along, in [0, DimensionCount). */
  readonly Axis: number;
  /** How many trailing IndicesTensor dims index (the leading ones must be 1), in [0, DimensionCount]. */
  readonly IndexDimensions: number;
}
/** `DML_GATHER_ELEMENTS_OPERATOR_DESC`; the output has the InputTensor's dtype `D`. */
export interface DmlGatherElementsDesc<D extends DType = DType> extends DmlDescTensors<D> {
  /** One index per output element, along `Axis`; its sizes match InputTensor's except at Axis. */
  readonly IndicesTensor: Tensor;
  /** The InputTensor dim the indices select along, in [0, DimensionCount). */
  readonly Axis: number;
}
/** `DML_GATHER_ND_OPERATOR_DESC`; the output has the InputTensor's dtype `D`. */
export interface DmlGatherNDDesc<D extends DType = DType> extends DmlDescTensors<D> {
  /** Index tuples in its last dim (size k ≤ InputDimensionCount − BatchDimensionCount). */
  readonly IndicesTensor: Tensor;
  /** The number of real (trailing) InputTensor dims; the leading padding sizes must be 1. */
  readonly InputDimensionCount: number;
  /** The number of real (trailing) IndicesTensor dims; the leading padding sizes must be 1. */
  readonly IndicesDimensionCount: number;
}
/** `DML_GATHER_ND1_OPERATOR_DESC`: DML_GATHER_ND with leading batch dims. */
export interface DmlGatherND1Desc<D extends DType = DType> extends DmlGatherNDDesc<D> {
  /** Leading real dims shared by InputTensor and IndicesTensor (equal sizes); below both dimension counts. */
  readonly BatchDimensionCount: number;
}
/** `DML_SCATTER_OPERATOR_DESC` (DML_SCATTER_ELEMENTS is the same struct); the output has InputTensor's dtype `D`. */
export interface DmlScatterDesc<D extends DType = DType> extends DmlDescTensors<D> {
  /** One target index along `Axis` per update; the same sizes as UpdatesTensor. */
  readonly IndicesTensor: Tensor;
  /** The values written (InputTensor's data type). */
  readonly UpdatesTensor: Tensor;
  /** The InputTensor dim the indices address, in [0, DimensionCount). */
  readonly Axis: number;
}
/** `DML_SCATTER_ND_OPERATOR_DESC`; the output has InputTensor's dtype `D`. */
export interface DmlScatterNDDesc<D extends DType = DType> extends DmlDescTensors<D> {
  /** Index tuples in its last dim, each addressing a slice of InputTensor. */
  readonly IndicesTensor: Tensor;
  /** The slices written (InputTensor's data type). */
  readonly UpdatesTensor: Tensor;
  /** The number of real (trailing) InputTensor dims; the leading padding sizes must be 1. */
  readonly InputDimensionCount: number;
  /** The number of real (trailing) IndicesTensor dims; the leading padding sizes must be 1. */
  readonly IndicesDimensionCount: number;
}

const IN = ['InputTensor', 'IndicesTensor'];
const ND = ['InputDimensionCount', 'IndicesDimensionCount'];
const FIELDS = {
  GATHER: [...IN, 'OutputTensor', 'Axis', 'IndexDimensions'],
  GATHER_ELEMENTS: [...IN, 'OutputTensor', 'Axis'],
  GATHER_ND: [...IN, 'OutputTensor', ...ND],
  GATHER_ND1: [...IN, 'OutputTensor', ...ND, 'BatchDimensionCount'],
  SCATTER: [...IN, 'UpdatesTensor', 'OutputTensor', 'Axis'],
  SCATTER_ND: [...IN, 'UpdatesTensor', 'OutputTensor', ...ND],
} as const;

// Support tables of DML_GATHER ("Tensor support"), newest row first: [from level, dims, input types, index types].
const GATHER_SUPPORT: readonly [number, [number, number], readonly string[], readonly string[]][] = [
  [4.1, [1, 8], DATA_TYPES, INDEX_TYPES],
  [3.0, [1, 8], ['float32', 'float16', 'int32', 'int16', 'int8', 'uint32', 'uint16', 'uint8'], INDEX_TYPES],
  [2.1, [4, 4], ['float32', 'float16', 'int32', 'int16', 'int8', 'uint32', 'uint16', 'uint8'], ['uint32']],
  [1.0, [4, 4], ['float32', 'float16'], ['uint32']],
];

/**
 * DML_GATHER: `output[...] = input[..., indices[...], ...]` along `Axis` (a take of the last
 * IndexDimensions indices sizes).
 *
 * Sizes: {Input[0..Axis), Indices[last IndexDimensions], Input[Axis+1..)}, right-aligned into
 * DimensionCount with leading 1s cropped. Constraints: Axis, IndexDimensions,
 * IndicesTensor.Sizes (leading padding must be 1), OutputTensor.DimensionCount.
 */
function lowerGATHER(
  desc: DmlGatherDesc,
  options?: DmlGatherOptions | null,
): LoweredGather<'directml.GATHER'> {
  const op = 'directml.GATHER';
  const d = descFields(op, desc, FIELDS.GATHER);
  const input = tensorArg(op, 'InputTensor', d.InputTensor);
  const indices = tensorArg(op, 'IndicesTensor', d.IndicesTensor);
  const { fl, policy } = resolvePolicy(op, 'gather', options, indices);
  const row = GATHER_SUPPORT.find(([from]) => fl >= from);
  if (!row) fail(`${op}.featureLevel`, `${op}: needs DML_FEATURE_LEVEL_1_0 or later`);
  const [, [lo, hi], inTypes, idxTypes] = row;
  const D = checkDimensionCount(op, input, lo, hi);
  checkSameDimensionCount(op, 'IndicesTensor', indices, D);
  checkDataType(op, 'InputTensor', input, inTypes as never);
  checkDataType(op, 'IndicesTensor', indices, idxTypes as never);
  const axis = uintField(op, 'Axis', d.Axis, 0, D - 1);
  // The docs give [0, DimensionCount); Examples 1 and 3 use IndexDimensions = DimensionCount.
  const nIdx = uintField(op, 'IndexDimensions', d.IndexDimensions, 0, D);
  const idx = realSizes(op, 'IndexDimensions', 'IndicesTensor', indices, nIdx);
  const logical = [...input.shape.slice(0, axis), ...idx, ...input.shape.slice(axis + 1)];
  const { sizes, out } = output(op, input, logical, D, d.OutputTensor);
  return takeGather({ op, out, reshape: sizes }, input, indices.reshape(idx), axis, policy);
}

/**
 * DML_GATHER_ELEMENTS: `output[i, j, k] = input[indices[i, j, k], j, k]` (Axis 0; likewise).
 *
 * Sizes: Output = Indices. Constraints: Axis, IndicesTensor.Sizes (= Input's except at Axis).
 */
function lowerGATHER_ELEMENTS(
  desc: DmlGatherElementsDesc,
  options?: DmlGatherOptions | null,
): LoweredGather<'directml.GATHER_ELEMENTS'> {
  const op = 'directml.GATHER_ELEMENTS';
  const d = descFields(op, desc, FIELDS.GATHER_ELEMENTS);
  const { input, indices, D, policy } = descTensors(op, 'gather', d, options);
  const axis = uintField(op, 'Axis', d.Axis, 0, D - 1);
  checkSizesOffAxis(op, input, indices, axis);
  const { out } = output(op, input, indices.shape, D, d.OutputTensor);
  return elementsGather({ op, out }, input, indices, axis, policy);
}

/**
 * DML_GATHER_ND1 (DML_GATHER_ND is BatchDimensionCount = 0):
 * `output[batch, ...] = input[batch, indices[batch, ...], ...]`, an ND gather of the real sizes.
 *
 * Sizes: with k = Indices.Sizes[last], Output = {Indices[real][:-1], Input[real][Batch + k:]},
 * right-aligned with leading 1s. Constraints: InputDimensionCount, IndicesDimensionCount
 * (leading padding must be 1), BatchDimensionCount (< both counts, batch sizes equal),
 * IndexTupleSize (k <= InputDimensionCount - BatchDimensionCount), OutputTensor.DimensionCount.
 */
function lowerND(op: string, desc: Partial<DmlGatherND1Desc>, options: unknown): GatherCall {
  const { input, indices, D, policy } = descTensors(op, 'gather', desc, options);
  const { nIn, nIdx, inReal, idxReal } = ndSizes(op, desc, input, indices, D);
  const b = uintField(op, 'BatchDimensionCount', desc.BatchDimensionCount, 0, Math.min(nIn, nIdx) - 1);
  if (!sameShape(inReal.slice(0, b), idxReal.slice(0, b)))
    fail(
      `${op}.BatchDimensionCount`,
      `${op}: the ${b} batch sizes of InputTensor ${fmt(inReal)} and IndicesTensor ${fmt(idxReal)} must match`,
    );
  const k = idxReal[nIdx - 1];
  if (k > nIn - b)
    fail(
      `${op}.IndexTupleSize`,
      `${op}: the index tuple size (last IndicesTensor size) must be <= InputDimensionCount - BatchDimensionCount = ${nIn - b}; got ${k}`,
    );
  const logical = [...idxReal.slice(0, nIdx - 1), ...inReal.slice(b + k)];
  const { sizes, out } = output(op, input, logical, D, desc.OutputTensor);
  const meta = { op, out, reshape: sizes };
  return ndGather(meta, input.reshape(inReal), indices.reshape(idxReal), policy, { batchDims: b });
}

/** Validates and lowers DML_GATHER_ND (DML_GATHER_ND1 with BatchDimensionCount 0). */
function lowerGATHER_ND(
  desc: DmlGatherNDDesc,
  options?: DmlGatherOptions | null,
): LoweredGather<'directml.GATHER_ND'> {
  const op = 'directml.GATHER_ND';
  return lowerND(op, { ...descFields(op, desc, FIELDS.GATHER_ND), BatchDimensionCount: 0 }, options);
}

/** Validates and lowers DML_GATHER_ND1 (see lowerND for the rules). */
function lowerGATHER_ND1(
  desc: DmlGatherND1Desc,
  options?: DmlGatherOptions | null,
): LoweredGather<'directml.GATHER_ND1'> {
  const op = 'directml.GATHER_ND1';
  return lowerND(op, descFields(op, desc, FIELDS.GATHER_ND1), options);
}

/**
 * DML_SCATTER: `output = input; output[indices[i, j, k], j, k] = updates[i, j, k]` (Axis 0).
 *
 * Sizes: Output = Input; Updates = Indices. Constraints: Axis, IndicesTensor.Sizes (= Input's
 * except at Axis), UpdatesTensor.Sizes (= Indices').
 */
function lowerSCATTER(desc: DmlScatterDesc, options?: DmlOptions | null): LoweredScatter<'directml.SCATTER'> {
  const op = 'directml.SCATTER';
  const d = descFields(op, desc, FIELDS.SCATTER);
  const { input, indices, updates, D, policy } = descTensors(op, 'scatter', d, options);
  const axis = uintField(op, 'Axis', d.Axis, 0, D - 1);
  checkSizesOffAxis(op, input, indices, axis);
  const rule = 'UpdatesTensor.Sizes must match IndicesTensor.Sizes';
  checkShapeIs(op, `${op}.UpdatesTensor.Sizes`, rule, [updates.shape, indices.shape]);
  const { out } = output(op, input, input.shape, D, d.OutputTensor);
  return elementsScatter({ op, out }, input, indices, updates, axis, 'replace', policy);
}

/**
 * DML_SCATTER_ND: `output = input; output[indices[...]] = updates[...]`, an ND scatter of the
 * real sizes.
 *
 * Sizes: with k = Indices.Sizes[last], Updates = {Indices[real][:-1], Input[real][k:]},
 * right-aligned with leading 1s; Output = Input. Constraints: InputDimensionCount,
 * IndicesDimensionCount, IndexTupleSize (k <= InputDimensionCount), UpdatesTensor.Sizes.
 */
function lowerSCATTER_ND(
  desc: DmlScatterNDDesc,
  options?: DmlOptions | null,
): LoweredScatter<'directml.SCATTER_ND'> {
  const op = 'directml.SCATTER_ND';
  const d = descFields(op, desc, FIELDS.SCATTER_ND);
  const { input, indices, updates, D, policy } = descTensors(op, 'scatter', d, options);
  const { nIn, nIdx, inReal, idxReal } = ndSizes(op, d, input, indices, D);
  const k = idxReal[nIdx - 1];
  if (k > nIn)
    fail(
      `${op}.IndexTupleSize`,
      `${op}: the index tuple size must be <= InputDimensionCount = ${nIn}; got ${k}`,
    );
  const upReal = [...idxReal.slice(0, nIdx - 1), ...inReal.slice(k)];
  const expected = rightAlign(upReal, D);
  if (!expected || !sameShape(updates.shape, expected))
    fail(
      `${op}.UpdatesTensor.Sizes`,
      `${op}: UpdatesTensor.Sizes must be ${fmt(expected ?? upReal)}; got ${fmt(updates.shape)}`,
    );
  const { out } = output(op, input, input.shape, D, d.OutputTensor);
  const meta = { op, out, reshape: input.shape };
  const [inR, idxR, upR] = [input.reshape(inReal), indices.reshape(idxReal), updates.reshape(upReal)];
  return ndScatter(meta, inR, idxR, upR, 'replace', policy);
}

/**
 * DML_SCATTER.
 * @example directml.SCATTER({ InputTensor: tensor([0, 0, 0], 'float32'), IndicesTensor: tensor([2], 'uint32'), UpdatesTensor: tensor([7], 'float32'), Axis: 0 })  // [0, 0, 7]
 */
const SCATTER = runsDesc(lowerSCATTER);

/** DirectML DML_GATHER*, DML_SCATTER, DML_SCATTER_ND; `lower.<OP>` returns the core call. */
export const directml = /* @__PURE__ */ arityChecked('directml', stated, {}, {
  /**
   * DML_GATHER.
   * @example directml.GATHER({ InputTensor: tensor([11, 12, 13, 14], 'float32'), IndicesTensor: tensor([3, 1], 'uint32'), Axis: 0, IndexDimensions: 1 })  // [14, 12]
   */
  GATHER: runsDesc(lowerGATHER),
  /**
   * DML_GATHER_ELEMENTS.
   * @example directml.GATHER_ELEMENTS({ InputTensor: tensor([[1, 2], [3, 4]], 'float32'), IndicesTensor: tensor([[1, 0]], 'uint32'), Axis: 0 })  // [[3, 2]]
   */
  GATHER_ELEMENTS: runsDesc(lowerGATHER_ELEMENTS),
  /**
   * DML_GATHER_ND.
   * @example directml.GATHER_ND({ InputTensor: tensor([[1, 2], [3, 4]], 'float32'), IndicesTensor: tensor([[1, 0]], 'uint32'), InputDimensionCount: 2, IndicesDimensionCount: 2 })  // [[3]] (Sizes {1, 1})
   */
  GATHER_ND: runsDesc(lowerGATHER_ND),
  /**
   * DML_GATHER_ND1.
   * @example directml.GATHER_ND1({ InputTensor: tensor([[1, 2], [3, 4]], 'float32'), IndicesTensor: tensor([[1], [0]], 'uint32'), InputDimensionCount: 2, IndicesDimensionCount: 2, BatchDimensionCount: 1 })  // [[2, 3]] (Sizes {1, 2})
   */
  GATHER_ND1: runsDesc(lowerGATHER_ND1),
  SCATTER,
  SCATTER_ELEMENTS: SCATTER,
  /**
   * DML_SCATTER_ND.
   * @example directml.SCATTER_ND({ InputTensor: tensor([[0, 0], [0, 0]], 'float32'), IndicesTensor: tensor([[1, 1]], 'uint32'), UpdatesTensor: tensor([[5]], 'float32'), InputDimensionCount: 2, IndicesDimensionCount: 2 })  // [[0, 0], [0, 5]]
   */
  SCATTER_ND: runsDesc(lowerSCATTER_ND),
  /** The policy table (`DIRECTML_POLICY`): feature levels, out-of-bounds, duplicates. */
  policy: DIRECTML_POLICY,
  /** The lowerings, by op name. */
  lower: {
    GATHER: lowerGATHER,
    GATHER_ELEMENTS: lowerGATHER_ELEMENTS,
    GATHER_ND: lowerGATHER_ND,
    GATHER_ND1: lowerGATHER_ND1,
    SCATTER: lowerSCATTER,
    SCATTER_ELEMENTS: lowerSCATTER,
    SCATTER_ND: lowerSCATTER_ND,
  },
} as const);
