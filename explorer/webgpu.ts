/**
 * "Run on WebGPU": re-runs the explorer's current lowered call through the WebGPU backend
 * (src/backends/webgpu) and states whether the GPU gave the CPU's exact bits, or the same typed
 * error, or where they differ. Offered only when the browser has `navigator.gpu`; the backend
 * (and its adapter) is created on first use. Self-contained: main.ts hands over each call and its
 * CPU outcome through `update`.
 */
import { executeOn } from '../src/backends/index.js';
import { type WebGpuBackend, createWebGpuBackend } from '../src/backends/webgpu/index.js';
import type { CoreCall } from '../src/core/call.js';
import { GatherScatterError } from '../src/errors.js';
import type { Tensor } from '../src/tensor/tensor.js';

/** What the status line says, also as `data-state` (for tests and styling). */
export type WebGpuState = 'off' | 'unavailable' | 'running' | 'identical' | 'differs' | 'refused' | 'failed';

/** A comparison of the GPU's outcome with the CPU's, in words. */
export interface WebGpuVerdict {
  readonly state: WebGpuState;
  readonly text: string;
}

const bytes = (t: Tensor) => new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
const codeOf = (e: unknown) => (e instanceof GatherScatterError ? e.code : undefined);
const nameOf = (e: unknown) => (e instanceof Error ? e.name : typeof e);

/** Compares a GPU outcome with the CPU's: same dtype, shape and bits, or the same error. */
export function compareOutcomes(
  adapter: string,
  cpu: Tensor | null,
  cpuError: unknown,
  gpu: Tensor | null,
  gpuError: unknown,
): WebGpuVerdict {
  const who = `WebGPU (${adapter})`;
  const code = codeOf(gpuError);
  if (gpuError !== null && code?.startsWith('webgpu.'))
    return { state: 'refused', text: `${who}: not on this backend — ${(gpuError as Error).message}` };
  if (cpuError !== null || gpuError !== null) {
    if (cpuError !== null && gpuError !== null) {
      const same =
        nameOf(cpuError) === nameOf(gpuError) && (cpuError as Error).message === (gpuError as Error).message;
      return same
        ? {
            state: 'identical',
            text: `${who}: the same error as the CPU ✓ (${codeOf(cpuError) ?? nameOf(cpuError)})`,
          }
        : {
            state: 'differs',
            text: `${who}: a different error — CPU: ${(cpuError as Error).message}; GPU: ${(gpuError as Error).message}`,
          };
    }
    return cpuError !== null
      ? { state: 'differs', text: `${who}: returned a result where the CPU throws ${nameOf(cpuError)}` }
      : { state: 'failed', text: `${who}: failed — ${(gpuError as Error)?.message ?? String(gpuError)}` };
  }
  const c = cpu!;
  const g = gpu!;
  if (c.dtype !== g.dtype || c.shape.join() !== g.shape.join())
    return {
      state: 'differs',
      text: `${who}: ${g.dtype}[${g.shape.join(', ')}] where the CPU gives ${c.dtype}[${c.shape.join(', ')}]`,
    };
  const a = bytes(c);
  const b = bytes(g);
  const width = c.size ? a.byteLength / c.size : 1;
  let count = 0;
  let first = -1;
  for (let e = 0; e < c.size; e++) {
    for (let k = e * width; k < (e + 1) * width; k++)
      if (a[k] !== b[k]) {
        if (first < 0) first = e;
        count++;
        break;
      }
  }
  if (count === 0) return { state: 'identical', text: `${who}: identical to CPU ✓` };
  const show = (v: unknown) => (Object.is(v, -0) ? '-0' : String(v));
  const cv = show(c.toFlatArray()[first]);
  const gv = show(g.toFlatArray()[first]);
  return {
    state: 'differs',
    text: `${who}: differs from CPU at ${count} of ${c.size} elements (first at flat offset ${first}: CPU ${cv}, GPU ${gv})`,
  };
}

/** Whether this browser exposes WebGPU at all. */
export const hasWebGpu = () =>
  typeof navigator !== 'undefined' && (navigator as { gpu?: unknown }).gpu !== undefined;

/**
 * Wires a checkbox and a status line: while checked, every call handed to `update` is re-run on
 * the GPU and the verdict shown. Stale runs (a newer call arrived) are dropped.
 */
export function webgpuToggle(toggle: HTMLInputElement, status: HTMLElement) {
  let backend: Promise<WebGpuBackend> | null = null;
  let last: { call: CoreCall | null; cpu: Tensor | null; cpuError: unknown } = {
    call: null,
    cpu: null,
    cpuError: null,
  };
  let generation = 0;
  const say = (v: WebGpuVerdict) => {
    status.dataset.state = v.state;
    status.textContent = v.text;
  };
  const available = hasWebGpu();
  if (!available) {
    toggle.disabled = true;
    toggle.checked = false;
    toggle.title = 'This browser has no navigator.gpu (WebGPU)';
  }
  async function check(): Promise<void> {
    const mine = ++generation;
    if (!toggle.checked) {
      status.dataset.state = 'off';
      status.textContent = '';
      return;
    }
    const { call, cpu, cpuError } = last;
    if (!call) {
      status.dataset.state = 'off';
      status.textContent = 'WebGPU: no call to run (it does not lower)';
      return;
    }
    say({ state: 'running', text: 'WebGPU: running…' });
    let gpu: WebGpuBackend;
    try {
      backend ??= createWebGpuBackend();
      gpu = await backend;
    } catch (e) {
      backend = null;
      if (mine === generation) say({ state: 'unavailable', text: `WebGPU: ${(e as Error).message}` });
      return;
    }
    let result: Tensor | null = null;
    let error: unknown = null;
    try {
      result = await executeOn({ ...call, out: undefined } as CoreCall, gpu);
    } catch (e) {
      error = e;
    }
    if (mine !== generation) return;
    say(compareOutcomes(gpu.adapterInfo, cpu, cpuError, result, error));
  }
  toggle.addEventListener('change', () => void check());
  return {
    /** The shown call (null when it does not lower) and its CPU outcome. */
    update(call: CoreCall | null, cpu: Tensor | null, cpuError: unknown): void {
      last = { call, cpu, cpuError };
      if (available) void check();
    },
  };
}
