/**
 * The IR's float `power` is correctly rounded (src/ir/ops/pow.ts), not V8's `**`: pinned pairs
 * where V8 (and NumPy 1.24's AVX-512 np.power, and glibc's pow, each in some) miss the correctly
 * rounded double, checked through `jax.at().power` and the StableHLO text; C99's special values;
 * and a live check of fresh random pairs against Python's `decimal` at 100 digits (the exact
 * power, rounded once), with glibc's pow (`math.pow`) counted beside it.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jax, tensor } from '../src/index.js';
import { pow } from '../src/ir/ops/pow.js';
import { readModule } from '../src/stablehlo-text/index.js';
import { runModule } from '../src/ir/run.js';
import { PYTHON, runPythonJson } from './helpers/python.js';
import { differentialSeed } from './helpers/seed.js';
import { rng } from './reference/random-cases.js';

/** [x, y, the correctly rounded x^y (decimal at 100 digits), who misses it (measured)]. */
const PINNED: [number, number, number, string][] = [
  [30.31021235766316, 4.30965431699866, 2427372.0102156666, 'V8 and NumPy: 2427372.010215666'],
  [82.1246295540928, 26.851633348217725, 2.5511642740832105e51, 'NumPy: 2.55116427408321e+51'],
  [8.408245526021865, -13.356077039187099, 4.4623501059389377e-13, 'V8 and glibc: 4.462350105938937e-13'],
  [0.9999999359621065, 94264655.94626978, 0.0023898846072670536, 'glibc: 0.002389884607267054'],
  [3.278075973340492, -170, 2.2119102956663992e-88, 'glibc: 2.211910295666399e-88'],
];

describe('float power is correctly rounded', () => {
  it.each(PINNED)('pow(%d, %d) = %d (%s)', (x, y, want) => {
    expect(pow(x, y)).toBe(want);
    // The surfaces that run the IR op: a JAX program and a StableHLO module.
    expect(
      jax
        .at(tensor([x, 2], 'float64'), 0)
        .power(y)
        .toArray(),
    ).toEqual([want, 2]);
    const text = `func.func @main(%x: tensor<f64>, %y: tensor<f64>) -> tensor<f64> {
      %r = stablehlo.power %x, %y : tensor<f64>
      return %r : tensor<f64>
    }`;
    const {
      results: [r],
    } = runModule(readModule(text), [tensor(x, 'float64'), tensor(y, 'float64')]);
    expect(r.toArray()).toBe(want);
  });

  it("keeps C99's special values (F.9.4.4)", () => {
    expect(pow(1, Number.NaN)).toBe(1);
    expect(pow(-1, Number.NEGATIVE_INFINITY)).toBe(1);
    expect(pow(Number.NaN, -0)).toBe(1);
    expect(pow(-8, 1 / 3)).toBeNaN();
    expect(pow(-2, 3)).toBe(-8);
    expect(pow(-2, -1075)).toBe(-0); // an odd exponent keeps the sign through underflow
    expect(pow(-1.5, 2 ** 53)).toBe(Number.POSITIVE_INFINITY); // every |y| ≥ 2^53 is even
    expect(pow(-0, -1)).toBe(Number.NEGATIVE_INFINITY);
    expect(pow(-0, -2)).toBe(Number.POSITIVE_INFINITY);
    expect(pow(0.5, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('rounds subnormal and overflowing results once', () => {
    expect(pow(2, -1074)).toBe(2 ** -1074);
    expect(pow(2, -1074.5)).toBe(2 ** -1074); // 0.707·2^-1074 rounds up
    expect(pow(2, -1075.5)).toBe(0); // 0.354·2^-1074 rounds down
    expect(pow(2, 1023.5)).toBe(2 ** 1023 * Math.SQRT2);
    expect(pow(2, 1024)).toBe(Number.POSITIVE_INFINITY);
    expect(pow(10, -323)).toBe(1e-323);
    expect(pow(3, 2)).toBe(9); // exact results stay exact
    expect(pow(10, 22)).toBe(1e22);
  });
});

/**
 * Fresh random pairs from ranges where the last bit is hard: moderate, near 1 with large
 * exponents, results near overflow and in the subnormals, integer exponents of negative bases.
 */
function randomPairs(seed: number, n: number): [number, number][] {
  const r = rng(seed);
  const u = (lo: number, hi: number) => lo + (hi - lo) * r.next();
  const draw: (() => [number, number])[] = [
    () => [u(0.01, 100), u(-30, 30)],
    () => [1 + u(-1e-6, 1e-6), u(-1e8, 1e8)],
    () => [Math.exp(u(-700, 700)), u(-1.06, 1.06)],
    () => [u(-50, 50), Math.round(u(-200, 200))],
    () => [2 ** u(-1070, -1000), u(0.9, 1.1)],
  ];
  return Array.from({ length: n }, (_, i) => draw[i % draw.length]());
}

const PY = `
import json, math, sys
from decimal import Decimal, getcontext
getcontext().prec = 100
out = []
for x, y in json.load(open(sys.argv[1])):
    # JSON writes 1.5e20 as an integer literal that is not the double's value: read floats
    x, y = float(x), float(y)
    exact = Decimal(x) ** Decimal(y)
    # float(Decimal) rounds once; past the range it is inf (Decimal has no overflow at 100 digits)
    want = float(exact) if abs(exact) < Decimal(2) ** 1024 else math.copysign(math.inf, exact)
    try:
        glibc = math.pow(x, y)
    except OverflowError:
        glibc = None
    out.append([repr(want), None if glibc is None else repr(glibc)])
json.dump(out, open(sys.argv[2], 'w'))
`;

describe.skipIf(!existsSync(PYTHON))('float power against the exact value (live, Python decimal)', () => {
  it('every random pair is the correctly rounded double', () => {
    const seed = differentialSeed('pow.test.ts');
    const pairs = randomPairs(seed, Number(process.env.POW_N ?? 600));
    const answers = runPythonJson<[string, string | null][]>(PY, pairs);
    const num = (s: string) => (s === 'inf' ? Infinity : s === '-inf' ? -Infinity : Number(s));
    let glibcMisses = 0;
    const wrong = pairs.flatMap(([x, y], i) => {
      const want = num(answers[i][0]);
      if (answers[i][1] !== null && num(answers[i][1]) !== want) glibcMisses++;
      return Object.is(pow(x, y), want) ? [] : [`pow(${x}, ${y}) = ${pow(x, y)}, exact ${want}`];
    });
    console.info(`pow: ${pairs.length} pairs, ${wrong.length} wrong; glibc's pow misses ${glibcMisses}`);
    expect(wrong).toEqual([]);
  });
});
