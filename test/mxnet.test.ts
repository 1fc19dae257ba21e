/**
 * MXNet 1.x frontend: (1) the numeric examples of the MXNet operator docs (gather_nd, scatter_nd,
 * take, pick, batch_take in src/operator/tensor/indexing_op.cc and broadcast_reduce_op_index.cc)
 * verbatim, with float32 index arrays as MXNet's default dtype gives them; (2) the comparison
 * article's MXNet `[2, 2]` variant and the MXNet cells of Tables 1 and 2; (3) float-index rounding;
 * (4) one named negative test per rule; (5) properties: gather_nd against tf.gather_nd with the
 * index vector moved to the last dim, pick against a naive loop.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DTypeError,
  DuplicateIndexError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
} from '../src/errors.js';
import { mxnet as mx } from '../src/frameworks/mxnet.js';
import { tensorflow as tf } from '../src/frameworks/tensorflow.js';
import { moveAxis } from '../src/tensor/ops.js';
import { complex } from '../src/tensor/complex.js';
import { tensor } from '../src/tensor/tensor.js';
import { codeOf } from './helpers/errors.js';

const F = (x: unknown) => tensor(x as number[], 'float32');
const I = (x: unknown) => tensor(x as number[], 'int32');

describe('MXNet doc examples', () => {
  it('gather_nd: data = [[0, 1], [2, 3]], indices = [[1, 1, 0], [0, 1, 0]] → [2, 3, 0]', () => {
    expect(
      mx
        .gather_nd(
          F([
            [0, 1],
            [2, 3],
          ]),
          F([
            [1, 1, 0],
            [0, 1, 0],
          ]),
        )
        .toArray(),
    ).toEqual([2, 3, 0]);
  });
  it('gather_nd: 3-D data, indices = [[0, 1], [1, 0]] → [[3, 4], [5, 6]]', () => {
    const data = F([
      [
        [1, 2],
        [3, 4],
      ],
      [
        [5, 6],
        [7, 8],
      ],
    ]);
    expect(
      mx
        .gather_nd(
          data,
          F([
            [0, 1],
            [1, 0],
          ]),
        )
        .toArray(),
    ).toEqual([
      [3, 4],
      [5, 6],
    ]);
  });
  it('scatter_nd: data = [2, 3, 0], indices = [[1, 1, 0], [0, 1, 0]], shape = (2, 2) → [[0, 0], [2, 3]]', () => {
    expect(
      mx
        .scatter_nd(
          F([2, 3, 0]),
          F([
            [1, 1, 0],
            [0, 1, 0],
          ]),
          [2, 2],
        )
        .toArray(),
    ).toEqual([
      [0, 0],
      [2, 3],
    ]);
  });
  it('scatter_nd: 3-D data, indices = [[0, 1], [1, 1]], shape = (2, 2, 2, 2)', () => {
    const data = F([
      [
        [1, 2],
        [3, 4],
      ],
      [
        [5, 6],
        [7, 8],
      ],
    ]);
    expect(
      mx
        .scatter_nd(
          data,
          F([
            [0, 1],
            [1, 1],
          ]),
          [2, 2, 2, 2],
        )
        .toArray(),
    ).toEqual([
      [
        [
          [0, 0],
          [0, 0],
        ],
        [
          [1, 2],
          [3, 4],
        ],
      ],
      [
        [
          [0, 0],
          [0, 0],
        ],
        [
          [5, 6],
          [7, 8],
        ],
      ],
    ]);
  });
  const x1 = F([4, 5, 6]);
  const x = F([
    [1, 2],
    [3, 4],
    [5, 6],
  ]);
  it('take(x, [1]) = [5]; take(x, [3], axis=-1, mode="clip") = [6]', () => {
    expect(mx.take(x1, F([1])).toArray()).toEqual([5]);
    expect(mx.take(x1, F([3]), { axis: -1, mode: 'clip' }).toArray()).toEqual([6]);
  });
  it('take(x, [[0, 1], [1, 2]]) along axis 0', () => {
    expect(
      mx
        .take(
          x,
          F([
            [0, 1],
            [1, 2],
          ]),
        )
        .toArray(),
    ).toEqual([
      [
        [1, 2],
        [3, 4],
      ],
      [
        [3, 4],
        [5, 6],
      ],
    ]);
  });
  it('take(x, [[0, 3], [-1, -2]], axis=1, mode="wrap")', () => {
    expect(
      mx
        .take(
          x,
          F([
            [0, 3],
            [-1, -2],
          ]),
          { axis: 1, mode: 'wrap' },
        )
        .toArray(),
    ).toEqual([
      [
        [1, 2],
        [2, 1],
      ],
      [
        [3, 4],
        [4, 3],
      ],
      [
        [5, 6],
        [6, 5],
      ],
    ]);
  });
  it('pick(x, y=[0, 1], 0) = [1, 4]; pick(x, y=[0, 1, 0], 1) = [1, 4, 5]', () => {
    expect(mx.pick(x, F([0, 1]), { axis: 0 }).toArray()).toEqual([1, 4]);
    expect(mx.pick(x, F([0, 1, 0]), { axis: 1 }).toArray()).toEqual([1, 4, 5]);
  });
  it('pick(x, y=[2, -1, -2], 1, mode="wrap") = [1, 4, 5]', () => {
    expect(mx.pick(x, F([2, -1, -2]), { axis: 1, mode: 'wrap' }).toArray()).toEqual([1, 4, 5]);
  });
  it('pick(x, y=[[1], [0], [2]], 1, keepdims=True) = [[2], [3], [6]] (2 is clipped to 1)', () => {
    expect(mx.pick(x, F([[1], [0], [2]]), { axis: 1, keepdims: true }).toArray()).toEqual([[2], [3], [6]]);
  });
  it('batch_take(x, [0, 1, 0]) = [1, 4, 5]', () => {
    expect(mx.batch_take(x, I([0, 1, 0])).toArray()).toEqual([1, 4, 5]);
  });
});

describe('the comparison article (MXNet cells)', () => {
  const data = I([
    [1, 2],
    [3, 4],
  ]);
  const idx = I([
    [-2, 0],
    [1, 1],
  ]);
  it('GatherND example 2, MXNet variant: tuples run along the first dim → (0, 1), (0, 1) → [2, 2] (ONNX/TF layout gives [1, 4])', () => {
    expect(mx.gather_nd(data, idx).toArray()).toEqual([2, 2]);
    expect(tf.gather_nd(data, idx, {}, { device: 'xla' }).toArray()).toEqual([1, 4]);
  });
  it('GatherND example 1 in MXNet layout (index vector moved to the first dim)', () => {
    const d3 = I([
      [
        [1, 2],
        [3, 4],
      ],
      [
        [5, 6],
        [7, 8],
      ],
    ]);
    expect(mx.gather_nd(d3, moveAxis(I([[[0, 0]], [[1, 0]]]), 2, 0)).toArray()).toEqual([[[1, 2]], [[5, 6]]]);
  });
  it('Gather axis-0 example with take (reconstructed: input[0,:] = [20, 30], index[0,0] = 0)', () => {
    const r = mx.take(
      I([
        [20, 30],
        [40, 50],
        [60, 70],
      ]),
      I([
        [0, 1],
        [1, 2],
      ]),
    );
    expect(r.shape).toEqual([2, 2, 2]);
    expect((r.toArray() as number[][][])[0][0]).toEqual([20, 30]);
  });
  describe('Table 1 (MXNet column)', () => {
    it('GatherND negative indices: not supported in 1.6 (the article); 1.7+ wraps them', () => {
      expect(codeOf(() => mx.gather_nd(data, idx, { version: '1.6' }))).toBe(
        'mxnet.gather_nd.index_out_of_bounds',
      );
      expect(mx.gather_nd(data, I([[-1], [-1]])).toArray()).toEqual([4]);
    });
    it('GatherND duplicate indices allowed', () => {
      expect(
        mx
          .gather_nd(
            data,
            I([
              [1, 1],
              [0, 0],
            ]),
          )
          .toArray(),
      ).toEqual([3, 3]);
    });
    it('GatherND out of bounds is an error', () => {
      expect(() => mx.gather_nd(data, I([[0], [2]]))).toThrow(IndexOutOfBoundsError);
    });
    it('ScatterND negative indices not supported', () => {
      expect(codeOf(() => mx.scatter_nd(I([7]), I([[-1], [0]]), [2, 2]))).toBe(
        'mxnet.scatter_nd.index_out_of_bounds',
      );
    });
    it('ScatterND duplicates: non-deterministic in MXNet; last wins by default, or an error on request', () => {
      expect(
        mx
          .scatter_nd(
            I([2, 3, 0]),
            I([
              [1, 1, 0],
              [1, 1, 0],
            ]),
            [2, 2],
          )
          .toArray(),
      ).toEqual([
        [0, 0],
        [0, 3],
      ]);
      const f = () =>
        mx.scatter_nd(
          I([2, 3, 0]),
          I([
            [1, 1, 0],
            [1, 1, 0],
          ]),
          [2, 2],
          { duplicates: 'error' },
        );
      expect(f).toThrow(DuplicateIndexError);
      expect(codeOf(f)).toBe('mxnet.scatter_nd.duplicate_indices');
    });
    it('ScatterND uncovered locations are zero; out of bounds is an error (or skipped on request)', () => {
      // the tuple (1, 0) is read down the first dim of indices
      expect(mx.scatter_nd(I([5]), I([[1], [0]]), [2, 2]).toArray()).toEqual([
        [0, 0],
        [5, 0],
      ]);
      expect(
        codeOf(() =>
          mx.scatter_nd(
            I([5, 6]),
            I([
              [1, 2],
              [0, 0],
            ]),
            [2, 2],
          ),
        ),
      ).toBe('mxnet.scatter_nd.index_out_of_bounds');
      expect(
        mx
          .scatter_nd(
            I([5, 6]),
            I([
              [1, 2],
              [0, 0],
            ]),
            [2, 2],
            { out_of_bounds: 'skip' },
          )
          .toArray(),
      ).toEqual([
        [0, 0],
        [5, 0],
      ]);
    });
  });
  describe('Table 2 (MXNet Take column)', () => {
    const a = F([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    it('axis unspecified defaults to the outermost axis', () => {
      expect(mx.take(a, I([1])).toArray()).toEqual([[4, 5, 6]]);
    });
    it('negative axis supported', () => {
      expect(mx.take(a, I([2]), { axis: -1 }).toArray()).toEqual([[3], [6]]);
    });
    it('negative indices per mode: clip → 0, wrap → from the end, raise → error', () => {
      expect(mx.take(a, I([-1]), { axis: 1 }).toArray()).toEqual([[1], [4]]);
      expect(mx.take(a, I([-1]), { axis: 1, mode: 'wrap' }).toArray()).toEqual([[3], [6]]);
      expect(codeOf(() => mx.take(a, I([-1]), { axis: 1, mode: 'raise' }))).toBe(
        'mxnet.take.index_out_of_bounds',
      );
    });
    it('out-of-bound indices per mode: clip, wrap, raise', () => {
      expect(mx.take(a, I([5]), { axis: 1 }).toArray()).toEqual([[3], [6]]);
      expect(mx.take(a, I([5]), { axis: 1, mode: 'wrap' }).toArray()).toEqual([[3], [6]]);
      expect(mx.take(a, I([4]), { axis: 1, mode: 'wrap' }).toArray()).toEqual([[2], [5]]);
      expect(() => mx.take(a, I([3]), { axis: 1, mode: 'raise' })).toThrow(IndexOutOfBoundsError);
    });
  });
});

describe('float index tensors are rounded as MXNet kernels round them', () => {
  const a = F([10, 20, 30]);
  it('take truncates toward zero (1.7 → 1, -0.5 → 0 under clip)', () => {
    expect(mx.take(a, F([1.7, -0.5, 2.9])).toArray()).toEqual([20, 10, 30]);
  });
  it('take raise compares the float value: -0.5 and 2.5 are out of [0, 2]', () => {
    expect(mx.take(a, F([2, 0.5]), { mode: 'raise' }).toArray()).toEqual([30, 10]);
    expect(codeOf(() => mx.take(a, F([-0.5]), { mode: 'raise' }))).toBe('mxnet.take.index_out_of_bounds');
    expect(codeOf(() => mx.take(a, F([2.5]), { mode: 'raise' }))).toBe('mxnet.take.index_out_of_bounds');
  });
  it('gather_nd (1.7+) floors in [-n, n-1]: -0.5 → -1 → last; 0.9 → 0; 2.5 (> n-1) is out of bounds', () => {
    expect(mx.gather_nd(a, F([[-0.5, 0.9, -3]])).toArray()).toEqual([30, 10, 10]);
    expect(codeOf(() => mx.gather_nd(a, F([[2.5]])))).toBe('mxnet.gather_nd.index_out_of_bounds');
    expect(codeOf(() => mx.gather_nd(a, F([[-3.5]])))).toBe('mxnet.gather_nd.index_out_of_bounds');
  });
  it('gather_nd 1.6 truncates: -0.5 → 0', () => {
    expect(mx.gather_nd(a, F([[-0.5]]), { version: '1.6' }).toArray()).toEqual([10]);
  });
  it('pick wrap truncates then wraps: -1.5 → -1 → last', () => {
    expect(mx.pick(F([[1, 2, 3]]), F([-1.5]), { mode: 'wrap' }).toArray()).toEqual([3]);
  });
  it('scatter_nd truncates: 1.9 → 1', () => {
    expect(mx.scatter_nd(F([7]), F([[1.9]]), [3]).toArray()).toEqual([0, 7, 0]);
  });
  it('float16 and float64 index tensors work too', () => {
    expect(mx.take(a, tensor([2.2], 'float16')).toArray()).toEqual([30]);
    expect(mx.take(a, tensor([1.2], 'float64')).toArray()).toEqual([20]);
  });
});

describe('negative tests: one per rule', () => {
  const d = F([
    [1, 2],
    [3, 4],
  ]);
  const cases: [string, () => unknown, new (...a: any[]) => Error][] = [
    ['mxnet.gather_nd.indices_rank', () => mx.gather_nd(d, I([0, 1])), InvalidArgumentError],
    ['mxnet.gather_nd.index_depth', () => mx.gather_nd(d, I([[0], [0], [0]])), InvalidArgumentError],
    [
      'mxnet.gather_nd.max_dims',
      () =>
        mx.gather_nd(
          tensor(new Float32Array(2048), 'float32', Array(11).fill(2)),
          tensor(new Int32Array(11), 'int32', [11, 1]),
        ),
      InvalidArgumentError,
    ],
    ['mxnet.gather_nd.indices_dtype', () => mx.gather_nd(d, tensor([[true]], 'bool')), DTypeError],
    ['mxnet.gather_nd.index_value', () => mx.gather_nd(d, F([[Number.NaN]])), DTypeError],
    [
      'mxnet.gather_nd.version',
      () => mx.gather_nd(d, I([[0]]), { version: '2.0' as '1.9' }),
      InvalidArgumentError,
    ],
    ['mxnet.gather_nd.index_out_of_bounds', () => mx.gather_nd(d, I([[0], [-3]])), IndexOutOfBoundsError],
    ['mxnet.scatter_nd.shape', () => mx.scatter_nd(I([1]), I([[0]]), [-1]), InvalidArgumentError],
    ['mxnet.scatter_nd.indices_rank', () => mx.scatter_nd(I([1]), I([0]), [2]), InvalidArgumentError],
    ['mxnet.scatter_nd.index_depth', () => mx.scatter_nd(I([1]), I([[0], [0]]), [2]), InvalidArgumentError],
    [
      'mxnet.scatter_nd.max_dims',
      () => mx.scatter_nd(I([1]), tensor(new Int32Array(11), 'int32', [11, 1]), Array(11).fill(1)),
      InvalidArgumentError,
    ],
    ['mxnet.scatter_nd.data_shape', () => mx.scatter_nd(I([1, 2]), I([[0]]), [2]), InvalidArgumentError],
    [
      'mxnet.scatter_nd.indices_dtype',
      () => mx.scatter_nd(I([1]), tensor([[complex(0, 0)]], 'complex64'), [2]),
      DTypeError,
    ],
    [
      'mxnet.scatter_nd.index_value',
      () => mx.scatter_nd(I([1]), F([[Number.POSITIVE_INFINITY]]), [2]),
      DTypeError,
    ],
    [
      'mxnet.scatter_nd.out_of_bounds',
      () => mx.scatter_nd(I([1]), I([[0]]), [2], { out_of_bounds: 'clip' as 'skip' }),
      InvalidArgumentError,
    ],
    [
      'mxnet.scatter_nd.duplicates',
      () => mx.scatter_nd(I([1]), I([[0]]), [2], { duplicates: 'sum' as 'last' }),
      InvalidArgumentError,
    ],
    [
      'mxnet.scatter_nd.index_out_of_bounds',
      () => mx.scatter_nd(I([1]), I([[2]]), [2]),
      IndexOutOfBoundsError,
    ],
    [
      'mxnet.scatter_nd.duplicate_indices',
      () => mx.scatter_nd(I([1, 2]), I([[0, 0]]), [2], { duplicates: 'error' }),
      DuplicateIndexError,
    ],
    ['mxnet.take.mode', () => mx.take(d, I([0]), { mode: 'fill' as 'clip' }), InvalidArgumentError],
    ['mxnet.take.axis', () => mx.take(d, I([0]), { axis: 2 }), InvalidArgumentError],
    ['mxnet.take.data_rank', () => mx.take(F(1), I([0])), InvalidArgumentError],
    ['mxnet.take.indices_dtype', () => mx.take(d, tensor([complex(0, 0)], 'complex64')), DTypeError],
    ['mxnet.take.index_value', () => mx.take(d, F([Number.NaN])), DTypeError],
    ['mxnet.take.index_out_of_bounds', () => mx.take(d, I([2]), { mode: 'raise' }), IndexOutOfBoundsError],
    ['mxnet.pick.axis', () => mx.pick(d, I([0, 0]), { axis: null }), InvalidArgumentError],
    ['mxnet.pick.axis', () => mx.pick(d, I([0, 0]), { axis: -3 }), InvalidArgumentError],
    ['mxnet.pick.mode', () => mx.pick(d, I([0, 0]), { mode: 'raise' as 'clip' }), InvalidArgumentError],
    ['mxnet.pick.index_shape', () => mx.pick(d, I([[0, 0]])), InvalidArgumentError],
    ['mxnet.pick.indices_dtype', () => mx.pick(d, tensor([true, false], 'bool')), DTypeError],
    ['mxnet.pick.index_value', () => mx.pick(d, F([0, Number.NaN])), DTypeError],
    [
      'mxnet.batch_take.data_rank',
      () =>
        mx.batch_take(
          F([
            [
              [1, 2],
              [3, 4],
            ],
          ]),
          I([0]),
        ),
      InvalidArgumentError,
    ],
    ['mxnet.batch_take.indices_dtype', () => mx.batch_take(d, F([0, 1])), DTypeError],
    ['mxnet.batch_take.indices_shape', () => mx.batch_take(d, I([0, 1, 0])), InvalidArgumentError],
  ];
  for (const [code, f, cls] of cases) {
    it(`${code} (${cls.name})`, () => {
      expect(f).toThrow(cls);
      expect(codeOf(f)).toBe(code);
    });
  }
});

describe('properties', () => {
  const lcg = (seed: number) => {
    let s = seed | 0;
    return () => ((s = (s * 1103515245 + 12345) | 0) >>> 8) / 2 ** 24;
  };
  it('mxnet.gather_nd(data, idx) == tf.gather_nd(data, idx with its first dim moved last)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 2 }),
        fc.nat(),
        fc.integer(),
        (dshape, yshape, mSeed, seed) => {
          const M = 1 + (mSeed % dshape.length);
          const rnd = lcg(seed);
          const data = tensor(
            Int32Array.from({ length: dshape.reduce((a, b) => a * b, 1) }, (_, i) => 3 * i + 1),
            'int32',
            dshape,
          );
          const n = yshape.reduce((a, b) => a * b, 1);
          const idx = tensor(
            Int32Array.from({ length: M * n }, (_, e) => Math.floor(rnd() * dshape[Math.floor(e / n)])),
            'int32',
            [M, ...yshape],
          );
          expect(mx.gather_nd(data, idx).toArray()).toEqual(
            tf.gather_nd(data, moveAxis(idx, 0, idx.rank - 1)).toArray(),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
  it('mxnet.pick against a naive loop (clip and wrap, any axis)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        fc.boolean(),
        fc.integer(),
        (shape, aSeed, wrap, seed) => {
          const r = shape.length;
          const axis = aSeed % r;
          const rnd = lcg(seed);
          const size = shape.reduce((a, b) => a * b, 1);
          const data = tensor(
            Int32Array.from({ length: size }, (_, i) => i),
            'int32',
            shape,
          );
          const ishape = shape.filter((_, d) => d !== axis);
          const isz = ishape.reduce((a, b) => a * b, 1);
          const idx = tensor(
            Int32Array.from({ length: isz }, () => Math.floor(rnd() * 3 * shape[axis]) - shape[axis]),
            'int32',
            ishape,
          );
          const got = mx.pick(data, idx, { axis, mode: wrap ? 'wrap' : 'clip' });
          const n = shape[axis];
          const inner = shape.slice(axis + 1).reduce((a, b) => a * b, 1);
          for (let e = 0; e < isz; e++) {
            let j = (idx.data as Int32Array)[e];
            j = wrap ? ((j % n) + n) % n : Math.min(Math.max(j, 0), n - 1);
            const outer = Math.floor(e / inner);
            const flat = outer * n * inner + j * inner + (e % inner);
            expect((got.data as Int32Array)[e]).toBe(flat);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
