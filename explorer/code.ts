/**
 * The current call as code in the framework's own syntax: Python for NumPy, PyTorch,
 * TensorFlow and JAX (which "paste a call" reads back), ONNX's textual node syntax for ONNX,
 * StableHLO text for StableHLO, and this library's call for the rest.
 */
import { type CoreCall, stablehloText } from '../src/core/call.js';
import type { CallArgs, OpEntry } from '../src/tables/registry.js';
import { toTensor } from '../src/tables/registry.js';
import type { DType } from '../src/tensor/dtype.js';
import type { NestedArray } from '../src/tensor/tensor.js';
import { CONSTRUCTOR_OF } from './pycall.js';

const VARS: Record<string, { data: string; indices: string; updates: string }> = {
  torch: { data: 'x', indices: 'index', updates: 'src' },
  numpy: { data: 'a', indices: 'indices', updates: 'values' },
  tensorflow: { data: 'params', indices: 'indices', updates: 'updates' },
  jax: { data: 'x', indices: 'indices', updates: 'updates' },
};

function pyLiteral(v: unknown, tuple = false): string {
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

const dtypeDefault = (fw: string, values: NestedArray, dtype: DType): boolean => {
  const c = CONSTRUCTOR_OF[fw];
  const float = JSON.stringify(values).match(/\d\.\d|e-|NaN/i) !== null;
  return dtype === (float ? c.float : c.int);
};

function pyTensor(fw: string, values: NestedArray, dtype: DType): string {
  const c = CONSTRUCTOR_OF[fw];
  const lit = pyLiteral(
    JSON.parse(JSON.stringify(values, (_k, x) => (typeof x === 'bigint' ? Number(x) : x))),
  );
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
  lines.push(`${name}(${[...pos, ...kw].join(', ')})`);
  return lines.join('\n');
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
  const ty = (n: string) => {
    const t = tensors[n];
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
  const names = inputs as string[];
  return [
    `<ir_version: 8, opset_import: ["" : ${opset}]>`,
    `explorer (${names.map(ty).join(', ')}) => (output) {`,
    `  output = ${entry.name}${attrs.length ? ` <${attrs.join(', ')}>` : ''} (${names.join(', ')})`,
    '}',
    ...names.map(
      (n) =>
        `# ${n} = ${JSON.stringify(n === 'data' ? args.data : n === 'indices' ? args.indices : args.updates)}`,
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

/** The call as code: language label and text. */
export function callCode(
  entry: OpEntry,
  args: CallArgs,
  call: CoreCall | null,
): { lang: string; text: string } {
  if (['torch', 'numpy', 'tensorflow', 'jax'].includes(entry.framework))
    return { lang: 'Python', text: pythonCode(entry, args) };
  if (entry.framework === 'onnx') return { lang: 'ONNX text', text: onnxCode(entry, args, call) };
  if (entry.framework === 'stablehlo' && call) return { lang: 'StableHLO', text: stablehloText(call) };
  return { lang: 'TypeScript (this library)', text: libraryCode(entry, args) };
}
