/**
 * Big tensors (over DOM_LIMIT elements): an overview canvas (context) and a zoomed table of the
 * cells around the current one (focus), so a 2048×2048 input is one canvas of at most the
 * visible pixels and a few dozen cells, never four million DOM nodes.
 *
 * The overview paints one pixel per screen pixel, sampling the cell under each pixel's centre
 * (a 2048² tensor in a 600 px box paints 360 thousand pixels, not four million); its CSS size is
 * its pixel size, so a pointer position maps to exactly one cell. The zoom shows ZOOM_ROWS ×
 * ZOOM_COLS cells at ≥ 16 px each with their values and marks; it pans by dragging, by the arrow
 * keys (Shift: a page) or by clicking the overview, so every element can be inspected.
 */
import type { Scalar } from '../src/tensor/dtype.js';
import { el, fillCell, header, type TensorView, type TensorViewSpec } from './grid.js';
import { rampPixel } from './palette.js';

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const TWO32 = 4294967296;
const ZOOM_ROWS = 7;
const ZOOM_COLS = 9;
/** Tallest overview, in CSS pixels (rows beyond it share pixels). */
const MAX_HEIGHT = 600;

/** Reads element i as a number (64-bit integers without a BigInt per element). */
function reader(values: ArrayLike<Scalar>): (i: number) => number {
  if (values instanceof BigInt64Array || values instanceof BigUint64Array) {
    // Two 32-bit words per element (little-endian, as every browser): no BigInt per read.
    if (!LITTLE_ENDIAN) return (i) => Number(values[i]);
    const w = new Int32Array(values.buffer, values.byteOffset, 2 * values.length);
    return values instanceof BigInt64Array
      ? (i) => w[2 * i + 1] * TWO32 + (w[2 * i] >>> 0)
      : (i) => (w[2 * i + 1] >>> 0) * TWO32 + (w[2 * i] >>> 0);
  }
  if (ArrayBuffer.isView(values)) {
    const a = values as unknown as ArrayLike<number>;
    return (i) => a[i];
  }
  return (i) => Number(values[i]);
}

/** A plain typed array of numbers (not 64-bit integers): read by index, with no closure per element. */
function plainNumbers(values: ArrayLike<Scalar>): ArrayLike<number> | null {
  return ArrayBuffer.isView(values) && !(values instanceof BigInt64Array || values instanceof BigUint64Array)
    ? (values as unknown as ArrayLike<number>)
    : null;
}

/**
 * The value range the ramp spans: the cells the overview shows (one per pixel, `rowOf` × `colOf`),
 * so its colours use the whole ramp for what is on screen and the range costs one read per pixel,
 * not one per element (4M for a 2048² tensor).
 */
function rangeOf(values: ArrayLike<Scalar>, rowOf: Int32Array, colOf: Int32Array): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  const a = plainNumbers(values);
  const get = reader(values);
  for (let y = 0; y < rowOf.length; y++) {
    const row = rowOf[y];
    for (let x = 0; x < colOf.length; x++) {
      const v = a ? a[row + colOf[x]] : get(row + colOf[x]);
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  return [lo, hi];
}

/** Levels of the ramp's lookup table: finer than the ramp's 170 steps per channel. */
const LEVELS = 1024;
let rampTable: Uint32Array | null = null;

/** rampPixel(k / (LEVELS − 1)) for every level: one table read per pixel instead of a call. */
function rampLut(): Uint32Array {
  if (!rampTable) {
    rampTable = new Uint32Array(LEVELS);
    for (let k = 0; k < LEVELS; k++) rampTable[k] = rampPixel(k / (LEVELS - 1));
  }
  return rampTable;
}

/**
 * Runs `f` in a task after the next frame: painting that can wait never delays the frame that
 * shows what is already drawn (a hidden page, which draws no frames, paints when shown).
 */
function afterFrame(f: () => void): void {
  requestAnimationFrame(() => setTimeout(f, 0));
}

/** Pixel rows painted per band; bands go on in later tasks once BAND_MS has passed. */
const BAND_ROWS = 16;
const BAND_MS = 6;

/**
 * Paints the overview: pixel (x, y) shows cell (⌊(y+½)·rows/H⌋, ⌊(x+½)·cols/W⌋). It paints in
 * bands of rows: the first BAND_MS of bands now, the rest after each frame (BAND_MS per frame),
 * so a 2048² output shows its first rows with the first frame and no task runs long; a band
 * whose canvas left the page (a new run replaced it) stops the painting.
 */
function paintOverview(
  ctx: CanvasRenderingContext2D,
  values: ArrayLike<Scalar>,
  rows: number,
  cols: number,
  W: number,
  H: number,
): void {
  const colOf = new Int32Array(W);
  for (let x = 0; x < W; x++) colOf[x] = Math.min(cols - 1, Math.floor(((x + 0.5) * cols) / W));
  // The first element of the row each pixel row shows.
  const rowOf = new Int32Array(H);
  for (let y = 0; y < H; y++) rowOf[y] = Math.min(rows - 1, Math.floor(((y + 0.5) * rows) / H)) * cols;
  const [lo, hi] = rangeOf(values, rowOf, colOf);
  const scale = (LEVELS - 1) / (hi > lo ? hi - lo : 1);
  const lut = rampLut();
  const plain = plainNumbers(values);
  const get = reader(values);
  const img = ctx.createImageData(W, BAND_ROWS);
  const out = new Uint32Array(img.data.buffer, img.data.byteOffset, W * BAND_ROWS);
  const level = (v: number) => {
    // Not finite (NaN, ±∞ spans) → level 0, as rampPixel maps them.
    const k = ((v - lo) * scale + 0.5) | 0;
    return lut[k > 0 ? (k < LEVELS ? k : LEVELS - 1) : 0];
  };
  let y0 = 0;
  const band = () => {
    const deadline = performance.now() + BAND_MS;
    do {
      const h = Math.min(BAND_ROWS, H - y0);
      for (let y = 0; y < h; y++) {
        const row = rowOf[y0 + y];
        const p = y * W;
        if (plain) for (let x = 0; x < W; x++) out[p + x] = level(plain[row + colOf[x]]);
        else for (let x = 0; x < W; x++) out[p + x] = level(get(row + colOf[x]));
      }
      ctx.putImageData(img, 0, y0, 0, 0, W, h);
      y0 += h;
    } while (y0 < H && performance.now() < deadline);
    if (y0 < H) afterFrame(() => ctx.canvas.isConnected && band());
    // Done: said on the canvas, for whoever waits for the whole picture (a screenshot).
    else ctx.canvas.dataset.painted = '1';
  };
  band();
}

/**
 * The zoomed table: ZOOM_ROWS × ZOOM_COLS cells from (r0, c0), lit cells and the current one
 * marked. A hover repaints it, so its cells are kept: a cell refills only when the zoom moved
 * (it then shows another element), and otherwise only its marks change — no nodes are made or
 * dropped per hover.
 */
function paintZoom(
  zoom: HTMLTableElement,
  spec: TensorViewSpec,
  rows: number,
  cols: number,
  at: { r0: number; c0: number; current: number; lit: ReadonlySet<number> },
): void {
  const nr = Math.min(rows, at.r0 + ZOOM_ROWS) - at.r0;
  const nc = Math.min(cols, at.c0 + ZOOM_COLS) - at.c0;
  if (zoom.rows.length !== nr || zoom.rows[0]?.cells.length !== nc) {
    zoom.replaceChildren();
    for (let r = 0; r < nr; r++) {
      const tr = el('tr');
      for (let c = 0; c < nc; c++) tr.append(el('td', { 'data-role': spec.role }));
      zoom.append(tr);
    }
  }
  for (let r = 0; r < nr; r++) {
    const cells = zoom.rows[r].cells;
    for (let c = 0; c < nc; c++) {
      const td = cells[c];
      const off = (at.r0 + r) * cols + at.c0 + c;
      if (td.dataset.offset !== String(off)) refill(td, spec, off);
      td.classList.toggle('hl', at.lit.has(off));
      td.classList.toggle('hl-main', off === at.current);
    }
  }
}

/** A kept zoom cell now shows element `off`: cleared of the previous element's value and marks, then filled. */
function refill(td: HTMLTableCellElement, spec: TensorViewSpec, off: number): void {
  td.replaceChildren();
  td.removeAttribute('class');
  td.removeAttribute('style');
  delete td.dataset.link;
  delete td.dataset.links;
  td.dataset.offset = String(off);
  fillCell(td, spec, off);
}

export function canvasView(spec: TensorViewSpec, width: number): TensorView {
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
  const scale = Math.min(8, Math.floor(width) / cols);
  const W = Math.max(1, Math.round(cols * scale));
  const H = Math.max(1, Math.round(rows * Math.min(scale, MAX_HEIGHT / rows)));
  const wrap = el('div', { class: 'canvas-wrap' });
  const canvas = el('canvas', {
    width: String(W),
    height: String(H),
    tabindex: '0',
    role: 'img',
    'data-role': spec.role,
    'aria-label': `${spec.title} heat map, ${spec.shape.join(' by ')}; move with the arrow keys`,
    style: `width:${W}px;height:${H}px`,
  });
  // Highlights are a few positioned rings over the canvas, so a hover never repaints the overview.
  const overlay = el('div', { class: 'overlay', 'aria-hidden': 'true' });
  wrap.append(canvas, overlay);
  root.append(wrap);
  // Not a tab stop of its own (one per grid: the canvas); focusable by a click to pan with keys.
  const zoom = el('table', {
    class: 'grid lens',
    tabindex: '-1',
    'aria-label': `${spec.title}, zoomed around the current cell; drag or use the arrow keys to pan`,
  });
  root.append(zoom);
  // The output paints with the grids; the inputs' overviews after the next frame, so the task
  // that draws a big call stays short (each overview's range and first bands cost a few ms).
  const values = spec.values;
  if (values) {
    const paint = () => paintOverview(canvas.getContext('2d')!, values, rows, cols, W, H);
    if (spec.role === 'output') paint();
    else afterFrame(() => canvas.isConnected && paint());
  }
  const at = { r0: 0, c0: 0, current: 0, lit: new Set<number>() as ReadonlySet<number> };
  const draw = () => paintZoom(zoom, spec, rows, cols, at);
  /** Moves the zoom so that cell (r, c) is in its middle. */
  const centre = (r: number, c: number) => {
    at.r0 = Math.max(0, Math.min(rows - ZOOM_ROWS, r - (ZOOM_ROWS >> 1)));
    at.c0 = Math.max(0, Math.min(cols - ZOOM_COLS, c - (ZOOM_COLS >> 1)));
  };
  const pan = (dr: number, dc: number) => {
    centre(at.r0 + (ZOOM_ROWS >> 1) + dr, at.c0 + (ZOOM_COLS >> 1) + dc);
    draw();
  };
  const inZoom = (o: number) => {
    const r = Math.floor(o / cols) - at.r0;
    const c = (o % cols) - at.c0;
    return r >= 0 && r < ZOOM_ROWS && c >= 0 && c < ZOOM_COLS;
  };
  const view: TensorView = {
    root,
    role: spec.role,
    highlight(offsets) {
      const lit = new Set(offsets.slice(0, 256));
      const rings: HTMLElement[] = [];
      let k = 0;
      for (const o of lit) {
        const ring = el('i', { class: k++ === 0 ? 'ring main' : 'ring' });
        ring.style.left = `${((o % cols) + 0.5) * (W / cols)}px`;
        ring.style.top = `${(Math.floor(o / cols) + 0.5) * (H / rows)}px`;
        rings.push(ring);
      }
      overlay.replaceChildren(...rings);
      if (!offsets.length) return;
      at.current = offsets[0];
      at.lit = lit;
      // The zoom follows the current cell only when it leaves the zoom (hovering inside it, or
      // panning, keeps the zoom still).
      if (!inZoom(at.current)) centre(Math.floor(at.current / cols), at.current % cols);
      draw();
    },
  };
  wireOverview(canvas, root, spec, { rows, cols, W, H }, () => at.current, centre);
  wireZoom(zoom, pan);
  draw();
  return view;
}

/** Reports a cell of this view as hovered (`cellhover`) or picked (`cellpick`). */
function report(root: HTMLElement, type: 'cellhover' | 'cellpick', role: string, offset: number): void {
  root.dispatchEvent(new CustomEvent(type, { bubbles: true, detail: { role, offset } }));
}

function wireOverview(
  canvas: HTMLCanvasElement,
  root: HTMLElement,
  spec: TensorViewSpec,
  g: { rows: number; cols: number; W: number; H: number },
  current: () => number,
  centre: (r: number, c: number) => void,
): void {
  const cellAt = (ev: MouseEvent) => {
    const rect = canvas.getBoundingClientRect();
    const c = Math.floor(((ev.clientX - rect.left) / rect.width) * g.cols);
    const r = Math.floor(((ev.clientY - rect.top) / rect.height) * g.rows);
    return r >= 0 && r < g.rows && c >= 0 && c < g.cols ? r * g.cols + c : -1;
  };
  canvas.addEventListener('mousemove', (ev) => {
    const off = cellAt(ev);
    if (off >= 0) report(root, 'cellhover', spec.role, off);
  });
  canvas.addEventListener('click', (ev) => {
    const off = cellAt(ev);
    if (off < 0) return;
    centre(Math.floor(off / g.cols), off % g.cols);
    report(root, 'cellpick', spec.role, off);
  });
  canvas.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') {
      ev.preventDefault();
      report(root, 'cellpick', spec.role, current());
      return;
    }
    const d = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -g.cols, ArrowDown: g.cols }[ev.key];
    if (d === undefined) return;
    ev.preventDefault();
    const next = current() + d * (ev.shiftKey ? 8 : 1);
    if (next >= 0 && next < g.rows * g.cols) report(root, 'cellhover', spec.role, next);
  });
}

/** Panning the zoom: drag it, or the arrow keys while it has the focus (Shift: a page). */
function wireZoom(zoom: HTMLTableElement, pan: (dr: number, dc: number) => void): void {
  let drag: { x: number; y: number } | null = null;
  zoom.addEventListener('mousedown', (ev) => {
    drag = { x: ev.clientX, y: ev.clientY };
    ev.preventDefault();
  });
  window.addEventListener('mouseup', () => {
    drag = null;
  });
  zoom.addEventListener('mousemove', (ev) => {
    if (!drag || !(ev.buttons & 1)) return;
    const cell = zoom.rows[0]?.cells[0]?.getBoundingClientRect();
    if (!cell) return;
    const dc = Math.trunc((drag.x - ev.clientX) / cell.width);
    const dr = Math.trunc((drag.y - ev.clientY) / cell.height);
    if (!dc && !dr) return;
    drag = { x: drag.x - dc * cell.width, y: drag.y - dr * cell.height };
    pan(dr, dc);
  });
  zoom.addEventListener('keydown', (ev) => {
    const page = ev.shiftKey ? [ZOOM_ROWS, ZOOM_COLS] : [1, 1];
    const d = {
      ArrowLeft: [0, -page[1]],
      ArrowRight: [0, page[1]],
      ArrowUp: [-page[0], 0],
      ArrowDown: [page[0], 0],
    }[ev.key];
    if (!d) return;
    ev.preventDefault();
    pan(d[0], d[1]);
  });
}
