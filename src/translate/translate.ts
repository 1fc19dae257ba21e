/**
 * Translation of a lowered call into another framework: `translate(call, framework)` finds the
 * op of `framework` that makes the same call (the explorer's "same call elsewhere"), built on
 * the op registry and checked by executing.
 *
 * 1. The call's addressing is recognised by rebuilding it with the family builders
 *    (src/frameworks/families.ts): take along an axis (with batch dims), element-wise along an
 *    axis, nd (index vectors last or first, batch dims), flat, or general dimension numbers.
 *    Each recognised form gives framework-neutral arguments: data, indices, updates, axis,
 *    batch dims (the caller's own tensors, before any flattening, stacking or transposing).
 * 2. Every registered op of the target framework whose family takes that form is lowered with
 *    those arguments, under each of its modes, reductions, versions and index dtypes.
 * 3. A candidate is the same call only if it is *structurally* equal: both lowered calls run
 *    with the same normalised policy (clip, negative = out of bounds, duplicates applied) on
 *    position-encoding data give the same result. Among those, the one that agrees on the
 *    caller's own tensors and whose policy differs least wins.
 * 4. Every policy difference is stated (negative indices, out-of-bounds mode, fill value,
 *    duplicates, include_self, dtypes, result shape), and so is any disagreement of the two
 *    calls on the caller's tensors (a value, or an error on one side only).
 * 5. A target that computes something else on valid inputs — another include_self, another
 *    float min/max rule for ±0 ties and NaNs — is never returned: with no other candidate the
 *    answer is `translate.no_equivalent`, its message naming each such target and why.
 *
 * Rules (codes `translate.<rule>`): `framework` (unknown framework), `no_equivalent` (no op of
 * the framework makes this call; the message names why), `variadic` (N-input scatters).
 */
import { checkCall, checkOptions } from '../core/check-call.js';
import { singleOp } from '../ir/surface.js';
import type { ProgramCall } from '../ir/lowered.js';
import { type CoreCall, type GatherCall, type ScatterCall, execute } from '../core/call.js';
import { mappedGatherShape } from '../core/gather.js';
import type { GatherDimensionNumbers, ScatterDimensionNumbers } from '../core/types.js';
import { GATHER_DIMENSION_FIELDS, SCATTER_DIMENSION_FIELDS } from '../core/types.js';
import { GatherScatterError, InvalidArgumentError, fmt } from '../errors.js';
import {
  alongAxis,
  alongAxisGatherDims,
  alongAxisScatterDims,
  ndGather,
  ndScatter,
  takeGatherDims,
  takeScatterDims,
} from '../frameworks/families.js';
import { FRAMEWORKS, type FrameworkName, NAMESPACES } from '../frameworks/index.js';
import type { OpNameOf } from '../frameworks/op-names.js';
import { FRAMEWORK_ALIASES } from './aliases.js';
import type { DType } from '../tensor/dtype.js';
import { isComplex } from '../tensor/complex.js';
import { complexMulOrder, complexOrder } from '../core/complex.js';
import { nanRuleText } from '../core/kernels.js';
import { moveAxis } from '../tensor/ops.js';
import { type NestedArray, Tensor } from '../tensor/tensor.js';
import {
  type CallArgs,
  type Family,
  type OpEntry,
  buildArgs,
  buildRegistry,
  lowerCall,
} from '../tables/registry.js';

/** No op of the target framework makes the call (the code says why). */
export class TranslateError extends GatherScatterError {}

const fail = (rule: string, message: string, details: Record<string, unknown> = {}): never => {
  throw new TranslateError(`translate.${rule}`, `translate: ${message}`, details);
};

/** The same call in another framework (`F`, the target's canonical name). */
export interface Translation<F extends FrameworkName = FrameworkName> {
  /** The target framework. */
  readonly framework: F;
  /** The target op, `framework.Op` (registry id). */
  readonly op: OpNameOf<F>;
  /** The target op's positional arguments, as its function takes them. */
  readonly args: readonly unknown[];
  /** The same arguments in framework-neutral form (what the explorer edits). */
  readonly callArgs: CallArgs;
  /** The target op's lowered call. */
  readonly call: CoreCall;
  /** Where the two calls' policies or results differ (empty: the same call, same behaviour). */
  readonly differences: readonly string[];
}

export interface TranslateOptions {
  /** The registry to search (default: every framework namespace of this library). */
  readonly registry?: readonly OpEntry[];
  /** The namespaces the registry's ops are found in (default: this library's). */
  readonly namespaces?: Readonly<Record<string, unknown>>;
}

// ---------------------------------------------------------------------------------------------
// 1. recognising the call

type FormFamily = 'take' | 'elements' | 'nd' | 'flat' | 'general';

/** A call in framework-neutral terms. */
interface Form {
  readonly family: FormFamily;
  readonly data: Tensor;
  /** Indices as the framework takes them (nd: index vectors last). */
  readonly indices: Tensor;
  readonly updates?: Tensor;
  readonly axis?: number;
  readonly batchDims?: number;
  /** general: the dimension numbers, index vectors last. */
  readonly gatherDn?: GatherDimensionNumbers;
  readonly scatterDn?: ScatterDimensionNumbers;
}

/** A framework `translate` can target: its name, or the alias the main entry exports (`tf`). */
export type TranslateTarget = FrameworkName | keyof typeof FRAMEWORK_ALIASES;

/** The framework a target names: `CanonicalFramework<'tf'>` is `'tensorflow'`. */
export type CanonicalFramework<T extends TranslateTarget> = T extends keyof typeof FRAMEWORK_ALIASES
  ? (typeof FRAMEWORK_ALIASES)[T]
  : T;

const list = (x: readonly number[] | undefined) => x ?? [];
const same = (x: readonly number[] | undefined, y: readonly number[] | undefined) => {
  const a = list(x);
  const b = list(y);
  return a.length === b.length && a.every((v, i) => v === b[i]);
};
/**
 * Dimension numbers that agree on every spec field (absent batching lists are []; the promises
 * are not compared).
 */
const sameFields = <D extends object>(a: D, b: D, fields: readonly (keyof D & string)[]) =>
  fields.every((f) =>
    f === 'index_vector_dim' ? a[f] === b[f] : same(a[f] as readonly number[], b[f] as readonly number[]),
  );
const sameGatherDn = (a: GatherDimensionNumbers, b: GatherDimensionNumbers) =>
  sameFields(a, b, GATHER_DIMENSION_FIELDS) && same(a.slice_sizes, b.slice_sizes);
const sameScatterDn = (a: ScatterDimensionNumbers, b: ScatterDimensionNumbers) =>
  sameFields(a, b, SCATTER_DIMENSION_FIELDS);

const POLICY = { mode: 'clip' as const, negative_indices: 'out_of_bounds' as const };

/** Component 0 of index vectors stacked along the last dim (an element-wise call's own index). */
function firstComponent(indices: Tensor): Tensor {
  const k = indices.shape[indices.rank - 1];
  const n = indices.size / k;
  const src = indices.data as unknown as ArrayLike<number | bigint>;
  const Ctor = (indices.data as unknown as { constructor: new (n: number) => ArrayLike<unknown> })
    .constructor;
  const out = new Ctor(n) as unknown as (number | bigint)[];
  for (let e = 0; e < n; e++) out[e] = src[e * k];
  return new Tensor(indices.dtype, indices.shape.slice(0, -1), out as never);
}

function gatherForms(call: GatherCall): Form[] {
  const forms: Form[] = [];
  const x = call.operand;
  const i = call.start_indices;
  const dn = call.dimension_numbers;
  const q = i.rank;
  const map = dn.start_index_map;
  // take along `axis` after b batch dims
  if (dn.index_vector_dim === q && map.length === 1) {
    const axis = map[0];
    const b = list(dn.operand_batching_dims).length;
    if (b <= axis && sameGatherDn(dn, takeGatherDims(x.shape, q, axis, b))) {
      forms.push({ family: 'take', data: x, indices: i, axis, batchDims: b });
      if (x.rank === 1 && b === 0) forms.push({ family: 'flat', data: x, indices: i });
      // the first non-batch axis is also nd with 1-vectors
      if (axis === b)
        forms.push({ family: 'nd', data: x, indices: i.reshape([...i.shape, 1]), batchDims: b });
    }
  }
  // element-wise along map[0] (index itself, or stacked with iota components / a vector dim of 1)
  if (dn.offset_dims.length === 0 && map.length >= 1) {
    const own = dn.index_vector_dim === q ? i : dn.index_vector_dim === q - 1 ? firstComponent(i) : undefined;
    if (own && own.rank === x.rank) {
      try {
        const a = alongAxis(own, x.shape, map[0]);
        const rebuilt = alongAxisGatherDims(a, x.rank);
        const vectorOf1 = dn.index_vector_dim === q - 1 && map.length === 1;
        if (
          (vectorOf1 && same(dn.start_index_map, a.index_map) && sameParts(dn, rebuilt)) ||
          sameGatherDn(dn, rebuilt)
        )
          forms.push({ family: 'elements', data: x, indices: own, axis: map[0] });
      } catch (e) {
        // alongAxis refuses an index whose shape does not fit outside the axis: not element-wise
        if (!(e instanceof InvalidArgumentError)) throw e;
      }
    }
  }
  // nd: index vectors last or first, b batch dims
  for (const vector of ['last', 'first'] as const) {
    if (q < 1) break;
    const ivd = vector === 'last' ? q - 1 : 0;
    if (dn.index_vector_dim !== ivd || (vector === 'first' && q - 1 === 0)) continue;
    const b = list(dn.operand_batching_dims).length;
    if (vector === 'first' && b > 0) continue;
    if (i.shape[ivd] + b > x.rank) continue;
    const rebuilt = ndGather({ op: 'translate' }, x, i, POLICY, { batchDims: b, vector });
    if (sameGatherDn(dn, rebuilt.dimension_numbers)) {
      const last = vector === 'last' ? i : moveAxis(i, 0, q - 1);
      forms.push({ family: 'nd', data: x, indices: last, batchDims: b });
    }
  }
  forms.push({ family: 'general', ...generalGather(call) });
  return forms;
}

/** Dimension numbers equal but for index_vector_dim (a trailing vector dim of size 1). */
function sameParts(a: GatherDimensionNumbers, b: GatherDimensionNumbers): boolean {
  return sameGatherDn({ ...a, index_vector_dim: 0 }, { ...b, index_vector_dim: 0 });
}

/** The general form: index vectors moved to the last indices dim (as JAX and MLIR take them). */
function generalGather(call: GatherCall): Omit<Form, 'family'> {
  const dn = call.dimension_numbers;
  const [indices, ivdMap] = vectorLast(call.start_indices, dn.index_vector_dim);
  return {
    data: call.operand,
    indices,
    gatherDn: {
      ...dn,
      start_indices_batching_dims: list(dn.start_indices_batching_dims).map(ivdMap),
      index_vector_dim: indices.rank - 1,
    },
  };
}

/** Indices with their index vectors along the last dim, and where the other dims went. */
function vectorLast(i: Tensor, ivd: number): [Tensor, (d: number) => number] {
  const q = i.rank;
  if (ivd === q) return [i.reshape([...i.shape, 1]), (d) => d];
  if (ivd === q - 1) return [i, (d) => d];
  return [moveAxis(i, ivd, q - 1), (d) => (d > ivd ? d - 1 : d)];
}

function scatterForms(call: ScatterCall): Form[] {
  const forms: Form[] = [];
  const x = call.inputs[0];
  const i = call.scatter_indices;
  const u = call.updates[0];
  const dn = call.dimension_numbers;
  const q = i.rank;
  const map = dn.scatter_dims_to_operand_dims;
  // a final reshape other than to the input's own shape (a flat scatter's) keeps only flat / general
  const reshaped = call.reshape !== undefined && !same(call.reshape, x.shape);
  if (dn.index_vector_dim === q && map.length === 1) {
    const axis = map[0];
    const b = list(dn.input_batching_dims).length;
    if (b <= axis && sameScatterDn(dn, takeScatterDims(x.rank, q, axis, b))) {
      if (!reshaped) forms.push({ family: 'take', data: x, indices: i, updates: u, axis, batchDims: b });
      if (!reshaped && axis === b)
        forms.push({ family: 'nd', data: x, indices: i.reshape([...i.shape, 1]), updates: u, batchDims: b });
      if (x.rank === 1 && b === 0)
        forms.push({
          family: 'flat',
          data: reshaped && sizeOf(call.reshape ?? []) === x.size ? x.reshape(call.reshape ?? []) : x,
          indices: i,
          updates: u,
        });
    }
  }
  if (dn.update_window_dims.length === 0 && map.length >= 1 && !reshaped) {
    const own = dn.index_vector_dim === q ? i : dn.index_vector_dim === q - 1 ? firstComponent(i) : undefined;
    if (own && own.rank === x.rank) {
      try {
        const a = alongAxis(own, x.shape, map[0]);
        const rebuilt = alongAxisScatterDims(a);
        const vectorOf1 = dn.index_vector_dim === q - 1 && map.length === 1;
        if (
          sameScatterDn(dn, rebuilt) ||
          (vectorOf1 && sameScatterDn({ ...dn, index_vector_dim: 0 }, { ...rebuilt, index_vector_dim: 0 }))
        )
          forms.push({ family: 'elements', data: x, indices: own, updates: u, axis: map[0] });
      } catch (e) {
        // alongAxis refuses an index whose shape does not fit outside the axis: not element-wise
        if (!(e instanceof InvalidArgumentError)) throw e;
      }
    }
  }
  for (const vector of ['last', 'first'] as const) {
    if (q < 1 || reshaped) break;
    const ivd = vector === 'last' ? q - 1 : 0;
    if (dn.index_vector_dim !== ivd || (vector === 'first' && q - 1 === 0)) continue;
    const b = list(dn.input_batching_dims).length;
    if (vector === 'first' && b > 0) continue;
    if (i.shape[ivd] + b > x.rank) continue;
    const rebuilt = ndScatter({ op: 'translate' }, x, i, u, 'replace', POLICY, { batchDims: b, vector });
    if (sameScatterDn(dn, rebuilt.dimension_numbers)) {
      const last = vector === 'last' ? i : moveAxis(i, 0, q - 1);
      forms.push({ family: 'nd', data: x, indices: last, updates: u, batchDims: b });
    }
  }
  const [indices, ivdMap] = vectorLast(i, dn.index_vector_dim);
  forms.push({
    family: 'general',
    data: x,
    indices,
    updates: u,
    scatterDn: {
      ...dn,
      scatter_indices_batching_dims: list(dn.scatter_indices_batching_dims).map(ivdMap),
      index_vector_dim: indices.rank - 1,
    },
  });
  return forms;
}

const sizeOf = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);

// ---------------------------------------------------------------------------------------------
// 2. candidate calls in the target framework

const TARGETS: Record<FormFamily, { gather: Family[]; scatter: Family[] }> = {
  take: { gather: ['take', 'batch_take'], scatter: ['scatter_take'] },
  elements: { gather: ['elements', 'pick', 'batch_take'], scatter: ['scatter_elements'] },
  nd: { gather: ['nd'], scatter: ['scatter_nd'] },
  flat: { gather: ['flat'], scatter: ['scatter_flat'] },
  general: { gather: ['general'], scatter: ['scatter_general'] },
};

/** Attribute sets that choose a reduction, tried on scatters (each frontend accepts its own). */
function reductionOverlays(call: ScatterCall): Record<string, unknown>[] {
  const comp = call.update_computation;
  const self = call.options.include_self !== false;
  const out: Record<string, unknown>[] = [{}];
  if (typeof comp === 'function') {
    // an affine custom computation c + b·u is index_add's alpha
    const f = (c: number, v: number) => Number(comp(c, v));
    const alpha = f(0, 1) - f(0, 0);
    if (f(0, 0) === 0 && f(1, 0) === 1) out.push({ alpha });
    return out;
  }
  const onnx: Record<string, string> = { replace: 'none', add: 'add', mul: 'mul', min: 'min', max: 'max' };
  const torch: Record<string, string> = { add: 'sum', mul: 'prod', mean: 'mean', min: 'amin', max: 'amax' };
  const old: Record<string, string> = { add: 'add', mul: 'multiply' };
  out.push({ update_computation: comp });
  if (onnx[comp]) out.push({ reduction: onnx[comp] });
  if (torch[comp]) out.push({ reduce: torch[comp], include_self: self }, { reduce: torch[comp] });
  if (old[comp]) out.push({ reduce: old[comp] });
  return out;
}

const GENERAL_MODES = {
  gather: ['fill', 'clip', 'promise_in_bounds'],
  scatter: ['drop', 'clip', 'promise_in_bounds'],
};

interface Candidate {
  readonly entry: OpEntry;
  readonly callArgs: CallArgs;
  readonly form: Form;
}

/** A tensor as nested values (CallArgs form). */
const nested = (t: Tensor): NestedArray => t.toArray() as NestedArray;

/** The attribute spellings of the form for one target op (axis, batch_dims, dimension numbers, shape). */
function formAttrs(entry: OpEntry, form: Form): Record<string, unknown> | undefined {
  const sig = entry.signature;
  const attrs: Record<string, unknown> = { ...(sig.example ?? {}) };
  const axisName = sig.aliases?.axis ?? 'axis';
  const batchName = sig.aliases?.batch_dims ?? 'batch_dims';
  if (form.axis !== undefined) {
    const positional = sig.params.some((p) => typeof p === 'object' && 'attr' in p && p.attr === axisName);
    if (axisName in attrs || positional || sig.params.includes('attrs')) attrs[axisName] = form.axis;
  }
  if ((form.batchDims ?? 0) > 0) attrs[batchName] = form.batchDims;
  else if (batchName in attrs) attrs[batchName] = 0;
  if ('shape' in attrs) attrs.shape = [...form.data.shape];
  if (form.family === 'general') {
    const general = generalAttrs(entry, form);
    if (!general) return undefined;
    for (const k of Object.keys(attrs)) if (!(k in general) && k !== 'update_computation') delete attrs[k];
    Object.assign(attrs, general);
  }
  return attrs;
}

function generalAttrs(entry: OpEntry, form: Form): Record<string, unknown> | undefined {
  const g = form.gatherDn;
  const s = form.scatterDn;
  if (entry.framework === 'stablehlo') {
    if (g) return { ...g };
    if (s) return { ...s };
  }
  if (entry.framework === 'jax') {
    if (g) {
      const { slice_sizes, index_vector_dim: _i, indices_are_sorted: _s, ...dn } = g;
      return { dimension_numbers: dn, slice_sizes };
    }
    if (s) {
      const {
        index_vector_dim: _i,
        indices_are_sorted: _s,
        unique_indices: _u,
        input_batching_dims,
        ...dn
      } = s;
      return { dimension_numbers: { ...dn, operand_batching_dims: input_batching_dims ?? [] } };
    }
  }
  if (entry.framework === 'mlir') {
    if (g) return { gather_dims: [...g.start_index_map], unique: false };
    if (s) return { scatter_dims: [...s.scatter_dims_to_operand_dims], unique: s.unique_indices === true };
  }
  return undefined;
}

/** Neutral arguments of one form for one target op (before mode / reduction / version variants). */
function baseArgs(entry: OpEntry, form: Form): CallArgs[] {
  const sig = entry.signature;
  const attrs = formAttrs(entry, form);
  if (!attrs) return [];
  let indices = form.indices;
  let updates = form.updates;
  const variants: CallArgs[] = [];
  if (sig.indexVector === 'first' && form.family === 'nd') indices = moveAxis(indices, indices.rank - 1, 0);
  if (entry.framework === 'mlir' && form.family === 'general' && updates) {
    // rank-preserving updates: the scattered dims stay as size 1
    const dims = form.scatterDn?.scatter_dims_to_operand_dims ?? [];
    const shape = [
      ...indices.shape.slice(0, -1),
      ...form.data.shape.map((n, d) => (dims.includes(d) ? 1 : n)),
    ];
    if (sizeOf(shape) === updates.size) updates = updates.reshape(shape);
  }
  if (updates && !takesUpdates(entry)) {
    attrs.value = uniform(updates);
    updates = undefined;
  }
  const base = (idx: Tensor, extra: Record<string, unknown> = {}): CallArgs => ({
    data: nested(form.data),
    indices: nested(idx),
    ...(updates ? { updates: nested(updates) } : {}),
    attrs: { ...attrs, ...extra },
    dataDType: form.data.dtype,
    indexDType: idx.dtype,
    // The values as tensors too: nested values lose an empty tensor's shape ([0, 3] reads as [0]).
    tensors: { data: form.data, indices: idx, ...(updates ? { updates } : {}) },
  });
  if (sig.family === 'pick') {
    // pick: the index without its axis dim (size 1), keepdims
    const axis = form.axis ?? 0;
    if (indices.shape[axis] !== 1) return [];
    const squeezed = indices.reshape(indices.shape.filter((_, d) => d !== axis));
    variants.push(base(squeezed, { keepdims: true }), base(squeezed));
    return variants;
  }
  if (sig.family === 'batch_take' && form.family === 'elements') {
    const axis = form.axis ?? 0;
    if (indices.shape[axis] !== 1) return [];
    variants.push(base(indices.reshape(indices.shape.filter((_, d) => d !== axis))));
    return variants;
  }
  variants.push(base(indices));
  // DirectML right-aligns tensors to one dimension count: indices padded with leading 1s
  if (entry.framework === 'directml' && indices.rank < form.data.rank) {
    const padded = indices.reshape([...new Array(form.data.rank - indices.rank).fill(1), ...indices.shape]);
    const extra = 'IndexDimensions' in attrs ? { IndexDimensions: indices.rank } : {};
    variants.push(base(padded, extra));
  }
  return variants;
}

/** Every variant (index dtype, mode, reduction, version) of the base arguments. */
function variantsOf(entry: OpEntry, call: CoreCall, args: CallArgs): CallArgs[] {
  const sig = entry.signature;
  const out: CallArgs[] = [];
  const dtypes = [args.indexDType, sig.indexDType].filter((d, k, a): d is DType => !!d && a.indexOf(d) === k);
  const modes: (string | undefined)[] = [undefined];
  if (sig.modes) modes.push(...sig.modes);
  else if (sig.family === 'general' || sig.family === 'scatter_general')
    if (entry.framework === 'jax') modes.push(...GENERAL_MODES[call.kind]);
  const overlays = call.kind === 'scatter' ? reductionOverlays(call) : [{}];
  const allowed = (k: string) =>
    sig.params.includes('attrs') ||
    sig.params.some((p) => typeof p === 'object' && 'attr' in p && p.attr === k);
  const versions: (number | string | undefined)[] = [undefined, ...(sig.version?.values ?? [])];
  for (const overlay of overlays) {
    if (!Object.keys(overlay).every(allowed)) continue;
    for (const mode of modes) {
      if (mode !== undefined && !allowed('mode')) continue;
      for (const version of versions)
        for (const indexDType of dtypes) {
          const attrs: Record<string, unknown> = {
            ...(args.attrs ?? {}),
            ...overlay,
            ...(mode === undefined ? {} : { mode }),
          };
          if (call.kind === 'gather' && mode === 'fill' && call.options.mode === 'fill')
            attrs.fill_value = call.options.fill_value;
          out.push({ ...args, attrs, indexDType, ...(version === undefined ? {} : { version }) });
        }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// 3. checks by executing

/** 0, 1, 2, … in float64 with `t`'s shape (position-encoding values). */
function iota(t: Tensor, offset = 0): Tensor {
  const data = new Float64Array(t.size);
  for (let k = 0; k < data.length; k++) data[k] = offset + k;
  return new Tensor('float64', t.shape, data);
}

/** The call on position-encoding data under one normalised index policy. */
function normalised(call: CoreCall): CoreCall {
  const { out: _o, wording: _w, atomic_out: _a, ...bare } = call;
  if (bare.kind === 'gather')
    return {
      ...bare,
      operand: iota(bare.operand),
      options: {
        ...bare.options,
        mode: 'clip',
        negative_indices: 'out_of_bounds',
        checked: false,
        out: undefined,
      },
    } as GatherCall;
  return {
    ...bare,
    inputs: [iota(bare.inputs[0])],
    updates: [iota(bare.updates[0], 1_000_000)],
    options: {
      ...bare.options,
      mode: 'clip',
      negative_indices: 'out_of_bounds',
      duplicates: 'apply',
      checked: false,
      out: undefined,
    },
  } as ScatterCall;
}

type Outcome = { ok: true; value: Tensor } | { ok: false; error: unknown };

function run(call: CoreCall): Outcome {
  try {
    const { out: _o, ...bare } = call;
    return { ok: true, value: execute(bare as CoreCall) };
  } catch (error) {
    return { ok: false, error };
  }
}

const bytesEqual = (a: Tensor, b: Tensor) => {
  const x = new Uint8Array(a.data.buffer, a.data.byteOffset, a.data.byteLength);
  const y = new Uint8Array(b.data.buffer, b.data.byteOffset, b.data.byteLength);
  return x.length === y.length && x.every((v, k) => v === y[k]);
};

/** Same elements in the same order (shapes may differ by a reshape). */
function sameValues(a: Tensor, b: Tensor): boolean {
  if (a.size !== b.size) return false;
  if (a.dtype === b.dtype) return bytesEqual(a, b);
  const x = a.toFlatArray();
  const y = b.toFlatArray();
  return x.every((v, k) => String(v) === String(y[k]));
}

function structurallyEqual(source: CoreCall, target: CoreCall): boolean {
  const a = run(normalised(source));
  const b = run(normalised(target));
  return a.ok && b.ok && sameValues(a.value, b.value);
}

// ---------------------------------------------------------------------------------------------
// 4. differences

const GATHER_MODE: Record<string, string> = {
  error: 'fails on an out-of-bounds index',
  clip: 'clamps an out-of-bounds index into range',
  fill: 'fills an out-of-bounds read with the fill value',
  wrap: 'wraps an out-of-bounds index around the dim',
  promise_in_bounds: 'leaves an out-of-bounds index undefined (clamped here, as XLA does)',
};
const SCATTER_MODE: Record<string, string> = {
  error: 'fails on an out-of-bounds index',
  skip: 'skips the out-of-bounds elements of an update window',
  drop: 'drops an update whose window is out of bounds',
  clip: 'clamps an out-of-bounds index into range',
  wrap: 'wraps an out-of-bounds index around the dim',
  promise_in_bounds: 'leaves an out-of-bounds update undefined (dropped here, as XLA does)',
};
const NEGATIVE: Record<string, string> = {
  from_end: 'reads a negative index from the end',
  out_of_bounds: 'treats a negative index as out of bounds',
};

const finalShape = (call: CoreCall): readonly number[] =>
  call.reshape ??
  (call.kind === 'gather'
    ? mappedGatherShape(call.operand.shape, call.start_indices.shape, call.dimension_numbers, call.options)
        .resultShape
    : call.inputs[0].shape);

function policyDifferences(source: CoreCall, target: CoreCall, name: string): string[] {
  const d: string[] = [];
  const s = source.options;
  const t = target.options;
  const src = source.op;
  if ((s.negative_indices ?? 'out_of_bounds') !== (t.negative_indices ?? 'out_of_bounds'))
    d.push(
      `negative indices: ${src} ${NEGATIVE[s.negative_indices ?? 'out_of_bounds']}; ${name} ${NEGATIVE[t.negative_indices ?? 'out_of_bounds']}`,
    );
  const modes = source.kind === 'gather' ? GATHER_MODE : SCATTER_MODE;
  if (s.mode !== t.mode)
    d.push(
      `out-of-bounds indices: ${src} ${modes[s.mode ?? ''] ?? s.mode}; ${name} ${modes[t.mode ?? ''] ?? t.mode}`,
    );
  else if (source.kind === 'gather' && target.kind === 'gather' && s.mode === 'fill') {
    const a = source.options.fill_value;
    const b = target.options.fill_value;
    if (String(a) !== String(b)) d.push(`fill value: ${src} fills with ${fmt(a)}; ${name} with ${fmt(b)}`);
  }
  if (source.kind === 'scatter' && target.kind === 'scatter') {
    const sd = source.options.duplicates ?? 'apply';
    const td = target.options.duplicates ?? 'apply';
    const dup = (v: string, call: ScatterCall) =>
      v === 'error'
        ? 'fails on duplicate indices'
        : call.update_computation === 'replace'
          ? 'applies duplicate updates in order (the last wins)'
          : 'combines duplicate updates';
    if (sd !== td) d.push(`duplicate indices: ${src} ${dup(sd, source)}; ${name} ${dup(td, target)}`);
    const su = source.dimension_numbers.unique_indices === true;
    const tu = target.dimension_numbers.unique_indices === true;
    if (su !== tu)
      d.push(
        `unique_indices: ${su ? `${src} promises` : `${name} promises`} unique indices (undefined results on duplicates); ${su ? name : src} does not`,
      );
    const si = source.options.include_self !== false;
    const ti = target.options.include_self !== false;
    if (si !== ti) d.push(`include_self: ${src} ${si}; ${name} ${ti}`);
    const sn = nanRuleText(source.options.float_nan ?? 'self_first');
    const tn = nanRuleText(target.options.float_nan ?? 'self_first');
    const fx = source.inputs[0].dtype;
    if (sn !== tn && (fx.startsWith('float') || fx === 'bfloat16'))
      d.push(`NaN operands: ${src} returns them by ${sn}; ${name} by ${tn} (payload bits may differ)`);
    const product = complexProductDifference(source, target, src, name);
    if (product !== undefined) d.push(product);
  }
  const sx = source.kind === 'gather' ? source.operand : source.inputs[0];
  const tx = target.kind === 'gather' ? target.operand : target.inputs[0];
  if (sx.dtype !== tx.dtype) d.push(`data dtype: ${src} ${sx.dtype}; ${name} ${tx.dtype}`);
  const si = source.kind === 'gather' ? source.start_indices : source.scatter_indices;
  const ti = target.kind === 'gather' ? target.start_indices : target.scatter_indices;
  if (si.dtype !== ti.dtype)
    d.push(`index dtype: ${src} takes ${si.dtype}; ${name} takes ${ti.dtype} (the indices are cast)`);
  const ss = finalShape(source);
  const ts = finalShape(target);
  if (!same(ss, ts)) d.push(`result shape: ${src} ${fmt(ss)}; ${name} ${fmt(ts)} (same elements, reshaped)`);
  return d;
}

/**
 * Why `target` computes something else than `source` on valid inputs (not a policy on invalid
 * ones): a different include_self, or a different float min/max rule on ±0 ties and NaNs.
 */
function otherComputation(source: ScatterCall, target: ScatterCall, name: string): string | undefined {
  const si = source.options.include_self !== false;
  const ti = target.options.include_self !== false;
  if (si !== ti) return `${name}: include_self ${ti} (${source.op}: ${si}) computes other values`;
  const comp = source.update_computation;
  const dtype = source.inputs[0].dtype;
  const float = dtype.startsWith('float') || dtype === 'bfloat16';
  const sm = source.options.float_minmax ?? 'ieee';
  const tm = target.options.float_minmax ?? 'ieee';
  if (float && (comp === 'min' || comp === 'max') && sm !== tm)
    return `${name}: ${comp} decides ±0 ties and NaNs by ${tm} (${source.op}: ${sm})`;
  // Complex min/max: NumPy's order and StableHLO's lexicographic one differ on ties and NaNs.
  if (isComplex(dtype) && (comp === 'min' || comp === 'max') && complexOrder(sm) !== complexOrder(tm))
    return `${name}: ${comp} orders ${dtype} ${complexOrder(tm) ?? 'not at all'} (${source.op}: ${complexOrder(sm) ?? 'not at all'}), so ties and NaNs differ`;
  return undefined;
}

/**
 * complex NaN bits: the parts of a sum follow the call's float NaN rule, a product the
 * framework's operand order (core/complex.ts) — a difference in either is stated.
 */
function complexProductDifference(
  source: ScatterCall,
  target: ScatterCall,
  src: string,
  name: string,
): string | undefined {
  const dtype = source.inputs[0].dtype;
  if (!isComplex(dtype)) return undefined;
  const comp = source.update_computation;
  const sn = nanRuleText(source.options.float_nan ?? 'self_first');
  const tn = nanRuleText(target.options.float_nan ?? 'self_first');
  if ((comp === 'add' || comp === 'sub') && sn !== tn)
    return `NaN operands: ${src} returns them by ${sn}; ${name} by ${tn} (payload bits may differ)`;
  const so = complexMulOrder(source.options.float_minmax ?? 'ieee');
  const to = complexMulOrder(target.options.float_minmax ?? 'ieee');
  // complex128 products take NumPy's order in PyTorch along the last dim only (complex-nan.ts).
  if (comp === 'mul' && so !== to)
    return `NaN operands: ${src} multiplies ${dtype} in ${so}'s operand order; ${name} in ${to}'s (NaN payload bits may differ)`;
  return undefined;
}

const codeOf = (e: unknown) =>
  e instanceof GatherScatterError ? e.code : e instanceof Error ? e.message : String(e);

function resultDifference(source: CoreCall, target: CoreCall, name: string): string | undefined {
  const a = run(source);
  const b = run(target);
  if (!a.ok && !b.ok) return undefined;
  if (!a.ok && b.ok)
    return `on these tensors: ${source.op} throws (${codeOf(a.error)}); ${name} returns ${fmt(b.value)}`;
  if (a.ok && !b.ok)
    return `on these tensors: ${source.op} returns ${fmt(a.value)}; ${name} throws (${codeOf(b.error)})`;
  if (a.ok && b.ok && !sameValues(a.value, b.value))
    return `on these tensors: ${source.op} returns ${fmt(a.value)}; ${name} returns ${fmt(b.value)}`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------

let defaultRegistry: OpEntry[] | undefined;

/**
 * The equivalent of a lowered call in `framework`, with every policy difference stated, or a
 * TranslateError naming why none exists. Both lowered calls are executed: structurally (same
 * addressing on position-encoding data) they must agree; on the caller's own tensors any
 * disagreement is a stated difference.
 *
 * @example
 * const call = torch.lower.gather(tensor([[1, 2], [3, 4]]), 1, tensor([[0n, 0n], [1n, 0n]], 'int64'));
 * translate(call, 'onnx').op; // 'onnx.GatherElements'
 */
export function translate<T extends TranslateTarget>(
  lowered: CoreCall | ProgramCall,
  target: T,
  options: TranslateOptions = {},
): Translation<CanonicalFramework<T>> {
  let framework: string = target;
  checkCall(lowered, 'translate');
  checkOptions(options, 'translate', ['registry', 'namespaces']);
  const call = singleOp(lowered, 'translate.program', { error: TranslateError });
  checkCost(call);
  framework = (FRAMEWORK_ALIASES as Readonly<Record<string, FrameworkName>>)[framework] ?? framework;
  if (!(FRAMEWORKS as readonly string[]).includes(framework))
    fail('framework', `unknown framework ${fmt(framework)}; one of ${FRAMEWORKS.join(', ')}`, { framework });
  if (call.kind === 'scatter' && call.inputs.length !== 1)
    fail(
      'variadic',
      `${call.op}: a variadic scatter (${call.inputs.length} inputs) has no single-input peer`,
    );
  const namespaces = options.namespaces ?? (NAMESPACES as unknown as Record<string, unknown>);
  const registry =
    options.registry ?? (defaultRegistry ??= buildRegistry(NAMESPACES as unknown as Record<string, unknown>));
  const forms = call.kind === 'gather' ? gatherForms(call) : scatterForms(call);
  const own = sourceFamily(registry, call);
  const entries = registry.filter(
    (e) => e.framework === framework && e.state === 'ready' && e.signature.kind === call.kind,
  );
  const reasons: string[] = [];
  type Scored = { candidate: Candidate; lowered: CoreCall; diffs: string[]; rank: number; order: number };
  const scored: Scored[] = [];
  let order = 0;
  for (const form of forms) {
    const families = TARGETS[form.family][call.kind];
    for (const entry of entries.filter((e) => families.includes(e.signature.family))) {
      // index_fill takes one value: the same call only if every update is that value
      if (call.kind === 'scatter' && !takesUpdates(entry) && uniform(call.updates[0]) === undefined) continue;
      // tf/mxnet scatter_nd start from zeros: the same call only if the input is zeros
      if (call.kind === 'scatter' && shapeOnly(entry) && !isZeros(call.inputs[0])) {
        reasons.push(`${entry.id}: starts from zeros (takes a shape, not an input tensor)`);
        continue;
      }
      let lowered = 0;
      let lastError: unknown;
      for (const args of baseArgs(entry, form))
        for (const v of variantsOf(entry, call, args)) {
          let target: CoreCall;
          try {
            target = lowerCall(namespaces, entry, v);
          } catch (e) {
            // a variant the target frontend refuses (a typed rule); anything else is a bug
            if (!(e instanceof GatherScatterError)) throw e;
            lastError = e;
            continue;
          }
          // a variant the target lowers to a program (tf2xla's zeros) is not one op to compare
          if ((target as CoreCall | ProgramCall).kind === 'program') continue;
          lowered++;
          if (call.kind === 'scatter' && !sameComputation(call, target as ScatterCall)) continue;
          // a target that computes something else on valid inputs is no translation at all
          const other =
            call.kind === 'scatter' ? otherComputation(call, target as ScatterCall, entry.id) : undefined;
          if (other !== undefined) {
            if (!reasons.includes(other)) reasons.push(other);
            continue;
          }
          const diffs = policyDifferences(call, target, entry.id);
          scored.push({
            candidate: { entry, callArgs: v, form },
            lowered: target,
            diffs,
            rank: diffs.length,
            // the source op's own addressing family first (GatherElements for torch.gather)
            order: (form.family === own ? 0 : 1_000_000) + order++,
          });
        }
      if (lowered === 0 && lastError !== undefined) reasons.push(`${entry.id}: ${codeOf(lastError)}`);
    }
  }
  scored.sort((a, b) => a.rank - b.rank || a.order - b.order);
  // the structurally equal candidate that agrees on the caller's tensors, fewest differences first
  let best: (Scored & { result?: string }) | undefined;
  const key = (s: { rank: number; result?: string }) => (s.result === undefined ? 0 : 1000) + s.rank;
  for (const s of scored) {
    if (best && key(best) <= s.rank) break; // sorted by rank: nothing later can beat it
    if (!structurallyEqual(call, s.lowered)) continue;
    const result = resultDifference(call, s.lowered, s.candidate.entry.id);
    const next = { ...s, result };
    if (!best || key(next) < key(best)) best = next;
  }
  if (!best) {
    const names = forms.map((f) => f.family).join(' / ');
    const tried = entries.filter((e) =>
      forms.some((f) => TARGETS[f.family][call.kind].includes(e.signature.family)),
    );
    fail(
      'no_equivalent',
      tried.length === 0
        ? `${call.op}: ${framework} has no ${call.kind} of the ${names} family`
        : `${call.op}: no ${framework} op makes this call (tried ${tried.map((e) => e.id).join(', ')}${reasons.length ? `; ${reasons.join('; ')}` : ''})`,
      { framework, forms: forms.map((f) => f.family) },
    );
  }
  const b = best as Scored & { result?: string };
  // The framework was checked against FRAMEWORKS above; the op is that framework's registry id.
  return {
    framework: framework as CanonicalFramework<T>,
    op: b.candidate.entry.id as OpNameOf<CanonicalFramework<T>>,
    args: buildArgs(b.candidate.entry, b.candidate.callArgs),
    callArgs: b.candidate.callArgs,
    call: b.lowered,
    differences: b.result === undefined ? b.diffs : [...b.diffs, b.result],
  };
}

/** The addressing family of the call's own op (by its registry entry), if it is registered. */
function sourceFamily(registry: readonly OpEntry[], call: CoreCall): FormFamily | undefined {
  const id = call.op.replace(/-\d+$/, '');
  const family = registry.find((e) => e.id === id)?.signature.family;
  if (!family) return undefined;
  const f = family.replace(/^scatter_/, '');
  return f === 'pick' || f === 'batch_take' ? 'elements' : (f as FormFamily);
}

/** The one value every element of `t` holds, or undefined. */
function uniform(t: Tensor): number | bigint | boolean | undefined {
  const v = t.toFlatArray();
  if (v.length === 0 || !v.every((x) => Object.is(x, v[0]))) return undefined;
  return v[0] as number | bigint | boolean;
}

const isZeros = (t: Tensor) => t.toFlatArray().every((v) => Number(v) === 0 && !Object.is(v, -0));

/** tf.scatter_nd / mxnet.scatter_nd: a shape instead of an input tensor. */
const shapeOnly = (entry: OpEntry) =>
  !entry.signature.params.some((p) => p === 'data' || (typeof p === 'object' && 'desc' in p));

/** Whether a scatter op takes the call's updates and input as tensors. */
function takesUpdates(entry: OpEntry): boolean {
  const p = entry.signature.params;
  return p.includes('updates') || p.some((x) => typeof x === 'object' && 'desc' in x);
}

function sameComputation(a: ScatterCall, b: ScatterCall): boolean {
  const x = a.update_computation;
  const y = b.update_computation;
  if (typeof x === 'string' || typeof y === 'string') return x === y;
  return [
    [0, 0],
    [1, 0],
    [0, 1],
    [2, 3],
  ].every(([c, u]) => Number(x(c, u)) === Number(y(c, u)));
}

/**
 * Most elements (all of a call's tensors together) `translate` takes. A translation is checked by
 * running every candidate on the call's own tensors — tens of runs of the call, plus rebuilding
 * index components — so its cost is bounded by refusing bigger calls (`translate.too_large`):
 * at this bound a translation takes about a second on one core. The translation of the same
 * call on small tensors has the same attributes.
 */
export const TRANSLATE_MAX_ELEMENTS = 1 << 20;

function checkCost(call: CoreCall): void {
  const tensors =
    call.kind === 'gather'
      ? [call.operand, call.start_indices]
      : [...call.inputs, call.scatter_indices, ...call.updates];
  const size = tensors.reduce((n, t) => n + t.size, 0);
  if (size > TRANSLATE_MAX_ELEMENTS)
    fail(
      'too_large',
      `${call.op}: ${size.toLocaleString('en-US')} elements is more than translate checks (${TRANSLATE_MAX_ELEMENTS.toLocaleString('en-US')}: it runs every candidate); translate the same call on small tensors — the attributes carry over`,
      { elements: size, limit: TRANSLATE_MAX_ELEMENTS },
    );
}

/**
 * Every framework's translation of a call (those that exist), keyed by framework; a call over
 * TRANSLATE_MAX_ELEMENTS is refused once, up front (`translate.too_large`).
 */
export function translateAll(
  call: CoreCall,
  options: TranslateOptions = {},
): Record<string, Translation | TranslateError> {
  checkCall(call, 'translateAll');
  checkOptions(options, 'translateAll', ['registry', 'namespaces']);
  checkCost(singleOp(call, 'translateAll.program', { error: TranslateError }));
  const out: Record<string, Translation | TranslateError> = {};
  for (const fw of FRAMEWORKS) {
    try {
      out[fw] = translate(call, fw, options);
    } catch (e) {
      if (!(e instanceof TranslateError)) throw e;
      out[fw] = e;
    }
  }
  return out;
}
