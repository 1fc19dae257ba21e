/**
 * What the per-call speed work (B7) relies on, pinned: `take`'s dimension numbers come from one
 * frozen table (shared, never written to), the plan cache tells equal-looking keys apart where
 * they differ (+0 / −0 fill values, different lists), and the checks that build their message
 * only on failure still word it in full.
 */
import { describe, expect, it } from 'vitest';
import type { GatherCall } from '../src/core/call.js';
import { clearPlanCache, gatherPlan, planCacheStats } from '../src/core/plan-cache.js';
import type { GatherDimensionNumbers } from '../src/core/types.js';
import { takeGatherDims } from '../src/frameworks/families.js';
import { onnx, tensor, torch } from '../src/index.js';
import { checkTensor } from '../src/tensor/tensor.js';

const data = tensor(
  Array.from({ length: 12 }, (_, i) => 10 * i),
  'float32',
  [3, 4],
);
const idx = tensor([2, 0], 'int64');

describe('take dimension numbers from one frozen table', () => {
  it('two calls share the lists that do not depend on sizes; slice sizes are per call', () => {
    const a = takeGatherDims([3, 4], 1, 0);
    const b = takeGatherDims([5, 4], 1, 0);
    expect(a.offset_dims).toBe(b.offset_dims);
    expect(a.start_index_map).toBe(b.start_index_map);
    expect(a.offset_dims).toEqual([1]);
    expect(a.collapsed_slice_dims).toEqual([0]);
    expect(a.slice_sizes).toEqual([1, 4]);
    expect(b.slice_sizes).toEqual([1, 4]);
    expect(takeGatherDims([3, 4, 5], 2, 1).offset_dims).toEqual([0, 3]);
    expect(takeGatherDims([3, 4, 5], 2, 1).slice_sizes).toEqual([3, 1, 5]);
    expect(Object.isFrozen(a.offset_dims)).toBe(true);
    expect(() => (a.offset_dims as number[]).push(9)).toThrow(TypeError);
    expect(takeGatherDims([3, 4], 1, 0).offset_dims).toEqual([1]);
  });

  it('ranks past the table and batch dims build the same values', () => {
    const shape = [2, 1, 1, 1, 1, 1, 1, 3];
    const dn = takeGatherDims(shape, 1, 7);
    expect(dn.offset_dims).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(dn.slice_sizes).toEqual([2, 1, 1, 1, 1, 1, 1, 1]);
    const batched = takeGatherDims([2, 5, 3], 2, 1, 1);
    expect(batched.operand_batching_dims).toEqual([0]);
    expect(batched.offset_dims).toEqual([2]);
    expect(batched.slice_sizes).toEqual([1, 1, 3]);
  });

  it('frontends that share the layout still compute their own results', () => {
    expect(onnx.Gather(data, idx).toArray()).toEqual([
      [80, 90, 100, 110],
      [0, 10, 20, 30],
    ]);
    expect(torch.index_select(data, 1, idx).toArray()).toEqual([
      [20, 0],
      [60, 40],
      [100, 80],
    ]);
  });
});

describe('plan cache keys', () => {
  const dn = takeGatherDims([3, 4], 1, 0);
  // A float32 [3, 4] operand, two int64 indices: the plan depends on shapes, dtypes, attributes, options.
  const call = (d: GatherDimensionNumbers, fill: number) =>
    ({
      kind: 'gather',
      op: 'test.fill',
      operand: data,
      start_indices: idx,
      dimension_numbers: d,
      options: { mode: 'fill', fill_value: fill, op: 'test.fill' },
    }) as GatherCall;
  const plan = (fill: number) => gatherPlan(call(dn, fill));

  it('+0 and -0 fill values are different plans (=== alone would call them equal)', () => {
    clearPlanCache();
    const pos = plan(0);
    const neg = plan(-0);
    expect(neg).not.toBe(pos);
    expect(planCacheStats().misses).toBe(2);
    const out = neg.run(data, tensor([7, 0], 'int64'));
    expect(Object.is(out.data[0], -0)).toBe(true);
    expect(Object.is(pos.run(data, tensor([7, 0], 'int64')).data[0], 0)).toBe(true);
    expect(plan(-0)).toBe(neg);
    expect(plan(Number.NaN)).toBe(plan(Number.NaN));
  });

  it('a frozen list is kept by identity; an equal unfrozen one still finds the plan, a different one does not', () => {
    clearPlanCache();
    const first = plan(1);
    const copy = { ...dn, offset_dims: [...dn.offset_dims], slice_sizes: [...dn.slice_sizes] };
    const again = gatherPlan(call(copy, 1));
    expect(again).toBe(first);
    const wider = gatherPlan(call({ ...dn, slice_sizes: [1, 2] }, 1));
    expect(wider).not.toBe(first);
    expect(wider.resultShape).toEqual([2, 2]);
  });
});

describe('checks that word their message only on failure', () => {
  it('a detached tensor is named by where and name', () => {
    const t = tensor([1, 2, 3], 'float32');
    structuredClone(t.data.buffer, { transfer: [t.data.buffer] });
    expect(() => checkTensor(t, 'data', 'onnx.Gather-13')).toThrow(
      /^onnx\.Gather-13: data: the tensor's storage holds 0 elements/,
    );
    expect(() => checkTensor(42, 'data', 'onnx.Gather-13')).toThrow(
      expect.objectContaining({ code: 'onnx.Gather-13.data' }),
    );
  });
});
