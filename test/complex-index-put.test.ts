/**
 * PyTorch 1.13's index_put(accumulate=True) on complex (CPU): duplicate targets are summed in
 * index order; which operand's NaN survives depends on the element's place in ATen's compiled
 * inner loop over a row's L trailing elements (docs/dtypes.md). complex128 and most complex64
 * places add self + update; the complex64 places of the loop's two-element vector epilogue —
 * [L − L mod 4, L − L mod 4 + 2) when L mod 4 ≥ 2 — add update + self, as the library does by
 * place (frameworks/torch/nan-places.ts; more shapes in test/nan-places.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pythonHas } from '../scripts/goldens/golden.js';
import { type Tensor, complex, tensor, torch } from '../src/index.js';

/** Places of a row of L complex64 elements where PyTorch keeps the update's NaN (measured). */
const updateFirst = (L: number, p: number): boolean => {
  const lo = L - (L % 4);
  return L % 4 >= 2 && p >= lo && p < lo + 2;
};

describe('torch.index_put(accumulate=True) on complex', () => {
  it('sums duplicate targets in index order: 0 + 1 + 1e16 − 1e16 = 0 (reversed it would be 1)', () => {
    const x = tensor([complex(0, 0), complex(0, 0)], 'complex128');
    const v = tensor([complex(1, 0), complex(1e16, 0), complex(-1e16, 0)], 'complex128');
    const r = torch.index_put(x, [tensor([0n, 0n, 0n], 'int64')], v, { accumulate: true });
    expect(r.get(0)).toEqual({ re: 0, im: 0 }); // PyTorch 1.13: 0+0j (1 + 1e16 rounds to 1e16)
  });

  const PEER = `
import json, sys
import numpy as np, torch
out = {}
for dt, base, ut, q in [('complex64', np.float32, np.uint32, 0x7fc00000), ('complex128', np.float64, np.uint64, 0x7ff8000000000000)]:
    for L in range(1, 12):
        vals = np.zeros((2, 2 * L), base)
        vals[0, :] = np.array([q | 0xa], ut).view(base)[0]
        vals[1, :] = np.array([q | 0xb], ut).view(base)[0]
        x = torch.zeros((2, L), dtype=getattr(torch, dt))
        r = x.index_put((torch.tensor([1, 1]),), torch.from_numpy(vals.view(getattr(np, dt))), accumulate=True)
        out['%s/%d' % (dt, L)] = [int(w) & 0xf for w in r.numpy()[1].view(base).view(ut)]
print(json.dumps(out))
`;
  it.skipIf(!pythonHas('torch'))(
    'NaN over NaN: the update wins only in complex64 epilogue places (PyTorch 1.13 and the library, L = 1…11)',
    () => {
      const py = spawnSync('/usr/bin/python3', ['-W', 'ignore', '-c', PEER], { encoding: 'utf8' });
      expect(py.stderr).toBe('');
      const peer = JSON.parse(py.stdout) as Record<string, number[]>;
      for (const dtype of ['complex64', 'complex128'] as const)
        for (let L = 1; L <= 11; L++) {
          // Updates 0xa… then 0xb… onto the same row: self + update keeps 0xa, update + self 0xb.
          const want = Array.from({ length: 2 * L }, (_, k) =>
            dtype === 'complex64' && updateFirst(L, k >> 1) ? 0xb : 0xa,
          );
          expect(peer[`${dtype}/${L}`], `${dtype} L=${L}`).toEqual(want);
          expect(library(dtype, L), `${dtype} L=${L}`).toEqual(want);
        }
    },
  );
});

/** The library's low payload nibbles for the same call. */
function library(dtype: 'complex64' | 'complex128', L: number): number[] {
  const wide = dtype === 'complex128';
  const vals = wide ? new Float64Array(4 * L) : new Float32Array(4 * L);
  const words = wide ? new BigUint64Array(vals.buffer) : new Uint32Array(vals.buffer);
  for (let k = 0; k < 4 * L; k++) {
    const nib = k < 2 * L ? 0xa : 0xb;
    if (wide) (words as BigUint64Array)[k] = 0x7ff8000000000000n | BigInt(nib);
    else (words as Uint32Array)[k] = 0x7fc00000 | nib;
  }
  const x = tensor(wide ? new Float64Array(4 * L) : new Float32Array(4 * L), dtype, [2, L]);
  const r: Tensor = torch.index_put(x, [tensor([1n, 1n], 'int64')], tensor(vals, dtype, [2, L]), {
    accumulate: true,
  });
  const out = wide
    ? Array.from(new BigUint64Array((r.data as Float64Array).slice().buffer), (w) => Number(w & 0xfn))
    : Array.from(new Uint32Array((r.data as Float32Array).slice().buffer), (w) => w & 0xf);
  return out.slice(2 * L);
}
