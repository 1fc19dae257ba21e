/**
 * The demo: runs the seed documents' worked examples through the library and prints them.
 * `npm run demo`.
 */
import { FRAMEWORKS, stablehlo, tensor } from './index.js';

const show = (title: string, value: unknown) => {
  console.log(`\n## ${title}\n${JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? Number(v) : v))}`);
};

// StableHLO batching-dims RFC: gather and scatter examples (operand 2x3x4x2, indices 2x2x3x2 with [0, 9]).
const operand = tensor(
  Array.from({ length: 2 }, (_, a) =>
    Array.from({ length: 3 }, (_, b) =>
      Array.from({ length: 4 }, (_, c) => [1, 2].map((d) => a * 24 + b * 8 + c * 2 + d)),
    ),
  ),
  'int64',
);
const startIndices = tensor(
  [
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
  ],
  'int64',
);
const gathered = stablehlo.gather(operand, startIndices, {
  offset_dims: [3, 4],
  collapsed_slice_dims: [1],
  operand_batching_dims: [0],
  start_indices_batching_dims: [1],
  start_index_map: [2, 1],
  index_vector_dim: 3,
  slice_sizes: [1, 1, 2, 2],
});
show('stablehlo.gather (batching dims RFC example; [0, 9] is clamped)', gathered.toArray());

const scattered = stablehlo.scatter(
  operand,
  startIndices,
  tensor(
    Array.from({ length: 24 }, () => [1n, 1n]),
    'int64',
    [2, 2, 3, 2, 2],
  ),
  {
    update_window_dims: [3, 4],
    inserted_window_dims: [1],
    input_batching_dims: [0],
    scatter_indices_batching_dims: [1],
    scatter_dims_to_operand_dims: [2, 1],
    index_vector_dim: 3,
  },
  'add',
);
show('stablehlo.scatter add (batching dims RFC example; the [0, 9] window is skipped)', scattered.toArray());

// jax.lax.gather doc example: x[indices] with x = [10, 11, 12].
const x = tensor([10, 11, 12], 'int32');
const idx = tensor([[0], [1], [1], [2], [2], [2]], 'int32');
show(
  'jax.lax.gather doc example',
  stablehlo
    .gather(x, idx, {
      offset_dims: [],
      collapsed_slice_dims: [0],
      start_index_map: [0],
      index_vector_dim: 1,
      slice_sizes: [1],
    })
    .toArray(),
);

// The frameworks come from the library's one list (src/frameworks/index.ts).
console.log(`\nframeworks: ${FRAMEWORKS.join(', ')}`);
