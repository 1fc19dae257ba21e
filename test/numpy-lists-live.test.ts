/**
 * A seeded random campaign of JS lists as NumPy indices (read as the Python lists they stand for:
 * docs/numpy.md, "JS lists as Python lists") against the real NumPy 1.24 (/usr/bin/python3): nested,
 * ragged and empty lists and bare scalars of ints (small, out of bounds, near 2^53, at and past the
 * int64 / uint64 edges, as numbers and bigints), fractions, -0, NaN, ±Infinity and bools, through
 * take, put (every mode), a[v] / a[[v]] / a[v, w], ufunc.at (list and tuple) and the along-axis
 * functions, on small arrays of several dtypes and shapes (empty dims and 0-d too). Each case is
 * rendered as Python source; one Python process per test runs the batch. Compared: computes vs
 * raises; a result's dtype, shape and bytes (bit for bit); an error's class (golden.ts
 * expectedErrorClass) and rule (expectedRules), and NumPy's words where the library reproduces
 * them (WORDED). DIFFERENTIAL_N cases per test (default 250), DIFFERENTIAL_SEED replays a seed.
 */
import { describe, expect, it } from 'vitest';
import { expectedErrorClass, expectedRules, pythonHas, rng } from '../scripts/goldens/golden.js';
import { GatherScatterError, type Tensor, numpy, tensor } from '../src/index.js';
import type { DType } from '../src/tensor/dtype.js';
import { runPythonJson } from './helpers/python.js';
import { differentialSeed } from './helpers/seed.js';

type R = ReturnType<typeof rng>;
type Leaf = number | bigint | boolean;
type Value = Leaf | Value[];

const N = Number(process.env.DIFFERENTIAL_N ?? 250);
const LIVE_TIMEOUT_MS = 300_000;

/** A leaf: mostly small ints, then every edge a Python int or float meets on its way to intp. */
function leaf(r: R): Leaf {
  const k = r.next();
  if (k < 0.4) return r.int(-4, 4);
  if (k < 0.47) return r.pick([5, 7, -7, 100, -100, 2 ** 31, -(2 ** 31)]);
  if (k < 0.57)
    return r.pick([
      2 ** 53,
      2 ** 53 + 2,
      -(2 ** 53),
      2 ** 60,
      2 ** 63,
      -(2 ** 63),
      2 ** 64,
      1e19,
      1e20,
      2 ** 70,
    ]);
  if (k < 0.7)
    return r.pick([
      0n,
      1n,
      -1n,
      3n,
      2n ** 53n + 1n,
      2n ** 63n - 1n,
      2n ** 63n,
      2n ** 64n - 1n,
      2n ** 64n,
      -(2n ** 63n),
      -(2n ** 63n) - 1n,
      2n ** 100n,
      -(2n ** 100n),
    ]);
  if (k < 0.8) return r.pick([0.5, 1.5, -1.5, 2.7, -0.5, 1e-300, 2 ** 52 + 0.5]);
  if (k < 0.88) return r.pick([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0]);
  return r.next() < 0.5;
}

/** A leaf of one family, so that a list of them is often valid (an all-int list, say). */
function uniformLeaf(r: R, family: number): Leaf {
  if (family === 0) return r.int(-4, 4);
  if (family === 1) return BigInt(r.int(-4, 4));
  if (family === 2) return r.next() < 0.5;
  return leaf(r);
}

/** An index value: a bare scalar, a flat list, a nested (rectangular) list, a ragged or empty one. */
function value(r: R): Value {
  const family = r.int(0, 4);
  const item = () => (r.next() < 0.85 ? uniformLeaf(r, family) : leaf(r));
  const k = r.next();
  if (k < 0.15) return item();
  if (k < 0.5) return Array.from({ length: r.int(0, 4) }, item);
  if (k < 0.78) {
    const inner = r.int(0, 3);
    return Array.from({ length: r.int(1, 3) }, () => Array.from({ length: inner }, item));
  }
  if (k < 0.93)
    // ragged: rows of different lengths, or a scalar beside a list
    return Array.from({ length: r.int(2, 3) }, () =>
      r.next() < 0.3 ? item() : Array.from({ length: r.int(0, 3) }, item),
    );
  return r.pick([[], [[]], [[], []], [[[]]]] as Value[]);
}

/**
 * An along-axis index: mostly a rectangular list of `a`'s rank (dims of a's size, 1 or another),
 * of one leaf family; else any value.
 */
function alongValue(r: R, shape: readonly number[]): Value {
  if (r.next() < 0.2) return value(r);
  const family = r.int(0, 4);
  // mostly in bounds of a dim of 1 or more, so that a good share computes
  const item = () =>
    r.next() < 0.6 ? r.pick([0, -1, 0n, -1n]) : r.next() < 0.8 ? uniformLeaf(r, family) : leaf(r);
  const dims = shape.map((n) => r.pick([n, n, 1, r.int(0, 3)]));
  const build = (d: number): Value =>
    d === dims.length ? item() : Array.from({ length: dims[d] }, () => build(d + 1));
  return build(0);
}

/** Python source of a value: ints exact (a whole JS number is the Python int it holds), floats round-trip. */
function py(v: Value): string {
  if (Array.isArray(v)) return `[${v.map(py).join(', ')}]`;
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'bigint') return v.toString();
  if (Number.isNaN(v)) return 'nan';
  if (v === Number.POSITIVE_INFINITY) return 'inf';
  if (v === Number.NEGATIVE_INFINITY) return '-inf';
  if (Object.is(v, -0)) return '-0.0';
  if (Number.isInteger(v)) return BigInt(v).toString();
  return String(v); // the shortest round-trip form: Python parses it to the same double
}

const DTYPES: DType[] = ['float32', 'float64', 'int64', 'int32', 'bool'];
const SHAPES: number[][] = [[5], [2, 3], [0], [3, 0], [2, 0, 2], [], [3, 1, 2]];

/** The operand both sides build: arange(n) % 7 - 2, as dtype (bool: non-zero). */
function operand(dtype: DType, shape: number[]): Tensor {
  const x = Array.from({ length: shape.reduce((p, n) => p * n, 1) }, (_, i) => (i % 7) - 2);
  if (dtype === 'bool')
    return tensor(
      x.map((v) => v !== 0),
      'bool',
    ).reshape(shape);
  if (dtype === 'int64') return tensor(x.map(BigInt), 'int64').reshape(shape);
  return tensor(x, dtype).reshape(shape);
}

interface Case {
  readonly dtype: DType;
  readonly shape: number[];
  readonly expr: string;
  readonly run: (a: Tensor) => Tensor;
  /**
   * Two or more index arrays (lists) in the tuple: when NumPy raises an IndexError on one, it
   * names the first bad index of the first bad array (it checks each in full, in tuple order);
   * such cases are counted, and compared as every other case (word for word).
   */
  readonly arrays?: boolean;
}

const PEER = `
import json, sys, numpy as np
nan, inf = float('nan'), float('inf')
def at(f, a, i, b):
    r = a.copy(); f.at(r, i, b); return r
def put(a, i, v, mode):
    r = a.copy(); np.put(r, i, v, mode=mode); return r
def pal(a, i, v, axis):
    r = a.copy(); np.put_along_axis(r, i, v, axis); return r
def arr(dtype, shape):
    x = np.arange(int(np.prod(shape))) % 7 - 2
    return (x != 0 if dtype == 'bool' else x.astype(dtype)).reshape(shape)
out = []
for c in json.load(open(sys.argv[1])):
    a = arr(c['dtype'], c['shape'])
    try:
        r = np.asarray(eval(c['expr'])).copy(order='C')  # (ascontiguousarray makes a 0-d 1-d)
        out.append({'dtype': str(r.dtype), 'shape': list(r.shape), 'hex': r.tobytes().hex()})
    except Exception as e:
        out.append({'error': type(e).__name__, 'message': str(e)})
json.dump(out, open(sys.argv[2], 'w'))
`;

type Peer = { dtype: string; shape: number[]; hex: string } | { error: string; message: string };

/**
 * NumPy's words the library reproduces after its `<op>: ` prefix (a refusal whose NumPy message
 * matches one of these must say the same); others are compared by class and rule only.
 */
const WORDED = [
  /^cannot convert float (NaN|infinity) to integer$/,
  /^Python int too large to convert to C long$/,
  /^index -?\d+ is out of bounds for axis \d+ with size \d+$/,
  /^too many indices for array/,
  /^only integers, slices/,
  /^arrays used as indices must be of integer \(or boolean\) type$/,
  /^setting an array element with a sequence/,
  /^cannot do a non-empty take from an empty axes\.$/,
  /^cannot replace elements of an empty array$/,
  /^Cannot cast array data from/,
];

const MODES = ['raise', 'wrap', 'clip'] as const;

/** The largest magnitude among the finite leaves of `v`. */
const largest = (v: Value): number =>
  Array.isArray(v)
    ? v.reduce<number>((m, x) => Math.max(m, largest(x)), 0)
    : typeof v === 'boolean' || !Number.isFinite(Number(v))
      ? 0
      : Math.abs(Number(v));

/**
 * A mode for `v`: NumPy 1.24's take and put wrap an index by adding or subtracting the dim's
 * size in a loop (measured: 0.66 s for 2^32 into 5 elements), so an index far past the dims
 * would run for hours under 'wrap': such a case takes 'clip' instead.
 */
const modeFor = (r: R, v: Value) => {
  const m = r.pick(MODES);
  return m === 'wrap' && largest(v) > 2 ** 24 ? 'clip' : m;
};
const UFUNCS = ['add', 'subtract', 'multiply', 'maximum', 'minimum'] as const;

/** Python's axis argument and the library's: None / null, or an int (one past the rank now and then). */
function axisOf(r: R, rank: number): number | null {
  return r.next() < 0.3 ? null : r.int(-rank - (r.next() < 0.1 ? 1 : 0), Math.max(rank - 1, 0));
}

/** The cases of one operation. */
const GENERATORS: Record<
  string,
  (r: R, dtype: DType, rank: number, size: number, shape: number[]) => Omit<Case, 'dtype' | 'shape'>
> = {
  take: (r, _dtype, rank) => {
    const v = value(r);
    const mode = modeFor(r, v);
    const axis = r.next() < 0.5 ? undefined : axisOf(r, rank);
    const ax = axis === undefined ? '' : `, axis=${axis === null ? 'None' : axis}`;
    return {
      expr: `np.take(a, ${py(v)}${ax}, mode='${mode}')`,
      run: (a) => numpy.take(a, v as never, { mode, ...(axis === undefined ? {} : { axis }) }),
    };
  },
  put: (r, _dtype, _rank, size) => {
    const v = value(r);
    // NumPy 1.24's put into an empty array loops forever under 'wrap' and writes out of bounds
    // under 'clip' (the library refuses every mode: numpy.put.empty_array): 'raise' only there.
    const mode = size === 0 ? 'raise' : modeFor(r, v);
    const values = r.pick([9, [7, 8]]);
    return {
      expr: `put(a, ${py(v)}, ${py(values)}, '${mode}')`,
      run: (a) => numpy.put(a, v as never, values, { mode }),
    };
  },
  index: (r, _dtype, rank) => {
    const form = r.int(0, 2);
    const v = value(r);
    if (form === 0) return { expr: `a[${py(v)}]`, run: (a) => numpy.index(a, [v] as never) };
    if (form === 1) return { expr: `a[[${py(v)}]]`, run: (a) => numpy.index(a, [[v]] as never) };
    const vs = [v, ...Array.from({ length: r.int(1, Math.max(rank, 1)) }, () => value(r))];
    return {
      expr: `a[${vs.map(py).join(', ')}]`,
      run: (a) => numpy.index(a, vs as never),
      arrays: vs.filter(Array.isArray).length > 1,
    };
  },
  at: (r, dtype, rank) => {
    const ufunc = r.pick(UFUNCS);
    const b = `np.array(1, dtype='${dtype}')`;
    const B = () => (dtype === 'bool' ? tensor(true, 'bool') : tensor(1, dtype));
    if (r.next() < 0.6) {
      const v = value(r);
      return {
        expr: `at(np.${ufunc}, a, ${py(v)}, ${b})`,
        run: (a) => numpy[ufunc].at(a, v as never, B()),
      };
    }
    const vs = Array.from({ length: r.int(1, Math.max(rank, 1)) }, () => value(r));
    return {
      expr: `at(np.${ufunc}, a, (${vs.map(py).join(', ')},), ${b})`,
      arrays: vs.filter(Array.isArray).length > 1,
      run: (a) => numpy[ufunc].at(a, numpy.tuple(...(vs as never[])), B()),
    };
  },
  take_along_axis: (r, _dtype, rank, _size, shape) => {
    const v = alongValue(r, shape);
    const axis = axisOf(r, rank);
    return {
      expr: `np.take_along_axis(a, np.asarray(${py(v)}), ${axis === null ? 'None' : axis})`,
      run: (a) => numpy.take_along_axis(a, v as never, axis),
    };
  },
  put_along_axis: (r, _dtype, rank, _size, shape) => {
    const v = alongValue(r, shape);
    const axis = axisOf(r, rank);
    return {
      expr: `pal(a, np.asarray(${py(v)}), 9, ${axis === null ? 'None' : axis})`,
      run: (a) => numpy.put_along_axis(a, v as never, 9, axis),
    };
  },
};

/** The library's answer in the peer's terms. */
function ours(
  run: () => Tensor,
): Peer | { cls: string; code: string; message: string; error: GatherScatterError } {
  try {
    const t = run();
    const d = t.data as unknown as ArrayBufferView;
    return {
      dtype: t.dtype,
      shape: [...t.shape],
      hex: Buffer.from(d.buffer, d.byteOffset, d.byteLength).toString('hex'),
    };
  } catch (e) {
    if (!(e instanceof GatherScatterError)) return { error: 'untyped', message: String(e) };
    return { cls: e.constructor.name, code: e.code, message: e.message, error: e };
  }
}

/** The mismatch of one case, or undefined. */
function compare(got: ReturnType<typeof ours>, want: Peer): string | undefined {
  if ('error' in got && !('cls' in got)) return `untyped error ${got.message}`;
  if ('error' in want) {
    if (!('cls' in got))
      return `library computes ${got.dtype}${JSON.stringify(got.shape)}, NumPy ${want.error}: ${want.message}`;
    const cls = expectedErrorClass({ type: want.error, message: want.message });
    if (!(got.error instanceof cls))
      return `library ${got.cls} ${got.code}, NumPy ${want.error}: ${want.message}`;
    const rules = expectedRules({ message: want.message });
    if (rules && !rules.includes(got.code.split('.').at(-1) ?? ''))
      return `library ${got.code}, NumPy ${want.error}: ${want.message} (${rules.join(' or ')})`;
    // `<op>: <words> (<code>)`: the words must be NumPy's where the library reproduces them.
    // A detail after NumPy's words (`; got float64`) is the library's own.
    const words = got.message.slice(got.message.indexOf(': ') + 2, got.message.lastIndexOf(' ('));
    const same = words === want.message || words.startsWith(`${want.message}; `);
    if (WORDED.some((re) => re.test(want.message)) && !same)
      return `library says "${words}", NumPy ${want.error}: ${want.message}`;
    return undefined;
  }
  if ('cls' in got)
    return `library ${got.code}: ${got.message}; NumPy computes ${want.dtype}${JSON.stringify(want.shape)}`;
  if ('error' in got) return `untyped`;
  if (got.dtype !== want.dtype || got.shape.join() !== want.shape.join())
    return `${got.dtype}${JSON.stringify(got.shape)} vs ${want.dtype}${JSON.stringify(want.shape)}`;
  if (got.hex !== want.hex) return `bytes ${got.hex} vs ${want.hex}`;
  return undefined;
}

describe.skipIf(!pythonHas('numpy'))('JS lists as NumPy indices: a random campaign vs NumPy 1.24', () => {
  const seed = differentialSeed('numpy-lists-live.test.ts');
  for (const [k, [name, gen]] of Object.entries(GENERATORS).entries())
    it(`${N} random ${name} calls`, { timeout: LIVE_TIMEOUT_MS }, () => {
      const r = rng(seed + k);
      const cases: Case[] = Array.from({ length: N }, () => {
        const dtype = r.pick(DTYPES);
        const shape = r.pick(SHAPES);
        return {
          dtype,
          shape,
          ...gen(
            r,
            dtype,
            shape.length,
            shape.reduce((p, n) => p * n, 1),
            shape,
          ),
        };
      });
      const peer = runPythonJson<Peer[]>(
        PEER,
        cases.map(({ dtype, shape, expr }) => ({ dtype, shape, expr })),
      );
      const bad: string[] = [];
      let tupleOob = 0;
      cases.forEach((c, j) => {
        const p = peer[j];
        if (c.arrays && 'error' in p && / is out of bounds for axis /.test(p.message)) tupleOob++;
        const why = compare(
          ours(() => c.run(operand(c.dtype, c.shape))),
          p,
        );
        if (why) bad.push(`#${j} a ${c.dtype}${JSON.stringify(c.shape)}: ${c.expr}: ${why}`);
      });
      const computed = peer.filter((p) => !('error' in p)).length;
      console.info(
        `${name}: ${computed} of ${N} computed, ${bad.length} mismatched; ${tupleOob} tuples of two or more arrays raising out of bounds`,
      );
      // Against a vacuous run. The along-axis generators compute only 9–20 % of their calls (23 to
      // 50 of 250 in recorded runs), so a tenth failed now and then by chance (seed 1435075449:
      // put_along_axis 23); a fortieth is far below every generator's rate and still catches a
      // run where nothing computes.
      expect(computed).toBeGreaterThan(N / 40);
      if (process.env.DIFFERENTIAL_N) for (const b of bad) console.info(b);
      expect(bad.slice(0, 15)).toEqual([]);
    });
});
