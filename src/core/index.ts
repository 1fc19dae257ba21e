/** The general gather/scatter core. Frontends lower onto these; they never loop themselves. */
export * from './types.js';
export { gather, compileGather, checkIndexDType, type GatherPlan } from './gather.js';
export { scatter, scatter1, compileScatter, type ScatterPlan } from './scatter.js';
export { gatherShape, type GatherShapeInfo, type NormalizedGather } from './gather-shape.js';
export { scatterShape, type ScatterShapeInfo, type NormalizedScatter } from './scatter-shape.js';
export { IndexMap, INVALID, PARTIAL, type IndexMapSpec, type ResolvedPolicy } from './index-map.js';
// Checked at the entry (the core's loops use the unchecked originals).
export { overlaps, sameShape, stridesOf, unravel } from './utilities.js';
export { resolvePolicy } from './policy.js';
export { execute, stablehloText, type GatherCall, type ScatterCall, type CoreCall } from './call.js';
export { traceCall, type Trace, type TraceEntry, type TraceStatus } from './trace.js';
export { setParallel, getParallel, sharedLike, type ParallelConfig, type ParallelPool } from './parallel.js';
export { planCacheStats, clearPlanCache, PLAN_CACHE_SIZE } from './plan-cache.js';
export { executeAll, type OobDetails, type Wording } from './call.js';
export {
  resolveGatherOptions,
  resolveScatterOptions,
  type ResolvedGatherOptions,
  type ResolvedScatterOptions,
} from './policy.js';
export { decomposeBatching, decomposeGatherBatching, decomposeScatterBatching } from './batching.js';
// Internals the main entry keeps out of its API, for runtime authors and tests: tensor validators,
// raw storage helpers and the message formatter.
export { checkRank, checkShape, checkedSize } from '../tensor/index.js';
export { checkCallBudget, type BudgetPart } from '../tensor/index.js';
export { typedArrayName, storageConstructor, storageFactor, allocStorage } from '../tensor/index.js';
export { label, encodeScalar, decodeScalar, formatElement } from '../tensor/index.js';
export { bytesToStorage, storageToBytes } from '../interop/npy.js';
export { valueKind } from '../frameworks/constructors.js';
export { fmt, FMT_MAX_ITEMS, FMT_MAX_CHARS } from '../errors.js';
