/**
 * Exact conversions between JS numbers and the 16-bit float formats, rounding to nearest,
 * ties to even, straight from the float64 value (no double rounding through float32).
 */

const F64 = new Float64Array(1);
const HIGH = new Uint32Array(F64.buffer, 4, 1); // little-endian: the word with the sign

function roundToBits(x: number, manBits: number, expBits: number): number {
  const bias = (1 << (expBits - 1)) - 1;
  const expMask = (1 << expBits) - 1;
  const sign = x < 0 || Object.is(x, -0) ? 1 << (manBits + expBits) : 0;
  if (Number.isNaN(x)) {
    // The quiet NaN with the NaN's sign (a NaN read from memory can be negative), as convert gives.
    F64[0] = x;
    return ((HIGH[0] >>> 31) << (manBits + expBits)) | (expMask << manBits) | (1 << (manBits - 1));
  }
  const a = Math.abs(x);
  if (a === Number.POSITIVE_INFINITY) return sign | (expMask << manBits);
  if (a === 0) return sign;
  const emin = 1 - bias;
  // Exponent of a (floor(log2 a)), fixed up for floating error of Math.log2.
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e -= 1;
  else if (2 ** (e + 1) <= a) e += 1;
  const quantumExp = (e < emin ? emin : e) - manBits;
  const q = a / 2 ** quantumExp; // exact: scaling by a power of two
  let r = Math.floor(q);
  const frac = q - r;
  if (frac > 0.5 || (frac === 0.5 && r % 2 === 1)) r += 1;
  // r * 2^quantumExp is the rounded value; encode it.
  if (e < emin) {
    // Subnormal (r may have rounded up into the smallest normal, which the encoding handles).
    return sign | r;
  }
  // Normal: r in [2^manBits, 2^(manBits+1)]
  let exp = e;
  if (r === 2 ** (manBits + 1)) {
    r /= 2;
    exp += 1;
  }
  if (exp + bias >= expMask) return sign | (expMask << manBits); // overflow to infinity
  return sign | ((exp + bias) << manBits) | (r - 2 ** manBits);
}

function fromBits(bits: number, manBits: number, expBits: number): number {
  const bias = (1 << (expBits - 1)) - 1;
  const expMask = (1 << expBits) - 1;
  const sign = bits >> (manBits + expBits) ? -1 : 1;
  const exp = (bits >> manBits) & expMask;
  const man = bits & ((1 << manBits) - 1);
  if (exp === expMask) return man ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  if (exp === 0) return sign * man * 2 ** (1 - bias - manBits);
  return sign * (1 + man / 2 ** manBits) * 2 ** (exp - bias);
}

/** IEEE binary16 bit pattern of `x`, round-to-nearest-even. */
export const float16Bits = (x: number): number => roundToBits(x, 10, 5);
/** bfloat16 bit pattern of `x`, round-to-nearest-even. */
export const bfloat16Bits = (x: number): number => roundToBits(x, 7, 8);
/** Value of an IEEE binary16 bit pattern. */
export const bitsToFloat16 = (bits: number): number => fromBits(bits, 10, 5);
/** Value of a bfloat16 bit pattern. */
export const bitsToBfloat16 = (bits: number): number => fromBits(bits, 7, 8);
