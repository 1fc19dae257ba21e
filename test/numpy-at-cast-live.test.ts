/**
 * `numpy.<ufunc>.at(a, indices, b)` with `b` of another dtype than `a`, against the real NumPy
 * 1.24 (/usr/bin/python3, one process for the campaign): a seeded random campaign over a's dtype ×
 * b (a Python int, float or bool, a 0-d array or an array of any real dtype) × the five ufuncs ×
 * indices with duplicates and negatives, compared bit for bit (numpy/at-cast.ts: the loop dtype,
 * the per-step cast back). The seed is printed (DIFFERENTIAL_SEED replays it), the count is
 * AT_CAST_CASES (default 300).
 *
 * Left out, and counted: the steps C leaves undefined — a float loop's NaN, ±inf or a value out of
 * an integer a's range cast back (numpy/at-cast.ts gives convert's saturation, NaN → 0; NumPy's
 * x86-64 build gives INT_MIN or its wrap, docs/numpy.md) — found by replaying NumPy's loop in
 * Python. NaNs are compared bit for bit too: the values include NaNs with a sign, a payload and
 * signalling ones (given as bits in their dtype), whose bits the loop's casts and x86 arithmetic
 * carry (quieted, truncated, the first NaN operand's payload). One departure is counted, not
 * failed: with float16 in the loop, NumPy's software float16 casts keep a NaN's payload bits and
 * leave a signalling NaN signalling, where `convert` gives the quiet NaN with the sign into
 * float16 and quiets out of it (src/ir/ops/convert.ts; the sign always agrees). Complex loops are refused
 * (test/numpy-at-cast.test.ts). Skipped, with the reason in the name, when /usr/bin/python3 has no
 * NumPy.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PYTHON, pythonHas, rng } from '../scripts/goldens/golden.js';
import { numpy } from '../src/frameworks/numpy.js';
import { DTYPES as ALL_DTYPES, type DType, integerRange, isComplex, isFloat } from '../src/tensor/dtype.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { differentialSeed } from './helpers/seed.js';

const hasNumpy = pythonHas('numpy');
const COUNT = Number(process.env.AT_CAST_CASES ?? 300);

/** NumPy's real dtypes: all but the complex ones and bfloat16 (NumPy has none). */
const DTYPES = ALL_DTYPES.filter((d) => !isComplex(d) && d !== 'bfloat16');
const UFUNCS = ['add', 'subtract', 'multiply', 'minimum', 'maximum'] as const;

/** A value as text for Python (`float('-0.0')`, `int('18446744073709551615')`). */
const text = (v: number | bigint | boolean | NanBits): string =>
  isBits(v) ? `bits:${v}` : typeof v === 'boolean' ? (v ? '1' : '0') : Object.is(v, -0) ? '-0.0' : String(v);

interface Case {
  readonly ufunc: (typeof UFUNCS)[number];
  readonly a: { dtype: DType; data: string[] };
  readonly indices: number[];
  /** A boolean mask over `a` instead of `indices` (then `indices` are its true positions). */
  readonly mask?: boolean[];
  /** A Python scalar (`kind` int, float or bool), or an array (`shape` [] for 0-d). */
  readonly b:
    | { kind: 'int' | 'float' | 'bool'; value: string }
    | { dtype: DType; shape: number[]; data: string[] };
}

type R = ReturnType<typeof rng>;

/**
 * NaNs written as their bits in each float dtype (big-endian hex): the negative default NaN, a
 * quiet NaN with a payload, and signalling NaNs (one whose payload a narrowing cast drops).
 */
const NAN_BITS = {
  float16: ['fe00', '7e23', 'fd01', '7c01'],
  float32: ['ffc00000', '7fc00123', 'ffa00001', '7f800001'],
  float64: ['fff8000000000000', '7ff8000000000123', 'fff4000000000001', '7ff0000000000001'],
} as const;
type NanBits = (typeof NAN_BITS)[keyof typeof NAN_BITS][number];
const isBits = (v: unknown): v is NanBits => typeof v === 'string';

/** A value of `dtype`: small numbers mostly, the type's bounds and halves, floats' specials. */
function value(r: R, dtype: DType): number | bigint | boolean | NanBits {
  if (dtype === 'bool') return r.next() < 0.5;
  if (isFloat(dtype)) {
    const special = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0, 1e4, -6e4, 0.1];
    if (r.next() < 0.05) return r.pick(NAN_BITS[dtype as keyof typeof NAN_BITS]);
    if (r.next() < 0.1) return r.pick(special);
    const v = r.int(-300, 300) / r.pick([1, 2, 4, 8]);
    return dtype === 'float64' && r.next() < 0.2 ? v * 2 ** r.int(20, 70) : v;
  }
  const [lo, hi] = integerRange(dtype);
  const pick = r.next();
  if (pick < 0.15) return lo;
  if (pick < 0.3) return hi;
  const v = BigInt(r.int(-300, 300));
  return v < lo || v > hi ? BigInt(r.int(0, 100)) : v;
}

function makeCase(r: R): Case {
  const ufunc = r.pick(UFUNCS);
  const aType = r.pick(DTYPES);
  const n = r.int(1, 4);
  const a = { dtype: aType, data: Array.from({ length: n }, () => text(value(r, aType))) };
  // A quarter of the cases index with a mask: its nonzero step scatters too (numpy/at-cast.ts).
  const mask = r.next() < 0.25 ? Array.from({ length: n }, () => r.next() < 0.6) : undefined;
  const indices = mask
    ? mask.flatMap((t, i) => (t ? [i] : []))
    : Array.from({ length: r.int(1, 5) }, () => r.int(-n, n - 1));
  const count = indices.length;
  const form = r.next();
  let b: Case['b'];
  if (form < 0.4) {
    const kind = r.pick(['int', 'int', 'float', 'bool'] as const);
    const v =
      kind === 'bool'
        ? r.next() < 0.5
        : kind === 'int'
          ? r.pick([r.int(-400, 400), r.int(-70000, 70000), 2 ** r.int(31, 52) * r.pick([1, -1])])
          : // A whole JS number is a Python int (1e300 too): a Python float is a fraction or special.
            r.pick([
              r.int(-600, 600) + r.pick([0.5, 0.25, -0.75]),
              -0,
              Number.NaN,
              Number.NEGATIVE_INFINITY,
              0.1,
            ]);
    const nan = kind === 'float' && r.next() < 0.2 ? r.pick(NAN_BITS.float64) : undefined;
    b = { kind, value: nan === undefined ? text(v) : text(nan) };
  } else {
    const dtype = r.pick(DTYPES);
    const shape = form < 0.55 ? [] : r.next() < 0.2 ? [1] : [count];
    const size = shape.length === 0 ? 1 : shape[0];
    b = { dtype, shape, data: Array.from({ length: size }, () => text(value(r, dtype))) };
  }
  return { ufunc, a, indices, b, ...(mask ? { mask } : {}) };
}

const PY = `
import sys, json, warnings, numpy as np
warnings.simplefilter('ignore')
def conv(s, dtype):
    if s.startswith('bits:'): return np.frombuffer(bytes.fromhex(s[5:])[::-1], dtype)[0]
    if dtype == 'bool': return s == '1'
    return float(s) if dtype.startswith('float') else int(s)
out = []
for c in json.load(sys.stdin):
    A = np.dtype(c['a']['dtype'])
    a = np.array([conv(s, c['a']['dtype']) for s in c['a']['data']], dtype=A)
    b = c['b']
    if 'kind' in b:
        pyfloat = lambda s: float(conv(s, 'float64')) if s.startswith('bits:') else float(s)
        bv = {'int': int, 'float': pyfloat, 'bool': lambda s: s == '1'}[b['kind']](b['value'])
    else:
        vals = [conv(s, b['dtype']) for s in b['data']]
        bv = np.array(vals[0] if b['shape'] == [] else vals, dtype=b['dtype'])
    u = getattr(np, c['ufunc'])
    idx = np.array(c['indices'], dtype=np.int64)
    at_idx = np.array(c['mask'], dtype=bool) if 'mask' in c else idx
    # Replays the loop step by step to find a cast back that C leaves undefined.
    L = np.result_type(a, bv)
    ub = False
    rep = a.copy()
    bb = np.broadcast_to(np.asarray(bv), idx.shape) if np.ndim(bv) else [bv] * len(idx)
    try:
        for j, i in enumerate(idx):
            with np.errstate(all='ignore'):
                r = u(np.asarray(rep[i]).astype(L), np.asarray(bb[j]).astype(L))
            if A.kind in 'iu' and L.kind == 'f':
                # Python ints: NumPy would compare uint64's max as a float64 (2^64).
                if not np.isfinite(r) or not (int(np.iinfo(A).min) <= int(np.trunc(r)) <= int(np.iinfo(A).max)):
                    ub = True
            with np.errstate(all='ignore'):
                rep[i] = np.asarray(r).astype(A)
    except Exception:
        pass
    try:
        u.at(a, at_idx, bv)
        nan = [bool(x) for x in np.isnan(a)] if A.kind == 'f' else [False] * a.size
        out.append({'hex': a.tobytes().hex(), 'nan': nan, 'loop': str(L), 'ub': ub})
    except Exception as e:
        out.append({'error': type(e).__name__ + ': ' + str(e), 'loop': str(L), 'ub': ub})
print(json.dumps(out))
`;

/** The bytes (little-endian) of a `bits:` value. */
const bitsOf = (s: string) => Uint8Array.from(Buffer.from(s.slice(5), 'hex').reverse());

/** A tensor of `dtype` and `shape` holding the case's values, `bits:` ones written as bytes. */
function tensorOf(data: readonly string[], dtype: DType, shape: readonly number[]): Tensor {
  const read = (s: string) =>
    s.startsWith('bits:') ? 0 : dtype === 'bool' ? s === '1' : isFloat(dtype) ? Number(s) : BigInt(s);
  const t = tensor(data.map(read) as never, dtype).reshape(shape);
  const bytes = new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
  for (const [e, s] of data.entries())
    if (s.startsWith('bits:')) bytes.set(bitsOf(s), e * (bytes.length / t.size));
  return t;
}

/** The case as the library's call. */
function runCase(c: Case): Tensor {
  const a = tensorOf(c.a.data, c.a.dtype, [c.a.data.length]);
  let b: unknown;
  if (!('kind' in c.b)) b = tensorOf(c.b.data, c.b.dtype, c.b.shape);
  else if (c.b.kind === 'bool') b = c.b.value === '1';
  else if (c.b.value.startsWith('bits:')) b = new Float64Array(bitsOf(c.b.value).buffer)[0];
  else b = Number(c.b.value);
  return numpy[c.ufunc].at(a, c.mask ? tensor(c.mask, 'bool') : c.indices, b as never);
}

/**
 * How `got` differs from NumPy's bytes: not at all (undefined), only in the payload of NaNs of the
 * same sign ('payload'), or otherwise ('bits').
 */
function differing(got: Tensor, want: string, nan: readonly boolean[]): 'payload' | 'bits' | undefined {
  const mine = hex(got);
  if (mine === want) return undefined;
  const w = 2 * (got.data.byteLength / got.size); // hex digits an element
  for (let e = 0; e < got.size; e++) {
    const [x, y] = [mine.slice(w * e, w * (e + 1)), want.slice(w * e, w * (e + 1))];
    // Little-endian: the sign is the top bit of the last byte.
    const sign = (h: string) => Number.parseInt(h.slice(-2), 16) >> 7;
    if (x !== y && !(nan[e] && Number.isNaN(Number(got.toFlatArray()[e])) && sign(x) === sign(y)))
      return 'bits';
  }
  return 'payload';
}

const hex = (t: Tensor): string =>
  Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength).toString('hex');

describe.skipIf(!hasNumpy)(
  `ufunc.at with b of another dtype, against NumPy 1.24${hasNumpy ? '' : ' (skipped: /usr/bin/python3 has no numpy)'}`,
  () => {
    it(`a seeded random campaign (AT_CAST_CASES=${COUNT}) agrees bit for bit`, () => {
      const seed = differentialSeed('numpy-at-cast-live.test.ts');
      const r = rng(seed);
      const cases = Array.from({ length: COUNT }, () => makeCase(r));
      const p = spawnSync(PYTHON, ['-c', PY], {
        input: JSON.stringify(cases),
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      });
      if (p.status !== 0) throw new Error(p.stderr);
      const answers: { hex?: string; nan?: boolean[]; error?: string; loop: string; ub: boolean }[] =
        JSON.parse(p.stdout);
      const stats = { compared: 0, undefinedCast: 0, errors: 0, inLoop: 0, nan: 0, float16Payload: 0 };
      const failures: string[] = [];
      for (const [k, c] of cases.entries()) {
        const want = answers[k];
        if (want.ub) {
          stats.undefinedCast++;
          continue;
        }
        const where = `case ${k} (seed ${seed}): ${JSON.stringify(c)} NumPy ${JSON.stringify(want)}`;
        let got: Tensor;
        try {
          got = runCase(c);
        } catch (e) {
          if (want.error === undefined) failures.push(`${where}: threw ${(e as Error).message}`);
          else stats.errors++;
          continue;
        }
        if (want.error !== undefined) {
          failures.push(`${where}: computed ${got.toArray()}`);
          continue;
        }
        stats.compared++;
        if (want.loop !== c.a.dtype) stats.inLoop++;
        if (want.nan?.some(Boolean)) stats.nan++;
        const bad = differing(got, want.hex as string, want.nan ?? []);
        if (bad === 'payload' && [c.a.dtype, want.loop, 'dtype' in c.b ? c.b.dtype : ''].includes('float16'))
          stats.float16Payload++;
        else if (bad !== undefined) failures.push(`${where}: got ${got.toArray()} (${hex(got)})`);
      }
      console.info(`numpy-at-cast-live: ${JSON.stringify(stats)}`);
      expect(failures.slice(0, 5)).toEqual([]);
      // The campaign must reach the new path, not only the same-dtype one.
      expect(stats.inLoop).toBeGreaterThan(COUNT / 10);
    });
  },
);
