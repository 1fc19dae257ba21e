/**
 * gather-scatter: every framework's gather and scatter, exactly, on one general core.
 */
export * from './errors.js';
export * from './tensor/index.js';
export * as core from './core/index.js';
export type {
  GatherDimensionNumbers,
  ScatterDimensionNumbers,
  GatherMode,
  ScatterMode,
  GatherOptions,
  ScatterOptions,
  ReducerName,
  UpdateComputation,
  UpdateFunction,
  NegativeIndexPolicy,
} from './core/types.js';
export {
  NAMESPACES,
  FRAMEWORKS,
  type FrameworkName,
  stablehlo,
  onnx,
  webnn,
  tensorflow,
  tensorflow as tf,
  numpy,
  numpy as np,
  torch,
  jax,
  mxnet,
  caffe2,
  directml,
  directml as dml,
  mlir,
} from './frameworks/index.js';
// ONNX TensorProto I/O (protobufjs, an optional peer) lives behind 'tensor-gather-scatter/onnx-proto'.
export * from './interop/npy.js';
export * from './interop/adapters.js';
export * from './frameworks/constructors.js';
