/**
 * gather-scatter: every framework's gather and scatter, exactly, on one general core.
 */
export {
  GatherScatterError,
  InvalidArgumentError,
  DTypeError,
  IndexOutOfBoundsError,
  DuplicateIndexError,
  BrokenPromiseError,
  InternalError,
  AllocationLimitError,
  isGatherScatterError,
} from './errors.js';
// The tensor API. Validators, storage helpers and formatters the library uses internally
// (checkShape, allocStorage, storageConstructor, checkCallBudget, fmt, …) are not part of it:
// they live on the `tensor-gather-scatter/core` subpath for runtime authors.
export {
  type DType,
  type StorageMap,
  type Storage,
  type Scalar,
  type ScalarOf,
  type ElementOf,
  type Complex,
  type ComplexDType,
  DTYPES,
  INTEGER_DTYPES,
  COMPLEX_DTYPES,
  complex,
  isComplex,
  isComplexValue,
  isDType,
  assertDType,
  byteSize,
  isFloat,
  isBool,
  isInteger,
  is64Bit,
  isSigned,
  integerRange,
  defaultFillValue,
  type NestedArray,
  type NestedOf,
  MAX_RANK,
  setAllocationLimit,
  getAllocationLimit,
  Tensor,
  tensor,
  zeros,
  full,
  arange,
  float16Bits,
  bfloat16Bits,
  bitsToFloat16,
  bitsToBfloat16,
  broadcastShapes,
  broadcastTo,
  slice,
  stack,
  cast,
  moveAxis,
  toDTypeScalar,
  type ScalarOptions,
  type ScalarRounding,
  PRINT_THRESHOLD,
  PRINT_EDGE_ITEMS,
  PRINT_LINE_WIDTH,
} from './tensor/index.js';
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
  OobOrder,
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
export type { OpName, OpNameOf } from './frameworks/op-names.js';
// Each framework's attribute and option types, one type-only namespace per framework (their
// names repeat across frameworks: torch's and the core's `GatherOptions`).
export type * as StablehloTypes from './frameworks/stablehlo.js';
export type * as OnnxTypes from './frameworks/onnx.js';
export type * as WebnnTypes from './frameworks/webnn.js';
export type * as TensorflowTypes from './frameworks/tensorflow.js';
export type * as NumpyTypes from './frameworks/numpy.js';
export type * as TorchTypes from './frameworks/torch.js';
export type * as JaxTypes from './frameworks/jax.js';
export type * as MxnetTypes from './frameworks/mxnet.js';
export type * as Caffe2Types from './frameworks/caffe2.js';
export type * as DirectmlTypes from './frameworks/directml.js';
export type * as MlirTypes from './frameworks/mlir.js';
// ONNX TensorProto I/O (protobufjs, an optional peer) lives behind 'tensor-gather-scatter/onnx-proto'.
export {
  readNpy,
  writeNpy,
  readNpyHeader,
  HOST_LITTLE_ENDIAN,
  type ReadNpyOptions,
  type NpyHeader,
  type WriteNpyOptions,
} from './interop/npy.js';
export * from './interop/adapters.js';
export {
  torchTensor,
  numpyArray,
  tfConstant,
  jaxArray,
  type ConstructorInput,
} from './frameworks/constructors.js';
