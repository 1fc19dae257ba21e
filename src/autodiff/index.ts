/**
 * Gradients of every lowered call: `vjp(call)` (value + pullback) and `jvp(call, tangents)`,
 * by the framework's own argument names. Rules in vjp.ts and rules.ts; docs/autodiff.md.
 */
// Checked at the entry (vjp, jvp and the ONNX export call the unchecked originals).
export { argumentNames, argumentShapes, gradientPolicy, landingMap, scatterCoefficients } from './checked.js';
export {
  jvp,
  vjp,
  type ArgumentNames,
  type ArgumentShapes,
  type JvpResult,
  type VjpResult,
  type GradientNames,
  type CallGradientNames,
} from './vjp.js';
export type { LoweredCall, LoweredGather, LoweredOp, LoweredScatter } from '../frameworks/lowered.js';
export {
  JAX_RULES,
  NotDifferentiableError,
  TORCH_RULES,
  type GradientPolicy,
  type ScatterCoefficients,
} from './rules.js';
