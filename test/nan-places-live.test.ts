/**
 * PyTorch's NaN operand order by place, live (issue 23): random index_put(accumulate=True),
 * index_add, scatter multiply and scatter_reduce prod calls on float32 / float64 / complex64 /
 * complex128 (index_put and index_add, with or without alpha, on float16 too), ranks 1–3 with rows of 1–20 elements, parts NaN half the time (quiet and
 * signalling payloads, both signs) beside finite, zero and infinite ones, run through the real
 * PyTorch 1.13 and the library and compared bit for bit. A fresh seed per run, printed
 * (DIFFERENTIAL_SEED replays it). Skipped when /usr/bin/python3 lacks PyTorch.
 */
import { describe, expect, it } from 'vitest';
import { pythonHas, rng } from '../scripts/goldens/golden.js';
import { Tensor, tensor } from '../src/index.js';
import { type NaNCase, bitDiff, libraryRun, peerRun } from './helpers/nan-peer.js';
import { differentialSeed } from './helpers/seed.js';

type R = ReturnType<typeof rng>;
type FloatDType = 'float16' | 'float32' | 'float64' | 'complex64' | 'complex128';
/** The dtypes of every op (index_put and index_add also draw float16: index_put's NaN sign depends on the place). */
const DTYPES: readonly FloatDType[] = ['float32', 'float64', 'complex64', 'complex128'];
const CASES_PER_OP = 150;

/** One stored word: a NaN (random payload, sign, quiet or signalling) half the time, else a value. */
function word(r: R, wide: boolean): bigint {
  if (r.next() < 0.5) {
    const sign = r.next() < 0.5 ? 1n : 0n;
    const quiet = r.next() < 0.7;
    const payload = BigInt(r.int(1, 0xffff));
    return wide
      ? (sign << 63n) | 0x7ff0000000000000n | (quiet ? 1n << 51n : 0n) | payload
      : (sign << 31n) | 0x7f800000n | (quiet ? 1n << 22n : 0n) | payload;
  }
  const v = r.pick([0, -0, 1.5, -2, 3, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0.25]);
  const f = wide ? new Float64Array([v]) : new Float32Array([v]);
  return wide ? new BigUint64Array(f.buffer)[0] : BigInt(new Uint32Array(f.buffer)[0]);
}

/** float16 bits: a NaN (random sign, payload, quiet or signalling) half the time, else a value. */
function half(r: R): number {
  if (r.next() < 0.5)
    return (r.next() < 0.5 ? 0x8000 : 0) | 0x7c00 | (r.next() < 0.7 ? 0x200 : 0) | r.int(1, 0x1ff);
  return r.pick([0x0000, 0x8000, 0x3e00, 0xc000, 0x4200, 0x7c00, 0xfc00, 0x3400]);
}

function data(r: R, dtype: FloatDType, shape: readonly number[]): Tensor {
  if (dtype === 'float16') {
    const bits = new Uint16Array(shape.reduce((a, b) => a * b, 1)).map(() => half(r));
    return new Tensor('float16', [...shape], bits);
  }
  const n = shape.reduce((a, b) => a * b, 1) * (dtype.startsWith('complex') ? 2 : 1);
  if (dtype === 'float64' || dtype === 'complex128') {
    const w = new BigUint64Array(n);
    for (let k = 0; k < n; k++) w[k] = word(r, true);
    return tensor(new Float64Array(w.buffer), dtype, [...shape]);
  }
  const w = new Uint32Array(n);
  for (let k = 0; k < n; k++) w[k] = Number(word(r, false));
  return tensor(new Float32Array(w.buffer), dtype, [...shape]);
}

const i64 = (xs: number[], shape = [xs.length]) => tensor(xs.map(BigInt), 'int64', shape);
const ints = (r: R, n: number, hi: number) => Array.from({ length: n }, () => r.int(0, hi));

/** A shape of rank 1–3 whose last dim (the row) is 1–20 long. */
const shapeOf = (r: R): number[] => [...Array.from({ length: r.int(0, 2) }, () => r.int(1, 3)), r.int(1, 20)];

/** index_put: leading index tensors, or a null entry first, or a bool mask; values full or broadcast. */
function indexPutCase(r: R, dtype: FloatDType): NaNCase {
  const x0 = shapeOf(r);
  const x = x0.length === 1 ? [r.int(1, 3), ...x0] : x0;
  const form = r.pick(['ints', 'null', 'mask'] as const);
  const m = r.int(1, 4);
  let indices: (Tensor | null)[];
  let result: number[];
  if (form === 'mask') {
    const mask = Array.from({ length: x[0] }, () => r.next() < 0.6);
    indices = [tensor(mask, 'bool')];
    result = [mask.filter(Boolean).length, ...x.slice(1)];
  } else if (form === 'null' && x.length >= 3) {
    indices = [null, i64(ints(r, m, x[1] - 1))];
    result = [x[0], m, ...x.slice(2)];
  } else {
    const k = r.int(1, x.length - 1);
    indices = Array.from({ length: k }, (_, d) => i64(ints(r, m, x[d] - 1)));
    result = [m, ...x.slice(k)];
  }
  // Values: the whole result, its trailing dims only, or with some dims broadcast (size 1).
  const keep = r.int(1, result.length);
  const v = result.slice(result.length - keep).map((n) => (r.next() < 0.25 ? 1 : n));
  return { op: 'index_put', x: data(r, dtype, x), indices, v: data(r, dtype, v) };
}

/**
 * index_add along a random dim with an index of 1–4 entries (duplicates likely), a third of the
 * time with an alpha (0 makes inf · 0 a NaN of the product's own).
 */
function indexAddCase(r: R, dtype: FloatDType): NaNCase {
  const x = shapeOf(r);
  const dim = r.int(0, x.length - 1);
  const m = r.int(1, 4);
  const s = x.map((n, k) => (k === dim ? m : n));
  const alphas = dtype.startsWith('complex') ? [2, -1, 0.5, 3] : [2, -1, 0.5, 3, 0];
  const alpha = r.next() < 0.3 ? { alpha: r.pick(alphas) } : {};
  const i = i64(ints(r, m, x[dim] - 1));
  return { op: 'index_add', x: data(r, dtype, x), dim, i, s: data(r, dtype, s), ...alpha };
}

/** scatter multiply / scatter_reduce prod: an index of src's shape along a random dim. */
function productCase(r: R, dtype: FloatDType, op: 'scatter_mul' | 'scatter_prod'): NaNCase {
  const x = shapeOf(r);
  const dim = r.int(0, x.length - 1);
  const shape = x.map((n) => r.int(1, n));
  const n = shape.reduce((a, b) => a * b, 1);
  const i = i64(ints(r, n, x[dim] - 1), shape);
  const base = { x: data(r, dtype, x), dim, i, s: data(r, dtype, shape) };
  return op === 'scatter_mul' ? { op, ...base } : { op, ...base, include_self: r.next() < 0.5 };
}

describe.skipIf(!pythonHas('torch'))('NaN order by place vs PyTorch 1.13, random calls', () => {
  it(`${CASES_PER_OP} index_put / index_add / scatter multiply / prod calls each, bit for bit`, () => {
    const r = rng(differentialSeed('nan-places-live.test.ts'));
    const cases: NaNCase[] = [];
    for (let k = 0; k < CASES_PER_OP; k++) {
      cases.push(indexPutCase(r, r.pick([...DTYPES, 'float16'])));
      cases.push(indexAddCase(r, r.pick([...DTYPES, 'float16'])));
      cases.push(productCase(r, r.pick(DTYPES), r.next() < 0.5 ? 'scatter_mul' : 'scatter_prod'));
    }
    const want = peerRun(cases);
    const failures = cases.flatMap((c, k) => {
      const got = libraryRun(c);
      const d = bitDiff(got, want[k]);
      const how = c.op === 'index_add' ? ` dim ${c.dim} alpha ${c.alpha ?? 1}` : '';
      return d.length ? [`${k} ${c.op}${how} ${c.x.dtype}${JSON.stringify(c.x.shape)}: ${d.join(', ')}`] : [];
    });
    expect(failures.slice(0, 8)).toEqual([]);
  });
});
