/**
 * What the ONNX, TensorFlow, MXNet, Caffe2, DirectML, WebNN, MLIR and StableHLO frontends share:
 * the public function of an op derived from its lowering (`execute(lower(...))`, written once),
 * the dtype-rule failure and the shape equality every frontend raises the same way, and the policy rows two frameworks
 * state with the same words.
 */
import { type CoreCall, execute } from '../core/call.js';
import { fail } from '../core/validate.js';
import { DTypeError, fmt } from '../errors.js';
import { type DType, isComplex } from '../tensor/dtype.js';
import { type Tensor, sameShape } from '../tensor/tensor.js';
import type { ProgramCall } from '../ir/lowered.js';
import { dtypeRuleFailed } from './args.js';

/** `P` with the parameter at position `I` (the tensor whose dtype the result has) typed `T`. */
export type WithDataAt<P extends readonly unknown[], I extends number, T> = {
  [K in keyof P]: K extends `${I}` ? T : P[K];
};

/**
 * The public function of an op: `lower`'s parameters (names and optionality kept), run by
 * `execute`, the result typed by the dtype of the tensor at position `at` (default 0). Built
 * once, at load. Every lowering takes at most 5 arguments and reads no `arguments` object, so
 * they are passed as 5 plain parameters (an absent one is `undefined`, which is what its default
 * sees anyway): no rest array and no spread call, whose cost showed in B7 (tf.gather).
 */
export function runs<P extends unknown[], I extends number = 0>(
  lower: (...args: P) => CoreCall | ProgramCall,
  at?: I,
) {
  void at; // a type-level position: which argument's dtype the result has
  const call = lower as unknown as (
    a: unknown,
    b: unknown,
    c: unknown,
    d: unknown,
    e: unknown,
  ) => CoreCall | ProgramCall;
  const run = (a: unknown, b: unknown, c: unknown, d: unknown, e: unknown) => execute(call(a, b, c, d, e));
  return run as unknown as <D extends DType>(...args: WithDataAt<P, I, Tensor<D>>) => Tensor<D>;
}

/**
 * A dtype rule failed: DTypeError `code` with `message` (details `{ dtype }` of `t` when given),
 * recorded under `collectFailures` like every argument-level rule, thrown otherwise.
 */
export function dtypeRule(code: string, message: string, t?: Tensor): void {
  dtypeRuleFailed(new DTypeError(code, message, t ? { dtype: t.dtype } : {}));
}

/**
 * A framework without complex element types (MXNet, Caffe2): a complex `name` cannot exist there
 * (rule `<op>.dtype`), worded `<op>: <name> has dtype <dtype>; <why>`.
 */
export function checkRealDType(op: string, name: string, t: Tensor, why: string): void {
  if (isComplex(t.dtype)) dtypeRule(`${op}.dtype`, `${op}: ${name} has dtype ${t.dtype}; ${why}`, t);
}

/**
 * `t` must have the dtype of `ref` (rule `code`), worded
 * `<op>: <name> must have the <word> of <refName> (<ref dtype>); got <t dtype>`.
 */
export function checkSameDType(
  op: string,
  code: string,
  [name, t]: readonly [string, Tensor],
  [refName, ref]: readonly [string, Tensor],
  word = 'dtype',
): void {
  if (t.dtype !== ref.dtype)
    dtypeRule(code, `${op}: ${name} must have the ${word} of ${refName} (${ref.dtype}); got ${t.dtype}`, t);
}

/**
 * A shape equality (rule `code`): `got` must be `expected`, worded
 * `<op>: <rule> <expected>; got <got>` (`shape(updates) must equal shape(indices) [2, 3]; got [3]`).
 */
export function checkShapeIs(
  op: string,
  code: string,
  rule: string,
  [got, expected]: readonly [readonly number[], readonly number[]],
  details: Record<string, unknown> = {},
): void {
  if (!sameShape(got, expected)) fail(code, `${op}: ${rule} ${fmt(expected)}; got ${fmt(got)}`, details);
}

/** An out-of-bounds index is an error, in gathers and scatters alike (a policy row). */
export const RAISE = {
  /** Gathers raise. */
  gather: 'error',
  /** Scatters raise. */
  scatter: 'error',
} as const;

/**
 * The out-of-bounds row of a framework that reports nothing and keeps reads in bounds (DirectML,
 * WebNN): `clamp` (the default) or `error`.
 */
export const CLAMP_OR_ERROR = {
  /** The policy when none is given. */
  default: 'clamp',
  /** Indices are clamped into the dim. */
  clamp: {
    /** Gathers clamp. */
    gather: 'clip',
    /** Scatters clamp. */
    scatter: 'clip',
  },
  /** An out-of-bounds index is an error. */
  error: RAISE,
} as const;

/** The duplicate-target row of a framework that leaves it unspecified (DirectML, WebNN): `last` (default) or `error`. */
export const LAST_OR_ERROR = {
  /** The policy when none is given. */
  default: 'last',
  /** Updates are applied in row-major order; the last one wins. */
  last: 'apply',
  /** A repeated target is an error. */
  error: 'error',
} as const;
