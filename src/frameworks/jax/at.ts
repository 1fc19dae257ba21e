/**
 * `x.at[index]` — JAX's indexed get and functional updates, as `jax.at(x, index).get/set/add/
 * subtract/multiply/divide/power/min/max/apply(...)`.
 *
 * `index` is an int, an integer index array (Tensor), or a tuple (JS array) of those, indexing
 * the LEADING dims of `x` (NumPy advanced integer indexing; basic slices, `None`, `...` and
 * boolean masks are out of scope). With any non-scalar array the entries broadcast together
 * to a shape B; with scalars only, B = [].
 *
 *   get:    out[b..., r...]                = x[norm(i0[b...]), …, norm(ik-1[b...]), r...]
 *   update: x[norm(i0[b...]), …, r...]     = combine(x[...], values[b..., r...])
 *   norm(i) = i + dim if i < 0 and wrap_negative_indices (default true), else i (once only)
 *
 * Shape of get / of the broadcast `values`: B + x.shape[k:], k = number of index entries.
 *
 * Modes (default None): get → PROMISE_IN_BOUNDS (clamps), updates → FILL_OR_DROP (drops the
 * out-of-bounds windows); 'clip' clamps; 'fill'/'drop' fill (get) or drop (updates).
 * Duplicates: every update is applied (unlike NumPy's `x[i] += y`), in update-index order
 * (JAX: implementation-defined). divide and power are JAX's `x / ones.at[idx].multiply(v)` and
 * `x ** ones.at[idx].multiply(v)`: repeated targets divide by (raise to) the product of their
 * values; each lowers to that program (a product scatter, then the element-wise op: divPow).
 *
 * Values: a Tensor (cast safely to x's dtype) or a scalar; a Python int beyond an integer x's range
 * wraps into it as JAX's weak int32 does (int8 ← 300 is 44), beyond int32 it is refused.
 *
 * Rules (`jax.at.<rule>` and `jax.at.<method>.<rule>`): index, index_dtype, mode, fill_value,
 * values_dtype, values_shape, dtype (bool operands of arithmetic updates, a complex power).
 */
import { type CoreCall, type GatherCall, type ScatterCall, execute } from '../../core/call.js';
import type { UpdateComputation } from '../../core/types.js';
import { DTypeError, IndexOutOfBoundsError, InvalidArgumentError, fmt } from '../../errors.js';
import {
  type DType,
  type Scalar,
  byteSize,
  is64Bit,
  isFloat,
  integerRange,
  isInteger,
  isSigned,
} from '../../tensor/dtype.js';
import { fail } from '../../core/validate.js';
import { broadcastShapes, broadcastTo, cast, stack } from '../../tensor/ops.js';
import { Tensor, full, tensor, zeros } from '../../tensor/tensor.js';
import { describe, flag, options, outArg, scalar, tensorArg } from '../args.js';
import { checkedMethod } from '../arity.js';
import { tupleGather, tupleScatter } from '../families.js';
import { CORE_MODE, type JaxMode, laxGatherPolicy, parseMode } from './modes.js';
import { type PromiseOptions, fillValue, orFail, promises, withPromises } from './util.js';
import type { LoweredGather, LoweredScatter } from '../lowered.js';
import { Builder } from '../../ir/builder.js';
import { type ProgramCall, mainFunc, scatterOp, typeOf } from '../../ir/lowered.js';
import {
  type Complex,
  type ComplexDType,
  formatComplex,
  isComplex,
  isComplexValue,
} from '../../tensor/complex.js';

/** One entry of an `.at[]` index: an int or an integer index array. */
export type AtIndexEntry = number | bigint | Tensor;
/** An `.at[]` index: one entry or a tuple of entries (for the leading dims). */
export type AtIndex = AtIndexEntry | readonly AtIndexEntry[];

/** Keyword arguments shared by every `.at[]` method. */
export interface AtOptions extends PromiseOptions {
  /** Out-of-bounds handling: get → PROMISE_IN_BOUNDS (clamps), updates → FILL_OR_DROP; default None. */
  readonly mode?: JaxMode | null;
  /** Count negative indices from the end (once); default true. */
  readonly wrap_negative_indices?: boolean;
  /** Where the result goes (the library's; `out: x` updates x in place). */
  readonly out?: Tensor;
}

const KEYS = ['indices_are_sorted', 'unique_indices', 'mode', 'wrap_negative_indices', 'out'] as const;
const GET_KEYS = [...KEYS, 'fill_value'] as const;

/** Keyword arguments of `.at[].get()`. */
export interface AtGetOptions extends AtOptions {
  /**
   * The value of out-of-bounds reads under mode 'fill'; default NaN for inexact dtypes, the
   * minimum of a signed integer dtype, the maximum of an unsigned one, true for bool.
   */
  readonly fill_value?: Scalar | null;
}

/** Values of an update: a tensor broadcast to the indexed shape, or a scalar. */
export type AtValues = Tensor | Scalar | Complex;

/**
 * The methods of `x.at[index]`, returning tensors (`jax.at`) or lowered calls (`jax.lower.at`):
 * updates return `R`, `get` returns `G`, `divide` returns `Q` and `power` returns `P` (a tensor of
 * `x`'s dtype, a float tensor for an integer `x`'s divide; a scatter call, a gather call for
 * `get`, a program call for divide and power).
 */
export interface AtRef<R, G = R, Q = R, P = R> {
  /** `x.at[index].get()`: the indexed values, shape B + x.shape[k:]. */
  get(options?: AtGetOptions | null): G;
  /** `x.at[index].set(values)`: the values replace x's (the last duplicate wins). */
  set(values: AtValues, options?: AtOptions | null): R;
  /** `x.at[index].add(values)`: x + values at the indexed positions (duplicates accumulate). */
  add(values: AtValues, options?: AtOptions | null): R;
  /** `x.at[index].subtract(values)`: x − values at the indexed positions. */
  subtract(values: AtValues, options?: AtOptions | null): R;
  /** `x.at[index].multiply(values)`: x × values at the indexed positions. */
  multiply(values: AtValues, options?: AtOptions | null): R;
  /** Alias of `multiply`. */
  mul(values: AtValues, options?: AtOptions | null): R;
  /** `x.at[index].divide(values)`: x / values (int x → float32, int64/uint64 x → float64). */
  divide(values: AtValues, options?: AtOptions | null): Q;
  /** `x.at[index].power(values)`: x ** values at the indexed positions. */
  power(values: AtValues, options?: AtOptions | null): P;
  /** `x.at[index].min(values)`: the smaller of x and values (NaN propagates). */
  min(values: AtValues, options?: AtOptions | null): R;
  /** `x.at[index].max(values)`: the larger of x and values (NaN propagates). */
  max(values: AtValues, options?: AtOptions | null): R;
  /** `x.at[index].apply(func)`: `func` applied once per (possibly repeated) hit. */
  apply(func: (x: Scalar) => Scalar, options?: AtOptions | null): R;
}

/**
 * The dtype of `x.at[index].divide(values)` for an `x` of dtype `D`: `D` for a float or complex
 * `x` (as in JAX); jnp.divide's float32 for an integer `x` (float64 for int64 / uint64).
 */
export type AtDivideDType<D extends DType> = D extends FloatDType | ComplexDType
  ? D
  : D extends 'int64' | 'uint64'
    ? 'float64'
    : 'float32';

/** The float dtypes (what `isFloat` accepts). */
type FloatDType = 'float64' | 'float32' | 'float16' | 'bfloat16';

/**
 * The indexed positions: the index arrays stacked (index vector last, or one array), the number
 * `k` of indexed leading dims, their broadcast shape B (`batch`, [] for ints) and B + x.shape[k:].
 */
interface Indexer {
  readonly indices: Tensor;
  readonly k: number;
  readonly batch: readonly number[];
  readonly sliceShape: readonly number[];
}

const [INT64_MIN, INT64_MAX] = integerRange('int64');
const saturate = (i: bigint) => (i < INT64_MIN ? INT64_MIN : i > INT64_MAX ? INT64_MAX : i);

function toIndexer(x: Tensor, index: AtIndex, op: string): Indexer {
  const entries: readonly AtIndexEntry[] = Array.isArray(index) ? index : [index as AtIndexEntry];
  const k = entries.length;
  if (k > x.rank)
    throw new IndexOutOfBoundsError(
      `jax.at.index`,
      `${op}: too many indices: ${x.rank}-dimensional array indexed with ${k} indices`,
      { rank: x.rank, k },
    );
  const parts = entries.map((e, d) => {
    if (typeof e === 'number' || typeof e === 'bigint') {
      if (typeof e === 'number' && !Number.isSafeInteger(e))
        throw new DTypeError(
          'jax.at.index_dtype',
          `${op}: index ${fmt(e)} at position ${d} must be an integer`,
          { index: e },
        );
      // A Python int beyond int64 clamps like JAX's static path (indexing.py `to_static_slice`);
      // saturating keeps it out of bounds in every mode.
      return tensor(saturate(BigInt(e)), 'int64');
    }
    if (!(e instanceof Tensor)) {
      if (e !== null && typeof e === 'object' && !Array.isArray(e))
        tensorArg(op, `index[${d}]`, e, 'jax.at.index');
      throw new InvalidArgumentError(
        'jax.at.index',
        `${op}: index entries must be ints or integer Tensors (slices, None, ... and masks are out of scope); got ${describe(e)}`,
      );
    }
    if (e.dtype === 'bool')
      throw new InvalidArgumentError(
        'jax.at.index',
        `${op}: a boolean mask at position ${d} is out of scope (JAX expands it to the integer indices of its true entries; pass those)`,
        { position: d },
      );
    if (!isInteger(e.dtype))
      throw new DTypeError(
        'jax.at.index_dtype',
        `${op}: indexer at position ${d} must have an integer dtype; got ${e.dtype}`,
        { dtype: e.dtype },
      );
    return e;
  });
  const advanced = parts.some((p) => p.rank > 0);
  // JAX: an int (or 0-d) index into an empty axis is an IndexError; so is an array index into
  // an empty axis that would still gather something.
  for (let d = 0; d < k; d++) {
    if (x.shape[d] === 0 && (!advanced || parts[d].size > 0))
      throw new IndexOutOfBoundsError(
        'jax.at.index',
        `${op}: index is out of bounds for axis ${d} with size 0`,
        { axis: d },
      );
  }
  const batch = orFail(
    () => broadcastShapes(...parts.map((p) => p.shape)),
    () =>
      new InvalidArgumentError(
        'jax.at.index',
        `${op}: index arrays of shapes ${parts.map((p) => fmt(p.shape)).join(', ')} do not broadcast together`,
      ),
  );
  // Several arrays stack into index vectors of one dtype: theirs if they share it, else int64.
  const same = (p: Tensor) => p.dtype === parts[0].dtype;
  const vector = (p: Tensor) => broadcastTo(cast(p, parts.every(same) ? p.dtype : 'int64'), batch);
  const indices =
    k === 0 ? zeros([0], 'int32') : k === 1 ? broadcastTo(parts[0], batch) : stack(parts.map(vector), -1);
  return { indices, k, batch, sliceShape: [...batch, ...x.shape.slice(k)] };
}

/** The policy shared by every method: the mode (per entry point) and negative indices. */
function policyOf(o: AtOptions, op: string, entry: 'at.get' | 'at.update') {
  const parsed = parseMode(o.mode, entry, op);
  const wrap = flag(op, 'wrap_negative_indices', o.wrap_negative_indices, true);
  return { parsed, negative_indices: wrap ? ('from_end' as const) : ('out_of_bounds' as const) };
}

/** Lowers `x.at[index].get(...)`: one tuple gather. */
function lowerGet(x: Tensor, index: AtIndex, opts: AtGetOptions | null = {}): GatherCall {
  const op = 'jax.at.get';
  const o = options(op, opts, GET_KEYS);
  const { parsed, negative_indices } = policyOf(o, op, 'at.get');
  const fill = fillValue(op, x, o.fill_value);
  const flags = promises(op, o);
  const ix = toIndexer(x, index, op);
  const policy = laxGatherPolicy(parsed, negative_indices, fill);
  const call = tupleGather({ op, out: outArg(op, o.out) }, x, ix.indices, ix.k, ix.batch.length, policy);
  return withPromises(call, flags);
}

const BITS = (d: DType) => byteSize(d) * 8;

/**
 * JAX's "safe" implicit casts of update values, `dtypes.safe_to_cast`: `result_type(values, x) == x.dtype`
 * under standard promotion (the others warn in JAX and become errors later).
 */
function safeCast(from: DType, to: DType): boolean {
  if (from === to || from === 'bool') return true;
  if (isFloat(to)) {
    if (isInteger(from)) return true;
    if (!isFloat(from)) return false;
    const half = (d: DType) => d === 'float16' || d === 'bfloat16';
    return BITS(from) < BITS(to) && !(half(from) && half(to));
  }
  // Every integer and every float narrower than float64 promotes with complex64 to complex64.
  if (isComplex(to)) return isInteger(from) || to === 'complex128' || (isFloat(from) && BITS(from) <= 32);
  if (isInteger(to) && isInteger(from)) {
    if (isSigned(from) === isSigned(to)) return BITS(from) <= BITS(to);
    return !isSigned(from) && isSigned(to) && BITS(from) < BITS(to);
  }
  return false;
}

/**
 * A Python int value for an integer `x`, as jax/_src/ops/scatter.py `_scatter_update` converts it:
 * in x's range it is x's dtype; otherwise `jnp.asarray` makes it a weak int32 (int64 with x64,
 * the only way to an int64 / uint64 `x`), beyond which JAX raises OverflowError, and the
 * promotion to x's dtype wraps it (int8 ← 300 is 44, uint8 ← -1 is 255). Non-integers: undefined.
 */
function weakInt(d: DType, values: unknown, op: string): Scalar | undefined {
  if (!isInteger(d)) return undefined;
  if (typeof values !== 'bigint' && !(typeof values === 'number' && Number.isInteger(values)))
    return undefined;
  const v = BigInt(values);
  const [lo, hi] = integerRange(d);
  const bits = BITS(d);
  if (v < lo || v > hi) {
    const [wlo, whi] = integerRange(is64Bit(d) ? 'int64' : 'int32');
    if (v < wlo || v > whi)
      throw new DTypeError(
        `${op}.values_dtype`,
        `${op}: Python int ${v} too large to convert to ${is64Bit(d) ? 'int64' : 'int32'} (JAX's OverflowError)`,
        { value: String(v), dtype: d },
      );
  }
  const wrapped = isSigned(d) ? BigInt.asIntN(bits, v) : BigInt.asUintN(bits, v);
  return is64Bit(d) ? wrapped : Number(wrapped);
}

/** Converts `values` to x's dtype and broadcasts them to the indexed shape. */
function toUpdates(x: Tensor, values: AtValues, shape: readonly number[], op: string): Tensor {
  if (shape.includes(0)) return zeros(shape, x.dtype); // JAX returns x before looking at values
  // A Python complex is a weak complex value: safe only into a complex x.
  if (isComplexValue(values) && isComplex(x.dtype)) return full(shape, values, x.dtype);
  if (isComplexValue(values))
    throw new DTypeError(
      `${op}.values_dtype`,
      `${op}: value ${formatComplex(values.re, values.im, String)} cannot be cast safely to ${x.dtype}`,
      {
        value: values,
        dtype: x.dtype,
      },
    );
  if (!(values instanceof Tensor)) {
    scalar(op, 'values', values);
    const v = weakInt(x.dtype, values, op) ?? values;
    return orFail(
      () => full(shape, v, x.dtype),
      () =>
        new DTypeError(
          `${op}.values_dtype`,
          `${op}: value ${fmt(values)} cannot be cast safely to ${x.dtype}`,
          { value: values, dtype: x.dtype },
        ),
    );
  }
  if (!safeCast(values.dtype, x.dtype))
    throw new DTypeError(
      `${op}.values_dtype`,
      `${op}: values of dtype ${values.dtype} cannot be cast safely to ${x.dtype} (JAX warns and will refuse)`,
      { from: values.dtype, to: x.dtype },
    );
  const v = cast(values, x.dtype);
  return orFail(
    () => broadcastTo(v, shape),
    () =>
      new InvalidArgumentError(
        `${op}.values_shape`,
        `${op}: values of shape ${fmt(v.shape)} do not broadcast to the indexed shape ${fmt(shape)}`,
        { values: v.shape, indexed: shape },
      ),
  );
}

/** One tuple scatter of `updates` into `input` at the indexed positions (x itself, or divide/power's result). */
function atScatter(
  op: string,
  input: Tensor,
  ix: Indexer,
  updates: Tensor,
  computation: UpdateComputation,
  o: AtOptions,
): ScatterCall {
  const { parsed, negative_indices } = policyOf(o, op, 'at.update');
  const m = { op, out: outArg(op, o.out) };
  const policy = { mode: CORE_MODE[parsed].scatter, negative_indices };
  const call = tupleScatter(m, input, ix.indices, updates, ix.k, ix.batch.length, computation, policy);
  return withPromises(call, promises(op, o));
}

/** The update methods taking values, and the core reducer of each (divide and power multiply the values: divPow). */
const REDUCER = {
  set: 'replace',
  add: 'add',
  subtract: 'sub',
  multiply: 'mul',
  divide: 'mul',
  power: 'mul',
  min: 'min',
  max: 'max',
} as const;

/** Arithmetic updates refuse a bool x (JAX would promote it to int and cast back). */
function notBool(x: Tensor, op: string): void {
  if (x.dtype === 'bool')
    throw new DTypeError(
      `${op}.dtype`,
      `${op}: arithmetic updates of a bool array are not modelled (JAX promotes to int and casts back); got bool`,
      { dtype: 'bool' },
    );
}

/** Lowers `x.at[index].<m>(values)`: the values cast safely and broadcast, then one scatter (or divPow's). */
function lowerUpdate(
  m: keyof typeof REDUCER,
  x: Tensor,
  index: AtIndex,
  values: AtValues,
  opts: AtOptions | null = {},
): ScatterCall | ProgramCall {
  const op = `jax.at.${m}`;
  const o = options(op, opts, KEYS);
  if (m === 'add' || m === 'subtract' || m === 'multiply' || m === 'divide' || m === 'power') notBool(x, op);
  const ix = toIndexer(x, index, op);
  const updates = toUpdates(x, values, ix.sliceShape, op);
  if (m === 'divide' || m === 'power') return divPow(m, x, ix, updates, o);
  return atScatter(op, x, ix, updates, REDUCER[m], o);
}

/**
 * divide / power as JAX writes them (jax/_src/numpy/array_methods.py, `_IndexUpdateRef.divide` /
 * `.power`): `ufuncs.divide(x, ones_like(x).at[idx].multiply(v))` and
 * `ufuncs.power(x, ones_like(x).at[idx].multiply(v))`. The program is that formula: a splat of ones,
 * the product scatter with the core's `mul` reducer (each step rounded / wrapped to x's dtype, as
 * `lax.scatter_mul`), then every element of x divided by (raised to) the product, untouched ones
 * by 1 (x / 1 quiets a signalling NaN, as XLA's divide does). Nothing is computed at lowering.
 */
function divPow(
  method: 'divide' | 'power',
  x: Tensor,
  ix: Indexer,
  updates: Tensor,
  o: AtOptions,
): ProgramCall {
  const op = `jax.at.${method}`;
  const d = x.dtype;
  // XLA's complex pow has no op in the IR. Refused after the index and values checks, which
  // JAX's product scatter makes first, and before the program is built.
  if (method === 'power' && isComplex(d))
    throw new DTypeError(
      `${op}.dtype`,
      `${op}: power of a complex array is not modelled (XLA's complex pow has no IR op here); got ${d}`,
      { dtype: d },
    );
  // x stands in for ones_like(x) in the scatter call: the program reads only its type (the
  // splat below is the scatter's operand), so no array of ones is made at lowering.
  const product = atScatter(op, x, ix, updates, 'mul', o);
  const args = [x, product.scatter_indices, product.updates[0]];
  const params = args.map(typeOf);
  const b = new Builder(params);
  const one = b.splat(is64Bit(d) ? 1n : 1, d, x.shape);
  const [prod] = b.emit(scatterOp(product, [one, 1, 2]));
  let result: number;
  if (method === 'divide') result = divideOps(b, d, prod);
  else if (isInteger(d)) result = intPowerOps(b, d, prod);
  else result = b.binary('power', 0, prod);
  const argNames = ['x', 'indices', 'values'];
  const main = mainFunc(params, b.ops, [result], argNames);
  return { kind: 'program', op, module: { funcs: [main], entry: 'main' }, args, argNames, out: product.out };
}

/**
 * jnp.divide (`true_divide`): `promote_args_inexact` converts an integer x and the product to
 * float32, float64 for int64 / uint64 (dtypes.py `_dtype_to_inexact`), then `lax.div`. A float
 * or complex x divides in its own dtype (complex: XLA:CPU's division, ir/ops/complex-divide.ts).
 */
function divideOps(b: Builder, d: DType, prod: number): number {
  if (!isInteger(d)) return b.binary('divide', 0, prod);
  const to: DType = is64Bit(d) ? 'float64' : 'float32';
  const convert = (v: number) =>
    b.one({ kind: 'convert', operands: [v], results: [{ shape: [...b.type(v).shape], dtype: to }] });
  return b.binary('divide', convert(0), convert(prod));
}

/**
 * jnp.power on integers with a non-constant exponent is `_pow_int_int` (jax/_src/numpy/ufuncs.py):
 * six rounds of binary exponentiation over the exponent's low bits ("anything more would
 * overflow"), from an accumulator that is 0 where x == 0 and e != 0, else 1. That is
 * x^(e & 63) with wrap-around, and 0 for a zero base whose exponent is not 0: a negative or ≥ 64
 * exponent gives a value (not an error), e.g. 2 ** 64 = 1 and 2 ** -1 = 2^63 wrapped.
 */
function intPowerOps(b: Builder, d: DType, e: number): number {
  const shape = b.type(e).shape;
  const zero = b.splat(is64Bit(d) ? 0n : 0, d, shape);
  const low = b.binary('and', e, b.splat(is64Bit(d) ? 63n : 63, d, shape));
  const pow = b.binary('power', 0, low);
  const zeroBase = b.binary('and', b.compare('EQ', 0, zero), b.compare('NE', e, zero));
  return b.select(zeroBase, zero, pow);
}

function lowerApply(
  x: Tensor,
  index: AtIndex,
  func: (v: Scalar) => Scalar,
  opts: AtOptions | null = {},
): ScatterCall {
  const op = 'jax.at.apply';
  const o = options(op, opts, KEYS);
  if (typeof func !== 'function')
    fail(`${op}.func`, `${op}: func must be a unary function; got ${describe(func)}`);
  const ix = toIndexer(x, index, op);
  return atScatter(op, x, ix, zeros(ix.sliceShape, x.dtype), (current: Scalar) => func(current), o);
}

function makeRef<R>(input: Tensor, index: AtIndex, wrap: (call: CoreCall | ProgramCall) => R): AtRef<R> {
  const x = tensorArg('jax.at', 'x', input);
  const update = (m: keyof typeof REDUCER) =>
    checkedMethod('jax.at', m, ['values', 'options'], (values: AtValues, options?: AtOptions | null) =>
      wrap(lowerUpdate(m, x, index, values, options)),
    );
  const multiply = update('multiply');
  return {
    get: checkedMethod('jax.at', 'get', ['options'], (options?: AtGetOptions | null) =>
      wrap(lowerGet(x, index, options)),
    ),
    set: update('set'),
    add: update('add'),
    subtract: update('subtract'),
    multiply,
    mul: multiply,
    divide: update('divide'),
    power: update('power'),
    min: update('min'),
    max: update('max'),
    apply: checkedMethod(
      'jax.at',
      'apply',
      ['func', 'options'],
      (func: (v: Scalar) => Scalar, options?: AtOptions | null) => wrap(lowerApply(x, index, func, options)),
    ),
  };
}

/**
 * `x.at[index]`: indexed get and functional updates. None of them modify `x`.
 *
 * @example
 * const x = tensor([0, 1, 2, 3, 4], 'float32');
 * jax.at(x, 2).add(10);                  // → [0, 1, 12, 3, 4]
 * jax.at(x, 20).get();                   // → 4 (clamped)
 * jax.at(x, 10).add(10);                 // → [0, 1, 2, 3, 4] (dropped)
 * jax.at(x, -1).set(99);                 // → [0, 1, 2, 3, 99]
 */
export function at<D extends DType>(
  x: Tensor<D>,
  index: AtIndex,
): AtRef<Tensor<D>, Tensor<D>, Tensor<AtDivideDType<D>>> {
  // The dtypes in the type are the ones the lowerings compute (x's; divide's as AtDivideDType).
  return makeRef(x, index, execute) as AtRef<Tensor<D>, Tensor<D>, Tensor<AtDivideDType<D>>>;
}

/**
 * `x.at[index]` whose methods return the lowered call instead of running it (a gather for `get`,
 * a scatter for the other updates; their `op` is `jax.at.<method>`). divide and power are
 * programs: the product scatter of a splat of ones, then the element-wise op (see divPow).
 */
export function lowerAt(
  x: Tensor,
  index: AtIndex,
): AtRef<LoweredScatter<'jax.at'>, LoweredGather<'jax.at'>, ProgramCall, ProgramCall> {
  return makeRef(x, index, (call) => call) as ReturnType<typeof lowerAt>;
}
