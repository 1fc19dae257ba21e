// Kernel A/B microbenchmark: the ONNX lowering of each case executed with `out` (and fresh) on
// one thread, median of N. Not part of `npm run bench`; for quick same-process comparisons.
//   node bench/micro.mjs [--cases B3,B6] [--runs 9] [--quick] [--dist ../dist,/tmp/old-dist]
// Several builds (--dist a,b) run alternately in the same rounds, so a kernel change is judged
// against its predecessor under the same machine load; each line also gives the CPU time.
// Two questions docs/performance.md answers with it, each alternating its variants in one run:
//   node bench/micro.mjs --alloc      a fresh 64 MiB Float32Array + set, against a warm set
//   node bench/micro.mjs --rows 256   ways to copy 65536 random rows of N lanes (1 KiB for 256)
// Run each twice, the second time under GLIBC_TUNABLES=glibc.malloc.hugetlb=1.
import { Command } from 'commander';
import { defineCases } from './cases.mjs';

const opts = new Command()
  .option('--cases <list>', 'cases', '')
  .option('--runs <n>', 'runs', '9')
  .option('--quick', 'small sizes', false)
  .option('--dist <dirs>', 'builds to load (comma-separated: alternated round by round)', '../dist')
  .option('--alloc', 'time a fresh 64 MiB result against a warm copy', false)
  .option('--rows <lanes>', 'time row-copy strategies for rows of this many int32 lanes')
  .parse()
  .opts();
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Runs each variant `runs` times in rotation after 2 warm-ups; prints median and min (ms). */
function alternate(variants, runs) {
  const t = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (let r = 0; r < runs + 2; r++)
    for (const [k, f] of Object.entries(variants)) {
      const t0 = performance.now();
      f();
      if (r >= 2) t[k].push(performance.now() - t0);
    }
  const tag = process.env.GLIBC_TUNABLES || '4 KiB pages';
  for (const [k, xs] of Object.entries(t))
    console.log(
      `${tag}: ${k.padEnd(28)} median ${median(xs).toFixed(2)} min ${Math.min(...xs).toFixed(2)} ms`,
    );
}

if (opts.alloc) {
  const src = new Float32Array(16 << 20).fill(1.5);
  const warm = new Float32Array(16 << 20);
  alternate(
    {
      'fresh 64 MiB + set': () => new Float32Array(16 << 20).set(src),
      'warm 64 MiB set': () => warm.set(src),
    },
    Number(opts.runs),
  );
  process.exit(0);
}
if (opts.rows) {
  // 65536 rows picked at random from 65536, as B1 (256 lanes) or B2/B4 (64 lanes) copy them.
  const D = Number(opts.rows);
  const N = 65536;
  const src = new Int32Array(N * D).map((_, i) => Math.imul(i, 0x9e3779b1));
  const dst = new Int32Array(N * D);
  const idx = new Int32Array(N);
  for (let i = 0, a = 12345; i < N; i++) {
    a = (Math.imul(a, 1103515245) + 12345) >>> 0;
    idx[i] = a % N;
  }
  alternate(
    {
      'one row at a time (loop)': () => {
        for (let j = 0; j < N; j++) {
          const s = idx[j] * D;
          const d = j * D;
          for (let i = 0; i < D; i++) dst[d + i] = src[s + i];
        }
      },
      'TypedArray.set per row': () => {
        for (let j = 0; j < N; j++) dst.set(src.subarray(idx[j] * D, idx[j] * D + D), j * D);
      },
      '8 rows interleaved': () => {
        for (let j = 0; j < N; j += 8) {
          const s = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => idx[j + k] * D);
          const [s0, s1, s2, s3, s4, s5, s6, s7] = s;
          const d = j * D;
          for (let i = 0; i < D; i++) {
            dst[d + i] = src[s0 + i];
            dst[d + D + i] = src[s1 + i];
            dst[d + 2 * D + i] = src[s2 + i];
            dst[d + 3 * D + i] = src[s3 + i];
            dst[d + 4 * D + i] = src[s4 + i];
            dst[d + 5 * D + i] = src[s5 + i];
            dst[d + 6 * D + i] = src[s6 + i];
            dst[d + 7 * D + i] = src[s7 + i];
          }
        }
      },
      'memcpy floor (one set)': () => dst.set(src),
    },
    Number(opts.runs),
  );
  process.exit(0);
}
const builds = [];
for (const dir of opts.dist.split(',').filter(Boolean)) {
  const lib = await import(`${dir}/index.js`);
  const { execute } = await import(`${dir}/core/call.js`);
  builds.push({ dir, lib, execute });
}
const only = opts.cases.split(',').filter(Boolean);
for (const c of defineCases(opts.quick)) {
  if (only.length && !only.includes(c.id)) continue;
  const a = c.make(Number(c.id.slice(1)) * 1000);
  const reps = c.perCall ? 20000 : 1;
  // Wall and CPU time of `reps` calls (CPU time: less swayed by other processes on the cores).
  const time = (fn) => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    const cpu = process.cpuUsage(c0);
    return [(performance.now() - t0) / reps, (cpu.user + cpu.system) / 1000 / reps];
  };
  const runs = builds.map(({ dir, lib, execute }) => {
    const { Tensor } = lib;
    const t = {
      data: new Tensor('float32', c.shapes.data, a.data),
      indices: new Tensor('int64', c.shapes.indices, a.indices),
    };
    if (a.updates) t.updates = new Tensor('float32', c.shapes.updates, a.updates);
    const fe = c.frontends[0];
    const call = fe.lower(lib)(...fe.args(t));
    const out = new Tensor('float32', c.resultShape, new Float32Array(c.resultBytes / 4));
    return { dir, fresh: () => execute(call), out: () => execute({ ...call, out }), t: [[], [], [], []] };
  });
  for (let r = 0; r < Number(opts.runs) + 2; r++)
    for (const run of runs) {
      const f = time(run.fresh);
      const o = time(run.out);
      if (r < 2) continue;
      for (const [k, x] of [f[0], o[0], f[1], o[1]].entries()) run.t[k].push(x);
    }
  const u = c.perCall ? 1000 : 1;
  const ms = (xs) => (median(xs) * u).toFixed(2);
  for (const { dir, t } of runs)
    console.log(
      `${c.id} fresh ${ms(t[0])} out ${ms(t[1])} ${c.perCall ? 'µs' : 'ms'} (cpu: fresh ${ms(t[2])} out ${ms(t[3])})${builds.length > 1 ? ` ${dir}` : ''}`,
    );
}
