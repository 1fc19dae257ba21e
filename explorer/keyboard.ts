/**
 * Keyboard use of the grids: each grid (tensor view) is one tab stop (roving tabindex: the cell
 * last focused keeps tabindex 0, every other cell -1); the arrow keys move within a slice, past
 * its edge into the neighbouring slice, and past the first or last slice into the previous or
 * next grid (data → indices → updates → output); Enter pins the focused cell as a click does.
 */
import type { Role } from './grid.js';
import { pin } from './view-hover.js';

const STEPS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
};

/** Keydown on a grid cell: arrows move the focus, Enter pins. */
export function onCellKey(td: HTMLTableCellElement, ev: KeyboardEvent): void {
  if (ev.key === 'Enter') {
    ev.preventDefault();
    pin(td.dataset.role as Role, Number(td.dataset.offset));
    return;
  }
  const step = STEPS[ev.key];
  if (!step) return;
  const next = neighbour(td, step[0], step[1]);
  if (!next) return;
  ev.preventDefault();
  focusCell(next);
}

/** Makes `target` its grid's tab stop and focuses it. */
export function focusCell(target: HTMLElement): void {
  const root = target.closest('[data-tensor]');
  root?.querySelectorAll<HTMLElement>('td[tabindex="0"]').forEach((old) => {
    old.tabIndex = -1;
  });
  target.tabIndex = 0;
  target.focus();
}

/** The cell `dr` rows and `dc` columns away, crossing slice edges and then grid edges. */
function neighbour(td: HTMLElement, dr: number, dc: number): HTMLElement | null {
  const root = td.closest<HTMLElement>('[data-tensor]');
  if (!root?.dataset.rows) return null; // a zoom cell of a big tensor: its canvas takes the keys
  const R = Number(root.dataset.rows);
  const C = Number(root.dataset.cols);
  const S = Number(root.dataset.slices);
  const off = Number(td.dataset.offset);
  let s = Math.floor(off / (R * C));
  let r = Math.floor(off / C) % R;
  let c = off % C;
  r += dr;
  c += dc;
  if (c < 0 || c >= C) {
    s += Math.sign(dc);
    c = c < 0 ? C - 1 : 0;
  }
  if (r < 0 || r >= R) {
    s += Math.sign(dr);
    r = r < 0 ? R - 1 : 0;
  }
  if (s >= 0 && s < S) return root.querySelector(`td[data-offset="${s * R * C + r * C + c}"]`);
  return gridEntry(root, s < 0 ? -1 : 1);
}

/** The focus target of the grid before (-1) or after (1) `root`: its tab stop cell or canvas. */
function gridEntry(root: HTMLElement, dir: -1 | 1): HTMLElement | null {
  const parent = root.parentElement;
  if (!parent) return null;
  const grids = Array.from(parent.querySelectorAll<HTMLElement>(':scope > [data-tensor]'));
  const next = grids[grids.indexOf(root) + dir];
  return next?.querySelector<HTMLElement>('td[tabindex="0"], canvas') ?? null;
}
