/**
 * A random differential against onnxruntime-node (CPU) on inputs that are often invalid:
 * out-of-range and negative indices, axes outside the rank, index shapes larger than the data,
 * updates of the wrong shape, index depths past the rank, batch_dims, int32 indices, empty dims
 * — over Gather, GatherElements, GatherND (opsets 11, 13), ScatterElements and ScatterND (11, 13,
 * 16, 18, with their reductions). Each call must agree: the same result (shape and values), or
 * both refuse. Scatters run with `{ duplicates: 'last_wins' }` (onnxruntime's silent last-wins;
 * the spec forbids duplicates, see onnx-departures). The one departure met here is counted apart,
 * not failed: GatherND whose result is empty, which onnxruntime returns without reading the
 * indices (test/onnx-departures). A fresh seed per run (printed; DIFFERENTIAL_SEED replays it).
 */
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { rng } from '../scripts/goldens/golden.js';
import { onnx } from '../src/frameworks/onnx.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { runOneNode } from './helpers/onnx-model.js';
import { differentialSeed } from './helpers/seed.js';

const r = rng(differentialSeed('onnx-hostile-differential.test.ts'));
const CASES = 2000;

type Outcome = { values: number[]; shape: number[] } | { error: string };
interface Case {
  readonly op: string;
  readonly opset: number;
  readonly inputs: Tensor[];
  readonly attrs: Record<string, number | string>;
}

const size = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
/** A shape of `rank` dims of 1–3, now and then 0. */
const shapeOf = (rank: number) => Array.from({ length: rank }, () => (r.next() < 0.08 ? 0 : r.int(1, 3)));
const data = (s: number[]) =>
  tensor(
    Array.from({ length: size(s) }, (_, i) => i + 1),
    'float32',
    s,
  );
function indices(s: number[], lo: number, hi: number, dtype: 'int64' | 'int32'): Tensor {
  const v = Array.from({ length: size(s) }, () => r.int(lo, hi));
  return tensor(dtype === 'int64' ? v.map(BigInt) : v, dtype, s);
}
const reduction = (opset: number, attrs: Record<string, number | string>) => {
  if (opset >= 16 && r.next() < 0.5)
    attrs.reduction = r.pick(opset >= 18 ? ['add', 'mul', 'max', 'min'] : ['add', 'mul']);
  return attrs;
};

/** One random call: often in bounds, now and then breaking one of the op's rules. */
function randomCase(): Case {
  const op = r.pick(['Gather', 'GatherElements', 'GatherND', 'ScatterElements', 'ScatterND']);
  const opset = op.startsWith('Gather') ? r.pick([11, 13]) : r.pick([11, 13, 16, 18]);
  const rank = r.int(1, 3);
  const ds = shapeOf(rank);
  const dt = r.next() < 0.2 ? 'int32' : 'int64';
  const axis = r.next() < 0.1 ? r.pick([rank, -rank - 1]) : r.int(-rank, rank - 1);
  const n = ds[axis < 0 ? axis + rank : axis] ?? 1;
  const [lo, hi] = [r.next() < 0.3 ? -n - 2 : -n, r.next() < 0.3 ? n + 1 : n - 1];
  if (op === 'Gather')
    return { op, opset, inputs: [data(ds), indices(shapeOf(r.int(0, 2)), lo, hi, dt)], attrs: { axis } };
  if (op === 'GatherElements' || op === 'ScatterElements') {
    const is = ds.map((m) => (r.next() < 0.1 ? m + 1 : r.int(0, m)));
    const I = indices(r.next() < 0.05 ? is.slice(1) : is, lo, hi, dt);
    if (op === 'GatherElements') return { op, opset, inputs: [data(ds), I], attrs: { axis } };
    const us = r.next() < 0.1 ? I.shape.map((m) => m + 1) : [...I.shape];
    return { op, opset, inputs: [data(ds), I, data(us)], attrs: reduction(opset, { axis }) };
  }
  const b = op === 'GatherND' && r.next() < 0.3 ? r.int(0, 2) : 0;
  const k = r.next() < 0.1 ? rank - b + 1 : r.int(1, Math.max(1, rank - b));
  const is = [...ds.slice(0, b), ...shapeOf(r.int(0, 1)), k];
  const m = Math.min(3, ...ds.slice(b, b + k));
  const I = indices(is, r.next() < 0.3 ? -m - 1 : -m, r.next() < 0.3 ? m : m - 1, 'int64');
  if (op === 'GatherND') return { op, opset, inputs: [data(ds), I], attrs: b ? { batch_dims: b } : {} };
  const us = [...is.slice(0, -1), ...ds.slice(k)];
  return {
    op,
    opset,
    inputs: [data(ds), I, data(r.next() < 0.1 ? us.map((x) => x + 1) : us)],
    attrs: reduction(opset, {}),
  };
}

async function runOrt(c: Case): Promise<Outcome> {
  try {
    const spec = { opType: c.op, opset: c.opset, outputType: 'float32', attributes: c.attrs };
    const out = await runOneNode(ort, spec, c.inputs);
    return { values: Array.from(out.data as Float32Array, Number), shape: out.dims.map(Number) };
  } catch (e) {
    return { error: (e as Error).message.split('\n')[0] };
  }
}

function runOurs(c: Case): Outcome {
  const fn = onnx[c.op as 'Gather'] as (...args: unknown[]) => Tensor;
  const options = c.op.startsWith('Scatter')
    ? { opset: c.opset, duplicates: 'last_wins' }
    : { opset: c.opset };
  try {
    const t = fn(...c.inputs, c.attrs, options);
    return { values: Array.from(t.toFlatArray() as ArrayLike<number>, Number), shape: [...t.shape] };
  } catch (e) {
    return { error: (e as { code?: string }).code ?? String(e) };
  }
}

const emptyGatherND = (c: Case, o: Outcome, u: Outcome) =>
  c.op === 'GatherND' &&
  'values' in o &&
  o.values.length === 0 &&
  'error' in u &&
  u.error.endsWith('.index_out_of_bounds');

describe('onnxruntime on random, often invalid calls: the same result or both refuse', () => {
  it(`${CASES} calls`, { timeout: 300_000 }, async () => {
    const bad: string[] = [];
    let refused = 0;
    let apart = 0;
    for (let n = 0; n < CASES; n++) {
      const c = randomCase();
      const [o, u] = [await runOrt(c), runOurs(c)];
      if ('error' in o && 'error' in u) refused++;
      else if (emptyGatherND(c, o, u)) apart++;
      else if (JSON.stringify(o) !== JSON.stringify(u))
        bad.push(
          `${c.op}-${c.opset} ${JSON.stringify(c.attrs)} ${c.inputs.map((t) => `${t.dtype}${JSON.stringify(t.shape)}`).join(' ')} indices ${JSON.stringify(Array.from(c.inputs[1].toFlatArray() as ArrayLike<number | bigint>, Number))}: onnxruntime ${JSON.stringify(o)}, ours ${JSON.stringify(u)}`,
        );
    }
    console.info(
      `onnxruntime hostile: ${CASES} calls, ${refused} refused by both, ${apart} empty GatherND apart`,
    );
    // A guard against a vacuous run: about 40 % of the calls are refused, the rest compute.
    expect(refused).toBeGreaterThan(CASES / 10);
    expect(refused).toBeLessThan(CASES * 0.9);
    expect(bad.slice(0, 5)).toEqual([]);
  });
});
