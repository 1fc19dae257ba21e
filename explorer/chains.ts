/**
 * The paste box's method chains, subscripts and array builders (pycall.ts parses, this file
 * gives them meaning), each mapped onto one registry op of the same framework:
 *
 *   np.arange(6).reshape(2, 3), torch.zeros(3, 5), jnp.ones((2, 2)), tf.range(4)  → tensors
 *   x.gather(1, idx), torch.zeros(3, 5).scatter_(0, idx, src), a.take(idx)        → `fw.method(x, …)`
 *   x[[0, 2]]        → numpy.take(x, idx, axis=0) / torch.index_select(x, 0, idx) /
 *                      jnp.take(x, idx, axis=0, mode='clip') (jnp indexing clamps)
 *   x[i, j], x[mask] → numpy.index / torch.index with the tuple stacked (explorer/tuple-ops.ts;
 *                      a mask beside other indices as its true positions, x[mask, 1]);
 *                      torch x[mask] with a full-shape mask → torch.masked_select
 *   torch x[[-1]]    → torch.index (aten::index counts negatives from the end; index_select refuses)
 *   jnp x[[-1]]      → jnp.take's default mode (counts negatives once) when all are in [−n, n)
 *   x[idx] = v       → torch.index_copy(x, 0, idx, v) / numpy.put(x, idx, v) (1-D x)
 *   x[i, j] = v, x[mask] = v (torch) → torch.index_put(x, tuple, v)
 *   x.at[idx].add(v) → jax.lax.scatter_add(x, idx[..., None], v, dimension_numbers) (also set,
 *                      mul, min, max), the dimension numbers `.at` uses for one index array
 *
 * Where a form's semantics differ from every op it could map to (NumPy's in-place x[i, j] = v,
 * jnp negatives beside out-of-range indices, slices), the paste is refused
 * with a PasteError that says so, never silently read as something else.
 */
import { InvalidArgumentError } from '../src/errors.js';
import type { DType } from '../src/tensor/dtype.js';
import { broadcastShapes, broadcastTo, stack } from '../src/tensor/ops.js';
import { type NestedArray, tensor } from '../src/tensor/tensor.js';
import {
  BUILDER_DTYPES,
  MAX_PASTE_ELEMENTS,
  PasteError,
  type PyValue,
  dtypeOf,
  isTuple,
  toNested,
} from './pycall.js';

type TensorValue = Extract<PyValue, { kind: 'tensor' }>;
type Call = Extract<PyValue, { kind: 'call' }>;

const isObj = (v: PyValue | undefined): v is Extract<PyValue, { kind: string }> =>
  v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);
const isTensor = (v: PyValue | undefined): v is TensorValue => isObj(v) && v.kind === 'tensor';

/** Values a subscript applies to: tensors and `x.at`. */
export function isIndexable(v: PyValue): boolean {
  return isObj(v) && (v.kind === 'tensor' || (v.kind === 'at' && v.items.length === 0));
}

const count = (shape: readonly number[]) => shape.reduce((a, b) => a * b, 1);

function nest(flat: readonly (number | boolean)[], shape: readonly number[]): NestedArray {
  let i = 0;
  const build = (d: number): NestedArray =>
    d === shape.length
      ? (flat[i++] as unknown as NestedArray)
      : (Array.from({ length: shape[d] }, () => build(d + 1)) as NestedArray);
  return build(0);
}

function flatten(v: NestedArray): (number | boolean)[] {
  return Array.isArray(v) ? (v as NestedArray[]).flatMap(flatten) : [v as unknown as number];
}

function shapeOf(v: NestedArray): number[] {
  const s: number[] = [];
  let x: unknown = v;
  while (Array.isArray(x)) {
    s.push(x.length);
    x = x[0];
  }
  return s;
}

/** A shape from `f(3, 5)` or `f((3, 5))` / `f([3, 5])`. */
function shapeArg(args: readonly PyValue[], at: number, what: string): number[] {
  const dims = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
  if (!dims.every((d) => typeof d === 'number' && Number.isInteger(d) && d >= 0))
    throw new PasteError(`${what}: the shape must be non-negative integers`, at);
  const shape = dims as number[];
  if (!(count(shape) <= MAX_PASTE_ELEMENTS))
    throw new PasteError(
      `${what}: ${count(shape)} elements, more than the explorer's ${MAX_PASTE_ELEMENTS}`,
      at,
    );
  return shape;
}

function dtypeArg(kw: Readonly<Record<string, PyValue>>, at: number, what: string): DType | null {
  const d = kw.dtype;
  if (d === undefined || d === null) return null;
  if (isObj(d) && d.kind === 'dtype') return d.dtype;
  const named = typeof d === 'string' ? dtypeOf(`x.${d}`) : null;
  if (!named) throw new PasteError(`${what}: dtype ${JSON.stringify(d)} is not a dtype`, at);
  return named;
}

/** `arange`, `range` (TF), `zeros`, `ones`, `full` of torch / NumPy / jax.numpy / TF; null otherwise. */
export function construct(
  fn: string,
  args: readonly PyValue[],
  kw: Readonly<Record<string, PyValue>>,
  at: number,
): TensorValue | null {
  const dot = fn.lastIndexOf('.');
  const fw = fn.slice(0, dot);
  const name = fn.slice(dot + 1);
  // Ints from arange, floats from zeros / ones: the framework description's dtypes.
  const def = Object.hasOwn(BUILDER_DTYPES, fw) ? BUILDER_DTYPES[fw] : undefined;
  if (!def) return null;
  const explicit = dtypeArg(kw, at, fn);
  const make = (values: NestedArray, dtype: DType): TensorValue => ({
    kind: 'tensor',
    values,
    dtype: explicit ?? dtype,
    explicit: explicit !== null,
    fw,
  });
  if (name === 'arange' || (name === 'range' && fw === 'tensorflow')) {
    if (!args.length || !args.every((a) => typeof a === 'number'))
      throw new PasteError(`${fn}: start, stop and step must be numbers`, at);
    const [start, stop, step] = (
      args.length === 1 ? [0, args[0], 1] : [args[0], args[1], args[2] ?? 1]
    ) as number[];
    const n = step === 0 ? Number.NaN : Math.max(0, Math.ceil((stop - start) / step));
    if (!(n <= MAX_PASTE_ELEMENTS))
      throw new PasteError(`${fn}: ${n} elements, more than the explorer's ${MAX_PASTE_ELEMENTS}`, at);
    const values = Array.from({ length: n }, (_, i) => start + i * step);
    const float = !values.every(Number.isInteger) || !(args as number[]).every(Number.isInteger);
    return make(values as unknown as NestedArray, float ? def.float : def.int);
  }
  if (name === 'zeros' || name === 'ones') {
    const shape = shapeArg(args, at, fn);
    return make(nest(new Array(count(shape)).fill(name === 'ones' ? 1 : 0), shape), def.float);
  }
  if (name === 'full') {
    const [shapeV, value] = [args[0], args[1] ?? kw.fill_value];
    if (typeof value !== 'number') throw new PasteError(`${fn}: the fill value must be a number`, at);
    const shape = shapeArg(Array.isArray(shapeV) ? [shapeV] : [shapeV ?? 0], at, fn);
    return make(
      nest(new Array(count(shape)).fill(value), shape),
      Number.isInteger(value) ? def.int : def.float,
    );
  }
  return null;
}

/** `x.at` (JAX's indexed-update property); nothing else is an attribute here. */
export function property(v: PyValue, name: string, at: number): PyValue {
  if (name === 'at' && isTensor(v)) return { kind: 'at', target: v, items: [], at };
  throw new PasteError(
    `unknown attribute .${name}${isTensor(v) ? '' : ' (on a value that is not a tensor)'}`,
    at,
  );
}

const CASTS: Readonly<Record<string, DType>> = {
  long: 'int64',
  int: 'int32',
  float: 'float32',
  double: 'float64',
  half: 'float16',
  bool: 'bool',
};

/** `receiver.name(args)`: reshape and casts on tensors, `.at[…]` updates, else the framework op. */
export function method(
  v: PyValue,
  name: string,
  args: PyValue[],
  kwargs: [string, PyValue][],
  at: number,
): PyValue {
  if (isObj(v) && v.kind === 'at') return atUpdate(v, name, args, at);
  if (!isTensor(v)) throw new PasteError(`.${name}(…) needs a tensor before it`, at);
  if (name === 'reshape' || name === 'view') {
    const shape = shapeArg(args, at, name);
    const flat = flatten(v.values);
    if (count(shape) !== flat.length)
      throw new PasteError(`cannot reshape ${flat.length} elements into [${shape.join(', ')}]`, at);
    return { ...v, values: nest(flat, shape) };
  }
  if (Object.hasOwn(CASTS, name) && !args.length) return { ...v, dtype: CASTS[name], explicit: true };
  if (name === 'astype' || name === 'to' || name === 'type') {
    const d = args[0];
    const dtype = isObj(d) && d.kind === 'dtype' ? d.dtype : typeof d === 'string' ? dtypeOf(`x.${d}`) : null;
    if (!dtype) throw new PasteError(`.${name}(…) needs a dtype`, at);
    return { ...v, dtype, explicit: true };
  }
  // In-place torch methods (`scatter_`) are their functional op on the receiver.
  const fn = `${v.fw ?? 'torch'}.${name.replace(/_$/, '')}`;
  return { kind: 'call', fn, args: [v, ...args], kwargs, at };
}

/** One item of `x[...]`: its values, shape and kind (a bool mask, or integers, some negative). */
interface Item {
  readonly values: NestedArray;
  readonly shape: number[];
  readonly mask: boolean;
  readonly negative: boolean;
}

function itemOf(idx: PyValue, at: number): Item {
  if (idx === null || (isObj(idx) && idx.kind !== 'tensor'))
    throw new PasteError('x[…] reads integers, integer arrays and boolean masks (no slices, None or …)', at);
  const values = isTensor(idx)
    ? idx.values
    : typeof idx === 'number'
      ? (idx as unknown as NestedArray)
      : toNested(idx, at);
  const flat = flatten(values);
  const mask =
    (isTensor(idx) && idx.dtype === 'bool') || (flat.length > 0 && flat.every((x) => typeof x === 'boolean'));
  const negative = !mask && flat.some((x) => typeof x === 'number' && x < 0);
  return { values, shape: shapeOf(values), mask, negative };
}

/**
 * The index tuple as one stacked array (an `indexTuple` op's indices, explorer/tuple-ops.ts):
 * integer arrays (and ints) broadcast together, as NumPy and PyTorch broadcast them, then
 * stacked along a new first dim; a lone mask as [mask]. A mask beside other items stands for
 * its true positions, one integer array per dim it covers — NumPy's and PyTorch's own rule
 * (`x[mask, 1]` is `x[*mask.nonzero(), 1]`).
 */
function stacked(given: readonly Item[], at: number): { indices: NestedArray; dtype: DType } {
  if (given.length === 1 && given[0].mask) {
    if (!given[0].shape.length) throw new PasteError('a 0-d mask (x[True]) is not read here', at);
    return { indices: [given[0].values] as NestedArray, dtype: 'bool' };
  }
  const items = given.flatMap((i) => (i.mask ? nonzero(i, at) : [i]));
  let shape: number[];
  try {
    shape = broadcastShapes(...items.map((i) => i.shape));
  } catch (e) {
    if (!(e instanceof InvalidArgumentError)) throw e;
    throw new PasteError(
      `the index arrays' shapes ${items.map((i) => `[${i.shape.join(', ')}]`).join(' ')} do not broadcast together`,
      at,
    );
  }
  if (!(count(shape) * items.length <= MAX_PASTE_ELEMENTS))
    throw new PasteError(
      `the index arrays broadcast to [${shape.join(', ')}], more than the explorer's ${MAX_PASTE_ELEMENTS} elements`,
      at,
    );
  const arrays = items.map((i) => broadcastTo(tensor(i.values, 'float64'), shape));
  return { indices: stack(arrays, 0).toArray() as NestedArray, dtype: 'int64' };
}

const call = (fn: string, args: PyValue[], at: number, kwargs: [string, PyValue][] = []): Call => ({
  kind: 'call',
  fn,
  args,
  kwargs,
  at,
});

function indexTensor(idx: PyValue, fw: string, at: number, mask: boolean): TensorValue {
  if (isTensor(idx)) return idx;
  // An int is a 0-d index: x[1] drops the dim as Python does (np.take(x, 1, axis=0)).
  const values = toNested(idx, at);
  return {
    kind: 'tensor',
    values,
    dtype: mask ? 'bool' : ((Object.hasOwn(BUILDER_DTYPES, fw) ? BUILDER_DTYPES[fw].int : null) ?? 'int64'),
    explicit: false,
    fw,
  };
}

/** A mask's true positions as one integer item per dim it covers (row-major order). */
function nonzero(mask: Item, at: number): Item[] {
  if (!mask.shape.length) throw new PasteError('a 0-d mask (x[True]) is not read here', at);
  const flat = flatten(mask.values);
  const columns: number[][] = mask.shape.map(() => []);
  flat.forEach((v, i) => {
    if (!v) return;
    let r = i;
    for (let d = mask.shape.length - 1; d >= 0; d--) {
      columns[d].push(r % mask.shape[d]);
      r = Math.floor(r / mask.shape[d]);
    }
  });
  return columns.map((c) => ({
    values: c as unknown as NestedArray,
    shape: [c.length],
    mask: false,
    negative: false,
  }));
}

/** The stacked tuple as an index tensor of `fw`. */
function tupleTensor(items: readonly Item[], fw: string, at: number): TensorValue {
  const { indices, dtype } = stacked(items, at);
  return { kind: 'tensor', values: indices, dtype, explicit: true, fw };
}

export function subscript(v: PyValue, given: PyValue[], at: number): PyValue {
  // x[(i, j)] is x[i, j]: a tuple in the brackets is the index tuple itself.
  const items = given.length === 1 && isTuple(given[0]) ? [...given[0]] : given;
  if (isObj(v) && v.kind === 'at') return { ...v, items };
  return { kind: 'subscript', target: v, items, at };
}

/** torch `x[1]`, `x[0, 2]`: basic indexing (a view, torch.select), which no gather op shares. */
function torchBasic(at: number): never {
  throw new PasteError(
    'torch x[1] / x[i, j] with ints only is basic indexing (a view, torch.select), not a gather; write x[[1]] for a gather',
    at,
  );
}

/** A full-shape mask: x[mask] is then torch.masked_select's gather exactly. */
const fullMask = (items: readonly Item[], x: TensorValue) =>
  items.length === 1 && items[0].mask && items[0].shape.join() === shapeOf(x.values).join();

/** `x[idx]` read as its framework's gather. */
export function readSubscript(sub: Extract<PyValue, { kind: 'subscript' }>): Call {
  const x = sub.target as TensorValue;
  const fw = x.fw ?? 'torch';
  const at = sub.at;
  if (sub.items.length === 0) throw new PasteError('x[] needs an index', at);
  const items = sub.items.map((i) => itemOf(i, at));
  const one = items.length === 1 ? items[0] : undefined;
  const plain = one && !one.mask && !one.negative;
  if (fw === 'torch') {
    if (items.every((i) => i.shape.length === 0)) torchBasic(at);
    if (fullMask(items, x))
      return call('torch.masked_select', [x, indexTensor(sub.items[0], fw, at, true)], at);
    if (plain) return call('torch.index_select', [x, 0, indexTensor(sub.items[0], fw, at, false)], at);
    // x[i, j], x[mask] and negative indices: aten::index itself (it counts negatives from the end).
    return call('torch.index', [x, tupleTensor(items, fw, at)], at);
  }
  if (fw === 'numpy') {
    if (plain) return call('numpy.take', [x, indexTensor(sub.items[0], fw, at, false)], at, [['axis', 0]]);
    return call('numpy.index', [x, tupleTensor(items, fw, at)], at);
  }
  if (fw === 'jax.numpy' && one && !one.mask) return jnpSubscript(x, one, sub.items[0], at);
  throw new PasteError(
    `${fw} x[${one?.mask ? 'mask' : 'i, j'}] has no single-tensor op in the explorer; use np.take / torch.index_select / x.at[idx]`,
    at,
  );
}

/**
 * jnp `x[idx]` counts a negative index from the end once, then clamps what is still out of
 * range: jnp.take(mode='clip') without negatives, jnp.take's default mode (which also counts
 * negatives once) when every index is in [−n, n). Other mixes have no single op: refused.
 */
function jnpSubscript(x: TensorValue, one: Item, idx: PyValue, at: number): Call {
  const index = indexTensor(idx, 'jax.numpy', at, false);
  if (!one.negative)
    return call('jax.numpy.take', [x, index], at, [
      ['axis', 0],
      ['mode', 'clip'],
    ]);
  const n = shapeOf(x.values)[0] ?? 0;
  if (flatten(one.values).every((i) => (i as number) >= -n && (i as number) < n))
    return call('jax.numpy.take', [x, index], at, [['axis', 0]]);
  throw new PasteError(
    'jnp x[idx] with negative and out-of-range indices together (counted from the end, then clamped) has no single op here; write the negatives as size + i',
    at,
  );
}

/** `x[idx] = v` read as its framework's scatter. */
export function assignment(target: PyValue, value: PyValue, at: number): PyValue {
  if (!isObj(target) || target.kind !== 'subscript')
    throw new PasteError('only indexed assignments (x[idx] = v) are read as calls', at);
  const x = target.target as TensorValue;
  const fw = x.fw ?? 'torch';
  if (target.items.length === 0) throw new PasteError('x[] needs an index', at);
  const items = target.items.map((i) => itemOf(i, at));
  const one = items.length === 1 ? items[0] : undefined;
  const v = isTensor(value)
    ? value
    : { kind: 'tensor' as const, values: toNested(value, at), dtype: x.dtype, explicit: false, fw };
  if (fw === 'torch') {
    if (items.every((i) => i.shape.length === 0)) torchBasic(at);
    if (one && !one.mask && !one.negative)
      return call('torch.index_copy', [x, 0, indexTensor(target.items[0], fw, at, false), v], at);
    // x[i, j] = v, x[mask] = v, negatives: aten::index_put_ itself (values broadcast).
    return call('torch.index_put', [x, tupleTensor(items, fw, at), v], at);
  }
  if (fw === 'numpy' && one && !one.mask && shapeOf(x.values).length === 1)
    return call('numpy.put', [x, indexTensor(target.items[0], fw, at, false), v], at);
  throw new PasteError(
    `${fw} x[${one?.mask ? 'mask' : one ? 'idx' : 'i, j'}] = v has no op in the library (NumPy assigns in place; np.put is flat, np.add.at adds); use np.put on a 1-D array, np.add.at(x, idx, v) or torch's x[…] = v`,
    at,
  );
}

const AT_OPS: Readonly<Record<string, string>> = {
  set: 'jax.lax.scatter',
  add: 'jax.lax.scatter_add',
  mul: 'jax.lax.scatter_mul',
  multiply: 'jax.lax.scatter_mul',
  min: 'jax.lax.scatter_min',
  max: 'jax.lax.scatter_max',
};

/**
 * `x.at[idx].add(v)`: jax.lax.scatter_add with the dimension numbers `.at` uses for one integer
 * index array on dim 0 (index vectors of length 1, the other dims as the window), `v` broadcast
 * from a scalar or given in full. Both default to FILL_OR_DROP (out-of-bounds updates dropped).
 */
function atUpdate(a: Extract<PyValue, { kind: 'at' }>, name: string, args: PyValue[], at: number): Call {
  const fn = Object.hasOwn(AT_OPS, name) ? AT_OPS[name] : undefined;
  if (!fn)
    throw new PasteError(`x.at[…].${name}(…) is not read here; one of ${Object.keys(AT_OPS).join(', ')}`, at);
  const x = a.target as TensorValue;
  if (a.items.length !== 1)
    throw new PasteError('x.at[i, j] is an index tuple: the explorer reads one index array in x.at[idx]', at);
  const idx = a.items[0];
  const { mask, negative } = itemOf(idx, at);
  if (mask || negative)
    throw new PasteError(
      `x.at[${mask ? 'mask' : 'idx'}] ${mask ? 'takes a boolean mask' : 'counts negative indices from the end'}, which jax.lax.scatter does not; write ${mask ? 'the true positions' : 'them as size + i'}`,
      at,
    );
  const idxValues = isTensor(idx)
    ? idx.values
    : typeof idx === 'number'
      ? (idx as unknown as NestedArray)
      : toNested(idx, at);
  const idxShape = shapeOf(idxValues);
  const xShape = shapeOf(x.values);
  const updShape = [...idxShape, ...xShape.slice(1)];
  // Index vectors of length 1 (index_vector_dim last); a scalar index is one vector.
  const flatIdx = flatten(idxValues);
  const indices = idxShape.length
    ? nest(
        flatIdx.map((i) => [i] as unknown as number),
        idxShape,
      )
    : (flatIdx as unknown as NestedArray);
  const v = args[0];
  let updates: NestedArray;
  if (typeof v === 'number' || typeof v === 'boolean')
    updates = nest(new Array(count(updShape)).fill(v), updShape);
  else {
    updates = isTensor(v) ? v.values : toNested(v, at);
    if (shapeOf(updates).join() !== updShape.join())
      throw new PasteError(
        `x.at[idx].${name}(v): v must be a scalar or of shape [${updShape.join(', ')}]`,
        at,
      );
  }
  const window = xShape.slice(1).map((_, k) => idxShape.length + k);
  return {
    kind: 'call',
    fn,
    args: [
      x,
      { kind: 'tensor', values: indices, dtype: 'int32', explicit: false, fw: 'jax.numpy' },
      { kind: 'tensor', values: updates, dtype: x.dtype, explicit: true, fw: 'jax.numpy' },
      {
        kind: 'record',
        fields: { update_window_dims: window, inserted_window_dims: [0], scatter_dims_to_operand_dims: [0] },
      },
    ],
    kwargs: [],
    at,
  };
}
