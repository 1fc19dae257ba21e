/**
 * Behaviour-table cells that open their call (issue 26 item 4): each cell of the explorer's
 * tables links to the probe the generator measured it with (src/tables/cell-links.ts, the state
 * docs/tables.md links too), as an ordinary `#s=` link of the explorer, so a reader goes from
 * "Error (`tensorflow.gather.index_out_of_bounds`)" to the call that raises it in one click.
 */
import { cellState, probeRows } from '../src/tables/cell-links.js';
import type { OpEntry } from '../src/tables/registry.js';
import { encodeState } from './url.js';

export { PROBE_ROWS_OUT_OF_RANGE, probeRows } from '../src/tables/cell-links.js';

const OP = /`([a-z0-9_]+\.[\w.]+)`/i;

/** The op id a header or first cell names (`GatherND: \`onnx.GatherND\`` → onnx.GatherND). */
export function opOf(text: string): string | null {
  return OP.exec(text)?.[1] ?? null;
}

/**
 * The explorer link of one table cell (the state docs/tables.md links, compressed), or null when
 * the cell names no op and behaviour.
 */
export async function cellLink(entry: OpEntry, label: string): Promise<string | null> {
  const rows = probeRows(label);
  const state = rows ? cellState(entry, rows) : null;
  return state ? `#s=${await encodeState(state)}` : null;
}

/**
 * Links every body cell of `table` (rows of `tr`, first row the header) whose row or column
 * names an op and whose other header names a probed behaviour.
 */
export function linkCells(table: HTMLTableElement, registry: readonly OpEntry[]): void {
  const rows = Array.from(table.rows);
  // Rendered headers hold the op id in a <code> element (the Markdown's backticks).
  const label = (c: HTMLTableCellElement | undefined) =>
    c
      ? Array.from(c.childNodes, (n) =>
          n.nodeName === 'CODE' ? `\`${n.textContent}\`` : n.textContent,
        ).join('')
      : '';
  const head = Array.from(rows[0]?.cells ?? [], label);
  for (const tr of rows.slice(1)) {
    const cells = Array.from(tr.cells);
    const rowLabel = label(cells[0]);
    cells.slice(1).forEach((td, k) => {
      const colLabel = head[k + 1] ?? '';
      // "Every registered operator" names the op in the row; Tables 1 and 2 in the column.
      const id = opOf(rowLabel) ?? opOf(colLabel);
      const behaviour = opOf(rowLabel) ? colLabel : rowLabel;
      const entry = id ? registry.find((e) => e.id === id) : undefined;
      if (!entry || !td.textContent?.trim()) return;
      void cellLink(entry, behaviour).then((href) => {
        if (!href) return;
        const a = document.createElement('a');
        a.href = href;
        a.className = 'cell-link';
        a.title = `open ${entry.id} on the probe behind this cell`;
        a.append(...Array.from(td.childNodes));
        td.replaceChildren(a);
      });
    });
  }
}
