/**
 * The core's one batch cursor (index-map Odometer) and its one chunked-resolve loop
 * (IndexMap.resolveChunks), against direct arithmetic: after any sequence of row-bounded
 * advances from any start, the two offsets are the dot products of the position with their
 * steps, and coords() is the position; chunks cover [lo, hi) in order and a visit can stop.
 * Seeded (printed) so a failure replays.
 */
import { describe, expect, it } from 'vitest';
import { IndexMap, Odometer, unravel } from '../src/core/index-map.js';
import { resolvePolicy } from '../src/core/policy.js';
import { tensor } from '../src/index.js';

const seed = Number(process.env.ODOMETER_SEED ?? Date.now() % 1_000_000);
function rng(s: number) {
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
}

describe(`Odometer (seed ${seed}; replay: ODOMETER_SEED=${seed})`, () => {
  it('tracks both offsets and the position through row-bounded advances, any rank and start', () => {
    const r = rng(seed);
    const int = (n: number) => Math.floor(r() * n);
    for (let trial = 0; trial < 300; trial++) {
      const rank = int(5);
      const shape = Array.from({ length: rank }, () => 1 + int(4));
      const stepsA = shape.map(() => int(50));
      const stepsB = shape.map(() => int(50) - 25);
      const size = shape.reduce((a, b) => a * b, 1);
      let p = int(size);
      const od = new Odometer(shape, stepsA, stepsB, p);
      const check = () => {
        const c = unravel(p % size, shape);
        expect(od.coords()).toEqual(c);
        expect(od.a + 0).toBe(c.reduce((acc, v, d) => acc + v * stepsA[d], 0) + 0); // ±0 alike (an index)
        expect(od.b + 0).toBe(c.reduce((acc, v, d) => acc + v * stepsB[d], 0) + 0);
      };
      check();
      while (p < size) {
        const n = 1 + int(od.len - od.i);
        od.advance(n);
        p += n;
        if (p < size) check();
      }
      // reset goes anywhere, also backwards
      p = int(size);
      od.reset(p);
      check();
    }
  });

  it('resolveChunks covers [lo, hi) in order in chunks of at most `chunk`, and stops when a visit says so', () => {
    const indices = tensor(
      Array.from({ length: 100 }, (_, i) => (i * 7) % 10),
      'int32',
    );
    const map = new IndexMap({
      op: 't',
      spaceShape: [100],
      windowSpaceDims: [],
      operandShape: [10],
      windowSizes: [1],
      collapsedDims: [0],
      operandBatchingDims: [],
      indicesBatchingDims: [],
      indicesShape: [100],
      indexVectorDim: 1,
      startIndexMap: [0],
    });
    const policy = resolvePolicy('gather', 'clip', {}, false);
    const seen: number[] = [];
    const bounds: [number, number][] = [];
    map.resolveChunks({ indices, policy, partial: null }, { lo: 5, hi: 97, chunk: 16 }, (starts, b0, b1) => {
      bounds.push([b0, b1]);
      for (let j = 0; j < b1 - b0; j++) seen.push(starts[j]);
    });
    expect(bounds[0]).toEqual([5, 21]);
    expect(bounds.at(-1)).toEqual([85, 97]);
    expect(seen).toEqual(Array.from({ length: 92 }, (_, k) => ((k + 5) * 7) % 10));
    let visits = 0;
    map.resolveChunks(
      { indices, policy, partial: null },
      { lo: 0, hi: 100, chunk: 10 },
      () => ++visits === 3,
    );
    expect(visits).toBe(3);
  });
});
