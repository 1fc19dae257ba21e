/**
 * Every `@example` in the public API's doc comments (src/, except the CLI), and the README's
 * tour, executed against the built package (`npm test` builds first), with each stated result
 * checked.
 *
 * A statement's stated result is the first `//` comment after it (same line or the next):
 * `// → value`, `// [..]`, `// 'string'`, `// shape [2, 2]` or `// shape [1, 2]: value`; a
 * trailing parenthetical (`// → 4 (clamped)`) is commentary. Other comments are prose.
 * Values compare numerically across number/bigint (`[1, 2]` matches an int64 tensor) and NaN
 * matches NaN. Examples that use names they do not define (`data`, `indices`) are
 * illustrative: they must not state results, and are listed, not run to completion.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

interface Check {
  /** Index of the statement in the example. */
  readonly stmt: number;
  readonly shape?: number[];
  readonly valueText?: string;
  /** `// throws ClassName 'message'` or `// throws ClassName (code)`. */
  readonly throws?: { name?: string; message?: string; code?: string };
  readonly comment: string;
}

interface Example {
  readonly where: string;
  readonly code: string;
  readonly checks: Check[];
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

/** Splits a stated-result comment into shape and value text (undefined when it is prose). */
function parseStated(comment: string): {
  shape?: number[];
  valueText?: string;
  throws?: { name?: string; message?: string; code?: string };
} | null {
  let s = comment.replace(/^\/\/\s*/, '').trim();
  const th = /^throws:?(?: ([A-Z]\w*))?(?: '([^']*)')?(?: \(([\w.]+)\))?(?=$|\s)/.exec(s);
  if (th)
    return {
      throws: {
        ...(th[1] ? { name: th[1] } : {}),
        ...(th[2] !== undefined ? { message: th[2] } : {}),
        ...(th[3] ? { code: th[3] } : {}),
      },
    };
  const arrow = s.startsWith('→');
  if (arrow) s = s.slice(1).trim();
  let shape: number[] | undefined;
  const sm = /^shape (\[[\d,\s]*\])(?::\s*)?/.exec(s);
  if (sm) {
    shape = JSON.parse(sm[1]) as number[];
    s = s.slice(sm[0].length);
  }
  let valueText: string | undefined;
  if (s.startsWith('[')) {
    let depth = 0;
    for (let i = 0; i < s.length; i++) {
      if (s[i] === '[') depth++;
      else if (s[i] === ']' && --depth === 0) {
        valueText = s.slice(0, i + 1);
        break;
      }
    }
  } else {
    const m = /^('[^']*'|-?(?:NaN|Infinity|\d+(?:\.\d+)?(?:e[+-]?\d+)?n?)|true|false)(?=$|\s*\(|,\s)/.exec(s);
    if (m) valueText = m[1];
  }
  if (valueText !== undefined) {
    try {
      new Function(`return (${valueText});`)();
    } catch {
      valueText = undefined;
    }
  }
  if (!shape && valueText === undefined) return null;
  return { ...(shape ? { shape } : {}), ...(valueText !== undefined ? { valueText } : {}) };
}

/** Instruments an example: each checked statement's value goes to `__r[i]`. Returns JS. */
function instrument(ex: { where: string; code: string }): Example & { js: string } {
  const sf = ts.createSourceFile('example.ts', ex.code, ts.ScriptTarget.ES2022, true);
  const stmts = sf.statements;
  const checks: Check[] = [];
  const edits: { start: number; end: number; text: string }[] = [];
  stmts.forEach((st, i) => {
    if (ts.isImportDeclaration(st)) {
      edits.push({ start: st.getStart(), end: st.end, text: '' });
      return;
    }
    const gapEnd = i + 1 < stmts.length ? stmts[i + 1].getStart() : ex.code.length;
    const gap = ex.code.slice(st.end, gapEnd);
    const cm = /\/\/[^\n]*/.exec(gap);
    if (!cm || !ts.isExpressionStatement(st)) return;
    const stated = parseStated(cm[0]);
    if (!stated) return;
    checks.push({ stmt: i, comment: cm[0], ...stated });
    edits.push({
      start: st.getStart(),
      end: st.end,
      text: `__r[${i}] = __try(() => (${st.expression.getText()}));`,
    });
  });
  let code = ex.code;
  for (const e of edits.sort((a, b) => b.start - a.start))
    code = code.slice(0, e.start) + e.text + code.slice(e.end);
  const js = ts.transpileModule(code, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  return { ...ex, checks, js };
}

/** Rounds a stated decimal to the tensor's float dtype (`2.4` stated for float32 means fround(2.4)). */
let roundStated: (x: number, dtype: string) => number = (x) => x;

/**
 * Equality for stated values: number ≡ bigint by value, NaN ≡ NaN, arrays elementwise; for a
 * float tensor the stated decimal is first rounded to its dtype.
 */
function same(actual: unknown, stated: unknown, dtype = 'float64'): boolean {
  if (Array.isArray(stated))
    return (
      Array.isArray(actual) &&
      actual.length === stated.length &&
      stated.every((s, i) => same(actual[i], s, dtype))
    );
  if (typeof stated === 'number' && typeof actual === 'number') stated = roundStated(stated, dtype);
  if (
    (typeof actual === 'number' || typeof actual === 'bigint') &&
    (typeof stated === 'number' || typeof stated === 'bigint')
  ) {
    if (typeof actual === 'number' && typeof stated === 'number')
      return actual === stated || (Number.isNaN(actual) && Number.isNaN(stated));
    return Number.isFinite(Number(actual)) && BigInt(actual) === BigInt(stated);
  }
  // A stated string with '…' elides: each '…' matches any run of characters.
  if (typeof stated === 'string' && typeof actual === 'string' && stated.includes('…'))
    return new RegExp(
      `^${stated
        .split('…')
        .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
      's',
    ).test(actual);
  return Object.is(actual, stated);
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
// The README's examples: every ```ts block (the first is the tour).
const readme = readFileSync('README.md', 'utf8');
const readmeExamples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m, k) =>
  instrument({ where: k === 0 ? 'README.md (tour)' : `README.md (example ${k + 1})`, code: m[1] }),
);
const tourExample = readmeExamples[0] ?? null;

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
  const { bitsToFloat16, float16Bits, bitsToBfloat16, bfloat16Bits } = scope as Record<
    string,
    (x: number) => number
  >;
  roundStated = (x, dtype) =>
    dtype === 'float32'
      ? Math.fround(x)
      : dtype === 'float16'
        ? bitsToFloat16(float16Bits(x))
        : dtype === 'bfloat16'
          ? bitsToBfloat16(bfloat16Bits(x))
          : x;
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
    const r = await run(ex);
    for (const c of ex.checks) {
      const outcome = r[c.stmt] as { value?: unknown; error?: unknown };
      if (c.throws) {
        const e = outcome.error as {
          name?: string;
          constructor?: { name: string };
          message?: string;
          code?: string;
        };
        expect(e, `${ex.where} ${c.comment}: did not throw`).toBeDefined();
        if (c.throws.name) expect(e.constructor?.name, `${ex.where} ${c.comment}`).toBe(c.throws.name);
        if (c.throws.message !== undefined)
          expect(e.message, `${ex.where} ${c.comment}`).toBe(c.throws.message);
        if (c.throws.code !== undefined) expect(e.code, `${ex.where} ${c.comment}`).toBe(c.throws.code);
        continue;
      }
      if ('error' in outcome) throw outcome.error;
      const actual = outcome.value as { toArray?: () => unknown; shape?: readonly number[] } | unknown;
      const isTensor =
        actual !== null && typeof actual === 'object' && typeof (actual as any).toArray === 'function';
      if (c.shape) expect((actual as any).shape, `${ex.where} ${c.comment}`).toEqual(c.shape);
      if (c.valueText !== undefined) {
        const stated = new Function(`return (${c.valueText});`)();
        const value = isTensor ? (actual as any).toArray() : actual;
        expect(
          same(value, stated, isTensor ? (actual as any).dtype : 'float64'),
          `${ex.where} ${c.comment}: got ${fmtValue(value)}`,
        ).toBe(true);
      }
    }
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
    }
    console.log(
      `illustrative examples (placeholder names): ${illustrative.length}\n  ${illustrative.join('\n  ')}`,
    );
  });
});

describe('README examples', () => {
  it('the tour and the feature examples are found', () => {
    expect(tourExample).not.toBeNull();
    expect(readmeExamples.length).toBeGreaterThanOrEqual(2);
  });
  it.each(
    readmeExamples.map((e) => [e.where, e] as const),
  )('%s runs, and each stated result holds', async (_w, ex) => {
    expect(ex.checks.length).toBeGreaterThanOrEqual(3);
    const r = await run(ex);
    for (const c of ex.checks) {
      const outcome = r[c.stmt] as { value?: unknown; error?: unknown };
      if ('error' in outcome) throw outcome.error;
      const actual = outcome.value as any;
      const value = actual && typeof actual.toArray === 'function' ? actual.toArray() : actual;
      expect(
        same(value, new Function(`return (${c.valueText});`)(), actual?.dtype ?? 'float64'),
        `${c.comment}: got ${fmtValue(value)}`,
      ).toBe(true);
    }
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

function fmtValue(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : Number.isNaN(x) ? 'NaN' : x));
}
