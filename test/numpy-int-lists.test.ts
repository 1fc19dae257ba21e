/**
 * Issue 23: a JS integer list given to the NumPy frontend is NumPy's `np.asarray` of Python ints,
 * int64 on Linux — not int32. The difference was observable: an index past 2^31 became a float64
 * array (refused with `index_dtype` where NumPy raises its IndexError, or computes under
 * mode='wrap' / 'clip'), a data list gave an int32 result where NumPy's is int64, and the printed
 * StableHLO and the ONNX model read i32 indices. Each case runs against the real NumPy 1.24
 * (/usr/bin/python3) in one process; skipped, with the reason shown, without it.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pythonHas } from '../scripts/goldens/golden.js';
import { type CoreCall, execute, stablehloText } from '../src/core/call.js';
import { onnxInputs } from '../src/export/onnx.js';
import { numpy } from '../src/frameworks/numpy.js';
import { GatherScatterError, type Tensor, tensor, zeros } from '../src/index.js';
import { codeOf } from './helpers/errors.js';

const PYTHON = '/usr/bin/python3';
const hasNumpy = pythonHas('numpy');
const a = tensor(
  [
    [1, 2, 3],
    [4, 5, 6],
  ],
  'float32',
);

const b = tensor(
  [
    [0, 1, 2],
    [3, 4, 5],
  ],
  'int64',
);
const v = tensor([0, 1, 2, 3, 4], 'int64');

/** Each case: the Python expression on `a` (float32 [[1,2,3],[4,5,6]]) and the library's call. */
const CASES: [string, () => Tensor][] = [
  ['np.take(a, [2**40])', () => numpy.take(a, [2 ** 40])],
  ['np.take(a, [2**31])', () => numpy.take(a, [2 ** 31])],
  // (2^33, not more, under 'wrap': NumPy 1.24 wraps by adding or subtracting the size in a loop,
  // ~1 s here; 2^40 + 1 took minutes.)
  ["np.take(a, [2**33 + 1], mode='wrap')", () => numpy.take(a, [2 ** 33 + 1], { mode: 'wrap' })],
  ["np.take(a, [-2**40], mode='clip')", () => numpy.take(a, [-(2 ** 40)], { mode: 'clip' })],
  ['a[[1], [2**33]]', () => numpy.index(a, [[1], [2 ** 33]])],
  ['at(np.add, a, [2**40], 1)', () => numpy.add.at(a, [2 ** 40], 1)],
  ["put(a, [2**33 + 1], 9, mode='wrap')", () => numpy.put(a, [2 ** 33 + 1], 9, { mode: 'wrap' })],
  [
    'np.take_along_axis(a, np.asarray([[0], [2**40]]), 1)',
    () => numpy.take_along_axis(a, [[0], [2 ** 40]], 1),
  ],
  ['np.take([4, 3, 5], [0, 2])', () => numpy.take([4, 3, 5], [0, 2])],
  ['np.asarray([[1, 2]])[0]', () => numpy.index([[1, 2]], 0)],
  ['np.take([0.5, 1], [1])', () => numpy.take([0.5, 1], [1])],
  // Python ints past int64 (JS bigints, or whole numbers past 2^53): take / put convert them
  // straight to intp (OverflowError); indexing, ufunc.at and np.asarray read [2^63, 2^64) as
  // uint64 (wrapping to a negative index) and anything further out as an object array.
  ['a[2**63]', () => numpy.index(a, [2n ** 63n])],
  ['a[2**64]', () => numpy.index(a, 2n ** 64n)],
  ['a[-2**63 - 1]', () => numpy.index(a, [-(2n ** 63n) - 1n])],
  ['a[[2**63]]', () => numpy.index(a, [[2n ** 63n]])],
  ['a[[2**64 - 1]]', () => numpy.index(a, [[2n ** 64n - 1n]])],
  ['a[[1], [2**64]]', () => numpy.index(a, [[1], [2n ** 64n]])],
  ['a[[5], 2**63]', () => numpy.index(a, [[5], 2n ** 63n])],
  ['a[[2**60]]', () => numpy.index(a, [[2 ** 60]])],
  ['np.take(a, [5, 2**64])', () => numpy.take(a, [5n, 2n ** 64n])],
  ['np.take(a, -2**63 - 1)', () => numpy.take(a, -(2n ** 63n) - 1n)],
  ['np.take(a, [2**64])', () => numpy.take(a, [2 ** 64])],
  ["put(a, [2**63], 9, 'clip')", () => numpy.put(a, [2n ** 63n], 9, { mode: 'clip' })],
  ['at(np.add, a, [2**63], 1)', () => numpy.add.at(a, [2n ** 63n], 1)],
  ['at(np.add, a, 2**63, 1)', () => numpy.add.at(a, 2n ** 63n, 1)],
  [
    'np.take_along_axis(a, np.asarray([[0], [2**64]]), 1)',
    () => numpy.take_along_axis(a, [[0n], [2n ** 64n]], 1),
  ],
  [
    'np.take_along_axis(a, np.asarray([[2**63], [2**63]]), 1)',
    () => numpy.take_along_axis(a, [[2n ** 63n], [2n ** 63n]], 1),
  ],
  // A Python list converts straight to intp in take / put: floats truncate toward zero, bools are
  // 0 / 1; the first NaN (ValueError), ±inf or int outside int64 (OverflowError) is refused.
  ['np.take(a, [1.5])', () => numpy.take(a, [1.5])],
  ['np.take(a, [1.5, 5])', () => numpy.take(a, [1.5, 5])],
  ['np.take(a, [1.5, 7])', () => numpy.take(a, [1.5, 7])],
  ['np.take(a, 1.5)', () => numpy.take(a, 1.5)],
  ['np.take(a, [-1.5, -0.0])', () => numpy.take(a, [-1.5, -0])],
  ['np.take(a, [True, 2.5])', () => numpy.take(a, [true, 2.5])],
  ['np.take(a, [[1.5], [2]])', () => numpy.take(a, [[1.5], [2]])],
  ["np.take(a, [7.5], mode='wrap')", () => numpy.take(a, [7.5], { mode: 'wrap' })],
  ["np.take(a, [-7.5], mode='clip')", () => numpy.take(a, [-7.5], { mode: 'clip' })],
  ['np.take(a, [nan])', () => numpy.take(a, [Number.NaN])],
  ['np.take(a, [1, inf])', () => numpy.take(a, [1, Number.POSITIVE_INFINITY])],
  ['np.take(a, -inf)', () => numpy.take(a, Number.NEGATIVE_INFINITY)],
  ['np.take(a, [1e19])', () => numpy.take(a, [1e19])],
  ['np.take(a, [9223372036854775808.0])', () => numpy.take(a, [2 ** 63])],
  ['np.take(a, [9223372036854774784.0])', () => numpy.take(a, [2 ** 63 - 1024])],
  ['np.take(a, [-9223372036854775808.0])', () => numpy.take(a, [-(2 ** 63)])],
  ['np.take(a, [nan, 2**64])', () => numpy.take(a, [Number.NaN, 2n ** 64n])],
  ['np.take(a, [2**64, nan])', () => numpy.take(a, [2n ** 64n, Number.NaN])],
  ['np.take(a, np.array([1.5]))', () => numpy.take(a, tensor([1.5], 'float64'))],
  ['put(a, [1.5, 5], 9, mode="raise")', () => numpy.put(a, [1.5, 5], 9)],
  ['put(a, [True, 2.5], 9, mode="raise")', () => numpy.put(a, [true, 2.5], 9)],
  ['put(a, [nan], 9, mode="raise")', () => numpy.put(a, [Number.NaN], 9)],
  ['put(a, [inf], 9, mode="raise")', () => numpy.put(a, [Number.POSITIVE_INFINITY], 9)],
  ['put(a, [1e19], 9, mode="raise")', () => numpy.put(a, [1e19], 9)],
  ['put(a, np.array([1.5]), 9, mode="raise")', () => numpy.put(a, tensor([1.5], 'float64'), 9)],
  // a[...] / ufunc.at: NumPy's words for a list item that is no integer, another for a float array.
  ['a[[1.5]]', () => numpy.index(a, [[1.5]])],
  ['a[[2**63, 0]]', () => numpy.index(a, [[2n ** 63n, 0]])],
  ['a[1.5]', () => numpy.index(a, 1.5)],
  ['a[np.array([1.5])]', () => numpy.index(a, tensor([1.5], 'float64'))],
  ['a[np.array(1.5)]', () => numpy.index(a, tensor(1.5, 'float64'))],
  ['at(np.add, a, [1.5], 1)', () => numpy.add.at(a, [1.5], 1)],
  ['at(np.add, a, [2**63, 0], 1)', () => numpy.add.at(a, [2n ** 63n, 0], 1)],
  ['at(np.add, a, np.array([1.5]), 1)', () => numpy.add.at(a, tensor([1.5], 'float64'), 1)],
  // The along-axis functions check a 0-d index's rank before what it holds.
  [
    'np.take_along_axis(a, np.array(2**63, dtype=np.uint64), 1)',
    () => numpy.take_along_axis(a, tensor(2n ** 63n, 'uint64'), 1),
  ],
  [
    'np.take_along_axis(a, np.array([2**63], dtype=np.uint64), None)',
    () => numpy.take_along_axis(a, tensor([2n ** 63n], 'uint64'), null),
  ],
  // Found by test/numpy-lists-live.test.ts. A ragged list is NumPy's ValueError before any value
  // is read (NaN, ints past int64), naming the dims that stayed whole; also before the axis of the
  // along-axis functions, whose caller makes the array.
  ['np.take(a, [[0, 1], [nan]])', () => numpy.take(a, [[0, 1], [Number.NaN]])],
  ['np.take(a, [[2**63, -1, -3], [1, -3], -4])', () => numpy.take(a, [[2n ** 63n, -1, -3], [1, -3], -4])],
  [
    "put(a, [[inf, 3], [True, -2, 1]], 9, 'raise')",
    () =>
      numpy.put(
        a,
        [
          [Number.POSITIVE_INFINITY, 3],
          [true, -2, 1],
        ],
        9,
      ),
  ],
  ['a[[3, [0, 1]]]', () => numpy.index(a, [[3, [0, 1]]])],
  ['a[[[[1e20], []]]]', () => numpy.index(a, [[[[1e20], []]]])],
  ['a[[[[], 4, []]]]', () => numpy.index(a, [[[[], 4, []]]])],
  ['a[[[-2, -1], [], -3]]', () => numpy.index(a, [[[-2, -1], [], -3]])],
  ['at(np.add, a, [[True], True], 1)', () => numpy.add.at(a, [[true], true], 1)],
  ['np.take_along_axis(a, np.asarray([[0, 1], [0]]), 5)', () => numpy.take_along_axis(a, [[0, 1], [0]], 5)],
  // A float among ints (a bigint past 2^53 too) is a float64 list: no integer index.
  [
    'a[[[-0.0, 1], [2**53 + 1, 0]]]',
    () =>
      numpy.index(a, [
        [
          [-0, 1],
          [2n ** 53n + 1n, 0],
        ],
      ]),
  ],
  ['at(np.add, a, [-1, -0.0, 2**63 - 1], 1)', () => numpy.add.at(a, [-1, -0, 2n ** 63n - 1n], 1)],
  [
    'at(np.add, a, [[True, -1], [2.5, 2**63 - 1]], 1)',
    () =>
      numpy.add.at(
        a,
        [
          [true, -1],
          [2.5, 2n ** 63n - 1n],
        ],
        1,
      ),
  ],
  // An out-of-bounds index beside a 0-d mask names a's axis, not the mask's new one.
  ['np.zeros(0, np.float32)[True, [4]]', () => numpy.index(zeros([0], 'float32'), [true, [4]])],
  // 0-d integers are bounds-checked first, in tuple order, before the index arrays.
  ['b[[4, 1], 4]', () => numpy.index(b, [[4, 1], 4])],
  ['b[5, 7]', () => numpy.index(b, [5, 7])],
  ['np.zeros((3, 0), np.float32)[4, 0]', () => numpy.index(zeros([3, 0], 'float32'), [4, 0])],
  ['at(np.add, b, (False, 2), 1)', () => numpy.add.at(b, numpy.tuple(false, 2), 1)],
  ['b[True, [5], 0]', () => numpy.index(b, [true, [5], 0])],
  // put into an empty array, mode 'raise': NumPy 1.24 bounds-checks the first index.
  ["put(np.zeros(0, np.float32), [1.5, 0], 9, 'raise')", () => numpy.put(zeros([0], 'float32'), [1.5, 0], 9)],
  [
    'np.take(np.zeros((0, 3), np.float32), [0], axis=0)',
    () => numpy.take(zeros([0, 3], 'float32'), [0], { axis: 0 }),
  ],
  // Python clamps slice bounds to the dim, and the step too: any integer is a bound.
  ['v[2**64:]', () => numpy.index(v, [numpy.slice(2n ** 64n, null)])],
  ['v[:2**100]', () => numpy.index(v, [numpy.slice(null, 2n ** 100n)])],
  ['v[-2**70:]', () => numpy.index(v, [numpy.slice(-(2n ** 70n), null)])],
  ['v[:-2**70]', () => numpy.index(v, [numpy.slice(null, -(2n ** 70n))])],
  ['v[2**63:]', () => numpy.index(v, [numpy.slice(2 ** 63, null)])],
  ['v[-2**63:]', () => numpy.index(v, [numpy.slice(-(2 ** 63), null)])],
  ['v[::2**64]', () => numpy.index(v, [numpy.slice(null, null, 2n ** 64n)])],
  ['v[::-2**64]', () => numpy.index(v, [numpy.slice(null, null, -(2n ** 64n))])],
  ['v[::-2**63]', () => numpy.index(v, [numpy.slice(null, null, -(2 ** 63))])],
  ['v[1:2**64:2]', () => numpy.index(v, [numpy.slice(1n, 2n ** 64n, 2n)])],
  ['v[2**53 + 2:]', () => numpy.index(v, [numpy.slice(2 ** 53 + 2, null)])],
  [
    'b[2**64:, ::-2**64]',
    () => numpy.index(b, [numpy.slice(2n ** 64n, null), numpy.slice(null, null, -(2n ** 64n))]),
  ],
];

const PEER = `
import json, sys, numpy as np
a = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32)
b = np.array([[0, 1, 2], [3, 4, 5]])
v = np.arange(5)
nan, inf = float('nan'), float('inf')
def at(f, a, i, b):
    r = a.copy(); f.at(r, i, b); return r
def put(a, i, v, mode):
    r = a.copy(); np.put(r, i, v, mode=mode); return r
out = []
for expr in json.load(sys.stdin):
    try:
        r = np.asarray(eval(expr))
        out.append({'dtype': str(r.dtype), 'shape': list(r.shape), 'data': r.ravel().tolist()})
    except Exception as e:
        out.append({'error': type(e).__name__, 'message': str(e)})
print(json.dumps(out))
`;

type PeerResult = { dtype: string; shape: number[]; data: number[] } | { error: string; message: string };

describe.skipIf(!hasNumpy)('JS int lists are int64, as np.asarray of Python ints (live NumPy 1.24)', () => {
  const run = spawnSync(PYTHON, ['-c', PEER], {
    input: JSON.stringify(CASES.map(([expr]) => expr)),
    encoding: 'utf8',
  });
  const peer = hasNumpy ? (JSON.parse(run.stdout) as PeerResult[]) : [];
  for (const [k, [expr, call]] of CASES.entries())
    it(expr, () => {
      const want = peer[k];
      if ('error' in want) {
        let thrown: unknown;
        try {
          call();
        } catch (e) {
          thrown = e;
        }
        expect(thrown).toBeInstanceOf(GatherScatterError);
        // NumPy's IndexError / OverflowError / ValueError / TypeError text, word for word
        if (['IndexError', 'OverflowError', 'ValueError', 'TypeError'].includes(want.error))
          expect((thrown as Error).message).toContain(want.message);
        return;
      }
      const got = call();
      expect({ dtype: got.dtype, shape: [...got.shape], data: got.toFlatArray().map(Number) }).toEqual(want);
    });
});

describe('the IR and the ONNX model read i64 indices from a JS list', () => {
  it('stablehloText and onnxInputs of numpy.take(a, [0, 2])', () => {
    const call = numpy.lower.take(a, [0, 2]) as CoreCall;
    expect(stablehloText(call)).toContain('%start_indices: tensor<2xi64>');
    expect(onnxInputs(call).indices.dtype).toBe('int64');
    expect(Array.from(execute(call).data as Float32Array)).toEqual([1, 3]);
  });
  it('an integer past int64 is a typed error (NumPy: OverflowError)', () => {
    expect(() => numpy.take(a, [2 ** 63])).toThrow(GatherScatterError);
  });
});

/**
 * Where NumPy 1.24 refuses a Python int past int64 among its other checks (measured with
 * /usr/bin/python3 on the same calls): take / put after the axis, the mode and the axis's type,
 * before `out`, `v`, an empty array or axis and the bounds; indexing and ufunc.at item by item
 * (a bad item before it wins; the count of indices, mask shapes, bounds and `b` come after); the
 * along-axis functions after the axis, before the rank.
 */
const ORDER: [string, () => unknown, string][] = [
  ['take(a, [2**64], axis=5)', () => numpy.take(a, [2n ** 64n], { axis: 5 }), 'numpy.take.axis'],
  ['take(a, [2**64], axis=1.5)', () => numpy.take(a, [2n ** 64n], { axis: 1.5 }), 'numpy.take.axis'],
  [
    "take(a, [2**64], mode='bad')",
    () => numpy.take(a, [2n ** 64n], { mode: 'bad' as 'raise' }),
    'numpy.take.mode',
  ],
  [
    'take(a, [2**63], axis=0, out=zeros(5))',
    () => numpy.take(a, [2n ** 63n], { axis: 0, out: zeros([5], 'float32') }),
    'numpy.take.index_overflow',
  ],
  [
    'take(zeros((3, 0)), [2**64], axis=0)',
    () => numpy.take(zeros([3, 0], 'float32'), [2n ** 64n], { axis: 0 }),
    'numpy.take.index_overflow',
  ],
  ['take(a, [5, 2**63])', () => numpy.take(a, [5, 2n ** 63n]), 'numpy.take.index_overflow'],
  ['take(a, [1.5, 2**63])', () => numpy.take(a, [1.5, 2n ** 63n]), 'numpy.take.index_overflow'],
  // np.asarray([2**63, 0]) is float64: an index of the wrong type, not an overflow.
  ['a[[2**63, 0]]', () => numpy.index(a, [[2n ** 63n, 0]]), 'numpy.index.index_dtype'],
  [
    "put(a, [2**64], 1, mode='bad')",
    () => numpy.put(a, [2n ** 64n], 1, { mode: 'bad' as 'raise' }),
    'numpy.put.mode',
  ],
  [
    "put(a, [2**64], 'x')",
    () => numpy.put(a, [2n ** 64n], 'x' as unknown as number),
    'numpy.put.index_overflow',
  ],
  [
    'put(zeros(0), [2**64], 1)',
    () => numpy.put(zeros([0], 'float32'), [2n ** 64n], 1),
    'numpy.put.index_overflow',
  ],
  ['b[[5], 2**63]', () => numpy.index(b, [[5], 2n ** 63n]), 'numpy.index.index_overflow'],
  ['b[2**63, 0, 0]', () => numpy.index(b, [2n ** 63n, 0, 0]), 'numpy.index.index_overflow'],
  ['b[[2**63], 0, 0]', () => numpy.index(b, [[2n ** 63n], 0, 0]), 'numpy.index.too_many_indices'],
  [
    'b[..., ..., 2**63]',
    () => numpy.index(b, [numpy.ellipsis, numpy.ellipsis, 2n ** 63n]),
    'numpy.index.ellipsis',
  ],
  ['b[[1.5], 2**63]', () => numpy.index(b, [[1.5], 2n ** 63n]), 'numpy.index.index_dtype'],
  [
    'b[array([True, False]), 2**63]',
    () => numpy.index(b, [tensor([true, false]), 2n ** 63n]),
    'numpy.index.index_overflow',
  ],
  ['b[[5], 2**64]', () => numpy.index(b, [[5], 2n ** 64n]), 'numpy.index.index_dtype'],
  [
    "add.at(a, [2**64], 'x')",
    () => numpy.add.at(a, [2n ** 64n], 'x' as unknown as number),
    'numpy.add.at.index_dtype',
  ],
  ['add.at(a, 2**63, [1, 2])', () => numpy.add.at(a, 2n ** 63n, [1, 2]), 'numpy.add.at.index_overflow'],
  [
    'take_along_axis(b, [[2**64]], 5)',
    () => numpy.take_along_axis(b, [[2n ** 64n]], 5),
    'numpy.take_along_axis.axis',
  ],
  [
    'take_along_axis(b, [2**64], 0)',
    () => numpy.take_along_axis(b, [2n ** 64n], 0),
    'numpy.take_along_axis.index_dtype',
  ],
  // A float item: where NumPy converts the list (NaN: ValueError, ±inf: OverflowError), in order.
  ['take(a, [nan], axis=5)', () => numpy.take(a, [Number.NaN], { axis: 5 }), 'numpy.take.axis'],
  [
    "take(a, [nan], mode='bad')",
    () => numpy.take(a, [Number.NaN], { mode: 'bad' as 'raise' }),
    'numpy.take.mode',
  ],
  [
    'take(a, [nan], axis=0, out=zeros(5))',
    () => numpy.take(a, [Number.NaN], { axis: 0, out: zeros([5], 'float32') }),
    'numpy.take.index_nan',
  ],
  [
    'take(a, [1.5], axis=0, out=zeros(5))',
    () => numpy.take(a, [1.5], { axis: 0, out: zeros([5], 'float32') }),
    'numpy.take.out',
  ],
  [
    'take(zeros((3, 0)), [inf], axis=1)',
    () => numpy.take(zeros([3, 0], 'float32'), [Number.POSITIVE_INFINITY], { axis: 1 }),
    'numpy.take.index_infinity',
  ],
  [
    'take(zeros((3, 0)), [7.5], axis=1)',
    () => numpy.take(zeros([3, 0], 'float32'), [7.5], { axis: 1 }),
    'numpy.take.empty_axis',
  ],
  ['take(a, [nan, 2**64])', () => numpy.take(a, [Number.NaN, 2n ** 64n]), 'numpy.take.index_nan'],
  ['take(a, [2**64, nan])', () => numpy.take(a, [2n ** 64n, Number.NaN]), 'numpy.take.index_overflow'],
  [
    'take(a, [inf, nan])',
    () => numpy.take(a, [Number.POSITIVE_INFINITY, Number.NaN]),
    'numpy.take.index_infinity',
  ],
  ['take(a, [1e19, nan])', () => numpy.take(a, [1e19, Number.NaN]), 'numpy.take.index_overflow'],
  ['take(a, [1.5, 9])', () => numpy.take(a, [1.5, 9]), 'numpy.take.index_out_of_bounds'],
  ["put(a, [nan], 'x')", () => numpy.put(a, [Number.NaN], 'x' as unknown as number), 'numpy.put.index_nan'],
  ["put(a, [1.5], 'x')", () => numpy.put(a, [1.5], 'x' as unknown as number), 'numpy.put.v'],
  [
    "put(a, [inf], 1, mode='bad')",
    () => numpy.put(a, [Number.POSITIVE_INFINITY], 1, { mode: 'bad' as 'raise' }),
    'numpy.put.mode',
  ],
  [
    'put(zeros(0), [inf], 1)',
    () => numpy.put(zeros([0], 'float32'), [Number.POSITIVE_INFINITY], 1),
    'numpy.put.index_infinity',
  ],
  // NumPy 1.24.2: "IndexError: index 1 is out of bounds for axis 0 with size 0" (mode 'raise')
  [
    'put(zeros(0), [1.5], 1)',
    () => numpy.put(zeros([0], 'float32'), [1.5], 1),
    'numpy.put.index_out_of_bounds',
  ],
  // A 0-d uint64 index >= 2^63: the along-axis functions check its rank first (after the axis).
  [
    'take_along_axis(b, array(2**63, uint64), 0)',
    () => numpy.take_along_axis(b, tensor(2n ** 63n, 'uint64'), 0),
    'numpy.take_along_axis.ndim',
  ],
  [
    'take_along_axis(b, array(2**63, uint64), 5)',
    () => numpy.take_along_axis(b, tensor(2n ** 63n, 'uint64'), 5),
    'numpy.take_along_axis.axis',
  ],
  [
    'put_along_axis(b, array(2**63, uint64), 1, 0)',
    () => numpy.put_along_axis(b, tensor(2n ** 63n, 'uint64'), 1, 0),
    'numpy.put_along_axis.ndim',
  ],
  // Slice bounds past int64 are clamped: a bad item elsewhere, a step 0 or a float bound still wins.
  ['v[2**64::0]', () => numpy.index(v, [numpy.slice(2n ** 64n, null, 0n)]), 'numpy.index.slice_step'],
  ['v[2**64:1.5]', () => numpy.index(v, [numpy.slice(2n ** 64n, 1.5)]), 'numpy.index.slice_index'],
  ['v[:2**64, 1]', () => numpy.index(v, [numpy.slice(null, 2n ** 64n), 1]), 'numpy.index.too_many_indices'],
];

describe('a Python int past int64 among the other checks: where NumPy 1.24 refuses it', () => {
  it.each(ORDER)('%s: %s', (_expr, call, code) => {
    expect(codeOf(call)).toBe(code);
  });
  it('values inside int64 read as before: bigints and whole numbers to ±2^53 are int64 indices', () => {
    expect(numpy.take(a, [1n, -1, 2 ** 53 - 1], { mode: 'clip' }).toArray()).toEqual([2, 1, 6]);
    expect(codeOf(() => numpy.index(a, [[-(2n ** 63n)]]))).toBe('numpy.index.index_out_of_bounds');
    expect(codeOf(() => numpy.take(a, [2n ** 63n - 1n]))).toBe('numpy.take.index_out_of_bounds');
  });
});
