/**
 * Legalization: rewrites every gather and scatter whose index policy is the library's, not the
 * spec's, into spec ops around a spec gather or scatter — the text `explain` prints and that runs
 * unchanged in the StableHLO interpreter and XLA. Each rewrite is how JAX itself lowers the policy:
 *
 * - negative indices from the end: `select(idx < 0, idx + dim, idx)` (jnp indexing);
 * - gather `fill` (FILL_OR_DROP): an in-bounds mask `0 <= idx <= dim - slice`, reduced with `and`
 *   over the index vector, then `select(mask, gather, fill_value)`;
 * - scatter `drop` / `promise_in_bounds` (FILL_OR_DROP): index vectors whose window does not fit
 *   are moved to `dim` (wholly out of bounds), which the spec's scatter skips;
 * - scatter `clip`: `clamp(0, idx, dim - window)`; `wrap` (NumPy): `((idx % n) + n) % n` with
 *   n = dim - window + 1;
 * - PyTorch's and NumPy's float min/max tie rules: the scatter body written out with compare and
 *   select; `include_self = false`: the reduction started from the reducer's identity, kept only
 *   where an update landed (a second scatter marks those targets).
 *
 * What the spec cannot say — raising on an out-of-bounds index or a duplicate target, checked
 * promises — is kept as a note for the printer: the printed text computes the same values for
 * every input the framework accepts. Index arithmetic is done in 64 bits (the indices are
 * converted first) so `idx + dim` never wraps.
 */
import { zeroSizeSlices } from '../core/gather.js';
import { type FloatNaN, nanRuleText } from '../core/kernels.js';
import type { ResolvedScatterOptions } from '../core/policy.js';
import { InvalidArgumentError } from '../errors.js';
import { type DType, integerRange } from '../tensor/dtype.js';
import { full, tensor } from '../tensor/tensor.js';
import { Builder } from './builder.js';
import { reducerBody } from './regions.js';
import type { Body, ComparisonDirection, Func, Module, Op, TensorType, ValueId } from './program.js';
import { specGatherOptions, specScatterOptions } from './program.js';

/** A legalized module and what its text cannot say. */
export interface Legalized {
  readonly module: Module;
  /** One line per policy the spec cannot express (printed as comments). */
  readonly notes: string[];
}

/** Rewrites every function of `module` (see the module comment). */
export function legalize(module: Module): Legalized {
  const notes: string[] = [];
  const funcs = module.funcs.map((f) => legalizeFunc(f, notes));
  return { module: { ...module, funcs }, notes: [...new Set(notes)] };
}

function legalizeFunc(f: Func, notes: string[]): Func {
  const b = new Builder(f.params);
  const ids: ValueId[] = f.params.map((_, k) => k);
  for (const op of f.ops) {
    const operands = op.operands.map((id) => ids[id]);
    const outs =
      op.kind === 'gather'
        ? [legalizeGather(b, op, operands, notes)]
        : op.kind === 'scatter'
          ? legalizeScatter(b, op, operands, notes)
          : b.emit({ ...op, operands } as Op);
    ids.push(...outs);
  }
  return { ...f, ops: b.ops, returns: f.returns.map((id) => ids[id]) };
}

type GatherOp = Extract<Op, { kind: 'gather' }>;
type ScatterOp = Extract<Op, { kind: 'scatter' }>;

/** The index vectors' layout: which operand dim each component starts, and where the vector lies. */
interface IndexLayout {
  readonly dims: readonly number[];
  readonly vectorDim: number;
  /** Per component: the last valid start (dim − window size). */
  readonly last: readonly number[];
  /** Per component: the operand dim's size. */
  readonly size: readonly number[];
}

function legalizeGather(b: Builder, op: GatherOp, [operand, indices]: ValueId[], notes: string[]): ValueId {
  const o = op.options;
  const dn = op.dimension_numbers;
  const shape = b.type(operand).shape;
  const layout: IndexLayout = {
    dims: dn.start_index_map,
    vectorDim: dn.index_vector_dim,
    size: dn.start_index_map.map((d) => shape[d]),
    last: dn.start_index_map.map((d) => shape[d] - dn.slice_sizes[d]),
  };
  const name = op.meta?.op ?? 'the framework';
  if (o.mode === 'error')
    notes.push(`${name} raises on an out-of-bounds index; this text computes the in-bounds result`);
  if (o.checked) notes.push(`${name} checks its promises; this text does not`);
  if (o.zero_size_dims === 'out_of_bounds' && layout.size.some((n) => n === 0))
    return b.constant(full(op.results[0].shape, 0, op.results[0].dtype)); // empty: no index vector exists
  let idx = indices;
  const policy = o.negative_indices === 'from_end' || o.mode === 'fill' || o.mode === 'wrap';
  if (policy) idx = widen(b, idx);
  if (o.negative_indices === 'from_end') idx = fromEnd(b, idx, layout);
  if (o.mode === 'wrap') idx = wrap(b, idx, layout);
  // A size-0 batching (or unindexed collapsed) dim reads a size-0 slice, as the core maps it: the
  // spec's C21 refuses the slice size 1 the frontends state there.
  const mapped = o.zero_size_dims === 'out_of_bounds' ? zeroSizeSlices(shape, dn, o) : dn;
  const g = b.one({
    ...op,
    dimension_numbers: mapped,
    operands: [operand, idx],
    options: specGatherOptions(op.results[0].dtype),
  });
  if (o.mode !== 'fill') return g;
  const mask = inBounds(b, idx, layout);
  const result = op.results[0];
  const batch = result.shape.map((_, d) => d).filter((d) => !dn.offset_dims.includes(d));
  const m = b.one({
    kind: 'broadcast_in_dim',
    broadcast_dimensions: batch,
    operands: [mask],
    results: [{ shape: result.shape, dtype: 'bool' }],
  });
  return b.select(m, g, b.splat(o.fill_value, result.dtype, result.shape));
}

function legalizeScatter(b: Builder, op: ScatterOp, operands: ValueId[], notes: string[]): ValueId[] {
  const o = op.options;
  const n = (operands.length - 1) / 2;
  const layout = scatterLayout(b, op, operands);
  const name = op.meta?.op ?? 'the framework';
  if (o.mode === 'error')
    notes.push(`${name} raises on an out-of-bounds index; this text computes the in-bounds result`);
  if (o.duplicates === 'error')
    notes.push(`${name} raises on duplicate targets; this text computes the unique-index result`);
  if (o.checked) notes.push(`${name} checks its promises; this text does not`);
  const nan = nanNote(op, o.float_nan);
  if (nan) notes.push(`${name} ${nan}`);
  let idx = operands[n];
  const rewrites = ['wrap', 'clip', 'drop', 'promise_in_bounds'].includes(o.mode);
  if (rewrites || o.negative_indices === 'from_end') idx = widen(b, idx);
  if (o.negative_indices === 'from_end') idx = fromEnd(b, idx, layout);
  if (o.mode === 'wrap') idx = wrap(b, idx, layout);
  if (o.mode === 'clip') idx = clamp(b, idx, layout);
  if (o.mode === 'drop' || o.mode === 'promise_in_bounds') idx = dropOutside(b, idx, layout);
  const inputs = operands.slice(0, n);
  const updates = operands.slice(n + 1);
  const body = scatterBody(
    op.body,
    o,
    op.results.map((r) => r.dtype),
  );
  const spec = {
    ...op,
    body,
    reducer: body === op.body ? op.reducer : undefined,
    options: specScatterOptions(),
  };
  const parts: ScatterParts = { b, op: spec, inputs, idx, updates };
  if (op.reducer === 'mean') return mean(parts, o.include_self);
  if (o.include_self || op.reducer === 'replace')
    return b.emit({ ...spec, operands: [...inputs, idx, ...updates] });
  return withoutSelf(parts, op.body);
}

/** A scatter being rewritten in builder `b`: the spec op and its operands' values. */
interface ScatterParts {
  readonly b: Builder;
  readonly op: ScatterOp;
  readonly inputs: ValueId[];
  readonly idx: ValueId;
  readonly updates: ValueId[];
}

/** What the framework pins of a NaN result's bits, where it pins more than x86's `a op b`. */
const NAN_RULES: Readonly<Record<string, string>> = {
  update_first: "returns the update's NaN (quieted) when both operands are NaN",
  update_first_re: "returns the update's NaN (quieted) when both operands are NaN",
  self_first_sign: "returns the default NaN with the first NaN operand's sign (payloads dropped)",
  update_first_sign: "returns the default NaN with the update's NaN sign first (payloads dropped)",
  canonical: 'returns the positive default NaN for every NaN result',
  all_ones: 'returns the NaN with every bit set for every NaN result',
};

/**
 * The note for a float add/sub/mul/mean whose framework fixes NaN payloads otherwise than x86's
 * `element op update`: StableHLO leaves a NaN result's payload to the implementation, so the text
 * cannot say it, and the note does (the library's own run keeps the rule: `float_nan`).
 */
function nanNote(op: ScatterOp, rule: FloatNaN | undefined): string | undefined {
  const dtype = op.results[0]?.dtype ?? '';
  const arithmetic = ['add', 'sub', 'mul', 'mean'].includes(op.reducer ?? '');
  const float = dtype.startsWith('float') || dtype.startsWith('complex') || dtype === 'bfloat16';
  // A rule by place (PyTorch's vector loops) is stated whole: which order at which places.
  const says =
    typeof rule === 'object' ? `returns NaN operands ${nanRuleText(rule)}` : rule && NAN_RULES[rule];
  if (!says || !arithmetic || !float) return undefined;
  return `${says}; StableHLO leaves a NaN's payload to the implementation, so this text may give another NaN`;
}

/** The layout of a scatter's index vectors: window size 1 on inserted and batching dims. */
function scatterLayout(b: Builder, op: ScatterOp, operands: ValueId[]): IndexLayout {
  const dn = op.dimension_numbers;
  const n = (operands.length - 1) / 2;
  const shape = b.type(operands[0]).shape;
  const updates = b.type(operands[n + 1]).shape;
  const unit = [...dn.inserted_window_dims, ...(dn.input_batching_dims ?? [])];
  const windowDims = shape.map((_, d) => d).filter((d) => !unit.includes(d));
  const window = (d: number) =>
    unit.includes(d) ? 1 : updates[dn.update_window_dims[windowDims.indexOf(d)]];
  const dims = dn.scatter_dims_to_operand_dims;
  return {
    dims,
    vectorDim: dn.index_vector_dim,
    size: dims.map((d) => shape[d]),
    last: dims.map((d) => shape[d] - window(d)),
  };
}

/** Indices in 64 bits (unsigned 64-bit ones stay: they are never negative). */
function widen(b: Builder, idx: ValueId): ValueId {
  const t = b.type(idx);
  if (t.dtype === 'int64' || t.dtype === 'uint64') return idx;
  return b.one({ kind: 'convert', operands: [idx], results: [{ shape: t.shape, dtype: 'int64' }] });
}

/** A per-component constant laid along the index vector dim, broadcast to the indices' shape. */
function perComponent(b: Builder, idx: ValueId, layout: IndexLayout, values: readonly number[]): ValueId {
  const t = b.type(idx);
  const [lo, hi] = integerRange(t.dtype);
  const clampTo = (v: number) => (BigInt(v) < lo ? lo : BigInt(v) > hi ? hi : BigInt(v));
  const vector = layout.vectorDim < t.shape.length;
  const c = b.constant(tensor(values.map(clampTo), t.dtype).reshape(vector ? [values.length] : []));
  return b.one({
    kind: 'broadcast_in_dim',
    broadcast_dimensions: vector ? [layout.vectorDim] : [],
    operands: [c],
    results: [t],
  });
}

function fromEnd(b: Builder, idx: ValueId, layout: IndexLayout): ValueId {
  if (b.type(idx).dtype === 'uint64') return idx;
  const zero = perComponent(
    b,
    idx,
    layout,
    layout.dims.map(() => 0),
  );
  const negative = b.compare('LT', idx, zero);
  return b.select(negative, b.binary('add', idx, perComponent(b, idx, layout, layout.size)), idx);
}

function wrap(b: Builder, idx: ValueId, layout: IndexLayout): ValueId {
  const n = perComponent(
    b,
    idx,
    layout,
    layout.last.map((l) => Math.max(1, l + 1)),
  );
  return b.binary('remainder', b.binary('add', b.binary('remainder', idx, n), n), n);
}

/** Each component's valid start range [0, last], as two tensors shaped like the indices. */
function startRange(b: Builder, idx: ValueId, layout: IndexLayout): [ValueId, ValueId] {
  const lo = perComponent(
    b,
    idx,
    layout,
    layout.dims.map(() => 0),
  );
  return [lo, perComponent(b, idx, layout, layout.last)];
}

function clamp(b: Builder, idx: ValueId, layout: IndexLayout): ValueId {
  const [lo, hi] = startRange(b, idx, layout);
  return b.one({ kind: 'clamp', operands: [lo, idx, hi], results: [b.type(idx)] });
}

/** Per index vector: every component within [0, last]; shaped like the indices without the vector dim. */
function inBounds(b: Builder, idx: ValueId, layout: IndexLayout): ValueId {
  const [lo, hi] = startRange(b, idx, layout);
  const ok = b.binary('and', b.compare('GE', idx, lo), b.compare('LE', idx, hi));
  const t = b.type(ok);
  if (layout.vectorDim >= t.shape.length) return ok;
  const init = b.constant(full([], true, 'bool'));
  const scalar = { shape: [] as number[], dtype: 'bool' as DType };
  const body: Body = {
    params: [scalar, scalar],
    ops: [{ kind: 'and', operands: [0, 1], results: [scalar] }],
    returns: [2],
  };
  return b.one({
    kind: 'reduce',
    dimensions: [layout.vectorDim],
    body,
    operands: [ok, init],
    results: [{ shape: t.shape.filter((_, d) => d !== layout.vectorDim), dtype: 'bool' }],
  });
}

/** Index vectors whose window does not fit move to `dim`, wholly outside: the spec skips them. */
function dropOutside(b: Builder, idx: ValueId, layout: IndexLayout): ValueId {
  const mask = inBounds(b, idx, layout);
  const t = b.type(idx);
  const keep = b.one({
    kind: 'broadcast_in_dim',
    broadcast_dimensions: t.shape.map((_, d) => d).filter((d) => d !== layout.vectorDim),
    operands: [mask],
    results: [{ shape: t.shape, dtype: 'bool' }],
  });
  return b.select(keep, idx, perComponent(b, idx, layout, layout.size));
}

/** The body with PyTorch's / NumPy's min-max rules written out (IEEE bodies stay as they are). */
function scatterBody(body: Body, o: ResolvedScatterOptions, dtypes: readonly DType[]): Body {
  const dir = minMaxDirection(body);
  const float = dtypes[0].startsWith('float') || dtypes[0] === 'bfloat16';
  if (o.float_minmax === 'ieee' || dir === undefined || !float) return body;
  const b = new Builder(body.params);
  // 0: current, 1: update. "better": the update beats the current value strictly.
  const better = b.compare(dir, 1, 0);
  const nanUpdate = b.compare('NE', 1, 1);
  const take = b.binary('or', better, nanUpdate);
  let r = b.select(take, 1, 0);
  if (o.float_minmax === 'update_on_tie') {
    // NumPy: a NaN element stays; otherwise ties (and NaN updates) take the update.
    const tie = b.compare('EQ', 1, 0);
    r = b.select(b.binary('or', take, tie), 1, 0);
    r = b.select(b.compare('NE', 0, 0), 0, r);
  }
  return { params: body.params, ops: b.ops, returns: [r] };
}

function minMaxDirection(body: Body): ComparisonDirection | undefined {
  if (body.ops.length !== 1 || body.returns[0] !== 2) return undefined;
  const k = body.ops[0].kind;
  return k === 'maximum' ? 'GT' : k === 'minimum' ? 'LT' : undefined;
}

/** The reducer's identity: what a reduction without self starts from. */
function identity(body: Body, dtype: DType): number | bigint | boolean {
  const k = body.ops.length === 1 ? body.ops[0].kind : undefined;
  const float = dtype.startsWith('float') || dtype === 'bfloat16';
  // +0, not -0: PyTorch fills the reached targets with 0 (index_fill) before adding.
  const big = dtype === 'int64' || dtype === 'uint64';
  if (k === 'add') return big ? 0n : 0;
  if (k === 'multiply') return big ? 1n : 1;
  if (k === 'minimum' || k === 'maximum') {
    if (float) return k === 'minimum' ? Infinity : -Infinity;
    if (dtype === 'bool') return k === 'minimum';
    const [lo, hi] = integerRange(dtype);
    const v = k === 'minimum' ? hi : lo;
    return big ? v : Number(v);
  }
  throw new InvalidArgumentError(
    'ir.legalize.include_self',
    'ir: include_self = false needs a reducer with an identity (add, multiply, minimum, maximum)',
  );
}

/**
 * PyTorch's `mean` (scatter_reduce): per target, the sum of its updates (and itself, with
 * include_self) over their count (+1), floor-divided for integers; an untouched target is the
 * input divided by 1, as PyTorch divides every element (its value unchanged, a NaN made by the
 * divide). Two scatters (sums, counts in 64 bits), two selects, a divide.
 */
function mean(parts: ScatterParts, includeSelf: boolean): ValueId[] {
  const { b, op, inputs, idx, updates } = parts;
  const t = b.type(inputs[0]);
  const u = b.type(updates[0]);
  const add = { ...op, reducer: 'add' as const };
  const starts = includeSelf
    ? inputs
    : op.results.map((r) => b.splat(identity(add.body, r.dtype), r.dtype, r.shape));
  const sums = b.emit({ ...add, operands: [...starts, idx, ...updates] });
  const i64 = { shape: t.shape, dtype: 'int64' as DType };
  const counts = b.one({
    ...add,
    body: reducerBody('add', 'int64') as Body,
    operands: [b.splat(0n, 'int64', t.shape), idx, b.splat(1n, 'int64', u.shape)],
    results: [i64],
  });
  const touched = b.compare('GT', counts, b.splat(0n, 'int64', t.shape));
  const one = b.splat(1n, 'int64', t.shape);
  const den = includeSelf ? b.binary('add', counts, one) : b.select(touched, counts, one);
  return inputs.map((input, k) => {
    const dtype = op.results[k].dtype;
    const d = b.one({ kind: 'convert', operands: [den], results: [{ shape: t.shape, dtype }] });
    return floorDivide(b, includeSelf ? sums[k] : b.select(touched, sums[k], input), d);
  });
}

/** a / d rounded toward −∞ for signed integers (d > 0), the spec's divide otherwise. */
function floorDivide(b: Builder, a: ValueId, d: ValueId): ValueId {
  const q = b.binary('divide', a, d);
  const dtype = b.type(a).dtype;
  if (!dtype.startsWith('int')) return q;
  const zero = b.splat(dtype === 'int64' ? 0n : 0, dtype, b.type(a).shape);
  const inexact = b.compare('NE', b.binary('remainder', a, d), zero);
  const fix = b.binary('and', inexact, b.compare('LT', a, zero));
  const one = b.splat(dtype === 'int64' ? 1n : 1, dtype, b.type(a).shape);
  return b.select(fix, b.binary('subtract', q, one), q);
}

/**
 * `include_self = false` (PyTorch): the reduction starts from the identity where updates land and
 * keeps the input elsewhere. A second scatter (replace with true) marks the targets reached.
 * `reducing` is the plain reducer body the identity belongs to (the op's body may be written out).
 */
function withoutSelf(parts: ScatterParts, reducing: Body): ValueId[] {
  const { b, op, inputs, idx, updates } = parts;
  const t = b.type(inputs[0]);
  const u = b.type(updates[0]);
  const starts = op.results.map((r) => b.splat(identity(reducing, r.dtype), r.dtype, r.shape));
  const reduced = b.emit({ ...op, operands: [...starts, idx, ...updates] });
  const scalar: TensorType = { shape: [], dtype: 'bool' };
  const mark = b.one({
    ...op,
    reducer: 'replace',
    body: { params: [scalar, scalar], ops: [], returns: [1] },
    operands: [b.splat(false, 'bool', t.shape), idx, b.splat(true, 'bool', u.shape)],
    results: [{ shape: t.shape, dtype: 'bool' }],
  });
  return inputs.map((input, k) => b.select(mark, reduced[k], input));
}
