/**
 * Every element-wise IR op on every dtype on the WebGPU backend (issue 27): binary ops over all
 * pairs of special values, unary ops, compare (FLOAT and TOTALORDER), select, clamp and convert
 * between every pair of dtypes, bit for bit against the CPU interpreter; only the ops
 * elementwise.ts names (libm results, sqrt, float remainder) may be refused, with webgpu.op.
 */
import { describe, expect, it } from 'vitest';
import { execute } from '../src/core/call.js';
import { numpy, tensor } from '../src/index.js';
import { typeOf } from '../src/ir/lowered.js';
import { BINARY_OPS, UNARY_OPS } from '../src/ir/program.js';
import { DTYPES, check, oneOp, pairs, specials } from './helpers/ir-programs.js';
import { nodeBackend, runInChild, webgpuMode } from './webgpu-env.js';

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
      'unary ops, compare (FLOAT, TOTALORDER), select, clamp: same bits as the CPU',
      async () => {
        const refused: string[] = [];
        const wrong: string[] = [];
        for (const dtype of DTYPES) {
          const x = specials(dtype);
          for (const kind of UNARY_OPS) {
            const out = { shape: x.shape, dtype: kind === 'is_finite' ? 'bool' : dtype } as const;
            await check(gpu!, oneOp({ kind, results: [out] }, [x]), `${kind} ${dtype}`, refused, wrong);
          }
          const [a, b] = pairs(x);
          for (const comparison_direction of ['EQ', 'NE', 'LT', 'LE', 'GT', 'GE'] as const)
            for (const compare_type of dtype.includes('float')
              ? (['FLOAT', 'TOTALORDER'] as const)
              : [undefined]) {
              const op = {
                kind: 'compare',
                comparison_direction,
                compare_type,
                results: [{ shape: a.shape, dtype: 'bool' }],
              };
              await check(
                gpu!,
                oneOp(op, [a, b]),
                `compare ${comparison_direction} ${compare_type} ${dtype}`,
                refused,
                wrong,
              );
            }
          const pred = execute(
            oneOp(
              {
                kind: 'compare',
                comparison_direction: 'LT',
                results: [{ shape: a.shape, dtype: 'bool' }],
              },
              [a, b],
            ),
          );
          await check(
            gpu!,
            oneOp({ kind: 'select', results: [typeOf(a)] }, [pred, a, b]),
            `select ${dtype}`,
            refused,
            wrong,
          );
          const lo = execute(numpy.lower.take(x, tensor(1, 'int32')));
          await check(
            gpu!,
            oneOp({ kind: 'clamp', results: [typeOf(a)] }, [lo, a, b]),
            `clamp ${dtype}`,
            refused,
            wrong,
          );
        }
        console.log(`unary refused: ${refused.join(', ')}`);
        for (const r of refused) expect(r).toMatch(/^(sqrt|exponential|log) (float|bfloat)/);
        expect(wrong).toEqual([]);
      },
      120_000,
    );

    t(
      'convert between every pair of dtypes: same bits as the CPU',
      async () => {
        const refused: string[] = [];
        const wrong: string[] = [];
        for (const from of DTYPES)
          for (const to of DTYPES) {
            const x = specials(from);
            await check(
              gpu!,
              oneOp({ kind: 'convert', results: [{ shape: x.shape, dtype: to }] }, [x]),
              `convert ${from}→${to}`,
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
