/**
 * Typed-array tensors straight from parsed JSON: one walk flattens the nested arrays into a
 * Float64Array (shape from the nesting), and the registry gets a ready tensor of the dtype it
 * would have chosen (`CallArgs.tensors`), so a 512×512 input is never converted twice. Only
 * plain rectangular arrays of numbers take this path; anything else (booleans, ragged nesting,
 * a dtype that rejects a value) returns null and the registry converts the nested values
 * itself, with its own error messages.
 */
import type { Scalar } from '../src/tensor/dtype.js';
import { type DType, isComplex } from '../src/tensor/dtype.js';
import { GatherScatterError } from '../src/errors.js';
import { MAX_RANK, type Tensor, tensor } from '../src/tensor/tensor.js';

/** Flat numbers of a rectangular nested array of numbers, with its shape; null otherwise. */
export function flattenNumbers(v: unknown): { shape: number[]; flat: Float64Array; int32: boolean } | null {
  const shape: number[] = [];
  let x = v;
  while (Array.isArray(x)) {
    if (shape.length === MAX_RANK || x.length === 0) return null;
    shape.push(x.length);
    x = x[0];
  }
  if (!shape.length) return null;
  let n = 1;
  for (const d of shape) n *= d;
  if (n > 1 << 28) return null;
  const flat = new Float64Array(n);
  const rank = shape.length;
  const inner = shape[rank - 1];
  let at = 0;
  let int32 = true;
  const walk = (a: unknown, dim: number): boolean => {
    if (!Array.isArray(a) || a.length !== shape[dim]) return false;
    if (dim === rank - 1) {
      for (let i = 0; i < inner; i++) {
        const e = a[i];
        if (typeof e !== 'number') return false;
        if (int32 && e !== (e | 0)) int32 = false;
        flat[at++] = e;
      }
      return true;
    }
    for (let i = 0; i < a.length; i++) if (!walk(a[i], dim + 1)) return false;
    return true;
  };
  return walk(v, 0) ? { shape, flat, int32 } : null;
}

/**
 * The tensor `toTensor` (src/tables/registry.ts) would build from `v`: `dtype` when given,
 * else int32 when every value is an int32, else float32 (`keepFloat64`: float64, as a plain
 * `tensor(v)` infers). Null when `v` is not a plain array of numbers or a value does not fit.
 */
export function jsonTensor(v: unknown, dtype?: DType, keepFloat64 = false): Tensor | null {
  const f = flattenNumbers(v);
  return f ? denseTensor(f, dtype, keepFloat64) : null;
}

/** {@link jsonTensor} from numbers already flat (a parsed nested array, or dense.ts's reader). */
export function denseTensor(
  f: { readonly shape: number[]; readonly flat: Float64Array; readonly int32: boolean },
  dtype?: DType,
  keepFloat64 = false,
): Tensor | null {
  const { shape, flat, int32 } = f;
  const dt: DType = dtype ?? (int32 ? 'int32' : keepFloat64 ? 'float64' : 'float32');
  try {
    switch (dt) {
      case 'float64':
        return tensor(flat, dt, shape);
      case 'float32':
        return tensor(new Float32Array(flat), dt, shape);
      case 'int32':
        if (int32) return tensor(new Int32Array(flat), dt, shape);
        break;
      case 'int64':
        // int32 values are safe integers; others are checked once.
        if (int32 || flat.every(Number.isSafeInteger)) return tensor(int64Of(flat, int32), dt, shape);
        break;
    }
    // Other dtypes: the library's own per-element conversion (the same checks as nested input).
    return tensor(flat, dt, shape);
  } catch (e) {
    // A value the dtype refuses: the registry converts the nested values with its own message.
    if (e instanceof GatherScatterError) return null;
    throw e;
  }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const TWO32 = 4294967296;

/**
 * Safe integers as a BigInt64Array, written as two 32-bit words each (no BigInt per element:
 * 262,144 of those cost tens of milliseconds before the JIT warms up).
 */
function int64Of(flat: Float64Array, int32: boolean): BigInt64Array {
  const out = new BigInt64Array(flat.length);
  if (!LITTLE_ENDIAN) {
    for (let i = 0; i < flat.length; i++) out[i] = BigInt(flat[i]);
    return out;
  }
  const w = new Int32Array(out.buffer);
  if (int32) {
    for (let i = 0; i < flat.length; i++) {
      const v = flat[i];
      w[2 * i] = v;
      w[2 * i + 1] = v >> 31; // the sign
    }
    return out;
  }
  for (let i = 0; i < flat.length; i++) {
    const v = flat[i];
    w[2 * i] = v | 0; // the low 32 bits (ToInt32 is modulo 2^32)
    w[2 * i + 1] = Math.floor(v / TWO32);
  }
  return out;
}

/**
 * Numbers of 64-bit integer storage without a BigInt per element (read as two 32-bit words;
 * the same rounding as `Number(bigint)` past 2^53).
 */
export function int64Numbers(a: BigInt64Array | BigUint64Array): Float64Array {
  const n = a.length;
  const out = new Float64Array(n);
  if (!LITTLE_ENDIAN) {
    for (let i = 0; i < n; i++) out[i] = Number(a[i]);
    return out;
  }
  const w = new Int32Array(a.buffer, a.byteOffset, 2 * n);
  if (a instanceof BigInt64Array)
    for (let i = 0; i < n; i++) out[i] = w[2 * i + 1] * TWO32 + (w[2 * i] >>> 0);
  else for (let i = 0; i < n; i++) out[i] = (w[2 * i + 1] >>> 0) * TWO32 + (w[2 * i] >>> 0);
  return out;
}

/**
 * A tensor's elements as JS values without a copy where the storage holds them as they are
 * (numbers, bigints for 64-bit ints); bool and float16/bfloat16 are decoded.
 */
export function flatValues(t: Tensor): ArrayLike<Scalar> {
  // Complex storage interleaves (re, im): its cells are the { re, im } elements (shown a+bi).
  return t.dtype === 'bool' || t.dtype === 'float16' || t.dtype === 'bfloat16' || isComplex(t.dtype)
    ? (t.toFlatArray() as ArrayLike<Scalar>)
    : (t.data as ArrayLike<Scalar>);
}
