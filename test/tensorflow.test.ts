/**
 * TensorFlow frontend: (1) the numeric examples of the TF API docs (tf.gather, tf.gather_nd,
 * tf.scatter_nd, tf.tensor_scatter_nd_update, tf.raw_ops.TensorScatterAdd/Sub) verbatim — string
 * examples run on integer labels and are decoded back to the doc's strings; (2) the comparison
 * article's GatherND examples 1 and 2, its Gather axis-0 example and the TF cells of Tables 1 and
 * 2; (3) one named negative test per rule; (4) a property test against a naive loop.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DTypeError, IndexOutOfBoundsError, InvalidArgumentError } from '../src/errors.js';
import { tensorflow as tf } from '../src/frameworks/tensorflow.js';
import { stablehloText } from '../src/core/call.js';
import { type Tensor, tensor, zeros } from '../src/tensor/tensor.js';
import { codeOf } from './helpers/errors.js';

const LABELS = [
  'a',
  'b',
  'c',
  'd',
  'a0',
  'b0',
  'c0',
  'd0',
  'a1',
  'b1',
  'c1',
  'd1',
  'p0',
  'p1',
  'p2',
  'p3',
  'p4',
  'p5',
];
type Nested = string | Nested[];
const enc = (x: Nested): unknown => (Array.isArray(x) ? x.map(enc) : LABELS.indexOf(x));
const dec = (x: unknown): Nested => (Array.isArray(x) ? x.map(dec) : LABELS[x as number]);
const S = (x: Nested) => tensor(enc(x) as number[], 'int32');
const I = (x: unknown) => tensor(x as number[], 'int32');

describe('tf.gather — API doc examples', () => {
  const params = S(['p0', 'p1', 'p2', 'p3', 'p4', 'p5']);
  it('scalar index', () => {
    expect(dec(tf.gather(params, I(3)).toArray())).toBe('p3');
  });
  it('vector of indices', () => {
    expect(dec(tf.gather(params, I([2, 0, 2, 5])).toArray())).toEqual(['p2', 'p0', 'p2', 'p5']);
  });
  it('indices of any shape', () => {
    expect(
      dec(
        tf
          .gather(
            params,
            I([
              [2, 0],
              [2, 5],
            ]),
          )
          .toArray(),
      ),
    ).toEqual([
      ['p2', 'p0'],
      ['p2', 'p5'],
    ]);
  });
  const m = tensor(
    [
      [0, 1.0, 2.0],
      [10.0, 11.0, 12.0],
      [20.0, 21.0, 22.0],
      [30.0, 31.0, 32.0],
    ],
    'float32',
  );
  it('rows, then columns', () => {
    expect(tf.gather(m, I([3, 1])).toArray()).toEqual([
      [30, 31, 32],
      [10, 11, 12],
    ]);
    expect(tf.gather(m, I([2, 1]), { axis: 1 }).toArray()).toEqual([
      [2, 1],
      [12, 11],
      [22, 21],
      [32, 31],
    ]);
  });
  it('result_shape examples', () => {
    const p = zeros([1, 2, 3], 'float32');
    expect(tf.gather(p, I(0), { axis: 1 }).shape).toEqual([1, 3]);
    expect(tf.gather(p, zeros([7], 'int32'), { axis: 1 }).shape).toEqual([1, 7, 3]);
    expect(tf.gather(p, zeros([7, 5], 'int32'), { axis: 1 }).shape).toEqual([1, 7, 5, 3]);
    expect(tf.gather(m, I([[0, 2]]), { axis: 0 }).shape).toEqual([1, 2, 3]);
    expect(tf.gather(m, I([[0, 2]]), { axis: 1 }).shape).toEqual([4, 1, 2]);
  });
  it('(5, 6, 7, 8) params, (10, 11) indices, axis 2 → [5, 6, 10, 11, 8], result[:, :, a, b, :] == params[:, :, indices[a, b], :]', () => {
    const p = tensor(
      Float32Array.from({ length: 5 * 6 * 7 * 8 }, (_, i) => i),
      'float32',
      [5, 6, 7, 8],
    );
    const idx = tensor(
      Int32Array.from({ length: 110 }, (_, i) => (i * 5) % 7),
      'int32',
      [10, 11],
    );
    const r = tf.gather(p, idx, { axis: 2 });
    expect(r.shape).toEqual([5, 6, 10, 11, 8]);
    const a = 0;
    const b = 1;
    const k = (idx.toArray() as number[][])[a][b];
    const res = r.toArray() as number[][][][][];
    const par = p.toArray() as number[][][][];
    for (let i = 0; i < 5; i++) for (let j = 0; j < 6; j++) expect(res[i][j][a][b]).toEqual(par[i][j][k]);
  });
  const bp = I([
    [0, 0, 1, 0, 2],
    [3, 0, 0, 0, 4],
    [0, 5, 0, 6, 0],
  ]);
  const bi = I([
    [2, 4],
    [0, 4],
    [1, 3],
  ]);
  it('batch_dims=1', () => {
    const r = tf.gather(bp, bi, { axis: 1, batch_dims: 1 });
    expect(r.toArray()).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(r.shape).toEqual([3, 2]);
  });
  it('batch_dims=-1 (the argsort / top_k idiom) gathers the last axis per row', () => {
    expect(tf.gather(bp, bi, { batch_dims: -1 }).toArray()).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });
  it('axis defaults to batch_dims (the first non-batch dim)', () => {
    const p = tensor(
      Int32Array.from({ length: 24 }, (_, i) => i),
      'int32',
      [2, 3, 4],
    );
    const r = tf.gather(p, I([[2], [0]]), { batch_dims: 1 });
    expect(r.shape).toEqual([2, 1, 4]);
    expect(r.toArray()).toEqual([[[8, 9, 10, 11]], [[12, 13, 14, 15]]]);
  });
});

describe('tf.gather_nd — API doc examples', () => {
  const m = S([
    ['a', 'b'],
    ['c', 'd'],
  ]);
  const t3 = S([
    [
      ['a0', 'b0'],
      ['c0', 'd0'],
    ],
    [
      ['a1', 'b1'],
      ['c1', 'd1'],
    ],
  ]);
  const g = (p: Tensor, idx: unknown, batch_dims = 0) =>
    dec(tf.gather_nd(p, I(idx), { batch_dims }).toArray());
  it('simple indexing into a matrix', () =>
    expect(
      g(m, [
        [0, 0],
        [1, 1],
      ]),
    ).toEqual(['a', 'd']));
  it('slice indexing into a matrix', () =>
    expect(g(m, [[1], [0]])).toEqual([
      ['c', 'd'],
      ['a', 'b'],
    ]));
  it('indexing into a 3-tensor', () => {
    expect(g(t3, [[1]])).toEqual([
      [
        ['a1', 'b1'],
        ['c1', 'd1'],
      ],
    ]);
    expect(
      g(t3, [
        [0, 1],
        [1, 0],
      ]),
    ).toEqual([
      ['c0', 'd0'],
      ['a1', 'b1'],
    ]);
    expect(
      g(t3, [
        [0, 0, 1],
        [1, 0, 1],
      ]),
    ).toEqual(['b0', 'b1']);
  });
  it('batched indexing into a matrix', () => expect(g(m, [[[0, 0]], [[0, 1]]])).toEqual([['a'], ['b']]));
  it('batched slice indexing into a matrix', () =>
    expect(g(m, [[[1]], [[0]]])).toEqual([[['c', 'd']], [['a', 'b']]]));
  it('batched indexing into a 3-tensor', () => {
    expect(g(t3, [[[1]], [[0]]])).toEqual([
      [
        [
          ['a1', 'b1'],
          ['c1', 'd1'],
        ],
      ],
      [
        [
          ['a0', 'b0'],
          ['c0', 'd0'],
        ],
      ],
    ]);
    expect(
      g(t3, [
        [
          [0, 1],
          [1, 0],
        ],
        [
          [0, 0],
          [1, 1],
        ],
      ]),
    ).toEqual([
      [
        ['c0', 'd0'],
        ['a1', 'b1'],
      ],
      [
        ['a0', 'b0'],
        ['c1', 'd1'],
      ],
    ]);
    expect(
      g(t3, [
        [
          [0, 0, 1],
          [1, 0, 1],
        ],
        [
          [0, 1, 1],
          [1, 1, 0],
        ],
      ]),
    ).toEqual([
      ['b0', 'b1'],
      ['d0', 'c1'],
    ]);
  });
  it('batched params and indices (batch_dims = 1)', () => {
    expect(g(t3, [[1], [0]], 1)).toEqual([
      ['c0', 'd0'],
      ['a1', 'b1'],
    ]);
    expect(g(t3, [[[1]], [[0]]], 1)).toEqual([[['c0', 'd0']], [['a1', 'b1']]]);
    expect(g(t3, [[[1, 0]], [[0, 1]]], 1)).toEqual([['c0'], ['b1']]);
  });
});

describe('tf.scatter_nd — API doc examples', () => {
  it('4 scattered elements in a rank-1 tensor', () => {
    expect(tf.scatter_nd(I([[4], [3], [1], [7]]), I([9, 10, 11, 12]), [8]).toArray()).toEqual([
      0, 11, 0, 10, 9, 0, 0, 12,
    ]);
  });
  it('two slices of a rank-3 tensor', () => {
    const u = [
      [5, 5, 5, 5],
      [6, 6, 6, 6],
      [7, 7, 7, 7],
      [8, 8, 8, 8],
    ];
    const z = [0, 0, 0, 0].map(() => [0, 0, 0, 0]);
    expect(tf.scatter_nd(I([[0], [2]]), I([u, u]), [4, 4, 4]).toArray()).toEqual([u, z, u, z]);
  });
  it('duplicates are summed (the doc: "accumulated (summed)")', () => {
    expect(tf.scatter_nd(I([[1], [1], [1]]), I([1, 2, 4]), [3]).toArray()).toEqual([0, 7, 0]);
  });
});

describe('tf.tensor_scatter_nd_* — API doc examples', () => {
  it('update: scalar updates into rank 1', () => {
    expect(
      tf
        .tensor_scatter_nd_update(I([0, 0, 0, 0, 0, 0, 0, 0]), I([[1], [3], [4], [7]]), I([9, 10, 11, 12]))
        .toArray(),
    ).toEqual([0, 9, 0, 10, 11, 0, 0, 12]);
  });
  it('update: scalar updates into rank 2', () => {
    expect(
      tf
        .tensor_scatter_nd_update(
          I([
            [1, 1],
            [1, 1],
            [1, 1],
          ]),
          I([
            [0, 1],
            [2, 0],
          ]),
          I([5, 10]),
        )
        .toArray(),
    ).toEqual([
      [1, 5],
      [1, 1],
      [10, 1],
    ]);
  });
  it('update: rows of a (6, 3) tensor', () => {
    const r = tf.tensor_scatter_nd_update(
      zeros([6, 3], 'int32'),
      I([[2], [4]]),
      I([
        [1, 2, 3],
        [4, 5, 6],
      ]),
    );
    expect(r.toArray()).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [1, 2, 3],
      [0, 0, 0],
      [4, 5, 6],
      [0, 0, 0],
    ]);
  });
  it('update: video clips and frames (shapes and counts)', () => {
    const [batch, time, width, height, channels] = [13, 11, 7, 5, 3];
    const video = zeros([batch, time, width, height, channels], 'float32');
    const clips = tensor(new Float32Array(2 * time * width * height * channels).fill(1), 'float32', [
      2,
      time,
      width,
      height,
      channels,
    ]);
    const r1 = tf.tensor_scatter_nd_update(video, I([[0], [1]]), clips);
    expect(r1.shape).toEqual([13, 11, 7, 5, 3]);
    expect((r1.data as Float32Array).reduce((s, v) => s + v, 0)).toBe(2 * time * width * height * channels);
    const images = tensor(new Float32Array(3 * width * height * channels).fill(1), 'float32', [
      3,
      width,
      height,
      channels,
    ]);
    const r2 = tf.tensor_scatter_nd_update(
      video,
      I([
        [0, 0],
        [1, 0],
        [2, 0],
      ]),
      images,
    );
    expect((r2.data as Float32Array).reduce((s, v) => s + v, 0)).toBe(3 * width * height * channels);
  });
  it('update: folded indices draw an X on a (5, 5) matrix', () => {
    const idx = I([
      [
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 4],
      ],
      [
        [0, 4],
        [1, 3],
        [2, 2],
        [3, 1],
        [4, 0],
      ],
    ]);
    expect(idx.shape).toEqual([2, 5, 2]);
    const r = tf.tensor_scatter_nd_update(
      zeros([5, 5], 'float32'),
      idx,
      tensor(
        [
          [1, 1, 1, 1, 1],
          [1, 1, 1, 1, 1],
        ],
        'float32',
      ),
    );
    expect(r.toArray()).toEqual([
      [1, 0, 0, 0, 1],
      [0, 1, 0, 1, 0],
      [0, 0, 1, 0, 0],
      [0, 1, 0, 1, 0],
      [1, 0, 0, 0, 1],
    ]);
  });
  const ones8 = I([1, 1, 1, 1, 1, 1, 1, 1]);
  const u = [
    [5, 5, 5, 5],
    [6, 6, 6, 6],
    [7, 7, 7, 7],
    [8, 8, 8, 8],
  ];
  const ones444 = tensor(new Int32Array(64).fill(1), 'int32', [4, 4, 4]);
  const o = [1, 1, 1, 1].map(() => [1, 1, 1, 1]);
  it('add (TensorScatterAdd doc)', () => {
    expect(tf.tensor_scatter_nd_add(ones8, I([[4], [3], [1], [7]]), I([9, 10, 11, 12])).toArray()).toEqual([
      1, 12, 1, 11, 10, 1, 1, 13,
    ]);
    const plus = u.map((row) => row.map((v) => v + 1));
    expect(tf.tensor_scatter_nd_add(ones444, I([[0], [2]]), I([u, u])).toArray()).toEqual([plus, o, plus, o]);
  });
  it('sub (TensorScatterSub doc)', () => {
    expect(tf.tensor_scatter_nd_sub(ones8, I([[4], [3], [1], [7]]), I([9, 10, 11, 12])).toArray()).toEqual([
      1, -10, 1, -9, -8, 1, 1, -11,
    ]);
    const minus = u.map((row) => row.map((v) => 1 - v));
    expect(tf.tensor_scatter_nd_sub(ones444, I([[0], [2]]), I([u, u])).toArray()).toEqual([
      minus,
      o,
      minus,
      o,
    ]);
  });
  it('min / max combine with the tensor and with duplicates', () => {
    const t = I([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(tf.tensor_scatter_nd_min(t, I([[1], [4], [5], [4]]), I([1, -1, 1, -3])).toArray()).toEqual([
      0, 0, 0, 0, -3, 0, 0, 0,
    ]);
    expect(tf.tensor_scatter_nd_max(t, I([[1], [4], [5], [1]]), I([1, -1, 1, 3])).toArray()).toEqual([
      0, 3, 0, 0, 0, 1, 0, 0,
    ]);
  });
  it('update with duplicates: the last update wins (CPU; "we pick the last update")', () => {
    expect(tf.tensor_scatter_nd_update(I([0, 0, 0]), I([[1], [1], [1]]), I([7, 8, 9])).toArray()).toEqual([
      0, 9, 0,
    ]);
  });
});

describe('the comparison article (TF cells)', () => {
  it('GatherND example 1: data 3D, indices [[[0,0]],[[1,0]]] → [[[1,2]],[[5,6]]]', () => {
    const data = I([
      [
        [1, 2],
        [3, 4],
      ],
      [
        [5, 6],
        [7, 8],
      ],
    ]);
    expect(tf.gather_nd(data, I([[[0, 0]], [[1, 0]]])).toArray()).toEqual([[[1, 2]], [[5, 6]]]);
  });
  // Example 2 is ONNX's (negative index -2 wraps to 0 → [1, 4]). TF forbids negative indices.
  const data2 = I([
    [1, 2],
    [3, 4],
  ]);
  const idx2 = I([
    [-2, 0],
    [1, 1],
  ]);
  it('GatherND example 2 on TF CPU: the negative index is an error naming it', () => {
    expect(() => tf.gather_nd(data2, idx2)).toThrow(
      'indices[0] = [-2, 0] does not index into param shape [2,2]',
    );
    expect(codeOf(() => tf.gather_nd(data2, idx2))).toBe('tensorflow.gather_nd.index_out_of_bounds');
  });
  it('GatherND example 2 on GPU stores 0 for the bad slice; under XLA it clamps -2 to 0 (= ONNX [1, 4])', () => {
    expect(tf.gather_nd(data2, idx2, {}, { device: 'gpu' }).toArray()).toEqual([0, 4]);
    expect(tf.gather_nd(data2, idx2, {}, { device: 'xla' }).toArray()).toEqual([1, 4]);
  });
  it('Gather axis-0 example (reconstructed: only input[0,:] = [20, 30] and index[0,0] = 0 survive)', () => {
    const input = I([
      [20, 30],
      [40, 50],
      [60, 70],
    ]);
    const r = tf.gather(
      input,
      I([
        [0, 1],
        [1, 2],
      ]),
    );
    expect(r.shape).toEqual([2, 2, 2]); // o = r + q - 1 = 3, "a 2x2 collection of rows of size 2"
    expect((r.toArray() as number[][][])[0][0]).toEqual([20, 30]);
  });
  describe('Table 1 (GatherND / ScatterND, TF column)', () => {
    it('GatherND: negative indices not supported', () => {
      expect(codeOf(() => tf.gather_nd(data2, I([[0, -1]])))).toBe(
        'tensorflow.gather_nd.index_out_of_bounds',
      );
    });
    it('GatherND: duplicate indices allowed', () => {
      expect(
        tf
          .gather_nd(
            data2,
            I([
              [1, 1],
              [1, 1],
            ]),
          )
          .toArray(),
      ).toEqual([4, 4]);
    });
    it('GatherND: out of bounds is Error (CPU) / Zero (GPU)', () => {
      expect(codeOf(() => tf.gather_nd(data2, I([[0, 2]])))).toBe('tensorflow.gather_nd.index_out_of_bounds');
      expect(
        tf
          .gather_nd(
            data2,
            I([
              [0, 2],
              [1, 0],
            ]),
            {},
            { device: 'gpu' },
          )
          .toArray(),
      ).toEqual([0, 3]);
    });
    it('ScatterND: negative indices not supported', () => {
      expect(codeOf(() => tf.scatter_nd(I([[-1]]), I([5]), [3]))).toBe(
        'tensorflow.scatter_nd.index_out_of_bounds',
      );
    });
    it('ScatterND: duplicates accumulate; uncovered locations are zero', () => {
      expect(tf.scatter_nd(I([[0], [0]]), I([5, 6]), [3]).toArray()).toEqual([11, 0, 0]);
    });
    it('ScatterND: out of bounds leaves zero (GPU ignores the update; CPU raises)', () => {
      expect(tf.scatter_nd(I([[5], [1]]), I([5, 6]), [3], { device: 'gpu' }).toArray()).toEqual([0, 6, 0]);
      expect(() => tf.scatter_nd(I([[5], [1]]), I([5, 6]), [3])).toThrow(
        'indices[0] = [5] does not index into shape [3]',
      );
    });
  });
  describe('Table 2 (Gather, TF column)', () => {
    const p = I([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    it('axis unspecified defaults to the first non-batch dimension', () => {
      expect(tf.gather(p, I([1])).toArray()).toEqual([[4, 5, 6]]);
    });
    it('negative axis supported', () => {
      expect(tf.gather(p, I([2, 0]), { axis: -1 }).toArray()).toEqual([
        [3, 1],
        [6, 4],
      ]);
    });
    it('negative indices not supported', () => {
      expect(() => tf.gather(p, I([-1]))).toThrow('indices[0] = -1 is not in [0, 2)');
    });
    it('out of bounds: error on CPU, zero on GPU', () => {
      expect(() => tf.gather(tensor([1, 2, 3], 'float32'), I([0, 5]))).toThrow(
        'indices[1] = 5 is not in [0, 3)',
      );
      expect(tf.gather(p, I([1, 7]), {}, { device: 'gpu' }).toArray()).toEqual([
        [4, 5, 6],
        [0, 0, 0],
      ]);
    });
  });
});

describe('device and bad_indices_policy table', () => {
  const p = tensor([10, 20, 30], 'float32');
  it('gather: cpu error, gpu zero, xla clamp; negatives are out of bounds everywhere', () => {
    expect(() => tf.gather(p, I([3]))).toThrow(IndexOutOfBoundsError);
    expect(tf.gather(p, I([3, -1, 1]), {}, { device: 'gpu' }).toArray()).toEqual([0, 0, 20]);
    expect(tf.gather(p, I([3, -1, 1]), {}, { device: 'xla' }).toArray()).toEqual([30, 10, 20]);
  });
  it('scatter: gpu ignores, xla drops, cpu errors', () => {
    const t = tensor([1, 1, 1], 'float32');
    expect(
      tf.tensor_scatter_nd_update(t, I([[3], [0]]), tensor([9, 8], 'float32'), { device: 'gpu' }).toArray(),
    ).toEqual([8, 1, 1]);
    expect(
      tf.tensor_scatter_nd_add(t, I([[-1], [2]]), tensor([9, 8], 'float32'), { device: 'xla' }).toArray(),
    ).toEqual([1, 1, 9]);
  });
  it('bad_indices_policy overrides the device', () => {
    expect(tf.gather_nd(p, I([[4]]), {}, { bad_indices_policy: 'IGNORE' }).toArray()).toEqual([0]);
    expect(codeOf(() => tf.gather_nd(p, I([[4]]), {}, { device: 'gpu', bad_indices_policy: 'ERROR' }))).toBe(
      'tensorflow.gather_nd.index_out_of_bounds',
    );
    expect(tf.gather_nd(p, I([[4]]), {}, { device: 'xla', bad_indices_policy: 'DEFAULT' }).toArray()).toEqual(
      [30],
    );
  });
  it('xla has no run-time error: ERROR there clamps gathers and drops scatter updates (tf2xla GatherNdOp implements IGNORE only)', () => {
    const xla = (bad_indices_policy: 'ERROR' | 'IGNORE') => ({ device: 'xla', bad_indices_policy }) as const;
    expect(tf.gather_nd(p, I([[4], [1]]), {}, xla('ERROR')).toArray()).toEqual([30, 20]);
    expect(tf.gather_nd(p, I([[4], [1]]), {}, xla('IGNORE')).toArray()).toEqual([0, 20]);
    expect(tf.gather(p, I([4, 1]), {}, xla('ERROR')).toArray()).toEqual([30, 20]);
    const t = tensor([1, 1, 1], 'float32');
    const u = tensor([9, 8], 'float32');
    expect(tf.tensor_scatter_nd_update(t, I([[3], [0]]), u, xla('ERROR')).toArray()).toEqual([8, 1, 1]);
    expect(tf.scatter_nd(I([[3], [0]]), u, [3], xla('ERROR')).toArray()).toEqual([8, 0, 0]);
    // Off xla, ERROR raises on every device.
    expect(codeOf(() => tf.gather(p, I([4]), {}, { device: 'gpu', bad_indices_policy: 'ERROR' }))).toBe(
      'tensorflow.gather.index_out_of_bounds',
    );
  });
  it('int64 indices work and the error keeps the exact value', () => {
    expect(tf.gather(p, tensor([2n, 0n], 'int64')).toArray()).toEqual([30, 10]);
    expect(() => tf.gather(p, tensor([2n ** 40n], 'int64'))).toThrow(
      'indices[0] = 1099511627776 is not in [0, 3)',
    );
  });
  it('lowering prints as StableHLO with the policy', () => {
    const text = stablehloText(
      tf.lower.gather(I([[1, 2]]), I([[0]]), { axis: 1, batch_dims: 1 }, { device: 'gpu' }),
    );
    expect(text).toContain('operand_batching_dims = [0]');
    // TF's GPU zeros for out-of-range indices are written out as spec ops (an in-bounds mask
    // from two compares, then a select of the fill value 0), never as a comment
    expect(text).not.toContain('mode = fill');
    expect(text).toContain('comparison_direction GE');
    expect(text).toContain('comparison_direction LE');
    expect(text).toMatch(/"stablehlo.select"\(%9, %1, %11\)/);
  });
});

describe('negative tests: one per rule', () => {
  const p = I([
    [1, 2],
    [3, 4],
  ]);
  const cases: [string, () => unknown, new (...a: any[]) => Error][] = [
    ['tensorflow.gather.indices_dtype', () => tf.gather(p, tensor([0], 'uint8')), DTypeError],
    ['tensorflow.gather.axis', () => tf.gather(p, I([0]), { axis: 2 }), InvalidArgumentError],
    [
      'tensorflow.gather.batch_dims',
      () => tf.gather(p, I([[0]]), { axis: 1, batch_dims: 3 }),
      InvalidArgumentError,
    ],
    // GatherV2 checks axis (here batch_dims' default) before batch_dims.
    ['tensorflow.gather.axis', () => tf.gather(p, I([[0]]), { batch_dims: 3 }), InvalidArgumentError],
    ['tensorflow.gather.params_rank', () => tf.gather(tensor(5, 'float32'), I([0])), InvalidArgumentError],
    [
      'tensorflow.gather.batch_dims',
      () => tf.gather(p, I([[0], [1]]), { axis: 0, batch_dims: 1 }),
      InvalidArgumentError,
    ],
    [
      'tensorflow.gather.batch_shape',
      () => tf.gather(p, I([[0], [1], [0]]), { axis: 1, batch_dims: 1 }),
      InvalidArgumentError,
    ],
    ['tensorflow.gather.index_out_of_bounds', () => tf.gather(p, I([2])), IndexOutOfBoundsError],
    [
      'tensorflow.gather.device',
      () => tf.gather(p, I([0]), {}, { device: 'tpu' as 'xla' }),
      InvalidArgumentError,
    ],
    ['tensorflow.gather_nd.indices_dtype', () => tf.gather_nd(p, tensor([[0]], 'float32')), DTypeError],
    ['tensorflow.gather_nd.indices_rank', () => tf.gather_nd(p, I(0)), InvalidArgumentError],
    [
      'tensorflow.gather_nd.batch_dims',
      () => tf.gather_nd(p, I([[0]]), { batch_dims: -1 }),
      InvalidArgumentError,
    ],
    [
      'tensorflow.gather_nd.batch_shape',
      () => tf.gather_nd(p, I([[0], [0], [0]]), { batch_dims: 1 }),
      InvalidArgumentError,
    ],
    ['tensorflow.gather_nd.index_depth', () => tf.gather_nd(p, I([[0, 0, 0]])), InvalidArgumentError],
    ['tensorflow.gather_nd.index_out_of_bounds', () => tf.gather_nd(p, I([[0, 2]])), IndexOutOfBoundsError],
    [
      'tensorflow.gather_nd.bad_indices_policy',
      () => tf.gather_nd(p, I([[0]]), {}, { bad_indices_policy: 'SKIP' as 'IGNORE' }),
      InvalidArgumentError,
    ],
    [
      'tensorflow.scatter_nd.indices_dtype',
      () => tf.scatter_nd(tensor([[0]], 'uint8'), I([1]), [2]),
      DTypeError,
    ],
    ['tensorflow.scatter_nd.indices_rank', () => tf.scatter_nd(I(0), I(1), [2]), InvalidArgumentError],
    ['tensorflow.scatter_nd.shape', () => tf.scatter_nd(I([[0]]), I([1]), [-2]), InvalidArgumentError],
    [
      'tensorflow.scatter_nd.index_depth',
      () => tf.scatter_nd(I([[0, 0]]), I([1]), [2]),
      InvalidArgumentError,
    ],
    [
      'tensorflow.scatter_nd.updates_shape',
      () => tf.scatter_nd(I([[0]]), I([1, 2]), [2]),
      InvalidArgumentError,
    ],
    [
      // ScatterNd kernel's ValidEmptyOutputShape: indices with elements, updates without.
      'tensorflow.scatter_nd.empty_output',
      () => tf.scatter_nd(I([[0], [1]]), tensor([], 'int32', [2, 0]), [3, 0]),
      InvalidArgumentError,
    ],
    [
      'tensorflow.tensor_scatter_nd_update.empty_output',
      () => tf.tensor_scatter_nd_update(tensor([], 'int32', [3, 0]), I([[0]]), tensor([], 'int32', [1, 0])),
      InvalidArgumentError,
    ],
    [
      'tensorflow.tensor_scatter_nd_add.empty_output',
      () => tf.tensor_scatter_nd_add(I([1, 2, 3]), tensor([], 'int32', [1, 0]), I([[1, 2, 3]])),
      InvalidArgumentError,
    ],
    [
      'tensorflow.tensor_scatter_nd_sub.empty_output',
      () => tf.tensor_scatter_nd_sub(I([1, 2, 3]), tensor([], 'int32', [1, 0]), I([[1, 2, 3]])),
      InvalidArgumentError,
    ],
    [
      'tensorflow.tensor_scatter_nd_min.empty_output',
      () => tf.tensor_scatter_nd_min(I([1, 2, 3]), tensor([], 'int32', [1, 0]), I([[1, 2, 3]])),
      InvalidArgumentError,
    ],
    [
      'tensorflow.tensor_scatter_nd_max.empty_output',
      () => tf.tensor_scatter_nd_max(I([1, 2, 3]), tensor([], 'int32', [1, 0]), I([[1, 2, 3]])),
      InvalidArgumentError,
    ],
    [
      // DoGatherNd: an index vector into params without elements, even one in bounds ([0] of [3, 0]).
      'tensorflow.gather_nd.empty_params',
      () => tf.gather_nd(tensor([], 'int32', [3, 0]), I([[0]])),
      InvalidArgumentError,
    ],
    [
      // tf2xla's GatherNdOp: params must be at least a vector (a depth-0 index into a scalar).
      'tensorflow.gather_nd.params_rank',
      () => tf.gather_nd(tensor(5, 'int32'), tensor([], 'int32', [2, 0]), {}, { device: 'xla' }),
      InvalidArgumentError,
    ],
    [
      // tf2xla's ScatterNdOp: the output is at least 1-D.
      'tensorflow.scatter_nd.output_rank',
      () => tf.scatter_nd(tensor([], 'int32', [1, 0]), I([5]), [], { device: 'xla' }),
      InvalidArgumentError,
    ],
    [
      'tensorflow.scatter_nd.index_out_of_bounds',
      () => tf.scatter_nd(I([[2]]), I([1]), [2]),
      IndexOutOfBoundsError,
    ],
    [
      'tensorflow.tensor_scatter_nd_update.indices_rank',
      () => tf.tensor_scatter_nd_update(I([0, 0]), I([1]), I(5)),
      InvalidArgumentError,
    ],
    [
      'tensorflow.tensor_scatter_nd_update.updates_dtype',
      () => tf.tensor_scatter_nd_update(I([0, 0]), I([[1]]), tensor([5], 'float32')),
      DTypeError,
    ],
    [
      'tensorflow.tensor_scatter_nd_update.updates_shape',
      () => tf.tensor_scatter_nd_update(I([0, 0]), I([[1]]), I([5, 6])),
      InvalidArgumentError,
    ],
    [
      'tensorflow.tensor_scatter_nd_update.index_out_of_bounds',
      () => tf.tensor_scatter_nd_update(I([0, 0]), I([[2]]), I([5])),
      IndexOutOfBoundsError,
    ],
    [
      'tensorflow.tensor_scatter_nd_add.tensor_dtype',
      () => tf.tensor_scatter_nd_add(tensor([true], 'bool'), I([[0]]), tensor([true], 'bool')),
      DTypeError,
    ],
    [
      'tensorflow.tensor_scatter_nd_sub.index_depth',
      () => tf.tensor_scatter_nd_sub(I([0, 0]), I([[0, 0]]), I([1])),
      InvalidArgumentError,
    ],
    [
      'tensorflow.tensor_scatter_nd_min.indices_dtype',
      () => tf.tensor_scatter_nd_min(I([0, 0]), tensor([[0]], 'int8'), I([1])),
      DTypeError,
    ],
    [
      'tensorflow.tensor_scatter_nd_max.index_out_of_bounds',
      () => tf.tensor_scatter_nd_max(I([0, 0]), I([[-1]]), I([1])),
      IndexOutOfBoundsError,
    ],
  ];
  for (const [code, f, cls] of cases) {
    it(`${code} (${cls.name})`, () => {
      expect(f).toThrow(cls);
      expect(codeOf(f)).toBe(code);
    });
  }
});

describe("TF's kernels on empty tensors and bool scatter_nd (scatter_nd_op.cc, gather_nd_op.cc)", () => {
  const E = (shape: number[]) => tensor([], 'float32', shape);
  it('ScatterNd registers bool: duplicates are summed as a logical OR (scatter_nd_ops_test testBool)', () => {
    const i = I([[4], [3], [1], [7]]);
    const u = tensor([false, true, false, true], 'bool');
    expect(tf.scatter_nd(i, u, [8]).toArray()).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      true,
    ]);
    expect(tf.scatter_nd(I([[1], [1], [1]]), tensor([true, false, true], 'bool'), [3]).toArray()).toEqual([
      false,
      true,
      false,
    ]);
    // TensorScatterAdd has no bool kernel (number types only); TensorScatterUpdate has one.
    expect(
      codeOf(() => tf.tensor_scatter_nd_add(tensor([false], 'bool'), I([[0]]), tensor([true], 'bool'))),
    ).toBe('tensorflow.tensor_scatter_nd_add.tensor_dtype');
    expect(
      tf.tensor_scatter_nd_update(tensor([false], 'bool'), I([[0]]), tensor([true], 'bool')).toArray(),
    ).toEqual([true]);
  });
  it('ValidEmptyOutputShape: nothing to scatter is fine whatever the output; otherwise all three need elements', () => {
    expect(tf.scatter_nd(tensor([], 'int32', [0, 1]), E([0]), [3]).toArray()).toEqual([0, 0, 0]);
    expect(tf.scatter_nd(tensor([], 'int32', [0, 1]), E([0, 0]), [3, 0]).shape).toEqual([3, 0]);
    expect(tf.tensor_scatter_nd_update(E([3, 0]), tensor([], 'int32', [0, 1]), E([0, 0])).shape).toEqual([
      3, 0,
    ]);
    // A depth-0 index with updates: refused (TF.js adds nothing, see tfjs-departures).
    const depth0 = () =>
      tf.scatter_nd(
        tensor([], 'int32', [2, 0]),
        tensor(
          [
            [1, 2, 3],
            [10, 20, 30],
          ],
          'float32',
        ),
        [3],
      );
    expect(depth0).toThrow('tensorflow.scatter_nd: Indices and updates specified for empty output shape');
    // ScatterNd counts its shape argument's elements (the output's rank) first, then DoScatterNd
    // counts the output's: an index into a [0] output is refused by the second, on every device,
    // before any bound is checked (TF's scatter_nd_ops_test testEmptyOutputShape1/2).
    for (const device of ['cpu', 'gpu'] as const)
      expect(() => tf.scatter_nd(I([[5]]), tensor([1], 'float32'), [0], { device })).toThrow(
        'tensorflow.scatter_nd: Indices and updates specified for empty output.  indices shape: [1,1]',
      );
    expect(codeOf(() => tf.scatter_nd(I([[0, 0]]), tensor([1], 'float32'), [0, 3], { device: 'gpu' }))).toBe(
      'tensorflow.scatter_nd.empty_output',
    );
    // DoScatterNd also wants an output of rank ≥ 1: nothing to scatter into a scalar is refused.
    expect(codeOf(() => tf.scatter_nd(tensor([], 'int32', [0, 0]), tensor([], 'float32', [0]), []))).toBe(
      'tensorflow.scatter_nd.output_rank',
    );
    // TensorScatter* counts the tensor's elements: the same call is refused here.
    expect(codeOf(() => tf.tensor_scatter_nd_update(E([0]), I([[5]]), tensor([1], 'float32')))).toBe(
      'tensorflow.tensor_scatter_nd_update.empty_output',
    );
    // After the rank checks: a rank-1 tensor_scatter index is indices_rank first.
    expect(codeOf(() => tf.tensor_scatter_nd_update(E([0]), I([5]), tensor(1, 'float32')))).toBe(
      'tensorflow.tensor_scatter_nd_update.indices_rank',
    );
    // GPU runs the same op class; XLA's lowering is another program (left as it was).
    expect(
      codeOf(() => tf.scatter_nd(tensor([], 'int32', [2, 0]), I([[1], [2]]), [1], { device: 'gpu' })),
    ).toBe('tensorflow.scatter_nd.empty_output');
  });
  it('DoGatherNd: empty params take no index vector, in bounds or not; no index vector is fine', () => {
    const msg =
      'tensorflow.gather_nd: Requested more than 0 entries, but params is empty.  Params shape: [0,3]';
    expect(() => tf.gather_nd(E([0, 3]), I([[0, 0]]))).toThrow(msg);
    expect(() => tf.gather_nd(E([0, 3]), I([[0, 0]]), {}, { device: 'gpu' })).toThrow(msg);
    expect(tf.gather_nd(E([0, 3]), tensor([], 'int32', [0, 2])).shape).toEqual([0]);
    expect(tf.gather_nd(E([2, 0]), tensor([], 'int32', [0, 1])).shape).toEqual([0, 0]);
    expect(tf.gather_nd(E([3, 0]), I([[1]]), {}, { device: 'xla' }).shape).toEqual([1, 0]);
  });
});

describe("device 'xla': tf2xla's degenerate cases (compiler/tf2xla/kernels/gather_op.cc, scatter_nd_op.cc)", () => {
  const E = (shape: number[]) => tensor([], 'float32', shape);
  const X = { device: 'xla' } as const;
  it('gather: an index into a size-0 axis gives zeros of params.shape without axis (XlaGather)', () => {
    const g = tf.gather(E([0, 3]), I([0, 7]), {}, X);
    expect([g.shape, g.toArray()]).toEqual([[3], [0, 0, 0]]);
    const h = tf.gather(tensor([], 'int32', [3, 0]), I([[1, 2]]), { axis: 1 }, X);
    expect([h.shape, h.dtype, h.toArray()]).toEqual([[3], 'int32', [0, 0, 0]]);
    // CPU refuses the same call; no index at all stays TF's empty shape on xla too.
    expect(codeOf(() => tf.gather(E([0, 3]), I([0, 7])))).toBe('tensorflow.gather.index_out_of_bounds');
    expect(tf.gather(E([0, 3]), tensor([], 'int32', [0, 4]), {}, X).shape).toEqual([0, 4, 3]);
    // An empty result that indexes a non-empty axis is TF's shape (the XLA gather, clamping).
    expect(tf.gather(E([0, 3]), I([9]), { axis: 1 }, X).shape).toEqual([0, 1]);
  });
  it('the zeros are the program tf2xla emits: one broadcast of a 0, reading neither params nor indices', () => {
    const call = tf.lower.gather(E([0, 3]), I([0, 7]), {}, X);
    const text = stablehloText(call);
    expect(text).toContain('stablehlo.broadcast_in_dim');
    expect(text).not.toContain('stablehlo.gather');
    // Every dtype's zero (bigint for 64-bit, false, complex 0), and into an `out`.
    for (const dtype of ['int64', 'uint64', 'bool', 'complex64', 'bfloat16'] as const) {
      const g = tf.gather_nd(tensor([], dtype, [2, 0]), I([[1, 0]]), {}, X);
      expect([g.dtype, g.shape]).toEqual([dtype, [0]]);
      const h = tf.gather(tensor([], dtype, [0, 2]), I([1]), {}, X);
      expect([h.dtype, h.toArray()]).toEqual([
        dtype,
        dtype === 'bool'
          ? [false, false]
          : dtype.endsWith('int64')
            ? [0n, 0n]
            : dtype === 'complex64'
              ? [
                  { re: 0, im: 0 },
                  { re: 0, im: 0 },
                ]
              : [0, 0],
      ]);
    }
    const out = tensor([7, 7, 7], 'float32');
    expect(tf.gather(E([0, 3]), I([2]), {}, { ...X, out })).toBe(out);
    expect(out.toArray()).toEqual([0, 0, 0]);
    expect(codeOf(() => tf.gather(E([0, 3]), I([2]), {}, { ...X, out: zeros([2], 'float32') }))).toBe(
      'tensorflow.gather.out',
    );
  });
  it('gather_nd: empty params take index vectors; zeros when one addresses a size-0 dim (gather_nd_op_test)', () => {
    // tf2xla's own test: gather_nd(float32[0, 3], zeros([1, 2])) is zeros([3]).
    const z = tf.gather_nd(E([0, 3]), I([[0, 0]]), {}, X);
    expect([z.shape, z.toArray()]).toEqual([[3], [0, 0, 0]]);
    expect(tf.gather_nd(E([0, 3]), I([[0], [1]]), {}, X).toArray()).toEqual([0, 0, 0]);
    // The size-0 dim past dim 0: zeros of params.shape[1:], itself empty.
    expect(tf.gather_nd(E([2, 0, 4]), I([[1, 0]]), {}, X).shape).toEqual([0, 4]);
    // No index vector addresses the size-0 dim: the gather's own (empty) result; depth 0 too.
    expect(tf.gather_nd(E([3, 0]), I([[1]]), {}, X).shape).toEqual([1, 0]);
    expect(tf.gather_nd(E([0, 3]), tensor([], 'int32', [2, 0]), {}, X).shape).toEqual([2, 0, 3]);
    expect(codeOf(() => tf.gather_nd(E([0, 3]), I([[0, 0]])))).toBe('tensorflow.gather_nd.empty_params');
  });
  it("scatters: an empty output takes no index and no update; ScatterNd counts the output's elements", () => {
    const msg = 'tensorflow.scatter_nd: Indices and updates specified for empty output. indices shape: [1,1]';
    expect(() => tf.scatter_nd(I([[5]]), tensor([1], 'float32'), [0], X)).toThrow(msg);
    expect(codeOf(() => tf.tensor_scatter_nd_update(E([0]), I([[5]]), tensor([1], 'float32'), X))).toBe(
      'tensorflow.tensor_scatter_nd_update.empty_output',
    );
    expect(tf.scatter_nd(tensor([], 'int32', [0, 1]), E([0, 0]), [3, 0], X).shape).toEqual([3, 0]);
    expect(
      tf.tensor_scatter_nd_max(I([4, 5]), tensor([], 'int32', [0, 1]), tensor([], 'int32', [0]), X).toArray(),
    ).toEqual([4, 5]);
  });
  it('scatters: a depth-0 index applies each update to the whole output (XlaScatter; cpu refuses)', () => {
    const i0 = tensor([], 'int32', [2, 0]);
    const u = tensor(
      [
        [1, 2, 3],
        [10, 20, 30],
      ],
      'float32',
    );
    expect(tf.scatter_nd(i0, u, [3], X).toArray()).toEqual([11, 22, 33]);
    expect(tf.tensor_scatter_nd_update(tensor([7, 8, 9], 'float32'), i0, u, X).toArray()).toEqual([
      10, 20, 30,
    ]);
    expect(tf.tensor_scatter_nd_sub(tensor([7, 8, 9], 'float32'), i0, u, X).toArray()).toEqual([
      -4, -14, -24,
    ]);
    expect(tf.tensor_scatter_nd_min(tensor([7, 8, 9], 'float32'), i0, u, X).toArray()).toEqual([1, 2, 3]);
    expect(codeOf(() => tf.scatter_nd(i0, u, [3]))).toBe('tensorflow.scatter_nd.empty_output');
  });
});

describe('property: tf.gather with batch_dims and tf.gather_nd against a naive loop', () => {
  it('tf.gather', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 2 }),
        fc.nat(),
        fc.nat(),
        fc.integer(),
        (pshape, extra, bSeed, aSeed, seed) => {
          const r = pshape.length;
          const b = bSeed % r;
          const a = b + (aSeed % (r - b));
          const ishape = [...pshape.slice(0, b), ...extra];
          const pn = pshape.reduce((x, y) => x * y, 1);
          const params = tensor(
            Int32Array.from({ length: pn }, (_, i) => i * 7 + 1),
            'int32',
            pshape,
          );
          const isz = ishape.reduce((x, y) => x * y, 1);
          let s = seed | 0;
          const idx = tensor(
            Int32Array.from({ length: isz }, () => ((s = (s * 1103515245 + 12345) | 0) >>> 8) % pshape[a]),
            'int32',
            ishape,
          );
          const got = tf.gather(params, idx, { axis: a, batch_dims: b });
          // naive: out[p_<a, i_b.., p_>a] = params[p_<a, idx[p_<b, i..], p_>a]
          const oshape = [...pshape.slice(0, a), ...ishape.slice(b), ...pshape.slice(a + 1)];
          expect(got.shape).toEqual(oshape);
          const on = oshape.reduce((x, y) => x * y, 1);
          const stride = (sh: number[]) => sh.map((_, d) => sh.slice(d + 1).reduce((x, y) => x * y, 1));
          const ps = stride(pshape);
          const is = stride(ishape);
          const os = stride(oshape);
          for (let o = 0; o < on; o++) {
            const c = os.map((st, d) => Math.floor(o / st) % oshape[d]);
            const pre = c.slice(0, a);
            const ii = c.slice(a, a + ishape.length - b);
            const post = c.slice(a + ishape.length - b);
            const iflat = [...pre.slice(0, b), ...ii].reduce((acc, v, d) => acc + v * is[d], 0);
            const k = (idx.data as Int32Array)[iflat];
            const pflat = [...pre, k, ...post].reduce((acc, v, d) => acc + v * ps[d], 0);
            expect((got.data as Int32Array)[o]).toBe((params.data as Int32Array)[pflat]);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
