/**
 * One named negative test per rule of `jax.at(x, index).<method>(...)` (src/frameworks/jax/at.ts)
 * that had none: each test is named by its code, breaks only that rule of a valid call and
 * asserts the error class and the exact code. Not here, because no input reaches them (the
 * catalogue's over-approximation through shared helpers): the method-less `jax.at.<rule>` rows
 * of the options (every option error names its method).
 */
import { describe, expect, it } from 'vitest';
import { DTypeError, InvalidArgumentError, type Tensor, jax, tensor, zeros } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const I = (x: unknown) => tensor(x as number[], 'int32');
const F = (x: unknown) => tensor(x as number[], 'float32');

type Method = (values: unknown, o?: Record<string, unknown>) => Tensor;
/** `x.at[[0, 2]].<method>` on x = [1, 2, 3] (float32, or the given tensor). */
const method = (name: string, x: Tensor = F([1, 2, 3])): Method => {
  const ref = jax.at(x, I([0, 2])) as unknown as Record<string, (...a: unknown[]) => Tensor>;
  if (name === 'get') return (_v, o) => ref.get(o);
  if (name === 'apply') return (_v, o) => ref.apply((v: unknown) => v, o);
  return (v, o) => ref[name](v, o);
};

const CASES: Record<string, [(name: string) => unknown, new (...a: any[]) => Error]> = {
  indices_are_sorted: [(m) => method(m)(F([5, 6]), { indices_are_sorted: 'yes' }), InvalidArgumentError],
  unique_indices: [(m) => method(m)(F([5, 6]), { unique_indices: 1 }), InvalidArgumentError],
  wrap_negative_indices: [(m) => method(m)(F([5, 6]), { wrap_negative_indices: 'no' }), InvalidArgumentError],
  mode: [(m) => method(m)(F([5, 6]), { mode: 'wrap' }), InvalidArgumentError],
  out: [(m) => method(m)(F([5, 6]), { out: zeros([7], 'float32') }), InvalidArgumentError],
  values: [(m) => method(m)('five'), InvalidArgumentError],
  // float64 values into a float32 array: JAX warns that the cast is unsafe and will refuse it.
  values_dtype: [(m) => method(m)(tensor([5, 6], 'float64')), DTypeError],
  values_shape: [(m) => method(m)(F([5, 6, 7])), InvalidArgumentError],
  dtype: [(m) => method(m, tensor([true, false, true], 'bool'))(tensor([true, true], 'bool')), DTypeError],
  options: [(m) => method(m)(F([5, 6]), { bogus: 1 }), InvalidArgumentError],
};

const CODES = [
  'jax.at.set.mode',
  'jax.at.set.wrap_negative_indices',
  'jax.at.add.mode',
  'jax.at.add.wrap_negative_indices',
  'jax.at.subtract.mode',
  'jax.at.subtract.wrap_negative_indices',
  'jax.at.multiply.mode',
  'jax.at.multiply.wrap_negative_indices',
  'jax.at.min.mode',
  'jax.at.min.wrap_negative_indices',
  'jax.at.max.mode',
  'jax.at.max.wrap_negative_indices',
  'jax.at.add.indices_are_sorted',
  'jax.at.add.out',
  'jax.at.add.unique_indices',
  'jax.at.add.values',
  'jax.at.add.values_dtype',
  'jax.at.add.values_shape',
  'jax.at.apply.indices_are_sorted',
  'jax.at.apply.mode',
  'jax.at.apply.out',
  'jax.at.apply.unique_indices',
  'jax.at.apply.wrap_negative_indices',
  'jax.at.divide.dtype',
  'jax.at.divide.values',
  'jax.at.divide.values_dtype',
  'jax.at.divide.values_shape',
  'jax.at.get.indices_are_sorted',
  'jax.at.get.out',
  'jax.at.get.unique_indices',
  'jax.at.get.wrap_negative_indices',
  'jax.at.max.indices_are_sorted',
  'jax.at.max.out',
  'jax.at.max.unique_indices',
  'jax.at.max.values',
  'jax.at.max.values_dtype',
  'jax.at.max.values_shape',
  'jax.at.min.indices_are_sorted',
  'jax.at.min.out',
  'jax.at.min.unique_indices',
  'jax.at.min.values',
  'jax.at.min.values_dtype',
  'jax.at.min.values_shape',
  'jax.at.multiply.dtype',
  'jax.at.multiply.indices_are_sorted',
  'jax.at.multiply.out',
  'jax.at.multiply.unique_indices',
  'jax.at.multiply.values',
  'jax.at.multiply.values_dtype',
  'jax.at.multiply.values_shape',
  'jax.at.power.dtype',
  'jax.at.power.values',
  'jax.at.power.values_dtype',
  'jax.at.power.values_shape',
  'jax.at.set.indices_are_sorted',
  'jax.at.set.unique_indices',
  'jax.at.subtract.dtype',
  'jax.at.subtract.indices_are_sorted',
  'jax.at.subtract.out',
  'jax.at.subtract.unique_indices',
  'jax.at.subtract.values',
  'jax.at.subtract.values_dtype',
  'jax.at.subtract.values_shape',
  'jax.at.set.options',
  'jax.at.add.options',
  'jax.at.subtract.options',
  'jax.at.multiply.options',
  'jax.at.divide.options',
  'jax.at.power.options',
  'jax.at.min.options',
  'jax.at.max.options',
  'jax.at.get.options',
  'jax.at.apply.options',
  // divide and power check their options before they build the program (x / ones.at[i].multiply(v)).
  'jax.at.divide.indices_are_sorted',
  'jax.at.divide.mode',
  'jax.at.divide.out',
  'jax.at.divide.unique_indices',
  'jax.at.divide.wrap_negative_indices',
  'jax.at.power.indices_are_sorted',
  'jax.at.power.mode',
  'jax.at.power.out',
  'jax.at.power.unique_indices',
  'jax.at.power.wrap_negative_indices',
];

describe('jax.at(x, index).<method>: one named test per rule', () => {
  for (const code of CODES) {
    const [, , name, rule] = code.split('.');
    const [call, cls] = CASES[rule];
    it(code, () => {
      expectRule(() => call(name), code, cls);
    });
  }
  it('the base call of every case is valid', () => {
    expect(method('add')(F([5, 6])).toArray()).toEqual([6, 2, 9]);
    expect(method('get')(null).toArray()).toEqual([1, 3]);
    expect(method('power')(F([2, 2])).toArray()).toEqual([1, 2, 9]);
  });
});
