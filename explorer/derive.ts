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
import { type ElementIndex, elementIndex, ravel } from '../src/tables/reference.js';

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

/** The reference evaluator's ravel (multi-index → linear offset), re-exported likewise. */
export { ravel };

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
 * scatter update index; `readIndex` reads the indices tensor at a multi-index. The values come
 * from the reference evaluator (src/tables/reference.ts, the one the core is tested against);
 * this function only names and annotates them.
 */
export function derive(
  kind: 'gather' | 'scatter',
  spec: IndexMapSpec,
  policy: DerivePolicy,
  space: readonly number[],
  readIndex: (position: readonly number[]) => number | bigint,
  names: FrameworkNames = {},
): Derivation {
  const e = elementIndex(kind, spec, policy, space, readIndex);
  const ivd = spec.indexVectorDim;
  const gather = kind === 'gather';
  const sRoles = spaceRoles(spec);
  const oRoles = operandRoles(spec);
  const mapped = new Set(spec.startIndexMap);
  const startValues = (start: readonly number[], changed: ReadonlySet<number> = new Set()) =>
    start.map((v, d) => ({
      dim: d,
      value: v,
      role: mapped.has(d) ? ('index_vector' as const) : oRoles[d],
      ...(changed.has(d) ? { changed: true } : {}),
    }));
  const where = (p: readonly number[]) => `[${p.map((v, d) => (d === ivd ? ':' : v)).join(', ')}]`;
  const steps: Step[] = [
    {
      key: 'space',
      name: gather ? 'result_index' : 'update_index',
      ...(names.space ? { framework: names.space } : {}),
      values: space.map((v, d) => ({ dim: d, value: v, role: sRoles[d] })),
    },
    {
      key: 'batch',
      name: gather ? 'batch_index' : 'update_scatter_index',
      values: e.batchIndex.map((v, i) => ({
        dim: e.batchDims[i],
        value: v,
        role: spec.indicesBatchingDims.includes(e.batchDims[i]) ? 'operand_batching' : 'batch',
      })),
      note: `index vector #${e.batch}`,
    },
    {
      key: 'read',
      name: 'start_index',
      framework: `${names.indices ?? 'indices'}${e.positions.length ? where(e.positions[0]) : '[]'}`,
      values: e.raw.map((v, k) => ({ dim: k, value: String(v), role: 'index_vector' })),
      note:
        ivd < spec.indicesShape.length
          ? `${gather ? 'start_indices' : 'scatter_indices'}${where(e.positions[0] ?? e.batchIndex)}`
          : 'index_vector_dim = rank: scalars',
    },
    {
      key: 'map',
      name: 'full_start_index',
      ...(names.axis ? { framework: names.axis } : {}),
      values: startValues(e.mapped),
      note: `${gather ? 'start_index_map' : 'scatter_dims_to_operand_dims'} = [${spec.startIndexMap.join(', ')}]`,
    },
  ];
  if (e.fromEndDims.length)
    steps.push({
      key: 'negative',
      name: 'negative_indices = from_end',
      values: startValues(e.afterNegative, new Set(e.fromEndDims)),
      note: e.fromEndDims.map((d) => `dim ${d}: + ${spec.operandShape[d]}`).join(', '),
      acts: true,
    });
  if (e.outOfRange.length) steps.push(policyStep(kind, spec, policy, e));
  if (spec.operandBatchingDims.length)
    steps.push({
      key: 'batching',
      name: 'full_batching_index',
      values: e.batching.map((v, d) => ({
        dim: d,
        value: v,
        role: spec.operandBatchingDims.includes(d) ? 'operand_batching' : oRoles[d],
      })),
      // Each op's own attribute names: the scatter's are input_ / scatter_indices_batching_dims.
      note: gather
        ? `operand_batching_dims = [${spec.operandBatchingDims.join(', ')}] ← start_indices_batching_dims = [${spec.indicesBatchingDims.join(', ')}]`
        : `input_batching_dims = [${spec.operandBatchingDims.join(', ')}] ← scatter_indices_batching_dims = [${spec.indicesBatchingDims.join(', ')}]`,
    });
  steps.push({
    key: 'window',
    name: gather ? 'full_offset_index' : 'full_window_index',
    values: e.window.map((v, d) => ({ dim: d, value: v, role: oRoles[d] })),
    note: `${gather ? 'offset_dims' : 'update_window_dims'} = [${spec.windowSpaceDims.join(', ')}] → ${gather ? 'operand' : 'input'} dims [${e.windowDims.join(', ')}]`,
  });
  steps.push({
    key: 'operand',
    name: gather ? 'operand_index' : 'result_index',
    framework: names.operand,
    values: e.full.map((v, d) => ({ dim: d, value: v, role: oRoles[d] })),
    note: e.operand
      ? `= full_start_index + ${spec.operandBatchingDims.length ? 'full_batching_index + ' : ''}${gather ? 'full_offset_index' : 'full_window_index'}`
      : e.status === 'skipped'
        ? 'outside the input: this element is skipped'
        : 'nothing is read or written',
  });
  return {
    steps,
    batch: e.batch,
    indexPositions: e.positions,
    operand: e.operand,
    operandOffset: e.operand ? ravel(e.operand, spec.operandShape) : -1,
    status: e.status,
  };
}

/** The policy step: what the call's mode does to the out-of-range starts. */
function policyStep(
  kind: 'gather' | 'scatter',
  spec: IndexMapSpec,
  policy: DerivePolicy,
  e: ElementIndex,
): Step {
  const gather = kind === 'gather';
  const oRoles = operandRoles(spec);
  const mapped = new Set(spec.startIndexMap);
  const changed = new Set(e.outOfRange);
  const range = (d: number) => `[0, ${spec.operandShape[d] - spec.windowSizes[d]}]`;
  const outNote = e.outOfRange.map((d) => `dim ${d}: ${e.afterNegative[d]} ∉ ${range(d)}`).join(', ');
  // Clamp and wrap show the new starts; the others show the starts that broke the range.
  const shown =
    policy.oob === 'clip' || (policy.oob === 'wrap' && e.status === 'wrapped') ? e.start : e.afterNegative;
  const values = shown.map((v, d) => ({
    dim: d,
    value: v,
    role: mapped.has(d) ? ('index_vector' as const) : oRoles[d],
    ...(changed.has(d) ? { changed: true } : {}),
  }));
  const [action, tail] =
    policy.oob === 'clip'
      ? ['clamp', '']
      : policy.oob === 'wrap' && e.status === 'wrapped'
        ? ['wrap', '']
        : policy.oob === 'error'
          ? ['error', ' → the call raises']
          : policy.oob === 'partial'
            ? ['skip out-of-bounds elements', '']
            : gather
              ? ['fill', ' → the whole slice is the fill value']
              : ['drop', ' → the whole update window is dropped'];
  return {
    key: 'policy',
    name: `mode = ${policy.mode}: ${action}`,
    values,
    note: `${outNote}${tail}`,
    acts: true,
  };
}
