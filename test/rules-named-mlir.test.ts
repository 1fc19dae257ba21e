/**
 * One named negative test per `mlir.tensor.scatter` argument rule that had none: each test is named
 * by its code, breaks only that rule of a valid call and asserts the error class and the exact code.
 * Not here, as no input reaches them: gather's `result_shape` row and
 * scatter's `duplicates` row (their checks report `.result_type` and `.duplicates_policy`).
 */
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, mlir, tensor, zeros } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const I64 = (v: unknown) => tensor(v as number[], 'int64');
const F = (v: unknown) => tensor(v as number[], 'float32');
const A = { scatter_dims: [0], unique: true };
const dest = () => zeros([2, 2], 'float32');

const CASES: [string, () => unknown][] = [
  ['mlir.tensor.scatter.source', () => mlir.tensor.scatter([[9, 9]] as never, dest(), I64([[1]]), A)],
  ['mlir.tensor.scatter.dest', () => mlir.tensor.scatter(F([[9, 9]]), [[0, 0]] as never, I64([[1]]), A)],
  ['mlir.tensor.scatter.indices', () => mlir.tensor.scatter(F([[9, 9]]), dest(), [[1]] as never, A)],
  [
    'mlir.tensor.scatter.scatter_dims',
    () => mlir.tensor.scatter(F([[9, 9]]), dest(), I64([[1]]), { ...A, scatter_dims: 'x' } as never),
  ],
  [
    'mlir.tensor.scatter.options',
    () => mlir.tensor.scatter(F([[9, 9]]), dest(), I64([[1]]), { ...A, bogus: 1 } as never),
  ],
];

describe('mlir.tensor.scatter: one named test per rule', () => {
  for (const [code, call] of CASES)
    it(code, () => {
      expectRule(call, code, InvalidArgumentError);
    });
  it('the base call is valid', () => {
    expect(mlir.tensor.scatter(F([[9, 9]]), dest(), I64([[1]]), A).toArray()).toEqual([
      [0, 0],
      [9, 9],
    ]);
  });
});
