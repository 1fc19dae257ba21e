/**
 * `a[t]` (numpy.index) and `np.add.at(a, t, 1)` when an index tuple with slices breaks several
 * rules: the rule NumPy 1.24 names, measured with `/usr/bin/python3` on a 3×4×5 float64 `a` for
 * every item and every ordered pair of: a zero-step slice (`step`), a slice bound 1.5 (`sidx`), a
 * float64 array (`idt`), two ellipses (`ell`), a mask of shape [2] (`msh`), an array [9] (`oob`),
 * arrays [0, 1] and [0, 1, 2] (`bcast`), four more integers (`many`) — the items in the order
 * named. index and add.at agree on all 64. NumPy reads the items in order (an array that is not
 * integer or bool, a second ellipsis), then counts the dims and matches the masks, then checks
 * each slice (when it makes the view), then broadcasts the arrays and checks their bounds.
 * Before, 30 of these 128 calls named another rule (a slice was checked as it was read).
 */
import { describe, expect, it } from 'vitest';
import { numpy, tensor, zeros } from '../src/index.js';
import { codeOf } from './helpers/errors.js';

/** The rule NumPy names → the calls (the broken items, in tuple order). */
const MEASURED: Record<string, string> = {
  slice_step: 'step step+sidx step+oob step+bcast oob+step bcast+step',
  slice_index: 'sidx sidx+step sidx+oob sidx+bcast oob+sidx bcast+sidx',
  index_dtype:
    'idt step+idt sidx+idt idt+step idt+sidx idt+ell idt+msh idt+oob idt+bcast idt+many msh+idt oob+idt bcast+idt many+idt',
  ellipsis:
    'ell step+ell sidx+ell ell+step ell+sidx ell+idt ell+msh ell+oob ell+bcast ell+many msh+ell oob+ell bcast+ell many+ell',
  mask_shape: 'msh step+msh sidx+msh msh+step msh+sidx msh+oob msh+bcast oob+msh bcast+msh',
  index_out_of_bounds: 'oob',
  shape: 'bcast oob+bcast bcast+oob',
  too_many_indices:
    'many step+many sidx+many msh+many oob+many bcast+many many+step many+sidx many+msh many+oob many+bcast',
};

const ITEMS: Record<string, () => unknown[]> = {
  step: () => [numpy.slice(0, null, 0)],
  sidx: () => [numpy.slice(1.5, null)],
  idt: () => [tensor([0], 'float64')],
  ell: () => [numpy.ellipsis, numpy.ellipsis],
  msh: () => [tensor([true, false], 'bool')],
  oob: () => [tensor([9n], 'int64')],
  bcast: () => [tensor([0n, 1n], 'int64'), tensor([0n, 1n, 2n], 'int64')],
  many: () => [0, 0, 0, 0],
};

const CASES = Object.entries(MEASURED).flatMap(([rule, calls]) =>
  calls.split(' ').map((c) => [c, rule] as const),
);

describe('numpy index tuples with slices: the rule NumPy 1.24 names when several break', () => {
  it('covers every measured tuple', () => {
    expect(CASES.length).toBe(64);
  });
  it.each(CASES)('%s → %s', (call, rule) => {
    const t = () => call.split('+').flatMap((k) => ITEMS[k]()) as never[];
    expect(codeOf(() => numpy.index(zeros([3, 4, 5], 'float64'), t()))).toBe(`numpy.index.${rule}`);
    expect(codeOf(() => numpy.add.at(zeros([3, 4, 5], 'float64'), numpy.tuple(...t()), 1))).toBe(
      `numpy.add.at.${rule}`,
    );
  });
});

// NumPy makes the view item by item: an integer index (a JS int or a 0-d array) before a bad
// slice is bounds-checked first, one after it is not reached; an array [9] is checked later still.
// Measured with /usr/bin/python3 (NumPy 1.24.2) on the same 3×4×5 `a`, a[t] and np.add.at(a, t, 1) alike.
describe('numpy index tuples: an integer index and a bad slice, in tuple order', () => {
  const step = numpy.slice(0, null, 0);
  const sidx = numpy.slice(1.5, null);
  const cases: [string, () => unknown[], string][] = [
    ['9, ::0', () => [9, step], 'index_out_of_bounds'],
    ['::0, 9', () => [step, 9], 'slice_step'],
    ['array(9), ::0', () => [tensor(9n, 'int64'), step], 'index_out_of_bounds'],
    ['0, 9, 1.5:', () => [0, 9, sidx], 'index_out_of_bounds'],
    ['1.5:, 0, 9', () => [sidx, 0, 9], 'slice_index'],
    ['array([9]), ::0', () => [tensor([9n], 'int64'), step], 'slice_step'],
  ];
  it.each(cases)('a[%s] → %s', (_, t, rule) => {
    expect(codeOf(() => numpy.index(zeros([3, 4, 5], 'float64'), t() as never[]))).toBe(
      `numpy.index.${rule}`,
    );
    expect(codeOf(() => numpy.add.at(zeros([3, 4, 5], 'float64'), numpy.tuple(...(t() as never[])), 1))).toBe(
      `numpy.add.at.${rule}`,
    );
  });
});
