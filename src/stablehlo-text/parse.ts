/**
 * The one-op API on top of the module reader: `parseStablehlo` finds the first
 * `stablehlo.gather` / `stablehlo.scatter` of a text (a whole module, or the op alone) and gives
 * its dimension numbers, update computation, tensor types and the spec's index policy;
 * `bindStablehlo` adds tensors to make a core call; `runStablehlo` runs a whole text (the entry
 * function of a module, or a lone op whose free operands are its parameters).
 *
 * The text is read and verified as a module first (see read.ts), so every rule of the reader
 * applies: comments never change the meaning (the index policy is always the spec's), declared
 * types are checked, every violation is reported.
 *
 * Rules of this API (codes `stablehlo_text.<rule>`): `no_op` (no gather/scatter in the text),
 * `region` (a scatter body that is not one of the core's reducers replace/add/subtract/multiply/
 * minimum/maximum: `runStablehlo` runs those), `variadic` (more than one scatter input: likewise),
 * `bind` (a tensor that does not match its type), `no_result` (`runStablehlo` on a function that
 * returns nothing).
 */
import type { GatherCall, ScatterCall } from '../core/call.js';
import type { ResolvedGatherOptions, ResolvedScatterOptions } from '../core/policy.js';
import type { GatherDimensionNumbers, ReducerName, ScatterDimensionNumbers } from '../core/types.js';
import { DTypeError, GatherScatterError, fmt } from '../errors.js';
import { pairsToComplex } from '../tensor/complex.js';
import {
  type DType,
  allocStorage,
  assertDType,
  decodeScalar,
  isComplex,
  isDType,
  isFloat,
} from '../tensor/dtype.js';
import { toDTypeScalar } from '../tensor/scalar.js';
import type { Func, Module, Op } from '../ir/program.js';
import { valueTypes } from '../ir/program.js';
import { type CheckResult, promotion, runModule } from '../ir/run.js';
import { lex } from './lexer.js';
import { type NestedArray, Tensor, checkTensor, tensor } from '../tensor/tensor.js';
import { textError } from './diagnostics.js';
import type { ReadText } from './module-reader.js';
import { readVerified } from './read.js';
import { tensorTypeOf } from './types.js';
import type { TensorType } from '../ir/program.js';

export type { TensorType } from '../ir/program.js';

interface ParsedBase {
  /** Operand names as written (`%arg0`). */
  readonly operands: readonly string[];
  /** The SSA name of the result (`%0`), when the text assigns one. */
  readonly result?: string;
  /** The op's line in the text. */
  readonly line?: number;
}

/** A `stablehlo.gather` read from text. */
export interface ParsedGather extends ParsedBase {
  /** Tells a gather from a scatter. */
  readonly kind: 'gather';
  /** The op's `#stablehlo.gather` dimension numbers and `slice_sizes`. */
  readonly dimension_numbers: GatherDimensionNumbers;
  /** The tensor types the op's signature declares. */
  readonly types: {
    /** The operand's type. */
    readonly operand: TensorType;
    /** The start indices' type. */
    readonly start_indices: TensorType;
    /** The result's type. */
    readonly result: TensorType;
  };
  /** The spec's index policy (a StableHLO text means the spec's policy; comments never change it). */
  readonly options: ResolvedGatherOptions;
}

/** A `stablehlo.scatter` read from text. */
export interface ParsedScatter extends ParsedBase {
  /** Tells a scatter from a gather. */
  readonly kind: 'scatter';
  /** The op's `#stablehlo.scatter` dimension numbers. */
  readonly dimension_numbers: ScatterDimensionNumbers;
  /** The reducer the op's update region computes. */
  readonly update_computation: ReducerName;
  /** The tensor types the op's signature declares. */
  readonly types: {
    /** The input's type. */
    readonly input: TensorType;
    /** The scatter indices' type. */
    readonly scatter_indices: TensorType;
    /** The updates' type. */
    readonly updates: TensorType;
    /** The result's type. */
    readonly result: TensorType;
  };
  /** The spec's index policy (a StableHLO text means the spec's policy). */
  readonly options: ResolvedScatterOptions;
}

/** One gather or scatter read from StableHLO text. */
export type ParsedStablehlo = ParsedGather | ParsedScatter;

const OP = 'stablehlo_text';

/** Parses `tensor<2x3xf32>` / `tensor<f32>` (static shapes; complex element types are refused). */
export function parseTensorType(text: string): TensorType {
  const tokens = lex(String(text));
  if (tokens.length !== 2 || tokens[0].kind !== 'type')
    textError(
      'type',
      undefined,
      `expected one ranked tensor type like tensor<2x3xf32>; got ${fmt(String(text).trim())}`,
    );
  return tensorTypeOf(tokens[0].type as NonNullable<(typeof tokens)[0]['type']>, tokens[0].line);
}

type GatherOp = Extract<Op, { kind: 'gather' }>;
type ScatterOp = Extract<Op, { kind: 'scatter' }>;

type Found = { op: GatherOp | ScatterOp; func: Func };

/** Every gather/scatter of the text in line order, each with the function that holds it. */
function gatherScatterOps(module: Module): Found[] {
  const found: Found[] = [];
  for (const func of module.funcs)
    for (const op of func.ops) if (op.kind === 'gather' || op.kind === 'scatter') found.push({ op, func });
  return found.sort((a, b) => (a.op.loc?.line ?? 0) - (b.op.loc?.line ?? 0));
}

function parsedOf(
  read: ReadText,
  found: Found | undefined = gatherScatterOps(read.module)[0],
): ParsedStablehlo {
  if (!found) textError('no_op', undefined, 'no stablehlo.gather or stablehlo.scatter in the text');
  const { op, func } = found;
  const types = valueTypes(func);
  const names = read.names.get(op);
  const base = {
    operands: names?.operands ?? op.operands.map((id) => `%${id}`),
    ...(names?.results[0] ? { result: names.results[0] } : {}),
    ...(op.loc ? { line: op.loc.line } : {}),
  };
  const line = op.loc?.line;
  if (op.kind === 'gather') {
    return {
      kind: 'gather',
      ...base,
      dimension_numbers: op.dimension_numbers,
      types: { operand: types[op.operands[0]], start_indices: types[op.operands[1]], result: op.results[0] },
      options: op.options,
    };
  }
  if (op.operands.length !== 3)
    textError(
      'variadic',
      line,
      `a scatter of ${(op.operands.length - 1) / 2} inputs is not one core call; run the text with runStablehlo (or readModule + runModule)`,
    );
  const operandTypes = op.operands.map((id) => types[id]);
  if (promotion(op, operandTypes))
    textError(
      'region',
      line,
      `the update computation promotes ${types[op.operands[0]].dtype} to ${op.body.params[0]?.dtype} (C23): not one core call on the inputs; run the text with runStablehlo (or readModule + runModule), which converts them first`,
    );
  if (op.reducer === undefined || op.reducer === 'mean')
    textError(
      'region',
      line,
      'the update computation is not one of the core reducers (return the update, or add/subtract/multiply/minimum/maximum of (current, update)); run the text with runStablehlo (or readModule + runModule), which interprets any region',
    );
  return {
    kind: 'scatter',
    ...base,
    dimension_numbers: op.dimension_numbers,
    update_computation: op.reducer,
    types: {
      input: types[op.operands[0]],
      scatter_indices: types[op.operands[1]],
      updates: types[op.operands[2]],
      result: op.results[0],
    },
    options: op.options,
  };
}

/**
 * Parses the first stablehlo.gather / stablehlo.scatter (generic or properties form, in a module
 * or alone) of `text`. The whole text is read and verified.
 */
export function parseStablehlo(text: string): ParsedStablehlo {
  return parsedOf(readVerified(text));
}

/**
 * Every gather and scatter of a module (e.g. both gathers of JAX's `x[i][:, j]`), in line order,
 * each read as `parseStablehlo` reads the first; one that is not a single core call (a variadic
 * scatter, a body the core does not run natively) is left out — `runStablehlo` runs the module.
 */
export function parseStablehloAll(text: string): ParsedStablehlo[] {
  const read = readVerified(text);
  const all: ParsedStablehlo[] = [];
  for (const found of gatherScatterOps(read.module)) {
    try {
      all.push(parsedOf(read, found));
    } catch (e) {
      if (!(e instanceof GatherScatterError)) throw e;
    }
  }
  if (all.length === 0) return [parsedOf(read)]; // throws the first op's own error
  return all;
}

function checkType(t: Tensor, type: TensorType, name: string): void {
  if (t.dtype !== type.dtype) {
    throw new DTypeError(`${OP}.bind`, `${OP}: ${name} must be ${type.dtype}; got ${t.dtype}`, {
      dtype: t.dtype,
    });
  }
  if (t.shape.length !== type.shape.length || t.shape.some((n, i) => n !== type.shape[i])) {
    textError('bind', undefined, `${name} must have shape ${fmt(type.shape)}; got ${fmt(t.shape)}`, {
      shape: t.shape,
    });
  }
}

/** Gather tensors, in operand order. */
export type GatherTensors = readonly [operand: Tensor, start_indices: Tensor];
/** Scatter tensors, in operand order. */
export type ScatterTensors = readonly [input: Tensor, scatter_indices: Tensor, updates: Tensor];

/** Binds tensors (checked against the parsed types) into a core call that `execute` runs. */
export function bindStablehlo(parsed: ParsedGather, tensors: GatherTensors): GatherCall;
export function bindStablehlo(parsed: ParsedScatter, tensors: ScatterTensors): ScatterCall;
export function bindStablehlo(parsed: ParsedStablehlo, tensors: readonly Tensor[]): GatherCall | ScatterCall;
export function bindStablehlo(parsed: ParsedStablehlo, tensors: readonly Tensor[]): GatherCall | ScatterCall {
  const kind = typeof parsed === 'object' && parsed !== null ? parsed.kind : undefined;
  if ((kind !== 'gather' && kind !== 'scatter') || !Array.isArray(tensors))
    textError('bind', undefined, 'bindStablehlo takes a parsed gather or scatter and an array of tensors');
  if (parsed.kind === 'gather') {
    if (tensors.length !== 2) textError('bind', undefined, `a gather takes 2 tensors; got ${tensors.length}`);
    checkType(tensors[0], parsed.types.operand, 'operand');
    checkType(tensors[1], parsed.types.start_indices, 'start_indices');
    return {
      kind: 'gather',
      op: 'stablehlo.gather',
      operand: tensors[0],
      start_indices: tensors[1],
      dimension_numbers: parsed.dimension_numbers,
      options: { ...parsed.options, op: 'stablehlo.gather' },
    };
  }
  if (tensors.length !== 3) textError('bind', undefined, `a scatter takes 3 tensors; got ${tensors.length}`);
  checkType(tensors[0], parsed.types.input, 'input');
  checkType(tensors[1], parsed.types.scatter_indices, 'scatter_indices');
  checkType(tensors[2], parsed.types.updates, 'updates');
  return {
    kind: 'scatter',
    op: 'stablehlo.scatter',
    inputs: [tensors[0]],
    scatter_indices: tensors[1],
    updates: [tensors[2]],
    dimension_numbers: parsed.dimension_numbers,
    update_computation: parsed.update_computation,
    options: { ...parsed.options, op: 'stablehlo.scatter' },
  };
}

/** A tensor, or nested values read in the dtype of the parameter's type (pasted JSON). */
export type StablehloValue = Tensor | NestedArray;

/** What `runStablehlo` ran. */
export interface StablehloRun {
  /** The entry function's first result. */
  readonly value: Tensor;
  /** All its results. */
  readonly results: readonly Tensor[];
  /** The checks met on the way (`check.expect_*`), each with its outcome. */
  readonly checks: readonly CheckResult[];
  /** The module that ran. */
  readonly module: Module;
  /** The first gather/scatter as one core call, when the text is that op alone on its parameters. */
  readonly call?: GatherCall | ScatterCall;
  /** That op as `parseStablehlo` gives it, when it is one core call. */
  readonly parsed?: ParsedStablehlo;
}

/** Options of {@link bindArguments}. */
export interface BindOptions {
  /**
   * A tensor of another dtype than its parameter's is converted when every value converts
   * exactly (an int64 .npy into i32, 2.0 into an integer), else DTypeError `stablehlo_text.bind`.
   * Default false: the dtype must match.
   */
  readonly convert?: boolean;
}

/** `t` in `dtype`, when every value converts exactly; else DTypeError `stablehlo_text.bind`. */
export function convertExactly(t: Tensor, dtype: DType, name = 'argument'): Tensor {
  if (!Tensor.isTensor(t)) checkTensor(t, 't', 'convertExactly', `${OP}.bind`);
  if (!isDType(dtype)) assertDType(dtype, 'convertExactly');
  if (t.dtype === dtype) return t;
  const out = allocStorage(dtype, t.size) as unknown as { [i: number]: number | bigint };
  const where = { where: `${OP}: ${name}`, code: `${OP}.bind` };
  const src = t.data as ArrayLike<number | bigint>;
  for (let i = 0; i < t.size; i++) {
    const v = decodeScalar(t.dtype, src[i]);
    let stored: number | bigint;
    try {
      stored = toDTypeScalar(v, dtype, where);
    } catch (e) {
      if (e instanceof GatherScatterError)
        throw new DTypeError(
          `${OP}.bind`,
          `${OP}: ${name} is ${t.dtype} and cannot become ${dtype}: element ${i} (${fmt(v)}) does not convert exactly`,
          { index: i, dtype: t.dtype, to: dtype },
        );
      throw e;
    }
    if (isFloat(dtype)) {
      const back = decodeScalar(dtype, dtype === 'float32' ? Math.fround(Number(stored)) : stored) as number;
      const exact =
        typeof v === 'bigint'
          ? Number.isFinite(back) && BigInt(back) === v
          : Object.is(back, Number(v)) ||
            (Number.isNaN(back) && Number.isNaN(Number(v))) ||
            back === Number(v);
      if (!exact)
        throw new DTypeError(
          `${OP}.bind`,
          `${OP}: ${name} is ${t.dtype} and cannot become ${dtype}: element ${i} (${fmt(v)}) would round to ${back}`,
          { index: i, dtype: t.dtype, to: dtype },
        );
    }
    out[i] = stored;
  }
  return new Tensor(dtype, t.shape, out as never);
}

/**
 * The tensors of a function's parameters from `values`: in order, or keyed by parameter name as
 * written (`%arg0` or `arg0`). Nested values are read in the parameter's dtype; a tensor must
 * have the parameter's type (or convert exactly to it, with `convert`). Errors:
 * `stablehlo_text.bind`, the tensor layer's `tensor.value`.
 */
export function bindArguments(
  func: Func,
  values: readonly StablehloValue[] | Readonly<Record<string, StablehloValue>>,
  opts: BindOptions = {},
): Tensor[] {
  if (!Array.isArray((func as Func | null)?.params) || typeof values !== 'object' || values === null)
    textError(
      'bind',
      undefined,
      'bindArguments takes a function of a module and an array or record of values',
    );
  const names = func.paramNames ?? func.params.map((_, k) => `%arg${k}`);
  let given: readonly StablehloValue[];
  if (Array.isArray(values)) given = values as readonly StablehloValue[];
  else {
    const byName = values as Readonly<Record<string, StablehloValue>>;
    given = names.map((name, k) => {
      const v = Object.hasOwn(byName, name)
        ? byName[name]
        : Object.hasOwn(byName, name.replace(/^%/, ''))
          ? byName[name.replace(/^%/, '')]
          : undefined;
      if (v === undefined)
        textError(
          'bind',
          undefined,
          `no tensor for parameter ${name} (${k}) of @${func.name}; got ${fmt(Object.keys(byName))}`,
          {
            operand: name,
          },
        );
      return v as StablehloValue;
    });
  }
  if (given.length !== func.params.length)
    textError(
      'bind',
      undefined,
      `@${func.name} takes ${func.params.length} tensor${func.params.length === 1 ? '' : 's'} (${names.join(', ')}); got ${given.length}`,
    );
  return given.map((v, k) => {
    const type = func.params[k];
    // A complex parameter takes JSON-style [re, im] pairs (or { re, im } values).
    const values = isComplex(type.dtype) ? pairsToComplex(v, names[k], 'stablehlo_text.bind') : v;
    let t = v instanceof Tensor ? v : tensor(values as NestedArray, type.dtype);
    if (opts.convert === true && t.dtype !== type.dtype) t = convertExactly(t, type.dtype, names[k]);
    checkType(t, type, names[k]);
    return t;
  });
}

/**
 * Reads `text` (a module, or a lone op whose undefined operands become parameters in order of
 * use) and runs its entry function on `tensors` — in parameter order, or keyed by parameter name
 * (`%arg0` or `arg0`). Nested values are read in the dtype of their parameter's type. Failing
 * checks do not throw: they are in `checks`.
 *
 * @example
 * runStablehlo(text, [tensor([[1, 2], [3, 4], [5, 6]], 'float32'), [[2], [0]]]).value.toArray();
 */
export function runStablehlo(
  text: string,
  tensors: readonly StablehloValue[] | Readonly<Record<string, StablehloValue>> = [],
): StablehloRun {
  const read = readVerified(text);
  const module = read.module;
  const func = module.funcs.find((f) => f.name === module.entry) as Func;
  const args = bindArguments(func, tensors);
  const run = runModule(module, args);
  if (run.results.length === 0)
    textError(
      'no_result',
      func.loc?.line,
      `@${func.name} returns nothing (its checks are in readModule + runModule's checks)`,
    );
  const legacy = oneCall(read, func, args);
  return {
    value: run.results[0],
    results: run.results,
    checks: run.checks,
    module,
    ...legacy,
  };
}

/** The core call of a text that is one gather/scatter on its parameters, in order. */
function oneCall(
  read: ReadText,
  func: Func,
  args: readonly Tensor[],
): { call?: GatherCall | ScatterCall; parsed?: ParsedStablehlo } {
  if (func.ops.length !== 1) return {};
  const op = func.ops[0];
  if (op.kind !== 'gather' && op.kind !== 'scatter') return {};
  if (op.operands.some((id, k) => id !== k) || op.operands.length !== args.length) return {};
  if (op.kind === 'scatter' && (op.operands.length !== 3 || op.reducer === undefined)) return {};
  if (op.kind === 'scatter' && promotion(op, args)) return {}; // converted first: runModule's path
  const parsed = parsedOf(read);
  return { parsed, call: bindStablehlo(parsed, args) };
}
