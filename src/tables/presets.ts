/**
 * Documented numeric examples, verbatim: the frameworks' docs and the seed documents
 * (the comparison article, the DirectML gather page, the StableHLO batching-dims RFC, the
 * jax.lax.gather page). The explorer offers each as a preset; a test runs each one whose op is
 * present and checks the documented output.
 */
import type { NestedArray } from '../tensor/tensor.js';
import type { CallArgs } from './registry.js';

export interface Preset {
  readonly id: string;
  /** `framework.Op`. */
  readonly op: string;
  readonly title: string;
  /** Where the numbers come from. */
  readonly source: string;
  readonly args: CallArgs;
  /** The documented output; absent when the source documents an error instead. */
  readonly expected?: NestedArray;
  /** The documented error's rule code, exactly (the error thrown must carry this `code`). */
  readonly expectedError?: string;
}

const range = (n: number, f: (i: number) => NestedArray): NestedArray[] =>
  Array.from({ length: n }, (_, i) => f(i));
const hloOperand = range(2, (a) =>
  range(3, (b) => range(4, (c) => range(2, (d) => 1 + d + 2 * c + 8 * b + 24 * a))),
);
const hloIndices = [
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
const scatterND2Data = [
  [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
    [8, 7, 6, 5],
    [4, 3, 2, 1],
  ],
  [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
    [8, 7, 6, 5],
    [4, 3, 2, 1],
  ],
  [
    [8, 7, 6, 5],
    [4, 3, 2, 1],
    [1, 2, 3, 4],
    [5, 6, 7, 8],
  ],
  [
    [8, 7, 6, 5],
    [4, 3, 2, 1],
    [1, 2, 3, 4],
    [5, 6, 7, 8],
  ],
];
const scatterND2Updates = [
  [
    [5, 5, 5, 5],
    [6, 6, 6, 6],
    [7, 7, 7, 7],
    [8, 8, 8, 8],
  ],
  [
    [1, 1, 1, 1],
    [2, 2, 2, 2],
    [3, 3, 3, 3],
    [4, 4, 4, 4],
  ],
];

/** ONNX Gather example 1; the comparison article runs Caffe2's Gather on it too. */
const onnxGather1 = {
  args: {
    data: [
      [1.0, 1.2],
      [2.3, 3.4],
      [4.5, 5.7],
    ],
    indices: [
      [0, 1],
      [1, 2],
    ],
  },
  expected: [
    [
      [1.0, 1.2],
      [2.3, 3.4],
    ],
    [
      [2.3, 3.4],
      [4.5, 5.7],
    ],
  ],
};
/** The data of ONNX GatherND examples 3–5, and of tf.gather_nd's batch_dims example (see gatherNDBatch). */
const gatherNDCube = [
  [
    [0, 1],
    [2, 3],
  ],
  [
    [4, 5],
    [6, 7],
  ],
];
/** ONNX GatherND example 5: tf.gather_nd's batch_dims example, number for number. */
const gatherNDBatch = {
  args: { data: gatherNDCube, indices: [[1], [0]], attrs: { batch_dims: 1 } },
  expected: [
    [2, 3],
    [4, 5],
  ],
};
/** The comparison article's GatherND example 2 (a negative index), which it runs under ONNX and TF. */
const articleGatherND2 = {
  data: [
    [1, 2],
    [3, 4],
  ],
  indices: [
    [-2, 0],
    [1, 1],
  ],
};

export const PRESETS: readonly Preset[] = [
  // ---- ONNX Operators.md (also the comparison article's examples) ----
  {
    id: 'onnx-gather-1',
    op: 'onnx.Gather',
    title: 'Gather, axis 0: rows',
    source: 'ONNX Operators.md, Gather example 1',
    args: {
      ...onnxGather1.args,
      attrs: { axis: 0 },
      dataDType: 'float32',
    },
    expected: onnxGather1.expected,
  },
  {
    id: 'onnx-gather-2',
    op: 'onnx.Gather',
    title: 'Gather, axis 1: columns',
    source: 'ONNX Operators.md, Gather example 2',
    args: {
      data: [
        [1.0, 1.2, 1.9],
        [2.3, 3.4, 3.9],
        [4.5, 5.7, 5.9],
      ],
      indices: [[0, 2]],
      attrs: { axis: 1 },
      dataDType: 'float32',
    },
    expected: [[[1.0, 1.9]], [[2.3, 3.9]], [[4.5, 5.9]]],
  },
  {
    id: 'onnx-gather-elements-1',
    op: 'onnx.GatherElements',
    title: 'GatherElements, axis 1',
    source: 'ONNX Operators.md, GatherElements example 1 (comparison article, GatherElements example 1)',
    args: {
      data: [
        [1, 2],
        [3, 4],
      ],
      indices: [
        [0, 0],
        [1, 0],
      ],
      attrs: { axis: 1 },
    },
    expected: [
      [1, 1],
      [4, 3],
    ],
  },
  {
    id: 'onnx-gather-elements-2',
    op: 'onnx.GatherElements',
    title: 'GatherElements, axis 0',
    source: 'ONNX Operators.md, GatherElements example 2',
    args: {
      data: [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
      ],
      indices: [
        [1, 2, 0],
        [2, 0, 0],
      ],
      attrs: { axis: 0 },
    },
    expected: [
      [4, 8, 3],
      [7, 2, 3],
    ],
  },
  {
    id: 'onnx-gather-elements-negative',
    op: 'onnx.GatherElements',
    title: 'GatherElements, negative index counts from the end',
    source: 'ONNX Operators.md, GatherElements example 3 (comparison article, GatherElements example 2)',
    args: {
      data: [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
      ],
      indices: [
        [-1, -2, 0],
        [-2, 0, 0],
      ],
      attrs: { axis: 0 },
    },
    expected: [
      [7, 5, 3],
      [4, 2, 3],
    ],
  },
  {
    id: 'onnx-scatter-elements-1',
    op: 'onnx.ScatterElements',
    title: 'ScatterElements, axis 0',
    source: 'ONNX Operators.md, ScatterElements example 1',
    args: {
      data: [
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      indices: [
        [1, 0, 2],
        [0, 2, 1],
      ],
      updates: [
        [1.0, 1.1, 1.2],
        [2.0, 2.1, 2.2],
      ],
      attrs: { axis: 0 },
      dataDType: 'float32',
    },
    expected: [
      [2.0, 1.1, 0.0],
      [1.0, 0.0, 2.2],
      [0.0, 2.1, 1.2],
    ],
  },
  {
    id: 'onnx-scatter-elements-2',
    op: 'onnx.ScatterElements',
    title: 'ScatterElements, axis 1',
    source: 'ONNX Operators.md, ScatterElements example 2',
    args: {
      data: [[1.0, 2.0, 3.0, 4.0, 5.0]],
      indices: [[1, 3]],
      updates: [[1.1, 2.1]],
      attrs: { axis: 1 },
      dataDType: 'float32',
    },
    expected: [[1.0, 1.1, 3.0, 2.1, 5.0]],
  },
  {
    id: 'onnx-scatter-elements-negative',
    op: 'onnx.ScatterElements',
    title: 'ScatterElements with a negative index',
    source: 'ONNX Operators.md, ScatterElements example scatter_elements_with_negative_indices',
    args: {
      data: [[1.0, 2.0, 3.0, 4.0, 5.0]],
      indices: [[1, -3]],
      updates: [[1.1, 2.1]],
      attrs: { axis: 1 },
      dataDType: 'float32',
    },
    expected: [[1.0, 1.1, 2.1, 4.0, 5.0]],
  },
  {
    id: 'onnx-scatter-elements-add',
    op: 'onnx.ScatterElements',
    title: 'ScatterElements, duplicate indices with reduction add (opset 16+)',
    source: 'ONNX Operators.md, ScatterElements example scatter_elements_with_duplicate_indices',
    args: {
      data: [[1.0, 2.0, 3.0, 4.0, 5.0]],
      indices: [[1, 1]],
      updates: [[1.1, 2.1]],
      attrs: { axis: 1, reduction: 'add' },
      dataDType: 'float32',
    },
    expected: [[1.0, 5.2, 3.0, 4.0, 5.0]],
  },
  {
    id: 'onnx-gathernd-1',
    op: 'onnx.GatherND',
    title: 'GatherND: elements',
    source: 'ONNX Operators.md, GatherND example 1',
    args: {
      data: [
        [0, 1],
        [2, 3],
      ],
      indices: [
        [0, 0],
        [1, 1],
      ],
      attrs: { batch_dims: 0 },
    },
    expected: [0, 3],
  },
  {
    id: 'onnx-gathernd-2',
    op: 'onnx.GatherND',
    title: 'GatherND: rows',
    source: 'ONNX Operators.md, GatherND example 2',
    args: {
      data: [
        [0, 1],
        [2, 3],
      ],
      indices: [[1], [0]],
      attrs: { batch_dims: 0 },
    },
    expected: [
      [2, 3],
      [0, 1],
    ],
  },
  {
    id: 'onnx-gathernd-3',
    op: 'onnx.GatherND',
    title: 'GatherND: lines of a 3-D tensor',
    source: 'ONNX Operators.md, GatherND example 3',
    args: {
      data: gatherNDCube,
      indices: [
        [0, 1],
        [1, 0],
      ],
      attrs: { batch_dims: 0 },
    },
    expected: [
      [2, 3],
      [4, 5],
    ],
  },
  {
    id: 'onnx-gathernd-4',
    op: 'onnx.GatherND',
    title: 'GatherND: 3-D indices',
    source: 'ONNX Operators.md, GatherND example 4',
    args: {
      data: gatherNDCube,
      indices: [[[0, 1]], [[1, 0]]],
      attrs: { batch_dims: 0 },
    },
    expected: [[[2, 3]], [[4, 5]]],
  },
  {
    id: 'onnx-gathernd-5',
    op: 'onnx.GatherND',
    title: 'GatherND: batch_dims = 1',
    source: 'ONNX Operators.md, GatherND example 5',
    ...gatherNDBatch,
  },
  {
    id: 'article-gathernd-1',
    op: 'onnx.GatherND',
    title: 'Article GatherND example 1: lines',
    source: 'comparison article, GatherND example 1',
    args: {
      data: [
        [
          [1, 2],
          [3, 4],
        ],
        [
          [5, 6],
          [7, 8],
        ],
      ],
      indices: [[[0, 0]], [[1, 0]]],
    },
    expected: [[[1, 2]], [[5, 6]]],
  },
  {
    id: 'article-gathernd-2',
    op: 'onnx.GatherND',
    title: 'Article GatherND example 2: a negative index',
    source: 'comparison article, GatherND example 2',
    args: {
      ...articleGatherND2,
    },
    expected: [1, 4],
  },
  {
    id: 'article-gathernd-tf',
    op: 'tensorflow.gather_nd',
    title: 'Article example 2 under TF (negative index)',
    source: 'comparison article: TF gather_nd rejects negative indices',
    args: {
      ...articleGatherND2,
    },
    expectedError: 'tensorflow.gather_nd.index_out_of_bounds',
  },
  {
    id: 'article-gathernd-mxnet',
    op: 'mxnet.gather_nd',
    title: 'Article MXNet variant: index vectors along the first dim',
    source:
      'comparison article, MXNet gather_nd on example 2 (indices [[0,0],[1,1]] give coordinates (0,1) and (0,1))',
    args: {
      data: [
        [1, 2],
        [3, 4],
      ],
      indices: [
        [0, 0],
        [1, 1],
      ],
    },
    expected: [2, 2],
  },
  {
    id: 'onnx-scatternd-1',
    op: 'onnx.ScatterND',
    title: 'ScatterND: elements',
    source: 'ONNX Operators.md, ScatterND example 1',
    args: { data: [1, 2, 3, 4, 5, 6, 7, 8], indices: [[4], [3], [1], [7]], updates: [9, 10, 11, 12] },
    expected: [1, 11, 3, 10, 9, 6, 7, 12],
  },
  {
    id: 'onnx-scatternd-2',
    op: 'onnx.ScatterND',
    title: 'ScatterND: sheets',
    source: 'ONNX Operators.md, ScatterND example 2',
    args: { data: scatterND2Data, indices: [[0], [2]], updates: scatterND2Updates },
    expected: [scatterND2Updates[0], scatterND2Data[1], scatterND2Updates[1], scatterND2Data[3]],
  },
  {
    id: 'onnx-scatternd-add',
    op: 'onnx.ScatterND',
    title: 'ScatterND, duplicate indices with reduction add (opset 16+)',
    source: 'ONNX Operators.md, ScatterND example scatternd_add',
    args: {
      data: scatterND2Data,
      indices: [[0], [0]],
      updates: scatterND2Updates,
      attrs: { reduction: 'add' },
    },
    expected: [
      [
        [7, 8, 9, 10],
        [13, 14, 15, 16],
        [18, 17, 16, 15],
        [16, 15, 14, 13],
      ],
      scatterND2Data[1],
      scatterND2Data[2],
      scatterND2Data[3],
    ],
  },
  {
    id: 'onnx-scatternd-mul',
    op: 'onnx.ScatterND',
    title: 'ScatterND, duplicate indices with reduction mul (opset 16+)',
    source: 'ONNX Operators.md, ScatterND example scatternd_multiply',
    args: {
      data: scatterND2Data,
      indices: [[0], [0]],
      updates: scatterND2Updates,
      attrs: { reduction: 'mul' },
    },
    expected: [
      [
        [5, 10, 15, 20],
        [60, 72, 84, 96],
        [168, 147, 126, 105],
        [128, 96, 64, 32],
      ],
      scatterND2Data[1],
      scatterND2Data[2],
      scatterND2Data[3],
    ],
  },
  // ---- The comparison article's examples whose pictures are lost: shapes and rules as it states
  // them, the numbers filled in (titles say so); expected values from NumPy 1.24 (np.take,
  // np.add.at, which sums duplicates as tf.scatter_nd does).
  {
    id: 'article-gather',
    op: 'onnx.Gather',
    title: 'Article Gather example: rows, output[0,0,0] = input[index[0,0],0] = 20',
    source:
      'comparison article, Gather/Take example (axis 0, o = r + q − 1 = 3; input[0, :] = [20, 30] as printed, the other rows filled in)',
    args: {
      data: [
        [20, 30],
        [40, 50],
        [60, 70],
      ],
      indices: [
        [0, 1],
        [1, 2],
      ],
      attrs: { axis: 0 },
    },
    expected: [
      [
        [20, 30],
        [40, 50],
      ],
      [
        [40, 50],
        [60, 70],
      ],
    ],
  },
  {
    id: 'article-tf-scatter-nd-accumulate',
    op: 'tensorflow.scatter_nd',
    title: 'Article tf.scatter_nd example 1: duplicate indices accumulate',
    source:
      'comparison article, TF scatter_nd example 1 (updates 2×2×2, indices 2×2×2×2, output 3×2, duplicates summed; values filled in)',
    args: {
      indices: [
        [
          [
            [0, 0],
            [1, 1],
          ],
          [
            [2, 0],
            [0, 0],
          ],
        ],
        [
          [
            [1, 1],
            [2, 1],
          ],
          [
            [0, 1],
            [2, 0],
          ],
        ],
      ],
      updates: [
        [
          [1, 2],
          [3, 4],
        ],
        [
          [5, 6],
          [7, 8],
        ],
      ],
      attrs: { shape: [3, 2] },
    },
    expected: [
      [5, 7],
      [0, 7],
      [11, 6],
    ],
  },
  {
    id: 'caffe2-gather',
    op: 'caffe2.Gather',
    title: 'caffe2.Gather: rows of DATA (always along axis 0 in the article)',
    source:
      'comparison article, Caffe2 Gather ("similar to the ONNX version… always along axis = 0"), on ONNX Gather example 1',
    args: {
      ...onnxGather1.args,
      attrs: {},
      dataDType: 'float32',
    },
    expected: onnxGather1.expected,
  },
  {
    id: 'numpy-take-wrap',
    op: 'numpy.take',
    title: "np.take mode='wrap': out-of-range indices wrap around",
    source: "comparison article, NumPy take modes ('wrap'), on the numpy.org take example's a",
    args: { data: [4, 3, 5, 7, 6, 8], indices: [-1, 6, 7], attrs: { mode: 'wrap' } },
    expected: [8, 4, 3],
  },
  {
    id: 'numpy-take-clip',
    op: 'numpy.take',
    title: "np.take mode='clip': out-of-range indices clip to the range",
    source: "comparison article, NumPy take modes ('clip'), on the numpy.org take example's a",
    args: { data: [4, 3, 5, 7, 6, 8], indices: [-1, 6, 7], attrs: { mode: 'clip' } },
    expected: [4, 8, 8],
  },
  // ---- TensorFlow docs ----
  {
    id: 'tf-scatter-nd-1',
    op: 'tensorflow.scatter_nd',
    title: 'tf.scatter_nd: elements into zeros',
    source: 'tensorflow.org tf.scatter_nd, first example',
    args: { indices: [[4], [3], [1], [7]], updates: [9, 10, 11, 12], attrs: { shape: [8] } },
    expected: [0, 11, 0, 10, 9, 0, 0, 12],
  },
  {
    id: 'tf-scatter-nd-2',
    op: 'tensorflow.scatter_nd',
    title: 'tf.scatter_nd: sheets into zeros',
    source: 'tensorflow.org tf.scatter_nd, second example',
    args: { indices: [[0], [2]], updates: scatterND2Updates, attrs: { shape: [4, 4, 4] } },
    expected: [
      scatterND2Updates[0],
      range(4, () => range(4, () => 0)),
      scatterND2Updates[1],
      range(4, () => range(4, () => 0)),
    ],
  },
  {
    id: 'tf-gather-nd-batch',
    op: 'tensorflow.gather_nd',
    title: 'tf.gather_nd with batch_dims = 1',
    source: 'tensorflow.org tf.gather_nd, batch_dims example',
    ...gatherNDBatch,
  },
  {
    id: 'tf-gather-1d',
    op: 'tensorflow.gather',
    title: 'tf.gather on a vector',
    source: 'tensorflow.org tf.gather, first example (params = [0, 1, 2, 3, 4, 5])',
    args: { data: [0, 1, 2, 3, 4, 5], indices: [3, 1], attrs: {} },
    expected: [3, 1],
  },
  // ---- NumPy docs ----
  {
    id: 'numpy-take-flat',
    op: 'numpy.take',
    title: 'np.take without axis: the input is flattened',
    source: 'numpy.org numpy.take example',
    args: { data: [4, 3, 5, 7, 6, 8], indices: [0, 1, 4], attrs: {} },
    expected: [4, 3, 6],
  },
  {
    id: 'numpy-take-2d',
    op: 'numpy.take',
    title: 'np.take with 2-D indices',
    source: 'numpy.org numpy.take example ("if indices is not one dimensional")',
    args: {
      data: [4, 3, 5, 7, 6, 8],
      indices: [
        [0, 1],
        [2, 3],
      ],
      attrs: {},
    },
    expected: [
      [4, 3],
      [5, 7],
    ],
  },
  {
    id: 'numpy-take-along-axis',
    op: 'numpy.take_along_axis',
    title: 'np.take_along_axis with argsort indices',
    source:
      'numpy.org numpy.take_along_axis example (a = [[10, 30, 20], [60, 40, 50]], argsort along axis 1)',
    args: {
      data: [
        [10, 30, 20],
        [60, 40, 50],
      ],
      indices: [
        [0, 2, 1],
        [1, 2, 0],
      ],
      attrs: { axis: 1 },
    },
    expected: [
      [10, 20, 30],
      [40, 50, 60],
    ],
  },
  // ---- PyTorch docs ----
  {
    id: 'torch-gather',
    op: 'torch.gather',
    title: 'torch.gather along dim 1',
    source: 'pytorch.org torch.gather example',
    args: {
      data: [
        [1, 2],
        [3, 4],
      ],
      indices: [
        [0, 0],
        [1, 0],
      ],
      attrs: { dim: 1 },
    },
    expected: [
      [1, 1],
      [4, 3],
    ],
  },
  // ---- MXNet 1.x docs ----
  {
    id: 'mxnet-gather-nd-1',
    op: 'mxnet.gather_nd',
    title: 'mx.nd.gather_nd: coordinates in columns',
    source: 'mxnet.apache.org gather_nd example 1',
    args: {
      data: [
        [0, 1],
        [2, 3],
      ],
      indices: [
        [1, 1, 0],
        [0, 1, 0],
      ],
    },
    expected: [2, 3, 0],
  },
  {
    id: 'mxnet-gather-nd-2',
    op: 'mxnet.gather_nd',
    title: 'mx.nd.gather_nd: lines',
    source: 'mxnet.apache.org gather_nd example 2',
    args: {
      data: [
        [
          [1, 2],
          [3, 4],
        ],
        [
          [5, 6],
          [7, 8],
        ],
      ],
      indices: [
        [0, 1],
        [1, 0],
      ],
    },
    expected: [
      [3, 4],
      [5, 6],
    ],
  },
  {
    id: 'mxnet-scatter-nd',
    op: 'mxnet.scatter_nd',
    title: 'mx.nd.scatter_nd into zeros',
    source: 'mxnet.apache.org scatter_nd example',
    args: {
      updates: [2, 3, 0],
      indices: [
        [1, 1, 0],
        [0, 1, 0],
      ],
      attrs: { shape: [2, 2] },
    },
    expected: [
      [0, 0],
      [2, 3],
    ],
  },
  {
    id: 'mxnet-take',
    op: 'mxnet.take',
    title: 'mx.nd.take: rows by a 2-D index',
    source: 'mxnet.apache.org take example (x = [[1, 2], [3, 4], [5, 6]])',
    args: {
      data: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      indices: [
        [0, 1],
        [1, 2],
      ],
      attrs: {},
    },
    expected: [
      [
        [1, 2],
        [3, 4],
      ],
      [
        [3, 4],
        [5, 6],
      ],
    ],
  },
  {
    id: 'mxnet-pick-0',
    op: 'mxnet.pick',
    title: 'mx.nd.pick along axis 0',
    source: 'mxnet.apache.org pick example (x = [[1, 2], [3, 4], [5, 6]], y = [0, 1])',
    args: {
      data: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      indices: [0, 1],
      attrs: { axis: 0 },
    },
    expected: [1, 4],
  },
  {
    id: 'mxnet-pick-1',
    op: 'mxnet.pick',
    title: 'mx.nd.pick along axis 1',
    source: 'mxnet.apache.org pick example (y = [0, 1, 0])',
    args: {
      data: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      indices: [0, 1, 0],
      attrs: { axis: 1 },
    },
    expected: [1, 4, 5],
  },
  // ---- DirectML DML_GATHER_OPERATOR_DESC examples ----
  {
    id: 'dml-gather-1',
    op: 'directml.GATHER',
    title: 'DirectML example 1: 1-D remapping',
    source: 'DML_GATHER_OPERATOR_DESC, example 1',
    args: {
      data: [11, 12, 13, 14],
      indices: [3, 1, 3, 0, 2],
      attrs: { Axis: 0, IndexDimensions: 1 },
      dataDType: 'float32',
      indexDType: 'uint32',
    },
    expected: [14, 12, 14, 11, 13],
  },
  {
    id: 'dml-gather-2',
    op: 'directml.GATHER',
    title: 'DirectML example 2: concatenate rows',
    source: 'DML_GATHER_OPERATOR_DESC, example 2',
    args: {
      data: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      indices: [[0, 1, 1, 2]],
      attrs: { Axis: 0, IndexDimensions: 1 },
      dataDType: 'float32',
      indexDType: 'uint32',
    },
    expected: [
      [1, 2],
      [3, 4],
      [3, 4],
      [5, 6],
    ],
  },
  {
    id: 'dml-gather-3',
    op: 'directml.GATHER',
    title: 'DirectML example 3: swap columns',
    source: 'DML_GATHER_OPERATOR_DESC, example 3',
    args: {
      data: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      indices: [[1, 0]],
      attrs: { Axis: 1, IndexDimensions: 2 },
      dataDType: 'float32',
      indexDType: 'uint32',
    },
    expected: [
      [2, 1],
      [4, 3],
      [6, 5],
    ],
  },
  {
    id: 'dml-gather-4',
    op: 'directml.GATHER',
    title: 'DirectML example 4: nested indices, axis 2',
    source: 'DML_GATHER_OPERATOR_DESC, example 4',
    args: {
      data: [
        [
          [1, 2, 3],
          [4, 5, 6],
          [7, 8, 9],
        ],
      ],
      indices: [[[0, 2]]],
      attrs: { Axis: 2, IndexDimensions: 2 },
      dataDType: 'float32',
      indexDType: 'uint32',
    },
    expected: [[[1, 3]], [[4, 6]], [[7, 9]]],
  },
  {
    id: 'dml-gather-5',
    op: 'directml.GATHER',
    title: 'DirectML example 5: nested indices, axis 1',
    source: 'DML_GATHER_OPERATOR_DESC, example 5',
    args: {
      data: [
        [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
      ],
      indices: [
        [
          [0, 1],
          [1, 2],
        ],
      ],
      attrs: { Axis: 1, IndexDimensions: 2 },
      dataDType: 'float32',
      indexDType: 'uint32',
    },
    expected: [
      [
        [1, 2],
        [3, 4],
      ],
      [
        [3, 4],
        [5, 6],
      ],
    ],
  },
  // ---- StableHLO batching-dims RFC ----
  {
    id: 'stablehlo-gather-batching',
    op: 'stablehlo.gather',
    title: 'stablehlo.gather with batching dims',
    source: 'StableHLO RFC 20240311 (batching dims), gather example',
    args: {
      data: hloOperand,
      indices: hloIndices,
      dataDType: 'int32',
      indexDType: 'int64',
      attrs: {
        offset_dims: [3, 4],
        collapsed_slice_dims: [1],
        operand_batching_dims: [0],
        start_indices_batching_dims: [1],
        start_index_map: [2, 1],
        index_vector_dim: 3,
        slice_sizes: [1, 1, 2, 2],
        indices_are_sorted: false,
      },
    },
    expected: [
      [
        [
          [
            [1, 2],
            [3, 4],
          ],
          [
            [3, 4],
            [5, 6],
          ],
          [
            [13, 14],
            [15, 16],
          ],
        ],
        [
          [
            [33, 34],
            [35, 36],
          ],
          [
            [35, 36],
            [37, 38],
          ],
          [
            [41, 42],
            [43, 44],
          ],
        ],
      ],
      [
        [
          [
            [1, 2],
            [3, 4],
          ],
          [
            [13, 14],
            [15, 16],
          ],
          [
            [21, 22],
            [23, 24],
          ],
        ],
        [
          [
            [43, 44],
            [45, 46],
          ],
          [
            [33, 34],
            [35, 36],
          ],
          [
            [27, 28],
            [29, 30],
          ],
        ],
      ],
    ],
  },
  {
    id: 'stablehlo-scatter-batching',
    op: 'stablehlo.scatter',
    title: 'stablehlo.scatter (add) with batching dims',
    source: 'StableHLO RFC 20240311 (batching dims), scatter example',
    args: {
      data: hloOperand,
      indices: hloIndices,
      updates: range(2, () => range(2, () => range(3, () => range(2, () => range(2, () => 1))))),
      dataDType: 'int64',
      indexDType: 'int64',
      attrs: {
        update_window_dims: [3, 4],
        inserted_window_dims: [1],
        input_batching_dims: [0],
        scatter_indices_batching_dims: [1],
        scatter_dims_to_operand_dims: [2, 1],
        index_vector_dim: 3,
        indices_are_sorted: false,
        unique_indices: false,
        update_computation: 'add',
      },
    },
    expected: [
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
    ],
  },
  // ---- jax.lax.gather doc ----
  {
    id: 'jax-lax-gather',
    op: 'jax.lax.gather',
    title: 'jax.lax.gather: x[indices] as a raw gather',
    source: 'jax.lax.gather documentation example',
    args: {
      data: [10, 11, 12],
      indices: [[0], [1], [1], [2], [2], [2]],
      attrs: {
        dimension_numbers: { offset_dims: [], collapsed_slice_dims: [0], start_index_map: [0] },
        slice_sizes: [1],
        indices_are_sorted: true,
        mode: 'promise_in_bounds',
      },
    },
    expected: [10, 11, 11, 12, 12, 12],
  },
  {
    id: 'jax-lax-gather-hlo',
    op: 'stablehlo.gather',
    title: 'jax.lax.gather example as StableHLO',
    source: 'jax.lax.gather documentation example, written as stablehlo.gather',
    args: {
      data: [10, 11, 12],
      indices: [[0], [1], [1], [2], [2], [2]],
      attrs: {
        offset_dims: [],
        collapsed_slice_dims: [0],
        start_index_map: [0],
        index_vector_dim: 1,
        slice_sizes: [1],
        indices_are_sorted: true,
        mode: 'promise_in_bounds',
      },
    },
    expected: [10, 11, 11, 12, 12, 12],
  },
];
