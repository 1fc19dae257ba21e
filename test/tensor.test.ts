import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import {
  AllocationLimitError,
  DTypeError,
  InvalidArgumentError,
  arange,
  bfloat16Bits,
  bitsToBfloat16,
  bitsToFloat16,
  float16Bits,
  full,
  getAllocationLimit,
  setAllocationLimit,
  tensor,
  toDTypeScalar,
  zeros,
} from '../src/index.js';
import { formatElement } from '../src/core/index.js';

describe('tensor()', () => {
  it('infers dtypes and shapes from nested arrays', () => {
    expect(
      tensor([
        [1, 2],
        [3, 4],
      ]).dtype,
    ).toBe('int32');
    expect(tensor([1.5]).dtype).toBe('float64');
    expect(tensor([true, false]).dtype).toBe('bool');
    expect(tensor([1n]).dtype).toBe('int64');
    expect(
      tensor([
        [1, 2],
        [3, 4],
      ]).shape,
    ).toEqual([2, 2]);
    expect(tensor([[], []], 'float32').shape).toEqual([2, 0]);
  });
  it('rank-0 scalars', () => {
    const s = tensor(7, 'int16');
    expect(s.shape).toEqual([]);
    expect(s.size).toBe(1);
    expect(s.toArray()).toBe(7);
    expect(s.item()).toBe(7);
  });
  it('64-bit integers come back as bigint, bool as boolean, float16 as numbers', () => {
    expect(tensor([1, -2], 'int64').toArray()).toEqual([1n, -2n]);
    expect(tensor([2n ** 64n - 1n], 'uint64').toArray()).toEqual([2n ** 64n - 1n]);
    expect(tensor([1, 0], 'bool').toArray()).toEqual([true, false]);
    expect(tensor([0.1], 'float16').toArray()).toEqual([0.0999755859375]);
  });
  it('typed arrays are wrapped without a copy when the storage matches', () => {
    const a = new Float32Array(6);
    const t = tensor(a, undefined, [2, 3]);
    expect(t.data).toBe(a);
    expect(t.dtype).toBe('float32');
  });
  it('tensor.ragged', () => {
    expect(() => tensor([[1, 2], [3]])).toThrow(expect.objectContaining({ code: 'tensor.ragged' }));
    expect(() => tensor([[1, 2], 3] as any)).toThrow(InvalidArgumentError);
  });
  it('tensor.dtype: unknown dtypes', () => {
    expect(() => tensor([1], 'float8' as any)).toThrow(expect.objectContaining({ code: 'tensor.dtype' }));
    expect(() => tensor([1], 'float8' as any)).toThrow(DTypeError);
  });
  it('tensor.value: values that do not fit the dtype', () => {
    expect(() => tensor([300], 'uint8')).toThrow(expect.objectContaining({ code: 'tensor.value' }));
    expect(() => tensor([1.5], 'int32')).toThrow(expect.objectContaining({ code: 'tensor.value' }));
    expect(() => tensor([-1], 'uint32')).toThrow(expect.objectContaining({ code: 'tensor.value' }));
    expect(() => tensor([2], 'bool')).toThrow(expect.objectContaining({ code: 'tensor.value' }));
    expect(() => tensor([2 ** 60], 'int64')).toThrow(expect.objectContaining({ code: 'tensor.value' }));
    expect(() => tensor([2n ** 63n], 'int64')).toThrow(expect.objectContaining({ code: 'tensor.value' }));
  });
  it('tensor.data_length and tensor.shape', () => {
    expect(() => tensor([1, 2, 3], 'int32', [2, 2])).toThrow(
      expect.objectContaining({ code: 'tensor.data_length' }),
    );
    expect(() => zeros([-1], 'int32')).toThrow(expect.objectContaining({ code: 'tensor.shape' }));
    expect(() => zeros([1.5], 'int32')).toThrow(expect.objectContaining({ code: 'tensor.shape' }));
  });
  it('tensor.size and tensor.allocation_limit refuse before allocating', () => {
    expect(() => zeros([2 ** 30, 2 ** 30, 2 ** 30], 'uint8')).toThrow(
      expect.objectContaining({ code: 'tensor.size' }),
    );
    expect(() => zeros([2 ** 20, 2 ** 20], 'float32')).toThrow(AllocationLimitError);
    const old = getAllocationLimit();
    setAllocationLimit(1024);
    try {
      expect(() => zeros([257], 'float32')).toThrow(
        expect.objectContaining({ code: 'tensor.allocation_limit' }),
      );
      expect(zeros([256], 'float32').size).toBe(256);
    } finally {
      setAllocationLimit(old);
    }
  });
  it('full and reshape', () => {
    const t = full([2, 2], 3, 'int8');
    expect(t.toArray()).toEqual([
      [3, 3],
      [3, 3],
    ]);
    expect(t.reshape([4]).data).toBe(t.data);
  });
});

describe('float16 / bfloat16 conversions (round to nearest even)', () => {
  it('known float16 values', () => {
    expect(float16Bits(1)).toBe(0x3c00);
    expect(float16Bits(-2)).toBe(0xc000);
    expect(float16Bits(65504)).toBe(0x7bff);
    expect(float16Bits(65519.99)).toBe(0x7bff);
    expect(float16Bits(65520)).toBe(0x7c00); // rounds to infinity
    expect(float16Bits(2 ** -24)).toBe(0x0001); // smallest subnormal
    expect(float16Bits(2 ** -25)).toBe(0x0000); // tie to even: 0
    expect(float16Bits(3 * 2 ** -25)).toBe(0x0002); // tie to even: 2
    expect(float16Bits(2 ** -14 - 2 ** -25)).toBe(0x0400); // rounds up into the smallest normal
    expect(float16Bits(1 + 2 ** -11)).toBe(0x3c00); // tie to even (down)
    expect(float16Bits(1 + 3 * 2 ** -11)).toBe(0x3c02); // tie to even (up)
    expect(float16Bits(-0)).toBe(0x8000);
    expect(float16Bits(Number.NaN) & 0x7c00).toBe(0x7c00);
    expect(float16Bits(Number.NEGATIVE_INFINITY)).toBe(0xfc00);
    expect(bitsToFloat16(0x7bff)).toBe(65504);
    expect(bitsToFloat16(0x0001)).toBe(2 ** -24);
    expect(Number.isNaN(bitsToFloat16(0x7e00))).toBe(true);
  });
  it('known bfloat16 values', () => {
    expect(bfloat16Bits(1)).toBe(0x3f80);
    expect(bfloat16Bits(1 + 2 ** -8)).toBe(0x3f80); // tie to even
    expect(bfloat16Bits(1 + 3 * 2 ** -8)).toBe(0x3f82);
    expect(bfloat16Bits(3.4e38)).toBe(0x7f80); // beyond bf16 max (≈3.39e38) rounds to infinity
    expect(bitsToBfloat16(0x7f7f)).toBeCloseTo(3.3895313892515355e38, -30);
  });
  it('every float16 bit pattern round-trips', () => {
    for (let b = 0; b < 0x10000; b++) {
      const v = bitsToFloat16(b);
      if (Number.isNaN(v)) continue;
      expect(float16Bits(v)).toBe(b);
    }
  });
  const py = '/usr/bin/python3';
  const hasNumpy =
    existsSync(py) &&
    (() => {
      try {
        execFileSync(py, ['-c', 'import numpy'], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    })();
  it.skipIf(!hasNumpy)('matches NumPy float16 rounding on 20000 float64 values (differential)', () => {
    const values: number[] = [];
    let s = 12345;
    const rnd = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < 20000; i++) {
      const e = Math.floor(rnd() * 44) - 28;
      values.push((rnd() < 0.5 ? -1 : 1) * (1 + rnd()) * 2 ** e);
    }
    const out = execFileSync(
      py,
      [
        '-c',
        'import sys,json,numpy as np; np.seterr(over="ignore"); v=json.load(sys.stdin); print(json.dumps(np.array(v,dtype=np.float64).astype(np.float16).view(np.uint16).tolist()))',
      ],
      {
        input: JSON.stringify(values),
      },
    );
    const want = JSON.parse(out.toString()) as number[];
    expect(values.map(float16Bits)).toEqual(want);
  });
});

describe('printing and serialization (issue 10 item 6)', () => {
  it('toString is NumPy-like with shortest round-trip elements per dtype', () => {
    expect(tensor([1.1, 2.5], 'float32').toString()).toBe('tensor([1.1, 2.5], dtype=float32)');
    expect(tensor([1.1], 'float64').toString()).toBe('tensor([1.1], dtype=float64)');
    expect(tensor([0.1, 1 / 3], 'float16').toString()).toBe('tensor([   0.1, 0.3333], dtype=float16)');
    expect(tensor([0.1], 'bfloat16').toString()).toBe('tensor([0.1], dtype=bfloat16)');
    expect(tensor([2n ** 53n + 1n], 'int64').toString()).toBe('tensor([9007199254740993], dtype=int64)');
    expect(tensor([true, false]).toString()).toBe('tensor([ true, false], dtype=bool)');
    expect(tensor([Number.NaN, -0, Number.NEGATIVE_INFINITY], 'float32').toString()).toBe(
      'tensor([      NaN,        -0, -Infinity], dtype=float32)',
    );
    expect(tensor(7, 'int16').toString()).toBe('tensor(7, dtype=int16)');
    expect(
      tensor(
        [
          [1.1, 2],
          [3, 4],
        ],
        'float32',
      ).toString(),
    ).toBe('tensor([[1.1,   2],\n        [  3,   4]], dtype=float32)');
    expect(zeros([2, 0], 'int8').toString()).toBe('tensor([], shape=[2, 0], dtype=int8)');
  });
  it('every float32 prints the shortest decimal that round-trips through Math.fround', () => {
    let s = 99;
    const rnd = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < 2000; i++) {
      const x = Math.fround((rnd() - 0.5) * 2 ** Math.floor(rnd() * 80 - 40));
      const text = formatElement('float32', x);
      expect(Math.fround(Number(text))).toBe(x);
      // one digit fewer would not round-trip
      const digits = text
        .replace(/^-/, '')
        .replace(/e.*$/, '')
        .replace('.', '')
        .replace(/^0+/, '')
        .replace(/0+$/, '').length;
      if (digits > 1) expect(Math.fround(Number(x.toPrecision(digits - 1)))).not.toBe(x);
    }
  });
  it('every float16 bit pattern prints a string that reads back to the same bits', () => {
    for (let b = 0; b < 0x10000; b += 7) {
      const v = bitsToFloat16(b);
      if (Number.isNaN(v)) continue;
      expect(float16Bits(Number(formatElement('float16', b)))).toBe(b);
    }
  });
  it('long rows wrap at 75 columns and big tensors summarize past 1000 elements', () => {
    const row = arange(30, 'int32').toString();
    expect(row.split('\n').every((l) => l.length <= 75)).toBe(true);
    expect(row.split('\n')[1].startsWith('        ')).toBe(true);
    expect(arange(1001, 'int32').toString()).toBe(
      'tensor([   0,    1,    2, ..., 998,  999, 1000], shape=[1001], dtype=int32)'.replace(
        '998,  999',
        ' 998,  999',
      ),
    );
  });
  it('toJSON: { dtype, shape, data } with exact int64 strings; JSON.stringify uses it', () => {
    expect(JSON.stringify(tensor([2n ** 63n - 1n, -1n], 'int64'))).toBe(
      '{"dtype":"int64","shape":[2],"data":["9223372036854775807","-1"]}',
    );
    expect(tensor([[1.1, Number.NaN]], 'float32').toJSON()).toEqual({
      dtype: 'float32',
      shape: [1, 2],
      data: [1.1, 'NaN'],
    });
    expect(tensor([true], 'bool').toJSON().data).toEqual([true]);
  });
  it('console.log prints toString (util.inspect.custom) and print() logs it', () => {
    const t = tensor([1.5], 'float32');
    expect(inspect(t)).toBe('tensor([1.5], dtype=float32)');
    const spy = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      t.print();
      expect(spy).toHaveBeenCalledWith('tensor([1.5], dtype=float32)');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('toDTypeScalar: one conversion per dtype family', () => {
  it('exact, truncate and wrap', () => {
    expect(toDTypeScalar(-1, 'uint8', { rounding: 'wrap' })).toBe(255);
    expect(toDTypeScalar(300.7, 'int8', { rounding: 'wrap' })).toBe(44);
    expect(toDTypeScalar(-2.7, 'int32', { rounding: 'truncate' })).toBe(-2);
    expect(toDTypeScalar(2n ** 64n + 5n, 'uint64', { rounding: 'wrap' })).toBe(5n);
    expect(toDTypeScalar(2 ** 60, 'int64', { rounding: 'truncate' })).toBe(2n ** 60n);
    expect(toDTypeScalar(Number.NaN, 'bool', { rounding: 'truncate' })).toBe(1);
    expect(() => toDTypeScalar(2.5, 'int32')).toThrow(DTypeError);
    expect(() => toDTypeScalar(300, 'int8', { rounding: 'truncate', code: 'x.fill', where: 'x' })).toThrow(
      expect.objectContaining({ code: 'x.fill' }),
    );
    expect(() => toDTypeScalar(Number.POSITIVE_INFINITY, 'int32', { rounding: 'wrap' })).toThrow(DTypeError);
    expect(() => toDTypeScalar('5', 'float32')).toThrow(InvalidArgumentError);
    expect(() => toDTypeScalar(null, 'int64')).toThrow(InvalidArgumentError);
  });
  it('bigints round to float32 / float16 once (no double rounding through float64)', () => {
    const v = 2n ** 60n + 2n ** 36n + 1n; // float64 would round to 2^60 + 2^36, a float32 tie
    expect(toDTypeScalar(v, 'float32')).toBe(2 ** 60 + 2 ** 37);
    expect(toDTypeScalar(2n ** 11n + 1n, 'float16')).toBe(float16Bits(2048));
    expect(toDTypeScalar(v, 'float64')).toBe(Number(v));
  });
});
