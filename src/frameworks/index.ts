/**
 * Every framework namespace, in display order: the one list the package exports, the registry
 * (CLI, tables, explorer) reads, and the demo walks. Adding a framework means adding it here.
 */
import { caffe2 } from './caffe2.js';
import { directml } from './directml.js';
import { jax } from './jax.js';
import { mlir } from './mlir.js';
import { mxnet } from './mxnet.js';
import { numpy } from './numpy.js';
import { onnx } from './onnx.js';
import { stablehlo } from './stablehlo.js';
import { tensorflow } from './tensorflow.js';
import { torch } from './torch.js';
import { webnn } from './webnn.js';
import { SIGNATURES as caffe2Signatures } from './caffe2/gather.js';
import { SIGNATURES as directmlSignatures } from './directml/desc.js';
import { SIGNATURES as jaxSignatures } from './jax/modes.js';
import { SIGNATURES as mlirSignatures } from './mlir/tensor.js';
import { SIGNATURES as mxnetSignatures } from './mxnet/policy.js';
import { SIGNATURES as numpySignatures } from './numpy/policy.js';
import { SIGNATURES as onnxSignatures } from './onnx/opsets.js';
import type { Signatures } from './signature.js';
import { SIGNATURES as stablehloSignatures } from './stablehlo.js';
import { SIGNATURES as tensorflowSignatures } from './tensorflow/policy.js';
import { SIGNATURES as torchSignatures } from './torch/policy.js';
import { SIGNATURES as webnnSignatures } from './webnn/policy.js';

/**
 * The framework namespaces by name: the package's `stablehlo`, `onnx`, `tensorflow`, … exports.
 * (A type alias, not an interface, so it stays a `Record<string, unknown>` for the registry.)
 */
export type Namespaces = {
  /** StableHLO `gather` / `scatter` with the spec's attributes. */
  readonly stablehlo: typeof stablehlo;
  /** ONNX `Gather`, `GatherElements`, `GatherND`, `Scatter`, `ScatterElements`, `ScatterND`, `TensorScatter`. */
  readonly onnx: typeof onnx;
  /** TensorFlow `gather`, `gather_nd`, `scatter_nd`, `tensor_scatter_nd_*`, `boolean_mask`. */
  readonly tensorflow: typeof tensorflow;
  /** NumPy `take`, `put`, `take_along_axis`, `put_along_axis`, indexing, `ufunc.at`. */
  readonly numpy: typeof numpy;
  /** PyTorch `gather`, `scatter*`, `index_*`, `take`, `take_along_dim`, indexing and masks. */
  readonly torch: typeof torch;
  /** JAX `jax.lax` gather / scatters, `jax.numpy` take, `x.at[index]`. */
  readonly jax: typeof jax;
  /** MXNet `gather_nd`, `scatter_nd`, `take`, `pick`, `batch_take`. */
  readonly mxnet: typeof mxnet;
  /** Caffe2 `Gather` and `BatchGather`. */
  readonly caffe2: typeof caffe2;
  /** DirectML `DML_GATHER*`, `DML_SCATTER`, `DML_SCATTER_ND`. */
  readonly directml: typeof directml;
  /** WebNN `gather`, `gatherElements`, `gatherND`, `scatterElements`, `scatterND`. */
  readonly webnn: typeof webnn;
  /** MLIR `tensor.gather` and `tensor.scatter`. */
  readonly mlir: typeof mlir;
};

/** Every framework namespace, in display order (the registry, tables and explorer read it). */
export const NAMESPACES: Namespaces = {
  stablehlo,
  onnx,
  tensorflow,
  numpy,
  torch,
  jax,
  mxnet,
  caffe2,
  directml,
  webnn,
  mlir,
};

/** A framework's name: `'onnx'`, `'torch'`, … (the keys of `NAMESPACES`). */
export type FrameworkName = keyof Namespaces;

/** How each framework's ops are called, as each framework states it beside its ops. */
export const SIGNATURES_OF: Readonly<Record<FrameworkName, Signatures>> = {
  stablehlo: stablehloSignatures,
  onnx: onnxSignatures,
  tensorflow: tensorflowSignatures,
  numpy: numpySignatures,
  torch: torchSignatures,
  jax: jaxSignatures,
  mxnet: mxnetSignatures,
  caffe2: caffe2Signatures,
  directml: directmlSignatures,
  webnn: webnnSignatures,
  mlir: mlirSignatures,
};

/** Framework names in display order. */
export const FRAMEWORKS = Object.keys(NAMESPACES) as readonly FrameworkName[];

export { stablehlo, onnx, tensorflow, numpy, torch, jax, mxnet, caffe2, directml, webnn, mlir };
