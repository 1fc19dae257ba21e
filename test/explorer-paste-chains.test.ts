/**
 * The paste box reads what people write (issue 26 item 4): method chains, builders
 * (`np.arange(6).reshape(2, 3)`), fancy indexing, `x[idx] = v` and JAX `x.at[idx].add(v)`, each as
 * one registry op of the same framework; forms whose semantics no single op shares are refused
 * with a PasteError saying why. Expected values are from NumPy 1.24 / PyTorch 1.13 (the
 * commands are in each test's comment). Pasted StableHLO gets distinct in-range indices.
 */
import { describe, expect, it } from 'vitest';
import { callCode } from '../explorer/code.js';
import { exampleIndices, parsePaste } from '../explorer/paste.js';
import { opOf, PROBE_ROWS_OUT_OF_RANGE, probeRows } from '../explorer/table-links.js';
import { NAMESPACES } from '../src/frameworks/index.js';
import { PRESETS } from '../src/tables/presets.js';
import { probeArgs } from '../src/tables/probes.js';
import { buildRegistry, executeCall, lowerCall } from '../src/tables/registry.js';
import { pasteProbes } from './helpers/paste.js';

const registry = buildRegistry(NAMESPACES);
const { run, refused } = pasteProbes(registry);

describe('builders and method chains', () => {
  it('np.arange(6).reshape(2, 3) then x[[1, 0]] → numpy.take(axis=0)', () => {
    // np.arange(6).reshape(2,3)[[1,0]] → [[3, 4, 5], [0, 1, 2]]
    const r = run('import numpy as np\nx = np.arange(6).reshape(2, 3)\nx[[1, 0]]');
    expect(r.id).toBe('numpy.take');
    expect(r.args.dataDType).toBe('int64');
    expect(r.out).toEqual([
      [3n, 4n, 5n],
      [0n, 1n, 2n],
    ]);
  });
  it('torch.zeros(3, 5).scatter_(0, idx, torch.ones(1, 5)) → torch.scatter', () => {
    // torch.zeros(3,5).scatter_(0, torch.tensor([[0,1,2,0,0]]), torch.ones(1,5))
    const r = run('torch.zeros(3, 5).scatter_(0, torch.tensor([[0, 1, 2, 0, 0]]), torch.ones(1, 5))');
    expect(r.id).toBe('torch.scatter');
    expect(r.args.dataDType).toBe('float32');
    expect(r.out).toEqual([
      [1, 0, 0, 1, 1],
      [0, 1, 0, 0, 0],
      [0, 0, 1, 0, 0],
    ]);
  });
  it('t.gather(1, idx) on a variable → torch.gather', () => {
    // torch.tensor([[1,2],[3,4]]).gather(1, torch.tensor([[0,0],[1,0]])) → [[1, 1], [4, 3]]
    const r = run('t = torch.tensor([[1, 2], [3, 4]])\nt.gather(1, torch.tensor([[0, 0], [1, 0]]))');
    expect(r.id).toBe('torch.gather');
    expect(r.out).toEqual([
      [1n, 1n],
      [4n, 3n],
    ]);
  });
  it('x.gather(...) where x is built by a chain; casts (.long(), .astype)', () => {
    const r = run('x = torch.arange(4).reshape(2, 2).float()\nx.gather(0, torch.tensor([[1, 0]]))');
    expect(r.args.dataDType).toBe('float32');
    expect(r.out).toEqual([[2, 1]]);
  });
  it('builders bound their size before building', () => {
    expect(refused('np.arange(1000000000)')).toContain("more than the explorer's 1048576");
    expect(refused('torch.zeros(100000, 100000).gather(0, torch.tensor([[0]]))')).toContain(
      "more than the explorer's 1048576",
    );
  });
});

describe('fancy indexing and indexed assignment', () => {
  it('x[mask] → torch.masked_select', () => {
    // torch.arange(6).reshape(2,3)[mask] → [1, 3, 5]
    const r = run(
      'x = torch.arange(6).reshape(2, 3)\nx[torch.tensor([[False, True, False], [True, False, True]])]',
    );
    expect(r.id).toBe('torch.masked_select');
    expect(r.out).toEqual([1n, 3n, 5n]);
  });
  it('x[idx] = v → torch.index_copy on dim 0', () => {
    // x = torch.arange(6).reshape(3,2); x[torch.tensor([0,2])] = torch.tensor([[9,9],[8,8]])
    const r = run(
      'x = torch.arange(6).reshape(3, 2)\nx[torch.tensor([0, 2])] = torch.tensor([[9, 9], [8, 8]])',
    );
    expect(r.id).toBe('torch.index_copy');
    expect(r.out).toEqual([
      [9n, 9n],
      [2n, 3n],
      [8n, 8n],
    ]);
  });
  it('a[[0, 2]] = [7, 8] on a 1-D array → numpy.put', () => {
    // a = np.arange(5); a[[0,2]] = [7,8] → [7, 1, 8, 3, 4]
    const r = run('a = np.arange(5)\na[[0, 2]] = [7, 8]');
    expect(r.id).toBe('numpy.put');
    expect(r.out).toEqual([7n, 1n, 8n, 3n, 4n]);
  });
  it('index tuples and negative torch indices are read (test/explorer-paste-tuples.test.ts has more)', () => {
    // np.arange(6).reshape(2,3)[[0,1],[2,0]] → [2, 3]; torch.arange(6)[[-1]] → [5]
    expect(run('x = np.arange(6).reshape(2, 3)\nx[[0, 1], [2, 0]]')).toMatchObject({
      id: 'numpy.index',
      out: [2n, 3n],
    });
    expect(run('x = torch.arange(6)\nx[[-1]]')).toMatchObject({ id: 'torch.index', out: [5n] });
  });
});

describe('JAX x.at[idx].add(v)', () => {
  it('jnp x[idx] reads clamp: jnp.arange(4)[jnp.array([1, 9])] = [1, 3]', () => {
    const r = run('import jax.numpy as jnp\nx = jnp.arange(4)\nx[jnp.array([1, 9])]');
    expect(r.id).toBe('jax.numpy.take');
    expect(r.out).toEqual([1, 3]);
    // a negative counts from the end (jnp.take's default mode): jnp.arange(4)[jnp.array([-1])] = [3]
    expect(run('x = jnp.arange(4)\nx[jnp.array([-1])]').out).toEqual([3]);
  });
  it('duplicates accumulate: jnp.zeros(4).at[[0, 2, 0]].add(1) = [2, 0, 1, 0]', () => {
    const r = run('import jax.numpy as jnp\nx = jnp.zeros(4)\nx.at[jnp.array([0, 2, 0])].add(1)');
    expect(r.id).toBe('jax.lax.scatter_add');
    expect(r.out).toEqual([2, 0, 1, 0]);
  });
  it('rows of a matrix: x.at[1].set(row), out-of-bounds dropped', () => {
    const r = run('x = jnp.zeros((2, 3))\nx.at[1].set(jnp.array([1., 2., 3.]))');
    expect(r.id).toBe('jax.lax.scatter');
    expect(r.out).toEqual([
      [0, 0, 0],
      [1, 2, 3],
    ]);
    expect(run('x = jnp.zeros(3)\nx.at[jnp.array([5, 1])].add(7)').out).toEqual([0, 7, 0]);
  });
});

describe('pasted StableHLO: distinct in-range example indices', () => {
  it('exampleIndices counts in the mixed radix of the in-range starts', () => {
    // 3 vectors of 2 components over ranges [2, 3]: (0,0) (0,1) (0,2)
    expect(exampleIndices([3, 2], 1, [2, 3])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
    ]);
    // scalars (index_vector_dim = rank) over a dim of 4: 0 1 2 3 0
    expect(exampleIndices([5], 1, [4])).toEqual([0, 1, 2, 3, 0]);
    // index vector dim first (MXNet-like layout): components along dim 0
    expect(exampleIndices([2, 3], 0, [2, 2])).toEqual([
      [0, 0, 1],
      [0, 1, 0],
    ]);
  });
  it('a pasted gather reads rows 0, 1, 2 of its operand, not row 0 three times', () => {
    const text = `%r = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>} : (tensor<4x2xf32>, tensor<3x1xi64>) -> tensor<3x2xf32>`;
    const p = parsePaste(text, registry);
    expect(p.args.indices).toEqual([[0], [1], [2]]);
    expect(executeCall(NAMESPACES, p.entry, p.args).toArray()).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
  });
  it('a pasted scatter with a window of 2 starts only where the window fits', () => {
    const text = `%r = "stablehlo.scatter"(%a, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3xf32>, tensor<3x1xi64>, tensor<3x2xf32>) -> tensor<3xf32>`;
    const p = parsePaste(text, registry);
    // dim 3, window 2: starts 0 and 1 only, then cycle
    expect(p.args.indices).toEqual([[0], [1], [0]]);
  });
});

describe('the code view speaks each framework’s language', () => {
  const codeOf = (presetId: string) => {
    const p = PRESETS.find((x) => x.id === presetId)!;
    const entry = registry.find((e) => e.id === p.op)!;
    return callCode(entry, p.args, lowerCall(NAMESPACES, entry, p.args));
  };
  it('MXNet is Python: mx.nd.gather_nd(data, indices)', () => {
    const c = codeOf('mxnet-gather-nd-1');
    expect(c.lang).toBe('Python (MXNet)');
    expect(c.text).toContain('import mxnet as mx');
    expect(c.text).toMatch(/\nmx\.nd\.gather_nd\(data, indices\)$/);
    expect(c.text).not.toContain('tensor-gather-scatter');
  });
  it('MXNet scatter_nd names the updates data and passes shape as a tuple', () => {
    expect(codeOf('mxnet-scatter-nd').text).toMatch(
      /\nmx\.nd\.scatter_nd\(data, indices, shape=\(\d+, \d+\)\)$/,
    );
  });
  it('Caffe2 is Python with core.CreateOperator; WebNN is JavaScript with MLGraphBuilder', () => {
    const c2 = codeOf('caffe2-gather');
    expect(c2.lang).toBe('Python (Caffe2)');
    expect(c2.text).toContain("op = core.CreateOperator('Gather', ['DATA', 'INDICES'], ['OUTPUT']");
    const p = { data: [1, 2, 3], indices: [2, 0], attrs: { axis: 0 }, dataDType: 'float32' as const };
    const entry = registry.find((e) => e.id === 'webnn.gather')!;
    const w = callCode(entry, p, lowerCall(NAMESPACES, entry, p));
    expect(w.lang).toBe('JavaScript (WebNN)');
    expect(w.text).toContain(
      "builder.constant({ dataType: 'float32', shape: [3] }, new Float32Array([1, 2, 3]))",
    );
    expect(w.text).toContain('builder.gather(input, indices, { axis: 0 })');
  });
});

describe('behaviour-table cell links', () => {
  it('name the probe behind each label; the out-of-range row is the first past the probe data', () => {
    expect(probeRows('Negative indices')).toEqual([-1]);
    expect(probeRows('Out-of-bounds index')).toEqual([PROBE_ROWS_OUT_OF_RANGE]);
    expect(probeRows('Duplicate index')).toEqual([1, 1]);
    expect(opOf('GatherND: `onnx.GatherND`')).toBe('onnx.GatherND');
    const take = registry.find((e) => e.id === 'numpy.take')!;
    expect((probeArgs(take, [0]).data as unknown[]).length).toBe(PROBE_ROWS_OUT_OF_RANGE);
  });
});
