import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Tensor, mlir, tensor } from '../src/index.js';
import { codeOf } from './helpers/errors.js';

const prod = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
function unravel(i: number, shape: readonly number[]): number[] {
  const out = new Array<number>(shape.length);
  for (let d = shape.length - 1; d >= 0; d--) {
    out[d] = i % shape[d];
    i = Math.floor(i / shape[d]);
  }
  return out;
}
const ravel = (ix: readonly number[], shape: readonly number[]) =>
  ix.reduce((acc, v, d) => acc * shape[d] + v, 0);
const flat = (t: Tensor) => Array.from(t.data as ArrayLike<number>, Number);
// Values that encode their position: 100*i + 10*j + k (+1).
const positional = (shape: number[]) =>
  tensor(
    Float32Array.from(
      { length: prod(shape) },
      (_, o) => unravel(o, shape).reduce((a, v) => a * 10 + v, 0) + 1,
    ),
    'float32',
    shape,
  );
const idx = (vals: number[], shape: number[]) => tensor(BigInt64Array.from(vals.map(BigInt)), 'int64', shape);

/** Naive tensor.gather: result[b..., s...] = source[s with s[G[j]] := indices[b..., j]]. */
function naiveGather(
  source: Tensor,
  indices: Tensor,
  G: number[],
  reduced: boolean,
): { shape: number[]; values: number[] } {
  const q = indices.shape.length;
  const bshape = indices.shape.slice(0, q - 1);
  const shape = mlir.tensor.inferResultShape(source.shape, indices.shape, G, reduced);
  const iv = flat(indices);
  const src = flat(source);
  const values = Array.from({ length: prod(shape) }, (_, o) => {
    const ix = unravel(o, shape);
    const b = ravel(ix.slice(0, q - 1), bshape);
    const rest = ix.slice(q - 1);
    let t = 0;
    const s = source.shape.map((_d, dim) => {
      const j = G.indexOf(dim);
      if (j >= 0) {
        if (!reduced) t++;
        return iv[b * G.length + j];
      }
      return rest[t++];
    });
    return src[ravel(s, source.shape)];
  });
  return { shape, values };
}

describe('TensorOps.td / RFC examples (shapes verbatim, values position-encoded)', () => {
  it('gather_dims([0, 1, 2]): tensor<4x4x4xf32>[tensor<1x2x 3xindex>] -> tensor<1x2x 1x1x1xf32> (or 1x2)', () => {
    const source = positional([4, 4, 4]);
    const indices = idx([1, 2, 3, 3, 0, 1], [1, 2, 3]);
    const full = mlir.tensor.gather(source, indices, { gather_dims: [0, 1, 2] });
    expect(full.shape).toEqual([1, 2, 1, 1, 1]);
    expect(flat(full)).toEqual([124, 302]);
    const reduced = mlir.tensor.gather(source, indices, { gather_dims: [0, 1, 2], rank_reduced: true });
    expect(reduced.shape).toEqual([1, 2]);
    expect(flat(reduced)).toEqual([124, 302]);
  });
  it('gather_dims([1]): tensor<3x4x5xf32>, tensor<6x7x 1xindex> -> tensor<6x7x 3x1x5xf32> (or 6x7x3x5)', () => {
    const source = positional([3, 4, 5]);
    const iv = Array.from({ length: 42 }, (_, i) => i % 4);
    const indices = idx(iv, [6, 7, 1]);
    const full = mlir.tensor.gather(source, indices, { gather_dims: [1] });
    expect(full.shape).toEqual([6, 7, 3, 1, 5]);
    const want = naiveGather(source, indices, [1], false);
    expect(flat(full)).toEqual(want.values);
    expect(full.get(0, 3, 2, 0, 4)).toBe(source.get(2, 3 % 4, 4));
    expect(
      mlir.tensor.gather(source, indices, { gather_dims: [1], result_shape: [6, 7, 3, 5] }).shape,
    ).toEqual([6, 7, 3, 5]);
  });
  it('RFC: gather_dims(0, 2): (tensor<2x3x4xf32>, tensor<5x6x 2xindex>) -> tensor<5x6x1x3x1xf32>, or 5x6x3 by dropping 1s', () => {
    const source = positional([2, 3, 4]);
    const iv = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? (i >> 1) % 2 : (i >> 1) % 4));
    const indices = idx(iv, [5, 6, 2]);
    const full = mlir.tensor.gather(source, indices, { gather_dims: [0, 2] });
    expect(full.shape).toEqual([5, 6, 1, 3, 1]);
    expect(flat(full)).toEqual(naiveGather(source, indices, [0, 2], false).values);
    const reduced = mlir.tensor.gather(source, indices, { gather_dims: [0, 2], rank_reduced: true });
    expect(reduced.shape).toEqual([5, 6, 3]);
    expect(flat(reduced)).toEqual(flat(full));
  });
  it('lit test: gather_dims([1]) on tensor<4x4xf32> with tensor<?x1xindex> -> tensor<?x4x1xf32>', () => {
    const out = mlir.tensor.gather(positional([4, 4]), idx([3, 0], [2, 1]), { gather_dims: [1] });
    expect(out.shape).toEqual([2, 4, 1]);
    expect(out.toArray()).toEqual([
      [[4], [14], [24], [34]],
      [[1], [11], [21], [31]],
    ]);
  });
  it('RFC scatter: tensor<1x2xf32> into tensor<4x4x4xf32>[tensor<1x2x 3xindex>] -> tensor<4x4x4xf32>', () => {
    const dest = positional([4, 4, 4]);
    const out = mlir.tensor.scatter(tensor([[-1, -2]], 'float32'), dest, idx([1, 2, 3, 3, 0, 1], [1, 2, 3]), {
      scatter_dims: [0, 1, 2],
      unique: true,
    });
    expect(out.shape).toEqual([4, 4, 4]);
    expect(out.get(1, 2, 3)).toBe(-1);
    expect(out.get(3, 0, 1)).toBe(-2);
    expect(out.get(0, 0, 0)).toBe(1);
    // rank-preserving source 1x2x1x1x1 is accepted too
    const out2 = mlir.tensor.scatter(
      tensor([-1, -2], 'float32', [1, 2, 1, 1, 1]),
      dest,
      idx([1, 2, 3, 3, 0, 1], [1, 2, 3]),
      { scatter_dims: [0, 1, 2], unique: true },
    );
    expect(flat(out2)).toEqual(flat(out));
  });
  it('RFC scatter: tensor<5x6x4x4xf32> into tensor<4x4x4xf32>[tensor<5x6x 1xindex>] coordinates = [1] verifies', () => {
    const call = mlir.lower.tensor.scatter(
      tensor(new Float32Array(480), 'float32', [5, 6, 4, 4]),
      tensor(new Float32Array(64), 'float32', [4, 4, 4]),
      idx(new Array(30).fill(0), [5, 6, 1]),
      { scatter_dims: [1], unique: true },
    );
    expect(call.dimension_numbers.inserted_window_dims).toEqual([1]);
  });
});

describe('policies for what MLIR leaves undefined', () => {
  it('out-of-bounds coordinates are an error by default (mlir.tensor.gather.index_out_of_bounds), clamp on request', () => {
    const source = positional([3]);
    expect(codeOf(() => mlir.tensor.gather(source, idx([3], [1, 1]), { gather_dims: [0] }))).toBe(
      'mlir.tensor.gather.index_out_of_bounds',
    );
    expect(codeOf(() => mlir.tensor.gather(source, idx([-1], [1, 1]), { gather_dims: [0] }))).toBe(
      'mlir.tensor.gather.index_out_of_bounds',
    );
    expect(
      flat(mlir.tensor.gather(source, idx([5], [1, 1]), { gather_dims: [0], out_of_bounds: 'clamp' })),
    ).toEqual([3]);
  });
  it('scatter: out-of-bounds error by default, skip on request', () => {
    const dest = positional([3]);
    const src = tensor([[9]], 'float32');
    expect(
      codeOf(() => mlir.tensor.scatter(src, dest, idx([3], [1, 1]), { scatter_dims: [0], unique: true })),
    ).toBe('mlir.tensor.scatter.index_out_of_bounds');
    expect(
      flat(
        mlir.tensor.scatter(src, dest, idx([3], [1, 1]), {
          scatter_dims: [0],
          unique: true,
          out_of_bounds: 'skip',
        }),
      ),
    ).toEqual([1, 2, 3]);
  });
  it('a broken unique promise on scatter is an error (mlir.tensor.scatter.unique_violated); last wins on request', () => {
    const dest = positional([3]);
    const src = tensor([[8], [9]], 'float32');
    expect(
      codeOf(() => mlir.tensor.scatter(src, dest, idx([1, 1], [2, 1]), { scatter_dims: [0], unique: true })),
    ).toBe('mlir.tensor.scatter.unique_violated');
    expect(
      flat(
        mlir.tensor.scatter(src, dest, idx([1, 1], [2, 1]), {
          scatter_dims: [0],
          unique: true,
          duplicates: 'last',
        }),
      ),
    ).toEqual([1, 9, 3]);
  });
  it('unique on gather is only a promise: duplicate coordinates still read correctly', () => {
    expect(
      flat(
        mlir.tensor.gather(positional([3]), idx([2, 2], [2, 1]), {
          gather_dims: [0],
          unique: true,
          rank_reduced: true,
        }),
      ),
    ).toEqual([3, 3]);
  });
});

describe('verifier rules: one named error per rule', () => {
  const s = () => positional([2, 3]);
  const i1 = () => idx([0], [1, 1]);
  const cases: [string, () => unknown][] = [
    ['mlir.tensor.gather.gather_dims', () => mlir.tensor.gather(s(), i1(), { gather_dims: 'x' as never })],
    [
      'mlir.tensor.gather.gather_dims_empty',
      () => mlir.tensor.gather(s(), idx([], [1, 0]), { gather_dims: [] }),
    ],
    [
      'mlir.tensor.gather.gather_dims_overflow',
      () => mlir.tensor.gather(s(), idx([0, 0, 0], [1, 3]), { gather_dims: [0, 1, 2] }),
    ],
    [
      'mlir.tensor.gather.gather_dims_length',
      () => mlir.tensor.gather(s(), idx([0, 0], [1, 2]), { gather_dims: [0] }),
    ],
    [
      'mlir.tensor.gather.gather_dims_length',
      () => mlir.tensor.gather(s(), tensor(0n, 'int64', []), { gather_dims: [0] }),
    ],
    ['mlir.tensor.gather.gather_dims_negative', () => mlir.tensor.gather(s(), i1(), { gather_dims: [-1] })],
    ['mlir.tensor.gather.gather_dims_range', () => mlir.tensor.gather(s(), i1(), { gather_dims: [2] })],
    [
      'mlir.tensor.gather.gather_dims_increasing',
      () => mlir.tensor.gather(s(), idx([0, 0], [1, 2]), { gather_dims: [1, 0] }),
    ],
    [
      'mlir.tensor.gather.indices_type',
      () => mlir.tensor.gather(s(), tensor([[0]], 'uint32'), { gather_dims: [0] }),
    ],
    [
      'mlir.tensor.gather.result_type',
      () => mlir.tensor.gather(s(), i1(), { gather_dims: [0], result_shape: [3] }),
    ],
    [
      'mlir.tensor.gather.out_of_bounds_policy',
      () => mlir.tensor.gather(s(), i1(), { gather_dims: [0], out_of_bounds: 'wrap' as never }),
    ],
    [
      'mlir.tensor.scatter.scatter_dims_empty',
      () => mlir.tensor.scatter(s(), s(), idx([], [1, 0]), { scatter_dims: [], unique: true }),
    ],
    [
      'mlir.tensor.scatter.scatter_dims_overflow',
      () => mlir.tensor.scatter(s(), s(), idx([0, 0, 0], [1, 3]), { scatter_dims: [0, 1, 2], unique: true }),
    ],
    [
      'mlir.tensor.scatter.scatter_dims_length',
      () => mlir.tensor.scatter(s(), s(), idx([0, 0], [1, 2]), { scatter_dims: [0], unique: true }),
    ],
    [
      'mlir.tensor.scatter.scatter_dims_negative',
      () => mlir.tensor.scatter(s(), s(), i1(), { scatter_dims: [-2], unique: true }),
    ],
    [
      'mlir.tensor.scatter.scatter_dims_range',
      () => mlir.tensor.scatter(s(), s(), i1(), { scatter_dims: [5], unique: true }),
    ],
    [
      'mlir.tensor.scatter.scatter_dims_increasing',
      () => mlir.tensor.scatter(s(), s(), idx([0, 0], [1, 2]), { scatter_dims: [1, 1], unique: true }),
    ],
    [
      'mlir.tensor.scatter.unique',
      () => mlir.tensor.scatter(positional([1, 3]), s(), i1(), { scatter_dims: [0], unique: false }),
    ],
    [
      'mlir.tensor.scatter.source_type',
      () => mlir.tensor.scatter(positional([1, 2]), s(), i1(), { scatter_dims: [0], unique: true }),
    ],
    [
      'mlir.tensor.scatter.source_type',
      () => mlir.tensor.scatter(tensor([[1, 2, 3]], 'int32'), s(), i1(), { scatter_dims: [0], unique: true }),
    ],
    [
      'mlir.tensor.scatter.indices_type',
      () =>
        mlir.tensor.scatter(positional([1, 3]), s(), tensor([[0]], 'float32'), {
          scatter_dims: [0],
          unique: true,
        }),
    ],
    [
      'mlir.tensor.scatter.duplicates_policy',
      () =>
        mlir.tensor.scatter(positional([1, 3]), s(), i1(), {
          scatter_dims: [0],
          unique: true,
          duplicates: 'add' as never,
        }),
    ],
  ];
  for (const [code, fn] of cases) it(code, () => expect(codeOf(fn)).toBe(code));
});

describe('property tests vs naive loops', () => {
  const dimsArb = fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }).chain((shape) =>
    fc.tuple(
      fc.constant(shape),
      fc.subarray(
        shape.map((_, i) => i),
        { minLength: 1 },
      ),
    ),
  );
  it('gather (both result forms) and scatter round trip', () => {
    fc.assert(
      fc.property(
        dimsArb,
        fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
        fc.boolean(),
        fc.infiniteStream(fc.nat()),
        ([shape, G], bshape, reduced, rnd) => {
          const source = positional(shape);
          const n = prod(bshape);
          const iv = [...rnd.take(n * G.length)].map((v, i) => v % shape[G[i % G.length]]);
          const indices = idx(iv, [...bshape, G.length]);
          const out = mlir.tensor.gather(source, indices, { gather_dims: G, rank_reduced: reduced });
          const want = naiveGather(source, indices, G, reduced);
          expect(out.shape).toEqual(want.shape);
          expect(flat(out)).toEqual(want.values);
          // Scattering the gathered slices back (last wins on repeats) must reproduce the source.
          const back = mlir.tensor.scatter(
            out,
            tensor(new Float32Array(prod(shape)), 'float32', shape),
            indices,
            {
              scatter_dims: G,
              unique: true,
              duplicates: 'last',
            },
          );
          const touched = new Set<number>();
          for (let o = 0; o < prod(want.shape); o++) {
            // recover the flat dest position of each gathered element
            const v = want.values[o];
            touched.add(flat(source).indexOf(v));
          }
          const expected = flat(source).map((v, i) => (touched.has(i) ? v : 0));
          expect(flat(back)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('doc examples', () => {
  it('print what they say', () => {
    const g = mlir.tensor.gather(
      tensor(
        [
          [1, 2],
          [3, 4],
        ],
        'float32',
      ),
      tensor([[1]], 'int64'),
      { gather_dims: [0] },
    );
    expect(g.shape).toEqual([1, 1, 2]);
    expect(g.toArray()).toEqual([[[3, 4]]]);
    const s = mlir.tensor.scatter(
      tensor([[9, 9]], 'float32'),
      tensor(new Float32Array(4), 'float32', [2, 2]),
      tensor([[1]], 'int64'),
      { scatter_dims: [0], unique: true },
    );
    expect(s.toArray()).toEqual([
      [0, 0],
      [9, 9],
    ]);
    const source = tensor(
      [
        [1, 2, 3, 4],
        [11, 12, 13, 14],
        [21, 22, 23, 24],
        [31, 32, 33, 34],
      ],
      'float32',
    );
    const indices = tensor([[3], [0]], 'int64');
    expect(mlir.tensor.gather(source, indices, { gather_dims: [1] }).shape).toEqual([2, 4, 1]);
    expect(mlir.tensor.gather(source, indices, { gather_dims: [1], rank_reduced: true }).toArray()).toEqual([
      [4, 14, 24, 34],
      [1, 11, 21, 31],
    ]);
  });
});
