/**
 * The reference evaluator of StableHLO gather and scatter: the spec's index formulas, one element
 * at a time, with no plans, strides or runs. The fast core is property-tested against the tensor
 * evaluators ({@link referenceGather}, {@link referenceScatter}); the explorer's derivation shows
 * the intermediate values of {@link elementIndex} step by step. One evaluator for both, so a
 * picture and a test can never read the spec differently.
 *
 *   batch_index         = space[dims that are not window dims]
 *   start_index         = indices[batch_index with index_vector_dim = :]
 *   full_start_index    = start_index scattered by start_index_map (0 elsewhere)
 *   policy              = negatives from the end, then clamp / wrap / fill / drop / skip / error
 *   full_batching_index = batch_index[indices_batching_dims] at operand_batching_dims
 *   full_window_index   = space[window dims] at the operand's window dims
 *   operand_index       = full_start_index + full_batching_index + full_window_index
 *
 * Index policies (the library's extension) follow their documented definitions literally.
 */
import type { IndexMapSpec } from '../core/index-map.js';
import type { TraceStatus } from '../core/trace.js';
import type { GatherDimensionNumbers, ScatterDimensionNumbers } from '../core/types.js';
import { IndexOutOfBoundsError, InvalidArgumentError } from '../errors.js';
import { type DType, decodeScalar, defaultFillValue, encodeScalar, type Scalar } from '../tensor/dtype.js';
import { type Tensor, zeros } from '../tensor/tensor.js';

/** The dimension numbers of one call, in the words both ops share (the core's IndexMapSpec). */
export type ReferenceSpec = Omit<IndexMapSpec, 'op'>;

/** What an out-of-range start does: clamp, wrap, invalidate the window, skip per element, raise. */
export type OutOfBoundsRule = 'clip' | 'invalid' | 'partial' | 'error' | 'wrap';

export interface ReferencePolicy {
  readonly oob: OutOfBoundsRule;
  /** Negative starts count from the end of their dimension first. */
  readonly fromEnd: boolean;
}

/** Every intermediate of one element's index, in the spec's order. */
export interface ElementIndex {
  /** The indices dims other than the index vector dim, and the element's position over them. */
  readonly batchDims: readonly number[];
  readonly batchIndex: readonly number[];
  /** Row-major batch position (which index vector the element uses). */
  readonly batch: number;
  /** Positions in the indices tensor of the index vector's components, and their values. */
  readonly positions: readonly (readonly number[])[];
  readonly raw: readonly (number | bigint)[];
  /** full_start_index as read (±Infinity beyond ±2^53). */
  readonly mapped: readonly number[];
  /** Dims a negative start was counted from the end in, and the start after that. */
  readonly fromEndDims: readonly number[];
  readonly afterNegative: readonly number[];
  /** Indexed dims whose start lies outside [0, dim − window]. */
  readonly outOfRange: readonly number[];
  /** full_start_index after the policy. */
  readonly start: readonly number[];
  readonly batching: readonly number[];
  /** The operand's window dims, and full_window_index. */
  readonly windowDims: readonly number[];
  readonly window: readonly number[];
  readonly full: readonly number[];
  /** The operand element reached, or null (filled, dropped, skipped, error). */
  readonly operand: readonly number[] | null;
  readonly status: TraceStatus;
}

export function ravel(idx: readonly number[], shape: readonly number[]): number {
  let off = 0;
  for (let d = 0; d < shape.length; d++) off = off * shape[d] + idx[d];
  return off;
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const toNumber = (v: bigint) =>
  v > SAFE ? Number.POSITIVE_INFINITY : v < -SAFE ? Number.NEGATIVE_INFINITY : Number(v);
/** A skipped window's start, kept finite so that start + window stays outside, never NaN. */
const toFinite = (v: bigint) => Number(v > SAFE ? SAFE : v < -SAFE ? -SAFE : v);

/** The batch index, and the index vector it reads (positions and values). */
function readStart(
  spec: ReferenceSpec,
  space: readonly number[],
  read: (p: readonly number[]) => number | bigint,
) {
  const ivd = spec.indexVectorDim;
  const batchDims = spec.indicesShape.map((_, d) => d).filter((d) => d !== ivd);
  const batchIndex = space.filter((_, d) => !spec.windowSpaceDims.includes(d));
  const batch = ravel(
    batchIndex,
    batchDims.map((d) => spec.indicesShape[d]),
  );
  const positions: number[][] = [];
  for (let k = 0; k < spec.startIndexMap.length; k++)
    positions.push(
      ivd < spec.indicesShape.length
        ? [...batchIndex.slice(0, ivd), k, ...batchIndex.slice(ivd)]
        : [...batchIndex],
    );
  return { batchDims, batchIndex, batch, positions, raw: positions.map(read) };
}

/** The policy on the exact (bigint) starts; `dead` when the whole window is filled, dropped or an error. */
function applyPolicy(
  kind: 'gather' | 'scatter',
  spec: ReferenceSpec,
  policy: ReferencePolicy,
  exact: bigint[],
) {
  const limit = (d: number) => BigInt(spec.operandShape[d] - spec.windowSizes[d]);
  const outOfRange = spec.startIndexMap.filter((d) => exact[d] < 0n || exact[d] > limit(d));
  let status: TraceStatus | null = null;
  let dead = false;
  for (const d of outOfRange) {
    const r = limit(d) + 1n;
    if (policy.oob === 'clip') exact[d] = exact[d] < 0n ? 0n : limit(d);
    else if (policy.oob === 'wrap' && r > 0n) exact[d] = ((exact[d] % r) + r) % r;
    else if (policy.oob !== 'partial') dead = true;
  }
  if (outOfRange.length)
    status =
      policy.oob === 'clip'
        ? 'clamped'
        : policy.oob === 'wrap' && !dead
          ? 'wrapped'
          : policy.oob === 'error'
            ? 'error'
            : policy.oob === 'partial'
              ? null
              : kind === 'gather'
                ? 'filled'
                : 'dropped';
  return { outOfRange, status, dead };
}

/**
 * Evaluates one element: `space` is the gather result index (before any final reshape) or the
 * scatter update index; `read` reads the indices tensor at a multi-index.
 */
export function elementIndex(
  kind: 'gather' | 'scatter',
  spec: ReferenceSpec,
  policy: ReferencePolicy,
  space: readonly number[],
  read: (position: readonly number[]) => number | bigint,
): ElementIndex {
  const rankO = spec.operandShape.length;
  const { batchDims, batchIndex, batch, positions, raw } = readStart(spec, space, read);
  const exact: bigint[] = new Array(rankO).fill(0n);
  spec.startIndexMap.forEach((d, k) => {
    exact[d] = BigInt(raw[k]);
  });
  const mapped = exact.map(toNumber);
  const fromEndDims = policy.fromEnd ? spec.startIndexMap.filter((d) => exact[d] < 0n) : [];
  for (const d of fromEndDims) exact[d] += BigInt(spec.operandShape[d]);
  const afterNegative = exact.map(toNumber);
  const { outOfRange, status: policyStatus, dead } = applyPolicy(kind, spec, policy, exact);
  const start = exact.map(toFinite);
  const batching: number[] = new Array(rankO).fill(0);
  spec.operandBatchingDims.forEach((od, i) => {
    batching[od] = batchIndex[batchDims.indexOf(spec.indicesBatchingDims[i])];
  });
  const windowDims = spec.operandShape
    .map((_, d) => d)
    .filter((d) => !spec.collapsedDims.includes(d) && !spec.operandBatchingDims.includes(d));
  const window: number[] = new Array(rankO).fill(0);
  windowDims.forEach((od, j) => {
    window[od] = space[spec.windowSpaceDims[j]];
  });
  const full = start.map((v, d) => v + batching[d] + window[d]);
  let status: TraceStatus = policyStatus ?? (fromEndDims.length ? 'from_end' : 'in_bounds');
  let operand: number[] | null = dead ? null : full;
  if (!dead && outOfRange.length && policy.oob === 'partial') {
    const inside = full.every((v, d) => v >= 0 && v < spec.operandShape[d]);
    status = inside ? 'in_bounds' : 'skipped';
    if (!inside) operand = null;
  }
  return {
    batchDims,
    batchIndex,
    batch,
    positions,
    raw,
    mapped,
    fromEndDims,
    afterNegative,
    outOfRange,
    start,
    batching,
    windowDims,
    window,
    full,
    operand,
    status,
  };
}

/** Index policies by mode name, as documented per op (promise_in_bounds: gather clamps, scatter drops). */
const RULES: Record<'gather' | 'scatter', Readonly<Record<string, OutOfBoundsRule>>> = {
  gather: { clip: 'clip', promise_in_bounds: 'clip', fill: 'invalid', wrap: 'wrap', error: 'error' },
  scatter: {
    clip: 'clip',
    wrap: 'wrap',
    drop: 'invalid',
    promise_in_bounds: 'invalid',
    skip: 'partial',
    error: 'error',
  },
};

/** A mode name with its optional fill value and negative-index reading. */
export interface ReferenceMode {
  readonly mode: string;
  readonly fromEnd?: boolean;
  readonly fill?: Scalar;
}

function ruleOf(kind: 'gather' | 'scatter', m: ReferenceMode): ReferencePolicy {
  const oob = RULES[kind][m.mode];
  if (!oob)
    throw new InvalidArgumentError(
      'reference.mode',
      `reference ${kind}: unknown mode ${JSON.stringify(m.mode)}; expected one of ${Object.keys(RULES[kind]).join(', ')}`,
      { mode: m.mode },
    );
  return { oob, fromEnd: m.fromEnd === true };
}

function* indexSpace(shape: readonly number[]): Generator<number[]> {
  const n = shape.reduce((a, b) => a * b, 1);
  const idx = shape.map(() => 0);
  for (let i = 0; i < n; i++) {
    yield [...idx];
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
}

const reader = (t: Tensor) => (p: readonly number[]) =>
  (t.data as ArrayLike<number | bigint>)[ravel(p, t.shape)];

function refuse(op: string, e: ElementIndex): never {
  throw new IndexOutOfBoundsError(
    'reference.index_out_of_bounds',
    `reference ${op}: start index out of bounds`,
    {
      position: e.positions[0] ?? [],
    },
  );
}

/** StableHLO gather, element by element. */
export function referenceGather(
  operand: Tensor,
  indices: Tensor,
  dn: GatherDimensionNumbers,
  m: ReferenceMode,
): Tensor {
  const ivd = dn.index_vector_dim;
  const obd = dn.operand_batching_dims ?? [];
  const batchSizes = indices.shape.filter((_, d) => d !== ivd);
  const offsetSizes = dn.slice_sizes.filter(
    (_, d) => !dn.collapsed_slice_dims.includes(d) && !obd.includes(d),
  );
  const resultShape: number[] = [];
  for (let d = 0, b = 0, o = 0; d < batchSizes.length + offsetSizes.length; d++)
    resultShape.push(dn.offset_dims.includes(d) ? offsetSizes[o++] : batchSizes[b++]);
  const spec: ReferenceSpec = {
    spaceShape: resultShape,
    windowSpaceDims: dn.offset_dims,
    operandShape: operand.shape,
    windowSizes: dn.slice_sizes,
    collapsedDims: dn.collapsed_slice_dims,
    operandBatchingDims: obd,
    indicesBatchingDims: dn.start_indices_batching_dims ?? [],
    indicesShape: indices.shape,
    indexVectorDim: ivd,
    startIndexMap: dn.start_index_map,
  };
  const policy = ruleOf('gather', m);
  const fill = encodeScalar(operand.dtype, m.fill ?? defaultFillValue(operand.dtype));
  const result = zeros(resultShape, operand.dtype);
  const out = result.data as unknown as (number | bigint)[];
  const data = operand.data as unknown as (number | bigint)[];
  for (const ri of indexSpace(resultShape)) {
    const e = elementIndex('gather', spec, policy, ri, reader(indices));
    if (e.status === 'error') refuse('gather', e);
    out[ravel(ri, resultShape)] = e.operand ? data[ravel(e.operand, operand.shape)] : fill;
  }
  return result;
}

/** StableHLO scatter, element by element, combining with `reducer` in update order. */
export function referenceScatter(
  input: Tensor,
  indices: Tensor,
  updates: Tensor,
  dn: ScatterDimensionNumbers,
  reducer: string,
  m: ReferenceMode,
): Tensor {
  const ibd = dn.input_batching_dims ?? [];
  const windowInputDims = input.shape
    .map((_, d) => d)
    .filter((d) => !dn.inserted_window_dims.includes(d) && !ibd.includes(d));
  const windowSizes = input.shape.map(() => 1);
  dn.update_window_dims.forEach((ud, i) => {
    windowSizes[windowInputDims[i]] = updates.shape[ud];
  });
  const spec: ReferenceSpec = {
    spaceShape: updates.shape,
    windowSpaceDims: dn.update_window_dims,
    operandShape: input.shape,
    windowSizes,
    collapsedDims: dn.inserted_window_dims,
    operandBatchingDims: ibd,
    indicesBatchingDims: dn.scatter_indices_batching_dims ?? [],
    indicesShape: indices.shape,
    indexVectorDim: dn.index_vector_dim,
    startIndexMap: dn.scatter_dims_to_operand_dims,
  };
  const policy = ruleOf('scatter', m);
  const result = input.clone();
  const out = result.data as unknown as (number | bigint)[];
  const upd = updates.data as unknown as (number | bigint)[];
  for (const ui of indexSpace(updates.shape)) {
    const e = elementIndex('scatter', spec, policy, ui, reader(indices));
    if (e.status === 'error') refuse('scatter', e);
    // The spec skips update elements whose full index falls outside the input.
    if (!e.operand || e.operand.some((v, d) => v < 0 || v >= input.shape[d])) continue;
    const t = ravel(e.operand, input.shape);
    out[t] = refCombine(input.dtype, reducer, out[t], upd[ravel(ui, updates.shape)]);
  }
  return result;
}

/** Elementwise reference arithmetic on stored values, with the dtype's wrap-around and rounding. */
export function refCombine(
  dtype: DType,
  reducer: string,
  a: number | bigint,
  b: number | bigint,
): number | bigint {
  if (reducer === 'replace') return b;
  const x = decodeScalar(dtype, a);
  const y = decodeScalar(dtype, b);
  if (dtype === 'bool')
    return encodeScalar(
      'bool',
      reducer === 'add' || reducer === 'max' ? Boolean(x) || Boolean(y) : Boolean(x) && Boolean(y),
    );
  if (typeof x === 'bigint' && typeof y === 'bigint') {
    const w = (v: bigint) => (dtype === 'int64' ? BigInt.asIntN(64, v) : BigInt.asUintN(64, v));
    return { add: w(x + y), sub: w(x - y), mul: w(x * y), min: x < y ? x : y, max: x > y ? x : y }[
      reducer as 'add'
    ];
  }
  const p = x as number;
  const q = y as number;
  if (dtype.startsWith('float') || dtype === 'bfloat16')
    return encodeScalar(
      dtype,
      { add: p + q, sub: p - q, mul: p * q, min: Math.min(p, q), max: Math.max(p, q) }[reducer as 'add'],
    );
  const bits = { int8: 8, int16: 16, int32: 32, uint8: 8, uint16: 16, uint32: 32 }[dtype as 'int8'];
  const big = {
    add: BigInt(p) + BigInt(q),
    sub: BigInt(p) - BigInt(q),
    mul: BigInt(p) * BigInt(q),
    min: BigInt(Math.min(p, q)),
    max: BigInt(Math.max(p, q)),
  }[reducer as 'add'];
  return Number(dtype.startsWith('int') ? BigInt.asIntN(bits, big) : BigInt.asUintN(bits, big));
}
