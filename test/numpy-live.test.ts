/**
 * Live differential test against the real NumPy (and PyTorch): seeded random cases, evaluated in
 * one /usr/bin/python3 process per framework (scripts/goldens/generate.py --eval), compared
 * exactly with this library. Skipped, with the reason shown, when that interpreter lacks NumPy.
 */
import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type EncodedArg,
  type GoldenCase,
  decodeArg,
  differential,
  encodeTensor,
  pythonHas,
  rng,
  varyNaNs,
} from '../scripts/goldens/golden.js';
import { type Tensor, numpy, tensor } from '../src/index.js';
import type { DType } from '../src/tensor/dtype.js';
import { differentialSeed } from './helpers/seed.js';

type R = ReturnType<typeof rng>;

const DATA: DType[] = ['int64', 'int32', 'float64', 'float32', 'float16', 'uint8', 'int16', 'int8', 'bool'];
const FLOATS = new Set<DType>(['float64', 'float32', 'float16']);
/** Float edge values: ±0, NaN, ±Infinity, subnormals. */
const SPECIAL = [
  0,
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1e-40,
  -1e-45,
  5e-324,
  -1.5,
];
const IDX: DType[] = ['int64', 'int32', 'int16', 'int8', 'uint8'];

/**
 * Position-coded values (wrapped to fit 8-bit dtypes); float tensors sometimes carry edge values,
 * their NaNs of either sign, with payloads, some signalling (compared by their bits).
 */
function posTensor(shape: number[], dtype: DType, r?: R): Tensor {
  const n = shape.reduce((a, b) => a * b, 1);
  const special = r !== undefined && FLOATS.has(dtype) && r.next() < 0.3;
  const vals = Array.from({ length: n }, (_, i) => {
    if (dtype === 'bool') return i % 3 === 1;
    if (special && r.next() < 0.4) return r.pick(SPECIAL);
    return dtype === 'uint8' ? i % 256 : dtype === 'int8' ? (i % 200) - 100 : i * 10 + 1;
  });
  const t = tensor((dtype === 'int64' ? vals.map((v) => BigInt(v as number)) : vals) as never, dtype, shape);
  return r ? varyNaNs(r, t) : t;
}
function idxTensor(r: R, shape: number[], lo: number, hi: number, dtype: DType): Tensor {
  const n = shape.reduce((a, b) => a * b, 1);
  const unsigned = dtype.startsWith('uint');
  const vals = Array.from({ length: n }, () => {
    const v = r.int(unsigned ? 0 : lo, Math.max(hi, unsigned ? 0 : lo));
    return dtype === 'int64' ? BigInt(v) : v;
  });
  return tensor(vals, dtype, shape);
}
const shapeOf = (r: R, rank: number, lo = 0, hi = 4) =>
  Array.from({ length: rank }, () => (r.next() < 0.07 ? 0 : r.int(lo, hi)));
const enc = (t: Tensor) => encodeTensor(t) as EncodedArg;

type Case = Omit<GoldenCase, 'result' | 'error'>;

/** The op families, each run with its own case count. */
const FAMILIES = {
  take: ['take', 'put'],
  elements: ['take_along_axis', 'put_along_axis'],
  tuple: ['index', 'at'],
} as const;

function numpyCase(r: R, kind: string, i: number): Case {
  const dtype = r.pick(DATA);
  const it = r.pick(IDX);
  const name = `${kind} #${i}`;
  const c = (op: string, args: EncodedArg[], kwargs: Record<string, unknown> = {}): Case => ({
    name,
    framework: 'numpy',
    op,
    args,
    kwargs,
  });
  if (kind === 'take') {
    const a = posTensor(shapeOf(r, r.int(0, 3), 1), dtype, r);
    const axis = a.rank === 0 || r.next() < 0.3 ? null : r.int(-a.rank, a.rank - 1);
    const n = axis === null ? a.size : a.shape[axis < 0 ? axis + a.rank : axis];
    // wrap on an empty axis never returns in NumPy 1.24 (x % 0 by repeated subtraction): not asked.
    const modes = n === 0 ? ['raise', 'clip'] : ['raise', 'wrap', 'clip'];
    return c('take', [enc(a), enc(idxTensor(r, shapeOf(r, r.int(0, 2)), -n - 2, n + 1, it))], {
      axis,
      mode: r.pick(modes),
    });
  }
  if (kind === 'put') {
    const a = posTensor(shapeOf(r, r.int(0, 2), 1), dtype, r);
    const ind = idxTensor(r, [r.int(0, 6)], -a.size - 1, a.size, it);
    const v = posTensor([r.int(1, 4)], dtype, r);
    // A non-empty put into an empty array loops forever (wrap) or corrupts the heap (clip) in
    // NumPy 1.24 (documented): only 'raise' is asked then.
    const mode = a.size === 0 && ind.size > 0 ? 'raise' : r.pick(['raise', 'wrap', 'clip']);
    return c('put', [enc(a), enc(ind), enc(v)], { mode });
  }
  if ((kind === 'take_along_axis' || kind === 'put_along_axis') && r.next() < 0.25) {
    // axis None: through arr.flat, 1-D indices; put's values read flat and cycled (any shape).
    const a = posTensor(shapeOf(r, r.int(0, 3), 1), dtype, r);
    const idx = enc(idxTensor(r, [r.int(0, 6)], -a.size - 1, a.size, it));
    if (kind === 'take_along_axis') return c(kind, [enc(a), idx, null]);
    return c(kind, [enc(a), idx, enc(posTensor(shapeOf(r, r.int(0, 2), 1), dtype, r)), null]);
  }
  if (kind === 'take_along_axis' || kind === 'put_along_axis') {
    const a = posTensor(shapeOf(r, r.int(1, 3), 1), dtype, r);
    const axis = r.int(0, a.rank - 1);
    const ishape = a.shape.map((n, d) => (d === axis ? r.int(0, 4) : r.pick([n, 1])));
    const n = a.shape[axis];
    const idx = enc(idxTensor(r, ishape, -n - 1, n, it));
    if (kind === 'take_along_axis') return c(kind, [enc(a), idx, axis]);
    const vshape = ishape.map((m) => (r.next() < 0.3 ? 1 : m));
    return c(kind, [enc(a), idx, enc(posTensor(vshape, dtype)), axis]);
  }
  const a = posTensor(shapeOf(r, r.int(1, 3), 1), dtype, r);
  const k = r.int(1, a.rank);
  const m = r.int(0, 5);
  const arrays = Array.from({ length: k }, (_, d) =>
    enc(idxTensor(r, r.next() < 0.2 ? [] : [m], -a.shape[d] - 1, a.shape[d], it)),
  );
  if (kind === 'index') return c('index', [enc(a), { tuple: arrays }]);
  const ufunc = r.pick(['add', 'subtract', 'multiply', 'minimum', 'maximum']);
  const b = posTensor([...(r.next() < 0.5 ? [] : [m]), ...a.shape.slice(k)], dtype);
  return c(`${ufunc}.at`, [enc(a), { tuple: arrays }, enc(b)]);
}

function callNumpy(c: Case): Tensor {
  const args = c.args.map(decodeArg) as any[];
  const np = numpy as any;
  if (c.op.endsWith('.at')) return np[c.op.slice(0, -3)].at(...args);
  if (c.op === 'index' || c.op.endsWith('along_axis')) return np[c.op](...args);
  return np[c.op](...args, c.kwargs);
}

/** Cases per family: DIFFERENTIAL_N (npm run differential -- --n 10000), else 2000. */
const N = Number(process.env.DIFFERENTIAL_N ?? 2000);
/** A fresh seed per run (printed; DIFFERENTIAL_SEED replays it). */
const SEED = differentialSeed('numpy-live.test.ts');
const hasNumpy = pythonHas('numpy');
const reason = hasNumpy ? '' : ' (SKIPPED: /usr/bin/python3 with numpy not found)';

describe(`numpy live differential vs the real NumPy${reason}`, () => {
  for (const [k, [family, kinds]] of Object.entries(FAMILIES).entries()) {
    it.skipIf(!hasNumpy)(
      `${N} seeded random cases: ${family} (${kinds.join(', ')})`,
      () => {
        const r = rng(SEED + 1000 * k);
        const cases = Array.from({ length: N }, (_, i) => numpyCase(r, r.pick(kinds), i));
        const bad = differential(cases, callNumpy);
        if (process.env.DIFFERENTIAL_DUMP)
          appendFileSync(process.env.DIFFERENTIAL_DUMP, `${bad.join('\n')}\n`);
        if (process.env.DIFFERENTIAL_N)
          console.log(`numpy ${family}: ${cases.length} cases, ${bad.length} disagreements`);
        expect(bad.slice(0, 5)).toEqual([]);
      },
      120_000,
    );
  }
});
