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

export const NAMESPACES = {
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
} as const;

export type FrameworkName = keyof typeof NAMESPACES;

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
