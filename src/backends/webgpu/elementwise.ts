/**
 * The IR's element-wise ops (src/ir/ops/) as WGSL functions on stored element bits, bit-exact
 * to the CPU's kernels: `fn name(x0: E0, …) -> R`, where E is a u32 (elements of ≤ 4 bytes,
 * zero-extended) or a (lo, hi) pair (8 bytes). The program runner (program.ts) maps them over
 * tensors; a scatter body (a region of such ops on 0-d values) compiles to one `red` function.
 *
 * How each family stays exact:
 * - integers wrap at their width; division by zero, INT_MIN / -1, shifts past the width and
 *   negative powers follow src/ir/ops/binary.ts (XLA's values); 64-bit ones on u32 pairs;
 * - floats decode exactly to float64 bits, compute in soft float (softfloat64.ts: the CPU's
 *   float64 arithmetic) and round once to the element type, as the CPU computes on float64 and
 *   stores. A NaN result has x86's bits, as the CPU's binary ops fix them (src/ir/ops/binary.ts
 *   fixNaNs): lhs's NaN quieted, else rhs's, else the negative default NaN; a float32 NaN is
 *   quieted when it is read, but negate / abs / sign keep its bits; float16/bfloat16 results of
 *   arithmetic are the quiet NaN with that NaN's sign (enc_half, the CPU's halfNaN), their
 *   min/max/negate/abs keep an operand's bits;
 * - sqrt is correctly rounded on both sides (an integer square root here); ops whose CPU result
 *   comes from V8's libm (exponential, log and atan2 on floats), float power (correctly rounded
 *   in double-double, ir/ops/pow.ts) and float remainder (an exact fmod) need what the soft float
 *   does not have yet: they are refused with `webgpu.op`, naming why;
 * - complex tensors have no storage on this backend: an op with a complex operand or result
 *   (real / imag of a complex, `complex`) is refused with `webgpu.dtype`; real / imag of a float
 *   operand run (its bits; +0).
 */
import { DTypeError, InvalidArgumentError } from '../../errors.js';
import { type DType, integerRange, isComplex } from '../../tensor/dtype.js';
import type { Body, Op } from '../../ir/program.js';
import { BINARY_OPS, UNARY_OPS } from '../../ir/program.js';
import { elemType, elementBytes } from './wgsl.js';

/** Ops this file compiles (beside the structural ones the runner moves). */
const BINARY: ReadonlySet<string> = new Set(BINARY_OPS);
const UNARY: ReadonlySet<string> = new Set(UNARY_OPS);

/** Float formats: fraction bits and maximum exponent, with their float64 codecs. */
const FLOATS: Partial<Record<DType, { dec: string; enc: string }>> = {
  float64: { dec: '', enc: '' },
  float32: { dec: 'dec_f32', enc: 'enc_f32' },
  float16: { dec: 'dec_f16', enc: 'enc_f16' },
  bfloat16: { dec: 'dec_bf16', enc: 'enc_bf16' },
};

/** The refusal of an op the GPU cannot run exactly (never a silent CPU run). */
export function refuseOp(what: string, why: string): never {
  throw new InvalidArgumentError(
    'webgpu.op',
    `WebGPU backend: ${what} does not run on the GPU: ${why} (webgpu.op)`,
    { op: what },
  );
}

const bitsOf = (d: DType) => (d === 'bool' ? 1 : elementBytes(d) * 8);
const maskOf = (d: DType) => (bitsOf(d) >= 32 ? '0xFFFFFFFFu' : `${2 ** bitsOf(d) - 1}u`);
const signed = (d: DType) => d.startsWith('int');
const is64 = (d: DType) => elementBytes(d) === 8;
/** An int of ≤ 32 bits, sign-extended to i32 when signed (else as i32 of its u32 bits). */
const ext = (d: DType, v: string) => {
  const w = bitsOf(d);
  if (!signed(d) || w === 32) return `bitcast<i32>(${v})`;
  return `(bitcast<i32>(${v} << ${32 - w}u) >> ${32 - w}u)`;
};

/** Soft-float and 64-bit integer helpers of the IR ops (on top of LIB and LIB64). */
export const IR_LIB = /* wgsl */ `
const ONE64: vec2<u32> = vec2<u32>(0u, 0x3FF00000u);
fn neg64(a: vec2<u32>) -> vec2<u32> { return sub64(vec2<u32>(0u, 0u), a); }
fn sar64(a: vec2<u32>, n: u32) -> vec2<u32> {
  if ((a.y & SIGN) == 0u) { return shr64(a, n); }
  return ~shr64(~a, n);
}
fn q32(x: u32) -> u32 { return select(x, quiet32(x), is_nan32(x)); }
fn q64(x: vec2<u32>) -> vec2<u32> { return select(x, quiet64(x), is_nan64(x)); }
// float32 bits → float64 bits, exact; a NaN is quieted (V8 reads a float32 with cvtss2sd).
fn dec_f32(x: u32) -> vec2<u32> {
  let sign = x & SIGN;
  let fr = x & 0x7FFFFFu;
  if (is_nan32(x)) { return vec2<u32>(fr << 29u, sign | 0x7FF80000u | (fr >> 3u)); }
  if (is_inf32(x)) { return vec2<u32>(0u, sign | 0x7FF00000u); }
  if (is_zero32(x)) { return vec2<u32>(0u, sign); }
  let u = unpack32(x);
  return round_pack64(sign, vec2<u32>(u.m, 0u), u.e);
}
// float64 bits → float32 bits to nearest even; a NaN keeps its payload's top bits, quieted.
fn enc_f32(x: vec2<u32>) -> u32 {
  let sign = x.y & SIGN;
  if (is_nan64(x)) { return sign | 0x7FC00000u | ((x.y & 0xFFFFFu) << 3u) | (x.x >> 29u); }
  if (is_inf64(x)) { return sign | 0x7F800000u; }
  if (is_zero64(x)) { return sign; }
  let u = unpack64(x);
  return round_pack(sign, u.m, u.e, 23, 127);
}
fn dec_f16(h: u32) -> vec2<u32> { return dec_f32(f16_to_f32(h)); }
fn dec_bf16(h: u32) -> vec2<u32> { return dec_f32(h << 16u); }
// float64 → a 16-bit float with P mantissa bits and exponent bias EMAX, rounded once (the CPU's
// halfBits); a NaN is the quiet one (nan) with its sign (the CPU's halfNaN and convert),
// infinities are inf. f16 and bfloat16 differ only in these four.
fn enc_half(x: vec2<u32>, nan: u32, inf: u32, P: i32, EMAX: i32) -> u32 {
  let sign = (x.y >> 16u) & 0x8000u;
  if (is_nan64(x)) { return sign | nan; }
  if (is_inf64(x)) { return sign | inf; }
  if (is_zero64(x)) { return sign; }
  let u = unpack64(x);
  return round_pack(sign, u.m, u.e, P, EMAX);
}
fn enc_f16(x: vec2<u32>) -> u32 { return enc_half(x, 0x7E00u, 0x7C00u, 10, 15); }
fn enc_bf16(x: vec2<u32>) -> u32 { return enc_half(x, 0x7FC0u, 0x7F80u, 7, 127); }
// a / b: the 53-bit mantissas divided by long division into a 64-bit quotient with a sticky bit.
fn ir_div64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  if (is_nan64(a)) { return quiet64(a); }
  if (is_nan64(b)) { return quiet64(b); }
  let sign = (a.y ^ b.y) & SIGN;
  if (is_inf64(a)) { return select(vec2<u32>(0u, sign | 0x7FF00000u), DEFAULT_NAN64, is_inf64(b)); }
  if (is_inf64(b)) { return vec2<u32>(0u, sign); }
  if (is_zero64(b)) { return select(vec2<u32>(0u, sign | 0x7FF00000u), DEFAULT_NAN64, is_zero64(a)); }
  if (is_zero64(a)) { return vec2<u32>(0u, sign); }
  let ua = unpack64n(a); let ub = unpack64n(b);
  var r = ua.m;
  var q = vec2<u32>(0u, 0u);
  for (var i = 0u; i < 64u; i++) {
    q = shl64(q, 1u);
    if (!lt_u64(r, ub.m)) { r = sub64(r, ub.m); q.x = q.x | 1u; }
    r = shl64(r, 1u);
  }
  if (r.x != 0u || r.y != 0u) { q.x = q.x | 1u; }
  return round_pack64(sign, q, ua.e - ub.e - 63);
}
// IEEE minimum / maximum as the CPU picks (firstIsMin / firstIsMax): a NaN operand, first
// looked at first, is returned as it is; -0 < +0.
fn pick_min64(x: vec2<u32>, y: vec2<u32>) -> bool {
  if (is_nan64(x)) { return true; }
  if (is_nan64(y)) { return false; }
  return !lt_u64(fkey64(y), fkey64(x));
}
fn pick_max64(x: vec2<u32>, y: vec2<u32>) -> bool {
  if (is_nan64(x)) { return true; }
  if (is_nan64(y)) { return false; }
  return !lt_u64(fkey64(x), fkey64(y));
}
// The quiet comparisons of float64 bits: a NaN is unordered, -0 = +0.
fn feq64(x: vec2<u32>, y: vec2<u32>) -> bool {
  if (is_nan64(x) || is_nan64(y)) { return false; }
  return (is_zero64(x) && is_zero64(y)) || (x.x == y.x && x.y == y.y);
}
fn flt64(x: vec2<u32>, y: vec2<u32>) -> bool {
  if (is_nan64(x) || is_nan64(y) || feq64(x, y)) { return false; }
  return lt_u64(fkey64(x), fkey64(y));
}
// Rounding to an integral value: trunc, then one step by the rule (mode 0 floor, 1 ceil,
// 2 ties to even, 3 ties away from zero). Infinities and |x| >= 2^52 are integral; a NaN
// comes back quieted (roundsd's, the CPU's unary fixNaNs).
fn round64(x: vec2<u32>, mode: u32) -> vec2<u32> {
  let E = i32((x.y >> 20u) & 0x7FFu) - 1023;
  if (E >= 52) { return q64(x); }
  let sign = x.y & SIGN;
  var t = vec2<u32>(0u, sign);
  var frac = !is_zero64(x);
  var half = E == -1;
  var above = E == -1 && ((x.y & 0xFFFFFu) != 0u || x.x != 0u);
  var odd = false;
  if (E >= 0) {
    let fb = u32(52 - E);
    let m = shr64(shl64(vec2<u32>(x.x, x.y), 64u - fb), 64u - fb);
    t = sub64(x, m);
    frac = m.x != 0u || m.y != 0u;
    half = bit64(m, fb - 1u);
    above = low64(m, fb - 1u);
    odd = bit64(x, fb) || (fb == 52u);
  }
  var away = false;
  if (mode == 0u) { away = frac && sign != 0u; }
  if (mode == 1u) { away = frac && sign == 0u; }
  if (mode == 2u) { away = half && (above || odd); }
  if (mode == 3u) { away = half; }
  if (!away) { return t; }
  return fadd64_inf(t, vec2<u32>(0u, sign | 0x3FF00000u));
}
fn sign64(x: vec2<u32>) -> vec2<u32> {
  if (is_nan64(x) || is_zero64(x)) { return x; }
  return vec2<u32>(0u, (x.y & SIGN) | 0x3FF00000u);
}
// 128-bit unsigned integers as (w0, w1, w2, w3), lowest word first: what sqrt64 needs.
fn shl128_2(a: vec4<u32>) -> vec4<u32> {
  return vec4<u32>(a.x << 2u, (a.y << 2u) | (a.x >> 30u), (a.z << 2u) | (a.y >> 30u), (a.w << 2u) | (a.z >> 30u));
}
fn lt128(a: vec4<u32>, b: vec4<u32>) -> bool {
  if (a.w != b.w) { return a.w < b.w; }
  if (a.z != b.z) { return a.z < b.z; }
  if (a.y != b.y) { return a.y < b.y; }
  return a.x < b.x;
}
fn sub128(a: vec4<u32>, b: vec4<u32>) -> vec4<u32> {
  let lo = sub64(a.xy, b.xy);
  let borrow = select(0u, 1u, lt_u64(a.xy, b.xy));
  let hi = sub64(sub64(a.zw, b.zw), vec2<u32>(borrow, 0u));
  return vec4<u32>(lo, hi);
}
// Correctly rounded square root of float64 bits (sqrtsd's: a NaN quieted, sqrt(-0) = -0, a
// negative operand the default NaN): the integer square root of the mantissa scaled into
// [2^108, 2^110), 55 result bits found two radicand bits at a time, the remainder as sticky bit.
fn sqrt64(a: vec2<u32>) -> vec2<u32> {
  if (is_nan64(a)) { return quiet64(a); }
  if (is_zero64(a)) { return a; }
  if ((a.y & SIGN) != 0u) { return DEFAULT_NAN64; }
  if (is_inf64(a)) { return a; }
  let u = unpack64n(a);
  var m = u.m;
  var e = u.e;
  if ((e & 1) != 0) { m = shl64(m, 1u); e = e - 1; }
  // The radicand m * 2^56 as 128 bits.
  var rad = array<u32, 4>(0u, m.x << 24u, (m.x >> 8u) | (m.y << 24u), m.y >> 8u);
  var r = vec4<u32>(0u, 0u, 0u, 0u);
  var q = vec2<u32>(0u, 0u);
  for (var i = 0u; i < 56u; i++) {
    let sh = 110u - 2u * i;
    let two = (rad[sh >> 5u] >> (sh & 31u)) & 3u;
    r = shl128_2(r);
    r.x = r.x | two;
    let t = add64(shl64(q, 2u), vec2<u32>(1u, 0u));
    let trial = vec4<u32>(t.x, t.y, 0u, 0u);
    q = shl64(q, 1u);
    if (!lt128(r, trial)) { r = sub128(r, trial); q.x = q.x | 1u; }
  }
  if (r.x != 0u || r.y != 0u || r.z != 0u || r.w != 0u) { q.x = q.x | 1u; }
  return round_pack64(0u, q, (e - 56) / 2);
}
// Unsigned 64-bit division (q, r); d != 0. A remainder that reaches 2^64 when shifted is above d.
struct DM64 { q: vec2<u32>, r: vec2<u32> }
fn udivmod64(n: vec2<u32>, d: vec2<u32>) -> DM64 {
  var q = vec2<u32>(0u, 0u);
  var r = vec2<u32>(0u, 0u);
  for (var i = 0u; i < 64u; i++) {
    let top = (r.y >> 31u) == 1u;
    r = shl64(r, 1u);
    if (bit64(n, 63u - i)) { r.x = r.x | 1u; }
    q = shl64(q, 1u);
    if (top || !lt_u64(r, d)) { r = sub64(r, d); q.x = q.x | 1u; }
  }
  return DM64(q, r);
}
fn abs64(a: vec2<u32>) -> vec2<u32> { return select(a, neg64(a), (a.y & SIGN) != 0u); }
fn sdiv64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  if (b.x == 0u && b.y == 0u) { return vec2<u32>(0xFFFFFFFFu, 0xFFFFFFFFu); }
  let q = udivmod64(abs64(a), abs64(b)).q;
  return select(q, neg64(q), ((a.y ^ b.y) & SIGN) != 0u);
}
fn srem64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  if (b.x == 0u && b.y == 0u) { return a; }
  let r = udivmod64(abs64(a), abs64(b)).r;
  return select(r, neg64(r), (a.y & SIGN) != 0u);
}
fn udiv64x(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  if (b.x == 0u && b.y == 0u) { return vec2<u32>(0xFFFFFFFFu, 0xFFFFFFFFu); }
  return udivmod64(a, b).q;
}
fn urem64(a: vec2<u32>, b: vec2<u32>) -> vec2<u32> {
  if (b.x == 0u && b.y == 0u) { return a; }
  return udivmod64(a, b).r;
}
// Integer power by squaring modulo 2^64; a negative exponent (signed) gives 0 unless |a| = 1.
fn pow64(a: vec2<u32>, e: vec2<u32>, is_signed: bool) -> vec2<u32> {
  if (is_signed && (e.y & SIGN) != 0u) {
    if (a.x == 1u && a.y == 0u) { return a; }
    if (a.x == 0xFFFFFFFFu && a.y == 0xFFFFFFFFu) { return select(ONE64_INT, a, (e.x & 1u) == 1u); }
    return vec2<u32>(0u, 0u);
  }
  var r = ONE64_INT;
  var b = a;
  var x = e;
  for (var i = 0u; i < 64u; i++) {
    if ((x.x & 1u) == 1u) { r = mul64(r, b); }
    b = mul64(b, b);
    x = shr64(x, 1u);
  }
  return r;
}
const ONE64_INT: vec2<u32> = vec2<u32>(1u, 0u);
fn pow32(a: u32, e: u32, neg: bool, is_minus_one: bool) -> u32 {
  if (neg) {
    if (a == 1u) { return 1u; }
    if (is_minus_one) { return select(1u, 0xFFFFFFFFu, (e & 1u) == 1u); }
    return 0u;
  }
  var r = 1u;
  var b = a;
  var x = e;
  for (var i = 0u; i < 32u; i++) {
    if ((x & 1u) == 1u) { r = r * b; }
    b = b * b;
    x = x >> 1u;
  }
  return r;
}
// A float64 value (not NaN, not beyond the bounds the caller checked) truncated to a 64-bit integer.
fn trunc_int64(x: vec2<u32>) -> vec2<u32> {
  if (is_zero64(x)) { return vec2<u32>(0u, 0u); }
  let u = unpack64(x);
  var m: vec2<u32>;
  if (u.e >= 0) { m = shl64(u.m, u32(u.e)); } else { m = shr64(u.m, u32(-u.e)); }
  return select(m, neg64(m), (x.y & SIGN) != 0u);
}
// An integer magnitude and sign rounded once to float64 / a narrower format.
fn int_to_f64(m: vec2<u32>, neg: bool) -> vec2<u32> {
  if (m.x == 0u && m.y == 0u) { return vec2<u32>(0u, 0u); }
  return round_pack64(select(0u, SIGN, neg), m, 0);
}
fn int_to_small(m: vec2<u32>, neg: bool, P: i32, EMAX: i32, sign_bit: u32) -> u32 {
  if (m.x == 0u && m.y == 0u) { return 0u; }
  return round_pack(select(0u, sign_bit, neg), m, 0, P, EMAX);
}
`;

/** WGSL literal of a stored element (its bits). */
function literal(dtype: DType, bits: readonly number[]): string {
  return is64(dtype) ? `vec2<u32>(${bits[0] >>> 0}u, ${bits[1] >>> 0}u)` : `${bits[0] >>> 0}u`;
}

/** The f64 bits of a JS number as a WGSL literal. */
function f64Literal(x: number): string {
  const u = new Uint32Array(new Float64Array([x]).buffer);
  return `vec2<u32>(${u[0]}u, ${u[1]}u)`;
}

/** An element's value as a 64-bit integer (sign-extended when signed; bool 0/1). */
function toI64(d: DType, v: string): string {
  if (is64(d)) return v;
  if (signed(d)) return `vec2<u32>(bitcast<u32>(${ext(d, v)}), select(0u, 0xFFFFFFFFu, ${ext(d, v)} < 0))`;
  return `vec2<u32>(${v}, 0u)`;
}

/** WGSL expression of `convert` from `from` to `to` on the stored bits `v`. */
export function convertExpr(from: DType, to: DType, v: string): string {
  if (from === to) return v;
  const F = FLOATS[from];
  const T = FLOATS[to];
  if (to === 'bool') {
    if (F) return `select(0u, 1u, !is_zero64(${F.dec}(${v})))`;
    return is64(from) ? `select(0u, 1u, ${v}.x != 0u || ${v}.y != 0u)` : `select(0u, 1u, ${v} != 0u)`;
  }
  // A NaN keeps its sign, and its payload out of a 16-bit float (dec_* keep it, quieted); into a
  // 16-bit float it is the quiet NaN with its sign (ir/ops/convert.ts; enc_half).
  if (F && T) return `${T.enc}(${F.dec}(${v}))`;
  if (T) {
    // Integer → float: the exact integer, rounded once.
    const i = toI64(from, v);
    const neg = signed(from) ? `((${i}).y & SIGN) != 0u` : 'false';
    const mag = signed(from) ? `abs64(${i})` : i;
    if (to === 'float64') return `int_to_f64(${mag}, ${neg})`;
    const [P, EMAX, sb] =
      to === 'float32' ? [23, 127, 'SIGN'] : to === 'float16' ? [10, 15, '0x8000u'] : [7, 127, '0x8000u'];
    return `int_to_small(${mag}, ${neg}, ${P}, ${EMAX}, ${sb})`;
  }
  if (F) return floatToInt(F.dec ? `${F.dec}(${v})` : v, to);
  // Integer → integer: two's complement wrap-around.
  const i = toI64(from, v);
  return is64(to) ? i : `((${i}).x & ${maskOf(to)})`;
}

/** Float64 bits → integer element: truncation, saturating at the type's bounds, NaN → 0. */
function floatToInt(x: string, to: DType): string {
  const [lo, hi] = integerRange(to).map((b) => BigInt(b));
  const [flo, fhi] = [Number(lo), Number(hi)];
  const bits = (b: bigint) => {
    const u = BigInt.asUintN(64, b);
    return literal('int64', [Number(u & 0xffffffffn), Number(u >> 32n)]);
  };
  const loB = bits(lo);
  const hiB = bits(hi);
  const body = `select(select(trunc_int64(X), ${hiB}, !flt64(X, ${f64Literal(fhi)})), ${loB}, !flt64(${f64Literal(flo)}, X))`;
  const r = `select(${body}, vec2<u32>(0u, 0u), is_nan64(X))`.replaceAll('X', `(${x})`);
  return is64(to) ? r : `((${r}).x & ${maskOf(to)})`;
}

type Emit = (args: readonly string[]) => string;

/** A binary op on one dtype as a WGSL expression builder, or the refusal. */
function binaryExpr(kind: string, d: DType): Emit {
  const F = FLOATS[d];
  if (F) return floatBinary(kind, d, F);
  if (d === 'bool') {
    const op = { add: '|', or: '|', maximum: '|', multiply: '&', and: '&', minimum: '&', xor: '^' }[kind];
    if (!op) return refuseOp(`stablehlo.${kind} on bool`, 'the CPU does not define it either');
    return ([a, b]) => `(${a} ${op} ${b})`;
  }
  return is64(d) ? int64Binary(kind, d) : intBinary(kind, d);
}

function floatBinary(kind: string, d: DType, F: { dec: string; enc: string }): Emit {
  const dec = (v: string) => (F.dec ? `${F.dec}(${v})` : v);
  const enc = (v: string) => (F.enc ? `${F.enc}(${v})` : v);
  const arith: Record<string, string> = {
    add: 'f64_add',
    subtract: 'f64_sub',
    multiply: 'f64_mul',
    divide: 'ir_div64',
  };
  if (arith[kind]) return ([a, b]) => enc(`${arith[kind]}(${dec(a)}, ${dec(b)})`);
  if (kind === 'minimum' || kind === 'maximum') {
    const pick = kind === 'minimum' ? 'pick_min64' : 'pick_max64';
    // The CPU picks an operand: its own bits, a float32/float64 NaN quieted (fixNaNs).
    return ([a, b]) => {
      const r = `select(${b}, ${a}, ${pick}(${dec(a)}, ${dec(b)}))`;
      return d === 'float32' ? `q32(${r})` : d === 'float64' ? `q64(${r})` : r;
    };
  }
  if (kind === 'atan2')
    return refuseOp(
      `stablehlo.atan2 on ${d}`,
      "the CPU's result comes from V8's libm, which WGSL cannot reproduce",
    );
  if (kind === 'power')
    return refuseOp(
      `stablehlo.power on ${d}`,
      "the CPU's pow is correctly rounded in double-double arithmetic (ir/ops/pow.ts), which the GPU's soft float does not have yet",
    );
  if (kind === 'remainder')
    return refuseOp(
      `stablehlo.remainder on ${d}`,
      "the CPU's fmod is exact (any exponent gap, the reference interpreter's NaNs) and the GPU's soft float has no exact fmod yet",
    );
  return refuseOp(`stablehlo.${kind} on ${d}`, 'the spec does not define it on floats');
}

/** The bitwise ops: the same expression on 32-bit words and on vec2<u32> 64-bit pairs. */
const BITWISE: Readonly<Record<string, Emit>> = {
  and: ([a, b]) => `(${a} & ${b})`,
  or: ([a, b]) => `(${a} | ${b})`,
  xor: ([a, b]) => `(${a} ^ ${b})`,
};

function intBinary(kind: string, d: DType): Emit {
  if (Object.hasOwn(BITWISE, kind)) return BITWISE[kind];
  const m = maskOf(d);
  const w = bitsOf(d);
  const S = signed(d);
  const lt = (a: string, b: string) => (S ? `${ext(d, a)} < ${ext(d, b)}` : `${a} < ${b}`);
  switch (kind) {
    case 'add':
      return ([a, b]) => `((${a} + ${b}) & ${m})`;
    case 'subtract':
      return ([a, b]) => `((${a} - ${b}) & ${m})`;
    case 'multiply':
      return ([a, b]) => `((${a} * ${b}) & ${m})`;
    case 'minimum':
      return ([a, b]) => `select(${a}, ${b}, ${lt(b, a)})`;
    case 'maximum':
      return ([a, b]) => `select(${a}, ${b}, ${lt(a, b)})`;
    case 'divide':
      // x / 0 = -1 (all ones); x / -1 = -x, so INT_MIN / -1 wraps to INT_MIN (XLA).
      return S
        ? ([a, b]) =>
            `select(select(bitcast<u32>(${ext(d, a)} / ${ext(d, b)}), 0u - ${a}, ${ext(d, b)} == -1) & ${m}, ${m}, ${b} == 0u)`
        : ([a, b]) => `select(${a} / max(${b}, 1u), ${m}, ${b} == 0u)`;
    case 'remainder':
      // x % 0 = x; x % -1 = 0; the dividend's sign.
      return S
        ? ([a, b]) =>
            `select(select(bitcast<u32>(${ext(d, a)} % ${ext(d, b)}) & ${m}, 0u, ${ext(d, b)} == -1), ${a}, ${b} == 0u)`
        : ([a, b]) => `select(${a} % max(${b}, 1u), ${a}, ${b} == 0u)`;
    case 'power':
      return S
        ? ([a, b]) => `(pow32(${a}, ${b}, ${ext(d, b)} < 0, ${ext(d, a)} == -1) & ${m})`
        : ([a, b]) => `(pow32(${a}, ${b}, false, false) & ${m})`;
    case 'shift_left':
      return ([a, b]) => `select((${a} << min(${b}, 31u)) & ${m}, 0u, ${b} >= ${w}u)`;
    case 'shift_right_logical':
      return ([a, b]) => `select(${a} >> min(${b}, 31u), 0u, ${b} >= ${w}u)`;
    case 'shift_right_arithmetic':
      // Sign-extended from the width whatever the signedness, as the CPU's kernel does.
      return ([a, b]) =>
        `(bitcast<u32>(${ext(w === 8 ? 'int8' : w === 16 ? 'int16' : 'int32', a)} >> select(${b}, 31u, ${b} >= ${w}u)) & ${m})`;
  }
  return refuseOp(`stablehlo.${kind} on ${d}`, 'the spec does not define it on integers');
}

function int64Binary(kind: string, d: DType): Emit {
  if (Object.hasOwn(BITWISE, kind)) return BITWISE[kind];
  const S = signed(d);
  const lt = S ? 'lt_i64' : 'lt_u64';
  const big = (b: string) => `(${b}.y != 0u || ${b}.x >= 64u)`;
  switch (kind) {
    case 'add':
      return ([a, b]) => `add64(${a}, ${b})`;
    case 'subtract':
      return ([a, b]) => `sub64(${a}, ${b})`;
    case 'multiply':
      return ([a, b]) => `mul64(${a}, ${b})`;
    case 'minimum':
      return ([a, b]) => `select(${a}, ${b}, ${lt}(${b}, ${a}))`;
    case 'maximum':
      return ([a, b]) => `select(${a}, ${b}, ${lt}(${a}, ${b}))`;
    case 'divide':
      return ([a, b]) => `${S ? 'sdiv64' : 'udiv64x'}(${a}, ${b})`;
    case 'remainder':
      return ([a, b]) => `${S ? 'srem64' : 'urem64'}(${a}, ${b})`;
    case 'power':
      return ([a, b]) => `pow64(${a}, ${b}, ${S})`;
    case 'shift_left':
      return ([a, b]) => `select(shl64(${a}, ${b}.x), vec2<u32>(0u, 0u), ${big(b)})`;
    case 'shift_right_logical':
      return ([a, b]) => `select(shr64(${a}, ${b}.x), vec2<u32>(0u, 0u), ${big(b)})`;
    case 'shift_right_arithmetic':
      return ([a, b]) => `sar64(${a}, select(${b}.x, 63u, ${big(b)}))`;
  }
  return refuseOp(`stablehlo.${kind} on ${d}`, 'the spec does not define it on integers');
}

/** A unary op as a WGSL expression builder (result dtype: is_finite's bool, else the operand's). */
function unaryExpr(kind: string, d: DType): Emit {
  const F = FLOATS[d];
  if (F) {
    const dec = (v: string) => (F.dec ? `${F.dec}(${v})` : v);
    const enc = (v: string) => (F.enc ? `${F.enc}(${v})` : v);
    const sign = d === 'float16' || d === 'bfloat16' ? '0x8000u' : 'SIGN';
    const rounding: Record<string, number> = {
      floor: 0,
      ceil: 1,
      round_nearest_even: 2,
      round_nearest_afz: 3,
    };
    if (kind === 'negate' || kind === 'abs') {
      const op = kind === 'negate' ? '^' : '& ~';
      if (d === 'float64') return ([a]) => `vec2<u32>(${a}.x, ${a}.y ${op} SIGN)`;
      if (d === 'float32') return ([a]) => `(${a} ${op} SIGN)`;
      return ([a]) => `(${a} ${op} ${sign})`;
    }
    if (kind === 'real') return ([a]) => a;
    if (kind === 'imag') return () => (d === 'float64' ? 'vec2<u32>(0u, 0u)' : '0u');
    if (kind === 'is_finite') return ([a]) => `select(0u, 1u, !is_nan64(${dec(a)}) && !is_inf64(${dec(a)}))`;
    // sign of a NaN is its own bits (the CPU's fixNaNs; dec_f32 would quiet a signalling one).
    if (kind === 'sign' && d === 'float32')
      return ([a]) => `select(enc_f32(sign64(dec_f32(${a}))), ${a}, is_nan32(${a}))`;
    if (kind === 'sign') return ([a]) => enc(`sign64(${dec(a)})`);
    if (kind in rounding) return ([a]) => enc(`round64(${dec(a)}, ${rounding[kind]}u)`);
    if (kind === 'exponential' || kind === 'log')
      return refuseOp(
        `stablehlo.${kind} on ${d}`,
        "the CPU's result comes from V8's libm, which WGSL cannot reproduce",
      );
    if (kind === 'sqrt') return ([a]) => enc(`sqrt64(${dec(a)})`);
    return refuseOp(`stablehlo.${kind} on ${d}`, 'the spec does not define it on floats');
  }
  if (d === 'bool') {
    if (kind === 'not') return ([a]) => `(${a} ^ 1u)`;
    return refuseOp(`stablehlo.${kind} on bool`, 'the spec does not define it on i1');
  }
  // abs and sign of an unsigned value (the CPU computes them on the non-negative value).
  if (!signed(d) && kind === 'abs') return ([a]) => a;
  if (!signed(d) && kind === 'sign')
    return is64(d)
      ? ([a]) => `vec2<u32>(select(0u, 1u, ${a}.x != 0u || ${a}.y != 0u), 0u)`
      : ([a]) => `select(0u, 1u, ${a} != 0u)`;
  if (is64(d)) {
    switch (kind) {
      case 'negate':
        return ([a]) => `neg64(${a})`;
      case 'abs':
        return ([a]) => `abs64(${a})`;
      case 'not':
        return ([a]) => `(~${a})`;
      case 'sign':
        return ([a]) =>
          `select(select(vec2<u32>(1u, 0u), vec2<u32>(0xFFFFFFFFu, 0xFFFFFFFFu), (${a}.y & SIGN) != 0u), vec2<u32>(0u, 0u), ${a}.x == 0u && ${a}.y == 0u)`;
      case 'popcnt':
        return ([a]) => `vec2<u32>(countOneBits(${a}.x) + countOneBits(${a}.y), 0u)`;
    }
    return refuseOp(`stablehlo.${kind} on ${d}`, 'the spec does not define it on integers');
  }
  const m = maskOf(d);
  switch (kind) {
    case 'negate':
      return ([a]) => `((0u - ${a}) & ${m})`;
    case 'abs':
      return ([a]) => `select(${a}, (0u - ${a}) & ${m}, ${ext(d, a)} < 0)`;
    case 'not':
      return ([a]) => `((~${a}) & ${m})`;
    case 'sign':
      return ([a]) => `select(select(1u, ${m}, ${ext(d, a)} < 0), 0u, ${a} == 0u)`;
    case 'popcnt':
      return ([a]) => `countOneBits(${a} & ${m})`;
  }
  return refuseOp(`stablehlo.${kind} on ${d}`, 'the spec does not define it on integers');
}

const DIRS: Record<string, [string, boolean]> = {
  // [relation on (x, y), swap]: GT is y < x, GE is !(x < y) only when ordered (done by the caller).
  EQ: ['eq', false],
  NE: ['ne', false],
  LT: ['lt', false],
  GT: ['lt', true],
  LE: ['le', false],
  GE: ['le', true],
};

/** compare as a WGSL bool expression builder (result stored as 0/1). */
function compareExpr(op: Extract<Op, { kind: 'compare' }>, d: DType): Emit {
  const [rel, swap] = DIRS[op.comparison_direction];
  const order =
    (f: (x: string, y: string) => string): Emit =>
    ([a, b]) =>
      `select(0u, 1u, ${swap ? f(b, a) : f(a, b)})`;
  const F = FLOATS[d];
  if (F && op.compare_type === 'TOTALORDER') {
    // Sign-magnitude bits as two's complement keys, compared as signed integers.
    const w = bitsOf(d);
    const key = (v: string) =>
      w === 64
        ? `(${v} ^ select(vec2<u32>(0u, 0u), vec2<u32>(0xFFFFFFFFu, 0x7FFFFFFFu), (${v}.y & SIGN) != 0u))`
        : `(${ext(d === 'float32' ? 'int32' : 'int16', v)} ^ select(0, ${2 ** (w - 1) - 1}, ${ext(d === 'float32' ? 'int32' : 'int16', v)} < 0))`;
    const lt = (x: string, y: string) =>
      w === 64 ? `lt_i64(${key(x)}, ${key(y)})` : `${key(x)} < ${key(y)}`;
    const eq = (x: string, y: string) => (w === 64 ? `all(${x} == ${y})` : `${x} == ${y}`);
    return order(relation(rel, lt, eq));
  }
  if (F) {
    const dec = (v: string) => (F.dec ? `${F.dec}(${v})` : v);
    const lt = (x: string, y: string) => `flt64(${dec(x)}, ${dec(y)})`;
    const eq = (x: string, y: string) => `feq64(${dec(x)}, ${dec(y)})`;
    return order(relation(rel, lt, eq));
  }
  if (is64(d)) {
    const lt = (x: string, y: string) => `${signed(d) ? 'lt_i64' : 'lt_u64'}(${x}, ${y})`;
    return order(relation(rel, lt, (x, y) => `all(${x} == ${y})`));
  }
  const lt = (x: string, y: string) => (signed(d) ? `${ext(d, x)} < ${ext(d, y)}` : `${x} < ${y}`);
  return order(relation(rel, lt, (x, y) => `${x} == ${y}`));
}

/** A relation from lt and eq (le = lt or eq, so a NaN is unordered for floats). */
function relation(
  rel: string,
  lt: (x: string, y: string) => string,
  eq: (x: string, y: string) => string,
): (x: string, y: string) => string {
  if (rel === 'eq') return eq;
  if (rel === 'ne') return (x, y) => `!(${eq(x, y)})`;
  if (rel === 'lt') return lt;
  return (x, y) => `(${lt(x, y)} || ${eq(x, y)})`;
}

/**
 * The WGSL expression builder of an element-wise op on operands of `ins` dtypes, producing its
 * result's stored bits; refuses (webgpu.op) what cannot be exact. `select` and `clamp` take their
 * scalar operands as values already (the runner broadcasts them).
 */
export function elementExpr(op: Op, ins: readonly DType[]): Emit {
  const kind = op.kind;
  const d = ins[0];
  for (const t of [...ins, ...op.results.map((r) => r.dtype)])
    if (isComplex(t))
      throw new DTypeError(
        'webgpu.dtype',
        `WebGPU backend: ${t} tensors are not on this backend; use the CPU backend (webgpu.dtype)`,
        {
          dtype: t,
        },
      );
  if (BINARY.has(kind)) return binaryExpr(kind, d);
  if (UNARY.has(kind)) return unaryExpr(kind, d);
  if (kind === 'compare') return compareExpr(op as Extract<Op, { kind: 'compare' }>, d);
  if (kind === 'select') return ([p, t, f]) => `select(${f}, ${t}, ${p} != 0u)`;
  if (kind === 'clamp') {
    const mx = binaryExpr('maximum', ins[1]);
    const mn = binaryExpr('minimum', ins[1]);
    return ([lo, x, hi]) => mn([mx([x, lo]), hi]);
  }
  if (kind === 'convert') return ([a]) => convertExpr(d, op.results[0].dtype, a);
  return refuseOp(`stablehlo.${kind}`, 'it is not an element-wise op');
}

/** Whether an op is one of the element-wise ops elementExpr compiles. */
export const isElementwise = (kind: string): boolean =>
  BINARY.has(kind) || UNARY.has(kind) || ['compare', 'select', 'clamp', 'convert'].includes(kind);

/** The stored bits of a 0-d constant's one element as 32-bit lanes. */
function scalarBitsOf(t: { data: ArrayBufferView; dtype: DType }): number[] {
  const b = new Uint8Array(8);
  b.set(new Uint8Array(t.data.buffer, t.data.byteOffset, Math.min(8, t.data.byteLength)));
  return Array.from(new Uint32Array(b.buffer));
}

/**
 * A scatter body (2N scalar params, N returns) as `fn <name>(a: E, b: E) -> E` for N = 1: each op
 * one `let`, constants as literals; 0-d reshapes and broadcasts are the value itself. Refuses
 * (webgpu.reducer) a body with another op or of several inputs.
 */
export function bodyFunction(
  body: Body,
  dtype: DType,
  name = 'red',
  withLib = true,
  result: DType = dtype,
): string {
  if (body.params.length !== 2 || body.returns.length !== 1)
    throw new InvalidArgumentError(
      'webgpu.reducer',
      `WebGPU backend: a scatter body of ${body.params.length / 2} inputs does not run on the GPU; its fold would bind ${3 + (3 * body.params.length) / 2} storage buffers, more than the 8 a device guarantees (webgpu.reducer)`,
      { inputs: body.params.length / 2 },
    );
  const types = [...body.params.map((p) => p.dtype)];
  const lines: string[] = [];
  const val = (id: number) => (id < 2 ? ['a', 'b'][id] : `v${id}`);
  let id = 2;
  for (const op of body.ops) {
    if (op.results.length !== 1 || op.results[0].shape.length !== 0)
      throw new InvalidArgumentError(
        'webgpu.reducer',
        `WebGPU backend: a scatter body's stablehlo.${op.kind} does not make one scalar; the GPU fold compiles scalar bodies only (webgpu.reducer)`,
        { op: op.kind },
      );
    const t = op.results[0].dtype;
    let expr: string;
    if (op.kind === 'constant') expr = literal(t, scalarBitsOf(op.value));
    else if (op.kind === 'reshape' || op.kind === 'broadcast_in_dim') expr = val(op.operands[0]);
    else if (isElementwise(op.kind))
      expr = elementExpr(
        op,
        op.operands.map((o) => types[o]),
      )(op.operands.map(val));
    else
      throw new InvalidArgumentError(
        'webgpu.reducer',
        `WebGPU backend: a scatter body with stablehlo.${op.kind} does not run on the GPU; bodies of element-wise ops do (webgpu.reducer)`,
        { op: op.kind },
      );
    lines.push(`let ${val(id)}: ${elemType(elementBytes(t))} = ${expr};`);
    types.push(t);
    id++;
  }
  const E = elemType(elementBytes(dtype));
  const R = elemType(elementBytes(result)); // select_and_scatter's select returns i1
  // The IR ops' helpers come with the body (the fold kernels carry only LIB and LIB64), unless
  // the caller's kernel picks its own (withLib false).
  return `${withLib ? IR_LIB : ''}\nfn ${name}(a: ${E}, b: ${E}) -> ${R} {\n  ${lines.join('\n  ')}\n  return ${val(body.returns[0])};\n}`;
}
