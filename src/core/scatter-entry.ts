/**
 * The checks at `scatter` / `compileScatter`'s public entry (the twin of `gather`'s brand
 * checks): a tensor list or a dtype list that is not one gets a typed error naming its rule
 * before the shape rules read `.shape` or `.map` of it. The plan cache calls `compileScatter`
 * only on a miss, so none of this runs per cached call.
 */
import { InvalidArgumentError, fmt } from '../errors.js';
import { type DType, assertDType, label } from '../tensor/dtype.js';
import { Tensor, checkTensor } from '../tensor/tensor.js';

/** Most inputs a variadic scatter takes (scatter-shape.ts bounds the shape lists the same). */
const MAX_OPERANDS = 1024;

/**
 * `value` as a list of Tensors: one Tensor, or an array of them (`code`: `core.scatter.inputs`
 * or `core.scatter.updates`). Only the brand is tested, as `gather` does: an empty list is the
 * C5 rule's to report.
 */
export function scatterTensors(value: unknown, name: string, code: string): readonly Tensor[] {
  if (!Array.isArray(value)) {
    if (!Tensor.isTensor(value)) checkTensor(value, name, 'core.scatter', code);
    return [value as Tensor];
  }
  if (value.length > MAX_OPERANDS) tooMany(value.length, name, code);
  for (let i = 0; i < value.length; i++)
    if (!Tensor.isTensor(value[i])) checkTensor(value[i], `${name}[${i}]`, 'core.scatter', code);
  return value as readonly Tensor[];
}

function tooMany(n: number, name: string, code: string): never {
  throw new InvalidArgumentError(
    code,
    `core.scatter: ${name} must hold at most ${MAX_OPERANDS} tensors; got ${n}`,
    {
      count: n,
    },
  );
}

/**
 * `compileScatter`'s `inputDTypes` / `updateDTypes`: an array (code `core.scatter.dtypes`) of
 * at most MAX_OPERANDS known dtype names (each: `tensor.dtype`).
 */
export function checkDTypeList(value: unknown, name: string, op: string): readonly DType[] {
  if (!Array.isArray(value) || value.length > MAX_OPERANDS)
    throw new InvalidArgumentError(
      'core.scatter.dtypes',
      `${label(op, 'stablehlo.scatter')}: ${name} must be an array of at most ${MAX_OPERANDS} dtype names; got ${fmt(value)}`,
      { [name]: fmt(value) },
    );
  for (const d of value) assertDType(d, op);
  return value;
}
