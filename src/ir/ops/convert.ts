/**
 * The element-type changes.
 *
 * - convert: `result[i] = convert(operand[i], element_type(result))`. bool → x is 0 or 1 and
 *   x → bool is `x ≠ 0` (NaN is true); integer ↔ float and float ↔ float round to nearest even
 *   once from the exact value; float → integer truncates toward zero. What the spec leaves TBD
 *   (#180) follows the reference interpreter (Element.cpp `convert`): integer → integer wraps
 *   (APInt extOrTrunc), float → integer saturates to the type's bounds and NaN becomes 0
 *   (APFloat::convertToInteger on an invalid operation), negative floats into unsigned types 0.
 *   A NaN keeps its sign (every implementation does); its payload, which the spec leaves open
 *   (`ieee754.nan_payload`), follows PyTorch's float16 (measured, 1.13) and x86: float32 ↔
 *   float64 keep the top payload bits, quieted (the host's conversion, as APFloat::convert); out of
 *   float16 / bfloat16 the payload is kept, quieted (APFloat, x86's F16C); into float16 / bfloat16
 *   a NaN is the quiet NaN with its sign, 0x7e00 | sign / 0x7fc0 | sign (Eigen's half, which XLA
 *   and onnxruntime use, and PyTorch's float16 cast), where APFloat and NumPy keep the payload's
 *   top bits.
 * - bitcast_convert: the operand's bits read as the result's element type, in the in-memory
 *   little-endian order the spec's example shows (JS typed arrays use the host's order, little-
 *   endian on every platform Node and browsers run on). A wider element is made of the last
 *   dimension's narrower ones, lowest first; i1 is one bit (the spec's `num_bits`), so
 *   `tensor<8xi1>` ↔ `tensor<i8>` moves single bits, lowest first, as the reference interpreter.
 */
import { componentDType, isComplex } from '../../tensor/complex.js';
import type { DType } from '../../tensor/dtype.js';
import { carryNaNs } from '../../tensor/ops.js';
import type { Tensor } from '../../tensor/tensor.js';
import { type OpRule, type RuleTable, alloc, argError, declaredResult, typeText } from './common.js';
import { bitWidth, decoder, encoder } from './elements.js';
import { mapInto } from './unary.js';

/** A fresh tensor of `t`'s values converted to `dtype` by the spec's `convert`. */
export function convertTo(t: Tensor, dtype: DType): Tensor {
  const out = alloc({ shape: t.shape, dtype });
  if (t.dtype === dtype) {
    (out.data as { set(a: ArrayLike<unknown>): void }).set(t.data); // a byte copy
    return out;
  }
  if (isComplex(dtype)) {
    // Real → complex: the real part converted to the component type, the imaginary part 0
    // (storage interleaves the parts). Complex operands never reach here (checkComplexOperands).
    const re = convertTo(t, componentDType(dtype));
    const parts = out.data as unknown as Float32Array | Float64Array;
    for (let i = 0; i < re.size; i++) parts[2 * i] = (re.data as Float32Array | Float64Array)[i];
    return out;
  }
  const get = decoder(t.dtype);
  const put = encoder(dtype, t.dtype);
  mapInto((x) => put(get(x)), t.data, out.data);
  carryNaNs(t, out); // a NaN's sign (and payload out of a 16-bit float), as the header says
  return out;
}

const convert: OpRule<'convert'> = {
  arity: 1,
  infer(op, [operand]) {
    const out = declaredResult(op);
    const { shape } = operand;
    if (shape.length !== out.shape.length || shape.some((n, d) => n !== out.shape[d]))
      argError('convert', 'C1', 'shape(operand) = shape(result)', `${typeText(operand)} → ${typeText(out)}`);
    return [out];
  },
  run: (op, [operand]) => [convertTo(operand, op.results[0].dtype)],
};

/** Whether `result`'s shape is what C1 makes of `operand`'s for the two bit widths. */
function bitcastShapeOk(
  operand: readonly number[],
  result: readonly number[],
  from: number,
  to: number,
): boolean {
  const same = (a: readonly number[], b: readonly number[], n: number) =>
    a.slice(0, n).every((x, d) => x === b[d]);
  const r = operand.length;
  if (to === from) return result.length === r && same(operand, result, r);
  if (to < from) return result.length === r + 1 && same(operand, result, r) && result[r] * to === from;
  return r > 0 && result.length === r - 1 && same(operand, result, r - 1) && operand[r - 1] * from === to;
}

/** Bit j of the flat bit string of `src` (elements of `width` bits, lowest bit first). */
function bitsToBools(src: Uint8Array, out: Uint8Array): void {
  for (let j = 0; j < out.length; j++) out[j] = (src[j >> 3] >> (j & 7)) & 1;
}
function boolsToBits(src: Uint8Array, out: Uint8Array): void {
  for (let j = 0; j < src.length; j++) out[j >> 3] |= src[j] << (j & 7);
}

const bytes = (t: Tensor): Uint8Array => new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);

const bitcastConvert: OpRule<'bitcast_convert'> = {
  arity: 1,
  infer(op, [operand]) {
    const out = declaredResult(op);
    const [from, to] = [bitWidth(operand.dtype), bitWidth(out.dtype)];
    if (!bitcastShapeOk(operand.shape, out.shape, from, to))
      argError(
        'bitcast_convert',
        'C1',
        `the result shape follows from num_bits(${operand.dtype}) = ${from} and num_bits(${out.dtype}) = ${to}`,
        `${typeText(operand)} → ${typeText(out)}`,
      );
    return [out];
  },
  run(op, [operand]) {
    const out = alloc(op.results[0]);
    const toBool = out.dtype === 'bool';
    if (toBool === (operand.dtype === 'bool')) bytes(out).set(bytes(operand));
    else if (toBool) bitsToBools(bytes(operand), bytes(out));
    else boolsToBits(bytes(operand), bytes(out));
    return [out];
  },
};

export const CONVERT_RULES: RuleTable = { convert, bitcast_convert: bitcastConvert };
