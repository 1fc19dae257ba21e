/**
 * The IR ops on complex<f32> / complex<f64> tensors (storage: interleaved real and imaginary
 * parts, see tensor/complex.ts). Structural ops (constant, broadcast_in_dim, reshape, transpose,
 * concatenate, slice, dynamic_slice, select) copy whole elements and need nothing here; the
 * arithmetic the spec defines on complex and the library runs is:
 * - add / subtract: part by part, each rounded to the component type;
 * - multiply: (a + bi)(c + di) = (ac − bd) + (ad + bc)i, every product and sum rounded, NaNs
 *   by x86's first-NaN rule in NumPy's operand order (the core's kernel, core/complex-nan.ts);
 * - divide: XLA:CPU's Smith division with its NaN repair (complex-divide.ts);
 * - minimum / maximum: lexicographic on (real, imaginary), as the spec says and JAX lowers it
 *   (a select on `re = re' ? im < im' : re < re'`; a tie or a NaN comparison takes rhs).
 * - real / imag / complex: bit moves between a complex tensor and its parts (parts.ts).
 * Every other op refuses complex operands with DTypeError `stablehlo.<op>.complex`.
 */
import { DTypeError } from '../../errors.js';
import { type ComplexDType, isComplex } from '../../tensor/complex.js';
import type { Tensor } from '../../tensor/tensor.js';
import type { BinaryOpName, TensorType } from '../program.js';
import { mulKernel } from '../../core/complex-nan.js';
import { alloc } from './common.js';
import { divideComplex128, divideComplex64 } from './complex-divide.js';

/** The ops that take complex operands. */
export const COMPLEX_OPS: ReadonlySet<string> = new Set([
  'constant',
  'broadcast_in_dim',
  'reshape',
  'transpose',
  'concatenate',
  'slice',
  'dynamic_slice',
  'select',
  'add',
  'subtract',
  'multiply',
  'divide',
  'minimum',
  'maximum',
  'real',
  'imag',
  'complex',
]);

/** DTypeError `stablehlo.<kind>.complex` when an op outside COMPLEX_OPS meets a complex type. */
export function checkComplexOperands(kind: string, types: readonly TensorType[]): void {
  if (COMPLEX_OPS.has(kind)) return;
  const t = types.find((x) => x !== null && typeof x === 'object' && isComplex(x.dtype));
  if (t !== undefined)
    throw new DTypeError(
      `stablehlo.${kind}.complex`,
      `stablehlo.${kind}: ${t.dtype} operands are not supported by this op here (complex ops: ${[...COMPLEX_OPS].join(', ')})`,
      { dtype: t.dtype },
    );
}

type PairFn = (
  a: number,
  b: number,
  c: number,
  d: number,
  out: Float32Array | Float64Array,
  i: number,
) => void;

function pairFn(kind: BinaryOpName, round: (x: number) => number): PairFn | undefined {
  switch (kind) {
    case 'add':
      return (a, b, c, d, o, i) => {
        o[i] = a + c;
        o[i + 1] = b + d;
      };
    case 'subtract':
      return (a, b, c, d, o, i) => {
        o[i] = a - c;
        o[i + 1] = b - d;
      };
    case 'multiply':
      return (a, b, c, d, o, i) => {
        o[i] = round(round(a * c) - round(b * d));
        o[i + 1] = round(round(a * d) + round(b * c));
      };
    case 'divide': {
      const div = round === Math.fround ? divideComplex64 : divideComplex128;
      // A NaN part is the default NaN: its payload is not modelled, and the arithmetic and the
      // returned pair (a JS array) gave bits that changed with V8's optimisation tier.
      return (a, b, c, d, o, i) => {
        const q = div(a, b, c, d);
        o[i] = Number.isNaN(q[0]) ? Number.NaN : q[0];
        o[i + 1] = Number.isNaN(q[1]) ? Number.NaN : q[1];
      };
    }
    case 'minimum':
    case 'maximum': {
      const first =
        kind === 'minimum'
          ? (a: number, b: number, c: number, d: number) => (a === c ? b < d : a < c)
          : (a: number, b: number, c: number, d: number) => (a === c ? b > d : a > c);
      return (a, b, c, d, o, i) => {
        const lhs = first(a, b, c, d);
        o[i] = lhs ? a : c;
        o[i + 1] = lhs ? b : d;
      };
    }
    default:
      return undefined;
  }
}

/**
 * `result[i] = lhs[i] op rhs[i]` on complex tensors of one type (checked by the caller's infer).
 * add/subtract store through the typed array (a float32 store rounds once: the float32 sum).
 */
export function complexBinary(kind: BinaryOpName, lhs: Tensor, rhs: Tensor): Tensor {
  const dtype = lhs.dtype as ComplexDType;
  const f = pairFn(kind, dtype === 'complex64' ? Math.fround : (x) => x);
  if (f === undefined)
    throw new DTypeError(`stablehlo.${kind}.complex`, `stablehlo.${kind}: not defined on ${dtype} here`, {
      dtype,
    });
  const out = alloc(lhs);
  if (kind === 'multiply') {
    // The core's NaN-exact product (x86's first-NaN rule, NumPy's operand order).
    (out.data as Float32Array).set(lhs.data as Float32Array);
    mulKernel(dtype === 'complex128', 'numpy')(
      out.data as Float32Array,
      0,
      rhs.data as Float32Array,
      0,
      out.size,
    );
    return out;
  }
  const x = lhs.data as Float32Array | Float64Array;
  const y = rhs.data as Float32Array | Float64Array;
  const o = out.data as Float32Array | Float64Array;
  for (let i = 0; i < o.length; i += 2) f(x[i], x[i + 1], y[i], y[i + 1], o, i);
  return out;
}
