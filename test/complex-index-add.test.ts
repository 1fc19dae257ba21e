/**
 * PyTorch 1.13's index_add on complex (CPU): which NaN survives self + alpha·source, measured
 * place by place against the real PyTorch (docs/dtypes.md). A 1-D self takes a scalar loop; a
 * self of rank ≥ 2 runs ATen's add kernel over each row of L trailing elements, and the operand
 * order depends on the place in the row (vector body, complex64's 4-place block, scalar rest)
 * and on the dtype. This test pins the measured rule so the documented description stays true;
 * the library follows it by place (frameworks/torch/nan-places.ts, bit for bit against PyTorch
 * in test/nan-places.test.ts and test/complex-live.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pythonHas } from '../scripts/goldens/golden.js';

/** Operands by payload nibble: 1 self.re, 2 self.im, 3 source.re, 4 source.im. */
type Order = readonly [readonly number[], readonly number[]];
/** The first NaN operand of each part, per rule (alpha = 1 + 0i, finite operands otherwise). */
const RULES: Readonly<Record<'vector' | 'productFirst' | 'selfFirst', Order>> = {
  // (source·alpha) + self, the AVX2 complex product: the source's real part first in both parts
  vector: [
    [3, 4, 1],
    [3, 4, 2],
  ],
  // (source·alpha) + self with c10::complex's product: the imaginary part takes source.im first
  productFirst: [
    [3, 4, 1],
    [4, 3, 2],
  ],
  // self + alpha·source (c10::complex)
  selfFirst: [
    [1, 3, 4],
    [2, 4, 3],
  ],
};

/**
 * The rule of place p in a row of L trailing elements (measured for L = 1…20): the vector body
 * takes whole pairs of AVX2 vectors (8 complex64, 4 complex128); complex64 then has a 4-place
 * block; the scalar rest is selfFirst on complex64, productFirst on complex128 (its compiled
 * scalar code adds the other way round).
 */
function ruleOf(dtype: 'complex64' | 'complex128', L: number, p: number): keyof typeof RULES {
  if (dtype === 'complex128') return p < L - (L % 4) ? 'vector' : 'productFirst';
  if (p < L - (L % 8)) return 'vector';
  return p < L - (L % 4) ? 'productFirst' : 'selfFirst';
}

/** The nibble a part ends with for NaN pattern m (bit k set: operand k + 1 is NaN), 0 if none. */
function winner(order: Order, m: number, part: 0 | 1): number {
  return order[part].find((o) => (m >> (o - 1)) & 1) ?? 0;
}

const PEER = `
import json, sys
import numpy as np, torch
out = {}
for dt, base, ut, q in [('complex64', np.float32, np.uint32, 0x7fc00000), ('complex128', np.float64, np.uint64, 0x7ff8000000000000)]:
    for L in range(1, 21):
        for rank1 in ([True, False] if L == 16 else [False]):
            rows = [[None] * L for _ in range(16)]
            for rep in range(16):
                xs = np.full(2 * L, 1.5, base); ss = np.full(2 * L, 2.5, base)
                for p in range(L):
                    m = (p + rep) % 16
                    for bit, (arr, k) in enumerate([(xs, 0), (xs, 1), (ss, 0), (ss, 1)]):
                        if m >> bit & 1: arr[2 * p + k] = np.array([q | (bit + 1)], ut).view(base)[0]
                shape = (L,) if rank1 else (1, L)
                x = torch.from_numpy(xs.view(getattr(np, dt)).reshape(shape).copy())
                s = torch.from_numpy(ss.view(getattr(np, dt)).reshape(shape).copy())
                i = torch.arange(L) if rank1 else torch.tensor([0])
                r = x.index_add(0, i, s).numpy().reshape(-1).view(base).view(ut)
                for p in range(L):
                    w = [int(r[2 * p]), int(r[2 * p + 1])]
                    rows[(p + rep) % 16][p] = [(v & 0xf) if np.isnan(np.array([v], ut).view(base)[0]) else 0 for v in w]
            out['%s/%d%s' % (dt, L, '/rank1' if rank1 else '')] = rows
print(json.dumps(out))
`;

describe.skipIf(!pythonHas('torch'))(
  'torch.index_add on complex: NaN operand order by place (PyTorch 1.13)',
  () => {
    const py = pythonHas('torch')
      ? spawnSync('/usr/bin/python3', ['-W', 'ignore', '-c', PEER], { encoding: 'utf8' })
      : null;
    const peer = py ? (JSON.parse(py.stdout) as Record<string, number[][][]>) : {};

    it('rank ≥ 2: vector body, complex64 4-place block and scalar tail, for rows of L = 1…20', () => {
      expect(py?.stderr).toBe('');
      for (const dtype of ['complex64', 'complex128'] as const)
        for (let L = 1; L <= 20; L++)
          for (let m = 1; m < 16; m++)
            for (let p = 0; p < L; p++) {
              const rule = RULES[ruleOf(dtype, L, p)];
              expect(peer[`${dtype}/${L}`][m][p], `${dtype} L=${L} p=${p} NaNs ${m.toString(2)}`).toEqual([
                winner(rule, m, 0),
                winner(rule, m, 1),
              ]);
            }
    });

    it('rank 1: the scalar loop — selfFirst on complex64, productFirst on complex128', () => {
      for (const dtype of ['complex64', 'complex128'] as const) {
        const rule = RULES[dtype === 'complex64' ? 'selfFirst' : 'productFirst'];
        for (let m = 1; m < 16; m++)
          for (let p = 0; p < 16; p++)
            expect(peer[`${dtype}/16/rank1`][m][p], `${dtype} p=${p} NaNs ${m.toString(2)}`).toEqual([
              winner(rule, m, 0),
              winner(rule, m, 1),
            ]);
      }
    });
  },
);
