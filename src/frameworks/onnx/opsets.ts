/**
 * ONNX operator versions, dtype tables, argument rules and index policies, decided in one place.
 *
 * An ONNX model names an opset (the `ai.onnx` version in `opset_import`); each operator then
 * runs the newest schema whose `since_version` is ≤ that opset. Every rule this frontend
 * enforces carries the code `onnx.<Op>-<version>.<rule>`.
 */
import type { GatherCall, ScatterCall, Wording } from '../../core/call.js';
import { type GatherPolicy, type ScatterPolicy, gatherPolicy as rowPolicy } from '../families.js';
import { InvalidArgumentError, fmt } from '../../errors.js';
import { DTYPES, type DType, isComplex } from '../../tensor/dtype.js';
import type { Tensor } from '../../tensor/tensor.js';
import {
  checkIndexDType as indexDType,
  integer,
  normalizeAxis,
  oneOf,
  options,
  outArg,
  tensorArg,
} from '../args.js';
import { checkSameDType as sameDType, dtypeRule } from '../checks.js';
import type { LoweredGather, LoweredScatter } from '../lowered.js';
import {
  type FrameworkDescription,
  G,
  type OpSignature,
  type Param,
  S,
  type Signatures,
} from '../signature.js';

/** The newest `ai.onnx` opset this frontend knows (onnxruntime 1.30 loads up to 26). */
export const LATEST_OPSET = 26;

/** The schema versions (since_version) of every operator, oldest first. */
export const OP_VERSIONS = {
  /** Gather: 1, 11 (negative indices), 13 (bfloat16). */
  Gather: [1, 11, 13],
  /** GatherElements: 11, 13 (bfloat16). */
  GatherElements: [11, 13],
  /** GatherND: 11, 12 (batch_dims), 13 (bfloat16). */
  GatherND: [11, 12, 13],
  /** Scatter (deprecated in 11 in favour of ScatterElements): 9, 11. */
  Scatter: [9, 11],
  /** ScatterElements: 11, 13, 16 (reduction add/mul), 18 (reduction max/min). */
  ScatterElements: [11, 13, 16, 18],
  /** ScatterND: 11, 13, 16 (reduction add/mul), 18 (reduction max/min). */
  ScatterND: [11, 13, 16, 18],
  /** TensorScatter: 24. */
  TensorScatter: [24],
} as const satisfies Record<string, readonly number[]>;

/** An ONNX operator type this frontend implements (`'GatherND'`, …). */
export type OnnxOpType = keyof typeof OP_VERSIONS;

/** Second options object of every ONNX op: which opset the model imports, and where the result goes. */
export interface OnnxOptions {
  /** The model's `ai.onnx` opset; default {@link LATEST_OPSET}. */
  readonly opset?: number;
  /** Where the result goes: a Tensor of the result's shape and dtype (it may be `data` itself). */
  readonly out?: Tensor;
}

/** Second options object of the scatter ops. */
export interface OnnxScatterOptions extends OnnxOptions {
  /**
   * Duplicate targets under `reduction: 'none'`: `error` (default; the spec forbids them, or leaves
   * their result undefined before 16) or `last_wins` (every update in row-major order of the
   * indices, as the ONNX reference implementation and onnxruntime's CPU kernels do).
   */
  readonly duplicates?: 'error' | 'last_wins';
}

/** A resolved operator: the schema version and its name in messages, e.g. `onnx.GatherND-13`. */
export interface OpVersion {
  readonly type: OnnxOpType;
  readonly version: number;
  /** `onnx.<Op>-<version>`, the prefix of every rule code. */
  readonly name: string;
}

/** The option keys: `duplicates` only on the ops with `updates` (reduction `none` can meet duplicates). */
const OPTION_KEYS = ['opset', 'out'];
const SCATTER_OPTION_KEYS = ['opset', 'duplicates', 'out'];
const DUPLICATES = ['error', 'last_wins'] as const;
type Duplicates = (typeof DUPLICATES)[number];

/** Picks the schema an opset selects. Throws `onnx.<Op>.opset` for opsets without the op. */
export function resolveOp(type: OnnxOpType, opset: unknown = LATEST_OPSET): OpVersion {
  const first = OP_VERSIONS[type][0];
  const known =
    typeof opset === 'number' && Number.isSafeInteger(opset) && opset >= 1 && opset <= LATEST_OPSET;
  if (!known || opset < first) {
    const why = known
      ? `the operator exists from opset ${first}; got opset ${opset}`
      : `opset must be an integer in [1, ${LATEST_OPSET}]; got ${fmt(opset)}`;
    throw new InvalidArgumentError(`onnx.${type}.opset`, `onnx.${type}: ${why}`, { opset });
  }
  return SCHEMAS[type][opset];
}

/** The schema each opset selects, per op type: one constant object per (type, opset ≥ first version). */
const SCHEMAS = Object.fromEntries(
  Object.entries(OP_VERSIONS).map(([type, versions]) => {
    const byOpset: OpVersion[] = [];
    for (const version of versions) {
      const op = Object.freeze({ type: type as OnnxOpType, version, name: `onnx.${type}-${version}` });
      for (let opset = version; opset <= LATEST_OPSET; opset++) byOpset[opset] = op;
    }
    return [type, byOpset];
  }),
) as unknown as Record<OnnxOpType, readonly OpVersion[]>;

/**
 * Reads `{ opset, duplicates, out }` into the schema the opset selects, `out` and the duplicate
 * policy. `null`/`undefined` mean none; a non-object or an unknown key is refused with rule
 * `onnx.<Op>-<v>.options` (v: the schema the opset selects, the latest when the object itself is unusable).
 */
export function onnxOptions(type: OnnxOpType, value: unknown) {
  if (value === undefined || value === null)
    return { op: resolveOp(type, LATEST_OPSET), out: undefined, duplicates: 'error' as Duplicates };
  const usable = typeof value === 'object' && value !== null && !Array.isArray(value);
  const op = resolveOp(type, usable ? ((value as OnnxOptions).opset ?? LATEST_OPSET) : LATEST_OPSET);
  const keys = HAS_UPDATES.has(type) ? SCATTER_OPTION_KEYS : OPTION_KEYS;
  const o = options(op.name, value as OnnxScatterOptions | null | undefined, keys);
  return {
    op,
    out: outArg(op.name, o.out),
    duplicates: oneOf(op.name, 'duplicates', o.duplicates, DUPLICATES, 'error', code(op, 'options')),
  };
}

/** The options object read: the schema the opset selects, `out` and the duplicate policy. */
export type Resolved = ReturnType<typeof onnxOptions>;

/** The lowering of gather `type` (`onnx.lower.<Op>`): reads the options, then `body` checks the rest. */
export const gatherOp =
  <T extends OnnxOpType, A>(
    type: T,
    body: (o: Resolved, data: Tensor, indices: Tensor, attrs?: A) => GatherCall,
  ) =>
  /** Validates and lowers the op to one StableHLO gather. */
  (data: Tensor, indices: Tensor, attrs?: A, options?: OnnxOptions | null): LoweredGather<`onnx.${T}`> =>
    body(onnxOptions(type, options), data, indices, attrs);

/** The lowering of scatter `type`, as {@link gatherOp} with `updates`. */
export const scatterOp =
  <T extends OnnxOpType, A>(
    type: T,
    body: (o: Resolved, d: Tensor, i: Tensor, u: Tensor, attrs?: A) => ScatterCall,
  ) =>
  /** Validates and lowers the op to one StableHLO scatter. */
  (
    data: Tensor,
    indices: Tensor,
    updates: Tensor,
    attrs?: A,
    options?: OnnxScatterOptions | null,
  ): LoweredScatter<`onnx.${T}`> =>
    body(onnxOptions(type, options), data, indices, updates, attrs);

/** Rule code `onnx.<Op>-<v>.<rule>`. */
export const code = (op: OpVersion, rule: string): string => `${op.name}.${rule}`;

/** Throws InvalidArgumentError `<op>.<rule>` with the shared message grammar. */
export function fail(op: OpVersion, rule: string, message: string, details = {}): never {
  throw new InvalidArgumentError(code(op, rule), `${op.name}: ${message}`, details);
}

/**
 * Every op but TensorScatter, after the options: inputs are Tensors, the attributes (returned with
 * the call's meta), `data_dtype`, `indices_dtype`, `updates_dtype`, `data_rank` >= 1
 * (GatherND and ScatterND then check `indices_rank` >= 1).
 */
export function openOp(
  op: OpVersion,
  out: Tensor | undefined,
  attrs: unknown,
  data: Tensor,
  indices: Tensor,
  updates?: Tensor,
) {
  const scatter = HAS_UPDATES.has(op.type);
  tensorArg(op.name, 'data', data);
  tensorArg(op.name, 'indices', indices);
  if (scatter) tensorArg(op.name, 'updates', updates);
  const a = attributes(op, attrs);
  // onnxruntime checks the inputs' types when it loads the model, their shapes when it runs it.
  checkDataDType(op, data, 'data');
  checkIndexDType(op, indices, 'indices');
  if (scatter) checkSameDType(op, data, updates as Tensor, 'updates');
  checkMinRank(op, data, 1, 'data');
  return { a, meta: { op: op.name, out, wording: indexWording(op, indices.rank) } };
}

/** The ops with an `updates` input (TensorScatter checks its `update` in its own order). */
const HAS_UPDATES: ReadonlySet<OnnxOpType> = new Set(['Scatter', 'ScatterElements', 'ScatterND']);

/** `rank(indices) = rank(data)` (the element-wise ops); rule `<op>.indices_rank`. */
export function checkSameRank(op: OpVersion, data: Tensor, indices: Tensor): void {
  if (indices.rank !== data.rank)
    fail(op, 'indices_rank', `rank(indices) must equal rank(data) = ${data.rank}; got ${indices.rank}`, {
      shape: indices.shape,
    });
}

// dtypes. Every dtype this library stores but bfloat16, in DTYPES' order (messages list them so).
const ALL_BUT_BF16: readonly DType[] = DTYPES.filter((d) => d !== 'bfloat16');
const ALL: readonly DType[] = [...ALL_BUT_BF16, 'bfloat16'];

/**
 * `name` has one of the schema's data types T, rule `<op>.<name>_dtype`: "all tensor types" (of
 * those this library stores, complex included; string has no Tensor here). bfloat16 joins at
 * version 13 (TensorScatter-24 has it from the start; the deprecated Scatter, 9 and 11, never got it).
 */
export function checkDataDType(op: OpVersion, t: Tensor, name: string): void {
  const ok = op.version >= 13 ? ALL : ALL_BUT_BF16;
  if (!ok.includes(t.dtype))
    dtypeRule(
      code(op, `${name}_dtype`),
      `${op.name}: ${name} must have one of the dtypes ${ok.join(', ')}; got ${t.dtype}`,
      t,
    );
}

/** `name` has one of the schema's index types Tind (GatherND, ScatterND, TensorScatter: int64 only). */
export function checkIndexDType(op: OpVersion, t: Tensor, name: string): void {
  const ok = INT64_ONLY.has(op.type) ? INT64 : INT32_64;
  indexDType(op.name, t, ok, `${name}_dtype`, () => `${name} must have dtype ${ok.join(' or ')}`);
}

const INT64_ONLY: ReadonlySet<OnnxOpType> = new Set(['GatherND', 'ScatterND', 'TensorScatter']);
const [INT64, INT32_64]: readonly DType[][] = [['int64'], ['int32', 'int64']];

/** `updates` (or TensorScatter's `update`) must have the dtype of `data`. */
export function checkSameDType(op: OpVersion, data: Tensor, updates: Tensor, name: string): void {
  sameDType(op.name, code(op, `${name}_dtype`), [name, updates], ['data', data]);
}

// Attributes
/** Reductions a schema accepts: none only before 16, add/mul at 16, max/min from 18. */
const REDUCTIONS: Since<Reduction> = since({
  11: ['none'],
  16: ['none', 'add', 'mul'],
  18: ['none', 'add', 'mul', 'max', 'min'],
});

/** Lists that grow with the schema version, written since_version → list, read by version (each opset's list). */
type Since<T> = readonly (readonly T[])[];

/** Each version's list from a table written since_version → list (a version before the first: none). */
function since<T>(rows: Readonly<Record<number, readonly T[]>>): Since<T> {
  const byVersion: (readonly T[])[] = [];
  for (let v = 0, list: readonly T[] = []; v <= LATEST_OPSET; v++) byVersion.push((list = rows[v] ?? list));
  return byVersion;
}

/**
 * The `reduction` attribute of the scatters (rule `<op>.reduction`; Scatter and ScatterElements
 * before 16 define none, so `attributes` refuses one). `max` and `min` need an order, and ONNX gives
 * none on complex numbers (T admits every tensor type, the reduction's text is only "max" / "min"),
 * so on complex data they are refused rather than given an order the spec does not choose.
 */
export function reductionAttribute(op: OpVersion, attrs: Record<string, unknown>, data: Tensor): Reduction {
  const allowed = REDUCTIONS[op.type === 'Scatter' ? 11 : op.version]; // Scatter-9 too: none only
  const r = oneOf(op.name, 'reduction', attrs.reduction, allowed, 'none');
  if ((r === 'max' || r === 'min') && isComplex(data.dtype))
    fail(op, 'reduction', `reduction "${r}" needs an order, and ONNX defines none on ${data.dtype} data`, {
      reduction: r,
      dtype: data.dtype,
    });
  return r;
}

export type Reduction = 'none' | 'add' | 'mul' | 'max' | 'min';

/** Core reducer of an ONNX reduction. */
export const REDUCER = { none: 'replace', add: 'add', mul: 'mul', max: 'max', min: 'min' } as const;

/** Attribute names each schema defines. */
const ATTRIBUTES: Record<OnnxOpType, Since<string>> = {
  Gather: since({ 1: ['axis'] }),
  GatherElements: since({ 11: ['axis'] }),
  Scatter: since({ 9: ['axis'] }),
  GatherND: since({ 11: [], 12: ['batch_dims'] }),
  ScatterElements: since({ 11: ['axis'], 16: ['axis', 'reduction'] }),
  ScatterND: since({ 11: [], 16: ['reduction'] }),
  TensorScatter: since({ 24: ['axis', 'mode'] }),
};

/**
 * The node's attributes: `null`/`undefined` mean none; a name the schema does not define is refused
 * with rule `<op>.attribute`, naming the opset it needs when a later version defines it (GatherND's
 * batch_dims at opset 11) rather than listing what this version accepts.
 */
export function attributes(op: OpVersion, value: unknown): Record<string, unknown> {
  const [names, byVersion] = [ATTRIBUTES[op.type][op.version], ATTRIBUTES[op.type]];
  if (value !== null && typeof value === 'object' && !Array.isArray(value))
    for (const key of Object.keys(value)) {
      const v = names.includes(key) ? -1 : byVersion.findIndex((n, w) => w > op.version && n.includes(key));
      if (v > 0)
        throw new InvalidArgumentError(
          code(op, 'attribute'),
          `${op.name}: attribute ${fmt(key)} needs opset ≥ ${v} (${op.type}-${v}); opset ${op.version} defines ${names.length ? names.join(', ') : 'none'}`,
          { key, accepted: names, since: v },
        );
    }
  return options(
    op.name,
    value as Record<string, unknown> | null | undefined,
    names,
    'attribute',
    'attributes',
  );
}

/** The `axis` attribute (default `dflt`) normalized from [-r, r-1] to [0, r-1]; rule `<op>.axis`. */
export function axisAttribute(op: OpVersion, attrs: Record<string, unknown>, rank: number, dflt = 0): number {
  const axis = integer(op.name, 'axis', attrs.axis, dflt);
  if (axis >= 0 && axis < rank) return axis; // in range: what normalizeAxis returns
  return normalizeAxis(op.name, axis, rank, {
    message: (r) => `${op.name}: axis must lie in [${-r}, ${r - 1}] for rank(data) = ${r}; got ${axis}`,
  });
}

/** `rank(t) >= min`; rule `<op>.<name>_rank`. */
export function checkMinRank(op: OpVersion, t: Tensor, min: number, name: string): void {
  if (t.rank < min)
    fail(op, `${name}_rank`, `rank(${name}) must be >= ${min}; got ${t.rank} (shape ${fmt(t.shape)})`, {
      shape: t.shape,
    });
}

/** `indices.shape[d] <= data.shape[d]` off the axis (the element-wise ops read data there); rule `<op>.indices_shape`. */
export function checkIndicesFit(op: OpVersion, data: Tensor, indices: Tensor, axis: number): void {
  for (let d = 0; d < data.rank; d++)
    if (d !== axis && indices.shape[d] > data.shape[d])
      fail(
        op,
        'indices_shape',
        `indices.shape[${d}] must be <= data.shape[${d}] = ${data.shape[d]} (every dim but axis ${axis}); got indices shape ${fmt(indices.shape)}`,
        { dataShape: data.shape, indicesShape: indices.shape },
      );
}

// Index policies, one table
/**
 * Negative indices: Gather-1 and Scatter-9 predate the rule (their indices must lie in [0, s-1]);
 * from version 11 on a negative index counts from the end once. TensorScatter's write indices are
 * positions, not Python-style indices (see tensor-scatter.ts).
 */
export function negativeIndices(op: OpVersion): 'from_end' | 'out_of_bounds' {
  const old = (op.type === 'Gather' || op.type === 'Scatter') && op.version < 11;
  return old || op.type === 'TensorScatter' ? 'out_of_bounds' : 'from_end';
}

/**
 * ONNX's wording of an out-of-bounds index: its value, its position in `indices` (the first
 * `rank` coordinates: an element-wise scatter completes each index with positions), the data
 * dimension and the valid range.
 */
export function indexWording(op: OpVersion, rank: number): Wording {
  const fromEnd = negativeIndices(op) === 'from_end';
  return ({ value, dim, size, position }) =>
    `index ${value} at indices position ${fmt(position.slice(0, rank))} is out of bounds for data dimension ${dim} of size ${size}; ` +
    (size === 0 ? 'no index is valid' : `valid indices are [${fromEnd ? -size : 0}, ${size - 1}]`);
}

/** Every ONNX gather: an out-of-bounds index is an error; one constant policy per schema. */
export const gatherPolicy = (op: OpVersion): GatherPolicy => GATHER_POLICY.get(op) as GatherPolicy;
const GATHER_POLICY = new Map<OpVersion, GatherPolicy>();
for (const op of new Set(Object.values(SCHEMAS).flat())) {
  const row = { gather: 'error', negative_indices: negativeIndices(op) } as const;
  GATHER_POLICY.set(op, rowPolicy(row, { oob_code: code(op, 'index_out_of_bounds') }));
}

/**
 * Every ONNX scatter: an out-of-bounds index is an error; duplicate targets under reduction
 * `none` are an error (`<op>.duplicate_indices`) unless the caller asks for `last_wins`; with a
 * reduction they combine in row-major order of the indices.
 */
export function scatterPolicy(op: OpVersion, reduction: Reduction, duplicates: Duplicates): ScatterPolicy {
  return {
    mode: 'error',
    negative_indices: negativeIndices(op),
    oob_code: code(op, 'index_out_of_bounds'),
    duplicates: reduction === 'none' && duplicates === 'error' ? 'error' : 'apply',
    duplicate_code: code(op, 'duplicate_indices'),
  };
}

/** Each signature with its op's schema versions, newest first (the default shown first). */
function withVersions(sigs: Record<OnnxOpType, OpSignature>): Signatures {
  return Object.fromEntries(
    Object.entries(sigs).map(([type, { kind, family, params, ...rest }]) => {
      const values = [...OP_VERSIONS[type as OnnxOpType]].reverse();
      return [type, { kind, family, params, version: { key: 'opset', values }, ...rest }];
    }),
  );
}

/**
 * ONNX's names: the operator schemas' inputs and outputs (`data`, `indices`, `updates` → `output`).
 *
 * @internal
 */
export const DESCRIPTION: FrameworkDescription = {
  words: { operand: 'data', indices: 'indices', updates: 'updates', result: 'output', target: 'output' },
  notation: 'nested',
};

// The positional parameters of every ONNX op but TensorScatter: the inputs, attributes, options.
const DIAV: readonly Param[] = ['data', 'indices', 'attrs', 'version'];
const DIUAV: readonly Param[] = ['data', 'indices', 'updates', 'attrs', 'version'];

/**
 * How each ONNX op is called; versions from OP_VERSIONS, newest first.
 *
 * @internal
 */
export const SIGNATURES: Signatures = /* @__PURE__ */ withVersions({
  Gather: G('take', DIAV, { example: { axis: 0 } }),
  GatherElements: G('elements', DIAV, { example: { axis: 0 } }),
  GatherND: G('nd', DIAV, { indexDType: 'int64', example: { batch_dims: 0 } }),
  ScatterElements: S('scatter_elements', DIUAV, { example: { axis: 0, reduction: 'none' } }),
  Scatter: S('scatter_elements', DIUAV, { example: { axis: 0 } }),
  TensorScatter: S('scatter_general', ['data', 'updates', 'indices', 'attrs', 'version'], {
    words: { operand: 'past_cache', indices: 'write_indices', updates: 'update', target: 'present_cache' },
    example: { axis: -2, mode: 'linear' },
    noProbe: 'a KV-cache update: writes whole sequence runs at per-batch write_indices',
  }),
  ScatterND: S('scatter_nd', DIUAV, { indexDType: 'int64', example: { reduction: 'none' } }),
});
