/** Export of lowered calls to other runtimes: ONNX (docs/export.md). Imports protobufjs. */
export {
  OnnxExportError,
  onnxInputs,
  onnxNode,
  toOnnx,
  type OnnxExportOptions,
  type OnnxNode,
} from './onnx.js';
