/**
 * The ONNX backend node tests (shared/conformance/onnx) through the WebGPU backend: each test
 * directory's node is lowered by our ONNX frontend (`onnx.lower.<Op>`), run on the GPU, and must
 * reproduce output_0.pb bit for bit, at the model's opset and every history opset.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { executeOn } from '../src/backends/index.js';
import type { CoreCall } from '../src/core/call.js';
import { onnx } from '../src/frameworks/onnx.js';
import { fromTensorProto } from '../src/interop/onnx-tensor.js';
import type { Tensor } from '../src/tensor/tensor.js';
import { attributeObject, parseModel } from './helpers/onnx-model.js';
import { bytesOf, nodeBackend, runInChild, webgpuMode } from './webgpu-env.js';

const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const ROOT = path.resolve(repoRoot, '../shared/conformance/onnx');

function testDirs(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (!statSync(full).isDirectory()) continue;
    const r = rel ? `${rel}/${name}` : name;
    if (existsSync(path.join(full, 'model.onnx'))) out.push(r);
    else out.push(...testDirs(full, r));
  }
  return out;
}

function historyOpsets(): Map<string, number[]> {
  const map = new Map<string, number[]>();
  const file = path.join(ROOT, 'MANIFEST.md');
  if (!existsSync(file)) return map;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 10 || (!cells[1]?.startsWith('test_') && !cells[1]?.startsWith('pytorch-converted/')))
      continue;
    const hist = cells[8];
    if (hist && hist !== '-')
      map.set(
        cells[1],
        hist.split(',').map((x) => Number(x.trim())),
      );
  }
  return map;
}

function lower(
  opType: string,
  inputs: (Tensor | undefined)[],
  attrs: Record<string, unknown>,
  opset: number,
): CoreCall {
  const [a, b, c] = inputs;
  const L = onnx.lower as unknown as Record<string, (...args: unknown[]) => CoreCall>;
  if (!(opType in L)) throw new Error(`no frontend op for ${opType}`);
  return opType.startsWith('Gather')
    ? L[opType](a, b, attrs, { opset })
    : L[opType](a, b, c, attrs, { opset });
}

if (webgpuMode !== 'here') runInChild('test/webgpu-conformance.test.ts');
else
  describe('ONNX backend node tests on WebGPU', async () => {
    const gpu = await nodeBackend();
    const present = existsSync(ROOT);
    const dirs = present ? testDirs(ROOT) : [];
    const history = historyOpsets();
    let passed = 0;
    let runs = 0;
    it('the conformance folder exists and holds tests', () => {
      expect(present, `missing ${ROOT}`).toBe(true);
      expect(dirs.length).toBeGreaterThanOrEqual(31);
    });
    const t = gpu ? it : it.skip;
    for (const dir of dirs) {
      t(dir, async () => {
        const model = parseModel(readFileSync(path.join(ROOT, dir, 'model.onnx')));
        const sets = readdirSync(path.join(ROOT, dir)).filter((n) => n.startsWith('test_data_set_'));
        const attrs = attributeObject(model.attributes);
        const opsets = [...new Set([model.opset, ...(history.get(dir) ?? [])])];
        for (const set of sets) {
          const base = path.join(ROOT, dir, set);
          const feeds = new Map<string, Tensor>();
          model.feedInputs.forEach((name, k) => {
            const file = path.join(base, `input_${k}.pb`);
            if (existsSync(file)) feeds.set(name, fromTensorProto(readFileSync(file)));
          });
          for (const [name, raw] of model.initializers) feeds.set(name, fromTensorProto(raw));
          const inputs = model.nodeInputs.map((name) => (name === '' ? undefined : feeds.get(name)));
          const expected = fromTensorProto(readFileSync(path.join(base, 'output_0.pb')));
          for (const opset of opsets) {
            const got = await executeOn(lower(model.opType, inputs, attrs, opset), gpu!);
            expect(got.dtype, `${dir} @ opset ${opset}`).toBe(expected.dtype);
            expect(got.shape, `${dir} @ opset ${opset}`).toEqual(expected.shape);
            expect(bytesOf(got), `${dir} @ opset ${opset}`).toEqual(bytesOf(expected));
            runs++;
          }
        }
        passed++;
      });
    }
    afterAll(() => {
      console.log(
        `ONNX conformance on WebGPU: ${passed}/${dirs.length} test dirs passed (${runs} runs across history opsets); backend stats ${JSON.stringify(gpu?.stats)}`,
      );
    });
  });
