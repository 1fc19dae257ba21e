/**
 * Where PyTorch 1.13 checks `out`'s dtype among an op's other rules: measured with
 * `/usr/bin/python3` (torch 1.13, CPU) for `out` = a float64 tensor of the result's shape on a
 * 3×4 float32 self, alone and with every single and pair of the op's other broken rules (the
 * builders below; the same as test/torch-check-order and test/torch-check-order-scatter): a bad
 * `dim` (5), a float32 index (`idt`), an index of another rank (`irank`), an index of shape 2×5
 * (`ishape`; take_along_dim: 1×3, not broadcastable), index values 20 (`oob`), a float64 src or
 * source (`sdt`), a src of shape 1×1 / a source of 2 rows (`ssh`), reduce 'foo' (`red`); masks:
 * a float32 mask (`mdt`), a mask of shape [5] (`msh`). 247 calls.
 *
 * PyTorch's places: gather — after dim, before everything about the index; take_along_dim
 * without a dim — first; index_copy — after dim; the scatters — after the shape checks, before
 * the reduce string and the indices' values; index_select, index_add, take, take_along_dim with
 * a dim — after every shape check, before the values; masked_select — after the mask's dtype,
 * before the broadcast. Before, 32 of these 247 calls named another rule (ours was the core's
 * check, after every frontend rule). Each entry lists the calls (the other broken rules, `-` for
 * none) whose rule PyTorch names.
 */
import { describe, expect, it } from 'vitest';
import { type Tensor, full, tensor, torch, zeros } from '../src/index.js';
import { codeOf } from './helpers/errors.js';

/** '<op> <the rule PyTorch names>' → the calls (other broken rules besides `out`'s dtype). */
const MEASURED: Record<string, string> = {
  // gather
  'gather out': '- idt irank ishape oob idt+irank idt+ishape idt+oob irank+ishape irank+oob ishape+oob',
  'gather dim': 'dim dim+idt dim+irank dim+ishape dim+oob',
  // scatter
  'scatter out': '- oob',
  'scatter dim': 'dim dim+idt dim+irank dim+ishape dim+oob dim+sdt dim+ssh',
  'scatter index_dtype': 'idt idt+irank idt+ishape idt+oob idt+sdt idt+ssh',
  'scatter rank': 'irank irank+ishape irank+oob irank+ssh',
  'scatter index_shape': 'ishape ssh ishape+oob ishape+ssh oob+ssh',
  'scatter src_dtype': 'sdt irank+sdt ishape+sdt oob+sdt sdt+ssh',
  // scatter_value
  'scatter_value out': '- oob',
  'scatter_value dim': 'dim dim+idt dim+irank dim+ishape dim+oob',
  'scatter_value index_dtype': 'idt idt+irank idt+ishape idt+oob',
  'scatter_value rank': 'irank irank+ishape irank+oob',
  'scatter_value index_shape': 'ishape ishape+oob',
  // scatter_reduce_legacy
  'scatter_reduce_legacy out': '- oob red oob+red',
  'scatter_reduce_legacy dim': 'dim dim+idt dim+irank dim+ishape dim+oob dim+sdt dim+ssh dim+red',
  'scatter_reduce_legacy index_dtype': 'idt idt+irank idt+ishape idt+oob idt+sdt idt+ssh idt+red',
  'scatter_reduce_legacy rank': 'irank irank+ishape irank+oob irank+ssh irank+red',
  'scatter_reduce_legacy index_shape': 'ishape ssh ishape+oob ishape+ssh ishape+red oob+ssh ssh+red',
  'scatter_reduce_legacy src_dtype': 'sdt irank+sdt ishape+sdt oob+sdt sdt+ssh sdt+red',
  // scatter_add
  'scatter_add out': '- oob',
  'scatter_add dim': 'dim dim+idt dim+irank dim+ishape dim+oob dim+sdt dim+ssh',
  'scatter_add index_dtype': 'idt idt+irank idt+ishape idt+oob idt+sdt idt+ssh',
  'scatter_add rank': 'irank irank+ishape irank+oob irank+ssh',
  'scatter_add index_shape': 'ishape ssh ishape+oob ishape+ssh oob+ssh',
  'scatter_add src_dtype': 'sdt irank+sdt ishape+sdt oob+sdt sdt+ssh',
  // scatter_reduce
  'scatter_reduce out': '- oob red oob+red',
  'scatter_reduce dim': 'dim dim+idt dim+irank dim+ishape dim+oob dim+sdt dim+ssh dim+red',
  'scatter_reduce index_dtype': 'idt idt+irank idt+ishape idt+oob idt+sdt idt+ssh idt+red',
  'scatter_reduce rank': 'irank irank+ishape irank+oob irank+ssh irank+red',
  'scatter_reduce index_shape': 'ishape ssh ishape+oob ishape+ssh ishape+red oob+ssh ssh+red',
  'scatter_reduce src_dtype': 'sdt irank+sdt ishape+sdt oob+sdt sdt+ssh sdt+red',
  // take
  'take out': '- oob',
  'take index_dtype': 'idt idt+oob',
  // take_along_dim_nodim
  'take_along_dim_nodim out': '- idt oob idt+oob',
  // index_select
  'index_select out': '- oob',
  'index_select dim': 'dim dim+idt dim+irank dim+oob',
  'index_select index_dtype': 'idt idt+oob',
  'index_select rank': 'irank idt+irank irank+oob',
  // index_add
  'index_add out': '- oob',
  'index_add dim': 'dim dim+idt dim+irank dim+oob dim+sdt dim+ssh',
  'index_add index_dtype': 'idt idt+oob idt+sdt idt+ssh',
  'index_add rank': 'irank idt+irank irank+oob irank+sdt irank+ssh',
  'index_add src_dtype': 'sdt oob+sdt sdt+ssh',
  'index_add source_shape': 'ssh oob+ssh',
  // index_copy
  'index_copy out':
    '- idt irank oob sdt ssh idt+irank idt+oob idt+sdt idt+ssh irank+oob irank+sdt irank+ssh oob+sdt oob+ssh sdt+ssh',
  'index_copy dim': 'dim dim+idt dim+irank dim+oob dim+sdt dim+ssh',
  // take_along_dim
  'take_along_dim out': '- oob',
  'take_along_dim dim': 'dim dim+ishape dim+oob',
  'take_along_dim index_dtype': 'idt dim+idt idt+ishape idt+oob',
  'take_along_dim rank': 'irank dim+irank idt+irank irank+ishape irank+oob',
  'take_along_dim shape': 'ishape ishape+oob',
  // masked_select
  'masked_select out': '- msh',
  'masked_select mask_dtype': 'mdt mdt+msh',
};

const self = () => zeros([3, 4], 'float32');
const out = (shape: readonly number[]) => zeros(shape, 'float64');
const idx = (v: number[], shape: number[], bad: string[]) => {
  const t = bad.includes('idt') ? tensor(v, 'float32', shape) : tensor(v.map(BigInt), 'int64', shape);
  return bad.includes('irank') ? t.reshape(shape.length === 1 ? [1, 1] : [t.size]) : t;
};
/** The element-wise ops' arguments: dim, a 2×2 (or 2×5) index, a 3×5 (or 1×1) src, the reduce. */
function elementArgs(bad: string[]) {
  const shape = bad.includes('ishape') ? [2, 5] : [2, 2];
  const v = bad.includes('ishape')
    ? new Array<number>(10).fill(0)
    : bad.includes('oob')
      ? [20, 20, 20, 20]
      : [0, 1, 1, 2];
  const src = zeros(bad.includes('ssh') ? [1, 1] : [3, 5], bad.includes('sdt') ? 'float64' : 'float32');
  return {
    d: bad.includes('dim') ? 5 : 0,
    i: idx(v, shape, bad),
    src,
    red: bad.includes('red') ? 'foo' : 'sum',
  };
}
/** The slice-wise ops' arguments: dim, a 1-element index, a 1×4 (or 2×4) source. */
function sliceArgs(bad: string[]) {
  const source = zeros([bad.includes('ssh') ? 2 : 1, 4], bad.includes('sdt') ? 'float64' : 'float32');
  return { d: bad.includes('dim') ? 5 : 0, i: idx([bad.includes('oob') ? 20 : 0], [1], bad), source };
}
const OPS: Record<string, (bad: string[]) => unknown> = {
  gather: (b) => {
    const a = elementArgs(b);
    return torch.gather(self(), a.d, a.i, { out: out(a.i.shape) });
  },
  scatter: (b) => {
    const a = elementArgs(b);
    return torch.scatter(self(), a.d, a.i, a.src, { out: out([3, 4]) });
  },
  scatter_value: (b) => {
    const a = elementArgs(b);
    return torch.scatter(self(), a.d, a.i, 1, { out: out([3, 4]) });
  },
  scatter_reduce_legacy: (b) => {
    const a = elementArgs(b);
    const reduce = (a.red === 'foo' ? 'foo' : 'add') as 'add';
    return torch.scatter(self(), a.d, a.i, a.src, { reduce, out: out([3, 4]) });
  },
  scatter_add: (b) => {
    const a = elementArgs(b);
    return torch.scatter_add(self(), a.d, a.i, a.src, { out: out([3, 4]) });
  },
  scatter_reduce: (b) => {
    const a = elementArgs(b);
    return torch.scatter_reduce(self(), a.d, a.i, a.src, a.red as 'sum', { out: out([3, 4]) });
  },
  take: (b) => {
    const a = elementArgs(b);
    return torch.take(self(), a.i, { out: out(a.i.shape) });
  },
  take_along_dim_nodim: (b) => {
    const a = elementArgs(b);
    return torch.take_along_dim(self(), a.i, { out: out(a.i.shape) });
  },
  index_select: (b) => {
    const a = sliceArgs(b);
    return torch.index_select(self(), a.d, a.i, { out: out([1, 4]) });
  },
  index_add: (b) => {
    const a = sliceArgs(b);
    return torch.index_add(self(), a.d, a.i, a.source, { out: out([3, 4]) });
  },
  index_copy: (b) => {
    const a = sliceArgs(b);
    return torch.index_copy(self(), a.d, a.i, a.source, { out: out([3, 4]) });
  },
  take_along_dim: (b) => {
    const shape = b.includes('ishape') ? [1, 3] : [1, 4];
    const v = b.includes('ishape') ? [0, 0, 0] : b.includes('oob') ? [20, 20, 20, 20] : [0, 1, 0, 1];
    return torch.take_along_dim(self(), idx(v, shape, b), {
      dim: b.includes('dim') ? 5 : 0,
      out: out([1, 4]),
    });
  },
  masked_select: (b) => {
    const shape = b.includes('msh') ? [5] : [3, 4];
    const mask: Tensor = b.includes('mdt') ? full(shape, 1, 'float32') : full(shape, true, 'bool');
    return torch.masked_select(self(), mask, { out: out([12]) });
  },
};

/** Our code's rule, in the table's words (torch.<op>.ndim and .index_rank are both `rank`). */
const ruleOf = (code: string) => {
  const s = code.split('.').at(-1) ?? code;
  return ({ ndim: 'rank', index_rank: 'rank', source_dtype: 'src_dtype' } as Record<string, string>)[s] ?? s;
};

const CASES = Object.entries(MEASURED).flatMap(([key, calls]) => {
  const [op, rule] = key.split(' ');
  return calls.split(' ').map((c) => [op, c, rule] as const);
});

describe('out of the wrong dtype among the other rules: the rule PyTorch 1.13 names', () => {
  it('covers every measured call', () => {
    expect(CASES.length).toBe(247);
  });
  it('index_select into an empty dim: out’s dtype before the empty dim (torch-live found it; measured)', () => {
    // PyTorch 1.13: "index_select(): self and result must have the same scalar type" for both.
    const bool = zeros([0, 1, 4], 'bool');
    expect(
      codeOf(() => torch.index_select(bool, 0, tensor(0n, 'int64'), { out: zeros([0], 'float64') })),
    ).toBe('torch.index_select.out');
    const f64 = zeros([0, 3], 'float64');
    const index = tensor([0n, 0n, 0n], 'int64');
    expect(codeOf(() => torch.index_select(f64, 0, index, { out: zeros([0], 'float32') }))).toBe(
      'torch.index_select.out',
    );
    expect(codeOf(() => torch.index_select(f64, 0, index))).toBe('torch.index_select.empty_dim');
  });
  it.each(CASES)('%s with a float64 out and %s: %s', (op, calls, rule) => {
    const bad = calls === '-' ? [] : calls.split('+');
    expect(ruleOf(codeOf(() => OPS[op](bad)))).toBe(rule);
  });
});
