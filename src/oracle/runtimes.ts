/**
 * Built-in runtimes for `conformance run`: onnxruntime-node (an optional dependency, loaded
 * only when asked for), and a user's own module (`export const name; export const ops;
 * export async function run({ op, opset, inputs, attributes })`).
 *
 * The onnxruntime-node runtime builds each ONNX op's model with this library's exporter (`toOnnx`
 * of the lowered call: the op's own node, plus the few nodes a policy ONNX lacks needs), so a
 * call that does not lower (an invalid call) cannot be built and counts as refused.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { InvalidArgumentError } from '../errors.js';
import { type OpEntry, buildRegistry, lowerCall } from '../tables/registry.js';
import { Tensor } from '../tensor/tensor.js';
import type { Runtime, RuntimeRequest } from './campaign.js';
import { tfjs } from './tfjs.js';

/** The request as the library's call arguments. */
function argsOf(req: RuntimeRequest) {
  const { data, indices, updates } = req.inputs;
  return {
    indices: [],
    attrs: req.attributes,
    ...(req.opset !== undefined ? { version: req.opset } : {}),
    tensors: { data, indices, ...(updates ? { updates } : {}) },
  };
}

/** The part of onnxruntime's API (node and web share it) a runtime needs. */
interface OrtApi {
  readonly InferenceSession: {
    create(
      model: Uint8Array,
      options?: Record<string, unknown>,
    ): Promise<{
      run(
        feeds: Record<string, unknown>,
      ): Promise<Record<string, { dims: readonly number[]; data: unknown }>>;
    }>;
  };
  readonly Tensor: new (type: string, data: unknown, dims: readonly number[]) => unknown;
}

/** An onnxruntime (node or web) on the ONNX ops, one InferenceSession per case (one thread). */
function onnxRuntime(
  name: string,
  ort: OrtApi,
  namespaces: Readonly<Record<string, unknown>>,
  session: Record<string, unknown>,
  exporter: typeof import('../export/onnx.js'),
): Runtime {
  const registry = buildRegistry(namespaces);
  const ops = registry.filter((e) => e.framework === 'onnx' && e.state === 'ready').map((e) => e.id);
  return {
    name,
    ops,
    async run(req) {
      const entry = registry.find((e) => e.id === req.op) as OpEntry;
      const call = lowerCall(namespaces, entry, argsOf(req));
      const s = await ort.InferenceSession.create(exporter.toOnnx(call), session);
      const feeds: Record<string, unknown> = {};
      for (const [input, t] of Object.entries(exporter.onnxInputs(call)))
        feeds[input] = new ort.Tensor(t.dtype, t.data, [...t.shape]);
      const out = (await s.run(feeds)).output;
      const dtype = call.kind === 'gather' ? call.operand.dtype : call.inputs[0].dtype;
      return new Tensor(dtype, [...out.dims], out.data as Float32Array);
    },
  };
}

/** onnxruntime-node (CPU). */
export async function onnxruntimeNode(namespaces: Readonly<Record<string, unknown>>): Promise<Runtime> {
  const ort = (await import('onnxruntime-node')) as unknown as OrtApi;
  const exporter = await import('../export/onnx.js');
  const session = { logSeverityLevel: 4, intraOpNumThreads: 1, interOpNumThreads: 1 };
  return onnxRuntime('onnxruntime-node', ort, namespaces, session, exporter);
}

/** onnxruntime-web's wasm backend, in Node. */
export async function onnxruntimeWeb(namespaces: Readonly<Record<string, unknown>>): Promise<Runtime> {
  const web = (await import('onnxruntime-web')) as unknown as OrtApi & {
    env: { wasm: { numThreads: number } };
  };
  web.env.wasm.numThreads = 1;
  const exporter = await import('../export/onnx.js');
  return onnxRuntime(
    'onnxruntime-web',
    web,
    namespaces,
    { executionProviders: ['wasm'], logSeverityLevel: 4 },
    exporter,
  );
}

/** A runtime module of the user's own, by path. */
export async function runtimeModule(path: string): Promise<Runtime> {
  const m = (await import(pathToFileURL(resolve(path)).href)) as Partial<Runtime>;
  if (typeof m.name !== 'string' || !Array.isArray(m.ops) || typeof m.run !== 'function')
    throw new InvalidArgumentError(
      'oracle.runtime.module',
      `${path}: a runtime module exports name (string), ops (string[]) and run({ op, opset, inputs, attributes })`,
    );
  return { name: m.name, ops: m.ops, run: m.run };
}

/** The runtime named on the command line. */
export async function runtimeNamed(
  name: string,
  namespaces: Readonly<Record<string, unknown>>,
): Promise<Runtime> {
  if (name === 'onnxruntime-node') return onnxruntimeNode(namespaces);
  if (name === 'tfjs' || name === 'tfjs-cpu') return tfjs('cpu');
  if (name === 'tfjs-wasm') return tfjs('wasm');
  if (name === 'onnxruntime-web') return onnxruntimeWeb(namespaces);
  return runtimeModule(name);
}
