/**
 * One named negative test per rule of the JAX scatter family (`jax.lax.scatter*`) and of
 * `jax.numpy.take` / `take_along_axis`: each test is named by the code it pins, calls the op with
 * a real input that breaks only that rule, and asserts the error class and the exact code. The
 * dimension-number rules are StableHLO's constraints under JAX's names (RULE_OF_SCATTER in
 * src/frameworks/jax/dimension-numbers.ts); the StableHLO id stays in `details.stablehlo`.
 */
import { describe, expect, it } from 'vitest';
import { DTypeError, InvalidArgumentError, type Tensor, jax, tensor, zeros } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const { lax, jnp } = jax;
const i32 = (v: unknown) => tensor(v as number[], 'int32');
const f32 = (v: unknown) => tensor(v as number[], 'float32');

/** x[idx[i]] ∘= u[i] on a vector: the call every case below breaks in one place. */
const DN = { update_window_dims: [], inserted_window_dims: [0], scatter_dims_to_operand_dims: [0] };
/** Batched: x[b, idx[b]] ∘= u[b], operand dim 0 and indices dim 0 are the batch. */
const BATCHED = {
  update_window_dims: [],
  inserted_window_dims: [1],
  scatter_dims_to_operand_dims: [1],
  operand_batching_dims: [0],
  scatter_indices_batching_dims: [0],
};

type Scatter = (x: unknown, idx: unknown, u: unknown, dn: unknown, o?: Record<string, unknown>) => Tensor;

/** The family, called with updates (scatter_apply takes a function and an update shape instead). */
const FAMILY: Record<string, Scatter> = {
  scatter: lax.scatter as Scatter,
  scatter_add: lax.scatter_add as Scatter,
  scatter_sub: lax.scatter_sub as Scatter,
  scatter_mul: lax.scatter_mul as Scatter,
  scatter_min: lax.scatter_min as Scatter,
  scatter_max: lax.scatter_max as Scatter,
  scatter_apply: (x, idx, u, dn, o = {}) =>
    lax.scatter_apply(x as Tensor, idx as Tensor, (v) => v, dn as never, {
      update_shape: (u as Tensor).shape,
      ...o,
    }),
};

const x3 = () => f32([1, 2, 3]);
const idx2 = () => i32([[0], [2]]);
const u2 = () => f32([5, 6]);

/** Rule → a call breaking only it, and the class it throws. */
const CASES: Record<string, [(s: Scatter) => unknown, new (...a: any[]) => Error]> = {
  operand: [(s) => s([1, 2, 3], idx2(), u2(), DN), InvalidArgumentError],
  scatter_indices: [(s) => s(x3(), i32(0), f32(5), DN), InvalidArgumentError],
  indices_are_sorted: [(s) => s(x3(), idx2(), u2(), DN, { indices_are_sorted: 'yes' }), InvalidArgumentError],
  unique_indices: [(s) => s(x3(), idx2(), u2(), DN, { unique_indices: 1 }), InvalidArgumentError],
  mode: [(s) => s(x3(), idx2(), u2(), DN, { mode: 'wrap' }), InvalidArgumentError],
  out: [(s) => s(x3(), idx2(), u2(), DN, { out: zeros([4], 'float32') }), InvalidArgumentError],
  dimension_numbers: [(s) => s(x3(), idx2(), u2(), null), InvalidArgumentError],
  // Rank 2 updates as C2 requires of one window dim; the dim 2 is out of their range (C8).
  update_window_dims: [
    (s) =>
      s(x3(), idx2(), zeros([2, 2], 'float32'), { ...DN, update_window_dims: [2], inserted_window_dims: [] }),
    InvalidArgumentError,
  ],
  inserted_window_dims: [
    (s) => s(x3(), idx2(), u2(), { ...DN, inserted_window_dims: [3] }),
    InvalidArgumentError,
  ],
  scatter_dims_to_operand_dims: [
    (s) => s(x3(), idx2(), u2(), { ...DN, scatter_dims_to_operand_dims: [3] }),
    InvalidArgumentError,
  ],
  operand_batching_dims: [
    (s) => s(zeros([2, 3], 'float32'), i32([[0], [2]]), u2(), { ...BATCHED, operand_batching_dims: [2] }),
    InvalidArgumentError,
  ],
  scatter_indices_batching_dims: [
    (s) =>
      s(zeros([2, 3], 'float32'), i32([[0], [2]]), u2(), { ...BATCHED, scatter_indices_batching_dims: [2] }),
    InvalidArgumentError,
  ],
  batching_dims: [(s) => s(zeros([3, 3], 'float32'), i32([[0], [2]]), u2(), BATCHED), InvalidArgumentError],
  options: [(s) => s(x3(), idx2(), u2(), DN, { bogus: 1 }), InvalidArgumentError],
  index_dtype: [(s) => s(x3(), f32([[0], [2]]), u2(), DN), DTypeError],
};

/** Every op × rule above, written out so each code is greppable (docs/rules.md finds its test by it). */
const FAMILY_CODES = [
  'jax.lax.scatter.index_dtype',
  'jax.lax.scatter_add.index_dtype',
  'jax.lax.scatter_sub.index_dtype',
  'jax.lax.scatter_mul.index_dtype',
  'jax.lax.scatter_min.index_dtype',
  'jax.lax.scatter_max.index_dtype',
  'jax.lax.scatter_apply.index_dtype',
  'jax.lax.scatter.operand',
  'jax.lax.scatter.scatter_indices',
  'jax.lax.scatter.indices_are_sorted',
  'jax.lax.scatter.unique_indices',
  'jax.lax.scatter.mode',
  'jax.lax.scatter.out',
  'jax.lax.scatter.dimension_numbers',
  'jax.lax.scatter.update_window_dims',
  'jax.lax.scatter.inserted_window_dims',
  'jax.lax.scatter.scatter_dims_to_operand_dims',
  'jax.lax.scatter.operand_batching_dims',
  'jax.lax.scatter.scatter_indices_batching_dims',
  'jax.lax.scatter.batching_dims',
  'jax.lax.scatter_add.operand',
  'jax.lax.scatter_add.scatter_indices',
  'jax.lax.scatter_add.indices_are_sorted',
  'jax.lax.scatter_add.unique_indices',
  'jax.lax.scatter_add.mode',
  'jax.lax.scatter_add.out',
  'jax.lax.scatter_add.dimension_numbers',
  'jax.lax.scatter_add.update_window_dims',
  'jax.lax.scatter_add.inserted_window_dims',
  'jax.lax.scatter_add.scatter_dims_to_operand_dims',
  'jax.lax.scatter_add.operand_batching_dims',
  'jax.lax.scatter_add.scatter_indices_batching_dims',
  'jax.lax.scatter_add.batching_dims',
  'jax.lax.scatter_sub.operand',
  'jax.lax.scatter_sub.scatter_indices',
  'jax.lax.scatter_sub.indices_are_sorted',
  'jax.lax.scatter_sub.unique_indices',
  'jax.lax.scatter_sub.mode',
  'jax.lax.scatter_sub.out',
  'jax.lax.scatter_sub.dimension_numbers',
  'jax.lax.scatter_sub.update_window_dims',
  'jax.lax.scatter_sub.inserted_window_dims',
  'jax.lax.scatter_sub.scatter_dims_to_operand_dims',
  'jax.lax.scatter_sub.operand_batching_dims',
  'jax.lax.scatter_sub.scatter_indices_batching_dims',
  'jax.lax.scatter_sub.batching_dims',
  'jax.lax.scatter_mul.operand',
  'jax.lax.scatter_mul.scatter_indices',
  'jax.lax.scatter_mul.indices_are_sorted',
  'jax.lax.scatter_mul.unique_indices',
  'jax.lax.scatter_mul.mode',
  'jax.lax.scatter_mul.out',
  'jax.lax.scatter_mul.dimension_numbers',
  'jax.lax.scatter_mul.update_window_dims',
  'jax.lax.scatter_mul.inserted_window_dims',
  'jax.lax.scatter_mul.scatter_dims_to_operand_dims',
  'jax.lax.scatter_mul.operand_batching_dims',
  'jax.lax.scatter_mul.scatter_indices_batching_dims',
  'jax.lax.scatter_mul.batching_dims',
  'jax.lax.scatter_min.operand',
  'jax.lax.scatter_min.scatter_indices',
  'jax.lax.scatter_min.indices_are_sorted',
  'jax.lax.scatter_min.unique_indices',
  'jax.lax.scatter_min.mode',
  'jax.lax.scatter_min.out',
  'jax.lax.scatter_min.dimension_numbers',
  'jax.lax.scatter_min.update_window_dims',
  'jax.lax.scatter_min.inserted_window_dims',
  'jax.lax.scatter_min.scatter_dims_to_operand_dims',
  'jax.lax.scatter_min.operand_batching_dims',
  'jax.lax.scatter_min.scatter_indices_batching_dims',
  'jax.lax.scatter_min.batching_dims',
  'jax.lax.scatter_max.operand',
  'jax.lax.scatter_max.scatter_indices',
  'jax.lax.scatter_max.indices_are_sorted',
  'jax.lax.scatter_max.unique_indices',
  'jax.lax.scatter_max.mode',
  'jax.lax.scatter_max.out',
  'jax.lax.scatter_max.dimension_numbers',
  'jax.lax.scatter_max.update_window_dims',
  'jax.lax.scatter_max.inserted_window_dims',
  'jax.lax.scatter_max.scatter_dims_to_operand_dims',
  'jax.lax.scatter_max.operand_batching_dims',
  'jax.lax.scatter_max.scatter_indices_batching_dims',
  'jax.lax.scatter_max.batching_dims',
  'jax.lax.scatter_apply.operand',
  'jax.lax.scatter_apply.scatter_indices',
  'jax.lax.scatter_apply.indices_are_sorted',
  'jax.lax.scatter_apply.unique_indices',
  'jax.lax.scatter_apply.mode',
  'jax.lax.scatter_apply.out',
  'jax.lax.scatter_apply.dimension_numbers',
  'jax.lax.scatter_apply.update_window_dims',
  'jax.lax.scatter_apply.inserted_window_dims',
  'jax.lax.scatter_apply.scatter_dims_to_operand_dims',
  'jax.lax.scatter_apply.operand_batching_dims',
  'jax.lax.scatter_apply.scatter_indices_batching_dims',
  'jax.lax.scatter_apply.batching_dims',
  'jax.lax.scatter.options',
  'jax.lax.scatter_add.options',
  'jax.lax.scatter_sub.options',
  'jax.lax.scatter_mul.options',
  'jax.lax.scatter_min.options',
  'jax.lax.scatter_max.options',
  'jax.lax.scatter_apply.options',
];

describe('jax.lax.scatter family: one named test per rule', () => {
  for (const code of FAMILY_CODES) {
    const [, , name, rule] = code.split('.');
    const [call, cls] = CASES[rule];
    it(code, () => {
      expectRule(() => call(FAMILY[name]), code, cls);
    });
  }
  // scatter_apply makes its own updates, so only the others take an updates argument to refuse.
  const updates = [
    'jax.lax.scatter.updates',
    'jax.lax.scatter_add.updates',
    'jax.lax.scatter_sub.updates',
    'jax.lax.scatter_mul.updates',
    'jax.lax.scatter_min.updates',
    'jax.lax.scatter_max.updates',
  ];
  for (const code of updates) {
    const s = FAMILY[code.split('.')[2]];
    it(`${code} (a non-Tensor)`, () => {
      expectRule(() => s(x3(), idx2(), [5, 6], DN), code);
    });
    it(`${code} (C4: updates of the wrong shape)`, () => {
      expectRule(() => s(x3(), idx2(), f32([5, 6, 7]), DN), code);
    });
  }
  for (const code of ['jax.lax.scatter.dtype', 'jax.lax.scatter_min.dtype', 'jax.lax.scatter_max.dtype']) {
    it(`${code} (updates of another dtype)`, () => {
      expectRule(() => FAMILY[code.split('.')[2]](x3(), idx2(), i32([5, 6]), DN), code, DTypeError);
    });
  }
  for (const code of [
    'jax.lax.scatter_add.dtype',
    'jax.lax.scatter_sub.dtype',
    'jax.lax.scatter_mul.dtype',
  ]) {
    it(`${code} (bool operand)`, () => {
      const b = tensor([true, false, true], 'bool');
      expectRule(
        () => FAMILY[code.split('.')[2]](b, idx2(), tensor([true, true], 'bool'), DN),
        code,
        DTypeError,
      );
    });
  }
  it('jax.lax.scatter_apply.update_shape', () => {
    expectRule(
      () => lax.scatter_apply(x3(), idx2(), (v) => v, DN as never, { update_shape: [1.5] }),
      'jax.lax.scatter_apply.update_shape',
    );
  });
  it('jax.lax.scatter_apply.func', () => {
    expectRule(() => lax.scatter_apply(x3(), idx2(), 3 as never, DN as never), 'jax.lax.scatter_apply.func');
  });
  it('the cases are valid calls once the broken value is fixed', () => {
    expect(lax.scatter_add(x3(), idx2(), u2(), DN as never).toArray()).toEqual([6, 2, 9]);
    const b = lax.scatter(zeros([2, 3], 'float32'), i32([[0], [2]]), u2(), BATCHED as never);
    expect(b.toArray()).toEqual([
      [5, 0, 0],
      [0, 0, 6],
    ]);
  });
});

describe('jax.numpy.take / take_along_axis: rules without a named test before', () => {
  it('jax.numpy.take.unique_indices', () => {
    expectRule(
      () => jnp.take(x3(), i32([0]), { unique_indices: 'no' } as never),
      'jax.numpy.take.unique_indices',
    );
  });
  it('jax.numpy.take_along_axis.out', () => {
    expectRule(
      () => jnp.take_along_axis(x3(), i32([0]), 0, { out: zeros([2], 'float32') }),
      'jax.numpy.take_along_axis.out',
    );
  });
  it('jax.lax.gather.operand', () => {
    const dn = lax.GatherDimensionNumbers({
      offset_dims: [],
      collapsed_slice_dims: [0],
      start_index_map: [0],
    });
    expectRule(() => lax.gather([1, 2] as never, i32([[0]]), dn, [1]), 'jax.lax.gather.operand');
  });
  it('jax.lax.gather.indices_are_sorted', () => {
    const dn = lax.GatherDimensionNumbers({
      offset_dims: [],
      collapsed_slice_dims: [0],
      start_index_map: [0],
    });
    expectRule(
      () => lax.gather(x3(), i32([[0]]), dn, [1], { indices_are_sorted: 'yes' } as never),
      'jax.lax.gather.indices_are_sorted',
    );
  });
  it('jax.lax.gather.unique_indices', () => {
    const dn = lax.GatherDimensionNumbers({
      offset_dims: [],
      collapsed_slice_dims: [0],
      start_index_map: [0],
    });
    expectRule(
      () => lax.gather(x3(), i32([[0]]), dn, [1], { unique_indices: 0 } as never),
      'jax.lax.gather.unique_indices',
    );
  });
});
