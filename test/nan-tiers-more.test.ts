/**
 * More NaN bits that must not depend on how far V8 has optimised the code that moves them (the
 * first set: nan-tiers.test.ts). Each path runs cold first, then warm (enough calls for V8 to
 * optimise it), and every call must give the same, stated bits. Found by a same-process fuzzer
 * running hand-written StableHLO modules through runModule thousands of times with NaN payloads,
 * signalling NaNs and infinities in the operands and comparing each result's bits to the first.
 * The IR's float arithmetic follows x86's rule, as the rest of the library does where a framework
 * leaves the bits open (StableHLO's spec does): a NaN operand comes out quieted, lhs's first, and
 * an invalid operation (inf − inf) gives the negative default NaN.
 */
import { describe, expect, it } from 'vitest';
import { jvp, vjp } from '../src/autodiff/index.js';
import { torch } from '../src/index.js';
import { runModule } from '../src/ir/run.js';
import { readModule } from '../src/stablehlo-text/index.js';
import { Tensor } from '../src/tensor/tensor.js';

const CALLS = 3000;

const MLIR = { complex64: 'complex<f32>', complex128: 'complex<f64>', float32: 'f32', float64: 'f64' };
type Dt = keyof typeof MLIR;

/** `@main(%a, %b) = stablehlo.<op>(%a, %b)` on tensor<n x dtype>. */
function binaryModule(op: string, dtype: Dt, n: number) {
  const t = `tensor<${n}x${MLIR[dtype]}>`;
  return readModule(`func.func @main(%a: ${t}, %b: ${t}) -> ${t} {
  %0 = "stablehlo.${op}"(%a, %b) : (${t}, ${t}) -> ${t}
  func.return %0 : ${t}
}`);
}

/** A tensor of float64 parts given as 64-bit patterns, or float32 parts as 32-bit ones. */
function fromBits(dtype: Dt, shape: number[], bits: readonly (number | bigint)[]): Tensor {
  const data =
    dtype === 'complex128' || dtype === 'float64'
      ? new Float64Array(new BigUint64Array(bits.map(BigInt)).buffer)
      : new Float32Array(new Uint32Array(bits.map(Number)).buffer);
  return new Tensor(dtype, shape, data);
}

const hex = (t: Tensor) => Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength).toString('hex');

/** Runs `op` CALLS times and returns the distinct results' hex, each with the first call that gave it. */
function bitsOverCalls(op: string, dtype: Dt, a: Tensor, b: Tensor): Map<string, number> {
  const module = binaryModule(op, dtype, a.shape[0]);
  const seen = new Map<string, number>();
  for (let c = 0; c < CALLS; c++) {
    const h = hex(runModule(module, [a, b]).results[0]);
    if (!seen.has(h)) seen.set(h, c);
  }
  return seen;
}

/** Little-endian hex of 64-bit (wide) or 32-bit patterns, as the result's storage holds them. */
function hexOf(wide: boolean, bits: readonly (number | bigint)[]): string {
  const b = wide
    ? Buffer.from(new BigUint64Array(bits.map(BigInt)).buffer)
    : Buffer.from(new Uint32Array(bits.map(Number)).buffer);
  return b.toString('hex');
}

describe('IR complex arithmetic: NaN parts by x86 rule, every call', () => {
  it('stablehlo.add complex128: lhs NaN + rhs NaN gives lhs quieted on cold and warm calls', () => {
    // V8's `a + c` gave rhs's NaN on the cold calls and lhs's from call ~2300 (operand order).
    const a = fromBits('complex128', [2], [0x7ff8000000012345n, 0xfff4000000000077n, 1, 0x7ff0000000000000n]);
    const b = fromBits(
      'complex128',
      [2],
      [0xfff8000000054321n, 0x7ff8000000000099n, 0x7ff4000000000011n, 0xfff0000000000000n],
    );
    // 1 (a denormal's bits) + sNaN gives the sNaN quieted; inf + −inf the negative default NaN.
    const want = hexOf(true, [
      0x7ff8000000012345n,
      0xfffc000000000077n,
      0x7ffc000000000011n,
      0xfff8000000000000n,
    ]);
    expect([...bitsOverCalls('add', 'complex128', a, b)]).toEqual([[want, 0]]);
  });
  it('stablehlo.add / subtract complex64: lhs NaN first, quieted, every call', () => {
    const a = fromBits('complex64', [2], [0x7fc12345, 0xffa00077, 0x3f800000, 0x7f800000]);
    const b = fromBits('complex64', [2], [0xffc54321, 0x7fc00099, 0x7fa00011, 0xff800000]);
    expect([...bitsOverCalls('add', 'complex64', a, b)]).toEqual([
      [hexOf(false, [0x7fc12345, 0xffe00077, 0x7fe00011, 0xffc00000]), 0],
    ]);
    expect([...bitsOverCalls('subtract', 'complex64', a, b)]).toEqual([
      [hexOf(false, [0x7fc12345, 0xffe00077, 0x7fe00011, 0x7f800000]), 0],
    ]);
  });
  it('stablehlo.maximum complex64: the winning pair is copied bit for bit (a signalling NaN part kept)', () => {
    // Lexicographic: (1, sNaN) vs (0, 2) — lhs's real part is greater, lhs wins whole.
    const a = fromBits('complex64', [2], [0x3f800000, 0x7fa00001, 0, 0x40000000]);
    const b = fromBits('complex64', [2], [0, 0x40000000, 0x3f800000, 0xffa00002]);
    expect([...bitsOverCalls('maximum', 'complex64', a, b)]).toEqual([
      [hexOf(false, [0x3f800000, 0x7fa00001, 0x3f800000, 0xffa00002]), 0],
    ]);
  });
});

describe('IR float arithmetic: NaN results by x86 rule, every call', () => {
  // lhs: NaN with a payload, signalling NaN, 1, +inf; rhs: NaN, NaN, signalling NaN, −inf.
  const lhs64 = [0x7ff8000000012345n, 0xfff4000000000077n, 0x3ff0000000000000n, 0x7ff0000000000000n];
  const rhs64 = [0xfff8000000054321n, 0x7ff8000000000099n, 0x7ff4000000000011n, 0xfff0000000000000n];
  const lhs32 = [0x7fc12345, 0xffa00077, 0x3f800000, 0x7f800000];
  const rhs32 = [0xffc54321, 0x7fc00099, 0x7fa00011, 0xff800000];
  const first64 = [0x7ff8000000012345n, 0xfffc000000000077n, 0x7ffc000000000011n];
  const first32 = [0x7fc12345, 0xffe00077, 0x7fe00011];
  it("stablehlo.add / multiply float64: lhs NaN first (V8 gave rhs's), inf − inf the negative default NaN", () => {
    const [a, b] = [fromBits('float64', [4], lhs64), fromBits('float64', [4], rhs64)];
    expect([...bitsOverCalls('add', 'float64', a, b)]).toEqual([
      [hexOf(true, [...first64, 0xfff8000000000000n]), 0],
    ]);
    expect([...bitsOverCalls('multiply', 'float64', a, b)]).toEqual([
      [hexOf(true, [...first64, 0xfff0000000000000n]), 0],
    ]);
  });
  it('stablehlo.add / multiply float32: lhs NaN first, every call', () => {
    const [a, b] = [fromBits('float32', [4], lhs32), fromBits('float32', [4], rhs32)];
    expect([...bitsOverCalls('add', 'float32', a, b)]).toEqual([[hexOf(false, [...first32, 0xffc00000]), 0]]);
    expect([...bitsOverCalls('multiply', 'float32', a, b)]).toEqual([
      [hexOf(false, [...first32, 0xff800000]), 0],
    ]);
  });
  it('stablehlo.maximum / remainder float64: a signalling NaN comes out quieted, as on float32', () => {
    // The float64 store kept the signalling NaN that float32's conversion quietened.
    const [a, b] = [fromBits('float64', [4], lhs64), fromBits('float64', [4], rhs64)];
    expect([...bitsOverCalls('maximum', 'float64', a, b)]).toEqual([
      [hexOf(true, [...first64, 0x7ff0000000000000n]), 0],
    ]);
    // inf % −inf is invalid: APFloat's positive default NaN (see binary.ts fmod).
    expect([...bitsOverCalls('remainder', 'float64', a, b)]).toEqual([
      [hexOf(true, [...first64, 0x7ff8000000000000n]), 0],
    ]);
  });
});

describe('IR reduce: the fold gives NaN results x86 bits, the accumulator first, every call', () => {
  /** `reduce(%a, %init) across dimension 1` of a 4x2 float64 tensor with one op as the body. */
  function reduceModule(op: string) {
    const e = 'tensor<f64>';
    return readModule(`func.func @main(%a: tensor<4x2xf64>, %i: ${e}) -> tensor<4xf64> {
  %0 = "stablehlo.reduce"(%a, %i) <{dimensions = array<i64: 1>}> ({
  ^bb0(%x: ${e}, %y: ${e}):
    %1 = "stablehlo.${op}"(%x, %y) : (${e}, ${e}) -> ${e}
    "stablehlo.return"(%1) : (${e}) -> ()
  }) : (tensor<4x2xf64>, ${e}) -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}`);
  }
  // Rows: (NaN 0x…12345, signalling NaN 0x…77), (1, NaN 0x…99), (inf, −inf), (signalling NaN, 0).
  const a = fromBits(
    'float64',
    [4, 2],
    [
      0x7ff8000000012345n,
      0xfff4000000000077n,
      0x3ff0000000000000n,
      0x7ff8000000000099n,
      0x7ff0000000000000n,
      0xfff0000000000000n,
      0xfff4000000000011n,
      0n,
    ],
  );
  function bitsOverCalls2(op: string, init: bigint): Map<string, number> {
    const module = reduceModule(op);
    const i = fromBits('float64', [], [init]);
    const seen = new Map<string, number>();
    for (let c = 0; c < CALLS; c++) {
      const h = hex(runModule(module, [a, i]).results[0]);
      if (!seen.has(h)) seen.set(h, c);
    }
    return seen;
  }
  it('add: ((0 + NaN₁) + NaN₂) keeps NaN₁ (V8 gave NaN₂); inf + −inf the negative default NaN', () => {
    expect([...bitsOverCalls2('add', 0n)]).toEqual([
      [hexOf(true, [0x7ff8000000012345n, 0x7ff8000000000099n, 0xfff8000000000000n, 0xfffc000000000011n]), 0],
    ]);
  });
  it('maximum with a signalling NaN init: the init comes out quieted in every row (float64 kept it)', () => {
    const q = 0x7ffc000000000abcn;
    expect([...bitsOverCalls2('maximum', 0x7ff4000000000abcn)]).toEqual([[hexOf(true, [q, q, q, q]), 0]]);
  });
});

describe('IR reduce: a body run op by op moves elements as bits, every call', () => {
  it('a body returning its element (select) leaves a float32 signalling NaN signalling', () => {
    // The body's scalars were made from JS numbers: a float32 signalling NaN came out quieted.
    const e = 'tensor<f32>';
    const module = readModule(`func.func @main(%a: tensor<2x2xf32>, %i: ${e}) -> tensor<2xf32> {
  %0 = "stablehlo.reduce"(%a, %i) <{dimensions = array<i64: 1>}> ({
  ^bb0(%x: ${e}, %y: ${e}):
    %t = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %s = "stablehlo.select"(%t, %y, %x) : (tensor<i1>, ${e}, ${e}) -> ${e}
    "stablehlo.return"(%s) : (${e}) -> ()
  }) : (tensor<2x2xf32>, ${e}) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}`);
    const a = fromBits('float32', [2, 2], [0, 0x7fa00001, 0x3f800000, 0xffa00002]);
    const init = fromBits('float32', [], [0]);
    const seen = new Set<string>();
    for (let c = 0; c < CALLS; c++) seen.add(hex(runModule(module, [a, init]).results[0]));
    expect([...seen]).toEqual([hexOf(false, [0x7fa00001, 0xffa00002])]);
  });
});

describe('autodiff: a NaN cotangent or tangent keeps its payload, every call', () => {
  it('torch.scatter_add float64: backward gathers the cotangent bit for bit, jvp adds the tangents', () => {
    // The gradients went through JS arrays, whose doubles V8 canonicalises on cold calls.
    const nan = 0x7ff8000000012345n;
    const x = fromBits('float64', [3], [0n, 0n, 0n]);
    const src = fromBits('float64', [2], [0x3ff0000000000000n, 0x4000000000000000n]);
    const index = new Tensor('int64', [2], new BigInt64Array([1n, 1n]));
    const call = torch.lower.scatter_add(x, 0, index, src);
    const cot = fromBits('float64', [3], [0n, nan, 0n]);
    const seen = new Set<string>();
    for (let c = 0; c < 300; c++) {
      const g = vjp(call).backward(cot);
      const t = jvp(call, { input: cot, src: g.src }).tangent;
      seen.add(`${hex(g.input)} ${hex(g.src)} ${hex(t)}`);
    }
    // jvp: input's NaN + src's NaN + src's NaN at element 1: the first NaN (input's) quieted.
    const want = [hexOf(true, [0n, nan, 0n]), hexOf(true, [nan, nan]), hexOf(true, [0n, nan, 0n])];
    expect([...seen]).toEqual([want.join(' ')]);
  });
});

describe('autodiff: scatter_reduce prod coefficients take the first NaN factor, every call', () => {
  it("torch.scatter_reduce prod float64: ∂y/∂src of (x · u₀ · u₁) with NaN x, u₀, u₁ is x's NaN", () => {
    // base · prefix · suffix: JS's products returned another factor's NaN once V8 optimised them.
    const [nx, n0, n1] = [0x7ff8000000000011n, 0xfff8000000000022n, 0x7ff8000000000033n];
    const x = fromBits('float64', [2], [nx, 0x3ff0000000000000n]);
    const src = fromBits('float64', [2], [n0, n1]);
    const index = new Tensor('int64', [2], new BigInt64Array([0n, 0n]));
    const call = torch.lower.scatter_reduce(x, 0, index, src, 'prod');
    const cot = fromBits('float64', [2], [0x3ff0000000000000n, 0x3ff0000000000000n]);
    const seen = new Set<string>();
    for (let c = 0; c < 600; c++) seen.add(hex(vjp(call).backward(cot).src));
    expect([...seen]).toEqual([hexOf(true, [nx, nx])]);
  });
});
