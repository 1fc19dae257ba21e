/**
 * `jax.lax.GatherDimensionNumbers` / `ScatterDimensionNumbers` and their translation to the
 * core's StableHLO attributes. JAX fixes `index_vector_dim` to the LAST dim of the indices
 * (a trailing dim of size 1 holds scalar indices), and calls the scatter operand's batching
 * dims `operand_batching_dims` (StableHLO: `input_batching_dims`).
 *
 * JAX's shape rules (`_gather_shape_rule`, `_scatter_shape_rule`) check StableHLO's constraints
 * plus one stricter rule (collapsed slice dims must have slice size exactly 1), in their own order;
 * shape-rules.ts runs them first, so an error names the rule JAX names, as
 * `jax.lax.<op>.<field>`. The core's StableHLO checks follow as a net, under the same names
 * (`RULE_OF_GATHER` / `RULE_OF_SCATTER`; the StableHLO constraint stays in `details.stablehlo`).
 */
import { gatherShape } from '../../core/gather-shape.js';
import { scatterShape } from '../../core/scatter-shape.js';
import { fail } from '../../core/validate.js';
import type {
  GatherDimensionNumbers as CoreGatherDN,
  ScatterDimensionNumbers as CoreScatterDN,
} from '../../core/types.js';
import { DTypeError, InvalidArgumentError, fmt } from '../../errors.js';
import { isInteger } from '../../tensor/dtype.js';
import type { Tensor } from '../../tensor/tensor.js';
import { checkIndexDType, describe, dtypeRuleFailed, options } from '../args.js';
import { readFields } from '../../core/attributes.js';
import { checkGatherShapeRule, checkScatterShapeRule, gatherResultShape } from './shape-rules.js';

/** `lax.GatherDimensionNumbers(offset_dims, collapsed_slice_dims, start_index_map, operand_batching_dims=(), start_indices_batching_dims=())`. */
export interface GatherDimensionNumbers {
  readonly offset_dims: readonly number[];
  readonly collapsed_slice_dims: readonly number[];
  readonly start_index_map: readonly number[];
  readonly operand_batching_dims?: readonly number[];
  readonly start_indices_batching_dims?: readonly number[];
}

/** `lax.ScatterDimensionNumbers(update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, operand_batching_dims=(), scatter_indices_batching_dims=())`. */
export interface ScatterDimensionNumbers {
  readonly update_window_dims: readonly number[];
  readonly inserted_window_dims: readonly number[];
  readonly scatter_dims_to_operand_dims: readonly number[];
  readonly operand_batching_dims?: readonly number[];
  readonly scatter_indices_batching_dims?: readonly number[];
}

/** The fields of JAX's dimension-number NamedTuples, in order (registry.ts carries them to and from StableHLO). */
export const GATHER_DN_KEYS = [
  'offset_dims',
  'collapsed_slice_dims',
  'start_index_map',
  'operand_batching_dims',
  'start_indices_batching_dims',
] as const;
export const SCATTER_DN_KEYS = [
  'update_window_dims',
  'inserted_window_dims',
  'scatter_dims_to_operand_dims',
  'operand_batching_dims',
  'scatter_indices_batching_dims',
] as const;

/** A JAX NamedTuple of dimension numbers: the fields of `keys` in order (the last two, batching, default to `()`), frozen. */
function namedTuple<T extends object>(dn: T, keys: readonly (keyof T & string)[]): Required<T> {
  const out: Partial<T> = {};
  keys.forEach((k, i) => {
    out[k] = i < 3 ? dn[k] : (dn[k] ?? ([] as T[typeof k]));
  });
  return Object.freeze(out) as Required<T>;
}

/**
 * The constructor's keyword arguments, as Python binds them: an object with the three required
 * fields and no unknown one (`<op>.fields`, Python's TypeError). The values are the ops' to check.
 */
function checkFields<T extends object>(op: string, dn: T, keys: readonly (keyof T & string)[]): T {
  const o = options(op, dn, keys, 'fields', 'fields');
  const missing = keys.slice(0, 3).filter((k) => o[k] === undefined);
  if (missing.length > 0)
    throw new InvalidArgumentError(
      `${op}.fields`,
      `${op}: missing required field${missing.length > 1 ? 's' : ''} ${missing.join(', ')}; got ${describe(dn)}`,
      { missing },
    );
  return dn;
}

/** Builds a GatherDimensionNumbers (defaults filled in, frozen), like the JAX NamedTuple. */
export function GatherDimensionNumbers(dn: GatherDimensionNumbers): Required<GatherDimensionNumbers> {
  const op = 'jax.lax.GatherDimensionNumbers';
  return namedTuple(checkFields(op, dn, GATHER_DN_KEYS), GATHER_DN_KEYS);
}

/** Builds a ScatterDimensionNumbers (defaults filled in, frozen), like the JAX NamedTuple. */
export function ScatterDimensionNumbers(dn: ScatterDimensionNumbers): Required<ScatterDimensionNumbers> {
  const op = 'jax.lax.ScatterDimensionNumbers';
  return namedTuple(checkFields(op, dn, SCATTER_DN_KEYS), SCATTER_DN_KEYS);
}

/** StableHLO gather constraint → JAX rule name (the rule part of `jax.lax.gather.<rule>`). */
const RULE_OF_GATHER: Readonly<Record<string, string>> = {
  C1: 'dimension_numbers',
  C2: 'start_indices',
  C3: 'start_index_map',
  C4: 'offset_dims',
  C5: 'offset_dims',
  C6: 'collapsed_slice_dims',
  C7: 'collapsed_slice_dims',
  C8: 'collapsed_slice_dims',
  C9: 'slice_sizes',
  C10: 'operand_batching_dims',
  C11: 'operand_batching_dims',
  C12: 'slice_sizes',
  C13: 'start_indices_batching_dims',
  C14: 'start_indices_batching_dims',
  C15: 'start_indices_batching_dims',
  C16: 'batching_dims',
  C17: 'batching_dims',
  C18: 'start_index_map',
  C19: 'start_index_map',
  C20: 'slice_sizes',
  C21: 'slice_sizes',
  empty_window: 'slice_sizes',
  I9: 'slice_sizes',
};

/** StableHLO scatter constraint → JAX rule name (the rule part of `jax.lax.scatter.<rule>`). */
const RULE_OF_SCATTER: Readonly<Record<string, string>> = {
  C2: 'dimension_numbers',
  C4: 'updates',
  C6: 'dtype',
  C7: 'update_window_dims',
  C8: 'update_window_dims',
  C9: 'inserted_window_dims',
  C10: 'inserted_window_dims',
  C11: 'inserted_window_dims',
  C12: 'operand_batching_dims',
  C13: 'operand_batching_dims',
  C14: 'scatter_indices_batching_dims',
  C15: 'scatter_indices_batching_dims',
  C16: 'scatter_indices_batching_dims',
  C17: 'batching_dims',
  C18: 'batching_dims',
  C19: 'scatter_dims_to_operand_dims',
  C20: 'scatter_dims_to_operand_dims',
  C21: 'scatter_dims_to_operand_dims',
  C22: 'scatter_indices',
};

/** JAX's rule for a gather constraint id; an unlisted attribute-form check (I<n>) is about the dimension numbers. */
const gatherRule = (id: string): string =>
  RULE_OF_GATHER[id] ?? (id.startsWith('I') ? 'dimension_numbers' : id);
/** JAX's rule for a scatter constraint id (see gatherRule). */
const scatterRule = (id: string): string =>
  RULE_OF_SCATTER[id] ?? (id.startsWith('I') ? 'dimension_numbers' : id);

/** `dimension_numbers` is an object with only the NamedTuple's fields (`<op>.dimension_numbers`). */
function dimensionNumbersArg(op: string, dn: unknown, type: string, keys: readonly string[]): void {
  if (dn === null || typeof dn !== 'object')
    fail(`${op}.dimension_numbers`, `${op}: dimension_numbers must be a ${type}; got ${fmt(dn)}`);
  options(op, dn as Record<string, unknown>, keys, 'dimension_numbers', 'dimension_numbers');
}

/** JAX's shape rules open with the index vector: the indices need rank >= 1 (`<op>.<what>`). */
function checkIndexRank(indices: Tensor, op: string, what: string): void {
  if (indices.rank < 1)
    throw new InvalidArgumentError(
      `${op}.${what}`,
      `${op}: ${what} must have rank >= 1 (its last dim is the index vector; add a trailing dim of size 1 for scalar indices); got shape ${fmt(indices.shape)}`,
      { shape: indices.shape },
    );
}

/** `_gather_dtype_rule` / `_scatter_dtype_rule` open with it, after the shape rule: integer indices. */
const checkIndexInteger = (indices: Tensor, op: string, what: string): void =>
  checkIndexDType(op, indices, isInteger, 'index_dtype', () => `${what} must have an integer dtype`);

/** A JAX NamedTuple's fields read as integer lists (a malformed one is `<op>.dimension_numbers`). */
function readNamedTuple<K extends string>(
  op: string,
  dn: unknown,
  keys: readonly K[],
): Record<K, readonly number[]> {
  const code = `${op}.dimension_numbers`;
  const forms = Object.fromEntries(
    keys.map((k, i) => [k, [k, code, i < 3 ? 'list' : 'optional list'] as const]),
  );
  return readFields(dn, op, forms) as Record<K, readonly number[]>;
}

/**
 * Validates `lax.gather`'s indices and dimension numbers as JAX does — the shape rule (JAX's
 * order and words, shape-rules.ts), then the dtype rule — and translates them into the core's
 * attributes (index_vector_dim = last). The core's StableHLO checks run between, as a net, except
 * where JAX lowers to zeros without a gather: empty indices and an empty result (`zeros` is then
 * that result's shape; the slice sizes need not fit the operand).
 */
export function lowerGatherDimensionNumbers(
  operandShape: readonly number[],
  indices: Tensor,
  dn: GatherDimensionNumbers,
  slice_sizes: readonly number[],
  op: string,
): { readonly dn: CoreGatherDN; readonly zeros?: readonly number[] } {
  dimensionNumbersArg(op, dn, 'GatherDimensionNumbers', GATHER_DN_KEYS);
  checkIndexRank(indices, op, 'start_indices');
  const fields = readNamedTuple(op, dn, GATHER_DN_KEYS);
  checkGatherShapeRule(op, { operand: operandShape, indices: indices.shape }, fields, slice_sizes);
  const core: CoreGatherDN = { ...fields, index_vector_dim: indices.rank - 1, slice_sizes };
  // Only empty indices can make JAX's zeros: the result shape is computed for them alone.
  const shape = indices.size === 0 ? gatherResultShape(indices.shape, fields, slice_sizes) : [];
  const zeros = shape.includes(0);
  if (!zeros) gatherShape(operandShape, indices.shape, core, op, gatherRule);
  checkIndexInteger(indices, op, 'start_indices');
  return zeros ? { dn: core, zeros: shape } : { dn: core };
}

/** Validates a `lax.scatter*` call's indices, updates and dimension numbers as JAX does (see the gather's) and translates them. */
export function lowerScatterDimensionNumbers(
  operand: Tensor,
  indices: Tensor,
  updates: Tensor,
  dn: ScatterDimensionNumbers,
  op: string,
): CoreScatterDN {
  dimensionNumbersArg(op, dn, 'ScatterDimensionNumbers', SCATTER_DN_KEYS);
  checkIndexRank(indices, op, 'scatter_indices');
  const fields = readNamedTuple(op, dn, SCATTER_DN_KEYS);
  checkScatterShapeRule(
    op,
    { operand: operand.shape, indices: indices.shape, updates: updates.shape },
    fields,
  );
  const core: CoreScatterDN = {
    update_window_dims: fields.update_window_dims,
    inserted_window_dims: fields.inserted_window_dims,
    scatter_dims_to_operand_dims: fields.scatter_dims_to_operand_dims,
    input_batching_dims: fields.operand_batching_dims,
    scatter_indices_batching_dims: fields.scatter_indices_batching_dims,
    index_vector_dim: indices.rank - 1,
  };
  scatterShape([operand.shape], indices.shape, [updates.shape], core, op, scatterRule);
  checkIndexInteger(indices, op, 'scatter_indices');
  if (operand.dtype !== updates.dtype)
    dtypeRuleFailed(
      new DTypeError(
        `${op}.dtype`,
        `${op}: operand and updates must have the same dtype; got ${operand.dtype} and ${updates.dtype}`,
        { operand: operand.dtype, updates: updates.dtype },
      ),
    );
  return core;
}
