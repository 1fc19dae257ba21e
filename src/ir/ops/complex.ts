/**
 * The IR ops on complex<f32> / complex<f64> tensors (storage: interleaved real and imaginary
 * parts, see tensor/complex.ts). Structural ops (constant, broadcast_in_dim, reshape, transpose,
 * concatenate, slice, dynamic_slice, dynamic_update_slice, pad, select) copy whole elements and need nothing here; the
 * arithmetic the spec defines on complex and the library runs is:
 * - add / subtract: part by part, each rounded to the component type; a NaN part by x86's
 *   first-NaN rule (lhs's part quieted, else rhs's, else the negative default NaN), moved as bits
 *   by the core's kernel: JS's `a + c` returned lhs's NaN or rhs's by V8's tier (operand order);
 * - multiply: (a + bi)(c + di) = (ac − bd) + (ad + bc)i, every product and sum rounded, NaNs
 *   by x86's first-NaN rule in NumPy's operand order (the core's kernel, core/complex-nan.ts);
 * - divide: XLA:CPU's Smith division with its NaN repair (complex-divide.ts);
 * - minimum / maximum: lexicographic on (real, imaginary), as the spec says and JAX lowers it
 *   (a select on `re = re' ? im < im' : re < re'`; a tie or a NaN comparison takes rhs).
 * - real / imag / complex: bit moves between a complex tensor and its parts (parts.ts).
 * - convert: a real operand into a complex type (real part, imaginary 0; convert.ts).
 * Every other op refuses complex operands with DTypeError `stablehlo.<op>.complex`.
 */
import { DTypeError } from '../../errors.js';
import { type ComplexDType, isComplex } from '../../tensor/complex.js';
import type { Tensor } from '../../tensor/tensor.js';
import type { BinaryOpName, TensorType } from '../program.js';
import { mulKernel } from '../../core/complex-nan.js';
import { reduceKernel } from '../../core/kernels.js';
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
  'dynamic_update_slice',
  'pad',
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
  // A real operand converts into a complex type (the spec's convert: the real part, imaginary
  // 0): a complex scatter_reduce 'mean' divides by its counts converted so (ir/ops/convert.ts).
  const first = types[0];
  if (kind === 'convert' && first !== null && typeof first === 'object' && !isComplex(first.dtype)) return;
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

/** divide's pair function (NaN parts: the default NaN). */
function dividePair(round: (x: number) => number): PairFn {
  const div = round === Math.fround ? divideComplex64 : divideComplex128;
  // A NaN part is the default NaN: its payload is not modelled, and the arithmetic and the
  // returned pair (a JS array) gave bits that changed with V8's optimisation tier.
  return (a, b, c, d, o, i) => {
    const q = div(a, b, c, d);
    o[i] = Number.isNaN(q[0]) ? Number.NaN : q[0];
    o[i + 1] = Number.isNaN(q[1]) ? Number.NaN : q[1];
  };
}

/** The ops the core's reduce kernels compute, each as `lhs = lhs op rhs`. */
const CORE_REDUCERS: Partial<Record<BinaryOpName, 'add' | 'sub' | 'mul' | 'min' | 'max'>> = {
  add: 'add',
  subtract: 'sub',
  multiply: 'mul',
  minimum: 'min',
  maximum: 'max',
};

/**
 * `result[i] = lhs[i] op rhs[i]` on complex tensors of one type (checked by the caller's infer).
 * add / subtract / multiply / minimum / maximum run the core's reduce kernels on a copy of lhs:
 * a NaN part takes x86's first-NaN rule with lhs first (NumPy's operand order for the product),
 * and min/max copy the winning pair (lexicographic, rhs on a tie or a NaN comparison) as bits —
 * a signalling NaN part moved as a JS number came out quiet on some V8 tiers, not on others.
 */
export function complexBinary(kind: BinaryOpName, lhs: Tensor, rhs: Tensor): Tensor {
  const dtype = lhs.dtype as ComplexDType;
  const out = alloc(lhs);
  const reducer = CORE_REDUCERS[kind];
  if (reducer !== undefined) {
    (out.data as Float32Array).set(lhs.data as Float32Array); // same type: a bit copy
    const k =
      reducer === 'mul'
        ? mulKernel(dtype === 'complex128', 'numpy')
        : reduceKernel(reducer, dtype, `stablehlo.${kind}`);
    k(out.data as Float32Array, 0, rhs.data as Float32Array, 0, out.size);
    return out;
  }
  if (kind !== 'divide')
    throw new DTypeError(`stablehlo.${kind}.complex`, `stablehlo.${kind}: not defined on ${dtype} here`, {
      dtype,
    });
  const f = dividePair(dtype === 'complex64' ? Math.fround : (x) => x);
  const x = lhs.data as Float32Array | Float64Array;
  const y = rhs.data as Float32Array | Float64Array;
  const o = out.data as Float32Array | Float64Array;
  for (let i = 0; i < o.length; i += 2) f(x[i], x[i + 1], y[i], y[i + 1], o, i);
  return out;
}
