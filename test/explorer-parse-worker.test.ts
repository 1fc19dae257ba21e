/**
 * The explorer's parse worker (explorer/parse-worker.ts), called directly: a big editor text
 * becomes the tensor the page would build from it (flat.ts's jsonTensor), with its storage
 * listed for transfer; anything the page must parse itself (invalid JSON, ragged or non-numeric
 * arrays, complex dtypes, values the dtype refuses) is answered with `dtype: null`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonTensor } from '../explorer/flat.js';
import type { ParseRequest, WorkerRequest } from '../explorer/parse-in-worker.js';
import { npyRequest, parseRequest } from '../explorer/parse-worker.js';
import { writeNpy } from '../src/interop/npy.js';
import type { DType } from '../src/tensor/dtype.js';
import { tensor } from '../src/tensor/tensor.js';

const ask = (text: string, dtype?: DType, keepFloat64 = false) =>
  parseRequest({ id: 7, text, dtype, keepFloat64 } satisfies ParseRequest);

describe('explorer parse worker', () => {
  it.each([
    ['[[0, 1, 2], [10, 11, 12]]', undefined, false, 'int32', [2, 3]],
    ['[[0, 1, 2], [10, 11, 12]]', 'int64', false, 'int64', [2, 3]],
    ['[[[0.5], [-1.25]]]', undefined, false, 'float32', [1, 2, 1]],
    ['[[0.1, 2e-3]]', undefined, true, 'float64', [1, 2]],
    ['[1, 2, 255]', 'uint8', false, 'uint8', [3]],
  ] as const)('%s as %s (float64 kept: %s) → %s %j, the same tensor as the page builds', (text, dtype, keep, want, shape) => {
    const { reply, transfer } = ask(text, dtype, keep);
    expect(reply.id).toBe(7);
    if (reply.dtype === null) return expect.fail('expected a tensor');
    expect(reply.dtype).toBe(want);
    expect(reply.shape).toEqual(shape);
    const page = jsonTensor(JSON.parse(text), dtype, keep)!;
    expect(reply.dtype).toBe(page.dtype);
    expect(Array.from(reply.data as unknown as ArrayLike<number | bigint>)).toEqual(
      Array.from(page.data as ArrayLike<number | bigint>),
    );
    expect(transfer).toEqual([reply.data.buffer]);
  });

  it.each([
    ['invalid JSON', '[[1, 2], [3,', undefined],
    ['a ragged array', '[[1, 2], [3]]', undefined],
    ['booleans', '[[true, false]]', undefined],
    ['a scalar', '5', undefined],
    ['a complex dtype', '[[1, 2]]', 'complex64'],
    ['a value the dtype refuses', '[1.5, 2]', 'int32'],
  ] as const)('%s: the page parses it itself (dtype null, nothing transferred)', (_what, text, dtype) => {
    expect(ask(text, dtype)).toEqual({ reply: { id: 7, dtype: null }, transfer: [] });
  });

  it('a .npy file: its tensor (dtype kept) and its values as the editor text, 64-bit integers as numbers', () => {
    const bytes = writeNpy(
      tensor(
        [
          [1, -2],
          [3, 2 ** 40],
        ],
        'int64',
      ),
    );
    const buffer = bytes.slice().buffer;
    const { reply, transfer } = npyRequest(3, buffer);
    if (reply.dtype === null) return expect.fail('expected a tensor');
    expect(reply.dtype).toBe('int64');
    expect(reply.shape).toEqual([2, 2]);
    expect(reply.text).toBe('[[1,-2],[3,1099511627776]]');
    expect(Array.from(reply.data as BigInt64Array)).toEqual([1n, -2n, 3n, 2n ** 40n]);
    expect(transfer).toEqual([reply.data.buffer]);
  });

  it('bytes that are not a .npy file: the page reads them itself, for the typed error', () => {
    const bytes = new Uint8Array([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 9, 9, 9]);
    expect(npyRequest(4, bytes.buffer)).toEqual({ reply: { id: 4, dtype: null }, transfer: [] });
  });
});

/**
 * The page's side (explorer/parse-in-worker.ts) against a stand-in Worker that answers each
 * message in a later task with the real worker's functions, as a module worker would.
 */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  static fail = false;
  readonly sent: WorkerRequest[] = [];
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.made.push(this);
  }
  postMessage(req: WorkerRequest): void {
    this.sent.push(req);
    setTimeout(() => {
      if (FakeWorker.fail) {
        this.dispatchEvent(Object.assign(new Event('error'), { message: 'module did not load' }));
        return;
      }
      const { reply } = 'bytes' in req ? npyRequest(req.id, req.bytes) : parseRequest(req);
      this.dispatchEvent(new MessageEvent('message', { data: reply }));
    }, 0);
  }
  terminate(): void {}
}

describe('explorer parse-in-worker (the page side)', () => {
  const load = async () => {
    vi.resetModules();
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
    return import('../explorer/parse-in-worker.js');
  };
  afterEach(() => {
    FakeWorker.fail = false;
    vi.unstubAllGlobals();
  });

  it('a text is sent once: pending (undefined), then the tensor, kept for that text and dtype', async () => {
    const p = await load();
    const text = '[[1, 2], [3, 4]]';
    expect(p.parsedTensor(text, 'int64', false)).toBeUndefined();
    expect(p.parsedTensor(text, 'int64', false)).toBeUndefined();
    await p.parsing();
    const t = p.parsedTensor(text, 'int64', false)!;
    expect(t.dtype).toBe('int64');
    expect(t.shape).toEqual([2, 2]);
    expect(Array.from(t.data as BigInt64Array)).toEqual([1n, 2n, 3n, 4n]);
    // Both workers start at once; the one request went to one of them.
    expect(FakeWorker.made.length).toBe(2);
    expect(FakeWorker.made.flatMap((w) => w.sent).length).toBe(1);
    expect(FakeWorker.made[0].url.pathname.endsWith('/explorer/parse-worker.ts')).toBe(true);
    expect(FakeWorker.made[0].options).toEqual({ type: 'module' });
    // Another dtype is another request.
    expect(p.parsedTensor(text, 'float32', false)).toBeUndefined();
    await p.parsing();
    expect(p.parsedTensor(text, 'float32', false)?.dtype).toBe('float32');
  });

  it('a text that is not a plain array of numbers comes back as null (the page parses it)', async () => {
    const p = await load();
    expect(p.parsedTensor('[[1, 2], [3]]', undefined, false)).toBeUndefined();
    await p.parsing();
    expect(p.parsedTensor('[[1, 2], [3]]', undefined, false)).toBeNull();
  });

  it('a worker that fails is reported, and every waiting text falls back to the page (null)', async () => {
    const p = await load();
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (e: unknown) => reported.push(e));
    FakeWorker.fail = true;
    expect(p.parsedTensor('[1, 2]', undefined, false)).toBeUndefined();
    await p.parsing();
    expect(p.parsedTensor('[1, 2]', undefined, false)).toBeNull();
    expect(String(reported[0])).toContain('parse worker: module did not load');
    // The pool is stopped: later texts are the page's at once.
    expect(p.parsedTensor('[3, 4]', undefined, false)).toBeUndefined();
    await p.parsing();
    expect(p.parsedTensor('[3, 4]', undefined, false)).toBeNull();
    expect(FakeWorker.made.length).toBe(2);
  });

  it('a .npy file read in a worker keeps its tensor for its text: the run asks nothing more', async () => {
    const p = await load();
    const bytes = writeNpy(tensor([[5, 6, 7]], 'int32')).slice().buffer;
    const read = (await p.readNpyInWorker(bytes))!;
    expect(read.text).toBe('[[5,6,7]]');
    expect(p.parsedTensor(read.text, 'int32', true)).toBe(read.tensor);
    expect(FakeWorker.made.flatMap((w) => w.sent).length).toBe(1);
  });

  it('without Worker the page parses everything itself', async () => {
    vi.resetModules();
    const p = await import('../explorer/parse-in-worker.js');
    expect(p.readsInWorker('x'.repeat(p.WORKER_TEXT + 1))).toBe(false);
    expect(p.parsedTensor('[1]', undefined, false)).toBeUndefined();
    await p.parsing();
    expect(p.parsedTensor('[1]', undefined, false)).toBeNull();
  });
});
