/**
 * Which rule an ONNX call that breaks several is refused under: the spec names none, so the one
 * onnxruntime 1.30 (CPU, onnxruntime-node) names, measured on one-node models whose inputs have
 * no static shapes (the kernels' checks; with static shapes ONNX's shape inference may check
 * first, in its own order). Every single, pair and triple of:
 * - ScatterElements-18 on data [3, 4]: axis 5 (`axis`), indices of rank 3 (`irank`), updates of
 *   another shape (`ush`), indices [2, 5] (`ishape`: 5 > 4 off the axis), index values 9 (`oob`);
 * - GatherElements-13, the same without updates;
 * - ScatterND-18 on data [3, 4] (or [3, 0]: `zero`): depth 3 (`depth`), updates of another shape
 *   (`ush`), index values 9 (`oob`);
 * - GatherND-13 on data [2, 3, 4], batch_dims 1: batch_dims 2 (`bdims`), depth 3 (`depth`: past
 *   rank − batch_dims), 3 index rows against a batch of 2 (`bshape`), index values 9 (`oob`).
 * onnxruntime's order: the axis first, then (ScatterElements) the updates' shape, the indices'
 * rank, their shape, the values; GatherND a depth past rank − batch_dims before the batch rules.
 * Before, 18 of these 67 calls named another rule. Each row is checked against onnxruntime too
 * (its message read back to a rule), so a change in onnxruntime fails here loudly. One difference
 * is kept on purpose (rows marked `!`): a batch_dims out of range is named before a depth past
 * rank − batch_dims, because that depth rule reads batch_dims (what the oracle's `why` calls a
 * dependent rule); onnxruntime names the depth.
 */
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { onnx } from '../src/frameworks/onnx.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { measuredRows, ortRuleOf } from './helpers/onnx-model.js';
import { codeOf } from './helpers/errors.js';

/** op → the rule onnxruntime names → the calls (their broken rules). */
const MEASURED: Record<string, Record<string, string>> = {
  SE: {
    axis: 'axis axis+irank axis+ush axis+irank+ush axis+ishape axis+irank+ishape axis+ush+ishape axis+oob axis+irank+oob axis+ush+oob axis+ishape+oob',
    indices_rank: 'irank irank+ishape irank+oob irank+ishape+oob',
    updates_shape: 'ush irank+ush ush+ishape irank+ush+ishape ush+oob irank+ush+oob ush+ishape+oob',
    indices_shape: 'ishape ishape+oob',
    index_out_of_bounds: 'oob',
  },
  GE: {
    axis: 'axis axis+irank axis+ishape axis+irank+ishape axis+oob axis+irank+oob axis+ishape+oob',
    indices_rank: 'irank irank+ishape irank+oob irank+ishape+oob',
    indices_shape: 'ishape ishape+oob',
    index_out_of_bounds: 'oob',
  },
  SND: {
    index_depth: 'depth depth+ush depth+zero depth+ush+zero depth+oob depth+ush+oob depth+zero+oob',
    updates_shape: 'ush ush+zero ush+oob ush+zero+oob',
    OK: 'zero',
    index_out_of_bounds: 'oob zero+oob',
  },
  GND: {
    batch_dims: 'bdims bdims+bshape bdims+oob bdims+bshape+oob',
    index_depth: 'depth depth+bshape depth+oob depth+bshape+oob',
    // onnxruntime names the depth here; we name batch_dims, which the depth rule reads (header).
    'batch_dims!': 'bdims+depth bdims+depth+bshape bdims+depth+oob',
    batch_shape: 'bshape bshape+oob',
    index_out_of_bounds: 'oob',
  },
};

const f32 = (s: number[]) => tensor(new Array(s.reduce((a, b) => a * b, 1)).fill(1), 'float32', s);
const i64 = (s: number[], v: number) =>
  tensor(new Array(s.reduce((a, b) => a * b, 1)).fill(BigInt(v)), 'int64', s);

interface Call {
  readonly op: string;
  readonly opset: number;
  readonly inputs: Tensor[];
  readonly attrs: Record<string, number>;
  readonly ours: () => unknown;
}

/** The call a row names (see the header). */
function callOf(kind: string, bad: string[]): Call {
  const has = (r: string) => bad.includes(r);
  if (kind === 'SE' || kind === 'GE') {
    const axis = has('axis') ? 5 : 0;
    const is = [...(has('ishape') ? [2, 5] : [2, 2]), ...(has('irank') ? [1] : [])];
    const I = i64(is, has('oob') ? 9 : 0);
    const data = f32([3, 4]);
    if (kind === 'GE')
      return {
        op: 'GatherElements',
        opset: 13,
        inputs: [data, I],
        attrs: { axis },
        ours: () => onnx.GatherElements(data, I, { axis }),
      };
    const U = f32(has('ush') ? [...is.slice(0, -1), is[is.length - 1] + 1] : is);
    const ours = () => onnx.ScatterElements(data, I, U, { axis }, { duplicates: 'last_wins' });
    return { op: 'ScatterElements', opset: 18, inputs: [data, I, U], attrs: { axis }, ours };
  }
  if (kind === 'SND') {
    const ds = has('zero') ? [3, 0] : [3, 4];
    const k = has('depth') ? 3 : 1;
    const I = i64([2, k], has('oob') ? 9 : 0);
    const us = [2, ...ds.slice(Math.min(k, 2))];
    const U = f32(has('ush') ? us.map((x) => x + 1) : us);
    const ours = () => onnx.ScatterND(f32(ds), I, U, {}, { duplicates: 'last_wins' });
    return { op: 'ScatterND', opset: 18, inputs: [f32(ds), I, U], attrs: {}, ours };
  }
  const b = has('bdims') ? 2 : 1;
  const I = i64([has('bshape') ? 3 : 2, has('depth') ? 3 : 1], has('oob') ? 9 : 0);
  const data = f32([2, 3, 4]);
  return {
    op: 'GatherND',
    opset: 13,
    inputs: [data, I],
    attrs: { batch_dims: b },
    ours: () => onnx.GatherND(data, I, { batch_dims: b }),
  };
}

/** onnxruntime's outcome, read back to a rule (its one batch message covers batch_dims and batch_shape). */
const ortRule = (c: Call) =>
  ortRuleOf(ort, { opType: c.op, opset: c.opset, outputType: 'float32', attributes: c.attrs }, c.inputs);

const CASES = measuredRows(MEASURED);

describe('ONNX calls breaking several rules: the rule onnxruntime 1.30 names', () => {
  it('covers every measured call', () => {
    expect(CASES.length).toBe(67);
  });
  it.each(CASES)('%s %s → %s', async (kind, calls, row) => {
    const c = callOf(kind, calls.split('+'));
    const code = codeOf(c.ours);
    const rule = row.replace('!', '');
    expect(code === 'no error' ? 'OK' : code.split('.').at(-1)).toBe(rule);
    const ortSays = await ortRule(c);
    if (row.endsWith('!')) expect(ortSays).toBe('index_depth');
    else expect(ortSays === 'batch' ? rule.startsWith('batch_') : ortSays === rule).toBe(true);
  });
});
