/**
 * isGatherScatterError(e, code?): the user's test for "an error this library threw on purpose,
 * with this rule code" — also for errors from a second copy of the library (import + require).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  DTypeError,
  GatherScatterError,
  IndexOutOfBoundsError,
  isGatherScatterError,
  onnx,
  tensor,
} from '../src/index.js';

/** The error `fn` throws (fails the test when it throws nothing). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('isGatherScatterError', () => {
  const oob = thrown(() => onnx.Gather(tensor([1, 2, 3], 'float32'), tensor([5n], 'int64')));

  it('is true for a library error, and for its exact code', () => {
    expect(oob).toBeInstanceOf(IndexOutOfBoundsError);
    expect(isGatherScatterError(oob)).toBe(true);
    expect(isGatherScatterError(oob, 'onnx.Gather-13.index_out_of_bounds')).toBe(true);
  });

  it('is false for another code, a prefix of the code, or no library error', () => {
    expect(isGatherScatterError(oob, 'onnx.Gather-13.axis')).toBe(false);
    expect(isGatherScatterError(oob, 'onnx.Gather-13')).toBe(false);
    expect(
      isGatherScatterError(
        new Error('x (onnx.Gather-13.index_out_of_bounds)'),
        'onnx.Gather-13.index_out_of_bounds',
      ),
    ).toBe(false);
    expect(isGatherScatterError(new TypeError('x'))).toBe(false);
    expect(isGatherScatterError({ code: 'onnx.Gather-13.index_out_of_bounds', message: 'x' })).toBe(false);
    expect(isGatherScatterError(null)).toBe(false);
    expect(isGatherScatterError('onnx.Gather-13.index_out_of_bounds')).toBe(false);
  });

  it('knows every subclass and the base class', () => {
    expect(isGatherScatterError(new DTypeError('a.b', 'm'), 'a.b')).toBe(true);
    expect(isGatherScatterError(new GatherScatterError('a.c', 'm'), 'a.c')).toBe(true);
  });

  it('knows an error from another copy of the library (a class it does not share)', async () => {
    // A second evaluation of errors.ts: its classes are not this copy's (as under import + require).
    vi.resetModules();
    const other = await import('../src/errors.js');
    const e = new other.IndexOutOfBoundsError('x.bounds', 'm');
    expect(e instanceof GatherScatterError).toBe(false);
    expect(isGatherScatterError(e, 'x.bounds')).toBe(true);
    expect(isGatherScatterError(e, 'x.other')).toBe(false);
  });
});
