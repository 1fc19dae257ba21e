/**
 * How a framework op is called, in framework terms: which positional argument is the data, the
 * indices, the updates, an attribute; its addressing family, versions, example attributes. Each
 * framework states this beside its ops (its `SIGNATURES`); the registry (CLI, tables, explorer)
 * reads them from there, never from a second list.
 */
import type { DType } from '../tensor/dtype.js';

/** One positional parameter of a framework op. */
export type Param =
  | 'data' // the operand / input tensor
  | 'indices'
  | 'updates'
  | 'attrs' // the trailing keyword-arguments object (framework names)
  | 'version' // a trailing options object holding the version key, e.g. { opset: 13 }
  | { readonly attr: string } // an attribute passed positionally (torch `dim`, tf `shape`)
  | { readonly desc: Readonly<Record<'data' | 'indices' | 'updates', string>> }; // one descriptor object (DirectML)

/** Addressing family: ops of one family take the same inputs and are compared side by side. */
export type Family =
  | 'take'
  | 'elements'
  | 'nd'
  | 'general'
  | 'flat'
  | 'pick'
  | 'batch_take'
  | 'scatter_elements'
  | 'scatter_nd'
  | 'scatter_take'
  | 'scatter_general'
  | 'scatter_flat'
  // `x[i0, i1, …]` / `x[i0, i1, …] = v`: an index tuple (see OpSignature.indexTuple).
  | 'tuple'
  | 'scatter_tuple';

/** How a framework op is called, in framework terms. */
export interface OpSignature {
  readonly kind: 'gather' | 'scatter';
  readonly family: Family;
  readonly params: readonly Param[];
  /** Index dtype used when the caller does not choose one. */
  readonly indexDType?: DType;
  /** The version key and the versions that change behaviour (first = default shown). */
  readonly version?: { readonly key: string; readonly values: readonly (number | string)[] };
  /** Framework attribute names of the canonical `axis` / `batch_dims` (when they differ). */
  readonly aliases?: { readonly axis?: string; readonly batch_dims?: string };
  /**
   * Example attribute values the explorer's editor and the probes start from. Never applied
   * implicitly: what a call omits takes the frontend's own default, as in the framework.
   */
  readonly example?: Readonly<Record<string, unknown>>;
  /** Values of the `mode` attribute, default first (probed one by one by the tables). */
  readonly modes?: readonly string[];
  /** Why the behaviour probes (3×3 row selections) do not apply to this op, if they do not. */
  readonly noProbe?: string;
  /** `first`: index vectors run along the first indices dim (MXNet), not the last. */
  readonly indexVector?: 'first' | 'last';
  /**
   * The op takes an index tuple (a JS array of tensors, `x[i0, i1]`): `indices` holds its arrays
   * stacked along the first dim and is passed unstacked.
   */
  readonly indexTuple?: boolean;
}

/** A gather's signature. */
export const G = (
  family: Family,
  params: readonly Param[],
  rest: Partial<OpSignature> = {},
): OpSignature => ({
  kind: 'gather',
  family,
  params,
  ...rest,
});
/** A scatter's signature. */
export const S = (
  family: Family,
  params: readonly Param[],
  rest: Partial<OpSignature> = {},
): OpSignature => ({
  kind: 'scatter',
  family,
  params,
  ...rest,
});
/** `(data, indices, attrs)`, the most common parameter list. */
export const DIA: readonly Param[] = ['data', 'indices', 'attrs'];
export const DIUA: readonly Param[] = ['data', 'indices', 'updates', 'attrs'];

/** A framework's signatures, keyed by op name as its namespace spells it (`Gather`, `lax.gather`). */
export type Signatures = Readonly<Record<string, OpSignature>>;
