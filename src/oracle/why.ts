/**
 * why: every constraint a call violates, each with its rule code and the spec's words (the
 * library's typed-error message). Shape and attribute rules stop at the first the frontend
 * checks (later ones depend on it); index-value rules are all listed, read from the core's trace.
 */
import { type CoreCall, execute } from '../core/call.js';
import { traceCall } from '../core/trace.js';
import { BrokenPromiseError, GatherScatterError, fmt } from '../errors.js';
import type { LoweredCall } from '../ir/lowered.js';
import { readModule } from '../stablehlo-text/read.js';

/** One violated constraint. */
export interface WhyItem {
  readonly code: string;
  readonly message: string;
  /** The text's line, for StableHLO text. */
  readonly line?: number;
  /** Where in the indices, for index-value rules. */
  readonly position?: readonly number[];
}

export interface Why {
  readonly op: string;
  /** No violation: the call runs. */
  readonly ok: boolean;
  readonly violations: readonly WhyItem[];
  /** False when a shape/attribute rule stopped the check (rules after it were not evaluated). */
  readonly complete: boolean;
}

/** Lowers (through `lower`) and lists every violation it can find. */
export function why(lower: () => LoweredCall): Why {
  let call: LoweredCall;
  try {
    call = lower();
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    const op = String(e.code).split('.').slice(0, 2).join('.');
    return { op, ok: false, violations: [{ code: e.code, message: e.message }], complete: false };
  }
  const items = call.kind === 'program' ? [] : [...indexViolations(call), ...promiseViolations(call)];
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
    return { op: 'stablehlo', ok: false, violations, complete: listed !== undefined };
  }
  return { op: 'stablehlo', ok: true, violations: [], complete: true };
}
