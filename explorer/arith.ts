/**
 * Scatter arithmetic for one target element: the updates that land on it, in application
 * (update-index) order, with the running value — `3 → +5 → 8 → max 9`. Values are rounded to
 * the element dtype after every step (a typed array of that dtype holds the running value), so
 * float32 sums and wrapping integers read as the core computes them; the explorer shows the
 * executed result beside the last value.
 */
import { type Scalar, isComplexValue } from '../src/tensor/dtype.js';

export interface ArithStep {
  /** How the update is combined, e.g. `+5`, `max 9`, `= 7`. */
  readonly op: string;
  /** The running value after this update. */
  readonly value: string;
  /** Index of the update element (space offset). */
  readonly update: number;
}

export interface Arithmetic {
  /** The value the target starts from: the input value, or `—` when include_self is false. */
  readonly start: string;
  readonly includeSelf: boolean;
  readonly steps: readonly ArithStep[];
  /** The final value (after mean's division, when the reducer is mean). */
  readonly final: string;
  /** One line: `3 → +5 → 8 → max 9`. */
  readonly text: string;
}

const SYMBOL: Record<string, (u: string) => string> = {
  replace: (u) => `= ${u}`,
  add: (u) => `+${u}`,
  sub: (u) => `−${u}`,
  mul: (u) => `×${u}`,
  min: (u) => `min ${u}`,
  max: (u) => `max ${u}`,
  mean: (u) => `+${u}`,
};

export function fmtScalar(v: Scalar | unknown): string {
  if (isComplexValue(v)) {
    // a+bi (the sign of a negative or -0 imaginary part in front of it)
    const neg = v.im < 0 || Object.is(v.im, -0);
    return `${fmtScalar(v.re)}${neg ? '-' : '+'}${fmtScalar(neg ? -v.im : v.im)}i`;
  }
  if (typeof v === 'number') {
    if (Number.isNaN(v)) return 'NaN';
    if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
    return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(6)));
  }
  return String(v);
}

type Store = { get(): Scalar; set(v: Scalar): void };

function store(dtype: string): Store {
  const ctor: Record<string, new (n: number) => { [i: number]: number | bigint }> = {
    float32: Float32Array,
    float64: Float64Array,
    int32: Int32Array,
    int16: Int16Array,
    int8: Int8Array,
    uint32: Uint32Array,
    uint16: Uint16Array,
    uint8: Uint8Array,
    int64: BigInt64Array,
    uint64: BigUint64Array,
  };
  const C = ctor[dtype];
  if (!C) {
    // bool, float16, bfloat16: plain JS values (bool ops are logical).
    let x: Scalar = 0;
    return { get: () => x, set: (v) => void (x = v) };
  }
  const a = new C(1);
  const big = dtype === 'int64' || dtype === 'uint64';
  return {
    get: () => a[0] as Scalar,
    set: (v) => {
      a[0] = big ? BigInt.asIntN(64, typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v)))) : Number(v);
    },
  };
}

function combine(reducer: string, a: Scalar, b: Scalar): Scalar {
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const x = Boolean(a);
    const y = Boolean(b);
    if (reducer === 'add' || reducer === 'max') return x || y;
    if (reducer === 'mul' || reducer === 'min') return x && y;
    if (reducer === 'sub') return x !== y;
    return y;
  }
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    const x = BigInt(a);
    const y = BigInt(b);
    switch (reducer) {
      case 'add':
      case 'mean':
        return x + y;
      case 'sub':
        return x - y;
      case 'mul':
        return x * y;
      case 'min':
        return x < y ? x : y;
      case 'max':
        return x > y ? x : y;
      default:
        return y;
    }
  }
  const x = a as number;
  const y = b as number;
  switch (reducer) {
    case 'add':
    case 'mean':
      return x + y;
    case 'sub':
      return x - y;
    case 'mul':
      return x * y;
    case 'min':
      return Number.isNaN(x) || Number.isNaN(y) ? Number.NaN : Math.min(x, y);
    case 'max':
      return Number.isNaN(x) || Number.isNaN(y) ? Number.NaN : Math.max(x, y);
    default:
      return y;
  }
}

/**
 * The running value of one target. `reducer` is the call's update computation name (a custom
 * function shows as `f(…)` steps with no running value), `updates` the landing updates in
 * application order with their space offsets.
 */
export function scatterArithmetic(
  initial: Scalar,
  includeSelf: boolean,
  reducer: string,
  updates: readonly { readonly value: Scalar; readonly update: number }[],
  dtype: string,
): Arithmetic {
  const s = store(dtype);
  const selfCounts = includeSelf || reducer === 'replace';
  const steps: ArithStep[] = [];
  const custom = !(reducer in SYMBOL);
  let started = selfCounts;
  if (selfCounts) s.set(initial);
  for (const u of updates) {
    const uv = fmtScalar(u.value);
    if (custom) {
      steps.push({ op: `f(·, ${uv})`, value: '?', update: u.update });
      continue;
    }
    if (!started) {
      s.set(u.value);
      started = true;
      steps.push({ op: `= ${uv}`, value: fmtScalar(s.get()), update: u.update });
      continue;
    }
    s.set(combine(reducer, s.get(), u.value));
    steps.push({ op: SYMBOL[reducer](uv), value: fmtScalar(s.get()), update: u.update });
  }
  let final = updates.length === 0 ? fmtScalar(initial) : custom ? '?' : fmtScalar(s.get());
  let tail = '';
  if (reducer === 'mean' && updates.length) {
    const c = updates.length + (includeSelf ? 1 : 0);
    const v = s.get();
    const q =
      typeof v === 'bigint'
        ? (() => {
            const d = v / BigInt(c);
            return v < 0n && d * BigInt(c) !== v ? d - 1n : d;
          })()
        : /^(float|bfloat)/.test(dtype)
          ? (v as number) / c
          : Math.floor((v as number) / c);
    s.set(q);
    final = fmtScalar(s.get());
    tail = ` → ÷ ${c} → ${final}`;
  }
  const start = selfCounts ? fmtScalar(initial) : '—';
  const body = steps.map((st) => `${st.op} → ${st.value}`).join(' → ');
  const text = updates.length ? `${start} → ${body}${tail}` : `${start} (untouched)`;
  return { start, includeSelf: selfCounts, steps, final, text };
}
