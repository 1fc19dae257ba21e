/**
 * Where big result buffers come from. By default nothing is installed and results are
 * allocated on the calling thread; Node's entry installs a helper thread that hands over
 * pre-faulted buffers (src/node/prefault.ts). Browser-safe: the core only calls the hook.
 */

/**
 * Supplies a zeroed ArrayBuffer of exactly `bytes`, or null: allocate as usual. (Threaded calls'
 * SharedArrayBuffer results do not ask: a helper faulting beside two compute threads on two
 * cores made them slower.)
 */
export type BigBufferSource = (bytes: number) => ArrayBuffer | null;

let source: BigBufferSource | null = null;

/** Installs (or with null removes) the source of big result buffers. */
export function setBigBufferSource(s: BigBufferSource | null): void {
  source = s;
}

/** A buffer from the installed source, or null. */
export function bigBuffer(bytes: number): ArrayBuffer | null {
  return source === null ? null : source(bytes);
}
