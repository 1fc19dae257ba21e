/**
 * The derivation of one element's operand index, step by step, as the StableHLO spec writes it
 * (gather: "Semantics"; scatter: the same map from update_scatter_dims):
 *
 *   batch_index        = space[batch dims]                       (result / update index minus offset dims)
 *   start_index        = indices[batch_index with index_vector_dim = :]
 *   full_start_index   = start_index scattered by start_index_map  (0 elsewhere)
 *   policy             = negatives from the end, then clamp / wrap / fill / drop / skip / error
 *   full_batching_index= batch_index[indices_batching_dims] at operand_batching_dims
 *   full_window_index  = space[offset dims] at the operand's window dims
 *   operand_index      = full_start_index + full_batching_index + full_window_index
 *
 * Pure (no DOM) and computed per element on demand, so a 512×512 input answers a hover in
 * microseconds. The explorer checks every derivation against the core's own IndexMap (the
 * landing map of `landing.ts`, and `traceCall` for small inputs) and says so beside it.
 */
import type { IndexMapSpec } from '../src/core/index-map.js';
import type { TraceStatus } from '../src/core/trace.js';
import { unravel } from '../src/core/index-map.js';

/** What a dimension does in the mapping; the explorer colours each role. */
export type DimRole = 'batch' | 'offset' | 'collapsed' | 'index_vector' | 'operand_batching';

/** One value in a step, tagged with the dimension it belongs to and that dimension's role. */
export interface DimValue {
  readonly dim: number;
  readonly value: number | string;
  readonly role: DimRole;
  /** The policy changed this component (clamped, wrapped, from the end, …). */
  readonly changed?: boolean;
}

export interface Step {
  readonly key:
    | 'space'
    | 'batch'
    | 'read'
    | 'map'
    | 'negative'
    | 'policy'
    | 'batching'
    | 'window'
    | 'operand';
  /** StableHLO's name for the value. */
  readonly name: string;
  /** The framework's own name, when it has one. */
  readonly framework?: string;
  readonly values: readonly DimValue[];
  readonly note?: string;
  /** The policy acted here. */
  readonly acts?: boolean;
}

export interface Derivation {
  readonly steps: readonly Step[];
  /** Batch position (row-major over the indices without the index vector dim). */
  readonly batch: number;
  /** Positions in the indices tensor of the index vector's components. */
  readonly indexPositions: readonly (readonly number[])[];
  /** The operand element reached, or null (filled, dropped, skipped, error). */
  readonly operand: readonly number[] | null;
  readonly operandOffset: number;
  readonly status: TraceStatus;
}

/** The resolved index policy (ResolvedPolicy's `oob` and `fromEnd`) plus the call's mode name. */
export interface DerivePolicy {
  readonly oob: 'clip' | 'invalid' | 'partial' | 'error' | 'wrap';
  readonly fromEnd: boolean;
  readonly mode: string;
}

/** Framework words for the roles (e.g. torch: input / index / dim). */
export interface FrameworkNames {
  readonly operand?: string;
  readonly indices?: string;
  readonly space?: string;
  /** The attribute that chose start_index_map, e.g. `dim=1`. */
  readonly axis?: string;
}

/** The core's own unravel (linear offset → multi-index), re-exported for the explorer's modules. */
export { unravel };

export function ravel(idx: readonly number[], shape: readonly number[]): number {
  let off = 0;
  for (let d = 0; d < shape.length; d++) off = off * shape[d] + idx[d];
  return off;
}

/** Roles of the space (result / updates) dims: offset dims hold the window, the rest are batch dims. */
export function spaceRoles(spec: IndexMapSpec): DimRole[] {
  return spec.spaceShape.map((_, d) => (spec.windowSpaceDims.includes(d) ? 'offset' : 'batch'));
}

/** Roles of the operand dims: collapsed, batching, indexed by the index vector (start_index_map), or window. */
export function operandRoles(spec: IndexMapSpec): DimRole[] {
  return spec.operandShape.map((_, d) =>
    spec.operandBatchingDims.includes(d)
      ? 'operand_batching'
      : spec.collapsedDims.includes(d)
        ? 'collapsed'
        : 'offset',
  );
}

/** Roles of the indices dims: the index vector dim, batching dims, the other batch dims. */
export function indicesRoles(spec: IndexMapSpec): DimRole[] {
  return spec.indicesShape.map((_, d) =>
    d === spec.indexVectorDim
      ? 'index_vector'
      : spec.indicesBatchingDims.includes(d)
        ? 'operand_batching'
        : 'batch',
  );
}

/** The batch position of a space element (which index vector it uses). */
export function batchOf(spec: IndexMapSpec, space: readonly number[]): { batch: number; index: number[] } {
  const batchShape = spec.indicesShape.filter((_, d) => d !== spec.indexVectorDim);
  const index = spec.spaceShape.flatMap((_, d) => (spec.windowSpaceDims.includes(d) ? [] : [space[d]]));
  return { batch: ravel(index, batchShape), index };
}

/**
 * Derives one element: `space` is the gather result index (before any final reshape) or the
 * scatter update index; `readIndex` reads the indices tensor at a multi-index.
 */
export function derive(
  kind: 'gather' | 'scatter',
  spec: IndexMapSpec,
  policy: DerivePolicy,
  space: readonly number[],
  readIndex: (position: readonly number[]) => number | bigint,
  names: FrameworkNames = {},
): Derivation {
  const rankO = spec.operandShape.length;
  const ivd = spec.indexVectorDim;
  const rankI = spec.indicesShape.length;
  const sRoles = spaceRoles(spec);
  const steps: Step[] = [];
  const gather = kind === 'gather';
  steps.push({
    key: 'space',
    name: gather ? 'result_index' : 'update_index',
    ...(names.space ? { framework: names.space } : {}),
    values: space.map((v, d) => ({ dim: d, value: v, role: sRoles[d] })),
  });

  // batch index: the space dims that are not offset (window) dims, in order.
  const { batch, index: batchIndex } = batchOf(spec, space);
  const batchDims = spec.indicesShape.map((_, d) => d).filter((d) => d !== ivd);
  steps.push({
    key: 'batch',
    name: gather ? 'batch_index' : 'update_scatter_index',
    values: batchIndex.map((v, i) => ({
      dim: batchDims[i],
      value: v,
      role: spec.indicesBatchingDims.includes(batchDims[i]) ? 'operand_batching' : 'batch',
    })),
    note: `index vector #${batch}`,
  });

  // start index: the index vector read from the indices.
  const K = spec.startIndexMap.length;
  const positions: number[][] = [];
  const raw: (number | bigint)[] = [];
  for (let k = 0; k < K; k++) {
    const p = ivd < rankI ? [...batchIndex.slice(0, ivd), k, ...batchIndex.slice(ivd)] : [...batchIndex];
    positions.push(p);
    raw.push(readIndex(p));
  }
  const where = (p: readonly number[]) => `[${p.map((v, d) => (d === ivd ? ':' : v)).join(', ')}]`;
  steps.push({
    key: 'read',
    name: gather ? 'start_index' : 'start_index',
    framework: `${names.indices ?? 'indices'}${positions.length ? where(positions[0]) : '[]'}`,
    values: raw.map((v, k) => ({ dim: k, value: String(v), role: 'index_vector' })),
    note: ivd < rankI ? `indices${where(positions[0] ?? batchIndex)}` : 'index_vector_dim = rank: scalars',
  });

  // start_index_map: component k starts operand dim start_index_map[k].
  const start: number[] = new Array(rankO).fill(0);
  const nums = raw.map((v) =>
    typeof v === 'bigint'
      ? v > BigInt(Number.MAX_SAFE_INTEGER)
        ? Number.POSITIVE_INFINITY
        : v < BigInt(Number.MIN_SAFE_INTEGER)
          ? Number.NEGATIVE_INFINITY
          : Number(v)
      : v,
  );
  spec.startIndexMap.forEach((d, k) => {
    start[d] = nums[k];
  });
  const oRoles = operandRoles(spec);
  const mapped = new Set(spec.startIndexMap);
  const startValues = (changed: ReadonlySet<number> = new Set()) =>
    start.map((v, d) => ({
      dim: d,
      value: v,
      role: mapped.has(d) ? ('index_vector' as const) : oRoles[d],
      ...(changed.has(d) ? { changed: true } : {}),
    }));
  steps.push({
    key: 'map',
    name: 'full_start_index',
    ...(names.axis ? { framework: names.axis } : {}),
    values: startValues(),
    note: `start_index_map = [${spec.startIndexMap.join(', ')}]`,
  });

  // Negative indices (Python style), where the call reads them so.
  let status: TraceStatus = 'in_bounds';
  if (policy.fromEnd) {
    const changed = new Set<number>();
    spec.startIndexMap.forEach((d) => {
      if (start[d] < 0) {
        start[d] += spec.operandShape[d];
        changed.add(d);
      }
    });
    if (changed.size) {
      status = 'from_end';
      steps.push({
        key: 'negative',
        name: 'negative_indices = from_end',
        values: startValues(changed),
        note: [...changed].map((d) => `dim ${d}: + ${spec.operandShape[d]}`).join(', '),
        acts: true,
      });
    }
  }

  // Out-of-range starts: the window must fit, so the valid range is [0, dim - window].
  const out = spec.startIndexMap.filter(
    (d) => !(start[d] >= 0 && start[d] <= spec.operandShape[d] - spec.windowSizes[d]),
  );
  let dead = false; // the whole window is filled / dropped / an error
  if (out.length) {
    const range = (d: number) => `[0, ${spec.operandShape[d] - spec.windowSizes[d]}]`;
    const outNote = out.map((d) => `dim ${d}: ${start[d]} ∉ ${range(d)}`).join(', ');
    const changed = new Set(out);
    if (policy.oob === 'clip') {
      for (const d of out)
        start[d] = Math.min(Math.max(start[d], 0), spec.operandShape[d] - spec.windowSizes[d]);
      status = 'clamped';
      steps.push({
        key: 'policy',
        name: `mode = ${policy.mode}: clamp`,
        values: startValues(changed),
        note: outNote,
        acts: true,
      });
    } else if (policy.oob === 'wrap') {
      for (const d of out) {
        const r = spec.operandShape[d] - spec.windowSizes[d] + 1;
        start[d] = r > 0 ? ((start[d] % r) + r) % r : 0;
      }
      status = 'wrapped';
      steps.push({
        key: 'policy',
        name: `mode = ${policy.mode}: wrap`,
        values: startValues(changed),
        note: outNote,
        acts: true,
      });
    } else if (policy.oob === 'invalid') {
      status = gather ? 'filled' : 'dropped';
      dead = true;
      steps.push({
        key: 'policy',
        name: `mode = ${policy.mode}: ${gather ? 'fill' : 'drop'}`,
        values: startValues(changed),
        note: `${outNote} → ${gather ? 'the whole slice is the fill value' : 'the whole update window is dropped'}`,
        acts: true,
      });
    } else if (policy.oob === 'error') {
      status = 'error';
      dead = true;
      steps.push({
        key: 'policy',
        name: `mode = ${policy.mode}: error`,
        values: startValues(changed),
        note: `${outNote} → the call raises`,
        acts: true,
      });
    } else {
      // partial (scatter skip): decided per element below, once the full index is known.
      steps.push({
        key: 'policy',
        name: `mode = ${policy.mode}: skip out-of-bounds elements`,
        values: startValues(changed),
        note: outNote,
        acts: true,
      });
    }
  }

  // full_batching_index: operand batching dims take the paired batch index.
  const batching: number[] = new Array(rankO).fill(0);
  spec.operandBatchingDims.forEach((od, i) => {
    batching[od] = batchIndex[batchDims.indexOf(spec.indicesBatchingDims[i])];
  });
  if (spec.operandBatchingDims.length)
    steps.push({
      key: 'batching',
      name: 'full_batching_index',
      values: batching.map((v, d) => ({
        dim: d,
        value: v,
        role: spec.operandBatchingDims.includes(d) ? 'operand_batching' : oRoles[d],
      })),
      note: `operand_batching_dims = [${spec.operandBatchingDims.join(', ')}] ← indices dims [${spec.indicesBatchingDims.join(', ')}]`,
    });

  // full_window_index: the offset dims, in order, at the operand's window dims.
  const windowDims = spec.operandShape
    .map((_, d) => d)
    .filter((d) => !spec.collapsedDims.includes(d) && !spec.operandBatchingDims.includes(d));
  const win: number[] = new Array(rankO).fill(0);
  windowDims.forEach((od, j) => {
    win[od] = space[spec.windowSpaceDims[j]];
  });
  steps.push({
    key: 'window',
    name: gather ? 'full_offset_index' : 'full_window_index',
    values: win.map((v, d) => ({ dim: d, value: v, role: oRoles[d] })),
    note: `${gather ? 'offset_dims' : 'update_window_dims'} [${spec.windowSpaceDims.join(', ')}] → operand dims [${windowDims.join(', ')}]`,
  });

  const full = start.map((v, d) => v + batching[d] + win[d]);
  let operand: number[] | null = dead ? null : full;
  if (!dead && out.length && policy.oob === 'partial') {
    const inside = full.every((v, d) => v >= 0 && v < spec.operandShape[d]);
    status = inside ? 'in_bounds' : 'skipped';
    if (!inside) operand = null;
  }
  steps.push({
    key: 'operand',
    name: gather ? 'operand_index' : 'result_index',
    framework: names.operand,
    values: full.map((v, d) => ({ dim: d, value: v, role: oRoles[d] })),
    note: operand
      ? `= full_start_index + ${spec.operandBatchingDims.length ? 'full_batching_index + ' : ''}${gather ? 'full_offset_index' : 'full_window_index'}`
      : status === 'skipped'
        ? 'outside the input: this element is skipped'
        : 'nothing is read or written',
  });
  return {
    steps,
    batch,
    indexPositions: positions,
    operand,
    operandOffset: operand ? ravel(operand, spec.operandShape) : -1,
    status,
  };
}
