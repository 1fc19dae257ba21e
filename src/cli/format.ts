/**
 * The CLI's exact text forms: shortest round-trip floats per dtype, int64 beyond 2^53 as JSON
 * strings, summaries of huge tensors, guarded JSON input, did-you-mean suggestions.
 *
 * JSON output is lossless: integers within ±(2^53 − 1) are JSON numbers; 64-bit integers
 * beyond that are JSON strings of their exact decimal value (`"9007199254740993"`); NaN and
 * ±Infinity, which JSON cannot hold, are the strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
 * Reading JSON back (`--data out.json`) turns those strings into the same values.
 */
import { InvalidArgumentError } from '../errors.js';
import { type ComplexDType, componentDType, formatComplex } from '../tensor/complex.js';
import {
  type Complex,
  type DType,
  isComplex,
  isComplexValue,
  isDType,
  type Scalar,
} from '../tensor/dtype.js';
import { bfloat16Bits, bitsToBfloat16, bitsToFloat16, float16Bits } from '../tensor/float16.js';
import { type NestedArray, type Tensor, elementAt, tensor } from '../tensor/tensor.js';

/**
 * The command line itself is wrong — an unknown operator or dtype, a missing file, a flag the
 * operator does not take — as opposed to a call the operator refuses: the CLI exits 2, not 1.
 */
export class UsageError extends InvalidArgumentError {
  override name = 'UsageError';
  /** The process exit status a usage error ends in. */
  readonly exitCode = 2;
}

const ROUND: Partial<Record<DType, (x: number) => number>> = {
  float32: Math.fround,
  float16: (x) => bitsToFloat16(float16Bits(x)),
  bfloat16: (x) => bitsToBfloat16(bfloat16Bits(x)),
};

/**
 * The shortest decimal that reads back as `x` in `dtype` (float32: through `Math.fround`;
 * float16/bfloat16: through their rounding); float64 and integers print as JavaScript does.
 *
 * @example
 * shortestFloat(Math.fround(1.1), 'float32'); // '1.1'
 */
export function shortestFloat(x: number, dtype: DType): string {
  const round = ROUND[dtype];
  if (!round || !Number.isFinite(x) || x === 0) return Object.is(x, -0) ? '-0' : String(x);
  for (let p = 1; p <= 17; p++) {
    const s = Number(x.toPrecision(p));
    if (round(s) === x) return String(s);
  }
  return String(x);
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** One element as JSON text (see the module note for the lossless forms; complex: `[re, im]`). */
export function scalarJson(v: Scalar | Complex, dtype: DType): string {
  if (isComplexValue(v)) {
    const f = componentDType(dtype as ComplexDType);
    return `[${scalarJson(v.re, f)},${scalarJson(v.im, f)}]`;
  }
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'bigint') return v > SAFE || v < -SAFE ? `"${v}"` : String(v);
  if (Number.isNaN(v)) return '"NaN"';
  if (v === Number.POSITIVE_INFINITY) return '"Infinity"';
  if (v === Number.NEGATIVE_INFINITY) return '"-Infinity"';
  return shortestFloat(v, dtype);
}

/** One element for people: exact digits, shortest floats, NaN/Infinity bare. */
export function scalarText(v: Scalar | Complex, dtype: DType): string {
  if (isComplexValue(v)) {
    const f = componentDType(dtype as ComplexDType);
    return formatComplex(v.re, v.im, (x) => shortestFloat(x, f));
  }
  if (typeof v === 'bigint') return String(v);
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return scalarJson(v, dtype);
}

/** The tensor as compact JSON text (nested arrays; a bare value for rank 0). */
export function tensorJson(t: Tensor): string {
  const { shape, data, dtype } = t;
  const parts: string[] = [];
  const strides: number[] = [];
  let step = 1;
  for (let d = shape.length - 1; d >= 0; d--) {
    strides[d] = step;
    step *= shape[d];
  }
  const walk = (dim: number, off: number): void => {
    if (dim === shape.length) {
      parts.push(scalarJson(elementAt(dtype, data, off), dtype));
      return;
    }
    parts.push('[');
    for (let i = 0; i < shape[dim]; i++) {
      if (i > 0) parts.push(',');
      walk(dim + 1, off + i * strides[dim]);
    }
    parts.push(']');
  };
  walk(0, 0);
  return parts.join('');
}

/** Tensors above this many elements print as a summary unless `--full` (files are always whole). */
export const PRINT_LIMIT = 10_000;

/** A few lines describing a big tensor: dtype, shape, first and last values, and how to get it all. */
export function tensorSummary(t: Tensor, edge = 6): string {
  const n = t.size;
  const item = (i: number) => scalarText(elementAt(t.dtype, t.data, i), t.dtype);
  const head = Array.from({ length: Math.min(edge, n) }, (_, i) => item(i));
  const tail = n > 2 * edge ? Array.from({ length: edge }, (_, i) => item(n - edge + i)) : [];
  const body =
    n > 2 * edge
      ? `${head.join(', ')}, …, ${tail.join(', ')}`
      : Array.from({ length: n }, (_, i) => item(i)).join(', ');
  return (
    `Tensor<${t.dtype}>[${t.shape.join(', ')}]: ${n.toLocaleString('en-US')} elements (more than ${PRINT_LIMIT.toLocaleString('en-US')}: summary only)\n` +
    `flat: [${body}]\n` +
    'write it whole with -o out.npy / -o out.json, or print it with --full\n'
  );
}

/** Deepest JSON nesting read from the command line (tensors of rank ≤ 32 need far less). */
export const MAX_JSON_DEPTH = 64;

/** The bracket depth of JSON text (strings skipped), stopping early above `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash escape
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

const INT_STRING = /^-?\d+$/;

/**
 * Parses tensor values given as JSON: refuses nesting deeper than `MAX_JSON_DEPTH`, and reads
 * the lossless string forms back (`"123…"` → bigint, `"NaN"`, `"Infinity"`, `"-Infinity"`).
 */
export function parseJsonValues(text: string, what: string): NestedArray {
  const depth = jsonDepth(text);
  if (depth > MAX_JSON_DEPTH)
    throw new InvalidArgumentError(
      'cli.json_depth',
      `${what}: JSON nested deeper than ${MAX_JSON_DEPTH} levels; a tensor needs one level per dimension`,
      { depth },
    );
  return JSON.parse(quoteUnsafeIntegers(text), (_k, v) => {
    if (typeof v !== 'string') return v;
    if (INT_STRING.test(v)) return BigInt(v);
    if (v === 'NaN') return Number.NaN;
    if (v === 'Infinity') return Number.POSITIVE_INFINITY;
    if (v === '-Infinity') return Number.NEGATIVE_INFINITY;
    return v;
  }) as NestedArray;
}

/**
 * Complex values given as JSON: every innermost `[re, im]` pair (parts as numbers or the lossless
 * strings) becomes one `{ re, im }` element, so `[[1, 2], [3, -4]]` is the complex64 / complex128
 * vector 1+2j, 3-4j (the form `-o out.json` writes). A bare number is a real element (im 0).
 */
export function complexPairs(v: NestedArray, what: string): NestedArray {
  if (!Array.isArray(v)) return v;
  if (v.length === 2 && v.every((x) => typeof x === 'number'))
    return { re: v[0] as number, im: v[1] as number };
  if (v.length > 0 && v.every((x) => !Array.isArray(x)))
    throw new UsageError(
      'cli.complex_json',
      `${what}: complex elements are [re, im] pairs of numbers; got an innermost list of ${v.length} values`,
    );
  return v.map((x) => complexPairs(x, what));
}

/**
 * JSON numbers are doubles: an integer literal beyond 2^53 would be rounded by `JSON.parse`.
 * Such literals (outside strings) are quoted first, so the reviver reads them as exact bigints.
 */
function quoteUnsafeIntegers(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (tok) =>
    tok[0] !== '"' && /^-?\d+$/.test(tok) && !Number.isSafeInteger(Number(tok)) ? `"${tok}"` : tok,
  );
}

/** Levenshtein edit distance. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
}

/**
 * Candidates close to `word`: an exact case-insensitive match alone if there is one, else the
 * (at most 3) nearest by edit distance on lower case, within a third of the word's length.
 */
export function didYouMean(word: string, candidates: readonly string[]): string[] {
  const lw = word.toLowerCase();
  const exact = candidates.filter((c) => c.toLowerCase() === lw);
  if (exact.length > 0) return exact;
  const limit = Math.max(2, Math.floor(lw.length / 3));
  return candidates
    .map((c) => ({ c, d: editDistance(lw, c.toLowerCase()) }))
    .filter((x) => x.d <= limit)
    .sort((x, y) => x.d - y.d || x.c.localeCompare(y.c))
    .slice(0, 3)
    .map((x) => x.c);
}

/**
 * A tensor as the JSON a file holds: `{"dtype":"int64","shape":[2],"data":[1,"9007199254740993"]}`,
 * `data` nested as the shape says, in the lossless forms above (so int64 is exact and NaN,
 * ±Infinity and -0 survive); the shape keeps what nested arrays lose (`[0, 3]`).
 */
export function tensorFileJson(t: Tensor): string {
  return `{"dtype":${JSON.stringify(t.dtype)},"shape":${JSON.stringify(t.shape)},"data":${tensorJson(t)}}`;
}

/** A value read from JSON that is a tensor file (`{ dtype, shape, data }`), not bare nested values. */
export function isTensorFile(v: unknown): v is { dtype: unknown; shape: unknown; data: NestedArray } {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && 'data' in v && 'dtype' in v;
}

/** The tensor a `{ dtype, shape, data }` object describes, checked against its own shape. */
export function tensorFromFile(
  v: { dtype: unknown; shape: unknown; data: NestedArray },
  what: string,
): Tensor {
  if (typeof v.dtype !== 'string' || !isDType(v.dtype))
    throw new UsageError(
      'cli.json_tensor',
      `${what}: "dtype" must name a dtype; got ${JSON.stringify(v.dtype)}`,
    );
  const dtype: DType = v.dtype;
  const data = isComplex(dtype) ? complexPairs(v.data, what) : v.data;
  const t = tensor(flatten(data), dtype);
  const shape = v.shape === undefined ? (Array.isArray(data) ? tensor(data, dtype).shape : []) : v.shape;
  if (!Array.isArray(shape) || shape.some((n) => !Number.isSafeInteger(n) || n < 0))
    throw new UsageError(
      'cli.json_tensor',
      `${what}: "shape" must be a list of sizes; got ${JSON.stringify(v.shape)}`,
    );
  const size = shape.reduce((a: number, n: number) => a * n, 1);
  if (size !== t.size)
    throw new UsageError(
      'cli.json_tensor',
      `${what}: "shape" [${shape.join(', ')}] holds ${size} elements but "data" has ${t.size}`,
      { shape, size: t.size },
    );
  return t.reshape(shape);
}

function flatten(v: NestedArray): NestedArray[] {
  if (!Array.isArray(v)) return [v];
  const out: NestedArray[] = [];
  const walk = (x: NestedArray): void => {
    if (Array.isArray(x)) for (const y of x) walk(y);
    else out.push(x);
  };
  walk(v);
  return out;
}
