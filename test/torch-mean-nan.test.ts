/**
 * torch.scatter_reduce(..., 'mean') divides every element of the result by its count, an
 * untouched one by 1 (`count.masked_fill_(count == 0, 1); out.div_(count)`), so an untouched NaN
 * comes out as that division makes it: quieted on float32 / float64, the quiet NaN with its sign
 * on float16, and on bfloat16 0xffff in the body of ATen's vectorised division (32 elements a
 * step over the flat result) or 0x7fc0 in its scalar rest. Every expected pattern here was
 * measured on PyTorch 1.13 (CPU, one thread); the live campaign (torch-live) compares NaN bits too.
 */
import { describe, expect, it } from 'vitest';
import { fromWords, words } from './helpers/nan-peer.js';
import { torch } from '../src/index.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';

const i0 = tensor([0n], 'int64');

/** mean of `x` with one update `u` into element 0, with and without self. */
const mean = (x: Tensor, u: Tensor, include_self: boolean) =>
  words(torch.scatter_reduce(x, 0, i0, u, 'mean', { include_self }));

describe('torch.scatter_reduce mean: untouched NaNs divided by 1, as PyTorch 1.13 gives them', () => {
  it.each([
    // x, the update, then the result with and without self (element 0 is the touched one).
    [
      'float32',
      [0x3f800000, 0xff800001, 0x7fc01234, 0x80000000, 0xff800000],
      0x40000000,
      ['3fc00000', 'ffc00001', '7fc01234', '80000000', 'ff800000'],
      ['40000000', 'ffc00001', '7fc01234', '80000000', 'ff800000'],
    ],
    [
      'float64',
      [0x3ff0000000000000n, 0xfff0000000000001n, 1n],
      0x4000000000000000n,
      ['3ff8000000000000', 'fff8000000000001', '1'],
      ['4000000000000000', 'fff8000000000001', '1'],
    ],
    [
      'float16',
      [0x3c00, 0xfc01, 0x7e34, 0x8000, 1],
      0x4000,
      ['3e00', 'fe00', '7e00', '8000', '1'],
      ['4000', 'fe00', '7e00', '8000', '1'],
    ],
    [
      'bfloat16',
      [0x3f80, 0xff81, 0xffc5, 0x8000, 1],
      0x4000,
      ['3fc0', '7fc0', '7fc0', '8000', '1'],
      ['4000', '7fc0', '7fc0', '8000', '1'],
    ],
  ] as const)('%s: a signalling NaN quieted, a payload or sign dropped as the division drops it', (dtype, x, u, withSelf, withoutSelf) => {
    const X = () => fromWords(dtype, x);
    const U = fromWords(dtype, [u]);
    expect(mean(X(), U, true)).toEqual(withSelf);
    expect(mean(X(), U, false)).toEqual(withoutSelf);
  });

  it('bfloat16: 0xffff in the vector body of 32 over the flat result, 0x7fc0 in the rest', () => {
    for (const [shape, dim] of [
      [[40], 0],
      [[3, 12], 1],
      [[2, 4, 5], 2],
      [[31], 0],
      [[64], 0],
    ] as [number[], number][]) {
      const n = shape.reduce((a, b) => a * b, 1);
      const x = fromWords('bfloat16', new Array(n).fill(0xffc5), shape);
      const ishape = shape.map((s, d) => (d === dim ? 1 : s));
      const m = ishape.reduce((a, b) => a * b, 1);
      const index = tensor(new Array(m).fill(0n), 'int64', ishape);
      const src = fromWords('bfloat16', new Array(m).fill(0x3f80), ishape);
      const body = n - (n % 32);
      const want = Array.from({ length: n }, (_, p) => (p < body ? 'ffff' : '7fc0'));
      expect(words(torch.scatter_reduce(x, dim, index, src, 'mean')), `${shape}`).toEqual(want);
    }
  });

  it('an empty index still divides: a float16 signalling NaN comes back as 0xfe00', () => {
    const x = fromWords('float16', [0x2f4c, 0xfce5, 0x4d40, 0x7c00, 0x8000, 0, 0x53a0, 0x7c00], [2, 1, 4]);
    const none = tensor([], 'int64', [1, 1, 0]);
    const r = torch.scatter_reduce(x, 2, none, fromWords('float16', [], [1, 1, 0]), 'mean', {
      include_self: false,
    });
    expect(words(r)).toEqual(['2f4c', 'fe00', '4d40', '7c00', '8000', '0', '53a0', '7c00']);
  });
});
