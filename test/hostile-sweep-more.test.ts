/**
 * Junk arguments at the last public entry points the junk-input sweep (every export called with
 * null, undefined, numbers, symbols, BigInts, plain objects) answered with a TypeError: the
 * core's scatter entry and shape utilities, the 16-bit float conversions, autodiff's helpers and
 * the oracle's generator and campaign. One row per rule code, the valid call beside it so a row
 * cannot pass by refusing everything; and helpers under `node --expose-gc` (flags a worker
 * refuses), in a child process on the built package.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  JAX_RULES,
  argumentNames,
  argumentShapes,
  gradientPolicy,
  landingMap,
  scatterCoefficients,
} from '../src/autodiff/index.js';
import * as lib from '../src/index.js';
import { bfloat16Bits, bitsToBfloat16, bitsToFloat16, core, float16Bits, tensor } from '../src/index.js';
import { departureTable, libertiesOf, prng, randomCall, runCampaign, why } from '../src/oracle/index.js';
import type { Runtime } from '../src/oracle/index.js';
import { type OpEntry, buildRegistry } from '../src/tables/registry.js';
import { errorOf } from './helpers/errors.js';

const JUNK: readonly unknown[] = [undefined, null, Number.NaN, -1, 'x', Symbol('j'), 1n, {}, []];
const f32 = (xs: number[]) => tensor(xs, 'float32');
/** data[idx[i]] = upd[i] on a vector of 4 (StableHLO scatter, one index per update). */
const SCATTER_DN = {
  update_window_dims: [],
  inserted_window_dims: [0],
  scatter_dims_to_operand_dims: [0],
  index_vector_dim: 1,
};
const idx = () => tensor([[3], [1]], 'int64');

/** Every junk value in the slot gives `code` (class `cls`); none gives a TypeError. */
function expectEvery(
  call: (junk: unknown) => unknown,
  code: string,
  cls = 'InvalidArgumentError',
  junk = JUNK,
) {
  for (const j of junk)
    expect(
      errorOf(() => call(j)),
      String(typeof j),
    ).toMatchObject({ cls, code });
}

/** An async call's rejection, as errorOf reports a throw. */
async function rejectionOf(p: () => Promise<unknown>) {
  return p().then(
    () => ({ cls: 'none', code: 'no error' }),
    (e: Error & { code?: string }) => ({ cls: e.constructor.name, code: e.code ?? 'no code' }),
  );
}

describe('core.scatter / scatter1 / compileScatter', () => {
  it('core.scatter.inputs: a non-tensor input, alone or in the list', () => {
    const r = core.scatter1(f32([0, 0, 0, 0]), idx(), f32([7, 9]), SCATTER_DN, 'add');
    expect(Array.from(r.data as Float32Array)).toEqual([0, 9, 0, 7]);
    expectEvery(
      (j) => core.scatter(j as never, idx(), f32([7, 9]), SCATTER_DN),
      'core.scatter.inputs',
      undefined,
      JUNK.slice(0, -1),
    );
    expectEvery(
      (j) => core.scatter([f32([0, 0, 0, 0]), j] as never, idx(), f32([7, 9]), SCATTER_DN),
      'core.scatter.inputs',
    );
    expectEvery((j) => core.scatter1(j as never, idx(), f32([7, 9]), SCATTER_DN), 'core.scatter.inputs');
  });
  it('core.scatter.scatter_indices: scatter indices that are not a tensor', () => {
    expectEvery(
      (j) => core.scatter1(f32([0, 0, 0, 0]), j as never, f32([7, 9]), SCATTER_DN),
      'core.scatter.scatter_indices',
    );
  });
  it('core.scatter.updates: updates that are not a tensor (or a list of them)', () => {
    expectEvery(
      (j) => core.scatter1(f32([0, 0, 0, 0]), idx(), j as never, SCATTER_DN),
      'core.scatter.updates',
    );
    // An empty list is the spec's C5, not a junk argument.
    expect(errorOf(() => core.scatter([f32([0])], idx(), [], SCATTER_DN)).code).toBe('stablehlo.scatter.C5');
  });
  it('core.options: scatter options that are null or a primitive', () => {
    for (const j of [null, 1, 'x', Symbol('o'), 1n, true]) {
      expect(
        errorOf(() => core.scatter1(f32([0, 0, 0, 0]), idx(), f32([7, 9]), SCATTER_DN, 'add', j as never))
          .code,
      ).toBe('core.options');
      expect(
        errorOf(() =>
          core.compileScatter(
            [4],
            ['float32'],
            [2, 1],
            'int64',
            [2],
            ['float32'],
            SCATTER_DN,
            'add',
            j as never,
          ),
        ).code,
      ).toBe('core.options');
    }
  });
  it('core.scatter.dtypes: compileScatter with dtype lists that are not arrays; tensor.dtype for an unknown name', () => {
    const plan = core.compileScatter([4], ['float32'], [2, 1], 'int64', [2], ['float32'], SCATTER_DN, 'max');
    expect(Array.from(plan.run([f32([5, 5, 5, 5])], idx(), [f32([7, 1])])[0].data as Float32Array)).toEqual([
      5, 5, 5, 7,
    ]);
    for (const j of JUNK.slice(0, -1)) {
      expect(
        errorOf(() =>
          core.compileScatter([4], j as never, [2, 1], 'int64', [2], ['float32'], SCATTER_DN, 'add'),
        ),
      ).toMatchObject({ code: 'core.scatter.dtypes' });
      expect(
        errorOf(() =>
          core.compileScatter([4], ['float32'], [2, 1], 'int64', [2], j as never, SCATTER_DN, 'add'),
        ),
      ).toMatchObject({ code: 'core.scatter.dtypes' });
    }
    expect(
      errorOf(() =>
        core.compileScatter([4], ['x' as never], [2, 1], 'int64', [2], ['x' as never], SCATTER_DN, 'add'),
      ),
    ).toMatchObject({ cls: 'DTypeError', code: 'tensor.dtype' });
  });
});

describe('core shape and storage utilities', () => {
  it('tensor.shape: stridesOf / sameShape / unravel of a value that is not a shape', () => {
    expect(core.stridesOf([2, 3, 4])).toEqual([12, 4, 1]);
    expect([core.sameShape([2, 3], [2, 3]), core.sameShape([2, 3], [3, 2])]).toEqual([true, false]);
    expect(core.unravel(5, [2, 3])).toEqual([1, 2]);
    const notShapes = [undefined, null, Number.NaN, -1, 'x', Symbol('j'), 1n, {}, [null], [-1]];
    expectEvery((j) => core.stridesOf(j as never), 'tensor.shape', undefined, notShapes);
    expectEvery((j) => core.sameShape([2], j as never), 'tensor.shape', undefined, notShapes);
    expectEvery((j) => core.sameShape(j as never, [2]), 'tensor.shape', undefined, notShapes);
    expectEvery((j) => core.unravel(0, j as never), 'tensor.shape', undefined, notShapes);
  });
  it('core.unravel.offset: an offset that is not an integer in [0, size)', () => {
    expect(core.unravel(0, [])).toEqual([]);
    expectEvery((j) => core.unravel(j as never, [2, 3]), 'core.unravel.offset', undefined, [
      ...JUNK,
      6,
      1.5,
      2 ** 53,
    ]);
    expect(errorOf(() => core.unravel(0, [2, 0])).code).toBe('core.unravel.offset');
  });
  it('core.overlaps.tensor: overlaps with an argument that is not a tensor', () => {
    const a = f32([1, 2, 3, 4]);
    expect([core.overlaps(a, a), core.overlaps(a, f32([1]))]).toEqual([true, false]);
    expectEvery((j) => core.overlaps(j as never, a), 'core.overlaps.tensor');
    expectEvery((j) => core.overlaps(a, j as never), 'core.overlaps.tensor');
  });
});

describe('16-bit float conversions', () => {
  it('float16.value: float16Bits / bfloat16Bits of a value that is not a number', () => {
    expect([float16Bits(1), bfloat16Bits(1), float16Bits(Number.NaN), float16Bits(-0)]).toEqual([
      0x3c00, 0x3f80, 0x7e00, 0x8000,
    ]);
    const notNumbers = [undefined, null, 'x', Symbol('j'), 1n, {}, []];
    expectEvery((j) => float16Bits(j as never), 'float16.value', undefined, notNumbers);
    expectEvery((j) => bfloat16Bits(j as never), 'float16.value', undefined, notNumbers);
  });
  it('float16.bits: bitsToFloat16 / bitsToBfloat16 of a value that is not a 16-bit pattern', () => {
    expect([bitsToFloat16(0x3c00), bitsToBfloat16(0x3f80), bitsToFloat16(0xfc00), bitsToFloat16(0)]).toEqual([
      1,
      1,
      Number.NEGATIVE_INFINITY,
      0,
    ]);
    const notBits = [...JUNK, 0x10000, 1.5, '15360'];
    expectEvery((j) => bitsToFloat16(j as never), 'float16.bits', undefined, notBits);
    expectEvery((j) => bitsToBfloat16(j as never), 'float16.bits', undefined, notBits);
  });
});

/** x[idx[i]] += u[i] through the StableHLO frontend's lowering: a scatter call autodiff reads. */
const scatterCall = () =>
  lib.stablehlo.lower.scatter(
    f32([0, 0, 0, 0]),
    idx(),
    f32([7, 9]),
    SCATTER_DN,
    'add',
  ) as lib.core.ScatterCall;

describe('autodiff helpers', () => {
  it('call.type: argumentNames / argumentShapes / gradientPolicy / landingMap / scatterCoefficients of a non-call', () => {
    const call = scatterCall();
    expect(argumentNames(call)).toEqual({ operand: 'input', updates: 'updates' });
    expect(argumentShapes(call)).toEqual({ operand: [4], updates: [2] });
    expect(gradientPolicy(call)).toBe(JAX_RULES);
    expect(Array.from(landingMap(call))).toEqual([3, 1]);
    const notCalls = JUNK.filter((j) => typeof j !== 'object' || j === null || Array.isArray(j));
    for (const f of [argumentNames, argumentShapes, gradientPolicy, landingMap] as ((
      c: unknown,
    ) => unknown)[])
      expectEvery(f, 'call.type', undefined, notCalls);
    expectEvery(
      (j) => scatterCoefficients(j as never, JAX_RULES, f32([0, 9, 0, 7])),
      'call.type',
      undefined,
      notCalls,
    );
  });
  it('call.kind: landingMap and scatterCoefficients of a gather, argumentNames of a program', () => {
    const gather = lib.stablehlo.lower.gather(f32([1, 2]), tensor([[1]], 'int64'), {
      offset_dims: [],
      collapsed_slice_dims: [0],
      start_index_map: [0],
      index_vector_dim: 1,
      slice_sizes: [1],
    });
    expect(errorOf(() => landingMap(gather as never)).code).toBe('call.kind');
    expect(errorOf(() => scatterCoefficients(gather as never, JAX_RULES, f32([2]))).code).toBe('call.kind');
    expect(errorOf(() => argumentNames({ kind: 'program', op: 'x' } as never)).code).toBe('call.kind');
  });
  it('autodiff.policy: scatterCoefficients with a policy that is not one', () => {
    const call = scatterCall();
    const c = scatterCoefficients(call, JAX_RULES, f32([0, 9, 0, 7]));
    expect([Array.from(c.landing), Array.from(c.duNum)]).toEqual([
      [3, 1],
      [1, 1],
    ]);
    expectEvery(
      (j) => scatterCoefficients(call, j as never, f32([0, 9, 0, 7])),
      'autodiff.policy',
      undefined,
      [...JUNK, { duplicates: 'some', selfTiesWithoutInclude: false }, { duplicates: 'all' }],
    );
  });
  it('autodiff.result: scatterCoefficients with a result that is not a tensor', () => {
    expectEvery((j) => scatterCoefficients(scatterCall(), JAX_RULES, j as never), 'autodiff.result');
  });
});

describe('oracle', () => {
  const ns = lib as unknown as Record<string, unknown>;
  const entry = buildRegistry(ns).find(
    (e) => e.id === 'onnx.GatherElements' && e.state === 'ready',
  ) as OpEntry;
  it('call.type: libertiesOf of a non-call', () => {
    expect(libertiesOf(lib.webnn.lower.gather(f32([1, 2]), tensor([1], 'int32')))).toHaveProperty(
      'oob_outside',
    );
    expectEvery((j) => libertiesOf(j as never), 'call.type', undefined, [
      undefined,
      null,
      Number.NaN,
      'x',
      Symbol('j'),
      1n,
      [],
    ]);
  });
  it('oracle.why.lower: why of something that is not a function', () => {
    expect(why(() => lib.onnx.lower.GatherElements(f32([1, 2]), tensor([5], 'int64'))).ok).toBe(false);
    expectEvery((j) => why(j as never), 'oracle.why.lower');
    // …and a lower that returns no call (a rule it breaks is a violation; this is the caller's slip).
    expectEvery((j) => why(() => j as never), 'oracle.why.lower', undefined, [undefined, null, 5, 'x', 1n]);
  });
  it('oracle.campaign.seed: prng of a seed that is not a finite number', () => {
    const a = prng(7);
    const b = prng(7);
    expect([a.next(), a.int(1, 6)]).toEqual([b.next(), b.int(1, 6)]);
    expectEvery((j) => prng(j as never), 'oracle.campaign.seed', undefined, [
      ...JUNK.filter((j) => j !== -1),
      Number.POSITIVE_INFINITY,
    ]);
  });
  it('oracle.campaign.entry: randomCall of something that is not a registry entry', () => {
    const args = randomCall(entry, prng(1), ['float32']);
    expect(args.dataDType).toBe('float32');
    expect(Array.isArray(args.data)).toBe(true);
    expectEvery((j) => randomCall(j as never, prng(1)), 'oracle.campaign.entry');
    expectEvery((j) => randomCall({ ...entry, signature: j } as never, prng(1)), 'oracle.campaign.entry');
  });
  it('oracle.campaign.prng: randomCall with something that is not a PRNG', () => {
    expectEvery((j) => randomCall(entry, j as never), 'oracle.campaign.prng');
    expect(errorOf(() => randomCall(entry, { next: 1 } as never)).code).toBe('oracle.campaign.prng');
  });
  it('oracle.campaign.dtypes: randomCall and a runtime with dtypes that are not dtype names', () => {
    expectEvery(
      (j) => randomCall(entry, prng(1), j as never),
      'oracle.campaign.dtypes',
      undefined,
      JUNK.slice(1),
    );
    expect(errorOf(() => randomCall(entry, prng(1), ['float32', 'x' as never])).code).toBe(
      'oracle.campaign.dtypes',
    );
  });

  /** A runtime that answers every call with one wrong value: each case departs. */
  const wrong: Runtime = {
    name: 'wrong',
    ops: ['onnx.GatherElements'],
    run: () => ({ dtype: 'float32', shape: [1], values: [12345] }),
  };
  it('oracle.campaign.runtime: runCampaign with a runtime that is not one', async () => {
    const report = await runCampaign(wrong, ns, { n: 2, seed: 1 });
    expect([report.runtime, report.cases, report.agree]).toEqual(['wrong', 2, 0]);
    for (const j of [...JUNK, { name: 'r', ops: [] }, { ...wrong, dtypes: ['x'] }]) {
      const e = await rejectionOf(() => runCampaign(j as never, ns, { n: 1, seed: 1 }));
      expect(e, String(j)).toMatchObject({
        cls: 'InvalidArgumentError',
        code: (j as { dtypes?: unknown } | null)?.dtypes
          ? 'oracle.campaign.dtypes'
          : 'oracle.campaign.runtime',
      });
    }
  });
  it('oracle.campaign.namespaces: runCampaign with namespaces that are not a record', async () => {
    for (const j of JUNK.filter((x) => typeof x !== 'object' || x === null || Array.isArray(x)))
      expect(await rejectionOf(() => runCampaign(wrong, j as never, { n: 1, seed: 1 }))).toMatchObject({
        code: 'oracle.campaign.namespaces',
      });
  });
  it('oracle.campaign.options: runCampaign with options that are not { n, seed, … }', async () => {
    for (const j of [
      ...JUNK,
      { n: 1 },
      { n: -1, seed: 1 },
      { n: 1, seed: 1, ops: 'x' },
      { n: 1, seed: 1, timeoutMs: 0 },
    ])
      expect(await rejectionOf(() => runCampaign(wrong, ns, j as never)), String(typeof j)).toMatchObject({
        code: 'oracle.campaign.options',
      });
  });
  it('oracle.campaign.report: departureTable of something that is not a report', async () => {
    const report = await runCampaign(wrong, ns, { n: 1, seed: 1 });
    expect(departureTable(report).split('\n')[0]).toBe(
      'wrong: 1 cases, 0 agree, 0 allowed otherwise, 1 departure classes',
    );
    expectEvery((j) => departureTable(j as never), 'oracle.campaign.report');
    const d = report.departures[0];
    const forged = { ...report, departures: [{ ...d, example: { ...d.example, inputs: { data: 1 } } }] };
    expect(errorOf(() => departureTable(forged as never)).code).toBe('oracle.campaign.report');
    const bigint = { ...report, departures: [{ ...d, example: { ...d.example, attributes: { axis: 1n } } }] };
    expect(errorOf(() => departureTable(bigint as never)).code).toBe('oracle.campaign.report');
  });
});

describe('threads under node --expose-gc (flags a worker refuses)', () => {
  it('enableThreads starts its helpers with the flags workers accept, and a split call gives the single-thread result', () => {
    const dist = fileURLToPath(new URL('../dist/', import.meta.url));
    const script = `
      const lib = await import(${JSON.stringify(`${dist}index.js`)});
      const node = await import(${JSON.stringify(`${dist}node/index.js`)});
      const pool = await node.enableThreads({ helpers: 1, minBytes: 0 });
      const data = node.shareTensor(lib.tensor(Array.from({ length: 4096 }, (_, i) => i), 'float32'));
      const idx = node.shareTensor(lib.tensor(Array.from({ length: 4096 }, (_, i) => 4095 - i), 'int64'));
      const r = lib.onnx.Gather(data, idx);
      console.log(JSON.stringify({ size: pool.size, first: r.data[0], last: r.data[4095], gc: typeof globalThis.gc }));
      node.disableThreads(pool);`;
    const run = spawnSync(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=512', '--input-type=module', '-e', script],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ size: 1, first: 4095, last: 0, gc: 'function' });
  });
});
