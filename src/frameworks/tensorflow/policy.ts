/**
 * TensorFlow's edge-case policies, decided in one table, plus the checks shared by its gather
 * and scatter operators (index dtypes, the trailing options object, TF-worded out-of-bounds
 * errors).
 *
 * Negative indices are never valid in TF: they are out of bounds like any other bad index.
 * What an out-of-bounds index does depends on where the kernel runs (the docs of tf.gather,
 * tf.gather_nd and tf.tensor_scatter_nd_update state it per device; `xla` is jit_compile / TPU),
 * unless a newer raw op's `bad_indices_policy` is ERROR or IGNORE: TF_POLICY.device and
 * TF_POLICY.bad_indices_policy. A GPU gather stores zeros for the whole slice.
 *
 * Zero-size dims: a gather with no index at all returns an empty result even when the indexed
 * dim has size 0 (`tf.gather(int32[0], int32[0, 4])` is an empty [0, 4]); any index into a
 * size-0 dim is out of bounds.
 *
 * Duplicates: tf.scatter_nd and tensor_scatter_nd_add/sub/min/max combine every update (sum,
 * difference, min, max); tensor_scatter_nd_update keeps the last update on CPU ("we pick the last
 * update for the index"). GPU and XLA apply duplicates in an unspecified order; we always apply
 * them in row-major update order, so float sums are the sequential CPU sums.
 */
import type { Wording } from '../../core/call.js';
import type { GatherMode, ScatterMode } from '../../core/types.js';
import { fmt } from '../../errors.js';
import type { DType } from '../../tensor/dtype.js';
import { slice } from '../../tensor/ops.js';
import type { Tensor } from '../../tensor/tensor.js';
import { type GatherPolicy, type ScatterPolicy, gatherPolicy as rowPolicy } from '../families.js';
import { checkIndexDType as indexDType, oneOf, options, outArg } from '../args.js';
import { RAISE, dtypeRule } from '../checks.js';
import { type FrameworkDescription, G, type Param, S, type Signatures } from '../signature.js';

/** Where the TF kernel runs; decides what an out-of-bounds index does. */
export type TfDevice = 'cpu' | 'gpu' | 'xla';
/** The `bad_indices_policy` attribute of newer raw ops ('' and 'DEFAULT' mean the device rule). */
export type TfBadIndicesPolicy = '' | 'DEFAULT' | 'ERROR' | 'IGNORE';

/** The trailing options object: the policy next to TF's own keyword arguments, and `out`. */
export interface TfPolicyOptions {
  /** Device whose out-of-bounds rule applies; default `cpu`. */
  readonly device?: TfDevice;
  /** Raw-op `bad_indices_policy`; overrides the device rule when ERROR or IGNORE. */
  readonly bad_indices_policy?: TfBadIndicesPolicy;
  /** Where the result goes (shape and dtype of the result). */
  readonly out?: Tensor;
}

const DEVICES: readonly TfDevice[] = ['cpu', 'gpu', 'xla'];
const BAD_INDICES: readonly TfBadIndicesPolicy[] = ['', 'DEFAULT', 'ERROR', 'IGNORE'];
const POLICY_KEYS = ['device', 'bad_indices_policy', 'out'] as const;

/** The GPU kernels' (and IGNORE's) row: an out-of-bounds gather reads 0, a scatter update is skipped. */
const FILL_OR_SKIP = {
  /** Gathers fill with 0. */
  gather: 'fill',
  /** Scatters skip the update. */
  scatter: 'skip',
} as const;

/** The one policy table: each named value → the core's modes. */
export const TF_POLICY = {
  /** TensorFlow never counts negative indices from the end: they are out of bounds. */
  negative_indices: 'out_of_bounds',
  /** Out-of-bounds indices by device (`{ device }` option): TF's kernels differ. */
  device: {
    /** The device assumed when none is given. */
    default: 'cpu',
    /** CPU kernels: an out-of-bounds index is an InvalidArgument error. */
    cpu: RAISE,
    /** GPU kernels: an out-of-bounds gather reads 0, an out-of-bounds scatter update is ignored. */
    gpu: FILL_OR_SKIP,
    /** XLA (jit_compile): gathers clamp the start, scatters drop the window. */
    xla: {
      /** Gathers clamp. */
      gather: 'clip',
      /** Scatters drop out-of-bounds windows. */
      scatter: 'drop',
    },
  },
  /** The raw ops' `bad_indices_policy` attribute: ERROR and IGNORE override the device's rule. */
  bad_indices_policy: {
    /** An out-of-bounds index is an error on cpu and gpu (xla has no run-time error: its own row). */
    ERROR: RAISE,
    /** Out-of-bounds gathers read 0 and scatter updates are ignored. */
    IGNORE: FILL_OR_SKIP,
  },
  /** Value stored for an out-of-bounds gather under `fill` (GPU, IGNORE). */
  fill_value: 0,
  /** Repeated targets: every update is applied, in row-major update order (update: the last wins). */
  duplicates: 'apply',
} as const satisfies {
  negative_indices: 'out_of_bounds';
  device: { default: TfDevice } & Record<TfDevice, { gather: GatherMode; scatter: ScatterMode }>;
  bad_indices_policy: Record<'ERROR' | 'IGNORE', { gather: GatherMode; scatter: ScatterMode }>;
  fill_value: number;
  duplicates: 'apply';
};

/** A row of TF_POLICY: the device's, or bad_indices_policy's when it is IGNORE or (off xla) ERROR. */
type RowName = TfDevice | 'ERROR' | 'IGNORE';
const ROWS = { ...TF_POLICY.device, ...TF_POLICY.bad_indices_policy };
type GatherOp = 'tensorflow.gather' | 'tensorflow.gather_nd';

/** The trailing options object read strictly: the row of TF_POLICY it selects, and `out`. */
function policyRow(op: string, value: TfPolicyOptions | null | undefined) {
  const o = options(op, value, POLICY_KEYS);
  const device = oneOf(op, 'device', o.device, DEVICES, TF_POLICY.device.default);
  const bip = oneOf(op, 'bad_indices_policy', o.bad_indices_policy, BAD_INDICES, '');
  // XLA has no run-time error: tf2xla's GatherNd implements IGNORE only (a mask of zeros over the
  // clamped gather; gather_op.cc @05c8cf7c GatherNdOp::Compile), so ERROR there is the device's
  // clamp, and a scatter's drop (an out-of-bounds check can only be an error where it is made).
  const raises = bip === 'ERROR' && device !== 'xla';
  const name: RowName = raises || bip === 'IGNORE' ? bip : device;
  return { name, device, out: outArg(op, o.out) };
}

/** The gather policy of `op` under each row of TF_POLICY (`<op>.index_out_of_bounds` under error). */
function gatherRows(op: GatherOp): Readonly<Record<RowName, GatherPolicy>> {
  const policy = (name: RowName): GatherPolicy =>
    rowPolicy(
      { ...ROWS[name], negative_indices: TF_POLICY.negative_indices },
      { fill_value: TF_POLICY.fill_value, oob_code: `${op}.index_out_of_bounds` },
    );
  const names: readonly RowName[] = [...DEVICES, 'ERROR', 'IGNORE'];
  return Object.fromEntries(names.map((n) => [n, policy(n)])) as Record<RowName, GatherPolicy>;
}

/** Every gather's policies, one constant per op and row. */
const GATHER_POLICY = {
  'tensorflow.gather': gatherRows('tensorflow.gather'),
  'tensorflow.gather_nd': gatherRows('tensorflow.gather_nd'),
};

/** A gather's policy and `out`, from the options object. */
export function gatherPolicy(op: GatherOp, value: TfPolicyOptions | null | undefined) {
  const { name, device, out } = policyRow(op, value);
  return { policy: GATHER_POLICY[op][name], device, out };
}

/** A gather's policy that reads no index as out of bounds (the IGNORE row), for a gather that reads nothing. */
export const uncheckedGatherPolicy = (op: GatherOp): GatherPolicy => GATHER_POLICY[op].IGNORE;

/** A scatter's policy and `out`, from the options object. */
export function scatterPolicy(op: string, value: TfPolicyOptions | null | undefined) {
  const { name, device, out } = policyRow(op, value);
  const policy: ScatterPolicy = {
    mode: ROWS[name].scatter,
    negative_indices: TF_POLICY.negative_indices,
    duplicates: TF_POLICY.duplicates,
    oob_code: `${op}.index_out_of_bounds`,
  };
  return { policy, device, out };
}

/**
 * Index dtypes of the public Python API: GatherV2 and GatherNd kernels are registered for int16,
 * int32 and int64 indices (TF's gather_op_test / gather_nd_op_test run all three), ScatterNd and
 * TensorScatter* for int32 and int64.
 */
const GATHER_INDEX_DTYPES: readonly DType[] = ['int16', 'int32', 'int64'];
const SCATTER_INDEX_DTYPES: readonly DType[] = ['int32', 'int64'];

/** TF's own names of the dtypes it calls otherwise (DataTypeString). */
const TF_DTYPE_NAMES: Partial<Record<DType, string>> = {
  float32: 'float',
  float64: 'double',
  float16: 'half',
};

/**
 * Checks the index dtype (`<op>.indices_dtype`): int16, int32 or int64 for gathers, int32 or int64
 * for scatters, in the words of TF's kernel lookup ("Value for attr 'Tindices' of float is not in
 * the list of allowed values: int16, int32, int64").
 */
export function checkIndexDType(op: string, indices: Tensor): void {
  const gather = op === 'tensorflow.gather' || op === 'tensorflow.gather_nd';
  const allowed = gather ? GATHER_INDEX_DTYPES : SCATTER_INDEX_DTYPES;
  indexDType(op, indices, allowed, 'indices_dtype', () => tindices(indices.dtype, allowed));
}

/** TF's kernel lookup refusing an index dtype. */
function tindices(dtype: DType, allowed: readonly DType[]): string {
  const name = TF_DTYPE_NAMES[dtype] ?? dtype;
  return `Value for attr 'Tindices' of ${name} is not in the list of allowed values: ${allowed.join(', ')}`;
}

/** Checks that a data dtype is numeric (not bool) for ops that add or compare (`<op>.<name>_dtype`). */
export function checkNumeric(op: string, name: string, t: Tensor): void {
  if (t.dtype === 'bool')
    dtypeRule(`${op}.${name}_dtype`, `${op}: ${name} must have a numeric dtype; got bool`, t);
}

/** The TF CPU kernel's wording for a scalar index: `indices[1] = 5 is not in [0, 3)`. */
export const scalarWording: Wording = ({ value, size, position }) =>
  `indices[${position.join(',')}] = ${value} is not in [0, ${size})`;

/**
 * The TF CPU kernel's wording for an index vector (last dim of `indices`):
 * `indices[1] = [1, 5] does not index into param shape [3,3]` (`what` = 'param shape' for
 * gathers, 'shape' for scatters). Reads the whole vector, only when the error is thrown. With
 * `batchDims` b > 0 the kernel is batch_gather_nd's GatherNd: its indices hold the b batch
 * coordinates before each vector, and its leading dim is the b batch dims flattened.
 */
export function vectorWording(
  indices: Tensor,
  what: string,
  shape: readonly number[],
  batchDims = 0,
): Wording {
  return ({ position }) => {
    const at = position.slice(0, -1);
    const k = indices.shape[indices.rank - 1];
    const row = slice(indices, [...at, 0], [...at.map(() => 1), k]);
    const batch = at.slice(0, batchDims);
    const vector = [...batch, ...Array.from(row.data as ArrayLike<number | bigint>, Number)];
    const flat = batch.reduce((n, c, d) => n * indices.shape[d] + c, 0);
    const where = batchDims > 0 ? [flat, ...at.slice(batchDims)] : at;
    return `indices[${where.join(',')}] = ${fmt(vector)} does not index into ${what} [${shape.join(',')}]`;
  };
}

/** TF's out-of-bounds rule depends on the device, so the device plays the role of a version. */
const TF_DEVICE = { key: 'device', values: DEVICES };
/** A gather's parameters: params, indices, keyword arguments, then the options object with the device. */
const DIAV: readonly Param[] = ['data', 'indices', 'attrs', 'version'];

/**
 * TensorFlow's names (`tf.gather(params, indices)`, `tf.scatter_nd(indices, updates, shape)`) and
 * `tf.constant`'s dtypes: int32, float32, and complex128 for Python complex numbers (TF narrows
 * Python floats to float32 but not complex numbers: `tf.constant([1 + 2j]).dtype` is complex128).
 *
 * @internal
 */
export const DESCRIPTION: FrameworkDescription = {
  words: { operand: 'params', indices: 'indices', updates: 'updates', result: 'output', target: 'output' },
  notation: 'tuple',
  constructors: {
    module: 'tensorflow',
    prefix: 'tf',
    names: { constant: null, convert_to_tensor: null },
    dtypes: { int: 'int32', float: 'float32', complex: 'complex128' },
  },
};

/** tf.tensor_scatter_nd_{update,add,sub,min,max}(tensor, indices, updates). */
const TENSOR_SCATTER = S('scatter_nd', ['data', 'indices', 'updates', 'version'], {
  version: TF_DEVICE,
  words: { operand: 'tensor' },
});

/**
 * How each TensorFlow op is called; the device plays the role of a version (it decides out-of-bounds).
 *
 * @internal
 */
export const SIGNATURES: Signatures = {
  gather: G('take', DIAV, { example: { axis: 0, batch_dims: 0 }, version: TF_DEVICE }),
  gather_nd: G('nd', DIAV, { example: { batch_dims: 0 }, version: TF_DEVICE }),
  // The trailing options object carries `out` (the library's; TF has none).
  boolean_mask: G('general', DIAV, {
    indexDType: 'bool',
    words: { operand: 'tensor', indices: 'mask' },
    example: { axis: 0 },
    noProbe: 'the indices are a boolean mask, not index values',
  }),
  scatter_nd: S('scatter_nd', ['indices', 'updates', { attr: 'shape' }, 'version'], {
    example: { shape: [8] },
    version: TF_DEVICE,
  }),
  ...Object.fromEntries(
    ['update', 'add', 'sub', 'min', 'max'].map((r) => [`tensor_scatter_nd_${r}`, TENSOR_SCATTER]),
  ),
};
