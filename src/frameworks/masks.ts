/**
 * Boolean masks in an index tuple (NumPy's `a[mask]`, `a[mask, i]`, PyTorch's `t[mask] = v`):
 * a mask of rank k stands for its k `nonzero()` columns, which then broadcast with the other
 * index arrays like any integer array.
 *
 *   a[m] = a[nz(m)[:, 0], …, nz(m)[:, k-1]]          nz(m): the true positions, row-major
 *
 * A mask's true positions are data, so lowering never computes them (it reads only their count,
 * the result's static size): a lone mask is the index operand itself, with a declared `nonzero`
 * prologue (core/call.ts) every surface runs in the IR; a mask beside other index arrays packs the
 * tuple into the index operand, with a declared `index_tuple` prologue (nonzero, broadcast, stack).
 */
import type { GatherCall, ScatterCall, TupleLayout } from '../core/call.js';
import type { UpdateComputation } from '../core/types.js';
import { Tensor } from '../tensor/tensor.js';
import { cast } from '../tensor/ops.js';
import {
  type CallMeta,
  type GatherPolicy,
  type ScatterPolicy,
  tupleGather,
  tupleScatter,
} from './families.js';

/** One entry of an index tuple: an integer array (one dim) or a bool mask (rank(mask) dims). */
export type TupleEntry = { readonly mask: Tensor } | { readonly ints: Tensor };

/** The number of true elements of a bool mask: the static size its nonzero step yields. */
export function countTrue(mask: Tensor): number {
  // An index loop: an empty mask's storage may be detached, and its iterator would throw.
  const d = mask.data as Uint8Array;
  let n = 0;
  for (let i = 0; i < mask.size; i++) n += d[i] === 0 ? 0 : 1;
  return n;
}

/** The dims of `a` an entry consumes (a 0-d mask consumes none: it adds an axis of size 1). */
export const dimsOf = (e: TupleEntry): number => ('mask' in e ? e.mask.rank : 1);

/** Each entry's index-array shape after its mask became columns: [count] for a mask, else its own. */
export const entryShape = (e: TupleEntry): readonly number[] =>
  'mask' in e ? [countTrue(e.mask)] : e.ints.shape;

/** Each 0-d mask (NumPy's `a[True]`, PyTorch's `t[tensor(True)] = v`) as a [1]-mask on an added axis. */
export function withScalarMasks(
  operand: Tensor,
  entries: readonly TupleEntry[],
): { operand: Tensor; entries: TupleEntry[] } {
  const shape: number[] = [];
  let d = 0;
  const out = entries.map((e): TupleEntry => {
    if ('mask' in e && e.mask.rank === 0) {
      shape.push(1);
      return { mask: e.mask.reshape([1]) };
    }
    const n = dimsOf(e);
    shape.push(...operand.shape.slice(d, d + n));
    d += n;
    return e;
  });
  shape.push(...operand.shape.slice(d));
  return { operand: shape.length === operand.rank ? operand : operand.reshape(shape), entries: out };
}

/** The meta of a lone mask's call: its nonzero step declared. */
const nonzero = (m: CallMeta, mask: Tensor): CallMeta => ({
  ...m,
  prologue: { kind: 'nonzero', count: countTrue(mask) },
});

/** A lone mask of rank k ≥ 1: `out[j, t…] = a[nz(mask)[j], t…]`, the nonzero step declared. */
export function maskGather(m: CallMeta, operand: Tensor, mask: Tensor, policy: GatherPolicy): GatherCall {
  return tupleGather(nonzero(m, mask), operand, mask, mask.rank, 1, policy);
}

/** A lone mask of rank k ≥ 1: `x[nz(mask)[j], t…] ⊕= updates[j, t…]`, the nonzero step declared. */
export function maskScatter(
  m: CallMeta,
  input: Tensor,
  mask: Tensor,
  updates: Tensor,
  computation: UpdateComputation,
  policy: ScatterPolicy,
): ScatterCall {
  return tupleScatter(nonzero(m, mask), input, mask, updates, mask.rank, 1, computation, policy);
}

/** Tensors packed into one int64 vector, each flattened in order (a mask as 0/1). */
function packInt64(tensors: readonly Tensor[]): Tensor {
  const parts = tensors.map((t) => cast(t, 'int64').data as BigInt64Array);
  const data = new BigInt64Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    data.set(p, off);
    off += p.length;
  }
  return new Tensor('int64', [data.length], data);
}

/** An entry of an `index_tuple` prologue; a mask's columns go to the result batch dim `at` when given. */
export type PackedEntry = { readonly mask: Tensor; readonly at?: number } | { readonly ints: Tensor };

/** An `index_tuple` prologue's index operand (the entries packed by packInt64) and the entries' layout. */
export function packTuple(entries: readonly PackedEntry[]): { indices: Tensor; layout: TupleLayout[] } {
  const layout = entries.map(
    (e): TupleLayout =>
      'mask' in e
        ? { mask: [...e.mask.shape], count: countTrue(e.mask), ...(e.at === undefined ? {} : { dim: e.at }) }
        : { ints: [...e.ints.shape] },
  );
  return { indices: packInt64(entries.map((e) => ('mask' in e ? e.mask : e.ints))), layout };
}

/** A tuple with a mask packed: the index operand, the meta with its `index_tuple` prologue, the depth. */
function packed(m: CallMeta, entries: readonly TupleEntry[], S: number[]) {
  const { indices, layout } = packTuple(entries);
  const meta: CallMeta = { ...m, prologue: { kind: 'index_tuple', entries: layout, shape: S } };
  return { indices, meta, depth: entries.reduce((s, e) => s + dimsOf(e), 0) };
}

/**
 * A mask beside other index arrays: `out[s…, t…] = a[idx[s…, :], t…]`, where the call's index
 * operand packs the tuple and its `index_tuple` prologue computes idx [S…, n] in the IR (the
 * masks' nonzero columns and the integer arrays, broadcast to S and stacked).
 */
export function tupleGatherMasked(
  m: CallMeta,
  operand: Tensor,
  entries: readonly TupleEntry[],
  S: number[],
  policy: GatherPolicy,
): GatherCall {
  const p = packed(m, entries, S);
  return tupleGather(p.meta, operand, p.indices, p.depth, S.length, policy);
}

/** As tupleGatherMasked, for a scatter of `updates` (already of shape S + a.shape[n:]). */
export function tupleScatterMasked(
  m: CallMeta,
  input: Tensor,
  entries: readonly TupleEntry[],
  S: number[],
  updates: Tensor,
  computation: UpdateComputation,
  policy: ScatterPolicy,
): ScatterCall {
  const p = packed(m, entries, S);
  return tupleScatter(p.meta, input, p.indices, updates, p.depth, S.length, computation, policy);
}
