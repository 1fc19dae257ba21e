/**
 * pad, dynamic_update_slice, select_and_scatter and reduce_window on seeded random cases (any
 * rank up to 3, empty dims, negative and interior padding, starts out of range, strides, base and
 * window dilations, windows in padding)
 * against this file's own element-by-element reading of the spec, and printed then read back:
 * the IR's run, the text round trip and the spec's formulas agree on every element.
 * DIFFERENTIAL_SEED replays a run.
 */
import { describe, expect, it } from 'vitest';
import { printModule } from '../src/ir/print.js';
import type { Body, Func, Module, Op, TensorType } from '../src/ir/program.js';
import { runModule } from '../src/ir/run.js';
import { readModule } from '../src/stablehlo-text/index.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { differentialSeed } from './helpers/seed.js';
import { rng } from './reference/random-cases.js';

const SEED = differentialSeed('ir-window-ops-property.test.ts');
const N = Number(process.env.DIFFERENTIAL_N ?? 300);
const r = rng(SEED);

const size = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
const strides = (s: readonly number[]) => s.map((_, d) => size(s.slice(d + 1)));
/** Every index of a shape, row-major. */
function indices(shape: readonly number[]): number[][] {
  const out: number[][] = [];
  const walk = (prefix: number[]) => {
    if (prefix.length === shape.length) out.push(prefix);
    else for (let i = 0; i < shape[prefix.length]; i++) walk([...prefix, i]);
  };
  walk([]);
  return out;
}
const flat = (i: readonly number[], shape: readonly number[]) =>
  i.reduce((a, v, d) => a + v * strides(shape)[d], 0);
const ints = (n: number) =>
  tensor(
    Array.from({ length: n }, () => r.int(-50, 50)),
    'int32',
  );
const ty = (t: Tensor): TensorType => ({ shape: [...t.shape], dtype: t.dtype });

/** A one-op module over its arguments (bodies given), run directly and after print → read. */
function runBoth(op: Omit<Op, 'operands'>, args: Tensor[]): [Tensor, Tensor] {
  const main: Func = {
    name: 'main',
    params: args.map(ty),
    ops: [{ ...op, operands: args.map((_, k) => k) } as Op],
    returns: [args.length],
    results: op.results,
  } as Func;
  const module: Module = { funcs: [main], entry: 'main' };
  const direct = runModule(module, args).results[0];
  const again = runModule(readModule(printModule(module)), args).results[0];
  return [direct, again];
}

const scalarBody = (kind: string, result: string, compare?: string): Body => ({
  params: [
    { shape: [], dtype: 'int32' },
    { shape: [], dtype: 'int32' },
  ],
  ops: [
    {
      kind,
      operands: [0, 1],
      results: [{ shape: [], dtype: result }],
      ...(compare ? { comparison_direction: compare } : {}),
    } as unknown as Op,
  ],
  returns: [2],
});

function randomShape(rank: number): number[] {
  return Array.from({ length: rank }, () => (r.next() < 0.1 ? 0 : r.int(1, 4)));
}

describe(`window ops: ${N} seeded cases each against the spec's formulas, and through text`, () => {
  it('pad: result[lo + o·(interior + 1)] = operand[o], padding_value elsewhere', () => {
    for (let n = 0; n < N; n++) {
      const shape = randomShape(r.int(0, 3));
      const lo = shape.map(() => r.int(-3, 3));
      const mid = shape.map(() => r.int(0, 2));
      const out = shape.map((s, d) => s + lo[d] + Math.max(s - 1, 0) * mid[d]);
      const hi = out.map((s) => r.int(Math.max(-s, -3), 3));
      const res = out.map((s, d) => s + hi[d]);
      const x = ints(size(shape)).reshape(shape);
      const v = tensor(r.int(-9, -1), 'int32');
      const want = new Array(size(res)).fill(v.toFlatArray()[0]);
      for (const o of indices(shape)) {
        const p = o.map((i, d) => lo[d] + i * (mid[d] + 1));
        if (p.every((i, d) => i >= 0 && i < res[d])) want[flat(p, res)] = x.toFlatArray()[flat(o, shape)];
      }
      const op = {
        kind: 'pad',
        edge_padding_low: lo,
        edge_padding_high: hi,
        interior_padding: mid,
        results: [{ shape: res, dtype: 'int32' }],
      } as unknown as Op;
      const [direct, again] = runBoth(op, [x, v]);
      expect([direct.toFlatArray(), again.toFlatArray()], `pad ${shape} ${lo} ${hi} ${mid}`).toEqual([
        want,
        want,
      ]);
    }
  });

  it('dynamic_update_slice: the update at clamp(0, start, shape − update shape), the operand elsewhere', () => {
    for (let n = 0; n < N; n++) {
      const shape = randomShape(r.int(0, 3));
      const ushape = shape.map((s) => r.int(0, s));
      const starts = shape.map(() => r.int(-6, 6));
      const x = ints(size(shape)).reshape(shape);
      const u = ints(size(ushape)).reshape(ushape);
      const t = starts.map((s, d) => Math.min(Math.max(s, 0), shape[d] - ushape[d]));
      const want = [...x.toFlatArray()];
      for (const i of indices(ushape))
        want[
          flat(
            i.map((v, d) => v + t[d]),
            shape,
          )
        ] = u.toFlatArray()[flat(i, ushape)];
      const op = { kind: 'dynamic_update_slice', results: [ty(x)] } as unknown as Op;
      const [direct, again] = runBoth(op, [x, u, ...starts.map((s) => tensor(BigInt(s), 'int64'))]);
      expect([direct.toFlatArray(), again.toFlatArray()], `dus ${shape} ${ushape} ${starts}`).toEqual([
        want,
        want,
      ]);
    }
  });

  it('select_and_scatter: each window selects by its compare, the source folds into init_value', () => {
    for (let n = 0; n < N; n++) {
      const rank = r.int(0, 3);
      const shape = randomShape(rank);
      const window = shape.map(() => r.int(1, 3));
      const step = shape.map(() => r.int(1, 2));
      const pad = shape.map(() => [r.int(0, 2), r.int(0, 2)]);
      const windows = shape.map((s, d) => {
        const p = pad[d][0] + s + pad[d][1];
        return p <= 0 || window[d] > p ? 0 : Math.floor((p - window[d]) / step[d]) + 1;
      });
      const dir = r.pick(['GE', 'GT', 'LE', 'LT']);
      const body = r.pick(['add', 'maximum', 'minimum']);
      const x = tensor(
        Array.from({ length: size(shape) }, () => r.int(-3, 3)),
        'int32',
      ).reshape(shape);
      const s = ints(size(windows)).reshape(windows);
      const init = tensor(r.int(-5, 5), 'int32');
      const keep = (a: number, b: number) =>
        ({ GE: a >= b, GT: a > b, LE: a <= b, LT: a < b })[dir] as boolean;
      const fold = (a: number, b: number) =>
        body === 'add' ? a + b : body === 'maximum' ? Math.max(a, b) : Math.min(a, b);
      const xs = x.toFlatArray() as number[];
      const want = new Array(size(shape)).fill(init.toFlatArray()[0]);
      for (const w of indices(windows)) {
        let chosen = -1;
        for (const k of indices(window)) {
          const o = k.map((v, d) => w[d] * step[d] + v - pad[d][0]);
          if (!o.every((v, d) => v >= 0 && v < shape[d])) continue;
          const at = flat(o, shape);
          if (chosen < 0 || !keep(xs[chosen], xs[at])) chosen = at;
        }
        if (chosen >= 0) want[chosen] = fold(want[chosen], (s.toFlatArray() as number[])[flat(w, windows)]);
      }
      const op = {
        kind: 'select_and_scatter',
        window_dimensions: window,
        window_strides: step,
        padding: pad,
        select: scalarBody('compare', 'bool', dir),
        scatter: scalarBody(body, 'int32'),
        results: [ty(x)],
      } as unknown as Op;
      const [direct, again] = runBoth(op, [x, s, init]);
      expect(
        [direct.toFlatArray(), again.toFlatArray()],
        `sas ${shape} ${window} ${step} ${pad} ${dir} ${body}`,
      ).toEqual([want, want]);
    }
  });

  it('reduce_window: each window of the padded, dilated input folded from init_value in row-major order', () => {
    for (let n = 0; n < N; n++) {
      const shape = randomShape(r.int(0, 3));
      const window = shape.map(() => r.int(1, 3));
      const step = shape.map(() => r.int(1, 2));
      const base = shape.map(() => r.int(1, 2));
      const wdil = shape.map(() => r.int(1, 2));
      const pad = shape.map(() => [r.int(0, 2), r.int(0, 2)]);
      const counts = shape.map((s, d) => {
        const p = pad[d][0] + (s === 0 ? 0 : (s - 1) * base[d] + 1) + pad[d][1];
        const w = (window[d] - 1) * wdil[d] + 1;
        return p === 0 || w > p ? 0 : Math.floor((p - w) / step[d]) + 1;
      });
      const body = r.pick(['add', 'maximum', 'minimum', 'subtract']);
      const fold = (a: number, b: number) =>
        ({ add: a + b, maximum: Math.max(a, b), minimum: Math.min(a, b), subtract: a - b })[body] as number;
      const x = ints(size(shape)).reshape(shape);
      const init = tensor(r.int(-5, 5), 'int32');
      const xs = x.toFlatArray() as number[];
      const i0 = init.toFlatArray()[0] as number;
      const want = indices(counts).map((c) => {
        let acc = i0;
        for (const k of indices(window)) {
          // The padded, dilated input's coordinate, and the input element it holds (else init).
          const q = k.map((v, d) => c[d] * step[d] + v * wdil[d] - pad[d][0]);
          const at = q.map((v, d) =>
            v >= 0 && v % base[d] === 0 && v / base[d] < shape[d] ? v / base[d] : -1,
          );
          acc = fold(acc, at.every((v) => v >= 0) ? xs[flat(at, shape)] : i0);
        }
        return acc;
      });
      const op = {
        kind: 'reduce_window',
        window_dimensions: window,
        window_strides: step,
        base_dilations: base,
        window_dilations: wdil,
        padding: pad,
        body: scalarBody(body, 'int32'),
        results: [{ shape: counts, dtype: 'int32' }],
      } as unknown as Op;
      const [direct, again] = runBoth(op, [x, init]);
      expect(
        [direct.toFlatArray(), again.toFlatArray()],
        `rw ${shape} ${window} ${step} ${base} ${wdil} ${pad} ${body}`,
      ).toEqual([want, want]);
    }
  });
});
