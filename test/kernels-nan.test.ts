/**
 * Issue 12 class 13: gather and scatter are pure data movement, so a float32 signalling NaN (and
 * any NaN payload) must come out with the very bits it went in with, on every path. Copying a
 * float32 through a JS number (`dst[i] = src[i]` on Float32Arrays) widens it to float64, which
 * quiets a signalling NaN on x86; the kernels move bits through integer views instead.
 */
import { describe, expect, it } from 'vitest';
import { Tensor, onnx, tensor, torch } from '../src/index.js';

const SNAN = 0x7f800001; // float32 signalling NaN, payload 1
const SNAN2 = 0x7fa00002; // another signalling payload
const QNAN_PAYLOAD = 0x7fc12345 | 0;
const SNAN64_HI = 0x7ff00000; // float64 signalling NaN: high word, low word 1

/** float32 data whose element i has bit pattern pattern(i). */
function f32(shape: number[], pattern: (i: number) => number): Tensor<'float32'> {
  const n = shape.reduce((a, b) => a * b, 1);
  const bits = new Int32Array(n);
  for (let i = 0; i < n; i++) bits[i] = pattern(i);
  return new Tensor('float32', shape, new Float32Array(bits.buffer));
}

const nanBits = (i: number) => [SNAN, SNAN2, QNAN_PAYLOAD, 0x3f800000 + i][i % 4] | 0;

function bitsOf(t: Tensor): number[] {
  const d = t.data;
  return Array.from(new Int32Array(d.buffer, d.byteOffset, (d.byteLength / 4) | 0));
}

describe('signalling NaNs survive data movement bit for bit (issue 12 class 13)', () => {
  it('onnx.Gather, short rows (interleaved row copies), fresh and out', () => {
    const data = f32([8, 4], nanBits);
    const idx = tensor([7, 0, 3, 3, 1, 6, 2, 5, 4, 0], 'int64');
    const want = Array.from(idx.data as BigInt64Array).flatMap((r) =>
      [0, 1, 2, 3].map((c) => nanBits(Number(r) * 4 + c)),
    );
    expect(bitsOf(onnx.Gather(data, idx, { axis: 0 }))).toEqual(want);
    const out = f32([10, 4], () => 0);
    onnx.Gather(data, idx, { axis: 0 }, { out });
    expect(bitsOf(out)).toEqual(want);
  });

  it('onnx.Gather, long rows (TypedArray.set), int32 indices', () => {
    const data = f32([3, 300], nanBits);
    const r = onnx.Gather(data, tensor([2, 0], 'int32'), { axis: 0 });
    const want = [...Array.from({ length: 300 }, (_, c) => nanBits(600 + c))];
    want.push(...Array.from({ length: 300 }, (_, c) => nanBits(c)));
    expect(bitsOf(r)).toEqual(want);
  });

  it('onnx.GatherElements, same-shape indices (element-wise kernel)', () => {
    const data = f32([2, 4], nanBits);
    const r = onnx.GatherElements(
      data,
      tensor(
        [
          [3, 0, 1, 1],
          [2, 2, 0, 3],
        ],
        'int64',
      ),
      { axis: 1 },
    );
    expect(bitsOf(r)).toEqual([3, 0, 1, 1, 6, 6, 4, 7].map(nanBits));
  });

  // A smaller index off the axis makes the frontend slice `data` first (tensor/ops.ts
  // stridedCopy, which moves bits through integer views).
  it('onnx.GatherElements with indices smaller than data off the axis', () => {
    const data = f32([3, 4], () => SNAN);
    const r = onnx.GatherElements(
      data,
      tensor(
        [
          [0, 1],
          [1, 2],
        ],
        'int64',
      ),
      { axis: 1 },
    );
    expect(bitsOf(r)).toEqual([SNAN, SNAN, SNAN, SNAN]);
  });

  it('onnx.GatherND and onnx.ScatterND (rows), onnx.ScatterElements (element-wise)', () => {
    const data = f32([4, 2], nanBits);
    expect(bitsOf(onnx.GatherND(data, tensor([[3], [1]], 'int64')))).toEqual([6, 7, 2, 3].map(nanBits));
    const upd = f32([1, 2], () => SNAN2);
    const s = onnx.ScatterND(
      f32([4, 2], () => SNAN),
      tensor([[2]], 'int64'),
      upd,
    );
    expect(bitsOf(s)).toEqual([SNAN, SNAN, SNAN, SNAN, SNAN2, SNAN2, SNAN, SNAN]);
    const e = onnx.ScatterElements(
      f32([2, 3], () => SNAN),
      tensor([[2], [0]], 'int64'),
      f32([2, 1], () => QNAN_PAYLOAD),
      { axis: 1 },
    );
    expect(bitsOf(e)).toEqual([SNAN, SNAN, QNAN_PAYLOAD, QNAN_PAYLOAD, SNAN, SNAN]);
  });

  it('float64 signalling NaN through a row gather', () => {
    const words = new Int32Array([1, SNAN64_HI, 2, SNAN64_HI]);
    const data = new Tensor('float64', [2, 1], new Float64Array(words.buffer));
    const r = onnx.Gather(data, tensor([1, 0, 1], 'int64'), { axis: 0 });
    expect(bitsOf(r)).toEqual([2, SNAN64_HI, 1, SNAN64_HI, 2, SNAN64_HI]);
  });

  // torch.scatter slices `src` down to the index's shape first (the same strided copy).
  it('torch.scatter with src larger than index', () => {
    const src = f32([3, 4], () => SNAN);
    const r = torch.scatter(
      f32([3, 4], () => 0),
      1,
      tensor(
        [
          [0, 1],
          [1, 2],
        ],
        'int64',
      ),
      src,
    );
    expect(bitsOf(r)).toEqual([SNAN, SNAN, 0, 0, 0, SNAN, SNAN, 0, 0, 0, 0, 0]);
  });
});
