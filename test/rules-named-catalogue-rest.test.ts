/**
 * The rest of the catalogue's "Rules without a named test" that an input reaches: one named
 * negative test per code, asserting the error class, the exact code and the message.
 *
 * - `torch.scatter.src`: a forgery from Tensor.prototype passes scatter's `instanceof` choice
 *   between a src tensor and a scalar value, then fails the brand check.
 *
 * The other listed codes are not named here: no input reaches them — `<op>.index_vector_dim`
 * and `<op>.indices_batching_dims` (src/core/batching.ts: the plan's StableHLO checks C2, C14,
 * C15, I6 and I8 refuse every bad dimension number first; a call whose indices a prologue
 * computes is decomposed as the op it stands for, test/batching.test.ts), a check behind a fixed
 * option or in a helper shared with ops that can fail it, an InternalError for what cannot happen.
 * They stay listed as untested. (The scan no longer reads a check's message prefix — the name of
 * a tensor method or of jvp — as a code: `tensor.clone` and friends throw `tensor.storage_changed`.)
 */
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, Tensor, tensor, torch, zeros } from '../src/index.js';
import { expectRule } from './helpers/errors.js';

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
