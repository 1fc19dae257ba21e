/**
 * verify(call, candidate): the library's own result is allowed for every preset and random call;
 * candidates derived from an allowed liberty (another duplicate order, another winner, another
 * NaN payload) are allowed; planted departures are rejected with the rule that pins them.
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { jax, numpy, onnx, stablehlo, tensor, torch, webnn } from '../src/index.js';
import { type CoreCall, execute } from '../src/core/call.js';
import { GatherScatterError } from '../src/errors.js';
import { libertiesOf } from '../src/oracle/allowed.js';
import { type Candidate, verify, verifyLowering } from '../src/oracle/verify.js';
import { why, whyModule } from '../src/oracle/why.js';
import { PRESETS } from '../src/tables/presets.js';
import { type CallArgs, buildRegistry, lowerCall } from '../src/tables/registry.js';
import { Tensor } from '../src/tensor/tensor.js';
import { rng } from './reference/random-cases.js';

const ns = lib as unknown as Record<string, unknown>;
const registry = buildRegistry(ns);

/** The library's own answer to a call: its result, or its error. */
function own(lower: () => CoreCall): Candidate {
  try {
    return execute(lower());
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    return { error: e.message };
  }
}

/** A copy of `t` with element `i` set to `v` (a planted departure). */
function planted(t: Tensor, i: number, v: number): Tensor {
  const data = t.data.slice() as Float32Array;
  (data as unknown as number[])[i] = v;
  return new Tensor(t.dtype, t.shape, data);
}

/** A value no input holds and no rounding reaches. */
function far(t: Tensor): number {
  return t.dtype === 'float32' || t.dtype === 'float64' ? 987654.5 : 98765;
}

describe("verify accepts the library's own result", () => {
  const ready = PRESETS.filter((p) => registry.find((e) => e.id === p.op)?.state === 'ready');

  it('for every preset (lowered, executed, verified), and rejects a planted change in each', () => {
    let checked = 0;
    let plantedChecked = 0;
    for (const p of ready) {
      const entry = registry.find((e) => e.id === p.op)!;
      const lower = () => lowerCall(ns, entry, p.args);
      const mine = own(lower);
      const v = verifyLowering(lower, mine);
      expect(v.verdict, `${p.id}: ${JSON.stringify(v.violations)}`).not.toBe('departs');
      checked++;
      if (
        mine instanceof Tensor &&
        mine.size > 0 &&
        v.verdict === 'allowed' &&
        typeof mine.data[0] === 'number'
      ) {
        const bad = verifyLowering(lower, planted(mine, 0, far(mine)));
        expect(bad.verdict, p.id).toBe('departs');
        expect(bad.violations[0].position).toEqual(mine.shape.map(() => 0));
        expect(bad.violations[0].rule.code).toBeTruthy();
        plantedChecked++;
      }
      if (!(mine instanceof Tensor)) {
        // The framework pins an error: a runtime that returns values accepts invalid input.
        const bad = verifyLowering(lower, tensor([1, 2, 3], 'float32'));
        expect(bad.verdict, p.id).toBe('departs');
        expect(bad.violations[0].class).toBe('accepts invalid input');
      }
    }
    expect(checked).toBe(ready.length);
    expect(checked).toBeGreaterThan(40);
    expect(plantedChecked).toBeGreaterThan(30);
  });

  /** Random calls of scatter and gather ops through the registry: shapes per addressing family. */
  /** ORACLE_VERIFY_SEED=<first> runs the 60 calls per op from another first seed; 1 is the fixed default. */
  const FIRST = Number(process.env.ORACLE_VERIFY_SEED ?? 1);
  const RANDOM_OPS: readonly [string, Record<string, unknown>][] = [
    ['onnx.ScatterElements', { axis: 0, reduction: 'none' }],
    ['onnx.ScatterElements', { axis: 0, reduction: 'add' }],
    ['onnx.ScatterElements', { axis: 0, reduction: 'max' }],
    ['onnx.ScatterND', { reduction: 'add' }],
    ['onnx.ScatterND', { reduction: 'none' }],
    ['onnx.ScatterND', { reduction: 'mul' }],
    ['torch.scatter_add', { dim: 0 }],
    ['torch.scatter', { dim: 0 }],
    ['torch.index_add', { dim: 0 }],
    ['torch.index_copy', { dim: 0 }],
    ['numpy.add.at', {}],
    ['numpy.maximum.at', {}],
    ['tensorflow.tensor_scatter_nd_add', {}],
    ['tensorflow.tensor_scatter_nd_update', {}],
    ['webnn.scatterND', {}],
    ['webnn.scatterElements', { axis: 0 }],
    ['onnx.Gather', { axis: 0 }],
    ['onnx.GatherElements', { axis: 0 }],
    ['onnx.GatherND', {}],
    ['numpy.take', { axis: 0, mode: 'wrap' }],
    ['webnn.gather', { axis: 0 }],
  ];

  function randomArgs(seed: number, id: string, attrs: Record<string, unknown>): CallArgs {
    const r = rng(seed);
    const entry = registry.find((e) => e.id === id)!;
    const family = entry.signature.family;
    const k = r.int(1, 7);
    const value = () => (r.next() < 0.08 ? Number.NaN : r.pick([1e8, 1, -1, 0.1, 3, -1e8, 0.5, 7]));
    const data = Array.from({ length: 5 }, () => [value(), value(), value()]);
    const idx = () => r.int(-6, 5);
    const rows = (n: number) => Array.from({ length: k }, () => Array.from({ length: n }, idx));
    const upd = Array.from({ length: k }, () => [value(), value(), value()]);
    const indices =
      family === 'nd' || family === 'scatter_nd'
        ? rows(1)
        : family === 'elements' || family === 'scatter_elements'
          ? rows(3)
          : Array.from({ length: k }, idx);
    return {
      data,
      indices,
      ...(entry.signature.kind === 'scatter' ? { updates: upd } : {}),
      attrs,
      dataDType: 'float32',
    };
  }

  it(`for 60 random calls of each of 21 ops (seeds ${FIRST}…${FIRST + 59}, replay: ORACLE_VERIFY_SEED=${FIRST}); another duplicate order is allowed where the framework leaves it open`, () => {
    let liberties = 0;
    let departures = 0;
    for (const [id, attrs] of RANDOM_OPS) {
      const entry = registry.find((e) => e.id === id)!;
      expect(entry.state, id).toBe('ready');
      for (let seed = FIRST; seed < FIRST + 60; seed++) {
        const args = randomArgs(seed * 7919 + id.length, id, attrs);
        const lower = () => lowerCall(ns, entry, args);
        const mine = own(lower);
        const v = verifyLowering(lower, mine);
        expect(v.verdict, `${id} seed ${seed}: ${JSON.stringify(v.violations[0])}`).not.toBe('departs');
        if (entry.signature.kind !== 'scatter' || !(mine instanceof Tensor)) continue;
        // Reversing the index rows (with their updates) applies the same updates in the reverse order.
        const reversed: CallArgs = {
          ...args,
          indices: [...(args.indices as unknown[])].reverse() as never,
          updates: [...(args.updates as unknown[])].reverse() as never,
        };
        const other = own(() => lowerCall(ns, entry, reversed));
        if (!(other instanceof Tensor)) continue;
        const call = lower();
        const free = libertiesOf(call);
        const w = verify(call, other);
        if (free.winner || free.order) {
          expect(w.verdict, `${id} seed ${seed} reversed: ${JSON.stringify(w.violations[0])}`).not.toBe(
            'departs',
          );
          if (w.liberties.length > 0) liberties++;
        } else if (w.verdict === 'departs') departures++;
      }
    }
    // The liberties were really exercised, and a pinned order really is pinned somewhere. A guard
    // against a vacuous run, not a count: 12 first seeds gave 14–31 liberties (28 from seed 1), so
    // the old bound of 20 failed fresh seeds (ORACLE_VERIFY_SEED=1621912231 gave 18).
    expect(liberties).toBeGreaterThan(5);
    expect(departures).toBeGreaterThan(0);
  });
});

describe('allowed liberties', () => {
  const f32 = (v: unknown) => tensor(v as never, 'float32');

  it('ONNX ScatterND reduction none with duplicates: any winner, or an error; never another value', () => {
    const data = f32([0, 0, 0, 0]);
    const idx = tensor([[1], [1], [3]], 'int64');
    const upd = f32([5, 7, 9]);
    const call = onnx.lower.ScatterND(data, idx, upd);
    // This library's relaxed run keeps the last (7); the first (5) is the liberty.
    expect(verify(call, f32([0, 7, 0, 9]))).toMatchObject({ verdict: 'allowed', liberties: [] });
    const five = verify(call, f32([0, 5, 0, 9]));
    expect(five.verdict).toBe('allowed');
    expect(five.liberties).toEqual([
      { rule: expect.objectContaining({ code: 'onnx.Scatter.duplicates' }), elements: 1, method: 'winner' },
    ]);
    expect(verify(call, { error: 'duplicate indices' }).verdict).toBe('allowed');
    const bad = verify(call, f32([0, 12, 0, 9]));
    expect(bad.verdict).toBe('departs');
    expect(bad.violations[0]).toMatchObject({
      position: [1],
      expected: 'one of {7, 5} (winner)',
      got: '12',
      rule: { code: 'onnx.Scatter.duplicates' },
    });
  });

  it('PyTorch index_put accumulate=False: any duplicate may win', () => {
    const call = torch.lower.index_put(f32([0, 0, 0]), [tensor([2, 0, 2], 'int64')], f32([1, 2, 3]));
    expect(execute(call).toArray()).toEqual([2, 0, 3]);
    const v = verify(call, f32([2, 0, 1]));
    expect(v.verdict).toBe('allowed');
    expect(v.liberties[0].rule.code).toBe('torch.index_put.duplicates');
    expect(verify(call, f32([2, 0, 2])).verdict).toBe('departs');
  });

  it('StableHLO scatter add: every order of a small duplicate group (exhaustive), a rounding bound for a big one', () => {
    const dn = {
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
      index_vector_dim: 1,
    };
    const idx = tensor([[0], [0], [0], [1]], 'int32');
    const call = stablehlo.lower.scatter(f32([0, 0]), idx, f32([1e8, 1, -1e8, 4]), dn, 'add');
    expect(execute(call).toArray()).toEqual([0, 4]);
    // 1 + (1e8 - 1e8) = 1: the order (1, 1e8, -1e8) rounds the 1 away, (1e8, -1e8, 1) keeps it.
    const v = verify(call, f32([1, 4]));
    expect(v.verdict).toBe('allowed');
    expect(v.liberties).toEqual([
      {
        rule: expect.objectContaining({ code: 'stablehlo.scatter.schedule' }),
        elements: 1,
        method: 'exhaustive',
      },
    ]);
    expect(verify(call, f32([2, 4])).verdict).toBe('departs');
    // Ten updates to one element: 10! orders are not run; the bound 2·γ(n−1)·Σ|x| decides.
    const many = Array.from({ length: 10 }, (_, i) => 0.1 * (i + 1));
    const big = stablehlo.lower.scatter(
      f32([0]),
      tensor(
        many.map(() => [0]),
        'int32',
      ),
      f32(many),
      dn,
      'add',
    );
    const ref = execute(big).data[0] as number;
    const near = verify(big, f32([Math.fround(ref + 2 ** -20)]));
    expect(near.verdict).toBe('allowed');
    expect(near.liberties[0].method).toBe('bound');
    const off = verify(big, f32([ref + 1e-3]));
    expect(off.verdict).toBe('departs');
    expect(off.violations[0].expected).toMatch(/within .* \(bound\)/);
  });

  it('NumPy add.at pins the order: the rounding of another order departs', () => {
    const call = numpy.lower.add.at(f32([0]), tensor([0, 0, 0], 'int64'), f32([1, 1e8, -1e8]));
    expect(execute(call).toArray()).toEqual([0]);
    expect(libertiesOf(call)).toEqual({});
    expect(verify(call, f32([1])).verdict).toBe('departs');
  });

  it('NaN payloads are free; a dropped NaN is not (jax scatter_max)', () => {
    const dn = { update_window_dims: [], inserted_window_dims: [0], scatter_dims_to_operand_dims: [0] };
    const call = jax.lower.lax.scatter_max(f32([1, 2]), tensor([[0]], 'int32'), f32([Number.NaN]), dn);
    const quiet = execute(call);
    expect(Number.isNaN(quiet.data[0] as number)).toBe(true);
    const payload = new Float32Array([0, 2]);
    new Uint32Array(payload.buffer)[0] = 0x7fc00123;
    expect(verify(call, new Tensor('float32', [2], payload)).verdict).toBe('allowed');
    const dropped = verify(call, f32([1, 2]));
    expect(dropped.verdict).toBe('departs');
    expect(dropped.violations[0]).toMatchObject({ class: 'NaN dropped', position: [0] });
  });

  it("a broken promise or a WebNN out-of-bounds index is outside the spec's domain, whatever the candidate", () => {
    const dn = {
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
      index_vector_dim: 1,
      unique_indices: true,
    };
    const call = stablehlo.lower.scatter(f32([0, 0]), tensor([[1], [1]], 'int32'), f32([1, 2]), dn, 'add');
    const v = verify(call, f32([42, 42]));
    expect(v.verdict).toBe('outside_domain');
    expect(v.domain?.reason).toMatch(/^input outside the spec's domain/);
    const g = webnn.lower.gather(f32([1, 2, 3]), tensor([7], 'int32'));
    const w = verify(g, f32([0]));
    expect(w.verdict).toBe('outside_domain');
    expect(w.domain?.rule.code).toBe('webnn.indices.out_of_bounds');
  });
});

describe('planted departures', () => {
  const f32 = (v: unknown) => tensor(v as never, 'float32');

  it('a wrong negative index (ONNX Gather counts from the end)', () => {
    const call = onnx.lower.Gather(f32([10, 20, 30]), tensor([-1], 'int64'));
    expect(verify(call, f32([30])).verdict).toBe('allowed');
    const v = verify(call, f32([10]));
    expect(v.verdict).toBe('departs');
    expect(v.violations[0]).toMatchObject({ class: 'wrong value', expected: '30', got: '10' });
  });

  it('an invalid shape accepted, an out-of-bounds index accepted, a valid call refused', () => {
    const shape = verifyLowering(
      () => onnx.lower.GatherND(f32([1, 2]), tensor([[0, 0, 0]], 'int64')),
      f32([1]),
    );
    expect(shape.verdict).toBe('departs');
    expect(shape.violations[0].class).toBe('accepts invalid input');
    expect(shape.violations[0].rule.code).toMatch(/^onnx\.GatherND/);
    const oob = verify(onnx.lower.Gather(f32([1, 2]), tensor([5], 'int64')), f32([2]));
    expect(oob.violations[0]).toMatchObject({
      class: 'accepts invalid input',
      rule: { code: 'onnx.Gather-13.index_out_of_bounds' },
    });
    const refused = verify(onnx.lower.Gather(f32([1, 2]), tensor([1], 'int64')), { error: 'nope' });
    expect(refused.violations[0].class).toBe('rejects valid input');
  });

  it('a wrong dtype or shape', () => {
    const call = onnx.lower.Gather(f32([1, 2]), tensor([1], 'int64'));
    expect(verify(call, tensor([2], 'float64')).violations[0].class).toBe('wrong shape or dtype');
    expect(verify(call, f32([2, 2])).violations[0].class).toBe('wrong shape or dtype');
  });
});

describe('why', () => {
  it('lists every out-of-bounds index, not only the first', () => {
    const w = why(() =>
      onnx.lower.GatherND(
        tensor(
          [
            [1, 2],
            [3, 4],
          ],
          'float32',
        ),
        tensor(
          [
            [0, 5],
            [1, 1],
            [9, 0],
          ],
          'int64',
        ),
      ),
    );
    expect(w.ok).toBe(false);
    expect(w.complete).toBe(true);
    expect(w.violations.map((x) => x.position)).toEqual([
      [0, 0],
      [2, 0],
    ]);
    expect(w.violations.every((x) => x.code.startsWith('onnx.GatherND'))).toBe(true);
  });

  it('lists every forbidden duplicate target (ONNX reduction none)', () => {
    const w = why(() =>
      onnx.lower.ScatterND(
        tensor([0, 0, 0], 'float32'),
        tensor([[0], [0], [2], [2], [1]], 'int64'),
        tensor([1, 2, 3, 4, 5], 'float32'),
      ),
    );
    expect(w.violations.map((x) => x.code)).toEqual([
      'onnx.ScatterND-18.duplicate_indices',
      'onnx.ScatterND-18.duplicate_indices',
    ]);
    expect(w.violations[1].message).toContain('2 updates write element [2]');
  });

  it('a shape rule stops the check (complete: false); a valid call has none', () => {
    const w = why(() => onnx.lower.GatherND(tensor([1, 2], 'float32'), tensor([[0, 0, 0]], 'int64')));
    expect(w).toMatchObject({ ok: false, complete: false });
    expect(w.violations).toHaveLength(1);
    expect(why(() => onnx.lower.Gather(tensor([1, 2], 'float32'), tensor([1], 'int64')))).toMatchObject({
      ok: true,
      violations: [],
    });
  });

  it('StableHLO text: every violation the reader finds, each with its rule code and line', () => {
    const gather =
      '  %r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0, 0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>} : (tensor<3xf32>, tensor<2x1xi64>) -> tensor<2xf32>';
    const text = [
      'func.func @main(%x: tensor<3xf32>, %i: tensor<2x1xi64>) -> tensor<2xf32> {',
      gather,
      '  %s = stablehlo.add %r, %x : tensor<2xf32>',
      '  func.return %r : tensor<2xf32>',
      '}',
    ].join('\n');
    const w = whyModule(text);
    expect(w).toMatchObject({ ok: false, complete: true });
    expect(w.violations.map((v) => [v.code, v.line]).sort()).toEqual([
      ['stablehlo.add.C1', 3],
      ['stablehlo.gather.C1', 2],
      ['stablehlo_text.operand_type', 3],
    ]);
    const fixed = text.replace('[0, 0]', '[0]').replace('  %s = stablehlo.add %r, %x : tensor<2xf32>\n', '');
    expect(whyModule(fixed)).toMatchObject({ ok: true, violations: [] });
  });
});

describe('documented device differences', () => {
  it('TF: an out-of-bounds gather is an error on CPU and zeros on GPU; both are allowed, nothing else', () => {
    const call = lib.tf.lower.gather(
      tensor(
        [
          [1, 2],
          [3, 4],
        ],
        'float32',
      ),
      tensor([1, 5], 'int32'),
    );
    expect(() => execute(call)).toThrow(/index_out_of_bounds/);
    expect(verify(call, { error: 'indices[1] = 5 is not in [0, 2)' }).verdict).toBe('allowed');
    const gpu = verify(
      call,
      tensor(
        [
          [3, 4],
          [0, 0],
        ],
        'float32',
      ),
    );
    expect(gpu.verdict).toBe('allowed');
    expect(gpu.liberties[0]).toMatchObject({ method: 'device', rule: { code: 'tensorflow.gather.devices' } });
    // Clamping (XLA's answer) is neither device's eager answer.
    expect(
      verify(
        call,
        tensor(
          [
            [3, 4],
            [3, 4],
          ],
          'float32',
        ),
      ).violations[0].class,
    ).toBe('accepts invalid input');
  });
});
