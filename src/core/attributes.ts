/**
 * Reading a spec op's dimension numbers as integers before any constraint (gather I3–I9,
 * scatter I4–I9): one reader for both ops, driven by a table of each op's fields.
 */
import { fmt } from '../errors.js';
import { type RuleCode, fail, intArray, intScalar } from './validate.js';

/** How one field is read: its spec name, its rule's code, and its form (an optional list is [] when absent). */
export type FieldForm = readonly [field: string, code: RuleCode, form: 'list' | 'optional list' | 'scalar'];

/** The integers read from each field, under the table's short names. */
export type ReadFields<F extends Readonly<Record<string, FieldForm>>> = {
  readonly [K in keyof F]: F[K][2] extends 'scalar' ? number : readonly number[];
};

/**
 * Reads every field of `forms` from `dn`, in the table's order, failing with the field's rule
 * (the first field's when `dn` is no object at all).
 */
export function readFields<F extends Readonly<Record<string, FieldForm>>>(
  dn: unknown,
  op: string,
  forms: F,
): ReadFields<F> {
  if (dn === null || typeof dn !== 'object')
    fail(Object.values(forms)[0][1], `${op}: dimension numbers must be an object; got ${fmt(dn)}`);
  const out: Record<string, number | readonly number[]> = {};
  for (const [key, [field, code, form]] of Object.entries(forms)) {
    const value = (dn as Readonly<Record<string, unknown>>)[field];
    out[key] =
      form === 'scalar'
        ? intScalar(value, field, op, code)
        : intArray(form === 'list' ? value : (value ?? []), field, op, code);
  }
  return out as ReadFields<F>;
}
