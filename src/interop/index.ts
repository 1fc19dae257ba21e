/**
 * Interoperability: NumPy `.npy` files ⇄ Tensor (ONNX `TensorProto`: the `/onnx-proto` entry).
 */
export {
  bytesToStorage,
  HOST_LITTLE_ENDIAN,
  type NpyHeader,
  type ReadNpyOptions,
  readNpy,
  readNpyHeader,
  storageToBytes,
  type WriteNpyOptions,
  writeNpy,
} from './npy.js';
// ONNX TensorProto I/O needs protobufjs (an optional peer dependency): it is its own entry,
// 'tensor-gather-scatter/onnx-proto', so this one loads without it.
