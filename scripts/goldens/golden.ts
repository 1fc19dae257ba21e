/**
 * Reading the goldens written by scripts/goldens/generate.py (and the results of its `--eval`
 * mode): tensor decoding/encoding, exact comparison, and the mapping from a Python exception to
 * the error class this library throws for the same rule.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DTypeError,
  GatherScatterError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
  type Tensor,
  numpy,
  tensor,
} from '../../src/index.js';
import type { DType } from '../../src/tensor/dtype.js';

export const GOLDEN_DIR = dirname(fileURLToPath(import.meta.url));
export const PYTHON = '/usr/bin/python3';

export interface EncodedTensor {
  readonly dtype: string;
  readonly shape: number[];
  readonly data: (number | string | boolean)[];
}
export type EncodedArg = EncodedTensor | { readonly tuple: EncodedArg[] } | number | string | boolean | null;

export interface GoldenCase {
  readonly name: string;
  readonly framework: 'numpy' | 'torch';
  readonly op: string;
  readonly args: EncodedArg[];
  readonly kwargs: Record<string, unknown>;
  readonly result?: EncodedTensor;
  readonly error?: { readonly type: string; readonly message: string };
}

export function loadGoldens(framework: 'numpy' | 'torch'): { versions: Record<string, string>; cases: GoldenCase[] } {
  return JSON.parse(readFileSync(join(GOLDEN_DIR, `${framework}.json`), 'utf8'));
}

const isTensor = (x: unknown): x is EncodedTensor => typeof x === 'object' && x !== null && 'dtype' in x;

function decodeValue(v: number | string | boolean, dtype: string): number | bigint | boolean {
  if (typeof v === 'string' && v.startsWith('NaN')) return Number.NaN;
  if (v === '-0') return -0;
  if (v === 'Infinity') return Number.POSITIVE_INFINITY;
  if (v === '-Infinity') return Number.NEGATIVE_INFINITY;
  if (dtype === 'int64' || dtype === 'uint64') return BigInt(v as number | string);
  return v as number | boolean;
}

/**
 * The unsigned view of a float tensor's storage, one word per element (bigints for float64), to
 * read and write a NaN's bits; undefined for other dtypes.
 */
function floatWordView(t: Tensor): Uint16Array | Uint32Array | BigUint64Array | undefined {
  const d = t.data as Float64Array | Float32Array | Uint16Array;
  if (t.dtype === 'float16' || t.dtype === 'bfloat16') return d as Uint16Array;
  if (t.dtype === 'float32') return new Uint32Array(d.buffer, d.byteOffset, d.length);
  if (t.dtype === 'float64') return new BigUint64Array(d.buffer, d.byteOffset, d.length);
  return undefined;
}

/** A NaN as it travels: `NaN:<bits in hex>` (the element's stored pattern, sign and payload). */
export function decodeTensor(t: EncodedTensor): Tensor {
  const out = tensor(
    t.data.map((v) => decodeValue(v, t.dtype)),
    t.dtype as DType,
    t.shape,
  );
  const words = floatWordView(out);
  t.data.forEach((v, k) => {
    if (words && typeof v === 'string' && v.startsWith('NaN:'))
      words[k] = words instanceof BigUint64Array ? BigInt(`0x${v.slice(4)}`) : Number.parseInt(v.slice(4), 16);
  });
  return out;
}

/**
 * The NaNs of a float tensor with random bits: either sign, a payload or none, now and then
 * signalling — what a live campaign feeds a framework so that which NaN comes out is compared.
 */
export function varyNaNs(r: ReturnType<typeof rng>, t: Tensor): Tensor {
  const words = floatWordView(t);
  if (!words) return t;
  const bits = t.dtype === 'float64' ? 64 : t.dtype === 'float32' ? 32 : 16;
  const fraction = bits === 64 ? 52 : bits === 32 ? 23 : t.dtype === 'float16' ? 10 : 7;
  const values = t.toFlatArray() as number[];
  values.forEach((v, k) => {
    if (!Number.isNaN(v)) return;
    const sign = r.next() < 0.5 ? 1n << BigInt(bits - 1) : 0n;
    const exponent = ((1n << BigInt(bits - 1 - fraction)) - 1n) << BigInt(fraction);
    const quiet = r.next() < 0.85 ? 1n << BigInt(fraction - 1) : 0n;
    const payload = r.next() < 0.5 ? BigInt(r.int(1, 2 ** Math.min(fraction - 1, 20) - 1)) : 0n;
    const w = sign | exponent | quiet | (quiet === 0n && payload === 0n ? 1n : payload);
    words[k] = (words instanceof BigUint64Array ? w : Number(w)) as never;
  });
  return t;
}

/** Decodes one argument: tensors, tuples of tensors (JS arrays), scalars as they are. */
export function decodeArg(a: EncodedArg): unknown {
  if (isTensor(a)) return decodeTensor(a);
  // A tuple is a numpy.tuple (a marked JS array: the empty tuple stays a tuple, not an index array).
  if (typeof a === 'object' && a !== null && 'tuple' in a) return numpy.tuple(...(a.tuple.map(decodeArg) as never[]));
  return a;
}

function encodeValue(v: unknown): number | string | boolean {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (typeof v === 'number' && !Number.isFinite(v)) return Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity';
  if (Object.is(v, -0)) return '-0';
  return v as number | boolean;
}

export function encodeTensor(t: Tensor): EncodedTensor {
  const words = floatWordView(t);
  const data = t.toFlatArray().map((v, k) =>
    words && typeof v === 'number' && Number.isNaN(v) ? `NaN:${words[k].toString(16)}` : encodeValue(v),
  );
  return { dtype: t.dtype, shape: [...t.shape], data };
}

/**
 * Exact comparison, a NaN by its bits (`NaN:<hex>`; a golden's bare 'NaN' matches any NaN); -0 and
 * +0 differ, encoded as '-0' and 0. Returns a reason or null.
 */
export function compareTensor(actual: Tensor, expected: EncodedTensor): string | null {
  if (actual.dtype !== expected.dtype) return `dtype ${actual.dtype} != ${expected.dtype}`;
  if (actual.shape.join() !== expected.shape.join()) return `shape [${actual.shape}] != [${expected.shape}]`;
  const got = encodeTensor(actual).data;
  for (let i = 0; i < got.length; i++) {
    const e = expected.data[i];
    const g = got[i];
    const anyNaN = e === 'NaN' && typeof g === 'string' && g.startsWith('NaN');
    if (!(g === e || anyNaN)) {
      return `element ${i}: ${String(g)} != ${String(e)} (got ${JSON.stringify(got)})`;
    }
  }
  return null;
}

/**
 * The error class this library throws for the rule a Python exception reports: out-of-bounds
 * values → IndexOutOfBoundsError, index/data dtype rules → DTypeError, everything else
 * (axis/dim range, ranks, shapes, modes) → InvalidArgumentError.
 */
export function expectedErrorClass(e: { type: string; message: string }): typeof GatherScatterError {
  const m = e.message;
  if (/^Dimension out of range|is out of bounds for array of dimension|too many indices|shape mismatch/.test(m)) return InvalidArgumentError;
  if (/out of bounds|out of range|out of DATA bounds|empty axes|empty array|from an empty tensor/.test(m)) return IndexOutOfBoundsError;
  if (/cannot be converted to type .* without overflow|not implemented for '|boolean subtract/.test(m)) return DTypeError;
  // An index item of the wrong type, or a float or int that intp cannot hold: DTypeError.
  if (/only integers, slices|cannot convert float infinity/.test(m)) return DTypeError;
  if (/dtype|\bcast\b|integer array|integer \(or boolean\)|\blong\b|\bLong\b|scalar type|dtypes match/.test(m)) return DTypeError;
  return InvalidArgumentError;
}

/**
 * The rules (our codes' last part) a framework's error message names, for the messages the live
 * differential meets; undefined for one not listed (then only the error's class is compared).
 * Which rule a call that breaks several is refused under is part of the behaviour: each of
 * NumPy's and PyTorch's words here belongs to one rule of ours (two where one word covers both).
 */
const RULES: readonly (readonly [RegExp, readonly string[]])[] = [
  [/^Dimension out of range|^Dimension specified as/, ['dim']],
  [/is out of bounds for array of dimension/, ['axis']],
  [/too many indices/, ['too_many_indices']],
  [/self indexing axis dim should be positive/, ['empty_dim']],
  [/non-empty take from an empty axes/, ['empty_axis']],
  [/out of bounds|out of range|out of DATA bounds|from an empty tensor|^setStorage/, ['index_out_of_bounds', 'empty_array']],
  [/cannot be converted to type .* without overflow/, ['value', 'alpha']],
  [/not implemented for 'Bool'|boolean subtract/, ['reduce', 'dtype']],
  [/Expected dtype int|Expected a long tensor|dtype of indices should be|must be long|integer \(or boolean\) type|^only integers, slices/, ['index_dtype']],
  [/^cannot convert float NaN to integer/, ['index_nan']],
  [/^cannot convert float infinity to integer/, ['index_infinity']],
  [/^Python int too large to convert to C long/, ['index_overflow']],
  [/inhomogeneous shape after/, ['ragged']],
  [/single ellipsis/, ['ellipsis']],
  [/boolean index did not match|The shape of the mask/, ['mask_shape']],
  [/slice step cannot be zero/, ['slice_step']],
  [/slice indices must be/, ['slice_index']],
  [/indexing (arrays|tensors) could not be broadcast together/, ['shape']],
  [/Expected self\.dtype to be equal to src\.dtype/, ['src_dtype']],
  [/same number of dimensions/, ['ndim']],
  [/Expected out tensor to have dtype|and out expected to have the same dtype|and result must have the same scalar type/, ['out']],
  [/Number of indices/, ['source_shape']],
  [/not broadcastable to correct shape/, ['b_shape']],
];

/** The rules a framework's message names (see RULES), or undefined. */
export function expectedRules(e: { message: string }): readonly string[] | undefined {
  return RULES.find(([re]) => re.test(e.message))?.[1];
}

/** True when /usr/bin/python3 can import every module named. */
export function pythonHas(...modules: string[]): boolean {
  if (!existsSync(PYTHON)) return false;
  const r = spawnSync(PYTHON, ['-c', modules.map((m) => `import ${m}`).join('; ')], { encoding: 'utf8' });
  return r.status === 0;
}

/** Runs cases through the real framework (generate.py --eval); one process for the whole batch. */
export function evalInPython(
  cases: readonly Omit<GoldenCase, 'result' | 'error'>[],
): { result?: EncodedTensor; error?: { type: string; message: string } }[] {
  const r = spawnSync(PYTHON, [join(GOLDEN_DIR, 'generate.py'), '--eval'], {
    input: JSON.stringify(cases),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`generate.py --eval failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** mulberry32: a small seeded PRNG. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)];
  return { next, int, pick };
}

/** Runs `cases` through our function and the real framework; returns the mismatches. */
type Case = Omit<GoldenCase, 'result' | 'error'>;

/** A known difference the differential reports apart: a label for the case, or undefined. */
export type Known = (
  c: Case,
  err: unknown,
  expected: { type: string; message: string } | undefined,
  why: string,
) => string | undefined;

/**
 * Runs `cases` through our function and the real framework; returns the mismatches: a result
 * that differs, an error where the other returns, an error of another class, or one naming
 * another rule than the framework's words do (expectedRules).
 */
export function differential(cases: Case[], call: (c: Case) => Tensor, known?: Known, tally?: Map<string, number>): string[] {
  const expected = evalInPython(cases);
  const bad: string[] = [];
  cases.forEach((c, i) => {
    const e = expected[i];
    let got: Tensor | undefined;
    let err: unknown;
    try {
      got = call(c);
    } catch (x) {
      err = x;
    }
    let why: string | null = null;
    if (e.error) {
      const rules = expectedRules(e.error);
      const rule = err instanceof GatherScatterError ? err.code.split('.').at(-1) : undefined;
      if (!(err instanceof GatherScatterError) || !(err instanceof expectedErrorClass(e.error)))
        why = `framework raised ${e.error.type}: ${e.error.message}; we ${err ? `threw ${(err as Error).message}` : 'returned a result'}`;
      else if (rules && !rules.includes(rule ?? ''))
        why = `framework named ${rules.join(' or ')} (${e.error.message}); we ${(err as Error).message}`;
    } else if (err) why = `we threw ${(err as Error).message}`;
    else why = compareTensor(got!, e.result!);
    if (why === null) return;
    const label = known?.(c, err, e.error, why);
    if (label !== undefined) tally?.set(label, (tally.get(label) ?? 0) + 1);
    else bad.push(`${c.name}: ${why} — ${JSON.stringify(c)}`);
  });
  return bad;
}
