/**
 * PyTorch's gathers: `torch.gather`, `torch.take_along_dim` (the `elements` family),
 * `torch.take` (`flat`), `torch.index_select` (`take`); and the checks the scatters share.
 */
import { InvalidArgumentError, fmt } from '../../errors.js';
import { broadcastTo } from '../../tensor/ops.js';
import { type Tensor, sameShape, zeros } from '../../tensor/tensor.js';
import { flag, integer, normalizeAxis, options, tensorArg } from '../args.js';
import type { GatherCall, ScatterCall } from '../../core/call.js';
import {
  type CallMeta,
  type GatherPolicy,
  type ScatterPolicy,
  elementsGather,
  flatGather,
  flatScatter,
  takeGather,
} from '../families.js';
import { broadcastOr } from '../numpy/shared.js';
import {
  type TorchOp,
  atLeast1d,
  checkIndexDType,
  checkOutDType,
  metaOf,
  normalizeDim,
  policyOf,
} from './policy.js';
import type { LoweredGather } from '../lowered.js';
import { type Roles, checkNoOverlap, checkNoPartialOverlap, refuseAliasing } from './overlap.js';

/** PyTorch's keyword `out=`: the result's shape and the input's dtype. */
export interface OutOptions {
  /** Where the result goes (pass the input to write in place, as the `Tensor.*_` methods do). */
  readonly out?: Tensor;
}

/** Keyword arguments of `torch.gather`. */
export interface GatherOptions extends OutOptions {
  /** Accepted and ignored (it only changes the gradient's layout). */
  readonly sparse_grad?: boolean;
}

/**
 * The checks gather and the scatters share, on 0-d → 1-d views (returned): equal ranks (.ndim),
 * index.size(d) <= input.size(d) for d != dim and <= src.size(d) for all d (.index_shape).
 */
export function elementsArgs(op: TorchOp, X: Tensor, I: Tensor, dim: number, S?: Tensor): Tensor[] {
  const ts = (S ? [X, I, S] : [X, I]).map(atLeast1d);
  if (ts.some((t) => t.rank !== ts[0].rank))
    throw new InvalidArgumentError(
      `torch.${op}.ndim`,
      `torch.${op}: index tensor must have the same number of dimensions as input tensor; got ranks ${ts.map((t) => t.rank).join(', ')}`,
    );
  const [input, index, src] = ts;
  if (index.shape.some((n, d) => (d !== dim && n > input.shape[d]) || (src && n > src.shape[d])))
    throw new InvalidArgumentError(
      `torch.${op}.index_shape`,
      `torch.${op}: expected index ${fmt(index.shape)} to be smaller than self ${fmt(input.shape)} apart from dimension ${dim}` +
        (src ? ` and to be smaller size than src ${fmt(src.shape)}` : ''),
      { index: index.shape, input: input.shape },
    );
  return ts;
}

const NO_INDEX = zeros([0], 'int64');

/** A gather that reads nothing (an empty result: PyTorch checks no index then). */
export const readsNothing = (m: CallMeta, X: Tensor, policy: GatherPolicy): GatherCall =>
  flatGather(m, X, NO_INDEX, policy);

/** A scatter that writes nothing: `X` unchanged (PyTorch checks no index then); `mean` still divides by 1. */
export const writesNothing = (
  m: CallMeta,
  X: Tensor,
  policy: ScatterPolicy,
  computation: 'replace' | 'mean' = 'replace',
): ScatterCall => flatScatter(m, X, NO_INDEX, zeros([0], X.dtype), computation, policy);

/**
 * torch.<op>.out_overlap as torch.gather checks it (1.13, after out's dtype, before the index's):
 * out may not share memory with the input, nor partly with the index (overlap.ts). A tensor
 * take_along_dim broadcast (`grown`) is an expanded view in PyTorch, which its check cannot
 * classify: any overlap with it is refused as a departure (refuseAliasing).
 */
function gatherOverlap(op: string, out: unknown, input: Tensor, index: Roles, grown = [false, false]): void {
  if (grown[0]) refuseAliasing(op, out, { input }, true);
  else checkNoOverlap(op, out, { input });
  if (grown[1]) refuseAliasing(op, out, index, true);
  else checkNoPartialOverlap(op, out, index);
}

/**
 * Lowers `torch.gather(input, dim, index, *, sparse_grad=False, out=None)`.
 *
 *   out[i][j][k] = input[index[i][j][k]][j][k]   (dim = 0; likewise for other dims)
 *
 * Shape: index.shape. Rules: torch.gather.{input,index} (Tensors), .options, .out, .index_dtype (int64),
 * .dim, .ndim, .index_shape (index.size(d) <= input.size(d), d != dim), .index_out_of_bounds (negative
 * indices included). An empty index returns an empty output without further checks, as PyTorch documents.
 */
export function lowerGather(
  input: Tensor,
  dim: number,
  index: Tensor,
  opts?: GatherOptions | null,
): LoweredGather<'torch.gather'> {
  const op = 'gather';
  const o = options(`torch.${op}`, opts, ['out', 'sparse_grad']);
  flag(`torch.${op}`, 'sparse_grad', o.sparse_grad, false);
  const X = tensorArg(`torch.${op}`, 'input', input);
  const I = tensorArg(`torch.${op}`, 'index', index);
  const d = normalizeDim(op, dim, X.rank);
  checkOutDType(`torch.${op}`, o.out, X.dtype);
  gatherOverlap(op, o.out, X, { index: I });
  if (I.size === 0) return readsNothing(metaOf(op, o.out, I.shape), X, policyOf(op));
  checkIndexDType(op, I);
  const [X1, I1] = elementsArgs(op, X, I, d);
  // A smaller index reads the leading window of the other dims (iota components, see families.ts).
  return elementsGather(metaOf(op, o.out, I.rank === 0 ? [] : undefined), X1, I1, d, policyOf(op));
}

export interface TakeAlongDimOptions extends OutOptions {
  /** Dimension to select along; omitted/null flattens input and indices. */
  readonly dim?: number | null;
}

/**
 * Lowers `torch.take_along_dim(input, indices, dim=None, *, out=None)`.
 *
 *   out[..., j, ...] = input[..., indices[..., j, ...], ...]     (input and indices broadcast outside dim)
 *
 * dim None: `input.view(-1).gather(0, indices.view(-1))` — torch.gather's rules on the flat
 * tensors (so an empty index is not checked further). With a dim, PyTorch 1.13 checks, in this
 * order: the same number of dims (torch.take_along_dim.ndim, no 0-d promotion), int64 indices
 * (.index_dtype), dim in [-rank, rank) (.dim: a 0-d input has no dim), broadcastable shapes
 * outside dim (.shape), then gathers (.index_out_of_bounds; 1.13: negative indices are errors).
 */
export function lowerTakeAlongDim(
  input: Tensor,
  indices: Tensor,
  opts?: TakeAlongDimOptions | null,
): LoweredGather<'torch.take_along_dim'> {
  const op = 'take_along_dim';
  const name = `torch.${op}`;
  const o = options(name, opts, ['dim', 'out']);
  const X = tensorArg(name, 'input', input);
  const I = tensorArg(name, 'indices', indices);
  const m = metaOf(op, o.out);
  if (o.dim == null) {
    checkOutDType(name, o.out, X.dtype);
    // PyTorch gathers from the flat views: out is compared with them.
    gatherOverlap(op, o.out, X.reshape([X.size]), { indices: I.reshape([I.size]) });
    if (I.size === 0) return readsNothing({ ...m, reshape: [0] }, X, policyOf(op));
    checkIndexDType(op, I);
    return flatGather(m, X, I.reshape([I.size]), policyOf(op));
  }
  if (X.rank !== I.rank)
    throw new InvalidArgumentError(
      `${name}.ndim`,
      `${name}: input and indices should have the same number of dimensions, but got ${X.rank} dimensions for input, and ${I.rank} dimensions for indices`,
    );
  checkIndexDType(op, I);
  const d = normalizeAxis(name, integer(name, 'dim', o.dim), X.rank, {
    code: `${name}.dim`,
    name: 'dim',
    message: (r) =>
      r === 0
        ? `${name}: Dimension specified as ${o.dim} but tensor has no dimensions`
        : `${name}: Dimension out of range (expected to be in range of [${-r}, ${r - 1}], but got ${String(o.dim)})`,
  });
  const one = (s: readonly number[]) => s.map((n, k) => (k === d ? 1 : n));
  const shape = broadcastOr(
    [one(X.shape), one(I.shape)],
    `${name}.shape`,
    `${name}: input ${fmt(X.shape)} and indices ${fmt(I.shape)} do not broadcast outside dimension ${d}`,
  );
  shape[d] = I.shape[d];
  checkOutDType(name, o.out, X.dtype);
  // The shape PyTorch broadcasts a tensor to: it grew when that is not its own.
  const target = (t: Tensor) => shape.map((s, k) => (k === d ? t.shape[d] : s));
  const grown = [X, I].map((t) => !sameShape(t.shape, target(t)));
  gatherOverlap(op, o.out, X, { indices: I }, grown);
  const index = broadcastTo(I, shape);
  // The broadcast index goes through gather: empty → nothing is checked or read.
  if (index.size === 0) return readsNothing({ ...m, reshape: shape }, X, policyOf(op));
  return elementsGather(m, X, index, d, policyOf(op));
}

/**
 * Lowers `torch.take(input, index, *, out=None)`: `out[j...] = input.flatten()[index[j...]]`,
 * negative indices counted from the end once. Rules: torch.take.{input,index}, .options, .out,
 * .index_dtype (int64), .index_out_of_bounds.
 */
export function lowerTake(
  input: Tensor,
  index: Tensor,
  opts?: OutOptions | null,
): LoweredGather<'torch.take'> {
  const op = 'take';
  const o = options(`torch.${op}`, opts, ['out']);
  const X = tensorArg(`torch.${op}`, 'input', input);
  const I = tensorArg(`torch.${op}`, 'index', index);
  checkIndexDType(op, I);
  checkOutDType(`torch.${op}`, o.out, X.dtype);
  // PyTorch refuses taking from an empty input first (the core's out-of-bounds error here).
  if (X.size > 0 || I.size === 0) checkNoOverlap(op, o.out, { index: I, input: X });
  return flatGather(metaOf(op, o.out), X, I, policyOf(op));
}

/**
 * The index of the ops along dim (index_select, index_add/copy/fill), after `dim` (.dim, normalized
 * by the caller), in PyTorch 1.13's order (measured): a vector (.index_rank; 0-d counts as one
 * element), the op's index dtype (.index_dtype).
 */
export function vectorAlongDim(op: TorchOp, I: Tensor, d: number) {
  if (I.rank > 1)
    throw new InvalidArgumentError(
      `torch.${op}.index_rank`,
      `torch.${op}: index is supposed to be a vector; got shape ${fmt(I.shape)}`,
      { shape: I.shape },
    );
  checkIndexDType(op, I);
  return { d, I: I.rank === 1 ? I : I.reshape([I.size]) };
}

/** A constant, as every policy is: the plan cache keys a call by it. */
const INDEX_SELECT_POLICY = {
  ...policyOf('index_select'),
  oob_code: 'torch.index_select.index_out_of_bounds',
};

/**
 * Lowers `torch.index_select(input, dim, index, *, out=None)`.
 *
 *   out[..., i, ...] = input[..., index[i], ...]       (i at position dim)
 *
 * Shape: input.shape with dim → len(index). Rules: torch.index_select.{input,index}, .options, .out,
 * .index_dtype (int32/int64), .index_rank (a vector), .dim, .empty_dim (a non-empty index into a size-0 dim),
 * .index_out_of_bounds (negatives are errors; also when the result is empty), .rank0_input (see docs).
 */
export function lowerIndexSelect(
  input: Tensor,
  dim: number,
  index: Tensor,
  opts?: OutOptions | null,
): LoweredGather<'torch.index_select'> {
  const op = 'index_select';
  const name = 'torch.index_select';
  const o = options(name, opts, ['out']);
  const X = tensorArg(name, 'input', input);
  const given = tensorArg(name, 'index', index);
  const { d, I } = vectorAlongDim(op, given, normalizeDim(op, dim, X.rank));
  // PyTorch 1.13 measured: out's dtype after the index checks, before the empty dim.
  checkOutDType(name, o.out, X.dtype);
  checkNoOverlap(op, o.out, { input: X, index: given });
  if (X.rank === 0 && I.size !== 1)
    throw new InvalidArgumentError(
      `torch.${op}.rank0_input`,
      `torch.${op}: a 0-d input needs exactly one index; got ${I.size} (PyTorch 1.13 returns the 0-d input here)`,
    );
  if (X.rank > 1 && X.shape[d] === 0 && I.size > 0)
    throw new InvalidArgumentError(
      `torch.${op}.empty_dim`,
      `torch.${op}: self indexing axis dim should be positive (dim ${d} has size 0)`,
      { dim: d },
    );
  const m = metaOf(op, o.out, X.rank === 0 ? [] : undefined);
  return takeGather(m, atLeast1d(X), I, d, INDEX_SELECT_POLICY);
}
