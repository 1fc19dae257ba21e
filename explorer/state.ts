/**
 * The explorer's mutable state, in one place: the chosen operator, the last run (its call,
 * result, landing map and grids) and the pinned element. Every controller and view reads and
 * writes it through `state`, so no module keeps a second copy.
 */
import type { CoreCall } from '../src/core/call.js';
import type { Trace } from '../src/core/trace.js';
import type { CallArgs, OpEntry } from '../src/tables/registry.js';
import type { Scalar } from '../src/tensor/dtype.js';
import type { Tensor } from '../src/tensor/tensor.js';
import type { Role, TensorView } from './grid.js';
import type { Landing } from './landing.js';

/** Space sizes up to this get the full trace (statuses on every cell); larger ones are lazy. */
export const TRACE_LIMIT = 4096;

/** Huge JSON in a laid-out textarea costs seconds per layout: fold it behind a button. */
export const HUGE_TEXT = 50_000;

export interface Run {
  readonly entry: OpEntry;
  readonly args: CallArgs;
  readonly call: CoreCall;
  readonly result: Tensor | null;
  /** Null when the call has no landing map (its computation failed). */
  landing: Landing | null;
  readonly trace: Trace | null;
  readonly views: Map<Role, TensorView>;
  readonly values: Map<Role, ArrayLike<Scalar>>;
}

export interface Pinned {
  readonly role: Role;
  readonly offset: number;
}

export const state: {
  /** The operator shown. */
  current: OpEntry | undefined;
  /** The last successful lowering (null while a run fails or before the first). */
  last: Run | null;
  /** The element clicked (kept in the link). */
  pinned: Pinned | null;
} = { current: undefined, last: null, pinned: null };

/** Runs `f` after the next paint, when the main thread is idle (at the latest 500 ms later). */
export function whenIdle(f: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => f(), { timeout: 500 });
  else setTimeout(f, 50);
}

/**
 * The run's landing map (null when the call has none). Its reverse maps are computed on first
 * use; {@link warmWhenIdle} computes the map ahead in slices.
 */
export function landingOf(r: Run): Landing | null {
  return r.landing;
}

/** Computes the run's landing map in idle slices of at most 30 ms, until done or replaced. */
export function warmWhenIdle(r: Run): void {
  const L = r.landing;
  if (!L) return;
  whenIdle(() => {
    if (state.last === r && !L.step(performance.now() + 30)) warmWhenIdle(r);
  });
}
