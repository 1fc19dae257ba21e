/**
 * One spelling for one rule (issue 21): an index out of bounds is `<op>.index_out_of_bounds` in
 * every framework — ONNX, Caffe2, WebNN and DirectML once said `<op>.indices` /
 * `<op>.IndicesTensor.values`, PyTorch and NumPy `<op>.bounds`, MLIR `<op>.out_of_bounds`, and
 * TensorFlow's codes started `tf.`. Each test names the code it pins (the rule catalogue counts
 * it as tested); the `.indices` codes that remain name a bad indices argument, tested last.
 */
import { describe, expect, it } from 'vitest';
import { IndexOutOfBoundsError, InvalidArgumentError } from '../src/errors.js';
import { caffe2, mlir, numpy, onnx, tensorflow, torch, webnn } from '../src/index.js';
import { tensor } from '../src/tensor/tensor.js';
import { expectRule } from './helpers/errors.js';

const f32 = (v: number[] | number[][]) => tensor(v, 'float32');
const i64 = (v: number[] | number[][]) => tensor(v, 'int64');
const i32 = (v: number[] | number[][]) => tensor(v, 'int32');
const row = f32([1, 2, 3]);
const OOB = IndexOutOfBoundsError;

describe('an index out of bounds: <op>.index_out_of_bounds in every framework', () => {
  const cases: [string, () => unknown][] = [
    ['onnx.Gather-13.index_out_of_bounds', () => onnx.Gather(row, i64([3]))],
    ['onnx.GatherElements-13.index_out_of_bounds', () => onnx.GatherElements(row, i64([-4]))],
    ['onnx.GatherND-13.index_out_of_bounds', () => onnx.GatherND(row, i64([[3]]))],
    ['onnx.Scatter-9.index_out_of_bounds', () => onnx.Scatter(row, i64([-1]), f32([9]), {}, { opset: 9 })],
    ['onnx.ScatterElements-18.index_out_of_bounds', () => onnx.ScatterElements(row, i64([3]), f32([9]))],
    ['onnx.ScatterND-18.index_out_of_bounds', () => onnx.ScatterND(row, i64([[3]]), f32([9]))],
    ['caffe2.Gather.index_out_of_bounds', () => caffe2.Gather(row, i64([3]))],
    ['caffe2.BatchGather.index_out_of_bounds', () => caffe2.BatchGather(f32([[1, 2, 3]]), i64([3]))],
    ['webnn.gather.index_out_of_bounds', () => webnn.gather(row, i32([3]), { outOfBounds: 'error' })],
    [
      'webnn.gatherElements.index_out_of_bounds',
      () => webnn.gatherElements(row, i32([3]), { outOfBounds: 'error' }),
    ],
    ['webnn.gatherND.index_out_of_bounds', () => webnn.gatherND(row, i32([[3]]), { outOfBounds: 'error' })],
    [
      'webnn.scatterElements.index_out_of_bounds',
      () => webnn.scatterElements(row, i32([3]), f32([9]), { outOfBounds: 'error' }),
    ],
    [
      'webnn.scatterND.index_out_of_bounds',
      () => webnn.scatterND(row, i32([[3]]), f32([9]), { outOfBounds: 'error' }),
    ],
    [
      'mlir.tensor.gather.index_out_of_bounds',
      () => mlir.tensor.gather(row, i64([[3]]), { gather_dims: [0] }),
    ],
    [
      'mlir.tensor.scatter.index_out_of_bounds',
      () => mlir.tensor.scatter(f32([[9]]), row, i64([[3]]), { scatter_dims: [0], unique: true }),
    ],
    ['numpy.take.index_out_of_bounds', () => numpy.take(row, i64([3]))],
    ['numpy.take_along_axis.index_out_of_bounds', () => numpy.take_along_axis(row, i64([3]), 0)],
    ['torch.gather.index_out_of_bounds', () => torch.gather(row, 0, i64([3]))],
    ['torch.index_select.index_out_of_bounds', () => torch.index_select(row, 0, i64([3]))],
    ['torch.index.index_out_of_bounds', () => torch.index(row, [i64([3])])],
    ['torch.index_put.index_out_of_bounds', () => torch.index_put(row, [i64([3])], f32([9]))],
    ['tensorflow.gather.index_out_of_bounds', () => tensorflow.gather(row, i32([3]))],
    ['tensorflow.gather_nd.index_out_of_bounds', () => tensorflow.gather_nd(row, i32([[3]]))],
    [
      'tensorflow.tensor_scatter_nd_add.index_out_of_bounds',
      () => tensorflow.tensor_scatter_nd_add(row, i32([[3]]), f32([9])),
    ],
  ];
  for (const [code, call] of cases) it(code, () => expectRule(call, code, OOB));

  it('torch.index.index_out_of_bounds: an index into a size-0 dim is refused first, under the same code', () => {
    const e = expectRule(
      () => torch.index(tensor([], 'float32', [0]), [i64([0])]),
      'torch.index.index_out_of_bounds',
      OOB,
    );
    expect(e.message).toContain('index is out of bounds for dimension with size 0');
  });

  it('TensorFlow codes and messages say tensorflow, as the namespace and the registry do', () => {
    const e = expectRule(
      () => tensorflow.gather(row, i32([5])),
      'tensorflow.gather.index_out_of_bounds',
      OOB,
    );
    expect(e.message).toBe(
      'tensorflow.gather: indices[0] = 5 is not in [0, 3) (tensorflow.gather.index_out_of_bounds)',
    );
  });
});

describe('<op>.indices still names a bad indices argument', () => {
  const notATensor = [[0]] as never;
  for (const [code, call] of [
    ['onnx.GatherND-13.indices', () => onnx.GatherND(row, notATensor)],
    ['onnx.Scatter-9.indices', () => onnx.Scatter(row, notATensor, f32([9]), {}, { opset: 9 })],
    ['onnx.ScatterND-18.indices', () => onnx.ScatterND(row, notATensor, f32([9]))],
    ['onnx.ScatterElements-18.indices', () => onnx.ScatterElements(row, notATensor, f32([9]))],
    ['webnn.gather.indices', () => webnn.gather(row, notATensor)],
  ] as [string, () => unknown][])
    it(code, () => expectRule(call, code, InvalidArgumentError));
});
