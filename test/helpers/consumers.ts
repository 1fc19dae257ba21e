/** Every public consumer of a lowered call, for the hostile-input tests and the fuzz (issue 24). */
import { jvp, vjp } from '../../src/autodiff/index.js';
import type { CoreCall } from '../../src/core/call.js';
import { decomposeBatching, execute, executeAll, stablehloText, traceCall } from '../../src/core/index.js';
import { GatherScatterError } from '../../src/errors.js';
import { onnxGraph, onnxInputs, onnxNode, toOnnx } from '../../src/export/index.js';
import { translate, translateAll } from '../../src/translate/index.js';

/** The error `f` throws; fails unless it is one of the library's typed errors. */

export function typedError(f: () => unknown): GatherScatterError {
  try {
    f();
  } catch (e) {
    if (e instanceof GatherScatterError) return e;
    throw new Error(`expected a GatherScatterError, got ${String(e)}`);
  }
  throw new Error('expected a throw');
}

/** Every public consumer of a lowered call, by name. */
export const CONSUMERS: Record<string, (call: unknown) => unknown> = {
  execute: (c) => execute(c as CoreCall),
  executeAll: (c) => executeAll(c as never),
  toOnnx: (c) => toOnnx(c as CoreCall),
  onnxGraph: (c) => onnxGraph(c as CoreCall),
  onnxInputs: (c) => onnxInputs(c as CoreCall),
  onnxNode: (c) => onnxNode(c as CoreCall),
  translate: (c) => translate(c as CoreCall, 'onnx'),
  translateAll: (c) => translateAll(c as CoreCall),
  vjp: (c) => vjp(c as CoreCall),
  jvp: (c) => jvp(c as CoreCall, {}),
  stablehloText: (c) => stablehloText(c as CoreCall),
  traceCall: (c) => traceCall(c as CoreCall),
  decomposeBatching: (c) => decomposeBatching(c as never),
};

/** The consumers that run the call (the others only describe it). */
export const RUNNERS = ['execute', 'executeAll', 'translate', 'translateAll', 'vjp', 'jvp'];
