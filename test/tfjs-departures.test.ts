/**
 * Where TF.js (4.22, cpu backend) departs from TensorFlow's documented gather_nd / scatter_nd,
 * each pinned on both sides: what TF.js does (so docs/tensorflow.md goes stale loudly if it
 * changes) and what we do (TensorFlow's rule).
 */
import * as tfc from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import { beforeAll, describe, expect, it } from 'vitest';
import { IndexOutOfBoundsError } from '../src/errors.js';
import { tensorflow as tf } from '../src/frameworks/tensorflow.js';
import { tensor } from '../src/tensor/tensor.js';

beforeAll(async () => {
  await tfc.setBackend('cpu');
});

describe('TF.js departures from TensorFlow (we follow TensorFlow)', () => {
  it('gatherND checks only the flat offset: [0, 5] into a [2, 3] tensor reads element [1, 2]; TF raises', async () => {
    const got = await tfc
      .gatherND(
        tfc.tensor2d([
          [1, 2, 3],
          [4, 5, 6],
        ]),
        tfc.tensor2d([[0, 5]], undefined, 'int32'),
      )
      .array();
    expect(got).toEqual([6]);
    expect(() =>
      tf.gather_nd(
        tensor(
          [
            [1, 2, 3],
            [4, 5, 6],
          ],
          'float32',
        ),
        tensor([[0, 5]], 'int32'),
      ),
    ).toThrow(IndexOutOfBoundsError);
  });

  it('scatterND checks only the flat offset too: [0, 5] writes element [1, 2]; TF raises (CPU)', async () => {
    const got = await tfc
      .scatterND(tfc.tensor2d([[0, 5]], undefined, 'int32'), tfc.tensor1d([9]), [2, 3])
      .array();
    expect(got).toEqual([
      [0, 0, 0],
      [0, 0, 9],
    ]);
    expect(() => tf.scatter_nd(tensor([[0, 5]], 'int32'), tensor([9], 'float32'), [2, 3])).toThrow(
      IndexOutOfBoundsError,
    );
  });

  it('scatterND with depth-0 indices drops every update; TF refuses them (ValidEmptyOutputShape: indices without elements, updates with)', async () => {
    const upd = [
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
    ];
    const got = await tfc
      .scatterND(tfc.tensor2d([[], []], [2, 0], 'int32'), tfc.tensor3d(upd), [2, 3])
      .array();
    expect(got).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(() => tf.scatter_nd(tensor([[], []], 'int32', [2, 0]), tensor(upd, 'float32'), [2, 3])).toThrow(
      'tensorflow.scatter_nd: Indices and updates specified for empty output shape',
    );
  });
});
