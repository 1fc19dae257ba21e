/**
 * Compiled plans, reused: calls with the same op, attributes, options, shapes and dtypes share
 * one plan. An entry keeps those values only — a plan holds no tensors, so the cache keeps
 * nothing alive but its own strides and tables. Lookups hash the values into a number and
 * compare them field by field (no key strings are built per call). Bounded (least recently
 * used goes first).
 */
import type { DType } from '../tensor/dtype.js';
import { type GatherPlan, compileGather } from './gather.js';
import { nanRuleText } from './kernels.js';
import { type ScatterPlan, compileScatter } from './scatter.js';
import type { GatherCall, ScatterCall } from './call.js';
import { resolveGatherOptions, resolveScatterOptions } from './policy.js';
import type { Tensor } from '../tensor/tensor.js';
import type {
  GatherDimensionNumbers,
  GatherOptions,
  ScatterDimensionNumbers,
  ScatterOptions,
  UpdateComputation,
} from './types.js';

/** Most plans a cache keeps; a plan is a few hundred bytes to a few KiB. */
export const PLAN_CACHE_SIZE = 512;

/** A key field: a primitive or a list of integers (copied when stored). */
type Field = string | number | boolean | bigint | undefined | null | readonly number[];

interface Entry<P> {
  readonly fields: Field[];
  readonly plan: P;
  used: number;
}

interface Cache<P> {
  readonly buckets: Map<number, Entry<P>[]>;
  size: number;
  /** The entry used last: a loop of calls of one shape skips hashing altogether. */
  last: Entry<P> | null;
}

const gathers: Cache<GatherPlan> = { buckets: new Map(), size: 0, last: null };
const scatters: Cache<ScatterPlan> = { buckets: new Map(), size: 0, last: null };
let hits = 0;
let misses = 0;
let clock = 0;

/** Ids for custom update functions (compared by identity; a WeakMap keeps them collectable). */
const fnIds = new WeakMap<object, number>();
let nextFnId = 1;

const UNCACHEABLE = 0x7fffffff;

/** A key field is cacheable: a primitive, or an array of integers (anything else is refused). */
function cacheable(v: unknown): boolean {
  const t = typeof v;
  if (v === undefined || v === null || t === 'string' || t === 'boolean' || t === 'number' || t === 'bigint')
    return true;
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (!Number.isInteger(v[i])) return false;
  return true;
}

function hashField(h: number, v: Field): number {
  if (typeof v === 'number') return Math.imul(h ^ (Object.is(v, -0) ? 0x5bd1e995 : v | 0), 16777619);
  if (typeof v === 'string') {
    h = Math.imul(h ^ v.length, 16777619);
    if (v.length > 0) h = Math.imul(h ^ v.charCodeAt(v.length - 1), 16777619);
    return h;
  }
  if (v === undefined) return Math.imul(h ^ 0x1234567, 16777619);
  if (Array.isArray(v)) {
    h = Math.imul(h ^ (v.length + 0x9e37), 16777619);
    for (let i = 0; i < v.length; i++) h = Math.imul(h ^ v[i], 16777619);
    return h;
  }
  return Math.imul(h ^ (v === true ? 3 : 7), 16777619);
}

function sameField(a: Field, b: Field): boolean {
  // One list object (a frontend's frozen layout, stored as is) or one primitive: equal without
  // a walk; +0 and -0 are === but are different fill values.
  if (a === b) return a !== 0 || Object.is(a, b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  // Object.is: NaN fill values match each other, +0 and -0 do not; bigint and number differ.
  return !Array.isArray(b) && Object.is(a, b);
}

/** Every field equal to a stored entry's (stored fields are cacheable, so equal ones are too). */
function sameFields(stored: readonly Field[], fields: readonly Field[]): boolean {
  for (let j = 0; j < fields.length; j++) if (!sameField(stored[j], fields[j])) return false;
  return true;
}

function find<P>(cache: Cache<P>, h: number, fields: Field[]): P | undefined {
  const bucket = cache.buckets.get(h);
  if (bucket === undefined) return undefined;
  outer: for (let i = 0; i < bucket.length; i++) {
    const e = bucket[i];
    for (let j = 0; j < fields.length; j++) if (!sameField(e.fields[j], fields[j])) continue outer;
    e.used = ++clock;
    hits++;
    return e.plan;
  }
  return undefined;
}

function remember<P>(cache: Cache<P>, h: number, fields: Field[], plan: P): P {
  if (cache.size >= PLAN_CACHE_SIZE) evictOldest(cache);
  // A frozen list cannot change under the cache: kept as is, so the next call's identical
  // list compares by identity. Any other list is copied.
  const stored = fields.map((f) => (Array.isArray(f) && !Object.isFrozen(f) ? f.slice() : f)) as Field[];
  const entry: Entry<P> = { fields: stored, plan, used: ++clock };
  const bucket = cache.buckets.get(h);
  if (bucket) bucket.push(entry);
  else cache.buckets.set(h, [entry]);
  cache.size++;
  return plan;
}

function evictOldest<P>(cache: Cache<P>): void {
  let oldH = 0;
  let oldI = -1;
  let oldUsed = Number.POSITIVE_INFINITY;
  for (const [h, bucket] of cache.buckets) {
    for (let i = 0; i < bucket.length; i++) {
      if (bucket[i].used < oldUsed) {
        oldUsed = bucket[i].used;
        oldH = h;
        oldI = i;
      }
    }
  }
  if (oldI < 0) return;
  const bucket = cache.buckets.get(oldH) as Entry<P>[];
  bucket.splice(oldI, 1);
  if (bucket.length === 0) cache.buckets.delete(oldH);
  cache.size--;
}

function hashAll(fields: Field[]): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < fields.length; i++) {
    if (!cacheable(fields[i])) return UNCACHEABLE;
    h = hashField(h, fields[i]);
  }
  return h === UNCACHEABLE ? 0 : h;
}

/** The key of a gather: every value its plan depends on, in one order. */
function gatherFields(call: GatherCall): Field[] {
  const { operand, start_indices: indices, dimension_numbers: dn, options } = call;
  return [
    call.op,
    operand.dtype,
    operand.shape,
    indices.dtype,
    indices.shape,
    dn.offset_dims,
    dn.collapsed_slice_dims,
    dn.operand_batching_dims,
    dn.start_indices_batching_dims,
    dn.start_index_map,
    dn.index_vector_dim,
    dn.slice_sizes,
    dn.indices_are_sorted,
    options.mode,
    options.negative_indices,
    options.fill_value as Field,
    options.checked,
    options.oob_code,
    options.zero_size_dims,
    options.oob_order,
  ];
}

/**
 * Whether a stored gather key (gatherFields) holds this call's values: the same comparison as
 * sameFields without building the key, so a loop of one call shape allocates nothing here.
 */
function sameGatherKey(f: readonly Field[], call: GatherCall): boolean {
  const { operand, start_indices: indices, dimension_numbers: dn, options: o } = call;
  return (
    f[0] === call.op &&
    f[1] === operand.dtype &&
    sameField(f[2], operand.shape) &&
    f[3] === indices.dtype &&
    sameField(f[4], indices.shape) &&
    sameField(f[5], dn.offset_dims) &&
    sameField(f[6], dn.collapsed_slice_dims) &&
    sameField(f[7], dn.operand_batching_dims) &&
    sameField(f[8], dn.start_indices_batching_dims) &&
    sameField(f[9], dn.start_index_map) &&
    f[10] === dn.index_vector_dim &&
    sameField(f[11], dn.slice_sizes) &&
    f[12] === dn.indices_are_sorted &&
    f[13] === o.mode &&
    f[14] === o.negative_indices &&
    Object.is(f[15], o.fill_value) &&
    f[16] === o.checked &&
    f[17] === o.oob_code &&
    f[18] === o.zero_size_dims &&
    f[19] === o.oob_order
  );
}

/**
 * The plan of a gather call (its tensors' shapes and dtypes, attributes and options), compiled
 * on first use. Invalid attributes are never cached: compiling throws the same typed error every
 * time. The plan's errors name `call.op`.
 */
export function gatherPlan(call: GatherCall): GatherPlan {
  if (gathers.last !== null && sameGatherKey(gathers.last.fields, call)) return reuse(gathers.last);
  const { operand, start_indices: indices, options, op } = call;
  return cached(gathers, gatherFields(call), () =>
    compileGather(
      operand.shape,
      operand.dtype,
      indices.shape,
      indices.dtype,
      call.dimension_numbers,
      options.op === op ? options : { ...options, op },
    ),
  );
}

/** A hit on the entry used last. */
function reuse<P>(e: Entry<P>): P {
  e.used = ++clock;
  hits++;
  return e.plan;
}

/** The plan under `fields`, from the cache or compiled (and kept, unless a field is uncacheable). */
function cached<P>(cache: Cache<P>, fields: Field[], compile: () => P): P {
  const h = hashAll(fields);
  if (h === UNCACHEABLE) return compile();
  const plan = find(cache, h, fields);
  if (plan) {
    cache.last = entryOf(cache, h, plan);
    return plan;
  }
  misses++;
  remember(cache, h, fields, compile());
  cache.last = entryOf(cache, h, null);
  return (cache.last as Entry<P>).plan;
}

/** The entry holding `plan` in bucket `h` (the newest one when `plan` is null). */
function entryOf<P>(cache: Cache<P>, h: number, plan: P | null): Entry<P> | null {
  const bucket = cache.buckets.get(h);
  if (!bucket) return null;
  return plan === null ? bucket[bucket.length - 1] : (bucket.find((e) => e.plan === plan) ?? null);
}

/** The key of a scatter: every value its plan depends on, in one order. */
function scatterFields(
  call: ScatterCall,
  inputDTypes: readonly DType[],
  updateDTypes: readonly DType[],
): Field[] {
  const { dimension_numbers: dn, options, update_computation: computation } = call;
  let comp: Field;
  if (typeof computation === 'function') {
    let id = fnIds.get(computation);
    if (id === undefined) fnIds.set(computation, (id = nextFnId++));
    comp = -id;
  } else comp = computation;
  return [
    call.op,
    inputDTypes.length === 1 ? inputDTypes[0] : inputDTypes.join(','),
    call.inputs[0].shape,
    call.scatter_indices.dtype,
    call.scatter_indices.shape,
    updateDTypes.length === 1 ? updateDTypes[0] : updateDTypes.join(','),
    call.updates[0].shape,
    dn.update_window_dims,
    dn.inserted_window_dims,
    dn.input_batching_dims,
    dn.scatter_indices_batching_dims,
    dn.scatter_dims_to_operand_dims,
    dn.index_vector_dim,
    dn.indices_are_sorted,
    dn.unique_indices,
    comp,
    options.mode,
    options.negative_indices,
    options.duplicates,
    options.include_self,
    options.checked,
    options.oob_code,
    options.duplicate_code,
    options.float_minmax,
    // A rule by place is an object: its text is the key (equal rules, equal texts).
    typeof options.float_nan === 'object' ? nanRuleText(options.float_nan) : options.float_nan,
    options.oob_order,
  ];
}

/**
 * The plan of a scatter call (its tensors' shapes and dtypes, attributes and options), compiled
 * on first use (see gatherPlan).
 */
export function scatterPlan(call: ScatterCall): ScatterPlan {
  const { inputs, scatter_indices: indices, updates, options, op } = call;
  const inputDTypes = inputs.map((t) => t.dtype);
  const updateDTypes = updates.map((t) => t.dtype);
  const fields = scatterFields(call, inputDTypes, updateDTypes);
  if (scatters.last !== null && sameFields(scatters.last.fields, fields)) return reuse(scatters.last);
  return cached(scatters, fields, () =>
    compileScatter(
      inputs[0].shape,
      inputDTypes,
      indices.shape,
      indices.dtype,
      updates[0].shape,
      updateDTypes,
      call.dimension_numbers,
      call.update_computation,
      options.op === op ? options : { ...options, op },
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// The public core entry points (core.gather, core.scatter) through the same cache

/** A list read once (a copy), so the key and the compile cannot see two different lists. */
const once = <T>(v: T): T => (Array.isArray(v) ? (Array.from(v) as T) : v);

/** Dimension numbers with each field read once (lists copied): what a call keeps. */
function readOnce<T>(dn: Record<string, unknown>, keys: readonly string[]): T {
  const d: Record<string, unknown> = {};
  for (const k of keys) d[k] = once(dn[k]);
  return d as T;
}
const GATHER_DN_KEYS = [
  'offset_dims',
  'collapsed_slice_dims',
  'operand_batching_dims',
  'start_indices_batching_dims',
  'start_index_map',
  'index_vector_dim',
  'slice_sizes',
  'indices_are_sorted',
] as const satisfies readonly (keyof GatherDimensionNumbers)[];
const SCATTER_DN_KEYS = [
  'update_window_dims',
  'inserted_window_dims',
  'input_batching_dims',
  'scatter_indices_batching_dims',
  'scatter_dims_to_operand_dims',
  'index_vector_dim',
  'indices_are_sorted',
  'unique_indices',
] as const satisfies readonly (keyof ScatterDimensionNumbers)[];

/** An object the cache may read field by field (anything else compiles uncached, and throws). */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The plan of a `core.gather` call, or null where its attributes must go to compileGather as
 * given (not objects, or an `op` that is not a string: it throws their typed error). The
 * dimension numbers and options are read once into a call of their own, so a getter or a list
 * the caller changes later cannot make the key and the plan disagree.
 */
export function coreGatherPlan(
  operand: Tensor,
  indices: Tensor,
  dn: unknown,
  options: unknown,
): GatherPlan | null {
  if (!isRecord(dn) || !isRecord(options) || !(options.op === undefined || typeof options.op === 'string'))
    return null;
  const o = resolveGatherOptions(operand.dtype, options as GatherOptions);
  const dimension_numbers = readOnce<GatherDimensionNumbers>(dn, GATHER_DN_KEYS);
  const op = o.op ?? 'stablehlo.gather';
  return gatherPlan({ kind: 'gather', op, operand, start_indices: indices, dimension_numbers, options: o });
}

/** The plan of a `core.scatter` call, or null (see coreGatherPlan; a `float_nan` rule object too). */
export function coreScatterPlan(
  inputs: readonly Tensor[],
  indices: Tensor,
  updates: readonly Tensor[],
  dn: unknown,
  computation: UpdateComputation,
  options: ScatterOptions,
): ScatterPlan | null {
  if (!isRecord(dn) || !(options.op === undefined || typeof options.op === 'string')) return null;
  if (options.float_nan !== undefined && typeof options.float_nan !== 'string') return null;
  const o = resolveScatterOptions(options);
  const dimension_numbers = readOnce<ScatterDimensionNumbers>(dn, SCATTER_DN_KEYS);
  const op = o.op ?? 'stablehlo.scatter';
  return scatterPlan({
    kind: 'scatter',
    op,
    inputs,
    scatter_indices: indices,
    updates,
    dimension_numbers,
    update_computation: computation,
    options: o,
  });
}

/** Hit and miss counts since start (or the last clear), and the plans held. */
export function planCacheStats(): {
  /** Calls that reused a cached plan. */
  hits: number;
  /** Calls that built a plan. */
  misses: number;
  /** Plans held now. */
  size: number;
} {
  return { hits, misses, size: gathers.size + scatters.size };
}

/** Drops every cached plan and resets the counts. */
export function clearPlanCache(): void {
  gathers.buckets.clear();
  scatters.buckets.clear();
  gathers.size = 0;
  scatters.size = 0;
  gathers.last = null;
  scatters.last = null;
  hits = 0;
  misses = 0;
}
