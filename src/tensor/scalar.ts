/**
 * The one conversion of a JS scalar into an element of a dtype. Every scalar that enters the
 * tensor layer (`tensor()`, `full`, `encodeScalar`, fill values, update-computation results)
 * goes through {@link toDTypeScalar}, so each kind of bad value gets the same typed error
 * everywhere:
 *
 * - wrong JS type (string, object, null, undefined, symbol, function): InvalidArgumentError;
 * - NaN or ±Infinity into an integer or bool dtype (`exact`/`truncate`), a fraction into an integer
 *   dtype (`exact`), a value outside the dtype's range (`exact`/`truncate`), an unsafe number
 *   (beyond ±2^53) into a 64-bit integer (`exact`): DTypeError.
 *
 * Both carry the caller's rule `code` (default `tensor.value`).
 */
import { DTypeError, InvalidArgumentError, fmt } from '../errors.js';
import type { DType } from './dtype.js';
import { bfloat16Bits, float16Bits } from './float16.js';

/**
 * How a number becomes an integer element:
 * - `exact` (default): it must already be an integer in range (NumPy's `same_value` casting);
 * - `truncate`: toward zero, then it must be in range (C's float → int conversion, checked);
 * - `wrap`: toward zero, then modulo 2^bits (NumPy's `astype`, C's integer conversions).
 *
 * Non-finite values into integers are refused in every mode. For bool, `truncate` and `wrap`
 * map any non-zero value (NaN included) to true, as NumPy's `astype(bool)` does.
 */
export type ScalarRounding = 'exact' | 'truncate' | 'wrap';

/** Options of {@link toDTypeScalar}. */
export interface ScalarOptions {
  /** Rule code of the error (default `tensor.value`). */
  readonly code?: string;
  /** Message prefix naming the operation, e.g. `jax.at.add` (default `tensor`). */
  readonly where?: string;
  /** Integer conversion; see {@link ScalarRounding} (default `exact`). */
  readonly rounding?: ScalarRounding;
}

const NO_OPTIONS: ScalarOptions = {};

const INT_BITS: Partial<Record<DType, number>> = {
  int8: 8,
  int16: 16,
  int32: 32,
  uint8: 8,
  uint16: 16,
  uint32: 32,
};
const INT_LO: Partial<Record<DType, number>> = {
  int8: -128,
  int16: -32768,
  int32: -2147483648,
  uint8: 0,
  uint16: 0,
  uint32: 0,
};
const INT_HI: Partial<Record<DType, number>> = {
  int8: 127,
  int16: 32767,
  int32: 2147483647,
  uint8: 255,
  uint16: 65535,
  uint32: 4294967295,
};
const I64_LO = -(1n << 63n);
const I64_HI = (1n << 63n) - 1n;
const U64_HI = (1n << 64n) - 1n;

const codeOf = (o: ScalarOptions): string =>
  typeof o.code === 'string' ? o.code.slice(0, 200) : 'tensor.value';
const whereOf = (o: ScalarOptions): string =>
  typeof o.where === 'string' ? o.where.slice(0, 200) : 'tensor';

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array ${fmt(value)}`;
  if (typeof value === 'object') return `an object ${fmt(value)}`;
  if (typeof value === 'string') return `the string ${fmt(value)}`;
  return `${typeof value} ${fmt(value)}`;
}

function wrongType(value: unknown, dtype: DType, o: ScalarOptions): never {
  throw new InvalidArgumentError(
    codeOf(o),
    `${whereOf(o)}: an element of dtype ${String(dtype)} must be a number, a bigint or a boolean; got ${describe(value)}`,
    { dtype, value },
  );
}

function noFit(value: unknown, dtype: DType, why: string, o: ScalarOptions): never {
  throw new DTypeError(codeOf(o), `${whereOf(o)}: value ${fmt(value)} does not fit ${dtype}: ${why}`, {
    dtype,
    value,
  });
}

/**
 * A bigint as a float64 rounded to odd at 53 bits (exact when it fits), so that rounding it once
 * more to float32 / float16 / bfloat16 gives the correctly rounded result (no double rounding).
 */
function bigintToOddDouble(v: bigint): number {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const bits = a.toString(2).length;
  if (bits <= 53) return Number(v);
  const shift = BigInt(bits - 53);
  let r = a >> shift;
  if (r << shift !== a) r |= 1n; // sticky bit: round to odd
  const x = Number(r) * 2 ** (bits - 53);
  return neg ? -x : x;
}

/** A number or bigint as the stored value of a float dtype. */
function toFloat(value: number | bigint, dtype: DType): number {
  if (typeof value === 'bigint') {
    if (dtype === 'float64') return Number(value); // correctly rounded by the language
    value = bigintToOddDouble(value);
  }
  switch (dtype) {
    case 'float32':
      return Math.fround(value);
    case 'float16':
      return float16Bits(value);
    case 'bfloat16':
      return bfloat16Bits(value);
    default:
      return value;
  }
}

function toBool(value: number | bigint | boolean, dtype: DType, o: ScalarOptions): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if ((o.rounding ?? 'exact') !== 'exact') return value === 0 || value === 0n ? 0 : 1;
  if (value === 0 || value === 0n) return 0;
  if (value === 1 || value === 1n) return 1;
  return noFit(value, dtype, 'bool takes true/false (or 0/1)', o);
}

function to64(value: number | bigint, dtype: DType, o: ScalarOptions): bigint {
  const rounding = o.rounding ?? 'exact';
  let big: bigint;
  if (typeof value === 'bigint') big = value;
  else {
    if (!Number.isFinite(value)) return noFit(value, dtype, 'not a finite number', o);
    if (rounding === 'exact') {
      if (!Number.isInteger(value)) return noFit(value, dtype, 'not an integer', o);
      if (!Number.isSafeInteger(value))
        return noFit(value, dtype, 'beyond 2^53: pass a bigint for exact 64-bit values', o);
    }
    big = BigInt(Math.trunc(value));
  }
  const signed = dtype === 'int64';
  if (rounding === 'wrap') return signed ? BigInt.asIntN(64, big) : BigInt.asUintN(64, big);
  if (signed ? big < I64_LO || big > I64_HI : big < 0n || big > U64_HI)
    return noFit(value, dtype, `outside [${signed ? I64_LO : 0n}, ${signed ? I64_HI : U64_HI}]`, o);
  return big;
}

function toSmallInt(value: number | bigint, dtype: DType, o: ScalarOptions): number {
  const lo = INT_LO[dtype] as number;
  const hi = INT_HI[dtype] as number;
  const rounding = o.rounding ?? 'exact';
  if (typeof value === 'bigint') {
    if (value >= BigInt(lo) && value <= BigInt(hi)) return Number(value);
    if (rounding === 'wrap') {
      const bits = INT_BITS[dtype] as number;
      return Number(lo < 0 ? BigInt.asIntN(bits, value) : BigInt.asUintN(bits, value));
    }
    return noFit(value, dtype, `outside [${lo}, ${hi}]`, o);
  }
  if (!Number.isFinite(value)) return noFit(value, dtype, 'not a finite number', o);
  let x = value;
  if (!Number.isInteger(x)) {
    if (rounding === 'exact') return noFit(value, dtype, 'not an integer', o);
    x = Math.trunc(x);
  }
  if (x >= lo && x <= hi) return x === 0 ? 0 : x; // no -0 in integer storage
  if (rounding === 'wrap') {
    const bits = INT_BITS[dtype] as number;
    const m = 2 ** bits;
    let r = x % m; // exact for |x| < 2^1024: fmod is exact
    if (r < 0) r += m;
    return lo < 0 && r > hi ? r - m : r;
  }
  return noFit(value, dtype, `outside [${lo}, ${hi}]`, o);
}

/**
 * Converts a JS scalar to the stored representation of one element of `dtype` — what goes into
 * `tensor.data[i]`: a number (float64/float32 values, float16/bfloat16 bit patterns, ≤ 32-bit
 * integers, bool as 0/1) or a bigint (int64/uint64). Floats round to nearest-even straight from
 * the exact value (bigints too: no double rounding); integers follow `options.rounding`.
 *
 * Throws InvalidArgumentError for values that are not numbers, bigints or booleans, and
 * DTypeError for values that do not fit (see the module doc), both with `options.code`.
 *
 * @example toDTypeScalar(1.1, 'float32')                       // 1.100000023841858
 * @example toDTypeScalar(1, 'float16')                         // 15360 (0x3c00)
 * @example toDTypeScalar(-1, 'uint8', { rounding: 'wrap' })    // 255
 * @example toDTypeScalar(2.7, 'int32', { rounding: 'truncate' }) // 2
 * @example toDTypeScalar(5, 'int64')                           // 5n
 * @example toDTypeScalar(Number.NaN, 'int32', { code: 'jax.at.fill', where: 'jax.at' })
 *          // throws DTypeError 'jax.at: value NaN does not fit int32: not a finite number (jax.at.fill)'
 */
export function toDTypeScalar(
  value: unknown,
  dtype: DType,
  options: ScalarOptions = NO_OPTIONS,
): number | bigint {
  if (options === null || typeof options !== 'object') options = NO_OPTIONS;
  const t = typeof value;
  if (t !== 'number' && t !== 'bigint' && t !== 'boolean') return wrongType(value, dtype, options);
  const v = value as number | bigint | boolean;
  switch (dtype) {
    case 'float64':
    case 'float32':
    case 'float16':
    case 'bfloat16':
      return toFloat(typeof v === 'boolean' ? (v ? 1 : 0) : v, dtype);
    case 'bool':
      return toBool(v, dtype, options);
    case 'int64':
    case 'uint64':
      return to64(typeof v === 'boolean' ? (v ? 1n : 0n) : v, dtype, options);
    case 'int32':
    case 'int16':
    case 'int8':
    case 'uint32':
    case 'uint16':
    case 'uint8':
      return toSmallInt(typeof v === 'boolean' ? (v ? 1 : 0) : v, dtype, options);
    case 'complex64':
    case 'complex128':
      // Two stored components: the tensor layer converts them with complexParts (complex.ts).
      throw new DTypeError(
        typeof options.code === 'string' ? options.code : 'tensor.dtype',
        `${whereOf(options)}: a ${dtype} element is two stored values (real, imaginary), not one scalar`,
        { dtype },
      );
    default:
      throw new DTypeError(
        typeof options.code === 'string' ? options.code : 'tensor.dtype',
        `${whereOf(options)}: unknown dtype ${fmt(dtype)}`,
        {
          dtype,
        },
      );
  }
}
