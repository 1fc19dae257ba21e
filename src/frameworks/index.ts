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
import * as caffe2Op from './caffe2/gather.js';
import * as directmlOp from './directml/desc.js';
import * as jaxOp from './jax/modes.js';
import * as mlirOp from './mlir/tensor.js';
import * as mxnetOp from './mxnet/policy.js';
import * as numpyOp from './numpy/policy.js';
import * as onnxOp from './onnx/opsets.js';
import type { FrameworkDescription, OpSignature, Signatures, TensorWords } from './signature.js';
import { opWords } from './signature.js';
import * as stablehloOp from './stablehlo.js';
import * as tensorflowOp from './tensorflow/policy.js';
import * as torchOp from './torch/policy.js';
import * as webnnOp from './webnn/policy.js';

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

/** Where each framework states its `SIGNATURES` and `DESCRIPTION`, in display order. */
const STATED: Readonly<
  Record<FrameworkName, { readonly SIGNATURES: Signatures; readonly DESCRIPTION: FrameworkDescription }>
> = {
  stablehlo: stablehloOp,
  onnx: onnxOp,
  tensorflow: tensorflowOp,
  numpy: numpyOp,
  torch: torchOp,
  jax: jaxOp,
  mxnet: mxnetOp,
  caffe2: caffe2Op,
  directml: directmlOp,
  webnn: webnnOp,
  mlir: mlirOp,
};
const eachFramework = <T>(f: (fw: FrameworkName) => T) =>
  Object.fromEntries(Object.keys(STATED).map((fw) => [fw, f(fw as FrameworkName)])) as Record<
    FrameworkName,
    T
  >;

/** How each framework's ops are called, as each framework states it beside its ops. */
export const SIGNATURES_OF: Readonly<Record<FrameworkName, Signatures>> = eachFramework(
  (fw) => STATED[fw].SIGNATURES,
);

/** What each framework says about all its ops (tensor names, constructors), stated beside its `SIGNATURES`. */
export const DESCRIPTIONS_OF: Readonly<Record<FrameworkName, FrameworkDescription>> = eachFramework(
  (fw) => STATED[fw].DESCRIPTION,
);

/** A framework's description by name; StableHLO's (the core's own words) for a name that is none. */
export function descriptionOf(framework: string): FrameworkDescription {
  return Object.hasOwn(DESCRIPTIONS_OF, framework)
    ? DESCRIPTIONS_OF[framework as FrameworkName]
    : DESCRIPTIONS_OF.stablehlo;
}

/** The names an op's documentation gives its tensors (`torch.index_add`: input, index, source). */
export function wordsOf(op: { readonly framework: string; readonly signature: OpSignature }): TensorWords {
  return opWords(descriptionOf(op.framework), op.signature);
}

/** Framework names in display order. */
export const FRAMEWORKS = Object.keys(NAMESPACES) as readonly FrameworkName[];

export { stablehlo, onnx, tensorflow, numpy, torch, jax, mxnet, caffe2, directml, webnn, mlir };
