/**
 * Threads under failure: a threaded call never re-runs work behind the caller's back. A job that
 * can fail on its indices runs on the calling thread (exactly a single thread's state and error);
 * a helper that fails or dies fails the call with a typed InternalError — an in-place scatter-add
 * is never applied twice — and the next call works; enableThreads twice leaks no pool.
 * Runs on the built package (workers load dist/ modules).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Any = any;
let lib: Any;
let par: Any;
let node: Any;

beforeAll(async () => {
  lib = await import('../dist/index.js' as string);
  par = await import('../dist/core/parallel.js' as string);
  node = await import('../dist/node/index.js' as string);
});
afterAll(() => par?.setParallel({ pool: null }));

/** An in-place scatter-add of 1 into every element, through ONNX ScatterND with `out`. */
function inPlaceAdd(n: number, lastIndex: number) {
  const data = node.shareTensor(lib.tensor(new Array(n).fill(1), 'float32'));
  const idx = Array.from({ length: n }, (_, i) => [i]);
  idx[n - 1] = [lastIndex];
  const indices = node.shareTensor(lib.tensor(idx, 'int64'));
  const updates = node.shareTensor(lib.tensor(new Array(n).fill(1), 'float32'));
  return { data, indices, updates };
}

function run(c: Any) {
  try {
    lib.onnx.ScatterND(c.data, c.indices, c.updates, { reduction: 'add' }, { out: c.data });
    return 'ok';
  } catch (e) {
    return (e as Any).code;
  }
}

describe('threads under failure', () => {
  it('a failing threaded in-place scatter-add leaves exactly the single-thread state (and error)', async () => {
    const n = 1 << 16;
    const one = inPlaceAdd(n, n + 5); // the last index is out of bounds: ONNX raises
    par.setParallel({ pool: null });
    const singleCode = run(one);
    const pool = await node.enableThreads({ helpers: 1, minBytes: 0 });
    try {
      const two = inPlaceAdd(n, n + 5);
      const threadedCode = run(two);
      expect(threadedCode).toBe(singleCode);
      expect(threadedCode).toBe('onnx.ScatterND-18.index_out_of_bounds');
      expect(Buffer.compare(Buffer.from(two.data.data.buffer), Buffer.from(one.data.data.buffer))).toBe(0);
      // a valid call still splits and gives the single-thread bits
      const ok = inPlaceAdd(n, 0);
      expect(run(ok)).toBe('ok');
      expect(ok.data.data[0]).toBe(3);
      expect(ok.data.data[1]).toBe(2);
    } finally {
      node.disableThreads(pool);
    }
  });

  it('a helper that fails fails the call with InternalError threads.helper_failed; nothing is applied twice', async () => {
    const n = 1 << 16;
    const c = inPlaceAdd(n, 0);
    const real = node.createNodePool(1);
    await real.ready();
    // A pool whose helper never runs its part and reports failure: the calling thread claims
    // every chunk itself, then learns the helper failed.
    const failing = { size: 1, start: () => ({ wait: () => false }) };
    par.setParallel({ pool: failing, minBytes: 0 });
    expect(run(c)).toBe('threads.helper_failed');
    // no element got an update twice (the call failed and did not re-run; index 0 is listed
    // twice, so it may hold 1 or 3, every other element 1 or 2 — never more)
    const values = Array.from(c.data.data as Float32Array);
    expect(values.slice(1).every((v) => v === 1 || v === 2)).toBe(true);
    expect([1, 3]).toContain(values[0]);
    // the next call, on a working pool, works
    par.setParallel({ pool: real, minBytes: 0 });
    const d = inPlaceAdd(n, 1);
    expect(run(d)).toBe('ok');
    expect([d.data.data[0], d.data.data[1], d.data.data[2]]).toEqual([2, 3, 2]);
    par.setParallel({ pool: null });
    real.close();
  });

  it('enableThreads twice closes the first pool (no helper threads leak)', async () => {
    const a = await node.enableThreads({ helpers: 1 });
    const b = await node.enableThreads({ helpers: 1 });
    expect(a.size).toBe(0);
    expect(b.size).toBe(1);
    node.disableThreads(b);
    expect(b.size).toBe(0);
  });
});
