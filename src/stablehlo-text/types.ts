/**
 * Element types and tensor types of MLIR and XLA HLO text, and how a type prints in messages.
 * StableHLO's signless `iN` are signed; `index` (the tensor dialect's) reads as int64.
 */
import { MLIR_ELEMENT_TYPES, type TensorType } from '../ir/program.js';
import type { DType } from '../tensor/dtype.js';
import { complexError, textError } from './diagnostics.js';
import type { TypeToken } from './lexer.js';

/** MLIR element type names → dtypes. */
export const MLIR_ELEMENT: Readonly<Record<string, DType>> = {
  f64: 'float64',
  f32: 'float32',
  f16: 'float16',
  bf16: 'bfloat16',
  i64: 'int64',
  i32: 'int32',
  i16: 'int16',
  i8: 'int8',
  si64: 'int64',
  si32: 'int32',
  si16: 'int16',
  si8: 'int8',
  ui64: 'uint64',
  ui32: 'uint32',
  ui16: 'uint16',
  ui8: 'uint8',
  i1: 'bool',
  index: 'int64',
  'complex<f32>': 'complex64',
  'complex<f64>': 'complex128',
};

/** XLA HLO primitive type names → dtypes. */
export const HLO_ELEMENT: Readonly<Record<string, DType>> = {
  f64: 'float64',
  f32: 'float32',
  f16: 'float16',
  bf16: 'bfloat16',
  s64: 'int64',
  s32: 'int32',
  s16: 'int16',
  s8: 'int8',
  u64: 'uint64',
  u32: 'uint32',
  u16: 'uint16',
  u8: 'uint8',
  pred: 'bool',
  c64: 'complex64',
  c128: 'complex128',
};

/** The dtype of an MLIR element type name, or a typed error naming it. */
export function mlirDType(element: string, line: number): DType {
  if (Object.hasOwn(MLIR_ELEMENT, element)) return MLIR_ELEMENT[element];
  if (element === 'complex' || element.startsWith('complex<')) complexError(line, 'a type');
  textError('type', line, `unsupported element type ${JSON.stringify(element.slice(0, 40))}`, { element });
}

/** The tensor type of a lexed `tensor<…>` token. */
export function tensorTypeOf(t: TypeToken, line: number): TensorType {
  return { shape: t.shape, dtype: mlirDType(t.element, line) };
}

/** `tensor<2x3xf32>`, as MLIR prints it. */
export function formatType(t: TensorType): string {
  return `tensor<${t.shape.map((d) => `${d}x`).join('')}${MLIR_ELEMENT_TYPES[t.dtype] ?? t.dtype}>`;
}

/** The MLIR name of a dtype's element type (`f32`). */
export function mlirElement(dtype: DType): string {
  return MLIR_ELEMENT_TYPES[dtype];
}

/** True when two tensor types are the same. */
export function sameType(a: TensorType, b: TensorType): boolean {
  if (a.dtype !== b.dtype || a.shape.length !== b.shape.length) return false;
  for (let i = 0; i < a.shape.length; i++) if (a.shape[i] !== b.shape[i]) return false;
  return true;
}

/** `(tensor<2xf32>, tensor<i64>)` for messages. */
export function formatTypes(ts: readonly TensorType[]): string {
  return `(${ts.map(formatType).join(', ')})`;
}
