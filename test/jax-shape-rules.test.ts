/**
 * `jax.lax.gather` / `jax.lax.scatter` report the rule JAX's own shape rule reports
 * (jax/_src/lax/slicing.py `_gather_shape_rule`, `_scatter_shape_rule`): the cases of JAX's
 * testGatherShapeCheckingRule and testScatterShapeCheckingRule (tests/lax_test.py), each breaking
 * one or several rules, with the words of JAX's message. Several break more than one rule
 * (the first four gathers also have 5 start_index_map entries for an index vector of 1), so the
 * order is what they test. Then the dtype rule, which JAX runs after the shape rule.
 */
import { describe, expect, it } from 'vitest';
import { DTypeError, complex, jax, tensor, zeros } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const { lax } = jax;

// [name, operand, indices, offset_dims, collapsed_slice_dims, start_index_map, slice_sizes, code, JAX's words]
const GATHERS: [string, number[], number[], number[], number[], number[], number[], string, string][] = [
  [
    'NonAscendingWindowIndices',
    [10, 9, 8, 7, 6],
    [5, 4, 3, 2, 1],
    [4, 5, 6, 8, 7],
    [],
    [0, 1, 2, 3, 4],
    [10, 9, 8, 7, 6],
    'offset_dims',
    'offset_dims in gather op must be sorted',
  ],
  [
    'RepeatedWindowIndices',
    [10, 9, 8, 7, 6],
    [5, 4, 3, 2, 1],
    [4, 5, 6, 7, 7],
    [],
    [0, 1, 2, 3, 4],
    [10, 9, 8, 7, 6],
    'offset_dims',
    'offset_dims in gather op must not repeat',
  ],
  [
    'WindowIndexOutOfBounds',
    [10, 9, 8, 7, 6],
    [5, 4, 3, 2, 1],
    [4, 5, 100, 101, 102],
    [],
    [0, 1, 2, 3, 4],
    [10, 9, 8, 7, 6],
    'offset_dims',
    'Offset dimension 2 in gather op is out of bounds',
  ],
  [
    'WindowIndexBarelyOutOfBounds',
    [10, 9, 8, 7, 6],
    [5, 4, 3, 2, 1],
    [4, 5, 6, 7, 9],
    [],
    [0, 1, 2, 3, 4],
    [10, 9, 8, 7, 6],
    'offset_dims',
    'Offset dimension 4 in gather op is out of bounds',
  ],
  [
    'MismatchingElidedWindowDims',
    [10, 9, 8, 7, 6],
    [5, 4, 3, 2, 5],
    [4, 5, 6, 7, 8],
    [4],
    [0, 1, 2, 3, 4],
    [10, 9, 8, 7, 6],
    'dimension_numbers',
    'All components of the offset index in a gather op must either be a offset dimension or explicitly collapsed',
  ],
  [
    'OutOfBoundsWindowToInputMapping',
    [10, 9, 8, 7, 6],
    [5, 4, 3, 2, 5],
    [4, 5, 6, 7, 8],
    [0, 1, 2, 3, 19],
    [0, 1, 2, 3, 4],
    [10, 9, 8, 7, 6],
    'collapsed_slice_dims',
    'Invalid collapsed_slice_dims set in gather op; valid range is [0, 5); got: 19.',
  ],
  [
    'RepeatedWindowToInputMapping',
    [10, 9, 8, 7, 6],
    [5, 4, 3, 2, 5],
    [4, 5, 6, 7, 8],
    [0, 1, 2, 3, 3],
    [0, 1, 2, 3, 4],
    [10, 9, 8, 7, 6],
    'collapsed_slice_dims',
    'collapsed_slice_dims in gather op must not repeat',
  ],
  [
    'MismatchingGatherToInputMapping',
    [10, 9, 8, 7, 6],
    [5, 4, 3, 2, 5],
    [4, 5, 6, 7, 8],
    [],
    [0, 1, 2, 3],
    [10, 9, 8, 7, 6],
    'start_index_map',
    'Gather op has 4 elements in start_index_map and the bound of dimension index_vector_dim=4 of indices is 5. These two numbers must be equal.',
  ],
  [
    'OutOfBoundsGatherToInputMapping',
    [10, 9, 8, 7, 6],
    [5, 4, 3, 2, 5],
    [4, 5, 6, 7, 8],
    [],
    [0, 1, 2, 3, 7],
    [10, 9, 8, 7, 6],
    'start_index_map',
    'Invalid start_index_map; domain is [0, 5), got: 4->7.',
  ],
  [
    'RepeatedGatherToInputMapping',
    [10, 9, 8, 7, 6],
    [5, 4, 3, 2, 5],
    [4, 5, 6, 7, 8],
    [],
    [0, 1, 2, 3, 3],
    [10, 9, 8, 7, 6],
    'start_index_map',
    'start_index_map in gather op must not repeat',
  ],
  [
    'NonAscendingElidedWindowDims',
    [10, 9, 8, 7, 6],
    [5, 4, 3, 2, 5],
    [4, 5, 6, 7, 8],
    [2, 1],
    [0, 1, 2, 3, 4],
    [10, 9, 8, 7, 6],
    'collapsed_slice_dims',
    'collapsed_slice_dims in gather op must be sorted',
  ],
  [
    'WindowBoundsTooLarge',
    [10, 9, 8, 7, 6],
    [5, 4, 3, 2, 5],
    [4, 5, 6, 7],
    [2],
    [0, 1, 2, 3, 4],
    [10, 9, 8, 100, 6],
    'slice_sizes',
    'Slice size at index 3 in gather op is out of range',
  ],
  [
    'MismatchingNumberOfWindowBounds',
    [10, 9, 8, 7, 6],
    [5, 4, 3, 2, 5],
    [4, 5, 6, 7],
    [],
    [0, 1, 2, 3, 4],
    [10, 9, 8, 7],
    'slice_sizes',
    'Gather op must have one slice size for every input dimension',
  ],
  [
    'WindowBoundsNot1ForElidedDim',
    [10, 9, 8, 7, 6],
    [5, 4, 3, 2, 5],
    [4, 5, 6, 7],
    [1],
    [0, 1, 2, 3, 4],
    [10, 9, 8, 7, 6],
    'slice_sizes',
    'Gather op can only collapse slice dims with bound 1, but bound is 9 for index 1 at position 0.',
  ],
];

// [name, operand, indices, updates, update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, code, JAX's words]
const SCATTERS: [string, number[], number[], number[], number[], number[], number[], string, string][] = [
  [
    'ScatterWithUpdatesBiggerThanInput',
    [64, 48],
    [32, 1],
    [65, 32],
    [0],
    [1],
    [1],
    'updates',
    'Bounds of the window dimensions of updates must not exceed the bounds of the corresponding dimensions of operand. For dimension 0, updates bound is 65, operand bound is 64.',
  ],
  [
    'ScatterWithUpdatesBiggerThanInputV2',
    [64, 48],
    [32, 1],
    [32, 49],
    [1],
    [0],
    [1],
    'updates',
    'Bounds of the window dimensions',
  ],
  [
    'ScatterWithUpdatesNotMatchingIndices',
    [64, 48],
    [32, 1],
    [64, 31],
    [0],
    [1],
    [1],
    'updates',
    'Bounds of the scatter dimensions of updates must be the same as the bounds of the corresponding dimensions of scatter indices. For scatter dimension 1, updates bound is 31, indices bound is 32.',
  ],
  [
    'ScatterWithUpdatesNotMatchingIndicesV2',
    [64, 48],
    [32, 1],
    [31, 48],
    [1],
    [0],
    [1],
    'updates',
    'Bounds of the scatter dimensions',
  ],
  [
    'ScatterNdWithUpdatesBiggerThanInput',
    [64, 48],
    [10, 9, 8, 7, 1],
    [10, 9, 8, 7, 65],
    [4],
    [1],
    [0],
    'updates',
    'Bounds of the window dimensions',
  ],
  [
    'ScatterNdWithUpdatesNotMatchingIndices',
    [64, 48],
    [10, 9, 8, 7, 1],
    [9, 9, 8, 7, 64],
    [4],
    [1],
    [0],
    'updates',
    'Bounds of the scatter dimensions',
  ],
  [
    'InvalidUpdates',
    [50, 49, 48, 47, 46],
    [10, 9, 8, 7, 5],
    [10, 9, 8, 7, 3, 2, 4, 1],
    [4, 5, 6],
    [1, 2],
    [0, 1, 2, 3, 4],
    'updates',
    'Updates tensor must be of rank 7; got 8.',
  ],
  [
    'NonAscendingUpdateWindowDims',
    [6, 5, 4, 3, 2],
    [5, 4, 3, 2, 1],
    [10, 9, 8, 7, 6, 5, 4, 3, 2],
    [4, 5, 6, 8, 7],
    [],
    [0, 1, 2, 3, 4],
    'update_window_dims',
    'update_window_dims in scatter op must be sorted',
  ],
  [
    'RepeatedUpdateWindowDims',
    [6, 5, 4, 3, 2],
    [5, 4, 3, 2, 1],
    [10, 9, 8, 7, 6, 5, 4, 3, 2],
    [4, 5, 6, 7, 7],
    [],
    [0, 1, 2, 3, 4],
    'update_window_dims',
    'update_window_dims in scatter op must not repeat',
  ],
  [
    'OutOfBoundsUpdateWindowDims',
    [6, 5, 4, 3, 2],
    [5, 4, 3, 2, 1],
    [10, 9, 8, 7, 6, 5, 4, 3, 2],
    [4, 5, 6, 7, 9],
    [],
    [0, 1, 2, 3, 4],
    'update_window_dims',
    'Invalid update_window_dims set in scatter op; valid range is [0, 9); got: 9.',
  ],
  [
    'NonAscendingInsertedWindowDims',
    [50, 49, 48, 47, 46],
    [10, 9, 8, 7, 5],
    [10, 9, 8, 7, 3, 2, 4],
    [4, 5, 6],
    [2, 1],
    [0, 1, 2, 3, 4],
    'inserted_window_dims',
    'inserted_window_dims in scatter op must be sorted',
  ],
  [
    'RepeatedInsertedWindowDims',
    [50, 49, 48, 47, 46],
    [10, 9, 8, 7, 5],
    [10, 9, 8, 7, 3, 2, 4],
    [4, 5, 6],
    [1, 1],
    [0, 1, 2, 3, 4],
    'inserted_window_dims',
    'inserted_window_dims in scatter op must not repeat',
  ],
  [
    'OutOfBoundsInsertedWindowDims',
    [50, 49, 48, 47, 46],
    [10, 9, 8, 7, 5],
    [10, 9, 8, 7, 3, 2, 4],
    [4, 5, 6],
    [1, 5],
    [0, 1, 2, 3, 4],
    'inserted_window_dims',
    'Invalid inserted_window_dims set in scatter op',
  ],
  [
    'MismatchingScatterDimsToOperandDims',
    [50, 49, 48, 47, 46],
    [10, 9, 8, 7, 5],
    [10, 9, 8, 7, 3, 2, 4],
    [4, 5, 6],
    [1, 2],
    [0, 1, 2, 3],
    'scatter_dims_to_operand_dims',
    'Scatter op has 4 elements in scatter_dims_to_operand_dims and the bound of dimension index_vector_dim=4 of indices is 5. These two numbers must be equal',
  ],
  [
    'OutOfBoundsScatterDimsToOperandDims',
    [50, 49, 48, 47, 46],
    [10, 9, 8, 7, 5],
    [10, 9, 8, 7, 3, 2, 4],
    [4, 5, 6],
    [1, 2],
    [0, 1, 2, 3, 10],
    'scatter_dims_to_operand_dims',
    'Invalid scatter_dims_to_operand_dims mapping; domain is [0, 5), got: 4->10.',
  ],
  [
    'RepeatedValuesInScatterDimsToOperandDims',
    [50, 49, 48, 47, 46],
    [10, 9, 8, 7, 5],
    [10, 9, 8, 7, 3, 2, 4],
    [4, 5, 6],
    [1, 2],
    [0, 1, 2, 2, 3],
    'scatter_dims_to_operand_dims',
    'scatter_dims_to_operand_dims in scatter op must not repeat',
  ],
  [
    'InsufficientWindowDims',
    [50, 49, 48, 47, 46],
    [10, 9, 8, 7, 5],
    [10, 9, 8, 7, 3, 2, 4],
    [4, 5, 6],
    [1],
    [0, 1, 2, 3],
    'dimension_numbers',
    "Scatter op has window of size 4; doesn't match operand of rank 5.",
  ],
];

describe("jax.lax.gather: JAX's shape rule, in JAX's order", () => {
  for (const [
    name,
    os,
    is,
    offset_dims,
    collapsed_slice_dims,
    start_index_map,
    sizes,
    code,
    words,
  ] of GATHERS) {
    it(`${name}: jax.lax.gather.${code}`, () => {
      const dn = lax.GatherDimensionNumbers({ offset_dims, collapsed_slice_dims, start_index_map });
      const call = () => lax.gather(zeros(os, 'int32'), zeros(is, 'int32'), dn, sizes);
      expect(expectRule(call, `jax.lax.gather.${code}`).message).toContain(words);
    });
  }

  it("a collapsed dim past a rank-0 operand passes JAX's range check (it tests the offender for truth) and fails the count", () => {
    const dn = lax.GatherDimensionNumbers({
      offset_dims: [],
      collapsed_slice_dims: [0],
      start_index_map: [],
    });
    const e = expectRule(
      () => lax.gather(zeros([], 'int32'), zeros([1, 0], 'int32'), dn, []),
      'jax.lax.gather.dimension_numbers',
    );
    expect(e.message).toContain('collapsed_slice_dims=(0,), operand_batching_dims=().');
    // A batching dim 0 of a rank-0 operand passes that check too; JAX then fails reading its size.
    const dn2 = lax.GatherDimensionNumbers({
      offset_dims: [],
      collapsed_slice_dims: [],
      start_index_map: [],
      operand_batching_dims: [0],
      start_indices_batching_dims: [0],
    });
    const call = () => lax.gather(zeros([], 'int32'), zeros([1, 0], 'int32'), dn2, []);
    expect(expectRule(call, 'jax.lax.gather.operand_batching_dims').message).toContain(
      'valid range is [0, 0); got: 0.',
    );
  });

  it('the dtype rule runs after the shape rule: float indices are named only once the shapes pass', () => {
    const dn = lax.GatherDimensionNumbers({
      offset_dims: [],
      collapsed_slice_dims: [0],
      start_index_map: [0],
    });
    expectRule(
      () => lax.gather(zeros([3], 'int32'), zeros([2, 1], 'float32'), dn, [2]),
      'jax.lax.gather.slice_sizes',
    );
    expectRule(
      () => lax.gather(zeros([3], 'int32'), zeros([2, 1], 'float32'), dn, [1]),
      'jax.lax.gather.index_dtype',
      DTypeError,
    );
    expect(lax.gather(zeros([3], 'int32'), zeros([2, 1], 'int32'), dn, [1]).shape).toEqual([2]);
  });
});

describe("jax.lax.scatter: JAX's shape rule, in JAX's order", () => {
  // JAX's test passes float64 indices (np.zeros): the shape rule fails before the dtype rule looks.
  for (const [name, os, is, us, update_window_dims, inserted_window_dims, sdod, code, words] of SCATTERS) {
    it(`${name}: jax.lax.scatter.${code}`, () => {
      const dn = lax.ScatterDimensionNumbers({
        update_window_dims,
        inserted_window_dims,
        scatter_dims_to_operand_dims: sdod,
      });
      const call = () => lax.scatter(zeros(os, 'int32'), zeros(is, 'float32'), zeros(us, 'int32'), dn);
      expect(expectRule(call, `jax.lax.scatter.${code}`).message).toContain(words);
    });
  }

  it('the dtype rule runs after the shape rule: index dtype, then operand and updates alike', () => {
    const dn = lax.ScatterDimensionNumbers({
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
    });
    const x = zeros([3], 'int32');
    expectRule(
      () => lax.scatter(x, zeros([2, 1], 'float32'), zeros([2], 'float32'), dn),
      'jax.lax.scatter.index_dtype',
      DTypeError,
    );
    expectRule(
      () => lax.scatter(x, zeros([2, 1], 'int32'), zeros([2], 'float32'), dn),
      'jax.lax.scatter.dtype',
      DTypeError,
    );
    expectRule(
      () => lax.scatter(x, zeros([2, 1], 'int32'), zeros([3], 'float32'), dn),
      'jax.lax.scatter.updates',
    );
  });
});

describe("JAX 0.11's own tests: empty indices, updates batching dims, wrap_negative_indices, scalar indices", () => {
  const G = lax.GatherDimensionNumbers;

  it("empty indices may slice a size-0 dim with size 1 (testGather's case): an empty result", () => {
    const dn = G({ offset_dims: [], collapsed_slice_dims: [0], start_index_map: [0] });
    const r = lax.gather(zeros([0], 'float32'), zeros([0, 1], 'int32'), dn, [1]);
    expect([r.shape, r.dtype]).toEqual([[0], 'float32']);
    const dn2 = G({ offset_dims: [1], collapsed_slice_dims: [0], start_index_map: [0] });
    expect(lax.gather(zeros([0, 3], 'int32'), zeros([0, 1], 'int32'), dn2, [1, 3]).shape).toEqual([0, 3]);
    // With indices, the bound check applies (JAX's words).
    const e = expectRule(
      () => lax.gather(zeros([0], 'float32'), zeros([2, 1], 'int32'), dn, [1]),
      'jax.lax.gather.slice_sizes',
    );
    expect(e.message).toContain(
      'Slice size at index 0 in gather op is out of range, must be within [0, 0 + 1), got 1.',
    );
    // Any slice sizes, with empty indices and an empty result: JAX lowers to zeros of its shape.
    const dn3 = G({ offset_dims: [1], collapsed_slice_dims: [], start_index_map: [0] });
    expect(lax.gather(zeros([2], 'int32'), zeros([0, 1], 'int32'), dn3, [3]).shape).toEqual([0, 3]);
    // Empty indices with a non-empty result (only the index vector is empty) do gather: the bound holds.
    const dn4 = G({ offset_dims: [1], collapsed_slice_dims: [], start_index_map: [] });
    expectRule(
      () => lax.gather(zeros([0], 'int32'), zeros([3, 0], 'int32'), dn4, [1]),
      'jax.lax.gather.slice_sizes',
    );
    expect(lax.gather(zeros([2], 'int32'), zeros([3, 0], 'int32'), dn4, [1]).toArray()).toEqual([
      [0],
      [0],
      [0],
    ]);
  });

  it("scatter: the updates' batching dims must match the operand's (checked before the window size)", () => {
    const dn = lax.ScatterDimensionNumbers({
      update_window_dims: [],
      inserted_window_dims: [1],
      scatter_dims_to_operand_dims: [1],
      operand_batching_dims: [0],
      scatter_indices_batching_dims: [0],
    });
    const call = (u: number[]) =>
      lax.scatter(zeros([2, 3], 'int32'), zeros([2, 1], 'int32'), zeros(u, 'int32'), dn);
    const e = expectRule(() => call([3]), 'jax.lax.scatter.batching_dims');
    expect(e.message).toContain(
      'operand batching dimensions and updates batching dimensions to have the same shape, got (2,) and (3,).',
    );
    expect(call([2]).toArray()).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });

  it('take_along_axis: wrap_negative_indices (unset: wrap unless mode is "promise_in_bounds")', () => {
    const x = tensor([10, 20, 30], 'int32');
    const idx = tensor([-1, -2], 'int32');
    const along = (o: object) => jax.numpy.take_along_axis(x, idx, 0, o).toArray();
    expect(along({ mode: 'clip', wrap_negative_indices: false })).toEqual([10, 10]);
    expect(along({ mode: 'clip', wrap_negative_indices: true })).toEqual([30, 20]);
    expect(along({ mode: 'promise_in_bounds', wrap_negative_indices: true })).toEqual([30, 20]);
    expect(along({ mode: 'promise_in_bounds' })).toEqual([10, 10]);
    expect(along({ wrap_negative_indices: null })).toEqual([30, 20]);
    expect(along({ wrap_negative_indices: false })).toEqual([-2147483648, -2147483648]); // fill: iinfo(int32).min
    expectRule(() => along({ wrap_negative_indices: 1 }), 'jax.numpy.take_along_axis.wrap_negative_indices');
  });

  it('jnp.take takes a Python int index (a 0-d int32 array, as JAX makes it)', () => {
    const x = tensor(
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
      'float32',
    );
    expect(jax.numpy.take(x, 1).toArray()).toBe(2);
    expect(jax.numpy.take(x, -1).toArray()).toBe(6); // "fill" wraps once
    expect(jax.numpy.take(x, 7).toArray()).toBeNaN(); // then fills
    expect(jax.numpy.take(x, 1n, { axis: 1 }).toArray()).toEqual([2, 5]);
    const e = expectRule(() => jax.numpy.take(x, 2 ** 40), 'jax.numpy.take.indices');
    expect(e.message).toContain('Python int 1099511627776 too large to convert to int32');
    expectRule(() => jax.numpy.take(x, 1.5), 'jax.numpy.take.index_dtype', DTypeError);
    expectRule(() => jax.numpy.take(x, true as never), 'jax.numpy.take.index_dtype', DTypeError);
  });

  it('.at[].set takes a Python complex (a weak complex: safe into a complex array only)', () => {
    const x = tensor([complex(1, 1), complex(2, 0)], 'complex64');
    expect(jax.at(x, 0).set(complex(0, 1)).toArray()).toEqual([complex(0, 1), complex(2, 0)]);
    expect(jax.at(x, 1).add(complex(0, -1)).toArray()).toEqual([complex(1, 1), complex(2, -1)]);
    const e = expectRule(
      () => jax.at(tensor([1, 2], 'float32'), 0).set(complex(0, 1)),
      'jax.at.set.values_dtype',
      DTypeError,
    );
    expect(e.message).toContain('value 0+1j cannot be cast safely to float32');
  });
});
