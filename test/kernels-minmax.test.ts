/**
 * Float min/max ties and NaNs per framework (fidelity issue classes 7 and 11), and 16-bit float
 * NaN operands kept through arithmetic. Expected values were produced by the real peers
 * (/usr/bin/python3: PyTorch 1.13, NumPy 1.24) and are spelled out here.
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { Tensor, tensor } from '../src/index.js';

const signs = (t: Tensor) => (t.toArray() as number[]).map((v) => (Object.is(v, -0) ? '-0' : String(v)));
const f32Bits = (t: Tensor) => Array.from(new Uint32Array(t.data.buffer, t.data.byteOffset, t.size));
const u16 = (t: Tensor) => Array.from(t.data as Uint16Array);

describe('±0 ties', () => {
  // torch.tensor([-0., 0., 1.]).scatter_reduce(0, tensor([0, 1]), tensor([0., -0.]), 'amax'/'amin')
  //   → [-0.0, 0.0, 1.0] both: a tie keeps self.
  it('torch.scatter_reduce amax/amin keep self on a tie', () => {
    for (const r of ['amax', 'amin'] as const) {
      const out = lib.torch.scatter_reduce(
        tensor([-0, 0, 1], 'float32'),
        0,
        tensor([0n, 1n], 'int64'),
        tensor([0, -0], 'float32'),
        r,
      );
      expect(signs(out)).toEqual(['-0', '0', '1']);
    }
  });
  // a = np.array([-0., 0., 1.]); np.maximum.at(a, [0, 1], [0., -0.]) → [0., -0., 1.] (same for minimum)
  it('numpy maximum.at / minimum.at take the update on a tie', () => {
    const idx = tensor([0, 1], 'int64');
    const upd = tensor([0, -0], 'float64');
    expect(signs(lib.numpy.maximum.at(tensor([-0, 0, 1], 'float64'), idx, upd))).toEqual(['0', '-0', '1']);
    expect(signs(lib.numpy.minimum.at(tensor([-0, 0, 1], 'float64'), idx, upd))).toEqual(['0', '-0', '1']);
  });
});

describe('NaN operands come back bit for bit', () => {
  const nan = (bits: number) => new Tensor('float32', [1], new Float32Array(new Uint32Array([bits]).buffer));
  it('torch amax: a NaN update wins with its payload; a NaN self is kept', () => {
    const upd = new Tensor(
      'float32',
      [2],
      new Float32Array(new Uint32Array([0x7fc00123, 0x3f800000]).buffer),
    );
    const out = lib.torch.scatter_reduce(
      tensor([5, 5], 'float32'),
      0,
      tensor([0n, 1n], 'int64'),
      upd,
      'amax',
    );
    expect(f32Bits(out)).toEqual([0x7fc00123, 0x40a00000]);
    const self = lib.torch.scatter_reduce(
      nan(0xffc00077),
      0,
      tensor([0n], 'int64'),
      tensor([9], 'float32'),
      'amax',
    );
    expect(f32Bits(self)).toEqual([0xffc00077]);
  });
  it('numpy maximum.at: a NaN element is kept with its payload; a NaN update replaces a number', () => {
    const kept = lib.numpy.maximum.at(nan(0xffc00077), tensor([0], 'int64'), tensor([9], 'float32'));
    expect(f32Bits(kept)).toEqual([0xffc00077]);
    const taken = lib.numpy.maximum.at(tensor([1], 'float32'), tensor([0], 'int64'), nan(0x7fc00055));
    expect(f32Bits(taken)).toEqual([0x7fc00055]);
  });
  // a = np.array([1, 2], float16); np.add.at(a, [0, 1], [float16 bits 0xFE01, 1]) → bits [0xFE01, 0x4200];
  // np.subtract.at(inf, [0], inf) → 0xFE00 (x86's default NaN, negative).
  it('float16 add keeps a negative NaN operand (sign and payload); a made NaN is negative', () => {
    const a = new Tensor('float16', [2], new Uint16Array([0x3c00, 0x4000]));
    const u = new Tensor('float16', [2], new Uint16Array([0xfe01, 0x3c00]));
    expect(u16(lib.numpy.add.at(a, tensor([0, 1], 'int64'), u))).toEqual([0xfe01, 0x4200]);
    const inf = new Tensor('float16', [1], new Uint16Array([0x7c00]));
    expect(u16(lib.numpy.subtract.at(inf, tensor([0], 'int64'), inf))).toEqual([0xfe00]);
  });
});
