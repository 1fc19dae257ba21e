/**
 * Boolean masks: NumPy's `a[mask]` / `ufunc.at(a, mask, b)`, PyTorch's index_put / index with
 * bool and uint8 masks, torch.masked_select / masked_scatter and tf.boolean_mask. Three tiers:
 * the frameworks' documented examples verbatim, one negative case per rule ID, and a live
 * differential against the real NumPy 1.24 and PyTorch 1.13 on random masks (a new seed each
 * run, printed; MASKS_SEED=<seed> replays one).
 */
import { describe, expect, it } from 'vitest';
import {
  type EncodedArg,
  type GoldenCase,
  decodeArg,
  differential,
  encodeTensor,
  pythonHas,
  rng,
} from '../scripts/goldens/golden.js';
import { vjp } from '../src/autodiff/vjp.js';
import { execute, stablehloText } from '../src/core/call.js';
import { onnxGraph, toOnnx } from '../src/export/onnx.js';
import { numpy } from '../src/frameworks/numpy.js';
import { tensorflow as tf } from '../src/frameworks/tensorflow.js';
import { torch } from '../src/frameworks/torch.js';
import { programOf } from '../src/ir/lowered.js';
import { runModule } from '../src/ir/run.js';
import type { DType } from '../src/tensor/dtype.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { translate } from '../src/translate/translate.js';
import { codeOf as code, thrown } from './helpers/errors.js';

const range = (n: number, dtype: DType = 'int64', shape = [n]) =>
  tensor(
    Array.from({ length: n }, (_, i) => (dtype === 'int64' ? BigInt(i) : i)),
    dtype,
    shape,
  );
const big = (xs: number[]) => xs.map(BigInt);

describe('documented examples, verbatim', () => {
  it('NumPy indexing docs: x[~np.isnan(x)] (bool mask of rank 2)', () => {
    // >>> x = np.array([[1., 2.], [np.nan, 3.], [np.nan, np.nan]])
    // >>> x[~np.isnan(x)]
    // array([1., 2., 3.])
    const x = tensor(
      [
        [1, 2],
        [Number.NaN, 3],
        [Number.NaN, Number.NaN],
      ],
      'float64',
    );
    const notNaN = tensor([
      [true, true],
      [false, true],
      [false, false],
    ]);
    expect(numpy.index(x, [notNaN]).toArray()).toEqual([1, 2, 3]);
  });
  it('NumPy indexing docs: x[x < 0] += 20 (here numpy.add.at)', () => {
    // >>> x = np.array([1., -1., -2., 3])
    // >>> x[x < 0] += 20
    // >>> x
    // array([ 1., 19., 18.,  3.])
    const x = tensor([1, -1, -2, 3], 'float64');
    expect(numpy.add.at(x, tensor([false, true, true, false]), 20).toArray()).toEqual([1, 19, 18, 3]);
  });
  it('NumPy indexing docs: x[b[:, 5]] selects rows', () => {
    // >>> x = np.arange(35).reshape(5, 7)
    // >>> b = x > 20
    // >>> b[:, 5]
    // array([False, False, False,  True,  True])
    // >>> x[b[:, 5]]
    // array([[21, 22, 23, 24, 25, 26, 27],
    //        [28, 29, 30, 31, 32, 33, 34]])
    const x = range(35, 'int64', [5, 7]);
    expect(numpy.index(x, [tensor([false, false, false, true, true])]).toArray()).toEqual([
      big([21, 22, 23, 24, 25, 26, 27]),
      big([28, 29, 30, 31, 32, 33, 34]),
    ]);
  });
  it('NumPy indexing docs: x[b] with a 2-D mask over the first two dims of a 3-D array', () => {
    // >>> x = np.arange(30).reshape(2, 3, 5)
    // >>> b = np.array([[True, True, False], [False, True, True]])
    // >>> x[b]
    // array([[ 0,  1,  2,  3,  4],
    //        [ 5,  6,  7,  8,  9],
    //        [20, 21, 22, 23, 24],
    //        [25, 26, 27, 28, 29]])
    const x = range(30, 'int64', [2, 3, 5]);
    const b = tensor([
      [true, true, false],
      [false, true, true],
    ]);
    expect(numpy.index(x, [b]).toArray()).toEqual([
      big([0, 1, 2, 3, 4]),
      big([5, 6, 7, 8, 9]),
      big([20, 21, 22, 23, 24]),
      big([25, 26, 27, 28, 29]),
    ]);
  });
  it('PyTorch docs: Tensor.masked_scatter', () => {
    // >>> self = torch.tensor([0, 0, 0, 0, 0])
    // >>> mask = torch.tensor([[0, 0, 0, 1, 1], [1, 1, 0, 1, 1]], dtype=torch.bool)
    // >>> source = torch.tensor([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]])
    // >>> self.masked_scatter(mask, source)
    // tensor([[0, 0, 0, 0, 1],
    //         [2, 3, 0, 4, 5]])
    const self = tensor(big([0, 0, 0, 0, 0]), 'int64');
    const mask = tensor([
      [false, false, false, true, true],
      [true, true, false, true, true],
    ]);
    const source = range(10, 'int64', [2, 5]);
    expect(torch.masked_scatter(self, mask, source).toArray()).toEqual([
      big([0, 0, 0, 0, 1]),
      big([2, 3, 0, 4, 5]),
    ]);
  });
  it('TensorFlow docs: tf.boolean_mask (1-D and 2-D)', () => {
    // >>> tensor = [0, 1, 2, 3]
    // >>> mask = np.array([True, False, True, False])
    // >>> tf.boolean_mask(tensor, mask)
    // <tf.Tensor: shape=(2,), dtype=int32, numpy=array([0, 2], dtype=int32)>
    expect(tf.boolean_mask(tf.constant([0, 1, 2, 3]), tensor([true, false, true, false])).toArray()).toEqual([
      0, 2,
    ]);
    // >>> tensor = [[1, 2], [3, 4], [5, 6]]
    // >>> mask = np.array([True, False, True])
    // >>> tf.boolean_mask(tensor, mask)
    // <tf.Tensor: shape=(2, 2), dtype=int32, numpy=array([[1, 2], [5, 6]], dtype=int32)>
    expect(
      tf
        .boolean_mask(
          tf.constant([
            [1, 2],
            [3, 4],
            [5, 6],
          ]),
          tensor([true, false, true]),
        )
        .toArray(),
    ).toEqual([
      [1, 2],
      [5, 6],
    ]);
  });
});

describe('NumPy 1.24 forms (measured)', () => {
  const a = range(24, 'int64', [2, 3, 4]);
  const m2 = tensor([
    [true, false, true],
    [false, true, false],
  ]);
  it('a[m2, 1], a[m2, [1, 2, 3]], a[[0, 1], m]: a mask beside integer arrays', () => {
    expect(numpy.index(a, [m2, tensor(1)]).toArray()).toEqual(big([1, 9, 17]));
    expect(numpy.index(a, [m2, tensor([1, 2, 3])]).toArray()).toEqual(big([1, 10, 19]));
    expect(numpy.index(a, [tensor([0, 1]), tensor([true, false, true])]).toArray()).toEqual([
      big([0, 1, 2, 3]),
      big([20, 21, 22, 23]),
    ]);
  });
  it('PyTorch 1.13: one mask with a one-element value is masked_fill (a 0-d mask fills all or nothing)', () => {
    const x = tensor(
      [
        [0, 1, 2],
        [3, 4, 5],
      ],
      'float32',
    );
    expect(torch.index_put(x, [tensor(true)], tensor(9, 'float32')).toArray()).toEqual([
      [9, 9, 9],
      [9, 9, 9],
    ]);
    expect(torch.index_put(x, [tensor(false)], tensor(9, 'float32')).toArray()).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    const m = tensor([
      [true, false, true],
      [false, true, false],
    ]);
    expect(torch.index_put(x, [m], tensor([9], 'float32', [1, 1, 1])).toArray()).toEqual([
      [9, 1, 9],
      [3, 9, 5],
    ]);
  });
  it('PyTorch 1.13: outside masked_fill a 0-d mask beside other indices adds no index, True or False', () => {
    const x = tensor(
      [
        [0, 1, 2],
        [3, 4, 5],
      ],
      'float32',
    );
    const i = tensor(big([1, 0]), 'int64');
    for (const t of [true, false])
      expect(
        torch.index_put(x, [tensor(t), i], tensor([7, 8], 'float32', [2, 1]), { accumulate: true }).toArray(),
      ).toEqual([
        [8, 9, 10],
        [10, 11, 12],
      ]);
  });
  it('classes the differential found, as named tests', () => {
    // NumPy checks a 0-d integer index before broadcasting the tuple: IndexError, not a shape mismatch.
    const a = range(8, 'int64', [2, 4, 1]);
    expect(code(() => numpy.index(a, [tensor([true, true]), tensor([2, 3, 0]), tensor(5)]))).toBe(
      'numpy.index.index_out_of_bounds',
    );
    // The same without a mask (integer arrays only), in numpy.index and ufunc.at.
    const z = tensor([], 'float32', [1, 0, 3]);
    const tuple = [tensor([-1, -1]), tensor(0), tensor([0, -2, -3])];
    expect(code(() => numpy.index(z, tuple))).toBe('numpy.index.index_out_of_bounds');
    expect(code(() => numpy.add.at(z, numpy.tuple(...tuple), 1))).toBe('numpy.add.at.index_out_of_bounds');
    // An empty result checks no index array: a[True, [0, 0], mask] on a (0, 3, 0) array is empty.
    const e0 = tensor([], 'int8', [0, 3, 0]);
    expect(numpy.index(e0, [tensor(true), tensor([0, 0]), tensor([true, false, false])]).shape).toEqual([
      2, 0,
    ]);
    // NumPy checks the integer arrays before refusing bool subtract (seed 3003).
    const zb = tensor([], 'bool', [0, 1, 3]);
    expect(
      code(() =>
        numpy.subtract.at(zb, numpy.tuple(tensor([0, 0, 0]), tensor([true]), tensor([0, 1, 2])), true),
      ),
    ).toBe('numpy.subtract.at.index_out_of_bounds');
    // PyTorch: a non-empty integer index into a size-0 dim fails before anything (index, index_put
    // with a mask beside it); an empty result otherwise checks no index (x[[-1, -3]] on (2, 0)).
    const z3 = tensor([], 'uint8', [2, 0, 0]);
    expect(
      code(() =>
        torch.index_put(z3, [tensor([false, true]), tensor(big([0]), 'int64')], tensor(6, 'uint8'), {
          accumulate: true,
        }),
      ),
    ).toBe('torch.index_put.index_out_of_bounds');
    expect(code(() => torch.index(tensor([], 'uint8', [0, 0]), [tensor(big([0]), 'int64')]))).toBe(
      'torch.index.index_out_of_bounds',
    );
    expect(torch.index(tensor([], 'float32', [2, 0]), [tensor(big([-1, -3]), 'int64')]).shape).toEqual([
      2, 0,
    ]);
    // PyTorch: 0-d masks alone on an empty self write nothing, values broadcast to self's shape.
    const e = tensor([], 'float64', [0, 3]);
    expect(
      torch.index_put(e, [tensor(false)], tensor([1, 2, 3], 'float64'), { accumulate: true }).shape,
    ).toEqual([0, 3]);
    expect(
      code(() => torch.index_put(e, [tensor(false)], tensor([], 'float64', [0, 0, 3]), { accumulate: true })),
    ).toBe('torch.index_put.values_shape');
  });
  it('0-d masks: a[True] adds an axis of 1, a[False] of 0; np.add.at(b, True, 5)', () => {
    expect(numpy.index(a, true).shape).toEqual([1, 2, 3, 4]);
    expect(numpy.index(a, false).shape).toEqual([0, 2, 3, 4]);
    expect(numpy.index(a, [tensor(true), tensor(1)]).toArray()).toEqual([
      [big([12, 13, 14, 15]), big([16, 17, 18, 19]), big([20, 21, 22, 23])],
    ]);
    expect(numpy.index(tensor(5), true).toArray()).toEqual([5]);
    expect(
      numpy.add
        .at(
          tensor(
            [
              [0, 0, 0],
              [0, 0, 0],
            ],
            'float64',
          ),
          true,
          5,
        )
        .toArray(),
    ).toEqual([
      [5, 5, 5],
      [5, 5, 5],
    ]);
  });
  it('ufunc.at with a mask of rank 2 and beside an integer (np.add.at(b, (mask, 1), 5))', () => {
    const z = () =>
      tensor(
        [
          [0, 0, 0],
          [0, 0, 0],
        ],
        'float64',
      );
    expect(numpy.add.at(z(), m2, tensor([1, 2, 3], 'float64')).toArray()).toEqual([
      [1, 0, 2],
      [0, 3, 0],
    ]);
    expect(numpy.add.at(z(), numpy.tuple(tensor([true, false]), tensor(1)), 5).toArray()).toEqual([
      [0, 5, 0],
      [0, 0, 0],
    ]);
    expect(numpy.maximum.at(z(), m2, tensor([-1, 2, -3], 'float64')).toArray()).toEqual([
      [0, 0, 2],
      [0, 0, 0],
    ]);
  });
});

describe('one negative case per rule', () => {
  const a = range(24, 'int64', [2, 3, 4]);
  const x = tensor(
    [
      [0, 1, 2],
      [3, 4, 5],
    ],
    'float32',
  );
  const m = tensor([
    [true, false, true],
    [false, true, false],
  ]);
  it.each([
    ['numpy.index.mask_shape', () => numpy.index(a, [tensor([true, false, true])])],
    [
      'numpy.index.too_many_indices',
      () => numpy.index(a, [tensor(true, 'bool', [1, 1, 1, 1]).reshape([1, 1, 1, 1])]),
    ],
    ['numpy.index.shape', () => numpy.index(a, [m, tensor([1, 2])])],
    ['numpy.add.at.mask_shape', () => numpy.add.at(tensor([1, 2], 'float64'), tensor([true]), 1)],
    [
      'numpy.add.at.b_shape',
      () =>
        numpy.add.at(
          tensor(
            [
              [0, 0, 0],
              [0, 0, 0],
            ],
            'float64',
          ),
          m,
          tensor([1, 2], 'float64'),
        ),
    ],
    ['numpy.subtract.at.dtype', () => numpy.subtract.at(tensor([true, false]), tensor([true, false]), true)],
    [
      'torch.index_put.mask_shape',
      () => torch.index_put(x, [tensor([true, false, true])], tensor(9, 'float32')),
    ],
    [
      'torch.index_put.mask_values',
      () => torch.index_put(x, [tensor([2, 0, 1, 0, 1, 0], 'uint8', [2, 3])], tensor(9, 'float32')),
    ],
    ['torch.index_put.values_shape', () => torch.index_put(x, [m], tensor([7, 8], 'float32'))],
    ['torch.index_put.values_dtype', () => torch.index_put(x, [m], tensor([7, 8, 9], 'float64'))],
    [
      'torch.index_put.too_many_indices',
      () =>
        torch.index_put(
          x,
          [tensor([true, false]), tensor(big([1]), 'int64'), tensor(big([0]), 'int64')],
          tensor(9, 'float32'),
        ),
    ],
    [
      'torch.index_put.shape',
      () => torch.index_put(x, [tensor([true, true]), tensor(big([0, 1, 2]), 'int64')], tensor(9, 'float32')),
    ],
    [
      'torch.index_put.scalar_mask',
      () => torch.index_put(x, [tensor(true)], tensor(9, 'float32'), { accumulate: true }),
    ],
    ['torch.index.no_index', () => torch.index(x, [])],
    ['torch.index.index_dtype', () => torch.index(x, [tensor([0, 1], 'int32')])],
    ['torch.masked_select.shape', () => torch.masked_select(x, tensor([true, false]))],
    ['torch.masked_select.mask_dtype', () => torch.masked_select(x, tensor(big([1, 0, 1]), 'int64'))],
    ['torch.masked_select.mask_values', () => torch.masked_select(x, tensor([2, 0, 1], 'uint8'))],
    ['torch.masked_scatter.source_size', () => torch.masked_scatter(x, m, tensor([10, 11], 'float32'))],
    ['torch.masked_scatter.source_dtype', () => torch.masked_scatter(x, m, range(10))],
    ['tensorflow.boolean_mask.mask_dtype', () => tf.boolean_mask(x, tensor([1, 0], 'int32'))],
    ['tensorflow.boolean_mask.mask_rank', () => tf.boolean_mask(x, tensor(true))],
    ['tensorflow.boolean_mask.axis', () => tf.boolean_mask(x, tensor([true, false, true]), { axis: -1 })],
    ['tensorflow.boolean_mask.mask_shape', () => tf.boolean_mask(a, tensor([true, false]), { axis: 1 })],
    [
      'call.prologue',
      () => execute({ ...torch.lower.masked_select(x, m), prologue: { kind: 'nonzero', count: 2 } }),
    ],
  ])('%s', (rule, f) => {
    expect(code(f)).toBe(rule);
  });
  it("tf.boolean_mask: a mask past the tensor's dims fails TF's shape assert, not an axis rule", () => {
    // TF's testMaskHasMoreDimsThanTensorRaises: tensor [4], mask [2, 2] → "… are incompatible".
    const t = tensor([1, 2, 3, 4], 'int32');
    const e = thrown(() => tf.boolean_mask(t, tensor([true, true, false, false], 'bool', [2, 2])));
    expect([e.code, e.message]).toEqual([
      'tensorflow.boolean_mask.mask_shape',
      'tensorflow.boolean_mask: Shapes [4] and [2, 2] are incompatible (tensor.shape[0:2] and mask.shape) (tensorflow.boolean_mask.mask_shape)',
    ]);
    // An axis past rank − k slices a shorter shape: tensor.shape[1:2] of a 1-D tensor is [].
    expect(code(() => tf.boolean_mask(t, tensor([true]), { axis: 1 }))).toBe(
      'tensorflow.boolean_mask.mask_shape',
    );
  });
});

describe('every surface', () => {
  const x = tensor(
    [
      [0, 1, 2],
      [3, 4, 5],
    ],
    'float64',
  );
  const m = tensor([
    [true, false, true],
    [false, true, false],
  ]);
  it('the StableHLO text holds the nonzero step as spec ops (no custom call) and computes the same', () => {
    const call = torch.lower.masked_select(x, m);
    const text = stablehloText(call);
    expect(text).toContain('stablehlo.scatter');
    expect(text).not.toContain('custom_call');
    const p = programOf(call);
    expect(runModule(p.module, p.args).results[0].toArray()).toEqual([0, 2, 4]);
    const mixed = numpy.lower.index(range(24, 'int64', [2, 3, 4]), [m, tensor(1)]);
    const q = programOf(mixed);
    expect(runModule(q.module, q.args).results[0].toArray()).toEqual(big([1, 9, 17]));
  });
  it('gradients: a lone mask runs its nonzero step, then the gather / scatter VJP', () => {
    const g = vjp(torch.lower.masked_select(x, m));
    expect(g.value.toArray()).toEqual([0, 2, 4]);
    const grads = g.backward(tensor([10, 20, 30], 'float64'));
    expect(Object.keys(grads)).toHaveLength(1);
    expect(Object.values(grads)[0].toArray()).toEqual([
      [10, 0, 20],
      [0, 30, 0],
    ]);
  });
  it('masked_scatter gradients: input where the mask is false, source in its own shape (unused elements 0)', () => {
    const src = tensor([1, 2, 3, 4, 5], 'float64');
    const g = vjp(torch.lower.masked_scatter(x, m, src));
    expect(g.value.toArray()).toEqual([
      [1, 1, 2],
      [3, 3, 5],
    ]);
    const grads = g.backward(tensor([10, 20, 30, 40, 50, 60], 'float64', [2, 3]));
    expect(grads.input.toArray()).toEqual([
      [0, 20, 0],
      [40, 0, 60],
    ]);
    expect(grads.source.toArray()).toEqual([10, 30, 50, 0, 0]);
  });
  it('a mask beside an integer array packs the tuple (index_tuple prologue): gradients reach a', () => {
    const g = vjp(numpy.lower.index(x, [tensor([true, false]), tensor(1)]));
    expect(g.value.toArray()).toEqual([1]);
    expect(g.backward(tensor([10], 'float64')).a.toArray()).toEqual([
      [0, 10, 0],
      [0, 0, 0],
    ]);
    const text = stablehloText(numpy.lower.index(x, [tensor([true, false]), tensor([2])]));
    expect(text).toContain('stablehlo.concatenate');
    expect(text).not.toContain('custom_call');
  });
  it('translate refuses a mask call; ONNX export of a mask beside an integer writes its NonZero as nodes', () => {
    // (test/export-masks.test.ts and test/export-index-tuples.test.ts run them in onnxruntime)
    const call = torch.lower.masked_select(x, m);
    expect(code(() => translate(call, 'onnx'))).toBe('translate.program');
    const mixed = numpy.lower.index(x, [tensor([true, false]), tensor(1)]);
    expect(onnxGraph(mixed).nodes.map((n) => n.opType)).toContain('NonZero');
    expect(toOnnx(mixed)).toBeInstanceOf(Uint8Array);
    // masked_select of a row broadcast against a 2-D mask: PyTorch sums the gradient; refused here.
    expect(code(() => vjp(torch.lower.masked_select(tensor([1, 2, 3], 'float64'), m)))).toBe(
      'autodiff.broadcast',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Live differential against the real NumPy and PyTorch.

type R = ReturnType<typeof rng>;
type Case = Omit<GoldenCase, 'result' | 'error'>;
const enc = (t: Tensor) => encodeTensor(t) as EncodedArg;
const SEED = Number(process.env.MASKS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const N = Number(process.env.DIFFERENTIAL_N ?? 600);

const shapeOf = (r: R, rank: number) =>
  Array.from({ length: rank }, () => (r.next() < 0.07 ? 0 : r.int(1, 4)));
function values(r: R, shape: number[], dtype: DType): Tensor {
  const n = shape.reduce((p, q) => p * q, 1);
  const unsigned = dtype === 'uint8' || dtype === 'bool';
  const v = Array.from({ length: n }, () => r.int(unsigned ? 0 : -9, 9));
  if (dtype === 'bool')
    return tensor(
      v.map((x) => x % 2 === 1),
      'bool',
      shape,
    );
  return tensor((dtype === 'int64' ? v.map(BigInt) : v) as never, dtype, shape);
}
function maskOf(r: R, shape: number[], dtype: DType = 'bool'): Tensor {
  const n = shape.reduce((p, q) => p * q, 1);
  const p = r.next();
  const v = Array.from({ length: n }, () => r.next() < p);
  return dtype === 'bool' ? tensor(v, 'bool', shape) : tensor(v.map(Number), dtype, shape);
}
const countOf = (t: Tensor) => Array.from(t.data as Uint8Array).filter((v) => v !== 0).length;

/** A random index tuple over `a`'s leading dims: masks (any rank, sometimes 0-d or mis-shaped) and int arrays. */
function tupleOf(r: R, shape: number[], maskDType: DType, intDType: DType) {
  const entries: Tensor[] = [];
  const S: number[][] = [];
  let d = 0;
  const k = r.int(1, Math.max(1, shape.length));
  while (entries.length < k && d <= shape.length) {
    const roll = r.next();
    if (roll < 0.1) {
      const t = maskOf(r, [], maskDType);
      entries.push(t);
      S.push([countOf(t)]);
    } else if (roll < 0.6 && d < shape.length) {
      const j = r.int(1, shape.length - d);
      const ms = shape.slice(d, d + j).map((n) => (r.next() < 0.05 ? n + 1 : n));
      const t = maskOf(r, ms, maskDType);
      entries.push(t);
      S.push([countOf(t)]);
      d += j;
    } else if (d < shape.length) {
      const n = shape[d];
      const len = r.pick([0, 1, 2, 3]);
      const is = r.next() < 0.2 ? [] : [len];
      const v = Array.from({ length: is[0] ?? 1 }, () =>
        r.int(-n - (r.next() < 0.05 ? 1 : 0), Math.max(n - 1, 0)),
      );
      entries.push(tensor((intDType === 'int64' ? v.map(BigInt) : v) as never, intDType, is));
      S.push(is);
      d += 1;
    } else break;
  }
  const m = Math.max(0, ...S.map((s) => s[0] ?? 1));
  return { entries, rest: shape.slice(d), sLen: m };
}

function numpyCase(r: R, i: number): Case {
  const dtype = r.pick<DType>(['int64', 'float64', 'float32', 'int32', 'float16', 'uint8', 'int8', 'bool']);
  const a = values(r, shapeOf(r, r.int(0, 3)), dtype);
  const { entries, rest, sLen } = tupleOf(r, [...a.shape], 'bool', 'int64');
  const name = `numpy mask #${i}`;
  const tuple = { tuple: entries.map(enc) } as unknown as EncodedArg;
  if (r.next() < 0.5) return { name, framework: 'numpy', op: 'index', args: [enc(a), tuple], kwargs: {} };
  const ufunc = r.pick(['add', 'subtract', 'multiply', 'minimum', 'maximum']);
  const b = r.next() < 0.4 ? values(r, rest, dtype) : values(r, [sLen, ...rest], dtype);
  return { name, framework: 'numpy', op: `${ufunc}.at`, args: [enc(a), tuple, enc(b)], kwargs: {} };
}

function torchCase(r: R, i: number): Case {
  const dtype = r.pick<DType>(['int64', 'float64', 'float32', 'int32', 'uint8', 'bool']);
  const x = values(r, shapeOf(r, r.int(1, 3)), dtype);
  const name = `torch mask #${i}`;
  const kind = r.pick(['index_put', 'index', 'masked_select', 'masked_scatter']);
  const maskDType = r.next() < 0.2 ? 'uint8' : 'bool';
  if (kind === 'index') {
    // Not 0-d entries: the peer runs Python's x[...], where a 0-d tensor is a basic index; torch.index
    // is aten::index (test/slices-live.test.ts compares 0-d entries against it).
    const drawn = tupleOf(r, [...x.shape], maskDType, 'int64').entries.filter((t) => t.rank > 0);
    // Python's x[()] is x; aten::index refuses no entry (torch.index.no_index, a named test).
    const entries = drawn.length > 0 ? drawn : [maskOf(r, [...x.shape], maskDType)];
    const tuple = { tuple: entries.map(enc) } as unknown as EncodedArg;
    return { name, framework: 'torch', op: kind, args: [enc(x), tuple], kwargs: {} };
  }
  if (kind === 'index_put') {
    const { entries, rest, sLen } = tupleOf(r, [...x.shape], maskDType, 'int64');
    const v = r.next() < 0.4 ? values(r, [], dtype) : values(r, [sLen, ...rest], dtype);
    const tuple = { tuple: entries.map(enc) } as unknown as EncodedArg;
    return {
      name,
      framework: 'torch',
      op: kind,
      args: [enc(x), tuple, enc(v)],
      kwargs: { accumulate: r.next() < 0.5 },
    };
  }
  const ms = x.shape.map((n) => (r.next() < 0.2 ? 1 : n)).slice(r.int(0, 1));
  const mask = maskOf(r, r.next() < 0.05 ? [...ms, 2] : ms, maskDType);
  if (kind === 'masked_select')
    return { name, framework: 'torch', op: kind, args: [enc(x), enc(mask)], kwargs: {} };
  const src = values(r, [r.int(0, x.size + 1)], dtype);
  return { name, framework: 'torch', op: kind, args: [enc(x), enc(mask), enc(src)], kwargs: {} };
}

function callNumpy(c: Case): Tensor {
  const [a, t, b] = c.args.map(decodeArg) as [Tensor, Tensor[], Tensor];
  if (c.op === 'index') return numpy.index(a, t);
  const u = c.op.slice(0, -3) as 'add';
  return numpy[u].at(a, numpy.tuple(...t), b);
}

function callTorch(c: Case): Tensor {
  const args = c.args.map(decodeArg) as Tensor[];
  if (c.op === 'index_put')
    return torch.index_put(
      args[0],
      args[1] as unknown as Tensor[],
      args[2],
      c.kwargs as { accumulate: boolean },
    );
  if (c.op === 'index') return torch.index(args[0], args[1] as unknown as Tensor[]);
  if (c.op === 'masked_select') return torch.masked_select(args[0], args[1]);
  return torch.masked_scatter(args[0], args[1], args[2]);
}

const live = pythonHas('numpy', 'torch');
describe(`masks: live differential vs NumPy 1.24 and PyTorch 1.13, seed ${SEED}${live ? '' : ' (SKIPPED: no /usr/bin/python3 with numpy and torch)'}`, () => {
  it.skipIf(!live)(
    `${N} random NumPy index / ufunc.at calls with masks (seed ${SEED})`,
    () => {
      console.log(`masks differential seed ${SEED} (replay: MASKS_SEED=${SEED})`);
      const r = rng(SEED);
      const cases = Array.from({ length: N }, (_, i) => numpyCase(r, i));
      expect(differential(cases, callNumpy).slice(0, 5)).toEqual([]);
    },
    120_000,
  );
  it.skipIf(!live)(
    `${N} random torch index_put / index / masked_select / masked_scatter calls (seed ${SEED})`,
    () => {
      const r = rng(SEED + 1);
      const cases = Array.from({ length: N }, (_, i) => torchCase(r, i));
      expect(differential(cases, callTorch).slice(0, 5)).toEqual([]);
    },
    120_000,
  );
});
