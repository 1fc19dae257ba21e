/**
 * Where onnxruntime (CPU, onnxruntime-node) departs from the ONNX spec, each test pins both
 * sides: what onnxruntime does (so docs/onnx.md goes stale loudly if it changes) and that we
 * follow the spec. The table in docs/onnx.md lists the same rows.
 */
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { DuplicateIndexError, IndexOutOfBoundsError, InvalidArgumentError } from '../src/errors.js';
import { onnx } from '../src/frameworks/onnx.js';
import { type NestedArray, type Tensor, tensor } from '../src/tensor/tensor.js';
import { type AttributeValue, runOneNode } from './helpers/onnx-model.js';

const f32 = (v: NestedArray) => tensor(v, 'float32');
const i64 = (v: NestedArray): Tensor =>
  tensor(
    JSON.parse(JSON.stringify(v), (_k, x) => (typeof x === 'number' ? BigInt(x) : x)),
    'int64',
  );

/** Runs a one-node model; returns the output values or the error message. */
async function ortRun(
  opType: string,
  opset: number,
  inputs: (Tensor | null)[],
  attributes: Record<string, AttributeValue> = {},
): Promise<{ values?: number[]; error?: string }> {
  try {
    const out = await runOneNode(ort, { opType, opset, attributes }, inputs);
    return { values: Array.from(out.data as ArrayLike<number>, Number) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe('onnxruntime departures from the ONNX spec (we follow the spec)', () => {
  it('Gather-1 (opsets 1–10): onnxruntime wraps negative indices; the spec allows only [0, s-1]', async () => {
    expect(await ortRun('Gather', 10, [f32([1, 2, 3]), i64([-1])])).toEqual({ values: [3] });
    expect(() => onnx.Gather(f32([1, 2, 3]), i64([-1]), {}, { opset: 10 })).toThrow(IndexOutOfBoundsError);
  });

  it('Scatter-9 (opsets 9–10): onnxruntime wraps negative indices; the schema has no negative-index rule', async () => {
    expect(await ortRun('Scatter', 9, [f32([1, 2, 3]), i64([-1]), f32([5])])).toEqual({ values: [1, 2, 5] });
    expect(() => onnx.Scatter(f32([1, 2, 3]), i64([-1]), f32([5]), {}, { opset: 9 })).toThrow(
      IndexOutOfBoundsError,
    );
  });

  it('Scatter at opset >= 11: onnxruntime refuses the model (deprecated schema); we run Scatter-11', async () => {
    const r = await ortRun('Scatter', 11, [f32([1, 2, 3]), i64([-1]), f32([5])]);
    expect(r.error).toMatch(/deprecated/);
    expect(onnx.Scatter(f32([1, 2, 3]), i64([-1]), f32([5]), {}, { opset: 11 }).toArray()).toEqual([1, 2, 5]);
  });

  it('ScatterElements, reduction none: onnxruntime lets the last duplicate win silently; the spec forbids duplicates', async () => {
    const args = [f32([1, 2, 3]), i64([1, 1]), f32([5, 6])] as const;
    expect(await ortRun('ScatterElements', 18, [...args])).toEqual({ values: [1, 6, 3] });
    expect(() => onnx.ScatterElements(...args)).toThrow(DuplicateIndexError);
    expect(onnx.ScatterElements(...args, {}, { duplicates: 'last_wins' }).toArray()).toEqual([1, 6, 3]);
  });

  it('ScatterND, reduction none: onnxruntime lets the last duplicate win silently; the spec forbids duplicates', async () => {
    const args = [f32([1, 2, 3]), i64([[1], [1]]), f32([5, 6])] as const;
    expect(await ortRun('ScatterND', 18, [...args])).toEqual({ values: [1, 6, 3] });
    expect(() => onnx.ScatterND(...args)).toThrow(DuplicateIndexError);
    expect(onnx.ScatterND(...args, {}, { duplicates: 'last_wins' }).toArray()).toEqual([1, 6, 3]);
  });

  it('GatherND: onnxruntime accepts indices.shape[-1] = 0 (whole slices); the spec requires 1 <= k', async () => {
    const data = f32([
      [1, 2],
      [3, 4],
    ]);
    const idx = tensor(new BigInt64Array(0), 'int64', [2, 0]);
    expect(await ortRun('GatherND', 13, [data, idx])).toEqual({ values: [1, 2, 3, 4, 1, 2, 3, 4] });
    expect(() => onnx.GatherND(data, idx)).toThrow(InvalidArgumentError);
  });

  it('GatherND with an empty result: onnxruntime returns it without reading the indices; the spec makes any out-of-bounds index an error', async () => {
    // data [2, 0]: each index picks a row of no elements; -3 is out of [-2, 1].
    const data = tensor(new Float32Array(0), 'float32', [2, 0]);
    expect(await ortRun('GatherND', 13, [data, i64([-3])])).toEqual({ values: [] });
    expect(() => onnx.GatherND(data, i64([-3]))).toThrow(IndexOutOfBoundsError);
    expect(onnx.GatherND(data, i64([-2])).shape).toEqual([0]);
  });

  it('TensorScatter circular: onnxruntime rejects negative write indices; the spec takes every index modulo max_sequence_length', async () => {
    const past = f32([[[1], [2], [3]]]);
    const r = await ortRun('TensorScatter', 24, [past, f32([[[9]]]), i64([-1])], { mode: 'circular' });
    expect(r.error).toMatch(/negative/);
    expect(onnx.TensorScatter(past, f32([[[9]]]), i64([-1]), { mode: 'circular' }).toArray()).toEqual([
      [[1], [2], [9]],
    ]);
  });

  it('ScatterElements-16/17: onnxruntime accepts reduction max/min, which arrive only in version 18', async () => {
    const args = [f32([1, 2, 3]), i64([1, 1]), f32([5, 6])] as const;
    expect(await ortRun('ScatterElements', 16, [...args], { reduction: 'max' })).toEqual({
      values: [1, 6, 3],
    });
    expect(() => onnx.ScatterElements(...args, { reduction: 'max' }, { opset: 16 })).toThrow(
      InvalidArgumentError,
    );
    expect(onnx.ScatterElements(...args, { reduction: 'max' }, { opset: 18 }).toArray()).toEqual([1, 6, 3]);
  });

  it('ScatterND with a reduction on float16: onnxruntime CPU does not implement it; the spec allows every type', async () => {
    const args = [tensor([1, 2], 'float16'), i64([[1], [1]]), tensor([1, 2], 'float16')] as const;
    expect((await ortRun('ScatterND', 18, [...args], { reduction: 'add' })).error).toMatch(/MLFloat16/);
    expect(onnx.ScatterND(...args, { reduction: 'add' }).toArray()).toEqual([1, 5]);
  });

  it('agreements worth pinning: out-of-bounds indices are errors in both, in every op', async () => {
    expect((await ortRun('Gather', 13, [f32([1, 2]), i64([2])])).error).toBeDefined();
    expect((await ortRun('GatherElements', 13, [f32([1, 2]), i64([-3])])).error).toBeDefined();
    expect((await ortRun('GatherND', 13, [f32([1, 2]), i64([[2]])])).error).toBeDefined();
    expect((await ortRun('ScatterElements', 18, [f32([1, 2]), i64([2]), f32([0])])).error).toBeDefined();
    expect((await ortRun('ScatterND', 18, [f32([1, 2]), i64([[2]]), f32([0])])).error).toBeDefined();
    expect(() => onnx.Gather(f32([1, 2]), i64([2]))).toThrow(IndexOutOfBoundsError);
    expect(() => onnx.GatherElements(f32([1, 2]), i64([-3]))).toThrow(IndexOutOfBoundsError);
    expect(() => onnx.GatherND(f32([1, 2]), i64([[2]]))).toThrow(IndexOutOfBoundsError);
    expect(() => onnx.ScatterElements(f32([1, 2]), i64([2]), f32([0]))).toThrow(IndexOutOfBoundsError);
    expect(() => onnx.ScatterND(f32([1, 2]), i64([[2]]), f32([0]))).toThrow(IndexOutOfBoundsError);
  });
});

describe('onnxruntime departures found by the differential run (pinned; we follow the spec)', () => {
  it('ScatterElements/ScatterND max and min: onnxruntime drops a NaN in data (the update replaces it); max(NaN, x) is NaN', async () => {
    const data = f32([Number.NaN, 2, 3]);
    const upd = f32([5, 1]);
    expect(await ortRun('ScatterElements', 18, [data, i64([0, 1]), upd], { reduction: 'max' })).toEqual({
      values: [5, 2, 3],
    });
    expect(await ortRun('ScatterElements', 18, [data, i64([0, 1]), upd], { reduction: 'min' })).toEqual({
      values: [5, 1, 3],
    });
    expect(await ortRun('ScatterND', 18, [data, i64([[0], [1]]), upd], { reduction: 'max' })).toEqual({
      values: [5, 2, 3],
    });
    expect(onnx.ScatterElements(data, i64([0, 1]), upd, { reduction: 'max' }).toArray()).toEqual([
      Number.NaN,
      2,
      3,
    ]);
    expect(onnx.ScatterND(data, i64([[0], [1]]), upd, { reduction: 'min' }).toArray()).toEqual([
      Number.NaN,
      1,
      3,
    ]);
  });

  it("an unknown reduction ('foo'): onnxruntime runs it as none; the schema allows none/add/mul/max/min", async () => {
    const args = [f32([1, 2, 3]), i64([0, 1]), f32([5, 1])] as const;
    expect(await ortRun('ScatterElements', 18, [...args], { reduction: 'foo' })).toEqual({
      values: [5, 1, 3],
    });
    expect(await ortRun('ScatterND', 18, [args[0], i64([[0], [1]]), args[2]], { reduction: 'foo' })).toEqual({
      values: [5, 1, 3],
    });
    expect(() => onnx.ScatterElements(...args, { reduction: 'foo' as never })).toThrow(InvalidArgumentError);
    expect(() => onnx.ScatterND(args[0], i64([[0], [1]]), args[2], { reduction: 'foo' as never })).toThrow(
      InvalidArgumentError,
    );
  });
});
