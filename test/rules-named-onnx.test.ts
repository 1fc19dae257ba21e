/**
 * One named negative test per ONNX rule that had none: each test is named by its code (the
 * schema version the call resolves to), breaks only that rule of a valid call and asserts the
 * error class and the exact code. Not here: `onnx.Gather-<v>.duplicates`, `onnx.GatherElements-<v>.duplicates`
 * and `onnx.GatherND-<v>.duplicates` — a gather has no `duplicates` option (onnx/opsets.ts gives
 * it only to scatters whose reduction `none` can meet duplicates), so no input reaches them; nor
 * `onnx.TensorScatter-<v>.duplicates` (the option is refused as `.options`: one write position per
 * batch row cannot repeat) or `onnx.Scatter-<v>.reduction` (Scatter-9 has no such attribute:
 * `.attribute`). Scatter is deprecated after opset 10, whose schema is Scatter-9.
 */
import { describe, expect, it } from 'vitest';
import { DTypeError, InvalidArgumentError, onnx, tensor, zeros } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

const i64 = (x: unknown) => tensor(x as number[], 'int64');
const f32 = (x: unknown) => tensor(x as number[], 'float32');
const x23 = () =>
  f32([
    [1, 2, 3],
    [4, 5, 6],
  ]);
const o = onnx as unknown as Record<string, (...a: unknown[]) => { toArray(): unknown }>;
const V10 = { opset: 10 };

/** code → a call breaking only that rule (all InvalidArgumentError). */
const CASES: [string, () => unknown][] = [
  ['onnx.GatherElements-13.data', () => o.GatherElements([[1, 2]], i64([[0]]))],
  ['onnx.GatherElements-13.options', () => o.GatherElements(x23(), i64([[0]]), {}, { mode: 'clamp' })],
  [
    'onnx.GatherElements-13.out',
    () => o.GatherElements(x23(), i64([[0]]), {}, { out: zeros([9], 'float32') }),
  ],
  ['onnx.GatherND-13.out', () => o.GatherND(x23(), i64([[0, 1]]), {}, { out: zeros([9], 'float32') })],
  ['onnx.Scatter-9.data', () => o.Scatter([[1, 2]], i64([[1, 0]]), f32([[9, 8]]), {}, V10)],
  ['onnx.Scatter-9.data_rank', () => o.Scatter(f32(5), i64([1]), f32([9]), {}, V10)],
  ['onnx.Scatter-9.axis', () => o.Scatter(x23(), i64([[1, 0]]), f32([[9, 8]]), { axis: 2 }, V10)],
  ['onnx.Scatter-9.indices_rank', () => o.Scatter(x23(), i64([1, 0]), f32([9, 8]), {}, V10)],
  ['onnx.Scatter-9.indices_shape', () => o.Scatter(x23(), i64([[1, 0, 1, 0]]), f32([[9, 8, 7, 6]]), {}, V10)],
  ['onnx.Scatter-9.updates_shape', () => o.Scatter(x23(), i64([[1, 0]]), f32([[9, 8, 7]]), {}, V10)],
  ['onnx.Scatter-9.options', () => o.Scatter(x23(), i64([[1, 0]]), f32([[9, 8]]), {}, { ...V10, mode: 'x' })],
  [
    'onnx.Scatter-9.out',
    () => o.Scatter(x23(), i64([[1, 0]]), f32([[9, 8]]), {}, { ...V10, out: zeros([9], 'float32') }),
  ],
  ['onnx.ScatterElements-18.data', () => o.ScatterElements([[1, 2]], i64([[1, 0]]), f32([[9, 8]]))],
  [
    'onnx.ScatterElements-18.out',
    () => o.ScatterElements(x23(), i64([[1, 0]]), f32([[9, 8]]), {}, { out: zeros([9], 'float32') }),
  ],
  ['onnx.ScatterND-18.updates', () => o.ScatterND(x23(), i64([[1]]), [[7, 8, 9]])],
  ['onnx.TensorScatter-24.past_cache', () => o.TensorScatter([[[0]]], f32([[[5]]]), i64([2]))],
  [
    'onnx.TensorScatter-24.out',
    () =>
      o.TensorScatter(
        zeros([1, 3, 1], 'float32'),
        f32([[[5]]]),
        i64([2]),
        {},
        { out: zeros([9], 'float32') },
      ),
  ],
];

/** The dtype rules (DTypeError), on the deprecated Scatter, whose openOp rules no other test named. */
const DTYPE_CASES: [string, () => unknown][] = [
  ['onnx.Scatter-9.indices_dtype', () => o.Scatter(x23(), f32([[1, 0]]), f32([[9, 8]]), {}, V10)],
  ['onnx.Scatter-9.updates_dtype', () => o.Scatter(x23(), i64([[1, 0]]), tensor([[9, 8]], 'int32'), {}, V10)],
];

describe('onnx: one named test per rule', () => {
  for (const [code, call] of CASES)
    it(code, () => {
      expectRule(call, code, InvalidArgumentError);
    });
  for (const [code, call] of DTYPE_CASES)
    it(code, () => {
      expectRule(call, code, DTypeError);
    });
  it('the base calls are valid', () => {
    expect(o.Scatter(x23(), i64([[1, 0]]), f32([[9, 8]]), {}, V10).toArray()).toEqual([
      [1, 8, 3],
      [9, 5, 6],
    ]);
    expect(o.TensorScatter(zeros([1, 3, 1], 'float32'), f32([[[5]]]), i64([2])).toArray()).toEqual([
      [[0], [0], [5]],
    ]);
  });
});
