/** The verify and why commands: exit 0 allowed, 1 departs, 2 usage; every violation listed. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { program } from '../src/cli/main.js';
import { writeNpy } from '../src/interop/npy.js';
import { tensor } from '../src/tensor/tensor.js';

const dir = mkdtempSync(join(tmpdir(), 'oracle-cli-'));

async function cli(...args: string[]): Promise<{ out: string; err: string }> {
  let out = '';
  let err = '';
  const p = program(
    (s) => void (out += s),
    (s) => void (err += s),
  );
  p.exitOverride();
  for (const c of p.commands) c.exitOverride();
  await p.parseAsync(['node', 'tgs', ...args]);
  return { out, err };
}

function file(name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

const SCATTER = [
  'onnx.ScatterND',
  '--data',
  '[0,0,0,0]',
  '--indices',
  '[[1],[1],[3]]',
  '--updates',
  '[5,7,9]',
  '--dtype',
  'float32',
];

describe('tgs verify', () => {
  it('exit 0 for another allowed winner, naming the liberty and its rule', async () => {
    const r = await cli('verify', ...SCATTER, '--candidate', file('five.json', '[0,5,0,9]'));
    expect(r.out).toBe(
      'onnx.ScatterND-18: allowed\n' +
        '  liberty onnx.Scatter.duplicates (winner) used on 1 element: with reduction "none", indices "should not have duplicate entries"; the output for duplicates is not specified (onnx/onnx#3234: no execution order is guaranteed)\n',
    );
  });

  it('exit 1 for a value no winner gives, with the position, the allowed set and the rule', async () => {
    const err = await cli('verify', ...SCATTER, '--candidate', file('bad.json', '[0,6,0,9]')).catch((e) => e);
    expect(err).toMatchObject({ exitCode: 1, code: 'oracle.departs' });
    const json = await cli(
      'verify',
      ...SCATTER,
      '--json',
      '--candidate',
      file('bad2.json', '[0,6,0,9]'),
    ).catch((e) => e);
    expect(json.exitCode).toBe(1);
  });

  it('prints the departure (JSON verdict) before exiting 1', async () => {
    let out = '';
    const p = program(
      (s) => void (out += s),
      () => {},
    );
    p.exitOverride();
    for (const c of p.commands) c.exitOverride();
    await expect(
      p.parseAsync([
        'node',
        'tgs',
        'verify',
        ...SCATTER,
        '--json',
        '--candidate',
        file('bad3.json', '[0,6,0,9]'),
      ]),
    ).rejects.toMatchObject({ exitCode: 1 });
    const v = JSON.parse(out);
    expect(v.verdict).toBe('departs');
    expect(v.violations).toEqual([
      expect.objectContaining({
        position: [1],
        expected: 'one of {7, 5} (winner)',
        got: '6',
        class: 'wrong value',
      }),
    ]);
  });

  it('a .npy candidate, and an error candidate where the spec pins an error', async () => {
    const npy = join(dir, 'c.npy');
    writeFileSync(npy, writeNpy(tensor([30], 'float32')));
    const gather = ['onnx.Gather', '--data', '[10,20,30]', '--indices', '[-1]', '--dtype', 'float32'];
    expect((await cli('verify', ...gather, '--candidate', npy)).out).toBe('onnx.Gather-13: allowed\n');
    const oob = ['onnx.Gather', '--data', '[10,20,30]', '--indices', '[7]', '--dtype', 'float32'];
    expect(
      (await cli('verify', ...oob, '--candidate', file('err.json', '{"error": "index 7 out of range"}'))).out,
    ).toBe('onnx.Gather-13: allowed\n');
    await expect(cli('verify', ...oob, '--candidate', npy)).rejects.toMatchObject({ exitCode: 1 });
  });

  it('exit 2 on a usage error: a missing candidate file, an unknown op, a malformed candidate', async () => {
    await expect(cli('verify', ...SCATTER, '--candidate', join(dir, 'nope.json'))).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('no such file'),
    });
    await expect(
      cli('verify', 'onnx.Nope', '--indices', '[0]', '--candidate', file('x.json', '[1]')),
    ).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining('unknown operator') });
    await expect(
      cli('verify', ...SCATTER, '--candidate', file('obj.json', '{"x": 1}')),
    ).rejects.toMatchObject({
      exitCode: 2,
    });
  });
});

describe('tgs why', () => {
  it('lists every out-of-bounds index with its rule code; exit 1', async () => {
    let out = '';
    const p = program(
      (s) => void (out += s),
      () => {},
    );
    p.exitOverride();
    for (const c of p.commands) c.exitOverride();
    await expect(
      p.parseAsync([
        'node',
        'tgs',
        'why',
        'onnx.GatherND',
        '--data',
        '[[1,2],[3,4]]',
        '--indices',
        '[[0,5],[1,1],[9,0]]',
      ]),
    ).rejects.toMatchObject({ exitCode: 1, code: 'oracle.violations' });
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe('onnx.GatherND-13: 2 violations');
    expect(lines[1]).toMatch(
      /^ {2}onnx\.GatherND-13\.\S+: onnx\.GatherND-13: index \[0, 5\] at indices position \[0, 0\]/,
    );
    expect(lines[2]).toMatch(/index \[9, 0\] at indices position \[2, 0\]/);
  });

  it('a valid call: exit 0', async () => {
    expect((await cli('why', 'onnx.Gather', '--data', '[1,2]', '--indices', '[1]')).out).toBe(
      'onnx.Gather-13: the call is valid\n',
    );
  });
});
