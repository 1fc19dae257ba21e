/**
 * MLIR `tensor.gather` and `tensor.scatter` (mlir/include/mlir/Dialect/Tensor/IR/TensorOps.td,
 * verifiers in TensorOps.cpp), with the dialect's attribute names (`gather_dims`,
 * `scatter_dims`, `unique`). Indices are AoS: the last dim of `indices` holds one coordinate
 * per listed dim. Each verifier rule is a named error `mlir.tensor.<op>.<rule>`.
 *
 * Out-of-bounds coordinates are undefined behaviour in MLIR; here they are an error by default
 * (`out_of_bounds` in MLIR_POLICY). `unique` on gather is a promise with no effect on the
 * result; on scatter it is required, and a broken promise is an error by default.
 *
 * Element types: `source` / `dest` are AnyRankedTensor, so `complex<f32>` / `complex<f64>`
 * tensors gather and scatter like any other (elements copied whole; no arithmetic).
 */
import { fail } from '../../core/validate.js';
import { fmt } from '../../errors.js';
import type { DType } from '../../tensor/dtype.js';
import type { Tensor } from '../../tensor/tensor.js';
import { flag, integers, oneOf, options, outArg, range, tensorArg } from '../args.js';
import { dtypeRule, runs } from '../checks.js';
import { gatherCall, scatterCall, scatterDimsOf } from '../families.js';
import { DIA, type FrameworkDescription, G, S, type Signatures } from '../signature.js';
import type { LoweredGather, LoweredScatter } from '../lowered.js';

/** Policies for what MLIR leaves undefined. */
export const MLIR_POLICY = {
  /** Out-of-bounds coordinates (undefined behaviour in MLIR). */
  out_of_bounds: {
    /** The policy when none is given. */
    default: 'error',
    /** tensor.gather: `error` or `clamp`. */
    gather: {
      /** An out-of-bounds coordinate is an error. */
      error: 'error',
      /** Coordinates are clamped into the dim. */
      clamp: 'clip',
    },
    /** tensor.scatter: `error` or `skip`. */
    scatter: {
      /** An out-of-bounds coordinate is an error. */
      error: 'error',
      /** The update at an out-of-bounds coordinate is dropped. */
      skip: 'skip',
    },
  },
  /** A broken `unique` on tensor.scatter (repeated coordinates). */
  duplicates: {
    /** The policy when none is given. */
    default: 'error',
    /** A repeated coordinate is an error. */
    error: 'error',
    /** Updates are applied in order; the last one wins. */
    last: 'apply',
  },
  /** A negative coordinate is out of bounds. */
  negative_indices: 'out_of_bounds',
} as const;

const OOB = { gather: ['error', 'clamp'], scatter: ['error', 'skip'] } as const;
const DUPLICATES = ['error', 'last'] as const;
const GATHER_KEYS = ['gather_dims', 'unique', 'rank_reduced', 'result_shape', 'out_of_bounds', 'out'];
const SCATTER_KEYS = ['scatter_dims', 'unique', 'out_of_bounds', 'duplicates', 'out'];

/** `tensor.gather` attributes plus our policy. */
export interface MlirGatherAttributes {
  /** The source dims the last dim of `indices` holds coordinates for (strictly increasing). */
  readonly gather_dims: readonly number[];
  /** A promise that no coordinate repeats; no effect on the result. Default false. */
  readonly unique?: boolean;
  /** Return the rank-reduced result (gathered dims dropped) instead of keeping them as 1s. */
  readonly rank_reduced?: boolean;
  /** The op's declared result shape, verified against both allowed forms (and picks the form). */
  readonly result_shape?: readonly number[];
  /** What an out-of-range coordinate does (UB in MLIR): `error` (default) or `clamp`. */
  readonly out_of_bounds?: 'error' | 'clamp';
  /** Where the result goes: the declared result shape (rank-preserving or reduced), source's dtype. */
  readonly out?: Tensor;
}

/** `tensor.scatter` attributes plus our policies. */
export interface MlirScatterAttributes {
  /** The dest dims the last dim of `indices` holds coordinates for (strictly increasing). */
  readonly scatter_dims: readonly number[];
  /** Required by the verifier (only unique scatters exist). */
  readonly unique: boolean;
  /** Out-of-range coordinates (UB in MLIR): `error` (default) or `skip`. */
  readonly out_of_bounds?: 'error' | 'skip';
  /** A broken `unique` promise (UB in MLIR): `error` (default) or `last`. */
  readonly duplicates?: 'error' | 'last';
  /** Where the result goes (dest's shape and dtype); `out: dest` updates dest in place. */
  readonly out?: Tensor;
}

// AnySignlessIntegerOrIndex: i8…i64 and `index` (read as signed); unsigned `ui*` types are not signless.
const SIGNLESS_INDEX_TYPES: readonly DType[] = ['int8', 'int16', 'int32', 'int64'];

/** The indices' element type, then verifyGatherOrScatterDims, one code per diagnostic. */
function verifyDims(
  op: string,
  name: 'gather_dims' | 'scatter_dims',
  value: unknown,
  indices: Tensor,
  rank: number,
): readonly number[] {
  if (!SIGNLESS_INDEX_TYPES.includes(indices.dtype)) {
    const types = 'signless integer or index (i8, i16, i32, i64)';
    dtypeRule(
      `${op}.indices_type`,
      `${op}: indices must be a ranked tensor of ${types}; got ${indices.dtype}`,
      indices,
    );
  }
  const indicesShape = indices.shape;
  const what = name === 'gather_dims' ? 'source' : 'dest';
  const dims = integers(op, name, value);
  if (dims.length === 0) fail(`${op}.${name}_empty`, `${op}: ${name} must be non-empty`);
  if (dims.length > rank)
    fail(`${op}.${name}_overflow`, `${op}: ${name} overflow ${what} rank ${rank}; got ${fmt(dims)}`);
  if (indicesShape.length === 0 || indicesShape[indicesShape.length - 1] !== dims.length)
    fail(
      `${op}.${name}_length`,
      `${op}: ${name} length must match the size of last dimension of indices; got ${dims.length} and indices ${fmt(indicesShape)}`,
    );
  for (const d of dims) {
    if (d < 0) fail(`${op}.${name}_negative`, `${op}: ${name} value must be non-negative; got ${fmt(dims)}`);
    if (d >= rank)
      fail(
        `${op}.${name}_range`,
        `${op}: ${name} value must be smaller than ${what} rank ${rank}; got ${fmt(dims)}`,
      );
  }
  for (let i = 1; i < dims.length; i++)
    if (dims[i - 1] >= dims[i])
      fail(`${op}.${name}_increasing`, `${op}: ${name} values must be strictly increasing; got ${fmt(dims)}`);
  return dims;
}

/**
 * GatherOp::inferResultType: indices.shape[:-1] + source.shape with dims set to 1 (or dropped).
 * A shape or dims that is no integer array, or a `rankReduced` that is no boolean, is rule
 * `mlir.tensor.inferResultShape.arguments`.
 */
export function inferResultShape(
  sourceShape: readonly number[],
  indicesShape: readonly number[],
  dims: readonly number[],
  rankReduced: boolean,
): number[] {
  return resultShape(
    inferArgument('sourceShape', sourceShape),
    inferArgument('indicesShape', indicesShape),
    inferArgument('dims', dims),
    flag(INFER, 'rankReduced', rankReduced, false, 'mlir.tensor.inferResultShape.arguments'),
  );
}

const INFER = 'mlir.tensor.inferResultShape';
/** One shape-like argument of inferResultShape: every junk value has the one code. */
const inferArgument = (name: string, value: unknown): number[] =>
  integers(INFER, name, value, 'mlir.tensor.inferResultShape.arguments');

/** inferResultShape on checked arguments (the verifiers' own path). */
function resultShape(
  sourceShape: readonly number[],
  indicesShape: readonly number[],
  dims: readonly number[],
  rankReduced: boolean,
): number[] {
  const tail = sourceShape.flatMap((d, i) => (dims.includes(i) ? (rankReduced ? [] : [1]) : [d]));
  return [...indicesShape.slice(0, -1), ...tail];
}

/** The two forms the verifiers allow (rank-preserving, rank-reduced), a test for a shape and their words. */
function resultForms(shape: readonly number[], indicesShape: readonly number[], dims: readonly number[]) {
  const full = resultShape(shape, indicesShape, dims, false);
  const reduced = resultShape(shape, indicesShape, dims, true);
  const allows = (got: string) => got === fmt(full) || got === fmt(reduced);
  return {
    full,
    reduced,
    allows,
    expected: `expected ${fmt(full)} or its rank-reduced variant ${fmt(reduced)}`,
  };
}

/**
 * Both ops' layout: `dims` are indexed by the last dim of the rank-q indices and collapsed; the
 * window dims (the rank - k kept dims of the rank-reduced form) follow the q - 1 index batch dims.
 */
function layout(rank: number, dims: readonly number[], q: number) {
  const offset_dims = range(q - 1, q - 1 + rank - dims.length);
  return { offset_dims, collapsed_slice_dims: dims, start_index_map: dims, index_vector_dim: q - 1 };
}

/**
 * `tensor.gather %source[%indices] gather_dims(G)`: a general gather of the rank-reduced form,
 * reshaped to the rank-preserving form unless `rank_reduced`.
 *
 *   result[b..., s...] = source[s with s[G[j]] := indices[b..., j]]   (s[G] spans size 1, or is dropped)
 *
 * Shape: indices.shape[:-1] + source.shape with G set to 1 (rank-reduced: G removed).
 * Rules: source, indices (Tensors), options (attribute names), gather_dims (integers),
 * gather_dims_empty, _overflow, _length, _negative, _range, _increasing, unique, rank_reduced,
 * indices_type, result_type, out_of_bounds_policy, out_of_bounds (runtime, policy).
 */
function lowerGather(
  source: Tensor,
  indices: Tensor,
  attributes: MlirGatherAttributes,
): LoweredGather<'mlir.tensor.gather'> {
  const op = 'mlir.tensor.gather';
  const src = tensorArg(op, 'source', source);
  const idx = tensorArg(op, 'indices', indices);
  const a = options(op, attributes, GATHER_KEYS, 'options', 'attributes');
  const r = src.rank;
  const G = verifyDims(op, 'gather_dims', a.gather_dims, idx, r);
  flag(op, 'unique', a.unique, false); // a promise with no effect on a gather
  let rankReduced = flag(op, 'rank_reduced', a.rank_reduced, false);
  const { full, reduced, allows, expected } = resultForms(src.shape, idx.shape, G);
  if (a.result_shape !== undefined) {
    const got = fmt(integers(op, 'result_shape', a.result_shape, `${op}.result_type`));
    if (!allows(got)) fail(`${op}.result_type`, `${op}: result type mismatch: ${expected} (got: ${got})`);
    rankReduced = got === fmt(reduced);
  }
  const oob = oneOf(op, 'out_of_bounds', a.out_of_bounds, OOB.gather, 'error', `${op}.out_of_bounds_policy`);
  const meta = { op, out: outArg(op, a.out), ...(rankReduced ? {} : { reshape: full }) };
  const dims = { ...layout(r, G, idx.rank), slice_sizes: src.shape.map((d, i) => (G.includes(i) ? 1 : d)) };
  const policy = {
    mode: MLIR_POLICY.out_of_bounds.gather[oob],
    negative_indices: MLIR_POLICY.negative_indices,
    oob_code: `${op}.index_out_of_bounds`,
  };
  return gatherCall(meta, src, idx, dims, policy);
}

/**
 * `tensor.scatter %source into %dest[%indices] scatter_dims(S) unique`: a general scatter of
 * `source` read in its rank-reduced form.
 *
 *   result = dest;  result[s with s[S[j]] := indices[b..., j]] = source[b..., s...]
 *
 * Shape: result = dest; source = indices.shape[:-1] + dest.shape with S set to 1 (or removed).
 * Rules: source, dest, indices (Tensors), options (attribute names), scatter_dims (integers),
 * scatter_dims_empty, _overflow, _length, _negative, _range, _increasing, indices_type, unique
 * (attribute required), source_type (shape or element type), out_of_bounds_policy,
 * duplicates_policy, out_of_bounds and unique_violated (runtime, policies).
 */
function lowerScatter(
  source: Tensor,
  dest: Tensor,
  indices: Tensor,
  attributes: MlirScatterAttributes,
): LoweredScatter<'mlir.tensor.scatter'> {
  const op = 'mlir.tensor.scatter';
  const src = tensorArg(op, 'source', source);
  const dst = tensorArg(op, 'dest', dest);
  const idx = tensorArg(op, 'indices', indices);
  const a = options(op, attributes, SCATTER_KEYS, 'options', 'attributes');
  const r = dst.rank;
  const S = verifyDims(op, 'scatter_dims', a.scatter_dims, idx, r);
  if (!flag(op, 'unique', a.unique, false))
    fail(`${op}.unique`, `${op}: requires 'unique' attribute to be set`);
  const { reduced, allows, expected } = resultForms(dst.shape, idx.shape, S);
  const got = fmt(src.shape);
  if (!allows(got) || src.dtype !== dst.dtype) {
    const message = `${op}: source type mismatch: ${expected} of ${dst.dtype} (got: ${got} of ${src.dtype})`;
    fail(`${op}.source_type`, message);
  }
  const oob = oneOf(op, 'out_of_bounds', a.out_of_bounds, OOB.scatter, 'error', `${op}.out_of_bounds_policy`);
  const dup = oneOf(op, 'duplicates', a.duplicates, DUPLICATES, 'error', `${op}.duplicates_policy`);
  const meta = {
    op,
    out: outArg(op, a.out),
    ...(src.rank === reduced.length ? {} : { updates_shape: src.shape }),
  };
  const updates = src.reshape(reduced);
  const dims = { ...scatterDimsOf(layout(r, S, idx.rank)), unique_indices: true };
  const policy = {
    mode: MLIR_POLICY.out_of_bounds.scatter[oob],
    negative_indices: MLIR_POLICY.negative_indices,
    duplicates: MLIR_POLICY.duplicates[dup],
    oob_code: `${op}.index_out_of_bounds`,
    duplicate_code: `${op}.unique_violated`,
  };
  return scatterCall(meta, dst, idx, updates, dims, 'replace', policy);
}

/**
 * `tensor.gather`.
 * @example mlir.tensor.gather(tensor([[1, 2], [3, 4]], 'float32'), tensor([[1]], 'int64'), { gather_dims: [0] })
 *   // shape [1, 1, 2]: [[[3, 4]]]
 */
export const gather = runs(lowerGather);
/**
 * `tensor.scatter`.
 * @example mlir.tensor.scatter(tensor([[9, 9]], 'float32'), zeros([2, 2], 'float32'), tensor([[1]], 'int64'), { scatter_dims: [0], unique: true })
 *   // [[0, 0], [9, 9]]
 */
export const scatter = runs(lowerScatter, 1);

/** The lowerings, by op name (`mlir.lower.tensor`). */
export const lower = { gather: lowerGather, scatter: lowerScatter } as const;

/**
 * MLIR's names (`tensor.gather %source[%indices]`, `tensor.scatter %source into %dest[%indices]`).
 *
 * @internal
 */
export const DESCRIPTION: FrameworkDescription = {
  words: { operand: 'source', indices: 'indices', updates: 'source', result: 'result', target: 'dest' },
  notation: 'tuple',
};

/**
 * How each MLIR tensor-dialect op is called.
 *
 * @internal
 */
export const SIGNATURES: Signatures = {
  'tensor.gather': G('general', DIA, { example: { gather_dims: [0], unique: false } }),
  'tensor.scatter': S('scatter_general', ['updates', 'data', 'indices', 'attrs'], {
    words: { operand: 'dest' },
    example: { scatter_dims: [0], unique: true },
  }),
};
