/**
 * Export of a lowered call to an ONNX model (bytes, via protobufjs): one node where one ONNX op
 * expresses the call, a typed error naming why otherwise.
 *
 *   Gather(data, indices, axis)             take along one axis, no batching dims
 *   GatherElements(data, indices, axis)     element-wise: every other dim a batching pair
 *   GatherND(data, indices, batch_dims)     index vectors last, leading batching dims
 *   ScatterElements / ScatterND             the mirrors, reduction none / add / mul (opset 16) /
 *                                           min / max (opset 18)
 *
 * ONNX reads negative indices from the end and fails on any other out-of-range index, so a call
 * exports when its indices are in range (or its policy is `error` too). Rules (codes
 * `export.onnx.<rule>`): `no_single_op` (no one ONNX op has these dimension numbers),
 * `index_policy` (an out-of-range index the call's mode handles and ONNX would refuse),
 * `reducer` (sub / mean / custom, or min/max before opset 18, add/mul before 16),
 * `include_self` (false), `duplicates` (replace onto one element twice: ONNX leaves the order
 * undefined), `reshape` (a final reshape would need a second node), `opset`, `variadic`.
 */
import protobuf from 'protobufjs';
import { landingMap } from '../autodiff/rules.js';
import type { CoreCall, GatherCall, ScatterCall } from '../core/call.js';
import { gatherShape } from '../core/gather-shape.js';
import { GatherScatterError } from '../errors.js';
import { dtypeToOnnxDataType } from '../interop/onnx-tensor.js';
import type { Tensor } from '../tensor/tensor.js';

/** The call cannot be written as one ONNX node (the code says why). */
export class OnnxExportError extends GatherScatterError {}

const fail = (rule: string, message: string): never => {
  throw new OnnxExportError(`export.onnx.${rule}`, `toOnnx: ${message}`);
};

export interface OnnxExportOptions {
  /** ai.onnx opset of the model (11–22); default 18. */
  readonly opset?: number;
}

/** One ONNX node equivalent to a call. */
export interface OnnxNode {
  readonly opType: 'Gather' | 'GatherElements' | 'GatherND' | 'ScatterElements' | 'ScatterND';
  readonly attributes: Readonly<Record<string, number | string>>;
  /** Graph inputs in order, with the call's tensors that feed them. */
  readonly inputs: readonly { readonly name: string; readonly tensor: Tensor }[];
}

const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a) }, (_, i) => a + i);
const same = (x: readonly number[] | undefined, y: readonly number[]) =>
  (x ?? []).length === y.length && (x ?? []).every((v, i) => v === y[i]);

/** Gather family shapes, in the role names common to gather and scatter. */
interface Roles {
  readonly rank: number;
  readonly q: number;
  readonly shape: readonly number[];
  readonly window: readonly number[];
  readonly collapsed: readonly number[];
  readonly batchOperand: readonly number[];
  readonly batchIndices: readonly number[];
  readonly map: readonly number[];
  readonly ivd: number;
  /** Window extent per operand dim (slice_sizes / derived from the updates). */
  readonly sizes: readonly number[];
}

function match(r: Roles): { op: 'Gather' | 'Elements' | 'ND'; attrs: Record<string, number> } | undefined {
  const { rank, q, ivd, map } = r;
  // take along `axis`: the indices' dims replace dim `axis`
  if (ivd === q && map.length === 1 && r.batchOperand.length === 0) {
    const axis = map[0];
    const window = [...range(0, axis), ...range(axis + q, rank - 1 + q)];
    const full = r.sizes.every((n, d) => (d === axis ? n === 1 : n === r.shape[d]));
    if (same(r.collapsed, [axis]) && same(r.window, window) && full) return { op: 'Gather', attrs: { axis } };
  }
  // element-wise along `axis`: every other dim is a batching pair of the same position
  if (r.window.length === 0 && ivd === q && q === rank && map.length === 1) {
    const axis = map[0];
    const others = range(0, rank).filter((d) => d !== axis);
    if (same(r.collapsed, [axis]) && same(r.batchOperand, others) && same(r.batchIndices, others)) {
      return { op: 'Elements', attrs: { axis } };
    }
  }
  // ND: index vectors last, b leading batching dims, k indexed dims after them
  if (q >= 1 && ivd === q - 1) {
    const b = r.batchOperand.length;
    const k = map.length;
    const full = r.sizes.every((n, d) => (d < b + k ? n === 1 : n === r.shape[d]));
    if (
      same(r.batchOperand, range(0, b)) &&
      same(r.batchIndices, range(0, b)) &&
      same(map, range(b, b + k)) &&
      same(r.collapsed, range(b, b + k)) &&
      same(r.window, range(q - 1, q - 1 + rank - b - k)) &&
      full
    ) {
      return { op: 'ND', attrs: b > 0 ? { batch_dims: b } : {} };
    }
  }
  return undefined;
}

/** Every index value lies in [-size, size) of the dim it indexes (or in [0, size) unless from_end). */
function checkIndices(call: CoreCall, indices: Tensor, r: Roles, sizes: readonly number[]): void {
  if (call.options.mode === 'error') return; // ONNX fails on the same indices
  const fromEnd = call.options.negative_indices === 'from_end';
  const values = indices.toFlatArray();
  const k = r.ivd === r.q ? 1 : indices.shape[r.ivd];
  const inner = r.ivd === r.q ? 1 : indices.shape.slice(r.ivd + 1).reduce((a, b) => a * b, 1);
  for (let e = 0; e < values.length; e++) {
    const component = Math.floor(e / inner) % k;
    const dim = r.map[component];
    const n = sizes[dim] - r.sizes[dim] + 1; // valid starts
    const v = Number(values[e]);
    if (!(v >= 0 && v < n) && !(fromEnd && v < 0 && v >= -sizes[dim] && r.sizes[dim] === 1)) {
      fail(
        'index_policy',
        `${call.op}: index ${v} is out of range for dim ${dim} (size ${sizes[dim]}); the call's mode "${call.options.mode}" handles it, ONNX would refuse it`,
      );
    }
  }
}

const REDUCTION: Record<string, { name: string; opset: number }> = {
  replace: { name: 'none', opset: 11 },
  add: { name: 'add', opset: 16 },
  mul: { name: 'mul', opset: 16 },
  min: { name: 'min', opset: 18 },
  max: { name: 'max', opset: 18 },
};

/** The one ONNX node that computes `call`, or an OnnxExportError naming why there is none. */
export function onnxNode(call: CoreCall, options: OnnxExportOptions = {}): OnnxNode {
  const opset = options.opset ?? 18;
  if (!Number.isInteger(opset) || opset < 11 || opset > 22)
    fail('opset', `opset must be an integer in [11, 22]; got ${opset}`);
  if (call.kind === 'gather') return gatherNode(call);
  return scatterNode(call, opset);
}

function checkReshape(call: CoreCall, shape: readonly number[]): void {
  if (call.reshape && !same(call.reshape, shape)) {
    fail(
      'reshape',
      `${call.op}: the result is reshaped to [${call.reshape.join(', ')}], which needs a second node`,
    );
  }
}

function gatherNode(call: GatherCall): OnnxNode {
  const dn = call.dimension_numbers;
  const r: Roles = {
    rank: call.operand.rank,
    q: call.start_indices.rank,
    shape: call.operand.shape,
    window: dn.offset_dims,
    collapsed: dn.collapsed_slice_dims,
    batchOperand: dn.operand_batching_dims ?? [],
    batchIndices: dn.start_indices_batching_dims ?? [],
    map: dn.start_index_map,
    ivd: dn.index_vector_dim,
    sizes: dn.slice_sizes,
  };
  const m = match(r);
  if (!m)
    fail(
      'no_single_op',
      `${call.op}: no single ONNX op has these dimension numbers (a general windowed gather)`,
    );
  const found = m as NonNullable<typeof m>;
  checkIndices(call, call.start_indices, r, call.operand.shape);
  checkReshape(call, gatherShape(call.operand.shape, call.start_indices.shape, dn).resultShape);
  const opType = found.op === 'Gather' ? 'Gather' : found.op === 'Elements' ? 'GatherElements' : 'GatherND';
  return {
    opType,
    attributes: found.attrs,
    inputs: [
      { name: 'data', tensor: call.operand },
      { name: 'indices', tensor: call.start_indices },
    ],
  };
}

function scatterNode(call: ScatterCall, opset: number): OnnxNode {
  if (call.inputs.length !== 1) fail('variadic', `${call.op}: ONNX scatters take one input`);
  checkReshape(call, call.inputs[0].shape);
  const dn = call.dimension_numbers;
  const input = call.inputs[0];
  const updates = call.updates[0];
  // window extents from the updates' window dims
  const windowDims = dn.update_window_dims;
  const skipped = new Set([...dn.inserted_window_dims, ...(dn.input_batching_dims ?? [])]);
  let w = 0;
  const sizes = input.shape.map((_, d) => (skipped.has(d) ? 1 : updates.shape[windowDims[w++]]));
  const r: Roles = {
    rank: input.rank,
    q: call.scatter_indices.rank,
    shape: input.shape,
    window: windowDims,
    collapsed: dn.inserted_window_dims,
    batchOperand: dn.input_batching_dims ?? [],
    batchIndices: dn.scatter_indices_batching_dims ?? [],
    map: dn.scatter_dims_to_operand_dims,
    ivd: dn.index_vector_dim,
    sizes,
  };
  let m = match(r);
  // a take on rank 1 with one index dim is also element-wise
  if (m?.op === 'Gather' && r.rank === 1 && r.q === 1) m = { op: 'Elements', attrs: m.attrs };
  if (!m || m.op === 'Gather' || (m.op === 'ND' && r.batchOperand.length > 0)) {
    fail('no_single_op', `${call.op}: no single ONNX scatter has these dimension numbers`);
  }
  const found = m as NonNullable<typeof m>;
  const comp = call.update_computation;
  const red = typeof comp === 'string' && Object.hasOwn(REDUCTION, comp) ? REDUCTION[comp] : undefined;
  if (!red)
    fail(
      'reducer',
      `${call.op}: ONNX has no reduction for ${typeof comp === 'string' ? comp : 'a custom computation'}`,
    );
  const reduction = red as NonNullable<typeof red>;
  if (opset < reduction.opset)
    fail('reducer', `${call.op}: reduction "${reduction.name}" needs opset ${reduction.opset}; got ${opset}`);
  if (call.options.include_self === false)
    fail('include_self', `${call.op}: ONNX scatters always include the input (include_self = false)`);
  checkIndices(call, call.scatter_indices, r, input.shape);
  if (comp === 'replace') {
    const seen = new Set<number>();
    for (const p of landingMap(call)) {
      if (p < 0) continue;
      if (seen.has(p))
        fail('duplicates', `${call.op}: two updates replace element ${p}; ONNX leaves their order undefined`);
      seen.add(p);
    }
  }
  const attributes: Record<string, number | string> = { ...found.attrs };
  if (opset >= 16) attributes.reduction = reduction.name;
  return {
    opType: found.op === 'Elements' ? 'ScatterElements' : 'ScatterND',
    attributes,
    inputs: [
      { name: 'data', tensor: input },
      { name: 'indices', tensor: call.scatter_indices },
      { name: 'updates', tensor: updates },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// ModelProto (only the fields a one-node model needs; numbers from onnx.proto)

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
      .add(new Field('type', 20, 'int32')),
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

/**
 * An ONNX model (serialized ModelProto) computing `call`: graph inputs `data`, `indices`
 * (and `updates`) fed with the call's tensors (see `onnxInputs`), output `output`.
 */
export function toOnnx(call: CoreCall, options: OnnxExportOptions = {}): Uint8Array {
  const node = onnxNode(call, options);
  const opset = options.opset ?? 18;
  modelType ??= schema();
  const resultShape = call.kind === 'scatter' ? call.inputs[0].shape : undefined;
  const outputDType = node.inputs[0].tensor.dtype;
  const attribute = Object.entries(node.attributes).map(([name, v]) =>
    typeof v === 'string' ? { name, type: 3, s: new TextEncoder().encode(v) } : { name, type: 2, i: v },
  );
  const model = {
    ir_version: opset >= 21 ? 10 : 8,
    producer_name: 'tensor-gather-scatter',
    opset_import: [{ domain: '', version: opset }],
    graph: {
      name: call.op,
      node: [
        {
          input: node.inputs.map((i) => i.name),
          output: ['output'],
          name: 'n0',
          op_type: node.opType,
          attribute,
        },
      ],
      input: node.inputs.map((i) => valueInfo(i.name, i.tensor)),
      output: [
        resultShape
          ? valueInfo('output', { dtype: outputDType, shape: resultShape })
          : { name: 'output', type: { tensor_type: { elem_type: dtypeToOnnxDataType[outputDType] } } },
      ],
    },
  };
  return modelType.encode(modelType.fromObject(model)).finish();
}

/** The model's feeds: graph input name → the call's tensor. */
export function onnxInputs(call: CoreCall, options: OnnxExportOptions = {}): Record<string, Tensor> {
  return Object.fromEntries(onnxNode(call, options).inputs.map((i) => [i.name, i.tensor]));
}
