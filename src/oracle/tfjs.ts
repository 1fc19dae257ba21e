/**
 * TF.js as a campaign runtime (tfjs-core with its CPU or wasm backend, optional dependencies), on
 * the TF ops it shares with TensorFlow.
 *
 * It runs in a worker thread of its own. The wasm kernels do not check indices: an out-of-bounds
 * one reads or writes past the tensor in the module's single heap, or traps, and after a trap in
 * a scatter every later call of that module fails ("memory access out of bounds" on valid input;
 * re-registering the backend reuses the same instance), while one that writes past the tensor
 * without trapping silently changes what later cases compute. So the worker is replaced after a
 * case that trapped, outlived its time, or was a wasm scatter with an index outside the data (it
 * may have written anywhere): a crash costs its own case only, and a departure replays alike when
 * it is minimised. (Restoring a snapshot of the heap instead is not enough: the backend keeps
 * state outside it, and a restored heap itself traps.)
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { InvalidArgumentError } from '../errors.js';
import { Tensor } from '../tensor/tensor.js';
import type { Runtime, RuntimeRequest } from './campaign.js';

/** The worker: plain numbers in, plain numbers out; knows nothing of this library. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
(async () => {
  const tf = await import(pathToFileURL(workerData.core).href);
  await import(pathToFileURL(workerData.backendModule).href);
  if (!(await tf.setBackend(workerData.backend)))
    return parentPort.postMessage({ failed: 'TF.js could not start its ' + workerData.backend + ' backend' });
  parentPort.postMessage({ ready: true });
  parentPort.on('message', async ({ op, attributes, data, indices, updates }) => {
    try {
      const t = (x, dtype) => tf.tensor(x.values, x.shape, dtype);
      const out = tf.tidy(() => {
        const idx = t(indices, 'int32');
        if (op === 'tensorflow.gather')
          return tf.gather(t(data, data.dtype), idx, Number(attributes.axis ?? 0), Number(attributes.batch_dims ?? 0));
        if (op === 'tensorflow.gather_nd') return tf.gatherND(t(data, data.dtype), idx);
        return tf.tensorScatterUpdate(t(data, data.dtype), idx, t(updates, data.dtype));
      });
      const values = Array.from(await out.data());
      parentPort.postMessage({ shape: out.shape, values });
      out.dispose();
    } catch (e) {
      parentPort.postMessage({ error: String(e && e.message || e), trap: e instanceof WebAssembly.RuntimeError });
    }
  });
})().catch((e) => parentPort.postMessage({ failed: String(e && e.message || e) }));
`;

interface Reply {
  readonly ready?: true;
  readonly failed?: string;
  readonly shape?: number[];
  readonly values?: number[];
  readonly error?: string;
  readonly trap?: boolean;
}

/** A worker running TF.js on `backend`, answering one message at a time. */
class TfjsWorker {
  private worker: Worker | undefined;
  private pending: ((r: Reply) => void) | undefined;
  /** Set once a start failed: every later request fails with it at once, never waits on a dead worker. */
  private unavailable: InvalidArgumentError | undefined;

  constructor(
    private readonly backend: 'cpu' | 'wasm',
    private readonly paths: { core: string; backendModule: string },
  ) {}

  /** Sends one request (starting a worker when there is none) and waits for its reply. */
  /** Starts the worker now: a runtime that cannot start is refused when it is made. */
  async ready(): Promise<void> {
    if (!this.worker) await this.start();
  }

  async ask(message: unknown): Promise<Reply> {
    // A request still running (its case timed out) holds the worker: replace it.
    if (this.pending) this.stop();
    const w = this.worker ?? (await this.start());
    return new Promise<Reply>((resolve) => {
      this.pending = resolve;
      w.postMessage(message);
    }).finally(() => {
      this.pending = undefined;
    });
  }

  stop(): void {
    void this.worker?.terminate();
    this.worker = undefined;
    this.pending = undefined;
  }

  private start(): Promise<Worker> {
    if (this.unavailable) return Promise.reject(this.unavailable);
    // Piped stdio keeps TF.js's "install the node backend" notice off the campaign's output.
    const w = new Worker(WORKER, {
      eval: true,
      stdout: true,
      stderr: true,
      workerData: { ...this.paths, backend: this.backend },
    });
    w.unref();
    this.worker = w;
    let started = false;
    return new Promise((resolve, reject) => {
      // The first failure says why; the exit that follows an error adds nothing.
      const fail = (why: string, details: Record<string, unknown> = {}) => {
        if (started) return;
        started = true;
        this.unavailable = new InvalidArgumentError(
          'oracle.runtime.unavailable',
          `TF.js ${this.backend}: ${why}`,
          details,
        );
        this.stop();
        reject(this.unavailable);
      };
      w.once('message', (r: Reply) => {
        if (!r.ready) return fail(r.failed ?? 'its worker did not start');
        started = true;
        w.on('message', (m: Reply) => this.pending?.(m));
        resolve(w);
      });
      w.once('error', (e: Error) => fail(`its worker failed to start: ${e.message}`, { cause: e }));
      w.once('exit', (code: number) => {
        if (!started) return fail(`its worker exited (code ${code}) before it started`);
        // A worker that dies during a case answers it as a crash (else the case would wait forever).
        if (this.worker !== w) return;
        this.worker = undefined;
        this.pending?.({ error: `TF.js worker exited (code ${code})`, trap: true });
      });
    });
  }
}

/** TF.js has no float16 or 64-bit tensors: the runtime declares float32 data, int32 indices. */
const plain = (t: Tensor) => ({
  dtype: t.dtype === 'int32' ? 'int32' : 'float32',
  shape: [...t.shape],
  values: t.toFlatArray().map(Number),
});

/** A scatter with an index component outside [0, dim) of the data: one TF.js-wasm may write anywhere. */
function mayWriteOutside(req: RuntimeRequest): boolean {
  const { data, indices } = req.inputs;
  if (req.op !== 'tensorflow.tensor_scatter_nd_update' || indices.shape.length === 0) return false;
  const k = indices.shape[indices.shape.length - 1];
  return indices
    .toFlatArray()
    .some((v, i) => Number(v) < 0 || Number(v) >= (data.shape[i % k] ?? Number.POSITIVE_INFINITY));
}

/** TF.js on `backend` ('cpu' or 'wasm'), each case in an isolated worker as described above. */
export async function tfjs(backend: 'cpu' | 'wasm'): Promise<Runtime> {
  const require = createRequire(import.meta.url);
  const worker = new TfjsWorker(backend, {
    core: require.resolve('@tensorflow/tfjs-core'),
    backendModule: require.resolve(`@tensorflow/tfjs-backend-${backend}`),
  });
  await worker.ready();
  return {
    name: `tfjs-${backend}`,
    dtypes: ['float32', 'int32'],
    ops: ['tensorflow.gather', 'tensorflow.gather_nd', 'tensorflow.tensor_scatter_nd_update'],
    async run(req: RuntimeRequest) {
      const { data, indices, updates } = req.inputs;
      const r = await worker.ask({
        op: req.op,
        attributes: req.attributes,
        data: plain(data),
        indices: plain(indices),
        ...(updates ? { updates: plain(updates) } : {}),
      });
      if (r.trap || (backend === 'wasm' && mayWriteOutside(req))) worker.stop();
      if (r.error !== undefined) {
        // The runtime's refusal (or crash) of this case, as its message.
        throw new TfjsError(r.error);
      }
      const shape = r.shape ?? [];
      const values = r.values ?? [];
      return data.dtype === 'int32'
        ? new Tensor('int32', shape, Int32Array.from(values))
        : new Tensor('float32', shape, Float32Array.from(values));
    },
  };
}

/** What TF.js threw for a case (its refusal, or a wasm trap). */
export class TfjsError extends Error {
  override readonly name = 'TfjsError';
}
