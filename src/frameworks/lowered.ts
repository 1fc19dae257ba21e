/**
 * Lowered calls that name, in their type, the framework op they came from: what
 * `onnx.lower.GatherND(...)` returns is a `LoweredGather<'onnx.GatherND'>`, an ordinary
 * `GatherCall` whose type also says "onnx.GatherND". Nothing is added at run time (the call's
 * `op` field already holds the versioned name, `onnx.GatherND-13`); the type lets
 * `vjp(onnx.lower.GatherND(x, i)).backward()` be typed `{ data: Tensor }` without repeating the
 * op name. test/types.test.ts checks that each lowering's runtime `op` is the name its type gives.
 */
import type { GatherCall, ScatterCall } from '../core/call.js';

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
