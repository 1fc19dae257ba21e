/**
 * DML_SCATTER (= scatter elements) and DML_SCATTER_ND: copy the input, then overwrite the
 * targeted elements with the updates. No reductions exist; overlapping targets are "invalid"
 * with no guarantee which write wins, so they follow the `duplicates` policy (default: last).
 *
 * Constraints of both descs (code `directml.<OP>.<rule>`): options (unknown desc fields or
 * options), InputTensor, IndicesTensor, UpdatesTensor (Tensors), featureLevel, outOfBounds,
 * duplicates, DimensionCount, IndicesTensor/UpdatesTensor.DimensionCount, InputTensor.DataType,
 * IndicesTensor.DataType, UpdatesTensor.DataType, OutputTensor.Sizes, OutputTensor.DataType;
 * each op's own below.
 */
import { sameShape } from '../../core/gather.js';
import { fail } from '../../core/validate.js';
import { fmt } from '../../errors.js';
import type { DType } from '../../tensor/dtype.js';
import type { Tensor } from '../../tensor/tensor.js';
import { checkShapeIs } from '../checks.js';
import { elementsScatter, ndScatter } from '../families.js';
import type { LoweredScatter } from '../lowered.js';
import {
  type DmlDescTensors,
  type DmlOptions,
  checkSizesOffAxis,
  descFields,
  descTensors,
  ndSizes,
  output,
  rightAlign,
  runsDesc,
  uintField,
} from './desc.js';

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

const TENSORS = ['InputTensor', 'IndicesTensor', 'UpdatesTensor', 'OutputTensor'];
const FIELDS = {
  SCATTER: [...TENSORS, 'Axis'],
  SCATTER_ND: [...TENSORS, 'InputDimensionCount', 'IndicesDimensionCount'],
} as const;

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
  return ndScatter(
    { op, out, reshape: input.shape },
    input.reshape(inReal),
    indices.reshape(idxReal),
    updates.reshape(upReal),
    'replace',
    policy,
  );
}

/**
 * DML_SCATTER.
 * @example directml.SCATTER({ InputTensor: tensor([0, 0, 0], 'float32'), IndicesTensor: tensor([2], 'uint32'), UpdatesTensor: tensor([7], 'float32'), Axis: 0 })  // [0, 0, 7]
 */
export const SCATTER = runsDesc(lowerSCATTER);
/**
 * DML_SCATTER_ND.
 * @example directml.SCATTER_ND({ InputTensor: tensor([[0, 0], [0, 0]], 'float32'), IndicesTensor: tensor([[1, 1]], 'uint32'), UpdatesTensor: tensor([[5]], 'float32'), InputDimensionCount: 2, IndicesDimensionCount: 2 })  // [[0, 0], [0, 5]]
 */
export const SCATTER_ND = runsDesc(lowerSCATTER_ND);

/** The lowerings, by op name (`directml.lower`). */
export const lower = {
  SCATTER: lowerSCATTER,
  SCATTER_ELEMENTS: lowerSCATTER,
  SCATTER_ND: lowerSCATTER_ND,
} as const;
