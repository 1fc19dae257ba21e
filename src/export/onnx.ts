/**
 * Export of a lowered call to an ONNX model (bytes, via protobufjs): one node where one ONNX op
 * expresses the call, a small graph where the call's policy needs more, a typed error naming
 * why ONNX cannot express it otherwise.
 *
 *   Gather(data, indices, axis)             take along one axis, no batching dims
 *   GatherElements(data, indices, axis)     element-wise: every other dim a batching pair
 *   GatherND(data, indices, batch_dims)     index vectors last, leading batching dims
 *   ScatterElements / ScatterND             the mirrors, reduction none / add / mul (opset 16) /
 *                                           min / max (opset 18)
 *
 * Small graphs (opset >= 13), built around that one main node:
 *   - index policies ONNX lacks, on the indices: negative indices read from the end (Less/Add/
 *     Where) or made out of range so ONNX refuses them as the call does; clip / promise_in_bounds
 *     (Min/Max), wrap (Mod), fill (validity mask, index 0, Where(mask, gathered, fill_value));
 *     scatter skip / drop (invalid updates redirected to an extra slot: Concat a zero slice,
 *     scatter, Slice it off);
 *   - include_self = false: the input is Where(touched, identity of the reduction, input), the
 *     touched mask itself a scatter of ones;
 *   - MXNet's first-dim index vectors: Transpose the indices to vectors last;
 *   - a final reshape of the result: Reshape;
 *   - a mask's positions (NumPy's a[mask], PyTorch's x[mask] = v): NonZero, one column a dim;
 *   - the general gather / scatter, when no one-node plan fits or the indices are a packed index
 *     tuple (NumPy's a[mask, 1:3, None], PyTorch's x[:, i]): the index vectors built in the
 *     graph, each window as start + iota, the data transposed to the indexed dims first
 *     (onnx-general.ts).
 * A program call (numpy.take into an `out` of another dtype, jax.at divide / power) is its ops
 * in order, each written by its kind's node builder, its one gather or scatter as the core
 * call's graph; an op with no exact ONNX graph is refused (onnx-program.ts).
 *
 * Rules (codes `export.onnx.<rule>`): `no_single_op` (batching dims no ONNX op has),
 * `index_policy` (a policy with no ONNX graph, e.g. wrap over a zero-size dim), `reducer`
 * (sub / mean / custom, or min/max before opset 18, add/mul before 16), `include_self` (false
 * with a reducer that has no identity, e.g. on bool), `duplicates` (replace onto one element
 * twice: ONNX leaves the order undefined), `opset` (outside 11 – LATEST_OPSET, a graph below 13,
 * an empty reshape below 14), `variadic`, `runtime_difference` (a difference onnxruntime would
 * compute, under `runtime_differences: 'refuse'`), `program` / `complex_cast` (onnx-program.ts).
 *
 * Runtime differences: onnxruntime's ScatterElements / ScatterND min and max replace the element
 * unless it is strictly smaller (min) / greater (max), so a ±0 tie or a NaN element takes the
 * update. Where the call's framework decides those cases otherwise, the graph carries a warning
 * naming the difference (`onnxGraph(call).warnings`), or the export is refused on request.
 */
import { checkCall, checkOptions, checkReshape } from '../core/check-call.js';
import { singleOp } from '../ir/surface.js';
import protobuf from 'protobufjs';
import { landingMap } from '../autodiff/rules.js';
import type { CoreCall, GatherCall, Prologue, ScatterCall } from '../core/call.js';
import { type LoweredCall, concreteCall } from '../ir/lowered.js';
import { programGraph } from './onnx-program.js';
import { mappedGatherShape } from '../core/gather.js';
import type { IndexMapSpec } from '../core/index-map.js';
import { fmt } from '../errors.js';
import { dtypeToOnnxDataType } from '../interop/onnx-tensor.js';
import { type AttrValue, Builder, OnnxExportError, fail, reshape } from './onnx-builder.js';
import { computedIndices, generalGather, generalScatter } from './onnx-general.js';
import { LATEST_OPSET } from '../frameworks/onnx/opsets.js';
import { type Tensor, tensor, zeros } from '../tensor/tensor.js';
import type { DType } from '../tensor/dtype.js';

export { OnnxExportError };

export interface OnnxExportOptions {
  /** ai.onnx opset of the model (11 – LATEST_OPSET, 26); default 18. */
  readonly opset?: number;
  /**
   * What a known runtime difference does (see OnnxExportWarning): `warn` (default) exports and
   * lists it in `onnxGraph(...).warnings`; `refuse` throws OnnxExportError
   * `export.onnx.runtime_difference`.
   */
  readonly runtime_differences?: 'warn' | 'refuse';
}

/**
 * A case the exported graph computes differently in a known runtime than the call does, for
 * some inputs: `code` names it (`export.onnx.minmax_tie`: a ±0 tie; `export.onnx.minmax_nan`:
 * a NaN element; `export.onnx.complex`: a complex graph the runtime does not load;
 * `export.onnx.cast_float_int`: a program's float → integer Cast of NaN, ±∞ or a value out of
 * range, which ONNX leaves undefined; `export.onnx.pow_libm`: a program's float power, whose
 * last bit is the C library's in onnxruntime), `runtime` the
 * runtime, `message` both answers.
 */
export interface OnnxExportWarning {
  /** Which difference: min/max ties, min/max with NaN, or complex data. */
  readonly code:
    | 'export.onnx.minmax_tie'
    | 'export.onnx.minmax_nan'
    | 'export.onnx.complex'
    | 'export.onnx.cast_float_int'
    | 'export.onnx.pow_libm';
  /** The runtime whose behaviour differs. */
  readonly runtime: 'onnxruntime';
  /** What differs, in words. */
  readonly message: string;
}

/** The main ONNX node of a call's model (the one gather or scatter; see `onnxGraph` for the rest). */
export interface OnnxNode {
  /** The ONNX operator. */
  readonly opType: 'Gather' | 'GatherElements' | 'GatherND' | 'ScatterElements' | 'ScatterND';
  /** Its attributes (`axis`, `batch_dims`, `reduction`). */
  readonly attributes: Readonly<Record<string, number | string>>;
  /** Graph inputs in order, with the call's tensors that feed them. */
  readonly inputs: readonly {
    /** The graph input's name. */
    readonly name: string;
    /** The call's tensor fed to it. */
    readonly tensor: Tensor;
  }[];
}

/** One node of an exported graph. */
export interface OnnxGraphNode {
  /** The ONNX operator (`GatherND`, `Reshape`, `Transpose`, …). */
  readonly opType: string;
  /** The names of its inputs (graph inputs, constants or other nodes' outputs). */
  readonly inputs: readonly string[];
  /** The name of its output. */
  readonly output: string;
  /** Its attributes. */
  readonly attributes: Readonly<Record<string, AttrValue>>;
}

/** The graph computing a call: its nodes (the main one among them), constants and inputs. */
export interface OnnxGraph {
  /** The gather or scatter node the call becomes. */
  readonly main: OnnxNode;
  /** Every node in order (the main one and the reshapes/transposes around it). */
  readonly nodes: readonly OnnxGraphNode[];
  /** Constant tensors (initializers) by name. */
  readonly constants: Readonly<Record<string, Tensor>>;
  /** Graph inputs in order, with the call's tensors that feed them. */
  readonly inputs: readonly {
    /** The graph input's name. */
    readonly name: string;
    /** The call's tensor fed to it. */
    readonly tensor: Tensor;
  }[];
  /** The graph output's shape (the call's result shape). */
  readonly outputShape: readonly number[];
  /** The graph output's dtype (the call's result dtype). */
  readonly outputDType: DType;
  /** Known runtime differences of this graph (empty when there is none). */
  readonly warnings: readonly OnnxExportWarning[];
}

const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a) }, (_, i) => a + i);
const same = (x: readonly number[] | undefined, y: readonly number[]) =>
  (x ?? []).length === y.length && (x ?? []).every((v, i) => v === y[i]);

/**
 * Gather family shapes in the core's role names common to gather and scatter (IndexMapSpec),
 * with the index rank `q` apart: a plan may read the indices with a vector dim dropped or added.
 */
type Roles = Omit<IndexMapSpec, 'op' | 'spaceShape' | 'indicesShape'> & { readonly q: number };

function match(r: Roles): { op: 'Gather' | 'Elements' | 'ND'; attrs: Record<string, number> } | undefined {
  const { q, indexVectorDim: ivd, startIndexMap: map } = r;
  const rank = r.operandShape.length;
  // take along `axis`: the indices' dims replace dim `axis`
  if (ivd === q && map.length === 1 && r.operandBatchingDims.length === 0) {
    const axis = map[0];
    const window = [...range(0, axis), ...range(axis + q, rank - 1 + q)];
    const full = r.windowSizes.every((n, d) => (d === axis ? n === 1 : n === r.operandShape[d]));
    if (same(r.collapsedDims, [axis]) && same(r.windowSpaceDims, window) && full)
      return { op: 'Gather', attrs: { axis } };
  }
  // element-wise along `axis`: every other dim is a batching pair of the same position
  if (r.windowSpaceDims.length === 0 && ivd === q && q === rank && map.length === 1) {
    const axis = map[0];
    const others = range(0, rank).filter((d) => d !== axis);
    if (
      same(r.collapsedDims, [axis]) &&
      same(r.operandBatchingDims, others) &&
      same(r.indicesBatchingDims, others)
    ) {
      return { op: 'Elements', attrs: { axis } };
    }
  }
  // ND: index vectors last, b leading batching dims, k indexed dims after them
  if (q >= 1 && ivd === q - 1) {
    const b = r.operandBatchingDims.length;
    const k = map.length;
    const full = r.windowSizes.every((n, d) => (d < b + k ? n === 1 : n === r.operandShape[d]));
    if (
      same(r.operandBatchingDims, range(0, b)) &&
      same(r.indicesBatchingDims, range(0, b)) &&
      same(map, range(b, b + k)) &&
      same(r.collapsedDims, range(b, b + k)) &&
      same(r.windowSpaceDims, range(q - 1, q - 1 + rank - b - k)) &&
      full
    ) {
      return { op: 'ND', attrs: b > 0 ? { batch_dims: b } : {} };
    }
  }
  return undefined;
}

const REDUCTION: Record<string, { name: string; opset: number }> = {
  replace: { name: 'none', opset: 11 },
  add: { name: 'add', opset: 16 },
  mul: { name: 'mul', opset: 16 },
  min: { name: 'min', opset: 18 },
  max: { name: 'max', opset: 18 },
};

const sizeOf = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);

/** Which main node and how the indices reach it. */
interface Plan {
  readonly op: 'Gather' | 'Elements' | 'ND';
  readonly attrs: Record<string, number>;
  /** MXNet: index vectors along dim 0, transposed to the last dim. */
  readonly transpose: boolean;
  /** The indices reshaped (after any transpose): a vector dim of 1 dropped or added. */
  readonly reshape?: readonly number[];
  readonly roles: Roles;
}

/** The roles with index vectors moved from dim 0 to the last dim (MXNet's layout). */
function vectorsLast(r: Roles): Roles {
  const move = (d: number) => (d === 0 ? r.q - 1 : d - 1);
  return { ...r, indexVectorDim: r.q - 1, indicesBatchingDims: r.indicesBatchingDims.map(move) };
}

function plan(r: Roles, indexShape: readonly number[]): Plan | undefined {
  const m = match(r);
  if (m) return { ...m, transpose: false, roles: r };
  // a trailing index-vector dim of 1 (jnp.take_along_axis): dropped
  if (r.indexVectorDim === r.q - 1 && indexShape[r.indexVectorDim] === 1 && r.startIndexMap.length === 1) {
    const squeezed = { ...r, q: r.q - 1, indexVectorDim: r.q - 1 };
    const ms = match(squeezed);
    if (ms && ms.op !== 'ND')
      return { ...ms, transpose: false, roles: squeezed, reshape: indexShape.slice(0, -1) };
  }
  if (r.indexVectorDim === 0 && r.q >= 2 && r.operandBatchingDims.length === 0) {
    const t = vectorsLast(r);
    const mt = match(t);
    if (mt?.op === 'ND') return { ...mt, transpose: true, roles: t };
  }
  return undefined;
}

/** The indexed operand dims, per index-vector component. */
const componentDims = (p: Plan): readonly number[] => p.roles.startIndexMap;

/** Shape of the indices after the optional transpose and reshape. */
function indexShape(indices: Tensor, p: Plan): number[] {
  const s = [...indices.shape];
  if (p.reshape) return [...p.reshape];
  return p.transpose ? [...s.slice(1), s[0]] : s;
}

/**
 * The index-policy block: indices → int64 indices ONNX accepts, plus (for fill / skip / drop)
 * a validity mask per index vector (shape: the index shape, the vector dim kept as 1 for ND).
 */
function policyBlock(
  b: Builder,
  call: CoreCall,
  p: Plan,
  indicesName: string,
  indices: Tensor,
  dimSizes: readonly number[],
): { index: string; valid?: string } {
  let idx = indicesName;
  if (p.transpose) {
    const perm = [...range(1, indices.rank), 0];
    idx = b.op('Transpose', [idx], { perm });
  }
  if (p.reshape) idx = reshape(b, call.op, idx, p.reshape);
  const mode = call.options.mode ?? (call.kind === 'gather' ? 'clip' : 'skip');
  const fromEnd = call.options.negative_indices === 'from_end';
  // ONNX's own policy; GatherND / ScatterND read int64 indices only
  if (mode === 'error' && fromEnd)
    return { index: p.op === 'ND' && indices.dtype !== 'int64' ? b.op('Cast', [idx], { to: 7 }) : idx };
  if (indices.dtype !== 'int64') idx = b.op('Cast', [idx], { to: 7 });
  const sizes = componentDims(p).map((d) => dimSizes[d]);
  const nd = p.op === 'ND';
  // Gather's and GatherElements' one size is a scalar: a [1] would broadcast a 0-d index to [1].
  const sizesC = b.i64(sizes, nd ? [sizes.length] : []);
  const zero = b.i64([0], []);
  const negative = b.op('Less', [idx, zero]);
  if (mode === 'error') {
    // a negative index is out of bounds for the call: make it one ONNX refuses too
    return { index: b.op('Where', [negative, sizesC, idx]) };
  }
  const adj = fromEnd ? b.op('Where', [negative, b.op('Add', [idx, sizesC]), idx]) : idx;
  if (mode === 'clip' || mode === 'promise_in_bounds') {
    if (call.kind === 'scatter' && mode === 'promise_in_bounds')
      return dropBlock(b, p, adj, sizesC, zero, sizes);
    const hi = b.i64(
      sizes.map((n) => Math.max(0, n - 1)),
      nd ? [sizes.length] : [],
    );
    return { index: b.op('Max', [b.op('Min', [adj, hi]), zero]) };
  }
  if (mode === 'wrap') {
    if (sizes.some((n) => n === 0))
      fail('index_policy', `${call.op}: wrap over a zero-size dim has no ONNX graph (Mod by 0)`);
    return { index: b.op('Mod', [adj, sizesC], { fmod: 0 }) };
  }
  if (mode === 'fill') {
    const valid = validMask(b, p, adj, sizesC, zero);
    return { index: b.op('Where', [valid, adj, zero]), valid };
  }
  return dropBlock(b, p, adj, sizesC, zero, sizes); // skip / drop
}

function validMask(b: Builder, p: Plan, adj: string, sizesC: string, zero: string): string {
  const ok = b.op('And', [b.op('GreaterOrEqual', [adj, zero]), b.op('Less', [adj, sizesC])]);
  if (p.op !== 'ND') return ok;
  // every component valid: min over the vector dim (kept as 1)
  const asInt = b.op('Cast', [ok], { to: 6 });
  const min = reduceMin(b, asInt);
  return b.op('Cast', [min], { to: 9 });
}

function reduceMin(b: Builder, x: string): string {
  if (b.opset >= 18) return b.op('ReduceMin', [x, b.i64([-1])], { keepdims: 1 });
  return b.op('ReduceMin', [x], { axes: [-1], keepdims: 1 });
}

/** Invalid index vectors go to an extra slot (dim `map[0]` = its size), sliced off after the scatter. */
function dropBlock(
  b: Builder,
  p: Plan,
  adj: string,
  sizesC: string,
  zero: string,
  sizes: readonly number[],
): { index: string; valid: string; pad: true } {
  const valid = validMask(b, p, adj, sizesC, zero);
  const slot = b.i64(
    sizes.map((n, c) => (c === 0 ? n : 0)),
    p.op === 'ND' ? [sizes.length] : [],
  );
  return { index: b.op('Where', [valid, adj, slot]), valid, pad: true };
}

/** The one ONNX node that computes `call` (the main node of its graph), or an OnnxExportError. */
export function onnxNode(lowered: CoreCall, options: OnnxExportOptions = {}): OnnxNode {
  checkCall(lowered, 'onnxNode', CALL_KINDS);
  checkOptions(options, 'onnxNode', ['opset']);
  const call = singleOp(lowered, 'export.onnx.program', { keepPrologue: true, error: OnnxExportError });
  return onnxGraph(call, options).main;
}

/**
 * A complex graph is valid ONNX (T is every tensor type), but onnxruntime does not load it:
 * "MLDataType for: tensor(complex64) is not currently registered or supported" (measured with
 * onnxruntime-node), so the export says so.
 */
function withComplexWarning(g: OnnxGraph): OnnxGraph {
  const dtype = g.outputDType;
  if (dtype !== 'complex64' && dtype !== 'complex128') return g;
  const warning: OnnxExportWarning = {
    code: 'export.onnx.complex',
    runtime: 'onnxruntime',
    message: `${g.main.opType}: onnxruntime does not load ${dtype} tensors (no registered tensor(${dtype}) type); the model is valid ONNX for other runtimes`,
  };
  return { ...g, warnings: [...g.warnings, warning] };
}

/** The prologues whose index computation the graph writes as nodes. */
const INDEX_PROLOGUES: readonly Prologue['kind'][] = ['nonzero', 'index_tuple'];
/**
 * The call kinds the export functions take: a program too, so that it meets singleOp's refusal
 * (`export.onnx.program`, naming the op) as translate and autodiff do, not a bare `call.kind`.
 */
const CALL_KINDS = ['gather', 'scatter', 'program'];

function checkOpset(opset: number): void {
  if (!Number.isInteger(opset) || opset < 11 || opset > LATEST_OPSET)
    fail('opset', `opset must be an integer in [11, ${LATEST_OPSET}]; got ${opset}`);
}

/**
 * The graph computing `call`: one main node plus what the call's policy needs (see the file
 * comment); a program's core call with its epilogue after it (onnx-program.ts).
 */
export function onnxGraph(lowered: LoweredCall, options: OnnxExportOptions = {}): OnnxGraph {
  checkCall(lowered, 'onnxGraph', CALL_KINDS);
  checkOptions(options, 'onnxGraph', ['opset', 'runtime_differences']);
  const opset = options.opset ?? 18;
  checkOpset(opset);
  const differences = options.runtime_differences ?? 'warn';
  if (differences !== 'warn' && differences !== 'refuse')
    fail('runtime_differences', `runtime_differences must be "warn" or "refuse"; got ${fmt(differences)}`);
  const core = (call: CoreCall) => coreGraph(call, opset);
  const g = lowered.kind === 'program' ? programGraph(lowered, core, opset) : core(lowered);
  if (g.nodes.length > 1 && opset < 13)
    fail(
      'opset',
      `${lowered.op}: this call needs a small graph (${g.nodes.map((n) => n.opType).join(', ')}); use opset >= 13`,
    );
  if (differences === 'refuse' && g.warnings.length > 0)
    fail('runtime_difference', g.warnings.map((w) => `${w.message} (${w.code})`).join('; '));
  return g;
}

/** The graph of one core call (its index prologue as nodes: onnx-general.ts). */
function coreGraph(lowered: CoreCall, opset: number): OnnxGraph {
  const call = singleOp(lowered, 'export.onnx.program', {
    runs: INDEX_PROLOGUES,
    keepPrologue: true,
    error: OnnxExportError,
  });
  return withComplexWarning(call.kind === 'gather' ? gatherGraph(call, opset) : scatterGraph(call, opset));
}

function gatherRoles(call: GatherCall): Roles {
  const dn = call.dimension_numbers;
  return {
    q: call.start_indices.rank,
    operandShape: call.operand.shape,
    windowSpaceDims: dn.offset_dims,
    collapsedDims: dn.collapsed_slice_dims,
    operandBatchingDims: dn.operand_batching_dims ?? [],
    indicesBatchingDims: dn.start_indices_batching_dims ?? [],
    startIndexMap: dn.start_index_map,
    indexVectorDim: dn.index_vector_dim,
    windowSizes: dn.slice_sizes,
  };
}

function finish(
  b: Builder,
  call: CoreCall,
  out: string,
  coreShape: readonly number[],
  main: OnnxNode,
  inputs: OnnxGraph['inputs'],
  dtype: DType,
  warnings: readonly OnnxExportWarning[] = [],
): OnnxGraph {
  checkReshape(call, coreShape, 'export.onnx');
  let result = out;
  const shape = call.reshape && !same(call.reshape, coreShape) ? call.reshape : coreShape;
  if (shape !== coreShape) result = reshape(b, call.op, out, shape);
  // the last node writes `output`
  const nodes = b.nodes.map((n) => (n.output === result ? { ...n, output: 'output' } : n));
  const rename = (x: string) => (x === result ? 'output' : x);
  return {
    main,
    nodes: nodes.map((n) => ({ ...n, inputs: n.inputs.map(rename) })),
    constants: b.constants,
    inputs,
    outputShape: shape,
    outputDType: dtype,
    warnings,
  };
}

/** The caller's tensors (the mask or packed tuple itself: nodes compute the indices from it). */
const gatherInputs = (lowered: GatherCall): OnnxNode['inputs'] => [
  { name: 'data', tensor: lowered.operand },
  { name: 'indices', tensor: lowered.start_indices },
];

/** The ONNX op of each one-node gather plan. */
const ONNX_GATHER = { Gather: 'Gather', Elements: 'GatherElements', ND: 'GatherND' } as const;

function gatherGraph(lowered: GatherCall, opset: number): OnnxGraph {
  // A mask's nonzero step (NumPy's a[mask], PyTorch's x[mask], masked_select) is ONNX's NonZero,
  // transposed to one index tuple a row; shapes and checks read the op the call stands for.
  const call = concreteCall(lowered);
  const r = gatherRoles(call);
  const p = plan(r, call.start_indices.shape);
  const b = new Builder(opset);
  // After the index policy's nodes: their refusals come before the shape's.
  const coreShape = () =>
    mappedGatherShape(call.operand.shape, call.start_indices.shape, call.dimension_numbers, call.options)
      .resultShape;
  const final = call.reshape ?? coreShape();
  if (final.includes(0)) {
    // An empty result reads no index (the frameworks check none then; onnxruntime's Gather checks
    // every one, and a Reshape's 0 means "copy that dim"): the graph is its empty constant.
    const out = b.op('Identity', [b.constant(zeros(final, call.operand.dtype), 'empty')]);
    const general = !p || computedIndices(lowered);
    const opType = general ? 'GatherND' : ONNX_GATHER[(p as Plan).op];
    const main: OnnxNode = {
      opType,
      attributes: general ? {} : (p as Plan).attrs,
      inputs: gatherInputs(lowered),
    };
    return finish(b, call, out, final, main, main.inputs, call.operand.dtype);
  }
  if (!p || computedIndices(lowered)) {
    // No one-node plan, or a packed index tuple: the general graph (onnx-general.ts).
    const out = generalGather(b, lowered, call);
    const main: OnnxNode = { opType: 'GatherND', attributes: {}, inputs: gatherInputs(lowered) };
    return finish(b, call, out, coreShape(), main, main.inputs, call.operand.dtype);
  }
  const pl = p as Plan;
  const indices = lowered.prologue
    ? b.op('Transpose', [b.op('NonZero', ['indices'])], { perm: [1, 0] })
    : 'indices';
  const { index, valid } = policyBlock(b, call, pl, indices, call.start_indices, call.operand.shape);
  const opType = ONNX_GATHER[pl.op];
  let out = b.op(opType, ['data', index], pl.attrs);
  if (valid) {
    // fill: out-of-range reads become the fill value
    const q = indexShape(call.start_indices, pl);
    const rank = call.operand.rank;
    let maskShape: number[];
    if (pl.op === 'Gather') {
      const axis = pl.attrs.axis;
      maskShape = [...new Array(axis).fill(1), ...q, ...new Array(rank - axis - 1).fill(1)];
    } else if (pl.op === 'Elements') maskShape = q;
    else {
      const bd = pl.attrs.batch_dims ?? 0;
      maskShape = [...q.slice(0, -1), ...new Array(rank - bd - q[q.length - 1]).fill(1)];
    }
    const mask = b.op('Reshape', [valid, b.i64(maskShape)]);
    const fill = b.constant(tensor([call.options.fill_value as never], call.operand.dtype, []), 'fill');
    out = b.op('Where', [mask, out, fill]);
  }
  const main: OnnxNode = { opType, attributes: pl.attrs, inputs: gatherInputs(lowered) };
  return finish(b, call, out, coreShape(), main, main.inputs, call.operand.dtype);
}

/** The identity of a reduction in a dtype (the value include_self = false starts from). */
function identity(comp: string, dtype: DType): number | bigint | undefined {
  if (dtype === 'bool') return undefined;
  const float = dtype.startsWith('float') || dtype === 'bfloat16';
  const bits = Number(dtype.replace(/\D/g, ''));
  const unsigned = dtype.startsWith('uint');
  const big = bits === 64;
  const max = unsigned ? 2n ** BigInt(bits) - 1n : 2n ** BigInt(bits - 1) - 1n;
  const min = unsigned ? 0n : -(2n ** BigInt(bits - 1));
  const num = (v: bigint) => (big ? v : Number(v));
  switch (comp) {
    case 'add':
      return big ? 0n : 0;
    case 'mul':
      return big ? 1n : 1;
    case 'min':
      return float ? Number.POSITIVE_INFINITY : num(max);
    case 'max':
      return float ? Number.NEGATIVE_INFINITY : num(min);
  }
  return undefined;
}

function scatterGraph(lowered: ScatterCall, opset: number): OnnxGraph {
  if (lowered.inputs.length !== 1) fail('variadic', `${lowered.op}: ONNX scatters take one input`);
  // A declared prologue on the updates becomes nodes before the scatter (circular targets only
  // occur on TensorScatter, a batching scatter no ONNX op has); shapes and checks read the op
  // the call stands for.
  const call = concreteCall(lowered);
  const dn = call.dimension_numbers;
  const input = call.inputs[0];
  const updates = call.updates[0];
  const windowDims = dn.update_window_dims;
  const skipped = new Set([...dn.inserted_window_dims, ...(dn.input_batching_dims ?? [])]);
  let w = 0;
  const sizes = input.shape.map((_, d) => (skipped.has(d) ? 1 : updates.shape[windowDims[w++]]));
  const r: Roles = {
    q: call.scatter_indices.rank,
    operandShape: input.shape,
    windowSpaceDims: windowDims,
    collapsedDims: dn.inserted_window_dims,
    operandBatchingDims: dn.input_batching_dims ?? [],
    indicesBatchingDims: dn.scatter_indices_batching_dims ?? [],
    startIndexMap: dn.scatter_dims_to_operand_dims,
    indexVectorDim: dn.index_vector_dim,
    windowSizes: sizes,
  };
  let p = plan(r, call.scatter_indices.shape);
  // a take on rank 1 with one index dim is also element-wise
  if (p?.op === 'Gather' && r.operandShape.length === 1 && r.q === 1) p = { ...p, op: 'Elements' };
  // a take along axis 0 is ScatterND with 1-vectors (the indices get a vector dim of 1)
  else if (p?.op === 'Gather' && p.attrs.axis === 0) {
    const shape = [...call.scatter_indices.shape, 1];
    p = {
      op: 'ND',
      attrs: {},
      transpose: false,
      reshape: shape,
      roles: { ...r, q: r.q + 1, indexVectorDim: r.q },
    };
  }
  // No one-node plan, or indices the graph computes: the general graph (onnx-general.ts).
  const general =
    !p ||
    p.op === 'Gather' ||
    (p.op === 'ND' && p.roles.operandBatchingDims.length > 0) ||
    computedIndices(lowered);
  const pl = p as Plan;
  const given = call.update_computation;
  // sub is add of the negated updates (a - b = a + (-b)), where ONNX's Neg takes the dtype: it
  // has no unsigned, bool or complex types (a complex64 Neg is an invalid model), so those
  // refuse below as a sub reduction ONNX lacks.
  const negate = given === 'sub' && NEG_TYPES.has(input.dtype);
  const comp = negate ? 'add' : given;
  const red = typeof comp === 'string' && Object.hasOwn(REDUCTION, comp) ? REDUCTION[comp] : undefined;
  if (!red)
    fail(
      'reducer',
      `${call.op}: ONNX has no reduction for ${typeof comp === 'string' ? comp : 'a custom computation'}`,
    );
  const reduction = red as NonNullable<typeof red>;
  if (opset < reduction.opset)
    fail('reducer', `${call.op}: reduction "${reduction.name}" needs opset ${reduction.opset}; got ${opset}`);
  const withoutSelf = call.options.include_self === false && comp !== 'replace';
  const ident = withoutSelf ? identity(comp as string, input.dtype) : undefined;
  if (withoutSelf && ident === undefined)
    fail(
      'include_self',
      `${call.op}: include_self = false with ${String(comp)} on ${input.dtype} has no identity`,
    );
  if (comp === 'replace') {
    // two different values replacing one element: ONNX leaves the order undefined (equal ones are fine)
    const seen = new Map<number, string>();
    const values = updates.toFlatArray().map((v) => (Object.is(v, -0) ? '-0' : String(v)));
    landingMap(call).forEach((q, k) => {
      if (q < 0) return;
      const before = seen.get(q);
      if (before !== undefined && before !== values[k])
        fail(
          'duplicates',
          `${call.op}: two different updates replace element ${q}; ONNX leaves their order undefined`,
        );
      seen.set(q, values[k]);
    });
  }
  const b = new Builder(opset);
  const prologue = lowered.prologue;
  const updatesName = prologue ? updatesNodes(b, prologue, lowered.updates[0]) : 'updates';
  if (general) {
    if (withoutSelf)
      fail(
        'include_self',
        `${call.op}: include_self = false with these dimension numbers has no ONNX graph here`,
      );
    const attrs: Record<string, number | string> = opset >= 16 ? { reduction: reduction.name } : {};
    const upd = negate ? negated(b, updatesName, input.dtype) : updatesName;
    const out = generalScatter(b, lowered, call, upd, sizes, attrs);
    const main: OnnxNode = { opType: 'ScatterND', attributes: attrs, inputs: scatterInputs(lowered) };
    const warnings = minmaxWarnings(call.op, comp, input.dtype, call.options.float_minmax ?? 'ieee');
    return finish(b, call, out, input.shape, main, main.inputs, input.dtype, warnings);
  }
  const block = policyBlock(b, call, pl, 'indices', call.scatter_indices, input.shape) as {
    index: string;
    pad?: true;
  };
  const opType = pl.op === 'Elements' ? 'ScatterElements' : 'ScatterND';
  const attributes: Record<string, number | string> = { ...pl.attrs };
  if (opset >= 16) attributes.reduction = reduction.name;
  const padDim = pl.roles.startIndexMap[0];
  /** scatter(data, index, upd) with the extra slot when invalid updates are redirected to it. */
  const scatter = (
    data: string,
    upd: string,
    attrs: Record<string, number | string>,
    dtype: DType,
  ): string => {
    if (!block.pad) return b.op(opType, [data, block.index, upd], attrs);
    const slotShape = input.shape.map((n, d) => (d === padDim ? 1 : n));
    const zeros = b.constant(
      tensor(
        new Array(sizeOf(slotShape)).fill(dtype === 'int64' ? 0n : dtype === 'bool' ? false : 0),
        dtype,
        slotShape,
      ),
      'slot',
    );
    const padded = b.op('Concat', [data, zeros], { axis: padDim });
    const out = b.op(opType, [padded, block.index, upd], attrs);
    return b.op('Slice', [out, b.i64([0]), b.i64([input.shape[padDim]]), b.i64([padDim])]);
  };
  let data = 'data';
  if (withoutSelf) {
    // touched = scatter of ones into zeros (max: duplicates and the slot stay 1)
    const zeros = b.constant(tensor(new Array(input.size).fill(0), 'int32', [...input.shape]), 'zeros');
    const ones = b.constant(tensor(new Array(updates.size).fill(1), 'int32', [...updates.shape]), 'ones');
    const tAttrs: Record<string, number | string> = { ...pl.attrs };
    if (opset >= 16) tAttrs.reduction = opset >= 18 ? 'max' : 'add';
    const touched = b.op('Greater', [
      scatter(zeros, ones, tAttrs, 'int32'),
      b.constant(tensor(0, 'int32'), 'z'),
    ]);
    const idc = b.constant(tensor([ident as never], input.dtype, []), 'identity');
    data = b.op('Where', [touched, idc, 'data']);
  }
  const out = scatter(
    data,
    negate ? negated(b, updatesName, input.dtype) : updatesName,
    attributes,
    input.dtype,
  );
  const main: OnnxNode = { opType, attributes, inputs: scatterInputs(lowered) };
  const warnings = minmaxWarnings(call.op, comp, input.dtype, call.options.float_minmax ?? 'ieee');
  return finish(b, call, out, input.shape, main, main.inputs, input.dtype, warnings);
}

/** The caller's tensors: a prologue's nodes compute the scatter's operands from them. */
const scatterInputs = (lowered: ScatterCall): OnnxNode['inputs'] => [
  { name: 'data', tensor: lowered.inputs[0] },
  { name: 'indices', tensor: lowered.scatter_indices },
  { name: 'updates', tensor: lowered.updates[0] },
];

/**
 * What onnxruntime's min / max reduction computes differently from the call's rule (see the
 * file comment): onnxruntime keeps the element only when it is strictly better, so a ±0 tie
 * and a NaN element take the update.
 */
/** ONNX Neg's types (opset 13: T in float, double, float16, bfloat16, int8, int16, int32, int64). */
const NEG_TYPES: ReadonlySet<DType> = new Set<DType>([
  'float32',
  'float64',
  'float16',
  'bfloat16',
  'int8',
  'int16',
  'int32',
  'int64',
]);

/**
 * −updates for a sub exported as add. For floats `Sub(−0, u)`, not `Neg(u)`: `x - NaN` is that NaN
 * with its own sign (x86, the core), and Neg flips the sign bit, so `x + Neg(NaN)` in onnxruntime
 * was the other NaN (seed 1 of test/surfaces-campaign: jax.at(x, 2).subtract(NaN) gave 0xffc00000
 * for 0x7fc00000); `−0 − u` is −u for every other u (±0 included) and keeps a NaN u's bits, as
 * onnxruntime's Sub, like its Add, returns the NaN operand. No Where: onnxruntime's Where turns a
 * selected −0 into +0.
 */
function negated(b: Builder, updates: string, dtype: DType): string {
  if (!(dtype.startsWith('float') || dtype === 'bfloat16')) return b.op('Neg', [updates]);
  return b.op('Sub', [b.constant(tensor(-0, dtype), 'minus_zero'), updates]);
}

function minmaxWarnings(
  op: string,
  comp: unknown,
  dtype: DType,
  rule: NonNullable<ScatterCall['options']['float_minmax']>,
): OnnxExportWarning[] {
  if ((comp !== 'min' && comp !== 'max') || !(dtype.startsWith('float') || dtype === 'bfloat16')) return [];
  const warnings: OnnxExportWarning[] = [];
  const [zs, zu] = comp === 'min' ? ['-0', '+0'] : ['+0', '-0'];
  if (rule === 'ieee')
    warnings.push({
      code: 'export.onnx.minmax_tie',
      runtime: 'onnxruntime',
      message: `${op}: ${comp} of element ${zs} and update ${zu} is ${zs} here, ${zu} in onnxruntime (it takes the update on a tie)`,
    });
  else if (rule === 'self_on_tie' || rule === 'self_on_tie_keep_nan')
    warnings.push({
      code: 'export.onnx.minmax_tie',
      runtime: 'onnxruntime',
      message: `${op}: a ±0 tie of ${comp} keeps the element here and takes the update in onnxruntime`,
    });
  const here =
    rule === 'ieee'
      ? 'gives NaN here'
      : rule === 'self_on_tie'
        ? 'stays NaN here (unless the update is NaN)'
        : 'stays NaN here (also after a NaN update)';
  warnings.push({
    code: 'export.onnx.minmax_nan',
    runtime: 'onnxruntime',
    message: `${op}: a NaN element under ${comp} ${here}; onnxruntime replaces it with the next update`,
  });
  return warnings;
}

/** The scatter's updates from the caller's: `updates × factor` or `v[i mod size(v)]`. */
function updatesNodes(b: Builder, p: Prologue, v: Tensor): string {
  if (p.kind === 'scale_updates')
    return b.op('Mul', ['updates', b.constant(tensor(p.factor as never, v.dtype, []), 'alpha')]);
  if (p.kind !== 'cycle_updates') return 'updates';
  const i = b.op('Range', [b.i64([0], []), b.i64([p.length], []), b.i64([1], [])]);
  return b.op('Gather', ['updates', b.op('Mod', [i, b.i64([v.size], [])])], { axis: 0 });
}

// ---------------------------------------------------------------------------------------------
// ModelProto (only the fields a small graph needs; numbers from onnx.proto)

function schema(): protobuf.Type {
  const { Field, Root, Type } = protobuf;
  const root = new Root();
  const ns = root.define('tgs_export');
  ns.add(
    new Type('OperatorSetIdProto')
      .add(new Field('domain', 1, 'string'))
      .add(new Field('version', 2, 'int64')),
  );
  ns.add(
    new Type('AttributeProto')
      .add(new Field('name', 1, 'string'))
      .add(new Field('i', 3, 'int64'))
      .add(new Field('s', 4, 'bytes'))
      .add(new Field('ints', 8, 'int64', 'repeated'))
      .add(new Field('type', 20, 'int32')),
  );
  ns.add(
    new Type('TensorProto')
      .add(new Field('dims', 1, 'int64', 'repeated'))
      .add(new Field('data_type', 2, 'int32'))
      .add(new Field('name', 8, 'string'))
      .add(new Field('raw_data', 9, 'bytes')),
  );
  ns.add(
    new Type('NodeProto')
      .add(new Field('input', 1, 'string', 'repeated'))
      .add(new Field('output', 2, 'string', 'repeated'))
      .add(new Field('name', 3, 'string'))
      .add(new Field('op_type', 4, 'string'))
      .add(new Field('attribute', 5, 'AttributeProto', 'repeated')),
  );
  ns.add(new Type('Dimension').add(new Field('dim_value', 1, 'int64')));
  ns.add(new Type('TensorShapeProto').add(new Field('dim', 1, 'Dimension', 'repeated')));
  ns.add(
    new Type('TensorTypeProto')
      .add(new Field('elem_type', 1, 'int32'))
      .add(new Field('shape', 2, 'TensorShapeProto')),
  );
  ns.add(new Type('TypeProto').add(new Field('tensor_type', 1, 'TensorTypeProto')));
  ns.add(
    new Type('ValueInfoProto').add(new Field('name', 1, 'string')).add(new Field('type', 2, 'TypeProto')),
  );
  ns.add(
    new Type('GraphProto')
      .add(new Field('node', 1, 'NodeProto', 'repeated'))
      .add(new Field('name', 2, 'string'))
      .add(new Field('initializer', 5, 'TensorProto', 'repeated'))
      .add(new Field('input', 11, 'ValueInfoProto', 'repeated'))
      .add(new Field('output', 12, 'ValueInfoProto', 'repeated')),
  );
  ns.add(
    new Type('ModelProto')
      .add(new Field('ir_version', 1, 'int64'))
      .add(new Field('producer_name', 2, 'string'))
      .add(new Field('graph', 7, 'GraphProto'))
      .add(new Field('opset_import', 8, 'OperatorSetIdProto', 'repeated')),
  );
  root.resolveAll();
  return root.lookupType('tgs_export.ModelProto');
}

let modelType: protobuf.Type | undefined;

const valueInfo = (name: string, t: { dtype: Tensor['dtype']; shape: readonly number[] }) => ({
  name,
  type: {
    tensor_type: {
      elem_type: dtypeToOnnxDataType[t.dtype],
      shape: { dim: t.shape.map((n) => ({ dim_value: n })) },
    },
  },
});

const attribute = (name: string, v: AttrValue) =>
  typeof v === 'string'
    ? { name, type: 3, s: new TextEncoder().encode(v) }
    : typeof v === 'number'
      ? { name, type: 2, i: v }
      : { name, type: 7, ints: [...v] };

/** Little-endian bytes of a tensor's storage (the library's storage is little-endian on supported hosts). */
const rawBytes = (t: Tensor) => new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength).slice();

/** The IR version that goes with an opset (onnx's versioning table; onnxruntime 1.30 loads each). */
const irVersion = (opset: number): number => (opset >= 23 ? 11 : opset >= 21 ? 10 : 8);

/**
 * An ONNX model (serialized ModelProto) computing `call`: graph inputs `data`, `indices`
 * (and `updates`) fed with the call's tensors (see `onnxInputs`), output `output`.
 */
export function toOnnx(call: LoweredCall, options: OnnxExportOptions = {}): Uint8Array {
  checkCall(call, 'toOnnx', CALL_KINDS);
  checkOptions(options, 'toOnnx', ['opset', 'runtime_differences']);
  const g = onnxGraph(call, options);
  const opset = options.opset ?? 18;
  modelType ??= schema();
  const model = {
    ir_version: irVersion(opset),
    producer_name: 'tensor-gather-scatter',
    opset_import: [{ domain: '', version: opset }],
    graph: {
      name: call.op,
      node: g.nodes.map((n, k) => ({
        input: [...n.inputs],
        output: [n.output],
        name: `n${k}`,
        op_type: n.opType,
        attribute: Object.entries(n.attributes).map(([name, v]) => attribute(name, v)),
      })),
      initializer: Object.entries(g.constants).map(([name, t]) => ({
        name,
        dims: [...t.shape],
        data_type: dtypeToOnnxDataType[t.dtype],
        raw_data: rawBytes(t),
      })),
      input: g.inputs.map((i) => valueInfo(i.name, i.tensor)),
      output: [valueInfo('output', { dtype: g.outputDType, shape: g.outputShape })],
    },
  };
  return modelType.encode(modelType.fromObject(model)).finish();
}

/** The model's feeds: graph input name → the call's tensor. */
export function onnxInputs(lowered: LoweredCall, options: OnnxExportOptions = {}): Record<string, Tensor> {
  checkCall(lowered, 'onnxInputs', CALL_KINDS);
  checkOptions(options, 'onnxInputs', ['opset', 'runtime_differences']);
  return Object.fromEntries(onnxGraph(lowered, options).inputs.map((i) => [i.name, i.tensor]));
}
