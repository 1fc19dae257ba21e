import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import * as ort from 'onnxruntime-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { DTypeError, InvalidArgumentError } from '../src/errors.js';
import { jaxArray, numpyArray, tfConstant, torchTensor, valueKind } from '../src/frameworks/constructors.js';
import { fromOrt, fromTf, ORT_DTYPES, toOrt, toTf } from '../src/interop/adapters.js';
import { onnx, torch } from '../src/index.js';
import { tensor } from '../src/tensor/tensor.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

describe('onnxruntime adapters (real onnxruntime-node Tensor)', () => {
  it('int64 with values beyond 2^53 round-trips exactly and without a copy', () => {
    const big = 2n ** 62n + 1n;
    const o = new ort.Tensor('int64', new BigInt64Array([big, -3n, 0n, 7n]), [2, 2]);
    const t = fromOrt(o);
    expect(t.dtype).toBe('int64');
    expect(t.shape).toEqual([2, 2]);
    expect(t.toArray()).toEqual([
      [big, -3n],
      [0n, 7n],
    ]);
    expect(t.data).toBe(o.data); // zero-copy
    const back = toOrt(t, ort.Tensor);
    expect(back).toBeInstanceOf(ort.Tensor);
    expect(back.type).toBe('int64');
    expect(back.dims).toEqual([2, 2]);
    expect(back.data).toBe(t.data);
    expect(fromOrt(o, { copy: true }).data).not.toBe(o.data);
  });

  it('bool maps to bool (bytes 0/1) both ways; other non-zero bytes read as true', () => {
    const o = new ort.Tensor('bool', new Uint8Array([1, 0, 1]), [3]);
    expect(fromOrt(o).toArray()).toEqual([true, false, true]);
    const dirty = { type: 'bool', dims: [2], data: new Uint8Array([2, 0]) };
    expect(fromOrt(dirty).toArray()).toEqual([true, false]);
    expect(Array.from(fromOrt(dirty).data as Uint8Array)).toEqual([1, 0]);
    const b = toOrt(tensor([false, true], 'bool'), ort.Tensor);
    expect(b.type).toBe('bool');
    expect(Array.from(b.data as Uint8Array)).toEqual([0, 1]);
  });

  it('every shared dtype keeps its name and values', () => {
    const samples: Record<string, ArrayBufferView> = {
      float32: new Float32Array([1.5, -2]),
      float64: new Float64Array([0.1, 2]),
      float16: new Uint16Array([0x3c00, 0xc000]), // 1, -2
      int8: new Int8Array([-128, 127]),
      int16: new Int16Array([-1, 300]),
      int32: new Int32Array([-5, 2147483647]),
      uint8: new Uint8Array([0, 255]),
      uint16: new Uint16Array([1, 65535]),
      uint32: new Uint32Array([4294967295, 0]),
      uint64: new BigUint64Array([2n ** 64n - 1n, 1n]),
    };
    for (const [type, data] of Object.entries(samples)) {
      const o = new ort.Tensor(type as 'float32', data as Float32Array, [2]);
      const t = fromOrt(o);
      expect(t.dtype).toBe(type);
      expect(ORT_DTYPES[type]).toBe(type);
      const back = toOrt(t, ort.Tensor);
      expect(back.type).toBe(type);
      expect(Array.from(back.data as ArrayLike<number>)).toEqual(
        Array.from(data as unknown as ArrayLike<number>),
      );
    }
    expect(fromOrt(new ort.Tensor('float16', new Uint16Array([0x3c00, 0xc000]), [2])).toArray()).toEqual([
      1, -2,
    ]);
  });

  it('an onnxruntime result feeds an op and comes back', () => {
    const data = fromOrt(new ort.Tensor('float32', new Float32Array([1, 2, 3, 4]), [2, 2]));
    const idx = fromOrt(new ort.Tensor('int64', new BigInt64Array([1n, 0n]), [2, 1]));
    const r = toOrt(onnx.GatherND(data, idx), ort.Tensor);
    expect(r.dims).toEqual([2, 2]);
    expect(Array.from(r.data as Float32Array)).toEqual([3, 4, 1, 2]);
  });

  it('refuses what has no counterpart, with typed errors', () => {
    expect(() => fromOrt(new ort.Tensor('string', ['a'], [1]))).toThrow(DTypeError);
    expect(() => fromOrt(new ort.Tensor('string', ['a'], [1]))).toThrow(/adapter\.ort\.dtype/);
    expect(() => toOrt(tensor([1], 'bfloat16'), ort.Tensor)).toThrow(DTypeError);
    expect(() =>
      fromOrt({ type: 'float32', dims: [1], data: new Float32Array(1), location: 'gpu-buffer' }),
    ).toThrow(/getData/);
    expect(() => fromOrt({ type: 'int64', dims: [1], data: new Int32Array(2) })).toThrow(DTypeError);
    expect(() => fromOrt([1, 2] as never)).toThrow(InvalidArgumentError);
    expect(() => toOrt(tensor([1], 'int32'), undefined as never)).toThrow(/constructor/);
  });
});

describe('TF.js adapters (real @tensorflow/tfjs-core, cpu backend)', () => {
  it('float32, int32 and bool round-trip', () => {
    for (const [values, dtype] of [
      [
        [
          [1.5, -2],
          [3, 4],
        ],
        'float32',
      ],
      [
        [
          [2147483647, -2147483648],
          [0, 5],
        ],
        'int32',
      ],
      [
        [
          [true, false],
          [false, true],
        ],
        'bool',
      ],
    ] as const) {
      const x = tf.tensor(values as unknown as number[][], [2, 2], dtype);
      const t = fromTf(x);
      expect(t.dtype).toBe(dtype);
      expect(t.shape).toEqual([2, 2]);
      expect(t.toArray()).toEqual(values);
      const y = toTf(t, tf);
      expect(y.dtype).toBe(dtype);
      expect(y.shape).toEqual([2, 2]);
      expect(y.arraySync()).toEqual(
        dtype === 'bool'
          ? [
              [1, 0],
              [0, 1],
            ]
          : values,
      );
    }
  });

  it('fromTf shares the cpu backend array unless copy is asked for', () => {
    const x = tf.tensor([1, 2, 3], [3], 'float32');
    expect(fromTf(x).data).toBe(x.dataSync());
    expect(fromTf(x, { copy: true }).data).not.toBe(x.dataSync());
  });

  it('toTf widens exactly and refuses lossy dtypes', () => {
    const u = toTf(tensor([0, 255], 'uint8'), tf);
    expect(u.dtype).toBe('int32');
    expect(u.arraySync()).toEqual([0, 255]);
    const h = toTf(tensor([0.5, 65504], 'float16'), tf);
    expect(h.dtype).toBe('float32');
    expect(h.arraySync()).toEqual([0.5, 65504]);
    expect(() => toTf(tensor([1n], 'int64'), tf)).toThrow(DTypeError);
    expect(() => toTf(tensor([0.1], 'float64'), tf)).toThrow(/adapter\.tf\.dtype/);
    expect(() => fromTf(tf.complex([1], [2]))).toThrow(DTypeError);
  });

  it('a TF.js tensor feeds torch.gather after the int64 index cast', () => {
    const data = fromTf(
      tf.tensor2d(
        [
          [1, 2],
          [3, 4],
        ],
        [2, 2],
        'float32',
      ),
    );
    const r = torch.gather(
      data,
      1,
      torchTensor([
        [1, 0],
        [0, 0],
      ]),
    );
    expect(toTf(r, tf).arraySync()).toEqual([
      [2, 1],
      [3, 3],
    ]);
  });
});

describe('framework-flavoured constructors', () => {
  it('make each framework’s default dtypes', () => {
    const cases: [typeof torchTensor, string, string][] = [
      [torchTensor, 'int64', 'float32'],
      [numpyArray, 'int64', 'float64'],
      [tfConstant, 'int32', 'float32'],
      [jaxArray, 'int32', 'float32'],
    ];
    for (const [make, int, float] of cases) {
      expect(
        make([
          [1, 2],
          [3, 4],
        ]).dtype,
      ).toBe(int);
      expect(make([1, 2.5]).dtype).toBe(float);
      expect(make([Number.NaN]).dtype).toBe(float);
      expect(make([true, false]).dtype).toBe('bool');
      expect(make([]).dtype).toBe(float);
      expect(make([1, 2], 'uint8').dtype).toBe('uint8');
      expect(make(new Float64Array([1])).dtype).toBe('float64');
    }
    expect(torchTensor([[0, 1]]).toArray()).toEqual([[0n, 1n]]);
    expect(numpyArray([0.1]).toArray()).toEqual([0.1]);
    expect(torchTensor([0.1]).toArray()).toEqual([Math.fround(0.1)]);
    expect(torchTensor([2n ** 63n - 1n]).toArray()).toEqual([2n ** 63n - 1n]);
    expect(valueKind([true, 1])).toBe('int');
  });

  it('refuse values that do not fit instead of wrapping', () => {
    expect(() => tfConstant([2 ** 31])).toThrow(DTypeError);
    expect(() => jaxArray([[1], [2 ** 40]])).toThrow(/does not fit int32/);
    expect(() => numpyArray([2 ** 53 + 2])).toThrow(/bigint/);
  });

  it('copy a Tensor argument (and cast it when a dtype is given)', () => {
    const src = tensor([1, 2], 'int32');
    const c = torchTensor(src);
    expect(c.dtype).toBe('int32');
    expect(c.data).not.toBe(src.data);
    expect(numpyArray(src, 'float64').toArray()).toEqual([1, 2]);
    expect(numpyArray(src, 'float64').dtype).toBe('float64');
  });
});
