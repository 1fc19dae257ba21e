/**
 * Where the WebGPU tests get an adapter. In Node: Dawn (npm `webgpu`) on SwiftShader's Vulkan
 * driver from Debian's chromium-common. The Vulkan loader is found through LD_LIBRARY_PATH,
 * which must be set when the process starts, so a test file without it re-runs itself in a
 * child Vitest with the environment set (and prints the child's output). Tests skip — saying
 * why — only when no adapter exists at all.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { executeAllOn, executeOn } from '../src/backends/index.js';
import { type WebGpuBackend, createWebGpuBackend } from '../src/backends/webgpu/index.js';
import { type CoreCall, type ScatterCall, execute, executeAll } from '../src/core/call.js';
import type { Tensor } from '../src/tensor/tensor.js';
import type { ProgramCall } from '../src/ir/lowered.js';

export const SWIFTSHADER_DIR = '/usr/lib/chromium';
export const SWIFTSHADER_ENV = {
  VK_ICD_FILENAMES: `${SWIFTSHADER_DIR}/vk_swiftshader_icd.json`,
  LD_LIBRARY_PATH: SWIFTSHADER_DIR,
  XDG_RUNTIME_DIR: '/tmp',
};

const hasSwiftShader = existsSync(`${SWIFTSHADER_DIR}/libvk_swiftshader.so`);
const envReady =
  process.env.TGS_WEBGPU_CHILD === '1' ||
  (process.env.LD_LIBRARY_PATH ?? '').split(':').includes(SWIFTSHADER_DIR);

/** 'here': run the GPU tests in this process; 'child': re-run this file with the env; 'skip'. */
export const webgpuMode: 'here' | 'child' | 'skip' = envReady ? 'here' : hasSwiftShader ? 'child' : 'skip';

/**
 * The child run's bound: at load 20 on the 2 shared cores the children of webgpu-goldens and
 * webgpu-property took 145 s and 134 s, near the 170 s this was. A hung child still ends.
 */
const CHILD_TIMEOUT_MS = 600_000;

/** Registers the one test of a parent process: this file, re-run with the SwiftShader env. */
export function runInChild(file: string): void {
  if (webgpuMode === 'skip') {
    const why = `WebGPU tests skipped: ${SWIFTSHADER_DIR}/libvk_swiftshader.so is missing (apt-get install -y chromium-common)`;
    console.warn(why);
    it.skip(why, () => {});
    return;
  }
  it('runs on WebGPU (SwiftShader) in a child process with the Vulkan environment', {
    timeout: CHILD_TIMEOUT_MS + 10_000,
  }, () => {
    const vitest = path.join(
      path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
      'vitest.mjs',
    );
    const r = spawnSync(process.execPath, [vitest, 'run', file], {
      env: { ...process.env, ...SWIFTSHADER_ENV, TGS_WEBGPU_CHILD: '1' },
      encoding: 'utf8',
      timeout: CHILD_TIMEOUT_MS,
    });
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
    console.log(output);
    if (r.status !== 0) throw new Error(`WebGPU child run failed (status ${r.status}):\n${output}`);
  });
}

let backend: Promise<WebGpuBackend | null> | null = null;

/** The backend on Dawn's first adapter, or null (the reason printed) when there is none. */
export function nodeBackend(): Promise<WebGpuBackend | null> {
  backend ??= (async () => {
    const { create, globals } = await import('webgpu');
    Object.assign(globalThis, globals);
    const gpu = create([]);
    try {
      const b = await createWebGpuBackend({ gpu });
      console.log(`WebGPU adapter: ${b.adapterInfo}`);
      return b;
    } catch (e) {
      console.warn(`WebGPU tests skipped: no adapter (${(e as Error).message})`);
      return null;
    }
  })();
  return backend;
}

/** The bytes of a tensor's storage. */
export const bytesOf = (t: Tensor) =>
  Array.from(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));

/** Runs a call on the CPU and on the GPU: the same bits and shape, or the same typed error. */
export async function sameOnGpu(
  gpu: WebGpuBackend,
  call: CoreCall | ProgramCall,
  label = '',
): Promise<Tensor | Error> {
  let want: Tensor | Error;
  try {
    want = execute(call);
  } catch (e) {
    want = e as Error;
  }
  let got: Tensor | Error;
  try {
    got = await executeOn(call, gpu);
  } catch (e) {
    got = e as Error;
  }
  if (want instanceof Error) {
    if (!(got instanceof Error))
      throw new Error(`${label}: CPU threw ${want.message}; GPU returned a result`);
    expect(got.constructor.name, label).toBe(want.constructor.name);
    expect(got.message, label).toBe(want.message);
    return got;
  }
  if (got instanceof Error) throw new Error(`${label}: GPU threw ${got.message}`);
  expect(got.dtype, label).toBe(want.dtype);
  expect(got.shape, label).toEqual(want.shape);
  expect(bytesOf(got), label).toEqual(bytesOf(want));
  return got;
}

/** Runs a variadic scatter on the CPU (`executeAll`) and on the GPU: the same bits per result, or the same typed error. */
export async function sameOnGpuAll(gpu: WebGpuBackend, call: ScatterCall, label = ''): Promise<void> {
  let want: Tensor[] | Error;
  try {
    want = executeAll(call);
  } catch (e) {
    want = e as Error;
  }
  let got: Tensor[] | Error;
  try {
    got = await executeAllOn(call, gpu);
  } catch (e) {
    got = e as Error;
  }
  if (want instanceof Error) {
    if (!(got instanceof Error))
      throw new Error(`${label}: CPU threw ${want.message}; GPU returned a result`);
    expect(got.constructor.name, label).toBe(want.constructor.name);
    expect(got.message, label).toBe(want.message);
    return;
  }
  if (got instanceof Error) throw new Error(`${label}: GPU threw ${got.message}`);
  expect(got.length, label).toBe(want.length);
  want.forEach((w, k) => {
    const g = (got as Tensor[])[k];
    expect(g.dtype, label).toBe(w.dtype);
    expect(g.shape, label).toEqual(w.shape);
    expect(bytesOf(g), label).toEqual(bytesOf(w));
  });
}
