/**
 * Tensor views. Small tensors are tables (one per 2-D slice, higher ranks as small multiples
 * that wrap to fill the width), every cell focusable and labelled. Big tensors (over
 * DOM_LIMIT elements) are a canvas heat map (context) with a magnifier table of the cells
 * around the current one (focus), so a 512×512 input is two canvases and a few dozen cells,
 * never 262,144 DOM nodes. Both report hovers as (role, offset) and take highlights the same way.
 */
import type { Scalar } from '../src/tensor/dtype.js';
import { fmtScalar } from './arith.js';
import { int64Numbers } from './flat.js';
import { ravel, unravel } from './derive.js';
import { linkColor, rampPixel } from './palette.js';

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

function header(spec: TensorViewSpec): HTMLElement {
  const h = el('h3', {}, `${spec.title} `);
  h.append(el('span', { class: 'shape' }, `[${spec.shape.join(', ')}] ${spec.dtype}`));
  if (spec.note) h.append(el('span', { class: 'shape' }, ` · ${spec.note}`));
  return h;
}

function fillCell(td: HTMLElement, spec: TensorViewSpec, off: number): void {
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
    const s = spec.shape.length === 0 ? [1] : spec.shape.length === 1 ? [1, spec.shape[0]] : spec.shape;
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
          const td = el('td', { tabindex: '0', 'data-role': spec.role, 'data-offset': String(off) });
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

/**
 * The values as one Float64Array (a native copy for number typed arrays, two 32-bit words per
 * 64-bit integer): every heat map then runs the same monomorphic loops, which the first one
 * warms up for the others.
 */
function numbers(values: ArrayLike<Scalar>, n: number): Float64Array {
  if (values instanceof Float64Array) return values;
  if (values instanceof BigInt64Array || values instanceof BigUint64Array) return int64Numbers(values);
  if (ArrayBuffer.isView(values)) return new Float64Array(values as unknown as ArrayLike<number>);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Number(values[i]);
  return out;
}

/**
 * Paints the heat map with one ImageData written through a Uint32Array view (one store per
 * pixel, colours computed from the typed values by palette.ts `rampPixel`).
 */
function paintHeatMap(
  ctx: CanvasRenderingContext2D,
  values: ArrayLike<Scalar>,
  rows: number,
  cols: number,
  px: number,
): void {
  const n = rows * cols;
  const v = numbers(values, n);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  const span = hi > lo ? hi - lo : 1;
  const img = ctx.createImageData(cols, rows);
  const out = new Uint32Array(img.data.buffer, img.data.byteOffset, n);
  for (let i = 0; i < n; i++) out[i] = rampPixel((v[i] - lo) / span);
  if (px === 1) ctx.putImageData(img, 0, 0);
  else {
    const tmp = document.createElement('canvas');
    tmp.width = cols;
    tmp.height = rows;
    tmp.getContext('2d')!.putImageData(img, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(tmp, 0, 0, cols * px, rows * px);
  }
}

/** Canvas heat map (context) + magnifier (focus) for big tensors. */
function canvasView(spec: TensorViewSpec, width: number): TensorView {
  const root = el('div', { class: 'tensor big', 'data-tensor': spec.role });
  root.append(header(spec));
  const shape = spec.shape;
  const cols = shape.length ? shape[shape.length - 1] : 1;
  const rows = Math.max(
    1,
    shape.slice(0, -1).reduce((a, b) => a * b, 1),
  );
  if (shape.length > 2)
    root.append(el('p', { class: 'hint' }, `rows are [${shape.slice(0, -1).join(' × ')}] flattened`));
  const px = Math.max(1, Math.min(8, Math.floor(width / cols)));
  const wrap = el('div', { class: 'canvas-wrap' });
  const canvas = el('canvas', {
    width: String(cols * px),
    height: String(rows * px),
    tabindex: '0',
    role: 'img',
    'data-role': spec.role,
    'aria-label': `${spec.title} heat map, ${spec.shape.join(' by ')}; move with the arrow keys`,
  });
  // Highlights are a few positioned rings over the canvas, so a hover never repaints the heat map.
  const overlay = el('div', { class: 'overlay', 'aria-hidden': 'true' });
  wrap.append(canvas, overlay);
  root.append(wrap);
  const lens = el('table', { class: 'grid lens', 'aria-label': `${spec.title} around the current cell` });
  root.append(lens);
  const ctx = canvas.getContext('2d')!;
  if (spec.values) paintHeatMap(ctx, spec.values, rows, cols, px);
  let current = 0;
  let lensCenter = -1;
  let lensLit = '';
  const showLens = (center: number, lit: ReadonlySet<number>) => {
    const key = [...lit].slice(0, 64).join();
    if (center === lensCenter && key === lensLit) return;
    lensCenter = center;
    lensLit = key;
    const R = 4;
    const r0 = Math.floor(center / cols);
    const c0 = center % cols;
    lens.replaceChildren();
    for (let r = Math.max(0, r0 - R); r <= Math.min(rows - 1, r0 + R); r++) {
      const tr = el('tr');
      for (let c = Math.max(0, c0 - R); c <= Math.min(cols - 1, c0 + R); c++) {
        const off = r * cols + c;
        const td = el('td', { 'data-role': spec.role, 'data-offset': String(off) });
        fillCell(td, spec, off);
        if (lit.has(off)) td.classList.add('hl');
        if (off === center) td.classList.add('hl-main');
        tr.append(td);
      }
      lens.append(tr);
    }
  };
  const view: TensorView = {
    root,
    role: spec.role,
    highlight(offsets) {
      const lit = new Set(offsets.slice(0, 256));
      const rings: HTMLElement[] = [];
      let k = 0;
      for (const o of lit) {
        const r = Math.floor(o / cols);
        const c = o % cols;
        const ring = el('i', { class: k++ === 0 ? 'ring main' : 'ring' });
        ring.style.left = `${((c + 0.5) / cols) * 100}%`;
        ring.style.top = `${((r + 0.5) / rows) * 100}%`;
        rings.push(ring);
      }
      overlay.replaceChildren(...rings);
      if (offsets.length) {
        current = offsets[0];
        showLens(current, lit);
      }
    },
  };
  const at = (ev: MouseEvent) => {
    const rect = canvas.getBoundingClientRect();
    const c = Math.floor(((ev.clientX - rect.left) / rect.width) * cols);
    const r = Math.floor(((ev.clientY - rect.top) / rect.height) * rows);
    return r >= 0 && r < rows && c >= 0 && c < cols ? r * cols + c : -1;
  };
  canvas.addEventListener('mousemove', (ev) => {
    const off = at(ev);
    if (off >= 0)
      root.dispatchEvent(
        new CustomEvent('cellhover', { bubbles: true, detail: { role: spec.role, offset: off } }),
      );
  });
  canvas.addEventListener('click', (ev) => {
    const off = at(ev);
    if (off >= 0)
      root.dispatchEvent(
        new CustomEvent('cellpick', { bubbles: true, detail: { role: spec.role, offset: off } }),
      );
  });
  canvas.addEventListener('keydown', (ev) => {
    const d = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols }[ev.key];
    if (d === undefined) return;
    ev.preventDefault();
    const next = current + d;
    if (next < 0 || next >= rows * cols) return;
    root.dispatchEvent(
      new CustomEvent('cellhover', { bubbles: true, detail: { role: spec.role, offset: next } }),
    );
  });
  return view;
}

/** A table or canvas view, by size. */
export function tensorView(spec: TensorViewSpec, width: number): TensorView {
  const size = spec.shape.reduce((a, b) => a * b, 1);
  return size > DOM_LIMIT && spec.values ? canvasView(spec, width) : tableView(spec);
}

export { ravel };
