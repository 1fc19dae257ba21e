/**
 * Hostile-input fuzzing of every operator namespace and of the tensor layer (issue 11).
 *
 * Every call gets arguments of every JS type — tensors of random dtypes, shapes and ranks
 * (0-d and zero-size included), numbers (NaN, ±Infinity, -0, huge), bigints, strings, null,
 * undefined, symbols, functions, objects with random and real option keys, nested arrays — and
 * must end in a result or an instance of the library's GatherScatterError. Any other throw is an
 * untyped error: it fails the test unless its class (error name + message + the file it was
 * thrown from) is on the ALLOW_LIST below, which names known defects in files other people are
 * rewriting (src/frameworks/*). The tensor layer, src/core and the parsers have no entries.
 *
 * A watchdog fails any call over CALL_BUDGET_MS and checks that the process RSS stays under
 * RSS_LIMIT. The seed is printed; replay with `FUZZ_SEED=<seed> npx vitest run test/fuzz-ops.test.ts`
 * (and `FUZZ_CALLS=<n>` to change the count). Counts are printed at the end.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { DTYPES, type DType, GatherScatterError, Tensor } from '../src/index.js';
import { SIGNATURES, buildRegistry } from '../src/tables/registry.js';
import { stopwatch } from './helpers/budget.js';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CALLS = Number(process.env.FUZZ_CALLS ?? 10_000);
/** Per call, on the stopwatch (test/helpers/budget.ts): a hang trips it, the machine's load does not. */
const CALL_BUDGET_MS = 2000;
const RSS_LIMIT = 2.5 * 2 ** 30;
const FUZZ_ALLOCATION_LIMIT = 2 ** 26; // 64 MiB: random shapes may not allocate legitimately-huge results

/**
 * Known untyped-error classes in files this suite's owner does not own, to be removed as they are
 * fixed. `file` is where the error is thrown (a path under src/), `message` matches its message.
 * Never add entries for src/tensor, src/interop, src/core or src/errors.ts.
 */
const ALLOW_LIST: readonly { file: RegExp; error: string; message: RegExp; repro: string }[] = [];

/**
 * Known hangs (calls far over CALL_BUDGET_MS: seconds to minutes) in files this suite's owner does
 * not own. A synchronous call cannot be interrupted, so matching calls are *skipped* (and counted)
 * rather than run; remove an entry once its file checks the length first. `args` matches the
 * printed arguments of the call.
 */
const SLOW_ALLOW_LIST: readonly { id: RegExp; args: RegExp; repro: string }[] = [
  // (empty: stablehlo.scatter and numpy's index tuples now bound lengths before walking them)
];

// ---------------------------------------------------------------------------------------------
// Generators

const SMALL: Record<DType, readonly (number | bigint | boolean)[]> = {
  float64: [0, 1, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY, -0, 3, 1e300],
  float32: [0, 1, -1, 2.5, Number.NaN, Number.NEGATIVE_INFINITY, 3],
  float16: [0, 1, -1, 2.5, Number.NaN, 3],
  bfloat16: [0, 1, -1, 2.5, 3],
  int64: [0n, 1n, -1n, 2n, 3n, -4n, 9223372036854775807n, -9223372036854775808n, 9007199254740993n],
  int32: [0, 1, -1, 2, 3, -4, 2147483647, -2147483648],
  int16: [0, 1, -1, 2, 3, -4],
  int8: [0, 1, -1, 2, 3, -128],
  uint64: [0n, 1n, 2n, 3n, 18446744073709551615n],
  uint32: [0, 1, 2, 3, 4294967295],
  uint16: [0, 1, 2, 3],
  uint8: [0, 1, 2, 255],
  complex64: [0, 1, -1, 2.5, Number.NaN, -0],
  complex128: [0, 1, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY],
  bool: [true, false],
};

/** A tensor of `dtype` and `shape` filled from `seed` with small and edge values of the dtype. */
function makeTensor(dtype: DType, shape: readonly number[], seed: number): Tensor {
  const n = shape.reduce((a, b) => a * b, 1);
  if (n > 4096) return lib.zeros([0], dtype);
  const pool = SMALL[dtype];
  const values: (number | bigint | boolean)[] = [];
  let s = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    values.push(pool[(s >>> 8) % pool.length]);
  }
  const t = lib.tensor(values as never, dtype);
  return t.reshape(shape);
}

/** The example attributes of a signature (named `example` or `attrs` depending on the registry's version). */
function defaultsOf(sig: unknown): Readonly<Record<string, unknown>> {
  const s = sig as { example?: Record<string, unknown>; attrs?: Record<string, unknown> };
  return s.example ?? s.attrs ?? {};
}

const dtypeArb = fc.constantFrom(...DTYPES);
const indexDTypeArb = fc.constantFrom<DType>(
  'int64',
  'int64',
  'int32',
  'int32',
  'uint8',
  'int8',
  'uint64',
  'float32',
);
const dimArb = fc.oneof(
  { weight: 20, arbitrary: fc.integer({ min: 0, max: 4 }) },
  { weight: 1, arbitrary: fc.constant(0) },
);
const shapeArb = fc.oneof(
  { weight: 12, arbitrary: fc.array(dimArb, { maxLength: 4 }) },
  // zero-size tensors with huge dimensions
  { weight: 1, arbitrary: fc.constantFrom([2 ** 40, 0], [0, 2 ** 30, 2 ** 20], [2 ** 52, 0, 3]) },
  // high rank
  { weight: 1, arbitrary: fc.integer({ min: 5, max: 64 }).map((r) => new Array<number>(r).fill(1)) },
);
const tensorArb = fc.tuple(dtypeArb, shapeArb, fc.integer()).map(([d, s, seed]) => makeTensor(d, s, seed));
const indexTensorArb = fc
  .tuple(indexDTypeArb, shapeArb, fc.integer())
  .map(([d, s, seed]) => makeTensor(d, s, seed));

const KEYS = [
  ...new Set(
    Object.values(SIGNATURES).flatMap((sig) => [
      ...Object.keys(defaultsOf(sig)),
      ...(sig.version ? [sig.version.key] : []),
      ...sig.params.flatMap((p) => (typeof p === 'object' && 'attr' in p ? [p.attr] : [])),
    ]),
  ),
  'axis',
  'batch_dims',
  'dim',
  'mode',
  'reduction',
  'reduce',
  'include_self',
  'opset',
  'out',
  'fill_value',
  'checked',
  'negative_indices',
  'duplicates',
  'indices_are_sorted',
  'unique_indices',
  'update_computation',
  'shape',
  'dimension_numbers',
  'validate_indices',
  '__proto__',
  'constructor',
  'toString',
];

const STRINGS = [
  'add',
  'mul',
  'min',
  'max',
  'none',
  'sum',
  'prod',
  'mean',
  'clip',
  'wrap',
  'fill',
  'drop',
  'error',
  'raise',
  'replace',
  'skip',
  'promise_in_bounds',
  'cpu',
  'gpu',
  'xla',
  '',
  '5',
  'NaN',
  'amax',
  'amin',
  'from_end',
  'a'.repeat(3000),
];

const scalarArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -4, max: 5 }),
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    -0,
    2 ** 53 + 2,
    1e308,
    -1e-300,
    0.5,
    2 ** 31,
    -(2 ** 31) - 1,
  ),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.constantFrom(0n, 1n, -1n),
  fc.boolean(),
  fc.constantFrom(...STRINGS),
  fc.string({ maxLength: 6 }),
  fc.constantFrom(
    null,
    undefined,
    Symbol('s'),
    () => 1,
    (a: unknown) => a,
    new Date(0),
    /x/,
    new Map(),
  ),
);

function sparseArray(): unknown[] {
  const a: unknown[] = [];
  a.length = 1e8;
  return a;
}
function circular(): unknown[] {
  const a: unknown[] = [1];
  a.push(a);
  return a;
}

/**
 * Storage changed under a tensor after it was made (issue 24): detached by a transfer, a
 * length-tracking view whose resizable buffer shrank or grew, a forgery from Tensor.prototype
 * (passes instanceof, never constructed) and a tensor over a SharedArrayBuffer.
 */
const HOSTILE_STORAGE = ['detached', 'shrunk', 'grown', 'forged', 'shared'] as const;
function hostileStorage(t: Tensor, kind: (typeof HOSTILE_STORAGE)[number]): unknown {
  if (kind === 'forged')
    return Object.create(Tensor.prototype, {
      dtype: { value: t.dtype },
      shape: { value: [1e9, ...t.shape] },
      data: { value: t.data },
      size: { value: 1e9 * t.size },
    });
  if (kind === 'detached') {
    const c = t.clone();
    structuredClone(c.data.buffer, { transfer: [c.data.buffer] });
    return c;
  }
  const bytes = t.data.byteLength;
  const Ctor = t.data.constructor as new (b: ArrayBufferLike) => Tensor['data'];
  const buffer =
    kind === 'shared'
      ? new SharedArrayBuffer(bytes)
      : new (ArrayBuffer as unknown as new (n: number, o: object) => ArrayBuffer)(bytes, {
          maxByteLength: bytes * 2 + 64,
        });
  const data = new Ctor(buffer);
  data.set(t.data as never);
  const u = new Tensor(t.dtype, t.shape, data);
  const resize = (buffer as unknown as { resize?: (n: number) => void }).resize;
  if (kind === 'shrunk' && bytes > 0) resize?.call(buffer, bytes - data.BYTES_PER_ELEMENT);
  if (kind === 'grown') resize?.call(buffer, bytes + 8 * data.BYTES_PER_ELEMENT);
  return u;
}

const valueArb: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { weight: 6, arbitrary: scalarArb },
    { weight: 4, arbitrary: tensorArb },
    { weight: 2, arbitrary: indexTensorArb },
    { weight: 3, arbitrary: fc.array(fc.integer({ min: -3, max: 4 }), { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(tensorArb, fc.constantFrom(...HOSTILE_STORAGE))
        .map(([t, k]) => hostileStorage(t, k)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('sparse', 'circular', 'huge-length', 'typed', 'nested-deep').map((k) => {
        if (k === 'sparse') return sparseArray();
        if (k === 'circular') return circular();
        if (k === 'typed') return new Float64Array([1, 2]);
        if (k === 'huge-length') return Object.assign([], { length: 2 ** 32 - 1 });
        let d: unknown = 0;
        for (let i = 0; i < 10_000; i++) d = [d];
        return d;
      }),
    },
  ),
})).value;

const attrsArb = (defaults: Readonly<Record<string, unknown>>): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constant({ ...defaults }),
    fc
      .tuple(
        fc.dictionary(fc.constantFrom(...KEYS), valueArb, { maxKeys: 3 }),
        fc.subarray(Object.keys(defaults)),
      )
      .map(([extra, drop]) => {
        const o: Record<string, unknown> = { ...defaults, ...extra };
        for (const k of drop) delete o[k];
        return o;
      }),
    valueArb,
  );

type Param = (typeof SIGNATURES)[string]['params'][number];

function paramArb(p: Param, sig: (typeof SIGNATURES)[string]): fc.Arbitrary<unknown> {
  if (p === 'data' || p === 'updates')
    return fc.oneof({ weight: 5, arbitrary: tensorArb }, { weight: 1, arbitrary: valueArb });
  if (p === 'indices')
    return fc.oneof({ weight: 5, arbitrary: indexTensorArb }, { weight: 1, arbitrary: valueArb });
  if (p === 'attrs') return attrsArb(defaultsOf(sig));
  if (p === 'version') {
    const key = sig.version?.key ?? 'opset';
    return fc.oneof(
      fc.constantFrom(...(sig.version?.values ?? [13])).map((v) => ({ [key]: v })),
      valueArb.map((v) => ({ [key]: v })),
      valueArb,
    );
  }
  if ('attr' in p) return fc.oneof(fc.integer({ min: -3, max: 3 }), valueArb);
  const keys = Object.values(p.desc);
  return fc
    .tuple(
      tensorArb,
      indexTensorArb,
      tensorArb,
      fc.dictionary(fc.constantFrom(...KEYS), valueArb, { maxKeys: 2 }),
    )
    .map(([d, i, u, extra]) => ({ [keys[0]]: d, [keys[1]]: i, [keys[2]]: u, ...extra }));
}

// ---------------------------------------------------------------------------------------------
// Targets

interface Target {
  readonly id: string;
  readonly fn: (...args: unknown[]) => unknown;
  readonly args: fc.Arbitrary<unknown[]>;
}

function resolve(root: unknown, path: readonly string[]): unknown {
  let o = root;
  for (const k of path)
    o = o !== null && (typeof o === 'object' || typeof o === 'function') ? (o as never)[k] : undefined;
  return o;
}

const chaosArgs = fc.array(valueArb, { maxLength: 6 });

function targets(): Target[] {
  const out: Target[] = [];
  for (const entry of buildRegistry(lib as never)) {
    if (entry.state === 'missing') continue;
    const ns = (lib as Record<string, unknown>)[entry.framework];
    const path = entry.name.split('.');
    const structured = fc.tuple(...entry.signature.params.map((p) => paramArb(p, entry.signature)));
    const args = fc.oneof({ weight: 3, arbitrary: structured }, { weight: 1, arbitrary: chaosArgs });
    const op = resolve(ns, path);
    if (typeof op === 'function') out.push({ id: entry.id, fn: op as Target['fn'], args });
    const lowered =
      resolve(ns, ['lower', ...path]) ?? resolve(ns, [...path.slice(0, -1), 'lower', path[path.length - 1]]);
    if (typeof lowered === 'function')
      out.push({ id: `${entry.id} (lower)`, fn: lowered as Target['fn'], args });
  }
  // Ops the registry skips (index tuples, jax.at), the core's shape functions and the tensor layer.
  const extra: [string, unknown, fc.Arbitrary<unknown[]>][] = [
    [
      'numpy.index',
      lib.numpy.index,
      fc.tuple(tensorArb, fc.oneof(fc.array(indexTensorArb, { maxLength: 3 }), valueArb)),
    ],
    [
      'torch.index_put',
      (lib.torch as never as Record<string, unknown>).index_put,
      fc.tuple(tensorArb, fc.array(indexTensorArb, { maxLength: 3 }), tensorArb, valueArb),
    ],
    [
      'stablehlo.gatherShape',
      (lib.stablehlo as never as Record<string, unknown>).gatherShape,
      fc.tuple(valueArb, valueArb, attrsArb(defaultsOf(SIGNATURES['stablehlo.gather']))),
    ],
    [
      'stablehlo.scatterShape',
      (lib.stablehlo as never as Record<string, unknown>).scatterShape,
      fc.tuple(valueArb, valueArb, valueArb, attrsArb(defaultsOf(SIGNATURES['stablehlo.scatter']))),
    ],
    [
      'tensor',
      lib.tensor,
      fc.tuple(valueArb, fc.oneof(dtypeArb, valueArb), fc.oneof(fc.constant(undefined), shapeArb, valueArb)),
    ],
    [
      'Tensor',
      (...a: unknown[]) => new (Tensor as never as new (...x: unknown[]) => unknown)(...a),
      fc.tuple(
        fc.oneof(dtypeArb, valueArb),
        fc.oneof(shapeArb, valueArb),
        fc.oneof(
          tensorArb.map((t) => t.data),
          valueArb,
        ),
      ),
    ],
    ['zeros', lib.zeros, fc.tuple(fc.oneof(shapeArb, valueArb), fc.oneof(dtypeArb, valueArb))],
    ['full', lib.full, fc.tuple(fc.oneof(shapeArb, valueArb), valueArb, fc.oneof(dtypeArb, valueArb))],
    ['arange', lib.arange, fc.tuple(valueArb, fc.oneof(dtypeArb, valueArb))],
    [
      'toDTypeScalar',
      lib.toDTypeScalar,
      fc.tuple(
        valueArb,
        dtypeArb,
        fc.oneof(fc.record({ rounding: fc.constantFrom('exact', 'truncate', 'wrap') }), valueArb),
      ),
    ],
    [
      'checkCallBudget',
      lib.core.checkCallBudget,
      fc.tuple(
        fc.oneof(
          fc.array(fc.record({ shape: fc.oneof(shapeArb, valueArb), dtype: fc.oneof(dtypeArb, valueArb) }), {
            maxLength: 3,
          }),
          valueArb,
        ),
        valueArb,
      ),
    ],
    ['broadcastTo', lib.broadcastTo, fc.tuple(tensorArb, fc.oneof(shapeArb, valueArb))],
    ['cast', lib.cast, fc.tuple(tensorArb, dtypeArb)],
    [
      'tensor.get',
      (t: unknown, ...i: unknown[]) => (t as Tensor).get(...(i as number[])),
      fc.tuple(tensorArb, valueArb, valueArb),
    ],
    [
      'tensor.reshape',
      (t: unknown, s: unknown) => (t as Tensor).reshape(s as number[]),
      fc.tuple(tensorArb, fc.oneof(shapeArb, valueArb)),
    ],
  ];
  for (const [id, fn, args] of extra)
    if (typeof fn === 'function') out.push({ id, fn: fn as Target['fn'], args });
  // jax.at(x, i).<method>(...)
  out.push({
    id: 'jax.at',
    fn: (x: unknown, i: unknown, method: unknown, ...rest: unknown[]) => {
      const ref = lib.jax.at(x as Tensor, i as never) as unknown as Record<
        string,
        (...a: unknown[]) => unknown
      >;
      return ref[method as string](...rest);
    },
    args: fc.tuple(
      tensorArb,
      fc.oneof(indexTensorArb, valueArb),
      fc.constantFrom('get', 'set', 'add', 'subtract', 'multiply', 'divide', 'power', 'min', 'max', 'apply'),
      valueArb,
      valueArb,
    ),
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Running

/** Short, bounded description of an argument for failure reports. */
function describeArg(v: unknown, depth = 0): string {
  if (v instanceof Tensor) return `Tensor<${v.dtype}>[${v.shape.join(',')}]`;
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'symbol' || typeof v === 'function') return String(v).slice(0, 30);
  if (depth > 3 && v !== null && typeof v === 'object') return '…';
  if (Array.isArray(v))
    return v.length > 8
      ? `[array length ${v.length}]`
      : `[${v.map((x) => describeArg(x, depth + 1)).join(', ')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .slice(0, 8)
      .map(([k, x]) => `${k}: ${describeArg(x, depth + 1)}`)
      .join(', ')}}`;
  return typeof v === 'string' ? JSON.stringify(v.slice(0, 20)) : String(v);
}

/** Where an error was thrown: the first stack frame under src/. */
function throwSite(e: unknown): string {
  const stack = e instanceof Error ? (e.stack ?? '') : '';
  const m = /(src\/[\w/.-]+\.ts):(\d+)/.exec(stack);
  return m ? `${m[1]}:${m[2]}` : '(outside src)';
}

interface Untyped {
  readonly id: string;
  readonly index: number;
  readonly error: string;
  readonly message: string;
  readonly site: string;
  readonly call: string;
}

function classKey(u: Untyped): string {
  return `${u.error} @ ${u.site.replace(/:\d+$/, '')}: ${u.message.replace(/\d+/g, 'N').slice(0, 100)}`;
}

function allowed(u: Untyped): boolean {
  return ALLOW_LIST.some((a) => a.error === u.error && a.file.test(u.site) && a.message.test(u.message));
}

describe(`fuzz: hostile calls across every namespace (seed ${SEED})`, () => {
  let oldLimit = 0;
  beforeAll(() => {
    oldLimit = lib.getAllocationLimit();
    lib.setAllocationLimit(FUZZ_ALLOCATION_LIMIT);
  });
  afterAll(() => lib.setAllocationLimit(oldLimit));

  it(`${CALLS} calls end in a result or a GatherScatterError`, () => {
    console.log(`fuzz-ops seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run test/fuzz-ops.test.ts)`);
    const all = targets();
    expect(all.length).toBeGreaterThan(60);
    const plan = fc.sample(
      fc.integer({ min: 0, max: all.length - 1 }).chain((k) => all[k].args.map((args) => [k, args] as const)),
      { seed: SEED, numRuns: CALLS },
    );
    let results = 0;
    let typed = 0;
    const untyped: Untyped[] = [];
    const slow: string[] = [];
    const skipped: string[] = [];
    let peakRss = 0;
    const perOp = new Map<string, number>();
    plan.forEach(([k, args], index) => {
      const t = all[k];
      perOp.set(t.id, (perOp.get(t.id) ?? 0) + 1);
      const printed = args.map((a) => describeArg(a)).join(', ');
      if (SLOW_ALLOW_LIST.some((a) => a.id.test(t.id) && a.args.test(printed))) {
        skipped.push(`#${index} ${t.id}(${printed})`);
        return;
      }
      const elapsed = stopwatch();
      try {
        const r = t.fn(...args);
        // Results must print and serialize, bounded.
        if (r instanceof Tensor) {
          r.toString();
          if (r.size <= 4096) JSON.stringify(r);
        }
        results++;
      } catch (e) {
        if (e instanceof GatherScatterError) typed++;
        else {
          untyped.push({
            id: t.id,
            index,
            error: e instanceof Error ? e.constructor.name : typeof e,
            message: e instanceof Error ? e.message.slice(0, 300) : String(e),
            site: throwSite(e),
            call: `${t.id}(${args.map((a) => describeArg(a)).join(', ')})`,
          });
        }
      }
      const ms = elapsed();
      if (ms > CALL_BUDGET_MS) slow.push(`#${index} ${t.id}: ${ms.toFixed(0)} ms: ${printed}`);
      if ((index & 63) === 0) peakRss = Math.max(peakRss, process.memoryUsage.rss());
    });
    const classes = new Map<string, Untyped>();
    for (const u of untyped) if (!classes.has(classKey(u))) classes.set(classKey(u), u);
    const disallowed = untyped.filter((u) => !allowed(u));
    console.log(
      `fuzz-ops: ${CALLS} calls over ${all.length} targets: ${results} results, ${typed} typed errors, ${untyped.length} untyped (${disallowed.length} not on the allow-list, ${classes.size} classes), ${slow.length} over ${CALL_BUDGET_MS} ms, ${skipped.length} skipped as known hangs, peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB`,
    );
    for (const [key, u] of classes)
      console.log(`  untyped class: ${key}\n    repro (seed ${SEED}, call #${u.index}): ${u.call}`);
    for (const s of slow) console.log(`  slow: ${s}`);
    for (const s of skipped) console.log(`  skipped (known hang): ${s}`);
    expect(slow).toEqual([]);
    expect(peakRss).toBeLessThan(RSS_LIMIT);
    // Nothing untyped may come from the tensor layer, the core or the parsers, allow-list or not.
    expect(untyped.filter((u) => /src\/(tensor|interop|core|errors)/.test(u.site)).map(classKey)).toEqual([]);
    expect([...new Set(disallowed.map(classKey))]).toEqual([]);
    expect(results + typed + untyped.length + skipped.length).toBe(CALLS);
  });
});
