/**
 * Issue 24, item 5, in real Chromium (as test/browser/explorer.test.ts: Debian's
 * /usr/bin/chromium via playwright-core): hostile links — a deflate bomb, a malformed payload,
 * an unknown preset or op, a call with more result elements than the explorer runs — show a
 * visible message, run nothing, and leave the page responsive (an operator picked afterwards
 * runs). The page is built into its own directory so this file never races the other browser
 * test over explorer-dist/.
 */
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeState, toBase64Url } from '../../explorer/url.js';
import type { Page } from 'playwright-core';
import {
  type ExplorerPage,
  CHROMIUM,
  chromiumAvailable as available,
  openExplorer,
} from '../helpers/explorer-chromium.js';

if (!available) console.warn(`SKIPPED: hostile-link browser tests need ${CHROMIUM}`);

describe.skipIf(!available)('explorer: hostile links in Chromium', () => {
  let explorer: ExplorerPage;
  let url: string;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    explorer = await openExplorer();
    ({ url, page, pageErrors } = explorer);
  }, 180_000);

  afterAll(async () => {
    await explorer?.close();
  });

  /** Loads `hash`, waits for the page to settle, and returns the message shown (no run). */
  async function load(hash: string): Promise<{ message: string; ms: number; outputs: number }> {
    const t0 = Date.now();
    await page.goto('about:blank');
    await page.goto(`${url}${hash}`);
    await page.waitForSelector('body[data-ready="1"]', { timeout: 20_000 });
    await page.waitForSelector('#error:not([hidden])', { timeout: 20_000 });
    const ms = Date.now() - t0;
    // responsive: the page answers a script at once
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
    return {
      message: (await page.textContent('#error')) ?? '',
      ms,
      outputs: await page.locator('td[data-role="output"]').count(),
    };
  }

  it('a deflate bomb link (80 MB of JSON): a message, no run, well under the 29 s it took', async () => {
    const bomb = `z${toBase64Url(deflateRawSync(Buffer.from(`{"op":"onnx.Gather","data":"${'1,'.repeat(40_000_000)}"}`)))}`;
    const r = await load(`#s=${bomb}`);
    expect(r.message).toContain('This link cannot be read (the link inflates to more than 2097152 bytes)');
    expect(r.message).toContain('nothing was run');
    expect(r.outputs).toBe(0);
    expect(r.ms).toBeLessThan(15_000);
  });

  it.each([
    ['a malformed payload', '#s=z%%%', 'This link cannot be read'],
    ['a payload of an unknown format', '#s=q123', 'This link cannot be read (unknown link format "q")'],
    ['an unknown preset', '#preset=no-such-preset', 'This link names an unknown preset "no-such-preset"'],
    ['an unknown op', '#op=onnx.NoSuchOp', 'This link names an unknown op "onnx.NoSuchOp"'],
  ])('%s: the message stays, nothing runs', async (_what, hash, message) => {
    const r = await load(hash);
    expect(r.message).toContain(message);
    expect(r.outputs).toBe(0);
    // the message is not erased by a later run: nothing else runs on its own
    await page.waitForTimeout(300);
    expect(await page.textContent('#error')).toContain(message);
  });

  it('a small link asking for 25M result elements is refused before it runs', async () => {
    const n = 5000;
    const payload = await encodeState({
      op: 'stablehlo.gather',
      data: `[${new Array(n).fill(0).join(',')}]`,
      indices: `[${new Array(n).fill('[0]').join(',')}]`,
      attrs: JSON.stringify({
        offset_dims: [1],
        collapsed_slice_dims: [],
        start_index_map: [0],
        index_vector_dim: 1,
        slice_sizes: [n],
      }),
    });
    expect(payload.length).toBeLessThan(2000);
    const r = await load(`#s=${payload}`);
    expect(r.message).toContain(`this call has ${n * n} result elements, more than the explorer's 16777216`);
    expect(r.outputs).toBe(0);
    expect(r.ms).toBeLessThan(15_000);
  });

  it('after a hostile link, picking an operator runs it', async () => {
    await load('#op=onnx.NoSuchOp');
    await page.selectOption('#framework', 'onnx');
    await page.waitForSelector('td[data-role="output"]', { timeout: 20_000 });
    expect(pageErrors).toEqual([]);
  });
});
