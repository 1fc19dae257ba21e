/**
 * The autodiff helpers as the package exports them, checked at the entry: a value that is not a
 * lowered call gets the lowered-call validator's typed error (`call.type`, `call.kind`, …, the
 * codes `vjp` gives), a policy or a result that is not one gets `autodiff.policy` /
 * `autodiff.result`. `vjp`, `jvp` and the ONNX export call the unchecked originals on a call
 * they have already checked.
 */
import type { CoreCall, ScatterCall } from '../core/call.js';
import { checkCall } from '../core/check-call.js';
import { InvalidArgumentError, fmt } from '../errors.js';
import { checkTensor, type Tensor } from '../tensor/tensor.js';
import * as rules from './rules.js';
import * as unchecked from './vjp.js';

const SINGLE_OPS = ['gather', 'scatter'];

/** The names a call's cotangents are returned under (the framework's own argument names). */
export function argumentNames(call: CoreCall): unchecked.ArgumentNames {
  checkCall(call, 'argumentNames', SINGLE_OPS);
  return unchecked.argumentNames(call);
}

/**
 * The caller's own argument shapes, when the lowering reshaped a tensor (a flat op's data,
 * MLIR's rank-preserving updates), else the core tensors' shapes.
 */
export function argumentShapes(call: CoreCall): unchecked.ArgumentShapes {
  checkCall(call, 'argumentShapes', SINGLE_OPS);
  return unchecked.argumentShapes(call);
}

/** The framework's autograd choices (PyTorch's for `torch.*`, JAX's otherwise). */
export function gradientPolicy(call: CoreCall): rules.GradientPolicy {
  checkCall(call, 'gradientPolicy', SINGLE_OPS);
  return unchecked.gradientPolicy(call);
}

/**
 * Where each update element of a scatter lands: the input element's offset, or -1 (found by
 * running the call on iotas).
 */
export function landingMap(call: ScatterCall): Float64Array {
  checkCall(call, 'landingMap', ['scatter']);
  return rules.landingMap(call);
}

/**
 * The local derivatives of a single-input scatter under `policy` (`JAX_RULES`, `TORCH_RULES`
 * or one of the same form), given its `result`.
 */
export function scatterCoefficients(
  call: ScatterCall,
  policy: rules.GradientPolicy,
  result: Tensor,
): rules.ScatterCoefficients {
  checkCall(call, 'scatterCoefficients', ['scatter']);
  checkPolicy(policy);
  checkTensor(result, 'result', 'scatterCoefficients', 'autodiff.result');
  return rules.scatterCoefficients(call, policy, result);
}

function checkPolicy(policy: unknown): void {
  const p = policy as Partial<rules.GradientPolicy> | null;
  if (
    typeof p !== 'object' ||
    p === null ||
    (p.duplicates !== 'all' && p.duplicates !== 'last') ||
    typeof p.selfTiesWithoutInclude !== 'boolean'
  )
    throw new InvalidArgumentError(
      'autodiff.policy',
      `scatterCoefficients: policy must be { duplicates: "all" | "last", selfTiesWithoutInclude: boolean } (JAX_RULES, TORCH_RULES); got ${fmt(policy)}`,
      { policy: fmt(policy) },
    );
}
