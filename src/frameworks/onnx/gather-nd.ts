/**
 * ONNX `GatherND` (versions 11, 12, 13): gather slices of `data` addressed by index tuples in
 * the last dim of `indices`, optionally after `batch_dims` leading dims shared by both.
 *
 *   out[b_0..b_{B-1}, i_B..i_{q-2}, s..] = data[b_0..b_{B-1}, idx[b.., i.., 0], …, idx[b.., i.., k-1], s..]
 *
 * Shape: indices.shape[:-1] ++ data.shape[B + k:], with k = indices.shape[-1], B = batch_dims.
 *
 * Constraints (code `onnx.GatherND-<v>.<rule>`):
 * - `data`, `indices`: Tensors; `options`: only `opset`, `out`;
 * - `attribute`: `batch_dims` from version 12, nothing before;
 * - `data_rank`: rank(data) >= 1; `indices_rank`: rank(indices) >= 1;
 * - `batch_dims` (version 12+): an integer, 0 <= B < rank(indices) and B < rank(data);
 * - `batch_shape`: indices.shape[:B] = data.shape[:B];
 * - `index_depth`: 1 <= k <= rank(data) - B;
 * - `data_dtype`: any type (bfloat16 from version 13); `indices_dtype`: int64 only;
 * - `indices`: every index component lies in [-s, s-1] for its data dim of size s;
 * - `opset` (code `onnx.GatherND.opset`): opset >= 11; `out`: result shape and dtype.
 *
 * Lowering: the `nd` family, index vectors last, `B` batch dims (families.ts).
 */
import { fmt } from '../../errors.js';
import { integer } from '../args.js';
import { runs } from '../checks.js';
import { ndGather } from '../families.js';
import { checkMinRank, fail, gatherOp, gatherPolicy, openOp } from './opsets.js';

/** Attributes of `GatherND` (`batch_dims` from version 12). */
export interface GatherNDAttributes {
  /** Number of leading dims shared by data and indices; default 0. */
  readonly batch_dims?: number;
}

/** Validates and lowers `GatherND` to one StableHLO gather. */
export const lowerGatherND = gatherOp(
  'GatherND',
  ({ op, out }, data, indices, attrs?: GatherNDAttributes | null) => {
    const { a, meta } = openOp(op, out, attrs, data, indices);
    checkMinRank(op, indices, 1, 'indices');
    const r = data.rank;
    const q = indices.rank;
    const b = integer(op.name, 'batch_dims', a.batch_dims, 0);
    const k = indices.shape[q - 1];
    const depth = () =>
      fail(
        op,
        'index_depth',
        `indices.shape[-1] must lie in [1, rank(data) - batch_dims] = [1, ${r - b}]; got ${k}`,
        { indicesShape: indices.shape },
      );
    // onnxruntime 1.30's order (measured, test/onnx-check-order): a depth past rank(data) - batch_dims
    // before the batch dims' shape; a depth of 0 (which onnxruntime accepts) after it. A batch_dims
    // out of range is named first all the same: the depth rule reads it (onnxruntime's does not).
    if (b >= 0 && b < Math.min(q, r) && k > r - b) depth();
    const bad = (bound: string) =>
      fail(op, 'batch_dims', `batch_dims must be ${bound}; got ${b}`, { batch_dims: b });
    if (b < 0) bad('>= 0');
    if (b >= q) bad(`< rank(indices) = ${q}`);
    if (b >= r) bad(`< rank(data) = ${r}`);
    if (indices.shape.some((n, d) => d < b && n !== data.shape[d]))
      fail(
        op,
        'batch_shape',
        `the first batch_dims = ${b} dims of indices and data must be equal; got indices shape ${fmt(indices.shape)} and data shape ${fmt(data.shape)}`,
        { dataShape: data.shape, indicesShape: indices.shape },
      );
    if (k < 1) depth();
    return ndGather(meta, data, indices, gatherPolicy(op), { batchDims: b });
  },
);

/**
 * ONNX `GatherND`: `out[i] = data[indices[i, 0], …, indices[i, k-1], …]` after `batch_dims`.
 *
 * @example
 * onnx.GatherND(tensor([[[0, 1], [2, 3]], [[4, 5], [6, 7]]], 'int32'), tensor([[1n], [0n]], 'int64'), { batch_dims: 1 }, { opset: 13 })
 * // → [[2, 3], [4, 5]]
 */
export const GatherND = runs(lowerGatherND);
