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
  PARTIAL,
  type ResolvedPolicy,
} from '../src/core/index-map.js';
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

  /**
   * Operand offset per space element; -1 when nothing is read / written. Computed on first
   * use (a hover, the scatter summary) or by {@link warm}: a first render of big inputs does not
   * need it, so it does not wait for it.
   */
  get operandOf(): Float64Array {
    this.operands ??= this.computeOperandOf();
    return this.operands;
  }

  /** Computes the landing map now if it is not yet (call when idle). */
  warm(): void {
    void this.operandOf;
  }

  private computeOperandOf(): Float64Array {
    const map = this.map;
    const policy = this.resolved;
    const n = map.spaceSize;
    const operandOf = new Float64Array(n).fill(-1);
    if (n === 0 || map.batchCount === 0) return operandOf;
    // The call's own policy, "report, don't throw": error → partial, promises unchecked.
    const quiet: ResolvedPolicy = {
      ...policy,
      oob: policy.oob === 'error' ? 'partial' : policy.oob,
      promiseInBounds: false,
      checkSorted: false,
    };
    const starts = map.resolveAll(this.indices, quiet, new Map());
    const partial: number[] = [];
    map.move(
      0,
      map.outerCount,
      starts,
      0,
      (r, t, len) => {
        for (let j = 0; j < len; j++) operandOf[r + j] = t + j;
      },
      (status, _b, r, _o, len) => {
        if (status === PARTIAL) for (let j = 0; j < len; j++) partial.push(r + j);
        else if (status !== INVALID) throw new Error(`unexpected start status ${status}`);
      },
    );
    // Partly out-of-bounds windows (scatter skip; error mode): per element, from the derivation.
    if (policy.oob === 'partial') for (const r of partial) operandOf[r] = this.derive(r).operandOffset;
    return operandOf;
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
