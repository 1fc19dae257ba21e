/**
 * IR programs for the WebGPU tests: a program of one op, special values per dtype (signed zeros,
 * NaN payloads, infinities, subnormals, INT_MIN, shift amounts at the width), every pair of them,
 * and the CPU-vs-GPU comparison that sorts refusals (webgpu.op) from wrong bits.
 */
import type { WebGpuBackend } from '../../src/backends/webgpu/backend.js';
import { execute } from '../../src/core/call.js';
import { numpy, tensor } from '../../src/index.js';
import { type ProgramCall, mainFunc, typeOf } from '../../src/ir/lowered.js';
import type { Op } from '../../src/ir/program.js';
import type { DType } from '../../src/tensor/dtype.js';
import { Tensor } from '../../src/tensor/tensor.js';
import { sameOnGpu } from '../webgpu-env.js';

/** A program of one op on `args` (value ids 0…). */
export function oneOp(
  op: { kind: string; results: readonly unknown[]; [k: string]: unknown },
  args: readonly Tensor[],
): ProgramCall {
  const full = { ...op, operands: args.map((_, k) => k) } as unknown as Op;
  const main = mainFunc(args.map(typeOf), [full], [args.length]);
  return {
    kind: 'program',
    op: `test.${op.kind}`,
    module: { funcs: [main], entry: 'main' },
    args,
    argNames: args.map((_, k) => `x${k}`),
  };
}

const F64 = (hi: number, lo: number) => new Float64Array(new Uint32Array([lo, hi]).buffer)[0];
const u32f = (b: number) => new Float32Array(new Uint32Array([b]).buffer)[0];

/** Special values per dtype, as stored elements (bits for 16-bit floats; raw for the rest). */
export function specials(dtype: DType): Tensor {
  const fl = [
    0,
    -0,
    1,
    -1,
    0.5,
    -0.5,
    1.5,
    2.5,
    -2.5,
    0.3,
    3,
    7,
    -7,
    100.75,
    1e30,
    -1e-30,
    Infinity,
    -Infinity,
  ];
  switch (dtype) {
    case 'float64': {
      const xs = [
        ...fl,
        Number.NaN,
        F64(0x7ff00000, 1),
        F64(0xfff80000, 7),
        5e-324,
        -2.2e-308,
        1.7976931348623157e308,
        2 ** 52 + 0.5,
        4503599627370497,
      ];
      return new Tensor('float64', [xs.length], Float64Array.from(xs));
    }
    case 'float32': {
      const xs = [
        ...fl,
        u32f(0x7fc00000),
        u32f(0x7f800001),
        u32f(0xffc00005),
        u32f(1),
        u32f(0x807fffff),
        3.4028234663852886e38,
        8388608.5,
      ];
      return new Tensor('float32', [xs.length], Float32Array.from(xs));
    }
    case 'float16':
    case 'bfloat16': {
      const bits =
        dtype === 'float16'
          ? [
              0, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x3e00, 0x4100, 0xc100, 0x0001, 0x83ff, 0x7bff, 0x7c00,
              0xfc00, 0x7e00, 0x7c01, 0xfe03, 0x6400, 0x4248,
            ]
          : [
              0, 0x8000, 0x3f80, 0xbf80, 0x3f00, 0x3fc0, 0x4020, 0xc020, 0x0001, 0x807f, 0x7f7f, 0x7f80,
              0xff80, 0x7fc0, 0x7f81, 0xffc3, 0x4b00, 0x4049,
            ];
      return new Tensor(dtype, [bits.length], Uint16Array.from(bits));
    }
    case 'int64':
    case 'uint64': {
      const xs = [
        0n,
        1n,
        -1n,
        2n,
        3n,
        -3n,
        7n,
        63n,
        64n,
        65n,
        -(2n ** 63n),
        2n ** 63n - 1n,
        2n ** 32n,
        12345678901n,
        -98765n,
      ];
      return tensor(
        xs.map((x) => (dtype === 'uint64' ? BigInt.asUintN(64, x) : x)),
        dtype,
      );
    }
    case 'bool':
      return tensor([true, false], 'bool');
  }
  const bits = dtype.endsWith('8') ? 8 : dtype.endsWith('16') ? 16 : 32;
  const lo = dtype.startsWith('u') ? 0 : -(2 ** (bits - 1));
  const hi = dtype.startsWith('u') ? 2 ** bits - 1 : 2 ** (bits - 1) - 1;
  const xs = [0, 1, -1, 2, 3, -3, 5, 7, bits - 1, bits, bits + 1, 31, 32, lo, hi, lo + 1, 100].map((x) =>
    Math.max(lo, Math.min(hi, x)),
  );
  return tensor(xs, dtype);
}

/** Every (a, b) pair of the special values, as two tensors of one shape. */
export function pairs(t: Tensor): [Tensor, Tensor] {
  const n = t.size;
  const ia = tensor(
    Array.from({ length: n * n }, (_, k) => Math.floor(k / n)),
    'int32',
  );
  const ib = tensor(
    Array.from({ length: n * n }, (_, k) => k % n),
    'int32',
  );
  const take = (i: Tensor) => execute(numpy.lower.take(t, i));
  return [take(ia), take(ib)];
}

export const DTYPES: DType[] = [
  'float64',
  'float32',
  'float16',
  'bfloat16',
  'int64',
  'uint64',
  'int32',
  'uint32',
  'int16',
  'uint16',
  'int8',
  'uint8',
  'bool',
];

/**
 * Runs a program on both sides: a CPU error (the op is undefined on the dtype) skips the case;
 * a GPU refusal (webgpu.op) goes to `refused`, any other difference to `wrong` (first line).
 */
export async function check(
  gpu: WebGpuBackend,
  call: ProgramCall,
  label: string,
  refused: string[],
  wrong: string[],
): Promise<void> {
  try {
    execute(call);
  } catch {
    return;
  }
  try {
    await sameOnGpu(gpu, call, label);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'webgpu.op' || String((e as Error).message).includes('(webgpu.op)')) refused.push(label);
    else
      wrong.push(
        `${label}: ${String((e as Error).message)
          .split('\n')
          .slice(0, 1)
          .join(' ')}`,
      );
  }
}
