/**
 * Index tuples with basic items beside advanced ones — NumPy's `a[mask, 1:3]`, `a[None, ..., i]`,
 * PyTorch's `x[:, mask]` (aten::index with `None` entries) — as one gather or scatter.
 *
 * Items: an advanced entry (an integer array, a 0-d integer, a bool mask of any rank: its
 * nonzero columns), a slice, a new axis (NumPy's None), an ellipsis. The placement rule (NumPy's,
 * and PyTorch's for the same tuples):
 *
 *   S      = broadcast of the advanced entries (a mask as its [count] columns)
 *   out    = [slice dims before, S, slice dims after, rest]   advanced entries adjacent in the tuple
 *          = [S, every slice dim, rest]                       otherwise (an ellipsis separates)
 *   out[o] = a[adv[s…], start_k + step_k·j_k, rest…]          for each slice k at its out dim j_k
 *
 * A new axis is a step-1 slice over an axis of size 1 the operand gains (a reshape, as for a 0-d
 * mask: masks.ts). Step-1 slices and trailing dims are the gather's windows (a non-zero start: a
 * constant index component); another step is an index component start + step·iota along its own
 * output dim. With a mask, the call's `index_tuple` prologue computes the index vectors in the IR.
 */
import type { GatherCall, ScatterCall } from '../core/call.js';
import type { GatherDimensionNumbers, UpdateComputation } from '../core/types.js';
import { broadcastTo, cast } from '../tensor/ops.js';
import { Tensor, zeros } from '../tensor/tensor.js';
import {
  type CallMeta,
  type GatherPolicy,
  type ScatterPolicy,
  gatherCall,
  scatterCall,
  scatterDimsOf,
  stackIndices,
} from './families.js';
import { type PackedEntry, type TupleEntry, dimsOf, packTuple } from './masks.js';

/** A Python slice `start:stop:step` (null: omitted), before it meets its dim's size. */
export interface SliceSpec {
  readonly start: number | null;
  readonly stop: number | null;
  readonly step: number | null;
}

/** One item of an index tuple as the frontends read it. */
export type TupleItem =
  | { readonly adv: TupleEntry }
  | { readonly slice: SliceSpec }
  | { readonly newaxis: true }
  | { readonly ellipsis: true };

/** A frontend's errors for its tuples (each raises that framework's typed error). */
export interface TupleRules {
  readonly op: string;
  /** `count` operand dims were indexed, more than the rank. */
  tooMany(count: number): never;
  /** A second ellipsis. */
  ellipsis(): never;
  /** Checks an advanced entry covering the caller's dims d… (a mask's shape). */
  check(entry: TupleEntry, d: number): void;
}

/** A slice resolved against its dim: Python's `slice.indices(n)` and the length it selects. */
export interface Resolved {
  readonly start: number;
  readonly step: number;
  readonly length: number;
}

/** Python's `slice(start, stop, step).indices(n)`: negative bounds count from the end, then clamp. */
export function resolveSlice(s: SliceSpec, n: number): Resolved {
  const step = s.step ?? 1;
  const [lo, hi] = step > 0 ? [0, n] : [-1, n - 1];
  const bound = (v: number | null, dflt: number) =>
    v === null ? dflt : v < 0 ? Math.max(v + n, lo) : Math.min(v, hi);
  const start = bound(s.start, step > 0 ? lo : hi);
  const stop = bound(s.stop, step > 0 ? hi : lo);
  const span = step > 0 ? stop - start : start - stop;
  const length = span > 0 ? Math.floor((span - 1) / Math.abs(step)) + 1 : 0;
  return { start, step, length };
}

/** An item placed on the operand (with its new axes): an advanced entry on dims, or a slice on one dim. */
type Placed =
  | { readonly adv: TupleEntry; readonly dims: readonly number[]; readonly from: number }
  | { readonly slice: Resolved; readonly dim: number };

/** The tuple on the operand: its new axes inserted, the ellipsis expanded, every item placed. */
export interface PlacedTuple {
  /** The caller's tensor with a size-1 axis per new axis and per 0-d mask. */
  readonly operand: Tensor;
  /** For each operand dim, the caller's dim (−1 for an added axis): errors name the caller's. */
  readonly axisOf: readonly number[];
  readonly items: readonly Placed[];
  /** The advanced entries in order (0-d masks as [1]-masks), each with the caller's first dim. */
  readonly entries: readonly TupleEntry[];
  /** Whether the advanced entries stand together in the tuple (then S replaces them in place). */
  readonly adjacent: boolean;
}

const consumes = (item: TupleItem): number => ('adv' in item ? dimsOf(item.adv) : 'slice' in item ? 1 : 0);

/** Places a tuple (see PlacedTuple), raising the frontend's errors for too many indices and masks. */
export function placeTuple(X: Tensor, tuple: readonly TupleItem[], rules: TupleRules): PlacedTuple {
  if (tuple.filter((i) => 'ellipsis' in i).length > 1) rules.ellipsis();
  const used = tuple.reduce((n, i) => n + consumes(i), 0);
  if (used > X.rank) rules.tooMany(used);
  const shape: number[] = [];
  const axisOf: number[] = [];
  const items: Placed[] = [];
  const entries: TupleEntry[] = [];
  let d = 0;
  const slice = (s: Resolved, size: number, axis: number): void => {
    items.push({ slice: s, dim: shape.length });
    shape.push(size);
    axisOf.push(axis);
  };
  for (const item of tuple) {
    if ('ellipsis' in item)
      for (let k = used; k < X.rank; k++, d++)
        slice({ start: 0, step: 1, length: X.shape[d] }, X.shape[d], d);
    else if ('newaxis' in item) slice({ start: 0, step: 1, length: 1 }, 1, -1);
    else if ('slice' in item) slice(resolveSlice(item.slice, X.shape[d]), X.shape[d], d++);
    else {
      rules.check(item.adv, d);
      const e = item.adv;
      const from = d;
      const scalarMask = 'mask' in e && e.mask.rank === 0;
      const entry: TupleEntry = scalarMask ? { mask: e.mask.reshape([1]) } : e;
      const dims = Array.from({ length: scalarMask ? 1 : dimsOf(e) }, (_, k) => shape.length + k);
      for (let k = 0; k < dims.length; k++) {
        shape.push(scalarMask ? 1 : X.shape[d]);
        axisOf.push(scalarMask ? -1 : d++);
      }
      items.push({ adv: entry, dims, from });
      entries.push(entry);
    }
  }
  shape.push(...X.shape.slice(d));
  for (; d < X.rank; d++) axisOf.push(d);
  const advAt = tuple.flatMap((item, k) => ('adv' in item ? [k] : []));
  const adjacent = advAt.length > 0 && advAt[advAt.length - 1] - advAt[0] === advAt.length - 1;
  const operand = shape.length === X.rank ? X : X.reshape(shape);
  return { operand, axisOf, items, entries, adjacent };
}

/** Whether a tuple holds a basic item (a slice, a new axis, an ellipsis). */
export const hasBasic = (tuple: readonly TupleItem[]): boolean => tuple.some((i) => !('adv' in i));

/** The result dims in order: each an advanced block (S), a slice (window or iota), or a trailing dim. */
type OutDim =
  | { readonly kind: 'S'; readonly size: number }
  | { readonly kind: 'slice'; readonly slice: Resolved; readonly dim: number }
  | { readonly kind: 'rest'; readonly dim: number; readonly size: number };

/** NumPy's placement of the result dims (see the module comment). */
function resultDims(p: PlacedTuple, S: readonly number[]): OutDim[] {
  const block: OutDim[] = S.map((size) => ({ kind: 'S', size }));
  const out: OutDim[] = p.adjacent ? [] : [...block];
  let placed = !p.adjacent;
  for (const item of p.items) {
    if ('slice' in item) out.push({ kind: 'slice', slice: item.slice, dim: item.dim });
    else if (!placed) {
      out.push(...block);
      placed = true;
    }
  }
  const covered = p.items.reduce((n, i) => n + ('adv' in i ? i.dims.length : 1), 0);
  for (let d = covered; d < p.operand.rank; d++) out.push({ kind: 'rest', dim: d, size: p.operand.shape[d] });
  return out;
}

const isWindow = (o: OutDim) => o.kind === 'rest' || (o.kind === 'slice' && o.slice.step === 1);
const sizeOf = (o: OutDim) => (o.kind === 'slice' ? o.slice.length : o.size);

/** The result shape of a placed tuple with advanced broadcast shape S. */
export const resultShape = (p: PlacedTuple, S: readonly number[]): number[] => resultDims(p, S).map(sizeOf);

/** What the gather's dimension numbers are built from, filled by the two passes of `layout`. */
interface Parts {
  /** Each an int64 array broadcastable to B (right-aligned), or a mask whose column is B's dim `at`. */
  readonly comps: PackedEntry[];
  /** The operand dim of each index component. */
  readonly map: number[];
  readonly collapsed: number[];
  /** The slice size of each operand dim. */
  readonly sizes: number[];
}

/** A 1 per B dim after position `at` + `rank` (right-aligned broadcasting then places an array at `at`). */
const trail = (B: readonly number[], rank: number, at: number) =>
  new Array<number>(B.length - at - rank).fill(1);

/** Advanced entries' components: integer arrays ending where S ends in B, mask columns at S's last dim. */
function advanced(p: PlacedTuple, B: readonly number[], sAt: number, sRank: number, parts: Parts): void {
  for (const item of p.items) {
    if (!('adv' in item)) continue;
    const e = item.adv;
    parts.map.push(...item.dims);
    parts.collapsed.push(...item.dims);
    if ('mask' in e) parts.comps.push({ mask: e.mask, at: sAt + sRank - 1 });
    else parts.comps.push({ ints: e.ints.reshape([...e.ints.shape, ...trail(B, 0, sAt + sRank)]) });
  }
}

/** The slices' components: start + step·iota along its own B dim for a stepped slice, a window (with its start when not 0) for step 1. */
function slices(out: readonly OutDim[], B: readonly number[], parts: Parts): void {
  let q = 0; // the position in B of the next non-window dim
  for (const o of out) {
    if (o.kind === 'S') q++;
    if (o.kind !== 'slice') continue;
    const { start, step, length } = o.slice;
    if (step === 1) {
      parts.sizes[o.dim] = length;
      if (start === 0) continue;
      parts.comps.push({ ints: new Tensor('int64', [], BigInt64Array.of(BigInt(start))) });
      parts.map.push(o.dim);
      continue;
    }
    const line = BigInt64Array.from({ length }, (_, j) => BigInt(start + step * j));
    parts.comps.push({ ints: new Tensor('int64', [length, ...trail(B, 1, q)], line) });
    parts.map.push(o.dim);
    parts.collapsed.push(o.dim);
    q++;
  }
}

/**
 * The gather's dimension numbers and index components of a placed tuple: components are the
 * advanced entries (a mask one per dim), then a stepped slice's start + step·iota, then a
 * step-1 slice's non-zero start; B is the result shape without its window dims.
 */
function layout(p: PlacedTuple, S: readonly number[]) {
  const out = resultDims(p, S);
  const batch = out.filter((o) => !isWindow(o));
  const B = batch.map(sizeOf);
  // Where S starts in B (an empty S: only 0-d integers, which broadcast anywhere).
  const first = batch.findIndex((o) => o.kind === 'S');
  const parts: Parts = { comps: [], map: [], collapsed: [], sizes: p.operand.shape.slice() };
  advanced(p, B, first < 0 ? B.length : first, S.length, parts);
  slices(out, B, parts);
  for (const d of parts.collapsed) parts.sizes[d] = 1;
  const offset = out.flatMap((o, k) => (isWindow(o) ? [k] : []));
  return { ...parts, B, collapsed: [...parts.collapsed].sort((a, b) => a - b), offset };
}

/**
 * The index operand and prologue of a layout: the components broadcast to B and stacked
 * (integer arrays only), or packed for an `index_tuple` prologue when a mask is among them.
 */
function indexOperand(
  comps: readonly PackedEntry[],
  B: readonly number[],
): { indices: Tensor; meta: Partial<CallMeta> } {
  if (comps.length === 0) return { indices: zeros([0], 'int64'), meta: {} };
  if (!comps.some((c) => 'mask' in c)) {
    const cols = comps.map((c) => broadcastTo(cast((c as { ints: Tensor }).ints, 'int64'), B));
    const stacked = stackIndices(cols);
    return { indices: comps.length === 1 ? stacked.reshape([...B, 1]) : stacked, meta: {} };
  }
  const { indices, layout } = packTuple(comps);
  return { indices, meta: { prologue: { kind: 'index_tuple', entries: layout, shape: [...B] } } };
}

/** The index operand, meta and gather dimension numbers of a placed tuple (see layout). */
function placedCall(m: CallMeta, p: PlacedTuple, S: readonly number[]) {
  const l = layout(p, S);
  const { indices, meta } = indexOperand(l.comps, l.B);
  const dn: GatherDimensionNumbers = {
    offset_dims: l.offset,
    collapsed_slice_dims: l.collapsed,
    start_index_map: l.map,
    index_vector_dim: l.B.length,
    slice_sizes: l.sizes,
  };
  return { meta: { ...m, ...meta }, indices, dn };
}

/** `out = a[tuple]` for a placed tuple (see the module comment); `m` carries the frontend's meta. */
export function placedGather(
  m: CallMeta,
  p: PlacedTuple,
  S: readonly number[],
  policy: GatherPolicy,
): GatherCall {
  const c = placedCall(m, p, S);
  return gatherCall(c.meta, p.operand, c.indices, c.dn, policy);
}

/** `a[tuple] ⊕= updates` (updates of the result shape) for a placed tuple; the result has a's shape. */
export function placedScatter(
  m: CallMeta,
  p: PlacedTuple,
  S: readonly number[],
  updates: Tensor,
  computation: UpdateComputation,
  policy: ScatterPolicy,
): ScatterCall {
  const c = placedCall(m, p, S);
  return scatterCall(c.meta, p.operand, c.indices, updates, scatterDimsOf(c.dn), computation, policy);
}
