/**
 * Every result owns its memory: a result's buffer holds that result alone, so handing it to a
 * worker (transfer), or reinterpreting it, touches no other result — small results included
 * (they were once views into one shared 16 KiB slab, and a transfer detached all of them).
 */
import { describe, expect, it } from 'vitest';
import { numpy, numpyArray, onnx, tensor, torch } from '../src/index.js';

const data = tensor(
  Array.from({ length: 64 }, (_, i) => i),
  'float32',
  [16, 4],
);
// 8 rows of 4 float32: a 128-byte result, in the range the slab served (65 B – 1 KiB)
const small = (row: number) =>
  onnx.Gather(
    data,
    tensor(
      Array.from({ length: 8 }, (_, k) => (row + k) % 16),
      'int64',
    ),
  );

describe('results own their memory', () => {
  it('a 64-byte result and every size up to 4 KiB sits alone in its ArrayBuffer', () => {
    for (const rows of [1, 2, 4, 8, 16, 64]) {
      const r = onnx.Gather(data, tensor(new Array(rows).fill(3), 'int64'));
      expect(r.data.byteOffset).toBe(0);
      expect(r.data.buffer.byteLength).toBe(r.data.byteLength);
    }
    const s = numpy.add.at(numpyArray(new Array(40).fill(0)), [1, 2], 1);
    expect(s.data.buffer.byteLength).toBe(s.data.byteLength);
    const t = torch.gather(data, 1, tensor([[0, 1, 2, 3]], 'int64'));
    expect(t.data.buffer.byteLength).toBe(t.data.byteLength);
  });

  it('transferring one result’s buffer (structuredClone with transfer) leaves every other result intact', () => {
    const results = Array.from({ length: 40 }, (_, k) => small(k % 16));
    const before = results.map((r) => r.toArray());
    const moved = structuredClone(results[7].data.buffer, { transfer: [results[7].data.buffer] });
    expect(new Float32Array(moved).length).toBe(32);
    expect(results[7].data.byteLength).toBe(0); // the transferred one is detached, as the platform does
    results.forEach((r, k) => {
      if (k !== 7) expect(r.toArray()).toEqual(before[k]);
    });
    // and the library keeps working for every later call
    for (let n = 0; n < 1000; n++) expect(small(n % 16).toArray()).toEqual(before[n % 16]);
  });

  it('writing through a view of one result’s buffer changes that result only', () => {
    const a = small(0);
    const b = small(1);
    const want = b.toArray();
    new Float32Array(a.data.buffer).fill(-1);
    expect(b.toArray()).toEqual(want);
    expect(a.toFlatArray().every((v) => v === -1)).toBe(true);
  });
});
