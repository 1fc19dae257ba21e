/**
 * Issue 24, items 2 and 3: tensors from other libraries (fromOrt / fromTf / toOrt / toTf) are
 * read exactly or refused with a typed error, and `out` is safe when it shares memory with an
 * input through a different SharedArrayBuffer object or when a custom update computation fails.
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { DTypeError, InvalidArgumentError, fromOrt, fromTf, tensor, toOrt, toTf } from '../src/index.js';
import { toTensorProto } from '../src/interop/onnx-tensor.js';
import { typedError } from './helpers/consumers.js';

class FakeOrt {
  constructor(
    readonly type: string,
    readonly data: unknown,
    readonly dims: readonly number[],
  ) {}
}
const fakeTf = { tensor: (values: unknown, shape?: number[], dtype?: string) => ({ values, shape, dtype }) };

describe('fromOrt / fromTf: the label and the array must agree', () => {
  it.each([
    ['Float32Array labelled int32', 'int32', new Float32Array([1.5])],
    ['BigInt64Array labelled float64', 'float64', new BigInt64Array([1n])],
    ['Int32Array labelled uint32', 'uint32', new Int32Array([-1])],
    ['Uint16Array labelled int16', 'int16', new Uint16Array([65535])],
    ['Int8Array labelled bool', 'bool', new Int8Array([1])],
  ])('fromOrt: %s → DTypeError adapter.storage', (_what, type, data) => {
    const e = typedError(() => fromOrt({ type, dims: [1], data }));
    expect(e).toBeInstanceOf(DTypeError);
    expect(e.code).toBe('adapter.storage');
    expect(e.message).toContain('disagree');
  });
  it('fromOrt reads the arrays that match, and a Float16Array as its bits', () => {
    expect(fromOrt({ type: 'int32', dims: [2], data: new Int32Array([3, -1]) }).toArray()).toEqual([3, -1]);
    expect(fromOrt({ type: 'float64', dims: [1], data: new Float64Array([0.5]) }).toArray()).toEqual([0.5]);
    expect(fromOrt({ type: 'uint8', dims: [1], data: new Uint8ClampedArray([200]) }).toArray()).toEqual([
      200,
    ]);
    expect(fromOrt({ type: 'float16', dims: [1], data: new Uint16Array([0x3c00]) }).toArray()).toEqual([1]);
  });
  it('fromTf: Int32Array labelled float32 is refused, not read as 1.4e-45', () => {
    const e = typedError(() => fromTf({ dtype: 'float32', shape: [1], dataSync: () => new Int32Array([1]) }));
    expect(e.code).toBe('adapter.storage');
    expect(fromTf({ dtype: 'float32', shape: [1], dataSync: () => new Float32Array([1]) }).toArray()).toEqual(
      [1],
    );
  });
});

describe('foreign dims are never coerced', () => {
  it.each([
    ['[true, "3"]', [true, '3']],
    ['[-1]', [-1]],
    ['[1.5]', [1.5]],
    ['[NaN]', [Number.NaN]],
    ['a string', '3'],
    ['null', null],
    ['65 dims', new Array(65).fill(1)],
    ['an array of length 1e9', { length: 1e9 }],
    ['a Float64Array', new Float64Array([3])],
  ])('fromOrt dims %s → InvalidArgumentError adapter.shape', (_what, dims) => {
    const e = typedError(() => fromOrt({ type: 'float32', dims: dims as never, data: new Float32Array(3) }));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.code).toBe('adapter.shape');
  });
  it('integer typed-array dims and bigints are read exactly', () => {
    expect(
      fromOrt({ type: 'float32', dims: new Int32Array([1, 3]) as never, data: new Float32Array(3) }).shape,
    ).toEqual([1, 3]);
    expect(fromOrt({ type: 'float32', dims: [3n] as never, data: new Float32Array(3) }).shape).toEqual([3]);
  });
});

describe('prototype-named type names are unknown types', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('%s', (name) => {
    expect(typedError(() => fromOrt({ type: name, dims: [1], data: new Float32Array(1) })).code).toBe(
      'adapter.ort.dtype',
    );
    expect(
      typedError(() => fromTf({ dtype: name, shape: [1], dataSync: () => new Float32Array(1) })).code,
    ).toBe('adapter.tf.dtype');
  });
});

describe('toOrt / toTf: the other library failing is a typed error', () => {
  const t = tensor([1, 2], 'float32');
  it('a throwing constructor → adapter.ort.constructor, the original as cause', () => {
    const boom = new RangeError('no');
    const Ctor = class {
      constructor() {
        throw boom;
      }
    };
    const e = typedError(() => toOrt(t, Ctor as never));
    expect(e.code).toBe('adapter.ort.constructor');
    expect(e.details.cause).toBe(boom);
  });
  it('a non-constructible function (arrow) → adapter.ort.constructor', () => {
    expect(typedError(() => toOrt(t, (() => ({})) as never)).code).toBe('adapter.ort.constructor');
  });
  it('a throwing tf.tensor or dataSync → typed', () => {
    const tf = {
      tensor: () => {
        throw new TypeError('bad');
      },
    };
    expect(typedError(() => toTf(t, tf as never)).code).toBe('adapter.tf.constructor');
    const f = {
      dtype: 'float32',
      shape: [1],
      dataSync: () => {
        throw new Error('gpu lost');
      },
    };
    expect(typedError(() => fromTf(f)).code).toBe('adapter.tf');
  });
  it('a forged or detached Tensor and bad options are refused', () => {
    const forged = Object.create(lib.Tensor.prototype, {
      dtype: { value: 'float32' },
      shape: { value: [2] },
    });
    expect(typedError(() => toOrt(forged, FakeOrt as never)).code).toBe('adapter.ort');
    const d = tensor([1, 2], 'float32');
    structuredClone(d.data.buffer, { transfer: [d.data.buffer] });
    expect(typedError(() => toTf(d, fakeTf as never)).code).toBe('tensor.storage_changed');
    expect(typedError(() => toOrt(t, FakeOrt as never, null as never)).code).toBe('options.type');
    expect(
      typedError(() =>
        fromOrt({ type: 'float32', dims: [1], data: new Float32Array(1) }, { cpoy: true } as never),
      ).code,
    ).toBe('options.key');
  });
  it('the working paths still work', () => {
    const o = toOrt(t, FakeOrt as never) as unknown as FakeOrt;
    expect([o.type, o.dims, o.data]).toEqual(['float32', [2], t.data]);
    expect(toTf(tensor([1, 2], 'uint8'), fakeTf as never)).toEqual({
      values: new Int32Array([1, 2]),
      shape: [2],
      dtype: 'int32',
    });
  });
});

describe('out over the same shared memory through another SharedArrayBuffer object', () => {
  it('onnx.Gather with out one element over data: [7,6,5,4,3,2,1,0], not [7,6,5,4,5,6,7,0]', () => {
    const sab = new SharedArrayBuffer(4 * 9);
    const data = new lib.Tensor('int32', [8], new Int32Array(sab, 0, 8));
    data.data.set([0, 1, 2, 3, 4, 5, 6, 7]);
    const twin = structuredClone(sab);
    expect(twin).not.toBe(sab);
    const out = new lib.Tensor('int32', [8], new Int32Array(twin, 4, 8));
    expect(lib.core.overlaps(out, data)).toBe(true);
    lib.onnx.Gather(data, tensor([7n, 6n, 5n, 4n, 3n, 2n, 1n, 0n], 'int64'), {}, { out });
    expect(out.toArray()).toEqual([7, 6, 5, 4, 3, 2, 1, 0]);
  });
  it('separate buffers still do not overlap', () => {
    expect(lib.core.overlaps(tensor([1], 'int32'), tensor([1], 'int32'))).toBe(false);
  });
});

describe('an in-place scatter whose update computation fails leaves the target as it was', () => {
  const dn = {
    update_window_dims: [],
    inserted_window_dims: [0],
    scatter_dims_to_operand_dims: [0],
    index_vector_dim: 1,
  };
  const idx = () => tensor([[0], [1], [2], [3]], 'int32');
  const run = (f: (a: never, b: never) => unknown) => {
    const t = tensor([1, 2, 3, 4, 5], 'int8');
    let err: unknown;
    try {
      lib.stablehlo.scatter(t, idx(), tensor([9, 9, 9, 9], 'int8'), { ...dn, out: t }, f as never);
    } catch (e) {
      err = e;
    }
    return { t, err };
  };
  it('throws on the 3rd update: the caller’s error, target untouched', () => {
    let n = 0;
    const boom = new Error('boom');
    const { t, err } = run(() => {
      if (++n === 3) throw boom;
      return 0 as never;
    });
    expect(err).toBe(boom);
    expect(t.toArray()).toEqual([1, 2, 3, 4, 5]);
  });
  it('returns a string on the 3rd update: tensor.value, target untouched', () => {
    let n = 0;
    const { t, err } = run(() => (++n === 3 ? 'abc' : 0) as never);
    expect((err as lib.GatherScatterError).code).toBe('tensor.value');
    expect(t.toArray()).toEqual([1, 2, 3, 4, 5]);
  });
  it('returns 1e40 into int8: a typed error, target untouched', () => {
    let n = 0;
    const { t, err } = run(() => (++n === 3 ? 1e40 : 0) as never);
    expect(err).toBeInstanceOf(DTypeError);
    expect(t.toArray()).toEqual([1, 2, 3, 4, 5]);
  });
  it('a succeeding custom computation still writes in place', () => {
    const { t, err } = run(((a: number, b: number) => a + b) as never);
    expect(err).toBeUndefined();
    expect(t.toArray()).toEqual([10, 11, 12, 13, 5]);
  });
});

describe('storage detached after construction: every reader refuses it (tensor.storage_changed)', () => {
  const detachedTensor = () => {
    const t = tensor([1, 2, 3, 4], 'float32', [2, 2]);
    structuredClone(t.data.buffer, { transfer: [t.data.buffer] });
    return t;
  };
  it.each([
    ['get', (t: lib.Tensor) => t.get(0, 0)],
    ['cast', (t: lib.Tensor) => lib.cast(t, 'int32')],
    ['slice', (t: lib.Tensor) => lib.slice(t, [0, 0], [1, 1])],
    ['stack', (t: lib.Tensor) => lib.stack([t, t])],
    ['broadcastTo', (t: lib.Tensor) => lib.broadcastTo(t, [3, 2, 2])],
    ['moveAxis', (t: lib.Tensor) => lib.moveAxis(t, 0, 1)],
    ['writeNpy', (t: lib.Tensor) => lib.writeNpy(t)],
    ['toTensorProto', (t: lib.Tensor) => toTensorProto(t)],
  ])('%s', (_name, f) => {
    expect(typedError(() => f(detachedTensor())).code).toBe('tensor.storage_changed');
  });
});
