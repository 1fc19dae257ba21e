/**
 * The explorer's state in the URL hash, so a link reproduces the call: `#s=<payload>` where the
 * payload is the JSON state, deflate-raw compressed and base64url encoded (`z` prefix), or the
 * plain JSON base64url encoded (`j` prefix) where CompressionStream is missing. Older links
 * (`#preset=<id>`, `#op=<id>`) still read.
 *
 * A link is input from anyone: everything it can ask for is bounded — the payload's length
 * ({@link MAX_LINK_CHARS}), the bytes it inflates to ({@link MAX_STATE_BYTES}, counted while
 * inflating, so a zip bomb stops there) and the size of the call it runs
 * ({@link MAX_RESULT_ELEMENTS}). A link that breaks a bound or does not decode is a LinkError.
 */
import type { CoreCall } from '../src/core/call.js';
import { planOf } from '../src/core/call.js';
import { setAllocationLimit } from '../src/tensor/tensor.js';

/** Most bytes a link's state (JSON) may inflate to: 2 MiB, forty times the editors' "huge" text. */
export const MAX_STATE_BYTES = 2 ** 21;
/** Longest `#s=` payload read, in characters: a plain (`j`) link of MAX_STATE_BYTES fits. */
export const MAX_LINK_CHARS = Math.ceil((MAX_STATE_BYTES * 4) / 3) + 1;
/** Most elements a call's result (or a scatter's operand) may have in the explorer: 2^24. */
export const MAX_RESULT_ELEMENTS = 2 ** 24;

/**
 * The explorer's allocation limit: 16 bytes per element of the largest call it runs (the
 * library's default, 4 GiB, would let a link's lowering allocate for seconds before the size
 * check sees the call).
 */
export function boundAllocations(): void {
  setAllocationLimit(MAX_RESULT_ELEMENTS * 16);
}

/** A link that cannot be read or asks for more than the explorer's bounds. */
export class LinkError extends Error {
  override name = 'LinkError';
}

/** Everything a link carries. Inputs are the editors' text, kept as typed. */
export interface UrlState {
  /** `framework.Op` (registry id). */
  readonly op: string;
  readonly version?: string;
  readonly preset?: string;
  readonly data?: string;
  readonly indices?: string;
  readonly updates?: string;
  readonly attrs?: string;
  readonly dataDType?: string;
  readonly indexDType?: string;
  /** The selected element (`role:offset`). */
  readonly focus?: string;
  /** Inputs too large for a link: the IndexedDB key they are kept under (local-store.ts). */
  readonly local?: string;
}

const KEYS: readonly (keyof UrlState)[] = [
  'op',
  'version',
  'preset',
  'data',
  'indices',
  'updates',
  'attrs',
  'dataDType',
  'indexDType',
  'focus',
  'local',
];

export function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1)
    throw new LinkError('the link is not base64url text');
  const b = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}

async function pipe(bytes: Uint8Array, stream: GenericTransformStream): Promise<Uint8Array> {
  const blob = new Blob([bytes as BlobPart]);
  const out = await new Response(blob.stream().pipeThrough(stream as never)).arrayBuffer();
  return new Uint8Array(out);
}

const canCompress = () =>
  typeof CompressionStream === 'function' && typeof DecompressionStream === 'function';

function clean(state: UrlState): Record<string, string> {
  const o: Record<string, string> = {};
  for (const k of KEYS) {
    const v = state[k];
    if (typeof v === 'string' && v !== '') o[k] = v;
  }
  return o;
}

/** Encodes a state as the hash payload (without `#s=`). `compress: false` forces the plain form. */
export async function encodeState(state: UrlState, compress = true): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(clean(state)));
  if (compress && canCompress()) {
    try {
      return `z${toBase64Url(await pipe(json, new CompressionStream('deflate-raw' as CompressionFormat)))}`;
    } catch {
      // deflate-raw unsupported: the plain form below
    }
  }
  return `j${toBase64Url(json)}`;
}

/**
 * Inflates deflate-raw bytes, stopping (and cancelling the stream) once the output passes
 * `max` bytes: the time and memory of a link are bounded by the cap, not by its ratio.
 */
async function inflateBounded(bytes: Uint8Array, max: number): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(
      new DecompressionStream('deflate-raw' as CompressionFormat) as never,
    ) as ReadableStream<Uint8Array>;
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > max) {
        void reader.cancel();
        throw new LinkError(`the link inflates to more than ${max} bytes`);
      }
      chunks.push(value);
    }
  } catch (e) {
    // DecompressionStream reports corrupt or truncated data as a TypeError in browsers and as
    // a zlib error (code Z_DATA_ERROR, Z_BUF_ERROR, …) in Node.
    const zlib = e instanceof Error && String((e as { code?: unknown }).code).startsWith('Z_');
    if (e instanceof TypeError || zlib) throw new LinkError('the link is not valid compressed data');
    throw e;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The JSON object a link's bytes hold, or a LinkError. */
function parseState(bytes: Uint8Array): Record<string, unknown> {
  let o: unknown;
  try {
    o = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (e) {
    // TextDecoder (fatal) throws TypeError on bad UTF-8; JSON.parse a SyntaxError.
    if (e instanceof TypeError || e instanceof SyntaxError) throw new LinkError('the link is not JSON text');
    throw e;
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o))
    throw new LinkError('the link holds no state object');
  return o as Record<string, unknown>;
}

/** Decodes a payload from `encodeState`; a malformed or oversized one is a LinkError. */
export async function decodeState(payload: string): Promise<UrlState> {
  if (typeof payload !== 'string' || payload.length === 0) throw new LinkError('the link is empty');
  if (payload.length > MAX_LINK_CHARS)
    throw new LinkError(`the link is ${payload.length} characters, more than ${MAX_LINK_CHARS}`);
  if (payload[0] !== 'z' && payload[0] !== 'j') throw new LinkError(`unknown link format "${payload[0]}"`);
  const body = fromBase64Url(payload.slice(1));
  const bytes = payload[0] === 'z' ? await inflateBounded(body, MAX_STATE_BYTES) : body;
  if (bytes.length > MAX_STATE_BYTES)
    throw new LinkError(`the link holds more than ${MAX_STATE_BYTES} bytes`);
  const o = parseState(bytes);
  if (typeof o.op !== 'string') throw new LinkError('the link names no operator');
  const state: Record<string, string> = {};
  for (const k of KEYS) if (typeof o[k] === 'string') state[k] = o[k] as string;
  return state as unknown as UrlState;
}

/**
 * Checks that a lowered call is small enough to run and draw here: its result (a gather's, from
 * the plan, before anything is computed) or a scatter's operand has at most
 * {@link MAX_RESULT_ELEMENTS} elements; else the LinkError that says so (null when it fits).
 */
export function callSizeError(call: CoreCall): LinkError | null {
  const elements =
    call.kind === 'scatter'
      ? call.inputs[0].size
      : call.prologue
        ? call.operand.size
        : planOf(call).resultShape.reduce((a, b) => a * b, 1);
  return elements > MAX_RESULT_ELEMENTS
    ? new LinkError(
        `this call has ${elements} result elements, more than the explorer's ${MAX_RESULT_ELEMENTS}; run it with the library or the CLI`,
      )
    : null;
}

/** What a hash asks for: a full state, a preset, or an op (older links). */
export type HashRequest =
  | { readonly kind: 'state'; readonly payload: string }
  | { readonly kind: 'preset'; readonly id: string }
  | { readonly kind: 'op'; readonly id: string }
  | { readonly kind: 'none' };

export function readHash(hash: string): HashRequest & { readonly tables?: boolean } {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const tables = p.get('tables') === '1' ? { tables: true } : {};
  const s = p.get('s');
  if (s) return { kind: 'state', payload: s, ...tables };
  const preset = p.get('preset');
  if (preset) return { kind: 'preset', id: preset, ...tables };
  const op = p.get('op');
  if (op) return { kind: 'op', id: op, ...tables };
  return { kind: 'none', ...tables };
}
