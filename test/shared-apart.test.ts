/**
 * Issue 27: SharedArrayBuffers the library constructed itself (sharedLike, shareTensor, fresh
 * threaded results) are told apart from each other, so an `out` as long as its input is written
 * directly instead of computed aside and copied in. A buffer from anywhere else — the user's own,
 * or a clone of the library's — still counts as possibly the same memory when lengths agree.
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';

const { core, Tensor } = lib;
const shared = (values: number[]) =>
  new Tensor('float32', [values.length], core.sharedLike(new Float32Array(values)));

describe('overlaps of two shared buffers of one length', () => {
  it('two buffers made by sharedLike are apart', () => {
    expect(core.overlaps(shared([1, 2, 3, 4]), shared([5, 6, 7, 8]))).toBe(false);
  });
  it('a clone of a sharedLike buffer may be the same memory', () => {
    const a = shared([1, 2, 3, 4]);
    const twin = new Tensor('float32', [4], new Float32Array(structuredClone(a.data.buffer)));
    expect(core.overlaps(a, twin)).toBe(true);
  });
  it('a buffer the caller constructed still may be the same memory', () => {
    const own = new Tensor('float32', [4], new Float32Array(new SharedArrayBuffer(16)));
    expect(core.overlaps(shared([1, 2, 3, 4]), own)).toBe(true);
  });
});

describe('onnx.ScatterND add with out over sharedLike tensors', () => {
  const rows = 65536;
  const cols = 16; // 4 MiB of float32
  const data = new Float32Array(rows * cols).map((_, i) => (i % 97) - 48.5);
  const idx = new BigInt64Array(1024).map((_, i) => BigInt((i * 7919) % rows));
  const upd = new Float32Array(1024 * cols).map((_, i) => (i % 13) * 0.25);
  const args = () =>
    [
      new Tensor('float32', [rows, cols], core.sharedLike(data)),
      new Tensor('int64', [1024, 1], core.sharedLike(idx)),
      new Tensor('float32', [1024, cols], core.sharedLike(upd)),
    ] as const;

  it('writes the fresh result’s bits into out', () => {
    const fresh = lib.onnx.ScatterND(...args(), { reduction: 'add' });
    const out = new Tensor('float32', [rows, cols], core.sharedLike(new Float32Array(rows * cols)));
    const r = lib.onnx.ScatterND(...args(), { reduction: 'add' }, { out });
    expect(r).toBe(out);
    expect(new Uint32Array(out.data.buffer)).toEqual(new Uint32Array(fresh.data.buffer.slice(0)));
    expect(out.data[0]).toBe(data[0] + upd[0]);
  });

  it('does not compute the result aside (no 4 MiB allocated for a call with out)', () => {
    const a = args();
    const out = new Tensor('float32', [rows, cols], core.sharedLike(new Float32Array(rows * cols)));
    lib.onnx.ScatterND(...a, { reduction: 'add' }, { out }); // plans and caches built
    const before = process.memoryUsage().arrayBuffers;
    lib.onnx.ScatterND(...a, { reduction: 'add' }, { out });
    // A collection in between can only lower the count; computed aside it rises by 4 MiB.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1 << 20);
  });
});
