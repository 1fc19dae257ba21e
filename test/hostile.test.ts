/**
 * Issue 11's repros that live in the tensor layer, the core's shape validation, the parsers and
 * the node entry: each with the behaviour users should get (a typed error with its rule code, or
 * a bounded answer), quickly and without giant allocations.
 */
import { describe, expect, it } from 'vitest';
import {
  AllocationLimitError,
  DTypeError,
  InvalidArgumentError,
  MAX_RANK,
  Tensor,
  full,
  getAllocationLimit,
  setAllocationLimit,
  stablehlo,
  tensor,
  toDTypeScalar,
  zeros,
} from '../src/index.js';
import { checkCallBudget, fmt } from '../src/core/index.js';
import { readNpy, writeNpy } from '../src/interop/index.js';
import { encodeTensorProto, fromTensorProto } from '../src/interop/onnx-tensor.js';
import { enableThreads } from '../src/node/index.js';
import { thrown } from './helpers/errors.js';
import { stopwatch } from './helpers/budget.js';

/**
 * Runs `f` under a hang watchdog: the repros took seconds to minutes; 2 s (the fuzz suites' call
 * budget) on the stopwatch (test/helpers/budget.ts) tells a hang from a slow or busy CI machine.
 * Not a speed assertion.
 */
const HANG_MS = 2000;
function quick<T>(f: () => T): T {
  const elapsed = stopwatch();
  const r = f();
  expect(elapsed()).toBeLessThan(HANG_MS);
  return r;
}

/** A .npy file (format 1.0 or 2.0) with its shape tuple replaced and the header re-padded. */
function withShape(npy: Uint8Array, shape: string, version: 1 | 2 = 1): Uint8Array {
  const headerLen = npy[8] | (npy[9] << 8);
  const header = String.fromCharCode(...npy.subarray(10, 10 + headerLen));
  const dict = header.replace(/'shape': \([^)]*\)/, `'shape': ${shape}`).trimEnd();
  const prefix = version === 1 ? 10 : 12;
  let text = `${dict}\n`;
  text = text.padStart(text.length, ' ');
  const pad = (64 - ((prefix + text.length) % 64)) % 64;
  text = `${dict}${' '.repeat(pad)}\n`;
  const out = new Uint8Array(prefix + text.length + npy.length - 10 - headerLen);
  out.set(npy.subarray(0, 8));
  out[6] = version;
  const dv = new DataView(out.buffer);
  if (version === 1) dv.setUint16(8, text.length, true);
  else dv.setUint32(8, text.length, true);
  for (let i = 0; i < text.length; i++) out[prefix + i] = text.charCodeAt(i);
  out.set(npy.subarray(10 + headerLen), prefix + text.length);
  return out;
}

const GATHER_DN = {
  offset_dims: [1],
  collapsed_slice_dims: [0],
  start_index_map: [0],
  index_vector_dim: 1,
  slice_sizes: [1, 3],
};

describe('silent wrong answers: Tensor validates its storage', () => {
  it('new Tensor(float32, [3], Float64Array) is refused (tensor.storage)', () => {
    const e = thrown(() => new Tensor('float32', [3], new Float64Array([10, 11, 12]) as never));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.code).toBe('tensor.storage');
    expect(e.message).toContain('must be a Float32Array; got Float64Array');
  });
  it('a plain JS array as storage is refused', () => {
    expect(thrown(() => new Tensor('float32', [3], [10, 11, 12] as never)).code).toBe('tensor.storage');
  });
  it('a Proxy, a subclass or a Node Buffer is refused; the exact class is accepted', () => {
    expect(thrown(() => new Tensor('uint8', [2], new Proxy(new Uint8Array(2), {}) as never)).code).toBe(
      'tensor.storage',
    );
    class Sub extends Float32Array {}
    expect(thrown(() => new Tensor('float32', [2], new Sub(2) as never)).code).toBe('tensor.storage');
    expect(thrown(() => new Tensor('uint8', [2], Buffer.alloc(2) as never)).code).toBe('tensor.storage');
    expect(new Tensor('uint8', [2], new Uint8Array([4, 5])).toArray()).toEqual([4, 5]);
    // bool and the 16-bit floats keep their documented storage
    expect(new Tensor('bool', [1], new Uint8Array([1])).toArray()).toEqual([true]);
    expect(new Tensor('bfloat16', [1], new Uint16Array([0x3f80])).toArray()).toEqual([1]);
  });
  it('an own `length` property cannot fake the element count (tensor.data_length)', () => {
    const a = new Float32Array(2);
    Object.defineProperty(a, 'length', { value: 3 });
    expect(thrown(() => new Tensor('float32', [3], a)).code).toBe('tensor.data_length');
  });
  it('the length must equal the shape size', () => {
    expect(thrown(() => new Tensor('int32', [2, 2], new Int32Array(3))).code).toBe('tensor.data_length');
  });
  it('shape and dtype are read-only: reassigning throws, the shape array is frozen', () => {
    const t = tensor([10, 11, 12], 'float32');
    expect(() => {
      (t as unknown as { shape: number[] }).shape = [5];
    }).toThrow(TypeError);
    expect(() => {
      (t.shape as number[])[0] = 5;
    }).toThrow(TypeError);
    expect(() => {
      (t as { dtype: string }).dtype = 'int8';
    }).toThrow(TypeError);
    expect(Object.isFrozen(t)).toBe(true);
    expect(t.shape).toEqual([3]);
    // so a gather of index 2 reads the real element
    const r = stablehlo.gather(t.reshape([3, 1]), tensor([[2]], 'int64'), {
      ...GATHER_DN,
      slice_sizes: [1, 1],
    });
    expect(r.toArray()).toEqual([[12]]);
  });
  it('a shape passed in and mutated later does not change the tensor', () => {
    const shape = [2, 2];
    const t = zeros(shape, 'int8');
    shape[0] = 100;
    expect(t.shape).toEqual([2, 2]);
  });
});

describe('hangs: bounded toArray / toString / validation', () => {
  it('zeros([2**40, 0]).toArray() is refused at once (tensor.to_array); toString() summarizes', () => {
    const t = zeros([2 ** 40, 0], 'float32');
    const e = quick(() => thrown(() => t.toArray()));
    expect(e).toBeInstanceOf(AllocationLimitError);
    expect(e.code).toBe('tensor.to_array');
    expect(quick(() => t.toString())).toBe('tensor([], shape=[1099511627776, 0], dtype=float32)');
    expect(zeros([3, 0], 'int8').toArray()).toEqual([[], [], []]);
  });
  it('a valid empty .npy of shape (10**15, 0) reads and prints quickly', () => {
    const bytes = withShape(writeNpy(zeros([0, 0], 'float64')), '(1000000000000000, 0)');
    const t = quick(() => readNpy(bytes));
    expect(t.shape).toEqual([1e15, 0]);
    expect(quick(() => t.toString())).toContain('shape=[1000000000000000, 0]');
  });
  it('a huge tensor prints a summary with ... (NumPy threshold 1000)', () => {
    const t = zeros([1000, 1000], 'uint8');
    const s = quick(() => t.toString());
    expect(s.split('\n')).toHaveLength(7);
    expect(s).toContain('...');
    expect(s).toContain('shape=[1000, 1000]');
  });
  it(`rank is at most ${MAX_RANK}: a rank-65 tensor and a rank-65,536 gatherShape are refused at once`, () => {
    expect(MAX_RANK).toBe(64);
    expect(thrown(() => zeros(new Array(65).fill(1), 'int8')).code).toBe('tensor.rank');
    const big = new Array(65536).fill(1);
    const e = quick(() =>
      thrown(() =>
        stablehlo.gatherShape(big, [1, 1], {
          ...GATHER_DN,
          offset_dims: big.map((_, i) => i),
          slice_sizes: big,
        }),
      ),
    );
    expect(e.code).toBe('tensor.rank');
    expect(e.message.length).toBeLessThan(300);
    // rank 64 itself is fine
    expect(zeros(new Array(64).fill(1), 'int8').size).toBe(1);
  });
  it('tensor() of a 100,000-deep nesting is a typed error, not a stack overflow', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const e = thrown(() => tensor(deep as never));
    expect(e.code).toBe('tensor.rank');
  });
  it('tensor() of a circular nesting says so', () => {
    const a: unknown[] = [1];
    a[0] = a;
    const e = thrown(() => tensor(a as never));
    expect(e.code).toBe('tensor.circular');
  });
});

describe('giant allocations refused before allocating', () => {
  it('an empty array with .length = 1e8 as offset_dims is refused at once with a short message', () => {
    const dims: number[] = [];
    dims.length = 1e8;
    const e = quick(() =>
      thrown(() => stablehlo.gatherShape([3, 3], [2, 1], { ...GATHER_DN, offset_dims: dims })),
    );
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.code).toBe('stablehlo.gather.I3');
    expect(e.message).toContain('more than 64');
    expect(e.message.length).toBeLessThan(300);
  });
  it('a sparse dimension list of allowed length is refused (holes)', () => {
    const dims = [1];
    dims.length = 3;
    expect(
      thrown(() => stablehlo.gatherShape([3, 3], [2, 1], { ...GATHER_DN, offset_dims: dims })).message,
    ).toContain('hole');
  });
  it('a 10^6-element bad offset_dims gives a short message', () => {
    const dims = new Array(1e6).fill(-1);
    const e = quick(() =>
      thrown(() => stablehlo.gatherShape([3, 3], [2, 1], { ...GATHER_DN, offset_dims: dims })),
    );
    expect(e.message.length).toBeLessThan(300);
    expect(fmt(dims)).toMatch(/… \(999936 more\)]$/);
  });
  it('checkCallBudget sums everything a call allocates (numpy.index broadcast case)', () => {
    const N = 16384;
    const parts = [
      { shape: [N, N], dtype: 'int64' as const },
      { shape: [N, N], dtype: 'int64' as const },
      { shape: [N, N], dtype: 'float32' as const },
    ];
    const e = thrown(() => checkCallBudget(parts, 'numpy.index'));
    expect(e).toBeInstanceOf(AllocationLimitError);
    expect(e.code).toBe('tensor.call_budget');
    expect(e.details.bytes).toBe(N * N * 20);
    expect(
      checkCallBudget([
        { shape: [2, 3], dtype: 'int64' },
        { shape: [4], dtype: 'int8' },
      ]),
    ).toBe(52);
    const old = getAllocationLimit();
    setAllocationLimit(100);
    try {
      expect(
        thrown(() =>
          checkCallBudget([
            { shape: [8], dtype: 'int64' },
            { shape: [8], dtype: 'int64' },
          ]),
        ).code,
      ).toBe('tensor.call_budget');
    } finally {
      setAllocationLimit(old);
    }
  });
  it('packed int64 data is counted before it is decoded: a 32 MB lying TensorProto fails fast and small', () => {
    // dims [1], data_type INT64, int64_data: 32 M one-byte varints in one packed field
    const n = 32 * 2 ** 20;
    const len = [0x80 | (n & 0x7f), 0x80 | ((n >> 7) & 0x7f), 0x80 | ((n >> 14) & 0x7f), (n >> 21) & 0x7f];
    const head = [0x08, 0x01, 0x10, 0x07, 0x3a, ...len];
    const bytes = new Uint8Array(head.length + n);
    bytes.set(head);
    const rss0 = process.memoryUsage.rss();
    const e = quick(() => thrown(() => fromTensorProto(bytes)));
    expect(e.code).toBe('onnx.TensorProto.data_length');
    expect(e.message).toContain(`int64_data has ${n} values; shape [1] needs 1`);
    expect(process.memoryUsage.rss() - rss0).toBeLessThan(256 * 2 ** 20);
  });
  it('a legitimate large packed int64 tensor decodes with memory a small multiple of the input', () => {
    const n = 2 ** 20;
    const len = [0x80 | (n & 0x7f), 0x80 | ((n >> 7) & 0x7f), (n >> 14) & 0x7f];
    const dim = [0x80 | (n & 0x7f), 0x80 | ((n >> 7) & 0x7f), (n >> 14) & 0x7f];
    const head = [0x08, ...dim, 0x10, 0x07, 0x3a, ...len];
    const bytes = new Uint8Array(head.length + n).fill(0x05, head.length);
    bytes.set(head);
    const t = quick(() => fromTensorProto(bytes));
    expect(t.shape).toEqual([n]);
    expect(t.data[n - 1]).toBe(5n);
  });
});

describe('parsers type-check object fields (no coercion)', () => {
  const code = (o: object) => thrown(() => fromTensorProto(o)).code;
  it('dims [1n << 70n], ["1e3"], [1.5] are refused (onnx.TensorProto.dims)', () => {
    expect(code({ dims: [1n << 70n], data_type: 1 })).toBe('onnx.TensorProto.dims');
    expect(code({ dims: ['1e3'], data_type: 1 })).toBe('onnx.TensorProto.dims');
    expect(code({ dims: [1.5], data_type: 1 })).toBe('onnx.TensorProto.dims');
    expect(code({ dims: [2 ** 60], data_type: 1 })).toBe('onnx.TensorProto.dims');
    expect(code({ dims: [2n ** 60n], data_type: 1 })).toBe('onnx.TensorProto.dims');
    // the accepted forms
    expect(fromTensorProto({ dims: ['2', 1n], data_type: 1, float_data: [1, 2] }).shape).toEqual([2, 1]);
  });
  it("int64_data ['abc'] and float_data ['abc'] are refused (onnx.TensorProto.value_type)", () => {
    expect(code({ dims: [1], data_type: 7, int64_data: ['abc'] })).toBe('onnx.TensorProto.value_type');
    expect(code({ dims: [1], data_type: 1, float_data: ['abc'] })).toBe('onnx.TensorProto.value_type');
    expect(code({ dims: [1], data_type: 6, int32_data: [1.5] })).toBe('onnx.TensorProto.value_type');
    expect(code({ dims: [1], data_type: 7, int64_data: [2n ** 63n] })).toBe('onnx.TensorProto.value_range');
  });
  it('a sparse data field of the right length is refused before anything is allocated', () => {
    const a: unknown[] = [];
    a.length = 1e7;
    const e = quick(() => thrown(() => fromTensorProto({ dims: [1e7], data_type: 7, int64_data: a })));
    expect(e.code).toBe('onnx.TensorProto.value_type');
  });
  it('more than 64 dims is tensor.rank (bytes and objects)', () => {
    expect(code({ dims: new Array(65).fill(1), data_type: 1 })).toBe('tensor.rank');
    const bytes = encodeTensorProto({ dims: new Array(65).fill(1), data_type: 1 });
    expect(thrown(() => fromTensorProto(bytes)).code).toBe('tensor.rank');
  });
  it('readNpy refuses a rank-65 shape (tensor.rank) and a non-object options argument', () => {
    const bytes = writeNpy(zeros([1], 'int8'));
    expect(thrown(() => readNpy(bytes, null as never)).code).toBe('npy.options');
    const e = thrown(() => readNpy(withShape(writeNpy(zeros([], 'int8')), `(${'1, '.repeat(65)})`, 2)));
    expect(e.code).toBe('tensor.rank');
  });
  it('readNpy parses a long header in linear time', () => {
    const bytes = withShape(writeNpy(zeros([], 'int8')), `(${'1, '.repeat(200_000)})`, 2);
    const e = quick(() => thrown(() => readNpy(bytes)));
    expect(e.code).toBe('tensor.rank');
  });
});

describe('untyped errors become typed', () => {
  it('a non-finite or non-numeric scalar into an integer tensor', () => {
    const nan = thrown(() => full([2], Number.NaN, 'int64'));
    expect(nan).toBeInstanceOf(DTypeError);
    expect(nan.code).toBe('tensor.value');
    expect(nan.message).toContain('not a finite number');
    expect(thrown(() => tensor([Number.POSITIVE_INFINITY], 'int32')).code).toBe('tensor.value');
    const str = thrown(() => full([2], '5' as never, 'int32'));
    expect(str).toBeInstanceOf(InvalidArgumentError);
    expect(thrown(() => tensor([{}] as never, 'float32')).code).toBe('tensor.value');
    expect(thrown(() => toDTypeScalar(Symbol('x'), 'int8')).code).toBe('tensor.value');
  });
  it('enableThreads({ helpers: -1 }) rejects with InvalidArgumentError threads.helpers', async () => {
    await expect(enableThreads({ helpers: -1 })).rejects.toMatchObject({ code: 'threads.helpers' });
    await expect(enableThreads({ helpers: 1.5 })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(enableThreads({ minBytes: -1 })).rejects.toMatchObject({ code: 'threads.min_bytes' });
  });
  it('fmt never throws and is bounded', () => {
    const circular: unknown[] = [];
    circular.push(circular);
    expect(fmt(circular)).toBe('[[[[[…]]]]]');
    expect(fmt(Object.create(null))).toBe('[object Object]');
    expect(fmt({ toString: 5 })).toBe('[object Object]');
    expect(fmt('x'.repeat(10_000)).length).toBeLessThan(200);
    expect(fmt([1, 2, 3])).toBe('[1, 2, 3]');
  });
});

describe('huge array lengths are refused before they are walked', () => {
  it('variadic stablehlo.scatter with inputs.length = 1e8 fails fast with stablehlo.scatter.C5', async () => {
    const { stablehlo } = await import('../src/index.js');
    const a: unknown[] = [];
    a.length = 1e8;
    // The count rule (C5) fires first: nothing walked the 1e8 holes.
    expect(() => stablehlo.scatter(a as never, tensor([0], 'int64'), [] as never, {} as never)).toThrow(/C5/);
  });

  it('a sparse 1e8-long index array is refused at its first hole (a typed tensor error)', async () => {
    const { numpy, GatherScatterError } = await import('../src/index.js');
    const a: unknown[] = [];
    a.length = 1e8;
    expect(() =>
      numpy.multiply.at(tensor([1, 2, 3], 'int32'), a as never, tensor([1, 2, 3], 'int32')),
    ).toThrow(GatherScatterError);
  });
});

describe('per-call memory budget', () => {
  it('numpy.index(a2x2, [i0 [N,1], i1 [1,N]]) with N = 16,384 is refused before broadcasting (tensor.call_budget)', async () => {
    const { numpy, AllocationLimitError } = await import('../src/index.js');
    const N = 16_384;
    const i0 = new Tensor('int64', [N, 1], new BigInt64Array(N));
    const i1 = new Tensor('int64', [1, N], new BigInt64Array(N));
    const a = tensor(
      [
        [1, 2],
        [3, 4],
      ],
      'float32',
    );
    // Each [N, N] tensor alone is 2 GiB of int64 (under the 4 GiB per-tensor limit); the call's
    // broadcast copies, stack and result together are not.
    let err: unknown;
    try {
      numpy.index(a, [i0, i1]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AllocationLimitError);
    expect((err as { code: string }).code).toBe('tensor.call_budget');
    // The same broadcast at N = 64 runs (the budget refuses only what is over the limit).
    const j0 = new Tensor('int64', [64, 1], new BigInt64Array(64).fill(1n));
    const j1 = new Tensor('int64', [1, 64], new BigInt64Array(64));
    expect(numpy.index(a, [j0, j1]).shape).toEqual([64, 64]);
  });
});
