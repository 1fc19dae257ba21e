/**
 * Descriptors of the general gather and scatter, named exactly as the StableHLO spec names
 * them, plus the index policies (out-of-bounds, negative indices, duplicates) that the
 * frameworks need and StableHLO leaves out.
 */
import type { Scalar, Storage } from '../tensor/dtype.js';
import type { Tensor } from '../tensor/tensor.js';

/** `#stablehlo.gather<...>` dimension numbers plus slice sizes. */
export interface GatherDimensionNumbers {
  /** Result dims that hold the slice (window) dims, sorted. */
  readonly offset_dims: readonly number[];
  /** Operand dims of slice size ≤ 1 dropped from the result. */
  readonly collapsed_slice_dims: readonly number[];
  /** Operand dims paired with `start_indices_batching_dims` (default []). */
  readonly operand_batching_dims?: readonly number[];
  /** start_indices dims paired with `operand_batching_dims` (default []). */
  readonly start_indices_batching_dims?: readonly number[];
  /** For each component of an index vector, the operand dim it starts. */
  readonly start_index_map: readonly number[];
  /** The start_indices dim that holds index vectors; = rank(start_indices) means scalars. */
  readonly index_vector_dim: number;
  /** Size of the slice in every operand dim. */
  readonly slice_sizes: readonly number[];
  /** Promise that the start indices are sorted (checked only with `checked: true`). */
  readonly indices_are_sorted?: boolean;
}

/** `#stablehlo.scatter<...>` dimension numbers. */
export interface ScatterDimensionNumbers {
  /** Updates dims that hold the window dims, sorted. */
  readonly update_window_dims: readonly number[];
  /** Input dims of window size 1 that have no updates dim. */
  readonly inserted_window_dims: readonly number[];
  /** Input dims paired with `scatter_indices_batching_dims` (default []). */
  readonly input_batching_dims?: readonly number[];
  /** scatter_indices dims paired with `input_batching_dims` (default []). */
  readonly scatter_indices_batching_dims?: readonly number[];
  /** For each component of an index vector, the input dim it starts. */
  readonly scatter_dims_to_operand_dims: readonly number[];
  /** The scatter_indices dim that holds index vectors; = rank(scatter_indices) means scalars. */
  readonly index_vector_dim: number;
  /** Promise that the scatter indices are sorted (checked only with `checked: true`). */
  readonly indices_are_sorted?: boolean;
  /** Promise that no two updates reach the same element (checked only with `checked: true`). */
  readonly unique_indices?: boolean;
}

/**
 * The spec's `#stablehlo.gather` / `#stablehlo.scatter` dimension-number fields, in the spec's
 * order: the one list the frontends and both text readers check attribute names against.
 */
export const GATHER_DIMENSION_FIELDS = [
  'offset_dims',
  'collapsed_slice_dims',
  'operand_batching_dims',
  'start_indices_batching_dims',
  'start_index_map',
  'index_vector_dim',
] as const;
/** The `#stablehlo.scatter` dimension-number fields, in the spec's order (see above). */
export const SCATTER_DIMENSION_FIELDS = [
  'update_window_dims',
  'inserted_window_dims',
  'input_batching_dims',
  'scatter_indices_batching_dims',
  'scatter_dims_to_operand_dims',
  'index_vector_dim',
] as const;

/**
 * What happens to a gather whose window does not fit:
 * - `clip`: the spec's rule, the window start is clamped into [0, dim - slice_size] (default);
 * - `fill`: JAX's FILL_OR_DROP, the whole slice becomes `fill_value`;
 * - `promise_in_bounds`: the caller promises in-bounds; we clamp like XLA does (JAX documents
 *   this as implementation-defined), and `checked: true` verifies the promise;
 * - `error`: throw an IndexOutOfBoundsError naming the index (ONNX, TF on CPU, NumPy `raise`);
 * - `wrap`: the start is taken modulo the valid range (NumPy `mode='wrap'`).
 */
export type GatherMode = 'clip' | 'fill' | 'promise_in_bounds' | 'error' | 'wrap';

/**
 * What happens to a scatter window that does not fit:
 * - `skip`: the spec's rule, each out-of-bounds *element* is skipped, the rest applied (default);
 * - `drop`: XLA/JAX FILL_OR_DROP, the whole *window* is dropped if any part is out of bounds;
 * - `clip`: the window start is clamped into [0, dim - window_size];
 * - `promise_in_bounds`: the caller promises in-bounds; we drop like XLA does;
 * - `error`: throw an IndexOutOfBoundsError;
 * - `wrap`: the start is taken modulo the valid range (NumPy `put(mode='wrap')`).
 */
export type ScatterMode = 'skip' | 'drop' | 'clip' | 'promise_in_bounds' | 'error' | 'wrap';

/**
 * Negative index values: `out_of_bounds` (StableHLO: a negative start is just out of range,
 * default) or `from_end` (Python style: add the dimension size once, so [-n, n) is valid).
 */
export type NegativeIndexPolicy = 'out_of_bounds' | 'from_end';

/** Built-in update computations. `replace` keeps the last update in update-index order. */
export type ReducerName = 'replace' | 'add' | 'sub' | 'mul' | 'min' | 'max' | 'mean';

/**
 * A custom update computation on decoded element values: `(current, update) => new` for one
 * input, `(c0, …, cN-1, u0, …, uN-1) => [n0, …, nN-1]` for N variadic inputs.
 */
export type UpdateFunction = (...args: Scalar[]) => Scalar | readonly Scalar[];

/**
 * The same computation on stored elements, attached to an UpdateFunction under ON_STORAGE: it
 * reads element `at` of each result storage and element `from` of each update storage and writes
 * the results' elements in place, so every bit moves as the computation moves it (a region body
 * run by the IR: a NaN's sign and payload, which a JS number of a 16-bit float cannot carry).
 */
export type StorageUpdate = (
  results: readonly Storage[],
  at: number,
  updates: readonly Storage[],
  from: number,
) => void;

/** The key under which an UpdateFunction carries its StorageUpdate (see customKernel). */
export const ON_STORAGE: unique symbol = Symbol('onStorage');

/** A scatter's update computation: a built-in reducer by name, or a function of scalars. */
export type UpdateComputation = ReducerName | UpdateFunction;

/** Which operand's NaN a float add / sub / mul returns (see FloatNaN in core/kernels.ts). */
export type FloatNaNOrder =
  | 'self_first'
  | 'update_first'
  | 'update_first_re'
  | 'self_first_sign'
  | 'update_first_sign'
  | 'canonical'
  | 'all_ones';

/**
 * A NaN operand order by the element's place in its row, for kernels whose order depends on it
 * (PyTorch 1.13's vectorised CPU loops order a row's vector body and its scalar rest
 * differently). The result element at flat offset t has place p = ⌊t / stride⌋ mod `row`;
 * `bands` cover the places [0, row) in order, `[end, order]` covering [the previous end, end).
 */
export interface PlacedNaN {
  /** Row length in places: an element's place is ⌊its flat result offset / stride⌋ mod `row`. */
  readonly row: number;
  /**
   * Elements from one place of the row to the next in the result (default 1): a row that runs
   * along leading dims (PyTorch's strided rows, `x[:, [k]] += v`) steps over the dims after them.
   */
  readonly stride?: number;
  /** `[end, order]` bands in order, each covering places [the previous end, end); the last ends at `row`. */
  readonly bands: readonly (readonly [end: number, order: FloatNaNOrder])[];
}

/** Options shared by the core gather and scatter. */
export interface IndexPolicyOptions {
  /** How negative index values are read; default `out_of_bounds`. */
  readonly negative_indices?: NegativeIndexPolicy;
  /** Verify promises (`indices_are_sorted`, `unique_indices`, in-bounds) and throw BrokenPromiseError. */
  readonly checked?: boolean;
  /** Name of the operator in messages, e.g. `onnx.Gather-13`; default `stablehlo.gather`/`stablehlo.scatter`. */
  readonly op?: string;
  /** Rule code of the out-of-bounds error under `mode: 'error'`; default `<op>.index_out_of_bounds`. */
  readonly oob_code?: string;
  /** Which out-of-bounds index `mode: 'error'` reports when several are; default `index_vectors` (see OobOrder). */
  readonly oob_order?: OobOrder;
}

/**
 * Which out-of-bounds index an `error` policy reports when there are several (the values are
 * the same; only the error's index, dim and position differ):
 * - `index_vectors` (default): the first bad index vector in row-major batch order, its first
 *   bad component — the order the op reads them in (PyTorch's index kernels report this one);
 * - `components`: each index component in full over every batch position, in component order,
 *   before anything is read — NumPy 1.24's check of an index tuple (each index array in full, in
 *   tuple order: `PyArray_MapIterCheckIndices`), which names `np.zeros((2, 3))[[0, 3], [[-9], [1]]]`'s
 *   3 on axis 0, not the first vector's −9 on axis 1. Over broadcast components this names the
 *   same index as over the arrays before broadcasting: a broadcast walk meets each element of an
 *   array first in that array's own row-major order.
 */
export type OobOrder = 'index_vectors' | 'components';

/**
 * A gather whose slice must index a zero-size operand dim (size 0, slice size 1):
 * - `spec` (default): refused, as StableHLO requires `slice_sizes[d] <= shape(operand)[d]` (C21);
 * - `out_of_bounds` (every framework): no start is valid there, so any index vector that must
 *   address it is out of bounds (under every mode: there is nothing to clamp, wrap or read);
 *   with no such index vector the result is simply empty.
 */
export type ZeroSizeDims = 'spec' | 'out_of_bounds';

export interface GatherOptions extends IndexPolicyOptions {
  /** Zero-size indexed operand dims; default `spec` (see ZeroSizeDims). */
  readonly zero_size_dims?: ZeroSizeDims;
  /** Out-of-bounds policy; default `clip`. */
  readonly mode?: GatherMode;
  /** Value of filled slices under `mode: 'fill'`; defaults per JAX (NaN, int min, uint max, true). */
  readonly fill_value?: Scalar;
  /** Write the result into this tensor (shape and dtype must match the result). */
  readonly out?: Tensor;
}

export interface ScatterOptions extends IndexPolicyOptions {
  /** Out-of-bounds policy; default `skip` (the spec). */
  readonly mode?: ScatterMode;
  /**
   * Duplicate targets: `apply` (default) applies every update in update-index order, so
   * `replace` keeps the last; `error` throws a DuplicateIndexError (ONNX `reduction: none`).
   */
  readonly duplicates?: 'apply' | 'error';
  /** Rule code of the duplicate error; default `<op>.duplicate_indices`. */
  readonly duplicate_code?: string;
  /**
   * PyTorch `include_self`: when false, a target that receives updates starts from its first
   * update instead of the input value (untouched targets keep the input). Default true.
   */
  readonly include_self?: boolean;
  /**
   * Float `min`/`max` on ±0 ties and NaNs: `ieee` (default, Math.max/min), `self_on_tie`
   * (PyTorch amax/amin: NaN updates win bit for bit, ties keep the element) or `update_on_tie`
   * (NumPy maximum/minimum.at: NaN elements kept bit for bit, ties take the update) or
   * `self_on_tie_keep_nan` (NumPy's float16 loops: NaN elements kept, then NaN updates taken,
   * ties keep the element).
   */
  readonly float_minmax?: 'ieee' | 'self_on_tie' | 'update_on_tie' | 'self_on_tie_keep_nan';
  /**
   * Which NaN a float add / sub / mul returns when an operand is NaN: `self_first` (default,
   * x86's `a op b`: the element's NaN, else the update's, quieted), `update_first`,
   * `self_first_sign` (the default NaN with the first NaN's sign) or `canonical` (see FloatNaN
   * in core/kernels.ts), or one of these by the element's place in its row (PlacedNaN).
   */
  readonly float_nan?: FloatNaNOrder | PlacedNaN;
  /** Write the results into these tensors (may be the inputs themselves for in-place). */
  readonly out?: Tensor | readonly Tensor[];
}
