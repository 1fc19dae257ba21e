/**
 * One path: for every registered op and every documented preset (error cases included), the
 * framework function, the lowered call run by `execute`, and the CLI's `run` give the same
 * result bit for bit — or the same error code. Plus the surface disagreements the one-path
 * issue measured, each as a named test.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { program } from '../src/cli/main.js';
import { execute } from '../src/core/call.js';
import { clearPlanCache, planCacheStats } from '../src/core/plan-cache.js';
import * as lib from '../src/index.js';
import { GatherScatterError, type Tensor, tensor } from '../src/index.js';
import { readNpy } from '../src/interop/npy.js';
import { PRESETS } from '../src/tables/presets.js';
import { type CallArgs, buildRegistry, lowerCall, runCall, toTensor } from '../src/tables/registry.js';

const ns = lib as unknown as Record<string, unknown>;
const registry = buildRegistry(ns);
const dir = mkdtempSync(join(tmpdir(), 'one-path-'));

type Outcome = { tensor: Tensor } | { code: string };

function outcome(f: () => Tensor): Outcome {
  try {
    return { tensor: f() };
  } catch (e) {
    if (e instanceof GatherScatterError) return { code: e.code };
    throw e;
  }
}

/** dtype, shape and the exact bytes. */
function bits(t: Tensor): { dtype: string; shape: readonly number[]; bytes: number[] } {
  const d = t.data;
  return {
    dtype: t.dtype,
    shape: t.shape,
    bytes: Array.from(new Uint8Array(d.buffer, d.byteOffset, d.byteLength)),
  };
}

const same = (o: Outcome) => ('tensor' in o ? bits(o.tensor) : o);

/** The CLI arguments of a preset call, or null when a value has no JSON spelling. */
function cliArgs(op: string, args: CallArgs, output: string): string[] | null {
  const json = (v: unknown): string | null => {
    try {
      const s = JSON.stringify(v);
      return s === undefined || /NaN|Infinity/.test(String(v)) ? null : s;
    } catch {
      return null; // bigint
    }
  };
  const out = ['run', op, '-q', '-o', output];
  const push = (flag: string, v: unknown) => {
    const s = json(v);
    if (s === null) throw new Error('no JSON');
    out.push(flag, s);
  };
  try {
    if (args.data !== undefined) push('--data', args.data);
    push('--indices', args.indices);
    if (args.updates !== undefined) push('--updates', args.updates);
    for (const [k, v] of Object.entries(args.attrs ?? {})) {
      if (typeof v === 'function') return null;
      out.push('--attr', `${k}=${typeof v === 'string' ? v : json(v)}`);
    }
  } catch {
    return null;
  }
  if (args.version !== undefined) out.push('--opset', String(args.version));
  if (args.dataDType) out.push('--dtype', args.dataDType);
  if (args.indexDType) out.push('--index-dtype', args.indexDType);
  return out;
}

async function viaCli(op: string, args: CallArgs, k: number): Promise<Outcome | null> {
  const file = join(dir, `r${k}.npy`);
  const argv = cliArgs(op, args, file);
  if (!argv) return null;
  const sink = () => {};
  try {
    await program(sink, sink).exitOverride().parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof GatherScatterError) return { code: e.code };
    throw e;
  }
  return { tensor: readNpy(new Uint8Array(readFileSync(file))) };
}

let viaCliCount = 0;
const ready = PRESETS.filter((p) => registry.some((e) => e.id === p.op && e.state === 'ready'));

describe('every preset: framework function = execute(lowered call) = CLI run', () => {
  it('covers every preset of every ready op', () => {
    expect(ready.length).toBe(PRESETS.length);
    expect(ready.length).toBeGreaterThan(40);
  });

  it.each(ready.map((p, k) => [p.id, p, k] as const))('%s', async (_, preset, k) => {
    const entry = registry.find((e) => e.id === preset.op)!;
    const api = outcome(() => runCall(ns, entry, preset.args));
    const lowered = outcome(() => execute(lowerCall(ns, entry, preset.args)));
    expect(same(lowered)).toEqual(same(api));
    if (preset.expectedError) expect('code' in api && api.code).toBe(preset.expectedError);
    // The CLI gives JSON numbers the framework constructor's dtypes (numpy int64); the presets
    // run in the registry's (int32 / float32): name it, so both run the same call.
    const given = preset.args.data ?? preset.args.updates;
    const dataDType = preset.args.dataDType ?? (given === undefined ? undefined : toTensor(given).dtype);
    const cli = await viaCli(preset.op, { ...preset.args, ...(dataDType ? { dataDType } : {}) }, k);
    if (cli) {
      expect(same(cli)).toEqual(same(api));
      viaCliCount++;
    }
  });

  it('ran nearly every preset through the CLI too (those with a JSON spelling)', () => {
    expect(viaCliCount).toBeGreaterThanOrEqual(ready.length - 3);
  });
});

describe('the disagreements the one-path issue measured', () => {
  const sink = () => {};
  const cliRun = async (argv: string[]): Promise<Outcome> => {
    const file = join(dir, `m${argv.join('').length}-${Math.random()}.npy`);
    try {
      await program(sink, sink)
        .exitOverride()
        .parseAsync([...argv, '-q', '-o', file], { from: 'user' });
    } catch (e) {
      if (e instanceof GatherScatterError) return { code: e.code };
      throw e;
    }
    return { tensor: readNpy(new Uint8Array(readFileSync(file))) };
  };

  it('jax.numpy.take without axis flattens in the CLI as in the API (JAX: axis=None)', async () => {
    const api = lib.jax.numpy.take(
      tensor(
        [
          [1, 2],
          [3, 4],
        ],
        'int32',
      ),
      tensor([3], 'int32'),
    );
    expect(api.toArray()).toEqual([4]);
    const cli = await cliRun(['run', 'jax.numpy.take', '--data', '[[1,2],[3,4]]', '--indices', '[3]']);
    expect('tensor' in cli && cli.tensor.toArray()).toEqual([4]);
  });

  it('numpy.take without axis flattens in the CLI as in the API (NumPy: axis=None)', async () => {
    const cli = await cliRun(['run', 'numpy.take', '--data', '[[1,2],[3,4]]', '--indices', '[3]']);
    expect('tensor' in cli && cli.tensor.toArray()).toEqual([4n]); // int64, as np.array([[1, 2], [3, 4]])
  });

  it('torch.scatter_reduce without reduce is an error everywhere (PyTorch requires it)', async () => {
    const cli = await cliRun([
      'run',
      'torch.scatter_reduce',
      '--data',
      '[1,2,3]',
      '--indices',
      '[0,0]',
      '--updates',
      '[5,6]',
      '--attr',
      'dim=0',
    ]);
    // The CLI names the missing positional argument before calling (a usage error, exit 2).
    expect('code' in cli && cli.code).toBe('cli.missing_input');
  });

  it('torch.index_select of an empty input agrees between API and CLI', async () => {
    const api = outcome(() =>
      lib.torch.index_select(tensor([], 'float32', [0, 3]), 0, tensor([], 'int64', [0])),
    );
    expect('tensor' in api && api.tensor.shape).toEqual([0, 3]);
    const cli = await cliRun([
      'run',
      'torch.index_select',
      '--data',
      '[]',
      '--indices',
      '[]',
      '--attr',
      'dim=0',
      '--index-dtype',
      'int64',
    ]);
    expect('tensor' in cli && cli.tensor.shape).toEqual([0]);
  });
});

describe('plan cache', () => {
  it('repeated framework calls with the same shapes compile once', () => {
    clearPlanCache();
    const x = tensor(
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
      'float32',
    );
    const i = tensor([1, 0], 'int64');
    for (let k = 0; k < 5; k++)
      expect(lib.onnx.Gather(x, i).toArray()).toEqual([
        [4, 5, 6],
        [1, 2, 3],
      ]);
    expect(planCacheStats()).toMatchObject({ misses: 1, hits: 4 });
    // A different shape compiles its own plan; the old one stays valid.
    lib.onnx.Gather(x, tensor([1], 'int64'));
    expect(planCacheStats().misses).toBe(2);
    expect(lib.onnx.Gather(x, i).toArray()).toEqual([
      [4, 5, 6],
      [1, 2, 3],
    ]);
  });

  it('a cached plan never serves a call whose attributes merely print alike', () => {
    const x = tensor([10, 11, 12], 'int32');
    const i = tensor([[2]], 'int64');
    const dn = { offset_dims: [], collapsed_slice_dims: [0], start_index_map: [0], index_vector_dim: 1 };
    expect(lib.stablehlo.gather(x, i, { ...dn, slice_sizes: [1] }).toArray()).toEqual([12]);
    expect(() => lib.stablehlo.gather(x, i, { ...dn, slice_sizes: ['1'] as never })).toThrow(
      GatherScatterError,
    );
  });
});

describe('plan cache keys keep types apart', () => {
  it("index_vector_dim '1' never reuses the plan compiled for 1", () => {
    const x = tensor([10, 11, 12], 'int32');
    const i = tensor([[2]], 'int64');
    const dn = { offset_dims: [], collapsed_slice_dims: [0], start_index_map: [0], slice_sizes: [1] };
    expect(lib.stablehlo.gather(x, i, { ...dn, index_vector_dim: 1 }).toArray()).toEqual([12]);
    expect(() => lib.stablehlo.gather(x, i, { ...dn, index_vector_dim: '1' as never })).toThrow(
      GatherScatterError,
    );
  });
});

describe('out under errors', () => {
  it("numpy.take(..., mode='raise') leaves out untouched when an index is out of bounds (NumPy buffers out)", () => {
    const a = tensor([10, 11, 12], 'int32');
    const out = tensor([7, 7], 'int32');
    expect(() => lib.numpy.take(a, tensor([1, 5], 'int64'), { out })).toThrow(GatherScatterError);
    expect(out.toArray()).toEqual([7, 7]);
    expect(lib.numpy.take(a, tensor([2, 0], 'int64'), { out }).toArray()).toEqual([12, 10]);
  });

  it('a gather into its own operand reads every element before writing (onnx.Gather reversing [10, 11, 12])', () => {
    const a = tensor([10, 11, 12], 'int32');
    expect(lib.onnx.Gather(a, tensor([2, 1, 0], 'int64'), {}, { out: a }).toArray()).toEqual([12, 11, 10]);
  });
});

describe('variadic stablehlo.scatter runs one lowered call too', () => {
  it('two inputs, two results (executeAll), out aliasing its own input runs in place', () => {
    const a = tensor([1, 2, 3], 'int32');
    const b = tensor([10, 20, 30], 'float32');
    const dn = {
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
      index_vector_dim: 1,
    };
    const idx = tensor([[2], [0], [2]], 'int64');
    const ups = [tensor([5, 6, 7], 'int32'), tensor([0.5, 0.25, 1], 'float32')];
    const [ra, rb] = lib.stablehlo.scatter([a, b], idx, ups, dn, 'add');
    expect(ra.toArray()).toEqual([7, 2, 15]);
    expect(rb.toArray()).toEqual([10.25, 20, 31.5]);
    const [oa, ob] = lib.stablehlo.scatter([a, b], idx, ups, { ...dn, out: [a, b] }, 'add');
    expect(oa).toBe(a);
    expect(ob).toBe(b);
    expect(a.toArray()).toEqual([7, 2, 15]);
    expect(b.toArray()).toEqual([10.25, 20, 31.5]);
  });
});

describe('the CLI runs pasted StableHLO text through the same core call', () => {
  it('tensor-gather-scatter stablehlo <text> equals stablehlo.gather with the same attributes', async () => {
    const text = `%result = "stablehlo.gather"(%operand, %start_indices) {
      dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0],
        start_index_map = [0], index_vector_dim = 1>,
      slice_sizes = array<i64: 1, 2>, indices_are_sorted = false
    } : (tensor<3x2xf32>, tensor<2x1xi64>) -> tensor<2x2xf32>`;
    const file = join(dir, 'hlo.npy');
    await program(
      () => {},
      () => {},
    )
      .exitOverride()
      .parseAsync(
        ['stablehlo', text, '--data', '[[1,2],[3,4],[5,6]]', '--indices', '[[2],[0]]', '-q', '-o', file],
        {
          from: 'user',
        },
      );
    const got = readNpy(new Uint8Array(readFileSync(file)));
    const want = lib.stablehlo.gather(
      tensor(
        [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
        'float32',
      ),
      tensor([[2], [0]], 'int64'),
      {
        offset_dims: [1],
        collapsed_slice_dims: [0],
        start_index_map: [0],
        index_vector_dim: 1,
        slice_sizes: [1, 2],
      },
    );
    expect(bits(got)).toEqual(bits(want));
  });
});
