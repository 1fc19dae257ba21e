/**
 * complex128 products round each part as one fused multiply-add — re = fma(a, c, −(b·d)),
 * im = fma(a, d, b·c) — in NumPy 1.24's multiply.at and PyTorch 1.13's scatter multiply /
 * scatter_reduce prod (docs/dtypes.md). The products here are the ones where a tie of the final
 * sum hinges on a bit far below the last place: complex-live seeds 231 and 312 found two, and a
 * constructed one shows the rule by eye. Expected bits are the real peers' (checked live too when
 * /usr/bin/python3 has NumPy and PyTorch).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pythonHas } from '../scripts/goldens/golden.js';
import { fma } from '../src/core/fma.js';
import { type Tensor, numpy, tensor, torch } from '../src/index.js';

const hex = (x: number): string => {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  return v.getBigUint64(0).toString(16).padStart(16, '0');
};

interface Repro {
  readonly name: string;
  readonly x: readonly [number, number];
  readonly ys: readonly (readonly [number, number])[];
  readonly want: readonly [string, string]; // the peers' bits (all three ops agree)
}

const REPROS: readonly Repro[] = [
  // (1 + 2^-52)·1.5 = 1.5 + 2^-52 + 2^-53 is a tie; the −2^-200 of b·d breaks it downwards.
  // Unfused: 1.5 + 2^-51 (3ff8000000000002).
  {
    name: 'tie broken by b·d = 2^-200',
    x: [1 + 2 ** -52, 2 ** -100],
    ys: [[1.5, 2 ** -100]],
    want: ['3ff8000000000001', '39c4000000000000'],
  },
  {
    name: 'complex-live seed 231 (torch scatter multiply)',
    x: [0, 7.888362682424486],
    ys: [
      [1e-40, -5.446685659699142],
      [9.96847480069846, -1.25],
    ],
    want: ['407ac4cc15839a76', 'c04ada781735766d'],
  },
  {
    name: 'complex-live seed 312 (np.multiply.at)',
    x: [-0.9189715934917331, 1e-40],
    ys: [[0.012650550343096256, -6.987647460773587]],
    want: ['bf87cf1bb6f4547d', '4019af9076a3ef75'],
  },
];

const c128 = (pairs: readonly (readonly [number, number])[]): Tensor =>
  tensor(new Float64Array(pairs.flat()), 'complex128');
const zeros = (n: number): Tensor =>
  tensor(
    Array.from({ length: n }, () => 0n),
    'int64',
  );
const partsHex = (t: Tensor): string[] => Array.from(t.data as Float64Array, hex);

/** The library's three product scatters of one repro (every update onto element 0). */
function library(r: Repro): Record<string, string[]> {
  const x = c128([r.x]);
  const ys = c128(r.ys);
  const i = zeros(r.ys.length);
  return {
    'np.multiply.at': partsHex(numpy.multiply.at(x, i, ys)),
    'torch.scatter multiply': partsHex(torch.scatter(x, 0, i, ys, { reduce: 'multiply' })),
    'torch.scatter_reduce prod': partsHex(torch.scatter_reduce(x, 0, i, ys, 'prod')),
  };
}

describe('complex128 products: one fused multiply-add per part', () => {
  it('fma rounds a·c + z once: (1 + 2^-52)·1.5 − 2^-200 = 1.5 + 2^-52 (unfused: 1.5 + 2^-51)', () => {
    expect(fma(1 + 2 ** -52, 1.5, -(2 ** -200))).toBe(1.5 + 2 ** -52);
    expect((1 + 2 ** -52) * 1.5 - 2 ** -200).toBe(1.5 + 2 ** -51);
    // Exact cancellation, subnormal and overflowing products, infinite z (values from exact rationals).
    expect(fma(1 + 2 ** -52, 1 - 2 ** -52, -1)).toBe(-(2 ** -104));
    expect(Object.is(fma(2 ** -600, 2 ** -500, 0), 0)).toBe(true); // below half the least subnormal
    expect(fma(3 * 2 ** -538, 2 ** -537, 0)).toBe(2 ** -1073); // 1.5 least subnormals: a tie, to even (2)
    expect(fma(2 ** 600, 2 ** 500, -Number.MAX_VALUE)).toBe(Number.POSITIVE_INFINITY);
    expect(fma(2 ** 1000, 2 ** 24, -(2 ** 1023))).toBe(2 ** 1023); // a·c alone overflows
    expect(fma(1e308, 10, Number.NEGATIVE_INFINITY)).toBe(Number.NEGATIVE_INFINITY);
    expect(Object.is(fma(-0, 1, 0), 0)).toBe(true);
    expect(Object.is(fma(-0, 1, -0), -0)).toBe(true);
  });

  it.each(REPROS)('$name: NumPy multiply.at, torch scatter multiply and scatter_reduce prod', (r) => {
    const got = library(r);
    for (const parts of Object.values(got)) expect(parts).toEqual(r.want);
  });

  it('NaN operand order: ATen swaps b·d and b·c on complex64 only; on complex128 it orders as NumPy', () => {
    // (2 + sNaN·i)(3 + qNaN·i), the NaNs' payloads 0x123 and 0x456; bits from NumPy 1.24 and PyTorch 1.13.
    const c128 = (words: bigint[]) =>
      tensor(new Float64Array(new BigUint64Array(words).buffer), 'complex128');
    const c64 = (words: number[]) => tensor(new Float32Array(new Uint32Array(words).buffer), 'complex64');
    const hexOf = (t: Tensor) =>
      t.dtype === 'complex64'
        ? Array.from(new Uint32Array((t.data as Float32Array).slice().buffer), (w) => w.toString(16))
        : Array.from(new BigUint64Array((t.data as Float64Array).slice().buffer), (w) => w.toString(16));
    const i = zeros(1);
    const x = c128([0x4000000000000000n, 0x7ff0000000000123n]);
    const y = c128([0x4008000000000000n, 0x7ff8000000000456n]);
    const quieted = ['7ff8000000000123', '7ff8000000000456']; // re: b's NaN first; im: d's
    expect(hexOf(torch.scatter(x, 0, i, y, { reduce: 'multiply' }))).toEqual(quieted);
    expect(hexOf(torch.scatter_reduce(x, 0, i, y, 'prod'))).toEqual(quieted);
    expect(hexOf(numpy.multiply.at(x, i, y))).toEqual(quieted);
    const x32 = c64([0x40000000, 0x7f800123]);
    const y32 = c64([0x40400000, 0x7fc00456]);
    expect(hexOf(torch.scatter(x32, 0, i, y32, { reduce: 'multiply' }))).toEqual(['7fc00456', '7fc00456']);
    expect(hexOf(numpy.multiply.at(x32, i, y32))).toEqual(['7fc00123', '7fc00456']);
  });

  /** The same products through the real peers: their bits are what `want` records. */
  const PEER = `
import json, struct, sys
import numpy as np, torch
h = lambda v: struct.pack('>d', v).hex()
out = []
for x, ys in json.load(sys.stdin):
    x = complex(*x); ys = [complex(*y) for y in ys]; i = [0] * len(ys)
    a = np.array([x]); np.multiply.at(a, i, np.array(ys))
    t = torch.tensor([x], dtype=torch.complex128); s = torch.tensor(ys, dtype=torch.complex128)
    ti = torch.tensor(i)
    m = t.scatter(0, ti, s, reduce='multiply').numpy()
    p = t.scatter_reduce(0, ti, s, 'prod').numpy()
    out.append({k: [h(v[0].real), h(v[0].imag)] for k, v in [('np.multiply.at', a), ('torch.scatter multiply', m), ('torch.scatter_reduce prod', p)]})
print(json.dumps(out))
`;
  it.skipIf(!pythonHas('numpy', 'torch'))(
    'the recorded bits are the real NumPy 1.24 and PyTorch 1.13',
    () => {
      const py = spawnSync('/usr/bin/python3', ['-W', 'ignore', '-c', PEER], {
        input: JSON.stringify(REPROS.map((r) => [r.x, r.ys])),
        encoding: 'utf8',
      });
      expect(py.stderr).toBe('');
      const peers = JSON.parse(py.stdout) as Record<string, string[]>[];
      REPROS.forEach((r, k) => {
        expect(peers[k], r.name).toEqual(library(r));
        for (const parts of Object.values(peers[k])) expect(parts, r.name).toEqual(r.want);
      });
    },
  );
});
