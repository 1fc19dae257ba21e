/**
 * JAX frontend, one path: every op is `execute(jax.lower.<op>(...))`; jnp.take flattens when
 * `axis` is omitted (JAX's default, decided by the lowering alone); `out` in the trailing
 * options object (fresh, aliasing an input, wrong shape/dtype); strict arguments (unknown keys
 * with a did-you-mean, modes compared as values, non-Tensors named, null options, string
 * scalars); jax.numpy.array.
 */
import { describe, expect, it } from 'vitest';
import { execute } from '../src/core/call.js';
import { jax, tensor, zeros } from '../src/index.js';
import { errorOf } from './helpers/errors.js';

const { lax, jnp } = jax;
const i32 = (v: unknown) => tensor(v as number[], 'int32');
const f32 = (v: unknown) => tensor(v as number[], 'float32');

const dn1 = lax.GatherDimensionNumbers({ offset_dims: [], collapsed_slice_dims: [0], start_index_map: [0] });
const sdn1 = lax.ScatterDimensionNumbers({
  update_window_dims: [],
  inserted_window_dims: [0],
  scatter_dims_to_operand_dims: [0],
});

describe('jnp.take: axis omitted flattens (JAX default), in the lowering itself', () => {
  const m = i32([
    [1, 2],
    [3, 4],
  ]);
  it('lower.numpy.take without axis gathers from the flattened operand', () => {
    const call = jax.lower.numpy.take(m, i32([3]));
    expect(call.kind).toBe('gather');
    if (call.kind !== 'gather') return;
    expect(call.operand.shape).toEqual([4]);
    expect(execute(call).toArray()).toEqual([4]);
    expect(jnp.take(m, i32([3])).toArray()).toEqual([4]);
  });
  it('axis: null flattens too; axis: 0 does not (3 is out of range → fill)', () => {
    expect(jnp.take(m, i32([3]), { axis: null }).toArray()).toEqual([4]);
    expect(jnp.take(m, i32([3]), { axis: 0 }).toArray()).toEqual([[-2147483648, -2147483648]]);
  });
  it('empty axis, no index: JAX returns `a` itself (shape of a, not of the take)', () => {
    // jax/_src/numpy/indexing.py _take: `if slice_sizes[axis_idx] == 0: ... return a`
    expect(jnp.take(zeros([2, 0], 'float32'), zeros([0, 3], 'int32'), { axis: 1 }).shape).toEqual([2, 0]);
    expect(jnp.take(zeros([2, 0], 'float32'), zeros([0, 3], 'int32')).shape).toEqual([0]);
  });
});

describe('every op is execute(lower)', () => {
  const x = i32([10, 11, 12]);
  it('lax.gather, lax.scatter_add, take_along_axis, .at', () => {
    const idx = i32([[2], [0]]);
    expect(execute(jax.lower.lax.gather(x, idx, dn1, [1])).toArray()).toEqual(
      lax.gather(x, idx, dn1, [1]).toArray(),
    );
    expect(execute(jax.lower.lax.scatter_add(x, idx, i32([1, 2]), sdn1)).toArray()).toEqual([12, 11, 13]);
    expect(execute(jax.lower.numpy.take_along_axis(x, i32([1]), 0)).toArray()).toEqual([11]);
    expect(execute(jax.lower.at(x, 1).set(5)).toArray()).toEqual([10, 5, 12]);
    expect(execute(jax.lower.at(x, i32([0, 2])).get()).toArray()).toEqual([10, 12]);
  });
  it('promises reach the lowered call (and explain)', () => {
    const call = jax.lower.numpy.take(x, i32([0, 1]), { indices_are_sorted: true });
    expect(call.kind === 'gather' && call.dimension_numbers.indices_are_sorted).toBe(true);
    const s = jax.lower.at(x, i32([0, 1])).add(1, { unique_indices: true });
    expect(s.kind === 'scatter' && s.dimension_numbers.unique_indices).toBe(true);
  });
});

describe('out (trailing options object)', () => {
  it('fresh out: lax.gather, jnp.take, take_along_axis, .at[].get', () => {
    const x = i32([10, 11, 12]);
    const o1 = zeros([2], 'int32');
    expect(lax.gather(x, i32([[2], [0]]), dn1, [1], { out: o1 })).toBe(o1);
    expect(o1.toArray()).toEqual([12, 10]);
    const o2 = zeros([2], 'int32');
    jnp.take(x, i32([1, 2]), { out: o2 });
    expect(o2.toArray()).toEqual([11, 12]);
    const o3 = zeros([1], 'int32');
    jnp.take_along_axis(x, i32([2]), 0, { out: o3 });
    expect(o3.toArray()).toEqual([12]);
    const o4 = zeros([2], 'int32');
    jax.at(x, i32([2, 2])).get({ out: o4 });
    expect(o4.toArray()).toEqual([12, 12]);
  });
  it('out aliasing the operand (reversal into itself) is correct', () => {
    const x = i32([10, 11, 12]);
    lax.gather(x, i32([[2], [1], [0]]), dn1, [1], { out: x });
    expect(x.toArray()).toEqual([12, 11, 10]);
    const y = i32([10, 11, 12]);
    jnp.take(y, i32([2, 1, 0]), { out: y });
    expect(y.toArray()).toEqual([12, 11, 10]);
  });
  it('out = operand of a scatter updates it in place; out aliasing the updates is correct', () => {
    const x = i32([1, 2, 3]);
    expect(lax.scatter_add(x, i32([[0], [0]]), i32([5, 6]), sdn1, { out: x })).toBe(x);
    expect(x.toArray()).toEqual([12, 2, 3]);
    const u = i32([7, 8, 9]);
    lax.scatter(i32([0, 0, 0]), i32([[2], [1], [0]]), u, sdn1, { out: u });
    expect(u.toArray()).toEqual([9, 8, 7]);
  });
  it('.at[].set / .divide with out = x', () => {
    const x = f32([1, 2, 4]);
    jax.at(x, 1).set(9, { out: x });
    expect(x.toArray()).toEqual([1, 9, 4]);
    jax.at(x, i32([2, 2])).divide(2, { out: x });
    expect(x.toArray()).toEqual([1, 9, 1]);
  });
  it('<op>.out: wrong shape and wrong dtype', () => {
    const x = i32([1, 2, 3]);
    const a = errorOf(() => jnp.take(x, i32([0]), { out: zeros([2], 'int32') }));
    expect([a.cls, a.code]).toEqual(['InvalidArgumentError', 'jax.numpy.take.out']);
    const b = errorOf(() => lax.gather(x, i32([[0]]), dn1, [1], { out: zeros([1], 'float32') }));
    expect([b.cls, b.code]).toEqual(['DTypeError', 'jax.lax.gather.out']);
    expect(
      errorOf(() => lax.scatter_max(x, i32([[0]]), i32([1]), sdn1, { out: zeros([4], 'int32') })).code,
    ).toBe('jax.lax.scatter_max.out');
    expect(errorOf(() => jax.at(x, 0).set(1, { out: [0, 0, 0] as never })).code).toBe('jax.at.set.out');
  });
});

describe('strict arguments', () => {
  const x = i32([1, 2, 3]);
  it('unknown keys are refused with a did-you-mean, every entry point', () => {
    const cases: [string, () => unknown, string][] = [
      ['jax.numpy.take.options', () => jnp.take(x, i32([0]), { axsi: 0 } as never), 'axis'],
      [
        'jax.numpy.take_along_axis.options',
        () => jnp.take_along_axis(x, i32([0]), 0, { mdoe: 'clip' } as never),
        'mode',
      ],
      [
        'jax.lax.gather.options',
        () => lax.gather(x, i32([[0]]), dn1, [1], { fill_valu: 0 } as never),
        'fill_value',
      ],
      [
        'jax.lax.scatter.options',
        () => lax.scatter(x, i32([[0]]), i32([1]), sdn1, { mdoe: 'clip' } as never),
        'mode',
      ],
      [
        'jax.lax.scatter_apply.options',
        () => lax.scatter_apply(x, i32([[0]]), (v) => v, sdn1, { update_shap: [1] } as never),
        'update_shape',
      ],
      ['jax.at.get.options', () => jax.at(x, 0).get({ mdoe: 'fill' } as never), 'mode'],
      [
        'jax.at.add.options',
        () => jax.at(x, 0).add(1, { wrap_negative_indice: false } as never),
        'wrap_negative_indices',
      ],
      [
        'jax.lax.gather.dimension_numbers',
        () => lax.gather(x, i32([[0]]), { ...dn1, index_vector_dim: 1 } as never, [1]),
        '',
      ],
    ];
    for (const [code, f, hint] of cases) {
      const e = errorOf(f);
      expect(e.code).toBe(code);
      expect(e.cls).toBe('InvalidArgumentError');
      if (hint) expect(e.message).toContain(`did you mean "${hint}"?`);
    }
  });
  it("modes are compared as values: 'constructor' is no mode anywhere (was: clamped)", () => {
    expect(errorOf(() => jnp.take(x, i32([5]), { mode: 'constructor' as never })).code).toBe(
      'jax.numpy.take.mode',
    );
    expect(errorOf(() => jnp.take_along_axis(x, i32([5]), 0, { mode: 'constructor' as never })).code).toBe(
      'jax.numpy.take_along_axis.mode',
    );
    expect(errorOf(() => lax.gather(x, i32([[5]]), dn1, [1], { mode: 'constructor' as never })).code).toBe(
      'jax.lax.gather.mode',
    );
    expect(
      errorOf(() => lax.scatter(x, i32([[5]]), i32([1]), sdn1, { mode: 'toString' as never })).code,
    ).toBe('jax.lax.scatter.mode');
    expect(errorOf(() => jax.at(x, 5).get({ mode: '__proto__' as never })).code).toBe('jax.at.get.mode');
  });
  it('flags must be booleans; scalars must be numbers', () => {
    expect(errorOf(() => jnp.take(x, i32([0]), { indices_are_sorted: 'yes' as never })).code).toBe(
      'jax.numpy.take.indices_are_sorted',
    );
    expect(errorOf(() => jax.at(x, 0).set(1, { wrap_negative_indices: 0 as never })).code).toBe(
      'jax.at.set.wrap_negative_indices',
    );
    const s = errorOf(() => jnp.take(x, i32([5]), { fill_value: '0' as never }));
    expect([s.cls, s.code]).toEqual(['InvalidArgumentError', 'jax.numpy.take.fill_value']);
    expect(
      errorOf(() => lax.gather(x, i32([[5]]), dn1, [1], { mode: 'fill', fill_value: 'x' as never })).code,
    ).toBe('jax.lax.gather.fill_value');
    expect(errorOf(() => jax.at(x, 0).set('5' as never)).code).toBe('jax.at.set.values');
  });
  it('null options mean none', () => {
    expect(jnp.take(x, i32([2]), null).toArray()).toEqual([3]);
    expect(jnp.take_along_axis(x, i32([2]), 0, null).toArray()).toEqual([3]);
    expect(lax.gather(x, i32([[2]]), dn1, [1], null).toArray()).toEqual([3]);
    expect(lax.scatter_mul(x, i32([[2]]), i32([2]), sdn1, null).toArray()).toEqual([1, 2, 6]);
    expect(jax.at(x, 2).get(null).item()).toBe(3);
    expect(jax.at(x, 2).min(0, null).toArray()).toEqual([1, 2, 0]);
  });
  it('non-Tensor inputs are named: null, plain arrays, TF.js tensors (with a hint)', () => {
    expect(errorOf(() => jnp.take(null as never, i32([0]))).code).toBe('jax.numpy.take.a');
    expect(errorOf(() => jnp.take(x, [0] as never)).code).toBe('jax.numpy.take.indices');
    expect(errorOf(() => jnp.take_along_axis([1, 2] as never, i32([0]), 0)).code).toBe(
      'jax.numpy.take_along_axis.arr',
    );
    expect(errorOf(() => lax.gather(x, null as never, dn1, [1])).code).toBe('jax.lax.gather.start_indices');
    expect(errorOf(() => lax.scatter_add(x, i32([[0]]), [1] as never, sdn1)).code).toBe(
      'jax.lax.scatter_add.updates',
    );
    expect(errorOf(() => jax.at(undefined as never, 0).get()).code).toBe('jax.at.x');
    const tfjs = { dataSync: () => new Int32Array(1), shape: [1], dtype: 'int32' };
    const e = errorOf(() => jax.at(x, tfjs as never).get());
    expect(e.code).toBe('jax.at.index');
    expect(e.message).toContain('TF.js tensor');
  });
});

describe('jax.numpy.array (JAX default dtypes)', () => {
  it('integers → int32, floats → float32', () => {
    expect(jnp.array([2, 0]).dtype).toBe('int32');
    expect(jax.numpy.array([0.5]).dtype).toBe('float32');
    expect(jnp.array([2, 0], 'int64').dtype).toBe('int64');
  });
  it('feeds jnp.take as JAX would', () => {
    expect(
      jnp
        .take(
          jnp.array([
            [1.5, 2],
            [3, 4],
          ]),
          jnp.array([2, 0]),
        )
        .toArray(),
    ).toEqual([3, 1.5]);
  });
});
