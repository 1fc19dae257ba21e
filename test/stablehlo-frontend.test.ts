/**
 * The stablehlo frontend, one path: `stablehlo.gather` / single-input `stablehlo.scatter` are
 * `execute(stablehlo.lower.<op>(...))`; the attributes object is strict (unknown keys refused
 * with a did-you-mean, enums compared as values); `out` (fresh, aliasing an input, C22–C25);
 * StableHLO keeps C21 unless `zero_size_dims: 'out_of_bounds'` is asked for.
 */
import { describe, expect, it } from 'vitest';
import { type ScatterCall, execute } from '../src/core/call.js';
import { numpy, stablehlo, tensor, torch, zeros } from '../src/index.js';
import { errorOf, expectRule } from './helpers/errors.js';
import { bits } from './helpers/surfaces.js';

const i32 = (v: unknown) => tensor(v as number[], 'int32');

const G = {
  offset_dims: [],
  collapsed_slice_dims: [0],
  start_index_map: [0],
  index_vector_dim: 1,
  slice_sizes: [1],
};
const S = {
  update_window_dims: [],
  inserted_window_dims: [0],
  scatter_dims_to_operand_dims: [0],
  index_vector_dim: 1,
};

describe('stablehlo ops are execute(lower)', () => {
  it('gather and scatter', () => {
    const x = i32([10, 11, 12]);
    const idx = i32([[2], [5]]);
    const call = stablehlo.lower.gather(x, idx, { ...G, mode: 'fill', fill_value: -1 });
    expect(call.options.mode).toBe('fill');
    expect(call.options.zero_size_dims).toBe('spec');
    expect(execute(call).toArray()).toEqual([12, -1]);
    expect(stablehlo.gather(x, idx, { ...G, mode: 'fill', fill_value: -1 }).toArray()).toEqual([12, -1]);
    const sc = stablehlo.lower.scatter(x, i32([[0], [0]]), i32([1, 2]), S, 'add');
    expect(execute(sc).toArray()).toEqual([13, 11, 12]);
  });
  it('the default out-of-bounds code stays stablehlo.<op>.index_out_of_bounds', () => {
    expect(errorOf(() => stablehlo.gather(i32([1]), i32([[3]]), { ...G, mode: 'error' })).code).toBe(
      'stablehlo.gather.index_out_of_bounds',
    );
    expect(
      errorOf(() => stablehlo.scatter(i32([1]), i32([[3]]), i32([1]), { ...S, mode: 'error' })).code,
    ).toBe('stablehlo.scatter.index_out_of_bounds');
  });
  it('a lowered call of another frontend pastes back as attributes (op, oob_code, zero_size_dims accepted)', () => {
    const call = stablehlo.lower.gather(i32([1, 2]), i32([[1]]), {
      ...G,
      op: 'mine',
      oob_code: 'mine.bounds',
    });
    expect(call.op).toBe('mine');
    expect(
      stablehlo
        .gather(call.operand, call.start_indices, { ...call.dimension_numbers, ...call.options })
        .toArray(),
    ).toEqual([2]);
  });
});

describe('C21 is kept; zero_size_dims: out_of_bounds relaxes it on request', () => {
  it('a size-1 slice of a size-0 dim is stablehlo.gather.C21', () => {
    expect(errorOf(() => stablehlo.gather(zeros([0], 'int32'), zeros([0, 1], 'int32'), G)).code).toBe(
      'stablehlo.gather.C21',
    );
  });
  it('with zero_size_dims: out_of_bounds and no index, the result is empty', () => {
    const r = stablehlo.gather(zeros([0], 'int32'), zeros([0, 1], 'int32'), {
      ...G,
      zero_size_dims: 'out_of_bounds',
    });
    expect(r.shape).toEqual([0]);
  });
});

describe('out', () => {
  it('out aliasing the operand: reversing [10, 11, 12] into itself gives [12, 11, 10]', () => {
    const x = i32([10, 11, 12]);
    expect(stablehlo.gather(x, i32([[2], [1], [0]]), { ...G, out: x })).toBe(x);
    expect(x.toArray()).toEqual([12, 11, 10]);
  });
  it('fresh out, and out = input of a scatter (in place)', () => {
    const o = zeros([2], 'int32');
    stablehlo.gather(i32([5, 6, 7]), i32([[1], [2]]), { ...G, out: o });
    expect(o.toArray()).toEqual([6, 7]);
    const x = i32([1, 1, 1]);
    expect(stablehlo.scatter(x, i32([[1]]), i32([5]), { ...S, out: x }, 'add')).toBe(x);
    expect(x.toArray()).toEqual([1, 6, 1]);
  });
  it('scatter out aliasing the updates is correct', () => {
    const u = i32([7, 8, 9]);
    stablehlo.scatter(i32([0, 0, 0]), i32([[2], [1], [0]]), u, { ...S, out: u });
    expect(u.toArray()).toEqual([9, 8, 7]);
  });
  it('wrong shape / dtype: C22, C23 (gather), C24, C25 (scatter)', () => {
    const x = i32([1, 2, 3]);
    const idx = i32([[0]]);
    expect(errorOf(() => stablehlo.gather(x, idx, { ...G, out: zeros([2], 'int32') })).code).toBe(
      'stablehlo.gather.C22',
    );
    const d = errorOf(() => stablehlo.gather(x, idx, { ...G, out: zeros([1], 'float32') }));
    expect([d.cls, d.code]).toEqual(['DTypeError', 'stablehlo.gather.C23']);
    expect(errorOf(() => stablehlo.scatter(x, idx, i32([1]), { ...S, out: zeros([2], 'int32') })).code).toBe(
      'stablehlo.scatter.C24',
    );
    expect(errorOf(() => stablehlo.scatter(x, idx, i32([1]), { ...S, out: zeros([3], 'int8') })).code).toBe(
      'stablehlo.scatter.C25',
    );
  });
  it('variadic scatter takes one out per input', () => {
    const a = i32([0, 0]);
    const b = tensor([1, 1], 'float32');
    const [ra, rb] = stablehlo.scatter(
      [a, b],
      i32([[1]]),
      [i32([4]), tensor([0.5], 'float32')],
      { ...S, out: [a, b] },
      'add',
    );
    expect(ra).toBe(a);
    expect(rb).toBe(b);
    expect(a.toArray()).toEqual([0, 4]);
    expect(b.toArray()).toEqual([1, 1.5]);
  });
});

describe('variadic scatter: out aliasing the updates or another input is computed aside', () => {
  it('out[0] is inputs[1] and out[1] is inputs[0] (swapped): results are still exact', () => {
    const a = i32([0, 0]);
    const b = i32([1, 1]);
    const [ra, rb] = stablehlo.scatter(
      [a, b],
      i32([[1]]),
      [i32([4]), i32([7])],
      { ...S, out: [b, a] },
      'add',
    );
    expect(ra).toBe(b);
    expect(rb).toBe(a);
    expect(b.toArray()).toEqual([0, 4]); // a + [0, 4]
    expect(a.toArray()).toEqual([1, 8]); // b + [0, 7]
  });
  it('out[0] aliasing updates[0] of another shape-compatible scatter', () => {
    const u = i32([5, 6]);
    const [r] = stablehlo.scatter([i32([0, 0])], i32([[1], [0]]), [u], { ...S, out: [u] });
    expect(r).toBe(u);
    expect(u.toArray()).toEqual([6, 5]);
  });
});

describe('strict attributes', () => {
  const x = i32([1, 2, 3]);
  it('{ mdoe: \'error\' } is refused with a did-you-mean "mode" (was: clamped)', () => {
    const e = errorOf(() => stablehlo.gather(x, i32([[5]]), { ...G, mdoe: 'error' } as never));
    expect([e.cls, e.code]).toEqual(['InvalidArgumentError', 'stablehlo.gather.options']);
    expect(e.message).toContain('did you mean "mode"?');
    const s = errorOf(() =>
      stablehlo.scatter(x, i32([[0]]), i32([1]), { ...S, uniqe_indices: true } as never),
    );
    expect(s.code).toBe('stablehlo.scatter.options');
    expect(s.message).toContain('did you mean "unique_indices"?');
  });
  it('enums are compared as values', () => {
    expect(errorOf(() => stablehlo.gather(x, i32([[5]]), { ...G, mode: 'constructor' as never })).code).toBe(
      'stablehlo.gather.mode',
    );
    expect(
      errorOf(() => stablehlo.gather(x, i32([[0]]), { ...G, negative_indices: 'valueOf' as never })).code,
    ).toBe('stablehlo.gather.negative_indices');
    expect(
      errorOf(() => stablehlo.scatter(x, i32([[0]]), i32([1]), { ...S, duplicates: 'constructor' as never }))
        .code,
    ).toBe('stablehlo.scatter.duplicates');
    expect(errorOf(() => stablehlo.scatter(x, i32([[0]]), i32([1]), S, 'constructor' as never)).code).toBe(
      'stablehlo.scatter.C23',
    );
  });
  it('flags and scalars are typed', () => {
    expect(errorOf(() => stablehlo.gather(x, i32([[0]]), { ...G, checked: 'yes' as never })).code).toBe(
      'stablehlo.gather.checked',
    );
    expect(
      errorOf(() => stablehlo.gather(x, i32([[5]]), { ...G, mode: 'fill', fill_value: '0' as never })).code,
    ).toBe('stablehlo.gather.fill_value');
    expect(
      errorOf(() => stablehlo.scatter(x, i32([[0]]), i32([1]), { ...S, include_self: 1 as never })).code,
    ).toBe('stablehlo.scatter.include_self');
  });
  it('non-Tensors are named; null attributes are typed errors, never TypeErrors', () => {
    expect(errorOf(() => stablehlo.gather(null as never, i32([[0]]), G)).code).toBe(
      'stablehlo.gather.operand',
    );
    expect(errorOf(() => stablehlo.gather(x, [[0]] as never, G)).code).toBe('stablehlo.gather.start_indices');
    expect(errorOf(() => stablehlo.scatter(x, i32([[0]]), [1] as never, S)).code).toBe(
      'stablehlo.scatter.updates',
    );
    const e = errorOf(() => stablehlo.gather(x, i32([[0]]), null as never));
    expect(e.cls).toBe('InvalidArgumentError');
    expect(e.code.startsWith('stablehlo.gather.')).toBe(true);
  });
});

describe("stablehlo.scatter takes a lowered call's float rules (float_minmax, float_nan)", () => {
  /** The call rebuilt as a stablehlo.scatter with its policy options, with or without the float rules. */
  const again = (call: ScatterCall, floatRules: boolean) =>
    stablehlo.scatter(
      call.inputs[0],
      call.scatter_indices,
      call.updates[0],
      {
        ...call.dimension_numbers,
        mode: call.options.mode as 'skip',
        negative_indices: call.options.negative_indices,
        ...(floatRules ? { float_minmax: call.options.float_minmax, float_nan: call.options.float_nan } : {}),
      },
      call.update_computation,
    );
  it('numpy.minimum.at (ties take the update, a NaN element kept) and torch amax (ties keep the element) give the same bits fed back, other bits without the rules', () => {
    const nan = new Float32Array(new Uint32Array([0xffc00123]).buffer)[0];
    const x = () => tensor(new Float32Array([0, -0, nan, 1]), 'float32');
    const calls = [
      numpy.lower.minimum.at(x(), [0, 1, 2], tensor(new Float32Array([-0, 0, 5]), 'float32')),
      torch.lower.scatter_reduce(
        x(),
        0,
        tensor([0, 1, 3], 'int64'),
        tensor(new Float32Array([-0, 0, nan]), 'float32'),
        'amax',
      ),
    ] as ScatterCall[];
    for (const call of calls) {
      expect(call.kind).toBe('scatter');
      const want = bits(execute(call));
      expect(bits(again(call, true))).toEqual(want);
      expect(bits(again(call, false))).not.toEqual(want);
    }
  });
  it('a float rule that is not one is refused by the core rule (stablehlo.scatter.float_minmax, stablehlo.scatter.float_nan)', () => {
    const args = [tensor([1, 2], 'float32'), tensor([[0]], 'int32'), tensor([5], 'float32')] as const;
    const dn = {
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
      index_vector_dim: 1,
    };
    expectRule(
      () => stablehlo.scatter(...args, { ...dn, float_minmax: 'maybe' as never }, 'max'),
      'stablehlo.scatter.float_minmax',
    );
    expectRule(
      () => stablehlo.lower.scatter(...args, { ...dn, float_nan: 'last' as never }, 'add'),
      'stablehlo.scatter.float_nan',
    );
    expect(stablehlo.scatter(...args, { ...dn, float_nan: 'update_first' }, 'add').toArray()).toEqual([6, 2]);
  });
});
