/**
 * The explorer's state in the URL hash, so a link reproduces the call: `#s=<payload>` where the
 * payload is the JSON state, deflate-raw compressed and base64url encoded (`z` prefix), or the
 * plain JSON base64url encoded (`j` prefix) where CompressionStream is missing. Older links
 * (`#preset=<id>`, `#op=<id>`) still read.
 */

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
];

export function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
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

/** Decodes a payload from `encodeState`; throws on a malformed one. */
export async function decodeState(payload: string): Promise<UrlState> {
  const body = fromBase64Url(payload.slice(1));
  let bytes: Uint8Array;
  if (payload[0] === 'z')
    bytes = await pipe(body, new DecompressionStream('deflate-raw' as CompressionFormat));
  else if (payload[0] === 'j') bytes = body;
  else throw new Error(`unknown link format "${payload[0]}"`);
  const o = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  if (typeof o.op !== 'string') throw new Error('the link names no operator');
  const state: Record<string, string> = {};
  for (const k of KEYS) if (typeof o[k] === 'string') state[k] = o[k] as string;
  return state as unknown as UrlState;
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
