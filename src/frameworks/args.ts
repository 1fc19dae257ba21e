/**
 * Argument rules every frontend shares, checked in one place: option objects (unknown keys are
 * refused with a did-you-mean), enum values (own values only — `'constructor'` is not a mode),
 * flags, integers, scalars (and 0-d tensors where a framework takes one), tensors (with a hint
 * for onnxruntime and TF.js tensors), axes, and `out`.
 *
 * Every error names the op and the parameter, and carries the code `<op>.<parameter>` unless
 * the frontend passes its own rule code.
 */
import { DTypeError, type GatherScatterError, InvalidArgumentError, fmt } from '../errors.js';
import type { DType, Scalar } from '../tensor/dtype.js';
import { isComplex } from '../tensor/dtype.js';
import { Tensor, checkTensor } from '../tensor/tensor.js';

/**
 * A rule failure `why` records instead of throwing. `standIn` names the value a later rule may
 * read that the failed rule left without a meaning (e.g. `dim`), when the check went on with a
 * valid stand-in for it; argument-level rules (a dtype) leave nothing to stand in for.
 */
export interface RecordedFailure {
  readonly error: GatherScatterError;
  readonly standIn?: { readonly name: string; readonly value: unknown };
}

/** The failures recorded by the innermost `collectFailures` running, if any. */
let collecting: RecordedFailure[] | undefined;

/**
 * Runs `lower` with the argument-level rules in collect mode: such a rule records its failure and
 * the lowering goes on (its outcome reads only its own argument, so later rules keep their meaning),
 * and an axis out of range, or an enum or flag without a valid value, goes on with a valid
 * stand-in (axis 0, the parameter's default; its failure is marked, so `why` reports nothing but
 * argument-level rules after it). Any other failure throws as usual. Outside
 * a `collectFailures`, every rule throws at once: a call's behaviour never depends on this.
 */
export function collectFailures<T>(lower: () => T): {
  readonly failures: RecordedFailure[];
  readonly run: () => T;
} {
  const failures: RecordedFailure[] = [];
  const run = (): T => {
    const outer = collecting;
    collecting = failures;
    try {
      return lower();
    } finally {
      collecting = outer;
    }
  };
  return { failures, run };
}

/** An argument-level rule failed: recorded under `collectFailures`, thrown otherwise. */
function argumentRuleFailed(error: GatherScatterError): void {
  if (collecting === undefined) throw error;
  collecting.push({ error });
}

/**
 * A rule on a value later rules read failed: under `collectFailures` the check goes on with
 * `value` (a valid stand-in: the parameter's default) and the failure is marked; thrown otherwise,
 * or when there is no stand-in.
 */
function standInFor<T>(error: GatherScatterError, name: string, value: T | undefined): T {
  if (collecting === undefined || value === undefined) throw error;
  collecting.push({ error, standIn: { name, value } });
  return value;
}

/** `[0, 1, …, n - 1]`, or `[a, …, b - 1]` with two arguments. */
export function range(a: number, b?: number): number[] {
  const lo = b === undefined ? 0 : a;
  const hi = b === undefined ? a : b;
  const out: number[] = [];
  for (let i = lo; i < hi; i++) out.push(i);
  return out;
}

/** Edit distance, for did-you-mean suggestions (names are short). */
function distance(a: string, b: string): number {
  const prev = range(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = prev[j];
      prev[j] = next;
    }
  }
  return prev[b.length];
}

/** The closest of `candidates` to `name` (case-insensitive match first, then edit distance ≤ 2), if any. */
export function didYouMean(name: string, candidates: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  const same = candidates.find((c) => c.toLowerCase() === lower);
  if (same) return same;
  let best: string | undefined;
  let bestD = 3;
  for (const c of candidates) {
    const d = distance(lower, c.toLowerCase());
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}

const suggestion = (name: string, candidates: readonly string[]): string => {
  const s = didYouMean(name, candidates);
  return s ? ` (did you mean ${fmt(s)}?)` : '';
};

/**
 * The shared message grammar of an argument rule, `<op>: <name> must be <requirement>; got <value>`
 * (`hint` after it), with the value under the parameter's name; rule `<op>.<name>` unless `code`.
 */
function mustBe(op: string, name: string, value: unknown, requirement: string, code?: string, hint = '') {
  return new InvalidArgumentError(
    code ?? `${op}.${name}`,
    `${op}: ${name} must be ${requirement}; got ${describe(value)}${hint}`,
    { [name]: value },
  );
}

/**
 * Too many positional arguments (rule `<op>.arguments`), worded
 * `<op>: takes at most N positional arguments (a, indices, options); got M`. JS drops extra
 * arguments without a word, where Python raises `TypeError: take() takes from 2 to 6 positional
 * arguments but 7 were given`; in a JS call an extra argument is mostly a keyword argument passed
 * positionally (`take(a, i, {}, 5)`), which would otherwise be ignored. frameworks/arity.ts checks it.
 */
export function tooManyArguments(op: string, names: readonly string[], got: number): InvalidArgumentError {
  return new InvalidArgumentError(
    `${op}.arguments`,
    `${op}: takes at most ${names.length} positional argument${names.length === 1 ? '' : 's'} (${names.join(', ')}); got ${got}`,
    { arguments: got },
  );
}

/** A short description of any JS value for messages. */
export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (Tensor.isTensor(v)) return `a ${v.dtype} Tensor of shape ${fmt(v.shape)}`;
  if (Array.isArray(v)) return `an array of length ${v.length}`;
  if (typeof v === 'object') return `an object (${(v as object).constructor?.name ?? 'no prototype'})`;
  if (typeof v === 'string') return fmt(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'function') return 'a function';
  return `${typeof v} ${String(v)}`;
}

/**
 * An options object: `undefined` and `null` mean none; anything but a plain object is refused;
 * every own key must be one of `allowed` (keys set to `undefined` included — a misspelling is
 * an error whatever its value). Rule `<op>.<rule>` (default `<op>.options`), built only when it fails.
 */
export function options<T extends object>(
  op: string,
  value: T | null | undefined,
  allowed: readonly string[],
  rule = 'options',
  what = 'options',
): Partial<T> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof Tensor) {
    throw new InvalidArgumentError(
      `${op}.${rule}`,
      `${op}: ${what} must be an object; got ${describe(value)}`,
    );
  }
  for (const key in value) {
    // for-in with an own-property test: the same keys as Object.keys without an array per call.
    if (!Object.hasOwn(value, key)) continue;
    if (!allowed.includes(key)) {
      throw new InvalidArgumentError(
        `${op}.${rule}`,
        `${op}: unknown ${what === 'options' ? 'option' : what.replace(/s$/, '')} ${fmt(key)}; accepted: ${allowed.length ? allowed.join(', ') : 'none'}${suggestion(key, allowed)}`,
        { key, accepted: allowed },
      );
    }
  }
  return value;
}

/** One of `allowed` (compared as values, never looked up as properties), or `dflt` when undefined. */
export function oneOf<T extends string, F extends T | undefined = undefined>(
  op: string,
  name: string,
  value: unknown,
  allowed: readonly T[],
  dflt?: F,
  code?: string,
): T | F {
  if (value === undefined) return dflt as F;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    const hint = typeof value === 'string' ? suggestion(value, allowed) : '';
    const words = `one of ${allowed.map((a) => fmt(a)).join(', ')}`;
    return standInFor(mustBe(op, name, value, words, code, hint), name, dflt) as F;
  }
  return value as T;
}

/** A boolean flag, or `dflt` when undefined. */
export function flag(op: string, name: string, value: unknown, dflt: boolean, code?: string): boolean {
  if (value === undefined) return dflt;
  if (typeof value !== 'boolean') return standInFor(mustBe(op, name, value, 'a boolean', code), name, dflt);
  return value;
}

/** A safe integer (a bigint in the safe range is accepted), or `dflt` when undefined. */
export function integer(op: string, name: string, value: unknown, dflt?: number, code?: string): number {
  if (value === undefined && dflt !== undefined) return dflt;
  const v = typeof value === 'bigint' && value >= -(2n ** 53n) && value <= 2n ** 53n ? Number(value) : value;
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw mustBe(op, name, value, 'an integer', code);
  return v;
}

/** A list of safe integers (bounded length: checked before it is walked). */
export function integers(op: string, name: string, value: unknown, code?: string): number[] {
  if (!Array.isArray(value) || value.length > 64)
    throw mustBe(op, name, value, 'an array of at most 64 integers', code);
  const out: number[] = [];
  for (let i = 0; i < value.length; i++) out.push(integer(op, name, value[i], undefined, code));
  return out;
}

/**
 * A scalar argument: a number, bigint or boolean (and a 0-d Tensor when `tensor0d`, as PyTorch
 * and NumPy accept one). Strings, objects and arrays are refused. The value is returned as
 * given (the frontend converts it to the dtype by its own rule).
 */
export function scalar(
  op: string,
  name: string,
  value: unknown,
  { tensor0d = false, code = `${op}.${name}` }: { tensor0d?: boolean; code?: string } = {},
): Scalar {
  if (tensor0d && value instanceof Tensor) {
    if (value.rank !== 0)
      throw new InvalidArgumentError(
        code,
        `${op}: ${name} must be a 0-d tensor or a number; got a tensor of shape ${fmt(value.shape)}`,
        { shape: value.shape },
      );
    if (isComplex(value.dtype))
      throw new InvalidArgumentError(
        code,
        `${op}: ${name} must be a real scalar; got a ${value.dtype} tensor`,
        { dtype: value.dtype },
      );
    return value.item() as Scalar;
  }
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return value;
  throw mustBe(op, name, value, `a number, bigint or boolean${tensor0d ? ' (or a 0-d Tensor)' : ''}`, code);
}

/** Is this an onnxruntime Tensor (`{ type, dims, data }`) or a TF.js tensor (`dataSync()`)? */
function foreignTensorHint(v: unknown): string {
  if (Array.isArray(v))
    return " — a plain array is not a tensor: wrap it with tensor(values, dtype), or the framework's own constructor (torchTensor, numpyArray, tfConstant, jaxArray) for its default dtypes";
  if (v === null || typeof v !== 'object') return '';
  const o = v as Record<string, unknown>;
  if (typeof o.dataSync === 'function' && Array.isArray(o.shape))
    return ' — this looks like a TF.js tensor: convert it with fromTf(t) from tensor-gather-scatter/interop, or tensor(await t.array(), t.dtype)';
  if (typeof o.type === 'string' && Array.isArray(o.dims) && 'data' in o)
    return ' — this looks like an onnxruntime Tensor: convert it with fromOrt(t) from tensor-gather-scatter/interop, or new Tensor(t.type, t.dims, t.data)';
  return '';
}

/**
 * An index tensor's dtype check, every framework's: `allowed` lists the dtypes (or tests one),
 * `rule` is the code's last part (`<op>.<rule>`), `requirement` the framework's words for what
 * is allowed (a function when they are built: only when the check fails). Message grammar:
 * `<op>: <requirement>; got <dtype>`.
 */
export function checkIndexDType(
  op: string,
  t: Tensor,
  allowed: readonly DType[] | ((dtype: DType) => boolean),
  rule: string,
  requirement: string | (() => string),
): void {
  if (typeof allowed === 'function' ? allowed(t.dtype) : allowed.includes(t.dtype)) return;
  const words = typeof requirement === 'function' ? requirement() : requirement;
  argumentRuleFailed(new DTypeError(`${op}.${rule}`, `${op}: ${words}; got ${t.dtype}`, { dtype: t.dtype }));
}

/**
 * A dtype rule of one argument (or of two arguments' dtypes) that no later rule's meaning depends
 * on: thrown at once, or recorded under `collectFailures` (see there).
 */
export function dtypeRuleFailed(error: DTypeError): void {
  argumentRuleFailed(error);
}

/** A Tensor argument; anything else is refused naming the parameter (rule `<op>.<name>`). */
export function tensorArg(op: string, name: string, value: unknown, code?: string): Tensor {
  if (Tensor.isTensor(value)) return checkTensor(value, name, op, code); // storage intact since made
  throw new InvalidArgumentError(
    code ?? `${op}.${name}`,
    `${op}: ${name} must be a Tensor; got ${describe(value)}${foreignTensorHint(value)}`,
    { [name]: describe(value) },
  );
}

/** An optional `out` Tensor (its shape and dtype are checked against the result when the call runs). */
export function outArg(op: string, value: unknown): Tensor | undefined {
  if (value === undefined || value === null) return undefined;
  return tensorArg(op, 'out', value, `${op}.out`);
}

/**
 * An axis in [-rank, rank) normalized to [0, rank). `message` words the framework's error.
 * Rule `<op>.axis` unless `code` is given.
 */
export function normalizeAxis(
  op: string,
  axis: unknown,
  rank: number,
  { code, name = 'axis', message }: { code?: string; name?: string; message?: (r: number) => string } = {},
): number {
  if (typeof axis !== 'number' || !Number.isInteger(axis) || axis < -rank || axis >= rank) {
    const error = new InvalidArgumentError(
      code ?? `${op}.axis`,
      message
        ? message(rank)
        : `${op}: ${name} must be an integer in [${-rank}, ${rank - 1}] for rank ${rank}; got ${describe(axis)}`,
      { [name]: axis, rank },
    );
    // Axis 0 is valid for any rank >= 1: under collectFailures the check goes on with it.
    return standInFor(error, name, rank < 1 ? undefined : 0);
  }
  return axis < 0 ? axis + rank : axis;
}
