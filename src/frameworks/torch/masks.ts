/**
 * PyTorch 1.13's index tuples — `torch.index` (`t[…]`) and `index_put` (`t[…] = v`) with int64
 * tensors, bool/uint8 masks and null (`:`) entries — and the mask ops `masked_select` and
 * `masked_scatter`. A bool or uint8 (deprecated in 1.13, still accepted; PyTorch also prints a
 * deprecation warning, which this library does not) mask of rank k stands for its k nonzero
 * columns (frameworks/masks.ts); a uint8 mask holds only 0 and 1.
 *
 *   masked_select(x, m)[j]     = broadcast(x)[nz(m)[j]]            (x and m broadcast together)
 *   masked_scatter(x, m, s)    : broadcast(x)[nz(m)[j]] = s.flatten()[j]   for j < count(m)
 */
import type { GatherCall, ScatterCall } from '../../core/call.js';
import { DTypeError, IndexOutOfBoundsError, InvalidArgumentError, fmt } from '../../errors.js';
import { type Scalar, isComplex, isFloat } from '../../tensor/dtype.js';
import { broadcastTo, cast } from '../../tensor/ops.js';
import { Tensor, checkCallBudget, tensor } from '../../tensor/tensor.js';
import { flag, options, outArg, tensorArg } from '../args.js';
import { type TupleItem, placeTuple, placedGather, placedScatter, resultShape } from '../index-tuple.js';
import { type CallMeta, type ScatterPolicy, flatScatter, tupleGather, tupleScatter } from '../families.js';
import {
  type TupleEntry,
  countTrue,
  dimsOf,
  entryShape,
  maskGather,
  maskScatter,
  tupleGatherMasked,
  tupleScatterMasked,
  withScalarMasks,
} from '../masks.js';
import { broadcastExactly, broadcastOf, broadcastOr, broadcastTuple, filled } from '../numpy/shared.js';
import { type OutOptions, readsNothing, writesNothing } from './gather.js';
import { indexPutPolicy, indexPutRowDims } from './nan-places.js';
import { TORCH_POLICY, checkIndexDType, checkOutDType, checkSameDType, metaOf, policyOf } from './policy.js';
import type { LoweredGather, LoweredScatter } from '../lowered.js';
import {
  type Roles,
  checkNoOverlap,
  checkNoPartialOverlap,
  refuseAliasing,
  writesInPlace,
} from './overlap.js';

const isMask = (t: Tensor) => t.dtype === 'bool' || t.dtype === 'uint8';

/** The call meta of torch.index / index_put / the mask ops: index_put's wording, X's shape. */
const maskMeta = (op: string, out: unknown, X: Tensor) => ({
  op,
  wording: TORCH_POLICY.index_put.wording,
  out: outArg(op, out),
  operand_shape: X.shape,
});

/** torch.index's policy: index_put's, out of bounds under its own code. */
const INDEX_POLICY = { ...policyOf('index_put'), oob_code: 'torch.index.index_out_of_bounds' };

/** The index tensors' shapes broadcast together (`<op>.shape`). */
function indexShape(op: string, shapes: readonly (readonly number[])[]): number[] {
  return broadcastOr(
    shapes,
    `${op}.shape`,
    `${op}: shape mismatch: indexing tensors could not be broadcast together with shapes ${shapes.map((s) => fmt(s)).join(', ')}`,
  );
}

/** `values` broadcast to the indexing result's shape (`<op>.values_shape`). */
function valuesTo(op: string, V: Tensor, shape: readonly number[]): Tensor {
  return broadcastExactly(
    V,
    shape,
    `${op}.values_shape`,
    `${op}: shape mismatch: value tensor of shape ${fmt(V.shape)} cannot be broadcast to indexing result of shape ${fmt(shape)}`,
  );
}

/** `<op>.index_out_of_bounds`: PyTorch refuses a (broadcast, non-empty) integer index into a size-0 dim first. */
function sizeZeroDim(op: string, dim: number, size: number, S: readonly number[]): void {
  if (size === 0 && S.every((n) => n > 0))
    throw new IndexOutOfBoundsError(
      `${op}.index_out_of_bounds`,
      `${op}: index is out of bounds for dimension with size 0`,
      { dim, size: 0 },
    );
}

/** A uint8 mask as bool; any value but 0 and 1 is refused (`<op>.mask_values`, PyTorch's RuntimeError). */
function maskOf(op: string, t: Tensor): Tensor {
  if (t.dtype === 'bool') return t;
  // Index loops, not the typed array's methods: an empty mask's storage may be detached (they throw).
  const d = t.data as Uint8Array;
  const bool = new Uint8Array(t.size);
  for (let i = 0; i < t.size; i++) {
    if (d[i] > 1)
      throw new InvalidArgumentError(`${op}.mask_values`, `${op}: Mask tensor can take 0 and 1 values only`);
    bool[i] = d[i];
  }
  return new Tensor('bool', t.shape, bool);
}

/** An index tuple without null entries: its tensors, checked as torchItems checks them. */
function torchTuple(op: string, X: Tensor, arrays: readonly Tensor[]): TupleEntry[] {
  return torchItems(op, X, arrays).flatMap((i) => ('adv' in i ? [i.adv] : []));
}

/**
 * One tensor of an index tuple covering dims d… of X: each mask's shape that of the dims it covers
 * (`<op>.mask_shape`, IndexError), at most rank(X) dims in all (`count`: the tuple's length).
 */
function torchEntry(op: string, X: Tensor, t: Tensor, d: number, count: number): TupleEntry {
  if (!isMask(t)) {
    if (d + 1 > X.rank) tooMany(op, X, count);
    return { ints: t };
  }
  const mask = maskOf(op, t);
  const j = mask.shape.findIndex((n, k) => d + k < X.rank && n !== X.shape[d + k]);
  if (j >= 0)
    throw new InvalidArgumentError(
      `${op}.mask_shape`,
      `${op}: The shape of the mask ${fmt(mask.shape)} at index ${j} does not match the shape of the indexed tensor ${fmt(X.shape)} at index ${d + j}`,
      { mask: mask.shape, dim: d + j },
    );
  if (d + mask.rank > X.rank) tooMany(op, X, d + mask.rank);
  return { mask };
}

/** An entry of aten::index's `Tensor?[]`: an index tensor, or null for a full slice `:`. */
export type IndexEntry = Tensor | null;

const FULL: TupleItem = { slice: { start: null, stop: null, step: null } };

/**
 * The items of an index tuple of `t[…]` / index_put: int64 tensors (`<op>.index_dtype`, PyTorch's
 * IndexError words), bool/uint8 masks (torchEntry) and null entries (`:`).
 */
function torchItems(op: string, X: Tensor, indices: readonly unknown[]): TupleItem[] {
  // PyTorch counts the entries first, a mask (even 0-d) as one; then it checks every entry's
  // dtype (checkIndexTensorTypes) before any mask's shape (expandTensors) — 1.13 measured.
  if (indices.length > X.rank) tooMany(op, X, indices.length);
  const tensors = indices.map((i) => (i === null ? null : tensorArg(op, 'indices', i)));
  for (const t of tensors)
    if (t !== null && !isMask(t) && t.dtype !== 'int64')
      throw new DTypeError(
        `${op}.index_dtype`,
        `${op}: tensors used as indices must be long, byte or bool tensors; got ${t.dtype}`,
        { dtype: t.dtype },
      );
  let d = 0;
  return tensors.map((t): TupleItem => {
    if (t === null) {
      if (++d > X.rank) tooMany(op, X, indices.length);
      return FULL;
    }
    const e = torchEntry(op, X, t, d, indices.length);
    d += dimsOf(e);
    return { adv: e };
  });
}

/** Not a 0-d mask: PyTorch 1.13 drops those from a null-holding tuple (their nonzero has no columns). */
const notScalarMask = (i: TupleItem) => !('adv' in i && 'mask' in i.adv && i.adv.mask.rank === 0);

/**
 * A null-holding tuple placed on X as NumPy places it (index-tuple.ts), with S (`<op>.shape`). A
 * tuple without any tensor fails an internal assert in PyTorch (`<op>.no_index`) unless X is
 * empty. Masks whose dims, with the entries after them, come to more than rank(X) are refused
 * (`<op>.too_many_indices`): PyTorch 1.13 counts each entry once there and then reads past its
 * dims (`x[m2d, None]` of a 3×4 x gives a 6×6 result).
 */
function placedItems(op: string, X: Tensor, items: readonly TupleItem[]) {
  // An empty tensor returns before any kernel runs (values still broadcast to the result).
  if (!items.some((i) => 'adv' in i) && X.size > 0)
    throw new InvalidArgumentError(
      `${op}.no_index`,
      `${op}: indices hold no index tensor (only None = ':' or 0-d masks); PyTorch 1.13 fails an internal assert here`,
    );
  const never = (): never => {
    throw new InvalidArgumentError(`${op}.indices`, `${op}: indices hold no ellipsis`);
  };
  const p = placeTuple(X, items, { op, tooMany: (n) => tooMany(op, X, n), ellipsis: never, check: () => {} });
  const S = indexShape(op, p.entries.map(entryShape));
  for (const item of p.items)
    if ('adv' in item && 'ints' in item.adv) sizeZeroDim(op, item.dims[0], p.operand.shape[item.dims[0]], S);
  return { p, S, shape: resultShape(p, S) };
}

/** `torch.index(x, indices)` as a general tuple (null, 0-d or no entries): the placed gather (an empty result reads nothing). */
function lowerSliceIndex(X: Tensor, indices: readonly unknown[], out: unknown): GatherCall {
  const op = 'torch.index';
  const all = torchItems(op, X, indices);
  const { p, S, shape } = placedItems(op, X, all.filter(notScalarMask));
  checkCallBudget([{ shape, dtype: X.dtype }], op);
  const m = maskMeta(op, out, X);
  if (shape.includes(0)) return readsNothing({ ...m, reshape: shape }, X, INDEX_POLICY);
  return placedGather(m, p, S, INDEX_POLICY);
}

/** `torch.index_put(x, indices, v, accumulate)` as a general tuple (null or no entries; `x[:, m] = v`): the placed scatter, or maskedFill. */
function lowerSliceIndexPut(
  X: Tensor,
  indices: readonly unknown[],
  V: Tensor,
  accumulate: boolean,
  out: unknown,
): ScatterCall {
  const op = 'torch.index_put';
  const all = torchItems(op, X, indices);
  const advs = all.filter((i) => 'adv' in i);
  const m = maskMeta(op, out, X);
  const lone = advs.length === 1 && 'mask' in advs[0].adv ? advs[0].adv.mask : undefined;
  if (lone && V.size === 1 && !accumulate) {
    if (writesInPlace(out, X)) maskedFillOverlap('index_put', out, X, indices);
    return maskedFill(m, X, all, lone, V, policyOf('index_put', X.dtype));
  }
  const { p, S, shape } = placedItems(op, X, all.filter(notScalarMask));
  // The row of ATen's inner loop: self's dims after the last indexed one, or more (nan-places.ts).
  const indexed = p.items.flatMap((i) => ('adv' in i ? [...i.dims] : []));
  const row = indexPutRowDims(p.operand.shape, indexed, S, p.adjacent, V.shape);
  const policy = indexPutPolicy(X.dtype, accumulate, row.dims, row.values, row.stride);
  const updates = valuesTo(op, V, shape);
  checkSameDType('index_put', 'values', X, V);
  if (updates.size === 0) return writesNothing(m, X, policy);
  return placedScatter(m, p, S, updates, accumulate ? 'add' : 'replace', policy);
}

/**
 * PyTorch 1.13's masked_fill dispatch of index_put (one mask, the other entries null, a
 * one-element value, accumulate=False): the mask gains a trailing 1 per dim past the entries
 * (a null after the mask counts as covered, so the mask is not moved past it) and must broadcast
 * to x's shape exactly (torch.index_put.mask_broadcast, PyTorch's RuntimeError); then every
 * true position of the broadcast mask takes the value.
 */
function maskedFill(
  m: CallMeta,
  X: Tensor,
  items: readonly TupleItem[],
  mask: Tensor,
  V: Tensor,
  policy: ScatterPolicy,
): ScatterCall {
  const op = m.op;
  const covered = items.reduce((n, i) => n + ('adv' in i ? dimsOf(i.adv) : 1), 0);
  const M = mask.reshape([...mask.shape, ...new Array<number>(X.rank - covered).fill(1)]);
  const shape = broadcastOf([M.shape, X.shape]) ?? [];
  if (shape.join() !== X.shape.join())
    throw new InvalidArgumentError(
      `${op}.mask_broadcast`,
      `${op}: output with shape ${fmt(X.shape)} doesn't match the broadcast shape ${fmt(shape.length ? shape : M.shape)}`,
      { mask: M.shape, shape: X.shape },
    );
  const B = M.shape.join() === X.shape.join() ? M : broadcastTo(M, X.shape);
  const value = fillValue(X, V);
  const count = countTrue(B);
  if (X.rank === 0 && count === 1)
    return flatScatter(m, X, tensor([0n], 'int64'), value.reshape([1]), 'replace', policy);
  if (count === 0 || X.rank === 0) return writesNothing(m, X, policy);
  return maskScatter(m, X, B, broadcastTo(value, [count]), 'replace', policy);
}

function tooMany(op: string, X: Tensor, count: number): never {
  throw new InvalidArgumentError(
    `${op}.too_many_indices`,
    `${op}: too many indices for tensor of dimension ${X.rank} (got ${count})`,
    { rank: X.rank, count },
  );
}

/** The index tuple's tensors as overlap roles, `indices[k]` (null entries and junk skipped). */
const tupleRoles = (indices: readonly unknown[]): Roles =>
  Object.fromEntries(indices.flatMap((t, k) => (Tensor.isTensor(t) ? [[`indices[${k}]`, t]] : [])));

/**
 * torch.<op>.out_overlap of aten's index_out and of index_put_ (`op`: index, index_put; PyTorch
 * 1.13, right after `.too_many_indices`, before any other check of the tuple): out shares no
 * memory with `first` (self, or the values) nor with any index tensor (overlap.ts).
 */
function tupleOverlap(op: string, out: unknown, indices: readonly unknown[], first: Roles): void {
  checkNoOverlap(op, out, { ...first, ...tupleRoles(indices) });
}

/** Whether index_put takes PyTorch's masked_fill path (maskedFill): one mask, the rest null, one value. */
function fillsMask(indices: readonly unknown[], V: Tensor, accumulate: boolean): boolean {
  const given = indices.filter((i) => i !== null);
  return !accumulate && V.size === 1 && given.length === 1 && Tensor.isTensor(given[0]) && isMask(given[0]);
}

/**
 * index_put_'s masked_fill path: masked_fill_ refuses a mask partly on self, after the mask's
 * shape and values, before the value's conversion; it sees the mask with a trailing 1 per dim
 * no entry covers.
 */
function maskedFillOverlap(op: string, out: unknown, X: Tensor, indices: readonly unknown[]): void {
  const mask = indices.find((i) => Tensor.isTensor(i)) as Tensor;
  const covered = indices.length - 1 + mask.rank;
  const M = mask.reshape([...mask.shape, ...new Array<number>(Math.max(0, X.rank - covered)).fill(1)]);
  checkNoPartialOverlap(op, out, { mask: M });
}

/** The tuple's masks read as columns: operand, entries, broadcast shape S (`<op>.shape`). */
function expand(op: string, X: Tensor, tuple: readonly TupleEntry[]) {
  const { operand, entries } = withScalarMasks(X, tuple);
  const S = indexShape(op, entries.map(entryShape));
  const depth = entries.reduce((n, e) => n + dimsOf(e), 0);
  const lone = entries.length === 1 && 'mask' in entries[0] ? entries[0].mask : undefined;
  return { operand, entries, S, rest: operand.shape.slice(depth), lone };
}

/** PyTorch 1.13's masked_fill dispatch (maskedFill; a 0-d mask fills all or nothing). */
const isMaskedFill = (tuple: readonly TupleEntry[], V: Tensor, accumulate: boolean) =>
  tuple.length === 1 && 'mask' in tuple[0] && V.size === 1 && !accumulate;

/**
 * The value of PyTorch's masked_fill path (`x.masked_fill_(mask, values.item())`): the one element
 * as a 0-d tensor of self's dtype, converted as c10 converts a scalar (`torch.index_put.value`:
 * 1e300 into float32, NaN or a fraction beyond the range into an integer, a complex with an
 * imaginary part into a real dtype are refused; 1.5 → 1 into int32, −3 → 253 into uint8).
 */
function fillValue(X: Tensor, V: Tensor): Tensor {
  if (V.dtype === X.dtype) return V.reshape([]);
  const op = 'torch.index_put';
  if (isComplex(X.dtype)) return cast(V.reshape([]), X.dtype);
  const item = V.reshape([]).toArray() as unknown;
  if (!isComplex(V.dtype)) return filled([], item as Scalar, X.dtype, op, isFloat(V.dtype));
  const z = item as { re: number; im: number };
  if (z.im !== 0)
    throw new DTypeError(
      `${op}.value`,
      `${op}: value ${z.re}${z.im < 0 ? '' : '+'}${z.im}j cannot be converted to ${X.dtype} without overflow`,
      { dtype: X.dtype },
    );
  return filled([], z.re, X.dtype, op, true);
}

/**
 * The index_put tuple as PyTorch 1.13 reads it: outside masked_fill a 0-d mask adds no index, True or
 * False; a tuple left without any index fails an internal assert in PyTorch (torch.index_put.scalar_mask).
 */
function indexPutTuple(X: Tensor, arrays: readonly Tensor[], V: Tensor, accumulate: boolean): TupleEntry[] {
  const op = 'torch.index_put';
  const tuple = torchTuple(op, X, arrays);
  if (isMaskedFill(tuple, V, accumulate)) return tuple;
  const kept = tuple.filter((e) => !('mask' in e && e.mask.rank === 0));
  // An empty self returns before any kernel runs (values still broadcast to self's shape).
  if (kept.length > 0 || X.size === 0) return kept;
  throw new InvalidArgumentError(
    `${op}.scalar_mask`,
    `${op}: 0-d masks alone index nothing outside the masked_fill path (one mask, a one-element value, accumulate=False); PyTorch 1.13 fails an internal assert (ntensor >= 3) here`,
  );
}

/**
 * `index_put(x, indices, v, accumulate)` where `indices` holds a mask: the mask's nonzero columns index
 * beside the int64 tensors; `v` broadcasts to S + x.shape[n:] (torch.index_put.values_shape).
 */
function lowerMaskIndexPut(
  X: Tensor,
  tuple: readonly TupleEntry[],
  V: Tensor,
  accumulate: boolean,
  out: unknown,
): ScatterCall {
  const op = 'torch.index_put';
  const fill = isMaskedFill(tuple, V, accumulate);
  const { operand, entries, S, rest, lone } = expand(op, X, tuple);
  const updates = valuesTo(op, fill ? fillValue(X, V) : V, [...S, ...rest]);
  // PyTorch 1.13 measured: the values' shape, then their dtype (masked_fill converts instead).
  if (!fill) checkSameDType('index_put', 'values', X, V);
  const m = { ...maskMeta(op, out, X), reshape: operand === X ? undefined : X.shape };
  const policy = indexPutPolicy(X.dtype, accumulate, rest, V.shape);
  zeroDimCheck(op, operand.shape, entries, S);
  if (updates.size === 0) return writesNothing(m, X, policy);
  if (lone) return maskScatter(m, operand, lone, updates, accumulate ? 'add' : 'replace', policy);
  return tupleScatterMasked(m, operand, entries, S, updates, accumulate ? 'add' : 'replace', policy);
}

/**
 * Lowers `torch.index(x, indices)` (aten::index.Tensor, Python's `x[i0, i1, …]`): int64 tensors
 * and bool/uint8 masks, broadcast together to S; result S + x.shape[n:]. A null entry is a full
 * slice `:` (`x[:, m]` is `index(x, [null, m])`): the result dims are placed as NumPy places them
 * (the advanced ones in place when adjacent, else first; index-tuple.ts).
 * Rules: torch.index.{input,indices,index_dtype,mask_shape,mask_values,too_many_indices,shape,bounds,no_index}.
 */
export function lowerIndex(
  input: Tensor,
  indices: readonly IndexEntry[],
  opts?: OutOptions | null,
): LoweredGather<'torch.index'> {
  const op = 'torch.index';
  const o = options(op, opts, ['out']);
  const X = tensorArg(op, 'input', input);
  if (!Array.isArray(indices))
    throw new InvalidArgumentError(
      `${op}.indices`,
      `${op}: indices must be an array of Tensors (one per indexed dim)`,
    );
  // With an out, aten::index.Tensor_out (1.13): out's overlaps right after the count of indices.
  if (o.out != null) {
    if (indices.length > X.rank) tooMany(op, X, indices.length);
    tupleOverlap('index', o.out, indices, { input: X });
  }
  if (indices.some((i: unknown) => i === null)) return lowerSliceIndex(X, indices, o.out);
  const arrays = indices.map((i: unknown) => tensorArg(op, 'indices', i));
  // No entry, or a 0-d one (an index of shape [], or a mask that adds no index): the general tuple.
  if (arrays.length === 0 || arrays.some((t) => t.rank === 0)) return lowerSliceIndex(X, arrays, o.out);
  const tuple = torchTuple(op, X, arrays);
  const m = maskMeta(op, o.out, X);
  if (!tuple.some((e) => 'mask' in e)) {
    // Integer tensors only; an empty result reads nothing: PyTorch checks no index.
    const { idx, shape, result } = intTuple(op, X, arrays);
    if (result.includes(0)) return readsNothing({ ...m, reshape: result }, X, INDEX_POLICY);
    return tupleGather(m, X, idx, arrays.length, shape.length, INDEX_POLICY);
  }
  const { operand, entries, S, rest, lone } = expand(op, X, tuple);
  checkCallBudget([{ shape: [...S, ...rest], dtype: X.dtype }], op);
  zeroDimCheck(op, operand.shape, entries, S);
  if ([...S, ...rest].includes(0)) return readsNothing({ ...m, reshape: [...S, ...rest] }, X, INDEX_POLICY);
  if (lone) return maskGather(m, operand, lone, INDEX_POLICY);
  return tupleGatherMasked(m, operand, entries, S, INDEX_POLICY);
}

/** sizeZeroDim for each integer entry of a tuple over `shape`. */
function zeroDimCheck(op: string, shape: readonly number[], es: readonly TupleEntry[], S: readonly number[]) {
  let d = 0;
  for (const e of es) {
    if ('ints' in e) sizeZeroDim(op, d, shape[d], S);
    d += dimsOf(e);
  }
}

/** An int64-only tuple: the tensors broadcast to S (`<op>.shape`; zeroDimCheck), the result's shape S + X.shape[n:]. */
function intTuple(op: string, X: Tensor, arrays: readonly Tensor[]) {
  const { indices: idx, shape } = broadcastTuple(arrays, `${op}.shape`, op);
  const entries = arrays.map((ints) => ({ ints }));
  zeroDimCheck(op, X.shape, entries, shape);
  return { idx, shape, result: [...shape, ...X.shape.slice(arrays.length)] };
}

/** The opening of masked_select / masked_scatter: options, input, a bool or uint8 mask (`<op>.mask_dtype`; its values unchecked). */
function openMaskOp(op: string, opts: OutOptions | null | undefined, input: unknown, mask: unknown) {
  const o = options(op, opts, ['out']);
  const X0 = tensorArg(op, 'input', input);
  const M = tensorArg(op, 'mask', mask);
  if (!isMask(M))
    throw new DTypeError(
      `${op}.mask_dtype`,
      `${op}: expected BoolTensor or ByteTensor for mask; got ${M.dtype}`,
      { dtype: M.dtype },
    );
  return { out: o.out, X0, M };
}

/** x and mask broadcast together (`<op>.shape`), a 0-d pair viewed as 1-d (the third value says it was 0-d). */
function broadcastPair(op: string, X: Tensor, M: Tensor): [Tensor, Tensor, boolean] {
  const shape = broadcastOr(
    [X.shape, M.shape],
    `${op}.shape`,
    `${op}: the shape of mask ${fmt(M.shape)} does not broadcast with the shape of self ${fmt(X.shape)}`,
  );
  checkCallBudget(
    [
      { shape, dtype: X.dtype },
      { shape, dtype: 'bool' },
    ],
    op,
  );
  const b = (t: Tensor) => (t.shape.join() === shape.join() ? t : broadcastTo(t, shape));
  return shape.length === 0 ? [b(X).reshape([1]), b(M).reshape([1]), true] : [b(X), b(M), false];
}

/** Lowers `torch.masked_select(input, mask)` (module comment): a 1-D result, row-major (also for a 0-d pair). */
export function lowerMaskedSelect(
  input: Tensor,
  mask: Tensor,
  opts?: OutOptions | null,
): LoweredGather<'torch.masked_select'> {
  const op = 'torch.masked_select';
  const { out, X0, M: given } = openMaskOp(op, opts, input, mask);
  // PyTorch 1.13 measured: the mask's dtype, out's dtype, out's overlap, the mask's values, then the broadcast.
  checkOutDType(op, out, X0.dtype);
  checkNoOverlap('masked_select', out, { input: X0, mask: given });
  const [X, M] = broadcastPair(op, X0, maskOf(op, given));
  return maskGather(maskMeta(op, out, X0), X, M, policyOf('index_put'));
}

/**
 * Lowers `torch.masked_scatter(input, mask, source)` (module comment): `source` has input's dtype
 * (torch.masked_scatter.source_dtype) and at least count(mask) elements (torch.masked_scatter.source_size).
 */
export function lowerMaskedScatter(
  input: Tensor,
  mask: Tensor,
  source: Tensor,
  opts?: OutOptions | null,
): LoweredScatter<'torch.masked_scatter'> {
  const op = 'torch.masked_scatter';
  const { out, X0, M: given } = openMaskOp(op, opts, input, mask);
  const M0 = maskOf(op, given);
  const S = tensorArg(op, 'source', source);
  // PyTorch 1.13 measured (test/torch-check-order-scatter): the broadcast before source's dtype.
  const [X, M, rank0] = broadcastPair(op, X0, M0);
  if (S.dtype !== X0.dtype)
    throw new DTypeError(
      `${op}.source_dtype`,
      `${op}: expected self and source to have same dtypes but got ${X0.dtype} and ${S.dtype}`,
      { self: X0.dtype, source: S.dtype },
    );
  const count = countTrue(M);
  if (S.size < count)
    throw new InvalidArgumentError(
      `${op}.source_size`,
      `${op}: Number of elements of source < number of ones in mask (${S.size} < ${count})`,
      { source: S.size, count },
    );
  // In place, PyTorch checks no overlap and reads what it has written (overlap.ts refuseAliasing).
  if (writesInPlace(out, X0)) {
    refuseAliasing('masked_scatter', out, { source: S }, true);
    refuseAliasing('masked_scatter', out, { mask: given }, false);
  }
  const m = { ...maskMeta(op, out, X0), reshape: rank0 ? [] : undefined, updates_shape: S.shape };
  // Every source element is an update; those past count(mask) aim out of bounds (the nonzero
  // step's extra rows) and are skipped: gradients reach source in its own shape.
  const policy = { ...policyOf('index_put', X.dtype), mode: 'skip' } as const;
  const p = { kind: 'nonzero', count, length: S.size } as const;
  return tupleScatter({ ...m, prologue: p }, X, M, S.reshape([S.size]), M.rank, 1, 'replace', policy);
}

export interface IndexPutOptions extends OutOptions {
  /** Sum into the targets (duplicates accumulate) instead of assigning. Default false. */
  readonly accumulate?: boolean;
}

/**
 * Lowers `torch.index_put(input, indices, values, accumulate=False)` (= `t[i0, i1] = v`; the `tuple` family).
 *
 *   self[i0[s...], ..., i_{k-1}[s...], t...] (=|+=) values[s..., t...]     (indices broadcast to S)
 *
 * `values` broadcasts to S + self.shape[k:]. Negative indices count from the end once.
 * Rules: torch.index_put.{input,indices,values}, .options, .out, .accumulate, .index_dtype
 * (int64), .too_many_indices, .shape, .values_shape, .values_dtype, .index_out_of_bounds; a bool or uint8
 * mask in `indices` indexes by its true positions (.mask_shape, .mask_values);
 * a null entry is a full slice `:` (`x[:, m] = v`; `.no_index`).
 */
export function lowerIndexPut(
  input: Tensor,
  indices: readonly IndexEntry[],
  values: Tensor,
  opts?: IndexPutOptions | null,
): LoweredScatter<'torch.index_put'> {
  const op = 'index_put';
  const name = `torch.${op}`;
  const o = options(name, opts, ['accumulate', 'out']);
  const X = tensorArg(name, 'input', input);
  if (!Array.isArray(indices))
    throw new InvalidArgumentError(
      `${name}.indices`,
      `${name}: indices must be an array of Tensors (one per indexed dim); got ${indices === null ? 'null' : typeof indices}`,
    );
  const V = tensorArg(name, 'values', values);
  const accumulate = flag(name, 'accumulate', o.accumulate, false);
  // In place (index_put_), PyTorch 1.13 checks out's overlaps right after the count of indices,
  // unless it takes the masked_fill path (checked there). Another out is aten's index_put.out,
  // which computes aside and copies in: no rule.
  const inPlace = writesInPlace(o.out, X);
  if (inPlace && !fillsMask(indices, V, accumulate)) {
    if (indices.length > X.rank) tooMany(name, X, indices.length);
    tupleOverlap(op, o.out, indices, { values: V });
  }
  if (indices.length === 0 || indices.some((i: unknown) => i === null))
    return lowerSliceIndexPut(X, indices, V, accumulate, o.out);
  let arrays = indices.map((i: unknown) => tensorArg(name, 'indices', i));
  if (arrays.some(isMask)) {
    const tuple = indexPutTuple(X, arrays, V, accumulate);
    if (inPlace && isMaskedFill(tuple, V, accumulate)) maskedFillOverlap(op, o.out, X, arrays);
    if (tuple.some((e) => 'mask' in e)) return lowerMaskIndexPut(X, tuple, V, accumulate, o.out);
    arrays = tuple.map((e) => ('ints' in e ? e.ints : X));
  }
  // PyTorch 1.13 measured: too many indices, their dtypes, their broadcast, the values' shape,
  // the values' dtype, then (the kernel) the bounds.
  if (arrays.length > X.rank) tooMany(name, X, arrays.length);
  for (const i of arrays) checkIndexDType(op, i);
  const { idx, shape, result } = intTuple(name, X, arrays);
  const updates = valuesTo(name, V, result);
  checkSameDType(op, 'values', X, V);
  const m = metaOf(op, o.out);
  // Nothing to write (an empty broadcast or empty trailing dims): PyTorch checks no index.
  if (updates.size === 0) return writesNothing(m, X, policyOf(op));
  const policy = indexPutPolicy(X.dtype, accumulate, X.shape.slice(arrays.length), V.shape);
  return tupleScatter(
    m,
    X,
    idx,
    updates,
    arrays.length,
    shape.length,
    accumulate ? 'add' : 'replace',
    policy,
  );
}
