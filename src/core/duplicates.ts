/**
 * The scatter's one duplicate-target detector: one bit per operand element, marked in update
 * (row-major) order. Every path that checks `duplicates: 'error'` or a checked `unique_indices`
 * promise marks here — before anything is written (a CHECK walk, `findDuplicate`), or while
 * writing into a fresh result that a duplicate discards (the fused walks, which throw
 * DUPLICATE_FOUND) — and `throwDuplicate` words the error from the first repeat.
 */
import { BrokenPromiseError, DuplicateIndexError, fmt } from '../errors.js';
import {
  type IndexMap,
  type IndexSource,
  PARTIAL,
  type RunCallback,
  type SpecialCallback,
  unravel,
} from './index-map.js';

/** Thrown by a fused walk at the first repeated target; the caller words the error. */
export const DUPLICATE_FOUND = Symbol('duplicate target');

/** Fresh marks for a map's operand (one bit per element). */
export function targetMarks(map: IndexMap): Int32Array {
  return new Int32Array(Math.ceil(map.operandSize / 32));
}

/**
 * Marks target `t`; true when it was marked before (a duplicate). `t >>> 5` is exact: an
 * operand has fewer than 2^32 elements (a typed array's limit).
 */
export function markTarget(seen: Int32Array, t: number): boolean {
  const w = t >>> 5;
  const bit = 1 << (t & 31);
  if (seen[w] & bit) return true;
  seen[w] |= bit;
  return false;
}

/** Run callback of IndexMap walks: (space offset, operand offset, run length). */
export type RunFn = RunCallback;

/**
 * The `skip` handler of partly out-of-bounds windows: applies `fn` to their in-bounds
 * elements one by one; null when the policy has no such windows.
 */
export function skipHandler(
  map: IndexMap,
  partial: Map<number, Float64Array> | null,
  fn: RunFn,
): SpecialCallback | null {
  if (!partial) return null;
  return (status, b, r, o, n) => {
    if (status === PARTIAL) eachInBounds(map, partial.get(b) as Float64Array, r, o, n, fn);
  };
}

/** Applies `fn` element by element to the in-bounds elements of a partly out-of-bounds run (`skip`). */
export function eachInBounds(
  map: IndexMap,
  raw: Float64Array,
  r: number,
  o: number,
  n: number,
  fn: RunFn,
): void {
  const shape = map.spec.operandShape;
  const strides = map.opStrides;
  for (let j = 0; j < n; j++) {
    // The run is contiguous in the operand, so element j sits at window offset o + j; unravel
    // it by operand strides (each window coordinate is smaller than its dim).
    let rest = o + j;
    let t = 0;
    let inBounds = true;
    for (let d = 0; d < shape.length; d++) {
      const w = strides[d] > 0 && shape[d] > 0 ? Math.floor(rest / strides[d]) : 0;
      rest -= w * strides[d];
      const c = raw[d] + w;
      if (!(c >= 0 && c < shape[d])) {
        inBounds = false;
        break;
      }
      t += c * strides[d];
    }
    if (inBounds) fn(r + j, t, 1);
  }
}

/** What a duplicate check reads: the map, the indices under a policy, and `skip`'s side table. */
export interface DuplicateSearch extends IndexSource {
  readonly map: IndexMap;
}

/** The first repeated target (in update order) and the update position that repeats it. */
interface Repeat {
  readonly target: number;
  readonly second: number;
}

/** The first update that targets an element an earlier update targets, or null. */
function firstRepeat(s: DuplicateSearch): Repeat | null {
  const { map, policy, partial } = s;
  const seen = targetMarks(map);
  let found: Repeat | null = null;
  const mark: RunFn = (r, t, n) => {
    for (let j = 0; j < n && found === null; j++)
      if (markTarget(seen, t + j)) found = { target: t + j, second: r + j };
  };
  const special = skipHandler(map, partial, mark);
  if (!(map.runLen === 1 && map.outerPerBatch === 1 && map.batchMajor && !policy.checkSorted)) {
    map.forEachRun(s, mark, special);
    return found;
  }
  // Element-wise scatter: mark each resolved target directly; stop at the first repeat (a later
  // chunk's index error is then not reached, as in the write that follows).
  map.resolveChunks(s, { lo: 0, hi: map.batchCount, chunk: 16384 }, (starts, b0, b1) => {
    for (let j = 0; j < b1 - b0 && found === null; j++) {
      const x = starts[j];
      if (x >= 0) mark(b0 + j, x, 1);
      else special?.(x, b0 + j, b0 + j, 0, 1);
    }
    return found !== null;
  });
  return found;
}

/** How a duplicate is reported: a broken `unique_indices` promise, or the op's duplicate rule. */
export interface DuplicateRule {
  readonly isPromise: boolean;
  /** The rule code (default `<op>.duplicate_indices`). */
  readonly code: string | undefined;
}

/**
 * Throws DuplicateIndexError (or BrokenPromiseError for a promise) at the first repeated
 * target; returns when every target is distinct.
 */
export function findDuplicate(s: DuplicateSearch, rule: DuplicateRule): void {
  const repeat = firstRepeat(s);
  if (repeat !== null) throwDuplicate(s, rule, repeat);
}

function throwDuplicate(s: DuplicateSearch, rule: DuplicateRule, repeat: Repeat): never {
  const { map, policy, partial } = s;
  let first = -1;
  const find: RunFn = (r, t, n) => {
    if (first < 0 && repeat.target >= t && repeat.target < t + n) first = r + (repeat.target - t);
  };
  map.forEachRun(s, find, skipHandler(map, partial, find));
  const op = policy.op;
  const target = unravel(repeat.target, map.spec.operandShape);
  const positions = [unravel(first, map.spec.spaceShape), unravel(repeat.second, map.spec.spaceShape)];
  const message = `updates at positions ${fmt(positions[0])} and ${fmt(positions[1])} both target element ${fmt(target)}`;
  if (rule.isPromise) {
    throw new BrokenPromiseError(
      `${op}.unique_indices`,
      `${op}: unique_indices was promised but ${message}`,
      {
        target,
        positions,
      },
    );
  }
  throw new DuplicateIndexError(
    rule.code ?? `${op}.duplicate_indices`,
    `${op}: duplicate scatter target: ${message}`,
    {
      target,
      positions,
    },
  );
}
