/**
 * MLIR tensor dialect, issue 9: `out` in the attributes object (fresh, aliasing an input, `out:
 * dest` in place, wrong shape / dtype), strict attributes, and the lowered call as the whole
 * behaviour (general calls on the rank-reduced form, reshaped to the rank-preserving one).
 */
import { describe, expect, it } from 'vitest';
import { execute } from '../src/core/call.js';
import { DTypeError, InvalidArgumentError } from '../src/errors.js';
import { mlir } from '../src/frameworks/mlir.js';
import { tensor, zeros } from '../src/tensor/tensor.js';
import { caught } from './helpers/errors.js';

const I64 = (x: unknown) => tensor(x as number[], 'int64');
const F = (x: unknown) => tensor(x as number[], 'float32');

const source = () =>
  F([
    [1, 2, 3, 4],
    [11, 12, 13, 14],
    [21, 22, 23, 24],
  ]);

describe('mlir out', () => {
  it('gather writes into a fresh out of the rank-preserving or rank-reduced shape', () => {
    const full = zeros([2, 3, 1], 'float32');
    expect(mlir.tensor.gather(source(), I64([[3], [0]]), { gather_dims: [1], out: full })).toBe(full);
    expect(full.toArray()).toEqual([
      [[4], [14], [24]],
      [[1], [11], [21]],
    ]);
    const reduced = zeros([2, 3], 'float32');
    mlir.tensor.gather(source(), I64([[3], [0]]), { gather_dims: [1], rank_reduced: true, out: reduced });
    expect(reduced.toArray()).toEqual([
      [4, 14, 24],
      [1, 11, 21],
    ]);
  });
  it('gather into its own source (aliasing) reverses it correctly', () => {
    const s = F([10, 11, 12, 13]);
    mlir.tensor.gather(s, I64([[3], [2], [1], [0]]), { gather_dims: [0], rank_reduced: true, out: s });
    expect(s.toArray()).toEqual([13, 12, 11, 10]);
  });
  it('scatter with out: dest updates dest in place; a separate out leaves dest untouched', () => {
    const dest = zeros([2, 2], 'float32');
    const r = mlir.tensor.scatter(F([[9, 9]]), dest, I64([[1]]), {
      scatter_dims: [0],
      unique: true,
      out: dest,
    });
    expect(r).toBe(dest);
    expect(dest.toArray()).toEqual([
      [0, 0],
      [9, 9],
    ]);
    const other = zeros([2, 2], 'float32');
    const out = zeros([2, 2], 'float32');
    mlir.tensor.scatter(F([[[7, 8]]]), other, I64([[0]]), { scatter_dims: [0], unique: true, out });
    expect([other.toArray(), out.toArray()]).toEqual([
      [
        [0, 0],
        [0, 0],
      ],
      [
        [7, 8],
        [0, 0],
      ],
    ]);
  });
  it('scatter with out aliasing source is still right', () => {
    const src = F([[5], [6]]); // rank-preserving source for dest [2, 1]
    const dest = zeros([2, 1], 'float32');
    mlir.tensor.scatter(src, dest, I64([[1], [0]]), { scatter_dims: [0], unique: true, out: src });
    expect(src.toArray()).toEqual([[6], [5]]);
  });
  it('wrong shape, wrong dtype or a non-Tensor out are typed errors (<op>.out)', () => {
    const shape = caught(() =>
      mlir.tensor.gather(source(), I64([[3], [0]]), { gather_dims: [1], out: zeros([2, 3], 'float32') }),
    );
    expect([shape.code, shape.error instanceof InvalidArgumentError]).toEqual([
      'mlir.tensor.gather.out',
      true,
    ]);
    const dtype = caught(() =>
      mlir.tensor.gather(source(), I64([[3], [0]]), { gather_dims: [1], out: zeros([2, 3, 1], 'float64') }),
    );
    expect([dtype.code, dtype.error instanceof DTypeError]).toEqual(['mlir.tensor.gather.out', true]);
    expect(
      caught(() =>
        mlir.tensor.scatter(F([[9, 9]]), zeros([2, 2], 'float32'), I64([[1]]), {
          scatter_dims: [0],
          unique: true,
          out: [0, 0] as never,
        }),
      ).code,
    ).toBe('mlir.tensor.scatter.out');
  });
});

describe('mlir strict attributes', () => {
  const s = source();
  const i = I64([[0]]);
  const sc = (attrs: object) =>
    mlir.tensor.scatter(F([[9, 9]]), zeros([2, 2], 'float32'), I64([[1]]), {
      scatter_dims: [0],
      unique: true,
      ...attrs,
    } as never);
  it('unknown attributes are refused with a did-you-mean', () => {
    const e = caught(() => mlir.tensor.gather(s, i, { gather_dim: [0] } as never));
    expect([e.code, e.error instanceof InvalidArgumentError]).toEqual(['mlir.tensor.gather.options', true]);
    expect(e.message).toMatch(/unknown attribute "gather_dim".*did you mean "gather_dims"/);
    expect(caught(() => sc({ uniqe: true })).message).toMatch(/did you mean "unique"/);
  });
  it('policy values naming Object.prototype members are refused', () => {
    expect(
      caught(() => mlir.tensor.gather(s, i, { gather_dims: [0], out_of_bounds: 'constructor' as never }))
        .code,
    ).toBe('mlir.tensor.gather.out_of_bounds_policy');
    expect(caught(() => sc({ out_of_bounds: 'valueOf' })).code).toBe(
      'mlir.tensor.scatter.out_of_bounds_policy',
    );
    expect(caught(() => sc({ duplicates: 'constructor' })).code).toBe(
      'mlir.tensor.scatter.duplicates_policy',
    );
  });
  it('flags must be booleans; dims and result_shape integers', () => {
    expect(caught(() => sc({ unique: 'true' })).code).toBe('mlir.tensor.scatter.unique');
    expect(caught(() => mlir.tensor.gather(s, i, { gather_dims: [0], rank_reduced: 1 as never })).code).toBe(
      'mlir.tensor.gather.rank_reduced',
    );
    expect(caught(() => mlir.tensor.gather(s, i, { gather_dims: [0], unique: 'no' as never })).code).toBe(
      'mlir.tensor.gather.unique',
    );
    expect(caught(() => mlir.tensor.gather(s, i, { gather_dims: ['0'] as never })).code).toBe(
      'mlir.tensor.gather.gather_dims',
    );
    expect(
      caught(() => mlir.tensor.gather(s, i, { gather_dims: [0], result_shape: 'x' as never })).code,
    ).toBe('mlir.tensor.gather.result_type');
  });
  it('non-Tensor operands are typed errors naming the operand; null attributes are absent', () => {
    expect(caught(() => mlir.tensor.gather(null as never, i, { gather_dims: [0] })).code).toBe(
      'mlir.tensor.gather.source',
    );
    expect(caught(() => mlir.tensor.gather(s, [[0]] as never, { gather_dims: [0] })).code).toBe(
      'mlir.tensor.gather.indices',
    );
    expect(
      caught(() =>
        mlir.tensor.scatter(F([[9, 9]]), { type: 'float32', dims: [2, 2], data: [] } as never, i, {
          scatter_dims: [0],
          unique: true,
        }),
      ).message,
    ).toMatch(/onnxruntime/);
    // gather_dims is required: null attributes leave it missing.
    expect(caught(() => mlir.tensor.gather(s, i, null as never)).code).toBe('mlir.tensor.gather.gather_dims');
    expect(caught(() => mlir.tensor.gather(s, i, 7 as never)).code).toBe('mlir.tensor.gather.options');
  });
});

describe('mlir lowered calls are the whole behaviour', () => {
  it('gather lowers to a general call on the rank-reduced form plus a reshape (rank-preserving)', () => {
    const call = mlir.lower.tensor.gather(source(), I64([[3], [0]]), { gather_dims: [1] });
    expect(call.dimension_numbers.collapsed_slice_dims).toEqual([1]);
    expect(call.reshape).toEqual([2, 3, 1]);
    expect(call.options).toMatchObject({ mode: 'error', negative_indices: 'out_of_bounds' });
    expect(execute(call).shape).toEqual([2, 3, 1]);
    expect(
      mlir.lower.tensor.gather(source(), I64([[3], [0]]), { gather_dims: [1], rank_reduced: true }).reshape,
    ).toBe(undefined);
  });
  it('a zero-size gathered dim with an index: out of bounds (the core rule, MLIR’s code)', () => {
    const empty = tensor(new Float32Array(0), 'float32', [0, 2]);
    expect(caught(() => mlir.tensor.gather(empty, I64([[0]]), { gather_dims: [0] })).code).toBe(
      'mlir.tensor.gather.index_out_of_bounds',
    );
  });
  it('a zero-size gathered dim with no index: an empty result of the declared form', () => {
    const empty = tensor(new Float32Array(0), 'float32', [0, 2]);
    expect(
      mlir.tensor.gather(empty, tensor(new BigInt64Array(0), 'int64', [0, 1]), { gather_dims: [0] }).shape,
    ).toEqual([0, 1, 2]);
  });
});
