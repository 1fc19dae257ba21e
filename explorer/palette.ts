/**
 * Colours of index vectors (links) and of dimension roles. Index vector n gets a hue stepped by
 * the golden angle with three lightness bands, so neighbours differ strongly and colours do not
 * repeat after 12; every coloured cell also carries its number (`#n`), so colour is never the
 * only cue.
 */
import type { DimRole } from './derive.js';

const GOLDEN = 137.50776405;

/** Hue / saturation / lightness of index vector `n`. */
export function linkHsl(n: number): [number, number, number] {
  const h = (n * GOLDEN) % 360;
  const band = Math.floor(n / 3) % 3; // lightness band changes every few steps
  return [h, 70 - band * 8, 45 + band * 8];
}

export function linkColor(n: number): string {
  const [h, s, l] = linkHsl(n);
  return `hsl(${h.toFixed(1)} ${s}% ${l}%)`;
}

/** Role colours (also named in the legend): batch, offset, collapsed, index vector, batching. */
export const ROLE_COLOR: Readonly<Record<DimRole, string>> = {
  batch: '#2563eb',
  offset: '#16a34a',
  collapsed: '#9ca3af',
  index_vector: '#d97706',
  operand_batching: '#9333ea',
};

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
