/**
 * `torch.index_put` (and `torch.index`, Python's `x[i0, i1]`) when a call breaks several rules,
 * and index_put's masked_fill path, measured with `/usr/bin/python3` (torch 1.13, CPU) on a 3×4
 * float32 self:
 * - integer indices (INTS; i0 = [0, 1], i1 = [1, 2], values of shape [2]) with every single, pair
 *   and triple of: a float32 i0 (`idt`), a third index array (`many`), i1 = [1, 2, 0] (`bcast`),
 *   i0 = [9, 9] (`oob`), float64 values (`vdt`), values of shape [5] (`vsh`); accumulate False and
 *   True; `torch.index` with the index rules only;
 * - a bool mask [T, F, T] and i1 (MASKS) with the same rules and a mask of shape [4] (`msh`).
 * PyTorch's order: too many entries, every entry's dtype, the masks' shapes, the broadcast, the
 * values' shape, the values' dtype, then the bounds. Before, 48 of these 222 calls named another
 * rule (the values' dtype went first, and an entry's dtype after an earlier mask's shape).
 *
 * The masked_fill path (one mask and nothing else, a one-element `values`, accumulate False):
 * PyTorch runs `x.masked_fill_(mask, values.item())`, so `values` of another dtype is converted as
 * a scalar (c10's checked conversion) instead of refused. Before, every such call was refused
 * (torch.index_put.values_dtype); FILL pins 20 measured conversions.
 */
import { describe, expect, it } from 'vitest';
import { type DType, type Tensor, tensor, torch, zeros } from '../src/index.js';
import { caught, codeOf } from './helpers/errors.js';

/** '<op> <the rule PyTorch names>' → the calls (their broken rules). */
const INTS: Record<string, string> = {
  'index_put idt':
    'idt idt+bcast idt+oob idt+vdt idt+vsh idt+bcast+oob idt+bcast+vdt idt+bcast+vsh idt+oob+vdt idt+oob+vsh idt+vdt+vsh',
  'index_put many':
    'many idt+many many+bcast many+oob many+vdt many+vsh idt+many+bcast idt+many+oob idt+many+vdt idt+many+vsh many+bcast+oob many+bcast+vdt many+bcast+vsh many+oob+vdt many+oob+vsh many+vdt+vsh',
  'index_put bcast': 'bcast bcast+oob bcast+vdt bcast+vsh bcast+oob+vdt bcast+oob+vsh bcast+vdt+vsh',
  'index_put oob': 'oob',
  'index_put vdt': 'vdt oob+vdt',
  'index_put vsh': 'vsh oob+vsh vdt+vsh oob+vdt+vsh',
  'index_put_acc idt':
    'idt idt+bcast idt+oob idt+vdt idt+vsh idt+bcast+oob idt+bcast+vdt idt+bcast+vsh idt+oob+vdt idt+oob+vsh idt+vdt+vsh',
  'index_put_acc many':
    'many idt+many many+bcast many+oob many+vdt many+vsh idt+many+bcast idt+many+oob idt+many+vdt idt+many+vsh many+bcast+oob many+bcast+vdt many+bcast+vsh many+oob+vdt many+oob+vsh many+vdt+vsh',
  'index_put_acc bcast': 'bcast bcast+oob bcast+vdt bcast+vsh bcast+oob+vdt bcast+oob+vsh bcast+vdt+vsh',
  'index_put_acc oob': 'oob',
  'index_put_acc vdt': 'vdt oob+vdt',
  'index_put_acc vsh': 'vsh oob+vsh vdt+vsh oob+vdt+vsh',
  'index idt': 'idt idt+bcast idt+oob idt+bcast+oob',
  'index many': 'many idt+many many+bcast many+oob idt+many+bcast idt+many+oob many+bcast+oob',
  'index bcast': 'bcast bcast+oob',
  'index oob': 'oob',
};
const MASKS: Record<string, string> = {
  'index_put msh':
    'msh msh+bcast msh+oob msh+vdt msh+vsh msh+bcast+oob msh+bcast+vdt msh+bcast+vsh msh+oob+vdt msh+oob+vsh msh+vdt+vsh',
  'index_put idt':
    'idt msh+idt idt+bcast idt+oob idt+vdt idt+vsh msh+idt+bcast msh+idt+oob msh+idt+vdt msh+idt+vsh idt+bcast+oob idt+bcast+vdt idt+bcast+vsh idt+oob+vdt idt+oob+vsh idt+vdt+vsh',
  'index_put many':
    'many msh+many idt+many many+bcast many+oob many+vdt many+vsh msh+idt+many msh+many+bcast msh+many+oob msh+many+vdt msh+many+vsh idt+many+bcast idt+many+oob idt+many+vdt idt+many+vsh many+bcast+oob many+bcast+vdt many+bcast+vsh many+oob+vdt many+oob+vsh many+vdt+vsh',
  'index_put bcast': 'bcast bcast+oob bcast+vdt bcast+vsh bcast+oob+vdt bcast+oob+vsh bcast+vdt+vsh',
  'index_put oob': 'oob',
  'index_put vdt': 'vdt oob+vdt',
  'index_put vsh': 'vsh oob+vsh vdt+vsh oob+vdt+vsh',
  'index_put_acc msh':
    'msh msh+bcast msh+oob msh+vdt msh+vsh msh+bcast+oob msh+bcast+vdt msh+bcast+vsh msh+oob+vdt msh+oob+vsh msh+vdt+vsh',
  'index_put_acc idt':
    'idt msh+idt idt+bcast idt+oob idt+vdt idt+vsh msh+idt+bcast msh+idt+oob msh+idt+vdt msh+idt+vsh idt+bcast+oob idt+bcast+vdt idt+bcast+vsh idt+oob+vdt idt+oob+vsh idt+vdt+vsh',
  'index_put_acc many':
    'many msh+many idt+many many+bcast many+oob many+vdt many+vsh msh+idt+many msh+many+bcast msh+many+oob msh+many+vdt msh+many+vsh idt+many+bcast idt+many+oob idt+many+vdt idt+many+vsh many+bcast+oob many+bcast+vdt many+bcast+vsh many+oob+vdt many+oob+vsh many+vdt+vsh',
  'index_put_acc bcast': 'bcast bcast+oob bcast+vdt bcast+vsh bcast+oob+vdt bcast+oob+vsh bcast+vdt+vsh',
  'index_put_acc oob': 'oob',
  'index_put_acc vdt': 'vdt oob+vdt',
  'index_put_acc vsh': 'vsh oob+vsh vdt+vsh oob+vdt+vsh',
};

const idx = (v: number[], bad: string[]) =>
  bad.includes('idt') ? tensor(v, 'float32') : tensor(v.map(BigInt), 'int64');
const I = (v: number[]) => tensor(v.map(BigInt), 'int64');
/** The index tuples: two integer arrays, or a mask and an integer array. */
const TUPLE = {
  ints: (bad: string[]) => {
    const i0 = idx(bad.includes('oob') ? [9, 9] : [0, 1], bad);
    const i1 = I(bad.includes('bcast') ? [1, 2, 0] : [1, 2]);
    return bad.includes('many') ? [i0, i1, I([0, 0])] : [i0, i1];
  },
  masks: (bad: string[]) => {
    const m = tensor(bad.includes('msh') ? [true, false, true, false] : [true, false, true], 'bool');
    const i1 = idx(bad.includes('bcast') ? [1, 2, 0] : bad.includes('oob') ? [9, 9] : [1, 2], bad);
    return bad.includes('many') ? [m, i1, I([0, 0])] : [m, i1];
  },
};
const WORDS: Record<string, string> = {
  index_out_of_bounds: 'oob',
  index_dtype: 'idt',
  too_many_indices: 'many',
  values_dtype: 'vdt',
  values_shape: 'vsh',
  shape: 'bcast',
  mask_shape: 'msh',
};
/** Our code in the table's words. */
const ruleOf = (code: string) => WORDS[code.split('.').at(-1) ?? ''] ?? code;

function run(op: string, tuple: Tensor[], bad: string[]): string {
  const x = zeros([3, 4], 'float32');
  const v = zeros(bad.includes('vsh') ? [5] : [2], bad.includes('vdt') ? 'float64' : 'float32');
  if (op === 'index') return ruleOf(codeOf(() => torch.index(x, tuple)));
  return ruleOf(codeOf(() => torch.index_put(x, tuple, v, { accumulate: op === 'index_put_acc' })));
}
const cases = (table: Record<string, string>, kind: keyof typeof TUPLE) =>
  Object.entries(table).flatMap(([key, calls]) => {
    const [op, rule] = key.split(' ');
    return calls.split(' ').map((c) => [op, c, rule, kind] as const);
  });

describe('torch.index_put / torch.index: the rule PyTorch 1.13 names when several break', () => {
  const all = [...cases(INTS, 'ints'), ...cases(MASKS, 'masks')];
  it('covers every measured call', () => {
    expect(all.length).toBe(222);
  });
  it.each(all)('%s %s → %s (%s)', (op, calls, rule, kind) => {
    const bad = calls.split('+');
    expect(run(op, TUPLE[kind](bad), bad)).toBe(rule);
  });
});

/** [self dtype, values, PyTorch 1.13's x[:, 0] after index_put(x, (mask,), values), or its refusal]. */
const FILL: [DType, () => Tensor, unknown[] | 'refused'][] = [
  ['float32', () => tensor(1e300, 'float64'), 'refused'], // value cannot be converted to type float without overflow
  ['float32', () => tensor(2n ** 40n, 'int64'), [1099511627776, 0, 1099511627776]],
  ['float32', () => tensor(true, 'bool'), [1, 0, 1]],
  ['float32', () => tensor([{ re: 1, im: 0 }], 'complex64').reshape([]), [1, 0, 1]],
  ['float32', () => tensor([{ re: 1, im: 2 }], 'complex64').reshape([]), 'refused'],
  ['float32', () => tensor(Number.NaN, 'float64'), [Number.NaN, 0, Number.NaN]],
  ['float32', () => tensor([[2.5]], 'float64'), [2.5, 0, 2.5]],
  ['int32', () => tensor(1.5, 'float64'), [1, 0, 1]],
  ['int32', () => tensor(Number.NaN, 'float64'), 'refused'],
  ['int32', () => tensor(2n ** 40n, 'int64'), 'refused'],
  ['int32', () => tensor(-1.5, 'float16'), [-1, 0, -1]],
  ['uint8', () => tensor(300n, 'int64'), 'refused'],
  ['uint8', () => tensor(-3n, 'int64'), [253, 0, 253]],
  ['uint8', () => tensor(-0.5, 'float32'), 'refused'],
  ['bool', () => tensor(0.5, 'float64'), [true, false, true]],
  ['bool', () => tensor(0n, 'int64'), [false, false, false]],
  [
    'complex64',
    () => tensor(1.5, 'float64'),
    [
      { re: 1.5, im: 0 },
      { re: 0, im: 0 },
      { re: 1.5, im: 0 },
    ],
  ],
  [
    'complex64',
    () => tensor([{ re: 1, im: 2 }], 'complex128').reshape([]),
    [
      { re: 1, im: 2 },
      { re: 0, im: 0 },
      { re: 1, im: 2 },
    ],
  ],
  ['float16', () => tensor(1e5, 'float64'), 'refused'],
  ['float16', () => tensor(70000n, 'int64'), 'refused'],
];

describe('torch.index_put’s masked_fill path converts a one-element values of another dtype', () => {
  const mask = () => tensor([true, false, true], 'bool');
  it.each(FILL.map((c, i) => [i, ...c] as const))('#%i: %s self', (_i, dtype, values, expected) => {
    const call = () => torch.index_put(zeros([3, 2], dtype), [mask()], values());
    if (expected === 'refused') {
      expect(codeOf(call)).toBe('torch.index_put.value');
      return;
    }
    const rows = call().toArray() as unknown[][];
    expect(rows.map((r) => r[0])).toEqual(expected);
  });
  it('accumulate=True, or an integer index beside the mask, still needs the dtype', () => {
    const v = tensor(1, 'float64');
    expect(codeOf(() => torch.index_put(zeros([3, 2], 'float32'), [mask()], v, { accumulate: true }))).toBe(
      'torch.index_put.values_dtype',
    );
    expect(codeOf(() => torch.index_put(zeros([3, 2], 'float32'), [mask(), I([0, 1])], v))).toBe(
      'torch.index_put.values_dtype',
    );
  });
  it('with null entries (Python `x[:, m] = v`, measured the same way) too', () => {
    const m2 = () => tensor([true, false], 'bool');
    const x = () => zeros([3, 2], 'float32');
    expect(torch.index_put(x(), [null, m2()], tensor(1.5, 'float64')).toArray()).toEqual([
      [1.5, 0],
      [1.5, 0],
      [1.5, 0],
    ]);
    // Not one element: the values' shape is named before their dtype, then the dtype.
    expect(codeOf(() => torch.index_put(x(), [null, m2()], tensor([1.5, 2, 3], 'float64')))).toBe(
      'torch.index_put.values_shape',
    );
    expect(codeOf(() => torch.index_put(x(), [mask(), null], tensor([1.5, 2.5], 'float64')))).toBe(
      'torch.index_put.values_dtype',
    );
  });
  it('the refusal names the value and the dtype', () => {
    const z = tensor([{ re: 1, im: 2 }], 'complex64').reshape([]);
    const e = caught(() => torch.index_put(zeros([3, 2], 'float32'), [mask()], z));
    expect(e.code).toBe('torch.index_put.value');
    expect(e.message).toContain('value 1+2j cannot be converted to float32 without overflow');
  });
});
