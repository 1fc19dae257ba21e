/**
 * Issue 26, item 4, in Chromium as a user: the new presets load, the paste box reads method
 * chains, builders, fancy indexing and JAX `.at` (typed and pasted), pasted StableHLO gets
 * distinct in-range indices, "same call elsewhere" translates (MXNet's first-dim index vectors,
 * tf.scatter_nd's zeros for data-taking peers), tf.scatter_nd draws no data grid, the code view
 * speaks MXNet's Python, and a preset's changed dtype survives its link.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM,
  chromiumAvailable as available,
  type ExplorerPage,
  openExplorer,
} from '../helpers/explorer-chromium.js';

if (!available) console.warn(`SKIPPED: explorer-reach browser tests need ${CHROMIUM}`);

describe.skipIf(!available)('explorer: every example within reach', () => {
  let explorer: ExplorerPage;
  let page: Page;

  beforeAll(async () => {
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
  }

  it('the article and seed presets load with their documented outputs', async () => {
    await openPreset('article-tf-scatter-nd-accumulate');
    expect(await outputValues()).toEqual(['5', '7', '0', '7', '11', '6']);
    // tf.scatter_nd takes no data: no zero "data (input)" grid
    expect(await page.locator('#grids [data-tensor="data"]').count()).toBe(0);
    await openPreset('numpy-take-wrap');
    expect(await outputValues()).toEqual(['8', '4', '3']);
    await openPreset('numpy-take-clip');
    expect(await outputValues()).toEqual(['4', '8', '8']);
    await openPreset('caffe2-gather');
    expect(await page.inputValue('#op')).toBe('caffe2.Gather');
    await openPreset('article-gather');
    expect((await outputValues()).slice(0, 2)).toEqual(['20', '30']);
  });

  it('typed: torch.zeros(3, 5).scatter_(0, idx, torch.ones(1, 5)) runs as torch.scatter', async () => {
    await openPreset('torch-gather');
    await paste('torch.zeros(3, 5).scatter_(0, torch.tensor([[0, 1, 2, 0, 0]]), torch.ones(1, 5))', true);
    expect(await page.inputValue('#op')).toBe('torch.scatter');
    expect(await outputValues()).toEqual([
      '1',
      '0',
      '0',
      '1',
      '1',
      '0',
      '1',
      '0',
      '0',
      '0',
      '0',
      '0',
      '1',
      '0',
      '0',
    ]);
  });

  it('pasted: np.arange(6).reshape(2, 3) then x[[1, 0]]; JAX x.at[idx].add(1)', async () => {
    await paste('import numpy as np\nx = np.arange(6).reshape(2, 3)\nx[[1, 0]]');
    expect(await page.inputValue('#op')).toBe('numpy.take');
    expect(await outputValues()).toEqual(['3', '4', '5', '0', '1', '2']);
    await paste('import jax.numpy as jnp\nx = jnp.zeros(4)\nx.at[jnp.array([0, 2, 0])].add(1)');
    expect(await page.inputValue('#op')).toBe('jax.lax.scatter_add');
    expect(await outputValues()).toEqual(['2', '0', '1', '0']);
  });

  it('pasted StableHLO: the indices are distinct and in range, not zeros', async () => {
    await paste(
      '%r = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>} : (tensor<4x2xf32>, tensor<3x1xi64>) -> tensor<3x2xf32>',
    );
    expect((await page.inputValue('#indices')).replace(/\s/g, '')).toBe('[[0],[1],[2]]');
    expect(await outputValues()).toEqual(['0', '1', '2', '3', '4', '5']);
  });

  it('same call elsewhere translates: MXNet gets its index vectors along the first dim', async () => {
    await openPreset('article-gathernd-2');
    const mx = page.locator('#elsewhere [data-peer="mxnet.gather_nd"]');
    expect(await mx.getAttribute('data-translated')).toBe('1');
    expect(await mx.locator('.verdict').textContent()).toBe('same result');
    expect(await mx.locator('.layout').textContent()).toBe(
      'indices as mxnet.gather_nd takes them: [[-2,1],[0,1]]',
    );
    // TF reads the negative index as out of bounds: the difference is stated
    expect(
      await page.locator('#elsewhere [data-peer="tensorflow.gather_nd"] .translated').textContent(),
    ).toContain('negative indices');
  });

  it('from tf.scatter_nd, data-taking peers start from zeros instead of failing with "needs data"', async () => {
    await openPreset('tf-scatter-nd-1');
    const onnx = page.locator('#elsewhere [data-peer="onnx.ScatterND"]');
    expect(await onnx.locator('.verdict').textContent()).toBe('same result');
    expect(await page.textContent('#elsewhere')).not.toContain('needs data');
  });

  it('the code view speaks MXNet Python', async () => {
    await openPreset('mxnet-gather-nd-1');
    expect(await page.textContent('#code-lang')).toBe('Python (MXNet)');
    expect(await page.textContent('#code')).toContain('mx.nd.gather_nd(data, indices)');
  });

  it('the behaviour tables fit 1400 px and their cells open their call', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openPreset('onnx-gather-1');
    await page.click('#tables-details summary');
    await page.waitForSelector('#tables a.cell-link');
    const overflow = await page.$$eval(
      '#tables .table-wrap',
      (ws) => ws.filter((w) => w.scrollWidth > w.clientWidth + 1).length,
    );
    expect(overflow).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1400);
    // Table 2, tensorflow.gather, "Out of bound indices": the CPU error, one click away
    const cell = page
      .locator('#tables table')
      .nth(1)
      .locator('tr', { hasText: 'Out of bound indices' })
      .locator('td')
      .nth(2);
    await cell.locator('a.cell-link').click();
    await page.waitForFunction(
      () => (document.getElementById('op') as HTMLSelectElement).value === 'tensorflow.gather',
    );
    await page.waitForSelector('#error:not([hidden])');
    expect(await page.textContent('#error')).toContain('tensorflow.gather.index_out_of_bounds');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("a preset's changed dtype is kept in its link", async () => {
    await openPreset('numpy-take-flat');
    await page.selectOption('#data-dtype', 'float32');
    await page.waitForFunction(() => location.hash.startsWith('#s='));
    const link = page.url();
    await page.goto('about:blank');
    await page.goto(link);
    await page.waitForSelector('#grids td[data-role="output"]');
    expect(await page.inputValue('#preset')).toBe('numpy-take-flat');
    expect(await page.inputValue('#data-dtype')).toBe('float32');
    expect(await page.textContent('#grids [data-tensor="output"] .shape')).toContain('float32');
  });
});
