/**
 * Element codecs: a stored element as its value and a value as the stored element of a dtype,
 * with the spec's (and the reference interpreter's) conversion rules. The element-wise kernels
 * and `convert` / `iota` / reduce's promotion all read and write elements through these.
 */
import { type DType, integerRange, is64Bit, isFloat, isHalf } from '../../tensor/dtype.js';
import { bitsToBfloat16, bitsToFloat16 } from '../../tensor/float16.js';
import { toDTypeScalar } from '../../tensor/scalar.js';
import type { Fn1 } from './common.js';

export { isHalf };

const HALF_VALUES = new Map<DType, Float64Array>();

/** The value of every 16-bit pattern of float16 or bfloat16 (a 512 KiB table, built on first use). */
export function halfValues(dtype: DType): Float64Array {
  let t = HALF_VALUES.get(dtype);
  if (t === undefined) {
    const decode = dtype === 'float16' ? bitsToFloat16 : bitsToBfloat16;
    t = new Float64Array(65536);
    for (let b = 0; b < 65536; b++) t[b] = decode(b);
    HALF_VALUES.set(dtype, t);
  }
  return t;
}

const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);

/**
 * The float32 bits of `x` rounded to odd (toward zero, the last bit set when inexact). Rounding
 * these once more, to nearest even, into a format of at most 22 significant bits is the correct
 * rounding of `x` itself (round-to-odd with two spare bits never double-rounds): float16 has 11,
 * bfloat16 8. Overflow lands on the largest finite float32, which still rounds to infinity.
 */
function oddFloat32Bits(x: number): number {
  F32[0] = x;
  const u = U32[0];
  if (F32[0] === x || (u & 1) === 1) return u;
  return Math.abs(F32[0]) > Math.abs(x) ? u - 1 : u + 1;
}

/** float16 bits of `x`, to nearest even (NaN → arithmetic's canonical 0x7e00; float16Bits keeps the sign). */
function toFloat16Bits(x: number): number {
  if (Number.isNaN(x)) return 0x7e00;
  const u = oddFloat32Bits(x);
  const sign = (u >>> 16) & 0x8000;
  const e = ((u >>> 23) & 0xff) - 112; // the float16 biased exponent
  if (e >= 31) return sign | 0x7c00; // beyond float16 (or ±Inf)
  if (e < -10) return sign; // below half the smallest subnormal
  // A normal keeps 10 fraction bits (drops 13); a subnormal drops 14 - e of the 24-bit significand.
  const m = e > 0 ? u & 0x7fffff : (u & 0x7fffff) | 0x800000;
  const drop = e > 0 ? 13 : 14 - e;
  const half = 2 ** (drop - 1);
  const rest = m % (2 * half);
  let r = (e > 0 ? e << 10 : 0) + Math.floor(m / (2 * half));
  if (rest > half || (rest === half && (r & 1) === 1)) r += 1; // a carry moves into the exponent, or to Inf
  return sign | r;
}

/** bfloat16 bits of `x`, to nearest even (NaN → the canonical 0x7fc0; bfloat16Bits keeps the sign). */
function toBfloat16Bits(x: number): number {
  if (Number.isNaN(x)) return 0x7fc0;
  const u = oddFloat32Bits(x);
  return (u + 0x7fff + ((u >>> 16) & 1)) >>> 16;
}

/**
 * The bit pattern of a number in float16 or bfloat16, rounded to nearest even once from the exact
 * double: the same bits as tensor/float16.ts's float16Bits / bfloat16Bits (but one NaN), without a log2 per call.
 */
export function halfBits(dtype: DType): (x: number) => number {
  return dtype === 'float16' ? toFloat16Bits : toBfloat16Bits;
}

/**
 * The NaN a float16 / bfloat16 op computes, as its kernels make it: x86's NaN of the float64
 * computation — the first NaN operand, else the negative default NaN (`made`; remainder's is
 * positive, binary.ts fmod) — converted as `convert` converts one (convert.ts): the quiet NaN
 * with that sign, payload dropped (PyTorch's and Eigen's halves compute through float32 the same
 * way). Only the sign is read from the operands: a JS NaN's own sign depends on V8's tier.
 */
export function halfNaN(dtype: DType, made: 0 | 0x8000 = 0x8000): (a: number, b?: number) => number {
  const quiet = dtype === 'float16' ? 0x7e00 : 0x7fc0;
  const v = halfValues(dtype);
  return (a, b = a) => quiet | (Number.isNaN(v[a]) ? a & 0x8000 : Number.isNaN(v[b]) ? b & 0x8000 : made);
}

/** The width in bits of an element type (i1 is one bit, as in the spec's `num_bits`). */
export function bitWidth(dtype: DType): number {
  if (dtype === 'bool') return 1;
  if (dtype === 'float64' || is64Bit(dtype)) return 64;
  if (dtype === 'float32' || dtype.endsWith('32')) return 32;
  if (dtype.endsWith('16')) return 16;
  return 8;
}

/**
 * Reads a stored element as its value: a number for floats (float16/bfloat16 bits decoded),
 * ≤ 32-bit integers and bool (0/1); a bigint for 64-bit integers.
 */
export function decoder(dtype: DType): Fn1 {
  if (!isHalf(dtype)) return (x) => x;
  const values = halfValues(dtype);
  return (x) => values[x];
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const U64_MAX = 2n ** 64n - 1n;

/**
 * A float value as an integer element: truncated toward zero (spec). Out of range and NaN are
 * implementation-defined (spec #180); like the reference interpreter (APFloat::convertToInteger,
 * rmTowardZero) the value saturates to the type's bounds and NaN becomes 0.
 */
function intFromFloat(dtype: DType): Fn1 {
  if (is64Bit(dtype)) {
    const [lo, hi] = dtype === 'int64' ? [I64_MIN, I64_MAX] : [0n, U64_MAX];
    const [flo, fhi] = [Number(lo), Number(hi)]; // ±2^63, 2^64: hi itself is not representable
    return (x: number) => (Number.isNaN(x) ? 0n : x <= flo ? lo : x >= fhi ? hi : BigInt(Math.trunc(x)));
  }
  const [lo, hi] = integerRange(dtype).map(Number);
  return (x: number) => (Number.isNaN(x) ? 0 : x <= lo ? lo : x >= hi ? hi : Math.trunc(x));
}

/**
 * An integer value (number or bigint) as an integer element: two's complement wrap-around, as the
 * reference interpreter's APInt extOrTrunc (typed-array stores wrap modulo 2^bits by themselves).
 */
function intFromInt(dtype: DType): Fn1 {
  if (is64Bit(dtype)) return (v) => (typeof v === 'bigint' ? v : BigInt(v));
  return (v) => (typeof v === 'bigint' ? Number(BigInt.asIntN(32, v)) : v);
}

/**
 * An integer or float value as a float element, rounded to nearest even once from the exact
 * value (bigints through toDTypeScalar, which rounds them without double rounding).
 */
function floatFrom(dtype: DType): Fn1 {
  const half = isHalf(dtype) ? halfBits(dtype) : undefined;
  if (half) return (v) => (typeof v === 'bigint' ? toDTypeScalar(v, dtype) : half(v));
  if (dtype === 'float64') return (v) => (typeof v === 'bigint' ? Number(v) : v);
  return (v) => (typeof v === 'bigint' ? toDTypeScalar(v, dtype) : v); // the Float32Array store rounds
}

/**
 * Writes a value of `from`'s kind as a stored element of `to`, by the spec's `convert`: to bool,
 * non-zero (NaN included) is true; to floats, round to nearest even; float to integer,
 * truncation (saturating, see intFromFloat); integer (and bool) to integer, wrap-around.
 */
export function encoder(to: DType, from: DType): Fn1 {
  if (to === 'bool') return (v) => (v !== 0 && v !== 0n ? 1 : 0);
  if (isFloat(to)) return floatFrom(to);
  return isFloat(from) ? intFromFloat(to) : intFromInt(to);
}
