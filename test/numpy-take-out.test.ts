/**
 * numpy.take into an `out` of another dtype (docs/numpy.md, "take into an out of another dtype";
 * src/frameworks/numpy/take-out.ts): the rule `numpy.take.out` for a dtype that does not cast
 * safely to a's, NumPy's check order (recorded by scripts/goldens/take-out.py, `order`), the cast
 * back as the program's `convert`, the values C defines and our liberty where it does not. Every
 * expected value here is NumPy 1.24.2's on x86-64 (take-out.json) except the liberty rows, which
 * say what NumPy gives instead.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { stablehloText } from '../src/core/call.js';
import { OnnxExportError, onnxGraph, onnxInputs, onnxNode, toOnnx } from '../src/export/index.js';
import { NotDifferentiableError, vjp } from '../src/autodiff/index.js';
import { verify } from '../src/oracle/index.js';
import {
  DTypeError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
  Tensor,
  numpy,
  tensor,
  zeros,
} from '../src/index.js';
import { complex } from '../src/tensor/complex.js';
import type { DType } from '../src/tensor/dtype.js';
import { caught, expectRule } from './helpers/errors.js';

const F64 = () => tensor([1.5, -2.5, 300.7, Number.NaN], 'float64');
const into = (a: Tensor, dtype: DType, idx: number[] = [...Array(a.size).keys()]) =>
  numpy.take(a, idx, { out: zeros([idx.length], dtype) }).toArray();

describe("numpy.take.out: an out dtype that does not cast safely to a's", () => {
  it("numpy.take.out (float64 out, float32 a): DTypeError in NumPy's words", () => {
    const e = caught(() => numpy.take(tensor([1, 2], 'float32'), [0, 1], { out: zeros([2], 'float64') }));
    expect(e.error).toBeInstanceOf(DTypeError);
    expect(e.code).toBe('numpy.take.out');
    expect(e.message).toContain(
      "numpy.take: Cannot cast array data from dtype('float64') to dtype('float32') according to the rule 'safe'",
    );
  });
  it('numpy.take.out: int64 into uint64, uint8 into int8, complex into float, float into int, int into bool are refused', () => {
    const cases: [DType, DType][] = [
      ['uint64', 'int64'],
      ['int8', 'uint8'],
      ['float64', 'complex128'],
      ['int32', 'float16'],
      ['float64', 'complex64'],
      ['bool', 'int8'],
    ];
    for (const [ad, od] of cases)
      expectRule(
        () => numpy.take(zeros([3], ad), [0], { out: zeros([1], od) }),
        'numpy.take.out',
        DTypeError,
      );
  });
  it('a 0-d out is cast by its value: float64 0 into float16, not 1e10 ("Cannot cast scalar")', () => {
    const a = tensor([1.5, 2.5], 'float16');
    expect(numpy.take(a, 0, { out: tensor(0, 'float64') }).toArray()).toBe(1.5);
    const e = caught(() => numpy.take(a, 0, { out: tensor(1e10, 'float64') }));
    expect([e.code, e.error instanceof DTypeError]).toEqual(['numpy.take.out', true]);
    expect(e.message).toContain("Cannot cast scalar from dtype('float64') to dtype('float16')");
    // uint8 100 is a small unsigned (fits int8), 200 is not; int8 −1 never goes into uint64.
    expect(numpy.take(tensor([5], 'int8'), 0, { out: tensor(100, 'uint8') }).toArray()).toBe(5);
    expectRule(
      () => numpy.take(tensor([5], 'int8'), 0, { out: tensor(200, 'uint8') }),
      'numpy.take.out',
      DTypeError,
    );
    expectRule(
      () => numpy.take(tensor([5n], 'uint64'), 0, { out: tensor(-1, 'int8') }),
      'numpy.take.out',
      DTypeError,
    );
    // A bfloat16 (not NumPy's) goes into bfloat16 alone, whatever its value: 2.5 and NaN once
    // threw an untyped RangeError here (BigInt of a non-integer; test/fuzz-out seed 200).
    for (const v of [2.5, Number.NaN, 1])
      for (const ad of ['int64', 'float32', 'float64'] as const)
        expectRule(
          () => numpy.take(zeros([2], ad), 0, { out: tensor(v, 'bfloat16') }),
          'numpy.take.out',
          DTypeError,
        );
    expect(numpy.take(tensor([2.5], 'bfloat16'), 0, { out: tensor(Number.NaN, 'bfloat16') }).toArray()).toBe(
      2.5,
    );
    // A complex128 NaN stays complex128 (no smaller type holds it): not into complex64.
    const c64 = tensor([complex(0, 1)], 'complex64');
    expectRule(
      () => numpy.take(c64, 0, { out: tensor([complex(Number.NaN, 0)], 'complex128').reshape([]) }),
      'numpy.take.out',
      DTypeError,
    );
  });
});

describe("numpy.take with an out of another dtype: NumPy's check order", () => {
  const bad = () => zeros([2], 'complex128');
  it('out shape before out dtype (ValueError first)', () => {
    expectRule(
      () => numpy.take(F64(), [0, 1], { out: zeros([3], 'complex128') }),
      'numpy.take.out',
      InvalidArgumentError,
    );
  });
  it('axis, mode and index dtype before out dtype', () => {
    expectRule(
      () => numpy.take(F64(), [0, 1], { axis: 3, out: bad() }),
      'numpy.take.axis',
      InvalidArgumentError,
    );
    expectRule(
      () => numpy.take(F64(), [0, 1], { mode: 'bogus' as 'raise', out: bad() }),
      'numpy.take.mode',
      InvalidArgumentError,
    );
    expectRule(
      () => numpy.take(F64(), tensor([0, 1], 'float64'), { out: bad() }),
      'numpy.take.index_dtype',
      DTypeError,
    );
  });
  it('out dtype before the bounds, an empty axis, and on an empty result', () => {
    expectRule(() => numpy.take(F64(), [0, 9], { out: bad() }), 'numpy.take.out', DTypeError);
    expectRule(
      () => numpy.take(zeros([0], 'float64'), [0], { out: zeros([1], 'complex64') }),
      'numpy.take.out',
      DTypeError,
    );
    expectRule(() => numpy.take(F64(), [], { out: zeros([0], 'complex128') }), 'numpy.take.out', DTypeError);
    // A safe out: the empty axis, then the bounds, as without out.
    expectRule(
      () => numpy.take(zeros([0], 'float64'), [0], { out: zeros([1], 'int8') }),
      'numpy.take.empty_axis',
      IndexOutOfBoundsError,
    );
  });
  it("out's shape is checked before an empty axis for an out of a's own dtype too", () => {
    expectRule(
      () => numpy.take(zeros([2, 0], 'int32'), [1], { out: zeros([3], 'int32') }),
      'numpy.take.out',
      InvalidArgumentError,
    );
  });
});

describe('numpy.take with an out of another dtype: the program and its values', () => {
  it("the lowering is a program: the gather, then stablehlo.convert to out's dtype", () => {
    const call = numpy.lower.take(F64(), [0, 1], { out: zeros([2], 'int8') });
    expect(call.kind).toBe('program');
    const text = stablehloText(call);
    expect(text).toMatch(/"stablehlo.gather"[^\n]*-> tensor<2xf64>/);
    expect(text).toMatch(/"stablehlo.convert"\(%\d+\) : \(tensor<2xf64>\) -> tensor<2xi8>/);
    expect(text).toContain('-> tensor<2xi8> {');
    // An out of a's dtype stays one gather.
    expect(numpy.lower.take(F64(), [0, 1], { out: zeros([2], 'float64') }).kind).toBe('gather');
  });
  it('a complex a: real (and imag into bool) before the convert', () => {
    const text = stablehloText(
      numpy.lower.take(tensor([complex(1, 2)], 'complex128'), [0], { out: zeros([1], 'bool') }),
    );
    expect(text).toContain('"stablehlo.real"');
    expect(text).toContain('"stablehlo.imag"');
    expect(text).toContain('"stablehlo.or"');
  });
  it('ONNX export writes the program (gather, Cast: export-programs.test.ts); onnxNode and gradients read one op and refuse it', () => {
    const call = numpy.lower.take(F64(), [0], { out: zeros([1], 'int32') });
    expect(onnxGraph(call as never).nodes.map((n) => n.opType)).toEqual(['Gather', 'Cast']);
    expect(toOnnx(call as never)).toBeInstanceOf(Uint8Array);
    expect(Object.keys(onnxInputs(call as never))).toEqual(['data', 'indices']);
    expectRule(() => onnxNode(call as never), 'export.onnx.program', OnnxExportError);
    expectRule(() => vjp(call), 'autodiff.program', NotDifferentiableError);
  });
  it("returns out itself, typed by out's dtype", () => {
    const out = zeros([2], 'int32');
    const r = numpy.take(tensor([1.5, 2.5]), [1, 0], { out });
    expectTypeOf(r).toEqualTypeOf<Tensor<'int32'>>();
    expect(r).toBe(out);
    expect(out.toArray()).toEqual([2, 1]);
  });
  it('float → integer truncates toward zero where C defines it (NumPy: [1, -2, 300], -0.5 → 0)', () => {
    expect(into(F64(), 'int32', [0, 1, 2])).toEqual([1, -2, 300]);
    expect(into(tensor([-0.5, 1.9, -1.9, 255.9]), 'int16')).toEqual([0, 1, -1, 255]);
  });
  it('integer → narrower integer wraps (NumPy: -1 → 255, 300 → 44, 2^31 → -2^31)', () => {
    expect(into(tensor([-1n, 300n, 2n ** 40n + 7n], 'int64'), 'uint8')).toEqual([255, 44, 7]);
    expect(into(tensor([2n ** 31n, -(2n ** 31n) - 1n], 'int64'), 'int32')).toEqual([-2147483648, 2147483647]);
    expect(into(tensor([2n ** 64n - 1n, 2n ** 33n + 5n], 'uint64'), 'uint32')).toEqual([4294967295, 5]);
  });
  it('float → narrower float rounds to nearest even, overflowing to inf (NumPy)', () => {
    expect(into(tensor([65520, 65519.99, 1e-8, 6e-8, -0]), 'float16')).toEqual([
      Number.POSITIVE_INFINITY,
      65504,
      0,
      2 ** -24, // float16's smallest subnormal
      -0,
    ]);
    expect(into(tensor([1e300, 3.4028235677973366e38, 1 + 2 ** -24]), 'float32')).toEqual([
      Number.POSITIVE_INFINITY,
      Number.POSITIVE_INFINITY,
      1,
    ]);
  });
  it('into bool: non-zero, NaN included; -0.0 is False; complex: either part (NumPy)', () => {
    expect(into(tensor([0, -0, Number.NaN, 1e-320]), 'bool')).toEqual([false, false, true, true]);
    const c = tensor([complex(1.5, -2), complex(Number.NaN, 1), complex(0, 1), complex(0, -0)], 'complex128');
    expect(into(c, 'bool')).toEqual([true, true, true, false]);
    expect(into(c, 'float64')).toEqual([1.5, Number.NaN, 0, 0]);
    expect(into(c, 'int8')).toEqual([1, 0, 0, 0]); // NaN's is the liberty below (NumPy: 0 here too)
  });
  it('liberty where C is undefined: NaN → 0, out of range saturates (NumPy x86: -2^31, 44, 255, 0)', () => {
    expect(into(tensor([Number.NaN, 1e10, Number.NEGATIVE_INFINITY]), 'int32')).toEqual([
      0, 2147483647, -2147483648,
    ]);
    expect(into(tensor([300.7, -1.9, 1e10]), 'int8')).toEqual([127, -1, 127]);
    expect(into(tensor([300.7, -1.9, 1e10]), 'uint8')).toEqual([255, 0, 255]);
  });
  it("mode='raise': an out-of-bounds index leaves out untouched; wrap and clip cast as well", () => {
    const out = tensor([7, 7], 'int32');
    expect(() => numpy.take(F64(), [0, 9], { out })).toThrow(IndexOutOfBoundsError);
    expect(out.toArray()).toEqual([7, 7]);
    expect(numpy.take(F64(), [0, 5], { out, mode: 'wrap' }).toArray()).toEqual([1, -2]);
    expect(numpy.take(F64(), [-1, 2], { out, mode: 'clip' }).toArray()).toEqual([1, 300]);
  });
  it('0-d: a 0-d a with an axis, a 0-d index (NumPy: 3 and 6)', () => {
    expect(
      numpy.take(tensor(3.7, 'float32'), 0, { axis: 0, out: tensor([0], 'int16').reshape([]) }).toArray(),
    ).toBe(3);
    expect(
      numpy.take(tensor([5.9, 6.1], 'float32'), 1, { out: tensor([0], 'int16').reshape([]) }).toArray(),
    ).toBe(6);
  });
  it("an out that is a view of a (int32 over int64 storage) gives a fresh out's answer (NumPy)", () => {
    const a = tensor([0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n], 'int64');
    const out = new Tensor('int32', [4], new Int32Array(a.data.buffer, 0, 4));
    numpy.take(a, [7, 6, 5, 4], { out });
    expect(out.toArray()).toEqual([7, 6, 5, 4]);
    expect(a.toFlatArray().slice(0, 2)).toEqual([25769803783n, 17179869189n]); // out's bytes, as NumPy
  });
});

describe('verify: where C leaves the cast undefined, any value is allowed (c11.float_to_integer)', () => {
  it("NumPy's x86 answer (-2^31 for NaN and 1e10 into int32) is allowed; a wrong value where C defines it departs", () => {
    const call = numpy.lower.take(tensor([Number.NaN, 1e10, 1.5]), [0, 1, 2], { out: zeros([3], 'int32') });
    const v = verify(call, tensor([-2147483648, -2147483648, 1], 'int32'));
    expect(v.verdict).toBe('allowed');
    expect(v.liberties.map((l) => [l.rule.code, l.elements, l.method])).toEqual([
      ['c11.float_to_integer', 2, 'any'],
    ]);
    const w = verify(call, tensor([0, 0, 2], 'int32'));
    expect(w.verdict).toBe('departs');
    expect(w.violations.map((x) => [x.position, x.rule.code])).toEqual([[[2], 'numpy.take.result']]);
  });
  it('only float → integer casts take the liberty (int64 → uint8 wraps, pinned)', () => {
    const call = numpy.lower.take(tensor([300n], 'int64'), [0], { out: zeros([1], 'uint8') });
    expect(verify(call, tensor([44], 'uint8')).verdict).toBe('allowed');
    expect(verify(call, tensor([255], 'uint8')).verdict).toBe('departs');
  });
});
