/**
 * Complex input on the frontends whose framework has no complex element type (MXNet, Caffe2,
 * DirectML, WebNN: a typed refusal naming the framework's dtype rule) and on MLIR's tensor
 * dialect (any element type: computes, elements copied whole), plus `translate` of complex
 * calls: an equivalent call with its NaN-bit differences stated, or none.
 */
import { describe, expect, it } from 'vitest';
import {
  DTypeError,
  type Tensor,
  caffe2,
  complex,
  directml,
  mlir,
  mxnet,
  numpy,
  tensor,
  torch,
  webnn,
} from '../src/index.js';
import { execute } from '../src/core/call.js';
import { TranslateError, translate } from '../src/translate/index.js';

const C = (pairs: [number, number][], shape?: number[]) =>
  tensor(
    pairs.map(([re, im]) => complex(re, im)),
    'complex64',
    shape,
  );
const X = C([
  [1, 2],
  [3, -4],
  [Number.NaN, 1],
  [-0, 5],
]);
const i32 = (v: number[], shape?: number[]) => tensor(v, 'int32', shape);
const u32 = (v: number[], shape?: number[]) => tensor(v, 'uint32', shape);

/** The rule code a call throws (a DTypeError), or 'no error'. */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof DTypeError) return e.code;
    throw e;
  }
  return 'no error';
}

describe('MXNet has no complex dtype', () => {
  it.each([
    ['mxnet.take.dtype', () => mxnet.take(X, i32([0, 2]))],
    ['mxnet.pick.dtype', () => mxnet.pick(X.reshape([2, 2]), i32([0, 1]))],
    ['mxnet.batch_take.dtype', () => mxnet.batch_take(X.reshape([2, 2]), i32([0, 1]))],
    ['mxnet.gather_nd.dtype', () => mxnet.gather_nd(X, i32([0, 2], [1, 2]))],
    ['mxnet.scatter_nd.dtype', () => mxnet.scatter_nd(X.reshape([4]), i32([0, 1, 2, 3], [1, 4]), [4])],
  ])('%s', (code, f) => expect(refusal(f)).toBe(code));
  it('mxnet.take.indices_dtype: complex indices are not real numbers', () => {
    expect(refusal(() => mxnet.take(tensor([1, 2, 3], 'float32'), C([[0, 0]])))).toBe(
      'mxnet.take.indices_dtype',
    );
  });
});

describe('Caffe2 has no complex dtype (TensorProto.DataType)', () => {
  it('caffe2.Gather.dtype', () =>
    expect(refusal(() => caffe2.Gather(X, i32([0, 2])))).toBe('caffe2.Gather.dtype'));
  it('caffe2.BatchGather.dtype', () =>
    expect(refusal(() => caffe2.BatchGather(X.reshape([2, 2]), i32([0, 1])))).toBe(
      'caffe2.BatchGather.dtype',
    ));
});

describe('DirectML has no complex DML_TENSOR_DATA_TYPE', () => {
  it('directml.GATHER.InputTensor.DataType', () =>
    expect(
      refusal(() =>
        directml.GATHER({ InputTensor: X, IndicesTensor: u32([0, 2]), Axis: 0, IndexDimensions: 1 }),
      ),
    ).toBe('directml.GATHER.InputTensor.DataType'));
  it('directml.SCATTER.InputTensor.DataType', () =>
    expect(
      refusal(() =>
        directml.SCATTER({
          InputTensor: X,
          IndicesTensor: u32([0, 2]),
          UpdatesTensor: C([
            [1, 1],
            [2, 2],
          ]),
          Axis: 0,
        }),
      ),
    ).toBe('directml.SCATTER.InputTensor.DataType'));
});

describe('WebNN has no complex MLOperandDataType', () => {
  it('webnn.gather.input_dataType', () =>
    expect(refusal(() => webnn.gather(X, u32([0, 2])))).toBe('webnn.gather.input_dataType'));
  it('webnn.scatterND.input_dataType', () =>
    expect(refusal(() => webnn.scatterND(X, u32([1], [1, 1]), C([[7, 7]])))).toBe(
      'webnn.scatterND.input_dataType',
    ));
});

/** Bits of each part (NaN payloads and -0 included). */
const bits = (t: Tensor) =>
  Array.from(new Uint32Array((t.data as Float32Array).slice().buffer), (w) => w.toString(16));

describe('MLIR tensor.gather / tensor.scatter take complex elements whole', () => {
  it('gather copies the pairs, NaN and -0 parts included', () => {
    const r = mlir.tensor.gather(X, tensor([2n, 3n], 'int64', [2, 1]), { gather_dims: [0], unique: false });
    expect(r.dtype).toBe('complex64');
    expect(bits(r)).toEqual(['7fc00000', '3f800000', '80000000', '40a00000']);
  });
  it('scatter writes the pairs', () => {
    const r = mlir.tensor.scatter(C([[7, -8]], [1, 1]), X, tensor([1n], 'int64', [1, 1]), {
      scatter_dims: [0],
      unique: true,
    });
    expect(r.toString()).toBe('tensor([  1+2j,   7-8j, nan+1j,  -0+5j], dtype=complex64)');
  });
});

describe('translate of complex calls', () => {
  const i = tensor([0n, 0n, 3n], 'int64');
  const u = C([
    [1, 5],
    [1, 2],
    [2, -0],
  ]);
  it('NumPy maximum.at (NumPy order) has no StableHLO / JAX peer: their lexicographic order differs on ties and NaNs', () => {
    const call = numpy.lower.maximum.at(X, i, u);
    for (const fw of ['stablehlo', 'jax'] as const) {
      let err: unknown;
      try {
        translate(call, fw);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(TranslateError);
      expect((err as TranslateError).code).toBe('translate.no_equivalent');
      expect((err as TranslateError).message).toContain('orders complex64 lexicographic');
    }
  });
  it('NumPy maximum.at on complex has no ONNX peer (ONNX refuses complex max): none, with the reason', () => {
    const call = numpy.lower.maximum.at(X, i, u);
    expect(() => translate(call, 'onnx')).toThrow(/no onnx op makes this call/);
  });
  it('a complex64 product translated between PyTorch and NumPy states the NaN operand order', () => {
    const call = torch.lower.scatter(X, 0, i, u, { reduce: 'multiply' });
    const t = translate(call, 'numpy');
    expect(t.op).toBe('numpy.multiply.at');
    expect(t.differences.some((d) => d.includes("multiplies complex64 in aten's operand order"))).toBe(true);
    expect(execute(t.call).toString()).toBe(execute(call).toString()); // the values agree
  });
  it('a complex128 product states it too (PyTorch orders as NumPy only along the last dim)', () => {
    const x = tensor([complex(1, 2), complex(3, 4)], 'complex128');
    const call = torch.lower.scatter(x, 0, tensor([0n], 'int64'), tensor([complex(2, 2)], 'complex128'), {
      reduce: 'multiply',
    });
    const t = translate(call, 'numpy');
    expect(t.differences.some((d) => d.includes("multiplies complex128 in aten's operand order"))).toBe(true);
  });
  it('MXNet and Caffe2 targets refuse the complex data: no translation, the dtype rule named', () => {
    const call = numpy.lower.take(X, i);
    expect(() => translate(call, 'mxnet')).toThrow(/mxnet\.take\.dtype/);
    expect(() => translate(call, 'caffe2')).toThrow(/caffe2\.Gather\.dtype/);
  });
});
