/**
 * The StableHLO conformance modules (../shared/conformance/stablehlo: testdata/ and interpret/)
 * through the WebGPU backend: each module runs in the IR interpreter on the CPU while every
 * gather and scatter call it makes is recorded; each recorded call then runs on the GPU and must
 * give the CPU's result bit for bit (or the CPU's typed error). Every function of every file is
 * a case; a case passes when all of its calls do. STABLEHLO_DIR=<dir> runs another suite laid out
 * the same way (a held-out one).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { CoreCall, ScatterCall } from '../src/core/call.js';
import { runText } from '../src/stablehlo-text/run-text.js';
import { nodeBackend, runInChild, sameOnGpu, sameOnGpuAll, webgpuMode } from './webgpu-env.js';

/** Calls recorded while a module runs on the CPU (the interpreter's own execute / executeAll). */
const recorded: { call: CoreCall; all: boolean }[] = [];
const recording = { on: false };

vi.mock('../src/core/call.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/core/call.js')>();
  return {
    ...real,
    execute: (call: CoreCall) => {
      if (recording.on) recorded.push({ call, all: false });
      return real.execute(call);
    },
    executeAll: (call: ScatterCall) => {
      if (recording.on) recorded.push({ call, all: true });
      return real.executeAll(call);
    },
  };
});

const ROOT = process.env.STABLEHLO_DIR ?? '../shared/conformance/stablehlo';
const files = ['interpret', 'testdata'].flatMap((dir) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.mlir'))
    .sort()
    .map((f) => join(ROOT, dir, f)),
);

/** Runs a file on the CPU, returning each function's recorded calls. */
function callsOf(file: string): { func: string; calls: { call: CoreCall; all: boolean }[] }[] {
  const out: { func: string; calls: { call: CoreCall; all: boolean }[] }[] = [];
  recorded.length = 0;
  recording.on = true;
  try {
    for (const run of runText(readFileSync(file, 'utf8'))) {
      out.push({ func: run.func, calls: recorded.splice(0) });
    }
  } finally {
    recording.on = false;
  }
  return out;
}

if (webgpuMode !== 'here') runInChild('test/webgpu-stablehlo.test.ts');
else
  describe('StableHLO conformance through the WebGPU backend', async () => {
    const gpu = await nodeBackend();
    const t = gpu ? it : it.skip;
    t(
      `every function of ${files.length} files: each gather/scatter call = the CPU, bit for bit`,
      async () => {
        const t0 = performance.now();
        const failures: string[] = [];
        let cases = 0;
        let calls = 0;
        for (const file of files) {
          for (const { func, calls: fcalls } of callsOf(file)) {
            cases++;
            for (const { call, all } of fcalls) {
              calls++;
              const label = `${file} @${func} ${call.op}`;
              try {
                if (all && call.kind === 'scatter') await sameOnGpuAll(gpu!, call, label);
                else await sameOnGpu(gpu!, call, label);
              } catch (e) {
                failures.push(`${label}: ${(e as Error).message.split('\n')[0]}`);
                break;
              }
            }
          }
        }
        console.log(
          `webgpu stablehlo: ${files.length} files, ${cases} cases, ${calls} calls, ${failures.length} failing cases, ${(performance.now() - t0).toFixed(0)} ms; adapter ${gpu!.adapterInfo}`,
        );
        for (const f of failures.slice(0, 30)) console.log(f);
        expect(failures).toEqual([]);
      },
      600_000,
    );
  });
