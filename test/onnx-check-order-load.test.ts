/**
 * Which rule an ONNX call breaking several is refused under, part two (part one:
 * onnx-check-order.test.ts): the dtype rules, a data tensor of rank 0, and TensorScatter.
 *
 * onnxruntime 1.30 checks an input's type when it loads the model (the schema's type
 * constraints, input by input), builds the kernel next (TensorScatter refuses an unknown `mode`
 * there), and checks shapes and values only when it runs. So a wrong dtype is named before any
 * shape rule, and TensorScatter's order is: past_cache, update, write_indices dtypes; mode;
 * past_cache rank; update rank; axis; update shape; write_indices shape; the write indices.
 * Before, 80 of these 275 calls named another rule (the ranks were checked before the dtypes;
 * TensorScatter checked the axis before the mode and the update's rank).
 *
 * Kept apart on purpose (rows `data_rank!<rule>`): data of rank 0 is named `data_rank`, the
 * spec's rule (`r >= 1`); onnxruntime has no such check and words it as the first rule that
 * trips over it (the axis range [-0, -1], a depth past rank 0, GatherND's indices rank).
 *
 * The calls: every single, pair and triple of the rules listed per op below; each row is also
 * checked against onnxruntime live (its message read back to a rule).
 */
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { onnx } from '../src/frameworks/onnx.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { codeOf } from './helpers/errors.js';
import { measuredRows, ortRuleOf } from './helpers/onnx-model.js';

/** op → the rule named → the calls (their broken rules). */
const MEASURED: Record<string, Record<string, string>> = {
  // TensorScatter-24, past_cache [2, 4, 3] (prank: [2]), update [2, 2, 3], write_indices [0, 1]:
  // update int64 (udtype), write_indices int32 (wdtype), mode 'bogus', update of rank 4 (urank),
  // axis 0 (the batch dim), update [2, 2, 4] (ushape), write_indices [0, 1, 0] (wshape), a write
  // index 3 with sequence_length 2 past max_sequence_length 4 (oob).
  TS: {
    update_dtype:
      'udtype udtype+wdtype udtype+mode udtype+wdtype+mode udtype+prank udtype+wdtype+prank udtype+mode+prank udtype+urank udtype+wdtype+urank udtype+mode+urank udtype+prank+urank udtype+axis udtype+wdtype+axis udtype+mode+axis udtype+prank+axis udtype+urank+axis udtype+ushape udtype+wdtype+ushape udtype+mode+ushape udtype+prank+ushape udtype+urank+ushape udtype+axis+ushape udtype+wshape udtype+wdtype+wshape udtype+mode+wshape udtype+prank+wshape udtype+urank+wshape udtype+axis+wshape udtype+ushape+wshape udtype+oob udtype+wdtype+oob udtype+mode+oob udtype+prank+oob udtype+urank+oob udtype+axis+oob udtype+ushape+oob udtype+wshape+oob',
    write_indices_dtype:
      'wdtype wdtype+mode wdtype+prank wdtype+mode+prank wdtype+urank wdtype+mode+urank wdtype+prank+urank wdtype+axis wdtype+mode+axis wdtype+prank+axis wdtype+urank+axis wdtype+ushape wdtype+mode+ushape wdtype+prank+ushape wdtype+urank+ushape wdtype+axis+ushape wdtype+wshape wdtype+mode+wshape wdtype+prank+wshape wdtype+urank+wshape wdtype+axis+wshape wdtype+ushape+wshape wdtype+oob wdtype+mode+oob wdtype+prank+oob wdtype+urank+oob wdtype+axis+oob wdtype+ushape+oob wdtype+wshape+oob',
    mode: 'mode mode+prank mode+urank mode+prank+urank mode+axis mode+prank+axis mode+urank+axis mode+ushape mode+prank+ushape mode+urank+ushape mode+axis+ushape mode+wshape mode+prank+wshape mode+urank+wshape mode+axis+wshape mode+ushape+wshape mode+oob mode+prank+oob mode+urank+oob mode+axis+oob mode+ushape+oob mode+wshape+oob',
    past_cache_rank:
      'prank prank+urank prank+axis prank+urank+axis prank+ushape prank+urank+ushape prank+axis+ushape prank+wshape prank+urank+wshape prank+axis+wshape prank+ushape+wshape prank+oob prank+urank+oob prank+axis+oob prank+ushape+oob prank+wshape+oob',
    update_rank:
      'urank urank+axis urank+ushape urank+axis+ushape urank+wshape urank+axis+wshape urank+ushape+wshape urank+oob urank+axis+oob urank+ushape+oob urank+wshape+oob',
    axis: 'axis axis+ushape axis+wshape axis+ushape+wshape axis+oob axis+ushape+oob axis+wshape+oob',
    update_shape: 'ushape ushape+wshape ushape+oob ushape+wshape+oob',
    write_indices_shape: 'wshape wshape+oob',
    index_out_of_bounds: 'oob',
  },
  // Gather-13 on data [3, 2] (drank: a scalar), indices float32 (idtype), axis 5, index 9.
  G: {
    'data_rank!axis': 'drank drank+axis drank+oob drank+axis+oob',
    indices_dtype:
      'idtype drank+idtype idtype+axis drank+idtype+axis idtype+oob drank+idtype+oob idtype+axis+oob',
    axis: 'axis axis+oob',
    index_out_of_bounds: 'oob',
  },
  // GatherElements-13: the same, indices [2, 2] (irank: [2, 2, 1]).
  GE: {
    'data_rank!axis':
      'drank drank+axis drank+irank drank+axis+irank drank+oob drank+axis+oob drank+irank+oob',
    indices_dtype:
      'idtype drank+idtype idtype+axis drank+idtype+axis idtype+irank drank+idtype+irank idtype+axis+irank idtype+oob drank+idtype+oob idtype+axis+oob idtype+irank+oob',
    axis: 'axis axis+irank axis+oob axis+irank+oob',
    indices_rank: 'irank irank+oob',
    index_out_of_bounds: 'oob',
  },
  // GatherND-13 on data [3, 2]: indices [2, 1] (irank: a scalar; depth: [2, 3]).
  GND: {
    'data_rank!index_depth': 'drank drank+depth drank+oob drank+depth+oob',
    indices_dtype:
      'idtype drank+idtype idtype+irank drank+idtype+irank idtype+depth drank+idtype+depth idtype+irank+depth idtype+oob drank+idtype+oob idtype+irank+oob idtype+depth+oob',
    indices_rank: 'irank irank+depth irank+oob irank+depth+oob',
    'data_rank!indices_rank': 'drank+irank drank+irank+depth drank+irank+oob',
    index_depth: 'depth depth+oob',
    index_out_of_bounds: 'oob',
  },
  // ScatterElements-18: GatherElements' calls plus updates int64 (udtype).
  SE: {
    'data_rank!axis':
      'drank drank+axis drank+irank drank+axis+irank drank+oob drank+axis+oob drank+irank+oob',
    indices_dtype:
      'idtype drank+idtype idtype+udtype drank+idtype+udtype idtype+axis drank+idtype+axis idtype+udtype+axis idtype+irank drank+idtype+irank idtype+udtype+irank idtype+axis+irank idtype+oob drank+idtype+oob idtype+udtype+oob idtype+axis+oob idtype+irank+oob',
    updates_dtype:
      'udtype drank+udtype udtype+axis drank+udtype+axis udtype+irank drank+udtype+irank udtype+axis+irank udtype+oob drank+udtype+oob udtype+axis+oob udtype+irank+oob',
    axis: 'axis axis+irank axis+oob axis+irank+oob',
    indices_rank: 'irank irank+oob',
    index_out_of_bounds: 'oob',
  },
  // ScatterND-18 on data [3, 2]: indices [2, 1] (depth: [2, 3]), updates [2, 2] (ush: [5]).
  SND: {
    data_rank: 'drank drank+depth drank+ush drank+depth+ush drank+oob drank+depth+oob drank+ush+oob',
    indices_dtype:
      'idtype drank+idtype idtype+udtype drank+idtype+udtype idtype+depth drank+idtype+depth idtype+udtype+depth idtype+ush drank+idtype+ush idtype+udtype+ush idtype+depth+ush idtype+oob drank+idtype+oob idtype+udtype+oob idtype+depth+oob idtype+ush+oob',
    updates_dtype:
      'udtype drank+udtype udtype+depth drank+udtype+depth udtype+ush drank+udtype+ush udtype+depth+ush udtype+oob drank+udtype+oob udtype+depth+oob udtype+ush+oob',
    index_depth: 'depth depth+ush depth+oob depth+ush+oob',
    updates_shape: 'ush ush+oob',
    index_out_of_bounds: 'oob',
  },
};

const count = (s: number[]) => s.reduce((a, b) => a * b, 1);
const f32 = (s: number[]) => tensor(new Array(count(s)).fill(1), 'float32', s);
const i64 = (s: number[], v = 0) => tensor(new Array(count(s)).fill(BigInt(v)), 'int64', s);
/** Indices: int64, or float32 when the call breaks the index dtype rule. */
const idx = (float: boolean, s: number[], v: number) =>
  float ? tensor(new Array(count(s)).fill(v), 'float32', s) : i64(s, v);

interface Call {
  readonly op: string;
  readonly opset: number;
  readonly inputs: Tensor[];
  readonly attrs: Record<string, number | string>;
  readonly ours: () => unknown;
}

function tensorScatter(has: (r: string) => boolean): Call {
  const past = f32(has('prank') ? [2] : [2, 4, 3]);
  let us = has('prank') ? [has('ushape') ? 3 : 2] : [2, 2, has('ushape') ? 4 : 3];
  if (has('urank')) us = [...us, 1];
  const U = has('udtype') ? i64(us) : f32(us);
  const w = has('wshape') ? [0, 1, 0] : [0, 1];
  if (has('oob')) w[0] = 3;
  const W = has('wdtype') ? tensor(w, 'int32') : tensor(w.map(BigInt), 'int64');
  const attrs = { axis: has('axis') || has('prank') ? 0 : -2, mode: has('mode') ? 'bogus' : 'linear' };
  const ours = () => onnx.TensorScatter(past, U, W, attrs as { mode: 'linear' });
  return { op: 'TensorScatter', opset: 24, inputs: [past, U, W], attrs, ours };
}

/** The call a row names (see MEASURED's comments). */
function callOf(kind: string, bad: string[]): Call {
  const has = (r: string) => bad.includes(r);
  if (kind === 'TS') return tensorScatter(has);
  const data = f32(has('drank') ? [] : [3, 2]);
  const v = has('oob') ? 9 : 0;
  const ft = has('idtype');
  if (kind === 'GND') {
    const I = idx(ft, has('irank') ? [] : [2, has('depth') ? 3 : 1], v);
    return { op: 'GatherND', opset: 13, inputs: [data, I], attrs: {}, ours: () => onnx.GatherND(data, I) };
  }
  if (kind === 'SND') {
    const I = idx(ft, [2, has('depth') ? 3 : 1], v);
    const us = has('ush') ? [5] : has('drank') ? [2] : [2, 2];
    const U = has('udtype') ? i64(us) : f32(us);
    const ours = () => onnx.ScatterND(data, I, U, {}, { duplicates: 'last_wins' });
    return { op: 'ScatterND', opset: 18, inputs: [data, I, U], attrs: {}, ours };
  }
  const attrs = { axis: has('axis') ? 5 : 0 };
  if (kind === 'G') {
    const I = idx(ft, [2], v);
    return { op: 'Gather', opset: 13, inputs: [data, I], attrs, ours: () => onnx.Gather(data, I, attrs) };
  }
  const is = has('irank') ? [2, 2, 1] : [2, 2];
  const I = idx(ft, is, v);
  if (kind === 'GE')
    return {
      op: 'GatherElements',
      opset: 13,
      inputs: [data, I],
      attrs,
      ours: () => onnx.GatherElements(data, I, attrs),
    };
  const U = has('udtype') ? i64(is) : f32(is);
  const ours = () => onnx.ScatterElements(data, I, U, attrs, { duplicates: 'last_wins' });
  return { op: 'ScatterElements', opset: 18, inputs: [data, I, U], attrs, ours };
}

/** TensorScatter's kernel checks, by the line of tensorscatter.cc that fails (onnxruntime 1.30). */
const TENSOR_SCATTER_LINES: Record<string, string> = {
  25: 'mode',
  42: 'past_cache_rank',
  43: 'update_rank',
  49: 'axis',
  63: 'update_shape',
  72: 'write_indices_shape',
  83: 'index_out_of_bounds',
};

/** The messages of the load-time type checks and of TensorScatter's kernel, read back to a rule. */
function ownRule(c: Call, m: string): string | undefined {
  const input = /input parameter \(in(\d)\)/.exec(m)?.[1];
  const ts = c.op === 'TensorScatter';
  if (input) return ts ? (input === '1' ? 'update_dtype' : 'write_indices_dtype') : 'indices_dtype';
  if (/bound to different types/.test(m)) return ts ? 'update_dtype' : 'updates_dtype';
  const line = /tensorscatter\.cc:(\d+)/.exec(m)?.[1];
  return line ? (TENSOR_SCATTER_LINES[line] ?? m) : undefined;
}

/** onnxruntime's outcome, read back to a rule. */
const ortRule = (c: Call) =>
  ortRuleOf(
    ort,
    { opType: c.op, opset: c.opset, outputType: 'float32', attributes: c.attrs },
    c.inputs,
    (m) => ownRule(c, m),
  );

const CASES = measuredRows(MEASURED);

describe('ONNX calls breaking a dtype rule, rank-0 data, TensorScatter: the rule onnxruntime 1.30 names', () => {
  it('covers every measured call', () => {
    expect(CASES.length).toBe(275);
  });
  it.each(CASES)('%s %s → %s', async (kind, calls, row) => {
    const c = callOf(kind, calls.split('+'));
    const [rule, theirs = rule] = row.split('!');
    const code = codeOf(c.ours);
    expect(code === 'no error' ? 'OK' : code.split('.').at(-1)).toBe(rule);
    expect(await ortRule(c)).toBe(theirs);
  });
});
