/**
 * TensorFlow frontend, one path: every op is `execute(tf.lower.<op>(...))`; `out` in the trailing
 * options object (fresh, aliasing an input, wrong shape/dtype); strict arguments (unknown keys
 * with a did-you-mean, enum values compared as values, non-Tensors named, null options, string
 * scalars); zero-size params (issue 12 class 14); tf.constant.
 */
import { describe, expect, it } from 'vitest';
import { execute } from '../src/core/call.js';
import {
  DTypeError,
  GatherScatterError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
} from '../src/errors.js';
import { tensorflow as tf } from '../src/frameworks/tensorflow.js';
import { tensor, zeros } from '../src/tensor/tensor.js';
import { errorOf } from './helpers/errors.js';

const I = (x: unknown) => tensor(x as number[], 'int32');
const F = (x: unknown) => tensor(x as number[], 'float32');

describe('tf ops are exactly execute(lower)', () => {
  const p = I([
    [1, 2, 3],
    [4, 5, 6],
  ]);
  it('gather, gather_nd, scatter_nd and tensor_scatter_nd_add give the lowered result', () => {
    expect(execute(tf.lower.gather(p, I([1, 0]), { axis: 1 })).toArray()).toEqual(
      tf.gather(p, I([1, 0]), { axis: 1 }).toArray(),
    );
    expect(execute(tf.lower.gather_nd(p, I([[1, 2]]))).toArray()).toEqual([6]);
    expect(execute(tf.lower.scatter_nd(I([[1], [1]]), I([3, 4]), [3])).toArray()).toEqual([0, 7, 0]);
    expect(execute(tf.lower.tensor_scatter_nd_add(I([1, 1]), I([[0]]), I([5]))).toArray()).toEqual([6, 1]);
  });
  it('the lowered call carries the resolved policy and the TF wording', () => {
    const call = tf.lower.gather(p, I([5]));
    if (call.kind !== 'gather') throw new Error('expected one gather');
    expect(call.options.mode).toBe('error');
    expect(call.options.negative_indices).toBe('out_of_bounds');
    expect(call.options.oob_code).toBe('tensorflow.gather.index_out_of_bounds');
    expect(() => execute(call)).toThrow('tensorflow.gather: indices[0] = 5 is not in [0, 2)');
  });
});

describe('issue 12 class 14: zero-size params', () => {
  // TF docs: the output shape is params.shape[:axis] + indices.shape[batch_dims:] + params.shape[axis + 1:]
  // = [] + [0, 4] + [] — an empty [0, 4]; TF and TF.js return it (no index is read).
  it('tf.gather(int32[0], int32[0, 4]) is an empty int32 [0, 4]', () => {
    const r = tf.gather(zeros([0], 'int32'), zeros([0, 4], 'int32'));
    expect(r.shape).toEqual([0, 4]);
    expect(r.dtype).toBe('int32');
    expect(r.size).toBe(0);
  });
  it('also with batch dims, along a later axis, and through gather_nd', () => {
    expect(
      tf.gather(zeros([2, 0], 'float32'), zeros([2, 0], 'int32'), { axis: 1, batch_dims: 1 }).shape,
    ).toEqual([2, 0]);
    expect(tf.gather_nd(zeros([0, 3], 'float32'), zeros([0, 1], 'int32')).shape).toEqual([0, 3]);
  });
  it('any index into a size-0 dim is out of bounds on CPU, in TF words', () => {
    const e = errorOf(() => tf.gather(zeros([0], 'int32'), I([0, 0])));
    expect(e.cls).toBe('IndexOutOfBoundsError');
    expect(e.code).toBe('tensorflow.gather.index_out_of_bounds');
    expect(e.message).toContain('indices[0] = 0 is not in [0, 0)');
  });
});

describe('out (trailing options object)', () => {
  it('fresh out receives the result and is returned', () => {
    const out = zeros([2], 'float32');
    const r = tf.gather(F([10, 11, 12]), I([2, 0]), {}, { out });
    expect(r).toBe(out);
    expect(out.toArray()).toEqual([12, 10]);
  });
  it('out aliasing params (reversal into its own operand) is correct', () => {
    const p = I([10, 11, 12]);
    tf.gather(p, I([2, 1, 0]), {}, { out: p });
    expect(p.toArray()).toEqual([12, 11, 10]);
  });
  it('out aliasing the indices is correct', () => {
    const idx = I([2, 0, 1]);
    tf.gather(I([30, 40, 50]), idx, {}, { out: idx });
    expect(idx.toArray()).toEqual([50, 30, 40]);
  });
  it('gather_nd with out', () => {
    const out = zeros([2], 'int32');
    tf.gather_nd(
      I([
        [1, 2],
        [3, 4],
      ]),
      I([
        [1, 1],
        [0, 1],
      ]),
      {},
      { out },
    );
    expect(out.toArray()).toEqual([4, 2]);
  });
  it('tensor_scatter_nd_update with out = tensor updates in place', () => {
    const t = I([1, 1, 1]);
    const r = tf.tensor_scatter_nd_update(t, I([[0], [2]]), I([7, 8]), { out: t });
    expect(r).toBe(t);
    expect(t.toArray()).toEqual([7, 1, 8]);
  });
  it('tensor_scatter_nd_add with out aliasing the updates is correct', () => {
    const u = I([5, 6, 7]);
    tf.tensor_scatter_nd_add(I([1, 1, 1]), I([[2], [1], [0]]), u, { out: u });
    expect(u.toArray()).toEqual([8, 7, 6]);
  });
  it('scatter_nd with out', () => {
    const out = I([9, 9, 9, 9]);
    tf.scatter_nd(I([[3], [1]]), I([5, 6]), [4], { out });
    expect(out.toArray()).toEqual([0, 6, 0, 5]);
  });
  it('tensorflow.gather.out: wrong shape (InvalidArgumentError) and wrong dtype (DTypeError)', () => {
    const wrongShape = errorOf(() => tf.gather(F([1, 2]), I([0]), {}, { out: zeros([2], 'float32') }));
    expect([wrongShape.cls, wrongShape.code]).toEqual(['InvalidArgumentError', 'tensorflow.gather.out']);
    const wrongDType = errorOf(() => tf.gather(F([1, 2]), I([0]), {}, { out: zeros([1], 'int32') }));
    expect([wrongDType.cls, wrongDType.code]).toEqual(['DTypeError', 'tensorflow.gather.out']);
  });
  it('tensorflow.tensor_scatter_nd_max.out: wrong shape; tensorflow.scatter_nd.out: not a Tensor', () => {
    expect(errorOf(() => tf.tensor_scatter_nd_max(I([1, 2]), I([[0]]), I([5]), { out: I([0]) })).code).toBe(
      'tensorflow.tensor_scatter_nd_max.out',
    );
    expect(errorOf(() => tf.scatter_nd(I([[0]]), I([1]), [2], { out: [0, 0] as never })).code).toBe(
      'tensorflow.scatter_nd.out',
    );
  });
});

describe('strict arguments', () => {
  const p = I([
    [1, 2],
    [3, 4],
  ]);
  it('tf.gather(x, i, { axes: 1 }) is refused with a did-you-mean (was: gathered along axis 0)', () => {
    const e = errorOf(() => tf.gather(p, I([0]), { axes: 1 } as never));
    expect(e.cls).toBe('InvalidArgumentError');
    expect(e.code).toBe('tensorflow.gather.options');
    expect(e.message).toContain('unknown keyword argument "axes"');
    expect(e.message).toContain('did you mean "axis"?');
  });
  it('unknown keys in the trailing options object, every op', () => {
    const bad = { devcie: 'gpu' } as never;
    const cases: [string, () => unknown][] = [
      ['tensorflow.gather.options', () => tf.gather(p, I([0]), {}, bad)],
      ['tensorflow.gather_nd.options', () => tf.gather_nd(p, I([[0]]), {}, bad)],
      ['tensorflow.gather_nd.options', () => tf.gather_nd(p, I([[0]]), { batch_dim: 0 } as never)],
      ['tensorflow.scatter_nd.options', () => tf.scatter_nd(I([[0]]), I([1]), [2], bad)],
      [
        'tensorflow.tensor_scatter_nd_update.options',
        () => tf.tensor_scatter_nd_update(I([0]), I([[0]]), I([1]), bad),
      ],
      [
        'tensorflow.tensor_scatter_nd_sub.options',
        () => tf.tensor_scatter_nd_sub(I([0]), I([[0]]), I([1]), bad),
      ],
    ];
    for (const [code, f] of cases) {
      const e = errorOf(f);
      expect(e.code).toBe(code);
      if (code !== 'tensorflow.gather_nd.options' || e.message.includes('devcie'))
        expect(e.message).toMatch(/did you mean "(device|batch_dims)"\?/);
    }
  });
  it("enum values are compared as values: device 'constructor' and bad_indices_policy 'toString' are refused", () => {
    expect(errorOf(() => tf.gather(p, I([0]), {}, { device: 'constructor' as never })).code).toBe(
      'tensorflow.gather.device',
    );
    expect(
      errorOf(() =>
        tf.tensor_scatter_nd_add(I([0]), I([[0]]), I([1]), { bad_indices_policy: 'toString' as never }),
      ).code,
    ).toBe('tensorflow.tensor_scatter_nd_add.bad_indices_policy');
  });
  it('null keyword arguments and null options mean none', () => {
    expect(tf.gather(p, I([1]), null, null).toArray()).toEqual([[3, 4]]);
    expect(tf.gather_nd(p, I([[1, 0]]), null, null).toArray()).toEqual([3]);
    expect(tf.scatter_nd(I([[1]]), I([5]), [2], null).toArray()).toEqual([0, 5]);
    expect(tf.tensor_scatter_nd_min(I([4, 4]), I([[1]]), I([2]), null).toArray()).toEqual([4, 2]);
  });
  it('a non-object keyword-arguments or options value is refused', () => {
    expect(errorOf(() => tf.gather(p, I([0]), 1 as never)).code).toBe('tensorflow.gather.options');
    expect(errorOf(() => tf.gather(p, I([0]), {}, 'gpu' as never)).code).toBe('tensorflow.gather.options');
  });
  it('non-Tensor inputs are named: null, plain arrays, TF.js tensors (with a conversion hint)', () => {
    const e1 = errorOf(() => tf.gather(null as never, I([0])));
    expect([e1.cls, e1.code]).toEqual(['InvalidArgumentError', 'tensorflow.gather.params']);
    expect(errorOf(() => tf.gather(p, [0] as never)).code).toBe('tensorflow.gather.indices');
    const tfjs = { dataSync: () => new Int32Array(2), shape: [2], dtype: 'int32' };
    const e2 = errorOf(() => tf.gather_nd(tfjs as never, I([[0]])));
    expect(e2.code).toBe('tensorflow.gather_nd.params');
    expect(e2.message).toContain('TF.js tensor');
    expect(errorOf(() => tf.scatter_nd(I([[0]]), [1] as never, [2])).code).toBe(
      'tensorflow.scatter_nd.updates',
    );
    expect(errorOf(() => tf.tensor_scatter_nd_update(undefined as never, I([[0]]), I([1]))).code).toBe(
      'tensorflow.tensor_scatter_nd_update.tensor',
    );
  });
  it('integer arguments must be integers: a string axis, a fractional batch_dims, a string shape', () => {
    expect(errorOf(() => tf.gather(p, I([0]), { axis: '1' as never })).code).toBe('tensorflow.gather.axis');
    expect(errorOf(() => tf.gather(p, I([[0]]), { batch_dims: 0.5 })).code).toBe(
      'tensorflow.gather.batch_dims',
    );
    expect(errorOf(() => tf.gather_nd(p, I([[0]]), { batch_dims: 'x' as never })).code).toBe(
      'tensorflow.gather_nd.batch_dims',
    );
    expect(errorOf(() => tf.scatter_nd(I([[0]]), I([1]), '2' as never)).code).toBe(
      'tensorflow.scatter_nd.shape',
    );
    expect(errorOf(() => tf.scatter_nd(I([[0]]), I([1]), [2.5])).code).toBe('tensorflow.scatter_nd.shape');
  });
  it('errors keep their classes', () => {
    expect(() => tf.gather(p, I([0]), { axes: 1 } as never)).toThrow(InvalidArgumentError);
    expect(() => tf.gather(p, I([0]), {}, { out: zeros([1, 2], 'float32') })).toThrow(DTypeError);
    expect(() => tf.gather(p, I([2]))).toThrow(IndexOutOfBoundsError);
  });
});

describe('tf.constant (TF default dtypes)', () => {
  it('integers → int32, floats → float32, booleans → bool', () => {
    expect(tf.constant([[0, 1]]).dtype).toBe('int32');
    expect(tf.constant([0.5]).dtype).toBe('float32');
    expect(tf.constant([true]).dtype).toBe('bool');
  });
  it('builds indices tf.gather accepts as they are', () => {
    expect(tf.gather(tf.constant([10, 20, 30]), tf.constant([2, 0])).toArray()).toEqual([30, 10]);
  });
});

describe("TF's no-op keyword arguments", () => {
  it('tf.gather accepts name and validate_indices (TF ignores both) and still checks their types', () => {
    const x = tensor([10, 11, 12], 'int32');
    const i = tensor([2, 0], 'int32');
    expect(tf.gather(x, i, { name: 'g', validate_indices: true }).toArray()).toEqual([12, 10]);
    expect(tf.gather(x, i, { validate_indices: null }).toArray()).toEqual([12, 10]);
    expect(() => tf.gather(x, i, { name: 5 as never })).toThrow(GatherScatterError);
    expect(tf.gather_nd(x, tensor([[1]], 'int32'), { name: 'g' }).toArray()).toEqual([11]);
  });
});
