/**
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
 */
import { type Tensor, stridesOf } from '../../tensor/tensor.js';
import type { TensorType } from '../program.js';
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
import { bodyTypes, reduceRun } from './reduce.js';
import { pad } from './shape-ops.js';

type ReduceWindow = OpOf<'reduce_window'>;

/** C15: the windows per dimension. */
function windowCounts(op: ReduceWindow, shape: readonly number[]): number[] {
  return shape.map((n, d) => {
    const dilated = n === 0 ? 0 : (n - 1) * op.base_dilations[d] + 1;
    const padded = op.padding[d][0] + dilated + op.padding[d][1];
    const w = (op.window_dimensions[d] - 1) * op.window_dilations[d] + 1;
    return padded <= 0 || w > padded ? 0 : Math.floor((padded - w) / op.window_strides[d]) + 1;
  });
}

/** C4–C12: each window attribute has one positive entry per dimension; padding is [rank, 2]. */
function checkWindow(op: ReduceWindow, rank: number): void {
  const { window_dimensions: dims, window_strides: strides, base_dilations: base } = op;
  const dil = op.window_dilations;
  const size = (key: string) => `size(${key}) = rank(inputs[0]) = ${rank}`;
  const positive = (xs: readonly number[]) => xs.every((n) => Number.isSafeInteger(n) && n > 0);
  if (dims.length !== rank) argError('reduce_window', 'C4', size('window_dimensions'), `[${dims}]`);
  if (!positive(dims)) argError('reduce_window', 'C5', '0 < window_dimensions', `[${dims}]`);
  if (strides.length !== rank) argError('reduce_window', 'C6', size('window_strides'), `[${strides}]`);
  if (!positive(strides)) argError('reduce_window', 'C7', '0 < window_strides', `[${strides}]`);
  if (base.length !== rank) argError('reduce_window', 'C8', size('base_dilations'), `[${base}]`);
  if (!positive(base)) argError('reduce_window', 'C9', '0 < base_dilations', `[${base}]`);
  if (dil.length !== rank) argError('reduce_window', 'C10', size('window_dilations'), `[${dil}]`);
  if (!positive(dil)) argError('reduce_window', 'C11', '0 < window_dilations', `[${dil}]`);
  if (op.padding.length !== rank || op.padding.some((p) => p.length !== 2 || !p.every(Number.isSafeInteger)))
    argError('reduce_window', 'C12', `shape(padding) = [rank(inputs[0]), 2]`, JSON.stringify(op.padding));
}

function infer(op: ReduceWindow, operands: readonly TensorType[]): TensorType[] {
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
  checkWindow(op, shape.length);
  const counts = windowCounts(op, shape);
  const types = bodyTypes('reduce_window', 'C13', op.body, inputs).map((dtype) => ({ shape: counts, dtype }));
  return checkResults(op, types, { shape: 'C15', dtype: 'C16' });
}

function run(op: ReduceWindow, args: readonly Tensor[], runBody: RunBody): Tensor[] {
  const n = args.length / 2;
  const [inputs, inits] = [args.slice(0, n), args.slice(n)];
  const rank = inputs[0].shape.length;
  const counts = windowCounts(op, inputs[0].shape);
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

export const REDUCE_WINDOW_RULES: RuleTable = { reduce_window: { arity: { min: 2 }, infer, run } };
