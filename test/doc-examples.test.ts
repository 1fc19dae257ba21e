/**
 * Every ```ts fence of README.md and docs/*.md is an example that holds (issue 21, item 6):
 *
 * - each one type-checks (strict) against the package's own entry points, as a user's file;
 * - each one runs against the built package (`npm test` builds first) and every stated result
 *   (`// → value`, `// [..]`, `// 'text'`, `// throws Class (code)`; test/helpers/examples.ts)
 *   holds — except fences marked ```ts illustrative, which sketch an API with placeholders
 *   (declared with `declare const`, so they still type-check) or need hardware (a GPU);
 * - a fence without imports continues the previous runnable fence of its file and takes its imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { checkOutcomes, fmtValue, instrument } from './helpers/examples.js';

interface Fence {
  readonly where: string;
  readonly code: string;
  readonly illustrative: boolean;
}

const PACKAGE = 'tensor-gather-scatter';
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  exports: Record<string, string | { import?: string }>;
};
/** Package specifier → built module (dist/…js): `tensor-gather-scatter/autodiff` → dist/autodiff/index.js. */
const ENTRIES = new Map(
  Object.entries(pkg.exports)
    .filter(([k]) => k !== './package.json')
    .map(([k, v]) => [k === '.' ? PACKAGE : `${PACKAGE}${k.slice(1)}`, (v as { import: string }).import]),
);

/** The import declarations at the top of a fence's code. */
function importsOf(code: string): string[] {
  const sf = ts.createSourceFile('x.ts', code, ts.ScriptTarget.ES2022, true);
  return sf.statements.filter(ts.isImportDeclaration).map((s) => s.getText());
}

/** The ```ts fences of a markdown file, each with the imports it runs under. */
function fencesOf(file: string, text: string): Fence[] {
  const out: Fence[] = [];
  let imports: string[] = [];
  for (const m of text.matchAll(/^```ts( illustrative)?[^\S\n]*\n([\s\S]*?)^```/gm)) {
    const line = text.slice(0, m.index).split('\n').length;
    const own = importsOf(m[2]);
    if (own.length > 0 && m[1] === undefined) imports = own; // continuations follow runnable fences
    const code = own.length > 0 ? m[2] : `${imports.join('\n')}\n${m[2]}`;
    out.push({ where: `${file}:${line}`, code, illustrative: m[1] !== undefined });
  }
  return out;
}

const FILES = ['README.md', ...readdirSync('docs').map((f) => `docs/${f}`)].filter((f) => f.endsWith('.md'));
const FENCES = FILES.flatMap((f) => fencesOf(f, readFileSync(f, 'utf8')));

/** Type-checks every fence as a module of a user's project: strict, the package mapped to src/. */
function typeErrors(fences: readonly Fence[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    'tsconfig.json',
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  if (!config) throw new Error('tsconfig.json unreadable');
  const paths: Record<string, string[]> = {};
  for (const [spec, built] of ENTRIES) paths[spec] = [built.replace(/^\.\/dist\/(.*)\.js$/, './src/$1.ts')];
  const options: ts.CompilerOptions = { ...config.options, noEmit: true, baseUrl: resolve('.'), paths };
  const names = fences.map((_, k) => resolve(`.doc-example-${k}.ts`));
  const byName = new Map(names.map((n, k) => [n, fences[k]]));
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (f) => byName.has(f) || fileExists(f);
  host.readFile = (f) => byName.get(f)?.code ?? readFile(f);
  host.getSourceFile = (f, lang, ...rest) => {
    const fence = byName.get(f);
    return fence ? ts.createSourceFile(f, fence.code, lang) : getSourceFile(f, lang, ...rest);
  };
  const program = ts.createProgram(names, options, host);
  return names.flatMap((n) =>
    ts.getPreEmitDiagnostics(program, program.getSourceFile(n)).map((d) => {
      const pos = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      return `${byName.get(n)?.where} (+${(pos?.line ?? 0) + 1}): ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    }),
  );
}

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...a: string[]
) => (...args: unknown[]) => Promise<void>;

/** Runs a fence against the built package: its imports bound from dist/, its stated results recorded. */
async function run(fence: Fence): Promise<{ results: Record<number, unknown>; checks: number }> {
  const ex = instrument({ where: fence.where, code: fence.code });
  const scope: Record<string, unknown> = {};
  const sf = ts.createSourceFile('x.ts', fence.code, ts.ScriptTarget.ES2022, true);
  for (const st of sf.statements.filter(ts.isImportDeclaration)) {
    const spec = (st.moduleSpecifier as ts.StringLiteral).text;
    const built = ENTRIES.get(spec);
    if (!built) throw new Error(`${fence.where}: imports ${spec}, not a package entry point`);
    const mod = (await import(pathToFileURL(resolve(built)).href)) as Record<string, unknown>;
    const named = st.importClause?.namedBindings;
    if (named && ts.isNamedImports(named))
      for (const e of named.elements) scope[e.name.text] = mod[(e.propertyName ?? e.name).text];
  }
  const results: Record<number, unknown> = {};
  const attempt = (fn: () => unknown) => {
    try {
      return { value: fn() };
    } catch (error) {
      return { error };
    }
  };
  const names = Object.keys(scope);
  const f = new AsyncFunction(
    '__scope',
    '__r',
    '__try',
    `const { ${names.join(', ')} } = __scope;\n{\n${ex.js}\n}`,
  );
  await f(scope, results, attempt);
  checkOutcomes(ex, results);
  return { results, checks: ex.checks.length };
}

describe('doc examples (```ts fences of README.md and docs/*.md)', () => {
  it('are found: the README tour and every guide with code', () => {
    expect(FENCES.filter((f) => f.where.startsWith('README.md')).length).toBeGreaterThanOrEqual(2);
    expect(FENCES.length).toBeGreaterThanOrEqual(20);
    expect(FENCES.filter((f) => !f.illustrative).length).toBeGreaterThanOrEqual(15);
  });

  it('all type-check, illustrative ones included', () => {
    expect(typeErrors(FENCES)).toEqual([]);
  }, 120_000);

  it.each(
    FENCES.filter((f) => !f.illustrative).map((f) => [f.where, f] as const),
  )('%s runs and its stated results hold', async (_w, fence) => {
    await run(fence);
  });

  it('the README tour states at least 5 results, all checked', async () => {
    const tour = FENCES[0];
    expect(tour.where).toBe('README.md:13');
    const { checks } = await run(tour);
    expect(checks).toBeGreaterThanOrEqual(5);
  });

  it('a wrong stated result fails (the checker can fail)', async () => {
    const wrong = {
      where: 'test',
      illustrative: false,
      code: `import { tensor } from '${PACKAGE}';\ntensor([1, 2], 'int32').toArray(); // [1, 3]\n`,
    };
    await expect(run(wrong)).rejects.toThrow(/\[1, 3\]: got \[1,2\]/);
    expect(fmtValue([1n])).toBe('["1n"]');
  });
});
