/**
 * NumPy's index policies, decided in one table (NumPy 1.24, checked against goldens from the
 * real implementation by scripts/goldens/generate.py).
 *
 * | family                                   | negative            | out of bounds            | duplicates (scatter)       | index dtypes                          |
 * |------------------------------------------|---------------------|--------------------------|----------------------------|---------------------------------------|
 * | take / put, mode 'raise' (default)       | wrap once (-n ≤ i)  | IndexError               | put: last wins             | safe cast to intp: bool, int*, uint≤32 |
 * | take / put, mode 'wrap'                  | modulo              | modulo                   | last wins                  | same                                  |
 * | take / put, mode 'clip'                  | clamp to 0          | clamp to n - 1           | last wins                  | same                                  |
 * | fancy: a[i,…], *_along_axis, ufunc.at    | wrap once           | IndexError               | `=` last wins; ufunc.at accumulates | any integer (uint64 reinterpreted as int64); float is an error |
 *
 * take / put convert a JS list (a Python list) straight to intp, item by item with Python's int():
 * floats truncate there, NaN / ±inf / past int64 are refused (intpIndex); a Tensor is safe-cast.
 */
import type { ScatterCall } from '../../core/call.js';
import type { FloatMinMax, FloatNaN } from '../../core/kernels.js';
import type { GatherMode, NegativeIndexPolicy, ReducerName, ScatterMode } from '../../core/types.js';
import { DTypeError, InvalidArgumentError } from '../../errors.js';
import { integer, normalizeAxis, oneOf } from '../args.js';
import { type ScatterPolicy, gatherPolicy as rowPolicy } from '../families.js';
import { type DType, isComplex, isFloat } from '../../tensor/dtype.js';
import type { Tensor } from '../../tensor/tensor.js';
import { indexArg, intpValues, notRagged, reinterpretIndex, scanList } from './shared.js';
import { DIA, DIUA, type FrameworkDescription, G, S, type Signatures, numpyStyle } from '../signature.js';

/** NumPy's out-of-bounds modes of take/put. */
export type NumpyMode = 'raise' | 'wrap' | 'clip';

/** The core policy each NumPy mode becomes. */
export const MODES: Readonly<
  Record<
    NumpyMode,
    {
      /** The core gather mode (take). */
      readonly gather: GatherMode;
      /** The core scatter mode (put). */
      readonly scatter: ScatterMode;
      /** How a negative index is read before the mode applies. */
      readonly negative_indices: NegativeIndexPolicy;
    }
  >
> = {
  raise: { gather: 'error', scatter: 'error', negative_indices: 'from_end' },
  // Modulo the axis size; negative values wrap by the same modulo.
  wrap: { gather: 'wrap', scatter: 'wrap', negative_indices: 'out_of_bounds' },
  // "clip disables negative indexing": a negative index clamps to 0, not from the end.
  clip: { gather: 'clip', scatter: 'clip', negative_indices: 'out_of_bounds' },
};

/** Index dtypes NumPy casts to intp under the 'safe' rule (take, put). */
const SAFE_INTP: readonly DType[] = ['int64', 'int32', 'int16', 'int8', 'uint32', 'uint16', 'uint8', 'bool'];

/** The NumPy wording of an out-of-bounds index (same for take, put and fancy indexing). */
export const oobWording = (d: { value: bigint; dim: number; size: number }) =>
  `index ${d.value} is out of bounds for axis ${d.dim} with size ${d.size}`;

/** An integer `axis` in [-rank, rank) normalized (`<op>.axis`, in NumPy's AxisError words). */
export const numpyAxis = (op: string, axis: unknown, rank: number): number =>
  normalizeAxis(op, integer(op, 'axis', axis), rank, {
    message: (r) => `${op}: axis ${String(axis)} is out of bounds for array of dimension ${r}`,
  });

/** numpy.<op>.mode: one of raise / wrap / clip (default raise). */
export const resolveMode = (mode: unknown, op: string): NumpyMode =>
  oneOf(op, 'mode', mode, ['raise', 'wrap', 'clip'], 'raise');

const eachMode = <T>(f: (mode: NumpyMode) => T): Readonly<Record<NumpyMode, T>> => ({
  raise: f('raise'),
  wrap: f('wrap'),
  clip: f('clip'),
});
/**
 * NumPy 1.24 checks an index tuple's arrays before it reads anything, each array in full, in
 * tuple order (PyArray_MapIterCheckIndices), so with two bad arrays it names the first bad
 * index of the first bad array: the core's `components` order (OobOrder), measured on
 * `np.zeros((2, 3))[[0, 3], [[-9], [1]]]` ("index 3 … axis 0", not the first vector's −9).
 */
export const FANCY_ORDER = { oob_order: 'components' } as const;

/**
 * The core policies, built once: fancy (integer-array) indexing's gather (`raise`'s: negative
 * indices count from the end once; tuple order, FANCY_ORDER), take's of each mode with its out-of-bounds code set (so no
 * call builds the code string, B7), the scatter of each mode.
 */
export const GATHER_POLICY = rowPolicy(MODES.raise, FANCY_ORDER);
export const TAKE_POLICY = eachMode((mode) =>
  rowPolicy(MODES[mode], { oob_code: 'numpy.take.index_out_of_bounds' }),
);
export const SCATTER_POLICY: Readonly<Record<NumpyMode, ScatterPolicy>> = eachMode((mode) => ({
  mode: MODES[mode].scatter,
  negative_indices: MODES[mode].negative_indices,
}));

/** A 0-d uint64 index ≥ 2^63 (NumPy reads a 0-d index as a Python int, which intp cannot hold). */
const hugeScalar = (t: Tensor): boolean =>
  t.dtype === 'uint64' && t.rank === 0 && (t.data as BigUint64Array)[0] >= 2n ** 63n;

/**
 * take's / put's indices (rule `<op>.<name>`): NumPy converts JS values — Python ints, floats,
 * bools — straight to intp (floats truncate: `np.take(a, [1.5])` is `a.flat[1]`), so its first
 * item that is NaN, ±Infinity or outside int64 is refused there, before any bound (see
 * intpValues); a Tensor keeps the {@link safeIndex} rule (a float64 array is refused).
 */
export function intpIndex(op: string, name: string, x: unknown): Tensor {
  // One walk over a JS list: its shape (a ragged one is refused first), kinds and first fault.
  const s = scanList(x);
  notRagged(op, s);
  const t = intpValues(x, s) ?? indexArg(op, name, x, s);
  if (t === 'nan')
    throw new InvalidArgumentError(`${op}.index_nan`, `${op}: cannot convert float NaN to integer`);
  if (t === 'infinity')
    throw new DTypeError(`${op}.index_infinity`, `${op}: cannot convert float infinity to integer`);
  if (t === 'overflow' || t === 'object')
    throw new DTypeError(`${op}.index_overflow`, `${op}: Python int too large to convert to C long`);
  return safeIndex(t, op);
}

/** take/put's index rule: a safe cast to intp (bool: 0/1); a 0-d uint64 index (a Python int) below 2^63. */
export function safeIndex(t: Tensor, op: string): Tensor {
  const scalar = t.dtype === 'uint64' && t.rank === 0 && !hugeScalar(t);
  if (!SAFE_INTP.includes(t.dtype) && !scalar) {
    throw new DTypeError(
      `${op}.index_dtype`,
      `${op}: Cannot cast array data from dtype('${t.dtype}') to dtype('int64') according to the rule 'safe'`,
      { dtype: t.dtype },
    );
  }
  return reinterpretIndex(t);
}

/**
 * Who reads an index, for NumPy's words when its type is wrong: `a[...]` / ufunc.at an array
 * (`'array'`: a Tensor) or a JS list or scalar (`'list'`: NumPy rejects the item itself, not an
 * array), the along-axis functions (`'along'`: their own words, and no bool).
 */
export type IndexReader = 'array' | 'list' | 'along';

/**
 * Fancy indexing's index rule: any integer dtype (uint64 reinterpreted). Indexing reads a bool
 * array as a mask; the along-axis functions refuse it with the floats and with NumPy's object
 * array ('object': a JS integer outside [-2^63, 2^64), see pythonInts).
 */
export function fancyIndex(t: Tensor | 'object', op: string, reader: IndexReader): Tensor {
  if (
    t === 'object' ||
    isFloat(t.dtype) ||
    isComplex(t.dtype) ||
    (reader === 'along' && t.dtype === 'bool')
  ) {
    const dtype = t === 'object' ? 'object (a Python int outside [-2^63, 2^64))' : t.dtype;
    throw new DTypeError(`${op}.index_dtype`, `${op}: ${NOT_AN_INDEX[reader]}; got ${dtype}`, { dtype });
  }
  return reinterpretIndex(t);
}

/**
 * An item of `a[...]` / ufunc.at's index tuple: a 0-d uint64 ≥ 2^63 is a Python int too large for
 * intp (`<op>.index_overflow`), else {@link fancyIndex}. The along-axis functions never get here:
 * NumPy checks their index's rank next, and a 0-d index never has arr's rank (measured).
 */
export function tupleIndex(t: Tensor | 'object', op: string, reader: 'array' | 'list'): Tensor {
  if (t !== 'object' && hugeScalar(t)) {
    const value = (t.data as BigUint64Array)[0];
    throw new DTypeError(`${op}.index_overflow`, `${op}: Python int too large to convert to C long`, {
      value,
    });
  }
  return fancyIndex(t, op, reader);
}

/**
 * NumPy's IndexError for an index item of a type it does not take (`<op>.index_dtype`), in the
 * words of its reader; `got` names what was given.
 */
export function notAnIndex(op: string, reader: IndexReader, got: string): never {
  throw new DTypeError(`${op}.index_dtype`, `${op}: ${NOT_AN_INDEX[reader]}; got ${got}`, { dtype: got });
}

/** NumPy 1.24's words for an index of a type it does not take, by who reads it (measured). */
const NOT_AN_INDEX: Readonly<Record<IndexReader, string>> = {
  along: '`indices` must be an integer array',
  list: 'only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices',
  array: 'arrays used as indices must be of integer (or boolean) type',
};

/** The ufuncs with `.at` support and the core reducer each one is. */
export const UFUNCS = {
  add: 'add',
  subtract: 'sub',
  multiply: 'mul',
  minimum: 'min',
  maximum: 'max',
} as const satisfies Record<string, ReducerName>;
/** A ufunc with `.at`: `add`, `subtract`, `multiply`, `minimum`, `maximum`. */
export type UfuncName = keyof typeof UFUNCS;

/**
 * NumPy 1.24's ufunc.at float rules on float16 (test/nan-payloads.test.ts): add and multiply
 * return the update's NaN first, minimum / maximum keep the element on a ±0 tie (float32/64: the
 * element's NaN first, a tie takes the update — the lowering's defaults).
 */
const UFUNC_FLOAT16: Partial<Record<UfuncName, { float_nan?: FloatNaN; float_minmax?: FloatMinMax }>> = {
  add: { float_nan: 'update_first' },
  multiply: { float_nan: 'update_first' },
  minimum: { float_minmax: 'self_on_tie_keep_nan' },
  maximum: { float_minmax: 'self_on_tie_keep_nan' },
};

/** A `np.<ufunc>.at` call with the width-specific float rules of its dtype in its options. */
export function withFloatRules(ufunc: UfuncName, call: ScatterCall): ScatterCall {
  const rules = call.inputs[0].dtype === 'float16' ? UFUNC_FLOAT16[ufunc] : undefined;
  return rules ? { ...call, options: { ...call.options, ...rules } } : call;
}

/**
 * NumPy's names (`np.take(a, indices)`, `np.put_along_axis(arr, indices, values, axis)`) and
 * `np.array`'s dtypes: int64, float64, complex128 (Python's int, float and complex on Linux).
 *
 * @internal
 */
export const DESCRIPTION: FrameworkDescription = numpyStyle(
  { operand: 'a', indices: 'indices', updates: 'values', result: 'out', target: 'a' },
  'numpy',
  'np',
  { int: 'int64', float: 'float64', complex: 'complex128' },
  { index: 'advanced indexing a[idx0, idx1, …]: an index tuple, not one indices tensor' },
);

/** `np.<ufunc>.at(a, indices, b)`. */
const UFUNC_AT = S('scatter_take', ['data', 'indices', 'updates'], { words: { updates: 'b' } });
/** `np.take_along_axis(arr, indices, axis)`, `np.put_along_axis(arr, indices, values, axis)`. */
const ALONG_AXIS = { example: { axis: 0 }, words: { operand: 'arr', target: 'arr' } } as const;

/** take's and put's modes, the default first. */
const NUMPY_MODES = Object.keys(MODES);

/**
 * How each NumPy op is called.
 *
 * @internal
 */
export const SIGNATURES: Signatures = {
  take: G('take', DIA, { example: { axis: 0, mode: 'raise' }, modes: NUMPY_MODES }),
  take_along_axis: G('elements', ['data', 'indices', { attr: 'axis' }], ALONG_AXIS),
  // np.put(a, ind, v, mode='raise').
  put: S('scatter_flat', DIUA, {
    example: { mode: 'raise' },
    modes: NUMPY_MODES,
    words: { indices: 'ind', updates: 'v' },
  }),
  ...Object.fromEntries(Object.keys(UFUNCS).map((u) => [`${u}.at`, UFUNC_AT])),
  put_along_axis: S('scatter_elements', ['data', 'indices', 'updates', { attr: 'axis' }], ALONG_AXIS),
};
