/**
 * ONNX `Gather` (versions 1, 11, 13): take entries of one axis of `data`.
 *
 *   out[i_0..i_{a-1}, j_0..j_{q-1}, i_{a+1}..i_{r-1}] = data[i_0..i_{a-1}, idx[j_0..j_{q-1}], i_{a+1}..i_{r-1}]
 *
 * Shape: data.shape[:axis] ++ indices.shape ++ data.shape[axis+1:] (rank q + r - 1).
 *
 * Constraints (code `onnx.Gather-<v>.<rule>`):
 * - `data`, `indices`: Tensors; `options`: only `opset`, `out`; `attribute`: only `axis`;
 * - `data_rank`: rank(data) >= 1; `axis`: an integer in [-r, r-1];
 * - `data_dtype`: any type (bfloat16 from version 13); `indices_dtype`: int32 or int64;
 * - `indices`: every index lies in [-s, s-1] (version 11+) or [0, s-1] (version 1), s = data.shape[axis];
 * - `opset` (code `onnx.Gather.opset`): the opset has the op; `out`: result shape and dtype.
 *
 * Lowering: the `take` family along `axis` (families.ts).
 */
import { runs } from '../checks.js';
import { takeGather } from '../families.js';
import { axisAttribute, gatherOp, gatherPolicy, openOp } from './opsets.js';

/** Attributes of `Gather`. */
export interface GatherAttributes {
  /** Axis of `data` to index; default 0, negative counts from the back. */
  readonly axis?: number;
}

/** Validates and lowers `Gather` to one StableHLO gather. */
export const lowerGather = gatherOp(
  'Gather',
  ({ op, out }, data, indices, attrs?: GatherAttributes | null) => {
    const { a, meta } = openOp(op, out, attrs, data, indices);
    return takeGather(meta, data, indices, axisAttribute(op, a, data.rank), gatherPolicy(op));
  },
);

/**
 * ONNX `Gather`: `out[..., j, ...] = data[..., indices[j], ...]` along `axis`.
 *
 * @example
 * onnx.Gather(tensor([[1, 2], [3, 4], [5, 6]], 'float32'), tensor([[0n, 1n], [1n, 2n]], 'int64'))
 * // → [[[1, 2], [3, 4]], [[3, 4], [5, 6]]]
 */
export const Gather = runs(lowerGather);
