/**
 * The API site covers the whole package (issue 25): typedoc.json has one entry point per
 * package export, and a build of the site has a page for each entry, for the functions the
 * README teaches from the subpaths, and for every guide in docs/. (No browser here: the pages
 * are checked as files.)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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

describe('API site', () => {
  it('typedoc.json documents exactly the package exports', () => {
    expect([...typedoc.entryPoints].sort()).toEqual([...sources].sort());
  });

  it('the built site has a page per entry, for the subpath functions and for every guide', () => {
    const out = mkdtempSync(join(tmpdir(), 'tgs-site-'));
    execFileSync(process.execPath, ['node_modules/typedoc/bin/typedoc', '--out', out], { encoding: 'utf8' });
    const modules = readdirSync(join(out, 'modules'));
    for (const m of [
      'index',
      'interop',
      'interop_onnx-tensor',
      'core',
      'node',
      'autodiff',
      'export',
      'stablehlo-text',
      'translate',
      'backends',
      'backends_webgpu',
    ])
      expect(modules).toContain(`${m}.html`);
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
  }, 120_000);
});
