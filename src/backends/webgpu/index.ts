/**
 * The WebGPU backend: every gather and scatter on the GPU, bit-identical to the CPU. Bring a
 * `GPUDevice` (Node: the `webgpu` package; browsers: `navigator.gpu`), see docs/webgpu.md.
 */
export {
  GpuTensor,
  WebGpuBackend,
  createWebGpuBackend,
  type GpuBindings,
  type WebGpuOptions,
} from './backend.js';
