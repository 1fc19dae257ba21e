/**
 * A frontend lowers each framework call to one core call: the operator's tensors plus the
 * StableHLO attributes and index policy it became (and, declared, any work its framework needs
 * around the op: `prologue`). `execute` runs it; `stablehloText` prints its whole program as a
 * StableHLO module for `explain` and the explorer.
 */
import { InvalidArgumentError, fmt } from '../errors.js';
import { Tensor } from '../tensor/tensor.js';
import type { GatherPlan } from './gather.js';
import { gatherPlan, scatterPlan } from './plan-cache.js';
import type { ScatterPlan } from './scatter.js';
import { checkVariadicShapes } from './scatter-shape.js';
import type { ResolvedGatherOptions, ResolvedScatterOptions } from './policy.js';
import type { GatherDimensionNumbers, ScatterDimensionNumbers, UpdateComputation } from './types.js';
import { type ProgramCall, concreteCall, runProgram } from '../ir/lowered.js';
import type { Body } from '../ir/program.js';
import { stablehloModule } from '../ir/module-text.js';
import { enterCall, leaveCall } from './call-errors.js';
import { checkCall } from './check-call.js';
import { checkOut } from './validate.js';
import { getParallel, sharedApart, sharedLike } from './parallel.js';

/** What the core knows about an out-of-bounds index (the details of its IndexOutOfBoundsError). */
export interface OobDetails {
  /** The index value as read (before a `from_end` adjustment). */
  readonly value: bigint;
  /** The operand dimension it indexes. */
  readonly dim: number;
  /** That dimension's size. */
  readonly size: number;
  /** Its position in the indices tensor. */
  readonly position: readonly number[];
}

/** Builds a framework's own wording of an out-of-bounds error from its details (never from a message). */
export type Wording = (details: OobDetails) => string;

interface CallBase {
  /** The framework op, e.g. `onnx.GatherND-13`; every error names it. */
  readonly op: string;
  /** Final reshape of the core result (e.g. rank-preserving MLIR results); same element count. */
  readonly reshape?: readonly number[];
  /**
   * Where the result goes (the framework's `out`): its shape is the final (reshaped) result
   * shape and its dtype the result dtype. It may share memory with an input; see `execute`.
   * A call that fails on its index values (out of bounds, duplicate targets) may leave `out`
   * partly written, as PyTorch's `out=` does; `atomic_out` calls, and scatters with a custom
   * update computation (which may throw or return a bad value midway), leave it untouched.
   */
  readonly out?: Tensor;
  /** The framework's wording of an out-of-bounds error with code `options.oob_code`. */
  readonly wording?: Wording;
  /**
   * Rank of the caller's own index tensor, when the lowering stacked extra components onto it
   * (iota components of an element-wise call): error positions are cut back to it.
   */
  readonly index_rank?: number;
  /** Write `out` only if the call succeeds (NumPy buffers `out` under mode='raise'). */
  readonly atomic_out?: boolean;
  /** The caller's data shape when the lowering reshaped it (flat ops): gradients come back in it. */
  readonly operand_shape?: readonly number[];
  /** The caller's updates shape when the lowering reshaped them (MLIR's rank-preserving source). */
  readonly updates_shape?: readonly number[];
  /**
   * The call's updates are the caller's times this factor, rounded to the dtype (PyTorch's
   * index_add `alpha` on ≤ 1-D, integer and 16-bit selves): gradients chain through it.
   */
  readonly updates_scale?: number;
  /**
   * Work the framework's semantics need before the op, declared here and never done while
   * lowering: the operand it names holds the caller's tensor, and the IR computes the op's
   * operand from it (`programOf` prints it, `concreteCall` runs it; see ir/lowered.ts).
   */
  readonly prologue?: Prologue;
}

/**
 * The declared prologues (each a few IR ops; see ir/lowered.ts):
 * - `scale_updates`: updates = caller's updates × factor, rounded to the dtype (PyTorch alpha);
 * - `cycle_updates`: updates[i] = v[i mod size(v)] for i < length (NumPy put's cycled values);
 * - `circular_indices`: targets[b, s] = ((w[b] mod max_seq) + s) mod max_seq for s < seq
 *   (ONNX TensorScatter circular writes);
 * - `nonzero`: indices = the true positions of the caller's boolean mask (held as the call's
 *   index operand), row-major, as a [count, rank(mask)] int64 tensor (NumPy's `mask.nonzero()`
 *   stacked, ONNX's NonZero transposed). A mask's positions are data: the IR computes them (a
 *   prefix sum and a scatter); only `count`, the result's static size, is read from the mask
 *   when lowering, as a shape is (JAX's `nonzero(size=…)` needs it the same way). With
 *   `length` > count the result has `length` rows, the extra ones holding each dim's size (out
 *   of bounds, so a skipping scatter drops their updates: masked_scatter's unused source);
 * - `index_tuple`: the index operand packs an index tuple, each entry flattened in order as
 *   int64 (a mask as 0/1); indices[s…, :] = the entries' columns — a mask's nonzero columns, an
 *   integer array itself — broadcast to `shape` and stacked (NumPy's `a[mask, i]`).
 */
export type Prologue =
  | { readonly kind: 'scale_updates'; readonly factor: number | bigint | boolean }
  | { readonly kind: 'cycle_updates'; readonly length: number }
  | { readonly kind: 'circular_indices'; readonly max_seq: number; readonly seq: number }
  | { readonly kind: 'nonzero'; readonly count: number; readonly length?: number }
  | {
      readonly kind: 'index_tuple';
      readonly entries: readonly TupleLayout[];
      readonly shape: readonly number[];
    };

/**
 * One entry of a packed index tuple: a bool mask (its shape, count of trues and, when the
 * columns do not go in the last dim of `shape`, the dim they go in: NumPy's `a[mask, ::2]`) or an
 * integer array (broadcast right-aligned).
 */
export type TupleLayout =
  | { readonly mask: readonly number[]; readonly count: number; readonly dim?: number }
  | { readonly ints: readonly number[] };

/** A gather lowered from a framework op: everything the call does, defaults applied. */
export interface GatherCall extends CallBase {
  /** Tells a gather from a scatter. */
  readonly kind: 'gather';
  /** The tensor read from (StableHLO's `operand`). */
  readonly operand: Tensor;
  /** The index tensor (StableHLO's `start_indices`). */
  readonly start_indices: Tensor;
  /** StableHLO's gather dimension numbers and slice sizes. */
  readonly dimension_numbers: GatherDimensionNumbers;
  /** The index policy with every default applied (out of bounds, negative indices, fill value). */
  readonly options: ResolvedGatherOptions;
}

/** A scatter lowered from a framework op: everything the call does, defaults applied. */
export interface ScatterCall extends CallBase {
  /** Tells a scatter from a gather. */
  readonly kind: 'scatter';
  /** The tensors written into (one result each; StableHLO's variadic `inputs`). */
  readonly inputs: readonly Tensor[];
  /** The index tensor (StableHLO's `scatter_indices`). */
  readonly scatter_indices: Tensor;
  /** The update tensors, one per input. */
  readonly updates: readonly Tensor[];
  /** StableHLO's scatter dimension numbers. */
  readonly dimension_numbers: ScatterDimensionNumbers;
  /** How an update combines with the current value: a reducer name or a function. */
  readonly update_computation: UpdateComputation;
  /**
   * The IR region a function `update_computation` was made from (a StableHLO scatter's body),
   * so a backend that cannot call JS per update (WebGPU) compiles the body itself.
   */
  readonly update_body?: Body;
  /** The index policy with every default applied (out of bounds, negative indices, duplicates). */
  readonly options: ResolvedScatterOptions;
}

/** A lowered call: a gather or a scatter (what every `<framework>.lower.<op>` returns). */
export type CoreCall = GatherCall | ScatterCall;

/**
 * True when two tensors' storage ranges may share a byte. Two different SharedArrayBuffer
 * objects may be one memory (`structuredClone(sab)`, a worker's copy) and JS cannot tell: when
 * their byte lengths agree (or either is growable) they count as overlapping, so such an `out`
 * is computed aside and copied in.
 */
export function overlaps(a: Tensor, b: Tensor): boolean {
  const x = a.data;
  const y = b.data;
  if (x.byteLength === 0 || y.byteLength === 0) return false;
  if (x.buffer !== y.buffer) return sameMemoryMaybe(x.buffer, y.buffer);
  return x.byteOffset < y.byteOffset + y.byteLength && y.byteOffset < x.byteOffset + x.byteLength;
}

/**
 * `overlaps(out, a) || overlaps(out, b)`, reading each storage's buffer once: the `buffer`
 * getter is a builtin call (~20 ns), and a tiny call with `out` (B7) read `out`'s twice.
 */
export function overlapsEither(out: Tensor, a: Tensor, b: Tensor): boolean {
  const o = out.data;
  const ad = a.data;
  const bd = b.data;
  // A typed array keeps its buffer for life, and a buffer stays shared or not: three storages
  // once found on other, unshared buffers never overlap (whatever lengths they later have), so
  // the same three again (a tiny call in a loop) skip the getters. Either order of a and b:
  // a frontend's own overlap rule (torch/overlap.ts) asks before the core does.
  if (o === apartOut && ((ad === apartA && bd === apartB) || (ad === apartB && bd === apartA))) return false;
  if (o.byteLength === 0) return false;
  const ob = o.buffer;
  const shared = isShared(ob);
  if (shared || ob === ad.buffer || ob === bd.buffer)
    return sharesBytes(o, ob, shared, ad) || sharesBytes(o, ob, shared, bd);
  // Only small storages are held (as kernels.ts's view caches), never keeping a big one alive.
  if (o.byteLength + ad.byteLength + bd.byteLength > 65536) return false;
  apartOut = o;
  apartA = ad;
  apartB = bd;
  return false;
}

// The last three (small) storages overlapsEither found on other, unshared buffers.
let apartOut: Tensor['data'] | null = null;
let apartA: Tensor['data'] | null = null;
let apartB: Tensor['data'] | null = null;

/** `overlaps` of storage `o` (buffer `ob`, shared or not) and storage `y`. */
function sharesBytes(o: Tensor['data'], ob: ArrayBufferLike, shared: boolean, y: Tensor['data']): boolean {
  if (y.byteLength === 0) return false;
  const yb = y.buffer;
  if (yb !== ob) return shared && sameMemoryMaybe(ob, yb);
  return o.byteOffset < y.byteOffset + y.byteLength && y.byteOffset < o.byteOffset + o.byteLength;
}

const isShared = (b: ArrayBufferLike): boolean =>
  typeof SharedArrayBuffer !== 'undefined' && b instanceof SharedArrayBuffer;

/**
 * Whether two different buffer objects may be one memory: only two SharedArrayBuffers can, and
 * then they have one byte length (a clone sees the whole memory; growable ones may differ).
 */
function sameMemoryMaybe(a: ArrayBufferLike, b: ArrayBufferLike): boolean {
  if (!isShared(a) || !isShared(b) || sharedApart(a, b)) return false;
  const growable = (m: ArrayBufferLike) => (m as { growable?: boolean }).growable === true;
  return growable(a) || growable(b) || a.byteLength === b.byteLength;
}

/**
 * The indices a scatter reads when they live in shared memory and a pool may split the call: a
 * private SharedArrayBuffer copy taken when the call starts. Each helper scans the indices for
 * its own targets, so a thread rewriting them mid-call could make two helpers apply one update
 * (or none); on the copy every update is applied exactly once, at the index it had at the start.
 * O(indices), only then.
 */
function snapshotIndices(t: Tensor): Tensor {
  if (getParallel().pool === null || !isShared(t.data.buffer)) return t;
  return new Tensor(t.dtype, t.shape, sharedLike(t.data));
}

/**
 * Runs a lowered call on the core, through a cached plan. The result goes to `out` (default
 * `call.out`) when given. An `out` that shares memory with an input is safe: a scatter whose
 * `out` is exactly its input runs in place; any other overlap is computed aside and copied in.
 * Scatter returns the first result (every frontend is single-input).
 */
export function execute(call: CoreCall | ProgramCall, out: Tensor | undefined = call?.out): Tensor {
  checkCall(call, 'execute');
  if (call.kind === 'program') return runProgram(call, out);
  if (call.prologue) return execute(concreteCall(call), out);
  // The core builds each error in this call's terms (see call-errors.ts).
  const previous = enterCall(call);
  try {
    return call.kind === 'gather' ? executeGather(call, out) : executeScatter(call, out);
  } finally {
    leaveCall(previous);
  }
}

/**
 * The compiled plan of a lowered call, from the plan cache: what `execute`, the trace, the
 * explorer and the backends run.
 */
export function planOf(call: GatherCall): GatherPlan;
export function planOf(call: ScatterCall): ScatterPlan;
export function planOf(call: CoreCall): GatherPlan | ScatterPlan {
  return call.kind === 'gather' ? gatherPlan(call) : scatterPlan(call);
}

function executeGather(call: GatherCall, out: Tensor | undefined): Tensor {
  const { operand, start_indices: indices } = call;
  const plan = planOf(call);
  if (out === undefined) {
    const r = plan.run(operand, indices);
    return call.reshape ? r.reshape(call.reshape) : r;
  }
  checkOut(call.op, out, call.reshape ?? plan.resultShape, plan.dtype);
  const target = call.reshape ? out.reshape(plan.resultShape) : out;
  if (overlapsEither(out, operand, indices)) {
    out.data.set(plan.run(operand, indices).data as never);
    return out;
  }
  // `atomic_out`: every error a gather can raise comes from the indices; checking them first
  // leaves `out` untouched on error without computing the result aside (unless the run itself
  // checks them all before its first write).
  if (call.atomic_out && !plan.checksBeforeWriting) plan.check(operand, indices);
  plan.runInto(operand, indices, target);
  return out;
}

/**
 * Runs a variadic scatter (N inputs, N updates) and returns all N results; `outs` (one per
 * input) receive them, with the same aliasing rules as `execute`.
 */
export function executeAll(call: ScatterCall, outs?: readonly Tensor[]): Tensor[] {
  checkCall(call, 'executeAll', ['scatter']);
  const previous = enterCall(call);
  try {
    const { inputs, updates } = call;
    checkVariadic(call.op, inputs, updates);
    const plan = planOf(call);
    if (outs === undefined) return plan.run(inputs, snapshotIndices(call.scatter_indices), updates);
    if (!Array.isArray(outs) || outs.length !== inputs.length)
      throw new InvalidArgumentError(
        `${call.op}.out`,
        `${call.op}: expected ${inputs.length} out tensors; got ${Array.isArray(outs) ? outs.length : fmt(outs)}`,
      );
    for (let k = 0; k < outs.length; k++) checkOut(call.op, outs[k], inputs[k].shape, inputs[k].dtype);
    scatterInto(call, plan, outs, outs);
    return [...outs];
  } finally {
    leaveCall(previous);
  }
}

/**
 * Runs a scatter plan into `targets` (the `outs`, possibly reshaped to the core's shape). An
 * out that is exactly its own input runs in place; one that shares memory with anything else
 * (or `atomic_out`, or a custom update computation, which may fail midway) is computed aside and
 * copied in.
 */
function scatterInto(
  call: ScatterCall,
  plan: ScatterPlan,
  outs: readonly Tensor[],
  targets: readonly Tensor[],
): void {
  const { inputs, updates } = call;
  const indices = snapshotIndices(call.scatter_indices);
  const inPlace = (o: Tensor, k: number) =>
    outs.length === inputs.length &&
    o.data.buffer === inputs[k].data.buffer &&
    o.data.byteOffset === inputs[k].data.byteOffset;
  // A custom update computation may throw (or return a bad value) midway: computed aside, so
  // a failing call leaves the targets as they were.
  const clash =
    call.atomic_out ||
    typeof call.update_computation === 'function' ||
    outs.some(
      (o, k) =>
        overlaps(o, indices) ||
        updates.some((u) => overlaps(o, u)) ||
        inputs.some((t, j) => overlaps(o, t) && !(j === k && inPlace(o, k))) ||
        outs.some((p, j) => j !== k && overlaps(o, p)),
    );
  if (!clash) {
    plan.runInto(inputs, indices, updates, targets);
    return;
  }
  const results = plan.run(inputs, indices, updates);
  for (let k = 0; k < outs.length; k++) outs[k].data.set(results[k].data as never);
}

/** The variadic rules the plan cannot check alone: C5 (counts), C1 (one input shape), C3 (one updates shape). */
function checkVariadic(op: string, inputs: readonly Tensor[], updates: readonly Tensor[]): void {
  checkVariadicShapes(
    op,
    inputs.map((t) => t.shape),
    updates.map((t) => t.shape),
  );
}

function executeScatter(call: ScatterCall, out: Tensor | undefined): Tensor {
  const { inputs, updates } = call;
  const plan = planOf(call);
  if (out === undefined) {
    const r = plan.run(inputs, snapshotIndices(call.scatter_indices), updates)[0];
    return call.reshape ? r.reshape(call.reshape) : r;
  }
  checkOut(call.op, out, call.reshape ?? inputs[0].shape, inputs[0].dtype);
  scatterInto(call, plan, [out], [call.reshape ? out.reshape(inputs[0].shape) : out]);
  return out;
}

/**
 * The StableHLO text of a lowered call: its whole program as a module of spec ops only (index
 * policies legalized into spec ops, as JAX lowers them; what the spec cannot say — raising on a
 * bad index — as a comment). Reading it back runs the same computation, bit for bit.
 */
export function stablehloText(call: CoreCall | ProgramCall): string {
  return stablehloModule(call);
}
