/**
 * "Same call elsewhere" for a peer that starts from zeros: mxnet.scatter_nd and tf.scatter_nd
 * take a shape, not an input tensor, so `translate` rightly finds no equivalent of a scatter
 * into non-zero data. The comparison still shows the peer's call — with its own index layout
 * (MXNet's index vectors along the FIRST indices dim) — by translating the same call on zeros:
 * the peer's result then equals this op's result on zeros, and the difference on the actual
 * input (the elements the peer leaves 0) is stated beside it, never hidden.
 */
import { type CoreCall, execute } from '../src/core/call.js';
import { GatherScatterError } from '../src/errors.js';
import { type CallArgs, lowerCall, type OpEntry } from '../src/tables/registry.js';
import type { NestedArray, Tensor } from '../src/tensor/tensor.js';
import { type Translation, translate } from '../src/translate/index.js';

/** The peer's translation of the call on zeros, and this op's result on zeros to compare with. */
export interface ZeroBased {
  readonly translation: Translation;
  /** This op's result on zero data: what the translated peer computes. */
  readonly result: Tensor;
}

/** A peer whose call takes a shape instead of data (it starts from zeros). */
export const startsFromZeros = (peer: OpEntry): boolean =>
  peer.signature.kind === 'scatter' &&
  !peer.signature.params.some((p) => p === 'data' || (typeof p === 'object' && 'desc' in p));

const zero = (v: NestedArray): NestedArray =>
  (Array.isArray(v)
    ? (v as NestedArray[]).map(zero)
    : typeof v === 'bigint'
      ? 0n
      : typeof v === 'boolean'
        ? false
        : 0) as NestedArray;

/**
 * The call of `entry` on zeros translated to `peer` (a scatter peer that starts from zeros), or
 * null when the call has no data, the peer takes data, or no translation exists on zeros either.
 */
export function onZeros(
  entry: OpEntry,
  args: CallArgs,
  peer: OpEntry,
  options: { readonly registry: readonly OpEntry[]; readonly namespaces: Readonly<Record<string, unknown>> },
): ZeroBased | null {
  if (args.data === undefined || entry.signature.kind !== 'scatter' || !startsFromZeros(peer)) return null;
  const { tensors: _given, ...plain } = args;
  let call: CoreCall;
  let translation: Translation;
  try {
    call = lowerCall(options.namespaces, entry, { ...plain, data: zero(args.data) });
    translation = translate(call, peer.framework as Parameters<typeof translate>[1], {
      registry: options.registry,
      namespaces: options.namespaces,
    });
  } catch (e) {
    // No translation on zeros either: the caller shows translate's own reason.
    if (!(e instanceof GatherScatterError)) throw e;
    return null;
  }
  return translation.op === peer.id ? { translation, result: execute(call) } : null;
}
