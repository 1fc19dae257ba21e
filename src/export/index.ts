/** Export of lowered calls to other runtimes: ONNX (docs/export.md). Imports protobufjs. */
export {
  OnnxExportError,
  onnxGraph,
  onnxInputs,
  onnxNode,
  toOnnx,
  type OnnxExportOptions,
  type OnnxExportWarning,
  type OnnxGraph,
  type OnnxGraphNode,
  type OnnxNode,
} from './onnx.js';
