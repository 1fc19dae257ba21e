/** Small shared validators with one message grammar: `<op>: <rule>; got <values> (<code>)`. */
import { DTypeError, InvalidArgumentError, fmt } from '../errors.js';
import type { DType } from '../tensor/dtype.js';
import { MAX_RANK, Tensor, liveStorage, sameShape, typedArrayName } from '../tensor/tensor.js';

/**
 * The code a check reports: the spec's own, or — where a frontend names the spec's constraint in
 * its own terms (JAX's `jax.lax.gather.slice_sizes` for `stablehlo.gather.C9`) — the frontend's,
 * with the spec's kept as `details.stablehlo`.
 */
export type RuleCode = string | { readonly code: string; readonly stablehlo: string };

/** A frontend's rule name for each constraint id of a spec op (`C9` → `slice_sizes`). */
export type RuleNames = (id: string) => string;

/** The code of constraint `id` of `spec` (`stablehlo.gather`) as `op` reports it, under its `names` if any. */
export function ruleCode(spec: string, id: string, op: string, names?: RuleNames): RuleCode {
  const code = `${spec}.${id}`;
  return names === undefined ? code : { code: `${op}.${names(id)}`, stablehlo: code };
}

/**
 * Who reports a violation of a spec op's constraints: the op every message names, and the code
 * of each constraint id — the spec's (`stablehlo.gather.C7`), or the frontend's own under its
 * rule names (see ruleCode).
 */
export interface Site {
  readonly op: string;
  readonly c: (id: string) => RuleCode;
}

/** The site of `op`'s checks of spec op `spec` (`stablehlo.gather`), under a frontend's rule `names` if any. */
export function siteOf(spec: string, op: string, names?: RuleNames): Site {
  // The op name is spliced into every message below: a symbol there would throw a TypeError.
  if (typeof op !== 'string' && op !== undefined)
    fail('core.op_name', `${spec}: op must be a string; got ${fmt(op)}`);
  return { op, c: (id) => ruleCode(spec, id, op, names) };
}

/** Throws the InvalidArgumentError of a failed check, built once from its code, message and details. */
export function fail(code: RuleCode, message: string, details: Record<string, unknown> = {}): never {
  if (typeof code === 'string') throw new InvalidArgumentError(code, message, details);
  throw new InvalidArgumentError(code.code, message, { ...details, stablehlo: code.stablehlo });
}

/**
 * Checks that `value` is an array (or integer typed array) of safe integers — an si64 attribute
 * such as `offset_dims` or `slice_sizes` — and returns it as numbers. Bounded before anything is
 * iterated: at most `maxLength` entries (default {@link MAX_RANK}, since every dimension list
 * indexes dimensions of a tensor of rank ≤ 64) and no holes, so an empty array with
 * `.length = 1e8` is refused at once. Bigints within ±2^53 are accepted. O(maxLength).
 *
 * @example intArray([1, 0n], 'offset_dims', 'stablehlo.gather', 'stablehlo.gather.I3')   // [1, 0]
 */
export function intArray(
  value: unknown,
  name: string,
  op: string,
  code: RuleCode,
  maxLength: number = MAX_RANK,
): readonly number[] {
  const bad = (why: string): never =>
    fail(code, `${op}: ${name} must be an array of integers; ${why}`, { [name]: value });
  let length: number;
  const isArray = Array.isArray(value);
  if (isArray) length = (value as unknown[]).length;
  else {
    const tag = typedArrayName(value);
    if (tag === undefined || tag === 'Float32Array' || tag === 'Float64Array' || tag === 'Float16Array')
      return bad(`got ${fmt(value)}`);
    length = (value as ArrayLike<unknown>).length;
  }
  if (!(length <= maxLength))
    return bad(`got ${length} entries, more than ${maxLength} (the maximum rank is ${MAX_RANK})`);
  const out = new Array<number>(length);
  for (let i = 0; i < length; i++) {
    if (isArray && !(i in (value as unknown[]))) return bad(`entry ${i} is a hole (sparse array)`);
    const v = (value as ArrayLike<unknown>)[i];
    const n = typeof v === 'bigint' && v >= -MAX_SAFE && v <= MAX_SAFE ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n))
      return bad(`entry ${i} is ${fmt(v)}; got ${fmt(value)}`);
    out[i] = n + 0; // -0 → 0
  }
  return out;
}
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Checks that `value` is a single integer (an si64 constant). */
export function intScalar(value: unknown, name: string, op: string, code: RuleCode): number {
  const v = typeof value === 'bigint' && value >= -MAX_SAFE && value <= MAX_SAFE ? Number(value) : value;
  if (typeof v !== 'number' || !Number.isSafeInteger(v))
    fail(code, `${op}: ${name} must be an integer; got ${fmt(value)}`, { [name]: value });
  return v;
}

export const isUnique = (xs: readonly number[]): boolean => new Set(xs).size === xs.length;
export const isSorted = (xs: readonly number[]): boolean => xs.every((x, i) => i === 0 || xs[i - 1] <= x);
export const allInRange = (xs: readonly number[], lo: number, hi: number): boolean =>
  xs.every((x) => x >= lo && x < hi);

/** Checks `lo <= x < hi` for every element, failing with the spec's wording. */
export function checkRange(
  xs: readonly number[],
  lo: number,
  hi: number,
  name: string,
  op: string,
  code: RuleCode,
): void {
  if (!allInRange(xs, lo, hi))
    fail(code, `${op}: ${name} must lie in [${lo}, ${hi}); got ${fmt(xs)}`, { [name]: xs, lo, hi });
}

/** Checks uniqueness, failing with the spec's wording. */
export function checkUnique(xs: readonly number[], name: string, op: string, code: RuleCode): void {
  if (!isUnique(xs)) fail(code, `${op}: ${name} must be unique; got ${fmt(xs)}`, { [name]: xs });
}

/** A gather's or scatter's names of its batching-dims pair, and the codes of the pairing rules. */
export interface BatchingRules {
  readonly names: readonly [operandDims: string, indicesDims: string];
  readonly codes: readonly [unique: RuleCode, range: RuleCode, vector: RuleCode, count: RuleCode];
}

/**
 * The rules gather and scatter share on the indices' batching dims `ib` (the operand's are `ob`):
 * unique, in [0, rank(indices)), not the index vector dim, as many as the operand's.
 */
export function checkBatchingPairs(
  op: string,
  ob: readonly number[],
  ib: readonly number[],
  indices: { readonly rank: number; readonly ivd: number },
  rules: BatchingRules,
): void {
  const indicesDims = rules.names[1];
  const { ivd } = indices;
  checkUnique(ib, indicesDims, op, rules.codes[0]);
  checkRange(ib, 0, indices.rank, indicesDims, op, rules.codes[1]);
  if (ib.includes(ivd))
    fail(rules.codes[2], `${op}: index_vector_dim ${ivd} must not be in ${indicesDims} ${fmt(ib)}`);
  checkPairCount(op, rules.codes[3], rules.names, ob, ib);
}

/**
 * size(operand batching dims `ob`) = size(indices batching dims `ib`) (gather C16, scatter C17):
 * also what the batching decomposition checks before it pairs them up.
 */
export function checkPairCount(
  op: string,
  code: RuleCode,
  [operandDims, indicesDims]: BatchingRules['names'],
  ob: readonly number[],
  ib: readonly number[],
): void {
  if (ob.length !== ib.length)
    fail(
      code,
      `${op}: size(${operandDims}) must equal size(${indicesDims}); got ${ob.length} vs ${ib.length}`,
    );
}

/** Checks sortedness, failing with the spec's wording. */
export function checkSorted(xs: readonly number[], name: string, op: string, code: RuleCode): void {
  if (!isSorted(xs)) fail(code, `${op}: ${name} must be sorted; got ${fmt(xs)}`, { [name]: xs });
}

/**
 * The codes of the `out` rule by op: StableHLO's `out` is the op's result, so its shape and
 * dtype are the spec's result constraints; every other framework documents `out` as `<op>.out`.
 */
export const OUT_CODES: Readonly<Record<string, OutCodes>> = {
  'stablehlo.gather': { shape: 'stablehlo.gather.C22', dtype: 'stablehlo.gather.C23' },
  'stablehlo.scatter': { shape: 'stablehlo.scatter.C24', dtype: 'stablehlo.scatter.C25' },
};

/** The codes an `out` of the wrong shape or dtype fails with. */
export interface OutCodes {
  readonly shape: string;
  readonly dtype: string;
}

/**
 * The `out` rule, one for every entry point (execute, a plan's run, the backends, a program):
 * `out` is a live Tensor with the result's dtype and shape. Codes: `<op>.out`, or the spec's
 * result constraints for StableHLO (see OUT_CODES; `codes` for a StableHLO call the caller
 * renamed). O(rank).
 */
export function checkOut(
  op: string,
  out: unknown,
  shape: readonly number[],
  dtype: DType,
  codes?: OutCodes,
): asserts out is Tensor {
  if (!Tensor.isTensor(out))
    throw new InvalidArgumentError(`${op}.out`, `${op}: out must be a Tensor; got ${describe(out)}`);
  liveStorage(out, `${op}: out`);
  checkOutDType(op, out, dtype, codes);
  if (!sameShape(out.shape, shape))
    throw new InvalidArgumentError(
      codes?.shape ?? outCode(op, 'shape'),
      `${op}: out must have the result shape ${fmt(shape)}; got ${fmt(out.shape)}`,
      { shape: out.shape },
    );
}

/**
 * The dtype half of the `out` rule, apart for the frameworks that check it before other rules
 * (PyTorch's ops check `out`'s dtype at their own place; see torch/policy.ts).
 */
export function checkOutDType(op: string, out: Tensor, dtype: DType, codes?: OutCodes): void {
  if (out.dtype !== dtype)
    throw new DTypeError(
      codes?.dtype ?? outCode(op, 'dtype'),
      `${op}: out must have the result dtype ${dtype}; got ${out.dtype}`,
      { dtype: out.dtype },
    );
}

const outCode = (op: string, what: 'shape' | 'dtype'): string =>
  Object.hasOwn(OUT_CODES, op) ? OUT_CODES[op][what] : `${op}.out`;

/** What a value that should be a tensor is, in a word: its class, `null` or its type. */
function describe(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'object') return (v as object).constructor?.name ?? 'an object';
  return typeof v;
}
