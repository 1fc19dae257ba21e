/**
 * An empty tensor whose buffer was transferred away (detached) is still a valid empty tensor:
 * there is nothing to read. The typed arrays' own methods (`values`, `some`, `set`, views over
 * `buffer`) throw on a detached buffer even at length 0, so code that reaches an empty tensor's
 * storage uses index loops, and the IR gives empty operands storage of their own. Found by
 * test/fuzz-ops (seed 645557931: `numpy.multiply.at` with an empty detached bool mask); each
 * case below threw an untyped TypeError before.
 */
import { describe, expect, it } from 'vitest';
import { type Tensor, cast, jax, numpy, stack, tensor, tf, torch, zeros } from '../src/index.js';

/** `t` with its buffer transferred away (as `postMessage(…, [buffer])` does). */
function detached<T extends Tensor>(t: T): T {
  structuredClone(t.data.buffer, { transfer: [t.data.buffer as ArrayBuffer] });
  expect(t.data.byteLength).toBe(0);
  return t;
}

describe('empty tensors on detached buffers', () => {
  const cases: [string, () => Tensor, number[]][] = [
    [
      'numpy.multiply.at (bool mask)',
      () => {
        const x = zeros([0, 4, 3], 'float16');
        numpy.multiply.at(x, detached(tensor([], 'bool')), tensor(2, 'int16', []));
        return x;
      },
      [0, 4, 3],
    ],
    [
      'numpy.index (bool mask)',
      () => numpy.index(zeros([0, 3], 'float32'), [detached(tensor([], 'bool'))]),
      [0, 3],
    ],
    [
      'torch.index (uint8 mask)',
      () => torch.index(zeros([0, 3], 'float32'), [detached(tensor([], 'uint8'))]),
      [0, 3],
    ],
    [
      'torch.index (bool mask)',
      () => torch.index(zeros([0, 3], 'float32'), [detached(tensor([], 'bool'))]),
      [0, 3],
    ],
    [
      'torch.index_put (uint8 mask)',
      () =>
        torch.index_put(zeros([0, 3], 'float32'), [detached(tensor([], 'uint8'))], tensor(1, 'float32', [])),
      [0, 3],
    ],
    [
      'torch.masked_select (IR reshape of the empty input)',
      () => torch.masked_select(detached(zeros([0], 'float32')), detached(tensor([], 'bool'))),
      [0],
    ],
    [
      'tf.boolean_mask',
      () => tf.boolean_mask(detached(zeros([0, 3], 'float32')), detached(tensor([], 'bool'))),
      [0, 3],
    ],
    [
      'jax.at(...).get() (empty int index)',
      () => jax.at(detached(zeros([0], 'float32')), detached(tensor([], 'int32'))).get(),
      [0],
    ],
  ];
  cases.push(
    // fuzz-ops seed 1093554359: numpy.multiply.at's lowering casts complex64 updates to complex128.
    ['cast complex64 → complex128', () => cast(detached(zeros([0, 3], 'complex64')), 'complex128'), [0, 3]],
    [
      'stack along an inner axis',
      () => stack([detached(zeros([2, 0], 'float32')), zeros([2, 0], 'float32')], 1),
      [2, 2, 0],
    ],
  );
  for (const [name, call, shape] of cases)
    it(name, () => {
      const r = call();
      expect(r.shape).toEqual(shape);
      expect(r.size).toBe(0);
    });

  it('a uint8 mask still refuses values other than 0 and 1 (torch.<op>.mask_values)', () => {
    expect(() => torch.index(zeros([2], 'float32'), [tensor([1, 2], 'uint8')])).toThrow(
      expect.objectContaining({ code: 'torch.index.mask_values' }),
    );
    expect(torch.index(tensor([5, 6], 'float32'), [tensor([0, 1], 'uint8')]).toArray()).toEqual([6]);
  });
});
