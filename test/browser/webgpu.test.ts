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
import { compareOutcomes } from '../../explorer/webgpu.js';
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

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

function serve(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const name = (req.url ?? '/').split('?')[0];
    const file = join(dir, decodeURIComponent(name === '/' ? 'index.html' : name));
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

describe('explorer/webgpu.ts verdicts', () => {
  it('states identical bits, the first difference, the same error and a refusal', () => {
    const cpu = tensor([1, 2, 3, 4], 'float32');
    expect(compareOutcomes('x', cpu, null, tensor([1, 2, 3, 4], 'float32'), null)).toEqual({
      state: 'identical',
      text: 'WebGPU (x): identical to CPU ✓',
    });
    // Bits, not numeric equality: -0 differs from 0.
    expect(
      compareOutcomes('x', tensor([0, 2, 3], 'float32'), null, tensor([-0, 2, 5], 'float32'), null),
    ).toEqual({
      state: 'differs',
      text: 'WebGPU (x): differs from CPU at 2 of 3 elements (first at flat offset 0: CPU 0, GPU -0)',
    });
    expect(compareOutcomes('x', cpu, null, tensor([1, 2, 3, 4], 'int32'), null).state).toBe('differs');
    let cpuError: unknown;
    try {
      execute(onnx.lower.Gather(cpu, tensor([9], 'int64')));
    } catch (e) {
      cpuError = e;
    }
    expect(cpuError).toBeInstanceOf(Error);
    const same = compareOutcomes('x', null, cpuError, null, cpuError);
    expect(same.state).toBe('identical');
    expect(same.text).toMatch(/^WebGPU \(x\): the same error as the CPU ✓ \(onnx\.Gather/);
    expect(compareOutcomes('x', null, cpuError, cpu, null).state).toBe('differs');
  });
});

describe.skipIf(!available)('explorer: run on WebGPU', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const OUT = join(WORK, 'explorer');

  beforeAll(async () => {
    // Its own build directory, so the explorer test's explorer-dist/ is never touched.
    const vite = await import('vite');
    await vite.build({
      configFile: join(ROOT, 'explorer', 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: OUT, emptyOutDir: true },
    });
    server = await serve(OUT);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForSelector('td[data-role="output"]');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => (server ? server.close(r) : r(null)));
  });

  /** Waits for the status line to reach `state` (not 'running'); its text. */
  const status = async (state: string) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const now = await page.getAttribute('#webgpu-status', 'data-state');
      const text = (await page.textContent('#webgpu-status')) ?? '';
      if (now === state) return text;
      if (now !== 'running' || Date.now() > deadline)
        throw new Error(
          `WebGPU status is ${now} (${text}); expected ${state}; page error: ${await page.textContent('#error')}`,
        );
      await page.waitForTimeout(50);
    }
  };
  const outputValues = () =>
    page.$$eval('#grids [data-tensor="output"] td[data-role="output"]', (tds) =>
      tds.map((td) => td.firstChild?.textContent ?? ''),
    );

  it('the toggle re-runs the shown gather on the GPU: identical to CPU', async () => {
    expect(await page.isEnabled('#webgpu')).toBe(true);
    expect(await page.getAttribute('#webgpu-status', 'data-state')).toBe('off');
    await page.selectOption('#framework', 'onnx');
    await page.selectOption('#op', 'onnx.GatherND');
    await page.selectOption('#preset', 'onnx-gathernd-3');
    await page.check('#webgpu');
    const text = await status('identical');
    expect(text).toMatch(/^WebGPU \(.+\): identical to CPU ✓$/);
    expect(text).not.toContain('()');
    expect(await outputValues()).toEqual(['2', '3', '4', '5']);
  });

  it('a float scatter-add with duplicates, re-run on every change', async () => {
    await page.selectOption('#framework', 'torch');
    await page.selectOption('#op', 'torch.scatter_add');
    await page.fill('#data', '[0.5, 0, 0]');
    await page.fill('#indices', '[0, 0, 0, 1, 0]');
    await page.fill('#updates', '[100000000, 1.25, -100000000, 3, 0.1]');
    await page.fill('#attrs', '{"dim": 0}');
    await page.selectOption('#data-dtype', 'float32');
    await page.check('#webgpu');
    await page.click('#run');
    await status('identical');
    // float32 in update-index order: 0.5 and 1.25 vanish into 1e8 (spacing 8), so 1e8 − 1e8 + 0.1
    // = 0.1 (an exact or reordered sum would give 1.85).
    expect(await outputValues()).toEqual(['0.1', '3', '0']);
    expect(await page.textContent('#webgpu-status')).toMatch(/identical to CPU ✓$/);
  });

  it('an index error: the same typed error on the GPU', async () => {
    await page.selectOption('#framework', 'tensorflow');
    await page.selectOption('#op', 'tensorflow.gather');
    await page.selectOption('#version', 'cpu');
    await page.fill('#data', '[[1,2,3],[4,5,6]]');
    await page.fill('#indices', '[2,0,5]');
    await page.fill('#attrs', '{"axis": 1}');
    await page.check('#webgpu');
    await page.click('#run');
    await page.waitForSelector('#error:not([hidden])');
    const text = await status('identical');
    expect(text).toMatch(/the same error as the CPU ✓ \(tensorflow\.gather\.index_out_of_bounds\)$/);
  });

  it('float64 arithmetic runs on the GPU (soft float), identical to the CPU; unchecking turns it off', async () => {
    await page.selectOption('#framework', 'torch');
    await page.selectOption('#op', 'torch.scatter_add');
    await page.fill('#data', '[0.5, 0, 0]');
    await page.fill('#indices', '[0, 1]');
    await page.fill('#updates', '[1, 2]');
    await page.fill('#attrs', '{"dim": 0}');
    await page.selectOption('#data-dtype', 'float64');
    await page.check('#webgpu');
    await page.click('#run');
    expect(await status('identical')).toMatch(/identical to CPU ✓/);
    await page.uncheck('#webgpu');
    expect(await status('off')).toBe('');
    expect(errors).toEqual([]);
  });
});
