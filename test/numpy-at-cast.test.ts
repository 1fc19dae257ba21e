/**
 * NumPy 1.24's `ufunc.at` with a `b` whose dtype makes the loop another than `a`'s: the ufunc runs
 * in the loop dtype and every step is cast back to a's dtype unsafely (numpy/at-cast.ts). The
 * cases are NumPy 1.24.2's answers, measured with /usr/bin/python3 (the live campaign is
 * test/numpy-at-cast-live.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { execute } from '../src/core/call.js';
import { numpy } from '../src/frameworks/numpy.js';
import { explainCall } from '../src/cli/explain.js';
import { stablehloText } from '../src/core/call.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { vjp } from '../src/autodiff/vjp.js';
import { toOnnx } from '../src/export/onnx.js';
import { codeOf } from './helpers/errors.js';

const t = (v: unknown[], d: Tensor['dtype']) => tensor(v as never, d);

describe('ufunc.at computes in the loop dtype and casts back per step (NumPy 1.24.2 measured)', () => {
  const cases: [string, () => Tensor, unknown][] = [
    [
      'np.add.at(int32 [1,2,3], [0,0], 1.5)',
      () => numpy.add.at(t([1, 2, 3], 'int32'), [0, 0], 1.5),
      [3, 2, 3],
    ],
    [
      'np.add.at(int32 [1,2,3], [0,0], float64 [1.5, 2])',
      () => numpy.add.at(t([1, 2, 3], 'int32'), [0, 0], t([1.5, 2], 'float64')),
      [4, 2, 3],
    ],
    [
      'np.add.at(int8 [1,2,3], [0,0], 300)',
      () => numpy.add.at(t([1, 2, 3], 'int8'), [0, 0], 300),
      [89, 2, 3],
    ],
    [
      'np.add.at(int8 [1,2,3], [0,0], int16 [100,100])',
      () => numpy.add.at(t([1, 2, 3], 'int8'), [0, 0], t([100, 100], 'int16')),
      [-55, 2, 3],
    ],
    [
      'np.add.at(uint8 [1,2,3], [0,0], -1)',
      () => numpy.add.at(t([1, 2, 3], 'uint8'), [0, 0], -1),
      [255, 2, 3],
    ],
    [
      'np.add.at(bool [T,F,T], [0,0], int64 [1,2])',
      () => numpy.add.at(t([true, false, true], 'bool'), [0, 0], t([1, 2], 'int64')),
      [true, false, true],
    ],
    [
      'np.add.at(float32 [1,2,3], [0,0], float64 [1.5,2.25])',
      () => numpy.add.at(t([1, 2, 3], 'float32'), [0, 0], t([1.5, 2.25], 'float64')),
      [4.75, 2, 3],
    ],
    // The max is taken in int16 (300), then wrapped: 44, not max(100, 44).
    ['np.maximum.at(int8 [100], [0], 300)', () => numpy.maximum.at(t([100], 'int8'), [0], 300), [44]],
    ['np.minimum.at(int8 [100], [0], 300)', () => numpy.minimum.at(t([100], 'int8'), [0], 300), [100]],
    // A bool a with an int64 b subtracts in int64: allowed (only a bool loop refuses).
    [
      'np.subtract.at(bool [T,F,T], [0,0,1], int64 [1,2,0])',
      () => numpy.subtract.at(t([true, false, true], 'bool'), [0, 0, 1], t([1, 2, 0], 'int64')),
      [true, false, true],
    ],
    [
      'np.multiply.at(bool [T,F,T], [0,1], float64 [0.5,-0.5])',
      () => numpy.multiply.at(t([true, false, true], 'bool'), [0, 1], t([0.5, -0.5], 'float64')),
      [true, false, true],
    ],
    // float16 + float32 0.1 twice: rounded to float32, then float16, every step.
    [
      'np.add.at(float16 [1,2], [0,0], float32 [0.1,0.1])',
      () => numpy.add.at(t([1, 2], 'float16'), [0, 0], t([0.1, 0.1], 'float32')),
      [1.19921875, 2],
    ],
    // 2^60 + 1 in float64 is 2^60; the untouched elements stay exact.
    [
      'np.add.at(int64 [2^60+1]*3, [0], 0.5)',
      () => numpy.add.at(t([2n ** 60n + 1n, 2n ** 60n + 1n, 2n ** 60n + 1n], 'int64'), [0], 0.5),
      [2n ** 60n, 2n ** 60n + 1n, 2n ** 60n + 1n],
    ],
    // A Python list of ints is int64: float32 + int64 runs in float64 (16777218, not 16777216).
    [
      'np.add.at(float32 [1,2], [0], [16777217])',
      () => numpy.add.at(t([1, 2], 'float32'), [0], [16777217]),
      [16777218, 2],
    ],
    ['np.add.at(int8 [1,2], [0], [300])', () => numpy.add.at(t([1, 2], 'int8'), [0], [300]), [45, 2]],
    ['np.add.at(int8 0-d 5, (), 300)', () => numpy.add.at(tensor(5, 'int8'), numpy.tuple(), 300), 49],
    [
      'np.multiply.at(int8 [3,2], [0], uint8 0-d 200)',
      () => numpy.multiply.at(t([3, 2], 'int8'), [0], tensor(200, 'uint8')),
      [88, 2],
    ],
    [
      'np.add.at(uint8 [3,2], [0], int64 0-d -1)',
      () => numpy.add.at(t([3, 2], 'uint8'), [0], tensor(-1n, 'int64')),
      [2, 2],
    ],
    [
      'np.add.at(int8 [1,2,3], [T,F,T], 300)',
      () => numpy.add.at(t([1, 2, 3], 'int8'), [t([true, false, true], 'bool')], 300),
      [45, 2, 47],
    ],
    [
      'np.add.at(int8 [1,2,3], 0:2, [1.5, 2.5])',
      () => numpy.add.at(t([1, 2, 3], 'int8'), [numpy.slice(0, 2)], [1.5, 2.5]),
      [2, 4, 3],
    ],
  ];
  it.each(cases)('%s', (_name, run, expected) => {
    expect(run().toArray()).toEqual(expected);
  });

  it("a mask index: the loop dtype's scatter is the call's own, not the mask's nonzero step", () => {
    // np.add.at(np.zeros(3, np.int32), [True, False, True], np.array([1.5, 2.5])) → [1 0 2]
    const m3 = tensor([true, false, true]);
    expect(numpy.add.at(tensor([0, 0, 0], 'int32'), m3, tensor([1.5, 2.5], 'float64')).toArray()).toEqual([
      1, 0, 2,
    ]);
    // np.add.at(np.zeros(4, np.int32), [True, False, True, False], np.array([1, 2])) → [1 0 2 0]
    const m4 = tensor([true, false, true, false]);
    expect(numpy.add.at(tensor([0, 0, 0, 0], 'int32'), m4, tensor([1n, 2n], 'int64')).toArray()).toEqual([
      1, 0, 2, 0,
    ]);
    // np.maximum.at(int8 zeros((2, 2)), [[T, F], [T, T]], int16 [300, 2, -400]) → [[44 0] [2 0]]
    const m22 = tensor([true, false, true, true], 'bool', [2, 2]);
    const b = tensor([300, 2, -400], 'int16');
    expect(numpy.maximum.at(tensor([0, 0, 0, 0], 'int8', [2, 2]), m22, b).toArray()).toEqual([
      [44, 0],
      [2, 0],
    ]);
  });

  it('a 0-d b after a basic item: ufunc.at reshapes it first, so its dtype decides the loop, not its value', () => {
    // np.add.at(np.array([2**53 + 1], np.uint64), (None, 0), 2) → [9007199254740994]: uint64 with
    // an int64 array computes in float64 (2 read by value would stay uint64: ...995).
    const big = tensor([2n ** 53n + 1n], 'uint64');
    expect(numpy.add.at(big, numpy.tuple(null, 0), 2).toArray()).toEqual([9007199254740994n]);
    expect(numpy.add.at(big, numpy.tuple(0), 2).toArray()).toEqual([9007199254740995n]);
    // np.add.at(float16 [[2.017578125], [2.017578125]], (slice(None), 0), 0.16499392794848766):
    // the float64 loop rounds once to 0x405d (the float16 loop would give 0x405e).
    const h = tensor([2.017578125, 2.017578125], 'float16', [2, 1]);
    const r = numpy.add.at(h, numpy.tuple(numpy.slice(), 0), 0.16499392794848766);
    expect(Array.from(new Uint16Array(r.data.buffer, r.data.byteOffset, 2))).toEqual([0x405d, 0x405d]);
  });

  it('a bool a with a bool b still refuses subtract, even with nothing to update; an int64 b computes', () => {
    const a = t([true, false, true], 'bool');
    expect(codeOf(() => numpy.subtract.at(a, [0], t([true], 'bool')))).toBe('numpy.subtract.at.dtype');
    expect(codeOf(() => numpy.subtract.at(a, [], t([], 'bool')))).toBe('numpy.subtract.at.dtype');
    expect(numpy.subtract.at(a, [], t([], 'int64')).toArray()).toEqual([true, false, true]);
  });

  it('the lowered program: @main(a, indices, b), explained, and executing it is numpy.add.at', () => {
    const a = t([1, 2, 3], 'int8');
    const call = numpy.lower.add.at(a, [0, 0], t([100, 100], 'int16'));
    expect(call.kind).toBe('program');
    expect(execute(call).toArray()).toEqual(numpy.add.at(a, [0, 0], t([100, 100], 'int16')).toArray());
    expect(execute(call).toArray()).toEqual([-55, 2, 3]);
    const text = stablehloText(call);
    expect(text).toMatch(
      /func\.func @main\(%a: tensor<3xi8>, %indices: tensor<2x?1?xi64>, %b: tensor<2xi16>\)/,
    );
    expect(text.match(/"stablehlo\.scatter"\(/g)?.length).toBe(2);
    expect(text).toContain('stablehlo.select');
    const explained = explainCall('add.at', () => call, { color: false } as never);
    expect(explained.error).toBeUndefined();
    expect(explained.text).toContain('stablehlo.convert');
    // No ONNX reduction rounds each step, and autodiff reads one gather or scatter: the program
    // is refused by name, never approximated.
    expect(codeOf(() => toOnnx(call))).toBe('export.onnx.reducer');
    expect(codeOf(() => vjp(call))).toBe('autodiff.program');
    // The same dtype stays one scatter (the fast path).
    expect(numpy.lower.add.at(a, [0, 0], t([1, 1], 'int8')).kind).toBe('scatter');
    expect(numpy.lower.add.at(a, [0, 0], 1).kind).toBe('scatter');
  });

  it("numpy.<ufunc>.at.complex_loop: a complex loop other than a's is refused, after the index and shape checks", () => {
    const a = t([1, 2], 'int32');
    expect(codeOf(() => numpy.add.at(a, [0], tensor([{ re: 1.5, im: 2 }], 'complex128')))).toBe(
      'numpy.add.at.complex_loop',
    );
    expect(codeOf(() => numpy.add.at(t([1, 2], 'complex64'), [0], t([0.1], 'float64')))).toBe(
      'numpy.add.at.complex_loop',
    );
    // NumPy's own lowering-time errors first (b's shape); the bounds are checked when running.
    expect(
      codeOf(() =>
        numpy.add.at(
          a,
          [0, 0],
          tensor(
            [
              { re: 1, im: 1 },
              { re: 1, im: 1 },
              { re: 1, im: 1 },
            ],
            'complex128',
          ),
        ),
      ),
    ).toBe('numpy.add.at.b_shape');
    // complex64 a with a complex64-safe b stays one scatter.
    expect(numpy.add.at(t([1, 2], 'complex64'), [0], t([0.5], 'float32')).dtype).toBe('complex64');
  });
});
