/**
 * NaN bits that must not depend on how far V8 has optimised the code that moves them. This file
 * calls each path cold first (its own module graph), then warm; every call must give the same
 * bits. Two defects it pins, found by a differential fuzzer comparing a build with itself:
 * - torch.index_add's fused multiply-add (float32/float64 self of ≥ 2 dims, alpha ≠ 1) returned
 *   self's NaN or the source's depending on V8's operand order for `c + p`, and a canonical NaN
 *   once its arguments passed through a JS array (a double array canonicalises NaNs until the
 *   code is optimised). PyTorch 1.13 gives the source's NaN (measured with /usr/bin/python3:
 *   self of 0x7fc12345 / 0x7ff8000000012345, source of 0xffc54321 / 0xfff8000000054321, alpha 2,
 *   rows 1–40 × 1–100 columns: every element is the source's payload).
 * - complex64 max (lexicographic) copied the winning update's parts as JS numbers, so a
 *   signalling NaN part came out quieted on some calls and kept on others.
 */
import { describe, expect, it } from 'vitest';
import { scatter } from '../src/core/scatter.js';
import { Tensor } from '../src/tensor/tensor.js';
import { jax, torch } from '../src/index.js';

const CALLS = 60;

function words(t: Tensor): number[] {
  return Array.from(new Uint32Array(t.data.buffer, t.data.byteOffset, t.data.byteLength >> 2));
}

describe('NaN bits are the same on cold and warm calls', () => {
  it('torch.index_add fused (float32, 2-D, alpha 2): self NaN + source NaN gives the source NaN, every call', () => {
    const cols = 40;
    for (let c = 0; c < CALLS; c++) {
      const self = new Tensor(
        'float32',
        [3, cols],
        new Float32Array(new Uint32Array(3 * cols).fill(0x7fc12345).buffer),
      );
      const source = new Tensor(
        'float32',
        [1, cols],
        new Float32Array(new Uint32Array(cols).fill(0xffc54321).buffer),
      );
      const index = new Tensor('int64', [1], new BigInt64Array([1n]));
      const r = torch.index_add(self, 0, index, source, { alpha: 2 });
      const w = words(r);
      expect(new Set(w.slice(cols, 2 * cols))).toEqual(new Set([0xffc54321]));
      expect(new Set([...w.slice(0, cols), ...w.slice(2 * cols)])).toEqual(new Set([0x7fc12345]));
    }
  });
  it('torch.index_add fused (float64, 2-D, alpha 2): the source NaN, every call', () => {
    const cols = 24;
    const lo = (x: bigint) => Number(x & 0xffffffffn);
    const hi = (x: bigint) => Number(x >> 32n);
    for (let c = 0; c < CALLS; c++) {
      const self = new Tensor(
        'float64',
        [2, cols],
        new Float64Array(new BigUint64Array(2 * cols).fill(0x7ff8000000012345n).buffer),
      );
      const source = new Tensor(
        'float64',
        [1, cols],
        new Float64Array(new BigUint64Array(cols).fill(0xfff8000000054321n).buffer),
      );
      const r = torch.index_add(self, 0, new Tensor('int64', [1], new BigInt64Array([0n])), source, {
        alpha: 2,
      });
      const w = words(r).slice(0, 2 * cols);
      for (let k = 0; k < cols; k++)
        expect([w[2 * k], w[2 * k + 1]]).toEqual([lo(0xfff8000000054321n), hi(0xfff8000000054321n)]);
    }
  });
  it('complex64 max: a winning update with a signalling NaN part is copied bit for bit, every call', () => {
    const n = 32;
    const dn = {
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
      index_vector_dim: 1,
    };
    for (let c = 0; c < CALLS; c++) {
      const input = new Tensor('complex64', [n], new Float32Array(2 * n).fill(1));
      const upd = new Uint32Array(2 * n);
      for (let k = 0; k < n; k++) {
        upd[2 * k] = 0x7fa00001 + k; // signalling NaN real part: lexicographic max lets it replace
        upd[2 * k + 1] = 0x40000000; // 2.0
      }
      const updates = new Tensor('complex64', [n], new Float32Array(upd.buffer));
      const indices = new Tensor(
        'int32',
        [n, 1],
        new Int32Array(n).map((_, k) => k),
      );
      const [r] = scatter(input, indices, updates, dn, 'max');
      expect(words(r)).toEqual(Array.from(upd));
    }
  });
  it('jax.at divide, complex64: a NaN part of the quotient is the default NaN, every call', () => {
    // NaN-payload operands (both signs, quiet and signalling): the cold call kept a payload, a
    // warm one gave 0x7fc00000 (found by /tmp/p6/h9/self.mjs).
    const xw = new Uint32Array([0xffa12345, 0x3f800000, 0x7fc54321, 0xffc00001]);
    const vw = new Uint32Array([0x7f800011, 0xbf800000, 0x40000000, 0x7fa00002]);
    for (let c = 0; c < CALLS; c++) {
      const x = new Tensor('complex64', [2], new Float32Array(xw.slice().buffer));
      const v = new Tensor('complex64', [2], new Float32Array(vw.slice().buffer));
      const r = jax.at(x, new Tensor('int32', [2], new Int32Array([0, 1]))).divide(v);
      expect(words(r)).toEqual([0x7fc00000, 0x7fc00000, 0x7fc00000, 0x7fc00000]);
    }
  });
});
