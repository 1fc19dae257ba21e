/**
 * Boolean masks in an index tuple (NumPy's `a[mask]`, `a[mask, i]`, PyTorch's `t[mask] = v`):
 * a mask of rank k stands for its k `nonzero()` columns, which then broadcast with the other
 * index arrays like any integer array.
 *
 *   a[m] = a[nz(m)[:, 0], …, nz(m)[:, k-1]]          nz(m): the true positions, row-major
 *
 * A mask's true positions are data, so lowering never computes them: a lone mask becomes a
 * gather or scatter whose index operand is the mask itself, with a declared `nonzero` prologue
 * (core/call.ts) that every surface runs in the IR; a mask beside other index arrays becomes a
 * program (nonzero, the columns broadcast and stacked, the gather or scatter). Only the count of
 * true elements — the result's static size — is read while lowering.
 */
import type { GatherCall, ScatterCall } from '../core/call.js';
import type { UpdateComputation } from '../core/types.js';
import { type ProgramCall, gatherOp, mainFunc, nonzeroOps, scatterOp, typeOf } from '../ir/lowered.js';
import { Builder } from '../ir/builder.js';
import type { TensorType, ValueId } from '../ir/program.js';
import { type Tensor, zeros } from '../tensor/tensor.js';
import { broadcastShapes } from '../tensor/ops.js';
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
  let n = 0;
  for (const v of mask.data as Uint8Array) n += v === 0 ? 0 : 1;
  return n;
}

/** The dims of `a` an entry consumes (a 0-d mask consumes none: it adds an axis of size 1). */
export const dimsOf = (e: TupleEntry): number => ('mask' in e ? e.mask.rank : 1);

/** Each entry's index-array shape after its mask became columns: [count] for a mask, else its own. */
export const entryShape = (e: TupleEntry): readonly number[] =>
  'mask' in e ? [countTrue(e.mask)] : e.ints.shape;

/** The broadcast shape S of the tuple (masks counted as [count]); throws as broadcastShapes does. */
export const tupleShape = (entries: readonly TupleEntry[]): number[] =>
  broadcastShapes(...entries.map(entryShape));

/**
 * A 0-d mask adds an axis of size 1 in front of the dims it would consume (NumPy's `a[True]`,
 * PyTorch's `t[tensor(True)] = v`): the operand gets those axes, each 0-d mask becomes a
 * [1]-mask on its own.
 */
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

/** A lone mask of rank k ≥ 1: `out[j, t…] = a[nz(mask)[j], t…]`, the nonzero step declared. */
export function maskGather(m: CallMeta, operand: Tensor, mask: Tensor, policy: GatherPolicy): GatherCall {
  const p = { kind: 'nonzero', count: countTrue(mask) } as const;
  return tupleGather({ ...m, prologue: p }, operand, mask, mask.rank, 1, policy);
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
  const p = { kind: 'nonzero', count: countTrue(mask) } as const;
  return tupleScatter({ ...m, prologue: p }, input, mask, updates, mask.rank, 1, computation, policy);
}

/**
 * The stacked index vectors [S…, n] of a tuple in IR ops: each mask's nonzero columns, each
 * integer array converted to int64, all broadcast to S (value ids `ids`, one per entry).
 */
function stackedIndices(b: Builder, entries: readonly TupleEntry[], ids: readonly ValueId[], S: number[]) {
  const i64 = (s: readonly number[]): TensorType => ({ shape: [...s], dtype: 'int64' });
  const columns: ValueId[] = [];
  entries.forEach((e, k) => {
    if ('ints' in e) {
      const t = b.type(ids[k]);
      const v =
        t.dtype === 'int64'
          ? ids[k]
          : b.one({ kind: 'convert', operands: [ids[k]], results: [i64(t.shape)] });
      const lead = S.length - t.shape.length;
      const dims = t.shape.map((_, d) => lead + d);
      columns.push(
        b.one({ kind: 'broadcast_in_dim', broadcast_dimensions: dims, operands: [v], results: [i64(S)] }),
      );
      return;
    }
    const nz = nonzeroOps(b, ids[k], countTrue(e.mask));
    const [count, rank] = b.type(nz).shape;
    for (let d = 0; d < rank; d++) {
      const col = b.one({
        kind: 'slice',
        start_indices: [0, d],
        limit_indices: [count, d + 1],
        strides: [1, 1],
        operands: [nz],
        results: [i64([count, 1])],
      });
      const dims = S.length === 0 ? [] : [S.length - 1];
      const flat = b.one({ kind: 'reshape', operands: [col], results: [i64([count])] });
      columns.push(
        b.one({ kind: 'broadcast_in_dim', broadcast_dimensions: dims, operands: [flat], results: [i64(S)] }),
      );
    }
  });
  const one = columns.map((c) => b.one({ kind: 'reshape', operands: [c], results: [i64([...S, 1])] }));
  const n = one.length;
  if (n === 1) return one[0];
  return b.one({ kind: 'concatenate', dimension: S.length, operands: one, results: [i64([...S, n])] });
}

/** The tensors of an entry list, in order (masks as they are, integer arrays as they are). */
const tensorsOf = (entries: readonly TupleEntry[]) => entries.map((e) => ('mask' in e ? e.mask : e.ints));

/** Total index dims n of a tuple whose 0-d masks were expanded (withScalarMasks). */
const depthOf = (entries: readonly TupleEntry[]) => entries.reduce((s, e) => s + dimsOf(e), 0);

/**
 * A mask beside other index arrays, as a program: `@main(a, entries…)` computes the stacked
 * index vectors [S…, n] and gathers `out[s…, t…] = a[idx[s…, :], t…]`.
 */
export function tupleGatherProgram(
  m: CallMeta,
  operand: Tensor,
  entries: readonly TupleEntry[],
  S: number[],
  policy: GatherPolicy,
): ProgramCall {
  const args = [operand, ...tensorsOf(entries)];
  const b = new Builder(args.map(typeOf));
  const idx = stackedIndices(
    b,
    entries,
    entries.map((_, k) => k + 1),
    S,
  );
  const n = depthOf(entries);
  const call = tupleGather(m, operand, zeros([0], 'int64'), n, S.length, policy);
  const r = b.one(gatherOp(call, 0, idx, [...S, n]));
  return program(m, args, b, r, ['a', ...entries.map((_, k) => `index${k}`)]);
}

/** As tupleGatherProgram, for a scatter of `updates` (already of shape S + a.shape[n:]). */
export function tupleScatterProgram(
  m: CallMeta,
  input: Tensor,
  entries: readonly TupleEntry[],
  S: number[],
  updates: Tensor,
  computation: UpdateComputation,
  policy: ScatterPolicy,
): ProgramCall {
  const args = [input, ...tensorsOf(entries), updates];
  const b = new Builder(args.map(typeOf));
  const idx = stackedIndices(
    b,
    entries,
    entries.map((_, k) => k + 1),
    S,
  );
  const n = depthOf(entries);
  const call = tupleScatter(m, input, zeros([0], 'int64'), updates, n, S.length, computation, policy);
  const [r] = b.emit(scatterOp(call, [0, idx, args.length - 1]));
  return program(m, args, b, r, ['a', ...entries.map((_, k) => `index${k}`), 'values']);
}

function program(m: CallMeta, args: Tensor[], b: Builder, r: ValueId, names: string[]): ProgramCall {
  let result = r;
  if (m.reshape) {
    const dtype = b.type(r).dtype;
    result = b.one({ kind: 'reshape', operands: [r], results: [{ shape: [...m.reshape], dtype }] });
  }
  const main = mainFunc(args.map(typeOf), b.ops, [result], names);
  return {
    kind: 'program',
    op: m.op,
    module: { funcs: [main], entry: 'main' },
    args,
    argNames: names,
    out: m.out,
  };
}
