/**
 * Element types. Storage is always a plain typed array:
 * float16 and bfloat16 as their IEEE bit patterns in a Uint16Array, bool as 0/1 in a
 * Uint8Array, 64-bit integers in BigInt64Array / BigUint64Array.
 */
import { DTypeError, InvalidArgumentError, fmt } from '../errors.js';
import { type Complex, type ComplexDType, isComplex } from './complex.js';
import { bitsToBfloat16, bitsToFloat16 } from './float16.js';
import { type ScalarOptions, toDTypeScalar } from './scalar.js';

/** Every dtype a tensor can have, in the order tables list them. */
export const DTYPES = [
  'float64',
  'float32',
  'float16',
  'bfloat16',
  'int64',
  'int32',
  'int16',
  'int8',
  'uint64',
  'uint32',
  'uint16',
  'uint8',
  'bool',
  'complex64',
  'complex128',
] as const;

/** An element type name. */
export type DType = (typeof DTYPES)[number];

/** The typed array that stores each dtype. */
export interface StorageMap {
  /** IEEE double. */
  float64: Float64Array;
  /** IEEE single. */
  float32: Float32Array;
  /** IEEE half, as its 16-bit patterns (see `float16Bits` / `bitsToFloat16`). */
  float16: Uint16Array;
  /** bfloat16, as its 16-bit patterns (see `bfloat16Bits` / `bitsToBfloat16`). */
  bfloat16: Uint16Array;
  /** Signed 64-bit integers, as bigints. */
  int64: BigInt64Array;
  /** Signed 32-bit integers. */
  int32: Int32Array;
  /** Signed 16-bit integers. */
  int16: Int16Array;
  /** Signed 8-bit integers. */
  int8: Int8Array;
  /** Unsigned 64-bit integers, as bigints. */
  uint64: BigUint64Array;
  /** Unsigned 32-bit integers. */
  uint32: Uint32Array;
  /** Unsigned 16-bit integers. */
  uint16: Uint16Array;
  /** Unsigned 8-bit integers. */
  uint8: Uint8Array;
  /** Booleans as 0 / 1 bytes. */
  bool: Uint8Array;
  /** Complex numbers as interleaved (re, im) float32 pairs. */
  complex64: Float32Array;
  /** Complex numbers as interleaved (re, im) float64 pairs. */
  complex128: Float64Array;
}
/** The storage of any dtype: one of the typed arrays of `StorageMap`. */
export type Storage = StorageMap[DType];

/**
 * A JS value of one real element: numbers for floats and ≤32-bit ints, bigint for 64-bit ints.
 * A complex element is a {@link Complex} (see {@link ElementOf}).
 */
export type Scalar = number | bigint | boolean;

/** The JS value of one element of `D` (`Scalar` when `D` is not known). */
export type ScalarOf<D extends DType> = D extends 'int64' | 'uint64'
  ? bigint
  : D extends 'bool'
    ? boolean
    : number;

/** The JS value of one element of `D`, complex dtypes included (`{ re, im }`). */
export type ElementOf<D extends DType> = D extends ComplexDType ? Complex : ScalarOf<D>;

type Ctor = { new (n: number): Storage; new (buf: ArrayBufferLike, off: number, len: number): Storage };

const CTORS: Record<DType, Ctor> = {
  float64: Float64Array,
  float32: Float32Array,
  float16: Uint16Array,
  bfloat16: Uint16Array,
  int64: BigInt64Array,
  int32: Int32Array,
  int16: Int16Array,
  int8: Int8Array,
  uint64: BigUint64Array,
  uint32: Uint32Array,
  uint16: Uint16Array,
  uint8: Uint8Array,
  bool: Uint8Array,
  complex64: Float32Array,
  complex128: Float64Array,
} as unknown as Record<DType, Ctor>;

const BYTES: Record<DType, number> = {
  float64: 8,
  float32: 4,
  float16: 2,
  bfloat16: 2,
  int64: 8,
  int32: 4,
  int16: 2,
  int8: 1,
  uint64: 8,
  uint32: 4,
  uint16: 2,
  uint8: 1,
  bool: 1,
  complex64: 8,
  complex128: 16,
};

/** A caller-supplied message prefix, made safe to interpolate (a string of at most 200 characters). */
export function label(where: unknown, fallback: string): string {
  return typeof where === 'string' ? (where.length > 200 ? `${where.slice(0, 200)}…` : where) : fallback;
}

export {
  type Complex,
  type ComplexDType,
  COMPLEX_DTYPES,
  complex,
  isComplex,
  isComplexValue,
} from './complex.js';

/** Is `name` one of `DTYPES`? */
export function isDType(name: unknown): name is DType {
  return typeof name === 'string' && Object.hasOwn(BYTES, name);
}

/** Throws a DTypeError unless `name` is a known dtype. */
export function assertDType(name: unknown, where = 'tensor'): DType {
  if (!isDType(name)) {
    throw new DTypeError(
      'tensor.dtype',
      `${label(where, 'tensor')}: unknown dtype ${fmt(name)}; expected one of ${DTYPES.join(', ')}`,
      { dtype: name },
    );
  }
  return name;
}

/** Bytes per element of a dtype (complex: both parts). */
export function byteSize(dtype: DType): number {
  return BYTES[dtype];
}

/** The typed-array constructor that stores `dtype` (see `StorageMap`). */
export function storageConstructor(dtype: DType): Ctor {
  return CTORS[dtype];
}

/** Storage slots per element: 2 for complex dtypes (real, imag interleaved), else 1. */
export function storageFactor(dtype: DType): number {
  return isComplex(dtype) ? 2 : 1;
}

/** Allocates zeroed storage for `n` elements (2n floats for a complex dtype). */
export function allocStorage<D extends DType>(dtype: D, n: number): StorageMap[D] {
  if (!isDType(dtype)) assertDType(dtype, 'allocStorage');
  if (!Number.isSafeInteger(n) || n < 0)
    throw new InvalidArgumentError(
      'tensor.alloc_size',
      `allocStorage: n must be a safe integer >= 0; got ${fmt(n)}`,
      {
        n: fmt(n),
      },
    );
  return new CTORS[dtype](n * storageFactor(dtype)) as StorageMap[D];
}

/** Real floating-point dtypes (complex ones are not: see `isComplex`). */
export const isFloat = (d: DType): boolean =>
  d === 'float64' || d === 'float32' || d === 'float16' || d === 'bfloat16';
/** Is the dtype `bool`? */
export const isBool = (d: DType): boolean => d === 'bool';
/** Is the dtype a signed or unsigned integer? */
export const isInteger = (d: DType): boolean => !isFloat(d) && d !== 'bool' && !isComplex(d);
/** Is the dtype int64 or uint64 (stored as bigints)? */
export const is64Bit = (d: DType): boolean => d === 'int64' || d === 'uint64';
/** Is the dtype a 16-bit float (float16 or bfloat16, stored as bit patterns)? */
export const isHalf = (d: DType): boolean => d === 'float16' || d === 'bfloat16';
/** Can the dtype hold negative values (signed integers, floats, complex)? */
export const isSigned = (d: DType): boolean =>
  // A predicate answers false for a value that is not a dtype name (it has no `startsWith`).
  (typeof d === 'string' && d.startsWith('int')) || isFloat(d) || isComplex(d);
/** The integer dtypes (index tensors take these). */
export const INTEGER_DTYPES: readonly DType[] = DTYPES.filter(isInteger);

/** Inclusive integer range of an integer dtype, as bigints. */
export function integerRange(d: DType): [bigint, bigint] {
  switch (d) {
    case 'int8':
      return [-128n, 127n];
    case 'int16':
      return [-32768n, 32767n];
    case 'int32':
      return [-2147483648n, 2147483647n];
    case 'int64':
      return [-(1n << 63n), (1n << 63n) - 1n];
    case 'uint8':
      return [0n, 255n];
    case 'uint16':
      return [0n, 65535n];
    case 'uint32':
      return [0n, 4294967295n];
    case 'uint64':
      return [0n, (1n << 64n) - 1n];
    case 'bool':
      return [0n, 1n];
    default:
      throw new DTypeError('tensor.dtype', `${String(d)} is not an integer dtype`, { dtype: d });
  }
}

/**
 * Converts a JS value to the stored representation of `dtype`, or throws if it does not fit
 * (non-integers or out-of-range values for integer dtypes, non-booleans for bool; DTypeError
 * `tensor.value`) or is not a number, bigint or boolean (InvalidArgumentError `tensor.value`).
 * Floats round to nearest-even; float16/bfloat16 become their bit patterns. The exact-rounding
 * case of {@link toDTypeScalar}, which takes a rule code and other rounding modes.
 *
 * @example encodeScalar('int64', 3)   // 3n
 */
export function encodeScalar(dtype: DType, value: Scalar, where = 'tensor'): number | bigint {
  return toDTypeScalar(value, dtype, where === 'tensor' ? TENSOR_VALUE : { where: label(where, 'tensor') });
}
const TENSOR_VALUE: ScalarOptions = { where: 'tensor' };

/** Converts a stored value back to its JS value (numbers, bigint for 64-bit ints, boolean). */
export function decodeScalar(dtype: DType, stored: number | bigint): Scalar {
  switch (dtype) {
    case 'bool':
      return stored !== 0 && stored !== 0n;
    case 'float16':
      return bitsToFloat16(Number(stored));
    case 'bfloat16':
      return bitsToBfloat16(Number(stored));
    default:
      return stored;
  }
}

/** The default fill value of JAX's `fill` mode: NaN, the minimum signed, the maximum unsigned, true. */
export function defaultFillValue(dtype: DType): Scalar {
  let v = FILL_VALUES.get(dtype);
  if (v === undefined) {
    v = computeFillValue(dtype);
    FILL_VALUES.set(dtype, v);
  }
  return v;
}

/** Computed once per dtype (resolving a call's options asks for it every time). */
const FILL_VALUES = new Map<DType, Scalar>();

function computeFillValue(dtype: DType): Scalar {
  // JAX fills inexact dtypes with NaN; into a complex dtype that is NaN+0j.
  if (isFloat(dtype) || isComplex(dtype)) return Number.NaN;
  if (dtype === 'bool') return true;
  const [lo, hi] = integerRange(dtype);
  const v = isSigned(dtype) ? lo : hi;
  return is64Bit(dtype) ? v : Number(v);
}
