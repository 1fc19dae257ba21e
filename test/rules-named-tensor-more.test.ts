/**
 * One named negative test per rule of the tensor layer and the adapters that had none
 * (src/tensor/tensor.ts, src/tensor/ops.ts, src/interop/adapters.ts, src/node/index.ts), each
 * reached through the public API: the error class, the exact code and the message's key part,
 * plus the valid call beside it so the test would pass nothing through by accident.
 * (The catalogue rows of this layer that no input reaches — labels its static scan reads as
 * codes, and a check behind decodeScalar — are not named here, so they stay listed as untested.)
 */
import { describe, expect, it } from 'vitest';
import {
  InvalidArgumentError,
  broadcastShapes,
  fromOrt,
  moveAxis,
  slice,
  stack,
  tensor,
} from '../src/index.js';
import { enableThreads } from '../src/node/index.js';
import { expectRule } from './helpers/errors.js';

const m23 = () =>
  tensor(
    [
      [1, 2, 3],
      [4, 5, 6],
    ],
    'int32',
  );

describe('tensor layer: one named test per rule', () => {
  it('tensor.index: get() with the wrong number of indices, or one out of bounds', () => {
    const t = m23();
    expect(t.get(1, 2)).toBe(6);
    const e = expectRule(() => t.get(1), 'tensor.index');
    expect(e.message).toBe('tensor.get: expected 2 indices; got 1 (tensor.index)');
    const oob = expectRule(() => t.get(2, 0), 'tensor.index');
    expect(oob.message).toBe('tensor.get: index [2, 0] out of bounds for shape [2, 3] (tensor.index)');
  });

  it('tensor.item: item() of a tensor with more than one element', () => {
    expect(tensor([7], 'int32').item()).toBe(7);
    const e = expectRule(() => m23().item(), 'tensor.item');
    expect(e.message).toBe('tensor.item: tensor has 6 elements, not 1 (tensor.item)');
  });

  it('broadcast.shapes: shapes whose trailing dims differ and are not 1', () => {
    expect(broadcastShapes([2, 1], [3])).toEqual([2, 3]);
    const e = expectRule(() => broadcastShapes([2, 3], [2]), 'broadcast.shapes');
    expect(e.message).toBe('shapes [2, 3], [2] do not broadcast together (broadcast.shapes)');
    expect((e as InvalidArgumentError).details).toEqual({ shapes: [[2, 3], [2]] });
  });

  it('slice.bounds: a box reaching past the shape', () => {
    expect(slice(m23(), [0, 1], [2, 2]).toArray()).toEqual([
      [2, 3],
      [5, 6],
    ]);
    const e = expectRule(() => slice(m23(), [0, 2], [2, 2]), 'slice.bounds');
    expect(e.message).toBe('slice [0, 2] + [2, 2] does not fit shape [2, 3] (slice.bounds)');
  });

  it('stack.empty: stacking no tensors', () => {
    const e = expectRule(() => stack([]), 'stack.empty');
    expect(e.message).toBe('stack: need at least one tensor (stack.empty)');
  });

  it('stack.shapes: tensors of different shapes or dtypes', () => {
    const a = tensor([1, 2], 'int32');
    expect(stack([a, a], 0).toArray()).toEqual([
      [1, 2],
      [1, 2],
    ]);
    const e = expectRule(() => stack([a, tensor([1, 2, 3], 'int32')]), 'stack.shapes');
    expect(e.message).toBe(
      'stack: tensors must share shape and dtype; got int32[2], int32[3] (stack.shapes)',
    );
    expectRule(() => stack([a, tensor([1, 2], 'float32')]), 'stack.shapes');
  });

  it('stack.axis: an axis past the new rank', () => {
    const a = tensor([1, 2], 'int32');
    expect(stack([a, a], -1).shape).toEqual([2, 2]);
    const e = expectRule(() => stack([a, a], 2), 'stack.axis');
    expect(e.message).toBe('stack: axis 2 out of range for rank 2 (stack.axis)');
  });

  it('move_axis.axis: an axis past the rank', () => {
    expect(moveAxis(m23(), 0, 1).toArray()).toEqual([
      [1, 4],
      [2, 5],
      [3, 6],
    ]);
    const e = expectRule(() => moveAxis(m23(), 0, 2), 'move_axis.axis');
    expect(e.message).toBe('moveAxis: axes 0 → 2 out of range for rank 2 (move_axis.axis)');
  });
});

describe('adapters and node helpers: one named test per rule', () => {
  /** An onnxruntime-like tensor (the fields fromOrt reads). */
  const ort = (location?: string) => ({
    type: 'float32',
    dims: [2],
    data: new Float32Array([1.5, 2.5]),
    ...(location === undefined ? {} : { location }),
  });

  it('adapter.ort.location: an onnxruntime tensor that lives on the GPU', () => {
    expect(fromOrt(ort('cpu') as never).toArray()).toEqual([1.5, 2.5]);
    const e = expectRule(() => fromOrt(ort('gpu-buffer') as never), 'adapter.ort.location');
    expect(e.message).toBe(
      'fromOrt: the tensor lives on "gpu-buffer"; download it first (await tensor.getData()) (adapter.ort.location)',
    );
  });

  it('threads.options: enableThreads with options that are not an object', async () => {
    const e = await enableThreads(7 as never).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect((e as InvalidArgumentError).code).toBe('threads.options');
    expect((e as Error).message).toBe('enableThreads: options must be an object; got 7 (threads.options)');
  });
});
