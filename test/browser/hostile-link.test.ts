/**
 * Issue 24, item 5, in real Chromium (as test/browser/explorer.test.ts: Debian's
 * /usr/bin/chromium via playwright-core): hostile links — a deflate bomb, a malformed payload,
 * an unknown preset or op, a call with more result elements than the explorer runs — show a
 * visible message, run nothing, and leave the page responsive (an operator picked afterwards
 * runs). The page is built into its own directory so this file never races the other browser
 * test over explorer-dist/.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeState, toBase64Url } from '../../explorer/url.js';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) console.warn(`SKIPPED: hostile-link browser tests need ${CHROMIUM}`);

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** A minimal static server over `dir` (GET only; the page's own files). */
function serve(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir + sep) && file !== dir) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      ok({ url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/`, server });
    }),
  );
}

describe.skipIf(!available)('explorer: hostile links in Chromium', () => {
  let dir: string;
  let profile: string;
  let server: Server;
  let url: string;
  let browser: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gs-explorer-'));
    mkdirSync(dir, { recursive: true });
    const vite = await import('vite');
    await vite.build({
      configFile: fileURLToPath(new URL('../../explorer/vite.config.ts', import.meta.url)),
      logLevel: 'warn',
      build: { outDir: dir, emptyOutDir: true },
    });
    ({ url, server } = await serve(dir));
    profile = mkdtempSync(join(tmpdir(), 'gs-chromium-'));
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      viewport: { width: 1280, height: 800 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
    page = browser.pages()[0] ?? (await browser.newPage());
    page.on('pageerror', (e) => pageErrors.push(e.message));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((ok) => (server ? server.close(ok) : ok(undefined)));
    for (const d of [dir, profile]) if (d) rmSync(d, { recursive: true, force: true });
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
