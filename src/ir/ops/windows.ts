/**
 * The window ops: reduce_window, and select_and_scatter — the scatter family's window form.
 * Both place a window at `r * window_strides - padding[:, 0]` of their (padded) operand, one per
 * index r of the result (reduce_window) or of the source (select_and_scatter); num_windows is the
 * spec's count of such placements (reduce_window C15, select_and_scatter C2).
 *
 * reduce_window: `results...[r] = reduce(windows, init_values, axes, body)` where the windows are
 * slices of `pad(inputs..., init_values..., padding[:, 0], padding[:, 1], base_dilations - 1)`
 * from `r * window_strides`, `window_dimensions` long, every `window_dilations`-th element.
 *
 * Run as the spec composes it, and as the reference interpreter (Ops.cpp reduceWindowOp) does:
 * each input padded with its init value (so padding and base-dilation holes are folded in as
 * init values), every window gathered into one tensor of shape [...num_windows,
 * ...window_dimensions], then reduce over the window axes — one left fold per result element from
 * the init values over the window in row-major order (reduce.ts). XLA's evaluator instead skips
 * padding positions; the two differ only where `body(acc, init)` is not `acc` (e.g. a NaN init, or
 * add with init −0 over +0).
 *
 * select_and_scatter (JAX's max-pool gradient):
 *
 *   result = init_value everywhere; then for each source index s, in row-major order:
 *     p = the operand index select picks in window s (padded; padding positions are no candidates)
 *     result[p] = scatter(result[p], source[s])
 *
 * The window of s covers operand indices `s * window_strides + w - padding[:, 0]` for w in
 * `window_dimensions`, walked in row-major order; the first in bounds is selected, and each later
 * one replaces it unless `select(selected, current)` is true (so GE keeps the first maximum). A
 * window wholly in padding selects nothing and scatters nothing (the spec leaves it open, #731;
 * XLA and the reference interpreter skip it).
 *
 * Where the result is open: the spec writes each result element as `reduce(source_values,
 * init_value, scatter)`, whose schedule is implementation-defined. This is that reduce as a left
 * fold in source order from init_value, the accumulator the body's lhs — exact for any
 * associative, commutative body such as add. Implementations differ for others: XLA's evaluator
 * calls `scatter(source, result)`, and the reference interpreter (Ops.cpp selectAndScatterOp)
 * folds init_value in again at each step (`scatter(scatter(init, source), result)`: 2·init + s for
 * add with init ≠ 0). The constraints are the spec's C1–C12.
 */
import { type DType, isComplex } from '../../tensor/dtype.js';
import { nextOffset } from '../../tensor/ops.js';
import { type Tensor, stridesOf } from '../../tensor/tensor.js';
import { type Body, type TensorType, valueTypes } from '../program.js';
import {
  type OpOf,
  type RuleTable,
  type RunBody,
  alloc,
  argError,
  checkResults,
  copyAt,
  offsets,
  typeError,
  typeText,
} from './common.js';
import { convertTo } from './convert.js';
import { bodyTypes, copyElement, isPromotable, reduceRun, scalarAt } from './reduce.js';
import { pad } from './shape-ops.js';

type ReduceWindow = OpOf<'reduce_window'>;
type SelectAndScatter = OpOf<'select_and_scatter'>;

/** The window placements per dimension (select_and_scatter has no dilations: 1). */
function numWindows(op: ReduceWindow | SelectAndScatter, shape: readonly number[]): number[] {
  return shape.map((n, d) => {
    const [base, dilation] =
      op.kind === 'reduce_window' ? [op.base_dilations[d], op.window_dilations[d]] : [1, 1];
    const dilated = n === 0 ? 0 : (n - 1) * base + 1;
    const padded = op.padding[d][0] + dilated + op.padding[d][1];
    const w = (op.window_dimensions[d] - 1) * dilation + 1;
    return padded <= 0 || w > padded ? 0 : Math.floor((padded - w) / op.window_strides[d]) + 1;
  });
}

const positive = (xs: readonly number[]) => xs.every((n) => Number.isSafeInteger(n) && n > 0);
/** Whether `padding` is `[rank, 2]` integers. */
const paddingOf = (padding: readonly (readonly number[])[], rank: number) =>
  padding.length === rank && padding.every((p) => p.length === 2 && p.every(Number.isSafeInteger));

// ---------------------------------------------------------------------------------------------
// reduce_window

/** C4–C12: each window attribute has one positive entry per dimension; padding is [rank, 2]. */
function checkReduceWindow(op: ReduceWindow, rank: number): void {
  const { window_dimensions: dims, window_strides: strides, base_dilations: base } = op;
  const dil = op.window_dilations;
  const size = (key: string) => `size(${key}) = rank(inputs[0]) = ${rank}`;
  if (dims.length !== rank) argError('reduce_window', 'C4', size('window_dimensions'), `[${dims}]`);
  if (!positive(dims)) argError('reduce_window', 'C5', '0 < window_dimensions', `[${dims}]`);
  if (strides.length !== rank) argError('reduce_window', 'C6', size('window_strides'), `[${strides}]`);
  if (!positive(strides)) argError('reduce_window', 'C7', '0 < window_strides', `[${strides}]`);
  if (base.length !== rank) argError('reduce_window', 'C8', size('base_dilations'), `[${base}]`);
  if (!positive(base)) argError('reduce_window', 'C9', '0 < base_dilations', `[${base}]`);
  if (dil.length !== rank) argError('reduce_window', 'C10', size('window_dilations'), `[${dil}]`);
  if (!positive(dil)) argError('reduce_window', 'C11', '0 < window_dilations', `[${dil}]`);
  if (!paddingOf(op.padding, rank))
    argError('reduce_window', 'C12', `shape(padding) = [rank(inputs[0]), 2]`, JSON.stringify(op.padding));
}

function inferReduceWindow(op: ReduceWindow, operands: readonly TensorType[]): TensorType[] {
  const n = operands.length / 2;
  if (!(n > 0 && Number.isInteger(n)))
    argError('reduce_window', 'C1', '0 < size(inputs) = size(init_values)', `${operands.length} operands`);
  const [inputs, inits] = [operands.slice(0, n), operands.slice(n)];
  const shape = inputs[0].shape;
  if (inputs.some((t) => t.shape.join() !== shape.join()))
    argError('reduce_window', 'C2', 'same(shape(inputs...))', inputs.map(typeText).join(', '));
  inits.forEach((t, i) => {
    if (t.shape.length !== 0)
      argError('reduce_window', 'I2', 'init_values must be 0-dimensional tensors', typeText(t));
    if (t.dtype !== inputs[i].dtype)
      typeError(
        'reduce_window',
        'C3',
        'element_type(inputs...) = element_type(init_values...)',
        `${typeText(inputs[i])} and ${typeText(t)}`,
      );
  });
  checkReduceWindow(op, shape.length);
  const counts = numWindows(op, shape);
  const types = bodyTypes('reduce_window', 'C13', op.body, inputs).map((dtype) => ({ shape: counts, dtype }));
  return checkResults(op, types, { shape: 'C15', dtype: 'C16' });
}

function runReduceWindow(op: ReduceWindow, args: readonly Tensor[], runBody: RunBody): Tensor[] {
  const n = args.length / 2;
  const [inputs, inits] = [args.slice(0, n), args.slice(n)];
  const rank = inputs[0].shape.length;
  const counts = numWindows(op, inputs[0].shape);
  const padding = {
    kind: 'pad',
    edge_padding_low: op.padding.map((p) => p[0]),
    edge_padding_high: op.padding.map((p) => p[1]),
    interior_padding: op.base_dilations.map((b) => b - 1),
    operands: [],
    results: [],
  } as unknown as OpOf<'pad'>;
  // Every window of each padded input, side by side: shape [...counts, ...window_dimensions].
  const windows = inputs.map((x, i) => {
    const [padded] = pad.run(padding, [x, inits[i]], runBody);
    const st = stridesOf(padded.shape);
    const shape = [...counts, ...op.window_dimensions];
    const steps = [
      ...st.map((s, d) => s * op.window_strides[d]),
      ...st.map((s, d) => s * op.window_dilations[d]),
    ];
    const w = alloc({ shape, dtype: x.dtype });
    if (w.size > 0) copyAt(padded, w, offsets(shape, steps, 0));
    return w;
  });
  const axes = Array.from({ length: rank }, (_, d) => rank + d);
  const reduce = {
    kind: 'reduce',
    dimensions: axes,
    body: op.body,
    operands: [],
    results: [],
  } as OpOf<'reduce'>;
  return reduceRun(reduce, [...windows, ...inits], runBody);
}

// ---------------------------------------------------------------------------------------------
// select_and_scatter

/** C4–C8: the window attributes against the operand's rank. */
function checkSelectAndScatter(op: SelectAndScatter, operand: TensorType): void {
  const rank = operand.shape.length;
  const { window_dimensions: dims, window_strides: strides } = op;
  const size = (key: string) => `size(${key}) = rank(operand) = ${rank}`;
  if (dims.length !== rank) argError('select_and_scatter', 'C4', size('window_dimensions'), `[${dims}]`);
  if (!positive(dims)) argError('select_and_scatter', 'C5', '0 < window_dimensions', `[${dims}]`);
  if (strides.length !== rank) argError('select_and_scatter', 'C6', size('window_strides'), `[${strides}]`);
  if (!positive(strides)) argError('select_and_scatter', 'C7', '0 < window_strides', `[${strides}]`);
  if (!paddingOf(op.padding, rank))
    argError('select_and_scatter', 'C8', 'shape(padding) = [rank(operand), 2]', JSON.stringify(op.padding));
}

/** The region's signature as text, and whether it is `(tensor<a>, tensor<a>) -> tensor<r>`. */
function signature(body: Body, a: DType, r: DType): { ok: boolean; text: string } {
  const values = valueTypes(body);
  const scalar = (t: TensorType | undefined, d: DType) =>
    t !== undefined && t.shape.length === 0 && t.dtype === d;
  const ok =
    body.params.length === 2 &&
    body.params.every((p) => scalar(p, a)) &&
    body.returns.length === 1 &&
    scalar(values[body.returns[0]], r);
  const ret = body.returns.map((v) => (values[v] ? typeText(values[v]) : `%${v}`)).join(', ');
  return { ok, text: `(${body.params.map(typeText).join(', ')}) -> (${ret})` };
}

function inferSelectAndScatter(
  op: SelectAndScatter,
  [operand, source, init]: readonly TensorType[],
): TensorType[] {
  const E = operand.dtype;
  if (source.dtype !== E)
    typeError(
      'select_and_scatter',
      'C1',
      'element_type(operand) = element_type(source)',
      `${typeText(operand)}, ${typeText(source)}`,
    );
  if (init.shape.length !== 0)
    argError('select_and_scatter', 'I3', 'init_value must be a 0-dimensional tensor', typeText(init));
  if (init.dtype !== E)
    typeError(
      'select_and_scatter',
      'C3',
      'element_type(init_value) = element_type(operand)',
      `${typeText(init)} for ${typeText(operand)}`,
    );
  checkSelectAndScatter(op, operand);
  const windows = numWindows(op, operand.shape);
  if (windows.join() !== source.shape.join())
    argError(
      'select_and_scatter',
      'C2',
      'shape(source) = num_windows',
      `${typeText(source)}; the windows are [${windows}]`,
    );
  const select = signature(op.select, E, 'bool');
  if (!select.ok)
    argError(
      'select_and_scatter',
      'C9',
      'select has type (tensor<E>, tensor<E>) -> tensor<i1> where E = element_type(operand)',
      `${select.text} for ${typeText(operand)}`,
    );
  const S = op.scatter.params[0]?.dtype ?? E;
  const scatter = signature(op.scatter, S, S);
  if (!scatter.ok)
    argError(
      'select_and_scatter',
      'C10',
      'scatter has type (tensor<E>, tensor<E>) -> tensor<E>',
      scatter.text,
    );
  if (!isPromotable(E, S) || isComplex(S))
    typeError(
      'select_and_scatter',
      'C10',
      'is_promotable(element_type(operand), E)',
      `${typeText(operand)} into ${scatter.text}`,
    );
  return checkResults(op, [{ shape: operand.shape, dtype: S }], { shape: 'C11', dtype: 'C12' });
}

function runSelectAndScatter(
  op: SelectAndScatter,
  [operand, source, init]: readonly Tensor[],
  runBody: RunBody,
): Tensor[] {
  const S = op.scatter.params[0].dtype;
  const [src, start] = [source, init].map((t) => (t.dtype === S ? t : convertTo(t, S)));
  const out = alloc({ shape: operand.shape, dtype: S });
  copyAt(start, out, new Uint8Array(out.size)); // init_value's bits everywhere
  const strides = stridesOf(operand.shape);
  const s = new Array<number>(source.shape.length).fill(0);
  const still = s.map(() => 0); // nextOffset moves the counter s only
  for (let k = 0; k < source.size; k++, nextOffset(0, s, source.shape, still)) {
    const p = selected(op.select, runBody, operand, windowAt(op, operand.shape, strides, s));
    if (p >= 0) {
      const [r] = runBody(op.scatter, [scalarAt(out, p), scalarAt(src, k)]);
      copyElement(r.data, S, 0, out.data, p);
    }
  }
  return [out];
}

/**
 * The operand offsets of window s in row-major window order, padding positions left out: the
 * window clipped to the operand, walked by `offsets`.
 */
function windowAt(
  op: SelectAndScatter,
  shape: readonly number[],
  strides: readonly number[],
  s: readonly number[],
): ArrayLike<number> {
  const start = shape.map((_, d) => s[d] * op.window_strides[d] - op.padding[d][0]);
  const first = start.map((i) => Math.max(0, i));
  const counts = shape.map((n, d) => Math.max(0, Math.min(n, start[d] + op.window_dimensions[d]) - first[d]));
  return offsets(
    counts,
    strides,
    first.reduce((a, i, d) => a + i * strides[d], 0),
  );
}

/** The offset select keeps among `at` (−1 when the window holds no operand element). */
function selected(select: Body, runBody: RunBody, operand: Tensor, at: ArrayLike<number>): number {
  let p = at.length > 0 ? at[0] : -1;
  for (let j = 1; j < at.length; j++) {
    const [keep] = runBody(select, [scalarAt(operand, p), scalarAt(operand, at[j])]);
    if (!keep.data[0]) p = at[j];
  }
  return p;
}

export const WINDOW_RULES: RuleTable = {
  reduce_window: { arity: { min: 2 }, infer: inferReduceWindow, run: runReduceWindow },
  select_and_scatter: { arity: 3, infer: inferSelectAndScatter, run: runSelectAndScatter },
};
