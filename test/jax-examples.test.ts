/**
 * JAX frontend: the numeric examples of the JAX docs, verbatim (JAX is not installable here, so
 * the docs are the goldens), the StableHLO batching-dims RFC example expressed through
 * jax.lax (its index vector is the last dim, so JAX can state it), JAX's documented policies
 * (modes, defaults, negative indices), and one named negative test per rule.
 */
import { describe, expect, it } from 'vitest';
import { arange, jax, tensor, zeros } from '../src/index.js';
import {
  SPEC_GATHER_RESULT,
  SPEC_OPERAND_VALUES,
  SPEC_SCATTER_RESULT,
  SPEC_START_INDICES,
} from './helpers/spec-example.js';
import { codeOf } from './helpers/errors.js';

const { lax, jnp } = jax;

const f32 = (v: unknown) => tensor(v as number[], 'float32');
const i32 = (v: unknown) => tensor(v as number[], 'int32');

describe('jax.lax.gather docs example (seed 004)', () => {
  const x = i32([10, 11, 12]);
  const indices = i32([0, 1, 1, 2, 2, 2]);
  it('x[indices]', () => {
    const r = jax.at(x, indices).get();
    expect(r.dtype).toBe('int32');
    expect(r.toArray()).toEqual([10, 11, 11, 12, 12, 12]);
  });
  it('x.at[indices].get(indices_are_sorted=True, mode="promise_in_bounds")', () => {
    expect(jax.at(x, indices).get({ indices_are_sorted: true, mode: 'promise_in_bounds' }).toArray()).toEqual(
      [10, 11, 11, 12, 12, 12],
    );
  });
  it('lax.gather(x, indices[:, None], ...)', () => {
    const r = lax.gather(
      x,
      indices.reshape([6, 1]),
      lax.GatherDimensionNumbers({ offset_dims: [], collapsed_slice_dims: [0], start_index_map: [0] }),
      [1],
      { indices_are_sorted: true, mode: lax.GatherScatterMode.PROMISE_IN_BOUNDS },
    );
    expect(r.toArray()).toEqual([10, 11, 11, 12, 12, 12]);
  });
});

describe('jax.lax.scatter docs example', () => {
  const x = zeros([5], 'float32');
  const indices = i32([1, 2, 4]);
  const values = f32([2.0, 3.0, 4.0]);
  const expected = [0, 2, 3, 0, 4];
  it('x.at[indices].set(values)', () => {
    expect(jax.at(x, indices).set(values).toArray()).toEqual(expected);
  });
  it('x.at[indices].set(values, indices_are_sorted=True, mode="promise_in_bounds")', () => {
    expect(
      jax.at(x, indices).set(values, { indices_are_sorted: true, mode: 'promise_in_bounds' }).toArray(),
    ).toEqual(expected);
  });
  it('lax.scatter(x, indices[:, None], values, ...)', () => {
    const r = lax.scatter(
      x,
      indices.reshape([3, 1]),
      values,
      lax.ScatterDimensionNumbers({
        update_window_dims: [],
        inserted_window_dims: [0],
        scatter_dims_to_operand_dims: [0],
      }),
      { indices_are_sorted: true, mode: lax.GatherScatterMode.PROMISE_IN_BOUNDS },
    );
    expect(r.toArray()).toEqual(expected);
    expect(x.toArray()).toEqual([0, 0, 0, 0, 0]); // functional: the operand is untouched
  });
});

describe('jax.numpy.take docs examples', () => {
  const x = f32([
    [1, 2, 3],
    [4, 5, 6],
  ]);
  const indices = i32([2, 0]);
  it('jnp.take(x, indices) and x.ravel()[indices]', () => {
    expect(jnp.take(x, indices).toArray()).toEqual([3, 1]);
    expect(
      jax
        .at(x.reshape([6]), indices)
        .get()
        .toArray(),
    ).toEqual([3, 1]);
  });
  it('jnp.take(x, indices, axis=1)', () => {
    expect(jnp.take(x, indices, { axis: 1 }).toArray()).toEqual([
      [3, 1],
      [6, 4],
    ]);
  });
  it('jnp.take(x, indices, axis=0) fills with NaN; x.at[indices].get(mode="fill", fill_value=nan)', () => {
    const expected = [
      [Number.NaN, Number.NaN, Number.NaN],
      [1, 2, 3],
    ];
    expect(jnp.take(x, indices, { axis: 0 }).toArray()).toEqual(expected);
    expect(jax.at(x, indices).get({ mode: 'fill', fill_value: Number.NaN }).toArray()).toEqual(expected);
  });
  it('mode="clip" and x.at[indices].get(mode="clip")', () => {
    const expected = [
      [4, 5, 6],
      [1, 2, 3],
    ];
    expect(jnp.take(x, indices, { axis: 0, mode: 'clip' }).toArray()).toEqual(expected);
    expect(jax.at(x, indices).get({ mode: 'clip' }).toArray()).toEqual(expected);
  });
});

describe('jax.numpy.take_along_axis docs examples', () => {
  const x = f32([
    [1, 2, 3],
    [4, 5, 6],
  ]);
  it('axis=1 and x[jnp.arange(2)[:, None], indices]', () => {
    const indices = i32([
      [0, 2],
      [1, 0],
    ]);
    const expected = [
      [1, 3],
      [5, 4],
    ];
    expect(jnp.take_along_axis(x, indices, 1).toArray()).toEqual(expected);
    expect(
      jax
        .at(x, [arange(2).reshape([2, 1]), indices])
        .get()
        .toArray(),
    ).toEqual(expected);
  });
  it('out-of-bound indices fill with NaN; x.at[indices, jnp.arange(3)].get(mode="fill", fill_value=nan)', () => {
    const indices = i32([[1, 0, 2]]);
    expect(jnp.take_along_axis(x, indices, 0).toArray()).toEqual([[4, 2, Number.NaN]]);
    expect(
      jax
        .at(x, [indices, arange(3)])
        .get({ mode: 'fill', fill_value: Number.NaN })
        .toArray(),
    ).toEqual([[4, 2, Number.NaN]]);
  });
  it('argsort and argmin(keepdims) indices', () => {
    const y = i32([
      [5, 3, 4],
      [2, 7, 6],
    ]);
    const argsort = i32([
      [1, 2, 0],
      [0, 2, 1],
    ]);
    expect(jnp.take_along_axis(y, argsort, 1).toArray()).toEqual([
      [3, 4, 5],
      [2, 6, 7],
    ]);
    expect(jnp.take_along_axis(y, i32([[1], [0]]), 1).toArray()).toEqual([[3], [2]]);
  });
});

describe('jax.numpy.ndarray.at docs examples', () => {
  const x = f32([0, 1, 2, 3, 4]); // jnp.arange(5.0)
  it('get and add', () => {
    const g = jax.at(x, 2).get();
    expect(g.shape).toEqual([]);
    expect(g.item()).toBe(2);
    expect(jax.at(x, 2).add(10).toArray()).toEqual([0, 1, 12, 3, 4]);
  });
  it('out-of-bound updates are dropped by default; mode="clip" clips', () => {
    expect(jax.at(x, 10).add(10).toArray()).toEqual([0, 1, 2, 3, 4]);
    expect(jax.at(x, 20).add(10, { mode: 'clip' }).toArray()).toEqual([0, 1, 2, 3, 14]);
  });
  it('out-of-bound get clips by default; fill gives NaN or fill_value', () => {
    expect(jax.at(x, 20).get().item()).toBe(4);
    expect(jax.at(x, 20).get({ mode: 'fill' }).item()).toBeNaN();
    expect(jax.at(x, 20).get({ mode: 'fill', fill_value: -1 }).item()).toBe(-1);
  });
  it('negative indices count from the end unless wrap_negative_indices=False', () => {
    expect(jax.at(x, -1).set(99).toArray()).toEqual([0, 1, 2, 3, 99]);
    expect(jax.at(x, -1).set(99, { wrap_negative_indices: false, mode: 'drop' }).toArray()).toEqual([
      0, 1, 2, 3, 4,
    ]);
  });
});

// StableHLO batching-dims RFC (seed 003; test/helpers/spec-example.ts) through jax.lax: index_vector_dim = 3 = the last dim.
const rfcOperand = SPEC_OPERAND_VALUES;
const rfcIndices = SPEC_START_INDICES;
describe('StableHLO batching-dims RFC examples through jax.lax', () => {
  it('gather (the [0, 9] start clamps: PROMISE_IN_BOUNDS)', () => {
    const r = lax.gather(
      i32(rfcOperand),
      i32(rfcIndices),
      lax.GatherDimensionNumbers({
        offset_dims: [3, 4],
        collapsed_slice_dims: [1],
        start_index_map: [2, 1],
        operand_batching_dims: [0],
        start_indices_batching_dims: [1],
      }),
      [1, 1, 2, 2],
    );
    expect(r.toArray()).toEqual(SPEC_GATHER_RESULT);
  });
  it('scatter_add (the [0, 9] window is dropped: FILL_OR_DROP)', () => {
    const ones = tensor(new Int32Array(2 * 2 * 3 * 2 * 2).fill(1), 'int32', [2, 2, 3, 2, 2]);
    const r = lax.scatter_add(
      i32(rfcOperand),
      i32(rfcIndices),
      ones,
      lax.ScatterDimensionNumbers({
        update_window_dims: [3, 4],
        inserted_window_dims: [1],
        scatter_dims_to_operand_dims: [2, 1],
        operand_batching_dims: [0],
        scatter_indices_batching_dims: [1],
      }),
    );
    expect(r.toArray()).toEqual(SPEC_SCATTER_RESULT);
  });
});

describe('JAX policies (from jax/_src source, documented in docs/jax.md)', () => {
  const v = i32([10, 11, 12]);
  const dn1 = lax.GatherDimensionNumbers({
    offset_dims: [],
    collapsed_slice_dims: [0],
    start_index_map: [0],
  });
  it('lax.gather does not wrap negatives: -1 clamps to 0; fill mode fills with iinfo.min', () => {
    expect(lax.gather(v, i32([[-1], [5]]), dn1, [1]).toArray()).toEqual([10, 12]);
    expect(lax.gather(v, i32([[-1], [1]]), dn1, [1], { mode: 'fill' }).toArray()).toEqual([-2147483648, 11]);
    expect(lax.gather(tensor([1, 2], 'uint8'), i32([[3]]), dn1, [1], { mode: 'drop' }).toArray()).toEqual([
      255,
    ]);
    expect(
      lax.gather(tensor([false, false], 'bool'), i32([[3]]), dn1, [1], { mode: 'fill' }).toArray(),
    ).toEqual([true]);
    expect(lax.gather(v, i32([[7]]), dn1, [1], { mode: 'fill', fill_value: 0 }).toArray()).toEqual([0]);
  });
  it('lax.gather clip/fill act on whole windows', () => {
    const dnw = lax.GatherDimensionNumbers({
      offset_dims: [1],
      collapsed_slice_dims: [],
      start_index_map: [0],
    });
    expect(lax.gather(v, i32([[2]]), dnw, [2], { mode: 'clip' }).toArray()).toEqual([[11, 12]]);
    expect(lax.gather(v, i32([[2]]), dnw, [2], { mode: 'fill', fill_value: -1 }).toArray()).toEqual([
      [-1, -1],
    ]);
  });
  it('lax.scatter* default drops out-of-bounds and negative windows; clip clamps', () => {
    const dn = lax.ScatterDimensionNumbers({
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
    });
    const idx = i32([[-1], [3], [1], [1]]);
    const u = i32([1, 2, 3, 4]);
    expect(lax.scatter_add(zeros([3], 'int32'), idx, u, dn).toArray()).toEqual([0, 7, 0]);
    expect(lax.scatter_add(zeros([3], 'int32'), idx, u, dn, { mode: 'clip' }).toArray()).toEqual([1, 7, 2]);
    expect(lax.scatter(zeros([3], 'int32'), idx, u, dn).toArray()).toEqual([0, 4, 0]); // last in update order
    expect(lax.scatter_sub(i32([9, 9, 9]), idx, u, dn).toArray()).toEqual([9, 2, 9]);
    expect(lax.scatter_mul(i32([1, 1, 1]), idx, u, dn).toArray()).toEqual([1, 12, 1]);
    expect(lax.scatter_min(i32([5, 5, 5]), idx, u, dn).toArray()).toEqual([5, 3, 5]);
    expect(lax.scatter_max(i32([0, 0, 0]), idx, u, dn).toArray()).toEqual([0, 4, 0]);
  });
  it('lax.scatter_apply applies func once per hit', () => {
    const dn = lax.ScatterDimensionNumbers({
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
    });
    const r = lax.scatter_apply(i32([1, 2, 3]), i32([[0], [0], [2], [5]]), (a) => (a as number) * 10, dn, {
      update_shape: [4],
    });
    expect(r.toArray()).toEqual([100, 2, 30]);
  });
  it('jnp.take: fill wraps negatives once, clip does not, wrap is modulo', () => {
    expect(jnp.take(v, i32([-1, -3, -4, 3])).toArray()).toEqual([12, 10, -2147483648, -2147483648]);
    expect(jnp.take(v, i32([-1, -4, 3]), { mode: 'clip' }).toArray()).toEqual([10, 10, 12]);
    expect(jnp.take(v, i32([-1, -4, 3, 7]), { mode: 'wrap' }).toArray()).toEqual([12, 12, 10, 11]);
    expect(jnp.take(v, i32([5]), { fill_value: 7 }).toArray()).toEqual([7]);
  });
  it('jnp.take: empty indices and empty axis', () => {
    expect(jnp.take(zeros([2, 0], 'float32'), zeros([0], 'int32'), { axis: 1 }).shape).toEqual([2, 0]);
    expect(jnp.take(v, zeros([0, 2], 'int32')).shape).toEqual([0, 2]);
  });
  it('jnp.take_along_axis: negatives wrap for every mode but the string "promise_in_bounds"', () => {
    const idx = i32([-1, 4]);
    expect(jnp.take_along_axis(v, idx, 0).toArray()).toEqual([12, -2147483648]);
    expect(jnp.take_along_axis(v, idx, 0, { mode: 'clip' }).toArray()).toEqual([12, 12]);
    expect(jnp.take_along_axis(v, idx, 0, { mode: 'promise_in_bounds' }).toArray()).toEqual([10, 12]);
    expect(
      jnp.take_along_axis(v, idx, 0, { mode: lax.GatherScatterMode.PROMISE_IN_BOUNDS }).toArray(),
    ).toEqual([12, 12]);
  });
  it('jnp.take_along_axis broadcasts indices and arr outside the axis; axis=None flattens; empty axis gives zeros', () => {
    const a = i32([[1, 2, 3]]); // (1, 3)
    const idx = i32([[0], [2], [1]]); // (3, 1): broadcast against arr (1, 3→1) gives (3, 1)
    expect(jnp.take_along_axis(a, idx, 1).toArray()).toEqual([[1], [3], [2]]);
    const b = i32([
      [1, 2],
      [3, 4],
    ]);
    expect(jnp.take_along_axis(b, i32([[1, 0]]), 0).toArray()).toEqual([[3, 2]]);
    expect(jnp.take_along_axis(b, i32([3, 0]), null).toArray()).toEqual([4, 1]);
    expect(jnp.take_along_axis(zeros([2, 0], 'float32'), i32([[0], [0]]), 1).toArray()).toEqual([[0], [0]]);
  });
  it('.at: tuple of ints, advanced index tuples, duplicates all applied', () => {
    const m = i32([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(jax.at(m, [1, -1]).get().item()).toBe(6);
    expect(jax.at(m, 1).get().toArray()).toEqual([4, 5, 6]);
    expect(
      jax
        .at(m, [i32([0, 1, 1]), 2])
        .get()
        .toArray(),
    ).toEqual([3, 6, 6]);
    expect(
      jax
        .at(m, i32([0, 0]))
        .add(1)
        .toArray(),
    ).toEqual([
      [3, 4, 5],
      [4, 5, 6],
    ]);
    expect(
      jax
        .at(m, [i32([1, 1]), i32([0, 0])])
        .set(i32([7, 8]))
        .toArray(),
    ).toEqual([
      [1, 2, 3],
      [8, 5, 6],
    ]);
    expect(jax.at(m, [0, 0]).subtract(5).toArray()).toEqual([
      [-4, 2, 3],
      [4, 5, 6],
    ]);
    expect(
      jax
        .at(m, i32([0, 0, 1]))
        .multiply(2)
        .toArray(),
    ).toEqual([
      [4, 8, 12],
      [8, 10, 12],
    ]);
    expect(
      jax
        .at(m, [0, i32([0, 0])])
        .apply((a) => (a as number) + 100)
        .toArray(),
    ).toEqual([
      [201, 2, 3],
      [4, 5, 6],
    ]);
    expect(jax.at(m, 0).min(2).toArray()).toEqual([
      [1, 2, 2],
      [4, 5, 6],
    ]);
    expect(
      jax
        .at(m, 0)
        .max(i32([0, 9, 0]))
        .toArray(),
    ).toEqual([
      [1, 9, 3],
      [4, 5, 6],
    ]);
  });
  it('.at divide / power: x OP product of the values at repeated targets; int divide gives float32', () => {
    const x = f32([8, 2, 3]);
    expect(
      jax
        .at(x, i32([0, 0, 1]))
        .divide(f32([2, 2, 4]))
        .toArray(),
    ).toEqual([2, 0.5, 3]);
    expect(
      jax
        .at(x, i32([1, 1]))
        .power(f32([2, 1.5]))
        .toArray(),
    ).toEqual([8, 8, 3]);
    const n = i32([7, 2, 3]);
    const q = jax.at(n, i32([0, 0])).divide(2);
    expect(q.dtype).toBe('float32');
    expect(q.toArray()).toEqual([1.75, 2, 3]);
    expect(
      jax
        .at(n, i32([1, 1, 2]))
        .power(i32([2, 3, 0]))
        .toArray(),
    ).toEqual([7, 64, 1]);
    expect(jax.at(n, 5).divide(2).toArray()).toEqual([7, 2, 3]); // dropped
  });
  it('.at get: the lowered call is one core gather with the JAX mode', () => {
    const call = jax.lower.at(v, 5).get();
    expect(call.kind).toBe('gather');
    if (call.kind === 'gather') expect(call.options.mode).toBe('promise_in_bounds');
    const s = jax.lower.at(v, 5).set(1);
    if (s.kind === 'scatter') expect(s.options.mode).toBe('drop');
  });
});

describe('negative tests: one per rule', () => {
  const x = i32([1, 2, 3]);
  const m = i32([
    [1, 2],
    [3, 4],
  ]);
  const gdn = (o: Partial<Parameters<typeof lax.GatherDimensionNumbers>[0]>) =>
    lax.GatherDimensionNumbers({ offset_dims: [], collapsed_slice_dims: [0], start_index_map: [0], ...o });
  const sdn = (o: Partial<Parameters<typeof lax.ScatterDimensionNumbers>[0]>) =>
    lax.ScatterDimensionNumbers({
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
      ...o,
    });
  const idx = i32([[0], [1]]);
  const cases: [string, () => unknown][] = [
    ['jax.lax.gather.index_dtype', () => lax.gather(x, f32([[0]]), gdn({}), [1])],
    ['jax.lax.gather.start_indices', () => lax.gather(x, tensor(0, 'int32'), gdn({}), [1])],
    ['jax.lax.gather.dimension_numbers', () => lax.gather(m, idx, gdn({}), [1, 1])],
    [
      'jax.lax.gather.offset_dims',
      () => lax.gather(m, idx, gdn({ offset_dims: [1, 0], collapsed_slice_dims: [] }), [1, 1]),
    ],
    [
      'jax.lax.gather.collapsed_slice_dims',
      () => lax.gather(m, idx, gdn({ offset_dims: [], collapsed_slice_dims: [1, 0] }), [1, 1]),
    ],
    [
      'jax.lax.gather.operand_batching_dims',
      () =>
        lax.gather(
          m,
          i32([[[0], [1]]]),
          gdn({
            offset_dims: [],
            collapsed_slice_dims: [],
            operand_batching_dims: [1, 0],
            start_indices_batching_dims: [0, 1],
          }),
          [1, 1],
        ),
    ],
    [
      'jax.lax.gather.start_indices_batching_dims',
      () =>
        lax.gather(
          m,
          i32([[0], [1]]),
          gdn({
            collapsed_slice_dims: [1],
            start_index_map: [1],
            operand_batching_dims: [0],
            start_indices_batching_dims: [1],
          }),
          [1, 1],
        ),
    ],
    [
      'jax.lax.gather.batching_dims',
      () =>
        lax.gather(
          m,
          i32([[0], [1], [1]]),
          gdn({
            collapsed_slice_dims: [1],
            start_index_map: [1],
            operand_batching_dims: [0],
            start_indices_batching_dims: [0],
          }),
          [1, 1],
        ),
    ],
    ['jax.lax.gather.start_index_map', () => lax.gather(x, idx, gdn({ start_index_map: [0, 0] }), [1])],
    ['jax.lax.gather.slice_sizes', () => lax.gather(x, idx, gdn({}), [1, 1])],
    ['jax.lax.gather.slice_sizes', () => lax.gather(x, idx, gdn({}), [0])], // JAX: collapsed dims need size exactly 1
    ['jax.lax.gather.mode', () => lax.gather(x, idx, gdn({}), [1], { mode: 'wrap' as never })],
    ['jax.lax.gather.mode', () => lax.gather(x, idx, gdn({}), [1], { mode: 'one_hot' })],
    ['jax.lax.gather.fill_value', () => lax.gather(x, idx, gdn({}), [1], { mode: 'fill', fill_value: 1.5 })],
    ['jax.lax.scatter.index_dtype', () => lax.scatter(x, f32([[0]]), i32([1]), sdn({}))],
    [
      'jax.lax.scatter.scatter_indices',
      () => lax.scatter(x, tensor(0, 'int32'), tensor(1, 'int32'), sdn({})),
    ],
    ['jax.lax.scatter.dtype', () => lax.scatter(x, idx, f32([1, 2]), sdn({}))],
    [
      'jax.lax.scatter_add.dtype',
      () => lax.scatter_add(tensor([true], 'bool'), i32([[0]]), tensor([true], 'bool'), sdn({})),
    ],
    ['jax.lax.scatter.dimension_numbers', () => lax.scatter(m, idx, i32([1, 2]), sdn({}))],
    ['jax.lax.scatter.updates', () => lax.scatter(x, idx, i32([1, 2, 3]), sdn({}))],
    [
      'jax.lax.scatter.update_window_dims',
      () =>
        lax.scatter(
          m,
          idx,
          zeros([2, 2, 2], 'int32'),
          sdn({ update_window_dims: [1, 1], inserted_window_dims: [] }),
        ),
    ],
    [
      'jax.lax.scatter.inserted_window_dims',
      () =>
        lax.scatter(
          m,
          i32([[0, 0]]),
          i32([1]),
          sdn({ inserted_window_dims: [1, 0], scatter_dims_to_operand_dims: [0, 1] }),
        ),
    ],
    [
      'jax.lax.scatter.operand_batching_dims',
      () =>
        lax.scatter(
          m,
          i32([[[0], [1]]]),
          i32([[1, 2]]),
          sdn({
            inserted_window_dims: [],
            operand_batching_dims: [1, 0],
            scatter_indices_batching_dims: [0, 1],
          }),
        ),
    ],
    [
      'jax.lax.scatter.scatter_indices_batching_dims',
      () =>
        lax.scatter(
          m,
          idx,
          i32([1, 2]),
          sdn({
            inserted_window_dims: [1],
            scatter_dims_to_operand_dims: [1],
            operand_batching_dims: [0],
            scatter_indices_batching_dims: [1],
          }),
        ),
    ],
    [
      'jax.lax.scatter.batching_dims',
      () =>
        lax.scatter(
          m,
          i32([[0], [1], [1]]),
          i32([1, 2, 3]),
          sdn({
            inserted_window_dims: [1],
            scatter_dims_to_operand_dims: [1],
            operand_batching_dims: [0],
            scatter_indices_batching_dims: [0],
          }),
        ),
    ],
    [
      'jax.lax.scatter.scatter_dims_to_operand_dims',
      () => lax.scatter(x, idx, i32([1, 2]), sdn({ scatter_dims_to_operand_dims: [3] })),
    ],
    ['jax.lax.scatter.mode', () => lax.scatter(x, idx, i32([1, 2]), sdn({}), { mode: 'skip' as never })],
    [
      'jax.lax.scatter_apply.func',
      () => lax.scatter_apply(x, idx, 3 as never, sdn({}), { update_shape: [2] }),
    ],
    ['jax.numpy.take.index_dtype', () => jnp.take(x, f32([0]))],
    ['jax.numpy.take.axis', () => jnp.take(x, i32([0]), { axis: 1 })],
    ['jax.numpy.take.mode', () => jnp.take(x, i32([0]), { mode: 'raise' })],
    ['jax.numpy.take.mode', () => jnp.take(x, i32([0]), { mode: 'drop' as never })],
    ['jax.numpy.take.fill_value', () => jnp.take(x, i32([0]), { fill_value: 0.5 })],
    ['jax.numpy.take.empty_axis', () => jnp.take(zeros([0], 'int32'), i32([0]))],
    ['jax.numpy.take_along_axis.index_dtype', () => jnp.take_along_axis(x, f32([0]), 0)],
    ['jax.numpy.take_along_axis.indices', () => jnp.take_along_axis(m, i32([[0]]), null)],
    ['jax.numpy.take_along_axis.rank', () => jnp.take_along_axis(m, i32([0]), 0)],
    ['jax.numpy.take_along_axis.axis', () => jnp.take_along_axis(m, i32([[0]]), 2)],
    ['jax.numpy.take_along_axis.broadcast', () => jnp.take_along_axis(m, i32([[0], [0], [0]]), 1)],
    ['jax.numpy.take_along_axis.mode', () => jnp.take_along_axis(x, i32([0]), 0, { mode: 'one_hot' })],
    ['jax.numpy.take_along_axis.fill_value', () => jnp.take_along_axis(x, i32([0]), 0, { fill_value: 0.5 })],
    ['jax.at.index', () => jax.at(x, [0, 0]).get()],
    ['jax.at.index', () => jax.at(zeros([0, 2], 'int32'), 0).get()],
    ['jax.at.index', () => jax.at(m, [i32([0, 1]), i32([0, 1, 1])]).get()],
    ['jax.at.index_dtype', () => jax.at(x, f32([0])).get()],
    ['jax.at.index_dtype', () => jax.at(x, 0.5).get()],
    ['jax.at.get.mode', () => jax.at(x, 0).get({ mode: 'bogus' as never })],
    ['jax.at.get.fill_value', () => jax.at(x, 0).get({ mode: 'fill', fill_value: 0.5 })],
    ['jax.at.set.mode', () => jax.at(x, 0).set(1, { mode: 'wrap' as never })],
    ['jax.at.set.values_dtype', () => jax.at(x, 0).set(1.5)],
    ['jax.at.set.values_dtype', () => jax.at(x, 0).set(f32([1]))],
    ['jax.at.set.values_shape', () => jax.at(x, i32([0, 1])).set(i32([1, 2, 3]))],
    ['jax.at.add.dtype', () => jax.at(tensor([true], 'bool'), 0).add(true)],
    ['jax.at.power.dtype', () => jax.at(tensor([{ re: 1, im: 0 }], 'complex64'), 0).power(2)],
    ['jax.at.apply.func', () => jax.at(x, 0).apply(1 as never)],
  ];
  for (const [code, fn] of cases) {
    it(code, () => {
      expect(codeOf(fn)).toBe(code);
    });
  }
});
