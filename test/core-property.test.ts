import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gather } from '../src/core/gather.js';
import { scatter } from '../src/core/scatter.js';
import type { GatherDimensionNumbers, ScatterDimensionNumbers } from '../src/core/types.js';
import type { Tensor } from '../src/tensor/tensor.js';
import { zeros } from '../src/tensor/tensor.js';
import {
  DATA_DTYPES,
  INDEX_DTYPES,
  randomCase,
  randomIndices,
  randomTensor,
  rng,
} from './reference/random-cases.js';
import { referenceGather, referenceScatter } from '../src/tables/reference.js';

function bytes(t: Tensor): Uint8Array {
  return new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
}

/** A 16-bit float's bits are a NaN: exponent all ones and a non-zero mantissa. */
const HALF_NAN: Partial<Record<string, (bits: number) => boolean>> = {
  float16: (b) => (b & 0x7fff) > 0x7c00,
  bfloat16: (b) => (b & 0x7fff) > 0x7f80,
};

/**
 * The bytes with every NaN element written as one marker, so NaN places still compare but their
 * sign and payload do not. The spec reference computes a scatter's products with JS numbers, so a
 * NaN neither operand had (inf · 0 after a float16 product overflows) is JS's positive NaN, where
 * the core makes x86's negative default NaN; StableHLO leaves NaN bits open
 * (`ieee754.nan_payload`), and the real peers' bits are pinned in test/nan-payloads.test.ts.
 */
function bytesAnyNaN(t: Tensor): unknown[] {
  const isHalfNaN = HALF_NAN[t.dtype];
  const nanAt = isHalfNaN ? (v: unknown) => isHalfNaN(v as number) : (v: unknown) => Number.isNaN(v);
  if (!isHalfNaN && !/^(float|complex)/.test(t.dtype)) return [...bytes(t)];
  return Array.from(t.data as ArrayLike<unknown>, (v) => (nanAt(v) ? 'NaN' : v));
}

describe('core gather = spec-literal reference (fast-check)', () => {
  it('random dimension numbers, shapes (incl. zero-size), dtypes, index dtypes, modes', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const r = rng(seed);
        const c = randomCase(r);
        const dtype = r.pick(DATA_DTYPES);
        const idtype = r.pick(INDEX_DTYPES);
        const operand = randomTensor(r, c.operandShape, dtype);
        const indices = randomIndices(r, c.indicesShape, idtype, Math.max(1, ...c.operandShape));
        const dn: GatherDimensionNumbers = {
          offset_dims: c.windowDims,
          collapsed_slice_dims: c.collapsed,
          operand_batching_dims: c.batching[0],
          start_indices_batching_dims: c.batching[1],
          start_index_map: c.startMap,
          index_vector_dim: c.ivd,
          slice_sizes: c.windowSizes,
        };
        const mode = r.pick(['clip', 'fill', 'wrap', 'promise_in_bounds'] as const);
        const fromEnd = r.next() < 0.5;
        const emptyWindow = [...c.collapsed, ...c.batching[0]].some((d) => c.windowSizes[d] === 0);
        // The result is non-empty iff every batch dim (indices dims but the index vector dim)
        // and every offset dim (window dims that are neither collapsed nor batching) is.
        const resultNonEmpty =
          c.indicesShape.every((n, d) => d === c.ivd || n > 0) &&
          c.windowSizes.every((n, d) => n > 0 || c.collapsed.includes(d) || c.batching[0].includes(d));
        if (emptyWindow) {
          let code = '';
          try {
            gather(operand, indices, dn, { mode });
          } catch (e) {
            code = (e as { code: string }).code;
          }
          const size =
            c.indicesShape.reduce((a, n, d) => (d === c.ivd ? a : a * n), 1) *
            c.windowSizes.reduce(
              (a, n, d) => (c.collapsed.includes(d) || c.batching[0].includes(d) ? a : a * n),
              1,
            );
          expect(resultNonEmpty).toBe(size > 0);
          // A non-empty result from an empty window is refused; an empty result is returned.
          expect(code === 'stablehlo.gather.empty_window').toBe(resultNonEmpty);
          if (resultNonEmpty) return;
          expect(gather(operand, indices, dn, { mode }).size).toBe(0);
        }
        const got = gather(operand, indices, dn, {
          mode,
          negative_indices: fromEnd ? 'from_end' : 'out_of_bounds',
        });
        const want = referenceGather(operand, indices, dn, { mode, fromEnd });
        expect(got.shape).toEqual(want.shape);
        expect(bytes(got)).toEqual(bytes(want));
      }),
      { numRuns: 1500 },
    );
  });

  it('out= writes the same bytes as a fresh result', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const r = rng(seed);
        const c = randomCase(r);
        const operand = randomTensor(r, c.operandShape, 'float32');
        const indices = randomIndices(r, c.indicesShape, 'int64', Math.max(1, ...c.operandShape));
        const dn: GatherDimensionNumbers = {
          offset_dims: c.windowDims,
          collapsed_slice_dims: c.collapsed,
          operand_batching_dims: c.batching[0],
          start_indices_batching_dims: c.batching[1],
          start_index_map: c.startMap,
          index_vector_dim: c.ivd,
          slice_sizes: c.windowSizes,
        };
        if ([...c.collapsed, ...c.batching[0]].some((d) => c.windowSizes[d] === 0)) return;
        const fresh = gather(operand, indices, dn);
        const out = zeros(fresh.shape, 'float32');
        const res = gather(operand, indices, dn, { out });
        expect(res).toBe(out);
        expect(bytes(out)).toEqual(bytes(fresh));
      }),
      { numRuns: 300 },
    );
  });
});

describe('core scatter = spec-literal reference (fast-check)', () => {
  it('random dimension numbers, shapes, dtypes, reducers, modes', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => runScatterCase(seed)),
      { numRuns: 1500 },
    );
  });
});

function runScatterCase(seed: number, log = false): void {
  const r = rng(seed);
  const c = randomCase(r);
  // Scatter has no slice_sizes: the window sizes come from the updates shape.
  const dtype = r.pick(DATA_DTYPES);
  const idtype = r.pick(INDEX_DTYPES);
  const input = randomTensor(r, c.operandShape, dtype);
  const indices = randomIndices(r, c.indicesShape, idtype, Math.max(1, ...c.operandShape));
  const scatterSizes = c.indicesShape.filter((_, d) => d !== c.ivd);
  const windowInputDims = c.operandShape
    .map((_, d) => d)
    .filter((d) => !c.collapsed.includes(d) && !c.batching[0].includes(d));
  const rankU = scatterSizes.length + c.windowDims.length;
  const updatesShape: number[] = [];
  for (let d = 0, s = 0, w = 0; d < rankU; d++) {
    updatesShape.push(c.windowDims.includes(d) ? c.windowSizes[windowInputDims[w++]] : scatterSizes[s++]);
  }
  const updates = randomTensor(r, updatesShape, dtype);
  const dn: ScatterDimensionNumbers = {
    update_window_dims: c.windowDims,
    inserted_window_dims: c.collapsed,
    input_batching_dims: c.batching[0],
    scatter_indices_batching_dims: c.batching[1],
    scatter_dims_to_operand_dims: c.startMap,
    index_vector_dim: c.ivd,
  };
  const reducers =
    dtype === 'bool'
      ? ['replace', 'add', 'mul', 'min', 'max']
      : ['replace', 'add', 'sub', 'mul', 'min', 'max'];
  const reducer = r.pick(reducers) as 'add';
  const mode = r.pick(['skip', 'drop', 'clip', 'wrap', 'promise_in_bounds'] as const);
  const fromEnd = r.next() < 0.5;
  if (log)
    console.log(
      JSON.stringify({
        c,
        dtype,
        idtype,
        reducer,
        mode,
        fromEnd,
        input: input.toString(),
        indices: indices.toString(),
        updates: updates.toString(),
      }),
    );
  const before = bytes(input).slice();
  const [got] = scatter([input], indices, [updates], dn, reducer, {
    mode,
    negative_indices: fromEnd ? 'from_end' : 'out_of_bounds',
  });
  const want = referenceScatter(input, indices, updates, dn, reducer, { mode, fromEnd });
  expect(bytesAnyNaN(got)).toEqual(bytesAnyNaN(want));
  expect(bytes(input)).toEqual(before); // the input is not written
}
