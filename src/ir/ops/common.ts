/**
 * What every op family of the IR shares: the rule table each family file fills, one message
 * grammar for broken constraints (`stablehlo.<op>: <rule>; got <values> (stablehlo.<op>.C<n>)`),
 * the element-type classes the spec's input tables name, the declared-result check, and the
 * storage views and index walks that move data bit-exactly.
 */
import { DTypeError, InvalidArgumentError, fmt } from '../../errors.js';
import { DTYPES, type DType, INTEGER_DTYPES, type Storage, byteSize, isComplex } from '../../tensor/dtype.js';
import { type Tensor, sameShape, zeros } from '../../tensor/tensor.js';
import type { Body, Op, OpKind, TensorType } from '../program.js';

/** The op of one kind (the union member whose `kind` is K). */
export type OpOf<K extends OpKind> = Op & { readonly kind: K };

/** Runs a region (a reduce body) on tensors: the interpreter's, passed in by the caller. */
export type RunBody = (body: Body, args: readonly Tensor[]) => Tensor[];

/** An op's two layers: its result types from operand types (no data), and its evaluation. */
export interface OpRule<K extends OpKind = OpKind> {
  /** How many operands it takes: a count, or `{ min }` for variadic ops. */
  readonly arity: number | { readonly min: number };
  infer(op: OpOf<K>, operands: readonly TensorType[]): TensorType[];
  run(op: OpOf<K>, args: readonly Tensor[], runBody: RunBody): Tensor[];
}

/** Each family file's rules by op kind; index.ts merges them into the registry. */
export type RuleTable = { readonly [K in OpKind]?: OpRule<K> };

/**
 * Elements of a storage array as loops see them: numbers, or bigints for 64-bit integers. A
 * kernel is chosen per dtype, so each loop reads one kind only.
 */
export type Cells = { [i: number]: any; readonly length: number };

export type Fn1 = (a: any) => any;
export type Fn2 = (a: any, b: any) => any;

/** MLIR's element type name: f32, bf16, i64, ui8, i1. */
function mlirName(d: DType): string {
  if (d === 'bool') return 'i1';
  if (d === 'bfloat16') return 'bf16';
  return typeof d === 'string' ? d.replace('float', 'f').replace('uint', 'ui').replace('int', 'i') : fmt(d);
}

/** `tensor<2x3xf32>`, as the spec writes types. */
export function typeText(t: TensorType): string {
  return `tensor<${[...t.shape, mlirName(t.dtype)].join('x')}>`;
}

/** Throws InvalidArgumentError `stablehlo.<op>.<c>`: `<rule>` is the constraint, `got` what broke it. */
export function argError(op: string, c: string, rule: string, got: string, details = {}): never {
  throw new InvalidArgumentError(`stablehlo.${op}.${c}`, `stablehlo.${op}: ${rule}; got ${got}`, details);
}

/** Throws DTypeError `stablehlo.<op>.<c>` (an element type the constraint does not allow). */
export function typeError(op: string, c: string, rule: string, got: string, details = {}): never {
  throw new DTypeError(`stablehlo.${op}.${c}`, `stablehlo.${op}: ${rule}; got ${got}`, details);
}

/** A set of element types as a spec input table names it ("tensor of integer type"). */
export interface ElementClass {
  readonly text: string;
  readonly dtypes: ReadonlySet<DType>;
}
const elementClass = (text: string, dtypes: readonly DType[]): ElementClass => ({
  text,
  dtypes: new Set(dtypes),
});
const FLOAT_DTYPES: readonly DType[] = ['float64', 'float32', 'float16', 'bfloat16'];
const SIGNED_DTYPES: readonly DType[] = ['int64', 'int32', 'int16', 'int8'];
export const ANY = elementClass('any', DTYPES);
export const FLOAT = elementClass('floating-point', FLOAT_DTYPES);
export const INT = elementClass('integer', INTEGER_DTYPES);
export const INT_OR_FLOAT = elementClass('integer or floating-point', [...INTEGER_DTYPES, ...FLOAT_DTYPES]);
export const SIGNED_OR_FLOAT = elementClass('signed integer or floating-point', [
  ...SIGNED_DTYPES,
  ...FLOAT_DTYPES,
]);
export const BOOL_OR_INT = elementClass('boolean or integer', ['bool', ...INTEGER_DTYPES]);
export const BOOL = elementClass('boolean', ['bool']);
export const NUMERIC = elementClass('integer, floating-point or complex', [
  ...INTEGER_DTYPES,
  ...FLOAT_DTYPES,
  'complex64',
  'complex128',
]);

/** Throws DTypeError `stablehlo.<op>.<label>` unless `t`'s element type is in `cls`. */
export function checkElement(
  op: string,
  label: string,
  name: string,
  t: TensorType,
  cls: ElementClass,
): void {
  if (!cls.dtypes.has(t.dtype))
    typeError(op, label, `${name} must be a tensor of ${cls.text} type`, typeText(t), { dtype: t.dtype });
}

/** Throws `stablehlo.<op>.<c>` unless `a` and `b` have one type (DTypeError when the element types differ). */
export function checkSameType(op: string, c: string, rule: string, a: TensorType, b: TensorType): void {
  const got = `${typeText(a)} and ${typeText(b)}`;
  if (a.dtype !== b.dtype) typeError(op, c, rule, got, { dtypes: [a.dtype, b.dtype] });
  if (!sameShape(a.shape, b.shape)) argError(op, c, rule, got, { shapes: [a.shape, b.shape] });
}

/** Which constraints name a result's shape and its element type. */
export interface ResultCodes {
  readonly shape: string;
  readonly dtype: string;
}

/**
 * The inferred result types, checked against the op's declared ones when it declares any (a
 * module read from text does; a builder may leave `results` empty and take what this returns).
 */
export function checkResults(op: Op, types: readonly TensorType[], codes: ResultCodes): TensorType[] {
  // Plain types, never an operand passed in (a Tensor is a TensorType too).
  const inferred = types.map((t) => ({ shape: t.shape, dtype: t.dtype }));
  if (op.results.length === 0) return inferred;
  if (op.results.length !== inferred.length)
    throw new InvalidArgumentError(
      'ir.ops.results',
      `stablehlo.${op.kind}: declares ${op.results.length} results; the op has ${inferred.length}`,
      { declared: op.results.length, expected: inferred.length },
    );
  for (let i = 0; i < inferred.length; i++) {
    const [d, t] = [op.results[i], inferred[i]];
    const got = `result ${typeText(d)} for ${typeText(t)}`;
    if (!sameShape(d.shape, t.shape)) argError(op.kind, codes.shape, 'the result shape is fixed', got);
    if (d.dtype !== t.dtype) typeError(op.kind, codes.dtype, 'the result element type is fixed', got);
  }
  return inferred;
}

/** The one declared result of an op whose result type the operands cannot give (iota, convert, …). */
export function declaredResult(op: Op): TensorType {
  if (op.results.length !== 1)
    throw new InvalidArgumentError(
      'ir.ops.results',
      `stablehlo.${op.kind}: the result type must be declared (it cannot be inferred from the operands); got ${op.results.length} results`,
      { declared: op.results.length },
    );
  return op.results[0];
}

/** Throws `stablehlo.<op>.<c>` unless every entry of `xs` is an integer in [lo, hi). */
export function checkRange(
  op: string,
  c: string,
  rule: string,
  xs: readonly number[],
  lo: number,
  hi: number,
): void {
  if (!Array.isArray(xs)) argError(op, c, rule, fmt(xs));
  for (const x of xs) if (!(Number.isInteger(x) && x >= lo && x < hi)) argError(op, c, rule, fmt(xs));
}

/** Throws `stablehlo.<op>.<c>` when `xs` repeats an entry. */
export function checkUnique(op: string, c: string, name: string, xs: readonly number[]): void {
  if (new Set(xs).size !== xs.length) argError(op, c, `${name} must be unique`, fmt(xs));
}

/** A fresh zero-filled tensor of a type (validated against the rank and allocation limits). */
export function alloc(t: TensorType): Tensor {
  return zeros(t.shape, t.dtype);
}

/** The element count of a shape. */
export function sizeOf(shape: readonly number[]): number {
  let n = 1;
  for (const d of shape) n *= d;
  return n;
}

/**
 * Storage as integer words of the element's size — 8-byte elements as two Int32 lanes — so data
 * moves bit-exactly: floats read as JS numbers may lose NaN payloads, and 64-bit integers would
 * allocate a BigInt each.
 */
export function words(data: Storage, dtype?: DType): { readonly cells: Cells; readonly lanes: number } {
  // A complex element is 2 (complex64) or 4 (complex128) int32 words of its interleaved parts.
  if (dtype !== undefined && isComplex(dtype))
    return {
      cells: new Int32Array(data.buffer, data.byteOffset, data.byteLength >> 2),
      lanes: byteSize(dtype) >> 2,
    };
  const n = data.BYTES_PER_ELEMENT;
  if (n <= 2 || data instanceof Int32Array || data instanceof Uint32Array) return { cells: data, lanes: 1 };
  const cells = new Int32Array(data.buffer, data.byteOffset, data.byteLength >> 2);
  return { cells, lanes: n === 8 ? 2 : 1 };
}

/** The odometer walk of strided offsets lives with the tensor copies that also use it. */
export { offsets } from '../../tensor/ops.js';

/** Copies element `from[i]` of `src` to element `to[i]` of `out` (same dtype), bit-exactly. */
export function moveAt(src: Tensor, from: ArrayLike<number>, out: Tensor, to: ArrayLike<number>): void {
  const { cells: s, lanes } = words(src.data, src.dtype);
  const { cells: o } = words(out.data, out.dtype);
  for (let i = 0; i < to.length; i++)
    for (let l = 0; l < lanes; l++) o[lanes * to[i] + l] = s[lanes * from[i] + l];
}

/** Copies element `at[i]` of `src` to element i of `out` (same dtype), bit-exactly. */
export function copyAt(src: Tensor, out: Tensor, at: ArrayLike<number>): void {
  const { cells: s, lanes } = words(src.data, src.dtype);
  const { cells: o } = words(out.data, out.dtype);
  if (lanes === 1) {
    for (let i = 0; i < at.length; i++) o[i] = s[at[i]];
    return;
  }
  if (lanes === 2) {
    for (let i = 0; i < at.length; i++) {
      const k = 2 * at[i];
      o[2 * i] = s[k];
      o[2 * i + 1] = s[k + 1];
    }
    return;
  }
  for (let i = 0; i < at.length; i++) for (let l = 0; l < lanes; l++) o[lanes * i + l] = s[lanes * at[i] + l];
}
