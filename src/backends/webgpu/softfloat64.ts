/**
 * float64 arithmetic in WGSL on (lo, hi) pairs of u32 words, integer operations only (WGSL has
 * no f64): add, sub, mul, min/max, compares, and the division by an update count that `mean`
 * finishes with (for every float width). Results are the IEEE binary64 results the CPU stores:
 * round to nearest even, subnormals kept (never flushed), signed zeros, infinities. NaN
 * operands are the caller's (reducerFn applies the call's NaN rule first); a NaN these functions
 * make (inf - inf, 0 * inf, min/max of a NaN) is x86's default NaN 0xFFF8000000000000, the bits
 * V8 stores for such a result.
 *
 * Uses the 64-bit integer helpers of LIB (add64, shl64, clz64, mul32, round_pack, …).
 */
export const LIB64 = /* wgsl */ `
const DEFAULT_NAN64: vec2<u32> = vec2<u32>(0u, 0xFFF80000u);

fn mag64(x: vec2<u32>) -> vec2<u32> { return vec2<u32>(x.x, x.y & 0x7FFFFFFFu); }
fn is_nan64(x: vec2<u32>) -> bool {
  let h = x.y & 0x7FFFFFFFu;
  return h > 0x7FF00000u || (h == 0x7FF00000u && x.x != 0u);
}
fn is_inf64(x: vec2<u32>) -> bool { return (x.y & 0x7FFFFFFFu) == 0x7FF00000u && x.x == 0u; }
fn is_zero64(x: vec2<u32>) -> bool { return (x.y & 0x7FFFFFFFu) == 0u && x.x == 0u; }
fn quiet64(x: vec2<u32>) -> vec2<u32> { return vec2<u32>(x.x, x.y | 0x80000u); }

struct U64 { m: vec2<u32>, e: i32 }
// Finite f64 bits → m * 2^e (m < 2^53; a subnormal keeps its leading zeros).
fn unpack64(x: vec2<u32>) -> U64 {
  let ex = (x.y >> 20u) & 0x7FFu;
  let fr = vec2<u32>(x.x, x.y & 0xFFFFFu);
  if (ex == 0u) { return U64(fr, -1074); }
  return U64(vec2<u32>(fr.x, fr.y | 0x100000u), i32(ex) - 1075);
}
// Finite nonzero f64 bits → m * 2^e with bit 52 of m set (subnormals normalised).
fn unpack64n(x: vec2<u32>) -> U64 {
  let u = unpack64(x);
  let z = clz64(u.m) - 11u;
  return U64(shl64(u.m, z), u.e - i32(z));
}

// Rounds s * 2^e (s != 0) to the nearest-even binary64 value; sign (0 or SIGN) goes on top.
fn round_pack64(sign: u32, s: vec2<u32>, e: i32) -> vec2<u32> {
  let L = 63 - i32(clz64(s));
  let E = L + e;
  if (E > 1023) { return vec2<u32>(0u, sign | 0x7FF00000u); }
  let normal = E >= -1022;
  var sh: i32;
  if (normal) { sh = L - 52; } else { sh = -1074 - e; }
  var m: vec2<u32>;
  if (sh <= 0) {
    m = shl64(s, u32(-sh));
  } else {
    m = shr64(s, u32(sh));
    let rb = bit64(s, u32(sh - 1));
    let st = low64(s, u32(sh - 1));
    if (rb && (st || (m.x & 1u) == 1u)) { m = add64(m, vec2<u32>(1u, 0u)); }
  }
  // The implicit bit of m adds one to the biased exponent (E + 1022 + 1); a rounding carry
  // out of the fraction moves on into the exponent (up to infinity), as it must.
  if (normal) { m = add64(m, vec2<u32>(0u, u32(E + 1022) << 20u)); }
  return vec2<u32>(m.x, m.y | sign);
}

// a + b for finite operands (no NaN, no infinity).
fn fadd64_core(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  if (is_zero64(a) && is_zero64(b)) { return vec2<u32>(0u, a.y & b.y); }
  if (is_zero64(a)) { return b; }
  if (is_zero64(b)) { return a; }
  var x = a; var y = b;
  if (lt_u64(mag64(a), mag64(b))) { x = b; y = a; }
  let ux = unpack64(x); let uy = unpack64(y);
  let d = u32(ux.e - uy.e);
  // x moves up by at most 10 bits (63 bits in all); y moves down the rest, its lost bits kept
  // as a sticky bit far below the rounding position.
  let s = min(d, 10u);
  let A = shl64(ux.m, s);
  var B = uy.m;
  let rs = d - s;
  if (rs > 0u) {
    let lost = low64(B, rs);
    B = shr64(B, rs);
    if (lost) { B.x = B.x | 1u; }
  }
  var S: vec2<u32>;
  if ((x.y & SIGN) == (y.y & SIGN)) { S = add64(A, B); } else { S = sub64(A, B); }
  if (S.x == 0u && S.y == 0u) { return vec2<u32>(0u, 0u); }
  return round_pack64(x.y & SIGN, S, ux.e - i32(s));
}
fn fadd64_inf(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  if (is_inf64(a) && is_inf64(b)) { return select(DEFAULT_NAN64, a, a.y == b.y); }
  if (is_inf64(a)) { return a; }
  if (is_inf64(b)) { return b; }
  return fadd64_core(a, b);
}
fn f64_add(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  if (is_nan64(a)) { return quiet64(a); }
  if (is_nan64(b)) { return quiet64(b); }
  return fadd64_inf(a, b);
}
fn f64_sub(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  if (is_nan64(a)) { return quiet64(a); }
  if (is_nan64(b)) { return quiet64(b); }
  return fadd64_inf(a, vec2<u32>(b.x, b.y ^ SIGN));
}
fn f64_mul(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  if (is_nan64(a)) { return quiet64(a); }
  if (is_nan64(b)) { return quiet64(b); }
  let sign = (a.y ^ b.y) & SIGN;
  if (is_inf64(a) || is_inf64(b)) {
    if (is_zero64(a) || is_zero64(b)) { return DEFAULT_NAN64; }
    return vec2<u32>(0u, sign | 0x7FF00000u);
  }
  if (is_zero64(a) || is_zero64(b)) { return vec2<u32>(0u, sign); }
  let ua = unpack64n(a); let ub = unpack64n(b);
  // The 106-bit product of two normalised 53-bit mantissas as four words w0..w3.
  let p00 = mul32(ua.m.x, ub.m.x);
  let p01 = mul32(ua.m.x, ub.m.y);
  let p10 = mul32(ua.m.y, ub.m.x);
  let p11 = mul32(ua.m.y, ub.m.y);
  let mid = add64(add64(vec2<u32>(p00.y, 0u), vec2<u32>(p01.x, 0u)), vec2<u32>(p10.x, 0u));
  let hi = add64(add64(add64(p11, vec2<u32>(p01.y, 0u)), vec2<u32>(p10.y, 0u)), vec2<u32>(mid.y, 0u));
  // Its top 64 bits (the product is in [2^104, 2^106): bits 42..105) and a sticky bit.
  var t = vec2<u32>((mid.x >> 10u) | (hi.x << 22u), (hi.x >> 10u) | (hi.y << 22u));
  if (p00.x != 0u || (mid.x & 0x3FFu) != 0u) { t.x = t.x | 1u; }
  return round_pack64(sign, t, ua.e + ub.e + 42);
}

// Total-order key of non-NaN bits: -0 below +0, as Math.min / Math.max order them.
fn fkey64(x: vec2<u32>) -> vec2<u32> {
  if ((x.y & SIGN) != 0u) { return vec2<u32>(~x.x, ~x.y); }
  return vec2<u32>(x.x, x.y | SIGN);
}
fn f64_min(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  if (is_nan64(a) || is_nan64(b)) { return DEFAULT_NAN64; }
  return select(a, b, lt_u64(fkey64(b), fkey64(a)));
}
fn f64_max(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  if (is_nan64(a) || is_nan64(b)) { return DEFAULT_NAN64; }
  return select(a, b, lt_u64(fkey64(a), fkey64(b)));
}
// x > y for non-NaN bits, IEEE-style: +0 and -0 are equal.
fn fgt64(x: vec2<u32>, y: vec2<u32>) -> bool {
  return !(is_zero64(x) && is_zero64(y)) && lt_u64(fkey64(y), fkey64(x));
}

// (m * 2^e) / c for m != 0 and 1 <= c < 2^31: a quotient q in [2^62, 2^64) whose bit 0 is
// sticky (set when the division is inexact), and the exponent of q's bit 0. Long division,
// one bit per step: the remainder stays below c, so it never overflows a u32.
struct Q64 { q: vec2<u32>, e: i32 }
fn div_count(m0: vec2<u32>, e0: i32, c: u32) -> Q64 {
  let z = clz64(m0);
  let n = shl64(m0, z);
  // n * 2^k / c < 2^64 with k one less than c's bit length.
  let k = 31u - countLeadingZeros(c);
  var r = 0u;
  var q = vec2<u32>(0u, 0u);
  for (var i = 0u; i < 64u + k; i++) {
    var bit = 0u;
    if (i < 64u && bit64(n, 63u - i)) { bit = 1u; }
    r = (r << 1u) | bit;
    q = shl64(q, 1u);
    if (r >= c) { r = r - c; q.x = q.x | 1u; }
  }
  if (r != 0u) { q.x = q.x | 1u; }
  return Q64(q, e0 - i32(z) - i32(k));
}
// mean's last step on float64 bits: a NaN stays as it is (x86's division returns it), ±inf and
// ±0 keep their sign, anything else is rounded once.
fn f64_div_count(a: vec2<u32>, c: u32) -> vec2<u32> {
  if (is_nan64(a) || is_inf64(a) || is_zero64(a)) { return a; }
  let u = unpack64(a);
  let q = div_count(u.m, u.e, c);
  return round_pack64(a.y & SIGN, q.q, q.e);
}
// The same on f32 bits, rounded to a format (its sign bit given in place) with P fraction bits and maximum exponent EMAX
// (f32 itself, or f16 / bf16 from their exact f32 values: one rounding, as the CPU's double
// division followed by a narrowing gives, 53 >= 2P + 2).
fn f32_div_count(a: u32, sign: u32, c: u32, P: i32, EMAX: i32) -> u32 {
  let u = unpack32(a);
  let q = div_count(vec2<u32>(u.m, 0u), u.e, c);
  return round_pack(sign, q.q, q.e, P, EMAX);
}
// Floor division of a 64-bit integer by c (mean on int64 / uint64), by long division.
fn udiv64(n: vec2<u32>, c: u32) -> vec2<u32> {
  var r = 0u;
  var q = vec2<u32>(0u, 0u);
  for (var i = 0u; i < 64u; i++) {
    r = (r << 1u) | select(0u, 1u, bit64(n, 63u - i));
    q = shl64(q, 1u);
    if (r >= c) { r = r - c; q.x = q.x | 1u; }
  }
  return q;
}
fn floordiv_i64(a: vec2<u32>, c: u32) -> vec2<u32> {
  if ((a.y & SIGN) == 0u) { return udiv64(a, c); }
  // -(ceil(|a| / c)) = -(floor((|a| + c - 1) / c)), in 64-bit wrapping arithmetic.
  let m = sub64(vec2<u32>(0u, 0u), a);
  let q = udiv64(add64(m, vec2<u32>(c - 1u, 0u)), c);
  return sub64(vec2<u32>(0u, 0u), q);
}
`;
