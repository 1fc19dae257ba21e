/**
 * PyTorch's element-wise scatters (the `elements` family): `torch.scatter` (src tensor or scalar
 * value, legacy `reduce` 'add' | 'multiply'), `torch.scatter_add`, `torch.scatter_reduce`.
 */
import type { ScatterCall } from '../../core/call.js';
import type { ReducerName } from '../../core/types.js';
import { DTypeError, InvalidArgumentError } from '../../errors.js';
import { type Scalar, isComplex } from '../../tensor/dtype.js';
import { slice } from '../../tensor/ops.js';
import type { Complex } from '../../tensor/complex.js';
import { Tensor } from '../../tensor/tensor.js';
import { flag, oneOf, options, tensorArg } from '../args.js';
import { elementsScatter } from '../families.js';
import { type OutOptions, elementsArgs, writesNothing } from './gather.js';
import {
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
import { meanNaN, scatterProductNaN } from './nan-places.js';
import { checkNoOverlap, checkNoPartialOverlap } from './overlap.js';

/**
 * The common lowering of the scatter family:
 *
 *   self[index[i][j][k]][j][k] = reduce(self[...], src[i][j][k])     (dim = 0; likewise others)
 *
 * Rules: torch.<op>.{input,index,src} (Tensors; scatter's src may be a scalar), .index_dtype
 * (int64), .dim, .ndim, .index_shape (gather.ts elementsArgs), .src_dtype, .out_overlap, .out,
 * .index_out_of_bounds (negative indices included). Duplicates are applied in update-index
 * order (PyTorch leaves the order unspecified).
 */
function lowerScatterFamily(
  op: 'scatter' | 'scatter_add' | 'scatter_reduce',
  [input, dim, index, src]: readonly unknown[],
  reduction: () => ReducerName,
  include_self: boolean,
  out: unknown,
): ScatterCall {
  const name = `torch.${op}`;
  const X = tensorArg(name, 'input', input);
  const I = tensorArg(name, 'index', index);
  const S =
    op === 'scatter' && !(src instanceof Tensor)
      ? torchScalar(name, 'value', src)
      : tensorArg(name, 'src', src);
  // PyTorch 1.13 measured (test/torch-check-order-scatter): dim, index dtype, src dtype, ranks,
  // index shape, out's overlap with index and src, out's dtype, then the reduce string — an empty
  // index skips the index checks (self returned after the src dtype and reduce checks) — then
  // (copying self into out) out's partial overlap with self.
  const d = normalizeDim(op, dim, X.rank);
  if (I.size !== 0) checkIndexDType(op, I);
  if (S instanceof Tensor) checkSameDType(op, 'src', X, S);
  const [X1, I1, S1] = I.size === 0 ? [] : elementsArgs(op, X, I, d, S instanceof Tensor ? S : undefined);
  checkNoOverlap(op, out, { index: I, src: S instanceof Tensor ? S : undefined });
  checkOutDType(name, out, X.dtype);
  const computation = reduction();
  checkNoPartialOverlap(op, out, { input: X });
  // amax/amin as PyTorch's kernel: isnan(src) ? src : std::max(self, src) — NaN updates win
  // bit for bit, a ±0 tie keeps self.
  const base = { ...policyOf(op, X.dtype), include_self, float_minmax: 'self_on_tie' as const };
  // complex128 products off the last dim: ATen's other loop nest swaps operands; bfloat16 mean's
  // division by place (nan-places.ts).
  const placed =
    computation === 'mul'
      ? scatterProductNaN(X.dtype, d, X.rank)
      : computation === 'mean'
        ? meanNaN(X.dtype, X.size)
        : undefined;
  const policy = placed ? { ...base, float_nan: placed } : base;
  // PyTorch 1.13 has no mean kernel for bool nor amax/amin for complex; with include_self=False
  // it first fills the targets by a plain scatter, which checks every index before that kernel
  // is dispatched (measured: test/torch-scalar-order).
  const meanBool = computation === 'mean' && X.dtype === 'bool';
  const complexOrder = (computation === 'max' || computation === 'min') && isComplex(X.dtype);
  if ((meanBool || complexOrder) && !include_self && I1) checkIndices(op, I1, d, X1.shape[d], I1.size);
  // With no index, no kernel runs: mean's division after the scatter fails on bool all the same.
  if (meanBool) {
    const kernel = I1 ? 'scatter_gather_tensor_cpu_reduce_mean' : 'div_floor_cpu';
    throw new DTypeError(
      `torch.${op}.reduce`,
      `torch.${op}: reduce "mean" is not implemented for bool (PyTorch: "${kernel}" not implemented for 'Bool')`,
    );
  }
  // No index: self, but mean still divides every element by 1 (a NaN made anew, as divideByCounts).
  if (X1 === undefined || I1 === undefined)
    return writesNothing(metaOf(op, out), X, policy, computation === 'mean' ? 'mean' : 'replace');
  // torch.<op>.dtype: no amax/amin kernel for complex (no order on the complex plane).
  if (complexOrder)
    throw new DTypeError(
      `torch.${op}.dtype`,
      `torch.${op}: "scatter_gather_tensor_cpu_reduce_a${computation}" not implemented for '${X.dtype === 'complex64' ? 'ComplexFloat' : 'ComplexDouble'}'`,
      { dtype: X.dtype, reduce: `a${computation}` },
    );
  // src is read at the index's positions only: its leading window of index.shape.
  const window = (t: Tensor) =>
    t.shape.join() === I1.shape.join() ? t : slice(t, new Array<number>(I1.rank).fill(0), I1.shape);
  // A scalar value is converted per element, after that element's index is checked.
  if (!S1) checkIndices(op, I1, d, X1.shape[d], 1);
  const updates = S1 ? window(S1) : torchFilled(I1.shape, S as Scalar | Complex, X.dtype, name);
  const m = metaOf(op, out, X.rank === 0 ? [] : undefined);
  return elementsScatter(m, X1, I1, updates, d, computation, policy);
}

export interface ScatterOptions extends OutOptions {
  /** Legacy reduction: 'add' or 'multiply'; omitted = replace. */
  readonly reduce?: 'add' | 'multiply';
}

const LEGACY = { add: 'add', multiply: 'mul' } as const;

/**
 * Lowers `torch.scatter(input, dim, index, src | value, *, reduce=None, out=None)`; see
 * lowerScatterFamily. Rules besides: torch.scatter.reduce ('add' | 'multiply'),
 * torch.scatter.value (a number, bigint or boolean), torch.scatter.options.
 */
export function lowerScatter(
  input: Tensor,
  dim: number,
  index: Tensor,
  src: Tensor | Scalar | Complex,
  opts?: ScatterOptions | null,
): LoweredScatter<'torch.scatter'> {
  const op = 'torch.scatter';
  const o = options(op, opts, ['reduce', 'out']);
  const reduction = () => {
    const reduce = oneOf(op, 'reduce', o.reduce, ['add', 'multiply']);
    return reduce === undefined ? 'replace' : LEGACY[reduce];
  };
  // PyTorch's argument parser refuses a reduce that is no string before any check.
  if (o.reduce !== undefined && typeof o.reduce !== 'string') reduction();
  return lowerScatterFamily('scatter', [input, dim, index, src], reduction, true, o.out);
}

/** Lowers `torch.scatter_add(input, dim, index, src, *, out=None)`: `self[...index...] += src[...]`. */
export function lowerScatterAdd(
  input: Tensor,
  dim: number,
  index: Tensor,
  src: Tensor,
  opts?: OutOptions | null,
): LoweredScatter<'torch.scatter_add'> {
  const o = options('torch.scatter_add', opts, ['out']);
  return lowerScatterFamily('scatter_add', [input, dim, index, src], () => 'add', true, o.out);
}

/** scatter_reduce's reductions and the core reducer each one is. */
const REDUCTIONS = { sum: 'add', prod: 'mul', mean: 'mean', amax: 'max', amin: 'min' } as const;
/** A `scatter_reduce` reduction: `sum`, `prod`, `mean`, `amax`, `amin`. */
export type Reduction = keyof typeof REDUCTIONS;
const REDUCTION_NAMES = Object.keys(REDUCTIONS) as Reduction[];

export interface ScatterReduceOptions extends OutOptions {
  /** Whether `input`'s values take part in the reduction (default true; mean counts them). */
  readonly include_self?: boolean;
}

/**
 * Lowers `torch.scatter_reduce(input, dim, index, src, reduce, *, include_self=True, out=None)`.
 * `mean` divides by the number of contributions (+1 with include_self), with floor division for
 * integer dtypes; include_self=False starts each target from its first update. Rules besides
 * the family's: torch.scatter_reduce.reduce (required, as in PyTorch), .include_self, .options.
 */
export function lowerScatterReduce(
  input: Tensor,
  dim: number,
  index: Tensor,
  src: Tensor,
  reduce: Reduction,
  opts?: ScatterReduceOptions | null,
): LoweredScatter<'torch.scatter_reduce'> {
  const op = 'torch.scatter_reduce';
  const o = options(op, opts, ['include_self', 'out']);
  if (reduce === undefined)
    throw new InvalidArgumentError(
      `${op}.reduce`,
      `${op}: missing required argument reduce (one of ${REDUCTION_NAMES.join(', ')})`,
    );
  // PyTorch's argument parser refuses a reduce that is no string before any check.
  if (typeof reduce !== 'string') oneOf(op, 'reduce', reduce, REDUCTION_NAMES);
  const include_self = flag(op, 'include_self', o.include_self, true);
  const reduction = () => REDUCTIONS[oneOf(op, 'reduce', reduce, REDUCTION_NAMES) as Reduction];
  return lowerScatterFamily('scatter_reduce', [input, dim, index, src], reduction, include_self, o.out);
}
