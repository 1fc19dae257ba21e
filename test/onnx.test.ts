/**
 * ONNX frontend: the operator docs' examples verbatim, edge cases (empty, rank 0, duplicates
 * opt-in), lowerings, and one named negative test per rule code.
 */
import { describe, expect, it } from 'vitest';
import { stablehloText } from '../src/core/call.js';
import {
  DTypeError,
  DuplicateIndexError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
} from '../src/errors.js';
import { onnx } from '../src/frameworks/onnx.js';
import { type NestedArray, type Tensor, tensor, zeros } from '../src/tensor/tensor.js';

const f32 = (v: NestedArray, shape?: number[]) => tensor(v, 'float32', shape);
const i64 = (v: NestedArray): Tensor =>
  tensor(
    JSON.parse(JSON.stringify(v), (_k, x) => (typeof x === 'number' ? BigInt(x) : x)),
    'int64',
  );
const i32 = (v: NestedArray) => tensor(v, 'int32');
/** Float32 values as the nearest float32 (docs give decimals). */
const fr = (v: NestedArray): NestedArray => (Array.isArray(v) ? v.map(fr) : Math.fround(v as number));
const emptyI64 = (shape: number[]) => tensor(new BigInt64Array(0), 'int64', shape);

function expectError(
  fn: () => unknown,
  code: string,
  cls: new (...a: any[]) => Error = InvalidArgumentError,
): Error {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(cls);
    expect((e as { code: string }).code).toBe(code);
    expect((e as Error).message.endsWith(`(${code})`)).toBe(true);
    return e as Error;
  }
  throw new Error(`expected ${code}`);
}

describe('ONNX operator docs examples (Operators.md)', () => {
  it('Gather, axis 0', () => {
    const data = f32([
      [1.0, 1.2],
      [2.3, 3.4],
      [4.5, 5.7],
    ]);
    const out = onnx.Gather(
      data,
      i64([
        [0, 1],
        [1, 2],
      ]),
      { axis: 0 },
    );
    expect(out.toArray()).toEqual(
      fr([
        [
          [1.0, 1.2],
          [2.3, 3.4],
        ],
        [
          [2.3, 3.4],
          [4.5, 5.7],
        ],
      ]),
    );
  });

  it('Gather, axis 1', () => {
    const data = f32([
      [1.0, 1.2, 1.9],
      [2.3, 3.4, 3.9],
      [4.5, 5.7, 5.9],
    ]);
    const out = onnx.Gather(data, i64([[0, 2]]), { axis: 1 });
    expect(out.toArray()).toEqual(fr([[[1.0, 1.9]], [[2.3, 3.9]], [[4.5, 5.9]]]));
  });

  it('GatherElements, both examples', () => {
    expect(
      onnx
        .GatherElements(
          f32([
            [1, 2],
            [3, 4],
          ]),
          i64([
            [0, 0],
            [1, 0],
          ]),
          { axis: 1 },
        )
        .toArray(),
    ).toEqual([
      [1, 1],
      [4, 3],
    ]);
    const data = f32([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
    expect(
      onnx
        .GatherElements(
          data,
          i64([
            [1, 2, 0],
            [2, 0, 0],
          ]),
          { axis: 0 },
        )
        .toArray(),
    ).toEqual([
      [4, 8, 3],
      [7, 2, 3],
    ]);
  });

  it('GatherND, examples 1–5', () => {
    const d2 = i32([
      [0, 1],
      [2, 3],
    ]);
    const d3 = i32([
      [
        [0, 1],
        [2, 3],
      ],
      [
        [4, 5],
        [6, 7],
      ],
    ]);
    expect(
      onnx
        .GatherND(
          d2,
          i64([
            [0, 0],
            [1, 1],
          ]),
        )
        .toArray(),
    ).toEqual([0, 3]);
    expect(onnx.GatherND(d2, i64([[1], [0]])).toArray()).toEqual([
      [2, 3],
      [0, 1],
    ]);
    expect(
      onnx
        .GatherND(
          d3,
          i64([
            [0, 1],
            [1, 0],
          ]),
        )
        .toArray(),
    ).toEqual([
      [2, 3],
      [4, 5],
    ]);
    expect(onnx.GatherND(d3, i64([[[0, 1]], [[1, 0]]])).toArray()).toEqual([[[2, 3]], [[4, 5]]]);
    expect(onnx.GatherND(d3, i64([[1], [0]]), { batch_dims: 1 }, { opset: 13 }).toArray()).toEqual([
      [2, 3],
      [4, 5],
    ]);
  });

  it('ScatterElements, both examples (and Scatter-9, same formula)', () => {
    const updates = f32([
      [1.0, 1.1, 1.2],
      [2.0, 2.1, 2.2],
    ]);
    const expected = fr([
      [2.0, 1.1, 0.0],
      [1.0, 0.0, 2.2],
      [0.0, 2.1, 1.2],
    ]);
    const indices = i64([
      [1, 0, 2],
      [0, 2, 1],
    ]);
    expect(onnx.ScatterElements(zeros([3, 3], 'float32'), indices, updates).toArray()).toEqual(expected);
    expect(onnx.Scatter(zeros([3, 3], 'float32'), indices, updates, {}, { opset: 9 }).toArray()).toEqual(
      expected,
    );
    const out = onnx.ScatterElements(f32([[1, 2, 3, 4, 5]]), i64([[1, 3]]), f32([[1.1, 2.1]]), { axis: 1 });
    expect(out.toArray()).toEqual(fr([[1.0, 1.1, 3.0, 2.1, 5.0]]));
  });

  it('ScatterND, both examples', () => {
    const out = onnx.ScatterND(
      f32([1, 2, 3, 4, 5, 6, 7, 8]),
      i64([[4], [3], [1], [7]]),
      f32([9, 10, 11, 12]),
    );
    expect(out.toArray()).toEqual([1, 11, 3, 10, 9, 6, 7, 12]);
    const a = [
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [8, 7, 6, 5],
      [4, 3, 2, 1],
    ];
    const b = [
      [8, 7, 6, 5],
      [4, 3, 2, 1],
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ];
    const u0 = [
      [5, 5, 5, 5],
      [6, 6, 6, 6],
      [7, 7, 7, 7],
      [8, 8, 8, 8],
    ];
    const u1 = [
      [1, 1, 1, 1],
      [2, 2, 2, 2],
      [3, 3, 3, 3],
      [4, 4, 4, 4],
    ];
    const out2 = onnx.ScatterND(f32([a, a, b, b]), i64([[0], [2]]), f32([u0, u1]));
    expect(out2.toArray()).toEqual([u0, a, u1, b]);
  });

  it('TensorScatter, linear and circular (backend test data)', () => {
    const rows = [
      [1, 2, 3, 4, 5],
      [5, 6, 7, 8, 9],
      [8, 7, 6, 5, 4],
      [4, 3, 2, 1, 0],
    ];
    const past = f32([[rows], [rows]]);
    const lin = onnx.TensorScatter(past, f32([[[[5, 5, 5, 5, 5]]], [[[1, 1, 1, 1, 1]]]]), i64([1, 2]), {
      mode: 'linear',
    });
    expect(lin.toArray()).toEqual([
      [[rows[0], [5, 5, 5, 5, 5], rows[2], rows[3]]],
      [[rows[0], rows[1], [1, 1, 1, 1, 1], rows[3]]],
    ]);
    const upd = f32([
      [
        [
          [5, 5, 5, 5, 5],
          [6, 6, 6, 6, 6],
        ],
      ],
      [
        [
          [1, 1, 1, 1, 1],
          [2, 2, 2, 2, 2],
        ],
      ],
    ]);
    const circ = onnx.TensorScatter(past, upd, i64([1, 3]), { mode: 'circular' });
    expect(circ.toArray()).toEqual([
      [[rows[0], [5, 5, 5, 5, 5], [6, 6, 6, 6, 6], rows[3]]],
      [[[2, 2, 2, 2, 2], rows[1], rows[2], [1, 1, 1, 1, 1]]],
    ]);
  });
});

describe('doc-comment @examples', () => {
  it('onnx.Gather', () => {
    expect(
      onnx
        .Gather(
          f32([
            [1, 2],
            [3, 4],
            [5, 6],
          ]),
          i64([
            [0, 1],
            [1, 2],
          ]),
        )
        .toArray(),
    ).toEqual([
      [
        [1, 2],
        [3, 4],
      ],
      [
        [3, 4],
        [5, 6],
      ],
    ]);
  });
  it('onnx.ScatterND', () => {
    expect(onnx.ScatterND(f32([1, 2, 3, 4]), i64([[1], [3]]), f32([9, 10])).toArray()).toEqual([1, 9, 3, 10]);
  });
  it('onnx.Scatter', () => {
    const out = onnx.Scatter(f32([[0, 0, 0]]), i64([[2, 0]]), f32([[7, 8]]), { axis: 1 }, { opset: 10 });
    expect(out.toArray()).toEqual([[8, 0, 7]]);
  });
  it('onnx.ScatterElements', () => {
    const out = onnx.ScatterElements(f32([[1, 2, 3, 4, 5]]), i64([[1, 3]]), f32([[1.5, 2.5]]), { axis: 1 });
    expect(out.toArray()).toEqual([[1, 1.5, 3, 2.5, 5]]);
  });
  it('onnx.TensorScatter', () => {
    const out = onnx.TensorScatter(zeros([1, 4, 1], 'float32'), f32([[[7], [8]]]), i64([3]), {
      mode: 'circular',
    });
    expect(out.toArray()).toEqual([[[8], [0], [0], [7]]]);
  });
});

describe('semantics by version, empty and rank-0 cases', () => {
  it('negative indices wrap once from version 11 (Gather, GatherElements, GatherND, ScatterElements, ScatterND)', () => {
    const data = f32([10, 11, 12]);
    expect(onnx.Gather(data, i64([-1, -3]), {}, { opset: 11 }).toArray()).toEqual([12, 10]);
    expect(onnx.GatherElements(data, i64([-2])).toArray()).toEqual([11]);
    expect(onnx.GatherND(data, i64([[-1]]), {}, { opset: 11 }).toArray()).toEqual([12]);
    expect(onnx.ScatterElements(data, i64([-1]), f32([0])).toArray()).toEqual([10, 11, 0]);
    expect(onnx.ScatterND(data, i64([[-3]]), f32([0])).toArray()).toEqual([0, 11, 12]);
    expect(onnx.Scatter(data, i64([-1]), f32([0]), {}, { opset: 11 }).toArray()).toEqual([10, 11, 0]);
  });

  it('rank-0 indices: Gather drops the axis', () => {
    const out = onnx.Gather(
      f32([
        [1, 2],
        [3, 4],
      ]),
      tensor(1n, 'int64'),
      { axis: 1 },
    );
    expect(out.shape).toEqual([2]);
    expect(out.toArray()).toEqual([2, 4]);
  });

  it('empty indices give empty results (even on an empty axis)', () => {
    expect(onnx.Gather(f32([1, 2]), emptyI64([0, 3])).shape).toEqual([0, 3]);
    expect(onnx.Gather(zeros([0, 2], 'float32'), emptyI64([0])).shape).toEqual([0, 2]);
    expect(onnx.GatherElements(f32([[1, 2]]), emptyI64([1, 0]), { axis: 1 }).shape).toEqual([1, 0]);
    expect(onnx.GatherND(zeros([0, 2], 'float32'), emptyI64([0, 1])).shape).toEqual([0, 2]);
    expect(onnx.ScatterElements(f32([1, 2]), emptyI64([0]), f32([])).toArray()).toEqual([1, 2]);
    expect(onnx.ScatterND(f32([1, 2]), emptyI64([0, 1]), f32([])).toArray()).toEqual([1, 2]);
  });

  it('ScatterND with k = 0 replaces the whole tensor; duplicates of it need a reduction', () => {
    expect(onnx.ScatterND(f32([1, 2]), emptyI64([0]), f32([7, 8])).toArray()).toEqual([7, 8]);
    expect(
      onnx
        .ScatterND(
          f32([1, 2]),
          emptyI64([2, 0]),
          f32([
            [1, 1],
            [2, 2],
          ]),
          { reduction: 'add' },
        )
        .toArray(),
    ).toEqual([4, 5]);
  });

  it('duplicates with reduction none: last wins only when asked', () => {
    const out = onnx.ScatterElements(f32([0, 0]), i64([1, 1]), f32([5, 6]), {}, { duplicates: 'last_wins' });
    expect(out.toArray()).toEqual([0, 6]);
    const nd = onnx.ScatterND(f32([0, 0]), i64([[0], [0]]), f32([5, 6]), {}, { duplicates: 'last_wins' });
    expect(nd.toArray()).toEqual([6, 0]);
  });

  it('reductions: add/mul at 16, max/min at 18', () => {
    const data = f32([1, 2, 3]);
    const idx = i64([[1], [1]]);
    const upd = f32([5, 6]);
    expect(onnx.ScatterND(data, idx, upd, { reduction: 'add' }, { opset: 16 }).toArray()).toEqual([1, 13, 3]);
    expect(onnx.ScatterND(data, idx, upd, { reduction: 'mul' }, { opset: 16 }).toArray()).toEqual([1, 60, 3]);
    expect(onnx.ScatterND(data, idx, upd, { reduction: 'max' }, { opset: 18 }).toArray()).toEqual([1, 6, 3]);
    expect(onnx.ScatterND(data, idx, upd, { reduction: 'min' }, { opset: 18 }).toArray()).toEqual([1, 2, 3]);
  });

  it('GatherElements and ScatterElements accept indices smaller than data outside the axis', () => {
    const data = f32([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(onnx.GatherElements(data, i64([[1, 0]]), { axis: 0 }).toArray()).toEqual([[4, 2]]);
    const out = onnx.ScatterElements(data, i64([[1, 0]]), f32([[9, 8]]), { axis: 0 });
    expect(out.toArray()).toEqual([
      [1, 8, 3],
      [9, 5, 6],
    ]);
  });

  it('TensorScatter: no write_indices means 0; sequence_length 0 leaves the cache; circular wraps any value', () => {
    const past = f32([[[1], [2], [3]]]);
    expect(onnx.TensorScatter(past, f32([[[9]]])).toArray()).toEqual([[[9], [2], [3]]]);
    expect(onnx.TensorScatter(past, zeros([1, 0, 1], 'float32'), i64([3])).toArray()).toEqual([
      [[1], [2], [3]],
    ]);
    expect(onnx.TensorScatter(past, f32([[[8], [9]]]), i64([-1]), { mode: 'circular' }).toArray()).toEqual([
      [[9], [2], [8]],
    ]);
    expect(onnx.TensorScatter(past, f32([[[7]]]), i64([7]), { mode: 'circular', axis: 1 }).toArray()).toEqual(
      [[[1], [7], [3]]],
    );
  });

  it('bfloat16 data from version 13', () => {
    const data = tensor([1, 2, 3], 'bfloat16');
    expect(onnx.Gather(data, i64([2]), {}, { opset: 13 }).toArray()).toEqual([3]);
  });
});

describe('lowering (onnx.lower.*)', () => {
  it('GatherND with batch_dims becomes a gather with batching dims', () => {
    const data = i32([
      [
        [0, 1],
        [2, 3],
      ],
      [
        [4, 5],
        [6, 7],
      ],
    ]);
    const call = onnx.lower.GatherND(data, i64([[1], [0]]), { batch_dims: 1 }, { opset: 13 });
    expect(call.kind).toBe('gather');
    expect(call.op).toBe('onnx.GatherND-13');
    expect(call.dimension_numbers).toEqual({
      offset_dims: [1],
      collapsed_slice_dims: [1],
      operand_batching_dims: [0],
      start_indices_batching_dims: [0],
      start_index_map: [1],
      index_vector_dim: 1,
      slice_sizes: [1, 1, 2],
    });
    // The complete call: every default applied (ONNX's policy, then the core's).
    expect(call.options).toEqual({
      op: 'onnx.GatherND-13',
      mode: 'error',
      negative_indices: 'from_end',
      oob_code: 'onnx.GatherND-13.index_out_of_bounds',
      zero_size_dims: 'out_of_bounds',
      fill_value: -2147483648, // the core's int32 fill (unused: mode error)
      checked: false,
    });
    expect(stablehloText(call)).toContain('operand_batching_dims = [0]');
  });

  it('Gather places data dims around the indices dims', () => {
    const call = onnx.lower.Gather(zeros([2, 3, 4], 'float32'), emptyI64([5, 0]), { axis: 1 }, { opset: 1 });
    expect(call.dimension_numbers.offset_dims).toEqual([0, 3]);
    expect(call.dimension_numbers.slice_sizes).toEqual([2, 1, 4]);
    expect(call.options.negative_indices).toBe('out_of_bounds');
  });

  it('ScatterElements with matching shapes uses batching dims; ScatterND uses window dims', () => {
    const se = onnx.lower.ScatterElements(
      zeros([2, 3], 'float32'),
      zeros([2, 1], 'int64'),
      zeros([2, 1], 'float32'),
      { axis: 1, reduction: 'max' },
    );
    expect(se.dimension_numbers).toEqual({
      update_window_dims: [],
      inserted_window_dims: [1],
      input_batching_dims: [0],
      scatter_indices_batching_dims: [0],
      scatter_dims_to_operand_dims: [1],
      index_vector_dim: 2,
    });
    expect(se.update_computation).toBe('max');
    const nd = onnx.lower.ScatterND(
      zeros([4, 5], 'float32'),
      zeros([3, 1], 'int64'),
      zeros([3, 5], 'float32'),
    );
    expect(nd.dimension_numbers).toEqual({
      update_window_dims: [1],
      inserted_window_dims: [0],
      input_batching_dims: [],
      scatter_indices_batching_dims: [],
      scatter_dims_to_operand_dims: [0],
      index_vector_dim: 1,
    });
    expect(nd.options).toMatchObject({
      mode: 'error',
      duplicates: 'error',
      duplicate_code: 'onnx.ScatterND-18.duplicate_indices',
      include_self: true,
    });
  });

  it('TensorScatter linear is one windowed scatter batched on dim 0', () => {
    const call = onnx.lower.TensorScatter(
      zeros([2, 5, 3], 'float32'),
      zeros([2, 2, 3], 'float32'),
      i64([0, 3]),
    );
    expect(call.dimension_numbers).toMatchObject({
      update_window_dims: [1, 2],
      input_batching_dims: [0],
      scatter_dims_to_operand_dims: [1],
    });
  });
});

describe('negative tests: one per rule', () => {
  const d = f32([
    [1, 2],
    [3, 4],
  ]);
  const ix = i64([[0, 1]]);
  const cases: [string, () => unknown, (new (...a: any[]) => Error)?][] = [
    // Gather
    ['onnx.Gather.opset', () => onnx.Gather(d, ix, {}, { opset: 0 })],
    ['onnx.Gather-13.attribute', () => onnx.Gather(d, ix, { batch_dims: 1 } as never)],
    ['onnx.Gather-13.data_rank', () => onnx.Gather(tensor(1, 'float32'), ix)],
    ['onnx.Gather-13.axis', () => onnx.Gather(d, ix, { axis: 2 })],
    [
      'onnx.Gather-11.data_dtype',
      () => onnx.Gather(tensor([1], 'bfloat16'), i64([0]), {}, { opset: 12 }),
      DTypeError,
    ],
    ['onnx.Gather-13.indices_dtype', () => onnx.Gather(d, tensor([0], 'int16')), DTypeError],
    ['onnx.Gather-13.index_out_of_bounds', () => onnx.Gather(d, i64([0, 2])), IndexOutOfBoundsError],
    [
      'onnx.Gather-1.index_out_of_bounds',
      () => onnx.Gather(d, i64([-1]), {}, { opset: 10 }),
      IndexOutOfBoundsError,
    ],
    // GatherElements
    ['onnx.GatherElements.opset', () => onnx.GatherElements(d, ix, {}, { opset: 10 })],
    ['onnx.GatherElements-13.attribute', () => onnx.GatherElements(d, ix, { reduction: 'add' } as never)],
    [
      'onnx.GatherElements-13.data_rank',
      () => onnx.GatherElements(tensor(1, 'float32'), tensor(0n, 'int64')),
    ],
    ['onnx.GatherElements-13.indices_rank', () => onnx.GatherElements(d, i64([0]))],
    ['onnx.GatherElements-13.indices_shape', () => onnx.GatherElements(d, i64([[0, 0, 0]]), { axis: 0 })],
    ['onnx.GatherElements-13.axis', () => onnx.GatherElements(d, ix, { axis: -3 })],
    [
      'onnx.GatherElements-11.data_dtype',
      () => onnx.GatherElements(tensor([1], 'bfloat16'), i64([0]), {}, { opset: 11 }),
      DTypeError,
    ],
    [
      'onnx.GatherElements-13.indices_dtype',
      () => onnx.GatherElements(d, tensor([[0]], 'uint8')),
      DTypeError,
    ],
    [
      'onnx.GatherElements-13.index_out_of_bounds',
      () => onnx.GatherElements(d, i64([[2, 0]])),
      IndexOutOfBoundsError,
    ],
    // GatherND
    ['onnx.GatherND.opset', () => onnx.GatherND(d, ix, {}, { opset: 10 })],
    ['onnx.GatherND-11.attribute', () => onnx.GatherND(d, ix, { batch_dims: 0 }, { opset: 11 })],
    ['onnx.GatherND-13.data_rank', () => onnx.GatherND(tensor(1, 'float32'), ix)],
    ['onnx.GatherND-13.indices_rank', () => onnx.GatherND(d, tensor(0n, 'int64'))],
    [
      'onnx.GatherND-13.batch_dims',
      () =>
        onnx.GatherND(
          zeros([2, 2, 2, 2], 'float32'),
          zeros([2, 2, 1], 'int64'),
          { batch_dims: 3 },
          { opset: 13 },
        ),
    ],
    ['onnx.GatherND-13.batch_shape', () => onnx.GatherND(d, i64([[0], [1], [0]]), { batch_dims: 1 })],
    ['onnx.GatherND-13.index_depth', () => onnx.GatherND(d, i64([[0, 0, 0]]))],
    [
      'onnx.GatherND-12.data_dtype',
      () => onnx.GatherND(tensor([1], 'bfloat16'), i64([[0]]), {}, { opset: 12 }),
      DTypeError,
    ],
    ['onnx.GatherND-13.indices_dtype', () => onnx.GatherND(d, i32([[0, 0]])), DTypeError],
    ['onnx.GatherND-13.index_out_of_bounds', () => onnx.GatherND(d, i64([[0, -3]])), IndexOutOfBoundsError],
    // Scatter (deprecated)
    ['onnx.Scatter.opset', () => onnx.Scatter(d, ix, f32([[0, 0]]), {}, { opset: 8 })],
    [
      'onnx.Scatter-11.attribute',
      () => onnx.Scatter(d, ix, f32([[0, 0]]), { reduction: 'add' } as never, { opset: 11 }),
    ],
    [
      'onnx.Scatter-9.index_out_of_bounds',
      () => onnx.Scatter(d, i64([[-1, 0]]), f32([[0, 0]]), {}, { opset: 9 }),
      IndexOutOfBoundsError,
    ],
    [
      'onnx.Scatter-9.data_dtype',
      () => onnx.Scatter(tensor([1], 'bfloat16'), i64([0]), tensor([1], 'bfloat16'), {}, { opset: 9 }),
      DTypeError,
    ],
    [
      'onnx.Scatter-11.duplicate_indices',
      () => onnx.Scatter(f32([0, 0]), i64([1, 1]), f32([1, 2]), {}, { opset: 11 }),
      DuplicateIndexError,
    ],
    // ScatterElements
    ['onnx.ScatterElements.opset', () => onnx.ScatterElements(d, ix, f32([[0, 0]]), {}, { opset: 10 })],
    [
      'onnx.ScatterElements-13.attribute',
      () => onnx.ScatterElements(d, ix, f32([[0, 0]]), { reduction: 'add' }, { opset: 13 }),
    ],
    [
      'onnx.ScatterElements-16.reduction',
      () => onnx.ScatterElements(d, ix, f32([[0, 0]]), { reduction: 'max' }, { opset: 16 }),
    ],
    [
      'onnx.ScatterElements-18.reduction',
      () => onnx.ScatterElements(d, ix, f32([[0, 0]]), { reduction: 'sum' } as never),
    ],
    [
      'onnx.ScatterElements-18.duplicate_indices',
      () => onnx.ScatterElements(f32([0, 0]), i64([1, 1]), f32([1, 2])),
      DuplicateIndexError,
    ],
    [
      'onnx.ScatterElements-18.index_out_of_bounds',
      () => onnx.ScatterElements(d, i64([[0, 2]]), f32([[0, 0]])),
      IndexOutOfBoundsError,
    ],
    [
      'onnx.ScatterElements-18.data_rank',
      () => onnx.ScatterElements(tensor(1, 'float32'), tensor(0n, 'int64'), tensor(1, 'float32')),
    ],
    ['onnx.ScatterElements-18.indices_rank', () => onnx.ScatterElements(d, i64([0]), f32([0]))],
    ['onnx.ScatterElements-18.updates_shape', () => onnx.ScatterElements(d, ix, f32([[0, 0, 0]]))],
    [
      'onnx.ScatterElements-18.indices_shape',
      () => onnx.ScatterElements(d, i64([[0, 0, 0]]), f32([[0, 0, 0]])),
    ],
    ['onnx.ScatterElements-18.axis', () => onnx.ScatterElements(d, ix, f32([[0, 0]]), { axis: 2 })],
    [
      'onnx.ScatterElements-11.data_dtype',
      () =>
        onnx.ScatterElements(tensor([1], 'bfloat16'), i64([0]), tensor([1], 'bfloat16'), {}, { opset: 11 }),
      DTypeError,
    ],
    [
      'onnx.ScatterElements-18.updates_dtype',
      () => onnx.ScatterElements(d, ix, tensor([[0, 0]], 'float64')),
      DTypeError,
    ],
    [
      'onnx.ScatterElements-18.indices_dtype',
      () => onnx.ScatterElements(d, tensor([[0, 1]], 'int16'), f32([[0, 0]])),
      DTypeError,
    ],
    [
      'onnx.ScatterElements-18.options',
      () => onnx.ScatterElements(d, ix, f32([[0, 0]]), {}, { duplicates: 'first' as never }),
    ],
    // ScatterND
    ['onnx.ScatterND.opset', () => onnx.ScatterND(d, ix, f32([0]), {}, { opset: 10 })],
    [
      'onnx.ScatterND-13.attribute',
      () => onnx.ScatterND(d, ix, f32([0]), { reduction: 'add' }, { opset: 13 }),
    ],
    [
      'onnx.ScatterND-16.reduction',
      () => onnx.ScatterND(d, ix, f32([0]), { reduction: 'min' }, { opset: 17 }),
    ],
    [
      'onnx.ScatterND-18.duplicate_indices',
      () =>
        onnx.ScatterND(
          d,
          i64([
            [0, 1],
            [0, 1],
          ]),
          f32([1, 2]),
        ),
      DuplicateIndexError,
    ],
    [
      'onnx.ScatterND-18.index_out_of_bounds',
      () => onnx.ScatterND(d, i64([[0, 2]]), f32([1])),
      IndexOutOfBoundsError,
    ],
    [
      'onnx.ScatterND-18.data_rank',
      () => onnx.ScatterND(tensor(1, 'float32'), emptyI64([0]), tensor(1, 'float32')),
    ],
    ['onnx.ScatterND-18.indices_rank', () => onnx.ScatterND(d, tensor(0n, 'int64'), f32([0]))],
    ['onnx.ScatterND-18.index_depth', () => onnx.ScatterND(d, i64([[0, 0, 0]]), f32([1]))],
    ['onnx.ScatterND-18.updates_shape', () => onnx.ScatterND(d, i64([[0]]), f32([1, 2, 3]))],
    ['onnx.ScatterND-18.updates_dtype', () => onnx.ScatterND(d, ix, i32([1])), DTypeError],
    ['onnx.ScatterND-18.indices_dtype', () => onnx.ScatterND(d, i32([[0, 1]]), f32([1])), DTypeError],
    [
      'onnx.ScatterND-11.data_dtype',
      () => onnx.ScatterND(tensor([1], 'bfloat16'), i64([[0]]), tensor([1], 'bfloat16'), {}, { opset: 12 }),
      DTypeError,
    ],
    ['onnx.ScatterND-18.options', () => onnx.ScatterND(d, ix, f32([0]), {}, { duplicates: true as never })],
    // TensorScatter
    [
      'onnx.TensorScatter.opset',
      () =>
        onnx.TensorScatter(zeros([1, 2, 1], 'float32'), zeros([1, 1, 1], 'float32'), null, {}, { opset: 23 }),
    ],
    [
      'onnx.TensorScatter-24.attribute',
      () =>
        onnx.TensorScatter(zeros([1, 2, 1], 'float32'), zeros([1, 1, 1], 'float32'), null, {
          batch_dims: 1,
        } as never),
    ],
    ['onnx.TensorScatter-24.past_cache_rank', () => onnx.TensorScatter(f32([1, 2]), f32([1]))],
    ['onnx.TensorScatter-24.axis', () => onnx.TensorScatter(d, f32([[1, 2]]))],
    [
      'onnx.TensorScatter-24.mode',
      () =>
        onnx.TensorScatter(zeros([1, 2, 1], 'float32'), zeros([1, 1, 1], 'float32'), null, {
          mode: 'ring' as never,
        }),
    ],
    [
      'onnx.TensorScatter-24.update_rank',
      () => onnx.TensorScatter(zeros([1, 2, 1], 'float32'), zeros([1, 1], 'float32')),
    ],
    [
      'onnx.TensorScatter-24.update_shape',
      () => onnx.TensorScatter(zeros([1, 2, 1], 'float32'), zeros([1, 3, 1], 'float32')),
    ],
    [
      'onnx.TensorScatter-24.update_dtype',
      () => onnx.TensorScatter(zeros([1, 2, 1], 'float32'), zeros([1, 1, 1], 'int32')),
      DTypeError,
    ],
    [
      'onnx.TensorScatter-24.write_indices_dtype',
      () => onnx.TensorScatter(zeros([1, 2, 1], 'float32'), zeros([1, 1, 1], 'float32'), i32([0])),
      DTypeError,
    ],
    [
      'onnx.TensorScatter-24.write_indices_shape',
      () => onnx.TensorScatter(zeros([1, 2, 1], 'float32'), zeros([1, 1, 1], 'float32'), i64([0, 0])),
    ],
    [
      'onnx.TensorScatter-24.index_out_of_bounds',
      () => onnx.TensorScatter(zeros([1, 2, 1], 'float32'), zeros([1, 1, 1], 'float32'), i64([2])),
      IndexOutOfBoundsError,
    ],
  ];
  for (const [code, fn, cls] of cases) it(code, () => expectError(fn, code, cls));

  it('the out-of-bounds error names the position and the value', () => {
    const e = expectError(
      () =>
        onnx.GatherND(
          d,
          i64([
            [0, 1],
            [1, 5],
          ]),
        ),
      'onnx.GatherND-13.index_out_of_bounds',
      IndexOutOfBoundsError,
    ) as IndexOutOfBoundsError;
    expect(e.position).toEqual([1, 1]);
    expect(e.details.value).toBe(5n);
    expect(e.message).toContain('index 5 at indices position [1, 1]');
    const s = expectError(
      () =>
        onnx.ScatterElements(
          f32([
            [1, 2, 3],
            [4, 5, 6],
          ]),
          i64([[1, 7]]),
          f32([[0, 0]]),
        ),
      'onnx.ScatterElements-18.index_out_of_bounds',
      IndexOutOfBoundsError,
    ) as IndexOutOfBoundsError;
    // Indices shorter than data off the axis are completed by their positions (one more index
    // component), so the details' position has a trailing 0; the message names the index's own.
    expect(s.position.slice(0, 2)).toEqual([0, 1]);
    expect(s.message).toBe(
      'onnx.ScatterElements-18: index 7 at indices position [0, 1] is out of bounds for data dimension 0 of size 2; valid indices are [-2, 1] (onnx.ScatterElements-18.index_out_of_bounds)',
    );
  });

  it('an index into an empty axis is out of bounds', () => {
    const e = expectError(
      () => onnx.Gather(zeros([0, 2], 'float32'), i64([[0]])),
      'onnx.Gather-13.index_out_of_bounds',
      IndexOutOfBoundsError,
    );
    expect((e as IndexOutOfBoundsError).position).toEqual([0, 0]);
  });

  it('TensorScatter linear rejects a negative write index (a position, not a Python index)', () => {
    expectError(
      () => onnx.TensorScatter(zeros([1, 2, 1], 'float32'), zeros([1, 1, 1], 'float32'), i64([-1])),
      'onnx.TensorScatter-24.index_out_of_bounds',
      IndexOutOfBoundsError,
    );
  });

  it('the issue example: batch_dims must be < rank(indices)', () => {
    const e = expectError(
      () =>
        onnx.GatherND(
          zeros([2, 2, 2, 2], 'float32'),
          zeros([2, 2, 1], 'int64'),
          { batch_dims: 3 },
          { opset: 13 },
        ),
      'onnx.GatherND-13.batch_dims',
    );
    expect(e.message).toBe(
      'onnx.GatherND-13: batch_dims must be < rank(indices) = 3; got 3 (onnx.GatherND-13.batch_dims)',
    );
  });
});
