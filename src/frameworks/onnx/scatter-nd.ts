/**
 * ONNX `ScatterND` (versions 11, 13, 16, 18): write (or combine) slices of `updates` into a copy
 * of `data` at index tuples held in the last dim of `indices`.
 *
 *   out = copy(data);  out[idx[i, 0], …, idx[i, k-1], s..] = f(out[…], updates[i, s..])
 *
 * with f = replace (reduction `none`), `add`, `mul` (16+), `max`, `min` (18+).
 * Shape: the shape of `data`; updates.shape = indices.shape[:-1] ++ data.shape[k:].
 *
 * Constraints (code `onnx.ScatterND-<v>.<rule>`):
 * - `data`, `indices`, `updates`: Tensors; `options`: only `opset`, `duplicates`, `out`;
 * - `attribute`: `reduction` from version 16, nothing before;
 * - `data_rank`: rank(data) >= 1; `indices_rank`: rank(indices) >= 1;
 * - `index_depth`: k = indices.shape[-1] <= rank(data);
 * - `updates_shape`: shape(updates) = indices.shape[:-1] ++ data.shape[k:];
 * - `data_dtype`: any type (bfloat16 from version 13); `updates_dtype`: that of data;
 *   `indices_dtype`: int64 only;
 * - `indices`: every component lies in [-s, s-1] for its data dim of size s;
 * - `reduction`: one of the version's reductions; `max` / `min` not on complex data (ONNX defines no
 *   order on complex numbers);
 * - `duplicate_indices`: with reduction `none`, no two index tuples address one element, unless
 *   `{ duplicates: 'last_wins' }`;
 * - `opset` (code `onnx.ScatterND.opset`): opset >= 11; `out`: data's shape and dtype.
 *
 * Lowering: the `nd` family, index vectors last, no batch dims (families.ts); an add / mul
 * reduction on float32 / float64 takes onnxruntime's NaN operand order by place (sliceNaN).
 */
import type { FloatNaN } from '../../core/kernels.js';
import { fmt } from '../../errors.js';
import type { DType } from '../../tensor/dtype.js';
import { sameShape } from '../../tensor/tensor.js';
import { runs } from '../checks.js';
import { ndScatter, ndShape } from '../families.js';
import {
  REDUCER,
  checkMinRank,
  fail,
  openOp,
  reductionAttribute,
  scatterOp,
  scatterPolicy,
} from './opsets.js';

/** Attributes of `ScatterND` (`reduction` from version 16). */
export interface ScatterNDAttributes {
  /** `none` (default), `add`, `mul` (16+), `max`, `min` (18+). */
  readonly reduction?: 'none' | 'add' | 'mul' | 'max' | 'min';
}

/** Validates and lowers `ScatterND` to one StableHLO scatter. */
export const lowerScatterND = scatterOp(
  'ScatterND',
  ({ op, out, duplicates }, data, indices, updates, attrs?: ScatterNDAttributes | null) => {
    const { a, meta } = openOp(op, out, attrs, data, indices, updates);
    checkMinRank(op, indices, 1, 'indices');
    const reduction = reductionAttribute(op, a, data);
    const r = data.rank;
    const k = indices.shape[indices.rank - 1];
    if (k > r)
      fail(op, 'index_depth', `indices.shape[-1] must be <= rank(data) = ${r}; got ${k}`, {
        indicesShape: indices.shape,
      });
    const expected = ndShape(data.shape, indices.shape);
    if (!sameShape(updates.shape, expected))
      fail(
        op,
        'updates_shape',
        `shape(updates) must be indices.shape[:-1] ++ data.shape[k:] = ${fmt(expected)}; got ${fmt(updates.shape)}`,
        { updatesShape: updates.shape, expected },
      );
    const policy = scatterPolicy(op, reduction, duplicates);
    const nan = sliceNaN(data.dtype, reduction, data.shape.slice(k));
    const placed = nan ? { ...policy, float_nan: nan } : policy;
    return ndScatter(meta, data, indices, updates, REDUCER[reduction], placed);
  },
);

/**
 * The NaN operand order of an `add` / `mul` reduction where both operands are NaN (the spec
 * leaves the bits open), as onnxruntime 1.30's CPU kernel returns it — measured per slice length
 * L (the data dims past the index depth; test/onnx-differential.test.ts feeds such NaNs): its
 * loop over a slice runs two elements a step on float32 (add and mul, L ≥ 2) and on float64 mul
 * (L ≥ 3), whose body returns the update's NaN (places p < L − L mod 2) and whose scalar rest
 * returns the element's; float64 add, and a slice of one element, the element's everywhere (the
 * core's default). Other dtypes have no such kernel there (no float16 reduction).
 */
function sliceNaN(dtype: DType, reduction: string, slice: readonly number[]): FloatNaN | undefined {
  const L = slice.reduce((a, b) => a * b, 1);
  const paired = dtype === 'float32' ? L >= 2 : dtype === 'float64' && reduction === 'mul' && L >= 3;
  if ((reduction !== 'add' && reduction !== 'mul') || !paired) return undefined;
  const body = L - (L % 2);
  if (body === L) return 'update_first';
  return {
    row: L,
    bands: [
      [body, 'update_first'],
      [L, 'self_first'],
    ],
  };
}

/**
 * ONNX `ScatterND`: `out[indices[i]] = updates[i]` (or combined by `reduction`).
 *
 * @example
 * onnx.ScatterND(tensor([1, 2, 3, 4], 'float32'), tensor([[1n], [3n]], 'int64'), tensor([9, 10], 'float32'))
 * // → [1, 9, 3, 10]
 */
export const ScatterND = runs(lowerScatterND);
