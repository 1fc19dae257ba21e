/**
 * Issue 26, items 2 and 4, in Chromium as a user: the paste box reads index tuples `x[i, j]`,
 * `x[i, j] = v`, boolean masks (np.array([[True, …]])) and negative indices and shows each
 * result; "same call elsewhere" from ONNX ScatterND shows MXNet's call with its index vectors
 * along the first dim; a docs/tables.md cell's link opens its call; a linked cell's edge bar
 * and the hover ring keep ≥ 3:1 contrast as drawn.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrast, type Rgb } from '../../explorer/cvd.js';
import {
  CHROMIUM,
  chromiumAvailable as available,
  type ExplorerPage,
  openExplorer,
} from '../helpers/explorer-chromium.js';

if (!available) console.warn(`SKIPPED: explorer-paste-read browser tests need ${CHROMIUM}`);

describe.skipIf(!available)('explorer: the paste box reads, the comparison translates', () => {
  let explorer: ExplorerPage;
  let page: Page;

  beforeAll(async () => {
    explorer = await openExplorer();
    page = explorer.page;
    await page.goto(`${explorer.url}#preset=torch-gather`);
    await page.waitForSelector('#grids td[data-role="output"]');
  }, 180_000);

  afterAll(async () => {
    expect(explorer?.pageErrors ?? []).toEqual([]);
    await explorer?.close();
  });

  const outputValues = () =>
    page.$$eval('#grids [data-tensor="output"] td[data-role="output"]', (tds) =>
      tds.map((td) => td.firstChild?.textContent ?? ''),
    );

  async function paste(text: string, typed = false): Promise<void> {
    await page.evaluate(() => {
      (document.getElementById('paste-details') as HTMLDetailsElement).open = true;
    });
    await page.fill('#paste', '');
    if (typed) await page.locator('#paste').pressSequentially(text, { delay: 0 });
    else await page.fill('#paste', text);
    await page.click('#paste-run');
    expect(await page.textContent('#paste-error')).toBe('');
    await page.waitForSelector('#grids td[data-role="output"]');
  }

  it('typed: x[[0, 2], [1, -1]] on np.arange(12).reshape(3, 4) runs numpy.index → [1, 11]', async () => {
    await paste('x = np.arange(12).reshape(3, 4)\nx[[0, 2], [1, -1]]', true);
    expect(await page.inputValue('#op')).toBe('numpy.index');
    expect((await page.inputValue('#indices')).replace(/\s/g, '')).toBe('[[0,2],[1,-1]]');
    expect(await outputValues()).toEqual(['1', '11']);
    // torch.index is its peer: the same tuple, the same result
    const peer = page.locator('#elsewhere [data-peer="torch.index"]');
    expect(await peer.locator('.verdict').textContent()).toBe('same result');
    // the link keeps the tuple op and its stacked indices
    await page.waitForFunction(() => location.hash.startsWith('#s='));
    const link = page.url();
    await page.goto('about:blank');
    await page.goto(link);
    await page.waitForSelector('#grids td[data-role="output"]');
    expect(await page.inputValue('#op')).toBe('numpy.index');
    expect(await outputValues()).toEqual(['1', '11']);
  });

  it('pasted: torch x[[0, 1], [2, 0]] = v runs torch.index_put', async () => {
    await paste('x = torch.zeros(2, 3)\nx[[0, 1], [2, 0]] = torch.tensor([7., 9.])');
    expect(await page.inputValue('#op')).toBe('torch.index_put');
    expect(await outputValues()).toEqual(['0', '0', '7', '9', '0', '0']);
  });

  it('pasted: a NumPy mask from np.array([[True, …]]) runs numpy.index → [0, 2, 4]', async () => {
    await paste('x = np.arange(6).reshape(2, 3)\nx[np.array([[True, False, True], [False, True, False]])]');
    expect(await page.inputValue('#op')).toBe('numpy.index');
    expect(await page.inputValue('#index-dtype')).toBe('bool');
    expect(await outputValues()).toEqual(['0', '2', '4']);
  });

  it('pasted: x[mask, 1] (the mask as its true positions), np.add.at(x, mask, 1), x[(0, 1)]', async () => {
    await paste('x = np.arange(12).reshape(3, 4)\nx[np.array([True, False, True]), 1]');
    expect(await page.inputValue('#op')).toBe('numpy.index');
    expect(await outputValues()).toEqual(['1', '9']);
    await paste('x = np.zeros(4)\nnp.add.at(x, np.array([True, False, True, False]), 1)');
    expect(await page.inputValue('#op')).toBe('numpy.add.at');
    expect(await outputValues()).toEqual(['1', '0', '1', '0']);
    // a 0-d result is one cell
    await paste('x = np.arange(6).reshape(2, 3)\nx[(0, 1)]');
    expect(await outputValues()).toEqual(['1']);
  });

  it('pasted: negative indices — torch x[[-1, 0]] → [5, 0] (torch.index), jnp → [3, 0]', async () => {
    await paste('x = torch.arange(6)\nx[[-1, 0]]');
    expect(await page.inputValue('#op')).toBe('torch.index');
    expect(await outputValues()).toEqual(['5', '0']);
    await paste('x = jnp.arange(4)\nx[jnp.array([-1, 0])]');
    expect(await page.inputValue('#op')).toBe('jax.numpy.take');
    expect(await outputValues()).toEqual(['3', '0']);
  });

  it('ONNX ScatterND → MXNet: the indices move to the first dim and the result matches on zeros', async () => {
    await page.goto(`${explorer.url}#preset=onnx-scatternd-1`);
    await page.waitForSelector('#grids td[data-role="output"]');
    const mx = page.locator('#elsewhere [data-peer="mxnet.scatter_nd"]');
    await mx.waitFor();
    expect(await mx.getAttribute('data-translated')).toBe('1');
    expect(await mx.locator('.layout').textContent()).toBe(
      'indices as mxnet.scatter_nd takes them: [[4,3,1,7]]',
    );
    expect(await mx.locator('.verdict').textContent()).toBe('same result as onnx.ScatterND on zeros');
    expect(await mx.locator('.zero-base').textContent()).toContain('on this input 4 of 8 elements differ');
    expect(await mx.textContent()).not.toContain('no equivalent');
  });

  it('a docs/tables.md cell link opens its call: tf.gather out of bounds raises its code', async () => {
    const md = readFileSync(new URL('../../docs/tables.md', import.meta.url), 'utf8');
    // Table 2, row 4 "Out of bound indices", column 2 tensorflow.gather
    const target = /^\[t2-4-2\]: tgsexplorer:(s=\S+)$/m.exec(md)?.[1];
    expect(target).toBeDefined();
    await page.goto('about:blank');
    await page.goto(`${explorer.url}#${target}`);
    await page.waitForFunction(
      () => (document.getElementById('op') as HTMLSelectElement).value === 'tensorflow.gather',
    );
    await page.waitForSelector('#error:not([hidden])');
    expect(await page.textContent('#error')).toContain('tensorflow.gather.index_out_of_bounds');
  });

  it('a linked cell draws its edge bar and the hover ring with ≥ 3:1 contrast', async () => {
    await page.goto(`${explorer.url}#preset=torch-gather`);
    await page.waitForSelector('#grids td[data-role="output"]');
    const cell = page.locator('#grids [data-tensor="data"] td[data-link]:not([data-links])').first();
    const bg = await cell.evaluate((td) => getComputedStyle(td).backgroundImage);
    // Chromium computes color-mix() as color(srgb r g b) with components in [0, 1].
    const rgb = (s: string): Rgb => {
      const m = /rgba?\(([\d.]+), ([\d.]+), ([\d.]+)/.exec(s);
      const c = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(s);
      expect(m ?? c, s).not.toBeNull();
      return m
        ? [Number(m[1]), Number(m[2]), Number(m[3])]
        : [255 * Number(c![1]), 255 * Number(c![2]), 255 * Number(c![3])];
    };
    const edge = rgb(bg);
    const tint = rgb(await cell.evaluate((td) => getComputedStyle(td).backgroundColor));
    console.log(`edge ${edge} on tint ${tint}: ${contrast(edge, tint).toFixed(2)}:1`);
    expect(contrast(edge, [255, 255, 255])).toBeGreaterThanOrEqual(3);
    expect(contrast(edge, tint)).toBeGreaterThanOrEqual(3);
    const out = page.locator('#grids [data-tensor="output"] td[data-role="output"]').first();
    await out.hover();
    await page.waitForSelector('#grids td.hl-main');
    const ring = await page
      .locator('#grids td.hl-main')
      .first()
      .evaluate((td) => [getComputedStyle(td).outlineColor, getComputedStyle(td).boxShadow]);
    expect(contrast(rgb(ring[0]), [255, 255, 255])).toBeGreaterThanOrEqual(3);
    expect(ring[1]).toContain('rgb(255, 255, 255)');
  });
});
