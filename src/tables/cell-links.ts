/**
 * Behaviour-table cells that open their call: each cell of the tables links to the probe it
 * was measured with (probes.ts probeArgs — a negative row, an out-of-range row, a duplicated
 * row, …) as explorer state, so a reader goes from "Error (`tensorflow.gather.index_out_of_bounds`)" to
 * the call that raises it in one click. docs/tables.md carries the state in the plain link form
 * the explorer reads (`#s=j<base64url JSON>`, explorer/url.ts), which needs no compression and
 * so is the same bytes on every run; the explorer's own table view links the same state.
 */
import { type ProbeName, probeArgs } from './probes.js';
import type { OpEntry } from './registry.js';

/** The probes' data has this many rows (probes.ts ROWS), so this row is the first out of range. */
export const PROBE_ROWS_OUT_OF_RANGE = 3;

/** The probe rows behind a behaviour label (a row or column header of the tables). */
export function probeRows(label: string): number[] | null {
  const l = label.toLowerCase();
  if (l.includes('negative ind')) return [-1];
  if (l.includes('out of bound') || l.includes('out-of-bounds')) return [PROBE_ROWS_OUT_OF_RANGE];
  if (l.includes('duplicate')) return [1, 1];
  if (l.includes('not covered')) return [0];
  if (l.includes('axis')) return [1];
  return null;
}

/** The probe rows of each probe, as {@link probeRows} reads the tables' labels. */
export const PROBE_ROWS: Readonly<Record<ProbeName, readonly number[]>> = {
  negative_index: [-1],
  out_of_bounds: [PROBE_ROWS_OUT_OF_RANGE],
  duplicate_index: [1, 1],
  not_covered: [0],
  default_axis: [1],
  negative_axis: [1],
};

/** The explorer state of a cell: the editors' texts, in the order explorer/url.ts writes them. */
export interface CellState {
  readonly op: string;
  readonly data?: string;
  readonly indices: string;
  readonly updates?: string;
  readonly attrs: string;
  readonly dataDType?: string;
  readonly indexDType?: string;
}

const json = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number(x) : x));

/** The state that runs `entry` on the probe of `rows`, or null when the op is not implemented. */
export function cellState(entry: OpEntry, rows: readonly number[]): CellState | null {
  if (entry.state === 'missing' || entry.signature.noProbe) return null;
  const a = probeArgs(entry, rows);
  return {
    op: entry.id,
    ...(a.data !== undefined ? { data: json(a.data) } : {}),
    indices: json(a.indices),
    ...(a.updates !== undefined ? { updates: json(a.updates) } : {}),
    attrs: json(a.attrs ?? {}),
    ...(a.dataDType ? { dataDType: a.dataDType } : {}),
    ...(a.indexDType ? { indexDType: a.indexDType } : {}),
  };
}

/** The plain (`j`) link payload of a state: base64url of its JSON, as explorer/url.ts decodes it. */
export function plainPayload(state: CellState): string {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return `j${btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/**
 * The placeholder scheme of explorer links in Markdown guides, which the API site rewrites into
 * relative links to its bundled explorer (scripts/typedoc-ops.mjs); letters only, as TypeDoc
 * reads any other link as a relative file path.
 */
export const EXPLORER_LINK_SCHEME = 'tgsexplorer:';

/** The Markdown link target of a cell (an {@link EXPLORER_LINK_SCHEME} link), or null for no link. */
export function cellTarget(entry: OpEntry | undefined, probe: ProbeName): string | null {
  const state = entry ? cellState(entry, PROBE_ROWS[probe]) : null;
  return state ? `${EXPLORER_LINK_SCHEME}s=${plainPayload(state)}` : null;
}
