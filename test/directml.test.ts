import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DType, type Tensor, directml, tensor } from '../src/index.js';
import { codeOf } from './helpers/errors.js';

const f32 = (v: number[], shape: number[]) => tensor(new Float32Array(v), 'float32', shape);
const u32 = (v: number[], shape: number[]) => tensor(new Uint32Array(v), 'uint32', shape);

describe('DML_GATHER_OPERATOR_DESC examples (seed 002), verbatim', () => {
  it('Example 1. 1D remapping', () => {
    const out = directml.GATHER({
      Axis: 0,
      IndexDimensions: 1,
      InputTensor: f32([11, 12, 13, 14], [4]),
      IndicesTensor: u32([3, 1, 3, 0, 2], [5]),
      OutputTensor: { Sizes: [5], DataType: 'FLOAT32' },
    });
    expect(out.shape).toEqual([5]);
    expect(out.toArray()).toEqual([14, 12, 14, 11, 13]);
  });
  it('Example 2. 2D output, 1D indices, Axis 0, concatenate rows', () => {
    const out = directml.GATHER({
      Axis: 0,
      IndexDimensions: 1,
      InputTensor: f32([1, 2, 3, 4, 5, 6], [3, 2]),
      IndicesTensor: u32([0, 1, 1, 2], [1, 4]),
      OutputTensor: { Sizes: [4, 2], DataType: 'FLOAT32' },
    });
    expect(out.toArray()).toEqual([
      [1, 2],
      [3, 4],
      [3, 4],
      [5, 6],
    ]);
  });
  it('Example 3. 2D, Axis 1, swap columns', () => {
    const out = directml.GATHER({
      Axis: 1,
      IndexDimensions: 2,
      InputTensor: f32([1, 2, 3, 4, 5, 6], [3, 2]),
      IndicesTensor: u32([1, 0], [1, 2]),
      OutputTensor: { Sizes: [3, 2], DataType: 'FLOAT32' },
    });
    expect(out.toArray()).toEqual([
      [2, 1],
      [4, 3],
      [6, 5],
    ]);
  });
  it('Example 4. 2D, Axis 1, nested indices', () => {
    const out = directml.GATHER({
      Axis: 2,
      IndexDimensions: 2,
      InputTensor: f32([1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 3, 3]),
      IndicesTensor: u32([0, 2], [1, 1, 2]),
      OutputTensor: { Sizes: [3, 1, 2], DataType: 'FLOAT32' },
    });
    expect(out.toArray()).toEqual([[[1, 3]], [[4, 6]], [[7, 9]]]);
  });
  it('Example 5. 2D, Axis 0, nested indices', () => {
    const out = directml.GATHER({
      Axis: 1,
      IndexDimensions: 2,
      InputTensor: f32([1, 2, 3, 4, 5, 6], [1, 3, 2]),
      IndicesTensor: u32([0, 1, 1, 2], [1, 2, 2]),
      OutputTensor: { Sizes: [2, 2, 2], DataType: 'FLOAT32' },
    });
    expect(out.toArray()).toEqual([
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
});

describe('other DirectML doc examples', () => {
  it('DML_GATHER_ELEMENTS example (Axis 0)', () => {
    const out = directml.GATHER_ELEMENTS({
      Axis: 0,
      InputTensor: f32([1, 2, 3, 4, 5, 6, 7, 8, 9], [3, 3]),
      IndicesTensor: u32([1, 2, 0, 2, 0, 0], [2, 3]),
    });
    expect(out.toArray()).toEqual([
      [4, 8, 3],
      [7, 2, 3],
    ]);
  });
  it('DML_GATHER_ND sizes example: Input {3,4,5,6,7}, Indices {1,1,1,2,3} (IndicesDimensionCount 2) → {1,1,2,6,7}', () => {
    const call = directml.lower.GATHER_ND({
      InputTensor: tensor(new Float32Array(3 * 4 * 5 * 6 * 7), 'float32', [3, 4, 5, 6, 7]),
      IndicesTensor: tensor(new Uint32Array(6), 'uint32', [1, 1, 1, 2, 3]),
      InputDimensionCount: 5,
      IndicesDimensionCount: 2,
    });
    expect(call.reshape).toEqual([1, 1, 2, 6, 7]);
  });
});

describe('DirectML policies', () => {
  const input = f32([11, 12, 13, 14], [4]);
  it('invalid indices are clamped by default (no failure)', () => {
    expect(
      directml
        .GATHER({ InputTensor: input, IndicesTensor: u32([9, 0], [2]), Axis: 0, IndexDimensions: 1 })
        .toArray(),
    ).toEqual([14, 11]);
  });
  it('outOfBounds: "error" throws directml.GATHER.index_out_of_bounds', () => {
    expect(
      codeOf(() =>
        directml.GATHER(
          { InputTensor: input, IndicesTensor: u32([9], [1]), Axis: 0, IndexDimensions: 1 },
          { outOfBounds: 'error' },
        ),
      ),
    ).toBe('directml.GATHER.index_out_of_bounds');
  });
  it('negative indices count from the end from feature level 3_0 with a signed index type', () => {
    const idx = tensor([-1, -4], 'int32');
    expect(
      directml.GATHER({ InputTensor: input, IndicesTensor: idx, Axis: 0, IndexDimensions: 1 }).toArray(),
    ).toEqual([14, 11]);
  });
  it('feature level 2_1: 4-D only, UINT32 indices only', () => {
    const in4 = f32([1, 2, 3], [1, 1, 1, 3]);
    expect(
      directml
        .GATHER(
          { InputTensor: in4, IndicesTensor: u32([2], [1, 1, 1, 1]), Axis: 3, IndexDimensions: 1 },
          { featureLevel: '2_1' },
        )
        .toArray(),
    ).toEqual([[[[3]]]]);
    expect(
      codeOf(() =>
        directml.GATHER(
          { InputTensor: input, IndicesTensor: u32([0], [1]), Axis: 0, IndexDimensions: 1 },
          { featureLevel: '2_1' },
        ),
      ),
    ).toBe('directml.GATHER.DimensionCount');
    expect(
      codeOf(() =>
        directml.GATHER(
          { InputTensor: in4, IndicesTensor: tensor([[[[0]]]], 'int32'), Axis: 3, IndexDimensions: 1 },
          { featureLevel: 'DML_FEATURE_LEVEL_2_1' },
        ),
      ),
    ).toBe('directml.GATHER.IndicesTensor.DataType');
  });
  it('overlapping scatter targets: last wins by default; "error" throws directml.SCATTER.duplicate_indices', () => {
    const d = {
      InputTensor: f32([0, 0], [2]),
      IndicesTensor: u32([1, 1], [2]),
      UpdatesTensor: f32([5, 6], [2]),
      Axis: 0,
    };
    expect(directml.SCATTER(d).toArray()).toEqual([0, 6]);
    expect(codeOf(() => directml.SCATTER(d, { duplicates: 'error' }))).toBe(
      'directml.SCATTER.duplicate_indices',
    );
  });
});

describe('DirectML desc rules: one named error per rule', () => {
  const x = () => f32([1, 2, 3, 4, 5, 6], [2, 3]);
  const g =
    (over: object, opts = {}) =>
    () =>
      directml.GATHER(
        { InputTensor: x(), IndicesTensor: u32([0, 1], [1, 2]), Axis: 1, IndexDimensions: 1, ...over },
        opts,
      );
  const nd = (over: object) => () =>
    directml.GATHER_ND1({
      InputTensor: x(),
      IndicesTensor: u32([0, 1], [1, 2]),
      InputDimensionCount: 2,
      IndicesDimensionCount: 2,
      BatchDimensionCount: 0,
      ...over,
    });
  const sc = (over: object) => () =>
    directml.SCATTER({
      InputTensor: x(),
      IndicesTensor: u32([0, 1, 0], [1, 3]),
      UpdatesTensor: f32([7, 8, 9], [1, 3]),
      Axis: 0,
      ...over,
    });
  const snd = (over: object) => () =>
    directml.SCATTER_ND({
      InputTensor: x(),
      IndicesTensor: u32([1, 2], [1, 2]),
      UpdatesTensor: f32([7], [1, 1]),
      InputDimensionCount: 2,
      IndicesDimensionCount: 2,
      ...over,
    });
  const cases: [string, () => unknown][] = [
    ['directml.GATHER.InputTensor', g({ InputTensor: [1, 2] })],
    ['directml.GATHER.IndicesTensor.DimensionCount', g({ IndicesTensor: u32([0], [1]) })],
    [
      'directml.GATHER.DimensionCount',
      g({
        InputTensor: tensor(new Float32Array(1), 'float32', [1, 1, 1, 1, 1, 1, 1, 1, 1]),
        IndicesTensor: tensor(new Uint32Array(1), 'uint32', [1, 1, 1, 1, 1, 1, 1, 1, 1]),
      }),
    ],
    ['directml.GATHER.InputTensor.DataType', g({ InputTensor: tensor([[true, false]], 'bool') })],
    ['directml.GATHER.IndicesTensor.DataType', g({ IndicesTensor: tensor([[0, 1]], 'int16') })],
    ['directml.GATHER.Axis', g({ Axis: 2 })],
    ['directml.GATHER.IndexDimensions', g({ IndexDimensions: 3 })],
    ['directml.GATHER.IndexDimensions', g({ IndicesTensor: u32([0, 1, 0, 1], [2, 2]), IndexDimensions: 1 })],
    [
      'directml.GATHER.OutputTensor.DimensionCount',
      g({ IndicesTensor: u32([0, 1, 0, 1], [2, 2]), IndexDimensions: 2 }),
    ],
    ['directml.GATHER.OutputTensor.Sizes', g({ OutputTensor: { Sizes: [2, 3] } })],
    [
      'directml.GATHER.OutputTensor.DataType',
      g({ OutputTensor: { DataType: 'DML_TENSOR_DATA_TYPE_FLOAT16' } }),
    ],
    ['directml.GATHER.featureLevel', g({}, { featureLevel: 'latest' })],
    ['directml.GATHER.featureLevel', g({}, { featureLevel: '0_9' })],
    ['directml.GATHER.outOfBounds', g({}, { outOfBounds: 'wrap' })],
    [
      'directml.GATHER_ELEMENTS.Axis',
      () => directml.GATHER_ELEMENTS({ InputTensor: x(), IndicesTensor: u32([0, 0, 0], [1, 3]), Axis: 2 }),
    ],
    [
      'directml.GATHER_ELEMENTS.IndicesTensor.Sizes',
      () => directml.GATHER_ELEMENTS({ InputTensor: x(), IndicesTensor: u32([0, 0], [1, 2]), Axis: 0 }),
    ],
    [
      'directml.GATHER_ELEMENTS.IndicesTensor.DimensionCount',
      () => directml.GATHER_ELEMENTS({ InputTensor: x(), IndicesTensor: u32([0], [1]), Axis: 0 }),
    ],
    [
      'directml.GATHER_ELEMENTS.OutputTensor.Sizes',
      () =>
        directml.GATHER_ELEMENTS({
          InputTensor: x(),
          IndicesTensor: u32([0, 0, 0], [1, 3]),
          Axis: 0,
          OutputTensor: { Sizes: [2, 3] },
        }),
    ],
    ['directml.GATHER_ND1.InputDimensionCount', nd({ InputDimensionCount: 0 })],
    ['directml.GATHER_ND1.IndicesDimensionCount', nd({ IndicesDimensionCount: 3 })],
    ['directml.GATHER_ND1.BatchDimensionCount', nd({ BatchDimensionCount: 2 })],
    [
      'directml.GATHER_ND1.BatchDimensionCount',
      nd({ IndicesTensor: u32([0, 1, 2], [3, 1]), BatchDimensionCount: 1 }),
    ],
    ['directml.GATHER_ND1.IndexTupleSize', nd({ IndicesTensor: u32([0, 1, 0], [1, 3]) })],
    [
      'directml.GATHER_ND.IndexTupleSize',
      () =>
        directml.GATHER_ND({
          InputTensor: x(),
          IndicesTensor: u32([0, 1, 0], [1, 3]),
          InputDimensionCount: 2,
          IndicesDimensionCount: 2,
        }),
    ],
    ['directml.SCATTER.UpdatesTensor.DataType', sc({ UpdatesTensor: tensor([[7, 8, 9]], 'int32') })],
    ['directml.SCATTER.UpdatesTensor.DimensionCount', sc({ UpdatesTensor: f32([7, 8, 9], [3]) })],
    ['directml.SCATTER.UpdatesTensor.Sizes', sc({ UpdatesTensor: f32([7, 8, 9, 1, 1, 1], [2, 3]) })],
    [
      'directml.SCATTER.IndicesTensor.Sizes',
      sc({ IndicesTensor: u32([0, 1], [1, 2]), UpdatesTensor: f32([7, 8], [1, 2]) }),
    ],
    ['directml.SCATTER.Axis', sc({ Axis: 5 })],
    ['directml.SCATTER.OutputTensor.Sizes', sc({ OutputTensor: { Sizes: [3, 2] } })],
    [
      'directml.SCATTER.duplicates',
      () =>
        directml.SCATTER(
          {
            InputTensor: x(),
            IndicesTensor: u32([0, 1, 0], [1, 3]),
            UpdatesTensor: f32([7, 8, 9], [1, 3]),
            Axis: 0,
          },
          { duplicates: 'any' as never },
        ),
    ],
    ['directml.SCATTER_ND.UpdatesTensor.Sizes', snd({ UpdatesTensor: f32([7, 7], [1, 2]) })],
    ['directml.SCATTER_ND.IndexTupleSize', snd({ IndicesTensor: u32([1, 2, 0], [1, 3]) })],
    ['directml.SCATTER_ND.InputDimensionCount', snd({ InputDimensionCount: 3 })],
    ['directml.SCATTER_ND.IndicesTensor.DataType', snd({ IndicesTensor: tensor([[1.5, 2]], 'float32') })],
  ];
  for (const [code, fn] of cases) it(code, () => expect(codeOf(fn)).toBe(code));
});

// ---- property tests: naive loops of the documented pseudocode, clamp policy ----
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
const flat = (t: Tensor) => Array.from(t.data as ArrayLike<number>, Number);
const shapeArb = (lo: number, hi: number) =>
  fc.array(fc.integer({ min: 1, max: 3 }), { minLength: lo, maxLength: hi });
const idxT = (vals: number[], shape: number[], dt: DType) =>
  tensor(dt === 'int64' ? vals.map(BigInt) : dt === 'uint32' ? vals.map(Math.abs) : vals, dt, shape);
const pad = (s: number[], D: number) => [...new Array(D - s.length).fill(1), ...s];

describe('DirectML property tests vs naive loops', () => {
  it('GATHER (padded, right-aligned sizes)', () => {
    fc.assert(
      fc.property(
        shapeArb(1, 3),
        shapeArb(0, 2),
        fc.nat(),
        fc.constantFrom<DType>('int32', 'uint32', 'int64'),
        fc.infiniteStream(fc.integer({ min: -5, max: 5 })),
        (ish, qsh, ax, dt, vals) => {
          const axis = ax % ish.length;
          const D = Math.max(ish.length, qsh.length, ish.length + qsh.length - 1);
          const inP = pad(ish, D);
          const axisP = axis + D - ish.length;
          const idx = idxT([...vals.take(prod(qsh))], pad(qsh, D), dt);
          const input = tensor(
            Float32Array.from({ length: prod(ish) }, (_, i) => i + 1),
            'float32',
            inP,
          );
          const out = directml.GATHER({
            InputTensor: input,
            IndicesTensor: idx,
            Axis: axisP,
            IndexDimensions: qsh.length,
          });
          const oshape = [...ish.slice(0, axis), ...qsh, ...ish.slice(axis + 1)];
          expect(out.size).toBe(prod(oshape));
          expect(out.rank).toBe(D);
          const iv = flat(idx);
          const expected = Array.from({ length: prod(oshape) }, (_, o) => {
            const ix = unravel(o, oshape);
            const k = norm(iv[ravel(ix.slice(axis, axis + qsh.length), qsh)], ish[axis]);
            return flat(input)[ravel([...ix.slice(0, axis), k, ...ix.slice(axis + qsh.length)], ish)];
          });
          expect(flat(out)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('GATHER_ND1 and SCATTER_ND', () => {
    fc.assert(
      fc.property(
        shapeArb(1, 3),
        fc.nat(),
        fc.nat(),
        shapeArb(0, 1),
        fc.infiniteStream(fc.integer({ min: -4, max: 4 })),
        (ish, bb, kk, extra, vals) => {
          const b = bb % ish.length;
          const k = 1 + (kk % (ish.length - b));
          const qsh = [...ish.slice(0, b), ...extra, k];
          const D = Math.max(ish.length, qsh.length);
          const input = tensor(
            Float32Array.from({ length: prod(ish) }, (_, i) => i + 1),
            'float32',
            pad(ish, D),
          );
          const indices = idxT([...vals.take(prod(qsh))], pad(qsh, D), 'int32');
          const iv = flat(indices);
          const oshape = [...qsh.slice(0, -1), ...ish.slice(b + k)];
          const src = (o: number) => {
            const ix = unravel(o, oshape);
            const row = ravel(ix.slice(0, qsh.length - 1), qsh.slice(0, -1));
            const coord = Array.from({ length: k }, (_, c) => norm(iv[row * k + c], ish[b + c]));
            return ravel([...ix.slice(0, b), ...coord, ...ix.slice(qsh.length - 1)], ish);
          };
          const out = directml.GATHER_ND1({
            InputTensor: input,
            IndicesTensor: indices,
            InputDimensionCount: ish.length,
            IndicesDimensionCount: qsh.length,
            BatchDimensionCount: b,
          });
          expect(flat(out)).toEqual(Array.from({ length: prod(oshape) }, (_, o) => flat(input)[src(o)]));
          if (b === 0 && oshape.length <= D) {
            const updates = tensor(
              Float32Array.from({ length: prod(oshape) }, (_, i) => -(i + 1)),
              'float32',
              pad(oshape, D),
            );
            const s = directml.SCATTER_ND({
              InputTensor: input,
              IndicesTensor: indices,
              UpdatesTensor: updates,
              InputDimensionCount: ish.length,
              IndicesDimensionCount: qsh.length,
            });
            const expected = flat(input);
            for (let o = 0; o < prod(oshape); o++) expected[src(o)] = -(o + 1);
            expect(flat(s)).toEqual(expected);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('GATHER_ELEMENTS and SCATTER', () => {
    fc.assert(
      fc.property(
        shapeArb(1, 3),
        fc.nat(),
        fc.integer({ min: 1, max: 3 }),
        fc.infiniteStream(fc.integer({ min: -4, max: 4 })),
        (ish, ax, m, vals) => {
          const axis = ax % ish.length;
          const qsh = ish.map((d, i) => (i === axis ? m : d));
          const indices = idxT([...vals.take(prod(qsh))], qsh, 'int64');
          const iv = flat(indices);
          const input = tensor(
            Float32Array.from({ length: prod(ish) }, (_, i) => i + 1),
            'float32',
            ish,
          );
          const target = (j: number) => {
            const ix = unravel(j, qsh);
            ix[axis] = norm(iv[j], ish[axis]);
            return ravel(ix, ish);
          };
          expect(
            flat(directml.GATHER_ELEMENTS({ InputTensor: input, IndicesTensor: indices, Axis: axis })),
          ).toEqual(iv.map((_, j) => flat(input)[target(j)]));
          const updates = tensor(
            Float32Array.from(iv, (_, j) => -(j + 1)),
            'float32',
            qsh,
          );
          const expected = flat(input);
          iv.forEach((_, j) => {
            expected[target(j)] = -(j + 1);
          });
          expect(
            flat(
              directml.SCATTER({
                InputTensor: input,
                IndicesTensor: indices,
                UpdatesTensor: updates,
                Axis: axis,
              }),
            ),
          ).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('doc comment examples', () => {
  it('print what they say', () => {
    expect(
      directml
        .GATHER({
          InputTensor: tensor([11, 12, 13, 14], 'float32'),
          IndicesTensor: tensor([3, 1], 'uint32'),
          Axis: 0,
          IndexDimensions: 1,
        })
        .toArray(),
    ).toEqual([14, 12]);
    expect(
      directml
        .GATHER_ELEMENTS({
          InputTensor: tensor(
            [
              [1, 2],
              [3, 4],
            ],
            'float32',
          ),
          IndicesTensor: tensor([[1, 0]], 'uint32'),
          Axis: 0,
        })
        .toArray(),
    ).toEqual([[3, 2]]);
    const nd = directml.GATHER_ND({
      InputTensor: tensor(
        [
          [1, 2],
          [3, 4],
        ],
        'float32',
      ),
      IndicesTensor: tensor([[1, 0]], 'uint32'),
      InputDimensionCount: 2,
      IndicesDimensionCount: 2,
    });
    expect(nd.shape).toEqual([1, 1]);
    expect(nd.toArray()).toEqual([[3]]);
    const nd1 = directml.GATHER_ND1({
      InputTensor: tensor(
        [
          [1, 2],
          [3, 4],
        ],
        'float32',
      ),
      IndicesTensor: tensor([[1], [0]], 'uint32'),
      InputDimensionCount: 2,
      IndicesDimensionCount: 2,
      BatchDimensionCount: 1,
    });
    expect(nd1.toArray()).toEqual([[2, 3]]);
    expect(
      directml
        .SCATTER({
          InputTensor: tensor([0, 0, 0], 'float32'),
          IndicesTensor: tensor([2], 'uint32'),
          UpdatesTensor: tensor([7], 'float32'),
          Axis: 0,
        })
        .toArray(),
    ).toEqual([0, 0, 7]);
    expect(
      directml
        .SCATTER_ND({
          InputTensor: tensor(
            [
              [0, 0],
              [0, 0],
            ],
            'float32',
          ),
          IndicesTensor: tensor([[1, 1]], 'uint32'),
          UpdatesTensor: tensor([[5]], 'float32'),
          InputDimensionCount: 2,
          IndicesDimensionCount: 2,
        })
        .toArray(),
    ).toEqual([
      [0, 0],
      [0, 5],
    ]);
  });
  it('docs/directml.md Example 4 snippet', () => {
    const out = directml.GATHER({
      Axis: 2,
      IndexDimensions: 2,
      InputTensor: tensor(
        [
          [
            [1, 2, 3],
            [4, 5, 6],
            [7, 8, 9],
          ],
        ],
        'float32',
      ),
      IndicesTensor: tensor([[[0, 2]]], 'uint32'),
      OutputTensor: { Sizes: [3, 1, 2], DataType: 'FLOAT32' },
    });
    expect(out.toArray()).toEqual([[[1, 3]], [[4, 6]], [[7, 9]]]);
  });
});
