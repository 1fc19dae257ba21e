/**
 * complex128 products round each part as one fused multiply-add — re = fma(a, c, −(b·d)),
 * im = fma(a, d, b·c) — in NumPy 1.24's multiply.at and PyTorch 1.13's scatter multiply /
 * scatter_reduce prod (docs/dtypes.md). The products here are the ones where a tie of the final
 * sum hinges on a bit far below the last place: complex-live seeds 231 and 312 found two, and a
 * constructed one shows the rule by eye. Expected bits are the real peers' (checked live too when
 * /usr/bin/python3 has NumPy and PyTorch).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pythonHas } from '../scripts/goldens/golden.js';
import { fma } from '../src/core/fma.js';
import { type Tensor, numpy, tensor, torch } from '../src/index.js';
import { readNpy } from '../src/interop/index.js';
import { differentialSeed } from './helpers/seed.js';

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

  it('NaN operand order: ATen swaps b·d and b·c on complex64; on complex128 along the last dim it orders as NumPy', () => {
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

/**
 * 100,000 random pairs per dtype through the real NumPy multiply.at and PyTorch scatter multiply /
 * scatter_reduce prod — full-precision parts, ±0, ±inf, subnormals, 1e300 and NaNs with random
 * payloads (quiet and signalling) in any part — against the library, bit for bit. A fresh seed
 * each run (printed, DIFFERENTIAL_SEED replays it).
 */
const MANY = `
import sys, os
import numpy as np, torch
d, seed = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(seed); N = 100000
EDGE = np.array([0.0, -0.0, np.inf, -np.inf, 1e-40, -2.5, 5e-324, 1e300])
def parts(n, base, ut, exp, bits):
    v = (rng.random(n) - 0.5) * 20
    k = rng.integers(0, 4, n)
    v = np.where(k == 1, rng.integers(-6, 7, n) / 4.0, v)
    v = np.where(k == 2, np.ldexp(rng.random(n) + 0.5, rng.integers(-60, 60, n)), v)
    with np.errstate(all='ignore'):
        v = np.where(rng.random(n) < 0.15, EDGE[rng.integers(0, len(EDGE), n)], v).astype(base)
    nan = (exp | rng.integers(1, 2 ** bits, n, dtype=np.uint64).astype(ut) | (rng.integers(0, 2, n).astype(ut) << ut(exp.bit_length()))).view(base)
    return np.where(rng.random(n) < 0.1, nan, v)
for dt, base, ut, exp, bits in [(np.complex64, np.float32, np.uint32, 0x7f800000, 23), (np.complex128, np.float64, np.uint64, 0x7ff0000000000000, 52)]:
    x = np.empty(N, dt); y = np.empty(N, dt)
    x.real, x.imag, y.real, y.imag = (parts(N, base, ut, exp, bits) for _ in range(4))
    a = x.copy(); np.multiply.at(a, np.arange(N), y)
    i = torch.arange(N)
    m = torch.from_numpy(x.copy()).scatter(0, i, torch.from_numpy(y), reduce='multiply').numpy()
    p = torch.from_numpy(x.copy()).scatter_reduce(0, i, torch.from_numpy(y), 'prod').numpy()
    for name, arr in [('x', x), ('y', y), ('np', a), ('mul', m), ('prod', p)]:
        np.save(os.path.join(d, '%s_%s.npy' % (np.dtype(dt).name, name)), arr)
`;

describe.skipIf(!pythonHas('numpy', 'torch'))(
  'complex products vs NumPy 1.24 and PyTorch 1.13: 100,000 pairs per dtype',
  () => {
    it('multiply.at, scatter multiply and scatter_reduce prod bit for bit (NaN payloads included)', () => {
      const seed = differentialSeed('complex-fma.test.ts');
      const dir = mkdtempSync(join(tmpdir(), 'complex-fma-'));
      try {
        const py = spawnSync('/usr/bin/python3', ['-W', 'ignore', '-c', MANY, dir, String(seed)], {
          encoding: 'utf8',
        });
        expect(py.stderr).toBe('');
        for (const dtype of ['complex64', 'complex128'] as const) {
          const load = (name: string) => readNpy(readFileSync(join(dir, `${dtype}_${name}.npy`)));
          const x = load('x');
          const y = load('y');
          const i = tensor(
            BigInt64Array.from({ length: x.size }, (_, k) => BigInt(k)),
            'int64',
          );
          const runs: [string, Tensor][] = [
            ['np', numpy.multiply.at(x, i, y)],
            ['mul', torch.scatter(x, 0, i, y, { reduce: 'multiply' })],
            ['prod', torch.scatter_reduce(x, 0, i, y, 'prod')],
          ];
          for (const [name, got] of runs) {
            const want = load(name);
            const a =
              dtype === 'complex64'
                ? new Uint32Array((got.data as Float32Array).slice().buffer)
                : new BigUint64Array((got.data as Float64Array).slice().buffer);
            const b =
              dtype === 'complex64'
                ? new Uint32Array((want.data as Float32Array).slice().buffer)
                : new BigUint64Array((want.data as Float64Array).slice().buffer);
            const bad = a.findIndex((w, k) => w !== b[k]);
            expect(bad, `${dtype} ${name}: first differing part (seed ${seed})`).toBe(-1);
          }
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
