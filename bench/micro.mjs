// Kernel A/B microbenchmark: the ONNX lowering of each case executed with `out` (and fresh) on
// one thread, median of N. Not part of `npm run bench`; for quick same-process comparisons.
//   node bench/micro.mjs [--cases B3,B6] [--runs 9] [--quick]
import { Command } from 'commander';
import { defineCases } from './cases.mjs';

const opts = new Command()
  .option('--cases <list>', 'cases', '')
  .option('--runs <n>', 'runs', '9')
  .option('--quick', 'small sizes', false)
  .option('--dist <dir>', 'build to load', '../dist')
  .parse()
  .opts();
const lib = await import(`${opts.dist}/index.js`);
const { execute } = await import(`${opts.dist}/core/call.js`);
const { Tensor, onnx } = lib;
const only = opts.cases.split(',').filter(Boolean);
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const c of defineCases(opts.quick)) {
  if (only.length && !only.includes(c.id)) continue;
  const a = c.make(Number(c.id.slice(1)) * 1000);
  const t = {
    data: new Tensor('float32', c.shapes.data, a.data),
    indices: new Tensor('int64', c.shapes.indices, a.indices),
  };
  if (a.updates) t.updates = new Tensor('float32', c.shapes.updates, a.updates);
  const fe = c.frontends[0];
  const call = fe.lower(lib)(...fe.args(t));
  const out = new Tensor('float32', c.resultShape, new Float32Array(c.resultBytes / 4));
  const reps = c.perCall ? 20000 : 1;
  const time = (fn) => {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    return (performance.now() - t0) / reps;
  };
  const fresh = [];
  const withOut = [];
  for (let r = 0; r < Number(opts.runs) + 2; r++) {
    const f = time(() => execute(call));
    const o = time(() => execute({ ...call, out }));
    if (r >= 2) {
      fresh.push(f);
      withOut.push(o);
    }
  }
  const u = c.perCall ? 1000 : 1;
  console.log(
    `${c.id} fresh ${(median(fresh) * u).toFixed(2)} out ${(median(withOut) * u).toFixed(2)} ${c.perCall ? 'µs' : 'ms'}`,
  );
}
