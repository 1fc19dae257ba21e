/**
 * Every public member has a doc comment (issue 25): TypeDoc, run with the site's own config
 * (typedoc.json, every package export) and `--validation.notDocumented`, names each exported
 * function, interface member, option, type alias and namespace member without one. The list
 * must stay empty (it held 1,308 entries before the doc pass). Needs dist/ (the site's plugin
 * reads the presets from it), as `npm test` builds first.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The undocumented reflections TypeDoc reports, one line each. */
function undocumented(): string[] {
  const run = spawnSync(
    process.execPath,
    ['node_modules/typedoc/bin/typedoc', '--emit', 'none', '--validation.notDocumented', 'true'],
    { encoding: 'utf8', env: { ...process.env, TGS_DOCS_NO_EXPLORER: '1', NO_COLOR: '1' } },
  );
  const text = `${run.stdout}\n${run.stderr}`;
  expect(text, text).toContain('Loaded plugin');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colour codes
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  return plain.split('\n').filter((l) => l.includes('does not have any documentation'));
}

describe('API doc comments', () => {
  it('every public member reachable from the package exports has a doc comment', () => {
    expect(undocumented()).toEqual([]);
  }, 120_000);
});
