/**
 * MLIR's tensor dialect gather and scatter (TensorOps.td), read into IR ops through the
 * library's own lowering of them (src/frameworks/mlir/tensor.ts), so the text means exactly
 * what `mlir.tensor.gather` / `mlir.tensor.scatter` compute — including the library's policy for
 * what MLIR leaves undefined (an out-of-range coordinate or a broken `unique` is an error):
 *
 *   %out = tensor.gather %source[%indices] gather_dims([1, 2]) unique
 *       : (tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<1x2x4x1x1xf32>
 *   %out = tensor.scatter %source into %dest[%indices] scatter_dims([1, 2]) unique
 *       : (tensor<1x2x4x1x1xf32>, tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<4x5x6xf32>
 *
 * The lowering reads shapes only; it is given zero tensors of the declared types.
 */
import { lower } from '../frameworks/mlir/tensor.js';
import { programOf } from '../ir/lowered.js';
import type { Func, TensorType } from '../ir/program.js';
import { zeros } from '../tensor/tensor.js';
import { textError } from './diagnostics.js';
import { formatType, sameType } from './types.js';

/** The program of one tensor-dialect op, and which text operand each of its parameters is. */
export interface TensorDialectProgram {
  /** `@main(params) { …; gather | scatter; reshape? }` on the lowering's operands. */
  readonly func: Func;
  /** `order[k]`: the text operand that parameter k of `func` takes (reshaped when its type differs). */
  readonly order: readonly number[];
}

/** Lowers `tensor.gather` / `tensor.scatter` with dims, `unique`, operand and result types. */
export function tensorDialectProgram(
  name: 'tensor.gather' | 'tensor.scatter',
  dims: readonly number[],
  unique: boolean,
  operands: readonly TensorType[],
  result: TensorType,
  line: number,
): TensorDialectProgram {
  const want = name === 'tensor.gather' ? 2 : 3;
  if (operands.length !== want)
    textError('syntax', line, `${name} takes ${want} operands; its type lists ${operands.length}`);
  const z = operands.map((t) => zeros(t.shape, t.dtype));
  // The op's own verifier (the lowering's checks) first, as TensorOps.cpp reports them; then what
  // the verifier leaves out — ScatterOp::verify never compares the result with `dest` (MLIR's
  // invalid.mlir declares mismatched results in every scatter case), but a result of another
  // type than `dest` cannot be computed, so it is refused after.
  if (name === 'tensor.gather') {
    const call = lower.gather(z[0], z[1], { gather_dims: dims, unique, result_shape: result.shape });
    if (result.dtype !== operands[0].dtype)
      textError(
        'result_type',
        line,
        `tensor.gather: the result has the source's element type; declared ${formatType(result)}`,
      );
    return { func: programOf(call).module.funcs[0], order: [0, 1] };
  }
  const call = lower.scatter(z[0], z[1], z[2], { scatter_dims: dims, unique });
  if (!sameType(result, operands[1]))
    textError(
      'result_type',
      line,
      `tensor.scatter: the result has the dest's type ${formatType(operands[1])}; declared ${formatType(result)}`,
    );
  return { func: programOf(call).module.funcs[0], order: [1, 2, 0] };
}
