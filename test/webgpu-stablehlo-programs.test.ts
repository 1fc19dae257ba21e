/**
 * StableHLO conformance functions run whole on the WebGPU backend (issue 27): every op of a
 * function — constants, iota, compare, select, convert, broadcasts, gathers and scatters with
 * their bodies — runs in kernels (`gpu.runModule`); the interpreter's checks read their operands
 * back and must hold exactly where they hold on the CPU, and the results must be the CPU's bits
 * (or the CPU's typed error). A function with an op the GPU refuses (`webgpu.op`, named in
 * src/backends/webgpu/elementwise.ts and program.ts; `webgpu.dtype` for complex tensors) is
 * counted, never compared.
 *
 * A fixed sample (every STABLEHLO_PROGRAM_STRIDE-th file, default 2) keeps the file fast; stride
 * 1 runs every file. STABLEHLO_DIR=<dir> runs another suite laid out the same way.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WebGpuBackend } from '../src/backends/webgpu/backend.js';
import { checkOutcome } from '../src/ir/checks.js';
import type { Module } from '../src/ir/program.js';
import { runModule } from '../src/ir/run.js';
import { isSplitFile, readModule, splitInputFile } from '../src/stablehlo-text/read.js';
import { defaultFunctions } from '../src/stablehlo-text/run-text.js';
import { type Tensor, full } from '../src/tensor/tensor.js';
import { bytesOf, nodeBackend, runInChild, webgpuMode } from './webgpu-env.js';

const ROOT = process.env.STABLEHLO_DIR ?? '../shared/conformance/stablehlo';
const STRIDE = Math.max(1, Number(process.env.STABLEHLO_PROGRAM_STRIDE ?? 2));
const files = ['interpret', 'testdata']
  .flatMap((dir) =>
    readdirSync(join(ROOT, dir))
      .filter((f) => f.endsWith('.mlir'))
      .sort()
      .map((f) => join(ROOT, dir, f)),
  )
  .filter((_, k) => k % STRIDE === 0);

type Outcome = { checks: boolean[]; results: Tensor[] } | { error: Error };

function onCpu(module: Module, entry: string): Outcome {
  try {
    const r = runModule(module, [], entry);
    return { checks: r.checks.map((c) => c.passed), results: r.results };
  } catch (e) {
    return { error: e as Error };
  }
}

async function onGpu(gpu: WebGpuBackend, module: Module, entry: string): Promise<Outcome> {
  const checks: boolean[] = [];
  try {
    const outs = await gpu.runModule(module, [], {
      entry,
      check: async (op, ins) => {
        const actual = await ins[0].read();
        const expected = op.expected ?? (await ins[1].read());
        const passed = checkOutcome(op, actual, expected) === undefined;
        checks.push(passed);
        return op.check === 'eq' ? [gpu.upload(full([], passed, 'bool'))] : [];
      },
    });
    return { checks, results: await Promise.all(outs.map((t) => t.read())) };
  } catch (e) {
    return { error: e as Error };
  }
}

/** Why two outcomes differ, or undefined. */
function difference(cpu: Outcome, gpu: Outcome): string | undefined {
  if ('error' in cpu || 'error' in gpu) {
    if (!('error' in cpu) || !('error' in gpu))
      return `CPU ${'error' in cpu ? `threw ${cpu.error.message}` : 'ran'}; GPU ${'error' in gpu ? `threw ${gpu.error.message}` : 'ran'}`;
    return cpu.error.message === gpu.error.message ? undefined : `errors differ: ${gpu.error.message}`;
  }
  if (cpu.checks.join() !== gpu.checks.join()) return `checks ${gpu.checks} vs the CPU's ${cpu.checks}`;
  for (const [k, r] of cpu.results.entries())
    if (bytesOf(r).join() !== bytesOf(gpu.results[k]).join()) return `result ${k} differs`;
  return undefined;
}

if (webgpuMode !== 'here') runInChild('test/webgpu-stablehlo-programs.test.ts');
else
  describe('StableHLO conformance functions run whole on the WebGPU backend', async () => {
    const gpu = await nodeBackend();
    const t = gpu ? it : it.skip;
    t(
      `every function of ${files.length} files (every ${STRIDE}th): checks and results = the CPU`,
      async () => {
        const t0 = performance.now();
        let ran = 0;
        const refused = new Map<string, number>();
        const wrong: string[] = [];
        for (const file of files) {
          const text = readFileSync(file, 'utf8');
          const parts = isSplitFile(text) ? splitInputFile(text) : [{ text, line: 1 }];
          for (const part of parts) {
            const module = readModule(part.text, { line: part.line });
            for (const func of defaultFunctions(module)) {
              const cpu = onCpu(module, func.name);
              const got = await onGpu(gpu!, module, func.name);
              const error = 'error' in got ? got.error : undefined;
              const code = (error as { code?: string } | undefined)?.code;
              // Refusals, typed and named: an op, a body or a dtype (complex) the GPU does not run.
              if (error && (code === 'webgpu.op' || code === 'webgpu.reducer' || code === 'webgpu.dtype')) {
                const why = error.message.replace(/^WebGPU backend: /, '').split(' does not run')[0];
                refused.set(why, (refused.get(why) ?? 0) + 1);
                continue;
              }
              ran++;
              const d = difference(cpu, got);
              if (d) wrong.push(`${file} @${func.name}: ${d}`);
            }
          }
        }
        console.log(
          `webgpu stablehlo programs: ${files.length} files, ${ran} functions run whole on the GPU, ${[...refused.values()].reduce((a, b) => a + b, 0)} refused (${[...refused].map(([w, n]) => `${w} ×${n}`).join('; ')}), ${wrong.length} wrong, ${(performance.now() - t0).toFixed(0)} ms`,
        );
        for (const w of wrong.slice(0, 20)) console.log(w);
        expect(wrong).toEqual([]);
        // Not vacuous: most sampled functions run whole.
        expect(ran).toBeGreaterThan(files.length / 2);
      },
      150_000,
    );
  });
