/**
 * The reference evaluator (src/tables/reference.ts) — the one the core's property tests and the
 * explorer's derivation both read — on the StableHLO spec's worked example, per element and per
 * tensor, and one negative case per rule code it throws.
 */
import { describe, expect, it } from 'vitest';
import { IndexOutOfBoundsError, InvalidArgumentError } from '../src/errors.js';
import { elementIndex, referenceGather, referenceScatter } from '../src/tables/reference.js';
import { tensor } from '../src/tensor/tensor.js';
import { caught } from './helpers/errors.js';
import {
  SPEC_GATHER_DIMS,
  SPEC_GATHER_RESULT,
  SPEC_SCATTER_DIMS,
  SPEC_SCATTER_RESULT,
  specIndices,
  specOperand,
  specUpdates,
} from './helpers/spec-example.js';

describe('reference evaluator', () => {
  it('the spec gather example: the result the spec prints (the [0, 9] start clamped)', () => {
    const got = referenceGather(specOperand('int32'), specIndices('int64'), SPEC_GATHER_DIMS, {
      mode: 'clip',
    });
    expect(got.toArray()).toEqual(SPEC_GATHER_RESULT);
  });

  it('the spec scatter example: the result the spec prints (elements outside skipped)', () => {
    const got = referenceScatter(
      specOperand('int64'),
      specIndices('int64'),
      specUpdates('int64'),
      SPEC_SCATTER_DIMS,
      'add',
      { mode: 'skip' },
    );
    // int64 values come back as bigints; the spec prints them as integers.
    expect(got.toFlatArray().map(Number)).toEqual(SPEC_SCATTER_RESULT.flat(4));
    expect(got.shape).toEqual([2, 3, 4, 2]);
  });

  it('one element, every intermediate: result[1, 1, 2, 0, 1] of the spec gather', () => {
    const idx = specIndices('int64');
    const e = elementIndex(
      'gather',
      {
        spaceShape: [2, 2, 3, 2, 2],
        windowSpaceDims: [3, 4],
        operandShape: [2, 3, 4, 2],
        windowSizes: [1, 1, 2, 2],
        collapsedDims: [1],
        operandBatchingDims: [0],
        indicesBatchingDims: [1],
        indicesShape: [2, 2, 3, 2],
        indexVectorDim: 3,
        startIndexMap: [2, 1],
      },
      { oob: 'clip', fromEnd: false },
      [1, 1, 2, 0, 1],
      (p) => (idx.data as BigInt64Array)[((p[0] * 2 + p[1]) * 3 + p[2]) * 2 + p[3]],
    );
    // indices[1, 1, 2, :] = [1, 0]: start dims 2 and 1; batching dim 0 ← indices dim 1 (= 1).
    expect(e.batchIndex).toEqual([1, 1, 2]);
    expect(e.raw).toEqual([1n, 0n]);
    expect(e.mapped).toEqual([0, 0, 1, 0]);
    expect(e.outOfRange).toEqual([]);
    expect(e.batching).toEqual([1, 0, 0, 0]);
    expect(e.window).toEqual([0, 0, 0, 1]);
    expect(e.operand).toEqual([1, 0, 1, 1]);
    expect(e.status).toBe('in_bounds');
  });

  it('reference.mode: an unknown mode name is refused', () => {
    const c = caught(() => referenceGather(tensor([1, 2]), tensor([[0]]), ONE_D, { mode: 'nearest' }));
    expect(c.error).toBeInstanceOf(InvalidArgumentError);
    expect(c.code).toBe('reference.mode');
  });

  it('reference.index_out_of_bounds: mode error raises on an out-of-range start', () => {
    const c = caught(() => referenceGather(tensor([1, 2]), tensor([[2]]), ONE_D, { mode: 'error' }));
    expect(c.error).toBeInstanceOf(IndexOutOfBoundsError);
    expect(c.code).toBe('reference.index_out_of_bounds');
  });
});

/** A 1-D gather of single elements: indices [n, 1] read operand[indices[i, 0]]. */
const ONE_D = {
  offset_dims: [],
  collapsed_slice_dims: [0],
  start_index_map: [0],
  index_vector_dim: 1,
  slice_sizes: [1],
};
