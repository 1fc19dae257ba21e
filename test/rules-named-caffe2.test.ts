/**
 * The Caffe2 rule that had no named test. Not here, as no input reaches them:
 * `caffe2.BatchGather.axis` and `caffe2.BatchGather.wrap_indices` — BatchGather fixes axis 1 and
 * never wraps (neither is an argument of it: `.options`); the shared lowering lists them.
 */
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, caffe2, tensor } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const m = () =>
  tensor(
    [
      [1, 2, 3],
      [4, 5, 6],
    ],
    'float32',
  );

describe('caffe2: one named test per rule', () => {
  it('caffe2.BatchGather.INDICES', () => {
    expectRule(
      () => caffe2.BatchGather(m(), [2] as never),
      'caffe2.BatchGather.INDICES',
      InvalidArgumentError,
    );
  });
  it('the base call is valid', () => {
    expect(caffe2.BatchGather(m(), tensor([2], 'int32')).toArray()).toEqual([[3], [6]]);
  });
});
