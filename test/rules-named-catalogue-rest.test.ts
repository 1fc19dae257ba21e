/**
 * The rest of the catalogue's "Rules without a named test" that an input reaches: one named
 * negative test per code, asserting the error class, the exact code and the message.
 *
 * - `<op>.index_vector_dim` and `<op>.indices_batching_dims` (src/core/batching.ts): the plan's
 *   StableHLO checks (C2, C14, C15, I6, I8) refuse every bad dimension number first, so these
 *   two fire only on a call with a `nonzero` prologue: `decomposeBatching` reads the prologue's
 *   mask (rank 1) as if it were the indices (rank 2 once computed). Each call here is valid and
 *   runs through `execute`; the decomposition refuses it.
 * - `torch.scatter.src`: a forgery from Tensor.prototype passes scatter's `instanceof` choice
 *   between a src tensor and a scalar value, then fails the brand check.
 *
 * The other listed codes are not named here: no input reaches them (a check behind a fixed
 * option or a helper shared with ops that can fail it, an InternalError for what cannot happen),
 * or they are labels the static scan reads as codes (the name of a tensor method or of jvp given
 * as a check's message prefix: the code thrown there is another). They stay listed as untested.
 */
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, Tensor, core, tensor, torch, zeros } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

type BatchingFields = 'start_indices_batching_dims' | 'index_vector_dim';

/** A float32 [1, 3] operand gathered at the true positions of a rank-1 mask (one true: [1]). */
function maskedGather(dims: Pick<core.GatherDimensionNumbers, BatchingFields>): core.GatherCall {
  return {
    kind: 'gather',
    op: 'stablehlo.gather',
    operand: tensor([[10, 11, 12]], 'float32'),
    start_indices: tensor([false, true, false], 'bool'),
    prologue: { kind: 'nonzero', count: 1 },
    dimension_numbers: {
      offset_dims: [],
      collapsed_slice_dims: [1],
      operand_batching_dims: [0],
      start_index_map: [1],
      slice_sizes: [1, 1],
      ...dims,
    },
    options: core.resolveGatherOptions('float32'),
  };
}

describe('the batching decomposition on a call whose indices come from a prologue', () => {
  it('<op>.index_vector_dim: the mask has rank 1, the computed indices rank 2', () => {
    // The nonzero indices are [[1]] (shape [1, 1]); index_vector_dim 2 is their implicit vector dim.
    const call = maskedGather({ start_indices_batching_dims: [1], index_vector_dim: 2 });
    expect(core.execute(call).toArray()).toEqual([[11]]);
    const e = expectRule(() => core.decomposeBatching(call), 'stablehlo.gather.index_vector_dim');
    expect(e.message).toBe(
      'stablehlo.gather: index_vector_dim must be in [0, 1]; got 2 (stablehlo.gather.index_vector_dim)',
    );
  });

  it('<op>.indices_batching_dims: batching dim 1 of the computed indices is no dim of the mask', () => {
    // Index vectors along dim 0 (one true: length 1); dim 1 (size 1) pairs with operand dim 0.
    const call = maskedGather({ start_indices_batching_dims: [1], index_vector_dim: 0 });
    expect(core.execute(call).toArray()).toEqual([11]);
    const e = expectRule(() => core.decomposeBatching(call), 'stablehlo.gather.indices_batching_dims');
    expect(e.message).toBe(
      'stablehlo.gather: indices batching dims must be dims of the indices other than index_vector_dim 0; got 1 (stablehlo.gather.indices_batching_dims)',
    );
  });
});

describe('torch.scatter src', () => {
  it('torch.scatter.src: a forgery from Tensor.prototype is no src tensor', () => {
    const forged = Object.create(Tensor.prototype) as Tensor;
    expect(forged instanceof Tensor).toBe(true); // so scatter takes it as a tensor, not a value
    const index = tensor([1n], 'int64');
    const e = expectRule(() => torch.scatter(zeros([2], 'float32'), 0, index, forged), 'torch.scatter.src');
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toBe('torch.scatter: src must be a Tensor; got an object (Tensor) (torch.scatter.src)');
    // Beside it, a real src tensor and a scalar value.
    expect(torch.scatter(zeros([2], 'float32'), 0, index, tensor([5], 'float32')).toArray()).toEqual([0, 5]);
    expect(torch.scatter(zeros([2], 'float32'), 0, index, 7).toArray()).toEqual([0, 7]);
  });
});
