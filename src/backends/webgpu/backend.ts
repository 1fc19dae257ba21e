/// <reference types="@webgpu/types" />
/**
 * The WebGPU backend: runs a lowered call through the core's own compiled plan (its IndexMap
 * and resolved policy drive the kernels), keeps results on the GPU (`GpuTensor`), and reads
 * them back on request. Bit-identical to the CPU: index arithmetic is integer, float reducers
 * are soft float (wgsl.ts), duplicates combine in update-index order (a stable sort by target,
 * then one invocation per target word).
 *
 * Errors: attribute and dtype errors come from the same plan compile as on the CPU. Index errors
 * (`mode: 'error'`, checked promises, `duplicates: 'error'`) are raised by flags the kernels set;
 * the call is then run on the CPU with the same tensors, which throws the CPU's exact typed
 * error (same class, code, message and details, in the framework's wording).
 */
import {
  type CoreCall,
  type GatherCall,
  type ScatterCall,
  execute,
  executeAll,
  planOf,
} from '../../core/call.js';
import type { IndexMap, ResolvedPolicy } from '../../core/index-map.js';
import { reducerIdentity, scalarBits } from '../../core/kernels.js';
import type { ReducerName } from '../../core/types.js';
import { DTypeError, GatherScatterError, InvalidArgumentError, fmt } from '../../errors.js';
import { DTYPES, type DType, allocStorage, isComplex } from '../../tensor/dtype.js';
import { Tensor, sameShape } from '../../tensor/tensor.js';
import type { Backend, BackendTensor } from '../index.js';
import {
  DIGIT_BITS,
  FLAG,
  FLAG_COUNT,
  FOLD_TILE,
  INTERNAL_FLAGS,
  GATHER_TILE,
  type KernelSource,
  Params,
  RESOLVE_TILE,
  SCAN_BLOCK,
  TILE,
  WG,
  applyFastKernel,
  applyKernel,
  fixArgsKernel,
  winnerWriteKernel,
  gatherKernel,
  gatherVec4Kernel,
  histKernel,
  lastWriterKernel,
  placeKernel,
  resolveKernel,
  restArgsKernel,
  rowTargetKernel,
  scanAddKernel,
  scanKernel,
  segmentKernel,
  targetKernel,
} from './kernels.js';
import { elementBytes, meanFn, nativeOp, reducerFn } from './wgsl.js';
import { type MapSpec, mapKernel } from './element-kernels.js';
import { bodyFunction } from './elementwise.js';
import { type CheckHook, type ProgramHost, checkModule, runOnGpu } from './program.js';
import type { Module } from '../../ir/program.js';
import { type ProgramCall, checkPrologue, programOf } from '../../ir/lowered.js';
import { checkArgs, findFunc } from '../../ir/run.js';

/** Dtypes this backend stores: every CPU layout but the complex ones; any other is refused on upload. */
const ON_GPU: ReadonlySet<string> = new Set(DTYPES.filter((d) => !isComplex(d)));
/** Invocations from which a call's map parameters are compiled into its kernels (Params.baked). */
const BAKE_MIN = 2 ** 15;
/** Largest element count of a tensor on this backend (offsets are 32-bit, with a margin for sentinels). */
const MAX_ELEMENTS = 2 ** 30 - 1;

/** A tensor in a GPU buffer (the CPU's storage layout, padded to 4 bytes). */
export class GpuTensor implements BackendTensor {
  /** The element count. */
  readonly size: number;
  constructor(
    /** The backend whose device holds the buffer. */
    readonly backend: WebGpuBackend,
    /** The element type. */
    readonly dtype: DType,
    /** The shape. */
    readonly shape: readonly number[],
    /** The GPU buffer holding the elements, row-major. */
    readonly buffer: GPUBuffer,
  ) {
    this.size = shape.reduce((a, b) => a * b, 1);
  }
  /** The bytes the elements take on the GPU. */
  get byteLength(): number {
    return this.size * elementBytes(this.dtype);
  }
  /** The same buffer under another shape of the same element count. */
  reshape(shape: readonly number[]): GpuTensor {
    const n = shape.reduce((a, b) => a * b, 1);
    if (n !== this.size)
      throw new InvalidArgumentError(
        'webgpu.reshape',
        `GpuTensor.reshape: ${fmt(shape)} has ${n} elements; the tensor has ${this.size}`,
      );
    return new GpuTensor(this.backend, this.dtype, shape, this.buffer);
  }
  /** Copies the tensor back to the host. */
  read(): Promise<Tensor> {
    return this.backend.read(this);
  }
  /** Frees the GPU buffer (the tensor and its reshapes become unusable). */
  destroy(): void {
    this.buffer.destroy();
  }
}

/** GPU-resident tensors to use in place of a call's host tensors (same shapes and dtypes). */
export interface GpuBindings {
  /** In place of a gather's `operand`. */
  readonly operand?: GpuTensor;
  /** In place of a gather's `start_indices`. */
  readonly start_indices?: GpuTensor;
  /** In place of a scatter's `inputs`. */
  readonly inputs?: readonly GpuTensor[];
  /** In place of a scatter's `scatter_indices`. */
  readonly scatter_indices?: GpuTensor;
  /** In place of a scatter's `updates`. */
  readonly updates?: readonly GpuTensor[];
}

export interface WebGpuOptions {
  /** A device to run on (Node: from the `webgpu` package; browsers: your own). */
  readonly device?: GPUDevice;
  /** Where to request an adapter when no device is given; default `navigator.gpu`. */
  readonly gpu?: GPU;
  /**
   * Compiled pipelines kept (least recently used evicted first); default 256 (`PIPELINE_CACHE`).
   * Large calls compile their shapes into their kernels, so a cache that never evicts grows
   * with every new shape.
   */
  readonly maxPipelines?: number;
}

/** Compiled pipelines a backend keeps by default. */
export const PIPELINE_CACHE = 256;

function unavailable(why: string): never {
  throw new GatherScatterError('webgpu.unavailable', `WebGPU backend: ${why}`);
}

/** Creates the backend on a given device, or on the best adapter of `gpu` / `navigator.gpu`. */
export async function createWebGpuBackend(options: WebGpuOptions = {}): Promise<WebGpuBackend> {
  if (options.device) return new WebGpuBackend(options.device, options.maxPipelines);
  const gpu = options.gpu ?? (globalThis as { navigator?: { gpu?: GPU } }).navigator?.gpu;
  if (!gpu) unavailable('no GPUDevice given and navigator.gpu is not defined');
  const adapter = await gpu.requestAdapter();
  if (!adapter) unavailable('requestAdapter() returned no adapter');
  const device = await adapter.requestDevice({
    requiredLimits: {
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
      maxBufferSize: adapter.limits.maxBufferSize,
      maxStorageBuffersPerShaderStage: Math.min(8, adapter.limits.maxStorageBuffersPerShaderStage),
    },
  });
  const backend = new WebGpuBackend(device, options.maxPipelines);
  // Keep the GPU object and adapter alive as long as the device: Dawn's Node bindings crash
  // when the instance is collected under a live device.
  backend.owners = [gpu, adapter];
  const info = (adapter as { info?: { description?: string; vendor?: string; architecture?: string } }).info;
  // Browsers often leave `description` empty (privacy); vendor and architecture still name it.
  backend.adapterInfo =
    info?.description || [info?.vendor, info?.architecture].filter((x) => x).join(' ') || 'unknown adapter';
  return backend;
}

type Scratch = GPUBuffer[];

/** A call's state when its starts are about to be resolved (the first pass of every scatter). */
interface Resolved {
  readonly enc: GPUCommandEncoder;
  readonly scratch: Scratch;
  readonly map: IndexMap;
  readonly policy: ResolvedPolicy;
  readonly params: Params;
  readonly P: GPUBuffer;
  readonly indices: { buffer: GPUBuffer };
  readonly starts: GPUBuffer;
  readonly flags: GPUBuffer;
}

/** What a resolve pass also moves: a gather's elements (`fuse`) or a replacing scatter's updates. */
interface FusedResolve {
  readonly fuse?: { bytes: 4 | 8; operand: GPUBuffer; out: GPUBuffer };
  readonly replace?: { bytes: 4 | 8; updates: GPUBuffer; out: GPUBuffer; seg: GPUBuffer };
}

/** Runs lowered calls on one GPUDevice. */
export class WebGpuBackend implements Backend {
  readonly name = 'webgpu';
  /** The adapter's description (or vendor and architecture), for reports. */
  adapterInfo = '';
  /** Objects the device depends on (kept reachable). */
  owners: readonly unknown[] = [];
  /**
   * Calls run by the kernels, by the host (empty calls), and flagged calls re-run on the host for
   * their error; scatters that sorted rows instead of elements, and `replace` scatters that took
   * the last writer without sorting; element gathers done in one pass; gathers moved as vec4s;
   * float32 folds done in hardware floats first (applyFast); element replaces in one pass
   * (fusedReplace); calls whose map parameters were compiled into the kernels (Params.baked).
   */
  readonly stats = {
    /** Calls run by the kernels. */
    gpu: 0,
    /** Empty calls run by the host. */
    empty: 0,
    /** Flagged calls re-run on the host for their error. */
    flagged: 0,
    /** Scatters that sorted rows instead of elements. */
    rowScatters: 0,
    /** `replace` scatters that took the last writer without sorting. */
    lastWriter: 0,
    /** Element gathers done in one pass. */
    fusedGathers: 0,
    /** Gathers moved as vec4s. */
    vec4Gathers: 0,
    /** float32 folds done in hardware floats first. */
    nativeFolds: 0,
    /** Element replaces done in one pass. */
    fusedReplaces: 0,
    /** Calls whose map parameters were compiled into the kernels. */
    baked: 0,
    /** Element-wise and structural ops of programs run by kernels (runProgram). */
    programOps: 0,
    /** Scatters folding with a compiled IR body (a custom update computation). */
    bodyFolds: 0,
    /** Pipelines compiled. */
    pipelinesBuilt: 0,
    /** Pipelines evicted from the cache (least recently used first). */
    pipelinesEvicted: 0,
  };
  private readonly pipelines = new Map<
    string,
    { pipeline: GPUComputePipeline; layout: GPUBindGroupLayout }
  >();

  constructor(
    /** The device the kernels run on. */
    readonly device: GPUDevice,
    /** Compiled pipelines kept, least recently used evicted first (≥ 1). */
    readonly maxPipelines = PIPELINE_CACHE,
  ) {
    if (!Number.isSafeInteger(maxPipelines) || maxPipelines < 1)
      throw new InvalidArgumentError(
        'webgpu.max_pipelines',
        `WebGPU backend: maxPipelines must be a positive integer; got ${fmt(maxPipelines)}`,
        { maxPipelines },
      );
  }

  /** The number of compiled pipelines the cache holds now. */
  get pipelineCount(): number {
    return this.pipelines.size;
  }

  /** Copies a host tensor to the GPU. */
  upload(t: Tensor): GpuTensor {
    if (!(t instanceof Tensor))
      throw new InvalidArgumentError('webgpu.upload', `WebGPU upload: expected a Tensor; got ${fmt(t)}`);
    if (!ON_GPU.has(t.dtype))
      throw new DTypeError(
        'webgpu.dtype',
        `WebGPU backend: ${t.dtype} tensors are not on this backend; use the CPU backend (webgpu.dtype)`,
        { dtype: t.dtype },
      );
    this.checkSize(t.size, t.dtype, 'upload');
    const bytes = new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
    const buffer = this.buffer(bytes.byteLength);
    this.write(buffer, bytes);
    return new GpuTensor(this, t.dtype, t.shape, buffer);
  }

  /** Reads a GPU tensor back into a host Tensor. */
  async read(t: GpuTensor): Promise<Tensor> {
    const n = t.byteLength;
    const storage = allocStorage(t.dtype, t.size);
    if (n === 0) return new Tensor(t.dtype, t.shape, storage);
    const size = pad4(n);
    const staging = this.device.createBuffer({
      size,
      usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
    });
    const enc = this.device.createCommandEncoder();
    enc.copyBufferToBuffer(t.buffer, 0, staging, 0, size);
    this.device.queue.submit([enc.finish()]);
    await staging.mapAsync(GPUMapMode.READ);
    new Uint8Array(storage.buffer, storage.byteOffset, n).set(new Uint8Array(staging.getMappedRange(), 0, n));
    staging.unmap();
    staging.destroy();
    return new Tensor(t.dtype, t.shape, storage);
  }

  /**
   * Runs a lowered call; the result stays on the GPU. `bindings` supplies GPU-resident tensors
   * for the call's roles (the call's own tensors then only give shapes and dtypes), so chains
   * of ops never round-trip through the host.
   */
  async run(call: CoreCall, bindings: GpuBindings = {}): Promise<GpuTensor> {
    if (call.kind === 'gather') return this.gather(call, bindings);
    if (call.kind === 'scatter') return (await this.scatter(call, bindings, 1))[0];
    throw new InvalidArgumentError('webgpu.call', `WebGPU backend: not a lowered call: ${fmt(call)}`);
  }

  /**
   * Runs a variadic scatter (N inputs, N updates; `executeAll` semantics) and returns all N
   * results, each in its input's shape. The targets are resolved and sorted once; each input is
   * then folded with its own updates (a named reducer acts on each input separately).
   */
  async runAll(call: ScatterCall, bindings: GpuBindings = {}): Promise<GpuTensor[]> {
    if (call?.kind !== 'scatter')
      throw new InvalidArgumentError(
        'webgpu.call',
        `WebGPU runAll: not a lowered scatter call: ${fmt(call)}`,
      );
    const n = Array.isArray(call.inputs) ? call.inputs.length : 0;
    return this.scatter(call, bindings, n);
  }

  /**
   * Runs a whole lowered program on the GPU — a call's prologue (masks' nonzero, index tuples,
   * cycled or scaled updates, circular indices) and its gather or scatter, or a ProgramCall —
   * and returns its results there. Every op runs in a kernel; an op that cannot be exact on the
   * GPU is refused (`webgpu.op`) before anything runs.
   */
  async runProgram(lowered: CoreCall | ProgramCall): Promise<GpuTensor[]> {
    if (lowered?.kind !== 'program') checkPrologue(lowered);
    const program = this.plan(lowered as CoreCall, () => programOf(lowered));
    return this.runModule(program.module, program.args);
  }

  /**
   * Runs function `entry` of a module on the GPU (what runProgram runs); `check` receives the
   * interpreter's check ops (a test harness reads their operands back), refused without it.
   */
  async runModule(
    module: Module,
    hostArgs: readonly Tensor[],
    options: { readonly entry?: string; readonly check?: CheckHook } = {},
  ): Promise<GpuTensor[]> {
    const entry = options.entry ?? module.entry;
    checkModule(module, entry, options.check !== undefined);
    // The entry's arguments as the CPU checks them (count, dtype, shape), before any upload.
    checkArgs(findFunc(module, entry), hostArgs);
    const args = hostArgs.map((t) => this.upload(t));
    const made = new Set<GPUBuffer>(args.map((t) => t.buffer));
    const host: ProgramHost = {
      backend: this,
      map: (spec, inputs) => this.map(spec, inputs),
      view: (t, dtype, shape) => new GpuTensor(this, dtype, shape, t.buffer),
      made: (t) => made.add(t.buffer),
      check: options.check,
    };
    let results: GpuTensor[] = [];
    try {
      results = await runOnGpu(host, module, args, entry);
      return results;
    } finally {
      // The intermediates' buffers (uploads, kernel results) go once the work is submitted (the
      // device frees a buffer when its submitted work is done); a result's buffer is the caller's.
      for (const t of results) made.delete(t.buffer);
      for (const b of made) b.destroy();
    }
  }

  /** Runs one element-wise or structural kernel (program.ts) into a fresh tensor. */
  private map(spec: MapSpec, inputs: readonly GpuTensor[]): GpuTensor {
    const n = spec.shape.reduce((a, b) => a * b, 1);
    this.checkSize(n, spec.dtype, 'webgpu program');
    const out = this.buffer(n * elementBytes(spec.dtype));
    if (n > 0) {
      const { src, words } = mapKernel(spec);
      const enc = this.device.createCommandEncoder();
      this.dispatch(enc, src, [...inputs.map((t) => t.buffer), out], words);
      this.device.queue.submit([enc.finish()]);
    }
    this.stats.programOps++;
    return new GpuTensor(this, spec.dtype, spec.shape, out);
  }

  /** Frees the pipelines (the device stays the caller's). */
  dispose(): void {
    this.pipelines.clear();
  }

  // ---- gather -----------------------------------------------------------------------------

  private async gather(call: GatherCall, bind: GpuBindings): Promise<GpuTensor> {
    const operand = this.role(call, call.operand, bind.operand, 'operand');
    const indices = this.role(call, call.start_indices, bind.start_indices, 'start_indices');
    const options = call.options;
    const plan = this.plan(call, () => planOf(call));
    const { map, policy } = plan;
    const finalShape = call.reshape ?? plan.resultShape;
    // (An operand with a zero-size dim is empty even when the map's slice is not: numpy's
    // `x[0]` on shape [0, 3] must report its index as out of bounds, as the CPU does.)
    if (map.spaceSize === 0 || map.operandSize === 0 || map.batchCount === 0 || isEmpty(call.operand.shape))
      return (await this.onEmpty(call, bind, finalShape, false))[0];
    this.checkSize(map.spaceSize, plan.dtype, call.op);
    this.checkSize(indices.size, call.start_indices.dtype, call.op);
    const scratch: Scratch = [];
    const params = mapParams(map);
    params.baked = this.bake(map);
    params.add('FILL', padTo(scalarBits(plan.dtype, options.fill_value), 2));
    const pv = i32Bytes(params.values);
    const P = this.scratchBuffer(scratch, pv.byteLength, pv);
    const flags = this.flagsBuffer(scratch);
    const enc = this.device.createCommandEncoder();
    const bytes = elementBytes(plan.dtype);
    const out = this.buffer(map.spaceSize * bytes);
    // One result element per batch position (GatherElements, take of scalars): the resolve
    // pass moves the element itself.
    const fuse =
      bytes >= 4 &&
      map.runLen === 1 &&
      map.outerPerBatch === 1 &&
      map.batchMajor &&
      map.spaceSize === map.batchCount
        ? { bytes: bytes as 4 | 8, operand: operand.buffer, out }
        : undefined;
    if (fuse) this.stats.fusedGathers++;
    // A fused gather never reads its starts back: a word stands in for the bound buffer (a
    // buffer of one word per batch position would be allocated and cleared for nothing).
    const starts = this.scratchBuffer(scratch, fuse ? 4 : map.batchCount * 4);
    const resolved = { enc, scratch, map, policy, params, P, indices, starts, flags };
    this.resolve(resolved, call.start_indices.dtype, { fuse });
    if (!fuse && bytes === 4 && vec4Rows(map)) {
      this.stats.vec4Gathers++;
      this.dispatch(
        enc,
        gatherVec4Kernel(params, map.batchShape.length, map.outerShape.length),
        [P, operand.buffer, starts, out],
        map.spaceSize / 4,
      );
    } else if (!fuse) {
      const words =
        bytes >= 4 ? Math.ceil(map.spaceSize / GATHER_TILE) : Math.ceil((map.spaceSize * bytes) / 4);
      this.dispatch(
        enc,
        gatherKernel(params, map.batchShape.length, map.outerShape.length, bytes),
        [P, operand.buffer, starts, out],
        words,
      );
    }
    const checks = policy.oob === 'error' || policy.promiseInBounds || policy.checkSorted;
    const r = await this.finish(
      enc,
      scratch,
      checks ? flags : null,
      [out],
      [plan.dtype],
      finalShape,
      call,
      bind,
    );
    return r[0];
  }

  // ---- scatter ----------------------------------------------------------------------------

  /** The scatter's first `count` results (1: `execute`; N: `executeAll`). */
  private async scatter(call: ScatterCall, bind: GpuBindings, count: number): Promise<GpuTensor[]> {
    const all = count > 1;
    // The plan compiles for inputs[0]'s and updates[0]'s shapes; the CPU checks the others when
    // it runs, so a mismatch gets the CPU's own error here, before anything is uploaded.
    const shapesAgree =
      Array.isArray(call.inputs) &&
      Array.isArray(call.updates) &&
      call.inputs.every((t) => t instanceof Tensor && sameShape(t.shape, call.inputs[0].shape)) &&
      call.updates.every((t) => t instanceof Tensor && sameShape(t.shape, call.updates[0].shape));
    if (!shapesAgree) {
      if (all) executeAll(call);
      else execute(call);
      throw new InvalidArgumentError(
        `${call.op}.shape`,
        `${call.op}: all inputs and all updates of a variadic scatter must have one shape each`,
      );
    }
    const ins = call.inputs.map((t, i) => this.role(call, t, bind.inputs?.[i], `inputs[${i}]`));
    const ups = call.updates.map((t, i) => this.role(call, t, bind.updates?.[i], `updates[${i}]`));
    const indices = this.role(call, call.scatter_indices, bind.scatter_indices, 'scatter_indices');
    const options = call.options;
    const comp = call.update_computation;
    const plan = this.plan(call, () => planOf(call));
    if (typeof comp === 'function' && call.update_body === undefined)
      throw new InvalidArgumentError(
        'webgpu.reducer',
        `${call.op}: a custom update_computation function does not run on the WebGPU backend; use a named reducer or the CPU backend (webgpu.reducer)`,
        { reducer: 'function' },
      );
    const dtypes = call.inputs.slice(0, count).map((t) => t.dtype);
    // A body (StableHLO's update computation region) compiles to the fold's `red`, or is
    // refused here, before anything is dispatched.
    const bodyRed =
      typeof comp === 'function' && call.update_body ? bodyFunction(call.update_body, dtypes[0]) : undefined;
    if (bodyRed) this.stats.bodyFolds++;
    // The reducer's name ('' for a body: no native fold, no identity, no mean).
    const named = typeof comp === 'string' ? comp : '';
    const { map, policy } = plan;
    // `executeAll` gives each result in its input's shape; `execute` applies the call's reshape.
    const finalShape = all ? call.inputs[0].shape : (call.reshape ?? call.inputs[0].shape);
    if (map.spaceSize === 0 || map.operandSize === 0 || map.batchCount === 0 || isEmpty(call.inputs[0].shape))
      return this.onEmpty(call, bind, finalShape, all);
    for (const dtype of dtypes) {
      this.checkSize(map.operandSize, dtype, call.op);
      this.checkSize(map.spaceSize, dtype, call.op);
    }
    this.checkSize(indices.size, call.scatter_indices.dtype, call.op);
    const scratch: Scratch = [];
    const params = mapParams(map);
    params.baked = this.bake(map);
    const pv = i32Bytes(params.values);
    const P = this.scratchBuffer(scratch, pv.byteLength, pv);
    const starts = this.scratchBuffer(scratch, map.batchCount * 4);
    const flags = this.flagsBuffer(scratch);
    const enc = this.device.createCommandEncoder();
    const W = rowLength(map, policy);
    const dupCheck =
      options.duplicates === 'error' || (options.checked === true && plan.info.attributes.unique_indices);
    const checks = policy.oob === 'error' || policy.promiseInBounds || policy.checkSorted || dupCheck;
    const resolved = { enc, scratch, map, policy, params, P, indices, starts, flags };
    if (comp === 'replace' && W === 1 && count === 1 && elementBytes(dtypes[0]) >= 4) {
      const out = this.fusedReplace(call, resolved, ins[0].buffer, ups[0].buffer, dtypes[0], dupCheck);
      return this.finish(enc, scratch, checks ? flags : null, [out], dtypes, finalShape, call, bind, all);
    }
    const raw = this.resolve(resolved, call.scatter_indices.dtype);
    // Keys: each update's target element, or — when windows are whole aligned rows — each
    // batch position's row (W times fewer keys). Then either the last writer per key (replace)
    // or a stable sort of (key, update index) by key and each key's segment.
    if (W) this.stats.rowScatters++;
    const n = W ? map.batchCount : map.spaceSize;
    const NONE = W ? map.operandSize / W : map.operandSize;
    const keys = this.scratchBuffer(scratch, n * 4);
    const vals = this.scratchBuffer(scratch, n * 4);
    if (W) {
      const Qr = this.scratchBuffer(scratch, 12, new Uint32Array([n, NONE, W]));
      this.dispatch(enc, rowTargetKernel(), [Qr, starts, keys, vals], n);
    } else
      this.dispatch(
        enc,
        targetKernel(
          params,
          map.batchShape.length,
          map.outerShape.length,
          map.spec.operandShape.length,
          map.K,
          policy.oob === 'partial',
        ),
        [P, starts, raw, keys, vals],
        n,
      );
    const last = comp === 'replace';
    const seg = this.scratchBuffer(scratch, NONE * 8);
    const Qs = this.scratchBuffer(scratch, 8, new Uint32Array([n, NONE]));
    // Duplicates are legal unless checked: their flag then goes to a buffer nobody reads.
    const dupFlags = dupCheck ? flags : this.scratchBuffer(scratch, FLAG_COUNT * 4);
    let sortedVals = vals;
    if (last) {
      this.stats.lastWriter++;
      // Whole-word results find duplicates as they write; 16- and 8-bit ones count them here.
      const count = dupCheck && dtypes.some((d) => elementBytes(d) < 4);
      this.dispatch(enc, lastWriterKernel(count), [Qs, keys, seg, dupFlags], n);
    } else {
      const sorted = this.sort(enc, scratch, keys, vals, n, NONE);
      sortedVals = sorted.vals;
      this.dispatch(enc, segmentKernel(), [Qs, sorted.keys, seg, dupFlags], n);
    }
    // (The CPU resets to an identity only for a named reducer: a body has none.)
    const reset = !(options.include_self ?? true) && typeof comp === 'string' && comp !== 'replace';
    const Qa = this.scratchBuffer(scratch, 8, new Uint32Array([map.operandSize, W]));
    const outs = dtypes.map((dtype, k) => {
      const bytes = elementBytes(dtype);
      const identity = reset ? storedBits(dtype, reducerIdentity(comp as ReducerName, dtype)) : [0, 0];
      // x86's default NaN (negative), what the CPU's 16-bit kernels store for a NaN they make.
      const nan16 = dtype === 'float16' ? 0xfe00 : dtype === 'bfloat16' ? 0xffc0 : 0;
      const out = this.buffer(map.operandSize * bytes);
      if (last && bytes >= 4) {
        // replace of whole words: the input copied, then each winning update written — work
        // in the number of updates, not of operand elements.
        this.copy(enc, ins[k].buffer, out, map.operandSize * bytes);
        const Qw = this.scratchBuffer(scratch, 12, new Uint32Array([map.spaceSize, NONE, W]));
        this.dispatch(
          enc,
          winnerWriteKernel(bytes, W > 0),
          [Qw, keys, seg, ups[k].buffer, out, dupFlags],
          map.spaceSize,
        );
        return out;
      }
      const op = reset ? undefined : nativeOp(named, dtype);
      if (op) {
        this.applyFast(
          enc,
          scratch,
          op,
          W,
          [Qa, ins[k].buffer, ups[k].buffer, sortedVals, seg, out],
          map.operandSize,
          () =>
            applyKernel(
              bytes,
              reducerFn(
                named,
                dtype,
                nan16,
                options.float_minmax ?? 'ieee',
                options.float_nan ?? 'self_first',
              ),
              identity,
              reset,
              undefined,
              W > 0,
              false,
              true,
            ),
        );
        return out;
      }
      const words = bytes >= 4 ? map.operandSize : Math.ceil((map.operandSize * bytes) / 4);
      this.dispatch(
        enc,
        applyKernel(
          bytes,
          bodyRed ??
            reducerFn(named, dtype, nan16, options.float_minmax ?? 'ieee', options.float_nan ?? 'self_first'),
          identity,
          reset,
          comp === 'mean' ? meanFn(dtype, options.float_nan ?? 'self_first') : undefined,
          W > 0,
          last,
        ),
        [Qa, ins[k].buffer, ups[k].buffer, sortedVals, seg, out],
        words,
      );
      return out;
    });
    return this.finish(enc, scratch, checks ? flags : null, outs, dtypes, finalShape, call, bind, all);
  }

  /**
   * replace of one 4- or 8-byte element per update: the input copied, then one pass resolves
   * each update's target and stores it when it is the target's first claimant; a duplicate
   * raises FLAG.fix and an indirect fix-up pass has each target's last writer store again
   * (zero workgroups without duplicates). Returns the result buffer.
   */
  private fusedReplace(
    call: ScatterCall,
    r: Resolved,
    input: GPUBuffer,
    updates: GPUBuffer,
    dtype: DType,
    dupCheck: boolean,
  ): GPUBuffer {
    this.stats.lastWriter++;
    this.stats.fusedReplaces++;
    const { enc, scratch, map } = r;
    const bytes = elementBytes(dtype) as 4 | 8;
    const out = this.buffer(map.operandSize * bytes);
    this.copy(enc, input, out, map.operandSize * bytes);
    const seg = this.scratchBuffer(scratch, map.operandSize * 4);
    const replace = { bytes, updates, out, seg };
    this.resolve(r, call.scatter_indices.dtype, { replace });
    // Losers of the fix-up prove duplicates: reported only when the call checks them.
    const dupFlags = dupCheck ? r.flags : this.flagsBuffer(scratch);
    const args = this.indirectBuffer(scratch);
    const Q = this.scratchBuffer(scratch, 12, new Uint32Array([map.batchCount, map.operandSize, 1]));
    this.dispatch(
      enc,
      fixArgsKernel(this.device.limits.maxComputeWorkgroupsPerDimension),
      [Q, r.flags, args],
      1,
    );
    this.dispatch(
      enc,
      winnerWriteKernel(bytes, false, 'k'),
      [Q, r.starts, seg, updates, out, dupFlags],
      0,
      false,
      args,
    );
    return out;
  }

  /**
   * float32 add / sub / mul: the hardware fold for every element, then the soft-float fold for
   * the elements it listed (an operand or partial result that is not a normal number), in a
   * pass dispatched indirectly with the list's length — zero workgroups when nothing is listed.
   */
  private applyFast(
    enc: GPUCommandEncoder,
    scratch: Scratch,
    op: '+' | '-' | '*',
    W: number,
    buffers: readonly GPUBuffer[],
    size: number,
    restKernel: () => KernelSource,
  ): void {
    this.stats.nativeFolds++;
    const list = this.scratchBuffer(scratch, (size + 1) * 4);
    const args = this.indirectBuffer(scratch);
    this.dispatch(enc, applyFastKernel(op, W > 0), [...buffers, list], Math.ceil(size / FOLD_TILE));
    this.dispatch(enc, restArgsKernel(this.device.limits.maxComputeWorkgroupsPerDimension), [list, args], 1);
    this.dispatch(enc, restKernel(), [...buffers, list], 0, false, args);
  }

  // ---- shared steps -----------------------------------------------------------------------

  /**
   * Phase 1 on the GPU, for the call state `r` (a gather's or a scatter's); `fused` moves a
   * gather's elements or a replacing scatter's updates in the same pass. Returns the
   * raw-coordinates buffer (used by `skip`).
   */
  private resolve(r: Resolved, indexDType: DType, fused: FusedResolve = {}): GPUBuffer {
    const { enc, scratch, map, policy, params, P, starts, flags } = r;
    const indices = r.indices.buffer;
    const { fuse, replace } = fused;
    const raw = this.scratchBuffer(
      scratch,
      policy.oob === 'partial' ? map.batchCount * Math.max(1, map.K) * 4 : 4,
    );
    const kOrder = map.kDim
      .map((d, k) => [d, k])
      .sort((x, y) => x[0] - y[0])
      .map(([, k]) => k);
    const src = resolveKernel({
      params,
      nb: map.batchShape.length,
      no: map.outerShape.length,
      K: map.K,
      indexBytes: elementBytes(indexDType),
      indexSigned: indexDType.startsWith('int'),
      oob: policy.oob,
      fromEnd: policy.fromEnd,
      promise: policy.promiseInBounds,
      checkSorted: policy.checkSorted,
      kOrder,
      fuseBytes: fuse?.bytes,
      replaceBytes: replace?.bytes,
    });
    const extra = fuse
      ? [fuse.operand, fuse.out]
      : replace
        ? [replace.updates, replace.out, replace.seg]
        : [];
    this.dispatch(
      enc,
      src,
      [P, indices, starts, raw, flags, ...extra],
      Math.ceil(map.batchCount / RESOLVE_TILE),
    );
    return raw;
  }

  /** Submits; with flags, waits for them and runs the call on the host when any is set. */
  private async finish(
    enc: GPUCommandEncoder,
    scratch: Scratch,
    flags: GPUBuffer | null,
    outs: readonly GPUBuffer[],
    dtypes: readonly DType[],
    shape: readonly number[],
    call: CoreCall,
    bind: GpuBindings,
    all = false,
  ): Promise<GpuTensor[]> {
    const tensors = () => outs.map((out, k) => new GpuTensor(this, dtypes[k], shape, out));
    let staging: GPUBuffer | null = null;
    if (flags) {
      staging = this.device.createBuffer({
        size: FLAG_COUNT * 4,
        usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
      });
      enc.copyBufferToBuffer(flags, 0, staging, 0, FLAG_COUNT * 4);
    }
    this.device.queue.submit([enc.finish()]);
    const release = () => {
      for (const b of scratch) b.destroy();
    };
    if (!staging) {
      // Destroying after submit is safe: the device frees a buffer once its submitted work is done.
      release();
      this.stats.gpu++;
      return tensors();
    }
    await staging.mapAsync(GPUMapMode.READ);
    const f = new Uint32Array(staging.getMappedRange().slice(0));
    staging.unmap();
    staging.destroy();
    release();
    if (f.every((x, i) => x === 0xffffffff || INTERNAL_FLAGS.has(i))) {
      this.stats.gpu++;
      return tensors();
    }
    this.stats.flagged++;
    // An index error, a broken promise or a duplicate: the CPU reports it exactly. (The host
    // flag alone — a sortedness check on indices beyond 32 bits — lets the CPU decide.)
    for (const out of outs) out.destroy();
    const r = await this.onHost(call, bind, shape, all);
    if (f.some((x, i) => x !== 0xffffffff && i !== FLAG.host && !INTERNAL_FLAGS.has(i)))
      throw new GatherScatterError(
        'webgpu.internal',
        `${call.op}: the GPU flagged an index error the CPU does not find (flags ${fmt(Array.from(f))})`,
      );
    return r;
  }

  private onEmpty(
    call: CoreCall,
    bind: GpuBindings,
    shape: readonly number[],
    all: boolean,
  ): Promise<GpuTensor[]> {
    this.stats.empty++;
    return this.onHost(call, bind, shape, all);
  }

  /**
   * Runs the call on the CPU with the same tensors (read back when bound) and uploads the
   * result: empty calls, and the exact typed error of a flagged call.
   */
  private async onHost(
    call: CoreCall,
    bind: GpuBindings,
    shape: readonly number[],
    all: boolean,
  ): Promise<GpuTensor[]> {
    const host = async (t: Tensor, g: GpuTensor | undefined) => (g ? await g.read() : t);
    let hostCall: CoreCall;
    if (call.kind === 'gather') {
      hostCall = {
        ...call,
        out: undefined,
        operand: await host(call.operand, bind.operand),
        start_indices: await host(call.start_indices, bind.start_indices),
      };
    } else {
      hostCall = {
        ...call,
        out: undefined,
        inputs: await Promise.all(call.inputs.map((t, i) => host(t, bind.inputs?.[i]))),
        updates: await Promise.all(call.updates.map((t, i) => host(t, bind.updates?.[i]))),
        scatter_indices: await host(call.scatter_indices, bind.scatter_indices),
      };
    }
    const results = all && hostCall.kind === 'scatter' ? executeAll(hostCall) : [execute(hostCall)];
    return results.map((r) => this.upload(r).reshape(shape));
  }

  /** The plan, or the CPU's exact error for a call that cannot compile. */
  private plan<P>(call: CoreCall, compile: () => P): P {
    try {
      return compile();
    } catch (e) {
      execute(call); // throws the same error, worded as the framework words it
      throw e;
    }
  }

  private role(
    call: CoreCall,
    host: Tensor,
    gpu: GpuTensor | undefined,
    name: string,
  ): { buffer: GPUBuffer; size: number } {
    if (!(host instanceof Tensor))
      throw new InvalidArgumentError(
        `${call.op}.${name}`,
        `${call.op}: ${name} must be a Tensor; got ${fmt(host)}`,
      );
    if (gpu === undefined) {
      const t = this.upload(host);
      return { buffer: t.buffer, size: t.size };
    }
    if (!(gpu instanceof GpuTensor) || gpu.backend !== this)
      throw new InvalidArgumentError(
        'webgpu.binding',
        `${call.op}: binding ${name} must be a GpuTensor of this backend; got ${fmt(gpu)}`,
      );
    if (gpu.dtype !== host.dtype || !sameShape(gpu.shape, host.shape))
      throw new InvalidArgumentError(
        'webgpu.binding',
        `${call.op}: binding ${name} is ${gpu.dtype}${fmt(gpu.shape)} but the call's ${name} is ${host.dtype}${fmt(host.shape)}`,
      );
    return { buffer: gpu.buffer, size: gpu.size };
  }

  private checkSize(n: number, dtype: DType, op: string): void {
    const bytes = n * elementBytes(dtype);
    const limit = Math.min(this.device.limits.maxStorageBufferBindingSize, this.device.limits.maxBufferSize);
    if (n > MAX_ELEMENTS || bytes > limit)
      throw new InvalidArgumentError(
        'webgpu.size',
        `${op}: a ${dtype} tensor of ${n} elements (${bytes} bytes) exceeds this device's storage buffer limit of ${limit} bytes or ${MAX_ELEMENTS} elements`,
        { elements: n, bytes, limit },
      );
  }

  private buffer(bytes: number): GPUBuffer {
    // Padded to 16 bytes: any buffer can then be bound as an array of vec4 (gatherVec4Kernel).
    return this.device.createBuffer({
      size: Math.max(16, Math.ceil(bytes / 16) * 16),
      usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
    });
  }

  private write(buffer: GPUBuffer, bytes: Uint8Array): void {
    if (bytes.byteLength === 0) return;
    if (bytes.byteLength % 4 === 0 && bytes.byteOffset % 4 === 0) {
      this.device.queue.writeBuffer(buffer, 0, bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return;
    }
    const padded = new Uint8Array(pad4(bytes.byteLength));
    padded.set(bytes);
    this.device.queue.writeBuffer(buffer, 0, padded);
  }

  private scratchBuffer(scratch: Scratch, bytes: number, init?: ArrayBufferView): GPUBuffer {
    const b = this.buffer(bytes);
    if (init) this.write(b, new Uint8Array(init.buffer, init.byteOffset, init.byteLength));
    scratch.push(b);
    return b;
  }

  /** Whether the call is large enough to compile its map parameters into the kernels. */
  private bake(map: IndexMap): boolean {
    const baked = Math.max(map.batchCount, map.spaceSize) >= BAKE_MIN;
    if (baked) this.stats.baked++;
    return baked;
  }

  /** Three u32 workgroup counts written by a kernel and read by dispatchWorkgroupsIndirect. */
  private indirectBuffer(scratch: Scratch): GPUBuffer {
    const args = this.device.createBuffer({
      size: 16,
      usage: GPUBufferUsage.STORAGE | GPUBufferUsage.INDIRECT,
    });
    scratch.push(args);
    return args;
  }

  private flagsBuffer(scratch: Scratch): GPUBuffer {
    return this.scratchBuffer(scratch, FLAG_COUNT * 4, new Uint32Array(FLAG_COUNT).fill(0xffffffff));
  }

  /**
   * A stable LSD radix sort of (key, value) pairs by key (keys ≤ none): tile-serial counting,
   * so equal keys keep their order (update-index order).
   */
  private sort(
    enc: GPUCommandEncoder,
    scratch: Scratch,
    keys: GPUBuffer,
    vals: GPUBuffer,
    n: number,
    none: number,
  ): { keys: GPUBuffer; vals: GPUBuffer } {
    const bits = Math.max(1, Math.ceil(Math.log2(none + 1)));
    const tiles = Math.ceil(n / TILE);
    const hist = this.scratchBuffer(scratch, tiles * (1 << DIGIT_BITS) * 4);
    let [k1, v1] = [keys, vals];
    let k2 = this.scratchBuffer(scratch, n * 4);
    let v2 = this.scratchBuffer(scratch, n * 4);
    for (let shift = 0; shift < bits; shift += DIGIT_BITS) {
      const Q = this.scratchBuffer(scratch, 12, new Uint32Array([n, shift, tiles]));
      this.dispatch(enc, histKernel(), [Q, k1, hist], tiles);
      this.scan(enc, scratch, hist, tiles * (1 << DIGIT_BITS));
      this.dispatch(enc, placeKernel(), [Q, k1, v1, hist, k2, v2], tiles);
      [k1, k2] = [k2, k1];
      [v1, v2] = [v2, v1];
    }
    return { keys: k1, vals: v1 };
  }

  /** Copies `bytes` (padded to 4) from one buffer to another, in order with the passes. */
  private copy(enc: GPUCommandEncoder, src: GPUBuffer, dst: GPUBuffer, bytes: number): void {
    if (bytes === 0) return;
    enc.copyBufferToBuffer(src, 0, dst, 0, pad4(bytes));
  }

  /** Exclusive scan of `n` u32 in place (serial block scans, recursively on the block totals). */
  private scan(enc: GPUCommandEncoder, scratch: Scratch, data: GPUBuffer, n: number): void {
    const blocks = Math.ceil(n / SCAN_BLOCK);
    const sums = this.scratchBuffer(scratch, blocks * 4);
    const Q = this.scratchBuffer(scratch, 4, new Uint32Array([n]));
    this.dispatch(enc, scanKernel(), [Q, data, sums], blocks);
    if (blocks > 1) {
      this.scan(enc, scratch, sums, blocks);
      this.dispatch(enc, scanAddKernel(), [Q, data, sums], n);
    }
  }

  private pipeline(src: KernelSource): { pipeline: GPUComputePipeline; layout: GPUBindGroupLayout } {
    let p = this.pipelines.get(src.code);
    if (p) {
      // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
      this.pipelines.delete(src.code);
      this.pipelines.set(src.code, p);
      return p;
    }
    const layout = this.device.createBindGroupLayout({
      entries: src.bindings.map((kind, binding) => ({
        binding,
        visibility: GPUShaderStage.COMPUTE,
        buffer: { type: kind === 'read' ? 'read-only-storage' : 'storage' },
      })),
    });
    const module = this.device.createShaderModule({ code: src.code });
    const pipeline = this.device.createComputePipeline({
      layout: this.device.createPipelineLayout({ bindGroupLayouts: [layout] }),
      compute: { module, entryPoint: 'main' },
    });
    p = { pipeline, layout };
    this.stats.pipelinesBuilt++;
    if (this.pipelines.size >= this.maxPipelines) {
      const oldest = this.pipelines.keys().next().value as string;
      this.pipelines.delete(oldest);
      this.stats.pipelinesEvicted++;
    }
    this.pipelines.set(src.code, p);
    return p;
  }

  /** One compute pass over `count` invocations (or `count` workgroups), on a 2-D grid when large. */
  private dispatch(
    enc: GPUCommandEncoder,
    src: KernelSource,
    buffers: readonly GPUBuffer[],
    count: number,
    workgroups = false,
    /** Workgroup counts read from this buffer (x, y, z) instead of `count`. */
    indirect?: GPUBuffer,
  ): void {
    if (count === 0 && !indirect) return;
    const { pipeline, layout } = this.pipeline(src);
    const group = this.device.createBindGroup({
      layout,
      entries: buffers.map((buffer, binding) => ({ binding, resource: { buffer } })),
    });
    const groups = workgroups ? count : Math.ceil(count / WG);
    const max = this.device.limits.maxComputeWorkgroupsPerDimension;
    const x = Math.min(groups, max);
    const y = Math.ceil(groups / x);
    // One compute pass per step in the call's one command buffer (passes see each other's
    // writes in order); one submission per call.
    const pass = enc.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, group);
    if (indirect) pass.dispatchWorkgroupsIndirect(indirect, 0);
    else pass.dispatchWorkgroups(x, y);
    pass.end();
  }
}

const pad4 = (n: number) => Math.ceil(n / 4) * 4;
const isEmpty = (shape: readonly number[]) => shape.some((d) => d === 0);

function i32Bytes(values: readonly number[]): Int32Array {
  return Int32Array.from(values.length ? values : [0], (v) => v | 0);
}

function padTo(xs: readonly number[], n: number): number[] {
  const out = xs.slice();
  while (out.length < n) out.push(0);
  return out;
}

/** A stored element value's bits as 32-bit lanes (one, or two for 8-byte dtypes). */
function storedBits(dtype: DType, stored: number | bigint): number[] {
  const s = allocStorage(dtype, 1) as unknown as { [i: number]: number | bigint; buffer: ArrayBuffer };
  s[0] = stored;
  const bytes = new Uint8Array(s.buffer, 0, elementBytes(dtype));
  const padded = new Uint8Array(8);
  padded.set(bytes);
  return Array.from(new Uint32Array(padded.buffer));
}

/**
 * The IndexMap's compiled tables as kernel parameters: batch odometer, index components,
 * outer (non-run) space dims, operand strides and the raw-coordinate sources of `skip`.
 */
function mapParams(map: IndexMap): Params {
  const spec = map.spec;
  const rawSel = spec.operandShape.map(() => 0);
  map.kDim.forEach((d, k) => {
    rawSel[d] = k + 1;
  });
  const batchDims = spec.indicesShape.map((_, d) => d).filter((d) => d !== spec.indexVectorDim);
  spec.operandBatchingDims.forEach((d, i) => {
    rawSel[d] = -(batchDims.indexOf(spec.indicesBatchingDims[i]) + 1);
  });
  return new Params()
    .add('SPACE', [map.spaceSize])
    .add('BATCH', [map.batchCount])
    .add('OPSIZE', [map.operandSize])
    .add('RUNLEN', [map.runLen])
    .add('KSTRIDE', [map.kStride])
    .add('BSHAPE', map.batchShape)
    .add('BIDX', map.batchIdxStrides)
    .add('BOP', map.batchOpStrides)
    .add('KSIZE', map.kSize)
    .add('KOPS', map.kOpStride)
    .add('KMAX', map.kMaxStart)
    .add('OSHAPE', map.outerShape)
    .add('OBSTEP', map.outerBatchStep)
    .add('OOSTEP', map.outerOpStep)
    .add('OPSHAPE', spec.operandShape)
    .add('OPSTR', map.opStrides)
    .add('RAWSEL', rawSel);
}

/**
 * The row length W when every scatter window is a whole aligned row of W contiguous elements
 * (in the operand and in the updates, one per batch position), so that two windows are equal or
 * disjoint and the sort can order batch positions instead of elements; 0 otherwise. W = 1 is an
 * element scatter (ScatterElements): its keys come straight from the resolved starts. Holds when
 * each operand dim is either taken whole or sliced to 1 with a stride that W divides (ScatterND
 * of rows, index_add, index_put of rows); a whole dim moved by an index under `skip` can be partly
 * out of bounds, so it does not qualify.
 */
function rowLength(map: IndexMap, policy: ResolvedPolicy): number {
  const { operandShape: shape, windowSizes: sizes } = map.spec;
  const W = sizes.reduce((a, b) => a * b, 1);
  if (W < 1 || map.runLen !== W || map.outerPerBatch !== 1 || !map.batchMajor) return 0;
  if (map.spaceSize !== map.batchCount * W) return 0;
  for (let d = 0; d < shape.length; d++) {
    if (sizes[d] === shape[d]) {
      if (policy.oob === 'partial' && shape[d] > 1 && map.kDim.includes(d)) return 0;
    } else if (sizes[d] !== 1 || map.opStrides[d] % W !== 0) return 0;
  }
  return W;
}

/**
 * True when every element the gather moves sits in an aligned group of 4 (run length, operand
 * steps of index components, batching dims and outer window dims all multiples of 4), so each
 * invocation can move one vec4 and the fill is whole vec4s too.
 */
function vec4Rows(map: IndexMap): boolean {
  const by4 = (xs: readonly number[]) => xs.every((x) => x % 4 === 0);
  return (
    map.runLen % 4 === 0 &&
    map.spaceSize % 4 === 0 &&
    by4(map.kOpStride) &&
    by4(map.batchOpStrides) &&
    by4(map.outerOpStep)
  );
}
