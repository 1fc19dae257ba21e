/**
 * ONNX frontend: `out` in the trailing options object, and the strict argument rules (options
 * and attributes refuse unknown keys, enums compare by value, inputs must be Tensors).
 */
import { describe, expect, it } from 'vitest';
import { execute } from '../src/core/call.js';
import { DTypeError, IndexOutOfBoundsError } from '../src/errors.js';
import { onnx } from '../src/frameworks/onnx.js';
import { type NestedArray, type Tensor, tensor, zeros } from '../src/tensor/tensor.js';
import { expectRule as caught } from './helpers/errors.js';

const f32 = (v: NestedArray) => tensor(v, 'float32');
const i64 = (v: NestedArray): Tensor =>
  tensor(
    JSON.parse(JSON.stringify(v), (_k, x) => (typeof x === 'number' ? BigInt(x) : x)),
    'int64',
  );

/** Runs `fn`, expects a typed error with `code` (in the message too); returns it. */

describe('out', () => {
  it('a fresh out receives the result and is returned', () => {
    const out = zeros([2, 2], 'float32');
    const r = onnx.Gather(
      f32([
        [1, 2],
        [3, 4],
        [5, 6],
      ]),
      i64([2, 0]),
      {},
      { out },
    );
    expect(r).toBe(out);
    expect(out.toArray()).toEqual([
      [5, 6],
      [1, 2],
    ]);
  });

  it('every op takes out', () => {
    const data = f32([
      [1, 2],
      [3, 4],
    ]);
    const ge = zeros([2, 1], 'float32');
    onnx.GatherElements(data, i64([[1], [0]]), { axis: 1 }, { out: ge });
    expect(ge.toArray()).toEqual([[2], [3]]);
    const gnd = zeros([2], 'float32');
    onnx.GatherND(
      data,
      i64([
        [1, 1],
        [0, 1],
      ]),
      {},
      { out: gnd },
    );
    expect(gnd.toArray()).toEqual([4, 2]);
    const se = zeros([2, 2], 'float32');
    onnx.ScatterElements(data, i64([[1, 0]]), f32([[9, 8]]), {}, { out: se });
    expect(se.toArray()).toEqual([
      [1, 8],
      [9, 4],
    ]);
    const s = zeros([2, 2], 'float32');
    onnx.Scatter(data, i64([[1, 0]]), f32([[9, 8]]), {}, { opset: 10, out: s });
    expect(s.toArray()).toEqual(se.toArray());
    const snd = zeros([2, 2], 'float32');
    onnx.ScatterND(data, i64([[1]]), f32([[7, 7]]), { reduction: 'add' }, { out: snd });
    expect(snd.toArray()).toEqual([
      [1, 2],
      [10, 11],
    ]);
    const ts = zeros([1, 3, 1], 'float32');
    onnx.TensorScatter(zeros([1, 3, 1], 'float32'), f32([[[5]]]), i64([2]), {}, { out: ts });
    expect(ts.toArray()).toEqual([[[0], [0], [5]]]);
    // The input is untouched when out is another tensor.
    expect(data.toArray()).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('a gather into its own data is computed aside (reversal stays correct)', () => {
    const data = f32([10, 11, 12]);
    onnx.Gather(data, i64([2, 1, 0]), {}, { out: data });
    expect(data.toArray()).toEqual([12, 11, 10]);
  });

  it('a gather into its own indices is computed aside', () => {
    const idx = i64([2, 0, 1]);
    onnx.Gather(i64([20, 21, 22]), idx, {}, { out: idx });
    expect(idx.toArray()).toEqual([22n, 20n, 21n]);
  });

  it('a scatter with out = data runs in place (the KV-cache update)', () => {
    const cache = f32([[[1], [2], [3], [4]]]);
    const r = onnx.TensorScatter(cache, f32([[[7], [8]]]), i64([3]), { mode: 'circular' }, { out: cache });
    expect(r).toBe(cache);
    expect(cache.toArray()).toEqual([[[8], [2], [3], [7]]]);
    const data = f32([1, 2, 3, 4]);
    onnx.ScatterND(data, i64([[0], [3]]), f32([9, 10]), {}, { out: data });
    expect(data.toArray()).toEqual([9, 2, 3, 10]);
  });

  it('a scatter into its own updates is computed aside', () => {
    const updates = f32([[5, 6, 7]]);
    const data = f32([
      [0, 0, 0],
      [1, 1, 1],
      [2, 2, 2],
    ]);
    // Indices shorter than data off the axis (completed by positions), into a fresh out first.
    const out = zeros([3, 3], 'float32');
    onnx.ScatterElements(data, i64([[2, 0, 1]]), updates, {}, { out });
    expect(out.toArray()).toEqual([
      [0, 6, 0],
      [1, 1, 7],
      [5, 2, 2],
    ]);
    const upd = f32([
      [1, 2],
      [3, 4],
    ]);
    onnx.ScatterND(
      f32([
        [0, 0],
        [0, 0],
      ]),
      i64([[1], [0]]),
      upd,
      {},
      { out: upd },
    );
    expect(upd.toArray()).toEqual([
      [3, 4],
      [1, 2],
    ]);
  });

  it('out with indices shorter than data (GatherElements slices data first)', () => {
    const data = f32([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    const out = zeros([1, 2], 'float32');
    onnx.GatherElements(data, i64([[2, 0]]), { axis: 1 }, { out });
    expect(out.toArray()).toEqual([[3, 1]]);
  });

  it('wrong shape, wrong dtype or a non-Tensor out is a typed error', () => {
    const data = f32([1, 2, 3]);
    const e = caught(
      () => onnx.Gather(data, i64([0, 1]), {}, { out: zeros([3], 'float32') }),
      'onnx.Gather-13.out',
    );
    expect(e.message).toContain('[2]');
    caught(
      () => onnx.Gather(data, i64([0, 1]), {}, { out: zeros([2], 'float64') }),
      'onnx.Gather-13.out',
      DTypeError,
    );
    caught(
      () => onnx.ScatterND(data, i64([[0]]), f32([9]), {}, { out: zeros([2], 'float32') }),
      'onnx.ScatterND-18.out',
    );
    caught(
      () => onnx.ScatterND(data, i64([[0]]), f32([9]), {}, { out: tensor([0, 0, 0], 'int32') }),
      'onnx.ScatterND-18.out',
      DTypeError,
    );
    caught(() => onnx.Gather(data, i64([0]), {}, { out: [0] as never }), 'onnx.Gather-13.out');
    // Out-of-bounds indices are still reported, in ONNX's wording.
    const e2 = caught(
      () => onnx.Gather(data, i64([0, 5]), {}, { out: zeros([2], 'float32') }),
      'onnx.Gather-13.index_out_of_bounds',
      IndexOutOfBoundsError,
    );
    expect(e2.message).toBe(
      'onnx.Gather-13: index 5 at indices position [1] is out of bounds for data dimension 0 of size 3; valid indices are [-3, 2] (onnx.Gather-13.index_out_of_bounds)',
    );
  });

  it('the lowered call carries out; execute(lower) is the op', () => {
    const out = zeros([2], 'float32');
    const call = onnx.lower.Gather(f32([1, 2, 3]), i64([2, 1]), {}, { out });
    expect(call.out).toBe(out);
    expect(execute(call)).toBe(out);
    expect(out.toArray()).toEqual([3, 2]);
  });
});

describe('strict arguments', () => {
  const d = f32([
    [1, 2],
    [3, 4],
  ]);
  const ix = i64([[0, 1]]);

  it('an unknown option key is refused with the accepted ones and a did-you-mean', () => {
    const e = caught(() => onnx.Gather(d, ix, {}, { opst: 13 } as never), 'onnx.Gather-13.options');
    expect(e.message).toContain('"opst"');
    expect(e.message).toContain('accepted: opset, out');
    expect(e.message).toContain('did you mean "opset"?');
    // The code names the schema the opset selects.
    caught(() => onnx.GatherND(d, ix, {}, { opset: 11, Out: null } as never), 'onnx.GatherND-11.options');
    // duplicates belongs to the scatters only.
    caught(() => onnx.Gather(d, ix, {}, { duplicates: 'error' } as never), 'onnx.Gather-13.options');
    caught(
      () =>
        onnx.TensorScatter(zeros([1, 2, 1], 'float32'), zeros([1, 1, 1], 'float32'), null, {}, {
          duplicates: 'error',
        } as never),
      'onnx.TensorScatter-24.options',
    );
    // A misspelled key is refused whatever its value.
    caught(
      () => onnx.ScatterND(d, ix, f32([0]), {}, { duplicate: undefined } as never),
      'onnx.ScatterND-18.options',
    );
  });

  it('options that are not an object are refused', () => {
    caught(() => onnx.Gather(d, ix, {}, 13 as never), 'onnx.Gather-13.options');
    caught(() => onnx.Gather(d, ix, {}, [13] as never), 'onnx.Gather-13.options');
    caught(
      () => onnx.ScatterElements(d, ix, f32([[0, 0]]), {}, 'last_wins' as never),
      'onnx.ScatterElements-18.options',
    );
  });

  it('null or undefined options and attributes mean none', () => {
    expect(onnx.Gather(d, ix, null, null).toArray()).toEqual([
      [
        [1, 2],
        [3, 4],
      ],
    ]);
    expect(onnx.GatherElements(d, ix, undefined, undefined).toArray()).toEqual([[1, 4]]);
    expect(onnx.TensorScatter(zeros([1, 2, 1], 'float32'), f32([[[3]]]), null, null, null).toArray()).toEqual(
      [[[3], [0]]],
    );
  });

  it('an unknown attribute is refused, with a did-you-mean; attributes must be an object', () => {
    const e = caught(() => onnx.Gather(d, ix, { axes: 1 } as never), 'onnx.Gather-13.attribute');
    expect(e.message).toContain('unknown attribute "axes"; accepted: axis (did you mean "axis"?)');
    // batch_dims arrives with GatherND-12: naming it on GatherND-11 is refused even when undefined.
    caught(
      () => onnx.GatherND(d, ix, { batch_dims: undefined }, { opset: 11 }),
      'onnx.GatherND-11.attribute',
    );
    caught(() => onnx.Gather(d, ix, 'axis' as never), 'onnx.Gather-13.attribute');
  });

  it('enum values are compared as values: Object.prototype names are not reductions, modes or policies', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      caught(
        () => onnx.ScatterElements(d, ix, f32([[0, 0]]), { reduction: name as never }),
        'onnx.ScatterElements-18.reduction',
      );
      caught(
        () => onnx.ScatterND(d, i64([[0]]), f32([[0, 0]]), { reduction: name as never }),
        'onnx.ScatterND-18.reduction',
      );
      caught(
        () =>
          onnx.TensorScatter(zeros([1, 2, 1], 'float32'), zeros([1, 1, 1], 'float32'), null, {
            mode: name as never,
          }),
        'onnx.TensorScatter-24.mode',
      );
      caught(
        () => onnx.ScatterND(d, i64([[0]]), f32([[0, 0]]), {}, { duplicates: name as never }),
        'onnx.ScatterND-18.options',
      );
    }
    const e = caught(
      () => onnx.ScatterND(d, i64([[0]]), f32([[0, 0]]), { reduction: 'ad' as never }),
      'onnx.ScatterND-18.reduction',
    );
    expect(e.message).toContain('did you mean "add"?');
  });

  it('integer attributes and the opset refuse strings and fractions; bigint is accepted', () => {
    caught(() => onnx.Gather(d, ix, { axis: '1' as never }), 'onnx.Gather-13.axis');
    caught(() => onnx.Gather(d, ix, { axis: 0.5 }), 'onnx.Gather-13.axis');
    caught(() => onnx.GatherND(d, i64([[0]]), { batch_dims: '0' as never }), 'onnx.GatherND-13.batch_dims');
    caught(() => onnx.Gather(d, ix, {}, { opset: '13' as never }), 'onnx.Gather.opset');
    expect(onnx.Gather(d, i64([1]), { axis: 1n as never }).toArray()).toEqual([[2], [4]]);
  });

  it('a non-Tensor input is a typed error naming the parameter', () => {
    let e = caught(() => onnx.Gather(null as never, ix), 'onnx.Gather-13.data');
    expect(e.message).toContain('data must be a Tensor; got null');
    e = caught(() => onnx.Gather(d, [[0, 1]] as never), 'onnx.Gather-13.indices');
    expect(e.message).toContain('indices must be a Tensor; got an array of length 1');
    caught(() => onnx.GatherElements(d, undefined as never), 'onnx.GatherElements-13.indices');
    caught(() => onnx.GatherND(5 as never, ix), 'onnx.GatherND-13.data');
    caught(() => onnx.Scatter(d, ix, [[0, 0]] as never, {}, { opset: 9 }), 'onnx.Scatter-9.updates');
    caught(() => onnx.ScatterElements(d, ix, null as never), 'onnx.ScatterElements-18.updates');
    caught(() => onnx.ScatterND({} as never, ix, d), 'onnx.ScatterND-18.data');
    caught(
      () => onnx.TensorScatter(zeros([1, 2, 1], 'float32'), 'x' as never),
      'onnx.TensorScatter-24.update',
    );
    caught(
      () => onnx.TensorScatter(zeros([1, 2, 1], 'float32'), zeros([1, 1, 1], 'float32'), [0] as never),
      'onnx.TensorScatter-24.write_indices',
    );
  });

  it('an onnxruntime or TF.js tensor is refused with how to convert it', () => {
    const ort = { type: 'float32', dims: [2, 2], data: new Float32Array(4) };
    let e = caught(() => onnx.Gather(ort as never, ix), 'onnx.Gather-13.data');
    expect(e.message).toContain('onnxruntime Tensor');
    expect(e.message).toContain('fromOrt');
    const tf = { shape: [2], dtype: 'int32', dataSync: () => new Int32Array(2) };
    e = caught(() => onnx.Gather(d, tf as never), 'onnx.Gather-13.indices');
    expect(e.message).toContain('TF.js tensor');
  });
});
