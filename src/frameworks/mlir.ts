/**
 * MLIR tensor dialect `tensor.gather` / `tensor.scatter` with the dialect's attribute names.
 * Verifier rules are named errors; undefined behaviour (out-of-bounds coordinates, a broken
 * `unique`) is an error by default under `MLIR_POLICY`. See docs/mlir.md.
 *
 * @example
 * mlir.tensor.gather(source, indices, { gather_dims: [1] });                      // rank-preserving
 * mlir.tensor.gather(source, indices, { gather_dims: [1], rank_reduced: true });  // rank-reduced
 * mlir.tensor.scatter(source, dest, indices, { scatter_dims: [0], unique: true });
 */
import { arityChecked } from './arity.js';
import * as stated from './mlir/tensor.js';
import { MLIR_POLICY, gather, inferResultShape, lower, scatter } from './mlir/tensor.js';

export type { MlirGatherAttributes, MlirScatterAttributes } from './mlir/tensor.js';

/** MLIR dialect ops, grouped by dialect; `lower.tensor.<op>` returns the core call. */
export const mlir = /* @__PURE__ */ arityChecked(
  'mlir',
  stated,
  { 'tensor.inferResultShape': ['sourceShape', 'indicesShape', 'dims', 'rankReduced'] },
  {
    tensor: { gather, scatter, inferResultShape },
    /** The policy table (`MLIR_POLICY`) for what MLIR leaves undefined. */
    policy: MLIR_POLICY,
    lower: { tensor: lower },
  } as const,
);
