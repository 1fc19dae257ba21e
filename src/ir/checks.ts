/**
 * The StableHLO interpreter's checks, as its test tools define them (stablehlo/tests/CheckOps.cpp
 * and stablehlo-translate's custom-call fallback):
 * - `expect_eq` / `expect_eq_const`: element `!=` fails — integers exactly, floats by IEEE
 *   equality (so a NaN never matches and -0 matches +0);
 * - `check.eq` (a custom call returning i1): integers exactly, floats as `expect_almost_eq` with
 *   tolerance 1e-4; a mismatch both returns false and fails the run;
 * - `expect_close`: the ULP distance of every float pair lies in [min, max] (custom calls: [0, 3]);
 *   bitwise-equal values are 0 apart, two NaNs are 0 apart, a finite and a non-finite value are
 *   infinitely apart; non-float elements must be equal;
 * - `expect_almost_eq`: |a − b| ≤ tolerance for finite values (custom calls: 0.001; the op's own
 *   default 1e-4), NaN matches NaN, infinities must be equal.
 * A complex element is compared part by part, each part by its float rule; under `expect_close`
 * its distance is the larger of its parts' (CheckOps.cpp `ULPDifference`), so with a minimum above
 * 0 one part may match exactly.
 */
import { componentDType } from '../tensor/complex.js';
import { type DType, isComplex } from '../tensor/dtype.js';
import { Tensor } from '../tensor/tensor.js';
import type { Op } from './program.js';

type CheckOp = Extract<Op, { kind: 'check' }>;

const FLOAT_BITS: Partial<Record<DType, number>> = { float64: 64, float32: 32, float16: 16, bfloat16: 16 };

/** Why `actual` fails the check against `expected`, or undefined when it passes. */
export function checkOutcome(op: CheckOp, actual: Tensor, expected: Tensor): string | undefined {
  if (actual.dtype !== expected.dtype || actual.shape.join() !== expected.shape.join())
    return `types differ: ${actual.dtype}[${actual.shape}] (actual) vs ${expected.dtype}[${expected.shape}] (expected)`;
  if (isComplex(actual.dtype)) {
    if (op.check === 'expect_close') return closeComplex(op, partsOf(actual), partsOf(expected));
    const why = checkOutcome(op, partsOf(actual), partsOf(expected));
    // Part k is element k / 2's real (k even) or imaginary part.
    return why?.replace(
      /^element (\d+)/,
      (_, k) => `element ${k >> 1} (${k % 2 ? 'imaginary' : 'real'} part)`,
    );
  }
  const compare = comparer(op, actual.dtype);
  const a = actual.toFlatArray();
  const b = expected.toFlatArray();
  const ra = rawBits(actual);
  const rb = rawBits(expected);
  for (let i = 0; i < a.length; i++) {
    const why = compare(a[i], b[i], ra?.[i], rb?.[i]);
    if (why !== undefined)
      return `element ${i}: ${String(a[i])} (actual) vs ${String(b[i])} (expected)${why}`;
  }
  return undefined;
}

/** A complex tensor's parts as a float tensor of twice its size (interleaved real, imaginary). */
function partsOf(t: Tensor): Tensor {
  const dtype = componentDType(t.dtype as 'complex64' | 'complex128');
  return new Tensor(dtype, [2 * t.size], t.data as Float32Array | Float64Array);
}

/** expect_close on complex parts: element k's distance is the larger of parts 2k's and 2k + 1's. */
function closeComplex(op: CheckOp, a: Tensor, b: Tensor): string | undefined {
  const [min, max] = ulpBounds(op);
  const width = FLOAT_BITS[a.dtype] as number;
  const x = a.data as Float32Array | Float64Array;
  const y = b.data as Float32Array | Float64Array;
  const bx = rawBits(a) as bigint[];
  const by = rawBits(b) as bigint[];
  const part = (k: number) => ulpDifference(x[k], y[k], bx[k], by[k], width);
  for (let k = 0; k < x.length; k += 2) {
    const d = Math.max(part(k), part(k + 1));
    if (d < min || d > max)
      return `element ${k >> 1}: (${x[k]}, ${x[k + 1]}) (actual) vs (${y[k]}, ${y[k + 1]}) (expected)${outside(d, min, max)}`;
  }
  return undefined;
}

/** expect_close's bounds: the op's, else the custom call's [0, 3]. */
const ulpBounds = (op: CheckOp) => [op.min_ulp_difference ?? 0, op.max_ulp_difference ?? 3] as const;
const outside = (d: number, min: number, max: number) =>
  `, ULP difference ${d === Infinity ? 'max' : d} outside [${min}, ${max}]`;

type Compare = (a: unknown, b: unknown, bitsA?: bigint, bitsB?: bigint) => string | undefined;

function comparer(op: CheckOp, dtype: DType): Compare {
  const isFloat = FLOAT_BITS[dtype] !== undefined;
  const exact: Compare = (a, b) => ((isFloat ? (a as number) === (b as number) : a === b) ? undefined : '');
  if (!isFloat) return exact;
  if (op.check === 'expect_close') {
    const [min, max] = ulpBounds(op);
    return (a, b, x, y) => {
      const d = ulpDifference(
        a as number,
        b as number,
        x as bigint,
        y as bigint,
        FLOAT_BITS[dtype] as number,
      );
      return d >= min && d <= max ? undefined : outside(d, min, max);
    };
  }
  // check.eq (stablehlo-translate's custom call): integers exactly, floats within 1e-4.
  if (op.check === 'expect_almost_eq' || op.check === 'expect_almost_eq_const' || op.check === 'eq') {
    const tol = op.tolerance ?? 1e-4;
    return (a, b) => (almostEqual(a as number, b as number, tol) ? undefined : `, tolerance ${tol}`);
  }
  return exact;
}

/** The ULP distance as CheckOps.cpp defines it (sign-magnitude bit patterns). */
function ulpDifference(a: number, b: number, x: bigint, y: bigint, width: number): number {
  if (x === y) return 0;
  if (Number.isFinite(a) && Number.isFinite(b)) {
    const signBit = 1n << BigInt(width - 1);
    const ma = x & (signBit - 1n);
    const mb = y & (signBit - 1n);
    const d = (x & signBit) !== (y & signBit) ? ma + mb : ma > mb ? ma - mb : mb - ma;
    return Number(d);
  }
  if (Number.isNaN(a) && Number.isNaN(b)) return 0;
  return Infinity;
}

function almostEqual(a: number, b: number, tol: number): boolean {
  if (a === b) return true;
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) === Number.isNaN(b);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return Math.abs(a - b) <= tol;
}

/** The raw bit pattern of each float element (for ULP distances), else undefined. */
function rawBits(t: Tensor): bigint[] | undefined {
  const d = t.data;
  switch (t.dtype) {
    case 'float64':
      return Array.from(new BigUint64Array(d.buffer, d.byteOffset, t.size));
    case 'float32':
      return Array.from(new Uint32Array(d.buffer, d.byteOffset, t.size), BigInt);
    case 'float16':
    case 'bfloat16':
      return Array.from(d as Uint16Array, BigInt);
    default:
      return undefined;
  }
}
