/**
 * One-node ONNX models for tests: build a ModelProto with protobufjs (for the onnxruntime
 * differential) and parse one (for the ONNX backend conformance data).
 *
 * Only the onnx.proto messages and fields these tests need are declared. Embedded TensorProto
 * messages (initializers, tensor attributes) are declared as `bytes`: a length-delimited field
 * decodes the same either way, and the bytes go to `fromTensorProto` / come from `toTensorProto`.
 */
import protobuf from 'protobufjs';
import type { LoweredCall } from '../../src/ir/lowered.js';
import { onnxInputs, toOnnx } from '../../src/export/index.js';
import type { Tensor } from '../../src/tensor/tensor.js';

const { Enum, Field, Root, Type } = protobuf;

function buildRoot(): protobuf.Root {
  const root = new Root();
  const ns = root.define('onnxtest');
  const opset = new Type('OperatorSetIdProto')
    .add(new Field('domain', 1, 'string'))
    .add(new Field('version', 2, 'int64'));
  const attrType = new Enum('AttributeType', {
    UNDEFINED: 0,
    FLOAT: 1,
    INT: 2,
    STRING: 3,
    TENSOR: 4,
    GRAPH: 5,
    FLOATS: 6,
    INTS: 7,
    STRINGS: 8,
    TENSORS: 9,
  });
  const attr = new Type('AttributeProto')
    .add(new Field('name', 1, 'string'))
    .add(new Field('f', 2, 'float'))
    .add(new Field('i', 3, 'int64'))
    .add(new Field('s', 4, 'bytes'))
    .add(new Field('t', 5, 'bytes'))
    .add(new Field('floats', 7, 'float', 'repeated', undefined, { packed: false }))
    .add(new Field('ints', 8, 'int64', 'repeated', undefined, { packed: false }))
    .add(new Field('strings', 9, 'bytes', 'repeated'))
    .add(new Field('type', 20, 'AttributeType'));
  const node = new Type('NodeProto')
    .add(new Field('input', 1, 'string', 'repeated'))
    .add(new Field('output', 2, 'string', 'repeated'))
    .add(new Field('name', 3, 'string'))
    .add(new Field('op_type', 4, 'string'))
    .add(new Field('attribute', 5, 'AttributeProto', 'repeated'))
    .add(new Field('domain', 7, 'string'));
  const tensorType = new Type('TensorTypeProto').add(new Field('elem_type', 1, 'int32'));
  const typeProto = new Type('TypeProto').add(new Field('tensor_type', 1, 'TensorTypeProto'));
  const valueInfo = new Type('ValueInfoProto')
    .add(new Field('name', 1, 'string'))
    .add(new Field('type', 2, 'TypeProto'));
  const graph = new Type('GraphProto')
    .add(new Field('node', 1, 'NodeProto', 'repeated'))
    .add(new Field('name', 2, 'string'))
    .add(new Field('initializer', 5, 'bytes', 'repeated'))
    .add(new Field('input', 11, 'ValueInfoProto', 'repeated'))
    .add(new Field('output', 12, 'ValueInfoProto', 'repeated'));
  const model = new Type('ModelProto')
    .add(new Field('ir_version', 1, 'int64'))
    .add(new Field('producer_name', 2, 'string'))
    .add(new Field('graph', 7, 'GraphProto'))
    .add(new Field('opset_import', 8, 'OperatorSetIdProto', 'repeated'));
  for (const t of [opset, attrType, attr, node, tensorType, typeProto, valueInfo, graph, model]) ns.add(t);
  root.resolveAll();
  return root;
}

const root = buildRoot();
const ModelProto = root.lookupType('onnxtest.ModelProto');

/** An attribute value as the tests pass it: number → INT, number[] → INTS, string → STRING. */
export type AttributeValue = number | bigint | readonly (number | bigint)[] | string;

/** A parsed attribute (only the kinds gather/scatter use). */
export interface ParsedAttribute {
  readonly name: string;
  readonly type: 'INT' | 'INTS' | 'STRING' | 'FLOAT' | 'TENSOR' | 'OTHER';
  readonly value: number | number[] | string | Uint8Array;
}

/** A one-node model, parsed. */
export interface ParsedModel {
  readonly opType: string;
  readonly domain: string;
  /** `ai.onnx` opset version from opset_import. */
  readonly opset: number;
  readonly attributes: readonly ParsedAttribute[];
  /** Node input names ('' = omitted optional input). */
  readonly nodeInputs: readonly string[];
  /** Graph inputs that are not initializers, in order: `input_<k>.pb` feeds the k-th. */
  readonly feedInputs: readonly string[];
  /** Initializers by name (raw TensorProto bytes). */
  readonly initializers: ReadonlyMap<string, Uint8Array>;
  readonly graphOutputs: readonly string[];
}

const num = (v: unknown): number =>
  typeof v === 'object' && v !== null ? Number((v as { toString(): string }).toString()) : Number(v);

/** Parses a serialized ModelProto holding one node. */
export function parseModel(bytes: Uint8Array): ParsedModel {
  const m = ModelProto.toObject(ModelProto.decode(bytes), {
    longs: String,
    bytes: Uint8Array,
    defaults: false,
  }) as any;
  const graph = m.graph ?? {};
  const nodes = graph.node ?? [];
  if (nodes.length !== 1) throw new Error(`expected a one-node model; got ${nodes.length} nodes`);
  const n = nodes[0];
  const domain = n.domain ?? '';
  const opsets = (m.opset_import ?? []) as { domain?: string; version?: string }[];
  const own = opsets.find((o) => (o.domain ?? '') === '' || o.domain === 'ai.onnx');
  if (!own) throw new Error('model has no ai.onnx opset_import');
  const initializers = new Map<string, Uint8Array>();
  for (const raw of (graph.initializer ?? []) as Uint8Array[]) {
    initializers.set(tensorProtoName(raw), raw);
  }
  const attributes: ParsedAttribute[] = ((n.attribute ?? []) as any[]).map((a) => {
    switch (a.type) {
      case 2:
      case 'INT':
        return { name: a.name, type: 'INT', value: num(a.i ?? 0) };
      case 7:
      case 'INTS':
        return { name: a.name, type: 'INTS', value: (a.ints ?? []).map(num) };
      case 3:
      case 'STRING':
        return { name: a.name, type: 'STRING', value: new TextDecoder().decode(a.s ?? new Uint8Array()) };
      case 1:
      case 'FLOAT':
        return { name: a.name, type: 'FLOAT', value: a.f ?? 0 };
      case 4:
      case 'TENSOR':
        return { name: a.name, type: 'TENSOR', value: a.t };
      default:
        return { name: a.name, type: 'OTHER', value: 0 };
    }
  });
  const inputs = ((graph.input ?? []) as { name: string }[]).map((v) => v.name);
  return {
    opType: n.op_type,
    domain,
    opset: num(own.version),
    attributes,
    nodeInputs: n.input ?? [],
    feedInputs: inputs.filter((name) => !initializers.has(name)),
    initializers,
    graphOutputs: ((graph.output ?? []) as { name: string }[]).map((v) => v.name),
  };
}

/** The `name` field (8) of a serialized TensorProto, read without decoding the data. */
function tensorProtoName(raw: Uint8Array): string {
  const r = protobuf.Reader.create(raw);
  let name = '';
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (tag >>> 3 === 8 && (tag & 7) === 2) name = r.string();
    else r.skipType(tag & 7);
  }
  return name;
}

/** Attribute values as a plain object: INT → number, INTS → number[], STRING → string. */
export function attributeObject(
  attrs: readonly ParsedAttribute[],
): Record<string, number | number[] | string> {
  const out: Record<string, number | number[] | string> = {};
  for (const a of attrs)
    if (a.type === 'INT' || a.type === 'INTS' || a.type === 'STRING')
      out[a.name] = a.value as number | number[] | string;
  return out;
}

/** ONNX TensorProto.DataType numbers of the dtypes used here. */
export const ONNX_ELEM_TYPE: Record<string, number> = {
  float32: 1,
  uint8: 2,
  int8: 3,
  uint16: 4,
  int16: 5,
  int32: 6,
  int64: 7,
  bool: 9,
  float16: 10,
  float64: 11,
  uint32: 12,
  uint64: 13,
  bfloat16: 16,
};

export interface OneNodeModel {
  readonly opType: string;
  readonly opset: number;
  /** Element types of the node inputs, in order; `null` = omitted optional input. */
  readonly inputTypes: readonly (string | null)[];
  readonly outputType: string;
  readonly attributes?: Readonly<Record<string, AttributeValue | undefined>>;
}

/** Serializes a one-node ModelProto: inputs `in0`, `in1`, …, output `out`, shapes left unknown. */
export function buildModel(spec: OneNodeModel): Uint8Array {
  const attribute = Object.entries(spec.attributes ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => {
      if (typeof v === 'string') return { name, type: 3, s: new TextEncoder().encode(v) };
      if (Array.isArray(v)) return { name, type: 7, ints: v.map((x) => Number(x)) };
      return { name, type: 2, i: Number(v) };
    });
  const names = spec.inputTypes.map((t, k) => (t === null ? '' : `in${k}`));
  // Trailing omitted inputs are dropped; inner ones stay as ''.
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  const valueInfo = (name: string, dtype: string) => ({
    name,
    type: { tensor_type: { elem_type: ONNX_ELEM_TYPE[dtype] } },
  });
  const model = {
    ir_version: 8,
    producer_name: 'gather-scatter-tests',
    opset_import: [{ domain: '', version: spec.opset }],
    graph: {
      name: `${spec.opType}_${spec.opset}`,
      node: [{ input: names, output: ['out'], name: 'n0', op_type: spec.opType, attribute }],
      input: spec.inputTypes.flatMap((t, k) => (t === null ? [] : [valueInfo(`in${k}`, t)])),
      output: [valueInfo('out', spec.outputType)],
    },
  };
  const err = ModelProto.verify(model);
  if (err) throw new Error(`bad model: ${err}`);
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}

/** ORT type names of our dtypes. */
export const ORT_TYPE: Record<string, string> = {
  float32: 'float32',
  float64: 'float64',
  float16: 'float16',
  int64: 'int64',
  int32: 'int32',
  int16: 'int16',
  int8: 'int8',
  uint64: 'uint64',
  uint32: 'uint32',
  uint16: 'uint16',
  uint8: 'uint8',
  bool: 'bool',
};

/** Converts one of our tensors to an onnxruntime tensor (float16 as its bit patterns). */
export function toOrt(ort: typeof import('onnxruntime-node'), t: Tensor): import('onnxruntime-node').Tensor {
  const type = ORT_TYPE[t.dtype];
  if (!type) throw new Error(`no ORT type for ${t.dtype}`);
  return new ort.Tensor(type as any, t.data as any, [...t.shape]);
}

/**
 * Runs a one-node model once in onnxruntime (one thread, quiet log) on `inputs` (`null`: an omitted
 * optional input) and returns its output; onnxruntime's errors propagate (a refusal is a throw).
 * The output type defaults to the first input's.
 */
export async function runOneNode(
  ort: typeof import('onnxruntime-node'),
  spec: Omit<OneNodeModel, 'inputTypes' | 'outputType'> & { readonly outputType?: string },
  inputs: readonly (Tensor | null)[],
): Promise<import('onnxruntime-node').Tensor> {
  const inputTypes = inputs.map((t) => (t ? t.dtype : null));
  const model = buildModel({ outputType: inputs[0]?.dtype ?? 'float32', ...spec, inputTypes });
  const s = await ort.InferenceSession.create(model, {
    logSeverityLevel: 4,
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
  });
  try {
    const feeds: Record<string, import('onnxruntime-node').Tensor> = {};
    inputs.forEach((t, k) => {
      if (t) feeds[`in${k}`] = toOrt(ort, t);
    });
    return (await s.run(feeds)).out;
  } finally {
    await s.release();
  }
}

/** onnxruntime 1.30's kernel messages for the gather/scatter checks, each read back to our rule. */
const ORT_RULES: readonly [RegExp, string][] = [
  [/HandleNegativeAxis/, 'axis'],
  [/input tensor and indices tensor must have rank larger than/, 'data_rank'],
  [/must has rank larger|same rank as Input|Rank of input/, 'indices_rank'],
  [/Indices vs updates|updates tensor should have shape/, 'updates_shape'],
  [/is greater than input dim|within bounds of 'data' shape/, 'indices_shape'],
  [/out of data bounds|invalid indice|invalid index|gather_elements\.cc/, 'index_out_of_bounds'],
  [/last dimension of indices/, 'index_depth'],
  [/not divisible/, 'batch'], // one message for batch_dims and batch_shape
];

/**
 * The rule a one-node call breaks as onnxruntime names it: `OK` when it runs, else the rule its
 * message reads as (`extra` first: an op's own messages), else the message itself.
 */
export async function ortRuleOf(
  ort: typeof import('onnxruntime-node'),
  spec: Omit<OneNodeModel, 'inputTypes'>,
  inputs: readonly Tensor[],
  extra: (message: string) => string | undefined = () => undefined,
): Promise<string> {
  try {
    await runOneNode(ort, spec, inputs);
    return 'OK';
  } catch (e) {
    const m = (e as Error).message;
    return extra(m) ?? ORT_RULES.find(([re]) => re.test(m))?.[1] ?? m;
  }
}

/** A measured table (op → rule named → its calls, `a+b` each, space-separated) as [op, call, rule] rows. */
export const measuredRows = (table: Record<string, Record<string, string>>) =>
  Object.entries(table).flatMap(([kind, rules]) =>
    Object.entries(rules).flatMap(([rule, calls]) => calls.split(' ').map((c) => [kind, c, rule] as const)),
  );

/**
 * The bytes of a lowered call's exported graph (`toOnnx` at `opset`) run once in onnxruntime (one
 * thread, quiet log) on the call's own inputs (`onnxInputs`); onnxruntime's errors propagate.
 */
export async function runExported(
  ort: typeof import('onnxruntime-node'),
  call: LoweredCall,
  opset: number,
): Promise<Uint8Array> {
  const s = await ort.InferenceSession.create(toOnnx(call, { opset }), {
    logSeverityLevel: 4,
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
  });
  try {
    const feeds: Record<string, import('onnxruntime-node').Tensor> = {};
    for (const [name, t] of Object.entries(onnxInputs(call, { opset }))) feeds[name] = toOrt(ort, t);
    const out = (await s.run(feeds)).output.data as ArrayBufferView;
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength).slice();
  } finally {
    await s.release();
  }
}
