/**
 * Issue 23: `x.at[i].divide(v)` on a complex x computes what JAX does — `x / ones_like(x).at[i]
 * .multiply(v)`, a program of the product scatter and XLA:CPU's complex divide (Smith's
 * algorithm with its NaN repair, multiply-adds fused as XLA's LLVM options allow) — instead of
 * refusing with cast.complex. No JAX runs here: the expected values are worked by hand from
 * XLA's formula (ir/ops/complex-divide.ts cites it), each step written beside the case.
 */
import { describe, expect, it } from 'vitest';
import { stablehloText } from '../src/core/call.js';
import { jax, tensor } from '../src/index.js';
import { divideComplex128, divideComplex64 } from '../src/ir/ops/complex-divide.js';
import { programOf } from '../src/ir/lowered.js';
import { runModule } from '../src/ir/run.js';
import { readModule } from '../src/stablehlo-text/index.js';

const c128 = (...pairs: [number, number][]) => tensor(new Float64Array(pairs.flat()), 'complex128');
const c64 = (...pairs: [number, number][]) => tensor(new Float32Array(pairs.flat()), 'complex64');
const parts = (t: { data: unknown }) => Array.from(t.data as ArrayLike<number>);
const inf = Number.POSITIVE_INFINITY;

describe('jax.at(complex).divide', () => {
  it('divides by the product of the values at each target; untouched elements by 1 + 0i', () => {
    const x = c128([1, 2], [inf, 1], [1, 1]);
    const r = jax.at(x, tensor([0, 0, 2], 'int32')).divide(c128([3, 4], [1, 0], [0, 0]));
    expect(r.dtype).toBe('complex128');
    // (1+2i)/((3+4i)(1+0i)): |3| < |4|, r = 0.75, t = 4 + 0.75·3 = 6.25,
    //   re = (0.75·1 + 2)/6.25 = 0.44, im = (0.75·2 − 1)/6.25 = 0.08.
    // (inf+1i)/(1+0i), untouched: r = 0, t = 1, re = inf, im = (1 − 0·inf)/1 = NaN — not both
    //   NaN, so kept: JAX's x / ones is not x here, which a per-hit combiner could not give.
    // (1+1i)/(0+0i): Smith's step is NaN, NaN; zero denominator → (inf·1, inf·1).
    expect(parts(r)).toEqual([0.44, 0.08, inf, Number.NaN, inf, inf]);
  });

  it('a complex64 divide keeps complex64 and rounds each step to float32', () => {
    const y = c64([1, 2], [3, 4]);
    const r = jax.at(y, tensor([1], 'int32')).divide(c64([0, 3]));
    expect(r.dtype).toBe('complex64');
    // (3+4i)/(0+3i): |0| < |3|, r = 0, t = 3, re = (0·3 + 4)/3 = fround(4/3), im = (0·4 − 3)/3 = −1.
    expect(parts(r)).toEqual([1, 2, Math.fround(4 / 3), -1]);
  });

  it('the printed program is the product scatter then stablehlo.divide, and reads back to the same result', () => {
    const x = c128([1, 2], [5, -1], [2, 2]);
    const call = jax.lower.at(x, tensor([2, 0], 'int32')).divide(c128([0, 1], [2, -1]));
    const text = stablehloText(call);
    expect(text).toContain('"stablehlo.multiply"');
    expect(text).toMatch(/"stablehlo.divide"\(%x, %\d+\)/);
    const back = runModule(readModule(text), programOf(call).args).results[0];
    expect(parts(back)).toEqual(parts(jax.at(x, tensor([2, 0], 'int32')).divide(c128([0, 1], [2, -1]))));
  });
});

describe("XLA:CPU's complex divide", () => {
  it('the NaN repair cases: zero denominator, infinite numerator, infinite denominator', () => {
    // c = d = 0: inf of c's sign times each part
    expect(divideComplex128(1, -2, -0, 0)).toEqual([-inf, inf]);
    // |c| = |d| = inf, finite numerator: r = inf/inf = NaN → 0·(1·1 + 1·1), 0·(1·1 − 1·1)
    expect(divideComplex128(1, 1, inf, inf)).toEqual([0, 0]);
    // inf + NaN·i over 1: Smith gives NaN, NaN; a infinite, c and d finite → inf·(1·1), inf·(0·1 − 1·0)
    const [re, im] = divideComplex128(inf, Number.NaN, 1, 0);
    expect(re).toBe(inf);
    expect(im).toBeNaN();
    // both NaN with nothing to repair stays NaN
    expect(divideComplex64(Number.NaN, Number.NaN, 1, 1).every(Number.isNaN)).toBe(true);
  });

  it('each multiply-add of the Smith step rounds once (fused), in both widths', () => {
    // (a + bi)/(1 + ri) with |1| ≥ |r|: ratio r, t = r·r + 1 → 1, re = (r·b + a)/t. r·b is just
    // below half an ulp of a = 1 + ulp, whose mantissa is odd: fused, the sum is just below the
    // tie and rounds down to a; rounding r·b first makes it exactly the tie, which rounds to even
    // (a + ulp) — the unfused answer XLA:CPU does not give on an FMA host.
    const r32 = 2 ** -24 * (1 - 2 ** -15);
    expect(divideComplex64(1 + 2 ** -23, 1 + 2 ** -15, 1, r32)[0]).toBe(1 + 2 ** -23);
    const r64 = 2 ** -53 * (1 - 2 ** -30);
    expect(divideComplex128(1 + 2 ** -52, 1 + 2 ** -30, 1, r64)[0]).toBe(1 + 2 ** -52);
  });
});
