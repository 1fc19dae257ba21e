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
import { GatherScatterError, type Tensor, tensor } from '../src/index.js';

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
        // NumPy's IndexError text, word for word (an OverflowError has no counterpart wording)
        if (want.error === 'IndexError') expect((thrown as Error).message).toContain(want.message);
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
