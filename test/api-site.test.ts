/**
 * The API site a user learns from (issue 25, item 1), built by `npm run docs`' own config
 * (typedoc.json + scripts/typedoc-ops.mjs) into a temp folder and read in Chromium
 * (Debian's /usr/bin/chromium via playwright-core, test/helpers/explorer-chromium.ts):
 *
 * - one module page per package export, a page for every export of every entry, a page per guide;
 * - the search box finds ONNX GatherND's `batch_dims` attribute and leads to its description;
 * - each framework operator has its own page with its rules (formula as code), attribute table,
 *   the framework's documented examples, and links that open them in the explorer bundled in the
 *   site — followed here, the explorer computes the documented result.
 *
 * A screenshot of the GatherND page is written to test-artifacts/api-site-onnx-GatherND.png.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExplorerPage, CHROMIUM, chromiumAvailable, openDir } from './helpers/explorer-chromium.js';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  exports: Record<string, string | { import?: string }>;
};
const typedoc = JSON.parse(readFileSync('typedoc.json', 'utf8')) as { entryPoints: string[] };

/** The source file of each export (dist/x.js → src/x.ts); the main entry is src/index.ts. */
const sources = Object.entries(pkg.exports)
  .filter(([k]) => k !== './package.json')
  .map(([k, v]) =>
    k === '.'
      ? 'src/index.ts'
      : (v as { import: string }).import.replace(/^\.\/dist\/(.*)\.js$/, 'src/$1.ts'),
  );

/** TypeDoc's module name of an entry: src/backends/webgpu/index.ts → backends_webgpu. */
const moduleName = (file: string): string =>
  file === 'src/index.ts'
    ? 'index'
    : file
        .replace(/^src\//, '')
        .replace(/(\/index)?\.ts$/, '')
        .replace(/\//g, '_');

/** Every name each entry point exports (values and types), read by the TypeScript checker. */
function exportedNames(files: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram([...files], { module: ts.ModuleKind.NodeNext, strict: true });
  const checker = program.getTypeChecker();
  return new Map(
    files.map((f) => {
      const sf = program.getSourceFile(f);
      const sym = sf && checker.getSymbolAtLocation(sf);
      return [f, sym ? checker.getExportsOfModule(sym).map((s) => s.name) : []];
    }),
  );
}

if (!chromiumAvailable) console.warn(`api-site: the browser checks need ${CHROMIUM}`);

describe('API site', () => {
  const out = mkdtempSync(join(tmpdir(), 'tgs-site-'));
  let site: ExplorerPage | undefined;

  beforeAll(async () => {
    execFileSync(process.execPath, ['node_modules/typedoc/bin/typedoc', '--out', out], { encoding: 'utf8' });
    if (chromiumAvailable) site = await openDir(out);
  }, 240_000);

  afterAll(async () => {
    await site?.close();
  });

  /** The browser page; fails (never skips) when Chromium is missing, as the other browser tests' CI has it. */
  function browser(): ExplorerPage {
    if (!site) throw new Error(`api-site: no Chromium at ${CHROMIUM}`);
    return site;
  }

  it('typedoc.json documents exactly the package exports', () => {
    expect([...typedoc.entryPoints].sort()).toEqual([...sources].sort());
  });

  it('has a module page per entry, the subpath functions and every guide', () => {
    const modules = readdirSync(join(out, 'modules'));
    for (const f of typedoc.entryPoints) expect(modules).toContain(`${moduleName(f)}.html`);
    for (const f of [
      'autodiff.vjp',
      'export.toOnnx',
      'translate.translate',
      'stablehlo-text.runStablehlo',
      'backends_webgpu.createWebGpuBackend',
    ])
      expect(existsSync(join(out, 'functions', `${f}.html`)), f).toBe(true);
    const guides = readdirSync('docs').filter((f) => f.endsWith('.md'));
    const pages = readdirSync(join(out, 'documents'));
    for (const g of guides) expect(pages).toContain(g.replace(/\.md$/, '.html'));
    expect(readFileSync(join(out, 'documents', 'tables.html'), 'utf8')).toContain('pathpartnertech.com');
    // Guides link to each other as pages, never as raw markdown files.
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain('href="documents/onnx.html"');
    for (const p of pages)
      expect(readFileSync(join(out, 'documents', p), 'utf8')).not.toMatch(/href="[^"#:]*\.md"/);
  });

  it('keeps internals out of the main entry (they are on the core subpath)', () => {
    const names = exportedNames(['src/index.ts', 'src/core/index.ts']);
    const internals = [
      'allocStorage',
      'bytesToStorage',
      'checkCallBudget',
      'storageConstructor',
      'fmt',
      'label',
    ];
    for (const n of internals) {
      expect(names.get('src/index.ts')).not.toContain(n);
      expect(names.get('src/core/index.ts')).toContain(n);
    }
  });

  it('finds GatherND’s batch_dims attribute from the search box', async () => {
    const { page, url } = browser();
    await page.goto(`${url}index.html`);
    await page.click('#tsd-search-trigger');
    await page.fill('#tsd-search-input', 'batch_dims');
    const hit = page.locator('#tsd-search-results li', { hasText: 'GatherNDAttributes' }).first();
    await hit.waitFor({ timeout: 20_000 });
    expect(await hit.textContent()).toContain('batch_dims');
    await hit.locator('a').first().click();
    await page.waitForURL(/GatherNDAttributes/);
    expect(await page.textContent('body')).toContain('Number of leading dims shared by data and indices');
  });

  it('has a page for every export of every entry point', async () => {
    const { page, url } = browser();
    const missing: string[] = [];
    for (const [file, names] of exportedNames(typedoc.entryPoints)) {
      await page.goto(`${url}modules/${moduleName(file)}.html`);
      // A member links to its page; a re-export under another name (`tf` → `tensorflow`) links
      // to its target's page from its summary row.
      const links = await page.$$eval('.col-content dt.tsd-member-summary', (dts) =>
        dts.map((dt) => ({
          text: (dt.querySelector('.tsd-member-summary-name > :not(svg)')?.textContent ?? '').trim(),
          href: (dt.querySelector('a:not(.tsd-anchor-icon)') as HTMLAnchorElement | null)?.href ?? '',
        })),
      );
      const targets = new Set<string>();
      for (const n of names) {
        const link = links.find((l) => l.text === n);
        if (!link?.href) missing.push(`${moduleName(file)}: ${n}`);
        else targets.add(link.href.replace(/#.*$/, ''));
      }
      const statuses = await page.evaluate(
        (hrefs) => Promise.all(hrefs.map(async (h) => [h, (await fetch(h)).status] as const)),
        [...targets],
      );
      for (const [h, s] of statuses) if (s !== 200) missing.push(`${moduleName(file)}: ${h} (${s})`);
      expect(names.length, file).toBeGreaterThan(0);
    }
    expect(missing).toEqual([]);
  }, 120_000);

  it('gives each framework operator a page with rules, attributes, examples and explorer links', () => {
    const fns = readdirSync(join(out, 'functions'));
    for (const fw of [
      'onnx',
      'tensorflow',
      'numpy',
      'torch',
      'jax',
      'mxnet',
      'caffe2',
      'directml',
      'webnn',
      'mlir',
    ]) {
      const ops = fns.filter((f) => f.startsWith(`index.${fw}.`) && !f.includes('.lower.'));
      expect(ops.length, fw).toBeGreaterThan(0);
      for (const f of ops) {
        const html = readFileSync(join(out, 'functions', f), 'utf8');
        expect(html, f).toMatch(/href="\.\.\/explorer\/index\.html#op=/);
      }
    }
    const nd = readFileSync(join(out, 'functions', 'index.onnx.GatherND.html'), 'utf8');
    expect(nd).toContain('Number of leading dims shared by data and indices');
    expect(nd).toContain('index_depth'); // a rule code, from the source's constraint list
    expect(nd).toMatch(/<pre><code class="text">out\[b_0/); // the formula, as code
    expect(nd).toContain('ONNX Operators.md'); // the framework's own example, cited
    expect(nd).toContain('href="../explorer/index.html#preset=onnx-gathernd-5"');
    // The attribute types are pages the signature links to.
    expect(nd).toContain('href="../interfaces/index.OnnxTypes.GatherNDAttributes.html"');
  });

  it("names each operator's tensors as its framework's docs do (the framework's description)", () => {
    const page = (f: string) => readFileSync(join(out, 'functions', f), 'utf8');
    expect(page('index.torch.index_add.html')).toContain(
      '<code>input</code> (data), <code>index</code> (indices), <code>source</code> (updates) → <code>self</code>',
    );
    expect(page('index.onnx.GatherND.html')).toContain(
      '<code>data</code> (data), <code>indices</code> (indices) → <code>output</code>',
    );
  });

  it('an operator page opens its documented example in the bundled explorer', async () => {
    const { page, url, pageErrors } = browser();
    await page.goto(`${url}functions/index.onnx.GatherND.html`);
    mkdirSync('test-artifacts', { recursive: true });
    await page.screenshot({ path: 'test-artifacts/api-site-onnx-GatherND.png', fullPage: true });
    expect(await page.locator('pre code').count()).toBeGreaterThanOrEqual(3);
    await page.click('a[href$="#preset=onnx-gathernd-5"]');
    await page.waitForURL(/explorer\/index\.html#preset=onnx-gathernd-5/);
    const cells = page.locator('#grids [data-tensor="output"] td[data-role="output"]');
    await cells.first().waitFor({ timeout: 30_000 });
    expect(await page.inputValue('#preset')).toBe('onnx-gathernd-5');
    // A cell shows its value, then the index position it came from (`2#0`).
    const values = (await cells.allTextContents()).map((t) => /^-?[\d.]+/.exec(t.trim())?.[0]);
    expect(values).toEqual(['2', '3', '4', '5']); // the documented [[2, 3], [4, 5]]
    expect(pageErrors).toEqual([]);
  });
});
