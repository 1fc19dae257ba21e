/**
 * The general scatter: StableHLO `scatter` semantics (variadic, batching dims) plus the index
 * policies and reducers of the frameworks.
 *
 *   results[full_start_index + full_batching_index + full_window_index]
 *       = update_computation(results[...], updates[update_index])
 *
 * Updates are applied in update-index (row-major) order, so every result is deterministic:
 * with `replace`, the last duplicate wins. A run picks the first strategy of STRATEGIES that
 * applies; every strategy writes the same bits.
 */
import { DTypeError, InternalError, InvalidArgumentError, fmt } from '../errors.js';
import {
  type DType,
  type Scalar,
  byteSize,
  decodeScalar,
  encodeScalar,
  isComplex,
  isFloat,
} from '../tensor/dtype.js';
import { divideComplexByCounts, fillComplexIdentity, refuseComplexFunction } from './complex.js';
import { Tensor, checkTensor, resultTensor, zeros } from '../tensor/tensor.js';
import { DUPLICATE_FOUND, type RunFn, findDuplicate, skipHandler, targetMarks } from './duplicates.js';
import { checkIndexDType, checkPlanTensor, freshStorage, ref } from './gather.js';
import { checkOut } from './validate.js';
import { IndexMap, type IndexSource, type ResolvedPolicy, allIndicesValid } from './index-map.js';
import {
  type FloatMinMax,
  type FloatNaN,
  type ReduceKernel,
  FLOAT_MINMAX_RULES,
  FLOAT_NAN_RULES,
  isNaNRule,
  nanOfOne,
  reduceKernel,
  reducerIdentity,
} from './kernels.js';
import {
  CHUNKS_PER_PART,
  type ParallelJob,
  type ParallelPool,
  claimChunks,
  claimCounter,
  finishJob,
  getParallel,
  partsFor,
  sharedStorage,
} from './parallel.js';
import { CHECK, canWalkElements, walkElements } from './pointwise.js';
import { badOptions, resolvePolicy } from './policy.js';
import { coreScatterPlan } from './plan-cache.js';
import { checkDTypeList, scatterTensors } from './scatter-entry.js';
import {
  type RangeJob,
  type RangeReducer,
  hooks,
  ownsRows,
  replaceRowBlocks,
  scatterChunk,
  scatterRange,
} from './scatter-range.js';
import { type ScatterShapeInfo, checkVariadicShapes, scatterShape } from './scatter-shape.js';
import {
  ON_STORAGE,
  type ReducerName,
  type ScatterDimensionNumbers,
  type ScatterOptions,
  type StorageUpdate,
  type UpdateComputation,
} from './types.js';

/** The CHECK walk reads and writes no data. */
const NO_BITS = new Int32Array(0);

const REDUCERS: readonly ReducerName[] = ['replace', 'add', 'sub', 'mul', 'min', 'max', 'mean'];

/** A scatter compiled for fixed attributes, shapes and dtypes. */
export interface ScatterPlan {
  /** The shape of every result (= the inputs'). */
  readonly resultShape: readonly number[];
  /** The checked shapes and normalized dimension numbers. */
  readonly info: ScatterShapeInfo;
  /** How index vectors and batch positions map to input offsets. */
  readonly map: IndexMap;
  /** The resolved index policy. */
  readonly policy: ResolvedPolicy;
  /** Runs the scatter; returns one result per input (the `out` tensors when given). */
  run(
    inputs: readonly Tensor[],
    scatterIndices: Tensor,
    updates: readonly Tensor[],
    out?: readonly Tensor[],
  ): Tensor[];
  /**
   * `run` into `out` tensors the caller has checked: `execute` checks the out rule once, against
   * the call's final (reshaped) result, so the plan does not check it again.
   */
  runInto(
    inputs: readonly Tensor[],
    scatterIndices: Tensor,
    updates: readonly Tensor[],
    out: readonly Tensor[],
  ): Tensor[];
}

/** What a plan fixes at compile time: shapes, dtypes, the map, the policy and the kernels. */
interface ScatterSetup {
  readonly op: string;
  readonly inputShape: readonly number[];
  readonly inputDTypes: readonly DType[];
  readonly indicesShape: readonly number[];
  readonly indicesDType: DType;
  readonly updatesShape: readonly number[];
  readonly updateDTypes: readonly DType[];
  readonly map: IndexMap;
  readonly policy: ResolvedPolicy;
  readonly computation: UpdateComputation;
  /** The built-in reducer, or null for a function. */
  readonly reducer: ReducerName | null;
  /** One kernel per input for reducers other than `replace`. */
  readonly kernels: readonly ReduceKernel[] | null;
  readonly minmax: FloatMinMax;
  readonly nan: FloatNaN;
  readonly includeSelf: boolean;
  /** `duplicates: 'error'`, or a checked `unique_indices` promise. */
  readonly checkDuplicates: boolean;
  /** A duplicate breaks the `unique_indices` promise (BrokenPromiseError) rather than a rule. */
  readonly duplicateIsPromise: boolean;
  readonly duplicateCode: string | undefined;
  /** Element-wise `replace` of one ≤ 32-bit input that walkElements runs. */
  readonly walkable: boolean;
  /** `walkable`, and the operand rows pair with the batch rows (see ownsRows). */
  readonly rowBlocked: boolean;
  /** The duplicate check can run inside an element-wise write (into a fresh result). */
  readonly fusable: boolean;
  /** Index values can fail the call (`error`, a checked promise): such calls stay on one thread. */
  readonly mayFail: boolean;
  /** Threads may split this scatter (built-in reducers that keep the input, no sortedness check). */
  readonly splittable: boolean;
  /** Bytes a run moves (updates or inputs, whichever is more): what decides a split. */
  readonly bytes: number;
}

/** One run of a plan: its setup and this call's tensors. */
interface ScatterJob {
  readonly setup: ScatterSetup;
  readonly inputs: readonly Tensor[];
  readonly indices: Tensor;
  readonly updates: readonly Tensor[];
  readonly out: readonly Tensor[] | undefined;
  /** `skip`'s raw starts of partly out-of-bounds windows (null for other policies). */
  readonly partial: Map<number, Float64Array> | null;
  /** The duplicate check runs inside the write (one pass over the indices) instead of before. */
  readonly fuseDupCheck: boolean;
  /** Threads to split over; 0 keeps the run on this thread. */
  readonly parts: number;
}

/** One way to run a scatter; the first strategy whose `applies` holds runs the job. */
interface ScatterStrategy {
  readonly name: string;
  applies(setup: ScatterSetup, job: ScatterJob): boolean;
  run(job: ScatterJob): Tensor[];
}

/**
 * The strategies, in order of preference. Element-wise `replace` whose rows pair with the batch
 * rows copies and scatters block by block; a large call over shared memory splits across
 * threads when its indices cannot fail; built-in reducers apply run by run (rows interleaved);
 * `mean` and update functions apply run by run through a general kernel.
 */
const STRATEGIES: readonly ScatterStrategy[] = [
  { name: 'row-blocks', applies: (s, j) => j.parts === 0 && s.rowBlocked, run: runRowBlocks },
  {
    name: 'threads',
    // Threads only for a job that cannot fail on its indices (see gather): one that can runs on
    // this thread, which leaves exactly a single thread's state and reports the first error.
    applies: (s, j) =>
      j.parts > 0 && !hookTakes(j) && (!s.mayFail || allIndicesValid(s.map, s.policy, j.indices)),
    run: runThreads,
  },
  { name: 'reduce-runs', applies: (s) => s.reducer !== null && s.reducer !== 'mean', run: runReduce },
  { name: 'general-runs', applies: () => true, run: runGeneral },
];

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
  if (typeof options !== 'object' || options === null) badOptions(options);
  const op = options.op ?? 'stablehlo.scatter';
  checkDTypeList(inputDTypes, 'inputDTypes', op);
  checkDTypeList(updateDTypes, 'updateDTypes', op);
  checkIndexDType(indicesDType, op, 'stablehlo.scatter.I2');
  const info = scatterShape(
    inputDTypes.map(() => inputShape),
    indicesShape,
    updateDTypes.map(() => updatesShape),
    dn,
    op,
  );
  checkTypes(op, inputDTypes, updateDTypes, computation);
  const a = info.attributes;
  const policy = resolvePolicy('scatter', options.mode ?? 'skip', options, a.indices_are_sorted);
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
  const shapes = { op, inputShape, inputDTypes, indicesShape, indicesDType, updatesShape, updateDTypes };
  const setup = setupOf(shapes, map, policy, computation, options, a.unique_indices);
  const run = (
    inputs: readonly Tensor[],
    indices: Tensor,
    updates: readonly Tensor[],
    out?: readonly Tensor[],
  ): Tensor[] => runPlan(setup, inputs, indices, updates, out);
  const runInto = (
    inputs: readonly Tensor[],
    indices: Tensor,
    updates: readonly Tensor[],
    out: readonly Tensor[],
  ): Tensor[] => runPlan(setup, inputs, indices, updates, out, 'checked');
  return { resultShape: inputShape, info, map, policy, run, runInto };
}

/** (C6) the updates' dtypes are the inputs'; (C23) the update computation is known. */
function checkTypes(
  op: string,
  inputDTypes: readonly DType[],
  updateDTypes: readonly DType[],
  computation: UpdateComputation,
): void {
  for (let i = 0; i < inputDTypes.length; i++) {
    if (inputDTypes[i] !== updateDTypes[i]) {
      throw new DTypeError(
        'stablehlo.scatter.C6',
        `${op}: updates[${i}] has dtype ${updateDTypes[i]} but inputs[${i}] has ${inputDTypes[i]}`,
        { input: inputDTypes[i], update: updateDTypes[i] },
      );
    }
  }
  if (typeof computation !== 'function' && !REDUCERS.includes(computation)) {
    throw new InvalidArgumentError(
      'stablehlo.scatter.C23',
      `${op}: update_computation must be one of ${fmt(REDUCERS)} or a function; got ${fmt(computation)}`,
    );
  }
}

type SetupShapes = Pick<
  ScatterSetup,
  'op' | 'inputShape' | 'inputDTypes' | 'indicesShape' | 'indicesDType' | 'updatesShape' | 'updateDTypes'
>;

/** The compile-time facts of a scatter; the options' rules are checked and kernels picked here. */
function setupOf(
  shapes: SetupShapes,
  map: IndexMap,
  policy: ResolvedPolicy,
  computation: UpdateComputation,
  options: ScatterOptions,
  uniqueIndices: boolean,
): ScatterSetup {
  const { op, inputDTypes, updateDTypes, indicesDType } = shapes;
  const checkDuplicates = options.duplicates === 'error' || (options.checked === true && uniqueIndices);
  const walkOk = canWalkElements(map, policy, indicesDType);
  if (options.duplicates !== undefined && options.duplicates !== 'apply' && options.duplicates !== 'error') {
    throw new InvalidArgumentError(
      `${op}.duplicates`,
      `${op}: duplicates must be "apply" or "error"; got ${fmt(options.duplicates)}`,
    );
  }
  const reducer = typeof computation === 'string' ? computation : null;
  const { minmax, nan, kernels } = pickKernels(op, inputDTypes, reducer, options);
  const includeSelf = options.include_self !== false;
  const narrow = inputDTypes.length === 1 && byteSize(inputDTypes[0]) <= 4;
  const walkable = reducer === 'replace' && narrow && walkOk;
  const elementWise = map.runLen === 1 && map.outerPerBatch === 1 && map.batchMajor;
  const bytes = (ds: readonly DType[], n: number) => ds.reduce((acc, d) => acc + n * byteSize(d), 0);
  return {
    ...shapes,
    map,
    policy,
    computation,
    reducer,
    kernels,
    minmax,
    nan,
    includeSelf,
    checkDuplicates,
    duplicateIsPromise: uniqueIndices && options.duplicates !== 'error',
    duplicateCode: options.duplicate_code,
    walkable,
    rowBlocked: walkable && ownsRows(map),
    fusable:
      checkDuplicates &&
      reducer === 'replace' &&
      narrow &&
      policy.oob !== 'partial' &&
      !policy.checkSorted &&
      elementWise,
    mayFail: policy.oob === 'error' || policy.promiseInBounds,
    splittable:
      reducer !== null && reducer !== 'mean' && (includeSelf || reducer === 'replace') && !policy.checkSorted,
    bytes: Math.max(bytes(updateDTypes, map.spaceSize), bytes(inputDTypes, map.operandSize)),
  };
}

/** The float rules and the reducer kernels, picked now so an unsupported (reducer, dtype) fails at compile time. */
function pickKernels(
  op: string,
  inputDTypes: readonly DType[],
  reducer: ReducerName | null,
  options: ScatterOptions,
): { minmax: FloatMinMax; nan: FloatNaN; kernels: readonly ReduceKernel[] | null } {
  const minmax = options.float_minmax ?? 'ieee';
  if (!FLOAT_MINMAX_RULES.includes(minmax))
    throw new InvalidArgumentError(
      `${op}.float_minmax`,
      `${op}: float_minmax must be one of ${FLOAT_MINMAX_RULES.map((r) => `"${r}"`).join(', ')}; got ${fmt(minmax)}`,
    );
  const nan = options.float_nan ?? 'self_first';
  if (!isNaNRule(nan))
    throw new InvalidArgumentError(
      `${op}.float_nan`,
      `${op}: float_nan must be one of ${FLOAT_NAN_RULES.map((r) => `"${r}"`).join(', ')}, or { row, bands: [[end, order], …] } with ends rising to row; got ${fmt(nan)}`,
    );
  const kernels =
    reducer && reducer !== 'replace'
      ? inputDTypes.map((d) => reduceKernel(reducer, d, op, minmax, nan))
      : null;
  if (reducer === null) refuseComplexFunction(op, inputDTypes);
  if (reducer === 'mean') for (const d of inputDTypes) if (d === 'bool') reduceKernel('sub', d, op);
  return { minmax, nan, kernels };
}

/**
 * One run: the tensors checked against the plan, duplicates checked, then the first strategy that
 * applies. The out rule runs here unless the caller has checked `out` (`outRule: 'checked'`).
 */
function runPlan(
  setup: ScatterSetup,
  inputs: readonly Tensor[],
  indices: Tensor,
  updates: readonly Tensor[],
  out: readonly Tensor[] | undefined,
  outRule: 'check' | 'checked' = 'check',
): Tensor[] {
  checkRunTensors(setup, inputs, indices, updates, out);
  const { policy, map } = setup;
  // Before the duplicate check and any write, as NumPy checks an index tuple (OobOrder).
  if (policy.componentsFirst) for (let k = 0; k < map.K; k++) map.checkComponent(indices, policy, k);
  const fuseDupCheck = setup.fusable && (!out || setup.rowBlocked);
  const job: ScatterJob = {
    setup,
    inputs,
    indices,
    updates,
    out,
    partial: policy.oob === 'partial' ? new Map<number, Float64Array>() : null,
    fuseDupCheck,
    parts:
      setup.splittable && !fuseDupCheck
        ? partsFor(setup.bytes, [...inputs, indices, ...updates, ...(out ?? [])])
        : 0,
  };
  if (setup.checkDuplicates && !fuseDupCheck) {
    // One pass over the indices marks every target before anything is written.
    if (setup.walkable)
      fused(job, () =>
        walkElements(
          { map, indices, policy, mode: CHECK, dst: NO_BITS, src: NO_BITS, fill: 0, seen: targetMarks(map) },
          0,
          map.batchCount,
        ),
      );
    else reportDuplicate(job);
  }
  if (out && outRule === 'check')
    for (let i = 0; i < out.length; i++) checkOut(setup.op, out[i], setup.inputShape, setup.inputDTypes[i]);
  return (STRATEGIES.find((s) => s.applies(setup, job)) as ScatterStrategy).run(job);
}

/** The run's tensors against the plan: counts (C5, C24), shapes and dtypes. */
function checkRunTensors(
  setup: ScatterSetup,
  inputs: readonly Tensor[],
  indices: Tensor,
  updates: readonly Tensor[],
  out: readonly Tensor[] | undefined,
): void {
  const { op, inputDTypes: dts } = setup;
  const N = dts.length;
  if (inputs.length !== N || updates.length !== N) {
    throw new InvalidArgumentError(
      'stablehlo.scatter.C5',
      `${op}: plan compiled for ${N} inputs/updates; got ${inputs.length}/${updates.length}`,
    );
  }
  for (let i = 0; i < N; i++) {
    checkPlanTensor(op, 'inputs', inputs[i], setup.inputShape, dts[i]);
    checkPlanTensor(op, 'indices', indices, setup.indicesShape, setup.indicesDType);
    checkPlanTensor(op, 'updates', updates[i], setup.updatesShape, setup.updateDTypes[i]);
  }
  if (out && out.length !== N)
    throw new InvalidArgumentError(
      'stablehlo.scatter.C24',
      `${op}: expected ${N} out tensors; got ${out.length}`,
    );
}

/** Throws the detailed duplicate error (DuplicateIndexError / BrokenPromiseError) if any target repeats. */
function reportDuplicate(job: ScatterJob): void {
  const { map, policy, duplicateIsPromise, duplicateCode } = job.setup;
  findDuplicate(
    { map, indices: job.indices, policy, partial: job.partial },
    { isPromise: duplicateIsPromise, code: duplicateCode },
  );
}

/**
 * Runs a write with a fused duplicate check: at DUPLICATE_FOUND the detailed error is rebuilt
 * by the one detector (the result written so far is fresh and discarded).
 */
function fused(job: ScatterJob, write: () => void): void {
  try {
    write();
  } catch (e) {
    if (e !== DUPLICATE_FOUND) throw e;
    reportDuplicate(job);
    const op = job.setup.op;
    throw new InternalError(`${op}.internal`, `${op}: duplicate check disagreed with itself`);
  }
}

/** Strategy `row-blocks`: see replaceRowBlocks. */
function runRowBlocks(job: ScatterJob): Tensor[] {
  const { map, policy } = job.setup;
  const o = job.out?.[0];
  const input = job.inputs[0];
  const result =
    o ??
    resultTensor(
      input.dtype,
      input.shape,
      freshStorage(input.dtype, input.size, byteSize(input.dtype)),
      input.size,
    );
  const seen = job.fuseDupCheck ? targetMarks(map) : null;
  const updates = job.updates[0];
  fused(job, () =>
    replaceRowBlocks({ map, policy, input, indices: job.indices, updates, result, copy: o !== input, seen }),
  );
  return [result];
}

/** Strategy `threads`: results filled chunk by chunk (the input copy over a range, then its updates). */
function runThreads(job: ScatterJob): Tensor[] {
  const { setup, inputs, indices, updates, out } = job;
  const { map, policy } = setup;
  const results = inputs.map(
    (t, i) => out?.[i] ?? new Tensor(t.dtype, t.shape, sharedStorage(t.data, t.size)),
  );
  const pool = getParallel().pool as ParallelPool;
  const parallel: ParallelJob = {
    kind: 'scatter',
    spec: map.spec,
    policy,
    reducer: setup.reducer as RangeReducer,
    minmax: setup.minmax,
    nan: setup.nan,
    inputs: inputs.map(ref),
    indices: ref(indices),
    updates: updates.map(ref),
    results: results.map(ref),
    copyInputs: inputs.map((t, i) => out?.[i] !== t),
    parts: job.parts,
    // Row-owning chunks walk only their rows' updates and split finer; others walk every
    // update per chunk, so they split once per thread.
    chunks: ownsRows(map) ? job.parts * CHUNKS_PER_PART : job.parts,
    next: claimCounter(),
  };
  const ticket = pool.start(parallel);
  const part = { map, job: parallel, inputs, indices, updates, results, kernels: setup.kernels };
  finishJob(
    ticket,
    () => claimChunks(parallel.next, parallel.chunks, (c) => scatterChunk(part, c)),
    setup.op,
  );
  return results;
}

/**
 * Fresh copies of the inputs (or the inputs copied into `out`), reset to the reducer's identity
 * without include_self. With `copy` false the results are left unwritten (see runReduce).
 */
function startResults(job: ScatterJob, copy = true): Tensor[] {
  const { setup, inputs, out } = job;
  const results = inputs.map((t, i) => {
    const o = out?.[i];
    if (!o)
      return copy
        ? freshCopy(t)
        : resultTensor(t.dtype, t.shape, freshStorage(t.dtype, t.size, byteSize(t.dtype)), t.size);
    // An empty tensor's storage may be detached (it still has all 0 elements): set would throw.
    if (copy && o !== t && t.size > 0) (o.data as any).set(t.data);
    return o;
  });
  const { reducer, map } = setup;
  if (!setup.includeSelf && reducer && reducer !== 'replace') {
    const dts = setup.inputDTypes;
    const ids = dts.map((d) => (isComplex(d) ? 0 : reducerIdentity(reducer, d)));
    const reset: RunFn = (_r, t, n) => {
      for (let i = 0; i < results.length; i++) {
        const d = dts[i];
        if (isComplex(d)) fillComplexIdentity(results[i].data as Float64Array, d, reducer, t, n, setup.op);
        else (results[i].data as any).fill(ids[i], t, t + n);
      }
    };
    map.forEachRun(sourceOf(job), reset, skipHandler(map, job.partial, reset));
  }
  return results;
}

/** The job's indices under its policy, as the map's walks read them. */
function sourceOf(job: ScatterJob): IndexSource {
  return { indices: job.indices, policy: job.setup.policy, partial: job.partial };
}

/** Strategy `reduce-runs`: built-in reducers but `mean`, on this thread (see scatterRange). */
function runReduce(job: ScatterJob): Tensor[] {
  const { map, reducer, includeSelf } = job.setup;
  // Under a range hook the inputs are copied by scatterRange: the hook may copy them straight
  // into its own memory instead (B5: one 16 MiB copy fewer).
  const lazy = hooks.range !== null && includeSelf && reducer !== 'replace' && !job.fuseDupCheck;
  const results = startResults(job, !lazy);
  const seen = job.fuseDupCheck ? targetMarks(map) : null;
  fused(job, () => scatterRange(wholeRange(job, results, lazy ? job.inputs : null, seen)));
  return results;
}

/** The range job applying all of `job`'s updates, in update-index order, to `results`. */
function wholeRange(
  job: ScatterJob,
  results: readonly Tensor[],
  from: readonly Tensor[] | null,
  seen: Int32Array | null,
): RangeJob {
  const { map, policy, kernels, nan, reducer } = job.setup;
  const { indices, updates, partial } = job;
  return {
    map,
    policy,
    reducer: reducer as RangeReducer,
    kernels,
    nan,
    results,
    from,
    indices,
    updates,
    partial,
    // Every target [0, operandSize), every batch position (bLo < 0).
    t0: 0,
    t1: map.operandSize,
    bLo: -1,
    bHi: -1,
    seen,
  };
}

/** Whether the host's range hook would take the whole job (then it runs here, not on threads). */
function hookTakes(job: ScatterJob): boolean {
  // The inputs stand in for the results the hook would write: same dtypes, same count. (A hook
  // removed, `range` null, takes nothing, whatever `takes` says.)
  const { range, takes } = hooks;
  if (range === null || takes === null || job.setup.reducer === null) return false;
  return takes(wholeRange(job, job.inputs, null, null));
}

/** Strategy `general-runs`: `mean` (sums, then counts) and update functions, run by run. */
function runGeneral(job: ScatterJob): Tensor[] {
  const results = startResults(job);
  const { setup, updates } = job;
  const { kernels, map } = setup;
  let fn: RunFn;
  if (kernels) {
    const dst = results.map((t) => t.data);
    const src = updates.map((t) => t.data);
    const k0 = kernels[0];
    fn =
      dst.length === 1
        ? (r, t, n) => k0(dst[0], t, src[0], r, n)
        : (r, t, n) => {
            for (let i = 0; i < dst.length; i++) kernels[i](dst[i], t, src[i], r, n);
          };
  } else {
    fn = customKernel(
      setup.computation as (...args: Scalar[]) => Scalar | readonly Scalar[],
      results,
      updates,
      setup.op,
    );
  }
  let counts: Float64Array | null = null;
  if (setup.reducer === 'mean') {
    const c = new Float64Array(results[0].size);
    counts = c;
    const inner = fn;
    fn = (r, t, n) => {
      inner(r, t, n);
      for (let j = 0; j < n; j++) c[t + j]++;
    };
  }
  map.forEachRun(sourceOf(job), fn, skipHandler(map, job.partial, fn));
  if (counts) for (const t of results) divideByCounts(t, counts, setup.includeSelf, setup.nan);
  return results;
}

/** A fresh copy of an input: the scatter's result before its updates. */
function freshCopy(t: Tensor): Tensor {
  const data = freshStorage(t.dtype, t.size, byteSize(t.dtype));
  if (t.size > 0) (data as Int8Array).set(t.data as Int8Array); // an empty storage may be detached
  return resultTensor(t.dtype, t.shape, data, t.size);
}

function customKernel(
  f: (...args: Scalar[]) => Scalar | readonly Scalar[],
  results: Tensor[],
  updates: readonly Tensor[],
  op: string,
): RunFn {
  // A computation that works on stored elements moves their bits itself (types.ts ON_STORAGE).
  const onStorage = (f as { [ON_STORAGE]?: StorageUpdate })[ON_STORAGE];
  if (onStorage) {
    const [dst, src] = [results.map((t) => t.data), updates.map((t) => t.data)];
    return (r, t, n) => {
      for (let j = 0; j < n; j++) onStorage(dst, t + j, src, r + j);
    };
  }
  const N = results.length;
  const store = (i: number, at: number, value: Scalar) => {
    const d = results[i].dtype;
    const x = (d === 'int64' || d === 'uint64') && typeof value === 'number' ? BigInt(value) : value;
    (results[i].data as any)[at] = encodeScalar(d, x, `${op} update_computation`);
  };
  const wrongCount = (v: unknown) =>
    new InvalidArgumentError(
      'stablehlo.scatter.C23',
      `${op}: update_computation must return ${N} value(s); got ${fmt(v)}`,
    );
  // No element value passes through a JS array of numbers here: V8 may canonicalise a NaN
  // stored into one (a double array), losing its payload, until the code is optimised
  // (measured: the 11th element of the first call). Hence one computation called with its two
  // arguments, and the argument list of a variadic one kept a generic array.
  if (N === 1) {
    const [rd, ud] = [results[0].dtype, updates[0].dtype];
    const [dst, src] = [results[0].data, updates[0].data];
    return (r, t, n) => {
      for (let j = 0; j < n; j++) {
        const v = f(decodeScalar(rd, dst[t + j]), decodeScalar(ud, src[r + j]));
        if (!Array.isArray(v)) store(0, t + j, v as Scalar);
        else if (v.length === 1) store(0, t + j, v[0]);
        else throw wrongCount(v);
      }
    };
  }
  const args = new Array<Scalar>(2 * N).fill(false);
  return (r, t, n) => {
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < N; i++) {
        args[i] = decodeScalar(results[i].dtype, results[i].data[t + j]);
        args[N + i] = decodeScalar(updates[i].dtype, updates[i].data[r + j]);
      }
      const vs = f(...args);
      if (!Array.isArray(vs) || vs.length !== N) throw wrongCount(vs);
      for (let i = 0; i < N; i++) store(i, t + j, vs[i]);
    }
  };
}

/** Finishes `mean`: sum / count at every element, 1 where none landed (floor division for integers, as PyTorch). */
function divideByCounts(t: Tensor, counts: Float64Array, includeSelf: boolean, nan: FloatNaN): void {
  const d = t.data as any;
  const dt = t.dtype;
  if (isComplex(dt)) {
    divideComplexByCounts(d, dt, counts, includeSelf);
    return;
  }
  // PyTorch divides every element, an untouched one by 1 (count.masked_fill_(count == 0, 1)):
  // only a NaN changes, made as the rule makes one of a single NaN operand (a signalling NaN
  // quieted, a float16 payload or a bfloat16 sign dropped: measured, PyTorch 1.13).
  const nanOf = isFloat(dt) ? nanOfOne(dt, nan) : undefined;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i] + (includeSelf ? 1 : 0) || 1;
    if (nanOf) {
      const v = decodeScalar(dt, d[i]) as number;
      if (Number.isNaN(v)) nanOf(d, i);
      else if (c !== 1) d[i] = encodeScalar(dt, v / c);
    } else if (c === 1) continue;
    else if (dt === 'int64' || dt === 'uint64') {
      const q = d[i] / BigInt(c);
      d[i] = d[i] < 0n && q * BigInt(c) !== d[i] ? q - 1n : q;
    } else d[i] = Math.floor(d[i] / c);
  }
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
  // Brand checks only, as gather's: compileScatter reads the shapes before any check of its own.
  const ins = scatterTensors(inputs, 'inputs', 'core.scatter.inputs');
  if (!Tensor.isTensor(scatterIndices))
    checkTensor(scatterIndices, 'scatterIndices', 'core.scatter', 'core.scatter.scatter_indices');
  const ups = scatterTensors(updates, 'updates', 'core.scatter.updates');
  if (typeof options !== 'object' || options === null) badOptions(options);
  checkVariadicShapes(
    options.op ?? 'stablehlo.scatter',
    ins.map((t) => t.shape),
    ups.map((t) => t.shape),
  );
  // Cached as a frontend call's plan, or compiled as given (see core.gather).
  const plan =
    coreScatterPlan(ins, scatterIndices, ups, dn, updateComputation, options) ??
    compileScatter(
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
