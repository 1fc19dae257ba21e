/**
 * `execute` remembers the last (small) out, operand and indices storages it found on separate,
 * unshared buffers, and the gather kernel the view of the last result it wrote (core/call.ts
 * overlapsEither, core/kernels.ts resultBits). Each case follows a call that fills those
 * memories with one whose answer differs: it must not be taken from them.
 */
import { describe, expect, it } from 'vitest';
import { Tensor, onnx, tensor } from '../src/index.js';

const reverse = tensor([3, 2, 1, 0], 'int64');

describe('out after a call on other buffers', () => {
  it('the same out, then that out as the operand too: read before written ([1, 2, 3, 4] reversed twice)', () => {
    const a = tensor([1, 2, 3, 4], 'float32');
    const out = tensor([0, 0, 0, 0], 'float32');
    expect(onnx.Gather(a, reverse, {}, { out }).toArray()).toEqual([4, 3, 2, 1]);
    expect(onnx.Gather(out, reverse, {}, { out }).toArray()).toEqual([1, 2, 3, 4]);
  });

  it('a fresh operand on the same out each call: each result from its own operand', () => {
    const out = tensor([0, 0, 0, 0], 'float32');
    for (const base of [10, 20, 30]) {
      const a = tensor([base, base + 1, base + 2, base + 3], 'float32');
      expect(onnx.Gather(a, reverse, {}, { out }).toArray()).toEqual([base + 3, base + 2, base + 1, base]);
    }
  });

  it('an out that views the operand’s buffer at another offset, after one on its own buffer', () => {
    const buffer = new Float32Array([1, 2, 3, 4, 0, 0, 0, 0]);
    const a = new Tensor('float32', [4], buffer.subarray(0, 4));
    const apart = tensor([0, 0, 0, 0], 'float32');
    expect(onnx.Gather(a, reverse, {}, { out: apart }).toArray()).toEqual([4, 3, 2, 1]);
    const besides = new Tensor('float32', [4], buffer.subarray(2, 6));
    expect(onnx.Gather(a, reverse, {}, { out: besides }).toArray()).toEqual([4, 3, 2, 1]);
    expect([...buffer]).toEqual([1, 2, 4, 3, 2, 1, 0, 0]);
  });

  it('a result written fresh, then passed back as out: its values are the new call’s', () => {
    const a = tensor([5, 6, 7, 8], 'float32');
    const r = onnx.Gather(a, reverse);
    expect(r.toArray()).toEqual([8, 7, 6, 5]);
    const b = tensor([1, 1, 2, 2], 'float32');
    expect(onnx.Gather(b, reverse, {}, { out: r }).toArray()).toEqual([2, 2, 1, 1]);
    expect(onnx.Gather(r, reverse, {}, { out: r }).toArray()).toEqual([1, 1, 2, 2]);
  });
});
