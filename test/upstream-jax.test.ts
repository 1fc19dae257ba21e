/**
 * JAX's own upstream tests for NumPy-style indexing, `x.at[...]`, jnp.take and
 * jnp.take_along_axis, restated as data and run against this library's JAX frontend (JAX itself is
 * not installable here). Source: jax-ml/jax @ cec06d116c05f0d52adfceee3d3b730fdbcb0ce5:
 *   tests/lax_numpy_indexing_test.py — STATIC_INDEXING_TESTS (int-only and empty-tuple entries),
 *     STATIC_INDEXING_OUT_OF_BOUNDS_TESTS, ADVANCED_INDEXING_TESTS(_NO_REPEATS, _NO_REPEATS_SORTED);
 *     IndexingTest.testAdvancedIntegerIndexing, testWrapNegativeIndices1D, testIndexOutOfBounds,
 *     testIndexApply(+BatchingBug, UpdateScalarBug), testIndexingEmptyDimension,
 *     testWrongNumberOfIndices, testFloatIndexingError, testStrIndexingError,
 *     testIndexDtypePromotion, testIndexingTypePromotion; IndexingStrategyTest.test_simple_indexing_oob;
 *     ValidateIndicesTest.test_simple_indexing; IndexedUpdateTest.testStaticIndexing,
 *     testAdvancedIndexing, testAdvancedIndexingSorted, testWrapNegativeIndices1D,
 *     testSegmentSumBehavior, testSegmentSum, testScatterValuesCastToTargetDType.
 *   tests/lax_numpy_test.py — testTake, testTakeEmpty, testTakeOptionalArgs, testTakeAlongAxis,
 *     testTakeAlongAxisDefaultAxis, …WithInt8Indices, …PromiseInBoundsWithInt8Indices,
 *     …WithUint8IndicesDoesNotOverflow, …InputTensorHasSingletonDimension, …WrapNegativeIndices,
 *     …ClipNoWrapNegativeIndices, …OutOfBounds, …RequiresIntIndices, …WithEmptyArgs, …OptionalArgs.
 *
 * The upstream tests compare against NumPy for in-bounds indices: the expected values below are
 * NumPy 1.24.2's (`x[idx]`, `np.add.at` & co., np.take, np.take_along_axis) on the data
 * `seq` builds, where upstream draws random data; random index draws are replaced by fixed ones
 * in the same ranges, and the largest arrays are scaled down (noted per case). Out-of-bounds
 * values follow JAX's source: FILL_OR_DROP fills a gather with NaN / the dtype's min (signed) /
 * max (unsigned) and drops a scatter (jax/_src/lax/slicing.py `gather`, `_gather_fill`); static
 * ints clamp after one wrap (jax/_src/numpy/indexing.py `to_static_slice`); segment_sum is
 * `zeros.at[ids].add(data, mode=FILL_OR_DROP)` without wrapping (jax/_src/ops/scatter.py
 * `_segment_update`). Slices, None, Ellipsis and boolean masks are outside `jax.at`'s index
 * (docs/jax.md), so the upstream cases using them are left out; JAX's jit, grads, sharding,
 * strategies and jaxpr inspections have no counterpart here.
 */
import { describe, expect, it } from 'vitest';
import { jax } from '../src/frameworks/jax.js';
import type { DType } from '../src/tensor/dtype.js';
import { type Tensor, arange, full, tensor, zeros } from '../src/tensor/tensor.js';
import { typedCode as typed } from './helpers/errors.js';

type Mode = 'clip' | 'fill' | 'drop' | 'promise_in_bounds';
/** An index array: values (space-separated), shape and dtype. */
interface Arr {
  readonly a: string;
  readonly shape: readonly number[];
  readonly dtype: DType;
}
type Entry = number | Arr;
type Index = Entry | readonly Entry[];

interface GetCase {
  readonly name: string;
  readonly shape: readonly number[];
  readonly dtype: DType;
  readonly index: Index;
  readonly outShape: readonly number[];
  readonly expected: string;
}
/** A static out-of-bounds index: the clamped get (after one wrap if `wrap`), set / add 100 under clip. */
interface OobCase {
  readonly name: string;
  readonly shape: readonly number[];
  readonly index: Index;
  readonly wrap: boolean;
  readonly outShape: readonly number[];
  readonly clamped: string;
  readonly setClip: string;
  readonly addClip: string;
}
interface WrapGetCase {
  readonly n: number;
  readonly mode: Mode;
  readonly wrap: boolean;
  readonly expected: string;
}
interface WrapUpdateCase {
  readonly n: 5 | 10;
  readonly op: UpdateOp;
  readonly mode: Mode;
  readonly wrap: boolean;
  /** Whether the indices repeat after clamping (values then follow NumPy's last-wins assignment). */
  readonly duplicates: boolean;
  readonly expected: string;
}
interface TakeCase {
  readonly shape: readonly number[];
  readonly dtype: DType;
  readonly axis: number | null;
  readonly index: Arr;
  readonly mode: 'wrap' | 'clip' | null;
  readonly outShape: readonly number[];
  readonly expected: string;
}
interface TakeAlongCase {
  readonly shape: readonly number[];
  readonly dtype: DType;
  readonly axis: number | null;
  readonly index: Arr;
  readonly outShape: readonly number[];
  readonly expected: string;
}

/** A space-separated list of numbers ('NaN', 'Infinity' and '-0' included). */
const nums = (s: string): number[] => (s === '' ? [] : s.split(' ').map(Number));

/** A tensor of `shape` and `dtype` from numbers (bools from 1/0, int64/uint64 as bigints). */
function build(values: readonly number[], shape: readonly number[], dtype: DType): Tensor {
  const v =
    dtype === 'bool'
      ? values.map((n) => n !== 0)
      : dtype === 'int64' || dtype === 'uint64'
        ? values.map((n) => BigInt(n))
        : values;
  return tensor(v as number[], dtype).reshape(shape);
}

/**
 * The data of the cases (the generator's `seq`): ((i·a + b) mod 23) − 11 for signed integers,
 * half that for floats, (i·a + b) mod 23 for unsigned, odd for bool. Updates use a = 29, b = 5 with
 * zeros replaced by 3 (no division by zero).
 */
function seq(shape: readonly number[], dtype: DType, a = 37, b = 3): Tensor {
  const n = shape.reduce((p, d) => p * d, 1);
  const r = Array.from({ length: n }, (_, i) => (i * a + b) % 23);
  const signed = dtype.startsWith('int');
  const unsigned = dtype.startsWith('uint');
  const v = r.map((k) => (dtype === 'bool' ? k % 2 : unsigned ? k : signed ? k - 11 : (k - 11) / 2));
  return build(v, shape, dtype);
}
function upd(shape: readonly number[], dtype: DType): Tensor {
  const t = seq(shape, dtype, 29, 5);
  if (dtype === 'bool') return t;
  const v = flat(t).map((x) => (x === 0 ? 3 : x));
  return build(v as number[], shape, dtype);
}

/** An index as `jax.at` takes it: ints stay numbers, arrays become tensors, tuples JS arrays. */
function index(i: Index): number | Tensor | (number | Tensor)[] {
  const entry = (e: Entry) => (typeof e === 'number' ? e : build(nums(e.a), e.shape, e.dtype));
  return Array.isArray(i) ? i.map(entry) : entry(i as Entry);
}

/** A tensor's values, flat, as numbers or booleans. */
const flat = (t: Tensor): (number | boolean)[] =>
  t.toFlatArray().map((v) => (typeof v === 'bigint' ? Number(v) : (v as number | boolean)));

/**
 * Asserts `got` has `shape` and the expected values: exact (float32 expectations rounded to
 * float32, NaN equal to NaN, -0 to 0), or within `rtol` where upstream compares with a tolerance.
 */
function expectValues(got: Tensor, shape: readonly number[] | null, expected: string | number[], rtol = 0) {
  if (shape) expect(got.shape).toEqual(shape);
  const want = typeof expected === 'string' ? nums(expected) : expected;
  const g = flat(got);
  expect(g.length).toBe(want.length);
  const bad: string[] = [];
  want.forEach((w0, i) => {
    const w = got.dtype === 'float32' ? Math.fround(w0) : w0;
    const v = g[i];
    const ok =
      typeof v === 'boolean'
        ? v === (w !== 0)
        : Number.isNaN(w)
          ? Number.isNaN(v)
          : !Number.isFinite(w) || rtol === 0
            ? v === w
            : Math.abs(v - w) <= rtol * Math.abs(w);
    if (!ok) bad.push(`[${i}] got ${v}, want ${w}`);
  });
  expect(bad.slice(0, 5), `${bad.length} of ${want.length} values differ`).toEqual([]);
}

type UpdateOp = 'set' | 'add' | 'subtract' | 'multiply' | 'divide' | 'power' | 'min' | 'max';
/** Upstream's tolerance: exact, except power (float32: 1e-5) and divide (rounding order). */
const rtolOf = (op: UpdateOp) => (op === 'power' || op === 'divide' ? 1e-5 : 0);

interface UpdateSpec {
  readonly name: string;
  readonly shape: readonly number[];
  readonly index: Index;
  /** The flat positions the index touches (the rest of x is unchanged). */
  readonly at: string;
  /** Per 'op dtype updateShape': the result's values at `at`. */
  readonly cases: Readonly<Record<string, string>>;
}

/** Runs every case of an update spec: x.at[index].<op>(values, options) against NumPy's ufunc.at. */
function runUpdates(spec: UpdateSpec, opts: Record<string, unknown>) {
  for (const [key, values] of Object.entries(spec.cases)) {
    const [op, dtype] = key.split(' ', 2) as [UpdateOp, DType];
    const updateShape = JSON.parse(key.slice(op.length + dtype.length + 2)) as number[];
    const x = seq(spec.shape, dtype);
    const y = upd(updateShape, dtype);
    const r = (jax.at(x, index(spec.index)) as unknown as Record<string, (...a: unknown[]) => Tensor>)[op](
      y,
      opts,
    );
    expect(r.dtype, key).toBe(dtype);
    const at = nums(spec.at);
    const want = flat(x).map((v) => (typeof v === 'boolean' ? Number(v) : v));
    nums(values).forEach((v, j) => {
      want[at[j]] = v;
    });
    expectValues(r, spec.shape, want as number[], rtolOf(op));
  }
}

const f32 = (v: number[]) => tensor(v, 'float32');
const i32 = (v: number[]) => tensor(v, 'int32');

describe('tests/lax_numpy_indexing_test.py: gets (x[idx] and x.at[idx].get())', () => {
  it('ValidateIndicesTest.test_simple_indexing: STATIC_INDEXING_TESTS int and empty-tuple entries, every mode', () => {
    for (const c of STATIC_GETS) {
      const x = seq(c.shape, c.dtype);
      // In bounds, every mode reads the same values (mode=None is x[idx]).
      for (const mode of [undefined, 'clip', 'fill', 'promise_in_bounds'] as const) {
        expectValues(jax.at(x, index(c.index)).get({ mode }), c.outShape, c.expected);
      }
    }
  });

  it('IndexingTest.testAdvancedIntegerIndexing: ADVANCED_INDEXING_TESTS (lists as int32 arrays)', () => {
    for (const c of ADVANCED_GETS) {
      const x = seq(c.shape, c.dtype);
      const r = jax.at(x, index(c.index)).get();
      expect(r.dtype, c.name).toBe(c.dtype);
      expectValues(r, c.outShape, c.expected);
    }
  });

  it('IndexingStrategyTest.test_simple_indexing_oob: STATIC_INDEXING_OUT_OF_BOUNDS_TESTS clamp under clip', () => {
    // normalize_indices (wrap_negative_indices) wraps once, then the index clamps per dimension.
    for (const c of STATIC_OOB) {
      const x = seq(c.shape, 'float32');
      const r = jax.at(x, index(c.index)).get({ mode: 'clip', wrap_negative_indices: c.wrap });
      expectValues(r, c.outShape, c.clamped);
      // mode=None (x[idx]) is PROMISE_IN_BOUNDS: static ints clamp (indexing.py to_static_slice).
      if (c.wrap) expectValues(jax.at(x, index(c.index)).get(), c.outShape, c.clamped);
    }
  });

  it('STATIC_INDEXING_OUT_OF_BOUNDS_TESTS under mode="fill": NaN (float32), int32 min, fill_value', () => {
    for (const c of STATIC_OOB) {
      const n = c.outShape.reduce((p, d) => p * d, 1);
      const get = (dtype: DType, o: Record<string, unknown>) =>
        jax
          .at(seq(c.shape, dtype), index(c.index))
          .get({ mode: 'fill', wrap_negative_indices: c.wrap, ...o });
      expectValues(get('float32', {}), c.outShape, Array(n).fill(Number.NaN));
      expectValues(get('int32', {}), c.outShape, Array(n).fill(-(2 ** 31)));
      expectValues(get('uint8', {}), c.outShape, Array(n).fill(255));
      expectValues(get('bool', {}), c.outShape, Array(n).fill(1));
      expectValues(get('int32', { fill_value: 7 }), c.outShape, Array(n).fill(7));
    }
  });

  it('IndexingTest.testWrapNegativeIndices1D: every mode × wrap_negative_indices, fill_value=99', () => {
    const idx = build(nums(WRAP_GET_INDEX), [13], 'int32');
    for (const c of WRAP_GET) {
      const data = seq([c.n], 'float32');
      const r = jax.at(data, idx).get({ mode: c.mode, fill_value: 99, wrap_negative_indices: c.wrap });
      expectValues(r, [13], c.expected);
      // mode=None on an index array is PROMISE_IN_BOUNDS (slicing.py `gather`): XLA clamps.
      if (c.mode === 'promise_in_bounds')
        expectValues(jax.at(data, idx).get({ wrap_negative_indices: c.wrap }), [13], c.expected);
    }
  });

  it('IndexingTest.testIndexOutOfBounds', () => {
    const x = i32([1, 2, 3, 4, 5]);
    const idx = i32([-10, -6, -5, -4, 0, 3, 4, 5, 6, 100]);
    expect(jax.at(x, idx).get({ mode: 'clip' }).toArray()).toEqual([1, 1, 1, 2, 1, 4, 5, 5, 5, 5]);
    const nan = Number.NaN;
    expectValues(
      jax.at(f32([1, 2, 3, 4, 5]), idx).get({ mode: 'fill' }),
      [10],
      [nan, nan, 1, 2, 1, 4, 5, nan, nan, nan],
    );
    const imin = -(2 ** 31);
    expect(jax.at(x, idx).get({ mode: 'fill' }).toArray()).toEqual([
      imin,
      imin,
      1,
      2,
      1,
      4,
      5,
      imin,
      imin,
      imin,
    ]);
    const umax = 2 ** 32 - 1;
    expect(
      jax
        .at(tensor([1, 2, 3, 4, 5], 'uint32'), idx)
        .get({ mode: 'fill' })
        .toArray(),
    ).toEqual([umax, umax, 1, 2, 1, 4, 5, umax, umax, umax]);
    expect(jax.at(x, idx).get({ mode: 'fill', fill_value: 7 }).toArray()).toEqual([
      7, 7, 1, 2, 1, 4, 5, 7, 7, 7,
    ]);
  });

  it('IndexingTest.testIndexingEmptyDimension: x = ones((2, 0))', () => {
    const x = full([2, 0], 1, 'float32');
    expect(jax.at(x, 0).get().shape).toEqual([0]); // x[0] (x[0, :] without the slice)
    // x[0, 0] and jit(lambda i: x[0, i])(0): IndexError "index … out of bounds for axis … with size 0".
    expect(typed(() => jax.at(x, [0, 0]).get())).toBe('jax.at.index');
    expect(typed(() => jax.at(x, [0, tensor(0, 'int32')]).get())).toBe('jax.at.index');
  });

  it('IndexingTest.testWrongNumberOfIndices: too many indices is an IndexError', () => {
    expect(typed(() => jax.at(tensor(1, 'int32'), 0).get())).toBe('jax.at.index');
    // jnp.zeros(3)[:, 5], with the slice written as the int it stands beside.
    expect(typed(() => jax.at(zeros([3], 'float32'), [0, 5]).get())).toBe('jax.at.index');
  });

  it('IndexingTest.testFloatIndexingError / testStrIndexingError: non-integer indexers are refused', () => {
    // JS has no float 0. distinct from 0: 0.5 stands for Python's 0.
    const z = zeros([2], 'float32');
    const zz = zeros([2, 2], 'float32');
    expect(typed(() => jax.at(z, 0.5).get())).toBe('jax.at.index_dtype');
    expect(typed(() => jax.at(zz, [0, 0.5]).get())).toBe('jax.at.index_dtype');
    expect(typed(() => jax.at(z, 0.5).add(1))).toBe('jax.at.index_dtype');
    expect(typed(() => jax.at(z, 0.5).set(1))).toBe('jax.at.index_dtype');
    expect(typed(() => jax.at(zz, [arange(2), f32([1])]).get())).toBe('jax.at.index_dtype');
    expect(typed(() => jax.at(zz, [arange(2), tensor([1], 'complex64')]).get())).toBe('jax.at.index_dtype');
    expect(typed(() => jax.at(z, 'abc' as never).get())).toBe('jax.at.index');
    // Boolean masks (testBooleanIndexing*, testScalarBooleanIndexing) are valid in JAX but outside
    // `jax.at`'s index: refused as such, not as a wrong dtype.
    expect(typed(() => jax.at(z, tensor([true, false], 'bool')).get())).toBe('jax.at.index');
    expect(typed(() => jax.at(zz, [0, tensor(true, 'bool')]).set(1))).toBe('jax.at.index');
    expect(typed(() => jax.at(z, true as never).get())).toBe('jax.at.index');
    expect(typed(() => jax.at(zz, [0, 'abc' as never]).get())).toBe('jax.at.index');
  });

  it('IndexingTest.testIndexDtypePromotion: numbers[999, int8(0).reshape(shape)]', () => {
    const numbers = arange(1000, 'int32').reshape([1000, 1]);
    for (const shape of [[], [1]]) {
      const r = jax.at(numbers, [999, tensor([0], 'int8').reshape(shape)]).get();
      expectValues(r, shape, [999]);
    }
  });
});

describe('tests/lax_numpy_indexing_test.py: IndexedUpdateTest', () => {
  it('testStaticIndexing: int and empty-tuple entries, every op, modes clip / drop / promise_in_bounds', () => {
    for (const spec of STATIC_UPDATES) {
      for (const mode of ['clip', 'drop', 'promise_in_bounds'] as const) runUpdates(spec, { mode });
    }
  });

  it('testAdvancedIndexing: ADVANCED_INDEXING_TESTS_NO_REPEATS, unique_indices=True', () => {
    for (const spec of NO_REPEAT_UPDATES) runUpdates(spec, { unique_indices: true });
  });

  it('testAdvancedIndexingSorted: ADVANCED_INDEXING_TESTS_NO_REPEATS_SORTED (entries not above)', () => {
    for (const spec of SORTED_UPDATES) runUpdates(spec, { indices_are_sorted: true, unique_indices: true });
  });

  it('STATIC_INDEXING_OUT_OF_BOUNDS_TESTS updates: dropped (None / drop / fill), clamped under clip', () => {
    // The case list of testStaticIndexingGrads; values by JAX's modes (FILL_OR_DROP drops the update).
    for (const c of STATIC_OOB) {
      const x = seq(c.shape, 'float32');
      const ix = index(c.index);
      const o = { wrap_negative_indices: c.wrap };
      for (const mode of [undefined, 'drop', 'fill'] as const) {
        expectValues(jax.at(x, ix).set(100, { ...o, mode }), c.shape, flat(x) as number[]);
        expectValues(jax.at(x, ix).add(100, { ...o, mode }), c.shape, flat(x) as number[]);
      }
      expectValues(jax.at(x, ix).set(100, { ...o, mode: 'clip' }), c.shape, c.setClip);
      expectValues(jax.at(x, ix).add(100, { ...o, mode: 'clip' }), c.shape, c.addClip);
    }
  });

  it('testWrapNegativeIndices1D: every op × fill / clip × wrap_negative_indices', () => {
    // Upstream draws unique indices in [0, n), shifts some by -n and pushes the top one to n + 2
    // and -n to -(n + 2); the draws here are fixed. Under clip without wrapping, the negative
    // indices all clamp to 0: duplicates, where .set keeps the last (JAX: implementation-defined;
    // the library's documented order, NumPy's assignment agrees).
    const idx = {
      5: build(nums(WRAP_UPDATE_INDEX_5), [5], 'int32'),
      10: build(nums(WRAP_UPDATE_INDEX_10), [5], 'int32'),
    };
    for (const c of WRAP_UPDATE) {
      const data = seq([c.n], 'float32');
      const values = upd([5], 'float32');
      const ref = jax.at(data, idx[c.n]) as unknown as Record<string, (...a: unknown[]) => Tensor>;
      // mode=None and "drop" are "fill" for updates (GatherScatterMode.from_any: FILL_OR_DROP).
      for (const mode of c.mode === 'fill' ? ([c.mode, 'drop', undefined] as const) : [c.mode]) {
        const r = ref[c.op](values, { mode, wrap_negative_indices: c.wrap });
        expectValues(r, [c.n], c.expected, rtolOf(c.op));
      }
    }
  });

  it('IndexingTest.testIndexApply: ufunc.at with repeated (negative) indices applies once per hit', () => {
    const fns: Record<string, (v: number) => number> = {
      negative: (v) => -v,
      sin: Math.sin,
      cos: Math.cos,
      square: (v) => v * v,
      sqrt: Math.sqrt,
      log: Math.log,
      exp: Math.exp,
    };
    const idx = build(nums(APPLY_INDEX), [10], 'int32');
    for (const c of APPLY) {
      const r = jax.at(seq([10], 'float32'), idx).apply((v) => fns[c.fn](v as number));
      expectValues(r, [10], c.expected, 1e-6);
    }
  });

  it('IndexingTest.testIndexApplyBatchingBug / testIndexUpdateScalarBug', () => {
    // vmap(lambda a, i: a.at[i].apply(x - 1)) over arr = [[1, …, 6]], ind = [3]: the one row.
    const row = jax.at(i32([1, 2, 3, 4, 5, 6]), i32([3])).apply((v) => (v as number) - 1);
    expect(row.toArray()).toEqual([1, 2, 3, 3, 5, 6]);
    const a = arange(10, 'float32');
    expect(
      jax
        .at(a, 0)
        .apply((v) => Math.cos(v as number))
        .toArray(),
    ).toEqual(jax.at(a, 0).set(1).toArray());
  });

  it('testSegmentSumBehavior: zeros(4).at[segment_ids].add(data) accumulates duplicates', () => {
    const data = f32([5, 1, 7, 2, 3, 4, 1, 3]);
    const ids = i32([0, 0, 0, 1, 2, 2, 3, 3]);
    expect(
      jax
        .at(zeros([4], 'float32'), ids)
        .add(data)
        .toArray(),
    ).toEqual([13, 2, 7, 4]);
  });

  it('testSegmentSum: ops.segment_sum = full(n, 0).at[ids].add(data, FILL_OR_DROP, no wrapping)', () => {
    const data = i32([5, 1, 7, 2, 3, 4, 1, 3]);
    const segmentSum = (ids: number[], n: number) =>
      jax
        .at(zeros([n], 'int32'), i32(ids))
        .add(data, { mode: 'drop', wrap_negative_indices: false })
        .toArray();
    expect(segmentSum([0, 0, 0, 1, 2, 2, 3, 3], 4)).toEqual([13, 2, 7, 4]);
    expect(segmentSum([0, 0, 0, 1, 2, 2, 3, 3], 5)).toEqual([13, 2, 7, 4, 0]);
    // Negative ids and ids ≥ num_segments are dropped.
    expect(segmentSum([0, 4, 8, 1, 2, -6, -1, 3], 4)).toEqual([5, 2, 3, 3]);
    // num_segments = max(ids) + 1 = 6.
    expect(segmentSum([3, 3, 3, 4, 5, 5, -7, -6], 6)).toEqual([0, 0, 0, 13, 2, 7]);
    // testSegmentSumOutOfBounds: ids [2, 3] into 2 segments → all dropped.
    expect(
      jax
        .at(zeros([2], 'float32'), i32([2, 3]))
        .add(f32([0, 0]), { wrap_negative_indices: false })
        .toArray(),
    ).toEqual([0, 0]);
  });

  it('testIndexingTypePromotion: .at[0].set(y) keeps x.dtype for safe casts', () => {
    const safe: [DType, DType | 'int' | 'float'][] = [
      ['int32', 'int32'],
      ['float32', 'float32'],
      ['complex64', 'complex64'],
      ['int32', 'int'],
      ['float32', 'int'],
      ['float32', 'float'],
      ['complex64', 'int'],
      ['complex64', 'float'],
      ['int32', 'int16'],
      ['float32', 'float16'],
      ['float32', 'int32'],
      ['complex64', 'int32'],
      ['complex64', 'float32'],
    ];
    for (const [xt, yt] of safe) {
      const x = xt === 'complex64' ? zeros([5], xt) : arange(5, xt);
      const y = yt === 'int' ? 0 : yt === 'float' ? 0.5 : zeros([], yt);
      expect(jax.at(x, 0).set(y).dtype, `${xt} ← ${yt}`).toBe(xt);
    }
    // Python complex into complex64 (weak): safe.
    expect(jax.at(zeros([5], 'complex64'), 0).set({ re: 0, im: 1 }).dtype).toBe('complex64');
  });

  it('testIndexingTypePromotion: the casts JAX warns about (FutureWarning, "will be an error") are refused', () => {
    // The library's documented policy: JAX's announced error now (docs/jax.md).
    const unsafe: [DType, DType][] = [
      ['int16', 'int32'],
      ['int32', 'float32'],
      ['int32', 'complex64'],
      ['float16', 'float32'],
      ['float32', 'complex64'],
    ];
    for (const [xt, yt] of unsafe) {
      expect(
        typed(() => jax.at(arange(5, xt), 0).set(zeros([], yt))),
        `${xt} ← ${yt}`,
      ).toBe('jax.at.set.values_dtype');
    }
  });

  it('testScatterValuesCastToTargetDType: uint32 x takes 2**32 - 1', () => {
    const a = zeros([1], 'uint32');
    expect(
      jax
        .at(a, 0)
        .set(tensor([2 ** 32 - 1], 'uint32').reshape([]))
        .toArray(),
    ).toEqual([2 ** 32 - 1]);
    expect(
      jax
        .at(a, 0)
        .set(2 ** 32 - 1)
        .toArray(),
    ).toEqual([2 ** 32 - 1]);
  });

  it("Python ints beyond x's range: a weak int32 that wraps into x (scatter.py _scatter_update)", () => {
    // Outside x's range `jnp.asarray(y)` is a weak int32: safe_to_cast holds, the cast wraps.
    expect(
      jax
        .at(zeros([2], 'int8'), 0)
        .set(300)
        .toArray(),
    ).toEqual([44, 0]);
    expect(
      jax
        .at(zeros([2], 'uint8'), 1)
        .set(-1)
        .toArray(),
    ).toEqual([0, 255]);
    expect(
      jax
        .at(zeros([2], 'int16'), 0)
        .add(70000)
        .toArray(),
    ).toEqual([4464, 0]);
    // Beyond int32, jnp.asarray raises OverflowError.
    expect(typed(() => jax.at(zeros([2], 'int8'), 0).set(2 ** 31))).toBe('jax.at.set.values_dtype');
    expect(typed(() => jax.at(zeros([2], 'uint32'), 0).max(-(2 ** 31) - 1))).toBe('jax.at.max.values_dtype');
  });

  it("a Python int index beyond int64 clamps like JAX's static path (to_static_slice)", () => {
    const x = f32([1, 2, 3]);
    expect(
      jax
        .at(x, 2n ** 70n)
        .get()
        .toArray(),
    ).toEqual(3);
    expect(
      jax
        .at(x, -(2n ** 70n))
        .get()
        .toArray(),
    ).toEqual(1);
    expectValues(jax.at(x, 2n ** 70n).get({ mode: 'fill' }), [], [Number.NaN]);
    expect(
      jax
        .at(x, 2n ** 70n)
        .set(9)
        .toArray(),
    ).toEqual([1, 2, 3]);
    expect(
      jax
        .at(x, 2n ** 70n)
        .set(9, { mode: 'clip' })
        .toArray(),
    ).toEqual([1, 2, 9]);
  });
});

describe('tests/lax_numpy_test.py: jnp.take', () => {
  it('testTake: shapes (3,), (3, 4), (3, 4, 5), every axis and None, modes None / wrap / clip', () => {
    // One index shape of (), (3,), (2, 1, 3) per case in turn, and one data dtype of float32, int32,
    // uint16, bool; index dtypes int8..int64 in turn. mode=None draws in [-n, n), the others in [-5, 5).
    for (const c of TAKES) {
      const x = seq(c.shape, c.dtype);
      const i = build(nums(c.index.a), c.index.shape, c.index.dtype);
      const r = jax.jnp.take(x, i, { axis: c.axis, mode: c.mode });
      expect(r.dtype).toBe(c.dtype);
      expectValues(r, c.outShape, c.expected);
    }
  });

  it('testTakeEmpty', () => {
    expect(jax.jnp.take(zeros([0], 'float32'), zeros([0], 'int32')).shape).toEqual([0]);
    const r = jax.jnp.take(full([2, 0, 4], 1, 'float32'), zeros([0], 'int32'), { axis: 1 });
    expect(r.shape).toEqual([2, 0, 4]);
    // IndexError "Cannot do a non-empty jnp.take() from an empty axis."
    expect(typed(() => jax.jnp.take(full([2, 0, 4], 1, 'float32'), i32([0]), { axis: 1 }))).toBe(
      'jax.numpy.take.empty_axis',
    );
  });

  it('testTakeOptionalArgs: fill_value for the out-of-bounds index', () => {
    const r = jax.jnp.take(arange(5, 'float32'), i32([0, 2, 4, 6]), {
      unique_indices: true,
      indices_are_sorted: true,
      fill_value: 10,
    });
    expect(r.toArray()).toEqual([0, 2, 4, 10]);
  });
});

describe('tests/lax_numpy_test.py: jnp.take_along_axis', () => {
  it('testTakeAlongAxis: equal-rank broadcast-compatible shapes, every axis, -1 and None, ×3 along the axis', () => {
    // Shapes drawn from (4,), (3, 4), (3, 1), (1, 4), (2, 1, 3), (2, 3, 3); index dtypes int8..int64,
    // uint8, uint32 in turn, signed in [-n, n), unsigned in [0, n).
    for (const c of TAKE_ALONG) {
      const x = seq(c.shape, c.dtype);
      const i = build(nums(c.index.a), c.index.shape, c.index.dtype);
      const r = jax.jnp.take_along_axis(x, i, c.axis);
      expect(r.dtype).toBe(c.dtype);
      expectValues(r, c.outShape, c.expected);
    }
  });

  it('testTakeAlongAxisDefaultAxis: axis defaults to -1 (uint8 indices, out of bounds filled both ways)', () => {
    const arr = seq([10, 20], 'float32');
    const idx = build(
      Array.from({ length: 300 }, (_, j) => (j * 13) % 100),
      [10, 30],
      'uint8',
    );
    expect(flat(jax.jnp.take_along_axis(arr, idx))).toEqual(flat(jax.jnp.take_along_axis(arr, idx, -1)));
  });

  it('testTakeAlongAxisInputTensorHasSingletonDimension (scaled down: h (2, 1, 3, 7, 4), g (2, 3, 3, 5, 1))', () => {
    const h = seq([2, 1, 3, 7, 4], 'float32');
    const g = build(nums(SINGLETON.index.a), SINGLETON.index.shape, 'uint8');
    expectValues(jax.jnp.take_along_axis(h, g, -2), SINGLETON.outShape, SINGLETON.expected);
  });

  it('testTakeAlongAxisWithInt8Indices / …PromiseInBoundsWithInt8Indices (scaled down: h (3, 2, 100))', () => {
    const h = seq([3, 2, 100], 'float32');
    const g = build(nums(INT8_ALONG.index.a), INT8_ALONG.index.shape, 'int8');
    expectValues(jax.jnp.take_along_axis(h, g, -1), [3, 2, 1], INT8_ALONG.expected);
    const pib = jax.jnp.take_along_axis(h, g, -1, { mode: 'promise_in_bounds', wrap_negative_indices: true });
    expectValues(pib, [3, 2, 1], INT8_ALONG.expected);
  });

  it('testTakeAlongAxisWithUint8IndicesDoesNotOverflow (scaled down: h (2, 2, 100), g in [0, 100))', () => {
    const h = seq([2, 2, 100], 'float32');
    const g = build([99, 0, 57, 98], [2, 2, 1], 'uint8');
    const hv = flat(h) as number[];
    expectValues(jax.jnp.take_along_axis(h, g, -1), [2, 2, 1], [hv[99], hv[100], hv[257], hv[398]]);
  });

  it('testTakeAlongAxisWrapNegativeIndices / …ClipNoWrapNegativeIndices', () => {
    const x = i32([10, 20, 30]);
    const idx = i32([-1, -2]);
    expect(jax.jnp.take_along_axis(x, idx, 0).toArray()).toEqual([30, 20]);
    expect(
      jax.jnp.take_along_axis(x, idx, 0, { mode: 'clip', wrap_negative_indices: true }).toArray(),
    ).toEqual([30, 20]);
    expect(
      jax.jnp
        .take_along_axis(x, idx, 0, { mode: 'promise_in_bounds', wrap_negative_indices: true })
        .toArray(),
    ).toEqual([30, 20]);
    expect(
      jax.jnp.take_along_axis(x, idx, 0, { mode: 'clip', wrap_negative_indices: false }).toArray(),
    ).toEqual([10, 10]);
    // …PromiseInBoundsNoWrapNegativeIndices: mode="promise_in_bounds" alone does not wrap (XLA clamps).
    expect(jax.jnp.take_along_axis(x, idx, 0, { mode: 'promise_in_bounds' }).toArray()).toEqual([10, 10]);
  });

  it('testTakeAlongAxisOutOfBounds', () => {
    const x = arange(10, 'float32');
    const idx = i32([-11, -10, -9, -5, -1, 0, 1, 5, 9, 10, 11]);
    const nan = Number.NaN;
    const fill = [nan, 0, 1, 5, 9, 0, 1, 5, 9, nan, nan];
    expectValues(jax.jnp.take_along_axis(x, idx, 0), [11], fill);
    expectValues(jax.jnp.take_along_axis(x, idx, 0, { mode: 'fill' }), [11], fill);
    expectValues(
      jax.jnp.take_along_axis(x, idx, 0, { mode: 'clip' }),
      [11],
      [0, 0, 1, 5, 9, 0, 1, 5, 9, 9, 9],
    );
  });

  it('testTakeAlongAxisRequiresIntIndices: TypeError for float32 indices', () => {
    expect(typed(() => jax.jnp.take_along_axis(arange(5, 'int32'), f32([3]), 0))).toBe(
      'jax.numpy.take_along_axis.index_dtype',
    );
  });

  it('testTakeAlongAxisWithEmptyArgs: x = ones((4, 0, 3), int32) indexed by itself', () => {
    const x = full([4, 0, 3], 1, 'int32');
    const r = jax.jnp.take_along_axis(x, x, 1);
    expect(r.shape).toEqual([4, 0, 3]);
    expect(r.dtype).toBe('int32');
  });

  it('testTakeAlongAxisOptionalArgs: axis=None, mode="fill", fill_value=10', () => {
    const r = jax.jnp.take_along_axis(arange(5, 'float32'), i32([0, 2, 4, 6]), null, {
      mode: 'fill',
      fill_value: 10,
    });
    expect(r.toArray()).toEqual([0, 2, 4, 10]);
  });
});

// ---------------------------------------------------------------------------------------------
// The cases, as data (generated with NumPy 1.24.2 from the upstream specs; see the head comment).
// `index`: an int, an index array { a: values, shape, dtype } (a Python list is an int32 array,
// an np.array int64), or a tuple (JS array) of those.

const STATIC_GETS: readonly GetCase[] = [
  { name: 'OneIntIndex', shape: [3], dtype: 'float32', index: 1, outShape: [], expected: '3' },
  { name: 'OneIntIndex', shape: [3], dtype: 'int32', index: 1, outShape: [], expected: '6' },
  { name: 'OneIntIndex', shape: [3], dtype: 'bool', index: 1, outShape: [], expected: '1' },
  { name: 'OneIntIndex', shape: [3, 3], dtype: 'float32', index: 0, outShape: [3], expected: '-4 3 -1.5' },
  { name: 'OneIntIndex', shape: [3, 3], dtype: 'int32', index: 0, outShape: [3], expected: '-8 6 -3' },
  { name: 'OneIntIndex', shape: [3, 3], dtype: 'bool', index: 0, outShape: [3], expected: '1 1 0' },
  {
    name: 'OneIntIndex',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: 2,
    outShape: [4, 5],
    expected: '0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5',
  },
  {
    name: 'OneIntIndex',
    shape: [3, 4, 5],
    dtype: 'int32',
    index: 2,
    outShape: [4, 5],
    expected: '0 -9 5 -4 10 1 -8 6 -3 11 2 -7 7 -2 -11 3 -6 8 -1 -10',
  },
  {
    name: 'OneIntIndex',
    shape: [3, 4, 5],
    dtype: 'bool',
    index: 2,
    outShape: [4, 5],
    expected: '1 0 0 1 1 0 1 1 0 0 1 0 0 1 0 0 1 1 0 1',
  },
  { name: 'OneIntIndex', shape: [3], dtype: 'float32', index: -1, outShape: [], expected: '-1.5' },
  { name: 'OneIntIndex', shape: [3], dtype: 'int32', index: -1, outShape: [], expected: '-3' },
  { name: 'OneIntIndex', shape: [3], dtype: 'bool', index: -1, outShape: [], expected: '0' },
  { name: 'OneIntIndex', shape: [3], dtype: 'float32', index: -2, outShape: [], expected: '3' },
  { name: 'OneIntIndex', shape: [3], dtype: 'int32', index: -2, outShape: [], expected: '6' },
  { name: 'OneIntIndex', shape: [3], dtype: 'bool', index: -2, outShape: [], expected: '1' },
  { name: 'TwoIntIndices', shape: [3, 3], dtype: 'float32', index: [2, 1], outShape: [], expected: '-1' },
  { name: 'TwoIntIndices', shape: [3, 3], dtype: 'int32', index: [2, 1], outShape: [], expected: '-2' },
  { name: 'TwoIntIndices', shape: [3, 3], dtype: 'bool', index: [2, 1], outShape: [], expected: '1' },
  {
    name: 'TwoIntIndices',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: [1, 2],
    outShape: [5],
    expected: '-1 -5.5 1.5 -3 4',
  },
  {
    name: 'TwoIntIndices',
    shape: [3, 4, 5],
    dtype: 'int32',
    index: [1, 2],
    outShape: [5],
    expected: '-2 -11 3 -6 8',
  },
  {
    name: 'TwoIntIndices',
    shape: [3, 4, 5],
    dtype: 'bool',
    index: [1, 2],
    outShape: [5],
    expected: '1 0 0 1 1',
  },
  {
    name: 'TwoIntIndices',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: [-1, 2],
    outShape: [5],
    expected: '1 -3.5 3.5 -1 -5.5',
  },
  {
    name: 'TwoIntIndices',
    shape: [3, 4, 5],
    dtype: 'int32',
    index: [-1, 2],
    outShape: [5],
    expected: '2 -7 7 -2 -11',
  },
  {
    name: 'TwoIntIndices',
    shape: [3, 4, 5],
    dtype: 'bool',
    index: [-1, 2],
    outShape: [5],
    expected: '1 0 0 1 0',
  },
  {
    name: 'ThreeIntIndices',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: [1, 2, 3],
    outShape: [],
    expected: '-3',
  },
  {
    name: 'ThreeIntIndices',
    shape: [3, 4, 5],
    dtype: 'int32',
    index: [1, 2, 3],
    outShape: [],
    expected: '-6',
  },
  { name: 'ThreeIntIndices', shape: [3, 4, 5], dtype: 'bool', index: [1, 2, 3], outShape: [], expected: '1' },
  { name: 'EmptyIndex', shape: [], dtype: 'float32', index: [], outShape: [], expected: '-4' },
  { name: 'EmptyIndex', shape: [], dtype: 'int32', index: [], outShape: [], expected: '-8' },
  { name: 'EmptyIndex', shape: [], dtype: 'bool', index: [], outShape: [], expected: '1' },
  { name: 'EmptyIndex', shape: [3], dtype: 'float32', index: [], outShape: [3], expected: '-4 3 -1.5' },
  { name: 'EmptyIndex', shape: [3], dtype: 'int32', index: [], outShape: [3], expected: '-8 6 -3' },
  { name: 'EmptyIndex', shape: [3], dtype: 'bool', index: [], outShape: [3], expected: '1 1 0' },
  {
    name: 'EmptyIndex',
    shape: [3, 4],
    dtype: 'float32',
    index: [],
    outShape: [3, 4],
    expected: '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4',
  },
  {
    name: 'EmptyIndex',
    shape: [3, 4],
    dtype: 'int32',
    index: [],
    outShape: [3, 4],
    expected: '-8 6 -3 11 2 -7 7 -2 -11 3 -6 8',
  },
  {
    name: 'EmptyIndex',
    shape: [3, 4],
    dtype: 'bool',
    index: [],
    outShape: [3, 4],
    expected: '1 1 0 0 1 0 0 1 0 0 1 1',
  },
];
const ADVANCED_GETS: readonly GetCase[] = [
  {
    name: 'One1DIntArrayIndex',
    shape: [3],
    dtype: 'float32',
    index: { a: '0 1', shape: [2], dtype: 'int64' },
    outShape: [2],
    expected: '-4 3',
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [3],
    dtype: 'int32',
    index: { a: '0 1', shape: [2], dtype: 'int64' },
    outShape: [2],
    expected: '-8 6',
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [3, 3],
    dtype: 'float32',
    index: { a: '1 2 1', shape: [3], dtype: 'int64' },
    outShape: [3, 3],
    expected: '5.5 1 -3.5 3.5 -1 -5.5 5.5 1 -3.5',
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [3, 3],
    dtype: 'uint8',
    index: { a: '1 2 1', shape: [3], dtype: 'int64' },
    outShape: [3, 3],
    expected: '22 13 4 18 9 0 22 13 4',
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: { a: '0 2 0 1', shape: [4], dtype: 'int64' },
    outShape: [4, 4, 5],
    expected:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5',
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [3, 4, 5],
    dtype: 'bool',
    index: { a: '0 2 0 1', shape: [4], dtype: 'int64' },
    outShape: [4, 4, 5],
    expected:
      '1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 0 0 1 0 0 1 1 0 1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 0 0',
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [3],
    dtype: 'float32',
    index: { a: '-1 1', shape: [2], dtype: 'int64' },
    outShape: [2],
    expected: '-1.5 3',
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [3],
    dtype: 'float16',
    index: { a: '-1 1', shape: [2], dtype: 'int64' },
    outShape: [2],
    expected: '-1.5 3',
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [3],
    dtype: 'float32',
    index: { a: '-2 -1', shape: [2], dtype: 'int64' },
    outShape: [2],
    expected: '3 -1.5',
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [3],
    dtype: 'int64',
    index: { a: '-2 -1', shape: [2], dtype: 'int64' },
    outShape: [2],
    expected: '6 -3',
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [0],
    dtype: 'float32',
    index: { a: '', shape: [0], dtype: 'int32' },
    outShape: [0],
    expected: '',
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [0],
    dtype: 'int32',
    index: { a: '', shape: [0], dtype: 'int32' },
    outShape: [0],
    expected: '',
  },
  {
    name: 'One2DIntArrayIndex',
    shape: [3],
    dtype: 'float32',
    index: { a: '0 0', shape: [1, 2], dtype: 'int64' },
    outShape: [1, 2],
    expected: '-4 -4',
  },
  {
    name: 'One2DIntArrayIndex',
    shape: [3],
    dtype: 'uint8',
    index: { a: '0 0', shape: [1, 2], dtype: 'int64' },
    outShape: [1, 2],
    expected: '3 3',
  },
  {
    name: 'One2DIntArrayIndex',
    shape: [3, 3],
    dtype: 'float32',
    index: { a: '1 2 1 0 1 -1', shape: [2, 3], dtype: 'int64' },
    outShape: [2, 3, 3],
    expected: '5.5 1 -3.5 3.5 -1 -5.5 5.5 1 -3.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5',
  },
  {
    name: 'One2DIntArrayIndex',
    shape: [3, 3],
    dtype: 'bool',
    index: { a: '1 2 1 0 1 -1', shape: [2, 3], dtype: 'int64' },
    outShape: [2, 3, 3],
    expected: '0 1 0 0 1 0 0 1 0 1 1 0 0 1 0 0 1 0',
  },
  {
    name: 'One2DIntArrayIndex',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: { a: '0 2 0 1 -1 -2 1 0', shape: [2, 4], dtype: 'int64' },
    outShape: [2, 4, 4, 5],
    expected:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5',
  },
  {
    name: 'One2DIntArrayIndex',
    shape: [3, 4, 5],
    dtype: 'float16',
    index: { a: '0 2 0 1 -1 -2 1 0', shape: [2, 4], dtype: 'int64' },
    outShape: [2, 4, 4, 5],
    expected:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5',
  },
  {
    name: 'Two1DIntArrayIndicesNoBroadcasting',
    shape: [3, 3],
    dtype: 'float32',
    index: [
      { a: '0 1', shape: [2], dtype: 'int64' },
      { a: '1 2', shape: [2], dtype: 'int64' },
    ],
    outShape: [2],
    expected: '3 -3.5',
  },
  {
    name: 'Two1DIntArrayIndicesNoBroadcasting',
    shape: [3, 3],
    dtype: 'int64',
    index: [
      { a: '0 1', shape: [2], dtype: 'int64' },
      { a: '1 2', shape: [2], dtype: 'int64' },
    ],
    outShape: [2],
    expected: '6 -7',
  },
  {
    name: 'Two1DIntArrayIndicesNoBroadcasting',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: [
      { a: '0 2 0 1', shape: [4], dtype: 'int64' },
      { a: '-1 0 -1 2', shape: [4], dtype: 'int64' },
    ],
    outShape: [4, 5],
    expected: '-2.5 4.5 0 -4.5 2.5 0 -4.5 2.5 -2 5 -2.5 4.5 0 -4.5 2.5 -1 -5.5 1.5 -3 4',
  },
  {
    name: 'Two1DIntArrayIndicesNoBroadcasting',
    shape: [3, 4, 5],
    dtype: 'int32',
    index: [
      { a: '0 2 0 1', shape: [4], dtype: 'int64' },
      { a: '-1 0 -1 2', shape: [4], dtype: 'int64' },
    ],
    outShape: [4, 5],
    expected: '-5 9 0 -9 5 0 -9 5 -4 10 -5 9 0 -9 5 -2 -11 3 -6 8',
  },
  {
    name: 'Two1DIntArrayIndicesWithBroadcasting',
    shape: [3, 3],
    dtype: 'float32',
    index: [
      { a: '0 1', shape: [1, 2], dtype: 'int64' },
      { a: '1 2', shape: [2], dtype: 'int64' },
    ],
    outShape: [1, 2],
    expected: '3 -3.5',
  },
  {
    name: 'Two1DIntArrayIndicesWithBroadcasting',
    shape: [3, 3],
    dtype: 'uint8',
    index: [
      { a: '0 1', shape: [1, 2], dtype: 'int64' },
      { a: '1 2', shape: [2], dtype: 'int64' },
    ],
    outShape: [1, 2],
    expected: '17 4',
  },
  {
    name: 'Two1DIntArrayIndicesWithBroadcasting',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: [
      { a: '0 2 0 1', shape: [1, 4], dtype: 'int64' },
      { a: '-1 0 -1 2', shape: [4], dtype: 'int64' },
    ],
    outShape: [1, 4, 5],
    expected: '-2.5 4.5 0 -4.5 2.5 0 -4.5 2.5 -2 5 -2.5 4.5 0 -4.5 2.5 -1 -5.5 1.5 -3 4',
  },
  {
    name: 'Two1DIntArrayIndicesWithBroadcasting',
    shape: [3, 4, 5],
    dtype: 'bool',
    index: [
      { a: '0 2 0 1', shape: [1, 4], dtype: 'int64' },
      { a: '-1 0 -1 2', shape: [4], dtype: 'int64' },
    ],
    outShape: [1, 4, 5],
    expected: '0 0 1 0 0 1 0 0 1 1 0 0 1 0 0 1 0 0 1 1',
  },
  {
    name: 'ArrayOfInts',
    shape: [3],
    dtype: 'float32',
    index: { a: '0 1 0', shape: [3], dtype: 'int64' },
    outShape: [3],
    expected: '-4 3 -4',
  },
  {
    name: 'ArrayOfInts',
    shape: [3],
    dtype: 'float16',
    index: { a: '0 1 0', shape: [3], dtype: 'int64' },
    outShape: [3],
    expected: '-4 3 -4',
  },
  {
    name: 'ArrayOfInts',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: { a: '0 -1', shape: [2], dtype: 'int64' },
    outShape: [2, 4, 5],
    expected:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5',
  },
  {
    name: 'ArrayOfInts',
    shape: [3, 4, 5],
    dtype: 'int64',
    index: { a: '0 -1', shape: [2], dtype: 'int64' },
    outShape: [2, 4, 5],
    expected:
      '-8 6 -3 11 2 -7 7 -2 -11 3 -6 8 -1 -10 4 -5 9 0 -9 5 0 -9 5 -4 10 1 -8 6 -3 11 2 -7 7 -2 -11 3 -6 8 -1 -10',
  },
  {
    name: 'TupleOfEmptyList',
    shape: [3, 4],
    dtype: 'float32',
    index: [{ a: '', shape: [0], dtype: 'int32' }],
    outShape: [0, 4],
    expected: '',
  },
  {
    name: 'TupleOfEmptyList',
    shape: [3, 4],
    dtype: 'int32',
    index: [{ a: '', shape: [0], dtype: 'int32' }],
    outShape: [0, 4],
    expected: '',
  },
  {
    name: 'TupleOfEmptyList',
    shape: [3, 4],
    dtype: 'float32',
    index: [{ a: '', shape: [0], dtype: 'int32' }, 0],
    outShape: [0],
    expected: '',
  },
  {
    name: 'TupleOfEmptyList',
    shape: [3, 4],
    dtype: 'uint8',
    index: [{ a: '', shape: [0], dtype: 'int32' }, 0],
    outShape: [0],
    expected: '',
  },
  {
    name: 'TupleOfEmptyList',
    shape: [3, 4],
    dtype: 'float32',
    index: [
      { a: '', shape: [0], dtype: 'int32' },
      { a: '', shape: [0], dtype: 'int32' },
    ],
    outShape: [0],
    expected: '',
  },
  {
    name: 'TupleOfEmptyList',
    shape: [3, 4],
    dtype: 'bool',
    index: [
      { a: '', shape: [0], dtype: 'int32' },
      { a: '', shape: [0], dtype: 'int32' },
    ],
    outShape: [0],
    expected: '',
  },
  {
    name: 'TupleOfListsOfPythonInts',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: [{ a: '0 1', shape: [2], dtype: 'int32' }],
    outShape: [2, 4, 5],
    expected:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5',
  },
  {
    name: 'TupleOfListsOfPythonInts',
    shape: [3, 4, 5],
    dtype: 'float16',
    index: [{ a: '0 1', shape: [2], dtype: 'int32' }],
    outShape: [2, 4, 5],
    expected:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5',
  },
  {
    name: 'TupleOfListsOfPythonInts',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: [
      { a: '0 -1', shape: [2, 1], dtype: 'int32' },
      { a: '2 3 0 3', shape: [1, 4], dtype: 'int32' },
    ],
    outShape: [2, 4, 5],
    expected:
      '-3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -4 3 -1.5 5.5 1 -2.5 4.5 0 -4.5 2.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 0 -4.5 2.5 -2 5 1.5 -3 4 -0.5 -5',
  },
  {
    name: 'TupleOfListsOfPythonInts',
    shape: [3, 4, 5],
    dtype: 'int64',
    index: [
      { a: '0 -1', shape: [2, 1], dtype: 'int32' },
      { a: '2 3 0 3', shape: [1, 4], dtype: 'int32' },
    ],
    outShape: [2, 4, 5],
    expected:
      '-6 8 -1 -10 4 -5 9 0 -9 5 -8 6 -3 11 2 -5 9 0 -9 5 2 -7 7 -2 -11 3 -6 8 -1 -10 0 -9 5 -4 10 3 -6 8 -1 -10',
  },
  {
    name: 'TupleOfPythonIntsAndIntArrays',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: [0, { a: '0 1', shape: [2], dtype: 'int64' }],
    outShape: [2, 5],
    expected: '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5',
  },
  {
    name: 'TupleOfPythonIntsAndIntArrays',
    shape: [3, 4, 5],
    dtype: 'int32',
    index: [0, { a: '0 1', shape: [2], dtype: 'int64' }],
    outShape: [2, 5],
    expected: '-8 6 -3 11 2 -7 7 -2 -11 3',
  },
  {
    name: 'TupleOfPythonIntsAndIntArrays',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: [0, 1, { a: '2 3 0 3', shape: [1, 4], dtype: 'int64' }],
    outShape: [1, 4],
    expected: '-1 -5.5 -3.5 -5.5',
  },
  {
    name: 'TupleOfPythonIntsAndIntArrays',
    shape: [3, 4, 5],
    dtype: 'uint8',
    index: [0, 1, { a: '2 3 0 3', shape: [1, 4], dtype: 'int64' }],
    outShape: [1, 4],
    expected: '9 0 4 0',
  },
  {
    name: 'TupleOfListsOfPythonIntsAndIntArrays',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: [
      { a: '0 1', shape: [2], dtype: 'int32' },
      { a: '0', shape: [1], dtype: 'int64' },
    ],
    outShape: [2, 5],
    expected: '-4 3 -1.5 5.5 1 -2 5 0.5 -4 3',
  },
  {
    name: 'TupleOfListsOfPythonIntsAndIntArrays',
    shape: [3, 4, 5],
    dtype: 'bool',
    index: [
      { a: '0 1', shape: [2], dtype: 'int32' },
      { a: '0', shape: [1], dtype: 'int64' },
    ],
    outShape: [2, 5],
    expected: '1 1 0 0 1 1 1 0 1 1',
  },
  {
    name: 'TupleOfListsOfPythonIntsAndIntArrays',
    shape: [3, 4, 5],
    dtype: 'float32',
    index: [
      { a: '0 -1', shape: [2, 1], dtype: 'int32' },
      { a: '2 3 0 3', shape: [1, 4], dtype: 'int64' },
    ],
    outShape: [2, 4, 5],
    expected:
      '-3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -4 3 -1.5 5.5 1 -2.5 4.5 0 -4.5 2.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 0 -4.5 2.5 -2 5 1.5 -3 4 -0.5 -5',
  },
  {
    name: 'TupleOfListsOfPythonIntsAndIntArrays',
    shape: [3, 4, 5],
    dtype: 'float16',
    index: [
      { a: '0 -1', shape: [2, 1], dtype: 'int32' },
      { a: '2 3 0 3', shape: [1, 4], dtype: 'int64' },
    ],
    outShape: [2, 4, 5],
    expected:
      '-3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -4 3 -1.5 5.5 1 -2.5 4.5 0 -4.5 2.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 0 -4.5 2.5 -2 5 1.5 -3 4 -0.5 -5',
  },
];
const STATIC_UPDATES: readonly UpdateSpec[] = [
  {
    name: 'OneIntIndex',
    shape: [3],
    index: 1,
    at: '1',
    cases: {
      'set float32 []': '-3',
      'add float32 []': '0',
      'subtract float32 []': '6',
      'multiply float32 []': '-9',
      'divide float32 []': '-1',
      'power float32 []': '0.037037034',
      'min float32 []': '-3',
      'max float32 []': '3',
      'set int32 []': '-6',
      'add int32 []': '0',
      'subtract int32 []': '12',
      'multiply int32 []': '-36',
      'min int32 []': '-6',
      'max int32 []': '6',
      'set bool []': '1',
    },
  },
  {
    name: 'OneIntIndex',
    shape: [3, 3],
    index: 0,
    at: '0 1 2',
    cases: {
      'set float32 [3]': '-3 3 3',
      'set float32 []': '-3 -3 -3',
      'add float32 [3]': '-7 6 1.5',
      'add float32 []': '-7 0 -4.5',
      'subtract float32 [3]': '-1 0 -4.5',
      'subtract float32 []': '-1 6 1.5',
      'multiply float32 [3]': '12 9 -4.5',
      'multiply float32 []': '12 -9 4.5',
      'divide float32 [3]': '1.3333334 1 -0.5',
      'divide float32 []': '1.3333334 -1 0.5',
      'power float32 [3]': '-0.015625 27 -3.375',
      'power float32 []': '-0.015625 0.037037034 -0.2962963',
      'min float32 [3]': '-4 3 -1.5',
      'min float32 []': '-4 -3 -3',
      'max float32 [3]': '-3 3 3',
      'max float32 []': '-3 3 -1.5',
      'set int32 [3]': '-6 3 6',
      'set int32 []': '-6 -6 -6',
      'add int32 [3]': '-14 9 3',
      'add int32 []': '-14 0 -9',
      'subtract int32 [3]': '-2 3 -9',
      'subtract int32 []': '-2 12 3',
      'multiply int32 [3]': '48 18 -18',
      'multiply int32 []': '48 -36 18',
      'min int32 [3]': '-8 3 -3',
      'min int32 []': '-8 -6 -6',
      'max int32 [3]': '-6 6 6',
      'max int32 []': '-6 6 -3',
      'set bool [3]': '1 1 1',
      'set bool []': '1 1 1',
    },
  },
  {
    name: 'OneIntIndex',
    shape: [3, 4, 5],
    index: 2,
    at: '40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59',
    cases: {
      'set float32 [4, 5]': '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5',
      'set float32 []': '-3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3',
      'set float32 [5]': '-3 3 3 -5.5 -2.5 -3 3 3 -5.5 -2.5 -3 3 3 -5.5 -2.5 -3 3 3 -5.5 -2.5',
      'add float32 [4, 5]': '-3 -1.5 5.5 -7.5 2.5 1 -0.5 -2 -3.5 6.5 5 -8 2 0.5 -1 -2.5 -4 6 4.5 -8.5',
      'add float32 []': '-3 -7.5 -0.5 -5 2 -2.5 -7 0 -4.5 2.5 -2 -6.5 0.5 -4 -8.5 -1.5 -6 1 -3.5 -8',
      'add float32 [5]': '-3 -1.5 5.5 -7.5 2.5 -2.5 -1 6 -7 3 -2 -0.5 6.5 -6.5 -8 -1.5 0 7 -6 -7.5',
      'subtract float32 [4, 5]': '3 -7.5 -0.5 3.5 7.5 0 -7.5 8 0.5 4.5 -3 1 5 -2.5 -10 5.5 -2 2 -5.5 -1.5',
      'subtract float32 []': '3 -1.5 5.5 1 8 3.5 -1 6 1.5 8.5 4 -0.5 6.5 2 -2.5 4.5 0 7 2.5 -2',
      'subtract float32 [5]': '3 -7.5 -0.5 3.5 7.5 3.5 -7 0 4 8 4 -6.5 0.5 4.5 -3 4.5 -6 1 5 -2.5',
      'multiply float32 [4, 5]':
        '-0 -13.5 7.5 11 -12.5 0.25 -14 -15 3 5.5 4 15.75 -5.25 -1.5 -24.75 -6 3 8 -2.5 17.5',
      'multiply float32 []': '-0 13.5 -7.5 6 -15 -1.5 12 -9 4.5 -16.5 -3 10.5 -10.5 3 16.5 -4.5 9 -12 1.5 15',
      'multiply float32 [5]':
        '-0 -13.5 7.5 11 -12.5 -1.5 -12 9 8.25 -13.75 -3 -10.5 10.5 5.5 13.75 -4.5 -9 12 2.75 12.5',
      'divide float32 [4, 5]':
        '-0 -1.5 0.8333333 0.36363637 -2 1 -1.1428572 -0.6 0.75 5.5 0.25 0.7777778 -2.3333333 -0.6666667 -1.2222222 -0.375 3 2 -0.1 1.4285715',
      'divide float32 []':
        '-0 1.5 -0.8333333 0.6666667 -1.6666666 -0.16666667 1.3333334 -1 0.5 -1.8333334 -0.33333334 1.1666666 -1.1666666 0.33333334 1.8333334 -0.5 1 -1.3333334 0.16666667 1.6666666',
      'divide float32 [5]':
        '-0 -1.5 0.8333333 0.36363637 -2 -0.16666667 -1.3333334 1 0.27272728 -2.2 -0.33333334 -1.1666666 1.1666666 0.18181819 2.2 -0.5 -1 1.3333334 0.09090909 2',
      'power float32 [4, 5]':
        'Infinity -91.125 15.625 NaN 0.017888542 0.70710677 NaN 0.004115226 0.44444445 5.5 1 NaN 0.1527207 NaN NaN 0.19753087 -0.33333334 16 -0.03125 NaN',
      'power float32 []':
        'Infinity -0.010973937 0.064 -0.125 0.008 8 -0.015625 0.037037034 -0.2962963 0.0060105184 1 -0.023323616 0.023323616 -1 -0.0060105184 0.29629627 -0.037037037 0.015625 -8 -0.008',
      'power float32 [5]':
        'Infinity -91.125 15.625 NaN 0.017888542 8 -64 27 NaN 0.0140959155 1 -42.875 42.875 NaN NaN 0.29629627 -27 64 NaN NaN',
      'min float32 [4, 5]': '-3 -4.5 2.5 -5.5 -2.5 0.5 -4 -5 -2 1 1 -4.5 -1.5 -1 -5.5 -4 -3 2 -0.5 -5',
      'min float32 []': '-3 -4.5 -3 -3 -3 -3 -4 -3 -3 -3 -3 -3.5 -3 -3 -5.5 -3 -3 -3 -3 -5',
      'min float32 [5]': '-3 -4.5 2.5 -5.5 -2.5 -3 -4 3 -5.5 -2.5 -3 -3.5 3 -5.5 -5.5 -3 -3 3 -5.5 -5',
      'max float32 [4, 5]': '0 3 3 -2 5 0.5 3.5 3 -1.5 5.5 4 -3.5 3.5 1.5 4.5 1.5 -1 4 5 -3.5',
      'max float32 []': '0 -3 2.5 -2 5 0.5 -3 3 -1.5 5.5 1 -3 3.5 -1 -3 1.5 -3 4 -0.5 -3',
      'max float32 [5]': '0 3 3 -2 5 0.5 3 3 -1.5 5.5 1 3 3.5 -1 -2.5 1.5 3 4 -0.5 -2.5',
      'set int32 [4, 5]': '-6 3 6 -11 -5 1 7 -10 -4 2 8 -9 -3 3 9 -8 -2 4 10 -7',
      'set int32 []': '-6 -6 -6 -6 -6 -6 -6 -6 -6 -6 -6 -6 -6 -6 -6 -6 -6 -6 -6 -6',
      'set int32 [5]': '-6 3 6 -11 -5 -6 3 6 -11 -5 -6 3 6 -11 -5 -6 3 6 -11 -5',
      'add int32 [4, 5]': '-6 -6 11 -15 5 2 -1 -4 -7 13 10 -16 4 1 -2 -5 -8 12 9 -17',
      'add int32 []': '-6 -15 -1 -10 4 -5 -14 0 -9 5 -4 -13 1 -8 -17 -3 -12 2 -7 -16',
      'add int32 [5]': '-6 -6 11 -15 5 -5 -5 12 -14 6 -4 -4 13 -13 -16 -3 -3 14 -12 -15',
      'subtract int32 [4, 5]': '6 -12 -1 7 15 0 -15 16 1 9 -6 2 10 -5 -20 11 -4 4 -11 -3',
      'subtract int32 []': '6 -3 11 2 16 7 -2 12 3 17 8 -1 13 4 -5 9 0 14 5 -4',
      'subtract int32 [5]': '6 -12 -1 7 15 7 -11 0 8 16 8 -10 1 9 -6 9 -9 2 10 -5',
      'multiply int32 [4, 5]': '0 -27 30 44 -50 1 -56 -60 12 22 16 63 -21 -6 -99 -24 12 32 -10 70',
      'multiply int32 []': '0 54 -30 24 -60 -6 48 -36 18 -66 -12 42 -42 12 66 -18 36 -48 6 60',
      'multiply int32 [5]': '0 -27 30 44 -50 -6 -24 36 33 -55 -12 -21 42 22 55 -18 -18 48 11 50',
      'min int32 [4, 5]': '-6 -9 5 -11 -5 1 -8 -10 -4 2 2 -9 -3 -2 -11 -8 -6 4 -1 -10',
      'min int32 []': '-6 -9 -6 -6 -6 -6 -8 -6 -6 -6 -6 -7 -6 -6 -11 -6 -6 -6 -6 -10',
      'min int32 [5]': '-6 -9 5 -11 -5 -6 -8 6 -11 -5 -6 -7 6 -11 -11 -6 -6 6 -11 -10',
      'max int32 [4, 5]': '0 3 6 -4 10 1 7 6 -3 11 8 -7 7 3 9 3 -2 8 10 -7',
      'max int32 []': '0 -6 5 -4 10 1 -6 6 -3 11 2 -6 7 -2 -6 3 -6 8 -1 -6',
      'max int32 [5]': '0 3 6 -4 10 1 3 6 -3 11 2 3 7 -2 -5 3 3 8 -1 -5',
      'set bool [4, 5]': '1 1 1 0 0 0 0 1 1 1 1 0 0 0 0 1 1 1 1 0',
      'set bool []': '1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1',
      'set bool [5]': '1 1 1 0 0 1 1 1 0 0 1 1 1 0 0 1 1 1 0 0',
    },
  },
  {
    name: 'OneIntIndex',
    shape: [3],
    index: -1,
    at: '2',
    cases: {
      'set float32 []': '-3',
      'add float32 []': '-4.5',
      'subtract float32 []': '1.5',
      'multiply float32 []': '4.5',
      'divide float32 []': '0.5',
      'power float32 []': '-0.2962963',
      'min float32 []': '-3',
      'max float32 []': '-1.5',
      'set int32 []': '-6',
      'add int32 []': '-9',
      'subtract int32 []': '3',
      'multiply int32 []': '18',
      'min int32 []': '-6',
      'max int32 []': '-3',
      'set bool []': '1',
    },
  },
  {
    name: 'OneIntIndex',
    shape: [3],
    index: -2,
    at: '1',
    cases: {
      'set float32 []': '-3',
      'add float32 []': '0',
      'subtract float32 []': '6',
      'multiply float32 []': '-9',
      'divide float32 []': '-1',
      'power float32 []': '0.037037034',
      'min float32 []': '-3',
      'max float32 []': '3',
      'set int32 []': '-6',
      'add int32 []': '0',
      'subtract int32 []': '12',
      'multiply int32 []': '-36',
      'min int32 []': '-6',
      'max int32 []': '6',
      'set bool []': '1',
    },
  },
  {
    name: 'TwoIntIndices',
    shape: [3, 3],
    index: [2, 1],
    at: '7',
    cases: {
      'set float32 []': '-3',
      'add float32 []': '-4',
      'subtract float32 []': '2',
      'multiply float32 []': '3',
      'divide float32 []': '0.33333334',
      'power float32 []': '-1',
      'min float32 []': '-3',
      'max float32 []': '-1',
      'set int32 []': '-6',
      'add int32 []': '-8',
      'subtract int32 []': '4',
      'multiply int32 []': '12',
      'min int32 []': '-6',
      'max int32 []': '-2',
      'set bool []': '1',
    },
  },
  {
    name: 'TwoIntIndices',
    shape: [3, 4, 5],
    index: [1, 2],
    at: '30 31 32 33 34',
    cases: {
      'set float32 [5]': '-3 3 3 -5.5 -2.5',
      'set float32 []': '-3 -3 -3 -3 -3',
      'add float32 [5]': '-4 -2.5 4.5 -8.5 1.5',
      'add float32 []': '-4 -8.5 -1.5 -6 1',
      'subtract float32 [5]': '2 -8.5 -1.5 2.5 6.5',
      'subtract float32 []': '2 -2.5 4.5 0 7',
      'multiply float32 [5]': '3 -16.5 4.5 16.5 -10',
      'multiply float32 []': '3 16.5 -4.5 9 -12',
      'divide float32 [5]': '0.33333334 -1.8333334 0.5 0.54545456 -1.6',
      'divide float32 []': '0.33333334 1.8333334 -0.5 1 -1.3333334',
      'power float32 [5]': '-1 -166.375 3.375 NaN 0.03125',
      'power float32 []': '-1 -0.0060105184 0.29629627 -0.037037037 0.015625',
      'min float32 [5]': '-3 -5.5 1.5 -5.5 -2.5',
      'min float32 []': '-3 -5.5 -3 -3 -3',
      'max float32 [5]': '-1 3 3 -3 4',
      'max float32 []': '-1 -3 1.5 -3 4',
      'set int32 [5]': '-6 3 6 -11 -5',
      'set int32 []': '-6 -6 -6 -6 -6',
      'add int32 [5]': '-8 -8 9 -17 3',
      'add int32 []': '-8 -17 -3 -12 2',
      'subtract int32 [5]': '4 -14 -3 5 13',
      'subtract int32 []': '4 -5 9 0 14',
      'multiply int32 [5]': '12 -33 18 66 -40',
      'multiply int32 []': '12 66 -18 36 -48',
      'min int32 [5]': '-6 -11 3 -11 -5',
      'min int32 []': '-6 -11 -6 -6 -6',
      'max int32 [5]': '-2 3 6 -6 8',
      'max int32 []': '-2 -6 3 -6 8',
      'set bool [5]': '1 1 1 0 0',
      'set bool []': '1 1 1 1 1',
    },
  },
  {
    name: 'TwoIntIndices',
    shape: [3, 4, 5],
    index: [-1, 2],
    at: '50 51 52 53 54',
    cases: {
      'set float32 [5]': '-3 3 3 -5.5 -2.5',
      'set float32 []': '-3 -3 -3 -3 -3',
      'add float32 [5]': '-2 -0.5 6.5 -6.5 -8',
      'add float32 []': '-2 -6.5 0.5 -4 -8.5',
      'subtract float32 [5]': '4 -6.5 0.5 4.5 -3',
      'subtract float32 []': '4 -0.5 6.5 2 -2.5',
      'multiply float32 [5]': '-3 -10.5 10.5 5.5 13.75',
      'multiply float32 []': '-3 10.5 -10.5 3 16.5',
      'divide float32 [5]': '-0.33333334 -1.1666666 1.1666666 0.18181819 2.2',
      'divide float32 []': '-0.33333334 1.1666666 -1.1666666 0.33333334 1.8333334',
      'power float32 [5]': '1 -42.875 42.875 NaN NaN',
      'power float32 []': '1 -0.023323616 0.023323616 -1 -0.0060105184',
      'min float32 [5]': '-3 -3.5 3 -5.5 -5.5',
      'min float32 []': '-3 -3.5 -3 -3 -5.5',
      'max float32 [5]': '1 3 3.5 -1 -2.5',
      'max float32 []': '1 -3 3.5 -1 -3',
      'set int32 [5]': '-6 3 6 -11 -5',
      'set int32 []': '-6 -6 -6 -6 -6',
      'add int32 [5]': '-4 -4 13 -13 -16',
      'add int32 []': '-4 -13 1 -8 -17',
      'subtract int32 [5]': '8 -10 1 9 -6',
      'subtract int32 []': '8 -1 13 4 -5',
      'multiply int32 [5]': '-12 -21 42 22 55',
      'multiply int32 []': '-12 42 -42 12 66',
      'min int32 [5]': '-6 -7 6 -11 -11',
      'min int32 []': '-6 -7 -6 -6 -11',
      'max int32 [5]': '2 3 7 -2 -5',
      'max int32 []': '2 -6 7 -2 -6',
      'set bool [5]': '1 1 1 0 0',
      'set bool []': '1 1 1 1 1',
    },
  },
  {
    name: 'ThreeIntIndices',
    shape: [3, 4, 5],
    index: [1, 2, 3],
    at: '33',
    cases: {
      'set float32 []': '-3',
      'add float32 []': '-6',
      'subtract float32 []': '0',
      'multiply float32 []': '9',
      'divide float32 []': '1',
      'power float32 []': '-0.037037037',
      'min float32 []': '-3',
      'max float32 []': '-3',
      'set int32 []': '-6',
      'add int32 []': '-12',
      'subtract int32 []': '0',
      'multiply int32 []': '36',
      'min int32 []': '-6',
      'max int32 []': '-6',
      'set bool []': '1',
    },
  },
  {
    name: 'EmptyIndex',
    shape: [],
    index: [],
    at: '0',
    cases: {
      'set float32 []': '-3',
      'add float32 []': '-7',
      'subtract float32 []': '-1',
      'multiply float32 []': '12',
      'divide float32 []': '1.3333334',
      'power float32 []': '-0.015625',
      'min float32 []': '-4',
      'max float32 []': '-3',
      'set int32 []': '-6',
      'add int32 []': '-14',
      'subtract int32 []': '-2',
      'multiply int32 []': '48',
      'min int32 []': '-8',
      'max int32 []': '-6',
      'set bool []': '1',
    },
  },
  {
    name: 'EmptyIndex',
    shape: [3],
    index: [],
    at: '0 1 2',
    cases: {
      'set float32 [3]': '-3 3 3',
      'set float32 []': '-3 -3 -3',
      'add float32 [3]': '-7 6 1.5',
      'add float32 []': '-7 0 -4.5',
      'subtract float32 [3]': '-1 0 -4.5',
      'subtract float32 []': '-1 6 1.5',
      'multiply float32 [3]': '12 9 -4.5',
      'multiply float32 []': '12 -9 4.5',
      'divide float32 [3]': '1.3333334 1 -0.5',
      'divide float32 []': '1.3333334 -1 0.5',
      'power float32 [3]': '-0.015625 27 -3.375',
      'power float32 []': '-0.015625 0.037037034 -0.2962963',
      'min float32 [3]': '-4 3 -1.5',
      'min float32 []': '-4 -3 -3',
      'max float32 [3]': '-3 3 3',
      'max float32 []': '-3 3 -1.5',
      'set int32 [3]': '-6 3 6',
      'set int32 []': '-6 -6 -6',
      'add int32 [3]': '-14 9 3',
      'add int32 []': '-14 0 -9',
      'subtract int32 [3]': '-2 3 -9',
      'subtract int32 []': '-2 12 3',
      'multiply int32 [3]': '48 18 -18',
      'multiply int32 []': '48 -36 18',
      'min int32 [3]': '-8 3 -3',
      'min int32 []': '-8 -6 -6',
      'max int32 [3]': '-6 6 6',
      'max int32 []': '-6 6 -3',
      'set bool [3]': '1 1 1',
      'set bool []': '1 1 1',
    },
  },
  {
    name: 'EmptyIndex',
    shape: [3, 4],
    index: [],
    at: '0 1 2 3 4 5 6 7 8 9 10 11',
    cases: {
      'set float32 [3, 4]': '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5',
      'set float32 []': '-3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3',
      'set float32 [4]': '-3 3 3 -5.5 -3 3 3 -5.5 -3 3 3 -5.5',
      'add float32 [3, 4]': '-7 6 1.5 0 -1.5 -3 7 -6 -7.5 2.5 1 -0.5',
      'add float32 []': '-7 0 -4.5 2.5 -2 -6.5 0.5 -4 -8.5 -1.5 -6 1',
      'add float32 [4]': '-7 6 1.5 0 -2 -0.5 6.5 -6.5 -8.5 4.5 0 -1.5',
      'subtract float32 [3, 4]': '-1 0 -4.5 11 3.5 -4 0 4 -3.5 0.5 -7 8.5',
      'subtract float32 []': '-1 6 1.5 8.5 4 -0.5 6.5 2 -2.5 4.5 0 7',
      'subtract float32 [4]': '-1 0 -4.5 11 4 -6.5 0.5 4.5 -2.5 -1.5 -6 9.5',
      'multiply float32 [3, 4]': '12 9 -4.5 -30.25 -2.5 -1.75 12.25 5 11 1.5 -12 -18',
      'multiply float32 []': '12 -9 4.5 -16.5 -3 10.5 -10.5 3 16.5 -4.5 9 -12',
      'multiply float32 [4]': '12 9 -4.5 -30.25 -3 -10.5 10.5 5.5 16.5 4.5 -9 -22',
      'divide float32 [3, 4]': '1.3333334 1 -0.5 -1 -0.4 -7 1 0.2 2.75 1.5 -0.75 -0.8888889',
      'divide float32 []':
        '1.3333334 -1 0.5 -1.8333334 -0.33333334 1.1666666 -1.1666666 0.33333334 1.8333334 -0.5 1 -1.3333334',
      'divide float32 [4]':
        '1.3333334 1 -0.5 -1 -0.33333334 -1.1666666 1.1666666 0.18181819 1.8333334 0.5 -1 -0.72727275',
      'power float32 [3, 4]':
        '-0.015625 27 -3.375 8.472376e-05 1 NaN 80.21178 -1 0.03305785 1.5 81 0.001953125',
      'power float32 []':
        '-0.015625 0.037037034 -0.2962963 0.0060105184 1 -0.023323616 0.023323616 -1 -0.0060105184 0.29629627 -0.037037037 0.015625',
      'power float32 [4]':
        '-0.015625 27 -3.375 8.472376e-05 1 -42.875 42.875 NaN -0.0060105184 3.375 -27 0.00048828125',
      'min float32 [3, 4]': '-4 3 -1.5 -5.5 -2.5 -3.5 3.5 -5 -5.5 1 -3 -4.5',
      'min float32 []': '-4 -3 -3 -3 -3 -3.5 -3 -3 -5.5 -3 -3 -3',
      'min float32 [4]': '-4 3 -1.5 -5.5 -3 -3.5 3 -5.5 -5.5 1.5 -3 -5.5',
      'max float32 [3, 4]': '-3 3 3 5.5 1 0.5 3.5 -1 -2 1.5 4 4',
      'max float32 []': '-3 3 -1.5 5.5 1 -3 3.5 -1 -3 1.5 -3 4',
      'max float32 [4]': '-3 3 3 5.5 1 3 3.5 -1 -3 3 3 4',
      'set int32 [3, 4]': '-6 3 6 -11 -5 1 7 -10 -4 2 8 -9',
      'set int32 []': '-6 -6 -6 -6 -6 -6 -6 -6 -6 -6 -6 -6',
      'set int32 [4]': '-6 3 6 -11 -6 3 6 -11 -6 3 6 -11',
      'add int32 [3, 4]': '-14 9 3 0 -3 -6 14 -12 -15 5 2 -1',
      'add int32 []': '-14 0 -9 5 -4 -13 1 -8 -17 -3 -12 2',
      'add int32 [4]': '-14 9 3 0 -4 -4 13 -13 -17 6 0 -3',
      'subtract int32 [3, 4]': '-2 3 -9 22 7 -8 0 8 -7 1 -14 17',
      'subtract int32 []': '-2 12 3 17 8 -1 13 4 -5 9 0 14',
      'subtract int32 [4]': '-2 3 -9 22 8 -10 1 9 -5 0 -12 19',
      'multiply int32 [3, 4]': '48 18 -18 -121 -10 -7 49 20 44 6 -48 -72',
      'multiply int32 []': '48 -36 18 -66 -12 42 -42 12 66 -18 36 -48',
      'multiply int32 [4]': '48 18 -18 -121 -12 -21 42 22 66 9 -36 -88',
      'min int32 [3, 4]': '-8 3 -3 -11 -5 -7 7 -10 -11 2 -6 -9',
      'min int32 []': '-8 -6 -6 -6 -6 -7 -6 -6 -11 -6 -6 -6',
      'min int32 [4]': '-8 3 -3 -11 -6 -7 6 -11 -11 3 -6 -11',
      'max int32 [3, 4]': '-6 6 6 11 2 1 7 -2 -4 3 8 8',
      'max int32 []': '-6 6 -3 11 2 -6 7 -2 -6 3 -6 8',
      'max int32 [4]': '-6 6 6 11 2 3 7 -2 -6 3 6 8',
      'set bool [3, 4]': '1 1 1 0 0 0 0 1 1 1 1 0',
      'set bool []': '1 1 1 1 1 1 1 1 1 1 1 1',
      'set bool [4]': '1 1 1 0 1 1 1 0 1 1 1 0',
    },
  },
];
const NO_REPEAT_UPDATES: readonly UpdateSpec[] = [
  {
    name: 'One1DIntArrayIndex',
    shape: [3],
    index: { a: '0 1', shape: [2], dtype: 'int64' },
    at: '0 1',
    cases: {
      'set float32 [2]': '-3 3',
      'set float32 []': '-3 -3',
      'add float32 [2]': '-7 6',
      'add float32 []': '-7 0',
      'subtract float32 [2]': '-1 0',
      'multiply float32 [2]': '12 9',
      'divide float32 [2]': '1.3333334 1',
      'power float32 [2]': '-0.015625 27',
      'min float32 [2]': '-4 3',
      'max float32 [2]': '-3 3',
      'set int32 [2]': '-6 3',
      'add int32 [2]': '-14 9',
      'subtract int32 [2]': '-2 3',
      'multiply int32 [2]': '48 18',
      'min int32 [2]': '-8 3',
      'max int32 [2]': '-6 6',
      'set bool [2]': '1 1',
    },
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [3, 3],
    index: { a: '1 2 0', shape: [3], dtype: 'int64' },
    at: '0 1 2 3 4 5 6 7 8',
    cases: {
      'set float32 [3, 3]': '3.5 -5 -2 -3 3 3 -5.5 -2.5 0.5',
      'set float32 []': '-3 -3 -3 -3 -3 -3 -3 -3 -3',
      'set float32 [3]': '-3 3 3 -3 3 3 -3 3 3',
      'add float32 [3, 3]': '-0.5 -2 -3.5 2.5 4 -0.5 -2 -3.5 -5',
      'add float32 []': '-7 0 -4.5 2.5 -2 -6.5 0.5 -4 -8.5',
      'add float32 [3]': '-7 6 1.5 2.5 4 -0.5 0.5 2 -2.5',
      'subtract float32 [3, 3]': '-7.5 8 0.5 8.5 -2 -6.5 9 1.5 -6',
      'multiply float32 [3, 3]': '-14 -15 3 -16.5 3 -10.5 -19.25 2.5 -2.75',
      'divide float32 [3, 3]': '-1.1428572 -0.6 0.75 -1.8333334 0.33333334 -1.1666666 -0.6363636 0.4 -11',
      'power float32 [3, 3]': 'NaN 0.004115226 0.44444445 0.0060105184 1 -42.875 0.001017714 NaN NaN',
      'min float32 [3, 3]': '-4 -5 -2 -3 1 -3.5 -5.5 -2.5 -5.5',
      'max float32 [3, 3]': '3.5 3 -1.5 5.5 3 3 3.5 -1 0.5',
      'set int32 [3, 3]': '7 -10 -4 -6 3 6 -11 -5 1',
      'add int32 [3, 3]': '-1 -4 -7 5 5 -1 -4 -7 -10',
      'subtract int32 [3, 3]': '-15 16 1 17 -1 -13 18 3 -12',
      'multiply int32 [3, 3]': '-56 -60 12 -66 6 -42 -77 10 -11',
      'min int32 [3, 3]': '-8 -10 -4 -6 2 -7 -11 -5 -11',
      'max int32 [3, 3]': '7 6 -3 11 3 6 7 -2 1',
      'set bool [3, 3]': '0 1 1 1 1 1 0 0 0',
    },
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [3, 4, 5],
    index: { a: '0 2 1', shape: [3], dtype: 'int64' },
    at: '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59',
    cases: {
      'set float32 [3, 4, 5]':
        '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5 2 5 -3.5 -0.5 2.5 5.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 -0.5 2.5 5.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1',
      'set float32 []':
        '-3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3',
      'set float32 [4, 5]':
        '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5',
      'add float32 [3, 4, 5]':
        '-7 6 1.5 0 -1.5 -3 7 -6 -7.5 2.5 1 -0.5 -2 -3.5 6.5 -6.5 3.5 2 0.5 -1 0 10 -3 -4.5 5.5 4 2.5 4 -0.5 -2 -3.5 -5 5 -8 2 0.5 -1 -2.5 -4 6 -0.5 -2 8 -5 8 3.5 -9.5 0.5 -1 9 -4 -5.5 4.5 3 -10 0 -1.5 8.5 -4.5 -6',
      'add float32 []':
        '-7 0 -4.5 2.5 -2 -6.5 0.5 -4 -8.5 -1.5 -6 1 -3.5 -8 -1 -5.5 1.5 -3 -7.5 -0.5 -5 2 -2.5 -7 0 -4.5 2.5 -2 -6.5 0.5 -4 -8.5 -1.5 -6 1 -3.5 -8 -1 -5.5 1.5 -3 -7.5 -0.5 -5 2 -2.5 -7 0 -4.5 2.5 -2 -6.5 0.5 -4 -8.5 -1.5 -6 1 -3.5 -8',
      'add float32 [4, 5]':
        '-7 6 1.5 0 -1.5 -3 7 -6 -7.5 2.5 1 -0.5 -2 -3.5 6.5 -6.5 3.5 2 0.5 -1 -5 8 3.5 -9.5 0.5 -1 9 -4 -5.5 4.5 3 -10 0 -1.5 8.5 -4.5 -6 4 2.5 1 -3 -1.5 5.5 -7.5 2.5 1 -0.5 -2 -3.5 6.5 5 -8 2 0.5 -1 -2.5 -4 6 4.5 -8.5',
      'subtract float32 [3, 4, 5]':
        '-1 0 -4.5 11 3.5 -4 0 4 -3.5 0.5 -7 8.5 1 -6.5 -2.5 1.5 5.5 -2 -9.5 6 -4 0 4 -3.5 0.5 -7 8.5 -2 -6.5 9 1.5 -6 -2 2 6 -1.5 -9 6.5 -1 3 0.5 -7 -3 1 2 -2.5 1.5 5.5 -2 2 6 -1.5 2.5 -5 -1 3 -4.5 -0.5 3.5 -4',
      'multiply float32 [3, 4, 5]':
        '12 9 -4.5 -30.25 -2.5 -1.75 12.25 5 11 1.5 -12 -18 0.75 -7.5 9 10 -4.5 0 -22.5 -8.75 -4 25 -1.75 2 7.5 -8.25 -16.5 3 -10.5 -19.25 2.5 -2.75 5.25 15 -8 -0.5 -20 -9 3.75 6.75 -0 -11.25 13.75 6 15 1.5 22 -7.5 -0.75 19.25 -5 7 3.5 -4 24.75 -2.25 -4.5 18 2 5',
      'divide float32 [3, 4, 5]':
        '1.3333334 1 -0.5 -1 -0.4 -7 1 0.2 2.75 1.5 -0.75 -0.8888889 0.33333334 -3.3333333 0.44444445 0.625 -4.5 0 -0.9 -0.71428573 -1 1 -0.14285715 8 1.2 -0.27272728 -1.8333334 0.33333334 -1.1666666 -0.6363636 0.4 -11 0.42857143 0.6 -2 -0.5 -1.25 -0.44444445 1.6666666 3 -0 -1.8 0.45454547 0.6666667 1.6666666 0.16666667 0.72727275 -1.2 -3 1.5714285 -0.2 1.75 3.5 -0.25 1.2222222 -1 -2 0.8888889 0.125 5',
      'power float32 [3, 4, 5]':
        '-0.015625 27 -3.375 8.472376e-05 1 NaN 80.21178 -1 0.03305785 1.5 81 0.001953125 NaN NaN 22.627417 0.0256 0.22222222 0 -1845.2812 0.040477153 4 3125 11.313708 NaN 15.588457 NaN 0.0060105184 1 -42.875 0.001017714 NaN NaN 4.133514 -0.004115226 0.0625 -0.5 625 0.044194173 NaN 9.545941 Infinity NaN 154.40808 -0.125 125 0.125 NaN 0.06415003 NaN 390.18396 1 0.08163265 3.5 1 NaN 0.544331 NaN 512 16 -0.2',
      'min float32 [3, 4, 5]':
        '-4 3 -1.5 -5.5 -2.5 -3.5 3.5 -5 -5.5 1 -3 -4.5 -1.5 -5 2 -4 -1 0 -4.5 -3.5 -2 5 -3.5 -4 2.5 -1.5 -3 1 -3.5 -5.5 -2.5 -5.5 1.5 -5 -2 -0.5 -5 -4.5 -2.5 1.5 -0.5 -4.5 2.5 -3 3 0.5 -5.5 -2.5 -1.5 3.5 -5 -3.5 1 -1 -5.5 -1.5 -3 4 -4 -5',
      'max float32 [3, 4, 5]':
        '-3 3 3 5.5 1 0.5 3.5 -1 -2 1.5 4 4 -0.5 1.5 4.5 -2.5 4.5 2 5 2.5 2 5 0.5 -0.5 3 5.5 5.5 3 3 3.5 -1 0.5 3.5 -3 4 1 4 2 -1.5 4.5 0 2.5 5.5 -2 5 3 -4 3 0.5 5.5 1 -2 3.5 4 -4.5 1.5 1.5 4.5 -0.5 -1',
      'set int32 [3, 4, 5]':
        '-6 3 6 -11 -5 1 7 -10 -4 2 8 -9 -3 3 9 -8 -2 4 10 -7 4 10 -7 -1 5 11 -6 3 6 -11 -5 1 7 -10 -4 2 8 -9 -3 3 -1 5 11 -6 3 6 -11 -5 1 7 -10 -4 2 8 -9 -3 3 9 -8 -2',
      'add int32 [3, 4, 5]':
        '-14 9 3 0 -3 -6 14 -12 -15 5 2 -1 -4 -7 13 -13 7 4 1 -2 0 20 -6 -9 11 8 5 5 -1 -4 -7 -10 10 -16 4 1 -2 -5 -8 12 -1 -4 16 -10 13 7 -19 1 -2 18 -8 -11 9 6 -20 0 -3 17 -9 -12',
      'subtract int32 [3, 4, 5]':
        '-2 3 -9 22 7 -8 0 8 -7 1 -14 17 2 -13 -5 3 11 -4 -19 12 -8 0 8 -7 1 -14 17 -1 -13 18 3 -12 -4 4 12 -3 -18 13 -2 6 1 -14 -6 2 7 -5 3 11 -4 4 12 -3 5 -10 -2 6 -9 -1 7 -8',
      'multiply int32 [3, 4, 5]':
        '48 18 -18 -121 -10 -7 49 20 44 6 -48 -72 3 -30 36 40 -18 0 -90 -35 -16 100 -7 8 30 -33 -66 6 -42 -77 10 -11 21 60 -32 -2 -80 -36 15 27 0 -45 55 24 30 6 88 -30 -3 77 -20 28 14 -16 99 -9 -18 72 8 20',
      'min int32 [3, 4, 5]':
        '-8 3 -3 -11 -5 -7 7 -10 -11 2 -6 -9 -3 -10 4 -8 -2 0 -9 -7 -4 10 -7 -8 5 -3 -6 2 -7 -11 -5 -11 3 -10 -4 -1 -10 -9 -5 3 -1 -9 5 -6 3 1 -11 -5 -3 7 -10 -7 2 -2 -11 -3 -6 8 -8 -10',
      'max int32 [3, 4, 5]':
        '-6 6 6 11 2 1 7 -2 -4 3 8 8 -1 3 9 -5 9 4 10 5 4 10 1 -1 6 11 11 3 6 7 -2 1 7 -6 8 2 8 4 -3 9 0 5 11 -4 10 6 -8 6 1 11 2 -4 7 8 -9 3 3 9 -1 -2',
      'set bool [3, 4, 5]':
        '1 1 1 0 0 0 0 1 1 1 1 0 0 0 0 1 1 1 1 0 1 1 0 0 0 0 1 1 1 0 0 0 0 1 1 1 1 0 0 0 0 0 0 1 1 1 0 0 0 0 1 1 1 1 0 0 0 0 1 1',
    },
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [3],
    index: { a: '-1 1', shape: [2], dtype: 'int64' },
    at: '1 2',
    cases: {
      'set float32 [2]': '3 -3',
      'set float32 []': '-3 -3',
      'add float32 [2]': '6 -4.5',
      'add float32 []': '0 -4.5',
      'subtract float32 [2]': '0 1.5',
      'multiply float32 [2]': '9 4.5',
      'divide float32 [2]': '1 0.5',
      'power float32 [2]': '27 -0.2962963',
      'min float32 [2]': '3 -3',
      'max float32 [2]': '3 -1.5',
      'set int32 [2]': '3 -6',
      'add int32 [2]': '9 -9',
      'subtract int32 [2]': '3 3',
      'multiply int32 [2]': '18 18',
      'min int32 [2]': '3 -6',
      'max int32 [2]': '6 -3',
      'set bool [2]': '1 1',
    },
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [3],
    index: { a: '-2 -1', shape: [2], dtype: 'int64' },
    at: '1 2',
    cases: {
      'set float32 [2]': '-3 3',
      'set float32 []': '-3 -3',
      'add float32 [2]': '0 1.5',
      'add float32 []': '0 -4.5',
      'subtract float32 [2]': '6 -4.5',
      'multiply float32 [2]': '-9 -4.5',
      'divide float32 [2]': '-1 -0.5',
      'power float32 [2]': '0.037037034 -3.375',
      'min float32 [2]': '-3 -1.5',
      'max float32 [2]': '3 3',
      'set int32 [2]': '-6 3',
      'add int32 [2]': '0 0',
      'subtract int32 [2]': '12 -6',
      'multiply int32 [2]': '-36 -9',
      'min int32 [2]': '-6 -3',
      'max int32 [2]': '6 3',
      'set bool [2]': '1 1',
    },
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [0],
    index: { a: '', shape: [0], dtype: 'int32' },
    at: '',
    cases: {
      'set float32 [0]': '',
      'set float32 []': '',
      'add float32 [0]': '',
      'add float32 []': '',
      'subtract float32 [0]': '',
      'multiply float32 [0]': '',
      'divide float32 [0]': '',
      'power float32 [0]': '',
      'min float32 [0]': '',
      'max float32 [0]': '',
      'set int32 [0]': '',
      'add int32 [0]': '',
      'subtract int32 [0]': '',
      'multiply int32 [0]': '',
      'min int32 [0]': '',
      'max int32 [0]': '',
      'set bool [0]': '',
    },
  },
  {
    name: 'One2DIntArrayIndex',
    shape: [3],
    index: { a: '0 1', shape: [1, 2], dtype: 'int64' },
    at: '0 1',
    cases: {
      'set float32 [1, 2]': '-3 3',
      'set float32 []': '-3 -3',
      'set float32 [2]': '-3 3',
      'add float32 [1, 2]': '-7 6',
      'add float32 []': '-7 0',
      'add float32 [2]': '-7 6',
      'subtract float32 [1, 2]': '-1 0',
      'multiply float32 [1, 2]': '12 9',
      'divide float32 [1, 2]': '1.3333334 1',
      'power float32 [1, 2]': '-0.015625 27',
      'min float32 [1, 2]': '-4 3',
      'max float32 [1, 2]': '-3 3',
      'set int32 [1, 2]': '-6 3',
      'add int32 [1, 2]': '-14 9',
      'subtract int32 [1, 2]': '-2 3',
      'multiply int32 [1, 2]': '48 18',
      'min int32 [1, 2]': '-8 3',
      'max int32 [1, 2]': '-6 6',
      'set bool [1, 2]': '1 1',
    },
  },
  {
    name: 'One2DIntArrayIndex',
    shape: [6, 6],
    index: { a: '1 2 0 3 4 -1', shape: [2, 3], dtype: 'int64' },
    at: '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35',
    cases: {
      'set float32 [2, 3, 6]':
        '-1.5 1.5 4.5 -4 -1 2 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 5 -3.5 -0.5 2.5 5.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5',
      'set float32 []':
        '-3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3',
      'set float32 [3, 6]':
        '-1.5 1.5 4.5 -4 -1 2 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2',
      'add float32 [2, 3, 6]':
        '-5.5 4.5 3 1.5 0 -1.5 0.5 2 -2.5 -4 -5.5 4.5 3 -10 0 -1.5 8.5 -4.5 0.5 -1 -2.5 7.5 6 -7 6 1.5 0 -1.5 -3 7 -6 -7.5 2.5 1 -0.5 -2',
      'add float32 []':
        '-7 0 -4.5 2.5 -2 -6.5 0.5 -4 -8.5 -1.5 -6 1 -3.5 -8 -1 -5.5 1.5 -3 -7.5 -0.5 -5 2 -2.5 -7 0 -4.5 2.5 -2 -6.5 0.5 -4 -8.5 -1.5 -6 1 -3.5',
      'add float32 [3, 6]':
        '-5.5 4.5 3 1.5 0 -1.5 0.5 2 -2.5 -4 -5.5 4.5 3 -10 0 -1.5 8.5 -4.5 -7.5 5.5 1 -0.5 -2 -3.5 6.5 -6.5 3.5 2 0.5 -1 -2.5 -4 6 -7 3 1.5',
      'subtract float32 [2, 3, 6]':
        '-2.5 1.5 -6 9.5 2 -5.5 6.5 -4 -8.5 7 -0.5 3.5 -4 0 4 -3.5 0.5 4.5 -9.5 6 -1.5 2.5 -5 -1 0 -4.5 11 3.5 -4 0 4 -3.5 0.5 -7 8.5 1',
      'multiply float32 [2, 3, 6]':
        '6 4.5 -6.75 -22 -1 -7 -10.5 -3 -16.5 -8.25 7.5 2 -1.75 25 -4 -2.5 18 -0 -22.5 -8.75 1 12.5 2.75 12 9 -4.5 -30.25 -2.5 -1.75 12.25 5 11 1.5 -12 -18 0.75',
      'divide float32 [2, 3, 6]':
        '2.6666667 2 -0.33333334 -1.375 -1 -1.75 -1.1666666 -0.33333334 -1.8333334 -0.27272728 1.2 8 -0.14285715 1 -1 -2.5 1.125 -0 -0.9 -0.71428573 4 2 0.09090909 1.3333334 1 -0.5 -1 -0.4 -7 1 0.2 2.75 1.5 -0.75 -0.8888889 0.33333334',
      'power float32 [2, 3, 6]':
        'NaN 5.1961527 NaN 0.0010928216 1 12.25 0.023323616 -1 -166.375 0.10752218 NaN 2 NaN -0.00032 0.25 -2.5 410.0625 Infinity -1845.2812 0.040477153 NaN 55.9017 0.022097087 -0.015625 27 -3.375 8.472376e-05 1 NaN 80.21178 -1 0.03305785 1.5 81 0.001953125 NaN',
      'min float32 [2, 3, 6]':
        '-4 1.5 -1.5 -4 -1 -3.5 -3 -1 -5.5 -5.5 -3 0.5 -0.5 -5 -2 -2.5 4 -4.5 -4.5 -3.5 -2 2.5 0.5 -4 3 -1.5 -5.5 -2.5 -3.5 3.5 -5 -5.5 1 -3 -4.5 -1.5',
      'max float32 [2, 3, 6]':
        '-1.5 3 4.5 5.5 1 2 3.5 3 3 1.5 -2.5 4 3.5 -5 2 1 4.5 0 5 2.5 -0.5 5 5.5 -3 3 3 5.5 1 0.5 3.5 -1 -2 1.5 4 4 -0.5',
      'set int32 [2, 3, 6]':
        '-3 3 9 -8 -2 4 -6 3 6 -11 -5 1 7 -10 -4 2 8 -9 10 -7 -1 5 11 -6 3 6 -11 -5 1 7 -10 -4 2 8 -9 -3',
      'add int32 [2, 3, 6]':
        '-11 9 6 3 0 -3 1 1 -5 -8 -11 9 6 -20 0 -3 17 -9 1 -2 -5 15 12 -14 9 3 0 -3 -6 14 -12 -15 5 2 -1 -4',
      'subtract int32 [2, 3, 6]':
        '-5 3 -12 19 4 -11 13 -5 -17 14 -1 7 -8 0 8 -7 1 9 -19 12 -3 5 -10 -2 3 -9 22 7 -8 0 8 -7 1 -14 17 2',
      'multiply int32 [2, 3, 6]':
        '24 18 -27 -88 -4 -28 -42 -6 -66 -33 30 8 -7 100 -16 -10 72 0 -90 -35 4 50 11 48 18 -18 -121 -10 -7 49 20 44 6 -48 -72 3',
      'min int32 [2, 3, 6]':
        '-8 3 -3 -8 -2 -7 -6 -2 -11 -11 -6 1 -1 -10 -4 -5 8 -9 -9 -7 -4 5 1 -8 3 -3 -11 -5 -7 7 -10 -11 2 -6 -9 -3',
      'max int32 [2, 3, 6]':
        '-3 6 9 11 2 4 7 3 6 3 -5 8 7 -10 4 2 9 0 10 5 -1 10 11 -6 6 6 11 2 1 7 -2 -4 3 8 8 -1',
      'set bool [2, 3, 6]': '0 0 0 1 1 1 1 1 1 0 0 0 0 1 1 1 1 0 1 0 0 0 0 1 1 1 0 0 0 0 1 1 1 1 0 0',
    },
  },
  {
    name: 'Two1DIntArrayIndicesNoBroadcasting',
    shape: [3, 3],
    index: [
      { a: '0 1', shape: [2], dtype: 'int64' },
      { a: '1 2', shape: [2], dtype: 'int64' },
    ],
    at: '1 5',
    cases: {
      'set float32 [2]': '-3 3',
      'set float32 []': '-3 -3',
      'add float32 [2]': '0 -0.5',
      'add float32 []': '0 -6.5',
      'subtract float32 [2]': '6 -6.5',
      'multiply float32 [2]': '-9 -10.5',
      'divide float32 [2]': '-1 -1.1666666',
      'power float32 [2]': '0.037037034 -42.875',
      'min float32 [2]': '-3 -3.5',
      'max float32 [2]': '3 3',
      'set int32 [2]': '-6 3',
      'add int32 [2]': '0 -4',
      'subtract int32 [2]': '12 -10',
      'multiply int32 [2]': '-36 -21',
      'min int32 [2]': '-6 -7',
      'max int32 [2]': '6 3',
      'set bool [2]': '1 1',
    },
  },
  {
    name: 'Two1DIntArrayIndicesNoBroadcasting',
    shape: [4, 5, 6],
    index: [
      { a: '0 2 1 3', shape: [4], dtype: 'int64' },
      { a: '-1 0 -2 1', shape: [4], dtype: 'int64' },
    ],
    at: '24 25 26 27 28 29 48 49 50 51 52 53 60 61 62 63 64 65 96 97 98 99 100 101',
    cases: {
      'set float32 [4, 6]':
        '-3 3 3 -5.5 -2.5 0.5 -1.5 1.5 4.5 -4 -1 2 3.5 -5 -2 1 4 -4.5 5 -3.5 -0.5 2.5 5.5 -3',
      'set float32 []': '-3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3',
      'set float32 [6]':
        '-3 3 3 -5.5 -2.5 0.5 -3 3 3 -5.5 -2.5 0.5 -3 3 3 -5.5 -2.5 0.5 -3 3 3 -5.5 -2.5 0.5',
      'add float32 [4, 6]':
        '0 1.5 8.5 -4.5 -6 4 -3 7 5.5 -7.5 2.5 1 5.5 -7.5 2.5 1 -0.5 -2 6 -7 3 1.5 0 -1.5',
      'add float32 []':
        '0 -4.5 2.5 -2 -6.5 0.5 -4.5 2.5 -2 -6.5 0.5 -4 -1 -5.5 1.5 -3 -7.5 -0.5 -2 -6.5 0.5 -4 -8.5 -1.5',
      'add float32 [6]':
        '0 1.5 8.5 -4.5 -6 4 -4.5 8.5 4 -9 1 -0.5 -1 0.5 7.5 -5.5 -7 3 -2 -0.5 6.5 -6.5 -8 2',
      'subtract float32 [4, 6]':
        '6 -4.5 2.5 6.5 -1 3 0 4 -3.5 0.5 4.5 -3 -1.5 2.5 6.5 -1 -8.5 7 -4 0 4 -3.5 -11 4.5',
      'multiply float32 [4, 6]':
        '-9 -4.5 16.5 -5.5 8.75 1.75 2.25 8.25 4.5 14 -3.5 -2 7 12.5 -9 0 -18 -11.25 5 12.25 -1.75 -2.5 -30.25 -4.5',
      'divide float32 [4, 6]':
        '-1 -0.5 1.8333334 -0.18181819 1.4 7 1 3.6666667 0.22222222 0.875 -3.5 -0.5 0.5714286 0.5 -2.25 0 -1.125 -0.5555556 0.2 1 -7 -0.4 -1 -0.5',
      'power float32 [4, 6]':
        '0.037037034 -3.375 166.375 1 NaN 1.8708287 NaN 12.8986435 1 0.00666389 0.28571427 1 11.313708 -0.01024 0.049382716 0 410.0625 0.016190862 1 NaN 0.5345225 NaN NaN 0.29629627',
      'min float32 [4, 6]':
        '-3 -1.5 3 -5.5 -3.5 0.5 -1.5 1.5 1 -4 -1 -1 2 -5 -2 0 -4.5 -4.5 1 -3.5 -0.5 -1 -5.5 -3',
      'max float32 [4, 6]':
        '3 3 5.5 1 -2.5 3.5 -1.5 5.5 4.5 -3.5 3.5 2 3.5 -2.5 4.5 1 4 2.5 5 -3.5 3.5 2.5 5.5 1.5',
      'set int32 [4, 6]': '-6 3 6 -11 -5 1 -3 3 9 -8 -2 4 7 -10 -4 2 8 -9 10 -7 -1 5 11 -6',
      'add int32 [4, 6]': '0 0 17 -9 -12 8 -6 14 11 -15 5 2 11 -15 5 2 -1 -4 12 -14 6 3 0 -3',
      'subtract int32 [4, 6]': '12 -6 5 13 -2 6 0 8 -7 1 9 -6 -3 5 13 -2 -17 14 -8 0 8 -7 -22 9',
      'multiply int32 [4, 6]':
        '-36 -9 66 -22 35 7 9 33 18 56 -14 -8 28 50 -36 0 -72 -45 20 49 -7 -10 -121 -18',
      'min int32 [4, 6]': '-6 -3 6 -11 -7 1 -3 3 2 -8 -2 -2 4 -10 -4 0 -9 -9 2 -7 -1 -2 -11 -6',
      'max int32 [4, 6]': '6 3 11 2 -5 7 -3 11 9 -7 7 4 7 -5 9 2 8 5 10 -7 7 5 11 3',
      'set bool [4, 6]': '1 1 1 0 0 0 0 0 0 1 1 1 0 1 1 1 1 0 1 0 0 0 0 1',
    },
  },
  {
    name: 'Two1DIntArrayIndicesWithBroadcasting',
    shape: [3, 3],
    index: [
      { a: '0 1', shape: [1, 2], dtype: 'int64' },
      { a: '1 2', shape: [2], dtype: 'int64' },
    ],
    at: '1 5',
    cases: {
      'set float32 [1, 2]': '-3 3',
      'set float32 []': '-3 -3',
      'set float32 [2]': '-3 3',
      'add float32 [1, 2]': '0 -0.5',
      'add float32 []': '0 -6.5',
      'add float32 [2]': '0 -0.5',
      'subtract float32 [1, 2]': '6 -6.5',
      'multiply float32 [1, 2]': '-9 -10.5',
      'divide float32 [1, 2]': '-1 -1.1666666',
      'power float32 [1, 2]': '0.037037034 -42.875',
      'min float32 [1, 2]': '-3 -3.5',
      'max float32 [1, 2]': '3 3',
      'set int32 [1, 2]': '-6 3',
      'add int32 [1, 2]': '0 -4',
      'subtract int32 [1, 2]': '12 -10',
      'multiply int32 [1, 2]': '-36 -21',
      'min int32 [1, 2]': '-6 -7',
      'max int32 [1, 2]': '6 3',
      'set bool [1, 2]': '1 1',
    },
  },
  {
    name: 'Two1DIntArrayIndicesWithBroadcasting',
    shape: [4, 5, 6],
    index: [
      { a: '0 2 -1 1', shape: [1, 4], dtype: 'int64' },
      { a: '-1 0 -2 2', shape: [4], dtype: 'int64' },
    ],
    at: '24 25 26 27 28 29 42 43 44 45 46 47 60 61 62 63 64 65 108 109 110 111 112 113',
    cases: {
      'set float32 [1, 4, 6]':
        '-3 3 3 -5.5 -2.5 0.5 5 -3.5 -0.5 2.5 5.5 -3 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2',
      'set float32 []': '-3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3',
      'set float32 [4, 6]':
        '-3 3 3 -5.5 -2.5 0.5 5 -3.5 -0.5 2.5 5.5 -3 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2',
      'add float32 [1, 4, 6]':
        '0 1.5 8.5 -4.5 -6 4 7.5 -5.5 4.5 3 1.5 0 5.5 -7.5 2.5 1 -0.5 -2 3 1.5 0 -1.5 -3 7',
      'add float32 []':
        '0 -4.5 2.5 -2 -6.5 0.5 -0.5 -5 2 -2.5 -7 0 -1 -5.5 1.5 -3 -7.5 -0.5 1.5 -3 -7.5 -0.5 -5 2',
      'add float32 [4, 6]':
        '0 1.5 8.5 -4.5 -6 4 7.5 -5.5 4.5 3 1.5 0 5.5 -7.5 2.5 1 -0.5 -2 3 1.5 0 -1.5 -3 7',
      'subtract float32 [1, 4, 6]':
        '6 -4.5 2.5 6.5 -1 3 -2.5 1.5 5.5 -2 -9.5 6 -1.5 2.5 6.5 -1 -8.5 7 6 -1.5 -9 6.5 -1 3',
      'multiply float32 [1, 4, 6]':
        '-9 -4.5 16.5 -5.5 8.75 1.75 12.5 7 -2.5 1.25 -22 -9 7 12.5 -9 0 -18 -11.25 -6.75 0 -20.25 -10 2 10',
      'divide float32 [1, 4, 6]':
        '-1 -0.5 1.8333334 -0.18181819 1.4 7 0.5 0.5714286 -10 0.2 -0.72727275 -1 0.5714286 0.5 -2.25 0 -1.125 -0.5555556 -3 0 -1 -0.625 2 2.5',
      'power float32 [1, 4, 6]':
        '0.037037034 -3.375 166.375 1 NaN 1.8708287 97.65625 NaN 0.4472136 0.17677669 NaN 0.037037034 11.313708 -0.01024 0.049382716 0 410.0625 0.016190862 0.10475656 0 NaN 0.0256 -0.5 25',
      'min float32 [1, 4, 6]':
        '-3 -1.5 3 -5.5 -3.5 0.5 2.5 -3.5 -0.5 0.5 -4 -3 2 -5 -2 0 -4.5 -4.5 -1.5 0 -4.5 -4 -2 2',
      'max float32 [1, 4, 6]':
        '3 3 5.5 1 -2.5 3.5 5 -2 5 2.5 5.5 3 3.5 -2.5 4.5 1 4 2.5 4.5 1.5 4.5 2.5 -1 5',
      'set int32 [1, 4, 6]': '-6 3 6 -11 -5 1 10 -7 -1 5 11 -6 7 -10 -4 2 8 -9 -3 3 9 -8 -2 4',
      'add int32 [1, 4, 6]': '0 0 17 -9 -12 8 15 -11 9 6 3 0 11 -15 5 2 -1 -4 6 3 0 -3 -6 14',
      'subtract int32 [1, 4, 6]': '12 -6 5 13 -2 6 -5 3 11 -4 -19 12 -3 5 13 -2 -17 14 12 -3 -18 13 -2 6',
      'multiply int32 [1, 4, 6]':
        '-36 -9 66 -22 35 7 50 28 -10 5 -88 -36 28 50 -36 0 -72 -45 -27 0 -81 -40 8 40',
      'min int32 [1, 4, 6]': '-6 -3 6 -11 -7 1 5 -7 -1 1 -8 -6 4 -10 -4 0 -9 -9 -3 0 -9 -8 -4 4',
      'max int32 [1, 4, 6]': '6 3 11 2 -5 7 10 -4 10 5 11 6 7 -5 9 2 8 5 9 3 9 5 -2 10',
      'set bool [1, 4, 6]': '1 1 1 0 0 0 1 0 0 0 0 1 0 1 1 1 1 0 0 0 0 1 1 1',
    },
  },
  {
    name: 'ArrayOfInts',
    shape: [3],
    index: { a: '0 2 1', shape: [3], dtype: 'int64' },
    at: '0 1 2',
    cases: {
      'set float32 [3]': '-3 3 3',
      'set float32 []': '-3 -3 -3',
      'add float32 [3]': '-7 6 1.5',
      'add float32 []': '-7 0 -4.5',
      'subtract float32 [3]': '-1 0 -4.5',
      'multiply float32 [3]': '12 9 -4.5',
      'divide float32 [3]': '1.3333334 1 -0.5',
      'power float32 [3]': '-0.015625 27 -3.375',
      'min float32 [3]': '-4 3 -1.5',
      'max float32 [3]': '-3 3 3',
      'set int32 [3]': '-6 6 3',
      'add int32 [3]': '-14 12 0',
      'subtract int32 [3]': '-2 0 -6',
      'multiply int32 [3]': '48 36 -9',
      'min int32 [3]': '-8 6 -3',
      'max int32 [3]': '-6 6 3',
      'set bool [3]': '1 1 1',
    },
  },
  {
    name: 'ArrayOfInts',
    shape: [3, 4, 5],
    index: { a: '0 -1', shape: [2], dtype: 'int64' },
    at: '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59',
    cases: {
      'set float32 [2, 4, 5]':
        '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5 -0.5 2.5 5.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1',
      'set float32 []':
        '-3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3',
      'set float32 [4, 5]':
        '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5',
      'add float32 [2, 4, 5]':
        '-7 6 1.5 0 -1.5 -3 7 -6 -7.5 2.5 1 -0.5 -2 -3.5 6.5 -6.5 3.5 2 0.5 -1 -0.5 -2 8 -5 8 3.5 -9.5 0.5 -1 9 -4 -5.5 4.5 3 -10 0 -1.5 8.5 -4.5 -6',
      'add float32 []':
        '-7 0 -4.5 2.5 -2 -6.5 0.5 -4 -8.5 -1.5 -6 1 -3.5 -8 -1 -5.5 1.5 -3 -7.5 -0.5 -3 -7.5 -0.5 -5 2 -2.5 -7 0 -4.5 2.5 -2 -6.5 0.5 -4 -8.5 -1.5 -6 1 -3.5 -8',
      'add float32 [4, 5]':
        '-7 6 1.5 0 -1.5 -3 7 -6 -7.5 2.5 1 -0.5 -2 -3.5 6.5 -6.5 3.5 2 0.5 -1 -3 -1.5 5.5 -7.5 2.5 1 -0.5 -2 -3.5 6.5 5 -8 2 0.5 -1 -2.5 -4 6 4.5 -8.5',
      'subtract float32 [2, 4, 5]':
        '-1 0 -4.5 11 3.5 -4 0 4 -3.5 0.5 -7 8.5 1 -6.5 -2.5 1.5 5.5 -2 -9.5 6 0.5 -7 -3 1 2 -2.5 1.5 5.5 -2 2 6 -1.5 2.5 -5 -1 3 -4.5 -0.5 3.5 -4',
      'multiply float32 [2, 4, 5]':
        '12 9 -4.5 -30.25 -2.5 -1.75 12.25 5 11 1.5 -12 -18 0.75 -7.5 9 10 -4.5 0 -22.5 -8.75 -0 -11.25 13.75 6 15 1.5 22 -7.5 -0.75 19.25 -5 7 3.5 -4 24.75 -2.25 -4.5 18 2 5',
      'divide float32 [2, 4, 5]':
        '1.3333334 1 -0.5 -1 -0.4 -7 1 0.2 2.75 1.5 -0.75 -0.8888889 0.33333334 -3.3333333 0.44444445 0.625 -4.5 0 -0.9 -0.71428573 -0 -1.8 0.45454547 0.6666667 1.6666666 0.16666667 0.72727275 -1.2 -3 1.5714285 -0.2 1.75 3.5 -0.25 1.2222222 -1 -2 0.8888889 0.125 5',
      'power float32 [2, 4, 5]':
        '-0.015625 27 -3.375 8.472376e-05 1 NaN 80.21178 -1 0.03305785 1.5 81 0.001953125 NaN NaN 22.627417 0.0256 0.22222222 0 -1845.2812 0.040477153 Infinity NaN 154.40808 -0.125 125 0.125 NaN 0.06415003 NaN 390.18396 1 0.08163265 3.5 1 NaN 0.544331 NaN 512 16 -0.2',
      'min float32 [2, 4, 5]':
        '-4 3 -1.5 -5.5 -2.5 -3.5 3.5 -5 -5.5 1 -3 -4.5 -1.5 -5 2 -4 -1 0 -4.5 -3.5 -0.5 -4.5 2.5 -3 3 0.5 -5.5 -2.5 -1.5 3.5 -5 -3.5 1 -1 -5.5 -1.5 -3 4 -4 -5',
      'max float32 [2, 4, 5]':
        '-3 3 3 5.5 1 0.5 3.5 -1 -2 1.5 4 4 -0.5 1.5 4.5 -2.5 4.5 2 5 2.5 0 2.5 5.5 -2 5 3 -4 3 0.5 5.5 1 -2 3.5 4 -4.5 1.5 1.5 4.5 -0.5 -1',
      'set int32 [2, 4, 5]':
        '-6 3 6 -11 -5 1 7 -10 -4 2 8 -9 -3 3 9 -8 -2 4 10 -7 -1 5 11 -6 3 6 -11 -5 1 7 -10 -4 2 8 -9 -3 3 9 -8 -2',
      'add int32 [2, 4, 5]':
        '-14 9 3 0 -3 -6 14 -12 -15 5 2 -1 -4 -7 13 -13 7 4 1 -2 -1 -4 16 -10 13 7 -19 1 -2 18 -8 -11 9 6 -20 0 -3 17 -9 -12',
      'subtract int32 [2, 4, 5]':
        '-2 3 -9 22 7 -8 0 8 -7 1 -14 17 2 -13 -5 3 11 -4 -19 12 1 -14 -6 2 7 -5 3 11 -4 4 12 -3 5 -10 -2 6 -9 -1 7 -8',
      'multiply int32 [2, 4, 5]':
        '48 18 -18 -121 -10 -7 49 20 44 6 -48 -72 3 -30 36 40 -18 0 -90 -35 0 -45 55 24 30 6 88 -30 -3 77 -20 28 14 -16 99 -9 -18 72 8 20',
      'min int32 [2, 4, 5]':
        '-8 3 -3 -11 -5 -7 7 -10 -11 2 -6 -9 -3 -10 4 -8 -2 0 -9 -7 -1 -9 5 -6 3 1 -11 -5 -3 7 -10 -7 2 -2 -11 -3 -6 8 -8 -10',
      'max int32 [2, 4, 5]':
        '-6 6 6 11 2 1 7 -2 -4 3 8 8 -1 3 9 -5 9 4 10 5 0 5 11 -4 10 6 -8 6 1 11 2 -4 7 8 -9 3 3 9 -1 -2',
      'set bool [2, 4, 5]': '1 1 1 0 0 0 0 1 1 1 1 0 0 0 0 1 1 1 1 0 0 0 0 1 1 1 0 0 0 0 1 1 1 1 0 0 0 0 1 1',
    },
  },
  {
    name: 'TupleOfListsOfPythonInts',
    shape: [3, 4, 5],
    index: [{ a: '0 1', shape: [2], dtype: 'int32' }],
    at: '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39',
    cases: {
      'set float32 [2, 4, 5]':
        '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5 -0.5 2.5 5.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1',
      'set float32 []':
        '-3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3',
      'set float32 [4, 5]':
        '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5',
      'add float32 [2, 4, 5]':
        '-7 6 1.5 0 -1.5 -3 7 -6 -7.5 2.5 1 -0.5 -2 -3.5 6.5 -6.5 3.5 2 0.5 -1 -2.5 7.5 6 -7 6 1.5 0 -1.5 -3 7 -6 -7.5 2.5 1 -0.5 -2 -3.5 6.5 -6.5 3.5',
      'add float32 []':
        '-7 0 -4.5 2.5 -2 -6.5 0.5 -4 -8.5 -1.5 -6 1 -3.5 -8 -1 -5.5 1.5 -3 -7.5 -0.5 -5 2 -2.5 -7 0 -4.5 2.5 -2 -6.5 0.5 -4 -8.5 -1.5 -6 1 -3.5 -8 -1 -5.5 1.5',
      'add float32 [4, 5]':
        '-7 6 1.5 0 -1.5 -3 7 -6 -7.5 2.5 1 -0.5 -2 -3.5 6.5 -6.5 3.5 2 0.5 -1 -5 8 3.5 -9.5 0.5 -1 9 -4 -5.5 4.5 3 -10 0 -1.5 8.5 -4.5 -6 4 2.5 1',
      'subtract float32 [2, 4, 5]':
        '-1 0 -4.5 11 3.5 -4 0 4 -3.5 0.5 -7 8.5 1 -6.5 -2.5 1.5 5.5 -2 -9.5 6 -1.5 2.5 -5 -1 0 -4.5 11 3.5 -4 0 4 -3.5 0.5 -7 8.5 1 -6.5 -2.5 1.5 5.5',
      'multiply float32 [2, 4, 5]':
        '12 9 -4.5 -30.25 -2.5 -1.75 12.25 5 11 1.5 -12 -18 0.75 -7.5 9 10 -4.5 0 -22.5 -8.75 1 12.5 2.75 12 9 -4.5 -30.25 -2.5 -1.75 12.25 5 11 1.5 -12 -18 0.75 -7.5 9 10 -4.5',
      'divide float32 [2, 4, 5]':
        '1.3333334 1 -0.5 -1 -0.4 -7 1 0.2 2.75 1.5 -0.75 -0.8888889 0.33333334 -3.3333333 0.44444445 0.625 -4.5 0 -0.9 -0.71428573 4 2 0.09090909 1.3333334 1 -0.5 -1 -0.4 -7 1 0.2 2.75 1.5 -0.75 -0.8888889 0.33333334 -3.3333333 0.44444445 0.625 -4.5',
      'power float32 [2, 4, 5]':
        '-0.015625 27 -3.375 8.472376e-05 1 NaN 80.21178 -1 0.03305785 1.5 81 0.001953125 NaN NaN 22.627417 0.0256 0.22222222 0 -1845.2812 0.040477153 NaN 55.9017 0.022097087 -0.015625 27 -3.375 8.472376e-05 1 NaN 80.21178 -1 0.03305785 1.5 81 0.001953125 NaN NaN 22.627417 0.0256 0.22222222',
      'min float32 [2, 4, 5]':
        '-4 3 -1.5 -5.5 -2.5 -3.5 3.5 -5 -5.5 1 -3 -4.5 -1.5 -5 2 -4 -1 0 -4.5 -3.5 -2 2.5 0.5 -4 3 -1.5 -5.5 -2.5 -3.5 3.5 -5 -5.5 1 -3 -4.5 -1.5 -5 2 -4 -1',
      'max float32 [2, 4, 5]':
        '-3 3 3 5.5 1 0.5 3.5 -1 -2 1.5 4 4 -0.5 1.5 4.5 -2.5 4.5 2 5 2.5 -0.5 5 5.5 -3 3 3 5.5 1 0.5 3.5 -1 -2 1.5 4 4 -0.5 1.5 4.5 -2.5 4.5',
      'set int32 [2, 4, 5]':
        '-6 3 6 -11 -5 1 7 -10 -4 2 8 -9 -3 3 9 -8 -2 4 10 -7 -1 5 11 -6 3 6 -11 -5 1 7 -10 -4 2 8 -9 -3 3 9 -8 -2',
      'add int32 [2, 4, 5]':
        '-14 9 3 0 -3 -6 14 -12 -15 5 2 -1 -4 -7 13 -13 7 4 1 -2 -5 15 12 -14 9 3 0 -3 -6 14 -12 -15 5 2 -1 -4 -7 13 -13 7',
      'subtract int32 [2, 4, 5]':
        '-2 3 -9 22 7 -8 0 8 -7 1 -14 17 2 -13 -5 3 11 -4 -19 12 -3 5 -10 -2 3 -9 22 7 -8 0 8 -7 1 -14 17 2 -13 -5 3 11',
      'multiply int32 [2, 4, 5]':
        '48 18 -18 -121 -10 -7 49 20 44 6 -48 -72 3 -30 36 40 -18 0 -90 -35 4 50 11 48 18 -18 -121 -10 -7 49 20 44 6 -48 -72 3 -30 36 40 -18',
      'min int32 [2, 4, 5]':
        '-8 3 -3 -11 -5 -7 7 -10 -11 2 -6 -9 -3 -10 4 -8 -2 0 -9 -7 -4 5 1 -8 3 -3 -11 -5 -7 7 -10 -11 2 -6 -9 -3 -10 4 -8 -2',
      'max int32 [2, 4, 5]':
        '-6 6 6 11 2 1 7 -2 -4 3 8 8 -1 3 9 -5 9 4 10 5 -1 10 11 -6 6 6 11 2 1 7 -2 -4 3 8 8 -1 3 9 -5 9',
      'set bool [2, 4, 5]': '1 1 1 0 0 0 0 1 1 1 1 0 0 0 0 1 1 1 1 0 0 0 0 1 1 1 0 0 0 0 1 1 1 1 0 0 0 0 1 1',
    },
  },
  {
    name: 'TupleOfListsOfPythonInts',
    shape: [3, 4, 5],
    index: [
      { a: '0 -1', shape: [2, 1], dtype: 'int32' },
      { a: '2 3 0', shape: [1, 3], dtype: 'int32' },
    ],
    at: '0 1 2 3 4 10 11 12 13 14 15 16 17 18 19 40 41 42 43 44 50 51 52 53 54 55 56 57 58 59',
    cases: {
      'set float32 [2, 3, 5]':
        '4 -4.5 -1.5 1.5 4.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 3 -5.5 -2.5 0.5 3.5 -4 -1 2 5 -3.5 -0.5 2.5 5.5 -3 3',
      'set float32 []':
        '-3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3',
      'set float32 [3, 5]':
        '4 -4.5 -1.5 1.5 4.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1',
      'add float32 [2, 3, 5]':
        '0 -1.5 -3 7 5.5 -6 7 2.5 -10.5 -0.5 -2 8 -5 -6.5 3.5 3 -10 0 -1.5 8.5 -3 -4.5 5.5 4 -9 1 -0.5 9.5 -3.5 -2',
      'add float32 []':
        '-7 0 -4.5 2.5 -2 -6 1 -3.5 -8 -1 -5.5 1.5 -3 -7.5 -0.5 -3 -7.5 -0.5 -5 2 -2 -6.5 0.5 -4 -8.5 -1.5 -6 1 -3.5 -8',
      'add float32 [3, 5]':
        '0 -1.5 -3 7 5.5 -6 7 2.5 -10.5 -0.5 -2 8 -5 -6.5 3.5 4 -9 1 -0.5 9.5 -2 -0.5 6.5 -6.5 -8 2 0.5 -1 -2.5 -4',
      'subtract float32 [2, 3, 5]':
        '-8 7.5 0 4 -3.5 0 1 -3.5 0.5 4.5 -3 1 5 -2.5 1.5 -3 1 5 -2.5 1.5 5 -2.5 1.5 -6 -2 2 -5.5 -1.5 2.5 -8',
      'multiply float32 [2, 3, 5]':
        '-16 -13.5 2.25 8.25 4.5 9 12 -1.5 27.5 -5 -1.25 15.75 -0 9 2.5 0 24.75 -6.25 -1 17.5 -4 3.5 7 -5 19.25 -0.75 -7.5 22 1.5 -15',
      'divide float32 [2, 3, 5]':
        '-1 -0.6666667 1 3.6666667 0.22222222 1 1.3333334 -0.16666667 0.90909094 -0.8 -5 1.2857143 -0 2.25 2.5 0 0.8181818 -1 -4 1.4285715 -0.25 3.5 1.75 -0.2 1.5714285 -3 -1.2 0.72727275 0.16666667 -1.6666666',
      'power float32 [2, 3, 5]':
        '256 0.0071277814 NaN 12.8986435 1 -0.037037037 64 -0.125 NaN 0.17677669 NaN 193.30533 Infinity 0.049382716 2.5 0 NaN 0.101192884 NaN 279.5085 1 -0.2857143 12.25 -1 NaN 0.81649655 NaN 2048 -8 -125',
      'min float32 [2, 3, 5]':
        '-4 -4.5 -1.5 1.5 1 -3 3 -0.5 -5.5 -2.5 -2.5 3.5 -5 -4.5 1 0 -5.5 -2.5 -2 3.5 -4 -3.5 2 -1 -5.5 -0.5 -3 4 -3 -5',
      'max float32 [2, 3, 5]':
        '4 3 -1.5 5.5 4.5 -3 4 3 -5 2 0.5 4.5 0 -2 2.5 3 -4.5 2.5 0.5 5 1 -1 3.5 5 -3.5 1.5 2.5 5.5 -0.5 3',
      'set int32 [2, 3, 5]': '8 -9 -3 3 9 -6 3 6 -11 -5 1 7 -10 -4 2 6 -11 -5 1 7 -8 -2 4 10 -7 -1 5 11 -6 3',
      'add int32 [2, 3, 5]':
        '0 -3 -6 14 11 -12 11 5 -21 -1 -4 16 -10 -13 7 6 -20 0 -3 17 -6 -9 11 8 -18 2 -1 19 -7 -7',
      'subtract int32 [2, 3, 5]':
        '-16 15 0 8 -7 0 5 -7 1 9 -6 2 10 -5 3 -6 2 10 -5 3 10 -5 3 -12 -4 4 -11 -3 5 -13',
      'multiply int32 [2, 3, 5]':
        '-64 -54 9 33 18 36 24 -6 110 -20 -5 63 0 36 10 0 99 -25 -4 70 -16 14 28 -20 77 -3 -30 88 6 -30',
      'min int32 [2, 3, 5]':
        '-8 -9 -3 3 2 -6 3 -1 -11 -5 -5 7 -10 -9 2 0 -11 -5 -4 7 -8 -7 4 -2 -11 -1 -6 8 -6 -10',
      'max int32 [2, 3, 5]': '8 6 -3 11 9 -6 8 6 -10 4 1 9 0 -4 5 6 -9 5 1 10 2 -2 7 10 -7 3 5 11 -1 3',
      'set bool [2, 3, 5]': '1 0 0 0 0 1 1 1 0 0 0 0 1 1 1 1 0 0 0 0 1 1 1 1 0 0 0 0 1 1',
    },
  },
  {
    name: 'TupleOfPythonIntsAndIntArrays',
    shape: [3, 4, 5],
    index: [0, { a: '0 1', shape: [2], dtype: 'int64' }],
    at: '0 1 2 3 4 5 6 7 8 9',
    cases: {
      'set float32 [2, 5]': '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1',
      'set float32 []': '-3 -3 -3 -3 -3 -3 -3 -3 -3 -3',
      'set float32 [5]': '-3 3 3 -5.5 -2.5 -3 3 3 -5.5 -2.5',
      'add float32 [2, 5]': '-7 6 1.5 0 -1.5 -3 7 -6 -7.5 2.5',
      'add float32 []': '-7 0 -4.5 2.5 -2 -6.5 0.5 -4 -8.5 -1.5',
      'add float32 [5]': '-7 6 1.5 0 -1.5 -6.5 6.5 2 -11 -1',
      'subtract float32 [2, 5]': '-1 0 -4.5 11 3.5 -4 0 4 -3.5 0.5',
      'multiply float32 [2, 5]': '12 9 -4.5 -30.25 -2.5 -1.75 12.25 5 11 1.5',
      'divide float32 [2, 5]': '1.3333334 1 -0.5 -1 -0.4 -7 1 0.2 2.75 1.5',
      'power float32 [2, 5]': '-0.015625 27 -3.375 8.472376e-05 1 NaN 80.21178 -1 0.03305785 1.5',
      'min float32 [2, 5]': '-4 3 -1.5 -5.5 -2.5 -3.5 3.5 -5 -5.5 1',
      'max float32 [2, 5]': '-3 3 3 5.5 1 0.5 3.5 -1 -2 1.5',
      'set int32 [2, 5]': '-6 3 6 -11 -5 1 7 -10 -4 2',
      'add int32 [2, 5]': '-14 9 3 0 -3 -6 14 -12 -15 5',
      'subtract int32 [2, 5]': '-2 3 -9 22 7 -8 0 8 -7 1',
      'multiply int32 [2, 5]': '48 18 -18 -121 -10 -7 49 20 44 6',
      'min int32 [2, 5]': '-8 3 -3 -11 -5 -7 7 -10 -11 2',
      'max int32 [2, 5]': '-6 6 6 11 2 1 7 -2 -4 3',
      'set bool [2, 5]': '1 1 1 0 0 0 0 1 1 1',
    },
  },
  {
    name: 'TupleOfPythonIntsAndIntArrays',
    shape: [3, 4, 5],
    index: [0, 1, { a: '2 3 0', shape: [1, 3], dtype: 'int64' }],
    at: '5 7 8',
    cases: {
      'set float32 [1, 3]': '3 -3 3',
      'set float32 []': '-3 -3 -3',
      'set float32 [3]': '3 -3 3',
      'add float32 [1, 3]': '-0.5 -4 -2.5',
      'add float32 []': '-6.5 -4 -8.5',
      'add float32 [3]': '-0.5 -4 -2.5',
      'subtract float32 [1, 3]': '-6.5 2 -8.5',
      'multiply float32 [1, 3]': '-10.5 3 -16.5',
      'divide float32 [1, 3]': '-1.1666666 0.33333334 -1.8333334',
      'power float32 [1, 3]': '-42.875 -1 -166.375',
      'min float32 [1, 3]': '-3.5 -3 -5.5',
      'max float32 [1, 3]': '3 -1 3',
      'set int32 [1, 3]': '6 -6 3',
      'add int32 [1, 3]': '-1 -8 -8',
      'subtract int32 [1, 3]': '-13 4 -14',
      'multiply int32 [1, 3]': '-42 12 -33',
      'min int32 [1, 3]': '-7 -6 -11',
      'max int32 [1, 3]': '6 -2 3',
      'set bool [1, 3]': '1 1 1',
    },
  },
  {
    name: 'TupleOfListsOfPythonIntsAndIntArrays',
    shape: [3, 4, 5],
    index: [
      { a: '0 1', shape: [2], dtype: 'int32' },
      { a: '0', shape: [1], dtype: 'int64' },
    ],
    at: '0 1 2 3 4 20 21 22 23 24',
    cases: {
      'set float32 [2, 5]': '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1',
      'set float32 []': '-3 -3 -3 -3 -3 -3 -3 -3 -3 -3',
      'set float32 [5]': '-3 3 3 -5.5 -2.5 -3 3 3 -5.5 -2.5',
      'add float32 [2, 5]': '-7 6 1.5 0 -1.5 -1.5 8.5 -4.5 -6 4',
      'add float32 []': '-7 0 -4.5 2.5 -2 -5 2 -2.5 -7 0',
      'add float32 [5]': '-7 6 1.5 0 -1.5 -5 8 3.5 -9.5 0.5',
      'subtract float32 [2, 5]': '-1 0 -4.5 11 3.5 -2.5 1.5 5.5 -2 2',
      'multiply float32 [2, 5]': '12 9 -4.5 -30.25 -2.5 -1 17.5 -2.5 8 3',
      'divide float32 [2, 5]': '1.3333334 1 -0.5 -1 -0.4 -4 1.4285715 -0.1 2 3',
      'power float32 [2, 5]': '-0.015625 27 -3.375 8.472376e-05 1 NaN 279.5085 32 0.0625 3',
      'min float32 [2, 5]': '-4 3 -1.5 -5.5 -2.5 -2 3.5 -5 -4 1',
      'max float32 [2, 5]': '-3 3 3 5.5 1 0.5 5 0.5 -2 3',
      'set int32 [2, 5]': '-6 3 6 -11 -5 1 7 -10 -4 2',
      'add int32 [2, 5]': '-14 9 3 0 -3 -3 17 -9 -12 8',
      'subtract int32 [2, 5]': '-2 3 -9 22 7 -5 3 11 -4 4',
      'multiply int32 [2, 5]': '48 18 -18 -121 -10 -4 70 -10 32 12',
      'min int32 [2, 5]': '-8 3 -3 -11 -5 -4 7 -10 -8 2',
      'max int32 [2, 5]': '-6 6 6 11 2 1 10 1 -4 6',
      'set bool [2, 5]': '1 1 1 0 0 0 0 1 1 1',
    },
  },
  {
    name: 'TupleOfListsOfPythonIntsAndIntArrays',
    shape: [3, 4, 5],
    index: [
      { a: '0 -1', shape: [2, 1], dtype: 'int32' },
      { a: '2 3 0', shape: [1, 3], dtype: 'int64' },
    ],
    at: '0 1 2 3 4 10 11 12 13 14 15 16 17 18 19 40 41 42 43 44 50 51 52 53 54 55 56 57 58 59',
    cases: {
      'set float32 [2, 3, 5]':
        '4 -4.5 -1.5 1.5 4.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 3 -5.5 -2.5 0.5 3.5 -4 -1 2 5 -3.5 -0.5 2.5 5.5 -3 3',
      'set float32 []':
        '-3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3',
      'set float32 [3, 5]':
        '4 -4.5 -1.5 1.5 4.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1',
      'add float32 [2, 3, 5]':
        '0 -1.5 -3 7 5.5 -6 7 2.5 -10.5 -0.5 -2 8 -5 -6.5 3.5 3 -10 0 -1.5 8.5 -3 -4.5 5.5 4 -9 1 -0.5 9.5 -3.5 -2',
      'add float32 []':
        '-7 0 -4.5 2.5 -2 -6 1 -3.5 -8 -1 -5.5 1.5 -3 -7.5 -0.5 -3 -7.5 -0.5 -5 2 -2 -6.5 0.5 -4 -8.5 -1.5 -6 1 -3.5 -8',
      'add float32 [3, 5]':
        '0 -1.5 -3 7 5.5 -6 7 2.5 -10.5 -0.5 -2 8 -5 -6.5 3.5 4 -9 1 -0.5 9.5 -2 -0.5 6.5 -6.5 -8 2 0.5 -1 -2.5 -4',
      'subtract float32 [2, 3, 5]':
        '-8 7.5 0 4 -3.5 0 1 -3.5 0.5 4.5 -3 1 5 -2.5 1.5 -3 1 5 -2.5 1.5 5 -2.5 1.5 -6 -2 2 -5.5 -1.5 2.5 -8',
      'multiply float32 [2, 3, 5]':
        '-16 -13.5 2.25 8.25 4.5 9 12 -1.5 27.5 -5 -1.25 15.75 -0 9 2.5 0 24.75 -6.25 -1 17.5 -4 3.5 7 -5 19.25 -0.75 -7.5 22 1.5 -15',
      'divide float32 [2, 3, 5]':
        '-1 -0.6666667 1 3.6666667 0.22222222 1 1.3333334 -0.16666667 0.90909094 -0.8 -5 1.2857143 -0 2.25 2.5 0 0.8181818 -1 -4 1.4285715 -0.25 3.5 1.75 -0.2 1.5714285 -3 -1.2 0.72727275 0.16666667 -1.6666666',
      'power float32 [2, 3, 5]':
        '256 0.0071277814 NaN 12.8986435 1 -0.037037037 64 -0.125 NaN 0.17677669 NaN 193.30533 Infinity 0.049382716 2.5 0 NaN 0.101192884 NaN 279.5085 1 -0.2857143 12.25 -1 NaN 0.81649655 NaN 2048 -8 -125',
      'min float32 [2, 3, 5]':
        '-4 -4.5 -1.5 1.5 1 -3 3 -0.5 -5.5 -2.5 -2.5 3.5 -5 -4.5 1 0 -5.5 -2.5 -2 3.5 -4 -3.5 2 -1 -5.5 -0.5 -3 4 -3 -5',
      'max float32 [2, 3, 5]':
        '4 3 -1.5 5.5 4.5 -3 4 3 -5 2 0.5 4.5 0 -2 2.5 3 -4.5 2.5 0.5 5 1 -1 3.5 5 -3.5 1.5 2.5 5.5 -0.5 3',
      'set int32 [2, 3, 5]': '8 -9 -3 3 9 -6 3 6 -11 -5 1 7 -10 -4 2 6 -11 -5 1 7 -8 -2 4 10 -7 -1 5 11 -6 3',
      'add int32 [2, 3, 5]':
        '0 -3 -6 14 11 -12 11 5 -21 -1 -4 16 -10 -13 7 6 -20 0 -3 17 -6 -9 11 8 -18 2 -1 19 -7 -7',
      'subtract int32 [2, 3, 5]':
        '-16 15 0 8 -7 0 5 -7 1 9 -6 2 10 -5 3 -6 2 10 -5 3 10 -5 3 -12 -4 4 -11 -3 5 -13',
      'multiply int32 [2, 3, 5]':
        '-64 -54 9 33 18 36 24 -6 110 -20 -5 63 0 36 10 0 99 -25 -4 70 -16 14 28 -20 77 -3 -30 88 6 -30',
      'min int32 [2, 3, 5]':
        '-8 -9 -3 3 2 -6 3 -1 -11 -5 -5 7 -10 -9 2 0 -11 -5 -4 7 -8 -7 4 -2 -11 -1 -6 8 -6 -10',
      'max int32 [2, 3, 5]': '8 6 -3 11 9 -6 8 6 -10 4 1 9 0 -4 5 6 -9 5 1 10 2 -2 7 10 -7 3 5 11 -1 3',
      'set bool [2, 3, 5]': '1 0 0 0 0 1 1 1 0 0 0 0 1 1 1 1 0 0 0 0 1 1 1 1 0 0 0 0 1 1',
    },
  },
];
const SORTED_UPDATES: readonly UpdateSpec[] = [
  {
    name: 'One1DIntArrayIndex',
    shape: [3, 3],
    index: { a: '0 1 2', shape: [3], dtype: 'int64' },
    at: '0 1 2 3 4 5 6 7 8',
    cases: {
      'set float32 [3, 3]': '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2',
      'add float32 [3, 3]': '-7 6 1.5 0 -1.5 -3 7 -6 -7.5',
      'subtract float32 [3, 3]': '-1 0 -4.5 11 3.5 -4 0 4 -3.5',
      'multiply float32 [3, 3]': '12 9 -4.5 -30.25 -2.5 -1.75 12.25 5 11',
      'divide float32 [3, 3]': '1.3333334 1 -0.5 -1 -0.4 -7 1 0.2 2.75',
      'power float32 [3, 3]': '-0.015625 27 -3.375 8.472376e-05 1 NaN 80.21178 -1 0.03305785',
      'min float32 [3, 3]': '-4 3 -1.5 -5.5 -2.5 -3.5 3.5 -5 -5.5',
      'max float32 [3, 3]': '-3 3 3 5.5 1 0.5 3.5 -1 -2',
    },
  },
  {
    name: 'One1DIntArrayIndex',
    shape: [3, 4, 5],
    index: { a: '0 1 2', shape: [3], dtype: 'int64' },
    at: '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59',
    cases: {
      'set float32 [3, 4, 5]':
        '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5 -0.5 2.5 5.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5 -0.5 2.5 5.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5',
      'add float32 [3, 4, 5]':
        '-7 6 1.5 0 -1.5 -3 7 -6 -7.5 2.5 1 -0.5 -2 -3.5 6.5 -6.5 3.5 2 0.5 -1 -2.5 7.5 6 -7 6 1.5 0 -1.5 -3 7 -6 -7.5 2.5 1 -0.5 -2 -3.5 6.5 -6.5 3.5 2 0.5 -1 -2.5 7.5 6 -7 6 1.5 0 -1.5 -3 7 -6 -7.5 2.5 1 -0.5 -2 -3.5',
      'subtract float32 [3, 4, 5]':
        '-1 0 -4.5 11 3.5 -4 0 4 -3.5 0.5 -7 8.5 1 -6.5 -2.5 1.5 5.5 -2 -9.5 6 -1.5 2.5 -5 -1 0 -4.5 11 3.5 -4 0 4 -3.5 0.5 -7 8.5 1 -6.5 -2.5 1.5 5.5 -2 -9.5 6 -1.5 2.5 -5 -1 0 -4.5 11 3.5 -4 0 4 -3.5 0.5 -7 8.5 1 -6.5',
      'multiply float32 [3, 4, 5]':
        '12 9 -4.5 -30.25 -2.5 -1.75 12.25 5 11 1.5 -12 -18 0.75 -7.5 9 10 -4.5 0 -22.5 -8.75 1 12.5 2.75 12 9 -4.5 -30.25 -2.5 -1.75 12.25 5 11 1.5 -12 -18 0.75 -7.5 9 10 -4.5 0 -22.5 -8.75 1 12.5 2.75 12 9 -4.5 -30.25 -2.5 -1.75 12.25 5 11 1.5 -12 -18 0.75 -7.5',
      'divide float32 [3, 4, 5]':
        '1.3333334 1 -0.5 -1 -0.4 -7 1 0.2 2.75 1.5 -0.75 -0.8888889 0.33333334 -3.3333333 0.44444445 0.625 -4.5 0 -0.9 -0.71428573 4 2 0.09090909 1.3333334 1 -0.5 -1 -0.4 -7 1 0.2 2.75 1.5 -0.75 -0.8888889 0.33333334 -3.3333333 0.44444445 0.625 -4.5 0 -0.9 -0.71428573 4 2 0.09090909 1.3333334 1 -0.5 -1 -0.4 -7 1 0.2 2.75 1.5 -0.75 -0.8888889 0.33333334 -3.3333333',
      'power float32 [3, 4, 5]':
        '-0.015625 27 -3.375 8.472376e-05 1 NaN 80.21178 -1 0.03305785 1.5 81 0.001953125 NaN NaN 22.627417 0.0256 0.22222222 0 -1845.2812 0.040477153 NaN 55.9017 0.022097087 -0.015625 27 -3.375 8.472376e-05 1 NaN 80.21178 -1 0.03305785 1.5 81 0.001953125 NaN NaN 22.627417 0.0256 0.22222222 0 -1845.2812 0.040477153 NaN 55.9017 0.022097087 -0.015625 27 -3.375 8.472376e-05 1 NaN 80.21178 -1 0.03305785 1.5 81 0.001953125 NaN NaN',
      'min float32 [3, 4, 5]':
        '-4 3 -1.5 -5.5 -2.5 -3.5 3.5 -5 -5.5 1 -3 -4.5 -1.5 -5 2 -4 -1 0 -4.5 -3.5 -2 2.5 0.5 -4 3 -1.5 -5.5 -2.5 -3.5 3.5 -5 -5.5 1 -3 -4.5 -1.5 -5 2 -4 -1 0 -4.5 -3.5 -2 2.5 0.5 -4 3 -1.5 -5.5 -2.5 -3.5 3.5 -5 -5.5 1 -3 -4.5 -1.5 -5',
      'max float32 [3, 4, 5]':
        '-3 3 3 5.5 1 0.5 3.5 -1 -2 1.5 4 4 -0.5 1.5 4.5 -2.5 4.5 2 5 2.5 -0.5 5 5.5 -3 3 3 5.5 1 0.5 3.5 -1 -2 1.5 4 4 -0.5 1.5 4.5 -2.5 4.5 2 5 2.5 -0.5 5 5.5 -3 3 3 5.5 1 0.5 3.5 -1 -2 1.5 4 4 -0.5 1.5',
    },
  },
  {
    name: 'One2DIntArrayIndex',
    shape: [6, 6],
    index: { a: '-1 0 1 2 3 4', shape: [2, 3], dtype: 'int64' },
    at: '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35',
    cases: {
      'set float32 [2, 3, 6]':
        '3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5 -0.5 2.5 5.5 -3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 -3 3 3 -5.5 -2.5 0.5',
      'add float32 [2, 3, 6]':
        '-0.5 -2 -3.5 6.5 5 -8 2 0.5 -1 -2.5 -4 6 4.5 -8.5 1.5 0 10 -3 -1.5 5.5 -7.5 2.5 1 -0.5 -2 -3.5 6.5 5 -8 2 -4 -2.5 4.5 -8.5 1.5 0',
      'subtract float32 [2, 3, 6]':
        '-7.5 8 0.5 4.5 -3 1 5 -2.5 -10 5.5 -2 2 -5.5 -1.5 2.5 -5 -1 3 -7.5 -0.5 3.5 7.5 0 -7.5 8 0.5 4.5 -3 1 5 2 -8.5 -1.5 2.5 6.5 -1',
      'multiply float32 [2, 3, 6]':
        '-14 -15 3 5.5 4 15.75 -5.25 -1.5 -24.75 -6 3 8 -2.5 17.5 -1 -6.25 24.75 -0 -13.5 7.5 11 -12.5 0.25 -14 -15 3 5.5 4 15.75 -5.25 3 -16.5 4.5 16.5 -10 -0.25',
      'divide float32 [2, 3, 6]':
        '-1.1428572 -0.6 0.75 5.5 0.25 0.7777778 -2.3333333 -0.6666667 -1.2222222 -0.375 3 2 -0.1 1.4285715 -4 -1 0.8181818 -0 -1.5 0.8333333 0.36363637 -2 1 -1.1428572 -0.6 0.75 5.5 0.25 0.7777778 -2.3333333 0.33333334 -1.8333334 0.5 0.54545456 -1.6 -1',
      'power float32 [2, 3, 6]':
        'NaN 0.004115226 0.44444445 5.5 1 NaN 0.1527207 NaN NaN 0.19753087 -0.33333334 16 -0.03125 NaN 0.70710677 NaN 3914.4326 Infinity -91.125 15.625 NaN 0.017888542 0.70710677 NaN 0.004115226 0.44444445 5.5 1 NaN 0.1527207 -1 -166.375 3.375 NaN 0.03125 NaN',
      'min float32 [2, 3, 6]':
        '-4 -5 -2 1 1 -4.5 -1.5 -1 -5.5 -4 -3 2 -0.5 -5 -0.5 -2.5 4.5 -3 -4.5 2.5 -5.5 -2.5 0.5 -4 -5 -2 1 1 -4.5 -1.5 -3 -5.5 1.5 -5.5 -2.5 -0.5',
      'max float32 [2, 3, 6]':
        '3.5 3 -1.5 5.5 4 -3.5 3.5 1.5 4.5 1.5 -1 4 5 -3.5 2 2.5 5.5 0 3 3 -2 5 0.5 3.5 3 -1.5 5.5 4 -3.5 3.5 -1 3 3 -3 4 0.5',
    },
  },
  {
    name: 'Two1DIntArrayIndicesNoBroadcasting',
    shape: [4, 5, 6],
    index: [
      { a: '0 1 2 3', shape: [4], dtype: 'int64' },
      { a: '-2 -1 0 1', shape: [4], dtype: 'int64' },
    ],
    at: '18 19 20 21 22 23 54 55 56 57 58 59 60 61 62 63 64 65 96 97 98 99 100 101',
    cases: {
      'set float32 [4, 6]':
        '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5 -0.5 2.5 5.5 -3',
      'add float32 [4, 6]':
        '-7.5 5.5 1 -0.5 -2 -3.5 -2 -3.5 -5 5 3.5 -9.5 0.5 -1 9 -4 -5.5 4.5 6 -7 3 1.5 0 -1.5',
      'subtract float32 [4, 6]':
        '-1.5 -0.5 -5 10.5 3 -4.5 -9 6.5 -1 3 -4.5 -0.5 3.5 -4 0 4 -3.5 0.5 -4 0 4 -3.5 -11 4.5',
      'multiply float32 [4, 6]':
        '13.5 7.5 -6 -27.5 -1.25 -2 -19.25 -7.5 6 4 -2 22.5 -3 -3.75 20.25 -0 4.5 5 5 12.25 -1.75 -2.5 -30.25 -4.5',
      'divide float32 [4, 6]':
        '1.5 0.8333333 -0.6666667 -0.90909094 -0.2 -8 -1.5714285 -0.3 1.5 4 -0.125 1.1111112 -1.3333334 -1.6666666 1 -0 4.5 1.25 0.2 1 -7 -0.4 -1 -0.5',
      'power float32 [4, 6]':
        '-0.010973937 15.625 -8 0.00014310835 5.656854 NaN NaN 0.13168724 0.11111111 4 0.0625 NaN 0.35355338 NaN 869.87396 Infinity -0.22222222 6.25 1 NaN 0.5345225 NaN NaN 0.29629627',
      'min float32 [4, 6]':
        '-4.5 2.5 -2 -5.5 -2.5 -4 -5.5 -5 -3 1 -0.5 -5 -1.5 -2.5 4.5 -4 -4.5 2 1 -3.5 -0.5 -1 -5.5 -3',
      'max float32 [4, 6]': '-3 3 3 5 0.5 0.5 3.5 1.5 -2 4 4 -4.5 2 1.5 4.5 0 -1 2.5 5 -3.5 3.5 2.5 5.5 1.5',
    },
  },
  {
    name: 'Two1DIntArrayIndicesWithBroadcasting',
    shape: [4, 5, 6],
    index: [
      { a: '-1 0 1 2', shape: [1, 4], dtype: 'int64' },
      { a: '-2 -1 0 2', shape: [4], dtype: 'int64' },
    ],
    at: '24 25 26 27 28 29 30 31 32 33 34 35 72 73 74 75 76 77 108 109 110 111 112 113',
    cases: {
      'set float32 [1, 4, 6]':
        '3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5 -0.5 2.5 5.5 -3 -3 3 3 -5.5 -2.5 0.5',
      'add float32 [1, 4, 6]':
        '6.5 -6.5 3.5 2 0.5 -1 -2.5 -4 6 -7 3 1.5 10.5 -2.5 -4 6 4.5 -8.5 1.5 3 -1.5 -3 -4.5 5.5',
      'subtract float32 [1, 4, 6]':
        '-0.5 3.5 7.5 0 -7.5 8 0.5 -7 -3 1 5 -2.5 0.5 4.5 -3 1 -6.5 -2.5 7.5 -3 -7.5 8 0.5 4.5',
      'multiply float32 [1, 4, 6]':
        '10.5 7.5 -11 1 -14 -15.75 1.5 -8.25 6.75 12 -4 -1 27.5 -3.5 1.75 8.75 -5.5 16.5 -13.5 0 -13.5 -13.75 5 2.5',
      'divide float32 [1, 4, 6]':
        '0.85714287 0.3 -2.75 1 -0.875 -0.7777778 0.6666667 -3.6666667 0.33333334 0.75 -4 -0.25 1.1 -0.2857143 7 1.4 -0.18181819 1.8333334 -1.5 0 -1.5 -0.45454547 0.8 10',
      'power float32 [1, 4, 6]':
        '46.76537 -0.13168724 0.03305785 1 150.0625 0.0035619992 NaN NaN 6.200271 0.012345679 0.25 0.25 5032.8438 1 NaN 22.91765 NaN -0.0060105184 0.010973937 0 -91.125 0.0064763445 NaN 2.236068',
      'min float32 [1, 4, 6]':
        '3 -5 -2 1 -3.5 -4.5 -1.5 -5.5 1.5 -4 -1 -0.5 5 -3.5 -3.5 2.5 -1 -5.5 -3 0 -4.5 -5.5 -2.5 0.5',
      'max float32 [1, 4, 6]':
        '3.5 -1.5 5.5 1 4 3.5 -1 1.5 4.5 -3 4 2 5.5 1 -0.5 3.5 5.5 -3 4.5 3 3 2.5 -2 5',
    },
  },
  {
    name: 'TupleOfListsOfPythonInts',
    shape: [3, 4, 5],
    index: [
      { a: '0 -1', shape: [2, 1], dtype: 'int32' },
      { a: '0 2 3', shape: [1, 3], dtype: 'int32' },
    ],
    at: '0 1 2 3 4 10 11 12 13 14 15 16 17 18 19 40 41 42 43 44 50 51 52 53 54 55 56 57 58 59',
    cases: {
      'set float32 [2, 3, 5]':
        '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5 -0.5 2.5 5.5 -3 3 3 -5.5 -2.5 0.5 3.5',
      'add float32 [2, 3, 5]':
        '-7 6 1.5 0 -1.5 -2.5 7.5 -5.5 -7 3 1.5 0 -1.5 -3 7 -4 -5.5 4.5 3 1.5 0.5 -1 9 -4 -2.5 4.5 -8.5 1.5 0 -1.5',
      'subtract float32 [2, 3, 5]':
        '-1 0 -4.5 11 3.5 -3.5 0.5 4.5 -3 1 -6.5 9 1.5 -6 -2 4 -3.5 0.5 -7 8.5 1.5 -6 -2 2 -8.5 -1.5 2.5 6.5 -1 -8.5',
      'multiply float32 [2, 3, 5]':
        '12 9 -4.5 -30.25 -2.5 -1.5 14 2.5 10 2 -10 -20.25 -0 -6.75 11.25 -0 4.5 5 -10 -17.5 -0.5 -8.75 19.25 3 -16.5 4.5 16.5 -10 -0.25 -17.5',
      'divide float32 [2, 3, 5]':
        '1.3333334 1 -0.5 -1 -0.4 -6 1.1428572 0.1 2.5 2 -0.625 -1 -0 -3 0.5555556 -0 4.5 1.25 -0.4 -1.4285715 -2 -1.4 0.6363636 0.33333334 -1.8333334 0.5 0.54545456 -1.6 -1 -1.4285715',
      'power float32 [2, 3, 5]':
        '-0.015625 27 -3.375 8.472376e-05 1 NaN 128 -32 0.04 2 39.0625 0.0011495919 Infinity NaN 61.763237 Infinity -0.22222222 6.25 -32 0.0035777087 1 NaN 982.5943 -1 -166.375 3.375 NaN 0.03125 NaN NaN',
      'min float32 [2, 3, 5]':
        '-4 3 -1.5 -5.5 -2.5 -3 3.5 -5 -5 1 -2.5 -4.5 -1.5 -4.5 2.5 -4 -4.5 2 -2 -3.5 -0.5 -3.5 3.5 -3 -5.5 1.5 -5.5 -2.5 -0.5 -5',
      'max float32 [2, 3, 5]':
        '-3 3 3 5.5 1 0.5 4 -0.5 -2 2 4 4.5 0 1.5 4.5 0 -1 2.5 5 5 1 2.5 5.5 -1 3 3 -3 4 0.5 3.5',
    },
  },
  {
    name: 'TupleOfPythonIntsAndIntArrays',
    shape: [3, 4, 5],
    index: [0, 1, { a: '0 2 3', shape: [1, 3], dtype: 'int64' }],
    at: '5 7 8',
    cases: {
      'set float32 [1, 3]': '-3 3 3',
      'add float32 [1, 3]': '-6.5 2 -2.5',
      'subtract float32 [1, 3]': '-0.5 -4 -8.5',
      'multiply float32 [1, 3]': '10.5 -3 -16.5',
      'divide float32 [1, 3]': '1.1666666 -0.33333334 -1.8333334',
      'power float32 [1, 3]': '-0.023323616 -1 -166.375',
      'min float32 [1, 3]': '-3.5 -1 -5.5',
      'max float32 [1, 3]': '-3 3 3',
    },
  },
  {
    name: 'TupleOfListsOfPythonIntsAndIntArrays',
    shape: [3, 4, 5],
    index: [
      { a: '0 -1', shape: [2, 1], dtype: 'int32' },
      { a: '0 2 3', shape: [1, 3], dtype: 'int64' },
    ],
    at: '0 1 2 3 4 10 11 12 13 14 15 16 17 18 19 40 41 42 43 44 50 51 52 53 54 55 56 57 58 59',
    cases: {
      'set float32 [2, 3, 5]':
        '-3 3 3 -5.5 -2.5 0.5 3.5 -5 -2 1 4 -4.5 -1.5 1.5 4.5 -4 -1 2 5 -3.5 -0.5 2.5 5.5 -3 3 3 -5.5 -2.5 0.5 3.5',
      'add float32 [2, 3, 5]':
        '-7 6 1.5 0 -1.5 -2.5 7.5 -5.5 -7 3 1.5 0 -1.5 -3 7 -4 -5.5 4.5 3 1.5 0.5 -1 9 -4 -2.5 4.5 -8.5 1.5 0 -1.5',
      'subtract float32 [2, 3, 5]':
        '-1 0 -4.5 11 3.5 -3.5 0.5 4.5 -3 1 -6.5 9 1.5 -6 -2 4 -3.5 0.5 -7 8.5 1.5 -6 -2 2 -8.5 -1.5 2.5 6.5 -1 -8.5',
      'multiply float32 [2, 3, 5]':
        '12 9 -4.5 -30.25 -2.5 -1.5 14 2.5 10 2 -10 -20.25 -0 -6.75 11.25 -0 4.5 5 -10 -17.5 -0.5 -8.75 19.25 3 -16.5 4.5 16.5 -10 -0.25 -17.5',
      'divide float32 [2, 3, 5]':
        '1.3333334 1 -0.5 -1 -0.4 -6 1.1428572 0.1 2.5 2 -0.625 -1 -0 -3 0.5555556 -0 4.5 1.25 -0.4 -1.4285715 -2 -1.4 0.6363636 0.33333334 -1.8333334 0.5 0.54545456 -1.6 -1 -1.4285715',
      'power float32 [2, 3, 5]':
        '-0.015625 27 -3.375 8.472376e-05 1 NaN 128 -32 0.04 2 39.0625 0.0011495919 Infinity NaN 61.763237 Infinity -0.22222222 6.25 -32 0.0035777087 1 NaN 982.5943 -1 -166.375 3.375 NaN 0.03125 NaN NaN',
      'min float32 [2, 3, 5]':
        '-4 3 -1.5 -5.5 -2.5 -3 3.5 -5 -5 1 -2.5 -4.5 -1.5 -4.5 2.5 -4 -4.5 2 -2 -3.5 -0.5 -3.5 3.5 -3 -5.5 1.5 -5.5 -2.5 -0.5 -5',
      'max float32 [2, 3, 5]':
        '-3 3 3 5.5 1 0.5 4 -0.5 -2 2 4 4.5 0 1.5 4.5 0 -1 2.5 5 5 1 2.5 5.5 -1 3 3 -3 4 0.5 3.5',
    },
  },
];
const STATIC_OOB: readonly OobCase[] = [
  {
    name: 'OneIntIndex',
    shape: [3],
    index: -4,
    wrap: true,
    outShape: [],
    clamped: '-4',
    setClip: '100 3 -1.5',
    addClip: '96 3 -1.5',
  },
  {
    name: 'OneIntIndex',
    shape: [3],
    index: -4,
    wrap: false,
    outShape: [],
    clamped: '-4',
    setClip: '100 3 -1.5',
    addClip: '96 3 -1.5',
  },
  {
    name: 'OneIntIndex',
    shape: [3, 3],
    index: 3,
    wrap: true,
    outShape: [3],
    clamped: '3.5 -1 -5.5',
    setClip: '-4 3 -1.5 5.5 1 -3.5 100 100 100',
    addClip: '-4 3 -1.5 5.5 1 -3.5 103.5 99 94.5',
  },
  {
    name: 'OneIntIndex',
    shape: [3, 3],
    index: 3,
    wrap: false,
    outShape: [3],
    clamped: '3.5 -1 -5.5',
    setClip: '-4 3 -1.5 5.5 1 -3.5 100 100 100',
    addClip: '-4 3 -1.5 5.5 1 -3.5 103.5 99 94.5',
  },
  {
    name: 'OneIntIndex',
    shape: [3, 4, 5],
    index: 4,
    wrap: true,
    outShape: [4, 5],
    clamped: '0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5',
    setClip:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100',
    addClip:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 100 95.5 102.5 98 105 100.5 96 103 98.5 105.5 101 96.5 103.5 99 94.5 101.5 97 104 99.5 95',
  },
  {
    name: 'OneIntIndex',
    shape: [3, 4, 5],
    index: 4,
    wrap: false,
    outShape: [4, 5],
    clamped: '0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5',
    setClip:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100',
    addClip:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 100 95.5 102.5 98 105 100.5 96 103 98.5 105.5 101 96.5 103.5 99 94.5 101.5 97 104 99.5 95',
  },
  {
    name: 'TwoIntIndices',
    shape: [3, 3],
    index: [2, -4],
    wrap: true,
    outShape: [],
    clamped: '3.5',
    setClip: '-4 3 -1.5 5.5 1 -3.5 100 -1 -5.5',
    addClip: '-4 3 -1.5 5.5 1 -3.5 103.5 -1 -5.5',
  },
  {
    name: 'TwoIntIndices',
    shape: [3, 3],
    index: [2, -4],
    wrap: false,
    outShape: [],
    clamped: '3.5',
    setClip: '-4 3 -1.5 5.5 1 -3.5 100 -1 -5.5',
    addClip: '-4 3 -1.5 5.5 1 -3.5 103.5 -1 -5.5',
  },
  {
    name: 'TwoIntIndices',
    shape: [3, 4, 5],
    index: [3, 2],
    wrap: true,
    outShape: [5],
    clamped: '1 -3.5 3.5 -1 -5.5',
    setClip:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 100 100 100 100 100 1.5 -3 4 -0.5 -5',
    addClip:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 101 96.5 103.5 99 94.5 1.5 -3 4 -0.5 -5',
  },
  {
    name: 'TwoIntIndices',
    shape: [3, 4, 5],
    index: [3, 2],
    wrap: false,
    outShape: [5],
    clamped: '1 -3.5 3.5 -1 -5.5',
    setClip:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 100 100 100 100 100 1.5 -3 4 -0.5 -5',
    addClip:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 101 96.5 103.5 99 94.5 1.5 -3 4 -0.5 -5',
  },
  {
    name: 'TwoIntIndices',
    shape: [3, 4, 5],
    index: [-4, 4],
    wrap: true,
    outShape: [5],
    clamped: '-2.5 4.5 0 -4.5 2.5',
    setClip:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 100 100 100 100 100 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5',
    addClip:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 97.5 104.5 100 95.5 102.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5',
  },
  {
    name: 'TwoIntIndices',
    shape: [3, 4, 5],
    index: [-4, 4],
    wrap: false,
    outShape: [5],
    clamped: '-2.5 4.5 0 -4.5 2.5',
    setClip:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 100 100 100 100 100 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5',
    addClip:
      '-4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 97.5 104.5 100 95.5 102.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5',
  },
];
const WRAP_GET_INDEX: string = '-12 -11 -10 -6 -5 -1 0 3 4 5 9 10 11';
const WRAP_GET: readonly WrapGetCase[] = [
  { n: 5, mode: 'promise_in_bounds', wrap: true, expected: '-4 -4 -4 -4 -4 1 -4 5.5 1 1 1 1 1' },
  { n: 5, mode: 'promise_in_bounds', wrap: false, expected: '-4 -4 -4 -4 -4 -4 -4 5.5 1 1 1 1 1' },
  { n: 5, mode: 'fill', wrap: true, expected: '99 99 99 99 -4 1 -4 5.5 1 99 99 99 99' },
  { n: 5, mode: 'fill', wrap: false, expected: '99 99 99 99 99 99 -4 5.5 1 99 99 99 99' },
  { n: 5, mode: 'clip', wrap: true, expected: '-4 -4 -4 -4 -4 1 -4 5.5 1 1 1 1 1' },
  { n: 5, mode: 'clip', wrap: false, expected: '-4 -4 -4 -4 -4 -4 -4 5.5 1 1 1 1 1' },
  { n: 5, mode: 'drop', wrap: true, expected: '99 99 99 99 -4 1 -4 5.5 1 99 99 99 99' },
  { n: 5, mode: 'drop', wrap: false, expected: '99 99 99 99 99 99 -4 5.5 1 99 99 99 99' },
  { n: 10, mode: 'promise_in_bounds', wrap: true, expected: '-4 -4 -4 1 -3.5 1.5 -4 5.5 1 -3.5 1.5 1.5 1.5' },
  { n: 10, mode: 'promise_in_bounds', wrap: false, expected: '-4 -4 -4 -4 -4 -4 -4 5.5 1 -3.5 1.5 1.5 1.5' },
  { n: 10, mode: 'fill', wrap: true, expected: '99 99 -4 1 -3.5 1.5 -4 5.5 1 -3.5 1.5 99 99' },
  { n: 10, mode: 'fill', wrap: false, expected: '99 99 99 99 99 99 -4 5.5 1 -3.5 1.5 99 99' },
  { n: 10, mode: 'clip', wrap: true, expected: '-4 -4 -4 1 -3.5 1.5 -4 5.5 1 -3.5 1.5 1.5 1.5' },
  { n: 10, mode: 'clip', wrap: false, expected: '-4 -4 -4 -4 -4 -4 -4 5.5 1 -3.5 1.5 1.5 1.5' },
  { n: 10, mode: 'drop', wrap: true, expected: '99 99 -4 1 -3.5 1.5 -4 5.5 1 -3.5 1.5 99 99' },
  { n: 10, mode: 'drop', wrap: false, expected: '99 99 99 99 99 99 -4 5.5 1 -3.5 1.5 99 99' },
];
// n = 5: indices [1, -1, 2, -7, -2]
const WRAP_UPDATE_INDEX_5: string = '1 -1 2 -7 -2';
// n = 10: indices [1, -6, 7, -12, -7]
const WRAP_UPDATE_INDEX_10: string = '1 -6 7 -12 -7';
const WRAP_UPDATE: readonly WrapUpdateCase[] = [
  { n: 5, op: 'set', mode: 'fill', wrap: true, duplicates: false, expected: '-4 -3 3 -2.5 3' },
  { n: 5, op: 'set', mode: 'fill', wrap: false, duplicates: false, expected: '-4 -3 3 5.5 1' },
  { n: 5, op: 'set', mode: 'clip', wrap: true, duplicates: false, expected: '-5.5 -3 3 -2.5 3' },
  { n: 5, op: 'set', mode: 'clip', wrap: false, duplicates: true, expected: '-2.5 -3 3 5.5 1' },
  { n: 5, op: 'add', mode: 'fill', wrap: true, duplicates: false, expected: '-4 0 1.5 3 4' },
  { n: 5, op: 'add', mode: 'fill', wrap: false, duplicates: false, expected: '-4 0 1.5 5.5 1' },
  { n: 5, op: 'add', mode: 'clip', wrap: true, duplicates: false, expected: '-9.5 0 1.5 3 4' },
  { n: 5, op: 'add', mode: 'clip', wrap: false, duplicates: true, expected: '-9 0 1.5 5.5 1' },
  { n: 5, op: 'subtract', mode: 'fill', wrap: true, duplicates: false, expected: '-4 6 -4.5 8 -2' },
  { n: 5, op: 'subtract', mode: 'fill', wrap: false, duplicates: false, expected: '-4 6 -4.5 5.5 1' },
  { n: 5, op: 'subtract', mode: 'clip', wrap: true, duplicates: false, expected: '1.5 6 -4.5 8 -2' },
  { n: 5, op: 'subtract', mode: 'clip', wrap: false, duplicates: true, expected: '1 6 -4.5 5.5 1' },
  { n: 5, op: 'multiply', mode: 'fill', wrap: true, duplicates: false, expected: '-4 -9 -4.5 -13.75 3' },
  { n: 5, op: 'multiply', mode: 'fill', wrap: false, duplicates: false, expected: '-4 -9 -4.5 5.5 1' },
  { n: 5, op: 'multiply', mode: 'clip', wrap: true, duplicates: false, expected: '22 -9 -4.5 -13.75 3' },
  { n: 5, op: 'multiply', mode: 'clip', wrap: false, duplicates: true, expected: '-165 -9 -4.5 5.5 1' },
  { n: 5, op: 'divide', mode: 'fill', wrap: true, duplicates: false, expected: '-4 -1 -0.5 -2.2 0.33333334' },
  { n: 5, op: 'divide', mode: 'fill', wrap: false, duplicates: false, expected: '-4 -1 -0.5 5.5 1' },
  {
    n: 5,
    op: 'divide',
    mode: 'clip',
    wrap: true,
    duplicates: false,
    expected: '0.72727275 -1 -0.5 -2.2 0.33333334',
  },
  { n: 5, op: 'divide', mode: 'clip', wrap: false, duplicates: true, expected: '-0.0969697 -1 -0.5 5.5 1' },
  {
    n: 5,
    op: 'power',
    mode: 'fill',
    wrap: true,
    duplicates: false,
    expected: '-4 0.037037034 -3.375 0.0140959155 1',
  },
  {
    n: 5,
    op: 'power',
    mode: 'fill',
    wrap: false,
    duplicates: false,
    expected: '-4 0.037037034 -3.375 5.5 1',
  },
  {
    n: 5,
    op: 'power',
    mode: 'clip',
    wrap: true,
    duplicates: false,
    expected: 'NaN 0.037037034 -3.375 0.0140959155 1',
  },
  {
    n: 5,
    op: 'power',
    mode: 'clip',
    wrap: false,
    duplicates: true,
    expected: 'NaN 0.037037034 -3.375 5.5 1',
  },
  { n: 5, op: 'min', mode: 'fill', wrap: true, duplicates: false, expected: '-4 -3 -1.5 -2.5 1' },
  { n: 5, op: 'min', mode: 'fill', wrap: false, duplicates: false, expected: '-4 -3 -1.5 5.5 1' },
  { n: 5, op: 'min', mode: 'clip', wrap: true, duplicates: false, expected: '-5.5 -3 -1.5 -2.5 1' },
  { n: 5, op: 'min', mode: 'clip', wrap: false, duplicates: true, expected: '-5.5 -3 -1.5 5.5 1' },
  { n: 5, op: 'max', mode: 'fill', wrap: true, duplicates: false, expected: '-4 3 3 5.5 3' },
  { n: 5, op: 'max', mode: 'fill', wrap: false, duplicates: false, expected: '-4 3 3 5.5 1' },
  { n: 5, op: 'max', mode: 'clip', wrap: true, duplicates: false, expected: '-4 3 3 5.5 3' },
  { n: 5, op: 'max', mode: 'clip', wrap: false, duplicates: true, expected: '3 3 3 5.5 1' },
  {
    n: 10,
    op: 'set',
    mode: 'fill',
    wrap: true,
    duplicates: false,
    expected: '-4 -3 -1.5 -2.5 3 -3.5 3.5 3 -5.5 1.5',
  },
  {
    n: 10,
    op: 'set',
    mode: 'fill',
    wrap: false,
    duplicates: false,
    expected: '-4 -3 -1.5 5.5 1 -3.5 3.5 3 -5.5 1.5',
  },
  {
    n: 10,
    op: 'set',
    mode: 'clip',
    wrap: true,
    duplicates: false,
    expected: '-5.5 -3 -1.5 -2.5 3 -3.5 3.5 3 -5.5 1.5',
  },
  {
    n: 10,
    op: 'set',
    mode: 'clip',
    wrap: false,
    duplicates: true,
    expected: '-2.5 -3 -1.5 5.5 1 -3.5 3.5 3 -5.5 1.5',
  },
  {
    n: 10,
    op: 'add',
    mode: 'fill',
    wrap: true,
    duplicates: false,
    expected: '-4 0 -1.5 3 4 -3.5 3.5 2 -5.5 1.5',
  },
  {
    n: 10,
    op: 'add',
    mode: 'fill',
    wrap: false,
    duplicates: false,
    expected: '-4 0 -1.5 5.5 1 -3.5 3.5 2 -5.5 1.5',
  },
  {
    n: 10,
    op: 'add',
    mode: 'clip',
    wrap: true,
    duplicates: false,
    expected: '-9.5 0 -1.5 3 4 -3.5 3.5 2 -5.5 1.5',
  },
  {
    n: 10,
    op: 'add',
    mode: 'clip',
    wrap: false,
    duplicates: true,
    expected: '-9 0 -1.5 5.5 1 -3.5 3.5 2 -5.5 1.5',
  },
  {
    n: 10,
    op: 'subtract',
    mode: 'fill',
    wrap: true,
    duplicates: false,
    expected: '-4 6 -1.5 8 -2 -3.5 3.5 -4 -5.5 1.5',
  },
  {
    n: 10,
    op: 'subtract',
    mode: 'fill',
    wrap: false,
    duplicates: false,
    expected: '-4 6 -1.5 5.5 1 -3.5 3.5 -4 -5.5 1.5',
  },
  {
    n: 10,
    op: 'subtract',
    mode: 'clip',
    wrap: true,
    duplicates: false,
    expected: '1.5 6 -1.5 8 -2 -3.5 3.5 -4 -5.5 1.5',
  },
  {
    n: 10,
    op: 'subtract',
    mode: 'clip',
    wrap: false,
    duplicates: true,
    expected: '1 6 -1.5 5.5 1 -3.5 3.5 -4 -5.5 1.5',
  },
  {
    n: 10,
    op: 'multiply',
    mode: 'fill',
    wrap: true,
    duplicates: false,
    expected: '-4 -9 -1.5 -13.75 3 -3.5 3.5 -3 -5.5 1.5',
  },
  {
    n: 10,
    op: 'multiply',
    mode: 'fill',
    wrap: false,
    duplicates: false,
    expected: '-4 -9 -1.5 5.5 1 -3.5 3.5 -3 -5.5 1.5',
  },
  {
    n: 10,
    op: 'multiply',
    mode: 'clip',
    wrap: true,
    duplicates: false,
    expected: '22 -9 -1.5 -13.75 3 -3.5 3.5 -3 -5.5 1.5',
  },
  {
    n: 10,
    op: 'multiply',
    mode: 'clip',
    wrap: false,
    duplicates: true,
    expected: '-165 -9 -1.5 5.5 1 -3.5 3.5 -3 -5.5 1.5',
  },
  {
    n: 10,
    op: 'divide',
    mode: 'fill',
    wrap: true,
    duplicates: false,
    expected: '-4 -1 -1.5 -2.2 0.33333334 -3.5 3.5 -0.33333334 -5.5 1.5',
  },
  {
    n: 10,
    op: 'divide',
    mode: 'fill',
    wrap: false,
    duplicates: false,
    expected: '-4 -1 -1.5 5.5 1 -3.5 3.5 -0.33333334 -5.5 1.5',
  },
  {
    n: 10,
    op: 'divide',
    mode: 'clip',
    wrap: true,
    duplicates: false,
    expected: '0.72727275 -1 -1.5 -2.2 0.33333334 -3.5 3.5 -0.33333334 -5.5 1.5',
  },
  {
    n: 10,
    op: 'divide',
    mode: 'clip',
    wrap: false,
    duplicates: true,
    expected: '-0.0969697 -1 -1.5 5.5 1 -3.5 3.5 -0.33333334 -5.5 1.5',
  },
  {
    n: 10,
    op: 'power',
    mode: 'fill',
    wrap: true,
    duplicates: false,
    expected: '-4 0.037037034 -1.5 0.0140959155 1 -3.5 3.5 -1 -5.5 1.5',
  },
  {
    n: 10,
    op: 'power',
    mode: 'fill',
    wrap: false,
    duplicates: false,
    expected: '-4 0.037037034 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5',
  },
  {
    n: 10,
    op: 'power',
    mode: 'clip',
    wrap: true,
    duplicates: false,
    expected: 'NaN 0.037037034 -1.5 0.0140959155 1 -3.5 3.5 -1 -5.5 1.5',
  },
  {
    n: 10,
    op: 'power',
    mode: 'clip',
    wrap: false,
    duplicates: true,
    expected: 'NaN 0.037037034 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5',
  },
  {
    n: 10,
    op: 'min',
    mode: 'fill',
    wrap: true,
    duplicates: false,
    expected: '-4 -3 -1.5 -2.5 1 -3.5 3.5 -1 -5.5 1.5',
  },
  {
    n: 10,
    op: 'min',
    mode: 'fill',
    wrap: false,
    duplicates: false,
    expected: '-4 -3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5',
  },
  {
    n: 10,
    op: 'min',
    mode: 'clip',
    wrap: true,
    duplicates: false,
    expected: '-5.5 -3 -1.5 -2.5 1 -3.5 3.5 -1 -5.5 1.5',
  },
  {
    n: 10,
    op: 'min',
    mode: 'clip',
    wrap: false,
    duplicates: true,
    expected: '-5.5 -3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5',
  },
  {
    n: 10,
    op: 'max',
    mode: 'fill',
    wrap: true,
    duplicates: false,
    expected: '-4 3 -1.5 5.5 3 -3.5 3.5 3 -5.5 1.5',
  },
  {
    n: 10,
    op: 'max',
    mode: 'fill',
    wrap: false,
    duplicates: false,
    expected: '-4 3 -1.5 5.5 1 -3.5 3.5 3 -5.5 1.5',
  },
  {
    n: 10,
    op: 'max',
    mode: 'clip',
    wrap: true,
    duplicates: false,
    expected: '-4 3 -1.5 5.5 3 -3.5 3.5 3 -5.5 1.5',
  },
  {
    n: 10,
    op: 'max',
    mode: 'clip',
    wrap: false,
    duplicates: true,
    expected: '3 3 -1.5 5.5 1 -3.5 3.5 3 -5.5 1.5',
  },
];
const APPLY_INDEX: string = '3 -1 7 3 -10 0 9 -4 3 5';
const APPLY: readonly { fn: string; expected: string }[] = [
  { fn: 'negative', expected: '-4 3 -1.5 -5.5 1 3.5 -3.5 1 -5.5 1.5' },
  { fn: 'sin', expected: '0.68660027 3 -1.5 -0.60394794 1 0.35078323 -0.35078323 -0.841471 -5.5 0.8401149' },
  { fn: 'cos', expected: '0.7938734 3 -1.5 0.7253674 1 -0.9364567 -0.9364567 0.5403023 -5.5 0.99749917' },
  { fn: 'square', expected: '256 3 -1.5 837339.4 1 12.25 12.25 1 -5.5 5.0625' },
  { fn: 'sqrt', expected: 'NaN 3 -1.5 1.2375003 1 NaN 1.8708287 NaN -5.5 1.106682' },
  { fn: 'log', expected: 'NaN 3 -1.5 -0.62845105 1 NaN 1.252763 NaN -5.5 -0.90272045' },
  { fn: 'exp', expected: '1.0184844 3 -1.5 Infinity 1 0.030197384 33.11545 0.36787942 -5.5 88.38383' },
];
const TAKES: readonly TakeCase[] = [
  {
    shape: [3],
    dtype: 'int32',
    axis: -1,
    index: { a: '-2', shape: [], dtype: 'int8' },
    mode: null,
    outShape: [],
    expected: '6',
  },
  {
    shape: [3],
    dtype: 'uint16',
    axis: -1,
    index: { a: '-3 4 1', shape: [3], dtype: 'int16' },
    mode: 'wrap',
    outShape: [3],
    expected: '3 17 17',
  },
  {
    shape: [3],
    dtype: 'bool',
    axis: -1,
    index: { a: '-2 -5 2 -1 -4 3', shape: [2, 1, 3], dtype: 'int32' },
    mode: 'clip',
    outShape: [2, 1, 3],
    expected: '1 1 0 1 1 0',
  },
  {
    shape: [3],
    dtype: 'float32',
    axis: 0,
    index: { a: '1', shape: [], dtype: 'int64' },
    mode: null,
    outShape: [],
    expected: '3',
  },
  {
    shape: [3],
    dtype: 'int32',
    axis: 0,
    index: { a: '0 -3 4', shape: [3], dtype: 'int8' },
    mode: 'wrap',
    outShape: [3],
    expected: '-8 -8 6',
  },
  {
    shape: [3],
    dtype: 'uint16',
    axis: 0,
    index: { a: '1 -2 -5 2 -1 -4', shape: [2, 1, 3], dtype: 'int16' },
    mode: 'clip',
    outShape: [2, 1, 3],
    expected: '17 3 3 8 3 3',
  },
  {
    shape: [3],
    dtype: 'bool',
    axis: null,
    index: { a: '-2', shape: [], dtype: 'int32' },
    mode: null,
    outShape: [],
    expected: '1',
  },
  {
    shape: [3],
    dtype: 'float32',
    axis: null,
    index: { a: '3 0 -3', shape: [3], dtype: 'int64' },
    mode: 'wrap',
    outShape: [3],
    expected: '-4 -4 -4',
  },
  {
    shape: [3],
    dtype: 'int32',
    axis: null,
    index: { a: '4 1 -2 -5 2 -1', shape: [2, 1, 3], dtype: 'int8' },
    mode: 'clip',
    outShape: [2, 1, 3],
    expected: '-3 6 -8 -8 -3 -8',
  },
  {
    shape: [3, 4],
    dtype: 'uint16',
    axis: -2,
    index: { a: '1', shape: [], dtype: 'int16' },
    mode: null,
    outShape: [4],
    expected: '13 4 18 9',
  },
  {
    shape: [3, 4],
    dtype: 'bool',
    axis: -2,
    index: { a: '-4 3 0', shape: [3], dtype: 'int32' },
    mode: 'wrap',
    outShape: [3, 4],
    expected: '0 0 1 1 1 1 0 0 1 1 0 0',
  },
  {
    shape: [3, 4],
    dtype: 'float32',
    axis: -2,
    index: { a: '-3 4 1 -2 -5 2', shape: [2, 1, 3], dtype: 'int64' },
    mode: 'clip',
    outShape: [2, 1, 3, 4],
    expected: '-4 3 -1.5 5.5 -5.5 1.5 -3 4 1 -3.5 3.5 -1 -4 3 -1.5 5.5 -4 3 -1.5 5.5 -5.5 1.5 -3 4',
  },
  {
    shape: [3, 4],
    dtype: 'int32',
    axis: -1,
    index: { a: '1', shape: [], dtype: 'int8' },
    mode: null,
    outShape: [3],
    expected: '6 -7 3',
  },
  {
    shape: [3, 4],
    dtype: 'uint16',
    axis: -1,
    index: { a: '-1 -4 3', shape: [3], dtype: 'int16' },
    mode: 'wrap',
    outShape: [3, 3],
    expected: '22 3 22 9 13 9 19 0 19',
  },
  {
    shape: [3, 4],
    dtype: 'bool',
    axis: -1,
    index: { a: '0 -3 4 1 -2 -5', shape: [2, 1, 3], dtype: 'int32' },
    mode: 'clip',
    outShape: [3, 2, 1, 3],
    expected: '1 1 0 1 1 1 1 1 1 0 1 1 0 0 1 0 0 0',
  },
  {
    shape: [3, 4],
    dtype: 'float32',
    axis: 0,
    index: { a: '1', shape: [], dtype: 'int64' },
    mode: null,
    outShape: [4],
    expected: '1 -3.5 3.5 -1',
  },
  {
    shape: [3, 4],
    dtype: 'int32',
    axis: 0,
    index: { a: '2 -1 -4', shape: [3], dtype: 'int8' },
    mode: 'wrap',
    outShape: [3, 4],
    expected: '-11 3 -6 8 -11 3 -6 8 -11 3 -6 8',
  },
  {
    shape: [3, 4],
    dtype: 'uint16',
    axis: 0,
    index: { a: '3 0 -3 4 1 -2', shape: [2, 1, 3], dtype: 'int16' },
    mode: 'clip',
    outShape: [2, 1, 3, 4],
    expected: '0 14 5 19 3 17 8 22 3 17 8 22 0 14 5 19 13 4 18 9 3 17 8 22',
  },
  {
    shape: [3, 4],
    dtype: 'bool',
    axis: 1,
    index: { a: '-1', shape: [], dtype: 'int32' },
    mode: null,
    outShape: [3],
    expected: '0 1 1',
  },
  {
    shape: [3, 4],
    dtype: 'float32',
    axis: 1,
    index: { a: '-5 2 -1', shape: [3], dtype: 'int64' },
    mode: 'wrap',
    outShape: [3, 3],
    expected: '5.5 -1.5 5.5 -1 3.5 -1 4 -3 4',
  },
  {
    shape: [3, 4],
    dtype: 'int32',
    axis: 1,
    index: { a: '-4 3 0 -3 4 1', shape: [2, 1, 3], dtype: 'int8' },
    mode: 'clip',
    outShape: [3, 2, 1, 3],
    expected: '-8 11 -8 -8 11 6 2 -2 2 2 -2 -7 -11 8 -11 -11 8 3',
  },
  {
    shape: [3, 4],
    dtype: 'uint16',
    axis: null,
    index: { a: '1', shape: [], dtype: 'int16' },
    mode: null,
    outShape: [],
    expected: '17',
  },
  {
    shape: [3, 4],
    dtype: 'bool',
    axis: null,
    index: { a: '-2 -5 2', shape: [3], dtype: 'int32' },
    mode: 'wrap',
    outShape: [3],
    expected: '1 1 0',
  },
  {
    shape: [3, 4],
    dtype: 'float32',
    axis: null,
    index: { a: '-1 -4 3 0 -3 4', shape: [2, 1, 3], dtype: 'int64' },
    mode: 'clip',
    outShape: [2, 1, 3],
    expected: '-4 -4 5.5 -4 -4 1',
  },
  {
    shape: [3, 4, 5],
    dtype: 'int32',
    axis: -3,
    index: { a: '-2', shape: [], dtype: 'int8' },
    mode: null,
    outShape: [4, 5],
    expected: '-4 10 1 -8 6 -3 11 2 -7 7 -2 -11 3 -6 8 -1 -10 4 -5 9',
  },
  {
    shape: [3, 4, 5],
    dtype: 'uint16',
    axis: -3,
    index: { a: '1 -2 -5', shape: [3], dtype: 'int16' },
    mode: 'wrap',
    outShape: [3, 4, 5],
    expected:
      '7 21 12 3 17 8 22 13 4 18 9 0 14 5 19 10 1 15 6 20 7 21 12 3 17 8 22 13 4 18 9 0 14 5 19 10 1 15 6 20 7 21 12 3 17 8 22 13 4 18 9 0 14 5 19 10 1 15 6 20',
  },
  {
    shape: [3, 4, 5],
    dtype: 'bool',
    axis: -3,
    index: { a: '2 -1 -4 3 0 -3', shape: [2, 1, 3], dtype: 'int32' },
    mode: 'clip',
    outShape: [2, 1, 3, 4, 5],
    expected:
      '1 0 0 1 1 0 1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 0 0 1 0 0',
  },
  {
    shape: [3, 4, 5],
    dtype: 'float32',
    axis: -2,
    index: { a: '0', shape: [], dtype: 'int64' },
    mode: null,
    outShape: [3, 5],
    expected: '-4 3 -1.5 5.5 1 -2 5 0.5 -4 3 0 -4.5 2.5 -2 5',
  },
  {
    shape: [3, 4, 5],
    dtype: 'int32',
    axis: -2,
    index: { a: '4 1 -2', shape: [3], dtype: 'int8' },
    mode: 'wrap',
    outShape: [3, 3, 5],
    expected:
      '-8 6 -3 11 2 -7 7 -2 -11 3 -6 8 -1 -10 4 -4 10 1 -8 6 -3 11 2 -7 7 -2 -11 3 -6 8 0 -9 5 -4 10 1 -8 6 -3 11 2 -7 7 -2 -11',
  },
  {
    shape: [3, 4, 5],
    dtype: 'uint16',
    axis: -2,
    index: { a: '-5 2 -1 -4 3 0', shape: [2, 1, 3], dtype: 'int16' },
    mode: 'clip',
    outShape: [3, 2, 1, 3, 5],
    expected:
      '3 17 8 22 13 5 19 10 1 15 3 17 8 22 13 3 17 8 22 13 6 20 11 2 16 3 17 8 22 13 7 21 12 3 17 9 0 14 5 19 7 21 12 3 17 7 21 12 3 17 10 1 15 6 20 7 21 12 3 17 11 2 16 7 21 13 4 18 9 0 11 2 16 7 21 11 2 16 7 21 14 5 19 10 1 11 2 16 7 21',
  },
  {
    shape: [3, 4, 5],
    dtype: 'bool',
    axis: -1,
    index: { a: '-4', shape: [], dtype: 'int32' },
    mode: null,
    outShape: [3, 4],
    expected: '1 0 1 0 1 0 0 1 0 1 0 1',
  },
  {
    shape: [3, 4, 5],
    dtype: 'float32',
    axis: -1,
    index: { a: '-3 4 1', shape: [3], dtype: 'int64' },
    mode: 'wrap',
    outShape: [3, 4, 3],
    expected:
      '-1.5 1 3 -1 1.5 3.5 -0.5 2 4 0 2.5 4.5 0.5 3 5 1 3.5 5.5 1.5 4 -5.5 2 4.5 -5 2.5 5 -4.5 3 5.5 -4 3.5 -5.5 -3.5 4 -5 -3',
  },
  {
    shape: [3, 4, 5],
    dtype: 'int32',
    axis: -1,
    index: { a: '-2 -5 2 -1 -4 3', shape: [2, 1, 3], dtype: 'int8' },
    mode: 'clip',
    outShape: [3, 4, 2, 1, 3],
    expected:
      '-8 -8 -3 -8 -8 11 -7 -7 -2 -7 -7 -11 -6 -6 -1 -6 -6 -10 -5 -5 0 -5 -5 -9 -4 -4 1 -4 -4 -8 -3 -3 2 -3 -3 -7 -2 -2 3 -2 -2 -6 -1 -1 4 -1 -1 -5 0 0 5 0 0 -4 1 1 6 1 1 -3 2 2 7 2 2 -2 3 3 8 3 3 -1',
  },
  {
    shape: [3, 4, 5],
    dtype: 'uint16',
    axis: 0,
    index: { a: '1', shape: [], dtype: 'int16' },
    mode: null,
    outShape: [4, 5],
    expected: '7 21 12 3 17 8 22 13 4 18 9 0 14 5 19 10 1 15 6 20',
  },
  {
    shape: [3, 4, 5],
    dtype: 'bool',
    axis: 0,
    index: { a: '0 -3 4', shape: [3], dtype: 'int32' },
    mode: 'wrap',
    outShape: [3, 4, 5],
    expected:
      '1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 0 0 1 0 0 1 1 0 1 1 0 0 1 0 0 1 0 0 1 1 0 1 1 0 0',
  },
  {
    shape: [3, 4, 5],
    dtype: 'float32',
    axis: 0,
    index: { a: '1 -2 -5 2 -1 -4', shape: [2, 1, 3], dtype: 'int64' },
    mode: 'clip',
    outShape: [2, 1, 3, 4, 5],
    expected:
      '-2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 0 -4.5 2.5 -2 5 0.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5 -4 3 -1.5 5.5 1 -3.5 3.5 -1 -5.5 1.5 -3 4 -0.5 -5 2 -2.5 4.5 0 -4.5 2.5',
  },
  {
    shape: [3, 4, 5],
    dtype: 'int32',
    axis: 1,
    index: { a: '1', shape: [], dtype: 'int8' },
    mode: null,
    outShape: [3, 5],
    expected: '-7 7 -2 -11 3 -3 11 2 -7 7 1 -8 6 -3 11',
  },
  {
    shape: [3, 4, 5],
    dtype: 'uint16',
    axis: 1,
    index: { a: '3 0 -3', shape: [3], dtype: 'int16' },
    mode: 'wrap',
    outShape: [3, 3, 5],
    expected:
      '6 20 11 2 16 3 17 8 22 13 4 18 9 0 14 10 1 15 6 20 7 21 12 3 17 8 22 13 4 18 14 5 19 10 1 11 2 16 7 21 12 3 17 8 22',
  },
  {
    shape: [3, 4, 5],
    dtype: 'bool',
    axis: 1,
    index: { a: '4 1 -2 -5 2 -1', shape: [2, 1, 3], dtype: 'int32' },
    mode: 'clip',
    outShape: [3, 2, 1, 3, 5],
    expected:
      '0 0 1 0 0 0 0 1 0 0 1 1 0 0 1 1 1 0 0 1 1 1 0 1 1 1 1 0 0 1 0 1 1 0 0 0 0 1 0 0 1 1 0 1 1 1 1 0 1 1 1 0 0 1 1 1 1 0 1 1 0 1 1 0 1 0 1 1 0 0 1 0 0 1 1 1 0 0 1 1 1 0 0 1 0 1 0 0 1 1',
  },
  {
    shape: [3, 4, 5],
    dtype: 'float32',
    axis: 2,
    index: { a: '-5', shape: [], dtype: 'int64' },
    mode: null,
    outShape: [3, 4],
    expected: '-4 -3.5 -3 -2.5 -2 -1.5 -1 -0.5 0 0.5 1 1.5',
  },
  {
    shape: [3, 4, 5],
    dtype: 'int32',
    axis: 2,
    index: { a: '-4 3 0', shape: [3], dtype: 'int8' },
    mode: 'wrap',
    outShape: [3, 4, 3],
    expected:
      '6 11 -8 7 -11 -7 8 -10 -6 9 -9 -5 10 -8 -4 11 -7 -3 -11 -6 -2 -10 -5 -1 -9 -4 0 -8 -3 1 -7 -2 2 -6 -1 3',
  },
  {
    shape: [3, 4, 5],
    dtype: 'uint16',
    axis: 2,
    index: { a: '-3 4 1 -2 -5 2', shape: [2, 1, 3], dtype: 'int16' },
    mode: 'clip',
    outShape: [3, 4, 2, 1, 3],
    expected:
      '3 13 17 3 3 8 4 14 18 4 4 9 5 15 19 5 5 10 6 16 20 6 6 11 7 17 21 7 7 12 8 18 22 8 8 13 9 19 0 9 9 14 10 20 1 10 10 15 11 21 2 11 11 16 12 22 3 12 12 17 13 0 4 13 13 18 14 1 5 14 14 19',
  },
  {
    shape: [3, 4, 5],
    dtype: 'bool',
    axis: null,
    index: { a: '-2', shape: [], dtype: 'int32' },
    mode: null,
    outShape: [],
    expected: '0',
  },
  {
    shape: [3, 4, 5],
    dtype: 'float32',
    axis: null,
    index: { a: '-1 -4 3', shape: [3], dtype: 'int64' },
    mode: 'wrap',
    outShape: [3],
    expected: '-5 -3 5.5',
  },
  {
    shape: [3, 4, 5],
    dtype: 'int32',
    axis: null,
    index: { a: '0 -3 4 1 -2 -5', shape: [2, 1, 3], dtype: 'int8' },
    mode: 'clip',
    outShape: [2, 1, 3],
    expected: '-8 -8 2 6 -8 -8',
  },
];
const TAKE_ALONG: readonly TakeAlongCase[] = [
  {
    shape: [4],
    dtype: 'int32',
    axis: 0,
    index: { a: '-3 2 -1 -4 1 -2 3 0 -3 2 -1 -4', shape: [12], dtype: 'int8' },
    outShape: [12],
    expected: '6 -3 11 -8 6 -3 11 -8 6 -3 11 -8',
  },
  {
    shape: [4],
    dtype: 'uint8',
    axis: -1,
    index: { a: '-2 3 0 -3 2 -1 -4 1 -2 3 0 -3', shape: [12], dtype: 'int16' },
    outShape: [12],
    expected: '8 22 3 17 8 22 3 17 8 22 3 17',
  },
  {
    shape: [4],
    dtype: 'float32',
    axis: null,
    index: { a: '-1 -4 1 -2', shape: [4], dtype: 'int32' },
    outShape: [4],
    expected: '5.5 -4 3 -1.5',
  },
  {
    shape: [3, 4],
    dtype: 'int32',
    axis: 0,
    index: {
      a: '1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2',
      shape: [9, 4],
      dtype: 'int64',
    },
    outShape: [9, 4],
    expected:
      '2 6 -6 -2 -8 3 7 11 -11 -7 -3 8 2 6 -6 -2 -8 3 7 11 -11 -7 -3 8 2 6 -6 -2 -8 3 7 11 -11 -7 -3 8',
  },
  {
    shape: [3, 4],
    dtype: 'uint8',
    axis: 1,
    index: {
      a: '1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0',
      shape: [3, 12],
      dtype: 'uint8',
    },
    outShape: [3, 12],
    expected: '17 8 22 3 17 8 22 3 17 8 22 3 4 18 9 13 4 18 9 13 4 18 9 13 14 5 19 0 14 5 19 0 14 5 19 0',
  },
  {
    shape: [3, 4],
    dtype: 'float32',
    axis: -1,
    index: {
      a: '2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 0 1',
      shape: [3, 12],
      dtype: 'uint32',
    },
    outShape: [3, 12],
    expected:
      '-1.5 5.5 -4 3 -1.5 5.5 -4 3 -1.5 5.5 -4 3 3.5 -1 1 -3.5 3.5 -1 1 -3.5 3.5 -1 1 -3.5 -3 4 -5.5 1.5 -3 4 -5.5 1.5 -3 4 -5.5 1.5',
  },
  {
    shape: [3, 4],
    dtype: 'int32',
    axis: null,
    index: { a: '-5 0 5 10 -9 -4 1 6 11 -8 -3 2', shape: [12], dtype: 'int8' },
    outShape: [12],
    expected: '-2 -8 -7 -6 11 -11 6 7 8 2 3 -3',
  },
  {
    shape: [3, 4],
    dtype: 'uint8',
    axis: 0,
    index: { a: '-1 -2 -3 2 1 0 -1 -2 -3', shape: [9, 1], dtype: 'int16' },
    outShape: [9, 4],
    expected: '0 14 5 19 13 4 18 9 3 17 8 22 0 14 5 19 13 4 18 9 3 17 8 22 0 14 5 19 13 4 18 9 3 17 8 22',
  },
  {
    shape: [3, 4],
    dtype: 'float32',
    axis: 1,
    index: { a: '-3 2 -1 -4 1 -2 3 0 -3', shape: [3, 3], dtype: 'int32' },
    outShape: [3, 3],
    expected: '3 -1.5 5.5 1 -3.5 3.5 4 -5.5 1.5',
  },
  {
    shape: [3, 4],
    dtype: 'int32',
    axis: -1,
    index: { a: '-2 3 0 -3 2 -1 -4 1 -2', shape: [3, 3], dtype: 'int64' },
    outShape: [3, 3],
    expected: '-3 11 -8 -7 7 -2 -11 3 -6',
  },
  {
    shape: [3, 4],
    dtype: 'uint8',
    axis: null,
    index: { a: '11 4 9', shape: [3], dtype: 'uint8' },
    outShape: [3],
    expected: '19 13 14',
  },
  {
    shape: [3, 4],
    dtype: 'float32',
    axis: 0,
    index: { a: '0 2 1 0 2 1 0 2 1 0 2 1', shape: [3, 4], dtype: 'uint32' },
    outShape: [3, 4],
    expected: '-4 1.5 3.5 5.5 -5.5 -3.5 -1.5 4 1 3 -3 -1',
  },
  {
    shape: [3, 4],
    dtype: 'int32',
    axis: 1,
    index: { a: '1 -2 3 0 -3 2 -1 -4 1 -2 3 0', shape: [1, 12], dtype: 'int8' },
    outShape: [3, 12],
    expected:
      '6 -3 11 -8 6 -3 11 -8 6 -3 11 -8 -7 7 -2 2 -7 7 -2 2 -7 7 -2 2 3 -6 8 -11 3 -6 8 -11 3 -6 8 -11',
  },
  {
    shape: [3, 4],
    dtype: 'uint8',
    axis: -1,
    index: { a: '2 -1 -4 1 -2 3 0 -3 2 -1 -4 1', shape: [1, 12], dtype: 'int16' },
    outShape: [3, 12],
    expected: '8 22 3 17 8 22 3 17 8 22 3 17 18 9 13 4 18 9 13 4 18 9 13 4 5 19 0 14 5 19 0 14 5 19 0 14',
  },
  {
    shape: [3, 4],
    dtype: 'float32',
    axis: null,
    index: { a: '3 8 -11 -6', shape: [4], dtype: 'int32' },
    outShape: [4],
    expected: '5.5 -5.5 3 3.5',
  },
  {
    shape: [3, 1],
    dtype: 'int32',
    axis: 0,
    index: { a: '1 0 -1 -2 -3 2 1 0 -1', shape: [9, 1], dtype: 'int64' },
    outShape: [9, 1],
    expected: '6 -8 -3 6 -8 -3 6 -8 -3',
  },
  {
    shape: [3, 1],
    dtype: 'uint8',
    axis: 1,
    index: { a: '0 0 0 0 0 0 0 0 0', shape: [3, 3], dtype: 'uint8' },
    outShape: [3, 3],
    expected: '3 3 3 17 17 17 8 8 8',
  },
  {
    shape: [3, 1],
    dtype: 'float32',
    axis: -1,
    index: { a: '0 0 0 0 0 0 0 0 0', shape: [3, 3], dtype: 'uint32' },
    outShape: [3, 3],
    expected: '-4 -4 -4 3 3 3 -1.5 -1.5 -1.5',
  },
  {
    shape: [3, 1],
    dtype: 'int32',
    axis: null,
    index: { a: '-2 -3 2', shape: [3], dtype: 'int8' },
    outShape: [3],
    expected: '6 -8 -3',
  },
  {
    shape: [3, 1],
    dtype: 'uint8',
    axis: 0,
    index: { a: '-1 -2 -3 2 1 0 -1 -2 -3 2 1 0', shape: [3, 4], dtype: 'int16' },
    outShape: [3, 4],
    expected: '8 17 3 8 17 3 8 17 3 8 17 3',
  },
  {
    shape: [3, 1],
    dtype: 'float32',
    axis: 1,
    index: { a: '0 -1 0 -1 0 -1 0 -1 0 -1 0 -1', shape: [1, 12], dtype: 'int32' },
    outShape: [3, 12],
    expected:
      '-4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 3 3 3 3 3 3 3 3 3 3 3 3 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5 -1.5',
  },
  {
    shape: [3, 1],
    dtype: 'int32',
    axis: -1,
    index: { a: '-1 0 -1 0 -1 0 -1 0 -1 0 -1 0', shape: [1, 12], dtype: 'int64' },
    outShape: [3, 12],
    expected:
      '-8 -8 -8 -8 -8 -8 -8 -8 -8 -8 -8 -8 6 6 6 6 6 6 6 6 6 6 6 6 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3',
  },
  {
    shape: [3, 1],
    dtype: 'uint8',
    axis: null,
    index: { a: '2 1 0 2', shape: [4], dtype: 'uint8' },
    outShape: [4],
    expected: '8 17 3 8',
  },
  {
    shape: [1, 4],
    dtype: 'float32',
    axis: 0,
    index: { a: '0 0 0 0 0 0 0 0 0 0 0 0', shape: [3, 4], dtype: 'uint32' },
    outShape: [3, 4],
    expected: '-4 3 -1.5 5.5 -4 3 -1.5 5.5 -4 3 -1.5 5.5',
  },
  {
    shape: [1, 4],
    dtype: 'int32',
    axis: 1,
    index: { a: '-3 2 -1 -4 1 -2 3 0 -3 2 -1 -4', shape: [1, 12], dtype: 'int8' },
    outShape: [1, 12],
    expected: '6 -3 11 -8 6 -3 11 -8 6 -3 11 -8',
  },
  {
    shape: [1, 4],
    dtype: 'uint8',
    axis: -1,
    index: { a: '-2 3 0 -3 2 -1 -4 1 -2 3 0 -3', shape: [1, 12], dtype: 'int16' },
    outShape: [1, 12],
    expected: '8 22 3 17 8 22 3 17 8 22 3 17',
  },
  {
    shape: [1, 4],
    dtype: 'float32',
    axis: null,
    index: { a: '-1 -4 1 -2', shape: [4], dtype: 'int32' },
    outShape: [4],
    expected: '5.5 -4 3 -1.5',
  },
  {
    shape: [2, 1, 3],
    dtype: 'int32',
    axis: 0,
    index: { a: '-2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1', shape: [6, 1, 3], dtype: 'int64' },
    outShape: [6, 1, 3],
    expected: '-8 2 -3 11 6 -7 -8 2 -3 11 6 -7 -8 2 -3 11 6 -7',
  },
  {
    shape: [2, 1, 3],
    dtype: 'uint8',
    axis: 1,
    index: { a: '0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0', shape: [2, 3, 3], dtype: 'uint8' },
    outShape: [2, 3, 3],
    expected: '3 17 8 3 17 8 3 17 8 22 13 4 22 13 4 22 13 4',
  },
  {
    shape: [2, 1, 3],
    dtype: 'float32',
    axis: 2,
    index: { a: '0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1', shape: [2, 1, 9], dtype: 'uint32' },
    outShape: [2, 1, 9],
    expected: '-4 -1.5 3 -4 -1.5 3 -4 -1.5 3 5.5 -3.5 1 5.5 -3.5 1 5.5 -3.5 1',
  },
  {
    shape: [2, 1, 3],
    dtype: 'int32',
    axis: -1,
    index: { a: '-2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1', shape: [2, 1, 9], dtype: 'int8' },
    outShape: [2, 1, 9],
    expected: '6 -8 -3 6 -8 -3 6 -8 -3 2 11 -7 2 11 -7 2 11 -7',
  },
  {
    shape: [2, 1, 3],
    dtype: 'uint8',
    axis: null,
    index: { a: '2 -5 0 5 -2 3', shape: [6], dtype: 'int16' },
    outShape: [6],
    expected: '8 17 3 4 13 22',
  },
  {
    shape: [2, 1, 3],
    dtype: 'float32',
    axis: 0,
    index: {
      a: '-1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0',
      shape: [6, 3, 3],
      dtype: 'int32',
    },
    outShape: [6, 3, 3],
    expected:
      '5.5 3 -3.5 -4 1 -1.5 5.5 3 -3.5 -4 1 -1.5 5.5 3 -3.5 -4 1 -1.5 5.5 3 -3.5 -4 1 -1.5 5.5 3 -3.5 -4 1 -1.5 5.5 3 -3.5 -4 1 -1.5 5.5 3 -3.5 -4 1 -1.5 5.5 3 -3.5 -4 1 -1.5 5.5 3 -3.5 -4 1 -1.5',
  },
  {
    shape: [2, 1, 3],
    dtype: 'int32',
    axis: 1,
    index: {
      a: '-1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0 -1 0',
      shape: [2, 9, 3],
      dtype: 'int64',
    },
    outShape: [2, 9, 3],
    expected:
      '-8 6 -3 -8 6 -3 -8 6 -3 -8 6 -3 -8 6 -3 -8 6 -3 -8 6 -3 -8 6 -3 -8 6 -3 11 2 -7 11 2 -7 11 2 -7 11 2 -7 11 2 -7 11 2 -7 11 2 -7 11 2 -7 11 2 -7',
  },
  {
    shape: [2, 1, 3],
    dtype: 'uint8',
    axis: 2,
    index: {
      a: '2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0',
      shape: [2, 3, 9],
      dtype: 'uint8',
    },
    outShape: [2, 3, 9],
    expected:
      '8 17 3 8 17 3 8 17 3 8 17 3 8 17 3 8 17 3 8 17 3 8 17 3 8 17 3 4 13 22 4 13 22 4 13 22 4 13 22 4 13 22 4 13 22 4 13 22 4 13 22 4 13 22',
  },
  {
    shape: [2, 1, 3],
    dtype: 'float32',
    axis: -1,
    index: {
      a: '0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1',
      shape: [2, 3, 9],
      dtype: 'uint32',
    },
    outShape: [2, 3, 9],
    expected:
      '-4 -1.5 3 -4 -1.5 3 -4 -1.5 3 -4 -1.5 3 -4 -1.5 3 -4 -1.5 3 -4 -1.5 3 -4 -1.5 3 -4 -1.5 3 5.5 -3.5 1 5.5 -3.5 1 5.5 -3.5 1 5.5 -3.5 1 5.5 -3.5 1 5.5 -3.5 1 5.5 -3.5 1 5.5 -3.5 1 5.5 -3.5 1',
  },
  {
    shape: [2, 1, 3],
    dtype: 'int32',
    axis: null,
    index: { a: '-5 0 5 -2 3 -4 1 -6 -1 4 -3 2 -5 0 5 -2 3 -4', shape: [18], dtype: 'int8' },
    outShape: [18],
    expected: '6 -8 -7 2 11 -3 6 -8 -7 2 11 -3 6 -8 -7 2 11 -3',
  },
  {
    shape: [2, 3, 3],
    dtype: 'uint8',
    axis: 0,
    index: {
      a: '0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1 -2 -1 0 1',
      shape: [6, 3, 3],
      dtype: 'int16',
    },
    outShape: [6, 3, 3],
    expected:
      '3 5 8 10 13 15 18 20 0 14 17 19 22 1 4 6 9 11 3 5 8 10 13 15 18 20 0 14 17 19 22 1 4 6 9 11 3 5 8 10 13 15 18 20 0 14 17 19 22 1 4 6 9 11',
  },
  {
    shape: [2, 3, 3],
    dtype: 'float32',
    axis: 1,
    index: {
      a: '0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1',
      shape: [2, 9, 3],
      dtype: 'int32',
    },
    outShape: [2, 9, 3],
    expected:
      '-4 -1 -3.5 -4 -1 -3.5 -4 -1 -3.5 -4 -1 -3.5 -4 -1 -3.5 -4 -1 -3.5 -4 -1 -3.5 -4 -1 -3.5 -4 -1 -3.5 1.5 4.5 2 1.5 4.5 2 1.5 4.5 2 1.5 4.5 2 1.5 4.5 2 1.5 4.5 2 1.5 4.5 2 1.5 4.5 2 1.5 4.5 2',
  },
  {
    shape: [2, 3, 3],
    dtype: 'int32',
    axis: 2,
    index: {
      a: '1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2 1 0 -1 -2 -3 2',
      shape: [2, 3, 9],
      dtype: 'int64',
    },
    outShape: [2, 3, 9],
    expected:
      '6 -8 -3 6 -8 -3 6 -8 -3 2 11 -7 2 11 -7 2 11 -7 -2 7 -11 -2 7 -11 -2 7 -11 -6 3 8 -6 3 8 -6 3 8 -10 -1 4 -10 -1 4 -10 -1 4 9 -5 0 9 -5 0 9 -5 0',
  },
  {
    shape: [2, 3, 3],
    dtype: 'uint8',
    axis: -1,
    index: {
      a: '2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0 2 1 0',
      shape: [2, 3, 9],
      dtype: 'uint8',
    },
    outShape: [2, 3, 9],
    expected:
      '8 17 3 8 17 3 8 17 3 4 13 22 4 13 22 4 13 22 0 9 18 0 9 18 0 9 18 19 5 14 19 5 14 19 5 14 15 1 10 15 1 10 15 1 10 11 20 6 11 20 6 11 20 6',
  },
  {
    shape: [2, 3, 3],
    dtype: 'float32',
    axis: null,
    index: { a: '6 11 16 3 8 13 0 5 10 15 2 7 12 17 4 9 14 1', shape: [18], dtype: 'uint32' },
    outShape: [18],
    expected: '3.5 4 4.5 5.5 -5.5 -5 -4 -3.5 -3 -2.5 -1.5 -1 -0.5 0 1 1.5 2 3',
  },
];
const SINGLETON: { index: Arr; outShape: number[]; expected: string } = {
  index: {
    a: '1 4 0 3 6 2 5 1 4 0 3 6 2 5 1 4 0 3 6 2 5 1 4 0 3 6 2 5 1 4 0 3 6 2 5 1 4 0 3 6 2 5 1 4 0 3 6 2 5 1 4 0 3 6 2 5 1 4 0 3 6 2 5 1 4 0 3 6 2 5 1 4 0 3 6 2 5 1 4 0 3 6 2 5 1 4 0 3 6 2',
    shape: [2, 3, 3, 5, 1],
    dtype: 'uint8',
  },
  outShape: [2, 3, 3, 5, 4],
  expected:
    '1 -3.5 3.5 -1 4.5 0 -4.5 2.5 -4 3 -1.5 5.5 -0.5 -5 2 -2.5 3 -1.5 5.5 1 -5 2 -2.5 4.5 -1.5 5.5 1 -3.5 1.5 -3 4 -0.5 5 0.5 -4 3 -3.5 3.5 -1 -5.5 0.5 -4 3 -1.5 4 -0.5 -5 2 -4.5 2.5 -2 5 -1 -5.5 1.5 -3 2 -2.5 4.5 0 4.5 0 -4.5 2.5 -4 3 -1.5 5.5 -0.5 -5 2 -2.5 3 -1.5 5.5 1 -5.5 1.5 -3 4 -1.5 5.5 1 -3.5 1.5 -3 4 -0.5 5 0.5 -4 3 -3.5 3.5 -1 -5.5 0 -4.5 2.5 -2 4 -0.5 -5 2 -4.5 2.5 -2 5 -1 -5.5 1.5 -3 2 -2.5 4.5 0 5.5 1 -3.5 3.5 -4 3 -1.5 5.5 -0.5 -5 2 -2.5 3 -1.5 5.5 1 -5.5 1.5 -3 4 -2 5 0.5 -4 1.5 -3 4 -0.5 5 0.5 -4 3 -3.5 3.5 -1 -5.5 0 -4.5 2.5 -2 3.5 -1 -5.5 1.5 -4.5 2.5 -2 5 -1 -5.5 1.5 -3 2 -2.5 4.5 0 5.5 1 -3.5 3.5 -3 4 -0.5 -5 1 -3.5 3.5 -1 4.5 0 -4.5 2.5 -4 3 -1.5 5.5 -0.5 -5 2 -2.5 2.5 -2 5 0.5 -5 2 -2.5 4.5 -2 5 0.5 -4 1.5 -3 4 -0.5 5 0.5 -4 3 -3.5 3.5 -1 -5.5 0.5 -4 3 -1.5 3.5 -1 -5.5 1.5 -4.5 2.5 -2 5 -1.5 5.5 1 -3.5 2 -2.5 4.5 0 4.5 0 -4.5 2.5 -4 3 -1.5 5.5 -0.5 -5 2 -2.5 2.5 -2 5 0.5 -5.5 1.5 -3 4 -2 5 0.5 -4 1.5 -3 4 -0.5 5 0.5 -4 3 -3.5 3.5 -1 -5.5 0 -4.5 2.5 -2 3.5 -1 -5.5 1.5 -4.5 2.5 -2 5 -1.5 5.5 1 -3.5 2 -2.5 4.5 0 5.5 1 -3.5 3.5 -4 3 -1.5 5.5 -0.5 -5 2 -2.5 2.5 -2 5 0.5 -5.5 1.5 -3 4 -2.5 4.5 0 -4.5 1.5 -3 4 -0.5 5 0.5 -4 3 -3.5 3.5 -1 -5.5 0 -4.5 2.5 -2 3 -1.5 5.5 1 -4.5 2.5 -2 5 -1.5 5.5 1 -3.5 2 -2.5 4.5 0 5.5 1 -3.5 3.5 -3 4 -0.5 -5',
};
const INT8_ALONG: { index: Arr; expected: string } = {
  index: { a: '-100 -63 -26 11 48 85', shape: [3, 2, 1], dtype: 'int8' },
  expected: '-4 0.5 5 -0.5 4 -3',
};
