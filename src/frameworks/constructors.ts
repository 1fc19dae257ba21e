/**
 * Framework-flavoured constructors: each builds a Tensor with the default dtypes of its
 * framework, so indices made with `torchTensor([[0, 1]])` are int64 like PyTorch's, while
 * `tensor()` keeps its own documented defaults.
 *
 * | constructor   | framework          | integers | floats  | booleans |
 * |---------------|--------------------|----------|---------|----------|
 * | `torchTensor` | `torch.tensor`     | int64    | float32 | bool     |
 * | `numpyArray`  | `numpy.array`      | int64    | float64 | bool     |
 * | `tfConstant`  | `tf.constant`      | int32    | float32 | bool     |
 * | `jaxArray`    | `jax.numpy.array`  | int32    | float32 | bool     |
 *
 * The kind is read from the nested values: all booleans → bool; all integers (numbers or
 * bigints, booleans counting as 0/1) → the integer dtype; any other number (a fraction, NaN,
 * ±Infinity) → the float dtype. JavaScript has no `1.0` distinct from `1`: write the dtype
 * (`torchTensor([1, 2], 'float32')`) for a float tensor of whole numbers. An empty list makes
 * the float dtype, as in every one of these frameworks. Typed arrays keep their own dtype
 * unless one is given; a Tensor argument is copied (cast when a dtype is given). Values that
 * do not fit the dtype throw a `DTypeError` (e.g. 2^31 in `tfConstant`), never wrap.
 */
import { InvalidArgumentError } from '../errors.js';
import type { DType, Scalar } from '../tensor/dtype.js';
import { cast } from '../tensor/ops.js';
import { type NestedArray, Tensor, tensor } from '../tensor/tensor.js';

/** What the framework constructors accept. */
export type ConstructorInput = NestedArray | ArrayBufferView | Tensor;

type Kind = 'bool' | 'int' | 'float';

/** The value kind of nested values: 'bool', 'int' or 'float' (empty → 'float'; -0 → 'float'). */
export function valueKind(values: NestedArray): Kind {
  let sawNumber = false;
  let sawBool = false;
  let float = false;
  let foreign = false;
  const walk = (v: NestedArray, depth: number): void => {
    if (depth > 64)
      throw new InvalidArgumentError('tensor.depth', 'tensor: nesting deeper than 64 levels', { depth });
    if (Array.isArray(v)) {
      // Indexed, not for…of: the walk stops at the first value tensor() will refuse, so a
      // holey `new Array(2 ** 32 - 1)` costs one step, not four billion.
      for (let i = 0; i < v.length && !foreign; i++) walk(v[i], depth + 1);
      return;
    }
    const s = v as Scalar;
    if (typeof s === 'boolean') sawBool = true;
    else if (typeof s === 'bigint') sawNumber = true;
    else if (typeof s === 'number') {
      sawNumber = true;
      // JS -0 is a float (Python's -0.0; Python's int -0 is 0): an int kind would drop its sign.
      if (!Number.isInteger(s) || Object.is(s, -0)) float = true;
    } else foreign = true; // left for tensor() to refuse with its own message
  };
  walk(values, 0);
  if (float) return 'float';
  if (sawNumber) return 'int';
  if (sawBool) return 'bool';
  return 'float';
}

/**
 * A framework constructor with its integer and float defaults: given a dtype, the tensor has it;
 * without one the values decide (`D` stays `DType`).
 */
function constructorOf(name: string, defaults: { readonly int: DType; readonly float: DType }) {
  const make = (values: ConstructorInput, dtype: DType | undefined): Tensor => {
    if (values instanceof Tensor) return dtype === undefined ? values.clone() : cast(values, dtype).clone();
    if (ArrayBuffer.isView(values)) return tensor(values, dtype);
    if (values === undefined || values === null)
      throw new InvalidArgumentError('tensor.value', `${name}: expected values; got ${String(values)}`);
    if (dtype !== undefined) return tensor(values, dtype);
    const kind = valueKind(values);
    return tensor(values, kind === 'bool' ? 'bool' : defaults[kind]);
  };
  return <D extends DType = DType>(values: ConstructorInput, dtype?: D): Tensor<D> =>
    make(values, dtype) as Tensor<D>;
}

/**
 * `torch.tensor(data, dtype=None)`: integers → int64, floats → float32, booleans → bool.
 *
 * @example
 * torchTensor([[0, 1], [1, 0]]).dtype; // 'int64'
 * torchTensor([0.5, 2]).dtype;         // 'float32'
 * torchTensor([true, false]).toArray(); // [true, false]
 */
export const torchTensor = constructorOf('torchTensor', { int: 'int64', float: 'float32' });

/**
 * `numpy.array(object, dtype=None)`: integers → int64, floats → float64, booleans → bool.
 *
 * @example
 * numpyArray([1, 2, 3]).toArray(); // [1n, 2n, 3n]
 * numpyArray([0.1]).dtype;         // 'float64'
 */
export const numpyArray = constructorOf('numpyArray', { int: 'int64', float: 'float64' });

/**
 * `tf.constant(value, dtype?)`: integers → int32, floats → float32, booleans → bool.
 *
 * @example
 * tfConstant([[1, 2], [3, 4]]).dtype; // 'int32'
 * tfConstant([1.5]).dtype;            // 'float32'
 */
export const tfConstant = constructorOf('tfConstant', { int: 'int32', float: 'float32' });

/**
 * `jax.numpy.array(object, dtype=None)` with JAX's default 32-bit mode: integers → int32,
 * floats → float32, booleans → bool.
 *
 * @example
 * jaxArray([2, 0]).dtype;            // 'int32'
 * jaxArray([2, 0], 'int64').dtype;   // 'int64'
 */
export const jaxArray = constructorOf('jaxArray', { int: 'int32', float: 'float32' });
