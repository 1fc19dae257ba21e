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
import { type CoreCall, type GatherCall, type ScatterCall, planOf } from './call.js';
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
  /** What the policy did with this element (in bounds, clamped, wrapped, filled, dropped, …). */
  readonly status: TraceStatus;
  /** Scatter only: another applied update writes the same element (a collision). */
  readonly duplicate: boolean;
  /** Scatter only: 0-based rank of this update among those applied to its element, in application (update-index) order. */
  readonly order: number;
}

/** The full trace of one lowered call. */
export interface Trace {
  /** Whether the call is a gather or a scatter. */
  readonly kind: 'gather' | 'scatter';
  /** The framework op (`onnx.GatherND-13`). */
  readonly op: string;
  /** Gather result shape before the final reshape / scatter updates shape. */
  readonly spaceShape: readonly number[];
  /** Gather operand / scatter input shape. */
  readonly operandShape: readonly number[];
  /** The index tensor's shape. */
  readonly indicesShape: readonly number[];
  /** Shape of the value the call returns (gather: after `reshape`; scatter: the input shape). */
  readonly resultShape: readonly number[];
  /** The call's policy, as named values. */
  readonly mode: string;
  /** The negative-index policy (`from_end`, `out_of_bounds`). */
  readonly negativeIndices: string;
  /** Repeated scatter targets: every update applied, or an error. */
  readonly duplicates: 'apply' | 'error';
  /** One entry per space element (gather result / scatter updates), row-major. */
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
  const call = singleOp(lowered, 'trace.program', {
    runs: ['scale_updates', 'cycle_updates', 'circular_indices', 'nonzero', 'index_tuple'],
  });
  const src = sourceOf(call);
  const { map, policy, indices } = src;
  const passes = resolvePasses(map, indices, policy);
  const entries: TraceEntry[] = [];
  for (let r = 0; r < map.spaceSize; r++) entries.push(entryAt(src, passes, r));
  if (call.kind === 'scatter') markCollisions(entries);
  // Out-of-range starts per batch position, even when the space is empty (the core still checks them).
  const outOfRange: number[] = [];
  if (map.batchCount > 0 && map.K > 0) {
    const starts = map.resolveAll({ indices, policy: quiet(policy, { oob: 'partial' }), partial: new Map() });
    starts.forEach((s, b) => {
      if (s === PARTIAL) outOfRange.push(b);
    });
  }
  const duplicates = call.kind === 'scatter' && call.options.duplicates === 'error' ? 'error' : 'apply';
  const throws =
    (policy.oob === 'error' && outOfRange.length > 0) ||
    (duplicates === 'error' && entries.some((e) => e.duplicate));
  const { spec } = map;
  return {
    kind: call.kind,
    op: call.op,
    spaceShape: spec.spaceShape,
    operandShape: src.operand.shape,
    indicesShape: spec.indicesShape,
    resultShape: call.kind === 'gather' ? (call.reshape ?? spec.spaceShape) : spec.operandShape,
    mode: policyMode(call),
    negativeIndices: call.options.negative_indices ?? 'out_of_bounds',
    duplicates,
    entries,
    outOfRange,
    throws,
    ...(src.fillValue !== undefined ? { fillValue: src.fillValue } : {}),
  };
}

/** What a trace reads: the call's compiled map and policy, its indices and operand. */
interface TraceSource {
  readonly isGather: boolean;
  readonly map: IndexMap;
  readonly policy: ResolvedPolicy;
  readonly indices: Tensor;
  readonly operand: Tensor;
  readonly fillValue: Scalar | undefined;
  readonly opStrides: readonly number[];
  readonly batchStrides: readonly number[];
  readonly indexStrides: readonly number[];
}

function sourceOf(call: GatherCall | ScatterCall): TraceSource {
  const { map, policy } = call.kind === 'gather' ? planOf(call) : planOf(call);
  const strides = {
    opStrides: stridesOf(map.spec.operandShape),
    batchStrides: stridesOf(map.batchShape),
    indexStrides: stridesOf(map.spec.indicesShape),
  };
  if (call.kind === 'gather') {
    const resolved = resolveGatherOptions(call.operand.dtype, call.options);
    const fillValue = resolved.mode === 'fill' ? resolved.fill_value : undefined;
    return {
      isGather: true,
      map,
      policy,
      indices: call.start_indices,
      operand: call.operand,
      fillValue,
      ...strides,
    };
  }
  const operand = call.inputs[0];
  return {
    isGather: false,
    map,
    policy,
    indices: call.scatter_indices,
    operand,
    fillValue: undefined,
    ...strides,
  };
}

/** `policy` with its promises off and `p` applied: a policy that reports instead of throwing. */
function quiet(policy: ResolvedPolicy, p: Partial<ResolvedPolicy>): ResolvedPolicy {
  return { ...policy, promiseInBounds: false, checkSorted: false, ...p };
}

/** Per space element: where it goes, and which rule placed it (three resolutions, see the module comment). */
interface Passes {
  /** Operand offset under the call's policy (-1 when none). */
  readonly operandOffset: Float64Array;
  /** 0 resolved, INVALID or PARTIAL under the call's policy. */
  readonly actualStatus: Int8Array;
  readonly actualPartial: Map<number, Float64Array>;
  /** The element's offset inside its window. */
  readonly windowOffset: Float64Array;
  /** 1 where the window start is out of range after the negative-index rule. */
  readonly strictOut: Uint8Array;
  readonly strictPartial: Map<number, Float64Array>;
  /** 1 where the start is out of range without the negative-index rule. */
  readonly rawOut: Uint8Array;
}

function resolvePasses(map: IndexMap, indices: Tensor, policy: ResolvedPolicy): Passes {
  const n = map.spaceSize;
  // Pass 1: where each element goes under the call's own policy. `error` becomes "report".
  const actualPartial = new Map<number, Float64Array>();
  const operandOffset = new Float64Array(n).fill(-1);
  const actualStatus = new Int8Array(n);
  const windowOffset = new Float64Array(n).fill(-1);
  const actual = quiet(policy, policy.oob === 'error' ? { oob: 'partial' } : {});
  walk(
    map,
    indices,
    actual,
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
  walk(map, indices, quiet(policy, { oob: 'partial' }), strictPartial, null, (status, _b, r, o, len) => {
    for (let j = 0; j < len; j++) {
      strictOut[r + j] = status === PARTIAL ? 1 : 0;
      windowOffset[r + j] = o + j;
    }
  });
  // Pass 3: which starts are only in range because negatives count from the end.
  const rawOut = new Uint8Array(n);
  if (policy.fromEnd) {
    const raw = quiet(policy, { oob: 'partial', fromEnd: false });
    walk(map, indices, raw, new Map(), null, (status, _b, r, _o, len) => {
      for (let j = 0; j < len; j++) rawOut[r + j] = status === PARTIAL ? 1 : 0;
    });
  }
  return { operandOffset, actualStatus, actualPartial, windowOffset, strictOut, strictPartial, rawOut };
}

/** The trace entry of space element `r`. */
function entryAt(src: TraceSource, p: Passes, r: number): TraceEntry {
  const { map, policy, isGather, opStrides, batchStrides } = src;
  const opShape = map.spec.operandShape;
  const space = unravel(r, map.spec.spaceShape);
  let b = 0;
  for (let i = 0; i < map.spaceBatchDims.length; i++) b += space[map.spaceBatchDims[i]] * batchStrides[i];
  const positions = readPositions(map, b);
  const values = src.indices.data as ArrayLike<number | bigint>;
  const indexValues = positions.map((q) => decode(values[ravel(q, src.indexStrides)]));
  const requestedAt = (raw: Float64Array | undefined): number[] | null => {
    const o = p.windowOffset[r];
    if (!raw || o < 0) return null;
    const w = windowCoords(o, opShape, opStrides);
    return Array.from(raw, (v, d) => v + w[d]);
  };
  let status: TraceStatus;
  let off = p.operandOffset[r];
  let requested: number[] | null = null;
  if (p.actualStatus[r] === INVALID) {
    status = isGather ? 'filled' : 'dropped';
    requested = requestedAt(p.strictPartial.get(b));
  } else if (p.actualStatus[r] === PARTIAL) {
    requested = requestedAt(p.actualPartial.get(b));
    if (policy.oob === 'error') status = 'error';
    else if (requested?.every((v, d) => v >= 0 && v < opShape[d])) {
      status = 'in_bounds';
      off = ravel(requested, opStrides);
    } else status = 'skipped';
  } else if (p.strictOut[r]) {
    status = policy.oob === 'wrap' ? 'wrapped' : 'clamped';
    requested = requestedAt(p.strictPartial.get(b));
  } else status = p.rawOut[r] ? 'from_end' : 'in_bounds';
  const target = off >= 0 && status !== 'error' ? unravel(off, opShape) : null;
  return {
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
  };
}

/** Positions in the indices of batch position b's index vector components. */
function readPositions(map: IndexMap, b: number): number[][] {
  const ivd = map.spec.indexVectorDim;
  const bIdx = unravel(b, map.batchShape);
  const out: number[][] = [];
  for (let k = 0; k < map.K; k++)
    out.push(ivd < map.spec.indicesShape.length ? [...bIdx.slice(0, ivd), k, ...bIdx.slice(ivd)] : bIdx);
  return out;
}

const ravel = (idx: readonly number[], strides: readonly number[]) =>
  idx.reduce((a, v, d) => a + v * strides[d], 0);

/** Scatter collisions: every applied update whose element another also writes, ranked in update order. */
function markCollisions(entries: TraceEntry[]): void {
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
  const starts = map.resolveAll({ indices, policy, partial });
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
