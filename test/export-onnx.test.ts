/**
 * ONNX export differential: random calls of every exportable family (ONNX, PyTorch, TF, NumPy
 * frontends and the families directly) written by `toOnnx`, run by onnxruntime-node and compared
 * bit for bit with `execute(call)`; one negative case per export rule.
 */
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { type CoreCall, execute } from '../src/core/call.js';
import { resolveGatherOptions, resolveScatterOptions } from '../src/core/policy.js';
import { onnxInputs, onnxNode, toOnnx } from '../src/export/index.js';
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

const CASES = 60;

describe('toOnnx → onnxruntime = execute (random calls per family)', () => {
  for (const [family, gen] of Object.entries(GENS)) {
    it(`${family}: ${CASES} cases`, async () => {
      const r = rng(family.length * 131);
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
          start_indices: tensor([[0, 1]], 'int64'),
          dimension_numbers: {
            offset_dims: [1, 2],
            collapsed_slice_dims: [],
            start_index_map: [0, 1],
            index_vector_dim: 1,
            slice_sizes: [1, 2],
          },
          options: resolveGatherOptions('float32'),
        }),
    ],
    [
      'export.onnx.index_policy',
      () => toOnnx(takeGather(m('jax.numpy.take'), x, tensor([5n], 'int64'), 0, { mode: 'clip' })),
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
            x,
            tensor([[0n, 0n, 0n]], 'int64'),
            tensor([[1, 1, 1]], 'float32'),
            0,
            'max',
            {
              ...gp,
              include_self: false,
            },
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
    [
      'export.onnx.reshape',
      () =>
        toOnnx({
          ...ndScatter(m('x'), x, tensor([[0n]], 'int64'), tensor([[1, 1, 1]], 'float32'), 'add', gp),
          reshape: [3, 2],
        }),
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
