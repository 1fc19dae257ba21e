/**
 * The explorer's palette, measured (issue 26, item 2): role chips and index-vector tints stay
 * apart under simulated protanopia, deuteranopia and tritanopia (Machado 2009 matrices,
 * CIEDE2000), every non-text cue keeps ≥ 3:1 contrast, and the tint shares palette.ts states are
 * the ones styles.css draws. The colour arithmetic itself is checked against published values.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  contrast,
  deltaE2000,
  deltaE2000Lab,
  hexRgb,
  lab,
  shade,
  simulate,
  tint,
  VISIONS,
} from '../explorer/cvd.js';
import {
  LINK_COLORS,
  LINK_EDGE,
  LINK_HIGHLIGHT,
  LINK_TINT,
  linkColor,
  ROLE_BORDER,
  ROLE_COLOR,
  ROLE_MARK,
  ROLE_TINT,
} from '../explorer/palette.js';

const WHITE = hexRgb('#ffffff');
const PAGE = hexRgb('#fbfbfa'); // styles.css --bg
const TEXT = hexRgb('#1d1f21'); // styles.css --fg
const roles = Object.keys(ROLE_COLOR) as (keyof typeof ROLE_COLOR)[];

describe('colour arithmetic (explorer/cvd.ts)', () => {
  it('CIEDE2000 matches Sharma, Wu & Dalal (2005) test pairs 1, 7, 34 and 4', () => {
    expect(deltaE2000Lab([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(deltaE2000Lab([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
    expect(deltaE2000Lab([2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514])).toBeCloseTo(0.9082, 4);
    expect(deltaE2000Lab([50, -1.3802, -84.2814], [50, 0, -82.7485])).toBeCloseTo(1.0, 4);
  });
  it('CIELAB of white, black and sRGB red; WCAG contrast of black on white is 21', () => {
    const w = lab(WHITE);
    expect(w[0]).toBeCloseTo(100, 4);
    expect(Math.abs(w[1]) + Math.abs(w[2])).toBeLessThan(1e-3);
    expect(lab([0, 0, 0])).toEqual([0, 0, 0]);
    const red = lab([255, 0, 0]);
    expect(red[0]).toBeCloseTo(53.24, 1);
    expect(red[1]).toBeCloseTo(80.09, 1);
    expect(contrast([0, 0, 0], WHITE)).toBeCloseTo(21, 6);
  });
  it('the simulations keep white white and collapse red/green under deuteranopia', () => {
    for (const v of VISIONS) expect(simulate(WHITE, v).map(Math.round)).toEqual([255, 255, 255]);
    const red = simulate(hexRgb('#d00000'), 'deuteranopia');
    const green = simulate(hexRgb('#00a000'), 'deuteranopia');
    expect(deltaE2000(hexRgb('#d00000'), hexRgb('#00a000'))).toBeGreaterThan(50);
    expect(deltaE2000(red, green)).toBeLessThan(15);
  });
});

describe('role chips', () => {
  it('every pair of roles stays ≥ 24 CIEDE2000 apart under normal vision and each simulated deficiency', () => {
    const worst: string[] = [];
    let min = Number.POSITIVE_INFINITY;
    for (const v of VISIONS)
      for (let i = 0; i < roles.length; i++)
        for (let j = i + 1; j < roles.length; j++) {
          const d = deltaE2000(
            simulate(hexRgb(ROLE_COLOR[roles[i]]), v),
            simulate(hexRgb(ROLE_COLOR[roles[j]]), v),
          );
          if (d < min) min = d;
          if (d < 24) worst.push(`${v} ${roles[i]}/${roles[j]} ${d.toFixed(1)}`);
        }
    console.log(`role chips: smallest ΔE2000 over 4 visions × 10 pairs = ${min.toFixed(1)}`);
    expect(worst).toEqual([]);
  });
  it('batch and batching chips differ by ≥ 24 under deuteranopia (was 1.9 with the old blue/purple)', () => {
    const d = deltaE2000(
      simulate(hexRgb(ROLE_COLOR.batch), 'deuteranopia'),
      simulate(hexRgb(ROLE_COLOR.operand_batching), 'deuteranopia'),
    );
    expect(d).toBeGreaterThanOrEqual(24);
    expect(
      deltaE2000(simulate(hexRgb('#2563eb'), 'deuteranopia'), simulate(hexRgb('#9333ea'), 'deuteranopia')),
    ).toBeLessThan(5);
  });
  it('chip borders keep ≥ 3:1 against the page, the panel and their own tint', () => {
    for (const r of roles) {
      const c = hexRgb(ROLE_COLOR[r]);
      expect(contrast(c, PAGE), r).toBeGreaterThanOrEqual(3);
      expect(contrast(c, WHITE), r).toBeGreaterThanOrEqual(3);
      expect(contrast(c, tint(c, ROLE_TINT)), r).toBeGreaterThanOrEqual(3);
      // the chip's text stays readable on its tint
      expect(contrast(TEXT, tint(c, ROLE_TINT)), r).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('each role also has its own border pattern or letter (colour is never the only cue)', () => {
    const cues = roles.map((r) => `${ROLE_BORDER[r]} ${ROLE_MARK[r]}`);
    expect(new Set(cues).size).toBe(roles.length);
    expect(new Set(roles.map((r) => ROLE_MARK[r])).size).toBe(roles.length);
  });
});

describe('index-vector tints', () => {
  const tints = LINK_COLORS.map((c) => tint(hexRgb(c), LINK_TINT));
  it('all 66 pairs of the 12 tints are ≥ 12 CIEDE2000 apart (normal vision)', () => {
    const close: string[] = [];
    let min = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 12; i++)
      for (let j = i + 1; j < 12; j++) {
        const d = deltaE2000(tints[i], tints[j]);
        min = Math.min(min, d);
        if (d < 12) close.push(`${i}/${j} ${d.toFixed(1)}`);
      }
    console.log(`index tints: smallest ΔE2000 over 66 pairs = ${min.toFixed(1)}`);
    expect(close).toEqual([]);
  });
  it('vectors n, n+1 and n+2 stay ≥ 12 apart under each simulated deficiency', () => {
    const close: string[] = [];
    for (const v of VISIONS) {
      const s = tints.map((t) => simulate(t, v));
      for (let i = 0; i < 12; i++)
        for (const gap of [1, 2]) {
          const d = deltaE2000(s[i], s[(i + gap) % 12]);
          if (d < 12) close.push(`${v} ${i}/${(i + gap) % 12} ${d.toFixed(1)}`);
        }
    }
    expect(close).toEqual([]);
  });
  it('dark text keeps ≥ 4.5:1 on every tint and highlight; colours cycle after 12', () => {
    for (const c of LINK_COLORS) {
      expect(contrast(TEXT, tint(hexRgb(c), LINK_TINT)), c).toBeGreaterThanOrEqual(4.5);
      expect(contrast(TEXT, tint(hexRgb(c), LINK_HIGHLIGHT)), c).toBeGreaterThanOrEqual(4.5);
    }
    expect(linkColor(12)).toBe(linkColor(0));
    expect(linkColor(5)).toBe(LINK_COLORS[5]);
  });
  it('styles.css draws the shares palette.ts states', () => {
    const css = readFileSync(new URL('../explorer/styles.css', import.meta.url), 'utf8');
    const pct = (x: number) => `${Math.round(x * 100)}%`;
    expect(css).toContain(`color-mix(in srgb, var(--link) ${pct(LINK_TINT)}, white)`);
    expect(css).toContain(`color-mix(in srgb, var(--link, #888) ${pct(LINK_HIGHLIGHT)}, white)`);
    expect(css).toContain(`color-mix(in srgb, var(--role) ${pct(ROLE_TINT)}, white)`);
  });
});

/**
 * Every non-text cue keeps ≥ 3:1 against what it sits on (WCAG 1.4.11). The tints alone fail it
 * (the old palette's only cue besides `#n`), so each linked cell has an edge bar; the rings of
 * the hovered element, the focus and the heat-map marks sit on white.
 */
describe('non-text contrast ≥ 3:1', () => {
  const css = readFileSync(new URL('../explorer/styles.css', import.meta.url), 'utf8');
  const tints = LINK_COLORS.map((c) => tint(hexRgb(c), LINK_TINT));
  it('the tints alone are below 3:1 against the panel: a tint is not a cue by itself', () => {
    const best = Math.max(...tints.map((t) => contrast(t, WHITE)));
    console.log(`index tints vs white: at most ${best.toFixed(2)}:1`);
    expect(best).toBeLessThan(3);
  });
  it('each edge bar keeps ≥ 3:1 against white, the page, every tint and its own highlight', () => {
    const low: string[] = [];
    let min = Number.POSITIVE_INFINITY;
    for (const c of LINK_COLORS) {
      const edge = shade(hexRgb(c), LINK_EDGE);
      const under = [WHITE, PAGE, ...tints, tint(hexRgb(c), LINK_HIGHLIGHT)];
      for (const [k, bg] of under.entries()) {
        const r = contrast(edge, bg);
        min = Math.min(min, r);
        if (r < 3) low.push(`${c} on ${k}: ${r.toFixed(2)}`);
      }
    }
    console.log(`index edge bars: smallest contrast ${min.toFixed(2)}:1`);
    expect(low).toEqual([]);
  });
  it('styles.css draws the edge bar on every linked cell, split for cells of 2 and 3 vectors', () => {
    const pct = `${Math.round(LINK_EDGE * 100)}%`;
    expect(css).toContain(`--edge: color-mix(in srgb, var(--link) ${pct}, black)`);
    expect(css).toContain(`--edge2: color-mix(in srgb, var(--link2, var(--link)) ${pct}, black)`);
    expect(css).toMatch(/td\[data-link\] \{[^}]*linear-gradient\(var\(--edge\), var\(--edge\)\) left \/ 4px/);
    expect(css).toMatch(/td\[data-links="2"\] \{[^}]*var\(--edge\) 0 50%, var\(--edge2\) 50% 100%/);
    expect(css).toMatch(/td\[data-links="3"\] \{[^}]*var\(--edge3\) 66\.7% 100%/);
  });
  it('rings: hover (blue on white inside), focus (dashed black on white), heat-map marks on white', () => {
    const blue = hexRgb('#2563eb');
    const black = hexRgb('#111111');
    expect(css).toMatch(
      /td\.hl-main \{[^}]*outline: 3px solid #2563eb;[^}]*box-shadow: inset 0 0 0 5px #fff/,
    );
    expect(css).toMatch(/td:focus-visible,[^{]*\{[^}]*outline: 3px dashed #111;[^}]*inset 0 0 0 5px #fff/);
    expect(css).toMatch(/\.ring \{[^}]*0 0 0 2px #fff,\s*inset 0 0 0 2px #fff/);
    for (const ring of [blue, black]) {
      expect(contrast(ring, WHITE)).toBeGreaterThanOrEqual(3);
      expect(contrast(ring, hexRgb('#d7d9dc'))).toBeGreaterThanOrEqual(3); // the grid's lines
    }
    // the highlight ring (--hl) on every highlight tint
    for (const c of LINK_COLORS)
      expect(contrast(black, tint(hexRgb(c), LINK_HIGHLIGHT)), c).toBeGreaterThanOrEqual(3);
  });
});
