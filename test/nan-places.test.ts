/**
 * PyTorch 1.13's NaN operand order by place in the row (frameworks/torch/nan-places.ts), named
 * class by class: every case runs through the real PyTorch and the library and must agree bit
 * for bit; a few results are also pinned by their pattern (which operand's payload each place
 * keeps: `a` self, `b` the update) so the documented rule stays true without the peer.
 */
import { describe, expect, it } from 'vitest';
import { pythonHas } from '../scripts/goldens/golden.js';
import { reducerFn } from '../src/backends/webgpu/wgsl.js';
import { scatter } from '../src/core/scatter.js';
import type { PlacedNaN } from '../src/core/types.js';
import { execute } from '../src/core/call.js';
import { type GatherScatterError, Tensor, onnx, tensor, torch } from '../src/index.js';
import { stablehloModule } from '../src/ir/module-text.js';
import { indexPutNaN, indexPutRow } from '../src/frameworks/torch/nan-places.js';
import { type NaNCase, bitDiff, libraryRun, peerRun, words } from './helpers/nan-peer.js';

type FloatDType = 'float32' | 'float64' | 'complex64' | 'complex128';
const QUIET32 = 0x7fc00000;
const QUIET64 = 0x7ff8000000000000n;

/** A tensor whose every stored word is a NaN with low payload nibble `nib` (signalling: quiet bit clear). */
function nans(dtype: FloatDType, shape: number[], nib: number, signalling = false): Tensor {
  const n = shape.reduce((a, b) => a * b, 1) * (dtype.startsWith('complex') ? 2 : 1);
  if (dtype === 'float32' || dtype === 'complex64') {
    const w = new Uint32Array(n).fill((signalling ? 0x7f800000 : QUIET32) | nib);
    return tensor(new Float32Array(w.buffer), dtype, shape);
  }
  const w = new BigUint64Array(n).fill((signalling ? 0x7ff0000000000000n : QUIET64) | BigInt(nib));
  return tensor(new Float64Array(w.buffer), dtype, shape);
}

/** The low payload nibble of every stored word: which operand's NaN each place kept. */
const nibbles = (t: Tensor): string =>
  words(t)
    .map((w) => (Number.parseInt(w.slice(-1), 16) === 0xa ? 'a' : 'b'))
    .join('');

const i64 = (xs: number[], shape = [xs.length]) => tensor(xs.map(BigInt), 'int64', shape);
const hasTorch = pythonHas('torch');

/**
 * The file's PyTorch cases, in batches built when the file is collected: the first test that
 * asks runs them all in one Python process (importing torch costs seconds; one import per file).
 */
interface Batch {
  readonly build: () => NaNCase[];
  cases?: NaNCase[];
  want?: Tensor[];
}
const batches: Batch[] = [];
const batch = (build: () => NaNCase[]): Batch => {
  const b: Batch = { build };
  batches.push(b);
  return b;
};

/** A batch's cases and PyTorch's results (all batches run through the peer at the first call). */
function peerOf(b: Batch): { cases: NaNCase[]; want: Tensor[] } {
  if (b.want === undefined) {
    for (const x of batches) x.cases = x.build();
    const want = peerRun(batches.flatMap((x) => x.cases as NaNCase[]));
    let k = 0;
    for (const x of batches) {
      x.want = want.slice(k, k + (x.cases as NaNCase[]).length);
      k += (x.cases as NaNCase[]).length;
    }
  }
  return { cases: b.cases as NaNCase[], want: b.want as Tensor[] };
}

/** Runs a batch through PyTorch and the library; returns the disagreements. */
function disagreements(b: Batch): string[] {
  const { cases, want } = peerOf(b);
  return cases.flatMap((c, k) => {
    const d = bitDiff(libraryRun(c), want[k]);
    return d.length ? [`${k} ${c.op} ${c.x.dtype}${JSON.stringify(c.x.shape)}: ${d.join(', ')}`] : [];
  });
}

/** index_put(x, [tensor([1])], v, accumulate) on x (2, L): row 1 gets one update per place. */
const rowPut = (dtype: FloatDType, L: number, vShape = [1, L], signalling = false): NaNCase => ({
  op: 'index_put',
  x: nans(dtype, [2, L], 0xa, signalling),
  indices: [i64([1])],
  v: nans(dtype, vShape, 0xb),
});

/** A float16 tensor of one NaN bit pattern (payloads are dropped by PyTorch's float16 add: signs tell). */
const halves = (shape: number[], bits: number): Tensor =>
  new Tensor('float16', shape, new Uint16Array(shape.reduce((a, b) => a * b, 1)).fill(bits));

describe('torch.index_put(accumulate=True) on float16: the update sign in the vector body', () => {
  const put = (L: number, v: number[]): NaNCase => ({
    op: 'index_put',
    x: halves([2, L], 0xfe01),
    indices: [i64([1])],
    v: halves(v, 0x7d02),
  });
  it('rows of 9: places [0, 8) keep the update sign (0x7e00), the last place the self sign (0xfe00)', () => {
    expect(words(libraryRun(put(9, [1, 9]))).slice(9)).toEqual([...Array(8).fill('7e00'), 'fe00']);
    expect(words(libraryRun(put(9, [1, 1]))).slice(9)).toEqual(Array(9).fill('fe00'));
  });
  const float16Rows = batch(() => {
    const cases: NaNCase[] = [];
    for (let L = 1; L <= 20; L++) cases.push(put(L, [1, L]), put(L, [1, 1]));
    return cases;
  });

  it.skipIf(!hasTorch)('bit for bit with PyTorch: rows L = 1…20, values full and broadcast', () => {
    expect(disagreements(float16Rows)).toEqual([]);
  });
});

describe('torch.index_put(accumulate=True): NaN order by place (PyTorch 1.13)', () => {
  it('float32: the update wins at p < L − L mod 4, self after (row 1 of 2×10: 8 b, 2 a)', () => {
    const r = libraryRun(rowPut('float32', 10));
    expect(nibbles(r).slice(10)).toBe('bbbbbbbbaa');
  });

  it('float64: the update wins at p < L − L mod 2 (2×7: 6 b, 1 a); complex64 only in its epilogue', () => {
    expect(nibbles(libraryRun(rowPut('float64', 7))).slice(7)).toBe('bbbbbba');
    // complex64, L = 7: places [4, 6) add update + self; both parts of each place.
    expect(nibbles(libraryRun(rowPut('complex64', 7))).slice(14)).toBe('aaaaaaaabbbbaa');
    expect(nibbles(libraryRun(rowPut('complex128', 7))).slice(14)).toBe('a'.repeat(14));
  });

  it('a value broadcast along the row: complex64 update-first at p < L − L mod 2, complex128 everywhere, reals never', () => {
    expect(nibbles(libraryRun(rowPut('complex64', 5, [1, 1]))).slice(10)).toBe('bbbbbbbbaa');
    expect(nibbles(libraryRun(rowPut('complex128', 5, [1, 1]))).slice(10)).toBe('b'.repeat(10));
    expect(nibbles(libraryRun(rowPut('float32', 5, [1, 1]))).slice(5)).toBe('aaaaa');
  });

  it('the row is the trailing run the values fill: (2, 3, 6) with values (1, 1, 6) has rows of 6', () => {
    expect(indexPutRow([3, 6], [1, 1, 6])).toEqual({ kind: 'contiguous', length: 6 });
    expect(indexPutRow([3, 6], [3, 6])).toEqual({ kind: 'contiguous', length: 18 });
    expect(indexPutRow([3, 1], [3, 1])).toEqual({ kind: 'contiguous', length: 3 });
    expect(indexPutRow([3, 6], [1])).toEqual({ kind: 'broadcast', length: 18 });
    expect(indexPutRow([1, 1], [1])).toEqual({ kind: 'scalar', length: 1 });
    expect(indexPutNaN('float32', [3, 6], [1, 1, 6])).toEqual({
      row: 6,
      bands: [
        [4, 'update_first'],
        [6, 'self_first'],
      ],
    });
    expect(indexPutNaN('float32', [3], [3])).toBe('self_first'); // L = 3: no vector body
    expect(indexPutNaN('int32', [8], [8])).toBeUndefined();
  });

  const rows = batch(() => {
    const cases: NaNCase[] = [];
    for (const dtype of ['float32', 'float64', 'complex64', 'complex128'] as const)
      for (let L = 1; L <= 20; L++) {
        cases.push(rowPut(dtype, L, [1, L], L % 3 === 0));
        if (L % 2 === 1) cases.push(rowPut(dtype, L, [1, 1]));
      }
    return cases;
  });

  it.skipIf(!hasTorch)(
    'bit for bit with PyTorch: rows L = 1…20 of float32, float64, complex64, complex128',
    () => {
      expect(disagreements(rows)).toEqual([]);
    },
  );

  const tuples = batch(() => {
    const cases: NaNCase[] = [];
    for (const dtype of ['float32', 'float64', 'complex64', 'complex128'] as const) {
      const put = (x: number[], indices: (Tensor | null)[], v: number[]): NaNCase => ({
        op: 'index_put',
        x: nans(dtype, x, 0xa),
        indices,
        v: nans(dtype, v, 0xb, true),
      });
      const mask = tensor([false, true, true], 'bool');
      const mask2 = tensor([false, true, false, false, false, true], 'bool', [2, 3]);
      cases.push(
        put([3, 2, 7], [null, i64([1])], [3, 1, 7]),
        put([3, 2, 5], [null, i64([1, 1, 0])], [3, 3, 5]),
        put([2, 7], [null, i64([1, 3])], [2, 2]),
        put([3, 7], [mask], [2, 7]),
        put([2, 3, 7], [mask2], [1, 7]),
        put([3, 2, 7], [null, tensor([false, true], 'bool')], [3, 1, 7]),
        put([3, 5, 2], [i64([0, 2]), i64([4, 4]), i64([1, 1])], [2]),
        put([3, 7], [i64([1, 1, 2])], [3, 7]),
        put([2, 3, 6], [i64([1])], [1, 1, 6]),
        put([2, 3, 6], [i64([1])], [3, 1]),
        put([2, 6], [i64([0, 1])], [6]),
      );
    }
    return cases;
  });

  it.skipIf(!hasTorch)(
    'bit for bit with PyTorch: a null entry, masks, the last dim indexed, duplicates, partial broadcasts',
    () => {
      expect(disagreements(tuples)).toEqual([]);
    },
  );
});

/**
 * index_add on complex, place by place: x and source (1, L) or (L,) with NaN patterns m (bit k:
 * part k of x.re, x.im, s.re, s.im is a NaN with payload nibble k + 1; other parts finite),
 * place p of repetition `rep` taking pattern (p + rep) mod 16, so every place meets every pattern.
 */
function indexAddCase(dtype: 'complex64' | 'complex128', shape: number[], rep: number, dim = 0): NaNCase {
  const L = shape.reduce((a, b) => a * b, 1);
  const wide = dtype === 'complex128';
  const parts = (which: 0 | 2, value: number) => {
    const f = wide ? new Float64Array(2 * L) : new Float32Array(2 * L);
    f.fill(value);
    const w = wide ? new BigUint64Array(f.buffer) : new Uint32Array(f.buffer);
    for (let p = 0; p < L; p++)
      for (const k of [0, 1]) {
        const bit = which + k;
        if ((((p + rep) % 16) >> bit) & 1)
          if (wide) (w as BigUint64Array)[2 * p + k] = QUIET64 | BigInt(bit + 1);
          else (w as Uint32Array)[2 * p + k] = (rep % 2 ? 0x7f800000 : QUIET32) | (bit + 1);
      }
    return tensor(f, dtype, shape);
  };
  const i = i64(Array.from({ length: shape[dim] }, (_, k) => k));
  return { op: 'index_add', x: parts(0, 1.5), dim, i, s: parts(2, 2.5) };
}

describe('torch.index_add on complex: NaN order by place (PyTorch 1.13)', () => {
  it('complex64 (1, 12): source.re and source.im NaN — the vector body [0, 8) keeps source.re in both parts, [8, 12) source.im in im', () => {
    // Pattern 0b1100 (both source parts NaN, self finite) lands on place 0 with rep 12, on place 8 with rep 4.
    const body = words(libraryRun(indexAddCase('complex64', [1, 12], 12)));
    expect([body[0].slice(-1), body[1].slice(-1)]).toEqual(['3', '3']);
    const rest = words(libraryRun(indexAddCase('complex64', [1, 12], 4)));
    expect([rest[16].slice(-1), rest[17].slice(-1)]).toEqual(['3', '4']);
  });

  const indexAdds = batch(() => {
    const cases: NaNCase[] = [];
    for (const dtype of ['complex64', 'complex128'] as const) {
      for (let L = 1; L <= 20; L++)
        for (let rep = 0; rep < 16; rep += 3) cases.push(indexAddCase(dtype, [1, L], rep));
      for (let rep = 0; rep < 16; rep++) cases.push(indexAddCase(dtype, [16], rep));
      for (const [shape, dim] of [
        [[2, 3, 5], 0],
        [[2, 3, 5], 1],
        [[2, 3, 5], 2],
        [[2, 1, 5], 1],
        [[3, 1, 1], 0],
        [[2, 9], 1],
      ] as const)
        for (let rep = 0; rep < 16; rep += 5) cases.push(indexAddCase(dtype, [...shape], rep, dim));
    }
    return cases;
  });

  it.skipIf(!hasTorch)(
    'bit for bit with PyTorch: rows L = 1…20 (rank 2), rank 1, and rows across dims',
    () => {
      expect(disagreements(indexAdds)).toEqual([]);
    },
  );
});

describe('torch.index_put(accumulate=True) with a null entry and a one-element index: the row spans the leading dims', () => {
  // x[:, [0]] += v: the index's result dim is 1, so TensorIterator drops it and coalesces the
  // dims before it with those after when self's strides run on (indexed dim of size 1, or
  // nothing wider than 1 after it) — nan-places.ts indexPutRowDims (live seeds 1458662683, 1577149406).
  const put = (dtype: FloatDType, x: number[], v: number[], i = [0]): NaNCase => ({
    op: 'index_put',
    x: nans(dtype, x, 0xa),
    indices: [null, i64(i)],
    v: nans(dtype, v, 0xb),
  });
  it('float64 x (3, 1, 15): one row of 45 — update first at p < 44, self at p = 44', () => {
    expect(nibbles(libraryRun(put('float64', [3, 1, 15], [3, 1, 15])))).toBe(`${'b'.repeat(44)}a`);
  });

  /** [x, v] shapes: one row of the leading dims (contiguous, broadcast), strided over one value, unchanged. */
  const SHAPES: readonly (readonly [number[], number[]])[] = [
    [
      [3, 1, 15],
      [3, 1, 15],
    ],
    [
      [3, 1, 15],
      [1, 15],
    ],
    [
      [3, 1, 15],
      [3, 1, 1],
    ],
    [
      [2, 3, 1],
      [1, 1],
    ],
    [
      [6, 3, 1],
      [1, 1],
    ],
    [
      [3, 4, 15],
      [3, 1, 15],
    ],
    [
      [2, 1, 3, 1],
      [2, 1, 3, 1],
    ],
  ];
  const STRIDED: readonly (readonly [number[], number[]])[] = [
    [
      [5, 3, 1],
      [5, 1, 1],
    ],
    [[3, 3], [1]],
    [
      [5, 3],
      [5, 1],
    ],
    [
      [7, 2],
      [7, 1],
    ],
    [
      [4, 3, 1],
      [1, 1],
    ],
  ];
  const leading = batch(() => {
    const cases: NaNCase[] = [];
    for (const dtype of ['float32', 'float64', 'complex64', 'complex128'] as const)
      for (const [x, v] of SHAPES) cases.push(put(dtype, x, v));
    // Strided rows (an indexed dim wider than 1, nothing after it): the broadcast row's rule.
    for (const dtype of ['float32', 'float64', 'complex64', 'complex128'] as const)
      for (const [x, v] of STRIDED) cases.push(put(dtype, x, v));
    cases.push(put('float64', [3, 1, 15], [3, 2, 15], [0, 0]));
    return cases;
  });
  it.skipIf(!hasTorch)('bit for bit with PyTorch: full, broadcast and strided rows', () => {
    expect(disagreements(leading)).toEqual([]);
  });

  // A complex64 strided row of odd length L takes update + self at its places p < L − 1 counted
  // along the row: elements 0, 3, 6 of x (3, 3) are places 0, 1, 2 (the rule's stride 3), not
  // 0, 0, 0 by flat offset mod 3.
  const firstParts = (t: Tensor) => [0, 3, 6].map((e) => words(t)[2 * e].slice(-1)).join('');
  it('complex64 x (3, 3), v (1,), x[:, [0]] += v: the update first at places 0 and 1 of the row, self at 2', () => {
    expect(firstParts(libraryRun(put('complex64', [3, 3], [1])))).toBe('bba');
  });
  const odd = batch(() => [put('complex64', [3, 3], [1])]);
  it.skipIf(!hasTorch)('PyTorch 1.13 alike: update first at places 0 and 1, self at 2', () => {
    expect(firstParts(peerOf(odd).want[0])).toBe('bba');
  });
});

describe('torch.index_add on complex128: the unfused AVX2 product in the vector body (source ±inf + NaN·i)', () => {
  // ATen's AVX2 complex128 product is not fused: im = a·d − b·(−c) makes the default NaN from
  // a·d = inf·0 first; the fused product (NumPy's, the scalar rest's) keeps the source's NaN.
  /** self (x) of `shape` zeros; source = x's shape with 1 at `dim`, every element ±inf + NaN(5)·i. */
  const call = (shape: number[], dim: number, sign = 1, alpha?: number): NaNCase => {
    const sShape = shape.map((n, d) => (d === dim ? 1 : n));
    const n = sShape.reduce((a, b) => a * b, 1);
    const w = new BigUint64Array(2 * n);
    const f = new Float64Array(w.buffer);
    for (let p = 0; p < n; p++) {
      f[2 * p] = sign * Number.POSITIVE_INFINITY;
      w[2 * p + 1] = QUIET64 | 0x5n;
    }
    const x = tensor(new Float64Array(2 * shape.reduce((a, b) => a * b, 1)), 'complex128', shape);
    const base = { op: 'index_add' as const, x, dim, i: i64([0]), s: tensor(f, 'complex128', sShape) };
    return alpha === undefined ? base : { ...base, alpha };
  };
  const imaginary = (t: Tensor) => words(t).filter((_, k) => k % 2 === 1);

  it('a row of 5: the default NaN at p < 4 (the vector body), the source NaN at p = 4 (the scalar rest)', () => {
    expect(imaginary(libraryRun(call([1, 5], 0)))).toEqual([
      ...Array(4).fill('fff8000000000000'),
      '7ff8000000000005',
    ]);
  });

  it('the real part keeps the source NaN (inf − NaN·0) everywhere', () => {
    expect(words(libraryRun(call([1, 5], 0))).filter((_, k) => k % 2 === 0)).toEqual(
      Array(5).fill('7ff8000000000005'),
    );
  });

  it('the program prints the parts, the products and the subtracts, then stablehlo.complex', () => {
    const text = stablehloModule(
      torch.lower.index_add(
        tensor(new Float64Array(8), 'complex128', [1, 4]),
        0,
        i64([0]),
        tensor(new Float64Array(8), 'complex128', [1, 4]),
      ),
    );
    for (const op of [
      'stablehlo.real',
      'stablehlo.imag',
      'stablehlo.negate',
      'stablehlo.subtract',
      'stablehlo.complex',
    ])
      expect(text).toContain(`"${op}"`);
  });

  const unfused = batch(() => {
    const cases: NaNCase[] = [];
    for (let L = 1; L <= 20; L++) cases.push(call([1, L], 0), call([2, L], 0, -1));
    cases.push(call([7], 0), call([3, 2, 5], 1), call([3, 2, 5], 0, -1), call([2, 3, 4], 2));
    cases.push(call([2, 9], 0, 1, 2), call([2, 9], 0, -1, -0.5));
    return cases;
  });

  it.skipIf(!hasTorch)(
    'bit for bit with PyTorch: rows L = 1…20 (rank 2), ranks 1 and 3, alpha 2 and −0.5',
    () => {
      expect(disagreements(unfused)).toEqual([]);
    },
  );
});

describe('torch.scatter multiply / scatter_reduce prod on complex128: the swapped order off the last dim', () => {
  /** x (3, 4) of NaNs in every part; src NaNs too: each product meets NaN by NaN. */
  const mul = (dim: number, op: 'scatter_mul' | 'scatter_prod'): NaNCase => {
    const x = nans('complex128', [3, 4], 0xa);
    const s = nans('complex128', [3, 4], 0xb);
    const i = i64(
      dim === 0 ? [2, 0, 1, 1, 0, 2, 2, 1, 1, 1, 0, 0] : [3, 0, 1, 1, 0, 2, 3, 1, 1, 1, 0, 2],
      [3, 4],
    );
    return op === 'scatter_mul' ? { op, x, dim, i, s } : { op, x, dim, i, s, include_self: true };
  };

  /** One complex128 element re + NaN·i, the NaN's payload nibble `nib`. */
  const halfNaN = (re: number, nib: number): Tensor => {
    const w = new BigUint64Array(2);
    new Float64Array(w.buffer)[0] = re;
    w[1] = QUIET64 | BigInt(nib);
    return tensor(new Float64Array(w.buffer), 'complex128', [1, 1]);
  };

  it('(2 + NaN·i)·(3 + NaN·i): re = fma(a, c, −(b·d)) takes b·d — the update part d first off the last dim', () => {
    const run = (dim: number) =>
      libraryRun({ op: 'scatter_mul', x: halfNaN(2, 0xa), dim, i: i64([0], [1, 1]), s: halfNaN(3, 0xb) });
    expect(nibbles(run(0))).toBe('bb'); // dim 0 of rank 2: ATen's other loop nest, swapped
    expect(nibbles(run(1))).toBe('ab'); // the last dim: NumPy's order, self's b first
  });

  const products = batch(() => {
    const cases: NaNCase[] = [];
    for (const dim of [0, 1])
      for (const op of ['scatter_mul', 'scatter_prod'] as const) {
        cases.push(mul(dim, op));
        const x = tensor(
          new Float64Array([2, Number.NaN, Number.NaN, 3, 1, 1, 0, Number.NaN]),
          'complex128',
          [2, 2],
        );
        const s = nans('complex128', [2, 2], 0xb, true);
        const i = i64([1, 0, 0, 1], [2, 2]);
        cases.push(op === 'scatter_mul' ? { op, x, dim, i, s } : { op, x, dim, i, s, include_self: true });
      }
    return cases;
  });

  it.skipIf(!hasTorch)('bit for bit with PyTorch along every dim (multiply and prod)', () => {
    expect(disagreements(products)).toEqual([]);
  });
});

describe('the placed rule through the surfaces', () => {
  const placed: PlacedNaN = {
    row: 4,
    bands: [
      [2, 'update_first'],
      [4, 'self_first'],
    ],
  };
  const dn = {
    update_window_dims: [1],
    inserted_window_dims: [0],
    scatter_dims_to_operand_dims: [0],
    index_vector_dim: 1,
  };

  it('the core kernel reads the place: update first at places 0, 1 of each row of 4', () => {
    const x = nans('float32', [2, 4], 0xa);
    const [r] = scatter(x, i64([1], [1, 1]), nans('float32', [1, 4], 0xb), dn, 'add', { float_nan: placed });
    expect(nibbles(r)).toBe('aaaabbaa');
  });

  it('stablehlo.scatter.float_nan: a placed rule whose bands do not rise to its row is refused', () => {
    const bad = { row: 4, bands: [[3, 'update_first']] } as unknown as PlacedNaN;
    const run = () =>
      scatter(nans('float32', [2, 4], 0xa), i64([1], [1, 1]), nans('float32', [1, 4], 0xb), dn, 'add', {
        float_nan: bad,
      });
    expect(run).toThrowError(expect.objectContaining({ code: 'stablehlo.scatter.float_nan' }));
  });

  it('stablehlo.scatter.float_nan: a placed rule whose stride is not a positive integer is refused', () => {
    for (const stride of [0, -1, 1.5]) {
      const bad = { row: 4, stride, bands: [[4, 'update_first']] } as unknown as PlacedNaN;
      const run = () =>
        scatter(nans('float32', [2, 4], 0xa), i64([1], [1, 1]), nans('float32', [1, 4], 0xb), dn, 'add', {
          float_nan: bad,
        });
      expect(run).toThrowError(expect.objectContaining({ code: 'stablehlo.scatter.float_nan' }));
    }
  });

  it('the WebGPU reducer compiles a rule by place: one function per band, chosen by the place of red_t', () => {
    const wgsl = reducerFn('add', 'float32', 0, 'ieee', placed);
    expect(wgsl).toContain('fn red_b0(a: u32, b: u32) -> u32');
    expect(wgsl).toContain('fn red_b1(a: u32, b: u32) -> u32');
    expect(wgsl).toContain('let p = (red_t / 1u) % 4u;');
    expect(wgsl).toContain('if (p < 2u) { return red_b0(a, b); }');
    // Band 0 is update_first (the update's NaN checked first), band 1 self_first.
    expect(wgsl.split('fn red_b1')[0]).toContain('if (is_nan32(y)) { return b | 0x400000u; }');
    expect(wgsl.split('fn red_b1')[1]).toContain('if (is_nan32(x)) { return a | 0x400000u; }');
    let err: unknown;
    try {
      reducerFn('add', 'float32', 0, 'ieee', { row: 4, bands: [[3, 'self_first']] } as never);
    } catch (e) {
      err = e;
    }
    expect((err as GatherScatterError).code).toBe('webgpu.float_nan');
  });

  it('printed StableHLO states the placed rule (the text cannot carry it)', () => {
    const call = torch.lower.index_put(
      nans('float32', [2, 6], 0xa),
      [i64([1])],
      nans('float32', [1, 6], 0xb),
      {
        accumulate: true,
      },
    );
    expect(call.options.float_nan).toEqual({
      row: 6,
      bands: [
        [4, 'update_first'],
        [6, 'self_first'],
      ],
    });
    expect(stablehloModule(call)).toContain(
      'returns NaN operands by place in rows of 6: update_first [0, 4), self_first [4, 6)',
    );
  });
});

describe('a row of zero elements has no places to order', () => {
  it('index_put(accumulate=True) on float64[2, 0, 4] runs (PyTorch returns the empty tensor)', () => {
    expect(indexPutNaN('float64', [0, 4], [1, 0, 4])).toBe('self_first');
    const x = new Tensor('float64', [2, 0, 4], new Float64Array(0));
    const v = new Tensor('float64', [1, 0, 4], new Float64Array(0));
    const r = torch.index_put(x, [tensor([1n], 'int64')], v, { accumulate: true });
    expect(r.shape).toEqual([2, 0, 4]);
  });
  it('a call whose float_nan is not a rule is refused by its rule, not a TypeError', () => {
    const lowered = onnx.lower.ScatterND(
      tensor([1, 2], 'float32'),
      tensor([[0n]], 'int64'),
      tensor([5], 'float32'),
    );
    const bad = { dtype: 'float32', shape: [1], data: [0] }; // what fuzz-calls planted (seed 12345)
    const call = { ...lowered, options: { ...lowered.options, float_nan: bad } } as never;
    expect(() => execute(call)).toThrow(expect.objectContaining({ code: 'onnx.ScatterND-18.float_nan' }));
  });
});
