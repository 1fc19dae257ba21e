/**
 * Complex element types. A complex64 / complex128 tensor of n elements stores 2n floats
 * (float32 / float64) interleaved as (real, imag), NumPy's and PyTorch's memory layout, so a
 * `.npy` `<c8` body or an ONNX COMPLEX64 raw_data is the storage byte for byte. `size` stays the
 * element count; `data.length` is twice it. An element's JS value is a frozen `{ re, im }`.
 */
import { InvalidArgumentError, fmt } from '../errors.js';

/** One complex element as a JS value. */
export interface Complex {
  /** The real part. */
  readonly re: number;
  /** The imaginary part. */
  readonly im: number;
}

/** The complex dtypes. */
export const COMPLEX_DTYPES = ['complex64', 'complex128'] as const;
/** `complex64` or `complex128`. */
export type ComplexDType = (typeof COMPLEX_DTYPES)[number];

/** True for complex64 and complex128. */
export function isComplex(dtype: string): dtype is ComplexDType {
  return dtype === 'complex64' || dtype === 'complex128';
}

/** The float dtype of each of a complex dtype's two components. */
export function componentDType(dtype: ComplexDType): 'float32' | 'float64' {
  return dtype === 'complex64' ? 'float32' : 'float64';
}

/** A complex value; `im` defaults to 0. Frozen, so a value read from a tensor cannot be edited in place. */
export function complex(re: number, im = 0): Complex {
  return Object.freeze({ re, im });
}

/** True for a `{ re, im }` object with number components (what a complex element reads as). */
export function isComplexValue(value: unknown): value is Complex {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as Complex).re === 'number' &&
    typeof (value as Complex).im === 'number'
  );
}

/**
 * The two stored components of a JS value as an element of a complex dtype: a `{ re, im }`
 * object, or a real number / bigint / boolean (imaginary part 0, as NumPy casts a real into a
 * complex array). complex64 rounds each component to float32 (nearest-even, NumPy's cast).
 * Anything else is InvalidArgumentError `code`.
 *
 * @example complexParts({ re: 1.1, im: -2 }, 'complex64', 'tensor')   // [1.100000023841858, -2]
 */
export function complexParts(
  value: unknown,
  dtype: ComplexDType,
  where: string,
  code = 'tensor.value',
): [number, number] {
  let re: number;
  let im = 0;
  if (isComplexValue(value)) {
    re = value.re;
    im = value.im;
  } else if (typeof value === 'number') re = value;
  else if (typeof value === 'bigint') re = Number(value);
  else if (typeof value === 'boolean') re = value ? 1 : 0;
  else
    throw new InvalidArgumentError(
      code,
      `${where}: an element of dtype ${dtype} must be a number or a { re, im } object of numbers; got ${fmt(value)}`,
      { dtype },
    );
  return dtype === 'complex64' ? [Math.fround(re), Math.fround(im)] : [re, im];
}

/** The element at `i` of interleaved complex storage, as a frozen `{ re, im }`. */
export function readComplex(data: ArrayLike<number>, i: number): Complex {
  return complex(data[2 * i], data[2 * i + 1]);
}

/** Python's spelling of a float part: `nan`, `inf`, `-inf`, else the given shortest form. */
function pythonFloat(s: string): string {
  if (s === 'NaN') return 'nan';
  if (s === 'Infinity') return 'inf';
  if (s === '-Infinity') return '-inf';
  return s;
}

/**
 * A complex element NumPy style, `re±imj` (`1-2j`, `0+1j`, `nan+nanj`, `-0-0j`), each part in
 * the shortest form that reads back as the same component (`part` formats one float).
 */
export function formatComplex(re: number, im: number, part: (x: number) => string): string {
  const r = pythonFloat(part(re));
  let i = pythonFloat(part(im));
  // NumPy prints a NaN imaginary part as `+nanj` whatever its sign bit.
  const negative = !Number.isNaN(im) && (im < 0 || Object.is(im, -0));
  if (negative) i = i.slice(1);
  return `${r}${negative ? '-' : '+'}${i}j`;
}

/**
 * Nested JSON-style values with complex elements written as innermost `[re, im]` pairs (the
 * form `toJSON` writes) → the same nesting with `{ re, im }` leaves; other leaves pass through
 * (a real number is a real element). A non-pair innermost list is InvalidArgumentError `code`.
 *
 * @example (pairsToComplex([[1, 2], [3, -4]], 'arg', 'x.complex_json') as Complex[])[1].im   // -4
 */
export function pairsToComplex(v: unknown, where: string, code: string): unknown {
  if (!Array.isArray(v)) return v;
  if (v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number') return complex(v[0], v[1]);
  if (v.length > 0 && v.every((x) => !Array.isArray(x)))
    throw new InvalidArgumentError(
      code,
      `${where}: complex elements are [re, im] pairs of numbers; got an innermost list of ${v.length} values`,
    );
  return v.map((x) => pairsToComplex(x, where, code));
}
