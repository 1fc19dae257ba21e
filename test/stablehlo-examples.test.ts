import { describe, expect, it } from 'vitest';
import { stablehlo } from '../src/index.js';
import {
  SPEC_GATHER_DIMS,
  SPEC_GATHER_RESULT,
  SPEC_SCATTER_DIMS,
  SPEC_SCATTER_RESULT,
  specIndices,
  specOperand,
  specUpdates,
} from './helpers/spec-example.js';

// The StableHLO spec's batching-dims examples (test/helpers/spec-example.ts), through the core API.
describe('StableHLO spec examples (batching dims RFC)', () => {
  it('gather', () => {
    const result = stablehlo.gather(specOperand('int32'), specIndices('int64'), {
      ...SPEC_GATHER_DIMS,
      indices_are_sorted: false,
    });
    expect(result.shape).toEqual([2, 2, 3, 2, 2]);
    expect(result.toArray()).toEqual(SPEC_GATHER_RESULT);
  });
  it('scatter (add)', () => {
    const result = stablehlo.scatter(
      specOperand('int64'),
      specIndices('int64'),
      specUpdates('int64'),
      { ...SPEC_SCATTER_DIMS, indices_are_sorted: false, unique_indices: false },
      'add',
    );
    expect(result.toFlatArray().map(Number)).toEqual(SPEC_SCATTER_RESULT.flat(3));
    expect(result.dtype).toBe('int64');
  });
});
