/**
 * Caffe2's own upstream operator tests for the gather family, restated as data and run against
 * this library's Caffe2 frontend (the rehearsal for outside suites taken from Caffe2). Sources
 * (pytorch/pytorch, the stored versions read):
 *   caffe2/python/operator_test/gather_ops_test.py @ a76a354b5448852cdb777b9eb86000ae4f0d8840 —
 *     TestGatherOps.test_gather_ops, test_gather_ops_axis2, test_gather_ops_match_outer,
 *     test_batch_gather_op_match_outer, test_gather_op_match_outer_axis2_data4D_ind4D;
 *     TestBatchGatherOps.test_batch_gather_ops;
 *   caffe2/python/operator_test/gather_test.py @ 0a121bad295f6f5328321f5b6d7cb5e78c2caafd —
 *     TestGatherOpCPU (the dtype tests);
 *   caffe2/operators/batch_gather_ops.cc (the operator docs, both the `INDICES = [0, 2]` and the
 *     older `INDICES = [[0, 2]]` example);
 *   and, where the tests are silent, the kernel both operators run: gather_helper::gather_impl,
 *   calc_output_shape_vector and check_indexarray_range in caffe2/operators/gather_op.h
 *   (wrap_indices as of 0ffa9372db810b0ed4e70d8552b59c522bc170a0; match_outer as in the last
 *   version before caffe2 was removed, the one gather_ops_test.py @ a76a354b exercises).
 * Not restated: TestGatherFused8BitRowwise (GatherFused8BitRowwise and the 8-bit rowwise
 * quantizers are not implemented here) and assertDeviceChecks (one CPU device).
 *
 * The upstream tests draw inputs with hypothesis and compare with NumPy references (data.take,
 * per-batch `data[i, ind[i]]` loops). Here: a few draws made once with the upstream generators
 * (numpy RandomState(20240601), /usr/bin/python3, NumPy 1.24), data np.arange(size) so every value
 * is exact, expected values from the tests' own reference functions, written out as data; then a
 * fixed set of hypothesis-style draws over the upstream ranges (a seeded generator here), checked
 * against the reference functions restated below (and at each range's ends). assertGradientChecks
 * (a finite-difference check of BatchGatherGradient / the sparse Gather gradient) is restated as
 * an exact check of this library's vjp: the gradient is the cotangent scatter-added into zeros at
 * the rows read (integer cotangents, so every sum is exact).
 * Cases test/caffe2.test.ts already has verbatim (the Gather and BatchGather doc examples, the
 * wrap_indices defaults) are left out.
 */
import { describe, expect, it } from 'vitest';
import { vjp } from '../src/autodiff/vjp.js';
import { DTypeError, IndexOutOfBoundsError, type Tensor, caffe2, tensor } from '../src/index.js';
import { arange, zeros } from '../src/tensor/tensor.js';
import { caught, codeOf, typedCode as typed } from './helpers/errors.js';
import { rng as seededRng } from './reference/random-cases.js';

/** A space-separated list of numbers. */
const nums = (s: string): number[] => (s === '' ? [] : s.split(' ').map(Number));
const prod = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
/** A tensor's values, flat, as numbers (int64 comes back as bigint). */
const flat = (t: Tensor): number[] => Array.from(t.data as ArrayLike<number | bigint>, Number);
/** np.arange(prod(shape)).astype(float32).reshape(shape), plus `shift`. */
const seq = (shape: readonly number[], shift = 0) =>
  tensor(
    Float32Array.from({ length: prod(shape) }, (_, k) => k + shift),
    'float32',
    shape,
  );
const I32 = (v: number[], shape: readonly number[]) => tensor(Int32Array.from(v), 'int32', shape);

/** The shared seeded generator (test/reference/random-cases.ts) with hypothesis / np.random's draws. */
function rng(seed: number) {
  const { next, int } = seededRng(seed);
  return {
    int,
    /** np.random.random(shape).astype(float32). */
    random: (shape: readonly number[]) =>
      tensor(
        Float32Array.from({ length: prod(shape) }, () => next()),
        'float32',
        shape,
      ),
    /** np.random.randint(n, size=shape).astype('int32'). */
    randint: (n: number, shape: readonly number[]) =>
      I32(
        Array.from({ length: prod(shape) }, () => int(0, n - 1)),
        shape,
      ),
  };
}

/**
 * The upstream references, restated: each returns the output shape and, per output element, the
 * flat DATA position it reads (its value is DATA there; its gradient adds into DATA there).
 */
interface Ref {
  readonly shape: number[];
  readonly from: Int32Array;
}
/** ref_gather(axis) / ref_gather_axis0: data.take(ind, axis), read as positions. */
function refTake(
  dataShape: readonly number[],
  ind: readonly number[],
  indShape: readonly number[],
  axis: number,
): Ref {
  const outer = prod(dataShape.slice(0, axis));
  const n = dataShape[axis];
  const block = prod(dataShape.slice(axis + 1));
  const shape = [...dataShape.slice(0, axis), ...indShape, ...dataShape.slice(axis + 1)];
  const from = new Int32Array(prod(shape));
  let k = 0;
  for (let o = 0; o < outer; o++)
    for (const i of ind) for (let b = 0; b < block; b++) from[k++] = (o * n + i) * block + b;
  return { shape, from };
}
/** ref_gather_match_outer(axis): output[a...] = data[a..., ind[a...]] for the first `axis` dims. */
function refMatchOuter(
  dataShape: readonly number[],
  ind: readonly number[],
  indShape: readonly number[],
  axis: number,
): Ref {
  const outer = prod(dataShape.slice(0, axis));
  const n = dataShape[axis];
  const block = prod(dataShape.slice(axis + 1));
  const inner = prod(indShape.slice(axis));
  const shape = [...dataShape.slice(0, axis), ...indShape.slice(axis), ...dataShape.slice(axis + 1)];
  const from = new Int32Array(prod(shape));
  let k = 0;
  for (let o = 0; o < outer; o++)
    for (let j = 0; j < inner; j++)
      for (let b = 0; b < block; b++) from[k++] = (o * n + ind[o * inner + j]) * block + b;
  return { shape, from };
}

/** Checks a result against a reference: shape, dtype float32 and every value. */
function expectRef(out: Tensor, data: Tensor, ref: Ref): void {
  expect(out.shape).toEqual(ref.shape);
  expect(out.dtype).toBe('float32');
  const d = data.data as Float32Array;
  const o = out.data as Float32Array;
  expect(o.length).toBe(ref.from.length);
  let bad = -1;
  for (let k = 0; k < o.length && bad < 0; k++) if (!Object.is(o[k], d[ref.from[k]])) bad = k;
  expect(bad, `first differing element ${bad}`).toBe(-1);
}

/** assertGradientChecks, exactly: vjp's DATA gradient is the integer cotangent scatter-added at `ref.from`. */
function expectGradient(lowered: Parameters<typeof vjp>[0], data: Tensor, ref: Ref, seed: number): void {
  const r = rng(seed);
  const ct = tensor(
    Float32Array.from({ length: prod(ref.shape) }, () => r.int(-4, 4)),
    'float32',
    ref.shape,
  );
  const want = new Float32Array(prod(data.shape));
  const c = ct.data as Float32Array;
  for (let k = 0; k < c.length; k++) want[ref.from[k]] += c[k];
  const g = (vjp(lowered).backward(ct) as Record<string, Tensor>).DATA;
  expect(g.shape).toEqual(data.shape);
  expect(g.dtype).toBe('float32');
  expect(Array.from(g.data as Float32Array)).toEqual(Array.from(want));
}

describe('gather_test.py TestGatherOpCPU: Gather of every dtype equals np.take(data, inds)', () => {
  // run_gather: DATA cast to the dtype, INDICES int32, default arguments; expected np.take.
  const cases: [string, Parameters<typeof tensor>[1], number[], number[], (number | bigint)[]][] = [
    ['test_gather_int8', 'int8', [1, 2, 3, 4], [3, 2, 1, 0], [4, 3, 2, 1]],
    [
      'test_gather_float64 (and test_gather_double)',
      'float64',
      [1.3482698511467371e308, -1.3482698511467371e308, 0.9999999999999999, 5e-324],
      [3, 0, 1, 2],
      [5e-324, 1.3482698511467371e308, -1.3482698511467371e308, 0.9999999999999999],
    ],
    // np.float16 rounds 1.01 → 1.009765625, 0.99951 → 0.99951171875, 0.000061035 → 2^-14.
    [
      'test_gather_fp16',
      'float16',
      [1.01, 0.99951, 65504, 0.000061035],
      [3, 0, 1, 2],
      [6.103515625e-5, 1.009765625, 0.99951171875, 65504],
    ],
    // np.long: the floats truncate to [1, 0, 65504, 0].
    ['test_gather_long', 'int64', [1, 0, 65504, 0], [3, 0, 1, 2], [0n, 1n, 0n, 65504n]],
    // np.float is float64.
    [
      'test_gather_float',
      'float64',
      [1.4012984645e-45, 3.4028234664e38, 0.9999999404, 1.0000001192],
      [3, 0, 1, 2],
      [1.0000001192, 1.4012984645e-45, 3.4028234664e38, 0.9999999404],
    ],
  ];
  for (const [name, dtype, data, inds, expected] of cases) {
    it(name, () => {
      const out = caffe2.Gather(tensor(data, dtype), I32(inds, [4]));
      expect(out.dtype).toBe(dtype);
      expect(out.shape).toEqual([4]);
      expect(out.toArray()).toEqual(expected);
    });
  }
});

describe('batch_gather_ops.cc: the BatchGather doc examples', () => {
  const data = () =>
    tensor(
      [
        [1.0, 1.2, 2.4, 4.5],
        [2.3, 3.4, 3.6, 2.3],
        [4.5, 5.7, 1.2, 4.5],
      ],
      'float32',
    );
  const f = Math.fround;
  it('older docstring, INDICES = [[0, 2]]: the values it prints, in the [3, 1, 2] shape its shape function gives', () => {
    // The docstring prints a [3, 2] OUTPUT; calc_output_shape_vector gives data[:1] + [1, 2] + [].
    const out = caffe2.BatchGather(data(), I32([0, 2], [1, 2]));
    expect(out.shape).toEqual([3, 1, 2]);
    expect(out.toArray()).toEqual([[[1, f(2.4)]], [[f(2.3), f(3.6)]], [[f(4.5), f(1.2)]]]);
  });
});

// [test, data shape, indices shape, indices, output shape, output (, data when not arange)]
type Literal = [string, number[], number[], string, number[], string, string?];
const LITERAL: Literal[] = [
  [
    'axis2',
    [2, 3, 5],
    [4],
    '0 1 1 2',
    [2, 3, 4],
    '0 1 1 2 5 6 6 7 10 11 11 12 15 16 16 17 20 21 21 22 25 26 26 27',
  ],
  ['axis2', [1, 1, 5], [1], '0', [1, 1, 1], '0'],
  [
    'axis2',
    [3, 6, 5],
    [7],
    '1 2 3 1 4 1 4',
    [3, 6, 7],
    '1 2 3 1 4 1 4 6 7 8 6 9 6 9 11 12 13 11 14 11 14 16 17 18 16 19 16 19 21 22 23 21 24 21 24 26 27 28 26 29 26 29 31 32 33 31 34 31 34 36 37 38 36 39 36 39 41 42 43 41 44 41 44 46 47 48 46 49 46 49 51 52 53 51 54 51 54 56 57 58 56 59 56 59 61 62 63 61 64 61 64 66 67 68 66 69 66 69 71 72 73 71 74 71 74 76 77 78 76 79 76 79 81 82 83 81 84 81 84 86 87 88 86 89 86 89',
  ],
  [
    'match_outer',
    [3, 4, 5],
    [3, 2],
    '0 3 1 1 1 3',
    [3, 2, 5],
    '0 1 2 3 4 15 16 17 18 19 25 26 27 28 29 25 26 27 28 29 45 46 47 48 49 55 56 57 58 59',
  ],
  ['match_outer', [1, 1, 5], [1, 1], '0', [1, 1, 5], '0 1 2 3 4'],
  [
    'match_outer',
    [2, 6, 5],
    [2, 5],
    '2 1 4 3 2 3 0 4 4 3',
    [2, 5, 5],
    '10 11 12 13 14 5 6 7 8 9 20 21 22 23 24 15 16 17 18 19 10 11 12 13 14 45 46 47 48 49 30 31 32 33 34 50 51 52 53 54 50 51 52 53 54 45 46 47 48 49',
  ],
  [
    'match_outer_axis2_4d',
    [2, 2, 3, 5],
    [2, 2, 2, 1],
    '1 1 0 0 1 0 0 1',
    [2, 2, 2, 1, 5],
    '5 6 7 8 9 5 6 7 8 9 15 16 17 18 19 15 16 17 18 19 35 36 37 38 39 30 31 32 33 34 45 46 47 48 49 50 51 52 53 54',
  ],
  [
    'match_outer_axis2_4d',
    [1, 3, 2, 5],
    [1, 3, 1, 2],
    '1 1 1 1 1 0',
    [1, 3, 1, 2, 5],
    '5 6 7 8 9 5 6 7 8 9 15 16 17 18 19 15 16 17 18 19 25 26 27 28 29 20 21 22 23 24',
  ],
  ['batch_gather', [2, 4, 2], [3, 1], '1 3 1', [2, 3, 1, 2], '-3 -2 1 2 -3 -2 5 6 9 10 5 6', '-5'],
  ['batch_gather', [3, 1, 1], [2, 1], '0 0', [3, 2, 1, 1], '-5 -5 -4 -4 -3 -3', '-5'],
];

/** How each upstream test calls the operator. */
const RUN: Record<string, (data: Tensor, ind: Tensor) => Tensor> = {
  axis2: (d, i) => caffe2.Gather(d, i, { axis: 2 }),
  match_outer: (d, i) => caffe2.Gather(d, i, { axis: 1, match_outer: true }),
  match_outer_axis2_4d: (d, i) => caffe2.Gather(d, i, { axis: 2, match_outer: true }),
  batch_gather: (d, i) => caffe2.BatchGather(d, i),
};
const TEST_NAME: Record<string, string> = {
  axis2: 'TestGatherOps.test_gather_ops_axis2',
  match_outer: 'TestGatherOps.test_gather_ops_match_outer',
  match_outer_axis2_4d: 'TestGatherOps.test_gather_op_match_outer_axis2_data4D_ind4D',
  batch_gather: 'TestBatchGatherOps.test_batch_gather_ops',
};

describe('gather_ops_test.py: draws written out (data arange, NumPy reference values)', () => {
  for (const [test, ds, is, ind, os, expected, shift] of LITERAL) {
    it(`${TEST_NAME[test]}: data ${JSON.stringify(ds)}, indices ${JSON.stringify(is)}`, () => {
      const out = RUN[test](seq(ds, Number(shift ?? 0)), I32(nums(ind), is));
      expect(out.shape).toEqual(os);
      expect(out.dtype).toBe('float32');
      expect(flat(out)).toEqual(nums(expected));
    });
  }
  it('TestGatherOps.test_batch_gather_op_match_outer: BatchGather(match_outer) is Gather(axis=1, match_outer)', () => {
    for (const [test, ds, is, ind, os, expected] of LITERAL) {
      if (test !== 'match_outer') continue;
      const out = caffe2.BatchGather(seq(ds), I32(nums(ind), is), { match_outer: true });
      expect(out.shape).toEqual(os);
      expect(flat(out)).toEqual(nums(expected));
    }
  });
});

describe('gather_ops_test.py: hypothesis-style draws over the upstream ranges vs the restated references', () => {
  it('TestGatherOps.test_gather_ops: rows_num in [0, 10000], index_num in [0, 5000], data (rows, 10, 20), axis 0', () => {
    // ind = randint(rows_num) (randint(10) when rows_num is 0: then DATA's indexed dim is empty
    // and the output is data.shape, (0, 10, 20), the reference's empty answer — no index is read).
    const r = rng(1);
    const draws: [number, number][] = [
      [0, 0],
      [0, 1],
      [0, 5000],
      [1, 0],
      [1, 1],
      [10000, 5000],
      [10000, 1],
      [1, 5000],
    ];
    for (let k = 0; k < 8; k++) draws.push([r.int(0, 200), r.int(0, 120)]);
    for (const [rows, n] of draws) {
      const data = r.random([rows, 10, 20]);
      const ind = r.randint(rows > 0 ? rows : 10, [n]);
      const out = caffe2.Gather(data, ind);
      if (rows === 0 || n === 0) {
        // ref_gather_axis0's empty branch: np.zeros((0, 10, 20)).
        expect([out.shape, out.dtype]).toEqual([[0, 10, 20], 'float32']);
        continue;
      }
      expectRef(out, data, refTake(data.shape, flat(ind), [n], 0));
    }
  });

  it('TestGatherOps.test_gather_ops_axis2: batch in [1, 4000], rows in [1, 6], index_num in [1, 20], axis=2', () => {
    const r = rng(2);
    const draws: [number, number, number][] = [
      [1, 1, 1],
      [4000, 6, 20],
      [4000, 1, 1],
      [1, 6, 20],
    ];
    for (let k = 0; k < 12; k++) draws.push([r.int(1, 300), r.int(1, 6), r.int(1, 20)]);
    for (const [b, rows, n] of draws) {
      const data = r.random([b, rows, 5]);
      const ind = r.randint(5, [n]);
      expectRef(caffe2.Gather(data, ind, { axis: 2 }), data, refTake(data.shape, flat(ind), [n], 2));
    }
  });

  // test_gather_ops_match_outer and test_batch_gather_op_match_outer: batch in [1, 40], rows in
  // [1, 6], index_num in [1, 20]; ind = randint(rows, (batch, index_num)); plus the gradient.
  const moDraws = (seed: number) => {
    const r = rng(seed);
    const draws: [number, number, number][] = [
      [1, 1, 1],
      [40, 6, 20],
      [40, 1, 20],
      [1, 6, 1],
    ];
    for (let k = 0; k < 16; k++) draws.push([r.int(1, 40), r.int(1, 6), r.int(1, 20)]);
    return draws.map(([b, rows, n]) => ({ data: r.random([b, rows, 5]), ind: r.randint(rows, [b, n]) }));
  };
  it('TestGatherOps.test_gather_ops_match_outer: Gather(axis=1, match_outer=True), value and gradient', () => {
    moDraws(3).forEach(({ data, ind }, k) => {
      const ref = refMatchOuter(data.shape, flat(ind), ind.shape, 1);
      expectRef(caffe2.Gather(data, ind, { axis: 1, match_outer: true }), data, ref);
      expectGradient(caffe2.lower.Gather(data, ind, { axis: 1, match_outer: true }), data, ref, 100 + k);
    });
  });
  it('TestGatherOps.test_batch_gather_op_match_outer: BatchGather(match_outer=True), value and gradient', () => {
    moDraws(4).forEach(({ data, ind }, k) => {
      const ref = refMatchOuter(data.shape, flat(ind), ind.shape, 1);
      expectRef(caffe2.BatchGather(data, ind, { match_outer: true }), data, ref);
      expectGradient(caffe2.lower.BatchGather(data, ind, { match_outer: true }), data, ref, 200 + k);
    });
  });

  it('TestGatherOps.test_gather_op_match_outer_axis2_data4D_ind4D: batch [1, 30], rows [1, 6], axis2 [1, 10], index_num(2) [1, 10]', () => {
    const r = rng(5);
    const draws: [number, number, number, number, number][] = [
      [1, 1, 1, 1, 1],
      [30, 6, 10, 10, 10],
      [1, 6, 1, 10, 1],
    ];
    for (let k = 0; k < 12; k++)
      draws.push([r.int(1, 30), r.int(1, 6), r.int(1, 10), r.int(1, 10), r.int(1, 10)]);
    draws.forEach(([b, rows, a2, n1, n2], k) => {
      const data = r.random([b, rows, a2, 5]);
      const ind = r.randint(a2, [b, rows, n1, n2]);
      const ref = refMatchOuter(data.shape, flat(ind), ind.shape, 2);
      expectRef(caffe2.Gather(data, ind, { axis: 2, match_outer: true }), data, ref);
      expectGradient(caffe2.lower.Gather(data, ind, { axis: 2, match_outer: true }), data, ref, 300 + k);
    });
  });

  it('TestBatchGatherOps.test_batch_gather_ops: data (batch [2, 10], rows [1, 100], block [1, 2]) in [-10, 10], ind (index_num [1, 10], 1)', () => {
    const r = rng(6);
    const draws: [number, number, number, number][] = [
      [2, 1, 1, 1],
      [10, 100, 2, 10],
      [2, 100, 1, 10],
      [10, 1, 2, 1],
    ];
    for (let k = 0; k < 16; k++) draws.push([r.int(2, 10), r.int(1, 100), r.int(1, 2), r.int(1, 10)]);
    draws.forEach(([b, rows, block, n], k) => {
      const u = r.random([b, rows, block]);
      const data = tensor(
        Float32Array.from(u.data as Float32Array, (v) => Math.fround(20 * v - 10)),
        'float32',
        u.shape,
      );
      const ind = r.randint(rows, [n, 1]);
      const ref = refTake(data.shape, flat(ind), [n, 1], 1);
      expectRef(caffe2.BatchGather(data, ind), data, ref);
      expectGradient(caffe2.lower.BatchGather(data, ind), data, ref, 400 + k);
    });
  });

  it('the Gather gradient at axis 0 (SparseToDense / the sparse slice, densified): rows add up', () => {
    // test_gather_ops checks no gradient; Gather's gradient maker sends axis 0 to a sparse
    // (INDICES, GO) slice, which densifies to a scatter-add of GO over INDICES.
    const data = seq([4, 3]);
    const ind = I32([3, 0, 3, 3], [4]);
    expectGradient(caffe2.lower.Gather(data, ind), data, refTake([4, 3], [3, 0, 3, 3], [4], 0), 500);
  });
});

describe('gather_op.h where the tests are silent (gather_impl, calc_output_shape_vector, check_indexarray_range)', () => {
  const d23 = () => seq([2, 3]);
  it('match_outer: an empty output returns before the match_outer CAFFE_ENFORCEs (axis >= 1, equal outer dims)', () => {
    // output->numel() == 0 returns true ahead of CAFFE_ENFORCE_GE(axis, 1) and CAFFE_ENFORCE_EQ.
    const mismatched = caffe2.Gather(d23(), zeros([3, 0], 'int32'), { axis: 1, match_outer: true });
    expect([mismatched.shape, mismatched.dtype]).toEqual([[2, 0], 'float32']);
    expect(caffe2.Gather(d23(), zeros([0], 'int64'), { axis: 0, match_outer: true }).shape).toEqual([0, 3]);
    expect(caffe2.BatchGather(d23(), zeros([5, 0], 'int32'), { match_outer: true }).shape).toEqual([2, 0]);
    // data.shape[axis] == 0: the output is data.shape, whatever INDICES' shape.
    const e = tensor(new Float32Array(0), 'float32', [2, 0]);
    expect(caffe2.Gather(e, I32([1], [1, 1]), { axis: 1, match_outer: true }).shape).toEqual([2, 0]);
    expect(
      caffe2.Gather(tensor(new Float32Array(0), 'float32', [2, 2, 0]), I32([7], [1]), {
        axis: 2,
        match_outer: true,
      }).shape,
    ).toEqual([2, 2, 0]);
  });
  it('match_outer: a non-empty output still enforces both rules, and INDICES with fewer than axis dims are refused', () => {
    expect(typed(() => caffe2.Gather(d23(), I32([0], [1, 1]), { axis: 1, match_outer: true }))).toBe(
      'caffe2.Gather.match_outer',
    );
    expect(typed(() => caffe2.Gather(d23(), I32([0], [1]), { axis: 0, match_outer: true }))).toBe(
      'caffe2.Gather.match_outer',
    );
    expect(typed(() => caffe2.Gather(seq([2, 2, 2]), I32([1], [1]), { axis: 2, match_outer: true }))).toBe(
      'caffe2.Gather.match_outer',
    );
    expect(typed(() => caffe2.BatchGather(d23(), I32([0, 0, 0], [3, 1]), { match_outer: true }))).toBe(
      'caffe2.BatchGather.match_outer',
    );
  });
  it('match_outer with wrap_indices: negatives count from the end of each batch row', () => {
    const out = caffe2.Gather(d23(), I32([-1, 0, -3, 1], [2, 2]), {
      axis: 1,
      match_outer: true,
      wrap_indices: true,
    });
    expect(out.toArray()).toEqual([
      [2, 0],
      [3, 4],
    ]);
  });
  it('0-d INDICES: the output drops the indexed dim (rank r - 1), axis 0 wrapping', () => {
    const a = caffe2.Gather(d23(), tensor(-1, 'int64', []));
    expect([a.shape, flat(a)]).toEqual([[3], [3, 4, 5]]);
    const b = caffe2.Gather(d23(), tensor(2, 'int32', []), { axis: 1 });
    expect([b.shape, flat(b)]).toEqual([[2], [2, 5]]);
    const c = caffe2.BatchGather(d23(), tensor(1, 'int32', []));
    expect([c.shape, flat(c)]).toEqual([[2], [1, 4]]);
  });
  it('the first out-of-range index in order is the one reported, after wrapping, as id= and axis_dim=', () => {
    const e = caught(() => caffe2.Gather(d23(), I32([1, -5, 9], [3])));
    expect(e.error).toBeInstanceOf(IndexOutOfBoundsError);
    expect(e.code).toBe('caffe2.Gather.index_out_of_bounds');
    expect(e.message).toMatch(/INDICES element is out of DATA bounds, id=-3 axis_dim=2/);
    const big = caught(() => caffe2.Gather(d23(), tensor([2n ** 40n], 'int64'), { axis: 1 }));
    expect(big.message).toMatch(/id=1099511627776 axis_dim=3/);
  });
  it('an empty output reads no index: out-of-range indices into an empty block pass', () => {
    const e = tensor(new Float32Array(0), 'float32', [3, 0]);
    expect(caffe2.Gather(e, I32([7, -9], [2])).shape).toEqual([2, 0]);
  });
  it('axis: ONNX style [-r, r-1]; DATA must be at least [axis+1]-D; INDICES int32 or int64 only', () => {
    const x = seq([2, 3, 4]);
    const a = caffe2.Gather(x, I32([3, 0], [2]), { axis: -1 });
    expect(a.shape).toEqual([2, 3, 2]);
    expect(flat(a).slice(0, 4)).toEqual([3, 0, 7, 4]);
    expect(typed(() => caffe2.Gather(x, I32([0], [1]), { axis: 3 }))).toBe('caffe2.Gather.axis');
    expect(typed(() => caffe2.Gather(x, I32([0], [1]), { axis: -4 }))).toBe('caffe2.Gather.axis');
    expect(typed(() => caffe2.Gather(tensor(1, 'float32', []), I32([0], [1])))).toBe(
      'caffe2.Gather.data_rank',
    );
    expect(typed(() => caffe2.BatchGather(arange(3, 'float32'), I32([0], [1])))).toBe(
      'caffe2.BatchGather.data_rank',
    );
    for (const dt of ['int16', 'uint8', 'float32'] as const) {
      const c = caught(() => caffe2.Gather(x, tensor([0], dt)));
      expect([c.code, c.error instanceof DTypeError]).toEqual(['caffe2.Gather.indices_dtype', true]);
    }
    // DispatchHelper picks the INDICES type before anything is sized: an empty output is no excuse.
    expect(codeOf(() => caffe2.Gather(x, zeros([0], 'int16')))).toBe('caffe2.Gather.indices_dtype');
  });
});
