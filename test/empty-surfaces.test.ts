/**
 * Every surface on calls with size-0 dims: a seeded campaign of framework calls whose data,
 * indices or updates have a dim of size 0 (the shapes where the core's zero_size_dims mapping and
 * the frameworks' empty rules meet). For each call that runs, the StableHLO text read back and
 * run (the text reader), translate to every framework (the translated call run), and vjp give
 * the same result as `execute` — shape, dtype and bytes. A call the frontend refuses must refuse
 * with a typed error. The seed is printed; DIFFERENTIAL_SEED replays it, EMPTY_SURFACES_N sets the
 * count.
 */
import { describe, expect, it } from 'vitest';
import { type CoreCall, execute, stablehloText } from '../src/core/call.js';
import { GatherScatterError } from '../src/errors.js';
import * as lib from '../src/index.js';
import { programOf } from '../src/ir/lowered.js';
import { runText } from '../src/stablehlo-text/run-text.js';
import { tensor } from '../src/tensor/tensor.js';
import { differentialSeed } from './helpers/seed.js';
import { rng } from './reference/random-cases.js';
import { type Bits, bits, checkSurfaces, outOfBounds } from './helpers/surfaces.js';

type R = ReturnType<typeof rng>;
const N = Number(process.env.EMPTY_SURFACES_N ?? 150);

/** A shape of rank lo..hi with at least one 0 when `empty` (dims 0..3). */
function shapeOf(r: R, lo: number, hi: number, empty: boolean): number[] {
  const s = Array.from({ length: r.int(lo, hi) }, () => (r.next() < 0.3 ? 0 : r.int(1, 3)));
  if (empty && s.length > 0 && !s.includes(0)) s[r.int(0, s.length - 1)] = 0;
  return s;
}
const size = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
const DTYPES = ['float32', 'float64', 'float16', 'int32', 'int64', 'uint8', 'bool'] as const;
type D = (typeof DTYPES)[number];
/** Values of `dtype`: halves for floats, small integers, booleans. */
const data = (r: R, s: number[], dtype: D) =>
  tensor(
    Array.from({ length: size(s) }, () => {
      const v = r.int(dtype === 'uint8' ? 0 : -9, 9);
      return dtype === 'bool'
        ? v > 0
        : dtype === 'int64'
          ? BigInt(v)
          : dtype.startsWith('float')
            ? v + 0.5
            : v;
    }) as never,
    dtype,
    s,
  );
const ints = (r: R, s: number[], hi: number) =>
  tensor(
    Array.from({ length: size(s) }, () => BigInt(r.int(0, Math.max(0, hi - 1)))),
    'int64',
    s,
  );

/** One random framework call (lowered), its data shapes drawn with size-0 dims. */
function randomCall(r: R): { what: string; call: () => CoreCall } {
  const { onnx, torch, numpy, tensorflow: tf } = lib;
  const x = shapeOf(r, 1, 3, r.next() < 0.7);
  const dtype = r.pick(DTYPES);
  const X = data(r, x, dtype);
  const axis = r.int(0, x.length - 1);
  const n = x[axis];
  switch (r.int(0, 10)) {
    case 0: {
      const i = shapeOf(r, 0, 2, r.next() < 0.5);
      return {
        what: `onnx.Gather ${dtype}${x} axis ${axis} idx ${i}`,
        call: () => onnx.lower.Gather(X, ints(r, i, n), { axis }) as CoreCall,
      };
    }
    case 1: {
      const i = x.map((d, k) => (k === axis ? r.int(0, 2) : d));
      return {
        what: `onnx.GatherElements ${dtype}${x} axis ${axis} idx ${i}`,
        call: () => onnx.lower.GatherElements(X, ints(r, i, n), { axis }) as CoreCall,
      };
    }
    case 2: {
      const k = r.int(1, x.length);
      const i = [...shapeOf(r, 0, 1, false), k];
      const I = tensor(
        Array.from({ length: size(i) }, (_, j) => BigInt(r.int(0, Math.max(0, x[j % k] - 1)))),
        'int64',
        i,
      );
      return {
        what: `onnx.GatherND ${dtype}${x} idx ${i}`,
        call: () => onnx.lower.GatherND(X, I) as CoreCall,
      };
    }
    case 3: {
      const i = x.map((d, k) => (k === axis ? r.int(0, 2) : d));
      const U = data(r, i, dtype);
      return {
        what: `onnx.ScatterElements ${dtype}${x} axis ${axis} idx ${i}`,
        call: () => onnx.lower.ScatterElements(X, ints(r, i, n), U, { axis, reduction: 'add' }) as CoreCall,
      };
    }
    case 4: {
      const i = [r.int(0, 2), 1];
      const U = data(r, [i[0], ...x.slice(1)], dtype);
      return {
        what: `onnx.ScatterND ${dtype}${x} idx ${i}`,
        call: () => onnx.lower.ScatterND(X, ints(r, i, x[0]), U, { reduction: 'add' }) as CoreCall,
      };
    }
    case 5: {
      const i = [r.int(0, 2)];
      return {
        what: `torch.index_select ${dtype}${x} dim ${axis} idx ${i}`,
        call: () => torch.lower.index_select(X, axis, ints(r, i, n)) as CoreCall,
      };
    }
    case 6: {
      const i = x.map((d, k) => (k === axis ? r.int(0, 2) : d));
      return {
        what: `torch.scatter_add ${dtype}${x} dim ${axis} idx ${i}`,
        call: () => torch.lower.scatter_add(X, axis, ints(r, i, n), data(r, i, dtype)) as CoreCall,
      };
    }
    case 7: {
      const i = [r.int(0, 2)];
      const U = data(
        r,
        x.map((d, k) => (k === axis ? i[0] : d)),
        dtype,
      );
      return {
        what: `torch.index_add ${dtype}${x} dim ${axis} idx ${i}`,
        call: () => torch.lower.index_add(X, axis, ints(r, i, n), U) as CoreCall,
      };
    }
    case 8: {
      const b = r.int(0, axis);
      const i = [...x.slice(0, b), ...shapeOf(r, 0, 1, false)];
      return {
        what: `tensorflow.gather ${dtype}${x} axis ${axis} batch_dims ${b} idx ${i}`,
        call: () => tf.lower.gather(X, ints(r, i, n), { axis, batch_dims: b }) as CoreCall,
      };
    }
    case 9: {
      const i = x.map((d, k) => (k === axis ? r.int(0, 2) : d));
      return {
        what: `numpy.take_along_axis ${dtype}${x} axis ${axis} idx ${i}`,
        call: () => numpy.lower.take_along_axis(X, ints(r, i, n), axis) as CoreCall,
      };
    }
    default: {
      const i = shapeOf(r, 0, 2, r.next() < 0.5);
      return {
        what: `numpy.take ${dtype}${x} axis ${axis} idx ${i}`,
        call: () => numpy.lower.take(X, ints(r, i, n), { axis }) as CoreCall,
      };
    }
  }
}

describe('every surface on calls with size-0 dims', () => {
  it(`${N} seeded calls: text read back, ONNX export, translations and vjp equal execute`, async () => {
    const r = rng(differentialSeed('empty-surfaces.test.ts'));
    let ran = 0;
    const counts = { exported: 0, translated: 0, differentiated: 0 };
    for (let c = 0; c < N; c++) {
      const { what, call: make } = randomCall(r);
      let call: CoreCall;
      let want: Bits;
      try {
        call = make();
        want = bits(execute(call));
      } catch (e) {
        if (!(e instanceof GatherScatterError)) throw e;
        continue; // the frontend refuses it, typed
      }
      ran++;
      await checkSurfaces(what, call, want, counts, { acceptTranslatedError: outOfBounds });
    }
    console.info(`empty-surfaces: ${ran} of ${N} calls ran, ${counts.exported} exported to ONNX`);
    expect(ran).toBeGreaterThan(N / 4);
    expect(counts.exported).toBeGreaterThan(ran / 4);
  });
});

describe('named cases the campaign found', () => {
  it('a size-0 batching dim prints slice size 0 (C21 refused the stated 1): GatherElements from [1, 0, 1]', () => {
    const x = tensor([], 'float32', [1, 0, 1]);
    const call = lib.onnx.lower.GatherElements(x, tensor([], 'int64', [1, 0, 2]), { axis: 2 }) as CoreCall;
    const text = stablehloText(call);
    expect(text).toContain('slice_sizes = array<i64: 1, 0, 1>');
    expect(bits(runText(text, programOf(call).args)[0].results[0])).toEqual(bits(execute(call)));
  });
});
