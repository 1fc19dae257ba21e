/**
 * The scatter's writers for built-in reducers (not `mean`): all updates landing in one operand
 * element range, in update-index order. The whole scatter is the range [0, operandSize); a
 * threaded scatter gives each part a disjoint range (parallel.ts), so every element receives
 * the same sequence of updates as on one thread and the result is bit-identical.
 */
import { byteSize } from '../tensor/dtype.js';
import type { Tensor } from '../tensor/tensor.js';
import { type RunFn, skipHandler, markTarget, DUPLICATE_FOUND } from './duplicates.js';
import { cachedMap, tensorOf } from './gather.js';
import { type IndexMap, PARTIAL, type ResolvedPolicy, evenRange } from './index-map.js';
import {
  type BitView,
  type FloatNaN,
  type ReduceKernel,
  type RowsKernel,
  SET_ROW_LANES,
  bitView,
  bitsOf,
  copyRun,
  reduceKernel,
  rowsKernel,
} from './kernels.js';
import { type ParallelJob, claimChunks } from './parallel.js';
import { SCATTER, canWalkElements, walkElements } from './pointwise.js';
import type { ReducerName } from './types.js';

/** A built-in reducer other than `mean` (mean divides after all updates). */
export type RangeReducer = Exclude<ReducerName, 'mean'>;

/** The updates of one operand element range, and what applies them. */
export interface RangeJob {
  readonly map: IndexMap;
  readonly policy: ResolvedPolicy;
  readonly reducer: RangeReducer;
  /** One kernel per input (null for `replace`, which copies bits). */
  readonly kernels: readonly ReduceKernel[] | null;
  readonly nan: FloatNaN;
  readonly results: readonly Tensor[];
  /** Inputs not yet copied into `results` (the range hook may copy them itself), or none. */
  readonly from?: readonly Tensor[] | null;
  readonly indices: Tensor;
  readonly updates: readonly Tensor[];
  readonly partial: Map<number, Float64Array> | null;
  /** The operand element range [t0, t1) whose updates apply. */
  readonly t0: number;
  readonly t1: number;
  /**
   * Batch positions [bLo, bHi) to walk (the caller guarantees no other position targets the
   * range); bLo < 0 walks them all.
   */
  readonly bLo: number;
  readonly bHi: number;
  /** Duplicate marks for a fused check (throws DUPLICATE_FOUND at a repeat), or null. */
  readonly seen: Int32Array | null;
}

/**
 * A faster writer a host entry may set (src/node/wasm-add.ts: float32 row-add in WebAssembly
 * SIMD); it returns false for a job it does not take. Its result is bit-identical. `takes` says
 * beforehand whether it would take a whole-operand job: such a scatter then stays on the calling
 * thread rather than splitting the JavaScript kernel across helpers (B5: 23 ms here against
 * 30 ms on two threads, docs/performance.md).
 */
export const hooks: {
  range: ((job: RangeJob, direct: RunFn) => boolean) | null;
  takes: ((job: RangeJob) => boolean) | null;
} = { range: null, takes: null };

/** Applies every update of `job` whose target lies in [t0, t1), in update-index order. */
export function scatterRange(job: RangeJob): void {
  const { map, results } = job;
  if (
    job.reducer === 'replace' &&
    results.length === 1 &&
    bitView(results[0]).lanes === 1 &&
    elementWise(job)
  ) {
    // Element-wise scatter (ScatterElements, put_along_axis): no per-run calls.
    pointwiseReplace(job, bitView(results[0]).view, bitView(job.updates[0]).view);
    return;
  }
  const direct = job.reducer === 'replace' ? replaceRuns(job) : reduceRuns(job);
  if (hooks.range?.(job, direct)) return;
  const from = job.from ?? [];
  for (let i = 0; i < from.length; i++)
    if (from[i] !== results[i] && from[i].size > 0)
      (results[i].data as Int8Array).set(from[i].data as Int8Array);
  const kernel = shortRowsKernel(job);
  if (kernel && rowPerBatch(job)) {
    startRows(job, kernel, clipToRange(job, direct));
    return;
  }
  const rows = interleavedRows(job, direct, kernel);
  const fn = clipToRange(job, rows.fn);
  const special = skipHandler(map, job.partial, fn);
  if (job.bLo >= 0) map.forBatchRange(job, job.bLo, job.bHi, fn, special);
  else map.forEachRun(job, fn, special);
  rows.flush();
}

/** One index vector per update element, walked in batch-position order. */
function elementWise(job: RangeJob): boolean {
  const { map } = job;
  return map.runLen === 1 && map.outerPerBatch === 1 && map.batchMajor && !job.policy.checkSorted;
}

/** One run per batch position, walked in batch-position order (ScatterND's rows, B5). */
function rowPerBatch(job: RangeJob): boolean {
  const { map } = job;
  return map.batchMajor && map.outerPerBatch === 1 && !job.policy.checkSorted && job.seen === null;
}

/** Batch positions resolved per chunk (bounds the starts buffer). */
const CHUNK = 8192;

/**
 * The updates of a scatter with one run per batch position (rowPerBatch): batch position b
 * updates target run starts[b] from update offset b·runLen. A chunk of starts is resolved, then
 * its rows are gathered 8 at a time for the interleaved kernel (see interleavedRows) — no
 * callback per run. A row the kernel cannot take is applied alone, after the pending rows, so
 * every element still receives its updates in update-index order.
 */
function startRows(job: RangeJob, kernel: RowsKernel, direct: RunFn): void {
  const { map, t0, t1 } = job;
  const lo = job.bLo < 0 ? 0 : job.bLo;
  const hi = job.bLo < 0 ? map.batchCount : job.bHi;
  const rowLen = map.runLen;
  const { lanes, dArr, sArr, ds, ss, n } = rowBuffers(job);
  const special = skipHandler(map, job.partial, direct);
  const aligned = alignedStarts(map);
  let k = 0;
  map.resolveChunks(job, { lo, hi, chunk: CHUNK }, (starts, b0, b1) => {
    for (let j = 0; j < b1 - b0; j++) {
      const t = starts[j];
      const r = (b0 + j) * rowLen;
      if (t >= t0 && t + rowLen <= t1 && (aligned || t % rowLen === 0)) {
        ds[k] = t * lanes;
        ss[k] = r * lanes;
        if (++k === 8) {
          kernel(dArr, ds, sArr, ss, 8, n);
          k = 0;
        }
        continue;
      }
      if (t >= t1 || (t >= 0 && t + rowLen <= t0)) continue; // another part's rows: no flush
      if (k > 0) kernel(dArr, ds, sArr, ss, k, n);
      k = 0;
      if (t >= 0) direct(r, t, rowLen);
      else special?.(t, b0 + j, r, 0, rowLen);
    }
  });
  if (k > 0) kernel(dArr, ds, sArr, ss, k, n);
}

/**
 * Whether every resolved start is a multiple of the run length (each index component and
 * batching dim moves by a multiple of it): then no start needs the per-row division check.
 */
function alignedStarts(map: IndexMap): boolean {
  const n = map.runLen;
  return map.kOpStride.every((s) => s % n === 0) && map.batchOpStrides.every((s) => s % n === 0);
}

/** `replace` of one run: its update bits copied over the target's. */
function replaceRuns(job: RangeJob): RunFn {
  const dst = job.results.map((t) => bitView(t));
  const src = job.updates.map((t) => bitView(t).view);
  const d0 = dst[0].view;
  const s0 = src[0];
  if (dst.length === 1 && dst[0].lanes === 1) return (r, t, n) => copyRun(d0, t, s0, r, n);
  return (r, t, n) => {
    for (let i = 0; i < dst.length; i++) {
      const l = dst[i].lanes;
      copyRun(dst[i].view, t * l, src[i], r * l, n * l);
    }
  };
}

/** A reducer applied to one run, input by input. */
function reduceRuns(job: RangeJob): RunFn {
  const ks = job.kernels as readonly ReduceKernel[];
  const dst = job.results.map((t) => t.data);
  const src = job.updates.map((t) => t.data);
  const k0 = ks[0];
  const d0 = dst[0];
  const s0 = src[0];
  if (dst.length === 1) return (r, t, n) => k0(d0, t, s0, r, n);
  return (r, t, n) => {
    for (let i = 0; i < dst.length; i++) ks[i](dst[i], t, src[i], r, n);
  };
}

/** The interleaved kernel for the job's short rows (one input, 1 < run < SET_ROW_LANES lanes), or null. */
function shortRowsKernel(job: RangeJob): RowsKernel | null {
  const { map, reducer, results } = job;
  const lanes = reducer === 'replace' ? bitView(results[0]).lanes : 1;
  return results.length === 1 && map.runLen > 1 && map.runLen * lanes < SET_ROW_LANES
    ? rowsKernel(reducer, results[0].dtype, job.nan)
    : null;
}

/** The storages a rows kernel reads (bit views for `replace`) and its 8 row offsets each side. */
function rowBuffers(job: RangeJob) {
  const { map, reducer, results, updates } = job;
  const lanes = reducer === 'replace' ? bitView(results[0]).lanes : 1;
  return {
    lanes,
    dArr: reducer === 'replace' ? bitView(results[0]).view : results[0].data,
    sArr: reducer === 'replace' ? bitView(updates[0]).view : updates[0].data,
    ds: map.operandSize * lanes < 2 ** 31 ? new Int32Array(8) : new Float64Array(8),
    ss: map.spaceSize * lanes < 2 ** 31 ? new Int32Array(8) : new Float64Array(8),
    n: map.runLen * lanes,
  };
}

/**
 * Short rows that start at multiples of their length either coincide or are disjoint, so 8 of
 * them can be applied interleaved (overlapping their cache misses) without reordering the
 * updates of any element; anything else is flushed and applied as is.
 */
function interleavedRows(
  job: RangeJob,
  direct: RunFn,
  rows: RowsKernel | null,
): { fn: RunFn; flush: () => void } {
  if (!rows) return { fn: direct, flush: () => {} };
  const rowLen = job.map.runLen;
  const { lanes, dArr, sArr, ds, ss, n } = rowBuffers(job);
  let k = 0;
  const flush = () => {
    if (k > 0) rows(dArr, ds, sArr, ss, k, n);
    k = 0;
  };
  const fn: RunFn = (r, t, len) => {
    if (len === rowLen && t % rowLen === 0) {
      ds[k] = t * lanes;
      ss[k] = r * lanes;
      if (++k === 8) flush();
    } else {
      flush();
      direct(r, t, len);
    }
  };
  return { fn, flush };
}

/** `fn` restricted to targets in [t0, t1) (unchanged for the whole operand). */
function clipToRange(job: RangeJob, fn: RunFn): RunFn {
  const { t0, t1 } = job;
  if (t0 <= 0 && t1 >= job.map.operandSize) return fn;
  return (r, t, n) => {
    if (t >= t1 || t + n <= t0) return;
    const a = t < t0 ? t0 : t;
    const b = t + n > t1 ? t1 : t + n;
    fn(r + (a - t), a, b - a);
  };
}

/** Element-wise `replace` of the job's batch positions whose targets lie in [t0, t1). */
function pointwiseReplace(job: RangeJob, dst: BitView, src: BitView): void {
  const { map, indices, policy, partial, t0, t1, seen } = job;
  const lo = job.bLo < 0 ? 0 : job.bLo;
  const hi = job.bLo < 0 ? map.batchCount : job.bHi;
  if (t0 === 0 && t1 === map.operandSize && canWalkElements(map, policy, indices.dtype)) {
    walkElements({ map, indices, policy, mode: SCATTER, dst, src, fill: 0, seen }, lo, hi);
    return;
  }
  const single: RunFn = (r, t) => {
    if (t >= t0 && t < t1) dst[t] = src[r];
  };
  const special = skipHandler(map, partial, single);
  map.resolveChunks(job, { lo, hi, chunk: 16384 }, (starts, b0, b1) => {
    for (let j = 0; j < b1 - b0; j++) {
      const t = starts[j];
      if (seen !== null) {
        // Fused duplicate check: the caller writes into a fresh result and words the error.
        if (t < 0) continue;
        if (markTarget(seen, t)) throw DUPLICATE_FOUND;
        dst[t] = src[b0 + j];
      } else if (t >= t0 && t < t1) dst[t] = src[b0 + j];
      else if (t === PARTIAL) special?.(t, b0 + j, b0 + j, 0, 1);
    }
  });
}

/** Bytes of result rows copied and then scattered into while they are in cache. */
const BLOCK_BYTES = 1 << 18;

/** One element-wise `replace` of a scatter whose operand rows pair with its batch rows. */
export interface RowBlockJob {
  readonly map: IndexMap;
  readonly policy: ResolvedPolicy;
  readonly input: Tensor;
  readonly indices: Tensor;
  readonly updates: Tensor;
  readonly result: Tensor;
  /** Copy the input rows into the result first (false when the result is the input). */
  readonly copy: boolean;
  /** Duplicate marks for a fused check, or null. */
  readonly seen: Int32Array | null;
}

/**
 * Element-wise `replace` whose operand rows pair with the outermost batch dim (ScatterElements,
 * put_along_axis; see ownsRows): block by block, the input rows are copied into the result
 * (unless it is the input) and then take their updates while still in cache, instead of a
 * whole-tensor copy followed by random writes that each miss. Updates meet their targets in
 * update-index order, as in one pass. With `seen`, a repeated target throws DUPLICATE_FOUND.
 */
export function replaceRowBlocks(job: RowBlockJob): void {
  const { map, input } = job;
  const rows = map.spec.operandShape[0];
  if (rows === 0) return;
  const rowLen = map.opStrides[0];
  const perRow = map.batchCount / rows;
  const block = Math.max(1, Math.floor(BLOCK_BYTES / Math.max(1, rowLen * byteSize(input.dtype))));
  const dst = bitsOf(job.result);
  const from = bitsOf(input);
  const src = bitsOf(job.updates);
  const walk = {
    map,
    indices: job.indices,
    policy: job.policy,
    mode: SCATTER,
    dst,
    src,
    fill: 0,
    seen: job.seen,
  };
  for (let r0 = 0; r0 < rows; r0 += block) {
    const r1 = Math.min(rows, r0 + block);
    if (job.copy) dst.set(from.subarray(r0 * rowLen, r1 * rowLen), r0 * rowLen);
    walkElements(walk, r0 * perRow, r1 * perRow);
  }
}

/**
 * True when the outermost operand dim is a batching dim paired with the outermost batch dim
 * (ScatterElements, put_along_axis): a part can own whole rows and walk only their updates.
 */
export function ownsRows(map: IndexMap): boolean {
  const { spec } = map;
  const firstBatchDim = spec.indexVectorDim === 0 ? 1 : 0;
  const pair = spec.operandBatchingDims.indexOf(0);
  return (
    map.batchMajor &&
    pair >= 0 &&
    spec.indicesBatchingDims[pair] === firstBatchDim &&
    map.batchShape.length > 0
  );
}

/** A threaded scatter job with its tensors and kernels rebuilt on this thread. */
export interface ScatterPartJob {
  readonly map: IndexMap;
  readonly job: Extract<ParallelJob, { kind: 'scatter' }>;
  readonly inputs: readonly Tensor[];
  readonly indices: Tensor;
  readonly updates: readonly Tensor[];
  readonly results: readonly Tensor[];
  readonly kernels: readonly ReduceKernel[] | null;
}

/** Part `part` of a parallel scatter job (see parallel.ts), on a helper thread. */
export function scatterPart(job: Extract<ParallelJob, { kind: 'scatter' }>, _part: number): void {
  const reducer = job.reducer;
  const kernels =
    reducer === 'replace'
      ? null
      : job.inputs.map((t) => reduceKernel(reducer, t.dtype, job.policy.op, job.minmax, job.nan));
  const part: ScatterPartJob = {
    map: cachedMap(job.spec),
    job,
    inputs: job.inputs.map(tensorOf),
    indices: tensorOf(job.indices),
    updates: job.updates.map(tensorOf),
    results: job.results.map(tensorOf),
    kernels,
  };
  claimChunks(job.next, job.chunks, (c) => scatterChunk(part, c));
}

/**
 * Chunk `chunk` of `job.chunks` of a parallel scatter: its disjoint target range, first the
 * input copy over that range, then every update landing in it, in update-index order. When the
 * operand rows pair with the batch rows (ownsRows), a chunk owns whole rows and walks only
 * their updates; otherwise it walks all updates and keeps those in its range.
 */
export function scatterChunk(p: ScatterPartJob, chunk: number): void {
  const { map, job } = p;
  let t0: number;
  let t1: number;
  let bLo = -1;
  let bHi = -1;
  if (ownsRows(map)) {
    const rows = map.spec.operandShape[0];
    const [r0, r1] = evenRange(rows, job.chunks, chunk);
    const inner = rows === 0 ? 0 : map.batchCount / rows;
    bLo = r0 * inner;
    bHi = r1 * inner;
    t0 = r0 * map.opStrides[0];
    t1 = r1 * map.opStrides[0];
  } else [t0, t1] = evenRange(map.operandSize, job.chunks, chunk);
  for (let i = 0; i < p.results.length; i++) {
    if (job.copyInputs[i]) (p.results[i].data as any).set((p.inputs[i].data as any).subarray(t0, t1), t0);
  }
  scatterRange({
    map,
    policy: job.policy,
    reducer: job.reducer,
    kernels: p.kernels,
    nan: job.nan,
    results: p.results,
    indices: p.indices,
    updates: p.updates,
    partial: job.policy.oob === 'partial' ? new Map<number, Float64Array>() : null,
    t0,
    t1,
    bLo,
    bHi,
    seen: null,
  });
}
