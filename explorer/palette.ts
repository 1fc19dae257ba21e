/**
 * Colours of index vectors (links) and of dimension roles, chosen by measurement, not by eye
 * (test/explorer-palette.test.ts recomputes every bound with explorer/cvd.ts):
 *
 * - Role colours: Okabe–Ito hue families (blue, bluish green, black, vermillion, reddish purple)
 *   tuned so every pair stays ≥ 24 CIEDE2000 apart under normal vision and under simulated
 *   protanopia, deuteranopia and tritanopia (Machado 2009) — batch and batching most of all,
 *   the distinction the batching-dims RFC is about — and every border keeps ≥ 3:1 contrast
 *   against the page and against its own chip's tint. Each role also has a border pattern and
 *   a letter, so colour is never the only cue.
 * - Index-vector colours: twelve hues whose {@link LINK_TINT} tints (what a cell shows) are all
 *   ≥ 12 apart under normal vision, and vectors n, n+1 and n+2 stay ≥ 12 apart under each
 *   simulated deficiency; dark text keeps ≥ 4.5:1 on the stronger highlight tint. Every linked
 *   cell also carries its number (`#n`) and an edge bar of the colour darkened ({@link LINK_EDGE})
 *   with ≥ 3:1 contrast against everything it sits on, as every non-text cue here has.
 */
import type { DimRole } from './derive.js';

/** The index-vector colours, in order; vector n takes `LINK_COLORS[n % 12]`. */
export const LINK_COLORS: readonly string[] = [
  '#db2c07',
  '#709cb2',
  '#8109fe',
  '#f29845',
  '#11f3eb',
  '#b80147',
  '#729e1b',
  '#0535f1',
  '#5b2c37',
  '#02ff8d',
  '#8e76e9',
  '#fffb01',
];

/** The share of a link colour in a linked cell's background (styles.css mixes it with white). */
export const LINK_TINT = 0.35;
/** The share in a highlighted cell (styles.css `td.hl`). */
export const LINK_HIGHLIGHT = 0.6;
/**
 * The share of a link colour in its cell's edge bar (styles.css mixes it with black): a tint is
 * too light to be a cue on its own (1.05–1.9:1 against white), the bar keeps ≥ 3:1 against
 * white, the page, every tint and its own highlight.
 */
export const LINK_EDGE = 0.35;

export function linkColor(n: number): string {
  return LINK_COLORS[((n % LINK_COLORS.length) + LINK_COLORS.length) % LINK_COLORS.length];
}

/** Role colours (also named in the legend): batch, offset, collapsed, index vector, batching. */
export const ROLE_COLOR: Readonly<Record<DimRole, string>> = {
  batch: '#233876',
  offset: '#0b9882',
  collapsed: '#211e1c',
  index_vector: '#ae3613',
  operand_batching: '#db26ff',
};

/** The share of a role colour in its chip's background (styles.css `.chip`). */
export const ROLE_TINT = 0.14;

/** A border pattern per role, the cue that survives any colour vision and greyscale printing. */
export const ROLE_BORDER: Readonly<Record<DimRole, string>> = {
  batch: 'solid',
  offset: 'dashed',
  collapsed: 'dotted',
  index_vector: 'double',
  operand_batching: 'solid',
};

/** A letter per role, shown in the chip's corner (batching: `⇄`, it pairs two dims). */
export const ROLE_MARK: Readonly<Record<DimRole, string>> = {
  batch: 'b',
  offset: 'o',
  collapsed: 'c',
  index_vector: 'i',
  operand_batching: '⇄',
};

/** The inline style a role chip needs: its colour and its border pattern (styles.css reads both). */
export function roleStyle(role: DimRole): string {
  return `--role:${ROLE_COLOR[role]};--role-border:${ROLE_BORDER[role]}`;
}

export const ROLE_LABEL: Readonly<Record<DimRole, string>> = {
  batch: 'batch dim',
  offset: 'offset / window dim',
  collapsed: 'collapsed dim',
  index_vector: 'index vector dim',
  operand_batching: 'batching dim (paired)',
};

/** RGB bytes of a value on a light sequential ramp (t in [0, 1]), for big-tensor heat maps. */
export function ramp(t: number): [number, number, number] {
  const x = Number.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0;
  // white-ish → slate blue
  return [Math.round(245 - 170 * x), Math.round(247 - 150 * x), Math.round(250 - 80 * x)];
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * {@link ramp}'s colour as one opaque RGBA pixel for a Uint32Array view of ImageData (byte
 * order of this machine), with no array per call: heat maps paint 262,144 of these.
 */
export function rampPixel(t: number): number {
  const x = t > 0 ? (t < 1 ? t : t < Number.POSITIVE_INFINITY ? 1 : 0) : 0; // not finite → 0
  const r = Math.round(245 - 170 * x);
  const g = Math.round(247 - 150 * x);
  const b = Math.round(250 - 80 * x);
  return LITTLE_ENDIAN
    ? ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0
    : ((r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
}
