/**
 * Multi-core execution of large gathers and scatters over SharedArrayBuffer.
 *
 * The core stays environment-neutral and dependency-free: a pool of blocking helpers is
 * injected with `setParallel` (src/node/pool.ts builds one from worker_threads). Without a
 * pool, for calls below `minBytes`, or when a tensor does not live in a SharedArrayBuffer,
 * everything runs on the calling thread, exactly as before.
 *
 * Determinism: a gather splits its result space, so every result element is written by exactly
 * one part. A scatter splits the *result* into disjoint target ranges; each part walks the
 * updates in update-index order and applies only those landing in its range, so every element
 * receives the same sequence of updates as in the single-thread run and the result is
 * bit-identical to it (also for float add/mul and `replace` with duplicates).
 */
import { InternalError, InvalidArgumentError } from '../errors.js';
import type { DType } from '../tensor/dtype.js';
import { type Tensor, typedArrayName } from '../tensor/tensor.js';
import type { IndexMapSpec, ResolvedPolicy } from './index-map.js';
import type { FloatMinMax, FloatNaN } from './kernels.js';
import type { ReducerName } from './types.js';

/** A tensor as it crosses to a helper: its storage must be backed by a SharedArrayBuffer. */
export interface SharedTensorRef {
  readonly dtype: DType;
  readonly shape: readonly number[];
  readonly data: Tensor['data'];
}

/** What every split job carries: the index map, the policy, the indices and the work units. */
interface JobBase {
  readonly spec: IndexMapSpec;
  readonly policy: ResolvedPolicy;
  readonly indices: SharedTensorRef;
  readonly parts: number;
  /** Work units; threads claim them one at a time from `next` (see claimChunks). */
  readonly chunks: number;
  readonly next: Int32Array;
}

/** One gather or scatter, split into `parts` parts; part p is run by `runPart(job, p)`. */
export type ParallelJob =
  | (JobBase & {
      readonly kind: 'gather';
      readonly operand: SharedTensorRef;
      readonly result: SharedTensorRef;
      readonly fillBits: readonly number[];
    })
  | (JobBase & {
      readonly kind: 'scatter';
      readonly inputs: readonly SharedTensorRef[];
      readonly updates: readonly SharedTensorRef[];
      readonly results: readonly SharedTensorRef[];
      /** Per input: copy inputs[i] into results[i] over the part's target range first. */
      readonly copyInputs: readonly boolean[];
      /** The reduction and its float rules (the kernels each part builds). */
      readonly reducer: Exclude<ReducerName, 'mean'>;
      readonly minmax: FloatMinMax;
      readonly nan: FloatNaN;
    });

/** A started job; `wait` blocks until every helper part is done and tells whether all succeeded. */
export interface ParallelTicket {
  wait(): boolean;
}

/**
 * Helpers that can run parts of a job while the caller runs part 0. `start` must not block;
 * `wait` may (Atomics.wait), so a pool is usable wherever blocking is allowed (Node's main
 * thread, browser workers).
 */
export interface ParallelPool {
  /** Number of helpers; a job is split into at most size + 1 parts. */
  readonly size: number;
  /** Starts parts 1 … job.parts - 1 on helpers. */
  start(job: ParallelJob): ParallelTicket;
  /** Releases the helpers (optional). */
  close?(): void;
}

/** How calls are split across helper threads (`setParallel` sets it). */
export interface ParallelConfig {
  /** The helpers; null (the default) keeps every call on the calling thread. */
  readonly pool: ParallelPool | null;
  /** Smallest call (bytes written or read, whichever is larger) that is split; default 4 MiB. */
  readonly minBytes: number;
  /** Most parts per call (caller included); default pool.size + 1. */
  readonly maxParts: number;
}

let config: ParallelConfig = { pool: null, minBytes: 4 * 2 ** 20, maxParts: Number.POSITIVE_INFINITY };

/**
 * Configures multi-core execution. Example (Node):
 * `setParallel({ pool: createNodePool(2) })` — see src/node/pool.ts.
 */
export function setParallel(c: Partial<ParallelConfig>): ParallelConfig {
  config = { ...config, ...c };
  return config;
}

/** The current parallel configuration. */
export function getParallel(): ParallelConfig {
  return config;
}

const hasSAB = typeof SharedArrayBuffer !== 'undefined';

/** True when the typed array's memory is a SharedArrayBuffer. */
export function isShared(t: Tensor): boolean {
  return hasSAB && t.data.buffer instanceof SharedArrayBuffer;
}

/** False when no call of `bytes` can be split (no pool, or too small): skip building the tensor list. */
export function maySplit(bytes: number): boolean {
  const { pool, minBytes } = config;
  return pool !== null && pool !== undefined && pool.size >= 1 && bytes >= minBytes;
}

/** Number of parts for a call moving `bytes`, or 0 to stay on the calling thread. */
export function partsFor(bytes: number, tensors: readonly Tensor[]): number {
  const { pool, minBytes, maxParts } = config;
  if (!pool || pool.size < 1 || bytes < minBytes) return 0;
  for (const t of tensors) if (!isShared(t)) return 0;
  const parts = Math.min(pool.size + 1, maxParts);
  return parts >= 2 ? parts : 0;
}

/**
 * Chunks per thread of a job whose chunks are cheap to split (each chunk reads only its own
 * indices). More chunks than threads let a thread that starts late — a helper descheduled on
 * a loaded machine — take fewer: the caller then does most of the work instead of waiting.
 */
export const CHUNKS_PER_PART = 4;

/** A shared claim counter for a job's chunks (starts at 0). */
export function claimCounter(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/**
 * Runs `run(chunk)` for every chunk this thread claims, until none are left. Every chunk is
 * claimed exactly once across threads (Atomics.add), so the union of all runs is the job.
 */
export function claimChunks(next: Int32Array, chunks: number, run: (chunk: number) => void): void {
  for (let c = Atomics.add(next, 0, 1); c < chunks; c = Atomics.add(next, 0, 1)) run(c);
}

/**
 * Runs the calling thread's share of a started job, then waits for the helpers (they write into
 * the result, so nothing returns or throws before they stop). Jobs start only once nothing in
 * them can fail on index values (the caller checked the indices), so a failure here is a fault:
 * the caller's own error is rethrown as it is, a helper's fails the call with an InternalError —
 * never a silent re-run, which would apply an in-place scatter's updates twice.
 */
export function finishJob(ticket: ParallelTicket, work: () => void, op: string): void {
  let error: unknown;
  try {
    work();
  } catch (e) {
    error = e;
  }
  const helpersOk = ticket.wait();
  if (error !== undefined) throw error;
  if (!helpersOk)
    throw new InternalError(
      'threads.helper_failed',
      `${op}: a helper thread failed or stalled on a checked job; the call is not retried (its result may be partly written)`,
    );
}

/** A SharedArrayBuffer-backed copy of a tensor's storage, for use with a parallel pool. */
export function sharedLike<T extends Tensor['data']>(data: T): T {
  // A typed array's own constructor, never an arbitrary one (`Function` would compile the buffer).
  if (typedArrayName(data) === undefined || data instanceof DataView)
    throw new InvalidArgumentError(
      'core.shared_like.data',
      `sharedLike: data must be a typed array; got ${data === null ? 'null' : typeof data}`,
    );
  const ctor = data.constructor as { new (b: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number };
  const out = new ctor(newShared(data.length * ctor.BYTES_PER_ELEMENT));
  (out as unknown as { set(a: T): void }).set(data);
  return out;
}

/**
 * SharedArrayBuffers this thread constructed itself (held weakly). Two different objects can
 * be one memory only when one is a clone (postMessage) or a WebAssembly memory's buffer, never
 * when both were constructed here: such a pair is apart whatever their lengths, so `out` over
 * one and an input over the other need not be computed aside (call.ts). Measured: a threaded
 * B5 `out` (16 MiB, as long as its input) was computed aside and copied in on every call.
 */
const madeHere = new WeakSet<SharedArrayBuffer>();

function newShared(bytes: number): SharedArrayBuffer {
  const b = new SharedArrayBuffer(bytes);
  madeHere.add(b);
  return b;
}

/** True when `a` and `b` are different SharedArrayBuffers both constructed by this thread. */
export function sharedApart(a: ArrayBufferLike, b: ArrayBufferLike): boolean {
  return a !== b && madeHere.has(a as SharedArrayBuffer) && madeHere.has(b as SharedArrayBuffer);
}

/** Fresh zeroed storage of `length` elements in a SharedArrayBuffer, same array type as `like`. */
export function sharedStorage<T extends Tensor['data']>(like: T, length: number): T {
  const ctor = like.constructor as { new (b: ArrayBufferLike): T; BYTES_PER_ELEMENT: number };
  // Not pre-faulted (measured: a helper faulting beside two compute threads on two cores made
  // the threaded fresh rows slower, 37–40 → 75 ms on B1).
  return new ctor(newShared(length * ctor.BYTES_PER_ELEMENT));
}
