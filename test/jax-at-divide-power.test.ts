/**
 * `x.at[idx].divide(v)` / `.power(v)` lower to JAX's own formula (jax/_src/numpy/array_methods.py):
 * `jnp.divide(x, ones_like(x).at[idx].multiply(v))` and `jnp.power(x, ones_like(x).at[idx].multiply(v))`,
 * a program — a splat of ones, the product scatter (`mul`), then `convert`s and the element-wise
 * divide / power — that every surface reads. No JAX runs here: each expected value is worked by
 * hand from that formula, jnp.true_divide's dtypes (dtypes.py `_dtype_to_inexact`) and
 * `_pow_int_int` (jax/_src/numpy/ufuncs.py: six rounds of binary exponentiation, so
 * x ** e = x^(e & 63) wrapped, and 0 for a zero base with e ≠ 0), written beside each case.
 */
import { describe, expect, it } from 'vitest';
import { vjp } from '../src/autodiff/index.js';
import { execute, stablehloText } from '../src/core/call.js';
import { toOnnx } from '../src/export/index.js';
import { type DType, type Tensor, jax, tensor } from '../src/index.js';
import { type ProgramCall, programOf } from '../src/ir/lowered.js';
import { runModule } from '../src/ir/run.js';
import { readModule } from '../src/stablehlo-text/index.js';
import { translate } from '../src/translate/index.js';
import { codeOf } from './helpers/errors.js';

const t = (v: unknown, d: DType) => tensor(v as never, d);
const i32 = (v: number[]) => t(v, 'int32');
const inf = Number.POSITIVE_INFINITY;
const NaN_ = Number.NaN;

/** The eager result, and the same call lowered then executed: one program, one answer. */
function both(x: Tensor, idx: Tensor, method: 'divide' | 'power', v: Tensor | number, o?: object): Tensor {
  const eager = jax.at(x, idx)[method](v as never, o as never) as Tensor;
  const lowered = jax.lower.at(x, idx)[method](v as never, o as never);
  expect(lowered.kind).toBe('program');
  const again = execute(lowered);
  expect(again.dtype).toBe(eager.dtype);
  expect(Array.from(again.data as ArrayLike<unknown>)).toEqual(Array.from(eager.data as ArrayLike<unknown>));
  return eager;
}
const values = (r: Tensor) => r.toArray() as unknown[];

describe('integer power: x^(product & 63), wrapped, as _pow_int_int', () => {
  it('int8: duplicates multiply, a negative or a 64 exponent gives a value, an out-of-bounds index drops', () => {
    const x = t([3, -2, 0, 2, 1, 3], 'int8');
    const r = both(x, i32([0, 0, 1, 2, 3, 5, 7]), 'power', t([2, 3, 7, -1, 64, -1, 9], 'int8'));
    expect(r.dtype).toBe('int8');
    // 3^(2·3) = 729 → 729 − 512 = 217 → −39; (−2)^7 = −128; 0^−1: zero base, e ≠ 0 → 0;
    // 2^64: 64 & 63 = 0 → 1 (the true power wraps to 0); 1 untouched; 3^−1: −1 & 63 = 63,
    // 3^63 mod 256 = 171 → −85; index 7 is out of bounds: dropped (FILL_OR_DROP).
    expect(values(r)).toEqual([-39, -128, 0, 1, 1, -85]);
  });

  it('int32: a negative exponent is x^63 wrapped (0 for 2, ±1 for ±1, 0 for 0)', () => {
    const r = both(i32([2, 3, -1, 1, 0]), i32([0, 1, 2, 3, 4]), 'power', -1);
    // 2^63 mod 2^32 = 0; 3^63 mod 2^32 = 2111105451; (−1)^63 = −1; 1; 0 with e ≠ 0 → 0.
    expect(values(r)).toEqual([0, 2111105451, -1, 1, 0]);
    // 3^64: 64 & 63 = 0 → 1; an exponent of 0 keeps 1 for a zero base (0^0 = 1).
    expect(values(both(i32([3, 0, 5]), i32([0, 1]), 'power', t([64, 0], 'int32')))).toEqual([1, 1, 5]);
    // A 0-d x (x.at[()]) takes the same traced path; eager JAX would take lax.integer_pow for a
    // concrete 0-d exponent instead (docs/jax.md, known departures).
    expect(jax.at(t(2, 'int32'), []).power(64).toArray()).toBe(1);
  });

  it('int64: 2^−1 is 2^63 wrapped; the product wraps modulo 2^64 before the power', () => {
    const x = t([2n, 5n, 7n], 'int64');
    const r = both(x, t([0n, 1n, 1n, 2n], 'int64'), 'power', t([-1n, 2n ** 32n, 2n ** 32n, 2n], 'int64'));
    // 2^63 → −2^63; 5^(2^64 mod 2^64 = 0) = 1; 7^2 = 49.
    expect(values(r)).toEqual([-(2n ** 63n), 1n, 49n]);
  });

  it('uint8: the product wraps to 0 (x^0 = 1), 255^2 = 1, 3^(255 & 63) = 3^63 mod 256', () => {
    const x = t([2, 255, 3, 0], 'uint8');
    const r = both(x, i32([0, 0, 1, 2, 3, 3]), 'power', t([16, 16, 2, 255, 16, 16], 'uint8'));
    // 16·16 = 256 → 0: 2^0 = 1; 255^2 = 65025 ≡ 1; 3^63 mod 256 = 171; 0^0 = 1.
    expect(values(r)).toEqual([1, 1, 171, 1]);
  });
});

describe('integer divide: float32 (float64 for 64-bit ints), x / product after convert', () => {
  it('int32 → float32: duplicates, a negative index from the end, x / 0 and 0 / 0', () => {
    const x = i32([7, -7, 5, 0, 2147483647]);
    const idx = i32([0, 0, 1, 3, 4, -1, 2]);
    const r = both(x, idx, 'divide', i32([2, 2, -2, 0, 3, 1, 0]));
    expect(r.dtype).toBe('float32');
    // 7/(2·2); −7/−2; 5/0 = inf; 0/0 = NaN; 2147483647 → 2^31 as float32, / (3·1) rounded to float32.
    expect(values(r)).toEqual([1.75, 3.5, inf, NaN_, Math.fround(2 ** 31 / 3)]);
    expect(Math.fround(2 ** 31 / 3)).toBe(715827904);
  });

  it('int64 → float64: x rounds to float64 first (2^53 + 1 → 2^53), the product wraps at 2^64', () => {
    const x = t([2n ** 53n + 1n, -9n, 4n, 5n], 'int64');
    const idx = t([0n, 1n, 1n, 3n, 3n], 'int64');
    const r = both(x, idx, 'divide', t([1n, 3n, -3n, 2n ** 32n, 2n ** 32n], 'int64'));
    expect(r.dtype).toBe('float64');
    // 2^53 + 1 is halfway between 2^53 and 2^53 + 2: ties to even → 2^53; −9/−9 = 1; 4 untouched;
    // 5 / (2^32 · 2^32 = 2^64 → 0 in int64) = inf, not 5/2^64.
    expect(values(r)).toEqual([2 ** 53, 1, 4, inf]);
  });

  it("uint64 → float64, mode 'clip' clamps an out-of-bounds index to the last element", () => {
    const x = t([2n ** 64n - 1n, 6n], 'uint64');
    const r = both(x, t([0n, 9n], 'int64'), 'divide', t([1n, 4n], 'uint64'), { mode: 'clip' });
    // 2^64 − 1 rounds to 2^64 in float64; 9 clamps to 1: 6/4.
    expect(values(r)).toEqual([2 ** 64, 1.5]);
    expect(values(jax.at(x, t([0n, 9n], 'int64')).divide(t([1n, 4n], 'uint64')))).toEqual([2 ** 64, 6]);
  });
});

describe('float divide / power: in x dtype, NaN, ±0 and ∞ as IEEE and C pow', () => {
  it('float16 divide: 1 / (0·−1 = −0) = −inf, −0 / 2 = −0, overflow to inf, NaN stays', () => {
    const x = t([1, -0, 65504, NaN_, 3], 'float16');
    const r = both(x, i32([0, 1, 2, 2, 3, 0]), 'divide', t([0, 2, 0.5, 0.5, 2, -1], 'float16'));
    expect(r.dtype).toBe('float16');
    const [a, b, c, d, e] = values(r) as number[];
    expect(a).toBe(-inf);
    expect(Object.is(b, -0)).toBe(true);
    expect([c, d, e]).toEqual([inf, NaN_, 3]); // 65504 / 0.25 = 262016 > float16's max
  });

  it('float16 power: 2^9, a negative base to a fraction is NaN, 1^NaN = 1 (C pow), 0^−1 = inf', () => {
    const x = t([2, -8, 1, 0], 'float16');
    const r = both(x, i32([0, 0, 1, 2, 3]), 'power', t([3, 3, 0.333, NaN_, -1], 'float16'));
    expect(values(r)).toEqual([512, NaN_, 1, inf]);
  });

  it('bfloat16 power: 2^0.5 rounds to 8 bits (1.4140625), (−0)^−1 = −inf, inf^0 = 1', () => {
    const x = t([2, -0, inf], 'bfloat16');
    const r = both(x, i32([0, 1, 1, 2]), 'power', t([0.5, -1, 1, 0], 'bfloat16'));
    expect(r.dtype).toBe('bfloat16');
    expect(values(r)).toEqual([1.4140625, -inf, 1]);
  });

  it('float32 divide: NaN / 2, inf / inf, −0 / −inf = +0; out-of-bounds and wrapped-still-out indices drop', () => {
    const x = t([NaN_, inf, -0, 6], 'float32');
    const r = both(x, i32([0, 1, 2, 3, 3, 10, -5]), 'divide', t([2, inf, -inf, 3, 0.5, 7, 7], 'float32'));
    const [a, b, c, d] = values(r) as number[];
    expect([a, b, d]).toEqual([NaN_, NaN_, 4]);
    expect(Object.is(c, 0)).toBe(true);
  });

  it('float64 power: (−1)^inf = 1 (C pow), 2^(0.5·0.5), 10^−2, 0.5^1e-300 = 1', () => {
    const x = t([-1, 2, 10, 0.5], 'float64');
    const r = both(x, i32([0, 1, 1, 2, 3]), 'power', t([inf, 0.5, 0.5, -2, 1e-300], 'float64'));
    expect(values(r)).toEqual([1, 1.189207115002721, 0.01, 1]);
  });

  it('a signalling NaN in an untouched element is quieted: every element is divided (x / 1)', () => {
    const x = tensor(new Float32Array(new Uint32Array([0x7f800001, 0x40000000]).buffer), 'float32');
    const r = both(x, i32([1]), 'divide', t([2], 'float32'));
    expect(Array.from(new Uint32Array((r.data as Float32Array).buffer))).toEqual([0x7fc00001, 0x3f800000]);
  });
});

describe('every surface reads the program', () => {
  const x = i32([7, 2, 3]);
  const idx = i32([0, 0, 2]);

  it('explain prints the splat of ones, the multiply scatter, the converts and the divide', () => {
    const call = jax.lower.at(x, idx).divide(i32([2, 2, 3])) as ProgramCall;
    // x itself is the program's argument (no cast or array of ones made at lowering).
    expect(call.args[0]).toBe(x);
    expect(call.argNames).toEqual(['x', 'indices', 'values']);
    const text = stablehloText(call);
    expect(text).toContain('stablehlo.broadcast_in_dim');
    expect(text).toContain('"stablehlo.scatter"');
    expect(text).toContain('"stablehlo.multiply"');
    expect(text).toMatch(/"stablehlo.convert"\(%x\)/);
    expect(text).toMatch(/"stablehlo.divide"\(%\d+, %\d+\) : \(tensor<3xf32>, tensor<3xf32>\)/);
    const back = runModule(readModule(text), programOf(call).args).results[0];
    expect(back.toArray()).toEqual([1.75, 2, 1]);
  });

  it("explain prints integer power as JAX's: and 63, power, and the zero-base select", () => {
    const call = jax.lower.at(x, idx).power(i32([2, 3, 64])) as ProgramCall;
    const text = stablehloText(call);
    for (const op of ['and', 'power', 'compare', 'select']) expect(text).toContain(`"stablehlo.${op}"`);
    expect(text).toContain('dense<63>');
    const back = runModule(readModule(text), programOf(call).args).results[0];
    // 7^6 = 117649; 2 untouched; 3^64 → 3^0 = 1.
    expect(back.toArray()).toEqual([117649, 2, 1]);
  });

  it('float power is one stablehlo.power on x and the product', () => {
    const call = jax.lower.at(t([2, 3], 'float32'), 0).power(3) as ProgramCall;
    expect(stablehloText(call)).toMatch(/"stablehlo.power"\(%x, %\d+\)/);
    expect(execute(call).toArray()).toEqual([8, 3]);
  });

  it('out receives the program result (float32 for an int32 divide)', () => {
    const out = t([0, 0, 0], 'float32');
    const r = jax.at(x, idx).divide(i32([2, 2, 3]), { out });
    expect(r).toBe(out);
    expect(out.toArray()).toEqual([1.75, 2, 1]);
  });

  it('ONNX export writes the program (test/export-at-programs.test.ts); translate and autodiff refuse it by their program rules', () => {
    const calls = [jax.lower.at(x, idx).divide(2), jax.lower.at(x, idx).power(2)];
    for (const call of calls) {
      expect(toOnnx(call as never)).toBeInstanceOf(Uint8Array);
      expect(codeOf(() => translate(call as never, 'numpy' as never))).toBe('translate.program');
      expect(codeOf(() => vjp(call as never))).toBe('autodiff.program');
    }
  });

  it('a complex power is refused at lowering (jax.at.power.dtype), after the index checks', () => {
    const z = tensor([{ re: 1, im: 1 }], 'complex64');
    expect(codeOf(() => jax.at(z, 0).power(2))).toBe('jax.at.power.dtype');
    expect(codeOf(() => jax.at(z, 5.5).power(2))).toBe('jax.at.index_dtype');
  });
});
