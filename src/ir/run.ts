/**
 * The IR's interpreter: runs a module's entry function on tensors. Element-wise and structural
 * ops run through `ops/` (the spec's semantics op by op); gather and scatter run on the core,
 * through its cached plans, with the index policy they carry; a scatter body the core knows
 * natively (`reducer`) runs in the core's loop, any other body is interpreted per update.
 *
 * Checks (`check.expect_eq`, `expect_close`, …) never throw: each is recorded with its outcome,
 * as the reference interpreter reports them, and the caller decides (the CLI exits 1).
 */
import { type GatherCall, type ScatterCall, execute, executeAll } from '../core/call.js';
import { ON_STORAGE, type StorageUpdate, type UpdateFunction } from '../core/types.js';
import { DTypeError, InvalidArgumentError, fmt } from '../errors.js';
import { type DType, type Scalar, type Storage, isComplex } from '../tensor/dtype.js';
import { Tensor, full } from '../tensor/tensor.js';
import { checkOutcome } from './checks.js';
import { typeText } from './ops/common.js';
import { convertTo } from './ops/convert.js';
import { evalOp } from './ops/index.js';
import type { Body, Func, Module, Op, TensorType, ValueId } from './program.js';

/** One check's outcome. */
export interface CheckResult {
  /** The check, e.g. `check.expect_close`. */
  readonly name: string;
  /** The function that holds it. */
  readonly func: string;
  readonly line?: number;
  readonly passed: boolean;
  /** Why it failed (first mismatching element). */
  readonly message?: string;
}

/** What running a module gives: the entry's results and every check met on the way. */
export interface RunResult {
  readonly results: Tensor[];
  readonly checks: CheckResult[];
}

interface Context {
  readonly module: Module;
  readonly checks: CheckResult[];
  /** Call depth, bounded: a module that calls itself is refused, never a stack overflow. */
  depth: number;
}

const MAX_CALL_DEPTH = 64;

/** Runs the module's entry function (`module.entry`) on `args`. */
export function runModule(module: Module, args: readonly Tensor[] = [], entry = module.entry): RunResult {
  const ctx: Context = { module, checks: [], depth: 0 };
  const results = callFunc(ctx, entry, args);
  return { results, checks: ctx.checks };
}

/** The function of `module` named `name`, or a typed error. */
export function findFunc(module: Module, name: string): Func {
  const f = module.funcs.find((g) => g.name === name);
  if (!f) throw new InvalidArgumentError('ir.run.callee', `ir: no function @${name} in the module`, { name });
  return f;
}

function callFunc(ctx: Context, name: string, args: readonly Tensor[]): Tensor[] {
  const f = findFunc(ctx.module, name);
  checkArgs(f, args);
  if (ctx.depth >= MAX_CALL_DEPTH)
    throw new InvalidArgumentError(
      'ir.run.recursion',
      `ir: calls nest deeper than ${MAX_CALL_DEPTH} at @${name}`,
    );
  ctx.depth++;
  try {
    return runBody(ctx, f, args, f.name);
  } finally {
    ctx.depth--;
  }
}

/** The arguments must be tensors of the declared types (a runtime, unlike a verifier, sees values). */
export function checkArgs(f: { name: string; params: readonly TensorType[] }, args: readonly Tensor[]): void {
  if (args.length !== f.params.length)
    throw new InvalidArgumentError(
      'ir.run.args',
      `ir: @${f.name} takes ${f.params.length} arguments; got ${args.length}`,
      { expected: f.params.length, got: args.length },
    );
  f.params.forEach((p, k) => {
    const a = args[k];
    if (!(a instanceof Tensor) || a.dtype !== p.dtype || !sameShape(a.shape, p.shape))
      throw new InvalidArgumentError(
        'ir.run.args',
        `ir: argument ${k} of @${f.name} must be ${typeText(p)}; got ${a instanceof Tensor ? typeText(a) : fmt(a)}`,
        { index: k },
      );
  });
}

const sameShape = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((d, i) => d === b[i]);

/** Runs a body (function or region) on `args` and returns the values it returns. */
function runBody(ctx: Context, body: Body, args: readonly Tensor[], where: string): Tensor[] {
  const values: Tensor[] = [...args];
  for (const op of body.ops) {
    const ins = op.operands.map((id) => valueAt(values, id, where));
    const outs = runOp(ctx, op, ins, where);
    values.push(...outs);
  }
  return body.returns.map((id) => valueAt(values, id, where));
}

function valueAt(values: readonly Tensor[], id: ValueId, where: string): Tensor {
  const v = values[id];
  if (v === undefined)
    throw new InvalidArgumentError('ir.run.value', `ir: value ${id} used before it is defined in @${where}`);
  return v;
}

function runOp(ctx: Context, op: Op, ins: Tensor[], where: string): Tensor[] {
  switch (op.kind) {
    case 'gather':
      return [execute(gatherCallOf(op, ins[0], ins[1]))];
    case 'dynamic_gather':
      return [execute(dynamicGatherCall(op, ins))];
    case 'scatter':
      return executeAll(scatterCall(ctx, op, promoted(op, ins)));
    case 'call':
      return callFunc(ctx, op.callee, ins);
    case 'check':
      return runCheck(ctx, op, ins, where);
    default:
      return evalOp(op, ins, (body, args) => runBody(ctx, body, args, `${where} (region)`));
  }
}

type GatherOp = Extract<Op, { kind: 'gather' }>;
type ScatterOp = Extract<Op, { kind: 'scatter' }>;

/** The core call of an IR gather over its operand and indices (what running the op executes). */
export function gatherCallOf(op: GatherOp, operand: Tensor, indices: Tensor): GatherCall {
  return {
    kind: 'gather',
    op: op.meta?.op ?? op.options.op ?? 'stablehlo.gather',
    operand,
    start_indices: indices,
    dimension_numbers: op.dimension_numbers,
    options: op.options,
    wording: op.meta?.wording,
    index_rank: op.meta?.index_rank,
  };
}

/** dynamic_gather is gather with its slice sizes read from the third operand's values. */
function dynamicGatherCall(op: Extract<Op, { kind: 'dynamic_gather' }>, ins: Tensor[]): GatherCall {
  const sizes = ins[2].toFlatArray().map(Number);
  return gatherCallOf(
    { ...op, kind: 'gather', dimension_numbers: { ...op.dimension_numbers, slice_sizes: sizes } },
    ins[0],
    ins[1],
  );
}

function scatterCall(ctx: Context, op: ScatterOp, ins: Tensor[]): ScatterCall {
  return scatterCallOf(op, ins, (dtypes) => bodyFunction(ctx, op.body, dtypes));
}

/**
 * The core call of an IR scatter over `ins` (inputs, indices, updates): a named reducer, or the
 * body both as a JS function (`update`, made for the inputs' dtypes) and as the region itself, which
 * a backend that cannot call JS per update compiles (WebGPU).
 */
export function scatterCallOf(
  op: ScatterOp,
  ins: readonly Tensor[],
  update: (dtypes: DType[]) => UpdateFunction,
): ScatterCall {
  const n = (ins.length - 1) / 2;
  const inputs = ins.slice(0, n);
  return {
    kind: 'scatter',
    op: op.meta?.op ?? op.options.op ?? 'stablehlo.scatter',
    inputs,
    scatter_indices: ins[n],
    updates: ins.slice(n + 1),
    dimension_numbers: op.dimension_numbers,
    update_computation: op.reducer ?? update(inputs.map((t) => t.dtype)),
    update_body: op.reducer ? undefined : op.body,
    options: op.options,
    wording: op.meta?.wording,
    index_rank: op.meta?.index_rank,
  };
}

/**
 * The body's element types Ei where they promote an input's (C23), else undefined. Only a body of
 * the spec's 2N parameters states them: a lowered call's named reducer carries the body of its
 * first input's type.
 */
export function promotion(op: ScatterOp, ins: readonly { readonly dtype: DType }[]): DType[] | undefined {
  const n = (ins.length - 1) / 2;
  if (op.body.params.length !== 2 * n) return undefined;
  const E = op.body.params.slice(0, n).map((p) => p.dtype);
  return E.some((e, i) => e !== ins[i].dtype) ? E : undefined;
}

/**
 * The scatter's inputs and updates in the body's element types Ei (C23): the results start as the
 * converted inputs and the updates reach the body converted (the spec's to_destination_type), so
 * the scatter runs wholly in Ei.
 */
function promoted(op: ScatterOp, ins: readonly Tensor[]): Tensor[] {
  const E = promotion(op, ins);
  if (!E) return [...ins];
  const n = E.length;
  const to = (t: Tensor, i: number) => (E[i] === t.dtype ? t : convertTo(t, E[i]));
  return [...ins.slice(0, n).map(to), ins[n], ...ins.slice(n + 1).map(to)];
}

/** A scatter body of `module` as the core's per-update function (see bodyFunction). */
export function bodyUpdateFunction(module: Module, body: Body, dtypes: readonly DType[]): UpdateFunction {
  return bodyFunction({ module, checks: [], depth: 0 }, body, dtypes);
}

/**
 * A scatter body as the core's per-update function: scalars in, the body run on 0-d tensors,
 * scalars out. Slow (one small program per update) but exact; the common bodies never get here.
 */
function bodyFunction(ctx: Context, body: Body, dtypes: readonly DType[]): UpdateFunction {
  const n = dtypes.length;
  // The per-update path passes one real scalar per operand; a complex element is two.
  const complexType = dtypes.find(isComplex);
  if (complexType !== undefined)
    throw new DTypeError(
      'stablehlo.scatter.complex_body',
      `stablehlo.scatter: an update computation on ${complexType} must be one of the built-in bodies (add, subtract, multiply, minimum, maximum, or returning the update); got another body`,
      { dtype: complexType },
    );
  const f = (...xs: Scalar[]) => {
    const args = xs.map((x, k) => full([], x, dtypes[k % n]));
    const outs = runBody(ctx, body, args, 'scatter body');
    // Real dtypes only (checked above): item() is a Scalar.
    return n === 1 ? (outs[0].item() as Scalar) : outs.map((t) => t.item() as Scalar);
  };
  // The core runs this one: each element copied as it is stored (a typed array's slice and set
  // move bytes), so a NaN keeps its sign and payload through a body that only selects it — the
  // scalars above would re-encode it (a 16-bit float's JS value has no sign for NaN).
  const element = (s: Storage, k: number, dtype: DType) => new Tensor(dtype, [], s.slice(k, k + 1) as never);
  const onStorage: StorageUpdate = (results, at, updates, from) => {
    const args = [
      ...results.map((s, k) => element(s, at, dtypes[k])),
      ...updates.map((s, k) => element(s, from, dtypes[k])),
    ];
    const outs = runBody(ctx, body, args, 'scatter body');
    if (outs.length !== n) wrongResults(outs.length, n);
    outs.forEach((o, k) => {
      if (o.dtype !== dtypes[k] || o.size !== 1) wrongResults(outs.length, n, o);
      (results[k] as Storage & { set(a: ArrayLike<unknown>, at: number): void }).set(o.data as never, at);
    });
  };
  return Object.assign(f, { [ON_STORAGE]: onStorage });
}

/** A body that returns other than one 0-d tensor of each input's type (the verifier's C23 / C25). */
function wrongResults(count: number, n: number, t?: Tensor): never {
  const got = t ? `a ${t.dtype} tensor of shape ${fmt(t.shape)}` : `${count} value(s)`;
  throw new InvalidArgumentError(
    'stablehlo.scatter.C23',
    `stablehlo.scatter: update_computation must return ${n} 0-d tensor(s) of the inputs' element types; got ${got}`,
  );
}

function runCheck(ctx: Context, op: Extract<Op, { kind: 'check' }>, ins: Tensor[], where: string): Tensor[] {
  const expected = op.expected ?? ins[1];
  const failure = checkOutcome(op, ins[0], expected);
  ctx.checks.push({
    name: `check.${op.check}`,
    func: where,
    line: op.loc?.line,
    passed: failure === undefined,
    message: failure,
  });
  // check.eq also answers as an i1 (stablehlo-translate fails the run and returns false).
  return op.check === 'eq' ? [full([], failure === undefined, 'bool')] : [];
}
