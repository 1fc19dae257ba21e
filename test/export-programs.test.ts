/**
 * ONNX export of program calls (src/export/onnx-program.ts): numpy.take into an `out` of
 * another dtype exports as the gather's graph and a Cast (Or for complex → bool is refused with
 * the complex parts), run in onnxruntime-node and compared byte for byte with `execute(call)`.
 */
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { execute } from '../src/core/call.js';
import { OnnxExportError, onnxGraph, onnxInputs, onnxNode, toOnnx } from '../src/export/index.js';
import type { GatherCall } from '../src/core/call.js';
import { castsSafely, takeIntoOther } from '../src/frameworks/numpy/take-out.js';
import { complex, jax, numpy, tensor, zeros } from '../src/index.js';
import type { ProgramCall } from '../src/ir/lowered.js';
import { DTYPES, type DType, isComplex } from '../src/tensor/dtype.js';
import { runExported } from './helpers/onnx-model.js';
import { differentialSeed } from './helpers/seed.js';
import { rng } from './reference/random-cases.js';

const bytes = (d: ArrayBufferView) => new Uint8Array(d.buffer, d.byteOffset, d.byteLength);

const runOrt = (call: ProgramCall, opset = 18) => runExported(ort, call, opset);

/** NumPy's real dtypes: all but the complex ones and bfloat16 (NumPy has no bfloat16). */
const REAL = DTYPES.filter((d) => !isComplex(d) && d !== 'bfloat16');
/** Every (a, out) pair NumPy takes (out casts safely to a), real dtypes, out of another dtype. */
const PAIRS = REAL.flatMap((a) => REAL.filter((o) => o !== a && castsSafely(o, a)).map((o) => [a, o]));

const isInt = (d: DType) => d.includes('int');

const BITS: Record<string, number> = { int8: 8, int16: 16, int32: 32, int64: 64 };

/**
 * A value of `a`'s dtype whose cast to `o` C defines: any integer (integer → integer wraps,
 * integer → float rounds); a float into an integer dtype with its integral part in o's range;
 * a float into a float dtype anything (NaN, ±∞, ±0, subnormals, overflow to ∞).
 */
function value(r: () => number, a: DType, o: DType): number | bigint | boolean {
  if (a === 'bool') return r() < 0.5;
  if (isInt(a)) {
    const w = BITS[a.replace('u', '')];
    const raw = BigInt.asUintN(
      w,
      BigInt(Math.floor(r() * 2 ** 32)) * 2n ** 32n + BigInt(Math.floor(r() * 2 ** 32)),
    );
    const v = a.startsWith('u') ? raw : BigInt.asIntN(w, raw);
    const small = BigInt(Math.floor(r() * 300) - 150);
    const fit = a.startsWith('u') ? BigInt.asUintN(w, small) : BigInt.asIntN(w, small);
    const pick = r() < 0.4 ? fit : v;
    return w === 64 ? pick : Number(pick);
  }
  if (isInt(o)) {
    const [lo, hi] = o.startsWith('u')
      ? [0, 2 ** BITS[o.replace('u', '')] - 1]
      : [-(2 ** (BITS[o] - 1)), 2 ** (BITS[o] - 1) - 1];
    const span = Math.min(hi - lo, a === 'float16' ? 60000 : 2 ** 40);
    const v = Math.max(lo, Math.min(hi, lo + (r() * span) / (r() < 0.5 ? 1 : 1000) + r()));
    return o.startsWith('u') || r() < 0.5
      ? Math.trunc(v) + (v < hi ? r() * 0.99 : 0)
      : -r() * Math.min(-lo, 1000);
  }
  const specials = [Number.NaN, Infinity, -Infinity, 0, -0, 5e-324, 1e-40, 3e38, 1e300, -1e39, 65520, 1e-8];
  return r() < 0.3
    ? specials[Math.floor(r() * specials.length)]
    : (r() - 0.5) * 10 ** Math.floor(r() * 12 - 4);
}

function takeCase(r: () => number, a: DType, o: DType): ProgramCall {
  const rows = 1 + Math.floor(r() * 4);
  const cols = 1 + Math.floor(r() * 4);
  const A = tensor(Array.from({ length: rows * cols }, () => value(r, a, o)) as never, a, [rows, cols]);
  const axis = r() < 0.3 ? undefined : Math.floor(r() * 2);
  const n = axis === undefined ? rows * cols : axis === 0 ? rows : cols;
  const mode = (['raise', 'wrap', 'clip'] as const)[Math.floor(r() * 3)];
  const reach = mode === 'raise' ? n : 3 * n;
  const idx = Array.from({ length: 1 + Math.floor(r() * 5) }, () => Math.floor(r() * 2 * reach) - reach);
  const shape = axis === undefined ? [idx.length] : axis === 0 ? [idx.length, cols] : [rows, idx.length];
  return numpy.lower.take(A, idx, { axis, mode, out: zeros(shape, o) }) as ProgramCall;
}

/** The program's code and message, or undefined when it does not throw. */
function thrown(f: () => unknown): { code?: string; message: string } | undefined {
  try {
    f();
  } catch (e) {
    return e as { code?: string; message: string };
  }
  return undefined;
}

describe('numpy.take into an out of another dtype exports: gather graph + Cast (onnxruntime, bytes)', () => {
  it(`every NumPy-castable real dtype pair (${PAIRS.length}), seeded random calls equal execute(call)`, async () => {
    const r = rng(differentialSeed('export-programs.test.ts')).next;
    let agreed = 0;
    for (const [a, o] of PAIRS)
      for (let k = 0; k < 6; k++) {
        const call = takeCase(r, a, o);
        expect(call.kind).toBe('program');
        const want = bytes(execute(call).data).slice();
        const got = await runOrt(call, r() < 0.5 ? 18 : 13);
        expect([a, o, [...got]]).toEqual([a, o, [...want]]);
        agreed++;
      }
    console.info(
      `export-programs: ${agreed} numpy.take programs over ${PAIRS.length} dtype pairs agree byte for byte`,
    );
    expect(agreed).toBe(6 * PAIRS.length);
  });
});

describe('what a take program exports and how', () => {
  it('the graph is the gather graph, then Cast; onnxNode still reads one op (export.onnx.program)', () => {
    const call = numpy.lower.take(tensor([1.5, -2.5], 'float64'), [1, 0], { out: zeros([2], 'int8') });
    const g = onnxGraph(call as ProgramCall);
    expect(g.nodes.map((n) => n.opType)).toEqual(['Gather', 'Cast']);
    expect(g.nodes[1].attributes).toEqual({ to: 3 }); // int8
    expect(g.outputDType).toBe('int8');
    expect(g.inputs.map((i) => i.name)).toEqual(['data', 'indices']);
    const e = thrown(() => onnxNode(call as never));
    expect(e?.code).toBe('export.onnx.program');
    expect(e).toBeInstanceOf(Error);
  });

  it("a float → float16 cast is Cast alone: convert and onnxruntime both give the quiet NaN with the NaN's sign", async () => {
    const a = tensor([0, 0, 0], 'float64');
    new BigUint64Array(a.data.buffer).set([0xfff8123400000000n, 0x7ff0000000000001n, 0xbff0000000000000n]);
    const call = numpy.lower.take(a, [0, 1, 2], { out: zeros([3], 'float16') }) as ProgramCall;
    expect(onnxGraph(call).nodes.map((n) => n.opType)).toEqual(['Gather', 'Cast']);
    const want = bytes(execute(call).data).slice();
    expect([...new Uint16Array(want.buffer)]).toEqual([0xfe00, 0x7e00, 0xbc00]);
    expect([...(await runOrt(call))]).toEqual([...want]);
  });
});

describe('a program with a reshape after its gather (gather, reshape, convert)', () => {
  it("exports the reshape as the core call's Reshape (takeIntoOther on a call with a final reshape)", async () => {
    const call = numpy.lower.take(
      tensor(
        [
          [1.5, -2.5],
          [3.5, 4],
        ],
        'float64',
      ),
      [3, 0, 1],
    ) as GatherCall;
    const p = takeIntoOther({ ...call, reshape: [3, 1] }, zeros([3, 1], 'int32'));
    expect(p.module.funcs[0].ops.map((o) => o.kind)).toEqual(['gather', 'reshape', 'convert']);
    const g = onnxGraph(p);
    expect(g.nodes.map((n) => n.opType)).toEqual(['Gather', 'Reshape', 'Cast']);
    expect([g.outputShape, g.outputDType]).toEqual([[3, 1], 'int32']);
    expect([...(await runOrt(p))]).toEqual([...bytes(execute(p).data)]);
  });

  it('an empty take (a zero dim before the axis) exports, into an out of another dtype or not (stablehlo.gather.C21 before)', async () => {
    const a = tensor([], 'float64', [0, 3]);
    const call = numpy.lower.take(a, [2, 0], { axis: 1, out: zeros([0, 2], 'int16') }) as ProgramCall;
    const same = numpy.lower.take(a, [2, 0], { axis: 1, out: zeros([0, 2], 'float64') });
    expect(onnxGraph(call).outputShape).toEqual([0, 2]);
    expect(onnxGraph(same as never).outputShape).toEqual([0, 2]);
    expect(await runOrt(call)).toEqual(new Uint8Array(0));
  });
});

describe('a float → integer cast of NaN, ±Infinity or out of range is warned (export.onnx.cast_float_int)', () => {
  it('float64 [NaN, Inf, 1e10, 3.7] into int32: saturated here, INT_MIN in onnxruntime; refused on request', async () => {
    const a = tensor([Number.NaN, Infinity, 1e10, 3.7], 'float64');
    const call = numpy.lower.take(a, [0, 1, 2, 3], { out: zeros([4], 'int32') }) as ProgramCall;
    expect(execute(call).toFlatArray()).toEqual([0, 2147483647, 2147483647, 3]);
    expect([...new Int32Array((await runOrt(call)).buffer)]).toEqual([
      -2147483648, -2147483648, -2147483648, 3,
    ]);
    const w = onnxGraph(call).warnings;
    expect(w.map((x) => x.code)).toEqual(['export.onnx.cast_float_int']);
    expect(w[0].message).toContain('ONNX leaves it undefined');
    for (const f of [
      () => toOnnx(call, { runtime_differences: 'refuse' }),
      () => onnxGraph(call, { runtime_differences: 'refuse' }),
    ]) {
      const e = thrown(f);
      expect(e).toBeInstanceOf(OnnxExportError);
      expect(e?.code).toBe('export.onnx.runtime_difference');
      expect(e?.message).toContain('export.onnx.cast_float_int');
    }
  });

  it('no warning where every value casts: integer → integer, float → float, anything → bool', () => {
    const cases: [DType, DType][] = [
      ['int64', 'uint8'],
      ['float64', 'float32'],
      ['float32', 'bool'],
      ['int16', 'bool'],
    ];
    for (const [a, o] of cases) {
      const call = numpy.lower.take(tensor([1, 0], a), [0], { out: zeros([1], o) }) as ProgramCall;
      expect([a, o, onnxGraph(call, { runtime_differences: 'refuse' }).warnings]).toEqual([a, o, []]);
    }
  });
});

describe('what stays refused', () => {
  const C = () => tensor([complex(1, 2), complex(Number.NaN, 0)], 'complex128');
  it.each([
    'float64',
    'int64',
    'bool',
    'complex64',
  ] as const)('a complex a into a %s out takes its parts, which no ONNX node does (export.onnx.complex_cast)', (o) => {
    const call = numpy.lower.take(C(), [1, 0], { out: zeros([2], o) }) as ProgramCall;
    for (const f of [() => onnxGraph(call), () => toOnnx(call), () => onnxInputs(call)]) {
      const e = thrown(f);
      expect(e).toBeInstanceOf(OnnxExportError);
      expect(e?.code).toBe('export.onnx.complex_cast');
      expect(e?.message).toMatch(/numpy\.take: the cast complex128 → /);
    }
  });

  it('an op with no exact node here (a hand-built negate after the gather) is export.onnx.program', () => {
    const call = numpy.lower.take(tensor([1.5], 'float64'), [0], { out: zeros([1], 'int32') }) as ProgramCall;
    const [main] = call.module.funcs;
    const ops = main.ops.map((op) =>
      op.kind === 'convert' ? { ...op, kind: 'negate' } : op,
    ) as typeof main.ops;
    const negated = { ...call, module: { ...call.module, funcs: [{ ...main, ops }] } } as ProgramCall;
    const e = thrown(() => onnxGraph(negated));
    expect(e?.code).toBe('export.onnx.program');
    expect(e?.message).toContain("the program's negate op (on float64) has no exact ONNX node here");
  });

  it('jax.at divide of a complex x: its product scatters a constant of ones (export.onnx.program)', () => {
    const x = tensor([complex(1, 2)], 'complex64');
    const call = jax.lower.at(x, 0).divide(tensor(complex(1, 1) as never, 'complex64'));
    expect(call.kind).toBe('program');
    const e = thrown(() => toOnnx(call as never));
    expect(e?.code).toBe('export.onnx.program');
    expect(e?.message).toContain('a complex constant');
  });
});
