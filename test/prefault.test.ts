/**
 * Pre-faulted big results (src/node/prefault.ts), through the package's Node entry
 * (dist/index.node.js, what `import 'tensor-gather-scatter'` resolves to under Node), each in a
 * child process: results exact and in plain ArrayBuffers, the helper's buffers really used,
 * the process exits by itself (the helper never keeps it alive), and the opt-outs work.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** Runs an ES module body in a child Node with the built package; returns its JSON output. */
function child(body: string, env: Record<string, string> = {}): any {
  const code = `
    const lib = await import(${JSON.stringify(`${dist}index.node.js`)});
    const node = await import(${JSON.stringify(`${dist}node/index.js`)});
    ${body}`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000, // a helper that kept the process alive would hit this
  });
  return JSON.parse(out);
}

// 5 big gathers of 32 MiB (rows of data picked in reverse) and 3 big scatters of 32 MiB, each
// checked element by element; then the stats.
const WORK = `
  const { Tensor } = lib;
  const rows = 32768, cols = 256;
  const data = new Tensor('float32', [rows, cols], Float32Array.from({ length: rows * cols }, (_, i) => i));
  const idx = new Tensor('int64', [rows], BigInt64Array.from({ length: rows }, (_, i) => BigInt(rows - 1 - i)));
  let ok = true, plain = true;
  for (let k = 0; k < 5; k++) {
    const r = lib.onnx.Gather(data, idx, { axis: 0 });
    plain &&= r.data.buffer instanceof ArrayBuffer && r.data.byteLength === rows * cols * 4;
    for (let i = 0; i < rows && ok; i += 97) ok = r.data[i * cols + 5] === (rows - 1 - i) * cols + 5;
    await new Promise((res) => setTimeout(res, 80)); // time for the helper
  }
  const e = new Tensor('int64', [1, 4], BigInt64Array.from([7n, 3n, 1n, 0n]));
  const u = new Tensor('float32', [1, 4], Float32Array.from([-1, -2, -3, -4]));
  for (let k = 0; k < 3; k++) {
    const s = lib.onnx.ScatterElements(data, e, u, { axis: 1 });
    ok &&= s.data[7] === -1 && s.data[3] === -2 && s.data[0] === -4 && s.data[2] === 2 && s.data[cols + 7] === cols + 7;
    await new Promise((res) => setTimeout(res, 80));
  }
  console.log(JSON.stringify({ ok, plain, stats: node.prefaultStats() }));
`;

// With enableThreads and shared inputs, big results are SharedArrayBuffers filled by two
// threads; those are not pre-faulted (the helper would compete with the compute threads).
const SHARED = `
  const { Tensor } = lib;
  const rows = 32768, cols = 256;
  const pool = await node.enableThreads({ helpers: 1 });
  const data = node.shareTensor(new Tensor('float32', [rows, cols], Float32Array.from({ length: rows * cols }, (_, i) => i)));
  const idx = node.shareTensor(new Tensor('int64', [rows], BigInt64Array.from({ length: rows }, (_, i) => BigInt(rows - 1 - i))));
  let ok = true, shared = true;
  for (let k = 0; k < 5; k++) {
    const r = lib.onnx.Gather(data, idx, { axis: 0 });
    shared &&= r.data.buffer instanceof SharedArrayBuffer;
    for (let i = 0; i < rows && ok; i += 97) ok = r.data[i * cols + 5] === (rows - 1 - i) * cols + 5;
    await new Promise((res) => setTimeout(res, 80));
  }
  node.disableThreads(pool);
  console.log(JSON.stringify({ ok, shared, stats: node.prefaultStats() }));
`;

describe('pre-faulted big results (Node entry)', () => {
  it('threaded calls (SharedArrayBuffer results) are exact and leave the helper alone', () => {
    const r = child(SHARED);
    expect(r.ok).toBe(true);
    expect(r.shared).toBe(true);
    expect(r.stats).toEqual({ enabled: false, taken: 0, missed: 0 });
  });

  it('results are exact plain ArrayBuffers; repeated sizes take the helper’s buffers; the process exits', () => {
    const r = child(WORK);
    expect(r.ok).toBe(true);
    expect(r.plain).toBe(true);
    expect(r.stats.enabled).toBe(true);
    // The first call of each size allocates itself; later ones find a buffer (80 ms apart).
    expect(r.stats.taken).toBeGreaterThanOrEqual(4);
    expect(r.stats.taken + r.stats.missed).toBe(8);
  });

  it('TENSOR_GATHER_SCATTER_PREFAULT=0 and stopPrefault() allocate on the calling thread only', () => {
    const off = child(WORK, { TENSOR_GATHER_SCATTER_PREFAULT: '0' });
    expect(off.ok).toBe(true);
    expect(off.stats).toEqual({ enabled: false, taken: 0, missed: 0 });
    const stopped = child(`node.stopPrefault();\n${WORK}`);
    expect(stopped.ok).toBe(true);
    expect(stopped.stats).toEqual({ enabled: false, taken: 0, missed: 0 });
  });
});
