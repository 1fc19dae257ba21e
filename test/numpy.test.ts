/**
 * NumPy frontend: (1) the NumPy docs' numeric examples, verbatim; (2) one named negative test
 * per rule, asserting the code. Goldens and the live differential run live in numpy-*.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  DTypeError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
  arange,
  np,
  numpy,
  stablehlo,
  tensor,
  zeros,
} from '../src/index.js';
import { execute } from '../src/core/call.js';

const i64 = (x: unknown) => tensor(x as any, 'int64');

describe('NumPy docs examples (verbatim)', () => {
  it('numpy.take', () => {
    const a = [4, 3, 5, 7, 6, 8];
    const indices = [0, 1, 4];
    // a JS int list is NumPy's int64 array (np.asarray of Python ints on Linux)
    expect(numpy.take(a, indices).dtype).toBe('int64');
    expect(numpy.take(a, indices).toArray()).toEqual([4n, 3n, 6n]);
    expect(
      numpy
        .take(a, [
          [0, 1],
          [2, 3],
        ])
        .toArray(),
    ).toEqual([
      [4n, 3n],
      [5n, 7n],
    ]);
  });
  it('numpy.put', () => {
    expect(numpy.put(arange(5), [0, 2], [-44, -55]).toArray()).toEqual([-44, 1, -55, 3, 4]);
    expect(numpy.put(arange(5), 22, -5, { mode: 'clip' }).toArray()).toEqual([0, 1, 2, 3, -5]);
  });
  it('numpy.take_along_axis (sort via argsort, max/min via argmax/argmin with keepdims)', () => {
    const a = tensor([
      [10, 30, 20],
      [60, 40, 50],
    ]);
    const ai = tensor([
      [0, 2, 1],
      [1, 2, 0],
    ]); // np.argsort(a, axis=1)
    expect(numpy.take_along_axis(a, ai, 1).toArray()).toEqual([
      [10, 20, 30],
      [40, 50, 60],
    ]);
    const amax = tensor([[1], [0]]); // np.expand_dims(np.argmax(a, axis=1), axis=1)
    expect(numpy.take_along_axis(a, amax, 1).toArray()).toEqual([[30], [60]]);
    const amin = tensor([[0], [1]]);
    const both = tensor([
      [0, 1],
      [1, 0],
    ]); // np.concatenate([ai_min, ai_max], axis=1)
    expect(numpy.take_along_axis(a, amin, 1).toArray()).toEqual([[10], [40]]);
    expect(numpy.take_along_axis(a, both, 1).toArray()).toEqual([
      [10, 30],
      [40, 60],
    ]);
  });
  it('numpy.put_along_axis', () => {
    const a = tensor([
      [10, 30, 20],
      [60, 40, 50],
    ]);
    const ai = tensor([[1], [0]]); // np.argmax(a, axis=1, keepdims=True)
    expect(numpy.put_along_axis(a, ai, 99, 1).toArray()).toEqual([
      [10, 99, 20],
      [99, 40, 50],
    ]);
  });
  it('ufunc.at', () => {
    expect(numpy.add.at(tensor([1, 2, 3, 4]), [0, 1, 2, 2], 1).toArray()).toEqual([2, 3, 5, 4]);
    expect(numpy.add.at(tensor([1, 2, 3, 4]), [0, 1], tensor([1, 2])).toArray()).toEqual([2, 4, 3, 4]);
  });
  it('np is numpy; in-place functions return new arrays', () => {
    expect(np).toBe(numpy);
    const a = arange(5);
    numpy.put(a, [0], [9]);
    expect(a.toArray()).toEqual([0, 1, 2, 3, 4]);
  });
  it('lowerings print as StableHLO and execute to the same result', () => {
    const call = numpy.lower.take(
      tensor([
        [0, 1, 2],
        [10, 11, 12],
      ]),
      [2, -1],
      { axis: 1 },
    );
    expect(execute(call).toArray()).toEqual([
      [2, 2],
      [12, 12],
    ]);
    const stablehloAgain = stablehlo.gather(call.operand, call.start_indices, {
      ...call.dimension_numbers,
      ...call.options,
    });
    expect(stablehloAgain.toArray()).toEqual([
      [2, 2],
      [12, 12],
    ]);
  });
});

describe('NumPy rules (one negative test per rule code)', () => {
  const A = tensor([
    [0, 1, 2],
    [10, 11, 12],
  ]);
  const cases: [string, () => unknown, new (...a: any[]) => Error, RegExp?][] = [
    [
      'numpy.take.index_out_of_bounds',
      () => numpy.take(A, [5], { axis: 1 }),
      IndexOutOfBoundsError,
      /index 5 is out of bounds for axis 1 with size 3/,
    ],
    ['numpy.take.index_dtype', () => numpy.take(A, tensor([1.0], 'float64')), DTypeError],
    ['numpy.take.axis', () => numpy.take(A, [0], { axis: 2 }), InvalidArgumentError],
    ['numpy.take.mode', () => numpy.take(A, [0], { mode: 'fill' as any }), InvalidArgumentError],
    [
      'numpy.take.empty_axis',
      () => numpy.take(tensor(new Int32Array(0), 'int32', [2, 0]), [0], { axis: 1 }),
      IndexOutOfBoundsError,
    ],
    [
      'numpy.put.index_out_of_bounds',
      () => numpy.put(arange(5), [-6], [1]),
      IndexOutOfBoundsError,
      /index -6 is out of bounds for axis 0 with size 5/,
    ],
    ['numpy.put.index_dtype', () => numpy.put(arange(5), tensor([1n], 'uint64'), [1]), DTypeError],
    ['numpy.put.mode', () => numpy.put(arange(5), [1], [1], { mode: 'drop' as any }), InvalidArgumentError],
    ['numpy.put.empty_array', () => numpy.put(arange(0), [0], [1], { mode: 'wrap' }), IndexOutOfBoundsError],
    [
      'numpy.take_along_axis.index_out_of_bounds',
      () => numpy.take_along_axis(A, [[3]], 1),
      IndexOutOfBoundsError,
    ],
    ['numpy.take_along_axis.index_dtype', () => numpy.take_along_axis(A, tensor([[true]]), 1), DTypeError],
    ['numpy.take_along_axis.axis', () => numpy.take_along_axis(A, [[0]], -3), InvalidArgumentError],
    ['numpy.take_along_axis.ndim', () => numpy.take_along_axis(A, [0], 1), InvalidArgumentError],
    ['numpy.take_along_axis.shape', () => numpy.take_along_axis(A, [[0], [0], [0]], 1), InvalidArgumentError],
    [
      'numpy.put_along_axis.index_out_of_bounds',
      () => numpy.put_along_axis(A, [[-4]], 1, 1),
      IndexOutOfBoundsError,
    ],
    ['numpy.put_along_axis.index_dtype', () => numpy.put_along_axis(A, tensor([[0.5]]), 1, 1), DTypeError],
    [
      'numpy.put_along_axis.values_shape',
      () => numpy.put_along_axis(A, [[0]], [[1, 2]], 1),
      InvalidArgumentError,
    ],
    [
      'numpy.index.index_out_of_bounds',
      () => numpy.index(A, [[1], [3]]),
      IndexOutOfBoundsError,
      /index 3 is out of bounds for axis 1 with size 3/,
    ],
    ['numpy.index.index_dtype', () => numpy.index(A, [tensor([0], 'float64')]), DTypeError],
    ['numpy.index.too_many_indices', () => numpy.index(A, [[0], [0], [0]]), InvalidArgumentError],
    [
      'numpy.index.shape',
      () =>
        numpy.index(A, [
          [0, 1],
          [0, 1, 2],
        ]),
      InvalidArgumentError,
    ],
    [
      'numpy.add.at.index_out_of_bounds',
      () => numpy.add.at(tensor([1, 2, 3]), [3], 1),
      IndexOutOfBoundsError,
    ],
    [
      'numpy.subtract.at.index_dtype',
      () => numpy.subtract.at(tensor([1, 2, 3]), tensor([1.5]), 1),
      DTypeError,
    ],
    [
      'numpy.multiply.at.too_many_indices',
      () => numpy.multiply.at(tensor([1, 2, 3]), [tensor([0]), tensor([0])], 1),
      InvalidArgumentError,
    ],
    [
      'numpy.minimum.at.shape',
      () => numpy.minimum.at(A, [tensor([0, 1]), tensor([0, 1, 2])], 1),
      InvalidArgumentError,
    ],
    ['numpy.maximum.at.b_shape', () => numpy.maximum.at(A, [0, 1], tensor([1, 2])), InvalidArgumentError],
  ];
  for (const [code, fn, cls, msg] of cases) {
    it(code, () => {
      let thrown: any;
      try {
        fn();
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(cls);
      expect(thrown.code).toBe(code);
      expect(thrown.message).toContain(`(${code})`);
      if (msg) expect(thrown.message).toMatch(msg);
    });
  }
});

describe('NumPy policies in detail', () => {
  it('wrap takes indices modulo the axis, clip clamps negatives to 0', () => {
    const a = tensor([0, 10, 20]);
    expect(numpy.take(a, [-4, 4, -1], { mode: 'wrap' }).toArray()).toEqual([20, 10, 20]);
    expect(numpy.take(a, [-4, 4, -1], { mode: 'clip' }).toArray()).toEqual([0, 20, 0]);
    expect(numpy.take(a, [-3, 2, -1]).toArray()).toEqual([0, 20, 20]);
  });
  it('ufunc.at accumulates duplicates (not buffered like a[idx] += b)', () => {
    expect(numpy.multiply.at(tensor([1, 2]), [0, 0, 0], 2).toArray()).toEqual([8, 2]);
  });
  it('uint64 fancy indices read as int64 (2^64 - 1 is -1), as NumPy does', () => {
    expect(numpy.index(tensor([0, 1, 2]), [tensor([2n ** 64n - 1n], 'uint64')]).toArray()).toEqual([2]);
  });
  it('int64 bigint indices stay exact', () => {
    expect(numpy.take(tensor([5, 6, 7]), i64([2n, -3n])).toArray()).toEqual([7, 5]);
  });
});

describe('NumPy out= (the trailing options object)', () => {
  const A = () =>
    tensor([
      [0, 1, 2],
      [10, 11, 12],
    ]);
  const calls: [string, (o?: { out?: any }) => any][] = [
    ['take', (o) => numpy.take(A(), [2, 0], { axis: 1, ...o })],
    ['put', (o) => numpy.put(A(), [5, 0], [-1, -2], { mode: 'wrap', ...o })],
    ['take_along_axis', (o) => numpy.take_along_axis(A(), [[2], [0]], 1, o)],
    ['put_along_axis', (o) => numpy.put_along_axis(A(), [[2], [0]], 99, 1, o)],
    [
      'index',
      (o) =>
        numpy.index(
          A(),
          [
            [1, 0],
            [-1, 1],
          ],
          o,
        ),
    ],
    ['add.at', (o) => numpy.add.at(A(), [1, 1], 5, o)],
    [
      'maximum.at',
      (o) =>
        numpy.maximum.at(
          A(),
          [
            [0, 1],
            [1, 1],
          ],
          11,
          o,
        ),
    ],
  ];
  for (const [op, call] of calls) {
    it(`numpy.${op}: a fresh out receives the result; wrong shape / dtype are numpy.${op}.out`, () => {
      const expected = call();
      const out = zeros(expected.shape, 'int32');
      const r = call({ out });
      expect(r).toBe(out);
      expect(out.toArray()).toEqual(expected.toArray());
      const wrongShape = () => call({ out: zeros([7], 'int32') });
      expect(wrongShape).toThrow(InvalidArgumentError);
      expect(wrongShape).toThrow(`(numpy.${op}.out)`);
      const wrongDType = () => call({ out: zeros(expected.shape, 'float64') });
      expect(wrongDType).toThrow(DTypeError);
      expect(wrongDType).toThrow(`(numpy.${op}.out)`);
    });
  }
  it('out aliasing the input of take is computed aside (never [12, 11, 12])', () => {
    const a = tensor([10, 11, 12]);
    expect(numpy.take(a, [2, 1, 0], { out: a }).toArray()).toEqual([12, 11, 10]);
    expect(a.toArray()).toEqual([12, 11, 10]);
    const b = tensor([10, 11, 12]);
    expect(numpy.index(b, [[2, 1, 0]], { out: b }).toArray()).toEqual([12, 11, 10]);
  });
  it('out = a gives NumPy in-place put / put_along_axis / ufunc.at', () => {
    const a = arange(5);
    numpy.put(a, [0, 2], [-44, -55], { out: a });
    expect(a.toArray()).toEqual([-44, 1, -55, 3, 4]);
    numpy.add.at(a, [0, 0, 4], 1, { out: a });
    expect(a.toArray()).toEqual([-42, 1, -55, 3, 5]);
    const m = tensor([
      [10, 30, 20],
      [60, 40, 50],
    ]);
    numpy.put_along_axis(m, tensor([[1], [0]]), 99, 1, { out: m });
    expect(m.toArray()).toEqual([
      [10, 99, 20],
      [99, 40, 50],
    ]);
  });
});

describe('NumPy strict arguments', () => {
  const A = tensor([
    [0, 1, 2],
    [10, 11, 12],
  ]);
  const cases: [string, string, () => unknown, new (...a: any[]) => Error, RegExp?][] = [
    [
      'unknown option key (did-you-mean)',
      'numpy.take.options',
      () => numpy.take(A, [0], { axes: 1 } as any),
      InvalidArgumentError,
      /unknown option "axes".*did you mean "axis"/,
    ],
    [
      'unknown key on put',
      'numpy.put.options',
      () => numpy.put(A, [0], 1, { mod: 'clip' } as any),
      InvalidArgumentError,
    ],
    [
      "mode 'constructor' is not a mode",
      'numpy.take.mode',
      () => numpy.take(A, [0], { mode: 'constructor' as any }),
      InvalidArgumentError,
    ],
    [
      "put mode 'toString'",
      'numpy.put.mode',
      () => numpy.put(A, [0], 1, { mode: 'toString' as any }),
      InvalidArgumentError,
    ],
    ['null array', 'numpy.take.a', () => numpy.take(null as any, [0]), InvalidArgumentError],
    [
      'null indices',
      'numpy.take_along_axis.indices',
      () => numpy.take_along_axis(A, null as any, 1),
      InvalidArgumentError,
    ],
    ['string value', 'numpy.put.v', () => numpy.put(A, [0], '5' as any), InvalidArgumentError],
    ['string b', 'numpy.add.at.b', () => numpy.add.at(A, [0], 'x' as any), InvalidArgumentError],
    [
      'TF.js tensor as the array (with a hint)',
      'numpy.index.a',
      () => numpy.index({ shape: [3], dtype: 'float32', dataSync: () => new Float32Array(3) } as any, [[0]]),
      InvalidArgumentError,
      /TF\.js tensor/,
    ],
    ['string axis', 'numpy.take.axis', () => numpy.take(A, [0], { axis: '1' as any }), InvalidArgumentError],
    [
      'axis missing in take_along_axis (NumPy requires it)',
      'numpy.take_along_axis.axis',
      () => (numpy.take_along_axis as any)(A, [[0]]),
      InvalidArgumentError,
    ],
    [
      'options must be an object',
      'numpy.index.options',
      () => numpy.index(A, [[0]], 'x' as any),
      InvalidArgumentError,
    ],
  ];
  for (const [what, code, fn, cls, msg] of cases) {
    it(`${code}: ${what}`, () => {
      let thrown: any;
      try {
        fn();
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(cls);
      expect(thrown.code).toBe(code);
      if (msg) expect(thrown.message).toMatch(msg);
    });
  }
  it('null / undefined options are absent; array_like stays accepted', () => {
    expect(numpy.take([4, 3, 5], [2], null).toArray()).toEqual([5n]);
    expect(numpy.put([1, 2], 0, 9, undefined).toArray()).toEqual([9n, 2n]);
    expect(numpy.index([[1, 2]], 0).toArray()).toEqual([1n, 2n]);
  });
  it('numpy.array is numpyArray (int64 integers, float64 floats)', () => {
    expect(numpy.array([1, 2]).dtype).toBe('int64');
    expect(numpy.array([0.5]).dtype).toBe('float64');
    expect(numpy.take(A, numpy.array([2, 0]), { axis: 1 }).toArray()).toEqual([
      [2, 0],
      [12, 10],
    ]);
  });
  it('lower.<op> is the whole call: executing it equals the op', () => {
    const call = numpy.lower.take(A, [3], { axis: 1, mode: 'wrap' });
    expect(call.options.mode).toBe('wrap');
    expect(execute(call).toArray()).toEqual([[0], [10]]);
    expect(() => execute(numpy.lower.take(A, [3], { axis: 1 }))).toThrow(
      /index 3 is out of bounds for axis 1 with size 3 \(numpy.take.index_out_of_bounds\)/,
    );
  });
});

describe('issue 12: NumPy 1.24 fidelity classes (values from the real NumPy)', () => {
  const u64 = (v: bigint) => tensor(v, 'uint64');
  it('class 8: a 0-d array acts as 1-d in take; a 0-d uint64 index is a Python int', () => {
    expect(numpy.take(tensor(5), 0, { axis: 0 }).toArray()).toBe(5);
    expect(numpy.take(tensor(5), [0, 0], { axis: -1 }).toArray()).toEqual([5, 5]);
    expect(numpy.take(arange(5), u64(3n)).toArray()).toBe(3);
    expect(() => numpy.take(arange(5), u64(2n ** 64n - 1n))).toThrow('(numpy.take.index_dtype)');
    expect(() => numpy.index(arange(5), [u64(2n ** 63n)])).toThrow('(numpy.index.index_overflow)');
    expect(numpy.index(arange(5), [tensor([2n ** 64n - 1n], 'uint64')]).toArray()).toEqual([4]);
  });
  it('class 9: bounds checks when the result is empty, both directions', () => {
    const z = (...s: number[]) => zeros(s, 'float64');
    expect(() => numpy.take(z(3, 0), [5], { axis: 0 })).toThrow(IndexOutOfBoundsError);
    expect(() => numpy.index(z(2, 0), [tensor(5)])).toThrow(IndexOutOfBoundsError);
    expect(numpy.index(z(2, 0), [[5]]).shape).toEqual([1, 0]);
    expect(numpy.take(z(0, 0), [0], { axis: 0, mode: 'clip' }).shape).toEqual([1, 0]);
    expect(numpy.index(z(2, 3), [tensor([], 'int64'), tensor([5])]).shape).toEqual([0]);
    expect(numpy.add.at(z(2, 3), [tensor([], 'int64'), tensor([5])], 1).toArray()).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(numpy.add.at(z(3, 0), [5], 1).shape).toEqual([3, 0]);
  });
  it('class 10: put and put_along_axis cast values unsafely', () => {
    expect(numpy.put(tensor([0, 0, 0], 'int32'), [0, 1], [2.75, -2.75]).toArray()).toEqual([2, -2, 0]);
    expect(numpy.put(tensor([false, false, false]), [0, 1], [0.5, 0]).toArray()).toEqual([
      true,
      false,
      false,
    ]);
    expect(numpy.put(tensor([0, 0, 0], 'uint8'), [0, 1], [300, -1]).toArray()).toEqual([44, 255, 0]);
    expect(numpy.put_along_axis(tensor([[0, 0, 0]], 'int32'), [[0]], 2.75, 1).toArray()).toEqual([[2, 0, 0]]);
  });
  it('class 12: ufunc.at with the empty tuple on a 0-d array (numpy.tuple())', () => {
    expect(numpy.add.at(tensor(5, 'float64'), numpy.tuple(), 2).toArray()).toBe(7);
    expect(numpy.multiply.at(tensor([1, 2, 3]), numpy.tuple(tensor([0, 0])), 3).toArray()).toEqual([9, 2, 3]);
  });
});
