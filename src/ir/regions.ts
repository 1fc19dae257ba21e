/**
 * Regions the core runs natively: a scatter body that is one of the core's reducers is run by the
 * core's own loop instead of being interpreted per element. The meaning stays the body's; these
 * functions only recognise it (`reducerOf`) or build it (`reducerBody`).
 */
import type { ReducerName } from '../core/types.js';
import type { DType } from '../tensor/dtype.js';
import type { Body, OpKind } from './program.js';

/** The core reducer each single-op body computes, as `op(%current, %update)`. */
const NATIVE: Partial<Record<OpKind, ReducerName>> = {
  add: 'add',
  subtract: 'sub',
  multiply: 'mul',
  minimum: 'min',
  maximum: 'max',
};

const BODY_OP: Partial<Record<ReducerName, OpKind>> = {
  add: 'add',
  sub: 'subtract',
  mul: 'multiply',
  min: 'minimum',
  max: 'maximum',
};

/**
 * The core reducer a one-input scatter body is, or undefined: `return %update` is replace and
 * `return op(%current, %update)` (in that operand order) is op. Anything else is interpreted.
 */
export function reducerOf(body: Body): ReducerName | undefined {
  if (body.params.length !== 2 || body.returns.length !== 1) return undefined;
  if (body.ops.length === 0) return body.returns[0] === 1 ? 'replace' : undefined;
  if (body.ops.length !== 1 || body.returns[0] !== 2) return undefined;
  const op = body.ops[0];
  const name = NATIVE[op.kind];
  if (!name || op.operands.length !== 2 || op.operands[0] !== 0 || op.operands[1] !== 1) return undefined;
  // and/or/xor on i1 would be min/max-like but are not the core's reducers: interpreted.
  return name;
}

/** The body of a core reducer on scalars of `dtype` (`replace`: return the update; `mean`: its add). */
export function reducerBody(reducer: ReducerName, dtype: DType): Body | undefined {
  const scalar = { shape: [] as number[], dtype };
  const params = [scalar, scalar];
  if (reducer === 'replace') return { params, ops: [], returns: [1] };
  // mean sums with add (its division is legalize's program of two scatters and a divide).
  const kind = BODY_OP[reducer === 'mean' ? 'add' : reducer];
  if (!kind) return undefined;
  return { params, ops: [{ kind, operands: [0, 1], results: [scalar] } as never], returns: [2] };
}
