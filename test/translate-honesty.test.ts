/**
 * Issue 23: `translate` never returns a call that computes something else on valid inputs; it
 * returns an equivalent op or says plainly that none exists (translate.no_equivalent).
 */
import { describe, expect, it } from 'vitest';
import { execute } from '../src/core/call.js';
import { tensor, torch } from '../src/index.js';
import { TranslateError, translate } from '../src/translate/index.js';

const x = () => tensor([1, 2, 3, 4], 'float32');
const i = () => tensor([0n, 0n, 2n], 'int64');
const src = () => tensor([5, -1, 7], 'float32');

function refusal(f: () => unknown): TranslateError {
  try {
    f();
  } catch (e) {
    if (e instanceof TranslateError) return e;
    throw e;
  }
  throw new Error('expected a TranslateError');
}

describe('translate refuses a target that computes something else (issue 23)', () => {
  it('torch.scatter_reduce amax include_self=false → onnx: no equivalent (ScatterElements includes self)', () => {
    const call = torch.lower.scatter_reduce(x(), 0, i(), src(), 'amax', { include_self: false });
    expect(execute(call).toFlatArray()).toEqual([5, 2, 7, 4]);
    const e = refusal(() => translate(call, 'onnx'));
    expect(e.code).toBe('translate.no_equivalent');
    expect(e.message).toContain('onnx.ScatterElements: include_self true (torch.scatter_reduce: false)');
  });

  it('torch.scatter_reduce amax → numpy.maximum.at: refused, the ±0 tie and NaN rules differ', () => {
    const call = torch.lower.scatter_reduce(x(), 0, i(), src(), 'amax');
    const e = refusal(() => translate(call, 'numpy'));
    expect(e.message).toContain('numpy.maximum.at: max decides ±0 ties and NaNs by update_on_tie');
  });

  it('torch.scatter_reduce sum include_self=true → onnx.ScatterElements add, same values', () => {
    const call = torch.lower.scatter_reduce(x(), 0, i(), src(), 'sum');
    const t = translate(call, 'onnx');
    expect(t.op).toBe('onnx.ScatterElements');
    expect(t.differences.some((d) => d.startsWith('include_self'))).toBe(false);
    expect(execute(t.call).toFlatArray()).toEqual(execute(call).toFlatArray());
  });

  it('torch.index_add → numpy.add.at states the NaN operand rule difference (update_first vs self_first)', () => {
    const call = torch.lower.index_add(x(), 0, tensor([0n], 'int64'), tensor([5], 'float32'));
    const t = translate(call, 'numpy');
    expect(t.op).toBe('numpy.add.at');
    expect(t.differences).toContain(
      'NaN operands: torch.index_add returns them by update_first; numpy.add.at by self_first (payload bits may differ)',
    );
  });
});
