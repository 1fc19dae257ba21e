/**
 * Issue 26, items 1 and 2, in Chromium as a user: hovering an element shows the framework's own
 * formula with values substituted before the StableHLO steps (folded underneath), the shape
 * algebra of ND and general ops, the policy only where it acts (the ↤ mark only on negative
 * components), and role chips that differ by more than colour. Screenshots go to
 * test-artifacts/explorer-round3/ (GatherElements example 1 with its formula, the article's
 * GatherND example 1 with its shape algebra, the StableHLO batching example, and the role chips
 * through a deuteranopia feColorMatrix).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CVD_MATRICES } from '../../explorer/cvd.js';
import {
  CHROMIUM,
  chromiumAvailable as available,
  type ExplorerPage,
  openExplorer,
} from '../helpers/explorer-chromium.js';

const SHOTS = 'test-artifacts/explorer-round3';
if (!available) console.warn(`SKIPPED: explorer-teach browser tests need ${CHROMIUM}`);

describe.skipIf(!available)('explorer: the framework words first, colours that teach', () => {
  let explorer: ExplorerPage;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    explorer = await openExplorer();
    page = explorer.page;
  }, 180_000);

  afterAll(async () => {
    await explorer?.close();
  });

  async function openPreset(id: string): Promise<void> {
    await page.goto(`${explorer.url}#preset=${id}`);
    await page.waitForFunction(
      (p) => (document.getElementById('preset') as HTMLSelectElement).value === p,
      id,
    );
    await page.waitForSelector('#grids td[data-role="output"]');
  }
  const hoverOutput = (offset: number) =>
    page.hover(`#grids td[data-role="output"][data-offset="${offset}"]`);
  const text = (sel: string) => page.locator(sel).first().textContent();

  it('GatherElements example 1: output[1][0] = data[1][indices[1][0]] = data[1][1] = 4, StableHLO folded', async () => {
    await openPreset('onnx-gather-elements-1');
    await hoverOutput(2);
    expect(await text('#derivation .formula')).toBe('output[1][0] = data[1][indices[1][0]] = data[1][1] = 4');
    // the StableHLO steps are there, folded under the words
    expect(await page.locator('#derivation details.hlo-steps').getAttribute('open')).toBeNull();
    expect(await page.locator('#derivation details.hlo-steps tr[data-step="operand"]').count()).toBe(1);
    expect(await page.locator('#derivation .policy-step').count()).toBe(0);
    await page.locator('#derivation').screenshot({ path: `${SHOTS}/gather-elements-1-formula.png` });
    await page.screenshot({ path: `${SHOTS}/gather-elements-1-page.png`, fullPage: false });
  });

  it('the article GatherND example 1: r − m = 1, each tuple picks a line; shape built from the inputs', async () => {
    await openPreset('article-gathernd-1');
    await hoverOutput(3);
    const algebra = await text('#derivation .shape-algebra');
    expect(algebra).toContain('r − m = 1, so each tuple picks a line of shape [2].');
    expect(algebra).toContain('indices.shape[:-1] + data.shape[m:] = [2, 1] + [2] = [2, 1, 2]');
    expect(algebra).toContain('2 (2) ← data dim 2 (inside the slice)');
    expect(await text('#derivation .formula')).toContain('= data[1][0][1] = 6');
    await page.locator('#derivation').screenshot({ path: `${SHOTS}/gathernd-1-shape-algebra.png` });
  });

  it('the article GatherND example 2: the policy line and ↤ only on the negative component', async () => {
    await openPreset('article-gathernd-2');
    // indices [[-2, 0], [1, 1]]: offset 0 holds -2, offset 1 holds 0
    const mark = (o: number) =>
      page.locator(`#grids td[data-role="indices"][data-offset="${o}"] .st`).count();
    expect(await mark(0)).toBe(1);
    expect(await mark(1)).toBe(0);
    await hoverOutput(0);
    expect(await text('#derivation .policy-step')).toBe(
      'indices[0][0] = -2 counts from the end of dim 0: -2 + 2 = 0',
    );
  });

  it('a scatter derivation uses the scatter names (scatter_dims_to_operand_dims, input_batching_dims)', async () => {
    await openPreset('stablehlo-scatter-batching');
    await page.hover('#grids td[data-role="updates"][data-offset="0"]');
    const steps = (await text('#derivation details.hlo-steps')) ?? '';
    expect(steps).toContain('scatter_dims_to_operand_dims = [');
    expect(steps).toContain('input_batching_dims = [');
    expect(steps).not.toContain('start_index_map');
    expect(steps).not.toContain('operand_batching_dims');
  });

  it('the StableHLO batching example: formula, dim sources with roles, chips with letters and patterns', async () => {
    await openPreset('stablehlo-gather-batching');
    await hoverOutput(8);
    expect(await text('#derivation .formula')).toMatch(/^result\[0, 0, 2, 0, 0\] = operand\[0, /);
    expect(await text('#derivation .shape-algebra')).toContain(
      '1 (2) ← start_indices dim 1 (batching, paired)',
    );
    await page.click('#derivation details.hlo-steps summary');
    const chips = await page.$$eval('#derivation tr[data-step="batching"] .chip', (cs) =>
      cs.map((c) => {
        const s = getComputedStyle(c);
        return `${(c as HTMLElement).dataset.role}:${(c as HTMLElement).dataset.mark}:${s.borderTopStyle}`;
      }),
    );
    expect(chips[0]).toBe('operand_batching:⇄:solid');
    expect(chips.some((c) => c.startsWith('offset:o:dashed') || c.startsWith('collapsed:c:dotted'))).toBe(
      true,
    );
    // role labels on axes and slice labels: result dims 0 batch, 1 batching, 2 batch, 3-4 window
    const axes = await page.$$eval('#grids [data-tensor="output"] p.axes .chip', (cs) =>
      cs.map((c) => (c as HTMLElement).dataset.mark),
    );
    expect(axes).toEqual(['b', '⇄', 'b', 'o', 'o']);
    expect(await page.locator('#grids [data-tensor="output"] .slice-label').first().textContent()).toBe(
      '[0b, 0⇄, 0b, :o, :o]',
    );
    const dataAxes = await page.$$eval('#grids [data-tensor="data"] p.axes .chip', (cs) =>
      cs.map((c) => (c as HTMLElement).dataset.mark),
    );
    expect(dataAxes).toEqual(['⇄', 'i', 'i', 'o']);
    await page.locator('#derivation').screenshot({ path: `${SHOTS}/stablehlo-batching.png` });
    await page.locator('#grids').screenshot({ path: `${SHOTS}/stablehlo-batching-grids.png` });
  });

  it('a data row read by two index vectors shows both (stripes, #1·2); colouring by data element', async () => {
    await openPreset('onnx-gather-1');
    // indices [[0, 1], [1, 2]] on axis 0: data row 1 is read by vectors 1 and 2.
    const cell = page.locator('#grids td[data-role="data"][data-offset="2"]');
    expect(await cell.getAttribute('data-links')).toBe('2');
    expect(await cell.locator('.tag').textContent()).toBe('#1·2');
    const bg = await cell.evaluate((td) => getComputedStyle(td).backgroundImage);
    expect(bg).toContain('repeating-linear-gradient');
    await page.selectOption('#colour-by', 'element');
    await page.waitForFunction(
      () =>
        document.querySelector('#grids td[data-role="output"][data-offset="2"] .tag')?.textContent === '#2',
    );
    // output[0, 1, 0] = data[1, 0] (offset 2): the same colour as the data element it copies
    const colour = (sel: string) =>
      page.locator(sel).evaluate((td) => (td as HTMLElement).style.getPropertyValue('--link'));
    expect(await colour('#grids td[data-role="output"][data-offset="2"]')).toBe(
      await colour('#grids td[data-role="data"][data-offset="2"]'),
    );
    expect(
      await page.locator('#grids td[data-role="data"][data-offset="2"]').getAttribute('data-links'),
    ).toBeNull();
    await page.selectOption('#colour-by', 'vector');
  });

  it('the role chips under a deuteranopia filter stay apart (screenshot, pixel check)', async () => {
    await openPreset('stablehlo-gather-batching');
    const m = CVD_MATRICES.deuteranopia;
    // The legend's role chips, drawn twice: as is, and through an SVG feColorMatrix (linear RGB).
    const colours = await page.evaluate((mat) => {
      const ns = 'http://www.w3.org/2000/svg';
      const svg = document.createElementNS(ns, 'svg');
      svg.setAttribute('width', '0');
      svg.setAttribute('height', '0');
      const filter = document.createElementNS(ns, 'filter');
      filter.id = 'deuteranopia';
      filter.setAttribute('color-interpolation-filters', 'linearRGB');
      const cm = document.createElementNS(ns, 'feColorMatrix');
      cm.setAttribute('type', 'matrix');
      const row = (r: number) => `${mat[3 * r]} ${mat[3 * r + 1]} ${mat[3 * r + 2]} 0 0`;
      cm.setAttribute('values', `${row(0)} ${row(1)} ${row(2)} 0 0 0 1 0`);
      filter.append(cm);
      svg.append(filter);
      document.body.append(svg);
      const box = document.createElement('div');
      box.id = 'cvd-chips';
      box.style.cssText =
        'padding:12px;background:#fff;display:flex;flex-direction:column;gap:8px;width:520px';
      const keys = Array.from(document.querySelectorAll('#legend .role-key'));
      for (const filtered of [false, true]) {
        const line = document.createElement('div');
        line.style.cssText = `display:flex;gap:12px;${filtered ? 'filter:url(#deuteranopia)' : ''}`;
        line.append(filtered ? 'deuteranopia: ' : 'normal: ', ...keys.map((k) => k.cloneNode(true)));
        box.append(line);
      }
      document.body.prepend(box);
      return keys.map((k) => getComputedStyle(k.querySelector('.chip') as HTMLElement).borderTopColor);
    }, m as number[]);
    expect(colours.length).toBe(5);
    const shot = await page
      .locator('#cvd-chips')
      .screenshot({ path: `${SHOTS}/role-chips-deuteranopia.png` });
    expect(shot.length).toBeGreaterThan(1000);
  });
});
