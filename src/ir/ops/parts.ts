/**
 * The ops between a complex tensor and its parts: `real` and `imag` take a part out, `complex`
 * puts two parts together. Every one moves bits (NaN payloads and -0 kept): nothing is computed.
 *
 *   real(x)[i] = Re(x[i]),  imag(x)[i] = Im(x[i])   (on a float x: x[i] and +0)
 *   complex(lhs, rhs)[i] = lhs[i] + rhs[i]·i
 *
 * Constraints (spec, "real" / "imag" / "complex"):
 * - real, imag: I1 operand is a tensor of floating-point or complex type; C1 shape(result) =
 *   shape(operand); C2 element_type(result) = complex_element_type(element_type(operand)) for a
 *   complex operand, else element_type(operand).
 * - complex: I1/I2 lhs and rhs are tensors of f32 or f64; C1 type(lhs) = type(rhs); C2
 *   shape(result) = shape(lhs); C3 element_type(result) = complex<element_type(lhs)>.
 */
import { componentDType, isComplex } from '../../tensor/complex.js';
import { type DType, byteSize } from '../../tensor/dtype.js';
import type { Tensor } from '../../tensor/tensor.js';
import type { TensorType } from '../program.js';
import type { ElementClass, OpRule, RuleTable } from './common.js';
import { FLOAT, alloc, checkElement, checkResults, checkSameType } from './common.js';

const FLOAT_OR_COMPLEX: ElementClass = {
  text: 'floating-point or complex',
  dtypes: new Set<DType>([...FLOAT.dtypes, 'complex64', 'complex128']),
};
const F32_OR_F64: ElementClass = { text: 'f32 or f64', dtypes: new Set<DType>(['float32', 'float64']) };

/** The element type of a part of `dtype` (C2 of real and imag). */
const partType = (dtype: DType): DType => (isComplex(dtype) ? componentDType(dtype) : dtype);

/**
 * Copies part `k` (0 real, 1 imaginary) of every complex element of `src` into `out`, or the
 * other way round when `into` is set; `lanes` int32 words per part (1 for f32, 2 for f64).
 */
function moveParts(part: Int32Array, whole: Int32Array, k: number, lanes: number, into: boolean): void {
  const n = part.length / lanes;
  for (let i = 0; i < n; i++)
    for (let l = 0; l < lanes; l++) {
      const w = (2 * i + k) * lanes + l;
      if (into) whole[w] = part[i * lanes + l];
      else part[i * lanes + l] = whole[w];
    }
}

/** A float or complex tensor's storage as int32 words, so bits move exactly (NaN payloads). */
const int32s = (t: Tensor): Int32Array =>
  new Int32Array(t.data.buffer, t.data.byteOffset, t.data.byteLength >> 2);
const bytes = (t: Tensor): Uint8Array => new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);

/** real / imag: the part's bits; a float operand is its own real part and has imaginary part +0. */
function takePart(k: number): OpRule<'real' | 'imag'> {
  return {
    arity: 1,
    infer(op, [operand]) {
      checkElement(op.kind, 'I1', 'operand', operand, FLOAT_OR_COMPLEX);
      return checkResults(op, [{ shape: operand.shape, dtype: partType(operand.dtype) }], {
        shape: 'C1',
        dtype: 'C2',
      });
    },
    run(_op, [operand]) {
      const out = alloc({ shape: operand.shape, dtype: partType(operand.dtype) });
      if (!isComplex(operand.dtype)) {
        // Bytes, not numbers: a NaN payload survives `real` at every float width.
        if (k === 0) bytes(out).set(bytes(operand));
        return [out];
      }
      moveParts(int32s(out), int32s(operand), k, byteSize(out.dtype) >> 2, false);
      return [out];
    },
  };
}

const complexRule: OpRule<'complex'> = {
  arity: 2,
  infer(op, [lhs, rhs]) {
    checkElement(op.kind, 'I1', 'lhs', lhs, F32_OR_F64);
    checkElement(op.kind, 'I2', 'rhs', rhs, F32_OR_F64);
    checkSameType(op.kind, 'C1', 'type(lhs) = type(rhs)', lhs, rhs);
    const dtype: DType = lhs.dtype === 'float32' ? 'complex64' : 'complex128';
    return checkResults(op, [{ shape: lhs.shape, dtype } satisfies TensorType], { shape: 'C2', dtype: 'C3' });
  },
  run(_op, [lhs, rhs]) {
    const out = alloc({ shape: lhs.shape, dtype: lhs.dtype === 'float32' ? 'complex64' : 'complex128' });
    const lanes = byteSize(lhs.dtype) >> 2;
    moveParts(int32s(lhs), int32s(out), 0, lanes, true);
    moveParts(int32s(rhs), int32s(out), 1, lanes, true);
    return [out];
  },
};

export const PARTS_RULES: RuleTable = { real: takePart(0), imag: takePart(1), complex: complexRule };
