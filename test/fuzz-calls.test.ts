/**
 * Issue 24, item 7: mutation fuzz of lowered calls into every consumer (execute, executeAll, the
 * ONNX export, translate, vjp/jvp, stablehloText, traceCall, decomposeBatching) and of foreign
 * tensors into the adapters. Valid calls from several frameworks get 1–3 fields replaced or
 * deleted (at the top, in `dimension_numbers`, in `options`) by hostile values — null, {}, forged
 * and detached tensors, huge or negative reshapes, wrong types, prototype names. Every call must
 * end in a result or a GatherScatterError within the call budget: the same "0 untyped, 0 over
 * budget" rule as test/fuzz-ops.test.ts. The seed is printed; replay with
 * `FUZZ_SEED=<seed> npx vitest run test/fuzz-calls.test.ts` (`FUZZ_CALLS=<n>` for the count).
 */
import { describe, expect, it } from 'vitest';
import type { CoreCall } from '../src/core/call.js';
import * as lib from '../src/index.js';
import {
  GatherScatterError,
  Tensor,
  fromOrt,
  fromTf,
  getAllocationLimit,
  setAllocationLimit,
  tensor,
} from '../src/index.js';
import { CONSUMERS } from './helpers/consumers.js';
import { stopwatch } from './helpers/budget.js';
import { rng } from './reference/random-cases.js';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CALLS = Number(process.env.FUZZ_CALLS ?? 400);
/** Per call, on the stopwatch (test/helpers/budget.ts): a hang trips it, the machine's load does not. */
const CALL_BUDGET_MS = 2000;

const i64 = (v: number[][] | number[]) => tensor(v as never, 'int64');
const f32 = (v: number[][] | number[]) => tensor(v as never, 'float32');

/** Valid calls, gathers and scatters, from several frameworks (fresh tensors each time). */
const BASES: (() => CoreCall)[] = [
  () =>
    lib.torch.lower.gather(
      f32([
        [1, 2, 3],
        [4, 5, 6],
      ]),
      1,
      i64([
        [0, 2],
        [1, 0],
      ]),
    ) as CoreCall,
  () => lib.onnx.lower.Gather(f32([1, 2, 3, 4]), i64([3, 0])) as CoreCall,
  () =>
    lib.onnx.lower.GatherND(
      f32([
        [1, 2],
        [3, 4],
      ]),
      i64([[1, 0]]),
    ) as CoreCall,
  () => lib.torch.lower.scatter_add(f32([[1, 2, 3]]), 1, i64([[0, 0]]), f32([[5, 6]])) as CoreCall,
  () => lib.onnx.lower.ScatterND(f32([1, 2, 3]), i64([[2]]), f32([9])) as CoreCall,
  () => lib.torch.lower.index_add(f32([1, 2]), 0, i64([1]), f32([5]), { alpha: 2 }) as CoreCall,
  () =>
    lib.stablehlo.lower.scatter(f32([1, 2, 3]), tensor([[0]], 'int32'), f32([7]), {
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
      index_vector_dim: 1,
    }) as CoreCall,
];

const forged = () =>
  Object.create(Tensor.prototype, {
    dtype: { value: 'float32' },
    shape: { value: [1e9] },
    data: { value: new Float32Array(3) },
    size: { value: 1e9 },
  });
const detached = () => {
  const t = f32([1, 2, 3]);
  structuredClone(t.data.buffer, { transfer: [t.data.buffer] });
  return t;
};

/** Hostile values a field may be replaced by. */
const HOSTILE: (() => unknown)[] = [
  () => null,
  () => undefined,
  () => ({}),
  () => [],
  () => 0,
  () => -1,
  () => 1e9,
  () => Number.NaN,
  () => 'x',
  () => '__proto__',
  () => 'constructor',
  () => true,
  () => 3n,
  () => Symbol('s'),
  () => () => 0,
  () => [1e9, 1e9],
  () => [-3],
  () => [2, 2],
  () => [0],
  () => ({ length: 1e9 }),
  () => new Array(100).fill(0),
  forged,
  detached,
  () => f32([1, 2, 3]),
  () => i64([[5]]),
  () => tensor([1], 'int8'),
  () => new Float32Array(3),
  () => [f32([1])],
  () => [forged()],
  () => 'add',
  () => 'replace',
  () => ({ kind: 'scale_updates', factor: 'x' }),
  () => ({ kind: 'cycle_updates', length: 1e9 }),
];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)];
}

/** `call` with 1–3 fields replaced or deleted (top level, dimension_numbers, options). */
function mutate(call: CoreCall, r: () => number): unknown {
  const c: Record<string, unknown> = { ...call };
  if (typeof c.dimension_numbers === 'object') c.dimension_numbers = { ...c.dimension_numbers };
  if (typeof c.options === 'object') c.options = { ...c.options };
  const n = 1 + Math.floor(r() * 3);
  for (let k = 0; k < n; k++) {
    const where = r();
    const target =
      where < 0.5
        ? c
        : where < 0.8 && isObj(c.dimension_numbers)
          ? c.dimension_numbers
          : isObj(c.options)
            ? c.options
            : c;
    const keys = [...Object.keys(target), 'reshape', 'out', 'prologue', 'mode', 'fill_value'];
    const key = pick(r, keys);
    if (r() < 0.15) delete target[key];
    else target[key] = pick(r, HOSTILE)();
  }
  return c;
}

/** A plain object (not a frozen Tensor or an array a mutation put there). */
function isObj(v: unknown): v is Record<string, unknown> {
  return (
    typeof v === 'object' &&
    v !== null &&
    Object.getPrototypeOf(v) === Object.prototype &&
    !Object.isFrozen(v)
  );
}

describe(`hostile calls into every consumer (seed ${SEED})`, () => {
  it(`${CALLS} mutated calls × ${Object.keys(CONSUMERS).length} consumers: 0 untyped, 0 over budget`, () => {
    console.log(
      `fuzz-calls: seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run test/fuzz-calls.test.ts)`,
    );
    const limit = getAllocationLimit();
    setAllocationLimit(2 ** 26);
    const r = rng(SEED).next;
    const untyped: string[] = [];
    const slow: string[] = [];
    let ok = 0;
    let typed = 0;
    try {
      for (let i = 0; i < CALLS; i++) {
        const base = pick(r, BASES)();
        const seedOfCase = Math.floor(r() * 2 ** 31);
        for (const [name, consume] of Object.entries(CONSUMERS)) {
          // translateAll runs every framework's peer: a tenth of the cases.
          if (name === 'translateAll' && i % 10 !== 0) continue;
          const call = mutate(base, rng(seedOfCase).next);
          const elapsed = stopwatch();
          try {
            consume(call);
            ok++;
          } catch (e) {
            if (e instanceof GatherScatterError) typed++;
            else untyped.push(`case ${i} ${name}: ${String(e).slice(0, 200)}`);
          }
          const ms = elapsed();
          if (ms > CALL_BUDGET_MS) slow.push(`case ${i} ${name}: ${ms.toFixed(0)} ms`);
        }
      }
    } finally {
      setAllocationLimit(limit);
    }
    console.log(
      `fuzz-calls: ${ok} results, ${typed} typed errors, ${untyped.length} untyped, ${slow.length} over budget`,
    );
    expect(untyped.slice(0, 20)).toEqual([]);
    expect(slow).toEqual([]);
  }, 300_000);
});

describe(`hostile foreign tensors into the adapters (seed ${SEED})`, () => {
  const ARRAYS = [
    () => new Float32Array([1.5, 2]),
    () => new Float64Array([1, 2]),
    () => new Int32Array([1, 2]),
    () => new BigInt64Array([1n, 2n]),
    () => new Uint8Array([1, 2]),
    () => new Uint8ClampedArray([1, 2]),
    () => new Uint16Array([1, 2]),
    () => new Int8Array([1, 2]),
    () => [1, 2],
    () => null,
    () => 'ab',
    () => new DataView(new ArrayBuffer(8)),
  ];
  const TYPES = [
    'float32',
    'float64',
    'int32',
    'int64',
    'uint8',
    'bool',
    'float16',
    'int8',
    'string',
    'constructor',
    '__proto__',
    'toString',
    7,
    null,
  ];
  const DIMS = [
    [2],
    [1, 2],
    [true, '2'],
    ['2'],
    [-2],
    [2.5],
    [],
    null,
    'x',
    [2n],
    new Array(70).fill(1),
    { length: 1e9 },
    [1e9],
  ];
  /** The one class each label reads without conversion (or a same-layout alias). */
  const ACCEPTS: Record<string, string[]> = {
    float32: ['Float32Array'],
    float64: ['Float64Array'],
    int32: ['Int32Array'],
    int64: ['BigInt64Array'],
    uint8: ['Uint8Array', 'Uint8ClampedArray'],
    bool: ['Uint8Array', 'Uint8ClampedArray'],
    float16: ['Uint16Array', 'Float16Array'],
    int8: ['Int8Array'],
  };

  it(`${CALLS * 2} foreign tensors: typed errors or exact reads, never reinterpreted bits`, () => {
    const r = rng(SEED ^ 0x5bd1e995).next;
    const untyped: string[] = [];
    const reinterpreted: string[] = [];
    for (let i = 0; i < CALLS * 2; i++) {
      const data = pick(r, ARRAYS)();
      const type = pick(r, TYPES);
      const dims = pick(r, DIMS);
      const viaTf = r() < 0.3;
      try {
        const t = viaTf
          ? fromTf({ dtype: type as string, shape: dims as number[], dataSync: () => data as never })
          : fromOrt({ type: type as string, dims: dims as number[], data });
        const cls = Object.prototype.toString.call(data).slice(8, -1);
        if (!(ACCEPTS[String(type)] ?? []).includes(cls)) reinterpreted.push(`${String(type)} ← ${cls}`);
        expect(t.shape.every((d) => Number.isSafeInteger(d) && d >= 0)).toBe(true);
      } catch (e) {
        if (!(e instanceof GatherScatterError)) untyped.push(`${String(type)} ${String(dims)}: ${String(e)}`);
      }
    }
    expect(untyped).toEqual([]);
    expect(reinterpreted).toEqual([]);
  });
});
