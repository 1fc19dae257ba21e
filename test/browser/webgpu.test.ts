/**
 * The WebGPU backend in real headless Chromium (Debian's /usr/bin/chromium driven by
 * playwright-core, `--enable-unsafe-webgpu`; `navigator.gpu` is SwiftShader on a machine without
 * a GPU). A small page bundling the library with Vite runs a gather and a duplicate-heavy float
 * scatter-add on the GPU; the bits must equal the CPU's, both the page's own CPU run and this
 * Node process's. Skips (saying why) only when Chromium is not installed.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../src/core/call.js';
import { onnx, tensor, torch } from '../../src/index.js';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) console.warn(`SKIPPED: WebGPU browser tests need ${CHROMIUM} (apt-get install chromium)`);

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const WORK = join(ROOT, 'test-artifacts', 'webgpu-page');

/** Chromium flags: the explorer test's, plus WebGPU (SwiftShader when there is no GPU). */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-webgpu',
];

/** The inputs, shared by the page and this process (plain JSON). */
const GATHER = {
  data: Array.from({ length: 24 }, (_, i) => Math.fround(Math.sin(i + 1) * 1000)),
  shape: [6, 4],
  indices: [5, 0, -1, 2, 2, -6],
};
const N = 4096;
const SCATTER = {
  // Float32 updates of very different magnitudes onto 5 targets: the sums depend on the order.
  updates: Array.from({ length: N }, (_, i) => Math.fround(Math.cos(i) * 10 ** ((i % 11) - 5))),
  index: Array.from({ length: N }, (_, i) => (i * 31) % 5),
  self: [1, -2, 3.5, 1e-3, 7],
};

/** The calls, lowered by the same frontends in the page and here. */
function calls(lib: { onnx: typeof onnx; torch: typeof torch; tensor: typeof tensor }) {
  const data = lib.tensor(GATHER.data, 'float32').reshape(GATHER.shape);
  return {
    gather: lib.onnx.lower.Gather(data, lib.tensor(GATHER.indices, 'int64'), { axis: 0 }),
    scatter: lib.torch.lower.scatter_add(
      lib.tensor(SCATTER.self, 'float32'),
      0,
      lib.tensor(SCATTER.index, 'int64'),
      lib.tensor(SCATTER.updates, 'float32'),
    ),
  };
}

const ENTRY = `
import { executeOn } from '${rel('src/backends/index.ts')}';
import { createWebGpuBackend } from '${rel('src/backends/webgpu/index.ts')}';
import { execute } from '${rel('src/core/call.ts')}';
import { onnx, tensor, torch } from '${rel('src/index.ts')}';
window.tgs = { executeOn, createWebGpuBackend, execute, onnx, tensor, torch };
document.body.dataset.ready = '1';
`;
function rel(p: string): string {
  return relative(WORK, join(ROOT, p)).split('\\').join('/');
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

function serve(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const name = (req.url ?? '/').split('?')[0];
    const file = join(dir, name === '/' ? 'index.html' : name);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
    res.end(readFileSync(file));
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
}

const bitsOf = (t: { data: ArrayBufferView }) =>
  Array.from(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));

describe.skipIf(!available)('WebGPU backend in headless Chromium', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    rmSync(WORK, { recursive: true, force: true });
    mkdirSync(WORK, { recursive: true });
    writeFileSync(
      join(WORK, 'index.html'),
      '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>webgpu</title><script type="module" src="./entry.ts"></script>',
    );
    writeFileSync(join(WORK, 'entry.ts'), ENTRY);
    const vite = await import('vite');
    await vite.build({
      root: WORK,
      configFile: false,
      logLevel: 'warn',
      base: './',
      build: { outDir: join(WORK, 'dist'), emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4000 },
    });
    server = await serve(join(WORK, 'dist'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForSelector('body[data-ready="1"]', { state: 'attached' });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => (server ? server.close(r) : r(null)));
  });

  it('navigator.gpu is there and gives an adapter', async () => {
    const info = await page.evaluate(async () => {
      const gpu = (navigator as unknown as { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
      if (!gpu) return null;
      const b = await (window as any).tgs.createWebGpuBackend();
      (window as any).gpuBackend = b;
      return b.adapterInfo as string;
    });
    expect(info, 'navigator.gpu missing: Chromium without --enable-unsafe-webgpu support').not.toBeNull();
    console.log(`Chromium WebGPU adapter: ${info}`);
    expect(info).not.toBe('');
  });

  it('a gather and a duplicate-heavy float scatter-add on the GPU: the CPU bits', async () => {
    const fromPage = await page.evaluate(
      async ({ GATHER, SCATTER, src }) => {
        const lib = (window as any).tgs;
        const gpu = (window as any).gpuBackend;
        const made = new Function('lib', 'GATHER', 'SCATTER', `return (${src})(lib);`)(lib, GATHER, SCATTER);
        const bits = (t: any) =>
          Array.from(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
        const out: Record<string, unknown> = {};
        for (const name of ['gather', 'scatter']) {
          const call = made[name];
          const cpu = lib.execute(call);
          const got = await lib.executeOn(call, gpu);
          out[name] = { dtype: got.dtype, shape: got.shape, gpu: bits(got), cpu: bits(cpu) };
        }
        out.stats = { ...gpu.stats };
        return out;
      },
      { GATHER, SCATTER, src: calls.toString() },
    );
    const here = calls({ onnx, tensor, torch });
    const wantGather = execute(here.gather);
    const wantScatter = execute(here.scatter);
    const g = fromPage.gather as { dtype: string; shape: number[]; gpu: number[]; cpu: number[] };
    const s = fromPage.scatter as typeof g;
    expect(g.dtype).toBe('float32');
    expect(g.shape).toEqual([6, 4]);
    expect(g.gpu).toEqual(g.cpu);
    expect(g.gpu).toEqual(bitsOf(wantGather));
    // Real values: row 5, row 0, row 5 (from the end), row 2, row 2, row 0 (from the end).
    const rows = [5, 0, 5, 2, 2, 0];
    expect(Array.from(new Float32Array(new Uint8Array(g.gpu).buffer))).toEqual(
      rows.flatMap((r) => GATHER.data.slice(r * 4, r * 4 + 4)),
    );
    expect(s.shape).toEqual([5]);
    expect(s.gpu).toEqual(s.cpu);
    expect(s.gpu).toEqual(bitsOf(wantScatter));
    // The sums in update-index order, rounded to float32 after each add, as the CPU does.
    const sums = SCATTER.self.map((x) => Math.fround(x));
    SCATTER.index.forEach((t, i) => {
      sums[t] = Math.fround(sums[t] + SCATTER.updates[i]);
    });
    expect(Array.from(new Float32Array(new Uint8Array(s.gpu).buffer))).toEqual(sums);
    // Both ran on the GPU (not through the host fallback).
    expect(fromPage.stats).toMatchObject({ gpu: 2, empty: 0, flagged: 0 });
    expect(errors).toEqual([]);
  });
});
