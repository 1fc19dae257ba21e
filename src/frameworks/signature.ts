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
  /**
   * Where this op's documentation names its tensors otherwise than the framework's
   * {@link FrameworkDescription.words} (torch.index_add's `source`, numpy.put's `ind` and `v`).
   */
  readonly words?: Partial<TensorWords>;
}

/**
 * A framework's names for the tensors of a call, as its documentation writes them. The names of
 * the inputs are also the keyword names its Python functions take (`torch.gather(input=…,
 * index=…)`), so the paste parser reads keyword arguments by them.
 */
export interface TensorWords {
  /** The tensor read from (gather) or written into (scatter), as a keyword: torch `input`. */
  readonly operand: string;
  readonly indices: string;
  /** A scatter's values written: torch `src`, NumPy `values`. */
  readonly updates: string;
  /** A gather's result, as the docs' formula names it: torch `out`, ONNX `output`. */
  readonly result: string;
  /** A scatter's result, as the docs' formula names the tensor written into: torch `self`. */
  readonly target: string;
}

/** How a framework's own code builds a tensor from Python literals, and the dtypes it picks. */
export interface Constructors {
  /** The module the builders live in, spelled as the paste parser canonicalises it (`jax.numpy`). */
  readonly module: string;
  /** The module's prefix in code written for the framework (`np`, `jnp`). */
  readonly prefix: string;
  /**
   * The constructors of values (first: the one written code uses), each with the dtype it always
   * makes, or null when the values decide (`torch.LongTensor` is always int64).
   */
  readonly names: Readonly<Record<string, DType | null>>;
  /** The dtypes the values decide: Python ints, floats and complex numbers. */
  readonly dtypes: { readonly int: DType; readonly float: DType; readonly complex: DType };
}

/** What a framework says about all its ops at once, stated beside its `SIGNATURES`. */
export interface FrameworkDescription {
  /** The tensors' names in the framework's documentation (an op may override them). */
  readonly words: TensorWords;
  /** `nested`: the docs index element by element (`out[i][j]`); `tuple`: by tuple (`out[i, j]`). */
  readonly notation: 'nested' | 'tuple';
  /** Frameworks with Python constructors (NumPy, PyTorch, TensorFlow, JAX). */
  readonly constructors?: Constructors;
  /**
   * Lowerings that are no registry row (CLI, tables), each with why: their call is not
   * (data, indices[, updates], …) — an index tuple, a callback. Every other lowering has a signature.
   */
  readonly unlisted?: Readonly<Record<string, string>>;
}

/**
 * A NumPy-style module's description (NumPy, jax.numpy): tuple notation, and `array` / `asarray`
 * constructors whose dtypes the values decide, as `dtypes` says; `unlisted` as its description's.
 */
export function numpyStyle(
  words: TensorWords,
  module: string,
  prefix: string,
  dtypes: Constructors['dtypes'],
  unlisted: FrameworkDescription['unlisted'],
): FrameworkDescription {
  return {
    words,
    notation: 'tuple',
    constructors: { module, prefix, names: { array: null, asarray: null }, dtypes },
    unlisted,
  };
}

/** The names an op's documentation gives its tensors: the framework's, with the op's own over them. */
export function opWords(description: FrameworkDescription, signature: OpSignature): TensorWords {
  return signature.words ? { ...description.words, ...signature.words } : description.words;
}

const signatureOf =
  (kind: OpSignature['kind']) =>
  (family: Family, params: readonly Param[], rest: Partial<OpSignature> = {}): OpSignature => ({
    kind,
    family,
    params,
    ...rest,
  });
/** A gather's signature. */
export const G = signatureOf('gather');
/** A scatter's signature. */
export const S = signatureOf('scatter');
/** `(data, indices, attrs)`, the most common parameter list. */
export const DIA: readonly Param[] = ['data', 'indices', 'attrs'];
export const DIUA: readonly Param[] = ['data', 'indices', 'updates', 'attrs'];

/** A framework's signatures, keyed by op name as its namespace spells it (`Gather`, `lax.gather`). */
export type Signatures = Readonly<Record<string, OpSignature>>;
