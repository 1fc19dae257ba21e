/**
 * The paste box reads index tuples, masks and negative indices (issue 26 item 4): `x[i, j]` and
 * `x[mask]` as numpy.index / torch.index with the tuple stacked along the first dim
 * (explorer/tuple-ops.ts), `x[i, j] = v` / `x[mask] = v` as torch.index_put, torch `x[[-1]]` as
 * torch.index (negatives from the end), jnp `x[[-1]]` as jnp.take's default mode, and
 * `np.add.at(x, mask, v)`. Expected values are from NumPy 1.24 / PyTorch 1.13 under
 * /usr/bin/python3; each test's comment has the expression.
 */
import { describe, expect, it } from 'vitest';
import { callCode } from '../explorer/code.js';
import { parsePaste } from '../explorer/paste.js';
import { TUPLE_ENTRIES, withTuples } from '../explorer/tuple-ops.js';
import { NAMESPACES } from '../src/frameworks/index.js';
import { probeArgs } from '../src/tables/probes.js';
import { buildRegistry, executeCall, lowerCall } from '../src/tables/registry.js';
import { pasteProbes } from './helpers/paste.js';

const registry = withTuples(buildRegistry(NAMESPACES));
const { run, refused } = pasteProbes(registry);

describe('index tuples x[i, j]', () => {
  it('NumPy: np.arange(12).reshape(3, 4)[[0, 2], [1, -1]] = [1, 11] (numpy.index)', () => {
    const r = run('import numpy as np\nx = np.arange(12).reshape(3, 4)\nx[[0, 2], [1, -1]]');
    expect(r.id).toBe('numpy.index');
    // the tuple stacked along the first dim: one row per indexed dim
    expect(r.args.indices).toEqual([
      [0, 2],
      [1, -1],
    ]);
    expect(r.out).toEqual([1n, 11n]);
  });
  it('NumPy broadcasts the arrays: x[[[0], [2]], [1, 3]] = [[1, 3], [9, 11]]; an int beside them too', () => {
    expect(run('x = np.arange(12).reshape(3, 4)\nx[[[0], [2]], [1, 3]]').out).toEqual([
      [1n, 3n],
      [9n, 11n],
    ]);
    // x[1, [0, 2]] = [4, 6]
    expect(run('x = np.arange(12).reshape(3, 4)\nx[1, [0, 2]]').out).toEqual([4n, 6n]);
  });
  it('PyTorch: torch.arange(12).reshape(3, 4)[[0, 2], [1, -1]] = [1, 11] (torch.index)', () => {
    const r = run('x = torch.arange(12).reshape(3, 4)\nx[[0, 2], [1, -1]]');
    expect(r.id).toBe('torch.index');
    expect(r.out).toEqual([1n, 11n]);
  });
  it('PyTorch x[i, j] = v: torch.zeros(2, 3)[[0, 1], [2, 0]] = [7., 9.] (torch.index_put)', () => {
    const r = run('x = torch.zeros(2, 3)\nx[[0, 1], [2, 0]] = torch.tensor([7., 9.])');
    expect(r.id).toBe('torch.index_put');
    expect(r.out).toEqual([
      [0, 0, 7],
      [9, 0, 0],
    ]);
  });
});

describe('boolean masks', () => {
  it('NumPy x[mask] (full and leading-dim masks) → numpy.index', () => {
    // np.arange(6).reshape(2,3)[np.array([[True,False,True],[False,True,False]])] → [0, 2, 4]
    const r = run('x = np.arange(6).reshape(2, 3)\nx[np.array([[True, False, True], [False, True, False]])]');
    expect(r.id).toBe('numpy.index');
    expect(r.args.indexDType).toBe('bool');
    expect(r.out).toEqual([0n, 2n, 4n]);
    // x[np.array([False, True])] → [[3, 4, 5]]
    expect(run('x = np.arange(6).reshape(2, 3)\nx[np.array([False, True])]').out).toEqual([[3n, 4n, 5n]]);
  });
  it('PyTorch x[mask] on leading dims → torch.index: [[0, 1], [4, 5]]', () => {
    const r = run('x = torch.arange(6).reshape(3, 2)\nx[torch.tensor([True, False, True])]');
    expect(r.id).toBe('torch.index');
    expect(r.out).toEqual([
      [0n, 1n],
      [4n, 5n],
    ]);
  });
  it('PyTorch x[mask] = 0 and x[row_mask] = row → torch.index_put (values broadcast)', () => {
    const m = 'm = torch.tensor([[True, False, True], [False, False, True]])';
    const r = run(`x = torch.arange(6).reshape(2, 3)\n${m}\nx[m] = 0`);
    expect(r.id).toBe('torch.index_put');
    expect(r.out).toEqual([
      [0n, 1n, 0n],
      [3n, 4n, 0n],
    ]);
    expect(
      run('x = torch.arange(6).reshape(2, 3)\nx[torch.tensor([True, False])] = torch.tensor([7, 8, 9])').out,
    ).toEqual([
      [7n, 8n, 9n],
      [3n, 4n, 5n],
    ]);
  });
  it('a mask beside other indices stands for its true positions (x[m, 1], x[m2, 1], x[m, 1] = 5)', () => {
    // np.arange(12).reshape(3,4)[np.array([True,False,True]), 1] → [1, 9]; torch the same
    const m = 'np.array([True, False, True])';
    const r = run(`x = np.arange(12).reshape(3, 4)\nx[${m}, 1]`);
    expect(r.id).toBe('numpy.index');
    expect(r.args.indices).toEqual([
      [0, 2],
      [1, 1],
    ]);
    expect(r.out).toEqual([1n, 9n]);
    expect(run(`x = np.arange(12).reshape(3, 4)\nx[${m}, [1, 2]]`).out).toEqual([1n, 10n]);
    // a 2-D mask covers two dims: np.arange(8).reshape(2,2,2)[[[True,False],[False,True]], 1] → [1, 7]
    expect(
      run('y = np.arange(8).reshape(2, 2, 2)\ny[np.array([[True, False], [False, True]]), 1]').out,
    ).toEqual([1n, 7n]);
    expect(run('x = torch.arange(12).reshape(3, 4)\nx[torch.tensor([True, False, True]), 1]').out).toEqual([
      1n,
      9n,
    ]);
    expect(run('x = torch.zeros(3, 4)\nx[torch.tensor([True, False, True]), 1] = 5').out).toEqual([
      [0, 5, 0, 0],
      [0, 0, 0, 0],
      [0, 5, 0, 0],
    ]);
  });
  it('np.add.at(x, mask, 1) adds at the true positions: [1, 0, 1, 0]', () => {
    const r = run('x = np.zeros(4)\nnp.add.at(x, np.array([True, False, True, False]), 1)');
    expect(r.id).toBe('numpy.add.at');
    expect(r.out).toEqual([1, 0, 1, 0]);
  });
});

describe('negative indices in x[idx]', () => {
  it('torch x[[-1]] and x[tensor([-1, 0])] count from the end (torch.index): [5], [5, 0]', () => {
    const r = run('x = torch.arange(6)\nx[[-1]]');
    expect(r.id).toBe('torch.index');
    expect(r.out).toEqual([5n]);
    expect(run('x = torch.arange(6)\nx[torch.tensor([-1, 0])]').out).toEqual([5n, 0n]);
  });
  it('jnp x[jnp.array([-1, 0])] counts from the end too: jnp.take default mode → [3, 0]', () => {
    const r = run('x = jnp.arange(4)\nx[jnp.array([-1, 0])]');
    expect(r.id).toBe('jax.numpy.take');
    expect(r.args.attrs).not.toHaveProperty('mode');
    expect(r.out).toEqual([3, 0]);
    // out of range AND negative: no single op reads both as jnp does
    expect(refused('x = jnp.arange(4)\nx[jnp.array([-1, 9])]')).toContain('no single op');
  });
});

describe('what stays refused, with the reason', () => {
  it("NumPy's in-place x[i, j] = v and arrays that do not broadcast", () => {
    expect(refused('x = np.zeros((2, 2))\nx[[0, 1], [1, 0]] = 5')).toContain('has no op in the library');
    expect(refused('x = np.zeros((2, 2))\nx[[0, 1], [0, 1, 1]]')).toContain('do not broadcast');
  });
  it('chosen from the menu, each tuple op starts from x[[2, 0]] (probeArgs), index_put with matching values', () => {
    const outs = TUPLE_ENTRIES.map((e) => executeCall(NAMESPACES, e, probeArgs(e, [2, 0])).toArray());
    expect(outs[0]).toEqual([
      [30, 31, 32],
      [10, 11, 12],
    ]);
    expect(outs[1]).toEqual(outs[0]);
    expect(outs[2]).toEqual([
      [200, 201, 202],
      [5, 5, 5],
      [100, 101, 102],
    ]);
  });
  it('the tuple entries lower through the registry (no DOM): numpy.index of a stacked tuple', () => {
    const entry = TUPLE_ENTRIES[0];
    const call = lowerCall(NAMESPACES, entry, {
      data: [
        [1, 2],
        [3, 4],
      ],
      indices: [
        [1, 0],
        [0, 1],
      ],
    });
    expect(call.kind).toBe('gather');
  });
});

describe('the code view writes the tuple as Python does', () => {
  // Each printed program was run under /usr/bin/python3 (NumPy 1.24, PyTorch 1.13) to the result above.
  const code = (text: string) => {
    const p = parsePaste(text, registry);
    return callCode(p.entry, p.args, lowerCall(NAMESPACES, p.entry, p.args)).text;
  };
  it('a[tuple(indices)], x[tuple(index)], x.index_put(tuple(index), src)', () => {
    expect(code('x = np.arange(12).reshape(3, 4)\nx[[0, 2], [1, -1]]')).toBe(
      'import numpy as np\na = np.array([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]])\nindices = np.array([[0, 2], [1, -1]])\na[tuple(indices)]',
    );
    expect(code('x = torch.arange(6)\nx[[-1, 0]]').split('\n').at(-1)).toBe('x[tuple(index)]');
    expect(code('x = torch.zeros(2, 3)\nx[[0, 1], [2, 0]] = torch.tensor([7., 9.])').split('\n').at(-1)).toBe(
      'x.index_put(tuple(index), src)',
    );
  });
});

describe('tuples and ints as Python reads them', () => {
  it('x[(0, 1)] is x[0, 1]; x[1] drops the dim (np.arange(6).reshape(2, 3): 1 and [3, 4, 5])', () => {
    expect(run('x = np.arange(6).reshape(2, 3)\nx[(0, 1)]').out).toBe(1n);
    expect(run('x = np.arange(6).reshape(2, 3)\nx[1]').out).toEqual([3n, 4n, 5n]);
    expect(run('x = jnp.arange(6).reshape(2, 3)\nx[1]').out).toEqual([3, 4, 5]);
    expect(refused('x = torch.arange(6).reshape(2, 3)\nx[1]')).toContain('basic indexing');
  });
  it('np.add.at(x, ([0, 2],), 1) reads its one-array tuple; a longer tuple is refused, not misread', () => {
    // x = np.zeros(4); np.add.at(x, ([0, 2],), 1) → [1, 0, 1, 0]
    expect(run('x = np.zeros(4)\nnp.add.at(x, ([0, 2],), 1)').out).toEqual([1, 0, 1, 0]);
    expect(refused('x = np.zeros((2, 2))\nnp.add.at(x, ([0, 1], [1, 0]), 1)')).toContain(
      'takes an index tuple',
    );
  });
});
