/**
 * One named negative test per MXNet rule that had none: each test is named by its code, breaks
 * only that rule of a valid call and asserts the error class and the exact code.
 */
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, mxnet, tensor, zeros } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const I = (x: unknown) => tensor(x as number[], 'int32');
const F = (x: unknown) => tensor(x as number[], 'float32');
const a23 = () =>
  F([
    [1, 2, 3],
    [4, 5, 6],
  ]);
const mx = mxnet as unknown as Record<string, (...a: unknown[]) => { toArray(): unknown }>;

const CASES: [string, () => unknown][] = [
  ['mxnet.batch_take.a', () => mx.batch_take([[1, 2]], I([0]))],
  ['mxnet.batch_take.indices', () => mx.batch_take(a23(), [0, 1])],
  ['mxnet.gather_nd.indices', () => mx.gather_nd(a23(), [[0], [1]])],
  ['mxnet.pick.data', () => mx.pick([[1, 2]], I([0]))],
  ['mxnet.pick.out', () => mx.pick(a23(), I([0, 1]), { out: zeros([5], 'float32') })],
  ['mxnet.pick.options', () => mx.pick(a23(), I([0, 1]), { bogus: 1 })],
  ['mxnet.scatter_nd.data', () => mx.scatter_nd([9], I([[1]]), [3])],
];

describe('mxnet: one named test per rule', () => {
  for (const [code, call] of CASES)
    it(code, () => {
      expectRule(call, code, InvalidArgumentError);
    });
  it('the base calls are valid', () => {
    expect(mx.batch_take(a23(), I([0, 2])).toArray()).toEqual([1, 6]);
    expect(mx.pick(a23(), I([0, 1])).toArray()).toEqual([1, 5]);
    expect(mx.scatter_nd(F([9]), I([[1]]), [3]).toArray()).toEqual([0, 9, 0]);
  });
});
