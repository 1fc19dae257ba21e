/**
 * Tensor views. Small tensors are tables (one per 2-D slice, higher ranks as small multiples
 * that wrap to fill the width), every cell labelled. Big tensors (over DOM_LIMIT elements) are
 * an overview canvas with a zoomed table around the current cell (grid-canvas.ts). Both report
 * hovers as (role, offset) and take highlights the same way.
 */
import type { Scalar } from '../src/tensor/dtype.js';
import { fmtScalar } from './arith.js';
import { ravel, unravel } from './derive.js';
import { canvasView } from './grid-canvas.js';
import { linkColor } from './palette.js';

/** Tensors up to this many elements are tables; larger ones a canvas with a magnifier. */
export const DOM_LIMIT = 2500;

export type Role = 'data' | 'indices' | 'updates' | 'output';

export interface CellMark {
  readonly link?: number;
  readonly symbol?: string;
  readonly title?: string;
  readonly extra?: boolean;
  /** Every index vector (or data element) reaching the cell, `link` first: drawn as stripes. */
  readonly links?: readonly number[];
}

export interface TensorViewSpec {
  readonly title: string;
  readonly role: Role;
  readonly shape: readonly number[];
  readonly dtype: string;
  /** Flat values; null when the call fails before producing them. */
  readonly values: ArrayLike<Scalar> | null;
  readonly marks?: (offset: number) => CellMark | undefined;
  readonly diff?: ReadonlySet<number>;
  /** Shown under the title (e.g. "as lowered"). */
  readonly note?: string;
}

export const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};

export interface TensorView {
  readonly root: HTMLElement;
  readonly role: Role;
  /** Highlights these offsets (the first is the primary one: it gets the focus ring / magnifier). */
  highlight(offsets: readonly number[]): void;
}

const idxText = (off: number, shape: readonly number[]) => `[${unravel(off, shape).join(', ')}]`;

export function header(spec: TensorViewSpec): HTMLElement {
  const h = el('h3', {}, `${spec.title} `);
  h.append(el('span', { class: 'shape' }, `[${spec.shape.join(', ')}] ${spec.dtype}`));
  if (spec.note) h.append(el('span', { class: 'shape' }, ` · ${spec.note}`));
  return h;
}

export function fillCell(td: HTMLElement, spec: TensorViewSpec, off: number): void {
  const v = spec.values ? fmtScalar(spec.values[off]) : '';
  td.textContent = v;
  const m = spec.marks?.(off);
  const where = `${spec.title}${idxText(off, spec.shape)} = ${v}`;
  if (m?.link !== undefined) {
    td.dataset.link = String(m.link);
    td.style.setProperty('--link', linkColor(m.link));
    // Up to three vectors as stripes (styles.css data-links), each named in the tag.
    const shown = [m.link, ...(m.links ?? []).filter((l) => l !== m.link)].slice(0, 3);
    if (shown.length > 1) td.dataset.links = String(shown.length);
    shown.forEach((l, k) => {
      if (k) td.style.setProperty(`--link${k + 1}`, linkColor(l));
    });
    const more = m.extra && (m.links?.length ?? 2) > shown.length ? '+' : '';
    td.append(el('span', { class: 'tag', 'aria-hidden': 'true' }, `#${shown.join('·')}${more}`));
  } else {
    delete td.dataset.link;
    delete td.dataset.links;
    td.style.removeProperty('--link');
  }
  if (m?.symbol) td.append(el('span', { class: 'st', 'aria-hidden': 'true' }, m.symbol));
  if (spec.diff?.has(off)) td.classList.add('diff');
  td.title = `${where}${m?.title ? ` — ${m.title}` : ''}`;
  td.setAttribute('aria-label', `${td.title}${m?.link !== undefined ? `, index vector ${m.link}` : ''}`);
}

/** Tables: one per 2-D slice, laid out as small multiples. */
function tableView(spec: TensorViewSpec): TensorView {
  const root = el('div', { class: 'tensor', 'data-tensor': spec.role });
  root.append(header(spec));
  const cells: HTMLTableCellElement[] = [];
  if (!spec.values) {
    root.append(el('p', { class: 'hint' }, 'no value (the call fails)'));
  } else {
    // A 0-d tensor (x[0, 1]'s result) is one cell: a 1×1 slice.
    const s = spec.shape.length === 0 ? [1, 1] : spec.shape.length === 1 ? [1, spec.shape[0]] : spec.shape;
    const rows = s[s.length - 2];
    const cols = s[s.length - 1];
    const lead = s.slice(0, -2);
    const nSlices = lead.reduce((a, b) => a * b, 1);
    const slices = el('div', { class: lead.length ? 'slices' : 'slices single' });
    for (let sl = 0; sl < nSlices; sl++) {
      const fig = el('div', { class: 'slice' });
      if (lead.length)
        fig.append(el('div', { class: 'slice-label' }, `[${unravel(sl, lead).join(', ')}, :, :]`));
      const table = el('table', {
        class: 'grid',
        role: 'grid',
        'aria-label': `${spec.title}${lead.length ? ` slice ${sl}` : ''}`,
      });
      for (let r = 0; r < rows; r++) {
        const tr = el('tr');
        for (let c = 0; c < cols; c++) {
          const off = sl * rows * cols + r * cols + c;
          // One tab stop per grid (roving tabindex, keyboard.ts): the first cell until another is focused.
          const td = el('td', {
            tabindex: off === 0 ? '0' : '-1',
            'data-role': spec.role,
            'data-offset': String(off),
          });
          fillCell(td, spec, off);
          cells[off] = td;
          tr.append(td);
        }
        table.append(tr);
      }
      fig.append(table);
      slices.append(fig);
    }
    root.append(slices);
    Object.assign(root.dataset, { rows: String(rows), cols: String(cols), slices: String(nSlices) });
  }
  let lit: HTMLTableCellElement[] = [];
  return {
    root,
    role: spec.role,
    highlight(offsets) {
      for (const td of lit) td.classList.remove('hl', 'hl-main');
      lit = [];
      offsets.forEach((o, k) => {
        const td = cells[o];
        if (!td) return;
        td.classList.add('hl');
        if (k === 0) td.classList.add('hl-main');
        lit.push(td);
      });
    },
  };
}

/** A table or canvas view, by size. */
export function tensorView(spec: TensorViewSpec, width: number): TensorView {
  const size = spec.shape.reduce((a, b) => a * b, 1);
  return size > DOM_LIMIT && spec.values ? canvasView(spec, width) : tableView(spec);
}

export { ravel };
