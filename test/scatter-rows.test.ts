/**
 * Row scatters with a reducer (ScatterND add into rows, the B5 shape): the 8-row interleaved
 * path must apply duplicates in update order and keep the NaN rule's bits, on one thread and
 * when the result is split into target ranges that cut rows in the middle (a threaded part).
 * Expected values come from a naive loop over the ONNX formula with the `self_first` rule
 * (the element's NaN, else the update's, quieted).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type ParallelJob, setParallel, sharedLike } from '../src/core/parallel.js';
import { scatterPart } from '../src/core/scatter-range.js';
import { Tensor, onnx } from '../src/index.js';

const R = 37;
const C = 24;
const M = 300;

/** Deterministic small-integer eighths (sums are exact in float32), with duplicate targets. */
function makeCase(): { data: Float32Array; idx: BigInt64Array; upd: Float32Array } {
  const data = new Float32Array(R * C).map((_, i) => ((i * 37) % 101) / 8 - 6);
  const upd = new Float32Array(M * C).map((_, i) => ((i * 53) % 97) / 8 - 6);
  const idx = new BigInt64Array(M).map((_, j) => BigInt((j * 11 + (j >> 3)) % R));
  const bits = (a: Float32Array) => new Uint32Array(a.buffer);
  bits(data)[3 * C + 5] = 0x7f800123; // a signalling NaN element: its payload, quieted
  bits(data)[9 * C + 23] = 0xff812345;
  bits(upd)[7 * C + 2] = 0xffa00042; // an update NaN onto a finite element
  bits(upd)[20 * C + 23] = 0x7f900007;
  return { data, idx, upd };
}

/** out = data; out[idx[j], :] = out[idx[j], :] + upd[j, :] in update order, `self_first` NaNs. */
function reference(c: ReturnType<typeof makeCase>): Uint32Array {
  const out = c.data.slice();
  const ob = new Uint32Array(out.buffer);
  const ub = new Uint32Array(c.upd.buffer);
  for (let j = 0; j < M; j++) {
    const t = Number(c.idx[j]) * C;
    for (let i = 0; i < C; i++) {
      const x = out[t + i];
      const y = c.upd[j * C + i];
      if (Number.isNaN(x)) ob[t + i] |= 0x400000;
      else if (Number.isNaN(y)) ob[t + i] = ub[j * C + i] | 0x400000;
      else out[t + i] = x + y;
    }
  }
  return ob;
}

const run = (c: ReturnType<typeof makeCase>, share: (a: Float32Array) => Float32Array, out?: Tensor) =>
  onnx.ScatterND(
    new Tensor('float32', [R, C], share(c.data.slice())),
    new Tensor('int64', [M, 1], sharedLike(c.idx)),
    new Tensor('float32', [M, C], share(c.upd.slice())),
    { reduction: 'add' },
    out ? { out } : undefined,
  );
const bitsOf = (t: Tensor) => Array.from(new Uint32Array((t.data as Float32Array).slice().buffer));

afterEach(() => setParallel({ pool: null }));

describe('row scatter-add (8 rows interleaved)', () => {
  it('onnx.ScatterND add into rows of 24: duplicates in update order, NaN payloads kept, fresh and out', () => {
    const c = makeCase();
    const want = Array.from(reference(c));
    expect(want[3 * C + 5]).toBe(0x7fc00123);
    expect(want[Number(c.idx[7]) * C + 2]).toBe(0xffe00042); // update 7's NaN, quieted
    expect(bitsOf(run(c, (a) => a))).toEqual(want);
    const out = new Tensor('float32', [R, C], new Float32Array(R * C));
    expect(bitsOf(run(c, (a) => a, out))).toEqual(want);
  });

  it('split into 5 target ranges that cut rows (a threaded scatter): the same bits', () => {
    // A pool that runs the helper parts synchronously: every chunk [t0, t1) of the result is
    // then applied by scatterRange with its range, as on helper threads.
    let jobs = 0;
    setParallel({
      pool: {
        size: 4,
        start: (job: ParallelJob) => {
          jobs++;
          if (job.kind === 'scatter') scatterPart(job, 1);
          return { wait: () => true };
        },
      },
      minBytes: 0,
    });
    const c = makeCase();
    const want = Array.from(reference(c));
    expect(bitsOf(run(c, sharedLike))).toEqual(want);
    // In place (out = data): no range is copied over first, so a row applied twice would show.
    const data = new Tensor('float32', [R, C], sharedLike(c.data.slice()));
    const idx = new Tensor('int64', [M, 1], sharedLike(c.idx));
    const upd = new Tensor('float32', [M, C], sharedLike(c.upd.slice()));
    onnx.ScatterND(data, idx, upd, { reduction: 'add' }, { out: data });
    expect(bitsOf(data)).toEqual(want);
    expect(jobs).toBe(2);
  });
});
