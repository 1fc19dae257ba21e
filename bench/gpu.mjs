#!/usr/bin/env node
// GPU rows of the benchmark: B1–B7 (bench/cases.mjs) in Chromium on WebGPU — our backend
// (src/backends/webgpu) vs TF.js's WebGPU backend and onnxruntime-web's WebGPU provider.
//
//   npm run bench:gpu -- [--quick] [--runs 5] [--cases B1,B5] [--json file] [--chromium path]
//                        [--no-peers] [--allow-software]
//
// Builds a page with Vite (the library's TypeScript sources, cases.mjs, the two peers), serves it
// on localhost, drives it with playwright-core and prints one row per case and implementation:
// the median time and whether the result equals our CPU result (ours on the GPU must be
// bit-identical; peers are compared with the case's tolerance; implementations are timed
// interleaved, run by run), then the CPU bench's table
// (bench/run.mjs) and the targets (ours within 2× of the faster peer on B1–B6). The same command
// runs on a machine with a real GPU: nothing here is specific to SwiftShader. When the adapter is
// a software one (SwiftShader: Vulkan on the CPU, what headless Chromium gets without a GPU), it
// says so and exits 2 before timing anything, unless --allow-software (a proxy for work done,
// never a GPU timing; the report says so on every case).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { defineCases } from './cases.mjs';
import { oneNodeModel } from './onnx-model.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORK = path.join(ROOT, 'bench', 'results', 'gpu-page');
const ORT_DIST = path.join(ROOT, 'node_modules', 'onnxruntime-web', 'dist');

const cli = new Command('bench/gpu.mjs')
  .description('GPU bench: B1–B7 on WebGPU in Chromium, ours vs TF.js webgpu and onnxruntime-web webgpu')
  .option('--quick', 'small sizes (the bench --quick sizes)')
  .option('--runs <n>', 'timed runs per implementation (median reported)', '5')
  .option('--warmup <n>', 'untimed runs first', '2')
  .option('--cases <ids>', 'comma-separated case ids', '')
  .option('--json <file>', 'also write the results as JSON')
  .option('--chromium <path>', 'Chromium executable', '/usr/bin/chromium')
  .option('--no-peers', 'ours only (no TF.js, no onnxruntime-web)')
  .option('--headed', 'show the browser window')
  .option('--allow-software', 'time a software adapter (SwiftShader) anyway: not a GPU timing');
const args = cli.parse().opts();

const rel = (p) => path.relative(WORK, path.join(ROOT, p)).split(path.sep).join('/');

// The page: every implementation runs there, on the same data; results return as numbers.
const ENTRY = `
import { tensor, onnx } from '${rel('src/index.ts')}';
import { executeOn } from '${rel('src/backends/index.ts')}';
import { createWebGpuBackend } from '${rel('src/backends/webgpu/index.ts')}';
import { execute } from '${rel('src/core/call.ts')}';
import { defineCases } from '${rel('bench/cases.mjs')}';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-webgpu';
import * as ort from 'onnxruntime-web/webgpu';

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
async function timeIt(fn, runs, warmup, reps) {
  for (let i = 0; i < warmup; i++) await fn();
  const ts = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) await fn();
    ts.push((performance.now() - t0) / reps);
  }
  return median(ts);
}
function compare(want, got, tolerance) {
  if (got.length !== want.length) return { equal: false, bits: false, maxDiff: Infinity, note: 'length ' + got.length + ' != ' + want.length };
  const a = new Uint32Array(want.buffer, want.byteOffset, want.length);
  const b = new Uint32Array(new Float32Array(got).buffer);
  let bits = true, maxDiff = 0, bad = 0;
  for (let i = 0; i < want.length; i++) {
    if (a[i] !== b[i]) bits = false;
    const d = Math.abs(want[i] - got[i]);
    if (!(d <= tolerance * Math.max(1, Math.abs(want[i])))) bad++;
    if (d > maxDiff || Number.isNaN(d)) maxDiff = d;
  }
  return { equal: bad === 0, bits, maxDiff, bad };
}
let gpu;
window.bench = {
  async init(peers) {
    gpu = await createWebGpuBackend();
    const info = { ours: gpu.adapterInfo, limits: { maxBufferSize: gpu.device.limits.maxBufferSize } };
    if (peers) {
      try { await tf.setBackend('webgpu'); await tf.ready(); info.tf = tf.getBackend(); } catch (e) { info.tfError = String(e.message || e); }
      ort.env.wasm.wasmPaths = '/ort/';
      ort.env.wasm.numThreads = 1;
      info.ort = ort.env.versions?.web ?? 'loaded';
    }
    return info;
  },
  async runCase(id, quick, runs, warmup, modelBase64, peers) {
    const c = defineCases(quick).find((x) => x.id === id);
    const a = c.make(1);
    const reps = c.perCall ? 50 : 1;
    const tolerance = c.tolerance ?? 0;
    const t = {
      data: tensor(a.data, 'float32').reshape(c.shapes.data),
      indices: tensor(a.indices, 'int64').reshape(c.shapes.indices),
    };
    if (a.updates) t.updates = tensor(a.updates, 'float32').reshape(c.shapes.updates);
    const ins = a.updates ? [t.data, t.indices, t.updates] : [t.data, t.indices];
    const call = onnx.lower[c.onnx.opType](...ins, c.onnx.attributes);
    const rows = [];
    // Timed later, interleaved: run r of every implementation before run r + 1 of any, so load
    // that comes and goes on a shared machine falls on all of them alike.
    const timed = [];
    const cleanups = [];
    const later = (row, fn) => { timed.push({ row, fn }); return row; };
    const t0 = performance.now();
    const cpu = execute(call);
    const cpuMs = performance.now() - t0;
    const want = cpu.data;
    rows.push({ impl: 'ours CPU (1 thread, page)', ms: await timeIt(() => execute(call), Math.min(runs, 3), 0, reps), check: 'reference', firstMs: cpuMs });
    // Ours on the GPU: host → host (upload, run, read) and resident (inputs on the GPU, result kept).
    const got = await executeOn(call, gpu);
    const ourCheck = compare(want, got.data, 0);
    rows.push(later({ impl: 'ours WebGPU host→host', check: ourCheck.bits ? 'bit-identical' : 'DIFFERS', ...ourCheck }, () => executeOn(call, gpu)));
    const bind = call.kind === 'gather'
      ? { operand: gpu.upload(call.operand), start_indices: gpu.upload(call.start_indices) }
      : { inputs: [gpu.upload(call.inputs[0])], scatter_indices: gpu.upload(call.scatter_indices), updates: [gpu.upload(call.updates[0])] };
    const resident = async () => { const r = await gpu.run(call, bind); await gpu.device.queue.onSubmittedWorkDone(); r.destroy(); };
    const residentOut = await (await gpu.run(call, bind)).read();
    const resCheck = compare(want, residentOut.data, 0);
    rows.push(later({ impl: 'ours WebGPU resident', check: resCheck.bits ? 'bit-identical' : 'DIFFERS', ...resCheck }, resident));
    cleanups.push(() => { for (const x of Object.values(bind)) for (const g of [x].flat()) g.destroy(); });
    if (peers) {
      if (!c.tf) rows.push({ impl: 'TF.js webgpu', missing: 'TF.js has no ' + c.onnx.opType });
      else if (tf.getBackend() !== 'webgpu') rows.push({ impl: 'TF.js webgpu', missing: 'webgpu backend not available' });
      else {
        const idx32 = Int32Array.from(new Int32Array(a.indices.buffer).filter((_, i) => i % 2 === 0));
        const x = tf.tensor(a.data, c.shapes.data, 'float32');
        const i = tf.tensor(idx32, c.shapes.indices, 'int32');
        const u = a.updates ? tf.tensor(a.updates, c.shapes.updates, 'float32') : null;
        const op = () =>
          c.tf.op === 'gather' ? tf.gather(x, i, c.tf.axis)
          : c.tf.op === 'gatherND' ? tf.gatherND(x, i)
          // TF.js scatterND sums duplicates into zeros; adding the input gives ScatterND add.
          : tf.tidy(() => tf.add(x, tf.scatterND(i, u, c.shapes.data)));
        const run = async () => { const y = op(); const d = await y.data(); y.dispose(); return d; };
        try {
          const check = compare(want, await run(), tolerance);
          rows.push(later({ impl: 'TF.js webgpu host→host', check: check.bits ? 'bit-identical' : check.equal ? 'within tolerance' : 'DIFFERS', ...check }, run));
        } catch (e) {
          rows.push({ impl: 'TF.js webgpu', missing: String(e.message || e).split('\\n')[0] });
        }
        cleanups.push(() => { for (const z of [x, i, u]) z?.dispose(); });
      }
      try {
        const model = Uint8Array.from(atob(modelBase64), (ch) => ch.charCodeAt(0));
        const session = await ort.InferenceSession.create(model, { executionProviders: ['webgpu'], graphOptimizationLevel: 'all' });
        const feeds = { data: new ort.Tensor('float32', a.data, c.shapes.data), indices: new ort.Tensor('int64', a.indices, c.shapes.indices) };
        if (a.updates) feeds.updates = new ort.Tensor('float32', a.updates, c.shapes.updates);
        const run = async () => (await session.run(feeds)).out.getData();
        const check = compare(want, await run(), tolerance);
        rows.push(later({ impl: 'onnxruntime-web webgpu host→host', check: check.bits ? 'bit-identical' : check.equal ? 'within tolerance' : 'DIFFERS', ...check }, run));
        cleanups.push(() => session.release());
      } catch (e) {
        rows.push({ impl: 'onnxruntime-web webgpu', missing: String(e.message || e).split('\\n')[0] });
      }
    }
    for (const { fn } of timed) for (let w = 0; w < warmup; w++) await fn();
    const samples = timed.map(() => []);
    for (let r = 0; r < runs; r++)
      for (const [k, { fn }] of timed.entries()) {
        const s0 = performance.now();
        for (let j = 0; j < reps; j++) await fn();
        samples[k].push((performance.now() - s0) / reps);
      }
    timed.forEach(({ row }, k) => { row.ms = median(samples[k]); });
    for (const f of cleanups) await f();
    return { id, title: c.title, rows };
  },
};
document.body.dataset.ready = '1';
`;

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
};

function serve(dist) {
  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const [base, name] = url.startsWith('/ort/')
      ? [ORT_DIST, url.slice(5)]
      : [dist, url === '/' ? 'index.html' : url];
    const file = path.join(base, name);
    if (!file.startsWith(base) || !existsSync(file)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
    res.end(readFileSync(file));
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
}

const fmt = (ms) =>
  ms === undefined ? '—' : ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(4);

const PEER = /^(TF\.js|onnxruntime-web)/;
const bestPeer = (rows) =>
  rows
    .filter((r) => PEER.test(r.impl) && r.ms !== undefined)
    .reduce((b, r) => (!b || r.ms < b.ms ? r : b), null);

/** The CPU bench's table (bench/run.mjs printTable): one row per case and implementation. */
function table(cases) {
  const header = [
    'case',
    'implementation',
    'variant',
    'thr',
    'time (ms)',
    'GB/s',
    '× floor',
    'vs best peer',
    'check',
  ];
  const body = [];
  for (const c of cases) {
    const best = bestPeer(c.rows);
    for (const r of c.rows) {
      const impl = r.impl.replace(/ host→host| resident/, '');
      const variant = / resident/.test(r.impl) ? 'resident' : 'fresh';
      if (r.ms === undefined) {
        body.push([c.id, impl, variant, '1', 'missing', '', '', '', r.missing]);
        continue;
      }
      const vs =
        best && r.impl.startsWith('ours WebGPU')
          ? `${(r.ms / best.ms).toFixed(2)} (${best.impl.split(' ')[0]})`
          : '';
      const check =
        r.check === 'reference'
          ? 'reference'
          : `${r.check}${r.maxDiff ? ` (max |diff| ${r.maxDiff.toExponential(2)})` : ''}`;
      body.push([
        c.id,
        impl,
        variant,
        '1',
        c.perCall ? `${(r.ms * 1000).toFixed(2)} µs` : fmt(r.ms),
        c.perCall ? '' : (c.floorBytes / 1e6 / r.ms).toFixed(2),
        '',
        vs,
        check,
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => String(b[i]).length)));
  const line = (cells) => `| ${cells.map((x, i) => String(x).padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

/** Issue 27's GPU target: ours host→host within 2× of the faster peer on B1–B6, bit-identical to the CPU. */
function targets(cases, software) {
  const lines = [
    `| case | ours WebGPU host→host | faster peer | ratio | target ≤ 2× |${software ? ' (software adapter: proxy only)' : ''}`,
    '|---|---|---|---|---|',
  ];
  for (const c of cases) {
    if (c.id === 'B7') continue;
    const ours = c.rows.find((r) => r.impl === 'ours WebGPU host→host');
    const best = bestPeer(c.rows);
    if (!ours || !best) {
      lines.push(`| ${c.id} | ${fmt(ours?.ms)} | — | — | no peer |`);
      continue;
    }
    const ratio = ours.ms / best.ms;
    const ok = ratio <= 2 && ours.check === 'bit-identical';
    lines.push(
      `| ${c.id} | ${fmt(ours.ms)} | ${fmt(best.ms)} (${best.impl.split(' ')[0]}) | ${ratio.toFixed(2)} | ${ok ? 'met' : 'NOT met'} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  if (!existsSync(args.chromium))
    throw new Error(`no Chromium at ${args.chromium} (apt-get install chromium, or --chromium <path>)`);
  const { chromium } = await import('playwright-core');
  const vite = await import('vite');
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  writeFileSync(
    path.join(WORK, 'index.html'),
    '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>gpu bench</title><script type="module" src="./entry.js"></script>',
  );
  writeFileSync(path.join(WORK, 'entry.js'), ENTRY);
  await vite.build({
    root: WORK,
    configFile: false,
    logLevel: 'warn',
    base: './',
    build: {
      outDir: path.join(WORK, 'dist'),
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 1e9,
    },
  });
  const server = await serve(path.join(WORK, 'dist'));
  // No --disable-gpu: on a machine with a GPU, Chromium uses it (Vulkan on Linux); without one,
  // WebGPU falls back to SwiftShader.
  const browser = await chromium.launch({
    executablePath: args.chromium,
    headless: !args.headed,
    args: [
      '--no-sandbox',
      '--enable-unsafe-webgpu',
      '--enable-features=Vulkan',
      '--ignore-gpu-blocklist',
      '--disable-quic',
    ],
  });
  const results = { date: new Date().toISOString(), quick: !!args.quick, runs: Number(args.runs), cases: [] };
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForSelector('body[data-ready="1"]', { state: 'attached', timeout: 120_000 });
    const info = await page.evaluate((peers) => window.bench.init(peers), args.peers);
    results.adapter = info;
    const software = /swiftshader|llvmpipe|lavapipe|software/i.test(info.ours);
    results.software = software;
    console.log(
      `adapter: ${info.ours}${info.tf ? `; TF.js backend ${info.tf}` : ''}${info.ort ? `; onnxruntime-web ${info.ort}` : ''}`,
    );
    if (software && !args.allowSoftware) {
      console.error(
        `no hardware GPU adapter: WebGPU got "${info.ours}", a software rasterizer (it runs on the CPU), so nothing is timed. Run on a machine with a GPU (Chromium uses it through Vulkan), or pass --allow-software to time the software adapter anyway (not a GPU timing).`,
      );
      process.exitCode = 2;
      return;
    }
    if (software)
      console.log(
        'NOTE: --allow-software: this adapter is a software rasterizer (SwiftShader runs WebGPU on the CPU): the timings below are NOT GPU timings, only a proxy for the work each implementation does. Run the same command on a machine with a GPU for speed.',
      );
    const only = args.cases.split(',').filter(Boolean);
    for (const c of defineCases(!!args.quick)) {
      if (only.length && !only.includes(c.id)) continue;
      const inputs = [
        { name: 'data', dtype: 'float32', shape: c.shapes.data },
        { name: 'indices', dtype: 'int64', shape: c.shapes.indices },
      ];
      if (c.shapes.updates) inputs.push({ name: 'updates', dtype: 'float32', shape: c.shapes.updates });
      const model = oneNodeModel({
        opType: c.onnx.opType,
        inputs,
        outputs: [{ name: 'out', dtype: 'float32', shape: c.resultShape }],
        attributes: c.onnx.attributes,
      });
      const r = await page.evaluate(
        ({ id, quick, runs, warmup, model, peers }) =>
          window.bench.runCase(id, quick, runs, warmup, model, peers),
        {
          id: c.id,
          quick: !!args.quick,
          runs: Number(args.runs),
          warmup: Number(args.warmup),
          model: Buffer.from(model).toString('base64'),
          peers: args.peers,
        },
      );
      results.cases.push({ ...r, perCall: !!c.perCall, floorBytes: c.floorBytes });
      console.log(`\n${r.id}  ${r.title}${software ? '  [SwiftShader: timings not meaningful]' : ''}`);
      for (const row of r.rows) {
        const check = row.missing
          ? `n/a: ${row.missing}`
          : row.check === 'reference'
            ? 'reference'
            : `${row.check}${row.maxDiff ? ` (max |diff| ${row.maxDiff.toExponential(2)})` : ''}`;
        console.log(`  ${row.impl.padEnd(36)} ${fmt(row.ms).padStart(10)} ms   ${check}`);
      }
    }
    console.log(`\n${table(results.cases)}\n\n${targets(results.cases, software)}`);
    if (errors.length) console.log(`\npage errors: ${errors.join('; ')}`);
    const bad = results.cases.flatMap((c) =>
      c.rows.filter((r) => r.impl.startsWith('ours WebGPU') && r.check !== 'bit-identical'),
    );
    if (bad.length) {
      console.error(`\nFAIL: ours on WebGPU differs from the CPU in ${bad.length} rows`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    server.close();
  }
  if (args.json) {
    writeFileSync(args.json, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nwrote ${args.json}`);
  }
}

await main();
