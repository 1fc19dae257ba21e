/**
 * The IR every surface reads: a lowered call, a StableHLO module read from text and a module
 * printed by `explain` are all {@link Module}s of StableHLO ops in SSA form.
 *
 * Values are numbered per function: the parameters first (0 … params.length − 1), then each op's
 * results in program order. Regions (a reduce's or scatter's body) are functions of their own with
 * their own numbering; they cannot see the enclosing function's values (as in StableHLO, whose
 * gather/scatter/reduce regions are isolated from above).
 *
 * The ops are the StableHLO spec's, named without the `stablehlo.` prefix. Two things are the
 * library's, not the spec's, and each is said where it lives:
 * - a gather or scatter carries the core's resolved index policy (`options`): the frameworks'
 *   out-of-bounds modes, negative indices, duplicate rules. A spec text reads as the spec's own
 *   policy (`SPEC_GATHER_OPTIONS`, `SPEC_SCATTER_OPTIONS`); `legalize` rewrites every policy that
 *   StableHLO can express into spec ops (what the printer prints), and names the ones it cannot.
 * - a scatter may name a core reducer (`reducer`) beside its region: the region is the meaning, the
 *   name lets the core run its native loop instead of interpreting the region per element.
 */
import {
  type ResolvedGatherOptions,
  type ResolvedScatterOptions,
  resolveGatherOptions,
  resolveScatterOptions,
} from '../core/policy.js';
import type { GatherDimensionNumbers, ReducerName, ScatterDimensionNumbers } from '../core/types.js';
import type { Wording } from '../core/call.js';
import type { DType } from '../tensor/dtype.js';
import type { Tensor } from '../tensor/tensor.js';

/** A ranked tensor type, e.g. `tensor<2x3xf32>`. */
export interface TensorType {
  /** The static shape. */
  readonly shape: readonly number[];
  /** The element type. */
  readonly dtype: DType;
}

/** MLIR's name of each element type. */
export const MLIR_ELEMENT_TYPES: Readonly<Record<DType, string>> = {
  float64: 'f64',
  float32: 'f32',
  float16: 'f16',
  bfloat16: 'bf16',
  int64: 'i64',
  int32: 'i32',
  int16: 'i16',
  int8: 'i8',
  uint64: 'ui64',
  uint32: 'ui32',
  uint16: 'ui16',
  uint8: 'ui8',
  bool: 'i1',
  complex64: 'complex<f32>',
  complex128: 'complex<f64>',
};

/** An SSA value of the enclosing function: its index in the function's value table. */
export type ValueId = number;

/** Where an op came from in a text, for messages. */
export interface Loc {
  readonly line: number;
}

/** Element-wise binary ops (operands and result share one shape; compare and select are apart). */
export const BINARY_OPS = [
  'add',
  'subtract',
  'multiply',
  'divide',
  'remainder',
  'minimum',
  'maximum',
  'and',
  'or',
  'xor',
  'power',
  'atan2',
  'shift_left',
  'shift_right_arithmetic',
  'shift_right_logical',
] as const;
export type BinaryOpName = (typeof BINARY_OPS)[number];

/** Element-wise unary ops. */
export const UNARY_OPS = [
  'negate',
  'abs',
  'not',
  'sign',
  'real',
  'imag',
  'floor',
  'ceil',
  'round_nearest_even',
  'round_nearest_afz',
  'sqrt',
  'exponential',
  'log',
  'popcnt',
  'is_finite',
] as const;
export type UnaryOpName = (typeof UNARY_OPS)[number];

export type ComparisonDirection = 'EQ' | 'NE' | 'GE' | 'GT' | 'LE' | 'LT';
export type ComparisonType = 'FLOAT' | 'TOTALORDER' | 'SIGNED' | 'UNSIGNED';

/** A function body: parameters, ops, and the values it returns. Also the form of a region. */
export interface Body {
  readonly params: readonly TensorType[];
  readonly ops: readonly Op[];
  /** Returned values (ValueIds of this body). */
  readonly returns: readonly ValueId[];
}

/** A function of a module. */
export interface Func extends Body {
  readonly name: string;
  /** Declared result types (checked against what the body returns). */
  readonly results: readonly TensorType[];
  /** Parameter names for printing (`%data`), else `%argN`. */
  readonly paramNames?: readonly string[];
  readonly loc?: Loc;
}

/** A module: its functions by name; `main` (or the only function) is the entry. */
export interface Module {
  readonly funcs: readonly Func[];
  /** Name of the entry function. */
  readonly entry: string;
}

interface OpCommon {
  readonly operands: readonly ValueId[];
  /** Result types; the op defines one value per entry. */
  readonly results: readonly TensorType[];
  readonly loc?: Loc;
  /**
   * How a framework words this gather's or scatter's errors (never changes a value): the op name
   * errors carry, its out-of-bounds wording, the caller's index rank for error positions.
   */
  readonly meta?: CallMeta;
}

/** The error-message hooks of a lowered gather or scatter (see CoreCall in core/call.ts). */
export interface CallMeta {
  readonly op?: string;
  readonly wording?: Wording;
  readonly index_rank?: number;
}

export type Op = OpCommon & OpAttrs;

/** The op kinds and their attributes, by the spec's attribute names. */
export type OpAttrs =
  | { readonly kind: 'constant'; readonly value: Tensor }
  | { readonly kind: 'iota'; readonly iota_dimension: number }
  | { readonly kind: 'broadcast_in_dim'; readonly broadcast_dimensions: readonly number[] }
  | { readonly kind: 'reshape' }
  | { readonly kind: 'transpose'; readonly permutation: readonly number[] }
  | { readonly kind: 'convert' }
  | { readonly kind: 'bitcast_convert' }
  | { readonly kind: 'concatenate'; readonly dimension: number }
  | {
      readonly kind: 'slice';
      readonly start_indices: readonly number[];
      readonly limit_indices: readonly number[];
      readonly strides: readonly number[];
    }
  | { readonly kind: 'dynamic_slice'; readonly slice_sizes: readonly number[] }
  /** Operands: the operand, the update, one 0-d start index per dimension. */
  | { readonly kind: 'dynamic_update_slice' }
  | {
      /** Operands: the operand and the 0-d padding value. Edge padding may be negative (crops). */
      readonly kind: 'pad';
      readonly edge_padding_low: readonly number[];
      readonly edge_padding_high: readonly number[];
      readonly interior_padding: readonly number[];
    }
  | {
      readonly kind: 'compare';
      readonly comparison_direction: ComparisonDirection;
      readonly compare_type?: ComparisonType;
    }
  | { readonly kind: 'select' }
  | { readonly kind: 'clamp' }
  /** `complex(lhs, rhs)`: parts to a complex tensor (real and imag are unary ops). */
  | { readonly kind: 'complex' }
  | { readonly kind: BinaryOpName }
  | { readonly kind: UnaryOpName }
  | { readonly kind: 'reduce'; readonly dimensions: readonly number[]; readonly body: Body }
  | {
      /** Operands: N inputs, then N init values; one result per input. */
      readonly kind: 'reduce_window';
      readonly window_dimensions: readonly number[];
      readonly window_strides: readonly number[];
      readonly base_dilations: readonly number[];
      readonly window_dilations: readonly number[];
      /** The spec's `padding` tensor<rank x 2>: [low, high] per dimension. */
      readonly padding: readonly (readonly number[])[];
      readonly body: Body;
    }
  | {
      readonly kind: 'gather';
      /** Dimension numbers with slice_sizes and indices_are_sorted (the core's descriptor). */
      readonly dimension_numbers: GatherDimensionNumbers;
      /** The core's index policy (library extension; the spec's own is SPEC_GATHER_OPTIONS). */
      readonly options: ResolvedGatherOptions;
    }
  | {
      /** `stablehlo.dynamic_gather`: slice sizes are the third operand (a constant 1-D tensor). */
      readonly kind: 'dynamic_gather';
      readonly dimension_numbers: Omit<GatherDimensionNumbers, 'slice_sizes'>;
      readonly options: ResolvedGatherOptions;
    }
  | {
      /** Operands: N inputs, the indices, N updates. */
      readonly kind: 'scatter';
      readonly dimension_numbers: ScatterDimensionNumbers;
      /** The update computation: 2N scalar params (N current values, N updates), N returns. */
      readonly body: Body;
      /** The core's native reducer for this body when it is one (fast path; same meaning). */
      readonly reducer?: ReducerName;
      readonly options: ResolvedScatterOptions;
    }
  | {
      /** Operands: operand, source, init_value (the scatter family's window form). */
      readonly kind: 'select_and_scatter';
      readonly window_dimensions: readonly number[];
      readonly window_strides: readonly number[];
      /** The spec's `padding` tensor<rank x 2>: [low, high] per dimension. */
      readonly padding: readonly (readonly number[])[];
      /** `(tensor<E>, tensor<E>) -> tensor<i1>`: true keeps the selected element (lhs). */
      readonly select: Body;
      /** `(tensor<E>, tensor<E>) -> tensor<E>`: the result element so far and a source value. */
      readonly scatter: Body;
    }
  | { readonly kind: 'call'; readonly callee: string }
  | {
      /**
       * The interpreter's checks: `check.expect_eq` etc. as custom calls or ops. `expected` is
       * the constant of `check.expect_eq_const` / `expect_almost_eq_const`; otherwise the second
       * operand. `eq` (custom_call @check.eq) returns an i1 instead of failing.
       */
      readonly kind: 'check';
      readonly check:
        | 'eq'
        | 'expect_eq'
        | 'expect_close'
        | 'expect_almost_eq'
        | 'expect_eq_const'
        | 'expect_almost_eq_const';
      readonly expected?: Tensor;
      /** expect_close's ULP bounds (default 0 and 3, as the reference interpreter). */
      readonly min_ulp_difference?: number;
      readonly max_ulp_difference?: number;
      /** expect_almost_eq's tolerance (default 1e-4). */
      readonly tolerance?: number;
    };

export type OpKind = OpAttrs['kind'];

/** Every op a program may hold (what `explain` can print and the reader can read). */
export const OP_KINDS: readonly OpKind[] = [
  'constant',
  'iota',
  'broadcast_in_dim',
  'reshape',
  'transpose',
  'convert',
  'bitcast_convert',
  'concatenate',
  'slice',
  'dynamic_slice',
  'dynamic_update_slice',
  'pad',
  'compare',
  'select',
  'clamp',
  ...BINARY_OPS,
  ...UNARY_OPS,
  'complex',
  'reduce',
  'reduce_window',
  'gather',
  'dynamic_gather',
  'scatter',
  'select_and_scatter',
  'call',
  'check',
];

/** The number of values a body defines before op `k` (its first result's ValueId). */
export function firstResultId(body: Body, k: number): ValueId {
  let id = body.params.length;
  for (let j = 0; j < k; j++) id += body.ops[j].results.length;
  return id;
}

/** The type of every value of a body, in ValueId order. */
export function valueTypes(body: Body): TensorType[] {
  const types = [...body.params];
  for (const op of body.ops) types.push(...op.results);
  return types;
}

/** The spec's own gather policy (a start index is clamped into range): what a StableHLO text means. */
export function specGatherOptions(dtype: DType, op = 'stablehlo.gather'): ResolvedGatherOptions {
  return resolveGatherOptions(dtype, { op });
}

/** The spec's own scatter policy (out-of-bounds update elements are skipped, every update applied). */
export function specScatterOptions(op = 'stablehlo.scatter'): ResolvedScatterOptions {
  return resolveScatterOptions({ op });
}

/**
 * XLA's scatter policy, what an HLO text means: an update window that does not fit in the operand
 * is dropped whole (the spec skips element by element). XLA's evaluator (hlo_evaluator.cc) and its
 * scatter expander (scatter_expander.cc, CheckIndexValidity) test the window's start against
 * [0, dim - window size] and apply one verdict to the whole window; JAX's FILL_OR_DROP relies on it.
 */
export function xlaScatterOptions(op = 'stablehlo.scatter'): ResolvedScatterOptions {
  return resolveScatterOptions({ op, mode: 'drop' });
}
