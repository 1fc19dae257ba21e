/**
 * Doc examples as tests (test/examples.test.ts for the source's `@example`s, and
 * test/doc-examples.test.ts for the ```ts fences of README.md and docs/*.md): a statement's
 * stated result is the first `//` comment after it (same line or the next) — `// → value`,
 * `// [..]`, `// 'string'`, `// shape [2, 2]`, `// shape [1, 2]: value`, `// throws Class (code)`;
 * a trailing parenthetical is commentary, other comments are prose. Values compare numerically
 * across number/bigint and NaN matches NaN.
 */
import ts from 'typescript';
import { expect } from 'vitest';
import { bfloat16Bits, bitsToBfloat16, bitsToFloat16, float16Bits } from '../../src/index.js';

export interface Check {
  /** Index of the statement in the example. */
  readonly stmt: number;
  readonly shape?: number[];
  readonly valueText?: string;
  /** `// throws ClassName 'message'` or `// throws ClassName (code)`. */
  readonly throws?: { name?: string; message?: string; code?: string };
  readonly comment: string;
}

export interface Example {
  readonly where: string;
  readonly code: string;
  readonly checks: Check[];
}

/** Splits a stated-result comment into shape and value text (undefined when it is prose). */
export function parseStated(comment: string): {
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
export function instrument(ex: { where: string; code: string }): Example & { js: string } {
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
function roundStated(x: number, dtype: string): number {
  if (dtype === 'float32') return Math.fround(x);
  if (dtype === 'float16') return bitsToFloat16(float16Bits(x));
  if (dtype === 'bfloat16') return bitsToBfloat16(bfloat16Bits(x));
  return x;
}

/**
 * Equality for stated values: number ≡ bigint by value, NaN ≡ NaN, arrays elementwise; for a
 * float tensor the stated decimal is first rounded to its dtype.
 */
export function same(actual: unknown, stated: unknown, dtype = 'float64'): boolean {
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
      return (
        actual === stated ||
        (Number.isNaN(actual) && Number.isNaN(stated)) ||
        // A plain array from toArray() carries no dtype: a float32 element matches its decimal.
        (dtype === 'unknown' && Math.fround(actual) === actual && Math.fround(stated) === actual)
      );
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

/** Checks each stated result of an instrumented example against what its run returned. */
export function checkOutcomes(ex: Example, r: Record<number, unknown>): void {
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
        same(value, stated, isTensor ? (actual as any).dtype : 'unknown'),
        `${ex.where} ${c.comment}: got ${fmtValue(value)}`,
      ).toBe(true);
    }
  }
}

export function fmtValue(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : Number.isNaN(x) ? 'NaN' : x));
}
