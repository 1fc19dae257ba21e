/**
 * The current call as code in the framework's own language: Python for NumPy, PyTorch,
 * TensorFlow and JAX (which "paste a call" reads back), for MXNet (`mx.nd`) and Caffe2
 * (`core.CreateOperator` + `workspace`), JavaScript for WebNN (`MLGraphBuilder`), ONNX's textual
 * node syntax for ONNX, StableHLO text for StableHLO, and this library's call for DirectML and
 * MLIR (whose own forms, a C++ operator descriptor and tensor-dialect IR, take no values).
 */
import { type CoreCall, stablehloText } from '../src/core/call.js';
import type { CallArgs, OpEntry } from '../src/tables/registry.js';
import { toTensor } from '../src/tables/registry.js';
import { descriptionOf, wordsOf } from '../src/frameworks/index.js';
import { type Complex, isComplexValue } from '../src/tensor/complex.js';
import type { DType } from '../src/tensor/dtype.js';
import type { NestedArray } from '../src/tensor/tensor.js';
import { CONSTRUCTOR_OF } from './pycall.js';

/**
 * The Python variables the code view holds the tensors in: short names a reader would write
 * (`x`, not PyTorch's `input`, which would shadow Python's builtin), the same for every op of a
 * framework so a pasted call and its code read alike.
 */
const VARS: Record<string, { data: string; indices: string; updates: string }> = {
  torch: { data: 'x', indices: 'index', updates: 'src' },
  numpy: { data: 'a', indices: 'indices', updates: 'values' },
  tensorflow: { data: 'params', indices: 'indices', updates: 'updates' },
  jax: { data: 'x', indices: 'indices', updates: 'updates' },
};

/** The op's tensors by role, as its docs name them (`onnx.TensorScatter`: past_cache, update, write_indices). */
function namesOf(entry: OpEntry): { data: string; indices: string; updates: string } {
  const w = wordsOf(entry);
  return { data: w.operand, indices: w.indices, updates: w.updates };
}

/** A Python float: `float('nan')`, `-0.0` (the sign kept), else the shortest form that reads back. */
function pyFloat(v: number): string {
  if (Number.isNaN(v)) return "float('nan')";
  if (!Number.isFinite(v)) return `float('${v > 0 ? 'inf' : '-inf'}')`;
  return Object.is(v, -0) ? '-0.0' : String(v);
}

/**
 * A Python complex number: `(1+2j)`, or `complex(re, im)` where the sum would not keep a part
 * exactly (a signed zero: `1-0j` is (1+0j) in Python; NaN and infinities).
 */
function pyComplexLiteral(c: Complex): string {
  const exact = (x: number) => Number.isFinite(x) && !Object.is(x, -0);
  if (!exact(c.re) || !exact(c.im)) return `complex(${pyFloat(c.re)}, ${pyFloat(c.im)})`;
  return `(${c.re}${c.im < 0 ? '-' : '+'}${Math.abs(c.im)}j)`;
}

function pyLiteral(v: unknown, tuple = false): string {
  if (isComplexValue(v)) return pyComplexLiteral(v);
  if (Array.isArray(v)) {
    const inner = v.map((x) => pyLiteral(x, tuple)).join(', ');
    return tuple ? (v.length === 1 ? `(${inner},)` : `(${inner})`) : `[${inner}]`;
  }
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'number')
    return Number.isNaN(v)
      ? "float('nan')"
      : Number.isFinite(v)
        ? String(v)
        : `float('${v > 0 ? 'inf' : '-inf'}')`;
  if (typeof v === 'bigint') return String(v);
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof v === 'object')
    return `dict(${Object.entries(v as object)
      .map(([k, x]) => `${k}=${pyLiteral(x)}`)
      .join(', ')})`;
  return String(v);
}

const hasComplex = (v: unknown): boolean => (Array.isArray(v) ? v.some(hasComplex) : isComplexValue(v));

/** Does the constructor make `dtype` from these values by itself (no `dtype=` needed)? */
const dtypeDefault = (fw: string, values: NestedArray, dtype: DType): boolean => {
  const c = CONSTRUCTOR_OF[fw];
  if (hasComplex(values)) return dtype === c.complex;
  const float = JSON.stringify(values).match(/\d\.\d|e-|NaN/i) !== null;
  return dtype === (float ? c.float : c.int);
};

function pyTensor(fw: string, values: NestedArray, dtype: DType): string {
  const c = CONSTRUCTOR_OF[fw];
  const lit = pyLiteral(values);
  return dtypeDefault(fw, values, dtype) ? `${c.fn}(${lit})` : `${c.fn}(${lit}, dtype=${c.prefix}.${dtype})`;
}

/** Python for numpy / torch / tensorflow / jax. */
export function pythonCode(entry: OpEntry, args: CallArgs): string {
  const fw = entry.framework;
  const sig = entry.signature;
  const vars = VARS[fw];
  const lines: string[] = [];
  lines.push(
    fw === 'torch'
      ? 'import torch'
      : fw === 'numpy'
        ? 'import numpy as np'
        : fw === 'tensorflow'
          ? 'import tensorflow as tf'
          : 'import jax\nimport jax.numpy as jnp',
  );
  const dataDType: DType | undefined =
    args.dataDType ?? (args.data !== undefined ? toTensor(args.data).dtype : undefined);
  if (args.data !== undefined && sig.params.includes('data'))
    lines.push(`${vars.data} = ${pyTensor(fw, args.data, dataDType!)}`);
  lines.push(`${vars.indices} = ${pyTensor(fw, args.indices, args.indexDType ?? sig.indexDType ?? 'int64')}`);
  if (args.updates !== undefined && sig.params.includes('updates'))
    lines.push(`${vars.updates} = ${pyTensor(fw, args.updates, dataDType ?? toTensor(args.updates).dtype)}`);
  const attrs = { ...(args.attrs ?? {}) };
  const pos: string[] = [];
  let keywordOnly = false;
  for (const p of sig.params) {
    if (p === 'data' || p === 'indices' || p === 'updates') pos.push(vars[p]);
    else if (typeof p === 'object' && 'attr' in p) {
      if (attrs[p.attr] === undefined) {
        keywordOnly = true;
        continue;
      }
      const v = attrs[p.attr];
      delete attrs[p.attr];
      const lit =
        p.attr === 'dimension_numbers' && v && typeof v === 'object'
          ? `jax.lax.${sig.kind === 'gather' ? 'Gather' : 'Scatter'}DimensionNumbers(${Object.entries(v)
              .map(([k, x]) => `${k}=${pyLiteral(x, true)}`)
              .join(', ')})`
          : pyLiteral(v, p.attr === 'slice_sizes' || p.attr === 'shape');
      pos.push(keywordOnly ? `${p.attr}=${lit}` : lit);
    }
  }
  const kw = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${pyLiteral(v)}`);
  const name =
    fw === 'numpy'
      ? `np.${entry.name}`
      : fw === 'tensorflow'
        ? `tf.${entry.name}`
        : fw === 'jax'
          ? entry.name.replace(/^numpy\./, 'jnp.').replace(/^lax\./, 'jax.lax.')
          : `torch.${entry.name}`;
  if (sig.version && args.version !== undefined) lines.push(`# ${sig.version.key}: ${args.version}`);
  lines.push(sig.indexTuple ? tupleLine(entry, vars, kw) : `${name}(${[...pos, ...kw].join(', ')})`);
  return lines.join('\n');
}

/**
 * An index-tuple op as Python writes it (explorer/tuple-ops.ts): the stacked indices unbound
 * along the first dim are the tuple, `a[tuple(indices)]` / `x.index_put(tuple(index), src)`.
 */
function tupleLine(entry: OpEntry, vars: Record<string, string>, kw: readonly string[]): string {
  const tuple = `tuple(${vars.indices})`;
  if (entry.signature.kind === 'gather') return `${vars.data}[${tuple}]`;
  return `${vars.data}.index_put(${[tuple, vars.updates, ...kw].join(', ')})`;
}

/** ONNX's textual syntax (onnx.parser): the graph inputs and one node. */
export function onnxCode(entry: OpEntry, args: CallArgs, call: CoreCall | null): string {
  const opset = args.version ?? entry.signature.version?.values[0];
  const inputs = entry.signature.params.filter((p) => p === 'data' || p === 'indices' || p === 'updates');
  const tensors: Record<string, { shape: readonly number[]; dtype: string }> = {};
  if (call) {
    const [d, i, u] =
      call.kind === 'gather'
        ? [call.operand, call.start_indices, undefined]
        : [call.inputs[0], call.scatter_indices, call.updates[0]];
    tensors.data = d;
    tensors.indices = i;
    if (u) tensors.updates = u;
  }
  // ONNX's schema names (TensorScatter: past_cache, update, write_indices → present_cache).
  const w = wordsOf(entry);
  const nameOf = (role: string) => namesOf(entry)[role as 'data'];
  const out = entry.signature.kind === 'gather' ? w.result : w.target;
  const ty = (role: string) => {
    const t = tensors[role];
    const n = nameOf(role);
    if (!t) return n;
    const onnxType: Record<string, string> = { float32: 'float', float64: 'double', bool: 'bool' };
    return `${onnxType[t.dtype] ?? t.dtype}[${t.shape.join(',')}] ${n}`;
  };
  const attrs = Object.entries(args.attrs ?? {})
    .filter(([, v]) => v !== undefined)
    .map(
      ([k, v]) =>
        `${k}: ${typeof v === 'string' ? 'string' : 'int'} = ${typeof v === 'string' ? `"${v}"` : v}`,
    );
  const roles = inputs as string[];
  return [
    `<ir_version: 8, opset_import: ["" : ${opset}]>`,
    `explorer (${roles.map(ty).join(', ')}) => (${out}) {`,
    `  ${out} = ${entry.name}${attrs.length ? ` <${attrs.join(', ')}>` : ''} (${roles.map(nameOf).join(', ')})`,
    '}',
    ...roles.map(
      (r) =>
        `# ${nameOf(r)} = ${JSON.stringify(r === 'data' ? args.data : r === 'indices' ? args.indices : args.updates)}`,
    ),
  ].join('\n');
}

/** This library's call (TypeScript) for frameworks without a Python API here. */
export function libraryCode(entry: OpEntry, args: CallArgs): string {
  const j = (v: unknown) => JSON.stringify(v);
  const parts: string[] = [];
  for (const p of entry.signature.params) {
    if (p === 'data') parts.push(`tensor(${j(args.data)}${args.dataDType ? `, '${args.dataDType}'` : ''})`);
    else if (p === 'indices')
      parts.push(`tensor(${j(args.indices)}, '${args.indexDType ?? entry.signature.indexDType ?? 'int64'}')`);
    else if (p === 'updates') parts.push(`tensor(${j(args.updates)})`);
    else if (p === 'attrs') parts.push(j(args.attrs ?? {}));
    else if (p === 'version')
      parts.push(
        entry.signature.version && args.version !== undefined
          ? j({ [entry.signature.version.key]: args.version })
          : '{}',
      );
    else if ('attr' in p) parts.push(j(args.attrs?.[p.attr]));
    else parts.push(`{ ...tensors, ...${j(args.attrs ?? {})} }`);
  }
  return `import { ${entry.framework}, tensor } from 'tensor-gather-scatter';\n${entry.framework}.${entry.name}(${parts.join(', ')});`;
}

/** The inputs each op takes, in its signature's order, with the names its framework uses. */
function tensorParams(entry: OpEntry): ('data' | 'indices' | 'updates')[] {
  return entry.signature.params.filter(
    (p): p is 'data' | 'indices' | 'updates' => p === 'data' || p === 'indices' || p === 'updates',
  );
}

const valuesOf = (args: CallArgs, p: 'data' | 'indices' | 'updates') =>
  p === 'data' ? args.data : p === 'indices' ? args.indices : args.updates;

const plainValues = (v: unknown) =>
  JSON.parse(JSON.stringify(v ?? null, (_k, x) => (typeof x === 'bigint' ? Number(x) : x)));

/** Attributes as Python keyword arguments (positional attrs included, by name). */
function pyKwargs(args: CallArgs): string[] {
  const shapeLike = new Set(['shape', 'slice_sizes']);
  return Object.entries(args.attrs ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${pyLiteral(v, shapeLike.has(k))}`);
}

/** MXNet's NDArray API: `mx.nd.<op>(...)`; scatter_nd's first argument (`data`) is the updates. */
export function mxnetCode(entry: OpEntry, args: CallArgs): string {
  const lines = ['import mxnet as mx'];
  const names: string[] = [];
  for (const p of tensorParams(entry)) {
    const name = p === 'updates' ? 'data' : p;
    const dtype = p === 'indices' ? (args.indexDType ?? entry.signature.indexDType) : args.dataDType;
    lines.push(
      `${name} = mx.nd.array(${pyLiteral(plainValues(valuesOf(args, p)))}${dtype ? `, dtype='${dtype}'` : ''})`,
    );
    names.push(name);
  }
  if (args.version !== undefined)
    lines.push(`# ${entry.signature.version?.key ?? 'version'}: ${args.version}`);
  lines.push(`mx.nd.${entry.name}(${[...names, ...pyKwargs(args)].join(', ')})`);
  return lines.join('\n');
}

/** Caffe2: blobs fed to the workspace, one operator created and run, the output fetched. */
export function caffe2Code(entry: OpEntry, args: CallArgs): string {
  const blobs = tensorParams(entry).map((p) =>
    p === 'data' ? 'DATA' : p === 'indices' ? 'INDICES' : 'UPDATES',
  );
  const lines = ['import numpy as np', 'from caffe2.python import core, workspace'];
  tensorParams(entry).forEach((p, k) => {
    const dtype = p === 'indices' ? (args.indexDType ?? 'int64') : (args.dataDType ?? 'float32');
    lines.push(
      `workspace.FeedBlob('${blobs[k]}', np.array(${pyLiteral(plainValues(valuesOf(args, p)))}, dtype=np.${dtype}))`,
    );
  });
  const kw = pyKwargs(args);
  lines.push(
    `op = core.CreateOperator('${entry.name}', [${blobs.map((b) => `'${b}'`).join(', ')}], ['OUTPUT']${kw.length ? `, ${kw.join(', ')}` : ''})`,
    'workspace.RunOperatorOnce(op)',
    "workspace.FetchBlob('OUTPUT')",
  );
  return lines.join('\n');
}

const WEBNN_TYPES: Readonly<Record<string, string>> = {
  float32: 'Float32Array',
  float16: 'Float16Array',
  int32: 'Int32Array',
  uint32: 'Uint32Array',
  int64: 'BigInt64Array',
  uint64: 'BigUint64Array',
  int8: 'Int8Array',
  uint8: 'Uint8Array',
};

/** WebNN (JavaScript): constants built with MLGraphBuilder, one op, the graph built and computed. */
export function webnnCode(entry: OpEntry, args: CallArgs, call: CoreCall | null): string {
  const shapes: Record<string, readonly number[]> = {};
  if (call) {
    shapes.data = call.kind === 'gather' ? call.operand.shape : call.inputs[0].shape;
    shapes.indices = call.kind === 'gather' ? call.start_indices.shape : call.scatter_indices.shape;
    if (call.kind === 'scatter') shapes.updates = call.updates[0].shape;
  }
  const lines = [
    'const context = await navigator.ml.createContext();',
    'const builder = new MLGraphBuilder(context);',
  ];
  const names: string[] = [];
  for (const p of tensorParams(entry)) {
    const dtype = p === 'indices' ? (args.indexDType ?? 'int32') : (args.dataDType ?? 'float32');
    const flat = [plainValues(valuesOf(args, p))].flat(Number.POSITIVE_INFINITY);
    const array = WEBNN_TYPES[dtype] ?? 'Float32Array';
    const values = array.startsWith('Big') ? flat.map((x) => `${x}n`).join(', ') : flat.join(', ');
    const name = p === 'data' ? 'input' : p;
    lines.push(
      `const ${name} = builder.constant({ dataType: '${dtype}', shape: [${(shapes[p] ?? []).join(', ')}] }, new ${array}([${values}]));`,
    );
    names.push(name);
  }
  const opts = Object.entries(args.attrs ?? {}).filter(([, v]) => v !== undefined);
  const options = opts.length ? `, { ${opts.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')} }` : '';
  lines.push(
    `const output = builder.${entry.name}(${names.join(', ')}${options});`,
    'const graph = await builder.build({ output });',
  );
  return lines.join('\n');
}

/** The call as code: language label and text. */
export function callCode(
  entry: OpEntry,
  args: CallArgs,
  call: CoreCall | null,
): { lang: string; text: string } {
  // The frameworks whose descriptions have Python constructors speak Python here.
  if (descriptionOf(entry.framework).constructors) return { lang: 'Python', text: pythonCode(entry, args) };
  if (entry.framework === 'onnx') return { lang: 'ONNX text', text: onnxCode(entry, args, call) };
  if (entry.framework === 'mxnet') return { lang: 'Python (MXNet)', text: mxnetCode(entry, args) };
  if (entry.framework === 'caffe2') return { lang: 'Python (Caffe2)', text: caffe2Code(entry, args) };
  if (entry.framework === 'webnn') return { lang: 'JavaScript (WebNN)', text: webnnCode(entry, args, call) };
  if (entry.framework === 'stablehlo' && call) return { lang: 'StableHLO', text: stablehloText(call) };
  return { lang: 'TypeScript (this library)', text: libraryCode(entry, args) };
}
