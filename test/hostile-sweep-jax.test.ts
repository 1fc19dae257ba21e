/**
 * Junk arguments to JAX's dimension-number constructors: `jax.lax.GatherDimensionNumbers()` /
 * `ScatterDimensionNumbers()` bind keyword arguments as Python does, so no value, a non-object,
 * a missing required field or an unknown field is a typed `<op>.fields` error (Python's
 * TypeError), never a JS TypeError — with the valid call beside it.
 */
import { describe, expect, it } from 'vitest';
import { jax, tensor } from '../src/index.js';
import { errorOf } from './helpers/errors.js';

const JUNK: readonly unknown[] = [
  undefined,
  null,
  Number.NaN,
  -1,
  'x',
  Symbol('j'),
  1n,
  {},
  [],
  tensor([1], 'int32'),
];
const GATHER = { offset_dims: [], collapsed_slice_dims: [0], start_index_map: [0] };
const SCATTER = { update_window_dims: [], inserted_window_dims: [0], scatter_dims_to_operand_dims: [0] };

describe('jax.lax dimension-number constructors refuse junk', () => {
  it('jax.lax.GatherDimensionNumbers.fields: no argument, junk, a missing or unknown field', () => {
    const ok = jax.lax.GatherDimensionNumbers(GATHER);
    expect(ok).toEqual({ ...GATHER, operand_batching_dims: [], start_indices_batching_dims: [] });
    expect(Object.isFrozen(ok)).toBe(true);
    const code = 'jax.lax.GatherDimensionNumbers.fields';
    for (const j of JUNK)
      expect(
        errorOf(() => jax.lax.GatherDimensionNumbers(j as never)),
        String(j?.toString()),
      ).toMatchObject({
        cls: 'InvalidArgumentError',
        code,
      });
    expect(errorOf(() => (jax.lax.GatherDimensionNumbers as () => unknown)())).toEqual({
      cls: 'InvalidArgumentError',
      code,
      message: `jax.lax.GatherDimensionNumbers: missing required fields offset_dims, collapsed_slice_dims, start_index_map; got undefined (${code})`,
    });
    expect(
      errorOf(() => jax.lax.GatherDimensionNumbers({ offset_dims: [], start_index_map: [0] } as never))
        .message,
    ).toBe(
      `jax.lax.GatherDimensionNumbers: missing required field collapsed_slice_dims; got an object (Object) (${code})`,
    );
    expect(
      errorOf(() => jax.lax.GatherDimensionNumbers({ ...GATHER, index_vector_dim: 1 } as never)).message,
    ).toMatch(/^jax\.lax\.GatherDimensionNumbers: unknown field "index_vector_dim"; accepted: offset_dims, /);
  });
  it('jax.lax.ScatterDimensionNumbers.fields: no argument, junk, a missing or unknown field', () => {
    const ok = jax.lax.ScatterDimensionNumbers({ ...SCATTER, operand_batching_dims: [1] });
    expect(ok).toEqual({ ...SCATTER, operand_batching_dims: [1], scatter_indices_batching_dims: [] });
    const code = 'jax.lax.ScatterDimensionNumbers.fields';
    for (const j of JUNK)
      expect(
        errorOf(() => jax.lax.ScatterDimensionNumbers(j as never)),
        String(j?.toString()),
      ).toMatchObject({
        cls: 'InvalidArgumentError',
        code,
      });
    expect(errorOf(() => jax.lax.ScatterDimensionNumbers(Symbol('s') as never)).message).toBe(
      `jax.lax.ScatterDimensionNumbers: fields must be an object; got symbol Symbol(s) (${code})`,
    );
    expect(
      errorOf(() => jax.lax.ScatterDimensionNumbers({ ...SCATTER, update_window_dims: undefined } as never))
        .message,
    ).toBe(
      `jax.lax.ScatterDimensionNumbers: missing required field update_window_dims; got an object (Object) (${code})`,
    );
  });
  it('the lowerings keep their own rule for dimension numbers (jax.lax.gather.dimension_numbers)', () => {
    const x = tensor([10, 11, 12], 'int32');
    const idx = tensor([[2]], 'int32');
    expect(Array.from(jax.lax.gather(x, idx, GATHER, [1]).data)).toEqual([12]);
    expect(errorOf(() => jax.lax.gather(x, idx, null as never, [1])).code).toBe(
      'jax.lax.gather.dimension_numbers',
    );
  });
});
