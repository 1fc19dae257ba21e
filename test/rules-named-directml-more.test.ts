/**
 * Named negative tests for the DirectML rules the catalogue still listed without one
 * (src/frameworks/directml/desc.ts, directml.ts), each reached through the public `directml.<OP>`
 * call: the error class, the exact code and the message's key part, beside the valid call.
 *
 * `<op>.OutputTensor.DimensionCount`: GATHER_ND's output is Indices[:-1] ++ Input[k:], which can
 * have more dimensions than DimensionCount; DirectML crops only leading 1s, so sizes without a 1
 * cannot fit. Not here, as no input reaches them: GATHER_ELEMENTS', SCATTER's and SCATTER_ND's
 * `OutputTensor.DimensionCount` (their output has the indices' or the input's sizes, already
 * within DimensionCount), the gathers' `duplicates` (a gather refuses the option as `.options`
 * first) and GATHER_ND's `BatchDimensionCount` (fixed at 0, so the batch sizes always match).
 * `<op>.featureLevel`: each desc-reading operator parses its feature level (`"4_1"` or
 * `"DML_FEATURE_LEVEL_4_1"`); anything else is refused before the desc is read.
 */
import { describe, expect, it } from 'vitest';
import { DTypeError, type Tensor, cast, directml, tensor } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const f32 = (shape: number[]) => {
  const n = shape.reduce((a, b) => a * b, 1);
  return tensor(
    Float32Array.from({ length: n }, (_, k) => k),
    'float32',
    shape,
  );
};
const u32 = (v: number[], shape: number[]) => tensor(new Uint32Array(v), 'uint32', shape);
const dml = directml as unknown as Record<string, (desc: object, o?: object) => { toArray(): unknown }>;

/** Input [2, 2, 2, 2] and indices [2, 2, 2, k]: D = 4 with InputDimensionCount 4. */
const nd = (op: string, k: number, extra: object = {}) =>
  dml[op]({
    InputTensor: f32([2, 2, 2, 2]),
    IndicesTensor: u32(new Array(8 * k).fill(1), [2, 2, 2, k]),
    InputDimensionCount: 4,
    IndicesDimensionCount: 4,
    ...extra,
  });

/** A valid desc of each desc-reading operator (GATHER reads its own fields, tested elsewhere). */
const VALID: Record<string, () => object> = {
  GATHER_ELEMENTS: () => ({ InputTensor: f32([2, 2]), IndicesTensor: u32([1, 0], [1, 2]), Axis: 0 }),
  GATHER_ND: () => ({
    InputTensor: f32([2, 2]),
    IndicesTensor: u32([1, 0], [2, 1]),
    InputDimensionCount: 2,
    IndicesDimensionCount: 2,
  }),
  GATHER_ND1: () => ({
    InputTensor: f32([2, 2]),
    IndicesTensor: u32([1, 0], [2, 1]),
    InputDimensionCount: 2,
    IndicesDimensionCount: 2,
    BatchDimensionCount: 0,
  }),
  SCATTER: () => ({
    InputTensor: f32([3]),
    IndicesTensor: u32([2, 0], [2]),
    UpdatesTensor: tensor([7, 5], 'float32'),
    Axis: 0,
  }),
  SCATTER_ND: () => ({
    InputTensor: f32([1, 2, 2]),
    IndicesTensor: u32([1, 1], [1, 1, 2]),
    UpdatesTensor: tensor([[[9]]], 'float32'),
    InputDimensionCount: 2,
    IndicesDimensionCount: 2,
  }),
};

describe('directml: one named test per rule (more)', () => {
  // The data types of each desc's tensors (the newest support table): complex data, float indices.
  for (const code of [
    'directml.GATHER_ELEMENTS.InputTensor.DataType',
    'directml.GATHER_ELEMENTS.IndicesTensor.DataType',
    'directml.GATHER_ND.InputTensor.DataType',
    'directml.GATHER_ND.IndicesTensor.DataType',
    'directml.GATHER_ND1.InputTensor.DataType',
    'directml.GATHER_ND1.IndicesTensor.DataType',
    'directml.SCATTER.InputTensor.DataType',
    'directml.SCATTER.IndicesTensor.DataType',
    'directml.SCATTER_ND.InputTensor.DataType',
    'directml.SCATTER_ND.IndicesTensor.DataType',
  ])
    it(`${code}: a type outside the support table`, () => {
      const [, op, field] = code.split('.');
      const desc = VALID[op]() as Record<string, Tensor>;
      const bad = cast(desc[field], field === 'InputTensor' ? 'complex64' : 'float32');
      const same =
        field === 'InputTensor' && desc.UpdatesTensor
          ? { UpdatesTensor: cast(desc.UpdatesTensor, 'complex64') }
          : {};
      expectRule(() => dml[op]({ ...desc, [field]: bad, ...same }), code, DTypeError);
    });
  // The dimension counts a GATHER_ND/SCATTER_ND desc states (DirectML's DimensionCount fields).
  for (const code of [
    'directml.GATHER_ND.InputDimensionCount',
    'directml.GATHER_ND.IndicesDimensionCount',
    'directml.SCATTER_ND.IndicesDimensionCount',
  ])
    it(`${code}: not a count in [1, DimensionCount]`, () => {
      const [, op, field] = code.split('.');
      expectRule(() => dml[op]({ ...VALID[op](), [field]: 0 }), code);
      expectRule(() => dml[op]({ ...VALID[op](), [field]: 1.5 }), code);
    });
  // Every tensor of a desc has InputTensor's DimensionCount: one more leading 1 is refused, not cropped.
  for (const code of [
    'directml.GATHER_ELEMENTS.IndicesTensor.DimensionCount',
    'directml.GATHER_ND.IndicesTensor.DimensionCount',
    'directml.GATHER_ND1.IndicesTensor.DimensionCount',
    'directml.SCATTER.IndicesTensor.DimensionCount',
    'directml.SCATTER.UpdatesTensor.DimensionCount',
    'directml.SCATTER_ND.IndicesTensor.DimensionCount',
    'directml.SCATTER_ND.UpdatesTensor.DimensionCount',
  ])
    it(`${code}: one dimension more than InputTensor`, () => {
      const [, op, field] = code.split('.');
      const desc = VALID[op]() as Record<string, Tensor>;
      const t = desc[field];
      const e = expectRule(() => dml[op]({ ...desc, [field]: t.reshape([1, ...t.shape]) }), code);
      const D = desc.InputTensor.rank;
      expect(e.message).toBe(
        `directml.${op}: ${field}.DimensionCount must match InputTensor.DimensionCount = ${D}; got ${D + 1} (${code})`,
      );
    });
  // The feature level is DirectML's `DML_FEATURE_LEVEL_<major>_<minor>`, given as "4_1" or in full.
  const LEVEL_CODES = [
    'directml.GATHER_ELEMENTS.featureLevel',
    'directml.GATHER_ND.featureLevel',
    'directml.GATHER_ND1.featureLevel',
    'directml.SCATTER.featureLevel',
    'directml.SCATTER_ND.featureLevel',
  ];
  for (const code of LEVEL_CODES)
    it(`${code}: a feature level not written <major>_<minor>`, () => {
      const op = code.split('.')[1];
      for (const level of ['4.1', 41]) {
        const e = expectRule(() => dml[op](VALID[op](), { featureLevel: level }), code);
        expect(e.message).toContain(`featureLevel must look like "4_1"; got ${JSON.stringify(level)}`);
      }
      const full = dml[op](VALID[op](), { featureLevel: 'DML_FEATURE_LEVEL_4_1' }).toArray();
      expect(dml[op](VALID[op](), { featureLevel: '4_1' }).toArray()).toEqual(full);
    });

  it('directml.GATHER_ND.OutputTensor.DimensionCount: output sizes [2, 2, 2, 2, 2, 2] in 4 dims', () => {
    const e = expectRule(() => nd('GATHER_ND', 1), 'directml.GATHER_ND.OutputTensor.DimensionCount');
    expect(e.message).toContain('the output sizes [2, 2, 2, 2, 2, 2] do not fit in DimensionCount 4');
    // k = 4 reads whole elements: the output [2, 2, 2] right-aligns to [1, 2, 2, 2].
    expect((nd('GATHER_ND', 4).toArray() as number[][][][])[0][0][0][0]).toBe(15);
  });

  it('directml.GATHER_ND1.OutputTensor.DimensionCount: output sizes [2, 2, 2, 2, 2, 2] in 4 dims', () => {
    const code = 'directml.GATHER_ND1.OutputTensor.DimensionCount';
    const e = expectRule(() => nd('GATHER_ND1', 1, { BatchDimensionCount: 0 }), code);
    expect(e.message).toContain('do not fit in DimensionCount 4');
    // One batch dim: Indices[:-1] ++ Input[1 + 3:] = [2, 2, 2], right-aligned to [1, 2, 2, 2].
    expect((nd('GATHER_ND1', 3, { BatchDimensionCount: 1 }).toArray() as number[][][][])[0][1][0][0]).toBe(
      15,
    );
  });

  it('directml.SCATTER_ND.UpdatesTensor.DataType: int32 updates into a float32 input', () => {
    const desc = {
      InputTensor: f32([1, 2, 2]),
      IndicesTensor: u32([1, 1], [1, 1, 2]),
      InputDimensionCount: 2,
      IndicesDimensionCount: 2,
    };
    const updates = (dtype: 'int32' | 'float32') => tensor([[[9]]], dtype);
    const e = expectRule(
      () => dml.SCATTER_ND({ ...desc, UpdatesTensor: updates('int32') }),
      'directml.SCATTER_ND.UpdatesTensor.DataType',
      DTypeError,
    );
    expect(e.message).toContain(
      'UpdatesTensor.DataType must match InputTensor.DataType (float32); got int32',
    );
    expect(dml.SCATTER_ND({ ...desc, UpdatesTensor: updates('float32') }).toArray()).toEqual([
      [
        [0, 1],
        [2, 9],
      ],
    ]);
  });
});
