/**
 * A helper thread killed in the middle of a call: the call fails with a typed error
 * (InternalError `threads.helper_failed`) or finishes with the single-thread bits, within a
 * bound (the pool's STALL_MS plus slack), and the next call works — at once on this thread,
 * and split again once the pool has replaced the dead helper.
 *
 * The kill is real: `Worker.terminate()` stops the helper's isolate from another thread while
 * the calling thread runs its share and then blocks in Atomics.wait. To reach the pool's
 * helpers, the Worker class is wrapped (node:module syncBuiltinESMExports) before the pool
 * module loads. Runs on the built package (helpers load dist/ modules).
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import type { Worker as NodeWorker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Any = any;
let lib: Any;
let par: Any;
let node: Any;
let pool: Any;
const require = createRequire(import.meta.url);
const threads = require('node:worker_threads') as { Worker: typeof NodeWorker };
const RealWorker = threads.Worker;
/** Every helper the pool started, in order. */
const spawned: NodeWorker[] = [];

beforeAll(async () => {
  threads.Worker = class extends RealWorker {
    constructor(...args: ConstructorParameters<typeof NodeWorker>) {
      super(...args);
      spawned.push(this);
    }
  } as typeof NodeWorker;
  syncBuiltinESMExports();
  lib = await import('../dist/index.js' as string);
  par = await import('../dist/core/parallel.js' as string);
  node = await import('../dist/node/index.js' as string);
});
afterAll(() => {
  par?.setParallel({ pool: null });
  pool?.close();
  threads.Worker = RealWorker;
  syncBuiltinESMExports();
});

const N = 1 << 17;
/** A scatter-add of N updates (two per target) into a fresh result, in shared memory. */
function scatterAdd(): Any {
  const data = node.shareTensor(
    lib.tensor(
      Array.from({ length: N }, (_, i) => i % 7),
      'float32',
    ),
  );
  const idx = node.shareTensor(
    lib.tensor(
      Array.from({ length: N }, (_, i) => [(i * 2) % N]),
      'int64',
    ),
  );
  const upd = node.shareTensor(
    lib.tensor(
      Array.from({ length: N }, (_, i) => (i % 5) + 0.5),
      'float32',
    ),
  );
  return () => lib.onnx.ScatterND(data, idx, upd, { reduction: 'add' });
}

async function until(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return cond();
}

describe('a helper killed mid-call', () => {
  it('fails the call with threads.helper_failed or gives the single-thread bits, within a bound; the next call works', async () => {
    const call = scatterAdd();
    par.setParallel({ pool: null });
    const want = Buffer.from(call().data.buffer).toString('hex');
    pool = node.createNodePool(1);
    await pool.ready();
    expect(spawned.length).toBe(1);
    const helper = spawned[0];
    let starts = 0;
    let killed = false;
    // The real pool, with its helper killed right after it is handed its part.
    const killing = {
      get size() {
        return pool.size;
      },
      start(job: Any) {
        starts++;
        const ticket = pool.start(job);
        if (!killed) {
          killed = true;
          void helper.terminate();
        }
        return ticket;
      },
    };
    par.setParallel({ pool: killing, minBytes: 0 });
    const t0 = Date.now();
    let outcome: string;
    try {
      const got = Buffer.from(call().data.buffer).toString('hex');
      outcome = got === want ? 'single-thread bits' : 'wrong bits';
    } catch (e) {
      expect(e).toBeInstanceOf(lib.InternalError);
      outcome = (e as Any).code;
    }
    const elapsed = Date.now() - t0;
    console.log(
      `killed helper: ${outcome} after ${elapsed} ms (bound: STALL_MS ${node.STALL_MS ?? 30000} ms + 15 s)`,
    );
    expect(starts).toBe(1);
    expect(['threads.helper_failed', 'single-thread bits']).toContain(outcome);
    expect(elapsed).toBeLessThan(30_000 + 15_000);
    // The next call works at once (the dead slot is out of service: it runs on this thread).
    expect(Buffer.from(call().data.buffer).toString('hex')).toBe(want);
    // The pool replaces the dead helper; calls split again and give the same bits.
    expect(await until(() => pool.size === 1 && spawned.length === 2, 20_000)).toBe(true);
    const before = starts;
    expect(Buffer.from(call().data.buffer).toString('hex')).toBe(want);
    expect(starts).toBe(before + 1);
  }, 90_000);
});
