/**
 * PyTorch frontend: (1) the PyTorch docs' numeric examples, verbatim; (2) one named negative test
 * per rule, asserting the code. Goldens and the live differential run live in torch-*.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  DTypeError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
  type Tensor,
  full,
  tensor,
  torch,
  zeros,
} from '../src/index.js';
import { execute } from '../src/core/call.js';

const i64 = (x: unknown) => tensor(x as any, 'int64');
const rounded = (t: Tensor) => (t.toFlatArray() as number[]).map((v) => Math.round(v * 10000) / 10000);

describe('PyTorch docs examples (verbatim)', () => {
  it('torch.gather', () => {
    const t = tensor(
      [
        [1, 2],
        [3, 4],
      ],
      'int64',
    );
    expect(
      torch
        .gather(
          t,
          1,
          i64([
            [0, 0],
            [1, 0],
          ]),
        )
        .toArray(),
    ).toEqual([
      [1n, 1n],
      [4n, 3n],
    ]);
  });
  it('Tensor.scatter_', () => {
    const src = i64([
      [1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10],
    ]); // torch.arange(1, 11).reshape((2, 5))
    const z = zeros([3, 5], 'int64');
    expect(torch.scatter(z, 0, i64([[0, 1, 2, 0]]), src).toArray()).toEqual([
      [1n, 0n, 0n, 4n, 0n],
      [0n, 2n, 0n, 0n, 0n],
      [0n, 0n, 3n, 0n, 0n],
    ]);
    expect(
      torch
        .scatter(
          z,
          1,
          i64([
            [0, 1, 2],
            [0, 1, 4],
          ]),
          src,
        )
        .toArray(),
    ).toEqual([
      [1n, 2n, 3n, 0n, 0n],
      [6n, 7n, 0n, 0n, 8n],
      [0n, 0n, 0n, 0n, 0n],
    ]);
    const two = full([2, 4], 2, 'float32');
    // Printed to 4 decimals in the docs: 2.4600 and 3.2300 (float32 arithmetic).
    expect(rounded(torch.scatter(two, 1, i64([[2], [3]]), 1.23, { reduce: 'multiply' }))).toEqual([
      2, 2, 2.46, 2, 2, 2, 2, 2.46,
    ]);
    expect(rounded(torch.scatter(two, 1, i64([[2], [3]]), 1.23, { reduce: 'add' }))).toEqual([
      2, 2, 3.23, 2, 2, 2, 2, 3.23,
    ]);
  });
  it('Tensor.scatter_add_', () => {
    const src = full([2, 5], 1, 'float32');
    expect(torch.scatter_add(zeros([3, 5], 'float32'), 0, i64([[0, 1, 2, 0, 0]]), src).toArray()).toEqual([
      [1, 0, 0, 1, 1],
      [0, 1, 0, 0, 0],
      [0, 0, 1, 0, 0],
    ]);
    expect(
      torch
        .scatter_add(
          zeros([3, 5], 'float32'),
          0,
          i64([
            [0, 1, 2, 0, 0],
            [0, 1, 2, 2, 2],
          ]),
          src,
        )
        .toArray(),
    ).toEqual([
      [2, 0, 0, 1, 1],
      [0, 2, 0, 0, 0],
      [0, 0, 2, 1, 1],
    ]);
  });
  it('Tensor.scatter_reduce_', () => {
    const src = tensor([1, 2, 3, 4, 5, 6], 'float32');
    const index = i64([0, 1, 0, 1, 2, 1]);
    const input = tensor([1, 2, 3, 4], 'float32');
    expect(torch.scatter_reduce(input, 0, index, src, 'sum').toArray()).toEqual([5, 14, 8, 4]);
    expect(torch.scatter_reduce(input, 0, index, src, 'sum', { include_self: false }).toArray()).toEqual([
      4, 12, 5, 4,
    ]);
    const input2 = tensor([5, 4, 3, 2], 'float32');
    expect(torch.scatter_reduce(input2, 0, index, src, 'amax').toArray()).toEqual([5, 6, 5, 2]);
    expect(torch.scatter_reduce(input2, 0, index, src, 'amax', { include_self: false }).toArray()).toEqual([
      3, 6, 5, 2,
    ]);
  });
  it('Tensor.index_add_', () => {
    const x = full([5, 3], 1, 'float32');
    const t = tensor(
      [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
      ],
      'float32',
    );
    const index = i64([0, 4, 2]);
    const once = torch.index_add(x, 0, index, t);
    expect(once.toArray()).toEqual([
      [2, 3, 4],
      [1, 1, 1],
      [8, 9, 10],
      [1, 1, 1],
      [5, 6, 7],
    ]);
    expect(torch.index_add(once, 0, index, t, { alpha: -1 }).toArray()).toEqual([
      [1, 1, 1],
      [1, 1, 1],
      [1, 1, 1],
      [1, 1, 1],
      [1, 1, 1],
    ]);
  });
  it('Tensor.index_copy_', () => {
    const t = tensor(
      [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
      ],
      'float32',
    );
    expect(torch.index_copy(zeros([5, 3], 'float32'), 0, i64([0, 4, 2]), t).toArray()).toEqual([
      [1, 2, 3],
      [0, 0, 0],
      [7, 8, 9],
      [0, 0, 0],
      [4, 5, 6],
    ]);
  });
  it('Tensor.index_fill_', () => {
    const x = tensor(
      [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
      ],
      'float32',
    );
    expect(torch.index_fill(x, 1, i64([0, 2]), -1).toArray()).toEqual([
      [-1, 2, -1],
      [-1, 5, -1],
      [-1, 8, -1],
    ]);
  });
  it('torch.take', () => {
    const src = tensor(
      [
        [4, 3, 5],
        [6, 7, 8],
      ],
      'int64',
    );
    expect(torch.take(src, i64([0, 2, 5])).toArray()).toEqual([4n, 5n, 8n]);
  });
  it('torch.take_along_dim', () => {
    const t = tensor(
      [
        [10, 30, 20],
        [60, 40, 50],
      ],
      'int64',
    );
    const max_idx = i64(3); // torch.argmax(t)
    expect(torch.take_along_dim(t, max_idx).toArray()).toEqual([60n]);
    const sorted_idx = i64([
      [0, 2, 1],
      [1, 2, 0],
    ]); // torch.argsort(t, dim=1)
    expect(torch.take_along_dim(t, sorted_idx, { dim: 1 }).toArray()).toEqual([
      [10n, 20n, 30n],
      [40n, 50n, 60n],
    ]);
  });
});

describe('PyTorch rules (one negative test per rule code)', () => {
  const A = tensor(
    [
      [0, 1, 2],
      [10, 11, 12],
    ],
    'int64',
  );
  const cases: [string, () => unknown, new (...a: any[]) => Error, RegExp?][] = [
    ['torch.gather.index_dtype', () => torch.gather(A, 1, tensor([[0]], 'int32')), DTypeError],
    ['torch.gather.dim', () => torch.gather(A, 2, i64([[0]])), InvalidArgumentError],
    ['torch.gather.ndim', () => torch.gather(A, 1, i64([0])), InvalidArgumentError],
    ['torch.gather.index_shape', () => torch.gather(A, 1, i64([[0], [0], [0]])), InvalidArgumentError],
    [
      'torch.gather.index_out_of_bounds',
      () => torch.gather(A, 1, i64([[-1]])),
      IndexOutOfBoundsError,
      /index -1 is out of bounds for dimension 1 with size 3/,
    ],
    ['torch.scatter.index_dtype', () => torch.scatter(A, 1, tensor([[0]], 'int32'), 1), DTypeError],
    ['torch.scatter.src_dtype', () => torch.scatter(A, 1, i64([[0]]), tensor([[1]], 'float32')), DTypeError],
    ['torch.scatter.index_shape', () => torch.scatter(A, 1, i64([[0, 1]]), i64([[1]])), InvalidArgumentError],
    ['torch.scatter.ndim', () => torch.scatter(A, 1, i64([0]), 1), InvalidArgumentError],
    [
      'torch.scatter.reduce',
      () => torch.scatter(A, 1, i64([[0]]), 1, { reduce: 'max' as any }),
      InvalidArgumentError,
    ],
    ['torch.scatter.index_out_of_bounds', () => torch.scatter(A, 1, i64([[3]]), 1), IndexOutOfBoundsError],
    ['torch.scatter.dim', () => torch.scatter(A, -3, i64([[0]]), 1), InvalidArgumentError],
    [
      'torch.scatter_add.index_out_of_bounds',
      () => torch.scatter_add(A, 0, i64([[-1]]), i64([[1]])),
      IndexOutOfBoundsError,
    ],
    [
      'torch.scatter_reduce.reduce',
      () => torch.scatter_reduce(A, 0, i64([[0]]), i64([[1]]), 'max' as any),
      InvalidArgumentError,
    ],
    [
      'torch.scatter_reduce.index_dtype',
      () => torch.scatter_reduce(A, 0, tensor([[0]], 'int32'), i64([[1]]), 'sum'),
      DTypeError,
    ],
    ['torch.index_select.index_dtype', () => torch.index_select(A, 1, tensor([0], 'int16')), DTypeError],
    ['torch.index_select.index_rank', () => torch.index_select(A, 1, i64([[0]])), InvalidArgumentError],
    [
      'torch.index_select.index_out_of_bounds',
      () => torch.index_select(A, 1, i64([-1])),
      IndexOutOfBoundsError,
      /index out of range in self/,
    ],
    [
      'torch.index_select.rank0_input',
      () => torch.index_select(tensor(7), 0, i64([0, 0])),
      InvalidArgumentError,
    ],
    [
      'torch.index_add.source_shape',
      () => torch.index_add(A, 0, i64([1]), i64([[1, 2]])),
      InvalidArgumentError,
    ],
    [
      'torch.index_add.source_dtype',
      () => torch.index_add(A, 0, i64([1]), tensor([[1, 2, 3]], 'float32')),
      DTypeError,
    ],
    [
      'torch.index_add.index_out_of_bounds',
      () => torch.index_add(A, 0, i64([2]), i64([[1, 2, 3]])),
      IndexOutOfBoundsError,
    ],
    [
      'torch.index_copy.index_dtype',
      () => torch.index_copy(A, 0, tensor([1], 'int32'), i64([[1, 2, 3]])),
      DTypeError,
    ],
    [
      'torch.index_copy.index_out_of_bounds',
      () => torch.index_copy(A, 0, i64([-1]), i64([[1, 2, 3]])),
      IndexOutOfBoundsError,
    ],
    ['torch.index_fill.index_dtype', () => torch.index_fill(A, 1, tensor([0], 'int32'), 1), DTypeError],
    [
      'torch.index_fill.index_out_of_bounds',
      () => torch.index_fill(A, 1, i64([-4]), 1),
      IndexOutOfBoundsError,
    ],
    ['torch.index_put.index_dtype', () => torch.index_put(A, [tensor([0], 'int32')], i64(1)), DTypeError],
    ['torch.index_put.values_dtype', () => torch.index_put(A, [i64([0])], tensor(1.5)), DTypeError],
    ['torch.index_put.values_shape', () => torch.index_put(A, [i64([0])], i64([1, 2])), InvalidArgumentError],
    [
      'torch.index_put.shape',
      () => torch.index_put(A, [i64([0, 1]), i64([0, 1, 2])], i64(1)),
      InvalidArgumentError,
    ],
    [
      'torch.index_put.too_many_indices',
      () => torch.index_put(A, [i64([0]), i64([0]), i64([0])], i64(1)),
      InvalidArgumentError,
    ],
    [
      'torch.index_put.index_out_of_bounds',
      () => torch.index_put(A, [i64([2])], i64(1)),
      IndexOutOfBoundsError,
    ],
    ['torch.take.index_dtype', () => torch.take(A, tensor([0], 'int32')), DTypeError],
    [
      'torch.take.index_out_of_bounds',
      () => torch.take(A, i64([-7])),
      IndexOutOfBoundsError,
      /tried to access index -7 on a tensor of 6 elements/,
    ],
    [
      'torch.take_along_dim.index_dtype',
      () => torch.take_along_dim(A, tensor([[0]], 'int32'), { dim: 1 }),
      DTypeError,
    ],
    ['torch.take_along_dim.ndim', () => torch.take_along_dim(A, i64([0]), { dim: 1 }), InvalidArgumentError],
    [
      'torch.take_along_dim.shape',
      () => torch.take_along_dim(A, i64([[0], [0], [0]]), { dim: 1 }),
      InvalidArgumentError,
    ],
    [
      'torch.take_along_dim.index_out_of_bounds',
      () => torch.take_along_dim(A, i64([[-1]]), { dim: 1 }),
      IndexOutOfBoundsError,
    ],
  ];
  for (const [code, fn, cls, msg] of cases) {
    it(code, () => {
      let thrown: any;
      try {
        fn();
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(cls);
      expect(thrown.code).toBe(code);
      if (msg) expect(thrown.message).toMatch(msg);
    });
  }
});

describe('PyTorch policies in detail', () => {
  const A = tensor(
    [
      [0, 1, 2],
      [10, 11, 12],
    ],
    'int64',
  );
  it('take and index_put count negatives from the end; gather does not', () => {
    expect(torch.take(A, i64([-1])).toArray()).toEqual([12n]);
    expect(torch.index_put(A, [i64([-1]), i64([-3])], i64(5)).toArray()).toEqual([
      [0n, 1n, 2n],
      [5n, 11n, 12n],
    ]);
    expect(() => torch.gather(A, 1, i64([[-1]]))).toThrow(IndexOutOfBoundsError);
  });
  it('duplicates: scatter keeps the last in index order, scatter_add sums', () => {
    const idx = i64([[0, 0, 0]]);
    expect(torch.scatter(zeros([1, 3], 'int64'), 1, idx, i64([[1, 2, 3]])).toArray()).toEqual([[3n, 0n, 0n]]);
    expect(torch.scatter_add(zeros([1, 3], 'int64'), 1, idx, i64([[1, 2, 3]])).toArray()).toEqual([
      [6n, 0n, 0n],
    ]);
  });
  it('a smaller index reads the leading window of the other dims', () => {
    expect(torch.gather(A, 1, i64([[2, 0]])).toArray()).toEqual([[2n, 0n]]);
    expect(torch.scatter(A, 0, i64([[1]]), i64([[7, 8]])).toArray()).toEqual([
      [0n, 1n, 2n],
      [7n, 11n, 12n],
    ]);
  });
});

describe('PyTorch out= (the trailing options object)', () => {
  const A = () =>
    tensor(
      [
        [0, 1, 2],
        [10, 11, 12],
      ],
      'int64',
    );
  // Every op once, with the expected result of the call without out.
  const calls: [string, (o?: { out?: Tensor }) => Tensor][] = [
    [
      'gather',
      (o) =>
        torch.gather(
          A(),
          1,
          i64([
            [2, 0],
            [1, 1],
          ]),
          o,
        ),
    ],
    ['scatter', (o) => torch.scatter(A(), 1, i64([[2], [0]]), 7, { ...o })],
    ['scatter_add', (o) => torch.scatter_add(A(), 1, i64([[2, 2]]), i64([[5, 6]]), o)],
    ['scatter_reduce', (o) => torch.scatter_reduce(A(), 0, i64([[1, 1, 1]]), i64([[5, 6, 7]]), 'amax', o)],
    ['index_select', (o) => torch.index_select(A(), 1, i64([2, 0]), o)],
    ['index_add', (o) => torch.index_add(A(), 0, i64([1]), i64([[1, 2, 3]]), { alpha: 2, ...o })],
    ['index_copy', (o) => torch.index_copy(A(), 0, i64([0]), i64([[7, 8, 9]]), o)],
    ['index_fill', (o) => torch.index_fill(A(), 1, i64([1]), -1, o)],
    ['index_put', (o) => torch.index_put(A(), [i64([1]), i64([-1])], i64(5), { accumulate: true, ...o })],
    ['take', (o) => torch.take(A(), i64([[5, 0]]), o)],
    ['take_along_dim', (o) => torch.take_along_dim(A(), i64([[2], [0]]), { dim: 1, ...o })],
  ];
  for (const [op, call] of calls) {
    it(`torch.${op}: a fresh out receives the result; wrong shape / dtype are torch.${op}.out`, () => {
      const expected = call();
      const out = zeros(expected.shape, 'int64');
      const r = call({ out });
      expect(r).toBe(out);
      expect(out.toArray()).toEqual(expected.toArray());
      const wrongShape = () => call({ out: zeros([7], 'int64') });
      expect(wrongShape).toThrow(InvalidArgumentError);
      expect(wrongShape).toThrow(`(torch.${op}.out)`);
      const wrongDType = () => call({ out: zeros(expected.shape, 'float32') });
      expect(wrongDType).toThrow(DTypeError);
      expect(wrongDType).toThrow(`(torch.${op}.out)`);
      expect(() => call({ out: [1, 2] as any })).toThrow(`(torch.${op}.out)`);
    });
  }
  it('out aliasing the gathered input is refused, as PyTorch 1.13 refuses it (test/torch-out-overlap)', () => {
    const x = tensor([10, 11, 12], 'int64');
    expect(() => torch.gather(x, 0, i64([2, 1, 0]), { out: x })).toThrow('(torch.gather.out_overlap)');
    const y = tensor([10, 11, 12], 'int64');
    expect(() => torch.take(y, i64([2, 1, 0]), { out: y })).toThrow('(torch.take.out_overlap)');
    expect(y.toArray()).toEqual([10n, 11n, 12n]);
  });
  it('out = input is PyTorch in-place Tensor.scatter_ / index_add_ / index_put_', () => {
    const x = zeros([2, 3], 'float32');
    torch.scatter_add(
      x,
      1,
      i64([
        [0, 0],
        [2, 2],
      ]),
      full([2, 2], 1.5, 'float32'),
      { out: x },
    );
    expect(x.toArray()).toEqual([
      [3, 0, 0],
      [0, 0, 3],
    ]);
    torch.index_add(x, 0, i64([1, 1]), full([2, 3], 1, 'float32'), { out: x });
    expect(x.toArray()).toEqual([
      [3, 0, 0],
      [2, 2, 5],
    ]);
    torch.index_put(x, [i64([0]), i64([1])], tensor(9, 'float32'), { out: x });
    expect(x.toArray()).toEqual([
      [3, 9, 0],
      [2, 2, 5],
    ]);
  });
  it('out aliasing the src of a scatter is refused, as PyTorch 1.13 refuses it', () => {
    const src = tensor([1, 2, 3], 'int64');
    const call = () => torch.scatter(tensor([7, 8, 9], 'int64'), 0, i64([2, 0, 1]), src, { out: src });
    expect(call).toThrow('(torch.scatter.out_overlap)');
  });
});

describe('PyTorch strict arguments', () => {
  const A = tensor(
    [
      [0, 1, 2],
      [10, 11, 12],
    ],
    'int64',
  );
  const cases: [string, string, () => unknown, new (...a: any[]) => Error, RegExp?][] = [
    [
      'unknown option key (did-you-mean)',
      'torch.scatter.options',
      () => torch.scatter(A, 1, i64([[0]]), 1, { reduc: 'add' } as any),
      InvalidArgumentError,
      /unknown option "reduc".*did you mean "reduce"/,
    ],
    [
      'unknown key on take_along_dim (axis is dim)',
      'torch.take_along_dim.options',
      () => torch.take_along_dim(A, i64([[0]]), { axis: 1 } as any),
      InvalidArgumentError,
    ],
    [
      "reduce 'constructor' is not a reduction",
      'torch.scatter.reduce',
      () => torch.scatter(A, 0, i64([[0]]), 5, { reduce: 'constructor' as any }),
      InvalidArgumentError,
    ],
    [
      "scatter_reduce 'constructor'",
      'torch.scatter_reduce.reduce',
      () => torch.scatter_reduce(A, 0, i64([[0]]), i64([[1]]), 'constructor' as any),
      InvalidArgumentError,
    ],
    [
      'scatter_reduce without reduce (PyTorch requires it)',
      'torch.scatter_reduce.reduce',
      () => (torch.scatter_reduce as any)(A, 0, i64([[0]]), i64([[1]])),
      InvalidArgumentError,
      /missing required argument reduce/,
    ],
    [
      'include_self must be a boolean',
      'torch.scatter_reduce.include_self',
      () => torch.scatter_reduce(A, 0, i64([[0]]), i64([[1]]), 'sum', { include_self: 1 as any }),
      InvalidArgumentError,
    ],
    [
      'accumulate must be a boolean',
      'torch.index_put.accumulate',
      () => torch.index_put(A, [i64([0])], i64(1), { accumulate: 'yes' as any }),
      InvalidArgumentError,
    ],
    ['null input', 'torch.gather.input', () => torch.gather(null as any, 0, i64([0])), InvalidArgumentError],
    [
      'plain array index',
      'torch.index_select.index',
      () => torch.index_select(A, 0, [0] as any),
      InvalidArgumentError,
      /index must be a Tensor; got an array/,
    ],
    [
      'onnxruntime tensor as src (with a hint)',
      'torch.scatter_add.src',
      () =>
        torch.scatter_add(A, 0, i64([[0]]), {
          type: 'int64',
          dims: [1, 1],
          data: new BigInt64Array(1),
        } as any),
      InvalidArgumentError,
      /onnxruntime Tensor: convert it with fromOrt/,
    ],
    [
      'TF.js tensor as input (with a hint)',
      'torch.take.input',
      () =>
        torch.take({ shape: [3], dtype: 'float32', dataSync: () => new Float32Array(3) } as any, i64([0])),
      InvalidArgumentError,
      /TF\.js tensor/,
    ],
    [
      'index_put indices not an array',
      'torch.index_put.indices',
      () => torch.index_put(A, i64([0]) as any, i64(1)),
      InvalidArgumentError,
    ],
    [
      'string value',
      'torch.index_fill.value',
      () => torch.index_fill(A, 0, i64([0]), '5' as any),
      InvalidArgumentError,
    ],
    [
      '1-d value tensor (PyTorch: only a 0-dimensional value tensor)',
      'torch.index_fill.value',
      () => torch.index_fill(A, 0, i64([0]), tensor([5], 'int64')),
      InvalidArgumentError,
    ],
    [
      'string scatter value',
      'torch.scatter.value',
      () => torch.scatter(A, 0, i64([[0]]), '5' as any),
      InvalidArgumentError,
    ],
    [
      'string alpha',
      'torch.index_add.alpha',
      () => torch.index_add(A, 0, i64([0]), i64([[1, 2, 3]]), { alpha: '2' as any }),
      InvalidArgumentError,
    ],
    ['string dim', 'torch.gather.dim', () => torch.gather(A, '1' as any, i64([[0]])), InvalidArgumentError],
    [
      'options must be an object',
      'torch.take.options',
      () => torch.take(A, i64([0]), 5 as any),
      InvalidArgumentError,
    ],
  ];
  for (const [what, code, fn, cls, msg] of cases) {
    it(`${code}: ${what}`, () => {
      let thrown: any;
      try {
        fn();
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(cls);
      expect(thrown.code).toBe(code);
      if (msg) expect(thrown.message).toMatch(msg);
    });
  }
  it('null / undefined options are absent', () => {
    expect(torch.gather(A, 1, i64([[2]]), null).toArray()).toEqual([[2n]]);
    expect(torch.scatter(A, 1, i64([[2]]), 5, undefined).toArray()).toEqual([
      [0n, 1n, 5n],
      [10n, 11n, 12n],
    ]);
    expect(torch.take_along_dim(A, i64([5]), null).toArray()).toEqual([12n]);
  });
  it('index_fill takes a 0-d tensor value, as PyTorch does (truncated like a scalar)', () => {
    expect(torch.index_fill(A, 0, i64([1]), tensor(5, 'int64')).toArray()).toEqual([
      [0n, 1n, 2n],
      [5n, 5n, 5n],
    ]);
    expect(torch.index_fill(A, 1, i64([0]), tensor(2.75, 'float64')).toArray()).toEqual([
      [2n, 1n, 2n],
      [2n, 11n, 12n],
    ]);
  });
  it('torch.tensor is torchTensor (int64 integers, float32 floats)', () => {
    expect(torch.tensor([[0, 1]]).dtype).toBe('int64');
    expect(torch.tensor([0.5]).dtype).toBe('float32');
    expect(torch.gather(A, 1, torch.tensor([[2, 0]])).toArray()).toEqual([[2n, 0n]]);
  });
  it('lower.<op> is the whole call: executing it equals the op', () => {
    const call = torch.lower.index_select(A, 1, i64([2, 2]));
    expect(call.options.mode).toBe('error');
    expect(call.options.oob_code).toBe('torch.index_select.index_out_of_bounds');
    expect(execute(call).toArray()).toEqual(torch.index_select(A, 1, i64([2, 2])).toArray());
    expect(() => execute(torch.lower.index_select(A, 1, i64([3])))).toThrow(/index out of range in self/);
  });
});

describe('issue 12: PyTorch 1.13 fidelity classes (values from the real PyTorch)', () => {
  it('class 1: index_add alpha is cast to the dtype; 1-D rounds alpha*source, >= 2-D float fuses', () => {
    const bf = torch.index_add(tensor([-0.087890625], 'bfloat16'), 0, i64([0]), tensor([72.5], 'bfloat16'), {
      alpha: 0.001,
    });
    expect(bf.toArray()).toEqual([-0.015625]);
    const f32 = torch.index_add(
      tensor([0.8843898773193359], 'float32'),
      0,
      i64([0]),
      tensor([-0.5836004614830017], 'float32'),
      { alpha: 3 },
    );
    expect(f32.toArray()).toEqual([-0.8664114475250244]);
    const fused = torch.index_add(
      tensor([[-8.652131, 1]], 'float64'),
      0,
      i64([0]),
      tensor([[33.229995, 2]], 'float64'),
      {
        alpha: 0.1,
      },
    );
    expect(fused.toArray()).toEqual([[-5.3291315, 1.2]]);
    const rounded = torch.index_add(
      tensor([-8.652131], 'float64'),
      0,
      i64([0]),
      tensor([33.229995], 'float64'),
      {
        alpha: 0.1,
      },
    );
    expect(rounded.toArray()).toEqual([-5.329131500000001]);
    expect(
      torch.index_add(tensor([false, false]), 0, i64([0]), tensor([true]), { alpha: 0.001 }).toArray(),
    ).toEqual([true, false]);
  });
  it('class 2: scalars convert with c10 checked conversion', () => {
    expect(() => torch.index_fill(tensor([1, 2], 'float16'), 0, i64([0]), 1e10)).toThrow(DTypeError);
    expect(() => torch.index_fill(tensor([1, 2], 'uint8'), 0, i64([0]), -2.5)).toThrow(
      '(torch.index_fill.value)',
    );
    expect(() => torch.index_fill(tensor([1, 2], 'int8'), 0, i64([0]), 127.5)).toThrow(DTypeError);
    expect(torch.index_fill(tensor([1, 2], 'uint8'), 0, i64([0]), -3).toArray()).toEqual([253, 2]);
    expect(() =>
      torch.index_add(tensor([1, 2], 'uint8'), 0, i64([0]), tensor([1], 'uint8'), { alpha: -2.5 }),
    ).toThrow('(torch.index_add.alpha)');
  });
  it('torch.index_add.alpha: an infinite or NaN alpha on a float or complex self is refused, saying why', () => {
    for (const dtype of ['float32', 'float64', 'complex64', 'complex128'] as const)
      for (const alpha of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
        expect(() =>
          torch.index_add(tensor([[1, 2]], dtype), 0, i64([0]), tensor([[1, 2]], dtype), { alpha }),
        ).toThrow(/NaN bits of its products.*\(torch\.index_add\.alpha\)/);
    // converted: 1e6 overflows float16 (c10's checked conversion); 1e300 becomes float32's inf
    expect(() =>
      torch.index_add(tensor([1, 2], 'float32'), 0, i64([0]), tensor([1], 'float32'), { alpha: 1e300 }),
    ).toThrow('(torch.index_add.alpha)');
    // an empty index of a >= 2-D self never converts alpha (PyTorch computes the copy)
    const x = tensor([[1, 2]], 'float32');
    expect(
      torch.index_add(x, 0, i64([]), tensor([], 'float32').reshape([0, 2]), { alpha: Number.NaN }).toArray(),
    ).toEqual([[1, 2]]);
  });
  it('class 3: an empty index still checks src dtype', () => {
    const empty = i64([]);
    expect(() => torch.scatter_add(tensor([1, 2, 3], 'int16'), 0, empty, i64([]))).toThrow(
      '(torch.scatter_add.src_dtype)',
    );
  });
  it('class 4: take_along_dim needs equal ranks and a real dim', () => {
    expect(() => torch.take_along_dim(tensor([[1, 2]]), i64([0]), { dim: 1 })).toThrow(
      '(torch.take_along_dim.ndim)',
    );
    expect(() => torch.take_along_dim(tensor(7), i64(0), { dim: 0 })).toThrow(/has no dimensions/);
    expect(torch.take_along_dim(tensor(7), i64(0)).toArray()).toEqual([7]);
  });
  it('class 5: zero-size self', () => {
    const z = zeros([0, 3], 'float32');
    expect(torch.index_fill(z, 1, i64([5]), 1).shape).toEqual([0, 3]);
    expect(torch.index_copy(z, 1, i64([5]), zeros([0, 1], 'float32')).shape).toEqual([0, 3]);
    expect(
      torch.index_put(zeros([1, 4, 0], 'float32'), [i64([1])], zeros([1, 4, 0], 'float32')).shape,
    ).toEqual([1, 4, 0]);
    expect(() => torch.index_put(zeros([0, 2], 'float32'), [i64([0])], tensor(1, 'float32'))).toThrow(
      IndexOutOfBoundsError,
    );
    expect(() => torch.index_select(zeros([4, 0], 'float32'), 0, i64([-4]))).toThrow(IndexOutOfBoundsError);
    expect(() => torch.index_select(zeros([4, 0], 'float32'), 1, i64([0]))).toThrow(
      '(torch.index_select.empty_dim)',
    );
  });
});
