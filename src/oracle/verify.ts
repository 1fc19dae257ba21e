/**
 * verify(call, candidate): is a runtime's result one the framework allows? Element by element,
 * against the set the framework's own rules leave open (allowed.ts), with the reason and the
 * rule's source for every element that falls outside it.
 *
 *   allowed(t) = { reference(t) }                         where the framework pins one answer
 *              ∪ { updates[g] : g ∈ G(t) }                 any duplicate may win (replace)
 *              ∪ { result under any order of G(t) }        any order (reductions; exhaustive ≤ 6)
 *              ∪ { x : |x − ref| ≤ 2·γ(n−1)·Σ|xᵢ| }        any order, a proven rounding bound (> 6)
 *              ∪ { every value }                          a float → integer cast C leaves undefined
 *   and any NaN where a NaN is allowed (payload freedom).
 *
 * G(t) are the updates that reach element t, read from the core's own trace (never a second copy
 * of the index arithmetic); orders are run by the core itself on permuted updates.
 */
import { type CoreCall, type ScatterCall, execute } from '../core/call.js';
import { traceCall } from '../core/trace.js';
import {
  BrokenPromiseError,
  DuplicateIndexError,
  GatherScatterError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
  fmt,
} from '../errors.js';
import { type LoweredCall, type ProgramCall, concreteCall } from '../ir/lowered.js';
import { valueTypes } from '../ir/program.js';
import { runModule } from '../ir/run.js';
import { type DType, decodeScalar, integerRange, isFloat, isInteger } from '../tensor/dtype.js';
import { Tensor, sameShape } from '../tensor/tensor.js';
import { BROKEN_PROMISE, type Liberties, NAN_PAYLOAD, type Rule, libertiesOf } from './allowed.js';

/** What a runtime produced: a tensor, or an error (its message). */
export type Candidate =
  | Tensor
  | {
      /** The runtime's refusal, as text. */
      readonly error: string;
    };

/** How the allowed set of an element was decided. */
export type Method = 'pinned' | 'winner' | 'exhaustive' | 'bound' | 'device' | 'any';

/** One element (or the whole result) outside the allowed set. */
export interface Violation {
  /** Multi-index in the result; empty for the whole result (shape, dtype, error). */
  readonly position: readonly number[];
  /** The allowed set, in words. */
  readonly expected: string;
  /** What the candidate has there, in words. */
  readonly got: string;
  /** Why it is not allowed. */
  readonly reason: string;
  /** A class name for campaign tables (`wrong value`, `accepts invalid input`, ...). */
  readonly class: string;
  /** The rule that pins (or bounds) the element. */
  readonly rule: Rule;
}

/** A liberty the check used: which rule, on how many elements, decided how. */
export interface LibertyUse {
  /** The spec's liberty (rule) used. */
  readonly rule: Rule;
  /** How many elements it allowed. */
  readonly elements: number;
  /** How the allowed set was decided. */
  readonly method: Method;
}

export interface Verdict {
  /** `outside_domain`: the input is outside the spec's domain, so any result is allowed. */
  readonly verdict: 'allowed' | 'departs' | 'outside_domain';
  /** The call's op. */
  readonly op: string;
  /** The elements outside the allowed set (at most `maxViolations`). */
  readonly violations: readonly Violation[];
  /** The liberties that allowed other answers than the library's. */
  readonly liberties: readonly LibertyUse[];
  /** Why the input is outside the spec's domain (with `outside_domain`). */
  readonly domain?: {
    /** In words. */
    readonly reason: string;
    /** The rule whose domain it leaves. */
    readonly rule: Rule;
  };
}

export interface VerifyOptions {
  /** Largest duplicate group whose orders are all run (6 → 720 runs); larger groups use the bound. */
  readonly maxExhaustive?: number;
  /** At most this many elements are written into `violations` (all are counted in the verdict). */
  readonly maxViolations?: number;
}

/** The rule of a pinned answer: the framework's op itself (the library's reference). */
function pinnedRule(call: LoweredCall): Rule {
  return {
    code: `${call.op}.result`,
    text: 'the framework pins one result for this input (no liberty of the spec applies)',
    source: 'the op\'s own documentation, as lowered by this library (docs/conformance.md, "Pinned answers")',
  };
}

/**
 * Decides whether `candidate` is a result the framework of `call` allows.
 *
 * @example
 * const call = onnx.lower.ScatterND(data, idx, upd, { reduction: 'add' });
 * verify(call, runtimeOutput).verdict  // 'allowed' | 'departs' | 'outside_domain'
 */
export function verify(call: LoweredCall, candidate: Candidate, options: VerifyOptions = {}): Verdict {
  if (!call || (call.kind !== 'gather' && call.kind !== 'scatter' && call.kind !== 'program'))
    throw new InvalidArgumentError(
      'oracle.verify.call',
      `verify: call must be a lowered CoreCall; got ${fmt(call)}`,
    );
  // A program (a frontend's multi-op lowering) pins its one answer: no liberty is known for it.
  const free = libertiesOf(call);
  const domain = call.kind === 'program' ? undefined : outsideDomain(call, free);
  if (domain) return { verdict: 'outside_domain', op: call.op, violations: [], liberties: [], domain };
  const quiet = { ...call, out: undefined, atomic_out: false } as LoweredCall;
  let reference: Tensor;
  try {
    reference = execute(quiet);
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    if (e instanceof DuplicateIndexError && free.duplicate_error_allowed && call.kind === 'scatter') {
      if (!(candidate instanceof Tensor)) return allowed(call, []);
      return compare(relaxed(call), candidate, free, options);
    }
    if (
      e instanceof IndexOutOfBoundsError &&
      free.device &&
      candidate instanceof Tensor &&
      call.kind !== 'program'
    ) {
      const other = otherDevice(call, free.device, candidate, options);
      if (other) return other;
    }
    return pinnedError(call, e, candidate);
  }
  if (!(candidate instanceof Tensor)) {
    const rule = pinnedRule(call);
    const v: Violation = {
      position: [],
      expected: `a ${reference.dtype} tensor of shape ${fmt(reference.shape)}`,
      got: `error: ${candidate.error}`,
      reason: 'the input is valid, but the runtime refused it',
      class: 'rejects valid input',
      rule,
    };
    return { verdict: 'departs', op: call.op, violations: [v], liberties: [] };
  }
  return compare(quiet, candidate, free, options, reference);
}

function allowed(call: LoweredCall, liberties: LibertyUse[]): Verdict {
  return { verdict: 'allowed', op: call.op, violations: [], liberties };
}

/** The call with duplicates applied (for a forbidden-duplicates op: the winners come from it). */
function relaxed(call: ScatterCall): ScatterCall {
  return { ...call, out: undefined, atomic_out: false, options: { ...call.options, duplicates: 'apply' } };
}

/**
 * A framework whose out-of-bounds error is one device's answer (TF on CPU): the candidate is
 * allowed when it is the other device's (GPU: gathers store zeros, scatters skip the update).
 */
function otherDevice(
  call: CoreCall,
  rule: Rule,
  candidate: Tensor,
  options: VerifyOptions,
): Verdict | undefined {
  const zero = (d: DType) => (d === 'int64' || d === 'uint64' ? 0n : d === 'bool' ? false : 0);
  const gpu: CoreCall =
    call.kind === 'gather'
      ? {
          ...call,
          out: undefined,
          options: { ...call.options, mode: 'fill', fill_value: zero(call.operand.dtype) },
        }
      : { ...call, out: undefined, options: { ...call.options, mode: 'skip' } };
  let value: Tensor;
  try {
    value = execute(gpu);
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    return undefined;
  }
  const v = compare(gpu, candidate, {}, options, value);
  if (v.verdict !== 'allowed') return undefined;
  return {
    verdict: 'allowed',
    op: call.op,
    violations: [],
    liberties: [{ rule, elements: candidate.size, method: 'device' }],
  };
}

/** The spec pins an error: a candidate tensor departs ("accepts invalid input"). */
function pinnedError(call: LoweredCall, e: GatherScatterError, candidate: Candidate): Verdict {
  if (!(candidate instanceof Tensor)) return allowed(call, []);
  const rule: Rule = { code: e.code, text: e.message, source: `the ${call.op} spec (rule ${e.code})` };
  const v: Violation = {
    position: [],
    expected: `an error (${e.code})`,
    got: `a ${candidate.dtype} tensor of shape ${fmt(candidate.shape)}`,
    reason: e.message,
    class: 'accepts invalid input',
    rule,
  };
  return { verdict: 'departs', op: call.op, violations: [v], liberties: [] };
}

/**
 * Why the input is outside the spec's domain, if it is: a broken promise (checked by the core's
 * own `checked` mode) or an out-of-bounds index where the framework leaves the result open.
 */
function outsideDomain(call: CoreCall, free: Liberties): Verdict['domain'] {
  try {
    execute({
      ...call,
      out: undefined,
      atomic_out: false,
      options: { ...call.options, checked: true },
    } as CoreCall);
  } catch (e) {
    if (e instanceof BrokenPromiseError)
      return {
        reason: `input outside the spec's domain: ${e.message}`,
        rule: { ...BROKEN_PROMISE, code: e.code },
      };
    if (!(e instanceof GatherScatterError)) throw e;
  }
  if (!free.oob_outside) return undefined;
  let entries: ReturnType<typeof traceCall>['entries'];
  try {
    entries = traceCall(call).entries;
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    return undefined;
  }
  const bad = entries.find((x) => x.status !== 'in_bounds' && x.status !== 'from_end');
  if (!bad) return undefined;
  return {
    reason: `input outside the spec's domain: index ${fmt(bad.indexValues)} at ${fmt(bad.indexPositions[0] ?? [])} is out of bounds`,
    rule: free.oob_outside,
  };
}

/** Element value as a JS number (64-bit integers exactly as bigint). */
function valueAt(t: Tensor, i: number): number | bigint | boolean {
  return decodeScalar(t.dtype, (t.data as ArrayLike<number | bigint>)[i]);
}

function same(a: number | bigint | boolean, b: number | bigint | boolean): boolean {
  return Object.is(a, b) || (typeof a === 'bigint' && typeof b === 'bigint' && a === b);
}

const isNaNValue = (v: unknown): boolean => typeof v === 'number' && Number.isNaN(v);

/** The elements reached by two or more updates: target offset → update offsets, in update order. */
function duplicateGroups(call: ScatterCall): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const e of traceCall(call).entries) {
    if (!e.duplicate || e.operandOffset < 0) continue;
    const g = groups.get(e.operandOffset);
    if (g) g.push(e.spaceOffset);
    else groups.set(e.operandOffset, [e.spaceOffset]);
  }
  return groups;
}

/** Unit roundoff of a float dtype. */
function unitRoundoff(dtype: DType): number {
  if (dtype === 'float64') return 2 ** -53;
  if (dtype === 'float16') return 2 ** -11;
  if (dtype === 'bfloat16') return 2 ** -8;
  return 2 ** -24;
}

/** Per element: extra allowed values, or a bound around the reference, and the rule behind it. */
interface Allowance {
  readonly values: Set<string>;
  bound?: number;
  method: Method;
  readonly rule: Rule;
}

const key = (v: number | bigint | boolean): string =>
  typeof v === 'number' ? (Object.is(v, -0) ? '-0' : String(v)) : String(v);

/** Builds the allowed alternatives of every duplicate element of a scatter with a liberty. */
function allowances(call: ScatterCall, free: Liberties, options: VerifyOptions): Map<number, Allowance> {
  const out = new Map<number, Allowance>();
  const rule = free.winner ?? free.order;
  if (!rule) return out;
  const cc = concreteCall(call);
  const dtype = cc.inputs[0].dtype;
  const reducer = cc.update_computation;
  // Integer and boolean reductions are exact whatever the order: only the winner is open.
  if (!free.winner && isFloat(dtype) === false && typeof reducer === 'string') return out;
  const groups = duplicateGroups(cc);
  if (groups.size === 0) return out;
  const upd = cc.updates[0];
  if (free.winner) {
    for (const [t, g] of groups)
      out.set(t, { values: new Set(g.map((s) => key(valueAt(upd, s)))), method: 'winner', rule });
    return out;
  }
  const limit = options.maxExhaustive ?? 6;
  // Exhaustive runs of the whole call are capped (about 2e7 element updates); past it, the bound.
  const fits = (g: readonly number[]) => g.length <= limit && factorial(g.length) * upd.size <= 2e7;
  const small = [...groups].filter(([, g]) => fits(g));
  const large = [...groups].filter(([, g]) => !fits(g));
  const runs = small.reduce((m, [, g]) => Math.max(m, factorial(g.length)), 1);
  for (const [t] of small) out.set(t, { values: new Set(), method: 'exhaustive', rule });
  for (let k = 1; k < runs; k++) {
    const r = execute(permuted(cc, small, k));
    for (const [t] of small) out.get(t)?.values.add(key(valueAt(r, t)));
  }
  for (const [t, g] of large) out.set(t, boundOf(cc, t, g, rule));
  return out;
}

/**
 * The elements a program's final float → integer `convert` (numpy.take's cast back into `out`)
 * computes from a value C leaves undefined: any value is allowed there (`cast_undefined`). The
 * values before the cast come from the program itself, its result swapped for the convert's
 * operand.
 */
function castAllowances(call: ProgramCall, rule: Rule): Map<number, Allowance> {
  const out = new Map<number, Allowance>();
  const main = call.module.funcs.find((f) => f.name === call.module.entry);
  if (main?.returns.length !== 1) return out;
  let id = main.params.length;
  const producer = main.ops.find((op) => {
    const at = id;
    id += op.results.length;
    return at === main.returns[0];
  });
  if (producer?.kind !== 'convert') return out;
  const types = valueTypes(main);
  const from = types[producer.operands[0]];
  const to = producer.results[0].dtype;
  if (!isFloat(from.dtype) || !isInteger(to)) return out;
  const before = { ...main, returns: [producer.operands[0]], results: [from] };
  const [source] = runModule({ funcs: [before], entry: main.name }, call.args).results;
  const [lo, hi] = integerRange(to);
  for (let i = 0; i < source.size; i++) {
    const x = Number(valueAt(source, i));
    const t = Number.isFinite(x) ? BigInt(Math.trunc(x)) : undefined;
    if (t === undefined || t < lo || t > hi) out.set(i, { values: new Set(), method: 'any', rule });
  }
  return out;
}

function factorial(n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}

/** The k-th permutation of [0, n) (factorial number system); k ≥ n! wraps. */
function permutation(n: number, k: number): number[] {
  const pool = Array.from({ length: n }, (_, i) => i);
  const out: number[] = [];
  let rest = k % factorial(n);
  for (let i = n; i > 0; i--) {
    const f = factorial(i - 1);
    out.push(pool.splice(Math.floor(rest / f), 1)[0]);
    rest %= f;
  }
  return out;
}

/** The call with each small group's updates reordered by permutation k (other elements untouched). */
function permuted(cc: ScatterCall, groups: readonly (readonly [number, number[]])[], k: number): ScatterCall {
  const updates = cc.updates.map((u) => {
    const data = u.data.slice() as typeof u.data;
    for (const [, g] of groups) {
      const p = permutation(g.length, k);
      for (let j = 0; j < g.length; j++) (data as Float64Array)[g[j]] = (u.data as Float64Array)[g[p[j]]];
    }
    return new Tensor(u.dtype, u.shape, data);
  });
  return {
    ...cc,
    updates,
    out: undefined,
    atomic_out: false,
    options: { ...cc.options, duplicates: 'apply' },
  };
}

/**
 * Any order of recursive summation (or a tree) of n terms lies within γ(n−1)·Σ|xᵢ| of the exact
 * sum (Higham, Accuracy and Stability of Numerical Algorithms, §4.2), so two orders differ by at
 * most twice that; a product within γ(n−1)·Π|xᵢ|. min/max are order-free up to the sign of zero.
 */
function boundOf(cc: ScatterCall, t: number, g: readonly number[], rule: Rule): Allowance {
  const upd = cc.updates[0];
  const init = cc.options.include_self ? [Number(valueAt(cc.inputs[0], t))] : [];
  const xs = [...init, ...g.map((s) => Number(valueAt(upd, s)))];
  const u = unitRoundoff(upd.dtype);
  const n = xs.length;
  const gamma = ((n - 1) * u) / (1 - (n - 1) * u);
  const r = cc.update_computation;
  let bound = 0;
  if (r === 'add' || r === 'sub') bound = 2 * gamma * xs.reduce((a, x) => a + Math.abs(x), 0);
  else if (r === 'mean') bound = (2 * gamma * xs.reduce((a, x) => a + Math.abs(x), 0)) / n + u;
  else if (r === 'mul') bound = 2 * gamma * xs.reduce((a, x) => a * Math.abs(x), 1);
  // min / max: bound 0 still lets -0 and +0 trade places (|-0 - 0| = 0).
  return { values: new Set(), bound, method: 'bound', rule };
}

/** Compares a candidate tensor with the allowed set, element by element. */
function compare(
  call: LoweredCall,
  candidate: Tensor,
  free: Liberties,
  options: VerifyOptions,
  given?: Tensor,
): Verdict {
  const reference = given ?? execute(call);
  const pinned = pinnedRule(call);
  if (candidate.dtype !== reference.dtype || !sameShape(candidate.shape, reference.shape)) {
    const v: Violation = {
      position: [],
      expected: `a ${reference.dtype} tensor of shape ${fmt(reference.shape)}`,
      got: `a ${candidate.dtype} tensor of shape ${fmt(candidate.shape)}`,
      reason: 'the result has the wrong dtype or shape',
      class: 'wrong shape or dtype',
      rule: pinned,
    };
    return { verdict: 'departs', op: call.op, violations: [v], liberties: [] };
  }
  const extra =
    call.kind === 'scatter'
      ? allowances(call, free, options)
      : call.kind === 'program' && free.cast_undefined
        ? castAllowances(call, free.cast_undefined)
        : new Map<number, Allowance>();
  const violations: Violation[] = [];
  const uses = new Map<string, { rule: Rule; elements: number; method: Method }>();
  const use = (rule: Rule, method: Method) => {
    const k = `${rule.code}/${method}`;
    const u = uses.get(k) ?? { rule, elements: 0, method };
    u.elements++;
    uses.set(k, u);
  };
  const max = options.maxViolations ?? 100;
  let count = 0;
  for (let i = 0; i < reference.size; i++) {
    const want = valueAt(reference, i);
    const got = valueAt(candidate, i);
    if (same(want, got)) continue;
    if (isNaNValue(want) && isNaNValue(got)) continue;
    const a = extra.get(i);
    if (a?.method === 'any') {
      use(a.rule, a.method);
      continue;
    }
    if (a && (a.values.has(key(got)) || (isNaNValue(got) && [...a.values].includes('NaN')))) {
      use(a.rule, a.method);
      continue;
    }
    if (a?.bound !== undefined && typeof got === 'number' && Math.abs(got - Number(want)) <= a.bound) {
      use(a.rule, a.method);
      continue;
    }
    count++;
    if (violations.length < max) violations.push(violationAt(reference, i, want, got, a, pinned));
  }
  const liberties = [...uses.values()];
  if (count === 0) return allowed(call, liberties);
  return { verdict: 'departs', op: call.op, violations, liberties };
}

function violationAt(
  reference: Tensor,
  i: number,
  want: number | bigint | boolean,
  got: number | bigint | boolean,
  a: Allowance | undefined,
  pinned: Rule,
): Violation {
  const position = unravelOffset(i, reference.shape);
  const set = a ? [key(want), ...[...a.values].filter((v) => v !== key(want))] : [key(want)];
  let expected = set.length === 1 ? set[0] : `one of {${set.join(', ')}}`;
  if (a?.bound !== undefined && a.method === 'bound')
    expected += ` or within ${a.bound.toPrecision(3)} of ${key(want)}`;
  if (a) expected += ` (${a.method})`;
  const dropped = isNaNValue(want) && !isNaNValue(got);
  const reason = dropped
    ? `a NaN is required here (${NAN_PAYLOAD.code}: any payload, but a NaN)`
    : a
      ? `not a result any allowed order or winner gives (${a.rule.code})`
      : 'the framework pins this element';
  return {
    position,
    expected,
    got: key(got),
    reason,
    class: dropped ? 'NaN dropped' : 'wrong value',
    rule: a?.rule ?? pinned,
  };
}

function unravelOffset(i: number, shape: readonly number[]): number[] {
  const out = new Array<number>(shape.length).fill(0);
  for (let d = shape.length - 1; d >= 0; d--) {
    out[d] = i % shape[d];
    i = Math.floor(i / shape[d]);
  }
  return out;
}

/**
 * verify for a call that may not lower: a lowering error (a shape or attribute rule) is the
 * answer the framework pins, so a candidate error is allowed and a candidate tensor departs.
 */
export function verifyLowering(
  lower: () => LoweredCall,
  candidate: Candidate,
  options: VerifyOptions = {},
): Verdict {
  let call: LoweredCall;
  try {
    call = lower();
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    const op = String(e.code).split('.').slice(0, 2).join('.');
    return pinnedError({ op } as CoreCall, e, candidate);
  }
  return verify(call, candidate, options);
}
