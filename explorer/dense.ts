/**
 * Big editor texts (a pasted 2048×2048 array is ~40 MB of JSON) read straight into a
 * Float64Array: one pass over the character codes, no nested JS arrays. Only rectangular arrays
 * of JSON numbers take this path; anything else — booleans, strings, ragged or empty nesting, a
 * syntax error — returns null and the caller falls back to JSON.parse, whose messages (with
 * positions, json.ts) stay the ones users see. One function with local state: the loop is the
 * whole cost, so it keeps everything in registers.
 */
import { MAX_RANK } from '../src/tensor/tensor.js';

export interface DenseNumbers {
  readonly shape: number[];
  readonly flat: Float64Array;
  /** Every value is an integer in the int32 range. */
  readonly int32: boolean;
}

/** JSON's number grammar, for the values the integer fast path does not take. */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/** The rectangular array of numbers `text` holds, or null (see the module comment). */
export function parseDense(text: string): DenseNumbers | null {
  const n = text.length;
  let i = 0;
  let c = text.charCodeAt(0);
  let rank = 0;
  // The leading brackets give the rank.
  for (;;) {
    while (isSpace(c)) c = text.charCodeAt(++i);
    if (c !== 91) break;
    rank++;
    c = text.charCodeAt(++i);
  }
  if (rank === 0 || rank > MAX_RANK) return null;
  const shape: number[] = new Array(rank).fill(-1);
  const count: number[] = new Array(rank).fill(0);
  let out = new Float64Array(Math.max(16, Math.min(n >> 1, 1 << 20)));
  let len = 0;
  let int32 = true;
  let depth = rank; // open arrays; numbers sit at depth === rank
  for (;;) {
    while (isSpace(c)) c = text.charCodeAt(++i);
    if (depth < rank) {
      if (c !== 91) return null;
      count[depth++] = 0;
      c = text.charCodeAt(++i);
      continue;
    }
    // A number: integers of up to 15 digits inline, anything else through the grammar.
    const start = i;
    if (c === 45) c = text.charCodeAt(++i);
    if (c < 48 || c > 57) return null;
    let v = 0;
    if (c === 48) c = text.charCodeAt(++i);
    else
      while (c >= 48 && c <= 57) {
        v = v * 10 + (c - 48);
        c = text.charCodeAt(++i);
      }
    if (c === 46 || c === 101 || c === 69 || i - start > 15) {
      NUMBER.lastIndex = start;
      const m = NUMBER.exec(text);
      if (!m) return null;
      i = start + m[0].length;
      c = text.charCodeAt(i);
      v = Number(m[0]);
    } else if (text.charCodeAt(start) === 45) v = -v;
    if (c >= 48 && c <= 57) return null; // a leading zero ("01")
    if (int32 && v !== (v | 0)) int32 = false;
    if (len === out.length) {
      const grown = new Float64Array(len * 2);
      grown.set(out);
      out = grown;
    }
    out[len++] = v;
    count[rank - 1]++;
    // After an element: a comma (the next element at this depth) or closing brackets.
    for (;;) {
      while (isSpace(c)) c = text.charCodeAt(++i);
      if (c === 44) {
        c = text.charCodeAt(++i);
        break;
      }
      if (c !== 93) return null;
      c = text.charCodeAt(++i);
      const d = --depth;
      if (shape[d] < 0) shape[d] = count[d];
      else if (shape[d] !== count[d]) return null;
      if (depth === 0) {
        while (isSpace(c)) c = text.charCodeAt(++i);
        return i >= n ? { shape, flat: out.slice(0, len), int32 } : null;
      }
      count[depth - 1]++;
    }
  }
}
