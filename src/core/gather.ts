/**
 * The general gather: StableHLO `gather` semantics (batching dims included) plus the index
 * policies of the frameworks.
 *
 *   result[result_index] = operand[full_start_index + full_batching_index + full_offset_index]
 *
 * Compile once with `compileGather` (validation, strides, runs), run many times.
 */
import { DTypeError, InvalidArgumentError, fmt } from '../errors.js';
import {
  type DType,
  type Scalar,
  allocStorage,
  byteSize,
  defaultFillValue,
  isInteger,
} from '../tensor/dtype.js';
import { Tensor, checkTensor, checkedSize, resultTensor } from '../tensor/tensor.js';
import { callerPosition, outOfBoundsError } from './call-errors.js';
import { checkOut } from './validate.js';
import { type GatherShapeInfo, gatherShape } from './gather-shape.js';
import {
  IndexMap,
  type IndexMapSpec,
  type IndexSource,
  type ResolvedPolicy,
  allIndicesValid,
  evenRange,
  unravel,
} from './index-map.js';
import {
  type BitView,
  SET_ROW_LANES,
  resultBits,
  inputBits,
  copyRows,
  copyRows8,
  copyRun,
  fillRun,
  lanesOf,
  scalarBits,
} from './kernels.js';
import {
  type ParallelJob,
  CHUNKS_PER_PART,
  type ParallelPool,
  type SharedTensorRef,
  claimChunks,
  claimCounter,
  finishJob,
  getParallel,
  maySplit,
  partsFor,
  sharedStorage,
} from './parallel.js';
import { GATHER, canWalkElements, walkElements } from './pointwise.js';
import { badOptions, resolvePolicy } from './policy.js';
import { coreGatherPlan } from './plan-cache.js';
import type { GatherDimensionNumbers, GatherOptions } from './types.js';

/** A gather compiled for fixed attributes, shapes and dtypes. */
export interface GatherPlan {
  /** The result shape. */
  readonly resultShape: readonly number[];
  /** The operand's (and result's) dtype. */
  readonly dtype: DType;
  /** The checked shapes and normalized attributes. */
  readonly info: GatherShapeInfo;
  /** How index vectors and batch positions map to operand offsets. */
  readonly map: IndexMap;
  /** The resolved index policy. */
  readonly policy: ResolvedPolicy;
  /** Runs the gather; `out` (optional) receives the result. */
  run(operand: Tensor, startIndices: Tensor, out?: Tensor): Tensor;
  /**
   * `run` into an `out` the caller has checked: `execute` checks the out rule once, against the
   * call's final (reshaped) result, so the plan does not check it again.
   */
  runInto(operand: Tensor, startIndices: Tensor, out: Tensor): Tensor;
  /**
   * Throws exactly what `run` would throw for these inputs, writing nothing. Only index values
   * can fail a run once shapes are checked, so this resolves the indices and reads no data:
   * callers that must leave `out` untouched on error (NumPy's mode='raise') check first and
   * then run straight into `out` instead of buffering the whole result.
   */
  check(operand: Tensor, startIndices: Tensor): void;
  /**
   * True when a run checks every index before it writes any of the result (a row gather of at
   * most one chunk resolves all its starts first; an empty one writes nothing): a failing run
   * into `out` then leaves it untouched by itself, and `check` first would only repeat the walk.
   */
  readonly checksBeforeWriting: boolean;
}

/** Checks that an index tensor has an integer dtype (StableHLO I2). */
export function checkIndexDType(dtype: DType, op: string, code: string): void {
  if (!isInteger(dtype))
    throw new DTypeError(code, `${op}: indices must have an integer dtype; got ${dtype}`, { dtype });
}

/**
 * Validates and compiles a gather. Throws InvalidArgumentError (`stablehlo.gather.C<n>`) for
 * bad attributes and DTypeError for non-integer indices.
 */
export function compileGather(
  operandShape: readonly number[],
  operandDType: DType,
  indicesShape: readonly number[],
  indicesDType: DType,
  dn: GatherDimensionNumbers,
  options: GatherOptions = {},
): GatherPlan {
  if (typeof options !== 'object' || options === null) badOptions(options);
  const op = options.op ?? 'stablehlo.gather';
  checkIndexDType(indicesDType, op, 'stablehlo.gather.I2');
  // zero_size_dims: out_of_bounds validates and maps as if each indexed zero-size dim had size 1;
  // the run then reports any index vector that must address it (see zeroK below).
  const mapShape = zeroSizeShape(operandShape, dn, options);
  const info = mappedGatherShape(operandShape, indicesShape, dn, options, op);
  const a = info.attributes;
  checkedSize(info.resultShape, operandDType, op);
  const mode = options.mode ?? 'clip';
  const policy = resolvePolicy('gather', mode, options, a.indices_are_sorted);
  const mayFail = policy.oob === 'error' || policy.promiseInBounds || policy.checkSorted;
  const map = new IndexMap({
    op,
    spaceShape: info.resultShape,
    windowSpaceDims: a.offset_dims,
    operandShape: mapShape,
    windowSizes: a.slice_sizes,
    collapsedDims: a.collapsed_slice_dims,
    operandBatchingDims: a.operand_batching_dims,
    indicesBatchingDims: a.start_indices_batching_dims,
    indicesShape,
    indexVectorDim: a.index_vector_dim,
    startIndexMap: a.start_index_map,
  });
  const fill: Scalar = options.fill_value ?? defaultFillValue(operandDType);
  const fillBits = scalarBits(operandDType, fill);
  const resultShape = Object.freeze([...info.resultShape]);

  const bytesPer = byteSize(operandDType);
  const resultBytes = map.spaceSize * bytesPer;
  // Index vectors that must address a zero-size dim (zero_size_dims: out_of_bounds): none is valid.
  const zeroK =
    mapShape === operandShape
      ? -1
      : a.start_index_map.findIndex((d) => operandShape[d] === 0 && a.collapsed_slice_dims.includes(d));
  const anyIndex = map.K > 0 && map.batchCount > 0;
  // Resolved starts of one chunk, reused by every run of this plan on this thread (a run never
  // re-enters itself: no user code is called while it moves data).
  const scratch = map.allocStarts(Math.max(1, Math.min(map.batchCount, CHUNK)));
  const run = (operand: Tensor, indices: Tensor, out?: Tensor): Tensor => {
    checkPlanTensor(op, 'operand', operand, operandShape, operandDType);
    checkPlanTensor(op, 'indices', indices, indicesShape, indicesDType);
    if (out) checkOut(op, out, resultShape, operandDType);
    return into(operand, indices, out);
  };
  const runInto = (operand: Tensor, indices: Tensor, out: Tensor): Tensor => {
    checkPlanTensor(op, 'operand', operand, operandShape, operandDType);
    checkPlanTensor(op, 'indices', indices, indicesShape, indicesDType);
    return into(operand, indices, out);
  };
  const checkComponents = (indices: Tensor): void =>
    checkComponentsFirst(map, policy, indices, a, mapShape === operandShape ? null : operandShape);
  const into = (operand: Tensor, indices: Tensor, out: Tensor | undefined): Tensor => {
    if (policy.componentsFirst && anyIndex) checkComponents(indices);
    if (map.spaceSize === 0 || zeroK >= 0) {
      // Nothing is read, but under `error` every index is still checked (NumPy, PyTorch and
      // ONNX raise for an out-of-bounds index even when the result is empty).
      if (zeroK >= 0 && anyIndex && (map.spaceSize > 0 || policy.oob === 'error'))
        zeroSizeOutOfBounds(map, policy, indices, zeroK, operandShape);
      if (policy.oob === 'error' && anyIndex) checkAllInBounds(map, policy, indices);
      return out ?? new Tensor(operandDType, resultShape, freshStorage(operandDType, 0, bytesPer));
    }
    const parts =
      policy.checkSorted || !maySplit(resultBytes)
        ? 0
        : partsFor(resultBytes, out ? [operand, indices, out] : [operand, indices]);
    let result: Tensor;
    if (out) result = out;
    else if (parts)
      result = new Tensor(operandDType, resultShape, sharedStorage(operand.data, map.spaceSize));
    else
      result = resultTensor(
        operandDType,
        resultShape,
        freshStorage(operandDType, map.spaceSize, bytesPer),
        map.spaceSize,
      );
    // Threads only for a job that cannot fail on its indices; one that can runs on this thread,
    // which reports the first bad index exactly (and writes what a single thread writes).
    const job: GatherJob = { map, policy, operand, indices, result, fillBits, scratch, partial: null };
    if (parts && (!mayFail || allIndicesValid(map, policy, indices))) gatherThreaded(job, parts, op);
    else gatherRange(job, 0, 1);
    return result;
  };
  const check = (operand: Tensor, indices: Tensor): void => {
    checkPlanTensor(op, 'operand', operand, operandShape, operandDType);
    checkPlanTensor(op, 'indices', indices, indicesShape, indicesDType);
    if (map.spaceSize === 0 || zeroK >= 0) {
      run(operand, indices); // writes nothing: an empty result or an error (components first too)
      return;
    }
    if (policy.componentsFirst && anyIndex) checkComponents(indices);
    if ((policy.oob === 'error' || policy.checkSorted) && anyIndex) checkAllInBounds(map, policy, indices);
  };
  const checksBeforeWriting =
    map.spaceSize === 0 ||
    zeroK >= 0 ||
    (map.batchMajor &&
      map.outerPerBatch === 1 &&
      !policy.checkSorted &&
      !(map.runLen === 1 && lanesOf(operandDType) === 1) && // pointwise: not gatherRows
      map.batchCount <= CHUNK);
  return { resultShape, dtype: operandDType, info, map, policy, run, runInto, check, checksBeforeWriting };
}

/** A gather split across the pool's helpers and this thread, chunk by chunk (see parallel.ts). */
function gatherThreaded(range: GatherJob, parts: number, op: string): void {
  const { map } = range;
  const pool = getParallel().pool as ParallelPool;
  // Batch-major maps split into more chunks than threads (each chunk resolves only its
  // own indices); others resolve every index per part, so they split once per thread.
  const chunks = map.batchMajor ? parts * CHUNKS_PER_PART : parts;
  const job: ParallelJob = {
    kind: 'gather',
    spec: map.spec,
    policy: range.policy,
    operand: ref(range.operand),
    indices: ref(range.indices),
    result: ref(range.result),
    fillBits: range.fillBits,
    parts,
    chunks,
    next: claimCounter(),
  };
  const ticket = pool.start(job);
  finishJob(ticket, () => claimChunks(job.next, chunks, (c) => gatherRange(range, c, chunks)), op);
}

/**
 * Zeroed storage for a fresh result of `n` elements. Big results are plain allocations: their
 * page faults are the allocator's business (huge pages under GLIBC_TUNABLES=glibc.malloc.hugetlb=1,
 * see docs/performance.md), not a helper thread's.
 */
export function freshStorage(dtype: DType, n: number, _bytesPer: number): Tensor['data'] {
  return allocStorage(dtype, n);
}

/** Batch positions resolved per chunk (bounds the starts buffer). */
const CHUNK = 8192;

/** One gather into `result`: the plan's map, policy and fill, and this call's tensors. */
export interface GatherJob extends IndexSource {
  readonly map: IndexMap;
  readonly operand: Tensor;
  readonly result: Tensor;
  readonly fillBits: readonly number[];
  /** Resolved starts of one chunk (≥ min(batchCount, CHUNK)), reused; null allocates. */
  readonly scratch: Int32Array | Float64Array | null;
  /** A gather has no partly out-of-bounds windows to record. */
  readonly partial: null;
}

/** Runs part `part` of `parts` of a gather (the whole gather when parts = 1). */
export function gatherRange(job: GatherJob, part: number, parts: number): void {
  const { map, policy, operand, result, fillBits } = job;
  const rv = resultBits(result);
  const ov = inputBits(operand);
  const lanes = lanesOf(result.dtype);
  if (map.batchMajor && map.outerPerBatch === 1 && !policy.checkSorted) {
    // Batch position b fills result elements [b·runLen, (b+1)·runLen): element-wise gathers
    // (GatherElements, take_along_axis) and row gathers (take along axis 0, GatherND, B7).
    // (One part: the whole range, without evenRange's pair.)
    const lo = parts === 1 ? 0 : evenRange(map.batchCount, parts, part)[0];
    const hi = parts === 1 ? map.batchCount : evenRange(map.batchCount, parts, part)[1];
    if (map.runLen === 1 && lanes === 1) pointwise(job, rv, ov, lo, hi);
    else gatherRows(job, rv, ov, lanes, lo, hi);
    return;
  }
  const offsets = policy.checkSorted ? null : windowOffsets(map);
  if (offsets) {
    const [lo, hi] = evenRange(offsets.length, parts, part);
    gatherWindowMajor(job, { rv, ov, lanes, offsets, lo, hi });
    return;
  }
  const rowLanes = map.runLen * lanes;
  if (rowLanes >= SET_ROW_LANES || map.runLen === 1) {
    const copy =
      lanes === 1
        ? (r: number, t: number, n: number) => copyRun(rv, r, ov, t, n)
        : (r: number, t: number, n: number) => copyRun(rv, r * lanes, ov, t * lanes, n * lanes);
    const filled = (_status: number, _b: number, r: number, _o: number, n: number) =>
      fillRun(rv, r * lanes, n, fillBits);
    map.forEachRunPart(job, { part, parts }, copy, filled);
    return;
  }
  // Short rows: batch 8 runs and copy them interleaved (see copyRows).
  const dsw = rv.length < 2 ** 31 ? new Int32Array(8) : new Float64Array(8);
  const ss = ov.length < 2 ** 31 ? new Int32Array(8) : new Float64Array(8);
  let k = 0;
  const copy = (r: number, t: number) => {
    dsw[k] = r * lanes;
    ss[k] = t * lanes;
    if (++k === 8) {
      copyRows(rv, dsw, ov, ss, 8, rowLanes);
      k = 0;
    }
  };
  const filled = (_status: number, _b: number, r: number, _o: number, n: number) => {
    if (k > 0) copyRows(rv, dsw, ov, ss, k, rowLanes);
    k = 0;
    fillRun(rv, r * lanes, n, fillBits);
  };
  map.forEachRunPart(job, { part, parts }, copy, filled);
  if (k > 0) copyRows(rv, dsw, ov, ss, k, rowLanes);
}

/**
 * Row gather of batch positions [lo, hi) (batch-major, one run per batch position): resolve a
 * chunk of starts, then copy its rows to their places (see copyStartRows). No per-run callbacks.
 */
function gatherRows(job: GatherJob, rv: BitView, ov: BitView, lanes: number, lo: number, hi: number): void {
  if (hi <= lo) return;
  const { map, fillBits, scratch } = job;
  const n = map.runLen * lanes;
  const chunk = Math.min(hi - lo, CHUNK);
  const starts = scratch && scratch.length >= chunk ? scratch : map.allocStarts(chunk);
  for (let b0 = lo; b0 < hi; b0 += chunk) {
    const b1 = Math.min(hi, b0 + chunk);
    map.resolve(job, b0, b1, starts);
    copyStartRows(rv, ov, starts, { d: b0 * n, o: 0, m: b1 - b0 }, lanes, map.runLen, fillBits);
  }
}

/**
 * Operand offsets of the outer window positions of a window-major gather, or null when the
 * result is not window-major. Window-major: every window dim of the result (outside the
 * contiguous run) precedes every batch dim — `a[:, idx]`, `take(a, idx, axis=1)`. Then outer
 * position w·B + b (B batch positions) reads its run at operand offset offsets[w] + start[b], so
 * one resolve of each batch chunk serves every window position (a column gather copies element
 * by element in a flat loop instead of one callback per element).
 */
function windowOffsets(map: IndexMap): Int32Array | Float64Array | null {
  if (map.batchMajor) return null;
  const { outerShape, outerBatchStep, outerOpStep } = map;
  const dims: number[] = [];
  let batchSeen = false;
  for (let d = 0; d < outerShape.length; d++) {
    if (outerBatchStep[d] !== 0 || outerShape[d] === 1) {
      if (outerShape[d] !== 1) batchSeen = true;
      continue;
    }
    if (batchSeen) return null;
    dims.push(d);
  }
  const count = dims.reduce((n, d) => n * outerShape[d], 1);
  const offsets = map.operandSize < 2 ** 31 ? new Int32Array(count) : new Float64Array(count);
  // Row-major walk of the window dims; offsets[0] = 0 and each later entry steps one dim.
  const at = dims.map(() => 0);
  for (let w = 1; w < count; w++) {
    let i = dims.length - 1;
    let off = offsets[w - 1];
    while (at[i] === outerShape[dims[i]] - 1) {
      off -= at[i] * outerOpStep[dims[i]];
      at[i--] = 0;
    }
    at[i]++;
    offsets[w] = off + outerOpStep[dims[i]];
  }
  return offsets;
}

/** Window positions [lo, hi) of a window-major gather (see windowOffsets), batch chunk by chunk. */
function gatherWindowMajor(
  job: GatherJob,
  w: {
    readonly rv: BitView;
    readonly ov: BitView;
    readonly lanes: number;
    readonly offsets: Int32Array | Float64Array;
    readonly lo: number;
    readonly hi: number;
  },
): void {
  const { map, fillBits } = job;
  const { rv, ov, lanes, offsets, lo, hi } = w;
  if (hi <= lo) return;
  const B = map.batchCount;
  const n = map.runLen * lanes;
  map.resolveChunks(
    job,
    { lo: 0, hi: B, chunk: CHUNK },
    (starts, b0, b1) => {
      for (let p = lo; p < hi; p++) {
        const to = { d: (p * B + b0) * n, o: offsets[p], m: b1 - b0 };
        if (n === 1) gatherColumn(rv, ov, starts, to, fillBits[0]);
        else copyStartRows(rv, ov, starts, to, lanes, map.runLen, fillBits);
      }
    },
    job.scratch,
  );
}

/** rv[d + j] = ov[o + starts[j]] (the fill where starts[j] < 0), j < m: one lane per element. */
function gatherColumn(
  rv: BitView,
  ov: BitView,
  starts: Int32Array | Float64Array,
  to: { readonly d: number; readonly o: number; readonly m: number },
  fill: number,
): void {
  const { d, o, m } = to;
  for (let j = 0; j < m; j++) {
    const s = starts[j];
    rv[d + j] = s >= 0 ? ov[o + s] : fill;
  }
}

/**
 * Rows of runLen elements (lanes each) from ov at (o + starts[j])·lanes to rv at d + j·n, j < m
 * (the fill where starts[j] < 0): 8 short rows at a time interleaved (copyRows8), long rows with
 * TypedArray.set.
 */
function copyStartRows(
  rv: BitView,
  ov: BitView,
  starts: Int32Array | Float64Array,
  to: { readonly d: number; readonly o: number; readonly m: number },
  lanes: number,
  runLen: number,
  fillBits: readonly number[],
): void {
  const { d, o, m } = to;
  const n = runLen * lanes;
  const interleave = n < SET_ROW_LANES;
  for (let j = 0; j < m; j++) {
    if (interleave && (j & 7) === 0 && j + 8 <= m && allInBounds8(starts, j)) {
      copyRows8(rv, d + j * n, n, ov, starts, j, lanes, o);
      j += 7;
      continue;
    }
    const s = starts[j];
    if (s >= 0) copyRun(rv, d + j * n, ov, (o + s) * lanes, n);
    else fillRun(rv, d + j * n, runLen, fillBits);
  }
}

/** Whether starts[j … j + 7] are all in bounds (none is a fill marker). */
function allInBounds8(starts: Int32Array | Float64Array, j: number): boolean {
  return (
    starts[j] >= 0 &&
    starts[j + 1] >= 0 &&
    starts[j + 2] >= 0 &&
    starts[j + 3] >= 0 &&
    starts[j + 4] >= 0 &&
    starts[j + 5] >= 0 &&
    starts[j + 6] >= 0 &&
    starts[j + 7] >= 0
  );
}

/** Part `part` of a parallel gather job (see parallel.ts), on a helper or the caller. */
export function gatherPart(job: Extract<ParallelJob, { kind: 'gather' }>, _part: number): void {
  const map = cachedMap(job.spec);
  const operand = tensorOf(job.operand);
  const indices = tensorOf(job.indices);
  const result = tensorOf(job.result);
  claimChunks(job.next, job.chunks, (c) =>
    gatherRange(
      {
        map,
        policy: job.policy,
        operand,
        indices,
        result,
        fillBits: job.fillBits,
        scratch: null,
        partial: null,
      },
      c,
      job.chunks,
    ),
  );
}

let lastSpec: IndexMapSpec | null = null;
let lastMap: IndexMap | null = null;
/** The IndexMap of a spec received from another thread (one-entry cache: jobs repeat). */
export function cachedMap(spec: IndexMapSpec): IndexMap {
  if (lastMap && lastSpec && sameSpec(lastSpec, spec)) return lastMap;
  lastSpec = spec;
  lastMap = new IndexMap(spec);
  return lastMap;
}

function sameSpec(a: IndexMapSpec, b: IndexMapSpec): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function ref(t: Tensor): SharedTensorRef {
  return { dtype: t.dtype, shape: t.shape, data: t.data };
}

export function tensorOf(r: SharedTensorRef): Tensor {
  return new Tensor(r.dtype, r.shape, r.data as Tensor['data']);
}

/** Element-wise gather (GatherElements, take_along_axis) of batch positions [lo, hi): result position = batch position. */
function pointwise(job: GatherJob, rv: BitView, ov: BitView, lo: number, hi: number): void {
  const { map, indices, policy } = job;
  const fillBits = job.fillBits[0];
  if (canWalkElements(map, policy, indices.dtype)) {
    walkElements(
      { map, indices, policy, mode: GATHER, dst: rv, src: ov, fill: fillBits, seen: null },
      lo,
      hi,
    );
    return;
  }
  const visit = (starts: Int32Array | Float64Array, b0: number, b1: number) => {
    for (let j = 0; j < b1 - b0; j++) {
      const s = starts[j];
      rv[b0 + j] = s >= 0 ? ov[s] : fillBits;
    }
  };
  map.resolveChunks(job, { lo, hi, chunk: CHUNK }, visit, job.scratch);
}

/** Equal shapes (element-wise; cheaper than comparing formatted strings on every run). */
export function sameShape(a: readonly number[], b: readonly number[]): boolean {
  // One frozen shape (the tensor a plan was compiled for, run again) needs no walk.
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Checks that a run's tensor has the dtype and shape its plan was compiled for
 * (`<op>.plan_mismatch`); `role` names it in the message (operand, indices, inputs[i], …).
 */
export function checkPlanTensor(
  op: string,
  role: string,
  t: Tensor,
  shape: readonly number[],
  dtype: DType,
): void {
  if (t.dtype !== dtype || !sameShape(t.shape, shape)) {
    throw new InvalidArgumentError(
      `${op}.plan_mismatch`,
      `${op}: plan compiled for ${role} ${dtype}${fmt(shape)}; got ${t.dtype}${fmt(t.shape)}`,
    );
  }
}

/**
 * A gather's checked attributes and result shape as the core maps its operand (`zeroSizeShape`,
 * `zeroSizeSlices`): what every reader of a gather call (the IR, the export) must take its shape from.
 */
export function mappedGatherShape(
  operandShape: readonly number[],
  indicesShape: readonly number[],
  dn: GatherDimensionNumbers,
  options: GatherOptions,
  op?: string,
): GatherShapeInfo {
  const mapShape = zeroSizeShape(operandShape, dn, options);
  return gatherShape(mapShape, indicesShape, zeroSizeSlices(operandShape, dn, options), op);
}

/**
 * Under `zero_size_dims: 'out_of_bounds'`, a collapsed or batching dim of size 0 gets slice
 * size 0 instead of 1 (C21 would refuse 1); such a slice reads nothing.
 */
export function zeroSizeShape(
  operandShape: readonly number[],
  dn: GatherDimensionNumbers,
  options: GatherOptions,
): readonly number[] {
  if (options.zero_size_dims !== 'out_of_bounds' || !operandShape.includes(0)) return operandShape;
  const { collapsed_slice_dims: collapsed, start_index_map: map } = dn;
  if (!Array.isArray(collapsed) || !Array.isArray(map)) return operandShape;
  return operandShape.map((n, d) => (n === 0 && collapsed.includes(d) && map.includes(d) ? 1 : n));
}

export function zeroSizeSlices(
  operandShape: readonly number[],
  dn: GatherDimensionNumbers,
  options: GatherOptions,
): GatherDimensionNumbers {
  if (options.zero_size_dims !== 'out_of_bounds' || !Array.isArray(dn.slice_sizes)) return dn;
  if (!operandShape.includes(0)) return dn;
  // Batching dims, and collapsed dims no index addresses: a size-0 dim reads a size-0 slice.
  const indexed = Array.isArray(dn.start_index_map) ? dn.start_index_map : [];
  const dropped = [
    ...(dn.collapsed_slice_dims ?? []).filter((d) => !indexed.includes(d)),
    ...(dn.operand_batching_dims ?? []),
  ];
  const sizes = dn.slice_sizes.map((n, d) => (operandShape[d] === 0 && dropped.includes(d) ? 0 : n));
  return { ...dn, slice_sizes: sizes };
}

/**
 * OobOrder `components`: each component in order; one that must address a zero-size dim (the
 * map reads it as size 1; `zeroSized` is the real operand shape then) is out of bounds at its
 * first value, as NumPy names it.
 */
function checkComponentsFirst(
  map: IndexMap,
  policy: ResolvedPolicy,
  indices: Tensor,
  a: { readonly start_index_map: readonly number[]; readonly collapsed_slice_dims: readonly number[] },
  zeroSized: readonly number[] | null,
): void {
  for (let k = 0; k < map.K; k++) {
    const d = a.start_index_map[k];
    if (zeroSized && zeroSized[d] === 0 && a.collapsed_slice_dims.includes(d))
      zeroSizeOutOfBounds(map, policy, indices, k, zeroSized);
    map.checkComponent(indices, policy, k);
  }
}

/** The first index vector's component `k` addresses a zero-size dim: out of bounds, whatever its value. */
function zeroSizeOutOfBounds(
  map: IndexMap,
  policy: ResolvedPolicy,
  indices: Tensor,
  k: number,
  operandShape: readonly number[],
): never {
  const e = k * map.kStride;
  const raw = indices.data[e];
  const value = typeof raw === 'bigint' ? raw : BigInt(Number(raw));
  const dim = map.spec.startIndexMap[k];
  const found = { position: callerPosition(unravel(e, indices.shape)), value, dim, size: 0 };
  throw outOfBoundsError(
    policy.op,
    policy.oobCode,
    found,
    (d) =>
      `index ${d.value} at indices position ${fmt(d.position)} is out of bounds for dimension ${dim} of size ${operandShape[dim]} (no index is valid)`,
  );
}

/** Resolves every index vector (throwing under `error`) without reading the operand. */
function checkAllInBounds(map: IndexMap, policy: ResolvedPolicy, indices: Tensor): void {
  map.resolveChunks(
    { indices, policy, partial: null },
    { lo: 0, hi: map.batchCount, chunk: 16384 },
    () => false,
  );
}

/**
 * Gathers slices of `operand` at `startIndices` (StableHLO `gather`). See GatherOptions for
 * the out-of-bounds modes; the default `clip` is the spec's clamping of the window start.
 */
export function gather(
  operand: Tensor,
  startIndices: Tensor,
  dn: GatherDimensionNumbers,
  options: GatherOptions = {},
): Tensor {
  // Brand checks only (compileGather reads the shapes before any tensor check of its own).
  if (!Tensor.isTensor(operand)) checkTensor(operand, 'operand', 'core.gather', 'core.gather.operand');
  if (!Tensor.isTensor(startIndices))
    checkTensor(startIndices, 'startIndices', 'core.gather', 'core.gather.start_indices');
  // A plan cached as a frontend call's, or compiled as given where the attributes are not
  // objects (compileGather throws their typed error).
  const plan =
    coreGatherPlan(operand, startIndices, dn, options) ??
    compileGather(operand.shape, operand.dtype, startIndices.shape, startIndices.dtype, dn, options);
  return plan.run(operand, startIndices, options.out);
}
