/**
 * Issue 26 item 5, keyboard and small screens, in real Chromium as a user (page.keyboard): one
 * tab stop per grid, arrows across slices and grids, Enter pins, a focus ring distinct from the
 * hover highlight, a legend of only the statuses present, the derivation reflowing at 390 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM,
  chromiumAvailable,
  type ExplorerPage,
  openExplorer,
} from '../helpers/explorer-chromium.js';

if (!chromiumAvailable) console.warn(`SKIPPED: explorer keyboard tests need ${CHROMIUM}`);

describe.skipIf(!chromiumAvailable)('explorer keyboard and small screens in Chromium', () => {
  let explorer: ExplorerPage;
  let page: Page;

  beforeAll(async () => {
    explorer = await openExplorer();
    page = explorer.page;
  }, 180_000);

  afterAll(async () => {
    await explorer?.close();
  });

  async function open(preset: string): Promise<void> {
    await page.goto(`${explorer.url}#preset=${preset}`);
    await page.waitForSelector('body[data-ready="1"]');
    await page.waitForSelector('#grids td[data-role="output"]');
  }

  /** The focused element as `role:offset` (a grid cell), else its id or tag. */
  const focused = () =>
    page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return a?.dataset.role ? `${a.dataset.role}:${a.dataset.offset}` : (a?.id ?? a?.tagName ?? '');
    });

  it('one tab stop per grid: Tab goes from the last editor to data, indices, output — one press each', async () => {
    await open('onnx-gather-elements-1');
    const stops = await page.$$eval('#grids [data-tensor]', (roots) =>
      roots.map((r) => r.querySelectorAll('td[tabindex="0"]').length),
    );
    expect(stops).toEqual([1, 1, 1]);
    await page.focus('#attrs');
    const seen: string[] = [];
    for (let k = 0; k < 16 && !seen.includes('output:0'); k++) {
      await page.keyboard.press('Tab');
      seen.push(await focused());
    }
    console.log(`Tab stops from the attributes editor: ${seen.join(' → ')}`);
    const first = seen.indexOf('data:0');
    expect(first).toBeGreaterThanOrEqual(0);
    expect(seen.slice(first)).toEqual(['data:0', 'indices:0', 'output:0']);
  });

  it('arrows move within a grid, across its slices and into the next and previous grid', async () => {
    await open('stablehlo-gather-batching');
    const geometry = await page.$eval('#grids [data-tensor="output"]', (r) => ({
      rows: Number((r as HTMLElement).dataset.rows),
      cols: Number((r as HTMLElement).dataset.cols),
      slices: Number((r as HTMLElement).dataset.slices),
    }));
    expect(geometry.slices).toBeGreaterThan(1);
    const { rows, cols } = geometry;
    await page.focus('#grids td[data-role="output"][data-offset="0"]');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(rows > 1 ? `output:${cols}` : `output:${rows * cols}`);
    await page.focus('#grids td[data-role="output"][data-offset="0"]');
    for (let k = 0; k < cols; k++) await page.keyboard.press('ArrowRight');
    // Past the last column of slice 0: slice 1, same row, first column.
    expect(await focused()).toBe(`output:${rows * cols}`);
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe(`output:${cols - 1}`);
    // Past the first slice: the previous grid (indices), at its tab stop.
    await page.focus('#grids td[data-role="output"][data-offset="0"]');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toMatch(/^indices:\d+$/);
    // The grid left keeps one tab stop: the cell focused last.
    expect(await page.$$eval('#grids [data-tensor="output"] td[tabindex="0"]', (t) => t.length)).toBe(1);
  });

  it('Enter pins the focused cell: the link keeps it and reopens on it', async () => {
    await open('onnx-gather-elements-1');
    await page.focus('#grids td[data-role="output"][data-offset="0"]');
    await page.keyboard.press('ArrowDown');
    const before = page.url();
    await page.keyboard.press('Enter');
    await page.waitForFunction((u) => location.href !== u && location.hash.startsWith('#s='), before);
    const link = page.url();
    await page.goto('about:blank');
    await page.goto(link);
    await page.waitForSelector('body[data-ready="1"]');
    expect(await page.textContent('#path')).toMatch(/^output\[1, 0\]/);
    expect(
      await page.$eval('#grids td[data-role="output"][data-offset="2"]', (td) =>
        td.classList.contains('hl-main'),
      ),
    ).toBe(true);
  });

  it('the focus ring differs from the hover highlight', async () => {
    await open('onnx-gather-elements-1');
    await page.focus('#grids td[data-role="output"][data-offset="0"]');
    await page.keyboard.press('ArrowRight');
    // output[0, 1] has the focus; the data cell it reads has the highlight only.
    const style = (sel: string) =>
      page.$eval(sel, (td) => {
        const s = getComputedStyle(td);
        return `${s.outlineStyle} ${s.outlineColor}`;
      });
    const ring = await style('#grids td[data-role="output"][data-offset="1"]');
    const lit = await page.$eval('#grids [data-tensor="data"] td.hl-main', (td) => {
      const s = getComputedStyle(td);
      return `${s.outlineStyle} ${s.outlineColor}`;
    });
    console.log(`focus ring: ${ring}; hover highlight: ${lit}`);
    expect(ring.split(' ')[0]).toBe('dashed');
    expect(lit.split(' ')[0]).toBe('solid');
    expect(ring).not.toBe(lit);
  });

  it('the legend lists only the statuses present (the rest fold under "other marks")', async () => {
    await open('onnx-gather-elements-1');
    const shown = () =>
      page.$$eval('#legend > span[data-status]', (s) => s.map((x) => (x as HTMLElement).dataset.status));
    expect(await shown()).toEqual([]);
    expect(await page.isVisible('#legend details.legend-more summary')).toBe(true);
    expect(await page.isVisible('#legend details.legend-more [data-status="clamped"]')).toBe(false);
    await open('onnx-gather-elements-negative');
    expect(await shown()).toEqual(['from_end']);
  });

  it('at 390 px the derivation reflows: nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await open('stablehlo-gather-batching');
      await page.hover('#grids td[data-role="output"][data-offset="1"]');
      await page.$$eval('#derivation details', (d) => {
        for (const x of d) (x as HTMLDetailsElement).open = true;
      });
      const m = await page.evaluate(() => {
        const d = document.getElementById('derivation')!;
        const steps = d.querySelector('table.steps');
        return {
          page: document.documentElement.scrollWidth,
          derivation: d.scrollWidth - d.clientWidth,
          steps: steps ? steps.getBoundingClientRect().width : -1,
          display: steps ? getComputedStyle(steps).display : '',
        };
      });
      console.log(
        `390 px: page ${m.page} px wide, derivation overflow ${m.derivation} px, steps ${m.steps} px`,
      );
      expect(m.display).toBe('block');
      expect(m.steps).toBeGreaterThan(0);
      expect(m.steps).toBeLessThanOrEqual(390);
      expect(m.derivation).toBeLessThanOrEqual(1);
      expect(m.page).toBeLessThanOrEqual(390);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
