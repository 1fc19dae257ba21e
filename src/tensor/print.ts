/**
 * Printing tensors: shortest round-trip element strings per dtype and a NumPy-like layout with a
 * print threshold. Works in browsers (no node:util).
 */
import { type ComplexDType, componentDType, formatComplex, isComplex } from './complex.js';
import type { DType, Storage } from './dtype.js';
import { bfloat16Bits, bitsToBfloat16, bitsToFloat16, float16Bits } from './float16.js';

/** Above this many elements `toString()` summarizes (NumPy's default `threshold`). */
export const PRINT_THRESHOLD = 1000;
/** Elements shown at each end of a summarized dimension (NumPy's `edgeitems`). */
export const PRINT_EDGE_ITEMS = 3;
/** Rows wrap past this many characters (NumPy's `linewidth`). */
export const PRINT_LINE_WIDTH = 75;

function numberString(x: number): string {
  if (Object.is(x, -0)) return '-0';
  return String(x); // NaN, Infinity, -Infinity, and JS's shortest round-trip form otherwise
}

/**
 * The shortest decimal string that reads back (through `roundTrip`) as the same element: for
 * a float32 value of 1.1 this is `1.1`, not `1.100000023841858`.
 */
function shortest(x: number, same: (y: number) => boolean, maxDigits: number): string {
  if (!Number.isFinite(x) || x === 0) return numberString(x);
  for (let p = 1; p <= maxDigits; p++) {
    const y = Number(x.toPrecision(p));
    if (same(y)) return numberString(y);
  }
  return numberString(x);
}

/**
 * The string of one stored element of `dtype`: the shortest decimal that round-trips through the
 * dtype (float32 through `Math.fround`, float16/bfloat16 through their bit patterns), exact
 * decimal integers (int64/uint64 without rounding), `true`/`false` for bool, `-0`, `NaN`,
 * `Infinity`.
 *
 * @example formatElement('float32', Math.fround(1.1))   // '1.1'
 * @example formatElement('float16', 0x2e66)              // '0.1'
 * @example formatElement('int64', 2n ** 53n + 1n)        // '9007199254740993'
 */
export function formatElement(dtype: DType, stored: number | bigint): string {
  switch (dtype) {
    case 'bool':
      return stored ? 'true' : 'false';
    case 'float32': {
      const x = stored as number;
      return shortest(x, (y) => Math.fround(y) === x, 9);
    }
    case 'float16': {
      const bits = stored as number;
      return shortest(bitsToFloat16(bits), (y) => float16Bits(y) === bits, 5);
    }
    case 'bfloat16': {
      const bits = stored as number;
      return shortest(bitsToBfloat16(bits), (y) => bfloat16Bits(y) === bits, 5);
    }
    case 'float64':
      return numberString(stored as number);
    default:
      return String(stored);
  }
}

/**
 * The element as a JSON value: numbers for floats and ≤ 32-bit integers (floats in their shortest
 * round-trip form), exact decimal strings for int64/uint64, strings `'NaN'`, `'Infinity'`,
 * `'-Infinity'` for non-finite floats (JSON has no number for them), booleans for bool.
 */
export function jsonElement(dtype: DType, stored: number | bigint): number | string | boolean {
  switch (dtype) {
    case 'bool':
      return stored !== 0;
    case 'int64':
    case 'uint64':
      return String(stored);
    case 'float64':
    case 'float32':
    case 'float16':
    case 'bfloat16': {
      const s = formatElement(dtype, stored);
      const x = Number(s);
      return Number.isFinite(x) && s !== '-0' ? x : s;
    }
    default:
      return stored as number;
  }
}

/** A complex element in JSON: `[re, im]`, each part as {@link jsonElement} writes a float. */
export type JsonComplex = [number | string, number | string];

/** Element `i` of interleaved complex storage as JSON: `[re, im]` (`'NaN'`, `'-0'`… as for floats). */
export function jsonComplex(dtype: ComplexDType, data: ArrayLike<number>, i: number): JsonComplex {
  const f = componentDType(dtype);
  return [jsonElement(f, data[2 * i]) as number | string, jsonElement(f, data[2 * i + 1]) as number | string];
}

/** Element `i` of a storage as text: complex pairs as `re±imj`, everything else by {@link formatElement}. */
function cellString(dtype: DType, data: Storage, i: number): string {
  if (!isComplex(dtype)) return formatElement(dtype, (data as ArrayLike<number | bigint>)[i]);
  const f = componentDType(dtype);
  const d = data as ArrayLike<number>;
  return formatComplex(d[2 * i], d[2 * i + 1], (x) => formatElement(f, x));
}

/** Which positions of a dimension of size `n` are printed (all, or the edges around a `...`). */
function shownIndices(n: number, summarize: boolean): number[] {
  if (!summarize || n <= 2 * PRINT_EDGE_ITEMS) return Array.from({ length: n }, (_, i) => i);
  const out: number[] = [];
  for (let i = 0; i < PRINT_EDGE_ITEMS; i++) out.push(i);
  out.push(-1); // the ellipsis
  for (let i = n - PRINT_EDGE_ITEMS; i < n; i++) out.push(i);
  return out;
}

/**
 * The nested body of a tensor, NumPy style: rows on their own lines, elements right-aligned to
 * one width, `...` for the middle of dimensions when `size > PRINT_THRESHOLD`. Touches at most
 * `(2·edgeitems)^rank` elements, so it is bounded for any tensor (and O(rank) for empty ones,
 * which print `[]`).
 *
 * @param indent columns before the first `[` (continuation lines align under it)
 */
export function formatBody(
  dtype: DType,
  shape: readonly number[],
  data: Storage,
  size: number,
  indent: number,
): string {
  const rank = shape.length;
  if (rank === 0) return cellString(dtype, data, 0);
  if (size === 0) return '[]';
  const summarize = size > PRINT_THRESHOLD;
  const strides = new Array<number>(rank);
  let acc = 1;
  for (let d = rank - 1; d >= 0; d--) {
    strides[d] = acc;
    acc *= shape[d];
  }
  const shown = shape.map((n) => shownIndices(n, summarize));
  // First pass: the element strings, to find the common width.
  let width = 0;
  const cells = new Map<number, string>();
  const collect = (dim: number, off: number): void => {
    for (const i of shown[dim]) {
      if (i < 0) continue;
      const o = off + i * strides[dim];
      if (dim === rank - 1) {
        const s = cellString(dtype, data, o);
        cells.set(o, s);
        if (s.length > width) width = s.length;
      } else collect(dim + 1, o);
    }
  };
  collect(0, 0);
  const render = (dim: number, off: number, col: number): string => {
    if (dim === rank - 1) {
      const items = shown[dim].map((i) =>
        i < 0 ? '...' : (cells.get(off + i * strides[dim]) as string).padStart(width),
      );
      // Wrap long rows at the line width, continuation lines aligned after the `[`.
      const lines: string[] = [];
      let line = '';
      for (let k = 0; k < items.length; k++) {
        const piece = items[k] + (k < items.length - 1 ? ',' : '');
        if (line && col + 1 + line.length + 1 + piece.length > PRINT_LINE_WIDTH) {
          lines.push(line);
          line = piece;
        } else line = line ? `${line} ${piece}` : piece;
      }
      lines.push(line);
      return `[${lines.join(`\n${' '.repeat(col + 1)}`)}]`;
    }
    const parts = shown[dim].map((i) => (i < 0 ? '...' : render(dim + 1, off + i * strides[dim], col + 1)));
    const gap = `,${'\n'.repeat(Math.max(1, rank - dim - 1))}${' '.repeat(col + 1)}`;
    return `[${parts.join(gap)}]`;
  };
  return render(0, 0, indent);
}
