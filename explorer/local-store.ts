/**
 * Inputs too large for a link, kept in this browser (IndexedDB): the link then carries the
 * operator, attributes and dtypes plus a key (`local`), and the data stays here. A link whose key
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
  const r = indexedDB.open(DB, 1);
  r.onupgradeneeded = () => r.result.createObjectStore(STORE);
  return request(r);
}

/** A key for new inputs: time-ordered, so the oldest are the first to go. */
export function newKey(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Stores `inputs` under `key` and drops all but the newest KEEP entries. */
export async function putInputs(key: string, inputs: LocalInputs): Promise<void> {
  const db = await open();
  try {
    const store = db.transaction(STORE, 'readwrite').objectStore(STORE);
    await request(store.put(inputs, key));
    const keys = (await request(store.getAllKeys())) as string[];
    for (const old of keys.sort().slice(0, Math.max(0, keys.length - KEEP))) await request(store.delete(old));
  } finally {
    db.close();
  }
}

/** The inputs stored under `key`, or null when this browser has none. */
export async function getInputs(key: string): Promise<LocalInputs | null> {
  const db = await open();
  try {
    const v = await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(key));
    return (v as LocalInputs | undefined) ?? null;
  } finally {
    db.close();
  }
}
