/**
 * Inputs too large for a link, kept in this browser (IndexedDB): the link then carries the
 * operator, attributes and dtypes plus a key (`local`), and the data stays here, stored in
 * pieces so that no single write blocks the page. A link whose key
 * this browser does not hold says so instead of running ("data too large to link").
 */

const DB = 'gather-scatter-explorer';
const STORE = 'inputs';
/** How many big inputs are kept; older ones are removed (each can be tens of megabytes). */
const KEEP = 8;

/** The editor texts a big state carries. */
export interface LocalInputs {
  readonly data?: string;
  readonly indices?: string;
  readonly updates?: string;
}

/** IndexedDB is missing or refused (private windows, storage off): the inputs cannot be kept. */
export class LocalStoreError extends Error {
  override name = 'LocalStoreError';
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((ok, fail) => {
    r.onsuccess = () => ok(r.result);
    r.onerror = () => fail(new LocalStoreError(r.error?.message ?? 'IndexedDB request failed'));
  });
}

function open(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new LocalStoreError('no IndexedDB here'));
  const r = indexedDB.open(DB, 2);
  r.onupgradeneeded = () => {
    if (r.result.objectStoreNames.contains(STORE)) r.result.deleteObjectStore(STORE);
    r.result.createObjectStore(STORE);
  };
  return request(r);
}

/** A new key for big inputs: time-ordered, so the oldest are the first to go. */
export function newKey(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Characters per stored piece. Storing clones the value on the main thread (about 1 ms per
 * 100 kB under load), so a 36 MB text goes in 1 MB pieces, one transaction each, with `pause`
 * (the page's idle wait) between them: no long task.
 */
const PIECE = 1 << 20;
const FIELDS = ['data', 'indices', 'updates'] as const;

/** Runs one request in its own transaction. */
async function once<T>(mode: IDBTransactionMode, f: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await request(f(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

/**
 * Stores `inputs` under `key` in pieces ([key, field, n] → text), then drops all but the newest
 * KEEP keys. `pause` runs between pieces.
 */
export async function putInputs(key: string, inputs: LocalInputs, pause: () => Promise<void>): Promise<void> {
  for (const field of FIELDS) {
    const text = inputs[field];
    if (text === undefined) continue;
    for (let n = 0; n * PIECE < Math.max(1, text.length); n++) {
      await pause();
      await once('readwrite', (s) => s.put(text.slice(n * PIECE, (n + 1) * PIECE), [key, field, n]));
    }
  }
  await once('readwrite', (s) => s.put(true, [key, '', 0])); // complete
  const keys = (await once('readonly', (s) => s.getAllKeys())) as [string, string, number][];
  const done = [...new Set(keys.filter((k) => k[1] === '').map((k) => k[0]))].sort();
  for (const old of done.slice(0, Math.max(0, done.length - KEEP)))
    await once('readwrite', (s) => s.delete(IDBKeyRange.bound([old], [old, []])));
}

/** The inputs stored under `key`, or null when this browser has none (or not all of them). */
export async function getInputs(key: string): Promise<LocalInputs | null> {
  const range = IDBKeyRange.bound([key], [key, []]);
  const [keys, values] = await Promise.all([
    once('readonly', (s) => s.getAllKeys(range)),
    once('readonly', (s) => s.getAll(range)),
  ]);
  const parts = keys as [string, string, number][];
  if (!parts.some((k) => k[1] === '')) return null;
  const out: Record<string, string> = {};
  // Keys come sorted: [key, field, 0], [key, field, 1], …
  parts.forEach((k, i) => {
    if (k[1] !== '') out[k[1]] = (out[k[1]] ?? '') + (values[i] as string);
  });
  return out as LocalInputs;
}
