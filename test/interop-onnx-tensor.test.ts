import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DTypeError, type GatherScatterError, InvalidArgumentError } from '../src/errors.js';
import {
  decodeTensorProto,
  dtypeToOnnxDataType,
  encodeTensorProto,
  fromTensorProto,
  ONNX_DATA_TYPE_NAMES,
  onnxDataTypeToDType,
  readTensorProto,
  toTensorProto,
} from '../src/interop/onnx-tensor.js';
import { storageToBytes } from '../src/interop/index.js';
import { type Complex, DTYPES, type DType } from '../src/tensor/dtype.js';
import { type NestedArray, Tensor, tensor } from '../src/tensor/tensor.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bytesOf = (t: Tensor) => Array.from(storageToBytes(t.dtype, t.data, true));

function expectCode(fn: () => unknown, cls: typeof GatherScatterError, code: string): GatherScatterError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(cls);
    expect((e as GatherScatterError).code).toBe(code);
    expect((e as Error).message.endsWith(`(${code})`)).toBe(true);
    return e as GatherScatterError;
  }
  throw new Error(`expected ${cls.name} ${code}, nothing was thrown`);
}

// ---------------------------------------------------------------------------------------------
// The ONNX backend node tests: every .pb is a serialized TensorProto.

const ONNX_DIR = fileURLToPath(new URL('../../shared/conformance/onnx', import.meta.url));
const haveConformance = existsSync(join(ONNX_DIR, 'values.json'));
if (!haveConformance)
  console.warn(`interop-onnx-tensor: ${ONNX_DIR} not found; the conformance tests are SKIPPED`);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.pb')) out.push(p);
  }
  return out;
}

interface ValueEntry {
  file: string;
  name: string;
  dtype: string;
  shape: number[];
  data: NestedArray;
}

/** int64 tensors come back as bigints; values.json has plain numbers. */
const asNumbers = (v: NestedArray): NestedArray =>
  Array.isArray(v) ? v.map(asNumbers) : typeof v === 'bigint' ? Number(v) : v;

describe.skipIf(!haveConformance)('ONNX backend test data (../shared/conformance/onnx)', () => {
  const values = haveConformance
    ? (JSON.parse(readFileSync(join(ONNX_DIR, 'values.json'), 'utf8')) as {
        tests: Record<string, { test_data_sets: { inputs: ValueEntry[]; outputs: ValueEntry[] }[] }>;
      })
    : { tests: {} };
  const files = haveConformance ? walk(ONNX_DIR) : [];

  it('finds all 110 .pb files and a values.json entry for each', () => {
    expect(files.length).toBe(110);
    let entries = 0;
    for (const test of Object.values(values.tests))
      for (const ds of test.test_data_sets) entries += ds.inputs.length + ds.outputs.length;
    expect(entries).toBe(110);
  });

  for (const file of files) {
    const rel = relative(ONNX_DIR, file);
    it(`decodes ${rel}, matches values.json and round-trips byte for byte`, () => {
      const parts = rel.split('/');
      const testName = parts.slice(0, parts.length - 2).join('/');
      const fileKey = parts.slice(-2).join('/');
      const dsIndex = Number(/test_data_set_(\d+)/.exec(fileKey)![1]);
      const ds = values.tests[testName].test_data_sets[dsIndex];
      const entry = [...ds.inputs, ...ds.outputs].find((e) => e.file === fileKey)!;
      expect(entry, `${rel} in values.json`).toBeDefined();

      const bytes = new Uint8Array(readFileSync(file));
      const { name, tensor: t } = readTensorProto(bytes);
      expect(name).toBe(entry.name);
      expect(t.dtype).toBe(entry.dtype);
      expect(t.shape).toEqual(entry.shape);
      expect(asNumbers(t.toArray())).toEqual(entry.data);
      expect(fromTensorProto(bytes).toArray()).toEqual(t.toArray());
      expect(fromTensorProto(bytes.slice().buffer).toArray()).toEqual(t.toArray()); // ArrayBuffer input

      const again = toTensorProto(t, name === '' ? undefined : name);
      expect(hex(again)).toBe(hex(bytes));
    });
  }

  it('spot values: GatherND int32 batch_dims=1 and Gather negative indices', () => {
    const read = (p: string) => fromTensorProto(new Uint8Array(readFileSync(join(ONNX_DIR, p))));
    const data = read('test_gathernd_example_int32_batch_dim1/test_data_set_0/input_0.pb');
    expect(data.dtype).toBe('int32');
    expect(data.toArray()).toEqual([
      [
        [0, 1],
        [2, 3],
      ],
      [
        [4, 5],
        [6, 7],
      ],
    ]);
    const idx = read('test_gather_negative_indices/test_data_set_0/input_1.pb');
    expect(idx.dtype).toBe('int64');
    expect(idx.toArray()).toEqual([0n, -9n, -10n]);
    const upd = read('test_scatter_elements_with_axis/test_data_set_0/input_2.pb');
    expect(upd.toArray()).toEqual([[Math.fround(1.1), Math.fround(2.1)]]);
  });
});

// ---------------------------------------------------------------------------------------------
// Every dtype

function samples(): Record<DType, Tensor> {
  return {
    float64: tensor(
      [
        [0, -0, 1.5],
        [Number.NaN, Number.NEGATIVE_INFINITY, Math.PI],
      ],
      'float64',
    ),
    float32: tensor([1, -1.5, 3.4028234663852886e38, 1e-45], 'float32'),
    float16: tensor(new Uint16Array([0x3c00, 0xc000, 0x7bff, 0x0001, 0x8000, 0x7e00]), 'float16', [3, 2]),
    bfloat16: tensor(new Uint16Array([0x3f80, 0xc000, 0x7f7f, 0x0001]), 'bfloat16', [2, 2]),
    int64: tensor([-(2n ** 63n), 2n ** 63n - 1n, 0n, -1n], 'int64'),
    int32: tensor(
      [
        [-2147483648, 2147483647],
        [0, -1],
      ],
      'int32',
    ),
    int16: tensor([-32768, 32767, -1], 'int16'),
    int8: tensor([-128, 127, -1, 0], 'int8'),
    uint64: tensor([0n, 2n ** 64n - 1n, 2n ** 53n + 1n], 'uint64'),
    uint32: tensor([0, 4294967295, 65536], 'uint32'),
    uint16: tensor([0, 65535, 256], 'uint16'),
    uint8: tensor(
      [
        [0, 255],
        [128, 7],
      ],
      'uint8',
    ),
    bool: tensor([true, false, true], 'bool'),
    complex64: tensor(new Float32Array([1, -1.5, 3.4028234663852886e38, 1e-45]), 'complex64'),
    complex128: tensor(new Float64Array([0, -0, Math.PI, Number.NEGATIVE_INFINITY]), 'complex128', [1, 2]),
  };
}

describe('toTensorProto / fromTensorProto', () => {
  it('mapping tables are inverse and cover every dtype', () => {
    for (const d of DTYPES) {
      expect(onnxDataTypeToDType[dtypeToOnnxDataType[d]]).toBe(d);
      expect(ONNX_DATA_TYPE_NAMES[dtypeToOnnxDataType[d]]).toBeDefined();
    }
    expect(Object.keys(onnxDataTypeToDType).length).toBe(DTYPES.length);
    expect(dtypeToOnnxDataType).toMatchObject({
      float32: 1,
      uint8: 2,
      int8: 3,
      bool: 9,
      float16: 10,
      float64: 11,
      bfloat16: 16,
    });
  });

  const all = samples();
  for (const dtype of DTYPES) {
    it(`${dtype} round-trips through raw_data`, () => {
      const t = all[dtype];
      const pb = toTensorProto(t, `x_${dtype}`);
      const p = decodeTensorProto(pb);
      expect(p.data_type).toBe(dtypeToOnnxDataType[dtype]);
      expect(p.dims).toEqual(t.shape.map(String));
      expect(p.name).toBe(`x_${dtype}`);
      expect(p.raw_data).toBeInstanceOf(Uint8Array);
      expect(p.float_data).toBeUndefined();
      const back = readTensorProto(pb);
      expect(back.name).toBe(`x_${dtype}`);
      expect(back.tensor.dtype).toBe(dtype);
      expect(back.tensor.shape).toEqual(t.shape);
      expect(bytesOf(back.tensor)).toEqual(bytesOf(t));
      if (dtype !== 'float64' && dtype !== 'float16') expect(back.tensor.toArray()).toEqual(t.toArray()); // (NaN-free)
    });
  }

  it('writes the expected wire bytes', () => {
    // dims 2 (unpacked), data_type INT16=5, name "x", raw_data 01 00 fe ff
    expect(hex(toTensorProto(tensor([1, -2], 'int16'), 'x'))).toBe(
      '08021005420178' + '4a0401 00feff'.replace(/ /g, ''),
    );
    // bool: raw bytes 0/1; no name; dims 1 and 3
    expect(hex(toTensorProto(tensor([[true, false, true]], 'bool')))).toBe('0801080310094a03010001');
    // rank 0 float32 1.0: no dims at all
    expect(hex(toTensorProto(tensor(1, 'float32')))).toBe('10014a040000803f');
    // zero-size: raw_data present but empty
    expect(hex(toTensorProto(new Tensor('int64', [2, 0], new BigInt64Array(0))))).toBe(
      '080208001007' + '4a00',
    );
  });

  it('rank 0 and zero-size tensors', () => {
    const s = fromTensorProto(toTensorProto(tensor(-7n, 'int64')));
    expect(s.shape).toEqual([]);
    expect(s.item()).toBe(-7n);
    const z = fromTensorProto(toTensorProto(new Tensor('float16', [0, 4], new Uint16Array(0))));
    expect(z.shape).toEqual([0, 4]);
    expect(z.dtype).toBe('float16');
    // zero-size with no data field at all is fine too
    expect(fromTensorProto({ dims: [3, 0], data_type: 1 }).shape).toEqual([3, 0]);
  });
});

describe('typed data fields', () => {
  const cases: [DType, Record<string, unknown>, NestedArray][] = [
    ['float32', { float_data: [1.5, -0.25, 3e38] }, [1.5, -0.25, Math.fround(3e38)]],
    ['float64', { double_data: [Math.PI, -1e300, 5e-324] }, [Math.PI, -1e300, 5e-324]],
    ['int32', { int32_data: [-2147483648, 2147483647, 0] }, [-2147483648, 2147483647, 0]],
    ['int16', { int32_data: [-32768, 32767, 5] }, [-32768, 32767, 5]],
    ['int8', { int32_data: [-128, 127, -3] }, [-128, 127, -3]],
    ['uint16', { int32_data: [0, 65535, 4] }, [0, 65535, 4]],
    ['uint8', { int32_data: [0, 255, 200] }, [0, 255, 200]],
    ['bool', { int32_data: [1, 0, 2] }, [true, false, true]],
    ['float16', { int32_data: [0x3c00, 0xc000, 0x7c00] }, [1, -2, Number.POSITIVE_INFINITY]],
    ['bfloat16', { int32_data: [0x3f80, 0xc040, 0xff80] }, [1, -3, Number.NEGATIVE_INFINITY]],
    [
      'int64',
      { int64_data: ['-9223372036854775808', '9223372036854775807', '-1'] },
      [-(2n ** 63n), 2n ** 63n - 1n, -1n],
    ],
    ['uint32', { uint64_data: [0, 4294967295, 7] }, [0, 4294967295, 7]],
    [
      'uint64',
      { uint64_data: ['18446744073709551615', '9007199254740993', '0'] },
      [2n ** 64n - 1n, 2n ** 53n + 1n, 0n],
    ],
  ];
  for (const [dtype, fields, expected] of cases) {
    it(`${dtype} from ${Object.keys(fields)[0]} (bytes and object input)`, () => {
      const obj = { dims: [3], data_type: dtypeToOnnxDataType[dtype], ...fields };
      const pb = encodeTensorProto(obj);
      const a = fromTensorProto(pb);
      expect(a.dtype).toBe(dtype);
      expect(a.shape).toEqual([3]);
      expect(a.toArray()).toEqual(expected);
      expect(fromTensorProto(obj).toArray()).toEqual(expected);
      // and back through raw_data
      expect(fromTensorProto(toTensorProto(a)).toArray()).toEqual(expected);
    });
  }

  it('typed fields are packed on the wire, dims unpacked (as onnx.proto declares)', () => {
    // dims 2 -> 08 02; data_type 6 -> 10 06; int32_data packed -> 2a 02 01 02
    expect(hex(encodeTensorProto({ dims: [2], data_type: 6, int32_data: [1, 2] }))).toBe('080210062a020102');
    // also decodes unpacked repeated values (any protobuf writer may emit them)
    const unpacked = new Uint8Array([0x08, 0x02, 0x10, 0x06, 0x28, 0x01, 0x28, 0x7f]);
    expect(fromTensorProto(unpacked).toArray()).toEqual([1, 127]);
  });

  it('objects in camelCase / JSON-mapping form', () => {
    const raw = Buffer.from(new Float32Array([0.5, -8]).buffer).toString('base64');
    const t = fromTensorProto({ dims: ['1', '2'], dataType: 'FLOAT', rawData: raw, name: 'w' });
    expect(t.dtype).toBe('float32');
    expect(t.toArray()).toEqual([[0.5, -8]]);
    const u = fromTensorProto({ dims: [2n], dataType: 7, int64Data: new BigInt64Array([5n, -6n]) });
    expect(u.toArray()).toEqual([5n, -6n]);
    const v = fromTensorProto({ dims: new Int32Array([2]), data_type: 12, uint64Data: [1, 2] });
    expect(v.dtype).toBe('uint32');
    expect(v.toArray()).toEqual([1, 2]);
    const named = readTensorProto({
      dims: [1],
      data_type: 2,
      raw_data: new Uint8Array([9]),
      name: 'n',
      doc_string: 'd',
    });
    expect(named).toMatchObject({ name: 'n', docString: 'd' });
    expect(named.tensor.toArray()).toEqual([9]);
  });
});

describe('fromTensorProto errors', () => {
  it('onnx.TensorProto.external_data', () => {
    const withEntries = encodeTensorProto({
      dims: [4],
      data_type: 1,
      name: 'weight',
      external_data: [
        { key: 'location', value: 'weights.bin' },
        { key: 'offset', value: '0' },
      ],
      data_location: 1,
    });
    const e = expectCode(
      () => fromTensorProto(withEntries),
      InvalidArgumentError,
      'onnx.TensorProto.external_data',
    );
    expect(e.message).toContain('weights.bin');
    expect(e.message).toContain('weight');
    expectCode(
      () => fromTensorProto({ dims: [4], data_type: 1, data_location: 'EXTERNAL' }),
      InvalidArgumentError,
      'onnx.TensorProto.external_data',
    );
    expectCode(
      () => fromTensorProto({ dims: [4], data_type: 1, external_data: [{ key: 'location', value: 'x' }] }),
      InvalidArgumentError,
      'onnx.TensorProto.external_data',
    );
  });

  it('onnx.TensorProto.data_type for unsupported and unknown types', () => {
    for (const dt of [0, 8, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 99]) {
      const e = expectCode(
        () => fromTensorProto(encodeTensorProto({ dims: [1], data_type: dt })),
        DTypeError,
        'onnx.TensorProto.data_type',
      );
      expect(e.message).toContain(`${ONNX_DATA_TYPE_NAMES[dt] ?? 'unknown'} (${dt})`);
    }
    expectCode(
      () => fromTensorProto({ dims: [1], string_data: [new Uint8Array([97])], data_type: 8 }),
      DTypeError,
      'onnx.TensorProto.data_type',
    );
    expectCode(() => fromTensorProto({ dims: [1] }), DTypeError, 'onnx.TensorProto.data_type');
    expectCode(
      () => fromTensorProto({ dims: [1], dataType: 'NOT_A_TYPE' }),
      DTypeError,
      'onnx.TensorProto.data_type',
    );
  });

  it('a raw_data string that passes the base64 alphabet but atob cannot decode is a typed error, not a DOMException', () => {
    // 'a': one character of the alphabet, no valid base64 length (atob throws InvalidCharacterError).
    expect(() => fromTensorProto({ dims: [1], data_type: 2, raw_data: 'a' })).toThrow(
      /raw_data is a string but not base64/,
    );
    expect(() => fromTensorProto({ dims: [1], data_type: 2, raw_data: 'a' })).toThrow(InvalidArgumentError);
  });

  it('onnx.TensorProto.data_length', () => {
    expectCode(
      () => fromTensorProto({ dims: [2], data_type: 1, raw_data: new Uint8Array(7) }),
      InvalidArgumentError,
      'onnx.TensorProto.data_length',
    );
    expectCode(
      () => fromTensorProto({ dims: [2], data_type: 1, float_data: [1, 2, 3] }),
      InvalidArgumentError,
      'onnx.TensorProto.data_length',
    );
    expectCode(
      () => fromTensorProto({ dims: [2], data_type: 6 }),
      InvalidArgumentError,
      'onnx.TensorProto.data_length',
    );
  });

  it('onnx.TensorProto.multiple_data and onnx.TensorProto.data_field', () => {
    expectCode(
      () => fromTensorProto({ dims: [1], data_type: 1, raw_data: new Uint8Array(4), float_data: [1] }),
      InvalidArgumentError,
      'onnx.TensorProto.multiple_data',
    );
    const e = expectCode(
      () => fromTensorProto({ dims: [1], data_type: 6, float_data: [1] }),
      InvalidArgumentError,
      'onnx.TensorProto.data_field',
    );
    expect(e.message).toContain('int32_data');
    expectCode(
      () => fromTensorProto({ dims: [1], data_type: 13, int64_data: [1] }),
      InvalidArgumentError,
      'onnx.TensorProto.data_field',
    );
  });

  it('onnx.TensorProto.value_range', () => {
    expectCode(
      () => fromTensorProto({ dims: [1], data_type: 3, int32_data: [128] }),
      InvalidArgumentError,
      'onnx.TensorProto.value_range',
    );
    expectCode(
      () => fromTensorProto({ dims: [1], data_type: 2, int32_data: [-1] }),
      InvalidArgumentError,
      'onnx.TensorProto.value_range',
    );
    expectCode(
      () => fromTensorProto({ dims: [1], data_type: 10, int32_data: [65536] }),
      InvalidArgumentError,
      'onnx.TensorProto.value_range',
    );
    expectCode(
      () => fromTensorProto({ dims: [1], data_type: 12, uint64_data: ['4294967296'] }),
      InvalidArgumentError,
      'onnx.TensorProto.value_range',
    );
  });

  it('onnx.TensorProto.segment', () => {
    expectCode(
      () => fromTensorProto({ dims: [2], data_type: 1, segment: { begin: 0, end: 2 }, float_data: [1, 2] }),
      InvalidArgumentError,
      'onnx.TensorProto.segment',
    );
  });

  it('onnx.TensorProto.decode, onnx.TensorProto.object and bad dims', () => {
    expectCode(
      () => fromTensorProto(new Uint8Array([0x0a, 0x05, 0x01])),
      InvalidArgumentError,
      'onnx.TensorProto.decode',
    );
    expectCode(
      () => fromTensorProto(new Uint8Array([0x0f])),
      InvalidArgumentError,
      'onnx.TensorProto.decode',
    );
    expectCode(
      () => fromTensorProto({ dims: 5, data_type: 1 }),
      InvalidArgumentError,
      'onnx.TensorProto.object',
    );
    expectCode(
      () => fromTensorProto(42 as unknown as object),
      InvalidArgumentError,
      'onnx.TensorProto.input',
    );
    expectCode(() => fromTensorProto({ dims: [-1], data_type: 1 }), InvalidArgumentError, 'tensor.shape');
    expectCode(() => toTensorProto({} as Tensor), InvalidArgumentError, 'onnx.TensorProto.input');
  });
});

describe('complex64 / complex128 TensorProtos (issue 23)', () => {
  it('COMPLEX64 reads from float_data pairs and COMPLEX128 from double_data pairs', () => {
    const c = fromTensorProto({ dims: [2], data_type: 14, float_data: [1, -2, 0.5, 3] });
    expect(c.dtype).toBe('complex64');
    expect(c.toArray()).toEqual([
      { re: 1, im: -2 },
      { re: 0.5, im: 3 },
    ]);
    const z = fromTensorProto(encodeTensorProto({ dims: [1], data_type: 15, double_data: [Math.PI, -0] }));
    expect(z.dtype).toBe('complex128');
    expect(Object.is((z.item() as Complex).im, -0)).toBe(true);
    expect((z.item() as Complex).re).toBe(Math.PI);
  });

  it('onnx.TensorProto.data_length: a COMPLEX64 needs two floats per element', () => {
    expectCode(
      () => fromTensorProto({ dims: [2], data_type: 14, float_data: [1, 2] }),
      InvalidArgumentError,
      'onnx.TensorProto.data_length',
    );
    expectCode(
      () => fromTensorProto({ dims: [2], data_type: 15, raw_data: new Uint8Array(16) }),
      InvalidArgumentError,
      'onnx.TensorProto.data_length',
    );
  });
});
