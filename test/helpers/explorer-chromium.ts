/**
 * The explorer, built by Vite into a temp folder, served by a minimal static server and opened in
 * headless Chromium (Debian's /usr/bin/chromium): the setup the hostile-link and hostile-paste
 * browser tests share.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

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

/** An open explorer page: its URL, the page errors it logged, and a close that cleans up. */
export interface ExplorerPage {
  readonly url: string;
  readonly page: Page;
  readonly pageErrors: string[];
  close(): Promise<void>;
}

/** Builds the explorer, serves it and opens it in Chromium. */
export async function openExplorer(): Promise<ExplorerPage> {
  const dir = mkdtempSync(join(tmpdir(), 'gs-explorer-'));
  mkdirSync(dir, { recursive: true });
  const vite = await import('vite');
  await vite.build({
    configFile: fileURLToPath(new URL('../../explorer/vite.config.ts', import.meta.url)),
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true },
  });
  return openDir(dir);
}

/** Serves a built directory (the explorer, the API site) and opens it in Chromium; close() removes it. */
export async function openDir(dir: string): Promise<ExplorerPage> {
  const { url, server } = await serve(dir);
  const profile = mkdtempSync(join(tmpdir(), 'gs-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
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
  const page = browser.pages()[0] ?? (await browser.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return {
    url,
    page,
    pageErrors,
    async close() {
      await browser.close();
      await new Promise((ok) => server.close(ok));
      for (const d of [dir, profile]) rmSync(d, { recursive: true, force: true });
    },
  };
}
