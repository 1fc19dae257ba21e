/**
 * One named negative test per WebNN rule that had none: each test is named by its code, breaks
 * only that rule of a valid call and asserts the error class and the exact code. Not here: the
 * gathers' `duplicates` rows (gather, gatherElements, gatherND) —
 * a gather takes no `duplicates` option (the unknown key is
 * `<op>.options`), so no input reaches them; the catalogue lists them through the shared options.
 */
import { describe, expect, it } from 'vitest';
import { DTypeError, InvalidArgumentError, tensor, webnn, zeros } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const U = (x: unknown) => tensor(x as number[], 'uint32');
const F = (x: unknown) => tensor(x as number[], 'float32');
const x23 = () =>
  F([
    [1, 2, 3],
    [4, 5, 6],
  ]);
const w = webnn as unknown as Record<string, (...a: unknown[]) => { toArray(): unknown }>;
const empty = () => zeros([2, 0], 'float32');

/** code → a call breaking only that rule (all InvalidArgumentError). */
const CASES: [string, () => unknown][] = [
  ['webnn.gatherElements.input', () => w.gatherElements([[1, 2]], U([[0, 1]]))],
  ['webnn.gatherElements.label', () => w.gatherElements(x23(), U([[0, 1, 0]]), { label: 5 })],
  ['webnn.gatherElements.out', () => w.gatherElements(x23(), U([[0, 1, 0]]), { out: zeros([9], 'float32') })],
  [
    'webnn.gatherElements.outOfBounds',
    () => w.gatherElements(x23(), U([[0, 1, 0]]), { outOfBounds: 'wrap' }),
  ],
  ['webnn.gatherElements.valid_dimension', () => w.gatherElements(empty(), U([[0]]))],
  ['webnn.gatherND.input', () => w.gatherND([[1, 2]], U([[0, 1]]))],
  ['webnn.gatherND.label', () => w.gatherND(x23(), U([[0, 1]]), { label: 5 })],
  ['webnn.gatherND.outOfBounds', () => w.gatherND(x23(), U([[0, 1]]), { outOfBounds: 'wrap' })],
  ['webnn.gatherND.valid_dimension', () => w.gatherND(empty(), U([[0, 0]]))],
  ['webnn.scatterElements.input', () => w.scatterElements([[1, 2]], U([[0, 1, 0]]), F([[9, 8, 7]]))],
  ['webnn.scatterElements.indices', () => w.scatterElements(x23(), [[0]], F([[9]]))],
  [
    'webnn.scatterElements.label',
    () => w.scatterElements(x23(), U([[0, 1, 0]]), F([[9, 8, 7]]), { label: 5 }),
  ],
  [
    'webnn.scatterElements.out',
    () => w.scatterElements(x23(), U([[0, 1, 0]]), F([[9, 8, 7]]), { out: zeros([9], 'float32') }),
  ],
  [
    'webnn.scatterElements.outOfBounds',
    () => w.scatterElements(x23(), U([[0, 1, 0]]), F([[9, 8, 7]]), { outOfBounds: 'wrap' }),
  ],
  ['webnn.scatterElements.valid_dimension', () => w.scatterElements(empty(), U([[0, 1, 0]]), F([[9, 8, 7]]))],
  [
    'webnn.scatterElements.options',
    () => w.scatterElements(x23(), U([[0, 1, 0]]), F([[9, 8, 7]]), { bogus: 1 }),
  ],
  ['webnn.scatterND.indices', () => w.scatterND(x23(), [[1]], F([[7, 8, 9]]))],
  ['webnn.scatterND.updates', () => w.scatterND(x23(), U([[1]]), [[7, 8, 9]])],
  ['webnn.scatterND.label', () => w.scatterND(x23(), U([[1]]), F([[7, 8, 9]]), { label: 5 })],
  [
    'webnn.scatterND.outOfBounds',
    () => w.scatterND(x23(), U([[1]]), F([[7, 8, 9]]), { outOfBounds: 'wrap' }),
  ],
];

/** An input whose data type WebNN has no MLOperandDataType for (float64): a DTypeError. */
const f64 = () => tensor([[1, 2, 3]], 'float64');
const DTYPE_CASES: [string, () => unknown][] = [
  ['webnn.gatherElements.input_dataType', () => w.gatherElements(f64(), U([[0, 1, 0]]))],
  ['webnn.gatherND.input_dataType', () => w.gatherND(f64(), U([[0, 1]]))],
  ['webnn.scatterElements.input_dataType', () => w.scatterElements(f64(), U([[0, 0, 0]]), F([[9, 8, 7]]))],
];

describe('webnn: one named test per rule', () => {
  for (const [code, call] of CASES)
    it(code, () => {
      expectRule(call, code, InvalidArgumentError);
    });
  for (const [code, call] of DTYPE_CASES)
    it(code, () => {
      expectRule(call, code, DTypeError);
    });
  it('the base calls are valid', () => {
    expect(w.gatherElements(x23(), U([[0, 1, 0]])).toArray()).toEqual([[1, 5, 3]]);
    expect(w.gatherND(x23(), U([[0, 1]])).toArray()).toEqual([2]);
    expect(w.scatterND(x23(), U([[1]]), F([[7, 8, 9]])).toArray()).toEqual([
      [1, 2, 3],
      [7, 8, 9],
    ]);
    expect(w.scatterElements(x23(), U([[0, 1, 0]]), F([[9, 8, 7]])).toArray()).toEqual([
      [9, 2, 7],
      [4, 8, 6],
    ]);
  });
});
