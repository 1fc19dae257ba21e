/**
 * The worker that reads big editor texts off the page's thread (parse-in-worker.ts sends them):
 * JSON.parse, flattened and converted to the dtype the registry would pick by the same functions
 * the page uses for small texts (flat.ts), then sent back by transferring the typed array's
 * buffer, so the page receives a ready tensor without copying 32 MB. A text that is not a plain
 * rectangular array of numbers (or is not JSON) is answered with `dtype: null`: the page then
 * parses it itself, for the error message with its position. A `.npy` file's bytes become its
 * tensor and its editor text here too (the text a page would print for it, {@link npyInput}).
 */
import { GatherScatterError } from '../src/errors.js';
import { readNpy } from '../src/interop/npy.js';
import { isComplex } from '../src/tensor/dtype.js';
import type { NestedArray, Tensor } from '../src/tensor/tensor.js';
import { denseTensor, flattenNumbers } from './flat.js';
import type { ParseReply, ParseRequest, WorkerRequest } from './parse-in-worker.js';

/** A `.npy` file as an editor input: its tensor, and its values as JSON (64-bit integers as numbers). */
export function npyInput(bytes: Uint8Array): { text: string; tensor: Tensor } {
  const tensor = readNpy(bytes);
  const text = JSON.stringify(tensor.toArray() as NestedArray, (_k, x) =>
    typeof x === 'bigint' ? Number(x) : x,
  );
  return { text, tensor };
}

/** The tensor as a reply: its storage, listed for transfer. */
function tensorReply(id: number, t: Tensor, text?: string): { reply: ParseReply; transfer: ArrayBuffer[] } {
  const data = t.data as ArrayBufferView;
  return {
    reply: { id, dtype: t.dtype, shape: [...t.shape], data, ...(text === undefined ? {} : { text }) },
    transfer: [data.buffer as ArrayBuffer],
  };
}

/** A `.npy` file read here; `dtype: null` when it cannot be (the page reads it again for the typed error). */
export function npyRequest(id: number, bytes: ArrayBuffer): { reply: ParseReply; transfer: ArrayBuffer[] } {
  let input: { text: string; tensor: Tensor };
  try {
    input = npyInput(new Uint8Array(bytes));
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    return { reply: { id, dtype: null }, transfer: [] };
  }
  if (isComplex(input.tensor.dtype)) return { reply: { id, dtype: null }, transfer: [] };
  return tensorReply(id, input.tensor, input.text);
}

/** The worker's answer to `req`, and the buffers to transfer with it. */
export function parseRequest(req: ParseRequest): { reply: ParseReply; transfer: ArrayBuffer[] } {
  let value: unknown;
  try {
    value = JSON.parse(req.text);
  } catch (e) {
    // Invalid JSON: the page's parser reports where.
    if (!(e instanceof SyntaxError)) throw e;
    return { reply: { id: req.id, dtype: null }, transfer: [] };
  }
  const flat = flattenNumbers(value);
  const t = flat && denseTensor(flat, req.dtype, req.keepFloat64);
  // Complex storage interleaves parts: the page's own path builds those.
  if (!t || isComplex(t.dtype)) return { reply: { id: req.id, dtype: null }, transfer: [] };
  return tensorReply(req.id, t);
}

// Listening only inside a worker (`window` is absent there), so the tests can import parseRequest.
if (typeof self !== 'undefined' && typeof window === 'undefined')
  self.addEventListener('message', (ev: MessageEvent<WorkerRequest>) => {
    const req = ev.data;
    const { reply, transfer } = 'bytes' in req ? npyRequest(req.id, req.bytes) : parseRequest(req);
    self.postMessage(reply, { transfer });
  });
