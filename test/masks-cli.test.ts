/**
 * The mask ops through the CLI (the registry's SIGNATURES: `--indices` is the mask): run,
 * explain (the whole program, the nonzero step as spec ops) and the index tuples of
 * numpy.index / torch.index_put with a mask entry.
 */
import { describe, expect, it } from 'vitest';
import { program } from '../src/cli/main.js';

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

describe('mask ops in the CLI', () => {
  it('run torch.masked_select / tensorflow.boolean_mask with a JSON mask', async () => {
    const sel = await cli(
      'run',
      'torch.masked_select',
      '--data',
      '[[1,2,3],[4,5,6]]',
      '--indices',
      '[[true,false,true],[false,true,false]]',
    );
    expect(sel).toContain('[1,3,5]');
    const bm = await cli(
      'run',
      'tensorflow.boolean_mask',
      '--data',
      '[[1,2],[3,4],[5,6]]',
      '--indices',
      '[true,false,true]',
    );
    expect(bm).toContain('[[1,2],[5,6]]');
  });
  it('a JSON boolean entry of an index tuple is a mask (numpy.index, torch.index_put)', async () => {
    const out = await cli(
      'run',
      'numpy.index',
      '--data',
      '[[0,1,2],[10,11,12]]',
      '--indices',
      '[[true,false],[2]]',
    );
    expect(out).toContain('[2]');
    const put = await cli(
      'run',
      'torch.index_put',
      '--data',
      '[[0,1,2],[10,11,12]]',
      '--indices',
      '[[[true,false,true],[false,true,false]]]',
      '--updates',
      '[7,8,9]',
    );
    expect(put).toContain('[[7,1,8],[10,9,12]]');
  });
  it('explain prints the nonzero step as spec ops', async () => {
    const out = await cli(
      'explain',
      'torch.masked_select',
      '--data',
      '[[1,2,3],[4,5,6]]',
      '--indices',
      '[[true,false,true],[false,true,false]]',
    );
    expect(out).toContain('stablehlo.scatter');
    expect(out).toContain('stablehlo.gather');
  });
});
