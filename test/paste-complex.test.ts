/**
 * Complex numbers in the paste box (issue 23): Python's complex literals (`1+2j`, `2j`, `-0j`,
 * `complex(1, -0.0)`) and complex dtypes (`torch.complex64`, `torch.cdouble`, `np.complex64`)
 * are read with each framework's default complex dtype (NumPy complex128, PyTorch complex64),
 * run, and compared part by part — signed zeros included — with the real NumPy 1.24 and
 * PyTorch 1.13 running the very same text (skipped, with the reason, when /usr/bin/python3
 * lacks them). The code view writes such calls back as Python the peers run alike, and the
 * explorer shows each result element as a+bi.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fmtScalar } from '../explorer/arith.js';
import { pythonCode } from '../explorer/code.js';
import { parsePaste } from '../explorer/paste.js';
import { withTuples } from '../explorer/tuple-ops.js';
import { pythonHas } from '../scripts/goldens/golden.js';
import { NAMESPACES } from '../src/frameworks/index.js';
import { buildRegistry, executeCall } from '../src/tables/registry.js';
import { isComplexValue } from '../src/tensor/complex.js';
import { pasteProbes } from './helpers/paste.js';

const registry = withTuples(buildRegistry(NAMESPACES));
const { run, refused } = pasteProbes(registry);

interface Case {
  /** What is pasted. */
  readonly paste: string;
  /** Lines Python runs after the paste to show the result (an in-place call returns None). */
  readonly show?: string;
  /** The op the paste must read as. */
  readonly op: string;
  /** The dtype of the pasted data. */
  readonly dtype: 'complex64' | 'complex128';
}

const CASES: readonly Case[] = [
  {
    paste: 'torch.gather(torch.tensor([[1+2j, 3-4j], [5j, -1-0j]]), 1, torch.tensor([[1, 0], [0, 0]]))',
    op: 'torch.gather',
    dtype: 'complex64',
  },
  {
    paste: 'np.take(np.array([1+2j, -3j, 4, complex(1, -0.0)]), np.array([3, 0, 1]))',
    op: 'numpy.take',
    dtype: 'complex128',
  },
  {
    paste:
      'torch.index_select(torch.tensor([-1+2j, -(1+2j), complex(1, 2), -0j]), 0, torch.tensor([3, 2, 1, 0]))',
    op: 'torch.index_select',
    dtype: 'complex64',
  },
  {
    paste:
      'torch.scatter_add(torch.zeros(3, dtype=torch.complex64), 0, torch.tensor([0, 0, 2]), torch.tensor([1+1j, 2-3j, .5j]))',
    op: 'torch.scatter_add',
    dtype: 'complex64',
  },
  {
    paste: 'torch.take(torch.tensor([1, 2j, 1e-3+2.5e2j], dtype=torch.cdouble), torch.tensor([2, 1]))',
    op: 'torch.take',
    dtype: 'complex128',
  },
  {
    // CPython's complex(): a complex argument adds its other part in; signs of zero as Python.
    paste:
      'np.take(np.array([complex(1j, 1j), complex(real=1, imag=-0.0), -1-0j, +2j, -(0j), 1 - -2j, 1+2-3j]), np.array([0, 1, 2, 3, 4, 5, 6]))',
    op: 'numpy.take',
    dtype: 'complex128',
  },
  {
    paste: 'np.take(np.array([1.5, 2.5j], dtype=np.complex64), [1, 0])',
    op: 'numpy.take',
    dtype: 'complex64',
  },
  {
    paste: 'a = np.array([1+1j, 2, 3])\nnp.put(a, [0, 2], [complex(-0.0, -0.0), -2j])',
    show: 'a',
    op: 'numpy.put',
    dtype: 'complex128',
  },
  {
    paste: 'x = torch.tensor([1j, 2j, 3j])\nx[[0, 2]] = torch.tensor([5+0j, -1j])',
    show: 'x',
    op: 'torch.index_copy',
    dtype: 'complex64',
  },
  {
    paste: 'a = np.array([1+1j, 2-2j])\nnp.add.at(a, [0, 0, 1], [1j, 2, -3+0.5j])',
    show: 'a',
    op: 'numpy.add.at',
    dtype: 'complex128',
  },
];

/** One part as a comparable string: the sign of a zero and NaN kept. */
const part = (x: number) => (Number.isNaN(x) ? 'nan' : Object.is(x, -0) ? '-0' : String(x));

/** Each element of a result as `re,im` strings. */
function parts(values: unknown): string[] {
  if (Array.isArray(values)) return values.flatMap(parts);
  if (isComplexValue(values)) return [`${part(values.re)},${part(values.im)}`];
  throw new Error(`test setup: ${String(values)} is not a complex element`);
}

/** Runs each program in the real NumPy / PyTorch: its lines, then the last one's value. */
const PEER = `
import json, sys
import numpy as np, torch
out = []
for text in json.load(sys.stdin):
    env = {'np': np, 'torch': torch}
    *lines, last = [l for l in text.split('\\n') if l.strip()]
    exec('\\n'.join(lines), env)
    v = eval(last, env)
    a = v.numpy() if isinstance(v, torch.Tensor) else np.asarray(v)
    out.append({'dtype': str(a.dtype), 'parts': [[repr(float(z.real)), repr(float(z.imag))] for z in a.ravel()]})
print(json.dumps(out))
`;

/** Python's reprs as the same strings as {@link part}. */
const pyPart = (s: string) => (s === 'nan' || s === '-nan' ? 'nan' : part(Number(s)));

function peers(programs: readonly string[]): { dtype: string; parts: string[] }[] {
  const py = spawnSync('/usr/bin/python3', ['-W', 'ignore', '-c', PEER], {
    input: JSON.stringify(programs),
    encoding: 'utf8',
  });
  if (py.status !== 0) throw new Error(`python failed: ${py.stderr}`);
  return (JSON.parse(py.stdout) as { dtype: string; parts: [string, string][] }[]).map((r) => ({
    dtype: r.dtype,
    parts: r.parts.map(([re, im]) => `${pyPart(re)},${pyPart(im)}`),
  }));
}

describe('complex literals read as Python reads them', () => {
  it('the default complex dtype is the framework’s: torch.tensor complex64, np.array complex128', () => {
    for (const c of CASES) {
      const r = run(c.paste);
      expect(r.id, c.paste).toBe(c.op);
      expect(r.args.dataDType, c.paste).toBe(c.dtype);
    }
  });
  it('-0j, 1-0j and complex(1, -0.0) keep or lose the zero sign as Python does', () => {
    const r = run(
      'torch.take(torch.tensor([-0j, 1-0j, complex(1, -0.0), -1+0j]), torch.tensor([0, 1, 2, 3]))',
    );
    expect(parts(r.out)).toEqual(['-0,-0', '1,0', '1,-0', '-1,0']);
  });
  it('TensorFlow keeps Python complex numbers complex128, JAX makes complex64 (no peer here)', () => {
    const tf = run('tf.gather(tf.constant([1+2j, 3j]), tf.constant([1, 0]))');
    expect([tf.id, tf.args.dataDType]).toEqual(['tensorflow.gather', 'complex128']);
    expect(parts(tf.out)).toEqual(['0,3', '1,2']);
    const add = run(
      'tf.tensor_scatter_nd_add(tf.constant([1j, 2]), tf.constant([[1]]), tf.constant([5+5j]))',
    );
    expect(parts(add.out)).toEqual(['0,1', '7,5']);
    const jnp = run('jnp.take(jnp.array([1+2j, -1j]), jnp.array([1]))');
    expect([jnp.id, jnp.args.dataDType]).toEqual(['jax.numpy.take', 'complex64']);
    expect(parts(jnp.out)).toEqual(['-0,-1']);
    const at = run('x = jnp.array([1j, 2j])\nx.at[jnp.array([0])].add(jnp.array([1+1j]))');
    expect([at.id, parts(at.out)]).toEqual(['jax.lax.scatter_add', ['1,2', '0,2']]);
  });

  it('a complex number in a real dtype is refused, as NumPy and PyTorch raise TypeError', () => {
    expect(refused('np.take(np.array([1j], dtype=np.float64), [0])')).toContain(
      'a complex number cannot be an element of a float64 tensor',
    );
    expect(refused('torch.take(torch.tensor([1j], dtype=torch.int64), torch.tensor([0]))')).toContain(
      'a complex number cannot be an element of a int64 tensor',
    );
  });
  it('the explorer shows a complex element as a+bi', () => {
    const r = run(CASES[0].paste);
    expect((r.out as unknown[][]).map((row) => row.map(fmtScalar))).toEqual([
      ['3-4i', '1+2i'],
      ['0+5i', '0+5i'],
    ]);
  });
});

const hasPeers = pythonHas('numpy', 'torch');
describe.skipIf(!hasPeers)('complex pastes vs NumPy 1.24 and PyTorch 1.13', () => {
  it(`${CASES.length} pastes give the peers' results, part for part`, () => {
    const real = peers(CASES.map((c) => (c.show ? `${c.paste}\n${c.show}` : c.paste)));
    CASES.forEach((c, k) => {
      const r = run(c.paste);
      expect(real[k].dtype, c.paste).toBe(c.dtype);
      expect(parts(r.out), c.paste).toEqual(real[k].parts);
    });
  });

  it('the code view writes each call back as Python the peers run to the same result', () => {
    const programs: string[] = [];
    const ours: string[][] = [];
    for (const c of CASES.filter((x) => !x.show)) {
      const p = parsePaste(c.paste, registry);
      const text = pythonCode(p.entry, p.args);
      programs.push(text);
      // What the code view shows reads back to the same call.
      const back = parsePaste(text, registry);
      expect(back.args.dataDType, text).toBe(c.dtype);
      ours.push(parts(executeCall(NAMESPACES, back.entry, back.args).toArray()));
    }
    expect(peers(programs).map((r) => r.parts)).toEqual(ours);
  });
});
