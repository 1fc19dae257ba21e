/**
 * WebNN frontend: `out` in the options object, and the strict argument rules (unknown option
 * keys, enums compared by value, `label`, non-Tensor operands, `null` options).
 */
import { describe, expect, it } from 'vitest';
import { execute } from '../src/core/call.js';
import { DTypeError } from '../src/errors.js';
import { webnn } from '../src/frameworks/webnn.js';
import { type NestedArray, tensor, zeros } from '../src/tensor/tensor.js';
import { expectRule as caught } from './helpers/errors.js';

const f32 = (v: NestedArray) => tensor(v, 'float32');
const u32 = (v: NestedArray) => tensor(v, 'uint32');

describe('out', () => {
  it('every op writes into a fresh out and returns it', () => {
    const x = f32([
      [0, 1, 2],
      [10, 11, 12],
    ]);
    const g = zeros([2, 2], 'float32');
    expect(webnn.gather(x, u32([2, 0]), { axis: 1, out: g })).toBe(g);
    expect(g.toArray()).toEqual([
      [2, 0],
      [12, 10],
    ]);
    const ge = zeros([1, 3], 'float32');
    webnn.gatherElements(x, u32([[1, 0, 1]]), { out: ge });
    expect(ge.toArray()).toEqual([[10, 1, 12]]);
    const gnd = zeros([2], 'float32');
    webnn.gatherND(
      x,
      u32([
        [1, 2],
        [0, 1],
      ]),
      { out: gnd },
    );
    expect(gnd.toArray()).toEqual([12, 1]);
    const se = zeros([2, 3], 'float32');
    webnn.scatterElements(x, u32([[1], [0]]), f32([[-1], [-2]]), { axis: 1, out: se });
    expect(se.toArray()).toEqual([
      [0, -1, 2],
      [-2, 11, 12],
    ]);
    const snd = zeros([2, 3], 'float32');
    webnn.scatterND(x, u32([[1]]), f32([[7, 8, 9]]), { out: snd });
    expect(snd.toArray()).toEqual([
      [0, 1, 2],
      [7, 8, 9],
    ]);
    expect(x.toArray()).toEqual([
      [0, 1, 2],
      [10, 11, 12],
    ]);
  });

  it('out aliasing an input gives the right result', () => {
    const v = f32([10, 11, 12]);
    webnn.gather(v, tensor([2, 1, 0], 'int32'), { out: v });
    expect(v.toArray()).toEqual([12, 11, 10]);
    const input = f32([0, 1, 2, 3]);
    const r = webnn.scatterND(input, u32([[3], [0]]), f32([9, 8]), { out: input });
    expect(r).toBe(input);
    expect(input.toArray()).toEqual([8, 1, 2, 9]);
    const upd = f32([5, 6]);
    webnn.scatterElements(f32([0, 0]), u32([1, 0]), upd, { out: upd });
    expect(upd.toArray()).toEqual([6, 5]);
  });

  it('wrong shape or dtype, or a non-Tensor out, is a typed error', () => {
    const x = f32([1, 2, 3]);
    caught(() => webnn.gather(x, u32([0]), { out: zeros([2], 'float32') }), 'webnn.gather.out');
    caught(() => webnn.gather(x, u32([0]), { out: zeros([1], 'int32') }), 'webnn.gather.out', DTypeError);
    caught(
      () => webnn.scatterND(x, u32([[0]]), f32([5]), { out: zeros([1], 'float32') }),
      'webnn.scatterND.out',
    );
    caught(() => webnn.gatherND(x, u32([[0]]), { out: [0] as never }), 'webnn.gatherND.out');
  });

  it('the lowered call carries out; execute(lower) is the op', () => {
    const out = zeros([2], 'float32');
    const call = webnn.lower.gather(f32([1, 2, 3]), u32([2, 0]), { out });
    expect(call.out).toBe(out);
    expect(execute(call)).toBe(out);
    expect(out.toArray()).toEqual([3, 1]);
  });
});

describe('strict arguments', () => {
  const x = f32([
    [0, 1],
    [2, 3],
  ]);

  it('an unknown option key is refused, naming the accepted ones', () => {
    const e = caught(() => webnn.gather(x, u32([1]), { axes: 1 } as never), 'webnn.gather.options');
    expect(e.message).toContain('accepted: axis, label, outOfBounds, out (did you mean "axis"?)');
    // gatherND and scatterND have no axis in the spec.
    caught(() => webnn.gatherND(x, u32([[1]]), { axis: 0 } as never), 'webnn.gatherND.options');
    caught(
      () => webnn.scatterND(x, u32([[1]]), f32([[5, 5]]), { axis: 0 } as never),
      'webnn.scatterND.options',
    );
    // duplicates belongs to the scatters.
    caught(
      () => webnn.gatherElements(x, u32([[1, 0]]), { duplicates: 'last' } as never),
      'webnn.gatherElements.options',
    );
    caught(() => webnn.gather(x, u32([1]), 'axis' as never), 'webnn.gather.options');
  });

  it('null and undefined options mean none; label is accepted (a string)', () => {
    expect(webnn.gather(x, u32([1]), null).toArray()).toEqual([[2, 3]]);
    expect(webnn.scatterElements(x, u32([[1, 0]]), f32([[7, 8]]), undefined).toArray()).toEqual([
      [0, 8],
      [7, 3],
    ]);
    expect(webnn.gatherND(x, u32([[1, 1]]), { label: 'pick' }).toArray()).toEqual([3]);
    caught(() => webnn.gather(x, u32([1]), { label: 5 as never }), 'webnn.gather.label');
  });

  it('policy names are compared as values: Object.prototype names are refused', () => {
    for (const name of ['constructor', 'toString', '__proto__']) {
      caught(() => webnn.gather(x, u32([1]), { outOfBounds: name as never }), 'webnn.gather.outOfBounds');
      caught(
        () => webnn.scatterND(x, u32([[1]]), f32([[5, 5]]), { duplicates: name as never }),
        'webnn.scatterND.duplicates',
      );
    }
    const e = caught(
      () => webnn.gather(x, u32([1]), { outOfBounds: 'clip' as never }),
      'webnn.gather.outOfBounds',
    );
    expect(e.message).toContain('"clamp", "error"');
  });

  it('axis must be an unsigned integer (no strings, no negatives)', () => {
    caught(() => webnn.gather(x, u32([1]), { axis: '1' as never }), 'webnn.gather.axis');
    caught(() => webnn.gather(x, u32([1]), { axis: -1 }), 'webnn.gather.axis');
    caught(
      () => webnn.scatterElements(x, u32([[1, 0]]), f32([[7, 8]]), { axis: null as never }),
      'webnn.scatterElements.axis',
    );
  });

  it('a non-Tensor operand is a typed error naming it', () => {
    let e = caught(() => webnn.gather(null as never, u32([1])), 'webnn.gather.input');
    expect(e.message).toContain('input must be a Tensor; got null');
    e = caught(() => webnn.gatherElements(x, [[1, 0]] as never), 'webnn.gatherElements.indices');
    expect(e.message).toContain('got an array of length 1');
    caught(() => webnn.gatherND(x, undefined as never), 'webnn.gatherND.indices');
    caught(() => webnn.scatterElements(x, u32([[1, 0]]), [[7, 8]] as never), 'webnn.scatterElements.updates');
    const ort = { type: 'float32', dims: [2], data: new Float32Array(2) };
    e = caught(() => webnn.scatterND(ort as never, u32([[1]]), f32([5])), 'webnn.scatterND.input');
    expect(e.message).toContain('onnxruntime Tensor');
  });
});
