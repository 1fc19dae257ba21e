/** A pool helper (see pool.ts): runs job parts and reports through a shared flag (1 ok, 2 failed). */
import { parentPort, workerData } from 'node:worker_threads';
import type { ParallelJob } from '../core/parallel.js';
import { runPart } from '../core/parallel-part.js';

const { ready, slot } = workerData as { ready: Int32Array; slot: number };
const port = parentPort;
if (port) {
  port.on('message', (m: { job: ParallelJob; part: number; flags: Int32Array; slot: number }) => {
    let status = 1;
    try {
      runPart(m.job, m.part);
    } catch {
      status = 2; // jobs start only with checked indices: the caller fails the call (InternalError)
    }
    Atomics.store(m.flags, m.slot, status);
    Atomics.notify(m.flags, m.slot);
  });
  Atomics.store(ready, slot, 1);
  port.postMessage('ready');
}
