import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Tensor, caffe2, tensor } from '../src/index.js';
import { codeOf } from './helpers/errors.js';

const f = Math.fround;

describe('Caffe2 operator docs, verbatim', () => {
  it('Gather (gather_op.cc example)', () => {
    const data = tensor(
      [
        [1, 1.2],
        [2.3, 3.4],
        [4.5, 5.7],
      ],
      'float32',
    );
    const out = caffe2.Gather(
      data,
      tensor(
        [
          [0, 1],
          [1, 2],
        ],
        'int32',
      ),
    );
    expect(out.shape).toEqual([2, 2, 2]);
    expect(out.toArray()).toEqual([
      [
        [1, f(1.2)],
        [f(2.3), f(3.4)],
      ],
      [
        [f(2.3), f(3.4)],
        [f(4.5), f(5.7)],
      ],
    ]);
  });
  it('BatchGather (batch_gather_ops.cc example)', () => {
    const data = tensor(
      [
        [1.0, 1.2, 2.4, 4.5],
        [2.3, 3.4, 3.6, 2.3],
        [4.5, 5.7, 1.2, 4.5],
      ],
      'float32',
    );
    const out = caffe2.BatchGather(data, tensor([0, 2], 'int32'));
    expect(out.toArray()).toEqual([
      [1, f(2.4)],
      [f(2.3), f(3.6)],
      [f(4.5), f(1.2)],
    ]);
  });
});

describe('Caffe2 policies (gather_op.h)', () => {
  const data = tensor([10, 11, 12], 'int32');
  it('wrap_indices defaults to true when axis == 0: -1 reads the last row', () => {
    expect(caffe2.Gather(data, tensor([-1, -3], 'int64')).toArray()).toEqual([12, 10]);
  });
  it('no wrapping for axis != 0 (even axis = -r, which normalizes to 0): negatives are out of bounds', () => {
    expect(codeOf(() => caffe2.Gather(data, tensor([-1], 'int32'), { axis: -1 }))).toBe(
      'caffe2.Gather.index_out_of_bounds',
    );
    const m = tensor(
      [
        [1, 2],
        [3, 4],
      ],
      'int32',
    );
    expect(codeOf(() => caffe2.Gather(m, tensor([-1], 'int32'), { axis: 1 }))).toBe(
      'caffe2.Gather.index_out_of_bounds',
    );
    expect(caffe2.Gather(m, tensor([-1], 'int32'), { axis: 1, wrap_indices: true }).toArray()).toEqual([
      [2],
      [4],
    ]);
  });
  it('wrap_indices: false on axis 0 turns wrapping off', () => {
    expect(codeOf(() => caffe2.Gather(data, tensor([-1], 'int32'), { wrap_indices: false }))).toBe(
      'caffe2.Gather.index_out_of_bounds',
    );
  });
  it('indices out of range are an error (CAFFE_ENFORCE), also below -n when wrapping', () => {
    expect(codeOf(() => caffe2.Gather(data, tensor([3], 'int32')))).toBe('caffe2.Gather.index_out_of_bounds');
    expect(codeOf(() => caffe2.Gather(data, tensor([-4], 'int32')))).toBe(
      'caffe2.Gather.index_out_of_bounds',
    );
    expect(codeOf(() => caffe2.BatchGather(tensor([[1, 2]], 'int32'), tensor([-1], 'int32')))).toBe(
      'caffe2.BatchGather.index_out_of_bounds',
    );
  });
  it('empty indexed dim: the output shape is the data shape (PR 13781) and no index is checked', () => {
    const empty = tensor(new Float32Array(0), 'float32', [0, 3]);
    const out = caffe2.Gather(empty, tensor([[5, 7]], 'int32'));
    expect(out.shape).toEqual([0, 3]);
    const out2 = caffe2.BatchGather(tensor(new Float32Array(0), 'float32', [2, 0, 3]), tensor([4], 'int64'));
    expect(out2.shape).toEqual([2, 0, 3]);
  });
  it('match_outer: indices share the dims before axis', () => {
    const d = tensor(
      [
        [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
        [
          [7, 8],
          [9, 10],
          [11, 12],
        ],
      ],
      'int32',
    ); // [2, 3, 2]
    const out = caffe2.Gather(
      d,
      tensor(
        [
          [2, 0],
          [1, 1],
        ],
        'int32',
      ),
      { axis: 1, match_outer: true },
    );
    expect(out.shape).toEqual([2, 2, 2]);
    expect(out.toArray()).toEqual([
      [
        [5, 6],
        [1, 2],
      ],
      [
        [9, 10],
        [9, 10],
      ],
    ]);
    expect(caffe2.BatchGather(d, tensor([[2], [0]], 'int32'), { match_outer: true }).toArray()).toEqual([
      [[5, 6]],
      [[7, 8]],
    ]);
  });
});

describe('Caffe2 rules: one named error per rule', () => {
  const d = () =>
    tensor(
      [
        [1, 2],
        [3, 4],
      ],
      'float32',
    );
  const cases: [string, () => unknown][] = [
    ['caffe2.Gather.indices_dtype', () => caffe2.Gather(d(), tensor([0], 'uint32'))],
    ['caffe2.Gather.data_rank', () => caffe2.Gather(tensor(1, 'float32', []), tensor([0], 'int32'))],
    ['caffe2.Gather.axis', () => caffe2.Gather(d(), tensor([0], 'int32'), { axis: 2 })],
    ['caffe2.Gather.axis', () => caffe2.Gather(d(), tensor([0], 'int32'), { axis: -3 })],
    [
      'caffe2.Gather.match_outer',
      () => caffe2.Gather(d(), tensor([[0]], 'int32'), { axis: 0, match_outer: true }),
    ],
    [
      'caffe2.Gather.match_outer',
      () => caffe2.Gather(d(), tensor([[0]], 'int32'), { axis: 1, match_outer: true }),
    ],
    ['caffe2.Gather.index_out_of_bounds', () => caffe2.Gather(d(), tensor([2], 'int32'))],
    [
      'caffe2.BatchGather.data_rank',
      () => caffe2.BatchGather(tensor([1, 2], 'float32'), tensor([0], 'int32')),
    ],
    ['caffe2.BatchGather.indices_dtype', () => caffe2.BatchGather(d(), tensor([0], 'int16'))],
    [
      'caffe2.BatchGather.match_outer',
      () => caffe2.BatchGather(d(), tensor([[0]], 'int32'), { match_outer: true }),
    ],
    ['caffe2.BatchGather.index_out_of_bounds', () => caffe2.BatchGather(d(), tensor([2], 'int32'))],
  ];
  for (const [code, fn] of cases) it(code, () => expect(codeOf(fn)).toBe(code));
});

// ---- property test against a naive gather_impl loop ----
const prod = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
function unravel(i: number, shape: readonly number[]): number[] {
  const out = new Array<number>(shape.length);
  for (let d = shape.length - 1; d >= 0; d--) {
    out[d] = i % shape[d];
    i = Math.floor(i / shape[d]);
  }
  return out;
}
const ravel = (ix: readonly number[], shape: readonly number[]) =>
  ix.reduce((acc, v, d) => acc * shape[d] + v, 0);
const flat = (t: Tensor) => Array.from(t.data as ArrayLike<number>, Number);

describe('Caffe2 property test vs a naive gather_impl loop', () => {
  it('Gather with axis, wrap and match_outer', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
        fc.nat(),
        fc.boolean(),
        fc.infiniteStream(fc.nat()),
        (dsh, extra, ax, mo, rnd) => {
          const axis = ax % dsh.length;
          const matchOuter = mo && axis >= 1;
          const ish = matchOuter ? [...dsh.slice(0, axis), ...extra] : extra;
          const n = dsh[axis];
          const wrap = axis === 0;
          const iv = [...rnd.take(prod(ish))].map((v) => (v % (wrap ? 2 * n : n)) - (wrap ? n : 0));
          const indices = tensor(iv, 'int32', ish);
          const data = tensor(
            Float32Array.from({ length: prod(dsh) }, (_, i) => i + 1),
            'float32',
            dsh,
          );
          const out = caffe2.Gather(data, indices, { axis, match_outer: matchOuter });
          const b = matchOuter ? axis : 0;
          const oshape = [...dsh.slice(0, axis), ...ish.slice(b), ...dsh.slice(axis + 1)];
          expect(out.shape).toEqual(oshape);
          const inner = ish.slice(b);
          const expected = Array.from({ length: prod(oshape) }, (_, o) => {
            const ix = unravel(o, oshape);
            const outer = ix.slice(0, axis);
            const ii = ix.slice(axis, axis + inner.length);
            let k = iv[(matchOuter ? ravel(outer, dsh.slice(0, axis)) * prod(inner) : 0) + ravel(ii, inner)];
            if (wrap && k < 0) k += n;
            return flat(data)[ravel([...outer, k, ...ix.slice(axis + inner.length)], dsh)];
          });
          expect(flat(out)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('doc comment examples', () => {
  it('print what they say', () => {
    expect(
      caffe2
        .BatchGather(
          tensor(
            [
              [1, 1.2, 2.4, 4.5],
              [2.3, 3.4, 3.6, 2.3],
            ],
            'float32',
          ),
          tensor([0, 2], 'int32'),
        )
        .toArray(),
    ).toEqual([
      [1, f(2.4)],
      [f(2.3), f(3.6)],
    ]);
  });
});
