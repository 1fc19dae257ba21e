import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AllocationLimitError,
  DTypeError,
  type GatherScatterError,
  InvalidArgumentError,
} from '../src/errors.js';
import { readNpy, readNpyHeader, storageToBytes, writeNpy } from '../src/interop/index.js';
import { DTYPES, type DType } from '../src/tensor/dtype.js';
import { Tensor, tensor } from '../src/tensor/tensor.js';

const enc = new TextEncoder();
const dec = new TextDecoder();

/** Builds a .npy file by hand: magic, version, little-endian header length, header, data. */
function craft(header: string, data: number[] | Uint8Array, version = 1, pad = true): Uint8Array {
  const lenSize = version === 1 ? 2 : 4;
  let h = header;
  if (pad) {
    const base = 8 + lenSize + enc.encode(h).length + 1;
    h += ' '.repeat((64 - (base % 64)) % 64) + '\n';
  }
  const hb = enc.encode(h);
  const out = new Uint8Array(8 + lenSize + hb.length + data.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, version, 0]);
  const dv = new DataView(out.buffer);
  if (version === 1) dv.setUint16(8, hb.length, true);
  else dv.setUint32(8, hb.length, true);
  out.set(hb, 8 + lenSize);
  out.set(data, 8 + lenSize + hb.length);
  return out;
}

/** Raw storage bytes, so NaN payloads and -0 compare exactly. */
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

/** One tensor per dtype with edge values (extremes, negatives, NaN, -0, subnormals). */
function samples(): Record<DType, Tensor> {
  return {
    float64: tensor(
      [
        [0, -0, 1.5, -2.25e-300],
        [Number.NaN, Number.POSITIVE_INFINITY, Number.MIN_VALUE, Math.PI],
      ],
      'float64',
    ),
    float32: tensor(
      [
        [1, -1.5, 3.4028234663852886e38],
        [Number.NEGATIVE_INFINITY, 1e-45, 0.1],
      ],
      'float32',
    ),
    float16: tensor(new Uint16Array([0x3c00, 0xc000, 0x7bff, 0x0001, 0x8000, 0x7e00]), 'float16', [3, 2]),
    bfloat16: tensor(new Uint16Array([0x3f80, 0xc000, 0x7f7f, 0x0001, 0x8000, 0x7fc0]), 'bfloat16', [2, 3]),
    int64: tensor([-(2n ** 63n), 2n ** 63n - 1n, 0n, -1n, 123456789012345678n], 'int64'),
    int32: tensor(
      [
        [-2147483648, 2147483647],
        [0, -1],
      ],
      'int32',
    ),
    int16: tensor([-32768, 32767, -1, 2], 'int16'),
    int8: tensor([-128, 127, -1, 0, 5], 'int8'),
    uint64: tensor([0n, 2n ** 64n - 1n, 2n ** 53n + 1n], 'uint64'),
    uint32: tensor([0, 4294967295, 65536], 'uint32'),
    uint16: tensor([0, 65535, 256], 'uint16'),
    uint8: tensor(
      [
        [0, 255, 1],
        [128, 7, 9],
      ],
      'uint8',
    ),
    bool: tensor(
      [
        [true, false],
        [false, true],
        [true, true],
      ],
      'bool',
    ),
    complex64: tensor(
      new Float32Array([1, -2, Number.NaN, -0, Number.POSITIVE_INFINITY, 1e-45, 0.1, 3.4028234663852886e38]),
      'complex64',
      [2, 2],
    ),
    complex128: tensor(new Float64Array([0, -0, 1.5, -2.25e-300, Number.NaN, Math.PI]), 'complex128'),
  };
}

describe('writeNpy / readNpy round trip', () => {
  const all = samples();
  for (const dtype of DTYPES) {
    it(`${dtype}: versions 1/2/3, both byte orders`, () => {
      const t = all[dtype];
      const opts = dtype === 'bfloat16' ? ({ bfloat16: 'uint16' } as const) : {};
      const read = dtype === 'bfloat16' ? { uint16AsBfloat16: true } : {};
      for (const version of [1, 2, 3] as const) {
        for (const byteOrder of ['<', '>'] as const) {
          const file = writeNpy(t, { ...opts, version, byteOrder });
          expect(file[6]).toBe(version);
          const back = readNpy(file, read);
          expect(back.dtype).toBe(dtype);
          expect(back.shape).toEqual(t.shape);
          expect(bytesOf(back)).toEqual(bytesOf(t));
          // Data starts at a multiple of 64 and the header ends with a newline, as numpy writes.
          const h = readNpyHeader(file);
          expect(h.dataOffset % 64).toBe(0);
          expect(file[h.dataOffset - 1]).toBe(0x0a);
        }
      }
    });
  }

  it('keeps real values, not just bytes', () => {
    const all2 = samples();
    expect(readNpy(writeNpy(all2.int64)).toFlatArray()).toEqual([
      -(2n ** 63n),
      2n ** 63n - 1n,
      0n,
      -1n,
      123456789012345678n,
    ]);
    expect(readNpy(writeNpy(all2.uint64)).toFlatArray()).toEqual([0n, 2n ** 64n - 1n, 2n ** 53n + 1n]);
    expect(readNpy(writeNpy(all2.float16)).toFlatArray()).toEqual([1, -2, 65504, 2 ** -24, -0, Number.NaN]);
    expect(readNpy(writeNpy(all2.bool)).toArray()).toEqual([
      [true, false],
      [false, true],
      [true, true],
    ]);
    expect(readNpy(writeNpy(all2.int8, { byteOrder: '>' })).toArray()).toEqual([-128, 127, -1, 0, 5]);
    expect(readNpy(writeNpy(all2.float32, { byteOrder: '>' })).toArray()).toEqual([
      [1, -1.5, 3.4028234663852886e38],
      [Number.NEGATIVE_INFINITY, Math.fround(1e-45), Math.fround(0.1)],
    ]);
  });

  it('rank 0 and zero-size shapes', () => {
    const scalar = tensor(2.5, 'float64');
    const f = writeNpy(scalar);
    expect(dec.decode(f.subarray(10, 70))).toContain("'shape': (), }");
    const back = readNpy(f);
    expect(back.shape).toEqual([]);
    expect(back.item()).toBe(2.5);
    for (const shape of [[0], [2, 0, 3], [0, 0]]) {
      const z = new Tensor('int32', shape, new Int32Array(0));
      const r = readNpy(writeNpy(z, { byteOrder: '>' }));
      expect(r.shape).toEqual(shape);
      expect(r.size).toBe(0);
      expect(r.dtype).toBe('int32');
    }
  });

  it('writes the exact header numpy ≥ 1.23 writes', () => {
    const f = writeNpy(
      tensor(
        [
          [1, 2, 3],
          [4, 5, 6],
        ],
        'float32',
      ),
    );
    const header = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
    const growth = ' '.repeat(20); // 21 - len('2')
    const text = dec.decode(f.subarray(10, 128));
    expect(f.length).toBe(128 + 24);
    expect(Array.from(f.subarray(0, 10))).toEqual([0x93, 78, 85, 77, 80, 89, 1, 0, 118, 0]);
    expect(text).toBe(header + growth + ' '.repeat(118 - header.length - 20 - 1) + '\n');
    expect(Array.from(f.subarray(128, 132))).toEqual([0, 0, 0x80, 0x3f]); // 1.0f little-endian
    // bool and 1-byte types use '|'
    expect(dec.decode(writeNpy(tensor([true], 'bool')).subarray(10, 40))).toContain("'descr': '|b1'");
    expect(dec.decode(writeNpy(tensor([1], 'int8'), { byteOrder: '>' }).subarray(10, 40))).toContain(
      "'descr': '|i1'",
    );
    expect(dec.decode(writeNpy(tensor([1], 'float16')).subarray(10, 40))).toContain("'descr': '<f2'");
    expect(dec.decode(writeNpy(tensor([1], 'uint64'), { byteOrder: '>' }).subarray(10, 40))).toContain(
      "'descr': '>u8'",
    );
    // The 20 spare growth-axis spaces push this header past 128 bytes: the data starts at 192.
    const rank15 = writeNpy(new Tensor('int8', new Array(15).fill(1), new Int8Array([7])));
    expect(readNpyHeader(rank15).dataOffset).toBe(192);
    expect(rank15.length).toBe(193);
  });
});

describe('readNpy on hand-crafted files', () => {
  it('big-endian int32, float64, float16 and uint16', () => {
    const i4 = craft(
      "{'descr': '>i4', 'fortran_order': False, 'shape': (3,), }",
      [0, 0, 0, 1, 0xff, 0xff, 0xff, 0xfe, 0x7f, 0xff, 0xff, 0xff],
    );
    const a = readNpy(i4);
    expect(a.dtype).toBe('int32');
    expect(a.toArray()).toEqual([1, -2, 2147483647]);

    const f8 = craft(
      "{'descr': '>f8', 'fortran_order': False, 'shape': (1, 2), }",
      [0x40, 0x09, 0x21, 0xfb, 0x54, 0x44, 0x2d, 0x18, 0xbf, 0xf0, 0, 0, 0, 0, 0, 0],
    );
    expect(readNpy(f8).toArray()).toEqual([[Math.PI, -1]]);

    const f2 = craft("{'descr': '>f2', 'fortran_order': False, 'shape': (2,), }", [0x3c, 0x00, 0xc0, 0x00]);
    const h = readNpy(f2);
    expect(h.dtype).toBe('float16');
    expect(Array.from(h.data as Uint16Array)).toEqual([0x3c00, 0xc000]);
    expect(h.toArray()).toEqual([1, -2]);

    const u2 = craft("{'descr': '>u2', 'fortran_order': False, 'shape': (2,), }", [0x3f, 0x80, 0xc0, 0x40]);
    expect(readNpy(u2).toArray()).toEqual([0x3f80, 0xc040]);
    const bf = readNpy(u2, { uint16AsBfloat16: true });
    expect(bf.dtype).toBe('bfloat16');
    expect(bf.toArray()).toEqual([1, -3]);
  });

  it('version 2.0 and 3.0 headers (uint32 length; 3.0 is UTF-8)', () => {
    const v2 = craft(
      "{'descr': '<i8', 'fortran_order': False, 'shape': (2,), }",
      [5, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
      2,
    );
    const t = readNpy(v2);
    expect(readNpyHeader(v2).version).toEqual([2, 0]);
    expect(t.toArray()).toEqual([5n, -1n]);
    const v3 = craft("{'descr': '<u1', 'fortran_order': False, 'shape': (2, 1), }", [9, 250], 3);
    expect(readNpy(v3).toArray()).toEqual([[9], [250]]);
  });

  it('tolerates header variants numpy accepts', () => {
    // double quotes, other key order, no trailing comma, Python 2 long suffix, old 16-byte alignment
    const f = craft(
      '{"shape": (2L, 1L), "fortran_order": False, "descr": "<i2"}\n',
      [1, 0, 0xfe, 0xff],
      1,
      false,
    );
    expect(readNpy(f).toArray()).toEqual([[1], [-2]]);
    // '|' and '=' for single-byte types; bool bytes other than 0/1 read as true
    expect(
      readNpy(craft("{'descr': '|u1', 'fortran_order': False, 'shape': (1,), }", [200])).toArray(),
    ).toEqual([200]);
    expect(
      readNpy(craft("{'descr': '=i1', 'fortran_order': False, 'shape': (1,), }", [0xff])).toArray(),
    ).toEqual([-1]);
    const b = readNpy(craft("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }", [0, 1, 7]));
    expect(b.toArray()).toEqual([false, true, true]);
    expect(Array.from(b.data as Uint8Array)).toEqual([0, 1, 1]);
    // Fortran order is harmless for rank 0 and 1 (same bytes)
    expect(
      readNpy(craft("{'descr': '<u2', 'fortran_order': True, 'shape': (2,), }", [1, 0, 2, 0])).toArray(),
    ).toEqual([1, 2]);
    // (5) is an int in Python, not a tuple
    expectCode(
      () => readNpy(craft("{'descr': '<u1', 'fortran_order': False, 'shape': (5), }", [1, 2, 3, 4, 5])),
      InvalidArgumentError,
      'npy.header',
    );
  });

  it('accepts an unaligned Uint8Array view (subarray of a larger buffer)', () => {
    const file = writeNpy(tensor([1.25, -7], 'float64'));
    const big = new Uint8Array(file.length + 3);
    big.set(file, 3);
    expect(readNpy(big.subarray(3)).toArray()).toEqual([1.25, -7]);
    // A small Node Buffer lives in a shared pool: readNpy must copy only its own bytes.
    const pooled = Buffer.from(file);
    expect(pooled.byteOffset === 0 && pooled.buffer.byteLength === pooled.length).toBe(false);
    expect(readNpy(pooled).toArray()).toEqual([1.25, -7]);
  });
});

describe('readNpy / writeNpy errors', () => {
  const good = writeNpy(tensor([1, 2, 3], 'int32'));

  it('npy.magic', () => {
    expectCode(
      () => readNpy(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 0, 0, 0])),
      InvalidArgumentError,
      'npy.magic',
    );
    expectCode(() => readNpy(enc.encode('hello world, not numpy')), InvalidArgumentError, 'npy.magic');
  });

  it('npy.truncated at every stage', () => {
    expectCode(() => readNpy(new Uint8Array(0)), InvalidArgumentError, 'npy.truncated');
    expectCode(() => readNpy(good.subarray(0, 4)), InvalidArgumentError, 'npy.truncated');
    expectCode(() => readNpy(good.subarray(0, 9)), InvalidArgumentError, 'npy.truncated');
    expectCode(() => readNpy(good.subarray(0, 40)), InvalidArgumentError, 'npy.truncated');
    const e = expectCode(
      () => readNpy(good.subarray(0, good.length - 1)),
      InvalidArgumentError,
      'npy.truncated',
    );
    expect(e.details).toEqual({ need: good.length, have: good.length - 1 });
  });

  it('npy.trailing_data', () => {
    const longer = new Uint8Array(good.length + 2);
    longer.set(good);
    expectCode(() => readNpy(longer), InvalidArgumentError, 'npy.trailing_data');
  });

  it('npy.version', () => {
    for (const [maj, min] of [
      [4, 0],
      [1, 1],
      [0, 0],
    ]) {
      const f = good.slice();
      f[6] = maj;
      f[7] = min;
      expectCode(() => readNpy(f), InvalidArgumentError, 'npy.version');
    }
  });

  it('npy.header', () => {
    const bad = [
      "['descr', '<i4']",
      "{'descr': '<i4', 'shape': (1,), }",
      "{'descr': '<i4', 'fortran_order': False, 'shape': (1,), 'extra': 1, }",
      "{'descr': '<i4', 'fortran_order': False, 'shape': [1], }",
      "{'descr': '<i4', 'fortran_order': False, 'shape': (-1,), }",
      "{'descr': '<i4', 'fortran_order': 0, 'shape': (1,), }",
      "{'descr': '<i4', 'fortran_order': False, 'shape': (1,), } trailing",
      "{'descr': '<i4' 'fortran_order': False, 'shape': (1,), }",
      "{'descr': '<i4', 'fortran_order': False, 'shape': (1,)",
      "{'descr': __import__('os'), 'fortran_order': False, 'shape': (1,), }",
    ];
    for (const h of bad)
      expectCode(() => readNpy(craft(h, [1, 0, 0, 0])), InvalidArgumentError, 'npy.header');
  });

  it('npy.fortran_order', () => {
    const f = craft("{'descr': '<i4', 'fortran_order': True, 'shape': (2, 2), }", new Uint8Array(16));
    const e = expectCode(() => readNpy(f), InvalidArgumentError, 'npy.fortran_order');
    expect(e.message).toContain('[2, 2]');
  });

  it('npy.object for pickled object arrays', () => {
    const f = craft("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", [0x80, 0x02, 0x2e]);
    expectCode(() => readNpy(f), DTypeError, 'npy.object');
  });

  it('npy.descr for every other dtype', () => {
    for (const d of [
      "'<c32'",
      "'<U3'",
      "'|S4'",
      "'<M8[ns]'",
      "'<m8[s]'",
      "'|V2'",
      "'<f16'",
      "'<i3'",
      "'xyz'",
      "[('a', '<f4')]",
    ]) {
      const f = craft(`{'descr': ${d}, 'fortran_order': False, 'shape': (1,), }`, [0, 0, 0, 0]);
      expectCode(() => readNpy(f), DTypeError, 'npy.descr');
    }
  });

  it('shape above the allocation limit is refused before allocating', () => {
    const f = craft("{'descr': '<f8', 'fortran_order': False, 'shape': (1000000, 1000000), }", []);
    expectCode(() => readNpy(f), AllocationLimitError, 'tensor.allocation_limit');
  });

  it('npy.bfloat16 and its opt-in representations', () => {
    const t = tensor([1.5, -3, 2 ** -130], 'bfloat16');
    expectCode(() => writeNpy(t), DTypeError, 'npy.bfloat16');
    expectCode(() => writeNpy(t, { bfloat16: 'error' }), DTypeError, 'npy.bfloat16');
    const wide = readNpy(writeNpy(t, { bfloat16: 'float32' }));
    expect(wide.dtype).toBe('float32');
    expect(wide.toArray()).toEqual(t.toArray()); // widening is exact
    expect(wide.toArray()).toEqual([1.5, -3, 2 ** -130]);
    const bits = readNpy(writeNpy(t, { bfloat16: 'uint16' }));
    expect(bits.dtype).toBe('uint16');
    expect(bits.toArray()).toEqual(Array.from(t.data as Uint16Array));
  });

  it('npy.options and npy.input', () => {
    const t = tensor([1], 'int32');
    expectCode(() => writeNpy(t, { version: 4 as 1 }), InvalidArgumentError, 'npy.options');
    expectCode(() => writeNpy(t, { byteOrder: '=' as '<' }), InvalidArgumentError, 'npy.options');
    expectCode(() => writeNpy(t, { bfloat16: 'f32' as 'float32' }), InvalidArgumentError, 'npy.options');
    expectCode(() => readNpy([1, 2, 3] as unknown as Uint8Array), InvalidArgumentError, 'npy.input');
    expectCode(() => writeNpy({ dtype: 'int32' } as unknown as Tensor), InvalidArgumentError, 'npy.input');
  });
});

// ---------------------------------------------------------------------------------------------
// Differential tests against numpy (Debian python3-numpy), when it is installed.

const PYTHON = '/usr/bin/python3';
const hasNumpy = spawnSync(PYTHON, ['-c', 'import numpy'], { stdio: 'ignore' }).status === 0;
if (!hasNumpy)
  console.warn(
    'interop-npy: numpy is not importable by /usr/bin/python3; the differential tests are SKIPPED',
  );

function python(script: string, ...args: string[]): string {
  const r = spawnSync(PYTHON, ['-c', script, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`python failed: ${r.stderr}`);
  return r.stdout;
}

/** Element values as exact strings: floats as their bit patterns, everything else as integers. */
function exactValues(t: Tensor): string[] {
  if (t.dtype === 'float64' || t.dtype === 'complex128')
    return Array.from(new BigUint64Array(t.data.slice().buffer), String);
  if (t.dtype === 'float32' || t.dtype === 'complex64')
    return Array.from(new Uint32Array(t.data.slice().buffer), String);
  return Array.from(t.data as ArrayLike<number | bigint>, String);
}

const PY_EXACT = `
def exact(a):
    import numpy as np
    a = np.ascontiguousarray(a.astype(a.dtype.newbyteorder('=')))
    k = a.dtype.kind
    if k == 'f':
        a = a.view('u%d' % a.dtype.itemsize)
    if k == 'c':
        a = a.view('u%d' % (a.dtype.itemsize // 2))
    return [str(int(v)) for v in a.reshape(-1).tolist()]
`;

describe.skipIf(!hasNumpy)('differential vs numpy', () => {
  it('readNpy reads what np.save writes, and writeNpy writes the same bytes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'npy-diff-'));
    try {
      const out = python(
        `${PY_EXACT}
import json, sys, os
import numpy as np
d = sys.argv[1]
cases = {
  'f8': np.array([[0.0, -0.0, 1.5, np.nan], [np.inf, -np.inf, 5e-324, np.pi]]),
  'f4be': np.array([1.0, -2.5, 3.4e38, 1e-45], dtype='>f4'),
  'f4': np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 7,
  'f2': np.array([1.0, -2.0, 65504.0, 6e-8, np.nan, -np.inf], dtype=np.float16).reshape(3, 2),
  'f2be': np.array([0.5, 1024.0], dtype='>f2'),
  'i8': np.array([-2**63, 2**63 - 1, 0, -1], dtype=np.int64),
  'i8be': np.array([[-5, 7]], dtype='>i8'),
  'i4': np.array([-2**31, 2**31 - 1, 3], dtype=np.int32),
  'i2be': np.array([-32768, 32767, 1], dtype='>i2'),
  'i1': np.array([-128, 127, 0], dtype=np.int8),
  'u8': np.array([0, 2**64 - 1, 2**53 + 1], dtype=np.uint64),
  'u4be': np.array([4294967295, 1], dtype='>u4'),
  'u2': np.array([[65535], [0]], dtype=np.uint16),
  'u1': np.array([0, 255, 17], dtype=np.uint8),
  'b1': np.array([[True, False, True]]),
  'rank0': np.array(3.25),
  'empty': np.zeros((2, 0, 3), dtype=np.int16),
  'big_first_dim': np.zeros((123456789, 0), dtype=np.uint8),
  'rank15': np.full((1,) * 15, 7, dtype=np.int8),
}
meta = {}
for name, a in cases.items():
    np.save(os.path.join(d, name + '.npy'), a)
    meta[name] = {'str': a.dtype.str, 'shape': list(a.shape), 'values': exact(a)}
print(json.dumps(meta))
`,
        dir,
      );
      const meta = JSON.parse(out) as Record<string, { str: string; shape: number[]; values: string[] }>;
      const dtypeOf: Record<string, DType> = {
        f8: 'float64',
        f4: 'float32',
        f2: 'float16',
        i8: 'int64',
        i4: 'int32',
        i2: 'int16',
        i1: 'int8',
        u8: 'uint64',
        u4: 'uint32',
        u2: 'uint16',
        u1: 'uint8',
        b1: 'bool',
      };
      expect(Object.keys(meta).length).toBe(19);
      for (const [name, m] of Object.entries(meta)) {
        const file = new Uint8Array(readFileSync(join(dir, `${name}.npy`)));
        const t = readNpy(file);
        expect(t.dtype, name).toBe(dtypeOf[m.str.slice(1)]);
        expect(t.shape, name).toEqual(m.shape);
        expect(exactValues(t), name).toEqual(
          m.values.map((v) => (t.dtype === 'bool' ? String(Number(v)) : v)),
        );
        // Writing it back (same byte order) reproduces numpy's file byte for byte.
        const mine = writeNpy(t, { byteOrder: m.str[0] === '>' ? '>' : '<' });
        expect(Array.from(mine), name).toEqual(Array.from(file));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('np.load reads what writeNpy writes (every dtype, both byte orders, versions 1-3)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'npy-diff-'));
    try {
      const all = samples();
      const expected: Record<string, { str: string; shape: number[]; values: string[] }> = {};
      for (const dtype of DTYPES) {
        const t = all[dtype];
        for (const byteOrder of ['<', '>'] as const) {
          for (const version of [1, 2, 3] as const) {
            const name = `${dtype}_${byteOrder === '<' ? 'le' : 'be'}_v${version}`;
            writeFileSync(join(dir, `${name}.npy`), writeNpy(t, { byteOrder, version, bfloat16: 'uint16' }));
            const stored = dtype === 'bfloat16' ? 'uint16' : dtype;
            const single = ['int8', 'uint8', 'bool', 'bfloat16_never'].includes(stored);
            const code = {
              float64: 'f8',
              float32: 'f4',
              float16: 'f2',
              int64: 'i8',
              int32: 'i4',
              int16: 'i2',
              int8: 'i1',
              uint64: 'u8',
              uint32: 'u4',
              uint16: 'u2',
              uint8: 'u1',
              bool: 'b1',
              complex64: 'c8',
              complex128: 'c16',
            }[stored as Exclude<DType, 'bfloat16'>];
            const values =
              dtype === 'float16' || dtype === 'bfloat16'
                ? Array.from(t.data as Uint16Array, String)
                : exactValues(t);
            expected[name] = { str: (single ? '|' : byteOrder) + code, shape: [...t.shape], values };
          }
        }
      }
      writeFileSync(join(dir, 'scalar.npy'), writeNpy(tensor(-0.5, 'float32')));
      expected.scalar = { str: '<f4', shape: [], values: [String(0xbf000000)] };
      writeFileSync(
        join(dir, 'zero.npy'),
        writeNpy(new Tensor('uint64', [3, 0], new BigUint64Array(0)), { byteOrder: '>' }),
      );
      expected.zero = { str: '>u8', shape: [3, 0], values: [] };
      const out = python(
        `${PY_EXACT}
import json, sys, os
import numpy as np
d = sys.argv[1]
res = {}
for f in sorted(os.listdir(d)):
    a = np.load(os.path.join(d, f), allow_pickle=False)
    vals = exact(a)
    if a.dtype.kind == 'b':
        vals = [str(int(v == 'True' or v == '1')) for v in vals]
    res[f[:-4]] = {'str': a.dtype.str, 'shape': list(a.shape), 'values': vals}
print(json.dumps(res))
`,
        dir,
      );
      const got = JSON.parse(out);
      expect(Object.keys(got).length).toBe(DTYPES.length * 6 + 2);
      for (const [name, e] of Object.entries(expected)) expect(got[name], name).toEqual(e);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
