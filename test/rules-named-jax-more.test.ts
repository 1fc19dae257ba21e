/**
 * Named negative tests for the `jax.lax` rules the catalogue still listed without one
 * (src/frameworks/jax/lax.ts), reached through the public call: the error class, the exact
 * code and the message's key part, beside the valid call.
 *
 * `jax.lax.scatter_apply.updates`: scatter_apply has no updates argument; it scatters a zero
 * tensor of `update_shape`, so a wrong `update_shape` breaks StableHLO's C4 (the updates' rank),
 * which JAX's rule table names `updates`. Not here, as no input reaches it:
 * `jax.lax.scatter_apply.dtype` (bool is refused only by scatter_add/sub/mul, and the zero
 * updates always have the operand's dtype).
 */
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, jax, type Scalar, tensor } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const dn = jax.lax.ScatterDimensionNumbers({
  update_window_dims: [],
  inserted_window_dims: [0],
  scatter_dims_to_operand_dims: [0],
});
const times10 = (v: Scalar) => (v as number) * 10;
const apply = (update_shape?: number[]) =>
  jax.lax.scatter_apply(tensor([1, 2, 3], 'int32'), tensor([[0], [0]], 'int32'), times10, dn, {
    update_shape,
  });

describe('jax.lax: one named test per rule (more)', () => {
  it('jax.lax.scatter_apply.updates: update_shape of the wrong rank', () => {
    const e = expectRule(() => apply([2, 1]), 'jax.lax.scatter_apply.updates', InvalidArgumentError);
    // JAX's words (_scatter_shape_rule): its first check is the updates' rank.
    expect(e.message).toContain('Updates tensor must be of rank 1; got 2.');
    // The default update_shape is [] (rank 0): two index rows need rank 1 as well.
    expectRule(() => apply(), 'jax.lax.scatter_apply.updates');
    // The documented example: two hits at 0 apply func twice.
    expect(apply([2]).toArray()).toEqual([100, 2, 3]);
  });
});
