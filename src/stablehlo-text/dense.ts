/**
 * Dense literals: `dense<[[1, 2], [3, 4]]>`, splats `dense<1>` (every element 1), hex blobs
 * `dense<"0x0000803F…">` (little-endian raw bytes; for a splat the blob holds one element) and
 * XLA's `{ {1, 2}, {3, 4} }`. Elements: decimal or hex-float literals (`0x7FC00000` as an f32
 * element is a bit pattern), integers, `true` / `false`, `inf` / `nan`. Read iteratively:
 * nesting deeper than the maximum rank is a typed error at once, never a deep recursion.
 */
import type { TensorType } from '../ir/program.js';
import { type ComplexDType, componentDType } from '../tensor/complex.js';
import { type DType, allocStorage, byteSize, integerRange, isComplex, isFloat } from '../tensor/dtype.js';
import { bfloat16Bits, float16Bits } from '../tensor/float16.js';
import { bytesToStorage } from '../interop/npy.js';
import { MAX_RANK, Tensor, checkedSize } from '../tensor/tensor.js';
import { type Cursor, describe } from './cursor.js';
import { complexError, textError } from './diagnostics.js';
import { formatType } from './types.js';

/** One scalar of a literal as written. */
export type Elem =
  | { readonly t: 'int'; readonly text: string; readonly neg: boolean }
  | { readonly t: 'float'; readonly text: string; readonly neg: boolean }
  | { readonly t: 'bool'; readonly v: boolean }
  | { readonly t: 'special'; readonly v: number } // inf, nan
  | { readonly t: 'complex'; readonly re: Elem; readonly im: Elem }; // (re, im)

/** A literal before its type is applied, with the line it starts on. */
export type DenseLit = (
  | { readonly kind: 'splat'; readonly elem: Elem }
  | { readonly kind: 'list'; readonly shape: readonly number[]; readonly elems: readonly Elem[] }
  | { readonly kind: 'hex'; readonly hex: string }
) & { readonly line: number };

/** Most elements a literal may write out (a bound on the text, not on the tensor: splats fill any size). */
const MAX_ELEMENTS = 1 << 26;

/** Reads one scalar element: `-1`, `2.5e3`, `0x7FC00000`, `true`, `inf`, `-nan`. */
export function readElem(c: Cursor): Elem {
  const t = c.peek();
  let neg = false;
  if (t.kind === 'p' && t.text === '-') {
    c.next();
    neg = true;
  } else if (t.kind === 'p' && t.text === '+') c.next();
  const u = c.next();
  if (u.kind === 'int') return { t: 'int', text: u.text, neg };
  if (u.kind === 'float') return { t: 'float', text: u.text, neg };
  if (u.kind === 'id') {
    const w = u.text.toLowerCase();
    if (!neg && (u.text === 'true' || u.text === 'false')) return { t: 'bool', v: u.text === 'true' };
    if (w === 'inf' || w === 'infinity') return { t: 'special', v: neg ? -Infinity : Infinity };
    if (w === 'nan') return { t: 'special', v: Number.NaN };
  }
  if (u.kind === 'p' && u.text === '(' && !neg) {
    // A complex element: `(re, im)`, each part a real literal.
    const re = readElem(c);
    if (!c.eatP(',') || re.t === 'complex') complexError(u.line, 'a complex literal is "(re, im)"; this one');
    const im = readElem(c);
    if (!c.eatP(')') || im.t === 'complex') complexError(u.line, 'a complex literal is "(re, im)"; this one');
    return { t: 'complex', re, im };
  }
  if (u.kind === 'p' && u.text === '...')
    textError(
      'dense',
      u.line,
      'an elided literal ("...": the dump left the values out); dump it with the values',
    );
  textError('dense', u.line, `expected a number, true or false in a literal; got ${describe(u)}`);
}

/**
 * Reads a literal body with `open`/`close` list brackets (`[`/`]` for MLIR, `{`/`}` for HLO):
 * a nested list, a scalar (splat), or a hex string. Iterative; nesting beyond MAX_RANK is a
 * typed error.
 */
export function readLiteral(c: Cursor, open: '[' | '{', close: ']' | '}'): DenseLit {
  const first = c.peek();
  const line = first.line;
  if (first.kind === 'str') {
    c.next();
    if (!/^0x[0-9a-fA-F]*$/.test(first.text))
      textError(
        'dense',
        line,
        'a string literal must be hex bytes "0x…" (other string tensors are not supported)',
      );
    return { kind: 'hex', hex: first.text.slice(2), line };
  }
  if (!(first.kind === 'p' && first.text === open)) return { kind: 'splat', elem: readElem(c), line };
  const shape: (number | undefined)[] = [];
  const counts: number[] = [];
  const elems: Elem[] = [];
  let rank = -1; // depth at which scalars sit, once known
  let depth = 0;
  for (;;) {
    const t = c.peek();
    if (t.kind === 'p' && t.text === open) {
      if (rank >= 0 && depth >= rank)
        textError('dense', t.line, 'a nested list where a scalar was expected (ragged literal)');
      if (depth >= MAX_RANK) textError('nesting', t.line, `a literal nested deeper than rank ${MAX_RANK}`);
      c.next();
      counts[depth] = 0;
      depth++;
      if (depth > 1) counts[depth - 2]++;
      continue;
    }
    if (t.kind === 'p' && t.text === close) {
      c.next();
      const count = counts[depth - 1];
      if (count === 0) {
        // an empty list: its depth is the rank
        if (rank >= 0 && rank !== depth)
          textError('dense', t.line, 'an empty list at the wrong depth (ragged literal)');
        rank = depth;
      }
      if (shape[depth - 1] === undefined) shape[depth - 1] = count;
      else if (shape[depth - 1] !== count)
        textError(
          'dense',
          t.line,
          `ragged literal: a list of ${count} where ${shape[depth - 1]} were expected`,
        );
      depth--;
      if (depth === 0) break;
      if (!separator(c, close)) continue;
      continue;
    }
    if (depth === 0) break;
    // a scalar
    if (rank >= 0 && rank !== depth)
      textError('dense', t.line, 'a scalar where a nested list was expected (ragged literal)');
    rank = depth;
    elems.push(readElem(c));
    if (elems.length > MAX_ELEMENTS)
      textError('dense', t.line, `a literal of more than ${MAX_ELEMENTS} elements`);
    counts[depth - 1]++;
    separator(c, close);
  }
  const dims = shape.slice(0, rank < 0 ? shape.length : rank).map((d) => d ?? 0);
  return { kind: 'list', shape: dims, elems, line };
}

/** After an item: a comma (then an item must follow) or the closing bracket. */
function separator(c: Cursor, close: string): boolean {
  const t = c.peek();
  if (t.kind === 'p' && t.text === ',') {
    c.next();
    const u = c.peek();
    if (u.kind === 'p' && u.text === close)
      textError('dense', u.line, `a trailing comma before ${JSON.stringify(close)}`);
    return true;
  }
  if (t.kind === 'p' && t.text === close) return false;
  textError('dense', t.line, `expected "," or ${JSON.stringify(close)} in a literal; got ${describe(t)}`);
}

const BITS: Partial<Record<DType, number>> = {
  int8: 8,
  int16: 16,
  int32: 32,
  int64: 64,
  uint8: 8,
  uint16: 16,
  uint32: 32,
  uint64: 64,
  bool: 1,
  float16: 16,
  bfloat16: 16,
  float32: 32,
  float64: 64,
};

type Store = { [i: number]: number | bigint };

/** The stored value of one element in `dtype`, or a typed error. */
function encode(e: Elem, dtype: DType, line: number): number | bigint {
  if (e.t === 'complex') textError('dense', line, `a ${dtype} element cannot be the complex ${elemText(e)}`);
  if (dtype === 'bool') {
    if (e.t === 'bool') return e.v ? 1 : 0;
    if (e.t === 'int' && !e.neg && (e.text === '0' || e.text === '1')) return Number(e.text);
    textError('dense', line, `an i1 element must be true or false; got ${elemText(e)}`);
  }
  if (isFloat(dtype)) {
    if (e.t === 'bool') textError('dense', line, `a ${dtype} element cannot be ${e.v}`);
    if (e.t === 'special') return floatStore(e.v, dtype);
    if (e.t === 'int' && /^0[xX]/.test(e.text)) {
      // a bit pattern of the element type's width
      const bits = BigInt(e.text);
      const width = BITS[dtype] as number;
      if (e.neg || bits >= 1n << BigInt(width))
        textError('dense', line, `hex literal ${e.text} does not fit the ${width} bits of ${dtype}`);
      if (dtype === 'float64') return new Float64Array(new BigUint64Array([bits]).buffer)[0];
      if (dtype === 'float32') return new Float32Array(new Uint32Array([Number(bits)]).buffer)[0];
      return Number(bits); // float16 / bfloat16 are stored as their bits
    }
    const v = Number(e.text);
    return floatStore(e.neg ? -v : v, dtype);
  }
  // integers
  if (e.t !== 'int') textError('dense', line, `a ${dtype} element must be an integer; got ${elemText(e)}`);
  const width = BITS[dtype] as number;
  const hex = /^0[xX]/.test(e.text);
  let v = BigInt(e.text);
  if (e.neg) v = -v;
  const [lo, hi] = integerRange(dtype);
  const unsigned = lo === 0n;
  // MLIR: a literal fits when it fits the width as a signed or an unsigned number (then wraps).
  const fits = unsigned ? v >= 0n && v <= hi : v >= lo && v <= (1n << BigInt(width)) - 1n;
  if (!fits || (hex && e.neg)) textError('dense', line, `${elemText(e)} does not fit ${dtype}`);
  if (!unsigned && v > hi) v -= 1n << BigInt(width);
  return width === 64 ? v : Number(v);
}

function floatStore(v: number, dtype: DType): number {
  if (dtype === 'float16') return float16Bits(v);
  if (dtype === 'bfloat16') return bfloat16Bits(v);
  return v;
}

function elemText(e: Elem): string {
  if (e.t === 'complex') return `(${elemText(e.re)}, ${elemText(e.im)})`;
  if (e.t === 'bool') return String(e.v);
  if (e.t === 'special') return String(e.v);
  return `${e.neg ? '-' : ''}${e.text}`;
}

/** A list literal must have exactly its type's shape (a splat is written `dense<v>`). */
function checkListShape(lit: DenseLit & { kind: 'list' }, type: TensorType): void {
  const same = lit.shape.length === type.shape.length && lit.shape.every((d, k) => d === type.shape[k]);
  if (!same)
    textError(
      'dense',
      lit.line,
      `a literal of shape [${lit.shape.join(', ')}] does not match its type ${formatType(type)}`,
    );
}

/**
 * The raw little-endian bytes of a hex literal: `size` elements of the type's width, or exactly
 * one element (a splat, MLIR's short form for a constant tensor).
 */
function hexBytes(
  lit: DenseLit & { kind: 'hex' },
  type: TensorType,
  size: number,
): { raw: Uint8Array; splat: boolean } {
  const bytes = byteSize(type.dtype);
  const nbytes = lit.hex.length / 2;
  if (lit.hex.length % 2 !== 0) textError('dense', lit.line, 'a hex literal with an odd number of digits');
  const splat = nbytes === bytes && size !== 1;
  if (nbytes !== size * bytes && !splat)
    textError(
      'dense',
      lit.line,
      `a hex literal of ${nbytes} bytes does not fit ${formatType(type)} (${size} elements of ${bytes} bytes, or one for a splat)`,
    );
  const raw = new Uint8Array(nbytes);
  for (let k = 0; k < nbytes; k++) raw[k] = Number.parseInt(lit.hex.slice(2 * k, 2 * k + 2), 16);
  return { raw, splat };
}

/** The tensor a literal denotes under `type` (shape and element type), or a typed error. */
export function literalTensor(lit: DenseLit, type: TensorType): Tensor {
  if (isComplex(type.dtype)) return complexLiteral(lit, type, type.dtype);
  const line = lit.line;
  const size = checkedSize(type.shape, type.dtype, `stablehlo_text line ${line}`);
  const data = allocStorage(type.dtype, size) as unknown as Store;
  if (lit.kind === 'splat') {
    const v = encode(lit.elem, type.dtype, line);
    (data as unknown as { fill(v: number | bigint): void }).fill(v);
  } else if (lit.kind === 'list') {
    checkListShape(lit, type);
    for (let k = 0; k < size; k++) data[k] = encode(lit.elems[k], type.dtype, line);
  } else {
    const { raw, splat } = hexBytes(lit, type, size);
    const bad = type.dtype === 'bool' ? raw.find((b) => b > 1) : undefined;
    if (bad !== undefined) textError('dense', line, `an i1 byte must be 0 or 1; got ${bad}`);
    // The bytes are little-endian whatever the host (StableHLO's hex form).
    const values = bytesToStorage(type.dtype, raw, splat ? 1 : size, true) as unknown as Store;
    if (splat) (data as unknown as { fill(v: number | bigint): void }).fill(values[0]);
    else (data as unknown as { set(v: Store): void }).set(values);
  }
  return new Tensor(type.dtype, type.shape, data as never);
}

/** The two stored parts of a `(re, im)` element of a complex type, each read as its component float. */
function complexPair(e: Elem, dtype: ComplexDType, line: number): [number, number] {
  if (e.t !== 'complex')
    textError('dense', line, `a ${dtype} element must be "(re, im)"; got ${elemText(e)}`);
  const f = componentDType(dtype);
  return [encode(e.re, f, line) as number, encode(e.im, f, line) as number];
}

/** literalTensor for complex<f32> / complex<f64>: pairs, splats of a pair, or raw (re, im) bytes. */
function complexLiteral(lit: DenseLit, type: TensorType, dtype: ComplexDType): Tensor {
  const line = lit.line;
  const size = checkedSize(type.shape, dtype, `stablehlo_text line ${line}`);
  const data = allocStorage(dtype, size) as Float32Array | Float64Array;
  if (lit.kind === 'splat') {
    const [re, im] = complexPair(lit.elem, dtype, line);
    for (let k = 0; k < 2 * size; k += 2) {
      data[k] = re;
      data[k + 1] = im;
    }
  } else if (lit.kind === 'list') {
    checkListShape(lit, type);
    for (let k = 0; k < size; k++) [data[2 * k], data[2 * k + 1]] = complexPair(lit.elems[k], dtype, line);
  } else {
    const { raw, splat } = hexBytes(lit, type, size);
    const values = bytesToStorage(dtype, raw, splat ? 1 : size, true) as Float32Array | Float64Array;
    for (let k = 0; k < 2 * size; k++) data[k] = values[splat ? k % 2 : k];
  }
  return new Tensor(dtype, type.shape, data as never);
}
