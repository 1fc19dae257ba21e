/**
 * JAX's out-of-bounds and negative-index policies, decided in one table.
 *
 * JAX names three modes (`lax.GatherScatterMode`): CLIP (clamp the window start so the whole
 * window fits), FILL_OR_DROP (a gather window that does not fit becomes `fill_value`; a scatter
 * window that does not fit is discarded) and PROMISE_IN_BOUNDS (no checks; XLA clamps gathers
 * and drops scatters). Strings 'clip' | 'fill' | 'drop' | 'promise_in_bounds' parse to them
 * (`GatherScatterMode.from_any`, where `None` parses to FILL_OR_DROP). What `mode=None` means
 * differs per entry point; `DEFAULT_MODE` lists each.
 */
import { InvalidArgumentError, fmt } from '../../errors.js';
import type { GatherMode, NegativeIndexPolicy, ScatterMode } from '../../core/types.js';
import { oneOf } from '../args.js';
import type { GatherPolicy } from '../families.js';
import type { Scalar } from '../../tensor/dtype.js';
import { DIA, type FrameworkDescription, G, S, type Signatures, numpyStyle } from '../signature.js';

/** `jax.lax.GatherScatterMode`: enum members, distinct from the mode strings. */
export const GatherScatterMode = Object.freeze({
  /** Clamp the window start so the whole window fits. */
  CLIP: 'GatherScatterMode.CLIP',
  /** A gather window that does not fit reads `fill_value`; a scatter window that does not fit is dropped. */
  FILL_OR_DROP: 'GatherScatterMode.FILL_OR_DROP',
  /** No checks (XLA clamps gathers and drops scatters). */
  PROMISE_IN_BOUNDS: 'GatherScatterMode.PROMISE_IN_BOUNDS',
  /** JAX's one-hot matmul lowering: refused here (not modelled). */
  ONE_HOT: 'GatherScatterMode.ONE_HOT',
} as const);
export type GatherScatterMode = (typeof GatherScatterMode)[keyof typeof GatherScatterMode];

/** What a JAX `mode=` argument may be. */
export type JaxMode = 'clip' | 'fill' | 'drop' | 'promise_in_bounds' | 'one_hot' | GatherScatterMode;

/** A parsed mode: the enum member name. */
export type ParsedMode = 'CLIP' | 'FILL_OR_DROP' | 'PROMISE_IN_BOUNDS';

const FROM_ANY: Readonly<Record<string, ParsedMode | 'ONE_HOT'>> = {
  clip: 'CLIP',
  fill: 'FILL_OR_DROP',
  drop: 'FILL_OR_DROP',
  promise_in_bounds: 'PROMISE_IN_BOUNDS',
  one_hot: 'ONE_HOT',
  ...Object.fromEntries(Object.entries(GatherScatterMode).map(([name, member]) => [member, name])),
};

/** The entry points whose `mode=None` differs. */
export type EntryPoint =
  | 'lax.gather'
  | 'lax.scatter'
  | 'at.get'
  | 'at.update'
  | 'numpy.take'
  | 'numpy.take_along_axis';

/**
 * `mode=None` per entry point, as jax/_src/lax/slicing.py (`gather`, `from_any`),
 * jax/_src/numpy/indexing.py (`take`, `take_along_axis`) and array_methods.py (`.at`) decide it.
 */
export const DEFAULT_MODE: Readonly<Record<EntryPoint, ParsedMode>> = {
  'lax.gather': 'PROMISE_IN_BOUNDS',
  'lax.scatter': 'FILL_OR_DROP',
  'at.get': 'PROMISE_IN_BOUNDS',
  'at.update': 'FILL_OR_DROP',
  'numpy.take': 'FILL_OR_DROP',
  'numpy.take_along_axis': 'FILL_OR_DROP',
};

/** The core gather and scatter modes of each parsed mode (as XLA does them: see the file header). */
export const CORE_MODE = {
  CLIP: { gather: 'clip', scatter: 'clip' },
  FILL_OR_DROP: { gather: 'fill', scatter: 'drop' },
  PROMISE_IN_BOUNDS: { gather: 'promise_in_bounds', scatter: 'promise_in_bounds' },
} as const satisfies Record<ParsedMode, { gather: GatherMode; scatter: ScatterMode }>;

/** A lax-mode gather's policy: the caller's `fill_value` counts only under FILL_OR_DROP. */
export function laxGatherPolicy(
  parsed: ParsedMode,
  negative_indices: NegativeIndexPolicy,
  fill: Scalar | undefined,
): GatherPolicy {
  const policy = { mode: CORE_MODE[parsed].gather, negative_indices };
  return parsed === 'FILL_OR_DROP' && fill !== undefined ? { ...policy, fill_value: fill } : policy;
}

/** lax never wraps a negative index: the start is out of bounds (clamped to 0, or filled/dropped). */
export const LAX_NEGATIVE_INDICES: NegativeIndexPolicy = 'out_of_bounds';

/** Every accepted `mode=` value: the strings and the enum members. */
const MODE_VALUES = Object.keys(FROM_ANY);

/**
 * Parses a `mode=` argument like `GatherScatterMode.from_any`, with `undefined`/`null`
 * resolved by the entry point's default. Values are compared as values (`'constructor'` is not
 * a mode). ONE_HOT is refused (not modelled).
 */
export function parseMode(mode: unknown, entry: EntryPoint, op: string): ParsedMode {
  if (mode === undefined || mode === null) return DEFAULT_MODE[entry];
  const parsed = FROM_ANY[oneOf(op, 'mode', mode, MODE_VALUES) as string];
  if (parsed === 'ONE_HOT')
    throw new InvalidArgumentError(
      `${op}.mode`,
      `${op}: mode "one_hot" (GatherScatterMode.ONE_HOT) is a one-hot matmul lowering that this library does not model; got ${fmt(mode)}`,
      { mode },
    );
  return parsed;
}

/**
 * JAX's names (`jax.lax.gather(operand, start_indices, …)`, `jnp.take(a, indices)`) and
 * `jnp.array`'s dtypes with 64-bit types off (JAX's default): int32, float32, complex64.
 *
 * @internal
 */
export const DESCRIPTION: FrameworkDescription = numpyStyle(
  { operand: 'operand', indices: 'indices', updates: 'updates', result: 'out', target: 'out' },
  'jax.numpy',
  'jnp',
  { int: 'int32', float: 'float32', complex: 'complex64' },
  {
    at: 'x.at[index].<method>(…): a NumPy index (tuple, slices, masks), not one indices tensor',
    'lax.scatter_apply': 'applies a callback at each index: no updates tensor',
  },
);

/** jax.lax's scatters, one signature: (operand, indices, updates, dimension_numbers, attrs). */
const LAX_SCATTERS = ['scatter', 'scatter_add', 'scatter_sub', 'scatter_mul', 'scatter_min', 'scatter_max'];
const laxScatter = S(
  'scatter_general',
  ['data', 'indices', 'updates', { attr: 'dimension_numbers' }, 'attrs'],
  {
    words: { indices: 'scatter_indices' },
    example: {
      dimension_numbers: {
        update_window_dims: [],
        inserted_window_dims: [0],
        scatter_dims_to_operand_dims: [0],
      },
    },
  },
);

/**
 * How each JAX op is called (namespaced as in JAX).
 *
 * @internal
 */
export const SIGNATURES: Signatures = {
  'lax.gather': G(
    'general',
    ['data', 'indices', { attr: 'dimension_numbers' }, { attr: 'slice_sizes' }, 'attrs'],
    {
      words: { indices: 'start_indices' },
      example: {
        dimension_numbers: { offset_dims: [], collapsed_slice_dims: [0], start_index_map: [0] },
        slice_sizes: [1],
        mode: 'promise_in_bounds',
      },
    },
  ),
  ...Object.fromEntries(LAX_SCATTERS.map((name) => [`lax.${name}`, laxScatter])),
  'numpy.take': G('take', DIA, {
    words: { operand: 'a' },
    example: { axis: 0, mode: 'fill' },
    modes: ['fill', 'clip', 'wrap', 'raise'],
  }),
  'numpy.take_along_axis': G('elements', ['data', 'indices', { attr: 'axis' }, 'attrs'], {
    words: { operand: 'arr' },
    example: { axis: 0 },
  }),
};
