/**
 * A float64 fused multiply-add, a·c + z rounded once (ties to even), as x86's vfmadd computes it:
 * NumPy 1.24's and PyTorch 1.13's complex128 products fuse each part (core/complex-nan.ts). JS
 * has no fma, so it is built from exact pieces: Dekker's product a·c = p + e and Knuth's sum
 * p + z = s + t are exact; when t + e is exact too, s + (t + e) is the one rounding. Otherwise
 * (a tie of the final sum can hinge on a bit that t + e drops: complex-live seeds 231 and 312)
 * the exact sum is formed in BigInt and rounded once.
 */

/** Veltkamp's split of a double into two halves whose products are exact. */
export function split(x: number): [number, number] {
  const t = 134217729 * x; // 2^27 + 1
  const hi = t - (t - x);
  return [hi, x - hi];
}

/** Knuth's two-sum: x + y = s + err exactly. */
export function twoSum(x: number, y: number): [number, number] {
  const s = x + y;
  const bb = s - x;
  return [s, x - (s - bb) + (y - bb)];
}

/** a·c + z rounded once to float64. */
export function fma(a: number, c: number, z: number): number {
  const p = a * c;
  if (!Number.isFinite(a) || !Number.isFinite(c)) return p + z; // IEEE: inf·x and NaN propagate alike
  if (!Number.isFinite(z)) return z; // the exact product is finite: z (or its NaN) is the sum
  // Dekker's split and error term are exact only clear of overflow and of the subnormals.
  const big = 2 ** 995;
  const safe =
    Math.abs(p) < big &&
    Math.abs(p) > 2 ** -900 &&
    Math.abs(a) < big &&
    Math.abs(c) < big &&
    Math.abs(z) < big;
  if (!safe) return p === 0 && (a === 0 || c === 0) ? p + z : exactFma(a, c, z);
  const [ah, al] = split(a);
  const [ch, cl] = split(c);
  const e = ah * ch - p + ah * cl + al * ch + al * cl;
  if (e === 0) return p + z; // the product is exact: one rounding already (and IEEE's zero signs)
  const [s, t] = twoSum(p, z);
  const [v, w] = twoSum(t, e);
  return w === 0 ? s + v : exactFma(a, c, z);
}

/**
 * The exact value of a finite double as m·2^k (m a bigint): the one decoder for every exact
 * product-and-sum here and in the frontends (torch's fused scaled adds).
 */
export function exactDouble(x: number): [bigint, number] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const exp = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & 0xfffffffffffffn;
  const m = exp === 0 ? frac : frac | 0x10000000000000n;
  return [bits >> 63n ? -m : m, (exp === 0 ? 1 : exp) - 1075];
}

/** a·c + z for finite operands, summed exactly in BigInt and rounded once (subnormals, overflow). */
function exactFma(a: number, c: number, z: number): number {
  const [ma, ka] = exactDouble(a);
  const [mc, kc] = exactDouble(c);
  const [mz, kz] = exactDouble(z);
  const kp = ka + kc;
  const k = Math.min(kp, kz);
  const m = ((ma * mc) << BigInt(kp - k)) + (mz << BigInt(kz - k));
  if (m === 0n) return a * c + z; // an exact zero: IEEE's sign rule, as the rounded sum gives it
  return roundExact(m, k, 53, -1074);
}

/**
 * m·2^e rounded to the nearest value of `bits` significant bits and granularity 2^minE (ties to
 * even; overflow → ±inf): a double with (53, -1074), a float32's value with (24, -149).
 */
export function roundExact(m: bigint, e: number, bits: number, minE: number): number {
  const neg = m < 0n;
  let a = neg ? -m : m;
  // Keep `bits` significant bits, or fewer where the result is subnormal (granularity 2^minE).
  const shift = Math.max(a.toString(2).length - bits, minE - e);
  if (shift > 0) {
    const s = BigInt(shift);
    const half = 1n << (s - 1n);
    const rest = a & ((1n << s) - 1n);
    a >>= s;
    if (rest > half || (rest === half && (a & 1n) === 1n)) a += 1n;
    e += shift;
  }
  const r = Number(a) * 2 ** e; // exact: a has at most `bits` bits and e ≥ minE (or ±inf past the range)
  return neg ? -r : r;
}
