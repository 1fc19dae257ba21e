/**
 * Complex division as XLA computes it on CPU (the LLVM path of XLA:CPU, which JAX's `x / y` and
 * `x.at[i].divide(v)` run): Smith's algorithm, then a repair of a (NaN, NaN) result.
 *
 *   |c| < |d|:  r = c / d,  t = d + r·c,  re = (r·a + b) / t,  im = (r·b − a) / t
 *   otherwise:  r = d / c,  t = c + r·d,  re = (r·b + a) / t,  im = (b − r·a) / t
 *
 * for (a + bi) / (c + di). When both parts come out NaN, in this order:
 *   - c = d = 0 and a or b not NaN:      (a·s, b·s) with s = ±inf of c's sign
 *   - a or b infinite, c and d finite:   inf·(a'c + b'd), inf·(b'c − a'd), a' = ±1 of a's sign if
 *                                        |a| = inf else ±0 (b' alike)
 *   - c or d infinite, a and b finite:   0·(ac' + bd'), 0·(bc' − ad'), c', d' as a', b'
 *
 * XLA:CPU compiles with LLVM's FP-op fusion allowed ("always allow FMA fusion"), so on a host
 * with FMA each multiply-add of Smith's step is one fused operation: r·c + d, r·a + b, r·b − a
 * and b − r·a round once here too. The special cases' products are exact (a factor is ±0 or ±1),
 * so fusing them or not gives the same bits. Not checked against a live JAX (none here); a host
 * without FMA, or another XLA backend, can differ in the last bit of the Smith step. NaN payloads
 * are not modelled: the caller (ops/complex.ts) writes a NaN part as the default NaN.
 */
import { fma } from '../../core/fma.js';

/** a·c + z rounded once to float32, for float32 operands (a·c is exact in a double). */
function fma32(a: number, c: number, z: number): number {
  const p = a * c;
  const s = p + z;
  const r = Math.fround(s);
  if (!Number.isFinite(s) || !Number.isFinite(r)) return r;
  const bb = s - p;
  const t = p - (s - bb) + (z - bb); // p + z = s + t exactly (Knuth's two-sum)
  if (t === 0 || r === s) return r; // s is the exact sum, or a float32 the tail cannot move
  const other = 2 * s - r; // s's other float32 neighbour when s is exactly halfway
  if (Math.fround(other) !== other) return r;
  return t > 0 === other > r ? other : r; // the tail decides the tie s itself would break to even
}

/** One rounded step set of a component type: division and fused multiply-add. */
interface Arith {
  readonly div: (x: number, y: number) => number;
  readonly fma: (a: number, c: number, z: number) => number;
}

const copysign = (x: number, s: number) => (s < 0 || Object.is(s, -0) ? -Math.abs(x) : Math.abs(x));
const isInf = (x: number) => Math.abs(x) === Number.POSITIVE_INFINITY;
/** LLVM's ordered `|x| != inf`: false for NaN. */
const finite = (x: number) => Number.isFinite(x);

/** The special cases XLA substitutes when Smith's step gave (NaN, NaN); undefined: keep it. */
function repair(
  a: number,
  b: number,
  c: number,
  d: number,
  round: (x: number) => number,
): [number, number] | undefined {
  const inf = Number.POSITIVE_INFINITY;
  if (c === 0 && d === 0 && (!Number.isNaN(a) || !Number.isNaN(b))) {
    const s = copysign(inf, c);
    return [s * a, s * b];
  }
  if ((isInf(a) || isInf(b)) && finite(c) && finite(d)) {
    const as = copysign(isInf(a) ? 1 : 0, a);
    const bs = copysign(isInf(b) ? 1 : 0, b);
    return [inf * round(as * c + bs * d), inf * round(bs * c - as * d)];
  }
  if ((isInf(c) || isInf(d)) && finite(a) && finite(b)) {
    const cs = copysign(isInf(c) ? 1 : 0, c);
    const ds = copysign(isInf(d) ? 1 : 0, d);
    return [0 * round(a * cs + b * ds), 0 * round(b * cs - a * ds)];
  }
  return undefined;
}

function divideWith(
  m: Arith,
  round: (x: number) => number,
  a: number,
  b: number,
  c: number,
  d: number,
): [number, number] {
  let re: number;
  let im: number;
  if (Math.abs(c) < Math.abs(d)) {
    const r = m.div(c, d);
    const t = m.fma(r, c, d);
    re = m.div(m.fma(r, a, b), t);
    im = m.div(m.fma(r, b, -a), t);
  } else {
    const r = m.div(d, c);
    const t = m.fma(r, d, c);
    re = m.div(m.fma(r, b, a), t);
    im = m.div(m.fma(-r, a, b), t);
  }
  if (!Number.isNaN(re) || !Number.isNaN(im)) return [re, im];
  return repair(a, b, c, d, round) ?? [re, im];
}

const F32: Arith = { div: (x, y) => Math.fround(x / y), fma: fma32 };

/** (a + bi) / (c + di) in complex64 arithmetic (float32 parts), as XLA:CPU computes it. */
export function divideComplex64(a: number, b: number, c: number, d: number): [number, number] {
  return divideWith(F32, Math.fround, a, b, c, d);
}

const F64: Arith = { div: (x, y) => x / y, fma };

/** (a + bi) / (c + di) in complex128 arithmetic, as XLA:CPU computes it. */
export function divideComplex128(a: number, b: number, c: number, d: number): [number, number] {
  return divideWith(F64, (x) => x, a, b, c, d);
}
