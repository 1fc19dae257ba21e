/**
 * Float32 scatter-add rows in WebAssembly SIMD (src/node/wasm-add.wat), registered by the Node
 * entry as the core's range hook. It takes a whole-operand, one-thread `add` whose batch
 * positions each update one row of a multiple of 4 lanes (ScatterND's rows, bench B5), under the
 * `self_first` or `update_first` NaN rule (onnxruntime's ScatterND rows of an even length): the
 * operand is copied into wasm memory, the update rows and their starts follow chunk by chunk, and
 * the sums are copied back. Rows apply one after another in
 * update order and a NaN sum's bits are set by the JavaScript kernel's rule, so the result is
 * bit-identical to it; it is faster because the adds are 4 lanes wide and a NaN is tested once
 * per 16 lanes (B5: 0.6× the JavaScript kernel's time, bench/b5-wasm.mjs). Without WebAssembly
 * SIMD nothing registers.
 */
import { type RunFn, skipHandler } from '../core/duplicates.js';
import { type RangeJob, hooks } from '../core/scatter-range.js';
import { WASM_ADD } from './wasm-add-bytes.js';

/** Update bytes copied per chunk: 1 MiB stays in a core's L2 (B5: 4096 rows of 64 lanes). */
const CHUNK_BYTES = 1 << 20;
/** Operand plus chunk bytes above which the JavaScript kernel stays: wasm memory never shrinks, so this bounds what the process keeps. */
const MAX_BYTES = 1 << 28;
const PAGE = 65536;

interface Kernel {
  readonly memory: WebAssembly.Memory;
  /** 1: a NaN sum takes the update's NaN first (`update_first`), 0: the element's (`self_first`). */
  readonly updateFirst: WebAssembly.Global;
  readonly rows: (data: number, upd: number, starts: number, count: number, width: number) => void;
}

/** The compiled kernel, or null where WebAssembly or its SIMD is unavailable. */
export function wasmAddKernel(): Kernel | null {
  if (typeof WebAssembly !== 'object') return null;
  try {
    const { exports } = new WebAssembly.Instance(new WebAssembly.Module(WASM_ADD), {});
    return exports as unknown as Kernel;
  } catch (e) {
    if (e instanceof WebAssembly.CompileError) return null; // an engine without SIMD
    throw e;
  }
}

/** Whether the kernel takes `job` (see the header); updates at least twice the operand pay its copies. */
export function wasmAddApplies(job: RangeJob): boolean {
  const { map, policy } = job;
  const w = map.runLen;
  return (
    job.reducer === 'add' &&
    job.results.length === 1 &&
    job.results[0].dtype === 'float32' &&
    (job.nan === 'self_first' || job.nan === 'update_first') &&
    job.t0 <= 0 &&
    job.t1 >= map.operandSize &&
    job.bLo < 0 &&
    job.seen === null &&
    w % 4 === 0 &&
    w > 0 &&
    map.operandSize > 0 && // an empty storage may be detached
    map.batchMajor &&
    map.outerPerBatch === 1 &&
    !policy.checkSorted &&
    map.batchCount * w >= 2 * map.operandSize &&
    (map.operandSize + chunkRows(w) * (w + 1)) * 4 <= MAX_BYTES
  );
}

/** The range hook over `kernel`: applies a job it takes, in update-index order. */
export function wasmAddHook(kernel: Kernel): (job: RangeJob, direct: RunFn) => boolean {
  return (job, direct) => {
    if (!wasmAddApplies(job)) return false;
    const { map } = job;
    const dst = job.results[0].data as Float32Array;
    const src = job.updates[0].data as Float32Array;
    const w = map.runLen;
    const chunk = chunkRows(w);
    const mem = memoryFor(kernel.memory, (map.operandSize + chunk * (w + 1)) * 4);
    const pStarts = map.operandSize * 4;
    const pUpd = pStarts + chunk * 4;
    const special = skipHandler(map, job.partial, direct);
    kernel.updateFirst.value = job.nan === 'update_first' ? 1 : 0;
    const apply = (starts: Int32Array | Float64Array, j0: number, j1: number, b0: number) => {
      if (j1 <= j0) return;
      mem.i32.set(starts.subarray(j0, j1), pStarts / 4);
      mem.f32.set(src.subarray((b0 + j0) * w, (b0 + j1) * w), pUpd / 4);
      kernel.rows(0, pUpd, pStarts, j1 - j0, w);
    };
    mem.f32.set((job.from?.[0].data as Float32Array | undefined) ?? dst, 0);
    try {
      map.resolveChunks(job, { lo: 0, hi: map.batchCount, chunk }, (starts, b0, b1) => {
        let j0 = 0;
        for (let j = 0; j < b1 - b0; j++) {
          if (starts[j] >= 0) continue;
          // A skipped or partly out-of-bounds row applies in JavaScript, between its neighbours.
          apply(starts, j0, j, b0);
          dst.set(mem.f32.subarray(0, dst.length));
          special?.(starts[j], b0 + j, (b0 + j) * w, 0, w);
          mem.f32.set(dst, 0);
          j0 = j + 1;
        }
        apply(starts, j0, b1 - b0, b0);
      });
    } finally {
      // Also on an index error: the rows applied so far are in dst, as with the JS kernel.
      dst.set(mem.f32.subarray(0, dst.length));
    }
    return true;
  };
}

/** Rows of `w` lanes per chunk. */
function chunkRows(w: number): number {
  return Math.max(1, Math.floor(CHUNK_BYTES / (w * 4)));
}

/** Views of `memory` grown to at least `bytes`. */
function memoryFor(memory: WebAssembly.Memory, bytes: number) {
  const have = memory.buffer.byteLength;
  if (have < bytes) memory.grow(Math.ceil((bytes - have) / PAGE));
  return { f32: new Float32Array(memory.buffer), i32: new Int32Array(memory.buffer) };
}

/** Registers the kernel as the core's range hook where it compiles; returns whether it did. */
export function registerWasmAdd(): boolean {
  const kernel = wasmAddKernel();
  if (kernel) [hooks.range, hooks.takes] = [wasmAddHook(kernel), wasmAddApplies];
  return kernel !== null;
}
