/**
 * translate's cost is bounded: a call over TRANSLATE_MAX_ELEMENTS elements is refused at once
 * (translate.too_large), translateAll refuses it once; at the bound a translation still works.
 */
import { describe, expect, it } from 'vitest';
import { TRANSLATE_MAX_ELEMENTS, TranslateError, translate, translateAll } from '../src/translate/index.js';
import { tensor, torch } from '../src/index.js';
import { stopwatch } from './helpers/budget.js';

const gather = (rows: number, cols: number) =>
  torch.lower.gather(
    tensor(new Float32Array(rows * cols), 'float32', [rows, cols]),
    1,
    tensor(new BigInt64Array(rows * cols), 'int64', [rows, cols]),
  );

describe('translate is bounded in cost', () => {
  it('a 4M-element torch.gather is refused at once (translate.too_large), by translate and translateAll', () => {
    const call = gather(2048, 1024);
    const elapsed = stopwatch();
    expect(() => translate(call, 'onnx')).toThrow(TranslateError);
    expect(() => translate(call, 'onnx')).toThrow(/translate\.too_large/);
    expect(() => translateAll(call)).toThrow(/translate\.too_large/);
    // generous pathology bound: refusing never walks the tensors (it took 5.5 s per framework);
    // on the stopwatch (test/helpers/budget.ts), so a busy machine does not trip it
    expect(elapsed()).toBeLessThan(1000);
  });

  it('a call at the bound still translates', () => {
    const call = gather(512, TRANSLATE_MAX_ELEMENTS / 2 / 512);
    expect(translate(call, 'onnx').op).toBe('onnx.GatherElements');
  });
});
