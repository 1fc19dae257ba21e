/**
 * Differential tests against a real peer: TensorFlow.js (tfjs-core + the CPU backend, and the
 * WASM backend when it loads in Node). Seeded random valid inputs (in-bounds indices) for the ops
 * the two share: tf.gather (with batchDims), tf.gatherND, tf.scatterND (duplicates summed) and
 * tf.tensorScatterUpdate (duplicates: last wins). TF.js takes int32 indices only and has no
 * batch_dims for gatherND, so those are the generated ranges. Values are small integers stored as
 * float32, so summation order cannot change a result, and now and then ±0 or ±inf (a zero's sign
 * compared).
 *
 * Known departure, pinned below: tfjs-backend-wasm 4.22 computes tf.gather with batchDims > 0
 * wrongly (the TF doc example gives [[1, 2], [4, 0], [garbage]]; other cases trap with
 * "memory access out of bounds").
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tfc from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tensorflow as tf } from '../src/frameworks/tensorflow.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { differentialSeed } from './helpers/seed.js';
import { rng } from './reference/random-cases.js';

type Case = {
  op: 'gather' | 'gatherND' | 'scatterND' | 'tensorScatterUpdate';
  a: { shape: number[]; data: Float32Array };
  idx: { shape: number[]; data: Int32Array };
  upd?: { shape: number[]; data: Float32Array };
  shape?: number[];
  axis?: number;
  batchDims?: number;
};

const CASES_PER_OP = 2000;

const prod = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);

function generate(seed: number): Case[] {
  const r = rng(seed).next;
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const shapeOf = (rank: number, lo = 1, hi = 4) => Array.from({ length: rank }, () => int(lo, hi));
  // Small integers, now and then ±0 or ±inf (compared by sign; sums of inf and -inf are NaN
  // on both sides; NaN bits are not compared: TF.js's come from V8's arithmetic, not TF's kernels).
  const EDGES = [0, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  const values = (shape: number[]) =>
    Float32Array.from({ length: prod(shape) }, () => (r() < 0.08 ? EDGES[int(0, 3)] : int(-50, 50)));
  const cases: Case[] = [];
  for (let c = 0; c < CASES_PER_OP; c++) {
    // gather with batchDims
    const pr = int(1, 4);
    const ps = shapeOf(pr);
    const b = int(0, pr - 1);
    const axis = int(b, pr - 1);
    const is = [...ps.slice(0, b), ...shapeOf(int(0, 2), 1, 3)];
    cases.push({
      op: 'gather',
      a: { shape: ps, data: values(ps) },
      idx: { shape: is, data: Int32Array.from({ length: prod(is) }, () => int(0, ps[axis] - 1)) },
      axis,
      batchDims: b,
    });
  }
  for (let c = 0; c < CASES_PER_OP; c++) {
    const pr = int(1, 4);
    const ps = shapeOf(pr);
    const k = int(1, pr);
    const is = [...shapeOf(int(1, 2), 1, 3), k];
    const n = prod(is) / k;
    const data = new Int32Array(n * k);
    for (let i = 0; i < n; i++) for (let j = 0; j < k; j++) data[i * k + j] = int(0, ps[j] - 1);
    cases.push({ op: 'gatherND', a: { shape: ps, data: values(ps) }, idx: { shape: is, data } });
  }
  for (const op of ['scatterND', 'tensorScatterUpdate'] as const) {
    for (let c = 0; c < CASES_PER_OP; c++) {
      const R = int(1, 3);
      const shape = shapeOf(R);
      const k = int(1, R);
      const is = [...shapeOf(int(1, 2), 1, 4), k];
      const n = prod(is) / k;
      const data = new Int32Array(n * k);
      // Small dims make duplicates common on purpose.
      for (let i = 0; i < n; i++) for (let j = 0; j < k; j++) data[i * k + j] = int(0, shape[j] - 1);
      const us = [...is.slice(0, -1), ...shape.slice(k)];
      cases.push({
        op,
        a: { shape, data: values(shape) },
        idx: { shape: is, data },
        upd: { shape: us, data: values(us) },
        shape,
      });
    }
  }
  return cases;
}

/** A fresh seed per run (printed; DIFFERENTIAL_SEED replays it). */
const CASES = generate(differentialSeed('tfjs-differential.test.ts'));

function ours(c: Case): Tensor {
  const a = tensor(c.a.data, 'float32', c.a.shape);
  const idx = tensor(c.idx.data, 'int32', c.idx.shape);
  switch (c.op) {
    case 'gather':
      return tf.gather(a, idx, { axis: c.axis, batch_dims: c.batchDims });
    case 'gatherND':
      return tf.gather_nd(a, idx);
    case 'scatterND':
      return tf.scatter_nd(idx, tensor(c.upd!.data, 'float32', c.upd!.shape), c.shape!);
    case 'tensorScatterUpdate':
      return tf.tensor_scatter_nd_update(a, idx, tensor(c.upd!.data, 'float32', c.upd!.shape));
  }
}

function peer(c: Case): { shape: number[]; data: Float32Array } {
  return tfc.tidy(() => {
    const a = tfc.tensor(c.a.data, c.a.shape, 'float32');
    const idx = tfc.tensor(c.idx.data, c.idx.shape, 'int32');
    let r: tfc.Tensor;
    switch (c.op) {
      case 'gather':
        r = tfc.gather(a, idx, c.axis, c.batchDims);
        break;
      case 'gatherND':
        r = tfc.gatherND(a, idx);
        break;
      case 'scatterND':
        r = tfc.scatterND(idx, tfc.tensor(c.upd!.data, c.upd!.shape, 'float32'), c.shape!);
        break;
      case 'tensorScatterUpdate':
        r = tfc.tensorScatterUpdate(a, idx, tfc.tensor(c.upd!.data, c.upd!.shape, 'float32'));
        break;
    }
    return { shape: r.shape.slice(), data: Float32Array.from(r.dataSync() as Float32Array) };
  });
}

/** Runs every case of `op` on the active backend; returns the indices of disagreeing cases. */
function differ(
  op: Case['op'],
  filter: (c: Case) => boolean = () => true,
): { compared: number; mismatches: Case[] } {
  const mismatches: Case[] = [];
  let compared = 0;
  for (const c of CASES) {
    if (c.op !== op || !filter(c)) continue;
    compared++;
    const mine = ours(c);
    let theirs: { shape: number[]; data: Float32Array };
    try {
      theirs = peer(c);
    } catch {
      mismatches.push(c); // the peer crashed (the wasm gather below traps on some batchDims cases)
      continue;
    }
    const same =
      mine.shape.length === theirs.shape.length &&
      mine.shape.every((s, i) => s === theirs.shape[i]) &&
      (mine.data as Float32Array).every((v, i) => Object.is(v, theirs.data[i]));
    if (!same) mismatches.push(c);
  }
  return { compared, mismatches };
}

const OPS: Case['op'][] = ['gather', 'gatherND', 'scatterND', 'tensorScatterUpdate'];

describe('TF.js CPU backend', () => {
  beforeAll(async () => {
    await tfc.setBackend('cpu');
  });
  for (const op of OPS) {
    it(`${op}: ${CASES_PER_OP} seeded cases agree exactly`, () => {
      const { compared, mismatches } = differ(op);
      expect(compared).toBe(CASES_PER_OP);
      expect(mismatches.slice(0, 3)).toEqual([]);
    });
  }
  it('gather cases include batchDims > 0 and scatter cases include duplicate targets', () => {
    expect(CASES.filter((c) => c.op === 'gather' && c.batchDims! > 0).length).toBeGreaterThan(50);
    const dup = CASES.filter((c) => {
      if (c.op !== 'scatterND') return false;
      const k = c.idx.shape[c.idx.shape.length - 1];
      const seen = new Set<string>();
      for (let i = 0; i < c.idx.data.length; i += k) seen.add(c.idx.data.slice(i, i + k).join(','));
      return seen.size < c.idx.data.length / k;
    });
    expect(dup.length).toBeGreaterThan(50);
  });
  it('departures: TF.js refuses float indices and scalar updates (as TF does but for XLA); TF (and we) take int64 indices', () => {
    expect(() => tfc.gather(tfc.tensor1d([1, 2, 3]), tfc.tensor1d([1], 'float32'))).toThrow(/int32/);
    expect(() => tfc.scatterND(tfc.tensor1d([1], 'int32'), tfc.scalar(7), [3])).toThrow(/rank 1 or higher/);
    // A scalar update for the one index vector [1]: tf2xla takes it; TF's CPU/GPU kernels refuse it too.
    expect(
      tf.scatter_nd(tensor([1], 'int32'), tensor(7, 'float32'), [3], { device: 'xla' }).toArray(),
    ).toEqual([0, 7, 0]);
    expect(() => tf.scatter_nd(tensor([1], 'int32'), tensor(7, 'float32'), [3])).toThrow(
      'Updates shape must have rank at least one',
    );
    expect(tf.gather(tensor([1, 2, 3], 'float32'), tensor([1n], 'int64')).toArray()).toEqual([2]);
  });
  it('out of bounds on CPU: both raise, with TF.js wording its own message', () => {
    expect(() => tfc.gather(tfc.tensor1d([1, 2, 3]), tfc.tensor1d([5], 'int32'))).toThrow(
      /index value 5 is not in \[0, 2\]/,
    );
    expect(() => tf.gather(tensor([1, 2, 3], 'float32'), tensor([5], 'int32'))).toThrow(
      'indices[0] = 5 is not in [0, 3)',
    );
  });
});

describe('TF.js WASM backend (non-threaded build)', () => {
  let wasm: { ok: true } | { ok: false; reason: string } = { ok: false, reason: 'not attempted' };
  beforeAll(async () => {
    try {
      const { setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
      const require = createRequire(import.meta.url);
      const dist = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
      tfc.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
      setWasmPaths(`${dist}/`);
      const ok = await Promise.race([
        tfc.setBackend('wasm'),
        new Promise<boolean>((res) => setTimeout(() => res(false), 20_000)),
      ]);
      wasm =
        ok && tfc.getBackend() === 'wasm'
          ? { ok: true }
          : { ok: false, reason: 'setBackend("wasm") returned false or timed out' };
    } catch (e) {
      wasm = { ok: false, reason: (e as Error).message };
    }
  });
  afterAll(async () => {
    await tfc.setBackend('cpu');
  });
  const need = (ctx: { skip: (note?: string) => void }) => {
    if (!wasm.ok) {
      const note = `wasm backend did not load: ${wasm.reason}`;
      console.warn(note);
      ctx.skip(note);
    }
  };
  for (const op of OPS) {
    const filter = op === 'gather' ? (c: Case) => c.batchDims === 0 : undefined;
    it(`${op}${op === 'gather' ? ' (batchDims = 0)' : ''}: seeded cases agree exactly`, (ctx) => {
      need(ctx);
      const { compared, mismatches } = differ(op, filter);
      expect(compared).toBeGreaterThan(100);
      expect(mismatches.slice(0, 3)).toEqual([]);
    });
  }
  it('departure (pinned): gather with batchDims > 0 is wrong on wasm', (ctx) => {
    need(ctx);
    // The wrong kernel reads past its inputs: it can also trap (seed 2029686192 in CI), which is
    // the same departure, so a WebAssembly trap here counts as "wrong on wasm".
    const fixed = () =>
      tfc.tidy(() =>
        tfc
          .gather(
            tfc.tensor2d([
              [0, 0, 1, 0, 2],
              [3, 0, 0, 0, 4],
              [0, 5, 0, 6, 0],
            ]),
            tfc.tensor2d(
              [
                [2, 4],
                [0, 4],
                [1, 3],
              ],
              undefined,
              'int32',
            ),
            1,
            1,
          )
          .arraySync(),
      ) as number[][];
    let r: number[][] | undefined;
    try {
      r = fixed();
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError)) throw e;
    }
    // TF, TF.js CPU and we give [[1, 2], [3, 4], [5, 6]]. When this fails, TF.js fixed the kernel:
    // update docs/tensorflow.md and fold batchDims > 0 into the strict comparison above.
    if (r !== undefined) {
      expect(r[0]).toEqual([1, 2]);
      expect(r[1]).not.toEqual([3, 4]);
    }
    const { compared, mismatches } = differ('gather', (c) => c.batchDims! > 0);
    console.info(`wasm gather batchDims > 0: ${mismatches.length} of ${compared} seeded cases differ`);
    expect(mismatches.length).toBeGreaterThan(0);
  });
});
