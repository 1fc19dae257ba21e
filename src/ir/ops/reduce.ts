/**
 * reduce: `results...[j] = body(…body(body(init_values..., x0...), x1...)…, xn...)` over the
 * elements `x` of `inputs...` whose index outside `dimensions` is `j`.
 *
 * The spec leaves the schedule (the tree of body applications and where init values enter)
 * implementation-defined; this is the reference interpreter's (Ops.cpp reduceOp): one left fold
 * per result element, starting from the init values, over the input elements in row-major order,
 * the accumulators as the body's first N arguments. Inputs and init values are first converted to
 * the body's element types (C6's promotion, `to_destination_type`).
 *
 * A body that is one op of add/multiply/minimum/maximum/and/or/xor on its two parameters, in that
 * order, is folded natively with the same scalar kernel the op itself runs, so the result is the
 * same as interpreting it element by element.
 */
import { type DType, type Storage, allocStorage, isComplex, isFloat, isInteger } from '../../tensor/dtype.js';
import { type Tensor, resultTensor, sameShape } from '../../tensor/tensor.js';
import { type BinaryOpName, type Body, type TensorType, valueTypes } from '../program.js';
import { binaryKernel, floatWords, nanWrite } from './binary.js';
import {
  type Cells,
  type Fn2,
  type OpOf,
  type RuleTable,
  type RunBody,
  alloc,
  argError,
  checkRange,
  checkResults,
  checkUnique,
  offsets,
  typeError,
  typeText,
  words,
} from './common.js';
import { convertTo } from './convert.js';
import { bitWidth } from './elements.js';

/** The spec's is_promotable: the same kind of element (bool, integer, float, complex), at least as wide. */
export function isPromotable(x: DType, y: DType): boolean {
  const kind = (d: DType) =>
    isFloat(d) ? 'float' : isInteger(d) ? 'int' : isComplex(d) ? 'complex' : 'bool';
  return kind(x) === kind(y) && bitWidth(x) <= bitWidth(y);
}

const keptShape = (shape: readonly number[], dims: readonly number[]) =>
  shape.filter((_, d) => !dims.includes(d));

/**
 * The body's type is `(tensor<E0>, …, tensor<E0>, …) -> (tensor<E0>, …)` with promotable Ei:
 * reduce's C6, reduce_window's C13.
 */
export function bodyTypes(op: string, c: string, body: Body, inputs: readonly TensorType[]): DType[] {
  const n = inputs.length;
  const e = body.params.slice(0, n).map((p) => p.dtype);
  const scalar = (t: TensorType | undefined, i: number) =>
    t !== undefined && t.shape.length === 0 && t.dtype === e[i];
  const values = valueTypes(body);
  const ok =
    body.params.length === 2 * n &&
    body.returns.length === n &&
    e.every((_, i) => scalar(body.params[i], i) && scalar(body.params[n + i], i)) &&
    body.returns.every((v, i) => scalar(values[v], i));
  const sig = `(${body.params.map(typeText).join(', ')}) -> (${body.returns.map((v) => (values[v] ? typeText(values[v]) : `%${v}`)).join(', ')})`;
  if (!ok)
    argError(
      op,
      c,
      `body has type (tensor<E0>, ..., tensor<EN-1>, tensor<E0>, ..., tensor<EN-1>) -> (tensor<E0>, ..., tensor<EN-1>) for N = ${n}`,
      sig,
    );
  inputs.forEach((t, i) => {
    if (!isPromotable(t.dtype, e[i]))
      typeError(op, c, `is_promotable(element_type(inputs[${i}]), E${i})`, `${typeText(t)} into ${sig}`);
  });
  return e;
}

function reduceInfer(op: OpOf<'reduce'>, operands: readonly TensorType[]): TensorType[] {
  const n = operands.length / 2;
  if (!(n > 0 && Number.isInteger(n)))
    argError('reduce', 'C3', '0 < size(inputs) = size(init_values)', `${operands.length} operands`);
  const [inputs, inits] = [operands.slice(0, n), operands.slice(n)];
  for (const t of inputs)
    if (!sameShape(t.shape, inputs[0].shape))
      argError('reduce', 'C1', 'same(shape(inputs...))', inputs.map(typeText).join(', '));
  inits.forEach((t, i) => {
    if (t.shape.length !== 0)
      argError('reduce', 'I2', 'init_values must be 0-dimensional tensors', typeText(t));
    if (t.dtype !== inputs[i].dtype)
      typeError(
        'reduce',
        'C2',
        'element_type(inputs...) = element_type(init_values...)',
        `${typeText(inputs[i])} and ${typeText(t)}`,
      );
  });
  const rank = inputs[0].shape.length;
  checkRange('reduce', 'C4', `0 <= dimensions < rank(inputs[0]) = ${rank}`, op.dimensions, 0, rank);
  checkUnique('reduce', 'C5', 'dimensions', op.dimensions);
  const shape = keptShape(inputs[0].shape, op.dimensions);
  const types = bodyTypes('reduce', 'C6', op.body, inputs).map((dtype) => ({ shape, dtype }));
  return checkResults(op, types, { shape: 'C7', dtype: 'C8' });
}

/** Single-op bodies the core folds natively: `return op(%arg0, %arg1)`. */
const FOLDABLE = new Set<string>(['add', 'multiply', 'minimum', 'maximum', 'and', 'or', 'xor']);

/** The scalar kernel of a one-input body that is one foldable op on its parameters in order. */
function nativeKernel(body: Body, types: readonly DType[]): Fn2 | undefined {
  if (types.length !== 1 || body.ops.length !== 1 || body.returns[0] !== 2) return undefined;
  const op = body.ops[0];
  const [a, b] = op.operands;
  if (!FOLDABLE.has(op.kind) || op.operands.length !== 2 || a !== 0 || b !== 1) return undefined;
  return binaryKernel(op.kind as BinaryOpName, types[0]);
}

const SCALAR: readonly number[] = Object.freeze([]);

/**
 * A fresh 0-d tensor holding element k of `t`, copied as words (a NaN read as a JS number may
 * change bits by V8's tier); built unchecked: one per element and body run.
 */
export function scalarAt(t: Tensor, k: number): Tensor {
  const data = allocStorage(t.dtype, 1);
  copyElement(t.data, t.dtype, k, data, 0);
  return resultTensor(t.dtype, SCALAR, data, 1);
}

/** Element k of `from` over element j of `to` (one dtype), as words. */
export function copyElement(from: Storage, dtype: DType, k: number, to: Storage, j: number): void {
  const { cells: f, lanes } = words(from, dtype);
  const { cells: t } = words(to, dtype);
  for (let l = 0; l < lanes; l++) t[j * lanes + l] = f[k * lanes + l];
}

/** Folds element i of every input into result element at[i], by the body run on 0-d tensors. */
function foldBody(body: Body, runBody: RunBody, inputs: Tensor[], outs: Tensor[], at: ArrayLike<number>) {
  for (let i = 0; i < at.length; i++) {
    const j = at[i];
    const args = [...outs.map((o) => scalarAt(o, j)), ...inputs.map((x) => scalarAt(x, i))];
    const r = runBody(body, args);
    for (let k = 0; k < outs.length; k++) copyElement(r[k].data, outs[k].dtype, 0, outs[k].data, j);
  }
}

export function reduceRun(op: OpOf<'reduce'>, args: readonly Tensor[], runBody: RunBody): Tensor[] {
  const n = args.length / 2;
  const types = op.body.params.slice(0, n).map((p) => p.dtype);
  const [inputs, inits] = [args.slice(0, n), args.slice(n)].map((ts) =>
    ts.map((t, i) => (t.dtype === types[i] ? t : convertTo(t, types[i]))),
  );
  const shape = inputs[0].shape;
  const outs = inits.map((init) => {
    const o = alloc({ shape: keptShape(shape, op.dimensions), dtype: init.dtype });
    // The init's bits, copied as words: a NaN passed to fill as a JS number may lose them.
    for (let j = 0; j < o.size; j++) copyElement(init.data, init.dtype, 0, o.data, j);
    return o;
  });
  // Each input element's result element: the row-major offset of its kept index (step 0 on reduced dims).
  const steps = new Array<number>(shape.length).fill(0);
  let stride = 1;
  for (let d = shape.length - 1; d >= 0; d--) {
    if (op.dimensions.includes(d)) continue;
    steps[d] = stride;
    stride *= shape[d];
  }
  const at = offsets(shape, steps, 0);
  const f = nativeKernel(op.body, types);
  if (!f) foldBody(op.body, runBody, inputs, outs, at);
  else if (types[0] === 'float32' || types[0] === 'float64')
    foldFloat(op.body.ops[0].kind as BinaryOpName, f, inputs[0], outs[0], at);
  else {
    const [x, o] = [inputs[0].data as Cells, outs[0].data as Cells];
    for (let i = 0; i < at.length; i++) o[at[i]] = f(o[at[i]], x[i]);
  }
  return outs;
}

/**
 * The native fold on float32/float64: a NaN result takes x86's bits (binary.ts nanWrite), the
 * accumulator's NaN first — the body's lhs — as the elementwise op would give them; JS's own
 * NaN depended on V8's tier.
 */
function foldFloat(kind: BinaryOpName, f: Fn2, input: Tensor, out: Tensor, at: ArrayLike<number>): void {
  const [x, o] = [input.data as Float64Array, out.data as Float64Array];
  const write = nanWrite(kind, input.dtype === 'float64');
  for (let i = 0; i < at.length; i++) {
    const j = at[i];
    const r = f(o[j], x[i]);
    if (!Number.isNaN(r)) o[j] = r;
    else if (Number.isNaN(o[j])) write(floatWords(o), j, floatWords(o), j);
    else write(floatWords(o), j, Number.isNaN(x[i]) ? floatWords(x) : undefined, i);
  }
}

export const REDUCE_RULES: RuleTable = { reduce: { arity: { min: 0 }, infer: reduceInfer, run: reduceRun } };
