/**
 * The worker that reads big editor texts off the page's thread (parse-in-worker.ts sends them):
 * JSON.parse, flattened and converted to the dtype the registry would pick by the same functions
 * the page uses for small texts (flat.ts), then sent back by transferring the typed array's
 * buffer, so the page receives a ready tensor without copying 32 MB. A text that is not a plain
 * rectangular array of numbers (or is not JSON) is answered with `dtype: null`: the page then
 * parses it itself, for the error message with its position.
 */
import { isComplex } from '../src/tensor/dtype.js';
import { denseTensor, flattenNumbers } from './flat.js';
import type { ParseReply, ParseRequest } from './parse-in-worker.js';

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
  const data = t.data as ArrayBufferView;
  return {
    reply: { id: req.id, dtype: t.dtype, shape: [...t.shape], data },
    transfer: [data.buffer as ArrayBuffer],
  };
}

// Listening only inside a worker (`window` is absent there), so the tests can import parseRequest.
if (typeof self !== 'undefined' && typeof window === 'undefined')
  self.addEventListener('message', (ev: MessageEvent<ParseRequest>) => {
    const { reply, transfer } = parseRequest(ev.data);
    self.postMessage(reply, { transfer });
  });
