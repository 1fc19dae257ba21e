/**
 * Text out, text in: for every registered op's presets and for random calls of every framework,
 * the module `explain --module` prints (spec ops and attributes only) reads back through the
 * StableHLO reader and runs to exactly what `execute` computes — bit for bit. One call per op also
 * goes through the real CLI (`explain --module -o FILE`, then `stablehlo FILE --arg …`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CoreCall, execute } from '../src/core/call.js';
import { GatherScatterError } from '../src/errors.js';
import * as lib from '../src/index.js';
import { programOf } from '../src/ir/lowered.js';
import { stablehloModule } from '../src/ir/module-text.js';
import { runModule } from '../src/ir/run.js';
import { readModule } from '../src/stablehlo-text/index.js';
import { PRESETS } from '../src/tables/presets.js';
import { probeArgs } from '../src/tables/probes.js';
import { type CallArgs, type OpEntry, buildRegistry, lowerCall } from '../src/tables/registry.js';
import type { Tensor } from '../src/tensor/tensor.js';
import { rng } from './reference/random-cases.js';

const ns = lib as unknown as Record<string, unknown>;
const registry = buildRegistry(ns);
const entry = (id: string) => registry.find((e) => e.id === id) as OpEntry;

const bits = (t: Tensor) => ({
  dtype: t.dtype,
  shape: [...t.shape],
  bytes: Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength).toString('hex'),
});

/** The ops and attribute keys of the StableHLO spec (and the func dialect) a printed module may use. */
const SPEC_OPS = new Set([
  'stablehlo.constant',
  'stablehlo.iota',
  'stablehlo.broadcast_in_dim',
  'stablehlo.reshape',
  'stablehlo.transpose',
  'stablehlo.convert',
  'stablehlo.concatenate',
  'stablehlo.slice',
  'stablehlo.dynamic_slice',
  'stablehlo.dynamic_update_slice',
  'stablehlo.pad',
  'stablehlo.select_and_scatter',
  'stablehlo.reduce_window',
  'stablehlo.compare',
  'stablehlo.select',
  'stablehlo.clamp',
  'stablehlo.add',
  'stablehlo.subtract',
  'stablehlo.multiply',
  'stablehlo.divide',
  'stablehlo.remainder',
  'stablehlo.minimum',
  'stablehlo.maximum',
  'stablehlo.and',
  'stablehlo.or',
  'stablehlo.not',
  'stablehlo.negate',
  'stablehlo.reduce',
  'stablehlo.gather',
  'stablehlo.scatter',
  'stablehlo.return',
  'func.func',
  'func.return',
  'func.call',
]);
const LIBRARY_WORDS =
  /\b(mode|negative_indices|fill_value|include_self|duplicates|float_minmax|zero_size_dims|oob_code)\b/;

/** Checks a printed module uses spec ops and attributes only (comments aside). */
function expectSpecOnly(text: string): void {
  const code = text
    .split('\n')
    .filter((l) => !l.trimStart().startsWith('//'))
    .join('\n');
  for (const m of code.matchAll(/"?\b((?:stablehlo|func|check|mhlo|chlo)\.[a-z_]+)\b/g))
    expect(SPEC_OPS.has(m[1]), `${m[1]} is not a spec op`).toBe(true);
  expect(code).not.toMatch(LIBRARY_WORDS);
}

type Trip = 'ok' | 'invalid' | 'no-region';

/** Lowers, runs, prints, reads back and runs again; the two results must be the same bits. */
function roundTrip(e: OpEntry, args: CallArgs): Trip {
  let call: CoreCall;
  let expected: Tensor;
  try {
    call = lowerCall(ns, e, args) as CoreCall;
    expected = execute(call);
  } catch (err) {
    if (err instanceof GatherScatterError) return 'invalid';
    throw err;
  }
  let text: string;
  try {
    text = stablehloModule(call);
  } catch (err) {
    // A JavaScript update function has no region: the module refuses with a typed error.
    if (err instanceof GatherScatterError && err.code === 'ir.lower.update_computation') return 'no-region';
    throw err;
  }
  expectSpecOnly(text);
  const module = readModule(text);
  const got = runModule(module, programOf(call).args).results[0];
  expect(bits(got), `${e.id}\n${text}`).toEqual(bits(expected));
  return 'ok';
}

describe('explain --module → stablehlo, bit for bit', () => {
  it('every preset of every registered op', () => {
    const counts = { ok: 0, invalid: 0, 'no-region': 0 };
    for (const p of PRESETS) counts[roundTrip(entry(p.op), p.args)]++;
    expect(counts.ok).toBeGreaterThan(40);
    console.log(`presets: ${JSON.stringify(counts)}`);
  });

  const seed = Number(process.env.SEED ?? Date.now() % 100000);
  const frameworks = [...new Set(registry.filter((e) => e.state === 'ready').map((e) => e.framework))];
  it.each(frameworks)(`1,000 random calls of %s (seed ${seed})`, (fw) => {
    const r = rng(seed + fw.length * 7919);
    const ops = registry.filter((e) => e.framework === fw && e.state === 'ready');
    const counts = { ok: 0, invalid: 0, 'no-region': 0 };
    const dtypes = ['float32', 'float64', 'float16', 'int32', 'int64', 'uint8'] as const;
    for (let n = 0; n < 1000; n++) {
      const e = r.pick(ops);
      const rows = Array.from({ length: r.int(1, 3) }, () => r.int(-4, 5));
      counts[roundTrip(e, probeArgs(e, rows, { dataDType: r.pick(dtypes) }))]++;
    }
    // A guard against a vacuous run, not a rate: random rows make most calls of some frameworks
    // invalid (rows in −4…5: TensorFlow refuses negative and out-of-range ones; seed 89495 gave 100 ok).
    expect(counts.ok, JSON.stringify(counts)).toBeGreaterThan(40);
  });
});

describe('through the CLI: explain --module -o FILE, then stablehlo FILE --arg …', () => {
  const dir = mkdtempSync(join(tmpdir(), 'roundtrip-'));
  const cli = join(process.cwd(), 'dist/cli/main.js');
  const node = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  const cases = [
    {
      name: 'torch.index_add with alpha = 2 (the issue’s case: [5, 2, 3], not [3, 2, 3])',
      explain: ['torch.index_add', '--data', '[1,2,3]', '--indices', '[0]', '--updates', '[2]'],
      more: ['--dtype', 'int64', '--attr', 'dim=0', '--attr', 'alpha=2'],
      args: ['[1,2,3]', '[0]', '[2]'],
      out: '[5,2,3]',
    },
    {
      name: 'numpy.take reads -1 from the end: compare, add and select before the spec gather',
      explain: ['numpy.take', '--data', '[10,20,30,40,50]', '--indices', '[-1, 0]'],
      more: [],
      args: ['[10,20,30,40,50]', '[-1, 0]'],
      out: '[50,10]',
    },
  ];
  it.each(cases)('$name', ({ explain, more, args, out }) => {
    const mlir = join(dir, `${explain[0]}.mlir`);
    const ex = node('explain', ...explain, ...more, '--module', '-o', mlir, '-q');
    expect(ex.stderr).toBe('');
    expect(ex.status).toBe(0);
    const run = node('stablehlo', mlir, ...args.flatMap((a) => ['--arg', a]), '-q');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.replace(/\s/g, '')).toBe(out);
  });
});
