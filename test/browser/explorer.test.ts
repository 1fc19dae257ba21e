/**
 * The explorer in real Chromium (Debian's /usr/bin/chromium driven by playwright-core; no
 * browser download). Builds the page with Vite, serves it on a random localhost port, picks
 * operators from several frameworks, checks output values and hover highlighting, and saves a
 * screenshot to test-artifacts/explorer.png. Skips (visibly) when Chromium is not installed.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveExplorer } from '../../scripts/serve.mjs';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) console.warn(`SKIPPED: explorer browser tests need ${CHROMIUM} (apt-get install chromium)`);

describe.skipIf(!available)('explorer in Chromium', () => {
  let server: { url: string; close: () => Promise<void> };
  let browser: BrowserContext;
  let page: Page;
  let profile: string;
  const errors: string[] = [];

  beforeAll(async () => {
    // explorer-dist/ is built once for the whole run (test/global-setup.ts).
    server = await serveExplorer({ port: 0, build: false });
    profile = mkdtempSync(join(tmpdir(), 'gs-chromium-'));
    // A fresh profile directory (playwright passes it as --user-data-dir).
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      viewport: { width: 1280, height: 800 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = browser.pages()[0] ?? (await browser.newPage());
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(server.url);
    await page.waitForSelector('td[data-role="output"]');
    expect(errors).toEqual([]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  const outputValues = () =>
    page.$$eval('#grids [data-tensor="output"] td[data-role="output"]', (tds) =>
      tds.map((td) => td.firstChild?.textContent ?? ''),
    );

  async function pick(framework: string, op: string): Promise<void> {
    await page.selectOption('#framework', framework);
    await page.selectOption('#op', op);
  }

  async function setInputs(inputs: Record<string, string>): Promise<void> {
    for (const [id, value] of Object.entries(inputs)) await page.fill(`#${id}`, value);
    await page.click('#run');
  }

  async function hoverHighlights(outputOffset: number): Promise<string[]> {
    await page.hover(`#grids td[data-role="output"][data-offset="${outputOffset}"]`);
    return page.$$eval('#grids td.hl', (tds) =>
      tds.map((td) => `${(td as HTMLElement).dataset.role}:${(td as HTMLElement).dataset.offset}`),
    );
  }

  it('ONNX GatherND (documented example 3): values and hover path', async () => {
    await pick('onnx', 'onnx.GatherND');
    await page.selectOption('#preset', 'onnx-gathernd-3');
    expect(await outputValues()).toEqual(['2', '3', '4', '5']);
    // output[1, 1] = 5 reads data[1, 0, 1] (offset 5) through the index vector indices[1, :].
    const hl = await hoverHighlights(3);
    expect(hl).toContain('data:5');
    expect(hl).toContain('indices:2');
    expect(hl).toContain('indices:3');
    expect(hl).not.toContain('data:2');
    expect(await page.textContent('#derivation [data-step="operand"]')).toMatch(/1\D+0\D+1/);
    expect(await page.textContent('#hlo')).toContain('"stablehlo.gather"');
  });

  it('TensorFlow gather on GPU: out-of-bounds index fills zero and is marked', async () => {
    await pick('tensorflow', 'tensorflow.gather');
    await page.selectOption('#version', 'gpu');
    await setInputs({ data: '[[1,2,3],[4,5,6]]', indices: '[2,0,5]', attrs: '{"axis": 1}' });
    expect(await outputValues()).toEqual(['3', '1', '0', '6', '4', '0']);
    const cell = page.locator('#grids td[data-role="output"][data-offset="2"]');
    expect(await cell.textContent()).toContain('∅');
    expect(await page.textContent('#legend')).toContain('filled');
    const hl = await hoverHighlights(3); // output[1, 0] = 6 ← data[1, 2]
    expect(hl).toContain('data:5');
    expect(hl).toContain('indices:0');
  });

  it('TensorFlow gather on CPU: the error is shown inline with its rule ID', async () => {
    await page.selectOption('#version', 'cpu');
    await page.waitForSelector('#error:not([hidden])');
    expect(await page.textContent('#error code')).toBe('tensorflow.gather.index_out_of_bounds');
  });

  it('StableHLO gather with batching dims (RFC example)', async () => {
    await pick('stablehlo', 'stablehlo.gather');
    await page.selectOption('#preset', 'stablehlo-gather-batching');
    const values = await outputValues();
    expect(values.slice(0, 8)).toEqual(['1', '2', '3', '4', '3', '4', '5', '6']);
    expect(values).toHaveLength(48);
    // result[0, 0, 2, :, :] = [[13, 14], [15, 16]]: first element (offset 8) reads operand[0, 1, 2, 0] (offset 12).
    expect(await hoverHighlights(8)).toContain('data:12');
    expect(await page.$$eval('#grids [data-tensor="output"] .slice-label', (x) => x.length)).toBe(12);
  });

  it('MXNet gather_nd reads index vectors along the first dim, and "same call elsewhere" shows the difference', async () => {
    await pick('mxnet', 'mxnet.gather_nd');
    await page.selectOption('#preset', 'article-gathernd-mxnet');
    expect(await outputValues()).toEqual(['2', '2']);
    // Translated (issue 26): ONNX takes the index vectors along the last dim, so the same call
    // gives the same result and the moved indices are shown.
    const onnx = page.locator('#elsewhere [data-peer="onnx.GatherND"]');
    expect(await onnx.getAttribute('data-translated')).toBe('1');
    expect(await onnx.locator('.verdict').textContent()).toBe('same result');
    expect(await onnx.locator('.layout').textContent()).toBe(
      'indices as onnx.GatherND takes them: [[0,1],[0,1]]',
    );
  });

  it('scatter: collisions are marked and hovering an update shows its target', async () => {
    await pick('tensorflow', 'tensorflow.tensor_scatter_nd_update');
    await setInputs({ data: '[0,0,0,0]', indices: '[[1],[3],[1]]', updates: '[5,6,7]', attrs: '{}' });
    expect(await outputValues()).toEqual(['0', '7', '0', '6']);
    expect(await page.locator('#grids td[data-role="output"][data-offset="1"]').textContent()).toContain('⚠');
    await page.hover('#grids td[data-role="updates"][data-offset="2"]');
    const hl = await page.$$eval('#grids td.hl', (tds) =>
      tds.map((td) => `${(td as HTMLElement).dataset.role}:${(td as HTMLElement).dataset.offset}`),
    );
    expect(hl).toEqual(expect.arrayContaining(['updates:2', 'output:1', 'indices:2']));
  });

  it('keyboard: focusing a cell and moving with the arrow keys traces the path', async () => {
    await pick('onnx', 'onnx.GatherElements');
    await page.selectOption('#preset', 'onnx-gather-elements-1');
    // The preset re-renders the grids; focus a cell of the new grid, not one about to be replaced.
    await page.waitForFunction(
      () =>
        Array.from(
          document.querySelectorAll('#grids [data-tensor="output"] td[data-role="output"]'),
          (td) => td.firstChild?.textContent ?? '',
        ).join(',') === '1,1,4,3',
    );
    await page.focus('#grids td[data-role="output"][data-offset="0"]');
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.offset);
    expect(focused).toBe('2');
    expect(await page.textContent('#path')).toContain('output[1, 0]');
    expect(await page.textContent('#derivation [data-step="operand"]')).toContain('1, 1');
  });

  it('behaviour tables render in the page', async () => {
    await page.click('#tables-details summary');
    await page.waitForSelector('#tables table');
    expect(await page.textContent('#tables')).toContain('Table 1: GatherND / ScatterND');
  });

  const derivationText = () => page.textContent('#derivation');

  it('derivation: batched StableHLO gather, step by step with batching dims', async () => {
    await pick('stablehlo', 'stablehlo.gather');
    await page.selectOption('#preset', 'stablehlo-gather-batching');
    await page.hover('#grids td[data-role="output"][data-offset="8"]');
    const steps = await page.$$eval('#derivation tr[data-step]', (trs) =>
      trs.map((t) => (t as HTMLElement).dataset.step),
    );
    expect(steps).toEqual(
      expect.arrayContaining(['space', 'batch', 'read', 'map', 'batching', 'window', 'operand']),
    );
    // result[0, 0, 2, 0, 0] reads operand[0, 1, 2, 0] (offset 12): batching dim 0 from indices dim 1.
    const operand = await page.$$eval('#derivation tr[data-step="operand"] .chip', (c) =>
      c.map((x) => x.textContent),
    );
    expect(operand).toEqual(['0', '1', '2', '0']);
    const roles = await page.$$eval('#derivation tr[data-step="batching"] .chip', (c) =>
      c.map((x) => (x as HTMLElement).dataset.role),
    );
    expect(roles[0]).toBe('operand_batching');
    expect(await derivationText()).toContain("agrees with the core's index map and trace");
  });

  it('derivation: a clamped index shows the clamp step', async () => {
    await pick('stablehlo', 'stablehlo.gather');
    await setInputs({
      data: '[10, 11, 12]',
      indices: '[[1], [7]]',
      attrs:
        '{"offset_dims": [], "collapsed_slice_dims": [0], "start_index_map": [0], "index_vector_dim": 1, "slice_sizes": [1]}',
    });
    await page.hover('#grids td[data-role="output"][data-offset="1"]');
    const policy = page.locator('#derivation tr[data-step="policy"]');
    expect(await policy.textContent()).toContain('clamp');
    expect(await policy.locator('.chip.changed').textContent()).toBe('2');
    expect(await derivationText()).toContain('⇥ clamped');
  });

  it('derivation: a negative index counts from the end (NumPy names beside StableHLO names)', async () => {
    await pick('numpy', 'numpy.take_along_axis');
    await setInputs({ data: '[[1, 2, 3], [4, 5, 6]]', indices: '[[-1], [0]]', attrs: '{"axis": 1}' });
    expect(await outputValues()).toEqual(['3', '4']);
    await page.hover('#grids td[data-role="output"][data-offset="0"]');
    const text = await derivationText();
    expect(await page.locator('#derivation tr[data-step="negative"]').count()).toBe(1);
    expect(text).toContain('negative_indices = from_end');
    expect(text).toContain('axis=1');
    // np.take_along_axis(arr, indices, axis): NumPy's own name for the data.
    expect(text).toContain('arr[0, 2]');
    expect(text).toContain('indices[0');
    expect(text).toContain('↤ from end');
  });

  it('scatter arithmetic: duplicate add shows the running value', async () => {
    await pick('tensorflow', 'tensorflow.tensor_scatter_nd_add');
    await setInputs({ data: '[3, 0, 0, 1]', indices: '[[0], [3], [0]]', updates: '[5, 2, 1]', attrs: '{}' });
    expect(await outputValues()).toEqual(['9', '0', '0', '3']);
    expect(await page.textContent('#arith-all')).toContain('output[0]: 3 → +5 → 8 → +1 → 9');
    expect(await page.textContent('#arith-all')).toContain('2 of 4 elements untouched');
    await page.hover('#grids td[data-role="updates"][data-offset="2"]');
    const line = await page.textContent('#arith .arith-line');
    expect(line).toContain('3 → +5 → 8 → +1 → 9');
    expect(line).toContain('result 9 ✓');
    expect(await page.textContent('#arith li.current')).toContain('updates[2]: +1 → 9');
  });

  it('512×512 GatherElements renders without a DOM cell per element and answers a hover fast', async () => {
    await pick('onnx', 'onnx.GatherElements');
    const t0 = Date.now();
    const ms = await page
      .evaluate(async () => {
        const n = 512;
        const data = JSON.stringify(
          Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => i * n + j)),
        );
        const idx = JSON.stringify(
          Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i * 7 + j * 3) % n)),
        );
        (document.getElementById('data') as HTMLTextAreaElement).value = data;
        (document.getElementById('indices') as HTMLTextAreaElement).value = idx;
        (document.getElementById('attrs') as HTMLTextAreaElement).value = '{"axis": 1}';
        const start = performance.now();
        (document.getElementById('run') as HTMLButtonElement).click();
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        const took = performance.now() - start;
        return { took, phases: (window as any).__explorer.phases };
      })
      .then((x) => {
        console.log('render phases', JSON.stringify(x.phases));
        return x.took;
      });
    const wall = Date.now() - t0;
    const tds = await page.$$eval('#grids td', (x) => x.length);
    expect(tds).toBeLessThan(1000);
    expect(await page.locator('#grids canvas[data-role="output"]').count()).toBe(1);
    // Hover output[3, 5] on the canvas: timed from the event to the next frame.
    const hover = await page.evaluate(async () => {
      const c = document.querySelector('#grids canvas[data-role="output"]') as HTMLCanvasElement;
      const rect = c.getBoundingClientRect();
      const x = rect.left + ((5 + 0.5) / 512) * rect.width;
      const y = rect.top + ((3 + 0.5) / 512) * rect.height;
      const times: number[] = [];
      for (let k = 0; k < 5; k++) {
        const t = performance.now();
        c.dispatchEvent(new MouseEvent('mousemove', { clientX: x, clientY: y + k * 0.01, bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        times.push(performance.now() - t);
        times.push(-(window as any).__hoverMs);
      }
      const data = document.querySelector('#grids canvas[data-role="data"]') as HTMLCanvasElement;
      const dr = data.getBoundingClientRect();
      const t = performance.now();
      data.dispatchEvent(
        new MouseEvent('mousemove', {
          clientX: dr.left + (36.5 / 512) * dr.width,
          clientY: dr.top + (3.5 / 512) * dr.height,
          bubbles: true,
        }),
      );
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      console.log(JSON.stringify(times));
      return { output: Math.max(...times), reverse: performance.now() - t, times };
    });
    console.log(JSON.stringify(hover.times));
    console.log(
      `512×512 GatherElements: render ${ms.toFixed(0)} ms in page (${wall} ms wall), hover ${hover.output.toFixed(1)} ms (worst of 5), reverse hover (data cell, builds the inverse map) ${hover.reverse.toFixed(1)} ms; ${tds} td cells`,
    );
    // Generous bounds (the test shares 2 cores with the rest of the suite); the figures are
    // printed above and reported (measured alone: render 64–85 ms, hover 17–19 ms).
    expect(hover.output).toBeLessThan(1000);
    expect(hover.reverse).toBeLessThan(1000);
    expect(ms).toBeLessThan(1000);
    const operand = await page.$$eval('#derivation tr[data-step="operand"] .chip', (c) =>
      c.map((x) => x.textContent),
    );
    expect(operand.length).toBe(2);
    expect(await page.textContent('#path')).toMatch(/data\[\d+, \d+\] — 1 result element/);
  });

  it('URL round trip: the link restores op, inputs and attributes; back/forward work', async () => {
    await pick('torch', 'torch.scatter_reduce');
    await setInputs({
      data: '[1, 2, 3, 4]',
      indices: '[0, 0, 2, 0]',
      updates: '[5, 6, 7, 8]',
      attrs: '{"dim": 0, "reduce": "amax", "include_self": false}',
    });
    await page.waitForFunction(() => location.hash.startsWith('#s=z'));
    const url = page.url();
    expect(await outputValues()).toEqual(['8', '2', '7', '4']);
    await pick('onnx', 'onnx.Gather');
    await page.waitForFunction((u) => location.href !== u, url);
    await page.goBack();
    await page.waitForFunction(
      () => (document.getElementById('op') as HTMLSelectElement).value === 'torch.scatter_reduce',
    );
    await page.waitForFunction(
      () => document.querySelector('#grids [data-tensor="output"] td')?.firstChild?.textContent === '8',
    );
    const other = await browser.newPage();
    await other.goto(url);
    await other.waitForSelector('#grids [data-tensor="output"] td');
    expect(await other.inputValue('#attrs')).toContain('"amax"');
    expect(await other.inputValue('#op')).toBe('torch.scatter_reduce');
    const vals = await other.$$eval('#grids [data-tensor="output"] td', (tds) =>
      tds.map((t) => t.firstChild?.textContent),
    );
    expect(vals).toEqual(['8', '2', '7', '4']);
    expect(await other.textContent('#code')).toContain(
      "torch.scatter_reduce(x, 0, index, src, 'amax', include_self=False)",
    );
    await other.close();
  });

  it('paste a call: each Python framework', async () => {
    const cases: [string, string, string[]][] = [
      [
        'torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 0], [1, 0]]))',
        'torch.gather',
        ['1', '1', '4', '3'],
      ],
      [
        'import numpy as np\na = np.array([[10, 20, 30]])\nnp.take(a, np.array([2, 0]), axis=1)',
        'numpy.take',
        ['30', '10'],
      ],
      [
        'tf.gather_nd(tf.constant([[1, 2], [3, 4]]), tf.constant([[1, 0], [0, 1]]))',
        'tensorflow.gather_nd',
        ['3', '2'],
      ],
      ['jnp.take(jnp.array([1, 2, 3]), jnp.array([5, 0]), mode="clip")', 'jax.numpy.take', ['3', '1']],
    ];
    for (const [text, op, values] of cases) {
      await page.evaluate(() => {
        (document.getElementById('paste-details') as HTMLDetailsElement).open = true;
      });
      await page.fill('#paste', text);
      await page.click('#paste-run');
      expect(await page.textContent('#paste-error')).toBe('');
      expect(await page.inputValue('#op')).toBe(op);
      expect(await outputValues()).toEqual(values);
    }
    await page.fill('#paste', 'torch.gather(x, 1, idx)');
    await page.click('#paste-run');
    expect(await page.textContent('#paste-error')).toContain('unknown name "x"');
  });

  it('paste a whole module: every gather/scatter in it can be chosen (JAX’s x[i][:, j] is two gathers)', async () => {
    const module = `module @jit_f {
  func.func public @main(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %j: tensor<2x1xi32>) -> tensor<2x2xf32> {
    %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
    %1 = "stablehlo.gather"(%0, %j) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 1>}> : (tensor<2x3xf32>, tensor<2x1xi32>) -> tensor<2x2xf32>
    return %1 : tensor<2x2xf32>
  }
}`;
    await page.evaluate(() => {
      (document.getElementById('paste-details') as HTMLDetailsElement).open = true;
    });
    await page.fill('#paste', module);
    await page.click('#paste-run');
    expect(await page.textContent('#paste-error')).toBe('');
    expect(await page.isVisible('#paste-pick')).toBe(true);
    const labels = await page.$$eval('#paste-pick option', (os) => os.map((o) => o.textContent));
    expect(labels).toEqual(['1. stablehlo.gather %0 (line 3)', '2. stablehlo.gather %1 (line 4)']);
    // the first gather: a 4x3 operand, result 2x3
    expect(await page.inputValue('#attrs')).toContain('"slice_sizes":[1,3]');
    await page.selectOption('#paste-pick', '1');
    expect(await page.inputValue('#attrs')).toContain('"slice_sizes":[2,1]');
    expect(await page.textContent('#paste-error')).toBe('');
    // a lone op hides the chooser again
    await page.fill('#paste', 'jnp.take(jnp.array([1, 2, 3]), jnp.array([5, 0]), mode="clip")');
    await page.click('#paste-run');
    expect(await page.isVisible('#paste-pick')).toBe(false);
  });

  it('papercuts: plain class name, the code once, peers that run are not red, no empty Version, JSON positions', async () => {
    await pick('onnx', 'onnx.Gather');
    await setInputs({ data: '[1, 2, 3]', indices: '[7]', attrs: '{"axis": 0}' });
    await page.waitForSelector('#error:not([hidden])');
    const err = (await page.textContent('#error')) ?? '';
    expect(err).toContain('IndexOutOfBoundsError');
    const code = (await page.textContent('#error code')) ?? '';
    expect(err.split(code).length - 1).toBe(1);
    const runs = await page.$$eval('#elsewhere .peer.runs .verdict', (p) =>
      p.map((x) => getComputedStyle(x).color),
    );
    for (const c of runs) expect(c).not.toBe('rgb(176, 0, 32)');
    await pick('torch', 'torch.gather');
    expect(await page.isVisible('#version-label')).toBe(false);
    await setInputs({ data: '[[1, 2],\n [3, x]]' });
    expect(await page.textContent('#error')).toContain('line 2, column 6');
    const legend = (await page.textContent('#legend')) ?? '';
    for (const mark of ['#a·b', '↤', '⇥', '∅', '‼', '⚠', '≠', '⊘', '✗', '↻']) expect(legend).toContain(mark);
  });

  it('fits 1280x800 and a phone-width screen; screenshots saved', async () => {
    await pick('stablehlo', 'stablehlo.gather');
    await page.selectOption('#preset', 'stablehlo-gather-batching');
    await page.hover('#grids td[data-role="output"][data-offset="8"]');
    mkdirSync('test-artifacts', { recursive: true });
    await page.screenshot({ path: 'test-artifacts/explorer.png', fullPage: true });
    expect(existsSync('test-artifacts/explorer.png')).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const preset of ['stablehlo-gather-batching', 'onnx-scatternd-add']) {
      const op = preset.startsWith('onnx') ? 'onnx.ScatterND' : 'stablehlo.gather';
      await pick(op.split('.')[0], op);
      await page.selectOption('#preset', preset);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, preset).toBeLessThanOrEqual(1);
    }
    await page.hover('#grids td[data-role="output"][data-offset="0"]');
    await page.screenshot({ path: 'test-artifacts/explorer-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(errors).toEqual([]);
  });
});
