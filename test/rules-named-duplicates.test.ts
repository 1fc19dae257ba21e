/**
 * One code per rule for duplicate scatter targets (issue 21): a forbidden duplicate target is
 * `<op>.duplicate_indices`, and `<op>.duplicates` names only a bad value of the `duplicates` option.
 * Named cases for the two ops whose codes no other test names.
 */
import { describe, expect, it } from 'vitest';
import { DuplicateIndexError, InvalidArgumentError } from '../src/errors.js';
import { directml, tensor, webnn } from '../src/index.js';
import { caught } from './helpers/errors.js';

const f32 = (v: number[], shape: number[]) => tensor(new Float32Array(v), 'float32', shape);
const u32 = (v: number[], shape: number[]) => tensor(new Uint32Array(v), 'uint32', shape);

describe('duplicate scatter targets', () => {
  it('webnn.scatterElements.duplicate_indices: two updates to element 1 under duplicates "error"', () => {
    const args = [f32([0, 0, 0], [3]), u32([1, 1], [2]), f32([5, 6], [2])] as const;
    // By default the last update wins, as WebNN leaves the order to the implementation.
    expect(webnn.scatterElements(...args).toArray()).toEqual([0, 6, 0]);
    const e = caught(() => webnn.scatterElements(...args, { duplicates: 'error' }));
    expect(e.error).toBeInstanceOf(DuplicateIndexError);
    expect(e.code).toBe('webnn.scatterElements.duplicate_indices');
  });

  it('directml.SCATTER_ND.duplicates: a duplicates option value that is not "last" or "error"', () => {
    const desc = {
      InputTensor: f32([0, 0, 0, 0], [1, 2, 2]),
      IndicesTensor: u32([1, 1], [1, 1, 2]),
      UpdatesTensor: f32([5], [1, 1, 1]),
      InputDimensionCount: 2,
      IndicesDimensionCount: 2,
    };
    expect(directml.SCATTER_ND(desc, { duplicates: 'last' }).toArray()).toEqual([
      [
        [0, 0],
        [0, 5],
      ],
    ]);
    const e = caught(() => directml.SCATTER_ND(desc, { duplicates: 'first' as never }));
    expect(e.error).toBeInstanceOf(InvalidArgumentError);
    expect(e.code).toBe('directml.SCATTER_ND.duplicates');
  });
});
