import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { PRESETS } from '../src/tables/presets.js';
import { measure } from '../src/tables/tables.js';
import { buildRegistry, executeCall } from '../src/tables/registry.js';
import { behaviourTables } from '../src/tables/tables.js';

const ns = lib as unknown as Record<string, unknown>;
const registry = buildRegistry(ns);
const entry = (id: string) => registry.find((e) => e.id === id);

describe('behaviour tables', () => {
  it('docs/tables.md is the generated document (regenerate with `gather-scatter table -o docs/tables.md`)', () => {
    const expected = readFileSync(new URL('../docs/tables.md', import.meta.url), 'utf8');
    expect(behaviourTables(ns, registry)).toBe(expected);
  });

  // The article's Table 1 and 2 cells that still hold, measured.
  const cells: [string, Parameters<typeof measure>[2], string[]][] = [
    ['onnx.GatherND', 'negative_index', ['from_end']],
    ['onnx.GatherND', 'out_of_bounds', ['error']],
    ['onnx.GatherND', 'duplicate_index', ['allowed']],
    ['onnx.ScatterND', 'negative_index', ['from_end']],
    ['onnx.ScatterND', 'duplicate_index', ['error']],
    ['onnx.ScatterND', 'not_covered', ['same_as_data']],
    ['onnx.ScatterND', 'out_of_bounds', ['error']],
    ['tensorflow.gather_nd', 'out_of_bounds', ['error', 'zero']],
    ['tensorflow.scatter_nd', 'duplicate_index', ['accumulate']],
    ['tensorflow.scatter_nd', 'not_covered', ['zero']],
    ['tensorflow.scatter_nd', 'negative_index', ['error', 'ignored']],
    ['mxnet.gather_nd', 'out_of_bounds', ['error']],
    ['mxnet.scatter_nd', 'not_covered', ['zero']],
    ['mxnet.scatter_nd', 'out_of_bounds', ['error']],
    ['onnx.Gather', 'default_axis', ['axis0']],
    ['onnx.Gather', 'negative_axis', ['supported']],
    ['onnx.Gather', 'negative_index', ['from_end']],
    ['onnx.Gather', 'out_of_bounds', ['error']],
    ['tensorflow.gather', 'default_axis', ['first_non_batch']],
    ['tensorflow.gather', 'negative_axis', ['supported']],
    ['tensorflow.gather', 'out_of_bounds', ['error', 'zero']],
    ['caffe2.Gather', 'out_of_bounds', ['error']],
    ['numpy.take', 'default_axis', ['flattened']],
    ['numpy.take', 'out_of_bounds', ['modes']],
    ['mxnet.take', 'default_axis', ['axis0']],
    ['mxnet.take', 'negative_index', ['modes']],
  ];
  // Every op named here or by a preset is registered and ready: a mistyped id fails, never skips.
  it('every op the cells and presets name is registered and ready', () => {
    const ids = [...new Set([...cells.map(([id]) => id), ...PRESETS.map((p) => p.op)])];
    expect(ids.filter((id) => entry(id)?.state !== 'ready')).toEqual([]);
    expect(entry('onnx.GatherNd')).toBeUndefined(); // the check above reads ids exactly
  });

  for (const [id, probe, cats] of cells) {
    it(`${id} ${probe}: ${cats.join(' / ')}`, () => {
      expect([...measure(ns, entry(id), probe).cats].sort()).toEqual([...cats].sort());
    });
  }

  it('ONNX ScatterND since opset 16 accumulates with reduction add (the article predates it)', () => {
    const out = executeCall(ns, entry('onnx.ScatterND')!, {
      data: [0, 0, 0],
      indices: [[1], [1]],
      updates: [5, 7],
      attrs: { reduction: 'add' },
      version: 16,
    });
    expect(out.toArray()).toEqual([0, 12, 0]);
  });
});

describe('presets: documented examples run to their documented outputs', () => {
  for (const p of PRESETS) {
    it(`${p.id} (${p.op})`, () => {
      const e = entry(p.op)!;
      if (p.expectedError) {
        // The documented error, pinned by its rule code.
        expect(() => executeCall(ns, e, p.args)).toThrow(lib.GatherScatterError);
        expect(() => executeCall(ns, e, p.args)).toThrow(expect.objectContaining({ code: p.expectedError }));
        return;
      }
      const out = executeCall(ns, e, p.args);
      const close = (a: unknown, b: unknown): void => {
        if (Array.isArray(b)) {
          expect(Array.isArray(a)).toBe(true);
          expect((a as unknown[]).length).toBe(b.length);
          for (const [i, x] of b.entries()) close((a as unknown[])[i], x);
        } else expect(Number(a)).toBeCloseTo(Number(b), 5);
      };
      close(out.toArray(), p.expected);
    });
  }
});
