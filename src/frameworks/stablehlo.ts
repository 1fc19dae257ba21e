/**
 * StableHLO `gather` and `scatter` with the spec's own attribute names, so the attributes of an
 * op in a `.mlir` file can be pasted as they are. These are the core itself (the general
 * family), plus the JAX out-of-bounds modes, checked promises and `out`. The attributes object
 * is strict: an unknown key (`mdoe`) is refused with a did-you-mean (`stablehlo.<op>.options`).
 * StableHLO keeps C21: a zero-size operand dim cannot be sliced with size 1
 * (`zero_size_dims: 'spec'` unless the caller asks for `'out_of_bounds'`).
 *
 * @example
 * stablehlo.gather(operand, start_indices, {
 *   offset_dims: [3, 4], collapsed_slice_dims: [1], operand_batching_dims: [0],
 *   start_indices_batching_dims: [1], start_index_map: [2, 1], index_vector_dim: 3,
 *   slice_sizes: [1, 1, 2, 2],
 * });
 */
import { arityChecked } from './arity.js';
import { type GatherCall, type ScatterCall, execute, executeAll } from '../core/call.js';
import { OUT_CODES, checkOut } from '../core/validate.js';
import { gatherShape as coreGatherShape } from '../core/gather-shape.js';
import { scatterShape as coreScatterShape } from '../core/scatter-shape.js';
import { FLOAT_MINMAX_RULES, FLOAT_NAN_RULES, isNaNRule } from '../core/kernels.js';
import {
  GATHER_DIMENSION_FIELDS,
  type GatherDimensionNumbers,
  type GatherOptions,
  type ReducerName,
  SCATTER_DIMENSION_FIELDS,
  type ScatterDimensionNumbers,
  type ScatterOptions,
  type UpdateComputation,
  type OobOrder,
  type ZeroSizeDims,
} from '../core/types.js';
import type { DType } from '../tensor/dtype.js';
import type { Tensor } from '../tensor/tensor.js';
import { InvalidArgumentError } from '../errors.js';
import { describe, flag, oneOf, options, scalar, tensorArg } from './args.js';
import { runs } from './checks.js';
import { gatherCall, scatterCall, scatterCallN } from './families.js';
import { DIA, type FrameworkDescription, G, S, type Signatures } from './signature.js';

/** `stablehlo.gather` attributes (spec names) plus our options (mode, fill_value, checked, out). */
export type StableHloGatherAttributes = GatherDimensionNumbers & GatherOptions;
/** `stablehlo.scatter` attributes (spec names) plus our options (mode, checked, out, …). */
export type StableHloScatterAttributes = ScatterDimensionNumbers & ScatterOptions;

const GATHER_DN_KEYS = [...GATHER_DIMENSION_FIELDS, 'slice_sizes', 'indices_are_sorted'] as const;
const GATHER_KEYS = [
  ...GATHER_DN_KEYS,
  'mode',
  'fill_value',
  'negative_indices',
  'checked',
  'zero_size_dims',
  'op',
  'oob_code',
  'oob_order',
  'out',
] as const;
const SCATTER_DN_KEYS = [...SCATTER_DIMENSION_FIELDS, 'indices_are_sorted', 'unique_indices'] as const;
const SCATTER_KEYS = [
  ...SCATTER_DN_KEYS,
  'mode',
  'negative_indices',
  'duplicates',
  'duplicate_code',
  'include_self',
  'float_minmax',
  'float_nan',
  'checked',
  'op',
  'oob_code',
  'oob_order',
  'out',
] as const;

const GATHER_MODES = ['clip', 'fill', 'promise_in_bounds', 'error', 'wrap'] as const;
const SCATTER_MODES = ['skip', 'drop', 'clip', 'promise_in_bounds', 'error', 'wrap'] as const;
const NEGATIVE = ['out_of_bounds', 'from_end'] as const;
const ZERO_SIZE: readonly ZeroSizeDims[] = ['spec', 'out_of_bounds'];
const DUPLICATES = ['apply', 'error'] as const;
const OOB_ORDERS: readonly OobOrder[] = ['index_vectors', 'components'];

/** `oob_order` when given (a lowered NumPy call carries `components`), else left to the core's default. */
const oobOrder = (op: string, value: unknown): { oob_order?: OobOrder } =>
  value === undefined ? {} : { oob_order: oneOf(op, 'oob_order', value, OOB_ORDERS, 'index_vectors') };
const REDUCERS: readonly ReducerName[] = ['replace', 'add', 'sub', 'mul', 'min', 'max', 'mean'];

/** The attributes' own keys of `keys`, in a new object (what the core reads). */
function pick<T extends object>(attrs: T, keys: readonly string[]): T {
  const out: Record<string, unknown> = {};
  for (const k of keys) if ((attrs as Record<string, unknown>)[k] !== undefined) out[k] = (attrs as never)[k];
  return out as T;
}

/** A string option (the op name, a rule code), or undefined. */
function text(op: string, name: string, value: unknown): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  throw new InvalidArgumentError(`${op}.${name}`, `${op}: ${name} must be a string; got ${describe(value)}`, {
    [name]: describe(value),
  });
}

/**
 * The core call a `stablehlo.gather` is: the general gather with the attributes as its dimension
 * numbers (C1–C23 checked by the core) and the policy options, defaults applied.
 */
function lowerGather(
  operand: Tensor,
  start_indices: Tensor,
  attributes: StableHloGatherAttributes,
): GatherCall {
  const attrs = options('stablehlo.gather', attributes, GATHER_KEYS, 'options', 'attributes');
  const op = text('stablehlo.gather', 'op', attrs.op) ?? 'stablehlo.gather';
  const x = tensorArg(op, 'operand', operand);
  const i = tensorArg(op, 'start_indices', start_indices);
  const out = attrs.out === undefined ? undefined : tensorArg(op, 'out', attrs.out, `${op}.out`);
  const policy: GatherOptions = {
    mode: oneOf(op, 'mode', attrs.mode, GATHER_MODES, 'clip'),
    negative_indices: oneOf(op, 'negative_indices', attrs.negative_indices, NEGATIVE, 'out_of_bounds'),
    checked: flag(op, 'checked', attrs.checked, false),
    zero_size_dims: oneOf(op, 'zero_size_dims', attrs.zero_size_dims, ZERO_SIZE, 'spec'),
    oob_code: text(op, 'oob_code', attrs.oob_code) ?? `${op}.index_out_of_bounds`,
    ...oobOrder(op, attrs.oob_order),
    ...(attrs.fill_value === undefined ? {} : { fill_value: scalar(op, 'fill_value', attrs.fill_value) }),
  };
  const dn = pick(attrs as StableHloGatherAttributes, GATHER_DN_KEYS);
  // C1–C23 checked on the shapes before anything runs, `out` included (C22/C23: it is the
  // result). With zero-size dims allowed (C21 relaxed) the core checks when it compiles.
  if (policy.zero_size_dims === 'spec') {
    const shape = coreGatherShape(x.shape, i.shape, dn, op).resultShape;
    if (out) checkOut(op, out, shape, x.dtype, OUT_CODES['stablehlo.gather']);
  }
  return gatherCall({ op, out }, x, i, dn, policy);
}

/** The attributes of a scatter, read strictly: dimension numbers, policy, `out` and the op name. */
function scatterAttributes(attributes: StableHloScatterAttributes) {
  const attrs = options('stablehlo.scatter', attributes, SCATTER_KEYS, 'options', 'attributes');
  const op = text('stablehlo.scatter', 'op', attrs.op) ?? 'stablehlo.scatter';
  const policy: ScatterOptions = {
    mode: oneOf(op, 'mode', attrs.mode, SCATTER_MODES, 'skip'),
    negative_indices: oneOf(op, 'negative_indices', attrs.negative_indices, NEGATIVE, 'out_of_bounds'),
    duplicates: oneOf(op, 'duplicates', attrs.duplicates, DUPLICATES, 'apply'),
    include_self: flag(op, 'include_self', attrs.include_self, true),
    checked: flag(op, 'checked', attrs.checked, false),
    oob_code: text(op, 'oob_code', attrs.oob_code) ?? `${op}.index_out_of_bounds`,
    ...oobOrder(op, attrs.oob_order),
    ...(attrs.duplicate_code === undefined
      ? {}
      : { duplicate_code: text(op, 'duplicate_code', attrs.duplicate_code) }),
    // A lowered call's float rules (NumPy's and PyTorch's min / max and NaN orders) fed back in.
    ...(attrs.float_minmax === undefined && attrs.float_nan === undefined ? {} : floatOptions(op, attrs)),
  };
  const dn = pick(attrs as StableHloScatterAttributes, SCATTER_DN_KEYS);
  return { op, policy, dn, out: attrs.out };
}

/** The float rules given (`<op>.float_minmax`, `<op>.float_nan`: a name, or a rule by place in the row). */
function floatOptions(op: string, attrs: Pick<ScatterOptions, 'float_minmax' | 'float_nan'>): ScatterOptions {
  const nan = attrs.float_nan ?? 'self_first';
  return {
    float_minmax: oneOf(op, 'float_minmax', attrs.float_minmax, FLOAT_MINMAX_RULES, 'ieee'),
    float_nan: isNaNRule(nan) ? nan : oneOf(op, 'float_nan', nan, FLOAT_NAN_RULES, 'self_first'),
  };
}

/** A built-in reducer name (compared as a value) or a function. */
function computationArg(op: string, value: unknown): UpdateComputation {
  if (typeof value === 'function') return value as UpdateComputation;
  return oneOf(op, 'update_computation', value, REDUCERS, 'replace', 'stablehlo.scatter.C23');
}

/** Most inputs of one variadic scatter (the library's bound, like the maximum rank). */
const MAX_VARIADIC = 64;

/**
 * The core call a `stablehlo.scatter` is: one input, or N inputs and N updates (variadic, one
 * call with N results, run by `executeAll`). C1–C25 are checked on the shapes before anything runs.
 */
function lowerScatter(
  inputs: Tensor | readonly Tensor[],
  scatter_indices: Tensor,
  updates: Tensor | readonly Tensor[],
  attributes: StableHloScatterAttributes,
  update_computation: UpdateComputation = 'replace',
): ScatterCall {
  const { op, policy, dn, out } = scatterAttributes(attributes);
  const computation = computationArg(op, update_computation);
  if (Array.isArray(inputs)) {
    const { ins, i, ups } = variadicArgs(op, inputs, scatter_indices, updates);
    const shapes = (ts: readonly Tensor[]) => ts.map((t) => t.shape);
    coreScatterShape(shapes(ins), i.shape, shapes(ups), dn, op);
    return scatterCallN({ op }, ins, i, ups, dn, computation, policy);
  }
  const x = tensorArg(op, 'inputs', inputs);
  const i = tensorArg(op, 'scatter_indices', scatter_indices);
  const u = tensorArg(op, 'updates', updates);
  coreScatterShape([x.shape], i.shape, [u.shape], dn, op);
  const o = Array.isArray(out) && out.length === 1 ? out[0] : out;
  const target = o === undefined ? undefined : tensorArg(op, 'out', o, `${op}.out`);
  // C24/C25: the result has the input's shape and dtype.
  if (target) checkOut(op, target, x.shape, x.dtype, OUT_CODES['stablehlo.scatter']);
  return scatterCall({ op, out: target }, x, i, u, dn, computation, policy);
}

/** The tensors of a variadic scatter; N is bounded before anything walks the arrays. */
function variadicArgs(
  op: string,
  inputs: readonly Tensor[],
  scatter_indices: Tensor,
  updates: Tensor | readonly Tensor[],
) {
  const n = [inputs.length, Array.isArray(updates) ? updates.length : 1];
  if (n.some((k) => k > MAX_VARIADIC))
    throw new InvalidArgumentError(
      'stablehlo.scatter.C5',
      `${op}: at most ${MAX_VARIADIC} inputs and updates; got ${n[0]} and ${n[1]}`,
    );
  const ins = inputs.map((t, k) => tensorArg(op, `inputs[${k}]`, t));
  const ups = (Array.isArray(updates) ? updates : [updates]).map((t, k) => tensorArg(op, `updates[${k}]`, t));
  return { ins, i: tensorArg(op, 'scatter_indices', scatter_indices), ups };
}

/** `stablehlo.gather`: slices of `operand` at `start_indices`; the result has the operand's dtype. */
const gather = runs(lowerGather);

/** `stablehlo.scatter` of one input: the input with `updates` combined in by `update_computation` (default replace). */
function scatter<D extends DType>(
  inputs: Tensor<D>,
  scatter_indices: Tensor,
  updates: Tensor,
  attributes: StableHloScatterAttributes,
  update_computation?: UpdateComputation,
): Tensor<D>;
/** Variadic `stablehlo.scatter`: N inputs and N updates scattered together (one result per input). */
function scatter(
  inputs: readonly Tensor[],
  scatter_indices: Tensor,
  updates: readonly Tensor[],
  attributes: StableHloScatterAttributes,
  update_computation?: UpdateComputation,
): Tensor[];
function scatter(
  inputs: Tensor | readonly Tensor[],
  scatter_indices: Tensor,
  updates: Tensor | readonly Tensor[],
  attributes: StableHloScatterAttributes,
  update_computation: UpdateComputation = 'replace',
): Tensor | Tensor[] {
  const call = lowerScatter(inputs, scatter_indices, updates, attributes, update_computation);
  if (!Array.isArray(inputs)) return execute(call);
  // Variadic: one lowered call with N inputs, run by executeAll (N results).
  const { op, out } = scatterAttributes(attributes);
  const ins = call.inputs;
  if (out === undefined) return executeAll(call);
  const outs = (Array.isArray(out) ? out : [out]).map((t, k) => tensorArg(op, `out[${k}]`, t, `${op}.out`));
  // C24/C25: each result has its input's shape and dtype.
  outs.forEach((o, k) => {
    if (ins[k]) checkOut(op, o, ins[k].shape, ins[k].dtype, OUT_CODES['stablehlo.scatter']);
  });
  return executeAll(call, outs);
}

/** Validates gather attributes against shapes, without data; returns the result shape. */
function gatherShape(
  operandShape: readonly number[],
  startIndicesShape: readonly number[],
  attributes: GatherDimensionNumbers,
): readonly number[] {
  return coreGatherShape(operandShape, startIndicesShape, attributes).resultShape;
}

/** Validates scatter attributes against shapes, without data; returns the result shape. */
function scatterShape(
  inputShape: readonly number[],
  scatterIndicesShape: readonly number[],
  updatesShape: readonly number[],
  attributes: ScatterDimensionNumbers,
): readonly number[] {
  return coreScatterShape([inputShape], scatterIndicesShape, [updatesShape], attributes).resultShape;
}

/**
 * The spec's names: gather(`operand`, `start_indices`) → `result`; scatter(`inputs`,
 * `scatter_indices`, `updates`) → `results`.
 *
 * @internal
 */
export const DESCRIPTION: FrameworkDescription = {
  words: {
    operand: 'operand',
    indices: 'start_indices',
    updates: 'updates',
    result: 'result',
    target: 'result',
  },
  notation: 'tuple',
};

/**
 * How each StableHLO op is called (see frameworks/signature.ts).
 *
 * @internal
 */
export const SIGNATURES: Signatures = {
  gather: G('general', DIA, {
    example: {
      offset_dims: [],
      collapsed_slice_dims: [0],
      start_index_map: [0],
      index_vector_dim: 1,
      slice_sizes: [1],
    },
  }),
  scatter: S('scatter_general', ['data', 'indices', 'updates', 'attrs', { attr: 'update_computation' }], {
    words: { operand: 'inputs', indices: 'scatter_indices', target: 'results' },
    example: {
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
      index_vector_dim: 1,
      update_computation: 'replace',
    },
  }),
};

const SHAPES = {
  gatherShape: ['operandShape', 'startIndicesShape', 'attributes'],
  scatterShape: ['inputShape', 'scatterIndicesShape', 'updatesShape', 'attributes'],
} as const;

/**
 * StableHLO gather/scatter (spec names, JAX modes, checked promises). Assembled after the
 * signatures it is checked against (`arityChecked` reads them at load).
 */
export const stablehlo = /* @__PURE__ */ arityChecked('stablehlo', { SIGNATURES, DESCRIPTION }, SHAPES, {
  gather,
  scatter,
  gatherShape,
  scatterShape,
  lower: { gather: lowerGather, scatter: lowerScatter },
} as const);
