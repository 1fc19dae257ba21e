/**
 * Which rule wins when a call to `torch.gather` / `scatter` (src and value forms) / `scatter_add` /
 * `scatter_reduce` / `take` / `take_along_dim` (with and without `dim`) / `masked_select` /
 * `masked_scatter` breaks several at once: the rule PyTorch 1.13 reports, measured with
 * `/usr/bin/python3` (CPU; `torch.<fn>` and the Tensor method agree on every call) for every
 * single, pair and triple of: on a 3×4 float32 self, a bad `dim` (5), a float32 index (`idt`), a
 * 1-D index (`irank`), an index of shape 2×5 (`ishape`; 2×2 otherwise), index values 20 (`oob`),
 * a float64 src (`sdt`), a 1×1 src (`ssh`; 3×5 otherwise), reduce 'foo' (`red`); masks: a
 * float32 mask (`mdt`), a mask of shape [5] (`msh`), a float64 source (`sdt`), 2 source elements
 * (`ssz`). PyTorch's order: gather — dim, index dtype, ranks, index shape, index values;
 * take_along_dim with a dim — ranks, index dtype, dim, broadcast outside dim (the 2×2 index never
 * broadcasts with 3×4, so its values are not reached); take and take_along_dim without dim — index
 * dtype, values; the scatters — dim, index dtype, src dtype, ranks, index shape, the reduce
 * string, index values (an empty index: dim, src dtype, reduce, then self returned);
 * masked_select — mask dtype, broadcast; masked_scatter — broadcast, source dtype, source size. Before, 85 of these 354
 * calls named another rule (the reduce string went first, src's dtype before the
 * index dtype, masked_scatter's source dtype before the broadcast).
 *
 * A wrong `out` dtype is pinned in test/torch-check-order-out (PyTorch checks it at a place of its
 * own in each op; 247 calls). A float32 mask
 * in masked_scatter: PyTorch 1.13 accepts it (and writes nothing); ours refuses it
 * (torch.masked_scatter.mask_dtype) — an acceptance difference, not an order.
 */
import { describe, expect, it } from 'vitest';
import { type Tensor, tensor, torch, zeros } from '../src/index.js';
import { codeOf } from './helpers/errors.js';

/** op → the broken rules → the rule PyTorch 1.13 names (`OK`: no error). */
const MEASURED: Record<string, Record<string, string>> = {
  gather: {
    dim: 'dim',
    idt: 'index_dtype',
    irank: 'ndim',
    ishape: 'index_shape',
    oob: 'index_out_of_bounds',
    'dim+idt': 'dim',
    'dim+irank': 'dim',
    'dim+ishape': 'dim',
    'dim+oob': 'dim',
    'idt+irank': 'index_dtype',
    'idt+ishape': 'index_dtype',
    'idt+oob': 'index_dtype',
    'irank+ishape': 'ndim',
    'irank+oob': 'ndim',
    'ishape+oob': 'index_shape',
    'dim+idt+irank': 'dim',
    'dim+idt+ishape': 'dim',
    'dim+idt+oob': 'dim',
    'dim+irank+ishape': 'dim',
    'dim+irank+oob': 'dim',
    'dim+ishape+oob': 'dim',
    'idt+irank+ishape': 'index_dtype',
    'idt+irank+oob': 'index_dtype',
    'idt+ishape+oob': 'index_dtype',
    'irank+ishape+oob': 'ndim',
  },
  scatter: {
    dim: 'dim',
    idt: 'index_dtype',
    irank: 'ndim',
    ishape: 'index_shape',
    oob: 'index_out_of_bounds',
    sdt: 'src_dtype',
    ssh: 'index_shape',
    red: 'reduce',
    'dim+idt': 'dim',
    'dim+irank': 'dim',
    'dim+ishape': 'dim',
    'dim+oob': 'dim',
    'dim+sdt': 'dim',
    'dim+ssh': 'dim',
    'dim+red': 'dim',
    'idt+irank': 'index_dtype',
    'idt+ishape': 'index_dtype',
    'idt+oob': 'index_dtype',
    'idt+sdt': 'index_dtype',
    'idt+ssh': 'index_dtype',
    'idt+red': 'index_dtype',
    'irank+ishape': 'ndim',
    'irank+oob': 'ndim',
    'irank+sdt': 'src_dtype',
    'irank+ssh': 'ndim',
    'irank+red': 'ndim',
    'ishape+oob': 'index_shape',
    'ishape+sdt': 'src_dtype',
    'ishape+ssh': 'index_shape',
    'ishape+red': 'index_shape',
    'oob+sdt': 'src_dtype',
    'oob+ssh': 'index_shape',
    'oob+red': 'reduce',
    'sdt+ssh': 'src_dtype',
    'sdt+red': 'src_dtype',
    'ssh+red': 'index_shape',
    'dim+idt+irank': 'dim',
    'dim+idt+ishape': 'dim',
    'dim+idt+oob': 'dim',
    'dim+idt+sdt': 'dim',
    'dim+idt+ssh': 'dim',
    'dim+idt+red': 'dim',
    'dim+irank+ishape': 'dim',
    'dim+irank+oob': 'dim',
    'dim+irank+sdt': 'dim',
    'dim+irank+ssh': 'dim',
    'dim+irank+red': 'dim',
    'dim+ishape+oob': 'dim',
    'dim+ishape+sdt': 'dim',
    'dim+ishape+ssh': 'dim',
    'dim+ishape+red': 'dim',
    'dim+oob+sdt': 'dim',
    'dim+oob+ssh': 'dim',
    'dim+oob+red': 'dim',
    'dim+sdt+ssh': 'dim',
    'dim+sdt+red': 'dim',
    'dim+ssh+red': 'dim',
    'idt+irank+ishape': 'index_dtype',
    'idt+irank+oob': 'index_dtype',
    'idt+irank+sdt': 'index_dtype',
    'idt+irank+ssh': 'index_dtype',
    'idt+irank+red': 'index_dtype',
    'idt+ishape+oob': 'index_dtype',
    'idt+ishape+sdt': 'index_dtype',
    'idt+ishape+ssh': 'index_dtype',
    'idt+ishape+red': 'index_dtype',
    'idt+oob+sdt': 'index_dtype',
    'idt+oob+ssh': 'index_dtype',
    'idt+oob+red': 'index_dtype',
    'idt+sdt+ssh': 'index_dtype',
    'idt+sdt+red': 'index_dtype',
    'idt+ssh+red': 'index_dtype',
    'irank+ishape+oob': 'ndim',
    'irank+ishape+sdt': 'src_dtype',
    'irank+ishape+ssh': 'ndim',
    'irank+ishape+red': 'ndim',
    'irank+oob+sdt': 'src_dtype',
    'irank+oob+ssh': 'ndim',
    'irank+oob+red': 'ndim',
    'irank+sdt+ssh': 'src_dtype',
    'irank+sdt+red': 'src_dtype',
    'irank+ssh+red': 'ndim',
    'ishape+oob+sdt': 'src_dtype',
    'ishape+oob+ssh': 'index_shape',
    'ishape+oob+red': 'index_shape',
    'ishape+sdt+ssh': 'src_dtype',
    'ishape+sdt+red': 'src_dtype',
    'ishape+ssh+red': 'index_shape',
    'oob+sdt+ssh': 'src_dtype',
    'oob+sdt+red': 'src_dtype',
    'oob+ssh+red': 'index_shape',
    'sdt+ssh+red': 'src_dtype',
  },
  scatter_value: {
    dim: 'dim',
    idt: 'index_dtype',
    irank: 'ndim',
    ishape: 'index_shape',
    oob: 'index_out_of_bounds',
    red: 'reduce',
    'dim+idt': 'dim',
    'dim+irank': 'dim',
    'dim+ishape': 'dim',
    'dim+oob': 'dim',
    'dim+red': 'dim',
    'idt+irank': 'index_dtype',
    'idt+ishape': 'index_dtype',
    'idt+oob': 'index_dtype',
    'idt+red': 'index_dtype',
    'irank+ishape': 'ndim',
    'irank+oob': 'ndim',
    'irank+red': 'ndim',
    'ishape+oob': 'index_shape',
    'ishape+red': 'index_shape',
    'oob+red': 'reduce',
    'dim+idt+irank': 'dim',
    'dim+idt+ishape': 'dim',
    'dim+idt+oob': 'dim',
    'dim+idt+red': 'dim',
    'dim+irank+ishape': 'dim',
    'dim+irank+oob': 'dim',
    'dim+irank+red': 'dim',
    'dim+ishape+oob': 'dim',
    'dim+ishape+red': 'dim',
    'dim+oob+red': 'dim',
    'idt+irank+ishape': 'index_dtype',
    'idt+irank+oob': 'index_dtype',
    'idt+irank+red': 'index_dtype',
    'idt+ishape+oob': 'index_dtype',
    'idt+ishape+red': 'index_dtype',
    'idt+oob+red': 'index_dtype',
    'irank+ishape+oob': 'ndim',
    'irank+ishape+red': 'ndim',
    'irank+oob+red': 'ndim',
    'ishape+oob+red': 'index_shape',
  },
  scatter_add: {
    dim: 'dim',
    idt: 'index_dtype',
    irank: 'ndim',
    ishape: 'index_shape',
    oob: 'index_out_of_bounds',
    sdt: 'src_dtype',
    ssh: 'index_shape',
    'dim+idt': 'dim',
    'dim+irank': 'dim',
    'dim+ishape': 'dim',
    'dim+oob': 'dim',
    'dim+sdt': 'dim',
    'dim+ssh': 'dim',
    'idt+irank': 'index_dtype',
    'idt+ishape': 'index_dtype',
    'idt+oob': 'index_dtype',
    'idt+sdt': 'index_dtype',
    'idt+ssh': 'index_dtype',
    'irank+ishape': 'ndim',
    'irank+oob': 'ndim',
    'irank+sdt': 'src_dtype',
    'irank+ssh': 'ndim',
    'ishape+oob': 'index_shape',
    'ishape+sdt': 'src_dtype',
    'ishape+ssh': 'index_shape',
    'oob+sdt': 'src_dtype',
    'oob+ssh': 'index_shape',
    'sdt+ssh': 'src_dtype',
    'dim+idt+irank': 'dim',
    'dim+idt+ishape': 'dim',
    'dim+idt+oob': 'dim',
    'dim+idt+sdt': 'dim',
    'dim+idt+ssh': 'dim',
    'dim+irank+ishape': 'dim',
    'dim+irank+oob': 'dim',
    'dim+irank+sdt': 'dim',
    'dim+irank+ssh': 'dim',
    'dim+ishape+oob': 'dim',
    'dim+ishape+sdt': 'dim',
    'dim+ishape+ssh': 'dim',
    'dim+oob+sdt': 'dim',
    'dim+oob+ssh': 'dim',
    'dim+sdt+ssh': 'dim',
    'idt+irank+ishape': 'index_dtype',
    'idt+irank+oob': 'index_dtype',
    'idt+irank+sdt': 'index_dtype',
    'idt+irank+ssh': 'index_dtype',
    'idt+ishape+oob': 'index_dtype',
    'idt+ishape+sdt': 'index_dtype',
    'idt+ishape+ssh': 'index_dtype',
    'idt+oob+sdt': 'index_dtype',
    'idt+oob+ssh': 'index_dtype',
    'idt+sdt+ssh': 'index_dtype',
    'irank+ishape+oob': 'ndim',
    'irank+ishape+sdt': 'src_dtype',
    'irank+ishape+ssh': 'ndim',
    'irank+oob+sdt': 'src_dtype',
    'irank+oob+ssh': 'ndim',
    'irank+sdt+ssh': 'src_dtype',
    'ishape+oob+sdt': 'src_dtype',
    'ishape+oob+ssh': 'index_shape',
    'ishape+sdt+ssh': 'src_dtype',
    'oob+sdt+ssh': 'src_dtype',
  },
  scatter_reduce: {
    dim: 'dim',
    idt: 'index_dtype',
    irank: 'ndim',
    ishape: 'index_shape',
    oob: 'index_out_of_bounds',
    sdt: 'src_dtype',
    ssh: 'index_shape',
    red: 'reduce',
    'dim+idt': 'dim',
    'dim+irank': 'dim',
    'dim+ishape': 'dim',
    'dim+oob': 'dim',
    'dim+sdt': 'dim',
    'dim+ssh': 'dim',
    'dim+red': 'dim',
    'idt+irank': 'index_dtype',
    'idt+ishape': 'index_dtype',
    'idt+oob': 'index_dtype',
    'idt+sdt': 'index_dtype',
    'idt+ssh': 'index_dtype',
    'idt+red': 'index_dtype',
    'irank+ishape': 'ndim',
    'irank+oob': 'ndim',
    'irank+sdt': 'src_dtype',
    'irank+ssh': 'ndim',
    'irank+red': 'ndim',
    'ishape+oob': 'index_shape',
    'ishape+sdt': 'src_dtype',
    'ishape+ssh': 'index_shape',
    'ishape+red': 'index_shape',
    'oob+sdt': 'src_dtype',
    'oob+ssh': 'index_shape',
    'oob+red': 'reduce',
    'sdt+ssh': 'src_dtype',
    'sdt+red': 'src_dtype',
    'ssh+red': 'index_shape',
    'dim+idt+irank': 'dim',
    'dim+idt+ishape': 'dim',
    'dim+idt+oob': 'dim',
    'dim+idt+sdt': 'dim',
    'dim+idt+ssh': 'dim',
    'dim+idt+red': 'dim',
    'dim+irank+ishape': 'dim',
    'dim+irank+oob': 'dim',
    'dim+irank+sdt': 'dim',
    'dim+irank+ssh': 'dim',
    'dim+irank+red': 'dim',
    'dim+ishape+oob': 'dim',
    'dim+ishape+sdt': 'dim',
    'dim+ishape+ssh': 'dim',
    'dim+ishape+red': 'dim',
    'dim+oob+sdt': 'dim',
    'dim+oob+ssh': 'dim',
    'dim+oob+red': 'dim',
    'dim+sdt+ssh': 'dim',
    'dim+sdt+red': 'dim',
    'dim+ssh+red': 'dim',
    'idt+irank+ishape': 'index_dtype',
    'idt+irank+oob': 'index_dtype',
    'idt+irank+sdt': 'index_dtype',
    'idt+irank+ssh': 'index_dtype',
    'idt+irank+red': 'index_dtype',
    'idt+ishape+oob': 'index_dtype',
    'idt+ishape+sdt': 'index_dtype',
    'idt+ishape+ssh': 'index_dtype',
    'idt+ishape+red': 'index_dtype',
    'idt+oob+sdt': 'index_dtype',
    'idt+oob+ssh': 'index_dtype',
    'idt+oob+red': 'index_dtype',
    'idt+sdt+ssh': 'index_dtype',
    'idt+sdt+red': 'index_dtype',
    'idt+ssh+red': 'index_dtype',
    'irank+ishape+oob': 'ndim',
    'irank+ishape+sdt': 'src_dtype',
    'irank+ishape+ssh': 'ndim',
    'irank+ishape+red': 'ndim',
    'irank+oob+sdt': 'src_dtype',
    'irank+oob+ssh': 'ndim',
    'irank+oob+red': 'ndim',
    'irank+sdt+ssh': 'src_dtype',
    'irank+sdt+red': 'src_dtype',
    'irank+ssh+red': 'ndim',
    'ishape+oob+sdt': 'src_dtype',
    'ishape+oob+ssh': 'index_shape',
    'ishape+oob+red': 'index_shape',
    'ishape+sdt+ssh': 'src_dtype',
    'ishape+sdt+red': 'src_dtype',
    'ishape+ssh+red': 'index_shape',
    'oob+sdt+ssh': 'src_dtype',
    'oob+sdt+red': 'src_dtype',
    'oob+ssh+red': 'index_shape',
    'sdt+ssh+red': 'src_dtype',
  },
  take: {
    idt: 'index_dtype',
    oob: 'index_out_of_bounds',
    'idt+oob': 'index_dtype',
  },
  take_along_dim: {
    dim: 'dim',
    idt: 'index_dtype',
    irank: 'ndim',
    ishape: 'shape',
    oob: 'shape',
    'dim+idt': 'index_dtype',
    'dim+irank': 'ndim',
    'dim+ishape': 'dim',
    'dim+oob': 'dim',
    'idt+irank': 'ndim',
    'idt+ishape': 'index_dtype',
    'idt+oob': 'index_dtype',
    'irank+ishape': 'ndim',
    'irank+oob': 'ndim',
    'ishape+oob': 'shape',
    'dim+idt+irank': 'ndim',
    'dim+idt+ishape': 'index_dtype',
    'dim+idt+oob': 'index_dtype',
    'dim+irank+ishape': 'ndim',
    'dim+irank+oob': 'ndim',
    'dim+ishape+oob': 'dim',
    'idt+irank+ishape': 'ndim',
    'idt+irank+oob': 'ndim',
    'idt+ishape+oob': 'index_dtype',
    'irank+ishape+oob': 'ndim',
  },
  take_along_dim_none: {
    idt: 'index_dtype',
    oob: 'index_out_of_bounds',
    'idt+oob': 'index_dtype',
  },
  masked_select: {
    mdt: 'mask_dtype',
    msh: 'shape',
    'mdt+msh': 'mask_dtype',
  },
  masked_scatter: {
    msh: 'shape',
    sdt: 'source_dtype',
    ssz: 'source_size',
    'msh+sdt': 'shape',
    'msh+ssz': 'shape',
    'sdt+ssz': 'source_dtype',
    'msh+sdt+ssz': 'shape',
  },
};

const full = (shape: number[], v: number | boolean, dtype: 'int64' | 'float32' | 'bool'): Tensor => {
  const n = shape.reduce((a, b) => a * b, 1);
  const value = dtype === 'int64' ? BigInt(v as number) : v;
  return tensor(new Array(n).fill(value), dtype).reshape(shape);
};

function call(op: string, bad: string[]): () => unknown {
  const x = zeros([3, 4], 'float32');
  if (op.startsWith('masked')) {
    const mask = bad.includes('mdt')
      ? full(bad.includes('msh') ? [5] : [3, 4], 1, 'float32')
      : full(bad.includes('msh') ? [5] : [3, 4], true, 'bool');
    const source = zeros([bad.includes('ssz') ? 2 : 12], bad.includes('sdt') ? 'float64' : 'float32');
    return op === 'masked_select'
      ? () => torch.masked_select(x, mask)
      : () => torch.masked_scatter(x, mask, source);
  }
  const dim = bad.includes('dim') ? 5 : 0;
  const shape = bad.includes('ishape') ? [2, 5] : [2, 2];
  let index = full(shape, bad.includes('oob') ? 20 : 0, bad.includes('idt') ? 'float32' : 'int64');
  if (bad.includes('irank')) index = index.reshape([index.size]);
  const src = zeros(bad.includes('ssh') ? [1, 1] : [3, 5], bad.includes('sdt') ? 'float64' : 'float32');
  const red = bad.includes('red') ? 'foo' : undefined;
  const bogus = red as 'add' | undefined;
  switch (op) {
    case 'gather':
      return () => torch.gather(x, dim, index);
    case 'scatter':
      return () => torch.scatter(x, dim, index, src, red ? { reduce: bogus } : undefined);
    case 'scatter_value':
      return () => torch.scatter(x, dim, index, 1, red ? { reduce: bogus } : undefined);
    case 'scatter_add':
      return () => torch.scatter_add(x, dim, index, src);
    case 'scatter_reduce':
      return () => torch.scatter_reduce(x, dim, index, src, (red ?? 'sum') as 'sum');
    case 'take':
      return () => torch.take(x, index);
    case 'take_along_dim':
      return () => torch.take_along_dim(x, index, { dim });
    default:
      return () => torch.take_along_dim(x, index);
  }
}

const rows = Object.entries(MEASURED).flatMap(([op, t]) =>
  Object.entries(t).map(([bad, rule]) => [op, bad, rule]),
);

describe('torch gathers and scatters: the rule PyTorch 1.13 reports first', () => {
  it.each(rows)('%s with a bad %s: %s', (op, bad, rule) => {
    const name = op.replace(/_value$|_none$/, '');
    expect(codeOf(call(op, bad.split('+')))).toBe(rule === 'OK' ? 'no error' : `torch.${name}.${rule}`);
  });

  // An empty index (0×4): PyTorch 1.13 checks dim, src's dtype and the reduce string, no index.
  const x = zeros([3, 4], 'float32');
  const empty = zeros([0, 4], 'int64');
  const f64 = zeros([3, 4], 'float64');
  it.each([
    ['a float32 index', () => torch.scatter(x, 0, zeros([0, 4], 'float32'), x), 'no error'],
    [
      'a float32 index, a float64 src',
      () => torch.scatter(x, 0, zeros([0, 4], 'float32'), f64),
      'torch.scatter.src_dtype',
    ],
    ['reduce foo', () => torch.scatter(x, 0, empty, x, { reduce: 'foo' as 'add' }), 'torch.scatter.reduce'],
    [
      'reduce foo (scatter_reduce)',
      () => torch.scatter_reduce(x, 0, empty, x, 'foo' as 'sum'),
      'torch.scatter_reduce.reduce',
    ],
    [
      'a float64 src, reduce foo',
      () => torch.scatter(x, 0, empty, f64, { reduce: 'foo' as 'add' }),
      'torch.scatter.src_dtype',
    ],
    [
      'a float64 src, reduce foo (scatter_reduce)',
      () => torch.scatter_reduce(x, 0, empty, f64, 'foo' as 'sum'),
      'torch.scatter_reduce.src_dtype',
    ],
    [
      'dim 5, reduce foo',
      () => torch.scatter(x, 5, empty, x, { reduce: 'foo' as 'add' }),
      'torch.scatter.dim',
    ],
    // PyTorch's argument parser refuses a reduce that is no string (TypeError) before dim.
    [
      'dim 5, reduce 5',
      () => torch.scatter(x, 5, empty, x, { reduce: 5 as unknown as 'add' }),
      'torch.scatter.reduce',
    ],
  ] as [string, () => unknown, string][])('scatter with an empty index and %s: %s', (_, f, code) => {
    expect(codeOf(f)).toBe(code);
  });
});
