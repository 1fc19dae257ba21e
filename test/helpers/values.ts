import type { Tensor } from '../../src/tensor/tensor.js';

/** A tensor's values as plain JSON numbers (int64 / uint64 as Number), nested as its shape. */
export const plain = (t: Tensor) =>
  JSON.parse(JSON.stringify(t.toArray(), (_k, v) => (typeof v === 'bigint' ? Number(v) : v)));
