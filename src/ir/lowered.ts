/**
 * A lowered framework call as a program. Most framework ops lower to one gather or scatter (a
 * `CoreCall`, the compact form the core runs directly); the ops whose semantics need work around
 * the gather or scatter (NumPy's cycled `put` values, PyTorch's `alpha`, ONNX's circular cache
 * writes, …) lower to a `ProgramCall`: a module whose entry takes the call's tensors. Both are
 * read by every surface through `programOf`, which turns a `CoreCall` into the same form.
 *
 * Lowering never runs anything: a program is built from the call's attributes and shapes only.
 */
import type { CoreCall, GatherCall, Prologue, ScatterCall, TupleLayout } from '../core/call.js';
import type { FloatNaN } from '../core/kernels.js';
import type { FloatNaNOrder, PlacedNaN } from '../core/types.js';
import { mappedGatherShape } from '../core/gather.js';
import { checkOut } from '../core/validate.js';
import { InvalidArgumentError, fmt } from '../errors.js';
import { type Tensor, tensor } from '../tensor/tensor.js';
import { Builder } from './builder.js';
import type { Body, CallMeta, Func, Module, Op, TensorType, ValueId } from './program.js';
import { specGatherOptions, specScatterOptions } from './program.js';
import { runModule } from './run.js';
import { reducerBody } from './regions.js';

/** A lowered call that is a whole program (see the module comment). */
export interface ProgramCall {
  readonly kind: 'program';
  /** The framework op, e.g. `numpy.put`; every error names it. */
  readonly op: string;
  /** The program; its entry function takes `args` in order and returns the result first. */
  readonly module: Module;
  /** The call's tensors in the framework function's order. */
  readonly args: readonly Tensor[];
  /** Their names in the framework's signature (`a`, `ind`, `v`), for printing. */
  readonly argNames: readonly string[];
  /** Where the result goes (the framework's `out`), as CoreCall's `out`. */
  readonly out?: Tensor;
}

/** Any lowered call: a single core op or a program. */
export type LoweredCall = CoreCall | ProgramCall;

export const typeOf = (t: Tensor): TensorType => ({ shape: [...t.shape], dtype: t.dtype });

function meta(call: CoreCall): CallMeta {
  return { op: call.op, wording: call.wording, index_rank: call.index_rank };
}

/** The gather op of a gather call (its value ids: 0 operand, 1 indices). */
export function gatherOp(
  call: GatherCall,
  operand = 0,
  indices = 1,
  indicesShape: readonly number[] = call.start_indices.shape,
): Op {
  const dn = call.dimension_numbers;
  // As the core maps it: an indexed zero-size dim (zero_size_dims: out_of_bounds) reads as size 1.
  const shape = mappedGatherShape(call.operand.shape, indicesShape, dn, call.options, call.op).resultShape;
  return {
    kind: 'gather',
    operands: [operand, indices],
    results: [{ shape, dtype: call.operand.dtype }],
    dimension_numbers: dn,
    options: call.options,
    meta: meta(call),
  };
}

/** The scatter op of a scatter call: operands are inputs…, indices, updates… (value ids). */
export function scatterOp(call: ScatterCall, ids: readonly ValueId[] = callIds(call)): Op {
  const reducer = typeof call.update_computation === 'string' ? call.update_computation : undefined;
  const body = reducer ? reducerBody(reducer, call.inputs[0].dtype) : undefined;
  if (!body)
    throw new InvalidArgumentError(
      'ir.lower.update_computation',
      `${call.op}: a JavaScript update function (or mean) has no StableHLO region; it runs only as a core call`,
    );
  return {
    kind: 'scatter',
    operands: ids,
    results: call.inputs.map(typeOf),
    dimension_numbers: call.dimension_numbers,
    body,
    reducer,
    options: call.options,
    meta: meta(call),
  };
}

const callIds = (call: ScatterCall) => Array.from({ length: 2 * call.inputs.length + 1 }, (_, k) => k);

/** The entry function `@main` of a program: params, ops, the returned values. */
export function mainFunc(
  params: readonly TensorType[],
  ops: readonly Op[],
  returns: number[],
  names?: string[],
): Func {
  const body: Body = { params, ops, returns };
  const types = [...params, ...ops.flatMap((o) => o.results)];
  return { name: 'main', ...body, results: returns.map((id) => types[id]), paramNames: names };
}

/**
 * The program of any lowered call: a CoreCall becomes
 * `@main(tensors) { prologue?; gather | scatter; reshape? }`.
 */
export function programOf(call: LoweredCall): ProgramCall {
  if (call.kind === 'program') return call;
  const { args, names } = callTensors(call);
  const b = new Builder(args.map(typeOf));
  const ids = args.map((_, k) => k);
  if (call.prologue) {
    const at = prologueSlot(call);
    ids[at] = prologueOps(b, call.prologue, ids[at], prologueShape(call), nanOf(call));
  }
  let results =
    call.kind === 'gather'
      ? [b.one(gatherOp(call, ids[0], ids[1], b.type(ids[1]).shape))]
      : b.emit(scatterOp({ ...call, prologue: undefined }, ids));
  if (call.reshape) {
    const dtype = b.type(results[0]).dtype;
    results = [
      b.one({ kind: 'reshape', operands: [results[0]], results: [{ shape: [...call.reshape], dtype }] }),
    ];
  }
  const main = mainFunc(args.map(typeOf), b.ops, results, names);
  return {
    kind: 'program',
    op: call.op,
    module: { funcs: [main], entry: 'main' },
    args,
    argNames: names,
    out: call.out,
  };
}

/** A call's tensors in its op's operand order, with their names. */
function callTensors(call: CoreCall): { args: Tensor[]; names: string[] } {
  if (call.kind === 'gather')
    return { args: [call.operand, call.start_indices], names: ['operand', 'start_indices'] };
  const n = call.inputs.length;
  const names =
    n === 1
      ? ['input', 'scatter_indices', 'update']
      : [
          ...call.inputs.map((_, k) => `input${k}`),
          'scatter_indices',
          ...call.updates.map((_, k) => `update${k}`),
        ];
  return { args: [...call.inputs, call.scatter_indices, ...call.updates], names };
}

/** Which of the call's tensors (callTensors order) its prologue reads and replaces. */
function prologueSlot(call: CoreCall): number {
  if (call.kind === 'gather') return 1;
  const n = call.inputs.length;
  const kind = call.prologue?.kind;
  return kind === 'circular_indices' || kind === 'nonzero' || kind === 'index_tuple' ? n : n + 1;
}

/** The shape of the operand a call's prologue computes. */
function prologueShape(call: CoreCall): number[] {
  const p = call.prologue;
  if (p?.kind === 'index_tuple') return [...p.shape, tupleDepth(p.entries)];
  if (call.kind === 'gather' || p?.kind === 'nonzero') {
    const q = p as { count: number; length?: number };
    return [q.length ?? q.count, indicesOf(call).rank];
  }
  if (p?.kind === 'circular_indices') return [call.scatter_indices.shape[0], p.seq];
  if (p?.kind === 'cycle_updates') return [p.length];
  return [...call.updates[0].shape];
}

/** A scatter's NaN rule (what a scale_updates prologue's complex product order follows). */
const nanOf = (call: CoreCall): FloatNaN | undefined =>
  call.kind === 'scatter' ? call.options.float_nan : undefined;

/** Emits a prologue's ops on `from` (the caller's tensor) and returns the computed operand. */
function prologueOps(
  b: Builder,
  p: Prologue,
  from: ValueId,
  shape: readonly number[],
  nan?: FloatNaN,
): ValueId {
  const t = b.type(from);
  if (p.kind === 'scale_updates') return scaleOps(b, from, p.factor, nan);
  const i64 = (s: readonly number[]): TensorType => ({ shape: [...s], dtype: 'int64' });
  if (p.kind === 'nonzero') return nonzeroOps(b, from, p.count, p.length);
  if (p.kind === 'index_tuple') return tupleOps(b, from, p.entries, p.shape);
  if (p.kind === 'cycle_updates') {
    // updates[i] = v[i mod size(v)]: an iota, a remainder, and a gather of v's elements.
    const i = b.one({ kind: 'iota', iota_dimension: 0, operands: [], results: [i64([p.length])] });
    const k = b.binary('remainder', i, b.splat(BigInt(t.shape[0]), 'int64', [p.length]));
    const idx = b.one({ kind: 'reshape', operands: [k], results: [i64([p.length, 1])] });
    const dimension_numbers = {
      offset_dims: [],
      collapsed_slice_dims: [0],
      start_index_map: [0],
      index_vector_dim: 1,
      slice_sizes: [1],
    };
    const options = specGatherOptions(t.dtype);
    const results = [{ shape: [...shape], dtype: t.dtype }];
    return b.one({ kind: 'gather', dimension_numbers, options, operands: [from, idx], results });
  }
  // targets[b, s] = ((w[b] mod M) + s) mod M, in 64 bits, mod as Python's (never negative).
  const M = BigInt(p.max_seq);
  const w =
    t.dtype === 'int64' ? from : b.one({ kind: 'convert', operands: [from], results: [i64(t.shape)] });
  const m1 = b.splat(M, 'int64', t.shape);
  const start = b.binary('remainder', b.binary('add', b.binary('remainder', w, m1), m1), m1);
  const rows = b.one({
    kind: 'broadcast_in_dim',
    broadcast_dimensions: [0],
    operands: [start],
    results: [i64(shape)],
  });
  const s = b.one({ kind: 'iota', iota_dimension: 1, operands: [], results: [i64(shape)] });
  return b.binary('remainder', b.binary('add', rows, s), b.splat(M, 'int64', shape));
}

/**
 * updates × factor. A complex product's NaN bits follow its operand order, and PyTorch's
 * index_add multiplies in two (frameworks/torch/nan-places.ts): updates × factor (AVX2's
 * product, the real part leading both parts; unfused on complex128, see avx2Product) at the
 * places where the call's NaN rule says `update_first_re`, factor × updates (c10::complex's: the imaginary part's NaN first in the
 * imaginary product) elsewhere — a select on the update's place (⌊offset / stride⌋ mod row). The
 * values are the same either way.
 */
function scaleOps(b: Builder, from: ValueId, factor: number | bigint | boolean, nan?: FloatNaN): ValueId {
  const t = b.type(from);
  const f = b.splat(factor, t.dtype, t.shape);
  const plain = () => b.one({ kind: 'multiply', operands: [from, f], results: [t] });
  if (!t.dtype.startsWith('complex') || nan === undefined) return plain();
  // complex64's AVX2 product gives `multiply`'s bits (neither fuses); complex128's does not.
  const vector = () => (t.dtype === 'complex128' ? avx2Product(b, from, f) : plain());
  if (nan === 'update_first_re') return vector();
  const scalar = b.one({ kind: 'multiply', operands: [f, from], results: [t] });
  if (typeof nan !== 'object' || !nan.bands.some(([, order]) => order === 'update_first_re')) return scalar;
  return b.select(placesOf(b, t.shape, nan, 'update_first_re'), vector(), scalar);
}

/**
 * x × y on complex128 as ATen's AVX2 `Vectorized<c10::complex<double>>::operator*` computes it
 * (vec256_complex_double.h): two packed products and a horizontal subtract, each rounded, none
 * fused, every NaN x86's (the first NaN operand, quieted; inf·0 and inf − inf the default NaN):
 *
 *   (ac, bd) = x · y;  (ad, b·(−c)) = x · (d, −c);  result = (ac − bd, ad − b·(−c))
 *
 * for x = a + bi, y = c + di. The fused product (NumPy's, `multiply` here) keeps a NaN of b
 * where this one makes the default NaN from a·d = inf·0 first (a source inf + NaN·i).
 */
function avx2Product(b: Builder, x: ValueId, y: ValueId): ValueId {
  const { shape } = b.type(x);
  const part = (kind: 'real' | 'imag', v: ValueId) =>
    b.one({ kind, operands: [v], results: [{ shape, dtype: 'float64' }] });
  const [re, im, c, d] = [part('real', x), part('imag', x), part('real', y), part('imag', y)];
  const negC = b.one({ kind: 'negate', operands: [c], results: [b.type(c)] }); // a sign flip (xor)
  const real = b.binary('subtract', b.binary('multiply', re, c), b.binary('multiply', im, d));
  const imag = b.binary('subtract', b.binary('multiply', re, d), b.binary('multiply', im, negC));
  return b.one({ kind: 'complex', operands: [real, imag], results: [b.type(x)] });
}

/** A bool tensor of `shape`: whether each element's place (⌊offset / stride⌋ mod row) has `order`. */
function placesOf(b: Builder, shape: readonly number[], rule: PlacedNaN, order: FloatNaNOrder): ValueId {
  const i64 = (s: readonly number[]): TensorType => ({ shape: [...s], dtype: 'int64' });
  const n = shape.reduce((a, c) => a * c, 1);
  const flat = b.one({ kind: 'iota', iota_dimension: 0, operands: [], results: [i64([n])] });
  const flatOffset = b.one({ kind: 'reshape', operands: [flat], results: [i64(shape)] });
  const stride = rule.stride ?? 1;
  const offset =
    stride === 1 ? flatOffset : b.binary('divide', flatOffset, b.splat(BigInt(stride), 'int64', shape));
  const place = b.binary('remainder', offset, b.splat(BigInt(rule.row), 'int64', shape));
  const at = (k: number) => b.splat(BigInt(k), 'int64', shape);
  let mask: ValueId | undefined;
  let start = 0;
  for (const [end, o] of rule.bands) {
    if (o === order) {
      const inside = b.binary('and', b.compare('GE', place, at(start)), b.compare('LT', place, at(end)));
      mask = mask === undefined ? inside : b.binary('or', mask, inside);
    }
    start = end;
  }
  return mask ?? b.splat(false, 'bool', shape);
}

/**
 * The single op a call with a prologue stands for, its prologue run in the IR on the call's
 * tensors: what execute, gradients, the trace and the backends run (gradients then chain through
 * `updates_scale`). A call without a prologue is returned as it is.
 */
export function concreteCall<C extends CoreCall>(call: C): C {
  const p = call.prologue;
  if (!p) return call;
  const from = callTensors(call).args[prologueSlot(call)];
  checkPrologue(call);
  const b = new Builder([typeOf(from)]);
  const r = prologueOps(b, p, 0, prologueShape(call), nanOf(call));
  const main = mainFunc([typeOf(from)], b.ops, [r]);
  const [value] = runModule({ funcs: [main], entry: 'main' }, [from]).results;
  if (call.kind === 'gather') return { ...call, prologue: undefined, start_indices: value };
  if (p.kind === 'circular_indices' || p.kind === 'nonzero' || p.kind === 'index_tuple')
    return { ...call, prologue: undefined, scatter_indices: value };
  const scale = p.kind === 'scale_updates' ? { updates_scale: Number(p.factor) } : {};
  return { ...call, prologue: undefined, ...scale, updates: [value, ...call.updates.slice(1)] };
}

/**
 * The host's checks of a call's prologue (a mask's true count, a packed tuple's layout), as
 * concreteCall makes them: a runner of the whole program (the WebGPU backend) makes them too.
 */
export function checkPrologue(call: CoreCall): void {
  const p = call.prologue;
  if (!p) return;
  const from = callTensors(call).args[prologueSlot(call)];
  if (p.kind === 'nonzero') checkCount(call, from, p.count, p.length);
  if (p.kind === 'index_tuple') checkPacked(call, from, p.entries);
}

const indicesOf = (call: CoreCall): Tensor =>
  call.kind === 'gather' ? call.start_indices : call.scatter_indices;

/**
 * A `nonzero` prologue's count is the mask's number of true elements: a call built by hand
 * with another count would drop positions or invent zeros, so it is refused (call.prologue).
 */
function checkCount(call: CoreCall, mask: Tensor, count: number, length = count): void {
  let n = 0;
  // An index loop: an empty mask's storage may be detached, and its iterator would throw.
  const d = mask.data as Uint8Array;
  if (mask.dtype === 'bool') for (let i = 0; i < mask.size; i++) n += d[i] === 0 ? 0 : 1;
  const rows = Number.isSafeInteger(length) && length >= count;
  if (mask.dtype === 'bool' && mask.rank > 0 && count === n && rows) return;
  throw new InvalidArgumentError(
    'call.prologue',
    `${call.op}: a nonzero prologue reads a bool mask of rank ≥ 1 and its count of true elements; got a ${mask.dtype} mask of rank ${mask.rank} with ${n} true and count ${String(count)}`,
    { count, actual: n },
  );
}

/**
 * The true positions of a bool mask (rank k ≥ 1, N elements, `count` of them true) as a
 * [count, k] int64 tensor, row-major, in spec ops:
 *
 *   c = prefix sum of the mask as 0/1 (log2 N shifted adds);
 *   flat[c[i] − 1] = i for each true i (a scatter; false positions aim at `count`, out of
 *   range, which the spec's scatter skips);
 *   out[j, d] = (flat[j] / stride[d]) rem shape[d].
 */
export function nonzeroOps(b: Builder, mask: ValueId, count: number, length = count): ValueId {
  const shape = b.type(mask).shape;
  const N = shape.reduce((x, y) => x * y, 1);
  const i64 = (s: readonly number[]): TensorType => ({ shape: [...s], dtype: 'int64' });
  const flatMask = b.one({ kind: 'reshape', operands: [mask], results: [{ shape: [N], dtype: 'bool' }] });
  let c = b.one({ kind: 'convert', operands: [flatMask], results: [i64([N])] });
  for (let s = 1; s < N; s *= 2) {
    const head = b.splat(0n, 'int64', [s]);
    const tail = b.one({
      kind: 'slice',
      start_indices: [0],
      limit_indices: [N - s],
      strides: [1],
      operands: [c],
      results: [i64([N - s])],
    });
    const shifted = b.one({ kind: 'concatenate', dimension: 0, operands: [head, tail], results: [i64([N])] });
    c = b.binary('add', c, shifted);
  }
  const slot = b.select(
    flatMask,
    b.binary('subtract', c, b.splat(1n, 'int64', [N])),
    b.splat(BigInt(length), 'int64', [N]),
  );
  const at = b.one({ kind: 'reshape', operands: [slot], results: [i64([N, 1])] });
  const iota = b.one({ kind: 'iota', iota_dimension: 0, operands: [], results: [i64([N])] });
  const zero = b.splat(0n, 'int64', [length]);
  const dimension_numbers = {
    update_window_dims: [],
    inserted_window_dims: [0],
    scatter_dims_to_operand_dims: [0],
    index_vector_dim: 1,
  };
  const flat = b.one({
    kind: 'scatter',
    operands: [zero, at, iota],
    results: [i64([length])],
    dimension_numbers,
    body: reducerBody('replace', 'int64') as Body,
    reducer: 'replace',
    options: specScatterOptions(),
  });
  const k = shape.length;
  const strides = shape.map((_, d) => BigInt(shape.slice(d + 1).reduce((x, y) => x * y, 1)));
  const row = (values: bigint[]) =>
    b.one({
      kind: 'broadcast_in_dim',
      broadcast_dimensions: [1],
      operands: [b.constant(tensor(values, 'int64'))],
      results: [i64([length, k])],
    });
  const wide = b.one({
    kind: 'broadcast_in_dim',
    broadcast_dimensions: [0],
    operands: [flat],
    results: [i64([length, k])],
  });
  const pos = b.binary('remainder', b.binary('divide', wide, row(strides)), row(shape.map(BigInt)));
  if (length === count) return pos;
  // Rows past the count: each dim's size, out of bounds (see Prologue `nonzero`).
  const r = b.one({ kind: 'iota', iota_dimension: 0, operands: [], results: [i64([length, k])] });
  const past = b.compare('GE', r, b.splat(BigInt(count), 'int64', [length, k]));
  return b.select(past, row(shape.map(BigInt)), pos);
}

/** Index dims a packed tuple covers: a mask its rank, an integer array one. */
export const tupleDepth = (entries: readonly TupleLayout[]): number =>
  entries.reduce((n, e) => n + ('mask' in e ? e.mask.length : 1), 0);

const sizeOf = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);

/**
 * A packed tuple holds exactly its entries' elements, each mask 0/1 with its declared count: a
 * call built by hand otherwise is refused (call.prologue).
 */
function checkPacked(call: CoreCall, packed: Tensor, entries: readonly TupleLayout[]): void {
  const bad = (why: string): never => {
    throw new InvalidArgumentError('call.prologue', `${call.op}: an index_tuple prologue ${why}`);
  };
  const total = entries.reduce((n, e) => n + sizeOf('mask' in e ? e.mask : e.ints), 0);
  if (packed.dtype !== 'int64' || packed.rank !== 1 || packed.size !== total)
    bad(`reads a 1-D int64 tensor of ${total} elements; got ${packed.dtype} ${fmt(packed.shape)}`);
  const d = packed.data as BigInt64Array;
  let off = 0;
  for (const e of entries) {
    const n = sizeOf('mask' in e ? e.mask : e.ints);
    if ('mask' in e) {
      let c = 0;
      for (let i = off; i < off + n; i++) {
        if (d[i] !== 0n && d[i] !== 1n) bad('holds a mask value other than 0 and 1');
        c += Number(d[i]);
      }
      if (c !== e.count || e.mask.length === 0)
        bad(`declares a mask of rank ${e.mask.length} with ${e.count} true; it holds ${c}`);
    }
    off += n;
  }
}

/**
 * The stacked index vectors [shape…, n] of a packed tuple (see Prologue `index_tuple`): each
 * entry sliced out and reshaped, a mask compared ≠ 0 and turned into its nonzero columns, every
 * column broadcast to `shape` and the columns concatenated.
 */
function tupleOps(
  b: Builder,
  packed: ValueId,
  entries: readonly TupleLayout[],
  shape: readonly number[],
): ValueId {
  const S = [...shape];
  const i64 = (s: readonly number[]): TensorType => ({ shape: [...s], dtype: 'int64' });
  const column = (v: ValueId, dims: number[]) =>
    b.one({ kind: 'broadcast_in_dim', broadcast_dimensions: dims, operands: [v], results: [i64(S)] });
  const columns: ValueId[] = [];
  let off = 0;
  for (const e of entries) {
    const es = 'mask' in e ? e.mask : e.ints;
    const n = sizeOf(es);
    const piece = b.one({
      kind: 'slice',
      start_indices: [off],
      limit_indices: [off + n],
      strides: [1],
      operands: [packed],
      results: [i64([n])],
    });
    off += n;
    const v = b.one({ kind: 'reshape', operands: [piece], results: [i64(es)] });
    if ('ints' in e) {
      columns.push(
        column(
          v,
          es.map((_, d) => S.length - es.length + d),
        ),
      );
      continue;
    }
    const m = b.compare('NE', v, b.splat(0n, 'int64', es));
    const nz = nonzeroOps(b, m, e.count);
    for (let d = 0; d < es.length; d++) {
      const col = b.one({
        kind: 'slice',
        start_indices: [0, d],
        limit_indices: [e.count, d + 1],
        strides: [1, 1],
        operands: [nz],
        results: [i64([e.count, 1])],
      });
      const flat = b.one({ kind: 'reshape', operands: [col], results: [i64([e.count])] });
      columns.push(column(flat, S.length === 0 ? [] : [e.dim ?? S.length - 1]));
    }
  }
  const ones = columns.map((c) => b.one({ kind: 'reshape', operands: [c], results: [i64([...S, 1])] }));
  if (ones.length === 1) return ones[0];
  return b.one({
    kind: 'concatenate',
    dimension: S.length,
    operands: ones,
    results: [i64([...S, ones.length])],
  });
}

/** Runs a program call: its entry on its tensors; the first result, into `out` when given. */
export function runProgram(call: ProgramCall, out: Tensor | undefined = call.out): Tensor {
  const [result] = runModule(call.module, call.args).results;
  if (out === undefined) return result;
  checkOut(call.op, out, result.shape, result.dtype);
  out.data.set(result.data as never);
  return out;
}
