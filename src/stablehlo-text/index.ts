/**
 * StableHLO text in and out: `parseStablehlo` reads a `stablehlo.gather` / `stablehlo.scatter`
 * (generic, properties or bare-attribute syntax), `bindStablehlo` adds tensors to make a core
 * call, and `stablehloText` (the core's printer) writes one back.
 */
export { stablehloText } from '../core/call.js';
export {
  bindStablehlo,
  parseStablehlo,
  parseTensorType,
  runStablehlo,
  type StablehloRun,
  type StablehloValue,
  type GatherTensors,
  type ParsedGather,
  type ParsedScatter,
  type ParsedStablehlo,
  type ScatterTensors,
  type TensorType,
} from './parse.js';
