/**
 * One named negative test per rule of the `stablehlo.gather` / `stablehlo.scatter` frontend
 * (src/frameworks/stablehlo.ts: attributes and our policy options) that had none: each test is
 * named by its code, breaks only that rule of a valid call and asserts the error class and the
 * exact code. Not here, as no input reaches them: the catalogue's scatter-only rows under
 * `stablehlo.gather.*` (duplicates, duplicate_code, include_self, inputs, scatter_indices, updates,
 * update_computation) and gather-only rows under `stablehlo.scatter.*` (operand, start_indices,
 * fill_value), read from the one file both ops share.
 */
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, stablehlo, tensor } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const i32 = (v: unknown) => tensor(v as number[], 'int32');
const G = {
  offset_dims: [],
  collapsed_slice_dims: [0],
  start_index_map: [0],
  index_vector_dim: 1,
  slice_sizes: [1],
};
const S = {
  update_window_dims: [],
  inserted_window_dims: [0],
  scatter_dims_to_operand_dims: [0],
  index_vector_dim: 1,
};
const x3 = () => i32([10, 11, 12]);
const idx = () => i32([[2], [0]]);
const gather = (attrs: object) => stablehlo.gather(x3(), idx(), { ...G, ...attrs } as never);
const scatter = (attrs: object, u: unknown = i32([1, 2])) =>
  stablehlo.scatter(x3(), idx(), u as never, { ...S, ...attrs } as never);

const CASES: [string, () => unknown][] = [
  ['stablehlo.gather.zero_size_dims', () => gather({ zero_size_dims: 'sometimes' })],
  ['stablehlo.gather.oob_code', () => gather({ oob_code: 5 })],
  ['stablehlo.gather.out', () => gather({ out: [0, 0] })],
  ['stablehlo.scatter.mode', () => scatter({ mode: 'fill' })],
  ['stablehlo.scatter.negative_indices', () => scatter({ negative_indices: 'sometimes' })],
  ['stablehlo.scatter.checked', () => scatter({ checked: 'yes' })],
  ['stablehlo.scatter.oob_code', () => scatter({ oob_code: 5 })],
  ['stablehlo.scatter.duplicate_code', () => scatter({ duplicate_code: 5 })],
  ['stablehlo.scatter.inputs', () => stablehlo.scatter('x' as never, idx(), i32([1, 2]), S as never)],
  [
    'stablehlo.scatter.scatter_indices',
    () => stablehlo.scatter(x3(), [[2], [0]] as never, i32([1, 2]), S as never),
  ],
];

describe('stablehlo frontend: one named test per rule', () => {
  for (const [code, call] of CASES)
    it(code, () => {
      expectRule(call, code, InvalidArgumentError);
    });
  it('the base calls are valid', () => {
    expect(gather({}).toArray()).toEqual([12, 10]);
    expect(scatter({}).toArray()).toEqual([2, 11, 1]);
  });
});
