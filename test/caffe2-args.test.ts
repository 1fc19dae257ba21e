/**
 * Caffe2 frontend, issue 9: `out` (the output blob) on Gather and BatchGather, strict arguments,
 * and the lowered call as the whole behaviour (resolved policy, CAFFE_ENFORCE wording).
 */
import { describe, expect, it } from 'vitest';
import { execute } from '../src/core/call.js';
import { DTypeError, IndexOutOfBoundsError, InvalidArgumentError } from '../src/errors.js';
import { caffe2 } from '../src/frameworks/caffe2.js';
import { tensor, zeros } from '../src/tensor/tensor.js';
import { caught } from './helpers/errors.js';

const I = (x: unknown) => tensor(x as number[], 'int32');

describe('caffe2 out', () => {
  const m = () =>
    I([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  it('Gather writes into a fresh out and returns it', () => {
    const out = zeros([2, 2], 'int32');
    expect(caffe2.Gather(m(), I([2, 0]), { axis: 1, out })).toBe(out);
    expect(out.toArray()).toEqual([
      [3, 1],
      [6, 4],
    ]);
  });
  it('Gather into its own DATA (aliasing) reverses it correctly', () => {
    const d = I([10, 11, 12]);
    caffe2.Gather(d, I([2, 1, 0]), { out: d });
    expect(d.toArray()).toEqual([12, 11, 10]);
  });
  it('BatchGather with out, and with out aliasing INDICES', () => {
    const out = zeros([2, 1], 'int32');
    caffe2.BatchGather(m(), I([2]), { out });
    expect(out.toArray()).toEqual([[3], [6]]);
    const idx = I([
      [2, 0, 1],
      [1, 1, 0],
    ]);
    caffe2.BatchGather(m(), idx, { out: idx, match_outer: true });
    expect(idx.toArray()).toEqual([
      [3, 1, 2],
      [5, 5, 4],
    ]);
  });
  it('the empty-batch rule keeps data.shape for out too', () => {
    const empty = tensor(new Float32Array(0), 'float32', [0, 3]);
    const out = zeros([0, 3], 'float32');
    expect(caffe2.Gather(empty, I([[5, 7]]), { out })).toBe(out);
  });
  it('wrong shape, wrong dtype or a non-Tensor out are typed errors (caffe2.<Op>.out)', () => {
    const shape = caught(() => caffe2.Gather(m(), I([0]), { out: zeros([1, 2], 'int32') }));
    expect([shape.code, shape.error instanceof InvalidArgumentError]).toEqual(['caffe2.Gather.out', true]);
    const dtype = caught(() => caffe2.Gather(m(), I([0]), { out: zeros([1, 3], 'float32') }));
    expect([dtype.code, dtype.error instanceof DTypeError]).toEqual(['caffe2.Gather.out', true]);
    expect(caught(() => caffe2.BatchGather(m(), I([0]), { out: {} as never })).code).toBe(
      'caffe2.BatchGather.out',
    );
  });
});

describe('caffe2 strict arguments', () => {
  const d = I([10, 11, 12]);
  it('unknown keys are refused with a did-you-mean', () => {
    const e = caught(() => caffe2.Gather(d, I([0]), { wrap_indice: false } as never));
    expect([e.code, e.error instanceof InvalidArgumentError]).toEqual(['caffe2.Gather.options', true]);
    expect(e.message).toMatch(/did you mean "wrap_indices"/);
    expect(caught(() => caffe2.BatchGather(I([[1]]), I([0]), { axis: 1 } as never)).code).toBe(
      'caffe2.BatchGather.options',
    );
  });
  it('flags must be booleans; axis an integer', () => {
    expect(caught(() => caffe2.Gather(d, I([-1]), { wrap_indices: 'false' as never })).code).toBe(
      'caffe2.Gather.wrap_indices',
    );
    expect(caught(() => caffe2.Gather(d, I([0]), { match_outer: 1 as never })).code).toBe(
      'caffe2.Gather.match_outer',
    );
    expect(caught(() => caffe2.Gather(d, I([0]), { axis: '0' as never })).code).toBe('caffe2.Gather.axis');
    expect(caught(() => caffe2.Gather(d, I([0]), { axis: null as never })).code).toBe('caffe2.Gather.axis');
  });
  it('non-Tensor DATA / INDICES are typed errors naming the input', () => {
    expect(caught(() => caffe2.Gather(null as never, I([0]))).code).toBe('caffe2.Gather.DATA');
    expect(caught(() => caffe2.Gather([10, 11] as never, I([0]))).code).toBe('caffe2.Gather.DATA');
    expect(caught(() => caffe2.Gather(d, [0] as never)).code).toBe('caffe2.Gather.INDICES');
    const ort = caught(() =>
      caffe2.BatchGather({ type: 'int32', dims: [1, 1], data: new Int32Array(1) } as never, I([0])),
    );
    expect([ort.code, /onnxruntime/.test(ort.message)]).toEqual(['caffe2.BatchGather.DATA', true]);
  });
  it('null options are absent (axis 0, wrapping negatives); a non-object is refused', () => {
    expect(caffe2.Gather(d, I([-1]), null).toArray()).toEqual([12]);
    expect(caffe2.BatchGather(I([[1, 2]]), I([1]), null).toArray()).toEqual([[2]]);
    expect(caught(() => caffe2.Gather(d, I([0]), 'axis=0' as never)).code).toBe('caffe2.Gather.options');
  });
});

describe('caffe2 lowered calls are the whole behaviour', () => {
  it('lower.Gather carries the resolved policy; execute(lower) equals the op', () => {
    const d = I([10, 11, 12]);
    const call = caffe2.lower.Gather(d, I([-1, 0]));
    expect(call.options).toMatchObject({
      mode: 'error',
      negative_indices: 'from_end',
      oob_code: 'caffe2.Gather.index_out_of_bounds',
    });
    expect(execute(call).toArray()).toEqual([12, 10]);
    expect(caffe2.lower.BatchGather(I([[1, 2]]), I([0])).options.negative_indices).toBe('out_of_bounds');
  });
  it('out-of-bounds errors use CAFFE_ENFORCE’s wording, with the index after wrapping', () => {
    const wrapped = caught(() => caffe2.Gather(I([10, 11, 12]), I([0, -5])));
    expect(wrapped.error).toBeInstanceOf(IndexOutOfBoundsError);
    expect(wrapped.code).toBe('caffe2.Gather.index_out_of_bounds');
    expect(wrapped.message).toMatch(
      /^caffe2\.Gather: INDICES element is out of DATA bounds, id=-2 axis_dim=3/,
    );
    const plain = caught(() => caffe2.BatchGather(I([[1, 2]]), I([-1])));
    expect(plain.message).toMatch(
      /^caffe2\.BatchGather: INDICES element is out of DATA bounds, id=-1 axis_dim=2/,
    );
  });
});
