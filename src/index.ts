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
export { stablehlo } from './frameworks/stablehlo.js';
export { onnx } from './frameworks/onnx.js';
export { webnn } from './frameworks/webnn.js';
export { tensorflow, tensorflow as tf } from './frameworks/tensorflow.js';
export { numpy, numpy as np } from './frameworks/numpy.js';
export { torch } from './frameworks/torch.js';
export { jax } from './frameworks/jax.js';
export { mxnet } from './frameworks/mxnet.js';
export { caffe2 } from './frameworks/caffe2.js';
export { directml, directml as dml } from './frameworks/directml.js';
export { mlir } from './frameworks/mlir.js';
// ONNX TensorProto I/O (protobufjs) lives behind 'tensor-gather-scatter/onnx-proto' and '/interop'.
export * from './interop/npy.js';
export * from './interop/adapters.js';
export * from './frameworks/constructors.js';
