/**
 * The general gather and scatter (no batching dims) as an ONNX graph around one GatherND /
 * ScatterND: what NumPy's and PyTorch's index tuples lower to (slices beside index arrays, new
 * axes, masks), and any StableHLO windowed gather with error or clip bounds.
 *
 *   columns  one int64 tensor of the batch shape B per index component: the indices themselves,
 *            NonZero of a mask (its positions, a row per true element), or a packed index tuple
 *            sliced apart (each mask NonZero'd, every column broadcast to the tuple's shape);
 *   leads    the operand dims GatherND indexes: every mapped dim, then each dim whose window is
 *            smaller than the dim (its start 0); a lead with a window (not collapsed) gains an
 *            axis W of the window's size and reads start + iota(W);
 *   J        the leads' columns broadcast to [B…, W…] and concatenated: J[b…, w…] = the index
 *            vector of operand element (start(b) + w) over the lead dims;
 *   data     transposed to [lead dims…, full dims…], so GatherND(data, J) is [B…, W…, full…] —
 *            transposed once more to StableHLO's result order (offset dims at their places).
 *            A scatter transposes its updates to [B…, W…, full…], scatters into the transposed
 *            data and transposes the result back.
 *
 * Bounds: a negative index counts from the end when the call says so, else it is made out of
 * range; `clip` / `promise_in_bounds` clamp a start into [0, dim − window] as StableHLO does;
 * `error` leaves an out-of-range index to ONNX, which refuses it as the call does. A mask's
 * positions are in range by construction. Other modes refuse (`export.onnx.index_policy`).
 */
import type { CoreCall, GatherCall, ScatterCall, TupleLayout } from '../core/call.js';
import { type Builder, fail, reshape } from './onnx-builder.js';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const ones = (n: number) => new Array<number>(n).fill(1);
const isIdentity = (perm: readonly number[]) => perm.every((p, i) => p === i);

/** The index components as int64 tensors of shape B; `checked`: whether bounds still apply. */
interface Columns {
  readonly cols: readonly string[];
  readonly B: readonly number[];
  readonly checked: readonly boolean[];
}

/** The nonzero positions of a bool (or 0/1) tensor, one [count] column per dim. */
function maskColumns(b: Builder, mask: string, rank: number, isBool: boolean): string[] {
  const nz = b.op('NonZero', [isBool ? mask : b.op('Cast', [mask], { to: 9 })]);
  return range(rank).map((d) => b.op('Gather', [nz, b.i64([d], [])], { axis: 0 }));
}

/** The columns of a packed index tuple (see Prologue `index_tuple`), each broadcast to `S`. */
function tupleColumns(
  b: Builder,
  op: string,
  entries: readonly TupleLayout[],
  S: readonly number[],
): Columns {
  const cols: string[] = [];
  const checked: boolean[] = [];
  const target = b.i64(S);
  let off = 0;
  for (const e of entries) {
    const es = 'mask' in e ? e.mask : e.ints;
    const n = es.reduce((x, y) => x * y, 1);
    const piece = b.op('Slice', ['indices', b.i64([off]), b.i64([off + n]), b.i64([0])]);
    off += n;
    const v = reshape(b, op, piece, es);
    if ('ints' in e) {
      cols.push(b.op('Expand', [v, target])); // right-aligned, as the tuple broadcasts
      checked.push(true);
      continue;
    }
    const at = e.dim ?? S.length - 1;
    for (const c of maskColumns(b, v, es.length, false)) {
      const placed = reshape(
        b,
        op,
        c,
        S.map((_, i) => (i === at ? e.count : 1)),
      );
      cols.push(b.op('Expand', [placed, target]));
      checked.push(false);
    }
  }
  return { cols, B: S, checked };
}

/** The index components of `lowered` read from the graph input `indices` (see Columns). */
function columnsOf(b: Builder, lowered: CoreCall, k: number): Columns {
  const p = lowered.prologue;
  const given = lowered.kind === 'gather' ? lowered.start_indices : lowered.scatter_indices;
  if (p?.kind === 'index_tuple') return tupleColumns(b, lowered.op, p.entries, p.shape);
  if (p?.kind === 'nonzero') {
    const cols = maskColumns(b, 'indices', given.rank, given.dtype === 'bool');
    return { cols, B: [p.count], checked: cols.map(() => false) };
  }
  const ivd = lowered.dimension_numbers.index_vector_dim;
  const x = given.dtype === 'int64' ? 'indices' : b.op('Cast', ['indices'], { to: 7 });
  const B = given.shape.filter((_, d) => d !== ivd);
  const cols =
    ivd === given.rank ? [x] : range(k).map((c) => b.op('Gather', [x, b.i64([c], [])], { axis: ivd }));
  return { cols, B, checked: cols.map(() => true) };
}

/** The bounds policy on one column of dim size `n` and window `w` (see the module comment). */
function bounded(b: Builder, call: CoreCall, col: string, n: number, w: number): string {
  const mode = call.options.mode ?? (call.kind === 'gather' ? 'clip' : 'skip');
  const clip = mode === 'clip' || (mode === 'promise_in_bounds' && call.kind === 'gather');
  if (mode !== 'error' && !clip && mode !== 'promise_in_bounds')
    fail(
      'index_policy',
      `${call.op}: mode "${mode}" of a windowed ${call.kind} has no ONNX graph here (error and clip do)`,
    );
  const zero = b.i64([0], []);
  const negative = b.op('Less', [col, zero]);
  const size = b.i64([n], []);
  const fromEnd = call.options.negative_indices === 'from_end';
  const adj = b.op('Where', [negative, fromEnd ? b.op('Add', [col, size]) : clip ? zero : size, col]);
  return clip ? b.op('Max', [b.op('Min', [adj, b.i64([Math.max(0, n - w)], [])]), zero]) : adj;
}

/** An operand dim GatherND / ScatterND indexes, its component (none: start 0) and window. */
interface Lead {
  readonly dim: number;
  readonly col?: number;
  readonly window: number;
  /** Whether the window is a result dim (not collapsed / inserted). */
  readonly keep: boolean;
}

/** The roles of a general gather or scatter, in the names common to both. */
export interface GeneralRoles {
  readonly shape: readonly number[];
  readonly map: readonly number[];
  readonly collapsed: readonly number[];
  /** The window size per operand dim. */
  readonly sizes: readonly number[];
  readonly batching: boolean;
}

/** The lead dims (mapped, then partial windows and collapsed unmapped dims) and the full dims. */
function leadsOf(r: GeneralRoles): { leads: Lead[]; full: number[] } {
  const collapsed = new Set(r.collapsed);
  const leads: Lead[] = r.map.map((dim, col) => ({
    dim,
    col,
    window: r.sizes[dim],
    keep: !collapsed.has(dim),
  }));
  const full: number[] = [];
  for (let d = 0; d < r.shape.length; d++) {
    if (r.map.includes(d)) continue;
    if (r.sizes[d] < r.shape[d] || collapsed.has(d))
      leads.push({ dim: d, window: r.sizes[d], keep: !collapsed.has(d) });
    else full.push(d);
  }
  return { leads, full };
}

/** J: each lead's column (or 0) plus its iota, broadcast to [B…, W…, 1] and concatenated. */
function indexVectors(
  b: Builder,
  op: string,
  c: Columns,
  leads: readonly Lead[],
  bound: (l: Lead) => string,
) {
  const W = leads.filter((l) => l.keep);
  const T = [...c.B, ...W.map((l) => l.window)];
  const shape1 = [...T, 1];
  const parts = leads.map((l) => {
    const at = W.indexOf(l);
    let v =
      l.col === undefined
        ? b.i64([0], ones(shape1.length))
        : reshape(b, op, bound(l), [...c.B, ...ones(W.length), 1]);
    if (at >= 0) {
      const iotaShape = [...ones(c.B.length), ...W.map((w, j) => (j === at ? w.window : 1)), 1];
      v = b.op('Add', [v, b.i64(range(l.window), iotaShape)]);
    }
    return b.op('Expand', [v, b.i64(shape1)]);
  });
  const J = parts.length === 1 ? parts[0] : b.op('Concat', parts, { axis: -1 });
  return { J, W, T };
}

/** The general plan shared by gather and scatter: J, the data permutation, W and the full dims. */
function generalPlan(b: Builder, lowered: CoreCall, call: CoreCall, r: GeneralRoles) {
  if (r.batching)
    fail('no_single_op', `${call.op}: batching dims with these dimension numbers have no ONNX graph here`);
  const c = columnsOf(b, lowered, r.map.length);
  const { leads, full } = leadsOf(r);
  const bound = (l: Lead) => {
    const k = l.col as number;
    return c.checked[k] ? bounded(b, call, c.cols[k], r.shape[l.dim], l.window) : c.cols[k];
  };
  const { J, W, T } = indexVectors(b, call.op, c, leads, bound);
  const permD = [...leads.map((l) => l.dim), ...full];
  const data = isIdentity(permD) ? 'data' : b.op('Transpose', ['data'], { perm: permD });
  return { J, W, T, full, permD, data, B: c.B };
}

/** GatherND's [B…, W…, full…] in StableHLO's result order: offset dims at their positions. */
function resultPerm(
  rank: number,
  offsetDims: readonly number[],
  collapsed: readonly number[],
  nB: number,
  W: readonly Lead[],
  full: readonly number[],
): number[] {
  const windowAxis = (d: number) => {
    const w = W.findIndex((l) => l.dim === d);
    return w >= 0 ? nB + w : nB + W.length + full.indexOf(d);
  };
  const nonCollapsed = range(rank).filter((d) => !collapsed.includes(d));
  let bi = 0;
  let oi = 0;
  return range(nB + offsetDims.length).map((p) =>
    offsetDims.includes(p) ? windowAxis(nonCollapsed[oi++]) : bi++,
  );
}

/** A general gather's nodes; returns the output name (in the call's result shape before any reshape). */
export function generalGather(b: Builder, lowered: GatherCall, call: GatherCall): string {
  const dn = call.dimension_numbers;
  const r: GeneralRoles = {
    shape: call.operand.shape,
    map: dn.start_index_map,
    collapsed: dn.collapsed_slice_dims,
    sizes: dn.slice_sizes,
    batching: (dn.operand_batching_dims ?? []).length > 0,
  };
  const g = generalPlan(b, lowered, call, r);
  const out = b.op('GatherND', [g.data, g.J]);
  const perm = resultPerm(
    call.operand.rank,
    dn.offset_dims,
    dn.collapsed_slice_dims,
    g.B.length,
    g.W,
    g.full,
  );
  return isIdentity(perm) ? out : b.op('Transpose', [out], { perm });
}

/**
 * A general scatter's nodes on the updates `updates` (already through any updates prologue);
 * `attrs` carries the reduction. Returns the output name (the input's shape).
 */
export function generalScatter(
  b: Builder,
  lowered: ScatterCall,
  call: ScatterCall,
  updates: string,
  sizes: readonly number[],
  attrs: Record<string, number | string>,
): string {
  const dn = call.dimension_numbers;
  const input = call.inputs[0];
  const r: GeneralRoles = {
    shape: input.shape,
    map: dn.scatter_dims_to_operand_dims,
    collapsed: dn.inserted_window_dims,
    sizes,
    batching: (dn.input_batching_dims ?? []).length > 0,
  };
  const g = generalPlan(b, lowered, call, r);
  const upd = call.updates[0];
  const windowDims = dn.update_window_dims;
  const nonInserted = range(input.rank).filter((d) => !dn.inserted_window_dims.includes(d));
  const windowAxis = (d: number) => windowDims[nonInserted.indexOf(d)];
  const scatterAxes = range(upd.rank).filter((a) => !windowDims.includes(a));
  const permU = [...scatterAxes, ...g.W.map((l) => windowAxis(l.dim)), ...g.full.map(windowAxis)];
  let u = updates;
  const p = lowered.prologue;
  // masked_scatter's rows past the count (out of range, dropped): ONNX gets the count's rows only
  if (p?.kind === 'nonzero' && (p.length ?? p.count) > p.count)
    u = b.op('Slice', [u, b.i64([0]), b.i64([p.count]), b.i64([0])]);
  if (!isIdentity(permU)) u = b.op('Transpose', [u], { perm: permU });
  const out = b.op('ScatterND', [g.data, g.J, u], attrs);
  if (isIdentity(g.permD)) return out;
  const inverse = range(g.permD.length).map((i) => g.permD.indexOf(i));
  return b.op('Transpose', [out], { perm: inverse });
}

/** Whether the export must take the general path for `lowered` (its index operand is computed). */
export const computedIndices = (lowered: CoreCall): boolean =>
  lowered.prologue?.kind === 'index_tuple' ||
  (lowered.kind === 'scatter' && lowered.prologue?.kind === 'nonzero');
