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

/** Framework names in display order. */
export const FRAMEWORKS = Object.keys(NAMESPACES) as readonly FrameworkName[];

export { stablehlo, onnx, tensorflow, numpy, torch, jax, mxnet, caffe2, directml, webnn, mlir };
