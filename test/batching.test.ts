/**
 * The RFC's batching-dims decomposition (src/core/batching.ts): the rewritten call, which has no
 * batching dims, gives the same bytes (or the same error code) as the original on random
 * batched gathers and scatters, through `execute`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendIotaComponents,
  decomposeBatching,
  decomposeGatherBatching,
  decomposeScatterBatching,
} from '../src/core/batching.js';
import { type GatherCall, type ScatterCall, execute } from '../src/core/call.js';
import { resolveGatherOptions, resolveScatterOptions } from '../src/core/policy.js';
import type { ReducerName } from '../src/core/types.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import {
  DATA_DTYPES,
  INDEX_DTYPES,
  randomCase,
  randomIndices,
  randomTensor,
  rng,
} from './reference/random-cases.js';
import { SPEC_GATHER_DIMS, SPEC_GATHER_RESULT, specIndices, specOperand } from './helpers/spec-example.js';
import { caught, thrown } from './helpers/errors.js';

const bytes = (t: Tensor) => Array.from(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));

/** The result bytes, or the error code. */
function outcome(run: () => Tensor): { bytes?: number[]; shape?: readonly number[]; code?: string } {
  try {
    const t = run();
    return { bytes: bytes(t), shape: t.shape };
  } catch (e) {
    return { code: (e as { code?: string }).code ?? String(e) };
  }
}

describe('appendIotaComponents', () => {
  it('appends the coordinate along each batching dim (index_vector_dim last)', () => {
    const i = tensor(
      [
        [[7], [8], [9]],
        [[4], [5], [6]],
      ],
      'int32',
    ); // [2, 3, 1]
    const r = appendIotaComponents(i, 2, [0, 1]);
    expect(r.index_vector_dim).toBe(2);
    expect(r.indices.toArray()).toEqual([
      [
        [7, 0, 0],
        [8, 0, 1],
        [9, 0, 2],
      ],
      [
        [4, 1, 0],
        [5, 1, 1],
        [6, 1, 2],
      ],
    ]);
  });
  it('adds a vector dim for scalar indices and widens a too-narrow dtype to int64', () => {
    const i = tensor(new Array(200).fill(3), 'int8', [200]);
    const r = appendIotaComponents(i, 1, [0]);
    expect(r.indices.dtype).toBe('int64');
    expect(r.indices.shape).toEqual([200, 2]);
    expect(r.indices.get(199, 0)).toBe(3n);
    expect(r.indices.get(199, 1)).toBe(199n);
  });
  it('refuses the index vector dim as a batching dim (code batching.indices_batching_dims)', () => {
    expect(() => appendIotaComponents(tensor([[1]], 'int32'), 1, [1])).toThrow(
      /batching\.indices_batching_dims/,
    );
  });
});

describe('the StableHLO spec example (gather with batching dims)', () => {
  const operand = specOperand('int32');
  const start = specIndices('int64');
  const call: GatherCall = {
    kind: 'gather',
    op: 'stablehlo.gather',
    operand,
    start_indices: start,
    dimension_numbers: SPEC_GATHER_DIMS,
    options: resolveGatherOptions('int32'),
  };
  it('decomposes to collapsed [0, 1], start_index_map [2, 1, 0] and the spec result', () => {
    const d = decomposeGatherBatching(call);
    expect(d.dimension_numbers.collapsed_slice_dims).toEqual([0, 1]);
    expect(d.dimension_numbers.operand_batching_dims).toEqual([]);
    expect(d.dimension_numbers.start_index_map).toEqual([2, 1, 0]);
    expect(d.start_indices.shape).toEqual([2, 2, 3, 3]);
    const expected = SPEC_GATHER_RESULT;
    expect(execute(call).toArray()).toEqual(expected);
    expect(execute(d).toArray()).toEqual(expected);
  });
  it("a batching-pair count mismatch fails stablehlo.gather.C16 with the validator's message", () => {
    const dn = SPEC_GATHER_DIMS;
    const bad: GatherCall = {
      ...call,
      dimension_numbers: {
        ...dn,
        start_indices_batching_dims: [],
      },
    };
    const direct = thrown(() => decomposeGatherBatching(bad));
    const checked = thrown(() => execute(bad));
    expect(direct.code).toBe('stablehlo.gather.C16');
    expect(checked.code).toBe('stablehlo.gather.C16');
    expect(direct.message).toBe(checked.message);
  });
  it('the direct entry points check the call first: typed errors, never a TypeError', () => {
    const { collapsed_slice_dims: _, ...noCollapsed } = SPEC_GATHER_DIMS;
    const bad = { ...call, dimension_numbers: noCollapsed } as unknown as GatherCall;
    expect(thrown(() => decomposeGatherBatching(bad)).code).toBe('stablehlo.gather.I4');
    expect(thrown(() => decomposeGatherBatching(null as unknown as GatherCall)).code).toBe('call.type');
    expect(thrown(() => decomposeScatterBatching(call as unknown as ScatterCall)).code).toBe('call.kind');
  });
  it('leaves a call without batching dims unchanged (same object)', () => {
    const d = decomposeGatherBatching(call);
    expect(decomposeBatching(d)).toBe(d);
  });
});

const GATHER_MODES = ['clip', 'fill', 'wrap', 'promise_in_bounds', 'error'] as const;
const SCATTER_MODES = ['skip', 'drop', 'clip', 'wrap', 'promise_in_bounds', 'error'] as const;
const REDUCERS: ReducerName[] = ['replace', 'add', 'mul', 'min', 'max'];

describe('decomposed = original on random batched calls (fast-check)', () => {
  it('gather', () => {
    let batched = 0;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const r = rng(seed);
        const c = randomCase(r);
        const dtype = r.pick(DATA_DTYPES);
        const operand = randomTensor(r, c.operandShape, dtype);
        const indices = randomIndices(
          r,
          c.indicesShape,
          r.pick(INDEX_DTYPES),
          Math.max(1, ...c.operandShape),
        );
        const call: GatherCall = {
          kind: 'gather',
          op: 'stablehlo.gather',
          operand,
          start_indices: indices,
          dimension_numbers: {
            offset_dims: c.windowDims,
            collapsed_slice_dims: c.collapsed,
            operand_batching_dims: c.batching[0],
            start_indices_batching_dims: c.batching[1],
            start_index_map: c.startMap,
            index_vector_dim: c.ivd,
            slice_sizes: c.windowSizes,
          },
          options: resolveGatherOptions(dtype, {
            mode: r.pick(GATHER_MODES),
            negative_indices: r.next() < 0.5 ? 'from_end' : 'out_of_bounds',
          }),
        };
        const a = outcome(() => execute(call));
        // The decomposition checks the call first: a call execute refuses, it refuses alike.
        const refused = caught(() => decomposeGatherBatching(call));
        if (refused.error !== undefined) {
          expect(refused.code).toBe(a.code);
          return;
        }
        const d = decomposeGatherBatching(call);
        expect(d.dimension_numbers.operand_batching_dims).toEqual([]);
        if (c.batching[0].length > 0) batched++;
        const b = outcome(() => execute(d));
        if (a.code !== undefined) expect(b.code).toBeDefined();
        else expect(b).toEqual(a);
      }),
      { numRuns: 600 },
    );
    expect(batched).toBeGreaterThan(150);
  });

  it('scatter', () => {
    let batched = 0;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const r = rng(seed);
        const c = randomCase(r);
        const dtype = r.pick(DATA_DTYPES.filter((t) => t !== 'bool'));
        const input = randomTensor(r, c.operandShape, dtype);
        const indices = randomIndices(
          r,
          c.indicesShape,
          r.pick(INDEX_DTYPES),
          Math.max(1, ...c.operandShape),
        );
        // updates have the gather result's shape
        const batchSizes = c.indicesShape.filter((_, d) => d !== c.ivd);
        const windowSizes = c.windowSizes.filter(
          (_, d) => !c.collapsed.includes(d) && !c.batching[0].includes(d),
        );
        const rank = batchSizes.length + windowSizes.length;
        const ushape: number[] = [];
        let bi = 0;
        let wi = 0;
        for (let d = 0; d < rank; d++)
          ushape.push(c.windowDims.includes(d) ? windowSizes[wi++] : batchSizes[bi++]);
        const updates = randomTensor(r, ushape, dtype);
        const call: ScatterCall = {
          kind: 'scatter',
          op: 'stablehlo.scatter',
          inputs: [input],
          scatter_indices: indices,
          updates: [updates],
          dimension_numbers: {
            update_window_dims: c.windowDims,
            inserted_window_dims: c.collapsed,
            input_batching_dims: c.batching[0],
            scatter_indices_batching_dims: c.batching[1],
            scatter_dims_to_operand_dims: c.startMap,
            index_vector_dim: c.ivd,
          },
          update_computation: r.pick(REDUCERS),
          options: resolveScatterOptions({
            mode: r.pick(SCATTER_MODES),
            negative_indices: r.next() < 0.5 ? 'from_end' : 'out_of_bounds',
            include_self: r.next() < 0.7,
          }),
        };
        const a = outcome(() => execute(call));
        // The decomposition checks the call first: a call execute refuses, it refuses alike.
        const refused = caught(() => decomposeScatterBatching(call));
        if (refused.error !== undefined) {
          expect(refused.code).toBe(a.code);
          return;
        }
        const d = decomposeScatterBatching(call);
        expect(d.dimension_numbers.input_batching_dims).toEqual([]);
        if (c.batching[0].length > 0) batched++;
        const b = outcome(() => execute(d));
        if (a.code !== undefined) expect(b.code).toBeDefined();
        else expect(b).toEqual(a);
      }),
      { numRuns: 600 },
    );
    expect(batched).toBeGreaterThan(150);
  });
});

describe('decomposeBatching on a call whose indices a prologue computes', () => {
  // A float32 [1, 3] operand gathered at the true positions of a rank-1 mask (one true: [[1]]).
  const masked = (index_vector_dim: number): GatherCall => ({
    kind: 'gather',
    op: 'stablehlo.gather',
    operand: tensor([[10, 11, 12]], 'float32'),
    start_indices: tensor([false, true, false], 'bool'),
    prologue: { kind: 'nonzero', count: 1 },
    dimension_numbers: {
      offset_dims: [],
      collapsed_slice_dims: [1],
      operand_batching_dims: [0],
      start_indices_batching_dims: [1],
      start_index_map: [1],
      slice_sizes: [1, 1],
      index_vector_dim,
    },
    options: resolveGatherOptions('float32'),
  });
  // Before, the decomposition read the mask (rank 1) as the indices (rank 2 once computed) and
  // refused these valid calls (stablehlo.gather.index_vector_dim / .indices_batching_dims).
  it.each([
    [2, [[11]]],
    [0, [11]],
  ])('index_vector_dim %i: the prologue runs first, the result is execute’s', (ivd, expected) => {
    const call = masked(ivd);
    expect(execute(call).toArray()).toEqual(expected);
    const flat = decomposeBatching(call);
    expect(flat.prologue).toBeUndefined();
    expect(flat.dimension_numbers.operand_batching_dims).toEqual([]);
    expect(execute(flat).toArray()).toEqual(expected);
  });
  it('a prologue call without batching dims comes back unchanged', () => {
    const plain: GatherCall = {
      ...masked(1),
      operand: tensor([10, 11, 12], 'float32'),
      dimension_numbers: {
        offset_dims: [],
        collapsed_slice_dims: [0],
        start_index_map: [0],
        slice_sizes: [1],
        index_vector_dim: 1,
      },
    };
    expect(decomposeBatching(plain)).toBe(plain);
    expect(execute(plain).toArray()).toEqual([11]);
  });
});
