/**
 * One named negative test per DirectML rule that had none: each test is named by its code, breaks
 * only that rule of a valid desc and asserts the error class and the exact code. Not here, as no
 * input reaches them: the gathers' `duplicates` (a gather takes no such policy: `.options`) and
 * GATHER_ND's `BatchDimensionCount` row (GATHER_ND1's field; on GATHER_ND it is `.options`).
 * `<op>.OutputTensor.DimensionCount` (logical output sizes that do not fit in DimensionCount) has
 * no test here yet: an OutputTensor of another rank is refused as `.OutputTensor.Sizes` first.
 */
import { describe, expect, it } from 'vitest';
import {
  DTypeError,
  DuplicateIndexError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
  directml,
  tensor,
  zeros,
} from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const f32 = (v: number[], shape: number[]) => tensor(new Float32Array(v), 'float32', shape);
const u32 = (v: number[], shape: number[]) => tensor(new Uint32Array(v), 'uint32', shape);
const dml = directml as unknown as Record<string, (desc: object, o?: object) => { toArray(): unknown }>;

/** A valid desc of each operator: the calls below break one field of it. */
const BASE: Record<string, () => Record<string, unknown>> = {
  GATHER_ELEMENTS: () => ({
    InputTensor: f32([1, 2, 3, 4], [2, 2]),
    IndicesTensor: u32([1, 0], [1, 2]),
    Axis: 0,
  }),
  GATHER_ND: () => ({
    InputTensor: f32([1, 2, 3, 4], [2, 2]),
    IndicesTensor: u32([1, 0], [2, 1]),
    InputDimensionCount: 2,
    IndicesDimensionCount: 2,
  }),
  GATHER_ND1: () => ({
    InputTensor: f32([1, 2, 3, 4], [2, 2]),
    IndicesTensor: u32([1, 0], [2, 1]),
    InputDimensionCount: 2,
    IndicesDimensionCount: 2,
    BatchDimensionCount: 1,
  }),
  SCATTER: () => ({
    InputTensor: f32([0, 0, 0], [3]),
    IndicesTensor: u32([2, 0], [2]),
    UpdatesTensor: f32([7, 5], [2]),
    Axis: 0,
  }),
  SCATTER_ND: () => ({
    InputTensor: f32([0, 0, 0, 0], [1, 2, 2]),
    IndicesTensor: u32([1, 1], [1, 1, 2]),
    UpdatesTensor: f32([5], [1, 1, 1]),
    InputDimensionCount: 2,
    IndicesDimensionCount: 2,
  }),
};
const with_ = (op: string, fields: Record<string, unknown>, o?: object) => () =>
  dml[op]({ ...BASE[op](), ...fields }, o);
const scalar = () => f32([1], []);

const CASES: [string, () => unknown, (new (...a: any[]) => Error)?][] = [
  ['directml.GATHER_ELEMENTS.InputTensor', with_('GATHER_ELEMENTS', { InputTensor: [1, 2] })],
  ['directml.GATHER_ELEMENTS.IndicesTensor', with_('GATHER_ELEMENTS', { IndicesTensor: [1, 0] })],
  ['directml.GATHER_ELEMENTS.OutputTensor', with_('GATHER_ELEMENTS', { OutputTensor: [0, 0] })],
  [
    'directml.GATHER_ELEMENTS.DimensionCount',
    with_('GATHER_ELEMENTS', { InputTensor: scalar(), IndicesTensor: u32([0], []) }),
  ],
  ['directml.GATHER_ELEMENTS.options', with_('GATHER_ELEMENTS', {}, { mode: 'clip' })],
  ['directml.GATHER_ELEMENTS.outOfBounds', with_('GATHER_ELEMENTS', {}, { outOfBounds: 'wrap' })],
  ['directml.GATHER_ND.InputTensor', with_('GATHER_ND', { InputTensor: [1, 2] })],
  ['directml.GATHER_ND.IndicesTensor', with_('GATHER_ND', { IndicesTensor: [1, 0] })],
  ['directml.GATHER_ND.OutputTensor', with_('GATHER_ND', { OutputTensor: [0, 0] })],
  [
    'directml.GATHER_ND.DimensionCount',
    with_('GATHER_ND', { InputTensor: scalar(), IndicesTensor: u32([0], []) }),
  ],
  ['directml.GATHER_ND.outOfBounds', with_('GATHER_ND', {}, { outOfBounds: 'wrap' })],
  ['directml.GATHER_ND1.InputTensor', with_('GATHER_ND1', { InputTensor: [1, 2] })],
  ['directml.GATHER_ND1.IndicesTensor', with_('GATHER_ND1', { IndicesTensor: [1, 0] })],
  ['directml.GATHER_ND1.OutputTensor', with_('GATHER_ND1', { OutputTensor: [0, 0] })],
  [
    'directml.GATHER_ND1.DimensionCount',
    with_('GATHER_ND1', { InputTensor: scalar(), IndicesTensor: u32([0], []) }),
  ],
  ['directml.GATHER_ND1.options', with_('GATHER_ND1', {}, { mode: 'clip' })],
  ['directml.GATHER_ND1.outOfBounds', with_('GATHER_ND1', {}, { outOfBounds: 'wrap' })],
  ['directml.SCATTER.InputTensor', with_('SCATTER', { InputTensor: [1, 2] })],
  ['directml.SCATTER.IndicesTensor', with_('SCATTER', { IndicesTensor: [1, 0] })],
  ['directml.SCATTER.UpdatesTensor', with_('SCATTER', { UpdatesTensor: [7, 5] })],
  ['directml.SCATTER.OutputTensor', with_('SCATTER', { OutputTensor: [0, 0, 0] })],
  ['directml.SCATTER.outOfBounds', with_('SCATTER', {}, { outOfBounds: 'wrap' })],
  [
    'directml.SCATTER.DimensionCount',
    with_('SCATTER', { InputTensor: scalar(), IndicesTensor: u32([0], []), UpdatesTensor: scalar() }),
  ],
  ['directml.SCATTER_ND.InputTensor', with_('SCATTER_ND', { InputTensor: [1, 2] })],
  ['directml.SCATTER_ND.IndicesTensor', with_('SCATTER_ND', { IndicesTensor: [1, 0] })],
  ['directml.SCATTER_ND.UpdatesTensor', with_('SCATTER_ND', { UpdatesTensor: [5] })],
  ['directml.SCATTER_ND.OutputTensor', with_('SCATTER_ND', { OutputTensor: [0] })],
  ['directml.SCATTER_ND.options', with_('SCATTER_ND', {}, { mode: 'clip' })],
  ['directml.SCATTER_ND.outOfBounds', with_('SCATTER_ND', {}, { outOfBounds: 'wrap' })],
  [
    'directml.SCATTER_ND.DimensionCount',
    with_('SCATTER_ND', { InputTensor: scalar(), IndicesTensor: u32([0], []), UpdatesTensor: scalar() }),
  ],
  [
    'directml.SCATTER_ND.duplicate_indices',
    with_(
      'SCATTER_ND',
      { IndicesTensor: u32([1, 1, 1, 1], [1, 2, 2]), UpdatesTensor: f32([5, 6], [1, 1, 2]) },
      { duplicates: 'error' },
    ),
    DuplicateIndexError,
  ],
];

/** The OutputTensor's dtype, sizes and rank, and an index out of bounds under `outOfBounds: 'error'`. */
const OUTPUT_CASES: [string, () => unknown, (new (...a: any[]) => Error)?][] = [
  [
    'directml.GATHER_ELEMENTS.OutputTensor.DataType',
    with_('GATHER_ELEMENTS', { OutputTensor: zeros([1, 2], 'int32') }),
    DTypeError,
  ],
  [
    'directml.GATHER_ELEMENTS.OutputTensor.Sizes',
    with_('GATHER_ELEMENTS', {
      OutputTensor: zeros(
        [1, 2].map(() => 7),
        'float32',
      ),
    }),
  ],
  [
    'directml.GATHER_ELEMENTS.index_out_of_bounds',
    with_('GATHER_ELEMENTS', { IndicesTensor: u32([5, 0], [1, 2]) }, { outOfBounds: 'error' }),
    IndexOutOfBoundsError,
  ],
  [
    'directml.GATHER_ND.OutputTensor.DataType',
    with_('GATHER_ND', { OutputTensor: zeros([2, 2], 'int32') }),
    DTypeError,
  ],
  [
    'directml.GATHER_ND.OutputTensor.Sizes',
    with_('GATHER_ND', {
      OutputTensor: zeros(
        [2, 2].map(() => 7),
        'float32',
      ),
    }),
  ],
  [
    'directml.GATHER_ND.index_out_of_bounds',
    with_('GATHER_ND', { IndicesTensor: u32([5, 0], [2, 1]) }, { outOfBounds: 'error' }),
    IndexOutOfBoundsError,
  ],
  [
    'directml.GATHER_ND1.OutputTensor.DataType',
    with_('GATHER_ND1', { OutputTensor: zeros([1, 2], 'int32') }),
    DTypeError,
  ],
  [
    'directml.GATHER_ND1.OutputTensor.Sizes',
    with_('GATHER_ND1', {
      OutputTensor: zeros(
        [1, 2].map(() => 7),
        'float32',
      ),
    }),
  ],
  [
    'directml.GATHER_ND1.index_out_of_bounds',
    with_('GATHER_ND1', { IndicesTensor: u32([5, 0], [2, 1]) }, { outOfBounds: 'error' }),
    IndexOutOfBoundsError,
  ],
  [
    'directml.SCATTER.OutputTensor.DataType',
    with_('SCATTER', { OutputTensor: zeros([3], 'int32') }),
    DTypeError,
  ],
  [
    'directml.SCATTER.OutputTensor.Sizes',
    with_('SCATTER', {
      OutputTensor: zeros(
        [3].map(() => 7),
        'float32',
      ),
    }),
  ],
  [
    'directml.SCATTER.index_out_of_bounds',
    with_('SCATTER', { IndicesTensor: u32([5, 0], [2]) }, { outOfBounds: 'error' }),
    IndexOutOfBoundsError,
  ],
  [
    'directml.SCATTER_ND.OutputTensor.DataType',
    with_('SCATTER_ND', { OutputTensor: zeros([1, 2, 2], 'int32') }),
    DTypeError,
  ],
  [
    'directml.SCATTER_ND.OutputTensor.Sizes',
    with_('SCATTER_ND', {
      OutputTensor: zeros(
        [1, 2, 2].map(() => 7),
        'float32',
      ),
    }),
  ],
  [
    'directml.SCATTER_ND.index_out_of_bounds',
    with_('SCATTER_ND', { IndicesTensor: u32([1, 5], [1, 1, 2]) }, { outOfBounds: 'error' }),
    IndexOutOfBoundsError,
  ],
];

describe('directml: one named test per rule', () => {
  for (const [code, call, cls] of [...CASES, ...OUTPUT_CASES])
    it(code, () => {
      expectRule(call, code, cls ?? InvalidArgumentError);
    });
  it('the base descs are valid', () => {
    expect(dml.GATHER_ELEMENTS(BASE.GATHER_ELEMENTS()).toArray()).toEqual([[3, 2]]);
    expect(dml.GATHER_ND1(BASE.GATHER_ND1()).toArray()).toEqual([[2, 3]]);
    expect(dml.SCATTER(BASE.SCATTER()).toArray()).toEqual([5, 0, 7]);
    expect(dml.SCATTER_ND(BASE.SCATTER_ND()).toArray()).toEqual([
      [
        [0, 0],
        [0, 5],
      ],
    ]);
  });
});
