/**
 * docs/tables.md's cells open their call (issue 26 item 4): every measured cell is a reference
 * link whose target is explorer state (the plain `#s=j…` form explorer/url.ts reads), and that
 * state runs the cell's op on the probe the cell was measured with — a cell that says
 * Error (`code`) links a call that throws `code`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeState } from '../explorer/url.js';
import * as lib from '../src/index.js';
import { GatherScatterError } from '../src/errors.js';
import { type CallArgs, buildRegistry, executeCall } from '../src/tables/registry.js';
import type { DType } from '../src/tensor/dtype.js';

const ns = lib as unknown as Record<string, unknown>;
const registry = buildRegistry(ns);
const md = readFileSync(new URL('../docs/tables.md', import.meta.url), 'utf8');
const targets = new Map([...md.matchAll(/^\[([^\]^]+)\]: (\S+)$/gm)].map((m) => [m[1], m[2]]));

/** The cells of the article's tables: `[text][label]` inside a table row. */
const cells = [...md.matchAll(/\[([^[\]]*)\]\[(t[12]-\d+-\d+)\]/g)].map((m) => ({
  text: m[1],
  label: m[2],
}));

async function argsOf(label: string): Promise<{ id: string; args: CallArgs }> {
  const target = targets.get(label);
  expect(target, label).toMatch(/^tgsexplorer:s=j[A-Za-z0-9_-]+$/);
  const s = await decodeState((target as string).slice('tgsexplorer:s='.length));
  const parse = (t: string | undefined) => (t === undefined ? undefined : JSON.parse(t));
  return {
    id: s.op,
    args: {
      ...(s.data !== undefined ? { data: parse(s.data) } : {}),
      indices: parse(s.indices),
      ...(s.updates !== undefined ? { updates: parse(s.updates) } : {}),
      attrs: parse(s.attrs),
      ...(s.dataDType ? { dataDType: s.dataDType as DType } : {}),
      ...(s.indexDType ? { indexDType: s.indexDType as DType } : {}),
    },
  };
}

describe('docs/tables.md cells link their probe in the explorer', () => {
  it('every cell of Tables 1 and 2 and of the operator table is a link with a target', () => {
    expect(cells.length).toBe(6 * 4 + 5 * 4);
    for (const c of cells) expect(targets.has(c.label), c.label).toBe(true);
    const all = [...targets.keys()].filter((k) => k.includes('/'));
    expect(all.length).toBeGreaterThan(100);
    expect(all).toContain('numpy.take/out_of_bounds');
  });

  it('a cell that says Error (`code`) links a call that throws that code', async () => {
    const errors = cells.filter((c) => /^Error \(`[^`]+`\)$/.test(c.text));
    expect(errors.length).toBeGreaterThanOrEqual(8);
    for (const c of errors) {
      const code = /`([^`]+)`/.exec(c.text)?.[1];
      const { id, args } = await argsOf(c.label);
      const entry = registry.find((e) => e.id === id);
      expect(entry, id).toBeDefined();
      let thrown: unknown;
      try {
        executeCall(ns, entry!, args);
      } catch (e) {
        thrown = e;
      }
      expect(thrown, `${c.label} ${id}`).toBeInstanceOf(GatherScatterError);
      expect((thrown as GatherScatterError).code, c.label).toBe(code);
    }
  });

  it('Table 2 numpy.take, negative indices: the link reads row -1 from the end (30, 31, 32)', async () => {
    const { id, args } = await argsOf('t2-3-4');
    expect(id).toBe('numpy.take');
    const entry = registry.find((e) => e.id === id)!;
    expect(executeCall(ns, entry, args).toArray()).toEqual([[30, 31, 32]]);
  });
});
