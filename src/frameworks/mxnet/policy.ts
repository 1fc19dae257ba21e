/**
 * MXNet 1.x edge-case policies, decided in one table, plus the index conversion its kernels do.
 *
 * - take / pick: the `mode` argument (MX_POLICY.take, .pick); take's `raise` is 1.6+ (before 1.6
 *   it was accepted but not implemented). batch_take always clamps (no mode).
 * - gather_nd: by version. 1.7+ (we name it `1.9`, the last 1.x, default) checks every index
 *   against [-n, n-1], raises otherwise (MXNet's order and wording: checkGatherNdBounds), and
 *   counts negatives from the end (apache/mxnet#17208).
 *   1.6 and earlier add raw strides with no check — an out-of-range or negative index reads
 *   outside the tensor (undefined behaviour); we raise instead.
 * - scatter_nd: MXNet never checks (raw memory offsets; a bad index writes outside the output or
 *   aliases another element) and its docs call duplicate results non-deterministic. We do not
 *   reproduce memory corruption (MX_POLICY.scatter_nd); `duplicates: 'last'` is what the sequential
 *   CPU kernel does.
 *
 * Index dtypes are those each kernel switches on: float index tensors (MXNet's default dtype is
 * float32) are accepted by every op except batch_take (int32 only); bool indices by take and
 * scatter_nd (read as 0 / 1), not by gather_nd and pick; bool data by take, gather_nd and
 * scatter_nd, not by pick and batch_take. take / pick / scatter_nd truncate toward zero (`static_cast` to an integer);
 * gather_nd 1.7+ adds n before the cast, which floors values in [-n, n-1]. Range checks compare the
 * float value itself (gather_nd: -n ≤ v ≤ n-1, take raise: 0 ≤ v ≤ n-1), so 1.5 is out of range
 * for n = 2 although it truncates to 1. NaN and ±Infinity (undefined in C++) raise.
 */
import type { GatherMode } from '../../core/types.js';
import { unravel } from '../../core/utilities.js';
import { DTypeError, IndexOutOfBoundsError, fmt } from '../../errors.js';
import { isFloat, isHalf } from '../../tensor/dtype.js';
import { cast } from '../../tensor/ops.js';
import { type Tensor, tensor } from '../../tensor/tensor.js';
import { isComplex } from '../../tensor/complex.js';
import { oneOf, options, tensorArg } from '../args.js';
import { fail } from '../../core/validate.js';
import { LAST_OR_ERROR, checkRealDType } from '../checks.js';
import { DIA, type FrameworkDescription, G, S, type Signatures } from '../signature.js';

/** take's out-of-bounds mode: `clip` clamps, `wrap` wraps around, `raise` throws. */
export type MxTakeMode = 'clip' | 'wrap' | 'raise';
/** pick's out-of-bounds mode: `clip` clamps, `wrap` wraps around. */
export type MxPickMode = 'clip' | 'wrap';
/** MXNet 1.x release whose gather_nd rules apply: `1.6` (unchecked, no negatives) or `1.9` (checked, negatives wrap). */
export type MxVersion = '1.6' | '1.9';

/** Policy options of gather_nd. */
export interface MxGatherNdPolicy {
  /** Release whose index rules apply; default `1.9`. */
  readonly version?: MxVersion;
  /** Where the result goes (MXNet's `out=`). */
  readonly out?: Tensor;
}

/** Policy options of scatter_nd (MXNet itself checks nothing). */
export interface MxScatterNdPolicy {
  /** Out-of-bounds index: `error` (default) or `skip` the update. */
  readonly out_of_bounds?: 'error' | 'skip';
  /** Two updates on one element: `last` (default, row-major order) or `error`. */
  readonly duplicates?: 'last' | 'error';
  /** Where the result goes (MXNet's `out=`): `shape`, data's dtype. */
  readonly out?: Tensor;
}

/** pick's `mode` row, which take extends with `raise`. */
const CLIP_OR_WRAP = {
  /** MXNet's default mode. */
  default: 'clip',
  /** An index is clamped into [0, n-1] (a negative one reads element 0). */
  clip: 'clip',
  /** Index modulo n (negatives from the end). */
  wrap: 'wrap',
} as const;

/** The one policy table: each named value → the core's modes. */
export const MX_POLICY = {
  /** take's `mode` → the core gather mode. */
  take: {
    ...CLIP_OR_WRAP,
    /** An index outside [0, n-1] is an error (MXNet 1.6+). */
    raise: 'error',
  },
  /** pick's `mode` → the core gather mode. */
  pick: CLIP_OR_WRAP,
  /** batch_take always clamps its indices. */
  batch_take: 'clip',
  /** gather_nd's rules by MXNet release (`version`). */
  gather_nd: {
    /** The release assumed when none is given. */
    default: '1.9',
    /** 1.7+: indices checked against [-n, n-1], negatives from the end, float indices floored. */
    '1.9': {
      /** An out-of-range index is an error. */
      mode: 'error',
      /** Negative indices count from the end. */
      negative_indices: 'from_end',
      /** Float indices floor (n is added before the cast). */
      rounding: 'floor',
      /** MXNet's own bound check runs first (its order and wording: checkGatherNdBounds). */
      bound_check: true,
    },
    /** 1.6 and earlier read unchecked memory; here an out-of-range or negative index is an error. */
    '1.6': {
      /** An out-of-range index is an error (MXNet's behaviour is undefined). */
      mode: 'error',
      /** A negative index is out of range. */
      negative_indices: 'out_of_bounds',
      /** Float indices truncate toward zero. */
      rounding: 'trunc',
      /** No check in MXNet; the core's out-of-bounds error stands in for its undefined reads. */
      bound_check: false,
    },
  },
  /** scatter_nd's policies (MXNet checks nothing). */
  scatter_nd: {
    /** An out-of-bounds index: `error` (default) or `skip` the update. */
    out_of_bounds: {
      /** The policy when none is given. */
      default: 'error',
      /** An out-of-bounds index is an error. */
      error: 'error',
      /** The update at an out-of-bounds index is dropped. */
      skip: 'skip',
    },
    /** Two updates on one element: `last` (default, row-major order) or `error`. */
    duplicates: LAST_OR_ERROR,
  },
} as const satisfies {
  take: { default: MxTakeMode } & Record<MxTakeMode, GatherMode>;
  pick: { default: MxPickMode } & Record<MxPickMode, GatherMode>;
  batch_take: GatherMode;
  gather_nd: { default: MxVersion } & Record<
    MxVersion,
    {
      mode: GatherMode;
      negative_indices: 'from_end' | 'out_of_bounds';
      rounding: 'floor' | 'trunc';
      bound_check: boolean;
    }
  >;
  scatter_nd: {
    out_of_bounds: { default: 'error'; error: 'error'; skip: 'skip' };
    duplicates: { default: 'last'; last: 'apply'; error: 'error' };
  };
};

/**
 * Looks a named policy value up in its table row (`default` when undefined), refusing anything
 * but the row's own names (`<op>.<name>`).
 */
export function pickPolicy<T extends Record<string, unknown>>(
  op: string,
  name: string,
  row: T,
  value: unknown,
): T[Exclude<keyof T, 'default'>] {
  const names = Object.keys(row).filter((k) => k !== 'default');
  const key = oneOf(op, name, value, names, row.default as string);
  return row[key as Exclude<keyof T, 'default'>];
}

/**
 * Every op's opening: data and indices (MXNet's names) are Tensors, the data not complex (MXNet's
 * type flags have no complex type: `<op>.dtype`), the keywords strict (read by the caller).
 */
export function openArgs<T extends object>(
  op: string,
  [dataName, data]: readonly [string, unknown],
  [indicesName, indices]: readonly [string, unknown],
  args: T | null | undefined,
  keys: readonly string[],
) {
  const x = tensorArg(op, dataName, data);
  checkRealDType(op, dataName, x, 'MXNet NDArrays have no complex dtype');
  const i = tensorArg(op, indicesName, indices);
  return { x, i, opts: options(op, args, keys) };
}

/**
 * pick and batch_take switch on their data type without bool (MSHADOW_TYPE_SWITCH: "Unknown type
 * enum 7"); take, gather_nd and scatter_nd include it (`<op>.dtype`).
 */
export function noBoolData(op: string, x: Tensor, name: string): void {
  if (x.dtype === 'bool')
    throw new DTypeError(`${op}.dtype`, `${op}: MXNet's ${name} has no bool data type; got ${x.dtype}`, {
      dtype: x.dtype,
    });
}

/** gather_nd / scatter_nd: rank(indices) >= 2, M = indices.shape[0] <= N (the `what` rank), M <= 10. */
export function checkIndexVectors(op: string, i: Tensor, N: number, what: 'data' | 'output'): number {
  if (i.rank < 2)
    fail(`${op}.indices_rank`, `${op}: indices must have at least 2 dimensions; got shape ${fmt(i.shape)}`);
  const M = i.shape[0];
  if (M === 0)
    fail(
      `${op}.index_depth`,
      `${op}: indices.shape[0] must be at least 1 (MXNet divides by it and crashes); got shape ${fmt(i.shape)}`,
      { M, N },
    );
  if (M > N)
    fail(`${op}.index_depth`, `${op}: indices.shape[0] (${M}) exceeds the ${what} dimension (${N})`, {
      M,
      N,
    });
  if (M > 10) fail(`${op}.max_dims`, `${op}: indexing along at most 10 dimensions; got ${M}`, { M });
  return M;
}

/**
 * C++ `operator<<` on a float (precision 6, `%g`): 2.5 → "2.5", 3 → "3", 1e10 → "1e+10" — how
 * MXNet prints a float index in its messages.
 */
export function cppFloat(x: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [m, e] = x.toExponential(5).split('e');
  const exp = Number(e);
  const strip = (t: string) => (t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t);
  if (exp < -4 || exp >= 6)
    return `${strip(m)}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return strip(x.toFixed(5 - exp));
}

/**
 * gather_nd 1.7+'s bound check, in MXNet's order (indexing_op.cc GatherNDCheckBoundCPU with
 * indexing_op.h is_valid_check_gather_nd): per axis m it keeps the LAST index of row m outside
 * [-n, n-1] (0 when none), then raises for the first axis whose kept value is outside — so a
 * zero-size indexed axis raises `index 0 … with size 0` even with no index at all. The float
 * value itself is compared and printed; NaN passes (as in MXNet) and is refused later
 * (`<op>.index_value`).
 */
export function checkGatherNdBounds(op: string, i: Tensor, dims: readonly number[]): void {
  const M = dims.length;
  const N = M === 0 ? 0 : i.size / M;
  // Stored values are the values, except for the 16-bit floats (bit patterns) and bool (refused).
  const v = (isHalf(i.dtype) ? cast(i, 'float64').data : i.data) as ArrayLike<number | bigint>;
  for (let m = 0; m < M; m++) {
    const n = dims[m];
    let at = -1;
    for (let k = N - 1; k >= 0; k--) {
      const x = Number(v[m * N + k]);
      if (x < -n || x > n - 1) {
        at = k;
        break;
      }
    }
    const value = at < 0 ? 0 : Number(v[m * N + at]);
    if (value >= -n && value <= n - 1) continue;
    const shown = at < 0 ? '0' : isFloat(i.dtype) ? cppFloat(value) : String(v[m * N + at]);
    throw new IndexOutOfBoundsError(
      `${op}.index_out_of_bounds`,
      `${op}: IndexError: index ${shown} is out of bounds for axis ${m} with size ${n}`,
      { value, dim: m, size: n, position: at < 0 ? [] : unravel(m * N + at, i.shape) },
    );
  }
}

/**
 * The index dtypes an op's kernel switches on: real numbers, bool only where `bools`
 * (`<op>.indices_dtype` otherwise).
 */
export function indexDType(op: string, t: Tensor, bools = false): void {
  if ((t.dtype === 'bool' && !bools) || isComplex(t.dtype))
    throw new DTypeError(`${op}.indices_dtype`, `${op}: indices must be real numbers; got ${t.dtype}`, {
      dtype: t.dtype,
    });
}

/**
 * Integer indices as MXNet's kernels see them. Integer tensors pass unchanged; complex is refused
 * (`<op>.indices_dtype`), and bool too unless `bools` (take and scatter_nd switch on bool index
 * types — MSHADOW_TYPE_SWITCH_WITH_BOOL — and read true as 1; gather_nd and pick do not); float
 * tensors are rounded (`trunc` or `floor`, the float range having been checked by the caller).
 *
 * This is the one element loop in the MXNet frontend: the core has no float-index rounding mode
 * (reported to the core's owner).
 */
export function integerIndices(
  op: string,
  t: Tensor,
  rounding: 'trunc' | 'floor',
  { range, bools = false }: { range?: FloatRange; bools?: boolean } = {},
): Tensor {
  indexDType(op, t, bools);
  if (t.dtype === 'bool') return cast(t, 'int32');
  if (!isFloat(t.dtype)) return t;
  const v = cast(t, 'float64').data as Float64Array;
  const out = new Float64Array(v.length);
  let fits32 = true;
  for (let e = 0; e < v.length; e++) {
    const x = v[e];
    if (!Number.isFinite(x))
      throw new DTypeError(
        `${op}.index_value`,
        `${op}: index ${x} at flat position ${e} has no integer value`,
        { value: x },
      );
    let r = rounding === 'trunc' ? Math.trunc(x) : Math.floor(x);
    if (range) {
      if (x < range.lo) r = Math.floor(x);
      else if (x > range.hi) r = Math.ceil(x);
    }
    out[e] = r;
    if (r < -(2 ** 31) || r >= 2 ** 31) fits32 = false;
  }
  if (fits32) return tensor(Int32Array.from(out), 'int32', t.shape);
  const wide = new BigInt64Array(out.length);
  for (let e = 0; e < out.length; e++) wide[e] = BigInt(out[e]);
  return tensor(wide, 'int64', t.shape);
}

/** take `raise`'s valid float range [lo, hi] (compared on the float value, as MXNet does). */
export interface FloatRange {
  readonly lo: number;
  readonly hi: number;
}

/**
 * MXNet's names (`mx.nd.gather_nd(data, indices)`; `scatter_nd(data, indices, shape)`, whose `data` is
 * the updates; `take(a, indices)`, `pick(data, index)`).
 *
 * @internal
 */
export const DESCRIPTION: FrameworkDescription = {
  words: { operand: 'data', indices: 'indices', updates: 'data', result: 'out', target: 'out' },
  notation: 'tuple',
};

/**
 * How each MXNet op is called.
 *
 * @internal
 */
export const SIGNATURES: Signatures = {
  // MXNet: gather_nd's index vector is the FIRST indices dim; scatter_nd(data=updates, indices, shape).
  take: G('take', DIA, {
    example: { axis: 0, mode: 'clip' },
    modes: ['clip', 'wrap', 'raise'],
    words: { operand: 'a' },
  }),
  pick: G('pick', DIA, {
    example: { axis: -1, mode: 'clip' },
    modes: ['clip', 'wrap'],
    words: { indices: 'index' },
  }),
  batch_take: G('batch_take', ['data', 'indices'], {
    indexDType: 'int32',
    words: { operand: 'a' },
    noProbe: 'out[i] = a[i, indices[i]]: one index per row, not a row selection',
  }),
  gather_nd: G('nd', ['data', 'indices'], { indexVector: 'first' }),
  scatter_nd: S('scatter_nd', ['updates', 'indices', { attr: 'shape' }], {
    example: { shape: [8] },
    indexVector: 'first',
  }),
};
