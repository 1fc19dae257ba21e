/**
 * ONNX export differential: random calls of every exportable family (ONNX, PyTorch, TF, NumPy
 * frontends and the families directly) written by `toOnnx`, run by onnxruntime-node and compared
 * bit for bit with `execute(call)`; one negative case per export rule.
 */
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { type CoreCall, execute } from '../src/core/call.js';
import { resolveGatherOptions, resolveScatterOptions } from '../src/core/policy.js';
import { OnnxExportError, onnxInputs, onnxNode, toOnnx } from '../src/export/index.js';
import { fmt } from '../src/errors.js';
import * as lib from '../src/index.js';
import { PRESETS } from '../src/tables/presets.js';
import { probeArgs } from '../src/tables/probes.js';
import { buildRegistry, lowerCall } from '../src/tables/registry.js';
import {
  elementsGather,
  elementsScatter,
  ndGather,
  ndScatter,
  takeGather,
} from '../src/frameworks/families.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { rng } from './reference/random-cases.js';

type R = ReturnType<typeof rng>;
const bytes = (t: ArrayBufferView) => Buffer.from(t.buffer, t.byteOffset, t.byteLength);

async function runOnnx(call: CoreCall, opset = 18): Promise<ort.Tensor> {
  const session = await ort.InferenceSession.create(toOnnx(call, { opset }), {
    logSeverityLevel: 3,
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
  });
  const feeds: Record<string, ort.Tensor> = {};
  for (const [name, t] of Object.entries(onnxInputs(call, { opset }))) {
    feeds[name] = new ort.Tensor(t.dtype as 'float32', t.data as Float32Array, [...t.shape]);
  }
  return (await session.run(feeds)).output;
}

const DTYPES = ['float32', 'float64', 'int32', 'int64'] as const;
const values = (r: R, n: number, dtype: string) =>
  Array.from({ length: n }, () => (dtype === 'int64' ? BigInt(r.int(-50, 50)) : r.int(-50, 50)));
const rand = (r: R, shape: number[], dtype: (typeof DTYPES)[number]): Tensor =>
  tensor(
    values(
      r,
      shape.reduce((a, b) => a * b, 1),
      dtype,
    ),
    dtype,
    shape,
  );
const idx = (r: R, shape: number[], lo: number, hi: number): Tensor =>
  tensor(
    Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => BigInt(r.int(lo, hi))),
    'int64',
    shape,
  );
const shapeOf = (r: R, lo = 1) => Array.from({ length: r.int(lo, 3) }, () => r.int(1, 4));
const gp = { mode: 'error' as const, negative_indices: 'from_end' as const };
const m = (op: string) => ({ op });

/** A random exportable call and the ONNX op it should become. */
const GENS: Record<string, (r: R) => [CoreCall, string]> = {
  take(r) {
    const x = rand(r, shapeOf(r), r.pick(DTYPES));
    const axis = r.int(0, x.rank - 1);
    const n = x.shape[axis];
    return [takeGather(m('onnx.Gather'), x, idx(r, shapeOf(r, 0), -n, n - 1), axis, gp), 'Gather'];
  },
  elements(r) {
    const x = rand(r, shapeOf(r), r.pick(DTYPES));
    const axis = r.int(0, x.rank - 1);
    const ishape = x.shape.map((s, d) => (d === axis ? r.int(1, 4) : s));
    return [
      elementsGather(m('torch.gather'), x, idx(r, ishape, 0, x.shape[axis] - 1), axis, gp),
      'GatherElements',
    ];
  },
  nd(r) {
    const x = rand(r, shapeOf(r), r.pick(DTYPES));
    const b = r.int(0, x.rank - 1);
    const k = r.int(1, x.rank - b);
    const lead = x.shape.slice(0, b);
    const ishape = [...lead, ...shapeOf(r, 0).slice(0, 1), k];
    const i = idx(r, ishape, 0, 0);
    const d = i.data as BigInt64Array;
    for (let e = 0; e < d.length; e++) d[e] = BigInt(r.int(0, x.shape[b + (e % k)] - 1));
    return [ndGather(m('onnx.GatherND'), x, i, gp, { batchDims: b }), 'GatherND'];
  },
  scatter_elements(r) {
    const dtype = r.pick(DTYPES);
    const x = rand(r, shapeOf(r), dtype);
    const axis = r.int(0, x.rank - 1);
    const comp = r.pick(['replace', 'add', 'mul', 'min', 'max'] as const);
    // replace needs distinct targets along the axis: a permutation prefix
    const ishape = x.shape.map((s, d) => (d === axis ? r.int(1, s) : s));
    const outer = ishape.reduce((a, v) => a * v, 1);
    const vals: bigint[] = [];
    for (let e = 0; e < outer; e++) vals.push(BigInt(r.int(0, x.shape[axis] - 1)));
    let i = tensor(vals, 'int64', ishape);
    if (comp === 'replace') {
      // index = position along the axis: unique targets
      const strides = ishape.map((_, d) => ishape.slice(d + 1).reduce((a, v) => a * v, 1));
      i = tensor(
        vals.map((_, e) => BigInt(Math.floor(e / strides[axis]) % ishape[axis])),
        'int64',
        ishape,
      );
    }
    const u = rand(r, ishape, dtype);
    return [elementsScatter(m('onnx.ScatterElements'), x, i, u, axis, comp, gp), 'ScatterElements'];
  },
  scatter_nd(r) {
    const dtype = r.pick(DTYPES);
    const x = rand(r, shapeOf(r), dtype);
    const k = r.int(1, x.rank);
    const comp = r.pick(['add', 'mul', 'min', 'max'] as const);
    const ishape = [r.int(1, 4), k];
    const i = idx(r, ishape, 0, 0);
    const d = i.data as BigInt64Array;
    for (let e = 0; e < d.length; e++) d[e] = BigInt(r.int(0, x.shape[e % k] - 1));
    const u = rand(r, [ishape[0], ...x.shape.slice(k)], dtype);
    return [ndScatter(m('onnx.ScatterND'), x, i, u, comp, gp), 'ScatterND'];
  },
};

const CASES = Number(process.env.EXPORT_ONNX_N ?? 60);
/** EXPORT_ONNX_SEED=<salt> (EXPORT_ONNX_N=<cases>) draws other random calls; 0 keeps the fixed default. */
const SALT = Number(process.env.EXPORT_ONNX_SEED ?? 0);

describe(`toOnnx → onnxruntime = execute (random calls per family, salt ${SALT}; replay: EXPORT_ONNX_SEED=${SALT})`, () => {
  for (const [family, gen] of Object.entries(GENS)) {
    it(`${family}: ${CASES} cases`, async () => {
      const r = rng(family.length * 131 + SALT);
      for (let n = 0; n < CASES; n++) {
        const [call, opType] = gen(r);
        // a rank-1 take with 1-D indices is also element-wise; ONNX runs either
        const rank1 = (call.kind === 'gather' ? call.operand : call.inputs[0]).rank === 1;
        expect(
          rank1 && opType.startsWith('Gather') ? ['Gather', 'GatherElements', opType] : [opType],
        ).toContain(onnxNode(call).opType);
        const ours = execute(call);
        const theirs = await runOnnx(call);
        expect([...theirs.dims]).toEqual([...ours.shape]);
        expect(bytes(theirs.data as Float32Array).equals(bytes(ours.data)), `${call.op} case ${n}`).toBe(
          true,
        );
      }
    });
  }
  it('opset 13 ScatterElements (no reduction attribute) for replace', async () => {
    const call = elementsScatter(
      m('onnx.ScatterElements'),
      tensor(
        [
          [1, 2, 3],
          [4, 5, 6],
        ],
        'float32',
      ),
      tensor([[1, 0, 1]], 'int64'),
      tensor([[7, 8, 9]], 'float32'),
      0,
      'replace',
      gp,
    );
    expect(onnxNode(call, { opset: 13 }).attributes).toEqual({ axis: 0 });
    const out = await runOnnx(call, 13);
    expect(Array.from(out.data as Float32Array)).toEqual([1, 8, 3, 7, 5, 9]);
  });
});

describe('rules (one negative case each)', () => {
  const x = tensor(
    [
      [1, 2, 3],
      [4, 5, 6],
    ],
    'float32',
  );
  const cases: [string, () => unknown][] = [
    [
      'export.onnx.no_single_op',
      () =>
        toOnnx({
          kind: 'gather',
          op: 'stablehlo.gather',
          operand: x,
          // out[i] = x[idx[i], i]: a batching dim that is not leading (windowed gathers export)
          start_indices: tensor([[0], [1], [0]], 'int64'),
          dimension_numbers: {
            offset_dims: [],
            collapsed_slice_dims: [0],
            operand_batching_dims: [1],
            start_indices_batching_dims: [0],
            start_index_map: [0],
            index_vector_dim: 1,
            slice_sizes: [1, 1],
          },
          options: resolveGatherOptions('float32'),
        }),
    ],
    [
      'export.onnx.index_policy',
      () =>
        toOnnx(
          takeGather(m('numpy.take'), tensor([], 'float32', [0, 2]), tensor([1n], 'int64'), 0, {
            mode: 'wrap',
          }),
        ),
    ],
    [
      'export.onnx.reducer',
      () =>
        toOnnx(
          elementsScatter(
            m('torch.scatter_reduce'),
            x,
            tensor([[0n, 0n, 0n]], 'int64'),
            tensor([[1, 1, 1]], 'float32'),
            0,
            'mean',
            gp,
          ),
        ),
    ],
    [
      'export.onnx.reducer',
      () =>
        toOnnx(
          elementsScatter(
            m('onnx.ScatterElements'),
            x,
            tensor([[0n, 0n, 0n]], 'int64'),
            tensor([[1, 1, 1]], 'float32'),
            0,
            'max',
            gp,
          ),
          {
            opset: 16,
          },
        ),
    ],
    [
      'export.onnx.include_self',
      () =>
        toOnnx(
          elementsScatter(
            m('torch.scatter_reduce'),
            tensor([[true, false, true]]),
            tensor([[0n, 0n, 0n]], 'int64'),
            tensor([[true, true, false]]),
            0,
            'max',
            { ...gp, include_self: false },
          ),
        ),
    ],
    [
      'export.onnx.duplicates',
      () =>
        toOnnx(
          elementsScatter(
            m('torch.scatter'),
            x,
            tensor(
              [
                [0n, 0n, 0n],
                [0n, 1n, 1n],
              ],
              'int64',
            ),
            tensor(
              [
                [1, 1, 1],
                [2, 2, 2],
              ],
              'float32',
            ),
            0,
            'replace',
            gp,
          ),
        ),
    ],
    [
      'export.onnx.opset',
      () => toOnnx(takeGather(m('onnx.Gather'), x, tensor([0n], 'int64'), 0, gp), { opset: 9 }),
    ],
  ];
  for (const [code, f] of cases) {
    it(code, () => {
      expect(f).toThrow(expect.objectContaining({ code }));
    });
  }
  it('a scatter with skip mode exports when every index is in range', () => {
    const call = {
      ...ndScatter(
        m('stablehlo.scatter'),
        x,
        tensor([[1n]], 'int64'),
        tensor([[1, 1, 1]], 'float32'),
        'add',
        gp,
      ),
      options: resolveScatterOptions({ mode: 'skip' }),
    };
    expect(onnxNode(call).opType).toBe('ScatterND');
  });
});

// ---------------------------------------------------------------------------------------------
// every registered op: documented presets, baselines with in-range / negative / out-of-range /
// duplicate rows, and random hostile rows — each exported call run by onnxruntime

const NS = lib as unknown as Record<string, unknown>;
/** Ops refused for some of the test's calls only, and why. */
const REFUSED_SOMETIMES: Record<string, string> = {
  'directml.SCATTER': 'export.onnx.duplicates',
  'directml.SCATTER_ELEMENTS': 'export.onnx.duplicates',
  'directml.SCATTER_ND': 'export.onnx.duplicates',
  'jax.lax.scatter': 'export.onnx.duplicates',
  'mxnet.scatter_nd': 'export.onnx.duplicates',
  'numpy.put': 'export.onnx.duplicates',
  'numpy.put_along_axis': 'export.onnx.duplicates',
  'tensorflow.tensor_scatter_nd_update': 'export.onnx.duplicates',
  'torch.index_copy': 'export.onnx.duplicates',
  'torch.scatter': 'export.onnx.duplicates',
  'webnn.scatterElements': 'export.onnx.duplicates',
  'webnn.scatterND': 'export.onnx.duplicates',
  // windowed general calls (slice sizes smaller than the dim) have no ONNX op
  'stablehlo.gather': 'export.onnx.no_single_op',
  'stablehlo.scatter': 'export.onnx.duplicates,export.onnx.no_single_op',
};
const registry = buildRegistry(NS);

async function same(call: CoreCall, what: string): Promise<'ran' | string> {
  let ours: Tensor;
  try {
    ours = execute(call);
  } catch {
    return 'core error'; // the call itself refuses these tensors
  }
  let model: Uint8Array;
  try {
    model = toOnnx(call);
  } catch (e) {
    if (e instanceof OnnxExportError) return e.code;
    throw e;
  }
  const session = await ort.InferenceSession.create(model, {
    logSeverityLevel: 3,
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
  });
  const feeds: Record<string, ort.Tensor> = {};
  for (const [name, t] of Object.entries(onnxInputs(call)))
    feeds[name] = new ort.Tensor(t.dtype as 'float32', t.data as Float32Array, [...t.shape]);
  const theirs = (await session.run(feeds)).output;
  expect([...theirs.dims], what).toEqual([...ours.shape]);
  expect(bytes(theirs.data as Float32Array).equals(bytes(ours.data)), `${what}: ${fmt(ours)}`).toBe(true);
  return 'ran';
}

describe('every registered op through onnxruntime (presets, baselines, hostile rows)', () => {
  const exported = new Set<string>();
  const refused = new Map<string, Set<string>>();
  const record = (id: string, outcome: string) => {
    if (outcome === 'ran') exported.add(id);
    else if (outcome !== 'core error') {
      if (!refused.has(id)) refused.set(id, new Set());
      refused.get(id)?.add(outcome);
    }
  };
  it('presets and baselines', async () => {
    let ran = 0;
    for (const preset of PRESETS) {
      if (preset.expectedError) continue;
      const entry = registry.find((e) => e.id === preset.op && e.state === 'ready');
      if (!entry) continue;
      let call: CoreCall;
      try {
        call = lowerCall(NS, entry, preset.args);
      } catch {
        continue;
      }
      const o = await same(call, preset.id);
      record(entry.id, o);
      if (o === 'ran') ran++;
    }
    const r = rng(1403);
    for (const entry of registry) {
      if (entry.state !== 'ready') continue;
      const rowSets = [[1, 0], [2], [-1, 0], [3, 1], [-4], [1, 1], [r.int(-5, 5), r.int(-5, 5)]];
      if (entry.signature.family === 'batch_take' && entry.framework === 'mxnet')
        rowSets.splice(0, 7, [1, 0, 2], [-1, 3, 0]);
      for (const rows of rowSets) {
        for (const dataDType of ['float32', 'int64'] as const) {
          let call: CoreCall;
          try {
            call = lowerCall(
              NS,
              entry,
              probeArgs(entry, rows, {
                dataDType,
                ...(entry.signature.indexDType ? { indexDType: entry.signature.indexDType } : {}),
              }),
            );
          } catch {
            continue;
          }
          const o = await same(call, `${entry.id} rows ${rows.join(',')} ${dataDType}`);
          record(entry.id, o);
          if (o === 'ran') ran++;
        }
      }
    }
    // what still cannot be exported (docs/export.md lists these with the reason)
    const never = [...refused.keys()].filter((id) => !exported.has(id)).sort();
    expect(ran).toBeGreaterThanOrEqual(400);
    expect(exported.size).toBeGreaterThanOrEqual(50);
    expect(never).toEqual([]);
    // refused for some of these calls only: replace with duplicate targets (ONNX's order is undefined)
    expect(
      Object.fromEntries([...refused].map(([id, codes]) => [id, [...codes].sort().join()]).sort()),
    ).toEqual(REFUSED_SOMETIMES);
  });
  it('every mode of every op with modes, and include_self = false (small graphs), on hostile rows', async () => {
    let ran = 0;
    const rowSets = [[1, 0], [-1, 2], [3, -4], [5, 1], [-3]];
    for (const entry of registry.filter((e) => e.state === 'ready')) {
      const variants: Record<string, unknown>[] = (entry.signature.modes ?? []).map((mode) => ({ mode }));
      if (entry.id === 'torch.scatter_reduce')
        for (const reduce of ['sum', 'prod', 'amax', 'amin'])
          variants.push({ reduce, include_self: false }, { reduce, include_self: true });
      for (const attrs of variants)
        for (const rows of rowSets)
          for (const dataDType of ['float32', 'int32'] as const) {
            let call: CoreCall;
            try {
              call = lowerCall(NS, entry, probeArgs(entry, rows, { dataDType, attrs }));
            } catch {
              continue;
            }
            const o = await same(
              call,
              `${entry.id} ${JSON.stringify(attrs)} rows ${rows.join(',')} ${dataDType}`,
            );
            expect(['ran', 'core error', 'export.onnx.duplicates']).toContain(o);
            if (o === 'ran') ran++;
          }
    }
    expect(ran).toBeGreaterThanOrEqual(120);
  });
});

describe('a gather from a size-0 dim exports with the shape the core maps (C21 read the raw operand before)', () => {
  const E = (shape: number[]) => tensor([], 'float32', shape);
  const I = (shape: number[]) => tensor([], 'int64', shape);
  const { onnx, torch, numpy, tensorflow: tf } = lib;
  const cases: [string, () => CoreCall][] = [
    ['onnx.Gather [0,3] axis 0', () => onnx.lower.Gather(E([0, 3]), I([0]), { axis: 0 }) as CoreCall],
    ['onnx.Gather [2,0] axis 1', () => onnx.lower.Gather(E([2, 0]), I([2, 0]), { axis: 1 }) as CoreCall],
    ['onnx.GatherElements [0,3]', () => onnx.lower.GatherElements(E([0, 3]), I([0, 3])) as CoreCall],
    ['onnx.GatherND [0,3] depth 1', () => onnx.lower.GatherND(E([0, 3]), I([0, 1])) as CoreCall],
    ['onnx.GatherND [0,3] depth 2', () => onnx.lower.GatherND(E([0, 3]), I([4, 0, 2])) as CoreCall],
    ['torch.index_select [0,3]', () => torch.lower.index_select(E([0, 3]), 0, I([0])) as CoreCall],
    ['torch.gather [0,3]', () => torch.lower.gather(E([0, 3]), 0, I([0, 3])) as CoreCall],
    ['numpy.take flat [0]', () => numpy.lower.take(E([0]), I([0])) as CoreCall],
    ['tensorflow.gather [0,3]', () => tf.lower.gather(E([0, 3]), tensor([], 'int32', [0])) as CoreCall],
    // An empty result reads no index: TF checks none, onnxruntime's Gather would refuse this one.
    [
      'tensorflow.gather [3,0,0] axis 2, 0-d index',
      () => tf.lower.gather(E([3, 0, 0]), tensor(0, 'int32'), { axis: 2 }) as CoreCall,
    ],
    // The fill mask's reshape to [1, 0] read its 0 as "copy that dim".
    ['tensorflow.gather [0,0] axis 1', () => tf.lower.gather(E([0, 0]), I([0]), { axis: 1 }) as CoreCall],
  ];
  for (const [what, call] of cases)
    it(what, async () => {
      expect(await same(call(), what)).toBe('ran');
    });
});

describe('a 0-d index exports as a 0-d index', () => {
  it('tensorflow.gather([[1.5, 2.5, 3.5]], 0): shape [3] in onnxruntime (a [1] bound broadcast it to [1, 3])', async () => {
    const call = lib.tensorflow.lower.gather(
      tensor([[1.5, 2.5, 3.5]], 'float32'),
      tensor(0, 'int64'),
    ) as CoreCall;
    expect(await same(call, 'tf.gather 0-d')).toBe('ran');
    const clipped = lib.jax.lower.numpy.take(tensor([1.5, 2.5], 'float32'), tensor(-7, 'int32'), {
      mode: 'clip',
    }) as CoreCall;
    expect(await same(clipped, 'jnp.take 0-d clip')).toBe('ran');
  });
});
