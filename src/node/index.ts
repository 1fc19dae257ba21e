/**
 * Node-only entry: multi-core gathers and scatters on worker_threads.
 *
 * @example
 * import { enableThreads, shareTensor } from 'tensor-gather-scatter/node';
 * await enableThreads();                   // helpers = cores - 1; calls ≥ 4 MiB are split
 * const data = shareTensor(bigTensor);     // threads need SharedArrayBuffer storage
 */
import { type ParallelConfig, setParallel, sharedLike } from '../core/parallel.js';
import { Tensor } from '../tensor/tensor.js';
import { type NodePool, createNodePool } from './pool.js';

export { createNodePool, type NodePool } from './pool.js';

/** Creates a pool (default: cores - 1 helpers), waits until it is ready and installs it. */
export async function enableThreads(
  options: { helpers?: number; minBytes?: number } = {},
): Promise<NodePool> {
  const pool = createNodePool(options.helpers);
  await pool.ready();
  const c: Partial<ParallelConfig> =
    options.minBytes === undefined ? { pool } : { pool, minBytes: options.minBytes };
  setParallel(c);
  return pool;
}

/** Stops the installed pool's helpers and returns to single-thread execution. */
export function disableThreads(pool: NodePool): void {
  setParallel({ pool: null });
  pool.close();
}

/** The same tensor with its storage copied into a SharedArrayBuffer (usable by the helpers). */
export function shareTensor<T extends Tensor>(t: T): T {
  return new Tensor(t.dtype, t.shape, sharedLike(t.data)) as T;
}
