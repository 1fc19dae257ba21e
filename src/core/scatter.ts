/**
 * The general scatter: StableHLO `scatter` semantics (variadic, batching dims) plus the index
 * policies and reducers of the frameworks.
 *
 *   results[full_start_index + full_batching_index + full_window_index]
 *       = update_computation(results[...], updates[update_index])
 *
 * Updates are applied in update-index (row-major) order, so every result is deterministic:
 * with `replace`, the last duplicate wins.
 */
import { DTypeError, DuplicateIndexError, BrokenPromiseError, InvalidArgumentError, fmt } from '../errors.js';
import { type DType, type Scalar, byteSize, decodeScalar, encodeScalar, isFloat } from '../tensor/dtype.js';
import { Tensor, resultTensor, zeros } from '../tensor/tensor.js';
import {
  cachedMap,
  checkIndexDType,
  checkOut,
  checkRunShapes,
  freshStorage,
  ref,
  tensorOf,
} from './gather.js';
import { IndexMap, PARTIAL, type ResolvedPolicy, allIndicesValid, evenRange, unravel } from './index-map.js';
import {
  type BitView,
  type FloatNaN,
  type ReduceKernel,
  SET_ROW_LANES,
  bitView,
  bitsOf,
  copyRun,
  reduceKernel,
  FLOAT_MINMAX_RULES,
  FLOAT_NAN_RULES,
  reducerIdentity,
  rowsKernel,
} from './kernels.js';
import {
  CHUNKS_PER_PART,
  type ParallelJob,
  type ParallelPool,
  claimChunks,
  claimCounter,
  finishJob,
  getParallel,
  isShared,
  partsFor,
  sharedStorage,
} from './parallel.js';
import { CHECK, DUPLICATE_FOUND, SCATTER, canWalkElements, walkElements } from './pointwise.js';
import { resolvePolicy } from './policy.js';
import { type ScatterShapeInfo, scatterShape } from './scatter-shape.js';
import type { ReducerName, ScatterDimensionNumbers, ScatterOptions, UpdateComputation } from './types.js';

/** The CHECK walk reads and writes no data. */
const NO_BITS = new Int32Array(0);

/** One bit per operand element: the duplicate check's marks. */
function dupBits(map: IndexMap): Int32Array {
  return new Int32Array(Math.ceil(map.operandSize / 32));
}

const REDUCERS: readonly ReducerName[] = ['replace', 'add', 'sub', 'mul', 'min', 'max', 'mean'];

/** A scatter compiled for fixed attributes, shapes and dtypes. */
export interface ScatterPlan {
  readonly resultShape: readonly number[];
  readonly info: ScatterShapeInfo;
  readonly map: IndexMap;
  readonly policy: ResolvedPolicy;
  /** Runs the scatter; returns one result per input (the `out` tensors when given). */
  run(
    inputs: readonly Tensor[],
    scatterIndices: Tensor,
    updates: readonly Tensor[],
    out?: readonly Tensor[],
  ): Tensor[];
}

type RunFn = (spaceOff: number, opOff: number, n: number) => void;

/**
 * Validates and compiles a scatter of N inputs. Throws InvalidArgumentError
 * (`stablehlo.scatter.C<n>`) for bad attributes and DTypeError for mismatched dtypes.
 */
export function compileScatter(
  inputShape: readonly number[],
  inputDTypes: readonly DType[],
  indicesShape: readonly number[],
  indicesDType: DType,
  updatesShape: readonly number[],
  updateDTypes: readonly DType[],
  dn: ScatterDimensionNumbers,
  computation: UpdateComputation,
  options: ScatterOptions = {},
): ScatterPlan {
  const op = options.op ?? 'stablehlo.scatter';
  checkIndexDType(indicesDType, op, 'stablehlo.scatter.I2');
  const info = scatterShape(
    inputDTypes.map(() => inputShape),
    indicesShape,
    updateDTypes.map(() => updatesShape),
    dn,
    op,
  );
  const N = inputDTypes.length;
  // (C6) element_type(updates...) = element_type(inputs...)
  for (let i = 0; i < N; i++) {
    if (inputDTypes[i] !== updateDTypes[i]) {
      throw new DTypeError(
        'stablehlo.scatter.C6',
        `${op}: updates[${i}] has dtype ${updateDTypes[i]} but inputs[${i}] has ${inputDTypes[i]}`,
        {
          input: inputDTypes[i],
          update: updateDTypes[i],
        },
      );
    }
  }
  if (typeof computation !== 'function' && !REDUCERS.includes(computation)) {
    throw new InvalidArgumentError(
      'stablehlo.scatter.C23',
      `${op}: update_computation must be one of ${fmt(REDUCERS)} or a function; got ${fmt(computation)}`,
    );
  }
  const a = info.attributes;
  const mode = options.mode ?? 'skip';
  const policy = resolvePolicy('scatter', mode, options, a.indices_are_sorted);
  const map = new IndexMap({
    op,
    spaceShape: updatesShape,
    windowSpaceDims: a.update_window_dims,
    operandShape: inputShape,
    windowSizes: info.windowSizes,
    collapsedDims: a.inserted_window_dims,
    operandBatchingDims: a.input_batching_dims,
    indicesBatchingDims: a.scatter_indices_batching_dims,
    indicesShape,
    indexVectorDim: a.index_vector_dim,
    startIndexMap: a.scatter_dims_to_operand_dims,
  });
  const includeSelf = options.include_self !== false;
  const updateBytes = updateDTypes.reduce((acc, d) => acc + map.spaceSize * byteSize(d), 0);
  const inputBytes = inputDTypes.reduce((acc, d) => acc + map.operandSize * byteSize(d), 0);
  const checkDuplicates = options.duplicates === 'error' || (options.checked === true && a.unique_indices);
  const walkOk = canWalkElements(map, policy, indicesDType);
  if (options.duplicates !== undefined && options.duplicates !== 'apply' && options.duplicates !== 'error') {
    throw new InvalidArgumentError(
      `${op}.duplicates`,
      `${op}: duplicates must be "apply" or "error"; got ${fmt(options.duplicates)}`,
    );
  }
  const reducer = typeof computation === 'string' ? computation : null;
  // Pick kernels now so an unsupported (reducer, dtype) pair fails at compile time.
  const minmax = options.float_minmax ?? 'ieee';
  if (!FLOAT_MINMAX_RULES.includes(minmax))
    throw new InvalidArgumentError(
      `${op}.float_minmax`,
      `${op}: float_minmax must be one of ${FLOAT_MINMAX_RULES.map((r) => `"${r}"`).join(', ')}; got ${fmt(minmax)}`,
    );
  const nan = options.float_nan ?? 'self_first';
  if (!FLOAT_NAN_RULES.includes(nan))
    throw new InvalidArgumentError(
      `${op}.float_nan`,
      `${op}: float_nan must be one of ${FLOAT_NAN_RULES.map((r) => `"${r}"`).join(', ')}; got ${fmt(nan)}`,
    );
  const kernels =
    reducer && reducer !== 'replace'
      ? inputDTypes.map((d) => reduceKernel(reducer, d, op, minmax, nan))
      : null;
  if (reducer === 'mean') for (const d of inputDTypes) if (d === 'bool') reduceKernel('sub', d, op);

  const run = (
    inputs: readonly Tensor[],
    indices: Tensor,
    updates: readonly Tensor[],
    out?: readonly Tensor[],
  ): Tensor[] => {
    if (inputs.length !== N || updates.length !== N) {
      throw new InvalidArgumentError(
        'stablehlo.scatter.C5',
        `${op}: plan compiled for ${N} inputs/updates; got ${inputs.length}/${updates.length}`,
      );
    }
    for (let i = 0; i < N; i++) {
      checkRunShapes(op, inputs[i], inputShape, inputDTypes[i], indices, indicesShape, indicesDType);
      checkRunShapes(op, updates[i], updatesShape, updateDTypes[i], indices, indicesShape, indicesDType);
    }
    if (out && out.length !== N)
      throw new InvalidArgumentError(
        'stablehlo.scatter.C24',
        `${op}: expected ${N} out tensors; got ${out.length}`,
      );
    const partial = policy.oob === 'partial' ? new Map<number, Float64Array>() : null;
    const elementwise = (fn: RunFn) => (status: number, b: number, r: number, o: number, n: number) => {
      if (status === PARTIAL && partial) eachInBounds(map, partial.get(b)!, r, o, n, fn);
    };
    // Element-wise `replace` checks duplicates while it writes (one pass over the indices
    // instead of two) into a fresh result, which a duplicate discards, and on the row-blocked
    // path also into `out`: like an index error met mid-way, a duplicate then leaves `out`
    // partly written (only `atomic_out` calls promise an untouched `out`, and they never get
    // here: they compute aside).
    const walkable = reducer === 'replace' && N === 1 && byteSize(inputDTypes[0]) <= 4 && walkOk;
    const rowBlocked = walkable && ownsRows(map);
    const fuseDupCheck =
      checkDuplicates &&
      reducer === 'replace' &&
      N === 1 &&
      (!out || rowBlocked) &&
      policy.oob !== 'partial' &&
      !policy.checkSorted &&
      byteSize(inputDTypes[0]) <= 4 &&
      map.runLen === 1 &&
      map.outerPerBatch === 1 &&
      map.batchMajor;
    const reportDuplicate = () =>
      findDuplicates(
        map,
        indices,
        policy,
        partial,
        elementwise,
        options,
        a.unique_indices && options.duplicates !== 'error',
      );
    if (checkDuplicates && !fuseDupCheck && walkable) {
      // One pass over the indices marks every target before anything is written.
      try {
        walkElements(map, indices, policy, CHECK, NO_BITS, NO_BITS, 0, 0, map.batchCount, dupBits(map));
      } catch (e) {
        if (e === DUPLICATE_FOUND) reportDuplicate();
        throw e;
      }
    } else if (checkDuplicates && !fuseDupCheck)
      findDuplicates(
        map,
        indices,
        policy,
        partial,
        elementwise,
        options,
        a.unique_indices && options.duplicates !== 'error',
      );
    const parallelOk =
      !fuseDupCheck &&
      reducer !== null &&
      reducer !== 'mean' &&
      (includeSelf || reducer === 'replace') &&
      !policy.checkSorted;
    const parts = parallelOk
      ? partsFor(Math.max(updateBytes, inputBytes), [...inputs, indices, ...updates, ...(out ?? [])])
      : 0;
    if (!parts && rowBlocked) {
      const o = out?.[0];
      if (o) checkOut(op, o, inputShape, inputDTypes[0], 'stablehlo.scatter.C24', 'stablehlo.scatter.C25');
      const input = inputs[0];
      const result =
        o ??
        resultTensor(
          input.dtype,
          input.shape,
          freshStorage(input.dtype, input.size, byteSize(input.dtype)),
          input.size,
        );
      try {
        replaceRowBlocks(map, policy, input, indices, updates[0], result, o !== input, fuseDupCheck);
      } catch (e) {
        if (e !== DUPLICATE_FOUND) throw e;
        reportDuplicate(); // throws the detailed DuplicateIndexError / BrokenPromiseError
        throw new InvalidArgumentError(`${op}.internal`, `${op}: duplicate check disagreed with itself`);
      }
      return [result];
    }
    if (parts) {
      // Results are filled part by part (copy of the input range, then its updates).
      const copy = inputs.map((t, i) => out?.[i] !== t);
      const results = inputs.map((t, i) => {
        const o = out?.[i];
        if (!o) return new Tensor(t.dtype, t.shape, sharedStorage(t.data, t.size));
        checkOut(op, o, inputShape, inputDTypes[i], 'stablehlo.scatter.C24', 'stablehlo.scatter.C25');
        return o;
      });
      // Threads only for a job that cannot fail on its indices (see gather): one that can runs
      // on this thread, which leaves exactly a single thread's state and reports the first error.
      const mayFail = policy.oob === 'error' || policy.promiseInBounds;
      if (results.every((r) => isShared(r)) && (!mayFail || allIndicesValid(map, policy, indices))) {
        const pool = getParallel().pool as ParallelPool;
        const job: ParallelJob = {
          kind: 'scatter',
          spec: map.spec,
          policy,
          reducer: reducer as Exclude<ReducerName, 'mean'>,
          minmax,
          nan,
          inputs: inputs.map(ref),
          indices: ref(indices),
          updates: updates.map(ref),
          results: results.map(ref),
          copyInputs: copy,
          parts,
          // Row-owning parts (below) walk only their rows' updates and split finer; others
          // walk every update per part, so they split once per thread.
          chunks: ownsRows(map) ? parts * CHUNKS_PER_PART : parts,
          next: claimCounter(),
        };
        const ticket = pool.start(job);
        finishJob(
          ticket,
          () =>
            claimChunks(job.next, job.chunks, (c) =>
              scatterPartOn(map, job, inputs, indices, updates, results, kernels, c),
            ),
          op,
        );
        return results;
      }
    }
    const results = inputs.map((t, i) => {
      const o = out?.[i];
      if (!o) return freshCopy(t);
      checkOut(op, o, inputShape, inputDTypes[i], 'stablehlo.scatter.C24', 'stablehlo.scatter.C25');
      if (o !== t) (o.data as any).set(t.data);
      return o;
    });
    if (!includeSelf && reducer && reducer !== 'replace') {
      const ids = inputDTypes.map((d) => reducerIdentity(reducer, d));
      const resetFn: RunFn = (_r, t, n) => {
        for (let i = 0; i < N; i++) (results[i].data as any).fill(ids[i], t, t + n);
      };
      map.forEachRun(indices, policy, resetFn, elementwise(resetFn), partial);
    }
    if (reducer && reducer !== 'mean') {
      const seen = fuseDupCheck ? dupBits(map) : null;
      try {
        scatterRange(
          map,
          policy,
          reducer,
          kernels,
          nan,
          results,
          indices,
          updates,
          partial,
          0,
          map.operandSize,
          -1,
          -1,
          seen,
        );
      } catch (e) {
        if (e !== DUPLICATE_FOUND) throw e;
        reportDuplicate(); // throws the detailed DuplicateIndexError / BrokenPromiseError
        throw new InvalidArgumentError(`${op}.internal`, `${op}: duplicate check disagreed with itself`);
      }
      return results;
    }
    let fn: RunFn;
    if (kernels) {
      const dst = results.map((t) => t.data);
      const src = updates.map((t) => t.data);
      const k0 = kernels[0];
      fn =
        N === 1
          ? (r, t, n) => k0(dst[0], t, src[0], r, n)
          : (r, t, n) => {
              for (let i = 0; i < N; i++) kernels[i](dst[i], t, src[i], r, n);
            };
    } else {
      fn = customKernel(
        computation as (...args: Scalar[]) => Scalar | readonly Scalar[],
        results,
        updates,
        op,
      );
    }
    let counts: Float64Array | null = null;
    if (reducer === 'mean') {
      const c = new Float64Array(results[0].size);
      counts = c;
      const inner = fn;
      fn = (r, t, n) => {
        inner(r, t, n);
        for (let j = 0; j < n; j++) c[t + j]++;
      };
    }
    map.forEachRun(indices, policy, fn, elementwise(fn), partial);
    if (counts) for (const t of results) divideByCounts(t, counts, includeSelf);
    return results;
  };
  return { resultShape: inputShape, info, map, policy, run };
}

/**
 * Applies every update of a built-in reducer (not `mean`) whose target lies in the operand
 * element range [t0, t1), in update-index order. With batch range [bLo, bHi) (bLo ≥ 0), only
 * those batch positions are walked (the caller guarantees that no other position targets
 * [t0, t1)). The whole scatter is (0, operandSize, -1, -1).
 */
function scatterRange(
  map: IndexMap,
  policy: ResolvedPolicy,
  reducer: Exclude<ReducerName, 'mean'>,
  kernels: readonly ReduceKernel[] | null,
  nan: FloatNaN,
  results: readonly Tensor[],
  indices: Tensor,
  updates: readonly Tensor[],
  partial: Map<number, Float64Array> | null,
  t0: number,
  t1: number,
  bLo: number,
  bHi: number,
  seen: Int32Array | null = null,
): void {
  const N = results.length;
  let fn: RunFn;
  if (reducer === 'replace') {
    const dst = results.map((t) => bitView(t));
    const src = updates.map((t) => bitView(t).view);
    if (
      N === 1 &&
      dst[0].lanes === 1 &&
      map.runLen === 1 &&
      map.outerPerBatch === 1 &&
      map.batchMajor &&
      !policy.checkSorted
    ) {
      // Element-wise scatter (ScatterElements, put_along_axis): no per-run calls.
      pointwiseReplace(
        map,
        indices,
        policy,
        dst[0].view,
        src[0],
        partial,
        t0,
        t1,
        bLo < 0 ? 0 : bLo,
        bLo < 0 ? map.batchCount : bHi,
        seen,
      );
      return;
    }
    const d0 = dst[0].view;
    const s0 = src[0];
    fn =
      N === 1 && dst[0].lanes === 1
        ? (r, t, n) => copyRun(d0, t, s0, r, n)
        : (r, t, n) => {
            for (let i = 0; i < N; i++) {
              const l = dst[i].lanes;
              copyRun(dst[i].view, t * l, src[i], r * l, n * l);
            }
          };
  } else {
    const ks = kernels as readonly ReduceKernel[];
    const dst = results.map((t) => t.data);
    const src = updates.map((t) => t.data);
    const k0 = ks[0];
    const d0 = dst[0];
    const s0 = src[0];
    fn =
      N === 1
        ? (r, t, n) => k0(d0, t, s0, r, n)
        : (r, t, n) => {
            for (let i = 0; i < N; i++) ks[i](dst[i], t, src[i], r, n);
          };
  }
  // Short rows that start at multiples of their length either coincide or are disjoint, so 8 of
  // them can be applied interleaved (overlapping their cache misses) without reordering the
  // updates of any element; anything else is flushed and applied as is.
  const lanes = reducer === 'replace' ? bitView(results[0]).lanes : 1;
  const rowLen = map.runLen;
  const rows =
    N === 1 && rowLen > 1 && rowLen * lanes < SET_ROW_LANES
      ? rowsKernel(reducer, results[0].dtype, nan)
      : null;
  let flush: (() => void) | null = null;
  if (rows) {
    const direct = fn;
    const dArr = reducer === 'replace' ? bitView(results[0]).view : results[0].data;
    const sArr = reducer === 'replace' ? bitView(updates[0]).view : updates[0].data;
    const ds = map.operandSize * lanes < 2 ** 31 ? new Int32Array(8) : new Float64Array(8);
    const ss = map.spaceSize * lanes < 2 ** 31 ? new Int32Array(8) : new Float64Array(8);
    const n = rowLen * lanes;
    let k = 0;
    const doFlush = () => {
      if (k > 0) rows(dArr, ds, sArr, ss, k, n);
      k = 0;
    };
    flush = doFlush;
    fn = (r, t, len) => {
      if (len === rowLen && t % rowLen === 0) {
        ds[k] = t * lanes;
        ss[k] = r * lanes;
        if (++k === 8) doFlush();
      } else {
        doFlush();
        direct(r, t, len);
      }
    };
  }
  if (t0 > 0 || t1 < map.operandSize) {
    const inner = fn;
    fn = (r, t, n) => {
      if (t >= t1 || t + n <= t0) return;
      const a = t < t0 ? t0 : t;
      const b = t + n > t1 ? t1 : t + n;
      inner(r + (a - t), a, b - a);
    };
  }
  const special = partial
    ? (status: number, b: number, r: number, o: number, n: number) => {
        if (status === PARTIAL) eachInBounds(map, partial.get(b)!, r, o, n, fn);
      }
    : null;
  if (bLo >= 0) map.forBatchRange(indices, policy, bLo, bHi, fn, special, partial);
  else map.forEachRun(indices, policy, fn, special, partial);
  if (flush) flush();
}

/** Element-wise `replace` of batch positions [lo, hi) whose targets lie in [t0, t1). */
function pointwiseReplace(
  map: IndexMap,
  indices: Tensor,
  policy: ResolvedPolicy,
  dst: BitView,
  src: BitView,
  partial: Map<number, Float64Array> | null,
  t0: number,
  t1: number,
  lo: number,
  hi: number,
  seen: Int32Array | null = null,
): void {
  if (t0 === 0 && t1 === map.operandSize && canWalkElements(map, policy, indices.dtype)) {
    walkElements(map, indices, policy, SCATTER, dst, src, 0, lo, hi, seen);
    return;
  }
  const chunk = Math.max(1, Math.min(hi - lo, 16384));
  const starts = map.allocStarts(chunk);
  const single: RunFn = (r, t) => {
    if (t >= t0 && t < t1) dst[t] = src[r];
  };
  for (let b0 = lo; b0 < hi; b0 += chunk) {
    const b1 = Math.min(hi, b0 + chunk);
    map.resolve(indices, policy, b0, b1, starts, partial, null);
    const n = b1 - b0;
    if (seen) {
      // Fused duplicate check (one bit per target): the caller writes into a fresh result and
      // rebuilds the detailed error with findDuplicates when this throws.
      for (let j = 0; j < n; j++) {
        const t = starts[j];
        if (t < 0) continue;
        const w = t >>> 5;
        const bit = 1 << (t & 31);
        if (seen[w] & bit) throw DUPLICATE_FOUND;
        seen[w] |= bit;
        dst[t] = src[b0 + j];
      }
      continue;
    }
    for (let j = 0; j < n; j++) {
      const t = starts[j];
      if (t >= t0 && t < t1) dst[t] = src[b0 + j];
      else if (t === PARTIAL && partial) eachInBounds(map, partial.get(b0 + j)!, b0 + j, 0, 1, single);
    }
  }
}

/** A fresh copy of an input: the scatter's result before its updates. */
function freshCopy(t: Tensor): Tensor {
  const data = freshStorage(t.dtype, t.size, byteSize(t.dtype));
  (data as Int8Array).set(t.data as Int8Array);
  return resultTensor(t.dtype, t.shape, data, t.size);
}

/** Bytes of result rows copied and then scattered into while they are in cache. */
const BLOCK_BYTES = 1 << 18;

/**
 * Element-wise `replace` whose operand rows pair with the outermost batch dim (ScatterElements,
 * put_along_axis; see ownsRows): block by block, the input rows are copied into the result
 * (unless it is the input) and then take their updates while still in cache, instead of a
 * whole-tensor copy followed by random writes that each miss. Updates meet their targets in
 * update-index order, as in one pass. With `checkDuplicates`, a repeated target throws
 * DUPLICATE_FOUND (the result is fresh and discarded).
 */
function replaceRowBlocks(
  map: IndexMap,
  policy: ResolvedPolicy,
  input: Tensor,
  indices: Tensor,
  updates: Tensor,
  result: Tensor,
  copy: boolean,
  checkDuplicates: boolean,
): void {
  const rows = map.spec.operandShape[0];
  if (rows === 0) return;
  const rowLen = map.opStrides[0];
  const perRow = map.batchCount / rows;
  const block = Math.max(1, Math.floor(BLOCK_BYTES / Math.max(1, rowLen * byteSize(input.dtype))));
  const dst = bitsOf(result);
  const from = bitsOf(input);
  const src = bitsOf(updates);
  const seen = checkDuplicates ? dupBits(map) : null;
  for (let r0 = 0; r0 < rows; r0 += block) {
    const r1 = Math.min(rows, r0 + block);
    if (copy) dst.set(from.subarray(r0 * rowLen, r1 * rowLen), r0 * rowLen);
    walkElements(map, indices, policy, SCATTER, dst, src, 0, r0 * perRow, r1 * perRow, seen);
  }
}

/** Part `part` of a parallel scatter job (see parallel.ts), on a helper thread. */
export function scatterPart(job: Extract<ParallelJob, { kind: 'scatter' }>, _part: number): void {
  const map = cachedMap(job.spec);
  const kernels =
    job.reducer === 'replace'
      ? null
      : job.inputs.map((t) =>
          reduceKernel(
            job.reducer as Exclude<ReducerName, 'replace'>,
            t.dtype,
            job.policy.op,
            job.minmax,
            job.nan,
          ),
        );
  const inputs = job.inputs.map(tensorOf);
  const indices = tensorOf(job.indices);
  const updates = job.updates.map(tensorOf);
  const results = job.results.map(tensorOf);
  claimChunks(job.next, job.chunks, (c) =>
    scatterPartOn(map, job, inputs, indices, updates, results, kernels, c),
  );
}

/**
 * True when the outermost operand dim is a batching dim paired with the outermost batch dim
 * (ScatterElements, put_along_axis): a part can own whole rows and walk only their updates.
 */
function ownsRows(map: IndexMap): boolean {
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

/**
 * Chunk `part` of `job.chunks` of a parallel scatter: its disjoint target range, first the input copy over that
 * range, then every update landing in it, in update-index order. When the outermost operand
 * dim is a batching dim paired with the outermost batch dim, a part owns whole batch rows and
 * walks only their updates; otherwise it walks all updates and keeps those in its range.
 */
function scatterPartOn(
  map: IndexMap,
  job: Extract<ParallelJob, { kind: 'scatter' }>,
  inputs: readonly Tensor[],
  indices: Tensor,
  updates: readonly Tensor[],
  results: readonly Tensor[],
  kernels: readonly ReduceKernel[] | null,
  part: number,
): void {
  const parts = job.chunks;
  let t0: number;
  let t1: number;
  let bLo = -1;
  let bHi = -1;
  if (ownsRows(map)) {
    const rows = map.spec.operandShape[0];
    const [r0, r1] = evenRange(rows, parts, part);
    const inner = rows === 0 ? 0 : map.batchCount / rows;
    bLo = r0 * inner;
    bHi = r1 * inner;
    t0 = r0 * map.opStrides[0];
    t1 = r1 * map.opStrides[0];
  } else [t0, t1] = evenRange(map.operandSize, parts, part);
  for (let i = 0; i < results.length; i++) {
    if (job.copyInputs[i]) (results[i].data as any).set((inputs[i].data as any).subarray(t0, t1), t0);
  }
  const partial = job.policy.oob === 'partial' ? new Map<number, Float64Array>() : null;
  scatterRange(
    map,
    job.policy,
    job.reducer,
    kernels,
    job.nan,
    results,
    indices,
    updates,
    partial,
    t0,
    t1,
    bLo,
    bHi,
  );
}

/** Applies `fn` element by element to the in-bounds elements of a partly out-of-bounds run (`skip`). */
function eachInBounds(map: IndexMap, raw: Float64Array, r: number, o: number, n: number, fn: RunFn): void {
  const shape = map.spec.operandShape;
  const strides = map.opStrides;
  for (let j = 0; j < n; j++) {
    // The run is contiguous in the operand, so element j sits at window offset o + j; unravel
    // it by operand strides (each window coordinate is smaller than its dim).
    let rest = o + j;
    let t = 0;
    let inBounds = true;
    for (let d = 0; d < shape.length; d++) {
      const w = strides[d] > 0 && shape[d] > 0 ? Math.floor(rest / strides[d]) : 0;
      rest -= w * strides[d];
      const c = raw[d] + w;
      if (!(c >= 0 && c < shape[d])) {
        inBounds = false;
        break;
      }
      t += c * strides[d];
    }
    if (inBounds) fn(r + j, t, 1);
  }
}

function customKernel(
  f: (...args: Scalar[]) => Scalar | readonly Scalar[],
  results: Tensor[],
  updates: readonly Tensor[],
  op: string,
): RunFn {
  const N = results.length;
  const args = new Array<Scalar>(2 * N);
  return (r, t, n) => {
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < N; i++) {
        args[i] = decodeScalar(results[i].dtype, results[i].data[t + j]);
        args[N + i] = decodeScalar(updates[i].dtype, updates[i].data[r + j]);
      }
      const v = f(...args);
      const vs = N === 1 && !Array.isArray(v) ? [v as Scalar] : (v as readonly Scalar[]);
      if (!Array.isArray(vs) || vs.length !== N) {
        throw new InvalidArgumentError(
          'stablehlo.scatter.C23',
          `${op}: update_computation must return ${N} value(s); got ${fmt(v)}`,
        );
      }
      for (let i = 0; i < N; i++) {
        const d = results[i].dtype;
        const x =
          (d === 'int64' || d === 'uint64') && typeof vs[i] === 'number' ? BigInt(vs[i] as number) : vs[i];
        (results[i].data as any)[t + j] = encodeScalar(d, x, `${op} update_computation`);
      }
    }
  };
}

/** Finishes `mean`: sum / count at every updated element (floor division for integers, as PyTorch). */
function divideByCounts(t: Tensor, counts: Float64Array, includeSelf: boolean): void {
  const d = t.data as any;
  const dt = t.dtype;
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] === 0) continue;
    const c = counts[i] + (includeSelf ? 1 : 0);
    if (dt === 'int64' || dt === 'uint64') {
      const q = d[i] / BigInt(c);
      d[i] = d[i] < 0n && q * BigInt(c) !== d[i] ? q - 1n : q;
    } else if (isFloat(dt)) {
      // A NaN sum is kept bit for bit: x86's division returns its (already quiet) NaN operand.
      const v = decodeScalar(dt, d[i]) as number;
      if (!Number.isNaN(v)) d[i] = encodeScalar(dt, v / c);
    } else d[i] = Math.floor(d[i] / c);
  }
}

/** Throws DuplicateIndexError (or BrokenPromiseError for `unique_indices`) at the first repeated target. */
function findDuplicates(
  map: IndexMap,
  indices: Tensor,
  policy: ResolvedPolicy,
  partial: Map<number, Float64Array> | null,
  elementwise: (fn: RunFn) => (status: number, b: number, r: number, o: number, n: number) => void,
  options: ScatterOptions,
  isPromise: boolean,
): void {
  const size = map.operandSize;
  const seen = new Int32Array(Math.ceil(size / 32)); // one bit per target element
  let dupTarget = -1;
  let dupSecond = -1;
  const mark: RunFn = (r, t, n) => {
    if (dupTarget >= 0) return;
    for (let j = 0; j < n; j++) {
      const x = t + j;
      const w = Math.floor(x / 32);
      const bit = 1 << (x & 31);
      if (seen[w] & bit) {
        dupTarget = x;
        dupSecond = r + j;
        return;
      }
      seen[w] |= bit;
    }
  };
  if (map.runLen === 1 && map.outerPerBatch === 1 && map.batchMajor && !policy.checkSorted) {
    // Element-wise scatter: mark each resolved target directly, no per-run calls.
    const special = elementwise(mark);
    const n = map.batchCount;
    const chunk = Math.max(1, Math.min(n, 16384));
    const starts = map.allocStarts(chunk);
    for (let b0 = 0; b0 < n && dupTarget < 0; b0 += chunk) {
      const b1 = Math.min(n, b0 + chunk);
      map.resolve(indices, policy, b0, b1, starts, partial, null);
      for (let j = 0; j < b1 - b0 && dupTarget < 0; j++) {
        const x = starts[j];
        if (x >= 0) {
          const w = Math.floor(x / 32);
          const bit = 1 << (x & 31);
          if (seen[w] & bit) {
            dupTarget = x;
            dupSecond = b0 + j;
          } else seen[w] |= bit;
        } else special(x, b0 + j, b0 + j, 0, 1);
      }
    }
  } else map.forEachRun(indices, policy, mark, elementwise(mark), partial);
  if (dupTarget < 0) return;
  let first = -1;
  const find: RunFn = (r, t, n) => {
    if (first < 0 && dupTarget >= t && dupTarget < t + n) first = r + (dupTarget - t);
  };
  map.forEachRun(indices, policy, find, elementwise(find), partial);
  const op = policy.op;
  const target = unravel(dupTarget, map.spec.operandShape);
  const positions = [unravel(first, map.spec.spaceShape), unravel(dupSecond, map.spec.spaceShape)];
  const message = `updates at positions ${fmt(positions[0])} and ${fmt(positions[1])} both target element ${fmt(target)}`;
  if (isPromise) {
    throw new BrokenPromiseError(
      `${op}.unique_indices`,
      `${op}: unique_indices was promised but ${message}`,
      { target, positions },
    );
  }
  throw new DuplicateIndexError(
    options.duplicate_code ?? `${op}.duplicate_indices`,
    `${op}: duplicate scatter target: ${message}`,
    {
      target,
      positions,
    },
  );
}

/**
 * Scatters `updates` into copies of `inputs` (StableHLO `scatter`). `update_computation` is a
 * reducer name or a function; the default out-of-bounds mode `skip` is the spec's rule.
 */
export function scatter(
  inputs: Tensor | readonly Tensor[],
  scatterIndices: Tensor,
  updates: Tensor | readonly Tensor[],
  dn: ScatterDimensionNumbers,
  updateComputation: UpdateComputation = 'replace',
  options: ScatterOptions = {},
): Tensor[] {
  const ins = Array.isArray(inputs) ? (inputs as readonly Tensor[]) : [inputs as Tensor];
  const ups = Array.isArray(updates) ? (updates as readonly Tensor[]) : [updates as Tensor];
  if (ins.length === 0 || ins.length !== ups.length) {
    throw new InvalidArgumentError(
      'stablehlo.scatter.C5',
      `${options.op ?? 'stablehlo.scatter'}: need 0 < size(inputs) = size(updates); got ${ins.length} and ${ups.length}`,
    );
  }
  for (const t of ins) {
    if (fmt(t.shape) !== fmt(ins[0].shape)) {
      throw new InvalidArgumentError(
        'stablehlo.scatter.C1',
        `${options.op ?? 'stablehlo.scatter'}: all inputs must have one shape; got ${fmt(ins.map((x) => x.shape))}`,
      );
    }
  }
  for (const t of ups) {
    if (fmt(t.shape) !== fmt(ups[0].shape)) {
      throw new InvalidArgumentError(
        'stablehlo.scatter.C3',
        `${options.op ?? 'stablehlo.scatter'}: all updates must have one shape; got ${fmt(ups.map((x) => x.shape))}`,
      );
    }
  }
  const plan = compileScatter(
    ins[0].shape,
    ins.map((t) => t.dtype),
    scatterIndices.shape,
    scatterIndices.dtype,
    ups[0].shape,
    ups.map((t) => t.dtype),
    dn,
    updateComputation,
    options,
  );
  const out =
    options.out === undefined
      ? undefined
      : Array.isArray(options.out)
        ? (options.out as readonly Tensor[])
        : [options.out as Tensor];
  return plan.run(ins, scatterIndices, ups, out);
}

/** Convenience for one input: returns the single result. */
export function scatter1(
  input: Tensor,
  scatterIndices: Tensor,
  updates: Tensor,
  dn: ScatterDimensionNumbers,
  updateComputation: UpdateComputation = 'replace',
  options: ScatterOptions = {},
): Tensor {
  return scatter([input], scatterIndices, [updates], dn, updateComputation, options)[0];
}

export { zeros };
