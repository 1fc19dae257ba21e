/**
 * Issue 23: ONNX export of index tuples — `numpy.index` and every `numpy.<ufunc>.at`,
 * `torch.index` and `torch.index_put` with slices, new axes, ellipses, integers, integer arrays
 * and bool / uint8 masks — as one GatherND / ScatterND with the nodes around it
 * (src/export/onnx-general.ts: NonZero, Slice, Expand, Concat, Transpose, Reshape). Each model
 * runs in onnxruntime-node and its output is compared byte for byte with `execute(call)`: named
 * cases, then random tuples from a fresh printed seed. What ONNX cannot express is refused with a
 * typed error naming why (one named test per code).
 */
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { type CoreCall, execute } from '../src/core/call.js';
import { resolveGatherOptions } from '../src/core/policy.js';
import { OnnxExportError, onnxGraph, onnxInputs, toOnnx } from '../src/export/index.js';
import { numpy } from '../src/frameworks/numpy.js';
import { Slice } from '../src/frameworks/numpy/indexing.js';
import { GatherScatterError, torch } from '../src/index.js';
import { cast } from '../src/tensor/ops.js';
import { type Tensor, arange, tensor } from '../src/tensor/tensor.js';
import type { DType } from '../src/tensor/dtype.js';
import { codeOf as code } from './helpers/errors.js';
import { differentialSeed } from './helpers/seed.js';
import { rng } from './reference/random-cases.js';
import { coreCall } from './helpers/core-call.js';

const bytes = (t: ArrayBufferView) => Buffer.from(t.buffer, t.byteOffset, t.byteLength);

/** The model's output (dims and a copy of its bytes, taken before the session is released). */
async function runOnnx(call: CoreCall, opset = 18): Promise<{ dims: number[]; data: Buffer }> {
  const session = await ort.InferenceSession.create(toOnnx(call, { opset }), {
    logSeverityLevel: 4,
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
  });
  try {
    const feeds: Record<string, ort.Tensor> = {};
    for (const [name, t] of Object.entries(onnxInputs(call, { opset })))
      feeds[name] = new ort.Tensor(t.dtype as 'float32', t.data as Float32Array, [...t.shape]);
    const out = (await session.run(feeds)).output;
    return { dims: [...out.dims].map(Number), data: Buffer.from(bytes(out.data as ArrayBufferView)) };
  } finally {
    await session.release();
  }
}

/** Whether onnxruntime's output equals execute's: dims and every byte. */
async function same(call: CoreCall, opset = 18): Promise<boolean> {
  const want = execute(call);
  const got = await runOnnx(call, opset);
  return (
    got.dims.length === want.rank &&
    got.dims.every((n, i) => n === want.shape[i]) &&
    got.data.equals(bytes(want.data as ArrayBufferView))
  );
}

async function expectSame(call: CoreCall, opset = 18): Promise<void> {
  expect(await same(call, opset)).toBe(true);
}

/** A tuple as Python writes it, for failure messages. */
const show = (t: readonly unknown[]) =>
  t
    .map((i) =>
      i === null
        ? 'None'
        : i === ellipsis
          ? '...'
          : typeof i === 'number'
            ? String(i)
            : i instanceof Slice
              ? `${i.start ?? ''}:${i.stop ?? ''}:${i.step ?? ''}`
              : JSON.stringify((i as Tensor).toArray(), (_k, v) => (typeof v === 'bigint' ? Number(v) : v)),
    )
    .join(', ');

const f32 = (t: Tensor) => cast(t, 'float32');
const a = f32(arange(12).reshape([3, 4]));
const b = f32(arange(24).reshape([2, 3, 4]));
/**
 * A 0-d float32 `b`: after a slice NumPy reads a JS int's dtype (int64, a float64 loop: a program,
 * numpy/at-cast.ts), so the single-scatter cases give `b` in `a`'s dtype.
 */
const f32s = (v: number) => tensor(v, 'float32');
const m3 = tensor([true, false, true]);
const i64 = (...v: number[]) => tensor(v.map(BigInt), 'int64');
const { slice, ellipsis, newaxis } = numpy;

describe('named tuples: onnxruntime computes execute’s bytes', () => {
  const cases: [string, () => CoreCall][] = [
    ['numpy a[1:3]', () => numpy.lower.index(a, [slice(1, 3)])],
    ['numpy a[mask, 1:3]', () => numpy.lower.index(a, [m3, slice(1, 3)])],
    ['numpy a[::-1, [0, 2]]', () => numpy.lower.index(a, [slice(null, null, -1), [0, 2]])],
    ['numpy a[None, ..., [1]]', () => numpy.lower.index(a, [newaxis, ellipsis, [1]])],
    ['numpy b[:, mask, ::2]', () => numpy.lower.index(b, [slice(), m3, slice(null, null, 2)])],
    [
      'numpy b[[0, 1], :, [1, -1]] (separated: S first)',
      () => numpy.lower.index(b, [[0, 1], slice(), [1, -1]]),
    ],
    ['numpy b[1:, None, 1, 1:3]', () => numpy.lower.index(b, [slice(1, null), newaxis, 1, slice(1, 3)])],
    [
      'numpy b[..., 2-D mask]',
      () =>
        numpy.lower.index(b, [
          ellipsis,
          tensor([
            [true, false, false, true],
            [false, true, false, false],
            [true, true, false, false],
          ]),
        ]),
    ],
    ['numpy a[True] (0-d mask)', () => numpy.lower.index(a, [tensor(true)])],
    ['numpy a[5:, [0]] (empty slice)', () => numpy.lower.index(a, [slice(5, null), [0]])],
    [
      'numpy a[all-false mask, 1:]',
      () => numpy.lower.index(a, [tensor([false, false, false]), slice(1, null)]),
    ],
    ['numpy a[mask, 1] on int64 data', () => numpy.lower.index(arange(12).reshape([3, 4]), [m3, 1])],
    [
      'numpy a[1:, mask] on bool data',
      () =>
        numpy.lower.index(
          tensor([
            [true, false],
            [false, true],
          ]),
          [slice(1, null), tensor([true, true])],
        ),
    ],
    [
      'numpy add.at(a, (:, [0, 2, 0]), 1)',
      () => coreCall(numpy.lower.add.at(a, [slice(), [0, 2, 0]], f32s(1))),
    ],
    ['numpy add.at(a, mask, 1)', () => coreCall(numpy.lower.add.at(a, [m3], 1))],
    [
      'numpy subtract.at(a, (1:3, 1), 4)',
      () => coreCall(numpy.lower.subtract.at(a, [slice(1, 3), 1], f32s(4))),
    ],
    [
      'numpy multiply.at(b, (mask, 1:3), 2)',
      () => coreCall(numpy.lower.multiply.at(b, [tensor([true, false]), slice(1, 3)], 2)),
    ],
    [
      'numpy minimum.at(b, (::-1, [0, 0], 2:), 5)',
      () => coreCall(numpy.lower.minimum.at(b, [slice(null, null, -1), [0, 0], slice(2, null)], f32s(5))),
    ],
    [
      'numpy maximum.at(a, (None, mask), 7) on float64',
      () => coreCall(numpy.lower.maximum.at(cast(a, 'float64'), [newaxis, m3], 7)),
    ],
    ['torch x[:, [2, -3]]', () => torch.lower.index(a, [null, i64(2, -3)])],
    ['torch x[:, mask]', () => torch.lower.index(a, [null, tensor([true, false, true, true])])],
    ['torch x[uint8 mask]', () => torch.lower.index(a, [tensor([1, 0, 1], 'uint8')])],
    ['torch x[mask] = 0', () => torch.lower.index_put(a, [m3], tensor(0, 'float32'))],
    ['torch x[:, [1]] = 0', () => torch.lower.index_put(a, [null, i64(1)], tensor(0, 'float32'))],
    [
      'torch x[:, [0, 0]] += 1 (accumulate)',
      () => torch.lower.index_put(a, [null, i64(0, 0)], tensor(1, 'float32'), { accumulate: true }),
    ],
    [
      'torch x[mask, 1:] … x[mask, [1, 2]] += v (accumulate)',
      () => torch.lower.index_put(a, [m3, i64(1, 2)], tensor([5, 6], 'float32'), { accumulate: true }),
    ],
  ];
  for (const [name, lower] of cases)
    it(name, async () => {
      const call = lower();
      await expectSame(call);
    });

  it('the model reads the caller’s tensors: a mask (or packed tuple) is the indices input, NonZero runs in the graph', () => {
    const call = numpy.lower.index(a, [m3, slice(1, 3)]);
    expect(onnxInputs(call).indices.dtype).toBe('int64'); // the packed tuple: mask 0/1, then the slice start
    const ops = onnxGraph(call).nodes.map((n) => n.opType);
    expect(ops).toContain('NonZero');
    expect(ops.filter((o) => o === 'GatherND')).toHaveLength(1);
    const put = torch.lower.index_put(a, [m3], tensor(0, 'float32'));
    expect(onnxInputs(put).indices.dtype).toBe('bool');
    expect(onnxGraph(put).main.opType).toBe('ScatterND');
  });

  it('opsets 13 and 26 load and compute the same', async () => {
    const call = numpy.lower.index(b, [slice(null, null, -1), m3, slice(1, 3)]);
    await expectSame(call, 13);
    await expectSame(call, 26);
    await expectSame(coreCall(numpy.lower.add.at(a, [slice(), [0, 0]], f32s(1))), 26);
  });

  it('a StableHLO windowed gather (clip: the start clamps so the window fits) exports too', async () => {
    const call: CoreCall = {
      kind: 'gather',
      op: 'stablehlo.gather',
      operand: a,
      // starts (1, 5) and (-2, 0): clamped to (1, 2) and (0, 0) for a 2×2 window of the 3×4 operand
      start_indices: i64(1, 5, -2, 0).reshape([2, 2]),
      dimension_numbers: {
        offset_dims: [1, 2],
        collapsed_slice_dims: [],
        start_index_map: [0, 1],
        index_vector_dim: 1,
        slice_sizes: [2, 2],
      },
      options: resolveGatherOptions('float32'),
    };
    expect(Array.from(execute(call).data as Float32Array)).toEqual([6, 7, 10, 11, 0, 1, 4, 5]);
    await expectSame(call);
  });

  it('an index out of range: execute refuses, and so does onnxruntime running the model', async () => {
    const good = numpy.lower.index(a, [slice(1, 3), [0, 2]]);
    const data = (good.start_indices.data as BigInt64Array).slice();
    data[data.length - 1] = 9n; // the array's 2 → 9, past the 4 columns
    const call = { ...good, start_indices: tensor(Array.from(data), 'int64', [...good.start_indices.shape]) };
    expect(() => execute(call)).toThrow(GatherScatterError);
    await expect(runOnnx(call)).rejects.toThrow();
  });
});

describe('typed refusals for what ONNX cannot express', () => {
  it('export.onnx.duplicates: torch x[:, [0, 0]] = [1, 2] writes two values to one element (ONNX leaves the order undefined)', () => {
    const call = torch.lower.index_put(a, [null, i64(0, 0)], tensor([1, 2], 'float32'));
    expect(code(() => toOnnx(call))).toBe('export.onnx.duplicates');
  });
  it('export.onnx.index_policy: a windowed scatter that skips out-of-range windows has no ONNX graph here', () => {
    const call = coreCall(numpy.lower.add.at(a, [slice(), [0, 2]], f32s(1)));
    const skip = { ...call, options: { ...call.options, mode: 'skip' as const } };
    expect(code(() => toOnnx(skip))).toBe('export.onnx.index_policy');
    expect(() => toOnnx(skip)).toThrow(OnnxExportError);
  });
  it('export.onnx.include_self: a windowed scatter without the input has no ONNX graph here', () => {
    const call = coreCall(numpy.lower.add.at(a, [slice(), [0, 2]], f32s(1)));
    const without = { ...call, options: { ...call.options, include_self: false } };
    expect(code(() => toOnnx(without))).toBe('export.onnx.include_self');
  });
  it('an empty tuple result is its empty constant, at opset 13 too (it needed Reshape allowzero, opset 14)', () => {
    const call = numpy.lower.index(a, [tensor([false, false, false]), slice(1, null)]);
    const g = onnxGraph(call, { opset: 13 });
    expect([g.outputShape, g.nodes.map((n) => n.opType)]).toEqual([execute(call).shape, ['Identity']]);
  });
});

// ---------------------------------------------------------------------------------------------
// Random tuples: every one the library computes exports and runs to the same bytes.

type R = ReturnType<typeof rng>;
const DATA: DType[] = ['float32', 'float64', 'int32', 'int64'];

function data(r: R, shape: number[], dtype: DType): Tensor {
  const n = shape.reduce((x, y) => x * y, 1);
  const v = Array.from({ length: n }, () => r.int(-9, 9));
  return tensor(dtype === 'int64' ? v.map(BigInt) : v, dtype, shape);
}

/** A random NumPy tuple for `shape` (PyTorch's: null for ':', arrays and masks only). */
function tupleFor(r: R, shape: readonly number[], torchItems: boolean): unknown[] {
  const items: unknown[] = [];
  let d = 0;
  let ellipsisUsed = false;
  const count = r.int(1, shape.length);
  while (items.length < count && d < shape.length) {
    const n = shape[d];
    const kind = torchItems
      ? r.pick(['full', 'array', 'mask'])
      : r.pick(['slice', 'slice', 'int', 'array', 'mask', 'none', 'ellipsis']);
    if (kind === 'ellipsis') {
      if (ellipsisUsed) continue;
      ellipsisUsed = true;
      items.push(ellipsis);
      d = shape.length - Math.max(0, count - items.length);
      continue;
    }
    if (kind === 'none') {
      items.push(newaxis);
      continue;
    }
    d++;
    if (kind === 'full') items.push(null);
    else if (kind === 'slice') {
      const end = () => (r.next() < 0.3 ? null : r.int(-n - 1, n + 1));
      items.push(slice(end(), end(), r.next() < 0.4 ? null : r.pick([1, 2, -1, -2, 3])));
    } else if (kind === 'int') items.push(r.int(-n, n - 1));
    else if (kind === 'array') {
      const len = r.int(1, 3);
      items.push(
        tensor(
          Array.from({ length: len }, () => BigInt(r.int(-n, n - 1))),
          'int64',
        ),
      );
    } else items.push(tensor(Array.from({ length: n }, () => r.next() < 0.5)));
  }
  return items;
}

type Lower = (r: R, x: Tensor, t: unknown[]) => CoreCall;
const UFUNCS = ['add', 'subtract', 'multiply', 'minimum', 'maximum'] as const;
const FAMILIES: [string, boolean, Lower][] = [
  ['numpy.index', false, (_r, x, t) => numpy.lower.index(x, t as never)],
  [
    'numpy.<ufunc>.at',
    false,
    // b in x's dtype: a JS int after a slice would compute in another loop dtype (a program).
    (r, x, t) => coreCall(numpy.lower[r.pick(UFUNCS)].at(x, t as never, tensor(r.int(1, 3), x.dtype))),
  ],
  ['torch.index', true, (_r, x, t) => torch.lower.index(x, t as never)],
  [
    'torch.index_put',
    true,
    (r, x, t) =>
      torch.lower.index_put(x, t as never, tensor(r.int(1, 3), x.dtype), { accumulate: r.next() < 0.5 }),
  ],
];
const CASES = 120;

describe('random tuples per family (fresh seed, printed)', () => {
  const seed = differentialSeed('export-index-tuples.test.ts');
  for (const [family, torchItems, lower] of FAMILIES)
    it(`${family}: ${CASES} tuples; every call the library computes exports to a model onnxruntime runs to the same bytes`, async () => {
      const r = rng(seed ^ family.length);
      let computed = 0;
      const refused: string[] = [];
      const wrong: string[] = [];
      for (let k = 0; k < CASES; k++) {
        const shape = Array.from({ length: r.int(1, 3) }, () => r.int(1, 4));
        const x = data(r, shape, r.pick(DATA));
        const t = tupleFor(r, shape, torchItems);
        let call: CoreCall;
        try {
          call = lower(r, x, t);
          execute(call);
        } catch (e) {
          if (!(e instanceof GatherScatterError)) throw e;
          continue; // the framework refuses this tuple too (its own tests say so)
        }
        computed++;
        try {
          toOnnx(call);
        } catch (e) {
          if (!(e instanceof OnnxExportError)) throw e;
          refused.push(e.code);
          continue;
        }
        if (!(await same(call))) wrong.push(`${x.dtype} ${JSON.stringify(shape)} [${show(t)}]`);
      }
      expect(wrong).toEqual([]);
      // Only a replace writing two different values to one element is refused (ONNX's order is undefined).
      expect([...new Set(refused)].filter((c) => c !== 'export.onnx.duplicates')).toEqual([]);
      expect(computed).toBeGreaterThan(CASES / 4);
    });
});
