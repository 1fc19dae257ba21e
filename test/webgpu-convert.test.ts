/**
 * convert between every pair of dtypes on the WebGPU backend (issue 27) over special values
 * (NaN payloads, infinities, subnormals, values past every integer range, INT_MIN), bit for bit
 * against the CPU interpreter: rounding once to nearest even, saturating float-to-integer
 * truncation (NaN → 0), integer wrap-around, 16-bit floats' canonical NaN. None refused.
 */
import { describe, expect, it } from 'vitest';
import { DTYPES, check, oneOp, specials } from './helpers/ir-programs.js';
import { nodeBackend, runInChild, webgpuMode } from './webgpu-env.js';

if (webgpuMode !== 'here') runInChild('test/webgpu-convert.test.ts');
else
  describe('WebGPU: convert = the CPU', async () => {
    const gpu = await nodeBackend();
    const t = gpu ? it : it.skip;

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
