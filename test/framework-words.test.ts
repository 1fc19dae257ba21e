/**
 * The frameworks' descriptions (issue 21 item 1): each framework states its tensors' names and
 * its constructors' dtypes once, beside its SIGNATURES (src/frameworks/<fw>, `DESCRIPTION`), and
 * the explorer's words, the paste parser's keywords and defaults and the CLI's op help read them
 * from there. The names are pinned per framework and per op as each framework's docs write them;
 * the constructor dtypes of NumPy and PyTorch are checked against the real NumPy 1.24 and
 * PyTorch 1.13 (skipped, with the reason, when /usr/bin/python3 lacks them).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { onnxCode } from '../explorer/code.js';
import { Landing } from '../explorer/landing.js';
import { CONSTRUCTOR_OF, CONSTRUCTORS } from '../explorer/pycall.js';
import { withTuples } from '../explorer/tuple-ops.js';
import { frameworkWords } from '../explorer/words.js';
import { pythonHas } from '../scripts/goldens/golden.js';
import { FRAMEWORK_DTYPES, opHelp } from '../src/cli/op-help.js';
import { execute } from '../src/core/call.js';
import { DESCRIPTIONS_OF, FRAMEWORKS, NAMESPACES, wordsOf } from '../src/frameworks/index.js';
import { type CallArgs, buildRegistry, lowerCall } from '../src/tables/registry.js';
import { flatValues } from '../explorer/flat.js';
import { fmtScalar } from '../explorer/arith.js';
import { pasteProbes } from './helpers/paste.js';

const registry = withTuples(buildRegistry(NAMESPACES));
const entry = (id: string) => {
  const e = registry.find((x) => x.id === id);
  if (!e) throw new Error(`test setup: no registry op ${id}`);
  return e;
};
const { run, refused } = pasteProbes(registry);

/** operand / indices / updates / result / target, in one string per framework. */
const names = (w: { operand: string; indices: string; updates: string; result: string; target: string }) =>
  `${w.operand} ${w.indices} ${w.updates} → ${w.result} / ${w.target}`;

describe('each framework names its tensors as its docs do', () => {
  // Sources: torch.gather / Tensor.scatter_ docs (out[i][j] = input[i][index[i][j]],
  // self[index[i][j]][j] = src[i][j]); np.take(a, indices) / np.put_along_axis(arr, indices,
  // values); tf.gather(params, indices); jax.lax.gather(operand, start_indices); the StableHLO
  // spec; ONNX schemas; WebNN's MLGraphBuilder; mx.nd.gather_nd(data, indices) and scatter_nd
  // (data = the updates); Caffe2's schema blobs; DML_*_OPERATOR_DESC fields; MLIR's tensor ops.
  const WANT: Record<string, string> = {
    stablehlo: 'operand start_indices updates → result / result',
    onnx: 'data indices updates → output / output',
    tensorflow: 'params indices updates → output / output',
    numpy: 'a indices values → out / a',
    torch: 'input index src → out / self',
    jax: 'operand indices updates → out / out',
    mxnet: 'data indices data → out / out',
    caffe2: 'DATA INDICES UPDATES → OUTPUT / OUTPUT',
    directml: 'InputTensor IndicesTensor UpdatesTensor → OutputTensor / OutputTensor',
    webnn: 'input indices updates → output / output',
    mlir: 'source indices source → result / dest',
  };
  for (const fw of FRAMEWORKS)
    it(`${fw}: ${WANT[fw]}`, () => expect(names(DESCRIPTIONS_OF[fw].words)).toBe(WANT[fw]));

  it('an op whose docs use other names says so in its signature', () => {
    const OPS: Record<string, string> = {
      'torch.gather': 'input index src → out / self',
      'torch.take_along_dim': 'input indices src → out / self',
      'torch.index_add': 'input index source → out / self',
      'torch.index_copy': 'input index source → out / self',
      'torch.masked_select': 'input mask src → out / self',
      'torch.masked_scatter': 'input mask source → out / self',
      'torch.index_put': 'input indices values → out / self',
      'numpy.put': 'a ind v → out / a',
      'numpy.add.at': 'a indices b → out / a',
      'numpy.take_along_axis': 'arr indices values → out / arr',
      'numpy.put_along_axis': 'arr indices values → out / arr',
      'tensorflow.boolean_mask': 'tensor mask updates → output / output',
      'tensorflow.tensor_scatter_nd_add': 'tensor indices updates → output / output',
      'jax.lax.gather': 'operand start_indices updates → out / out',
      'jax.lax.scatter_add': 'operand scatter_indices updates → out / out',
      'jax.numpy.take': 'a indices updates → out / out',
      'jax.numpy.take_along_axis': 'arr indices updates → out / out',
      'stablehlo.scatter': 'inputs scatter_indices updates → result / results',
      'onnx.TensorScatter': 'past_cache write_indices update → output / present_cache',
      'mxnet.take': 'a indices data → out / out',
      'mxnet.pick': 'data index data → out / out',
      'mlir.tensor.scatter': 'dest indices source → result / dest',
    };
    const got = Object.fromEntries(Object.keys(OPS).map((id) => [id, names(wordsOf(entry(id)))]));
    expect(got).toEqual(OPS);
  });
});

/**
 * The parameter names of NumPy's and PyTorch's own functions, read from the real modules:
 * `inspect.signature`, else the signature line of the docstring (PyTorch's C functions), else
 * the in-place Tensor method's (`Tensor.index_put_(indices, values, …)`), whose data is `self`.
 */
const PEER_NAMES = `
import inspect, json, re, sys
import numpy as np, torch
def names(f):
    try:
        return list(inspect.signature(f).parameters)
    except (TypeError, ValueError):
        line = (f.__doc__ or '').strip().split('\\n')[0]
        m = re.search(r'\\((.*)\\)', line)
        return [p.strip().split('=')[0].strip('*/ ') for p in m.group(1).split(',')] if m else None
out = {}
for op in json.load(sys.stdin):
    fw, name = op.split('.', 1)
    if fw == 'numpy':
        f = np
        for part in name.split('.'):
            f = getattr(f, part)
        out[op] = names(f)
    else:
        got = names(getattr(torch, name)) if getattr(torch, name).__doc__ else None
        out[op] = got or ['self'] + names(getattr(torch.Tensor, name + '_'))
print(json.dumps(out))
`;

describe.skipIf(!pythonHas('numpy', 'torch'))('the names are the real functions’ parameter names', () => {
  it('every NumPy and PyTorch op takes its data, indices and updates under its words', () => {
    const ops = registry.filter(
      (e) =>
        (e.framework === 'numpy' || e.framework === 'torch') && e.state === 'ready' && e.name !== 'index',
    );
    const py = spawnSync('/usr/bin/python3', ['-W', 'ignore', '-c', PEER_NAMES], {
      input: JSON.stringify(ops.map((e) => e.id)),
      encoding: 'utf8',
    });
    expect(py.status, py.stderr).toBe(0);
    const real = JSON.parse(py.stdout) as Record<string, string[]>;
    const missing: string[] = [];
    for (const e of ops) {
      const w = wordsOf(e);
      const roles = [
        ['data', w.operand],
        ['indices', w.indices],
        ['updates', w.updates],
      ] as const;
      for (const [role, name] of roles) {
        const data = role === 'data' && real[e.id][0] === 'self';
        if (e.signature.params.includes(role) && !data && !real[e.id].includes(name))
          missing.push(`${e.id}: ${name} not in (${real[e.id].join(', ')})`);
      }
    }
    expect(ops.length).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });
});

describe('the paste parser reads keyword arguments by the op’s own names', () => {
  it('torch.gather(input=…, dim=1, index=…): the torch.gather docs example', () => {
    const r = run(
      'torch.gather(input=torch.tensor([[1, 2], [3, 4]]), dim=1, index=torch.tensor([[0, 0], [1, 0]]))',
    );
    expect(r.id).toBe('torch.gather');
    expect(r.out).toEqual([
      [1n, 1n],
      [4n, 3n],
    ]);
  });
  it('torch.index_add(…, source=…) and np.put(a, ind=…, v=…)', () => {
    const a = run('torch.index_add(torch.zeros(3), 0, torch.tensor([0, 2]), source=torch.tensor([1., 2.]))');
    expect(a.out).toEqual([1, 0, 2]);
    const b = run('np.put(np.array([1, 2, 3]), ind=[0, 2], v=[7, 9])');
    expect(b.out).toEqual([7n, 2n, 9n]);
  });
  it('tf.gather(params=…, indices=…) and jnp.take(a=…, indices=…)', () => {
    expect(run('tf.gather(params=tf.constant([10, 20, 30]), indices=tf.constant([2, 0]))').out).toEqual([
      30, 10,
    ]);
    expect(run('jnp.take(a=jnp.array([10, 20, 30]), indices=jnp.array([1]))').out).toEqual([20]);
  });
  it('a name the op does not take is no tensor: torch.gather(x, 1, idx=…) misses its index', () => {
    expect(refused('torch.gather(torch.tensor([[1, 2]]), 1, idx=torch.tensor([[0]]))')).toContain(
      'missing the indices argument',
    );
  });
});

describe('constructors and their dtypes come from the descriptions', () => {
  it('the paste parser, the code view and the CLI read the same dtypes', () => {
    expect(CONSTRUCTORS['torch.tensor'].dtypes).toEqual({
      int: 'int64',
      float: 'float32',
      complex: 'complex64',
    });
    expect(CONSTRUCTORS['torch.LongTensor'].fixed).toBe('int64');
    expect(CONSTRUCTORS['numpy.asarray'].dtypes).toEqual({
      int: 'int64',
      float: 'float64',
      complex: 'complex128',
    });
    // TF keeps Python complex numbers double (tf.constant([-2.25 + 4.75j]) is complex128 in
    // the tf.math.conj docs); JAX without x64 makes 32-bit types everywhere.
    expect(CONSTRUCTORS['tensorflow.constant'].dtypes.complex).toBe('complex128');
    expect(CONSTRUCTORS['jax.numpy.array'].dtypes).toEqual({
      int: 'int32',
      float: 'float32',
      complex: 'complex64',
    });
    expect(CONSTRUCTOR_OF.jax.fn).toBe('jnp.array');
    expect(CONSTRUCTOR_OF.numpy.fn).toBe('np.array');
    expect(FRAMEWORK_DTYPES.tensorflow).toEqual(DESCRIPTIONS_OF.tensorflow.constructors?.dtypes);
    expect(Object.keys(FRAMEWORK_DTYPES).sort()).toEqual(['jax', 'numpy', 'tensorflow', 'torch']);
  });

  const hasPeers = pythonHas('numpy', 'torch');
  it.skipIf(!hasPeers)('NumPy 1.24 and PyTorch 1.13 make the dtypes their descriptions state', () => {
    const py = spawnSync(
      '/usr/bin/python3',
      [
        '-c',
        `import json, numpy as np, torch
print(json.dumps({
  'numpy': [str(np.array(v).dtype) for v in ([1], [1.5], [1j])],
  'torch': [str(torch.tensor(v).dtype).split('.')[1] for v in ([1], [1.5], [1j])],
}))`,
      ],
      { encoding: 'utf8' },
    );
    expect(py.status, py.stderr).toBe(0);
    const real = JSON.parse(py.stdout) as Record<'numpy' | 'torch', string[]>;
    for (const fw of ['numpy', 'torch'] as const) {
      const d = DESCRIPTIONS_OF[fw].constructors?.dtypes;
      expect([d?.int, d?.float, d?.complex], fw).toEqual(real[fw]);
    }
  });
});

describe('the surfaces speak the op’s names', () => {
  it("the CLI's op help names each input as the op's docs do", () => {
    const help = opHelp(entry('torch.index_add'), 'tgs', () => '[]');
    expect(help).toMatch(/--data\s+input: the tensor/);
    expect(help).toMatch(/--indices\s+index: the indices/);
    expect(help).toMatch(/--updates\s+source: the values written/);
    expect(opHelp(entry('numpy.put'), 'tgs', () => '[]')).toMatch(/--indices\s+ind: the indices/);
  });

  it("the explorer's ONNX code names the node's inputs and output as the ONNX schema does", () => {
    const ts = onnxCode(entry('onnx.TensorScatter'), { data: [], indices: [], updates: [] }, null);
    expect(ts).toContain('explorer (past_cache, update, write_indices) => (present_cache) {');
    expect(ts).toContain('  present_cache = TensorScatter (past_cache, update, write_indices)');
    const nd = onnxCode(entry('onnx.GatherND'), { data: [], indices: [] }, null);
    expect(nd).toContain('  output = GatherND (data, indices)');
  });

  it("the explorer's formula for torch.index_add writes into self from source", () => {
    const e = entry('torch.index_add');
    const args: CallArgs = {
      data: [0, 0, 0],
      indices: [2, 0],
      updates: [5, 6],
      attrs: { dim: 0 },
      dataDType: 'float32',
    };
    const call = lowerCall(NAMESPACES, e, args);
    const L = new Landing(call);
    const out = flatValues(execute(call));
    const d = L.derive(0);
    const w = frameworkWords({
      entry: e,
      attrs: args.attrs ?? {},
      spec: L.spec,
      derivation: d,
      at: [0],
      value: '5',
      target: fmtScalar(out[d.operandOffset]),
      reducer: 'add',
      dataShape: [3],
      indicesShape: [2],
    });
    expect(w.formula).toBe('self[index[0]] += source[0] (= 5), so self[2] += 5 → 5');
  });
});
