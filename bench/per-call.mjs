// B7 per call, A/B: the tiny gather (bench/cases.mjs B7: float32[16,16] ← 4 int64 indices, axis
// 0) through onnx.Gather, numpy.take, torch.index_select and tf.gather, fresh and with `out`, and
// a fresh result's allocation alone, for one or more builds loaded into ONE process and timed
// interleaved, against NumPy 1.24's np.take and np.empty (/usr/bin/python3) timed in the same
// run, after them. Not part of `npm run bench`.
//   node bench/per-call.mjs [--dist dist,/tmp/wt-base/dist] [--rounds 11] [--calls 10000] [--no-numpy]
// Time is CPU time (process.cpuUsage; Python's time.process_time), all threads of the process:
// on a loaded machine (the bench box is shared) wall time mostly measures the scheduler, CPU
// time what a call costs, V8's background sweeper and GC included. Also prints the minor page
// faults per 1000 calls (a fresh result that faulted its memory in would show here).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command } from 'commander';
import { randomFloats, randomIndices } from './cases.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const opts = new Command('bench/per-call.mjs')
  .description('B7 per call: builds interleaved in one process, CPU time, vs NumPy np.take')
  .option(
    '--dist <list>',
    'comma-separated build directories (first = reference)',
    path.join(here, '..', 'dist'),
  )
  .option('--rounds <n>', 'rounds (median and min over them)', '11')
  .option('--calls <n>', 'calls per round and implementation', '10000')
  .option('--no-numpy', 'skip NumPy')
  .parse()
  .opts();
const ROUNDS = Number(opts.rounds);
const CALLS = Number(opts.calls);
const dists = opts.dist.split(',').filter(Boolean);
// B7's data, seeded as bench/run.mjs seeds it (case number × 1000).
const values = randomFloats(256, 7001);
const picks = randomIndices(4, 16, 7002);

const ALLOC = 'alloc only: new Float32Array(64)';

function callsOf(lib) {
  const { Tensor, onnx, numpy, torch, tf } = lib;
  const data = new Tensor('float32', [16, 16], values.slice());
  const idx = new Tensor('int64', [4], picks.slice());
  const out = () => new Tensor('float32', [4, 16], new Float32Array(64));
  const [o1, o2, o3, o4] = [out(), out(), out(), out()];
  return [
    ['onnx.Gather', () => onnx.Gather(data, idx, { axis: 0 })],
    ['numpy.take', () => numpy.take(data, idx, { axis: 0 })],
    ['torch.index_select', () => torch.index_select(data, 0, idx)],
    ['tf.gather', () => tf.gather(data, idx, { axis: 0 })],
    ['onnx.Gather out', () => onnx.Gather(data, idx, { axis: 0 }, { out: o1 })],
    ['numpy.take out', () => numpy.take(data, idx, { axis: 0, out: o2 })],
    ['torch.index_select out', () => torch.index_select(data, 0, idx, { out: o3 })],
    ['tf.gather out', () => tf.gather(data, idx, { axis: 0 }, { out: o4 })],
    // What a fresh result's storage costs by itself (V8 keeps a 256-byte typed array off-heap:
    // malloc, a backing store, a sweep after GC); NumPy's row: np.empty of the result.
    [ALLOC, () => ({ data: new Float32Array(64) })],
  ];
}

const minorFaults = () => {
  try {
    return Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[7]);
  } catch {
    return Number.NaN; // no procfs (not Linux): faults are not reported
  }
};

/** CPU µs per call of `CALLS` calls, and the minor faults they took. */
function timeCalls(fn) {
  const f0 = minorFaults();
  const t0 = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) fn();
  const d = process.cpuUsage(t0);
  return { us: (d.user + d.system) / CALLS, faults: minorFaults() - f0 };
}

// np.take per call, fresh and with out=, in CPU time: one short Python run per round.
const NUMPY = `
import json, sys, time
import numpy as np
spec = json.loads(sys.stdin.read())
a = np.array(spec["data"], dtype=np.float32).reshape(16, 16)
i = np.array(spec["indices"], dtype=np.int64)
o = np.empty((4, 16), dtype=np.float32)
res = {}
for name, f in (("fresh", lambda: np.take(a, i, axis=0)), ("out", lambda: np.take(a, i, axis=0, out=o)),
                ("alloc", lambda: np.empty((4, 16), dtype=np.float32))):
    for _ in range(1000): f()
    t0 = time.process_time()
    for _ in range(spec["calls"]): f()
    res[name] = (time.process_time() - t0) / spec["calls"] * 1e6
res["version"] = np.__version__
print(json.dumps(res))
`;
const numpyInput = JSON.stringify({ data: [...values], indices: [...picks].map(Number), calls: CALLS });
function numpyRound() {
  const r = spawnSync('/usr/bin/python3', ['-c', NUMPY], { input: numpyInput, encoding: 'utf8' });
  if (r.status !== 0) return null;
  return JSON.parse(r.stdout);
}

const builds = [];
for (const d of dists) {
  const lib = await import(pathToFileURL(path.resolve(d, 'index.js')).href);
  builds.push({ dir: d, calls: callsOf(lib) });
}
const names = builds[0].calls.map(([n]) => n);
// Every build computes B7 alike (bit for bit) before anything is timed.
for (let c = 0; c < names.length; c++) {
  const want = Buffer.from(builds[0].calls[c][1]().data.buffer).toString('hex');
  for (const b of builds.slice(1))
    if (Buffer.from(b.calls[c][1]().data.buffer).toString('hex') !== want)
      throw new Error(`${names[c]}: ${b.dir} computes a different result from ${builds[0].dir}`);
}

const samples = builds.map(() => names.map(() => []));
const faults = builds.map(() => names.map(() => 0));
const np = { fresh: [], out: [], alloc: [], version: null };
for (const b of builds) for (const [, fn] of b.calls) timeCalls(fn); // warm-up
for (let r = 0; r < ROUNDS; r++) {
  // Alternate the builds' order round by round, so neither always runs first.
  const order = builds.map((_, i) => (r % 2 === 0 ? i : builds.length - 1 - i));
  for (let c = 0; c < names.length; c++)
    for (const i of order) {
      const t = timeCalls(builds[i].calls[c][1]);
      samples[i][c].push(t.us);
      faults[i][c] += t.faults;
    }
}
// NumPy after every JS round: spawning forks this process, whose next writes would then take
// copy-on-write faults (they showed as ~40 faults per 1000 calls in the round after a spawn).
for (let r = 0; opts.numpy && r < ROUNDS; r++) {
  const n = numpyRound();
  if (!n) break;
  np.fresh.push(n.fresh);
  np.out.push(n.out);
  np.alloc.push(n.alloc);
  np.version = n.version;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const load = os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');
console.log(
  `B7 per call: ${ROUNDS} rounds × ${CALLS} calls, CPU µs/call median (min); node ${process.version}, ` +
    `${os.cpus().length} cpus, load ${load}; GLIBC_TUNABLES=${process.env.GLIBC_TUNABLES || '∅'}`,
);
const header = ['frontend', ...builds.map((b) => b.dir), 'faults/1k calls'];
if (builds.length > 1) header.push('last / first');
if (np.fresh.length) header.push(`last / np.take (NumPy ${np.version})`);
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (let c = 0; c < names.length; c++) {
  const meds = samples.map((s) => median(s[c]));
  const cells = [
    names[c],
    ...samples.map((s, i) => `${meds[i].toFixed(3)} (${Math.min(...s[c]).toFixed(3)})`),
  ];
  cells.push(((1000 * faults[builds.length - 1][c]) / (ROUNDS * CALLS)).toFixed(2));
  if (builds.length > 1) cells.push((meds[meds.length - 1] / meds[0]).toFixed(3));
  if (np.fresh.length) {
    const kind = names[c] === ALLOC ? 'alloc' : names[c].endsWith(' out') ? 'out' : 'fresh';
    const peer = median(np[kind]);
    const what = { fresh: 'np', out: 'np', alloc: 'np.empty' }[kind];
    cells.push(`${(meds[meds.length - 1] / peer).toFixed(2)} (${what} ${peer.toFixed(3)})`);
  }
  console.log(`| ${cells.join(' | ')} |`);
}
