/**
 * The reader's errors: every construct it does not understand is a typed error
 * `stablehlo_text.<rule>` naming the construct and its line; a module that breaks several
 * constraints is one error listing every violation (`details.violations`).
 *
 * Rules: `lex` (a character or literal the lexer cannot read), `syntax`, `nesting` (brackets or
 * regions nested deeper than {@link MAX_NESTING}), `unknown_op`, `attribute`, `type`, `complex`
 * (a complex element type other than complex<f32> / complex<f64>, or a malformed complex
 * literal), `dense` (a literal that does not fit its type),
 * `undefined_value`, `redefined_value`, `unknown_function`, `duplicate_function`, `no_function`,
 * `region`, `operand_type`, `result_type`, `return_type`, `call`, `recursion`, `hlo` (an XLA HLO
 * construct with no StableHLO meaning here), plus the spec's own constraint codes
 * (`stablehlo.gather.C22`, …) from the verifier.
 */
import { DTypeError, InvalidArgumentError } from '../errors.js';

export const TEXT = 'stablehlo_text';

/** Brackets, regions and literals nest at most this deep (never a stack overflow). */
export const MAX_NESTING = 128;

/** One broken rule of a module: its code, what is wrong, and where. */
export interface Violation {
  /** The rule code (`stablehlo.gather.C7`, `stablehlo_text.syntax`, …). */
  readonly code: string;
  /** What is wrong. */
  readonly message: string;
  /** The 1-based line in the text, when known. */
  readonly line?: number;
}

const where = (line: number | undefined): string => (line === undefined ? '' : `line ${line}: `);

/** Messages stay readable whatever the text holds (a name of a megabyte is cut). */
const MAX_MESSAGE = 400;
/** At most this many violations are listed in a message (all are in `details.violations`). */
const MAX_LISTED = 50;

export function clip(message: string): string {
  return message.length > MAX_MESSAGE
    ? `${message.slice(0, MAX_MESSAGE)}… (${message.length - MAX_MESSAGE} more chars)`
    : message;
}

/** Throws InvalidArgumentError `stablehlo_text.<rule>`: `stablehlo_text: line N: message`. */
export function textError(
  rule: string,
  line: number | undefined,
  message: string,
  details: Record<string, unknown> = {},
): never {
  throw new InvalidArgumentError(
    `${TEXT}.${rule}`,
    clip(message),
    { ...details, ...(line === undefined ? {} : { line }) },
    `${TEXT}: ${where(line)}`,
  );
}

/** Throws DTypeError `stablehlo_text.complex` (only complex<f32> and complex<f64> exist here). */
export function complexError(line: number, what: string): never {
  throw new DTypeError(
    `${TEXT}.complex`,
    `${what}: the complex types are complex<f32> and complex<f64>, with (real, imaginary) literals`,
    { line },
    `${TEXT}: ${where(line)}`,
  );
}

/**
 * Throws one InvalidArgumentError for all `violations` (at least one): the code of the first,
 * a message listing every one, and `details.violations`.
 */
export function throwViolations(violations: readonly Violation[]): never {
  const first = violations[0];
  const list = violations.slice(0, MAX_LISTED).map((v) => `${where(v.line)}${clip(v.message)} (${v.code})`);
  if (violations.length > MAX_LISTED)
    list.push(`… and ${violations.length - MAX_LISTED} more (details.violations)`);
  const one = violations.length === 1;
  const message = one ? clip(first.message) : `${violations.length} violations:\n  ${list.join('\n  ')}\n`;
  throw new InvalidArgumentError(
    first.code,
    message,
    {
      violations: violations.map((v) => ({ ...v })),
      ...(first.line === undefined ? {} : { line: first.line }),
    },
    one ? `${TEXT}: ${where(first.line)}` : `${TEXT}: `,
  );
}
