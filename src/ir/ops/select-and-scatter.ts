/**
 * select_and_scatter — the scatter family's window form (JAX's max-pool gradient):
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
  typeError,
  typeText,
} from './common.js';
import { convertTo } from './convert.js';
import { copyElement, isPromotable, scalarAt } from './reduce.js';

type SelectAndScatter = OpOf<'select_and_scatter'>;

/** C2: the windows per dimension of the padded operand. */
function windowCounts(op: SelectAndScatter, shape: readonly number[]): number[] {
  return shape.map((n, d) => {
    const padded = op.padding[d][0] + n + op.padding[d][1];
    const w = op.window_dimensions[d];
    return padded <= 0 || w > padded ? 0 : Math.floor((padded - w) / op.window_strides[d]) + 1;
  });
}

/** C4–C8: the window attributes against the operand's rank. */
function checkWindow(op: SelectAndScatter, operand: TensorType): void {
  const rank = operand.shape.length;
  const { window_dimensions: dims, window_strides: strides, padding } = op;
  const positive = (xs: readonly number[]) => xs.every((n) => Number.isSafeInteger(n) && n > 0);
  if (dims.length !== rank)
    argError(
      'select_and_scatter',
      'C4',
      'size(window_dimensions) = rank(operand)',
      `${dims.length} for ${typeText(operand)}`,
    );
  if (!positive(dims)) argError('select_and_scatter', 'C5', '0 < window_dimensions', `[${dims}]`);
  if (strides.length !== rank)
    argError(
      'select_and_scatter',
      'C6',
      'size(window_strides) = rank(operand)',
      `${strides.length} for ${typeText(operand)}`,
    );
  if (!positive(strides)) argError('select_and_scatter', 'C7', '0 < window_strides', `[${strides}]`);
  if (padding.length !== rank || padding.some((p) => p.length !== 2 || !p.every(Number.isSafeInteger)))
    argError(
      'select_and_scatter',
      'C8',
      'shape(padding) = [rank(operand), 2]',
      `${JSON.stringify(padding)} for ${typeText(operand)}`,
    );
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

function infer(op: SelectAndScatter, [operand, source, init]: readonly TensorType[]): TensorType[] {
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
  checkWindow(op, operand);
  const windows = windowCounts(op, operand.shape);
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

function run(op: SelectAndScatter, [operand, source, init]: readonly Tensor[], runBody: RunBody): Tensor[] {
  const S = op.scatter.params[0].dtype;
  const [src, start] = [source, init].map((t) => (t.dtype === S ? t : convertTo(t, S)));
  const out = alloc({ shape: operand.shape, dtype: S });
  copyAt(start, out, new Uint8Array(out.size)); // init_value's bits everywhere
  const window = windowWalk(op, operand.shape);
  const s = new Array<number>(source.shape.length).fill(0);
  for (let k = 0; k < source.size; k++) {
    const p = selected(op.select, runBody, operand, window(s));
    if (p >= 0) {
      const [r] = runBody(op.scatter, [scalarAt(out, p), scalarAt(src, k)]);
      copyElement(r.data, S, 0, out.data, p);
    }
    bump(s, source.shape);
  }
  return [out];
}

/** The operand offsets of window s, in row-major window order, padding positions left out. */
function windowWalk(op: SelectAndScatter, shape: readonly number[]): (s: readonly number[]) => number[] {
  const strides = stridesOf(shape);
  const size = op.window_dimensions.reduce((a, n) => a * n, 1);
  return (s) => {
    const at: number[] = [];
    const w = op.window_dimensions.map(() => 0);
    for (let j = 0; j < size; j++, bump(w, op.window_dimensions)) {
      let off = 0;
      let inside = true;
      for (let d = 0; d < shape.length && inside; d++) {
        const i = s[d] * op.window_strides[d] + w[d] - op.padding[d][0];
        inside = i >= 0 && i < shape[d];
        off += i * strides[d];
      }
      if (inside) at.push(off);
    }
    return at;
  };
}

/** The offset select keeps among `at` (−1 when the window holds no operand element). */
function selected(select: Body, runBody: RunBody, operand: Tensor, at: readonly number[]): number {
  let p = at.length > 0 ? at[0] : -1;
  for (let j = 1; j < at.length; j++) {
    const [keep] = runBody(select, [scalarAt(operand, p), scalarAt(operand, at[j])]);
    if (!keep.data[0]) p = at[j];
  }
  return p;
}

/** The next index of `shape` in row-major order (wraps to zeros after the last). */
function bump(index: number[], shape: readonly number[]): void {
  for (let d = index.length - 1; d >= 0; d--) {
    if (++index[d] < shape[d]) return;
    index[d] = 0;
  }
}

export const SELECT_AND_SCATTER_RULES: RuleTable = { select_and_scatter: { arity: 3, infer, run } };
