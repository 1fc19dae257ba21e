/**
 * TensorFlow's gather and scatter operators with TF's own argument names: positional arguments
 * in TF's order, keyword arguments in one options object, and the device-dependent index policy
 * (`{ device: 'cpu' | 'gpu' | 'xla' }`, `bad_indices_policy`) plus `out` in a trailing options
 * object. Unknown keys in either object are refused. `tensorflow.constant` builds tensors with
 * TF's default dtypes (integers int32, floats float32).
 *
 * @example
 * tf.gather_nd(tensor([[1, 2], [3, 4]]), tensor([[0, 0], [1, 1]])).toArray(); // [1, 4]
 * tf.gather(tensor([1, 2, 3]), tensor([5]), {}, { device: 'gpu' }).toArray(); // [0]
 */
import { arityChecked } from './arity.js';
import * as stated from './tensorflow/policy.js';
import { tfConstant } from './constructors.js';
import { gather, gather_nd, lower as lowerGather } from './tensorflow/gather.js';
import { boolean_mask, lowerBooleanMask } from './tensorflow/boolean-mask.js';
import {
  lower as lowerScatter,
  scatter_nd,
  tensor_scatter_nd_add,
  tensor_scatter_nd_max,
  tensor_scatter_nd_min,
  tensor_scatter_nd_sub,
  tensor_scatter_nd_update,
} from './tensorflow/scatter.js';

export type { TfGatherArgs, TfGatherNdArgs } from './tensorflow/gather.js';
export type { TfBooleanMaskArgs } from './tensorflow/boolean-mask.js';
export {
  TF_POLICY,
  type TfBadIndicesPolicy,
  type TfDevice,
  type TfPolicyOptions,
} from './tensorflow/policy.js';

/** TensorFlow frontend: tf.constant, tf.gather, gather_nd, scatter_nd, tensor_scatter_nd_{update,add,sub,min,max}. */
export const tensorflow = /* @__PURE__ */ arityChecked(
  'tensorflow',
  stated,
  { constant: ['value', 'dtype'] },
  {
    constant: tfConstant,
    gather,
    gather_nd,
    scatter_nd,
    tensor_scatter_nd_update,
    tensor_scatter_nd_add,
    tensor_scatter_nd_sub,
    tensor_scatter_nd_min,
    tensor_scatter_nd_max,
    boolean_mask,
    lower: { ...lowerGather, ...lowerScatter, boolean_mask: lowerBooleanMask },
  } as const,
);
