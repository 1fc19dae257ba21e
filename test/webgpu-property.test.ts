/**
 * Property tests: random general calls (dimension numbers with batching dims, every index
 * vector layout, zero-size dims, every data and index dtype, every mode and reducer) give the
 * same bits — or the same typed error — on WebGPU as on the CPU. Float data mixes ordinary
 * values with random bit patterns (subnormals, infinities, NaN payloads).
 */
import { describe, it } from 'vitest';
import type { GatherCall, ScatterCall } from '../src/core/call.js';
import { FLOAT_MINMAX_RULES, FLOAT_NAN_RULES } from '../src/core/kernels.js';
import type { PlacedNaN } from '../src/core/types.js';
import { resolveGatherOptions, resolveScatterOptions } from '../src/core/policy.js';
import type { GatherMode, ReducerName, ScatterMode } from '../src/core/types.js';
import type { DType } from '../src/tensor/dtype.js';
import type { Tensor } from '../src/tensor/tensor.js';
import {
  DATA_DTYPES,
  INDEX_DTYPES,
  type R,
  randomCase,
  randomIndices,
  randomTensor,
  rng,
} from './reference/random-cases.js';
import { nodeBackend, runInChild, sameOnGpu, webgpuMode } from './webgpu-env.js';

/** Float data with hostile bit patterns mixed in. */
function data(r: R, shape: number[], dtype: DType): Tensor {
  const t = randomTensor(r, shape, dtype);
  if (dtype === 'float32' || dtype === 'float16' || dtype === 'bfloat16') {
    const bits =
      dtype === 'float32'
        ? new Uint32Array(t.data.buffer, t.data.byteOffset, t.size)
        : (t.data as Uint16Array);
    for (let i = 0; i < t.size; i++) {
      const x = r.next();
      if (x < 0.15) bits[i] = Math.floor(r.next() * 2 ** (dtype === 'float32' ? 32 : 16));
      else if (x < 0.25 && dtype === 'float32')
        bits[i] = (r.next() < 0.5 ? 0x80000000 : 0) + r.int(1, 0x7fffff);
      else if (x < 0.25)
        bits[i] = (r.next() < 0.5 ? 0x8000 : 0) + r.int(1, dtype === 'float16' ? 0x3ff : 0x7f);
    }
  }
  if (dtype === 'float64') {
    const w = new Uint32Array(t.data.buffer, t.data.byteOffset, 2 * t.size);
    for (let i = 0; i < t.size; i++) {
      const x = r.next();
      if (x < 0.15) {
        w[2 * i] = Math.floor(r.next() * 2 ** 32);
        w[2 * i + 1] = Math.floor(r.next() * 2 ** 32);
      } else if (x < 0.25) {
        w[2 * i] = Math.floor(r.next() * 2 ** 32);
        w[2 * i + 1] = (r.next() < 0.5 ? 0x80000000 : 0) + r.int(0, 0xfffff);
      }
    }
  }
  return t;
}

const GATHER_MODES: GatherMode[] = ['clip', 'fill', 'wrap', 'promise_in_bounds', 'error'];
const SCATTER_MODES: ScatterMode[] = ['skip', 'drop', 'clip', 'wrap', 'error', 'promise_in_bounds'];
const REDUCERS: ReducerName[] = ['replace', 'add', 'sub', 'mul', 'min', 'max', 'mean'];

function gatherCall(seed: number): GatherCall {
  const r = rng(seed);
  const c = randomCase(r);
  const dtype = r.pick(DATA_DTYPES);
  const idtype = r.pick(INDEX_DTYPES);
  const operand = data(r, c.operandShape, dtype);
  const indices = randomIndices(r, c.indicesShape, idtype, Math.max(1, ...c.operandShape));
  return {
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
      indices_are_sorted: r.next() < 0.1,
    },
    options: resolveGatherOptions(dtype, {
      mode: r.pick(GATHER_MODES),
      negative_indices: r.next() < 0.5 ? 'from_end' : 'out_of_bounds',
      checked: r.next() < 0.2,
    }),
  };
}

function scatterCall(seed: number): ScatterCall {
  const r = rng(seed);
  const c = randomCase(r);
  const dtype = r.pick(DATA_DTYPES);
  const idtype = r.pick(INDEX_DTYPES);
  const input = data(r, c.operandShape, dtype);
  // Small index ranges make duplicates common.
  const indices = randomIndices(r, c.indicesShape, idtype, Math.max(1, ...c.operandShape));
  const scatterSizes = c.indicesShape.filter((_, d) => d !== c.ivd);
  const windowInputDims = c.operandShape
    .map((_, d) => d)
    .filter((d) => !c.collapsed.includes(d) && !c.batching[0].includes(d));
  const rankU = scatterSizes.length + c.windowDims.length;
  const updatesShape: number[] = [];
  for (let d = 0, s = 0, w = 0; d < rankU; d++)
    updatesShape.push(c.windowDims.includes(d) ? c.windowSizes[windowInputDims[w++]] : scatterSizes[s++]);
  const updates = data(r, updatesShape, dtype);
  return {
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
      indices_are_sorted: r.next() < 0.1,
      unique_indices: r.next() < 0.1,
    },
    update_computation: r.pick(REDUCERS),
    options: resolveScatterOptions({
      mode: r.pick(SCATTER_MODES),
      negative_indices: r.next() < 0.5 ? 'from_end' : 'out_of_bounds',
      include_self: r.next() < 0.8,
      duplicates: r.next() < 0.1 ? 'error' : 'apply',
      checked: r.next() < 0.2,
      float_minmax: r.pick(FLOAT_MINMAX_RULES),
      float_nan: r.next() < 0.25 ? placedRule(r) : r.pick(FLOAT_NAN_RULES),
    }),
  };
}

/** A random NaN order by place: a row of 1–8 places, every 1–3 elements, in 1–3 bands. */
function placedRule(r: R): PlacedNaN {
  const row = r.int(1, 8);
  const ends = [...new Set(Array.from({ length: r.int(0, 2) }, () => r.int(1, row)))].sort((a, b) => a - b);
  if (ends.at(-1) !== row) ends.push(row);
  return { row, stride: r.int(1, 3), bands: ends.map((end) => [end, r.pick(FLOAT_NAN_RULES)] as const) };
}

const RUNS = Number(process.env.TGS_WEBGPU_RUNS ?? 150);

if (webgpuMode !== 'here') runInChild('test/webgpu-property.test.ts');
else
  describe('WebGPU = CPU on random general calls', async () => {
    const gpu = await nodeBackend();
    const t = gpu ? it : it.skip;
    t(`gather: ${RUNS} random calls`, async () => {
      const t0 = performance.now();
      for (let seed = 1; seed <= RUNS; seed++) await sameOnGpu(gpu!, gatherCall(seed), `gather seed ${seed}`);
      console.log(`stats ${JSON.stringify(gpu!.stats)}`);
      console.log(`gather: ${RUNS} calls in ${(performance.now() - t0).toFixed(0)} ms (SwiftShader)`);
    });
    t(`scatter: ${RUNS} random calls`, async () => {
      const t0 = performance.now();
      for (let seed = 1; seed <= RUNS; seed++)
        await sameOnGpu(gpu!, scatterCall(seed), `scatter seed ${seed}`);
      console.log(`stats ${JSON.stringify(gpu!.stats)}`);
      console.log(`scatter: ${RUNS} calls in ${(performance.now() - t0).toFixed(0)} ms (SwiftShader)`);
    });
  });
