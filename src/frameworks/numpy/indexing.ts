/**
 * Integer-array ("fancy") indexing `a[i0, i1, ...]` as a function, and the unbuffered
 * `ufunc.at(a, indices, b)` for add / subtract / multiply / minimum / maximum (the `tuple`
 * family). The tuple may hold bool masks (masks.ts) and basic items beside the arrays —
 * `numpy.slice(start, stop, step)`, `numpy.newaxis` (null), `numpy.ellipsis`, plain integers —
 * placed as NumPy places them (index-tuple.ts).
 */
import type { GatherCall, ScatterCall, Wording } from '../../core/call.js';
import type { ReducerName } from '../../core/types.js';
import { DTypeError, InvalidArgumentError, fmt } from '../../errors.js';
import type { DType, Scalar } from '../../tensor/dtype.js';
import { MAX_RANK, type NestedArray, Tensor, checkCallBudget, zeros } from '../../tensor/tensor.js';
import {
  type TupleEntry,
  dimsOf,
  entryShape,
  maskGather,
  maskScatter,
  tupleGatherMasked,
  tupleScatterMasked,
  withScalarMasks,
} from '../masks.js';
import {
  type SliceSpec,
  type TupleItem,
  type PlacedTuple,
  hasBasic,
  placeTuple,
  placedGather,
  placedScatter,
  resultShape,
} from '../index-tuple.js';
import { options, outArg, tensorArg } from '../args.js';
import { type CallMeta, flatGather, flatScatter, tupleGather, tupleScatter } from '../families.js';
import {
  GATHER_POLICY as POLICY,
  SCATTER_POLICY as FANCY_SCATTER,
  FANCY_ORDER,
  UFUNCS,
  type UfuncName,
  tupleIndex,
  notAnIndex,
  oobWording,
} from './policy.js';
import {
  type ArrayLike,
  arrayArg,
  broadcastExactly,
  broadcastOf,
  broadcastOr,
  broadcastTuple,
  checkEachInBounds,
  holdsForeign,
  indexArg,
  notRagged,
  pythonInts,
  scanList,
} from './shared.js';
import { atInLoopDType, atLoopDType } from './at-cast.js';
import { valueKind } from '../constructors.js';
import type { ProgramCall } from '../../ir/lowered.js';
import { type LoweredGather, runs } from '../lowered.js';

/** A slice's bound or step: an integer (a Python int: a bigint or a whole number, however large), null: omitted. */
export type SliceBound = number | bigint | null;

/** Python's `slice(start, stop, step)` in an index tuple (null: omitted); made by `numpy.slice`. */
export class Slice {
  constructor(
    /** The first index (negative: from the end); null: from the start (the end for a negative step). */
    readonly start: SliceBound = null,
    /** The index before which the slice stops (negative: from the end); null: through the end. */
    readonly stop: SliceBound = null,
    /** The stride (not 0); null: 1. */
    readonly step: SliceBound = null,
  ) {
    Object.freeze(this);
  }
}

/** Python's `Ellipsis` (`...`) in an index tuple: as many full slices as the other items leave dims. */
export const ellipsis: {
  /** Tells the ellipsis apart from the other index items. */
  readonly kind: 'ellipsis';
} = Object.freeze({ kind: 'ellipsis' });

/** Python's `None` / `np.newaxis` in an index tuple: a new axis of size 1. */
export const newaxis = null;

/** One item of an index tuple: an index array or integer, a bool mask, a slice, `ellipsis` or `newaxis` (null). */
export type IndexItem = ArrayLike | Slice | typeof ellipsis | null;

/** One index array, or a tuple of items (a JS array whose items are tensors or basic items, or any array for `index`). */
export type IndexTuple = readonly IndexItem[];

/**
 * `start:stop:step` as an index-tuple item (Python's slice): negative bounds count from the
 * end, then clamp to the dim; a negative step walks backwards; step 0 is refused
 * (numpy.<op>.slice_step, NumPy's ValueError).
 *
 * @example
 * const a = tensor([[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]);
 * numpy.index(a, [tensor([true, false, true]), numpy.slice(1, 3)]).toArray(); // [[1, 2], [21, 22]]
 * numpy.index(a, [numpy.slice(null, null, -1), [0, 2]]).toArray();            // [[20, 22], [10, 12], [0, 2]]
 */
export function slice(start: SliceBound = null, stop?: SliceBound, step: SliceBound = null): Slice {
  // One argument is the stop, as Python's slice(stop).
  return stop === undefined ? new Slice(null, start, step) : new Slice(start, stop, step);
}

/** Keyword arguments of `numpy.index` and the `ufunc.at` functions. */
export interface IndexOptions {
  /** Where the result goes: the result's shape and `a`'s dtype (`index`), `a`'s shape (`ufunc.at`). */
  readonly out?: Tensor;
}

/** NumPy's up-front bound check of index arrays, one per axis (see checkEachInBounds). */
const inBounds = (op: string, arrays: readonly Tensor[], shape: readonly number[]) =>
  checkEachInBounds(op, arrays, shape, POLICY, oobWording);
// np.maximum/np.minimum: a NaN operand is returned as it is (the first if both), a ±0 tie
// returns the second operand — the update.
const SCATTER_POLICY = { ...FANCY_SCATTER.raise, ...FANCY_ORDER, float_minmax: 'update_on_tie' } as const;

/**
 * The items of an index tuple: slices, ellipsis, newaxis (null) and array_likes as advanced
 * entries (numpy.<op>.index_dtype). NumPy 1.24 measured: it reads the items in order (an array
 * that is not integer or bool, a second ellipsis), then counts the dims and matches the masks
 * (placeTuple), and only then checks each slice (numpy.<op>.slice_index, .slice_step: when it
 * makes the view) — so a bad slice stands as a full one until the slices are checked (resolve).
 */
function itemsOf(op: string, A: Tensor, indices: readonly unknown[]): TupleItem[] {
  // The count is checked before the tuple is walked (a huge `.length` must not hang the call);
  // 0-d masks and new axes consume no dim, so up to MAX_RANK of them may come on top.
  if (indices.length > A.rank + MAX_RANK) rulesOf(op, A).tooMany(indices.length);
  let ellipses = 0;
  return indices.map((i): TupleItem => {
    if (i === null) return { newaxis: true };
    if (i === ellipsis) {
      if (++ellipses > 1) rulesOf(op, A).ellipsis();
      return { ellipsis: true };
    }
    if (i instanceof Slice) return { slice: sliceError(op, i) ? FULL_SLICE : clamped(i) };
    const scan = scanList(i);
    // The walk for NumPy's words only when the scan saw a leaf that is no number.
    if (Array.isArray(i) && holdsForeign(scan)) foreignList(op, i);
    const t = indexArg(op, 'indices', i, scan);
    return {
      adv:
        t !== 'object' && t.dtype === 'bool'
          ? { mask: t }
          : { ints: tupleIndex(t, op, i instanceof Tensor ? 'array' : 'list') },
    };
  });
}

const FULL_SLICE: SliceSpec = { start: null, stop: null, step: null };

/**
 * A list item holding a leaf that is no number, bigint, boolean, Tensor or list (a string, null,
 * a slice, the ellipsis, an object, a hole): NumPy makes a string or object array of it, which is
 * no index (`a[['1', '2']]`, `a[[slice(None)]]`, `a[[None]]`: NumPy 1.24's IndexError "only
 * integers, slices …", `<op>.index_dtype`) — unless the list is ragged, which NumPy's conversion
 * finds first (`<op>.ragged`; the odd leaves stand as scalars there, as NumPy's are). A list past
 * the walk's budget or rank 64 (a circular one) is left to the conversion, which refuses it.
 */
function foreignList(op: string, list: readonly unknown[]): void {
  const walk: StandIn = { left: STAND_IN_BUDGET, foreign: NOT_FOUND };
  const stand = numericStandIn(list, 0, walk);
  if (stand === undefined || walk.foreign === NOT_FOUND) return;
  notRagged(op, scanList(stand));
  notAnIndex(op, 'list', `a list holding ${describeLeaf(walk.foreign)}`);
}

const NOT_FOUND: unique symbol = Symbol('none');
const isNumeric = (v: unknown) => ['number', 'bigint', 'boolean'].includes(typeof v) || v instanceof Tensor;

/** Entries the walk may copy (a 2^32-long hole is not walked). */
const STAND_IN_BUDGET = 1 << 20;

/** The walk's state: entries left to copy, the first leaf NumPy does not read as a number. */
interface StandIn {
  left: number;
  foreign: unknown;
}

/** `v` with every foreign leaf (a hole counts) as 0, for the ragged check; undefined past the budget or rank 64. */
function numericStandIn(v: readonly unknown[], depth: number, walk: StandIn): unknown[] | undefined {
  if (depth > 64 || (walk.left -= v.length) < 0) return undefined;
  const out: unknown[] = [];
  for (let k = 0; k < v.length; k++) {
    const x = k in v ? v[k] : undefined;
    if (Array.isArray(x)) {
      const inner = numericStandIn(x, depth + 1, walk);
      if (inner === undefined) return undefined;
      out.push(inner);
    } else if (isNumeric(x)) out.push(x);
    else {
      if (walk.foreign === NOT_FOUND) walk.foreign = x;
      out.push(0);
    }
  }
  return out;
}

const describeLeaf = (x: unknown): string =>
  x === null
    ? 'null (None)'
    : x === undefined
      ? 'undefined'
      : x === ellipsis
        ? 'the ellipsis'
        : x instanceof Slice
          ? 'a slice'
          : typeof x === 'string'
            ? `the string ${JSON.stringify(x.length > 20 ? `${x.slice(0, 20)}…` : x)}`
            : `a ${typeof x}`;

/**
 * A slice with its bounds and step within ±2^53, the same slice: Python clamps a slice's bounds
 * to the dim and its step to ±(2^63 - 1), so `a[2**64:]` is empty and `a[::2**64]` is a's first
 * element (NumPy 1.24 measured), where a bigint or a whole number past 2^53 cannot be resolved
 * as it is.
 */
const clamped = (s: Slice): SliceSpec => ({
  start: within(s.start),
  stop: within(s.stop),
  step: within(s.step),
});
const within = (v: SliceBound): number | null =>
  v === null ? null : Math.min(Math.max(Number(v), -(2 ** 53)), 2 ** 53);

/** What is wrong with a slice: bounds that are not integers or null (Python's TypeError), step 0. */
function sliceError(op: string, s: Slice): InvalidArgumentError | undefined {
  for (const v of [s.start, s.stop, s.step])
    if (v !== null && typeof v !== 'bigint' && !Number.isInteger(v))
      return new InvalidArgumentError(
        `${op}.slice_index`,
        `${op}: slice indices must be integers or None or have an __index__ method; got ${String(v)}`,
      );
  if (s.step !== null && Number(s.step) === 0)
    return new InvalidArgumentError(`${op}.slice_step`, `${op}: slice step cannot be zero`, { step: 0 });
  return undefined;
}

/** NumPy's errors while it places a tuple (numpy.<op>.{too_many_indices,ellipsis,mask_shape}). */
const rulesOf = (op: string, A: Tensor) => ({
  op,
  tooMany: (count: number): never => {
    throw new InvalidArgumentError(
      `${op}.too_many_indices`,
      `${op}: too many indices for array: array is ${A.rank}-dimensional, but ${count} were indexed`,
      { rank: A.rank, count },
    );
  },
  ellipsis: (): never => {
    throw new InvalidArgumentError(
      `${op}.ellipsis`,
      `${op}: an index can only have a single ellipsis ('...')`,
    );
  },
  check: (e: TupleEntry, d: number) => checkMask(op, e, A.shape, d),
});

/**
 * A tuple with basic items or masks, resolved: the indexed shape (the gather's result, ufunc.at's
 * updates), its out-of-bounds wording, the operand as indexed, a check of every integer array on
 * its own, and the gather / scatter it lowers to.
 */
interface Resolved {
  readonly shape: number[];
  /**
   * The advanced entries stand together after basic items (NumPy's MapIter `consec` > 0): ufunc.at
   * then reshapes `b` to the result's rank before it resolves the loop dtype, so a 0-d `b` is no
   * longer read by value (ufunc_at's PyArray_MapIterSwapAxes, NumPy 1.24).
   */
  readonly movesB: boolean;
  readonly wording: Wording;
  readonly operand: Tensor;
  readonly checkAll: () => void;
  readonly gather: (m: CallMeta) => GatherCall;
  readonly scatter: (m: CallMeta, updates: Tensor, reducer: ReducerName) => ScatterCall;
}

/** A tuple with basic items placed on `a` (index-tuple.ts): 0-d integers checked up front, then S. */
function placedOf(op: string, A: Tensor, p: PlacedTuple): Resolved {
  inBounds(op, intsAt(A, p, isScalar), A.shape);
  const S = broadcastEntries(op, p.entries);
  const first = p.items.find((i) => 'adv' in i);
  return {
    shape: resultShape(p, S),
    movesB: p.adjacent && first !== undefined && 'adv' in first && first.dims[0] > 0,
    // The core names the operand's dims, which count new axes: NumPy names the array's.
    wording: (d) => oobWording({ ...d, dim: p.axisOf[d.dim] }),
    operand: p.operand,
    checkAll: () => inBounds(op, intsAt(A, p, all), A.shape),
    gather: (m) => placedGather(m, p, S, POLICY),
    scatter: (m, u, r) => placedScatter(m, p, S, u, r, SCATTER_POLICY),
  };
}

/** The placed integer arrays that pass `keep`, one per dim of `a` (others empty: nothing to check). */
function intsAt(A: Tensor, p: PlacedTuple, keep: (t: Tensor) => boolean): Tensor[] {
  const arrays: Tensor[] = A.shape.map(() => NONE);
  for (const item of p.items)
    if ('adv' in item && 'ints' in item.adv && keep(item.adv.ints)) arrays[item.from] = item.adv.ints;
  return arrays;
}

/** A mask covering dims d… of `a` has exactly their sizes (numpy.<op>.mask_shape, NumPy's IndexError). */
function checkMask(op: string, e: TupleEntry, shape: readonly number[], d: number): void {
  if (!('mask' in e)) return;
  const j = e.mask.shape.findIndex((n, k) => n !== shape[d + k]);
  if (j < 0) return;
  throw new InvalidArgumentError(
    `${op}.mask_shape`,
    `${op}: boolean index did not match indexed array along dimension ${d + j}; dimension is ${shape[d + j]} but corresponding boolean dimension is ${e.mask.shape[j]}`,
    { dim: d + j, size: shape[d + j], mask_size: e.mask.shape[j] },
  );
}

/** The tuple, its masks as nonzero columns (a 0-d mask: a new axis): 0-d integers checked first, then S. */
function maskedOf(op: string, A: Tensor, tuple: readonly TupleEntry[]): Resolved {
  const { operand, entries } = withScalarMasks(A, tuple);
  // The operand's dims count a 0-d mask's new axis: NumPy names the array's (`zeros(0)[True, [4]]`
  // and `np.add.at(zeros((2, 3)), (False, 2), 1)`: "axis 0", measured).
  let d = 0;
  const axisOf = tuple.flatMap((e) =>
    'mask' in e && e.mask.rank === 0 ? [-1] : Array.from({ length: dimsOf(e) }, () => d++),
  );
  while (axisOf.length < operand.rank) axisOf.push(d++);
  const wording: Wording = (x) => oobWording({ ...x, dim: axisOf[x.dim] });
  const check = (arrays: Tensor[]) => checkEachInBounds(op, arrays, operand.shape, POLICY, wording);
  check(perDim(entries, isScalar));
  const S = broadcastEntries(op, entries);
  const lone = entries.length === 1 && 'mask' in entries[0] ? entries[0].mask : undefined;
  return {
    shape: [...S, ...operand.shape.slice(entries.reduce((n, e) => n + dimsOf(e), 0))],
    movesB: false, // no basic item before the advanced ones
    wording,
    operand,
    checkAll: () => check(perDim(entries, all)),
    gather: (m) =>
      lone ? maskGather(m, operand, lone, POLICY) : tupleGatherMasked(m, operand, entries, S, POLICY),
    scatter: (m, u, r) =>
      lone
        ? maskScatter(m, operand, lone, u, r, SCATTER_POLICY)
        : tupleScatterMasked(m, operand, entries, S, u, r, SCATTER_POLICY),
  };
}

const isScalar = (t: Tensor) => t.rank === 0;
const all = () => true;

/** The integer arrays that pass `keep`, one per dim the entries cover (others empty: nothing to check). */
const perDim = (entries: readonly TupleEntry[], keep: (t: Tensor) => boolean): Tensor[] =>
  entries.flatMap((e) => ('mask' in e ? e.mask.shape.map(() => NONE) : [keep(e.ints) ? e.ints : NONE]));

/** S, the broadcast of the entries (a mask as its columns; numpy.<op>.shape, NumPy's message listing each). */
function broadcastEntries(op: string, entries: readonly TupleEntry[]): number[] {
  const shapes = entries.flatMap((e) =>
    'mask' in e ? e.mask.shape.map(() => entryShape(e)) : [e.ints.shape],
  );
  return broadcastOr(
    shapes,
    `${op}.shape`,
    `${op}: shape mismatch: indexing arrays could not be broadcast together with shapes ${shapes.map((s) => fmt(s)).join(' ')}`,
  );
}

/**
 * Lowers `a[i0, ..., i_{k-1}]` (integer index arrays; with slices, None, Ellipsis or boolean
 * masks in the tuple: placedOf / maskedOf).
 *
 *   out[s..., t...] = a[i0[s...], ..., i_{k-1}[s...], t...]      (index arrays broadcast to S)
 *
 * Shape: S + a.shape[k:]. Negative indices count from the end once; out of bounds raises
 * IndexError-style (numpy.index.index_out_of_bounds) naming the index, axis and size — each array checked
 * on its own, so also when S is empty.
 */
export function lowerIndex(
  a: ArrayLike,
  indices: IndexTuple | ArrayLike,
  opts?: IndexOptions | null,
): LoweredGather<'numpy.index'> {
  const op = 'numpy.index';
  const o = options(op, opts, ['out']);
  const A = arrayArg(op, 'a', a);
  const r = resolve(op, A, Array.isArray(indices) ? indices : [tensorOrArray(op, indices)]);
  if ('gather' in r) {
    // Basic items or masks: an empty result reads nothing (NumPy checks no array but the 0-d ones).
    const out = outArg(op, o.out);
    checkCallBudget([{ shape: r.shape, dtype: A.dtype }], op);
    const m = { op, wording: r.wording, out, operand_shape: A.shape };
    return r.shape.includes(0) ? flatGather({ ...m, reshape: r.shape }, A, NONE, POLICY) : r.gather(m);
  }
  const { arrays, idx, shape } = r;
  const m = { op, wording: oobWording, out: outArg(op, o.out) };
  // NumPy reads a 0-d index array as an integer and checks it up front; the other arrays are
  // checked by the gather (each in full, in tuple order: FANCY_ORDER) only when the result has
  // elements, so not at all when it is empty (a[[], [5]] and
  // zeros((2, 0))[[5]] are empty, zeros((2, 0))[5] is an IndexError).
  const rest = A.shape.slice(arrays.length);
  // The 0-d ones come first, in tuple order, whatever the result: `a[[4, 1], 4]` on a 2×3 `a` is
  // NumPy's "index 4 is out of bounds for axis 1" (measured), where the gather would meet a[4, 4]'s
  // axis 0 first.
  inBounds(op, scalarsOnly(arrays), A.shape);
  if (shape.includes(0) || rest.includes(0))
    return flatGather({ ...m, reshape: [...shape, ...rest] }, A, NONE, POLICY);
  return tupleGather(m, A, idx, arrays.length, shape.length, POLICY);
}

const NONE = zeros([0], 'int64');

/**
 * The tuple with basic items (placedOf) or masks (maskedOf) resolved, else its integer arrays
 * (intTuple). Every tuple is placed first, for NumPy's checks (dims consumed, one ellipsis, mask
 * shapes), then its slices are checked (numpy.<op>.slice_index, .slice_step: the first bad one).
 */
function resolve(op: string, A: Tensor, indices: readonly unknown[]): Resolved | ReturnType<typeof intTuple> {
  const items = itemsOf(op, A, indices);
  const placed = placeTuple(A, items, rulesOf(op, A));
  maxDims(op, items, placed);
  viewErrors(op, A, indices, items);
  if (hasBasic(items)) return placedOf(op, A, placed);
  const tuple = items.map((i) => (i as { adv: TupleEntry }).adv);
  return tuple.some((e) => 'mask' in e) ? maskedOf(op, A, tuple) : intTuple(op, A, tuple);
}

/** NumPy 1.24's NPY_MAXDIMS: no array has more dims. */
const NPY_MAXDIMS = 32;

/**
 * prepare_index's check, before any view, mask shape or bound: with a new axis or an advanced
 * entry, the result may not have more than NPY_MAXDIMS dims (`<op>.max_dims`, NumPy's IndexError).
 * Its count needs no broadcast: the dims no advanced entry consumes, plus the highest rank among
 * the advanced arrays (a mask counts 1: NumPy makes it 1-D index arrays; a 0-d integer counts 0).
 */
function maxDims(op: string, items: readonly TupleItem[], p: PlacedTuple): void {
  const advs = p.items.flatMap((i) => ('adv' in i ? [i] : []));
  if (advs.length === 0 && !items.some((i) => 'newaxis' in i)) return;
  const consumed = advs.reduce((n, i) => n + i.dims.length, 0);
  const fancy = Math.max(0, ...advs.map((i) => ('mask' in i.adv ? 1 : i.adv.ints.rank)));
  const rank = p.operand.rank - consumed + fancy;
  if (rank > NPY_MAXDIMS)
    throw new InvalidArgumentError(
      `${op}.max_dims`,
      `${op}: number of dimensions must be within [0, ${NPY_MAXDIMS}], indexing result would have ${rank}`,
      { rank },
    );
}

/**
 * The first bad slice's error (numpy.<op>.slice_index, .slice_step), after the bounds of the 0-d
 * integers before it: NumPy makes the view item by item, so `zeros((0, 2))[0, ::0]` is the
 * IndexError and `[::0, 0]` the step error (NumPy 1.24 measured); the other arrays' bounds come later.
 */
function viewErrors(op: string, A: Tensor, indices: readonly unknown[], items: readonly TupleItem[]): void {
  const k = indices.findIndex((i) => i instanceof Slice && sliceError(op, i) !== undefined);
  if (k < 0) return;
  const used = items.reduce((n, i) => n + ('adv' in i ? dimsOf(i.adv) : 'slice' in i ? 1 : 0), 0);
  let d = 0;
  for (const item of items.slice(0, k)) {
    if ('ellipsis' in item) d += A.rank - used;
    else if ('slice' in item) d++;
    else if ('adv' in item) {
      const e = item.adv;
      if ('ints' in e && e.ints.rank === 0)
        inBounds(
          op,
          A.shape.map((_, j) => (j === d ? e.ints : NONE)),
          A.shape,
        );
      d += dimsOf(e);
    }
  }
  throw sliceError(op, indices[k] as Slice);
}

/**
 * An integer-array tuple broadcast and stacked (numpy.<op>.shape; the result of a's dtype counted
 * against the allocation limit). NumPy reads a 0-d integer as an integer index and checks it
 * before it broadcasts the arrays: with arrays that do not broadcast, it is the IndexError.
 */
function intTuple(op: string, A: Tensor, tuple: readonly TupleEntry[]) {
  const arrays = tuple.map((e) => ('ints' in e ? e.ints : NONE));
  if (!broadcastOf(arrays.map((a) => a.shape))) inBounds(op, scalarsOnly(arrays), A.shape);
  const { indices: idx, shape } = broadcastTuple(arrays, `${op}.shape`, op, (S) => ({
    shape: [...S, ...A.shape.slice(arrays.length)],
    dtype: A.dtype,
  }));
  return { arrays, idx, shape };
}

/** The 0-d index arrays of a tuple (the others replaced by an empty array: nothing to check). */
const scalarsOnly = (arrays: readonly Tensor[]) => arrays.map((a) => (a.rank === 0 ? a : NONE));

/** A lone index (not a tuple): a Tensor, a JS scalar or a basic item. */
const tensorOrArray = (op: string, x: unknown): unknown =>
  ['number', 'bigint', 'boolean'].includes(typeof x) || isBasic(x) ? x : tensorArg(op, 'indices', x);

const isBasic = (x: unknown) => x === null || x === ellipsis || x instanceof Slice;

/**
 * `a[i0, i1, ...]` with integer index arrays: a tensor of shape S + a.shape[k:].
 *
 * @example
 * const a = tensor([[0, 1, 2], [10, 11, 12]]);
 * numpy.index(a, [[1, 0], [-1, 1]]).toArray();   // [12, 1]  (a[[1, 0], [-1, 1]])
 * numpy.index(a, [tensor([[0], [1]]), tensor([2, 0])]).toArray(); // [[2, 0], [12, 10]]
 */
export const index = runs(lowerIndex);

const TUPLE: unique symbol = Symbol('numpy.tuple');

/**
 * An index tuple `(i0, i1, …)` for `ufunc.at`, where a JS array alone would read as one index
 * array: `numpy.tuple()` is Python's `()` (e.g. `np.add.at(a0d, (), b)` on a 0-d array).
 *
 * @example
 * numpy.add.at(tensor(5), numpy.tuple(), 2).toArray(); // 7
 */
export function tuple(...arrays: IndexItem[]): IndexTuple {
  const t = [...arrays];
  Object.defineProperty(t, TUPLE, { value: true });
  return Object.freeze(t);
}

/** `indices` of ufunc.at: a `numpy.tuple(...)` or a JS array holding tensors is a tuple; anything else is one index array. */
function atTuple(indices: unknown): readonly unknown[] {
  if (!Array.isArray(indices)) return [indices];
  if (TUPLE in indices) return indices;
  // A tuple has at most one entry per dim (rank ≤ 64); a longer array is one index array.
  const tuple = indices.length <= 64 && indices.some((x) => x instanceof Tensor || isBasic(x));
  return tuple ? indices : [indices];
}

/**
 * Lowers `numpy.<ufunc>.at(a, indices, b)` (NumPy updates `a`; we return the new array, or
 * write it to `out` — pass `a` for NumPy's in-place behaviour), before the float rules of its
 * width (numpy/policy.ts `withFloatRules`, which numpy.ts applies).
 *
 *   for s in S (row-major): a[i0[s], ..., i_{k-1}[s], t...] = ufunc(a[...], b[s..., t...])
 *
 * Unbuffered: duplicate indices accumulate, in index order. `b` broadcasts to S + a.shape[k:]
 * (numpy.<ufunc>.at.b_shape), checked after the indices, as NumPy does. The ufunc runs in the
 * loop dtype of (a, b) — `b`'s dtype as np.asarray makes it, a 0-d one by its value — cast back
 * to a's after every step: a program when that dtype is not a's (numpy/at-cast.ts).
 */
export function lowerUfuncAt(
  ufunc: UfuncName,
  a: ArrayLike,
  indices: ArrayLike | IndexTuple,
  b: ArrayLike | Scalar,
  opts?: IndexOptions | null,
): ScatterCall | ProgramCall {
  const op = `numpy.${ufunc}.at`;
  const o = options(op, opts, ['out']);
  const A = arrayArg(op, 'a', a);
  // NumPy 1.24 makes `b` an array before it reads the index (ufunc_at: PyArray_FromAny, then the
  // MapIter), so a ragged `b` is its ValueError whatever the index (measured: `np.add.at(arange(10),
  // [1.5], [[1, 2], 1])`); anything else wrong with `b` comes after the index.
  if (!(b instanceof Tensor)) notRagged(op, scanList(b));
  const r = resolve(op, A, atTuple(indices));
  // The scatter in the loop dtype, cast back per step, when it is not a's.
  const inLoop = (call: ScatterCall, loop: DType) =>
    loop === A.dtype ? call : atInLoopDType(op, call, ufunc, loop);
  if ('gather' in r) {
    // Basic items or masks: `b` broadcast to the indexed shape, then the scatter.
    const out = outArg(op, o.out);
    const { B, loop } = bOf(op, A, b, r.movesB);
    const updates = updatesOf(ufunc, op, loop, B, r.shape, r.checkAll);
    const reshape = r.operand === A ? undefined : A.shape;
    const m = { op, wording: r.wording, out, operand_shape: A.shape, reshape };
    return updates.size === 0 ? noUpdate(m, A) : inLoop(r.scatter(m, updates, UFUNCS[ufunc]), loop);
  }
  const { arrays, idx, shape } = r;
  const uShape = [...shape, ...A.shape.slice(arrays.length)];
  const { B, loop } = bOf(op, A, b);
  const m = { op, wording: oobWording, out: outArg(op, o.out) };
  // NumPy checks 0-d index arrays up front.
  inBounds(op, scalarsOnly(arrays), A.shape);
  const updates = updatesOf(ufunc, op, loop, B, uShape, () => inBounds(op, arrays, A.shape));
  if (updates.size === 0) return noUpdate(m, A);
  const call = tupleScatter(m, A, idx, updates, arrays.length, shape.length, UFUNCS[ufunc], SCATTER_POLICY);
  return inLoop(call, loop);
}

/**
 * `b` as NumPy's ufunc.at reads it (np.asarray: JS integers int64 — uint64 past 2^63 — floats
 * float64, booleans bool; a Tensor as it is) and the loop dtype of (a, b), a 0-d `b` read by its
 * dtype, not its value, when the index moves it (`movesB`, Resolved). When that is a's
 * dtype, `b` in a's dtype, as the single-scatter path has always taken it (NumPy's cast to the
 * loop); else `b` in its own dtype, for the program's convert.
 */
function bOf(op: string, A: Tensor, b: unknown, movesB = false): { B: Tensor; loop: DType } {
  const ints = b instanceof Tensor ? undefined : pythonInts(b);
  // A Python int outside [-2^63, 2^64): refused as before, in a's dtype.
  if (ints === 'object') return { B: arrayArg(op, 'b', b, A.dtype), loop: A.dtype };
  const own =
    ints ??
    (b instanceof Tensor || (!Array.isArray(b) && typeof b !== 'number' && typeof b !== 'boolean')
      ? arrayArg(op, 'b', b)
      : arrayArg(op, 'b', b, valueKind(b as NestedArray) === 'bool' ? 'bool' : 'float64'));
  const loop = atLoopDType(A, movesB && own.rank === 0 ? own.reshape([1]) : own);
  return { B: loop === A.dtype ? arrayArg(op, 'b', own, A.dtype) : own, loop };
}

/**
 * `b` broadcast to the updates' shape (numpy.<ufunc>.at.b_shape), then bool subtract refused
 * (numpy.<ufunc>.at.dtype) — when the loop is bool: a bool `a` with an integer or float `b`
 * subtracts in that dtype (NumPy 1.24 measured). NumPy checks every index array on its own
 * (`checkAll`) before it broadcasts b: when b does not fit, or for bool subtract (even with
 * nothing to update: an empty bool b is refused, an empty int64 b computes).
 */
function updatesOf(
  ufunc: UfuncName,
  op: string,
  loop: DType,
  B: Tensor,
  shape: readonly number[],
  checkAll: () => void,
): Tensor {
  const boolSub = ufunc === 'subtract' && loop === 'bool';
  const fits = broadcastOf([B.shape, shape])?.join() === shape.join();
  if (!fits || (boolSub && !shape.includes(0))) checkAll();
  const updates = broadcastExactly(
    B,
    shape,
    `${op}.b_shape`,
    `${op}: b of shape ${fmt(B.shape)} does not broadcast to ${fmt(shape)}`,
  );
  if (boolSub)
    throw new DTypeError(
      `${op}.dtype`,
      `${op}: numpy boolean subtract, the \`-\` operator, is not supported, use the bitwise_xor, the \`^\` operator, or the logical_xor function instead`,
    );
  return updates;
}

/** ufunc.at with nothing to update: `a` as it is (no other index is checked). */
const noUpdate = (m: CallMeta, A: Tensor): ScatterCall =>
  flatScatter(m, A, NONE, zeros([0], A.dtype), 'replace', SCATTER_POLICY);
