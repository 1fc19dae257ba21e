/**
 * Caffe2 `Gather` and `BatchGather` (pytorch/pytorch caffe2/operators/gather_op.h,
 * batch_gather_ops.*): both run `gather_helper::gather_impl`, a take along `axis` with an
 * optional `match_outer` batch prefix:
 *
 *   out[a..., i..., b...] = data[a..., idx[i...], b...]
 *   match_outer: out[a..., i..., b...] = data[a..., idx[a..., i...], b...]
 *
 * Shape: data[:axis] + indices + data[axis+1:] (match_outer: indices[axis:] replaces indices),
 * and = data.shape when data.shape[axis] is 0 (the empty-batch rule of PR 13781). Caffe2 returns
 * an empty output before reading (or checking) any index and before its match_outer enforces, so
 * an empty output gathers no index and checks no match_outer rule.
 *
 * Rules (caffe2.<Op>.…): DATA, INDICES (Tensors), options, out, dtype (no complex DATA),
 * indices_dtype, data_rank (Gather ≥ 1, BatchGather ≥ 2), axis, wrap_indices, match_outer,
 * indices (an out-of-range index: Caffe2's CAFFE_ENFORCE wording).
 */
import type { GatherCall, Wording } from '../../core/call.js';
import { sameShape } from '../../core/gather.js';
import { fail } from '../../core/validate.js';
import { fmt } from '../../errors.js';
import type { DType } from '../../tensor/dtype.js';
import { type Tensor, zeros } from '../../tensor/tensor.js';
import { checkIndexDType, flag, normalizeAxis, options, outArg, tensorArg } from '../args.js';
import { checkRealDType, runs } from '../checks.js';
import { takeGather, takeShape } from '../families.js';
import { DIA, type FrameworkDescription, G, type Signatures } from '../signature.js';
import type { LoweredGather } from '../lowered.js';

const INDEX_DTYPES: readonly DType[] = ['int32', 'int64'];
const checkIndicesDType = (op: string, i: Tensor) =>
  checkIndexDType(op, i, INDEX_DTYPES, 'indices_dtype', 'INDICES must be int32 or int64');

/** Gather's arguments (Caffe2 names). */
export interface Caffe2GatherArgs {
  /** Axis of DATA to index; negative counts from the back (ONNX style, [-r, r-1]). Default 0. */
  readonly axis?: number;
  /** Negative indices count from the end once. Default: true iff the *given* axis is 0. */
  readonly wrap_indices?: boolean;
  /** INDICES share DATA's dims before `axis` (a batch prefix, like batch_dims = axis). */
  readonly match_outer?: boolean;
  /** The output blob: written in place (shape and dtype of the result). */
  readonly out?: Tensor;
}

/** BatchGather's arguments. */
export interface Caffe2BatchGatherArgs {
  /** INDICES share DATA's first dim (a batch prefix, like batch_dims = 1). Default false. */
  readonly match_outer?: boolean;
  /** The output blob: written in place (shape and dtype of the result). */
  readonly out?: Tensor;
}

/**
 * The policy table: CAFFE_ENFORCE on any index outside the axis; negative indices wrap once
 * only under `wrap_indices`, whose default depends on the raw axis argument (kept for ONNX
 * conversion code, per the source comment). BatchGather never wraps.
 */
export const CAFFE2_POLICY = {
  /** An index outside the axis fails a CAFFE_ENFORCE: an error. */
  mode: 'error',
  /** `wrap_indices` when the argument is absent: Gather wraps iff the given axis is 0; BatchGather never. */
  wrap_indices: { Gather: (axisArg: number) => axisArg === 0, BatchGather: () => false },
  /** Negative indices with and without `wrap_indices`. */
  negative_indices: {
    /** Counted from the end once. */
    wrap: 'from_end',
    /** Out of range. */
    no_wrap: 'out_of_bounds',
  },
} as const;

/** Each op's keyword keys and the axis it gathers along (Gather: `axis`, default 0; BatchGather: 1). */
const OPS = {
  Gather: { keys: ['axis', 'wrap_indices', 'match_outer', 'out'], axis: 0 },
  BatchGather: { keys: ['match_outer', 'out'], axis: 1 },
} as const;

/** Caffe2's CAFFE_ENFORCE wording; `id` is the index after a `wrap_indices` adjustment. */
const wording =
  (wrap: boolean): Wording =>
  ({ value, size }) =>
    `INDICES element is out of DATA bounds, id=${wrap && value < 0n ? value + BigInt(size) : value} axis_dim=${size}`;

/** gather_impl with `name`'s arguments: the rules, then one take along `axis`. */
function lowerOp(
  name: 'Gather' | 'BatchGather',
  data: Tensor,
  indices: Tensor,
  args: Partial<Caffe2GatherArgs> | null | undefined,
): GatherCall {
  const op = `caffe2.${name}`;
  const x = tensorArg(op, 'DATA', data);
  const i = tensorArg(op, 'INDICES', indices);
  const o = options(op, args, OPS[name].keys);
  if (name === 'BatchGather' && x.rank < 2)
    fail(`${op}.data_rank`, `${op}: DATA should be at least 2-D; got rank ${x.rank}`);
  const out = outArg(op, o.out);
  // caffe2.proto's TensorProto.DataType (FLOAT, INT32, BYTE, STRING, BOOL, UINT8, INT8, UINT16,
  // INT16, INT64, FLOAT16, DOUBLE) has no complex type: a complex DATA blob does not exist there.
  checkRealDType(op, 'DATA', x, 'Caffe2 tensors have no complex type');
  checkIndicesDType(op, i);
  const r = x.rank;
  if (r < 1) fail(`${op}.data_rank`, `${op}: DATA must have rank >= 1; got ${r}`);
  const axisArg = o.axis === undefined ? OPS[name].axis : o.axis;
  const axis = normalizeAxis(op, axisArg, r);
  const wrap = flag(op, 'wrap_indices', o.wrap_indices, CAFFE2_POLICY.wrap_indices[name](axisArg));
  const matchOuter = flag(op, 'match_outer', o.match_outer, false);
  const outerDims = () =>
    fail(
      `${op}.match_outer`,
      `${op}: INDICES must have the same outer dims as DATA (before dim ${axis}); got ${fmt(i.shape)} and ${fmt(x.shape)}`,
    );
  const b = matchOuter ? axis : 0;
  // gather_impl sizes the output first (data.shape when dim `axis` is empty; Caffe2 reads
  // indices.dims()[axis:] past their end when INDICES has fewer than `axis` dims, so that is
  // refused here) and returns on an empty output *before* its match_outer CAFFE_ENFORCEs.
  let outShape: number[];
  if (x.shape[axis] === 0) outShape = [...x.shape];
  else {
    if (matchOuter && i.rank < axis) outerDims();
    outShape = takeShape(x.shape, i.shape, axis, b);
  }
  const empty = outShape.includes(0);
  if (matchOuter && !empty) {
    if (axis < 1) fail(`${op}.match_outer`, `${op}: match_outer needs axis >= 1; got ${axis}`);
    if (!sameShape(i.shape.slice(0, axis), x.shape.slice(0, axis))) outerDims();
  }
  const meta = { op, out, wording: wording(wrap), ...(empty ? { reshape: outShape } : {}) };
  const negative_indices = CAFFE2_POLICY.negative_indices[wrap ? 'wrap' : 'no_wrap'];
  const policy = { mode: CAFFE2_POLICY.mode, negative_indices, oob_code: `${op}.index_out_of_bounds` };
  return takeGather(meta, x, empty ? zeros([0], i.dtype) : i, axis, policy, empty ? 0 : b);
}

/** The lowerings, by op name (`caffe2.lower`). */
export const lower = {
  /** Lowers `Gather(DATA, INDICES)` with `axis`, `wrap_indices`, `match_outer`, and `out` (the output blob). */
  Gather: (data: Tensor, indices: Tensor, args?: Caffe2GatherArgs | null): LoweredGather<'caffe2.Gather'> =>
    lowerOp('Gather', data, indices, args),
  /** Lowers `BatchGather(DATA, INDICES)`: Gather on axis 1 without wrapping. */
  BatchGather: (
    data: Tensor,
    indices: Tensor,
    args?: Caffe2BatchGatherArgs | null,
  ): LoweredGather<'caffe2.BatchGather'> => lowerOp('BatchGather', data, indices, args),
} as const;

/**
 * Caffe2 `Gather`.
 * @example caffe2.Gather(tensor([[1, 1.2], [2.3, 3.4], [4.5, 5.7]], 'float32'), tensor([[0, 1], [1, 2]], 'int32'))
 *   // [[[1, 1.2], [2.3, 3.4]], [[2.3, 3.4], [4.5, 5.7]]]
 */
export const Gather = runs(lower.Gather);
/**
 * Caffe2 `BatchGather`.
 * @example caffe2.BatchGather(tensor([[1, 1.2, 2.4, 4.5], [2.3, 3.4, 3.6, 2.3]], 'float32'), tensor([0, 2], 'int32'))
 *   // [[1, 2.4], [2.3, 3.6]]
 */
export const BatchGather = runs(lower.BatchGather);

/**
 * Caffe2's names: the operator schema's input and output blobs (`DATA`, `INDICES` → `OUTPUT`).
 *
 * @internal
 */
export const DESCRIPTION: FrameworkDescription = {
  words: { operand: 'DATA', indices: 'INDICES', updates: 'UPDATES', result: 'OUTPUT', target: 'OUTPUT' },
  notation: 'tuple',
};

/**
 * How each Caffe2 op is called.
 *
 * @internal
 */
export const SIGNATURES: Signatures = {
  Gather: G('take', DIA, { example: { axis: 0 } }),
  BatchGather: G('batch_take', DIA, { example: {} }),
};
