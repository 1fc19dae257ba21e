/**
 * NumPy index tuples with basic items beside advanced ones (issue 23): `numpy.slice`, `newaxis`,
 * `ellipsis` and integers beside index arrays and masks, for `numpy.index` and every `ufunc.at`.
 * Expected values are NumPy 1.24's (each printed by /usr/bin/python3 when the test was written;
 * test/slices-live.test.ts compares random tuples live). Every surface: StableHLO text read
 * back and run, gradients against finite differences, ONNX export, the CLI.
 */
import { describe, expect, it } from 'vitest';
import { vjp } from '../src/autodiff/vjp.js';
import { program } from '../src/cli/main.js';
import { type CoreCall, execute, stablehloText } from '../src/core/call.js';
import { onnxGraph, toOnnx } from '../src/export/onnx.js';
import { numpy } from '../src/frameworks/numpy.js';
import { programOf } from '../src/ir/lowered.js';
import { runModule } from '../src/ir/run.js';
import { readModule } from '../src/stablehlo-text/index.js';
import { type Tensor, arange, tensor } from '../src/tensor/tensor.js';
import { codeOf as code } from './helpers/errors.js';
import { coreCall } from './helpers/core-call.js';
import { plain as num } from './helpers/values.js';

const a = tensor([
  [0, 1, 2, 3],
  [10, 11, 12, 13],
  [20, 21, 22, 23],
]);
const mask = tensor([true, false, true]);
const b = arange(24).reshape([2, 3, 4]);
const { slice, ellipsis, newaxis } = numpy;

describe('numpy.slice: the documented examples', () => {
  it('a[mask, 1:3] and a[::-1, [0, 2]]', () => {
    expect(num(numpy.index(a, [tensor([true, false, true]), numpy.slice(1, 3)]))).toEqual([
      [1, 2],
      [21, 22],
    ]);
    expect(num(numpy.index(a, [numpy.slice(null, null, -1), [0, 2]]))).toEqual([
      [20, 22],
      [10, 12],
      [0, 2],
    ]);
  });
});

describe('placement (values from NumPy 1.24)', () => {
  it('slices keep their dims; adjacent advanced entries are placed in place', () => {
    expect(num(numpy.index(a, [slice(), tensor([true, false, true, true])]))).toEqual([
      [0, 2, 3],
      [10, 12, 13],
      [20, 22, 23],
    ]);
    expect(num(numpy.index(a, [slice(1, null), [0, 2]]))).toEqual([
      [10, 12],
      [20, 22],
    ]);
    expect(num(numpy.index(a, [slice(null, null, 2), slice(3, 0, -2)]))).toEqual([
      [3, 1],
      [23, 21],
    ]);
  });
  it('non-adjacent advanced entries go first: b[[0, 1], :, [1, 0]] and b[0, :, [0, 1]] (an int beside an array is advanced)', () => {
    const r = numpy.index(b, [[0, 1], slice(), [1, 0]]);
    expect(r.shape).toEqual([2, 3]);
    expect(num(r)).toEqual([
      [1, 5, 9],
      [12, 16, 20],
    ]);
    const s = numpy.index(b, [0, slice(), [0, 1]]);
    expect(num(s)).toEqual([
      [0, 4, 8],
      [1, 5, 9],
    ]);
  });
  it('an ellipsis separates advanced entries even when it covers no dim: zeros(5,3,4)[:, [0,1,2], ..., [0,1,2]] is 3×5', () => {
    const z = arange(60).reshape([5, 3, 4]);
    expect(numpy.index(z, [slice(), [0, 1, 2], ellipsis, [0, 1, 2]]).shape).toEqual([3, 5]);
    expect(numpy.index(b, [ellipsis, tensor([true, false, true, true])]).shape).toEqual([2, 3, 3]);
  });
  it('None adds an axis; a 0-d mask beside slices adds one of its count', () => {
    expect(num(numpy.index(a, [newaxis, mask]))).toEqual([
      [
        [0, 1, 2, 3],
        [20, 21, 22, 23],
      ],
    ]);
    expect(num(numpy.index(a, [true, slice(1, 2)]))).toEqual([[[10, 11, 12, 13]]]);
    expect(numpy.index(a, [false, slice(1, 3), newaxis]).shape).toEqual([0, 2, 1, 4]);
    expect(num(numpy.index(a, [0, tensor([true, false, true, true])]))).toEqual([0, 2, 3]);
  });
  it('a mask before a stepped slice: its count dim stays first (a[mask, ::-2], a[mask, None, 1:3])', () => {
    expect(num(numpy.index(a, [mask, slice(null, null, -2)]))).toEqual([
      [3, 1],
      [23, 21],
    ]);
    expect(num(numpy.index(a, [mask, newaxis, slice(1, 3)]))).toEqual([[[1, 2]], [[21, 22]]]);
  });
  it('empty and clamped slices: a[5:, [0]] is 0×1, a[-100:100:-1, [0]] is 0×1', () => {
    expect(numpy.index(a, [slice(5, null), [0]]).shape).toEqual([0, 1]);
    expect(numpy.index(a, [slice(-100, 100, -1), [0]]).shape).toEqual([0, 1]);
    expect(num(numpy.index(a, [slice(-100, 100), [0]]))).toEqual([[0], [10], [20]]);
  });
  it('ufunc.at beside slices: np.add.at(a, (mask, slice(1, 3)), 100), duplicates accumulate', () => {
    expect(num(numpy.add.at(a, [mask, slice(1, 3)], 100))).toEqual([
      [0, 101, 102, 3],
      [10, 11, 12, 13],
      [20, 121, 122, 23],
    ]);
    expect(num(numpy.add.at(a, [slice(null, null, -1), [0, 0]], 1))).toEqual([
      [2, 1, 2, 3],
      [12, 11, 12, 13],
      [22, 21, 22, 23],
    ]);
    const m = numpy.maximum.at(a, numpy.tuple(newaxis, slice(), [3, 3]), tensor([[[5, 30]]]));
    expect(num(m)).toEqual([
      [0, 1, 2, 30],
      [10, 11, 12, 30],
      [20, 21, 22, 30],
    ]);
  });
});

describe('errors with NumPy words', () => {
  it('numpy.index.slice_step and numpy.add.at.slice_step: slice step cannot be zero', () => {
    expect(code(() => numpy.index(a, [slice(null, null, 0)]))).toBe('numpy.index.slice_step');
    expect(() => numpy.index(a, [slice(null, null, 0)])).toThrow('slice step cannot be zero');
    expect(code(() => numpy.add.at(a, [slice(null, null, 0), [1]], 1))).toBe('numpy.add.at.slice_step');
  });
  it('numpy.index.slice_index: a bound that is not an integer', () => {
    expect(code(() => numpy.index(a, [slice(0.5, 2)]))).toBe('numpy.index.slice_index');
  });
  it('numpy.index.ellipsis: an index can only have a single ellipsis', () => {
    expect(code(() => numpy.index(a, [ellipsis, ellipsis]))).toBe('numpy.index.ellipsis');
    expect(() => numpy.index(a, [ellipsis, ellipsis])).toThrow(
      "an index can only have a single ellipsis ('...')",
    );
  });
  it('numpy.index.too_many_indices counts slices, not None', () => {
    expect(() => numpy.index(a, [slice(), slice(), slice()])).toThrow(
      'too many indices for array: array is 2-dimensional, but 3 were indexed',
    );
    expect(numpy.index(a, [newaxis, slice(), newaxis, slice()]).shape).toEqual([1, 3, 1, 4]);
  });
  it('numpy.index.mask_shape beside a slice names the dimension of a', () => {
    expect(() => numpy.index(a, [tensor([true, false]), slice()])).toThrow(
      'boolean index did not match indexed array along dimension 0; dimension is 3 but corresponding boolean dimension is 2',
    );
    expect(code(() => numpy.index(a, [slice(), tensor([true, false])]))).toBe('numpy.index.mask_shape');
  });
  it('an out-of-bounds integer names the axis of a, not counting new axes (numpy.index.index_out_of_bounds)', () => {
    expect(() => numpy.index(a, [newaxis, slice(), 9])).toThrow(
      'index 9 is out of bounds for axis 1 with size 4',
    );
    expect(() => numpy.index(a, [newaxis, [5]])).toThrow('index 5 is out of bounds for axis 0 with size 3');
  });
});

describe('each op of the tuple family names its slice rules', () => {
  const RULES = [
    'numpy.add.at.slice_step',
    'numpy.add.at.slice_index',
    'numpy.add.at.ellipsis',
    'numpy.subtract.at.slice_step',
    'numpy.subtract.at.slice_index',
    'numpy.subtract.at.ellipsis',
    'numpy.multiply.at.slice_step',
    'numpy.multiply.at.slice_index',
    'numpy.multiply.at.ellipsis',
    'numpy.minimum.at.slice_step',
    'numpy.minimum.at.slice_index',
    'numpy.minimum.at.ellipsis',
    'numpy.maximum.at.slice_step',
    'numpy.maximum.at.slice_index',
    'numpy.maximum.at.ellipsis',
  ];
  const TUPLES: Record<string, unknown[]> = {
    slice_step: [slice(null, null, 0), [0]],
    slice_index: [slice(null, 1.5), [0]],
    ellipsis: [ellipsis, [0], ellipsis],
  };
  it.each(RULES)('%s', (rule) => {
    const [, u, , name] = rule.split('.') as [string, 'add', string, string];
    expect(code(() => numpy[u].at(a, numpy.tuple(...(TUPLES[name] as [])), 1))).toBe(rule);
  });
});

/** The printed module read back and run on the call's tensors. */
function viaText(call: CoreCall): Tensor {
  const module = readModule(stablehloText(call));
  return runModule(module, programOf(call).args).results[0];
}

describe('every surface', () => {
  const x = tensor(
    Array.from({ length: 12 }, (_, i) => i + 0.5),
    'float64',
  ).reshape([3, 4]);
  const calls: [string, () => CoreCall][] = [
    ['a[mask, 1:3]', () => numpy.lower.index(x, [mask, slice(1, 3)])],
    ['a[::-1, [0, 2]]', () => numpy.lower.index(x, [slice(null, null, -1), [0, 2]])],
    ['a[None, mask]', () => numpy.lower.index(x, [newaxis, mask])],
    ['a[..., 1:4:2]', () => numpy.lower.index(x, [ellipsis, slice(1, 4, 2)])],
    [
      'add.at(a, (mask, ::-2), b)',
      () => coreCall(numpy.lower.add.at(x, [mask, slice(null, null, -2)], tensor([1, 2], 'float64'))),
    ],
    [
      'maximum.at(a, (None, :, [0, 0]), b)',
      () => coreCall(numpy.lower.maximum.at(x, numpy.tuple(newaxis, slice(), [0, 0]), 7)),
    ],
  ];
  it.each(calls)('%s: the StableHLO text read back computes what execute computes', (_name, make) => {
    const call = make();
    expect(viaText(call).toArray()).toEqual(execute(call).toArray());
  });
  it('gradients of a[mask, 1:3] and of add.at(a, (mask, 1:3), b) match central finite differences', () => {
    const ct = tensor([1, 2, 3, 4], 'float64').reshape([2, 2]);
    const f = (t: Tensor) => {
      const r = numpy.index(t, [mask, slice(1, 3)]).data as Float64Array;
      return r.reduce((s, v, i) => s + v * (ct.data as Float64Array)[i], 0);
    };
    const g = vjp(numpy.lower.index(x, [mask, slice(1, 3)])).backward(ct).a;
    expect(num(g)).toEqual(finiteDiff(f, x));
    expect(num(g)).toEqual([
      [0, 1, 2, 0],
      [0, 0, 0, 0],
      [0, 3, 4, 0],
    ]);
    const u = tensor([5, 6, 7, 8], 'float64').reshape([2, 2]);
    const at = vjp(coreCall(numpy.lower.add.at(x, [mask, slice(1, 3)], u)));
    const grads = at.backward(
      tensor(
        Array.from({ length: 12 }, (_, i) => i),
        'float64',
      ).reshape([3, 4]),
    );
    expect(num(grads.values)).toEqual([
      [1, 2],
      [9, 10],
    ]);
    expect(num(grads.a)).toEqual(Array.from({ length: 3 }, (_, i) => [0, 1, 2, 3].map((j) => 4 * i + j)));
  });
  it('ONNX: a windowed gather exports as GatherND with its index vectors built in the graph (NonZero for a mask)', () => {
    // onnxruntime runs these and more: test/export-index-tuples.test.ts
    const ops = (c: CoreCall) => onnxGraph(c).nodes.map((n) => n.opType);
    expect(ops(numpy.lower.index(x, [slice(null, null, -1), [0, 2]]))).toContain('GatherND');
    expect(ops(numpy.lower.index(x, [mask, slice(1, 3)]))).toContain('NonZero');
    expect(toOnnx(numpy.lower.index(x, [mask, slice(1, 3)]))).toBeInstanceOf(Uint8Array);
  });
  it('the CLI takes {"slice": [start, stop, step]}, "..." and null in --indices', async () => {
    let out = '';
    const p = program((s) => {
      out += s;
    });
    p.exitOverride();
    for (const c of p.commands) c.exitOverride();
    await p.parseAsync([
      'node',
      'tgs',
      'run',
      'numpy.index',
      '--data',
      '[[0,1,2,3],[10,11,12,13],[20,21,22,23]]',
      '--indices',
      '[[true,false,true], {"slice":[1,3]}]',
    ]);
    expect(out).toContain('[[1,2],[21,22]]');
  });
  it('the CLI keeps slice bounds past 2^53 exact: Python clamps 2**1024 (no Infinity, no slice_index)', async () => {
    const run = async (indices: string) => {
      let out = '';
      const p = program((s) => {
        out += s;
      });
      p.exitOverride();
      for (const c of p.commands) c.exitOverride();
      await p.parseAsync(['node', 'tgs', 'run', 'numpy.index', '--data', '[0,1,2,3]', '--indices', indices]);
      return out;
    };
    const big = (2n ** 1024n).toString();
    expect(await run(`[{"slice":[1,${big}]}]`)).toContain('[1,2,3]');
    expect(await run(`[{"slice":[-${big},2]}]`)).toContain('[0,1]');
    expect(await run(`[{"slice":[null,null,-${big}]}]`)).toContain('[3]');
  });
});

/** d f / d t[i] by central differences (exact here: f is linear in t). */
function finiteDiff(f: (t: Tensor) => number, t: Tensor): number[][] {
  const d = t.data as Float64Array;
  const out: number[] = [];
  for (let i = 0; i < d.length; i++) {
    const up = Float64Array.from(d);
    const down = Float64Array.from(d);
    up[i] += 0.5;
    down[i] -= 0.5;
    out.push(f(tensor(up, 'float64').reshape(t.shape)) - f(tensor(down, 'float64').reshape(t.shape)));
  }
  return Array.from({ length: t.shape[0] }, (_, r) => out.slice(r * t.shape[1], (r + 1) * t.shape[1]));
}
