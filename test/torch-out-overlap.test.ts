/**
 * PyTorch 1.13's memory-overlap rule (`torch.<op>.out_overlap`, src/frameworks/torch/overlap.ts):
 * the written-to tensor (`out`, or self when `out` is the input: the in-place method) against
 * each input, full and partial overlaps built from typed-array views of one ArrayBuffer (as
 * PyTorch's are views of one storage). One named negative test per op's rule, the cases PyTorch
 * allows with PyTorch's values, the order against other rules, and a live differential test
 * against /usr/bin/python3's torch (skipped when it is missing): the op × role × overlap (full,
 * partial, none) matrix, out= and in-place forms, values compared where PyTorch computes; and the
 * overlap with one other broken rule each, naming the side PyTorch raises first (226 calls).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PYTHON, pythonHas } from '../scripts/goldens/golden.js';
import { type Tensor, tensor, torch } from '../src/index.js';
import { codeOf } from './helpers/errors.js';

const WORDS =
  'unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.';

/** Float32 views [start, stop) of one buffer holding 0, 1, 2, …, n-1 (`as`: int32 views of its bits). */
function floats(n: number) {
  const buf = new ArrayBuffer(4 * n);
  new Float32Array(buf).set(Array.from({ length: n }, (_, k) => k));
  return (start: number, stop: number, shape?: number[], as?: 'int32') =>
    as
      ? tensor(new Int32Array(buf, 4 * start, stop - start), 'int32', shape)
      : tensor(new Float32Array(buf, 4 * start, stop - start), 'float32', shape);
}

/** Int64 views of one buffer holding `values`. */
function longs(values: readonly number[]) {
  const buf = new ArrayBuffer(8 * values.length);
  new BigInt64Array(buf).set(values.map(BigInt));
  return (start: number, stop: number) => tensor(new BigInt64Array(buf, 8 * start, stop - start), 'int64');
}

/** Bool views of one buffer holding `values`. */
function bools(values: readonly boolean[]) {
  const buf = new ArrayBuffer(values.length);
  new Uint8Array(buf).set(values.map(Number));
  return (start: number, stop: number) => tensor(new Uint8Array(buf, start, stop - start), 'bool');
}

const long = (...v: number[]) => tensor(v.map(BigInt), 'int64');
const float = (...v: number[]) => tensor(v, 'float32');

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
}

/** The rule code and full message of an overlap error naming `role`. */
function expectOverlap(f: () => unknown, op: string, role: string, overlap: 'full' | 'partial') {
  const e = thrown(f) as { code: string; message: string; details: unknown };
  expect(e.code).toBe(`torch.${op}.out_overlap`);
  expect(e.message).toBe(`torch.${op}: ${WORDS} (${role} shares memory with out) (torch.${op}.out_overlap)`);
  expect(e.details).toEqual({ role, overlap });
}

describe('torch.<op>.out_overlap: one named negative test per op', () => {
  it('torch.gather.out_overlap: out is the input', () => {
    const x = floats(4)(0, 4);
    expectOverlap(() => torch.gather(x, 0, long(3, 2, 1, 0), { out: x }), 'gather', 'input', 'full');
  });
  it('torch.gather.out_overlap: out partly on the index (a full overlap with it is allowed)', () => {
    const i = longs([0, 1, 2, 3]);
    expectOverlap(
      () => torch.gather(long(5, 6, 7, 8), 0, i(0, 3), { out: i(1, 4) }),
      'gather',
      'index',
      'partial',
    );
  });
  it('torch.take.out_overlap: out is the index', () => {
    const i = long(0, 1, 2);
    expectOverlap(() => torch.take(long(5, 6, 7), i, { out: i }), 'take', 'index', 'full');
  });
  it('torch.take_along_dim.out_overlap: out partly on the input', () => {
    const f = floats(6);
    expectOverlap(
      () => torch.take_along_dim(f(0, 4), long(0, 1, 2, 3), { dim: 0, out: f(2, 6) }),
      'take_along_dim',
      'input',
      'partial',
    );
  });
  it('torch.index_select.out_overlap: out is the input', () => {
    const x = floats(2)(0, 2);
    expectOverlap(() => torch.index_select(x, 0, long(1, 0), { out: x }), 'index_select', 'input', 'full');
  });
  it('torch.masked_select.out_overlap: out is the mask', () => {
    const m = bools([true, true]);
    expectOverlap(
      () => torch.masked_select(tensor([true, false]), m(0, 2), { out: m(0, 2) }),
      'masked_select',
      'mask',
      'full',
    );
  });
  it('torch.scatter.out_overlap: out is src (x.scatter_(0, i, x))', () => {
    const x = floats(4)(0, 4);
    expectOverlap(() => torch.scatter(x, 0, long(0, 1, 2, 3), x, { out: x }), 'scatter', 'src', 'full');
  });
  it('torch.scatter_add.out_overlap: out partly on self', () => {
    const f = floats(4);
    expectOverlap(
      () => torch.scatter_add(f(0, 3), 0, long(0, 1), float(1, 1), { out: f(1, 4) }),
      'scatter_add',
      'input',
      'partial',
    );
  });
  it('torch.scatter_reduce.out_overlap: out is the index', () => {
    const i = longs([0, 1]);
    expectOverlap(
      () => torch.scatter_reduce(long(0, 1), 0, i(0, 2), long(3, 3), 'sum', { out: i(0, 2) }),
      'scatter_reduce',
      'index',
      'full',
    );
  });
  it('torch.index_add.out_overlap: out partly on source (in place)', () => {
    const f = floats(4);
    const x = f(0, 3);
    expectOverlap(
      () => torch.index_add(x, 0, long(0, 1, 2), f(1, 4), { out: x }),
      'index_add',
      'source',
      'partial',
    );
  });
  it('torch.index_copy.out_overlap: out is source', () => {
    const x = floats(4)(0, 4);
    expectOverlap(
      () => torch.index_copy(x, 0, long(0, 1, 2, 3), x, { out: x }),
      'index_copy',
      'source',
      'full',
    );
  });
  it('torch.index_fill.out_overlap: in place, self is the index', () => {
    const x = long(0, 1, 2, 3);
    expectOverlap(() => torch.index_fill(x, 0, x, 5, { out: x }), 'index_fill', 'index', 'full');
  });
  it('torch.index_put.out_overlap: in place, values are self (x.index_put_((i,), x))', () => {
    const x = floats(4)(0, 4);
    expectOverlap(() => torch.index_put(x, [long(0, 1, 2, 3)], x, { out: x }), 'index_put', 'values', 'full');
  });
  it('torch.index_put.out_overlap: the masked_fill path refuses a mask partly on self', () => {
    const b = bools([true, false, true, true]);
    const x = b(1, 4);
    expectOverlap(
      () => torch.index_put(x, [b(0, 3)], tensor([false]), { out: x }),
      'index_put',
      'mask',
      'partial',
    );
  });
  it('torch.index.out_overlap: out is an index tensor (aten::index.Tensor_out)', () => {
    const i = long(0, 1, 2, 3);
    expectOverlap(() => torch.index(long(5, 6, 7, 8), [i], { out: i }), 'index', 'indices[0]', 'full');
  });
});

describe('where PyTorch raises nothing but reads what it has written: refused (a departure)', () => {
  const words = (op: string, role: string) =>
    `torch.${op}: ${role} shares memory with the written-to tensor; PyTorch 1.13 does not check this case and its result then depends on the order its kernel writes in, which this library does not model. Please clone() the tensor before performing the operation. (torch.${op}.out_overlap)`;
  it('torch.masked_scatter.out_overlap: in place, source is self (x.masked_scatter_(m, x))', () => {
    const x = float(0, 1, 2, 3);
    const e = thrown(() => torch.masked_scatter(x, tensor([true, false, true, true]), x, { out: x }));
    expect(e).toMatchObject({
      code: 'torch.masked_scatter.out_overlap',
      details: { role: 'source', overlap: 'full' },
    });
    expect((e as Error).message).toBe(words('masked_scatter', 'source'));
  });
  it('torch.masked_scatter: a mask that is self itself is read before each write (allowed)', () => {
    const x = tensor([true, false, true]);
    torch.masked_scatter(x, x, tensor([false, true]), { out: x });
    expect(x.toArray()).toEqual([false, false, true]);
  });
  it('torch.take_along_dim.out_overlap: out on an input PyTorch broadcasts (an expanded view it cannot check)', () => {
    const f = floats(6);
    const rows = tensor([2n, 1n, 0n, 0n, 1n, 2n], 'int64', [2, 3]);
    const e = thrown(() => torch.take_along_dim(f(0, 3, [1, 3]), rows, { dim: 1, out: f(0, 6, [2, 3]) }));
    expect(e).toMatchObject({
      code: 'torch.take_along_dim.out_overlap',
      details: { role: 'input', overlap: 'partial' },
    });
    expect((e as Error).message).toBe(words('take_along_dim', 'input'));
  });
});

describe('what PyTorch allows, with its values', () => {
  it('the scatter family writes in place when out is self', () => {
    const x = float(0, 1, 2, 3);
    torch.scatter_add(x, 0, long(0, 0), float(10, 20), { out: x });
    expect(x.toArray()).toEqual([30, 1, 2, 3]);
    const y = float(0, 1, 2, 3);
    torch.index_copy(y, 0, long(3), float(9), { out: y });
    expect(y.toArray()).toEqual([0, 1, 2, 9]);
    const z = float(0, 1, 2, 3);
    torch.scatter(z, 0, long(1), 7, { out: z });
    expect(z.toArray()).toEqual([0, 7, 2, 3]);
  });
  it('out on another part of the same buffer is no overlap', () => {
    const f = floats(6);
    const out = f(3, 6);
    torch.gather(f(0, 3), 0, long(2, 1, 0), { out });
    expect(out.toArray()).toEqual([2, 1, 0]);
  });
  it('gather and take_along_dim may write over their index itself', () => {
    const i = long(3, 2, 1, 0);
    torch.gather(long(5, 6, 7, 8), 0, i, { out: i });
    expect(i.toArray()).toEqual([8n, 7n, 6n, 5n]);
    const j = long(0, 1, 2, 3);
    torch.take_along_dim(long(5, 6, 7, 8), j, { out: j });
    expect(j.toArray()).toEqual([5n, 6n, 7n, 8n]);
  });
  it('index_put_ on its masked_fill path: the mask and the value may be self', () => {
    const x = tensor([true, false, true]);
    torch.index_put(x, [x], tensor([false]), { out: x });
    expect(x.toArray()).toEqual([false, false, false]);
  });
  it('ops PyTorch gives no out= (index_fill, index_put): another out is the aten .out overload, unchecked', () => {
    const i = long(1, 2, 3, 0);
    torch.index_fill(long(1, 2, 3, 4), 0, i, 5n, { out: i });
    expect(i.toArray()).toEqual([5n, 5n, 5n, 5n]);
    const f = floats(4);
    const out = f(1, 4);
    torch.index_put(f(0, 3), [long(0)], float(9), { out });
    expect(out.toArray()).toEqual([9, 1, 2]);
  });
});

describe('where PyTorch 1.13 checks the overlap among the other rules', () => {
  it('gather: dim first, then the overlap, before the index dtype and bounds', () => {
    const x = float(0, 1, 2, 3);
    expect(codeOf(() => torch.gather(x, 5, long(0), { out: x }))).toBe('torch.gather.dim');
    const i32 = tensor([0, 1, 0, 0], 'int32');
    expect(codeOf(() => torch.gather(x, 0, i32, { out: x }))).toBe('torch.gather.out_overlap');
    expect(codeOf(() => torch.gather(x, 0, long(0, 9, 0, 0), { out: x }))).toBe('torch.gather.out_overlap');
  });
  it("take: the index dtype and out's dtype first, then the overlap, before the bounds", () => {
    const x = float(0, 1, 2, 3);
    expect(codeOf(() => torch.take(x, tensor([0], 'int32'), { out: x }))).toBe('torch.take.index_dtype');
    expect(codeOf(() => torch.take(x, long(0, 9, 0, 0), { out: x }))).toBe('torch.take.out_overlap');
  });
  it('the scatters: every shape rule first, then the overlaps with index and src, then out and reduce', () => {
    const x = float(0, 1, 2, 3);
    const i32 = tensor([0, 1, 0, 0], 'int32');
    expect(codeOf(() => torch.scatter(x, 0, i32, x, { out: x }))).toBe('torch.scatter.index_dtype');
    expect(codeOf(() => torch.scatter(x, 0, long(0, 9, 0, 0), x, { out: x }))).toBe(
      'torch.scatter.out_overlap',
    );
  });
  it('index_copy: dim and out first, then the overlap, before the index', () => {
    const x = float(0, 1, 2, 3);
    const i32 = tensor([0, 1, 0, 0], 'int32');
    expect(codeOf(() => torch.index_copy(x, 0, i32, x, { out: x }))).toBe('torch.index_copy.out_overlap');
  });
  it('index_put_: too many indices first, then the overlap, before the index dtype', () => {
    const x = float(0, 1, 2, 3);
    expect(codeOf(() => torch.index_put(x, [long(0), long(0)], x, { out: x }))).toBe(
      'torch.index_put.too_many_indices',
    );
    expect(codeOf(() => torch.index_put(x, [tensor([0, 1, 2, 3], 'int32')], x, { out: x }))).toBe(
      'torch.index_put.out_overlap',
    );
  });
  it('masked_select: the overlap before the mask values and the broadcast', () => {
    const x = float(0, 1, 2, 3);
    expect(codeOf(() => torch.masked_select(x, tensor([0, 2, 0, 0], 'uint8'), { out: x }))).toBe(
      'torch.masked_select.out_overlap',
    );
  });
});

// ---- the live differential test ----

/** A tensor of a case: a view [start, stop) of a shared base ('f' float32, 'i' int64, 'b' bool), or literal values. */
type Spec =
  | {
      readonly view: 'f' | 'i' | 'b';
      readonly start: number;
      readonly stop: number;
      readonly shape?: number[];
      /** The float32 base's bits as int32 (a tensor of another dtype on the same memory). */
      readonly as?: 'int32';
    }
  | {
      readonly lit: readonly (number | boolean)[];
      readonly dtype: 'float32' | 'int64' | 'int32' | 'uint8' | 'bool';
      readonly shape?: number[];
    };
type Arg = Spec | number | string | readonly Spec[];
interface Case {
  readonly name: string;
  readonly op: string;
  readonly args: readonly Arg[];
  readonly kwargs?: Readonly<Record<string, unknown>>;
  readonly out: Spec;
  /** PyTorch raises nothing but reads what it has written: we refuse (overlap.ts refuseAliasing). */
  readonly departure?: boolean;
}
const BASE = {
  f: Array.from({ length: 12 }, (_, k) => k),
  i: [0, 1, 2, 3, 2, 1, 0, 1, 2, 0, 1, 2],
  b: [true, false, true, true, false, true, true, false, true, false, false, true],
};
const v = (view: 'f' | 'i' | 'b', start: number, stop: number, shape?: number[]): Spec => ({
  view,
  start,
  stop,
  shape,
});
const lit = (
  dtype: 'float32' | 'int64' | 'int32' | 'uint8' | 'bool',
  ...values: (number | boolean)[]
): Spec => ({
  lit: values,
  dtype,
});

/**
 * The overlap together with one other broken rule: which error PyTorch 1.13 raises first (its
 * overlap error, or the other one: we must name the same side).
 */
function orderCases(): Case[] {
  const cases: Case[] = [];
  const add = (name: string, op: string, args: Arg[], out: Spec, kwargs?: Record<string, unknown>) =>
    cases.push({ name: `order: ${name}`, op, args, out, kwargs });
  const x = v('f', 0, 4);
  const asInt = { ...x, as: 'int32' as const };
  const oob = lit('int64', 0, 9, 0, 0);
  const i32 = lit('int32', 0, 1, 0, 0);
  const ok = lit('int64', 3, 2, 1, 0);
  const gathers: [string, (i: Spec, dim?: number) => Arg[], Record<string, unknown>?][] = [
    ['gather', (i, dim = 0) => [x, dim, i]],
    ['take', (i) => [x, i]],
    ['take_along_dim', (i) => [x, i], { dim: 0 }],
    ['index_select', (i, dim = 0) => [x, dim, i]],
  ];
  for (const [op, args, kw] of gathers) {
    add(`${op} + oob`, op, args(oob), x, kw);
    add(`${op} + int32 index`, op, args(i32), x, kw);
    add(`${op} + out dtype`, op, args(ok), asInt, kw);
    if (op === 'gather' || op === 'index_select') add(`${op} + dim`, op, args(ok, 5), x);
  }
  add('take_along_dim nodim + oob', 'take_along_dim', [x, oob], x);
  add('take_along_dim nodim + int32 index', 'take_along_dim', [x, i32], x);
  add('masked_select + uint8 mask values', 'masked_select', [x, lit('uint8', 0, 2, 0, 0)], x);
  add('masked_select + mask broadcast', 'masked_select', [x, lit('bool', true, true, true)], x);
  add('masked_select + out dtype', 'masked_select', [x, lit('bool', true, true, true, true)], asInt);
  add('index + oob', 'index', [x, [oob]], x);
  add('index + int32 index', 'index', [x, [i32]], x);
  for (const op of ['scatter', 'scatter_add', 'scatter_reduce', 'index_add', 'index_copy']) {
    const extra = op === 'scatter_reduce' ? ['sum'] : [];
    const zeros = lit('float32', 0, 0, 0, 0);
    // src is out (full), or out lies partly on self (src apart).
    const onSrc = (i: Spec, dim = 0, src: Spec = x) => [zeros, dim, i, src, ...extra];
    const onSelf = (i: Spec, dim = 0, src: Spec = lit('float32', 1, 1)) => [
      v('f', 0, 3),
      dim,
      i,
      src,
      ...extra,
    ];
    const part = v('f', 1, 4);
    add(`${op} src + oob`, op, onSrc(oob), x);
    add(`${op} src + int32 index`, op, onSrc(i32), x);
    add(`${op} src + dim`, op, onSrc(ok, 3), x);
    add(`${op} src + src dtype`, op, onSrc(ok, 0, asInt), x);
    add(`${op} src + 2-d index`, op, onSrc({ ...ok, shape: [1, 4] }), x);
    add(`${op} self + oob`, op, onSelf(lit('int64', 0, 9)), part);
    add(`${op} self + int32 index`, op, onSelf(lit('int32', 0, 1)), part);
    add(`${op} self + src dtype`, op, onSelf(lit('int64', 0, 1), 0, lit('int32', 1, 1)), part);
    add(`${op} self + 2-d index`, op, onSelf({ ...lit('int64', 0, 1), shape: [1, 2] }), part);
  }
  const iself = v('i', 0, 4);
  add('index_fill_ + dim', 'index_fill', [iself, 3, iself, 5], iself);
  add('index_fill_ + float value', 'index_fill', [iself, 0, iself, 1.5], iself);
  add(
    'index_fill_ + 2-d self',
    'index_fill',
    [v('i', 0, 4, [2, 2]), 0, v('i', 0, 4, [2, 2]), 5],
    v('i', 0, 4, [2, 2]),
  );
  add('index_put_ + int32 index', 'index_put', [x, [i32], x], x);
  add('index_put_ + too many', 'index_put', [x, [ok, ok], x], x);
  add('index_put_ + values shape', 'index_put', [x, [lit('int64', 0, 1, 2)], x], x);
  add('index_put_ + values dtype', 'index_put', [x, [ok], asInt], x);
  add('index_put_ + oob', 'index_put', [x, [oob], x], x);
  add('index_put_ + mask shape', 'index_put', [x, [lit('bool', true, false, true)], x], x);
  const b = v('b', 1, 4);
  add('index_put_ fill + mask shape', 'index_put', [b, [v('b', 0, 2)], lit('bool', false)], b);
  return cases;
}

/** The cases where PyTorch reads what it has already written (its result, or error, depends on its loop order). */
const DEPARTURES = new Set([
  'masked_scatter_ source full',
  'masked_scatter_ source partial',
  'masked_scatter_ mask partial',
  'take_along_dim broadcast input full',
  'take_along_dim broadcast input partial',
  'take_along_dim broadcast indices full',
  'take_along_dim broadcast indices partial',
]);

/** The op × role × overlap (full, partial, none) matrix. */
function matrix(): Case[] {
  const cases: Case[] = [];
  const add = (name: string, op: string, args: Arg[], out: Spec, kwargs?: Record<string, unknown>) =>
    cases.push({ name, op, args, out, kwargs, departure: DEPARTURES.has(name) });
  const overlaps = [
    ['full', 0, 4],
    ['partial', 2, 6],
    ['none', 4, 8],
  ] as const;
  for (const [kind, s, e] of overlaps) {
    const out = v('f', s, e);
    const iout = v('i', s, e);
    add(`gather input ${kind}`, 'gather', [v('f', 0, 4), 0, lit('int64', 3, 2, 1, 0)], out);
    add(`gather index ${kind}`, 'gather', [lit('int64', 5, 6, 7, 8), 0, v('i', 0, 4)], iout);
    add(`take input ${kind}`, 'take', [v('f', 0, 4), lit('int64', 3, 2, 1, 0)], out);
    add(`take index ${kind}`, 'take', [lit('int64', 5, 6, 7, 8), v('i', 0, 4)], iout);
    add(`take_along_dim input ${kind}`, 'take_along_dim', [v('f', 0, 4), lit('int64', 3, 2, 1, 0)], out, {
      dim: 0,
    });
    add(`take_along_dim indices ${kind}`, 'take_along_dim', [lit('int64', 5, 6, 7, 8), v('i', 0, 4)], iout, {
      dim: 0,
    });
    add(
      `take_along_dim flat indices ${kind}`,
      'take_along_dim',
      [lit('int64', 5, 6, 7, 8), v('i', 0, 4)],
      iout,
    );
    add(`index_select input ${kind}`, 'index_select', [v('f', 0, 4), 0, lit('int64', 3, 2, 1, 0)], out);
    add(`index_select index ${kind}`, 'index_select', [lit('int64', 5, 6, 7, 8), 0, v('i', 0, 4)], iout);
    add(
      `masked_select input ${kind}`,
      'masked_select',
      [v('f', 0, 4), lit('bool', true, true, true, true)],
      out,
    );
    // Three true elements: out is a 3-element view, partly on the mask unless it starts past it.
    add(
      `masked_select mask ${kind}`,
      'masked_select',
      [lit('bool', true, false, true, true), v('b', 0, 4)],
      v('b', s, s + 3),
    );
    add(`index ${kind}`, 'index', [v('f', 0, 4), [lit('int64', 3, 2, 1, 0)]], out);
    add(`index indices ${kind}`, 'index', [lit('int64', 5, 6, 7, 8), [v('i', 0, 4)]], iout);
    for (const op of ['scatter', 'scatter_add', 'scatter_reduce', 'index_add', 'index_copy']) {
      const extra = op === 'scatter_reduce' ? ['sum'] : [];
      const idx = lit('int64', 0, 1, 2, 3);
      add(`${op} self ${kind}`, op, [v('f', 0, 4), 0, idx, lit('float32', 9, 8, 7, 6), ...extra], out);
      add(`${op} src ${kind}`, op, [lit('float32', 0, 0, 0, 0), 0, idx, v('f', 0, 4), ...extra], out);
      add(
        `${op} index ${kind}`,
        op,
        [lit('int64', 4, 4, 4, 4), 0, v('i', 0, 4), lit('int64', 1, 1, 1, 1), ...extra],
        iout,
      );
      add(`${op}_ src ${kind}`, op, [v('f', s, e), 0, idx, v('f', 0, 4), ...extra], out);
      add(
        `${op}_ index ${kind}`,
        op,
        [v('i', s, e), 0, v('i', 0, 4), lit('int64', 1, 1, 1, 1), ...extra],
        iout,
      );
    }
    add(`scatter value self ${kind}`, 'scatter', [v('f', 0, 4), 0, lit('int64', 1, 2), 5], out);
    add(`index_fill_ index ${kind}`, 'index_fill', [v('i', s, e), 0, v('i', 0, 4), 5], iout);
    add(`index_fill out ${kind}`, 'index_fill', [v('f', 0, 4), 0, lit('int64', 1), 5], out);
    add(
      `index_put_ values ${kind}`,
      'index_put',
      [v('f', s, e), [lit('int64', 0, 1, 2, 3)], v('f', 0, 4)],
      out,
    );
    add(
      `index_put_ acc values ${kind}`,
      'index_put',
      [v('f', s, e), [lit('int64', 0, 1, 2, 3)], v('f', 0, 4)],
      out,
      { accumulate: true },
    );
    add(
      `index_put_ index ${kind}`,
      'index_put',
      [v('i', s, e), [v('i', 0, 4)], lit('int64', 9, 9, 9, 9)],
      iout,
    );
    add(`index_put_ mask fill ${kind}`, 'index_put', [v('b', s, e), [v('b', 0, 4)], lit('bool', false)], {
      view: 'b',
      start: s,
      stop: e,
    });
    add(`index_put out ${kind}`, 'index_put', [v('f', 0, 4), [lit('int64', 1)], lit('float32', 9)], out);
    const grid = (view: 'f' | 'i') => v(view, s, s + 6, [2, 3]);
    const rows = { ...lit('int64', 2, 1, 0, 0, 1, 2), shape: [2, 3] };
    add(`take_along_dim broadcast input ${kind}`, 'take_along_dim', [v('f', 0, 3, [1, 3]), rows], grid('f'), {
      dim: 1,
    });
    add(
      `take_along_dim broadcast indices ${kind}`,
      'take_along_dim',
      [{ ...lit('int64', 5, 6, 7, 8, 9, 10), shape: [2, 3] }, v('i', 0, 3, [1, 3])],
      grid('i'),
      { dim: 1 },
    );
    add(
      `masked_scatter_ source ${kind}`,
      'masked_scatter',
      [v('f', s, e), lit('bool', true, false, true, true), v('f', 0, 4)],
      out,
    );
    add(
      `masked_scatter_ mask ${kind}`,
      'masked_scatter',
      [v('b', s, e), v('b', 0, 4), lit('bool', true, true, true, true)],
      { view: 'b', start: s, stop: e },
    );
  }
  return cases;
}

const PY = `
import json, sys, torch, warnings
warnings.filterwarnings("ignore")
BASE = json.loads(sys.argv[1])
DT = {"float32": torch.float32, "int64": torch.int64, "int32": torch.int32, "uint8": torch.uint8, "bool": torch.bool}
NO_OUT = {"index_fill": torch.ops.aten.index_fill.int_Scalar_out, "index_put": torch.ops.aten.index_put.out,
          "masked_scatter": torch.ops.aten.masked_scatter.out, "index": torch.ops.aten.index.Tensor_out}
def run(c):
    bases = {"f": torch.tensor(BASE["f"], dtype=torch.float32), "i": torch.tensor(BASE["i"]), "b": torch.tensor(BASE["b"])}
    def spec(s):
        if isinstance(s, list): return [spec(x) for x in s]
        if not isinstance(s, dict): return s
        if "view" in s:
            b = bases[s["view"]]
            t = (b.view(torch.int32) if s.get("as") else b)[s["start"]:s["stop"]]
            return t.view(s["shape"]) if s.get("shape") else t
        t = torch.tensor(s["lit"], dtype=DT[s["dtype"]])
        return t.view(s["shape"]) if s.get("shape") else t
    args = [spec(a) for a in c["args"]]
    kw = dict(c.get("kwargs") or {})
    o = spec(c["out"])
    op = c["op"]
    same = isinstance(args[0], torch.Tensor) and o.data_ptr() == args[0].data_ptr() and o.shape == args[0].shape
    if same and op not in ("gather", "take", "take_along_dim", "index_select", "masked_select", "index"):
        if op == "index_put": args[1] = tuple(args[1])
        getattr(o, op + "_")(*args[1:], **kw)
    elif op in NO_OUT:
        if op == "index_put" and "accumulate" in kw: args.append(kw.pop("accumulate"))
        NO_OUT[op](*args, **kw, out=o)
    else:
        if op == "take_along_dim" and "dim" in kw: args.append(kw.pop("dim"))
        getattr(torch, op)(*args, **kw, out=o)
    return o.tolist()
out = []
for c in json.loads(sys.stdin.read()):
    try:
        out.append({"result": run(c)})
    except Exception as e:
        out.append({"error": str(e).splitlines()[0]})
print(json.dumps(out))
`;

/** The tensors of a case on fresh bases, as the Python side builds them. */
function build(c: Case) {
  const f = floats(BASE.f.length);
  const iBuf = longs(BASE.i);
  const bBuf = bools(BASE.b);
  const spec = (s: Arg): unknown => {
    if (Array.isArray(s)) return s.map(spec);
    if (typeof s !== 'object') return s;
    const t = s as Spec;
    if ('view' in t) {
      if (t.as) return f(t.start, t.stop, t.shape, t.as);
      const view = { f, i: iBuf, b: bBuf }[t.view](t.start, t.stop);
      return t.shape ? view.reshape(t.shape) : view;
    }
    const values = t.dtype === 'int64' ? t.lit.map((x) => BigInt(x as number)) : t.lit;
    return tensor(values as never, t.dtype, t.shape);
  };
  return { args: c.args.map(spec), out: spec(c.out) as Tensor };
}

function ours(c: Case): { result?: unknown; code?: string } {
  const { args, out } = build(c);
  const fn = (torch as unknown as Record<string, (...a: unknown[]) => Tensor>)[c.op];
  try {
    fn(...args, { ...c.kwargs, out });
  } catch (e) {
    return {
      code: codeOf(() => {
        throw e;
      }),
    };
  }
  return { result: out.toArray() };
}

/** JSON with int64 values as numbers (as Python's tolist() gives them). */
const json = (x: unknown) => JSON.stringify(x, (_, y) => (typeof y === 'bigint' ? Number(y) : y));

const hasTorch = pythonHas('torch');

describe('live: the op × role × overlap matrix against PyTorch 1.13', () => {
  it.skipIf(!hasTorch)(`agrees with ${PYTHON}'s torch on every case`, () => {
    const cases = [...matrix(), ...orderCases()];
    const r = spawnSync(PYTHON, ['-c', PY, JSON.stringify(BASE)], {
      input: JSON.stringify(cases),
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const theirs = JSON.parse(r.stdout) as { result?: unknown[]; error?: string }[];
    const mismatches = cases.flatMap((c, k) => {
      const t = theirs[k];
      const o = ours(c);
      const overlapError = t.error?.startsWith('unsupported operation: some elements of the input tensor');
      const same = c.departure
        ? !overlapError && o.code === `torch.${c.op}.out_overlap`
        : overlapError
          ? o.code === `torch.${c.op}.out_overlap`
          : t.error !== undefined
            ? o.code !== undefined && o.code !== `torch.${c.op}.out_overlap`
            : o.code === undefined && json(o.result) === json(t.result);
      return same ? [] : [`${c.name}: torch ${JSON.stringify(t)}; ours ${json(o)}`];
    });
    expect(mismatches).toEqual([]);
    expect(cases.length).toBeGreaterThan(200);
    expect(theirs.filter((t) => t.error).length).toBeGreaterThan(50);
  });
});
