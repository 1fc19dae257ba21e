/**
 * The shape and storage utilities `core` exports, checked at the entry: a caller's junk gets a
 * typed error naming the rule. The core's own loops import the unchecked originals (they pass
 * shapes and tensors it has already validated), so nothing here runs on a hot path.
 */
import { InvalidArgumentError, fmt } from '../errors.js';
import {
  checkShape,
  checkTensor,
  sameShape as sameShapeOf,
  stridesOf as stridesOfShape,
} from '../tensor/tensor.js';
import type { Tensor } from '../tensor/tensor.js';
import { overlaps as overlapsOf } from './call.js';
import { unravel as unravelOf } from './index-map.js';

/**
 * True when two shapes are equal entry by entry (use this, not a comparison of formatted
 * strings). Each must be a shape (InvalidArgumentError `tensor.shape` / `tensor.rank`).
 *
 * @example sameShape([2, 3], [2, 3])   // true
 */
export function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return sameShapeOf(checkShape(a, 'sameShape'), checkShape(b, 'sameShape'));
}

/**
 * Row-major strides (in elements) of `shape` (InvalidArgumentError `tensor.shape` /
 * `tensor.rank` when it is not a shape).
 *
 * @example stridesOf([2, 3, 4])   // [12, 4, 1]
 */
export function stridesOf(shape: readonly number[]): number[] {
  return stridesOfShape(checkShape(shape, 'stridesOf'));
}

/**
 * The multi-index of `shape` at row-major offset `offset`: an integer in [0, size(shape))
 * (InvalidArgumentError `core.unravel.offset`; `tensor.shape` when `shape` is not one).
 *
 * @example unravel(5, [2, 3])   // [1, 2]
 */
export function unravel(offset: number, shape: readonly number[]): number[] {
  const s = checkShape(shape, 'unravel');
  const size = s.reduce((a, b) => a * b, 1);
  if (!(Number.isSafeInteger(offset) && offset >= 0 && offset < size))
    throw new InvalidArgumentError(
      'core.unravel.offset',
      `unravel: offset must be an integer in [0, ${size}) for shape ${fmt(s)}; got ${fmt(offset)}`,
      { offset: fmt(offset), shape: s },
    );
  return unravelOf(offset, s);
}

/**
 * True when two tensors' storage ranges may share a byte. Two different SharedArrayBuffer
 * objects may be one memory (`structuredClone(sab)`, a worker's copy) and JS cannot tell: when
 * their byte lengths agree (or either is growable) they count as overlapping — unless both were
 * constructed by this library in this thread (`sharedLike`, `shareTensor`), which makes each
 * a new memory. Each must be a
 * Tensor of this library (InvalidArgumentError `core.overlaps.tensor`).
 */
export function overlaps(a: Tensor, b: Tensor): boolean {
  return overlapsOf(
    checkTensor(a, 'a', 'overlaps', 'core.overlaps.tensor'),
    checkTensor(b, 'b', 'overlaps', 'core.overlaps.tensor'),
  );
}
