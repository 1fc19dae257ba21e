/**
 * Issue 25's smaller items, one test each: translate takes the `tf` alias; a plain JS array
 * where a tensor belongs gets a hint; GatherND-11 refusing batch_dims names the opset that has
 * it; the README tour states int64 results as bigints; the tables cite the comparison article.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, numpy, numpyArray, onnx, tensor, torch } from '../src/index.js';
import * as lib from '../src/index.js';
import { ARTICLE, behaviourTables } from '../src/tables/tables.js';
import { translate } from '../src/translate/index.js';

const thrown = (f: () => unknown): InvalidArgumentError => {
  try {
    f();
  } catch (e) {
    if (e instanceof InvalidArgumentError) return e;
    throw e;
  }
  throw new Error('no error thrown');
};

describe('issue 25: smaller items', () => {
  it('translate accepts the tf (and np, dml) aliases the main entry exports', () => {
    const call = torch.lower.gather(
      tensor(
        [
          [1, 2],
          [3, 4],
        ],
        'float32',
      ),
      1,
      tensor([[0], [1]], 'int64'),
    );
    const full = translate(call, 'tensorflow');
    const alias = translate(call, 'tf');
    expect(alias.op).toBe(full.op);
    expect(alias.op.startsWith('tensorflow.')).toBe(true);
    expect(translate(call, 'np').op.startsWith('numpy.')).toBe(true);
    expect(() => translate(call, 'tff' as never)).toThrow(/unknown framework "tff"/);
  });

  it('a plain JS array where a tensor belongs: the error says how to make one', () => {
    const e = thrown(() => onnx.Gather([[1, 2]] as never, tensor([0], 'int64')));
    expect(e.code).toBe('onnx.Gather-13.data');
    expect(e.message).toBe(
      "onnx.Gather-13: data must be a Tensor; got an array of length 1 — a plain array is not a tensor: wrap it with tensor(values, dtype), or the framework's own constructor (torchTensor, numpyArray, tfConstant, jaxArray) for its default dtypes (onnx.Gather-13.data)",
    );
  });

  it('GatherND-11 refusing batch_dims says it needs opset ≥ 12 (ScatterND-13 reduction: ≥ 16)', () => {
    const data = tensor(
      [
        [1, 2],
        [3, 4],
      ],
      'float32',
    );
    const e = thrown(() =>
      onnx.GatherND(data, tensor([[1], [0]], 'int64'), { batch_dims: 1 }, { opset: 11 }),
    );
    expect(e.code).toBe('onnx.GatherND-11.attribute');
    expect(e.message).toBe(
      'onnx.GatherND-11: attribute "batch_dims" needs opset ≥ 12 (GatherND-12); opset 11 defines none (onnx.GatherND-11.attribute)',
    );
    expect(e.details).toMatchObject({ key: 'batch_dims', since: 12 });
    const s = thrown(() =>
      onnx.ScatterND(
        tensor([1, 2], 'float32'),
        tensor([[1]], 'int64'),
        tensor([5], 'float32'),
        { reduction: 'add' },
        { opset: 13 },
      ),
    );
    expect(s.message).toContain('attribute "reduction" needs opset ≥ 16 (ScatterND-16)');
    // A name no opset defines is still listed against what this one accepts.
    expect(
      thrown(() => onnx.GatherND(data, tensor([[1]], 'int64'), { nope: 1 } as never, { opset: 11 })).message,
    ).toContain('unknown attribute "nope"; accepted: none');
  });

  it("the README tour's numpy.add.at line states the int64 result as bigints", () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain(
      'numpy.add.at(numpyArray([1, 2, 3]), [0, 0, 2], 1).toArray();   // [3n, 2n, 4n]',
    );
    expect(numpy.add.at(numpyArray([1, 2, 3]), [0, 0, 2], 1).toArray()).toEqual([3n, 2n, 4n]);
  });

  it('the tables cite the comparison article by authors, title, publisher, date and address', () => {
    const text = behaviourTables(lib as unknown as Record<string, unknown>);
    expect(text).toContain(`Tables 1 and 2 of the comparison article,\n${ARTICLE.cite};`);
    expect(ARTICLE.cite).toContain(`(${ARTICLE.url})`);
    expect(readFileSync('docs/tables.md', 'utf8')).toContain(ARTICLE.cite);
  });
});
