/**
 * Differential test against onnxruntime-node (CPU): seeded random shapes, attributes, dtypes and
 * indices per op and schema version, each run as a one-node ONNX model in onnxruntime and
 * through our frontend; results must be bitwise equal. Inputs stay inside what the spec defines
 * (in-range indices; unique targets for reduction none unless the case opts into last-wins);
 * where onnxruntime departs from the spec, onnx-departures.test.ts pins both behaviours.
 */
import * as ort from 'onnxruntime-node';
import { afterAll, describe, expect, it } from 'vitest';
import { onnx } from '../src/frameworks/onnx.js';
import type { DType } from '../src/tensor/dtype.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { type AttributeValue, buildModel, toOrt } from './helpers/onnx-model.js';
import { differentialSeed } from './helpers/seed.js';
import { rng } from './reference/random-cases.js';

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** A fresh seed per run (printed; DIFFERENTIAL_SEED replays it). */
const rand = rng(differentialSeed('onnx-differential.test.ts')).next;
const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1)); // inclusive
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const chance = (p: number): boolean => rand() < p;
const shuffle = <T>(xs: T[]): T[] => {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = int(0, i);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
};
const prod = (s: readonly number[]): number => s.reduce((a, b) => a * b, 1);

/**
 * Float edge values as bit patterns per width: ±0, ±inf, NaNs of either sign with and without a
 * payload, a signalling NaN. `ordered` leaves out what max/min reductions order otherwise in
 * onnxruntime (NaN dropped, a ±0 tie: docs/onnx.md departures).
 */
function edgeBits(dtype: DType, ordered: boolean): bigint[] {
  const [w, f] = dtype === 'float64' ? [64, 52] : dtype === 'float32' ? [32, 23] : [16, 10];
  const sign = 1n << BigInt(w - 1);
  const inf = ((1n << BigInt(w - 1 - f)) - 1n) << BigInt(f);
  const quiet = inf | (1n << BigInt(f - 1));
  const infs = [inf, sign | inf];
  if (ordered) return infs;
  return [0n, sign, ...infs, quiet, sign | quiet, quiet | 0x15n, sign | quiet | 0x2an, inf | 3n];
}

/**
 * Random data whose arithmetic stays exact (small integers, quarters for floats); a float tensor
 * now and then with edge values in place of some (edgeBits), compared by their bits all the same.
 */
function randomData(shape: number[], dtype: DType, ordered = false): Tensor {
  const t = finiteData(shape, dtype);
  if (!['float16', 'float32', 'float64'].includes(dtype) || !chance(0.3)) return t;
  const edges = edgeBits(dtype, ordered);
  const d = t.data as Float64Array | Float32Array | Uint16Array;
  const words =
    dtype === 'float64'
      ? new BigUint64Array(d.buffer, d.byteOffset, d.length)
      : dtype === 'float32'
        ? new Uint32Array(d.buffer, d.byteOffset, d.length)
        : (d as Uint16Array);
  for (let k = 0; k < words.length; k++) {
    if (!chance(0.4)) continue;
    const b = pick(edges);
    words[k] = (words instanceof BigUint64Array ? b : Number(b)) as never;
  }
  return t;
}

function finiteData(shape: number[], dtype: DType): Tensor {
  const n = prod(shape);
  const vals = Array.from({ length: n }, () => {
    switch (dtype) {
      case 'bool':
        return chance(0.5);
      case 'uint8':
      case 'uint16':
      case 'uint32':
        return int(0, 9);
      case 'int64':
        return BigInt(int(-9, 9));
      case 'uint64':
        return BigInt(int(0, 9));
      case 'float32':
      case 'float64':
      case 'float16':
        return int(-32, 32) / 4;
      default:
        return int(-9, 9);
    }
  });
  return tensor(vals as never, dtype, shape);
}

function indexTensor(values: number[], shape: number[], dtype: DType): Tensor {
  return tensor((dtype === 'int64' ? values.map(BigInt) : values) as never, dtype, shape);
}

/** An index in [0, s) shown as a negative one (s subtracted) with probability p. */
const maybeNegative = (i: number, s: number, p: number): number => (chance(p) ? i - s : i);

// ---------------------------------------------------------------------------------------------
// onnxruntime

const timing = { create: 0, run: 0, ours: 0 };
const sessions = new Map<string, Promise<ort.InferenceSession>>();

interface Case {
  readonly opType: string;
  readonly opset: number;
  readonly attrs: Record<string, AttributeValue | undefined>;
  readonly inputs: readonly (Tensor | null)[];
  readonly ours: () => Tensor;
}

async function runOrt(c: Case): Promise<ort.Tensor> {
  const inputTypes = c.inputs.map((t) => (t ? t.dtype : null));
  const attrs = Object.fromEntries(Object.entries(c.attrs).filter(([, v]) => v !== undefined));
  const key = JSON.stringify([c.opType, c.opset, attrs, inputTypes]);
  let s = sessions.get(key);
  if (!s) {
    const model = buildModel({
      opType: c.opType,
      opset: c.opset,
      inputTypes,
      outputType: c.inputs[0]!.dtype,
      attributes: attrs,
    });
    const t0 = performance.now();
    s = ort.InferenceSession.create(model, {
      logSeverityLevel: 3,
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
    });
    await s;
    timing.create += performance.now() - t0;
    sessions.set(key, s);
  }
  const feeds: Record<string, ort.Tensor> = {};
  c.inputs.forEach((t, k) => {
    if (t) feeds[`in${k}`] = toOrt(ort, t);
  });
  const t1 = performance.now();
  const out = (await (await s).run(feeds)).out;
  timing.run += performance.now() - t1;
  return out;
}

const bytes = (a: ArrayBufferView): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

const counts: Record<string, number> = {};

async function check(c: Case): Promise<void> {
  const expected = await runOrt(c);
  const t2 = performance.now();
  const got = c.ours();
  timing.ours += performance.now() - t2;
  const label = `${c.opType} opset ${c.opset} ${JSON.stringify(c.attrs)} inputs ${c.inputs
    .map((t) => (t ? `${t.dtype}${JSON.stringify(t.shape)}` : 'none'))
    .join(', ')}`;
  expect(got.shape, label).toEqual(expected.dims);
  const [ours, theirs] = [bytes(got.data), bytes(expected.data as ArrayBufferView)];
  if (!ours.equals(theirs)) {
    // The first differing elements as stored bytes (NaN payloads and signs show), then both whole.
    const w = got.data.BYTES_PER_ELEMENT;
    const diff: string[] = [];
    for (let k = 0; k < got.size && diff.length < 6; k++) {
      const [a, b] = [ours.subarray(k * w, k * w + w), theirs.subarray(k * w, k * w + w)];
      if (!a.equals(b))
        diff.push(
          `${k}: ${Buffer.from(a).reverse().toString('hex')}/${Buffer.from(b).reverse().toString('hex')}`,
        );
    }
    throw new Error(
      `${label}\nours/ort ${diff.join(', ')}\nours ${got.toString()}\nort  ${Array.from(expected.data as ArrayLike<unknown>).join(',')}`,
    );
  }
  counts[c.opType] = (counts[c.opType] ?? 0) + 1;
}

// ---------------------------------------------------------------------------------------------
// Generators

const MOVE_DTYPES: DType[] = [
  'float32',
  'float32',
  'int64',
  'int32',
  'float64',
  'float16',
  'uint8',
  'int8',
  'bool',
];
const ARITH_DTYPES: DType[] = ['float32', 'float32', 'int32', 'int64', 'float64'];

/** A model opset that selects schema `version` of an op whose versions are `versions`. */
function opsetFor(version: number, versions: readonly number[], floor = 1): number {
  const i = versions.indexOf(version);
  const hi = i + 1 < versions.length ? versions[i + 1] - 1 : 26;
  return int(Math.max(version, floor), hi);
}

const randomShape = (rank: number, lo: number, hi: number): number[] =>
  Array.from({ length: rank }, () => int(lo, hi));

function gatherCase(version: number): Case {
  const r = int(1, 4);
  const data = randomData(randomShape(r, 1, 4), pick(MOVE_DTYPES));
  const axis = int(-r, r - 1);
  const a = (axis + r) % r;
  const s = data.shape[a];
  const q = int(0, 3);
  const ishape = randomShape(q, 0, 3);
  const neg = version >= 11 ? 0.3 : 0;
  const iv = Array.from({ length: prod(ishape) }, () => maybeNegative(int(0, s - 1), s, neg));
  const indices = indexTensor(iv, ishape, pick(['int32', 'int64']));
  const attrs = chance(0.2) && axis === 0 ? {} : { axis };
  const opset = opsetFor(version, [1, 11, 13], 7);
  return {
    opType: 'Gather',
    opset,
    attrs,
    inputs: [data, indices],
    ours: () => onnx.Gather(data, indices, attrs, { opset }),
  };
}

/** Indices for an element-wise op: shape ≤ data outside axis; unique along each fiber if asked. */
function elementIndices(
  dataShape: number[],
  a: number,
  unique: boolean,
  neg: number,
): { shape: number[]; values: number[] } {
  const s = dataShape[a];
  const shape = dataShape.map((n, d) =>
    d === a ? (unique ? int(0, s) : int(0, 4)) : chance(0.7) ? n : int(0, n),
  );
  const values = new Array<number>(prod(shape)).fill(0);
  const strides = shape.map((_, d) => prod(shape.slice(d + 1)));
  const fiberShape = shape.map((n, d) => (d === a ? 1 : n));
  for (let f = 0; f < prod(fiberShape); f++) {
    let base = 0;
    let rest = f;
    for (let d = shape.length - 1; d >= 0; d--) {
      const c = rest % fiberShape[d];
      rest = Math.floor(rest / fiberShape[d]);
      base += c * strides[d];
    }
    const perm = shuffle(Array.from({ length: s }, (_, i) => i));
    for (let j = 0; j < shape[a]; j++)
      values[base + j * strides[a]] = maybeNegative(unique ? perm[j] : int(0, s - 1), s, neg);
  }
  return { shape, values };
}

function gatherElementsCase(version: number): Case {
  const r = int(1, 4);
  const dshape = randomShape(r, 1, 4);
  const data = randomData(dshape, pick(MOVE_DTYPES));
  const axis = int(-r, r - 1);
  const { shape, values } = elementIndices(dshape, (axis + r) % r, false, 0.3);
  const indices = indexTensor(values, shape, pick(['int32', 'int64']));
  const attrs = { axis };
  const opset = opsetFor(version, [11, 13]);
  return {
    opType: 'GatherElements',
    opset,
    attrs,
    inputs: [data, indices],
    ours: () => onnx.GatherElements(data, indices, attrs, { opset }),
  };
}

function gatherNDCase(version: number): Case {
  const r = int(1, 4);
  const dshape = randomShape(r, 1, 4);
  const data = randomData(dshape, pick(MOVE_DTYPES));
  const b = version >= 12 ? int(0, r - 1) : 0;
  const k = int(1, r - b);
  const middle = randomShape(int(0, 2), 0, 3);
  const ishape = [...dshape.slice(0, b), ...middle, k];
  const n = prod(ishape) / k;
  const values: number[] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < k; j++) values.push(maybeNegative(int(0, dshape[b + j] - 1), dshape[b + j], 0.3));
  const indices = indexTensor(values, ishape, 'int64');
  const attrs = version >= 12 && (b > 0 || chance(0.5)) ? { batch_dims: b } : {};
  const opset = opsetFor(version, [11, 12, 13]);
  return {
    opType: 'GatherND',
    opset,
    attrs,
    inputs: [data, indices],
    ours: () => onnx.GatherND(data, indices, attrs, { opset }),
  };
}

function scatterElementsCase(type: 'Scatter' | 'ScatterElements', version: number): Case {
  const r = int(1, 4);
  const dshape = randomShape(r, 1, 4);
  const reductions =
    version >= 18 ? ['none', 'add', 'mul', 'max', 'min'] : version >= 16 ? ['none', 'add', 'mul'] : ['none'];
  const reduction = pick(reductions);
  const lastWins = reduction === 'none' && chance(0.25);
  const dtype = pick(reduction === 'none' ? MOVE_DTYPES : ARITH_DTYPES);
  const ordered = reduction === 'max' || reduction === 'min';
  const data = randomData(dshape, dtype, ordered);
  const axis = int(-r, r - 1);
  const neg = type === 'Scatter' && version < 11 ? 0 : 0.3;
  const { shape, values } = elementIndices(dshape, (axis + r) % r, reduction === 'none' && !lastWins, neg);
  const indices = indexTensor(values, shape, pick(['int32', 'int64']));
  const updates = randomData(shape, dtype, ordered);
  const attrs: Record<string, AttributeValue | undefined> = { axis };
  if (reduction !== 'none' || (version >= 16 && chance(0.3))) attrs.reduction = reduction;
  const opset = type === 'Scatter' ? int(9, 10) : opsetFor(version, [11, 13, 16, 18]);
  const options = { opset, duplicates: lastWins ? ('last_wins' as const) : ('error' as const) };
  return {
    opType: type,
    opset,
    attrs,
    inputs: [data, indices, updates],
    ours: () =>
      type === 'Scatter'
        ? onnx.Scatter(data, indices, updates, attrs as never, options)
        : onnx.ScatterElements(data, indices, updates, attrs as never, options),
  };
}

function scatterNDCase(version: number): Case {
  const r = int(1, 4);
  const dshape = randomShape(r, 1, 4);
  const reductions =
    version >= 18 ? ['none', 'add', 'mul', 'max', 'min'] : version >= 16 ? ['none', 'add', 'mul'] : ['none'];
  const reduction = pick(reductions);
  const lastWins = reduction === 'none' && chance(0.25);
  const unique = reduction === 'none' && !lastWins;
  const dtype = pick(reduction === 'none' ? MOVE_DTYPES : ARITH_DTYPES);
  const ordered = reduction === 'max' || reduction === 'min';
  const data = randomData(dshape, dtype, ordered);
  const k = int(1, r);
  const tuples = prod(dshape.slice(0, k));
  const middle = randomShape(int(0, 2), 0, 3);
  let m = prod(middle);
  if (unique && m > tuples) {
    middle.splice(0, middle.length, int(0, tuples));
    m = middle[0];
  }
  const order = shuffle(Array.from({ length: tuples }, (_, i) => i));
  const values: number[] = [];
  for (let i = 0; i < m; i++) {
    let t = unique ? order[i] : int(0, tuples - 1);
    const tuple: number[] = [];
    for (let j = k - 1; j >= 0; j--) {
      tuple.unshift(t % dshape[j]);
      t = Math.floor(t / dshape[j]);
    }
    values.push(...tuple.map((x, j) => maybeNegative(x, dshape[j], 0.3)));
  }
  const indices = indexTensor(values, [...middle, k], 'int64');
  const updates = randomData([...middle, ...dshape.slice(k)], dtype, ordered);
  const attrs: Record<string, AttributeValue | undefined> = {};
  if (reduction !== 'none' || (version >= 16 && chance(0.3))) attrs.reduction = reduction;
  const opset = opsetFor(version, [11, 13, 16, 18]);
  const options = { opset, duplicates: lastWins ? ('last_wins' as const) : ('error' as const) };
  return {
    opType: 'ScatterND',
    opset,
    attrs,
    inputs: [data, indices, updates],
    ours: () => onnx.ScatterND(data, indices, updates, attrs as never, options),
  };
}

function tensorScatterCase(): Case {
  const r = int(2, 4);
  const shape = randomShape(r, 1, 4);
  const useDefaultAxis = r >= 3 && chance(0.3);
  const a = useDefaultAxis ? r - 2 : int(1, r - 1);
  const axis = useDefaultAxis ? undefined : chance(0.5) ? a : a - r;
  shape[a] = int(1, 5);
  const M = shape[a];
  const seq = int(0, M);
  const mode = pick(['linear', 'circular', undefined]);
  const dtype = pick(MOVE_DTYPES);
  const past = randomData(shape, dtype);
  const update = randomData(
    shape.map((n, d) => (d === a ? seq : n)),
    dtype,
  );
  const B = shape[0];
  const withIndices = chance(0.8);
  const w = withIndices
    ? indexTensor(
        Array.from({ length: B }, () => (mode === 'circular' ? int(0, 3 * M) : int(0, M - seq))),
        [B],
        'int64',
      )
    : null;
  const attrs = { axis, mode };
  const opset = int(24, 26);
  return {
    opType: 'TensorScatter',
    opset,
    attrs,
    inputs: w ? [past, update, w] : [past, update],
    ours: () => onnx.TensorScatter(past, update, w, attrs as never, { opset }),
  };
}

// ---------------------------------------------------------------------------------------------

const PER_VERSION: [string, number, () => Case][] = [
  ['Gather', 1, () => gatherCase(1)],
  ['Gather', 11, () => gatherCase(11)],
  ['Gather', 13, () => gatherCase(13)],
  ['GatherElements', 11, () => gatherElementsCase(11)],
  ['GatherElements', 13, () => gatherElementsCase(13)],
  ['GatherND', 11, () => gatherNDCase(11)],
  ['GatherND', 12, () => gatherNDCase(12)],
  ['GatherND', 13, () => gatherNDCase(13)],
  ['Scatter', 9, () => scatterElementsCase('Scatter', 9)],
  ['ScatterElements', 11, () => scatterElementsCase('ScatterElements', 11)],
  ['ScatterElements', 13, () => scatterElementsCase('ScatterElements', 13)],
  ['ScatterElements', 16, () => scatterElementsCase('ScatterElements', 16)],
  ['ScatterElements', 18, () => scatterElementsCase('ScatterElements', 18)],
  ['ScatterND', 11, () => scatterNDCase(11)],
  ['ScatterND', 13, () => scatterNDCase(13)],
  ['ScatterND', 16, () => scatterNDCase(16)],
  ['ScatterND', 18, () => scatterNDCase(18)],
  ['TensorScatter', 24, tensorScatterCase],
];

/** Cases per op, split evenly over its schema versions. */
const PER_OP = 2000;

describe('differential vs onnxruntime-node (CPU)', () => {
  for (const [opType, version, gen] of PER_VERSION) {
    const versions = PER_VERSION.filter(([o]) => o === opType).length;
    it(`${opType}-${version}`, async () => {
      const n = Math.ceil(PER_OP / versions);
      for (let i = 0; i < n; i++) await check(gen());
    });
  }

  it(`ran at least ${PER_OP} cases per op`, () => {
    for (const op of [
      'Gather',
      'GatherElements',
      'GatherND',
      'Scatter',
      'ScatterElements',
      'ScatterND',
      'TensorScatter',
    ]) {
      expect(counts[op] ?? 0, op).toBeGreaterThanOrEqual(PER_OP);
    }
  });

  afterAll(async () => {
    for (const s of sessions.values()) await (await s).release();
    console.log(
      `onnxruntime differential cases per op: ${JSON.stringify(counts)} (${sessions.size} sessions) ${JSON.stringify(timing)}`,
    );
  });
});
