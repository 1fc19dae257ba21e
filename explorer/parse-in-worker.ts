/**
 * Big editor texts parsed off the page's thread. JSON.parse of a 36 MB paste and its flattening
 * take 0.3–1.5 s on a loaded 2-core machine; on the page's thread that is one long task before
 * anything paints. Here each big text goes to a worker (parse-worker.ts) the first time a run
 * asks for it, with the dtype the run wants; the run that asked shows "reading" and the runner
 * runs again once {@link parsing} settles, when the tensor is ready. Texts of at most
 * WORKER_TEXT characters are parsed on the page as before, in one run (a 512² paste, 2.3 MB,
 * parses in about 20 ms: less than a worker's round trip and a second task).
 */
import type { DType } from '../src/tensor/dtype.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';

/** Texts longer than this (4 MB: a 1024² array of 7-digit integers is 8 MB) go to a worker. */
export const WORKER_TEXT = 1 << 22;

/** The text is parsed in a worker (when workers exist). */
export function readsInWorker(text: string): boolean {
  return text.length > WORKER_TEXT && typeof Worker !== 'undefined';
}

/** What the page asks a worker: parse `text` into a tensor of `dtype` (undefined: inferred). */
export interface ParseRequest {
  readonly id: number;
  readonly text: string;
  readonly dtype: DType | undefined;
  readonly keepFloat64: boolean;
}

/** What the page asks a worker for a `.npy` file: its tensor and editor text (the bytes are transferred). */
export interface NpyRequest {
  readonly id: number;
  readonly bytes: ArrayBuffer;
}

export type WorkerRequest = ParseRequest | NpyRequest;

/**
 * A worker's answer: the tensor's storage (transferred) and, for a `.npy` file, its editor text;
 * or `dtype: null` for "parse it yourself".
 */
export type ParseReply =
  | {
      readonly id: number;
      readonly dtype: DType;
      readonly shape: number[];
      readonly data: ArrayBufferView;
      readonly text?: string;
    }
  | { readonly id: number; readonly dtype: null };

interface Entry {
  readonly text: string;
  readonly dtype: DType | undefined;
  readonly keepFloat64: boolean;
  /** The tensor; null: not a plain array of numbers (the page parses it); undefined: pending. */
  result: Tensor | null | undefined;
  readonly done: Promise<void>;
}

/** Parsed texts kept (each up to tens of megabytes): the three editors' and a few before them. */
const KEEP = 6;
const entries: Entry[] = [];
/** Two workers: a data paste parses beside the indices pasted just before it. */
const POOL = 2;
const workers: { worker: Worker; busy: number }[] = [];
const waiting = new Map<number, (reply: ParseReply) => void>();
/** A worker failed: the page parses everything itself from then on. */
let failed = false;
let nextId = 0;

function onReply(ev: MessageEvent<ParseReply>): void {
  const settle = waiting.get(ev.data.id);
  waiting.delete(ev.data.id);
  settle?.(ev.data);
}

/**
 * The least busy worker; null where workers are unavailable. The pool starts whole on first use:
 * a second worker started only when the first is busy costs ~100 ms (its module loads) just when
 * a data paste follows an indices paste.
 */
function worker(): { worker: Worker; busy: number } | null {
  if (typeof Worker === 'undefined' || failed) return null;
  while (workers.length < POOL) {
    const w = {
      worker: new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' }),
      busy: 0,
    };
    w.worker.addEventListener('message', onReply);
    w.worker.addEventListener('error', failAll);
    workers.push(w);
  }
  return workers.reduce((a, b) => (b.busy < a.busy ? b : a));
}

/**
 * A worker failed (a programming error, or the module did not load): the error is reported as
 * the page's own, the pool stops, and every text waiting falls back to the page's parser so the
 * explorer keeps working.
 */
function failAll(ev: ErrorEvent): void {
  reportError(new Error(`parse worker: ${ev.message || 'failed to start'}`));
  failed = true;
  for (const x of workers) x.worker.terminate();
  workers.length = 0;
  for (const [id, settle] of waiting) settle({ id, dtype: null });
  waiting.clear();
}

/** Sends a request to the least busy worker; null without workers. */
function ask(req: WorkerRequest, transfer: ArrayBuffer[] = []): Promise<ParseReply> | null {
  const w = worker();
  if (!w) return null;
  w.busy++;
  return new Promise<ParseReply>((settle) => {
    waiting.set(req.id, settle);
    w.worker.postMessage(req, { transfer });
  }).then((reply) => {
    w.busy--;
    return reply;
  });
}

function request(text: string, dtype: DType | undefined, keepFloat64: boolean): Promise<Tensor | null> {
  const reply = ask({ id: nextId++, text, dtype, keepFloat64 });
  if (!reply) return Promise.resolve(null);
  return reply.then((r) => (r.dtype === null ? null : tensor(r.data, r.dtype, r.shape)));
}

/** Keeps a parsed text's tensor (read from a file), as if a worker had parsed the text. */
function remember(text: string, t: Tensor): void {
  entries.push({ text, dtype: t.dtype, keepFloat64: false, result: t, done: Promise.resolve() });
  if (entries.length > KEEP) entries.splice(0, entries.length - KEEP);
}

/**
 * A `.npy` file read in a worker (its bytes are transferred): its editor text and tensor, the
 * tensor kept for that text so the run does not parse it again. Null without workers or when
 * the worker cannot read it (the page then reads it, for the library's typed error).
 */
export async function readNpyInWorker(bytes: ArrayBuffer): Promise<{ text: string; tensor: Tensor } | null> {
  const reply = await ask({ id: nextId++, bytes }, [bytes]);
  if (!reply || reply.dtype === null || reply.text === undefined) return null;
  const t = tensor(reply.data, reply.dtype, reply.shape);
  remember(reply.text, t);
  return { text: reply.text, tensor: t };
}

/**
 * The tensor of a big text in `dtype` (undefined: inferred as flat.ts's jsonTensor does), parsed
 * in a worker: the tensor when ready, null when the page must parse the text itself, undefined
 * while a worker reads it (the request is sent on the first call).
 */
export function parsedTensor(
  text: string,
  dtype: DType | undefined,
  keepFloat64: boolean,
): Tensor | null | undefined {
  // keepFloat64 only matters when the dtype is inferred.
  const found = entries.find(
    (e) => e.text === text && e.dtype === dtype && (dtype !== undefined || e.keepFloat64 === keepFloat64),
  );
  if (found) return found.result;
  const entry: Entry = {
    text,
    dtype,
    keepFloat64,
    result: undefined,
    done: request(text, dtype, keepFloat64).then((t) => {
      entry.result = t;
    }),
  };
  entries.push(entry);
  if (entries.length > KEEP) entries.splice(0, entries.length - KEEP);
  return undefined;
}

/** Resolves when every text sent to a worker so far has its answer. */
export function parsing(): Promise<void> {
  return Promise.all(entries.map((e) => e.done)).then(() => undefined);
}
