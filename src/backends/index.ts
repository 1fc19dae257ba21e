/**
 * Backends run a lowered call (`GatherCall` / `ScatterCall`, src/core/call.ts) — the same call,
 * with the same dimension numbers and resolved policy, whichever backend runs it. The CPU
 * backend is the core itself; the WebGPU backend (`./webgpu/index.js`) takes a `GPUDevice` the
 * caller provides (or `navigator.gpu` in browsers), so nothing here imports a GPU library.
 *
 *   const y = await executeOn(onnx.lower.Gather(x, i), gpu);   // a Tensor, read back
 *   const t = await gpu.run(call);                               // stays on the GPU
 *   setBackend(gpu); await executeOn(call);                      // the global choice
 *   const [a, b] = await executeAllOn(variadicScatter, gpu);     // N inputs → N results
 */
import { singleOp } from '../ir/surface.js';
import type { ProgramCall } from '../ir/lowered.js';
import { type CoreCall, type ScatterCall, execute, executeAll } from '../core/call.js';
import { InvalidArgumentError, fmt } from '../errors.js';
import { checkOut } from '../core/validate.js';
import type { Tensor } from '../tensor/tensor.js';

/** A result that lives on a backend; `read()` brings it to the host as a Tensor. */
export interface BackendTensor {
  /** The element type. */
  readonly dtype: Tensor['dtype'];
  /** The shape. */
  readonly shape: readonly number[];
  /** Copies the tensor to the host. */
  read(): Promise<Tensor>;
}

/** Something that runs lowered calls. */
export interface Backend {
  /** `cpu`, `webgpu`, … */
  readonly name: string;
  /** Runs the call; the result stays on the backend until read. Errors are the CPU's typed errors. */
  run(call: CoreCall): Promise<BackendTensor>;
  /** Runs a variadic scatter and returns all N results (`executeAll` semantics). */
  runAll?(call: ScatterCall): Promise<BackendTensor[]>;
  /** Runs a whole lowered program (a prologue and its gather or scatter, or a ProgramCall) on the backend. */
  runProgram?(call: CoreCall | ProgramCall): Promise<BackendTensor[]>;
}

class HostTensor implements BackendTensor {
  constructor(readonly tensor: Tensor) {}
  get dtype() {
    return this.tensor.dtype;
  }
  get shape() {
    return this.tensor.shape;
  }
  read(): Promise<Tensor> {
    return Promise.resolve(this.tensor);
  }
}

/** The core on this thread (`execute`), behind the backend interface. */
export const cpuBackend: Backend = {
  name: 'cpu',
  run(call: CoreCall): Promise<BackendTensor> {
    return new Promise((resolve) => resolve(new HostTensor(execute(call))));
  },
  runAll(call: ScatterCall): Promise<BackendTensor[]> {
    return new Promise((resolve) => resolve(executeAll(call).map((t) => new HostTensor(t))));
  },
};

let current: Backend = cpuBackend;

/** Chooses the backend `executeOn` uses when none is given (default: the CPU). */
export function setBackend(backend: Backend): void {
  if (!backend || typeof (backend as Backend).run !== 'function')
    throw new InvalidArgumentError('backend.invalid', `setBackend: expected a Backend; got ${fmt(backend)}`);
  current = backend;
}

/** The backend `executeOn` uses by default. */
export function getBackend(): Backend {
  return current;
}

/**
 * Runs a lowered call on a backend (default: the global one) and returns the result on the
 * host. On the CPU this is exactly `execute(call)`; elsewhere the result is read back and, when
 * the call has `out`, copied into it (only when the call succeeds).
 */
export async function executeOn(
  lowered: CoreCall | ProgramCall,
  backend: Backend = current,
): Promise<Tensor> {
  // On the CPU, exactly execute: a program (numpy.take into another dtype) and every prologue run.
  if (backend === cpuBackend) return execute(lowered);
  // A backend that runs programs runs the prologue too, not the host (WebGPU).
  if (backend.runProgram && (lowered?.kind === 'program' || lowered?.prologue)) {
    const result = await (await backend.runProgram(lowered))[0].read();
    if (lowered.out === undefined) return result;
    checkOut(lowered.op, lowered.out, result.shape, result.dtype);
    (lowered.out.data as Uint8Array).set(result.data as never);
    return lowered.out;
  }
  const call = singleOp(lowered, 'backend.program', {
    runs: ['scale_updates', 'cycle_updates', 'circular_indices', 'nonzero', 'index_tuple'],
  });
  const result = await (await backend.run(call)).read();
  const out = call.out;
  if (out === undefined) return result;
  checkOut(call.op, out, result.shape, result.dtype);
  (out.data as Uint8Array).set(result.data as never);
  return out;
}

/**
 * Runs a variadic scatter (N inputs, N updates) on a backend and returns all N results on the
 * host, as `executeAll(call)` does on the CPU (each result in its input's shape). A backend
 * without `runAll` runs single-input calls only (typed error otherwise).
 */
export async function executeAllOn(lowered: ScatterCall, backend: Backend = current): Promise<Tensor[]> {
  const call = singleOp(lowered, 'backend.program', {
    runs: ['scale_updates', 'cycle_updates', 'circular_indices'],
  }) as ScatterCall;
  if (backend === cpuBackend) return executeAll(call);
  if (call?.kind !== 'scatter')
    throw new InvalidArgumentError(
      'backend.call',
      `executeAllOn: expected a lowered scatter call; got ${fmt(call)}`,
    );
  if (backend.runAll) return Promise.all((await backend.runAll(call)).map((t) => t.read()));
  if (call.inputs.length !== 1)
    throw new InvalidArgumentError(
      'backend.variadic',
      `executeAllOn: backend ${backend.name} runs single-input scatters only; got ${call.inputs.length} inputs`,
    );
  const shape = call.inputs[0].shape;
  return [(await (await backend.run({ ...call, reshape: undefined, out: undefined })).read()).reshape(shape)];
}
