/**
 * compare, select and clamp: the element-wise ops that order or choose.
 *
 * - compare: `result[i] = lhs[i] <direction> rhs[i]` as i1. Integers compare signed or unsigned
 *   by their type, booleans as false < true. `FLOAT` is IEEE's quiet comparisons (NaN is unordered:
 *   only NE holds; -0 = +0). `TOTALORDER` is IEEE totalOrder,
 *   -NaN < -Inf < … < -0 < +0 < … < +Inf < +NaN, for every direction (so -0 ≠ +0 and a NaN equals
 *   a NaN of the same bits), as MHLO's scalar lowering computes it (map_mhlo_to_scalar_op.h:
 *   the sign-magnitude bits made two's complement, then the integer comparison). The reference
 *   interpreter ignores compare_type and always compares as FLOAT; this follows the spec.
 * - select: `result[i] = pred ? on_true[i] : on_false[i]`, pred a scalar or one per element.
 * - clamp: `result[i] = minimum(maximum(operand[i], min), max)`, min and max scalars or one per
 *   element (the spec's formula, so NaN propagates and -0 < +0 as in minimum/maximum).
 */
import { type DType, type Storage, isFloat } from '../../tensor/dtype.js';
import { type Tensor, sameShape } from '../../tensor/tensor.js';
import type { ComparisonDirection, ComparisonType } from '../program.js';
import { binaryKernel, zipInto } from './binary.js';
import {
  BOOL,
  type Cells,
  type Fn2,
  type OpOf,
  type OpRule,
  type RuleTable,
  alloc,
  argError,
  checkElement,
  checkResults,
  checkSameType,
  typeError,
  typeText,
  words,
} from './common.js';
import { halfValues, isHalf } from './elements.js';

const DIRECTIONS: Record<ComparisonDirection, Fn2> = {
  EQ: (x, y) => x === y,
  NE: (x, y) => x !== y,
  GE: (x, y) => x >= y,
  GT: (x, y) => x > y,
  LE: (x, y) => x <= y,
  LT: (x, y) => x < y,
};
const COMPARE_TYPES: readonly ComparisonType[] = ['FLOAT', 'TOTALORDER', 'SIGNED', 'UNSIGNED'];

/** The compare_type C3 allows for an element type (the first is the default). */
function allowedCompareTypes(dtype: DType): readonly ComparisonType[] {
  if (dtype === 'bool' || dtype.startsWith('uint')) return ['UNSIGNED'];
  if (dtype.startsWith('int')) return ['SIGNED'];
  return ['FLOAT', 'TOTALORDER'];
}

/**
 * Storage as signed integers of the element's bits, for totalOrder: the sign-magnitude bits
 * become two's complement keys (`s ^ (sign ? magnitude mask : 0)`), ordered as integers.
 */
function totalOrderKeys(data: Storage): { cells: Cells; key: (s: any) => any } {
  const { buffer, byteOffset, length } = data;
  if (data.BYTES_PER_ELEMENT === 2)
    return { cells: new Int16Array(buffer, byteOffset, length), key: (s) => s ^ ((s >> 15) & 0x7fff) };
  if (data.BYTES_PER_ELEMENT === 4)
    return { cells: new Int32Array(buffer, byteOffset, length), key: (s) => s ^ ((s >> 31) & 0x7fffffff) };
  return {
    cells: new BigInt64Array(buffer, byteOffset, length),
    key: (s) => s ^ ((s >> 63n) & 0x7fffffffffffffffn),
  };
}

function runCompare(op: OpOf<'compare'>, [lhs, rhs]: readonly Tensor[]): Tensor[] {
  const dir = DIRECTIONS[op.comparison_direction];
  const out = alloc({ shape: lhs.shape, dtype: 'bool' });
  if (op.compare_type === 'TOTALORDER' && isFloat(lhs.dtype)) {
    const [a, b] = [totalOrderKeys(lhs.data), totalOrderKeys(rhs.data)];
    const key = a.key;
    zipInto((x, y) => (dir(key(x), key(y)) ? 1 : 0), a.cells, b.cells, out.data);
  } else if (isHalf(lhs.dtype)) {
    const v = halfValues(lhs.dtype);
    zipInto((x, y) => (dir(v[x], v[y]) ? 1 : 0), lhs.data, rhs.data, out.data);
  } else zipInto((x, y) => (dir(x, y) ? 1 : 0), lhs.data, rhs.data, out.data);
  return [out];
}

const compare: OpRule<'compare'> = {
  arity: 2,
  infer(op, [lhs, rhs]) {
    if (!Object.hasOwn(DIRECTIONS, op.comparison_direction))
      argError(
        'compare',
        'I3',
        'comparison_direction must be EQ, NE, GE, GT, LE or LT',
        String(op.comparison_direction),
      );
    const allowed = allowedCompareTypes(lhs.dtype);
    const type = op.compare_type ?? allowed[0];
    if (!COMPARE_TYPES.includes(type))
      argError('compare', 'I4', 'compare_type must be FLOAT, TOTALORDER, SIGNED or UNSIGNED', String(type));
    if (lhs.dtype !== rhs.dtype)
      typeError(
        'compare',
        'C1',
        'element_type(lhs) = element_type(rhs)',
        `${typeText(lhs)} and ${typeText(rhs)}`,
      );
    if (!sameShape(lhs.shape, rhs.shape))
      argError(
        'compare',
        'C2',
        'shape(lhs) = shape(rhs) = shape(result)',
        `${typeText(lhs)} and ${typeText(rhs)}`,
      );
    if (!allowed.includes(type))
      argError('compare', 'C3', `compare_type of ${typeText(lhs)} must be ${allowed.join(' or ')}`, type);
    // `result` is a tensor of boolean type: the output table, which has no constraint number.
    return checkResults(op, [{ shape: lhs.shape, dtype: 'bool' }], { shape: 'C2', dtype: 'result' });
  },
  run: runCompare,
};

const select: OpRule<'select'> = {
  arity: 3,
  infer(op, [pred, onTrue, onFalse]) {
    checkElement('select', 'I1', 'pred', pred, BOOL);
    if (pred.shape.length !== 0 && !sameShape(pred.shape, onTrue.shape))
      argError(
        'select',
        'C1',
        'rank(pred) = 0 or shape(pred) = shape(on_true)',
        `${typeText(pred)} and ${typeText(onTrue)}`,
      );
    checkSameType('select', 'C2', 'type(on_true) = type(on_false) = type(result)', onTrue, onFalse);
    return checkResults(op, [onTrue], { shape: 'C2', dtype: 'C2' });
  },
  run(_op, [pred, onTrue, onFalse]) {
    const out = alloc(onTrue);
    const p = pred.data;
    const step = pred.shape.length === 0 ? 0 : 1;
    const { cells: t, lanes } = words(onTrue.data, onTrue.dtype);
    const { cells: f } = words(onFalse.data, onFalse.dtype);
    const { cells: o } = words(out.data, out.dtype);
    for (let e = 0, i = 0; e < out.size; e++) {
      const from = p[e * step] ? t : f;
      for (let l = 0; l < lanes; l++, i++) o[i] = from[i];
    }
    return [out];
  },
};

/** `out[i] = minimum(maximum(operand[i], min[i or 0]), max[i or 0])`. */
function runClamp(min: Tensor, operand: Tensor, max: Tensor): Tensor {
  const out = alloc(operand);
  const mx = binaryKernel('maximum', operand.dtype) as Fn2;
  const mn = binaryKernel('minimum', operand.dtype) as Fn2;
  const [lo, x, hi, o] = [min.data as Cells, operand.data as Cells, max.data as Cells, out.data as Cells];
  const [ls, hs] = [min.shape.length === 0 ? 0 : 1, max.shape.length === 0 ? 0 : 1];
  for (let i = 0; i < o.length; i++) o[i] = mn(mx(x[i], lo[i * ls]), hi[i * hs]);
  return out;
}

const clamp: OpRule<'clamp'> = {
  arity: 3,
  infer(op, [min, operand, max]) {
    for (const [t, c, name] of [
      [min, 'C1', 'min'],
      [max, 'C2', 'max'],
    ] as const)
      if (t.shape.length !== 0 && !sameShape(t.shape, operand.shape))
        argError(
          'clamp',
          c,
          `rank(${name}) = 0 or shape(${name}) = shape(operand)`,
          `${typeText(t)} and ${typeText(operand)}`,
        );
    if (min.dtype !== operand.dtype || max.dtype !== operand.dtype)
      typeError(
        'clamp',
        'C3',
        'element_type(min) = element_type(operand) = element_type(max)',
        [min, operand, max].map(typeText).join(', '),
      );
    return checkResults(op, [operand], { shape: 'C4', dtype: 'C4' });
  },
  run: (_op, [min, operand, max]) => [runClamp(min, operand, max)],
};

export const COMPARE_RULES: RuleTable = { compare, select, clamp };
