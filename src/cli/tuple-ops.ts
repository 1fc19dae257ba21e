/**
 * The index-tuple operators of the CLI: `numpy.index` (`a[i0, i1, …]`), `jax.at`
 * (`x.at[i0, i1, …].<method>(values)`), `torch.index` (`t[i0, i1, …]`) and `torch.index_put`
 * (`t[i0, i1, …] = values`). Their
 * indices are a tuple — one index array (or integer) per leading dim — which the registry's
 * `(data, indices[, updates])` form cannot say, so `--indices` holds the tuple as a JSON list:
 * `--indices '[[1, 0], [2, 2]]'` is `a[[1, 0], [2, 2]]`. A .npy file is a one-entry tuple.
 * Basic items of the tuple in JSON: `{"slice": [start, stop, step]}` (each may be null, as in
 * Python's `slice(start, stop, step)`), `"..."` (Ellipsis) and `null` (NumPy: `None`, a new
 * axis; torch.index / torch.index_put: `:`), so `--indices '[[true,false,true], {"slice":[1,3]}]'` is
 * `a[mask, 1:3]`.
 */
import type { CoreCall } from '../core/call.js';
import type { ProgramCall } from '../ir/lowered.js';
import { jax } from '../frameworks/jax.js';
import { type Slice, type SliceBound, numpy } from '../frameworks/numpy.js';
import { torch } from '../frameworks/torch.js';
import type { DType } from '../tensor/dtype.js';
import { type NestedArray, type Tensor, tensor } from '../tensor/tensor.js';
import type { CallArgs } from '../tables/registry.js';
import { UsageError } from './format.js';

/** One attribute as `help OP` lists it. */
export interface AttrHelp {
  readonly name: string;
  /** The framework's default, as text; absent when the attribute is required. */
  readonly default?: string;
  readonly about: string;
}

/** A CLI operator the registry does not hold, with everything `help OP` prints. */
export interface TupleOp {
  readonly id: string;
  readonly summary: string;
  /** What --data, --indices and --updates are for this op. */
  readonly inputs: Readonly<Partial<Record<'data' | 'indices' | 'updates', string>>>;
  readonly attrs: readonly AttrHelp[];
  /** An example call; `help OP` prints its command line and runs it for the result. */
  readonly example: CallArgs;
  /** The index dtype used when --index-dtype is not given (the framework's own). */
  readonly indexDType: DType;
  lower(data: Tensor, tuple: readonly TupleEntry[], args: CallArgs): CoreCall | ProgramCall;
}

const JAX_METHODS = ['get', 'set', 'add', 'subtract', 'multiply', 'divide', 'power', 'min', 'max'] as const;
type JaxMethod = (typeof JAX_METHODS)[number];

/** The attributes a call gives, minus `skip`; unknown ones reach the frontend, which names them. */
function rest(args: CallArgs, skip: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args.attrs ?? {}).filter(([k]) => !skip.includes(k)));
}

function values(op: string, data: Tensor, args: CallArgs): Tensor {
  if (args.tensors?.updates) return args.tensors.updates;
  if (args.updates === undefined)
    throw new UsageError('cli.missing_input', `${op} needs --updates (the values written)`);
  return tensor(args.updates, args.dataDType ?? data.dtype);
}

/** The examples' data: NumPy's and PyTorch's index tuples read the same two rows. */
const TWO_ROWS: NestedArray = [
  [0, 1, 2],
  [10, 11, 12],
];

export const TUPLE_OPS: readonly TupleOp[] = [
  {
    id: 'numpy.index',
    summary:
      'a[i0, i1, …]: indexing with integer arrays and masks (broadcast together), slices, None and ... beside them',
    inputs: {
      data: 'a',
      indices:
        'the index tuple (i0, i1, …): a JSON list of index arrays, integers, boolean masks, {"slice": [start, stop, step]}, "..." and null (None)',
    },
    attrs: [],
    example: {
      data: TWO_ROWS,
      indices: [
        [1, 0],
        [-1, 1],
      ],
    },
    indexDType: 'int64',
    lower: (data, tuple) => numpy.lower.index(data, tuple as never),
  },
  {
    id: 'jax.at',
    summary:
      'x.at[i0, i1, …].<method>(values): functional indexed read or update (JAX clamps reads, drops writes)',
    inputs: {
      data: 'x',
      indices: 'the index tuple (i0, i1, …): a JSON list, one index array or integer per leading dim',
      updates: 'values (every method but get)',
    },
    attrs: [
      { name: 'method', default: 'get', about: `one of ${JAX_METHODS.join(', ')}` },
      {
        name: 'mode',
        default: 'null (get: fill… clip; updates: drop)',
        about: 'promise_in_bounds, clip, fill, drop',
      },
      { name: 'fill_value', default: 'null (NaN, or the dtype minimum)', about: 'get with mode=fill' },
      { name: 'indices_are_sorted', default: 'false', about: 'a promise' },
      { name: 'unique_indices', default: 'false', about: 'a promise' },
      { name: 'wrap_negative_indices', default: 'true', about: 'count negative indices from the end' },
    ],
    example: { data: [0, 1, 2, 3, 4], indices: [2], updates: 10, attrs: { method: 'add' } },
    indexDType: 'int32',
    lower: (data, tuple, args) => {
      const method = (args.attrs?.method ?? 'get') as JaxMethod;
      if (!JAX_METHODS.includes(method))
        throw new UsageError(
          'cli.jax.at.method',
          `jax.at: method must be one of ${JAX_METHODS.join(', ')}; got ${JSON.stringify(method)}`,
        );
      const ref = jax.lower.at(data, tuple as Tensor[]);
      const opts = rest(args, ['method']);
      return method === 'get' ? ref.get(opts) : ref[method](values('jax.at', data, args), opts);
    },
  },
  {
    id: 'torch.index',
    summary: 'input[i0, i1, …]: advanced indexing with index arrays and masks (aten::index), null for ":"',
    inputs: {
      data: 'input',
      indices:
        'the index tuple (i0, i1, …): a JSON list of int64 index arrays and boolean masks, null for a full slice ":"',
    },
    attrs: [],
    example: {
      data: TWO_ROWS,
      // x[:, [2, -3]]: a tuple's null (":") is JSON the CLI reads, not a NestedArray value.
      indices: [null, [2, -3]] as unknown as NestedArray,
    },
    indexDType: 'int64',
    lower: (data, tuple) => torch.lower.index(data, tuple as (Tensor | null)[]),
  },
  {
    id: 'torch.index_put',
    summary: 'input[i0, i1, …] = values (or += with accumulate=true): advanced-index assignment',
    inputs: {
      data: 'input',
      indices:
        'the index tuple (i0, i1, …): a JSON list of int64 index arrays and boolean masks, null for a full slice ":"',
      updates: 'values, broadcast to the indexed shape',
    },
    attrs: [{ name: 'accumulate', default: 'false', about: 'sum into the targets (duplicates accumulate)' }],
    example: { data: [0, 0, 0], indices: [[0, 2, 0]], updates: [1, 2, 3], attrs: { accumulate: true } },
    indexDType: 'int64',
    lower: (data, tuple, args) =>
      torch.lower.index_put(
        data,
        tuple as (Tensor | null)[],
        values('torch.index_put', data, args),
        rest(args, []),
      ),
  },
];

/** The tuple op called `id`, if it is one. */
export function tupleOp(id: string): TupleOp | undefined {
  return TUPLE_OPS.find((o) => o.id === id);
}

/** One entry of a CLI index tuple: a tensor, or a basic item (numpy.slice, numpy.ellipsis, null). */
type TupleEntry = Tensor | Slice | typeof numpy.ellipsis | null;

/** A basic item of a JSON tuple (see the module comment), or undefined for an index array. */
function basicItem(e: unknown): TupleEntry | undefined {
  if (e === null) return null;
  if (e === '...') return numpy.ellipsis;
  if (typeof e !== 'object' || Array.isArray(e) || !('slice' in e)) return undefined;
  const s = (e as { slice: unknown }).slice;
  // A bound read as a bigint (an integer past 2^53) stays exact: numpy.slice clamps it as Python
  // does, where Number() would round 2^1024 and beyond to Infinity (refused as no integer).
  const part = (v: unknown) => (v === null || v === undefined ? null : v);
  if (!Array.isArray(s) || s.length < 1 || s.length > 3)
    throw new UsageError(
      'cli.slice',
      `a slice item is {"slice": [start, stop, step]} (1 to 3 entries, null for omitted); got ${JSON.stringify(s)}`,
    );
  const [a, b, c] = s.length === 1 ? [null, s[0], null] : s;
  return numpy.slice(part(a) as SliceBound, part(b) as SliceBound, part(c) as SliceBound);
}

/** A JSON entry of booleans only (`true`, `[true, false]`): a boolean mask, not index values. */
function isMask(e: NestedArray): boolean {
  const all = (x: unknown): boolean =>
    Array.isArray(x) ? x.length > 0 && x.every(all) : typeof x === 'boolean';
  return all(e);
}

/** Lowers a tuple op's call: `--indices` read as the tuple, each entry an index tensor (or a mask). */
export function lowerTupleOp(op: TupleOp, args: CallArgs): CoreCall | ProgramCall {
  const data =
    args.tensors?.data ?? (args.data === undefined ? undefined : tensor(args.data, args.dataDType));
  if (data === undefined)
    throw new UsageError('cli.missing_input', `${op.id} needs --data (${op.inputs.data})`);
  const dtype = args.indexDType ?? op.indexDType;
  const given = args.tensors?.indices;
  const tuple = given
    ? [given]
    : Array.isArray(args.indices)
      ? (args.indices as NestedArray[]).map((e) => {
          const basic = basicItem(e);
          return basic !== undefined ? basic : tensor(e, isMask(e) ? 'bool' : dtype);
        })
      : [tensor(args.indices, dtype)];
  return op.lower(data, tuple, args);
}
