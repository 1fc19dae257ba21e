/**
 * why: every constraint a call violates, each with its rule code and the spec's words (the
 * library's typed-error message). The frontend's rules run in their order under
 * `collectFailures`: an argument-level rule (a dtype) records its failure and the check goes on;
 * an axis, enum or flag without a valid value goes on with a valid stand-in, after which only
 * argument-level failures are reported; any other failure ends the check, and `notEvaluated` says what was left. Index-value
 * rules are all listed, read from the core's trace, once every other rule holds.
 */
import { type CoreCall, execute } from '../core/call.js';
import { traceCall } from '../core/trace.js';
import { BrokenPromiseError, GatherScatterError, InvalidArgumentError, fmt } from '../errors.js';
import { type RecordedFailure, collectFailures } from '../frameworks/args.js';
import type { LoweredCall } from '../ir/lowered.js';
import { readModule } from '../stablehlo-text/read.js';

/** One violated constraint. */
export interface WhyItem {
  /** The rule code. */
  readonly code: string;
  /** The error message the call throws for it. */
  readonly message: string;
  /** The text's line, for StableHLO text. */
  readonly line?: number;
  /** Where in the indices, for index-value rules. */
  readonly position?: readonly number[];
}

/** Every violation found in one call, and whether the search was complete. */
export interface Why {
  /** The op the violations belong to. */
  readonly op: string;
  /** No violation: the call runs. */
  readonly ok: boolean;
  /** The violations found, in order. */
  readonly violations: readonly WhyItem[];
  /** False when some rules were not evaluated; `notEvaluated` then says which, and why. */
  readonly complete: boolean;
  /** Which rules were not evaluated, and why (when `complete` is false). */
  readonly notEvaluated?: string;
}

/** Lowers (through `lower`) and lists every violation it can find. */
export function why(lower: () => LoweredCall): Why {
  const { failures, run } = collectFailures(lower);
  let call: LoweredCall | undefined;
  let stop: GatherScatterError | undefined;
  try {
    call = run();
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    stop = e;
  }
  // A lower that returned no call (and threw nothing) broke the caller's contract, not a rule.
  if (stop === undefined && (typeof call !== 'object' || call === null))
    throw new InvalidArgumentError(
      'oracle.why.lower',
      `why: lower must return a lowered call; got ${fmt(call)}`,
    );
  if (call === undefined || failures.length > 0) return ruleViolations(failures, stop, call?.op);
  let items: WhyItem[];
  try {
    items = call.kind === 'program' ? [] : [...indexViolations(call), ...promiseViolations(call)];
  } catch (e) {
    // A rule the core checks before it reads any index (a frontend that leaves it to the core).
    if (!(e instanceof GatherScatterError)) throw e;
    const notEvaluated = `the rules the core checks after ${e.code}, and the index-value rules`;
    return { op: call.op, ok: false, violations: [itemOf(e)], complete: false, notEvaluated };
  }
  if (items.length === 0) {
    // Anything else the run refuses (e.g. a budget) is reported as it is thrown.
    try {
      execute({ ...call, out: undefined } as LoweredCall);
    } catch (e) {
      if (!(e instanceof GatherScatterError)) throw e;
      items.push({ code: e.code, message: e.message });
    }
  }
  return { op: call.op, ok: items.length === 0, violations: items, complete: true };
}

/** `onnx.GatherND-13.batch_dims` → `onnx.GatherND-13`: the op a rule code belongs to. */
const opOf = (code: string): string => code.split('.').slice(0, 2).join('.');

const itemOf = (e: GatherScatterError): WhyItem => ({ code: e.code, message: e.message });

/**
 * The shape, attribute and dtype rules that failed. `stop` (the failure that ended the check) is
 * reported only when it read the caller's own values: not after a stand-in, and not when it is
 * another op's rule (the core's) reached only because an argument-level rule had already failed.
 */
function ruleViolations(failures: readonly RecordedFailure[], stop?: GatherScatterError, op?: string): Why {
  // A rule is listed once: two checks of one argument's dtype may share a code (WebNN's operand
  // data type, then its index data types).
  const items = failures
    .filter((f, i) => failures.findIndex((g) => g.error.code === f.error.code) === i)
    .map((f) => itemOf(f.error));
  const first = failures.find((f) => f.standIn !== undefined);
  const own = stop !== undefined && (items.length === 0 || opOf(stop.code) === opOf(items[0].code));
  let notEvaluated: string;
  if (first?.standIn) {
    const { name, value } = first.standIn;
    notEvaluated = `the rules checked after ${first.error.code}, except argument-level dtype rules: they may read ${name}, which that rule leaves without a meaning`;
    if (stop)
      notEvaluated += ` (the next failure, ${stop.code}, was found with the stand-in ${name} = ${fmt(value)} and is not reported)`;
  } else if (stop && own) {
    if (!items.some((x) => x.code === stop.code)) items.push(itemOf(stop));
    notEvaluated = `the rules checked after ${stop.code}: they may read what that rule makes meaningless`;
  } else if (stop) {
    notEvaluated = `the rules checked after ${items[items.length - 1].code}, except argument-level ones (the next failure, ${stop.code}, is another op's rule reached with an argument that already breaks one and is not reported)`;
  } else {
    notEvaluated =
      'the index-value rules (bounds, duplicates, promises): they are checked once every shape, attribute and dtype rule holds';
  }
  return { op: op ?? opOf(items[0].code), ok: false, violations: items, complete: false, notEvaluated };
}

/** Out-of-bounds indices under an `error` policy and forbidden duplicates: every one, from the trace. */
function indexViolations(call: CoreCall): WhyItem[] {
  const trace = traceCall(call);
  const items: WhyItem[] = [];
  const seen = new Set<number>();
  const oobCode = call.options.oob_code ?? `${call.op}.index_out_of_bounds`;
  for (const e of trace.entries) {
    if (e.status !== 'error' || seen.has(e.batch)) continue;
    seen.add(e.batch);
    items.push({
      code: oobCode,
      message: `${call.op}: index ${fmt(e.indexValues)} at indices position ${fmt(e.indexPositions[0] ?? [])} is out of bounds for operand shape ${fmt(trace.operandShape)} (${oobCode})`,
      position: e.indexPositions[0] ?? [],
    });
  }
  if (call.kind === 'scatter' && call.options.duplicates === 'error') {
    const code = call.options.duplicate_code ?? `${call.op}.duplicate_indices`;
    const targets = new Map<number, number[]>();
    for (const e of trace.entries)
      if (e.duplicate) targets.set(e.operandOffset, [...(targets.get(e.operandOffset) ?? []), e.batch]);
    for (const [, batches] of targets) {
      const e = trace.entries.find((x) => x.batch === batches[0] && x.duplicate);
      items.push({
        code,
        message: `${call.op}: ${batches.length} updates write element ${fmt(e?.operand ?? [])} (update index vectors ${fmt([...new Set(batches)])}); the spec forbids duplicate targets (${code})`,
        position: e?.indexPositions[0] ?? [],
      });
    }
  }
  return items;
}

/** A broken promise (sorted / unique / in bounds), as the core's checked mode finds it. */
function promiseViolations(call: CoreCall): WhyItem[] {
  try {
    execute({ ...call, out: undefined, options: { ...call.options, checked: true } } as CoreCall);
  } catch (e) {
    if (e instanceof BrokenPromiseError) return [{ code: e.code, message: e.message }];
    if (!(e instanceof GatherScatterError)) throw e;
  }
  return [];
}

/**
 * why for StableHLO / HLO text: the reader already verifies every op and lists every violation
 * (each with its rule code and line), so all of them are reported, not only the first.
 */
export function whyModule(text: string): Why {
  try {
    readModule(text);
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    const listed = e.details.violations as readonly WhyItem[] | undefined;
    const violations = listed ?? [{ code: e.code, message: e.message }];
    if (listed) return { op: 'stablehlo', ok: false, violations, complete: true };
    const notEvaluated = `the rules the reader checks after ${e.code}`;
    return { op: 'stablehlo', ok: false, violations, complete: false, notEvaluated };
  }
  return { op: 'stablehlo', ok: true, violations: [], complete: true };
}
