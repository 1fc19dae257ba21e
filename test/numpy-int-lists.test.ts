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

/** Each case: the Python expression on `a` (float32 [[1,2,3],[4,5,6]]) and the library's call. */
const CASES: [string, () => Tensor][] = [
  ['np.take(a, [2**40])', () => numpy.take(a, [2 ** 40])],
  ['np.take(a, [2**31])', () => numpy.take(a, [2 ** 31])],
  ["np.take(a, [2**40 + 1], mode='wrap')", () => numpy.take(a, [2 ** 40 + 1], { mode: 'wrap' })],
  ["np.take(a, [-2**40], mode='clip')", () => numpy.take(a, [-(2 ** 40)], { mode: 'clip' })],
  ['a[[1], [2**33]]', () => numpy.index(a, [[1], [2 ** 33]])],
  ['at(np.add, a, [2**40], 1)', () => numpy.add.at(a, [2 ** 40], 1)],
  ["put(a, [2**40 + 1], 9, mode='wrap')", () => numpy.put(a, [2 ** 40 + 1], 9, { mode: 'wrap' })],
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
];

const PEER = `
import json, sys, numpy as np
a = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32)
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
        // NumPy's IndexError / OverflowError text, word for word
        if (want.error === 'IndexError' || want.error === 'OverflowError')
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
const b = tensor([
  [0, 1, 2],
  [3, 4, 5],
]);
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
