/**
 * ONNX's own Python tests for this family, outside the backend node tests (those run from
 * ../shared/conformance/onnx in test/onnx-conformance.test.ts), restated as data:
 *   onnx/onnx @ f7546912001bc31e92a238b17068a21b373d882e
 *   tests/python/reference_evaluator_test.py — the reference evaluator's values;
 *   tests/python/shape_inference_test.py — the inferred output shapes (every version of each op);
 *   tests/python/version_converter_test.py — which reductions each Scatter version takes.
 * The reference evaluator runs a node without checking it against its schema; where it computes
 * what the schema forbids, this library follows the schema (the case says so).
 */
import { describe, expect, it } from 'vitest';
import { onnx } from '../src/frameworks/onnx.js';
import { arange, tensor, zeros } from '../src/tensor/tensor.js';
import { codeOf } from './helpers/errors.js';

const i64 = (v: number[], shape?: number[]) => tensor(BigInt64Array.from(v.map(BigInt)), 'int64', shape);
const f32 = (v: number[], shape?: number[]) => tensor(new Float32Array(v), 'float32', shape);

describe('tests/python/reference_evaluator_test.py', () => {
  it('test_scatter_elements: axis 1, reduction min of [1.1, 2.1] into element 1 → 1.1 (opset 18)', () => {
    const X = f32([1, 2, 3, 4, 5], [1, 5]);
    const r = onnx.ScatterElements(X, i64([1, 1], [1, 2]), f32([1.1, 2.1], [1, 2]), {
      axis: 1,
      reduction: 'min',
    });
    expect(Array.from(r.data as Float32Array)).toEqual([1, Math.fround(1.1), 3, 4, 5]);
    // The test declares opset 16, whose schema has no 'min' (none, add, mul): the evaluator runs
    // it unchecked; the schema refuses it.
    expect(
      codeOf(() =>
        onnx.ScatterElements(
          X,
          i64([1, 1], [1, 2]),
          f32([1.1, 2.1], [1, 2]),
          { axis: 1, reduction: 'min' },
          { opset: 16 },
        ),
      ),
    ).toBe('onnx.ScatterElements-16.reduction');
  });
  it('test_scatternd: [[1, 2]] with [3] at [0, 0] → [[3, 2]]', () => {
    const r = onnx.ScatterND(f32([1, 2], [1, 2]), i64([0, 0], [1, 2]), f32([3]), {}, { opset: 16 });
    expect(r.toArray()).toEqual([[3, 2]]);
  });
  it('test_gather_elements_empty_indices: indices (2, 0, 3) on data (2, 2, 3), axis 1 → shape (2, 0, 3), float32', () => {
    const r = onnx.GatherElements(arange(12, 'float32').reshape([2, 2, 3]), zeros([2, 0, 3], 'int64'), {
      axis: 1,
    });
    expect([r.shape, r.dtype]).toEqual([[2, 0, 3], 'float32']);
  });
  it('test_gather_empty_indices: indices (2, 0) on data (2, 3, 4), axis 1 → shape (2, 2, 0, 4)', () => {
    const r = onnx.Gather(arange(24, 'float32').reshape([2, 3, 4]), zeros([2, 0], 'int64'), { axis: 1 });
    expect([r.shape, r.dtype]).toEqual([[2, 2, 0, 4], 'float32']);
  });
  it('test_gather_non_contiguous_indices: arange(4)[::2] on data (2, 3, 4), axis 1 = np.take', () => {
    const r = onnx.Gather(arange(24, 'float32').reshape([2, 3, 4]), i64([0, 2]), { axis: 1 });
    expect(r.toArray()).toEqual([
      [
        [0, 1, 2, 3],
        [8, 9, 10, 11],
      ],
      [
        [12, 13, 14, 15],
        [20, 21, 22, 23],
      ],
    ]);
  });
  it('test_scatter_elements_4d: axis 3, add 1 at [0, 0, 0, 0] of zeros (2, 2, 2, 2)', () => {
    const r = onnx.ScatterElements(
      zeros([2, 2, 2, 2], 'float32'),
      i64([0], [1, 1, 1, 1]),
      f32([1], [1, 1, 1, 1]),
      {
        axis: 3,
        reduction: 'add',
      },
    );
    expect(Array.from(r.data as Float32Array)).toEqual([1, ...new Array(15).fill(0)]);
  });
  it('test_scatter_elements_higher_rank: shape (1, 1, 2, 1, 1), axis 2, indices [1, 0], updates [3, 4] → [4, 3]', () => {
    const s = [1, 1, 2, 1, 1];
    const r = onnx.ScatterElements(zeros(s, 'float32'), i64([1, 0], s), f32([3, 4], s), { axis: 2 });
    expect([r.shape, Array.from(r.data as Float32Array)]).toEqual([s, [4, 3]]);
  });
});

describe('tests/python/shape_inference_test.py (every version of each op)', () => {
  const versions = {
    Gather: [1, 11, 13],
    GatherElements: [11, 13],
    Scatter: [9, 11],
    ScatterElements: [11, 13, 16, 18],
    ScatterND: [11, 13, 16, 18],
  } as const;
  for (const opset of versions.Gather) {
    it(`test_gather / _axis1 / _into_scalar (opset ${opset})`, () => {
      expect(onnx.Gather(zeros([4, 3], 'float32'), zeros([2], 'int64'), {}, { opset }).shape).toEqual([2, 3]);
      expect(
        onnx.Gather(zeros([4, 3, 5], 'float32'), zeros([1, 2], 'int64'), { axis: 1 }, { opset }).shape,
      ).toEqual([4, 1, 2, 5]);
      expect(onnx.Gather(zeros([3], 'float32'), zeros([], 'int64'), {}, { opset }).shape).toEqual([]);
    });
  }
  for (const opset of versions.GatherElements) {
    it(`test_gather_elements / _axis0 (opset ${opset})`, () => {
      expect(
        onnx.GatherElements(zeros([2, 2], 'float32'), zeros([2, 2], 'int64'), { axis: 1 }, { opset }).shape,
      ).toEqual([2, 2]);
      expect(
        onnx.GatherElements(zeros([3, 3], 'float32'), zeros([2, 3], 'int64'), { axis: 0 }, { opset }).shape,
      ).toEqual([2, 3]);
    });
  }
  for (const opset of versions.Scatter) {
    it(`test_scatter / _axis1 (opset ${opset}; the checker calls Scatter-11 deprecated, the schema still defines it)`, () => {
      // Distinct targets: this library refuses duplicate targets of the unreduced scatters (the
      // ONNX docs leave their order open); shape inference does not read index values.
      const rows = i64([0, 1, 2, 1, 2, 0], [2, 3]);
      expect(
        onnx.Scatter(zeros([3, 3], 'float32'), rows, zeros([2, 3], 'float32'), {}, { opset }).shape,
      ).toEqual([3, 3]);
      const cols = i64([0, 3], [1, 2]);
      expect(
        onnx.Scatter(zeros([1, 5], 'float32'), cols, zeros([1, 2], 'float32'), { axis: 1 }, { opset }).shape,
      ).toEqual([1, 5]);
    });
  }
  for (const opset of versions.ScatterElements) {
    it(`test_scatter_elements / _axis1 (opset ${opset})`, () => {
      const rows = i64([0, 1, 2, 1, 2, 0], [2, 3]);
      expect(
        onnx.ScatterElements(zeros([3, 3], 'float32'), rows, zeros([2, 3], 'float32'), {}, { opset }).shape,
      ).toEqual([3, 3]);
      const cols = i64([0, 3], [1, 2]);
      expect(
        onnx.ScatterElements(zeros([1, 5], 'float32'), cols, zeros([1, 2], 'float32'), { axis: 1 }, { opset })
          .shape,
      ).toEqual([1, 5]);
    });
  }
  for (const opset of versions.ScatterND) {
    it(`test_scatternd: data (4, 5, 6), indices (3, 3, 2), updates (3, 3, 6) → (4, 5, 6) (opset ${opset})`, () => {
      const idx = i64(Array.from({ length: 9 }, (_, k) => [Math.floor(k / 3), k % 3]).flat(), [3, 3, 2]);
      expect(
        onnx.ScatterND(zeros([4, 5, 6], 'float32'), idx, zeros([3, 3, 6], 'float32'), {}, { opset }).shape,
      ).toEqual([4, 5, 6]);
    });
  }
  it('test_tensor_scatter: past_cache (2, 8, 128, 64), update (2, 8, 10, 64), write_indices (2,), axis 2 → (2, 8, 128, 64)', () => {
    const r = onnx.TensorScatter(
      zeros([2, 8, 128, 64], 'float32'),
      zeros([2, 8, 10, 64], 'float32'),
      zeros([2], 'int64'),
      {
        axis: 2,
      },
    );
    expect(r.shape).toEqual([2, 8, 128, 64]);
  });
  it('test_gathernd: indices (2,) on x (4, 5, 6) → (6,); test_gathernd_batchdim_1: x (2, 2, 2), indices (2, 1) → (2, 2)', () => {
    expect(onnx.GatherND(zeros([4, 5, 6], 'float32'), zeros([2], 'int64')).shape).toEqual([6]);
    expect(
      onnx.GatherND(zeros([2, 2, 2], 'float32'), zeros([2, 1], 'int64'), { batch_dims: 1 }).shape,
    ).toEqual([2, 2]);
  });
});

describe('tests/python/version_converter_test.py: the reductions each Scatter version takes', () => {
  const call = (op: 'ScatterElements' | 'ScatterND', reduction: string, opset: number) =>
    codeOf(() =>
      op === 'ScatterND'
        ? onnx.ScatterND(
            zeros([3], 'float32'),
            i64([0], [1, 1]),
            zeros([1], 'float32'),
            { reduction } as never,
            { opset },
          )
        : onnx.ScatterElements(
            zeros([3], 'float32'),
            i64([0]),
            zeros([1], 'float32'),
            { reduction } as never,
            { opset },
          ),
    );
  for (const op of ['ScatterElements', 'ScatterND'] as const) {
    it(`${op}: 15 has no reduction attribute (the converter drops 'none'); 16–17 add and mul; 18 max and min too`, () => {
      for (const r of ['none', 'add', 'mul']) {
        expect(call(op, r, 15)).toBe(`onnx.${op}-13.attribute`);
        expect(call(op, r, 17)).toBe('no error');
      }
      for (const r of ['max', 'min']) {
        expect(call(op, r, 17)).toBe(`onnx.${op}-16.reduction`);
        expect(call(op, r, 18)).toBe('no error');
      }
    });
  }
});
