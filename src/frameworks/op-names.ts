/**
 * Operator names as types: `'onnx.GatherND' | 'torch.gather' | 'numpy.add.at' | …`, read from
 * the framework namespaces themselves (src/frameworks/index.ts), so a new op is a new name with
 * no list to keep. Where the library takes or gives an op name as a string (translate's result,
 * the registry's ids), these types say which strings exist; test/types.test.ts checks them
 * against the registry at run time.
 */
import type { FrameworkName, NAMESPACES } from './index.js';

/** Sub-objects of a namespace that hold no operators of their own: lowerings, policy tables, `jax.jnp` (= `jax.numpy`). */
type NotOpGroup = 'lower' | 'policy' | 'jnp';

/** Functions of a namespace that are not operators: constructors, dimension-number builders, shape functions. */
type NotAnOp =
  | 'constant'
  | 'array'
  | 'tensor'
  | 'tuple'
  | 'GatherDimensionNumbers'
  | 'ScatterDimensionNumbers'
  | 'GatherScatterMode'
  | 'gatherShape'
  | 'scatterShape'
  | 'inferResultShape';

/** Dotted paths to the operator functions of a namespace object (they nest: `numpy.add.at`). */
type OpPaths<T, Depth extends readonly unknown[] = []> = Depth['length'] extends 3
  ? never
  : {
      [K in keyof T & string]: T[K] extends (...args: never[]) => unknown
        ? K extends NotAnOp
          ? never
          : K
        : T[K] extends object
          ? K extends NotOpGroup
            ? never
            : `${K}.${OpPaths<T[K], [...Depth, unknown]>}`
          : never;
    }[keyof T & string];

/** The operator names of one framework: `OpNameOf<'onnx'>` is `'onnx.Gather' | 'onnx.GatherND' | …`. */
export type OpNameOf<F extends FrameworkName> = `${F}.${OpPaths<(typeof NAMESPACES)[F]>}`;

/** Every operator name of every framework (`'onnx.GatherND'`, `'jax.lax.scatter_add'`, …). */
export type OpName = { [F in FrameworkName]: OpNameOf<F> }[FrameworkName];
