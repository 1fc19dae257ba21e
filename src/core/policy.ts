/**
 * Index policies resolved through one table per operator kind: each named mode decides what an
 * out-of-bounds window start becomes.
 */
import { InvalidArgumentError, fmt } from '../errors.js';
import type { ResolvedPolicy } from './index-map.js';
import { type DType, type Scalar, defaultFillValue } from '../tensor/dtype.js';
import type {
  GatherMode,
  GatherOptions,
  IndexPolicyOptions,
  NegativeIndexPolicy,
  ScatterMode,
  ScatterOptions,
  ZeroSizeDims,
} from './types.js';

const GATHER_OOB: Record<GatherMode, ResolvedPolicy['oob']> = {
  clip: 'clip',
  fill: 'invalid',
  promise_in_bounds: 'clip', // what XLA does with a broken promise
  error: 'error',
  wrap: 'wrap',
};

const SCATTER_OOB: Record<ScatterMode, ResolvedPolicy['oob']> = {
  skip: 'partial',
  drop: 'invalid',
  clip: 'clip',
  promise_in_bounds: 'invalid', // what XLA does with a broken promise
  error: 'error',
  wrap: 'wrap',
};

/**
 * The core's index policy of a gather or scatter, resolved from its mode and options (what an
 * out-of-range start becomes, negative indices, checked promises, the op and code of errors).
 */
export function resolvePolicy(
  kind: 'gather' | 'scatter',
  mode: string,
  opts: IndexPolicyOptions,
  indicesAreSorted: boolean,
): ResolvedPolicy {
  if (typeof opts !== 'object' || opts === null) badOptions(opts);
  const op = opts.op ?? `stablehlo.${kind}`;
  const table: Record<string, ResolvedPolicy['oob']> = kind === 'gather' ? GATHER_OOB : SCATTER_OOB;
  const oob = table[mode];
  if (!oob) {
    throw new InvalidArgumentError(
      `${op}.mode`,
      `${op}: mode must be one of ${fmt(Object.keys(table))}; got ${fmt(mode)}`,
      { mode },
    );
  }
  const neg = opts.negative_indices ?? 'out_of_bounds';
  if (neg !== 'out_of_bounds' && neg !== 'from_end') {
    throw new InvalidArgumentError(
      `${op}.negative_indices`,
      `${op}: negative_indices must be "out_of_bounds" or "from_end"; got ${fmt(neg)}`,
    );
  }
  const order = opts.oob_order ?? 'index_vectors';
  if (order !== 'index_vectors' && order !== 'components') {
    throw new InvalidArgumentError(
      `${op}.oob_order`,
      `${op}: oob_order must be "index_vectors" or "components"; got ${fmt(order)}`,
    );
  }
  return {
    oob,
    componentsFirst: oob === 'error' && order === 'components',
    fromEnd: neg === 'from_end',
    promiseInBounds: opts.checked === true && mode === 'promise_in_bounds',
    checkSorted: opts.checked === true && indicesAreSorted,
    op,
    oobCode: opts.oob_code ?? `${op}.index_out_of_bounds`,
  };
}

/**
 * A gather's options with every default applied: what a lowered call carries, so the plan,
 * `stablehloText`, the trace and the tables all read one value instead of re-deciding it.
 */
export interface ResolvedGatherOptions extends GatherOptions {
  readonly mode: GatherMode;
  readonly negative_indices: NegativeIndexPolicy;
  readonly fill_value: Scalar;
  readonly checked: boolean;
  readonly zero_size_dims: ZeroSizeDims;
}

/** A scatter's options with every default applied (see ResolvedGatherOptions). */
export interface ResolvedScatterOptions extends ScatterOptions {
  readonly mode: ScatterMode;
  readonly negative_indices: NegativeIndexPolicy;
  readonly duplicates: 'apply' | 'error';
  readonly include_self: boolean;
  readonly checked: boolean;
  readonly float_minmax: 'ieee' | 'self_on_tie' | 'update_on_tie' | 'self_on_tie_keep_nan';
}

/** The defaults of the core gather: the spec's clamp, negatives out of bounds, JAX's fill values. */
export function resolveGatherOptions(dtype: DType, opts: GatherOptions = {}): ResolvedGatherOptions {
  if (typeof opts !== 'object' || opts === null) badOptions(opts);
  // Spelled key by key (no spread): every framework call resolves its options once.
  return {
    mode: opts.mode ?? 'clip',
    negative_indices: opts.negative_indices ?? 'out_of_bounds',
    fill_value: opts.fill_value ?? defaultFillValue(dtype),
    checked: opts.checked ?? false,
    zero_size_dims: opts.zero_size_dims ?? 'spec',
    op: opts.op,
    oob_code: opts.oob_code,
    oob_order: opts.oob_order,
    out: opts.out,
  };
}

/** The defaults of the core scatter: the spec's per-element skip, every duplicate applied in order. */
export function resolveScatterOptions(opts: ScatterOptions = {}): ResolvedScatterOptions {
  if (typeof opts !== 'object' || opts === null) badOptions(opts);
  return {
    mode: opts.mode ?? 'skip',
    negative_indices: opts.negative_indices ?? 'out_of_bounds',
    duplicates: opts.duplicates ?? 'apply',
    include_self: opts.include_self ?? true,
    checked: opts.checked ?? false,
    float_minmax: opts.float_minmax ?? 'ieee',
    float_nan: opts.float_nan ?? 'self_first',
    op: opts.op,
    oob_code: opts.oob_code,
    oob_order: opts.oob_order,
    duplicate_code: opts.duplicate_code,
    out: opts.out,
  };
}

/** Options must be an object (or omitted): `null` or a primitive would fail on its first field read. */
export function badOptions(opts: unknown): never {
  throw new InvalidArgumentError('core.options', `options must be an object; got ${fmt(opts)}`, {
    options: fmt(opts),
  });
}
