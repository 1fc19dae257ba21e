/**
 * `numpy.<ufunc>.at(a, indices, b)` with a `b` whose dtype makes the ufunc's loop another dtype
 * than `a`'s (NumPy 1.24's ufunc_at, numpy/core/src/umath/ufunc_object.c). NumPy resolves the
 * loop dtype L from the operands (a, b) as the ufunc call `ufunc(a, b)` would — value-based
 * ("legacy") promotion when `b` is a Python scalar or a 0-d array, e.g. int8 array + 300 → int16,
 * uint8 + -1 → int16, int32 + 1.5 → float64, float32 + 1.5 → float32 — casts unsafely both ways,
 * and writes every step back into `a` (unbuffered, index order):
 *
 *   a[i] = cast_unsafe(L → A, ufunc(cast(A → L, a[i]), cast(B → L, b_j)))
 *
 * The program (no lowering executes anything):
 *
 *   @main(a, indices, b) {
 *     aL = convert(a → L); bL = convert(b → L)            // b broadcast as for any ufunc.at
 *     s  = scatter(aL, idx, bL) { r = ufunc(cur, upd); convert(convert(r → A) → L) }
 *     t  = scatter(false, idx, true) { return upd }       // the elements NumPy touched
 *     result = select(t, convert(s → A), a)
 *   }
 *
 * The per-step cast back is what makes int8 [1] + 300 + 300 → 89 (not 601 → 89 once) and
 * maximum(int8 100, 300) → 44 (the max is taken in int16, then wrapped). The `select` keeps the
 * untouched elements bit-exact: A → L → A is not the identity for 64-bit integers into float64
 * (2^60 + 1 → 2^60), nor, for every platform, for a signalling NaN's payload.
 *
 * Float minimum / maximum in the body follow NumPy's loop (numpy/policy.ts): a NaN `cur` is kept,
 * else a NaN update is taken, a ±0 tie takes the update — L's rules (float32 / float64 when A is
 * float16, since then L is wider). Where C leaves the cast back undefined (NaN, ±inf or a value
 * out of A's range into an integer A) the program gives `convert`'s answer (saturation, NaN → 0),
 * as numpy/take-out.ts does: a liberty documented in docs/numpy.md with what x86-64 gives.
 * A complex L other than A's is refused (numpy.<ufunc>.at.complex_loop): the scatter body is run
 * per update on real scalars only (ir/run.ts), and NumPy's own complex → real step (dropping the
 * imaginary part, with a ComplexWarning) would need it. bfloat16 is not NumPy's: with it, `b` is
 * converted to `a`'s dtype as before.
 */
import type { ScatterCall } from '../../core/call.js';
import { DTypeError } from '../../errors.js';
import { Builder } from '../../ir/builder.js';
import { type ProgramCall, mainFunc, programOf } from '../../ir/lowered.js';
import type { Body, Op, TensorType, ValueId } from '../../ir/program.js';
import { reducerBody } from '../../ir/regions.js';
import { type DType, byteSize, isComplex, isFloat } from '../../tensor/dtype.js';
import type { Tensor } from '../../tensor/tensor.js';
import type { UfuncName } from './policy.js';
import { minScalarType, numpyCastOps } from './take-out.js';

/** NumPy's kind order of the legacy value-based rule: bool < integer < float < complex. */
const kind = (d: DType): number => (d === 'bool' ? 0 : isComplex(d) ? 3 : isFloat(d) ? 2 : 1);
const bits = (d: DType): number => byteSize(d) * 8;

/** NumPy's `promote_types` over its numeric dtypes (bfloat16 aside). */
function promote(a: DType, b: DType): DType {
  if (a === b || b === 'bool') return a;
  if (a === 'bool') return b;
  if (kind(a) === 1 && kind(b) === 1) {
    const signed = (d: DType) => d.startsWith('int');
    if (signed(a) === signed(b)) return bits(a) >= bits(b) ? a : b;
    const [s, u] = signed(a) ? [a, b] : [b, a];
    if (bits(u) < bits(s)) return s;
    // uint64 with any signed type has no integer home: float64.
    return bits(u) === 64 ? 'float64' : (`int${bits(u) * 2}` as DType);
  }
  // The float (complex) width holding both: an integer needs twice its width, ≤ 64.
  const width = (d: DType) =>
    kind(d) === 1 ? Math.min(2 * bits(d), 64) : kind(d) === 3 ? bits(d) / 2 : bits(d);
  const w = Math.max(width(a), width(b));
  if (kind(a) === 3 || kind(b) === 3) return w <= 32 ? 'complex64' : 'complex128';
  return `float${w}` as DType;
}

/**
 * The loop dtype of `ufunc(a, b)` in NumPy 1.24 (add, subtract, multiply, minimum, maximum all
 * have a loop for every numeric dtype, so it is the operands' result type): when some operand is
 * an array of a kind at least that of every 0-d one, a 0-d operand counts by its value
 * (`min_scalar_type`; a non-negative integer that also fits the signed type of its width counts
 * as that signed type beside a signed, float or complex dtype); else by its dtype.
 */
export function atLoopDType(A: Tensor, B: Tensor): DType {
  if (A.dtype === B.dtype || A.dtype === 'bfloat16' || B.dtype === 'bfloat16') return A.dtype;
  const ops = [A, B];
  const arrayKind = Math.max(-1, ...ops.filter((t) => t.rank > 0).map((t) => kind(t.dtype)));
  const scalarKind = Math.max(-1, ...ops.filter((t) => t.rank === 0).map((t) => kind(t.dtype)));
  if (arrayKind < 0 || arrayKind < scalarKind) return promote(A.dtype, B.dtype);
  // A 0-d operand's value, read as NumPy's result_type reads it (numpy/take-out.ts reads a 0-d out's so).
  const [[a, smallA], [b, smallB]] = ops.map((t): [DType, boolean] =>
    t.rank === 0 ? minScalarType(t.toFlatArray()[0], t.dtype) : [t.dtype, false],
  );
  const asSigned = (d: DType, small: boolean, other: DType) =>
    small && other !== 'bool' && !other.startsWith('uint') ? (d.slice(1) as DType) : d;
  return promote(asSigned(a, smallA, b), asSigned(b, smallB, a));
}

/** The body `convert(convert(ufunc(cur, upd) → A) → L)` on scalars of L. */
function stepBody(ufunc: UfuncName, L: DType, A: DType): Body {
  const scalar: TensorType = { shape: [], dtype: L };
  const b = new Builder([scalar, scalar]);
  const [cur, upd] = [0, 1];
  let r: ValueId;
  if ((ufunc === 'minimum' || ufunc === 'maximum') && isFloat(L)) {
    // NumPy's float loop: a NaN cur stays, else cur when strictly past upd, else upd (a NaN
    // update, a ±0 tie) — IEEE's minimum/maximum (the IR's) would order -0 < +0.
    const past = b.compare(ufunc === 'minimum' ? 'LT' : 'GT', cur, upd);
    r = b.select(b.binary('or', past, b.compare('NE', cur, cur)), cur, upd);
  } else r = b.binary(ufunc, cur, upd); // each ufunc is the IR op of its name
  const back = numpyCastOps(b, numpyCastOps(b, r, A), L);
  return { params: [scalar, scalar], ops: b.ops, returns: [back] };
}

/**
 * The program of a ufunc.at whose loop dtype L is not `a`'s, from the scatter lowered as for any
 * ufunc.at (its updates `b` broadcast, still in b's dtype): the scatter becomes the one in the
 * module comment; any prologue (a mask's nonzero step, which scatters too) or reshape around it
 * stays as `programOf` writes it.
 */
export function atInLoopDType(op: string, call: ScatterCall, ufunc: UfuncName, L: DType): ProgramCall {
  const A = call.inputs[0].dtype;
  if (isComplex(L))
    throw new DTypeError(
      `${op}.complex_loop`,
      `${op}: a of ${A} with b of ${call.updates[0].dtype} computes in ${L}, cast back to ${A} after every step, which the library does not run on complex values; give b in a's dtype (or a in ${L})`,
      { dtype: L },
    );
  const base = programOf({ ...call, out: undefined });
  const main = base.module.funcs[0];
  const b = new Builder(main.params);
  // Replays main's ops into b, the scatter replaced; ids shift, so each old id maps to its new one.
  const ids: ValueId[] = main.params.map((_, k) => k);
  // The call's scatter is main's last one: a mask's prologue (its nonzero step) scatters too.
  const own = main.ops.map((o) => o.kind).lastIndexOf('scatter');
  for (const [k, op] of main.ops.entries()) {
    const operands = op.operands.map((id) => ids[id]);
    if (k !== own || op.kind !== 'scatter') {
      ids.push(...b.emit({ ...op, operands } as Op));
      continue;
    }
    const [input, idx, updates] = operands;
    const shape = b.type(input).shape;
    const scatter = (o: Extract<Op, { kind: 'scatter' }>) => b.one(o);
    const s = scatter({
      ...op,
      operands: [numpyCastOps(b, input, L), idx, numpyCastOps(b, updates, L)],
      results: [{ shape, dtype: L }],
      body: stepBody(ufunc, L, A),
      reducer: undefined,
    });
    const uShape = b.type(updates).shape;
    const touched = scatter({
      ...op,
      operands: [b.splat(false, 'bool', shape), idx, b.splat(true, 'bool', uShape)],
      results: [{ shape, dtype: 'bool' }],
      body: reducerBody('replace', 'bool') as Body,
      reducer: 'replace',
    });
    ids.push(b.select(touched, numpyCastOps(b, s, A), input));
  }
  const returns = main.returns.map((id) => ids[id]);
  const argNames = ['a', 'indices', 'b'];
  const func = mainFunc(main.params, b.ops, returns, argNames);
  return { ...base, module: { funcs: [func], entry: 'main' }, argNames, out: call.out };
}
