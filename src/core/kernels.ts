/**
 * Run kernels: the innermost loops, one specialised loop per (reducer, storage family).
 * A kernel handles one contiguous run of `n` elements; the index map calls it per run.
 */
import { InvalidArgumentError, fmt } from '../errors.js';
import {
  type DType,
  type Scalar,
  byteSize,
  decodeScalar,
  encodeScalar,
  isFloat,
  storageConstructor,
} from '../tensor/dtype.js';
import { bitsToBfloat16, bitsToFloat16, bfloat16Bits, float16Bits } from '../tensor/float16.js';
import type { Tensor } from '../tensor/tensor.js';
import { complexParts, isComplex } from '../tensor/complex.js';
import { complexKernel } from './complex.js';
import type { FloatNaNOrder, PlacedNaN, ReducerName } from './types.js';

/** Integer view of a tensor's bytes for bit-exact copies (NaN payloads survive). */
export type BitView = Uint8Array | Uint16Array | Int32Array;

/** The bit view and the number of view lanes per element (2 for 8-byte dtypes). */
export function bitView(t: Tensor): { view: BitView; lanes: number } {
  const d = t.data;
  switch (byteSize(t.dtype)) {
    case 1:
      return { view: new Uint8Array(d.buffer, d.byteOffset, t.size), lanes: 1 };
    case 2:
      return { view: new Uint16Array(d.buffer, d.byteOffset, t.size), lanes: 1 };
    case 4:
      return { view: new Int32Array(d.buffer, d.byteOffset, t.size), lanes: 1 };
    default: {
      const lanes = lanesOf(t.dtype); // 2 for 8-byte dtypes and complex64, 4 for complex128
      return { view: new Int32Array(d.buffer, d.byteOffset, t.size * lanes), lanes };
    }
  }
}

/** The bit view of a tensor's storage alone (no wrapper object; `lanesOf` gives its lanes). */
export function bitsOf(t: Tensor): BitView {
  const d = t.data;
  switch (d.BYTES_PER_ELEMENT) {
    case 1:
      return new Uint8Array(d.buffer, d.byteOffset, d.length);
    case 2:
      return new Uint16Array(d.buffer, d.byteOffset, d.length);
    case 4:
      return new Int32Array(d.buffer, d.byteOffset, d.length);
    default:
      return new Int32Array(d.buffer, d.byteOffset, d.length * 2);
  }
}

// One-entry caches of the views of small input storages: a tiny call usually passes the same
// operand and indices call after call, and building a view costs as much as the copy it
// serves. Only storages up to CACHED_BYTES are held, so a cache never keeps a big buffer alive.
const CACHED_BYTES = 65536;
let bitsFrom: Tensor['data'] | null = null;
let bitsView: BitView = new Int32Array(0);
let wordsFrom: Tensor['data'] | null = null;
let wordsView: Int32Array = new Int32Array(0);

/** `bitsOf` for an input (operand, updates): cached for small storages. */
export function inputBits(t: Tensor): BitView {
  const d = t.data;
  if (d === bitsFrom && bitsView.length !== 0) return bitsView; // (a detached buffer empties it)
  const v = bitsOf(t);
  if (d.byteLength <= CACHED_BYTES) {
    bitsFrom = d;
    bitsView = v;
  }
  return v;
}

/**
 * `bitsOf` for a gather's result: cached as the inputs' are, so a tiny gather into the same
 * `out` call after call builds no view (a fresh result only replaces the entry: a view of one
 * small result, never written through unless that result comes back as `out`).
 */
export function resultBits(t: Tensor): BitView {
  const d = t.data;
  if (d === resultFrom && resultView.length !== 0) return resultView;
  const v = bitsOf(t);
  if (d.byteLength <= CACHED_BYTES) {
    resultFrom = d;
    resultView = v;
  }
  return v;
}

let resultFrom: Tensor['data'] | null = null;
let resultView: BitView = new Int32Array(0);

/** An int32/int64 index tensor as int32 words (two per int64: low, high); cached for small ones. */
export function indexWords(t: Tensor): Int32Array {
  const d = t.data;
  if (d === wordsFrom && wordsView.length !== 0) return wordsView;
  const v = new Int32Array(d.buffer, d.byteOffset, d.byteLength >> 2);
  if (d.byteLength <= CACHED_BYTES) {
    wordsFrom = d;
    wordsView = v;
  }
  return v;
}

/** View lanes per element of a dtype's bit view (2 for 8-byte dtypes, 4 for complex128). */
export function lanesOf(dtype: DType): number {
  const b = byteSize(dtype);
  return b >= 8 ? b >> 2 : 1;
}

/** Bit pattern of one element value, as lanes of the bit view. */
export function scalarBits(dtype: DType, value: Scalar): number[] {
  if (isComplex(dtype)) {
    const parts = new (dtype === 'complex64' ? Float32Array : Float64Array)(
      complexParts(value, dtype, 'fill_value'),
    );
    return Array.from(new Int32Array(parts.buffer));
  }
  const tmp = new (storageConstructor(dtype))(1) as any;
  tmp[0] = encodeScalar(dtype, value, 'fill_value');
  const bytes = new Uint8Array(tmp.buffer);
  switch (byteSize(dtype)) {
    case 1:
      return [bytes[0]];
    case 2:
      return [new Uint16Array(tmp.buffer)[0]];
    case 4:
      return [new Int32Array(tmp.buffer)[0]];
    default:
      return Array.from(new Int32Array(tmp.buffer));
  }
}

/** Copies n lanes; large runs use TypedArray.set (memcpy), short ones a plain loop. */
export function copyRun(dst: BitView, d: number, src: BitView, s: number, n: number): void {
  if (n >= 48) dst.set(src.subarray(s, s + n), d);
  else for (let i = 0; i < n; i++) dst[d + i] = src[s + i];
}

/**
 * Copies `count` (≤ 8) rows of `n` lanes, row k from src[s[k]…] to dst[d[k]…], interleaved:
 * one loop touches all rows at once, so their cache and TLB misses overlap instead of being
 * paid one row after another (random short rows are latency-bound, not bandwidth-bound).
 * Rows must not overlap in dst (gather results never do).
 */
export function copyRows(
  dst: BitView,
  d: Int32Array | Float64Array,
  src: BitView,
  s: Int32Array | Float64Array,
  count: number,
  n: number,
): void {
  if (count === 8) {
    const d0 = d[0],
      d1 = d[1],
      d2 = d[2],
      d3 = d[3],
      d4 = d[4],
      d5 = d[5],
      d6 = d[6],
      d7 = d[7];
    const s0 = s[0],
      s1 = s[1],
      s2 = s[2],
      s3 = s[3],
      s4 = s[4],
      s5 = s[5],
      s6 = s[6],
      s7 = s[7];
    for (let i = 0; i < n; i++) {
      dst[d0 + i] = src[s0 + i];
      dst[d1 + i] = src[s1 + i];
      dst[d2 + i] = src[s2 + i];
      dst[d3 + i] = src[s3 + i];
      dst[d4 + i] = src[s4 + i];
      dst[d5 + i] = src[s5 + i];
      dst[d6 + i] = src[s6 + i];
      dst[d7 + i] = src[s7 + i];
    }
    return;
  }
  for (let k = 0; k < count; k++) copyRun(dst, d[k], src, s[k], n);
}

/**
 * Copies 8 rows of `n` lanes into consecutive rows of dst (dst[d + k·n …] ←
 * src[(base + starts[j + k])·lanes …]), interleaved like `copyRows`. The row gathers' kernel: no
 * offset arrays are built; `base` is the operand offset of a window-major gather's window.
 */
export function copyRows8(
  dst: BitView,
  d: number,
  n: number,
  src: BitView,
  starts: Int32Array | Float64Array,
  j: number,
  lanes: number,
  base: number,
): void {
  const s0 = (base + starts[j]) * lanes,
    s1 = (base + starts[j + 1]) * lanes,
    s2 = (base + starts[j + 2]) * lanes,
    s3 = (base + starts[j + 3]) * lanes,
    s4 = (base + starts[j + 4]) * lanes,
    s5 = (base + starts[j + 5]) * lanes,
    s6 = (base + starts[j + 6]) * lanes,
    s7 = (base + starts[j + 7]) * lanes;
  const d1 = d + n,
    d2 = d1 + n,
    d3 = d2 + n,
    d4 = d3 + n,
    d5 = d4 + n,
    d6 = d5 + n,
    d7 = d6 + n;
  for (let i = 0; i < n; i++) {
    dst[d + i] = src[s0 + i];
    dst[d1 + i] = src[s1 + i];
    dst[d2 + i] = src[s2 + i];
    dst[d3 + i] = src[s3 + i];
    dst[d4 + i] = src[s4 + i];
    dst[d5 + i] = src[s5 + i];
    dst[d6 + i] = src[s6 + i];
    dst[d7 + i] = src[s7 + i];
  }
}

/** `copyRows` for reducers: dst rows += src rows, 8 rows interleaved (plain numeric storage). */
export type RowsKernel = (
  dst: any,
  d: Int32Array | Float64Array,
  src: any,
  s: Int32Array | Float64Array,
  count: number,
  n: number,
) => void;

/**
 * Adds `count` (≤ 8) rows, interleaved like `copyRows`. Rows that coincide in dst are applied
 * in row order at every element, so duplicates sum in update order, as the sequential kernel
 * does; callers must only pass rows that coincide exactly or not at all.
 */
export const addRows: RowsKernel = (dst, d, src, s, count, n) => {
  if (count === 8) {
    const d0 = d[0],
      d1 = d[1],
      d2 = d[2],
      d3 = d[3],
      d4 = d[4],
      d5 = d[5],
      d6 = d[6],
      d7 = d[7];
    const s0 = s[0],
      s1 = s[1],
      s2 = s[2],
      s3 = s[3],
      s4 = s[4],
      s5 = s[5],
      s6 = s[6],
      s7 = s[7];
    for (let i = 0; i < n; i++) {
      dst[d0 + i] += src[s0 + i];
      dst[d1 + i] += src[s1 + i];
      dst[d2 + i] += src[s2 + i];
      dst[d3 + i] += src[s3 + i];
      dst[d4 + i] += src[s4 + i];
      dst[d5 + i] += src[s5 + i];
      dst[d6 + i] += src[s6 + i];
      dst[d7 + i] += src[s7 + i];
    }
    return;
  }
  for (let k = 0; k < count; k++) addPlain(dst, d[k], src, s[k], n);
};

/** dst[i] += src[j] for float32/float64, a NaN sum taking its bits from `fix`. */
function addOne(dst: any, i: number, src: any, j: number, fix: NaNFix): void {
  const v = dst[i] + src[j];
  if (!Number.isNaN(v)) dst[i] = v;
  else fix(dst, i, src, j);
}

/**
 * `addRows` for float32/float64: the same interleaving (each row stored before the next is
 * read, so coinciding rows still sum in order). A NaN sum leaves the loop and its element's
 * remaining rows are finished one by one through `fix`.
 */
function addRowsFloat(fix: NaNFix): RowsKernel {
  const one = addFloat(fix);
  return (dst, d, src, s, count, n) => {
    if (count !== 8) {
      for (let r = 0; r < count; r++) one(dst, d[r], src, s[r], n);
      return;
    }
    const d0 = d[0],
      d1 = d[1],
      d2 = d[2],
      d3 = d[3],
      d4 = d[4],
      d5 = d[5],
      d6 = d[6],
      d7 = d[7];
    const s0 = s[0],
      s1 = s[1],
      s2 = s[2],
      s3 = s[3],
      s4 = s[4],
      s5 = s[5],
      s6 = s[6],
      s7 = s[7];
    let i = 0;
    let k = 0;
    let v = 0;
    while (i < n) {
      for (; i < n; i++) {
        v = dst[d0 + i] + src[s0 + i];
        if (Number.isNaN(v)) {
          k = 0;
          break;
        }
        dst[d0 + i] = v;
        v = dst[d1 + i] + src[s1 + i];
        if (Number.isNaN(v)) {
          k = 1;
          break;
        }
        dst[d1 + i] = v;
        v = dst[d2 + i] + src[s2 + i];
        if (Number.isNaN(v)) {
          k = 2;
          break;
        }
        dst[d2 + i] = v;
        v = dst[d3 + i] + src[s3 + i];
        if (Number.isNaN(v)) {
          k = 3;
          break;
        }
        dst[d3 + i] = v;
        v = dst[d4 + i] + src[s4 + i];
        if (Number.isNaN(v)) {
          k = 4;
          break;
        }
        dst[d4 + i] = v;
        v = dst[d5 + i] + src[s5 + i];
        if (Number.isNaN(v)) {
          k = 5;
          break;
        }
        dst[d5 + i] = v;
        v = dst[d6 + i] + src[s6 + i];
        if (Number.isNaN(v)) {
          k = 6;
          break;
        }
        dst[d6 + i] = v;
        v = dst[d7 + i] + src[s7 + i];
        if (Number.isNaN(v)) {
          k = 7;
          break;
        }
        dst[d7 + i] = v;
      }
      if (i === n) return;
      for (let r = k; r < 8; r++) addOne(dst, d[r] + i, src, s[r] + i, fix);
      i++;
    }
  };
}

/** The interleaved rows kernel of a reducer on a dtype, when there is one. */
export function rowsKernel(
  reducer: ReducerName,
  dtype: DType,
  nan: FloatNaN = 'self_first',
): RowsKernel | null {
  if (reducer === 'replace') return copyRows as RowsKernel;
  if (reducer !== 'add') return null;
  if (dtype === 'float32' || dtype === 'float64') return addRowsFloat(nanFix(dtype, nan));
  if (
    dtype === 'int32' ||
    dtype === 'int16' ||
    dtype === 'int8' ||
    dtype === 'uint32' ||
    dtype === 'uint16' ||
    dtype === 'uint8'
  )
    return addRows;
  return null;
}

/** Row length (lanes) from which one TypedArray.set per row beats interleaved loops. */
export const SET_ROW_LANES = 256;

/** Fills n elements with a bit pattern of `lanes` lanes. */
export function fillRun(dst: BitView, d: number, n: number, bits: readonly number[]): void {
  if (bits.length === 1) dst.fill(bits[0], d, d + n);
  else
    for (let i = 0; i < n; i++) for (let l = 0; l < bits.length; l++) dst[d + i * bits.length + l] = bits[l];
}

/** A reduce kernel: dst[d + i] = op(dst[d + i], src[s + i]) for i < n. */
export type ReduceKernel = (dst: any, d: number, src: any, s: number, n: number) => void;

// Plain numeric storage (float64/32 and ≤ 32-bit ints): JS arithmetic, with the typed array's
// store doing the rounding (floats) or the two's-complement wrap (ints).
const addPlain: ReduceKernel = (dst, d, src, s, n) => {
  for (let i = 0; i < n; i++) dst[d + i] += src[s + i];
};
const subPlain: ReduceKernel = (dst, d, src, s, n) => {
  for (let i = 0; i < n; i++) dst[d + i] -= src[s + i];
};
const mulPlain: ReduceKernel = (dst, d, src, s, n) => {
  for (let i = 0; i < n; i++) dst[d + i] *= src[s + i];
};
// 32-bit integer products can exceed 2^53: Math.imul gives the exact low 32 bits.
const mulInt32: ReduceKernel = (dst, d, src, s, n) => {
  for (let i = 0; i < n; i++) dst[d + i] = Math.imul(dst[d + i], src[s + i]);
};
const minPlain: ReduceKernel = (dst, d, src, s, n) => {
  for (let i = 0; i < n; i++) dst[d + i] = Math.min(dst[d + i], src[s + i]);
};
const maxPlain: ReduceKernel = (dst, d, src, s, n) => {
  for (let i = 0; i < n; i++) dst[d + i] = Math.max(dst[d + i], src[s + i]);
};
// bool (0/1 bytes): add/max are logical or, mul/min logical and (StableHLO's i1 arithmetic).
const orBool: ReduceKernel = (dst, d, src, s, n) => {
  for (let i = 0; i < n; i++) dst[d + i] |= src[s + i];
};
const andBool: ReduceKernel = (dst, d, src, s, n) => {
  for (let i = 0; i < n; i++) dst[d + i] &= src[s + i];
};
// 64-bit integers: BigInt arithmetic wrapped to 64 bits.
const add64 =
  (w: (x: bigint) => bigint): ReduceKernel =>
  (dst, d, src, s, n) => {
    for (let i = 0; i < n; i++) dst[d + i] = w((dst[d + i] as bigint) + (src[s + i] as bigint));
  };
const sub64 =
  (w: (x: bigint) => bigint): ReduceKernel =>
  (dst, d, src, s, n) => {
    for (let i = 0; i < n; i++) dst[d + i] = w((dst[d + i] as bigint) - (src[s + i] as bigint));
  };
const mul64 =
  (w: (x: bigint) => bigint): ReduceKernel =>
  (dst, d, src, s, n) => {
    for (let i = 0; i < n; i++) dst[d + i] = w((dst[d + i] as bigint) * (src[s + i] as bigint));
  };
const min64: ReduceKernel = (dst, d, src, s, n) => {
  for (let i = 0; i < n; i++) if (src[s + i] < dst[d + i]) dst[d + i] = src[s + i];
};
const max64: ReduceKernel = (dst, d, src, s, n) => {
  for (let i = 0; i < n; i++) if (src[s + i] > dst[d + i]) dst[d + i] = src[s + i];
};
const wrapI64 = (x: bigint) => BigInt.asIntN(64, x);
const wrapU64 = (x: bigint) => BigInt.asUintN(64, x);
// 16-bit floats: decode, compute in float64 (exact enough: 53 ≥ 2·11+2), round back.
// A NaN result takes its bits from the NaN rule (see FloatNaN).
function half(
  decode: (b: number) => number,
  encode: (x: number) => number,
  op: (a: number, b: number) => number,
  nan: HalfNaN,
): ReduceKernel {
  return (dst, d, src, s, n) => {
    for (let i = 0; i < n; i++) {
      const x = dst[d + i];
      const y = src[s + i];
      const a = decode(x);
      const b = decode(y);
      const r = op(a, b);
      dst[d + i] = !Number.isNaN(r) ? encode(r) : nan(x, y, a, b, d + i);
    }
  };
}

/** The NaN bits of a 16-bit float operation on bits x, y (decoded a, b) at element `at`. */
type HalfNaN = (x: number, y: number, a: number, b: number, at: number) => number;

/** halfNaN under any rule: a placed one picks its order by the element's place. */
function halfNaNOf(rule: FloatNaN, quiet: number, made: number): HalfNaN {
  if (typeof rule === 'string') return halfNaN(rule, quiet, made);
  const byBand = rule.bands.map(([, order]) => halfNaN(order, quiet, made));
  return (x, y, a, b, at) => byBand[bandAt(rule, at)](x, y, a, b, at);
}

/**
 * The NaN result of a 16-bit float operation on bits x, y (decoded a, b) under `rule`; `quiet`
 * is the quiet bit, `made` x86's default NaN (negative), what inf - inf or 0 * inf gives.
 */
function halfNaN(rule: FloatNaNOrder, quiet: number, made: number): HalfNaN {
  const canon = made & 0x7fff; // the positive default NaN
  switch (rule) {
    case 'update_first':
    case 'update_first_re':
      return (x, y, a, b) => (Number.isNaN(b) ? y | quiet : Number.isNaN(a) ? x | quiet : made);
    case 'self_first_sign':
      return (x, y, a, b) =>
        Number.isNaN(a) ? (x & 0x8000) | canon : Number.isNaN(b) ? (y & 0x8000) | canon : made;
    case 'update_first_sign':
      return (x, y, a, b) =>
        Number.isNaN(b) ? (y & 0x8000) | canon : Number.isNaN(a) ? (x & 0x8000) | canon : made;
    case 'canonical':
      return () => canon;
    case 'all_ones':
      return () => 0xffff;
    default:
      return (x, y, a, b) => (Number.isNaN(a) ? x | quiet : Number.isNaN(b) ? y | quiet : made);
  }
}

/**
 * Which NaN a float add / sub / mul (and mean's sums) returns, measured per framework, op and
 * width against the real peers (test/nan-payloads.test.ts):
 * - `self_first` (default): the element's NaN, else the update's, quieted with sign and payload —
 *   x86 SSE's `a op b` (NumPy, PyTorch and onnxruntime on float32/float64);
 * - `update_first`: the update's NaN, else the element's, quieted (PyTorch index_add on
 *   float32/float64, NumPy add/multiply.at on float16);
 * - `update_first_re`: `update_first` here; a call's `scale_updates` prologue computes a complex
 *   update there as updates × factor (AVX2's product, the real part leading both parts: PyTorch's
 *   complex index_add in its vector body), factor × updates elsewhere (ir/lowered.ts);
 * - `self_first_sign`: the positive default NaN with the sign of the element's NaN, else of the
 *   update's — payloads dropped (PyTorch float16);
 * - `update_first_sign`: the same with the update's sign first (PyTorch float16 index_put
 *   accumulate in its vector body);
 * - `canonical`: always the positive default NaN (PyTorch bfloat16);
 * - `all_ones`: always the NaN with every bit set (AVX2's narrowing of a NaN to bfloat16 in
 *   PyTorch's vectorised kernels: the body of scatter_reduce mean's final division).
 * A NaN neither operand had (inf - inf, 0 * inf) is x86's default NaN, negative, except under
 * `canonical` and `all_ones`. A PlacedNaN takes one of these by the element's place in its row
 * (PyTorch's vectorised loops: test/nan-places.test.ts). On complex products the order is that of
 * each part's inner products (`update_first`: the update's part first, core/complex-nan.ts).
 */
export type FloatNaN = FloatNaNOrder | PlacedNaN;

/** Every FloatNaN order (for validation). */
export const FLOAT_NAN_RULES: readonly FloatNaNOrder[] = [
  'self_first',
  'update_first',
  'update_first_re',
  'self_first_sign',
  'update_first_sign',
  'canonical',
  'all_ones',
];

/** Whether `rule` is a FloatNaN: an order, or a PlacedNaN whose bands cover [0, row) in order. */
export function isNaNRule(rule: unknown): rule is FloatNaN {
  if (typeof rule === 'string') return FLOAT_NAN_RULES.includes(rule as FloatNaNOrder);
  if (rule === null || typeof rule !== 'object') return false;
  const { row, bands, stride = 1 } = rule as { row?: unknown; bands?: unknown; stride?: unknown };
  if (!Number.isSafeInteger(row) || (row as number) < 1 || !Array.isArray(bands) || bands.length === 0)
    return false;
  if (!Number.isSafeInteger(stride) || (stride as number) < 1) return false;
  let from = 0;
  for (const band of bands) {
    if (!Array.isArray(band) || band.length !== 2 || !FLOAT_NAN_RULES.includes(band[1])) return false;
    if (!Number.isSafeInteger(band[0]) || band[0] <= from) return false;
    from = band[0];
  }
  return from === row;
}

/** The band of a PlacedNaN that holds element `at` (its place: ⌊at / stride⌋ mod row). */
function bandAt(rule: PlacedNaN, at: number): number {
  const p = Math.floor(at / (rule.stride ?? 1)) % rule.row;
  let k = 0;
  while (rule.bands[k][0] <= p) k++;
  return k;
}

/** The NaN order of element `at` (a flat offset in the result) under `rule`. */
export function nanOrderAt(rule: FloatNaN, at: number): FloatNaNOrder {
  return typeof rule === 'string' ? rule : rule.bands[bandAt(rule, at)][1];
}

/**
 * A rule as one string (equal rules, equal strings): for plan keys and for saying how two
 * calls differ, e.g. `by place in rows of 10: update_first [0, 8), self_first [8, 10)`.
 */
export function nanRuleText(rule: FloatNaN): string {
  if (typeof rule === 'string') return rule;
  // A caller's unchecked option (a plan key, translate): its printed form, so the check that
  // follows refuses it with its typed error instead of this text throwing first.
  if (!isNaNRule(rule)) return fmt(rule);
  const bands = rule.bands.map(
    ([end, order], k) => `${order} [${k === 0 ? 0 : rule.bands[k - 1][0]}, ${end})`,
  );
  const every = (rule.stride ?? 1) === 1 ? '' : ` every ${rule.stride} elements`;
  return `by place in rows of ${rule.row}${every}: ${bands.join(', ')}`;
}

/** Writes the NaN result of dst[i] op src[j] (dst[i] still holding the element) under a rule. */
type NaNFix = (dst: any, i: number, src: any, j: number) => void;

/**
 * The NaN fixer of float32/float64 storage under any rule; a placed rule picks its order by the
 * element's place, `lanes` storage values per element (2: the parts of a complex element).
 * Only a NaN result pays for the place: the common path never calls a fixer.
 */
function nanFix(dtype: DType, rule: FloatNaN, lanes = 1): NaNFix {
  if (typeof rule === 'string') return orderFix(dtype, rule);
  const byBand = rule.bands.map(([, order]) => orderFix(dtype, order));
  return (dst, i, src, j) => byBand[bandAt(rule, lanes === 1 ? i : Math.floor(i / lanes))](dst, i, src, j);
}

/**
 * The NaN fixer of float32/float64 storage: the result's bits come from the order, moved through
 * integer views (a JS number does not keep a payload through every engine path).
 */
function orderFix(dtype: DType, order: FloatNaNOrder): NaNFix {
  const rule = order === 'update_first_re' ? 'update_first' : order;
  const updateFirst = rule === 'update_first' || rule === 'update_first_sign';
  const signOnly = rule === 'self_first_sign' || rule === 'update_first_sign';
  const wide = dtype === 'float64';
  const lanes = wide ? 2 : 1;
  const quiet = wide ? 0x00080000 : 0x00400000; // in the high word
  const madeHi = wide ? 0xfff80000 | 0 : 0xffc00000 | 0;
  const canonHi = madeHi & 0x7fffffff;
  let lastDst: Float32Array | Float64Array | null = null;
  let lastSrc: Float32Array | Float64Array | null = null;
  let dv: Int32Array = new Int32Array(0);
  let sv: Int32Array = new Int32Array(0);
  // The NaN when no operand's is kept: a rule's fixed one, else x86's default (made) NaN.
  const fixed = rule === 'canonical' || rule === 'all_ones';
  const baseHi = rule === 'all_ones' ? -1 : rule === 'canonical' ? canonHi : madeHi;
  const baseLo = rule === 'all_ones' ? -1 : 0;
  const ints = (a: Float32Array | Float64Array): Int32Array =>
    new Int32Array(a.buffer, a.byteOffset, a.length * lanes);
  return (dst, i, src, j) => {
    if (dst !== lastDst) {
      lastDst = dst;
      dv = ints(dst);
    }
    if (src !== lastSrc) {
      lastSrc = src;
      sv = ints(src);
    }
    const selfNaN = Number.isNaN(dst[i]);
    const updNaN = Number.isNaN(src[j]);
    const fromSelf = updateFirst ? selfNaN && !updNaN : selfNaN;
    const fromUpd = !fromSelf && updNaN;
    let hi = baseHi;
    let lo = baseLo;
    if (!fixed && (fromSelf || fromUpd)) {
      const v = fromSelf ? dv : sv;
      const k = fromSelf ? i : j;
      const srcHi = v[k * lanes + lanes - 1]; // little-endian: the high word is the last lane
      if (signOnly) hi = (srcHi & (0x80000000 | 0)) | canonHi;
      else {
        hi = srcHi | quiet;
        if (wide) lo = v[2 * k];
      }
    }
    dv[i * lanes + lanes - 1] = hi;
    if (wide) dv[2 * i] = lo;
  };
}

// float32/float64 arithmetic: a non-NaN result is stored as the language computes it; a NaN
// result (rare: one compare per element) leaves the inner loop — a call inside it would cost
// the common case its hoisted loads — and takes its bits from the rule.
const addFloat =
  (fix: NaNFix): ReduceKernel =>
  (dst, d, src, s, n) => {
    let i = 0;
    while (i < n) {
      for (; i < n; i++) {
        const v = dst[d + i] + src[s + i];
        if (Number.isNaN(v)) break;
        dst[d + i] = v;
      }
      if (i === n) return;
      fix(dst, d + i, src, s + i);
      i++;
    }
  };
const subFloat =
  (fix: NaNFix): ReduceKernel =>
  (dst, d, src, s, n) => {
    let i = 0;
    while (i < n) {
      for (; i < n; i++) {
        const v = dst[d + i] - src[s + i];
        if (Number.isNaN(v)) break;
        dst[d + i] = v;
      }
      if (i === n) return;
      fix(dst, d + i, src, s + i);
      i++;
    }
  };
const mulFloat =
  (fix: NaNFix): ReduceKernel =>
  (dst, d, src, s, n) => {
    let i = 0;
    while (i < n) {
      for (; i < n; i++) {
        const v = dst[d + i] * src[s + i];
        if (Number.isNaN(v)) break;
        dst[d + i] = v;
      }
      if (i === n) return;
      fix(dst, d + i, src, s + i);
      i++;
    }
  };

function floatArith(r: 'add' | 'sub' | 'mul', fix: NaNFix): ReduceKernel {
  return r === 'add' ? addFloat(fix) : r === 'sub' ? subFloat(fix) : mulFloat(fix);
}

const ops = {
  add: (a: number, b: number) => a + b,
  sub: (a: number, b: number) => a - b,
  mul: (a: number, b: number) => a * b,
  min: Math.min,
  max: Math.max,
};

/**
 * Float min/max that keep one operand bit for bit (see FloatMinMax): `pick(self, update)` says
 * whether the update replaces the element; values are compared decoded, bits are moved whole.
 */
function pickKernel(dtype: DType, pick: (self: number, update: number) => boolean): ReduceKernel {
  if (dtype === 'float16' || dtype === 'bfloat16') {
    // Stored as bit patterns already: compare decoded, copy the bits.
    const dec = dtype === 'float16' ? bitsToFloat16 : bitsToBfloat16;
    return (dst, d, src, s, n) => {
      for (let i = 0; i < n; i++) if (pick(dec(dst[d + i]), dec(src[s + i]))) dst[d + i] = src[s + i];
    };
  }
  // float32/float64: integer views of the storage, made once per array (not per element).
  const lanes = dtype === 'float64' ? 2 : 1;
  let lastDst: Float32Array | Float64Array | null = null;
  let lastSrc: Float32Array | Float64Array | null = null;
  let dv: Int32Array = new Int32Array(0);
  let sv: Int32Array = new Int32Array(0);
  const ints = (a: Float32Array | Float64Array): Int32Array =>
    new Int32Array(a.buffer, a.byteOffset, a.length * lanes);
  return (dst, d, src, s, n) => {
    if (dst !== lastDst) {
      lastDst = dst;
      dv = ints(dst);
    }
    if (src !== lastSrc) {
      lastSrc = src;
      sv = ints(src);
    }
    for (let i = 0; i < n; i++) {
      if (!pick(dst[d + i], src[s + i])) continue;
      if (lanes === 1) dv[d + i] = sv[s + i];
      else {
        dv[2 * (d + i)] = sv[2 * (s + i)];
        dv[2 * (d + i) + 1] = sv[2 * (s + i) + 1];
      }
    }
  };
}

// Whether the update replaces the element, per FloatMinMax rule (NaN operands win as they are).
const PICK = {
  self_on_tie: {
    // PyTorch: isnan(update) ? update : std::max(self, update) — a tie or a NaN self keeps self.
    max: (a: number, b: number) => Number.isNaN(b) || b > a,
    min: (a: number, b: number) => Number.isNaN(b) || b < a,
  },
  update_on_tie: {
    // NumPy: a NaN self is returned; otherwise self only if strictly greater — a tie takes the update.
    max: (a: number, b: number) => !Number.isNaN(a) && !(a > b),
    min: (a: number, b: number) => !Number.isNaN(a) && !(a < b),
  },
  self_on_tie_keep_nan: {
    // NumPy's float16 loops: a NaN self is returned, then a NaN update; a tie keeps self.
    max: (a: number, b: number) => !Number.isNaN(a) && (Number.isNaN(b) || b > a),
    min: (a: number, b: number) => !Number.isNaN(a) && (Number.isNaN(b) || b < a),
  },
} as const;

/**
 * How float `min`/`max` treat ±0 ties and NaNs:
 * - `ieee` (default): `Math.max`/`Math.min` — +0 is above −0, any NaN gives a (canonical) NaN;
 * - `self_on_tie` (PyTorch's scatter_reduce amax/amin): a NaN update wins bit for bit, a tie
 *   (±0) or a NaN element keeps the element;
 * - `update_on_tie` (NumPy's maximum/minimum.at on float32/float64): a NaN element is kept bit
 *   for bit, a tie takes the update;
 * - `self_on_tie_keep_nan` (NumPy's maximum/minimum.at on float16, measured): a NaN element is
 *   kept, else a NaN update taken, bit for bit; a tie keeps the element.
 */
export type FloatMinMax = 'ieee' | 'self_on_tie' | 'update_on_tie' | 'self_on_tie_keep_nan';

/** Every FloatMinMax value (for validation). */
export const FLOAT_MINMAX_RULES: readonly FloatMinMax[] = [
  'ieee',
  'self_on_tie',
  'update_on_tie',
  'self_on_tie_keep_nan',
];

/**
 * The kernel for `reducer` on `dtype`, operating on the tensor's own storage array.
 * `replace` is not here: it is a bit copy (copyRun on bit views). `mean` accumulates with `add`.
 */
export function reduceKernel(
  reducer: Exclude<ReducerName, 'replace'>,
  dtype: DType,
  op: string,
  minmax: FloatMinMax = 'ieee',
  nan: FloatNaN = 'self_first',
): ReduceKernel {
  const r = reducer === 'mean' ? 'add' : reducer;
  if (isComplex(dtype))
    return complexKernel(reducer, dtype, op, minmax, nan, (k, f, rule) => floatArith(k, nanFix(f, rule, 2)));
  if ((r === 'min' || r === 'max') && minmax !== 'ieee' && isFloat(dtype))
    return pickKernel(dtype, PICK[minmax][r]);
  if (dtype === 'bool') {
    if (r === 'add' || r === 'max') return orBool;
    if (r === 'mul' || r === 'min') return andBool;
    throw new InvalidArgumentError(`${op}.reducer`, `${op}: reducer ${reducer} is not defined for bool`, {
      reducer,
      dtype,
    });
  }
  if (dtype === 'int64' || dtype === 'uint64') {
    const w = dtype === 'int64' ? wrapI64 : wrapU64;
    return { add: add64(w), sub: sub64(w), mul: mul64(w), min: min64, max: max64 }[r];
  }
  if (dtype === 'float16') return half(bitsToFloat16, float16Bits, ops[r], halfNaNOf(nan, 0x0200, 0xfe00));
  if (dtype === 'bfloat16') return half(bitsToBfloat16, bfloat16Bits, ops[r], halfNaNOf(nan, 0x0040, 0xffc0));
  if ((dtype === 'float32' || dtype === 'float64') && (r === 'add' || r === 'sub' || r === 'mul'))
    return floatArith(r, nanFix(dtype, nan));
  if (r === 'mul' && (dtype === 'int32' || dtype === 'uint32')) return mulInt32;
  return { add: addPlain, sub: subPlain, mul: mulPlain, min: minPlain, max: maxPlain }[r];
}

/**
 * Rewrites the NaN at element i of a float storage as an operation whose one NaN operand is that
 * element makes it under `rule` — what `mean`'s division by a count does (PyTorch divides every
 * element): quieted, or the sign-only / canonical NaN of the rule. With one NaN operand the
 * operand order, and so the place, does not matter.
 */
export function nanOfOne(dtype: DType, rule: FloatNaN): (data: any, i: number) => void {
  if (dtype === 'float16' || dtype === 'bfloat16') {
    const [quiet, made, one] = dtype === 'float16' ? [0x0200, 0xfe00, 0x3c00] : [0x0040, 0xffc0, 0x3f80];
    const nan = halfNaNOf(rule, quiet, made);
    return (data, i) => {
      data[i] = nan(data[i], one, Number.NaN, 1, i);
    };
  }
  const fix = nanFix(dtype, rule);
  const one = dtype === 'float64' ? new Float64Array([1]) : new Float32Array([1]);
  return (data, i) => fix(data, i, one, 0);
}

/** The identity of a reducer in `dtype` (for include_self = false), as a stored value. */
export function reducerIdentity(reducer: ReducerName, dtype: DType): number | bigint {
  const f = isFloat(dtype);
  let v: Scalar;
  switch (reducer) {
    case 'add':
    case 'sub':
    case 'mean':
      v = dtype === 'bool' ? false : 0;
      break;
    case 'mul':
      v = dtype === 'bool' ? true : 1;
      break;
    case 'min':
      v = f ? Number.POSITIVE_INFINITY : dtype === 'bool' ? true : maxOf(dtype);
      break;
    case 'max':
      v = f ? Number.NEGATIVE_INFINITY : dtype === 'bool' ? false : minOf(dtype);
      break;
    default:
      v = 0;
  }
  if ((dtype === 'int64' || dtype === 'uint64') && typeof v === 'number') v = BigInt(v);
  return encodeScalar(dtype, v);
}

function maxOf(dtype: DType): Scalar {
  const m: Record<string, Scalar> = {
    int8: 127,
    int16: 32767,
    int32: 2147483647,
    int64: (1n << 63n) - 1n,
    uint8: 255,
    uint16: 65535,
    uint32: 4294967295,
    uint64: (1n << 64n) - 1n,
  };
  return m[dtype];
}
function minOf(dtype: DType): Scalar {
  const m: Record<string, Scalar> = {
    int8: -128,
    int16: -32768,
    int32: -2147483648,
    int64: -(1n << 63n),
    uint8: 0,
    uint16: 0,
    uint32: 0,
    uint64: 0n,
  };
  return m[dtype];
}

/** Decodes a stored element for custom update functions. */
export const decode = decodeScalar;
