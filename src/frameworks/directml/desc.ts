/**
 * DirectML operator descs: the desc object's fields (unknown ones refused), DML_TENSOR_DESC
 * fields (`Sizes`, `DataType`), `OutputTensor` (a Tensor to write into, or a desc to check),
 * feature levels, the right-aligned dimension rule, and the one policy table (out-of-bounds,
 * duplicates, negative indices) shared by DML_GATHER*, DML_SCATTER and DML_SCATTER_ND.
 */
import { type CoreCall, execute } from '../../core/call.js';
import { sameShape } from '../../core/gather.js';
import type { GatherMode, NegativeIndexPolicy, ScatterMode } from '../../core/types.js';
import { fail } from '../../core/validate.js';
import { DTypeError, fmt } from '../../errors.js';
import { DTYPES, type DType } from '../../tensor/dtype.js';
import { Tensor } from '../../tensor/tensor.js';
import { integer, integers, oneOf, options, tensorArg } from '../args.js';
import { CLAMP_OR_ERROR, LAST_OR_ERROR, checkShapeIs, dtypeRule } from '../checks.js';
import { type FrameworkDescription, G, type Param, S, type Signatures } from '../signature.js';

// DirectML's types: every float and integer dtype but bfloat16, in DTYPES' order (messages list them so).
const NOT_DML: readonly DType[] = ['bfloat16', 'bool', 'complex64', 'complex128'];
type DmlDType = Exclude<DType, 'bfloat16' | 'bool' | 'complex64' | 'complex128'>;

/** Each `DML_TENSOR_DATA_TYPE_*` name and the dtype it is. */
export const DML_DATA_TYPE = Object.fromEntries(
  DTYPES.filter((d) => !NOT_DML.includes(d)).map((d) => [d.toUpperCase(), d]),
) as { readonly [D in DmlDType as Uppercase<D>]: D };

/** `DML_TENSOR_DATA_TYPE_*` names (the prefix may be omitted). */
export type DmlDataType = keyof typeof DML_DATA_TYPE;
const DML_NAME: Record<string, string> = Object.fromEntries(
  Object.entries(DML_DATA_TYPE).map(([k, v]) => [v, k]),
);

/** The output tensor desc: all fields optional; given fields are checked against the rule. */
export interface DmlOutputTensorDesc {
  /** The output sizes, right-aligned into DimensionCount (checked against the rule). */
  readonly Sizes?: readonly number[];
  /** The output data type: InputTensor's (checked); the `DML_TENSOR_DATA_TYPE_` prefix may be omitted. */
  readonly DataType?: DmlDataType | `DML_TENSOR_DATA_TYPE_${DmlDataType}`;
}

/** `DML_FEATURE_LEVEL_<major>_<minor>`, written `'4_1'` or in full. */
export type DmlFeatureLevel = `${number}_${number}` | `DML_FEATURE_LEVEL_${number}_${number}`;

/** A desc's `OutputTensor`: a Tensor receives the result; a `{ Sizes?, DataType? }` desc is only checked. */
export type DmlOutputTensor = Tensor | DmlOutputTensorDesc;

/** Our policies, passed as the second argument. */
export interface DmlOptions {
  /** Target feature level; default `4_1` (the newest row of the docs' support tables). */
  readonly featureLevel?: DmlFeatureLevel;
  /** Invalid indices (DirectML reports none, reads stay inside the input): `clamp` per axis (default) or `error`. */
  readonly outOfBounds?: 'clamp' | 'error';
  /** Overlapping scatter targets ("invalid", any write may win): `last` (default) or `error`. */
  readonly duplicates?: 'last' | 'error';
}

/** The gathers' policies (no `duplicates`). */
export type DmlGatherOptions = Omit<DmlOptions, 'duplicates'>;

/** The one policy table of the DirectML operators: each named value → the core's modes. */
export const DIRECTML_POLICY = {
  /** Feature levels (`DML_FEATURE_LEVEL_<major>_<minor>`, written `'4_1'`). */
  featureLevel: {
    /** The level assumed when none is given: the newest row of the docs' support tables. */
    default: '4_1',
    /** From this level, signed (int32/int64) negative indices count from the end once. */
    negativeIndicesFrom: '3_0',
  },
  /** Invalid indices (DirectML reports no failure and keeps reads inside the input): a per-axis clamp (default) or an error. */
  outOfBounds: CLAMP_OR_ERROR,
  /** Overlapping scatter targets ("invalid": any write may win): the last write wins (default) or an error. */
  duplicates: LAST_OR_ERROR,
} as const satisfies {
  featureLevel: { default: string; negativeIndicesFrom: string };
  outOfBounds: { default: 'clamp' } & Record<'clamp' | 'error', { gather: GatherMode; scatter: ScatterMode }>;
  duplicates: { default: 'last' } & Record<'last' | 'error', 'apply' | 'error'>;
};

/** The desc object's fields: an unknown (misspelt) one is refused like an unknown option (`<op>.options`). */
export function descFields<T extends object>(op: string, desc: T, fields: readonly string[]): Partial<T> {
  return options(op, desc, fields, 'options', 'desc fields');
}

/** Feature level as a comparable number: `4_1` → 4.1. */
export function featureLevel(op: string, value: unknown): number {
  const raw = (value ?? DIRECTML_POLICY.featureLevel.default) as unknown;
  const m = typeof raw === 'string' ? /^(?:DML_FEATURE_LEVEL_)?(\d+)_(\d+)$/.exec(raw) : null;
  if (!m) fail(`${op}.featureLevel`, `${op}: featureLevel must look like "4_1"; got ${fmt(value)}`);
  return Number(m[1]) + Number(m[2]) / 10;
}

const GATHER_OPTIONS = ['featureLevel', 'outOfBounds'];
const SCATTER_OPTIONS = ['featureLevel', 'outOfBounds', 'duplicates'];
const OUT_OF_BOUNDS = ['clamp', 'error'] as const;
const DUPLICATES = ['last', 'error'] as const;

/** Our policies (second argument) resolved through DIRECTML_POLICY; `fl` is the feature level. */
export function resolvePolicy(op: string, kind: 'gather' | 'scatter', value: unknown, indices: Tensor) {
  const keys = kind === 'gather' ? GATHER_OPTIONS : SCATTER_OPTIONS;
  const o = options(op, value as DmlOptions | undefined, keys);
  const fl = featureLevel(op, o.featureLevel);
  const oob = oneOf(op, 'outOfBounds', o.outOfBounds, OUT_OF_BOUNDS, DIRECTML_POLICY.outOfBounds.default);
  const dup = oneOf(op, 'duplicates', o.duplicates, DUPLICATES, DIRECTML_POLICY.duplicates.default);
  // Negative indices count from the end from DML_FEATURE_LEVEL_3_0 on, with a signed index type.
  const signed = indices.dtype === 'int32' || indices.dtype === 'int64';
  const negative_indices: NegativeIndexPolicy = fl >= 3 && signed ? 'from_end' : 'out_of_bounds';
  return {
    fl,
    policy: {
      mode: DIRECTML_POLICY.outOfBounds[oob][kind] as GatherMode & ScatterMode,
      negative_indices,
      duplicates: DIRECTML_POLICY.duplicates[dup],
      oob_code: `${op}.index_out_of_bounds`,
      // A repeated scatter target is the core's `<op>.duplicate_indices` (gathers have none).
    },
  };
}

/** A UINT field of the desc, within [lo, hi]. */
export function uintField(op: string, name: string, v: unknown, lo: number, hi: number): number {
  const n = integer(op, name, v);
  if (n < lo || n > hi)
    fail(`${op}.${name}`, `${op}: ${name} must be an integer in [${lo}, ${hi}]; got ${fmt(v)}`, {
      [name]: v,
      lo,
      hi,
    });
  return n;
}

/** Data type checks against a support table. */
export function checkDataType(op: string, name: string, t: Tensor, allowed: readonly DType[]): void {
  if (!allowed.includes(t.dtype)) {
    const names = allowed.map((d) => DML_NAME[d]).join(', ');
    const got = DML_NAME[t.dtype] ?? t.dtype;
    dtypeRule(`${op}.${name}.DataType`, `${op}: ${name}.DataType must be one of ${names}; got ${got}`, t);
  }
}

export const DATA_TYPES: readonly DType[] = Object.values(DML_DATA_TYPE);
export const INDEX_TYPES: readonly DType[] = ['int64', 'int32', 'uint64', 'uint32'];

/** A desc object, its fields read by name. */
type Fields = Record<string, unknown>;

/** The tensor fields every desc has; `D` is InputTensor's dtype, the output's. */
export interface DmlDescTensors<D extends DType = DType> {
  /** The tensor read from (a scatter: copied to the output before the updates are written). */
  readonly InputTensor: Tensor<D>;
  /** The output: a Tensor receives the result; a `{ Sizes, DataType }` desc is checked; absent: a fresh result. */
  readonly OutputTensor?: DmlOutputTensor;
}

/**
 * A desc's tensors (`names`, in order: InputTensor, IndicesTensor, then UpdatesTensor on a
 * scatter), its policy, and the rules every desc but DML_GATHER's (whose support table depends
 * on the feature level) shares: one DimensionCount in [1, 8], the newest support table's data
 * types, and UpdatesTensor of InputTensor's data type.
 */
export function descTensors(op: string, kind: 'gather' | 'scatter', desc: Fields, options: unknown) {
  const names = kind === 'gather' ? GATHER_TENSORS : SCATTER_TENSORS;
  const t = Object.fromEntries(names.map((n) => [n, tensorArg(op, n, desc[n])]));
  const { InputTensor: input, IndicesTensor: indices, UpdatesTensor: updates } = t;
  const { policy } = resolvePolicy(op, kind, options, indices);
  const D = checkDimensionCount(op, input, 1, 8);
  checkSameDimensionCount(op, 'IndicesTensor', indices, D);
  if (kind === 'scatter') checkSameDimensionCount(op, 'UpdatesTensor', updates, D);
  checkDataType(op, 'InputTensor', input, DATA_TYPES);
  checkDataType(op, 'IndicesTensor', indices, INDEX_TYPES);
  if (kind === 'scatter') checkUpdatesType(op, input, updates);
  return { input, indices, updates, D, policy };
}

/** A scatter desc's last opening rule: UpdatesTensor of InputTensor's data type. */
function checkUpdatesType(op: string, input: Tensor, updates: Tensor): void {
  if (updates.dtype === input.dtype) return;
  const message = `${op}: UpdatesTensor.DataType must match InputTensor.DataType (${input.dtype}); got ${updates.dtype}`;
  dtypeRule(`${op}.UpdatesTensor.DataType`, message);
}

const GATHER_TENSORS = ['InputTensor', 'IndicesTensor'];
const SCATTER_TENSORS = ['InputTensor', 'IndicesTensor', 'UpdatesTensor'];

/**
 * The real (trailing) sizes of InputTensor and IndicesTensor under InputDimensionCount and
 * IndicesDimensionCount (each in [1, D]; the leading padding sizes must be 1).
 */
export function ndSizes(op: string, desc: Fields, input: Tensor, indices: Tensor, D: number) {
  const nIn = uintField(op, 'InputDimensionCount', desc.InputDimensionCount, 1, D);
  const nIdx = uintField(op, 'IndicesDimensionCount', desc.IndicesDimensionCount, 1, D);
  const inReal = realSizes(op, 'InputDimensionCount', 'InputTensor', input, nIn);
  const idxReal = realSizes(op, 'IndicesDimensionCount', 'IndicesTensor', indices, nIdx);
  return { nIn, nIdx, inReal, idxReal };
}

/** The public function of a DirectML op: its lowering run, the result typed by InputTensor's dtype. */
export const runsDesc =
  <Desc extends DmlDescTensors, O>(lower: (desc: Desc, options?: O | null) => CoreCall) =>
  <D extends DType>(desc: Desc & DmlDescTensors<D>, options?: O | null): Tensor<D> =>
    execute(lower(desc, options)) as Tensor<D>;

/** A shape with the size at `axis` zeroed (to compare shapes everywhere else). */
const offAxis = (axis: number) => (n: number, i: number) => (i === axis ? 0 : n);

/** IndicesTensor.Sizes = InputTensor.Sizes except at Axis (DML_GATHER_ELEMENTS, DML_SCATTER). */
export function checkSizesOffAxis(op: string, input: Tensor, indices: Tensor, axis: number): void {
  if (!sameShape(indices.shape.map(offAxis(axis)), input.shape.map(offAxis(axis))))
    fail(
      `${op}.IndicesTensor.Sizes`,
      `${op}: IndicesTensor.Sizes must match InputTensor.Sizes ${fmt(input.shape)} except at Axis ${axis}; got ${fmt(indices.shape)}`,
    );
}

/** InputTensor's DimensionCount, within `lo..hi` (DML_GATHER's range depends on the feature level). */
export function checkDimensionCount(op: string, input: Tensor, lo: number, hi: number): number {
  const D = input.rank;
  if (D < lo || D > hi)
    fail(`${op}.DimensionCount`, `${op}: DimensionCount must be in [${lo}, ${hi}]; got ${D}`, {
      DimensionCount: D,
    });
  return D;
}

/** Every other tensor of a desc has InputTensor's DimensionCount `D`. */
export function checkSameDimensionCount(
  op: string,
  name: 'IndicesTensor' | 'UpdatesTensor',
  t: Tensor,
  D: number,
): void {
  if (t.rank !== D)
    fail(
      `${op}.${name}.DimensionCount`,
      `${op}: ${name}.DimensionCount must match InputTensor.DimensionCount = ${D}; got ${t.rank}`,
    );
}

/**
 * Right-aligns logical sizes into `D` dimensions: pads with leading 1s, or, when there are too
 * many, drops size-1 dimensions from the left (the docs' "leading 1 values are cropped"; an
 * interior 1 only when no leading one is left, which DML_GATHER Example 3 needs). Dropping a
 * size-1 dimension never moves an element, so the buffer is the same. Undefined if impossible.
 */
export function rightAlign(sizes: readonly number[], D: number): number[] | undefined {
  const s = [...sizes];
  while (s.length > D) {
    const i = s.indexOf(1);
    if (i < 0) return undefined;
    s.splice(i, 1);
  }
  while (s.length < D) s.unshift(1);
  return s;
}

/**
 * Fits `logical` into `D` dims and checks the desc's OutputTensor against them: a Tensor's shape
 * and dtype, or a desc's given `Sizes` / `DataType`. Returns the output Sizes and the Tensor to
 * write into, if any.
 */
export function output(op: string, input: Tensor, logical: readonly number[], D: number, value: unknown) {
  const sizes = rightAlign(logical, D);
  if (!sizes)
    fail(
      `${op}.OutputTensor.DimensionCount`,
      `${op}: the output sizes ${fmt(logical)} do not fit in DimensionCount ${D}`,
      { sizes: logical, D },
    );
  if (value === undefined || value === null) return { sizes };
  const out = value instanceof Tensor ? value : undefined;
  const desc = out ? { Sizes: out.shape, DataType: out.dtype } : descOf(op, value as DmlOutputTensorDesc);
  if (desc.Sizes !== undefined)
    checkShapeIs(op, `${op}.OutputTensor.Sizes`, 'OutputTensor.Sizes must be', [desc.Sizes, sizes], {
      expected: sizes,
      got: desc.Sizes,
    });
  if (desc.DataType !== undefined && desc.DataType !== input.dtype)
    throw new DTypeError(
      `${op}.OutputTensor.DataType`,
      `${op}: OutputTensor.DataType must match InputTensor.DataType (${DML_NAME[input.dtype]}); got ${DML_NAME[desc.DataType] ?? desc.DataType}`,
      { dtype: desc.DataType },
    );
  return out ? { sizes, out } : { sizes };
}

const DML_NAMES = Object.keys(DML_DATA_TYPE) as DmlDataType[];
const OUTPUT_FIELDS = ['Sizes', 'DataType'];

/** An OutputTensor desc's fields (`Sizes`, `DataType` only), checked and read as shape and dtype. */
function descOf(op: string, value: DmlOutputTensorDesc): { Sizes?: readonly number[]; DataType?: DType } {
  const d = options(op, value, OUTPUT_FIELDS, 'OutputTensor', 'OutputTensor fields');
  const Sizes =
    d.Sizes === undefined
      ? undefined
      : integers(op, 'OutputTensor.Sizes', d.Sizes, `${op}.OutputTensor.Sizes`);
  const raw = typeof d.DataType === 'string' ? d.DataType.replace(/^DML_TENSOR_DATA_TYPE_/, '') : d.DataType;
  const name = oneOf(op, 'OutputTensor.DataType', raw, DML_NAMES, undefined, `${op}.OutputTensor.DataType`);
  return { Sizes, DataType: name === undefined ? undefined : DML_DATA_TYPE[name] };
}

/** The leading `D - count` sizes must be 1 (padding); returns the real trailing sizes. */
export function realSizes(op: string, field: string, name: string, t: Tensor, count: number): number[] {
  const lead = t.shape.slice(0, t.rank - count);
  if (lead.some((d) => d !== 1))
    fail(
      `${op}.${field}`,
      `${op}: ${name}.Sizes outside the last ${field} = ${count} dims must be 1; got ${fmt(t.shape)}`,
      { sizes: t.shape },
    );
  return t.shape.slice(t.rank - count);
}

/** DirectML's tensor field names, the same in every DML_GATHER* / DML_SCATTER* desc. */
const FIELDS = { data: 'InputTensor', indices: 'IndicesTensor', updates: 'UpdatesTensor' } as const;
/** The one parameter of every DirectML op: its desc object, with DirectML's tensor field names. */
const dmlDesc: Param = { desc: FIELDS };

/**
 * DirectML's names: the desc's tensor fields (`InputTensor`, `IndicesTensor` → `OutputTensor`).
 *
 * @internal
 */
export const DESCRIPTION: FrameworkDescription = {
  words: {
    operand: FIELDS.data,
    indices: FIELDS.indices,
    updates: FIELDS.updates,
    result: 'OutputTensor',
    target: 'OutputTensor',
  },
  notation: 'tuple',
};

// Every op's example indices are int32; the Axis field is the generic `axis`.
const INT32_INDICES = { indexDType: 'int32' } as const;
const AXIS = { aliases: { axis: 'Axis' }, ...INT32_INDICES } as const;

/**
 * How each DirectML op is called: one DML_*_OPERATOR_DESC object.
 *
 * @internal
 */
export const SIGNATURES: Signatures = {
  GATHER: G('take', [dmlDesc], { example: { Axis: 0, IndexDimensions: 1 }, ...AXIS }),
  GATHER_ELEMENTS: G('elements', [dmlDesc], { example: { Axis: 0 }, ...AXIS }),
  GATHER_ND: G('nd', [dmlDesc], { example: {}, ...INT32_INDICES }),
  GATHER_ND1: G('nd', [dmlDesc], {
    example: { BatchDimensionCount: 0 },
    aliases: { batch_dims: 'BatchDimensionCount' },
    ...INT32_INDICES,
  }),
  SCATTER: S('scatter_elements', [dmlDesc], { example: { Axis: 0 }, ...AXIS }),
  SCATTER_ELEMENTS: S('scatter_elements', [dmlDesc], { example: { Axis: 0 }, ...AXIS }),
  SCATTER_ND: S('scatter_nd', [dmlDesc], { example: {}, ...INT32_INDICES }),
};
