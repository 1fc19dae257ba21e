/**
 * One named negative test per rule of the core, autodiff, backends and ONNX export that had
 * none (src/core/check-call.ts, scatter.ts, gather.ts, src/autodiff/*,
 * src/backends/index.ts, src/export/onnx.ts), each reached through the public API (`core`,
 * `autodiff`, `backends`, `export` entry points): the error class, the exact code and the
 * message's key part, beside the valid call.
 * (Rows no input reaches — a self-consistency check of the duplicate detector, a label the
 * static scan reads as a code, a switch default behind checkCall — are not named here.)
 */
import { describe, expect, it } from 'vitest';
import {
  core,
  type GatherScatterError,
  InvalidArgumentError,
  jax,
  stablehlo,
  tensor,
  torch,
} from '../src/index.js';
import { NotDifferentiableError, jvp, vjp } from '../src/autodiff/index.js';
import { type Backend, cpuBackend, executeAllOn, getBackend, setBackend } from '../src/backends/index.js';
import { OnnxExportError, toOnnx } from '../src/export/index.js';
import { expectRule } from './helpers/errors.js';

type Call = core.CoreCall;
const f32 = (v: number[][]) => tensor(v, 'float32');
const data = () =>
  f32([
    [1, 2, 3],
    [4, 5, 6],
  ]);
const idx = () =>
  tensor(
    [
      [0n, 2n],
      [1n, 0n],
    ],
    'int64',
  );
const gatherCall = () => torch.lower.gather(data(), 1, idx()) as Call;
const scatterCall = () =>
  torch.lower.scatter_add(
    data(),
    1,
    idx(),
    f32([
      [1, 1],
      [1, 1],
    ]),
  ) as Call;
/** A variadic stablehlo.scatter: three inputs updated together by add. */
const variadic = () => {
  const f = () => tensor([2, 4, 8], 'float32');
  const dn = {
    update_window_dims: [],
    inserted_window_dims: [0],
    scatter_dims_to_operand_dims: [0],
    index_vector_dim: 1,
  };
  const ups = [0, 1, 2].map(() => tensor([2], 'float32'));
  return stablehlo.lower.scatter([f(), f(), f()], tensor([[1]], 'int32'), ups, dn, 'add');
};
/** jax's x.at[i].divide(v) on a complex x: a program call (a scatter and a divide). */
const program = () =>
  jax.lower
    .at(
      tensor(
        [
          { re: 2, im: 0 },
          { re: 4, im: 0 },
        ],
        'complex64',
      ),
      tensor([1], 'int32'),
    )
    .divide(tensor([{ re: 2, im: 0 }], 'complex64')) as unknown as Call;

/** A backend with `run` only (no `runAll`): the host's result for single-input calls. */
const runOnly: Backend = {
  name: 'run-only',
  run: (call) => cpuBackend.run(call),
};

describe('core.execute: one named test per field rule of a lowered call', () => {
  it('the base calls run', () => {
    expect(core.execute(gatherCall()).toArray()).toEqual([
      [1, 3],
      [5, 4],
    ]);
    expect(core.execute(scatterCall()).toArray()).toEqual([
      [2, 2, 4],
      [5, 6, 6],
    ]);
    expect(core.execute(program()).toArray()).toEqual([
      { re: 2, im: 0 },
      { re: 2, im: 0 },
    ]);
  });

  it('call.index_rank: an index_rank that is not an integer in [0, MAX_RANK]', () => {
    const e = expectRule(() => core.execute({ ...gatherCall(), index_rank: -1 }), 'call.index_rank');
    expect(e.message).toMatch(
      /^execute: call\.index_rank must be an integer in \[0, \d+\]; got -1 \(call\.index_rank\)$/,
    );
  });

  it('call.wording: a wording that is not a function', () => {
    const e = expectRule(() => core.execute({ ...gatherCall(), wording: 'plain' } as never), 'call.wording');
    expect(e.message).toBe('execute: call.wording must be a function; got "plain" (call.wording)');
  });

  it('call.updates_scale: an updates_scale that is not finite', () => {
    const e = expectRule(
      () => core.execute({ ...scatterCall(), updates_scale: Number.NaN }),
      'call.updates_scale',
    );
    expect(e.message).toBe(
      'execute: call.updates_scale must be a finite number; got NaN (call.updates_scale)',
    );
  });

  it('call.argNames: a program call whose argNames do not match its args', () => {
    const p = program() as unknown as { argNames: string[] };
    expect(p.argNames).toEqual(['x', 'indices', 'values']);
    const e = expectRule(() => core.execute({ ...p, argNames: ['x', 'indices'] } as never), 'call.argNames');
    expect(e.message).toBe(
      'execute: call.argNames must be one string per call.args entry; got ["x", "indices"] (call.argNames)',
    );
  });
});

describe('core plans and scatter options: the `<op>.` rules of the shared checks', () => {
  const G = {
    offset_dims: [],
    collapsed_slice_dims: [0],
    start_index_map: [0],
    index_vector_dim: 1,
    slice_sizes: [1],
  };
  const x3 = () => tensor([10, 11, 12], 'int32');
  const i2 = () => tensor([[2], [0]], 'int32');

  it('stablehlo.gather.plan_mismatch: a compiled plan run on an operand of another shape', () => {
    const plan = core.compileGather([3], 'int32', [2, 1], 'int32', G);
    expect(plan.run(x3(), i2()).toArray()).toEqual([12, 10]);
    const e = expectRule(
      () => plan.run(tensor([10, 11, 12, 13], 'int32'), i2()),
      'stablehlo.gather.plan_mismatch',
    );
    expect(e.message).toBe(
      'stablehlo.gather: plan compiled for operand int32[3]; got int32[4] (stablehlo.gather.plan_mismatch)',
    );
  });

  it('stablehlo.scatter.float_minmax: a float_minmax rule that is not one of the names', () => {
    const S = {
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
      index_vector_dim: 1,
    };
    const run = (float_minmax: string) =>
      core.scatter(tensor([1, 2, 3], 'float32'), i2(), tensor([5, 0], 'float32'), S, 'max', {
        float_minmax,
      } as never);
    expect(run('ieee')[0].toArray()).toEqual([1, 2, 5]);
    const e = expectRule(() => run('largest'), 'stablehlo.scatter.float_minmax');
    expect(e.message).toMatch(
      /^stablehlo\.scatter: float_minmax must be one of "ieee", .*; got "largest" \(stablehlo\.scatter\.float_minmax\)$/,
    );
  });
});

describe('autodiff: one named test per rule', () => {
  it('autodiff.op: vjp told another op than the call is', () => {
    expect(
      Object.keys(
        vjp(scatterCall(), 'torch.scatter_add').backward(
          f32([
            [1, 1, 1],
            [1, 1, 1],
          ]),
        ),
      ),
    ).toEqual(['input', 'src']);
    const e = expectRule(() => vjp(scatterCall(), 'torch.gather'), 'autodiff.op');
    expect(e.message).toBe('vjp: the call is torch.scatter_add, not "torch.gather" (autodiff.op)');
  });

  it('autodiff.variadic: vjp of a variadic scatter', () => {
    const call = variadic();
    expect(call.inputs).toHaveLength(3);
    // Refused by vjp itself, as by jvp: no value with a pullback that could only throw.
    const e = expectRule(() => vjp(call), 'autodiff.variadic', NotDifferentiableError);
    expect(e.message).toBe(
      'stablehlo.scatter: variadic scatters have no gradient rule here (autodiff.variadic)',
    );
    expectRule(() => jvp(call, {}), 'autodiff.variadic', NotDifferentiableError);
  });
});

describe('backends: one named test per rule', () => {
  it('backend.invalid: setBackend of something without run()', () => {
    const e = expectRule(() => setBackend({ name: 'x' } as never), 'backend.invalid');
    expect(e.message).toBe('setBackend: expected a Backend; got [object Object] (backend.invalid)');
    expect(getBackend()).toBe(cpuBackend);
  });

  it('backend.call: executeAllOn of a gather call on a non-CPU backend', async () => {
    const e = await executeAllOn(gatherCall() as core.ScatterCall, runOnly).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect((e as GatherScatterError).code).toBe('backend.call');
    expect((e as Error).message).toMatch(
      /^executeAllOn: expected a lowered scatter call; got .* \(backend\.call\)$/,
    );
  });

  it('backend.variadic: executeAllOn of a variadic scatter on a backend without runAll', async () => {
    const single = await executeAllOn(scatterCall() as core.ScatterCall, runOnly);
    expect(single.map((t) => t.toArray())).toEqual([
      [
        [2, 2, 4],
        [5, 6, 6],
      ],
    ]);
    const e = await executeAllOn(variadic(), runOnly).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect((e as GatherScatterError).code).toBe('backend.variadic');
    expect((e as Error).message).toBe(
      'executeAllOn: backend run-only runs single-input scatters only; got 3 inputs (backend.variadic)',
    );
  });
});

describe('ONNX export: one named test per rule', () => {
  it('export.onnx.variadic: a variadic scatter has no ONNX graph', () => {
    expect(toOnnx(scatterCall()).byteLength).toBeGreaterThan(0);
    const e = expectRule(() => toOnnx(variadic()), 'export.onnx.variadic', OnnxExportError);
    expect(e.message).toBe('toOnnx: stablehlo.scatter: ONNX scatters take one input (export.onnx.variadic)');
  });
});
