/**
 * NaN bits of the IR's unary ops and of its float16 / bfloat16 arithmetic, and the PyTorch
 * index_add NaNs they feed. The rule (ir/ops/unary.ts, ir/ops/elements.ts halfNaN): x86's NaN of
 * the float64 computation — the operand's NaN quieted, else the negative default NaN — on every
 * call, however far V8 has optimised the code (V8's own floor of a signalling NaN changed after a
 * few hundred calls, and its log gives a signalling pattern); negate / abs / sign / real keep a
 * NaN's bits; a 16-bit result is that NaN converted as `convert` converts one (the quiet NaN with
 * its sign); a scatter body the IR runs moves stored elements whole. The PyTorch bits were measured
 * on PyTorch 1.13 (CPU, one thread).
 */
import { describe, expect, it } from 'vitest';
import { fromWords, words } from './helpers/nan-peer.js';
import { torch } from '../src/index.js';
import { runModule } from '../src/ir/run.js';
import { readModule } from '../src/stablehlo-text/index.js';
import { Tensor, tensor } from '../src/tensor/tensor.js';

const CALLS = 3000;
const MLIR = { float64: 'f64', float32: 'f32', float16: 'f16', bfloat16: 'bf16' } as const;
type Dt = keyof typeof MLIR;

/** `@main` applying `stablehlo.<op>` to one or two tensors of `dtype`. */
function module(op: string, dtype: Dt, n: number, arity: 1 | 2) {
  const t = `tensor<${n}x${MLIR[dtype]}>`;
  const params = arity === 1 ? `%a: ${t}` : `%a: ${t}, %b: ${t}`;
  const args = arity === 1 ? '%a' : '%a, %b';
  const types = arity === 1 ? t : `${t}, ${t}`;
  return readModule(`func.func @main(${params}) -> ${t} {
  %0 = "stablehlo.${op}"(${args}) : (${types}) -> ${t}
  func.return %0 : ${t}
}`);
}

/** Every distinct result of CALLS runs of `op` (its bits), each with the first call that gave it. */
function resultsOverCalls(op: string, operands: readonly Tensor[]): [string, number][] {
  const m = module(op, operands[0].dtype as Dt, operands[0].size, operands.length as 1 | 2);
  return distinctResults(m, operands, CALLS);
}

/** Every distinct result of `calls` runs of a module (its bits), each with the first call that gave it. */
function distinctResults(
  m: ReturnType<typeof readModule>,
  args: readonly Tensor[],
  calls: number,
): [string, number][] {
  const seen = new Map<string, number>();
  for (let c = 0; c < calls; c++) {
    const key = words(runModule(m, [...args]).results[0]).join(' ');
    if (!seen.has(key)) seen.set(key, c);
  }
  return [...seen];
}

describe('IR unary ops on float64 / float32: NaN bits by x86 rule, every call', () => {
  // A quiet NaN with a payload, a negative signalling NaN, −1, −inf, +inf.
  const f64 = fromWords('float64', [
    0x7ff8000000012345n,
    0xfff0000000000077n,
    0xbff0000000000000n,
    0xfff0000000000000n,
    0x7ff0000000000000n,
  ]);
  const f32 = fromWords('float32', [0x7fc12345, 0xff800077, 0xbf800000, 0xff800000, 0x7f800000]);
  it.each([
    [
      'floor',
      ['7ff8000000012345', 'fff8000000000077', 'bff0000000000000', 'fff0000000000000', '7ff0000000000000'],
    ],
    [
      'round_nearest_afz',
      ['7ff8000000012345', 'fff8000000000077', 'bff0000000000000', 'fff0000000000000', '7ff0000000000000'],
    ],
    [
      'sqrt',
      ['7ff8000000012345', 'fff8000000000077', 'fff8000000000000', 'fff8000000000000', '7ff0000000000000'],
    ],
    // V8's Math.log gives 0x7ff4000000000000 for each of the first four.
    [
      'log',
      ['7ff8000000012345', 'fff8000000000077', 'fff8000000000000', 'fff8000000000000', '7ff0000000000000'],
    ],
    ['exponential', ['7ff8000000012345', 'fff8000000000077', '3fd78b56362cef38', '0', '7ff0000000000000']],
    // negate / sign keep a signalling NaN signalling (IEEE's quiet-computational ops).
    [
      'negate',
      ['fff8000000012345', '7ff0000000000077', '3ff0000000000000', '7ff0000000000000', 'fff0000000000000'],
    ],
    [
      'sign',
      ['7ff8000000012345', 'fff0000000000077', 'bff0000000000000', 'bff0000000000000', '3ff0000000000000'],
    ],
  ])('float64 %s', (op, want) => {
    expect(resultsOverCalls(op, [f64])).toEqual([[want.join(' '), 0]]);
  });
  it.each([
    ['floor', ['7fc12345', 'ffc00077', 'bf800000', 'ff800000', '7f800000']],
    ['log', ['7fc12345', 'ffc00077', 'ffc00000', 'ffc00000', '7f800000']],
    // float32 negate / abs / sign of a signalling NaN: its own bits, not quieted by the read.
    ['negate', ['ffc12345', '7f800077', '3f800000', '7f800000', 'ff800000']],
    ['abs', ['7fc12345', '7f800077', '3f800000', '7f800000', '7f800000']],
    ['sign', ['7fc12345', 'ff800077', 'bf800000', 'bf800000', '3f800000']],
  ])('float32 %s', (op, want) => {
    expect(resultsOverCalls(op, [f32])).toEqual([[want.join(' '), 0]]);
  });
});

describe('IR float16 / bfloat16 arithmetic: a NaN keeps x86 sign', () => {
  const one = { float16: 0x3c00, bfloat16: 0x3f80 };
  const inf = { float16: 0x7c00, bfloat16: 0x7f80 };
  const q = { float16: 0x7e00, bfloat16: 0x7fc0 };
  for (const d of ['float16', 'bfloat16'] as const) {
    // lhs and rhs: −NaN (payload) + 1, 1 + −NaN, +NaN + −NaN (lhs first), inf − inf (made), 1 · −sNaN.
    const neg = 0x8000 | q[d] | 5;
    const sig = 0x8000 | inf[d] | 3;
    it(`${d}: add, subtract, multiply, remainder, power`, () => {
      const a = fromWords(d, [neg, one[d], q[d] | 7, inf[d], one[d]]);
      const b = fromWords(d, [one[d], neg, neg, inf[d], sig]);
      const hex = (...v: number[]) => v.map((x) => x.toString(16)).join(' ');
      const m = 0x8000 | q[d];
      expect(resultsOverCalls('add', [a, b])).toEqual([[hex(m, m, q[d], inf[d], m), 0]]);
      expect(resultsOverCalls('subtract', [a, b])).toEqual([[hex(m, m, q[d], m, m), 0]]);
      expect(resultsOverCalls('multiply', [a, b])).toEqual([[hex(m, m, q[d], inf[d], m), 0]]);
      // remainder's made NaN (inf % inf) is positive (APFloat mod); power(1, NaN) is 1 (C's pow).
      expect(resultsOverCalls('remainder', [a, b])).toEqual([[hex(m, m, q[d], q[d], m), 0]]);
      expect(resultsOverCalls('power', [a, b])).toEqual([[hex(m, one[d], q[d], inf[d], one[d]), 0]]);
    });
    it(`${d}: sqrt(−1), floor(−sNaN), log(−inf), sign(−NaN) are the quiet NaN with x86 sign`, () => {
      const x = fromWords(d, [0x8000 | one[d], sig, 0x8000 | inf[d], neg]);
      const m = (0x8000 | q[d]).toString(16);
      expect(resultsOverCalls('sqrt', [x])[0][0].split(' ')).toEqual([m, m, m, m]);
      expect(resultsOverCalls('floor', [x])[0][0].split(' ')[1]).toBe(m);
      expect(resultsOverCalls('log', [x])[0][0].split(' ')[2]).toBe(m);
      expect(resultsOverCalls('sign', [x])[0][0].split(' ')[3]).toBe(m);
    });
  }
});

describe('torch.index_add NaNs through the alpha product and the add kernel (PyTorch 1.13)', () => {
  const i4 = tensor([0n, 1n, 2n, 3n], 'int64');
  it('float16, alpha = 2: a negative NaN source stays negative (PyTorch: fe00 7e00 fe00 4200)', () => {
    const x = fromWords('float16', [0x3c00, 0x3c00, 0x3c00, 0x3c00]);
    const s = fromWords('float16', [0xfe00, 0x7e01, 0xfc01, 0x3c00]);
    expect(words(torch.index_add(x, 0, i4, s, { alpha: 2 }))).toEqual(['fe00', '7e00', 'fe00', '4200']);
  });
  it("float16 on a 2-D self: the source's sign first in the vector body of 32, self's in the rest", () => {
    for (const [L, alpha] of [
      [40, 1],
      [33, 2],
      [31, 1],
    ] as const) {
      const x = new Tensor('float16', [1, L], new Uint16Array(L).fill(0xfe00));
      const s = new Tensor('float16', [1, L], new Uint16Array(L).fill(0x7e00));
      const r = words(torch.index_add(x, 0, tensor([0n], 'int64'), s, { alpha }));
      const body = L - (L % 32);
      expect(r).toEqual(Array.from({ length: L }, (_, p) => (p < body ? '7e00' : 'fe00')));
    }
  });
  it("float32 / float64 on a 2-D self, alpha = 0: inf · 0 beside a NaN self gives self's NaN, quieted", () => {
    const x32 = fromWords('float32', [0x3f800000, 0x7fc00123, 0xff800123, 0x7fc00123]).reshape([1, 4]);
    const s32 = fromWords('float32', [0x7fc00789, 0xffc00111, 0x7f800000, 0x7f800000]).reshape([1, 4]);
    const i0 = tensor([0n], 'int64');
    // PyTorch: 7fc00789 (the source's), ffc00111, ffc00123 (self's sNaN quieted), 7fc00123.
    expect(words(torch.index_add(x32, 0, i0, s32, { alpha: 0 }))).toEqual([
      '7fc00789',
      'ffc00111',
      'ffc00123',
      '7fc00123',
    ]);
    const x64 = fromWords('float64', [0x3ff0000000000000n, 0xfff00000000010c9n]).reshape([1, 2]);
    const s64 = fromWords('float64', [0x7ff0000000000000n, 0x7ff0000000000000n]).reshape([1, 2]);
    expect(words(torch.index_add(x64, 0, i0, s64, { alpha: 0 }))).toEqual([
      'fff8000000000000',
      'fff80000000010c9',
    ]);
  });
});

describe('a scatter body the IR runs moves stored elements as they are', () => {
  /** `stablehlo.scatter` of one update into element 0 of a 2-element tensor, its body returning `ret`. */
  function scatterModule(dtype: Dt, ret: string) {
    const [t, u] = [`tensor<2x${MLIR[dtype]}>`, `tensor<1x${MLIR[dtype]}>`];
    const e = `tensor<${MLIR[dtype]}>`;
    return readModule(`func.func @main(%x: ${t}, %i: tensor<1x1xi64>, %u: ${u}) -> ${t} {
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: ${e}, %b: ${e}):
    %c = "stablehlo.compare"(%b, %b) {comparison_direction = #stablehlo<comparison_direction NE>} : (${e}, ${e}) -> tensor<i1>
    %r = "stablehlo.select"(%c, ${ret}) : (tensor<i1>, ${e}, ${e}) -> ${e}
    "stablehlo.return"(%r) : (${e}) -> ()
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (${t}, tensor<1x1xi64>, ${u}) -> ${t}
  func.return %0 : ${t}
}`);
  }
  it.each([
    ['float16', [0x3c00, 0x3c00], 0xfe45, ['fe45', '3c00']],
    ['bfloat16', [0x3f80, 0x3f80], 0xffc3, ['ffc3', '3f80']],
    ['float32', [0x3f800000, 0x3f800000], 0xff800001, ['ff800001', '3f800000']],
    [
      'float64',
      [0x3ff0000000000000n, 0x3ff0000000000000n],
      0xfff0000000000001n,
      ['fff0000000000001', '3ff0000000000000'],
    ],
  ] as const)('%s: a body selecting a NaN update (payload, sign, signalling) gives its bits', (dtype, x, u, want) => {
    // select(b != b, b, a): the update where it is NaN. The core used to get the body's result as
    // a JS number and re-encode it (a 16-bit NaN lost its sign and payload, a signalling one was quieted).
    const m = scatterModule(dtype, '%b, %a');
    const args = [fromWords(dtype, x), tensor([[0n]], 'int64'), fromWords(dtype, [u])];
    expect(distinctResults(m, args, CALLS / 10)).toEqual([[want.join(' '), 0]]);
  });
});
