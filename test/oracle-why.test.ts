/**
 * why on a framework call that breaks several shape, attribute and dtype rules: every violation
 * listed (each one the call really has — checked by fixing all the others and seeing exactly that
 * code thrown), and what could not be evaluated stated. The CLI's exit codes.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { GatherScatterError } from '../src/errors.js';
import type { LoweredCall } from '../src/ir/lowered.js';
import { why } from '../src/oracle/why.js';
import { type CallArgs, buildRegistry, lowerCall } from '../src/tables/registry.js';
import { PRESETS } from '../src/tables/presets.js';
import { tensor } from '../src/tensor/tensor.js';
import type { DType } from '../src/tensor/dtype.js';

const { onnx, torch } = lib;
const lax = lib.jax.lower.lax;
const sdn = lib.jax.lax.ScatterDimensionNumbers({
  update_window_dims: [],
  inserted_window_dims: [0],
  scatter_dims_to_operand_dims: [0],
});

/** The code `lower` throws (it must throw one of this library's errors). */
function codeThrown(lower: () => unknown): string {
  try {
    lower();
  } catch (e) {
    if (e instanceof GatherScatterError) return e.code;
    throw e;
  }
  throw new Error('the call did not fail');
}

const data = tensor(
  [
    [1, 2],
    [3, 4],
  ],
  'float32',
);

describe('why lists every violated shape, attribute and dtype rule', () => {
  // GatherND: int64 indices only, and 0 <= batch_dims < rank(indices) = 2.
  const gatherND = (dtype: DType, batch_dims: number) => () =>
    onnx.lower.GatherND(data, tensor([[0, 1]], dtype), { batch_dims }, { opset: 13 });

  it('onnx.GatherND: a wrong index dtype AND batch_dims out of range → both codes, each real', () => {
    const w = why(gatherND('int32', 5));
    expect(w.violations.map((v) => v.code)).toEqual([
      'onnx.GatherND-13.indices_dtype',
      'onnx.GatherND-13.batch_dims',
    ]);
    expect(w.violations[0].message).toBe(
      'onnx.GatherND-13: indices must have dtype int64; got int32 (onnx.GatherND-13.indices_dtype)',
    );
    expect(w.violations[1].message).toBe(
      'onnx.GatherND-13: batch_dims must be < rank(indices) = 2; got 5 (onnx.GatherND-13.batch_dims)',
    );
    // Each is the call's own: fix the other one and exactly that code is thrown.
    expect(codeThrown(gatherND('int32', 0))).toBe('onnx.GatherND-13.indices_dtype');
    expect(codeThrown(gatherND('int64', 5))).toBe('onnx.GatherND-13.batch_dims');
    expect(why(gatherND('int64', 0))).toMatchObject({ ok: true, complete: true, violations: [] });
  });

  it('a dependent rule: batch_dims out of range ends the check (complete: false, with the reason)', () => {
    // index_depth (indices.shape[-1] <= rank(data) - batch_dims) is also broken with batch_dims = 5
    // read literally, but it reads batch_dims: it is not evaluated, and why says so.
    const w = why(() =>
      onnx.lower.GatherND(data, tensor([[0, 1, 0]], 'int32'), { batch_dims: 5 }, { opset: 13 }),
    );
    expect(w.violations.map((v) => v.code)).toEqual([
      'onnx.GatherND-13.indices_dtype',
      'onnx.GatherND-13.batch_dims',
    ]);
    expect(w).toMatchObject({
      ok: false,
      complete: false,
      notEvaluated:
        'the rules checked after onnx.GatherND-13.batch_dims: they may read what that rule makes meaningless',
    });
  });

  // torch.gather: dim in [-2, 1] for rank 2, and an int64 index.
  const gather =
    (dim: number, dtype: DType, index: number[][] | number[] = [[0, 1]]) =>
    () =>
      torch.lower.gather(data, dim, tensor(index, dtype));

  it('torch.gather: dim out of range AND a wrong index dtype → both codes, each real', () => {
    const w = why(gather(5, 'int32'));
    expect(w.violations.map((v) => v.code)).toEqual(['torch.gather.dim', 'torch.gather.index_dtype']);
    expect(w.violations[0].message).toBe(
      'torch.gather: Dimension out of range (expected to be in range of [-2, 1], but got 5) (torch.gather.dim)',
    );
    expect(codeThrown(gather(0, 'int32'))).toBe('torch.gather.index_dtype');
    expect(codeThrown(gather(5, 'int64'))).toBe('torch.gather.dim');
    // The rules that read dim (index_shape) were checked only against a stand-in: not complete.
    expect(w).toMatchObject({ complete: false });
    expect(w.notEvaluated).toContain('they may read dim, which that rule leaves without a meaning');
  });

  it('a failure found only with the stand-in dim is not reported, and the reason names it', () => {
    // A rank-1 index against a rank-2 input also breaks torch.gather.ndim, which does not read dim;
    // it is found after the stand-in, so it is stated as not evaluated rather than listed.
    const w = why(gather(5, 'int32', [0, 1]));
    expect(w.violations.map((v) => v.code)).toEqual(['torch.gather.dim', 'torch.gather.index_dtype']);
    expect(w.notEvaluated).toContain(
      'the next failure, torch.gather.ndim, was found with the stand-in dim = 0 and is not reported',
    );
  });

  it('only dtype rules broken: all listed; the index-value rules are stated as not evaluated', () => {
    const w = why(() =>
      onnx.lower.ScatterND(tensor([1, 2, 3], 'float32'), tensor([[0]], 'int32'), tensor([5], 'float64')),
    );
    expect(w.violations.map((v) => v.code)).toEqual([
      'onnx.ScatterND-18.indices_dtype',
      'onnx.ScatterND-18.updates_dtype',
    ]);
    expect(w.notEvaluated).toMatch(/^the index-value rules/);
    const f32 = (v: number[]) => tensor(v, 'float32');
    expect(codeThrown(() => onnx.lower.ScatterND(f32([1, 2, 3]), tensor([[0]], 'int32'), f32([5])))).toBe(
      'onnx.ScatterND-18.indices_dtype',
    );
    expect(
      codeThrown(() => onnx.lower.ScatterND(f32([1, 2, 3]), tensor([[0]], 'int64'), tensor([5], 'float64'))),
    ).toBe('onnx.ScatterND-18.updates_dtype');
  });

  // Other frontends: each case lists its codes, and for each code the call with every other
  // violation fixed (which must throw exactly that code).
  const b = (v: boolean[]) => tensor(v, 'bool');
  const f32 = (v: number[]) => tensor(v, 'float32');
  const idx = (v: number[][] | number[], dtype: DType) => tensor(v, dtype);
  const cases: [string, () => unknown, [string, () => unknown][]][] = [
    [
      'tensorflow.tensor_scatter_nd_add: bool tensor, float indices, int32 updates',
      () => lib.tf.lower.tensor_scatter_nd_add(b([true, false]), idx([[0]], 'float32'), tensor([1], 'int32')),
      [
        [
          'tensorflow.tensor_scatter_nd_add.tensor_dtype',
          () => lib.tf.lower.tensor_scatter_nd_add(b([true, false]), idx([[0]], 'int32'), b([true])),
        ],
        [
          'tensorflow.tensor_scatter_nd_add.updates_dtype',
          () => lib.tf.lower.tensor_scatter_nd_add(f32([1, 2]), idx([[0]], 'int32'), tensor([1], 'int32')),
        ],
        [
          'tensorflow.tensor_scatter_nd_add.indices_dtype',
          () => lib.tf.lower.tensor_scatter_nd_add(f32([1, 2]), idx([[0]], 'float32'), f32([1])),
        ],
      ],
    ],
    [
      // PyTorch 1.13's order (test/torch-check-order-scatter): the index dtype, then src's.
      'torch.scatter_add: index dtype and src dtype',
      () => torch.lower.scatter_add(f32([1, 2]), 0, idx([0], 'int32'), tensor([1], 'float64')),
      [
        [
          'torch.scatter_add.index_dtype',
          () => torch.lower.scatter_add(f32([1, 2]), 0, idx([0], 'int32'), f32([1])),
        ],
        [
          'torch.scatter_add.src_dtype',
          () => torch.lower.scatter_add(f32([1, 2]), 0, idx([0], 'int64'), tensor([1], 'float64')),
        ],
      ],
    ],
    [
      'webnn.scatterElements: indices and updates data types, then an axis past the rank',
      () =>
        lib.webnn.lower.scatterElements(f32([1, 2]), idx([0], 'float32'), tensor([1], 'int32'), { axis: 3 }),
      [
        [
          'webnn.scatterElements.indices_dataType',
          () => lib.webnn.lower.scatterElements(f32([1, 2]), idx([0], 'float32'), f32([1]), { axis: 0 }),
        ],
        [
          'webnn.scatterElements.updates_dataType',
          () =>
            lib.webnn.lower.scatterElements(f32([1, 2]), idx([0], 'int32'), tensor([1], 'int32'), {
              axis: 0,
            }),
        ],
        [
          'webnn.scatterElements.axis',
          () => lib.webnn.lower.scatterElements(f32([1, 2]), idx([0], 'int32'), f32([1]), { axis: 3 }),
        ],
      ],
    ],
    [
      'webnn.gather: bool indices break two checks of one rule code: listed once',
      () => lib.webnn.lower.gather(f32([1, 2]), b([false])),
      [['webnn.gather.indices_dataType', () => lib.webnn.lower.gather(f32([1, 2]), b([false]))]],
    ],
    [
      'onnx.ScatterElements: float indices, then an unknown reduction (its default stands in)',
      () =>
        onnx.lower.ScatterElements(f32([1, 2]), idx([0], 'float32'), f32([1]), {
          reduction: 'nope' as never,
        }),
      [
        [
          'onnx.ScatterElements-18.indices_dtype',
          () => onnx.lower.ScatterElements(f32([1, 2]), idx([0], 'float32'), f32([1])),
        ],
        [
          'onnx.ScatterElements-18.reduction',
          () =>
            onnx.lower.ScatterElements(f32([1, 2]), idx([0], 'int64'), f32([1]), {
              reduction: 'nope' as never,
            }),
        ],
      ],
    ],
    [
      'jax.lax.scatter_add: float indices; a bool operand and updates of another dtype (one rule code: listed once)',
      () => lax.scatter_add(b([true, false]), idx([[0]], 'float32'), f32([1]), sdn),
      // JAX's order: lax.add refuses bool before the primitive binds, its dtype rule then reads the indices.
      [
        [
          'jax.lax.scatter_add.dtype',
          () => lax.scatter_add(f32([1, 2]), idx([[0]], 'int32'), tensor([1], 'int32'), sdn),
        ],
        [
          'jax.lax.scatter_add.index_dtype',
          () => lax.scatter_add(f32([1, 2]), idx([[0]], 'float32'), f32([1]), sdn),
        ],
      ],
    ],
  ];
  it.each(cases)('%s', (_what, call, expected) => {
    const w = why(call as () => LoweredCall);
    expect(w.violations.map((v) => v.code)).toEqual(expected.map(([code]) => code));
    for (const [code, fixed] of expected) expect(codeThrown(fixed)).toBe(code);
    expect(w.complete).toBe(false);
  });

  it('a valid call: ok, complete, nothing listed', () => {
    expect(why(gather(1, 'int64'))).toEqual({ op: 'torch.gather', ok: true, violations: [], complete: true });
  });
});

describe('collect mode never changes the first violation, and lists only real ones', () => {
  const ns = lib as unknown as Record<string, unknown>;
  const entries = buildRegistry(ns);
  const DATA: (DType | undefined)[] = [undefined, 'bool', 'complex64', 'int8', 'uint64'];
  const INDEX: (DType | undefined)[] = [undefined, 'bool', 'uint64', 'float32', 'int16'];
  /** Which of `keys` (the changes made to a preset) to undo, every subset. */
  const subsets = <T>(keys: readonly T[]): T[][] => {
    const out: T[][] = [[]];
    for (const k of keys) for (const s of out.slice()) out.push([...s, k]);
    return out;
  };
  // Every preset, its data and index dtypes made wrong in every combination, with its attributes
  // as given, its integer ones pushed out of range, or its string and boolean ones misspelt: the
  // first violation why lists is the error the call throws, why never fails with anything but a
  // list, and each violation listed is thrown exactly by the call with some of the other changes
  // undone (a real violation, not an artefact).
  it.each(PRESETS.map((p) => [p.id, p] as const))('%s', (_id, p) => {
    const entry = entries.find((e) => e.id === p.op);
    if (entry === undefined) throw new Error(`no registry entry ${p.op}`);
    const bumped = Object.fromEntries(
      Object.entries(p.args.attrs ?? {}).map(([k, v]) => [k, typeof v === 'number' ? -99 : v]),
    );
    // Enums and flags given a value no framework accepts.
    const misspelt = Object.fromEntries(
      Object.entries(p.args.attrs ?? {}).map(([k, v]) => [
        k,
        typeof v === 'string' || typeof v === 'boolean' ? 'nope' : v,
      ]),
    );
    const lowerOf = (args: CallArgs) => () => lowerCall(ns, entry, args) as LoweredCall;
    for (const dataDType of DATA)
      for (const indexDType of INDEX)
        for (const attrs of [p.args.attrs, bumped, misspelt]) {
          const changes = {
            dataDType: dataDType ?? p.args.dataDType,
            indexDType: indexDType ?? p.args.indexDType,
            attrs,
          };
          const lower = lowerOf({ ...p.args, ...changes });
          let first: string | undefined;
          try {
            lower();
          } catch (e) {
            if (!(e instanceof GatherScatterError)) throw e;
            first = e.code;
          }
          const w = why(lower);
          if (first !== undefined) expect(w.violations[0]?.code).toBe(first);
          if (w.violations.length < 2) continue;
          expect(w.complete).toBe(false);
          const undos = subsets(Object.keys(changes) as (keyof typeof changes)[]);
          for (const { code } of w.violations) {
            const real = undos.some((undo) => {
              const args = { ...p.args, ...changes, ...Object.fromEntries(undo.map((k) => [k, p.args[k]])) };
              try {
                lowerOf(args)();
              } catch (e) {
                if (!(e instanceof GatherScatterError)) throw e;
                return e.code === code;
              }
              return false;
            });
            expect(real, `${p.id} ${JSON.stringify(changes)}: ${code}`).toBe(true);
          }
        }
  });
});

describe('tgs why (the built bin)', () => {
  const BIN = 'dist/cli/main.js';
  const run = (...args: string[]) => spawnSync(process.execPath, [BIN, 'why', ...args], { encoding: 'utf8' });

  it('exit 1 listing each code; exit 0 for a valid call; exit 2 on a usage error', () => {
    const bad = run(
      'torch.gather',
      '--data',
      '[[1,2],[3,4]]',
      '--indices',
      '[[0,1]]',
      '--index-dtype',
      'int32',
      '--attr',
      'dim=5',
    );
    expect(bad.status).toBe(1);
    // The example in docs/conformance.md, verbatim.
    expect(bad.stdout).toBe(
      [
        'torch.gather: 2 violations',
        '  torch.gather.dim: torch.gather: Dimension out of range (expected to be in range of [-2, 1], but got 5) (torch.gather.dim)',
        '  torch.gather.index_dtype: torch.gather: expected index dtype int64; got int32 (torch.gather.index_dtype)',
        '  not evaluated: the rules checked after torch.gather.dim, except argument-level dtype rules: they may read dim, which that rule leaves without a meaning',
        '',
      ].join('\n'),
    );
    const ok = run('torch.gather', '--data', '[[1,2],[3,4]]', '--indices', '[[0,1]]', '--attr', 'dim=1');
    expect([ok.status, ok.stdout]).toEqual([0, 'torch.gather: the call is valid\n']);
    expect(run('onnx.Nope', '--indices', '[0]').status).toBe(2);
    expect(run().status).toBe(2);
  });
});
