/**
 * Compiled plans, reused: calls with the same op, attributes, options, shapes and dtypes share
 * one plan. The key is built from those values only — a plan holds no tensors, so the cache
 * keeps nothing alive but its own strides and tables. Bounded (least recently used goes first).
 */
import type { DType } from '../tensor/dtype.js';
import { type GatherPlan, compileGather } from './gather.js';
import { type ScatterPlan, compileScatter } from './scatter.js';
import type {
  GatherDimensionNumbers,
  GatherOptions,
  ScatterDimensionNumbers,
  ScatterOptions,
  UpdateComputation,
} from './types.js';

/** Most plans a cache keeps; a plan is a few hundred bytes to a few KiB. */
export const PLAN_CACHE_SIZE = 512;

const gathers = new Map<string, GatherPlan>();
const scatters = new Map<string, ScatterPlan>();
let hits = 0;
let misses = 0;

/** Ids for custom update functions (compared by identity; a WeakMap keeps them collectable). */
const fnIds = new WeakMap<object, number>();
let nextFnId = 1;

/** A dimension list in a key; anything but an array of integers makes the call uncacheable. */
function list(xs: readonly number[] | undefined): string {
  if (xs === undefined) return '-';
  if (!Array.isArray(xs)) throw UNCACHEABLE;
  for (let i = 0; i < xs.length; i++) if (!Number.isInteger(xs[i])) throw UNCACHEABLE;
  return xs.join(',');
}

/** A string or boolean option in a key (objects that merely print like one are uncacheable). */
function word(v: unknown): string {
  const t = typeof v;
  // The type's initial keeps 3 and '3' (or true and 'true') apart.
  if (v === undefined || t === 'string' || t === 'boolean' || t === 'number') return `${t[0]}${String(v)}`;
  throw UNCACHEABLE;
}

const UNCACHEABLE = new Error('uncacheable');

function remember<P>(cache: Map<string, P>, key: string, plan: P): P {
  if (cache.size >= PLAN_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, plan);
  return plan;
}

function lookup<P>(cache: Map<string, P>, key: string): P | undefined {
  const plan = cache.get(key);
  if (plan === undefined) return undefined;
  // Move to the back: Map iteration order is insertion order, so the front is least recent.
  cache.delete(key);
  cache.set(key, plan);
  hits++;
  return plan;
}

/** A scalar in a key: bigint and number spelled apart, NaN/±0 exactly. */
function scalarKey(v: unknown): string {
  if (typeof v === 'number') return Object.is(v, -0) ? 'n-0' : `n${v}`;
  return `${typeof v}${String(v)}`;
}

/**
 * The plan of a gather, compiled on first use. Invalid attributes are never cached: compiling
 * throws the same typed error every time.
 */
export function gatherPlan(
  operandShape: readonly number[],
  operandDType: DType,
  indicesShape: readonly number[],
  indicesDType: DType,
  dn: GatherDimensionNumbers,
  options: GatherOptions,
): GatherPlan {
  let key: string;
  try {
    key =
      `${word(options.op)}|${operandDType}|${list(operandShape)}|${indicesDType}|${list(indicesShape)}|` +
      `${list(dn.offset_dims)}|${list(dn.collapsed_slice_dims)}|${list(dn.operand_batching_dims)}|` +
      `${list(dn.start_indices_batching_dims)}|${list(dn.start_index_map)}|${word(dn.index_vector_dim)}|` +
      `${list(dn.slice_sizes)}|${word(dn.indices_are_sorted)}|${word(options.mode)}|` +
      `${word(options.negative_indices)}|${scalarKey(options.fill_value)}|${word(options.checked)}|` +
      `${word(options.oob_code)}|${word(options.zero_size_dims)}`;
  } catch {
    return compileGather(operandShape, operandDType, indicesShape, indicesDType, dn, options);
  }
  const plan = lookup(gathers, key);
  if (plan) return plan;
  misses++;
  return remember(
    gathers,
    key,
    compileGather(operandShape, operandDType, indicesShape, indicesDType, dn, options),
  );
}

/** The plan of a scatter, compiled on first use (see gatherPlan). */
export function scatterPlan(
  inputShape: readonly number[],
  inputDTypes: readonly DType[],
  indicesShape: readonly number[],
  indicesDType: DType,
  updatesShape: readonly number[],
  updateDTypes: readonly DType[],
  dn: ScatterDimensionNumbers,
  computation: UpdateComputation,
  options: ScatterOptions,
): ScatterPlan {
  const compile = () =>
    compileScatter(
      inputShape,
      inputDTypes,
      indicesShape,
      indicesDType,
      updatesShape,
      updateDTypes,
      dn,
      computation,
      options,
    );
  let key: string;
  try {
    let comp: string;
    if (typeof computation === 'function') {
      let id = fnIds.get(computation);
      if (id === undefined) fnIds.set(computation, (id = nextFnId++));
      comp = `f${id}`;
    } else comp = word(computation);
    key =
      `${word(options.op)}|${inputDTypes.join(',')}|${list(inputShape)}|${indicesDType}|` +
      `${list(indicesShape)}|${updateDTypes.join(',')}|${list(updatesShape)}|` +
      `${list(dn.update_window_dims)}|${list(dn.inserted_window_dims)}|${list(dn.input_batching_dims)}|` +
      `${list(dn.scatter_indices_batching_dims)}|${list(dn.scatter_dims_to_operand_dims)}|` +
      `${word(dn.index_vector_dim)}|${word(dn.indices_are_sorted)}|${word(dn.unique_indices)}|${comp}|` +
      `${word(options.mode)}|${word(options.negative_indices)}|${word(options.duplicates)}|` +
      `${word(options.include_self)}|${word(options.checked)}|${word(options.oob_code)}|` +
      `${word(options.duplicate_code)}`;
  } catch {
    return compile();
  }
  const plan = lookup(scatters, key);
  if (plan) return plan;
  misses++;
  return remember(scatters, key, compile());
}

/** Hit and miss counts since start (or the last clear), and the plans held. */
export function planCacheStats(): { hits: number; misses: number; size: number } {
  return { hits, misses, size: gathers.size + scatters.size };
}

/** Drops every cached plan and resets the counts. */
export function clearPlanCache(): void {
  gathers.clear();
  scatters.clear();
  hits = 0;
  misses = 0;
}
