/**
 * The index arithmetic gather and scatter share. Both map a "space" (the gather result, the
 * scatter updates) onto an operand through an indices tensor:
 *
 *   operand_index = full_start_index + full_batching_index + full_window_index
 *
 * An IndexMap is compiled once per (attributes, shapes): strides, the contiguous run length,
 * the odometer steps. Execution is two phases per chunk of batch positions:
 *   1. resolve: read each index vector, apply the index policy, store the operand offset of the
 *      window start (or a status: filled/dropped, partially out of bounds);
 *   2. move:    walk the space in row-major order and hand each contiguous run to a kernel.
 */
import { GatherScatterError, InvalidArgumentError, fmt } from '../errors.js';
import type { Tensor } from '../tensor/tensor.js';
import { stridesOf } from '../tensor/tensor.js';
import { brokenPromiseError, callerPosition, outOfBoundsError } from './call-errors.js';
import { indexWords } from './kernels.js';

/** Start status sentinels stored in place of an offset. */
export const INVALID = -1; // the whole window is filled (gather) or dropped (scatter)
/** A start status: the window is partly out of bounds; scatter `skip` handles it per element. */
export const PARTIAL = -2;

/** Index policy after defaults, as one resolved value. */
export interface ResolvedPolicy {
  /** What an out-of-range window start becomes. */
  readonly oob: 'clip' | 'invalid' | 'partial' | 'error' | 'wrap';
  /** Under `error`, each index component is checked in full, in component order, first (OobOrder `components`). */
  readonly componentsFirst: boolean;
  /** Negative indices count from the end once. */
  readonly fromEnd: boolean;
  /** Throw BrokenPromiseError for any out-of-range start (checked promise_in_bounds). */
  readonly promiseInBounds: boolean;
  /** Throw BrokenPromiseError unless the starts are sorted (checked indices_are_sorted). */
  readonly checkSorted: boolean;
  /** The op named in errors. */
  readonly op: string;
  /** The rule code of an out-of-bounds error. */
  readonly oobCode: string;
}

/** The shapes and dimension numbers, in role names common to gather and scatter. */
export interface IndexMapSpec {
  /** The op named in errors. */
  readonly op: string;
  /** Gather result / scatter updates shape. */
  readonly spaceShape: readonly number[];
  /** Space dims that walk the window: offset_dims / update_window_dims. */
  readonly windowSpaceDims: readonly number[];
  /** Gather operand / scatter input shape. */
  readonly operandShape: readonly number[];
  /** Window extent in every operand dim (slice_sizes; for scatter, derived from updates). */
  readonly windowSizes: readonly number[];
  /** collapsed_slice_dims / inserted_window_dims. */
  readonly collapsedDims: readonly number[];
  /** operand_batching_dims / input_batching_dims. */
  readonly operandBatchingDims: readonly number[];
  /** start_indices_batching_dims / scatter_indices_batching_dims. */
  readonly indicesBatchingDims: readonly number[];
  /** The index tensor's shape. */
  readonly indicesShape: readonly number[];
  /** The index tensor dim that holds index vectors. */
  readonly indexVectorDim: number;
  /** start_index_map / scatter_dims_to_operand_dims. */
  readonly startIndexMap: readonly number[];
}

/** What a walk resolves: the indices under a policy, and `skip`'s side table. */
export interface IndexSource {
  readonly indices: Tensor;
  readonly policy: ResolvedPolicy;
  /** Receives the unclamped starts of PARTIAL windows (scatter `skip`), or null. */
  readonly partial: Map<number, Float64Array> | null;
}

/** The previous start of a checked `indices_are_sorted` walk. */
type SortedState = { prev: Float64Array | null };

/** `move`'s callback for a resolved run: (space offset, operand offset, run length). */
export type RunCallback = (spaceOff: number, opOff: number, n: number) => void;
/** `move`'s callback for an INVALID or PARTIAL window's run. */
export type SpecialCallback = (
  status: number,
  b: number,
  spaceOff: number,
  windowOff: number,
  n: number,
) => void;

/** How indices are read: 0 = directly (≤ 32-bit ints), 1 = int64, 2 = uint64 (via an Int32Array view). */
type IndexKind = 0 | 1 | 2;

const TWO32 = 4294967296;
const EMPTY_I32 = new Int32Array(0);
/** The odometer counter of 0-D and 1-D batches (never read or written). */
const NO_COUNTER = Object.freeze([]) as unknown as number[];
const HI_LIMIT = 2097152; // 2^21: |hi| below this keeps hi * 2^32 + lo exact (< 2^53)

/** Reads index element `e` as a number; values beyond ±2^53 become ±Infinity (always out of bounds). */
function readIndex(kind: IndexKind, direct: ArrayLike<number>, w32: Int32Array, e: number): number {
  if (kind === 0) return direct[e];
  const lo = w32[2 * e];
  const hi = w32[2 * e + 1];
  if (kind === 1) {
    if (hi === lo >> 31) return lo;
    if (hi >= -HI_LIMIT && hi < HI_LIMIT) return hi * TWO32 + (lo >>> 0);
    return hi < 0 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (hi === 0) return lo >>> 0;
  return hi >>> 0 < HI_LIMIT ? (hi >>> 0) * TWO32 + (lo >>> 0) : Number.POSITIVE_INFINITY;
}

/** Exact value of index element `e` (slow path: error messages and `wrap` of huge values). */
function exactIndex(indices: Tensor, e: number): bigint {
  const v = (indices.data as ArrayLike<number | bigint>)[e];
  return typeof v === 'bigint' ? v : BigInt(v);
}

/** Unravels a linear offset into a multi-index of `shape`. */
export function unravel(offset: number, shape: readonly number[]): number[] {
  const idx = new Array<number>(shape.length).fill(0);
  for (let d = shape.length - 1; d >= 0; d--) {
    const n = shape[d];
    if (n > 0) {
      idx[d] = offset % n;
      offset = Math.floor(offset / n);
    }
  }
  return idx;
}

/**
 * The odometer every walker shares. It steps through a row-major `shape` and keeps two linear
 * offsets, `a` and `b`, each the dot product of the position with its own steps — for batch
 * positions: where the index vector starts in the indices, and the operand offset the batching
 * dims add; for `move`'s outer positions: the batch position and the window's operand offset.
 * Walkers take the innermost dim in runs (`len - i` positions remain in the row) and call
 * `advance(n)`, which carries into the outer dims at the row's end.
 */
export class Odometer {
  /** The two offsets of the current position. */
  a: number;
  b: number;
  /** Position along the innermost dim. */
  i: number;
  /** Innermost dim's size (1 for a 0-D shape) and its two steps. */
  readonly len: number;
  readonly stepA: number;
  readonly stepB: number;
  /** Outer coordinates (0-D and 1-D shapes need none: the common tiny call allocates nothing). */
  private readonly ctr: number[];

  constructor(
    private readonly shape: readonly number[],
    private readonly stepsA: readonly number[],
    private readonly stepsB: readonly number[],
    start: number,
  ) {
    const nd = shape.length;
    this.ctr = nd > 1 ? new Array<number>(nd).fill(0) : NO_COUNTER;
    this.a = 0;
    this.b = 0;
    this.i = 0;
    this.len = nd > 0 ? shape[nd - 1] : 1;
    this.stepA = nd > 0 ? stepsA[nd - 1] : 0;
    this.stepB = nd > 0 ? stepsB[nd - 1] : 0;
    this.reset(start);
  }

  /** Moves to position `start` (row-major offset); returns this. */
  reset(start: number): this {
    const { shape, stepsA, stepsB, ctr } = this;
    const nd = shape.length;
    if (nd <= 1) {
      this.i = nd === 1 ? start : 0;
      this.a = nd === 1 ? start * stepsA[0] : 0;
      this.b = nd === 1 ? start * stepsB[0] : 0;
      return this;
    }
    let a = 0;
    let b = 0;
    let rest = start;
    for (let j = nd - 1; j >= 0; j--) {
      const n = shape[j];
      const c = n > 0 ? rest % n : 0;
      if (n > 0) rest = Math.floor(rest / n);
      ctr[j] = c;
      a += c * stepsA[j];
      b += c * stepsB[j];
    }
    this.a = a;
    this.b = b;
    this.i = ctr[nd - 1];
    return this;
  }

  /** Moves `n` positions along the current row (n ≤ len - i), then past its end if reached. */
  advance(n: number): void {
    this.i += n;
    this.a += n * this.stepA;
    this.b += n * this.stepB;
    if (this.i === this.len) this.carry();
  }

  /** The row is done: back to its start, one step on in the outer dims. */
  private carry(): void {
    const ctr = this.ctr;
    this.i = 0;
    this.a -= this.len * this.stepA;
    this.b -= this.len * this.stepB;
    for (let j = this.shape.length - 2; j >= 0; j--) {
      const n = this.shape[j];
      this.a += this.stepsA[j];
      this.b += this.stepsB[j];
      if (++ctr[j] < n) return;
      this.a -= this.stepsA[j] * n;
      this.b -= this.stepsB[j] * n;
      ctr[j] = 0;
    }
  }

  /** The current multi-index. */
  coords(): number[] {
    const nd = this.shape.length;
    if (nd <= 1) return nd === 1 ? [this.i] : [];
    const c = [...this.ctr];
    c[nd - 1] = this.i;
    return c;
  }
}

/** A compiled index map; see the module comment. */
export class IndexMap {
  /** The shapes and dimension numbers it was compiled from. */
  readonly spec: IndexMapSpec;
  /** Row-major strides of the operand. */
  readonly opStrides: readonly number[];
  /** Indices shape without the index vector dim; its row-major positions are "batch positions". */
  readonly batchShape: readonly number[];
  /** Number of batch positions (index vectors). */
  readonly batchCount: number;
  /** Index vector length (size of start_index_map / scatter_dims_to_operand_dims). */
  readonly K: number;
  /** The indices stride between index vector components (0 when implicit). */
  readonly kStride: number;
  /** Per batch dim: its stride in the indices tensor. */
  readonly batchIdxStrides: readonly number[];
  /** Per batch dim: its operand stride when it is a batching dim, else 0. */
  readonly batchOpStrides: readonly number[];
  /** Per index component k: the operand dim it starts. */
  readonly kDim: readonly number[];
  /** Per index component: the size of its operand dim. */
  readonly kSize: readonly number[];
  /** Per index component: the stride of its operand dim. */
  readonly kOpStride: readonly number[];
  /** Per index component: the largest start whose window fits. */
  readonly kMaxStart: readonly number[];
  /** Length of the contiguous run (trailing space dims contiguous in the operand), ≥ 1. */
  readonly runLen: number;
  /** The space dims outside the run, with their batch-position and operand-offset steps. */
  readonly outerShape: readonly number[];
  /** Per outer dim: its step in batch positions. */
  readonly outerBatchStep: readonly number[];
  /** Per outer dim: its step in operand offsets. */
  readonly outerOpStep: readonly number[];
  /** True when every batch space dim precedes every outer window dim (chunked resolve is possible). */
  readonly batchMajor: boolean;
  /** Outer positions per batch position when batch-major. */
  readonly outerPerBatch: number;
  /** Number of space elements. */
  readonly spaceSize: number;
  /** Space dims that are not window dims map, in order, to batch dims. */
  readonly spaceBatchDims: readonly number[];
  /** Number of operand elements. */
  readonly operandSize: number;
  /** Every window fits its operand dims (no empty-dim or oversized windows): `resolveFast` applies. */
  readonly plainWindows: boolean;
  /**
   * True when some operand dim that no index component moves is smaller than the window
   * (a scatter window of size 1 over an empty dim): then no window ever fits.
   */
  readonly neverFits: boolean;
  /** resolveFast's batch cursor (see there). */
  private fastCursor: Odometer | null = null;

  constructor(spec: IndexMapSpec) {
    checkSpec(spec);
    this.spec = spec;
    const { operandShape, indicesShape, indexVectorDim: ivd, spaceShape, windowSpaceDims } = spec;
    this.opStrides = stridesOf(operandShape);
    const rankI = indicesShape.length;
    const idxStrides = stridesOf(indicesShape);
    const batchDims = indicesShape.map((_, d) => d).filter((d) => d !== ivd);
    this.batchShape = batchDims.map((d) => indicesShape[d]);
    this.batchCount = this.batchShape.reduce((a, b) => a * b, 1);
    this.K = spec.startIndexMap.length;
    this.kStride = ivd < rankI ? idxStrides[ivd] : 0;
    this.batchIdxStrides = batchDims.map((d) => idxStrides[d]);
    this.batchOpStrides = batchDims.map((d) => {
      const i = spec.indicesBatchingDims.indexOf(d);
      return i < 0 ? 0 : this.opStrides[spec.operandBatchingDims[i]];
    });
    this.kDim = spec.startIndexMap;
    this.kSize = spec.startIndexMap.map((d) => operandShape[d]);
    this.kOpStride = spec.startIndexMap.map((d) => this.opStrides[d]);
    this.kMaxStart = spec.startIndexMap.map((d) => operandShape[d] - spec.windowSizes[d]);
    this.neverFits = operandShape.some((n, d) => !spec.startIndexMap.includes(d) && spec.windowSizes[d] > n);

    // Space dims → batch dims (in order) or window operand dims (in order).
    const windowOperandDims = operandShape
      .map((_, d) => d)
      .filter((d) => !spec.collapsedDims.includes(d) && !spec.operandBatchingDims.includes(d));
    const batchStrides = stridesOf(this.batchShape);
    const rankS = spaceShape.length;
    const bStep: number[] = [];
    const oStep: number[] = [];
    const spaceBatchDims: number[] = [];
    let bi = 0;
    let wi = 0;
    for (let d = 0; d < rankS; d++) {
      if (windowSpaceDims.includes(d)) {
        bStep.push(0);
        oStep.push(this.opStrides[windowOperandDims[wi++]]);
      } else {
        spaceBatchDims.push(d);
        bStep.push(batchStrides[bi++]);
        oStep.push(0);
      }
    }
    this.spaceBatchDims = spaceBatchDims;
    // Contiguous run: trailing window dims whose operand strides chain like a row-major block.
    let runLen = 1;
    let runDims = 0;
    for (let d = rankS - 1; d >= 0; d--) {
      if (spaceShape[d] === 1) {
        runDims++; // a size-1 dim never moves, so it joins the run whatever it is
        continue;
      }
      if (bStep[d] !== 0 || !windowSpaceDims.includes(d) || oStep[d] !== runLen) break;
      runLen *= spaceShape[d];
      runDims++;
    }
    this.runLen = runLen;
    this.outerShape = spaceShape.slice(0, rankS - runDims);
    this.outerBatchStep = bStep.slice(0, rankS - runDims);
    this.outerOpStep = oStep.slice(0, rankS - runDims);
    const firstWindow = this.outerShape.findIndex(
      (_, d) => windowSpaceDims.includes(d) && spaceShape[d] !== 1,
    );
    this.batchMajor = firstWindow < 0 || spaceBatchDims.every((d) => d < firstWindow || spaceShape[d] === 1);
    this.outerPerBatch = this.outerShape.reduce((a, n, d) => (windowSpaceDims.includes(d) ? a * n : a), 1);
    this.spaceSize = spaceShape.reduce((a, b) => a * b, 1);
    this.operandSize = operandShape.reduce((a, b) => a * b, 1);
    this.plainWindows = !this.neverFits && this.kMaxStart.every((ms) => ms >= 0);
  }

  /** Number of outer positions (space size / run length). */
  get outerCount(): number {
    return this.runLen === 0 ? 0 : this.spaceSize / this.runLen;
  }

  /**
   * Phase 1: resolves batch positions [b0, b1) into `starts[b - b0]` (operand offset of the
   * window start, or INVALID / PARTIAL). For PARTIAL positions, `partial` receives the
   * unclamped per-operand-dim start coordinates.
   */
  resolve(
    src: IndexSource,
    b0: number,
    b1: number,
    starts: Int32Array | Float64Array,
    sortedState: SortedState | null = null,
  ): void {
    if (sortedState || src.policy.promiseInBounds || src.indices.dtype === 'uint64' || !this.plainWindows) {
      this.resolveGeneric(src, b0, b1, starts, sortedState);
    } else this.resolveFast(src, b0, b1, starts);
  }

  /**
   * Resolves batch positions [lo, hi) chunk by chunk (at most `chunk` at a time, into `scratch`
   * when it is large enough) and hands each chunk to `visit(starts, b0, b1)`, in order; a visit
   * that returns true ends the walk. The one chunked-resolve loop of the core.
   */
  resolveChunks(
    src: IndexSource,
    range: { readonly lo: number; readonly hi: number; readonly chunk: number },
    visit: (starts: Int32Array | Float64Array, b0: number, b1: number) => unknown,
    scratch: Int32Array | Float64Array | null = null,
    sortedState: SortedState | null = null,
  ): void {
    const { lo, hi } = range;
    const size = Math.max(1, Math.min(hi - lo, range.chunk));
    const starts = scratch && scratch.length >= size ? scratch : this.allocStarts(size);
    for (let b0 = lo; b0 < hi; b0 += size) {
      const b1 = Math.min(hi, b0 + size);
      this.resolve(src, b0, b1, starts, sortedState);
      if (visit(starts, b0, b1) === true) return;
    }
  }

  /**
   * The common case of `resolve` (no promise checks, signed or ≤ 32-bit indices): the innermost
   * batch dim is a plain strided loop, in-range and clipped/filled starts are computed inline,
   * and any other out-of-range start goes through `resolveGeneric` for that one position, so
   * the results (and errors) are exactly the generic ones.
   */
  private resolveFast(src: IndexSource, b0: number, b1: number, starts: Int32Array | Float64Array): void {
    if (b1 <= b0) return;
    const { indices, policy } = src;
    const kind: IndexKind = indices.dtype === 'int64' ? 1 : 0;
    const direct = (kind === 0 ? indices.data : EMPTY_I32) as ArrayLike<number>;
    const w32 = kind === 0 ? EMPTY_I32 : indexWords(indices);
    const { K, kStride, kSize, kOpStride, kMaxStart, batchShape, batchIdxStrides, batchOpStrides } = this;
    const fromEnd = policy.fromEnd;
    const clip = policy.oob === 'clip';
    const invalid = policy.oob === 'invalid';
    // One cursor per map, reused: resolveFast never re-enters itself (its per-position fallback
    // is resolveGeneric, which has its own), and a tiny call then allocates nothing.
    this.fastCursor ??= new Odometer(batchShape, batchIdxStrides, batchOpStrides, 0);
    const cur = this.fastCursor.reset(b0);
    const { len: lastLen, stepA: sI, stepB: sO } = cur;
    let one: Int32Array | Float64Array | null = null;
    let b = b0;
    while (b < b1) {
      const n = Math.min(b1 - b, lastLen - cur.i);
      let e = cur.a;
      let off = cur.b;
      let w = b - b0;
      const wEnd = w + n;
      if (K === 1) {
        const size0 = kSize[0];
        const ms0 = kMaxStart[0];
        const st0 = kOpStride[0];
        for (; w < wEnd; w++, e += sI, off += sO) {
          let v: number;
          if (kind === 1) {
            const lo = w32[2 * e];
            v = w32[2 * e + 1] === lo >> 31 ? lo : readIndex(1, direct, w32, e);
          } else v = direct[e];
          if (v < 0 && fromEnd) v += size0;
          if (v >= 0 && v <= ms0) starts[w] = off + v * st0;
          else if (clip) starts[w] = off + (v < 0 ? 0 : ms0) * st0;
          else if (invalid) starts[w] = INVALID;
          else {
            one ??= this.allocStarts(1);
            this.resolveGeneric(src, b0 + w, b0 + w + 1, one, null);
            starts[w] = one[0];
          }
        }
      } else {
        for (; w < wEnd; w++, e += sI, off += sO) {
          let s = off;
          for (let k = 0; k < K; k++) {
            const ek = e + k * kStride;
            let v: number;
            if (kind === 1) {
              const lo = w32[2 * ek];
              v = w32[2 * ek + 1] === lo >> 31 ? lo : readIndex(1, direct, w32, ek);
            } else v = direct[ek];
            if (v < 0 && fromEnd) v += kSize[k];
            const ms = kMaxStart[k];
            if (v >= 0 && v <= ms) s += v * kOpStride[k];
            else if (clip) s += (v < 0 ? 0 : ms) * kOpStride[k];
            else if (invalid) {
              s = INVALID;
              break;
            } else {
              one ??= this.allocStarts(1);
              this.resolveGeneric(src, b0 + w, b0 + w + 1, one, null);
              s = one[0];
              break;
            }
          }
          starts[w] = s;
        }
      }
      b += n;
      cur.advance(n);
    }
  }

  /** `resolve`, element by element, with every policy and promise check (the reference path). */
  private resolveGeneric(
    src: IndexSource,
    b0: number,
    b1: number,
    starts: Int32Array | Float64Array,
    sortedState: SortedState | null,
  ): void {
    const { indices, policy, partial } = src;
    const kind: IndexKind = indices.dtype === 'int64' ? 1 : indices.dtype === 'uint64' ? 2 : 0;
    const direct = (kind === 0 ? indices.data : new Int32Array(0)) as ArrayLike<number>;
    const w32 = kind === 0 ? new Int32Array(0) : indexWords(indices);
    const { K, kStride, kSize, kOpStride, kMaxStart, batchShape, batchIdxStrides, batchOpStrides } = this;
    const { fromEnd, oob } = policy;
    const at = new Odometer(batchShape, batchIdxStrides, batchOpStrides, b0);
    const cur = sortedState ? new Float64Array(K) : null;
    for (let b = b0; b < b1; b++) {
      const idxBase = at.a;
      let off = at.b;
      let status = 0;
      for (let k = 0; k < K; k++) {
        const e = idxBase + k * kStride;
        let v = readIndex(kind, direct, w32, e);
        if (v < 0 && fromEnd) v += kSize[k];
        const ms = kMaxStart[k];
        if (!(v >= 0 && v <= ms)) {
          if (policy.promiseInBounds) this.brokenBounds(indices, policy, e, k);
          if (oob === 'clip' && ms >= 0) v = v < 0 ? 0 : ms;
          else if (oob === 'clip')
            status = INVALID; // scatter into an empty dim: nowhere to clamp to
          else if (oob === 'wrap' && ms >= 0) v = wrapValue(v, ms + 1, indices, e, fromEnd, kSize[k]);
          else if (oob === 'wrap')
            status = INVALID; // an empty dim has no position to wrap onto
          else if (oob === 'invalid') status = INVALID;
          else if (oob === 'partial') status = PARTIAL;
          else this.outOfBounds(indices, policy, e, k);
        }
        if (cur) cur[k] = v;
        off += v * kOpStride[k];
      }
      if (this.neverFits) status = oob === 'partial' ? PARTIAL : INVALID;
      if (sortedState && cur) this.checkSortedStep(sortedState, cur, b, policy);
      if (status === PARTIAL && partial) partial.set(b, this.rawStart(indices, policy, idxBase, at.coords()));
      starts[b - b0] = status === 0 ? off : status;
      at.advance(1);
    }
  }

  /**
   * OobOrder `components`: index component `k` over every batch position (row-major), raising
   * its first out-of-bounds value as `resolve` would; reads no operand.
   */
  checkComponent(indices: Tensor, policy: ResolvedPolicy, k: number): void {
    const kind: IndexKind = indices.dtype === 'int64' ? 1 : indices.dtype === 'uint64' ? 2 : 0;
    const direct = (kind === 0 ? indices.data : new Int32Array(0)) as ArrayLike<number>;
    const w32 = kind === 0 ? new Int32Array(0) : indexWords(indices);
    const at = new Odometer(this.batchShape, this.batchIdxStrides, this.batchOpStrides, 0);
    const e0 = k * this.kStride;
    for (let b = 0; b < this.batchCount; b++, at.advance(1)) {
      let v = readIndex(kind, direct, w32, at.a + e0);
      if (v < 0 && policy.fromEnd) v += this.kSize[k];
      if (!(v >= 0 && v <= this.kMaxStart[k])) this.outOfBounds(indices, policy, at.a + e0, k);
    }
  }

  /** Per-operand-dim start coordinates (negative policy applied, nothing clamped), batching included. */
  private rawStart(
    indices: Tensor,
    policy: ResolvedPolicy,
    idxBase: number,
    ctr: readonly number[],
  ): Float64Array {
    const { spec } = this;
    const raw = new Float64Array(spec.operandShape.length);
    const kind: IndexKind = indices.dtype === 'int64' ? 1 : indices.dtype === 'uint64' ? 2 : 0;
    const w32 = kind === 0 ? new Int32Array(0) : indexWords(indices);
    for (let k = 0; k < this.K; k++) {
      let v = readIndex(kind, indices.data as ArrayLike<number>, w32, idxBase + k * this.kStride);
      if (v < 0 && policy.fromEnd) v += this.kSize[k];
      raw[this.kDim[k]] = v;
    }
    const batchDims = spec.indicesShape.map((_, d) => d).filter((d) => d !== spec.indexVectorDim);
    for (let i = 0; i < spec.operandBatchingDims.length; i++) {
      raw[spec.operandBatchingDims[i]] = ctr[batchDims.indexOf(spec.indicesBatchingDims[i])];
    }
    return raw;
  }

  /** The caller's position of indices element `e` (see callerPosition). */
  private indexPosition(e: number): readonly number[] {
    return callerPosition(unravel(e, this.spec.indicesShape));
  }

  private validRange(policy: ResolvedPolicy, k: number): string {
    const lo = policy.fromEnd ? -this.kSize[k] : 0;
    return `[${lo}, ${this.kMaxStart[k]}]`;
  }

  private outOfBounds(indices: Tensor, policy: ResolvedPolicy, e: number, k: number): never {
    const found = {
      position: this.indexPosition(e),
      value: exactIndex(indices, e),
      dim: this.kDim[k],
      size: this.kSize[k],
    };
    throw outOfBoundsError(
      policy.op,
      policy.oobCode,
      found,
      ({ value, position, dim, size }) =>
        `index ${value} at indices position ${fmt(position)} is out of bounds for dimension ${dim} of size ${size}; valid starts are ${this.validRange(policy, k)}`,
    );
  }

  private brokenBounds(indices: Tensor, policy: ResolvedPolicy, e: number, k: number): never {
    const value = exactIndex(indices, e);
    throw brokenPromiseError(
      policy.op,
      'promise_in_bounds',
      (at) =>
        `mode promise_in_bounds was promised but index ${value} at indices position ${at} is out of bounds for dimension ${this.kDim[k]} (valid starts ${this.validRange(policy, k)})`,
      { position: this.indexPosition(e), value },
    );
  }

  private checkSortedStep(
    state: { prev: Float64Array | null },
    cur: Float64Array,
    b: number,
    policy: ResolvedPolicy,
  ): void {
    const prev = state.prev;
    if (prev) {
      // Lexicographic order of full_start_index, i.e. by operand dim.
      const order = this.kDim.map((d, k) => [d, k]).sort((x, y) => x[0] - y[0]);
      for (const [, k] of order) {
        if (prev[k] < cur[k]) break;
        if (prev[k] > cur[k]) {
          throw brokenPromiseError(
            policy.op,
            'indices_are_sorted',
            (at) =>
              `indices_are_sorted was promised but the start index at batch position ${at} (${fmt(Array.from(cur))}) sorts before the previous one (${fmt(Array.from(prev))})`,
            { position: callerPosition(unravel(b, this.batchShape)) },
          );
        }
      }
      prev.set(cur);
    } else state.prev = Float64Array.from(cur);
  }

  /**
   * Phase 2: walks outer positions [p0, p1) of the space in row-major order. For each run it
   * calls `run(spaceOffset, operandOffset, runLen)` when the window start resolved, or
   * `special(status, b, spaceOffset, windowOffset, runLen)` when it is INVALID or PARTIAL.
   * `starts` holds batch positions from `base` on.
   */
  move(
    p0: number,
    p1: number,
    starts: Int32Array | Float64Array,
    base: number,
    run: RunCallback,
    special: SpecialCallback | null,
  ): void {
    const { runLen } = this;
    const at = new Odometer(this.outerShape, this.outerBatchStep, this.outerOpStep, p0);
    let r = p0 * runLen;
    for (let p = p0; p < p1; p++) {
      const b = at.a;
      const s = starts[b - base];
      if (s >= 0) run(r, s + at.b, runLen);
      else if (special) special(s, b, r, at.b, runLen);
      r += runLen;
      at.advance(1);
    }
  }

  /**
   * Runs resolve + move over the whole space, chunked when batch-major so the starts buffer
   * stays small. Returns nothing; `run`/`special` do the work.
   */
  forEachRun(src: IndexSource, run: RunCallback, special: SpecialCallback | null): void {
    if (this.spaceSize === 0) {
      // Nothing moves, but indices are still validated (errors and promises).
      if (this.batchCount > 0 && this.K > 0) this.resolveAll(src);
      return;
    }
    if (!this.batchMajor) {
      this.move(0, this.outerCount, this.resolveAll(src), 0, run, special);
      return;
    }
    const sorted = src.policy.checkSorted ? { prev: null } : null;
    const range = { lo: 0, hi: this.batchCount, chunk: 8192 };
    this.resolveChunks(
      src,
      range,
      (starts, b0, b1) =>
        this.move(b0 * this.outerPerBatch, b1 * this.outerPerBatch, starts, b0, run, special),
      null,
      sorted,
    );
  }

  /** Resolves every batch position into one starts array. */
  resolveAll(src: IndexSource): Int32Array | Float64Array {
    const starts = this.allocStarts(this.batchCount);
    this.resolve(src, 0, this.batchCount, starts, src.policy.checkSorted ? { prev: null } : null);
    return starts;
  }

  /** A starts buffer of `n` entries: Int32Array while operand offsets fit, else Float64Array. */
  allocStarts(n: number): Int32Array | Float64Array {
    return this.operandSize < 2 ** 31 ? new Int32Array(n) : new Float64Array(n);
  }

  /**
   * `forEachRun` restricted to part `part` of `parts` of the space (parallel execution): a
   * batch-major map splits batch positions, another splits outer positions (each part then
   * resolves every batch position itself). The union of the parts is exactly `forEachRun`.
   */
  forEachRunPart(
    src: IndexSource,
    split: { readonly part: number; readonly parts: number },
    run: RunCallback,
    special: SpecialCallback | null,
  ): void {
    const { part, parts } = split;
    if (parts <= 1 || this.spaceSize === 0 || src.policy.checkSorted) {
      if (part === 0) this.forEachRun(src, run, special);
      return;
    }
    if (this.batchMajor) {
      const [lo, hi] = evenRange(this.batchCount, parts, part);
      this.forBatchRange(src, lo, hi, run, special);
    } else {
      const [lo, hi] = evenRange(this.outerCount, parts, part);
      this.move(lo, hi, this.resolveAll(src), 0, run, special);
    }
  }

  /** Resolve + move over batch positions [lo, hi) of a batch-major map, in chunks. */
  forBatchRange(
    src: IndexSource,
    lo: number,
    hi: number,
    run: RunCallback,
    special: SpecialCallback | null,
  ): void {
    this.resolveChunks(src, { lo, hi, chunk: 8192 }, (starts, b0, b1) =>
      this.move(b0 * this.outerPerBatch, b1 * this.outerPerBatch, starts, b0, run, special),
    );
  }
}

/** Even split of [0, n) into `parts`: the bounds of part p. */
export function evenRange(n: number, parts: number, p: number): [number, number] {
  return [Math.floor((n * p) / parts), Math.floor((n * (p + 1)) / parts)];
}

/** NumPy-style wrap of a start into [0, range). Huge values take an exact BigInt path. */
function wrapValue(
  v: number,
  range: number,
  indices: Tensor,
  e: number,
  fromEnd: boolean,
  size: number,
): number {
  if (range <= 0) return 0;
  if (Number.isFinite(v)) return ((v % range) + range) % range;
  let x = exactIndex(indices, e);
  if (x < 0n && fromEnd) x += BigInt(size);
  const r = BigInt(range);
  return Number(((x % r) + r) % r);
}

/**
 * True when every index vector resolves under `policy` without an error (out of bounds under
 * `error`, a broken checked promise): a job that passes cannot fail on its indices, so it may
 * be split across threads. Resolves in chunks (bounded scratch), in index order.
 */
export function allIndicesValid(map: IndexMap, policy: ResolvedPolicy, indices: Tensor): boolean {
  const partial = policy.oob === 'partial' ? new Map<number, Float64Array>() : null;
  try {
    map.resolveChunks({ indices, policy, partial }, { lo: 0, hi: map.batchCount, chunk: 16384 }, () => false);
  } catch (e) {
    if (e instanceof GatherScatterError) return false;
    throw e;
  }
  return true;
}

/** A spec built by a caller must at least carry its three shapes as arrays (each is read at once). */
function checkSpec(spec: IndexMapSpec): void {
  const s = spec as Partial<IndexMapSpec> | null;
  if (
    typeof s !== 'object' ||
    s === null ||
    ![s.operandShape, s.indicesShape, s.spaceShape].every(Array.isArray)
  )
    throw new InvalidArgumentError(
      'core.index_map.spec',
      `IndexMap: spec must be an object with operandShape, indicesShape and spaceShape arrays; got ${fmt(spec)}`,
    );
}
