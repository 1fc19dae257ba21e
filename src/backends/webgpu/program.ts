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
import { bodyUpdateFunction, findFunc, promotion, scatterCallOf } from '../../ir/run.js';
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
  dynamic_gather: 'its slice sizes are tensor values no constant fixes, read on the host',
  check: "checks are the interpreter's, outside a lowered program",
};

/** The operands a dynamic op reads as values: dynamic_gather's sizes (they fix the result's shape). */
const VALUE_OPERANDS: Readonly<Record<string, (op: Op) => readonly number[]>> = {
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
    if (op.kind === 'reduce' || op.kind === 'reduce_window')
      bodyFunction(op.body, op.body.params[0].dtype, 'red', false);
    if (op.kind === 'select_and_scatter') selectAndScatterBodies(op);
    if (
      (op.kind === 'dynamic_slice' || op.kind === 'dynamic_update_slice') &&
      op.operands.length > MAX_SOURCES
    )
      refuseOp(
        `stablehlo.${op.kind} of ${op.operands.length} operands`,
        `its kernel would bind ${op.operands.length + 1} storage buffers, more than the 8 a device guarantees`,
      );
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
    case 'dynamic_slice':
      return [host.map(...dynamicSlice(ins[0], ins.slice(1), op.slice_sizes, out))];
    case 'dynamic_update_slice':
      return [host.map(...dynamicUpdate(ins[0], ins[1], ins.slice(2)))];
    case 'pad':
      return [host.map(padSpec(op, ins[0], ins[1], out), [ins[0], ins[1]])];
    case 'select_and_scatter':
      return [host.map(selectAndScatterSpec(op, ins, out), ins)];
    case 'reduce_window':
      return [host.map(reduceWindowSpec(op, ins, out), ins)];
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

/**
 * dynamic_slice: result element r reads operand element `t + r`, each start t clamped into
 * [0, dim − size] in the kernel (the starts are 0-d tensors bound after the operand).
 */
function dynamicSlice(
  operand: GpuTensor,
  starts: readonly GpuTensor[],
  sizes: readonly number[],
  out: TensorType,
): [MapSpec, GpuTensor[]] {
  const [st, rst] = [stridesOfShape(operand.shape), stridesOfShape(out.shape)];
  const lines = sizes.map(
    (n, d) => `${startLine(starts[d], 1 + d, operand.shape[d] - n, d)}
  src = src + ((e / ${rst[d]}u) % ${n}u + t${d}) * ${st[d]}u;`,
  );
  return [indexed(out, [operand, ...starts], lines, 'ld_S0(src)'), [operand, ...starts]];
}

/**
 * dynamic_update_slice: an element inside the window at the (clamped) starts reads the update,
 * any other the operand (the result has the operand's shape and flat order).
 */
function dynamicUpdate(
  operand: GpuTensor,
  update: GpuTensor,
  starts: readonly GpuTensor[],
): [MapSpec, GpuTensor[]] {
  const [st, ust] = [stridesOfShape(operand.shape), stridesOfShape(update.shape)];
  const lines = operand.shape.map((n, d) => {
    const u = update.shape[d];
    return `${startLine(starts[d], 2 + d, n - u, d)}
  let c${d} = (e / ${st[d]}u) % ${n}u;
  if (c${d} < t${d} || c${d} >= t${d} + ${u}u) { return ld_S0(e); }
  src = src + (c${d} - t${d}) * ${ust[d]}u;`;
  });
  return [indexed(operand, [operand, update, ...starts], lines, 'ld_S1(src)'), [operand, update, ...starts]];
}

/**
 * `let t<d>: u32` — the start in source `k` (a 0-d integer tensor) clamped into [0, max] as the
 * spec's `clamp(0, start, …)`: exact for every integer type (a 64-bit start by its two words).
 */
function startLine(t: GpuTensor, k: number, max: number, d: number): string {
  const bytes = elementBytes(t.dtype);
  const signed = t.dtype.startsWith('int');
  const shift = 32 - 8 * bytes;
  const clampS = (v: string) => `u32(clamp(${v}, 0, ${max}))`;
  const value =
    bytes === 8
      ? `select(select(min(v${d}.x, ${max}u), ${max}u, v${d}.y != 0u), 0u, ${signed} && bitcast<i32>(v${d}.y) < 0)`
      : !signed
        ? `min(v${d}, ${max}u)`
        : clampS(shift === 0 ? `bitcast<i32>(v${d})` : `bitcast<i32>(v${d} << ${shift}u) >> ${shift}u`);
  return `
  let v${d} = ld_S${k}(0u);
  let t${d} = ${value};`;
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

type SelectAndScatter = Extract<Op, { kind: 'select_and_scatter' }>;

/** select_and_scatter's regions as WGSL: `sel(a, b) -> i1` on E, `sct(a, b) -> S` on S. */
function selectAndScatterBodies(op: SelectAndScatter): string {
  const E = op.select.params[0].dtype;
  const S = op.scatter.params[0].dtype;
  return `${bodyFunction(op.select, E, 'sel', false, 'bool')}\n${bodyFunction(op.scatter, S, 'sct', false)}`;
}

/**
 * select_and_scatter as a gather: result element p starts from init_value and, for each source
 * index s (row-major) whose window holds p, walks that window as the CPU does (row-major, padding
 * skipped, `sel(selected, current)` false moves the selection); when the window selects p it folds
 * `sct(acc, source[s])`. The same folds in the same order as the CPU's scatter, per element.
 */
function selectAndScatterSpec(op: SelectAndScatter, ins: readonly GpuTensor[], out: TensorType): MapSpec {
  const [x, src, init] = ins;
  const S = op.scatter.params[0].dtype;
  const rank = x.shape.length;
  const [xst, sst] = [stridesOfShape(x.shape), stridesOfShape(src.shape)];
  const dims = [...Array(rank).keys()];
  const lo = (d: number) => `(${op.padding[d][0]})`;
  const [w, str] = [op.window_dimensions, op.window_strides];
  // The source indices whose window covers p: s*str - lo <= p <= s*str - lo + w - 1.
  const ranges = dims.map(
    (d) => `let a${d} = i32((e / ${xst[d]}u) % ${x.shape[d]}u) + ${lo(d)};
  let s${d}lo = select(0, (a${d} - ${w[d] - 1} + ${str[d] - 1}) / ${str[d]}, a${d} - ${w[d] - 1} > 0);
  let s${d}hi = select(min(${src.shape[d] - 1}, a${d} / ${str[d]}), -1, a${d} < 0);`,
  );
  const open = (v: string, from: (d: number) => string, to: (d: number) => string) =>
    dims.map((d) => `for (var ${v}${d} = ${from(d)}; ${v}${d} <= ${to(d)}; ${v}${d}++) {`).join(' ');
  const close = '}'.repeat(rank);
  const o = (d: number) => `s${d} * ${str[d]} + w${d} - ${lo(d)}`;
  const inside = dims.map((d) => `${o(d)} >= 0 && ${o(d)} < ${x.shape[d]}`).join(' && ') || 'true';
  const off = dims.map((d) => `u32(${o(d)}) * ${xst[d]}u`).join(' + ') || '0u';
  const at = dims.map((d) => `u32(s${d}) * ${sst[d]}u`).join(' + ') || '0u';
  const elem = `${selectAndScatterBodies(op)}
fn elem(e: u32) -> ${elemType(elementBytes(S))} {
  ${ranges.join('\n  ')}
  var acc = ${convertExpr(init.dtype, S, 'ld_S2(0u)')};
  ${open(
    's',
    (d) => `s${d}lo`,
    (d) => `s${d}hi`,
  )}
    var chosen = -1;
    var best: ${elemType(elementBytes(x.dtype))};
    ${open(
      'w',
      () => '0',
      (d) => `${w[d] - 1}`,
    )}
      if (${inside}) {
        let off = ${off};
        let cur = ld_S0(off);
        if (chosen < 0 || sel(best, cur) == 0u) { chosen = i32(off); best = cur; }
      }
    ${close}
    if (chosen == i32(e)) { acc = sct(acc, ${convertExpr(src.dtype, S, `ld_S1(${at})`)}); }
  ${close}
  return acc;
}`;
  const source = (t: GpuTensor) => ({ dtype: t.dtype, base: 0, steps: [] });
  return { shape: out.shape, dtype: S, sources: ins.map(source), value: () => '', elem };
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

/**
 * reduce_window of one input as the CPU runs it (src/ir/ops/windows.ts): each result
 * element folds its window of the padded, base-dilated input in row-major order from the init
 * value, a padding or dilation-hole position folding in the init value. (Several inputs: the
 * body is refused as webgpu.reducer.)
 */
function reduceWindowSpec(
  op: Extract<Op, { kind: 'reduce_window' }>,
  [x, init]: readonly GpuTensor[],
  out: TensorType,
): MapSpec {
  const type = op.body.params[0].dtype;
  const [xst, ost] = [stridesOfShape(x.shape), stridesOfShape(out.shape)];
  const wst = stridesOfShape(op.window_dimensions);
  const count = op.window_dimensions.reduce((a, b) => a * b, 1);
  const dims = [...x.shape.keys()];
  // Per dimension: the padded coordinate q, inside the input when q ≥ 0, q mod base = 0, q / base < n.
  const lines = dims.map((d) => {
    const [b, n] = [op.base_dilations[d], x.shape[d]];
    return `
    let q${d} = i32((e / ${ost[d]}u) % ${out.shape[d]}u) * ${op.window_strides[d]} + i32((w / ${wst[d]}u) % ${op.window_dimensions[d]}u) * ${op.window_dilations[d]} - (${op.padding[d][0]});
    inside = inside && q${d} >= 0 && q${d} % ${b} == 0 && q${d} / ${b} < ${n};
    src = src + u32(max(q${d}, 0) / ${b}) * ${xst[d]}u;`;
  });
  const cv = (v: string) => convertExpr(x.dtype, type, v);
  const elem = `${bodyFunction(op.body, type, 'red', false)}
fn elem(e: u32) -> ${elemType(elementBytes(type))} {
  let init = ${cv('ld_S1(0u)')};
  var acc = init;
  for (var w = 0u; w < ${count}u; w++) {
    var inside = true;
    var src = 0u;${lines.join('')}
    if (inside) { acc = red(acc, ${cv('ld_S0(src)')}); } else { acc = red(acc, init); }
  }
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
  if (promotion(op, ins))
    refuseOp(
      'stablehlo.scatter with promoted element types',
      "its inputs and updates would first be converted to the body's element types",
    );
  const inputs = ins.slice(0, n);
  const updates = ins.slice(n + 1);
  // The JS function serves the host's re-run of a flagged call (for its exact error).
  const call = scatterCallOf(op, ins.map(standIn), (dtypes) => bodyUpdateFunction(module, op.body, dtypes));
  const bind = { inputs, scatter_indices: ins[n], updates };
  if (n === 1) return [await host.backend.run(call, bind)];
  return host.backend.runAll(call, bind);
}
