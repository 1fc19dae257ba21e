/** PyTorch's slice-wise scatters along one dim: `index_add`, `index_copy`, `index_fill`. */
import type { Prologue, ScatterCall } from '../../core/call.js';
import { exactDouble, roundExact } from '../../core/fma.js';
import type { UpdateComputation } from '../../core/types.js';
import { InvalidArgumentError, fmt } from '../../errors.js';
import { type Scalar, isComplex, isFloat } from '../../tensor/dtype.js';
import type { Complex } from '../../tensor/complex.js';
import { Tensor } from '../../tensor/tensor.js';
import { options, scalar, tensorArg } from '../args.js';
import { takeScatter } from '../families.js';
import { castScalar } from '../numpy/shared.js';
import { type OutOptions, vectorAlongDim, writesNothing } from './gather.js';
import { indexAddNaN } from './nan-places.js';
import {
  type TorchOp,
  atLeast1d,
  checkIndices,
  checkIndexDType,
  checkOutDType,
  checkSameDType,
  metaOf,
  normalizeDim,
  policyOf,
  torchFilled,
  torchScalar,
} from './policy.js';
import type { LoweredScatter } from '../lowered.js';
import { checkNoOverlap, checkNoPartialOverlap, writesInPlace } from './overlap.js';

/** The updates of an index_add: the source, how it adds, and the product declared before the scatter. */
type Scaled = { updates: Tensor; computation: UpdateComputation; prologue?: Prologue };

/**
 * Common lowering of index_add / index_copy / index_fill (the `take` family):
 *
 *   self[..., index[i], ...] = f(self[..., index[i], ...], source[..., i, ...])   (i at position dim)
 *
 * `source` has self's shape with dim → len(index) (torch.<op>.source_shape). `along` is the index
 * and dim, checked (vectorAlongDim); PyTorch 1.13 checks the source's dtype after them and before
 * its shape, so index_add and index_copy check it between the two. index_add adds, the others replace.
 */
function lowerIndexFamily(
  op: TorchOp,
  X: Tensor,
  { d, I }: { d: number; I: Tensor },
  source: Tensor,
  out: unknown,
  scale?: (source: Tensor) => Scaled,
): ScatterCall {
  const X1 = atLeast1d(X);
  const want = X1.shape.map((n, k) => (k === d ? I.size : n));
  const S = source.rank === 0 && X1.rank === 1 && I.size === 1 ? source.reshape([1]) : source;
  if (S.shape.join() !== want.join())
    throw new InvalidArgumentError(
      `torch.${op}.source_shape`,
      `torch.${op}: source must have shape ${fmt(want)} (self's shape with dim ${d} of size len(index)); got ${fmt(source.shape)}`,
      { source: source.shape, expected: want },
    );
  checkOutDType(`torch.${op}`, out, X.dtype);
  // index_add checks out's overlaps here (index_copy's and index_fill's come earlier), then
  // copies self into out (a partial overlap refused), then runs.
  if (op === 'index_add') checkNoOverlap(op, out, { index: I, source });
  if (op !== 'index_fill') checkNoPartialOverlap(op, out, { input: X });
  // index_copy / index_fill write nothing when the slices are empty: no index is checked.
  if (S.size === 0 && op !== 'index_add') return writesNothing(metaOf(op, out), X, policyOf(op));
  const computation = op === 'index_add' ? 'add' : 'replace';
  const scaled: Scaled = scale ? scale(S) : { updates: S, computation };
  const m0 = metaOf(op, out, X.rank === 0 ? [] : undefined);
  const m = scaled.prologue ? { ...m0, prologue: scaled.prologue } : m0;
  // Complex and float16 index_add: the NaN order by place in ATen's rows (nan-places.ts).
  const nan = op === 'index_add' ? indexAddNaN(X.dtype, X1.shape, S.shape, d) : undefined;
  const policy = nan ? { ...policyOf(op, X.dtype), float_nan: nan } : policyOf(op, X.dtype);
  return takeScatter(m, X1, I, scaled.updates, d, scaled.computation, policy);
}

/**
 * c + a·u rounded once (a fused multiply-add) to float64 or, with `single`, to float32. A NaN
 * source is the result even when c is NaN too (PyTorch 1.13 measured: source's payload, not
 * self's) — chosen here, not left to `c + p`, whose NaN operand order V8 may swap (a commutative
 * add). An invalid product (inf · 0: alpha is finite) makes no NaN of its own when c is one:
 * vfmadd returns c's (measured: self's payload), else the default NaN.
 */
function fma(c: number, a: number, u: number, single: boolean): number {
  const p = a * u;
  if (Number.isNaN(p)) return Number.isNaN(u) || !Number.isNaN(c) ? p : c * 1; // c quieted
  if (!Number.isFinite(c) || !Number.isFinite(p) || !Number.isFinite(a) || !Number.isFinite(u)) return c + p;
  const [mc, ec] = exactDouble(c);
  const [ma, ea] = exactDouble(a);
  const [mu, eu] = exactDouble(u);
  const mp = ma * mu;
  const ep = ea + eu;
  const e = Math.min(ec, ep);
  const m = (mc << BigInt(ec - e)) + (mp << BigInt(ep - e));
  if (m === 0n) return c + p; // an exact zero takes IEEE's sign rule, as c + p does
  return single ? Math.fround(roundExact(m, e, 24, -149)) : roundExact(m, e, 53, -1074);
}

/**
 * PyTorch's `self + alpha·source` of index_add (1.13 CPU): alpha is first converted to the dtype
 * (torch.index_add.alpha); a ≤ 1-D self, integer, bool, float16 and bfloat16 round alpha·source to
 * the dtype before adding (the call's prologue); float32 / float64 selves of ≥ 2 dims go through
 * the vectorised add kernel, which fuses the multiply-add (one rounding).
 */
function scaleSource(op: string, X: Tensor, S: Tensor, alpha: Scalar): Scaled {
  const a = castScalar(alpha, X.dtype, op, 'alpha');
  // PyTorch computes an infinite or NaN alpha, but the signs and payloads of the NaNs its
  // products make (inf·0, NaN·NaN) follow each loop's instruction order, measured to differ from
  // the IR's and the fused kernel's in 24 of 45 random calls: refused rather than guessed.
  if (typeof a === 'number' && !Number.isFinite(a))
    throw new InvalidArgumentError(
      `${op}.alpha`,
      `${op}: alpha converted to ${X.dtype} is ${a}: PyTorch computes it, but the NaN bits of its products depend on its kernels' instruction order, which this library does not model`,
      { alpha: a },
    );
  // Complex: PyTorch multiplies by alpha as the complex alpha + 0i even when alpha is 1, so an
  // infinite or NaN part of the source spreads to the other part (measured: 1e-40 − inf·i adds
  // nan − inf·i); the product is the program's complex multiply (below).
  if (!isComplex(X.dtype) && (a === 1 || a === 1n || a === true)) return { updates: S, computation: 'add' };
  if (X.rank > 1 && (X.dtype === 'float32' || X.dtype === 'float64')) {
    const single = X.dtype === 'float32';
    const af = single ? Math.fround(a as number) : (a as number);
    return { updates: S, computation: (c, u) => fma(c as number, af, u as number, single) };
  }
  return { updates: S, computation: 'add', prologue: { kind: 'scale_updates', factor: a } };
}

export interface IndexAddOptions extends OutOptions {
  /** Multiplier of `source` (default 1); truncated toward zero for integer tensors. */
  readonly alpha?: number;
}

/**
 * Lowers `torch.index_add(input, dim, index, source, *, alpha=1, out=None)`:
 * `self[..., index[i], ...] += alpha * source[..., i, ...]`; duplicates accumulate. Rules:
 * torch.index_add.{input,index,source}, .options, .out, .alpha (a scalar), .index_dtype (int32/int64),
 * .index_rank, .dim, .source_shape, .source_dtype, .index_out_of_bounds (negatives are errors).
 */
export function lowerIndexAdd(
  input: Tensor,
  dim: number,
  index: Tensor,
  source: Tensor,
  opts?: IndexAddOptions | null,
): LoweredScatter<'torch.index_add'> {
  const op = 'torch.index_add';
  const o = options(op, opts, ['alpha', 'out']);
  const X = tensorArg(op, 'input', input);
  const S = tensorArg(op, 'source', source);
  const alpha = o.alpha === undefined ? 1 : scalar(op, 'alpha', o.alpha);
  const I = tensorArg(op, 'index', index);
  const along = vectorAlongDim('index_add', I, normalizeDim('index_add', dim, X.rank));
  checkSameDType('index_add', 'source', X, S);
  // PyTorch converts alpha after its shape checks: up front for a <= 1-D self, else once per
  // index, after checking it (never without one).
  const empty = X.rank > 1 && along.I.size === 0;
  const scale = empty
    ? undefined
    : (S1: Tensor) => {
        if (X.rank > 1) checkIndices('index_add', along.I, along.d, X.shape[along.d], 1);
        return scaleSource(op, X, S1, alpha);
      };
  return lowerIndexFamily('index_add', X, along, S, o.out, scale);
}

/**
 * Lowers `torch.index_copy(input, dim, index, source, *, out=None)`:
 * `self[..., index[i], ...] = source[..., i, ...]`. Duplicates: the last wins (PyTorch:
 * unspecified). Rules: torch.index_copy.{input,index,source}, .options, .out, .index_dtype
 * (int64), .index_rank, .dim, .source_shape, .source_dtype, .index_out_of_bounds.
 */
export function lowerIndexCopy(
  input: Tensor,
  dim: number,
  index: Tensor,
  source: Tensor,
  opts?: OutOptions | null,
): LoweredScatter<'torch.index_copy'> {
  const op = 'torch.index_copy';
  const o = options(op, opts, ['out']);
  const X = tensorArg(op, 'input', input);
  const S = tensorArg(op, 'source', source);
  // PyTorch 1.13 measured: dim, then out's dtype, then the index.
  const d = normalizeDim('index_copy', dim, X.rank);
  checkOutDType(op, o.out, X.dtype);
  const I = tensorArg(op, 'index', index);
  checkNoOverlap('index_copy', o.out, { index: I, source: S });
  const along = vectorAlongDim('index_copy', I, d);
  checkSameDType('index_copy', 'source', X, S);
  return lowerIndexFamily('index_copy', X, along, S, o.out);
}

/**
 * Lowers `torch.index_fill(input, dim, index, value)`: `self[..., index[i], ...] = value`.
 * `value` is a number, bigint, boolean or a 0-d tensor (PyTorch takes either; a tensor with
 * dimensions is refused: torch.index_fill.value). Negative indices count from the end once
 * (unlike index_copy). Rules: torch.index_fill.{input,index}, .options, .out, .value,
 * .index_dtype (int64), .index_rank, .dim, .index_out_of_bounds.
 */
export function lowerIndexFill(
  input: Tensor,
  dim: number,
  index: Tensor,
  value: Scalar | Complex | Tensor,
  opts?: OutOptions | null,
): LoweredScatter<'torch.index_fill'> {
  const op = 'torch.index_fill';
  const o = options(op, opts, ['out']);
  const X = tensorArg(op, 'input', input);
  const v = torchScalar(op, 'value', value, true);
  // A float tensor's item is a Python float (range-checked before truncation).
  const pyFloat = value instanceof Tensor && isFloat(value.dtype);
  const I = tensorArg(op, 'index', index);
  // PyTorch 1.13's order here: the index dtype, (in place) the index's overlap with self, dim,
  // the index rank, then the value's range. Another out is aten's index_fill.int_Scalar_out,
  // which fills a copy and copies it in: no overlap rule (overlap.ts writesInPlace).
  checkIndexDType('index_fill', I);
  if (writesInPlace(o.out, X)) checkNoOverlap('index_fill', o.out, { index: I });
  const along = vectorAlongDim('index_fill', I, normalizeDim('index_fill', dim, X.rank));
  const shape = atLeast1d(X).shape.map((s, k) => (k === along.d ? along.I.size : s));
  // PyTorch restrides self to the index's length along dim before it converts the value: an
  // empty self whose restrided view has elements fails there (its "setStorage: … out of bounds
  // for storage of size 0"); every index is then out of range, the first one reported.
  if (X.size === 0 && shape.every((n) => n > 0)) checkIndices('index_fill', along.I, along.d, 0, 1);
  return lowerIndexFamily('index_fill', X, along, torchFilled(shape, v, X.dtype, op, pyFloat), o.out);
}
