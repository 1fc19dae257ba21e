/**
 * `x.at[i].<method>(values)` into a complex `x`: JAX's `dtypes.safe_to_cast(values, x)` is
 * `result_type(values, x) == x.dtype` under standard promotion, and in JAX's lattice every integer
 * and every float narrower than float64 promotes with complex64 to complex64, float64 to complex128,
 * and complex64 with complex128 to complex128. So those casts are safe (no FutureWarning in JAX)
 * and the update runs; float64 → complex64 and complex128 → complex64 are not
 * (`jax.at.<method>.values_dtype`). Before, every non-bool cast into a complex `x` was refused.
 */
import { describe, expect, it } from 'vitest';
import { type DType, jax, tensor, zeros } from '../src/index.js';
import { codeOf } from './helpers/errors.js';

const at0 = (xd: DType, vd: DType, method = 'set') => {
  const ref = jax.at(zeros([3], xd), tensor([0, 2], 'int32')) as unknown as Record<
    string,
    (v: unknown) => { dtype: DType; toArray(): unknown }
  >;
  return () => ref[method](tensor([2, 1], vd));
};

/** x = zeros(3) with values [2, 1] written at [0, 2] (and added to, or multiplied into, zeros). */
const WRITTEN = [
  { re: 2, im: 0 },
  { re: 0, im: 0 },
  { re: 1, im: 0 },
];

describe('jax.at: safe casts into complex arrays', () => {
  const safe: [DType, DType][] = [
    ['complex64', 'float32'],
    ['complex64', 'float16'],
    ['complex64', 'bfloat16'],
    ['complex64', 'int32'],
    ['complex64', 'int64'],
    ['complex64', 'uint8'],
    ['complex128', 'float64'],
    ['complex128', 'float32'],
    ['complex128', 'complex64'],
    ['complex128', 'int64'],
  ];
  it.each(safe)('%s ← %s: the update runs, imaginary parts 0', (xd, vd) => {
    const r = at0(xd, vd)();
    expect(r.dtype).toBe(xd);
    expect(r.toArray()).toEqual(WRITTEN);
  });

  it('add and multiply take the same safe casts', () => {
    expect(at0('complex64', 'float32', 'add')().toArray()).toEqual(WRITTEN);
    expect(at0('complex128', 'int32', 'multiply')().dtype).toBe('complex128');
  });

  const unsafe: [DType, DType][] = [
    ['complex64', 'float64'],
    ['complex64', 'complex128'],
    ['float32', 'complex64'],
    ['float64', 'complex128'],
    ['int32', 'complex64'],
  ];
  it.each(unsafe)('%s ← %s is refused (jax.at.set.values_dtype)', (xd, vd) => {
    expect(codeOf(at0(xd, vd))).toBe('jax.at.set.values_dtype');
  });
});
