/**
 * The operator registry shared by the CLI, the behaviour tables and the explorer: every
 * framework op that can be lowered to a core call, found by reading the framework namespaces
 * (`ns.Op` plus `ns.lower.Op`), never by a hand-kept list of what exists.
 *
 * What the namespaces cannot say — which positional argument is the data, the indices, the
 * updates, an attribute — each framework states beside its ops (`SIGNATURES` of its policy
 * file, see frameworks/signature.ts). An op the table describes but
 * its namespace does not export yet is listed as `missing` (with a note) so every front end can
 * say so; a lowering a namespace exports that no description accounts for is an InternalError
 * (`registry.signature`), never a guessed signature.
 *
 * Adding an operator: export it (and `lower.<Op>`) from src/frameworks/<name>.ts; add its
 * signature line to that framework's `SIGNATURES`;
 * add its documented examples to src/tables/presets.ts.
 */
import type { CoreCall } from '../core/call.js';
import { execute } from '../core/call.js';
import { InternalError, InvalidArgumentError } from '../errors.js';
import type { DType } from '../tensor/dtype.js';
import { cast, slice } from '../tensor/ops.js';
import { type NestedArray, type Tensor, tensor } from '../tensor/tensor.js';
import { DESCRIPTIONS_OF, FRAMEWORKS, type FrameworkName, SIGNATURES_OF } from '../frameworks/index.js';
import { GATHER_DN_KEYS, SCATTER_DN_KEYS } from '../frameworks/jax/dimension-numbers.js';
import type { OpSignature } from '../frameworks/signature.js';

export type { Family, OpSignature, Param } from '../frameworks/signature.js';

/** Signatures of every framework's ops, keyed `framework.Op`, read from the frameworks (display order). */
export const SIGNATURES: Readonly<Record<string, OpSignature>> = Object.fromEntries(
  FRAMEWORKS.flatMap((fw) => Object.entries(SIGNATURES_OF[fw]).map(([name, sig]) => [`${fw}.${name}`, sig])),
);

/** Names of every lowering, nested ones dotted (`lax.gather`). */
function lowerNames(lower: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(lower).flatMap(([k, v]) =>
    typeof v === 'function'
      ? [prefix + k]
      : v && typeof v === 'object'
        ? lowerNames(v as Record<string, unknown>, `${prefix}${k}.`)
        : [],
  );
}

/** The framework namespaces, in display order (the library's one list). */
export { FRAMEWORKS, type FrameworkName } from '../frameworks/index.js';

/** Inputs of one call in framework-neutral form: what the explorer edits and presets store. */
export interface CallArgs {
  readonly data?: NestedArray;
  readonly indices: NestedArray;
  readonly updates?: NestedArray;
  /** Framework attribute names and values. */
  readonly attrs?: Readonly<Record<string, unknown>>;
  readonly version?: number | string;
  readonly dataDType?: DType;
  readonly indexDType?: DType;
  /**
   * Inputs already held as tensors (e.g. read from .npy files): used instead of the nested
   * values, cast only when a dtype above asks for another one — big inputs never become JS arrays.
   */
  readonly tensors?: { readonly data?: Tensor; readonly indices?: Tensor; readonly updates?: Tensor };
}

/** One registry entry: an op the tables, CLI and explorer can run. */
export interface OpEntry {
  /** `framework.Op`. */
  readonly id: string;
  readonly framework: string;
  readonly name: string;
  readonly signature: OpSignature;
  /** `ready`: exported with its lowering; `missing`: not exported yet; `no_lower`: exported without `lower`. */
  readonly state: 'ready' | 'missing' | 'no_lower';
  /** Why an op is not ready, or that its signature is a guess. */
  readonly note?: string;
}

type AnyFn = (...args: any[]) => any;
type Namespace = Readonly<Record<string, unknown>> & { readonly lower?: Readonly<Record<string, unknown>> };

/**
 * Builds the registry from framework namespaces (`import * as lib from 'tensor-gather-scatter'` gives
 * them all). Ops the signature table lists but a namespace lacks come back `missing`.
 */
export function buildRegistry(namespaces: Readonly<Record<string, unknown>>): OpEntry[] {
  const out: OpEntry[] = [];
  for (const fw of FRAMEWORKS) {
    const ns = (namespaces[fw] ?? {}) as Namespace;
    const lower = (ns.lower ?? {}) as Record<string, unknown>;
    const lookup = (name: string, lowered: boolean) => resolveFn(ns, name, lowered);
    const known = Object.keys(SIGNATURES_OF[fw]);
    unsigned(fw, lower, known);
    for (const name of known) {
      const id = `${fw}.${name}`;
      const signature = SIGNATURES[id];
      let note: string | undefined;
      const hasOp = typeof lookup(name, false) === 'function';
      const hasLower = typeof lookup(name, true) === 'function';
      const state = hasOp && hasLower ? 'ready' : hasOp ? 'no_lower' : 'missing';
      if (state === 'missing') note = `${id} is not exported by src/frameworks/${fw}.ts yet`;
      if (state === 'no_lower') note = `${id} has no ${fw}.lower.${name} yet (runs, but cannot be traced)`;
      out.push({ id, framework: fw, name, signature, state, ...(note ? { note } : {}) });
    }
  }
  return out;
}

/**
 * Checks that every lowering of a framework's namespace is one its description accounts for: a
 * signature, a lowering its description leaves out (`unlisted`: an index tuple, a callback), or
 * another name of a signed op's lowering (`jax.jnp` is `jax.numpy`). Anything else is a lowering
 * someone added without describing it, so no front end could build its call.
 */
function unsigned(
  fw: FrameworkName,
  lower: Readonly<Record<string, unknown>>,
  known: readonly string[],
): void {
  const unlisted = DESCRIPTIONS_OF[fw].unlisted ?? {};
  const signed = new Set(known.map((k) => resolveFn({ lower }, k, true)));
  for (const name of lowerNames(lower))
    if (
      !known.includes(name) &&
      !Object.hasOwn(unlisted, name) &&
      !signed.has(resolveFn({ lower }, name, true))
    )
      throw new InternalError(
        'registry.signature',
        `${fw}.lower.${name} has no signature: state it in the framework's SIGNATURES (or its DESCRIPTION's unlisted, with why)`,
        { op: `${fw}.${name}` },
      );
}

/** Builds the framework call's positional arguments from neutral call args. */
export function buildArgs(entry: OpEntry, args: CallArgs): unknown[] {
  const sig = entry.signature;
  // Only what the call gives: omitted attributes take the frontend's own defaults. An
  // attribute set to undefined is omitted too (the probes use this to ask for a default).
  const attrs = Object.fromEntries(Object.entries(args.attrs ?? {}).filter(([, v]) => v !== undefined));
  const positional = new Set(
    sig.params.flatMap((p) => (typeof p === 'object' && 'attr' in p ? [p.attr] : [])),
  );
  const data = dataOf(args);
  const out: unknown[] = [];
  for (const p of sig.params) {
    if (p === 'data') out.push(need(data, entry, 'data'));
    else if (p === 'indices') out.push(tupleOr(sig, indicesOf(args, sig)));
    else if (p === 'updates') out.push(updatesOf(entry, args, args.dataDType ?? data?.dtype));
    else if (p === 'attrs')
      out.push(Object.fromEntries(Object.entries(attrs).filter(([k]) => !positional.has(k))));
    else if (p === 'version')
      // No version given: the frontend's own default (e.g. ONNX's latest opset).
      out.push(sig.version && args.version !== undefined ? { [sig.version.key]: args.version } : {});
    else if ('desc' in p) out.push(descriptor(entry, p.desc, attrs, data, args));
    else out.push(attrs[p.attr]);
  }
  return out;
}

/** A DirectML-style descriptor: tensors under their field names, attributes beside them, dimension counts from ranks. */
function descriptor(
  entry: OpEntry,
  fields: Readonly<Record<'data' | 'indices' | 'updates', string>>,
  attrs: Record<string, unknown>,
  data: Tensor | undefined,
  args: CallArgs,
): Record<string, unknown> {
  const d = need(data, entry, 'data');
  const idx = indicesOf(args, entry.signature);
  const desc: Record<string, unknown> = { [fields.data]: d, [fields.indices]: idx };
  if (entry.signature.kind === 'scatter')
    desc[fields.updates] = updatesOf(entry, args, args.dataDType ?? d.dtype);
  if (entry.signature.family === 'nd' || entry.signature.family === 'scatter_nd') {
    desc.InputDimensionCount = d.rank;
    desc.IndicesDimensionCount = idx.rank;
  }
  return { ...desc, ...attrs };
}

/** A given tensor, cast only when `dtype` names another dtype. */
function given(t: Tensor, dtype: DType | undefined): Tensor {
  return dtype === undefined || dtype === t.dtype ? t : cast(t, dtype);
}

function dataOf(args: CallArgs): Tensor | undefined {
  if (args.tensors?.data) return given(args.tensors.data, args.dataDType);
  return args.data === undefined ? undefined : toTensor(args.data, args.dataDType);
}

function indicesOf(args: CallArgs, sig: OpSignature): Tensor {
  // A given index tensor keeps its dtype unless the call names one (the op then checks it).
  if (args.tensors?.indices) return given(args.tensors.indices, args.indexDType);
  return toTensor(args.indices, args.indexDType ?? sig.indexDType ?? 'int64');
}

function updatesOf(entry: OpEntry, args: CallArgs, dtype: DType | undefined): Tensor {
  if (args.tensors?.updates) return given(args.tensors.updates, dtype);
  const u = need(args.updates, entry, 'updates');
  return toTensor(u, dtype ?? tensor(u).dtype);
}

/** The indices, or for an index-tuple op its arrays (stacked along the first dim) one by one. */
function tupleOr(sig: OpSignature, t: Tensor): Tensor | Tensor[] {
  if (!sig.indexTuple) return t;
  const rest = t.shape.slice(1);
  return Array.from({ length: t.shape[0] ?? 0 }, (_, k) =>
    slice(t, [k, ...rest.map(() => 0)], [1, ...rest]).reshape(rest),
  );
}

function need<T>(v: T | undefined, entry: OpEntry, what: string): T {
  if (v === undefined)
    throw new InvalidArgumentError('registry.missing_input', `${entry.id}: needs ${what}`, { input: what });
  return v;
}

/** A tensor from nested JS values; integers default to int32, anything else to float32. */
export function toTensor(values: NestedArray, dtype?: DType): Tensor {
  if (dtype) return tensor(values, dtype);
  const t = tensor(values);
  return t.dtype === 'float64' ? tensor(values, 'float32') : t;
}

/**
 * Finds `name` (possibly dotted, e.g. `lax.gather`) in a namespace; lowered: `lower.<name>`,
 * or `<prefix>.lower.<last>` for nested namespaces.
 */
function resolveFn(ns: Namespace, name: string, lowered: boolean): unknown {
  const path = name.split('.');
  const get = (root: unknown, parts: readonly string[]): unknown =>
    parts.reduce<unknown>(
      (o, k) =>
        o !== null && (typeof o === 'object' || typeof o === 'function') ? (o as any)[k] : undefined,
      root,
    );
  if (!lowered) return get(ns, path);
  return get(ns, ['lower', ...path]) ?? get(ns, [...path.slice(0, -1), 'lower', path[path.length - 1]]);
}

function fn(namespaces: Readonly<Record<string, unknown>>, entry: OpEntry, lowered: boolean): AnyFn {
  const ns = (namespaces[entry.framework] ?? {}) as Namespace;
  const f = resolveFn(ns, entry.name, lowered);
  if (typeof f !== 'function')
    throw new InvalidArgumentError('registry.unavailable', entry.note ?? `${entry.id} is not available`);
  return f as AnyFn;
}

/** Lowers a call to its core call (validation included; throws the framework's typed errors). */
export function lowerCall(
  namespaces: Readonly<Record<string, unknown>>,
  entry: OpEntry,
  args: CallArgs,
): CoreCall {
  return fn(namespaces, entry, true)(...buildArgs(entry, args)) as CoreCall;
}

/** Runs a call through the framework function itself (not the lowering). */
export function runCall(
  namespaces: Readonly<Record<string, unknown>>,
  entry: OpEntry,
  args: CallArgs,
): Tensor {
  const result = fn(namespaces, entry, false)(...buildArgs(entry, args));
  return Array.isArray(result) ? (result[0] as Tensor) : (result as Tensor);
}

/** Lowers then executes; the explorer and tables use this so the picture and the value share one call. */
export function executeCall(
  namespaces: Readonly<Record<string, unknown>>,
  entry: OpEntry,
  args: CallArgs,
): Tensor {
  if (entry.state === 'no_lower') return runCall(namespaces, entry, args);
  return execute(lowerCall(namespaces, entry, args));
}

/** Ops of the same family in other frameworks ("same call elsewhere"), ready ones first. */
export function peersOf(registry: readonly OpEntry[], entry: OpEntry): OpEntry[] {
  return registry.filter((e) => e.id !== entry.id && e.signature.family === entry.signature.family);
}

/**
 * Translates the canonical attributes (`axis`, `batch_dims`) of a call to a peer's names, so
 * "the same call" means the same data, indices, updates and axis.
 */
export function translateArgs(from: OpEntry, to: OpEntry, args: CallArgs): CallArgs {
  const canon: Record<string, unknown> = {};
  const a = args.attrs ?? {};
  for (const key of ['axis', 'batch_dims'] as const) {
    const name = from.signature.aliases?.[key] ?? key;
    if (a[name] !== undefined) canon[key] = a[name];
  }
  const attrs: Record<string, unknown> = { ...(to.signature.example ?? {}) };
  for (const [key, v] of Object.entries(canon)) {
    const name = to.signature.aliases?.[key as 'axis'] ?? key;
    if (name in attrs || key === 'axis') attrs[name] = v;
  }
  // StableHLO ↔ jax.lax: the same dimension numbers, spelled as JAX groups them.
  Object.assign(
    attrs,
    generalAttrs(from, to, a, () => tensor(args.indices).rank),
  );
  // tf.scatter_nd / mxnet.scatter_nd take a shape instead of data.
  if ('shape' in attrs && args.data !== undefined) attrs.shape = tensor(args.data).shape;
  const { version: _v, ...rest } = args;
  return { ...rest, attrs };
}

/** Dimension numbers carried between stablehlo.* and jax.lax.* (JAX fixes index_vector_dim to the last dim). */
function generalAttrs(
  from: OpEntry,
  to: OpEntry,
  a: Readonly<Record<string, unknown>>,
  indicesRank: () => number,
): Record<string, unknown> {
  const pair = `${from.framework}>${to.framework}`;
  const gather = from.signature.kind === 'gather';
  if (pair === 'stablehlo>jax' && to.name.startsWith('lax.')) {
    const pick = (keys: readonly string[]) =>
      Object.fromEntries(keys.filter((k) => a[k] !== undefined).map((k) => [k, a[k]]));
    if (gather)
      return {
        dimension_numbers: pick(GATHER_DN_KEYS),
        slice_sizes: a.slice_sizes,
        ...pick(['mode', 'fill_value', 'indices_are_sorted']),
      };
    const dn = pick(SCATTER_DN_KEYS.map((k) => (k === 'operand_batching_dims' ? 'input_batching_dims' : k)));
    if ('input_batching_dims' in dn) {
      dn.operand_batching_dims = dn.input_batching_dims;
      delete dn.input_batching_dims;
    }
    return { dimension_numbers: dn, ...pick(['mode', 'indices_are_sorted', 'unique_indices']) };
  }
  if (pair === 'jax>stablehlo' && from.name.startsWith('lax.')) {
    const dn = (a.dimension_numbers ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = { ...dn, index_vector_dim: indicesRank() - 1 };
    if (gather) out.slice_sizes = a.slice_sizes;
    else if ('operand_batching_dims' in dn) {
      out.input_batching_dims = dn.operand_batching_dims;
      delete out.operand_batching_dims;
    }
    for (const k of ['mode', 'fill_value', 'indices_are_sorted', 'unique_indices'])
      if (a[k] !== undefined) out[k] = a[k];
    return out;
  }
  return {};
}
