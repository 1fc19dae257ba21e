/**
 * One named negative test per rule of TensorFlow's tensor_scatter_nd_* family (a shared lowering,
 * src/frameworks/tensorflow/scatter.ts): each test is named by its code, calls the op with a real
 * input that breaks only that rule and asserts the error class and the exact code.
 * tensor_scatter_nd_update's `tensor_dtype` row has no test: update takes every dtype, so no input
 * reaches that code (the catalogue lists it because the lowering is shared).
 */
import { describe, expect, it } from 'vitest';
import {
  DTypeError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
  type Tensor,
  tensor,
  tf,
  zeros,
} from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const I = (x: unknown) => tensor(x as number[], 'int32');
const F = (x: unknown) => tensor(x as number[], 'float32');

type Scatter = (t: unknown, i: unknown, u: unknown, o?: Record<string, unknown>) => Tensor;
const OPS: Record<string, Scatter> = {
  tensor_scatter_nd_update: tf.tensor_scatter_nd_update as Scatter,
  tensor_scatter_nd_add: tf.tensor_scatter_nd_add as Scatter,
  tensor_scatter_nd_sub: tf.tensor_scatter_nd_sub as Scatter,
  tensor_scatter_nd_min: tf.tensor_scatter_nd_min as Scatter,
  tensor_scatter_nd_max: tf.tensor_scatter_nd_max as Scatter,
};

/** t[idx[i]] ∘= u[i] on a vector: the valid call each case breaks in one place. */
const t3 = () => F([1, 2, 3]);
const idx = () => I([[0], [2]]);
const u2 = () => F([5, 6]);

const CASES: Record<string, [(s: Scatter) => unknown, new (...a: any[]) => Error]> = {
  tensor: [(s) => s([1, 2, 3], idx(), u2()), InvalidArgumentError],
  indices: [(s) => s(t3(), [[0], [2]], u2()), InvalidArgumentError],
  updates: [(s) => s(t3(), idx(), [5, 6]), InvalidArgumentError],
  updates_dtype: [(s) => s(t3(), idx(), I([5, 6])), DTypeError],
  indices_dtype: [(s) => s(t3(), F([[0], [2]]), u2()), DTypeError],
  // TF's Python docs: "the batch_shape cannot be []", so a vector of indices is refused.
  indices_rank: [(s) => s(t3(), I([0]), F(5)), InvalidArgumentError],
  index_depth: [(s) => s(t3(), I([[0, 0]]), F([5])), InvalidArgumentError],
  updates_shape: [(s) => s(t3(), idx(), F([5, 6, 7])), InvalidArgumentError],
  // tf2xla (CompileTensorScatter): the tensor is at least 1-D; a depth-0 index into a scalar.
  output_rank: [(s) => s(F(1), tensor([], 'int32', [1, 0]), F([5]), { device: 'xla' }), InvalidArgumentError],
  index_out_of_bounds: [(s) => s(t3(), I([[0], [3]]), u2()), IndexOutOfBoundsError],
  device: [(s) => s(t3(), idx(), u2(), { device: 'tpu' }), InvalidArgumentError],
  bad_indices_policy: [(s) => s(t3(), idx(), u2(), { bad_indices_policy: 'RAISE' }), InvalidArgumentError],
  out: [(s) => s(t3(), idx(), u2(), { out: zeros([2], 'float32') }), InvalidArgumentError],
  options: [(s) => s(t3(), idx(), u2(), { bogus: 1 }), InvalidArgumentError],
};

/** Every op × rule, written out so each code is greppable (docs/rules.md finds its test by it). */
const CODES = [
  'tensorflow.tensor_scatter_nd_update.tensor',
  'tensorflow.tensor_scatter_nd_update.indices',
  'tensorflow.tensor_scatter_nd_update.updates',
  'tensorflow.tensor_scatter_nd_update.updates_dtype',
  'tensorflow.tensor_scatter_nd_update.indices_dtype',
  'tensorflow.tensor_scatter_nd_update.indices_rank',
  'tensorflow.tensor_scatter_nd_update.index_depth',
  'tensorflow.tensor_scatter_nd_update.updates_shape',
  'tensorflow.tensor_scatter_nd_update.output_rank',
  'tensorflow.tensor_scatter_nd_update.index_out_of_bounds',
  'tensorflow.tensor_scatter_nd_update.device',
  'tensorflow.tensor_scatter_nd_update.bad_indices_policy',
  'tensorflow.tensor_scatter_nd_update.out',
  'tensorflow.tensor_scatter_nd_add.tensor',
  'tensorflow.tensor_scatter_nd_add.indices',
  'tensorflow.tensor_scatter_nd_add.updates',
  'tensorflow.tensor_scatter_nd_add.updates_dtype',
  'tensorflow.tensor_scatter_nd_add.indices_dtype',
  'tensorflow.tensor_scatter_nd_add.indices_rank',
  'tensorflow.tensor_scatter_nd_add.index_depth',
  'tensorflow.tensor_scatter_nd_add.updates_shape',
  'tensorflow.tensor_scatter_nd_add.output_rank',
  'tensorflow.tensor_scatter_nd_add.index_out_of_bounds',
  'tensorflow.tensor_scatter_nd_add.device',
  'tensorflow.tensor_scatter_nd_add.bad_indices_policy',
  'tensorflow.tensor_scatter_nd_add.out',
  'tensorflow.tensor_scatter_nd_sub.tensor',
  'tensorflow.tensor_scatter_nd_sub.indices',
  'tensorflow.tensor_scatter_nd_sub.updates',
  'tensorflow.tensor_scatter_nd_sub.updates_dtype',
  'tensorflow.tensor_scatter_nd_sub.indices_dtype',
  'tensorflow.tensor_scatter_nd_sub.indices_rank',
  'tensorflow.tensor_scatter_nd_sub.index_depth',
  'tensorflow.tensor_scatter_nd_sub.updates_shape',
  'tensorflow.tensor_scatter_nd_sub.output_rank',
  'tensorflow.tensor_scatter_nd_sub.index_out_of_bounds',
  'tensorflow.tensor_scatter_nd_sub.device',
  'tensorflow.tensor_scatter_nd_sub.bad_indices_policy',
  'tensorflow.tensor_scatter_nd_sub.out',
  'tensorflow.tensor_scatter_nd_min.tensor',
  'tensorflow.tensor_scatter_nd_min.indices',
  'tensorflow.tensor_scatter_nd_min.updates',
  'tensorflow.tensor_scatter_nd_min.updates_dtype',
  'tensorflow.tensor_scatter_nd_min.indices_dtype',
  'tensorflow.tensor_scatter_nd_min.indices_rank',
  'tensorflow.tensor_scatter_nd_min.index_depth',
  'tensorflow.tensor_scatter_nd_min.updates_shape',
  'tensorflow.tensor_scatter_nd_min.output_rank',
  'tensorflow.tensor_scatter_nd_min.index_out_of_bounds',
  'tensorflow.tensor_scatter_nd_min.device',
  'tensorflow.tensor_scatter_nd_min.bad_indices_policy',
  'tensorflow.tensor_scatter_nd_min.out',
  'tensorflow.tensor_scatter_nd_max.tensor',
  'tensorflow.tensor_scatter_nd_max.indices',
  'tensorflow.tensor_scatter_nd_max.updates',
  'tensorflow.tensor_scatter_nd_max.updates_dtype',
  'tensorflow.tensor_scatter_nd_max.indices_dtype',
  'tensorflow.tensor_scatter_nd_max.indices_rank',
  'tensorflow.tensor_scatter_nd_max.index_depth',
  'tensorflow.tensor_scatter_nd_max.updates_shape',
  'tensorflow.tensor_scatter_nd_max.output_rank',
  'tensorflow.tensor_scatter_nd_max.index_out_of_bounds',
  'tensorflow.tensor_scatter_nd_max.device',
  'tensorflow.tensor_scatter_nd_max.bad_indices_policy',
  'tensorflow.tensor_scatter_nd_max.out',
  'tensorflow.tensor_scatter_nd_update.options',
  'tensorflow.tensor_scatter_nd_add.options',
  'tensorflow.tensor_scatter_nd_sub.options',
  'tensorflow.tensor_scatter_nd_min.options',
  'tensorflow.tensor_scatter_nd_max.options',
];

describe('tf.tensor_scatter_nd_*: one named test per rule', () => {
  for (const code of CODES) {
    const [, name, rule] = code.split('.');
    const [call, cls] = CASES[rule];
    it(code, () => {
      expectRule(() => call(OPS[name]), code, cls);
    });
  }
  // add / sub / min / max compute on the values: bool has no such kernel.
  for (const code of [
    'tensorflow.tensor_scatter_nd_add.tensor_dtype',
    'tensorflow.tensor_scatter_nd_sub.tensor_dtype',
    'tensorflow.tensor_scatter_nd_min.tensor_dtype',
    'tensorflow.tensor_scatter_nd_max.tensor_dtype',
  ]) {
    it(`${code} (bool tensor)`, () => {
      const b = tensor([true, false, true], 'bool');
      expectRule(() => OPS[code.split('.')[1]](b, idx(), tensor([true, true], 'bool')), code, DTypeError);
    });
  }
  it('the base call of every case is valid', () => {
    expect(tf.tensor_scatter_nd_add(t3(), idx(), u2()).toArray()).toEqual([6, 2, 9]);
    expect(tf.tensor_scatter_nd_update(t3(), idx(), u2()).toArray()).toEqual([5, 2, 6]);
  });
});

/**
 * The other TensorFlow ops' rules that had none. Not here, as no input reaches them:
 * boolean_mask's `bounds` (the mask's own true positions are always in bounds) and
 * gather_nd's `validate_indices` (gather_nd takes no such keyword: `.options`).
 */
describe('tf.gather / gather_nd / scatter_nd / boolean_mask: one named test per rule', () => {
  const p = () =>
    F([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  const mask = () => tensor([true, false], 'bool');
  const CASES: [string, () => unknown][] = [
    ['tensorflow.gather.name', () => tf.gather(p(), I([0]), { name: 5 } as never)],
    [
      'tensorflow.gather.validate_indices',
      () => tf.gather(p(), I([0]), { validate_indices: 'yes' } as never),
    ],
    [
      'tensorflow.gather.bad_indices_policy',
      () => tf.gather(p(), I([0]), {}, { bad_indices_policy: 'RAISE' } as never),
    ],
    ['tensorflow.gather_nd.name', () => tf.gather_nd(p(), I([[0, 1]]), { name: 5 } as never)],
    ['tensorflow.gather_nd.indices', () => tf.gather_nd(p(), [[0, 1]] as never)],
    ['tensorflow.gather_nd.device', () => tf.gather_nd(p(), I([[0, 1]]), {}, { device: 'tpu' } as never)],
    ['tensorflow.gather_nd.out', () => tf.gather_nd(p(), I([[0, 1]]), {}, { out: zeros([5], 'float32') })],
    ['tensorflow.scatter_nd.indices', () => tf.scatter_nd([[1]] as never, F([9]), [3])],
    ['tensorflow.scatter_nd.device', () => tf.scatter_nd(I([[1]]), F([9]), [3], { device: 'tpu' } as never)],
    [
      'tensorflow.scatter_nd.bad_indices_policy',
      () => tf.scatter_nd(I([[1]]), F([9]), [3], { bad_indices_policy: 'RAISE' } as never),
    ],
    ['tensorflow.boolean_mask.tensor', () => tf.boolean_mask([1, 2] as never, mask())],
    ['tensorflow.boolean_mask.mask', () => tf.boolean_mask(p(), [true, false] as never)],
    ['tensorflow.boolean_mask.options', () => tf.boolean_mask(p(), mask(), { bogus: 1 } as never)],
    ['tensorflow.boolean_mask.name', () => tf.boolean_mask(p(), mask(), { name: 5 } as never)],
    ['tensorflow.boolean_mask.out', () => tf.boolean_mask(p(), mask(), {}, { out: zeros([5], 'float32') })],
  ];
  for (const [code, call] of CASES)
    it(code, () => {
      expectRule(call, code, InvalidArgumentError);
    });
  it('the base calls are valid', () => {
    expect(tf.boolean_mask(p(), mask()).toArray()).toEqual([[1, 2, 3]]);
    expect(tf.scatter_nd(I([[1]]), F([9]), [3]).toArray()).toEqual([0, 9, 0]);
    expect(tf.gather_nd(p(), I([[0, 1]])).toArray()).toEqual([2]);
  });
});
