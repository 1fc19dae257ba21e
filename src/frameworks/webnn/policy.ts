/**
 * WebNN's edge-case policies, decided in one table, plus the argument rules and validation steps
 * shared by its gather and scatter operators (options, operand data types, valid dimensions,
 * index data types, axis, ranks).
 *
 * The spec leaves out-of-bounds index values to implementations (its notes say indices "can
 * not be clamped" at build time and implementations may insert `clamp()`), and the WPT
 * conformance tests expect clamping, so `clamp` is the default. Negative indices count from the
 * end once (the spec's [-N, N) range). Duplicate scatter targets are unspecified by the spec;
 * we apply updates in row-major order, so the last one wins, unless `duplicates: 'error'`.
 */
import type { GatherMode, ScatterMode } from '../../core/types.js';
import { fail } from '../../core/validate.js';
import { InvalidArgumentError, fmt } from '../../errors.js';
import type { DType } from '../../tensor/dtype.js';
import { type Tensor, sameShape } from '../../tensor/tensor.js';
import { describe, oneOf, options, outArg, tensorArg } from '../args.js';
import { CLAMP_OR_ERROR, LAST_OR_ERROR, checkSameDType, dtypeRule } from '../checks.js';
import type { GatherPolicy, ScatterPolicy } from '../families.js';
import { DIA, DIUA, type FrameworkDescription, G, S, type Signatures } from '../signature.js';

/** What an index outside [-N, N) does: `clamp` (default; what WPT expects) or `error`. */
export type WebNNOutOfBounds = 'clamp' | 'error';
/** Two scatter updates hitting one element: `last` (default; row-major order) or `error`. */
export type WebNNDuplicates = 'last' | 'error';

/** Our policy options, accepted next to the spec's own options (`label`) and `out`. */
export interface WebNNPolicyOptions {
  /** Out-of-bounds policy; default `clamp`. */
  readonly outOfBounds?: WebNNOutOfBounds;
  /** `MLOperatorOptions.label`: accepted (a string) and not used. */
  readonly label?: string;
  /** Where the result goes: a Tensor of the result's shape and data type (it may be an input). */
  readonly out?: Tensor;
}
export interface WebNNScatterPolicyOptions extends WebNNPolicyOptions {
  /** Duplicate-target policy for scatters; default `last`. */
  readonly duplicates?: WebNNDuplicates;
}

/** The one policy table: each named value → the core's modes. */
export const WEBNN_POLICY = {
  /** Negative indices count from the end once. */
  negative_indices: 'from_end',
  /** Out-of-bounds indices (`outOfBounds` option): clamped (default) or an error. */
  outOfBounds: CLAMP_OR_ERROR,
  /** Repeated scatter targets (`duplicates` option): the last update wins (default) or an error. */
  duplicates: LAST_OR_ERROR,
} as const satisfies {
  negative_indices: 'from_end';
  outOfBounds: { default: WebNNOutOfBounds } & Record<
    WebNNOutOfBounds,
    { gather: GatherMode; scatter: ScatterMode }
  >;
  duplicates: { default: WebNNDuplicates } & Record<WebNNDuplicates, 'apply' | 'error'>;
};

/** MLOperandDataType: the only element types a WebNN operand can have. */
export const ML_OPERAND_DATA_TYPES: readonly DType[] = [
  'float32',
  'float16',
  'int32',
  'uint32',
  'int64',
  'uint64',
  'int8',
  'uint8',
];
/** Allowed data types of `indices` for every gather/scatter operator (the constraints tables). */
export const INDEX_DATA_TYPES: readonly DType[] = ['int32', 'uint32', 'int64'];

/** Which operators an op belongs to: the scatters also take `updates` and `duplicates`. */
type OpKind = 'gather' | 'scatter';
/** An op's options, checked (`axis` raw: `checkAxis` reads it against the input rank). */
type WebNNArgs = ReturnType<typeof webnnOptions>;

/**
 * Reads an options object. `keys` are the spec's own (`axis` where the op has it); every op also
 * takes `label`, `outOfBounds` and `out`, scatters `duplicates`. `null`/`undefined` mean none.
 */
export function webnnOptions(op: string, value: unknown, kind: OpKind, keys: readonly string[]) {
  const allowed = [...keys, 'label', 'outOfBounds', ...(kind === 'scatter' ? ['duplicates'] : []), 'out'];
  const o = options(op, value as WebNNScatterPolicyOptions & { axis?: unknown }, allowed);
  if (o.label !== undefined && typeof o.label !== 'string')
    throw new InvalidArgumentError(`${op}.label`, `${op}: label must be a string; got ${describe(o.label)}`, {
      label: o.label,
    });
  return {
    axis: o.axis,
    out: outArg(op, o.out),
    outOfBounds: oneOf(op, 'outOfBounds', o.outOfBounds, OUT_OF_BOUNDS, WEBNN_POLICY.outOfBounds.default),
    duplicates: oneOf(op, 'duplicates', o.duplicates, DUPLICATES, WEBNN_POLICY.duplicates.default),
  };
}

const OUT_OF_BOUNDS = ['clamp', 'error'] as const;
const DUPLICATES = ['last', 'error'] as const;

/** The core policy of a gather: clamp or error, negatives from the end once. */
export function gatherPolicy(op: string, args: WebNNArgs): GatherPolicy {
  const mode = WEBNN_POLICY.outOfBounds[args.outOfBounds].gather;
  return { mode, negative_indices: WEBNN_POLICY.negative_indices, oob_code: `${op}.index_out_of_bounds` };
}

/** The core policy of a scatter: clamp or error, last wins or error. */
export function scatterPolicy(op: string, args: WebNNArgs): ScatterPolicy {
  return {
    mode: WEBNN_POLICY.outOfBounds[args.outOfBounds].scatter,
    negative_indices: WEBNN_POLICY.negative_indices,
    duplicates: WEBNN_POLICY.duplicates[args.duplicates],
    oob_code: `${op}.index_out_of_bounds`,
    duplicate_code: `${op}.duplicate_indices`,
  };
}

/**
 * "Validating operand": a Tensor (rule `<op>.<name>`) whose data type is an MLOperandDataType
 * and whose every dimension is valid (> 0).
 */
export function checkOperand(op: string, name: string, value: unknown): Tensor {
  const t = tensorArg(op, name, value);
  if (!ML_OPERAND_DATA_TYPES.includes(t.dtype))
    dtypeRule(
      `${op}.${name}_dataType`,
      `${op}: ${name} must have an MLOperandDataType (${ML_OPERAND_DATA_TYPES.join(', ')}); got ${t.dtype}`,
      t,
    );
  if (t.shape.some((d) => d <= 0))
    fail(
      `${op}.valid_dimension`,
      `${op}: every dimension of ${name} must be a valid dimension (> 0); got ${fmt(t.shape)}`,
      { shape: t.shape },
    );
  return t;
}

/** `axis` is an `[EnforceRange] unsigned long` below the input rank; default 0. */
export function checkAxis(op: string, axis: unknown, rank: number): number {
  if (axis === undefined) axis = 0;
  if (typeof axis !== 'number' || !Number.isInteger(axis) || axis < 0 || axis >= rank)
    fail(
      `${op}.axis`,
      `${op}: axis must be an unsigned integer < rank(input) = ${rank}; got ${describe(axis)}`,
      { axis, rank },
    );
  return axis;
}

/**
 * The opening steps every op runs, in the spec's order: the options, then "validating operand"
 * on input and indices (whose data type is in the constraints table). A scatter then checks its
 * `updates` ({@link checkUpdates}); every op but `gather` then requires `rank(input) >= 1`
 * ({@link checkRank}).
 */
export function openOperands(
  op: string,
  kind: OpKind,
  keys: readonly string[],
  options: unknown,
  input: Tensor,
  indices: Tensor,
  updates?: unknown,
): WebNNArgs {
  const args = webnnOptions(op, options, kind, keys);
  checkOperand(op, 'input', input);
  checkOperand(op, 'indices', indices);
  if (!INDEX_DATA_TYPES.includes(indices.dtype))
    dtypeRule(
      `${op}.indices_dataType`,
      `${op}: indices must be int32, uint32 or int64; got ${indices.dtype}`,
      indices,
    );
  if (kind === 'scatter') checkUpdates(op, input, updates);
  return args;
}

/** A scatter's `updates`: a valid operand of input's data type. */
export function checkUpdates(op: string, input: Tensor, updates: unknown): void {
  const u = checkOperand(op, 'updates', updates);
  checkSameDType(op, `${op}.updates_dataType`, ['updates', u], ['input', input], 'data type');
}

/** `indices.shape[-1] <= rank(input)` (the ND ops); rule `<op>.coordinate_size`, with details on gatherND (as shipped). */
export function checkCoordinateSize(op: string, input: Tensor, indices: Tensor, detailed = false): void {
  const k = indices.shape[indices.rank - 1];
  if (k > input.rank)
    fail(
      `${op}.coordinate_size`,
      `${op}: indices.shape[-1] must be <= rank(input) = ${input.rank}; got ${k}`,
      detailed ? { coordinateSize: k, rank: input.rank } : {},
    );
}

/** shape(indices) = shape(input) except at `axis`; rule `<op>.indices_shape`, with details on gatherElements (as shipped). */
export function checkIndicesShape(
  op: string,
  input: Tensor,
  indices: Tensor,
  axis: number,
  detailed = false,
) {
  const expected = input.shape.map((d, i) => (i === axis ? indices.shape[axis] : d));
  if (!sameShape(indices.shape, expected))
    fail(
      `${op}.indices_shape`,
      `${op}: shape(indices) must equal shape(input) except at axis ${axis}; got ${fmt(indices.shape)} for input ${fmt(input.shape)}`,
      detailed ? { indices: indices.shape, input: input.shape } : {},
    );
}

/** Allowed-rank check from a constraints table. */
export function checkRank(op: string, name: string, t: Tensor, min: number, exact?: number): void {
  if (t.rank < min || (exact !== undefined && t.rank !== exact)) {
    const want = exact !== undefined ? `${exact}` : `>= ${min}`;
    fail(`${op}.${name}_rank`, `${op}: rank(${name}) must be ${want}; got ${t.rank}`, { rank: t.rank });
  }
}

/**
 * WebNN's names (`builder.gather(input, indices, options)`, `scatterND(input, indices, updates)`).
 *
 * @internal
 */
export const DESCRIPTION: FrameworkDescription = {
  words: { operand: 'input', indices: 'indices', updates: 'updates', result: 'output', target: 'output' },
  notation: 'tuple',
};

/**
 * How each WebNN op is called.
 *
 * @internal
 */
export const SIGNATURES: Signatures = {
  // WebNN: camelCase options.
  gather: G('take', DIA, { example: { axis: 0 } }),
  gatherElements: G('elements', DIA, { example: { axis: 0 } }),
  gatherND: G('nd', ['data', 'indices']),
  scatterElements: S('scatter_elements', DIUA, { example: { axis: 0 } }),
  scatterND: S('scatter_nd', ['data', 'indices', 'updates']),
};
