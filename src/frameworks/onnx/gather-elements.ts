/**
 * ONNX `GatherElements` (versions 11, 13): pick one element along `axis` per index element.
 *
 *   out[i_0, …, i_{r-1}] = data[i_0, …, idx[i_0, …, i_{r-1}], …, i_{r-1}]   (idx at position axis)
 *
 * Shape: the shape of `indices`.
 *
 * Constraints (code `onnx.GatherElements-<v>.<rule>`):
 * - `data`, `indices`: Tensors; `options`: only `opset`, `out`; `attribute`: only `axis`;
 * - `data_rank`: rank(data) >= 1; `axis`: an integer in [-r, r-1];
 * - `indices_rank`: rank(indices) = rank(data);
 * - `indices_shape`: indices.shape[d] <= data.shape[d] for d != axis (the formula reads data there);
 * - `data_dtype`: any type (bfloat16 from version 13); `indices_dtype`: int32 or int64;
 * - `indices`: every index lies in [-s, s-1], s = data.shape[axis];
 * - `opset` (code `onnx.GatherElements.opset`): opset >= 11; `out`: result shape and dtype.
 *
 * Lowering: the `elements` family (families.ts). Where indices are smaller than data outside
 * the axis, data is first sliced to the indices' extent, so every other dim is a batching dim
 * and an error names the index's own position.
 */
import { slice } from '../../tensor/ops.js';
import { sameShape } from '../../tensor/tensor.js';
import { runs } from '../checks.js';
import { elementsGather } from '../families.js';
import { axisAttribute, checkIndicesFit, checkSameRank, gatherOp, gatherPolicy, openOp } from './opsets.js';

/** Attributes of `GatherElements`. */
export interface GatherElementsAttributes {
  /** Axis of `data` the indices address; default 0, negative counts from the back. */
  readonly axis?: number;
}

/** Validates and lowers `GatherElements` to one StableHLO gather with batching dims. */
export const lowerGatherElements = gatherOp(
  'GatherElements',
  ({ op, out }, data, indices, attrs?: GatherElementsAttributes | null) => {
    const { a, meta } = openOp(op, out, attrs, data, indices);
    // onnxruntime 1.30's order (measured, test/onnx-check-order): the axis, then the indices' rank.
    const axis = axisAttribute(op, a, data.rank);
    checkSameRank(op, data, indices);
    checkIndicesFit(op, data, indices, axis);
    const extent = data.shape.map((n, d) => (d === axis ? n : indices.shape[d]));
    const zero = extent.map(() => 0);
    const operand = sameShape(extent, data.shape) ? data : slice(data, zero, extent);
    return elementsGather(meta, operand, indices, axis, gatherPolicy(op));
  },
);

/**
 * ONNX `GatherElements` (like `torch.gather`): `out[i][j] = data[indices[i][j]][j]` for axis 0.
 *
 * @example
 * onnx.GatherElements(tensor([[1, 2], [3, 4]], 'float32'), tensor([[0n, 0n], [1n, 0n]], 'int64'), { axis: 1 })
 * // → [[1, 1], [4, 3]]
 */
export const GatherElements = runs(lowerGatherElements);
