/**
 * The index-mapping trace: for every gather result element (or scatter update element), which
 * index elements were read, which operand element it reads (writes) after the index policy,
 * and what the policy did to it. The explorer and `explain` draw their pictures from this, and
 * it is computed by the core's own IndexMap (resolve + move), never by a second copy of the
 * index arithmetic, so a picture cannot disagree with the result.
 *
 *   space element s ──(batch position b)──► index vector indices[b..., :]
 *                   ──(policy)──────────► operand element (or: filled / dropped / skipped / error)
 *
 * How each status is found: the indices are resolved three times by the same IndexMap —
 * under the call's policy (where the element goes), under a "report, don't fix" policy (which
 * window starts are out of range after the negative-index rule) and, when negatives count
 * from the end, under the same policy without that rule (which starts relied on it).
 */
import { checkCall } from './check-call.js';
import { singleOp } from '../ir/surface.js';
import type { Scalar } from '../tensor/dtype.js';
import type { Tensor } from '../tensor/tensor.js';
import { stridesOf } from '../tensor/tensor.js';
import { type CoreCall, planOf } from './call.js';
import { INVALID, type IndexMap, PARTIAL, type ResolvedPolicy, unravel } from './index-map.js';
import { resolveGatherOptions, resolveScatterOptions } from './policy.js';

/**
 * What the index policy did to one element:
 * - `in_bounds`: the index was in range and used as given;
 * - `from_end`: a negative index counted from the end of its dimension (Python style);
 * - `clamped`: the window start was clamped into range (`clip`);
 * - `wrapped`: the window start was taken modulo the range (`wrap`);
 * - `filled`: gather `fill`: the element is the fill value, nothing is read;
 * - `dropped`: scatter `drop`/`promise_in_bounds`: the whole window is discarded;
 * - `skipped`: scatter `skip`: this element of a partly out-of-bounds window is discarded;
 * - `error`: the policy is `error` and this element's index is out of bounds (the call throws).
 */
export type TraceStatus =
  | 'in_bounds'
  | 'from_end'
  | 'clamped'
  | 'wrapped'
  | 'filled'
  | 'dropped'
  | 'skipped'
  | 'error';

/** One gather result element or scatter update element. */
export interface TraceEntry {
  /** Multi-index in the space (gather result before any final reshape / scatter updates). */
  readonly space: readonly number[];
  /** Row-major offset of `space`; for gather also the offset of the output element. */
  readonly spaceOffset: number;
  /** Batch position: which index vector this element used (row-major over the indices without the index vector dim). */
  readonly batch: number;
  /** Positions (multi-indices) in the indices tensor of the index elements read. */
  readonly indexPositions: readonly (readonly number[])[];
  /** The values read there. */
  readonly indexValues: readonly Scalar[];
  /** Operand element read (gather) / input element written (scatter) after the policy; null when none. */
  readonly operand: readonly number[] | null;
  /** Row-major offset of `operand`, or -1. */
  readonly operandOffset: number;
  /** The element the indices asked for, before clamping or wrapping (may lie outside the operand); null for filled/dropped windows whose start is not recorded. */
  readonly requested: readonly number[] | null;
  readonly status: TraceStatus;
  /** Scatter only: another applied update writes the same element (a collision). */
  readonly duplicate: boolean;
  /** Scatter only: 0-based rank of this update among those applied to its element, in application (update-index) order. */
  readonly order: number;
}

/** The full trace of one lowered call. */
export interface Trace {
  readonly kind: 'gather' | 'scatter';
  readonly op: string;
  /** Gather result shape before the final reshape / scatter updates shape. */
  readonly spaceShape: readonly number[];
  readonly operandShape: readonly number[];
  readonly indicesShape: readonly number[];
  /** Shape of the value the call returns (gather: after `reshape`; scatter: the input shape). */
  readonly resultShape: readonly number[];
  /** The call's policy, as named values. */
  readonly mode: string;
  readonly negativeIndices: string;
  readonly duplicates: 'apply' | 'error';
  readonly entries: readonly TraceEntry[];
  /** Batch positions whose window start is out of range (after the negative-index rule), whether or not any element uses them. */
  readonly outOfRange: readonly number[];
  /** The call throws for its index values: `error` mode with an out-of-range start, or `duplicates: 'error'` with a collision. */
  readonly throws: boolean;
  /** Gather `fill`: the value filled elements take. */
  readonly fillValue?: Scalar;
}

/**
 * Traces a lowered call element by element. Validation errors of the attributes (the shape
 * rules) are thrown exactly as the core throws them; index-value errors are not thrown but
 * reported as `error` entries, so a picture can show where the call fails.
 *
 * @example
 * const call = onnx.lower.GatherElements(data, indices, { axis: 1 });
 * for (const e of traceCall(call).entries) console.log(e.space, '←', e.operand, e.status);
 */
export function traceCall(lowered: CoreCall): Trace {
  checkCall(lowered, 'traceCall');
  const call = singleOp(lowered, 'trace', [
    'scale_updates',
    'cycle_updates',
    'circular_indices',
    'nonzero',
    'index_tuple',
  ]);
  const isGather = call.kind === 'gather';
  let map: IndexMap;
  let policy: ResolvedPolicy;
  let indices: Tensor;
  let operand: Tensor;
  let fillValue: Scalar | undefined;
  if (call.kind === 'gather') {
    const plan = planOf(call);
    map = plan.map;
    policy = plan.policy;
    indices = call.start_indices;
    operand = call.operand;
    const resolved = resolveGatherOptions(call.operand.dtype, call.options);
    if (resolved.mode === 'fill') fillValue = resolved.fill_value;
  } else {
    const plan = planOf(call);
    map = plan.map;
    policy = plan.policy;
    indices = call.scatter_indices;
    operand = call.inputs[0];
  }
  const { spec } = map;
  const opShape = spec.operandShape;
  const opStrides = stridesOf(opShape);
  const n = map.spaceSize;

  // Pass 1: where each element goes under the call's own policy. `error` becomes "report".
  const quiet = (p: Partial<ResolvedPolicy>): ResolvedPolicy => ({
    ...policy,
    promiseInBounds: false,
    checkSorted: false,
    ...p,
  });
  const actualPolicy = quiet(policy.oob === 'error' ? { oob: 'partial' } : {});
  const actualPartial = new Map<number, Float64Array>();
  const operandOffset = new Float64Array(n).fill(-1);
  const actualStatus = new Int8Array(n); // 0 resolved, INVALID, PARTIAL
  const windowOffset = new Float64Array(n).fill(-1);
  walk(
    map,
    indices,
    actualPolicy,
    actualPartial,
    (r, t, len) => {
      for (let j = 0; j < len; j++) operandOffset[r + j] = t + j;
    },
    (status, _b, r, o, len) => {
      for (let j = 0; j < len; j++) {
        actualStatus[r + j] = status;
        windowOffset[r + j] = o + j;
      }
    },
  );

  // Pass 2: which window starts are out of range (negatives read per the call's rule).
  const strictPartial = new Map<number, Float64Array>();
  const strictOut = new Uint8Array(n);
  walk(map, indices, quiet({ oob: 'partial' }), strictPartial, null, (status, _b, r, o, len) => {
    for (let j = 0; j < len; j++) {
      strictOut[r + j] = status === PARTIAL ? 1 : 0;
      windowOffset[r + j] = o + j;
    }
  });

  // Pass 3: which starts are only in range because negatives count from the end.
  const rawOut = new Uint8Array(n);
  if (policy.fromEnd) {
    walk(
      map,
      indices,
      quiet({ oob: 'partial', fromEnd: false }),
      new Map(),
      null,
      (status, _b, r, _o, len) => {
        for (let j = 0; j < len; j++) rawOut[r + j] = status === PARTIAL ? 1 : 0;
      },
    );
  }

  const batchStrides = stridesOf(map.batchShape);
  const ivd = spec.indexVectorDim;
  const rankI = spec.indicesShape.length;
  const indexStrides = stridesOf(spec.indicesShape);
  const values = indices.data as ArrayLike<number | bigint>;
  const readPositions = (b: number): number[][] => {
    const bIdx = unravel(b, map.batchShape);
    const out: number[][] = [];
    for (let k = 0; k < map.K; k++) {
      out.push(ivd < rankI ? [...bIdx.slice(0, ivd), k, ...bIdx.slice(ivd)] : bIdx);
    }
    return out;
  };
  const ravel = (idx: readonly number[], strides: readonly number[]) =>
    idx.reduce((a, v, d) => a + v * strides[d], 0);
  const requestedAt = (raw: Float64Array | undefined, o: number): number[] | null => {
    if (!raw || o < 0) return null;
    const w = windowCoords(o, opShape, opStrides);
    return Array.from(raw, (v, d) => v + w[d]);
  };
  const inside = (c: readonly number[]) => c.every((v, d) => v >= 0 && v < opShape[d]);

  const entries: TraceEntry[] = [];
  for (let r = 0; r < n; r++) {
    const space = unravel(r, spec.spaceShape);
    let b = 0;
    for (let i = 0; i < map.spaceBatchDims.length; i++) b += space[map.spaceBatchDims[i]] * batchStrides[i];
    const positions = readPositions(b);
    const indexValues = positions.map((p) => decode(values[ravel(p, indexStrides)]));
    let status: TraceStatus;
    let off = operandOffset[r];
    let requested: number[] | null = null;
    if (actualStatus[r] === INVALID) {
      status = isGather ? 'filled' : 'dropped';
      requested = requestedAt(strictPartial.get(b), windowOffset[r]);
    } else if (actualStatus[r] === PARTIAL) {
      requested = requestedAt(actualPartial.get(b), windowOffset[r]);
      if (policy.oob === 'error') status = 'error';
      else if (requested && inside(requested)) {
        status = 'in_bounds';
        off = ravel(requested, opStrides);
      } else status = 'skipped';
    } else if (strictOut[r]) {
      status = policy.oob === 'wrap' ? 'wrapped' : 'clamped';
      requested = requestedAt(strictPartial.get(b), windowOffset[r]);
    } else {
      status = rawOut[r] ? 'from_end' : 'in_bounds';
    }
    const target = off >= 0 && status !== 'error' ? unravel(off, opShape) : null;
    entries.push({
      space,
      spaceOffset: r,
      batch: b,
      indexPositions: positions,
      indexValues,
      operand: target,
      operandOffset: target ? off : -1,
      requested: requested ?? target,
      status,
      duplicate: false,
      order: 0,
    });
  }

  if (!isGather) {
    // Collisions, in application (update-index) order.
    const hits = new Map<number, number>();
    for (const e of entries)
      if (e.operandOffset >= 0) hits.set(e.operandOffset, (hits.get(e.operandOffset) ?? 0) + 1);
    const seen = new Map<number, number>();
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      if (e.operandOffset < 0 || (hits.get(e.operandOffset) ?? 0) < 2) continue;
      const k = seen.get(e.operandOffset) ?? 0;
      seen.set(e.operandOffset, k + 1);
      entries[i] = { ...e, duplicate: true, order: k };
    }
  }

  // Out-of-range starts per batch position, even when the space is empty (the core still checks them).
  const outOfRange: number[] = [];
  if (map.batchCount > 0 && map.K > 0) {
    const starts = map.resolveAll(indices, quiet({ oob: 'partial' }), new Map());
    starts.forEach((s, b) => {
      if (s === PARTIAL) outOfRange.push(b);
    });
  }
  const duplicates = call.kind === 'scatter' && call.options.duplicates === 'error' ? 'error' : 'apply';
  const throws =
    (policy.oob === 'error' && outOfRange.length > 0) ||
    (duplicates === 'error' && entries.some((e) => e.duplicate));
  const opts = call.options;
  return {
    kind: call.kind,
    op: call.op,
    spaceShape: spec.spaceShape,
    operandShape: operand.shape,
    indicesShape: spec.indicesShape,
    resultShape: call.kind === 'gather' ? (call.reshape ?? spec.spaceShape) : opShape,
    mode: policyMode(call),
    negativeIndices: opts.negative_indices ?? 'out_of_bounds',
    duplicates,
    entries,
    outOfRange,
    throws,
    ...(fillValue !== undefined ? { fillValue } : {}),
  };
}

/** Resolves every batch position under `policy` and walks the space with the core's own mover. */
function walk(
  map: IndexMap,
  indices: Tensor,
  policy: ResolvedPolicy,
  partial: Map<number, Float64Array>,
  run: ((spaceOff: number, opOff: number, n: number) => void) | null,
  special: (status: number, b: number, spaceOff: number, windowOff: number, n: number) => void,
): void {
  if (map.spaceSize === 0) return;
  const starts = map.resolveAll(indices, policy, partial);
  map.move(0, map.outerCount, starts, 0, run ?? (() => {}), special);
}

/** Window coordinates of a window-relative operand offset (each coordinate is below its dim). */
function windowCoords(o: number, shape: readonly number[], strides: readonly number[]): number[] {
  const w = new Array<number>(shape.length).fill(0);
  let rest = o;
  for (let d = 0; d < shape.length; d++) {
    if (strides[d] > 0 && shape[d] > 0) {
      w[d] = Math.floor(rest / strides[d]);
      rest -= w[d] * strides[d];
    }
  }
  return w;
}

function decode(v: number | bigint): Scalar {
  return typeof v === 'bigint' && v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(v)
    : v;
}

/** The call's mode with the core's defaults applied (calls built by hand may leave it out). */
function policyMode(call: CoreCall): string {
  return call.kind === 'gather'
    ? resolveGatherOptions(call.operand.dtype, call.options).mode
    : resolveScatterOptions(call.options).mode;
}
