/**
 * MXNet frontend, issue 9: `out=` on every op (fresh, aliasing an input, wrong shape / dtype),
 * strict arguments (unknown keys, enum values that name Object.prototype members, non-Tensors,
 * null options, flags, axes, shape), and the lowered call as the whole behaviour (resolved
 * policy, MXNet's IndexError wording).
 */
import { describe, expect, it } from 'vitest';
import { execute } from '../src/core/call.js';
import { DTypeError, IndexOutOfBoundsError, InvalidArgumentError } from '../src/errors.js';
import { mxnet as mx } from '../src/frameworks/mxnet.js';
import { tensor, zeros } from '../src/tensor/tensor.js';
import { caught } from './helpers/errors.js';

const F = (x: unknown) => tensor(x as number[], 'float32');
const I = (x: unknown) => tensor(x as number[], 'int32');

const ortLike = { type: 'float32', dims: [3], data: new Float32Array(3) };
const tfLike = { shape: [3], dtype: 'float32', dataSync: () => new Float32Array(3) };

describe('mxnet out=', () => {
  it('take writes into a fresh out and returns it', () => {
    const out = zeros([2], 'float32');
    const r = mx.take(F([4, 5, 6]), I([2, 0]), { out });
    expect(r).toBe(out);
    expect(out.toArray()).toEqual([6, 4]);
  });
  it('take into its own operand (aliasing) reverses it correctly', () => {
    const a = F([10, 11, 12]);
    expect(mx.take(a, I([2, 1, 0]), { out: a }).toArray()).toEqual([12, 11, 10]);
    expect(a.toArray()).toEqual([12, 11, 10]);
  });
  it('gather_nd into its own data (aliasing), index vector first', () => {
    const d = F([10, 11, 12]);
    mx.gather_nd(d, I([[2, 1, 0]]), { out: d });
    expect(d.toArray()).toEqual([12, 11, 10]);
  });
  it('pick (keepdims false and true) and batch_take honour out', () => {
    const data = F([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
    const o1 = zeros([3], 'float32');
    mx.pick(data, F([0, 1, 0]), { axis: 1, out: o1 });
    expect(o1.toArray()).toEqual([1, 4, 5]);
    const o2 = zeros([3, 1], 'float32');
    mx.pick(data, F([[1], [0], [1]]), { axis: 1, keepdims: true, out: o2 });
    expect(o2.toArray()).toEqual([[2], [3], [6]]);
    const idx = F([1, 1, 0]);
    mx.pick(data, idx, { axis: 1, out: idx }); // out aliases the index
    expect(idx.toArray()).toEqual([2, 4, 5]);
    const o3 = zeros([3], 'float32');
    mx.batch_take(data, I([1, 0, 1]), { out: o3 });
    expect(o3.toArray()).toEqual([2, 3, 6]);
  });
  it('scatter_nd overwrites all of out (zeros where nothing lands), also when out is data', () => {
    const out = tensor([9, 9, 9, 9], 'int32', [2, 2]);
    mx.scatter_nd(
      I([2, 3, 0]),
      I([
        [1, 1, 0],
        [0, 1, 0],
      ]),
      [2, 2],
      { out },
    );
    expect(out.toArray()).toEqual([
      [0, 0],
      [2, 3],
    ]);
    const d = F([1, 2, 3]);
    mx.scatter_nd(d, I([[2, 0, 1]]), [3], { out: d });
    expect(d.toArray()).toEqual([2, 3, 1]);
  });
  it('wrong shape, wrong dtype or a non-Tensor out are typed errors (mxnet.<op>.out)', () => {
    const a = F([4, 5, 6]);
    const shape = caught(() => mx.take(a, I([0, 1]), { out: zeros([3], 'float32') }));
    expect([shape.code, shape.error instanceof InvalidArgumentError]).toEqual(['mxnet.take.out', true]);
    const dtype = caught(() => mx.take(a, I([0, 1]), { out: zeros([2], 'int32') }));
    expect([dtype.code, dtype.error instanceof DTypeError]).toEqual(['mxnet.take.out', true]);
    expect(caught(() => mx.take(a, I([0]), { out: [0] as never })).code).toBe('mxnet.take.out');
    expect(caught(() => mx.gather_nd(a, I([[0]]), { out: zeros([2], 'float32') })).code).toBe(
      'mxnet.gather_nd.out',
    );
    expect(caught(() => mx.scatter_nd(a, I([[0, 1, 2]]), [3], { out: zeros([3], 'float64') })).code).toBe(
      'mxnet.scatter_nd.out',
    );
    expect(caught(() => mx.batch_take(F([[1, 2]]), I([0]), { out: zeros([2], 'float32') })).code).toBe(
      'mxnet.batch_take.out',
    );
  });
});

describe('mxnet strict arguments', () => {
  const a = F([4, 5, 6]);
  const i = I([0]);
  it('an unknown key is refused with the accepted keys and a did-you-mean', () => {
    const e = caught(() => mx.take(a, i, { axes: 0 } as never));
    expect(e.code).toBe('mxnet.take.options');
    expect(e.error).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toMatch(/unknown option "axes".*did you mean "axis"/);
    expect(caught(() => mx.pick(a, I([]), { keepdim: true } as never)).message).toMatch(
      /did you mean "keepdims"/,
    );
    expect(caught(() => mx.gather_nd(a, I([[0]]), { versoin: '1.6' } as never)).code).toBe(
      'mxnet.gather_nd.options',
    );
    expect(caught(() => mx.scatter_nd(a, I([[0, 1, 2]]), [3], { dupes: 'error' } as never)).code).toBe(
      'mxnet.scatter_nd.options',
    );
    expect(caught(() => mx.batch_take(F([[1, 2]]), I([0]), { mode: 'wrap' } as never)).code).toBe(
      'mxnet.batch_take.options',
    );
  });
  it('enum values naming Object.prototype members are refused', () => {
    const c = 'constructor' as never;
    expect(caught(() => mx.take(a, i, { mode: c })).code).toBe('mxnet.take.mode');
    expect(caught(() => mx.pick(F([[1, 2]]), I([0]), { mode: c })).code).toBe('mxnet.pick.mode');
    expect(caught(() => mx.gather_nd(a, I([[0]]), { version: c })).code).toBe('mxnet.gather_nd.version');
    expect(caught(() => mx.gather_nd(a, I([[0]]), { version: 'default' as never })).code).toBe(
      'mxnet.gather_nd.version',
    );
    expect(caught(() => mx.scatter_nd(a, I([[0, 1, 2]]), [3], { out_of_bounds: c })).code).toBe(
      'mxnet.scatter_nd.out_of_bounds',
    );
    expect(
      caught(() => mx.scatter_nd(a, I([[0, 1, 2]]), [3], { duplicates: '__proto__' as never })).code,
    ).toBe('mxnet.scatter_nd.duplicates');
  });
  it('non-Tensor inputs are typed errors naming the parameter, with a hint for ORT / TF.js tensors', () => {
    expect(caught(() => mx.take(null as never, i)).code).toBe('mxnet.take.a');
    expect(caught(() => mx.take([4, 5, 6] as never, i)).code).toBe('mxnet.take.a');
    expect(caught(() => mx.take(a, [0] as never)).code).toBe('mxnet.take.indices');
    expect(caught(() => mx.pick(a, undefined as never)).code).toBe('mxnet.pick.index');
    expect(caught(() => mx.batch_take(ortLike as never, i)).message).toMatch(/onnxruntime/);
    const tf = caught(() => mx.gather_nd(tfLike as never, I([[0]])));
    expect([tf.code, /TF\.js/.test(tf.message)]).toEqual(['mxnet.gather_nd.data', true]);
    expect(caught(() => mx.scatter_nd(a, null as never, [3])).code).toBe('mxnet.scatter_nd.indices');
  });
  it('null options are absent; a non-object is refused', () => {
    expect(mx.take(a, I([5]), null).toArray()).toEqual([6]);
    expect(mx.gather_nd(a, I([[-1]]), null).toArray()).toEqual([6]);
    expect(mx.pick(F([[1, 2]]), I([1]), null).toArray()).toEqual([2]);
    expect(mx.scatter_nd(a, I([[2, 1, 0]]), [3], null).toArray()).toEqual([6, 5, 4]);
    expect(mx.batch_take(F([[1, 2]]), I([1]), null).toArray()).toEqual([2]);
    expect(caught(() => mx.take(a, i, 3 as never)).code).toBe('mxnet.take.options');
  });
  it('flags, axes and shape are checked by type', () => {
    expect(caught(() => mx.pick(F([[1, 2]]), I([0]), { keepdims: 'yes' as never })).code).toBe(
      'mxnet.pick.keepdims',
    );
    expect(caught(() => mx.take(a, i, { axis: '0' as never })).code).toBe('mxnet.take.axis');
    expect(caught(() => mx.take(a, i, { axis: 0.5 })).code).toBe('mxnet.take.axis');
    expect(caught(() => mx.take(a, i, { axis: null as never })).code).toBe('mxnet.take.axis');
    expect(caught(() => mx.scatter_nd(a, I([[0, 1, 2]]), 'abc' as never)).code).toBe(
      'mxnet.scatter_nd.shape',
    );
    expect(caught(() => mx.scatter_nd(a, I([[0, 1, 2]]), [3.5])).code).toBe('mxnet.scatter_nd.shape');
  });
});

describe('mxnet lowered calls are the whole behaviour', () => {
  it('lower.<op> carries the resolved policy; execute(lower) equals the op', () => {
    const a = F([4, 5, 6]);
    const call = mx.lower.take(a, I([7]), { mode: 'wrap' });
    expect(call.options).toMatchObject({ mode: 'wrap', negative_indices: 'out_of_bounds', checked: false });
    expect(execute(call).toArray()).toEqual(mx.take(a, I([7]), { mode: 'wrap' }).toArray());
    const nd = mx.lower.gather_nd(a, I([[-1]]));
    expect(nd.options).toMatchObject({ mode: 'error', negative_indices: 'from_end' });
    expect(nd.dimension_numbers.index_vector_dim).toBe(0);
    const sc = mx.lower.scatter_nd(a, I([[0, 1, 2]]), [3], { duplicates: 'error' });
    expect(sc.options).toMatchObject({ mode: 'error', duplicates: 'error', include_self: true });
    const pk = mx.lower.pick(F([[1, 2]]), I([1]));
    expect(pk.reshape).toEqual([1]);
  });
  it('gather_nd out of bounds is worded like MXNet (IndexError …), same code and class', () => {
    const e = caught(() =>
      mx.gather_nd(
        F([
          [1, 2],
          [3, 4],
        ]),
        I([[0], [5]]),
      ),
    );
    expect(e.error).toBeInstanceOf(IndexOutOfBoundsError);
    expect(e.code).toBe('mxnet.gather_nd.index_out_of_bounds');
    expect(e.message).toBe(
      'mxnet.gather_nd: IndexError: index 5 is out of bounds for axis 1 with size 2 (mxnet.gather_nd.index_out_of_bounds)',
    );
  });
  it('a zero-size indexed dim with no index: take gives an empty result; gather_nd 1.9 checks its bound anyway, 1.6 does not', () => {
    const empty = tensor(new Float32Array(0), 'float32', [0, 2]);
    const none = tensor(new Int32Array(0), 'int32', [1, 0]);
    expect(mx.take(empty, I([]), { axis: 0 }).shape).toEqual([0, 2]);
    // GatherNDCheckBoundCPU starts each axis's bad index at 0, and 0 > size - 1 on a size-0 axis.
    expect(caught(() => mx.gather_nd(empty, none)).code).toBe('mxnet.gather_nd.index_out_of_bounds');
    expect(mx.gather_nd(empty, none, { version: '1.6' }).shape).toEqual([0, 2]);
  });
  // Needs the core's zero_size_dims fix (zeroSizeShape in src/core/gather.ts); before it the
  // shape check refused first with stablehlo.gather.empty_window.
  it('a zero-size indexed dim with an index: out of bounds in MXNet’s code', () => {
    const empty = tensor(new Float32Array(0), 'float32', [0, 2]);
    expect(caught(() => mx.take(empty, I([0]))).code).toBe('mxnet.take.index_out_of_bounds');
    expect(caught(() => mx.gather_nd(empty, I([[0]]))).code).toBe('mxnet.gather_nd.index_out_of_bounds');
    expect(caught(() => mx.pick(tensor(new Float32Array(0), 'float32', [2, 0]), I([0, 0]))).code).toBe(
      'mxnet.pick.index_out_of_bounds',
    );
  });
});
