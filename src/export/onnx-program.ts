/**
 * Export of a program call (ir/lowered.ts) whose every op has an exact ONNX node:
 *
 *   @main(params) { gather | scatter on the params; reshape?; element-wise epilogue }
 *
 * The first op becomes the core call the IR runner itself executes for it (`gatherCallOf` /
 * `scatterCallOf`, ir/run.ts), so the exported graph is the one `onnxGraph` writes for that call,
 * a reshape right after it is the call's final reshape, and each epilogue op is one ONNX node:
 *
 *   convert → Cast(to)        or (bool) → Or
 *
 * and a float → float16 Cast is followed by Where(IsNaN(x), NaN, x), as `convert` makes every
 * NaN the positive quiet 0x7e00 and onnxruntime keeps a negative NaN's sign.
 *
 * Rules: `complex_cast` (real / imag / complex, or a convert to or from a complex dtype: ONNX has
 * no node taking a complex tensor's parts and Cast takes no complex type), `program` (any
 * other op, or a program of another shape). A float → integer Cast carries the warning
 * `export.onnx.cast_float_int`: NaN, ±Infinity and values past the target's range are undefined
 * in ONNX, and onnxruntime does a C cast where `convert` saturates (NaN → 0).
 */
import type { CoreCall } from '../core/call.js';
import type { ProgramCall } from '../ir/lowered.js';
import type { Op, TensorType } from '../ir/program.js';
import { gatherCallOf, scatterCallOf } from '../ir/run.js';
import { dtypeToOnnxDataType } from '../interop/onnx-tensor.js';
import { isComplex } from '../tensor/complex.js';
import type { DType } from '../tensor/dtype.js';
import { type Tensor, tensor } from '../tensor/tensor.js';
import { fail } from './onnx-builder.js';
import type { OnnxExportWarning, OnnxGraph, OnnxGraphNode } from './onnx.js';

/** The graph of `p`, its core call's graph written by `coreGraph` (onnx.ts's). */
export function programGraph(p: ProgramCall, coreGraph: (call: CoreCall) => OnnxGraph): OnnxGraph {
  const main = p.module.funcs.find((f) => f.name === p.module.entry);
  if (!main || p.module.funcs.length !== 1 || main.returns.length !== 1)
    return fail('program', `${p.op}: only a program of one function with one result exports`);
  const n = main.params.length;
  const [first, ...rest] = main.ops;
  const core = coreCallOf(p, first, n);
  // Value ids: the params, then each op's results in order; the core op's result is id n.
  const types: TensorType[] = [...main.params, ...main.ops.flatMap((o) => o.results)];
  let ops = rest;
  let call = core;
  if (rest[0]?.kind === 'reshape' && rest[0].operands[0] === n) {
    call = { ...core, reshape: rest[0].results[0].shape };
    ops = rest.slice(1);
  }
  const g = coreGraph(call);
  if (ops.length === 0 && main.returns[0] === n + main.ops.length - 1) return g;
  // The core graph's `output` becomes an inner value; the last epilogue node writes `output`.
  const e: Epilogue = {
    nodes: renamed(g.nodes, 'output', 'core_output'),
    constants: { ...g.constants },
    warnings: [...g.warnings],
  };
  const names = new Map<number, string>([[n + (call === core ? 0 : 1), 'core_output']]);
  let id = n + main.ops.length - ops.length;
  for (const op of ops) {
    const inputs = op.operands.map((v) => names.get(v) ?? notInGraph(p.op, op.kind));
    names.set(id++, epilogueNodes(e, p.op, op, types[op.operands[0]].dtype, inputs));
  }
  if (main.returns[0] !== id - 1) fail('program', `${p.op}: the program returns a value before its last op`);
  return {
    ...g,
    nodes: renamed(e.nodes, names.get(id - 1) as string, 'output'),
    constants: e.constants,
    outputDType: types[id - 1].dtype,
    warnings: e.warnings,
  };
}

/** `nodes` with the value `from` named `to`. */
const renamed = (nodes: readonly OnnxGraphNode[], from: string, to: string): OnnxGraphNode[] =>
  nodes.map((m) => ({
    ...m,
    output: m.output === from ? to : m.output,
    inputs: m.inputs.map((x) => (x === from ? to : x)),
  }));

/** The graph after the core call's: its nodes, constants and warnings so far. */
interface Epilogue {
  readonly nodes: OnnxGraphNode[];
  readonly constants: Record<string, Tensor>;
  readonly warnings: OnnxExportWarning[];
}

/** Appends a node with a fresh output name (`e<k>_<op>`, apart from the core graph's `t<k>_<op>`). */
function emit(e: Epilogue, opType: string, inputs: string[], attributes: OnnxGraphNode['attributes'] = {}) {
  const output = `e${e.nodes.length}_${opType}`;
  e.nodes.push({ opType, inputs, output, attributes });
  return output;
}

/** The core call of the program's first op: a gather or scatter reading the params in order. */
function coreCallOf(p: ProgramCall, op: Op | undefined, n: number): CoreCall {
  const inOrder = op?.operands.length === n && op.operands.every((v, k) => v === k);
  if (op?.kind === 'gather' && inOrder) return gatherCallOf(op, p.args[0], p.args[1]);
  if (op?.kind === 'scatter' && inOrder)
    return scatterCallOf(op, p.args, () =>
      fail('reducer', `${p.op}: the program's scatter has a custom body, which no ONNX reduction computes`),
    );
  return fail(
    'program',
    `${p.op}: the program does not begin with a gather or scatter of its parameters in order (it begins with ${op?.kind ?? 'nothing'})`,
  );
}

const notInGraph = (op: string, kind: string): never =>
  fail('program', `${op}: the program's ${kind} reads a value that is not its gather's or scatter's result`);

const isFloat = (d: DType) => d.startsWith('float') || d === 'bfloat16';

/** The ONNX nodes of one epilogue op; returns the name of its value. */
function epilogueNodes(e: Epilogue, name: string, op: Op, from: DType, inputs: string[]): string {
  const to = op.results[0].dtype;
  const complex = op.kind === 'real' || op.kind === 'imag' || op.kind === 'complex';
  if (complex || (op.kind === 'convert' && (isComplex(from) || isComplex(to))))
    fail(
      'complex_cast',
      `${name}: the cast ${from} → ${to} takes a complex value's parts (${op.kind}); ONNX has no node for a complex tensor's real or imaginary part, Cast takes no complex type and onnxruntime loads no complex tensor`,
    );
  if (op.kind === 'or' && from === 'bool') return emit(e, 'Or', inputs);
  if (op.kind !== 'convert')
    return fail('program', `${name}: the program's ${op.kind} op (on ${from}) has no exact ONNX node here`);
  if (isFloat(from) && !isFloat(to) && to !== 'bool') e.warnings.push(castWarning(name, from, to));
  const cast = emit(e, 'Cast', inputs, { to: dtypeToOnnxDataType[to] });
  if (to !== 'float16' || !isFloat(from)) return cast;
  // convert makes every NaN 0x7e00 in float16; onnxruntime keeps a NaN's sign (measured: 0xfe00).
  e.constants.nan16 = tensor(Number.NaN, 'float16');
  return emit(e, 'Where', [emit(e, 'IsNaN', [cast]), 'nan16', cast]);
}

/** A float → integer Cast: what `convert` defines and ONNX leaves undefined. */
const castWarning = (op: string, from: DType, to: DType): OnnxExportWarning => ({
  code: 'export.onnx.cast_float_int',
  runtime: 'onnxruntime',
  message: `${op}: a NaN, ±Infinity or out-of-range ${from} cast to ${to} saturates here (NaN → 0); ONNX leaves it undefined and onnxruntime does x86-64's C cast (measured: NaN → 0 in int8 / int16, the minimum in int32 / int64; −1e10 → 2884901888 in uint32)`,
});
