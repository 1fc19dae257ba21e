/**
 * A named negative test for the framework constructors' own rule (src/frameworks/constructors.ts):
 * `torch.tensor`, `tf.constant` and `numpy.array` without a dtype walk the nested values to pick
 * one, and that walk stops at a nesting deeper than the maximum rank (64) as `tensor.depth`.
 * Given a dtype, the walk is skipped and `tensor()` refuses the same values as `tensor.rank`.
 */
import { describe, expect, it } from 'vitest';
import { numpy, tf, torch } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

type Nested = number | Nested[];
/** `n` levels of brackets around one 1. */
const deep = (n: number): Nested => (n === 0 ? 1 : [deep(n - 1)]);

describe('framework constructors: one named test per rule (more)', () => {
  it('tensor.depth: values nested 65 levels deep, without a dtype', () => {
    for (const make of [torch.tensor, tf.constant, numpy.array] as ((v: unknown) => unknown)[]) {
      const e = expectRule(() => make(deep(65)), 'tensor.depth');
      expect(e.message).toBe('tensor: nesting deeper than 64 levels (tensor.depth)');
      expect((e as unknown as { details: object }).details).toEqual({ depth: 65 });
    }
    // Two rank-64 rows make a rank-65 tensor: the walk refuses it too.
    expectRule(() => torch.tensor([deep(64), deep(64)] as never), 'tensor.depth');
    // 64 levels is the maximum rank, accepted; with a dtype the walk is skipped: `tensor.rank`.
    expect(torch.tensor(deep(64) as never).rank).toBe(64);
    expectRule(() => torch.tensor(deep(65) as never, 'float32'), 'tensor.rank');
  });
});
