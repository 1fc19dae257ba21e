/**
 * complex64 / complex128 in the frontends without a live peer here (issue 23): JAX/StableHLO,
 * ONNX and TensorFlow gathers and scatters on complex data, against the spec formulas and each
 * framework's complex rules (lexicographic min/max for StableHLO; TF's refusal of min/max).
 */
import { describe, expect, it } from 'vitest';
import { fmtScalar } from '../explorer/arith.js';
import { flatValues } from '../explorer/flat.js';
import { onnxGraph, toOnnx } from '../src/export/onnx.js';
import { DTypeError, complex, jax, numpy, onnx, tensor, tf, torch } from '../src/index.js';

const c64 = (...pairs: [number, number][]) => tensor(new Float32Array(pairs.flat()), 'complex64');
const c128 = (...pairs: [number, number][]) => tensor(new Float64Array(pairs.flat()), 'complex128');
const pairs = (t: { toFlatArray(): unknown[] }) =>
  t.toFlatArray().map((z) => [(z as { re: number }).re, (z as { im: number }).im]);

describe('JAX / StableHLO', () => {
  it('x.at[i].max / .min compare lexicographically (re, then im); a tie takes the update', () => {
    const x = c64([1, 2], [1, 2], [1, 2], [Number.NaN, 0]);
    const i = tensor([0, 1, 2, 3], 'int32');
    const u = c64([1, 3], [0, 9], [1, 2], [5, 5]);
    expect(pairs(jax.at(x, i).max(u))).toEqual([
      [1, 3],
      [1, 2],
      [1, 2],
      [5, 5],
    ]);
    expect(pairs(jax.at(x, i).min(u))).toEqual([
      [1, 2],
      [0, 9],
      [1, 2],
      [5, 5],
    ]);
  });

  it('x.at[i].multiply is the complex product; .add sums part by part', () => {
    const x = c128([1, 2], [0, 0]);
    // (1 + 2i)(0 + 1i) = −2 + i, then (−2 + i)(2 − i) = −3 + 4i
    expect(pairs(jax.at(x, tensor([0, 0], 'int32')).multiply(c128([0, 1], [2, -1])))).toEqual([
      [-3, 4],
      [0, 0],
    ]);
    expect(pairs(jax.at(x, tensor([1, 1], 'int32')).add(c128([0.5, -1], [2, 3])))).toEqual([
      [1, 2],
      [2.5, 2],
    ]);
  });

  it('jnp.take with mode fill fills NaN + 0i', () => {
    const r = jax.numpy.take(c64([1, 1], [2, 2]), tensor([1, 7], 'int32'), { mode: 'fill' });
    expect(r.toString()).toBe('tensor([  2+2j, nan+0j], dtype=complex64)');
  });
});

describe('ONNX', () => {
  it('GatherND and ScatterElements (reduction add, mul) on complex data', () => {
    const data = c64([1, 1], [2, 2], [3, 3], [4, 4]).reshape([2, 2]);
    expect(pairs(onnx.GatherND(data, tensor([[1, 0]], 'int64')))).toEqual([[3, 3]]);
    const x = c128([1, 0], [0, 1]);
    const idx = tensor([1, 1], 'int64');
    const u = c128([0, 1], [2, 0]);
    expect(pairs(onnx.ScatterElements(x, idx, u, { reduction: 'add' }))).toEqual([
      [1, 0],
      [2, 2],
    ]);
    expect(pairs(onnx.ScatterElements(x, idx, u, { reduction: 'mul' }))).toEqual([
      [1, 0],
      [-2, 0],
    ]);
  });
  it('max / min on complex data are refused (onnx.<Op>-18.reduction): ONNX defines no order on complex numbers', () => {
    const x = c64([1, 0], [0, 1]);
    for (const reduction of ['max', 'min'] as const) {
      expect(() => onnx.ScatterElements(x, tensor([1], 'int64'), c64([2, 0]), { reduction })).toThrow(
        expect.objectContaining({
          code: 'onnx.ScatterElements-18.reduction',
          message: `onnx.ScatterElements-18: reduction "${reduction}" needs an order, and ONNX defines none on complex64 data (onnx.ScatterElements-18.reduction)`,
        }),
      );
      expect(() => onnx.ScatterND(x, tensor([[1]], 'int64'), c64([2, 0]), { reduction })).toThrow(
        expect.objectContaining({ code: 'onnx.ScatterND-18.reduction' }),
      );
    }
    // Real data keeps max / min.
    expect(
      onnx
        .ScatterND(tensor([1, 5], 'float32'), tensor([[1]], 'int64'), tensor([2], 'float32'), {
          reduction: 'max',
        })
        .toArray(),
    ).toEqual([1, 5]);
  });
});

describe('PyTorch mean: the NaN bits of ATen complex division', () => {
  it('inf+nanj summed with 1+1j, divided by 2: both parts the NaN the imaginary part held (PyTorch 1.13: 7fc00000 7fc00000)', () => {
    // re = (a·c) + (b·0), im = (b·c) − (a·0): the imaginary part's first NaN operand is b·c, not
    // a·0's default NaN (ffc00000). Found by complex-live seed 3096140173; measured with
    // x.scatter_reduce(0, tensor([0]), tensor([1+1j]), 'mean', include_self=True).
    const x = c64([Number.POSITIVE_INFINITY, Number.NaN]);
    const r = torch.scatter_reduce(x, 0, tensor([0n], 'int64'), c64([1, 1]), 'mean');
    const bits = [...new Uint32Array((r.data as Float32Array).slice().buffer)].map((b) => b.toString(16));
    expect(bits).toEqual(['7fc00000', '7fc00000']);
  });
  it('the same element in a vector-wide tensor: the AVX2 kernel gives the default NaN (PyTorch 1.13, measured)', () => {
    // x = ones(n) with inf+nanj first and last, 1+1j added to both, mean. PyTorch: for n = 9 the
    // first element (in the 8-wide vector part) has imaginary bits ffc00000, the last (scalar
    // tail) 7fc00000; for n = 8 both ffc00000; for n = 7 both 7fc00000 (complex128: 4-wide).
    const imagBits = (n: number, dtype: 'complex64' | 'complex128') => {
      const parts = Array.from({ length: n }, (_, k) =>
        k === 0 || k === n - 1 ? [Infinity, Number.NaN] : [1, 0],
      );
      const x = tensor(
        dtype === 'complex64' ? new Float32Array(parts.flat()) : new Float64Array(parts.flat()),
        dtype,
      );
      const one = tensor(
        dtype === 'complex64' ? new Float32Array([1, 1, 1, 1]) : new Float64Array([1, 1, 1, 1]),
        dtype,
      );
      const r = torch.scatter_reduce(x, 0, tensor([0n, BigInt(n - 1)], 'int64'), one, 'mean');
      const words = dtype === 'complex64' ? new Uint32Array((r.data as Float32Array).slice().buffer) : null;
      const hi = dtype === 'complex128' ? new Uint32Array((r.data as Float64Array).slice().buffer) : null;
      // The imaginary part's top word of the first and the last element.
      return words
        ? [words[1], words[2 * n - 1]].map((b) => b.toString(16))
        : [(hi as Uint32Array)[3], (hi as Uint32Array)[4 * n - 1]].map((b) => b.toString(16));
    };
    expect(imagBits(9, 'complex64')).toEqual(['ffc00000', '7fc00000']);
    expect(imagBits(8, 'complex64')).toEqual(['ffc00000', 'ffc00000']);
    expect(imagBits(7, 'complex64')).toEqual(['7fc00000', '7fc00000']);
    expect(imagBits(4, 'complex128')).toEqual(['fff80000', 'fff80000']);
    expect(imagBits(3, 'complex128')).toEqual(['7ff80000', '7ff80000']);
  });
});

describe('TensorFlow', () => {
  it('tensor_scatter_nd_add and gather_nd on complex', () => {
    const t = c64([1, 1], [2, 2], [3, 3]);
    const r = tf.tensor_scatter_nd_add(t, tensor([[0], [0]], 'int32'), c64([1, -1], [0.5, 0.5]));
    expect(pairs(r)).toEqual([
      [2.5, 0.5],
      [2, 2],
      [3, 3],
    ]);
    expect(pairs(tf.gather_nd(t, tensor([[2]], 'int32')))).toEqual([[3, 3]]);
  });

  it('tensorflow.tensor_scatter_nd_max.tensor_dtype: TensorScatterMax has no complex kernel', () => {
    try {
      tf.tensor_scatter_nd_max(c64([1, 1]), tensor([[0]], 'int32'), c64([2, 2]));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DTypeError);
      expect((e as DTypeError).code).toBe('tensorflow.tensor_scatter_nd_max.tensor_dtype');
    }
  });
});

it('complex values read back frozen', () => {
  expect(Object.isFrozen(c64([1, 2]).get(0))).toBe(true);
  expect(complex(3)).toEqual({ re: 3, im: 0 });
});

describe('ONNX export of complex calls', () => {
  it('export.onnx.complex: a valid model with a warning that onnxruntime does not load complex', () => {
    const a = c64([1, 2], [3, -4]);
    const call = numpy.lower.add.at(a, [0, 0], c64([0, 1], [2, 2]));
    const g = onnxGraph(call);
    expect(g.warnings.map((w) => w.code)).toEqual(['export.onnx.complex']);
    expect(() => toOnnx(call, { runtime_differences: 'refuse' })).toThrow(/complex64/);
    expect(toOnnx(call).length).toBeGreaterThan(0);
  });
});

describe('the explorer shows complex cells as a+bi', () => {
  it('fmtScalar and flatValues', () => {
    expect(fmtScalar(complex(1, -2))).toBe('1-2i');
    expect(fmtScalar(complex(0.5, -0))).toBe('0.5-0i');
    expect(fmtScalar(complex(Number.NaN, Number.POSITIVE_INFINITY))).toBe('NaN+infi');
    expect(Array.from(flatValues(c64([1, 2], [3, -4])), fmtScalar)).toEqual(['1+2i', '3-4i']);
  });
});

it('numpy.multiply.at.index_dtype: a complex index array is refused like a float one (fuzz-ops seed 844208584)', () => {
  try {
    numpy.multiply.at(c64([1, 1], [2, 2]), c64([0, 0]), c64([1, 0]));
    expect.unreachable();
  } catch (e) {
    expect(e).toBeInstanceOf(DTypeError);
    expect((e as DTypeError).code).toBe('numpy.multiply.at.index_dtype');
  }
});

it('numpy.put into a complex array casts real values to re + 0i (as NumPy 1.24: [5.+0.j 3.-4.j])', () => {
  expect(numpy.put(c64([1, 2], [3, -4]), [0], 5).toString()).toBe('tensor([5+0j, 3-4j], dtype=complex64)');
  expect(pairs(numpy.put(c64([1, 2], [3, -4]), [0, 1], [complex(1, 1), 2.5]))).toEqual([
    [1, 1],
    [2.5, 0],
  ]);
});

it('numpy.put / put_along_axis: a complex value into a real array keeps its real part; into bool, z != 0 (NumPy 1.24, measured)', () => {
  // np.put(np.zeros(3), [0, 1], np.array([1+2j, 3-1j])) → [1. 3. 0.] (ComplexWarning)
  const c = tensor([complex(1, 2), complex(3, -1)], 'complex128');
  expect(numpy.put(tensor([0, 0, 0], 'float64'), [0, 1], c).toArray()).toEqual([1, 3, 0]);
  // A Python complex: np.put(np.zeros(3), [0, 1], 1+2j) → [1. 1. 0.]
  expect(numpy.put(tensor([0, 0, 0], 'float64'), [0, 1], complex(1, 2)).toArray()).toEqual([1, 1, 0]);
  // np.put(int8 zeros(2), [0, 1], [300.7+1j, -1.5]) → [44 -1] (the real part cast as a float is)
  const wide = tensor([complex(300.7, 1), complex(-1.5, 0)], 'complex128');
  expect(numpy.put(tensor([0, 0], 'int8'), [0, 1], wide).toArray()).toEqual([44, -1]);
  // np.put(bool zeros(2), [0, 1], complex64 [1j, 0]) → [ True False]
  const flags = tensor([complex(0, 1), complex(0, 0)], 'complex64');
  expect(numpy.put(tensor([false, false]), [0, 1], flags).toArray()).toEqual([true, false]);
  // np.put_along_axis(float32 zeros(3), [2], complex64 [5+9j], 0) → [0. 0. 5.]
  const along = numpy.put_along_axis(
    tensor([0, 0, 0], 'float32'),
    tensor([2n], 'int64'),
    tensor([complex(5, 9)], 'complex64'),
    0,
  );
  expect(along.toArray()).toEqual([0, 0, 5]);
});
