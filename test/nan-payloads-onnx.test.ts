/**
 * Issue 23: ONNX ScatterElements / ScatterND add and mul return the NaN onnxruntime-node
 * returns, bit for bit (both operands NaN either way round, a signalling NaN on each side), on
 * float32 and float64 (onnxruntime has no float16 add/mul reduction).
 */
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { onnx } from '../src/frameworks/onnx.js';
import { Tensor, tensor } from '../src/tensor/tensor.js';
import { buildModel, toOrt } from './helpers/onnx-model.js';

type Width = 'float32' | 'float64';
const PAIRS: Record<Width, [bigint, bigint][]> = {
  float32: [
    [0xffc0beefn, 0x7fc00000n],
    [0x7fc00000n, 0xffc0beefn],
    [0x7fa00000n, 0x7fc00000n],
    [0x7fc00000n, 0x7fa00000n],
    [0x7fa00000n, 0x3f800000n],
    [0x3f800000n, 0x7fa00000n],
    [0x7f800000n, 0xff800000n],
  ],
  float64: [
    [0xfff800000000beefn, 0x7ff8000000000000n],
    [0x7ff8000000000000n, 0xfff800000000beefn],
    [0x7ff4000000000000n, 0x3ff0000000000000n],
    [0x3ff0000000000000n, 0x7ff4000000000000n],
  ],
};

function fromBits(w: Width, bits: bigint): Tensor {
  if (w === 'float32')
    return new Tensor('float32', [1], new Float32Array(new Uint32Array([Number(bits)]).buffer));
  return new Tensor('float64', [1], new Float64Array(new BigUint64Array([bits]).buffer));
}
const hex = (d: ArrayBufferView, w: Width) =>
  `0x${(w === 'float32' ? new Uint32Array(d.buffer, d.byteOffset, 1)[0] : new BigUint64Array(d.buffer, d.byteOffset, 1)[0]).toString(16)}`;

async function ortRun(
  op: string,
  reduction: string,
  w: Width,
  a: Tensor,
  idx: Tensor,
  b: Tensor,
): Promise<string> {
  const model = buildModel({
    opType: op,
    opset: 18,
    inputTypes: [w, 'int64', w],
    outputType: w,
    attributes: { reduction },
  });
  const s = await ort.InferenceSession.create(model, { logSeverityLevel: 4, intraOpNumThreads: 1 });
  const out = (await s.run({ in0: toOrt(ort, a), in1: toOrt(ort, idx), in2: toOrt(ort, b) })).out;
  await s.release();
  return hex(out.data as ArrayBufferView, w);
}

describe('ONNX add/mul scatters keep the NaN onnxruntime keeps (issue 23)', () => {
  for (const w of ['float32', 'float64'] as const)
    for (const [x, y] of PAIRS[w])
      for (const reduction of ['add', 'mul'] as const) {
        const tag = `${w} ${reduction} data 0x${x.toString(16)} update 0x${y.toString(16)}`;
        it(`ScatterElements ${tag}`, async () => {
          const idx = tensor([0n], 'int64');
          const want = await ortRun('ScatterElements', reduction, w, fromBits(w, x), idx, fromBits(w, y));
          const got = onnx.ScatterElements(fromBits(w, x), idx, fromBits(w, y), { reduction });
          expect(hex(got.data, w)).toBe(want);
        });
        it(`ScatterND ${tag}`, async () => {
          const idx = tensor([[0n]], 'int64');
          const want = await ortRun('ScatterND', reduction, w, fromBits(w, x), idx, fromBits(w, y));
          const got = onnx.ScatterND(fromBits(w, x), idx, fromBits(w, y), { reduction });
          expect(hex(got.data, w)).toBe(want);
        });
      }
});

/** A [1, L] tensor of one 32- or 64-bit pattern. */
function rowOf(w: Width, L: number, bits: bigint): Tensor {
  if (w === 'float32')
    return new Tensor(w, [1, L], new Float32Array(new Uint32Array(L).fill(Number(bits)).buffer));
  return new Tensor(w, [1, L], new Float64Array(new BigUint64Array(L).fill(bits).buffer));
}

/** Every element's pattern, hex. */
const words = (d: ArrayBufferView, w: Width) =>
  Array.from(
    (w === 'float32'
      ? new Uint32Array(d.buffer, d.byteOffset, d.byteLength / 4)
      : new BigUint64Array(d.buffer, d.byteOffset, d.byteLength / 8)) as ArrayLike<number | bigint>,
    (b) => b.toString(16),
  );

describe("ONNX ScatterND add/mul by slice length: onnxruntime's NaN operand order by place", () => {
  // Both operands NaN everywhere: onnxruntime's loop over a slice returns the update's NaN in its
  // two-element steps (float32; float64 mul from L = 3) and the element's in its scalar rest.
  for (const w of ['float32', 'float64'] as const)
    for (const reduction of ['add', 'mul'] as const)
      it(`${w} ${reduction}: slices of 1 to 12 elements, bit for bit`, async () => {
        const [x, y] = PAIRS[w][0];
        const model = buildModel({
          opType: 'ScatterND',
          opset: 18,
          inputTypes: [w, 'int64', w],
          outputType: w,
          attributes: { reduction },
        });
        const s = await ort.InferenceSession.create(model, { logSeverityLevel: 4, intraOpNumThreads: 1 });
        const idx = tensor([[0n]], 'int64');
        for (let L = 1; L <= 12; L++) {
          const feeds = {
            in0: toOrt(ort, rowOf(w, L, x)),
            in1: toOrt(ort, idx),
            in2: toOrt(ort, rowOf(w, L, y)),
          };
          const want = words((await s.run(feeds)).out.data as ArrayBufferView, w);
          const got = onnx.ScatterND(rowOf(w, L, x), idx, rowOf(w, L, y), { reduction });
          expect(words(got.data, w), `L = ${L}`).toEqual(want);
        }
        await s.release();
      });
});
