/**
 * Lowered calls that name, in their type, the framework op they came from: what
 * `onnx.lower.GatherND(...)` returns is a `LoweredGather<'onnx.GatherND'>`, an ordinary
 * `GatherCall` whose type also says "onnx.GatherND". Nothing is added at run time (the call's
 * `op` field already holds the versioned name, `onnx.GatherND-13`); the type lets
 * `vjp(onnx.lower.GatherND(x, i)).backward()` be typed `{ data: Tensor }` without repeating the
 * op name. test/types.test.ts checks that each lowering's runtime `op` is the name its type gives.
 */
import { type CoreCall, type GatherCall, type ScatterCall, execute } from '../core/call.js';
import type { ProgramCall } from '../ir/lowered.js';
import type { DType } from '../tensor/dtype.js';
import type { Tensor } from '../tensor/tensor.js';

/** A key that exists only in types: no lowered call has it at run time. */
declare const LOWERED_FROM: unique symbol;

/** A gather lowered from the framework op `O` (`'onnx.GatherND'`, `'torch.gather'`, …). */
export interface LoweredGather<O extends string> extends GatherCall {
  /** Type-only: the op this call was lowered from (never present at run time). */
  readonly [LOWERED_FROM]?: O;
}

/** A scatter lowered from the framework op `O` (`'onnx.ScatterND'`, `'torch.scatter_add'`, …). */
export interface LoweredScatter<O extends string> extends ScatterCall {
  /** Type-only: the op this call was lowered from (never present at run time). */
  readonly [LOWERED_FROM]?: O;
}

/** A call lowered from the framework op `O`, a gather or a scatter depending on its arguments. */
export type LoweredCall<O extends string> = LoweredGather<O> | LoweredScatter<O>;

/** The op a lowered call's type names (`'onnx.GatherND'`), or `never` for a call that names none. */
export type LoweredOp<C> = C extends {
  /** The op's name, read from the call's type. */
  readonly [LOWERED_FROM]?: infer O extends string;
}
  ? string extends O
    ? never
    : O
  : never;

/**
 * The dtype of a data argument as its type tells it (what a function that keeps the data's dtype
 * returns): `Tensor<D>` → `D`; a JS boolean → `'bool'`, a bigint → `'int64'`; `DType` (not known
 * statically) for JS numbers and arrays, whose values decide.
 */
export type DataDType<A> =
  A extends Tensor<infer D> ? D : A extends boolean ? 'bool' : A extends bigint ? 'int64' : DType;

/**
 * A framework's public function derived from its lowering, `execute(lower(data, ...rest))`,
 * written once: the result keeps the data argument's dtype, so its type is read from it.
 */
export function runs<X, P extends unknown[]>(
  lower: (data: X, ...rest: P) => CoreCall | ProgramCall,
): <A extends X>(data: A, ...rest: P) => Tensor<DataDType<A>> {
  return (data, ...rest) => execute(lower(data, ...rest)) as Tensor<DataDType<typeof data>>;
}
