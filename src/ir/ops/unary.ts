/**
 * The element-wise unary ops: `result[i] = op(operand[i])`, of the operand's shape and (but for
 * is_finite, whose result is i1) element type.
 *
 * Semantics by element type (spec; the reference interpreter's Element.cpp for the details):
 * - integers wrap: negate and abs of INT_MIN are INT_MIN (APInt negation and abs);
 * - negate and abs of floats flip or clear the sign bit (IEEE negate/abs: exact, NaN included);
 * - sign keeps NaN and the sign of zero, else ±1;
 * - floor, ceil, round_nearest_even, round_nearest_afz are IEEE roundToIntegral (−0.4 → −0);
 * - sqrt, exponential, log compute in float64 and round once to the element type, as the
 *   reference interpreter upcasts to double (`mapWithUpcastToDouble`), with V8's libm;
 * - a NaN result has x86's bits whatever V8's tier (fixNaNs; binary.ts has the same rule):
 *   negate, abs, sign and real of a NaN are its own bits (negate/abs with the sign flipped or
 *   cleared: IEEE's quiet-computational ops, which never quiet a signalling NaN); the rounding
 *   ops, sqrt, exponential and log give the operand's NaN quieted (roundsd, sqrtsd, glibc and
 *   APFloat's roundToIntegral all do), or for an invalid operand (sqrt(−1), log(−1)) the negative
 *   default NaN x86 makes — not V8's: its floor of a signalling NaN kept it signalling on some
 *   calls and quieted it on others, and its log gives 0x7ff4000000000000 (a signalling pattern);
 *   float16 / bfloat16 ones convert that NaN (elements.ts halfNaN), but negate and abs (bits);
 * - real is the identity and imag is +0 on real tensors; on complex ones both are parts.ts's rules;
 * - popcnt counts the set bits of the element's own width; not is bitwise (logical on i1).
 */
import type { DType } from '../../tensor/dtype.js';
import type { Tensor } from '../../tensor/tensor.js';
import { UNARY_OPS, type UnaryOpName } from '../program.js';
import {
  BOOL_OR_INT,
  type Cells,
  type ElementClass,
  FLOAT,
  type Fn1,
  INT,
  INT_OR_FLOAT,
  type OpRule,
  type ResultCodes,
  type RuleTable,
  SIGNED_OR_FLOAT,
  alloc,
  checkElement,
  checkResults,
  typeError,
} from './common.js';
import { floatWords, nanWrite } from './binary.js';
import { bitWidth, halfBits, halfNaN, halfValues, isHalf } from './elements.js';

interface UnarySpec {
  /** The element types of the operand (input table I1). */
  readonly types: ElementClass;
  /** The constraints naming the result's shape and element type. */
  readonly codes: ResultCodes;
}
const SAME: ResultCodes = { shape: 'C1', dtype: 'C1' };
const SPLIT: ResultCodes = { shape: 'C1', dtype: 'C2' };

const SPEC: Record<UnaryOpName, UnarySpec> = {
  negate: { types: INT_OR_FLOAT, codes: SAME },
  abs: { types: SIGNED_OR_FLOAT, codes: SPLIT },
  not: { types: BOOL_OR_INT, codes: SAME },
  sign: { types: SIGNED_OR_FLOAT, codes: SAME },
  real: { types: FLOAT, codes: SPLIT },
  imag: { types: FLOAT, codes: SPLIT },
  floor: { types: FLOAT, codes: SAME },
  ceil: { types: FLOAT, codes: SAME },
  round_nearest_even: { types: FLOAT, codes: SAME },
  round_nearest_afz: { types: FLOAT, codes: SAME },
  sqrt: { types: FLOAT, codes: SAME },
  exponential: { types: FLOAT, codes: SAME },
  log: { types: FLOAT, codes: SAME },
  popcnt: { types: INT, codes: SAME },
  // `y` is a tensor of boolean type: the output table, which has no constraint number.
  is_finite: { types: FLOAT, codes: { shape: 'C1', dtype: 'y' } },
};

/** Ties to even: Math.round breaks ties upward, so an odd tie result steps back (exact: |x| < 2^52). */
function roundEven(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** Ties away from zero (Math.trunc keeps −0 for −0.4). */
function roundAway(x: number): number {
  const t = Math.trunc(x);
  return Math.abs(x - t) >= 0.5 ? t + Math.sign(x) : t;
}

/** Float ops on float64 values (the caller rounds to the element type); is_finite gives 0/1. */
const FLOAT_FNS: Partial<Record<UnaryOpName, Fn1>> = {
  negate: (a) => -a,
  abs: Math.abs,
  sign: (a) => (a > 0 ? 1 : a < 0 ? -1 : a),
  real: (a) => a,
  imag: () => 0,
  floor: Math.floor,
  ceil: Math.ceil,
  round_nearest_even: roundEven,
  round_nearest_afz: roundAway,
  sqrt: Math.sqrt,
  exponential: Math.exp,
  log: Math.log,
  is_finite: (a) => (Number.isFinite(a) ? 1 : 0),
};

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** ≤ 32-bit integers; the typed-array store wraps −INT_MIN and |INT_MIN| back to INT_MIN. */
const SMALL_FNS: Partial<Record<UnaryOpName, (bits: number) => Fn1>> = {
  negate: () => (a) => -a,
  abs: () => Math.abs,
  not: () => (a) => ~a,
  sign: () => Math.sign,
  popcnt: (w) => (a) => popcount32((a << (32 - w)) >>> (32 - w)),
};

const BIG_FNS: Partial<Record<UnaryOpName, Fn1>> = {
  negate: (a) => -a,
  abs: (a) => (a < 0n ? -a : a),
  not: (a) => ~a,
  sign: (a) => (a > 0n ? 1n : a < 0n ? -1n : 0n),
  popcnt: (a) => BigInt(popcount32(Number(a & 0xffffffffn)) + popcount32(Number((a >> 32n) & 0xffffffffn))),
};

/** float16/bfloat16 bits: sign-bit ops stay exact on the bits, the rest round once from float64. */
function halfKernel(kind: UnaryOpName, dtype: DType): Fn1 | undefined {
  const v = halfValues(dtype);
  if (kind === 'negate') return (a) => a ^ 0x8000;
  if (kind === 'abs') return (a) => a & 0x7fff;
  if (kind === 'real') return (a) => a;
  if (kind === 'is_finite') return (a) => (Number.isFinite(v[a]) ? 1 : 0);
  const f = FLOAT_FNS[kind];
  const round = halfBits(dtype);
  const nan = halfNaN(dtype);
  return (
    f &&
    ((a) => {
      const r = f(v[a]);
      return Number.isNaN(r) ? nan(a) : round(r);
    })
  );
}

/** The ops whose NaN result is an operand's own bits (see the header); the rest compute one. */
const BIT_OPS: Partial<Record<UnaryOpName, (hi: number) => number>> = {
  negate: (hi) => hi ^ (0x80000000 | 0),
  abs: (hi) => hi & 0x7fffffff,
  sign: (hi) => hi,
  real: (hi) => hi,
};

/** Rewrites every NaN of a float32/float64 result with x86's bits (see the header). */
function fixNaNs(kind: UnaryOpName, operand: Tensor, out: Tensor): void {
  const [x, o] = [operand.data, out.data] as Float64Array[];
  const wide = operand.dtype === 'float64';
  const bits = BIT_OPS[kind];
  const write = nanWrite(kind, wide);
  let views: Int32Array[] | undefined; // made at the first NaN: most results have none
  for (let i = 0; i < o.length; i++) {
    if (!Number.isNaN(o[i])) continue;
    views ??= [floatWords(x), floatWords(o)];
    const [xw, ow] = views;
    if (!bits) write(ow, i, Number.isNaN(x[i]) ? xw : undefined, i);
    else if (wide)
      [ow[2 * i], ow[2 * i + 1]] = [xw[2 * i], bits(xw[2 * i + 1])]; // little-endian: high word last
    else ow[i] = bits(xw[i]);
  }
}

/** The scalar function of `kind` on stored elements of `dtype`, or undefined where the spec has none. */
export function unaryKernel(kind: UnaryOpName, dtype: DType): Fn1 | undefined {
  if (isHalf(dtype)) return halfKernel(kind, dtype);
  if (dtype === 'float64' || dtype === 'float32') return FLOAT_FNS[kind];
  if (dtype === 'bool') return kind === 'not' ? (a) => a ^ 1 : undefined;
  if (dtype === 'int64' || dtype === 'uint64') return BIG_FNS[kind];
  return SMALL_FNS[kind]?.(bitWidth(dtype));
}

/** `out[i] = f(x[i])` over whole storages. */
export function mapInto(f: Fn1, x: Cells, out: Cells): void {
  for (let i = 0; i < out.length; i++) out[i] = f(x[i]);
}

const resultDType = (kind: UnaryOpName, dtype: DType): DType => (kind === 'is_finite' ? 'bool' : dtype);

const rule: OpRule<UnaryOpName> = {
  arity: 1,
  infer(op, [operand]) {
    const spec = SPEC[op.kind];
    checkElement(op.kind, 'I1', 'operand', operand, spec.types);
    return checkResults(
      op,
      [{ shape: operand.shape, dtype: resultDType(op.kind, operand.dtype) }],
      spec.codes,
    );
  },
  run(op, [operand]) {
    const f = unaryKernel(op.kind, operand.dtype);
    if (!f)
      typeError(op.kind, 'I1', `operand must be a tensor of ${SPEC[op.kind].types.text} type`, operand.dtype);
    const out = alloc({ shape: operand.shape, dtype: resultDType(op.kind, operand.dtype) });
    mapInto(f, operand.data, out.data);
    if (out.dtype === 'float32' || out.dtype === 'float64') fixNaNs(op.kind, operand, out);
    return [out];
  },
};

export const UNARY_RULES: RuleTable = Object.fromEntries(UNARY_OPS.map((k) => [k, rule]));
