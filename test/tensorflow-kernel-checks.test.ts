/**
 * TensorFlow's scatter and gather_nd checks, device by device, in the kernels' order:
 * scatter_nd_op.cc (ScatterNdOp / TensorScatterOp::Compute, DoScatterNd) and gather_nd_op.cc
 * (DoGatherNd) for cpu and gpu; tf2xla's scatter_nd_op.cc (ValidateUpdateShape, XlaScatter) for
 * xla; array_ops.py's batch_gather_nd for gather_nd's batch_dims. The messages the kernel tests
 * match (scatter_nd_ops_test.py) are asserted by their own regular expressions.
 */
import { describe, expect, it } from 'vitest';
import { stablehloText } from '../src/core/call.js';
import { tensor, tf, zeros } from '../src/index.js';
import { errorOf } from './helpers/errors.js';

const i32 = (v: number[], shape: number[]) => tensor(v, 'int32').reshape(shape);
const f32 = (v: number[] | number, shape?: number[]) =>
  shape ? tensor(v, 'float32').reshape(shape) : tensor(v, 'float32');
const ones8 = [1, 1, 1, 1, 1, 1, 1, 1];

describe('tf.scatter_nd with rank-1 indices and scalar updates', () => {
  it('cpu/gpu: DoScatterNd reads [n] as n vectors of depth 1, the op as one: refused (updates_shape)', () => {
    for (const device of ['cpu', 'gpu'] as const) {
      const e = errorOf(() => tf.scatter_nd(i32([1], [1]), f32([7, 8]), [3, 2], { device }));
      expect(e.code).toBe('tensorflow.scatter_nd.updates_shape');
      expect(e.message).toContain('indices of shape [1, 1]');
    }
  });
  it('xla: one index vector of depth n (tf2xla batch_dim 0)', () => {
    const r = tf.scatter_nd(i32([1], [1]), f32([7, 8]), [3, 2], { device: 'xla' });
    expect(r.toArray()).toEqual([
      [0, 0],
      [7, 8],
      [0, 0],
    ]);
  });
  it('cpu: a scalar update is "Updates shape must have rank at least one"; xla takes it for the one vector', () => {
    const e = errorOf(() => tf.scatter_nd(i32([1], [1]), f32(7), [3]));
    expect(e.code).toBe('tensorflow.scatter_nd.updates_shape');
    expect(e.message).toMatch(/rank at least/);
    expect(tf.scatter_nd(i32([1], [1]), f32(7), [3], { device: 'xla' }).toArray()).toEqual([0, 7, 0]);
  });
  it('cpu: rank-1 indices with nothing to scatter pass only into an empty output', () => {
    const r = tf.scatter_nd(zeros([0], 'int32'), zeros([0, 3], 'float32'), [0, 3]);
    expect(r.shape).toEqual([0, 3]);
    const e = errorOf(() => tf.scatter_nd(zeros([0], 'int32'), zeros([3, 0], 'float32'), [3, 0]));
    expect(e.code).toBe('tensorflow.scatter_nd.updates_shape');
    expect(
      tf.scatter_nd(zeros([0], 'int32'), zeros([3, 0], 'float32'), [3, 0], { device: 'xla' }).shape,
    ).toEqual([3, 0]);
  });
});

describe("tf2xla's broadcast_scalar_update", () => {
  const t = () => zeros([3, 2], 'float32');
  it('xla: tensor_scatter_nd_update and _add broadcast a scalar update over the slice', () => {
    const i = i32([1], [1, 1]);
    expect(tf.tensor_scatter_nd_update(t(), i, f32(5), { device: 'xla' }).toArray()).toEqual([
      [0, 0],
      [5, 5],
      [0, 0],
    ]);
    const added = tf.tensor_scatter_nd_add(f32([1, 1, 1, 1, 1, 1], [3, 2]), i32([1, 1], [2, 1]), f32(2), {
      device: 'xla',
    });
    expect(added.toArray()).toEqual([
      [1, 1],
      [5, 5],
      [1, 1],
    ]);
  });
  it('xla: _sub, _min and _max do not (updates_shape); cpu refuses every scalar update', () => {
    const i = i32([1], [1, 1]);
    for (const f of [tf.tensor_scatter_nd_sub, tf.tensor_scatter_nd_min, tf.tensor_scatter_nd_max])
      expect(errorOf(() => f(t(), i, f32(5), { device: 'xla' })).code).toMatch(/\.updates_shape$/);
    const e = errorOf(() => tf.tensor_scatter_nd_update(t(), i, f32(5)));
    expect(e.code).toBe('tensorflow.tensor_scatter_nd_update.updates_shape');
    expect(e.message).toMatch(/rank at least one/);
  });
  it("xla: a scalar update with an index vector longer than the rank is XlaScatter's index_depth", () => {
    const e = errorOf(() =>
      tf.tensor_scatter_nd_update(t(), i32([0, 0, 0], [1, 3]), f32(5), { device: 'xla' }),
    );
    expect(e.code).toBe('tensorflow.tensor_scatter_nd_update.index_depth');
  });
});

describe("the kernels' shape checks, in their order and words (scatter_nd_ops_test.py)", () => {
  it('testRank3InvalidShape1: Dimensions [0,2) of indices[shape=…', () => {
    for (const run of [
      () => tf.scatter_nd(zeros([3, 2, 2], 'int32'), zeros([2, 2, 2], 'int32'), [2, 2, 2]),
      () =>
        tf.tensor_scatter_nd_update(
          zeros([2, 2, 2], 'int32'),
          zeros([3, 2, 2], 'int32'),
          zeros([2, 2, 2], 'int32'),
        ),
    ]) {
      const e = errorOf(run);
      expect(e.code).toMatch(/\.updates_shape$/);
      expect(e.message).toMatch(/Dimensions \[\d,\d\) of indices\[shape=/);
      expect(e.message).toContain(
        'Dimensions [0,2) of indices[shape=[3,2,2]] must match dimensions [0,2) of updates[shape=[2,2,2]]',
      );
    }
  });
  it('testRank3InvalidShape2: Dimensions [1,3) of input[shape=…', () => {
    const e = errorOf(() => tf.scatter_nd(zeros([2, 2, 1], 'int32'), zeros([2, 2], 'int32'), [2, 2, 2]));
    expect(e.code).toBe('tensorflow.scatter_nd.updates_shape');
    expect(e.message).toContain(
      'Dimensions [1,3) of input[shape=[2,2,2]] must match dimensions [2,2) of updates[shape=[2,2]]',
    );
  });
  it('testUpdatesRankSmallerThanIndicesOuterDimsInvalid: "must match", typed', () => {
    const e = errorOf(() => tf.scatter_nd(zeros([4, 1, 1], 'int32'), zeros([4], 'int32'), [8]));
    expect(e.code).toBe('tensorflow.scatter_nd.updates_shape');
    expect(e.message).toMatch(/rank at least|must match/);
  });
  it('cpu checks the outer dims before the depth; xla the depth after the updates rank only', () => {
    const run = (device: 'cpu' | 'xla') => () =>
      tf.scatter_nd(zeros([2, 1, 3], 'int32'), zeros([2, 5], 'float32'), [4], { device });
    expect(errorOf(run('cpu')).code).toBe('tensorflow.scatter_nd.updates_shape');
    expect(errorOf(run('xla')).code).toBe('tensorflow.scatter_nd.index_depth');
  });
});

describe('index depths the CPU and GPU kernels exist for', () => {
  it('scatter: depth 8 is "Only indices.shape[-1] values between 1 and 5" (TF\'s words), depth 7 runs; xla takes 8', () => {
    for (const device of ['cpu', 'gpu'] as const) {
      const e = errorOf(() => tf.scatter_nd(zeros([1, 8], 'int32'), f32([7]), ones8, { device }));
      expect(e.code).toBe('tensorflow.scatter_nd.index_depth');
      expect(e.message).toContain(
        'Only indices.shape[-1] values between 1 and 5 are currently supported.  Requested rank: 8',
      );
      const t = errorOf(() =>
        tf.tensor_scatter_nd_add(zeros(ones8, 'float32'), zeros([1, 8], 'int32'), f32([7]), { device }),
      );
      expect(t.code).toBe('tensorflow.tensor_scatter_nd_add.index_depth');
    }
    const seven = tf.scatter_nd(zeros([1, 7], 'int32'), f32([7], [1, 1]), ones8);
    expect(seven.reshape([1]).toArray()).toEqual([7]);
    expect(
      tf
        .scatter_nd(zeros([1, 8], 'int32'), f32([7]), ones8, { device: 'xla' })
        .reshape([1])
        .toArray(),
    ).toEqual([7]);
  });
  it('scatter: depth 0 has no kernel either, once the output has elements', () => {
    const e = errorOf(() => tf.scatter_nd(zeros([0, 0], 'int32'), zeros([0, 3], 'float32'), [3]));
    expect(e.code).toBe('tensorflow.scatter_nd.index_depth');
    expect(e.message).toContain('Requested rank: 0');
    expect(
      tf.scatter_nd(zeros([0, 0], 'int32'), zeros([0, 3], 'float32'), [3], { device: 'xla' }).toArray(),
    ).toEqual([0, 0, 0]);
    // No element in the output: DoScatterNd returns before it picks a kernel.
    expect(tf.scatter_nd(zeros([0, 8], 'int32'), zeros([0], 'float32'), [1, 1, 1, 1, 1, 1, 1, 0]).size).toBe(
      0,
    );
  });
  it('gather_nd: depth 8 (batch columns counted) is refused on cpu/gpu with a vector to read; xla reads it', () => {
    const x = f32([5], ones8);
    const e = errorOf(() => tf.gather_nd(x, zeros([1, 8], 'int32')));
    expect(e.code).toBe('tensorflow.gather_nd.index_depth');
    expect(e.message).toContain(
      'Only indices.shape[-1] values between 1 and 7 are currently supported.  Requested rank: 8',
    );
    expect(tf.gather_nd(x, zeros([1, 8], 'int32'), {}, { device: 'xla' }).toArray()).toEqual([5]);
    expect(tf.gather_nd(x, zeros([0, 8], 'int32')).shape).toEqual([0]);
    // batch_dims 1 + depth 7: batch_gather_nd's GatherNd reads vectors of depth 8.
    const b = errorOf(() => tf.gather_nd(x, zeros([1, 7], 'int32'), { batch_dims: 1 }, { device: 'gpu' }));
    expect(b.message).toContain('Requested rank: 8');
    expect(
      tf
        .gather_nd(x, zeros([1, 6], 'int32'), { batch_dims: 1 })
        .reshape([1])
        .toArray(),
    ).toEqual([5]);
  });
});

describe("gather_nd's rank checks", () => {
  it('params must be at least a vector, on every device (DoGatherNd and tf2xla)', () => {
    for (const device of ['cpu', 'gpu', 'xla'] as const) {
      const e = errorOf(() => tf.gather_nd(f32(5), zeros([1, 0], 'int32'), {}, { device }));
      expect(e.code).toBe('tensorflow.gather_nd.params_rank');
    }
  });
  it("batch_dims must be less than rank(params) (batch_gather_nd's ValueError)", () => {
    const e = errorOf(() => tf.gather_nd(f32([1, 2]), zeros([2, 0], 'int32'), { batch_dims: 1 }));
    expect(e.code).toBe('tensorflow.gather_nd.batch_dims');
    const ok = tf.gather_nd(f32([1, 2, 3, 4], [2, 2]), i32([1, 0], [2, 1]), { batch_dims: 1 });
    expect(ok.toArray()).toEqual([2, 3]);
  });
});

describe("gather_nd's out-of-bounds words with batch_dims (batch_gather_nd's GatherNd)", () => {
  it('the vector carries its batch coordinates; the position flattens the batch dims', () => {
    const one = errorOf(() => tf.gather_nd(zeros([2, 3], 'float32'), i32([0, 5], [2, 1]), { batch_dims: 1 }));
    expect(one.message).toContain('indices[1] = [1, 5] does not index into param shape [2,3]');
    const x = zeros([2, 2, 3], 'float32');
    const two = errorOf(() => tf.gather_nd(x, i32([0, 1, 2, 5], [2, 2, 1]), { batch_dims: 2 }));
    expect(two.message).toContain('indices[3] = [1, 1, 5] does not index into param shape [2,2,3]');
    const plain = errorOf(() => tf.gather_nd(x, i32([0, 1, 2, 5], [2, 2, 1])));
    expect(plain.message).toContain('indices[1,0] = [2] does not index into param shape [2,2,3]');
  });
});

describe("tf2xla's gather with batch_dims > 0 (xla::TorchIndexSelect)", () => {
  const x = () => f32([10, 11, 12, 20, 21, 22], [2, 3]);
  it('int64 indices go through U32: -1 clamps to the last slice, 2^32 + 1 wraps to 1', () => {
    const i = tensor([-1n, 4294967297n, 1n, 7n], 'int64').reshape([2, 2]);
    expect(tf.gather(x(), i, { batch_dims: 1 }, { device: 'xla' }).toArray()).toEqual([
      [12, 11],
      [21, 22],
    ]);
    const text = stablehloText(tf.lower.gather(x(), i, { batch_dims: 1 }, { device: 'xla' }));
    expect(text).toContain('"stablehlo.convert"(%indices) : (tensor<2x2xi64>) -> tensor<2x2xui32>');
  });
  it('int32 indices stay signed (-1 clamps to 0); batch_dims 0 is XlaGather (no convert)', () => {
    const i = i32([-1, 2, 1, 7], [2, 2]);
    expect(tf.gather(x(), i, { batch_dims: 1 }, { device: 'xla' }).toArray()).toEqual([
      [10, 12],
      [21, 22],
    ]);
    const flat = tensor([-1n], 'int64');
    expect(tf.gather(f32([1, 2, 3]), flat, {}, { device: 'xla' }).toArray()).toEqual([1]);
  });
});

describe("tf.gather's words: GatherV2's kernel (tf2xla's alike)", () => {
  const x = () => f32([1, 2, 3]);
  it('axis out of range', () => {
    const cpu = errorOf(() => tf.gather(x(), i32([0], [1]), { axis: 2 }));
    expect(cpu.code).toBe('tensorflow.gather.axis');
    expect(cpu.message).toContain('tensorflow.gather: Shape must be at least rank 3 but is rank 1');
    // gather_op_test.py testBadAxis: "Shape must be at least rank .* but is rank 1".
    const xla = errorOf(() => tf.gather(x(), i32([0], [1]), { axis: -3 }, { device: 'xla' }));
    expect(xla.code).toBe('tensorflow.gather.axis');
    expect(xla.message).toContain('tensorflow.gather: Shape must be at least rank 3 but is rank 1');
  });
  it('a scalar params, and batch_dims out of range', () => {
    expect(errorOf(() => tf.gather(f32(5), i32([0], [1]))).message).toContain(
      'tensorflow.gather: params must be at least 1 dimensional',
    );
    expect(errorOf(() => tf.gather(f32(5), i32([0], [1]), {}, { device: 'xla' })).message).toContain(
      'tensorflow.gather: Shape must be at least rank 1 but is rank 0',
    );
    const b = errorOf(() => tf.gather(f32([1, 2, 3, 4], [2, 2]), i32([0], [1]), { axis: 1, batch_dims: 2 }));
    expect(b.code).toBe('tensorflow.gather.batch_dims');
    expect(b.message).toContain('tensorflow.gather: Expected batch_dims in the range [-1, 1], but got 2');
    const rank = errorOf(() => tf.gather(f32([1, 2], [2]), i32([0, 1], [2, 1]), { axis: 0, batch_dims: 1 }));
    expect(rank.message).toContain('batch_dims (1) must be less than rank(params) (1).');
    const shape = errorOf(() =>
      tf.gather(f32([1, 2, 3, 4], [2, 2]), i32([0, 1, 0], [3, 1]), { axis: 1, batch_dims: 1 }),
    );
    expect([shape.code, shape.message]).toEqual([
      'tensorflow.gather.batch_shape',
      'tensorflow.gather: params.shape[0]: 2 should be equal to indices.shape[0]: 3 (tensorflow.gather.batch_shape)',
    ]);
  });
});

describe("index dtypes in the words of TF's kernel lookup (gather_op_test.py testBadIndicesType)", () => {
  it('gathers list int16, int32, int64; scatters int32, int64; float32 is "float"', () => {
    const g = errorOf(() => tf.gather(f32([1, 2]), f32([0])));
    expect(g.code).toBe('tensorflow.gather.indices_dtype');
    expect(g.message).toMatch(/float.* not in.* list of allowed values: int16, int32, int64/);
    expect(g.message).toContain("Value for attr 'Tindices' of float is not");
    const s = errorOf(() => tf.scatter_nd(tensor([0], 'int16').reshape([1, 1]), f32([1]), [2]));
    expect(s.message).toContain(
      "Value for attr 'Tindices' of int16 is not in the list of allowed values: int32, int64",
    );
  });
});

describe("gather_nd's and tf2xla's scatter words", () => {
  it("gather_nd: DoGatherNd's (batch_gather_nd's depth counted)", () => {
    const x = zeros([2, 2], 'float32');
    const e = errorOf(() => tf.gather_nd(x, zeros([1, 3], 'int32')));
    expect([e.code, e.message]).toEqual([
      'tensorflow.gather_nd.index_depth',
      'tensorflow.gather_nd: index innermost dimension length must be <= params rank; saw: 3 vs. 2 (tensorflow.gather_nd.index_depth)',
    ]);
    expect(errorOf(() => tf.gather_nd(x, zeros([2, 2], 'int32'), { batch_dims: 1 })).message).toContain(
      'saw: 3 vs. 2',
    );
    expect(errorOf(() => tf.gather_nd(x, tensor(0, 'int32'))).message).toContain(
      'indices must be at least a vector',
    );
  });
  it("xla scatter: ValidateUpdateShape's one message", () => {
    const e = errorOf(() => tf.scatter_nd(i32([1], [1, 1]), f32([1, 2, 3]), [3, 2], { device: 'xla' }));
    expect(e.code).toBe('tensorflow.scatter_nd.updates_shape');
    expect(e.message).toContain(
      'Must have updates.shape = indices.shape[:batch_dim] + buffer_shape[num_index_dims:], got updates.shape: [3], indices.shape: [1,1], buffer_shape: [3,2], num_index_dims: 1, and batch_dim: 1',
    );
  });
});
