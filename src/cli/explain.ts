/**
 * `tensor-gather-scatter explain`: the StableHLO form of a framework call and a terminal
 * picture of its index mapping, drawn from `traceCall` (the core's own mapping), never by hand.
 * Calls with more than `PRINT_LIMIT` mapping entries get a summary instead (the trace of a
 * 16-million-element call would not fit in memory).
 */
import { styleText } from 'node:util';
import { type CoreCall, execute, stablehloText } from '../core/call.js';
import { type Trace, traceCall } from '../core/trace.js';
import { GatherScatterError } from '../errors.js';
import { STATUS_LEGEND } from '../tables/legend.js';
import { type CallArgs, type OpEntry, lowerCall } from '../tables/registry.js';
import type { Tensor } from '../tensor/tensor.js';
import { PRINT_LIMIT, scalarText, tensorJson, tensorSummary, UsageError } from './format.js';
import type { ProgramCall } from '../ir/lowered.js';

export interface ExplainOptions {
  readonly color: boolean;
  /** At most this many mapping lines (default 64). */
  readonly maxLines?: number;
}

type Style = Parameters<typeof styleText>[0];
const PALETTE: readonly Style[] = [
  'blue',
  'yellow',
  'green',
  'magenta',
  'cyan',
  'red',
  'blueBright',
  'yellowBright',
  'greenBright',
  'magentaBright',
  'cyanBright',
  'redBright',
];

/** The whole explanation as text. */
export function explainText(
  ns: Readonly<Record<string, unknown>>,
  entry: OpEntry,
  args: CallArgs,
  opts: ExplainOptions,
): string {
  const title = `${entry.id}${args.version !== undefined ? ` (${args.version})` : ''}`;
  return explainCall(title, () => lowerCall(ns, entry, args), opts).text;
}

/** An explanation, and the typed error the call ends in (the CLI exits 1 on it). */
export interface Explained {
  readonly text: string;
  readonly error?: GatherScatterError;
}

/**
 * Explains the call `lower` builds: its StableHLO, its mapping and its result, or the typed
 * error lowering or running it ends in (in the text and as `error`). A usage error propagates.
 */
export function explainCall(
  title: string,
  lower: () => CoreCall | ProgramCall,
  opts: ExplainOptions,
): Explained {
  // The caller decides colour (flags, NO_COLOR, TTY): styleText must not second-guess it.
  const style = (f: Style, s: string) => (opts.color ? styleText(f, s, { validateStream: false }) : s);
  const c = (n: number, s: string) => style(PALETTE[n % PALETTE.length], s);
  const bold = (s: string) => style('bold', s);
  const lines: string[] = [bold(title), ''];
  let call: CoreCall | ProgramCall;
  try {
    call = lower();
  } catch (e) {
    if (!(e instanceof GatherScatterError) || e instanceof UsageError) throw e;
    return { text: `${lines.join('\n')}${errorLine(e)}\n`, error: e };
  }
  lines.push(bold('StableHLO'), stablehloText(call), '');
  let result: Tensor | null = null;
  let error: GatherScatterError | undefined;
  try {
    result = execute(call);
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    error = e;
    lines.push(errorLine(e), '');
  }
  // A whole program (several ops) has no single index mapping to draw: its result is shown.
  const text =
    call.kind === 'program'
      ? `${[...lines, ...(result ? [bold('Result'), tensorJson(result)] : [])].join('\n')}\n`
      : mappingText(call, result, lines, { bold, c }, opts);
  return { text, ...(error ? { error } : {}) };
}

/** The mapping picture, the legend and the result grid after the lines so far. */
function mappingText(
  call: CoreCall,
  result: Tensor | null,
  lines: string[],
  { bold, c }: { bold: (s: string) => string; c: (n: number, s: string) => string },
  opts: ExplainOptions,
): string {
  const entries = call.kind === 'gather' ? (result?.size ?? 0) : call.updates[0].size;
  if (entries > PRINT_LIMIT) {
    lines.push(
      bold('Index mapping'),
      `  ${entries.toLocaleString('en-US')} entries: more than ${PRINT_LIMIT.toLocaleString('en-US')}, not drawn (summary only)`,
    );
    if (result) lines.push('', bold('Result'), tensorSummary(result).trimEnd());
    return `${lines.join('\n')}\n`;
  }
  const trace = traceCall(call);
  lines.push(
    bold(
      `Index mapping (${trace.kind === 'gather' ? 'output ← data' : 'update → output'}; #n = index vector n)`,
    ),
  );
  const fmtIdx = (xs: readonly number[] | null) => (xs ? `[${xs.join(', ')}]` : '—');
  const max = opts.maxLines ?? 64;
  const updates = call.kind === 'scatter' ? call.updates[0].toFlatArray() : null;
  const out = result?.toFlatArray() ?? null;
  for (const e of trace.entries.slice(0, max)) {
    const s = STATUS_LEGEND[e.status];
    const dup = e.duplicate ? ` ${STATUS_LEGEND.duplicate.symbol} collision (${e.order + 1})` : '';
    const via = e.indexPositions.map((p, k) => `indices${fmtIdx(p)}=${String(e.indexValues[k])}`).join(', ');
    const link = c(e.batch, `#${e.batch}`);
    const req =
      e.requested && e.operand && e.requested.join() !== e.operand.join()
        ? ` (asked ${fmtIdx(e.requested)})`
        : '';
    if (trace.kind === 'gather') {
      const v = out && result ? ` = ${scalarText(out[e.spaceOffset], result.dtype)}` : '';
      lines.push(
        `  out${fmtIdx(e.space)}${v} ← ${e.operand ? `data${fmtIdx(e.operand)}` : '(nothing read)'}${req}  ${link} ${via}  ${s.symbol} ${s.label}${dup}`,
      );
    } else {
      const u =
        updates && call.kind === 'scatter'
          ? ` (${scalarText(updates[e.spaceOffset], call.updates[0].dtype)})`
          : '';
      lines.push(
        `  updates${fmtIdx(e.space)}${u} → ${e.operand ? `out${fmtIdx(e.operand)}` : '(nothing written)'}${req}  ${link} ${via}  ${s.symbol} ${s.label}${dup}`,
      );
    }
  }
  if (trace.entries.length > max) lines.push(`  … ${trace.entries.length - max} more`);
  lines.push('', ...legendLines(trace));
  if (result) lines.push('', bold('Result'), grid(result, trace, c));
  return `${lines.join('\n')}\n`;
}

function errorLine(e: GatherScatterError): string {
  return `error [${e.code}]: ${e.message}`;
}

function legendLines(trace: Trace): string[] {
  const seen = new Set<string>(trace.entries.map((e) => e.status));
  if (trace.entries.some((e) => e.duplicate)) seen.add('duplicate');
  return [...seen].map((k) => {
    const s = STATUS_LEGEND[k as keyof typeof STATUS_LEGEND];
    return `  ${s.symbol} ${s.label}: ${s.explain}`;
  });
}

/** The result as 2-D slices, each gather output cell coloured by the index vector it used. */
function grid(t: Tensor, trace: Trace, c: (n: number, s: string) => string): string {
  const flat = t.toFlatArray().map((v) => scalarText(v, t.dtype));
  const width = Math.max(...flat.map((s) => s.length), 1);
  const shape = t.shape.length === 0 ? [1] : t.shape;
  const cols = shape[shape.length - 1];
  const rows = shape.length >= 2 ? shape[shape.length - 2] : 1;
  const per = rows * cols;
  const link = new Map<number, number>();
  for (const e of trace.entries) link.set(trace.kind === 'gather' ? e.spaceOffset : e.operandOffset, e.batch);
  const out: string[] = [];
  for (let s = 0; s * per < flat.length || (s === 0 && flat.length === 0); s++) {
    if (shape.length > 2) out.push(`  [${unravelPrefix(s, shape.slice(0, -2)).join(', ')}, :, :]`);
    for (let r = 0; r < rows; r++) {
      const cells: string[] = [];
      for (let k = 0; k < cols; k++) {
        const off = s * per + r * cols + k;
        if (off >= flat.length) break;
        const b = link.get(off);
        const txt = flat[off].padStart(width);
        cells.push(b === undefined ? txt : c(b, txt));
      }
      out.push(`  ${cells.join(' ')}`);
    }
    if (flat.length === 0) break;
  }
  return out.join('\n');
}

function unravelPrefix(i: number, shape: readonly number[]): number[] {
  const idx: number[] = [];
  for (let d = shape.length - 1; d >= 0; d--) {
    idx.unshift(i % shape[d]);
    i = Math.floor(i / shape[d]);
  }
  return idx;
}
