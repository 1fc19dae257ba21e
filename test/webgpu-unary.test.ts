/**
 * The element-wise IR ops of one operand and the ones that order or choose on the WebGPU backend
 * (issue 27): every unary op, compare (FLOAT and TOTALORDER, every direction), select and clamp
 * on every dtype over special values, bit for bit against the CPU interpreter; only the libm ops
 * (exponential, log on floats) may be refused, with webgpu.op. Binary ops and convert:
 * test/webgpu-elementwise.test.ts, test/webgpu-convert.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { execute } from '../src/core/call.js';
import { numpy, tensor } from '../src/index.js';
import { typeOf } from '../src/ir/lowered.js';
import { UNARY_OPS } from '../src/ir/program.js';
import { DTYPES, check, oneOp, pairs, specials } from './helpers/ir-programs.js';
import { nodeBackend, runInChild, webgpuMode } from './webgpu-env.js';

if (webgpuMode !== 'here') runInChild('test/webgpu-unary.test.ts');
else
  describe('WebGPU: unary ops, compare, select, clamp = the CPU', async () => {
    const gpu = await nodeBackend();
    const t = gpu ? it : it.skip;

    t(
      'unary ops, compare (FLOAT, TOTALORDER), select, clamp: same bits as the CPU',
      async () => {
        const refused: string[] = [];
        const wrong: string[] = [];
        for (const dtype of DTYPES) {
          const x = specials(dtype);
          for (const kind of UNARY_OPS) {
            // real / imag take float or complex operands only (spec I1): nothing to run on the rest
            if ((kind === 'real' || kind === 'imag') && !dtype.includes('float')) continue;
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
        for (const r of refused) expect(r).toMatch(/^(exponential|log) (float|bfloat)/);
        expect(wrong).toEqual([]);
      },
      120_000,
    );
  });
