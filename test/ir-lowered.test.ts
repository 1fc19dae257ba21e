/**
 * One IR: every lowered call is a program every surface reads. Here: lowering runs nothing; the
 * program of a call (`programOf`) and its spec-only form (`legalize`) compute exactly what
 * `execute` does, bit for bit, for every preset and for random policy-heavy calls; the lowerings
 * that used to compute on the side (alpha, cycled values, circular writes) now declare it.
 */
import { describe, expect, it } from 'vitest';
import { type CoreCall, execute, executeAll } from '../src/core/call.js';
import { clearPlanCache, planCacheStats } from '../src/core/plan-cache.js';
import { GatherScatterError } from '../src/errors.js';
import * as lib from '../src/index.js';
import { takeGather, takeScatter } from '../src/frameworks/families.js';
import { legalize } from '../src/ir/legalize.js';
import { type ProgramCall, programOf } from '../src/ir/lowered.js';
import { runModule } from '../src/ir/run.js';
import { singleOp } from '../src/ir/surface.js';
import { NotDifferentiableError, vjp } from '../src/autodiff/index.js';
import { OnnxExportError, onnxNode } from '../src/export/index.js';
import { TranslateError, translate, translateAll } from '../src/translate/index.js';
import { type Backend, cpuBackend, executeOn } from '../src/backends/index.js';
import { PRESETS } from '../src/tables/presets.js';
import { buildRegistry, lowerCall } from '../src/tables/registry.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { rng } from './reference/random-cases.js';
import { expectRule } from './helpers/errors.js';

const registry = buildRegistry(lib as unknown as Record<string, unknown>);
const entryOf = (op: string) => {
  const e = registry.find((r) => r.id === op);
  if (!e) throw new Error(`no registry entry ${op}`);
  return e;
};

/** The bytes of a tensor, for bit-for-bit comparison (NaN payloads and -0 included). */
const bits = (t: Tensor) => ({
  dtype: t.dtype,
  shape: [...t.shape],
  bytes: Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength).toString('hex'),
});

function lowerPreset(p: (typeof PRESETS)[number]): CoreCall | undefined {
  try {
    return lowerCall(lib as unknown as Record<string, unknown>, entryOf(p.op), p.args) as CoreCall;
  } catch (e) {
    if (e instanceof GatherScatterError && p.expectedError) return undefined;
    throw e;
  }
}

/** Runs a program's entry (optionally legalized first) and returns its first result. */
function runProgram(p: ProgramCall, legal: boolean): Tensor {
  const module = legal ? legalize(p.module).module : p.module;
  return runModule(module, p.args).results[0];
}

describe('lowering runs nothing', () => {
  it('lowering every preset leaves the plan cache untouched (no plan compiled, none looked up)', () => {
    clearPlanCache();
    const before = planCacheStats();
    let lowered = 0;
    for (const p of PRESETS) if (lowerPreset(p)) lowered++;
    expect(lowered).toBeGreaterThan(40);
    expect(planCacheStats()).toEqual(before);
  });
});

describe('the program of a call computes what execute does, bit for bit', () => {
  const cases = PRESETS.map((p) => [p.id, p] as const);
  it.each(cases)('%s: programOf and legalize(programOf) = execute', (_, p) => {
    const call = lowerPreset(p);
    if (!call) return; // a documented error: nothing to compare
    let expected: Tensor;
    try {
      expected = execute(call);
    } catch (e) {
      expect(e).toBeInstanceOf(GatherScatterError);
      return;
    }
    if (typeof (call.kind === 'scatter' && call.update_computation) === 'function') return;
    const program = programOf(call);
    expect(bits(runProgram(program, false))).toEqual(bits(expected));
    expect(bits(runProgram(program, true))).toEqual(bits(expected));
  });
});

describe('policies legalized into spec ops compute the policy (random calls)', () => {
  const seed = Number(process.env.SEED ?? Date.now() % 100000);
  it(`JAX fill/clip/from-end gathers and drop/clip/wrap scatters (seed ${seed})`, () => {
    const r = rng(seed);
    for (let n = 0; n < 200; n++) {
      const rows = r.int(1, 5);
      const cols = r.int(1, 4);
      const data = tensor(
        Array.from({ length: rows * cols }, (_, i) => i * 1.5 - 3),
        'float32',
        [rows, cols],
      );
      const idx = tensor(
        Array.from({ length: r.int(0, 6) }, () => r.int(-rows - 2, rows + 2)),
        r.pick(['int32', 'int64', 'int8'] as const),
      );
      const gmode = r.pick(['fill', 'clip', 'wrap', 'promise_in_bounds'] as const);
      const neg = r.pick(['from_end', 'out_of_bounds'] as const);
      const g = takeGather({ op: 'test.take' }, data, idx, 0, { mode: gmode, negative_indices: neg });
      const want = execute(g);
      expect(bits(runProgram(programOf(g), true)), `gather ${gmode} ${neg} ${idx}`).toEqual(bits(want));
      const smode = r.pick(['drop', 'clip', 'wrap', 'skip'] as const);
      const updates = tensor(
        Array.from({ length: idx.size * cols }, (_, i) => 100 + i),
        'float32',
        [idx.size, cols],
      );
      const reducer = r.pick(['add', 'replace', 'max'] as const);
      const s = takeScatter({ op: 'test.put' }, data, idx, updates, 0, reducer, {
        mode: smode,
        negative_indices: neg,
      });
      const swant = execute(s);
      expect(bits(runProgram(programOf(s), true)), `scatter ${smode} ${neg} ${reducer} ${idx}`).toEqual(
        bits(swant),
      );
    }
  });
});

describe('torch.scatter_reduce as a program: mean is two scatters and a divide, include_self a mark', () => {
  const seed = Number(process.env.SEED ?? Date.now() % 100000);
  it(`random calls, every reduction, both include_self, int32 / int64 / uint8 / float64 / float32 / float16 (seed ${seed})`, () => {
    const r = rng(seed);
    for (let n = 0; n < 300; n++) {
      const dtype = r.pick(['int32', 'int64', 'uint8', 'float64', 'float32', 'float16'] as const);
      const len = r.int(1, 6);
      const val = (): number | bigint => {
        if (dtype === 'int64') return BigInt(r.int(-9, 9));
        if (dtype === 'uint8') return r.int(0, 200);
        if (dtype === 'int32') return r.int(-9, 9);
        return r.pick([r.int(-9, 9), -0, 0.5, -2.5]);
      };
      const x = tensor(Array.from({ length: len }, val), dtype);
      const k = r.int(0, 6);
      const index = tensor(
        Array.from({ length: k }, () => BigInt(r.int(0, len - 1))),
        'int64',
      );
      const src = tensor(Array.from({ length: k }, val), dtype);
      const reduce = r.pick(['sum', 'prod', 'mean', 'amax', 'amin'] as const);
      const include_self = r.pick([true, false]);
      const call = lib.torch.lower.scatter_reduce(x, 0, index, src, reduce, { include_self });
      const want = execute(call);
      const got = runProgram(programOf(call), true);
      expect(bits(got), `${reduce} ${dtype} include_self=${include_self} x=${x} i=${index} s=${src}`).toEqual(
        bits(want),
      );
    }
  });
});

describe('a variadic stablehlo.scatter lowers like any other call', () => {
  it('stablehlo.lower.scatter takes arrays; its program returns every result', () => {
    const attrs = {
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
      index_vector_dim: 1,
    };
    const call = lib.stablehlo.lower.scatter(
      [tensor([1, 2, 3], 'float32'), tensor([10, 20, 30], 'int32')],
      tensor([[2], [0], [2]], 'int64'),
      [tensor([5, 6, 7], 'float32'), tensor([1, 2, 3], 'int32')],
      attrs,
      'add',
    );
    expect(call.inputs).toHaveLength(2);
    const want = executeAll(call).map(bits);
    expect(want.map((w) => w.dtype)).toEqual(['float32', 'int32']);
    const p = programOf(call);
    const got = runModule(legalize(p.module).module, p.args).results.map(bits);
    expect(got).toEqual(want);
    expect(executeAll(call)[0].toArray()).toEqual([7, 2, 15]);
  });
});

describe('what lowerings used to compute on the side is now part of the program', () => {
  it('torch.index_add alpha = 2 multiplies in the program: [5, 2, 3] (the issue’s case)', () => {
    const x = tensor([1, 2, 3], 'int64');
    const call = lib.torch.lower.index_add(x, 0, tensor([0], 'int64'), tensor([2], 'int64'), { alpha: 2 });
    expect(execute(call).toArray()).toEqual([5n, 2n, 3n]);
    const program = programOf(call);
    expect(program.module.funcs[0].ops.map((o) => o.kind)).toEqual([
      'constant',
      'broadcast_in_dim',
      'multiply',
      'scatter',
    ]);
    expect(runProgram(program, true).toArray()).toEqual([5n, 2n, 3n]);
    // the call holds the caller's source, not a pre-scaled copy
    expect(call.kind === 'scatter' && call.updates[0].toArray()).toEqual([2n]);
  });

  it('numpy.put cycles v through iota, remainder and a gather (NumPy’s doc example)', () => {
    const a = tensor([0, 1, 2, 3, 4, 5], 'int64');
    const call = lib.numpy.lower.put(a, [0, 2, 4, 5], [-1, -2]);
    expect(execute(call).toArray()).toEqual([-1n, 1n, -2n, 3n, -1n, -2n]);
    const kinds = programOf(call).module.funcs[0].ops.map((o) => o.kind);
    expect(kinds).toContain('iota');
    expect(kinds).toContain('remainder');
    expect(kinds.filter((k) => k === 'gather')).toHaveLength(1);
    expect(runProgram(programOf(call), true).toArray()).toEqual([-1n, 1n, -2n, 3n, -1n, -2n]);
  });

  it('onnx.TensorScatter circular computes its targets in the program (the doc example)', () => {
    const call = lib.onnx.lower.TensorScatter(
      tensor([[[0], [0], [0], [0]]], 'float32'),
      tensor([[[7], [8]]], 'float32'),
      tensor([3n], 'int64'),
      { mode: 'circular' },
    );
    expect(execute(call).toArray()).toEqual([[[8], [0], [0], [7]]]);
    expect(runProgram(programOf(call), true).toArray()).toEqual([[[8], [0], [0], [7]]]);
    // negative write indices wrap as Python's modulo
    const neg = lib.onnx.lower.TensorScatter(
      tensor([[[0], [0], [0]]], 'float32'),
      tensor([[[7]]], 'float32'),
      tensor([-1n], 'int64'),
      { mode: 'circular' },
    );
    expect(execute(neg).toArray()).toEqual([[[0], [0], [7]]]);
  });

  it('surfaces that read one op refuse a cycled put with a typed error naming the op (export.onnx.program)', () => {
    const call = lib.numpy.lower.put(tensor([0, 1, 2], 'int64'), [0, 1, 2], [9]);
    expect(() => singleOp(call, 'export.onnx.program')).toThrow(/export\.onnx\.program/);
    expect(() => singleOp(call, 'export.onnx.program')).toThrow(/^export\.onnx: numpy\.put lowers/);
  });

  it('each surface refuses a program (and a prologue it cannot read) with its own error class, so a caller catching that class catches the refusal (export.onnx.program, translate.program, translateAll.program, autodiff.program)', () => {
    // A program (numpy.take into another dtype) and a mask's nonzero step (torch.masked_select).
    const take = lib.numpy.lower.take(tensor([1.5, 2.5], 'float64'), [1], { out: tensor([0], 'int32') });
    const masked = lib.torch.lower.masked_select(
      tensor([1, 2, 3], 'float32'),
      tensor([true, false, true], 'bool'),
    );
    expect(take.kind).toBe('program');
    expectRule(() => onnxNode(take as never), 'export.onnx.program', OnnxExportError);
    expectRule(() => onnxNode(masked as never), 'export.onnx.program', OnnxExportError);
    expectRule(() => vjp(take), 'autodiff.program', NotDifferentiableError);
    for (const c of [take, masked]) {
      expectRule(() => translate(c, 'onnx'), 'translate.program', TranslateError);
      expectRule(() => translateAll(c as never), 'translateAll.program', TranslateError);
    }
  });

  it('executeOn runs a program on the CPU as execute does; a backend without runProgram refuses it (backend.program)', async () => {
    const take = () =>
      lib.numpy.lower.take(tensor([1.5, 2.5, -3.5], 'float64'), [2, 0], { out: tensor([0, 0], 'int32') });
    expect(take().kind).toBe('program');
    expect((await executeOn(take(), cpuBackend)).toArray()).toEqual(execute(take()).toArray());
    expect((await executeOn(take())).toArray()).toEqual([-3, 1]);
    const runsOneOp: Backend = { ...cpuBackend, runProgram: undefined };
    await expect(executeOn(take(), runsOneOp)).rejects.toMatchObject({ code: 'backend.program' });
  });
});

describe('NaN payload rules the spec text cannot carry are noted in it (legalize notes)', () => {
  const noteOf = (call: unknown) => legalize(programOf(call as CoreCall).module).notes.join('\n');
  it("NumPy float16 add.at and PyTorch index_add (the update's NaN first) are noted; float32 add.at is not", () => {
    const f16 = lib.numpy.lower.add.at(tensor([1, 2], 'float16'), [0], tensor([5], 'float16'));
    expect(noteOf(f16)).toContain(
      "numpy.add.at returns the update's NaN (quieted) when both operands are NaN; StableHLO leaves a NaN's payload to the implementation",
    );
    const ia = lib.torch.lower.index_add(tensor([1, 2], 'float32'), 0, tensor([0]), tensor([5], 'float32'));
    expect(noteOf(ia)).toContain("torch.index_add returns the update's NaN");
    // The default rule (the element's NaN first, x86's `a op b`) needs no note.
    const f32 = lib.numpy.lower.add.at(tensor([1, 2], 'float32'), [0], tensor([5], 'float32'));
    expect(noteOf(f32)).not.toContain('NaN');
    // Integer and replace scatters have no NaN.
    expect(
      noteOf(lib.torch.lower.index_add(tensor([1, 2], 'int32'), 0, tensor([0]), tensor([5], 'int32'))),
    ).not.toContain('NaN');
  });
});
