import { DTypeError, IndexOutOfBoundsError, InvalidArgumentError, fmt } from '../../errors.js';
import type { DType, Scalar } from '../../tensor/dtype.js';
import { type Complex, componentDType, isComplexValue } from '../../tensor/complex.js';
import { integerRange, isComplex, isFloat } from '../../tensor/dtype.js';
import { broadcastShapes, broadcastTo, cast } from '../../tensor/ops.js';
import {
  type BudgetPart,
  type NestedArray,
  Tensor,
  checkCallBudget,
  full,
  liveStorage,
  sameShape,
  tensor,
  zeros,
} from '../../tensor/tensor.js';
import { toDTypeScalar } from '../../tensor/scalar.js';
import { tensorArg } from '../args.js';
import { valueKind } from '../constructors.js';
import { type GatherPolicy, stackIndices } from '../families.js';
import type { Wording } from '../../core/call.js';
import { unravel } from '../../core/index-map.js';
import type { DataDType } from '../lowered.js';

/** A tensor, or nested JS arrays / a scalar that become one (like NumPy's `array_like`). */
export type ArrayLike = Tensor | NestedArray;

/**
 * The dtype of an `array_like` argument as its type tells it (what the functions that keep
 * `a`'s dtype return): `Tensor<D>` → `D`; a JS boolean → `'bool'`, a bigint → `'int64'` (as
 * `arrayArg` converts them); `DType` (not known statically) for JS numbers, which become int64
 * or float64 by their values, and for JS arrays (an empty one is float64, as `np.asarray([])`).
 */
export type ArrayLikeDType<A> = DataDType<A>;

const isArrayLike = (x: unknown): boolean =>
  x instanceof Tensor || Array.isArray(x) || ['number', 'bigint', 'boolean'].includes(typeof x);

/**
 * An `array_like` argument as a tensor (else `<op>.<name>`): a Tensor, nested arrays or a JS
 * scalar; JS values take `dtype` when given, else int64 for integers (NumPy's), else the
 * library's inference.
 */
export function arrayArg(op: string, name: string, x: unknown, dtype?: DType): Tensor {
  // A Python complex (`complex(re, im)`) is a 0-d complex128 array.
  if (isComplexValue(x)) return arrayArg(op, name, tensor(x as never, 'complex128'), dtype);
  if (!isArrayLike(x)) return tensorArg(op, name, x);
  if (x instanceof Tensor) {
    const t = tensorArg(op, name, x); // a forgery or storage changed since made: typed
    return dtype === undefined || t.dtype === dtype ? t : cast(t, dtype);
  }
  if (dtype !== undefined) return tensor(x as NestedArray, dtype);
  // np.asarray of Python ints is int64 (intp on Linux): JS integers are too (not int32), so an
  // index past 2^31 is NumPy's IndexError, not a float array, and the IR / ONNX say i64.
  if (valueKind(x as NestedArray) === 'int') return tensor(x as NestedArray, 'int64');
  const t = tensor(x as NestedArray);
  // An empty list is float64, as np.asarray([]) (Python's float), not tensor()'s float32.
  return t.size === 0 && t.dtype === 'float32' ? cast(t, 'float64') : t;
}

/**
 * An index array_like (rule `<op>.<name>`): JS integers as {@link pythonInts} reads them ('object':
 * one outside [-2^63, 2^64), for the index rules to refuse), else as {@link arrayArg}, except that
 * an empty JS list is intp (int64). NumPy converts a Python list of indices straight to the index
 * dtype it asks for, so no value decides an empty one's dtype: `np.take(a, [])`, `np.put(a, [], v)`,
 * `a[[]]` and `np.add.at(a, [], b)` compute, where an empty float64 array is refused. A ragged
 * list is `<op>.ragged` first, as NumPy's conversion fails before any value is looked at.
 */
export function indexArg(op: string, name: string, x: unknown, s: ListScan = scanList(x)): Tensor | 'object' {
  notRagged(op, s);
  const ints = pythonInts(x, s);
  if (ints !== undefined) return ints;
  const t = arrayArg(op, name, x);
  return Array.isArray(x) && t.size === 0 ? zeros(t.shape, 'int64') : t;
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const U64_MAX = 2n ** 64n - 1n;

// The kinds of a JS array_like's leaves, read as Python values (bits of ListScan.kinds).
const FITS = 1; // an integer in int64
const UNSIGNED = 2; // an integer in [2^63, 2^64): np.asarray makes it uint64
const HUGE = 4; // an integer outside [-2^63, 2^64): np.asarray makes an object array
const UNSAFE = 8; // a whole number past 2^53: one exact integer, which tensor() takes only as a bigint
const FLOAT = 16; // a fraction or -0: a Python float
const FOREIGN = 32; // no number, bigint or boolean (nor an array): tensor() refuses it in its words

/** Why Python's int() of a list item does not fit a C long (NumPy's ValueError / OverflowError). */
export type IntpFault = 'nan' | 'infinity' | 'overflow';

/**
 * What one walk over a JS array_like finds, read as the Python values it stands for: the kinds
 * of its leaves (bits above; FOREIGN for a Tensor or an object), whether NumPy's shape discovery
 * finds it ragged (the dims it got to and their sizes), and the fault of the first item, in C
 * order, that intp cannot hold.
 */
export interface ListScan {
  readonly kinds: number;
  readonly ragged?: { readonly ndim: number; readonly shape: readonly number[] };
  readonly fault?: IntpFault;
}

/**
 * One walk over `x` (it stops at the first foreign leaf or past rank 64). The shape discovery is
 * NumPy 1.24's (array_coercion.c, PyArray_DiscoverDTypeAndShape_Recursive and update_shape),
 * depth first: the first leaf fixes the rank, the first list at each depth its size; a leaf at
 * another depth or a list of another size makes the list ragged and cuts the dims to the depth
 * where it was met, and the walk goes on (a later item can cut them further), so NumPy's message
 * names the dims that stayed whole.
 */
export function scanList(x: unknown): ListScan {
  if (!(Array.isArray(x) || typeof x === 'number' || typeof x === 'bigint')) return { kinds: FOREIGN };
  let kinds = 0;
  let fault: IntpFault | undefined;
  const shape: number[] = [];
  let max = Number.POSITIVE_INFINITY; // the dims still usable
  let reached = false; // a leaf (or an empty list) has fixed the rank
  let ragged = false;
  // update_shape for a leaf at depth `d`: the rank is d; a leaf deeper than the dims left, or at
  // another depth than an earlier one, is ragged.
  const leafAt = (d: number): boolean => {
    if (d > max) return false;
    const ok = d === max || !reached;
    max = d;
    reached = true;
    return ok;
  };
  // update_shape for a list of `n` items at depth `d`: past the dims left, or of another size than
  // the first list at that depth, is ragged (and the dims end at d).
  const listAt = (d: number, n: number): boolean => {
    if (d + 1 > max) return false;
    if (!reached) shape[d] = n;
    else if (shape[d] !== n) {
      max = d;
      return false;
    }
    return true;
  };
  const walk = (v: unknown, d: number): void => {
    if (kinds & FOREIGN) return;
    if (d > 64) {
      kinds |= FOREIGN; // circular or too deep: arrayArg refuses it
      return;
    }
    const list = Array.isArray(v);
    if (d === max || !list) {
      // NumPy takes a list met where the dims end as an element, and flags the array ragged.
      if (!leafAt(d) || list) ragged = true;
      if (!list) {
        kinds |= leafKind(v);
        fault ??= faultOf(v);
      }
      return;
    }
    if (!listAt(d, v.length)) {
      ragged = true;
      return;
    }
    if (v.length === 0) {
      // an empty list ends the dims
      reached = true;
      max = d + 1;
      return;
    }
    // Stops at a foreign item (a hole of a sparse list too): a 2^32-long hole takes no walk.
    for (let i = 0; i < v.length && !(kinds & FOREIGN); i++) walk(v[i], d + 1);
  };
  walk(x, 0);
  return ragged && !(kinds & FOREIGN)
    ? { kinds, fault, ragged: { ndim: max, shape: shape.slice(0, max) } }
    : { kinds, fault };
}

/** Whether the scan met a leaf that is no number, bigint or boolean (a Tensor, an object, a hole, too deep). */
export const holdsForeign = (s: ListScan): boolean => (s.kinds & FOREIGN) !== 0;

function leafKind(v: unknown): number {
  if (typeof v === 'boolean') return 0;
  if (typeof v === 'bigint') return rangeKind(v);
  if (typeof v !== 'number') return FOREIGN;
  if (!Number.isInteger(v) || Object.is(v, -0)) return FLOAT;
  return Number.isSafeInteger(v) ? FITS : UNSAFE | rangeKind(BigInt(v));
}

const rangeKind = (n: bigint): number => (n < I64_MIN || n > U64_MAX ? HUGE : n > I64_MAX ? UNSIGNED : FITS);

/** Why Python's int() of a leaf does not fit intp, if it does not. */
function faultOf(v: unknown): IntpFault | undefined {
  if (typeof v === 'number' && Number.isNaN(v)) return 'nan';
  if (v === Number.POSITIVE_INFINITY || v === Number.NEGATIVE_INFINITY) return 'infinity';
  const n = typeof v === 'number' ? BigInt(Math.trunc(v)) : typeof v === 'bigint' ? v : 0n;
  return n < I64_MIN || n > I64_MAX ? 'overflow' : undefined;
}

/**
 * NumPy's ValueError for a ragged list (`<op>.ragged`), raised where NumPy makes the list an
 * array: before anything about its values (NaN, ±inf, ints past int64, floats in an index).
 */
export function notRagged(op: string, s: ListScan): void {
  if (!s.ragged) return;
  const { ndim, shape } = s.ragged;
  const tuple = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  throw new InvalidArgumentError(
    `${op}.ragged`,
    `${op}: setting an array element with a sequence. The requested array has an inhomogeneous shape after ${ndim} dimensions. The detected shape was ${tuple} + inhomogeneous part.`,
    { ndim, shape },
  );
}

/**
 * JS integers as the Python ints they stand for (a whole number past 2^53 holds one exact
 * integer), in the dtype `np.asarray` gives them (NumPy 1.24 measured): int64 when every one fits;
 * uint64 when every one is in [2^63, 2^64) (bools aside); float64 when such a one stands beside a
 * smaller int, or when a float is among them (a bigint as its nearest double: tensor() refuses
 * one past 2^53 in float64); 'object' when one lies outside [-2^63, 2^64). Undefined for anything
 * else (a Tensor, bools, an empty list, a foreign value): {@link arrayArg} reads those.
 */
export function pythonInts(x: unknown, s: ListScan = scanList(x)): Tensor | 'object' | undefined {
  const k = s.kinds;
  if (k & FOREIGN) return undefined;
  if (k & HUGE) return 'object';
  if (k & FLOAT || (k & UNSIGNED && k & FITS)) return tensor(doubles(x) as NestedArray, 'float64');
  if (k & UNSIGNED) return tensor(exact(x, k), 'uint64');
  return k & FITS ? tensor(exact(x, k), 'int64') : undefined;
}

/** `x` for a 64-bit integer dtype: its whole numbers past 2^53 as bigints (tensor() refuses them as numbers). */
const exact = (x: unknown, k: number): NestedArray => (k & UNSAFE ? bigints(x) : x) as NestedArray;
const bigints = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(bigints) : typeof v === 'number' ? BigInt(v) : v;
const doubles = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(doubles) : typeof v === 'bigint' ? Number(v) : v;

/**
 * JS values `x` converted straight to intp, as take and put convert a Python list (NumPy 1.24
 * measured): item by item in C order, each by Python's int() — a float truncates toward zero,
 * a bool is 0 / 1 — so the first item that is NaN, ±Infinity or outside int64 is the fault
 * reported. Undefined for anything whose items all fit without a float among them (a Tensor, a
 * foreign value, ints, bools, an empty list): {@link indexArg} reads those as before.
 */
export function intpValues(x: unknown, s: ListScan = scanList(x)): Tensor | IntpFault | undefined {
  const k = s.kinds;
  if (k & FOREIGN || !(k & (FLOAT | UNSIGNED | HUGE))) return undefined;
  return s.fault ?? tensor(truncated(x) as NestedArray, 'int64');
}

/** Each item as the int Python's int() makes of it (a bigint: exact past 2^53). */
const truncated = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(truncated) : typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v)));

/**
 * `t` cast to `dtype` with NumPy's unsafe casting (what `np.put` / `np.put_along_axis` do to
 * their values): fractions truncate toward zero, integers wrap modulo 2^bits (300 → 44 in uint8),
 * any non-zero value is True, floats round (overflowing to ±Infinity). NaN or ±Infinity into an
 * integer dtype is refused (`<op>.<name>`; NumPy's result is platform-defined).
 */
export function castUnsafe(t: Tensor, dtype: DType, op: string, name: string): Tensor {
  if (t.dtype === dtype) return t;
  // Into a complex array: real values become re + 0i, complex ones keep both parts (NumPy's cast).
  if (isComplex(dtype)) return cast(t, dtype);
  const out = zeros(t.shape, dtype);
  const src = t.toFlatArray();
  const dst = out.data as unknown as { [i: number]: number | bigint };
  const o = { rounding: 'wrap', code: `${op}.${name}`, where: op } as const;
  // Complex into a real dtype drops the imaginary part (NumPy's ComplexWarning); into bool it is z != 0.
  const real = (v: Scalar | Complex): Scalar =>
    !isComplexValue(v) ? v : dtype === 'bool' ? v.re !== 0 || v.im !== 0 : v.re;
  for (let i = 0; i < src.length; i++) dst[i] = toDTypeScalar(real(src[i]), dtype, o);
  return out;
}

/** Index storage reinterpreted, no copy: uint64 → int64 (NumPy's intp cast: 2^64 - 1 is -1), bool → uint8. */
export function reinterpretIndex(t: Tensor): Tensor {
  // A view over detached or shrunk storage cannot be built: the typed error, not a TypeError.
  liveStorage(t, 'numpy index');
  if (t.dtype === 'uint64') {
    const d = t.data as BigUint64Array;
    // An empty tensor needs no view (its buffer may be detached: no view of it can be built).
    if (d.length === 0) return new Tensor('int64', t.shape, new BigInt64Array(0));
    return new Tensor('int64', t.shape, new BigInt64Array(d.buffer, d.byteOffset, d.length));
  }
  if (t.dtype === 'bool') return new Tensor('uint8', t.shape, t.data as Uint8Array);
  return t;
}

/** The broadcast of `shapes`, or undefined when they do not broadcast. */
export function broadcastOf(shapes: readonly (readonly number[])[]): number[] | undefined {
  try {
    return broadcastShapes(...shapes);
  } catch (e) {
    if (!(e instanceof InvalidArgumentError)) throw e;
    return undefined;
  }
}

/** `broadcastShapes`, failing with the frontend's own rule code. */
export function broadcastOr(shapes: readonly (readonly number[])[], code: string, message: string): number[] {
  const s = broadcastOf(shapes);
  if (s) return s;
  throw new InvalidArgumentError(code, message, { shapes });
}

/** `value` broadcast exactly to `shape` (never the other way), else `code`. */
export function broadcastExactly(
  value: Tensor,
  shape: readonly number[],
  code: string,
  message: string,
): Tensor {
  const s = broadcastOr([value.shape, shape], code, message);
  if (s.join() !== shape.join()) throw new InvalidArgumentError(code, message, { shape: value.shape });
  return broadcastTo(value, shape);
}

/** Index arrays broadcast together and stacked into index vectors (the `tuple` family). */
export function broadcastTuple(
  arrays: readonly Tensor[],
  code: string,
  op: string,
  result?: (shape: readonly number[]) => BudgetPart,
): { indices: Tensor; shape: number[] } {
  const shape = broadcastOr(
    arrays.map((a) => a.shape),
    code,
    `${op}: shape mismatch: indexing arrays could not be broadcast together with shapes ${arrays.map((a) => fmt(a.shape)).join(' ')}`,
  );
  if (arrays.length === 0) return { indices: zeros([0], 'int64'), shape };
  // Everything this call allocates (broadcast copies, int64 casts, the stack, the result) is
  // checked against the allocation limit first: N×1 and 1×N index arrays broadcast to N×N.
  const parts: BudgetPart[] = arrays
    .filter((a) => !sameShape(a.shape, shape))
    .map((a) => ({ shape, dtype: a.dtype }));
  if (arrays.length > 1) {
    for (const a of arrays) if (a.dtype !== 'int64') parts.push({ shape, dtype: 'int64' });
    parts.push({ shape: [...shape, arrays.length], dtype: 'int64' });
  }
  if (result) parts.push(result(shape));
  checkCallBudget(parts, op);
  return { indices: stackIndices(arrays.map((a) => broadcastTo(a, shape))), shape };
}

/** Largest finite value of each float dtype (PyTorch refuses a finite scalar beyond it). */
const FLOAT_MAX: Partial<Record<DType, number>> = {
  float32: 3.4028234663852886e38,
  float16: 65504,
  bfloat16: 3.3895313892515355e38,
};

/**
 * A scalar written into a tensor of `dtype` the way PyTorch 1.13 converts it (c10's checked
 * conversion): bool takes truthiness (NaN is true); a float dtype takes any non-finite value
 * but refuses a finite one beyond its largest value (65519 into float16); an integer dtype
 * refuses a fraction, NaN or ±Infinity outside [min, max] *before* truncating toward zero
 * (127.5 into int8 and −0.5 into uint8 are refused; 1.75 → 1), and takes an integer (a whole JS
 * number or a bigint, i.e. a Python int) within [min, max] — for an unsigned dtype also down to
 * −max, wrapped (−3 → 253 in uint8). `pythonFloat` reads a whole number as a Python float
 * (the item of a float tensor): range-checked like a fraction. Refusals are DTypeError `<op>.value`.
 */
export function castScalar(
  value: Scalar,
  dtype: DType,
  op = 'scalar',
  what = 'value',
  pythonFloat = false,
): Scalar {
  if (dtype === 'bool') return typeof value === 'boolean' ? value : value !== 0 && value !== 0n;
  const fail = (): never => {
    throw new DTypeError(
      `${op}.${what}`,
      `${op}: ${what} ${String(value)} cannot be converted to ${dtype} without overflow`,
      { [what]: value, dtype },
    );
  };
  // A real scalar into a complex dtype is its real part, checked as the component float.
  const real = isComplex(dtype) ? componentDType(dtype) : dtype;
  if (isFloat(real)) {
    const v = Number(value);
    const max = FLOAT_MAX[real];
    if (max !== undefined && Number.isFinite(v) && Math.abs(v) > max) fail();
    return v;
  }
  const [lo, hi] = integerRange(dtype);
  const unsigned = lo === 0n;
  let n: bigint;
  if (typeof value === 'number' && (pythonFloat || !Number.isInteger(value))) {
    // A Python float: range-checked before truncation (NaN and ±Infinity never fit).
    if (!(value >= Number(lo) && value <= Number(hi))) fail();
    n = BigInt(Math.trunc(value));
  } else {
    n = BigInt(value);
    if (unsigned ? n > hi || -n > hi : n < lo || n > hi) fail();
  }
  const bits = hi.toString(2).length + (unsigned ? 0 : 1);
  const w = unsigned ? BigInt.asUintN(bits, n) : BigInt.asIntN(bits, n);
  return dtype === 'int64' || dtype === 'uint64' ? w : Number(w);
}

/** A tensor of `shape` filled with a framework scalar (see castScalar). */
export function filled(
  shape: readonly number[],
  value: Scalar,
  dtype: DType,
  op?: string,
  pythonFloat = false,
): Tensor {
  return full(shape, castScalar(value, dtype, op, 'value', pythonFloat), dtype);
}

/**
 * NumPy checks each index array of a tuple against its own axis before broadcasting, so an
 * out-of-bounds index raises even when the result is empty: the first index outside [-n, n)
 * ([0, n) when negatives are out of bounds) raises as the core's gather would, worded by `wording`.
 */
export function checkEachInBounds(
  op: string,
  arrays: readonly Tensor[],
  operandShape: readonly number[],
  policy: GatherPolicy,
  wording: Wording,
): void {
  const fromEnd = policy.negative_indices === 'from_end';
  arrays.forEach((a, d) => {
    const n = BigInt(operandShape[d]);
    for (let i = 0; i < a.size; i++) {
      const value = BigInt(a.data[i] as number | bigint);
      if (value < n && value >= (fromEnd ? -n : 0n)) continue;
      const details = { position: unravel(i, a.shape), value, dim: d, size: operandShape[d] };
      throw new IndexOutOfBoundsError(
        policy.oob_code ?? `${op}.index_out_of_bounds`,
        `${op}: ${wording(details)}`,
        details,
      );
    }
  });
}
