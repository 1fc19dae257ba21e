/**
 * The landing map of a lowered call, from the core's own IndexMap (the compiled plan's map,
 * walked with its own resolve + move): for every space element (gather result / scatter
 * update) the operand element it reads or writes, as typed arrays. It costs about what the
 * call itself costs, so unlike the full `traceCall` (objects per element) it scales to
 * 512×512 and beyond; the reverse maps (operand → space, index vector → space) are built only
 * when a hover first needs them.
 */
import { type CoreCall, planOf } from '../src/core/call.js';
import {
  INVALID,
  type IndexMap,
  type IndexMapSpec,
  type IndexSource,
  PARTIAL,
  type ResolvedPolicy,
} from '../src/core/index-map.js';
import { InternalError } from '../src/errors.js';
import type { Tensor } from '../src/tensor/tensor.js';
import {
  batchOf,
  type DerivePolicy,
  derive,
  type Derivation,
  type FrameworkNames,
  unravel,
} from './derive.js';

/** A compressed sparse row list: the space elements per operand element (or per batch position). */
interface Csr {
  readonly start: Int32Array;
  readonly items: Int32Array;
}

function csr(keys: ArrayLike<number>, size: number): Csr {
  const start = new Int32Array(size + 1);
  for (let i = 0; i < keys.length; i++) if (keys[i] >= 0) start[keys[i] + 1]++;
  for (let i = 0; i < size; i++) start[i + 1] += start[i];
  const fill = start.slice(0, size);
  const items = new Int32Array(start[size]);
  // In space (application) order, as the core applies scatter updates.
  for (let i = 0; i < keys.length; i++) if (keys[i] >= 0) items[fill[keys[i]]++] = i;
  return { start, items };
}

export class Landing {
  readonly kind: 'gather' | 'scatter';
  readonly spec: IndexMapSpec;
  readonly policy: DerivePolicy;
  readonly indices: Tensor;
  private operands: Float64Array | null = null;
  private readonly resolved: ResolvedPolicy;
  private byOperand: Csr | null = null;
  private byBatch: Csr | null = null;
  private batches: Int32Array | null = null;
  private readonly map: IndexMap;

  constructor(call: CoreCall) {
    this.kind = call.kind;
    let map: IndexMap;
    let policy: ResolvedPolicy;
    if (call.kind === 'gather') {
      const plan = planOf(call);
      map = plan.map;
      policy = plan.policy;
      this.indices = call.start_indices;
    } else {
      const plan = planOf(call);
      map = plan.map;
      policy = plan.policy;
      this.indices = call.scatter_indices;
    }
    this.map = map;
    this.spec = map.spec;
    this.policy = { oob: policy.oob, fromEnd: policy.fromEnd, mode: String(call.options.mode ?? '') };
    this.resolved = policy;
  }

  /** The computation under way (chunked: resolve the batch positions, then move the runs). */
  private job: {
    readonly operandOf: Float64Array;
    readonly starts: Int32Array | Float64Array;
    readonly source: IndexSource;
    readonly partial: number[];
    /** Elements of operandOf set to -1 so far; next batch position to resolve, next outer position to move. */
    filled: number;
    b: number;
    p: number;
  } | null = null;

  /**
   * Operand offset per space element; -1 when nothing is read / written. Computed on first
   * use (a data-cell hover, the scatter summary), or ahead in slices by {@link step} when the
   * page is idle: a first render of big inputs does not wait for it.
   */
  get operandOf(): Float64Array {
    if (!this.operands) this.step(Number.POSITIVE_INFINITY);
    return this.operands!;
  }

  /** True once the landing map is complete (reading it then costs nothing). */
  get ready(): boolean {
    return this.operands !== null;
  }

  /** Computes the landing map now if it is not yet. */
  warm(): void {
    void this.operandOf;
  }

  /**
   * The operand offset of space element `s`: from the map when it is complete, else from the
   * reference derivation of that one element (microseconds), so a hover never waits for the map.
   */
  operandAt(s: number): number {
    return this.operands ? this.operands[s] : this.derive(s).operandOffset;
  }

  /**
   * Works on the landing map until `deadline` (performance.now() time): slices of CHUNK batch
   * positions, then of CHUNK outer positions. True when the map is complete.
   */
  step(deadline: number): boolean {
    if (this.operands) return true;
    const map = this.map;
    const job = (this.job ??= this.startJob());
    const CHUNK = 1 << 16;
    // The map starts all -1 ("lands nowhere"), filled in slices too: filling a 4M-element map in
    // one go touches 32 MB of fresh pages, a 100 ms task on its own (stop 14, 2048² paste).
    while (job.filled < map.spaceSize) {
      const f1 = Math.min(map.spaceSize, job.filled + 16 * CHUNK);
      job.operandOf.fill(-1, job.filled, f1);
      job.filled = f1;
      if (performance.now() > deadline) return false;
    }
    while (job.b < map.batchCount) {
      const b1 = Math.min(map.batchCount, job.b + CHUNK);
      map.resolve(job.source, job.b, b1, job.starts.subarray(job.b));
      job.b = b1;
      if (performance.now() > deadline) return false;
    }
    const perOuter = Math.max(1, Math.floor(CHUNK / Math.max(1, map.runLen)));
    while (job.p < map.outerCount) {
      const p1 = Math.min(map.outerCount, job.p + perOuter);
      map.move(
        job.p,
        p1,
        job.starts,
        0,
        (r, t, len) => {
          for (let j = 0; j < len; j++) job.operandOf[r + j] = t + j;
        },
        (status, _b, r, _o, len) => {
          if (status === PARTIAL) for (let j = 0; j < len; j++) job.partial.push(r + j);
          else if (status !== INVALID)
            throw new InternalError('explorer.landing', `unexpected start status ${status}`);
        },
      );
      job.p = p1;
      if (performance.now() > deadline) return false;
    }
    // Partly out-of-bounds windows (scatter skip; error mode): per element, from the derivation.
    if (this.resolved.oob === 'partial')
      for (const r of job.partial) job.operandOf[r] = this.derive(r).operandOffset;
    this.operands = job.operandOf;
    this.job = null;
    return true;
  }

  private startJob() {
    const map = this.map;
    const policy = this.resolved;
    // The call's own policy, "report, don't throw": error → partial, promises unchecked.
    const quiet: ResolvedPolicy = {
      ...policy,
      oob: policy.oob === 'error' ? 'partial' : policy.oob,
      promiseInBounds: false,
      checkSorted: false,
    };
    const empty = map.spaceSize === 0 || map.batchCount === 0;
    return {
      operandOf: new Float64Array(map.spaceSize),
      filled: 0,
      starts: map.allocStarts(map.batchCount),
      source: { indices: this.indices, policy: quiet, partial: new Map() },
      partial: [] as number[],
      // An empty space or no index vectors: nothing to resolve or move.
      b: empty ? map.batchCount : 0,
      p: empty ? map.outerCount : 0,
    };
  }

  get spaceSize(): number {
    return this.map.spaceSize;
  }

  /** The derivation of space element `r` (pure arithmetic on the dimension numbers). */
  derive(r: number, names: FrameworkNames = {}): Derivation {
    const data = this.indices.data as ArrayLike<number | bigint>;
    const shape = this.spec.indicesShape;
    return derive(
      this.kind,
      this.spec,
      this.policy,
      unravel(r, this.spec.spaceShape),
      (p) => {
        let off = 0;
        for (let d = 0; d < shape.length; d++) off = off * shape[d] + p[d];
        return data[off];
      },
      names,
    );
  }

  /** Batch position per space element. */
  batchOf(r: number): number {
    return this.batchArray()[r];
  }

  private batchArray(): Int32Array {
    if (!this.batches) {
      const b = new Int32Array(this.spaceSize);
      const shape = this.spec.spaceShape;
      for (let r = 0; r < b.length; r++) b[r] = batchOf(this.spec, unravel(r, shape)).batch;
      this.batches = b;
    }
    return this.batches;
  }

  /** Space elements that read (gather) / write (scatter) operand element `o`, in application order. */
  spacesOfOperand(o: number): number[] {
    this.byOperand ??= csr(this.operandOf, this.map.operandSize);
    const { start, items } = this.byOperand;
    return Array.from(items.subarray(start[o], start[o + 1]));
  }

  /** Space elements that use index vector `b`. */
  spacesOfBatch(b: number): number[] {
    this.byBatch ??= csr(this.batchArray(), this.map.batchCount);
    const { start, items } = this.byBatch;
    return Array.from(items.subarray(start[b], start[b + 1]));
  }

  /** Batch positions whose index vector reads indices element `offset`. */
  batchesOfIndexElement(offset: number): number[] {
    const { indicesShape, indexVectorDim } = this.spec;
    const pos = unravel(offset, indicesShape);
    const batchShape = indicesShape.filter((_, d) => d !== indexVectorDim);
    const b = pos.filter((_, d) => d !== indexVectorDim);
    if (indexVectorDim < indicesShape.length && pos[indexVectorDim] >= this.spec.startIndexMap.length)
      return [];
    let off = 0;
    for (let d = 0; d < batchShape.length; d++) off = off * batchShape[d] + b[d];
    return [off];
  }
}
