/**
 * The element-wise binary ops: `result[i] = op(lhs[i], rhs[i])`, one shape and one element type
 * for lhs, rhs and result (C1 of each op).
 *
 * Semantics by element type (spec, with the reference interpreter's Element.cpp where the spec
 * leaves a value open):
 * - integers wrap around (two's complement) at every width; 64-bit ones compute with BigInt;
 * - integer x / 0 is -1 (all ones) and x % 0 is x; INT_MIN / -1 is INT_MIN and INT_MIN % -1 is 0.
 *   The spec does not define these and the reference interpreter aborts (APInt::sdiv asserts a
 *   non-zero divisor); the values are XLA's (xla/service/elemental_ir_emitter.cc,
 *   EmitIntegerDivide / EmitIntegerRemainder), what a JAX program computes;
 * - the remainder takes the dividend's sign (float: fmod, exact);
 * - integer power by squaring; a negative exponent gives 0 unless |base| = 1 (Element.cpp power);
 * - shifts read the amount as unsigned (APInt getLimitedValue): an amount ≥ the bit width gives 0,
 *   or the sign fill for shift_right_arithmetic;
 * - floats compute on the exact float64 values and round once to the element type (float32 by the
 *   Float32Array store, float16/bfloat16 to nearest even). For + − × ÷ this is the correctly rounded
 *   result (53 ≥ 2p + 2 bits); power and atan2 upcast to double as the reference interpreter does
 *   (`mapWithUpcastToDouble`): power correctly rounded (pow.ts: V8's `**` differs from the C
 *   library's pow in the last bit for ~10 % of random pairs), atan2 with V8's libm;
 * - minimum/maximum are IEEE minimum/maximum: NaN propagates and -0 < +0;
 * - a float32/float64 NaN result has x86's bits whatever V8's tier (fixNaNs): the spec leaves
 *   them open, and the library follows x86 wherever a framework does not decide; a float16 /
 *   bfloat16 one is x86's NaN of the float64 computation converted as `convert` converts it (the
 *   quiet NaN with its sign: elements.ts halfNaN);
 * - on booleans add and maximum are OR, multiply and minimum are AND.
 */
import { type DType, isComplex } from '../../tensor/dtype.js';
import type { Tensor } from '../../tensor/tensor.js';
import { BINARY_OPS, type BinaryOpName, type UnaryOpName } from '../program.js';
import {
  ANY,
  BOOL_OR_INT,
  type Cells,
  type ElementClass,
  FLOAT,
  type Fn2,
  INT,
  INT_OR_FLOAT,
  NUMERIC,
  type OpOf,
  type OpRule,
  type RuleTable,
  alloc,
  checkElement,
  checkResults,
  checkSameType,
  typeError,
} from './common.js';
import { complexBinary } from './complex.js';
import { bitWidth, halfBits, halfNaN, halfValues, isHalf } from './elements.js';
import { pow } from './pow.js';

/** The element types each op takes (its input table's I1 and I2). */
const TYPES: Record<BinaryOpName, ElementClass> = {
  add: ANY,
  subtract: NUMERIC,
  multiply: ANY,
  divide: NUMERIC,
  remainder: INT_OR_FLOAT,
  minimum: ANY,
  maximum: ANY,
  and: BOOL_OR_INT,
  or: BOOL_OR_INT,
  xor: BOOL_OR_INT,
  power: INT_OR_FLOAT,
  atan2: FLOAT,
  shift_left: INT,
  shift_right_arithmetic: INT,
  shift_right_logical: INT,
};

/** IEEE minimum's choice: true when `a` is the result (NaN propagates, -0 < +0). */
export const firstIsMin = (a: number, b: number): boolean =>
  Number.isNaN(a) || (!Number.isNaN(b) && (a < b || (a === b && (a !== 0 || 1 / a < 0))));
/** IEEE maximum's choice: true when `a` is the result. */
export const firstIsMax = (a: number, b: number): boolean =>
  Number.isNaN(a) || (!Number.isNaN(b) && (a > b || (a === b && (a !== 0 || 1 / a > 0))));

/**
 * fmod with the reference interpreter's NaNs (APFloat mod): a NaN operand is returned (the
 * dividend's first), an invalid one (x % 0, ±inf % y) gives the default NaN 0x7ff8000000000000.
 * V8's `%` alone does not fix these bits: its NaN for ±inf % y is 0xfff8000000000000 and for x % 0
 * it depends on the code path that ran (interpreter, optimized, integer feedback).
 */
function fmod(a: number, b: number): number {
  const r = a % b;
  if (!Number.isNaN(r)) return r;
  return Number.isNaN(a) ? a : Number.isNaN(b) ? b : Number.NaN;
}

/** Float ops on exact float64 values; the caller rounds to the element type. */
const FLOAT_FNS: Partial<Record<BinaryOpName, (a: number, b: number) => number>> = {
  add: (a, b) => a + b,
  subtract: (a, b) => a - b,
  multiply: (a, b) => a * b,
  divide: (a, b) => a / b,
  remainder: fmod,
  minimum: (a, b) => (firstIsMin(a, b) ? a : b),
  maximum: (a, b) => (firstIsMax(a, b) ? a : b),
  power: pow,
  atan2: Math.atan2,
};

/** Integer power by squaring, modulo 2^32 (Math.imul): the store wraps it to the element width. */
function smallPow(a: number, e: number): number {
  if (e < 0) return a === 1 ? 1 : a === -1 ? (e & 1 ? -1 : 1) : 0;
  let r = 1;
  for (let x = e; x !== 0; x = Math.floor(x / 2)) {
    if (x % 2 === 1) r = Math.imul(r, a);
    a = Math.imul(a, a);
  }
  return r;
}

/**
 * Integers of ≤ 32 bits on JS numbers: results may leave the type's range and the typed-array
 * store wraps them (modulo 2^bits). `k = 32 - bits` moves a value's bits to the top of an int32,
 * to read it sign-extended (`<< k >> k`) or unsigned (`<< k >>> k`) whatever its storage.
 */
const SMALL_FNS: Record<BinaryOpName, (bits: number) => Fn2 | undefined> = {
  add: () => (a, b) => a + b,
  subtract: () => (a, b) => a - b,
  multiply: () => Math.imul,
  divide: () => (a, b) => (b === 0 ? -1 : Math.trunc(a / b)), // exact: |a| < 2^53
  remainder: () => (a, b) => (b === 0 ? a : a % b),
  minimum: () => (a, b) => (a < b ? a : b),
  maximum: () => (a, b) => (a > b ? a : b),
  and: () => (a, b) => a & b,
  or: () => (a, b) => a | b,
  xor: () => (a, b) => a ^ b,
  power: () => smallPow,
  atan2: () => undefined,
  shift_left: (w) => (a, b) => ((b << (32 - w)) >>> (32 - w) >= w ? 0 : a << b),
  shift_right_logical: (w) => (a, b) =>
    (b << (32 - w)) >>> (32 - w) >= w ? 0 : ((a << (32 - w)) >>> (32 - w)) >>> b,
  shift_right_arithmetic: (w) => (a, b) =>
    ((a << (32 - w)) >> (32 - w)) >> ((b << (32 - w)) >>> (32 - w) >= w ? 31 : b),
};

/** Integer power by squaring modulo 2^64. */
function bigPow(a: bigint, e: bigint): bigint {
  if (e < 0n) return a === 1n ? 1n : a === -1n ? (e & 1n ? -1n : 1n) : 0n;
  let r = 1n;
  for (let x = e; x !== 0n; x >>= 1n) {
    if (x & 1n) r = BigInt.asUintN(64, r * a);
    a = BigInt.asUintN(64, a * a);
  }
  return r;
}

const amount = (b: bigint): bigint => BigInt.asUintN(64, b);

/** 64-bit integers on bigints; the BigInt64Array/BigUint64Array store wraps results modulo 2^64. */
const BIG_FNS: Partial<Record<BinaryOpName, Fn2>> = {
  add: (a, b) => a + b,
  subtract: (a, b) => a - b,
  multiply: (a, b) => a * b,
  divide: (a, b) => (b === 0n ? -1n : a / b),
  remainder: (a, b) => (b === 0n ? a : a % b),
  minimum: (a, b) => (a < b ? a : b),
  maximum: (a, b) => (a > b ? a : b),
  and: (a, b) => a & b,
  or: (a, b) => a | b,
  xor: (a, b) => a ^ b,
  power: bigPow,
  shift_left: (a, b) => (amount(b) >= 64n ? 0n : a << amount(b)),
  shift_right_logical: (a, b) => (amount(b) >= 64n ? 0n : BigInt.asUintN(64, a) >> amount(b)),
  shift_right_arithmetic: (a, b) => BigInt.asIntN(64, a) >> (amount(b) >= 64n ? 63n : amount(b)),
};

/** Booleans stored as 0/1. */
const BOOL_FNS: Partial<Record<BinaryOpName, Fn2>> = {
  add: (a, b) => a | b,
  multiply: (a, b) => a & b,
  minimum: (a, b) => a & b,
  maximum: (a, b) => a | b,
  and: (a, b) => a & b,
  or: (a, b) => a | b,
  xor: (a, b) => a ^ b,
};

/**
 * float16/bfloat16 bit patterns: min/max pick an operand's bits, the rest round once from float64,
 * a NaN result x86's NaN of that computation as convert makes it (elements.ts halfNaN).
 */
function halfKernel(kind: BinaryOpName, dtype: DType): Fn2 | undefined {
  const v = halfValues(dtype);
  if (kind === 'minimum') return (a, b) => (firstIsMin(v[a], v[b]) ? a : b);
  if (kind === 'maximum') return (a, b) => (firstIsMax(v[a], v[b]) ? a : b);
  const f = FLOAT_FNS[kind];
  const round = halfBits(dtype);
  const nan = halfNaN(dtype, kind === 'remainder' ? 0 : 0x8000);
  return (
    f &&
    ((a, b) => {
      const r = f(v[a], v[b]);
      return Number.isNaN(r) ? nan(a, b) : round(r);
    })
  );
}

function makeKernel(kind: BinaryOpName, dtype: DType): Fn2 | undefined {
  if (isHalf(dtype)) return halfKernel(kind, dtype);
  if (dtype === 'float64' || dtype === 'float32') return FLOAT_FNS[kind];
  if (dtype === 'bool') return BOOL_FNS[kind];
  if (dtype === 'int64' || dtype === 'uint64') return BIG_FNS[kind];
  return SMALL_FNS[kind](bitWidth(dtype));
}

const KERNELS = new Map<string, Fn2 | undefined>();

/**
 * The scalar function of `kind` on stored elements of `dtype`, or undefined when the spec does not
 * define it for that type. Its result may lie outside the type's range: storing it into the
 * dtype's typed array wraps or rounds it (reduce folds with these too, so both agree).
 */
export function binaryKernel(kind: BinaryOpName, dtype: DType): Fn2 | undefined {
  const key = `${kind}:${dtype}`;
  if (!KERNELS.has(key)) KERNELS.set(key, makeKernel(kind, dtype));
  return KERNELS.get(key);
}

/** `out[i] = f(x[i], y[i])` over whole storages. */
export function zipInto(f: Fn2, x: Cells, y: Cells, out: Cells): void {
  for (let i = 0; i < out.length; i++) out[i] = f(x[i], y[i]);
}

/** A kernel, or the DTypeError of the op's input table (for ops run without inferTypes). */
export function kernelOrThrow(kind: BinaryOpName, dtype: DType): Fn2 {
  const f = binaryKernel(kind, dtype);
  if (f) return f;
  const cls = TYPES[kind];
  return typeError(kind, 'I1', `lhs must be a tensor of ${cls.text} type`, dtype);
}

/**
 * Writes element k of a float32/float64 result (integer view `ow`) as x86 makes a NaN result:
 * element m of `from` (the first NaN operand: lhs's, else rhs's) quieted, or with no NaN
 * operand the default NaN — negative, as SSE makes it, except remainder's positive one
 * (APFloat mod, see fmod). A NaN out of JS arithmetic is not enough: V8 may swap the operands
 * of a commutative `a + b` (measured: rhs's NaN, lhs's on another tier), and a signalling NaN
 * picked by minimum/maximum reached the store quieted or not by the tier.
 */
export type NaNWrite = (ow: Int32Array, k: number, from: Int32Array | undefined, m: number) => void;

export function nanWrite(kind: BinaryOpName | UnaryOpName, wide: boolean): NaNWrite {
  const lanes = wide ? 2 : 1;
  const quiet = wide ? 0x00080000 : 0x00400000; // in the high word
  const positive = wide ? 0x7ff80000 : 0x7fc00000;
  const madeHi = kind === 'remainder' ? positive : positive | (0x80000000 | 0);
  return (ow, k, from, m) => {
    // little-endian: the high word is the last lane
    ow[k * lanes + lanes - 1] = from === undefined ? madeHi : from[m * lanes + lanes - 1] | quiet;
    if (wide) ow[2 * k] = from === undefined ? 0 : from[2 * m];
  };
}

/** An integer view of a float32/float64 storage (one word per float32, two per float64). */
export const floatWords = (a: Float32Array | Float64Array): Int32Array =>
  new Int32Array(a.buffer, a.byteOffset, a.byteLength >> 2);

/** Rewrites every NaN of a float32/float64 result with x86's bits (nanWrite). */
function fixNaNs(kind: BinaryOpName, lhs: Tensor, rhs: Tensor, out: Tensor): void {
  const [x, y, o] = [lhs.data, rhs.data, out.data] as Float64Array[];
  const write = nanWrite(kind, lhs.dtype === 'float64');
  let views: Int32Array[] | undefined; // made at the first NaN: most results have none
  for (let i = 0; i < o.length; i++) {
    if (!Number.isNaN(o[i])) continue;
    views ??= [floatWords(x), floatWords(y), floatWords(o)];
    const [xw, yw, ow] = views;
    write(ow, i, Number.isNaN(x[i]) ? xw : Number.isNaN(y[i]) ? yw : undefined, i);
  }
}

const rule: OpRule<BinaryOpName> = {
  arity: 2,
  infer(op: OpOf<BinaryOpName>, [lhs, rhs]) {
    checkElement(op.kind, 'I1', 'lhs', lhs, TYPES[op.kind]);
    checkSameType(op.kind, 'C1', 'type(lhs) = type(rhs) = type(result)', lhs, rhs);
    return checkResults(op, [lhs], { shape: 'C1', dtype: 'C1' });
  },
  run(op, [lhs, rhs]): Tensor[] {
    if (isComplex(lhs.dtype)) return [complexBinary(op.kind, lhs, rhs)];
    const f = kernelOrThrow(op.kind, lhs.dtype);
    const out = alloc(lhs);
    zipInto(f, lhs.data, rhs.data, out.data);
    if (lhs.dtype === 'float32' || lhs.dtype === 'float64') fixNaNs(op.kind, lhs, rhs, out);
    return [out];
  },
};

export const BINARY_RULES: RuleTable = Object.fromEntries(BINARY_OPS.map((k) => [k, rule]));
