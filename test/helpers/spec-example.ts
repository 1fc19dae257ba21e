/**
 * The StableHLO spec's worked example of gather and scatter with batching dims (the spec's
 * `stablehlo.gather` / `stablehlo.scatter` examples, from the batching-dims RFC): one fixture for
 * every test that uses it, so its expected outputs are typed once, from the spec.
 *
 * Operand 2×3×4×2 holding 1…48 in row-major order; start indices 2×2×3×2 with one start, [0, 9],
 * out of bounds on purpose (the spec clamps a gather's start; a scatter skips what falls outside).
 */
import { type DType, type Tensor, tensor } from '../../src/index.js';
import { PRESETS } from '../../src/tables/presets.js';
import type { NestedArray } from '../../src/tensor/tensor.js';

/** The operand's values, nested 2×3×4×2: element [a, b, c, d] is 1 + d + 2c + 8b + 24a. */
export const SPEC_OPERAND_VALUES: number[][][][] = Array.from({ length: 2 }, (_, a) =>
  Array.from({ length: 3 }, (_, b) =>
    Array.from({ length: 4 }, (_, c) => Array.from({ length: 2 }, (_, d) => 1 + d + 2 * c + 8 * b + 24 * a)),
  ),
);

/** The operand: 1…48 as a 2×3×4×2 tensor of `dtype` (the spec uses i32 for gather, i64 for scatter). */
export function specOperand(dtype: DType = 'int32'): Tensor {
  const values = Array.from({ length: 48 }, (_, i) => i + 1);
  return tensor(dtype === 'int64' || dtype === 'uint64' ? values.map(BigInt) : values, dtype, [2, 3, 4, 2]);
}

/** The start indices (index vectors along dim 3), verbatim. */
export const SPEC_START_INDICES = [
  [
    [
      [0, 0],
      [1, 0],
      [2, 1],
    ],
    [
      [0, 1],
      [1, 1],
      [0, 9],
    ],
  ],
  [
    [
      [0, 0],
      [2, 1],
      [2, 2],
    ],
    [
      [1, 2],
      [0, 1],
      [1, 0],
    ],
  ],
];

/** The start indices as a tensor (the spec's i64). */
export const specIndices = (dtype: DType = 'int64'): Tensor =>
  tensor(
    dtype === 'int64' || dtype === 'uint64'
      ? SPEC_START_INDICES.map((a) => a.map((b) => b.map((c) => c.map(BigInt))))
      : SPEC_START_INDICES,
    dtype,
  );

/** The scatter's updates: 2×2×3×2×2 ones. */
export const specUpdates = (dtype: DType = 'int64'): Tensor =>
  tensor(new Array(48).fill(dtype === 'int64' || dtype === 'uint64' ? 1n : 1), dtype, [2, 2, 3, 2, 2]);

/** The gather's dimension numbers and slice sizes. */
export const SPEC_GATHER_DIMS = {
  offset_dims: [3, 4],
  collapsed_slice_dims: [1],
  operand_batching_dims: [0],
  start_indices_batching_dims: [1],
  start_index_map: [2, 1],
  index_vector_dim: 3,
  slice_sizes: [1, 1, 2, 2],
} as const;

/** The scatter's dimension numbers. */
export const SPEC_SCATTER_DIMS = {
  update_window_dims: [3, 4],
  inserted_window_dims: [1],
  input_batching_dims: [0],
  scatter_indices_batching_dims: [1],
  scatter_dims_to_operand_dims: [2, 1],
  index_vector_dim: 3,
} as const;

// The StableHLO spec's gather example (batching dims), verbatim apart from the comments.
export const SPEC_GATHER_TEXT = `%result = "stablehlo.gather"(%operand, %start_indices) {
  dimension_numbers = #stablehlo.gather<
    offset_dims = [3, 4],
    collapsed_slice_dims = [1],
    operand_batching_dims = [0],
    start_indices_batching_dims = [1],
    start_index_map = [2, 1],
    index_vector_dim = 3>,
  slice_sizes = array<i64: 1, 1, 2, 2>,
  indices_are_sorted = false
} : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>`;

/**
 * The gather's result in the spec (2×2×3×2×2): the explorer preset's transcription, so the
 * worked example is written down once (src/tables/presets.ts, 'stablehlo-gather-batching').
 */
export const SPEC_GATHER_RESULT = PRESETS.find((p) => p.id === 'stablehlo-gather-batching')
  ?.expected as NestedArray;

// The StableHLO spec's scatter example (batching dims).
export const SPEC_SCATTER_TEXT = `%result = "stablehlo.scatter"(%input, %scatter_indices, %update) ({
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%0) : (tensor<i64>) -> ()
}) {
  scatter_dimension_numbers = #stablehlo.scatter<
    update_window_dims = [3, 4],
    inserted_window_dims = [1],
    input_batching_dims = [0],
    scatter_indices_batching_dims = [1],
    scatter_dims_to_operand_dims = [2, 1],
    index_vector_dim = 3>,
  indices_are_sorted = false,
  unique_indices = false
} : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>`;

/** The scatter's result in the spec (add, updates all ones; 2×3×4×2). */
export const SPEC_SCATTER_RESULT = [
  [
    [
      [3, 4],
      [6, 7],
      [6, 7],
      [7, 8],
    ],
    [
      [9, 10],
      [11, 12],
      [15, 16],
      [17, 18],
    ],
    [
      [17, 18],
      [19, 20],
      [22, 23],
      [24, 25],
    ],
  ],
  [
    [
      [25, 26],
      [28, 29],
      [30, 31],
      [31, 32],
    ],
    [
      [35, 36],
      [38, 39],
      [38, 39],
      [39, 40],
    ],
    [
      [41, 42],
      [44, 45],
      [46, 47],
      [47, 48],
    ],
  ],
];
