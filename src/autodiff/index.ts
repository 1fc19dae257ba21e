/**
 * Gradients of every lowered call: `vjp(call)` (value + pullback) and `jvp(call, tangents)`,
 * by the framework's own argument names. Rules in vjp.ts and rules.ts; docs/autodiff.md.
 */
export {
  argumentNames,
  argumentShapes,
  gradientPolicy,
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
  landingMap,
  scatterCoefficients,
  type GradientPolicy,
  type ScatterCoefficients,
} from './rules.js';
