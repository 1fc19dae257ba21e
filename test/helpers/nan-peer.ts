/**
 * NaN-bit cases of PyTorch's add/multiply scatters (index_put accumulate, index_add, scatter
 * multiply, scatter_reduce prod) run through the real PyTorch 1.13 (/usr/bin/python3) and the
 * library, compared bit for bit. Tensors travel as .npy files; one Python process per batch.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Tensor, torch } from '../../src/index.js';
import { readNpy, writeNpy } from '../../src/interop/index.js';

/** One case: a torch op on named tensors (an index list entry may be null: `:`). */
export type NaNCase =
  | {
      readonly op: 'index_put';
      readonly x: Tensor;
      readonly indices: readonly (Tensor | null)[];
      readonly v: Tensor;
    }
  | {
      readonly op: 'index_add';
      readonly x: Tensor;
      readonly dim: number;
      readonly i: Tensor;
      readonly s: Tensor;
      /** PyTorch's alpha (default 1). */
      readonly alpha?: number;
    }
  | {
      readonly op: 'scatter_mul';
      readonly x: Tensor;
      readonly dim: number;
      readonly i: Tensor;
      readonly s: Tensor;
    }
  | {
      readonly op: 'scatter_prod';
      readonly x: Tensor;
      readonly dim: number;
      readonly i: Tensor;
      readonly s: Tensor;
      readonly include_self: boolean;
    };

/** The library's result of a case. */
export function libraryRun(c: NaNCase): Tensor {
  switch (c.op) {
    case 'index_put':
      return torch.index_put(c.x, c.indices, c.v, { accumulate: true });
    case 'index_add':
      return torch.index_add(c.x, c.dim, c.i, c.s, c.alpha === undefined ? {} : { alpha: c.alpha });
    case 'scatter_mul':
      return torch.scatter(c.x, c.dim, c.i, c.s, { reduce: 'multiply' });
    default:
      return torch.scatter_reduce(c.x, c.dim, c.i, c.s, 'prod', { include_self: c.include_self });
  }
}

const PEER = `
import json, os, sys
import numpy as np, torch
torch.set_num_threads(1)
d = sys.argv[1]
cases = json.load(open(os.path.join(d, 'cases.json')))
for k, c in enumerate(cases):
    T = lambda n: torch.from_numpy(np.load(os.path.join(d, '%d_%s.npy' % (k, n))))
    op = c['op']
    if op == 'index_put':
        idx = [None if n is None else T(n) for n in c['indices']]
        out = torch.ops.aten.index_put(T('x'), idx, T('v'), True)
    elif op == 'index_add':
        out = T('x').index_add(c['dim'], T('i'), T('s'), alpha=c.get('alpha', 1))
    elif op == 'scatter_mul':
        out = T('x').scatter(c['dim'], T('i'), T('s'), reduce='multiply')
    else:
        out = T('x').scatter_reduce(c['dim'], T('i'), T('s'), 'prod', include_self=c['include_self'])
    np.save(os.path.join(d, '%d_out.npy' % k), np.ascontiguousarray(out.numpy()))
`;

/** The tensors of a case by file name, and its manifest entry for the peer. */
function manifest(c: NaNCase): { files: Record<string, Tensor>; entry: Record<string, unknown> } {
  if (c.op === 'index_put') {
    const files: Record<string, Tensor> = { x: c.x, v: c.v };
    const indices = c.indices.map((t, k) => {
      if (t === null) return null;
      files[`i${k}`] = t;
      return `i${k}`;
    });
    return { files, entry: { op: c.op, indices } };
  }
  const extra =
    c.op === 'scatter_prod'
      ? { include_self: c.include_self }
      : c.op === 'index_add' && c.alpha !== undefined
        ? { alpha: c.alpha }
        : {};
  return { files: { x: c.x, i: c.i, s: c.s }, entry: { op: c.op, dim: c.dim, ...extra } };
}

/** PyTorch 1.13's results of the cases (one process; its stderr must stay empty). */
export function peerRun(cases: readonly NaNCase[]): Tensor[] {
  const dir = mkdtempSync(join(tmpdir(), 'nan-peer-'));
  try {
    const entries = cases.map((c, k) => {
      const { files, entry } = manifest(c);
      for (const [name, t] of Object.entries(files))
        writeFileSync(join(dir, `${k}_${name}.npy`), writeNpy(t));
      return entry;
    });
    writeFileSync(join(dir, 'cases.json'), JSON.stringify(entries));
    const py = spawnSync('/usr/bin/python3', ['-W', 'ignore', '-c', PEER, dir], { encoding: 'utf8' });
    if (py.status !== 0 || py.stderr !== '') throw new Error(`the PyTorch peer failed: ${py.stderr}`);
    return cases.map((_, k) => readNpy(readFileSync(join(dir, `${k}_out.npy`))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A float tensor of `dtype` and `shape` from its elements' stored bit patterns. */
export function fromWords(
  dtype: 'float64' | 'float32' | 'float16' | 'bfloat16',
  bits: readonly (number | bigint)[],
  shape: readonly number[] = [bits.length],
): Tensor {
  if (dtype === 'float64')
    return new Tensor(dtype, [...shape], new Float64Array(new BigUint64Array(bits.map(BigInt)).buffer));
  if (dtype === 'float32')
    return new Tensor(dtype, [...shape], new Float32Array(new Uint32Array(bits.map(Number)).buffer));
  return new Tensor(dtype, [...shape], Uint16Array.from(bits.map(Number)));
}

/** A float or complex tensor's stored words as hex strings (64-bit words for 8-byte floats). */
export function words(t: Tensor): string[] {
  const d = t.data as Float32Array | Float64Array;
  if (d.BYTES_PER_ELEMENT === 2) return Array.from(d as unknown as Uint16Array, (b) => b.toString(16));
  return d.BYTES_PER_ELEMENT === 4
    ? Array.from(new Uint32Array(d.buffer, d.byteOffset, d.length), (b) => b.toString(16))
    : Array.from(new BigUint64Array(d.buffer, d.byteOffset, d.length), (b) => b.toString(16));
}

/** Storage positions where the library's bits differ from the peer's, as `k: got/want` (at most 6). */
export function bitDiff(got: Tensor, want: Tensor): string[] {
  const g = words(got);
  const w = words(want);
  if (got.dtype !== want.dtype || g.length !== w.length)
    return [`${got.dtype}${JSON.stringify(got.shape)} vs ${want.dtype}${JSON.stringify(want.shape)}`];
  const out: string[] = [];
  for (let k = 0; k < g.length && out.length < 6; k++) if (g[k] !== w[k]) out.push(`${k}: ${g[k]}/${w[k]}`);
  return out;
}
