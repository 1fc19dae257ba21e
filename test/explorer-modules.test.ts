/**
 * The explorer's pure modules (no DOM): the URL codec, JSON error positions, the Python call
 * parser and its round trip with the code printer, the derivation steps against the core's
 * trace, and the scatter arithmetic.
 */
import { describe, expect, it } from 'vitest';
import { scatterArithmetic } from '../explorer/arith.js';
import { pythonCode } from '../explorer/code.js';
import { flatValues, int64Numbers, jsonTensor } from '../explorer/flat.js';
import { jsonErrorAt, parseJsonField } from '../explorer/json.js';
import { Landing } from '../explorer/landing.js';
import { ramp, rampPixel } from '../explorer/palette.js';
import { parsePaste } from '../explorer/paste.js';
import { parsePythonCall } from '../explorer/pycall.js';
import { decodeState, encodeState, readHash } from '../explorer/url.js';
import { execute } from '../src/core/call.js';
import { traceCall } from '../src/core/trace.js';
import { runStablehlo } from '../src/stablehlo-text/index.js';
import { NAMESPACES } from '../src/frameworks/index.js';
import { PRESETS } from '../src/tables/presets.js';
import { buildRegistry, lowerCall } from '../src/tables/registry.js';

const registry = buildRegistry(NAMESPACES);
const entry = (id: string) => registry.find((e) => e.id === id)!;

describe('explorer URL state', () => {
  const state = {
    op: 'torch.scatter_reduce',
    data: '[1,2,3]',
    indices: '[0,0,2]',
    attrs: '{"dim":0}',
    version: '',
  };
  it('round-trips compressed and plain', async () => {
    for (const compress of [true, false]) {
      const payload = await encodeState(state, compress);
      expect(payload[0]).toBe(compress ? 'z' : 'j');
      expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
      const back = await decodeState(payload);
      expect(back).toEqual({ op: state.op, data: state.data, indices: state.indices, attrs: state.attrs });
    }
  });
  it('reads old links', () => {
    expect(readHash('#preset=onnx-gather-1')).toEqual({ kind: 'preset', id: 'onnx-gather-1' });
    expect(readHash('#op=torch.gather&tables=1')).toEqual({ kind: 'op', id: 'torch.gather', tables: true });
  });
});

describe('explorer JSON errors', () => {
  it('gives line and column', () => {
    expect(jsonErrorAt('[1, 2]')).toBeNull();
    expect(jsonErrorAt('[1, 2 3]')?.offset).toBe(6);
    expect(() => parseJsonField('indices', '[[0, 1],\n [1, x]]')).toThrow(
      /indices: invalid JSON at line 2, column 6/,
    );
  });
});

describe('explorer paste a call', () => {
  it.each([
    [
      'torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 0], [1, 0]]))',
      'torch.gather',
      { dim: 1 },
      'int64',
    ],
    [
      'import numpy as np\na = np.array([[10, 20, 30]])\nnp.take(a, np.array([2, 0]), axis=1, mode="clip")',
      'numpy.take',
      { axis: 1, mode: 'clip' },
      'int64',
    ],
    [
      'tf.gather(tf.constant([1., 2., 3.]), tf.constant([2, 0]), axis=0)',
      'tensorflow.gather',
      { axis: 0 },
      'int32',
    ],
    [
      'jnp.take(jnp.array([1, 2, 3]), jnp.array([5]), mode="fill")',
      'jax.numpy.take',
      { mode: 'fill' },
      'int32',
    ],
  ])('%s', (text, id, attrs, indexDType) => {
    const { entry: e, args } = parsePythonCall(text, registry);
    expect(e.id).toBe(id);
    expect(args.attrs).toEqual(attrs);
    expect(args.indexDType).toBe(indexDType);
    lowerCall(NAMESPACES, e, args); // lowers without error
  });
  it('reads keyword tensors, dtype= and jax.lax dimension numbers', () => {
    const a = parsePythonCall(
      'torch.scatter_reduce(input=torch.tensor([1., 2.]), dim=0, index=torch.tensor([0, 0]), src=torch.tensor([5., 6.]), reduce="amax", include_self=False)',
      registry,
    );
    expect(a.args.attrs).toEqual({ dim: 0, reduce: 'amax', include_self: false });
    expect(a.args.dataDType).toBe('float32');
    const b = parsePythonCall(
      'jax.lax.gather(jnp.array([10, 11, 12]), jnp.array([[0], [2]]), jax.lax.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(0,), start_index_map=(0,)), (1,), mode="clip")',
      registry,
    );
    expect(b.args.attrs).toEqual({
      dimension_numbers: { offset_dims: [], collapsed_slice_dims: [0], start_index_map: [0] },
      slice_sizes: [1],
      mode: 'clip',
    });
  });
  it('says where an error is', () => {
    expect(() => parsePythonCall('torch.gather(x, 1, idx)', registry)).toThrow(
      /unknown name "x".*character 14/,
    );
    expect(() => parsePythonCall('torch.gathr(torch.tensor([1]), 0, torch.tensor([0]))', registry)).toThrow(
      /unknown operator torch.gathr/,
    );
  });
  it('prints Python that reads back to the same call', () => {
    for (const p of PRESETS.filter((x) => /^(torch|numpy|tensorflow|jax)\./.test(x.op))) {
      const e = entry(p.op);
      if (e.state === 'missing') continue;
      const args = { ...p.args, attrs: { ...(e.signature.example ?? {}), ...(p.args.attrs ?? {}) } };
      const text = pythonCode(e, args);
      const back = parsePythonCall(text, registry);
      expect(back.entry.id, text).toBe(p.op);
      const a = lowerCall(NAMESPACES, e, args);
      const b = lowerCall(NAMESPACES, back.entry, back.args);
      expect(
        traceCall(b).entries.map((x) => x.operandOffset),
        text,
      ).toEqual(traceCall(a).entries.map((x) => x.operandOffset));
    }
  });
  it('reads StableHLO text through src/stablehlo-text', () => {
    const text = `%r = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>} : (tensor<3x2xf32>, tensor<2x1xi64>) -> tensor<2x2xf32>`;
    const { entry: e, args } = parsePaste(text, registry);
    expect(e.id).toBe('stablehlo.gather');
    expect(args.data).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
    lowerCall(NAMESPACES, e, args);
  });
  it('a pasted module offers each gather and scatter in it; a lone op offers no choice', () => {
    const text = `func.func @main(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  %1 = stablehlo.add %0, %u : tensor<2x3xf32>
  %2 = "stablehlo.scatter"(%x, %i, %1) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %2 : tensor<4x3xf32>
}`;
    const pasted = parsePaste(text, registry);
    expect(pasted.choices?.map((c) => c.label)).toEqual([
      '1. stablehlo.gather %0 (line 2)',
      '2. stablehlo.scatter %2 (line 4)',
    ]);
    expect(pasted.entry.id).toBe('stablehlo.gather');
    const scatter = pasted.choices?.[1];
    expect(scatter?.args.attrs).toMatchObject({ update_computation: 'replace', update_window_dims: [1] });
    if (scatter) lowerCall(NAMESPACES, scatter.entry, scatter.args);
    // a pasted op runs what `tensor-gather-scatter stablehlo` runs: the same call, bit for bit
    const call = lowerCall(NAMESPACES, pasted.entry, pasted.args);
    const first = text.split('\n')[1].trim();
    if (call.kind !== 'gather') throw new Error('expected the gather first');
    const cli = runStablehlo(first, [call.operand, call.start_indices]);
    expect(execute(call).toArray()).toEqual(cli.value.toArray());
    const lone = parsePaste(first, registry);
    expect(lone.choices).toBeUndefined();
  });
});

describe('explorer derivation', () => {
  it('agrees with the trace on every element of the batched StableHLO gather', () => {
    const p = PRESETS.find((x) => x.id === 'stablehlo-gather-batching')!;
    const call = lowerCall(NAMESPACES, entry(p.op), p.args);
    const L = new Landing(call);
    const t = traceCall(call);
    for (const e of t.entries) {
      const d = L.derive(e.spaceOffset);
      expect(d.operandOffset).toBe(e.operandOffset);
      expect(d.status).toBe(e.status);
      expect(L.operandOf[e.spaceOffset]).toBe(e.operandOffset);
    }
    const d = L.derive(8);
    expect(d.steps.map((s) => s.key)).toEqual(
      ['space', 'batch', 'read', 'map', 'policy', 'batching', 'window', 'operand'].filter(
        (k) => k !== 'policy' || d.steps.some((s) => s.key === 'policy'),
      ),
    );
    expect(d.steps.find((s) => s.key === 'batching')).toBeDefined();
  });
  it('shows clamping and negative indices where they act', () => {
    const clamp = lowerCall(NAMESPACES, entry('stablehlo.gather'), {
      data: [10, 11, 12],
      indices: [[5]],
      attrs: {
        offset_dims: [],
        collapsed_slice_dims: [0],
        start_index_map: [0],
        index_vector_dim: 1,
        slice_sizes: [1],
      },
    });
    const dc = new Landing(clamp).derive(0);
    expect(dc.status).toBe('clamped');
    expect(dc.steps.find((s) => s.key === 'policy')?.values[0]).toMatchObject({ value: 2, changed: true });
    const neg = lowerCall(NAMESPACES, entry('torch.gather'), {
      data: [[1, 2, 3]],
      indices: [[-1]],
      attrs: { dim: 1 },
    });
    const L = new Landing(neg);
    const dn = L.derive(0);
    expect(dn.status).toBe(traceCall(neg).entries[0].status);
    if (dn.status === 'from_end') expect(dn.steps.some((s) => s.key === 'negative')).toBe(true);
  });
  it('scales: a 512×512 GatherElements landing map and a derivation', () => {
    const n = 512;
    const data = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => i * n + j));
    const idx = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i * 7 + j * 3) % n));
    const call = lowerCall(NAMESPACES, entry('onnx.GatherElements'), {
      data,
      indices: idx,
      attrs: { axis: 1 },
    });
    const t0 = performance.now();
    const L = new Landing(call);
    const t1 = performance.now();
    const d = L.derive(n * 3 + 5);
    const t2 = performance.now();
    console.log(`landing map ${(t1 - t0).toFixed(1)} ms, one derivation ${(t2 - t1).toFixed(3)} ms`);
    expect(d.operand).toEqual([3, (3 * 7 + 5 * 3) % n]);
    expect(L.spacesOfOperand(d.operandOffset)).toContain(n * 3 + 5);
  });
});

describe('explorer scatter arithmetic', () => {
  it('runs the duplicates in order', () => {
    const a = scatterArithmetic(
      3,
      true,
      'add',
      [
        { value: 5, update: 0 },
        { value: 1, update: 2 },
      ],
      'float32',
    );
    expect(a.text).toBe('3 → +5 → 8 → +1 → 9');
    const m = scatterArithmetic(
      3,
      false,
      'max',
      [
        { value: 5, update: 0 },
        { value: 9, update: 1 },
      ],
      'int32',
    );
    expect(m.text).toBe('— → = 5 → 5 → max 9 → 9');
    expect(scatterArithmetic(7, true, 'add', [], 'int32').text).toBe('7 (untouched)');
    expect(
      scatterArithmetic(
        1,
        true,
        'mean',
        [
          { value: 2, update: 0 },
          { value: 6, update: 1 },
        ],
        'float32',
      ).final,
    ).toBe('3');
    expect(scatterArithmetic(127, true, 'add', [{ value: 1, update: 0 }], 'int8').final).toBe('-128');
  });
});

describe('typed-array tensors from parsed JSON (explorer/flat.ts)', () => {
  it('builds the tensor toTensor would, without nested conversion', () => {
    const nested = [
      [1, -2, 3],
      [4, 5, -6],
    ];
    const t = jsonTensor(nested)!;
    expect(t.dtype).toBe('int32');
    expect(t.shape).toEqual([2, 3]);
    expect(Array.from(t.data as Int32Array)).toEqual([1, -2, 3, 4, 5, -6]);
    expect(jsonTensor([[1.5, 2]])!.dtype).toBe('float32');
    expect(jsonTensor([[1.5, 2]], undefined, true)!.dtype).toBe('float64');
    const big = [0, -1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1, -(2 ** 53) + 1, 4294967296 * 5 + 7];
    const i64 = jsonTensor(big, 'int64')!;
    expect(i64.data).toEqual(new BigInt64Array(big.map((x) => BigInt(x))));
    expect(Array.from(int64Numbers(i64.data as BigInt64Array))).toEqual(big);
    const small = [-1, 2, -(2 ** 31), 2 ** 31 - 1, 0];
    expect(jsonTensor(small, 'int64')!.data).toEqual(new BigInt64Array(small.map((x) => BigInt(x))));
    const u64 = new BigUint64Array([0n, 2n ** 63n + 5n, 2n ** 40n]);
    expect(Array.from(int64Numbers(u64))).toEqual(Array.from(u64, (x) => Number(x)));
    // Anything the registry converts itself (with its own errors): null.
    expect(jsonTensor([[1, 2], [3]])).toBeNull();
    expect(jsonTensor([true, false])).toBeNull();
    expect(jsonTensor([300], 'int8')).toBeNull();
    expect(jsonTensor([1.5], 'int64')).toBeNull();
    expect(jsonTensor(3)).toBeNull();
    expect(jsonTensor([])).toBeNull();
  });

  it('flatValues shares number storage and decodes bool', () => {
    const t = jsonTensor([1, 2, 3])!;
    expect(flatValues(t)).toBe(t.data);
    expect(Array.from(flatValues(jsonTensor([1, 0], 'bool')!))).toEqual([true, false]);
  });

  it('rampPixel packs ramp as RGBA bytes', () => {
    const bytes = new Uint8Array(4);
    const view = new Uint32Array(bytes.buffer);
    for (const t of [0, 0.1, 0.25, 0.5, 0.77, 1, -1, 2, Number.NaN, Number.POSITIVE_INFINITY]) {
      view[0] = rampPixel(t);
      expect([...bytes]).toEqual([...ramp(t), 255]);
    }
  });
});
