/**
 * MXNet 1.x scatter_nd(data, indices, shape): the inverse of gather_nd, onto zeros(shape).
 *
 *   out[indices[0, y..], ..., indices[M-1, y..], x_M..] = data[y_0..y_{K-1}, x_M..]
 *   data.shape == indices.shape[1:] + shape[M:]; M ≤ rank(shape), M ≤ 10, rank(indices) ≥ 2
 *
 * MXNet checks no index and leaves duplicates non-deterministic; see policy.ts for what we do.
 */
import { fail } from '../../core/validate.js';
import { fmt } from '../../errors.js';
import { type Tensor, sameShape, zeros } from '../../tensor/tensor.js';
import { integers, outArg } from '../args.js';
import { runs } from '../checks.js';
import { ndScatter } from '../families.js';
import {
  MX_POLICY,
  type MxScatterNdPolicy,
  checkIndexVectors,
  integerIndices,
  openArgs,
  pickPolicy,
} from './policy.js';
import type { LoweredScatter } from '../lowered.js';

/**
 * Lowers scatter_nd. Rules: `mxnet.scatter_nd.data` / `.indices` (Tensors), `.options`,
 * `.shape`, `.indices_rank` (≥ 2), `.index_depth` (M ≤ rank(shape)), `.max_dims` (M ≤ 10),
 * `.data_shape`, `.indices_dtype`, `.index_value`, `.out_of_bounds`, `.duplicates` (policy
 * names), `.index_out_of_bounds`, `.duplicate_indices`.
 */
function lowerScatterNd(
  data: Tensor,
  indices: Tensor,
  shape: readonly number[],
  policy?: MxScatterNdPolicy | null,
): LoweredScatter<'mxnet.scatter_nd'> {
  const op = 'mxnet.scatter_nd';
  const keys = ['out_of_bounds', 'duplicates', 'out'];
  const { x, i, opts } = openArgs(op, ['data', data], ['indices', indices], policy, keys);
  const mode = pickPolicy(op, 'out_of_bounds', MX_POLICY.scatter_nd.out_of_bounds, opts.out_of_bounds);
  const duplicates = pickPolicy(op, 'duplicates', MX_POLICY.scatter_nd.duplicates, opts.duplicates);
  const out = outArg(op, opts.out);
  const dims = integers(op, 'shape', shape);
  if (dims.some((d) => d < 0))
    fail(`${op}.shape`, `${op}: shape must be non-negative; got ${fmt(dims)}`, { shape: dims });
  const M = checkIndexVectors(op, i, dims.length, 'output');
  const expected = [...i.shape.slice(1), ...dims.slice(M)];
  if (!sameShape(x.shape, expected))
    fail(
      `${op}.data_shape`,
      `${op}: data.shape must be indices.shape[1:] + shape[M:] = ${fmt(expected)}; got ${fmt(x.shape)}`,
      { expected, data_shape: x.shape },
    );
  const target = zeros(dims, x.dtype);
  const idx = integerIndices(op, i, 'trunc');
  const rule = {
    mode,
    duplicates,
    negative_indices: 'out_of_bounds',
    oob_code: `${op}.index_out_of_bounds`,
    duplicate_code: `${op}.duplicate_indices`,
  } as const;
  return ndScatter({ op, out }, target, idx, x, 'replace', rule, { vector: 'first' });
}

/**
 * mxnet.scatter_nd: zeros(shape) with `data` written at the index vectors along the FIRST dim of
 * `indices`.
 *
 * @example
 * mxnet.scatter_nd(tensor([2, 3, 0]), tensor([[1, 1, 0], [0, 1, 0]]), [2, 2]).toArray(); // [[0, 0], [2, 3]]
 */
export const scatter_nd = runs(lowerScatterNd);

/** The lowering, by op name (`mxnet.lower`). */
export const lower = { scatter_nd: lowerScatterNd } as const;
