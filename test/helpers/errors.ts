/**
 * Capturing what a call throws, for negative tests: one copy of each helper the test files
 * share (issue 21, item 6), each with one contract. A helper that expects an error fails the
 * test when nothing is thrown; none of them turns a thrown value into a pass by itself.
 */
import { expect } from 'vitest';
import { GatherScatterError, InvalidArgumentError } from '../../src/index.js';

/** What `f` threw: its rule code (if any), message and the error; `message: 'no error'` when nothing was thrown. */
export function caught(f: () => unknown): { code?: string; message: string; error: unknown } {
  try {
    f();
  } catch (e) {
    return { code: (e as { code?: string }).code, message: (e as Error).message, error: e };
  }
  return { message: 'no error', error: undefined };
}

/** The rule code `f` threw; `'no error'` when nothing was thrown, `untyped: …` for an error without a code. */
export function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as { code?: string }).code ?? `untyped: ${String(e)}`;
  }
  return 'no error';
}

/** The class name, code and message `f` threw (`cls: 'none'`, `code: 'no error'` when nothing was thrown). */
export function errorOf(f: () => unknown): { cls: string; code: string; message: string } {
  try {
    f();
  } catch (e) {
    return {
      cls: (e as Error).constructor.name,
      code: (e as { code?: string }).code ?? 'no code',
      message: (e as Error).message,
    };
  }
  return { cls: 'none', code: 'no error', message: '' };
}

/**
 * Asserts that `f` throws `cls` (default InvalidArgumentError) with rule `code`, named at the end
 * of its message as the message grammar requires; returns the error for further checks.
 */
export function expectRule(
  f: () => unknown,
  code: string,
  cls: new (...a: any[]) => Error = InvalidArgumentError,
): Error {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(cls);
    expect((e as { code: string }).code).toBe(code);
    expect((e as Error).message.endsWith(`(${code})`)).toBe(true);
    return e as Error;
  }
  throw new Error(`expected ${code}; nothing was thrown`);
}

/** The GatherScatterError `f` threw; fails the test for no error or an untyped one. */
export function thrown(f: () => unknown): GatherScatterError {
  try {
    f();
  } catch (e) {
    if (e instanceof GatherScatterError) return e;
    throw new Error(`expected a GatherScatterError; got ${String(e)}`);
  }
  throw new Error('expected an error; got none');
}

/** The rule code `f` threw, checking that it is a typed error of this library (`'no code'` without one). */
export function typedCode(f: () => unknown): string {
  const c = caught(f);
  expect(c.error, c.message).toBeInstanceOf(GatherScatterError);
  return c.code ?? 'no code';
}
