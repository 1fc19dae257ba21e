/**
 * Junk arguments to `mlir.tensor.inferResultShape`: a shape or dims that is no integer array, or
 * a `rankReduced` that is no boolean, is a typed `mlir.tensor.inferResultShape.arguments` error
 * (was a TypeError from `flatMap` / `slice` on the junk) — with the valid call beside it.
 */
import { describe, expect, it } from 'vitest';
import { mlir, tensor } from '../src/index.js';
import { errorOf } from './helpers/errors.js';

const JUNK: readonly unknown[] = [
  undefined,
  null,
  Number.NaN,
  'x',
  Symbol('j'),
  1n,
  {},
  tensor([1], 'int32'),
];
const code = 'mlir.tensor.inferResultShape.arguments';
const infer = mlir.tensor.inferResultShape as (...args: unknown[]) => number[];

describe('mlir.tensor.inferResultShape refuses junk', () => {
  it('mlir.tensor.inferResultShape.arguments: junk shapes, dims or rankReduced', () => {
    expect(infer([2, 3, 4], [5, 1], [1], false)).toEqual([5, 2, 1, 4]);
    expect(infer([2, 3, 4], [5, 1], [1], true)).toEqual([5, 2, 4]);
    expect(infer([2, 3, 4], [5, 1], [1])).toEqual([5, 2, 1, 4]);
    for (const slot of [0, 1, 2, 3]) {
      for (const j of JUNK) {
        if (slot === 3 && j === undefined) continue; // rankReduced defaults to false
        const args: unknown[] = [[2, 3, 4], [5, 1], [1], false];
        args[slot] = j;
        expect(
          errorOf(() => infer(...args)),
          `slot ${slot}: ${String(j?.toString())}`,
        ).toMatchObject({
          cls: 'InvalidArgumentError',
          code,
        });
      }
    }
    expect(errorOf(() => infer(tensor([1, 2], 'float32'), undefined, [0], false)).message).toBe(
      `mlir.tensor.inferResultShape: sourceShape must be an array of at most 64 integers; got a float32 Tensor of shape [2] (${code})`,
    );
  });
});
