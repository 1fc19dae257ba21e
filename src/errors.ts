/**
 * Typed errors. Every error carries a stable `code` naming the rule it enforces
 * (e.g. `stablehlo.gather.C17`, `onnx.GatherND-13.batch_dims`), and the message ends
 * with that code in parentheses so a user can search the spec for it.
 */

/**
 * A registered symbol every error of this library carries: the library may be loaded twice in
 * one process (once through `import`, once through `require`), and each copy has its own classes.
 */
const BRAND = Symbol.for('tensor-gather-scatter.error');

/** Base class of every error this library throws on purpose. */
export class GatherScatterError extends Error {
  /** Stable rule identifier, e.g. `stablehlo.gather.C17`. */
  readonly code: string;
  /** Structured values the failed check compared. */
  readonly details: Readonly<Record<string, unknown>>;

  /** The message's parts (private: an error compares by its code, message and details). */
  readonly #lead: string;
  readonly #body: string;

  /**
   * Builds the message once from its parts: `lead` (where it comes from, e.g.
   * `stablehlo_text: line 3: `; usually empty, the op being the start of `message`), then
   * `message`, then the code in parentheses.
   */
  constructor(code: string, message: string, details: Record<string, unknown> = {}, lead = '') {
    super(`${lead}${message} (${code})`);
    // Subclasses here spell their name as a string (class names do not survive minification).
    this.name = new.target === GatherScatterError ? 'GatherScatterError' : new.target.name;
    this.code = code;
    this.details = details;
    this.#lead = lead;
    this.#body = message;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** The message without its code: for a caller that lists the code apart. */
  get text(): string {
    return `${this.#lead}${this.#body}`;
  }

  /** The message without its lead and its code: what the check says, for a list of violations. */
  get body(): string {
    return this.#body;
  }
}

/**
 * Whether `e` is an error this library threw on purpose — from any copy of the library loaded
 * in the process — and, given `code`, one with exactly that rule code.
 *
 * @example
 * try {
 *   onnx.Gather(tensor([1, 2, 3], 'float32'), tensor([5n], 'int64'));
 * } catch (e) {
 *   if (!isGatherScatterError(e, 'onnx.Gather-13.index_out_of_bounds')) throw e;
 * }
 */
export function isGatherScatterError(e: unknown, code?: string): e is GatherScatterError {
  if (!(e instanceof GatherScatterError) && !(e instanceof Error && Object.hasOwn(e, BRAND))) return false;
  return code === undefined || (e as GatherScatterError).code === code;
}

/** An attribute, shape or argument breaks a rule of the operator's spec. */
export class InvalidArgumentError extends GatherScatterError {
  /** The class's name (what `error.name` and stack traces show). */
  override name = 'InvalidArgumentError';
}

/** A dtype is unknown or not allowed for this operand of this operator. */
export class DTypeError extends GatherScatterError {
  /** The class's name (what `error.name` and stack traces show). */
  override name = 'DTypeError';
}

/** An index lies outside the valid range and the active policy is `error`. */
export class IndexOutOfBoundsError extends GatherScatterError {
  /** The class's name (what `error.name` and stack traces show). */
  override name = 'IndexOutOfBoundsError';
  /** Position of the offending index in the indices tensor (multi-index). */
  get position(): readonly number[] {
    return (this.details.position as number[]) ?? [];
  }
}

/** Two updates target the same element where the policy forbids it. */
export class DuplicateIndexError extends GatherScatterError {
  /** The class's name (what `error.name` and stack traces show). */
  override name = 'DuplicateIndexError';
}

/** A caller's promise (`indices_are_sorted`, `unique_indices`, in-bounds) is broken (checked mode). */
export class BrokenPromiseError extends GatherScatterError {
  /** The class's name (what `error.name` and stack traces show). */
  override name = 'BrokenPromiseError';
}

/**
 * Something that cannot happen did (a helper thread failed on a job whose indices were checked,
 * an invariant broke): a bug to report, never the caller's input. The call fails; nothing is
 * retried behind the caller's back.
 */
export class InternalError extends GatherScatterError {
  /** The class's name (what `error.name` and stack traces show). */
  override name = 'InternalError';
}

/** A result or intermediate would exceed the documented allocation limit. */
export class AllocationLimitError extends GatherScatterError {
  /** The class's name (what `error.name` and stack traces show). */
  override name = 'AllocationLimitError';
}

/**
 * How many elements of an array {@link fmt} prints before `… (N more)`: 64, the maximum rank, so
 * every valid shape and dimension list prints in full (and code that compares `fmt` strings of
 * shapes stays exact; prefer `sameShape`).
 */
export const FMT_MAX_ITEMS = 64;
/** How many characters of a string (or of an object's own `toString`) {@link fmt} prints. */
export const FMT_MAX_CHARS = 120;
const FMT_MAX_DEPTH = 4;

function capString(s: string): string {
  return s.length > FMT_MAX_CHARS
    ? `${s.slice(0, FMT_MAX_CHARS)}… (${s.length - FMT_MAX_CHARS} more chars)`
    : s;
}

function fmtValue(value: unknown, depth: number): string {
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'string':
      return JSON.stringify(capString(value));
    case 'number':
      return String(value);
    case 'boolean':
    case 'undefined':
    case 'symbol':
      return String(value);
    case 'function':
      return `[function ${capString(String(value.name)) || '(anonymous)'}]`;
  }
  if (value === null) return 'null';
  const isArray = Array.isArray(value);
  if (isArray || (ArrayBuffer.isView(value) && !(value instanceof DataView))) {
    if (depth >= FMT_MAX_DEPTH) return '[…]';
    const length = (value as ArrayLike<unknown>).length;
    if (!Number.isSafeInteger(length) || length < 0) return '[array of invalid length]';
    const shown = Math.min(length, FMT_MAX_ITEMS);
    const parts: string[] = [];
    for (let i = 0; i < shown; i++) {
      // A hole reads as undefined; a getter or a Proxy may throw, which a message must survive.
      const item =
        isArray && !(i in (value as object))
          ? '<empty>'
          : fmtValue((value as ArrayLike<unknown>)[i], depth + 1);
      parts.push(item);
    }
    if (length > shown) parts.push(`… (${length - shown} more)`);
    return `[${parts.join(', ')}]`;
  }
  // Objects: their own toString when they have one (Tensor, Error, Date), else the class tag.
  const ts = (value as { toString?: unknown }).toString;
  if (typeof ts === 'function' && ts !== Object.prototype.toString)
    return capString(String((ts as () => unknown).call(value)).replace(/\s*\n\s*/g, ' '));
  return Object.prototype.toString.call(value);
}

/**
 * Formats a value for messages: `[2, 3, 4]`. Bounded whatever it is given: arrays print their
 * first 64 elements then `… (N more)`, strings their first 120 characters, nesting 4 levels; it
 * never throws (a value whose getters or `toString` throw prints as `<unprintable>`).
 *
 * @example fmt([1, 2, 3])                   // '[1, 2, 3]'
 * @example fmt(new Array(10 ** 6).fill(7))  // '[7, 7, …, 7, … (999936 more)]' (64 shown)
 */
export function fmt(value: unknown): string {
  try {
    return fmtValue(value, 0);
  } catch {
    return '<unprintable>';
  }
}
