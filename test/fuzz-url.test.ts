/**
 * Issue 24, items 5 and 7: the explorer's link decoder (explorer/url.ts) under hostile links.
 * Named cases for each bound (payload length, inflated bytes — a deflate bomb stops at the cap —
 * result elements), then a mutation fuzz of valid links: every mutated link decodes to a state or
 * fails with a LinkError, within the call budget. The seed is printed; replay with
 * `FUZZ_SEED=<seed> npx vitest run test/fuzz-url.test.ts`.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  LinkError,
  MAX_LINK_CHARS,
  MAX_RESULT_ELEMENTS,
  MAX_STATE_BYTES,
  callSizeError,
  decodeState,
  encodeState,
  toBase64Url,
} from '../explorer/url.js';
import * as lib from '../src/index.js';
import { tensor } from '../src/index.js';
import { stopwatch } from './helpers/budget.js';
import { rng } from './reference/random-cases.js';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CASES = Number(process.env.FUZZ_CALLS ?? 2000);
/** Per call, on the stopwatch (test/helpers/budget.ts): a hang trips it, the machine's load does not. */
const CALL_BUDGET_MS = 2000;

async function linkError(payload: string): Promise<LinkError> {
  try {
    await decodeState(payload);
  } catch (e) {
    if (e instanceof LinkError) return e;
    throw new Error(`expected a LinkError, got ${String(e)}`);
  }
  throw new Error('expected a throw');
}

const zlink = (text: string) => `z${toBase64Url(deflateRawSync(Buffer.from(text)))}`;

describe('link bounds (LinkError, quickly)', () => {
  it('a deflate bomb (80 MB of JSON in ~80 KB) stops at the cap', async () => {
    const bomb = zlink(`{"op":"onnx.Gather","data":"${'1,'.repeat(40_000_000)}"}`);
    expect(bomb.length).toBeLessThan(MAX_LINK_CHARS);
    const elapsed = stopwatch();
    const e = await linkError(bomb);
    expect(e.message).toBe(`the link inflates to more than ${MAX_STATE_BYTES} bytes`);
    expect(elapsed()).toBeLessThan(CALL_BUDGET_MS);
  });
  it('a payload over MAX_LINK_CHARS is refused before decoding', async () => {
    const e = await linkError(`j${'A'.repeat(MAX_LINK_CHARS)}`);
    expect(e.message).toContain('characters, more than');
  });
  it.each([
    ['unknown format', 'x123', 'unknown link format "x"'],
    ['not base64url', 'j{"op":1}', 'the link is not base64url text'],
    [
      'corrupt deflate',
      `z${toBase64Url(new Uint8Array([0xff, 0xff, 0xff]))}`,
      'the link is not valid compressed data',
    ],
    ['bad UTF-8', `j${toBase64Url(new Uint8Array([0x22, 0xc3, 0x28, 0x22]))}`, 'the link is not JSON text'],
    ['not JSON', `j${toBase64Url(Buffer.from('{op:'))}`, 'the link is not JSON text'],
    ['an array', `j${toBase64Url(Buffer.from('[1]'))}`, 'the link holds no state object'],
    ['null', `j${toBase64Url(Buffer.from('null'))}`, 'the link holds no state object'],
    ['no op', `j${toBase64Url(Buffer.from('{"op":7}'))}`, 'the link names no operator'],
    ['empty', '', 'the link is empty'],
  ])('%s', async (_what, payload, message) => {
    expect((await linkError(payload)).message).toBe(message);
  });
  it('prototype keys are ignored, not inherited', async () => {
    const s = await decodeState(
      `j${toBase64Url(Buffer.from('{"op":"onnx.Gather","__proto__":{"data":"[9]"},"constructor":"x"}'))}`,
    );
    expect(s).toEqual({ op: 'onnx.Gather' });
    expect(s.data).toBeUndefined();
  });
  it('a valid link still round-trips', async () => {
    const state = {
      op: 'torch.gather',
      data: '[[1, 2], [3, 4]]',
      indices: '[[0], [1]]',
      attrs: '{"dim": 1}',
    };
    expect(await decodeState(await encodeState(state))).toEqual(state);
    expect(await decodeState(await encodeState(state, false))).toEqual(state);
  });
});

describe('result elements', () => {
  it('a gather whose result passes MAX_RESULT_ELEMENTS is refused before it runs', () => {
    // 2^13 × 2^12 index broadcast over a 1-element axis: 2^25 result elements from tiny inputs.
    const call = lib.stablehlo.lower.gather(
      tensor([1, 2, 3], 'float32'),
      tensor(new Array(8192).fill(0), 'int32', [8192, 1]),
      {
        offset_dims: [1],
        collapsed_slice_dims: [],
        start_index_map: [0],
        index_vector_dim: 1,
        slice_sizes: [3],
      },
    ) as lib.core.CoreCall;
    expect(callSizeError(call)).toBeNull();
    const big = { ...call, start_indices: lib.zeros([2 ** 23, 1], 'int8') } as lib.core.CoreCall;
    const e = callSizeError(big);
    expect(e).toBeInstanceOf(LinkError);
    expect(e?.message).toContain(
      `${3 * 2 ** 23} result elements, more than the explorer's ${MAX_RESULT_ELEMENTS}`,
    );
  });
});

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/%{}"\\:,[]zj\u00e9';

function mutate(link: string, r: () => number): string {
  const s = link.split('');
  const n = 1 + Math.floor(r() * 6);
  for (let k = 0; k < n; k++) {
    const at = Math.floor(r() * (s.length + 1));
    const c = ALPHABET[Math.floor(r() * ALPHABET.length)];
    const op = r();
    if (op < 0.35) s[at] = c;
    else if (op < 0.6) s.splice(at, 0, c);
    else if (op < 0.85) s.splice(at, 1);
    else s.splice(at, Math.floor(r() * 40));
  }
  return s.join('');
}

describe(`mutation fuzz of links (seed ${SEED})`, () => {
  it(`${CASES} mutated links: 0 untyped, 0 over budget`, async () => {
    console.log(`fuzz-url: seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run test/fuzz-url.test.ts)`);
    const r = rng(SEED).next;
    const seeds = await Promise.all(
      [
        { op: 'torch.gather', data: '[[1, 2], [3, 4]]', indices: '[[0], [1]]', attrs: '{"dim": 1}' },
        { op: 'onnx.ScatterND', data: '[1, 2, 3]', indices: '[[0]]', updates: '[9]', focus: 'output:0' },
        { op: 'numpy.take', preset: 'numpy.take', version: '1.24' },
      ].flatMap((s) => [encodeState(s), encodeState(s, false)]),
    );
    const untyped: string[] = [];
    const slow: string[] = [];
    let decoded = 0;
    for (let i = 0; i < CASES; i++) {
      const link = mutate(seeds[i % seeds.length], r);
      const elapsed = stopwatch();
      try {
        const s = await decodeState(link);
        expect(typeof s.op).toBe('string');
        decoded++;
      } catch (e) {
        if (!(e instanceof LinkError)) untyped.push(`${link.slice(0, 80)}: ${String(e)}`);
      }
      if (elapsed() > CALL_BUDGET_MS) slow.push(link.slice(0, 80));
    }
    console.log(
      `fuzz-url: ${CASES} links, ${decoded} decoded, ${untyped.length} untyped, ${slow.length} over budget`,
    );
    expect(untyped).toEqual([]);
    expect(slow).toEqual([]);
  }, 120_000);
});
