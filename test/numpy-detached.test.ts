/**
 * A class the hostile-storage fuzz found (fuzz-ops seed 1645070562): NumPy's index reinterpretation
 * (uint64 → int64) built a view over an empty index whose buffer was detached — an untyped
 * TypeError. An empty index needs no view: the call gives NumPy's empty result.
 */
import { describe, expect, it } from 'vitest';
import { numpy, numpyArray, tensor } from '../src/index.js';

describe('numpy with an empty uint64 index over a detached buffer', () => {
  it('numpy.index (fancy indexing) reads no index and returns the empty result', () => {
    const idx = tensor([], 'uint64');
    structuredClone(idx.data.buffer, { transfer: [idx.data.buffer as ArrayBuffer] });
    expect(idx.data.byteLength).toBe(0);
    const r = numpy.index(numpyArray([1, 2, 3]), [idx]);
    expect(r.shape).toEqual([0]);
    expect(r.dtype).toBe('int64');
  });
});
