/**
 * Issue 23: an empty JS list given to the NumPy frontend as data is `np.asarray([])`, float64
 * (Python's float) — not the library's `tensor([])` float32. Each case runs against the real
 * NumPy 1.24 (/usr/bin/python3) in one process and compares dtype, shape and values; the
 * float64 result is also pinned so the rule holds without the peer.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pythonHas } from '../scripts/goldens/golden.js';
import { numpy } from '../src/frameworks/numpy.js';
import { type Tensor, tensor } from '../src/index.js';

const PYTHON = '/usr/bin/python3';
const e = () => tensor([], 'int64');

/** The Python expression (with `e` an empty int64 array) and the library's call. */
const CASES: [string, () => Tensor][] = [
  ['np.take([], e)', () => numpy.take([], e())],
  ['np.take([[]], e, axis=1)', () => numpy.take([[]], e(), { axis: 1 })],
  ['np.take_along_axis(np.asarray([]), e, 0)', () => numpy.take_along_axis([], e(), 0)],
  ['np.asarray([])[e]', () => numpy.index([], [e()])],
  ['at(np.add, [], e, [])', () => numpy.add.at([], e(), [])],
  ['put([], e, [])', () => numpy.put([], e(), [])],
  ['np.take([[], []], e, axis=1)', () => numpy.take([[], []], e(), { axis: 1 })],
  // An empty list of INDICES is intp: NumPy converts the list straight to the dtype it asks for.
  ['np.take(np.asarray([1., 2.]), [])', () => numpy.take(tensor([1, 2], 'float64'), [])],
  [
    'np.take(np.asarray([[1., 2.]]), [[]], axis=1)',
    () => numpy.take(tensor([[1, 2]], 'float64'), [[]], { axis: 1 }),
  ],
  ['np.asarray([1., 2.])[[]]', () => numpy.index(tensor([1, 2], 'float64'), [[]])],
  ['put(np.asarray([1., 2.]), [], [])', () => numpy.put(tensor([1, 2], 'float64'), [], [])],
  ['at(np.add, np.asarray([1., 2.]), [], [])', () => numpy.add.at(tensor([1, 2], 'float64'), [], [])],
];

const PEER = `
import json, sys, numpy as np
e = np.array([], dtype=np.int64)
def at(f, a, i, b):
    r = np.asarray(a); f.at(r, i, b); return r
def put(a, i, v):
    r = np.asarray(a); np.put(r, i, v); return r
out = []
for src in json.load(sys.stdin):
    r = eval(src)
    out.append({'dtype': str(r.dtype), 'shape': list(r.shape), 'values': r.ravel().tolist()})
print(json.dumps(out))
`;

describe('an empty JS data list is float64, as np.asarray([])', () => {
  it('numpy.take([], int64 []) is a float64 [0] (was float32)', () => {
    const r = numpy.take([], e());
    expect([r.dtype, r.shape]).toEqual(['float64', [0]]);
  });

  it('an empty JS list of indices is int64 (intp): numpy.take(a, []) computes', () => {
    const r = numpy.take(tensor([1, 2], 'float32'), []);
    expect([r.dtype, r.shape]).toEqual(['float32', [0]]);
    expect(numpy.index(tensor([1, 2], 'float32'), [[]]).shape).toEqual([0]);
    // an empty float64 ARRAY of indices stays refused, as NumPy refuses it
    expect(() => numpy.take(tensor([1, 2], 'float32'), tensor([], 'float64'))).toThrow(
      /numpy\.take\.index_dtype/,
    );
  });

  it.skipIf(!pythonHas('numpy'))('every case: the dtype, shape and values of NumPy 1.24', () => {
    const p = spawnSync(PYTHON, ['-c', PEER], {
      input: JSON.stringify(CASES.map(([s]) => s)),
      encoding: 'utf8',
    });
    expect(p.stderr).toBe('');
    const want = JSON.parse(p.stdout) as { dtype: string; shape: number[]; values: number[] }[];
    const got = CASES.map(([, f]) => {
      const r = f();
      return { dtype: r.dtype, shape: [...r.shape], values: r.toFlatArray() };
    });
    expect(got).toEqual(want);
  });
});
