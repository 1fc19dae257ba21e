import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CoreCall, execute } from '../src/core/call.js';
import { resolveGatherOptions, resolveScatterOptions } from '../src/core/policy.js';
import { traceCall } from '../src/core/trace.js';
import type { GatherMode, ScatterMode } from '../src/core/types.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';

// A random general gather/scatter configuration: each operand dim is collapsed+indexed,
// window+indexed, window only, or a batching dim paired with an indices batch dim.
interface Config {
  operandShape: number[];
  roles: ('collapsed' | 'indexed' | 'window' | 'batch')[];
  sliceSizes: number[];
  startIndexMap: number[];
  batchShape: number[]; // indices dims other than the index vector dim
  batchPair: number; // which indices batch dim pairs with the operand batch dim (if any)
  ivdPos: number;
  offsetPos: number[]; // positions of window dims among the result dims
  values: number[];
}

const configArb = fc
  .record({
    operandShape: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }),
    roleSeeds: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }),
    sliceSeeds: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 3, maxLength: 3 }),
    batchShape: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 0, maxLength: 2 }),
    ivdSeed: fc.integer({ min: 0, max: 5 }),
    perm: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 3, maxLength: 3 }),
    offsetSeed: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
    values: fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 40, maxLength: 40 }),
  })
  .map((s): Config => {
    const roles = s.operandShape.map(
      (_, d) => (['collapsed', 'indexed', 'window', 'batch'] as const)[s.roleSeeds[d]],
    );
    // At most one batching dim, and only if there is an indices batch dim of matching size to pair.
    let batchShape = [...s.batchShape];
    let batchPair = -1;
    roles.forEach((role, d) => {
      if (role !== 'batch') return;
      if (batchPair >= 0) roles[d] = 'window';
      else {
        if (batchShape.length === 0) batchShape = [s.operandShape[d]];
        batchPair = 0;
        batchShape[0] = s.operandShape[d];
      }
    });
    const sliceSizes = s.operandShape.map((n, d) =>
      roles[d] === 'collapsed' || roles[d] === 'batch' ? 1 : s.sliceSeeds[d] % (n + 1),
    );
    const indexed = roles.map((_, d) => d).filter((d) => roles[d] === 'collapsed' || roles[d] === 'indexed');
    const startIndexMap = [...indexed].sort((a, b) => s.perm[a] - s.perm[b]);
    const windowCount = roles.filter((x) => x === 'indexed' || x === 'window').length;
    const resultRank = batchShape.length + windowCount;
    // choose windowCount positions among resultRank, deterministically from offsetSeed
    const pos: number[] = [];
    for (let i = 0; i < resultRank && pos.length < windowCount; i++) {
      if (s.offsetSeed[i] || resultRank - i === windowCount - pos.length) pos.push(i);
    }
    return {
      operandShape: s.operandShape,
      roles,
      sliceSizes,
      startIndexMap,
      batchShape,
      batchPair,
      ivdPos: s.ivdSeed % (batchShape.length + 1),
      offsetPos: pos,
      values: s.values,
    };
  });

function indicesOf(c: Config): Tensor {
  const K = c.startIndexMap.length;
  const shape = [...c.batchShape];
  shape.splice(c.ivdPos, 0, K);
  const size = shape.reduce((a, b) => a * b, 1);
  const vals = Array.from({ length: size }, (_, i) => c.values[i % c.values.length]);
  return tensor(Int32Array.from(vals), 'int32', shape);
}

function gatherCall(c: Config, mode: GatherMode, fromEnd: boolean): CoreCall {
  const operand = tensor(
    Float64Array.from({ length: c.operandShape.reduce((a, b) => a * b, 1) }, (_, i) => 100 + i),
    'float64',
    c.operandShape,
  );
  const obd = c.roles.map((_, d) => d).filter((d) => c.roles[d] === 'batch');
  const ibdIndicesDim = c.batchPair < 0 ? [] : [c.batchPair >= c.ivdPos ? c.batchPair + 1 : c.batchPair];
  return {
    kind: 'gather',
    op: 'test.gather',
    operand,
    start_indices: indicesOf(c),
    dimension_numbers: {
      offset_dims: c.offsetPos,
      collapsed_slice_dims: c.roles.map((_, d) => d).filter((d) => c.roles[d] === 'collapsed'),
      operand_batching_dims: obd,
      start_indices_batching_dims: ibdIndicesDim,
      start_index_map: c.startIndexMap,
      index_vector_dim: c.ivdPos,
      slice_sizes: c.sliceSizes,
    },
    options: resolveGatherOptions('int32', {
      mode,
      negative_indices: fromEnd ? 'from_end' : 'out_of_bounds',
      fill_value: -1,
    }),
  };
}

function scatterCall(
  c: Config,
  mode: ScatterMode,
  fromEnd: boolean,
  computation: 'add' | 'replace',
): CoreCall | null {
  const g = gatherCall(c, 'clip', fromEnd);
  if (g.kind !== 'gather') return null;
  let resultShape: number[];
  try {
    resultShape = [...traceCall(g).spaceShape];
  } catch {
    return null;
  }
  const size = resultShape.reduce((a, b) => a * b, 1);
  const dn = g.dimension_numbers;
  return {
    kind: 'scatter',
    op: 'test.scatter',
    inputs: [g.operand],
    scatter_indices: g.start_indices,
    updates: [
      tensor(
        Float64Array.from({ length: size }, (_, i) => 1000 * (i + 1)),
        'float64',
        resultShape,
      ),
    ],
    dimension_numbers: {
      update_window_dims: dn.offset_dims,
      inserted_window_dims: dn.collapsed_slice_dims,
      input_batching_dims: dn.operand_batching_dims,
      scatter_indices_batching_dims: dn.start_indices_batching_dims,
      scatter_dims_to_operand_dims: dn.start_index_map,
      index_vector_dim: dn.index_vector_dim,
    },
    update_computation: computation,
    options: resolveScatterOptions({ mode, negative_indices: fromEnd ? 'from_end' : 'out_of_bounds' }),
  };
}

function tryExecute(call: CoreCall): { value: Tensor | null; error: unknown } {
  try {
    return { value: execute(call), error: null };
  } catch (error) {
    return { value: null, error };
  }
}

describe('traceCall agrees with the core (property)', () => {
  it('gather: every traced operand element equals the output element', () => {
    fc.assert(
      fc.property(
        configArb,
        fc.constantFrom<GatherMode>('clip', 'fill', 'wrap', 'error', 'promise_in_bounds'),
        fc.boolean(),
        (c, mode, fromEnd) => {
          const call = gatherCall(c, mode, fromEnd);
          let trace: ReturnType<typeof traceCall>;
          try {
            trace = traceCall(call);
          } catch (e) {
            // A shape-rule violation must be thrown by the core too, with the same rule code.
            const err = tryExecute(call).error as { code?: string } | null;
            expect(err?.code).toBeDefined();
            expect(err?.code).toBe((e as { code?: string }).code);
            return;
          }
          const { value, error } = tryExecute(call);
          expect(error !== null).toBe(trace.throws);
          if (trace.entries.some((e) => e.status === 'error')) expect(trace.throws).toBe(true);
          if (!value || call.kind !== 'gather') return;
          const out = value.data as Float64Array;
          const op = call.operand.data as Float64Array;
          expect(trace.entries.length).toBe(value.size);
          for (const e of trace.entries) {
            if (e.status === 'filled') expect(out[e.spaceOffset]).toBe(-1);
            else expect(out[e.spaceOffset]).toBe(op[e.operandOffset]);
            if (e.status === 'in_bounds') expect(e.requested).toEqual(e.operand);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('scatter: replaying the trace in update order reproduces the result', () => {
    fc.assert(
      fc.property(
        configArb,
        fc.constantFrom<ScatterMode>('skip', 'drop', 'clip', 'wrap', 'error'),
        fc.boolean(),
        fc.constantFrom<'add' | 'replace'>('add', 'replace'),
        (c, mode, fromEnd, comp) => {
          const call = scatterCall(c, mode, fromEnd, comp);
          if (call?.kind !== 'scatter') return;
          let trace: ReturnType<typeof traceCall>;
          try {
            trace = traceCall(call);
          } catch {
            expect(tryExecute(call).error).toBeTruthy();
            return;
          }
          const { value, error } = tryExecute(call);
          expect(error !== null).toBe(trace.throws);
          if (!value) return;
          const replay = Float64Array.from(call.inputs[0].data as Float64Array);
          const up = call.updates[0].data as Float64Array;
          const counts = new Map<number, number>();
          for (const e of trace.entries) {
            if (e.operandOffset < 0) {
              expect(['dropped', 'skipped']).toContain(e.status);
              continue;
            }
            replay[e.operandOffset] =
              comp === 'add' ? replay[e.operandOffset] + up[e.spaceOffset] : up[e.spaceOffset];
            counts.set(e.operandOffset, (counts.get(e.operandOffset) ?? 0) + 1);
          }
          expect(Array.from(value.data as Float64Array)).toEqual(Array.from(replay));
          for (const e of trace.entries)
            if (e.operandOffset >= 0) expect(e.duplicate).toBe((counts.get(e.operandOffset) ?? 0) > 1);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('traceCall statuses', () => {
  // ONNX GatherElements example 2 as a core call: out[i][j] = data[idx[i][j]][j], negatives from the end.
  const data = tensor(
    [
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ],
    'int32',
  );
  const idx = tensor(
    [
      [1, 2, 0],
      [2, 0, -3],
    ],
    'int32',
  );
  const elements = (mode: GatherMode, neg: 'from_end' | 'out_of_bounds'): CoreCall => ({
    kind: 'gather',
    op: 'onnx.GatherElements',
    operand: data,
    start_indices: idx.reshape([2, 3, 1]),
    dimension_numbers: {
      offset_dims: [],
      collapsed_slice_dims: [0],
      operand_batching_dims: [1],
      start_indices_batching_dims: [1],
      start_index_map: [0],
      index_vector_dim: 2,
      slice_sizes: [1, 1],
    },
    options: resolveGatherOptions(data.dtype, { mode, negative_indices: neg }),
  });

  it('from_end marks the negative index and reads the element it names', () => {
    const t = traceCall(elements('error', 'from_end'));
    const last = t.entries[5];
    expect(last.status).toBe('from_end');
    expect(last.indexPositions).toEqual([[1, 2, 0]]);
    expect(last.indexValues).toEqual([-3]);
    expect(last.operand).toEqual([0, 2]);
    expect(t.entries.slice(0, 5).every((e) => e.status === 'in_bounds')).toBe(true);
    expect(execute(elements('error', 'from_end')).toArray()).toEqual([
      [4, 8, 3],
      [7, 2, 3],
    ]);
  });

  it('error marks the out-of-bounds element instead of throwing', () => {
    const t = traceCall(elements('error', 'out_of_bounds'));
    expect(t.entries[5].status).toBe('error');
    expect(t.entries[5].operand).toBeNull();
    expect(t.entries[5].requested).toEqual([-3, 2]);
  });

  it('clip and fill', () => {
    expect(traceCall(elements('clip', 'out_of_bounds')).entries[5]).toMatchObject({
      status: 'clamped',
      operand: [0, 2],
      requested: [-3, 2],
    });
    const f = traceCall(elements('fill', 'out_of_bounds'));
    expect(f.entries[5]).toMatchObject({ status: 'filled', operand: null, operandOffset: -1 });
    expect(f.fillValue).toBe(-2147483648);
  });

  it('wrap', () => {
    expect(traceCall(elements('wrap', 'out_of_bounds')).entries[5]).toMatchObject({
      status: 'wrapped',
      operand: [0, 2],
    });
  });

  it('scatter collisions are flagged in application order', () => {
    const call: CoreCall = {
      kind: 'scatter',
      op: 'tf.scatter_nd',
      inputs: [tensor([0, 0, 0, 0], 'int32')],
      scatter_indices: tensor([[1], [3], [1], [9]], 'int32'),
      updates: [tensor([5, 6, 7, 8], 'int32')],
      dimension_numbers: {
        update_window_dims: [],
        inserted_window_dims: [0],
        scatter_dims_to_operand_dims: [0],
        index_vector_dim: 1,
      },
      update_computation: 'add',
      options: resolveScatterOptions({ mode: 'skip' }),
    };
    const t = traceCall(call);
    expect(t.entries.map((e) => [e.status, e.duplicate, e.order])).toEqual([
      ['in_bounds', true, 0],
      ['in_bounds', false, 0],
      ['in_bounds', true, 1],
      ['skipped', false, 0],
    ]);
    expect(execute(call).toArray()).toEqual([0, 12, 0, 6]);
  });
});
