/**
 * Conformance vectors: the edge-case matrix of each op (in-bounds, negative and out-of-bounds
 * indices, duplicates, empty indices, float specials: NaN, ±0, ±∞; float32 and int32), each with
 * its expected output or expected error, written in the formats runtimes already consume:
 * - `stablehlo`: one module per case, inputs as constants, the call's legalized program as
 *   @op, and a `check.expect_eq` (or `check.expect_almost_eq`, which lets NaN match NaN);
 * - `onnx`: ONNX backend-test directories (model.onnx, test_data_set_0/input_<i>.pb, output_0.pb);
 * - `webnn`: WPT conformance tests `{ name, graph: { inputs, operators, expectedOutputs } }`.
 *
 * A case whose result is not unique (a liberty of the framework applies: verify.ts) or whose
 * input is outside the spec's domain is left out of every format, and listed in the manifest
 * with the rule; so is a case a format cannot express (an expected error in these three formats).
 */
import { type CoreCall, execute } from '../core/call.js';
import { traceCall } from '../core/trace.js';
import { DuplicateIndexError, GatherScatterError, InvalidArgumentError } from '../errors.js';
import { legalize } from '../ir/legalize.js';
import { type LoweredCall, programOf } from '../ir/lowered.js';
import { denseText, printModule, tensorTypeText } from '../ir/print.js';
import { type CallArgs, type OpEntry, lowerCall } from '../tables/registry.js';
import type { NestedArray, Tensor } from '../tensor/tensor.js';
import { BROKEN_PROMISE, libertiesOf } from './allowed.js';
import { verify } from './verify.js';

export type EmitFormat = 'stablehlo' | 'onnx' | 'webnn';

/** One case of the matrix. */
export interface ConformanceCase {
  readonly name: string;
  readonly op: string;
  readonly args: CallArgs;
  /** The unique expected result, or the error the spec requires. */
  readonly expected?: Tensor;
  readonly expectedError?: { readonly code: string; readonly message: string };
  /** Why the case is left out of the formats (a non-unique result, outside the domain). */
  readonly leftOut?: string;
  readonly call?: CoreCall;
}

/** The index rows of each case (values index dim 0 of a 4-row input). */
const INDEX_CASES: readonly (readonly [string, readonly number[]])[] = [
  ['in_bounds', [2, 0]],
  ['negative', [-1]],
  ['out_of_bounds_high', [4]],
  ['out_of_bounds_low', [-5]],
  ['duplicates', [1, 1]],
  ['empty', []],
];

/** Values that encode their position (100·i + j); with specials, row 1 is NaN, −0, +∞. */
function dataOf(specials: boolean): NestedArray {
  const rows = [0, 1, 2, 3].map((i) => [0, 1, 2].map((j) => 100 * i + j));
  if (specials) rows[1] = [Number.NaN, -0, Number.POSITIVE_INFINITY];
  return rows;
}

/** The indices (and updates) of one index case in the shape the op's family takes. */
function shaped(
  entry: OpEntry,
  rows: readonly number[],
  specials: boolean,
): Pick<CallArgs, 'indices' | 'updates'> {
  const family = entry.signature.family;
  const upd = rows.map((_, k) => [
    7 + 10 * k,
    specials ? Number.NaN : 8 + 10 * k,
    specials ? -0 : 9 + 10 * k,
  ]);
  const indices: NestedArray =
    family === 'nd' || family === 'scatter_nd'
      ? rows.map((r) => [r])
      : family === 'elements' || family === 'scatter_elements'
        ? rows.map((r) => [r, r, r])
        : [...rows];
  return { indices, ...(entry.signature.kind === 'scatter' ? { updates: upd } : {}) };
}

/** Attribute variants beyond an op's example attributes (name suffix → attributes). */
const VARIANTS: Readonly<Record<string, readonly (readonly [string, Record<string, unknown>])[]>> = {
  'onnx.ScatterND': ['none', 'add', 'mul', 'max', 'min'].map((r) => [
    r === 'none' ? '' : `_${r}`,
    { reduction: r },
  ]),
  'onnx.ScatterElements': ['none', 'add', 'mul', 'max', 'min'].map((r) => [
    r === 'none' ? '' : `_${r}`,
    { axis: 0, reduction: r },
  ]),
};

const FAMILIES = new Set(['take', 'elements', 'nd', 'scatter_elements', 'scatter_nd', 'scatter_take']);

/** The edge-case matrix of one registry op (ops of other addressing families: none yet). */
export function casesOf(entry: OpEntry, namespaces: Readonly<Record<string, unknown>>): ConformanceCase[] {
  if (!FAMILIES.has(entry.signature.family) || entry.state !== 'ready') return [];
  const out: ConformanceCase[] = [];
  for (const dtype of ['float32', 'int32', 'float16', 'int64'] as const) {
    for (const specials of dtype === 'float32' || dtype === 'float16' ? [false, true] : [false]) {
      for (const [label, rows] of INDEX_CASES) {
        for (const [suffix, attrs] of VARIANTS[entry.id] ?? [['', entry.signature.example ?? {}]]) {
          const name = `${entry.id.replace(/\./g, '_')}${suffix}_${label}_${dtype}${specials ? '_specials' : ''}`;
          const args: CallArgs = {
            data: dataOf(specials),
            ...shaped(entry, rows, specials),
            attrs: { ...attrs },
            dataDType: dtype,
            ...(rows.length === 0 ? { indexDType: entry.signature.indexDType ?? 'int64' } : {}),
          };
          out.push(decide(name, entry, args, namespaces));
        }
      }
    }
  }
  return out;
}

/** The expected outcome of a case, or why it is left out. */
function decide(
  name: string,
  entry: OpEntry,
  args: CallArgs,
  namespaces: Readonly<Record<string, unknown>>,
): ConformanceCase {
  const base = { name, op: entry.id, args };
  let call: LoweredCall;
  try {
    // lowerCall is typed CoreCall, but a frontend may lower to a program.
    call = lowerCall(namespaces, entry, args) as LoweredCall;
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    return { ...base, expectedError: { code: e.code, message: e.message } };
  }
  if (call.kind === 'program') return { ...base, leftOut: 'lowered to a program (no single op to emit)' };
  let expected: Tensor;
  try {
    expected = execute({ ...call, out: undefined });
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    // Forbidden duplicates (ONNX reduction none): a runtime may refuse them or pick any winner.
    const refuse = libertiesOf(call).duplicate_error_allowed;
    if (e instanceof DuplicateIndexError && refuse)
      return { ...base, call, leftOut: `the result is not unique: ${refuse.code} (${refuse.text})` };
    return { ...base, call, expectedError: { code: e.code, message: e.message } };
  }
  const v = verify(call, expected);
  if (v.verdict === 'outside_domain')
    return { ...base, call, leftOut: `${v.domain?.reason} (${v.domain?.rule.code ?? BROKEN_PROMISE.code})` };
  const free = libertiesOf(call);
  const rule = free.winner ?? free.order;
  if (rule && call.kind === 'scatter' && hasDuplicates(call))
    return { ...base, call, leftOut: `the result is not unique: ${rule.code} (${rule.text})` };
  return { ...base, call, expected };
}

function hasDuplicates(call: CoreCall): boolean {
  return traceCall(call).entries.some((e) => e.duplicate);
}

/** One file of an emitted suite (a path relative to the output directory). */
export interface EmittedFile {
  readonly path: string;
  readonly contents: string | Uint8Array;
}

/** The StableHLO module of a case: @main builds the inputs, calls @op, checks the result. */
export function stablehloCase(c: ConformanceCase): string {
  if (!c.call || !c.expected)
    throw new InvalidArgumentError('oracle.emit.case', `${c.name}: no unique result to emit`);
  const program = programOf(c.call);
  const { module, notes } = legalize(program.module);
  const renamed = {
    ...module,
    funcs: module.funcs.map((f) => (f.name === module.entry ? { ...f, name: 'op' } : f)),
    entry: 'op',
  };
  const text = printModule(renamed, { comments: [`${c.name}: ${c.op}`, ...notes] });
  const lines = ['  func.func public @main() {'];
  for (const [k, t] of program.args.entries()) lines.push(`    %a${k} = stablehlo.constant ${denseText(t)}`);
  const type = tensorTypeText(c.expected);
  const argTypes = program.args.map((t) => tensorTypeText(t)).join(', ');
  const argNames = program.args.map((_, k) => `%a${k}`).join(', ');
  lines.push(`    %r = func.call @op(${argNames}) : (${argTypes}) -> ${type}`);
  lines.push(`    %e = stablehlo.constant ${denseText(c.expected)}`);
  // expect_eq: integers and NaN-free floats bit-exact up to ±0; expect_almost_eq lets NaN match NaN.
  // Decoded values: float16 / bfloat16 are stored as bits, so their NaNs show only decoded.
  const nan = c.expected.toFlatArray().some((v) => typeof v === 'number' && Number.isNaN(v));
  const check = nan ? 'check.expect_almost_eq' : 'check.expect_eq';
  lines.push(`    ${check} %r, %e : ${type}`);
  lines.push('    func.return', '  }');
  // The test function goes inside the printed module, before its closing brace.
  return `${text.replace(/\}\n$/, `${lines.join('\n')}\n}\n`)}`;
}

/** The WPT-style operator name and arguments of a WebNN case. */
function webnnTest(c: ConformanceCase): Record<string, unknown> | undefined {
  if (!c.expected || !c.op.startsWith('webnn.')) return undefined;
  const opName = c.op.slice('webnn.'.length);
  const kind = c.call?.kind;
  const t = (values: NestedArray | undefined, dtype: string) => {
    const flat = [values ?? []].flat(8) as number[];
    const shape = shapeOf(values);
    return { data: flat.map(json), descriptor: { shape, dataType: dtype } };
  };
  const inputs: Record<string, unknown> = {
    input: t(c.args.data, c.args.dataDType ?? 'float32'),
    indices: { ...t(c.args.indices, c.args.indexDType ?? 'int32'), constant: true },
  };
  const args: Record<string, unknown>[] = [{ input: 'input' }, { indices: 'indices' }];
  if (kind === 'scatter') {
    inputs.updates = t(c.args.updates, c.args.dataDType ?? 'float32');
    args.push({ updates: 'updates' });
  }
  if (c.args.attrs && Object.keys(c.args.attrs).length > 0) args.push({ options: c.args.attrs });
  return {
    name: c.name,
    graph: {
      inputs,
      operators: [{ name: opName, arguments: args, outputs: 'output' }],
      expectedOutputs: {
        output: {
          data: Array.from(c.expected.toFlatArray(), json),
          descriptor: { shape: [...c.expected.shape], dataType: c.expected.dtype },
        },
      },
    },
  };
}

/** JSON has no NaN or ±∞: WPT's test data spells them as strings. */
function json(v: unknown): unknown {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : String(v);
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  if (typeof v === 'number' && Object.is(v, -0)) return '-0';
  return v;
}

function shapeOf(v: NestedArray | undefined): number[] {
  const shape: number[] = [];
  let x: unknown = v;
  while (Array.isArray(x)) {
    shape.push(x.length);
    x = x[0];
  }
  return shape;
}

/** The manifest every format writes: each case, what is expected, or why it is left out. */
function manifest(
  format: EmitFormat,
  cases: readonly ConformanceCase[],
  emitted: ReadonlySet<string>,
): string {
  const rows = cases.map((c) => ({
    name: c.name,
    op: c.op,
    emitted: emitted.has(c.name),
    ...(c.expectedError ? { expected_error: c.expectedError.code } : {}),
    ...(c.leftOut ? { left_out: c.leftOut } : {}),
    ...(!emitted.has(c.name) && !c.leftOut && c.expectedError
      ? { left_out: `an expected error (${c.expectedError.code}) has no ${format} form` }
      : {}),
  }));
  return `${JSON.stringify({ format, cases: rows }, null, 2)}\n`;
}

/** Files of a suite in one format. `onnx` needs the exporter (loaded by the caller: protobufjs). */
export function emitSuite(
  format: EmitFormat,
  cases: readonly ConformanceCase[],
  onnx?: {
    readonly toOnnx: (call: CoreCall) => Uint8Array;
    readonly onnxInputs: (call: CoreCall) => Record<string, Tensor>;
    readonly toTensorProto: (t: Tensor, name?: string) => Uint8Array;
  },
): EmittedFile[] {
  const files: EmittedFile[] = [];
  const emitted = new Set<string>();
  const wpt: Record<string, unknown>[] = [];
  for (const c of cases) {
    if (!c.expected || !c.call) continue;
    if (format === 'stablehlo') {
      files.push({ path: `${c.name}.mlir`, contents: stablehloCase(c) });
      emitted.add(c.name);
    } else if (format === 'onnx' && onnx && c.op.startsWith('onnx.')) {
      let model: Uint8Array;
      try {
        model = onnx.toOnnx(c.call);
      } catch (e) {
        if (!(e instanceof GatherScatterError)) throw e;
        continue;
      }
      files.push({ path: `${c.name}/model.onnx`, contents: model });
      for (const [k, [name, t]] of Object.entries(onnx.onnxInputs(c.call)).entries())
        files.push({
          path: `${c.name}/test_data_set_0/input_${k}.pb`,
          contents: onnx.toTensorProto(t, name),
        });
      files.push({
        path: `${c.name}/test_data_set_0/output_0.pb`,
        contents: onnx.toTensorProto(c.expected, 'output'),
      });
      emitted.add(c.name);
    } else if (format === 'webnn') {
      const t = webnnTest(c);
      if (t) {
        wpt.push(t);
        emitted.add(c.name);
      }
    }
  }
  if (format === 'webnn')
    files.push({ path: 'webnn-tests.json', contents: `${JSON.stringify(wpt, null, 2)}\n` });
  files.push({ path: 'manifest.json', contents: manifest(format, cases, emitted) });
  return files;
}
