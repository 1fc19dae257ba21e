/**
 * A gradient test per op per framework: every registered op of every framework, lowered from its
 * baseline call (`probeArgs(entry, [1, 0])`, float64 data), gets a central finite-difference check
 * of vjp and jvp in float64. Ops that cannot take float64 data, or are not differentiable in it,
 * are listed with the reason (and the list is asserted). Cotangents come back in the shape of the
 * caller's own argument where the call carries it.
 */
import { describe, expect, it } from 'vitest';
import { argumentNames, argumentShapes, jvp, vjp } from '../src/autodiff/index.js';
import { type CoreCall, execute } from '../src/core/call.js';
import { GatherScatterError } from '../src/errors.js';
import * as lib from '../src/index.js';
import { probeArgs } from '../src/tables/probes.js';
import { type CallArgs, type OpEntry, buildRegistry, lowerCall } from '../src/tables/registry.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { rng } from './reference/random-cases.js';

type R = ReturnType<typeof rng>;
const NS = lib as unknown as Record<string, unknown>;
const registry = buildRegistry(NS);
const flat = (t: Tensor) => t.toFlatArray().map(Number);
const dot = (a: Tensor, b: Tensor) => {
  const x = flat(a);
  const y = flat(b);
  expect(x.length).toBe(y.length);
  return x.reduce((s, v, i) => s + v * y[i], 0);
};
const randomLike = (r: R, shape: readonly number[]) =>
  tensor(
    Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => r.next() * 4 - 2),
    'float64',
    [...shape],
  );

/** The call with distinct float64 values in its differentiable tensors (no ties). */
function randomized(r: R, call: CoreCall): CoreCall {
  const { out: _o, ...bare } = call;
  const x = bare.kind === 'gather' ? bare.operand : bare.inputs[0];
  const xs = tensor(r.shuffle(Array.from({ length: x.size }, (_, i) => (i + 1) * 0.37 - 3)), 'float64', [
    ...x.shape,
  ]);
  if (bare.kind === 'gather')
    return {
      ...bare,
      operand: xs,
      options: { ...bare.options, fill_value: bare.options.mode === 'fill' ? 0 : bare.options.fill_value },
    };
  const u = bare.updates[0];
  const us = tensor(r.shuffle(Array.from({ length: u.size }, (_, i) => (i + 1) * 0.53 - 2.1)), 'float64', [
    ...u.shape,
  ]);
  return { ...bare, inputs: [xs], updates: [us] };
}

/** <ȳ, (f(x + hẋ, u + hu̇) - f(x - hẋ, u - hu̇)) / 2h> = <vjp(ȳ), (ẋ, u̇)> = <ȳ, jvp(ẋ, u̇)>. */
function checkCall(
  r: R,
  call: CoreCall,
  argShapes: { data?: readonly number[]; updates?: readonly number[] },
) {
  const names = argumentNames(call);
  const shapes = argumentShapes(call);
  const v = vjp(call);
  const cot = randomLike(r, v.value.shape);
  const back = v.backward(cot);
  // cotangents in the caller's argument shapes (where the call carries them)
  if (names.operand !== null) expect(back[names.operand].shape).toEqual([...shapes.operand]);
  if (names.updates !== null && shapes.updates)
    expect(back[names.updates].shape).toEqual([...shapes.updates]);
  const x = call.kind === 'gather' ? call.operand : call.inputs[0];
  const u = call.kind === 'scatter' ? call.updates[0] : undefined;
  const dx =
    names.operand === null
      ? tensor(new Array(x.size).fill(0), 'float64', [...x.shape])
      : randomLike(r, x.shape);
  const du = u && names.updates !== null ? randomLike(r, u.shape) : undefined;
  const h = 1e-4;
  const shifted = (s: number): Tensor => {
    const xs = tensor(
      flat(x).map((a, i) => a + s * h * flat(dx)[i]),
      'float64',
      [...x.shape],
    );
    const { out: _o, ...bare } = call;
    if (bare.kind === 'gather') return execute({ ...bare, operand: xs });
    const us =
      du && u
        ? tensor(
            flat(u).map((a, i) => a + s * h * flat(du)[i]),
            'float64',
            [...u.shape],
          )
        : bare.updates[0];
    return execute({ ...bare, inputs: [xs], updates: [us] });
  };
  const fd = (dot(cot, shifted(1)) - dot(cot, shifted(-1))) / (2 * h);
  let viaVjp = 0;
  const tangents: Record<string, Tensor> = {};
  if (names.operand !== null) {
    viaVjp += dot(back[names.operand], dx);
    tangents[names.operand] = dx.reshape(shapes.operand);
  }
  if (du && names.updates !== null) {
    viaVjp += dot(back[names.updates], du);
    tangents[names.updates] = du.reshape(shapes.updates ?? du.shape);
  }
  const viaJvp = dot(cot, jvp(call, tangents).tangent);
  const tol = 1e-6 * (1 + Math.abs(fd));
  expect(Math.abs(viaVjp - fd), `${call.op}: vjp ${viaVjp} vs finite difference ${fd}`).toBeLessThan(tol);
  expect(Math.abs(viaJvp - viaVjp), `${call.op}: jvp ${viaJvp} vs vjp ${viaVjp}`).toBeLessThan(tol);
  // the argument shapes the frontend was given
  return { data: argShapes.data, operand: shapes.operand };
}

function baselineArgs(entry: OpEntry, dataDType: 'float64' | 'float32' = 'float64'): CallArgs {
  const sig = entry.signature;
  if (entry.id === 'onnx.TensorScatter')
    // a KV-cache [batch 2, max_seq 4, 3]: write 2 positions at 1 and 3 (circular wraps the second)
    return {
      data: Array.from({ length: 2 }, () => Array.from({ length: 4 }, () => [0, 0, 0])),
      indices: [1, 3],
      updates: Array.from({ length: 2 }, () => Array.from({ length: 2 }, () => [1, 2, 3])),
      attrs: { axis: 1, mode: 'circular' },
      dataDType,
      indexDType: 'int64',
    };
  // boolean-mask ops (masked_select, masked_scatter, tf.boolean_mask): a 3×3 mask over 3×3 data
  if (sig.indexDType === 'bool')
    return {
      data: [
        [1, 2, 3],
        [4, 5, 6],
        [7, 8, 9],
      ],
      indices: [
        [true, false, true],
        [false, true, false],
        [true, true, false],
      ],
      ...(sig.kind === 'scatter' ? { updates: [1, 2, 3, 4, 5, 6, 7] } : {}),
      dataDType,
      indexDType: 'bool',
    };
  // batch_take: one index per row (out[i] = a[i, indices[i]])
  const rows = sig.family === 'batch_take' && entry.framework === 'mxnet' ? [1, 0, 2] : [1, 0];
  return probeArgs(entry, rows, { dataDType, ...(sig.indexDType ? { indexDType: sig.indexDType } : {}) });
}

/** Frameworks without float64 tensors: lowered in float32, checked in float64 on the core call. */
const NO_FLOAT64 = ['webnn'];

/**
 * Ops stated not differentiable in their data, or without a float64 baseline: op → reason.
 * (Checked: each fails for exactly this reason; every other op passes the check.)
 */
const NOT_CHECKED: Record<string, RegExp> = {};

/** Ops whose core operand is a reshape of the caller's data (a flat op): the call must carry operand_shape. */
const FLATTENED: string[] = [];
/** Ops whose core updates are a reshape of the caller's: the call must carry updates_shape. */
const RESHAPED_UPDATES: string[] = [];

describe('finite differences (float64) for every registered op of every framework', () => {
  const frameworks = new Set<string>();
  const checked: string[] = [];
  for (const entry of registry) {
    if (entry.state !== 'ready') continue;
    it(entry.id, () => {
      const args = baselineArgs(entry);
      let call: CoreCall;
      try {
        try {
          call = lowerCall(NS, entry, args);
        } catch (e) {
          // no float64 in the framework (WebNN's MLOperandDataType): its float32 call, checked in float64
          if (!NO_FLOAT64.includes(entry.framework)) throw e;
          expect((e as GatherScatterError).code).toMatch(/dataType|dtype/);
          call = lowerCall(NS, entry, baselineArgs(entry, 'float32'));
        }
      } catch (e) {
        const reason = NOT_CHECKED[entry.id];
        expect(reason, `${entry.id}: ${(e as Error).message}`).toBeDefined();
        expect((e as Error).message).toMatch(reason as RegExp);
        return;
      }
      expect(NOT_CHECKED[entry.id], `${entry.id} lowers now: take it off the list`).toBeUndefined();
      const r = rng(entry.id.length * 7919 + entry.id.charCodeAt(entry.id.length - 1));
      for (let n = 0; n < 3; n++) {
        const s = checkCall(r, randomized(r, call), {
          data: args.data === undefined ? undefined : tensor(args.data).shape,
        });
        if (s.data && s.data.join() !== s.operand.join() && !FLATTENED.includes(entry.id))
          FLATTENED.push(entry.id);
        const u = call.kind === 'scatter' ? argumentShapes(call).updates : undefined;
        const given = args.updates === undefined ? undefined : tensor(args.updates).shape;
        if (given && u && given.join() !== u.join() && !RESHAPED_UPDATES.includes(entry.id))
          RESHAPED_UPDATES.push(entry.id);
      }
      checked.push(entry.id);
      frameworks.add(entry.framework);
    });
  }
  it('covers every framework (webnn, caffe2, mlir included) and ≥ 60 ops', () => {
    expect([...frameworks].sort()).toEqual([...lib.FRAMEWORKS].sort());
    expect(checked.length).toBeGreaterThanOrEqual(60);
  });
  it("every cotangent comes back in its argument's own shape (calls carry operand_shape / updates_shape)", () => {
    // flat gathers (torch.take, np.take without axis) carry operand_shape; MLIR's rank-preserving
    // source carries updates_shape.
    expect(FLATTENED).toEqual([]);
    expect(RESHAPED_UPDATES).toEqual([]);
  });
});

describe('not differentiable in their data', () => {
  const x = tensor([1, 2, 3], 'int32');
  for (const [op, call] of [
    ['numpy.take (int32)', () => lib.numpy.lower.take(x, tensor([0, 2], 'int64'))],
    ['torch.gather (int32)', () => lib.torch.lower.gather(x, 0, tensor([0n], 'int64'))],
    [
      'torch.scatter_add (int32)',
      () => lib.torch.lower.scatter_add(x, 0, tensor([0n], 'int64'), tensor([5], 'int32')),
    ],
    ['onnx.Gather (bool)', () => lib.onnx.lower.Gather(tensor([true, false]), tensor([0n], 'int64'))],
  ] as const) {
    it(`${op}: autodiff.dtype`, () => {
      expect(() => vjp(call())).toThrow(expect.objectContaining({ code: 'autodiff.dtype' }));
      expect(() => vjp(call())).toThrow(GatherScatterError);
    });
  }
});

describe('cotangents in the argument’s original shape', () => {
  it('a flat scatter (np.put): the input cotangent has the input’s shape', () => {
    const call = lib.numpy.lower.put(
      tensor(
        [
          [1, 2],
          [3, 4],
        ],
        'float64',
      ),
      tensor([3, 0], 'int64'),
      tensor([7, 8], 'float64'),
    );
    const back = vjp(call).backward(
      tensor(
        [
          [1, 2],
          [3, 4],
        ],
        'float64',
      ),
    );
    expect(back.a.toArray()).toEqual([
      [0, 2],
      [3, 0],
    ]);
    expect(back.values.toArray()).toEqual([4, 1]);
  });
  it('a call carrying operand_shape / updates_shape gets cotangents and takes tangents in those shapes', () => {
    const x = tensor([0, 1, 2, 3, 4, 5], 'float64');
    const base = lib.torch.lower.take(x, tensor([5n, 1n], 'int64'));
    const call = { ...base, operand_shape: [2, 3] } as CoreCall;
    const back = vjp(call).backward(tensor([10, 20], 'float64'));
    expect(back.input.toArray()).toEqual([
      [0, 20, 0],
      [0, 0, 10],
    ]);
    const t = jvp(call, {
      input: tensor(
        [
          [1, 2, 3],
          [4, 5, 6],
        ],
        'float64',
      ),
    });
    expect(t.tangent.toArray()).toEqual([6, 2]);
    const s = lib.stablehlo.lower.scatter(
      tensor([0, 0, 0], 'float64'),
      tensor([[2], [0]], 'int32'),
      tensor([1, 2], 'float64'),
      {
        update_window_dims: [],
        inserted_window_dims: [0],
        scatter_dims_to_operand_dims: [0],
        index_vector_dim: 1,
      },
      'add',
    );
    const sb = vjp({ ...s, updates_shape: [2, 1] } as CoreCall).backward(tensor([5, 6, 7], 'float64'));
    expect(sb.updates.toArray()).toEqual([[7], [5]]);
  });
});
