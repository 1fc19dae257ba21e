/**
 * `numpy.take(a, indices, out=o)` with `o` of another dtype than `a` (NumPy 1.24's
 * PyArray_TakeFrom, numpy/core/src/multiarray/item_selection.c): NumPy takes into a temporary of
 * `a`'s dtype made from `o` by `PyArray_FromArray(out, a.dtype, CARRAY | WRITEBACKIFCOPY)`, which
 * casts `o`'s dtype to `a`'s under the 'safe' rule (else TypeError), and writes the result back
 * into `o` with an unsafe cast when the take succeeds:
 *
 *   o[p] = cast(a.dtype → o.dtype, take(a, indices)[p])
 *
 * Here the write-back is the lowered program's epilogue: the gather, then a `convert` (a complex
 * `a`: `real` first, as NumPy drops the imaginary part; to bool: either part non-zero). Where C
 * defines the cast (an integral part the target holds, every integer → integer wrap, float →
 * float rounding), `convert` gives NumPy's value; where C leaves it undefined (NaN, ±Infinity, or
 * an integral part out of the target's range, into an integer dtype) the program gives
 * `convert`'s answer — saturation, NaN → 0 — a liberty, documented in docs/numpy.md with what
 * NumPy gives on x86-64 (scripts/goldens/take-out.py measures both); the oracle allows any value
 * there (`c11.float_to_integer`, oracle/allowed.ts).
 *
 * Rules: numpy.take.out (a shape other than the result's, checked first as NumPy's ValueError;
 * then a dtype that does not cast safely to `a`'s, NumPy's TypeError).
 */
import { DTypeError, InvalidArgumentError, fmt } from '../../errors.js';
import type { GatherCall } from '../../core/call.js';
import { Builder } from '../../ir/builder.js';
import { type ProgramCall, gatherOp, mainFunc, typeOf } from '../../ir/lowered.js';
import type { ValueId } from '../../ir/program.js';
import { componentDType, isComplex } from '../../tensor/complex.js';
import { type DType, integerRange } from '../../tensor/dtype.js';
import { type Tensor, sameShape } from '../../tensor/tensor.js';

const INTS: readonly DType[] = ['int8', 'int16', 'int32', 'int64'];
const UINTS: readonly DType[] = ['uint8', 'uint16', 'uint32', 'uint64'];

/**
 * NumPy 1.24's `can_cast(from, to, 'safe')` for the dtypes both have, as `to` → every `from`
 * (measured: scripts/goldens/take-out.py, the `safe` grid). bfloat16 is not NumPy's: only itself.
 */
const SAFE_FROM: Readonly<Record<DType, readonly DType[]>> = {
  bool: ['bool'],
  int8: ['bool', 'int8'],
  int16: ['bool', 'int8', 'int16', 'uint8'],
  int32: ['bool', 'int8', 'int16', 'int32', 'uint8', 'uint16'],
  int64: ['bool', ...INTS, 'uint8', 'uint16', 'uint32'],
  uint8: ['bool', 'uint8'],
  uint16: ['bool', 'uint8', 'uint16'],
  uint32: ['bool', 'uint8', 'uint16', 'uint32'],
  uint64: ['bool', ...UINTS],
  float16: ['bool', 'int8', 'uint8', 'float16'],
  float32: ['bool', 'int8', 'int16', 'uint8', 'uint16', 'float16', 'float32'],
  float64: ['bool', ...INTS, ...UINTS, 'float16', 'float32', 'float64'],
  complex64: ['bool', 'int8', 'int16', 'uint8', 'uint16', 'float16', 'float32', 'complex64'],
  complex128: ['bool', ...INTS, ...UINTS, 'float16', 'float32', 'float64', 'complex64', 'complex128'],
  bfloat16: ['bfloat16'],
};

/** NumPy's `can_cast(from, to, 'safe')` over the library's dtypes. */
export const castsSafely = (from: DType, to: DType): boolean => SAFE_FROM[to]?.includes(from) ?? false;

const SIGNED: readonly DType[] = ['int8', 'int16', 'int32', 'int64'];
const UNSIGNED: readonly DType[] = ['uint8', 'uint16', 'uint32', 'uint64'];

/**
 * NumPy 1.24's `min_scalar_type_num` (numpy/core/src/multiarray/convert_datatype.c): the smallest
 * dtype of the same kind holding a 0-d array's value, and whether it is an unsigned value that
 * fits the signed type of its width ("small unsigned").
 */
export function minScalarType(value: unknown, dtype: DType): [DType, boolean] {
  // bfloat16 is not NumPy's (it casts safely only to itself, whatever its value).
  if (dtype === 'bool' || dtype === 'float16' || dtype === 'bfloat16' || dtype === 'complex64')
    return [dtype, false];
  if (dtype === 'float32' || dtype === 'float64') {
    const v = value as number;
    if ((v > -65000 && v < 65000) || !Number.isFinite(v)) return ['float16', false];
    return [dtype === 'float64' && v > -3.4e38 && v < 3.4e38 ? 'float32' : dtype, false];
  }
  if (dtype === 'complex128') {
    const { re, im } = value as { re: number; im: number };
    const fits = (x: number) => x > -3.4e38 && x < 3.4e38; // NaN does not: stays complex128
    return [fits(re) && fits(im) ? 'complex64' : dtype, false];
  }
  // An integer: a value ≥ 0 the smallest unsigned type up to its own width (small when the
  // signed type of that width holds it too), a negative one the smallest signed type.
  const v = BigInt(value as number | bigint);
  const width = Math.max(SIGNED.indexOf(dtype), UNSIGNED.indexOf(dtype));
  for (let k = 0; k <= width; k++) {
    if (v >= 0n && v <= integerRange(UNSIGNED[k])[1]) return [UNSIGNED[k], v <= integerRange(SIGNED[k])[1]];
    if (v < 0n && v >= integerRange(SIGNED[k])[0]) return [SIGNED[k], false];
  }
  return [dtype, false];
}

/** NumPy's `can_cast(array(value, from), to, 'safe')` for a 0-d array: by its value (legacy). */
function castsSafelyByValue(value: unknown, from: DType, to: DType): boolean {
  if (castsSafely(from, to)) return true;
  const [m, smallUnsigned] = minScalarType(value, from);
  const signed = smallUnsigned && !to.startsWith('uint') ? SIGNED[UNSIGNED.indexOf(m)] : m;
  return castsSafely(signed, to);
}

/** NumPy's name of a dtype in its messages (`dtype('float64')`). */
const npName = (d: DType): string => `dtype('${d}')`;

/**
 * The `out` rule of take, in NumPy's order (before an empty axis and the bounds): its shape
 * (ValueError "output array does not match result of ndarray.take"), then its dtype's safe cast
 * to `a`'s (TypeError "Cannot cast array data from dtype('float64') to dtype('float32')
 * according to the rule 'safe'"; `a`'s own dtype always passes). Both `numpy.take.out`.
 */
export function checkTakeOut(out: Tensor, dtype: DType, shape: readonly number[]): void {
  const op = 'numpy.take';
  if (!sameShape(out.shape, shape))
    throw new InvalidArgumentError(
      `${op}.out`,
      `${op}: out must have the result shape ${fmt(shape)}; got ${fmt(out.shape)}`,
      { shape: out.shape },
    );
  // A 0-d `out` is cast by its value, as NumPy 1.24's legacy value-based casting does: a
  // float64 0 goes into a float16 `a`, a float64 1e10 does not.
  const scalar = out.rank === 0;
  const safe = scalar
    ? castsSafelyByValue(out.toFlatArray()[0], out.dtype, dtype)
    : castsSafely(out.dtype, dtype);
  if (!safe)
    throw new DTypeError(
      `${op}.out`,
      `${op}: Cannot cast ${scalar ? 'scalar' : 'array data'} from ${npName(out.dtype)} to ${npName(dtype)} according to the rule 'safe' (out's dtype must cast safely to a's${scalar ? ', a 0-d out by its value' : ''}; the result is cast back unsafely)`,
      { dtype: out.dtype },
    );
}

/**
 * The ops casting `from` (a's dtype) to `to` as NumPy's unsafe cast: `convert`, after `real` for
 * a complex value into a real dtype; into bool, a complex value is true when either part is
 * non-zero (NaN counts), as NumPy's complex → bool; complex128 → complex64 part by part.
 */
export function numpyCastOps(b: Builder, from: ValueId, to: DType): ValueId {
  const t = b.type(from);
  const convert = (v: ValueId, dtype: DType) =>
    b.type(v).dtype === dtype
      ? v
      : b.one({ kind: 'convert', operands: [v], results: [{ shape: [...t.shape], dtype }] });
  if (!isComplex(t.dtype) || t.dtype === to) return convert(from, to);
  const part = (kind: 'real' | 'imag') =>
    b.one({
      kind,
      operands: [from],
      results: [{ shape: [...t.shape], dtype: componentDType(t.dtype as 'complex64' | 'complex128') }],
    });
  if (isComplex(to)) {
    // complex128 → complex64: each part rounded (the IR's convert takes no complex operand).
    const parts = [convert(part('real'), componentDType(to)), convert(part('imag'), componentDType(to))];
    return b.one({ kind: 'complex', operands: parts, results: [{ shape: [...t.shape], dtype: to }] });
  }
  if (to !== 'bool') return convert(part('real'), to);
  return b.binary('or', convert(part('real'), 'bool'), convert(part('imag'), 'bool'));
}

/**
 * The program of a take whose `out` has another dtype: `@main(a, indices) { gather; reshape?;
 * cast to out's dtype }`, the result into `out`.
 */
export function takeIntoOther(call: GatherCall, out: Tensor): ProgramCall {
  const args = [call.operand, call.start_indices];
  const params = args.map(typeOf);
  const b = new Builder(params);
  let r = b.one(gatherOp(call, 0, 1));
  if (call.reshape)
    r = b.one({
      kind: 'reshape',
      operands: [r],
      results: [{ shape: [...call.reshape], dtype: call.operand.dtype }],
    });
  const result = numpyCastOps(b, r, out.dtype);
  const argNames = ['a', 'indices'];
  const main = mainFunc(params, b.ops, [result], argNames);
  return { kind: 'program', op: call.op, module: { funcs: [main], entry: 'main' }, args, argNames, out };
}
