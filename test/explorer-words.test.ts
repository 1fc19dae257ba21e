/**
 * The framework's words for one element (explorer/words.ts, issue 26 item 1): the instantiated
 * formula with values substituted, the policy step only when it acts, and the shape algebra of
 * ND and general ops, on the seed documents' worked examples.
 */
import { describe, expect, it } from 'vitest';
import { fmtScalar } from '../explorer/arith.js';
import { flatValues } from '../explorer/flat.js';
import { Landing } from '../explorer/landing.js';
import { frameworkWords, sliceKind } from '../explorer/words.js';
import { execute } from '../src/core/call.js';
import { NAMESPACES } from '../src/frameworks/index.js';
import { PRESETS } from '../src/tables/presets.js';
import { buildRegistry, lowerCall } from '../src/tables/registry.js';
import type { NestedArray } from '../src/tensor/tensor.js';

const registry = buildRegistry(NAMESPACES);

function shape(v: NestedArray | undefined): number[] {
  const s: number[] = [];
  let x = v;
  while (Array.isArray(x)) {
    s.push(x.length);
    x = x[0] as NestedArray;
  }
  return s;
}

/** The words for output (gather) / update (scatter) element `at` of a preset. */
function wordsOf(presetId: string, at: readonly number[]) {
  const p = PRESETS.find((x) => x.id === presetId)!;
  const entry = registry.find((e) => e.id === p.op)!;
  const call = lowerCall(NAMESPACES, entry, p.args);
  const L = new Landing(call);
  const result = execute(call);
  const spaceShape = call.kind === 'gather' ? result.shape : call.updates[0].shape;
  let s = 0;
  for (let k = 0; k < at.length; k++) s = s * spaceShape[k] + at[k];
  const d = L.derive(s);
  const out = flatValues(result);
  const value = call.kind === 'gather' ? fmtScalar(out[s]) : fmtScalar(flatValues(call.updates[0])[s]);
  return frameworkWords({
    entry,
    attrs: p.args.attrs ?? {},
    spec: L.spec,
    derivation: d,
    at,
    value,
    ...(call.kind === 'scatter' && d.operandOffset >= 0 ? { target: fmtScalar(out[d.operandOffset]) } : {}),
    ...(call.kind === 'scatter' && typeof call.update_computation === 'string'
      ? { reducer: call.update_computation }
      : {}),
    ...(p.args.data !== undefined ? { dataShape: shape(p.args.data) } : {}),
    indicesShape: shape(p.args.indices),
  });
}

describe('the formula in the framework notation', () => {
  it('ONNX GatherElements example 1: output[1][0] = data[1][indices[1][0]] = data[1][1] = 4', () => {
    const w = wordsOf('onnx-gather-elements-1', [1, 0]);
    expect(w.formula).toBe('output[1][0] = data[1][indices[1][0]] = data[1][1] = 4');
    expect(w.policy).toEqual([]);
  });
  it('torch.gather speaks PyTorch: out[i][j] = input[i][index[i][j]]', () => {
    const w = wordsOf('torch-gather', [1, 0]);
    expect(w.formula).toMatch(/^out\[1\]\[0\] = input\[1\]\[index\[1\]\[0\]\] = input\[1\]\[\d\] = \d$/);
  });
  it('the article GatherND example 1: a tuple picks a line; output shape built from the inputs dims', () => {
    const w = wordsOf('article-gathernd-1', [1, 0, 1]);
    expect(w.formula).toBe(
      'output[1][0][1] = data[indices[1][0][0]][indices[1][0][1]][1] = data[1][0][1] = 6   (tuple indices[1][0][:] = (1, 0))',
    );
    expect(w.shapeRule[0]).toBe(
      'r = rank(data) = 3, q = rank(indices) = 3, m = indices.shape[-1] = 2: r − m = 1, so each tuple picks a line of shape [2].',
    );
    expect(w.shapeRule[1]).toBe(
      'output shape = indices.shape[:-1] + data.shape[m:] = [2, 1] + [2] = [2, 1, 2] (rank q + r − m − 1 = 3 + 3 − 2 − 1 = 3).',
    );
    expect(w.dims.map((d) => `${d.from}${d.source}`)).toEqual(['indices0', 'indices1', 'data2']);
  });
  it('the article GatherND example 2: only the negative component counts from the end', () => {
    const w = wordsOf('article-gathernd-2', [0]);
    expect(w.formula).toContain('= data[0][0] = 1');
    expect(w.policy).toEqual(['indices[0][0] = -2 counts from the end of dim 0: -2 + 2 = 0']);
    expect(w.shapeRule[0]).toContain('r − m = 0, so each tuple picks an element');
    expect(wordsOf('article-gathernd-2', [1]).policy).toEqual([]);
  });
  it('tf.scatter_nd accumulates: output[indices[i][0]] += updates[i]', () => {
    const w = wordsOf('tf-scatter-nd-1', [0]);
    expect(w.formula).toBe('output[indices[0, 0]] += updates[0] (= 9), so output[4] += 9 → 9');
  });
  it('stablehlo.gather with batching dims: the batching dim, the indexed dims and the window', () => {
    const w = wordsOf('stablehlo-gather-batching', [1, 0, 2, 1, 1]);
    expect(w.formula).toMatch(
      /^result\[1, 0, 2, 1, 1\] = operand\[0, start_indices\[1, 0, 2, 1\], start_indices\[1, 0, 2, 0\] \+ 1, 1\]/,
    );
    expect(w.dims.map((d) => `${d.dim}←${d.from}${d.source}:${d.role}`)).toEqual([
      '0←indices0:batch',
      '1←indices1:batching',
      '2←indices2:batch',
      '3←data2:window',
      '4←data3:window',
    ]);
  });
  it('slice kinds follow the article: element, line, sheet, cuboid', () => {
    expect([0, 1, 2, 3, 5].map(sliceKind)).toEqual(['element', 'line', 'sheet', 'cuboid', '5-D block']);
  });
});
