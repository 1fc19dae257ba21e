/**
 * The ONNX frontend: `Gather`, `GatherElements`, `GatherND`, `Scatter` (deprecated),
 * `ScatterElements`, `ScatterND` and `TensorScatter`, exactly as each `ai.onnx` opset defines
 * them. Positional inputs in ONNX order, then the node's attributes (ONNX names), then
 * `{ opset, duplicates, out }` (`duplicates` on the scatters); the opset defaults to the latest.
 * Both objects are strict: an unknown key is an error (`onnx.<Op>-<v>.attribute` /
 * `onnx.<Op>-<v>.options`); `null` or `undefined` means none.
 *
 * Each op validates against its schema version and lowers to one complete core call
 * (`onnx.lower.<Op>(same args)` returns it); `onnx.<Op>(...)` is `execute(onnx.lower.<Op>(...))`.
 *
 * @example
 * onnx.GatherND(data, indices, { batch_dims: 1 }, { opset: 13 });
 * onnx.lower.GatherND(data, indices, { batch_dims: 1 }, { opset: 13 }); // → GatherCall
 */
import { arityChecked } from './arity.js';
import * as stated from './onnx/opsets.js';
import { GatherElements, lowerGatherElements } from './onnx/gather-elements.js';
import { GatherND, lowerGatherND } from './onnx/gather-nd.js';
import { Gather, lowerGather } from './onnx/gather.js';
import { Scatter, ScatterElements, lowerScatter, lowerScatterElements } from './onnx/scatter-elements.js';
import { ScatterND, lowerScatterND } from './onnx/scatter-nd.js';
import { TensorScatter, lowerTensorScatter } from './onnx/tensor-scatter.js';

export type { GatherAttributes } from './onnx/gather.js';
export type { GatherElementsAttributes } from './onnx/gather-elements.js';
export type { GatherNDAttributes } from './onnx/gather-nd.js';
export type { ScatterAttributes, ScatterElementsAttributes } from './onnx/scatter-elements.js';
export type { ScatterNDAttributes } from './onnx/scatter-nd.js';
export type { TensorScatterAttributes } from './onnx/tensor-scatter.js';
export { LATEST_OPSET, OP_VERSIONS } from './onnx/opsets.js';
export type { OnnxOptions, OnnxScatterOptions, OnnxOpType } from './onnx/opsets.js';

/** ONNX gather/scatter operators, plus `lower.<Op>` returning the core call each one becomes. */
export const onnx = /* @__PURE__ */ arityChecked('onnx', stated, {}, {
  Gather,
  GatherElements,
  GatherND,
  Scatter,
  ScatterElements,
  ScatterND,
  TensorScatter,
  lower: {
    Gather: lowerGather,
    GatherElements: lowerGatherElements,
    GatherND: lowerGatherND,
    Scatter: lowerScatter,
    ScatterElements: lowerScatterElements,
    ScatterND: lowerScatterND,
    TensorScatter: lowerTensorScatter,
  },
} as const);
