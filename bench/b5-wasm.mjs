// B5 in one process, interleaved run by run: ours with the Node entry's WebAssembly SIMD row-add
// (src/node/wasm-add.ts), ours with the JavaScript kernel (the hook removed), onnxruntime-node on
// one thread (as bench/run.mjs sets it up). Medians of RUNS (default 21); first checks the two
// kernels' results are bit-identical. Usage: npm run build && node bench/b5-wasm.mjs
// (prefix GLIBC_TUNABLES=glibc.malloc.hugetlb=1 for huge pages).
import { createRequire } from 'node:module';
import { randomFloats, randomIndices } from './cases.mjs';
import { oneNodeModel } from './onnx-model.mjs';

const ort = createRequire(import.meta.url)('onnxruntime-node');
const lib = await import('../dist/index.node.js');
const { hooks } = await import('../dist/core/scatter-range.js');
const { Tensor } = lib;

const [n, c, m] = [65536, 64, 262144];
const data = randomFloats(n * c, 1);
const idx = randomIndices(m, n, 2);
const upd = randomFloats(m * c, 3);
const args = [
  new Tensor('float32', [n, c], data),
  new Tensor('int64', [m, 1], idx),
  new Tensor('float32', [m, c], upd),
];
const out = new Tensor('float32', [n, c], new Float32Array(n * c));
const attrs = { reduction: 'add' };
const wasm = hooks.range;
if (!wasm) throw new Error('the Node entry set no range hook (no WebAssembly SIMD?)');
const run = (hook, options) => {
  hooks.range = hook;
  return lib.onnx.ScatterND(...args, attrs, options);
};

const model = oneNodeModel({
  opType: 'ScatterND',
  inputs: [
    { name: 'data', dtype: 'float32', shape: [n, c] },
    { name: 'indices', dtype: 'int64', shape: [m, 1] },
    { name: 'updates', dtype: 'float32', shape: [m, c] },
  ],
  outputs: [{ name: 'out', dtype: 'float32', shape: [n, c] }],
  attributes: attrs,
});
const session = await ort.InferenceSession.create(model, {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
  executionProviders: ['cpu'],
  extra: { session: { intra_op: { allow_spinning: '0' } } },
});
const feeds = {
  data: new ort.Tensor('float32', data, [n, c]),
  indices: new ort.Tensor('int64', idx, [m, 1]),
  updates: new ort.Tensor('float32', upd, [m, c]),
};

const a = new Uint32Array(run(wasm).data.buffer).slice();
const b = new Uint32Array(run(null).data.buffer);
if (a.some((x, i) => x !== b[i])) throw new Error('wasm and JS kernels differ');

const times = { jsOut: [], wasmOut: [], ort: [], jsFresh: [], wasmFresh: [] };
const time = async (key, f) => {
  const t0 = performance.now();
  await f();
  times[key].push(performance.now() - t0);
};
for (let r = 0; r < Number(process.env.RUNS ?? 21); r++) {
  await time('jsOut', () => run(null, { out }));
  await time('wasmOut', () => run(wasm, { out }));
  await time('ort', () => session.run(feeds));
  await time('jsFresh', () => run(null));
  await time('wasmFresh', () => run(wasm));
}
hooks.range = wasm;
const med = (xs) => xs.sort((x, y) => x - y)[xs.length >> 1];
const z = med(times.ort);
const show = (k) => `${med(times[k]).toFixed(1)} ms (${(med(times[k]) / z).toFixed(2)}×)`;
console.log(
  `GLIBC_TUNABLES=${process.env.GLIBC_TUNABLES ?? ''} runs=${times.ort.length}: out: JS ${show('jsOut')}, wasm ${show('wasmOut')}; fresh: JS ${show('jsFresh')}, wasm ${show('wasmFresh')}; onnxruntime ×1 ${z.toFixed(1)} ms`,
);
