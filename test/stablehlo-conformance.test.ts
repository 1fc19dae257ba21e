/**
 * The StableHLO conformance modules (../shared/conformance/stablehlo: 1,042 JAX-generated
 * modules under testdata/, the reference interpreter's gather/scatter/dynamic_gather tests under
 * interpret/) read by the module reader and run by the IR interpreter: every check of every
 * module passes. Then a seeded sample through the built CLI (`node dist/cli/main.js stablehlo
 * FILE`; the seed changes per run and is printed: CONFORMANCE_SEED=<seed> replays it), and a
 * module with one expected constant altered fails (exit 1, naming the check). STABLEHLO_DIR=<dir>
 * runs the in-process part on another suite laid out the same way.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runText } from '../src/stablehlo-text/run-text.js';
import { rng } from './reference/random-cases.js';

const ROOT = '../shared/conformance/stablehlo';
/** STABLEHLO_DIR=<dir>: the in-process run reads another suite laid out the same way (a held-out one). */
const SUITE = process.env.STABLEHLO_DIR ?? ROOT;
const list = (dir: string, root = ROOT) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.mlir'))
    .sort()
    .map((f) => join(root, dir, f));
const TESTDATA = list('testdata');
const INTERPRET = list('interpret');
const BIN = join(process.cwd(), 'dist/cli/main.js');
const SEED = Number(process.env.CONFORMANCE_SEED ?? Math.floor(Math.random() * 2 ** 31));

function sample<T>(xs: readonly T[], n: number, seed: number): T[] {
  const r = rng(seed).next;
  const pool = [...xs];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(r() * pool.length), 1)[0]);
  return out;
}

describe('the conformance files are all there', () => {
  it('1,042 testdata modules and 3 interpreter test files', () => {
    expect(TESTDATA.length).toBe(1042);
    expect(INTERPRET.map((f) => f.split('/').pop())).toEqual([
      'dynamic_gather.mlir',
      'gather.mlir',
      'scatter.mlir',
    ]);
  });
});

describe('every module, in process: read, verify, run; every check passes', () => {
  for (const [name, files] of [
    ['interpret/', list('interpret', SUITE)],
    ['testdata/', list('testdata', SUITE)],
  ] as const) {
    it(`${name} (${files.length} files)`, () => {
      const t0 = performance.now();
      const failures: string[] = [];
      let checks = 0;
      let functions = 0;
      for (const file of files) {
        try {
          const runs = runText(readFileSync(file, 'utf8'));
          functions += runs.length;
          const fileChecks = runs.flatMap((r) => r.checks);
          if (fileChecks.length === 0) failures.push(`${file}: no check ran`);
          checks += fileChecks.length;
          for (const c of fileChecks)
            if (!c.passed) failures.push(`${file}: ${c.name} in @${c.func} (line ${c.line}): ${c.message}`);
        } catch (e) {
          failures.push(`${file}: ${(e as Error).message}`);
        }
      }
      const ms = performance.now() - t0;
      console.log(
        `conformance ${name}: ${files.length} files, ${functions} functions, ${checks} checks, ${failures.length} failures, ${ms.toFixed(0)} ms`,
      );
      expect(failures).toEqual([]);
    });
  }
});

describe(`through the built CLI (seed ${SEED}; replay: CONFORMANCE_SEED=${SEED})`, () => {
  const picked = sample(TESTDATA, 8, SEED);
  const node = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });

  it('8 seeded testdata modules and the 3 interpreter files exit 0 with their checks passed', () => {
    console.log(`conformance CLI seed ${SEED}: ${picked.map((f) => f.split('/').pop()).join(', ')}`);
    for (const file of [...picked, ...INTERPRET]) {
      const r = node('stablehlo', file);
      expect({ file, status: r.status, stderr: r.stderr }).toEqual({
        file,
        status: 0,
        stderr: expect.stringMatching(/^\d+ checks? passed in \d+ functions?\n$/),
      });
      if (!file.includes('interpret')) expect(r.stdout.length).toBeGreaterThan(2); // @main's result
    }
  });

  it('altering one expected constant makes the module fail (exit 1, the check and its line named)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
    const file = join(ROOT, 'testdata', 'gather_float32_5_int64_2_1.mlir');
    const text = readFileSync(file, 'utf8');
    const altered = text.replace('dense<[1.27891302, 2.52560949]>', 'dense<[1.27891302, 2.5]>');
    expect(altered).not.toBe(text);
    const path = join(dir, 'altered.mlir');
    writeFileSync(path, altered);
    expect(node('stablehlo', file).status).toBe(0);
    const r = node('stablehlo', path);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/check\.expect_close failed in @main \(line 11\)/);
    expect(r.stderr).toContain('(stablehlo_text.check_failed)');
  });

  it('an altered interpreter expectation fails too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
    const text = readFileSync(join(ROOT, 'interpret', 'dynamic_gather.mlir'), 'utf8');
    const altered = text.replace(
      '[[17, 18], [19, 20]]]]> : tensor<2x3x2x2xi64>',
      '[[17, 18], [19, 21]]]]> : tensor<2x3x2x2xi64>',
    );
    expect(altered).not.toBe(text);
    const path = join(dir, 'dynamic_gather.mlir');
    writeFileSync(path, altered);
    const r = node('stablehlo', path);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/check\.expect_eq_const failed in @dynamic_gather_op_test \(line 18\)/);
  });
});
