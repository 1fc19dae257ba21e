/**
 * A Node implementation of the core's ParallelPool: blocking helpers on worker_threads.
 *
 *   import { setParallel } from 'gather-scatter/dist/core/parallel.js';
 *   setParallel({ pool: createNodePool(1) }); // 1 helper + the calling thread = 2 parts
 *
 * The calling thread posts each helper its part, runs part 0 itself, then waits on a shared
 * flag with Atomics.wait. Helpers only take work once they have signalled that they loaded, so
 * a call never blocks on a helper that is still starting (or failed to start).
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ParallelJob, ParallelPool, ParallelTicket } from '../core/parallel.js';
import { InternalError, InvalidArgumentError, fmt } from '../errors.js';

export interface NodePool extends ParallelPool {
  /** Resolves once every helper has loaded. */
  ready(): Promise<void>;
  /** Terminates the helper threads (the pool's size becomes 0). */
  close(): void;
}

/**
 * How long a call waits for a helper's part before taking the helper as dead (and failing the
 * call with InternalError `threads.helper_failed`): far above any part's time — a part of a
 * 64 MiB job takes tens of milliseconds — yet bounded, so a dead helper never hangs a call.
 */
export const STALL_MS = 30_000;

/**
 * A replacement helper that cannot start leaves its slot out of service: calls split over the
 * helpers that are ready, as they do while helpers start. Only the two ways a start fails are
 * taken so — the helper's own refusal (`threads.start`) and Node's refusal to make the thread
 * (`ERR_WORKER_INIT_FAILED`, thrown by `new Worker`); anything else is a defect and is rethrown.
 */
function outOfService(e: unknown): void {
  if (e instanceof InternalError && e.code === 'threads.start') return;
  if (e instanceof Error && (e as NodeJS.ErrnoException).code === 'ERR_WORKER_INIT_FAILED') return;
  throw e;
}

/** Starts a replacement helper in `slot`, leaving the slot out of service if it cannot start. */
function replace(spawn: (slot: number) => Promise<void>, slot: number): void {
  let started: Promise<void>;
  try {
    started = spawn(slot);
  } catch (e) {
    outOfService(e);
    return;
  }
  started.catch(outOfService);
}

/**
 * The parent's flags the helpers start with: its loaders and conditions matter to them. Found
 * once per process: `--input-type` (a script run with `node --input-type=module -e`) is refused
 * for a worker started from a file, and so are the flags a worker refuses as process-wide or
 * V8 options (`--expose-gc`, `--max-old-space-size`), which only the refusal names.
 */
let workerFlags: readonly string[] | undefined;

/** Node's refusal of a worker's execArgv (a plain Error with this code). */
const isInvalidExecArgv = (e: unknown): e is Error =>
  e instanceof Error && (e as NodeJS.ErrnoException).code === 'ERR_WORKER_INVALID_EXEC_ARGV';

/**
 * `flags` without the ones Node's refusal lists ("…invalid execArgv flags: --a, --b"); all of
 * them when the message names none of `flags` (so each retry drops at least one flag).
 */
function withoutRefused(flags: readonly string[], message: string): readonly string[] {
  const refused = message
    .slice(message.indexOf(':') + 1)
    .split(',')
    .map((f) => f.trim());
  const kept = flags.filter((f) => !refused.includes(f));
  return kept.length < flags.length ? kept : [];
}

/** A helper thread with the parent's flags that workers accept. */
function startWorker(workerData: { ready: Int32Array; slot: number }): Worker {
  workerFlags ??= process.execArgv.filter((a) => !a.startsWith('--input-type'));
  for (;;) {
    try {
      return new Worker(new URL('./worker.js', import.meta.url), { workerData, execArgv: [...workerFlags] });
    } catch (e) {
      if (!isInvalidExecArgv(e) || workerFlags.length === 0) throw e;
      workerFlags = withoutRefused(workerFlags, e.message);
    }
  }
}

/** Most helper threads a pool may have. */
export const MAX_HELPERS = 256;

/**
 * Creates `size` helper threads (default: available cores - 1, at least 1). `size` must be an
 * integer in [1, MAX_HELPERS] (InvalidArgumentError `threads.helpers`).
 */
export function createNodePool(
  size = Math.max(1, (os.availableParallelism?.() ?? os.cpus().length) - 1),
): NodePool {
  if (!(Number.isInteger(size) && size >= 1 && size <= MAX_HELPERS)) {
    throw new InvalidArgumentError(
      'threads.helpers',
      `createNodePool: helpers must be an integer in [1, ${MAX_HELPERS}]; got ${fmt(size)}`,
      { helpers: size },
    );
  }
  const ready = new Int32Array(new SharedArrayBuffer(4 * size));
  const flags = new Int32Array(new SharedArrayBuffer(4 * size));
  const workers: Worker[] = [];
  const started: Promise<void>[] = [];
  let closed = false;
  /**
   * Starts the helper of `slot`. A helper that exits (crashed, killed) leaves its slot
   * not-ready, so no later call waits on it, and a fresh helper takes the slot.
   */
  const spawn = (slot: number): Promise<void> => {
    const w = startWorker({ ready, slot });
    w.unref();
    workers[slot] = w;
    let loaded = false;
    w.once('exit', () => {
      Atomics.store(ready, slot, 0);
      // Only a helper that had loaded is replaced: one that failed to load would fail again.
      if (loaded && !closed && workers[slot] === w) replace(spawn, slot);
    });
    return new Promise((resolve, reject) => {
      w.once('message', (m) => {
        loaded = m === 'ready';
        if (loaded) resolve();
        else reject(new InternalError('threads.start', String(m)));
      });
      // The worker file failed to load or threw before signalling (e.g. MODULE_NOT_FOUND).
      w.once('error', (e: Error) =>
        reject(
          new InternalError(
            'threads.start',
            `gather-scatter pool: helper ${slot} failed to start: ${e.message}`,
            {
              slot,
              cause: e,
            },
          ),
        ),
      );
    });
  };
  for (let i = 0; i < size; i++) started.push(spawn(i));
  return {
    get size() {
      if (closed) return 0;
      let n = 0;
      for (let i = 0; i < size; i++) if (Atomics.load(ready, i) === 1) n++;
      return n;
    },
    start(job: ParallelJob): ParallelTicket {
      const slots: number[] = [];
      for (let i = 0; i < size && slots.length < job.parts - 1; i++)
        if (Atomics.load(ready, i) === 1) slots.push(i);
      if (slots.length < job.parts - 1)
        throw new InternalError('threads.helpers', 'gather-scatter pool: fewer ready helpers than parts');
      slots.forEach((slot, k) => {
        Atomics.store(flags, slot, 0);
        workers[slot].postMessage({ job, part: k + 1, flags, slot });
      });
      return {
        wait(): boolean {
          let ok = true;
          const deadline = Date.now() + STALL_MS;
          for (const slot of slots) {
            while (Atomics.load(flags, slot) === 0 && Date.now() < deadline)
              Atomics.wait(flags, slot, 0, 100);
            if (Atomics.load(flags, slot) === 0) {
              // Dead or stalled: out of service now; its exit brings a fresh helper.
              Atomics.store(ready, slot, 0);
              void workers[slot].terminate();
            }
            if (Atomics.load(flags, slot) !== 1) ok = false;
          }
          return ok;
        },
      };
    },
    async ready() {
      await Promise.all(started);
    },
    close() {
      closed = true;
      for (const w of workers) void w.terminate();
    },
  };
}
