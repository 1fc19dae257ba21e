/**
 * Colour arithmetic for checking the palette: sRGB ↔ linear RGB, colour-vision-deficiency
 * simulation (Machado, Oliveira & Fernandes 2009, severity 1.0: a 3×3 matrix on linear RGB),
 * CIELAB and the CIEDE2000 difference, WCAG contrast ratios, and sRGB mixing as CSS
 * `color-mix(in srgb, …)` does it. Pure, so unit tests measure the palette the page draws and
 * the browser test feeds the same matrices to an SVG `feColorMatrix` (which works in linear RGB).
 */

export type Rgb = readonly [number, number, number];
export type Vision = 'normal' | 'protanopia' | 'deuteranopia' | 'tritanopia';

/** Machado et al. 2009, Table 1 at severity 1.0 (rows: R', G', B' from linear R, G, B). */
export const CVD_MATRICES: Readonly<Record<Exclude<Vision, 'normal'>, readonly number[]>> = {
  protanopia: [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
  deuteranopia: [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881],
  tritanopia: [1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.3039],
};

export const VISIONS: readonly Vision[] = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];

/** `#rrggbb` → bytes. */
export function hexRgb(hex: string): Rgb {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new RangeError(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function rgbHex(c: Rgb): string {
  return `#${c
    .map((x) =>
      Math.round(Math.min(255, Math.max(0, x)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const toLinear = (b: number) => {
  const c = b / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const fromLinear = (c: number) => {
  const x = Math.min(1, Math.max(0, c));
  return 255 * (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055);
};

/** How a colour looks under `vision` (bytes in, bytes out). */
export function simulate(c: Rgb, vision: Vision): Rgb {
  if (vision === 'normal') return c;
  const m = CVD_MATRICES[vision];
  const l = c.map(toLinear);
  const row = (r: number) => m[3 * r] * l[0] + m[3 * r + 1] * l[1] + m[3 * r + 2] * l[2];
  return [fromLinear(row(0)), fromLinear(row(1)), fromLinear(row(2))];
}

/** CSS `color-mix(in srgb, c p, white)`: a straight mix of the sRGB bytes. */
export function tint(c: Rgb, p: number): Rgb {
  return [c[0] * p + 255 * (1 - p), c[1] * p + 255 * (1 - p), c[2] * p + 255 * (1 - p)];
}

/** WCAG 2 relative luminance. */
export function luminance(c: Rgb): number {
  const l = c.map(toLinear);
  return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}

/** WCAG 2 contrast ratio (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** CIELAB (D65) of sRGB bytes. */
export function lab(c: Rgb): [number, number, number] {
  const [r, g, b] = c.map(toLinear);
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIEDE2000 colour difference (Sharma, Wu & Dalal 2005), kL = kC = kH = 1. */
export function deltaE2000(a: Rgb, b: Rgb): number {
  return deltaE2000Lab(lab(a), lab(b));
}

/** CIEDE2000 of two CIELAB colours. */
export function deltaE2000Lab(p: readonly number[], q: readonly number[]): number {
  const [L1, a1, b1] = p;
  const [L2, a2, b2] = q;
  const rad = Math.PI / 180;
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const Cm = (C1 + C2) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const hue = (x: number, y: number) => (x === 0 && y === 0 ? 0 : (Math.atan2(y, x) / rad + 360) % 360);
  const h1p = hue(a1p, b1);
  const h2p = hue(a2p, b2);
  const dL = L2 - L1;
  const dC = C2p - C1p;
  let dh = 0;
  if (C1p * C2p !== 0) {
    dh = h2p - h1p;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(C1p * C2p) * Math.sin((dh / 2) * rad);
  const Lm = (L1 + L2) / 2;
  const Cmp = (C1p + C2p) / 2;
  let hm = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) > 180) hm += h1p + h2p < 360 ? 360 : -360;
    hm /= 2;
  }
  const T =
    1 -
    0.17 * Math.cos((hm - 30) * rad) +
    0.24 * Math.cos(2 * hm * rad) +
    0.32 * Math.cos((3 * hm + 6) * rad) -
    0.2 * Math.cos((4 * hm - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hm - 275) / 25) ** 2));
  const Rc = 2 * Math.sqrt(Cmp ** 7 / (Cmp ** 7 + 25 ** 7));
  const Sl = 1 + (0.015 * (Lm - 50) ** 2) / Math.sqrt(20 + (Lm - 50) ** 2);
  const Sc = 1 + 0.045 * Cmp;
  const Sh = 1 + 0.015 * Cmp * T;
  const Rt = -Math.sin(2 * dTheta * rad) * Rc;
  return Math.sqrt((dL / Sl) ** 2 + (dC / Sc) ** 2 + (dH / Sh) ** 2 + Rt * (dC / Sc) * (dH / Sh));
}

/** CSS `color-mix(in srgb, c p, black)`: the colour darkened, hue kept (index-vector edges). */
export function shade(c: Rgb, p: number): Rgb {
  return [c[0] * p, c[1] * p, c[2] * p];
}
