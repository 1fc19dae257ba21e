/**
 * Complex products and quotients whose NaNs carry the peers' exact bits. x86 (SSE/AVX) float
 * arithmetic returns its first NaN operand, quieted, else its second, and makes the negative
 * default NaN for an invalid operation (inf·0, inf − inf); which operand is "first" follows the
 * framework's compiled expression, measured against the real NumPy 1.24 and PyTorch 1.13
 * (test/complex-live.test.ts):
 * - NumPy's `multiply` loop: re = (a·c) − (b·d), im = (a·d) + (b·c);
 * - ATen's scatter `multiply` / `prod`: on complex64 re = (a·c) − (d·b), im = (a·d) + (c·b); on
 *   complex128 NumPy's order along the last dim (measured: 150,000 pairs per dtype with NaN
 *   payloads, quiet and signalling, in every part, bit for bit) — but the swapped order along
 *   any other dim (ATen's other loop nest, measured the same way), which the call's NaN rule
 *   says: `update_first` swaps (the torch frontend decides it by dim, frameworks/torch/nan-places.ts);
 * - on complex128 both fuse the outer product and the sum: re = fma(a, c, −(b·d)),
 *   im = fma(a, d, b·c), rounding b·d and b·c first (measured: this formula gives NumPy's
 *   multiply.at and ATen's scatter multiply / prod bit for bit on 200,000 random pairs, the
 *   unfused one 79 %, the other fusion 65 %), with the FMA's NaN rule: the first NaN of
 *   (a, c, b·d), even when a·c is invalid;
 * - ATen's complex division by a real count c + 0i (scatter_reduce mean) has two formulas, by
 *   the element's place in the flat tensor (PyTorch 1.13, AVX2 kernels, measured): elements in
 *   whole pairs of vectors (the first n − n mod 8 complex64, n − n mod 4 complex128) take the
 *   AVX2 kernel's re = ((a·c) + (b·0)) / c², im = ((a·(−0)) + (b·c)) / c²; the rest take
 *   c10::complex's scalar re = ((a·c) + (b·0)) / c², im = ((b·c) − (a·0)) / c². An infinite real
 *   part beside a NaN imaginary part gives the default NaN in the first, keeps the NaN in the
 *   second (complex-live seeds 3096140173 and 121).
 * A JS number does not keep a NaN's payload through every engine path, so NaNs travel here as
 * their bits, read from and written to integer views of the storage.
 */
import { fma } from './fma.js';
import { type FloatNaN, nanOrderAt } from './kernels.js';

/** A part: its value, or for a NaN its bits (`hi` the high word, `lo` the low word of a float64). */
interface Part {
  v: number;
  nan: boolean;
  hi: number;
  lo: number;
}

/** The float layout: float32 (one word) or float64 (two words, little-endian). */
interface Width {
  readonly wide: boolean;
  readonly round: (x: number) => number;
  readonly quiet: number; // the quiet bit in the high word
  readonly defaultHi: number; // x86's default NaN, high word
}

const F32: Width = { wide: false, round: Math.fround, quiet: 0x00400000, defaultHi: 0xffc00000 | 0 };
const F64: Width = { wide: true, round: (x) => x, quiet: 0x00080000, defaultHi: 0xfff80000 | 0 };

const part = (v: number): Part => ({ v, nan: false, hi: 0, lo: 0 });

/** Part k of a storage (NaN bits from its integer view `w`). */
function read(f: ArrayLike<number>, w: Int32Array, k: number, width: Width): Part {
  const v = f[k];
  if (!Number.isNaN(v)) return part(v);
  return width.wide ? { v, nan: true, hi: w[2 * k + 1], lo: w[2 * k] } : { v, nan: true, hi: w[k], lo: 0 };
}

/** x op y with x86's NaN rule, rounded to the width. */
function op(x: Part, y: Part, f: (a: number, b: number) => number, width: Width): Part {
  if (x.nan) return { ...x, hi: x.hi | width.quiet };
  if (y.nan) return { ...y, hi: y.hi | width.quiet };
  const r = width.round(f(x.v, y.v));
  return Number.isNaN(r) ? { v: r, nan: true, hi: width.defaultHi, lo: 0 } : part(r);
}

/** The FMA's NaN rule: the first NaN of (x, y, z) quieted, else the default NaN for an invalid one. */
function fmaOp(x: Part, y: Part, z: Part, negate: boolean, width: Width): Part {
  for (const q of [x, y, z]) if (q.nan) return { ...q, hi: q.hi | width.quiet };
  const r = fma(x.v, y.v, negate ? -z.v : z.v);
  return Number.isNaN(r) ? { v: r, nan: true, hi: width.defaultHi, lo: 0 } : part(r);
}

const mul = (a: number, b: number) => a * b;
const add = (a: number, b: number) => a + b;
const sub = (a: number, b: number) => a - b;
const div = (a: number, b: number) => a / b;

function write(f: Float32Array | Float64Array, w: Int32Array, k: number, p: Part, width: Width): void {
  if (!p.nan) {
    f[k] = p.v;
    return;
  }
  if (width.wide) {
    w[2 * k] = p.lo;
    w[2 * k + 1] = p.hi;
  } else w[k] = p.hi;
}

/** Which operand of the second product of each part comes first (see the module comment). */
export type ComplexMulOrder = 'numpy' | 'aten';

/** Integer views of float storages, made once per array. */
function viewer(wide: boolean): (a: Float32Array | Float64Array) => Int32Array {
  let last: Float32Array | Float64Array | null = null;
  let view: Int32Array = new Int32Array(0);
  return (a) => {
    if (a !== last) {
      last = a;
      view = new Int32Array(a.buffer, a.byteOffset, a.length * (wide ? 2 : 1));
    }
    return view;
  };
}

/**
 * The `mul` reduce kernel on interleaved storage (element offsets d, s): a plain loop while no
 * part is NaN and no NaN is made, the bit-exact path for an element that has or makes one.
 * The inner products b·d and b·c take the update's part first under ATen's complex64 order, or
 * where the call's NaN rule says `update_first` for the element.
 */
export function mulKernel(wide: boolean, order: ComplexMulOrder, nan: FloatNaN = 'self_first') {
  const width = wide ? F64 : F32;
  const r = width.round;
  const dv = viewer(wide);
  const sv = viewer(wide);
  return (
    dst: Float32Array | Float64Array,
    d: number,
    src: Float32Array | Float64Array,
    s: number,
    n: number,
  ) => {
    for (let i = 0; i < n; i++) {
      const x = 2 * (d + i);
      const y = 2 * (s + i);
      const a = dst[x];
      const b = dst[x + 1];
      const c = src[y];
      const e = src[y + 1];
      // complex128: both NumPy and ATen compile a·c − (b·d) and a·d + (b·c) as fused multiply-adds.
      const re = wide ? fma(a, c, -(b * e)) : r(r(a * c) - r(b * e));
      const im = wide ? fma(a, e, b * c) : r(r(a * e) + r(b * c));
      if (!Number.isNaN(re) && !Number.isNaN(im)) {
        dst[x] = re;
        dst[x + 1] = im;
        continue;
      }
      const w = dv(dst);
      const u = sv(src);
      const A = read(dst, w, x, width);
      const B = read(dst, w, x + 1, width);
      const C = read(src, u, y, width);
      const D = read(src, u, y + 1, width);
      // ATen's swapped operands: complex64 always; complex128 off the last dim (the rule says so).
      const swap = (order === 'aten' && !wide) || nanOrderAt(nan, d + i) === 'update_first';
      const bd = swap ? op(D, B, mul, width) : op(B, D, mul, width);
      const bc = swap ? op(C, B, mul, width) : op(B, C, mul, width);
      if (wide) {
        write(dst, w, x, fmaOp(A, C, bd, true, width), width);
        write(dst, w, x + 1, fmaOp(A, D, bc, false, width), width);
        continue;
      }
      write(dst, w, x, op(op(A, C, mul, width), bd, sub, width), width);
      write(dst, w, x + 1, op(op(A, D, mul, width), bc, add, width), width);
    }
  };
}

/**
 * PyTorch's complex mean finish: every element divided by its count (≥ 1) as c + 0i with ATen's
 * vectorised formula (module comment), NaNs bit for bit.
 */
export function divideByCounts(
  data: Float32Array | Float64Array,
  wide: boolean,
  counts: Float64Array,
  includeSelf: boolean,
): void {
  const w = new Int32Array(data.buffer, data.byteOffset, data.length * (wide ? 2 : 1));
  // ATen's vectorised loop takes 2 AVX2 vectors at a time (8 complex64, 4 complex128) and
  // leaves the rest to the scalar loop, whose formula orders the imaginary part otherwise.
  const n = counts.length;
  const vectorEnd = n - (n % (wide ? 4 : 8));
  for (let i = 0; i < n; i++) {
    const c = counts[i] + (includeSelf ? 1 : 0) || 1; // PyTorch: count.masked_fill_(count == 0, 1)
    divideOne(data, w, wide ? F64 : F32, i, c, i < vectorEnd);
  }
}

function divideOne(
  data: Float32Array | Float64Array,
  w: Int32Array,
  width: Width,
  i: number,
  c: number,
  vector: boolean,
): void {
  const A = read(data, w, 2 * i, width);
  const B = read(data, w, 2 * i + 1, width);
  const C = part(c);
  const den = op(op(C, C, mul, width), op(part(0), part(0), mul, width), add, width);
  const re = op(op(A, C, mul, width), op(B, part(0), mul, width), add, width);
  const im = vector
    ? op(op(A, part(-0), mul, width), op(B, C, mul, width), add, width)
    : op(op(B, C, mul, width), op(A, part(0), mul, width), sub, width);
  write(data, w, 2 * i, op(re, den, div, width), width);
  write(data, w, 2 * i + 1, op(im, den, div, width), width);
}
