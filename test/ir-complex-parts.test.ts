/**
 * stablehlo.real, stablehlo.imag and stablehlo.complex in the IR (src/ir/ops/parts.ts): bit
 * moves between a complex tensor and its parts (NaN payloads and -0 kept), one named negative
 * test per constraint, the StableHLO and HLO texts read, printed and read back, and the
 * reference interpreter's own interpret tests (real.mlir, imag.mlir, complex.mlir) when a copy
 * of openxla/stablehlo is on this machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { elementExpr } from '../src/backends/webgpu/elementwise.js';
import { vjp } from '../src/autodiff/index.js';
import { DTypeError, InvalidArgumentError, tensor, torch } from '../src/index.js';
import { execute } from '../src/core/call.js';
import { programOf } from '../src/ir/lowered.js';
import { stablehloModule } from '../src/ir/module-text.js';
import { evalOp, inferTypes } from '../src/ir/ops/index.js';
import { printModule } from '../src/ir/print.js';
import type { Body, Op, TensorType } from '../src/ir/program.js';
import { runModule } from '../src/ir/run.js';
import { readModule, runText } from '../src/stablehlo-text/index.js';
import type { DType } from '../src/tensor/dtype.js';
import type { Tensor } from '../src/tensor/tensor.js';

const ty = (shape: number[], dtype: DType): TensorType => ({ shape, dtype });
const mk = (kind: string, results: TensorType[] = []): Op =>
  ({ kind, operands: [], results }) as unknown as Op;
const noBody = (_b: Body, _a: readonly Tensor[]): Tensor[] => [];
function run(op: Op, ...args: Tensor[]): Tensor {
  inferTypes(op, args);
  return evalOp(op, args, noBody)[0];
}

/** Every stored 64-bit (or 32-bit) word as hex: NaN payloads and signs show. */
const hex64 = (t: Tensor) => Array.from(new BigUint64Array(t.data.slice().buffer), (w) => w.toString(16));
const hex32 = (t: Tensor) => Array.from(new Uint32Array(t.data.slice().buffer), (w) => w.toString(16));

const NAN5 = 0x7ff8000000000005n;
const SNAN9 = 0xfff4000000000009n; // signalling, negative: moved, never quieted
/** complex128 [(1, NaN5), (-0, sNaN9), (-inf, 2.5)] */
function c128(): Tensor {
  const w = new BigUint64Array(6);
  const f = new Float64Array(w.buffer);
  [f[0], f[2], f[4], f[5]] = [1, -0, Number.NEGATIVE_INFINITY, 2.5];
  [w[1], w[3]] = [NAN5, SNAN9];
  return tensor(f, 'complex128', [3]);
}

describe('real / imag / complex move bits', () => {
  it('real and imag of complex128 keep NaN payloads, signalling NaNs and -0', () => {
    const x = c128();
    expect(hex64(run(mk('real'), x))).toEqual(['3ff0000000000000', '8000000000000000', 'fff0000000000000']);
    expect(hex64(run(mk('imag'), x))).toEqual(['7ff8000000000005', 'fff4000000000009', '4004000000000000']);
    expect(run(mk('real'), x).dtype).toBe('float64');
  });

  it('complex(real(x), imag(x)) is x, bit for bit (complex128 and complex64)', () => {
    const x = c128();
    expect(hex64(run(mk('complex'), run(mk('real'), x), run(mk('imag'), x)))).toEqual(hex64(x));
    const w = new Uint32Array([0x7fa00001, 0x80000000, 0xffc00007, 0x3f800000]);
    const y = tensor(new Float32Array(w.buffer), 'complex64', [2]);
    const back = run(mk('complex'), run(mk('real'), y), run(mk('imag'), y));
    expect(back.dtype).toBe('complex64');
    expect(hex32(back)).toEqual(['7fa00001', '80000000', 'ffc00007', '3f800000']);
  });

  it('on a float operand real is its bits and imag is +0 (every float width)', () => {
    const w = new BigUint64Array([0x7ff0000000000003n, 0x8000000000000000n]);
    const x = tensor(new Float64Array(w.buffer), 'float64', [2]);
    expect(hex64(run(mk('real'), x))).toEqual(['7ff0000000000003', '8000000000000000']);
    expect(hex64(run(mk('imag'), x))).toEqual(['0', '0']);
    const h = tensor(new Uint16Array([0x7c01, 0x8000]), 'float16', [2]);
    expect(Array.from(run(mk('real'), h).data as Uint16Array)).toEqual([0x7c01, 0x8000]);
    expect(Array.from(run(mk('imag'), h).data as Uint16Array)).toEqual([0, 0]);
  });
});

describe('real / imag / complex on random bit patterns (fresh seed, printed)', () => {
  const seed = Number(process.env.PARTS_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(`ir-complex-parts: seed ${seed} (replay: PARTS_SEED=${seed})`);
  let state = seed >>> 0 || 1;
  const word = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  /** n elements of `dtype` from random words, every other one forced to inf/NaN exponents. */
  function randomComplex(dtype: 'complex64' | 'complex128', n: number): Tensor {
    const words = new Uint32Array(dtype === 'complex64' ? 2 * n : 4 * n);
    for (let k = 0; k < words.length; k++) words[k] = word();
    const hi = dtype === 'complex64' ? 1 : 2; // 32-bit words per part; the exponent sits in the last
    for (let k = hi - 1; k < words.length; k += 2 * hi)
      words[k] |= dtype === 'complex64' ? 0x7f800000 : 0x7ff00000;
    const parts = dtype === 'complex64' ? new Float32Array(words.buffer) : new Float64Array(words.buffer);
    return tensor(parts, dtype, [n]);
  }
  for (const [dtype, part] of [
    ['complex64', 'float32'],
    ['complex128', 'float64'],
  ] as const)
    it(`${dtype}: real and imag are the stored parts' bits, complex(real, imag) is x`, () => {
      const x = randomComplex(dtype, 2048);
      const re = run(mk('real', [ty([2048], part)]), x);
      const im = run(mk('imag', [ty([2048], part)]), x);
      const back = run(mk('complex', [ty([2048], dtype)]), re, im);
      const bits = part === 'float32' ? hex32 : hex64;
      const all = bits(x);
      expect(bits(re)).toEqual(all.filter((_, k) => k % 2 === 0));
      expect(bits(im)).toEqual(all.filter((_, k) => k % 2 === 1));
      expect(bits(back)).toEqual(all);
    });
});

describe('each constraint refuses with its code', () => {
  const c = ty([2], 'complex128');
  const f = ty([2], 'float64');
  const throwsCode = (fn: () => unknown, cls: abstract new (...a: never[]) => Error, code: string) => {
    expect(fn).toThrow(cls);
    try {
      fn();
    } catch (e) {
      expect((e as InvalidArgumentError).code).toBe(code);
    }
  };
  for (const k of ['real', 'imag'] as const) {
    it(`stablehlo.${k}.I1: an integer operand`, () => {
      throwsCode(() => inferTypes(mk(k), [ty([2], 'int32')]), DTypeError, `stablehlo.${k}.I1`);
    });
    it(`stablehlo.${k}.C1: a declared result of another shape`, () => {
      throwsCode(
        () => inferTypes(mk(k, [ty([3], 'float64')]), [c]),
        InvalidArgumentError,
        `stablehlo.${k}.C1`,
      );
    });
    it(`stablehlo.${k}.C2: a declared result of the complex type, or of another float width`, () => {
      throwsCode(() => inferTypes(mk(k, [c]), [c]), DTypeError, `stablehlo.${k}.C2`);
      throwsCode(() => inferTypes(mk(k, [ty([2], 'float32')]), [c]), DTypeError, `stablehlo.${k}.C2`);
      expect(inferTypes(mk(k), [ty([2], 'complex64')])).toEqual([ty([2], 'float32')]);
    });
  }
  it('stablehlo.complex.I1 / I2: parts of f16 or of a complex type', () => {
    throwsCode(
      () => inferTypes(mk('complex'), [ty([2], 'float16'), ty([2], 'float16')]),
      DTypeError,
      'stablehlo.complex.I1',
    );
    throwsCode(() => inferTypes(mk('complex'), [f, c]), DTypeError, 'stablehlo.complex.I2');
  });
  it('stablehlo.complex.C1: lhs and rhs of two types (widths, then shapes)', () => {
    throwsCode(() => inferTypes(mk('complex'), [f, ty([2], 'float32')]), DTypeError, 'stablehlo.complex.C1');
    throwsCode(
      () => inferTypes(mk('complex'), [f, ty([3], 'float64')]),
      InvalidArgumentError,
      'stablehlo.complex.C1',
    );
  });
  it('stablehlo.complex.C2: a declared result of another shape', () => {
    throwsCode(
      () => inferTypes(mk('complex', [ty([1], 'complex128')]), [f, f]),
      InvalidArgumentError,
      'stablehlo.complex.C2',
    );
  });
  it('stablehlo.complex.C3: a declared result whose element type is not complex<E>', () => {
    throwsCode(
      () => inferTypes(mk('complex', [ty([2], 'complex64')]), [f, f]),
      DTypeError,
      'stablehlo.complex.C3',
    );
    throwsCode(() => inferTypes(mk('complex', [f]), [f, f]), DTypeError, 'stablehlo.complex.C3');
  });
});

/** A module (pretty StableHLO text) that checks real, imag and complex with the interpreter's checks. */
const PRETTY = `
func.func @parts() {
  %x = stablehlo.constant dense<[(0.5, -1.0), (-0.0, 3.0)]> : tensor<2xcomplex<f64>>
  %re = stablehlo.real %x : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  %im = stablehlo.imag %x : (tensor<2xcomplex<f64>>) -> tensor<2xf64>
  check.expect_eq_const %re, dense<[0.5, -0.0]> : tensor<2xf64>
  check.expect_eq_const %im, dense<[-1.0, 3.0]> : tensor<2xf64>
  %y = stablehlo.complex %im, %re : tensor<2xcomplex<f64>>
  check.expect_eq_const %y, dense<[(-1.0, 0.5), (3.0, -0.0)]> : tensor<2xcomplex<f64>>
  %f = stablehlo.constant dense<[7.0, -2.0]> : tensor<2xf32>
  %fi = stablehlo.imag %f : tensor<2xf32>
  check.expect_eq_const %fi, dense<[0.0, 0.0]> : tensor<2xf32>
  %z = stablehlo.complex %f, %f : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %z, dense<[(7.0, 7.0), (-2.0, -2.0)]> : tensor<2xcomplex<f32>>
  func.return
}`;

describe('the texts', () => {
  it('pretty StableHLO: every check of a module using real, imag and complex passes', () => {
    const checks = runText(PRETTY).flatMap((r) => r.checks);
    expect(checks.length).toBe(5);
    expect(checks.filter((c) => !c.passed)).toEqual([]);
  });

  it('a complex check compares part by part and names the part that differs', () => {
    const text = `
func.func @main() {
  %x = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %x, dense<[(1.0, 2.0), (3.0, 4.5)]> : tensor<2xcomplex<f64>>
  check.expect_eq_const %x, dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f64>>
  func.return
}`;
    const [bad, good] = runText(text).flatMap((r) => r.checks);
    expect(bad.passed).toBe(false);
    expect(bad.message).toMatch(/^element 1 \(imaginary part\): 4 \(actual\) vs 4\.5 \(expected\)/);
    expect(good.passed).toBe(true);
  });

  it('printed in the generic form, read back and run: the same bits', () => {
    const text = `
func.func @main(%x: tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
  %re = stablehlo.real %x : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
  %im = stablehlo.imag %x : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
  %y = stablehlo.complex %im, %re : tensor<3xcomplex<f64>>
  func.return %y : tensor<3xcomplex<f64>>
}`;
    const printed = printModule(readModule(text));
    expect(printed).toContain(
      '"stablehlo.complex"(%1, %0) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xcomplex<f64>>',
    );
    expect(printed).toMatch(/"stablehlo.real"\(%\w+\) : \(tensor<3xcomplex<f64>>\) -> tensor<3xf64>/);
    const [a] = runModule(readModule(text), [c128()]).results;
    const [b] = runModule(readModule(printed), [c128()]).results;
    expect(hex64(b)).toEqual(hex64(a));
    expect(hex64(a)).toEqual([
      '7ff8000000000005',
      '3ff0000000000000',
      'fff4000000000009',
      '8000000000000000',
      '4004000000000000',
      'fff0000000000000',
    ]);
  });

  it('HLO text: complex(), real() and imag() of c128 and f64', () => {
    const hlo = `HloModule parts
ENTRY main {
  p0 = f64[2] parameter(0)
  p1 = f64[2] parameter(1)
  c = c128[2] complex(p0, p1)
  r = f64[2] real(c)
  ROOT s = f64[2] subtract(r, p1)
}`;
    const [out] = runModule(readModule(hlo), [tensor([5, 1], 'float64'), tensor([2, 3], 'float64')]).results;
    expect(out.toArray()).toEqual([3, -2]);
  });

  it('a complex op whose parts are complex is refused by the verifier (stablehlo.complex.I1)', () => {
    const bad = `
func.func @main(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %y = stablehlo.complex %x, %x : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  func.return %y : tensor<2xcomplex<f32>>
}`;
    expect(() => readModule(bad)).toThrow(/stablehlo\.complex\.I1/);
  });
});

describe('the WebGPU backend: no complex storage, so the ops meeting a complex type are refused', () => {
  const op = (kind: string, result: DType): Op => mk(kind, [ty([2], result)]);
  it('webgpu.dtype: real / imag of complex128 and complex(f64, f64) (a DTypeError, not a CPU run)', () => {
    for (const [o, ins] of [
      [op('real', 'float64'), ['complex128']],
      [op('imag', 'float32'), ['complex64']],
      [op('complex', 'complex128'), ['float64', 'float64']],
    ] as const) {
      expect(() => elementExpr(o, ins)).toThrow(DTypeError);
      expect(() => elementExpr(o, ins)).toThrow(/\(webgpu\.dtype\)$/);
    }
  });
  it('real / imag of a float operand compile: its bits, and +0', () => {
    expect(elementExpr(op('real', 'float64'), ['float64'])(['v'])).toBe('v');
    expect(elementExpr(op('imag', 'float64'), ['float64'])(['v'])).toBe('vec2<u32>(0u, 0u)');
  });
});

describe("torch.index_add complex128's module text runs the unfused product", () => {
  it('printed, read back and run: the default NaN in the vector body, as execute gives', () => {
    const w = new BigUint64Array(10);
    const f = new Float64Array(w.buffer);
    for (let p = 0; p < 5; p++) [f[2 * p], w[2 * p + 1]] = [Number.POSITIVE_INFINITY, NAN5];
    const call = torch.lower.index_add(
      tensor(new Float64Array(10), 'complex128', [1, 5]),
      0,
      tensor([0n], 'int64', [1]),
      tensor(f, 'complex128', [1, 5]),
    );
    const text = stablehloModule(call);
    const [got] = runModule(readModule(text), programOf(call).args).results;
    const imag = hex64(got).filter((_, k) => k % 2 === 1);
    expect(imag).toEqual([...Array(4).fill('fff8000000000000'), '7ff8000000000005']);
    expect(hex64(got)).toEqual(hex64(execute(call)));
  });
});

describe('gradients', () => {
  it('autodiff.dtype: a complex128 index_add (its prologue now real / imag / complex) is refused, typed', () => {
    const z = () => tensor(new Float64Array(8), 'complex128', [1, 4]);
    const call = torch.lower.index_add(z(), 0, tensor([0n], 'int64', [1]), z());
    expect(() => vjp(call)).toThrow(DTypeError);
    expect(() => vjp(call)).toThrow(/only floating-point tensors are differentiable \(autodiff\.dtype\)/);
  });
});

/** openxla/stablehlo's interpret tests, from a local copy of the repository when one is here. */
const MIRROR = '/work/.mirror/openxla+stablehlo/repo';
function upstream(name: string): string | undefined {
  if (!existsSync(MIRROR)) return undefined;
  const r = spawnSync('git', ['-C', MIRROR, 'show', `HEAD:stablehlo/tests/interpret/${name}.mlir`], {
    encoding: 'utf8',
  });
  return r.status === 0 ? r.stdout : undefined;
}

describe('the reference interpreter tests real.mlir, imag.mlir, complex.mlir (when a copy is here)', () => {
  for (const name of ['real', 'imag', 'complex']) {
    const text = upstream(name);
    it.skipIf(text === undefined)(`${name}.mlir: every function's checks pass`, () => {
      const runs = (text as string).split('// -----').flatMap((part) => runText(part));
      const checks = runs.flatMap((r) => r.checks);
      expect(checks.length).toBeGreaterThan(0);
      expect(checks.filter((c) => !c.passed)).toEqual([]);
    });
  }
});
