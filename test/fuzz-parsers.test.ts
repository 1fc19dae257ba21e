/**
 * Hostile-input fuzzing of the parsers (issue 11): 10,000 mutated `.npy` files, 10,000 mutated
 * serialized TensorProtos and 10,000 random TensorProto objects. Each must end in a tensor or a
 * GatherScatterError — no allow-list: the parsers own every error they can meet. A watchdog fails
 * any call over CALL_BUDGET_MS and checks RSS stays bounded.
 *
 * Replay: `FUZZ_SEED=<seed> npx vitest run test/fuzz-parsers.test.ts` (`FUZZ_CALLS` sets the count).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DTYPES,
  GatherScatterError,
  Tensor,
  getAllocationLimit,
  setAllocationLimit,
  tensor,
} from '../src/index.js';
import { readNpy, writeNpy } from '../src/interop/index.js';
import { encodeTensorProto, fromTensorProto, toTensorProto } from '../src/interop/onnx-tensor.js';
import { stopwatch } from './helpers/budget.js';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CALLS = Number(process.env.FUZZ_CALLS ?? 10_000);
/** Per call, on the stopwatch (test/helpers/budget.ts): a hang trips it, the machine's load does not. */
const CALL_BUDGET_MS = 2000;
const RSS_LIMIT = 2.5 * 2 ** 30;

const corpusTensors: Tensor[] = [
  tensor(
    [
      [1.5, -2],
      [3, 4],
    ],
    'float32',
  ),
  tensor([1, 2, 3], 'int64'),
  tensor([2n ** 64n - 1n, 0n], 'uint64'),
  tensor([true, false, true], 'bool'),
  tensor([0.1, 65504], 'float16'),
  tensor([1, -1], 'bfloat16'),
  tensor(7, 'int8'),
  tensor([[]], 'float64'),
  tensor([1, 2, 3, 4, 5, 6], 'uint16').reshape([1, 2, 3]),
  tensor([-5, 6], 'int32'),
  tensor(new Float32Array([1, -2, 0.5, 3]), 'complex64'),
  tensor(new Float64Array([Number.NaN, -0]), 'complex128'),
];

function npyCorpus(): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const t of corpusTensors) {
    if (t.dtype === 'bfloat16') {
      out.push(writeNpy(t, { bfloat16: 'uint16' }));
      continue;
    }
    out.push(writeNpy(t));
    out.push(writeNpy(t, { version: 3, byteOrder: '>' }));
  }
  return out;
}

function protoCorpus(): Uint8Array[] {
  const out = corpusTensors.map((t) => toTensorProto(t, 'x'));
  out.push(encodeTensorProto({ dims: [3], data_type: 7, int64_data: ['1', '-2', '9223372036854775807'] }));
  out.push(encodeTensorProto({ dims: [2], data_type: 1, float_data: [1.5, Number.NaN] }));
  out.push(encodeTensorProto({ dims: [2], data_type: 6, int32_data: [-1, 5] }));
  out.push(encodeTensorProto({ dims: [2], data_type: 13, uint64_data: ['18446744073709551615', '0'] }));
  out.push(encodeTensorProto({ dims: [2], data_type: 11, double_data: [1e300, -0] }));
  out.push(
    encodeTensorProto({
      dims: [1],
      data_type: 1,
      external_data: [{ key: 'location', value: 'w.bin' }],
      data_location: 1,
    }),
  );
  return out;
}

const TOKENS = [
  '(10**15, 0)',
  '(1000000000000000, 0)',
  '(99999999999999999999,)',
  "'<f4'",
  "'|O'",
  "'<V2'",
  'True',
  '((((((((((',
  '{',
  '\\x',
  `(${'1, '.repeat(70)})`,
  `(${'2, '.repeat(2000)})`,
];

/** Byte mutations: flip, set, insert, delete, truncate, splice a token, overwrite a length field. */
const mutationArb = fc.array(
  fc.oneof(
    fc.tuple(fc.constant('flip' as const), fc.nat(), fc.integer({ min: 0, max: 7 })),
    fc.tuple(fc.constant('set' as const), fc.nat(), fc.integer({ min: 0, max: 255 })),
    fc.tuple(fc.constant('insert' as const), fc.nat(), fc.uint8Array({ maxLength: 12 })),
    fc.tuple(fc.constant('delete' as const), fc.nat(), fc.integer({ min: 1, max: 16 })),
    fc.tuple(fc.constant('truncate' as const), fc.nat()),
    fc.tuple(fc.constant('token' as const), fc.nat(), fc.constantFrom(...TOKENS)),
    fc.tuple(
      fc.constant('varint' as const),
      fc.nat(),
      fc.constantFrom(0x0a, 0x3a, 0x2a, 0x22, 0x08, 0x4a, 0x52, 0x5a),
      fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
    ),
    fc.tuple(fc.constant('u32' as const), fc.constantFrom(8, 9), fc.nat()),
  ),
  { minLength: 1, maxLength: 4 },
);

function varintBytes(v: bigint): number[] {
  const out: number[] = [];
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) b |= 0x80;
    out.push(b);
  } while (v > 0n);
  return out;
}

function mutate(base: Uint8Array, ops: readonly unknown[]): Uint8Array {
  let b = Array.from(base);
  for (const op of ops as readonly (readonly unknown[])[]) {
    const at = (op[1] as number) % (b.length + 1);
    switch (op[0]) {
      case 'flip':
        if (b.length) b[at % b.length] ^= 1 << (op[2] as number);
        break;
      case 'set':
        if (b.length) b[at % b.length] = op[2] as number;
        break;
      case 'insert':
        b.splice(at, 0, ...(op[2] as Uint8Array));
        break;
      case 'delete':
        b.splice(at, op[2] as number);
        break;
      case 'truncate':
        b = b.slice(0, at);
        break;
      case 'token':
        b.splice(at, 0, ...new TextEncoder().encode(op[2] as string));
        break;
      case 'varint':
        b.splice(at, 0, op[2] as number, ...varintBytes(op[3] as bigint));
        break;
      case 'u32':
        if (b.length > (op[1] as number) + 3) {
          const v = op[2] as number;
          b[op[1] as number] = v & 0xff;
          b[(op[1] as number) + 1] = (v >> 8) & 0xff;
        }
        break;
    }
  }
  return new Uint8Array(b);
}

/** Random TensorProto objects: every field with values of every JS type. */
const int64Like = fc.oneof(
  fc.integer({ min: -2, max: 5 }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.constantFrom(
    '3',
    '1e3',
    '-1',
    '18446744073709551616',
    '0x10',
    '',
    ' 2',
    1.5,
    Number.NaN,
    2 ** 60,
    null,
    true,
    { low: 3, high: 0 },
    { low: 'x' },
    [2],
    Symbol('s'),
  ),
);
function sparse(): unknown[] {
  const a: unknown[] = [];
  a.length = 1e8;
  return a;
}
const listOf = (item: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.array(item, { maxLength: 6 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('abc', 5, null, {}, new Float32Array([1, 2]), new BigInt64Array([3n])),
    },
    { weight: 1, arbitrary: fc.constant(0).map(() => sparse()) },
  );
const randomObjectArb = fc.record(
  {
    dims: fc.oneof(listOf(int64Like), fc.constant(new Array(100).fill(1))),
    data_type: fc.oneof(
      fc.integer({ min: -1, max: 30 }),
      fc.constantFrom('FLOAT', 'INT64', 'BOGUS', 1.5, null, 7n),
    ),
    dataType: fc.constantFrom(1, 7, 'UINT8', undefined),
    raw_data: fc.oneof(
      fc.uint8Array({ maxLength: 24 }),
      fc.constantFrom('AAAA', 'not base64!', '', 12, [1, 2], new Uint16Array(2)),
    ),
    float_data: listOf(fc.oneof(fc.double(), fc.constantFrom('abc', null, 1n, undefined))),
    double_data: listOf(fc.oneof(fc.double(), fc.constantFrom('x', {}))),
    int32_data: listOf(fc.oneof(fc.integer(), fc.constantFrom(1.5, 'abc', 2 ** 40, -1, 70000, null))),
    int64_data: listOf(int64Like),
    uint64_data: listOf(int64Like),
    string_data: listOf(fc.constantFrom('a', new Uint8Array([97]), 3)),
    name: fc.oneof(fc.string({ maxLength: 5 }), fc.constantFrom(3, null, {})),
    doc_string: fc.oneof(fc.string({ maxLength: 5 }), fc.constantFrom(3)),
    segment: fc.constantFrom({ begin: 0, end: 2 }, 'x', null, { begin: 'abc' }),
    external_data: fc.constantFrom([{ key: 'location', value: 'w.bin' }], [], 'x', [null], sparse()),
    data_location: fc.constantFrom(0, 1, 'EXTERNAL', 'DEFAULT', 'x', 2),
  },
  { requiredKeys: [] },
);

/** Valid objects with up to two fields replaced by random ones (so the reader gets past the first checks). */
const VALID_OBJECTS: Record<string, unknown>[] = [
  { dims: [2], data_type: 7, int64_data: ['1', -2n] },
  { dims: ['1', 2n], dataType: 'FLOAT', float_data: [1.5, 2] },
  { dims: [3], data_type: 2, int32_data: [0, 255, 7] },
  { dims: [2], data_type: 13, uint64_data: [1, '18446744073709551615'] },
  { dims: [1, 1], data_type: 11, double_data: new Float64Array([Math.PI]) },
  { dims: [2], data_type: 1, raw_data: new Uint8Array(8) },
  { dims: [], data_type: 9, int32_data: [1] },
];
const objectArb = fc.oneof(
  randomObjectArb,
  fc
    .tuple(fc.nat({ max: VALID_OBJECTS.length - 1 }), fc.nat({ max: 2 }), randomObjectArb)
    .map(([k, replace, junk]) => {
      const o: Record<string, unknown> = { ...VALID_OBJECTS[k] };
      for (const key of Object.keys(junk).slice(0, replace)) o[key] = (junk as Record<string, unknown>)[key];
      return o;
    }),
);

interface Tally {
  results: number;
  typed: number;
  untyped: string[];
  slow: string[];
  peakRss: number;
}

function run(
  label: string,
  inputs: readonly unknown[],
  call: (x: unknown) => unknown,
  show: (x: unknown) => string,
): Tally {
  const t: Tally = { results: 0, typed: 0, untyped: [], slow: [], peakRss: 0 };
  inputs.forEach((input, index) => {
    const elapsed = stopwatch();
    try {
      const r = call(input);
      if (r instanceof Tensor) r.toString();
      t.results++;
    } catch (e) {
      if (e instanceof GatherScatterError) t.typed++;
      else
        t.untyped.push(
          `#${index} ${e instanceof Error ? `${e.constructor.name}: ${e.message.slice(0, 200)}\n${(e.stack ?? '').split('\n').slice(1, 4).join('\n')}` : String(e)}\n    input: ${show(input)}`,
        );
    }
    const ms = elapsed();
    if (ms > CALL_BUDGET_MS) t.slow.push(`#${index}: ${ms.toFixed(0)} ms: ${show(input)}`);
    if ((index & 63) === 0) t.peakRss = Math.max(t.peakRss, process.memoryUsage.rss());
  });
  console.log(
    `fuzz-parsers ${label}: ${inputs.length} inputs: ${t.results} results, ${t.typed} typed errors, ${t.untyped.length} untyped, ${t.slow.length} over ${CALL_BUDGET_MS} ms, peak RSS ${(t.peakRss / 2 ** 20).toFixed(0)} MiB`,
  );
  for (const u of t.untyped.slice(0, 10)) console.log(`  untyped ${u}`);
  for (const s of t.slow.slice(0, 10)) console.log(`  slow ${s}`);
  return t;
}

const hex = (x: unknown) =>
  Buffer.from(x as Uint8Array)
    .toString('hex')
    .slice(0, 400);
function showObject(x: unknown): string {
  return JSON.stringify(x, (_k, v) =>
    typeof v === 'bigint'
      ? `${v}n`
      : Array.isArray(v) && v.length > 16
        ? `[array length ${v.length}]`
        : typeof v === 'symbol'
          ? String(v)
          : v instanceof Uint8Array
            ? `u8:${hex(v)}`
            : v,
  );
}

function check(t: Tally): void {
  expect(t.untyped).toEqual([]);
  expect(t.slow).toEqual([]);
  expect(t.peakRss).toBeLessThan(RSS_LIMIT);
}

describe(`fuzz: parsers (seed ${SEED})`, () => {
  let oldLimit = 0;
  beforeAll(() => {
    oldLimit = getAllocationLimit();
    setAllocationLimit(2 ** 28);
    console.log(
      `fuzz-parsers seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run test/fuzz-parsers.test.ts)`,
    );
  });
  afterAll(() => setAllocationLimit(oldLimit));

  it(`${CALLS} mutated .npy files`, () => {
    const corpus = npyCorpus();
    const inputs = fc.sample(
      fc.tuple(fc.nat({ max: corpus.length - 1 }), mutationArb).map(([k, ops]) => mutate(corpus[k], ops)),
      { seed: SEED, numRuns: CALLS },
    );
    const t = run('npy', inputs, (b) => readNpy(b as Uint8Array), hex);
    check(t);
    expect(t.results + t.typed).toBe(CALLS);
    expect(t.results).toBeGreaterThan(0);
  });

  it(`${CALLS} mutated TensorProto bytes`, () => {
    const corpus = protoCorpus();
    const inputs = fc.sample(
      fc.tuple(fc.nat({ max: corpus.length - 1 }), mutationArb).map(([k, ops]) => mutate(corpus[k], ops)),
      { seed: SEED + 1, numRuns: CALLS },
    );
    const t = run('TensorProto bytes', inputs, (b) => fromTensorProto(b as Uint8Array), hex);
    check(t);
    expect(t.results).toBeGreaterThan(0);
  });

  it(`${CALLS} random TensorProto objects`, () => {
    const inputs = fc.sample(objectArb, { seed: SEED + 2, numRuns: CALLS });
    const t = run('TensorProto objects', inputs, (o) => fromTensorProto(o as object), showObject);
    check(t);
  });

  it('every dtype survives the corpus round trip (the corpus is valid)', () => {
    for (const t of corpusTensors) expect(fromTensorProto(toTensorProto(t)).toJSON()).toEqual(t.toJSON());
    expect(DTYPES.length).toBe(15);
  });
});
