/**
 * Export of a program call (ir/lowered.ts) whose every op has an exact ONNX graph: the program's
 * ops in order, each written by the node builder of its kind (`NODES`), one of them the program's
 * one gather or scatter:
 *
 *   @main(data, indices, updates?) { ops…; gather | scatter; ops… }
 *
 * The gather or scatter becomes the core call the IR runner itself executes for it (`gatherCallOf`
 * / `scatterCallOf`, ir/run.ts), written by `onnxGraph`'s core export, its `data` input the value
 * the program computed (e.g. JAX's `ones_like(x)` splat) and its indices and updates the program's
 * parameters (the core graph reads their values: the duplicates check, empty results). The other
 * ops are nodes:
 *
 *   constant → an initializer          broadcast_in_dim → Reshape (the dims kept), Expand
 *   convert → Cast (a NaN into float16 is the quiet NaN with its sign in both)
 *   reshape → Reshape                  select → Where
 *   and / or → And / Or (bool), BitwiseAnd / BitwiseOr (integers, opset ≥ 18)
 *   compare → Equal / Less / Greater / LessOrEqual / GreaterOrEqual, NE as Not(Equal)
 *   divide (float) → Div               power (float) → Cast(float64), Pow, Cast back
 *   power (integer) → binary exponentiation over the exponent's bits: Mul, BitwiseAnd, Where
 *
 * Rules: `complex_cast` (real / imag / complex, or a convert to or from a complex dtype: ONNX has
 * no node taking a complex tensor's parts and Cast takes no complex type), `reducer` (a scatter
 * whose body is not a reducer: no ONNX reduction runs a body per update), `opset` (integer
 * and / or / power need opset 18's bitwise ops), `program` (any other op, a second gather or
 * scatter, or none). Warnings: a float → integer Cast (`export.onnx.cast_float_int`: NaN, ±∞
 * and values past the target's range are undefined in ONNX; onnxruntime does a C cast where
 * `convert` saturates) and a float power (`export.onnx.pow_libm`: the C library's pow is not always correctly rounded).
 */
import type { CoreCall } from '../core/call.js';
import type { ProgramCall } from '../ir/lowered.js';
import type { ComparisonDirection, Op, TensorType, ValueId } from '../ir/program.js';
import { gatherCallOf, scatterCallOf } from '../ir/run.js';
import { dtypeToOnnxDataType } from '../interop/onnx-tensor.js';
import { isComplex } from '../tensor/complex.js';
import { type DType, is64Bit } from '../tensor/dtype.js';
import { tensor, zeros } from '../tensor/tensor.js';
import { Builder, fail, reshape } from './onnx-builder.js';
import type { OnnxExportWarning, OnnxGraph, OnnxNode } from './onnx.js';

/** The graph inputs of a program's parameters, in order (the call's tensors in its op's order). */
const PARAMS = ['data', 'indices', 'updates'];

/** A program under export: its builder (`p`-prefixed names), value names, types and defining ops. */
interface ProgramExport {
  readonly b: Builder;
  readonly op: string;
  readonly names: Map<ValueId, string>;
  readonly types: readonly TensorType[];
  readonly defs: Map<ValueId, Op>;
  readonly warnings: OnnxExportWarning[];
}

type NodeBuilder = (x: ProgramExport, op: Op, inputs: string[]) => string;

/** The graph of `p`, its core call's graph written by `coreGraph` (onnx.ts's). */
export function programGraph(
  p: ProgramCall,
  coreGraph: (call: CoreCall) => OnnxGraph,
  opset: number,
): OnnxGraph {
  const main = p.module.funcs.find((f) => f.name === p.module.entry);
  if (!main || p.module.funcs.length !== 1 || main.returns.length !== 1)
    return fail('program', `${p.op}: only a program of one function with one result exports`);
  if (main.params.length > PARAMS.length)
    return fail('program', `${p.op}: a program of ${main.params.length} parameters has no graph inputs here`);
  const x: ProgramExport = {
    b: new Builder(opset, 'p'),
    op: p.op,
    names: new Map(main.params.map((_, k) => [k, PARAMS[k]])),
    types: [...main.params, ...main.ops.flatMap((o) => o.results)],
    defs: new Map(),
    warnings: [],
  };
  let core: OnnxGraph | undefined;
  let before = 0; // the program's nodes before its core graph's, in order (a graph is topologically sorted)
  let id = main.params.length;
  for (const op of main.ops) {
    const inputs = op.operands.map((v) => x.names.get(v) as string);
    if (op.kind === 'gather' || op.kind === 'scatter') {
      if (core)
        fail('program', `${p.op}: a program of two gathers / scatters exports as no one ONNX graph here`);
      core = coreOf(x, p, op, coreGraph);
      before = x.b.nodes.length;
      x.names.set(id, 'core_output');
    } else {
      const write = NODES[op.kind as keyof typeof NODES];
      if (!write || op.results.length !== 1)
        fail(
          'program',
          `${p.op}: the program's ${op.kind} op (on ${typeName(x, op)}) has no exact ONNX node here`,
        );
      x.names.set(id, (write as NodeBuilder)(x, op, inputs));
    }
    x.defs.set(id, op);
    id += op.results.length;
  }
  if (!core)
    return fail(
      'program',
      `${p.op}: the program has no gather or scatter (its result reads no index), so no graph with a main gather or scatter node computes it here`,
    );
  const ret = main.returns[0];
  const result = x.names.get(ret) as string;
  if (ret < main.params.length) fail('program', `${p.op}: the program returns its parameter ${result}`);
  const nodes = [...x.b.nodes.slice(0, before), ...core.nodes, ...x.b.nodes.slice(before)];
  const renamedOut = (n: string) => (n === result ? 'output' : n);
  return {
    main: core.main,
    nodes: nodes.map((m) => ({ ...m, output: renamedOut(m.output), inputs: m.inputs.map(renamedOut) })),
    constants: { ...core.constants, ...x.b.constants },
    inputs: main.params.map((_, k) => ({ name: PARAMS[k], tensor: p.args[k] })),
    outputShape: x.types[ret].shape,
    outputDType: x.types[ret].dtype,
    warnings: [...core.warnings, ...x.warnings],
  };
}

/**
 * The core graph of the program's gather or scatter. Its `data` operand may be any value of the
 * program (the graph reads only its type: a stand-in of zeros gives it); its indices and updates
 * are the program's parameters, whose values the core export reads.
 */
function coreOf(
  x: ProgramExport,
  p: ProgramCall,
  op: Op,
  coreGraph: (call: CoreCall) => OnnxGraph,
): OnnxGraph {
  const [data, ...rest] = op.operands;
  if (op.operands.length > 3 || rest.some((v) => v >= p.args.length))
    fail(
      'program',
      `${p.op}: the program's ${op.kind} reads computed indices or updates, which its graph reads as inputs here`,
    );
  const type = x.types[data];
  const operand = data < p.args.length ? p.args[data] : zeros([...type.shape], type.dtype);
  const ins = [operand, ...rest.map((v) => p.args[v])];
  const call =
    op.kind === 'gather'
      ? gatherCallOf(op, ins[0], ins[1])
      : scatterCallOf(op as Extract<Op, { kind: 'scatter' }>, ins, () =>
          fail(
            'reducer',
            `${p.op}: the program's scatter has a body that is not a reducer (e.g. NumPy's ufunc.at rounding each step to a's dtype); no ONNX reduction runs a body per update, and a reduction of the whole update set rounds once`,
          ),
        );
  const g = coreGraph(call);
  // The core graph's inputs become the program's values; its output an inner value.
  const slots = ['data', 'indices', 'updates'];
  const to = new Map(op.operands.map((v, k) => [slots[k], x.names.get(v) as string]));
  to.set('output', 'core_output');
  const rename = (n: string) => to.get(n) ?? n;
  const main: OnnxNode = {
    ...g.main,
    inputs: g.main.inputs.map((i) => ({ name: rename(i.name), tensor: i.tensor })),
  };
  return {
    ...g,
    main,
    nodes: g.nodes.map((m) => ({ ...m, output: rename(m.output), inputs: m.inputs.map(rename) })),
  };
}

const typeName = (x: ProgramExport, op: Op) =>
  op.operands.length ? x.types[op.operands[0]].dtype : op.results[0].dtype;

const isFloat = (d: DType) => d.startsWith('float') || d === 'bfloat16';

/** A 0-d constant of `dtype` (an initializer). */
const scalar = (x: ProgramExport, v: number | bigint, dtype: DType) =>
  x.b.constant(tensor(is64Bit(dtype) ? BigInt(v) : Number(v), dtype, []));

/**
 * Where(p, a, b) of dtype `d`. onnxruntime 1.30 has no Where kernel for int8, int16, uint16,
 * uint32 or uint64 (measured), so those select as `b + Cast(p) · (a − b)`: exact, as the
 * arithmetic wraps modulo 2^width and Cast(p) is 0 or 1.
 */
function where(x: ProgramExport, d: DType, p: string, a: string, b: string): string {
  if (!NO_WHERE.has(d)) return x.b.op('Where', [p, a, b]);
  const step = x.b.op('Mul', [x.b.op('Cast', [p], { to: dtypeToOnnxDataType[d] }), x.b.op('Sub', [a, b])]);
  return x.b.op('Add', [b, step]);
}
const NO_WHERE = new Set<DType>(['int8', 'int16', 'uint16', 'uint32', 'uint64']);

/** The ONNX comparison of each direction (NE: Not(Equal)). */
const COMPARE: Record<ComparisonDirection, string> = {
  EQ: 'Equal',
  NE: 'Equal',
  LT: 'Less',
  GT: 'Greater',
  LE: 'LessOrEqual',
  GE: 'GreaterOrEqual',
};

/** The bitwise ops ONNX has for integers from opset 18 (And / Or take bool only). */
function bitwise(x: ProgramExport, op: Op, bool: string, integer: string, inputs: string[]): string {
  if (typeName(x, op) === 'bool') return x.b.op(bool, inputs);
  if (x.b.opset < 18)
    fail('opset', `${x.op}: the program's integer ${op.kind} is ONNX's ${integer}; use opset >= 18`);
  return x.b.op(integer, inputs);
}

/** The node builders of the program ops with an exact ONNX graph (see the module comment). */
const NODES: Partial<Record<Op['kind'], NodeBuilder>> = {
  constant: (x, op) => {
    const value = (op as Extract<Op, { kind: 'constant' }>).value;
    if (isComplex(value.dtype))
      fail(
        'program',
        `${x.op}: a complex constant (ONNX's complex ops are few and onnxruntime loads no complex tensor)`,
      );
    return x.b.constant(value);
  },
  broadcast_in_dim: (x, op, [v]) => {
    const dims = (op as Extract<Op, { kind: 'broadcast_in_dim' }>).broadcast_dimensions;
    if (dims.some((d, k) => k > 0 && d <= dims[k - 1]))
      fail('program', `${x.op}: a broadcast_in_dim that reorders dims has no Expand here`);
    // The operand's dims at their result positions, 1 elsewhere; Expand broadcasts the 1s.
    const shape = op.results[0].shape;
    const from = x.types[op.operands[0]].shape;
    const kept = shape.map((_, d) => (dims.includes(d) ? from[dims.indexOf(d)] : 1));
    // Expand broadcasts from the right: the operand's dims at the result's last ones need no Reshape.
    const trailing = dims.every((d, k) => d === shape.length - from.length + k);
    const r = trailing ? v : reshape(x.b, x.op, v, kept);
    return x.b.op('Expand', [r, x.b.i64(shape)]);
  },
  reshape: (x, op, [v]) => reshape(x.b, x.op, v, op.results[0].shape),
  select: (x, op, [p, a, b]) => where(x, op.results[0].dtype, p, a, b),
  and: (x, op, inputs) => bitwise(x, op, 'And', 'BitwiseAnd', inputs),
  or: (x, op, inputs) => bitwise(x, op, 'Or', 'BitwiseOr', inputs),
  compare: (x, op, inputs) => {
    const c = op as Extract<Op, { kind: 'compare' }>;
    if (c.compare_type === 'TOTALORDER') fail('program', `${x.op}: a TOTALORDER compare has no ONNX node`);
    const r = x.b.op(COMPARE[c.comparison_direction], inputs);
    return c.comparison_direction === 'NE' ? x.b.op('Not', [r]) : r;
  },
  convert: (x, op, inputs) => convertNodes(x, op, inputs[0]),
  real: (x, op, inputs) => convertNodes(x, op, inputs[0]),
  imag: (x, op, inputs) => convertNodes(x, op, inputs[0]),
  complex: (x, op, inputs) => convertNodes(x, op, inputs[0]),
  divide: (x, op, inputs) => {
    const d = typeName(x, op);
    // Integer division by 0 is −1 here (XLA's) and undefined in ONNX; no program divides integers.
    if (!isFloat(d))
      fail(
        'program',
        `${x.op}: an integer divide (x / 0 = −1 here, undefined in ONNX) has no exact ONNX node`,
      );
    return x.b.op('Div', inputs);
  },
  power: (x, op, inputs) => (isFloat(typeName(x, op)) ? floatPower(x, op, inputs) : intPower(x, op, inputs)),
};

/** A convert as Cast; a complex value's parts (convert to / from complex, real, imag, complex) refused. */
function convertNodes(x: ProgramExport, op: Op, v: string): string {
  const from = x.types[op.operands[0]].dtype;
  const to = op.results[0].dtype;
  if (op.kind !== 'convert' || isComplex(from) || isComplex(to))
    fail(
      'complex_cast',
      `${x.op}: the cast ${from} → ${to} takes a complex value's parts (${op.kind}); ONNX has no node for a complex tensor's real or imaginary part, Cast takes no complex type and onnxruntime loads no complex tensor`,
    );
  if (isFloat(from) && !isFloat(to) && to !== 'bool') x.warnings.push(castWarning(x.op, from, to));
  const cast = x.b.op('Cast', [v], { to: dtypeToOnnxDataType[to] });
  // Into float16 onnxruntime's Cast gives the quiet NaN with the NaN's sign, as convert does.
  return cast;
}

/**
 * The IR's float power computes on doubles and rounds once (ir/ops/binary.ts); so does the graph:
 * Cast to float64, Pow, Cast back. The IR's double is the correctly rounded one (ir/ops/pow.ts);
 * onnxruntime's is the C library's pow, which glibc computes within 0.52 ulp, so its last bit
 * differs for about 1 pair in 1,200: a warning, as StableHLO leaves power's accuracy open.
 */
function floatPower(x: ProgramExport, op: Op, [a, e]: string[]): string {
  const d = typeName(x, op);
  const wide = d === 'float64';
  const f64 = (v: string) => (wide ? v : x.b.op('Cast', [v], { to: dtypeToOnnxDataType.float64 }));
  const pow = x.b.op('Pow', [f64(a), f64(e)]);
  x.warnings.push({
    code: 'export.onnx.pow_libm',
    runtime: 'onnxruntime',
    message: `${x.op}: power rounds a double pow to ${d}; the IR's double is correctly rounded and onnxruntime's is the C library's pow (glibc: within 0.52 ulp), so the last bit may differ; StableHLO leaves power's accuracy to the implementation`,
  });
  if (wide) return pow;
  // A float16 NaN is the quiet NaN with x86's sign on both sides: the IR's (ir/ops/elements.ts
  // halfNaN) and onnxruntime's Cast of glibc's pow NaN.
  return x.b.op('Cast', [pow], { to: dtypeToOnnxDataType[d] });
}

/**
 * Integer power as the IR computes it (ir/ops/binary.ts): binary exponentiation, wrapping at the
 * width (Mul wraps), one round per exponent bit that can be set — as many as the mask's bits when
 * the exponent is `and(e, c)` with a constant c ≥ 0 (JAX's `_pow_int_int` masks with 63), else
 * the width's; a negative exponent gives 0 unless |base| = 1 (then ±1 by its parity).
 */
function intPower(x: ProgramExport, op: Op, [a, e]: string[]): string {
  const d = typeName(x, op);
  if (x.b.opset < 18)
    fail('opset', `${x.op}: an integer power's exponent bits are read with BitwiseAnd; use opset >= 18`);
  const mask = maskOf(x, op.operands[1]);
  const width = Number.parseInt(d.replace(/\D/g, ''), 10);
  const signed = !d.startsWith('uint');
  const rounds = mask === undefined ? width - (signed ? 1 : 0) : Math.max(1, mask.toString(2).length);
  const one = scalar(x, 1, d);
  const zero = scalar(x, 0, d);
  const bit = (k: number) =>
    x.b.op('Not', [x.b.op('Equal', [x.b.op('BitwiseAnd', [e, scalar(x, 1n << BigInt(k), d)]), zero])]);
  let acc = where(x, d, bit(0), a, one);
  let base = a;
  for (let k = 1; k < rounds; k++) {
    base = x.b.op('Mul', [base, base]);
    acc = where(x, d, bit(k), x.b.op('Mul', [acc, base]), acc);
  }
  if (!signed || mask !== undefined) return acc;
  // e < 0: 1 for a base of 1, ±1 for −1 (the exponent's parity), else 0.
  const minus = scalar(x, -1, d);
  const parity = where(x, d, bit(0), minus, one);
  const neg = where(
    x,
    d,
    x.b.op('Equal', [a, one]),
    one,
    where(x, d, x.b.op('Equal', [a, minus]), parity, zero),
  );
  return where(x, d, x.b.op('Less', [e, zero]), neg, acc);
}

/** c when `v` is `and(e, splat(c))` with a constant c ≥ 0 (the exponent's bits are c's), else undefined. */
function maskOf(x: ProgramExport, v: ValueId): bigint | undefined {
  const op = x.defs.get(v);
  if (op?.kind !== 'and') return undefined;
  const c = splatValue(x, op.operands[1]);
  return c !== undefined && c >= 0n ? c : undefined;
}

/** The value of a splat (a broadcast of a 0-d constant), or undefined. */
function splatValue(x: ProgramExport, v: ValueId): bigint | undefined {
  const op = x.defs.get(v);
  const c = op?.kind === 'broadcast_in_dim' ? x.defs.get(op.operands[0]) : op;
  if (c?.kind !== 'constant' || c.value.size !== 1) return undefined;
  const s = c.value.toFlatArray()[0];
  return typeof s === 'bigint' || Number.isInteger(s) ? BigInt(s as number | bigint) : undefined;
}

/** A float → integer Cast: what `convert` defines and ONNX leaves undefined. */
const castWarning = (op: string, from: DType, to: DType): OnnxExportWarning => ({
  code: 'export.onnx.cast_float_int',
  runtime: 'onnxruntime',
  message: `${op}: a NaN, ±Infinity or out-of-range ${from} cast to ${to} saturates here (NaN → 0); ONNX leaves it undefined and onnxruntime does x86-64's C cast (measured: NaN → 0 in int8 / int16, the minimum in int32 / int64; −1e10 → 2884901888 in uint32)`,
});
