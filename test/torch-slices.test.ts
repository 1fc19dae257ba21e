/**
 * PyTorch 1.13's aten::index / aten::index_put with `None` entries — a full slice `:` — beside
 * index tensors and masks (issue 23): `x[:, m]` is `torch.index(x, [null, m])`. Expected values
 * and gradients are PyTorch 1.13's (printed by /usr/bin/python3 when the test was written;
 * test/slices-live.test.ts compares random tuples live).
 */
import { describe, expect, it } from 'vitest';
import { vjp } from '../src/autodiff/vjp.js';
import { type CoreCall, execute, stablehloText } from '../src/core/call.js';
import { torch } from '../src/frameworks/torch.js';
import { programOf } from '../src/ir/lowered.js';
import { runModule } from '../src/ir/run.js';
import { readModule } from '../src/stablehlo-text/index.js';
import { arange, tensor } from '../src/tensor/tensor.js';
import { codeOf as code } from './helpers/errors.js';

const x = arange(24, 'float32').reshape([2, 3, 4]);
const m = tensor([true, false, true, true]);
const i64 = (v: number[]) => tensor(v.map(BigInt), 'int64');

describe('torch.index with null (:) entries, values from PyTorch 1.13', () => {
  it('x[:, :, m]: the mask in place', () => {
    expect(torch.index(x, [null, null, m]).toArray()).toEqual([
      [
        [0, 2, 3],
        [4, 6, 7],
        [8, 10, 11],
      ],
      [
        [12, 14, 15],
        [16, 18, 19],
        [20, 22, 23],
      ],
    ]);
  });
  it('x[i, :, j]: advanced entries apart go first', () => {
    expect(torch.index(x, [i64([0, 1]), null, i64([1, 0])]).toArray()).toEqual([
      [1, 5, 9],
      [12, 16, 20],
    ]);
  });
  it('index_put: x[:, [0, 0], [1, 1]] += [5, 6] accumulates duplicates; x[:, m] = -1', () => {
    const acc = torch.index_put(x, [null, i64([0, 0]), i64([1, 1])], tensor([5, 6], 'float32'), {
      accumulate: true,
    });
    expect(torch.index(acc, [null, i64([0])]).toArray()).toEqual([[[0, 12, 2, 3]], [[12, 24, 14, 15]]]);
    const fill = torch.index_put(x, [null, tensor([true, false, true])], tensor(-1, 'float32'));
    expect(torch.index(fill, [i64([0])]).toArray()).toEqual([
      [
        [-1, -1, -1, -1],
        [4, 5, 6, 7],
        [-1, -1, -1, -1],
      ],
    ]);
  });
});

describe('errors', () => {
  it('torch.index.no_index / torch.index_put.no_index: a tuple of nulls only (PyTorch fails an internal assert)', () => {
    expect(code(() => torch.index(x, [null, null]))).toBe('torch.index.no_index');
    expect(code(() => torch.index_put(x, [null], tensor(1, 'float32')))).toBe('torch.index_put.no_index');
    // No entry at all is the same assert (ntensor >= 3), not x[()].
    expect(code(() => torch.index(x, []))).toBe('torch.index.no_index');
    expect(code(() => torch.index_put(x, [], tensor(1, 'float32')))).toBe('torch.index_put.no_index');
    expect(code(() => torch.index(tensor(2, 'float32'), []))).toBe('torch.index.no_index');
    // An empty tensor returns before any kernel runs.
    expect(torch.index(arange(0, 'float32').reshape([0, 3]), [null]).shape).toEqual([0, 3]);
  });
  it('torch.index.too_many_indices counts each entry once, a null or a mask', () => {
    expect(() => torch.index(x, [null, i64([0]), null, null])).toThrow(
      'too many indices for tensor of dimension 3 (got 4)',
    );
    // A 2-D mask and a null come to 3 entries' dims on a 2-D tensor: PyTorch reads past its dims.
    const y = arange(12, 'float32').reshape([3, 4]);
    expect(code(() => torch.index(y, [tensor([[true, false, true, false]]).reshape([1, 4]), null]))).toBe(
      'torch.index.mask_shape',
    );
    const full = tensor(Array(12).fill(true)).reshape([3, 4]);
    expect(code(() => torch.index(y, [full, null]))).toBe('torch.index.too_many_indices');
  });
  it('torch.index_put.mask_broadcast: masked_fill dispatch with a null after a 2-D mask', () => {
    const y = arange(6, 'int64').reshape([2, 1, 3]);
    const mask = tensor([true, true]).reshape([2, 1]);
    expect(() => torch.index_put(y, [mask, null], tensor(1n, 'int64'))).toThrow(
      "output with shape [2, 1, 3] doesn't match the broadcast shape",
    );
    expect(code(() => torch.index_put(y, [mask, null], tensor(1n, 'int64')))).toBe(
      'torch.index_put.mask_broadcast',
    );
    // accumulate (or a longer value) takes the indexing path: PyTorch computes it.
    const acc = torch.index_put(y, [mask, null], tensor(1n, 'int64'), { accumulate: true });
    expect(acc.toArray()).toEqual([[[1n, 2n, 3n]], [[4n, 5n, 6n]]]);
  });
  it('0-d entries as aten::index reads them: an int64 index of shape [], a mask that adds no index', () => {
    // Values printed by torch.ops.aten.index.Tensor (PyTorch 1.13).
    expect(torch.index(x, [null, tensor(1n, 'int64')]).toArray()).toEqual([
      [4, 5, 6, 7],
      [16, 17, 18, 19],
    ]);
    expect(torch.index(x, [tensor(1n, 'int64'), null, i64([0, 3])]).toArray()).toEqual([
      [12, 16, 20],
      [15, 19, 23],
    ]);
    expect(torch.index(x, [tensor(1n, 'int64'), i64([0, 2]).reshape([2, 1])]).toArray()).toEqual([
      [[12, 13, 14, 15]],
      [[20, 21, 22, 23]],
    ]);
    // A 0-d mask (True or False) drops out: the entries after it move up one dim.
    expect(torch.index(x, [null, tensor(false), i64([2, 0])]).toArray()).toEqual([
      [
        [8, 9, 10, 11],
        [0, 1, 2, 3],
      ],
      [
        [20, 21, 22, 23],
        [12, 13, 14, 15],
      ],
    ]);
    expect(code(() => torch.index(x, [tensor(true), null, m]))).toBe('torch.index.mask_shape');
  });
});

describe('surfaces', () => {
  const calls: [string, () => CoreCall][] = [
    ['x[:, :, m]', () => torch.lower.index(x, [null, null, m])],
    ['x[i, :, j]', () => torch.lower.index(x, [i64([0, 1]), null, i64([1, 0])])],
    [
      'x[:, m3] += v',
      () =>
        torch.lower.index_put(
          x,
          [null, tensor([true, false, true])],
          arange(16, 'float32').reshape([2, 2, 4]),
          {
            accumulate: true,
          },
        ),
    ],
  ];
  it.each(calls)('%s: the StableHLO text read back computes what execute computes', (_n, make) => {
    const call = make();
    const r = runModule(readModule(stablehloText(call)), programOf(call).args).results[0];
    expect(r.toArray()).toEqual(execute(call).toArray());
  });
  it('gradients equal PyTorch 1.13 autograd: x[:, :, m] and index_put(x, [:, [0, 0, 2]], v, accumulate)', () => {
    const ct = arange(18, 'float32').reshape([2, 3, 3]);
    const g = vjp(torch.lower.index(x, [null, null, m])).backward(ct);
    expect(Object.values(g)[0].toArray()).toEqual([
      [
        [0, 0, 1, 2],
        [3, 0, 4, 5],
        [6, 0, 7, 8],
      ],
      [
        [9, 0, 10, 11],
        [12, 0, 13, 14],
        [15, 0, 16, 17],
      ],
    ]);
    const v = arange(24, 'float32').reshape([2, 3, 4]);
    const put = vjp(torch.lower.index_put(x, [null, i64([0, 0, 2])], v, { accumulate: true }));
    const grads = put.backward(arange(24, 'float32').reshape([2, 3, 4]));
    expect(grads.input.toArray()).toEqual(arange(24, 'float32').reshape([2, 3, 4]).toArray());
    expect(grads.values.toArray()).toEqual([
      [
        [0, 1, 2, 3],
        [0, 1, 2, 3],
        [8, 9, 10, 11],
      ],
      [
        [12, 13, 14, 15],
        [12, 13, 14, 15],
        [20, 21, 22, 23],
      ],
    ]);
  });
});
