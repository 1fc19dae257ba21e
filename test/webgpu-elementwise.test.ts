/**
 * The element-wise binary IR ops on the WebGPU backend (issue 27): every op on every dtype over
 * all pairs of special values, and add/sub/mul/div/sqrt on random float bit patterns, bit for
 * bit against the CPU interpreter; only the ops elementwise.ts names (libm results, float
 * remainder) may be refused, with webgpu.op. Unary ops, compare, select, clamp:
 * test/webgpu-unary.test.ts; convert: test/webgpu-convert.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { typeOf } from '../src/ir/lowered.js';
import { Tensor } from '../src/tensor/tensor.js';
import { BINARY_OPS } from '../src/ir/program.js';
import { DTYPES, check, oneOp, pairs, specials } from './helpers/ir-programs.js';
import { differentialSeed } from './helpers/seed.js';
import { nodeBackend, runInChild, webgpuMode } from './webgpu-env.js';

/** Random float bit patterns (xorshift32), exponents drawn near each other and at the edges. */
function randomBits(dtype: 'float64' | 'float32', n: number, seed: number): Tensor {
  let x = seed || 1;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
  const words = new Uint32Array(dtype === 'float64' ? 2 * n : n);
  for (let i = 0; i < n; i++) {
    const edge = next() % 8 === 0;
    if (dtype === 'float64') {
      const exp = edge ? [0, 1, 0x7fe, 0x7ff][next() % 4] : 1023 - 30 + (next() % 60);
      words[2 * i] = next();
      words[2 * i + 1] = ((next() & 1) << 31) | (exp << 20) | (next() & 0xfffff);
    } else {
      const exp = edge ? [0, 1, 0xfe, 0xff][next() % 4] : 127 - 20 + (next() % 40);
      words[i] = ((next() & 1) << 31) | (exp << 23) | (next() & 0x7fffff);
    }
  }
  return dtype === 'float64'
    ? new Tensor('float64', [n], new Float64Array(words.buffer))
    : new Tensor('float32', [n], new Float32Array(words.buffer));
}

if (webgpuMode !== 'here') runInChild('test/webgpu-elementwise.test.ts');
else
  describe('WebGPU: every element-wise IR op = the CPU', async () => {
    const gpu = await nodeBackend();
    const t = gpu ? it : it.skip;

    t(
      'binary ops on every dtype, all pairs of special values: same bits as the CPU',
      async () => {
        const refused: string[] = [];
        const wrong: string[] = [];
        for (const dtype of DTYPES) {
          const [a, b] = pairs(specials(dtype));
          for (const kind of BINARY_OPS)
            await check(
              gpu!,
              oneOp({ kind, results: [typeOf(a)] }, [a, b]),
              `${kind} ${dtype}`,
              refused,
              wrong,
            );
        }
        console.log(`binary refused: ${refused.join(', ')}`);
        // Only the libm ops and float remainder (named in elementwise.ts) are refused.
        for (const r of refused) expect(r).toMatch(/^(power|atan2|remainder) (float|bfloat)/);
        expect(wrong).toEqual([]);
      },
      120_000,
    );

    t(
      'add, subtract, multiply, divide, sqrt on 4,096 random float64/float32 bit patterns (seeded): same bits',
      async () => {
        const seed = differentialSeed('webgpu-elementwise.test.ts');
        const refused: string[] = [];
        const wrong: string[] = [];
        for (const dtype of ['float64', 'float32'] as const) {
          const a = randomBits(dtype, 4096, seed);
          const b = randomBits(dtype, 4096, seed ^ 0x9e3779b9);
          for (const kind of ['add', 'subtract', 'multiply', 'divide'])
            await check(
              gpu!,
              oneOp({ kind, results: [typeOf(a)] }, [a, b]),
              `${kind} ${dtype}`,
              refused,
              wrong,
            );
          await check(
            gpu!,
            oneOp({ kind: 'sqrt', results: [typeOf(a)] }, [a]),
            `sqrt ${dtype}`,
            refused,
            wrong,
          );
        }
        expect(refused).toEqual([]);
        expect(wrong).toEqual([]);
      },
      120_000,
    );
  });
