/**
 * docs/rules.md, the catalogue of every rule code (scripts/rule-catalogue.mjs): it is current,
 * it explains and anchors the codes real calls throw, every row points at a line of src that
 * builds its code, and the rules without a named test do not grow.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { onnx, tensor, tf, torch } from '../src/index.js';
import { codeOf } from './helpers/errors.js';

const ROOT = join(__dirname, '..');
const catalogue = readFileSync(join(ROOT, 'docs/rules.md'), 'utf8');
// A code's row: its third cell names where it is thrown (`file:line`); other tables (the renames) are no rows.
const rows = catalogue.split('\n').filter((l) => /^\| (<a|`)/.test(l) && / \| `[\w./-]+:\d+` \| /.test(l));

/** The row of a concrete code: the row whose anchors include it. */
const rowOf = (code: string) => rows.find((r) => r.includes(`<a id="${code}"></a>`));

/** Rules without a named test when this test was written; the number may fall, never grow. */
const UNTESTED_AT_MOST = 25;

/** The catalogue's codes: each row's code, and the concrete codes its anchors name. */
const anchored = new Set([...catalogue.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]));
const listed = rows.map((r) => /`([^`]+)`/.exec(r)?.[1] ?? '');

/**
 * The codes the test suite expects a call to throw: code-like literals on a line that checks a
 * thrown code (`expectRule(`, `codeOf(`, `.code`, `code: `, `toThrow`, …) whose namespace is one
 * the catalogue knows. Each names its test file.
 */
function expectedCodes(): Map<string, string> {
  const spaces = new Set(listed.map((c) => c.split('.')[0]));
  const checks = /expectRule\(|codeOf\(|errorOf\(|caught\(|\.code\b|code: |toThrow|isGatherScatterError\(/;
  const found = new Map<string, string>();
  const files = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' });
  for (const f of files.filter((f) => f.endsWith('.ts') && !f.includes('rule-catalogue')))
    for (const line of readFileSync(join(ROOT, 'test', f), 'utf8').split('\n'))
      if (checks.test(line))
        for (const m of line.matchAll(/['"`]([a-z][a-z0-9_]*(?:\.[A-Za-z0-9_-]+){2,})['"`]/g))
          if (spaces.has(m[1].split('.')[0])) found.set(m[1], f);
  return found;
}

/** Whether the catalogue lists `code`: its anchor, an op it prefixes (`numpy.add.at`), or a `<op>.rule` row. */
const catalogued = (code: string) =>
  anchored.has(code) ||
  listed.some((c) => c.startsWith(`${code}.`) || c.replace(/-<v>/, '').startsWith(`${code}.`)) ||
  listed.some((c) => c.startsWith('<op>.') && code.endsWith(c.slice(4)));

/**
 * Codes tests expect that the static scan does not see yet, with why: each is built in a way the
 * scanner does not read. The list may shrink, never grow.
 */
const NOT_SCANNED: Record<string, string> = {
  'stablehlo.remainder.complex': 'src/ir/ops: `stablehlo.<op.kind>.<c>`, one code per op kind of a table',
  'directml.GATHER.Axis': 'uintField(op, name, …) throws `<op>.<name>` for the field its caller names',
  'directml.GATHER.IndexDimensions': 'uintField(op, name, …), as Axis',
  'autodiff.jvp.tangents': "check-call's record check builds the code from its caller's argument",
  'mlir.tensor.gather.gather_dims': 'built from the attribute name its check is given',
};

describe('docs/rules.md', () => {
  it('is what the script generates from src/ and test/ now', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/rule-catalogue.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(r.stderr, 'docs/rules.md is stale: run `node scripts/rule-catalogue.mjs`').toBe('');
    expect(r.status).toBe(0);
  });

  it('anchors and explains the codes real calls throw', () => {
    const thrown = [
      codeOf(() => onnx.GatherND(tensor([1, 2], 'float32'), tensor([[0, 0]], 'int64'))),
      codeOf(() => torch.gather(tensor([[1, 2]], 'float32'), 1, tensor([[0]], 'int32'))),
      codeOf(() => tf.gather_nd(tensor([1, 2], 'float32'), tensor([[0, 0]], 'int32'))),
    ];
    expect(thrown).toEqual([
      'onnx.GatherND-13.index_depth',
      'torch.gather.index_dtype',
      'tensorflow.gather_nd.index_depth',
    ]);
    expect(rowOf(thrown[0])).toContain('1 <= k <= rank(data) - B');
    expect(rowOf('onnx.GatherND-11.index_depth')).toBe(rowOf(thrown[0]));
    expect(rowOf(thrown[1])).toContain('expected index dtype');
    expect(rowOf(thrown[2])).toContain('src/frameworks/tensorflow/');
    expect(rowOf('stablehlo.gather.C17')).toContain('core-constraints.test.ts');
  });

  it('points every row at a line of src that builds its code', () => {
    const wrong: string[] = [];
    for (const row of rows) {
      const cells = row.split(/(?<!\\) \| /);
      const code = /`([^`]+)`/.exec(cells[0])?.[1] ?? '';
      const where = cells[2].replace(/`/g, '');
      const [file, line] = where.split(':');
      const text = readFileSync(join(ROOT, file), 'utf8').split('\n')[Number(line) - 1] ?? '';
      const rule = code.split('.').at(-1) as string;
      // Or a helper given the name its code is built from: `checkRank(op, 'indices', …)` and
      // `checkMinRank(op, t, 1, 'data')` → `indices_rank`, `data_rank`.
      const named = /\b\w+\(op, .*'(\w+)'\)/.exec(text)?.[1] ?? /\b\w+\(op, '(\w+)'/.exec(text)?.[1];
      if (!text.includes(rule) && !(named && rule.startsWith(`${named}_`)))
        wrong.push(`${code} at ${where}: ${text.trim()}`);
    }
    expect(wrong).toEqual([]);
    expect(rows.length).toBeGreaterThan(500);
  });

  it('lists every code a test expects a call to throw', () => {
    const expected = expectedCodes();
    expect(expected.size).toBeGreaterThan(100);
    const missing = [...expected]
      .filter(([c]) => !catalogued(c) && !(c in NOT_SCANNED))
      .map(([c, f]) => `${c} (${f})`);
    expect(missing).toEqual([]);
  });

  it('finds a rule stated as data where its rules table declares it, for the op the table belongs to', async () => {
    // A dynamic import: the script is plain JavaScript without type declarations.
    const script = pathToFileURL(join(ROOT, 'scripts/rule-catalogue.mjs')).href;
    const { collectRules } = await import(script);
    const fixture = [
      "import { checkRules, rule } from './rules.js';",
      'const RULES = {',
      "  GatherND: [rule('fixture_depth', 'indices', 'k <= rank(data) - batch_dims')],",
      "  Gather: [{ rule: 'fixture_axis', check: 'axis' }],",
      '};',
      "export const lowerGatherND = (data, indices) => checkRules(onnxOp('GatherND'), RULES.GatherND);",
      "export const lowerGather = (data, indices) => checkRules(onnxOp('Gather'), RULES.Gather);",
    ].join('\n');
    const file = 'src/frameworks/onnx/fixture-rules.ts';
    const rules: { code: string; file: string; line: number }[] = collectRules([{ file, text: fixture }]);
    const at = (code: string) => rules.find((r) => r.code === code && r.file === file)?.line;
    expect(at('onnx.GatherND-<v>.fixture_depth')).toBe(3);
    expect(at('onnx.Gather-<v>.fixture_axis')).toBe(4);
    // Each entry counts for its key's op only.
    expect(at('onnx.Gather-<v>.fixture_depth')).toBeUndefined();
    expect(at('onnx.GatherND-<v>.fixture_axis')).toBeUndefined();
  });

  it("takes a code's meaning from its own statement, never from the next check's message", async () => {
    const script = pathToFileURL(join(ROOT, 'scripts/rule-catalogue.mjs')).href;
    const { collectRules } = await import(script);
    const fixture = [
      "import { InvalidArgumentError } from '../../errors.js';",
      'export function lowerFixture(x) {',
      "  if (x.rank > 9) fail('onnx.FixtureOp.fixture_quiet');",
      "  if (x.rank < 1) throw new InvalidArgumentError('onnx.FixtureOp.fixture_loud', 'x must have rank at least 1');",
      '}',
    ].join('\n');
    const file = 'src/frameworks/onnx/fixture-meaning.ts';
    const rules: { code: string; file: string; about: string }[] = collectRules([{ file, text: fixture }]);
    const about = (rule: string) => rules.find((r) => r.file === file && r.code.endsWith(rule))?.about;
    expect(about('.fixture_loud')).toBe('x must have rank at least 1');
    // Before, the 4-line window read the next check's message for this one.
    expect(about('.fixture_quiet')).toBe('');
  });

  it('has no more rules without a named test than before', () => {
    const untested = catalogue.split('## Rules without a named test')[1].split('\n- ').length - 1;
    console.log(`rules without a named test: ${untested} (at most ${UNTESTED_AT_MOST})`);
    expect(untested).toBeGreaterThan(0);
    expect(untested).toBeLessThanOrEqual(UNTESTED_AT_MOST);
  });
});
