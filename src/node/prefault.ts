/**
 * Pre-faulted result buffers for Node (on by default in Node's main entry).
 *
 * Why: a fresh 64 MiB result costs Node 16,384 page faults on first write — about 30–45 ms
 * here, more than the gather itself — because glibc maps large blocks with 4 KiB pages and
 * Node, unlike NumPy, does not ask for transparent huge pages. A helper thread can take those
 * faults instead: after a big fresh result of n bytes, it allocates the next n-byte
 * ArrayBuffer, touches every page and transfers it back (no copy). The next call of that size
 * takes it if it is there; if the helper is past half way through it, the caller waits for it
 * (bounded by the helper's own pace); otherwise it allocates as before. At most one spare
 * buffer exists, dropped after a second unused.
 * Results stay plain ArrayBuffers (zeroed, as fresh ones are).
 */
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from 'node:worker_threads';
import { setBigBufferSource } from '../core/big-buffers.js';

/**
 * Results from this size on get pre-faulted buffers. glibc serves smaller blocks from its heap
 * once a block of their size has been freed (its mmap threshold rises up to 32 MiB), so their
 * pages are already mapped: measured on a 16 MiB ScatterND result, pre-faulting changed
 * nothing. Above 32 MiB every allocation is a fresh mmap.
 */
export const PREFAULT_MIN_BYTES = 32 << 20;
/** A spare buffer unused this long is dropped. */
const IDLE_MS = 1000;

// progress[0]: pages touched of the buffer in the making; progress[1]: buffers finished (after
// each is posted), which a caller can wait on.
const WORKER = `
const { workerData } = require('node:worker_threads');
const { port, progress } = workerData;
port.on('message', (bytes) => {
  Atomics.store(progress, 0, 0);
  let buf = null;
  try { buf = new ArrayBuffer(bytes); } catch {}
  if (buf) {
    const v = new Uint8Array(buf);
    for (let i = 0, p = 1; i < bytes; i += 4096, p++) {
      v[i] = 0; // the write faults the page in
      if ((p & 255) === 0) Atomics.store(progress, 0, p);
    }
    port.postMessage(buf, [buf]);
  } else port.postMessage(null);
  Atomics.add(progress, 1, 1);
  Atomics.notify(progress, 1);
});
`;

interface State {
  worker: Worker;
  port: MessagePort;
  progress: Int32Array;
  /** When the request in flight was posted, and the finished count then. */
  requestedAt: number;
  finishedBefore: number;
  /** Received, unused spare buffer. */
  spare: ArrayBuffer | null;
  /** Bytes of the request in flight (0: none). */
  inFlight: number;
  lastUse: number;
  timer: ReturnType<typeof setTimeout> | null;
}

let state: State | null = null;
let disabled = false;
let suspended = false;

/**
 * Internal (the bench's "no prefault" row): while suspended, big results are allocated by the
 * caller and nothing is requested, but the helper and its spare stay, so the next calls see
 * the same helper state as before.
 */
export function suspendPrefault(on: boolean): void {
  suspended = on;
}
const stats = { taken: 0, missed: 0 };

/**
 * How pre-faulting went in this thread: whether it is on, how many big results took a
 * pre-faulted buffer and how many allocated their own (none ready of their size).
 *
 * @example
 * import { prefaultStats } from 'tensor-gather-scatter/node';
 * prefaultStats(); // { enabled: true, taken: 9, missed: 1 }
 */
export function prefaultStats(): { enabled: boolean; taken: number; missed: number } {
  return { enabled: !disabled && state !== null, taken: stats.taken, missed: stats.missed };
}

/** Moves a buffer that has arrived into `spare` (the newest wins). */
function drain(s: State): void {
  for (let m = receiveMessageOnPort(s.port); m !== undefined; m = receiveMessageOnPort(s.port)) {
    s.inFlight = 0;
    if (m.message instanceof ArrayBuffer) s.spare = m.message;
  }
}

function scheduleIdleCheck(s: State): void {
  if (s.timer) return;
  s.timer = setTimeout(() => {
    s.timer = null;
    drain(s);
    if (performance.now() - s.lastUse >= IDLE_MS) s.spare = null;
    if (s.spare || s.inFlight) scheduleIdleCheck(s);
  }, IDLE_MS);
  s.timer.unref();
}

function start(): State | null {
  if (disabled) return null;
  try {
    const { port1, port2 } = new MessageChannel();
    const progress = new Int32Array(new SharedArrayBuffer(8));
    // execArgv: [] — the helper is plain CommonJS; the parent's flags (--input-type=module,
    // loaders) must not reinterpret it.
    const worker = new Worker(WORKER, {
      eval: true,
      execArgv: [],
      workerData: { port: port2, progress },
      transferList: [port2],
    });
    worker.unref();
    port1.unref();
    worker.on('error', () => stopPrefault());
    return {
      worker,
      port: port1,
      progress,
      requestedAt: 0,
      finishedBefore: 0,
      spare: null,
      inFlight: 0,
      lastUse: 0,
      timer: null,
    };
  } catch {
    disabled = true; // no worker_threads here (a restricted runtime): allocate as before
    return null;
  }
}

/** The big-buffer source: a pre-faulted spare of exactly `bytes`, or null (allocate normally). */
function take(bytes: number): ArrayBuffer | null {
  if (bytes < PREFAULT_MIN_BYTES || suspended) return null;
  state ??= start();
  const s = state;
  if (!s) return null;
  drain(s);
  s.lastUse = performance.now();
  if (s.inFlight === bytes && s.spare?.byteLength !== bytes) awaitNearlyDone(s, bytes);
  let got: ArrayBuffer | null = null;
  if (s.spare?.byteLength === bytes) {
    got = s.spare;
    s.spare = null;
    stats.taken++;
  } else stats.missed++;
  // Prepare the next one of this size (a spare of another size is dropped: sizes changed).
  if (s.spare && s.spare.byteLength !== bytes) s.spare = null;
  if (!s.spare && s.inFlight === 0) {
    s.inFlight = bytes;
    s.requestedAt = performance.now();
    s.finishedBefore = Atomics.load(s.progress, 1);
    s.port.postMessage(bytes);
  }
  scheduleIdleCheck(s);
  return got;
}

/**
 * The buffer of this size is still being made. Faulting our own copy now would race the helper
 * for the same kernel locks (measured: a call that misses while the helper works takes longer
 * than with no helper at all), so when the helper is past half way, wait for it — at most the
 * time its pace says it needs (×1.5, ≤ 50 ms), which is less than doing all of it ourselves.
 */
function awaitNearlyDone(s: State, bytes: number): void {
  const pages = Math.ceil(bytes / 4096);
  const done = Atomics.load(s.progress, 0);
  if (done * 2 < pages) return;
  const elapsed = performance.now() - s.requestedAt;
  const remaining = (elapsed * (pages - done)) / Math.max(1, done);
  Atomics.wait(s.progress, 1, s.finishedBefore, Math.min(50, remaining * 1.5 + 1));
  drain(s);
}

/** Installs the pre-faulting source (Node's main entry does this on import). */
export function startPrefault(): void {
  disabled = false;
  setBigBufferSource(take);
}

/**
 * Stops pre-faulting: big results are allocated by the calling thread again, the helper thread
 * ends and any spare buffer is dropped.
 *
 * @example
 * import { stopPrefault } from 'tensor-gather-scatter/node';
 * stopPrefault();
 */
export function stopPrefault(): void {
  disabled = true;
  setBigBufferSource(null);
  const s = state;
  state = null;
  if (!s) return;
  if (s.timer) clearTimeout(s.timer);
  s.port.close();
  void s.worker.terminate();
}
