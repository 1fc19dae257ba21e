/**
 * CLI fuzz (hostile-input issue, item 7): a few hundred random invocations of `run`, `explain`
 * and `stablehlo` with hostile operator names, inputs (broken, deep, huge-number, wrong-type
 * JSON, missing files), attributes, opsets and dtypes. Each must end in output or a plain,
 * typed error: a library GatherScatterError, a commander usage error, or one of the CLI's own
 * messages — never a TypeError, RangeError, stack overflow or other engine error. Seeded; the
 * seed is printed so a failure replays (FUZZ_SEED=<seed>).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommanderError } from 'commander';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { program } from '../src/cli/main.js';
import * as lib from '../src/index.js';
import { GatherScatterError } from '../src/index.js';
import { buildRegistry } from '../src/tables/registry.js';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = 300;
const dir = mkdtempSync(join(tmpdir(), 'fuzz-cli-'));
const badNpy = join(dir, 'bad.npy');
writeFileSync(badNpy, new Uint8Array([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, 99, 0, 123]));
const ids = buildRegistry(lib as unknown as Record<string, unknown>).map((e) => e.id);

const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
const validArb = fc.constantFrom(
  '[[1,2],[3,4]]',
  '[1,0]',
  '[[0],[1]]',
  '[[1,0],[0,1]]',
  '[0]',
  '[[5,6],[7,8]]',
);
const hostileArb = fc.oneof(
  fc.constantFrom(
    '[]',
    '[[]]',
    '5',
    '"abc"',
    '[1,',
    '{"a":1}',
    '[["NaN","Infinity"]]',
    '["9007199254740993"]',
    '[1e400]',
    '[-0]',
    '[true,false]',
    '[[1,2],[3]]',
    deep(70),
    deep(5000),
    'missing-file.npy',
    'missing.json',
    badNpy,
    dir,
  ),
  fc.json({ maxDepth: 3 }),
);
const jsonArb = fc.oneof({ arbitrary: validArb, weight: 3 }, { arbitrary: hostileArb, weight: 1 });
const opArb = fc.oneof(
  { arbitrary: fc.constantFrom(...ids), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      'onnx.gathernd',
      'tf.gather',
      'np.take',
      'dml.GATHER',
      'nope',
      '',
      'torch.',
      '__proto__',
    ),
    weight: 1,
  },
);
const attrArb = fc.tuple(
  fc.constantFrom('axis', 'dim', 'batch_dims', 'mode', 'reduction', 'reduce', 'constructor', 'x', ''),
  fc.constantFrom('0', '0', '1', '-1', '99', 'clip', 'wrap', 'add', '"a"', '[0]', '{}', 'null', '1.5', ''),
);

const argvArb = fc
  .record({
    cmd: fc.constantFrom('run', 'run', 'explain', 'stablehlo'),
    op: opArb,
    data: fc.option(jsonArb, { nil: undefined }),
    indices: fc.option(jsonArb, { nil: undefined }),
    updates: fc.option(jsonArb, { nil: undefined }),
    attrs: fc.array(attrArb, { maxLength: 2 }),
    opset: fc.option(fc.constantFrom('13', '0', '99', 'abc', 'gpu', '-1'), { nil: undefined }),
    dtype: fc.option(fc.constantFrom('float32', 'int64', 'bool', 'float99', 'Int32'), { nil: undefined }),
    indexDtype: fc.option(fc.constantFrom('int64', 'int32', 'float32', 'nope'), { nil: undefined }),
  })
  .map((r) => {
    const argv = [r.cmd, r.op];
    if (r.data !== undefined) argv.push('--data', r.data);
    if (r.indices !== undefined) argv.push('--indices', r.indices);
    if (r.updates !== undefined) argv.push('--updates', r.updates);
    if (r.cmd !== 'stablehlo') {
      for (const [k, v] of r.attrs) argv.push('--attr', `${k}=${v}`);
      if (r.opset !== undefined) argv.push('--opset', r.opset);
      if (r.dtype !== undefined) argv.push('--dtype', r.dtype);
      if (r.indexDtype !== undefined) argv.push('--index-dtype', r.indexDtype);
    }
    argv.push('-q');
    return argv;
  });

/** An error a user may see: the library's, commander's, or the CLI's own plain Error. */
const plain = (e: unknown): boolean =>
  e instanceof GatherScatterError ||
  e instanceof CommanderError ||
  (e instanceof Error && Object.getPrototypeOf(e) === Error.prototype && e.message.length < 2000);

describe(`CLI fuzz (seed ${SEED})`, () => {
  it(`${RUNS} hostile invocations end in output or a plain typed error`, async () => {
    console.log(`fuzz-cli seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run test/fuzz-cli.test.ts)`);
    const samples = fc.sample(argvArb, { numRuns: RUNS, seed: SEED });
    const bad: string[] = [];
    let ok = 0;
    let errors = 0;
    for (const argv of samples) {
      const sink = () => {};
      try {
        await program(sink, sink)
          .exitOverride()
          .configureOutput({ writeOut: sink, writeErr: sink })
          .parseAsync(argv, { from: 'user' });
        ok++;
      } catch (e) {
        if (plain(e)) errors++;
        else
          bad.push(
            `${JSON.stringify(argv).slice(0, 300)} → ${(e as Error)?.name}: ${String((e as Error)?.message).slice(0, 200)}`,
          );
      }
    }
    console.log(
      `fuzz-cli: ${RUNS} invocations: ${ok} results, ${errors} typed errors, ${bad.length} untyped`,
    );
    expect(bad).toEqual([]);
    expect(ok + errors).toBe(RUNS);
  });
});
