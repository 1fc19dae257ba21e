/** Small lowering helpers shared by the JAX ops (whole-tensor moves only; no element loops). */
import type { CoreCall, GatherCall } from '../../core/call.js';
import { DTypeError, GatherScatterError, fmt } from '../../errors.js';
import { type Scalar, encodeScalar } from '../../tensor/dtype.js';
import { type Tensor, zeros } from '../../tensor/tensor.js';
import { flag, normalizeAxis, scalar, tensorArg } from '../args.js';
import { jaxArray } from '../constructors.js';
import { InvalidArgumentError } from '../../errors.js';
import { type CallMeta, gatherCall } from '../families.js';

/**
 * A gather that returns the constant `t`: an empty index vector selects the one window covering
 * the whole operand. JAX returns such constants without gathering (take_along_axis from an
 * empty axis gives zeros of the result shape).
 */
export function constantGather(m: CallMeta, t: Tensor): GatherCall {
  const dn = {
    offset_dims: t.shape.map((_, d) => d),
    collapsed_slice_dims: [],
    start_index_map: [],
    index_vector_dim: 0,
    slice_sizes: t.shape,
  };
  return gatherCall(m, t, zeros([0], 'int32'), dn, {});
}

/**
 * An array-like argument (`jnp.take(x, 1)`): a Tensor, or a JS number, bigint or boolean, which
 * becomes the 0-d array JAX makes of a Python scalar (int32, float32, bool: no x64). An integer
 * outside int32 is JAX's OverflowError (`<op>.<name>`).
 */
export function arrayLikeArg(op: string, name: string, value: unknown): Tensor {
  const kind = typeof value;
  if (kind !== 'number' && kind !== 'bigint' && kind !== 'boolean') return tensorArg(op, name, value);
  const int = kind === 'bigint' || (kind === 'number' && Number.isInteger(value));
  const n = Number(value);
  if (int && (n < -(2 ** 31) || n > 2 ** 31 - 1))
    throw new InvalidArgumentError(
      `${op}.${name}`,
      `${op}: Python int ${String(value)} too large to convert to int32`,
      {
        [name]: String(value),
      },
    );
  return jaxArray(value as number | bigint | boolean);
}

/** Python-style axis canonicalization: [-rank, rank) → [0, rank), else an `<op>.axis` error in JAX's words. */
export function canonicalizeAxis(op: string, axis: unknown, rank: number): number {
  return normalizeAxis(op, axis, rank, {
    message: () => `${op}: axis ${fmt(axis)} is out of bounds for array of dimension ${rank}`,
  });
}

/**
 * `fill_value`: a static scalar (number, bigint, boolean) representable in the operand dtype
 * (JAX converts it to that dtype); `undefined`/`null` = the dtype's default.
 */
export function fillValue(op: string, operand: Tensor, fill: unknown): Scalar | undefined {
  if (fill === undefined || fill === null) return undefined;
  const v = scalar(op, 'fill_value', fill);
  orFail(
    () => encodeScalar(operand.dtype, v, op),
    () =>
      new DTypeError(
        `${op}.fill_value`,
        `${op}: fill_value must be a scalar representable in ${operand.dtype}; got ${fmt(v)}`,
        { fill_value: v },
      ),
  );
  return v;
}

/** The hints JAX passes to XLA, keyword arguments of every gather and scatter. */
export interface PromiseOptions {
  /** The caller's promise that the indices are sorted (a hint JAX passes to XLA); default false. */
  readonly indices_are_sorted?: boolean;
  /** The caller's promise that no index repeats (a hint JAX passes to XLA); default false. */
  readonly unique_indices?: boolean;
}

/** The promise flags JAX passes to XLA (`indices_are_sorted`, `unique_indices`), read strictly. */
export function promises(op: string, o: PromiseOptions) {
  return {
    indices_are_sorted: flag(op, 'indices_are_sorted', o.indices_are_sorted, false),
    unique_indices: flag(op, 'unique_indices', o.unique_indices, false),
  };
}

/** A builder's call with JAX's promise flags written into its dimension numbers (they reach `explain`). */
export function withPromises<C extends CoreCall>(
  call: C,
  p: { readonly indices_are_sorted: boolean; readonly unique_indices?: boolean },
): C {
  const unique = call.kind === 'gather' ? {} : { unique_indices: p.unique_indices };
  const dn = { ...call.dimension_numbers, indices_are_sorted: p.indices_are_sorted, ...unique };
  return { ...call, dimension_numbers: dn };
}

/** `f()`, or the error `fail` builds when f throws a typed error (shapes that do not broadcast). */
export function orFail<T>(f: () => T, fail: () => GatherScatterError): T {
  try {
    return f();
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    throw fail();
  }
}
