import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { parseAttr, program } from '../src/cli/main.js';
import { readNpy, writeNpy } from '../src/interop/npy.js';
import { behaviourTables } from '../src/tables/tables.js';
import { tensor } from '../src/tensor/tensor.js';

async function cli(...args: string[]): Promise<string> {
  let out = '';
  const p = program((s) => {
    out += s;
  });
  p.exitOverride();
  for (const c of p.commands) c.exitOverride();
  await p.parseAsync(['node', 'tensor-gather-scatter', ...args]);
  return out;
}

/** The output of a command that ends in a typed error (explain prints, then fails with the call's error). */
async function cliFailing(code: string, ...args: string[]): Promise<string> {
  let out = '';
  const p = program((s) => {
    out += s;
  });
  await expect(p.parseAsync(['node', 'tensor-gather-scatter', ...args])).rejects.toMatchObject({ code });
  return out;
}

describe('tensor-gather-scatter CLI', () => {
  it('run: the article GatherND example 2 under ONNX (negative index) and MXNet (first-dim index vectors)', async () => {
    expect(await cli('run', 'onnx.GatherND', '--data', '[[1,2],[3,4]]', '--indices', '[[-2,0],[1,1]]')).toBe(
      '[1,4]\n',
    );
    expect(await cli('run', 'mxnet.gather_nd', '--data', '[[1,2],[3,4]]', '--indices', '[[0,0],[1,1]]')).toBe(
      '[2,2]\n',
    );
  });

  it('run: .npy in and out, attributes as name=value', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gs-cli-'));
    writeFileSync(
      join(dir, 'data.npy'),
      writeNpy(
        tensor(
          [
            [1, 2, 3],
            [4, 5, 6],
          ],
          'float32',
        ),
      ),
    );
    await cli(
      'run',
      'tensorflow.gather',
      '--data',
      join(dir, 'data.npy'),
      '--indices',
      '[2,0]',
      '--attr',
      'axis=1',
      '-o',
      join(dir, 'out.npy'),
    );
    const out = readNpy(new Uint8Array(readFileSync(join(dir, 'out.npy'))));
    expect(out.dtype).toBe('float32');
    expect(out.toArray()).toEqual([
      [3, 1],
      [6, 4],
    ]);
  });

  it('explain: StableHLO text, the mapping and the rule ID of an error', async () => {
    const text = await cliFailing(
      'onnx.ScatterND-18.duplicate_indices',
      'explain',
      'onnx.ScatterND',
      '--data',
      '[1,2,3,4]',
      '--indices',
      '[[1],[1]]',
      '--updates',
      '[9,8]',
      '--no-color',
    );
    expect(text).toContain('"stablehlo.scatter"');
    expect(text).toContain('onnx.ScatterND-18.duplicate_indices');
    expect(text).toContain('updates[0] (9) → out[1]');
    expect(text).toContain('⚠ collision');
    const g = await cli(
      'explain',
      'tensorflow.gather',
      '--data',
      '[[1,2,3],[4,5,6]]',
      '--indices',
      '[2,0,5]',
      '--attr',
      'axis=1',
      '--opset',
      'gpu',
      '--no-color',
    );
    expect(g).toContain('out[0, 2] = 0 ← (nothing read)');
    expect(g).toContain('∅ filled');
    expect(g).not.toContain('\x1b[');
  });

  it('table prints the measured tables', async () => {
    expect(await cli('table')).toBe(behaviourTables(lib as unknown as Record<string, unknown>));
  });

  it('parseAttr reads JSON values and bare strings', () => {
    expect(parseAttr('axis=-1')).toEqual({ axis: -1 });
    expect(parseAttr('mode=clip', { axis: 0 })).toEqual({ axis: 0, mode: 'clip' });
    expect(parseAttr('shape=[4,4]')).toEqual({ shape: [4, 4] });
    expect(parseAttr('mode={bad')).toEqual({ mode: '{bad' }); // not JSON: the text itself
    expect(() => parseAttr('axis')).toThrow(/name=value/);
  });

  it('unknown operators are reported with the known list', async () => {
    await expect(cli('run', 'onnx.Nope', '--indices', '[0]')).rejects.toThrow(/unknown operator/);
  });
});
