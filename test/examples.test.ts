/**
 * Every `@example` in the public API's doc comments (src/, except the CLI), executed against
 * the built package (`npm test` builds first), with each stated result checked (the README's
 * and the guides' ```ts fences: test/doc-examples.test.ts).
 *
 * A statement's stated result is the first `//` comment after it (same line or the next):
 * `// → value`, `// [..]`, `// 'string'`, `// shape [2, 2]` or `// shape [1, 2]: value`; a
 * trailing parenthetical (`// → 4 (clamped)`) is commentary. Other comments are prose.
 * Values compare numerically across number/bigint (`[1, 2]` matches an int64 tensor) and NaN
 * matches NaN. Examples that use names they do not define (`data`, `indices`) are
 * illustrative: they must not state results and must not call a function nobody defines; they
 * are listed, not run to completion.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Example, checkOutcomes, instrument, parseStated, same } from './helpers/examples.js';

/** Names called as functions (`f(…)`, `new F(…)`) in an example. */
function calledNames(code: string): string[] {
  const names: string[] = [];
  const visit = (n: ts.Node): void => {
    if ((ts.isCallExpression(n) || ts.isNewExpression(n)) && ts.isIdentifier(n.expression))
      names.push(n.expression.text);
    ts.forEachChild(n, visit);
  };
  visit(ts.createSourceFile('example.ts', code, ts.ScriptTarget.ES2022, true));
  return names;
}

/** Names an example declares itself (variables, functions, classes, imports). */
function declaredNames(code: string): Set<string> {
  const names = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (
      (ts.isVariableDeclaration(n) ||
        ts.isFunctionDeclaration(n) ||
        ts.isClassDeclaration(n) ||
        ts.isImportSpecifier(n) ||
        ts.isParameter(n)) &&
      n.name &&
      ts.isIdentifier(n.name)
    )
      names.add(n.name.text);
    ts.forEachChild(n, visit);
  };
  visit(ts.createSourceFile('example.ts', code, ts.ScriptTarget.ES2022, true));
  return names;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return p.endsWith('/cli') ? [] : sourceFiles(p);
    return p.endsWith('.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });
}

/** The @example blocks of a file's doc comments, with their 1-based line numbers. */
function extractExamples(file: string, text: string): { where: string; code: string }[] {
  const out: { where: string; code: string }[] = [];
  for (const m of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const startLine = text.slice(0, m.index).split('\n').length;
    const lines = m[1].split('\n').map((l) => l.replace(/^\s*\* ?/, ''));
    let cur: string[] | null = null;
    let curLine = 0;
    const flush = () => {
      if (cur?.join('').trim()) out.push({ where: `${file}:${curLine}`, code: cur.join('\n').trim() });
      cur = null;
    };
    lines.forEach((line, i) => {
      const at = line.indexOf('@example');
      if (at >= 0) {
        flush();
        cur = [line.slice(at + '@example'.length)];
        curLine = startLine + i;
      } else if (/^\s*@\w/.test(line)) flush();
      else if (cur) cur.push(line);
    });
    flush();
  }
  return out;
}

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...a: string[]
) => (...args: unknown[]) => Promise<void>;

let scope: Record<string, unknown> = {};

/** `file // stated comment` of doc examples whose stated result is wrong (reported upstream). */
const KNOWN_WRONG = new Set<string>([
  // (empty: the torch.scatter_add example now states PyTorch's documented [[1, 0, 0, 1, 1], …])
]);

async function run(ex: Example & { js: string }): Promise<Record<number, unknown>> {
  const names = Object.keys(scope).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n));
  const r: Record<number, unknown> = {};
  // The library's names, then the example's own module's exports (for helpers it documents).
  const own = (await moduleExports(ex.where)) ?? {};
  const local = Object.keys(own).filter((n) => !(n in scope) && /^[A-Za-z_$][\w$]*$/.test(n));
  const f = new AsyncFunction(
    '__lib',
    '__own',
    '__r',
    '__try',
    `const { ${names.join(', ')} } = __lib;\nconst { ${local.join(', ')} } = __own;\n{\n${ex.js}\n}`,
  );
  const attempt = (fn: () => unknown) => {
    try {
      return { value: fn() };
    } catch (error) {
      return { error };
    }
  };
  await f(scope, own, r, attempt);
  return r;
}

const ROOT = resolve('.');

/** The built module of `src/x/y.ts:line` (dist/x/y.js), if there is one. */
async function moduleExports(where: string): Promise<Record<string, unknown> | null> {
  const m = /^src\/(.*)\.ts:\d+$/.exec(where);
  if (!m) return null;
  const file = resolve('dist', `${m[1]}.js`);
  return existsSync(file) ? ((await import(pathToFileURL(file).href)) as Record<string, unknown>) : null;
}
const examples = sourceFiles(resolve('src')).flatMap((file) =>
  extractExamples(relative(ROOT, file), readFileSync(file, 'utf8')).map(instrument),
);
beforeAll(async () => {
  const load = (p: string) => import(pathToFileURL(resolve(p)).href) as Promise<Record<string, unknown>>;
  // The main entry plus the subpaths the README imports from.
  scope = {
    ...(await load('dist/interop/index.js')),
    ...(await load('dist/interop/onnx-tensor.js')),
    ...(await load('dist/autodiff/index.js')),
    ...(await load('dist/export/index.js')),
    ...(await load('dist/stablehlo-text/index.js')),
    ...(await load('dist/translate/index.js')),
    ...(await load('dist/index.js')),
  };
});

describe('doc-comment examples', () => {
  it('are found (every public module documents at least one)', () => {
    expect(examples.length).toBeGreaterThanOrEqual(40);
    expect(examples.filter((e) => e.checks.length > 0).length).toBeGreaterThanOrEqual(30);
  });

  const checked = examples.filter((e) => e.checks.length > 0);
  const known = (e: Example) =>
    e.checks.some((c) => KNOWN_WRONG.has(`${e.where.replace(/:\d+$/, '')} ${c.comment}`));
  // Known wrong stated results (reported to the files' owners): these must keep failing until
  // fixed, and then `it.fails` turns red so the entry is removed here.
  for (const ex of checked.filter(known))
    it.fails(`${ex.where} states a result that does not hold (known; see KNOWN_WRONG)`, () =>
      checkExample(ex));
  it.each(
    checked.filter((e) => !known(e)).map((e) => [e.where, e] as const),
  )('%s states results that hold', async (_w, ex) => checkExample(ex));

  async function checkExample(ex: Example & { js: string }): Promise<void> {
    checkOutcomes(ex, await run(ex));
  }

  const prose = examples.filter((e) => e.checks.length === 0);
  it('examples without stated results run, or use only placeholder names they leave undefined', async () => {
    const illustrative: string[] = [];
    for (const ex of prose) {
      try {
        await run(ex);
      } catch (e) {
        if (!(e instanceof ReferenceError)) throw new Error(`${ex.where}: ${String(e)}`);
        illustrative.push(`${ex.where}: ${e.message}`);
      }
      // A placeholder stands for a value (`data`, `indices`); a call of a name that is neither
      // the library's nor the example's own is a broken example, not an illustration.
      const own = (await moduleExports(ex.where)) ?? {};
      const undefinedCalls = calledNames(ex.code).filter(
        (n) => !(n in scope) && !(n in own) && !(n in globalThis) && !declaredNames(ex.code).has(n),
      );
      expect(undefinedCalls, `${ex.where} calls functions nobody defines`).toEqual([]);
    }
    console.log(
      `illustrative examples (placeholder names): ${illustrative.length}\n  ${illustrative.join('\n  ')}`,
    );
  });
});

describe('the illustrative-example rule', () => {
  it('finds called names and the names an example declares', () => {
    // `undefinedFn(data)` with neither defined: `data` may be a placeholder, `undefinedFn` may not.
    expect(calledNames('undefinedFn(data); new Foo(); x.method(1);')).toEqual(['undefinedFn', 'Foo']);
    expect([...declaredNames("import { a } from 'm'; const b = 1; function c(d) {}")].sort()).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });
});

describe('the stated-result parser', () => {
  it('reads the forms the doc comments use', () => {
    expect(parseStated('// → [[1, 2], [3, 4]]')).toEqual({ valueText: '[[1, 2], [3, 4]]' });
    expect(parseStated('// → 4 (clamped)')).toEqual({ valueText: '4' });
    expect(parseStated('// shape [1, 1, 2]: [[[3, 4]]]')).toEqual({
      shape: [1, 1, 2],
      valueText: '[[[3, 4]]]',
    });
    expect(parseStated("// 'int64'")).toEqual({ valueText: "'int64'" });
    expect(parseStated('// [[3]] (Sizes {1, 1})')).toEqual({ valueText: '[[3]]' });
    expect(parseStated('// → GatherCall')).toBeNull();
    expect(parseStated('// 1 GiB')).toBeNull();
    expect(parseStated("// 'int64', like torch.tensor")).toEqual({ valueText: "'int64'" });
    expect(parseStated("// throws DTypeError 'x: no (y.z)'")).toEqual({
      throws: { name: 'DTypeError', message: 'x: no (y.z)' },
    });
    expect(parseStated('// throws InvalidArgumentError (tensor.storage)')).toEqual({
      throws: { name: 'InvalidArgumentError', code: 'tensor.storage' },
    });
    expect(parseStated("// throws: 'm'")).toEqual({ throws: { message: 'm' } });
    expect(same('[7, 7, 7, … (9 more)]', '[7, …, 7, … (9 more)]')).toBe(true);
    expect(same('[7, 8]', '[7, …, 9]')).toBe(false);
    expect(parseStated('// axis 0, negatives wrap')).toBeNull();
    expect(same([1n, 2n], [1, 2])).toBe(true);
    expect(same([Number.NaN], [Number.NaN])).toBe(true);
    expect(same([1, 2], [1, 3])).toBe(false);
    expect(same([Math.fround(2.4)], [2.4], 'float32')).toBe(true);
    expect(same([Math.fround(2.4)], [2.4], 'float64')).toBe(false);
  });
});
