/**
 * A lowered program (src/ir/lowered.ts: a prologue's iota, compare, select, remainder, …, then
 * the gather or scatter) run op by op on the GPU, every value a GpuTensor: element-wise ops
 * through elementwise.ts's exact kernels, structural ops as affine maps (element-kernels.ts),
 * reshape and same-width bitcasts as views of one buffer, gathers and scatters through the
 * backend with their operands bound. Nothing runs on the host but the program's walk; an op the
 * GPU cannot run exactly is refused (`webgpu.op`) before anything is dispatched.
 */
import { InvalidArgumentError } from '../../errors.js';
import type { Body, Func, Module, Op, TensorType } from '../../ir/program.js';
import { bodyUpdateFunction, findFunc, scatterCallOf } from '../../ir/run.js';
import { type DType, allocStorage } from '../../tensor/dtype.js';
import { Tensor } from '../../tensor/tensor.js';
import type { GpuTensor, WebGpuBackend } from './backend.js';
import { type MapSource, type MapSpec, stridesOfShape } from './element-kernels.js';
import { bodyFunction, convertExpr, elementExpr, isElementwise, refuseOp } from './elementwise.js';
import { elemType, elementBytes } from './wgsl.js';

/** The most operands one concatenate kernel binds (the device guarantees 8 storage buffers). */
const MAX_SOURCES = 7;
const MAX_DEPTH = 64;

/** What the runner needs of the backend (kept narrow: backend.ts implements it). */
export interface ProgramHost {
  readonly backend: WebGpuBackend;
  /** Runs a map kernel into a fresh tensor. */
  map(spec: MapSpec, inputs: readonly GpuTensor[]): GpuTensor;
  /** A view of a tensor's buffer under another dtype and shape (same bytes). */
  view(t: GpuTensor, dtype: DType, shape: readonly number[]): GpuTensor;
  /** Sees every value an op makes (the caller frees the ones no result keeps). */
  made(t: GpuTensor): void;
  /** The interpreter's check ops, which have no kernel (absent: refused). */
  readonly check?: CheckHook;
}

/** Receives a check op and its operands on the GPU; returns its results (`eq`'s i1). */
export type CheckHook = (
  op: Extract<Op, { kind: 'check' }>,
  ins: readonly GpuTensor[],
) => Promise<GpuTensor[]>;

/** Ops that refuse before anything runs, with why. */
const REFUSED: Readonly<Record<string, string>> = {
  dynamic_slice: 'its start indices are tensor values no constant fixes, read on the host',
  dynamic_gather: 'its slice sizes are tensor values no constant fixes, read on the host',
  dynamic_update_slice: 'its start indices are tensor values no constant fixes, read on the host',
  select_and_scatter: 'the GPU program runner has no kernel for it',
  check: "checks are the interpreter's, outside a lowered program",
};

/** The operands a dynamic op reads as values: its starts (dynamic_slice) or sizes (dynamic_gather). */
const VALUE_OPERANDS: Readonly<Record<string, (op: Op) => readonly number[]>> = {
  dynamic_slice: (op) => op.operands.slice(1),
  dynamic_update_slice: (op) => op.operands.slice(2),
  dynamic_gather: (op) => [op.operands[2]],
};

/** The constants of a body by value id: a dynamic op whose value operands are constants is static. */
function constantsOf(body: Body): Map<number, Tensor> {
  const out = new Map<number, Tensor>();
  let id = body.params.length;
  for (const op of body.ops) {
    if (op.kind === 'constant') out.set(id, op.value);
    id += op.results.length;
  }
  return out;
}

/** Whether an op runs here: a refused kind, unless it is a dynamic op made static by constants. */
function refusedHere(op: Op, consts: ReadonlyMap<number, Tensor>, checks: boolean): boolean {
  if (!(op.kind in REFUSED) || (checks && op.kind === 'check')) return false;
  const values = VALUE_OPERANDS[op.kind];
  return !values?.(op).every((id) => consts.has(id));
}

/** Refuses a module the GPU cannot run, op by op (bodies included), before any dispatch. */
export function checkModule(
  module: Module,
  entry = module.entry,
  checks = false,
  seen = new Set<string>(),
): void {
  if (seen.has(entry)) return;
  seen.add(entry);
  const f = findFunc(module, entry);
  const consts = constantsOf(f);
  for (const op of f.ops) {
    if (refusedHere(op, consts, checks)) refuseOp(`stablehlo.${op.kind}`, REFUSED[op.kind]);
    if (op.kind === 'call') checkModule(module, op.callee, checks, seen);
    if (isElementwise(op.kind))
      elementExpr(
        op,
        op.operands.map((id) => typeAt(f, id).dtype),
      );
    if (op.kind === 'bitcast_convert') bitcastView(op, typeAt(f, op.operands[0]));
    if (op.kind === 'reduce') bodyFunction(op.body, op.body.params[0].dtype, 'red', false);
  }
}

function typeAt(body: Body, id: number): TensorType {
  if (id < body.params.length) return body.params[id];
  let k = body.params.length;
  for (const op of body.ops) {
    if (id < k + op.results.length) return op.results[id - k];
    k += op.results.length;
  }
  throw new InvalidArgumentError('ir.run.value', `ir: value ${id} is not defined`);
}

/** Runs `entry` of `module` on GPU tensors; the results stay on the GPU. */
export async function runOnGpu(
  host: ProgramHost,
  module: Module,
  args: readonly GpuTensor[],
  entry = module.entry,
  depth = 0,
): Promise<GpuTensor[]> {
  if (depth >= MAX_DEPTH)
    throw new InvalidArgumentError(
      'ir.run.recursion',
      `ir: calls nest deeper than ${MAX_DEPTH} at @${entry}`,
    );
  const f: Func = findFunc(module, entry);
  const values: GpuTensor[] = [...args];
  const consts = constantsOf(f);
  for (const op of f.ops) {
    const ins = op.operands.map((id) => values[id]);
    const outs = await runOp(host, module, op, ins, depth, consts);
    for (const t of outs) host.made(t);
    values.push(...outs);
  }
  return f.returns.map((id) => values[id]);
}

async function runOp(
  host: ProgramHost,
  module: Module,
  op: Op,
  ins: GpuTensor[],
  depth: number,
  consts: ReadonlyMap<number, Tensor>,
): Promise<GpuTensor[]> {
  const out = op.results[0];
  switch (op.kind) {
    case 'constant':
      return [host.backend.upload(op.value)];
    case 'reshape':
      return [host.view(ins[0], out.dtype, out.shape)];
    case 'bitcast_convert':
      return [host.view(ins[0], bitcastView(op, ins[0]).dtype, out.shape)];
    case 'call':
      return runOnGpu(host, module, ins, op.callee, depth + 1);
    case 'gather':
      return [await host.backend.run(gatherCall(op, ins), { operand: ins[0], start_indices: ins[1] })];
    case 'scatter':
      return scatter(host, module, op, ins);
    case 'check':
      if (host.check) return host.check(op, ins);
      break;
    case 'dynamic_gather': {
      const sizes = consts.get(op.operands[2]);
      if (!sizes) break;
      const dn = { ...op.dimension_numbers, slice_sizes: sizes.toFlatArray().map(Number) };
      const call = gatherCall({ ...op, kind: 'gather', dimension_numbers: dn }, ins);
      return [await host.backend.run(call, { operand: ins[0], start_indices: ins[1] })];
    }
    case 'dynamic_slice': {
      const starts = op.operands.slice(1).map((id) => consts.get(id));
      if (starts.some((t) => t === undefined)) break;
      return [host.map(staticSlice(op, ins[0], starts as Tensor[], out), [ins[0]])];
    }
    case 'dynamic_update_slice': {
      const starts = op.operands.slice(2).map((id) => consts.get(id));
      if (starts.some((t) => t === undefined)) break;
      return [host.map(staticUpdate(ins[0], ins[1], starts as Tensor[]), [ins[0], ins[1]])];
    }
    case 'pad':
      return [host.map(padSpec(op, ins[0], ins[1], out), [ins[0], ins[1]])];
  }
  if (op.kind in REFUSED) refuseOp(`stablehlo.${op.kind}`, REFUSED[op.kind]);
  if (op.kind === 'concatenate') return [concatenate(host, op.dimension, ins, out)];
  if (op.kind === 'reduce') return [host.map(reduceSpec(op, ins, out), ins)];
  return [host.map(structural(op, ins, out), ins)];
}

/** The map spec of a structural or element-wise op (one result). */
function structural(op: Op, ins: readonly GpuTensor[], out: TensorType): MapSpec {
  const same = (t: GpuTensor): MapSource => ({
    dtype: t.dtype,
    base: 0,
    // A 0-d operand (select's pred, clamp's bounds) is read at 0 for every element.
    steps: t.shape.length === 0 ? out.shape.map(() => 0) : stridesOfShape(out.shape),
  });
  const identity = (vals: readonly string[]) => vals[0];
  switch (op.kind) {
    case 'iota': {
      const c = `c${op.iota_dimension}`;
      return {
        shape: out.shape,
        dtype: out.dtype,
        sources: [],
        value: () => convertExpr('int64', out.dtype, `vec2<u32>(${c}, 0u)`),
      };
    }
    case 'broadcast_in_dim': {
      const t = ins[0];
      const st = stridesOfShape(t.shape);
      const steps = out.shape.map(() => 0);
      op.broadcast_dimensions.forEach((r, k) => {
        steps[r] = t.shape[k] === 1 ? 0 : st[k];
      });
      return {
        shape: out.shape,
        dtype: out.dtype,
        sources: [{ dtype: t.dtype, base: 0, steps }],
        value: identity,
      };
    }
    case 'transpose': {
      const st = stridesOfShape(ins[0].shape);
      const steps = op.permutation.map((p) => st[p]);
      return {
        shape: out.shape,
        dtype: out.dtype,
        sources: [{ dtype: ins[0].dtype, base: 0, steps }],
        value: identity,
      };
    }
    case 'slice': {
      const st = stridesOfShape(ins[0].shape);
      const base = op.start_indices.reduce((a, s, d) => a + s * st[d], 0);
      const steps = op.strides.map((s, d) => s * st[d]);
      return {
        shape: out.shape,
        dtype: out.dtype,
        sources: [{ dtype: ins[0].dtype, base, steps }],
        value: identity,
      };
    }
  }
  if (!isElementwise(op.kind))
    refuseOp(`stablehlo.${op.kind}`, 'the GPU program runner has no kernel for it');
  const expr = elementExpr(
    op,
    ins.map((t) => t.dtype),
  );
  return { shape: out.shape, dtype: out.dtype, sources: ins.map(same), value: expr };
}

/** dynamic_slice with constant starts: each clamped into [0, dim − size] (spec), then a slice. */
function staticSlice(
  op: Extract<Op, { kind: 'dynamic_slice' }>,
  operand: GpuTensor,
  starts: readonly Tensor[],
  out: TensorType,
): MapSpec {
  const st = stridesOfShape(operand.shape);
  const base = starts.reduce(
    (a, t, d) => a + clampedStart(t, operand.shape[d], op.slice_sizes[d]) * st[d],
    0,
  );
  return {
    shape: out.shape,
    dtype: out.dtype,
    sources: [{ dtype: operand.dtype, base, steps: st }],
    value: (v) => v[0],
  };
}

/** A start clamped into [0, dim − size] as the spec's dynamic slices clamp it. */
const clampedStart = (t: Tensor, dim: number, size: number) =>
  Math.min(Math.max(Number(t.toFlatArray()[0]), 0), dim - size);

/**
 * dynamic_update_slice with constant starts: an element inside the (clamped) window reads the
 * update, any other the operand (the result has the operand's shape and flat order).
 */
function staticUpdate(operand: GpuTensor, update: GpuTensor, starts: readonly Tensor[]): MapSpec {
  const [st, ust] = [stridesOfShape(operand.shape), stridesOfShape(update.shape)];
  const lines = operand.shape.map((n, d) => {
    const s = clampedStart(starts[d], n, update.shape[d]);
    return `
  let c${d} = (e / ${st[d]}u) % ${n}u;
  if (c${d} < ${s}u || c${d} >= ${s + update.shape[d]}u) { return ld_S0(e); }
  src = src + (c${d} - ${s}u) * ${ust[d]}u;`;
  });
  return indexed(operand, [operand, update], lines, 'ld_S1(src)');
}

/**
 * pad: result coordinate c holds operand element q / (interior + 1), q = c − low, when q is a
 * non-negative multiple of interior + 1 inside the operand; padding_value otherwise.
 */
function padSpec(op: Extract<Op, { kind: 'pad' }>, x: GpuTensor, v: GpuTensor, out: TensorType): MapSpec {
  const [st, xst] = [stridesOfShape(out.shape), stridesOfShape(x.shape)];
  const lines = out.shape.map((n, d) => {
    const step = op.interior_padding[d] + 1;
    return `
  let q${d} = i32((e / ${st[d]}u) % ${n}u) - (${op.edge_padding_low[d]});
  if (q${d} < 0 || q${d} % ${step} != 0 || q${d} / ${step} >= ${x.shape[d]}) { return ld_S1(0u); }
  src = src + u32(q${d} / ${step}) * ${xst[d]}u;`;
  });
  return indexed(out, [x, v], lines, 'ld_S0(src)');
}

/** A map whose `elem` computes a source index `src` line by line, then returns `value`. */
function indexed(
  out: TensorType,
  ins: readonly GpuTensor[],
  lines: readonly string[],
  value: string,
): MapSpec {
  const elem = `fn elem(e: u32) -> ${elemType(elementBytes(out.dtype))} {
  var src = 0u;${lines.join('')}
  return ${value};
}`;
  const sources = ins.map((t) => ({ dtype: t.dtype, base: 0, steps: [] }));
  return { shape: out.shape, dtype: out.dtype, sources, value: () => '', elem };
}

/**
 * reduce of one input as the CPU folds it (src/ir/ops/reduce.ts): each result element starts from
 * the init value and folds its input elements in row-major order with the body, the input (and
 * init) first converted to the body's element type.
 */
function reduceSpec(
  op: Extract<Op, { kind: 'reduce' }>,
  ins: readonly GpuTensor[],
  out: TensorType,
): MapSpec {
  const [x, init] = ins;
  const type = op.body.params[0].dtype;
  const st = stridesOfShape(x.shape);
  const dims = x.shape.map((_, d) => d);
  const kept = dims.filter((d) => !op.dimensions.includes(d));
  const reduced = dims.filter((d) => op.dimensions.includes(d));
  const outSt = stridesOfShape(out.shape);
  const redShape = reduced.map((d) => x.shape[d]);
  const redSt = stridesOfShape(redShape);
  const count = redShape.reduce((a, b) => a * b, 1);
  const term = (v: string, stride: number, size: number, step: number) =>
    `((${v} / ${stride}u) % ${size}u) * ${step}u`;
  const base = kept.map((d, k) => term('e', outSt[k], out.shape[k], st[d])).join(' + ') || '0u';
  const off = reduced.map((d, j) => term('r', redSt[j], redShape[j], st[d])).join(' + ') || '0u';
  const cv = (v: string) => convertExpr(x.dtype, type, v);
  const elem = `${bodyFunction(op.body, type, 'red', false)}
fn elem(e: u32) -> ${elemType(elementBytes(type))} {
  let base = ${base};
  var acc = ${convertExpr(init.dtype, type, 'ld_S1(0u)')};
  for (var r = 0u; r < ${count}u; r++) { acc = red(acc, ${cv(`ld_S0(base + ${off})`)}); }
  return acc;
}`;
  const source = (t: GpuTensor) => ({ dtype: t.dtype, base: 0, steps: [] });
  return { shape: out.shape, dtype: type, sources: [source(x), source(init)], value: () => '', elem };
}

/** concatenate: up to MAX_SOURCES operands per kernel, longer lists folded from the left. */
function concatenate(host: ProgramHost, dim: number, ins: readonly GpuTensor[], out: TensorType): GpuTensor {
  let acc = ins.slice(0, MAX_SOURCES);
  let rest = ins.slice(MAX_SOURCES);
  for (;;) {
    const shape = [...out.shape];
    const ends: number[] = [];
    let end = 0;
    for (const t of acc) {
      end += t.shape[dim];
      ends.push(end);
    }
    shape[dim] = end;
    const sources = acc.map((t) => ({ dtype: t.dtype, base: 0, steps: stridesOfShape(t.shape) }));
    const r = host.map({ shape, dtype: out.dtype, sources, value: (v) => v[0], pick: { dim, ends } }, acc);
    if (rest.length === 0) return r;
    acc = [r, ...rest.slice(0, MAX_SOURCES - 1)];
    rest = rest.slice(MAX_SOURCES - 1);
  }
}

/** bitcast_convert keeps the bytes (little-endian on both sides); i1 has a bit layout of its own. */
function bitcastView(op: Op, from: { dtype: DType }): TensorType {
  const to = op.results[0];
  if (to.dtype === 'bool' || from.dtype === 'bool')
    refuseOp('stablehlo.bitcast_convert to or from i1', 'i1 is stored one byte per element, not one bit');
  return to;
}

/** A host tensor standing for a GPU one in a call (the backend reads only its dtype and shape). */
const standIn = (t: GpuTensor) => new Tensor(t.dtype, t.shape, allocStorage(t.dtype, t.size));

function gatherCall(op: Extract<Op, { kind: 'gather' }>, ins: readonly GpuTensor[]) {
  return {
    kind: 'gather' as const,
    op: op.meta?.op ?? op.options.op ?? 'stablehlo.gather',
    operand: standIn(ins[0]),
    start_indices: standIn(ins[1]),
    dimension_numbers: op.dimension_numbers,
    options: op.options,
    wording: op.meta?.wording,
    index_rank: op.meta?.index_rank,
  };
}

async function scatter(
  host: ProgramHost,
  module: Module,
  op: Extract<Op, { kind: 'scatter' }>,
  ins: GpuTensor[],
): Promise<GpuTensor[]> {
  const n = (ins.length - 1) / 2;
  const inputs = ins.slice(0, n);
  const updates = ins.slice(n + 1);
  // The JS function serves the host's re-run of a flagged call (for its exact error).
  const call = scatterCallOf(op, ins.map(standIn), (dtypes) => bodyUpdateFunction(module, op.body, dtypes));
  const bind = { inputs, scatter_indices: ins[n], updates };
  if (n === 1) return [await host.backend.run(call, bind)];
  return host.backend.runAll(call, bind);
}
