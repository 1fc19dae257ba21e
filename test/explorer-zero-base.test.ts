/**
 * "Same call elsewhere" from ONNX ScatterND to MXNet (issue 26): mxnet.scatter_nd takes a shape,
 * not data, so translate finds no equivalent of a scatter into non-zero data; the explorer
 * translates the same call on zeros (explorer/zero-base.ts) and shows MXNet's call with its own
 * layout — index vectors along the FIRST indices dim — computing the same result.
 */
import { describe, expect, it } from 'vitest';
import { onZeros } from '../explorer/zero-base.js';
import { NAMESPACES } from '../src/frameworks/index.js';
import { PRESETS } from '../src/tables/presets.js';
import { buildRegistry, executeCall, lowerCall } from '../src/tables/registry.js';
import { translate } from '../src/translate/index.js';

const registry = buildRegistry(NAMESPACES);
const byId = (id: string) => registry.find((e) => e.id === id)!;
const options = { registry, namespaces: NAMESPACES };
const preset = (id: string) => PRESETS.find((p) => p.id === id)!;

describe('ONNX ScatterND → MXNet scatter_nd, on zeros', () => {
  it('translate refuses the call on its own data (MXNet starts from zeros)', () => {
    const p = preset('onnx-scatternd-1');
    const call = lowerCall(NAMESPACES, byId('onnx.ScatterND'), p.args);
    expect(() => translate(call, 'mxnet', options)).toThrow(/starts from zeros/);
  });

  it('example 1: MXNet gets indices [[4, 3, 1, 7]] (vectors along the first dim) and the same result on zeros', () => {
    const p = preset('onnx-scatternd-1');
    const z = onZeros(byId('onnx.ScatterND'), p.args, byId('mxnet.scatter_nd'), options);
    expect(z?.translation.op).toBe('mxnet.scatter_nd');
    expect(z?.translation.callArgs.indices).toEqual([[4n, 3n, 1n, 7n]]);
    expect(z?.translation.callArgs.attrs).toMatchObject({ shape: [8] });
    // ONNX ScatterND on zeros: the updates at 4, 3, 1, 7
    expect(z?.result.toArray()).toEqual([0, 11, 0, 10, 9, 0, 0, 12]);
    const mx = executeCall(NAMESPACES, byId('mxnet.scatter_nd'), z!.translation.callArgs);
    expect(mx.toArray()).toEqual(z?.result.toArray());
  });

  it('example 2 (sheets): index vectors [[0], [2]] become [[0, 2]]', () => {
    const p = preset('onnx-scatternd-2');
    const z = onZeros(byId('onnx.ScatterND'), p.args, byId('mxnet.scatter_nd'), options);
    expect(z?.translation.callArgs.indices).toEqual([[0n, 2n]]);
    const mx = executeCall(NAMESPACES, byId('mxnet.scatter_nd'), z!.translation.callArgs);
    expect(mx.toArray()).toEqual(z?.result.toArray());
  });

  it('a peer that takes data, or a gather, is not translated on zeros', () => {
    const p = preset('onnx-scatternd-1');
    expect(
      onZeros(byId('onnx.ScatterND'), p.args, byId('tensorflow.tensor_scatter_nd_update'), options),
    ).toBe(null);
  });
});
