/**
 * Property fuzz of the public `out` argument: random calls of every op that takes `out` (every
 * registry op — arguments from its behaviour probes, its documented presets, or random shapes of
 * rank 1–3 for the take/elements/nd families, each with a random dtype and random bits — plus the
 * ops the registry leaves out: torch.index / index_put, numpy.index and the jax.at methods; a
 * tenth pass one tensor for two inputs). Per call:
 *
 * 1. a fresh `out` (of the result's shape and dtype, filled with garbage) is returned itself, holds
 *    the no-`out` result bit for bit (raw bytes: NaN payloads and −0 count), and no input changed;
 * 2. `out` aliasing each input in turn (the same Tensor object, when shape and dtype allow), on a
 *    fresh copy of the inputs, and `out` over an input's memory without being it (another Tensor
 *    over the same bytes, or over them shifted by one element): `out` holds the no-`out` result,
 *    or (PyTorch only, whose out= refuses overlapping memory) a typed error whose code ends in an
 *    overlap rule; never an untyped error; the other inputs unchanged. A call refused without
 *    `out` (an out-of-range index: kept now and then) is refused with `out` aliasing any input
 *    too, by a typed error, the other inputs unchanged;
 * 3. an `out` of a wrong shape or a wrong dtype is a typed error of an out rule, and leaves `out`'s
 *    bytes as they were (numpy.take casts into an `out` of another dtype, as NumPy: there the call
 *    may succeed, returning `out`; its values are test/numpy-take-out*'s);
 * 4. results never share memory: a second no-`out` result's buffer is transferred away
 *    (structuredClone with transfer, as postMessage does) and the inputs and the last results kept
 *    are intact (test/ownership.test.ts checks this for three ops; here every op).
 *
 * Every call is on the stopwatch (test/helpers/budget.ts); anything thrown must be a
 * GatherScatterError. The seed is printed; replay with
 * `FUZZ_OUT_SEED=<seed> npx vitest run test/fuzz-out.test.ts` (`FUZZ_OUT_N=<n>` for the count of
 * cases, `FUZZ_OUT_CASE=<k>` to run case k of the seed alone; the seed's draws do not depend on N).
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { DTYPES, type DType, Tensor, isGatherScatterError, tensor } from '../src/index.js';
import { prng } from '../src/oracle/campaign.js';
import { PRESETS } from '../src/tables/presets.js';
import { probeArgs } from '../src/tables/probes.js';
import { type CallArgs, type OpEntry, buildArgs, buildRegistry, toTensor } from '../src/tables/registry.js';
import type { NestedArray } from '../src/tensor/tensor.js';
import { stopwatch } from './helpers/budget.js';

const SEED = Number(process.env.FUZZ_OUT_SEED ?? Math.floor(Math.random() * 2 ** 31));
const N = Number(process.env.FUZZ_OUT_N ?? 4000);
const ONLY = process.env.FUZZ_OUT_CASE === undefined ? undefined : Number(process.env.FUZZ_OUT_CASE);
/** Per call, on the stopwatch (test/helpers/budget.ts): a hang trips it, the machine's load does not. */
const CALL_BUDGET_MS = 2000;
/** How many earlier results item 4 keeps and re-reads after each transfer. */
const POOL = 24;
/**
 * The rules an `out` of a wrong shape or dtype may break: `<op>.out`, DirectML's
 * `OutputTensor.Sizes` / `.DataType`, and StableHLO's result constraints (gather C22/C23, scatter
 * C24/C25), which the `out` takes on.
 */
const OUT_RULE =
  /\.out(_\w+)?$|\.OutputTensor\.(Sizes|DataType)$|^stablehlo\.(gather\.C2[23]|scatter\.C2[45])$/;

type Rng = () => number;
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: Rng, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

// ---------------------------------------------------------------------------------------------
// Tensors and bytes

/** The bytes of a tensor's storage (a view, not a copy); none when its buffer was transferred away. */
function bytesOf(t: Tensor): Uint8Array {
  try {
    return new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
  } catch {
    return new Uint8Array(0); // a detached buffer: no view can be made on it
  }
}
const snapshot = (t: Tensor): Uint8Array => bytesOf(t).slice();
const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.byteLength === b.byteLength && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);

/** A tensor of `dtype` and `shape` holding random bits (NaN payloads, −0, subnormals) or small values. */
function randomTensor(r: Rng, dtype: DType, shape: readonly number[]): Tensor {
  const t = lib.zeros(shape, dtype);
  const b = bytesOf(t);
  const d = t.data as unknown as ArrayLike<number | bigint> & { [k: number]: number | bigint };
  if (dtype === 'bool') for (let k = 0; k < b.length; k++) b[k] = r() < 0.5 ? 1 : 0;
  else if (r() < 0.6) for (let k = 0; k < b.length; k++) b[k] = Math.floor(r() * 256);
  else
    for (let k = 0; k < d.length; k++) {
      const v = int(r, -3, 3);
      d[k] = typeof d[k] === 'bigint' ? BigInt(v) : dtype.startsWith('uint') ? Math.abs(v) : v;
      if (r() < 0.1 && (dtype === 'float32' || dtype === 'float64')) d[k] = r() < 0.5 ? -0 : Number.NaN;
    }
  return t;
}

function isTensor(v: unknown): v is Tensor {
  return v instanceof Tensor;
}

/** Every Tensor in a call's arguments (arrays, plain objects), each once. */
function tensorsIn(v: unknown, acc: Tensor[] = [], depth = 0): Tensor[] {
  if (isTensor(v)) {
    if (!acc.includes(v)) acc.push(v);
  } else if (depth < 4 && Array.isArray(v)) for (const x of v) tensorsIn(x, acc, depth + 1);
  else if (depth < 4 && v !== null && typeof v === 'object')
    for (const x of Object.values(v)) tensorsIn(x, acc, depth + 1);
  return acc;
}

/** The arguments with every Tensor cloned (one clone per tensor: a tensor given twice stays one). */
function cloneArgs(v: unknown, map: Map<Tensor, Tensor>, depth = 0): unknown {
  if (isTensor(v)) {
    if (!map.has(v)) map.set(v, v.clone());
    return map.get(v);
  }
  if (depth < 4 && Array.isArray(v)) return v.map((x) => cloneArgs(x, map, depth + 1));
  if (depth < 4 && v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cloneArgs(x, map, depth + 1)]));
  return v;
}

const sameShape = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((d, k) => d === b[k]);

/** Short description of a call's arguments for failure reports. */
function describe_(v: unknown, depth = 0): string {
  if (isTensor(v)) return `${v.dtype}[${v.shape.join(',')}]`;
  if (typeof v === 'function') return 'fn';
  if (typeof v === 'bigint') return `${v}n`;
  if (Array.isArray(v)) return `[${v.map((x) => describe_(x, depth + 1)).join(', ')}]`;
  if (v !== null && typeof v === 'object' && depth < 3)
    return `{${Object.entries(v)
      .map(([k, x]) => `${k}: ${describe_(x, depth + 1)}`)
      .join(', ')}}`;
  return JSON.stringify(v) ?? String(v);
}

// ---------------------------------------------------------------------------------------------
// Targets: every op that takes `out`, and where its `out` goes

interface Call {
  readonly fn: (...args: unknown[]) => unknown;
  readonly args: readonly unknown[];
  /** The arguments with `out` placed in the op's trailing options. */
  readonly withOut: (args: readonly unknown[], out: unknown) => unknown[];
  /** Where the arguments came from: the probes, a preset, random shapes, or a hand-built call. */
  readonly source: 'probe' | 'preset' | 'shaped' | 'hand';
}

interface Target {
  readonly id: string;
  /** A random call (valid in the main; a typed error is allowed and checked). */
  readonly draw: (r: Rng) => Call;
  /** PyTorch's out= refuses memory overlap (the helper's `torch.*` overlap rules). */
  readonly torch: boolean;
  /** numpy.take casts into an out of another dtype (src/frameworks/numpy/take-out.ts). */
  readonly castsOut: boolean;
}

/** `out` in a registry op's trailing options: DirectML's descriptor, the version object, the attrs, or a new last object. */
function registryWithOut(entry: OpEntry): Call['withOut'] {
  const params = entry.signature.params;
  return (args, out) => {
    const a = [...args];
    if (entry.framework === 'directml') {
      a[0] = { ...(a[0] as object), OutputTensor: out };
      return a;
    }
    const slot = params.includes('version') ? params.indexOf('version') : params.indexOf('attrs');
    if (slot >= 0) a[slot] = { ...(a[slot] as object), out };
    else a.push({ out });
    return a;
  };
}

const shapeOf = (v: NestedArray | undefined): number[] | undefined =>
  v === undefined ? undefined : toTensor(v).shape.slice();

/** Weighted dtype choice: int64 and the index dtype often (so `out` can alias the indices). */
function drawDType(r: Rng, indexDType: DType): DType {
  const x = r();
  if (x < 0.25) return indexDType === 'bool' ? 'int64' : indexDType;
  if (x < 0.4) return 'int64';
  if (x < 0.55) return 'float32';
  if (x < 0.65) return 'float64';
  return pick(r, DTYPES);
}

const bools = (r: Rng, n: number): boolean[] => Array.from({ length: n }, () => r() < 0.6);

/** Call arguments the probes cannot build (masks, batch_take's int32 indices, TensorScatter's cache). */
function specialArgs(entry: OpEntry, r: Rng, base: CallArgs): CallArgs | null {
  switch (entry.id) {
    case 'tensorflow.boolean_mask':
      return { ...base, indices: bools(r, 3), indexDType: 'bool', attrs: { axis: 0 } };
    case 'torch.masked_select':
      return { ...base, indices: [bools(r, 3), bools(r, 3), bools(r, 3)], indexDType: 'bool' };
    case 'torch.masked_scatter':
      return {
        ...base,
        indices: [bools(r, 3), bools(r, 3), bools(r, 3)],
        indexDType: 'bool',
        updates: [
          [1, 2, 3],
          [4, 5, 6],
          [7, 8, 9],
        ],
      };
    case 'mxnet.batch_take':
      return { ...base, indices: [int(r, 0, 2), int(r, 0, 2), int(r, 0, 2)], indexDType: 'int32' };
    case 'onnx.TensorScatter': {
      const s = int(r, 1, 2);
      const mode = pick(r, ['linear', 'circular']);
      const zeros3 = (a: number, b: number, c: number): NestedArray =>
        Array.from({ length: a }, () => Array.from({ length: b }, () => new Array<number>(c).fill(0)));
      return {
        data: zeros3(2, 4, 3),
        updates: zeros3(2, s, 3),
        indices: [int(r, 0, mode === 'linear' ? 4 - s : 3), int(r, 0, mode === 'linear' ? 4 - s : 3)],
        indexDType: 'int64',
        attrs: { axis: pick(r, [1, -2]), mode },
      };
    }
    default:
      return null;
  }
}

/** Random ints of `shape`, each in [0, bound(position in the last dim)) (now and then negative: from the end). */
function indexTensor(r: Rng, dtype: DType, shape: readonly number[], bound: (k: number) => number): Tensor {
  const n = shape.reduce((a, b) => a * b, 1);
  const last = shape[shape.length - 1] ?? 1;
  const values = Array.from({ length: n }, (_, p) => {
    const b = bound(p % last);
    const v = int(r, 0, Math.max(0, b - 1));
    return r() < 0.05 ? v - b : v;
  });
  return toTensor(values, dtype).reshape(shape);
}

/**
 * Calls of random shapes (data of rank 1–3, dims 1–4; any axis) for the families whose shape
 * rules are simple: take, elements, nd and their scatters. Ops with narrower rules (DirectML's
 * one DimensionCount, MXNet's index-first vectors) refuse some, which are drawn again.
 */
function shapedArgs(entry: OpEntry, r: Rng): CallArgs | null {
  const sig = entry.signature;
  const fam = sig.family;
  const rank = int(r, 1, 3);
  const S = Array.from({ length: rank }, () => int(r, 1, 4));
  const ax = int(r, 0, rank - 1);
  const idt = sig.indexDType ?? 'int64';
  if (idt === 'bool') return null;
  const attrs: Record<string, unknown> = { ...(sig.example ?? {}) };
  const axisName = sig.aliases?.axis ?? 'axis';
  const hasAxis = axisName in attrs;
  const a = hasAxis ? ax : 0;
  if (hasAxis) attrs[axisName] = a;
  let indices: Tensor;
  let U: number[] | undefined;
  switch (fam) {
    case 'take':
    case 'scatter_take': {
      const I =
        fam === 'take'
          ? Array.from({ length: int(r, 0, 2) }, () => int(r, 0, 3))
          : [int(r, fam === 'scatter_take' ? 1 : 0, 4)];
      indices = indexTensor(r, idt, I, () => S[a]);
      U = [...S.slice(0, a), ...I, ...S.slice(a + 1)];
      break;
    }
    case 'elements':
    case 'scatter_elements': {
      const I = S.map((d, k) => (k === a ? int(r, 1, 4) : int(r, 1, d)));
      indices = indexTensor(r, idt, I, () => S[a]);
      U = I;
      break;
    }
    case 'nd':
    case 'scatter_nd': {
      const k = int(r, 1, rank);
      const B = Array.from({ length: int(r, 1, 2) }, () => int(r, 1, 3));
      const first = sig.indexVector === 'first';
      const I = first ? [k, ...B] : [...B, k];
      const n = B.reduce((x, y) => x * y, 1);
      if (first) {
        const comps = Array.from({ length: k }, (_, j) => indexTensor(r, idt, [n], () => S[j]).toFlatArray());
        indices = toTensor(comps.flat() as NestedArray, idt).reshape(I);
      } else indices = indexTensor(r, idt, I, (j) => S[j]);
      U = [...B, ...S.slice(k)];
      if ('shape' in attrs) attrs.shape = S;
      break;
    }
    default:
      return null;
  }
  const zeros = (shape: readonly number[]) => lib.zeros(shape, 'int32');
  return {
    indices: [],
    attrs,
    tensors: { data: zeros(S), indices, ...(sig.kind === 'scatter' ? { updates: zeros(U) } : {}) },
  };
}

function registryTarget(entry: OpEntry): Target {
  const path = entry.name.split('.');
  const fn = path.reduce<any>((o, k) => o?.[k], (lib as Record<string, unknown>)[entry.framework]) as (
    ...a: unknown[]
  ) => unknown;
  const presets = PRESETS.filter((p) => p.op === entry.id);
  const indexDType = entry.signature.indexDType ?? 'int64';
  return {
    id: entry.id,
    torch: entry.framework === 'torch',
    castsOut: entry.id === 'numpy.take',
    draw: (r) => {
      let ca: CallArgs;
      let source: Call['source'] = 'probe';
      const x = r();
      const shaped = x >= 0.2 && x < 0.5 ? shapedArgs(entry, r) : null;
      if (presets.length > 0 && x < 0.2) {
        ca = pick(r, presets).args;
        source = 'preset';
      } else if (shaped) {
        ca = shaped;
        source = 'shaped';
      } else {
        const scatter = entry.signature.kind === 'scatter';
        // Rows 0..2 of the probes' 3-row data; now and then a negative or out-of-range one
        // (refused by some ops, clamped, wrapped or dropped by others) or no row at all.
        const rows = Array.from({ length: r() < 0.03 ? 0 : int(r, 1, scatter ? 3 : 4) }, () => {
          const x = r();
          return x < 0.04 ? -1 : x < 0.07 ? pick(r, [3, -4, 7]) : int(r, 0, 2);
        });
        ca = probeArgs(entry, rows);
        ca = specialArgs(entry, r, ca) ?? ca;
        // stablehlo.scatter with a JS update computation (computed aside: it may throw midway)
        if (entry.id === 'stablehlo.scatter' && r() < 0.3)
          ca = { ...ca, attrs: { ...ca.attrs, update_computation: (_a: unknown, b: unknown) => b } };
      }
      const dataShape = ca.tensors?.data?.shape ?? shapeOf(ca.data);
      const updShape = ca.tensors?.updates?.shape ?? shapeOf(ca.updates);
      const givenDType = ca.dataDType ?? (ca.data === undefined ? undefined : toTensor(ca.data).dtype);
      const dtype = givenDType !== undefined && r() < 0.3 ? givenDType : drawDType(r, indexDType);
      const tensors = {
        ...ca.tensors,
        ...(dataShape ? { data: randomTensor(r, dtype, dataShape) } : {}),
        ...(updShape ? { updates: randomTensor(r, dtype, updShape) } : {}),
      };
      const args = buildArgs(entry, { ...ca, dataDType: dtype, tensors });
      return { fn, args, withOut: registryWithOut(entry), source };
    },
  };
}

/** `out` in a new (or the given) trailing options object at position `k`. */
const outAt =
  (k: number): Call['withOut'] =>
  (args, out) => {
    const a = [...args];
    a[k] = { ...((a[k] as object | undefined) ?? {}), out };
    return a;
  };

const i64 = (r: Rng, shape: readonly number[], lo: number, hi: number): Tensor => {
  const n = shape.reduce((a, b) => a * b, 1);
  return tensor(
    Array.from({ length: n }, () => BigInt(int(r, lo, hi))),
    'int64',
  ).reshape(shape);
};

/** The ops the registry leaves out (index tuples, jax.at): hand-built calls. */
function extraTargets(): Target[] {
  const out: Target[] = [];
  const data = (r: Rng) => randomTensor(r, drawDType(r, 'int64'), [3, int(r, 1, 4)]);
  out.push({
    id: 'torch.index',
    torch: true,
    castsOut: false,
    draw: (r) => {
      const x = data(r);
      const shape = [int(r, 1, 3)];
      const idx =
        r() < 0.5 ? [i64(r, shape, -3, 2)] : [i64(r, shape, 0, 2), i64(r, shape, 0, x.shape[1] - 1)];
      return { fn: lib.torch.index as never, args: [x, idx], withOut: outAt(2), source: 'hand' };
    },
  });
  out.push({
    id: 'torch.index_put',
    torch: true,
    castsOut: false,
    draw: (r) => {
      const x = data(r);
      const n = int(r, 1, 3);
      const idx = [i64(r, [n], 0, 2), i64(r, [n], 0, x.shape[1] - 1)];
      const v = randomTensor(r, x.dtype, r() < 0.3 ? [] : [n]);
      return {
        fn: lib.torch.index_put as never,
        args: [x, idx, v, r() < 0.5 ? { accumulate: r() < 0.5 } : {}],
        withOut: outAt(3),
        source: 'hand',
      };
    },
  });
  out.push({
    id: 'numpy.index',
    torch: false,
    castsOut: false,
    draw: (r) => {
      const x = data(r);
      const shape = [int(r, 1, 3)];
      const idx =
        r() < 0.5 ? [i64(r, shape, -3, 2)] : [i64(r, shape, 0, 2), i64(r, shape, 0, x.shape[1] - 1)];
      return { fn: lib.numpy.index as never, args: [x, idx], withOut: outAt(2), source: 'hand' };
    },
  });
  const METHODS = ['get', 'set', 'add', 'multiply', 'min', 'max', 'apply'] as const;
  for (const m of METHODS)
    out.push({
      id: `jax.at.${m}`,
      torch: false,
      castsOut: false,
      draw: (r) => {
        const x = randomTensor(r, drawDType(r, 'int32'), [int(r, 1, 4), 3]);
        const n = int(r, 1, 3);
        const idx = tensor(
          Array.from({ length: n }, () => int(r, -1, x.shape[0] - 1)),
          'int32',
        );
        const at = (t: Tensor, i: Tensor) =>
          lib.jax.at(t, i as never) as unknown as Record<string, (...a: unknown[]) => unknown>;
        if (m === 'get')
          return {
            fn: (t, i, o) => at(t as Tensor, i as Tensor).get(o),
            args: [x, idx, {}],
            withOut: outAt(2),
            source: 'hand',
          };
        const v = m === 'apply' ? (a: unknown) => a : randomTensor(r, x.dtype, r() < 0.3 ? [] : [n, 3]);
        return {
          fn: (t, i, val, o) => at(t as Tensor, i as Tensor)[m](val, o),
          args: [x, idx, v, {}],
          withOut: outAt(3),
          source: 'hand',
        };
      },
    });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Running

/**
 * A call of the target: a draw the tables' argument builder cannot make into a call (a probe
 * with no row for an op that needs one) is drawn again.
 */
function draw(target: Target, r: Rng): Call {
  for (let k = 0; ; k++)
    try {
      const call = target.draw(r);
      return r() < 0.1 ? passedTwice(call) : call;
    } catch (e) {
      if (k > 20 || !isGatherScatterError(e)) throw e;
    }
}

/**
 * The call with one tensor passed for two of its inputs (a scatter's data as its own updates, a
 * gather's int64 data as its own indices) when two have one shape and dtype: so `out` aliasing
 * it is both at once.
 */
function passedTwice(call: Call): Call {
  const ts = tensorsIn(call.args);
  for (let i = 0; i < ts.length; i++)
    for (let j = i + 1; j < ts.length; j++)
      if (ts[i].dtype === ts[j].dtype && sameShape(ts[i].shape, ts[j].shape)) {
        const map = new Map<Tensor, Tensor>([[ts[j], ts[i]]]);
        for (const t of ts) if (t !== ts[j]) map.set(t, t);
        return { ...call, args: cloneArgs(call.args, map) as unknown[] };
      }
  return call;
}

type Outcome = { value: unknown; error?: undefined } | { error: unknown; value?: undefined };

describe(`fuzz: the public out argument of every op (seed ${SEED})`, () => {
  it(`${N} random calls: out returned, bit-exact, aliasing-safe, wrong outs refused untouched, results own their memory`, () => {
    console.log(`fuzz-out seed ${SEED} (replay: FUZZ_OUT_SEED=${SEED} npx vitest run test/fuzz-out.test.ts)`);
    const targets = [
      ...buildRegistry(lib as never)
        .filter((e) => e.state !== 'missing')
        .map(registryTarget),
      ...extraTargets(),
    ];
    expect(targets.length).toBeGreaterThan(70);

    const failures: string[] = [];
    const slow: string[] = [];
    const counts = {
      ok: 0,
      rejected: 0,
      fresh: 0,
      aliased: 0,
      aliasRefused: 0,
      aliasErrors: 0,
      overlapping: 0,
      wrong: 0,
      casted: 0,
      transfers: 0,
    };
    const perOp = new Map<string, { ok: number; rejected: number; aliased: number }>();
    const wrongCodes = new Set<string>();
    const bySource = { probe: 0, preset: 0, shaped: 0, hand: 0 };
    const aliasCodes = new Set<string>();
    const pool: { r: Tensor; bytes: Uint8Array; where: string }[] = [];

    const master = prng(SEED).next;
    for (let i = 0; i < N; i++) {
      const caseSeed = Math.floor(master() * 2 ** 31);
      if (ONLY !== undefined && ONLY !== i) continue;
      const target = targets[i % targets.length];
      const r = prng(caseSeed).next;
      const where = `case ${i} ${target.id}`;
      const fail = (what: string, call: Call) =>
        failures.push(`${where}: ${what}\n    args: ${describe_(call.args)}`);
      const run = (f: () => unknown, label: string): Outcome => {
        const elapsed = stopwatch();
        let o: Outcome;
        try {
          o = { value: f() };
        } catch (error) {
          o = { error };
        }
        const ms = elapsed();
        if (ms > CALL_BUDGET_MS) slow.push(`${where} (${label}): ${ms.toFixed(0)} ms`);
        return o;
      };
      /** A thrown value must be a GatherScatterError with a code. */
      const typed = (e: unknown, label: string, call: Call): e is { code: string } => {
        if (isGatherScatterError(e) && typeof e.code === 'string') return true;
        fail(
          `${label}: untyped error ${e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e)}`,
          call,
        );
        return false;
      };

      // A valid call in the main: redraw (a few times) a call its op refuses without out.
      let call = draw(target, r);
      let plain = run(() => call.fn(...call.args), 'no out');
      // (A tenth of the refused ones are kept: item 2 then checks the failing call.)
      for (let k = 0; k < 4 && plain.error !== undefined && r() < 0.9; k++) {
        call = draw(target, r);
        plain = run(() => call.fn(...call.args), 'no out');
      }
      const stats = perOp.get(target.id) ?? { ok: 0, rejected: 0, aliased: 0 };
      perOp.set(target.id, stats);
      const inputs = tensorsIn(call.args);
      const before = inputs.map(snapshot);
      const inputsIntact = (label: string, skip?: Tensor) =>
        inputs.forEach((t, k) => {
          if (t !== skip && !sameBytes(bytesOf(t), before[k]))
            fail(`${label}: input ${k} (${t.dtype}[${t.shape.join(',')}]) changed`, call);
        });

      if (plain.error !== undefined) {
        stats.rejected++;
        counts.rejected++;
        if (!typed(plain.error, 'no out', call)) continue;
        inputsIntact('no out, refused');
        // 2'. Refused with out aliasing an input too: a typed error, the other inputs unchanged.
        inputs.forEach((t, k) => {
          const map = new Map<Tensor, Tensor>();
          const copies = cloneArgs(call.args, map) as unknown[];
          const alias = map.get(t)!;
          const w = run(() => call.fn(...call.withOut(copies, alias)), `refused, out = input ${k}`);
          counts.aliased++;
          stats.aliased++;
          if (w.error === undefined) fail(`refused, out = input ${k}: accepted`, call);
          else if (typed(w.error, `refused, out = input ${k}`, call)) counts.aliasRefused++;
          inputs.forEach((u, j) => {
            const v = map.get(u)!;
            if (v !== alias && !sameBytes(bytesOf(v), before[j]))
              fail(`refused, out = input ${k}: input ${j} (${u.dtype}[${u.shape.join(',')}]) changed`, call);
          });
        });
        continue;
      }
      const r0 = plain.value;
      if (!isTensor(r0)) {
        fail(`no out: returned ${describe_(r0)}, not a Tensor`, call);
        continue;
      }
      stats.ok++;
      counts.ok++;
      bySource[call.source]++;
      inputsIntact('no out');
      const want = snapshot(r0);

      // 1. A fresh out (garbage-filled) is returned itself and holds the result bit for bit.
      {
        const out = randomTensor(r, r0.dtype, r0.shape);
        const w = run(() => call.fn(...call.withOut(call.args, out)), 'fresh out');
        counts.fresh++;
        if (w.error !== undefined) {
          if (typed(w.error, 'fresh out', call)) fail(`fresh out: threw ${w.error.code}`, call);
        } else {
          if (w.value !== out) fail('fresh out: the call did not return out itself', call);
          if (!sameBytes(bytesOf(out), want)) fail('fresh out: values differ from the no-out result', call);
        }
        inputsIntact('fresh out');
      }

      // 2. out aliasing each input in turn, on a copy of the inputs.
      inputs.forEach((t, k) => {
        if (t.dtype !== r0.dtype || !sameShape(t.shape, r0.shape)) return;
        const map = new Map<Tensor, Tensor>();
        const copies = cloneArgs(call.args, map) as unknown[];
        const alias = map.get(t)!;
        const others = inputs.map((u) => map.get(u)!);
        const w = run(() => call.fn(...call.withOut(copies, alias)), `out = input ${k}`);
        counts.aliased++;
        stats.aliased++;
        if (w.error !== undefined) {
          counts.aliasErrors++;
          if (typed(w.error, `out = input ${k}`, call)) {
            aliasCodes.add(w.error.code);
            if (!(target.torch && /overlap$/.test(w.error.code)))
              fail(`out = input ${k}: threw ${w.error.code}; without out the call succeeds`, call);
          }
        } else {
          if (w.value !== alias) fail(`out = input ${k}: the call did not return out itself`, call);
          if (!sameBytes(bytesOf(alias), want))
            fail(`out = input ${k}: values differ from the no-out result on copies`, call);
        }
        others.forEach((u, j) => {
          if (u !== alias && !sameBytes(bytesOf(u), before[j]))
            fail(`out = input ${k}: input ${j} (${u.dtype}[${u.shape.join(',')}]) changed`, call);
        });
      });

      // 2b. out sharing memory with an input without being it: a new Tensor over the very bytes
      // of (a copy of) the input, or over them shifted by one element either way.
      inputs.forEach((t, k) => {
        if (t.dtype !== r0.dtype || t.size !== r0.size || t.size === 0) return;
        const shift = pick(r, [0, -1, 1]);
        const L = t.data.length;
        const c = L / t.size; // storage components per element (2 for complex)
        const bpe = t.data.BYTES_PER_ELEMENT;
        const Storage = t.data.constructor as new (b: ArrayBuffer, o: number, n: number) => Tensor['data'];
        const buffer = new ArrayBuffer((L + 2 * c) * bpe);
        const home = new Storage(buffer, c * bpe, L);
        home.set(t.data as never);
        const map = new Map<Tensor, Tensor>([[t, new Tensor(t.dtype, t.shape, home as never)]]);
        const copies = cloneArgs(call.args, map) as unknown[];
        const out = new Tensor(r0.dtype, r0.shape, new Storage(buffer, (1 + shift) * c * bpe, L) as never);
        const label = `out over input ${k}'s memory shifted by ${shift}`;
        const w = run(() => call.fn(...call.withOut(copies, out)), label);
        counts.overlapping++;
        if (w.error !== undefined) {
          if (typed(w.error, label, call)) {
            counts.aliasErrors++;
            aliasCodes.add(w.error.code);
            if (!(target.torch && /overlap$/.test(w.error.code)))
              fail(`${label}: threw ${w.error.code}; without out the call succeeds`, call);
          }
        } else {
          if (w.value !== out) fail(`${label}: the call did not return out itself`, call);
          if (!sameBytes(bytesOf(out), want)) fail(`${label}: values differ from the no-out result`, call);
        }
        inputs.forEach((u, j) => {
          if (u !== t && !sameBytes(bytesOf(map.get(u)!), before[j]))
            fail(`${label}: input ${j} (${u.dtype}[${u.shape.join(',')}]) changed`, call);
        });
      });

      // 3. A wrong-shape and a wrong-dtype out: a typed error naming out, out untouched.
      const shapes = [
        [...r0.shape, 1],
        r0.rank > 0 ? [...r0.shape.slice(0, -1), r0.shape[r0.rank - 1] + 1] : [2],
        r0.rank > 1 ? [...r0.shape].reverse() : [],
        r0.rank > 0 ? [] : [1],
      ].filter((s) => !sameShape(s, r0.shape));
      const wrongs: [string, Tensor][] = [
        ['wrong shape', randomTensor(r, r0.dtype, pick(r, shapes))],
        [
          'wrong dtype',
          randomTensor(
            r,
            pick(
              r,
              DTYPES.filter((d) => d !== r0.dtype),
            ),
            r0.shape,
          ),
        ],
      ];
      for (const [kind, out] of wrongs) {
        const label = `${kind} out ${out.dtype}[${out.shape.join(',')}]`;
        const was = snapshot(out);
        const w = run(() => call.fn(...call.withOut(call.args, out)), label);
        counts.wrong++;
        if (w.error === undefined) {
          if (target.castsOut && kind === 'wrong dtype') {
            counts.casted++;
            if (w.value !== out) fail(`${label} (cast): the call did not return out itself`, call);
          } else fail(`${label}: accepted`, call);
        } else if (typed(w.error, label, call)) {
          wrongCodes.add(w.error.code.replace(/-\d+\./, '-N.'));
          if (!OUT_RULE.test(w.error.code)) fail(`${label}: threw ${w.error.code}, not an out rule`, call);
          if (!sameBytes(bytesOf(out), was)) fail(`${label}: out was written though the call failed`, call);
        }
        inputsIntact(label);
      }

      // 4. A result owns its memory: transferring a fresh one detaches nothing else.
      const again = run(() => call.fn(...call.args), 'no out, again');
      if (again.error !== undefined) {
        if (typed(again.error, 'no out, again', call)) fail(`no out, again: threw ${again.error.code}`, call);
      } else if (isTensor(again.value)) {
        const r1 = again.value;
        if (!sameBytes(bytesOf(r1), want)) fail('no out, again: another value', call);
        if (r1.data.byteLength > 0) {
          structuredClone(r1.data.buffer, { transfer: [r1.data.buffer as ArrayBuffer] });
          counts.transfers++;
          inputsIntact('after transferring a result');
          if (!sameBytes(bytesOf(r0), want))
            fail('after transferring a result: the first result changed', call);
          for (const p of pool)
            if (!sameBytes(bytesOf(p.r), p.bytes))
              fail(`after transferring a result: the result of ${p.where} changed`, call);
        }
      }
      pool.push({ r: r0, bytes: want, where });
      if (pool.length > POOL) pool.shift();
    }

    const byOp = [...perOp].map(([id, s]) => `${id} ${s.ok}/${s.rejected}/${s.aliased}`);
    console.log(
      `fuzz-out: ${N} cases over ${targets.length} ops: ${counts.ok} valid, ${counts.rejected} refused without out; checks: ${counts.fresh} fresh outs, ${counts.aliased} aliased (${counts.aliasRefused} refused calls refused again, ${counts.overlapping} over an input's memory shifted by -1/0/+1 element, ${counts.aliasErrors} typed errors, allowed for torch overlap rules only: ${[...aliasCodes].join(', ') || 'none'}), ${counts.wrong} wrong outs (${counts.casted} cast by numpy.take), ${counts.transfers} transfers; ${failures.length} failures, ${slow.length} over ${CALL_BUDGET_MS} ms`,
    );
    console.log(`  valid calls by source: ${JSON.stringify(bySource)}`);
    console.log(`  wrong-out codes: ${[...wrongCodes].sort().join(', ')}`);
    console.log(`  per op (valid/refused/aliased): ${byOp.join('; ')}`);
    for (const f of failures.slice(0, 30)) console.log(`  FAIL ${f}`);
    expect(slow).toEqual([]);
    expect(failures.slice(0, 30)).toEqual([]);
    // Every op got valid calls (a generator that only makes refused calls checks nothing).
    if (ONLY === undefined && N >= targets.length * 10)
      expect(byOp.filter((s) => / 0\/\d+\/\d+$/.test(s))).toEqual([]);
  }, 300_000);
});
