// gather-scatter benchmark (issues 6, 13): cases B1–B7 as users call them — through the
// frontends (onnx.*, and numpy.take / torch.index_select / tf.gather for B1 and B7), fresh and
// with `out`, on one thread and on two (enableThreads + shared tensors) — against
// onnxruntime-node, TF.js (cpu, wasm), NumPy (/usr/bin/python3, in-process perf_counter) and a
// memory-copy floor, in one run, alternating implementations, median of ≥ 7 runs after warm-up,
// every output checked; the per-call case B7 in CPU time on both sides (process.cpuUsage,
// process_time). Every case is measured twice (issue 27), each time in a child Node: on
// 4 KiB pages and with GLIBC_TUNABLES=glibc.malloc.hugetlb=1 (transparent huge pages for
// glibc's big blocks), and one table shows both. `node bench/run.mjs --help` lists the options.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Command } from 'commander';
import { defineCases } from './cases.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

// ---------------------------------------------------------------- arguments
const cli = new Command('bench/run.mjs')
  .description('gather-scatter benchmark: B1–B7 through the frontends vs onnxruntime, TF.js, NumPy')
  .option('--quick', 'small sizes, fewer runs (the CI smoke)', false)
  .option('--runs <n>', 'timed runs per implementation (default 7; quick 3)')
  .option('--warmup <n>', 'warm-up runs (default 2; quick 1)')
  .option('--cases <list>', 'comma-separated case ids, e.g. B1,B5', '')
  .option(
    '--threads <n>',
    'our threads for the ×N rows (1 = no threaded rows)',
    String(Math.min(2, os.availableParallelism?.() ?? os.cpus().length)),
  )
  .option('--ort-threads <n>', 'onnxruntime intra-op threads', '2')
  .option('--ort-spin', "let onnxruntime's idle pool threads spin between runs (its default)")
  .option('--budget-ms <n>', 'slow implementations stop after 3 samples past this', '20000')
  .option('--json <path>', 'where to write the results', path.join(here, 'results', 'latest.json'))
  .option('--no-ort', 'skip onnxruntime-node')
  .option('--no-tfjs', 'skip TF.js')
  .option('--no-numpy', 'skip NumPy')
  .option('--collect <kind>', 'untimed collection before each sample: none, minor or major', 'none')
  .option('--no-hugetlb', 'measure on 4 KiB pages only (no GLIBC_TUNABLES=glibc.malloc.hugetlb=1 child)')
  .option('--child <pages>', 'internal: measure in this process (4k or huge) and write --json')
  .parse();
const args = cli.opts();
const QUICK = args.quick;
const RUNS = Number(args.runs ?? (QUICK ? 3 : 7));
const WARMUP = Number(args.warmup ?? (QUICK ? 1 : 2));
const ORT_THREADS = Number(args.ortThreads);
const THREADS = Number(args.threads);
const BUDGET_MS = Number(args.budgetMs);
const ONLY = args.cases.split(',').filter(Boolean);
const JSON_PATH = args.json;
const CHILD = args.child ?? null;
/**
 * `--collect minor|major`: an untimed V8 collection before every timed sample (issue 27). Off by
 * default, because neither kind is neutral: without one, a sample pays for whatever garbage the
 * samples before it left — V8 marks when off-heap ArrayBuffer bytes (every fresh 16–64 MiB
 * result, ours and the peers') pass a limit, in whichever sample allocates next, and a result not
 * yet freed makes the next fresh result fault in new pages; a forced full collection right
 * before a call slowed our JS calls after it (B5 `out` +10–25 ms) but not the native peers'; a
 * scavenge removed onnxruntime's fresh page faults but not our fresh extra. See
 * docs/performance.md ("What is measured").
 */
const COLLECT = collector(args.collect);

function collector(kind) {
  if (kind === 'none') return () => {};
  if (kind !== 'minor' && kind !== 'major') throw new Error(`--collect: none, minor or major; got ${kind}`);
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  return () => gc({ type: kind });
}
const flag = (name) =>
  ({
    '--no-ort': !args.ort,
    '--no-tfjs': !args.tfjs,
    '--no-numpy': !args.numpy,
  })[name];
const TMP = path.join(existsDir('/dev/shm') ? '/dev/shm' : os.tmpdir(), `gsb-${process.pid}`);

function existsDir(p) {
  try {
    readFileSync(path.join(p, '.'));
  } catch (e) {
    return e.code === 'EISDIR';
  }
  return false;
}

// ---------------------------------------------------------------- our library
// What `import 'tensor-gather-scatter'` resolves to under Node (the `node` export condition).
const lib = await import('../dist/index.node.js');
const { Tensor } = lib;
// `execute` runs a lowered call; used for `out` when a frontend does not take `out` yet.
let execute = null;
try {
  ({ execute } = await import('../dist/core/call.js'));
} catch {
  execute = null;
}
// Threads as a user enables them: `enableThreads()` installs the pool; calls split only when
// their tensors live in SharedArrayBuffers (`shareTensor`). One-thread rows use plain tensors.
let nodeThreads = null;
try {
  nodeThreads = await import('../dist/node/index.js');
} catch {
  nodeThreads = null;
}
// ---------------------------------------------------------------- peers
const peers = { missing: {} };
async function loadPeers() {
  if (!flag('--no-ort')) {
    try {
      peers.ort = (await import('onnxruntime-node')).default;
      const { oneNodeModel } = await import('./onnx-model.mjs');
      peers.oneNodeModel = oneNodeModel;
    } catch (e) {
      peers.missing.onnxruntime = String(e.message ?? e).split('\n')[0];
    }
  }
  if (!flag('--no-tfjs')) {
    try {
      const tf = await import('@tensorflow/tfjs-core');
      await import('@tensorflow/tfjs-backend-cpu');
      tf.env().set('PROD', true); // no debug checks
      const warn = console.warn;
      console.warn = () => {}; // the "install tfjs-node" banner
      try {
        await tf.setBackend('cpu');
      } finally {
        console.warn = warn;
      }
      peers.tf = tf;
      try {
        const wasm = await import('@tensorflow/tfjs-backend-wasm');
        const dir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'));
        wasm.setWasmPaths(`${path.join(dir, 'dist')}/`);
        peers.tfWasm = true;
      } catch (e) {
        peers.missing['tfjs-wasm'] = String(e.message ?? e).split('\n')[0];
      }
    } catch (e) {
      peers.missing['tfjs-cpu'] = String(e.message ?? e).split('\n')[0];
      peers.missing['tfjs-wasm'] = 'tfjs-core did not load';
    }
  }
  if (!flag('--no-numpy')) {
    try {
      peers.numpy = await startNumpy();
    } catch (e) {
      peers.missing.numpy = String(e.message ?? e).split('\n')[0];
    }
  }
}

async function tfBackend(name) {
  const tf = peers.tf;
  if (tf.getBackend() === name) return true;
  try {
    const ok = await tf.setBackend(name);
    if (!ok) throw new Error(`tf.setBackend('${name}') returned false`);
    await tf.ready();
    return true;
  } catch (e) {
    peers.missing[`tfjs-${name}`] = String(e.message ?? e).split('\n')[0];
    return false;
  }
}

function startNumpy() {
  return new Promise((resolve, reject) => {
    const py = spawn('/usr/bin/python3', [path.join(here, 'numpy_peer.py')], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    py.stderr.on('data', (d) => {
      stderr += d;
    });
    py.on('error', reject);
    const lines = readline.createInterface({ input: py.stdout });
    const waiting = [];
    let ready = false;
    lines.on('line', (line) => {
      const msg = JSON.parse(line);
      if (!ready) {
        ready = true;
        resolve({
          version: msg.numpy,
          request(req) {
            return new Promise((res) => {
              waiting.push(res);
              py.stdin.write(`${JSON.stringify(req)}\n`);
            });
          },
          close() {
            py.stdin.end();
          },
        });
        return;
      }
      waiting.shift()(msg);
    });
    py.on('exit', (code) => {
      if (!ready) reject(new Error(`python exited with ${code}: ${stderr.trim().split('\n').pop()}`));
      for (const w of waiting.splice(0)) w({ error: `python exited: ${stderr.trim().split('\n').pop()}` });
    });
  });
}

// ---------------------------------------------------------------- helpers
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const now = () => performance.now();
/** CPU milliseconds of this process (all threads: V8's GC helpers included). */
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * `fn(...args)` as a closure with the arguments fixed: a per-call case (B7, ~1 µs a call) times
 * the call, not a fresh argument array and a spread per call.
 */
function fixedCall(fn, args) {
  const [a, b, c, d] = args;
  if (args.length === 2) return () => fn(a, b);
  if (args.length === 3) return () => fn(a, b, c);
  if (args.length === 4) return () => fn(a, b, c, d);
  return () => fn(...args);
}

/** Compares a peer's float32 output with ours: 'exact', '≈ <max rel err>' within tolerance, or a mismatch. */
function compare(ours, theirs, tolerance) {
  if (!theirs) return { ok: false, note: 'no output' };
  if (theirs.length !== ours.length) return { ok: false, note: `length ${theirs.length} ≠ ${ours.length}` };
  const a = new Uint32Array(ours.buffer, ours.byteOffset, ours.length);
  const b = new Uint32Array(theirs.buffer, theirs.byteOffset, theirs.length);
  let diff = 0;
  let first = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) {
      diff++;
      if (first < 0) first = i;
    }
  }
  if (diff === 0) return { ok: true, note: 'exact' };
  if (!tolerance)
    return { ok: false, note: `${diff} differ (first at ${first}: ${ours[first]} vs ${theirs[first]})` };
  let worst = 0;
  for (let i = 0; i < ours.length; i++) {
    const e = Math.abs(ours[i] - theirs[i]) / Math.max(1, Math.abs(ours[i]));
    if (!(e <= worst)) worst = e;
  }
  return worst <= tolerance
    ? { ok: true, note: `≈ ${worst.toExponential(1)}` }
    : { ok: false, note: `max rel err ${worst}` };
}

// ---------------------------------------------------------------- implementations per case
/**
 * An implementation: { name, group: 'ours'|'peer'|'floor', variant: 'fresh'|'out', time(): ms,
 * output(): Float32Array (after one call) }. `time` may be async (onnxruntime, numpy).
 */
function perCallReps(c, who) {
  if (!c.perCall) return 1;
  const base = { ours: 20000, ort: 500, tf: 2000, numpy: 20000 }[who];
  return QUICK ? Math.ceil(base / 10) : base;
}

/** The frontend's result went into `out` (same storage), i.e. the frontend honours `out`. */
function wroteInto(r, out) {
  return (
    r === out ||
    (r?.data?.buffer === out.data.buffer && r.data.byteOffset === out.data.byteOffset && r.size === out.size)
  );
}

function ourImpls(c, t) {
  const impls = [];
  const reps = perCallReps(c, 'ours');
  // A per-call case is timed in CPU time, as NumPy's side is (see numpyImpls): on the shared
  // bench box, wall time over a ~1 µs call mostly measures the scheduler.
  const clock = c.perCall ? cpuNow : now;
  const add = (name, variant, fn, extra = {}) => {
    impls.push({
      name,
      group: 'ours',
      variant,
      time() {
        const t0 = clock();
        for (let i = 0; i < reps; i++) fn();
        return (clock() - t0) / reps;
      },
      output() {
        return fn().data;
      },
      ...extra,
    });
  };
  const shared = {};
  const threaded = !c.perCall && nodeThreads && THREADS > 1 && pool;
  if (threaded) for (const [k, v] of Object.entries(t)) shared[k] = nodeThreads.shareTensor(v);
  for (const fe of c.frontends) {
    const fn = fe.fn(lib);
    if (typeof fn !== 'function') {
      impls.push({ name: fe.name, group: 'ours', variant: 'fresh', missing: `${fe.name} not in dist` });
      continue;
    }
    const sets = [{ tensors: t, suffix: '', threads: 1 }];
    if (threaded && (fe.threads ?? true))
      sets.push({ tensors: shared, suffix: ` ×${THREADS}`, threads: THREADS });
    for (const { tensors, suffix, threads } of sets) {
      const extra = { threads, frontend: fe.name };
      add(`${fe.name}${suffix}`, 'fresh', fixedCall(fn, fe.args(tensors)), extra);
      const data =
        threads > 1
          ? nodeThreads.shareTensor(new Tensor('float32', c.resultShape, new Float32Array(c.resultBytes / 4)))
          : null;
      const out = data ?? new Tensor('float32', c.resultShape, new Float32Array(c.resultBytes / 4));
      // Does the frontend take `out`? Probe once; otherwise run its lowered call with `out`.
      let honours = false;
      try {
        honours = wroteInto(fn(...fe.outArgs(tensors, out)), out);
      } catch {
        honours = false;
      }
      if (honours) add(`${fe.name} out${suffix}`, 'out', fixedCall(fn, fe.outArgs(tensors, out)), extra);
      else if (execute) {
        const lower = fe.lower(lib);
        add(`${fe.name} out${suffix}`, 'out', () => execute({ ...lower(...fe.args(tensors)), out }), {
          ...extra,
          via: 'execute',
        });
      }
    }
  }
  return impls;
}

let pool = null;

async function ortImpls(c, a) {
  // ScatterND add on 2 threads races on duplicate rows (results differ run to run); the
  // scatters are also measured on 1 thread, whose output is deterministic.
  const threadCounts = c.core.op === 'scatter' && ORT_THREADS > 1 ? [ORT_THREADS, 1] : [ORT_THREADS];
  const all = [];
  for (const n of threadCounts) all.push(...(await ortImplsThreads(c, a, n)));
  return all;
}

async function ortImplsThreads(c, a, threads) {
  if (!peers.ort)
    return [
      {
        name: 'onnxruntime',
        group: 'peer',
        variant: 'fresh',
        missing: peers.missing.onnxruntime ?? 'skipped (--no-ort)',
      },
    ];
  const ort = peers.ort;
  const inputs = [
    { name: 'data', dtype: 'float32', shape: c.shapes.data },
    { name: 'indices', dtype: 'int64', shape: c.shapes.indices },
  ];
  if (c.shapes.updates) inputs.push({ name: 'updates', dtype: 'float32', shape: c.shapes.updates });
  const model = peers.oneNodeModel({
    opType: c.onnx.opType,
    inputs,
    outputs: [{ name: 'out', dtype: 'float32', shape: c.resultShape }],
    attributes: c.onnx.attributes,
  });
  let session;
  try {
    session = await ort.InferenceSession.create(model, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      executionProviders: ['cpu'],
      // An idle pool thread that spins after a run keeps a core busy while the next
      // implementation is timed (2 cores here: measured 49–53 ms for ours right after it
      // instead of 60–72); --ort-spin restores onnxruntime's default.
      extra: { session: { intra_op: { allow_spinning: args.ortSpin ? '1' : '0' } } },
    });
  } catch (e) {
    return [
      { name: 'onnxruntime', group: 'peer', variant: 'fresh', missing: String(e.message).split('\n')[0] },
    ];
  }
  const feeds = {
    data: new ort.Tensor('float32', a.data, c.shapes.data),
    indices: new ort.Tensor('int64', a.indices, c.shapes.indices),
  };
  if (a.updates) feeds.updates = new ort.Tensor('float32', a.updates, c.shapes.updates);
  const pre = new ort.Tensor('float32', new Float32Array(c.resultBytes / 4), c.resultShape);
  const reps = perCallReps(c, 'ort');
  const mk = (variant, call, get) => ({
    name: variant === 'fresh' ? `onnxruntime ×${threads}` : `onnxruntime out ×${threads}`,
    group: 'peer',
    variant,
    async time() {
      const t0 = now();
      for (let i = 0; i < reps; i++) await call();
      return (now() - t0) / reps;
    },
    async output() {
      const r = await call();
      return get(r);
    },
  });
  const fresh = mk(
    'fresh',
    () => session.run(feeds),
    (r) => r.out.data,
  );
  fresh.dispose = () => session.release();
  return [
    fresh,
    mk(
      'out',
      () => session.run(feeds, { out: pre }),
      () => pre.data,
    ),
  ];
}

async function tfImpls(c, a) {
  const out = [];
  for (const backend of ['cpu', 'wasm']) {
    const name = `tfjs-${backend}`;
    if (!peers.tf || (backend === 'wasm' && !peers.tfWasm)) {
      out.push({ name, group: 'peer', variant: 'fresh', missing: peers.missing[name] ?? 'not loaded' });
      continue;
    }
    if (!c.tf) {
      out.push({ name, group: 'peer', variant: 'fresh', missing: `TF.js has no ${c.onnx.opType}` });
      continue;
    }
    if (!(await tfBackend(backend))) {
      out.push({ name, group: 'peer', variant: 'fresh', missing: peers.missing[name] });
      continue;
    }
    const tf = peers.tf;
    const idx32 = Int32Array.from(new Int32Array(a.indices.buffer).filter((_, i) => i % 2 === 0));
    const tensors = {};
    const make = () => {
      tensors.data = tf.tensor(a.data, c.shapes.data, 'float32');
      tensors.indices = tf.tensor(idx32, c.shapes.indices, 'int32');
      if (a.updates) tensors.updates = tf.tensor(a.updates, c.shapes.updates, 'float32');
    };
    make();
    const call = () => {
      const x = tensors;
      let y;
      if (c.tf.op === 'gather') y = tf.gather(x.data, x.indices, c.tf.axis);
      else if (c.tf.op === 'gatherND') y = tf.gatherND(x.data, x.indices);
      else if (c.tf.op === 'scatterNDAdd') {
        // TF.js scatterND sums duplicates into zeros; adding the input gives ScatterND add.
        y = tf.tidy(() => tf.add(x.data, tf.scatterND(x.indices, x.updates, c.shapes.data)));
      }
      const d = y.dataSync();
      y.dispose();
      return d;
    };
    const reps = perCallReps(c, 'tf');
    out.push({
      name,
      group: 'peer',
      variant: 'fresh',
      backend,
      async before() {
        await tfBackend(backend);
        if (tensors.data.isDisposed) make();
      },
      time() {
        const t0 = now();
        for (let i = 0; i < reps; i++) call();
        return (now() - t0) / reps;
      },
      output: call,
      dispose() {
        for (const t of Object.values(tensors)) t.dispose();
      },
    });
  }
  return out;
}

async function numpyImpls(c, a) {
  if (!peers.numpy)
    return [
      {
        name: 'numpy',
        group: 'peer',
        variant: 'fresh',
        missing: peers.missing.numpy ?? 'skipped (--no-numpy)',
      },
    ];
  const np = peers.numpy;
  mkdirSync(TMP, { recursive: true });
  const arrays = {};
  for (const [k, v] of Object.entries(a)) {
    const file = path.join(TMP, `${c.id}-${k}.bin`);
    writeFileSync(file, new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    arrays[k] = { file, dtype: v instanceof BigInt64Array ? 'int64' : 'float32', shape: c.shapes[k] };
  }
  const res = await np.request({
    cmd: 'setup',
    case: c.id,
    kind: c.kind,
    axis: c.axis,
    result_shape: c.resultShape,
    arrays,
  });
  if (res.error) return [{ name: 'numpy', group: 'peer', variant: 'fresh', missing: res.error }];
  const reps = perCallReps(c, 'numpy');
  const impls = [];
  for (const variant of ['fresh', 'out']) {
    const probe = await np.request({ cmd: 'run', case: c.id, variant, reps: 1 });
    if (probe.missing) {
      if (variant === 'fresh') impls.push({ name: 'numpy', group: 'peer', variant, missing: probe.missing });
      continue;
    }
    if (probe.error) {
      impls.push({
        name: variant === 'fresh' ? 'numpy' : 'numpy out',
        group: 'peer',
        variant,
        missing: probe.error,
      });
      continue;
    }
    impls.push({
      name: variant === 'fresh' ? 'numpy' : 'numpy out',
      group: 'peer',
      variant,
      async time() {
        const r = await np.request({ cmd: 'run', case: c.id, variant, reps, cpu: !!c.perCall });
        if (r.error) throw new Error(r.error);
        return r.seconds * 1000;
      },
      async output() {
        const dump = path.join(TMP, `${c.id}-${variant}.out`);
        const r = await np.request({ cmd: 'run', case: c.id, variant, reps: 1, dump });
        if (r.error) throw new Error(r.error);
        const buf = readFileSync(dump);
        rmSync(dump);
        return new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
      },
      dispose: () => np.request({ cmd: 'drop', case: c.id }),
    });
  }
  return impls;
}

function floorImpl(c) {
  const n = c.floorBytes / 4;
  const src = new Float32Array(n);
  for (let i = 0; i < n; i++) src[i] = i;
  const dst = new Float32Array(n);
  dst.set(src);
  const reps = c.perCall ? 20000 : 1;
  return {
    name: 'memcpy floor (1 thread)',
    group: 'floor',
    variant: 'floor',
    time() {
      const t0 = now();
      for (let i = 0; i < reps; i++) dst.set(src);
      return (now() - t0) / reps;
    },
  };
}

// ---------------------------------------------------------------- main loop
/**
 * What one sample cost this process beside its wall time (issue 27): CPU time of all its
 * threads (V8's GC helpers and onnxruntime's pool included; NumPy runs in its own process) and
 * minor page faults, so a fresh row's extra over `out` can be told apart — new pages faulted
 * in, or GC work — from the JSON alone.
 */
function usageBetween(u0, u1) {
  return {
    cpuMs: (u1.userCPUTime + u1.systemCPUTime - u0.userCPUTime - u0.systemCPUTime) / 1000,
    faults: u1.minorPageFault - u0.minorPageFault,
  };
}

/** Medians of the samples' usage (per sample, not per call: only cases with one call a sample). */
function usageMedians(usage) {
  if (usage.length === 0) return {};
  return {
    cpuMs: median(usage.map((u) => u.cpuMs)),
    minorFaults: median(usage.map((u) => u.faults)),
  };
}

async function runCase(c) {
  const seed = Number(c.id.slice(1)) * 1000;
  const a = c.make(seed);
  const t = {
    data: new Tensor('float32', c.shapes.data, a.data),
    indices: new Tensor('int64', c.shapes.indices, a.indices),
  };
  if (a.updates) t.updates = new Tensor('float32', c.shapes.updates, a.updates);
  const impls = [
    ...ourImpls(c, t),
    ...(await ortImpls(c, a)),
    ...(await tfImpls(c, a)),
    ...(await numpyImpls(c, a)),
    floorImpl(c),
  ];
  const live = impls.filter((i) => !i.missing);
  // Reference output: the core, fresh. Every other implementation is checked against it.
  const reference = Float32Array.from(live[0].output());
  for (const impl of live) {
    if (impl.group === 'floor') {
      impl.check = { ok: true, note: '—' };
      continue;
    }
    try {
      await impl.before?.();
      // Scatters are checked three times: a racy peer can be right once by chance.
      const times = c.core.op === 'scatter' && impl.group === 'peer' ? 3 : 1;
      for (let k = 0; k < times; k++) {
        const check = compare(reference, await impl.output(), c.tolerance);
        if (
          k === 0 ||
          !check.ok ||
          (impl.check.ok && check.note !== impl.check.note && check.note !== 'exact')
        )
          impl.check = check;
        if (!check.ok) break;
      }
    } catch (e) {
      impl.check = { ok: false, note: `threw: ${String(e.message ?? e).split('\n')[0]}` };
    }
    impl.samples = [];
  }
  for (const impl of live) {
    impl.samples = [];
    impl.usage = [];
  }
  const total = WARMUP + RUNS;
  for (let r = 0; r < total; r++) {
    // Alternate: rotate the order every run so no implementation always follows the same one.
    const order = live.map((_, i) => live[(i + r) % live.length]);
    for (const impl of order) {
      if (impl.failed) continue;
      // Very slow peers (TF.js cpu GatherND, NumPy add.at) stop after 3 samples past 20 s.
      if (impl.samples.length >= 3 && impl.spent > BUDGET_MS) continue;
      await impl.before?.();
      COLLECT();
      try {
        const u0 = process.resourceUsage();
        const ms = await impl.time();
        const u1 = process.resourceUsage();
        impl.spent = (impl.spent ?? 0) + ms * (c.perCall ? 0 : 1);
        if (r >= WARMUP) {
          impl.samples.push(ms);
          impl.usage.push(usageBetween(u0, u1));
        }
      } catch (e) {
        impl.failed = String(e.message ?? e).split('\n')[0];
      }
    }
  }
  for (const impl of live) await impl.dispose?.();
  const floor = median(live.find((i) => i.group === 'floor').samples);
  const rows = impls.map((impl) => {
    if (impl.missing || impl.failed) {
      return {
        impl: impl.name,
        group: impl.group,
        variant: impl.variant,
        missing: impl.missing ?? impl.failed,
        failed: impl.group === 'ours' && !!impl.failed,
      };
    }
    const ms = median(impl.samples);
    return {
      impl: impl.name,
      group: impl.group,
      variant: impl.variant,
      ms,
      gbps: c.floorBytes / (ms * 1e6),
      xFloor: ms / floor,
      samples: impl.samples,
      runs: impl.samples.length,
      ...(c.perCall ? {} : usageMedians(impl.usage)),
      check: impl.check.note,
      checkOk: impl.check.ok,
      frontend: impl.frontend ?? null,
      via: impl.via ?? null,
      threads: impl.threads ?? 1,
      note: impl.note ?? null,
    };
  });
  // Ratio to the best peer of the same variant (fresh vs fresh, out vs out= / out when the
  // peer has it, else vs its fresh time).
  const peerRows = rows.filter((r) => r.group === 'peer' && r.ms !== undefined && r.checkOk);
  const best = (variant) => {
    const same = peerRows.filter((r) => r.variant === variant);
    const pool2 = same.length ? same : peerRows;
    return pool2.reduce((b, r) => (!b || r.ms < b.ms ? r : b), null);
  };
  for (const row of rows) {
    if (row.ms === undefined || row.group === 'floor') continue;
    const b = best(row.variant);
    if (b) {
      row.bestPeer = b.impl;
      row.vsBestPeer = row.ms / b.ms;
    }
  }
  // B7's target is NumPy's `np.take` per call, through every frontend.
  const np = rows.find((r) => r.impl === 'numpy' && r.ms !== undefined && r.checkOk);
  if (np)
    for (const row of rows) if (row.group === 'ours' && row.ms !== undefined) row.vsNumpy = row.ms / np.ms;
  return { id: c.id, title: c.title, floorBytes: c.floorBytes, floorMs: floor, perCall: !!c.perCall, rows };
}

function fmtMs(ms, perCall) {
  if (perCall) return `${(ms * 1000).toFixed(2)} µs`;
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

/** The two page sizes every case is measured with, each in its own child Node. */
const PAGES = [
  { id: '4k', label: '4 KiB pages', env: { GLIBC_TUNABLES: '' } },
  { id: 'huge', label: 'huge pages', env: { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' } },
];

/**
 * One table for both children: a row per implementation, its time on 4 KiB pages and with
 * GLIBC_TUNABLES=glibc.malloc.hugetlb=1, each with its ratio to the floor and the best peer of
 * the same child.
 */
function printTable(byPages) {
  const modes = PAGES.filter((p) => byPages[p.id]);
  const header = ['case', 'implementation', 'variant', 'thr'];
  for (const m of modes) header.push(`${m.id} ms`, `${m.id} × floor`, `${m.id} vs best peer`);
  header.push('check');
  const body = [];
  const first = byPages[modes[0].id];
  for (const res of first) {
    const other = modes.map((m) => byPages[m.id].find((r) => r.id === res.id));
    for (const r of res.rows) {
      const thr =
        r.group === 'ours'
          ? String(r.threads ?? 1)
          : r.group === 'peer'
            ? (r.impl.match(/×(\d+)/)?.[1] ?? '1')
            : '1';
      const cells = [res.id, r.impl, r.variant, thr];
      const checks = new Set();
      for (const o of other) {
        const x = o?.rows.find((y) => y.impl === r.impl && y.variant === r.variant);
        if (!x || x.ms === undefined) {
          cells.push('missing', '', '');
          if (x?.missing) checks.add(x.missing);
          continue;
        }
        checks.add(x.check);
        cells.push(
          fmtMs(x.ms, res.perCall),
          x.xFloor !== undefined ? x.xFloor.toFixed(2) : '',
          x.vsBestPeer !== undefined ? `${x.vsBestPeer.toFixed(2)} (${x.bestPeer})` : '',
        );
      }
      if (r.via) checks.add(`via ${r.via}`);
      cells.push([...checks].join('; '));
      body.push(cells);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => String(b[i]).length)));
  const line = (cells) => `| ${cells.map((x, i) => String(x).padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

// Issue 27 targets, one thread against the peer's own variant:
//   B1, B2, B4: ours with `out` ≤ 2× NumPy's take(out=) / preallocated fancy indexing;
//   B5: ours (fresh or `out`) ≤ 1.5× onnxruntime's fresh time (its exact, one-thread run);
//   B7: every frontend's fresh call ≤ NumPy's np.take per call.
const TARGETS = {
  B1: { variant: 'out', peer: 'numpy out', limit: 2 },
  B2: { variant: 'out', peer: 'numpy out', limit: 2 },
  B4: { variant: 'out', peer: 'numpy out', limit: 2 },
  B5: { variant: 'any', peer: 'onnxruntime ×1', limit: 1.5 },
  B7: { variant: 'fresh', peer: 'numpy', limit: 1 },
};

function targetsTable(byPages) {
  const lines = [
    '| pages | case | frontend | ours (1 thread) | peer | ratio | target | verdict |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const m of PAGES) {
    for (const res of byPages[m.id] ?? []) {
      const t = TARGETS[res.id];
      if (!t) continue;
      const live = res.rows.filter((r) => r.ms !== undefined && r.checkOk !== false);
      const peer = live.find((r) => r.impl === t.peer);
      const names = [...new Set(live.filter((r) => r.group === 'ours').map((r) => r.frontend))];
      for (const fe of names) {
        const mine = live.filter(
          (r) =>
            r.group === 'ours' &&
            r.frontend === fe &&
            r.threads === 1 &&
            (t.variant === 'any' || r.variant === t.variant),
        );
        const best = mine.reduce((b, r) => (!b || r.ms < b.ms ? r : b), null);
        const f = (r) => (r ? `${fmtMs(r.ms, res.perCall)} (${r.impl})` : '—');
        const ratio = best && peer ? best.ms / peer.ms : null;
        const verdict = ratio === null ? 'no data' : ratio <= t.limit ? 'met' : 'not met';
        lines.push(
          `| ${m.id} | ${res.id} | ${fe} | ${f(best)} | ${f(peer)} | ${ratio === null ? '—' : ratio.toFixed(2)} | ≤ ${t.limit} | ${verdict} |`,
        );
      }
    }
  }
  return lines.join('\n');
}

/** Measures every case in this process and writes { env, results } to --json (a child's job). */
async function measure() {
  await loadPeers();
  if (nodeThreads && THREADS > 1) pool = await nodeThreads.enableThreads({ helpers: THREADS - 1 });
  const cases = defineCases(QUICK).filter((c) => ONLY.length === 0 || ONLY.includes(c.id));
  const env = {
    pages: CHILD,
    glibcTunables: process.env.GLIBC_TUNABLES ?? '',
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    loadavg: os.loadavg(),
    quick: QUICK,
    runs: RUNS,
    warmup: WARMUP,
    ortThreads: ORT_THREADS,
    ortSpin: Boolean(args.ortSpin),
    collect: args.collect,
    threads: THREADS,
    parallel: nodeThreads ? 'available' : 'not built',
    numpy: peers.numpy?.version ?? null,
    missingPeers: peers.missing,
  };
  const results = [];
  for (const c of cases) {
    const t0 = now();
    const res = await runCase(c);
    results.push(res);
    console.log(
      `[${CHILD}] ${c.id} ${c.title}: floor ${fmtMs(res.floorMs, res.perCall)} for ${(c.floorBytes / 2 ** 20).toFixed(2)} MiB (${((now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
  env.loadavgAfter = os.loadavg();
  mkdirSync(path.dirname(JSON_PATH), { recursive: true });
  writeFileSync(JSON_PATH, `${JSON.stringify({ env, results }, null, 1)}\n`);
  peers.numpy?.close();
  if (pool) nodeThreads.disableThreads(pool);
  rmSync(TMP, { recursive: true, force: true });
}

/** Runs the measuring child once per page size (one after the other), then merges and prints. */
async function orchestrate() {
  const pages = args.hugetlb ? PAGES : PAGES.slice(0, 1);
  const forwarded = process.argv.slice(2).filter((a, i, all) => a !== '--json' && all[i - 1] !== '--json');
  mkdirSync(TMP, { recursive: true });
  const byPages = {};
  const envs = {};
  for (const p of pages) {
    const json = path.join(TMP, `${p.id}.json`);
    const code = await new Promise((res) => {
      const child = spawn(
        process.execPath,
        [fileURLToPath(import.meta.url), ...forwarded, '--child', p.id, '--json', json],
        { stdio: 'inherit', env: { ...process.env, ...p.env } },
      );
      child.on('exit', (c, sig) => res(c ?? `signal ${sig}`));
    });
    if (code !== 0) {
      console.error(`the ${p.label} child failed (${code})`);
      process.exitCode = 1;
      return;
    }
    const got = JSON.parse(readFileSync(json, 'utf8'));
    byPages[p.id] = got.results;
    envs[p.id] = got.env;
  }
  const e = envs['4k'];
  const load = (x) => x.map((v) => v.toFixed(1)).join(' ');
  console.log(
    `\ngather-scatter bench: ${QUICK ? 'quick, ' : ''}median of ${RUNS} after ${WARMUP} warm-up; node ${e.node}, ${e.cpus} cpus (${e.cpuModel}); onnxruntime ${ORT_THREADS} threads; numpy ${e.numpy ?? 'missing'}`,
  );
  for (const p of pages)
    console.log(
      `  ${p.label} child (GLIBC_TUNABLES=${envs[p.id].glibcTunables || '∅'}): load ${load(envs[p.id].loadavg)} → ${load(envs[p.id].loadavgAfter)}`,
    );
  console.log();
  console.log(printTable(byPages));
  console.log(`\n${targetsTable(byPages)}`);
  const missing = Object.entries(e.missingPeers);
  if (missing.length) {
    console.log('\nmissing peers:');
    for (const [k, v] of missing) console.log(`  ${k}: ${v}`);
  }
  const all = Object.entries(byPages).flatMap(([id, results]) =>
    results.map((r) => ({ ...r, id: `${r.id} [${id}]` })),
  );
  const bad = all.flatMap((r) =>
    r.rows
      .filter((x) => x.ms !== undefined && x.checkOk === false)
      .map((x) => `${r.id} ${x.impl}: ${x.check}`),
  );
  if (bad.length) console.log(`\noutput mismatches (excluded from "best peer"):\n  ${bad.join('\n  ')}`);
  // Only our own wrong or failing outputs fail the run; peers' mismatches are findings.
  const oursBad = all.flatMap((r) =>
    r.rows
      .filter((x) => x.group === 'ours' && (x.checkOk === false || x.failed))
      .map((x) => ({ ...x, id: r.id })),
  );
  for (const x of oursBad) console.error(`ours failed: ${x.id} ${x.impl}: ${x.check ?? x.missing}`);
  mkdirSync(path.dirname(JSON_PATH), { recursive: true });
  writeFileSync(JSON_PATH, `${JSON.stringify({ env: envs, results: byPages }, null, 1)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), JSON_PATH)}`);
  rmSync(TMP, { recursive: true, force: true });
  process.exitCode = oursBad.length ? 1 : 0;
}

await (CHILD ? measure() : orchestrate());
