import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DType, type Tensor, tensor, webnn } from '../src/index.js';
import { codeOf } from './helpers/errors.js';

const f32 = (v: number[], shape: number[]) => tensor(new Float32Array(v), 'float32', shape);
const u32 = (v: number[], shape: number[]) => tensor(new Uint32Array(v), 'uint32', shape);
const input43 = () => f32([0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32], [4, 3]);
const input422 = () =>
  f32([0, 1, 10, 11, 100, 101, 110, 111, 200, 201, 210, 211, 300, 301, 310, 311], [4, 2, 2]);

describe('WebNN spec examples (index.bs), verbatim', () => {
  it('gather: three slicing schemes', () => {
    const out1 = webnn.gather(input43(), u32([3, 1], [2]));
    expect(out1.shape).toEqual([2, 3]);
    expect(out1.toArray()).toEqual([
      [30, 31, 32],
      [10, 11, 12],
    ]);
    const out2 = webnn.gather(input43(), u32([2, 1, 1], [3]), { axis: 1 });
    expect(out2.toArray()).toEqual([
      [2, 1, 1],
      [12, 11, 11],
      [22, 21, 21],
      [32, 31, 31],
    ]);
    const out3 = webnn.gather(input43(), u32([0, 1, 1, 2], [2, 2]), { axis: 1 });
    expect(out3.shape).toEqual([4, 2, 2]);
    expect(out3.toArray()).toEqual([
      [
        [0, 1],
        [1, 2],
      ],
      [
        [10, 11],
        [11, 12],
      ],
      [
        [20, 21],
        [21, 22],
      ],
      [
        [30, 31],
        [31, 32],
      ],
    ]);
  });

  it('gatherElements: three examples (output has the indices shape)', () => {
    const out1 = webnn.gatherElements(input43(), u32([3, 1, 1, 2, 0, 3], [2, 3]));
    expect(out1.shape).toEqual([2, 3]);
    expect(out1.toArray()).toEqual([
      [30, 11, 12],
      [20, 1, 32],
    ]);
    const out2 = webnn.gatherElements(input43(), u32([2, 1, 0, 2], [4, 1]), { axis: 1 });
    expect(out2.toArray()).toEqual([[2], [11], [20], [32]]);
    const out3 = webnn.gatherElements(input422(), u32([0, 2, 1, 3], [1, 2, 2]), { axis: 0 });
    expect(out3.toArray()).toEqual([
      [
        [0, 201],
        [110, 311],
      ],
    ]);
  });

  it('gatherND: five examples', () => {
    const in22 = f32([0, 1, 2, 3], [2, 2]);
    const in222 = f32([0, 1, 2, 3, 4, 5, 6, 7], [2, 2, 2]);
    expect(webnn.gatherND(in22, u32([0, 0, 1, 1, 1, 0], [3, 2])).toArray()).toEqual([0, 3, 2]);
    expect(webnn.gatherND(in22, u32([1, 0], [2, 1])).toArray()).toEqual([
      [2, 3],
      [0, 1],
    ]);
    expect(webnn.gatherND(in222, u32([0, 1, 1, 0], [2, 2])).toArray()).toEqual([
      [2, 3],
      [4, 5],
    ]);
    expect(webnn.gatherND(in222, u32([1, 0, 1], [3, 1])).toArray()).toEqual([
      [
        [4, 5],
        [6, 7],
      ],
      [
        [0, 1],
        [2, 3],
      ],
      [
        [4, 5],
        [6, 7],
      ],
    ]);
    expect(
      webnn.gatherND(in222, u32([0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1], [5, 3])).toArray(),
    ).toEqual([1, 2, 4, 6, 7]);
  });

  // The spec's scatter examples declare updates as uint32 holding negatives; the validation steps
  // require updates' data type = input's (float32), so the float32 values of the comments are used.
  it('scatterElements: three examples', () => {
    const out1 = webnn.scatterElements(
      input43(),
      u32([3, 1, 1, 2, 0, 3], [2, 3]),
      f32([-1, -2, -3, -4, -5, -6], [2, 3]),
    );
    expect(out1.toArray()).toEqual([
      [0, -5, 2],
      [10, -2, -3],
      [-4, 21, 22],
      [-1, 31, -6],
    ]);
    const out2 = webnn.scatterElements(input43(), u32([2, 1, 0, 2], [4, 1]), f32([-1, -2, -3, -4], [4, 1]), {
      axis: 1,
    });
    expect(out2.toArray()).toEqual([
      [0, 1, -1],
      [10, -2, 12],
      [-3, 21, 22],
      [30, 31, -4],
    ]);
    const out3 = webnn.scatterElements(
      input422(),
      u32([0, 2, 1, 3], [1, 2, 2]),
      f32([-1, -2, -3, -4], [1, 2, 2]),
      { axis: 0 },
    );
    expect(out3.toArray()).toEqual([
      [
        [-1, 1],
        [10, 11],
      ],
      [
        [100, 101],
        [-3, 111],
      ],
      [
        [200, -2],
        [210, 211],
      ],
      [
        [300, 301],
        [310, -4],
      ],
    ]);
  });

  // Examples 3 and 4: the code's constants disagree with the comments; the comments are self-consistent.
  it('scatterND: four examples (as the comments state them)', () => {
    const out1 = webnn.scatterND(
      f32([0, 1, 2, 3, 4, 5, 6, 7], [8]),
      u32([4, 3, 1, 7], [4, 1]),
      f32([-1, -2, -3, -4], [4]),
    );
    expect(out1.toArray()).toEqual([0, -3, 2, -2, -1, 5, 6, -4]);
    const out2 = webnn.scatterND(f32([0, 1, 2, 3], [2, 2]), u32([0, 0, 1, 1], [2, 2]), f32([-1, -2], [2]));
    expect(out2.toArray()).toEqual([
      [-1, 1],
      [2, -2],
    ]);
    const out3 = webnn.scatterND(
      f32([0, 1, 2, 3, 4, 5], [3, 2]),
      u32([2, 0], [2, 1]),
      f32([-1, -2, -3, -4], [2, 2]),
    );
    expect(out3.toArray()).toEqual([
      [-3, -4],
      [2, 3],
      [-1, -2],
    ]);
    const out4 = webnn.scatterND(
      f32([0, 1, 2, 3, 4, 5, 6, 7], [2, 2, 2]),
      u32([0, 1, 1, 0], [2, 2]),
      f32([-1, -2, -3, -4], [2, 2]),
    );
    expect(out4.toArray()).toEqual([
      [
        [0, 1],
        [-1, -2],
      ],
      [
        [-3, -4],
        [6, 7],
      ],
    ]);
  });
});

describe('WebNN WPT behaviour and policies', () => {
  it('gatherElements clamps an out-of-range index (index 7 on a size-6 axis reads the last element)', () => {
    const input = f32([10, 11, 12, 13, 14, 15], [6]);
    expect(webnn.gatherElements(input, tensor([7, 0], 'int32')).toArray()).toEqual([15, 10]);
  });
  it('negative indices count from the end once; below -N clamps to 0', () => {
    const input = f32([10, 11, 12], [3]);
    expect(webnn.gather(input, tensor([-1, -3, -4, 5], 'int64')).toArray()).toEqual([12, 10, 10, 12]);
  });
  it('outOfBounds: "error" throws webnn.gather.index_out_of_bounds', () => {
    expect(codeOf(() => webnn.gather(f32([1, 2], [2]), tensor([2], 'int32'), { outOfBounds: 'error' }))).toBe(
      'webnn.gather.index_out_of_bounds',
    );
  });
  it('duplicates: last wins by default, "error" throws webnn.scatterND.duplicate_indices', () => {
    const input = f32([0, 0], [2]);
    expect(webnn.scatterND(input, u32([1, 1], [2, 1]), f32([5, 6], [2])).toArray()).toEqual([0, 6]);
    expect(
      codeOf(() => webnn.scatterND(input, u32([1, 1], [2, 1]), f32([5, 6], [2]), { duplicates: 'error' })),
    ).toBe('webnn.scatterND.duplicate_indices');
  });
  it('gather accepts 0-D indices (output rank r + q - 1 = 0)', () => {
    expect(webnn.gather(tensor([5, 6, 7], 'int32'), tensor(2n, 'int64', [])).toArray()).toEqual(7);
  });
  it('WPT gatherElements shapes: input [1,2,3], indices [2,2,3], axis 0 → [2,2,3]', () => {
    const out = webnn.gatherElements(
      f32([0, 1, 2, 3, 4, 5], [1, 2, 3]),
      tensor(new Int32Array(12), 'int32', [2, 2, 3]),
    );
    expect(out.shape).toEqual([2, 2, 3]);
  });
});

describe('WebNN validation steps: one named error per rule', () => {
  const x = () => f32([0, 1, 2, 3, 4, 5], [2, 3]);
  const cases: [string, () => unknown][] = [
    ['webnn.gather.input_dataType', () => webnn.gather(tensor([1, 2], 'float64'), tensor([0], 'int32'))],
    ['webnn.gather.indices_dataType', () => webnn.gather(x(), tensor([0], 'int8'))],
    [
      'webnn.gather.valid_dimension',
      () => webnn.gather(tensor(new Float32Array(0), 'float32', [0, 2]), tensor([0], 'int32')),
    ],
    ['webnn.gather.axis', () => webnn.gather(x(), tensor([0], 'int32'), { axis: 2 })],
    [
      'webnn.gather.outOfBounds',
      () => webnn.gather(x(), tensor([0], 'int32'), { outOfBounds: 'wrap' as never }),
    ],
    [
      'webnn.gatherElements.input_rank',
      () => webnn.gatherElements(tensor(1, 'float32', []), tensor(0, 'int32', [])),
    ],
    ['webnn.gatherElements.indices_rank', () => webnn.gatherElements(x(), tensor([0], 'int32'))],
    ['webnn.gatherElements.axis', () => webnn.gatherElements(x(), tensor([[0, 0, 0]], 'int32'), { axis: 4 })],
    ['webnn.gatherElements.indices_shape', () => webnn.gatherElements(x(), tensor([[0, 0]], 'int32'))],
    [
      'webnn.gatherElements.indices_dataType',
      () => webnn.gatherElements(x(), tensor([[0, 0, 0]], 'float32')),
    ],
    ['webnn.gatherND.input_rank', () => webnn.gatherND(tensor(1, 'float32', []), tensor([[0]], 'int32'))],
    ['webnn.gatherND.indices_rank', () => webnn.gatherND(x(), tensor(0, 'int32', []))],
    ['webnn.gatherND.coordinate_size', () => webnn.gatherND(x(), tensor([[0, 0, 0]], 'int32'))],
    ['webnn.gatherND.indices_dataType', () => webnn.gatherND(x(), tensor([[0]], 'uint64'))],
    [
      'webnn.scatterElements.updates_dataType',
      () => webnn.scatterElements(x(), tensor([[0, 0, 0]], 'int32'), tensor([[1, 1, 1]], 'int32')),
    ],
    [
      'webnn.scatterElements.indices_rank',
      () => webnn.scatterElements(x(), tensor([0], 'int32'), f32([1], [1])),
    ],
    [
      'webnn.scatterElements.updates_rank',
      () => webnn.scatterElements(x(), tensor([[0, 0, 0]], 'int32'), f32([1, 1, 1], [3])),
    ],
    [
      'webnn.scatterElements.input_rank',
      () => webnn.scatterElements(tensor(1, 'float32', []), tensor(0, 'int32', []), tensor(1, 'float32', [])),
    ],
    [
      'webnn.scatterElements.axis',
      () => webnn.scatterElements(x(), tensor([[0, 0, 0]], 'int32'), f32([1, 1, 1], [1, 3]), { axis: 2 }),
    ],
    [
      'webnn.scatterElements.indices_shape',
      () => webnn.scatterElements(x(), tensor([[0, 0]], 'int32'), f32([1, 1], [1, 2])),
    ],
    [
      'webnn.scatterElements.updates_shape',
      () => webnn.scatterElements(x(), tensor([[0, 0, 0]], 'int32'), f32([1, 1, 1, 1, 1, 1], [2, 3])),
    ],
    [
      'webnn.scatterElements.duplicates',
      () =>
        webnn.scatterElements(x(), tensor([[0, 0, 0]], 'int32'), f32([1, 1, 1], [1, 3]), {
          duplicates: 'sum' as never,
        }),
    ],
    [
      'webnn.scatterND.input_rank',
      () => webnn.scatterND(tensor(1, 'float32', []), tensor([[0]], 'int32'), f32([1], [1])),
    ],
    ['webnn.scatterND.indices_rank', () => webnn.scatterND(x(), tensor(0, 'int32', []), x())],
    [
      'webnn.scatterND.coordinate_size',
      () => webnn.scatterND(x(), tensor([[0, 0, 0]], 'int32'), f32([1], [1])),
    ],
    [
      'webnn.scatterND.updates_shape',
      () => webnn.scatterND(x(), tensor([[0]], 'int32'), f32([1, 1], [1, 2])),
    ],
    [
      'webnn.scatterND.updates_dataType',
      () => webnn.scatterND(x(), tensor([[0]], 'int32'), tensor([[1, 1, 1]], 'int32')),
    ],
    [
      'webnn.scatterND.indices_dataType',
      () => webnn.scatterND(x(), tensor([[0]], 'float32'), f32([1, 1, 1], [1, 3])),
    ],
    [
      'webnn.scatterND.valid_dimension',
      () => webnn.scatterND(x(), tensor(new Int32Array(0), 'int32', [0, 1]), f32([], [0, 3])),
    ],
  ];
  for (const [code, fn] of cases) it(code, () => expect(codeOf(fn)).toBe(code));
});

// ---- property tests against a naive loop of the spec formulas (clamp + wrap-once policy) ----
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
const norm = (v: number, n: number) => Math.min(Math.max(v < 0 ? v + n : v, 0), n - 1);
const posTensor = (shape: number[]) =>
  tensor(
    Float32Array.from({ length: prod(shape) }, (_, i) => i * 10 + 1),
    'float32',
    shape,
  );
const flat = (t: Tensor) => Array.from(t.data as ArrayLike<number>, Number);

const shapeArb = (minRank: number, maxRank: number) =>
  fc.array(fc.integer({ min: 1, max: 4 }), { minLength: minRank, maxLength: maxRank });
const idxDType = fc.constantFrom<DType>('int32', 'int64', 'uint32');
const idxTensor = (vals: number[], shape: number[], dt: DType) => {
  const v = dt === 'uint32' ? vals.map((x) => Math.abs(x)) : vals;
  return tensor(dt === 'int64' ? v.map(BigInt) : v, dt, shape);
};

describe('WebNN property tests vs naive loops', () => {
  it('gather', () => {
    fc.assert(
      fc.property(
        shapeArb(1, 3),
        shapeArb(0, 2),
        fc.nat(),
        idxDType,
        fc.infiniteStream(fc.integer({ min: -7, max: 7 })),
        (ish, qsh, ax, dt, vals) => {
          const axis = ax % ish.length;
          const n = prod(qsh);
          const iv = [...vals.take(n)];
          const indices = idxTensor(iv, qsh, dt);
          const input = posTensor(ish);
          const out = webnn.gather(input, indices, { axis });
          const oshape = [...ish.slice(0, axis), ...qsh, ...ish.slice(axis + 1)];
          expect(out.shape).toEqual(oshape);
          const ivals = flat(indices);
          const expected = Array.from({ length: prod(oshape) }, (_, o) => {
            const ix = unravel(o, oshape);
            const qi = ix.slice(axis, axis + qsh.length);
            const k = norm(ivals[ravel(qi, qsh)], ish[axis]);
            return flat(input)[ravel([...ix.slice(0, axis), k, ...ix.slice(axis + qsh.length)], ish)];
          });
          expect(flat(out)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gatherElements and scatterElements', () => {
    fc.assert(
      fc.property(
        shapeArb(1, 3),
        fc.nat(),
        fc.integer({ min: 1, max: 4 }),
        idxDType,
        fc.infiniteStream(fc.integer({ min: -7, max: 7 })),
        (ish, ax, m, dt, vals) => {
          const axis = ax % ish.length;
          const qsh = ish.map((d, i) => (i === axis ? m : d));
          const iv = [...vals.take(prod(qsh))];
          const indices = idxTensor(iv, qsh, dt);
          const ivals = flat(indices);
          const input = posTensor(ish);
          const target = (j: number) => {
            const ix = unravel(j, qsh);
            ix[axis] = norm(ivals[j], ish[axis]);
            return ravel(ix, ish);
          };
          const g = webnn.gatherElements(input, indices, { axis });
          expect(g.shape).toEqual(qsh);
          expect(flat(g)).toEqual(ivals.map((_, j) => flat(input)[target(j)]));
          const updates = tensor(
            Float32Array.from(ivals, (_, j) => -(j + 1)),
            'float32',
            qsh,
          );
          const s = webnn.scatterElements(input, indices, updates, { axis });
          const expected = flat(input);
          ivals.forEach((_, j) => {
            expected[target(j)] = -(j + 1);
          });
          expect(flat(s)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gatherND and scatterND', () => {
    fc.assert(
      fc.property(
        shapeArb(1, 3),
        shapeArb(0, 2),
        fc.nat(),
        idxDType,
        fc.infiniteStream(fc.integer({ min: -7, max: 7 })),
        (ish, bsh, kk, dt, vals) => {
          const k = 1 + (kk % ish.length);
          const qsh = [...bsh, k];
          const indices = idxTensor([...vals.take(prod(qsh))], qsh, dt);
          const ivals = flat(indices);
          const input = posTensor(ish);
          const tail = ish.slice(k);
          const oshape = [...bsh, ...tail];
          const src = (o: number) => {
            const ix = unravel(o, oshape);
            const b = ravel(ix.slice(0, bsh.length), bsh);
            const coord = Array.from({ length: k }, (_, c) => norm(ivals[b * k + c], ish[c]));
            return ravel([...coord, ...ix.slice(bsh.length)], ish);
          };
          const g = webnn.gatherND(input, indices);
          expect(g.shape).toEqual(oshape);
          expect(flat(g)).toEqual(Array.from({ length: prod(oshape) }, (_, o) => flat(input)[src(o)]));
          const updates = tensor(
            Float32Array.from({ length: prod(oshape) }, (_, j) => -(j + 1)),
            'float32',
            oshape,
          );
          const s = webnn.scatterND(input, indices, updates);
          const expected = flat(input);
          for (let o = 0; o < prod(oshape); o++) expected[src(o)] = -(o + 1);
          expect(flat(s)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('doc comment examples', () => {
  it('print what they say', () => {
    expect(
      webnn
        .gather(
          tensor(
            [
              [0, 1, 2],
              [10, 11, 12],
            ],
            'float32',
          ),
          tensor([1, 0], 'uint32'),
          { axis: 0 },
        )
        .toArray(),
    ).toEqual([
      [10, 11, 12],
      [0, 1, 2],
    ]);
    expect(
      webnn
        .gatherElements(
          tensor(
            [
              [0, 1],
              [10, 11],
            ],
            'float32',
          ),
          tensor([[1, 0]], 'int32'),
        )
        .toArray(),
    ).toEqual([[10, 1]]);
    expect(
      webnn
        .gatherND(
          tensor(
            [
              [0, 1],
              [2, 3],
            ],
            'float32',
          ),
          tensor([[1, 0]], 'uint32'),
        )
        .toArray(),
    ).toEqual([2]);
    expect(
      webnn
        .scatterElements(tensor([0, 0, 0], 'float32'), tensor([2], 'int32'), tensor([5], 'float32'))
        .toArray(),
    ).toEqual([0, 0, 5]);
    expect(
      webnn
        .scatterND(tensor([0, 1, 2], 'float32'), tensor([[0]], 'uint32'), tensor([9], 'float32'))
        .toArray(),
    ).toEqual([9, 1, 2]);
  });
});
