/**
 * WGSL building blocks shared by every kernel: element access on packed 32-bit words, 64-bit
 * integer pairs, and IEEE arithmetic done in integer operations (soft float) so results never
 * depend on a GPU's rounding, denormal flushing or NaN handling: every float reducer gives the
 * bits the CPU path gives (add / sub / mul return a NaN operand by the call's NaN rule, FloatNaN
 * in core/kernels.ts; invalid operations and Math.min/max of a NaN give 0xFFC00000; 16-bit
 * floats compute in f32 — exact, 24 ≥ 2·11 + 2 — and round once).
 */
import { type FloatMinMax, type FloatNaN, isNaNRule, nanRuleText } from '../../core/kernels.js';
import type { FloatNaNOrder } from '../../core/types.js';
import { InvalidArgumentError } from '../../errors.js';
import type { DType } from '../../tensor/dtype.js';

/** Bytes per element of a dtype as stored on the GPU (the CPU's own storage layout). */
export function elementBytes(dtype: DType): 1 | 2 | 4 | 8 {
  switch (dtype) {
    case 'float64':
    case 'int64':
    case 'uint64':
      return 8;
    case 'float32':
    case 'int32':
    case 'uint32':
      return 4;
    case 'float16':
    case 'bfloat16':
    case 'int16':
    case 'uint16':
      return 2;
    default:
      return 1;
  }
}

/** The WGSL type of one element's bits: a u32 (≤ 4 bytes) or a (lo, hi) pair. */
export const elemType = (bytes: number) => (bytes === 8 ? 'vec2<u32>' : 'u32');

/** `fn ld_<name>(e: u32) -> E`: element e of a packed buffer named `name`. */
export function loader(name: string, bytes: number): string {
  const body =
    bytes === 8
      ? `return vec2<u32>(${name}[2u * e], ${name}[2u * e + 1u]);`
      : bytes === 4
        ? `return ${name}[e];`
        : bytes === 2
          ? `return (${name}[e >> 1u] >> ((e & 1u) * 16u)) & 0xFFFFu;`
          : `return (${name}[e >> 2u] >> ((e & 3u) * 8u)) & 0xFFu;`;
  return `fn ld_${name}(e: u32) -> ${elemType(bytes)} { ${body} }`;
}

/** Soft-float and 64-bit helpers (only what the kernels call is compiled in by Dawn's DCE). */
export const LIB = /* wgsl */ `
const SIGN: u32 = 0x80000000u;
const DEFAULT_NAN: u32 = 0xFFC00000u;

fn add64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  let lo = a.x + b.x;
  return vec2<u32>(lo, a.y + b.y + select(0u, 1u, lo < a.x));
}
fn sub64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  return vec2<u32>(a.x - b.x, a.y - b.y - select(0u, 1u, a.x < b.x));
}
fn shl64(a: vec2<u32>, n: u32) -> vec2<u32> {
  if (n == 0u) { return a; }
  if (n >= 64u) { return vec2<u32>(0u, 0u); }
  if (n >= 32u) { return vec2<u32>(0u, a.x << (n - 32u)); }
  return vec2<u32>(a.x << n, (a.y << n) | (a.x >> (32u - n)));
}
fn shr64(a: vec2<u32>, n: u32) -> vec2<u32> {
  if (n == 0u) { return a; }
  if (n >= 64u) { return vec2<u32>(0u, 0u); }
  if (n >= 32u) { return vec2<u32>(a.y >> (n - 32u), 0u); }
  return vec2<u32>((a.x >> n) | (a.y << (32u - n)), a.y >> n);
}
fn bit64(a: vec2<u32>, i: u32) -> bool {
  if (i >= 64u) { return false; }
  if (i >= 32u) { return ((a.y >> (i - 32u)) & 1u) == 1u; }
  return ((a.x >> i) & 1u) == 1u;
}
// Any of the bits [0, n) set.
fn low64(a: vec2<u32>, n: u32) -> bool {
  if (n == 0u) { return false; }
  if (n >= 64u) { return a.x != 0u || a.y != 0u; }
  if (n >= 32u) { return a.x != 0u || (n > 32u && (a.y & ((1u << (n - 32u)) - 1u)) != 0u); }
  return (a.x & ((1u << n) - 1u)) != 0u;
}
fn clz64(a: vec2<u32>) -> u32 {
  if (a.y != 0u) { return countLeadingZeros(a.y); }
  return 32u + countLeadingZeros(a.x);
}
// Full 64-bit product of two u32 (16-bit limbs: no overflow anywhere).
fn mul32(a: u32, b: u32) -> vec2<u32> {
  let a0 = a & 0xFFFFu; let a1 = a >> 16u; let b0 = b & 0xFFFFu; let b1 = b >> 16u;
  let p00 = a0 * b0; let p01 = a0 * b1; let p10 = a1 * b0; let p11 = a1 * b1;
  let mid = (p00 >> 16u) + (p01 & 0xFFFFu) + (p10 & 0xFFFFu);
  return vec2<u32>((p00 & 0xFFFFu) | (mid << 16u), p11 + (p01 >> 16u) + (p10 >> 16u) + (mid >> 16u));
}
fn mul64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  let p = mul32(a.x, b.x);
  return vec2<u32>(p.x, p.y + a.x * b.y + a.y * b.x);
}
fn lt_i64(a: vec2<u32>, b: vec2<u32>) -> bool {
  if (a.y != b.y) { return bitcast<i32>(a.y) < bitcast<i32>(b.y); }
  return a.x < b.x;
}
fn lt_u64(a: vec2<u32>, b: vec2<u32>) -> bool {
  if (a.y != b.y) { return a.y < b.y; }
  return a.x < b.x;
}

// Rounds s * 2^e (s != 0) to nearest-even in a binary format with P fraction bits and maximum
// exponent EMAX (f32: 23, 127; f16: 10, 15; bf16: 7, 127); sign is already in place.
fn round_pack(sign: u32, s: vec2<u32>, e: i32, P: i32, EMAX: i32) -> u32 {
  let L = 63 - i32(clz64(s));
  let E = L + e;
  if (E > EMAX) { return sign | (u32(2 * EMAX + 1) << u32(P)); }
  let normal = E >= 1 - EMAX;
  var sh: i32;
  if (normal) { sh = L - P; } else { sh = (1 - EMAX - P) - e; }
  var m: u32;
  if (sh <= 0) {
    m = shl64(s, u32(-sh)).x;
  } else {
    m = shr64(s, u32(sh)).x;
    let rb = bit64(s, u32(sh - 1));
    let st = low64(s, u32(sh - 1));
    if (rb && (st || (m & 1u) == 1u)) { m = m + 1u; }
  }
  if (normal) { return sign | ((u32(E + EMAX - 1) << u32(P)) + m); }
  return sign | m;
}

struct Unpacked { m: u32, e: i32 }
// Finite f32 bits → m * 2^e.
fn unpack32(x: u32) -> Unpacked {
  let ex = (x >> 23u) & 0xFFu;
  let fr = x & 0x7FFFFFu;
  if (ex == 0u) { return Unpacked(fr, -149); }
  return Unpacked(fr | 0x800000u, i32(ex) - 150);
}
fn is_nan32(x: u32) -> bool { return (x & 0x7FFFFFFFu) > 0x7F800000u; }
fn is_inf32(x: u32) -> bool { return (x & 0x7FFFFFFFu) == 0x7F800000u; }
fn is_zero32(x: u32) -> bool { return (x & 0x7FFFFFFFu) == 0u; }
fn quiet32(x: u32) -> u32 { return x | 0x400000u; }

// Rounds s * 2^e (s != 0) to the nearest-even f32, in 32-bit integer operations only (the hot
// path of every float32 reducer; round_pack is the general one); sign is already in place.
fn round32(sign: u32, s: u32, e: i32) -> u32 {
  let L = 31 - i32(countLeadingZeros(s));
  let E = L + e;
  if (E > 127) { return sign | 0x7F800000u; }
  let normal = E >= -126;
  var sh: i32;
  if (normal) { sh = L - 23; } else { sh = -149 - e; }
  var m: u32;
  if (sh <= 0) {
    m = s << u32(-sh);
  } else if (sh < 32) {
    m = s >> u32(sh);
    let rem = s & ((1u << u32(sh)) - 1u);
    let half = 1u << u32(sh - 1);
    if (rem > half || (rem == half && (m & 1u) == 1u)) { m = m + 1u; }
  } else {
    // Below half the smallest subnormal, except just above it when sh is 32.
    m = select(0u, 1u, sh == 32 && s > 0x80000000u);
  }
  if (normal) { return sign | ((u32(E + 126) << 23u) + m); }
  return sign | m;
}

// a + b for finite non-NaN operands (zeros and infinities handled by the callers): mantissas
// with 6 guard bits in one u32, the smaller one shifted down with its lost bits kept as a
// sticky bit (below the rounding position whenever bits are lost), then one rounding.
fn fadd_core(a: u32, b: u32) -> u32 {
  if (is_zero32(a) && is_zero32(b)) { return a & b; }
  if (is_zero32(a)) { return b; }
  if (is_zero32(b)) { return a; }
  var x = a; var y = b;
  if ((b & 0x7FFFFFFFu) > (a & 0x7FFFFFFFu)) { x = b; y = a; }
  let ex = (x >> 23u) & 0xFFu; let ey = (y >> 23u) & 0xFFu;
  var mx = (x & 0x7FFFFFu) << 6u; var my = (y & 0x7FFFFFu) << 6u;
  if (ex != 0u) { mx = mx | 0x20000000u; }
  if (ey != 0u) { my = my | 0x20000000u; }
  // A subnormal has the exponent of the smallest normal, without the implicit bit.
  let fx = max(ex, 1u); let fy = max(ey, 1u);
  let d = fx - fy;
  if (d >= 31u) {
    my = select(0u, 1u, my != 0u);
  } else if (d > 0u) {
    let lost = (my & ((1u << d) - 1u)) != 0u;
    my = (my >> d) | select(0u, 1u, lost);
  }
  var s: u32;
  if ((x & SIGN) == (y & SIGN)) { s = mx + my; } else { s = mx - my; }
  if (s == 0u) { return 0u; }
  return round32(x & SIGN, s, i32(fx) - 156);
}
// Finite nonzero f32 bits → m * 2^e with bit 23 of m set (subnormals normalised).
fn unpack32n(x: u32) -> Unpacked {
  let u = unpack32(x);
  let z = countLeadingZeros(u.m) - 8u;
  return Unpacked(u.m << z, u.e - i32(z));
}
fn fadd_inf(a: u32, b: u32) -> u32 {
  if (is_inf32(a) && is_inf32(b)) { return select(DEFAULT_NAN, a, a == b); }
  if (is_inf32(a)) { return a; }
  if (is_inf32(b)) { return b; }
  return fadd_core(a, b);
}
fn f32_add(a: u32, b: u32) -> u32 {
  let na = is_nan32(a); let nb = is_nan32(b);
  if (nb) { return quiet32(b); }
  if (na) { return quiet32(a); }
  return fadd_inf(a, b);
}
fn f32_sub(a: u32, b: u32) -> u32 {
  if (is_nan32(a)) { return quiet32(a); }
  if (is_nan32(b)) { return quiet32(b); }
  return fadd_inf(a, b ^ SIGN);
}
fn f32_mul(a: u32, b: u32) -> u32 {
  if (is_nan32(b)) { return quiet32(b); }
  if (is_nan32(a)) { return quiet32(a); }
  let sign = (a ^ b) & SIGN;
  if (is_inf32(a) || is_inf32(b)) {
    if (is_zero32(a) || is_zero32(b)) { return DEFAULT_NAN; }
    return sign | 0x7F800000u;
  }
  if (is_zero32(a) || is_zero32(b)) { return sign; }
  // Normalised 24-bit mantissas: a 48-bit product, its top 32 bits with a sticky bit.
  let ua = unpack32n(a); let ub = unpack32n(b);
  let p = mul32(ua.m, ub.m);
  let s = (p.y << 16u) | (p.x >> 16u) | select(0u, 1u, (p.x & 0xFFFFu) != 0u);
  return round32(sign, s, ua.e + ub.e + 16);
}
// Total-order key: -0 sorts before +0, as Math.min/max treat them.
fn fkey32(x: u32) -> u32 { return select(x | SIGN, ~x, (x & SIGN) != 0u); }
fn f32_min(a: u32, b: u32) -> u32 {
  if (is_nan32(a) || is_nan32(b)) { return DEFAULT_NAN; }
  return select(b, a, fkey32(a) <= fkey32(b));
}
fn f32_max(a: u32, b: u32) -> u32 {
  if (is_nan32(a) || is_nan32(b)) { return DEFAULT_NAN; }
  return select(b, a, fkey32(a) >= fkey32(b));
}
// x > y for non-NaN bits, IEEE-style: +0 and -0 are equal.
fn fgt32(x: u32, y: u32) -> bool { return !(is_zero32(x) && is_zero32(y)) && fkey32(x) > fkey32(y); }

fn f16_to_f32(h: u32) -> u32 {
  let sign = (h & 0x8000u) << 16u;
  let ex = (h >> 10u) & 0x1Fu;
  let fr = h & 0x3FFu;
  if (ex == 0x1Fu) { return sign | 0x7F800000u | (fr << 13u); }
  if (ex == 0u) {
    if (fr == 0u) { return sign; }
    return round_pack(sign, vec2<u32>(fr, 0u), -24, 23, 127);
  }
  return sign | ((ex + 112u) << 23u) | (fr << 13u);
}
// f32 bits (not NaN) → the bits of a 16-bit float with P mantissa bits, exponent bias EMAX and
// infinity bits inf, rounded to nearest even: f16 and bfloat16 differ only in these three.
fn f32_to_half(x: u32, inf: u32, P: i32, EMAX: i32) -> u32 {
  let sign = (x >> 16u) & 0x8000u;
  if (is_inf32(x)) { return sign | inf; }
  if (is_zero32(x)) { return sign; }
  let u = unpack32(x);
  return round_pack(sign, vec2<u32>(u.m, 0u), u.e, P, EMAX);
}
fn f32_to_f16(x: u32) -> u32 { return f32_to_half(x, 0x7C00u, 10, 15); }
fn f32_to_bf16(x: u32) -> u32 { return f32_to_half(x, 0x7F80u, 7, 127); }
`;

/**
 * WGSL statements returning the NaN result of an operation on bits a, b (decoded x, y) under
 * the CPU's NaN rule (FloatNaN): which operand's NaN, quieted, or the default NaN with a sign.
 */
function nanStatements(rule: FloatNaNOrder, quiet: string, sign: string, canon: string): string {
  switch (rule) {
    case 'update_first':
    case 'update_first_re': // the same on real elements (the GPU has no complex ones)
      return `if (is_nan32(y)) { return b | ${quiet}; } if (is_nan32(x)) { return a | ${quiet}; }`;
    case 'self_first_sign':
      return `if (is_nan32(x)) { return (a & ${sign}) | ${canon}; } if (is_nan32(y)) { return (b & ${sign}) | ${canon}; }`;
    case 'update_first_sign':
      return `if (is_nan32(y)) { return (b & ${sign}) | ${canon}; } if (is_nan32(x)) { return (a & ${sign}) | ${canon}; }`;
    case 'canonical':
      return `if (is_nan32(x) || is_nan32(y)) { return ${canon}; }`;
    case 'all_ones': // every bit of the element's width: the sign bit and all below it
      return `if (is_nan32(x) || is_nan32(y)) { return ${sign} | (${sign} - 1u); }`;
    default:
      return `if (is_nan32(x)) { return a | ${quiet}; } if (is_nan32(y)) { return b | ${quiet}; }`;
  }
}

/**
 * `fn red(a: E, b: E) -> E`: the reducer on one element's bits, exactly the CPU kernel's
 * result. `nan16` is the CPU's NaN bits for 16-bit floats (decode → float64 → encode).
 */
export function reducerFn(
  reducer: string,
  dtype: DType,
  nan16: number,
  minmax: FloatMinMax = 'ieee',
  nan: FloatNaN = 'self_first',
): string {
  const E = elemType(elementBytes(dtype));
  if (typeof nan !== 'string')
    return byPlace(nan, 'red', `(a: ${E}, b: ${E}) -> ${E}`, 'a, b', (order) =>
      reducerFn(reducer, dtype, nan16, minmax, order),
    );
  const head = `fn red(a: ${E}, b: ${E}) -> ${E}`;
  if (reducer === 'replace') return `${head} { return b; }`;
  // mean sums with add (and its NaN rule); meanFn divides at the end.
  if (reducer === 'mean') return reducerFn('add', dtype, nan16, minmax, nan);
  if (dtype === 'float64') return reducerFn64(head, reducer, minmax, nan);
  if (dtype === 'bool')
    return `${head} { return ${reducer === 'add' || reducer === 'max' ? 'a | b' : 'a & b'}; }`;
  const half = dtype === 'float16' || dtype === 'bfloat16';
  const up = (v: string) =>
    dtype === 'float16' ? `f16_to_f32(${v})` : dtype === 'bfloat16' ? `(${v} << 16u)` : v;
  if ((dtype === 'float32' || half) && (reducer === 'min' || reducer === 'max') && minmax !== 'ieee') {
    // The CPU's pick kernels: a NaN operand is returned as it is, a ±0 tie keeps self
    // (self_on_tie) or takes the update (update_on_tie); bits are never re-encoded.
    const body = pickStatements(reducer, minmax, 'is_nan32', 'fgt32');
    return `${head} { let x = ${up('a')}; let y = ${up('b')}; ${body} }`;
  }
  const arith = reducer === 'add' || reducer === 'sub' || reducer === 'mul';
  if (dtype === 'float32' && arith) {
    const fixed = { canonical: '0x7FC00000u', all_ones: '0xFFFFFFFFu' }[nan as string];
    const made = fixed ? ` if (is_nan32(r)) { return ${fixed}; }` : '';
    return `${head} { let x = a; let y = b; ${nanStatements(nan, '0x400000u', '0x80000000u', '0x7FC00000u')} let r = f32_${reducer}(a, b);${made} return r; }`;
  }
  if (dtype === 'float32') return `${head} { return f32_${reducer}(a, b); }`;
  if (half) {
    // A NaN operand comes back as itself, quieted (the CPU's 16-bit kernels); a NaN the
    // operation makes is x86's negative default NaN (\`nan16\`).
    const narrow = dtype === 'float16' ? 'f32_to_f16' : 'f32_to_bf16';
    const quiet = dtype === 'float16' ? '0x200u' : '0x40u';
    const canon = `${nan16 & 0x7fff}u`;
    const made = nan === 'canonical' ? canon : nan === 'all_ones' ? '0xFFFFu' : `${nan16}u`;
    return `${head} { let x = ${up('a')}; let y = ${up('b')}; ${nanStatements(nan, quiet, '0x8000u', canon)} let r = f32_${reducer}(x, y); if (is_nan32(r)) { return ${made}; } return ${narrow}(r); }`;
  }
  if (dtype === 'int64' || dtype === 'uint64') {
    const lt = dtype === 'int64' ? 'lt_i64' : 'lt_u64';
    const body = {
      add: 'return add64(a, b);',
      sub: 'return sub64(a, b);',
      mul: 'return mul64(a, b);',
      min: `if (${lt}(b, a)) { return b; } return a;`,
      max: `if (${lt}(a, b)) { return b; } return a;`,
    }[reducer];
    return `${head} { ${body} }`;
  }
  // ≤ 32-bit integers: wrap in 32 bits, keep the dtype's width; compare sign-extended.
  const bits = elementBytes(dtype) * 8;
  const signed = dtype.startsWith('int');
  const mask = bits === 32 ? '0xFFFFFFFFu' : `${(2 ** bits - 1).toString()}u`;
  const ext = (v: string) =>
    signed
      ? bits === 32
        ? `bitcast<i32>(${v})`
        : `(bitcast<i32>(${v} << ${32 - bits}u) >> ${32 - bits}u)`
      : v;
  const body = {
    add: `return (a + b) & ${mask};`,
    sub: `return (a - b) & ${mask};`,
    mul: `return (a * b) & ${mask};`,
    min: `if (${ext('b')} < ${ext('a')}) { return b; } return a;`,
    max: `if (${ext('b')} > ${ext('a')}) { return b; } return a;`,
  }[reducer];
  return `${head} { ${body} }`;
}

/** The CPU's pick rules (FloatMinMax) as WGSL statements on decoded x, y and bits a, b. */
function pickStatements(reducer: string, minmax: FloatMinMax, nanOf: string, gt: string): string {
  const wins = reducer === 'max' ? `${gt}(y, x)` : `${gt}(x, y)`; // the update beats self
  const loses = reducer === 'max' ? `${gt}(x, y)` : `${gt}(y, x)`; // self beats the update
  if (minmax === 'self_on_tie')
    return `if (${nanOf}(y)) { return b; } if (${nanOf}(x)) { return a; } return select(a, b, ${wins});`;
  if (minmax === 'self_on_tie_keep_nan')
    return `if (${nanOf}(x)) { return a; } if (${nanOf}(y)) { return b; } return select(a, b, ${wins});`;
  return `if (${nanOf}(x)) { return a; } if (${nanOf}(y)) { return b; } return select(b, a, ${loses});`;
}

/** float64 reducers on (lo, hi) bits (softfloat64.ts), NaN operands by the call's rule (the CPU's nanFix). */
function reducerFn64(head: string, reducer: string, minmax: FloatMinMax, nan: FloatNaNOrder): string {
  if (reducer === 'min' || reducer === 'max') {
    if (minmax === 'ieee') return `${head} { return f64_${reducer}(a, b); }`;
    return `${head} { let x = a; let y = b; ${pickStatements(reducer, minmax, 'is_nan64', 'fgt64')} }`;
  }
  const canon = 'vec2<u32>(0u, 0x7FF80000u)';
  const ones = 'vec2<u32>(0xFFFFFFFFu, 0xFFFFFFFFu)';
  const signed = (v: string) => `vec2<u32>(0u, (${v}.y & SIGN) | 0x7FF80000u)`;
  const operands = {
    update_first: 'if (is_nan64(b)) { return quiet64(b); } if (is_nan64(a)) { return quiet64(a); }',
    update_first_re: 'if (is_nan64(b)) { return quiet64(b); } if (is_nan64(a)) { return quiet64(a); }',
    self_first_sign: `if (is_nan64(a)) { return ${signed('a')}; } if (is_nan64(b)) { return ${signed('b')}; }`,
    update_first_sign: `if (is_nan64(b)) { return ${signed('b')}; } if (is_nan64(a)) { return ${signed('a')}; }`,
    canonical: `if (is_nan64(a) || is_nan64(b)) { return ${canon}; }`,
    all_ones: `if (is_nan64(a) || is_nan64(b)) { return ${ones}; }`,
    self_first: 'if (is_nan64(a)) { return quiet64(a); } if (is_nan64(b)) { return quiet64(b); }',
  }[nan];
  const fixed = nan === 'canonical' ? canon : nan === 'all_ones' ? ones : undefined;
  const made = fixed ? ` if (is_nan64(r)) { return ${fixed}; }` : '';
  return `${head} { ${operands} let r = f64_${reducer}(a, b);${made} return r; }`;
}

/**
 * The hardware f32 operator that gives a float32 reducer's exact bits whenever both operands
 * and the result are normal numbers (WGSL's accuracy table: f32 +, - and * are correctly
 * rounded; only zeros, subnormals, which a GPU may flush, infinities and NaNs differ), or
 * undefined when the reducer has no such operator.
 */
export function nativeOp(reducer: string, dtype: DType): '+' | '-' | '*' | undefined {
  if (dtype !== 'float32') return undefined;
  return ({ add: '+', sub: '-', mul: '*' } as const)[reducer as 'add' | 'sub' | 'mul'];
}

/** The private variable a rule by place reads: the flat result offset of the element being folded. */
export const PLACE_VAR = 'red_t';

/**
 * A NaN order by place in the row (PlacedNaN: PyTorch's vector loops, onnxruntime's two-element
 * steps) as WGSL: `<name>_b<k>` built for band k's order, and `<name>` choosing the band by the
 * place ⌊red_t / stride⌋ mod row of the element the fold sets in `red_t` (applyKernel), as the
 * CPU's nanOrderAt does. A malformed rule is refused, typed.
 */
function byPlace(
  rule: FloatNaN,
  name: string,
  signature: string,
  args: string,
  build: (order: FloatNaNOrder) => string,
): string {
  if (typeof rule === 'string' || !isNaNRule(rule))
    throw new InvalidArgumentError(
      'webgpu.float_nan',
      `WebGPU backend: ${nanRuleText(rule)} is no NaN rule by place (webgpu.float_nan)`,
    );
  const last = rule.bands.length - 1;
  const bands = rule.bands.map(([, order], k) => build(order).replace(`fn ${name}(`, `fn ${name}_b${k}(`));
  const arms = rule.bands.map(([end], k) =>
    k === last ? `return ${name}_b${k}(${args});` : `if (p < ${end}u) { return ${name}_b${k}(${args}); }`,
  );
  return `${bands.join('\n')}
fn ${name}${signature} {
  let p = (${PLACE_VAR} / ${rule.stride ?? 1}u) % ${rule.row}u;
  ${arms.join('\n  ')}
}`;
}

/**
 * `fn fin(a: E, n: u32) -> E`: mean's last step, every element divided by its count n (1 for an
 * untouched one), exactly as the CPU's divideByCounts: floats rounded once (±inf or ±0 kept as
 * they are, a NaN made as `nan` makes one of a single NaN operand: nanOfOne), integers floored.
 */
export function meanFn(dtype: DType, nan: FloatNaN = 'self_first'): string {
  const E = elemType(elementBytes(dtype));
  if (typeof nan !== 'string')
    return byPlace(nan, 'fin', `(a: ${E}, n: u32) -> ${E}`, 'a, n', (order) => meanFn(dtype, order));
  const head = `fn fin(a: ${E}, n: u32) -> ${E}`;
  const keep = (x: string) => `if (is_inf32(${x}) || is_zero32(${x})) { return a; }`;
  // The rule's NaN of one NaN operand `a`: a fixed NaN, its sign only, or `a` quieted.
  const one = (quiet: string, sign: string, canon: string, ones: string) =>
    nan === 'canonical'
      ? canon
      : nan === 'all_ones'
        ? ones
        : nan === 'self_first_sign' || nan === 'update_first_sign'
          ? `(a & ${sign}) | ${canon}`
          : `a | ${quiet}`;
  const nan16 = (quiet: string, canon: string) =>
    `if (is_nan32(x)) { return ${one(quiet, '0x8000u', canon, '0xFFFFu')}; }`;
  switch (dtype) {
    case 'float64': {
      const v = (hi: string, lo = '0u') => `vec2<u32>(${lo}, ${hi})`;
      const made = one(v('0x80000u'), v('SIGN'), v('0x7FF80000u'), v('0xFFFFFFFFu', '0xFFFFFFFFu'));
      return `${head} { if (is_nan64(a)) { return ${made}; } return f64_div_count(a, n); }`;
    }
    case 'float32': {
      const made = one('0x400000u', 'SIGN', '0x7FC00000u', '0xFFFFFFFFu');
      return `${head} { if (is_nan32(a)) { return ${made}; } ${keep('a')} return f32_div_count(a, a & SIGN, n, 23, 127); }`;
    }
    case 'float16':
      return `${head} { let x = f16_to_f32(a); ${nan16('0x200u', '0x7E00u')} ${keep('x')} return f32_div_count(x, a & 0x8000u, n, 10, 15); }`;
    case 'bfloat16':
      return `${head} { let x = a << 16u; ${nan16('0x40u', '0x7FC0u')} ${keep('x')} return f32_div_count(x, a & 0x8000u, n, 7, 127); }`;
    case 'int64':
      return `${head} { return floordiv_i64(a, n); }`;
    case 'uint64':
      return `${head} { return udiv64(a, n); }`;
  }
  const bits = elementBytes(dtype) * 8;
  if (!dtype.startsWith('int')) return `${head} { return a / n; }`;
  const mask = bits === 32 ? '0xFFFFFFFFu' : `${2 ** bits - 1}u`;
  const ext = bits === 32 ? 'bitcast<i32>(a)' : `bitcast<i32>(a << ${32 - bits}u) >> ${32 - bits}u`;
  return `${head} { let v = ${ext}; let c = i32(n); var q = v / c; if (v < 0 && q * c != v) { q = q - 1; } return bitcast<u32>(q) & ${mask}; }`;
}
