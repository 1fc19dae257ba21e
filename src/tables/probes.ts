/**
 * The behaviour probes: small calls that ask one question each (what does a negative index
 * do? a duplicate? an out-of-bounds index? what is left where no index points? which axis is
 * the default?) and answer it by executing the op and reading the trace of its lowered call.
 * Nothing here states a framework's behaviour; it only runs the frontends.
 *
 * Probe inputs are position-encoding integers (STYLE §9): data[r][c] = 10·(r+1) + c, so the
 * value read says which row it came from.
 */
import { type CoreCall, execute } from '../core/call.js';
import { type TraceStatus, traceCall } from '../core/trace.js';
import { GatherScatterError } from '../errors.js';
import type { NestedArray, Tensor } from '../tensor/tensor.js';
import { type CallArgs, type OpEntry, executeCall, lowerCall } from './registry.js';

/** The questions. */
export type ProbeName =
  | 'negative_index'
  | 'duplicate_index'
  | 'out_of_bounds'
  | 'not_covered'
  | 'default_axis'
  | 'negative_axis';

/** Categories a measured answer falls in (used to compare with the article's cells). */
export type Category =
  | 'from_end'
  | 'error'
  | 'clamped'
  | 'wrapped'
  | 'zero'
  | 'filled'
  | 'ignored'
  | 'allowed'
  | 'accumulate'
  | 'last_wins'
  | 'first_wins'
  | 'same_as_data'
  | 'axis0'
  | 'first_non_batch'
  | 'flattened'
  | 'other_axis'
  | 'supported'
  | 'na'
  | 'modes'
  | 'missing';

/** One measured answer. */
export interface ProbeResult {
  readonly probe: ProbeName;
  readonly category: Category;
  /** Human text for a table cell. */
  readonly text: string;
  /** Error code when the call threw. */
  readonly code?: string;
}

const ROWS = 3;
const COLS = 3;
const DATA: number[][] = Array.from({ length: ROWS }, (_, r) =>
  Array.from({ length: COLS }, (_, c) => 10 * (r + 1) + c),
);
const BASE = 5; // scatter input value: tells "same as data" from "zero"

/** What happened to one call. */
interface Outcome {
  value?: Tensor;
  error?: unknown;
  call?: CoreCall;
}

function attempt(ns: Readonly<Record<string, unknown>>, entry: OpEntry, args: CallArgs): Outcome {
  let call: CoreCall | undefined;
  try {
    if (entry.state === 'ready') call = lowerCall(ns, entry, args);
    const value = call ? execute(call) : executeCall(ns, entry, args);
    return { value, ...(call ? { call } : {}) };
  } catch (error) {
    return { error, ...(call ? { call } : {}) };
  }
}

const codeOf = (e: unknown): string =>
  e instanceof GatherScatterError ? e.code : e instanceof Error ? e.name : 'error';

/**
 * The canonical probe inputs for an op, selecting rows of DATA (axis 0) by `rows`. Gather
 * families: take (one row per index), elements (indices [1, COLS]), nd (1-tuples), flat.
 * Scatter families: the mirror image, updates 100·(k+1) + c.
 */
export function probeArgs(entry: OpEntry, rows: readonly number[], over: Partial<CallArgs> = {}): CallArgs {
  const sig = entry.signature;
  const fam = sig.family;
  const first = sig.indexVector === 'first';
  const upd = (k: number) => Array.from({ length: COLS }, (_, c) => 100 * (k + 1) + c);
  const attrs: Record<string, unknown> = { ...(sig.example ?? {}) };
  const axisName = sig.aliases?.axis ?? 'axis';
  if (axisName in attrs) attrs[axisName] = 0;
  let indices: NestedArray;
  let updates: NestedArray | undefined;
  const scatter = sig.kind === 'scatter';
  const data: NestedArray = scatter ? DATA.map((row) => row.map(() => BASE)) : DATA;
  switch (fam) {
    case 'take':
    case 'scatter_take':
      // DirectML right-aligns every tensor to one DimensionCount.
      indices = entry.framework === 'directml' ? [[...rows]] : [...rows];
      updates = rows.map((_, k) => upd(k));
      break;
    case 'elements':
    case 'scatter_elements':
      // every column reads (writes) row rows[k] in indices row k
      indices = rows.map((r) => Array.from({ length: COLS }, () => r));
      updates = rows.map((_, k) => upd(k));
      break;
    case 'tuple':
    case 'scatter_tuple':
      // x[rows] as a one-array index tuple, stacked along the first dim (OpSignature.indexTuple)
      indices = [[...rows]];
      updates = rows.map((_, k) => upd(k));
      break;
    case 'nd':
    case 'scatter_nd':
      indices = first ? [[...rows]] : rows.map((r) => [r]);
      updates = rows.map((_, k) => upd(k));
      break;
    case 'pick':
      // out[j] = data[index[j], j] along axis 0
      indices = Array.from({ length: COLS }, () => rows[0]);
      attrs.axis = 0;
      break;
    case 'flat':
    case 'scatter_flat':
      // flat offset of column 0 of each row (negatives: from the end of the flat array)
      indices = rows.map((r) => r * COLS);
      updates = rows.map((_, k) => 100 * (k + 1));
      break;
    default:
      return generalArgs(entry, rows, data, over);
  }
  if ('shape' in attrs) attrs.shape = [ROWS, COLS];
  return {
    data,
    indices,
    ...(scatter ? { updates } : {}),
    dataDType: 'int32',
    indexDType: sig.indexDType ?? 'int64',
    ...over,
    attrs: { ...attrs, ...(over.attrs ?? {}) },
  };
}

/** StableHLO-style ops: a row gather / row scatter spelled as dimension numbers. */
function generalArgs(
  entry: OpEntry,
  rows: readonly number[],
  data: NestedArray,
  over: Partial<CallArgs>,
): CallArgs {
  const indices = rows.map((r) => [r]);
  const updates = rows.map((_, k) => Array.from({ length: COLS }, (_, c) => 100 * (k + 1) + c));
  const gatherDn = {
    offset_dims: [1],
    collapsed_slice_dims: [0],
    start_index_map: [0],
    index_vector_dim: 1,
    slice_sizes: [1, COLS],
  };
  const scatterDn = {
    update_window_dims: [1],
    inserted_window_dims: [0],
    scatter_dims_to_operand_dims: [0],
    index_vector_dim: 1,
  };
  let attrs: Record<string, unknown>;
  const kind = entry.signature.kind;
  let upd: NestedArray = updates;
  if (entry.framework === 'stablehlo') attrs = kind === 'gather' ? gatherDn : scatterDn;
  else if (entry.framework === 'jax') {
    attrs =
      kind === 'gather'
        ? {
            dimension_numbers: { offset_dims: [1], collapsed_slice_dims: [0], start_index_map: [0] },
            slice_sizes: [1, COLS],
          }
        : {
            dimension_numbers: {
              update_window_dims: [1],
              inserted_window_dims: [0],
              scatter_dims_to_operand_dims: [0],
            },
          };
  } else if (entry.framework === 'mlir') {
    // rank-preserving: the gathered dim stays as size 1
    attrs = { ...(entry.signature.example ?? {}) };
    upd = updates.map((u) => [u]);
  } else attrs = { ...(entry.signature.example ?? {}) };
  return {
    data,
    indices,
    ...(kind === 'scatter' ? { updates: upd } : {}),
    dataDType: 'int32',
    indexDType: 'int64',
    ...over,
    attrs: { ...attrs, ...(over.attrs ?? {}) },
  };
}

/** Row a gathered value came from (DATA encodes it), or null. */
function rowOf(v: unknown): number | null {
  const n = typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : Number.NaN;
  if (!Number.isFinite(n)) return null;
  const r = Math.floor(n / 10) - 1;
  return r >= 0 && r < ROWS && n % 10 < COLS ? r : null;
}

const statusCategory: Record<TraceStatus, Category> = {
  in_bounds: 'allowed',
  from_end: 'from_end',
  clamped: 'clamped',
  wrapped: 'wrapped',
  filled: 'filled',
  dropped: 'ignored',
  skipped: 'ignored',
  error: 'error',
};

/** Reads a gather/scatter index probe (one index `row`): which row was read or written, and why. */
function indexProbe(
  ns: Readonly<Record<string, unknown>>,
  entry: OpEntry,
  probe: ProbeName,
  row: number,
  over: Partial<CallArgs> = {},
): ProbeResult {
  const out = attempt(ns, entry, probeArgs(entry, [row], over));
  if (out.error !== undefined)
    return { probe, category: 'error', text: `Error (\`${codeOf(out.error)}\`)`, code: codeOf(out.error) };
  const value = out.value!;
  const status = out.call ? traceCall(out.call).entries[0]?.status : undefined;
  if (entry.signature.kind === 'gather') {
    const v = value.toFlatArray()[0];
    const r = rowOf(v);
    if (r === null) {
      const zero = v === 0 || v === 0n;
      return { probe, category: zero ? 'zero' : 'filled', text: zero ? 'Zero' : `Fill value (${String(v)})` };
    }
    return fromRow(probe, row, r, status);
  }
  // scatter: the trace names the written element (the property tests tie it to the value);
  // without a lowering, look for the row whose values changed.
  if (out.call) {
    const e = traceCall(out.call).entries[0];
    if (!e || e.operandOffset < 0) return { probe, category: 'ignored', text: 'Ignored (update dropped)' };
    return fromRow(probe, row, Math.floor(e.operandOffset / COLS), status);
  }
  const flat = value.toFlatArray().map(Number);
  const changed = DATA.map((_, r) => r).filter((r) =>
    flat.slice(r * COLS, (r + 1) * COLS).some((x) => x !== BASE && x !== 0),
  );
  if (changed.length === 0) return { probe, category: 'ignored', text: 'Ignored (update dropped)' };
  return fromRow(probe, row, changed[0], status);
}

function fromRow(probe: ProbeName, asked: number, got: number, status: TraceStatus | undefined): ProbeResult {
  if (asked >= 0 && asked < ROWS && got === asked)
    return { probe, category: 'supported', text: 'Used as given' };
  if (asked < 0 && got === asked + ROWS && status !== 'wrapped')
    return { probe, category: 'from_end', text: 'Supported (counts from the end)' };
  if (status && status !== 'in_bounds' && status !== 'from_end') {
    const c = statusCategory[status];
    return {
      probe,
      category: c,
      text: c === 'clamped' ? `Clamped (row ${got})` : c === 'wrapped' ? `Wrapped (row ${got})` : status,
    };
  }
  // No trace (op without lowering): infer from the row.
  if (got === Math.min(Math.max(asked, 0), ROWS - 1))
    return { probe, category: 'clamped', text: `Clamped (row ${got})` };
  return { probe, category: 'wrapped', text: `Wrapped (row ${got})` };
}

/** Gather: duplicates are allowed if the call runs. Scatter: what two updates to one row give. */
function duplicateProbe(
  ns: Readonly<Record<string, unknown>>,
  entry: OpEntry,
  over: Partial<CallArgs> = {},
): ProbeResult {
  const probe: ProbeName = 'duplicate_index';
  const out = attempt(ns, entry, probeArgs(entry, [1, 1], over));
  if (out.error !== undefined)
    return { probe, category: 'error', text: `Error (\`${codeOf(out.error)}\`)`, code: codeOf(out.error) };
  if (entry.signature.kind === 'gather') return { probe, category: 'allowed', text: 'Allowed' };
  if (
    !entry.signature.params.includes('updates') &&
    !entry.signature.params.some((p) => typeof p === 'object' && 'desc' in p)
  ) {
    return { probe, category: 'allowed', text: 'Allowed (one value written)' };
  }
  const v = Number(out.value!.toFlatArray()[COLS]); // row 1, column 0; updates 100 then 200
  // The lowered call names its combiner; the value confirms it.
  const comp = out.call?.kind === 'scatter' ? out.call.update_computation : undefined;
  const named: Record<string, [Category, string, number[]]> = {
    replace: ['last_wins', 'Last update wins', [200]],
    add: ['accumulate', 'Accumulate (sum)', [BASE + 300, 300]],
    sub: ['accumulate', 'Accumulate (subtract)', [BASE - 300]],
    mul: ['accumulate', 'Accumulate (product)', [BASE * 20000, 20000]],
    min: ['accumulate', 'Accumulate (minimum)', [Math.min(BASE, 100), 100]],
    max: ['accumulate', 'Accumulate (maximum)', [200]],
  };
  if (typeof comp === 'string' && named[comp] && named[comp][2].includes(v))
    return { probe, category: named[comp][0], text: named[comp][1] };
  const map: Record<number, [Category, string]> = {
    [BASE + 300]: ['accumulate', 'Accumulate (sum)'],
    300: ['accumulate', 'Accumulate (sum)'],
    200: ['last_wins', 'Last update wins'],
    100: ['first_wins', 'First update wins'],
  };
  const [category, text] = map[v] ?? ['accumulate', `Combined (${v})`];
  return { probe, category, text };
}

/** Scatter: what a location no index points at holds afterwards. */
function notCoveredProbe(ns: Readonly<Record<string, unknown>>, entry: OpEntry): ProbeResult {
  const probe: ProbeName = 'not_covered';
  if (entry.signature.kind === 'gather') return { probe, category: 'na', text: 'NA' };
  const out = attempt(ns, entry, probeArgs(entry, [0]));
  if (out.error !== undefined)
    return { probe, category: 'error', text: `Error (\`${codeOf(out.error)}\`)`, code: codeOf(out.error) };
  const v = Number(out.value!.toFlatArray()[2 * COLS]);
  if (v === BASE) return { probe, category: 'same_as_data', text: 'Same as data tensor' };
  if (v === 0) return { probe, category: 'zero', text: 'Zero' };
  return { probe, category: 'filled', text: String(v) };
}

/** Take-style gathers: the axis used when none is given. */
function defaultAxisProbe(ns: Readonly<Record<string, unknown>>, entry: OpEntry): ProbeResult {
  const probe: ProbeName = 'default_axis';
  const sig = entry.signature;
  const axisName = sig.aliases?.axis ?? 'axis';
  const attrs = { ...(sig.example ?? {}) };
  const positional = sig.params.some((p) => typeof p === 'object' && 'attr' in p && p.attr === axisName);
  if (positional) return { probe, category: 'na', text: 'NA (axis is required)' };
  if (!(axisName in attrs)) {
    // no axis argument at all: measure which axis it always uses
    const out = attempt(ns, entry, { ...probeArgs(entry, [1]), attrs });
    if (out.error !== undefined)
      return { probe, category: 'error', text: `Error (\`${codeOf(out.error)}\`)` };
    const s = out.value!.shape;
    return s.length === 2 && s[0] === 1 && s[1] === COLS
      ? { probe, category: 'axis0', text: 'NA: always the outermost axis' }
      : { probe, category: 'other_axis', text: `NA: result shape [${s.join(', ')}]` };
  }
  attrs[axisName] = undefined; // omitted: ask for the default
  const base = { ...probeArgs(entry, [1]), attrs };
  const out = attempt(ns, entry, base);
  if (out.error !== undefined) return { probe, category: 'error', text: `Error (\`${codeOf(out.error)}\`)` };
  const s = out.value!.shape;
  const flat = out.value!.toFlatArray();
  let result: ProbeResult;
  if (s.length === 1 && s[0] === 1 && Number(flat[0]) === DATA.flat()[1])
    result = { probe, category: 'flattened', text: 'Input is flattened' };
  else if (s.length === 2 && s[0] === 1 && s[1] === COLS)
    result = { probe, category: 'axis0', text: 'Outermost axis (0)' };
  else result = { probe, category: 'other_axis', text: `Result shape [${s.join(', ')}]` };
  if ('batch_dims' in attrs) {
    // With batch_dims = 1 and no axis: data[i, idx[i]] means axis = batch_dims.
    const b = attempt(ns, entry, { ...base, indices: [[1], [0], [2]], attrs: { ...attrs, batch_dims: 1 } });
    const bv = b.value?.toFlatArray().map(Number);
    if (bv && bv.join() === [DATA[0][1], DATA[1][0], DATA[2][2]].join()) {
      result = { probe, category: 'first_non_batch', text: 'First non-batch dimension (axis = batch_dims)' };
    }
  }
  return result;
}

/** Take-style gathers: whether axis = -1 works. */
function negativeAxisProbe(ns: Readonly<Record<string, unknown>>, entry: OpEntry): ProbeResult {
  const probe: ProbeName = 'negative_axis';
  const sig = entry.signature;
  const axisName = sig.aliases?.axis ?? 'axis';
  if (!(axisName in (sig.example ?? {}))) return { probe, category: 'na', text: 'NA (no axis argument)' };
  const out = attempt(ns, entry, {
    ...probeArgs(entry, [1]),
    attrs: { ...(sig.example ?? {}), [axisName]: -1 },
  });
  if (out.error !== undefined)
    return {
      probe,
      category: 'error',
      text: `Not supported (\`${codeOf(out.error)}\`)`,
      code: codeOf(out.error),
    };
  const v = out.value!.toFlatArray().map(Number);
  return v.join() === DATA.map((row) => row[1]).join()
    ? { probe, category: 'supported', text: 'Supported' }
    : { probe, category: 'other_axis', text: `Unexpected result ${v.join(', ')}` };
}

/** Runs one probe on one op (with optional argument overrides, e.g. a mode or opset). */
export function runProbe(
  ns: Readonly<Record<string, unknown>>,
  entry: OpEntry,
  probe: ProbeName,
  over: Partial<CallArgs> = {},
): ProbeResult {
  if (entry.state === 'missing') return { probe, category: 'missing', text: 'not implemented yet' };
  switch (probe) {
    case 'negative_index':
      return indexProbe(ns, entry, probe, -1, over);
    case 'out_of_bounds':
      return indexProbe(ns, entry, probe, ROWS, over);
    case 'duplicate_index':
      return duplicateProbe(ns, entry, over);
    case 'not_covered':
      return notCoveredProbe(ns, entry);
    case 'default_axis':
      return defaultAxisProbe(ns, entry);
    case 'negative_axis':
      return negativeAxisProbe(ns, entry);
  }
}

/** An index probe under every mode the op offers: "raise: Error; wrap: Wrapped; clip: Clamped". */
export function runModes(
  ns: Readonly<Record<string, unknown>>,
  entry: OpEntry,
  probe: 'negative_index' | 'out_of_bounds',
): ProbeResult {
  const modes = entry.signature.modes ?? [];
  if (entry.state === 'missing' || modes.length === 0) return runProbe(ns, entry, probe);
  const parts = modes.map((mode) => {
    const r = runProbe(ns, entry, probe, { attrs: { mode } });
    return `${mode}: ${r.category === 'error' ? 'error' : r.text.replace(/ \(row \d\)/, '').toLowerCase()}`;
  });
  return { probe, category: 'modes', text: `Per mode — ${parts.join('; ')} (default ${modes[0]})` };
}
