/**
 * One named negative test per NumPy rule that had none: each test is named by its code, breaks
 * only that rule of a valid call and asserts the error class and the exact code.
 */
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, numpy, tensor, zeros } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const I = (x: unknown) => tensor(x as number[], 'int64');
const F = (x: unknown) => tensor(x as number[], 'float64');
const a23 = () =>
  F([
    [1, 2, 3],
    [4, 5, 6],
  ]);
const np = numpy as unknown as Record<string, (...a: unknown[]) => { toArray(): unknown }>;
const wrongOut = () => ({ out: zeros([9], 'float64') });

/** code → a call breaking only that rule, and the class it throws. */
const CASES: [string, () => unknown, (new (...a: any[]) => Error)?][] = [
  ['numpy.index.indices', () => np.index(a23(), 'x')],
  ['numpy.index.out', () => np.index(a23(), [I([0])], wrongOut())],
  ['numpy.put.a', () => np.put('x', I([0]), 9)],
  ['numpy.put.ind', () => np.put(a23(), 'x', 9)],
  ['numpy.put.out', () => np.put(a23(), I([0]), 9, wrongOut())],
  ['numpy.put_along_axis.arr', () => np.put_along_axis('x', I([[0]]), 9, 0)],
  ['numpy.put_along_axis.indices', () => np.put_along_axis(a23(), 'x', 9, 0)],
  ['numpy.put_along_axis.values', () => np.put_along_axis(a23(), I([[0, 1, 0]]), 'x', 0)],
  ['numpy.put_along_axis.axis', () => np.put_along_axis(a23(), I([[0, 1, 0]]), 9, 2)],
  ['numpy.put_along_axis.ndim', () => np.put_along_axis(a23(), I([0, 1, 0]), 9, 0)],
  ['numpy.put_along_axis.shape', () => np.put_along_axis(a23(), I([[0, 1]]), 9, 0)],
  ['numpy.put_along_axis.out', () => np.put_along_axis(a23(), I([[0, 1, 0]]), 9, 0, wrongOut())],
  ['numpy.put_along_axis.options', () => np.put_along_axis(a23(), I([[0, 1, 0]]), 9, 0, { bogus: 1 })],
  ['numpy.take_along_axis.options', () => np.take_along_axis(a23(), I([[0, 1, 0]]), 0, { bogus: 1 })],
  ['numpy.take.indices', () => np.take(a23(), 'x')],
  ['numpy.take_along_axis.arr', () => np.take_along_axis('x', I([[0]]), 0)],
  ['numpy.take_along_axis.out', () => np.take_along_axis(a23(), I([[0, 1, 0]]), 0, wrongOut())],
];

describe('numpy: one named test per rule', () => {
  for (const [code, call, cls] of CASES)
    it(code, () => {
      expectRule(call, code, cls ?? InvalidArgumentError);
    });
  it('the base calls are valid', () => {
    expect(np.put_along_axis(a23(), I([[0, 1, 0]]), 9, 0).toArray()).toEqual([
      [9, 2, 9],
      [4, 9, 6],
    ]);
    expect(np.take_along_axis(a23(), I([[0, 1, 0]]), 0).toArray()).toEqual([[1, 5, 3]]);
    expect(np.index(a23(), [I([0])]).toArray()).toEqual([[1, 2, 3]]);
  });
});
