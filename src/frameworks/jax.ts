/**
 * The JAX frontend: `jax.lax` (gather, the scatter family, dimension numbers, GatherScatterMode),
 * `jax.numpy` / `jax.jnp` (take, take_along_axis) and `jax.at(x, index)` for `x.at[index]`.
 * Each op lowers to one core call (`jax.lower.*`, for `explain` and the explorer) and runs it.
 * Keyword arguments are one trailing options object with JAX's names (unknown keys are refused,
 * `out` receives the result); `jax.numpy.array` builds tensors with JAX's default dtypes
 * (integers int32, floats float32).
 *
 * @example
 * import { jax, tensor } from 'tensor-gather-scatter';
 * jax.jnp.take(tensor([[1, 2, 3], [4, 5, 6]], 'float32'), tensor([2, 0], 'int32'), { axis: 1 });
 * // → [[3, 1], [6, 4]]
 */
import { jaxArray } from './constructors.js';
import { at, lowerAt } from './jax/at.js';
import { GatherDimensionNumbers, ScatterDimensionNumbers } from './jax/dimension-numbers.js';
import { gather, lowerGather, lowerScatters, scatters } from './jax/lax.js';
import { GatherScatterMode } from './jax/modes.js';
import * as stated from './jax/modes.js';
import { arityChecked } from './arity.js';
import { lowerTake, lowerTakeAlongAxis, take, take_along_axis } from './jax/take.js';

export type { AtIndex, AtIndexEntry, AtOptions, AtGetOptions, AtRef, AtValues } from './jax/at.js';
export type { LaxGatherOptions, LaxScatterOptions, LaxScatterApplyOptions } from './jax/lax.js';
export type { TakeOptions, TakeAlongAxisOptions } from './jax/take.js';
export type { JaxMode, ParsedMode } from './jax/modes.js';
export { DEFAULT_MODE as JAX_DEFAULT_MODE } from './jax/modes.js';

/** `jax.lax`: the XLA-level gather and scatter family. */
const lax = {
  gather,
  ...scatters,
  GatherDimensionNumbers,
  ScatterDimensionNumbers,
  GatherScatterMode,
} as const;

/** `jax.numpy`: array, take and take_along_axis. */
const numpy = { array: jaxArray, take, take_along_axis } as const;

/** Lowerings of every op: same arguments, returns the core call. */
const lower = {
  lax: { gather: lowerGather, ...lowerScatters },
  numpy: { take: lowerTake, take_along_axis: lowerTakeAlongAxis },
  jnp: { take: lowerTake, take_along_axis: lowerTakeAlongAxis },
  at: lowerAt,
} as const;

/** The functions besides the ops of `SIGNATURES`, by their positional parameters (frameworks/arity.ts). */
const JAX_OTHERS = {
  'lax.scatter_apply': ['operand', 'scatter_indices', 'func', 'dimension_numbers', 'options'],
  'lax.GatherDimensionNumbers': ['dimension_numbers'],
  'lax.ScatterDimensionNumbers': ['dimension_numbers'],
  'numpy.array': ['object', 'dtype'],
  at: ['x', 'index'],
} as const;

/** JAX: `jax.lax`, `jax.numpy` (alias `jax.jnp`), `jax.at(x, index)` and `jax.lower`. */
export const jax = /* @__PURE__ */ arityChecked('jax', stated, JAX_OTHERS, {
  lax,
  numpy,
  jnp: numpy,
  at,
  lower,
} as const);
