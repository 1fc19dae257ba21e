/**
 * Issue 23 in Chromium as a user: a pasted call with Python complex literals runs in the
 * framework's default complex dtype and each result element shows as a+bi; the derivation
 * speaks the op's own names (issue 21 item 1: torch.gather's `input` and `index`, read from
 * PyTorch's description, not a list in the explorer).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM,
  chromiumAvailable as available,
  type ExplorerPage,
  openExplorer,
} from '../helpers/explorer-chromium.js';

if (!available) console.warn(`SKIPPED: explorer-complex browser tests need ${CHROMIUM}`);

describe.skipIf(!available)('explorer: complex pastes show a+bi', () => {
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

  async function paste(text: string): Promise<void> {
    await page.evaluate(() => {
      (document.getElementById('paste-details') as HTMLDetailsElement).open = true;
    });
    await page.fill('#paste', text);
    await page.click('#paste-run');
    expect(await page.textContent('#paste-error')).toBe('');
    await page.waitForSelector('#grids td[data-role="output"]');
  }

  it('torch.gather of complex literals: complex64, the result as a+bi', async () => {
    await paste('torch.gather(torch.tensor([[1+2j, 3-4j], [5j, -1-0j]]), 1, torch.tensor([[1, 0], [0, 0]]))');
    expect(await page.inputValue('#op')).toBe('torch.gather');
    expect(await page.inputValue('#data-dtype')).toBe('complex64');
    await page.waitForFunction(
      () =>
        document.querySelector('#grids [data-tensor="output"] td[data-role="output"]')?.firstChild
          ?.textContent === '3-4i',
    );
    expect(await outputValues()).toEqual(['3-4i', '1+2i', '0+5i', '0+5i']);
  });

  it("the derivation names torch.gather's tensors as PyTorch's docs do", async () => {
    await page.locator('#grids [data-tensor="output"] td[data-role="output"]').first().click();
    await page.waitForFunction(() =>
      /index\[/.test(document.getElementById('derivation')?.textContent ?? ''),
    );
    const text = (await page.textContent('#derivation')) ?? '';
    expect(text).toContain('out[0][0] = input[0][index[0][0]]');
  });

  it('np.take of complex literals: complex128 (NumPy’s default), a+bi', async () => {
    await paste('np.take(np.array([1+2j, 2-3j, 4]), np.array([2, 0, 1]))');
    expect(await page.inputValue('#data-dtype')).toBe('complex128');
    await page.waitForFunction(
      () =>
        document.querySelector('#grids [data-tensor="output"] td[data-role="output"]')?.firstChild
          ?.textContent === '4+0i',
    );
    expect(await outputValues()).toEqual(['4+0i', '1+2i', '2-3i']);
  });
});
