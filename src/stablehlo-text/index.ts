/**
 * StableHLO / MLIR and XLA HLO text in: `readModule(text)` reads a whole module (or a lone op)
 * into a verified IR module that `runModule` (src/ir/run.ts) runs; `parseStablehlo` /
 * `bindStablehlo` / `runStablehlo` are the one-op API on top of it; `stablehloText` (the core's
 * printer) writes one op back.
 */
export { stablehloText } from '../core/call.js';
export { type Violation, MAX_NESTING } from './diagnostics.js';
export { isHloText } from './hlo-reader.js';
export {
  bindArguments,
  type BindOptions,
  convertExactly,
  bindStablehlo,
  parseStablehlo,
  parseStablehloAll,
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
export {
  isSplitFile,
  type ReadOptions,
  readModule,
  splitInputFile,
  type TextPart,
} from './read.js';
export { defaultFunctions, type FunctionRun, type RunTextOptions, runText } from './run-text.js';
export { verifyModule } from './verify.js';
