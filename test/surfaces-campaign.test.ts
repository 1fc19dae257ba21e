/**
 * Every surface on every registry op, with the hard values: a seeded campaign that draws calls of
 * each ready op of src/tables/registry.ts (all eleven frameworks) plus jax.at methods and
 * torch.index_put, over ordinary and size-0 shapes, many dtypes (float32/64/16, bfloat16, int8/32/64,
 * uint8, bool, complex64) with NaNs of both signs, −0 and ±∞, negative, out-of-bounds and duplicate
 * indices, every mode and reduction an op has. For each call: the public framework function and
 * `execute` of its lowering give the same bytes or the same error code; and for each call that
 * runs, the surfaces of
 * test/helpers/surfaces.ts (StableHLO text read back, vjp, ONNX export in onnxruntime, translate,
 * verify) agree with `execute`. The seed is printed; DIFFERENTIAL_SEED replays it,
 * SURFACES_CAMPAIGN_N sets the count (large runs: SURFACES_CAMPAIGN_N=5000).
 */
import { describe, expect, it } from 'vitest';
import { execute, stablehloText } from '../src/core/call.js';
import { programOf } from '../src/ir/lowered.js';
import { runText } from '../src/stablehlo-text/run-text.js';
import { complex } from '../src/tensor/complex.js';
import { GatherScatterError } from '../src/errors.js';
import { OnnxExportError, toOnnx } from '../src/export/index.js';
import * as lib from '../src/index.js';
import { type CallArgs, type OpEntry, buildRegistry, lowerCall, runCall } from '../src/tables/registry.js';
import type { DType } from '../src/tensor/dtype.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { differentialSeed } from './helpers/seed.js';
import { type Bits, type Lowered, bits, checkSurfaces, outOfBounds, viaOnnx } from './helpers/surfaces.js';
import { rng } from './reference/random-cases.js';

type R = ReturnType<typeof rng>;
const N = Number(process.env.SURFACES_CAMPAIGN_N ?? 600);
/** SURFACES_CAMPAIGN_COLLECT=1: a bug hunt goes on past a failing case and lists them all. */
const COLLECT = process.env.SURFACES_CAMPAIGN_COLLECT === '1';
const ns = lib as unknown as Record<string, unknown>;
const REGISTRY = buildRegistry(ns).filter((e) => e.state === 'ready');

const DTYPES: readonly DType[] = [
  'float32',
  'float64',
  'float16',
  'bfloat16',
  'int8',
  'int32',
  'int64',
  'uint8',
  'bool',
  'complex64',
];
const isFloat = (d: DType) => d.startsWith('float') || d === 'bfloat16';
/** A negative quiet NaN (x86 arithmetic makes these): its sign must survive every surface. */
const NEG_NAN = new Float64Array(new BigUint64Array([0xfff8000000000000n]).buffer)[0];

/** One value of `dtype`: halves and specials for floats, small integers, booleans. */
function value(r: R, dtype: DType): number | boolean {
  if (dtype === 'bool') return r.next() < 0.5;
  if (dtype === 'uint8') return r.int(0, 9);
  if (isFloat(dtype) && r.next() < 0.1)
    return r.pick([Number.NaN, NEG_NAN, -0, Number.POSITIVE_INFINITY, -1e8]);
  const v = r.int(-9, 9);
  return isFloat(dtype) || dtype === 'complex64' ? v + 0.5 : v;
}
/** Mostly in range (so duplicates meet), some negative, some out of bounds on either side. */
function index(r: R, n: number): number {
  const u = r.next();
  if (n === 0) return r.pick([0, -1, 1]);
  return u < 0.6 ? r.int(0, n - 1) : u < 0.9 ? r.int(-n, -1) : r.pick([n, n + 1, -n - 1]);
}
const nest = (shape: readonly number[], leaf: () => unknown): unknown =>
  shape.length === 0 ? leaf() : Array.from({ length: shape[0] }, () => nest(shape.slice(1), leaf));
const REDUCE: Record<string, readonly unknown[]> = {
  reduction: ['none', 'add', 'mul', 'max', 'min'],
  reduce: ['sum', 'prod', 'mean', 'amax', 'amin'],
  include_self: [true, false],
};

/** One random call of a registry op: data rows × cols (either may be 0), k index rows. */
function registryCall(r: R, entry: OpEntry): { what: string; args: CallArgs } {
  const dtype = r.pick(DTYPES);
  const family = entry.signature.family;
  const rows = r.next() < 0.1 ? 0 : r.int(1, 4);
  const cols = r.next() < 0.1 ? 0 : r.int(1, 3);
  const elementwise = family === 'elements' || family === 'scatter_elements';
  const k = r.next() < 0.1 ? 0 : r.int(1, elementwise ? Math.max(1, rows) : 5);
  const nd = family === 'nd' || family === 'scatter_nd';
  const width = nd ? r.pick([1, 2]) : cols;
  const flat =
    family === 'take' || family === 'scatter_take' || family === 'flat' || family === 'scatter_flat';
  const indexShape = flat ? (r.next() < 0.15 ? [] : [k]) : [k, width];
  const indices = nest(indexShape, () => index(r, nd ? Math.min(rows, cols) : rows));
  const attrs: Record<string, unknown> = { ...(entry.signature.example ?? {}) };
  for (const key of Object.keys(REDUCE)) if (key in attrs) attrs[key] = r.pick(REDUCE[key]);
  if (entry.id === 'torch.scatter' && r.next() < 0.5) attrs.reduce = r.pick(['add', 'multiply']);
  if (entry.signature.modes) attrs.mode = r.pick(entry.signature.modes);
  if (entry.id === 'jax.numpy.take' && attrs.mode === 'fill' && r.next() < 0.5) attrs.fill_value = -7;
  const updateShape = nd
    ? width === 2
      ? indexShape.slice(0, -1)
      : [k, cols]
    : flat
      ? indexShape
      : [k, cols];
  const args: CallArgs = {
    data: nest([rows, cols], () => value(r, dtype)) as never,
    indices: indices as never,
    ...(entry.signature.kind === 'scatter'
      ? { updates: nest(updateShape, () => value(r, dtype)) as never }
      : {}),
    attrs,
    dataDType: dtype,
    // int32 indices too: a framework that refuses them must refuse the same way in both paths.
    ...(r.next() < 0.25 ? { indexDType: 'int32' as const } : {}),
  };
  return {
    what: `${entry.id} ${dtype}${JSON.stringify(args.data)} idx${args.indexDType === 'int32' ? ' (int32)' : ''} ${JSON.stringify(indices)} ${JSON.stringify(attrs)}`,
    args,
  };
}

type Pair = { what: string; lower: () => Lowered; run: () => Tensor };

/** A jax.at(x, i) method or torch.index_put: the index forms the registry does not draw. */
function extraCall(r: R): Pair {
  const dtype = r.pick(DTYPES);
  const n = r.int(0, 4);
  const x = tensor(nest([n], () => value(r, dtype)) as never, dtype, [n]);
  const idxShape = r.next() < 0.3 ? [] : [r.int(0, 4)];
  const idx = tensor(nest(idxShape, () => index(r, n)) as never, 'int64', idxShape);
  const v = tensor(nest(idxShape, () => value(r, dtype)) as never, dtype, idxShape);
  const u = r.next();
  if (u < 0.15) {
    // TensorFlow's device rules (cpu raises, gpu zero-fills / skips, xla clamps / skips).
    const device = r.pick(['cpu', 'gpu', 'xla'] as const);
    const m = tensor(nest([n, 2], () => value(r, dtype)) as never, dtype, [n, 2]);
    const b = r.int(0, 1);
    const I = b
      ? tensor(nest([n, 1], () => index(r, 2)) as never, 'int64', [n, 1])
      : idx.reshape([...idx.shape, 1]);
    const U = tensor(nest([...idxShape, 2], () => value(r, dtype)) as never, dtype, [...idxShape, 2]);
    const scatter = r.pick([
      'tensor_scatter_nd_update',
      'tensor_scatter_nd_add',
      'tensor_scatter_nd_max',
    ] as const);
    if (b || r.next() < 0.5)
      return {
        what: `tensorflow.gather_nd ${dtype}[${n},2] idx ${I.toArray()} batch_dims ${b} device ${device}`,
        lower: () => lib.tensorflow.lower.gather_nd(m, I, { batch_dims: b }, { device }) as Lowered,
        run: () => lib.tensorflow.gather_nd(m, I, { batch_dims: b }, { device }),
      };
    return {
      what: `tensorflow.${scatter} ${dtype}[${n},2] idx ${I.toArray()} device ${device}`,
      lower: () => lib.tensorflow.lower[scatter](m, I, U, { device }) as Lowered,
      run: () => lib.tensorflow[scatter](m, I, U, { device }),
    };
  }
  if (u < 0.25) {
    const mode = r.pick(['clip', 'fill', 'promise_in_bounds'] as const);
    const dn = { offset_dims: [], collapsed_slice_dims: [0], start_index_map: [0] };
    const I = idx.reshape([...idx.shape, 1]);
    return {
      what: `jax.lax.gather ${dtype}[${n}] idx ${idx.toArray()} mode ${mode}`,
      lower: () => lib.jax.lower.lax.gather(x, I, dn, [1], { mode }) as Lowered,
      run: () => lib.jax.lax.gather(x, I, dn, [1], { mode }),
    };
  }
  if (u < 0.35) {
    // 0-d data and 0-d indices: the flat ops read a 0-d tensor as one element.
    const x0 = tensor(value(r, dtype) as never, dtype, []);
    const i0 = r.next() < 0.5 ? tensor(BigInt(index(r, 1)), 'int64', []) : idx;
    const v0 = tensor(nest(i0.shape, () => value(r, dtype)) as never, dtype, [...i0.shape]);
    const mode = r.pick(['raise', 'wrap', 'clip'] as const);
    const op = r.pick(['numpy.take', 'numpy.put', 'torch.take', 'torch.gather'] as const);
    const what = `${op} ${dtype} 0-d ${x0.toArray()} idx [${i0.toFlatArray()}] shape [${i0.shape}] mode ${mode}`;
    if (op === 'numpy.take')
      return {
        what,
        lower: () => lib.numpy.lower.take(x0, i0, { mode }) as Lowered,
        run: () => lib.numpy.take(x0, i0, { mode }),
      };
    if (op === 'numpy.put')
      return {
        what,
        lower: () => lib.numpy.lower.put(x0, i0, v0, { mode }) as Lowered,
        run: () => lib.numpy.put(x0, i0, v0, { mode }),
      };
    if (op === 'torch.take')
      return {
        what,
        lower: () => lib.torch.lower.take(x0, i0) as Lowered,
        run: () => lib.torch.take(x0, i0),
      };
    return {
      what,
      lower: () => lib.torch.lower.gather(x0, 0, i0) as Lowered,
      run: () => lib.torch.gather(x0, 0, i0),
    };
  }
  if (u < 0.45) {
    // Advanced indexing of a 2-D array: NumPy's a[i0, i1] (index arrays broadcast) and PyTorch's
    // x[i0, i1] or x[mask] (a bool mask of x's shape).
    const m = r.int(0, 3);
    const a = tensor(nest([n, m], () => value(r, dtype)) as never, dtype, [n, m]);
    const i1 = tensor(nest(idxShape, () => index(r, m)) as never, 'int64', idxShape);
    if (r.next() < 0.3) {
      const mask = tensor(nest([n, m], () => r.next() < 0.5) as never, 'bool', [n, m]);
      return {
        what: `torch.index ${dtype}[${n},${m}] mask [${mask.toFlatArray()}]`,
        lower: () => lib.torch.lower.index(a, [mask]) as Lowered,
        run: () => lib.torch.index(a, [mask]),
      };
    }
    const fw = r.pick(['numpy', 'torch'] as const);
    return {
      what: `${fw}.index ${dtype}[${n},${m}] idx [${idx.toFlatArray()}] [${i1.toFlatArray()}] shape [${idxShape}]`,
      lower: () =>
        (fw === 'numpy'
          ? lib.numpy.lower.index(a, [idx, i1])
          : lib.torch.lower.index(a, [idx, i1])) as Lowered,
      run: () => (fw === 'numpy' ? lib.numpy.index(a, [idx, i1]) : lib.torch.index(a, [idx, i1])),
    };
  }
  if (u < 0.6) {
    const accumulate = r.next() < 0.5;
    return {
      what: `torch.index_put ${dtype}[${n}] idx ${idx.toArray()} accumulate ${accumulate}`,
      lower: () => lib.torch.lower.index_put(x, [idx], v, { accumulate }) as Lowered,
      run: () => lib.torch.index_put(x, [idx], v, { accumulate }),
    };
  }
  const method = r.pick(['get', 'set', 'add', 'multiply', 'min', 'max', 'subtract'] as const);
  const mode = r.pick([undefined, 'fill', 'clip', 'drop', 'promise_in_bounds'] as const);
  const opts = mode === undefined ? {} : { mode };
  const what = `jax.at ${dtype}[${n}] idx ${idx.toArray()} .${method} mode ${mode}`;
  if (method === 'get')
    return {
      what,
      lower: () => lib.jax.lower.at(x, idx).get(opts) as Lowered,
      run: () => lib.jax.at(x, idx).get(opts),
    };
  return {
    what,
    lower: () => (lib.jax.lower.at(x, idx)[method] as (u: Tensor, o: object) => Lowered)(v, opts),
    run: () => (lib.jax.at(x, idx)[method] as (u: Tensor, o: object) => Tensor)(v, opts),
  };
}

function randomPair(r: R): Pair {
  if (r.next() < 0.25) return extraCall(r);
  const entry = r.pick(REGISTRY);
  const { what, args } = registryCall(r, entry);
  return { what, lower: () => lowerCall(ns, entry, args) as Lowered, run: () => runCall(ns, entry, args) };
}

/** A result's bits, or the typed error's code; any untyped throw fails the case. */
function outcome(what: string, f: () => Tensor): Bits | { code: string } {
  try {
    return bits(f());
  } catch (e) {
    if (e instanceof GatherScatterError) return { code: String(e.code) };
    if (e instanceof Error) e.message = `${what}: untyped ${e.message}`;
    throw e;
  }
}

describe('every surface on every op with the hard values', () => {
  it(`${N} seeded calls: the public function, text, vjp, ONNX export, translations and verify equal execute`, async () => {
    const r = rng(differentialSeed('surfaces-campaign.test.ts'));
    let ran = 0;
    const failures: string[] = [];
    const counts = { exported: 0, translated: 0, differentiated: 0 };
    for (let c = 0; c < N; c++) {
      const { what, lower, run } = randomPair(r);
      try {
        let call: Lowered | undefined;
        const lowered = outcome(what, () => {
          call = lower();
          return execute(call);
        });
        const direct = outcome(what, run);
        expect(direct, `${what}: the public function vs execute(lower)`).toEqual(lowered);
        if (!call || 'code' in lowered) continue;
        ran++;
        await checkSurfaces(what, call, lowered, counts, { acceptTranslatedError: outOfBounds });
      } catch (e) {
        if (!COLLECT) throw e;
        const a = e as { actual?: unknown; expected?: unknown };
        const m = `${e instanceof Error ? e.message.split('\n')[0] : String(e)}${a.actual !== undefined ? ` got ${JSON.stringify(a.actual)} want ${JSON.stringify(a.expected)}` : ''}`;
        failures.push(m);
      }
    }
    if (COLLECT) console.info(`surfaces-campaign failures (${failures.length}):\n${failures.join('\n')}`);
    console.info(
      `surfaces-campaign: ${ran} of ${N} calls ran; ${counts.exported} exported, ${counts.translated} translations run, ${counts.differentiated} differentiated`,
    );
    expect(ran).toBeGreaterThan(N / 5);
  });
});

describe('named cases the campaign found', () => {
  it('a complex scatter_reduce mean reads back from its StableHLO text (its counts convert i64 → complex; seed 17)', () => {
    const args = [
      tensor(
        [
          [1, 2],
          [3, 4],
        ],
        'complex64',
      ),
      0,
      tensor([[1, 1]], 'int64'),
      tensor([[complex(5, 1), complex(2, -2)]], 'complex64'),
      'mean',
    ] as const;
    const call = lib.torch.lower.scatter_reduce(...args) as Lowered;
    const want = bits(execute(call));
    const text = stablehloText(call);
    expect(text).toContain('(tensor<2x2xi64>) -> tensor<2x2xcomplex<f32>>');
    expect(bits(runText(text, programOf(call).args)[0].results[0])).toEqual(want);
    expect(lib.torch.scatter_reduce(...args).toArray()).toEqual([
      [complex(1, 0), complex(2, 0)],
      [complex(4, 0.5), complex(3, -1)],
    ]);
  });

  it('a float sub exported as add keeps a NaN update as it is (Neg flipped its sign): jax.at(x, 2).subtract(NaN)', async () => {
    const call = lib.jax.lower
      .at(tensor([1, 2, 3], 'float32'), tensor([2], 'int64'))
      .subtract(tensor([Number.NaN], 'float32')) as Lowered;
    const want = bits(execute(call));
    expect(want.bytes).toBe('0000803f000000400000c07f'); // 3 − (+NaN) is that +NaN
    expect(await viaOnnx(call)).toEqual(want);
  });

  it('a complex64 sub refuses the export (ONNX Neg has no complex type; it wrote an invalid model)', () => {
    const x = tensor([1, 2], 'complex64');
    const call = lib.numpy.lower.subtract.at(x, [0], tensor([1], 'complex64')) as Lowered;
    expect(() => toOnnx(call)).toThrow(OnnxExportError);
    try {
      toOnnx(call);
    } catch (e) {
      expect((e as OnnxExportError).code).toBe('export.onnx.reducer');
    }
  });
});
