/**
 * `numpy.put_along_axis(arr, indices, values, None)` and `take_along_axis(..., None)` go through
 * NumPy's flat iterator (`arr.flat[...]`), which differs from the axis case in two ways, both
 * measured with NumPy 1.24 (`/usr/bin/python3`) on `arr = np.arange(6)` and pinned here verbatim:
 * - the assignment reads `values` flat and repeats it cyclically (or cuts it short) instead of
 *   broadcasting it; empty `values` write nothing, even at out-of-bounds indices;
 * - an out-of-bounds index is "index 9 is out of bounds for size 6" (no axis in the words).
 * Before, every `values` whose shape did not broadcast to the indices was refused
 * (numpy.put_along_axis.values_shape) and the words named axis 0.
 */
import { describe, expect, it } from 'vitest';
import { type Tensor, arange, numpy, tensor } from '../src/index.js';
import { caught } from './helpers/errors.js';

const I = (v: number[]) => tensor(v, 'int64');
const put = (idx: number[], values: unknown, arr: Tensor = arange(6)) =>
  numpy.put_along_axis(arr, I(idx), values as never, null).toArray();

describe('numpy.put_along_axis with axis None: NumPy 1.24 flat assignment', () => {
  it('cycles values shorter than the indices and cuts longer ones', () => {
    expect(put([0, 2, 4], [7])).toEqual([7, 1, 7, 3, 7, 5]);
    expect(put([0, 2, 4], [7, 8])).toEqual([7, 1, 8, 3, 7, 5]);
    expect(put([0, 2, 4], [7, 8, 9, 10])).toEqual([7, 1, 8, 3, 9, 5]);
    expect(put([1, 2], 5)).toEqual([0, 5, 5, 3, 4, 5]);
  });
  it('reads values of any shape flat', () => {
    expect(
      put(
        [0, 2, 4],
        [
          [1, 2],
          [3, 4],
        ],
      ),
    ).toEqual([1, 1, 2, 3, 3, 5]);
  });
  it('keeps the shape of a 2-D arr (indices into arr.flat)', () => {
    expect(put([0, 5], [9, 8, 7], arange(6).reshape([2, 3]))).toEqual([
      [9, 1, 2],
      [3, 4, 8],
    ]);
  });
  it('negative indices count from the end of the flat array; duplicates: the last wins', () => {
    expect(put([-1, -6], [9, 8])).toEqual([8, 1, 2, 3, 4, 9]);
    expect(put([1, 1, 1], [9, 8, 7])).toEqual([0, 7, 2, 3, 4, 5]);
  });
  it('writes nothing for empty values or indices, even at an out-of-bounds index', () => {
    expect(put([1, 9], tensor([], 'float64'))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(put([], [1, 2])).toEqual([0, 1, 2, 3, 4, 5]);
    expect(numpy.put_along_axis(tensor([], 'float64'), I([]), [2], null).toArray()).toEqual([]);
  });
  it('casts values unsafely, as the axis case does', () => {
    expect(put([1, 2], tensor([2.7, -1.5], 'float64'))).toEqual([0, 2, -1, 3, 4, 5]);
    expect(numpy.put_along_axis(tensor([0, 1, 2, 3, 4, 5], 'uint8'), I([1]), [300], null).toArray()).toEqual([
      0, 44, 2, 3, 4, 5,
    ]);
  });
  it('out of bounds: IndexError in the flat iterator words, also past cycled values', () => {
    const e = caught(() => put([1, 9], [1, 2, 3]));
    expect(e.code).toBe('numpy.put_along_axis.index_out_of_bounds');
    expect(e.message).toContain('index 9 is out of bounds for size 6');
    const n = caught(() => put([-9], 1, arange(6).reshape([2, 3])));
    expect(n.message).toContain('index -9 is out of bounds for size 6');
    const empty = caught(() => numpy.put_along_axis(tensor([], 'float64'), I([0]), [2], null));
    expect(empty.message).toContain('index 0 is out of bounds for size 0');
  });
  it('2-D indices are still refused (`indices` and `arr` must have the same number of dimensions)', () => {
    expect(caught(() => numpy.put_along_axis(arange(6), tensor([[1, 2]], 'int64'), [1], null)).code).toBe(
      'numpy.put_along_axis.ndim',
    );
  });
  it('with an axis, values still broadcast (NumPy: shape mismatch for 3 values into 2 places)', () => {
    expect(caught(() => numpy.put_along_axis(arange(6), I([1, 2]), [1, 2, 3], 0)).code).toBe(
      'numpy.put_along_axis.values_shape',
    );
  });
  it('the program states the cycling: a declared prologue', () => {
    const call = numpy.lower.put_along_axis(arange(6), I([0, 2, 4]), [7, 8], null);
    expect(call.prologue).toEqual({ kind: 'cycle_updates', length: 3 });
  });
});

describe('numpy.take_along_axis with axis None: the flat iterator words', () => {
  it('names the size, not an axis', () => {
    const e = caught(() => numpy.take_along_axis(arange(6).reshape([2, 3]), I([9]), null));
    expect(e.code).toBe('numpy.take_along_axis.index_out_of_bounds');
    expect(e.message).toContain('index 9 is out of bounds for size 6');
    expect(caught(() => numpy.take_along_axis(arange(6), I([9]), 0)).message).toContain(
      'index 9 is out of bounds for axis 0 with size 6',
    );
  });
});
