/**
 * The IR's element-wise and structural ops with the StableHLO spec's semantics: result types from
 * operand types (`inferTypes`, no data) and evaluation on tensors (`evalOp`). One registry, made
 * of the family files' rule tables; gather, dynamic_gather, scatter, call and check are the
 * core's and the interpreter's, not these.
 *
 * Adding an op: give it a rule (arity, infer, run) in its family's file, with each constraint
 * checked under its spec ID, and a test per ID in test/ir-ops.test.ts.
 */
import { InvalidArgumentError, fmt } from '../../errors.js';
import { type Tensor, zeros } from '../../tensor/tensor.js';
import type { Body, Op, OpKind, TensorType } from '../program.js';
import { BINARY_RULES } from './binary.js';
import type { OpRule, RuleTable, RunBody } from './common.js';
import { COMPARE_RULES } from './compare.js';
import { checkComplexOperands } from './complex.js';
import { CONVERT_RULES } from './convert.js';
import { PARTS_RULES } from './parts.js';
import { REDUCE_RULES } from './reduce.js';
import { WINDOW_RULES } from './windows.js';
import { SHAPE_RULES } from './shape-ops.js';
import { UNARY_RULES } from './unary.js';

const RULES: RuleTable = {
  ...SHAPE_RULES,
  ...CONVERT_RULES,
  ...COMPARE_RULES,
  ...BINARY_RULES,
  ...UNARY_RULES,
  ...PARTS_RULES, // real and imag on complex operands too, beside the unary rule of the rest
  ...REDUCE_RULES,
  ...WINDOW_RULES,
};

/** Ops another layer runs: asking this one for them is a bug in the caller. */
const ELSEWHERE: ReadonlySet<string> = new Set(['gather', 'dynamic_gather', 'scatter', 'call', 'check']);

function ruleOf(op: Op, count: number): OpRule {
  const kind = (op as { kind: unknown }).kind;
  const rule = typeof kind === 'string' && Object.hasOwn(RULES, kind) ? RULES[kind as OpKind] : undefined;
  if (rule === undefined)
    throw new InvalidArgumentError(
      'ir.ops.kind',
      ELSEWHERE.has(kind as string)
        ? `ir/ops: stablehlo.${kind} is run by the core or the interpreter, not by the element-wise ops`
        : `ir/ops: unknown op ${fmt(kind)}`,
      { kind },
    );
  const { arity } = rule;
  if (typeof arity === 'number' ? count !== arity : count < arity.min)
    throw new InvalidArgumentError(
      'ir.ops.arity',
      `stablehlo.${kind}: takes ${typeof arity === 'number' ? arity : `at least ${arity.min}`} operands; got ${count}`,
      { kind, operands: count },
    );
  return rule as OpRule;
}

/**
 * The result types of an op from its operand types and attributes, per the spec's constraints;
 * throws InvalidArgumentError / DTypeError with code `stablehlo.<op>.C<n>` (the spec's constraint
 * IDs; `I<n>` for an operand outside its input table's types) when one is violated. When the op
 * declares result types they are checked against the inferred ones. For ops whose result type
 * cannot be inferred from operands alone (iota, reshape, broadcast_in_dim, convert,
 * bitcast_convert) it takes the declared results and checks them against the constraints instead.
 *
 * @example inferTypes({ kind: 'add', operands: [0, 1], results: [] }, [f32x2, f32x2])   // [f32x2]
 */
export function inferTypes(op: Op, operands: readonly TensorType[]): TensorType[] {
  const rule = ruleOf(op, operands.length);
  checkComplexOperands(op.kind, [...operands, ...(Array.isArray(op.results) ? op.results : [])]);
  return rule.infer(op, operands);
}

/**
 * Runs one op on tensors (operands already checked by inferTypes) and returns fresh tensors that
 * own their storage. `runBody` runs a region (reduce's body) on tensors.
 *
 * @example evalOp({ kind: 'negate', operands: [0], results: [] }, [tensor([1, -2], 'int8')], run)   // [tensor([-1, 2])]
 */
export function evalOp(
  op: Op,
  args: readonly Tensor[],
  runBody: (body: Body, args: readonly Tensor[]) => Tensor[],
): Tensor[] {
  const rule = ruleOf(op, args.length);
  checkComplexOperands(op.kind, args);
  // Most calls have no empty operand: no new list for them (this runs for every op of a program).
  const operands = args.some((t) => t.size === 0) ? args.map(storedEmpty) : args;
  return rule.run(op, operands, runBody as RunBody);
}

/**
 * An empty operand with storage of its own: a caller's empty tensor may sit on a detached buffer
 * (transferred to a worker), on which the ops' typed-array copies (`set`, views over `buffer`)
 * throw although there is nothing to read.
 */
const storedEmpty = (t: Tensor): Tensor => (t.size === 0 ? zeros(t.shape, t.dtype) : t);
