/**
 * PyTorch's index policies, one table (PyTorch 1.13 CPU, checked against goldens from the real
 * implementation by scripts/goldens/generate.py): out of bounds is always an error; negative
 * indices and index dtypes per op. Duplicates: scatter_add and index_add sum,
 * scatter_reduce reduces, index_put sums with accumulate=True; scatter, index_copy and index_put
 * (accumulate=False) — unspecified in PyTorch — apply every update in update-index (row-major)
 * order, the last wins (the core's deterministic schedule; PyTorch 1.13 CPU gives the same on
 * every golden case); index_fill is idempotent. Bool/uint8 masks in index tuples: torch/masks.ts.
 *
 * Later releases differ: int32 indices are accepted by gather/scatter since 2.8, and take_along_dim with a
 * `dim` wraps out-of-bounds indices in recent builds (pytorch/pytorch#196106) — not modelled here.
 */
import type { Wording } from '../../core/call.js';
import type { FloatNaN } from '../../core/kernels.js';
import type { NegativeIndexPolicy } from '../../core/types.js';
import { DTypeError, IndexOutOfBoundsError } from '../../errors.js';
import type { DType } from '../../tensor/dtype.js';
import { Tensor, full } from '../../tensor/tensor.js';
import {
  type Complex,
  componentDType,
  formatComplex,
  isComplex,
  isComplexValue,
} from '../../tensor/complex.js';
import type { Scalar } from '../../tensor/dtype.js';
import { castScalar, filled } from '../numpy/shared.js';
import { checkOutDType as outDType } from '../../core/validate.js';
import { unravel } from '../../core/index-map.js';
import {
  checkIndexDType as indexDType,
  dtypeRuleFailed,
  integer,
  normalizeAxis,
  outArg,
  scalar,
} from '../args.js';
import type { CallMeta } from '../families.js';
import { type FrameworkDescription, G, S, type Signatures } from '../signature.js';

export interface TorchPolicy {
  readonly negative_indices: NegativeIndexPolicy;
  readonly index_dtypes: readonly DType[];
  /** PyTorch's own wording of an out-of-bounds index. */
  readonly wording: Wording;
}

const dimWording: Wording = (d) =>
  `index ${d.value} is out of bounds for dimension ${d.dim} with size ${d.size}`;
/** A row: negative indices are errors (`out_of_bounds` under mode 'error') unless `from_end`. */
const row = (
  negative_indices: NegativeIndexPolicy,
  index_dtypes: readonly DType[] = ['int64'],
  wording: Wording = dimWording,
): TorchPolicy => ({ negative_indices, index_dtypes, wording });
const selfRange: Wording = () => 'index out of range in self';

const POLICIES = {
  gather: row('out_of_bounds'),
  scatter: row('out_of_bounds'),
  scatter_add: row('out_of_bounds'),
  scatter_reduce: row('out_of_bounds'),
  index_select: row('out_of_bounds', ['int64', 'int32'], selfRange),
  index_add: row('out_of_bounds', ['int64', 'int32'], selfRange),
  index_copy: row('out_of_bounds'),
  index_fill: row('from_end'),
  index_put: row('from_end'),
  take: row('from_end', undefined, (d) =>
    d.size === 0
      ? 'take(): tried to take from an empty tensor'
      : `out of range: tried to access index ${d.value} on a tensor of ${d.size} elements`,
  ),
  take_along_dim: row('out_of_bounds'),
};

/** The PyTorch ops whose policies `TORCH_POLICY` holds. */
export type TorchOp = keyof typeof POLICIES;

/** The policy of every op (PyTorch 1.13). */
export const TORCH_POLICY: Readonly<Record<TorchOp, TorchPolicy>> = POLICIES;

/** torch.<op>.index_dtype: the index tensor's dtype must be one the op accepts. */
export function checkIndexDType(op: TorchOp, index: Tensor): void {
  const allowed = TORCH_POLICY[op].index_dtypes;
  indexDType(NAMES[op], index, allowed, 'index_dtype', () => `expected index dtype ${allowed.join(' or ')}`);
}

/**
 * torch.<op>.index_out_of_bounds (the first of the leading `count` indices, with the core's code,
 * wording and details), where PyTorch 1.13 checks indices before an error of the frontend's own
 * (test/torch-scalar-order): per-index loops converting a scalar (scatter's `value`, a >= 2-D
 * index_add's `alpha`: `count` 1), and scatter_reduce with include_self=False, whose plain scatter
 * checks every index before the reduce kernel is dispatched (mean on bool, amax/amin on complex).
 */
export function checkIndices(op: TorchOp, I: Tensor, dim: number, size: number, count: number): void {
  const lowest = TORCH_POLICY[op].negative_indices === 'from_end' ? -BigInt(size) : 0n;
  for (let k = 0; k < Math.min(count, I.size); k++) {
    const value = BigInt(I.data[k] as number | bigint);
    if (value >= lowest && value < BigInt(size)) continue;
    const found = { position: I.rank === 0 ? [0] : unravel(k, I.shape), value, dim, size };
    const name = NAMES[op];
    throw new IndexOutOfBoundsError(
      `${name}.index_out_of_bounds`,
      `${name}: ${POLICIES[op].wording(found)}`,
      found,
    );
  }
}

/**
 * torch.<op>.out (its dtype), the core's rule, called where PyTorch 1.13 checks it in each op
 * (test/torch-check-order-out); its shape is the core's to check (PyTorch resizes a wrong-shaped
 * `out`; we refuse it).
 */
/**
 * A Scalar argument, which PyTorch also takes complex: `complex(re, im)` or, with `tensor0d`, a
 * 0-d tensor, complex ones included. Real values are read as every frontend reads them (`scalar`).
 */
export function torchScalar(op: string, name: string, value: unknown, tensor0d = false): Scalar | Complex {
  if (isComplexValue(value)) return value;
  if (tensor0d && value instanceof Tensor && value.rank === 0 && isComplex(value.dtype))
    return value.item() as Complex;
  return scalar(op, name, value, { tensor0d });
}

/**
 * `shape` filled with `value` converted as c10 converts a Scalar: a real one by `filled`; a complex
 * one into a complex dtype only (`<op>.value` otherwise), each part range-checked as its component.
 */
export function torchFilled(
  shape: readonly number[],
  value: Scalar | Complex,
  dtype: DType,
  op: string,
  pyFloat = false,
): Tensor {
  if (!isComplexValue(value)) return filled(shape, value, dtype, op, pyFloat);
  if (!isComplex(dtype))
    throw new DTypeError(
      `${op}.value`,
      `${op}: value ${formatComplex(value.re, value.im, String)} cannot be converted to ${dtype} (a complex Scalar into a non-complex dtype)`,
      { value, dtype },
    );
  castScalar(value.re, componentDType(dtype), op);
  castScalar(value.im, componentDType(dtype), op);
  return full(shape, value, dtype);
}

export function checkOutDType(name: string, out: unknown, dtype: DType): void {
  if (Tensor.isTensor(out)) outDType(name, out, dtype);
}

/** torch.<op>.dim: an integer in [-r, r) with r = max(rank, 1) (PyTorch treats 0-d as 1-d here). */
export function normalizeDim(op: TorchOp, dim: unknown, rank: number): number {
  // The common case without building the error's wording (a plain in-range integer).
  const r = Math.max(rank, 1);
  if (typeof dim === 'number' && Number.isInteger(dim) && dim >= -r && dim < r)
    return dim < 0 ? dim + r : dim;
  const name = `torch.${op}`;
  return normalizeAxis(name, integer(name, 'dim', dim), r, {
    name: 'dim',
    code: `${name}.dim`,
    message: (r) =>
      `${name}: Dimension out of range (expected to be in range of [${-r}, ${r - 1}], but got ${String(dim)})`,
  });
}

/**
 * Which NaN PyTorch 1.13's CPU kernels return from a float add / mul (scatter_add, index_add,
 * scatter_reduce sum/prod/mean, scatter multiply, index_put accumulate), measured per width
 * (test/nan-payloads.test.ts pins each against the real PyTorch): float32/float64 keep the self
 * operand's NaN first, quieted — index_add computes `src + self` and keeps the source's;
 * float16 drops payloads and keeps the first NaN's sign; bfloat16 always gives 0x7fc0.
 */
const TORCH_NAN: Readonly<Record<'float16' | 'bfloat16' | 'float32' | 'float64', FloatNaN>> = {
  float16: 'self_first_sign',
  bfloat16: 'canonical',
  float32: 'self_first',
  float64: 'self_first',
};

/** PyTorch's NaN rule of `op` on `dtype` (see TORCH_NAN); undefined for non-float dtypes. */
function torchNaN(op: TorchOp, dtype: DType | undefined): FloatNaN | undefined {
  if (dtype === undefined || !(dtype in TORCH_NAN)) return undefined;
  if (op === 'index_add' && (dtype === 'float32' || dtype === 'float64')) return 'update_first';
  return TORCH_NAN[dtype as keyof typeof TORCH_NAN];
}

/** Every op's core policy: out of bounds is an error; with the data's dtype (scatters), PyTorch's NaN rule. */
export const policyOf = (op: TorchOp, dtype?: DType) =>
  ({
    mode: 'error',
    negative_indices: POLICIES[op].negative_indices,
    float_nan: torchNaN(op, dtype),
  }) as const;

/** The call meta of an op: its name, PyTorch's wording, the caller's `out`, a final reshape. */
export function metaOf(op: TorchOp, out: unknown, reshape?: readonly number[]): CallMeta {
  const name = NAMES[op];
  return { op: name, wording: TORCH_POLICY[op].wording, out: outArg(name, out), reshape };
}

/** `torch.<op>` for every op, spelled once. */
const NAMES = Object.fromEntries(Object.keys(TORCH_POLICY).map((op) => [op, `torch.${op}`])) as Readonly<
  Record<TorchOp, string>
>;

/** A 0-d tensor viewed as 1-d of size 1 (PyTorch's kernels do the same). */
export const atLeast1d = (t: Tensor): Tensor => (t.rank === 0 ? t.reshape([1]) : t);

/** torch.<op>.<what>_dtype: two tensors must share a dtype. */
export function checkSameDType(op: TorchOp, what: string, self: Tensor, other: Tensor): void {
  if (self.dtype === other.dtype) return;
  const message = `torch.${op}: expected ${what} dtype to equal self dtype ${self.dtype}; got ${other.dtype}`;
  const details = { self: self.dtype, [what]: other.dtype };
  dtypeRuleFailed(new DTypeError(`torch.${op}.${what}_dtype`, message, details));
}

/**
 * PyTorch's names (torch.gather: `out[i][j] = input[i][index[i][j]]`, Tensor.scatter_:
 * `self[index[i][j]][j] = src[i][j]`) and `torch.tensor`'s dtypes: int64, float32 (the default
 * dtype) and complex64 (the complex of the default dtype).
 *
 * @internal
 */
export const DESCRIPTION: FrameworkDescription = {
  words: { operand: 'input', indices: 'index', updates: 'src', result: 'out', target: 'self' },
  notation: 'nested',
  constructors: {
    module: 'torch',
    prefix: 'torch',
    names: { tensor: null, as_tensor: null, LongTensor: 'int64', FloatTensor: 'float32' },
    dtypes: { int: 'int64', float: 'float32', complex: 'complex64' },
  },
  unlisted: {
    index: 'x[i0, i1, …]: an index tuple (one tensor per dim), not one indices tensor',
    index_put: 'x[i0, i1, …] = v: an index tuple, as index',
  },
};

/** The usual `dim` op: int64 indices, `dim` for the axis. */
const BY_DIM = { indexDType: 'int64', aliases: { axis: 'dim' }, example: { dim: 0 } } as const;
const BY_DIM_SOURCE = { ...BY_DIM, words: { updates: 'source' } } as const;
const DIM = { attr: 'dim' } as const;
/** The boolean-mask ops: `indices` is the mask (bool), its true positions the indices. */
const masked = (words: { readonly indices: 'mask'; readonly updates?: 'source' }) =>
  ({ indexDType: 'bool', words, noProbe: 'the indices are a boolean mask, not index values' }) as const;

/**
 * How each PyTorch op is called: `dim` is positional.
 *
 * @internal
 */
export const SIGNATURES: Signatures = {
  gather: G('elements', ['data', DIM, 'indices'], BY_DIM),
  index_select: G('take', ['data', DIM, 'indices'], BY_DIM),
  take: G('flat', ['data', 'indices'], { indexDType: 'int64' }),
  take_along_dim: G('elements', ['data', 'indices', 'attrs'], { ...BY_DIM, words: { indices: 'indices' } }),
  scatter: S('scatter_elements', ['data', DIM, 'indices', 'updates', 'attrs'], BY_DIM),
  scatter_add: S('scatter_elements', ['data', DIM, 'indices', 'updates'], BY_DIM),
  scatter_reduce: S('scatter_elements', ['data', DIM, 'indices', 'updates', { attr: 'reduce' }, 'attrs'], {
    ...BY_DIM,
    example: { dim: 0, reduce: 'sum', include_self: true },
  }),
  // Tensor.index_add_(dim, index, source), torch.index_copy(input, dim, index, source).
  index_add: S('scatter_take', ['data', DIM, 'indices', 'updates', 'attrs'], BY_DIM_SOURCE),
  index_copy: S('scatter_take', ['data', DIM, 'indices', 'updates'], BY_DIM_SOURCE),
  masked_select: G('general', ['data', 'indices'], masked({ indices: 'mask' })),
  masked_scatter: S(
    'scatter_general',
    ['data', 'indices', 'updates'],
    masked({ indices: 'mask', updates: 'source' }),
  ),
  index_fill: S('scatter_take', ['data', DIM, 'indices', { attr: 'value' }], {
    ...BY_DIM,
    example: { dim: 0, value: 100 },
  }),
};
