/**
 * Issue 23: signed zeros and NaN payloads as the real peers give them. Each case runs here and
 * in the real NumPy 1.24 / PyTorch 1.13 (one /usr/bin/python3 process per file); results must be
 * equal bit for bit. Skipped, with the reason shown, when that interpreter lacks the framework.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Tensor, numpy, tensor, torch } from '../src/index.js';
import { pythonHas } from '../scripts/goldens/golden.js';

type Width = 'float16' | 'float32' | 'float64';
const NAN: Record<Width, { neg: bigint; pos: bigint; snan: bigint }> = {
  float16: { neg: 0xfe0bn, pos: 0x7e00n, snan: 0x7d01n },
  float32: { neg: 0xffc0beefn, pos: 0x7fc00000n, snan: 0x7fa00000n },
  float64: { neg: 0xfff800000000beefn, pos: 0x7ff8000000000000n, snan: 0x7ff4000000000000n },
};
const WIDTHS: Width[] = ['float16', 'float32', 'float64'];
/** (self, update) bit pairs: both NaN either way round, a signalling NaN on each side, one NaN. */
const PAIRS = (w: Width): [bigint, bigint][] => {
  const { neg, pos, snan } = NAN[w];
  const one = { float16: 0x3c00n, float32: 0x3f800000n, float64: 0x3ff0000000000000n }[w];
  return [
    [neg, pos],
    [pos, neg],
    [snan, pos],
    [pos, snan],
    [snan, one],
    [one, snan],
  ];
};

function fromBits(w: Width, bits: readonly bigint[]): Tensor {
  if (w === 'float16') return new Tensor('float16', [bits.length], new Uint16Array(bits.map(Number)));
  if (w === 'float32')
    return new Tensor('float32', [bits.length], new Float32Array(new Uint32Array(bits.map(Number)).buffer));
  return new Tensor('float64', [bits.length], new Float64Array(new BigUint64Array(bits).buffer));
}
function toBits(t: Tensor): string[] {
  const d = t.data;
  const v =
    d.BYTES_PER_ELEMENT === 2
      ? new Uint16Array(d.buffer, d.byteOffset, t.size)
      : d.BYTES_PER_ELEMENT === 4
        ? new Uint32Array(d.buffer, d.byteOffset, t.size)
        : new BigUint64Array(d.buffer, d.byteOffset, t.size);
  return Array.from(v as ArrayLike<number | bigint>, (x) => `0x${x.toString(16)}`);
}

/** A case: a framework call, its Python twin (self `a`, update `b`, index `i`), width, bits. */
interface Case {
  readonly name: string;
  readonly w: Width;
  readonly a: bigint[];
  readonly b: bigint[];
  readonly py: string;
  readonly run: (a: Tensor, b: Tensor) => Tensor;
}

const PY = `
import sys, json, numpy as np
try:
    import torch
except ImportError:
    torch = None
U = {'float16': np.uint16, 'float32': np.uint32, 'float64': np.uint64}
out = []
for c in json.load(sys.stdin):
    w = c['w']
    a = np.array([int(x, 16) for x in c['a']], dtype=U[w]).view(w)
    b = np.array([int(x, 16) for x in c['b']], dtype=U[w]).view(w)
    if c['py'].startswith('t.'):
        a, b = torch.from_numpy(a.copy()), torch.from_numpy(b.copy())
        i = torch.zeros(len(c['b']), dtype=torch.int64)
        r = eval(c['py'][2:], {'a': a, 'b': b, 'i': i, 'torch': torch}).numpy()
    else:
        i = [0] * len(c['b'])
        with np.errstate(all='ignore'):
            exec(c['py'], {'a': a, 'b': b, 'i': i, 'np': np})
        r = a
    out.append([hex(int(x)) for x in r.view(U[w])])
print(json.dumps(out))
`;

function peer(cases: readonly Case[]): string[][] {
  const input = JSON.stringify(
    cases.map((c) => ({
      w: c.w,
      py: c.py,
      a: c.a.map((x) => x.toString(16)),
      b: c.b.map((x) => x.toString(16)),
    })),
  );
  // PyTorch 1.13 prints a UserWarning on its first scatter_reduce ("in beta"), into our stderr.
  const args = ['-W', 'ignore::UserWarning', '-c', PY];
  return JSON.parse(execFileSync('/usr/bin/python3', args, { input, encoding: 'utf8' }));
}

const i0 = (n: number) =>
  tensor(
    Array.from({ length: n }, () => 0n),
    'int64',
  );

function cases(): Case[] {
  const out: Case[] = [];
  for (const w of WIDTHS)
    for (const [a, b] of PAIRS(w)) {
      const tag = `${w} self 0x${a.toString(16)} update 0x${b.toString(16)}`;
      const sum = (name: string, py: string, run: Case['run']) =>
        out.push({ name: `${name} ${tag}`, w, a: [a], b: [b], py, run });
      sum('numpy.add.at', 'np.add.at(a, i, b)', (x, y) => numpy.add.at(x, [0], y));
      sum('numpy.multiply.at', 'np.multiply.at(a, i, b)', (x, y) => numpy.multiply.at(x, [0], y));
      sum('numpy.minimum.at', 'np.minimum.at(a, i, b)', (x, y) => numpy.minimum.at(x, [0], y));
      sum('numpy.maximum.at', 'np.maximum.at(a, i, b)', (x, y) => numpy.maximum.at(x, [0], y));
      sum('numpy.subtract.at', 'np.subtract.at(a, i, b)', (x, y) => numpy.subtract.at(x, [0], y));
      sum('torch.scatter_add', 't.a.scatter_add(0, i, b)', (x, y) => torch.scatter_add(x, 0, i0(1), y));
      sum('torch.index_add', 't.a.index_add(0, i, b)', (x, y) => torch.index_add(x, 0, i0(1), y));
      for (const r of ['sum', 'prod', 'mean', 'amax', 'amin'] as const)
        sum(`torch.scatter_reduce ${r}`, `t.a.scatter_reduce(0, i, b, '${r}')`, (x, y) =>
          torch.scatter_reduce(x, 0, i0(1), y, r),
        );
      sum('torch.index_put accumulate', 't.a.index_put((i,), b, accumulate=True)', (x, y) =>
        torch.index_put(x, [i0(1)], y, { accumulate: true }),
      );
    }
  return out;
}

const live = pythonHas('torch');
describe.skipIf(!live)('NaN payloads bit for bit against NumPy 1.24 and PyTorch 1.13 (issue 23)', () => {
  const all = cases();
  const want = live ? peer(all) : [];
  all.forEach((c, k) => {
    it(c.name, () => {
      expect(toBits(c.run(fromBits(c.w, c.a), fromBits(c.w, c.b)))).toEqual(want[k]);
    });
  });
});

describe.skipIf(!live)('a -0 scalar keeps its sign (issue 23)', () => {
  for (const w of WIDTHS) {
    it(`numpy.put and numpy.put_along_axis write -0 into ${w}`, () => {
      const py = `a[0] = 1; np.put(a, [1], -0.0); np.put_along_axis(a, np.array([2]), -0.0, 0)`;
      const [want] = peer([{ name: '', w, a: [0n, 0n, 0n], b: [0n], py, run: (x) => x }]);
      const a = tensor([1, 0, 0], w);
      const r = numpy.put_along_axis(numpy.put(a, [1], -0.0), tensor([2n], 'int64'), -0.0, 0);
      expect(toBits(r)).toEqual(want);
      expect(want[1]).not.toBe('0x0');
    });
  }
});

describe.skipIf(!live)('NumPy minimum.at / maximum.at ±0 ties per width (issue 23)', () => {
  const ZERO = { float16: 0n, float32: 0n, float64: 0n };
  const NEG = { float16: 0x8000n, float32: 0x80000000n, float64: 0x8000000000000000n };
  for (const w of WIDTHS)
    for (const f of ['minimum', 'maximum'] as const) {
      it(`numpy.${f}.at(${w} [-0, +0], [0, 1], [+0, -0]) as NumPy 1.24 (float16 keeps self, wider take the update)`, () => {
        const a = [NEG[w], ZERO[w]];
        const b = [ZERO[w], NEG[w]];
        const [want] = peer([{ name: '', w, a, b, py: `np.${f}.at(a, [0, 1], b)`, run: (x) => x }]);
        expect(toBits(numpy[f].at(fromBits(w, a), [0, 1], fromBits(w, b)))).toEqual(want);
        expect(want).toEqual((w === 'float16' ? a : b).map((x) => `0x${x.toString(16)}`));
      });
    }
});
