/**
 * Reverse and forward mode for any lowered call (`<ns>.lower.<Op>(...)`), computed from the call:
 *
 *   gather   y = G(x, i):      x̄ = scatter-add(zeros, i, ȳ) with the same dimension numbers
 *            (clip / promise_in_bounds → clip at the clamped starts, fill → drop, wrap → wrap);
 *            ẏ = G(ẋ, i) with fill value 0.
 *   scatter  y = S(x, i, u):   x̄ = ȳ · ∂y/∂x,  ū[k] = ȳ[T[k]] · ∂y/∂u[k] (0 where T[k] = -1),
 *            ẏ = ẋ · ∂y/∂x + scatter-add over T of u̇ · ∂y/∂u — see rules.ts for ∂y/∂x, ∂y/∂u, T.
 *
 * The transposed calls (scatter-add, gathers over T) run through `execute`, the path every
 * forward call takes. Cotangents come back under the framework's own argument names (PyTorch
 * `input` / `src` / `source` / `values`, ONNX `data` / `updates`, …); indices are never
 * differentiable. Rules: autodiff.dtype (integer or bool tensors have no gradient),
 * autodiff.cotangent (a cotangent of the wrong shape or dtype), autodiff.tangent,
 * autodiff.custom_computation, autodiff.variadic, autodiff.reducer.
 */
import { checkCall, checkNamedTensors } from '../core/check-call.js';
import { singleOp } from '../ir/surface.js';
import type { ProgramCall } from '../ir/lowered.js';
import { type CoreCall, type GatherCall, execute } from '../core/call.js';
import { mappedGatherShape } from '../core/gather.js';
import type { GatherMode, ScatterDimensionNumbers, ScatterMode } from '../core/types.js';
import { GATHER_DIMENSION_FIELDS, SCATTER_DIMENSION_FIELDS } from '../core/types.js';
import { DTypeError, InvalidArgumentError, fmt } from '../errors.js';
import { isFloat } from '../tensor/dtype.js';
import { Tensor, tensor, zeros } from '../tensor/tensor.js';
import {
  type GradientPolicy,
  JAX_RULES,
  NotDifferentiableError,
  TORCH_RULES,
  refuseVariadic,
  scatterCoefficients,
  values,
} from './rules.js';
import type { FrameworkName, NAMESPACES } from '../frameworks/index.js';
import type { OpName } from '../frameworks/op-names.js';
import type { LoweredOp } from '../frameworks/lowered.js';

/** The framework's names of a call's differentiable arguments. */
export interface ArgumentNames {
  /** Gather operand / scatter input; null when the framework starts from a constant (scatter_nd's zeros). */
  readonly operand: string | null;
  /** Scatter updates; null when the framework passes a constant (index_fill's value). */
  readonly updates: string | null;
}

const BY_FRAMEWORK = {
  torch: { operand: 'input', updates: 'src' },
  onnx: { operand: 'data', updates: 'updates' },
  webnn: { operand: 'input', updates: 'updates' },
  tensorflow: { operand: 'params', updates: 'updates' },
  numpy: { operand: 'a', updates: 'values' },
  jax: { operand: 'operand', updates: 'updates' },
  mxnet: { operand: 'data', updates: 'data' },
  caffe2: { operand: 'DATA', updates: 'UPDATES' },
  directml: { operand: 'InputTensor', updates: 'UpdatesTensor' },
  mlir: { operand: 'source', updates: 'source' },
} as const satisfies Readonly<Record<string, ArgumentNames>>;

/** TensorFlow's tensor_scatter_nd_* ops all name their arguments `tensor` and `updates`. */
const TF_TENSOR_SCATTER = { operand: 'tensor', updates: 'updates' } as const;

const BY_OP = {
  'torch.index_add': { operand: 'input', updates: 'source' },
  'torch.index_copy': { operand: 'input', updates: 'source' },
  'torch.index_fill': { operand: 'input', updates: null },
  'torch.index_put': { operand: 'input', updates: 'values' },
  'torch.masked_scatter': { operand: 'input', updates: 'source' },
  'tensorflow.tensor_scatter_nd_update': TF_TENSOR_SCATTER,
  'tensorflow.tensor_scatter_nd_add': TF_TENSOR_SCATTER,
  'tensorflow.tensor_scatter_nd_sub': TF_TENSOR_SCATTER,
  'tensorflow.tensor_scatter_nd_min': TF_TENSOR_SCATTER,
  'tensorflow.tensor_scatter_nd_max': TF_TENSOR_SCATTER,
  'mlir.tensor.scatter': { operand: 'dest', updates: 'source' },
  'mlir.tensor.gather': { operand: 'source', updates: null },
  'tensorflow.scatter_nd': { operand: null, updates: 'updates' },
  'mxnet.scatter_nd': { operand: null, updates: 'data' },
} as const satisfies Readonly<Record<string, ArgumentNames>>;

/** `onnx.GatherND-13` → `onnx.GatherND`: the name tables key an op without its schema version. */
const baseOp = (op: string) => op.replace(/-\d+$/, '');

/** The names a call's cotangents are returned under. */
export function argumentNames(call: CoreCall): ArgumentNames {
  const op = baseOp(call.op);
  if (Object.hasOwn(BY_OP, op)) return BY_OP[op as keyof typeof BY_OP];
  const fw = op.split('.')[0];
  if (Object.hasOwn(BY_FRAMEWORK, fw)) return BY_FRAMEWORK[fw as keyof typeof BY_FRAMEWORK];
  return call.kind === 'gather'
    ? { operand: 'operand', updates: null }
    : { operand: 'input', updates: 'updates' };
}

/**
 * The caller's own argument shapes, when the lowering reshaped a tensor (a flat op's data, MLIR's
 * rank-preserving updates): `operand_shape` / `updates_shape` on the call (CallMeta fields the
 * frontends set), else a scatter's final `reshape` for its input, else the core tensor's shape.
 */
export interface ArgumentShapes {
  /** The caller's operand (gather) or input (scatter) shape. */
  readonly operand: readonly number[];
  /** The caller's updates shape (scatters only). */
  readonly updates?: readonly number[];
}

const sizeOf = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);

export function argumentShapes(call: CoreCall): ArgumentShapes {
  const c = call as CoreCall & { operand_shape?: readonly number[]; updates_shape?: readonly number[] };
  const x = call.kind === 'gather' ? call.operand : call.inputs[0];
  const fits = (s: readonly number[] | undefined, n: number): s is readonly number[] =>
    Array.isArray(s) && s.every((d) => Number.isInteger(d) && d >= 0) && sizeOf(s) === n;
  const operand = fits(c.operand_shape, x.size)
    ? c.operand_shape
    : call.kind === 'scatter' && fits(call.reshape, x.size)
      ? call.reshape
      : x.shape;
  if (call.kind === 'gather') return { operand };
  const u = call.updates[0];
  return { operand, updates: fits(c.updates_shape, u.size) ? c.updates_shape : u.shape };
}

/** The framework's autograd choices (PyTorch's for `torch.*`, JAX's otherwise). */
export function gradientPolicy(call: CoreCall): GradientPolicy {
  return call.op.startsWith('torch.') ? TORCH_RULES : JAX_RULES;
}

const GATHER_TO_SCATTER: Record<GatherMode, ScatterMode> = {
  clip: 'clip',
  promise_in_bounds: 'clip', // the forward clamps (as XLA does), so the gradient lands at the clamped start
  fill: 'drop',
  error: 'error',
  wrap: 'wrap',
};

function checkFloat(call: CoreCall, t: Tensor, what: string): void {
  if (!isFloat(t.dtype)) {
    throw new DTypeError(
      'autodiff.dtype',
      `${call.op}: ${what} has dtype ${t.dtype}; only floating-point tensors are differentiable`,
      { dtype: t.dtype },
    );
  }
}

/** The core (not reshaped) result shape of a gather. */
function coreResultShape(call: GatherCall): readonly number[] {
  return mappedGatherShape(call.operand.shape, call.start_indices.shape, call.dimension_numbers, call.options)
    .resultShape;
}

function checkLike(call: CoreCall, t: Tensor, like: Tensor, code: string, what: string): void {
  if (!Tensor.isTensor(t) || t.dtype !== like.dtype || t.shape.join() !== like.shape.join()) {
    throw new InvalidArgumentError(
      code,
      `${call.op}: the ${what} must have dtype ${like.dtype} and shape ${fmt(like.shape)}; got ${t instanceof Tensor ? `${t.dtype} ${fmt(t.shape)}` : fmt(t)}`,
    );
  }
}

/**
 * The tangent given under `name` (`zero`, the argument's zeros, when none is), checked against
 * the argument's dtype and shape; `fallback` names it in the error when the framework has no name.
 */
function tangentOf(
  call: CoreCall,
  byName: Readonly<Record<string, Tensor>>,
  name: string | null,
  fallback: string,
  zero: Tensor,
): Tensor {
  const t = (name !== null ? byName[name] : undefined) ?? zero;
  checkLike(call, t, zero, 'autodiff.tangent', `tangent of ${name ?? fallback}`);
  return t;
}

/** The gather of `source` (flat) at positions `at` (-1 → 0): a core call. */
function gatherFlat(source: Tensor, at: Float64Array, shape: readonly number[]): Tensor {
  const big = source.size > 2147483647;
  const idx = tensor(big ? Array.from(at, (v) => BigInt(v)) : Array.from(at), big ? 'int64' : 'int32', [
    at.length,
  ]);
  return execute({
    kind: 'gather',
    op: 'autodiff.gather',
    operand: source.reshape([source.size]),
    start_indices: idx,
    dimension_numbers: {
      offset_dims: [],
      collapsed_slice_dims: [0],
      start_index_map: [0],
      index_vector_dim: 1,
      slice_sizes: [1],
    },
    options: {
      mode: 'fill',
      fill_value: 0,
      negative_indices: 'out_of_bounds',
      checked: false,
      zero_size_dims: 'out_of_bounds',
    },
  }).reshape(shape);
}

/** (g · num) / den element-wise, rounded once to `like`'s dtype. */
/** The chain rule through a lowering's pre-scaled updates (CoreCall.updates_scale). */
function chained(call: CoreCall, g: Float64Array): Float64Array {
  const s = call.updates_scale;
  if (s === undefined || s === 1) return g;
  const out = new Float64Array(g.length);
  for (let i = 0; i < g.length; i++) out[i] = g[i] * s;
  return out;
}

/**
 * Element i of `out` as x86 gives a NaN result of `(g · num) / den`: the first NaN operand in
 * that order, quieted, else the negative default NaN. JS's own product picked g's or num's NaN
 * by V8's tier (a commutative operand swap).
 */
function nanInto(out: Float64Array, i: number, operands: readonly Float64Array[]): void {
  const from = operands.find((a) => Number.isNaN(a[i]));
  const w = new Int32Array(out.buffer, out.byteOffset + 8 * i, 2);
  if (from === undefined) {
    w[0] = 0;
    w[1] = 0xfff80000 | 0;
    return;
  }
  w.set(new Int32Array(from.buffer, from.byteOffset + 8 * i, 2));
  w[1] |= 0x00080000;
}

function scale(g: Float64Array, num: Float64Array, den: Float64Array, like: Tensor): Tensor {
  const out = new Float64Array(g.length);
  for (let i = 0; i < g.length; i++) {
    out[i] = num[i] === 0 ? 0 : (g[i] * num[i]) / den[i];
    if (Number.isNaN(out[i])) nanInto(out, i, [g, num, den]);
  }
  // float32/float64 by typed-array copies: through a JS array a NaN's payload was canonicalised
  // on cold calls (V8's double arrays) and kept on warm ones.
  if (like.dtype === 'float64') return new Tensor('float64', like.shape, out);
  if (like.dtype === 'float32') return new Tensor('float32', like.shape, new Float32Array(out));
  return tensor(Array.from(out), like.dtype, like.shape);
}

/** The transpose of a gather: scatter-add of the cotangent with the same dimension numbers. */
function gatherTranspose(call: GatherCall, cot: Tensor): Tensor {
  // The spec's gather and scatter fields correspond in order (offset_dims ↔ update_window_dims,
  // …, index_vector_dim ↔ index_vector_dim): the scatter writes where the gather reads.
  const dn = call.dimension_numbers;
  const sdn = Object.fromEntries(
    GATHER_DIMENSION_FIELDS.map((f, i) => [SCATTER_DIMENSION_FIELDS[i], dn[f] ?? []]),
  ) as unknown as ScatterDimensionNumbers;
  return execute({
    kind: 'scatter',
    op: `${call.op} (transpose)`,
    inputs: [zeros(call.operand.shape, call.operand.dtype)],
    scatter_indices: call.start_indices,
    updates: [cot],
    dimension_numbers: sdn,
    update_computation: 'add',
    options: {
      mode: GATHER_TO_SCATTER[call.options.mode] ?? 'clip',
      negative_indices: call.options.negative_indices ?? 'out_of_bounds',
      duplicates: 'apply',
      include_self: true,
      checked: false,
      float_minmax: 'ieee',
    },
  });
}

/** The differentiable argument names in an `ArgumentNames` row (`null`: a constant, no gradient). */
type NamesIn<A> = A extends { readonly operand: infer O; readonly updates: infer U }
  ? Exclude<O | U, null>
  : never;
type GatherNameIn<A> = A extends { readonly operand: infer O } ? Exclude<O, null> : never;

/** A member of a namespace object by dotted path (`add.at` in `numpy.lower`). */
type At<T, P extends string> = P extends `${infer H}.${infer R}`
  ? H extends keyof T
    ? At<T[H], R>
    : never
  : P extends keyof T
    ? T[P]
    : never;

/** What `<framework>.lower.<op>` returns for an op name (`GatherCall`, `ScatterCall`, …). */
type LoweredOf<O extends OpName> = O extends `${infer F extends FrameworkName}.${infer P}`
  ? (typeof NAMESPACES)[F] extends { readonly lower: infer L }
    ? At<L, P> extends (...args: never[]) => infer R
      ? R
      : CoreCall
    : CoreCall
  : CoreCall;

/** The framework's argument-name row of an op (its own, else its framework's). */
type RowOf<O extends string, K extends 'gather' | 'scatter'> = O extends keyof typeof BY_OP
  ? (typeof BY_OP)[O]
  : O extends `${infer F}.${string}`
    ? F extends keyof typeof BY_FRAMEWORK
      ? (typeof BY_FRAMEWORK)[F]
      : K extends 'gather'
        ? { readonly operand: 'operand'; readonly updates: null }
        : { readonly operand: 'input'; readonly updates: 'updates' }
    : never;

/**
 * The names `vjp(call, op).backward()` returns its cotangents under: the operand's name for a
 * gather (`'input'` for `torch.gather`), the operand's and the updates' for a scatter
 * (`'input' | 'src'` for `torch.scatter_add`, `'tensor' | 'updates'` for
 * `tensorflow.tensor_scatter_nd_add`; `'updates'` alone for `tensorflow.scatter_nd`).
 */
export type GradientNames<O extends OpName> = [LoweredOf<O>] extends [GatherCall]
  ? GatherNameIn<RowOf<O, 'gather'>>
  : NamesIn<RowOf<O, 'scatter'>>;

/**
 * The names `vjp(call).backward()` returns its cotangents under when the call's type names its
 * op (every `<framework>.lower.<op>` returns such a call): `'data'` for
 * `onnx.lower.GatherND(…)`, `'input' | 'src'` for `torch.lower.scatter_add(…)`; `string` for a
 * call whose type names no op (a hand-built `CoreCall`, a `ProgramCall`).
 */
export type CallGradientNames<C> = [LoweredOp<C>] extends [never]
  ? string
  : Extract<
      C extends GatherCall
        ? GatherNameIn<RowOf<LoweredOp<C>, 'gather'>>
        : NamesIn<RowOf<LoweredOp<C>, 'scatter'>>,
      string
    >;

/** What `vjp` returns: the call's value and its pullback. */
export interface VjpResult<N extends string = string> {
  /** The call's result (as `execute(call)` returns it). */
  readonly value: Tensor;
  /** The cotangents of the differentiable arguments, by the framework's names, for a cotangent of `value`. */
  backward(cotangent: Tensor): { readonly [K in N]: Tensor };
}

/**
 * A lowering that broadcast the caller's operand (masked_select / masked_scatter with a mask of
 * a larger shape) leaves `operand_shape` with fewer elements than the operand: its gradient would
 * need a sum over the broadcast dims, which this module does not do (autodiff.broadcast).
 */
function checkBroadcast(call: CoreCall): void {
  const s = (call as { operand_shape?: readonly number[] }).operand_shape;
  const x = call.kind === 'gather' ? call.operand : call.inputs[0];
  if (s === undefined || s.reduce((a, b) => a * b, 1) === x.size) return;
  throw new InvalidArgumentError(
    'autodiff.broadcast',
    `${call.op}: the operand of shape ${fmt(s)} was broadcast to ${fmt(x.shape)}; its gradient would need a sum over the broadcast dims, which autodiff does not do`,
    { operand_shape: s, shape: x.shape },
  );
}

/**
 * Reverse mode of a lowered call: its value and a pullback (see the file comment for the rules).
 * `backward()`'s result is typed by the framework's argument names: from the call's type
 * (`vjp(torch.lower.scatter_add(…)).backward(ȳ)` is `{ input, src }`), or from the op named
 * as the second argument (`vjp(call, 'torch.scatter_add')`), which is checked against the call
 * (`autodiff.op`).
 */
export function vjp<O extends OpName>(lowered: CoreCall | ProgramCall, op: O): VjpResult<GradientNames<O>>;
export function vjp<C extends CoreCall | ProgramCall>(lowered: C): VjpResult<CallGradientNames<C>>;
export function vjp(lowered: CoreCall | ProgramCall, op?: OpName): VjpResult {
  checkCall(lowered, 'vjp');
  const call = singleOp(lowered, 'autodiff.program', {
    runs: ['scale_updates', 'circular_indices', 'nonzero', 'index_tuple'],
    error: NotDifferentiableError,
  });
  if (op !== undefined && baseOp(call.op) !== op)
    throw new InvalidArgumentError('autodiff.op', `vjp: the call is ${baseOp(call.op)}, not ${fmt(op)}`, {
      call: call.op,
      op,
    });
  checkBroadcast(call);
  const names = argumentNames(call);
  const policy = gradientPolicy(call);
  const x = call.kind === 'gather' ? call.operand : call.inputs[0];
  checkFloat(call, x, names.operand ?? names.updates ?? 'operand');
  // Refused before the value is computed: a pullback that could only throw is no result (as jvp).
  if (call.kind === 'scatter') refuseVariadic(call);
  const { out: _out, ...bare } = call;
  const value = execute(bare as CoreCall);
  const shapes = argumentShapes(call);
  if (call.kind === 'gather') {
    const shape = coreResultShape(call);
    return {
      value,
      backward(cotangent) {
        checkLike(call, cotangent, value, 'autodiff.cotangent', 'cotangent');
        const grad = gatherTranspose(call, cotangent.reshape(shape));
        return { [names.operand ?? 'operand']: grad.reshape(shapes.operand) };
      },
    };
  }
  const input = call.inputs[0];
  const updates = call.updates[0];
  checkFloat(call, input, names.operand ?? names.updates ?? 'input');
  let coefficients: ReturnType<typeof scatterCoefficients> | undefined;
  return {
    value,
    backward(cotangent) {
      checkLike(call, cotangent, value, 'autodiff.cotangent', 'cotangent');
      coefficients ??= scatterCoefficients(call, policy, value);
      const c = coefficients;
      const cot = cotangent.reshape(input.shape);
      const g = values(cot);
      const result: Record<string, Tensor> = {};
      if (names.operand !== null) {
        result[names.operand] = scale(g, c.dxNum, c.dxDen, input).reshape(shapes.operand);
      }
      if (names.updates !== null) {
        const gu = chained(call, values(gatherFlat(cot, c.landing, updates.shape)));
        result[names.updates] = scale(gu, c.duNum, c.duDen, updates).reshape(shapes.updates ?? updates.shape);
      }
      return result;
    },
  };
}

/** What `jvp` returns: the call's value and its directional derivative. */
export interface JvpResult {
  /** The call's result (as `execute(call)` returns it). */
  readonly value: Tensor;
  /** The directional derivative of `value` along the given tangents. */
  readonly tangent: Tensor;
}

/**
 * Forward mode: the value and its derivative along `tangents` (by the framework's names, as
 * `vjp` returns them, typed from the call's type as `vjp`'s are; a missing tangent is zero).
 */
export function jvp<C extends CoreCall | ProgramCall>(
  lowered: C,
  tangents: { readonly [K in CallGradientNames<C>]?: Tensor },
): JvpResult {
  checkCall(lowered, 'jvp');
  const call = singleOp(lowered, 'autodiff.program', {
    runs: ['scale_updates', 'circular_indices', 'nonzero', 'index_tuple'],
    error: NotDifferentiableError,
  });
  checkBroadcast(call);
  const names = argumentNames(call);
  checkNamedTensors(tangents, [names.operand, names.updates], 'tangents', 'autodiff.jvp');
  // Checked above: only the call's own names, each a Tensor.
  const byName = tangents as Readonly<Record<string, Tensor>>;
  checkFloat(call, call.kind === 'gather' ? call.operand : call.inputs[0], names.operand ?? 'operand');
  const { out: _out, ...bare } = call;
  const value = execute(bare as CoreCall);
  if (call.kind === 'gather') {
    const name = names.operand ?? 'operand';
    checkFloat(call, call.operand, name);
    const shape = argumentShapes(call).operand;
    const t = tangentOf(call, byName, name, name, zeros(shape, call.operand.dtype));
    const { reshape: _r, ...rest } = bare as GatherCall;
    const tangent = execute({
      ...rest,
      operand: t.reshape(call.operand.shape),
      options: { ...call.options, fill_value: 0 },
    });
    return { value, tangent: tangent.reshape(value.shape) };
  }
  const input = call.inputs[0];
  const updates = call.updates[0];
  checkFloat(call, input, names.operand ?? 'input');
  const shapes = argumentShapes(call);
  const inputShape = shapes.operand;
  const tx = tangentOf(call, byName, names.operand, 'input', zeros(inputShape, input.dtype));
  const updatesShape = shapes.updates ?? updates.shape;
  const tu = tangentOf(call, byName, names.updates, 'updates', zeros(updatesShape, updates.dtype));
  const c = scatterCoefficients(call, gradientPolicy(call), value);
  const base = scale(values(tx), c.dxNum, c.dxDen, input);
  const contrib = scale(chained(call, values(tu)), c.duNum, c.duDen, updates);
  // scatter-add the update contributions into the scaled input tangent over the landing map
  const at = c.landing;
  const idx = tensor(Array.from(at), 'int32', [at.length]);
  const tangent = execute({
    kind: 'scatter',
    op: `${call.op} (tangent)`,
    inputs: [base.reshape([base.size])],
    scatter_indices: idx,
    updates: [contrib.reshape([contrib.size])],
    dimension_numbers: {
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
      index_vector_dim: 1,
    },
    update_computation: 'add',
    options: {
      mode: 'skip',
      negative_indices: 'out_of_bounds',
      duplicates: 'apply',
      include_self: true,
      checked: false,
      float_minmax: 'ieee',
    },
  });
  return { value, tangent: tangent.reshape(value.shape) };
}
