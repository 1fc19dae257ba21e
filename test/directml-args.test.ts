/**
 * DirectML frontend, issue 9: `OutputTensor` as the output buffer (a Tensor: fresh, aliasing
 * an input, wrong Sizes / DataType), desc fields refused like unknown options (did-you-mean),
 * strict policies, and the lowered call as the whole behaviour.
 */
import { describe, expect, it } from 'vitest';
import { execute } from '../src/core/call.js';
import { DTypeError, InvalidArgumentError } from '../src/errors.js';
import { directml } from '../src/frameworks/directml.js';
import { tensor, zeros } from '../src/tensor/tensor.js';
import { caught } from './helpers/errors.js';

const f32 = (v: number[], shape: number[]) => tensor(new Float32Array(v), 'float32', shape);
const u32 = (v: number[], shape: number[]) => tensor(new Uint32Array(v), 'uint32', shape);

describe('DirectML OutputTensor as the output buffer', () => {
  it('GATHER writes into a fresh OutputTensor of the right-aligned Sizes (Example 4) and returns it', () => {
    const out = zeros([3, 1, 2], 'float32');
    const r = directml.GATHER({
      Axis: 2,
      IndexDimensions: 2,
      InputTensor: f32([1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 3, 3]),
      IndicesTensor: u32([0, 2], [1, 1, 2]),
      OutputTensor: out,
    });
    expect(r).toBe(out);
    expect(out.toArray()).toEqual([[[1, 3]], [[4, 6]], [[7, 9]]]);
  });
  it('GATHER with OutputTensor = InputTensor (aliasing) reverses it correctly', () => {
    const x = f32([11, 12, 13, 14], [4]);
    directml.GATHER({
      InputTensor: x,
      IndicesTensor: u32([3, 2, 1, 0], [4]),
      OutputTensor: x,
      Axis: 0,
      IndexDimensions: 1,
    });
    expect(x.toArray()).toEqual([14, 13, 12, 11]);
  });
  it('GATHER_ELEMENTS and GATHER_ND1 fill a given OutputTensor', () => {
    const o1 = zeros([1, 2], 'float32');
    directml.GATHER_ELEMENTS({
      InputTensor: f32([1, 2, 3, 4], [2, 2]),
      IndicesTensor: u32([1, 0], [1, 2]),
      OutputTensor: o1,
      Axis: 0,
    });
    expect(o1.toArray()).toEqual([[3, 2]]);
    const o2 = zeros([1, 2], 'float32');
    directml.GATHER_ND1({
      InputTensor: f32([1, 2, 3, 4], [2, 2]),
      IndicesTensor: u32([1, 0], [2, 1]),
      OutputTensor: o2,
      InputDimensionCount: 2,
      IndicesDimensionCount: 2,
      BatchDimensionCount: 1,
    });
    expect(o2.toArray()).toEqual([[2, 3]]);
  });
  it('SCATTER / SCATTER_ND with OutputTensor = InputTensor update the input in place', () => {
    const x = f32([0, 0, 0], [3]);
    const r = directml.SCATTER({
      InputTensor: x,
      IndicesTensor: u32([2, 0], [2]),
      UpdatesTensor: f32([7, 5], [2]),
      OutputTensor: x,
      Axis: 0,
    });
    expect(r).toBe(x);
    expect(x.toArray()).toEqual([5, 0, 7]);
    const y = f32([0, 0, 0, 0], [1, 2, 2]);
    directml.SCATTER_ND({
      InputTensor: y,
      IndicesTensor: u32([1, 1], [1, 1, 2]),
      UpdatesTensor: f32([5], [1, 1, 1]),
      OutputTensor: y,
      InputDimensionCount: 2,
      IndicesDimensionCount: 2,
    });
    expect(y.toArray()).toEqual([
      [
        [0, 0],
        [0, 5],
      ],
    ]);
  });
  it('SCATTER into a separate OutputTensor leaves the input untouched; OutputTensor = UpdatesTensor is still right', () => {
    const x = f32([1, 2, 3], [3]);
    const out = zeros([3], 'float32');
    directml.SCATTER({
      InputTensor: x,
      IndicesTensor: u32([1], [1]),
      UpdatesTensor: f32([9], [1]),
      OutputTensor: out,
      Axis: 0,
    });
    expect([x.toArray(), out.toArray()]).toEqual([
      [1, 2, 3],
      [1, 9, 3],
    ]);
    const u = f32([7, 8, 9], [3]);
    directml.SCATTER({
      InputTensor: x,
      IndicesTensor: u32([2, 1, 0], [3]),
      UpdatesTensor: u,
      OutputTensor: u,
      Axis: 0,
    });
    expect(u.toArray()).toEqual([9, 8, 7]);
  });
  it('a Tensor OutputTensor of the wrong Sizes or DataType is refused with DirectML’s rule codes', () => {
    const base = {
      InputTensor: f32([11, 12, 13, 14], [4]),
      IndicesTensor: u32([3, 1], [2]),
      Axis: 0,
      IndexDimensions: 1,
    };
    const sizes = caught(() => directml.GATHER({ ...base, OutputTensor: zeros([4], 'float32') }));
    expect([sizes.code, sizes.error instanceof InvalidArgumentError]).toEqual([
      'directml.GATHER.OutputTensor.Sizes',
      true,
    ]);
    const dtype = caught(() => directml.GATHER({ ...base, OutputTensor: zeros([2], 'int32') }));
    expect([dtype.code, dtype.error instanceof DTypeError]).toEqual([
      'directml.GATHER.OutputTensor.DataType',
      true,
    ]);
    const bool = caught(() => directml.GATHER({ ...base, OutputTensor: zeros([2], 'bool') }));
    expect(bool.code).toBe('directml.GATHER.OutputTensor.DataType');
    // Same element count, other rank: still the wrong Sizes.
    expect(caught(() => directml.GATHER({ ...base, OutputTensor: zeros([1, 2], 'float32') })).code).toBe(
      'directml.GATHER.OutputTensor.Sizes',
    );
  });
});

describe('DirectML strict desc fields and options', () => {
  const g = (over: object, opts?: object | null) =>
    directml.GATHER(
      {
        InputTensor: f32([11, 12, 13, 14], [4]),
        IndicesTensor: u32([3, 1], [2]),
        Axis: 0,
        IndexDimensions: 1,
        ...over,
      } as never,
      opts as never,
    );
  it('an unknown desc field is refused like an unknown option, with a did-you-mean', () => {
    const e = caught(() => g({ Axes: 0 }));
    expect([e.code, e.error instanceof InvalidArgumentError]).toEqual(['directml.GATHER.options', true]);
    expect(e.message).toMatch(/unknown desc field "Axes".*did you mean "Axis"/);
    const nd = caught(() =>
      directml.GATHER_ND({
        InputTensor: f32([1, 2], [2]),
        IndicesTensor: u32([1], [1]),
        InputDimensionCount: 1,
        IndicesDimensionCount: 1,
        BatchDimensionCount: 0,
      } as never),
    );
    expect(nd.code).toBe('directml.GATHER_ND.options'); // BatchDimensionCount is GATHER_ND1's
    expect(caught(() => directml.SCATTER({ InputTensor: f32([1], [1]), axis: 0 } as never)).message).toMatch(
      /did you mean "Axis"/,
    );
  });
  it('OutputTensor descs are checked field by field', () => {
    expect(caught(() => g({ OutputTensor: { Size: [2] } })).code).toBe('directml.GATHER.OutputTensor');
    expect(caught(() => g({ OutputTensor: { DataType: 'constructor' } })).code).toBe(
      'directml.GATHER.OutputTensor.DataType',
    );
    expect(caught(() => g({ OutputTensor: { Sizes: 'two' } })).code).toBe(
      'directml.GATHER.OutputTensor.Sizes',
    );
    expect(g({ OutputTensor: { Sizes: [2], DataType: 'DML_TENSOR_DATA_TYPE_FLOAT32' } }).toArray()).toEqual([
      14, 12,
    ]);
    expect(g({ OutputTensor: null }).toArray()).toEqual([14, 12]);
  });
  it('options: unknown keys (did-you-mean), enum values naming Object.prototype members, gathers take no duplicates', () => {
    expect(caught(() => g({}, { outofbounds: 'error' })).message).toMatch(/did you mean "outOfBounds"/);
    expect(caught(() => g({}, { outOfBounds: 'constructor' })).code).toBe('directml.GATHER.outOfBounds');
    expect(caught(() => g({}, { duplicates: 'last' })).code).toBe('directml.GATHER.options');
    expect(caught(() => g({}, { featureLevel: 41 })).code).toBe('directml.GATHER.featureLevel');
    const d = {
      InputTensor: f32([0, 0], [2]),
      IndicesTensor: u32([1, 1], [2]),
      UpdatesTensor: f32([5, 6], [2]),
      Axis: 0,
    };
    expect(caught(() => directml.SCATTER(d, { duplicates: 'toString' as never })).code).toBe(
      'directml.SCATTER.duplicates',
    );
    expect(caught(() => directml.SCATTER(d, 'error' as never)).code).toBe('directml.SCATTER.options');
  });
  it('null options and null desc fields are absent; non-Tensor tensors and non-integer UINTs are typed errors', () => {
    expect(g({}, null).toArray()).toEqual([14, 12]);
    expect(caught(() => g({ InputTensor: null })).code).toBe('directml.GATHER.InputTensor');
    expect(caught(() => g({ IndicesTensor: [3, 1] })).code).toBe('directml.GATHER.IndicesTensor');
    const tf = caught(() =>
      g({ InputTensor: { shape: [4], dtype: 'float32', dataSync: () => new Float32Array(4) } }),
    );
    expect(tf.message).toMatch(/TF\.js/);
    expect(caught(() => directml.GATHER(null as never)).code).toBe('directml.GATHER.InputTensor');
    expect(caught(() => g({ Axis: '0' })).code).toBe('directml.GATHER.Axis');
    expect(caught(() => g({ IndexDimensions: true })).code).toBe('directml.GATHER.IndexDimensions');
  });
});

describe('DirectML lowered calls are the whole behaviour', () => {
  it('lower.<OP> carries the resolved policy and the output Sizes; execute(lower) equals the op', () => {
    const desc = {
      InputTensor: f32([1, 2, 3, 4, 5, 6], [2, 3]),
      IndicesTensor: u32([2, 0], [1, 2]),
      Axis: 1,
      IndexDimensions: 1,
    };
    const call = directml.lower.GATHER(desc, { outOfBounds: 'error' });
    expect(call.options).toMatchObject({
      mode: 'error',
      negative_indices: 'out_of_bounds',
      oob_code: 'directml.GATHER.index_out_of_bounds',
    });
    expect(call.reshape).toEqual([2, 2]);
    expect(execute(call).toArray()).toEqual(directml.GATHER(desc).toArray());
    const sc = directml.lower.SCATTER_ND({
      InputTensor: f32([0, 0, 0, 0], [2, 2]),
      IndicesTensor: tensor([1, -1], 'int32', [1, 2]),
      UpdatesTensor: f32([5], [1, 1]),
      InputDimensionCount: 2,
      IndicesDimensionCount: 2,
    });
    expect(sc.options).toMatchObject({ mode: 'clip', negative_indices: 'from_end', duplicates: 'apply' });
    expect(execute(sc).toArray()).toEqual([
      [0, 0],
      [0, 5],
    ]);
  });
});
