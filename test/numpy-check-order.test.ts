/**
 * Which rule wins when a call to `numpy.take` / `put` / `take_along_axis` / `put_along_axis`
 * breaks several at once: the rule NumPy 1.24 reports, measured with `/usr/bin/python3` for every
 * pair and triple of broken rules on a 3×4 float64 `a`:
 * - take: `axis=5`, float64 indices (`idt`), `mode='bogus'`, an `out` of shape [2, 4] instead of
 *   [1, 4] (`osh`), an index 9 (`oob`);
 * - put: float64 indices (`idt`), `mode='bogus'`, an index 99 (`oob`), `v='x'` (`vdt`, not an
 *   array_like here; NumPy cannot convert it to float);
 * - take_along_axis / put_along_axis (axis 1, indices 3×1): `axis=5`, float64 indices (`idt`),
 *   3-D indices (`irank`), 2×1 indices that do not broadcast (`ish`), an index 9 (`oob`) and,
 *   for put_along_axis, values of shape [2, 2] (`vsh`).
 * NumPy's orders: take — mode, axis, index dtype, out shape, bounds; put — mode, index dtype, v,
 * bounds; take_along_axis / put_along_axis — axis, index dtype, rank, broadcast, values shape,
 * bounds. Before, 19 of these 105 calls named another rule (the index dtype went before the mode
 * and the axis). An `out` of another dtype (out's shape, then its dtype's safe cast, then an empty
 * axis and the bounds) is in test/numpy-take-out.test.ts.
 *
 * A second table (MEASURED_MORE): take on a 0×4 `a` (`empty`), `axis=1.5` (`axt`) and `out=5`
 * (`onot`) with the rules above — NumPy parses the axis's type, then `out`, then the mode, before
 * anything else; put into an empty `a` (`empty`: numpy.put.index_out_of_bounds, NumPy 1.24's
 * IndexError for index 0) — after the mode, the index dtype and v; take_along_axis / put_along_axis with
 * axis None and 1-D indices of length 2, or 2-D (`irank`), float (`idt`), index 99 (`oob`), and
 * `axis=1.5` (`axt`, first). Before, 9 of these 94 calls named another rule (the non-integer axis
 * came after `out` and the mode). put_along_axis with axis None cycles values that do not fit the
 * indices, as NumPy's flat assignment does (test/numpy-flat-along-axis).
 *
 * Also measured, and already in NumPy's order (pinned below): `a[i0, i1]` (numpy.index) and
 * `np.add.at` / `np.subtract.at(a, (i0, i1), b)` on a 3×4 `a` with length-2 index arrays — float64
 * i0 (`idt`), i1 of length 3 (`ish`), a third index array (`many`), i0 = [9, 9] (`oob`), b of
 * shape [5] instead of [2] (`bsh`), and for subtract.at a bool `a` and `b` (`bool`). NumPy's
 * order: index dtype, too many indices, the broadcast of the index arrays, bounds, b's shape,
 * then bool subtract.
 */
import { describe, expect, it } from 'vitest';
import { type Tensor, numpy, tensor, zeros } from '../src/index.js';
import { codeOf } from './helpers/errors.js';

/** [op, the broken rules, the rule NumPy 1.24 names]. */
const MEASURED: [string, string, string][] = [
  ['take', 'axis', 'axis'],
  ['take', 'idt', 'index_dtype'],
  ['take', 'mode', 'mode'],
  ['take', 'osh', 'out'],
  ['take', 'oob', 'index_out_of_bounds'],
  ['take', 'axis+idt', 'axis'],
  ['take', 'axis+mode', 'mode'],
  ['take', 'axis+osh', 'axis'],
  ['take', 'axis+oob', 'axis'],
  ['take', 'idt+mode', 'mode'],
  ['take', 'idt+osh', 'index_dtype'],
  ['take', 'idt+oob', 'index_dtype'],
  ['take', 'mode+osh', 'mode'],
  ['take', 'mode+oob', 'mode'],
  ['take', 'osh+oob', 'out'],
  ['take', 'axis+idt+mode', 'mode'],
  ['take', 'axis+idt+osh', 'axis'],
  ['take', 'axis+idt+oob', 'axis'],
  ['take', 'axis+mode+osh', 'mode'],
  ['take', 'axis+mode+oob', 'mode'],
  ['take', 'axis+osh+oob', 'axis'],
  ['take', 'idt+mode+osh', 'mode'],
  ['take', 'idt+mode+oob', 'mode'],
  ['take', 'idt+osh+oob', 'index_dtype'],
  ['take', 'mode+osh+oob', 'mode'],
  ['put', 'idt', 'index_dtype'],
  ['put', 'mode', 'mode'],
  ['put', 'oob', 'index_out_of_bounds'],
  ['put', 'vdt', 'v'],
  ['put', 'idt+mode', 'mode'],
  ['put', 'idt+oob', 'index_dtype'],
  ['put', 'idt+vdt', 'index_dtype'],
  ['put', 'mode+oob', 'mode'],
  ['put', 'mode+vdt', 'mode'],
  ['put', 'oob+vdt', 'v'],
  ['put', 'idt+mode+oob', 'mode'],
  ['put', 'idt+mode+vdt', 'mode'],
  ['put', 'idt+oob+vdt', 'index_dtype'],
  ['put', 'mode+oob+vdt', 'mode'],
  ['take_along_axis', 'axis', 'axis'],
  ['take_along_axis', 'idt', 'index_dtype'],
  ['take_along_axis', 'irank', 'ndim'],
  ['take_along_axis', 'ish', 'shape'],
  ['take_along_axis', 'oob', 'index_out_of_bounds'],
  ['take_along_axis', 'axis+idt', 'axis'],
  ['take_along_axis', 'axis+irank', 'axis'],
  ['take_along_axis', 'axis+ish', 'axis'],
  ['take_along_axis', 'axis+oob', 'axis'],
  ['take_along_axis', 'idt+irank', 'index_dtype'],
  ['take_along_axis', 'idt+ish', 'index_dtype'],
  ['take_along_axis', 'idt+oob', 'index_dtype'],
  ['take_along_axis', 'irank+ish', 'ndim'],
  ['take_along_axis', 'irank+oob', 'ndim'],
  ['take_along_axis', 'ish+oob', 'shape'],
  ['take_along_axis', 'axis+idt+irank', 'axis'],
  ['take_along_axis', 'axis+idt+ish', 'axis'],
  ['take_along_axis', 'axis+idt+oob', 'axis'],
  ['take_along_axis', 'axis+irank+ish', 'axis'],
  ['take_along_axis', 'axis+irank+oob', 'axis'],
  ['take_along_axis', 'axis+ish+oob', 'axis'],
  ['take_along_axis', 'idt+irank+ish', 'index_dtype'],
  ['take_along_axis', 'idt+irank+oob', 'index_dtype'],
  ['take_along_axis', 'idt+ish+oob', 'index_dtype'],
  ['take_along_axis', 'irank+ish+oob', 'ndim'],
  ['put_along_axis', 'axis', 'axis'],
  ['put_along_axis', 'idt', 'index_dtype'],
  ['put_along_axis', 'irank', 'ndim'],
  ['put_along_axis', 'ish', 'shape'],
  ['put_along_axis', 'oob', 'index_out_of_bounds'],
  ['put_along_axis', 'vsh', 'values_shape'],
  ['put_along_axis', 'axis+idt', 'axis'],
  ['put_along_axis', 'axis+irank', 'axis'],
  ['put_along_axis', 'axis+ish', 'axis'],
  ['put_along_axis', 'axis+oob', 'axis'],
  ['put_along_axis', 'axis+vsh', 'axis'],
  ['put_along_axis', 'idt+irank', 'index_dtype'],
  ['put_along_axis', 'idt+ish', 'index_dtype'],
  ['put_along_axis', 'idt+oob', 'index_dtype'],
  ['put_along_axis', 'idt+vsh', 'index_dtype'],
  ['put_along_axis', 'irank+ish', 'ndim'],
  ['put_along_axis', 'irank+oob', 'ndim'],
  ['put_along_axis', 'irank+vsh', 'ndim'],
  ['put_along_axis', 'ish+oob', 'shape'],
  ['put_along_axis', 'ish+vsh', 'shape'],
  ['put_along_axis', 'oob+vsh', 'values_shape'],
  ['put_along_axis', 'axis+idt+irank', 'axis'],
  ['put_along_axis', 'axis+idt+ish', 'axis'],
  ['put_along_axis', 'axis+idt+oob', 'axis'],
  ['put_along_axis', 'axis+idt+vsh', 'axis'],
  ['put_along_axis', 'axis+irank+ish', 'axis'],
  ['put_along_axis', 'axis+irank+oob', 'axis'],
  ['put_along_axis', 'axis+irank+vsh', 'axis'],
  ['put_along_axis', 'axis+ish+oob', 'axis'],
  ['put_along_axis', 'axis+ish+vsh', 'axis'],
  ['put_along_axis', 'axis+oob+vsh', 'axis'],
  ['put_along_axis', 'idt+irank+ish', 'index_dtype'],
  ['put_along_axis', 'idt+irank+oob', 'index_dtype'],
  ['put_along_axis', 'idt+irank+vsh', 'index_dtype'],
  ['put_along_axis', 'idt+ish+oob', 'index_dtype'],
  ['put_along_axis', 'idt+ish+vsh', 'index_dtype'],
  ['put_along_axis', 'idt+oob+vsh', 'index_dtype'],
  ['put_along_axis', 'irank+ish+oob', 'ndim'],
  ['put_along_axis', 'irank+ish+vsh', 'ndim'],
  ['put_along_axis', 'irank+oob+vsh', 'ndim'],
  ['put_along_axis', 'ish+oob+vsh', 'shape'],
];

const ints = (n: number, v: number, bad: string[]): Tensor =>
  bad.includes('idt')
    ? tensor(
        Array.from({ length: n }, () => [v]),
        'float64',
      )
    : tensor(
        Array.from({ length: n }, () => [BigInt(v)]),
        'int64',
      );

function call(op: string, bad: string[]): () => unknown {
  const a = zeros([3, 4], 'float64');
  const has = (r: string) => bad.includes(r);
  if (op === 'take') {
    const indices = ints(1, has('oob') ? 9 : 0, bad).reshape([1]);
    const out = zeros([has('osh') ? 2 : 1, 4], 'float64');
    const mode = (has('mode') ? 'bogus' : 'raise') as 'raise';
    return () => numpy.take(a, indices, { axis: has('axis') ? 5 : 0, out, mode });
  }
  if (op === 'put') {
    const ind = ints(1, has('oob') ? 99 : 0, bad).reshape([1]);
    const v = has('vdt') ? ('x' as unknown as number) : tensor([1], 'float64');
    return () => numpy.put(a, ind, v, { mode: (has('mode') ? 'bogus' : 'raise') as 'raise' });
  }
  const shape = has('ish') ? [2, 1] : [3, 1];
  let indices = ints(shape[0], has('oob') ? 9 : 0, bad);
  if (has('irank')) indices = indices.reshape([...shape, 1]);
  const axis = has('axis') ? 5 : 1;
  if (op === 'take_along_axis') return () => numpy.take_along_axis(a, indices, axis);
  const values = has('vsh') ? zeros([2, 2], 'float64') : zeros([1], 'float64');
  return () => numpy.put_along_axis(a, indices, values, axis);
}

describe('numpy take / put / along-axis: the rule NumPy 1.24 reports first', () => {
  it.each(MEASURED)('%s with a bad %s: numpy.<op>.%s', (op, bad, rule) => {
    expect(codeOf(call(op, bad.split('+')))).toBe(`numpy.${op}.${rule}`);
  });
});

/** [op, the broken rules, the rule NumPy 1.24 names] for a[i0, i1] and ufunc.at. */
const MEASURED_TUPLE: [string, string, string][] = [
  ['index', 'idt', 'index_dtype'],
  ['index', 'ish', 'shape'],
  ['index', 'many', 'too_many_indices'],
  ['index', 'oob', 'index_out_of_bounds'],
  ['index', 'idt+ish', 'index_dtype'],
  ['index', 'idt+many', 'index_dtype'],
  ['index', 'idt+oob', 'index_dtype'],
  ['index', 'ish+many', 'too_many_indices'],
  ['index', 'ish+oob', 'shape'],
  ['index', 'many+oob', 'too_many_indices'],
  ['index', 'idt+ish+many', 'index_dtype'],
  ['index', 'idt+ish+oob', 'index_dtype'],
  ['index', 'idt+many+oob', 'index_dtype'],
  ['index', 'ish+many+oob', 'too_many_indices'],
  ['add.at', 'idt', 'index_dtype'],
  ['add.at', 'ish', 'shape'],
  ['add.at', 'many', 'too_many_indices'],
  ['add.at', 'oob', 'index_out_of_bounds'],
  ['add.at', 'bsh', 'b_shape'],
  ['add.at', 'idt+ish', 'index_dtype'],
  ['add.at', 'idt+many', 'index_dtype'],
  ['add.at', 'idt+oob', 'index_dtype'],
  ['add.at', 'idt+bsh', 'index_dtype'],
  ['add.at', 'ish+many', 'too_many_indices'],
  ['add.at', 'ish+oob', 'shape'],
  ['add.at', 'ish+bsh', 'shape'],
  ['add.at', 'many+oob', 'too_many_indices'],
  ['add.at', 'many+bsh', 'too_many_indices'],
  ['add.at', 'oob+bsh', 'index_out_of_bounds'],
  ['add.at', 'idt+ish+many', 'index_dtype'],
  ['add.at', 'idt+ish+oob', 'index_dtype'],
  ['add.at', 'idt+ish+bsh', 'index_dtype'],
  ['add.at', 'idt+many+oob', 'index_dtype'],
  ['add.at', 'idt+many+bsh', 'index_dtype'],
  ['add.at', 'idt+oob+bsh', 'index_dtype'],
  ['add.at', 'ish+many+oob', 'too_many_indices'],
  ['add.at', 'ish+many+bsh', 'too_many_indices'],
  ['add.at', 'ish+oob+bsh', 'shape'],
  ['add.at', 'many+oob+bsh', 'too_many_indices'],
  ['subtract.at', 'bool', 'dtype'],
  ['subtract.at', 'idt+bool', 'index_dtype'],
  ['subtract.at', 'ish+bool', 'shape'],
  ['subtract.at', 'many+bool', 'too_many_indices'],
  ['subtract.at', 'oob+bool', 'index_out_of_bounds'],
  ['subtract.at', 'bsh+bool', 'b_shape'],
  ['subtract.at', 'idt+ish+bool', 'index_dtype'],
  ['subtract.at', 'idt+many+bool', 'index_dtype'],
  ['subtract.at', 'idt+oob+bool', 'index_dtype'],
  ['subtract.at', 'idt+bsh+bool', 'index_dtype'],
  ['subtract.at', 'ish+many+bool', 'too_many_indices'],
  ['subtract.at', 'ish+oob+bool', 'shape'],
  ['subtract.at', 'ish+bsh+bool', 'shape'],
  ['subtract.at', 'many+oob+bool', 'too_many_indices'],
  ['subtract.at', 'many+bsh+bool', 'too_many_indices'],
  ['subtract.at', 'oob+bsh+bool', 'index_out_of_bounds'],
];

function tupleCall(op: string, bad: string[]): () => unknown {
  const has = (r: string) => bad.includes(r);
  const v = has('oob') ? 9 : 0;
  const i0 = has('idt') ? tensor([v, v], 'float64') : tensor([BigInt(v), BigInt(v)], 'int64');
  const i1 = tensor(has('ish') ? [0n, 0n, 0n] : [0n, 0n], 'int64');
  const t = has('many') ? [i0, i1, tensor([0n, 0n], 'int64')] : [i0, i1];
  const dtype = has('bool') ? 'bool' : 'float64';
  const a = zeros([3, 4], dtype);
  if (op === 'index') return () => numpy.index(a, t);
  const b = zeros([has('bsh') ? 5 : 2], dtype);
  return op === 'add.at' ? () => numpy.add.at(a, t, b) : () => numpy.subtract.at(a, t, b);
}

describe('numpy a[i0, i1] / add.at / subtract.at: the rule NumPy 1.24 reports first', () => {
  it.each(MEASURED_TUPLE)('%s with a bad %s: numpy.<op>.%s', (op, bad, rule) => {
    expect(codeOf(tupleCall(op, bad.split('+')))).toBe(`numpy.${op}.${rule}`);
  });
});

/** [op, the broken rules, the rule NumPy 1.24 names]: empty arrays, axis types, `out`, axis None. */
const MEASURED_MORE: [string, string, string][] = [
  ['take', 'empty', 'empty_axis'],
  ['take', 'idt', 'index_dtype'],
  ['take', 'mode', 'mode'],
  ['take', 'oob', 'index_out_of_bounds'],
  ['take', 'axt', 'axis'],
  ['take', 'onot', 'out'],
  ['take', 'empty+idt', 'index_dtype'],
  ['take', 'empty+mode', 'mode'],
  ['take', 'empty+oob', 'empty_axis'],
  ['take', 'empty+axt', 'axis'],
  ['take', 'empty+onot', 'out'],
  ['take', 'idt+mode', 'mode'],
  ['take', 'idt+oob', 'index_dtype'],
  ['take', 'idt+axt', 'axis'],
  ['take', 'idt+onot', 'out'],
  ['take', 'mode+oob', 'mode'],
  ['take', 'mode+axt', 'axis'],
  ['take', 'mode+onot', 'out'],
  ['take', 'oob+axt', 'axis'],
  ['take', 'oob+onot', 'out'],
  ['take', 'axt+onot', 'axis'],
  ['take', 'empty+idt+mode', 'mode'],
  ['take', 'empty+idt+oob', 'index_dtype'],
  ['take', 'empty+idt+axt', 'axis'],
  ['take', 'empty+idt+onot', 'out'],
  ['take', 'empty+mode+oob', 'mode'],
  ['take', 'empty+mode+axt', 'axis'],
  ['take', 'empty+mode+onot', 'out'],
  ['take', 'empty+oob+axt', 'axis'],
  ['take', 'empty+oob+onot', 'out'],
  ['take', 'empty+axt+onot', 'axis'],
  ['take', 'idt+mode+oob', 'mode'],
  ['take', 'idt+mode+axt', 'axis'],
  ['take', 'idt+mode+onot', 'out'],
  ['take', 'idt+oob+axt', 'axis'],
  ['take', 'idt+oob+onot', 'out'],
  ['take', 'idt+axt+onot', 'axis'],
  ['take', 'mode+oob+axt', 'axis'],
  ['take', 'mode+oob+onot', 'out'],
  ['take', 'mode+axt+onot', 'axis'],
  ['take', 'oob+axt+onot', 'axis'],
  ['put', 'empty', 'index_out_of_bounds'],
  ['put', 'idt', 'index_dtype'],
  ['put', 'mode', 'mode'],
  ['put', 'oob', 'index_out_of_bounds'],
  ['put', 'vdt', 'v'],
  ['put', 'empty+idt', 'index_dtype'],
  ['put', 'empty+mode', 'mode'],
  ['put', 'empty+oob', 'index_out_of_bounds'],
  ['put', 'empty+vdt', 'v'],
  ['put', 'idt+mode', 'mode'],
  ['put', 'idt+oob', 'index_dtype'],
  ['put', 'idt+vdt', 'index_dtype'],
  ['put', 'mode+oob', 'mode'],
  ['put', 'mode+vdt', 'mode'],
  ['put', 'oob+vdt', 'v'],
  ['put', 'empty+idt+mode', 'mode'],
  ['put', 'empty+idt+oob', 'index_dtype'],
  ['put', 'empty+idt+vdt', 'index_dtype'],
  ['put', 'empty+mode+oob', 'mode'],
  ['put', 'empty+mode+vdt', 'mode'],
  ['put', 'empty+oob+vdt', 'v'],
  ['put', 'idt+mode+oob', 'mode'],
  ['put', 'idt+mode+vdt', 'mode'],
  ['put', 'idt+oob+vdt', 'index_dtype'],
  ['put', 'mode+oob+vdt', 'mode'],
  ['take_along_axis', 'idt', 'index_dtype'],
  ['take_along_axis', 'irank', 'ndim'],
  ['take_along_axis', 'oob', 'index_out_of_bounds'],
  ['take_along_axis', 'axt', 'axis'],
  ['take_along_axis', 'idt+irank', 'index_dtype'],
  ['take_along_axis', 'idt+oob', 'index_dtype'],
  ['take_along_axis', 'idt+axt', 'axis'],
  ['take_along_axis', 'irank+oob', 'ndim'],
  ['take_along_axis', 'irank+axt', 'axis'],
  ['take_along_axis', 'oob+axt', 'axis'],
  ['take_along_axis', 'idt+irank+oob', 'index_dtype'],
  ['take_along_axis', 'idt+irank+axt', 'axis'],
  ['take_along_axis', 'idt+oob+axt', 'axis'],
  ['take_along_axis', 'irank+oob+axt', 'axis'],
  ['put_along_axis', 'idt', 'index_dtype'],
  ['put_along_axis', 'irank', 'ndim'],
  ['put_along_axis', 'oob', 'index_out_of_bounds'],
  ['put_along_axis', 'axt', 'axis'],
  ['put_along_axis', 'idt+irank', 'index_dtype'],
  ['put_along_axis', 'idt+oob', 'index_dtype'],
  ['put_along_axis', 'idt+axt', 'axis'],
  ['put_along_axis', 'irank+oob', 'ndim'],
  ['put_along_axis', 'irank+axt', 'axis'],
  ['put_along_axis', 'oob+axt', 'axis'],
  ['put_along_axis', 'idt+irank+oob', 'index_dtype'],
  ['put_along_axis', 'idt+irank+axt', 'axis'],
  ['put_along_axis', 'idt+oob+axt', 'axis'],
  ['put_along_axis', 'irank+oob+axt', 'axis'],
];

function moreCall(op: string, bad: string[]): () => unknown {
  const has = (r: string) => bad.includes(r);
  const ints = (n: number, v: number) =>
    has('idt') ? tensor(Array(n).fill(v), 'float64') : tensor(Array(n).fill(BigInt(v)), 'int64');
  if (op === 'take') {
    const a = zeros(has('empty') ? [0, 4] : [3, 4], 'float64');
    const mode = (has('mode') ? 'bogus' : 'raise') as 'raise';
    const out = has('onot') ? (5 as unknown as Tensor) : undefined;
    return () => numpy.take(a, ints(1, has('oob') ? 9 : 0), { axis: has('axt') ? 1.5 : 0, mode, out });
  }
  if (op === 'put') {
    const a = zeros(has('empty') ? [0] : [3, 4], 'float64');
    const v = has('vdt') ? ('x' as unknown as number) : tensor([1], 'float64');
    const mode = (has('mode') ? 'bogus' : 'raise') as 'raise';
    return () => numpy.put(a, ints(1, has('oob') ? 99 : 0), v, { mode });
  }
  const a = zeros([3, 4], 'float64');
  let indices = ints(2, has('oob') ? 99 : 0);
  if (has('irank')) indices = indices.reshape([2, 1]);
  const axis = has('axt') ? 1.5 : null;
  if (op === 'take_along_axis') return () => numpy.take_along_axis(a, indices, axis);
  return () => numpy.put_along_axis(a, indices, zeros([1], 'float64'), axis);
}

describe('numpy take / put / along-axis, empty arrays, axis types and axis None: NumPy 1.24 order', () => {
  it.each(MEASURED_MORE)('%s with a bad %s: numpy.<op>.%s', (op, bad, rule) => {
    expect(codeOf(moreCall(op, bad.split('+')))).toBe(`numpy.${op}.${rule}`);
  });
});
