/**
 * Node-only entry: multi-core gathers and scatters on worker_threads.
 *
 * @example
 * import { enableThreads, shareTensor } from 'tensor-gather-scatter/node';
 * await enableThreads();                   // helpers = cores - 1; calls ≥ 4 MiB are split
 * const data = shareTensor(bigTensor);     // threads need SharedArrayBuffer storage
 */
import { type ParallelConfig, setParallel, sharedLike } from '../core/parallel.js';
import { InvalidArgumentError, fmt } from '../errors.js';
import { Tensor, checkTensor } from '../tensor/tensor.js';
import { type NodePool, createNodePool } from './pool.js';

export { createNodePool, type NodePool } from './pool.js';

/**
 * Creates a pool (default: cores - 1 helpers), waits until it is ready and installs it; a pool
 * an earlier call installed is closed first.
 * `helpers` must be an integer in [1, 256] and `minBytes` a non-negative number
 * (InvalidArgumentError `threads.helpers` / `threads.min_bytes` otherwise).
 *
 * @example await enableThreads({ helpers: 3, minBytes: 1 << 22 })
 */
export async function enableThreads(
  options: { helpers?: number; minBytes?: number } = {},
): Promise<NodePool> {
  if (options === null || typeof options !== 'object')
    throw new InvalidArgumentError(
      'threads.options',
      `enableThreads: options must be an object; got ${fmt(options)}`,
    );
  if (options.minBytes !== undefined && !(typeof options.minBytes === 'number' && options.minBytes >= 0)) {
    throw new InvalidArgumentError(
      'threads.min_bytes',
      `enableThreads: minBytes must be a non-negative number; got ${fmt(options.minBytes)}`,
    );
  }
  // One pool at a time: calling again closes the pool it installed before (no threads leak).
  if (installed) disableThreads(installed);
  const pool = createNodePool(options.helpers);
  // A helper that failed to start (InternalError threads.start) leaves no threads behind.
  await pool.ready().catch((e: unknown) => {
    pool.close();
    throw e;
  });
  const c: Partial<ParallelConfig> =
    options.minBytes === undefined ? { pool } : { pool, minBytes: options.minBytes };
  setParallel(c);
  installed = pool;
  return pool;
}

/** The pool `enableThreads` installed, if any. */
let installed: NodePool | null = null;

/** Stops the installed pool's helpers and returns to single-thread execution. */
export function disableThreads(pool: NodePool): void {
  if (typeof (pool as { close?: unknown } | null)?.close !== 'function')
    throw new InvalidArgumentError(
      'node.disable_threads.pool',
      `disableThreads: pool must be the pool enableThreads returned; got ${fmt(pool)}`,
    );
  setParallel({ pool: null });
  pool.close();
  if (installed === pool) installed = null;
}

/** The same tensor with its storage copied into a SharedArrayBuffer (usable by the helpers). */
export function shareTensor<T extends Tensor>(t: T): T {
  if (!Tensor.isTensor(t)) checkTensor(t, 't', 'shareTensor', 'node.share_tensor.input');
  return new Tensor(t.dtype, t.shape, sharedLike(t.data)) as T;
}
