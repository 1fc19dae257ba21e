/**
 * tf.gather and tf.gather_nd.
 *
 * tf.gather(params, indices, axis, batch_dims), with b = batch_dims and a = axis:
 *   out[p_0..p_{a-1}, i_b..i_{q-1}, p_{a+1}..] = params[p_0..p_{a-1}, indices[p_0..p_{b-1}, i_b..i_{q-1}], p_{a+1}..]
 *   shape: params.shape[:a] + indices.shape[b:] + params.shape[a+1:]
 *
 * tf.gather_nd(params, indices, batch_dims), with k = indices.shape[-1]:
 *   out[i_0..i_{q-2}, x..] = params[i_0..i_{b-1}, indices[i_0..i_{q-2}, 0..k-1], x..]
 *   shape: indices.shape[:-1] + params.shape[b+k:]
 */
import type { GatherCall } from '../../core/call.js';
import { fail } from '../../core/validate.js';
import { fmt } from '../../errors.js';
import { Builder } from '../../ir/builder.js';
import { type ProgramCall, gatherOp, mainFunc, typeOf } from '../../ir/lowered.js';
import { is64Bit } from '../../tensor/dtype.js';
import type { Tensor } from '../../tensor/tensor.js';
import { flag, integer, normalizeAxis, options, tensorArg } from '../args.js';
import { runs } from '../checks.js';
import { ndGather, takeGather } from '../families.js';
import {
  type TfPolicyOptions,
  checkIndexDType,
  gatherPolicy,
  scalarWording,
  uncheckedGatherPolicy,
  vectorWording,
} from './policy.js';
import type { LoweredGather } from '../lowered.js';

/** Keyword arguments of tf.gather. */
export interface TfGatherArgs {
  /** Axis of params to gather from; default batch_dims (the first non-batch dim); negative counts from the end. */
  readonly axis?: number | null;
  /** Leading dims shared by params and indices; negative counts from rank(indices). Default 0. */
  readonly batch_dims?: number;
  /** Deprecated in TF and ignored there ("does nothing"); accepted as a boolean or null. */
  readonly validate_indices?: boolean | null;
  /** The op's name in a TF graph; no effect here (a string). */
  readonly name?: string;
}

/** Keyword arguments of tf.gather_nd. */
export interface TfGatherNdArgs {
  /** Leading dims shared by params and indices (≥ 0). Default 0. */
  readonly batch_dims?: number;
  /** The op's name in a TF graph; no effect here (a string). */
  readonly name?: string;
}

/** Both gathers' opening: Tensors, strict keyword arguments (TF's no-op `name` and `validate_indices` too), policy, index dtype. */
function openGather<T extends object>(
  op: 'tensorflow.gather' | 'tensorflow.gather_nd',
  params: Tensor,
  indices: Tensor,
  args: T | null,
  keys: readonly string[],
  opts: TfPolicyOptions | null,
) {
  const x = tensorArg(op, 'params', params);
  const i = tensorArg(op, 'indices', indices);
  const kw = options(op, args, keys, 'options', 'keyword arguments') as Record<string, unknown>;
  if (kw.name !== undefined && typeof kw.name !== 'string')
    fail(`${op}.name`, `${op}: name must be a string; got ${fmt(kw.name)}`, { name: kw.name });
  if (kw.validate_indices !== undefined && kw.validate_indices !== null)
    flag(op, 'validate_indices', kw.validate_indices, true);
  const { policy, device, out } = gatherPolicy(op, opts);
  checkIndexDType(op, i);
  return { x, i, kw: kw as Partial<T>, policy, device, out };
}

/** `params.shape[:b] == indices.shape[:b]` (`<op>.batch_shape`). */
function checkBatchShape(op: string, params: Tensor, indices: Tensor, b: number): void {
  for (let i = 0; i < b; i++) {
    const [p, q] = [params.shape[i], indices.shape[i]];
    if (p === q) continue;
    // tf.gather's words are GatherOp's; gather_nd's batch_gather_nd has no check of its own.
    const message =
      op === 'tensorflow.gather'
        ? `${op}: params.shape[${i}]: ${p} should be equal to indices.shape[${i}]: ${q}`
        : `${op}: params.shape[${i}] must equal indices.shape[${i}] for batch_dims = ${b}; got ${p} and ${q}`;
    fail(`${op}.batch_shape`, message, { params_shape: params.shape, indices_shape: indices.shape });
  }
}

/**
 * tf2xla's XlaGather (tensorflow/compiler/tf2xla/kernels/gather_op.cc, read at 05c8cf7c): when
 * there is an index (vector) and one of the dims it addresses, params.shape[axis + i] for i < depth,
 * has size 0, it emits a broadcast 0 of params.shape without `axis` — whatever the indices' shape,
 * so not TF's shape rule (its own test, compiler/tests/gather_nd_op_test.py, expects
 * `gather_nd(float32[0, 3], [[0, 0]])` to be zeros of shape [3]). Older tf2xla (5dcc87d0) raised
 * "Gather dimension … is of size zero" instead. Lowered as tf2xla emits it: a program whose one op
 * broadcasts a 0 to that shape (it reads neither params nor indices).
 */
function xlaZeroGather(op: string, params: Tensor, indices: Tensor, axis: number, out?: Tensor): ProgramCall {
  const args = [params, indices];
  const b = new Builder(args.map(typeOf));
  const shape = params.shape.filter((_, d) => d !== axis);
  const zero = b.splat(is64Bit(params.dtype) ? 0n : 0, params.dtype, shape);
  const argNames = ['params', 'indices'];
  const main = mainFunc(b.types.slice(0, 2), b.ops, [zero], argNames);
  return { kind: 'program', op, module: { funcs: [main], entry: 'main' }, args, argNames, out };
}

/**
 * tf2xla's gather with batch_dims > 0 is xla::TorchIndexSelect (xla/client/lib/slicing.cc), which
 * converts 64-bit indices to U32 when the gathered dim is shorter than 2^32 - 1: a negative int64
 * index becomes a huge unsigned one and the gather clamps it to the last slice (an int32 one clamps
 * to the first), and one of 2^32 or more wraps mod 2^32. Lowered as XLA runs it: a convert to
 * ui32, then the clamping gather.
 */
function u32IndexGather(call: GatherCall, out?: Tensor): ProgramCall {
  const args = [call.operand, call.start_indices];
  const b = new Builder(args.map(typeOf));
  const u32 = { shape: [...call.start_indices.shape], dtype: 'uint32' as const };
  const indices = b.one({ kind: 'convert', operands: [1], results: [u32] });
  const result = b.one(gatherOp(call, 0, indices));
  const argNames = ['params', 'indices'];
  const main = mainFunc(b.types.slice(0, 2), b.ops, [result], argNames);
  return { kind: 'program', op: call.op, module: { funcs: [main], entry: 'main' }, args, argNames, out };
}

/** Whether tf2xla's XlaGather takes its zero-size case (above): an index into a size-0 dim in axis..axis+depth-1. */
const xlaZeroCase = (x: Tensor, axis: number, depth: number, indexCount: number) =>
  indexCount > 0 && x.shape.slice(axis, axis + depth).includes(0);

/**
 * Lowers tf.gather. Rules (`tensorflow.gather.<rule>`): params / indices (Tensors), options
 * (known keyword arguments and options only), indices_dtype (int16/int32/int64), params_rank
 * (≥ 1), axis (in [-rank(params), rank(params))), batch_dims (in [-rank(indices), rank(indices)],
 * < rank(params) and ≤ axis), batch_shape (params.shape[:b] == indices.shape[:b]), device, bad_indices_policy,
 * index_out_of_bounds (cpu device; only when the result has elements), out. xla with
 * batch_dims = 0: an index into a size-0 axis gives tf2xla's zeros (xlaZeroGather).
 */
function lowerGather(
  params: Tensor,
  indices: Tensor,
  args: TfGatherArgs | null = {},
  opts: TfPolicyOptions | null = {},
): LoweredGather<'tensorflow.gather'> | ProgramCall {
  const op = 'tensorflow.gather';
  const keys = ['axis', 'batch_dims', 'validate_indices', 'name'];
  const { x, i, kw, policy, device, out } = openGather(op, params, indices, args, keys, opts);
  const r = x.rank;
  const q = i.rank;
  // GatherV2's kernel checks params, then axis, then batch_dims; under xla the graph's shape
  // function refuses a scalar params first, in its words.
  if (r < 1 && device !== 'xla')
    fail(`${op}.params_rank`, `${op}: params must be at least 1 dimensional`, { params_shape: x.shape });
  if (r < 1)
    fail(`${op}.params_rank`, `${op}: Shape must be at least rank 1 but is rank 0`, {
      params_shape: x.shape,
    });
  const b0 = integer(op, 'batch_dims', kw.batch_dims, 0);
  // Python tf.gather: `if axis is None: axis = batch_dims`, before either is normalized.
  const a0 = kw.axis === undefined || kw.axis === null ? b0 : integer(op, 'axis', kw.axis);
  // The words are the kernel's (GatherOp::Compute; tf2xla's XlaGatherWithBatchDimsOpImpl alike).
  const a = normalizeAxis(op, a0, r, {
    message: () => `${op}: Shape must be at least rank ${a0 < 0 ? -a0 : a0 + 1} but is rank ${r}`,
  });
  if (b0 < -q || b0 > q)
    fail(`${op}.batch_dims`, `${op}: Expected batch_dims in the range [${-q}, ${q}], but got ${b0}`, {
      batch_dims: b0,
    });
  const b = b0 < 0 ? b0 + q : b0;
  if (b >= r)
    fail(`${op}.batch_dims`, `${op}: batch_dims (${b}) must be less than rank(params) (${r}).`, {
      batch_dims: b,
    });
  if (b > a)
    fail(`${op}.batch_dims`, `${op}: batch_dims (${b}) must be less than or equal to axis (${a}).`, {
      batch_dims: b,
      axis: a,
    });
  checkBatchShape(op, x, i, b);
  // XlaGather serves batch_dims = 0 only; batch_dims > 0 is xla::TorchIndexSelect (no such case).
  if (device === 'xla' && b === 0 && xlaZeroCase(x, a, 1, i.size)) return xlaZeroGather(op, x, i, a, out);
  // GatherOp returns before it reads an index when the result is empty (no index, or a zero-size
  // dim of params other than axis): no bounds check then, on any device (TF's gather_op.cc).
  const empty = i.size === 0 || x.shape.some((d, k) => d === 0 && k !== a);
  const checked = empty ? uncheckedGatherPolicy(op) : policy;
  const call = takeGather({ op, out, wording: scalarWording }, x, i, a, checked, b);
  const torchIndexSelect = device === 'xla' && b > 0 && i.dtype === 'int64' && x.shape[a] < 0xffffffff;
  return torchIndexSelect ? u32IndexGather(call, out) : call;
}

/**
 * GatherNd's first checks (DoGatherNd; tf2xla's GatherNdOp::Compile alike): params and indices
 * at least vectors (`<op>.params_rank`, `<op>.indices_rank`).
 */
function vectorRanks(op: string, x: Tensor, i: Tensor): void {
  if (x.rank < 1)
    fail(`${op}.params_rank`, `${op}: params must be at least a vector`, {
      params_shape: x.shape,
    });
  if (i.rank < 1)
    fail(`${op}.indices_rank`, `${op}: indices must be at least a vector`, {
      indices_shape: i.shape,
    });
}

/**
 * DoGatherNd (CPU and GPU) with index vectors to read: params holding elements
 * (`<op>.empty_params`), and an index depth its kernels exist for, 0 to 7 (`<op>.index_depth`;
 * `depth` counts batch_gather_nd's batch columns).
 */
function kernelDepth(op: string, x: Tensor, depth: number): void {
  if (x.size === 0)
    fail(
      `${op}.empty_params`,
      `${op}: Requested more than 0 entries, but params is empty.  Params shape: [${x.shape.join(',')}]`,
      { params_shape: x.shape },
    );
  if (depth > 7)
    fail(
      `${op}.index_depth`,
      `${op}: Only indices.shape[-1] values between 1 and 7 are currently supported.  Requested rank: ${depth}`,
      { index_depth: depth },
    );
}

/**
 * Lowers tf.gather_nd. Rules (`tensorflow.gather_nd.<rule>`): params / indices (Tensors), options,
 * indices_dtype, params_rank (rank ≥ 1), indices_rank (rank ≥ 1), batch_dims (0 ≤ b <
 * rank(indices), b < rank(params)), batch_shape, index_depth (b + k ≤ rank(params); cpu and gpu
 * with an index vector to read: b + k ≤ 7), empty_params (an index vector into params without
 * elements; cpu and gpu — xla with batch_dims = 0 gives tf2xla's zeros, xlaZeroGather),
 * index_out_of_bounds (cpu device), out.
 */
function lowerGatherNd(
  params: Tensor,
  indices: Tensor,
  args: TfGatherNdArgs | null = {},
  opts: TfPolicyOptions | null = {},
): LoweredGather<'tensorflow.gather_nd'> | ProgramCall {
  const op = 'tensorflow.gather_nd';
  const keys = ['batch_dims', 'name'];
  const { x, i, kw, policy, device, out } = openGather(op, params, indices, args, keys, opts);
  const r = x.rank;
  const q = i.rank;
  const b = integer(op, 'batch_dims', kw.batch_dims, 0);
  if (b === 0) vectorRanks(op, x, i);
  // batch_dims > 0 is Python's batch_gather_nd: its ValueErrors, then one GatherNd of depth b + k.
  else if (b < 0 || b >= q || b >= r)
    fail(
      `${op}.batch_dims`,
      `${op}: batch_dims must be in [0, ${Math.min(q, r) - 1}] (rank(indices) = ${q}, rank(params) = ${r}); got ${b}`,
      { batch_dims: b },
    );
  checkBatchShape(op, x, i, b);
  const k = i.shape[q - 1];
  if (b + k > r)
    fail(
      `${op}.index_depth`,
      `${op}: index innermost dimension length must be <= params rank; saw: ${b + k} vs. ${r}`,
      { index_depth: k },
    );
  // The kernel (DoGatherNd, CPU and GPU) refuses any index vector into params without elements,
  // in bounds or not, before it reads one. tf2xla has no such check: zeros when an index vector
  // addresses a size-0 dim (xlaZeroGather), else its gather, empty when params is.
  const vectors = i.shape.slice(0, -1).reduce((n, d) => n * d, 1);
  if (device === 'xla' && b === 0 && xlaZeroCase(x, 0, k, vectors)) return xlaZeroGather(op, x, i, 0, out);
  if (device !== 'xla' && vectors > 0) kernelDepth(op, x, b + k);
  const wording = vectorWording(i, 'param shape', x.shape, b);
  return ndGather({ op, out, wording }, x, i, policy, { batchDims: b });
}

/**
 * tf.gather: slices of `params` along `axis` picked by `indices`, with leading batch dims.
 *
 * @example
 * tf.gather(tensor([[0, 0, 1, 0, 2], [3, 0, 0, 0, 4], [0, 5, 0, 6, 0]]), tensor([[2, 4], [0, 4], [1, 3]]),
 *   { axis: 1, batch_dims: 1 }).toArray(); // [[1, 2], [3, 4], [5, 6]]
 */
export const gather = runs(lowerGather);

/**
 * tf.gather_nd: slices of `params` addressed by index vectors in the last dim of `indices`.
 *
 * @example
 * tf.gather_nd(tensor([[1, 2], [3, 4]]), tensor([[0, 0], [1, 1]])).toArray(); // [1, 4]
 */
export const gather_nd = runs(lowerGatherNd);

/** The lowerings, by op name (`tensorflow.lower`). */
export const lower = { gather: lowerGather, gather_nd: lowerGatherNd } as const;
