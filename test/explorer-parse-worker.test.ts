/**
 * The explorer's parse worker (explorer/parse-worker.ts), called directly: a big editor text
 * becomes the tensor the page would build from it (flat.ts's jsonTensor), with its storage
 * listed for transfer; anything the page must parse itself (invalid JSON, ragged or non-numeric
 * arrays, complex dtypes, values the dtype refuses) is answered with `dtype: null`.
 */
import { describe, expect, it } from 'vitest';
import { jsonTensor } from '../explorer/flat.js';
import type { ParseRequest } from '../explorer/parse-in-worker.js';
import { npyRequest, parseRequest } from '../explorer/parse-worker.js';
import { writeNpy } from '../src/interop/npy.js';
import type { DType } from '../src/tensor/dtype.js';
import { tensor } from '../src/tensor/tensor.js';

const ask = (text: string, dtype?: DType, keepFloat64 = false) =>
  parseRequest({ id: 7, text, dtype, keepFloat64 } satisfies ParseRequest);

describe('explorer parse worker', () => {
  it.each([
    ['[[0, 1, 2], [10, 11, 12]]', undefined, false, 'int32', [2, 3]],
    ['[[0, 1, 2], [10, 11, 12]]', 'int64', false, 'int64', [2, 3]],
    ['[[[0.5], [-1.25]]]', undefined, false, 'float32', [1, 2, 1]],
    ['[[0.1, 2e-3]]', undefined, true, 'float64', [1, 2]],
    ['[1, 2, 255]', 'uint8', false, 'uint8', [3]],
  ] as const)('%s as %s (float64 kept: %s) → %s %j, the same tensor as the page builds', (text, dtype, keep, want, shape) => {
    const { reply, transfer } = ask(text, dtype, keep);
    expect(reply.id).toBe(7);
    if (reply.dtype === null) return expect.fail('expected a tensor');
    expect(reply.dtype).toBe(want);
    expect(reply.shape).toEqual(shape);
    const page = jsonTensor(JSON.parse(text), dtype, keep)!;
    expect(reply.dtype).toBe(page.dtype);
    expect(Array.from(reply.data as unknown as ArrayLike<number | bigint>)).toEqual(
      Array.from(page.data as ArrayLike<number | bigint>),
    );
    expect(transfer).toEqual([reply.data.buffer]);
  });

  it.each([
    ['invalid JSON', '[[1, 2], [3,', undefined],
    ['a ragged array', '[[1, 2], [3]]', undefined],
    ['booleans', '[[true, false]]', undefined],
    ['a scalar', '5', undefined],
    ['a complex dtype', '[[1, 2]]', 'complex64'],
    ['a value the dtype refuses', '[1.5, 2]', 'int32'],
  ] as const)('%s: the page parses it itself (dtype null, nothing transferred)', (_what, text, dtype) => {
    expect(ask(text, dtype)).toEqual({ reply: { id: 7, dtype: null }, transfer: [] });
  });

  it('a .npy file: its tensor (dtype kept) and its values as the editor text, 64-bit integers as numbers', () => {
    const bytes = writeNpy(
      tensor(
        [
          [1, -2],
          [3, 2 ** 40],
        ],
        'int64',
      ),
    );
    const buffer = bytes.slice().buffer;
    const { reply, transfer } = npyRequest(3, buffer);
    if (reply.dtype === null) return expect.fail('expected a tensor');
    expect(reply.dtype).toBe('int64');
    expect(reply.shape).toEqual([2, 2]);
    expect(reply.text).toBe('[[1,-2],[3,1099511627776]]');
    expect(Array.from(reply.data as BigInt64Array)).toEqual([1n, -2n, 3n, 2n ** 40n]);
    expect(transfer).toEqual([reply.data.buffer]);
  });

  it('bytes that are not a .npy file: the page reads them itself, for the typed error', () => {
    const bytes = new Uint8Array([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 9, 9, 9]);
    expect(npyRequest(4, bytes.buffer)).toEqual({ reply: { id: 4, dtype: null }, transfer: [] });
  });
});
