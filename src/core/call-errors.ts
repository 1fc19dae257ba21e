/**
 * The error context of the lowered call that is running: what a framework says about its
 * errors beyond the core's defaults — the op name, the caller's index rank (positions are
 * reported in the caller's index tensor, not in a stacked one) and the framework's own wording
 * of an out-of-bounds index. The core's index checks read it when they build an error, so each
 * error is built once, in the framework's terms, and never edited afterwards.
 *
 * Why a slot and not a parameter: the index checks sit below the plan cache, whose plans are
 * shared by every call with the same shapes, while the wording is per call. `execute` puts the
 * call itself in the slot (nothing is allocated per call) and restores the previous one when it
 * returns, so a call run inside another (an update computation that calls `execute`) reports in
 * its own terms. Outside `execute` the slot is empty and errors carry the core's wording.
 */
import { BrokenPromiseError, IndexOutOfBoundsError, fmt } from '../errors.js';
import type { OobDetails, Wording } from './call.js';

/** What a running call tells the core about its errors (a CoreCall is one). */
export interface ErrorContext {
  /** The framework op every error names, e.g. `onnx.Gather-13`. */
  readonly op: string;
  /** The framework's wording of an out-of-bounds error with code `options.oob_code`. */
  readonly wording?: Wording;
  /** Rank of the caller's index tensor when the lowering stacked components onto it. */
  readonly index_rank?: number;
  readonly options: { readonly oob_code?: string };
}

let running: ErrorContext | null = null;

/** Makes `call` the running call; returns the previous one, for {@link leaveCall}. */
export function enterCall(call: ErrorContext): ErrorContext | null {
  const previous = running;
  running = call;
  return previous;
}

/** Restores the call that was running before {@link enterCall}. */
export function leaveCall(previous: ErrorContext | null): void {
  running = previous;
}

/** A position in the indices as the caller sees it: cut to the running call's index rank. */
export function callerPosition(position: readonly number[]): readonly number[] {
  const rank = running?.index_rank;
  return rank !== undefined && position.length > rank ? position.slice(0, rank) : position;
}

/**
 * The IndexOutOfBoundsError of an index under rule `code`: worded by the running call's
 * framework when it words that code (`options.oob_code`), else by the core's `text` (the
 * message after `<op>: `). `found.position` is already the caller's (see callerPosition).
 */
export function outOfBoundsError(
  op: string,
  code: string,
  found: OobDetails,
  text: (d: OobDetails) => string,
): IndexOutOfBoundsError {
  const call = running;
  const details = found as unknown as Record<string, unknown>;
  if (call?.wording !== undefined && call.options.oob_code === code)
    return new IndexOutOfBoundsError(code, `${call.op}: ${call.wording(found)}`, details);
  return new IndexOutOfBoundsError(code, `${op}: ${text(found)}`, details);
}

/** The BrokenPromiseError of a promise an index breaks, at its caller's position. */
export function brokenPromiseError(
  op: string,
  promise: string,
  text: (position: string) => string,
  details: { readonly position: readonly number[] } & Record<string, unknown>,
): BrokenPromiseError {
  return new BrokenPromiseError(`${op}.${promise}`, `${op}: ${text(fmt(details.position))}`, details);
}
