/**
 * ONNX `ScatterElements` (versions 11, 13, 16, 18) and the deprecated `Scatter` (9, 11): write
 * (or combine) one update per index element along `axis` into a copy of `data`.
 *
 *   out = copy(data);  out[i_0, …, idx[i_0, …, i_{r-1}], …, i_{r-1}] = f(out[…], updates[i_0, …, i_{r-1}])
 *
 * with f = replace (reduction `none`), `add`, `mul` (version 16+), `max`, `min` (version 18+).
 * Shape: the shape of `data`.
 *
 * Constraints (code `onnx.<Op>-<v>.<rule>`):
 * - `data`, `indices`, `updates`: Tensors; `options`: only `opset`, `duplicates`, `out`;
 * - `attribute`: `axis`, and `reduction` from ScatterElements-16;
 * - `data_rank`: rank(data) >= 1; `indices_rank`: rank(indices) = rank(data);
 * - `updates_shape`: shape(updates) = shape(indices);
 * - `indices_shape`: indices.shape[d] <= data.shape[d] for d != axis;
 * - `axis`: an integer in [-r, r-1];
 * - `data_dtype`: any type (bfloat16 from ScatterElements-13; never for Scatter);
 *   `updates_dtype`: that of data; `indices_dtype`: int32 or int64;
 * - `indices`: every index lies in [-s, s-1] (Scatter-9: [0, s-1]), s = data.shape[axis];
 * - `reduction`: one of the version's reductions; `max` / `min` not on complex data (ONNX defines no
 *   order on complex numbers);
 * - `duplicate_indices`: with reduction `none`, no two index elements address one element (the spec
 *   forbids it from version 16 and leaves the result undefined before), unless the caller
 *   passes `{ duplicates: 'last_wins' }`;
 * - `opset` (code `onnx.<Op>.opset`); `out`: data's shape and dtype (may be `data`: in place).
 *
 * Lowering: the `elements` family (families.ts): every other dim where indices span data is a
 * batching dim; where they are shorter, the index is completed by its position there.
 */
import { fmt } from '../../errors.js';
import { type Tensor, sameShape } from '../../tensor/tensor.js';
import { runs } from '../checks.js';
import { elementsScatter } from '../families.js';
import {
  REDUCER,
  type Resolved,
  axisAttribute,
  checkIndicesFit,
  checkSameRank,
  fail,
  openOp,
  reductionAttribute,
  scatterOp,
  scatterPolicy,
} from './opsets.js';

/** Attributes of `ScatterElements` (`reduction` from version 16). */
export interface ScatterElementsAttributes {
  /** Axis of `data` the indices address; default 0. */
  readonly axis?: number;
  /** `none` (default), `add`, `mul` (16+), `max`, `min` (18+). */
  readonly reduction?: 'none' | 'add' | 'mul' | 'max' | 'min';
}

/** Attributes of the deprecated `Scatter`. */
export interface ScatterAttributes {
  /** Axis of `data` the indices address; default 0. */
  readonly axis?: number;
}

/** The one body of ScatterElements and the deprecated Scatter. */
function scatterElements(
  { op, out, duplicates }: Resolved,
  data: Tensor,
  indices: Tensor,
  updates: Tensor,
  attrs?: ScatterElementsAttributes | null,
) {
  const { a, meta } = openOp(op, out, attrs, data, indices, updates);
  // onnxruntime 1.30's order (measured, test/onnx-check-order): the axis, the updates' shape,
  // the indices' rank, then their shape against the data's.
  const axis = axisAttribute(op, a, data.rank);
  if (!sameShape(updates.shape, indices.shape))
    fail(
      op,
      'updates_shape',
      `shape(updates) must equal shape(indices) ${fmt(indices.shape)}; got ${fmt(updates.shape)}`,
      { updatesShape: updates.shape },
    );
  checkSameRank(op, data, indices);
  const reduction = reductionAttribute(op, a, data);
  checkIndicesFit(op, data, indices, axis);
  const policy = scatterPolicy(op, reduction, duplicates);
  return elementsScatter(meta, data, indices, updates, axis, REDUCER[reduction], policy);
}

/** Validates and lowers `ScatterElements` to one StableHLO scatter. */
export const lowerScatterElements = scatterOp('ScatterElements', scatterElements);

/**
 * ONNX `ScatterElements` (like `torch.scatter`): `out[indices[i][j]][j] = updates[i][j]` for axis 0.
 *
 * @example
 * onnx.ScatterElements(tensor([[1, 2, 3, 4, 5]], 'float32'), tensor([[1n, 3n]], 'int64'), tensor([[1.5, 2.5]], 'float32'), { axis: 1 })
 * // → [[1, 1.5, 3, 2.5, 5]]
 */
export const ScatterElements = runs(lowerScatterElements);

/** Validates and lowers the deprecated `Scatter` (= ScatterElements without reduction). */
export const lowerScatter = scatterOp<'Scatter', ScatterAttributes | null>('Scatter', scatterElements);

/**
 * ONNX `Scatter` (deprecated at opset 11 in favour of ScatterElements; same formula).
 *
 * @example
 * onnx.Scatter(tensor([[0, 0, 0]], 'float32'), tensor([[2n, 0n]], 'int64'), tensor([[7, 8]], 'float32'), { axis: 1 }, { opset: 10 })
 * // → [[8, 0, 7]]
 */
export const Scatter = runs(lowerScatter);
