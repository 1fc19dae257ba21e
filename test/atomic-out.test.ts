/**
 * NumPy's take(..., mode='raise', out=) leaves `out` untouched when an index is out of bounds.
 * `execute` checks the indices first only where the run itself would not (GatherPlan's
 * `checksBeforeWriting`): a row gather of one chunk resolves every start before it copies a row,
 * so the B7 shape runs straight into `out`; a longer one (more than one chunk of 8192 rows) or an
 * element-wise one is still checked first. Each case puts the bad index last.
 */
import { describe, expect, it } from 'vitest';
import { planOf } from '../src/core/call.js';
import { IndexOutOfBoundsError, Tensor, numpy } from '../src/index.js';

const rows = (n: number, width: number) =>
  new Tensor(
    'float32',
    [n, width],
    Float32Array.from({ length: n * width }, (_, i) => i),
  );

/** Indices 0, 1, …, n-2 and then `last`. */
const indicesEndingWith = (n: number, last: number) =>
  new Tensor(
    'int64',
    [n],
    BigInt64Array.from({ length: n }, (_, i) => BigInt(i === n - 1 ? last : i)),
  );

const filled = (shape: number[], v: number) =>
  new Tensor('float32', shape, new Float32Array(shape.reduce((a, b) => a * b, 1)).fill(v));

describe('numpy.take out= under mode=raise (atomic_out)', () => {
  it('B7 shape (4 rows of 16): the plan checks before writing, and out stays all 7 on a bad last index', () => {
    const data = rows(16, 16);
    const call = numpy.lower.take(data, indicesEndingWith(4, 3), { axis: 0 });
    expect(call.atomic_out).toBe(true);
    expect(planOf(call).checksBeforeWriting).toBe(true);
    const out = filled([4, 16], 7);
    expect(() => numpy.take(data, indicesEndingWith(4, 16), { axis: 0, out })).toThrow(IndexOutOfBoundsError);
    expect([...(out.data as Float32Array)].every((v) => v === 7)).toBe(true);
    numpy.take(data, indicesEndingWith(4, 15), { axis: 0, out });
    expect([...(out.data as Float32Array).subarray(48, 64)]).toEqual(
      Array.from({ length: 16 }, (_, i) => 240 + i),
    );
  });

  it('8193 rows (two chunks): checked first, out stays all 7 on a bad last index', () => {
    const data = rows(8193, 2);
    const call = numpy.lower.take(data, indicesEndingWith(8193, 0), { axis: 0 });
    expect(planOf(call).checksBeforeWriting).toBe(false);
    const out = filled([8193, 2], 7);
    expect(() => numpy.take(data, indicesEndingWith(8193, 8193), { axis: 0, out })).toThrow(
      IndexOutOfBoundsError,
    );
    expect((out.data as Float32Array).every((v) => v === 7)).toBe(true);
  });

  it('one element per index (pointwise, not a row copy): checked first, out stays all 7', () => {
    const data = new Tensor('float32', [5], Float32Array.of(10, 11, 12, 13, 14));
    const call = numpy.lower.take(data, indicesEndingWith(3, 1));
    expect(planOf(call).checksBeforeWriting).toBe(false);
    const out = filled([3], 7);
    expect(() => numpy.take(data, indicesEndingWith(3, 5), { out })).toThrow(IndexOutOfBoundsError);
    expect([...(out.data as Float32Array)]).toEqual([7, 7, 7]);
  });
});
