/**
 * The campaign catches a planted-bug runtime: a runtime wrapping this library with deliberate
 * departures (NaN dropped by a max scatter, a wrong negative index, an invalid shape accepted)
 * and deliberate allowed liberties (another duplicate order, another duplicate winner) — every
 * departure is reported, none of the liberties.
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { GatherScatterError } from '../src/errors.js';
import { type Runtime, type RuntimeRequest, departureTable, runCampaign } from '../src/oracle/campaign.js';
import { buildRegistry, executeCall } from '../src/tables/registry.js';
import { Tensor, tensor, zeros } from '../src/tensor/tensor.js';

const ns = lib as unknown as Record<string, unknown>;
const registry = buildRegistry(ns);

/** This library's own answer to a request (the runtime's starting point). */
function library(req: RuntimeRequest, reverse = false): Tensor {
  const entry = registry.find((e) => e.id === req.op)!;
  const { data, indices, updates } = req.inputs;
  // Reversing the index rows (with their updates) applies the same updates in the other order.
  const rev = (t: Tensor) => tensor((t.toArray() as unknown[]).reverse() as never, t.dtype);
  const attrs = { ...req.attributes };
  return executeCall(ns, entry, {
    indices: [],
    attrs,
    tensors: {
      data,
      indices: reverse ? rev(indices) : indices,
      ...(updates ? { updates: reverse ? rev(updates) : updates } : {}),
    },
  });
}

const OPS = [
  'onnx.ScatterElements', // planted: max/min scatters drop NaN
  'onnx.Gather', // planted: negative indices clamp to 0 instead of counting from the end
  'onnx.GatherElements', // planted: an index row of the wrong width is accepted (zeros)
  'tensorflow.tensor_scatter_nd_update', // liberty: another duplicate winner
  'tensorflow.tensor_scatter_nd_add', // liberty: another float summation order
  'torch.scatter', // liberty: another duplicate winner
];

const planted: Runtime = {
  name: 'planted',
  ops: OPS,
  run(req) {
    const { data, indices } = req.inputs;
    if (req.op === 'onnx.Gather') {
      const clamped = tensor(
        (indices.toFlatArray() as bigint[]).map((v) => (v < 0n ? 0n : v)),
        indices.dtype,
      );
      return library({ ...req, inputs: { data, indices: clamped.reshape([...indices.shape]) } });
    }
    if (req.op === 'onnx.GatherElements') {
      try {
        return library(req);
      } catch (e) {
        if (!(e instanceof GatherScatterError) || !/\.(shape|indices_shape|rank)/.test(e.code)) throw e;
        return zeros([...indices.shape], data.dtype);
      }
    }
    if (req.op === 'onnx.ScatterElements') {
      const r = library(req);
      const red = req.attributes.reduction;
      if (red !== 'max' && red !== 'min') return r;
      // The planted bug: an element that became NaN keeps its input value.
      const out = r.data.slice() as Float32Array;
      for (let i = 0; i < out.length; i++) if (Number.isNaN(out[i])) out[i] = data.data[i] as number;
      return new Tensor(r.dtype, r.shape, out);
    }
    // The liberties: duplicates applied in the reverse order.
    return library(req, true);
  },
};

describe('campaign', () => {
  it('reports every planted departure and none of the planted liberties', { timeout: 120_000 }, async () => {
    const report = await runCampaign(planted, ns, { n: 900, seed: 22 });
    const classes = (op: string) => report.departures.filter((d) => d.op === op).map((d) => d.class);
    // Every planted departure is reported, under its op; the liberties' ops report nothing.
    expect([...new Set(report.departures.map((d) => d.op))]).toEqual([
      'onnx.Gather',
      'onnx.GatherElements',
      'onnx.ScatterElements',
    ]);
    expect(classes('onnx.ScatterElements')).toEqual(['NaN dropped']);
    expect(classes('onnx.GatherElements')).toEqual(['accepts invalid input']);
    // The clamp reads the wrong row (a wrong value, or a NaN lost) and accepts indices below −n.
    expect(classes('onnx.Gather')).toContain('wrong value');
    expect(classes('onnx.Gather')).toContain('accepts invalid input');
    expect(
      classes('onnx.Gather').every((c) =>
        ['wrong value', 'NaN dropped', 'accepts invalid input'].includes(c),
      ),
    ).toBe(true);
    expect(report.cases).toBe(900);
    expect(report.agree + report.allowed + report.departures.reduce((a, d) => a + d.count, 0)).toBe(900);
    // The liberties were taken (another order / winner counted as allowed), not reported.
    expect(report.allowed).toBeGreaterThan(5);
    // Each example is minimised: one index row left.
    for (const d of report.departures) expect(d.example.inputs.indices.shape[0]).toBe(1);
    const gather = report.departures.find((d) => d.op === 'onnx.Gather' && d.class === 'wrong value');
    expect(gather?.example.reason).toContain('pins this element');
    expect(departureTable(report).split('\n')[0]).toMatch(
      /^planted: 900 cases, \d+ agree, \d+ allowed otherwise, \d departure classes$/,
    );
  });

  it('a crashing or hanging runtime costs one case each, never the campaign', async () => {
    let calls = 0;
    const bad: Runtime = {
      name: 'bad',
      ops: ['onnx.Gather'],
      run: () => {
        calls++;
        if (calls % 2 === 0) return new Promise<never>(() => {}); // hangs
        throw new Error('segfault');
      },
    };
    const report = await runCampaign(bad, ns, { n: 6, seed: 1, timeoutMs: 20 });
    expect(report.cases).toBe(6);
    // A hang is no answer: its own class, never a refusal counted as agreeing with an invalid call.
    expect(report.departures.map((d) => [d.class, d.count])).toEqual([
      ['no answer (timeout)', 3],
      ['rejects valid input', 2],
    ]);
    // The third refusal is of an invalid call (seed 1 draws one): a refusal, so it agrees.
    expect(report.agree).toBe(1);
    expect(report.departures[0].example.reason).toBe('no answer within 20 ms');
    // (The example is re-run while minimised, and this runtime alternates: either answer.)
    for (const d of report.departures)
      expect(d.example.got).toMatch(/^error: (segfault|timeout after 20 ms)$/);
  });

  it('a runtime that hangs on every case agrees with none (invalid calls included)', async () => {
    const hangs: Runtime = { name: 'hangs', ops: ['onnx.Gather'], run: () => new Promise<never>(() => {}) };
    const report = await runCampaign(hangs, ns, { n: 30, seed: 3, timeoutMs: 5 });
    expect(report.agree + report.allowed).toBe(0);
    expect(report.departures.map((d) => [d.class, d.count])).toEqual([['no answer (timeout)', 30]]);
  });
});
