/**
 * Gradients against PyTorch's own autograd, live: seeded random cases per op with small-integer
 * float64 values (every intermediate exact, so results compare exactly; ties and zeros are
 * frequent on purpose), one /usr/bin/python3 process for the whole file. Skipped, with the
 * reason shown, when that interpreter lacks torch. AUTODIFF_SEED=<seed> (AUTODIFF_N=<cases per op>)
 * runs other cases; the default seed keeps the normal run fixed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { vjp } from '../src/autodiff/index.js';
import type { CoreCall } from '../src/core/call.js';
import type { ProgramCall } from '../src/ir/lowered.js';
import { torch } from '../src/frameworks/torch.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { rng } from './reference/random-cases.js';

const PYTHON = '/usr/bin/python3';
const HAS_TORCH =
  existsSync(PYTHON) && spawnSync(PYTHON, ['-c', 'import torch'], { encoding: 'utf8' }).status === 0;
const CASES_PER_OP = Number(process.env.AUTODIFF_N ?? 1000);
const SEED = Number(process.env.AUTODIFF_SEED ?? 20240611);
const TITLE = `gradients = PyTorch 1.13 autograd (${CASES_PER_OP} random cases per op, seed ${SEED}; replay: AUTODIFF_SEED=${SEED})`;

type R = ReturnType<typeof rng>;
interface Enc {
  readonly shape: number[];
  readonly data: number[];
}
interface Case {
  readonly op: string;
  /** Python expression args: tensors by name (t0, t1…), evaluated in the script. */
  readonly tensors: Record<string, Enc>;
  /** Which tensors require grad, by the name vjp returns. */
  readonly grads: Record<string, string>;
  readonly kw: Record<string, unknown>;
  readonly cot: Enc;
}

const enc = (t: Tensor): Enc => ({ shape: [...t.shape], data: t.toFlatArray().map(Number) });
const f64 = (r: R, shape: number[], lo = -3, hi = 3) =>
  tensor(
    Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => r.int(lo, hi)),
    'float64',
    shape,
  );
const i64 = (r: R, shape: number[], lo: number, hi: number) =>
  tensor(
    Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => BigInt(r.int(lo, hi))),
    'int64',
    shape,
  );
const shapeOf = (r: R) => Array.from({ length: r.int(1, 3) }, () => r.int(1, 4));

/** One random case: the lowered call and what Python should run. */
type Gen = (r: R) => {
  call: CoreCall | ProgramCall;
  tensors: Record<string, Tensor>;
  grads: Record<string, string>;
  kw: Record<string, unknown>;
};

const elementIndex = (r: R, x: Tensor, dim: number) => {
  const ishape = x.shape.map((m, d) => (d === dim ? r.int(1, 4) : r.int(1, m)));
  return i64(r, ishape, 0, x.shape[dim] - 1);
};

const GENS: Record<string, Gen> = {
  gather(r) {
    const x = f64(r, shapeOf(r));
    const dim = r.int(0, x.rank - 1);
    const index = elementIndex(r, x, dim);
    return {
      call: torch.lower.gather(x, dim, index),
      tensors: { x, index },
      grads: { input: 'x' },
      kw: { dim },
    };
  },
  scatter(r) {
    const x = f64(r, shapeOf(r));
    const dim = r.int(0, x.rank - 1);
    const index = elementIndex(r, x, dim);
    const src = f64(r, [...index.shape]);
    return {
      call: torch.lower.scatter(x, dim, index, src),
      tensors: { x, index, src },
      grads: { input: 'x', src: 'src' },
      kw: { dim },
    };
  },
  scatter_add(r) {
    const x = f64(r, shapeOf(r));
    const dim = r.int(0, x.rank - 1);
    const index = elementIndex(r, x, dim);
    const src = f64(r, [...index.shape]);
    return {
      call: torch.lower.scatter_add(x, dim, index, src),
      tensors: { x, index, src },
      grads: { input: 'x', src: 'src' },
      kw: { dim },
    };
  },
  scatter_reduce(r) {
    const reduce = r.pick(['sum', 'prod', 'mean', 'amax', 'amin'] as const);
    const include_self = r.next() < 0.5;
    const lo = reduce === 'prod' ? -2 : -3;
    const hi = reduce === 'prod' ? 2 : 3;
    const x = f64(r, shapeOf(r), lo, hi);
    const dim = r.int(0, x.rank - 1);
    const index = elementIndex(r, x, dim);
    const src = f64(r, [...index.shape], lo, hi);
    return {
      call: torch.lower.scatter_reduce(x, dim, index, src, reduce, { include_self }),
      tensors: { x, index, src },
      grads: { input: 'x', src: 'src' },
      kw: { dim, reduce, include_self },
    };
  },
  index_select(r) {
    const x = f64(r, shapeOf(r));
    const dim = r.int(0, x.rank - 1);
    const index = i64(r, [r.int(1, 5)], 0, x.shape[dim] - 1);
    return {
      call: torch.lower.index_select(x, dim, index),
      tensors: { x, index },
      grads: { input: 'x' },
      kw: { dim },
    };
  },
  index_add(r) {
    const x = f64(r, shapeOf(r));
    const dim = r.int(0, x.rank - 1);
    const index = i64(r, [r.int(1, 5)], 0, x.shape[dim] - 1);
    const source = f64(
      r,
      x.shape.map((n, d) => (d === dim ? index.size : n)),
    );
    const alpha = r.pick([1, 2, -3, 0.5]);
    return {
      call: torch.lower.index_add(x, dim, index, source, { alpha }),
      tensors: { x, index, source },
      grads: { input: 'x', source: 'source' },
      kw: { dim, alpha },
    };
  },
  index_copy(r) {
    const x = f64(r, shapeOf(r));
    const dim = r.int(0, x.rank - 1);
    const index = i64(r, [r.int(1, 5)], 0, x.shape[dim] - 1);
    const source = f64(
      r,
      x.shape.map((n, d) => (d === dim ? index.size : n)),
    );
    return {
      call: torch.lower.index_copy(x, dim, index, source),
      tensors: { x, index, source },
      grads: { input: 'x', source: 'source' },
      kw: { dim },
    };
  },
  index_fill(r) {
    const x = f64(r, shapeOf(r));
    const dim = r.int(0, x.rank - 1);
    const index = i64(r, [r.int(1, 5)], 0, x.shape[dim] - 1);
    const value = r.int(-3, 3);
    return {
      call: torch.lower.index_fill(x, dim, index, value),
      tensors: { x, index },
      grads: { input: 'x' },
      kw: { dim, value },
    };
  },
  index_put(r) {
    // x[i0, i1] = values (or += with accumulate): one or two index arrays over the leading dims,
    // duplicates on purpose; values broadcast-free (the indexed shape + the trailing dims).
    const x = f64(r, shapeOf(r));
    const k = r.int(1, x.rank);
    const n = r.int(1, 5);
    const idx = Array.from({ length: k }, (_, d) => i64(r, [n], -x.shape[d], x.shape[d] - 1));
    const values = f64(r, [n, ...x.shape.slice(k)]);
    const accumulate = r.int(0, 1) === 1;
    const tensors: Record<string, Tensor> = { x, values };
    idx.forEach((t, d) => {
      tensors[`index${d}`] = t;
    });
    return {
      call: torch.lower.index_put(x, idx, values, { accumulate }),
      tensors,
      grads: { input: 'x', values: 'values' },
      kw: { k, accumulate },
    };
  },
  take(r) {
    const x = f64(r, shapeOf(r));
    const index = i64(r, shapeOf(r), -x.size, x.size - 1);
    return { call: torch.lower.take(x, index), tensors: { x, index }, grads: { input: 'x' }, kw: {} };
  },
  take_along_dim(r) {
    const x = f64(r, shapeOf(r));
    const dim = r.int(0, x.rank - 1);
    const index = i64(
      r,
      x.shape.map((n, d) => (d === dim ? r.int(1, 4) : n)),
      0,
      x.shape[dim] - 1,
    );
    return {
      call: torch.lower.take_along_dim(x, index, { dim }),
      tensors: { x, index },
      grads: { input: 'x' },
      kw: { dim },
    };
  },
};

const SCRIPT = `
import json, sys, torch
import warnings
warnings.filterwarnings('ignore')
cases = json.load(sys.stdin)
out = []
for c in cases:
    T = {}
    for k, v in c['tensors'].items():
        dt = torch.int64 if k.startswith('index') else torch.float64
        T[k] = torch.tensor(v['data'], dtype=dt).reshape(v['shape'])
        if dt == torch.float64:
            T[k].requires_grad_(True)
    kw = c['kw']; op = c['op']; x = T['x']; i = T.get('index')
    if op == 'gather': y = torch.gather(x, kw['dim'], i)
    elif op == 'scatter': y = torch.scatter(x, kw['dim'], i, T['src'])
    elif op == 'scatter_add': y = torch.scatter_add(x, kw['dim'], i, T['src'])
    elif op == 'scatter_reduce': y = torch.scatter_reduce(x, kw['dim'], i, T['src'], kw['reduce'], include_self=kw['include_self'])
    elif op == 'index_select': y = torch.index_select(x, kw['dim'], i)
    elif op == 'index_add': y = torch.index_add(x, kw['dim'], i, T['source'], alpha=kw['alpha'])
    elif op == 'index_copy': y = torch.index_copy(x, kw['dim'], i, T['source'])
    elif op == 'index_fill': y = torch.index_fill(x, kw['dim'], i, kw['value'])
    elif op == 'index_put': y = torch.index_put(x, tuple(T['index%d' % d] for d in range(kw['k'])), T['values'], accumulate=kw['accumulate'])
    elif op == 'take': y = torch.take(x, i)
    elif op == 'take_along_dim': y = torch.take_along_dim(x, i, kw['dim'])
    cot = torch.tensor(c['cot']['data'], dtype=torch.float64).reshape(c['cot']['shape'])
    y.backward(cot)
    out.append({name: T[t].grad.reshape(-1).tolist() for name, t in c['grads'].items()})
json.dump(out, sys.stdout)
`;

describe.skipIf(!HAS_TORCH)(TITLE, () => {
  const r = rng(SEED);
  const cases: Case[] = [];
  const ours: Record<string, number[]>[] = [];
  for (const op of Object.keys(GENS)) {
    for (let n = 0; n < CASES_PER_OP; n++) {
      const g = GENS[op](r);
      const v = vjp(g.call);
      const cot = f64(r, [...v.value.shape]);
      const back = v.backward(cot);
      const mine: Record<string, number[]> = {};
      for (const name of Object.keys(g.grads)) mine[name] = back[name].toFlatArray().map(Number);
      ours.push(mine);
      const tensors: Record<string, Enc> = {};
      for (const [k, t] of Object.entries(g.tensors)) tensors[k] = enc(t);
      cases.push({ op, tensors, grads: g.grads, kw: g.kw, cot: enc(cot) });
    }
  }
  const run = spawnSync(PYTHON, ['-c', SCRIPT], {
    input: JSON.stringify(cases),
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  const theirs: Record<string, number[]>[] = run.status === 0 ? JSON.parse(run.stdout) : [];

  it('python ran every case', () => {
    expect(run.stderr.slice(0, 2000)).toBe('');
    expect(theirs.length).toBe(cases.length);
  });
  for (const op of Object.keys(GENS)) {
    it(`torch.${op}: every cotangent equals autograd's`, () => {
      const bad: string[] = [];
      let compared = 0;
      cases.forEach((c, k) => {
        if (c.op !== op) return;
        for (const name of Object.keys(c.grads)) {
          compared++;
          const a = ours[k][name];
          const b = theirs[k]?.[name];
          if (JSON.stringify(a) !== JSON.stringify(b) && bad.length < 5) {
            bad.push(`${JSON.stringify(c)}\n  ${name}: ours ${JSON.stringify(a)} torch ${JSON.stringify(b)}`);
          }
        }
      });
      expect(bad).toEqual([]);
      expect(compared).toBeGreaterThanOrEqual(CASES_PER_OP);
    });
  }
});
