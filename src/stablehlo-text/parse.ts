/**
 * Reads one `stablehlo.gather` or `stablehlo.scatter` from MLIR text — the generic syntax
 * (`"stablehlo.gather"(%a, %b) {dimension_numbers = #stablehlo.gather<...>, ...} : (...) -> ...`),
 * the properties syntax JAX prints (`<{...}>`), and bare attributes after the operands
 * (`stablehlo.gather(%a, %b) offset_dims = [...], ... : (...) -> ...`) — into its dimension
 * numbers, update computation, tensor types and index policy. `bindStablehlo` adds tensors and
 * returns a core call that `execute` runs.
 *
 * Rules (codes `stablehlo_text.<rule>`): `no_op` (no gather/scatter in the text), `syntax`,
 * `attribute` (unknown or malformed attribute), `type` (an unsupported tensor type),
 * `region` (a scatter body that is not one of replace/add/subtract/multiply/minimum/maximum),
 * `variadic` (more than one scatter input), `bind` (a tensor that does not match its type).
 */
import { type GatherCall, type ScatterCall, execute } from '../core/call.js';
import {
  type ResolvedGatherOptions,
  type ResolvedScatterOptions,
  resolveGatherOptions,
  resolveScatterOptions,
} from '../core/policy.js';
import type {
  GatherDimensionNumbers,
  GatherMode,
  NegativeIndexPolicy,
  ReducerName,
  ScatterDimensionNumbers,
  ScatterMode,
} from '../core/types.js';
import { DTypeError, InvalidArgumentError, fmt } from '../errors.js';
import type { DType, Scalar } from '../tensor/dtype.js';
import { type NestedArray, Tensor, tensor } from '../tensor/tensor.js';

/** A ranked tensor type: `tensor<2x3xf32>`. */
export interface TensorType {
  readonly shape: readonly number[];
  readonly dtype: DType;
}

interface ParsedBase {
  /** Operand names as written (`%arg0`). */
  readonly operands: readonly string[];
  /** The SSA name of the result (`%0`), when the text assigns one. */
  readonly result?: string;
}

export interface ParsedGather extends ParsedBase {
  readonly kind: 'gather';
  readonly dimension_numbers: GatherDimensionNumbers;
  readonly types: {
    readonly operand: TensorType;
    readonly start_indices: TensorType;
    readonly result: TensorType;
  };
  /** The index policy from the printer's trailing comment, else the spec's defaults. */
  readonly options: ResolvedGatherOptions;
}

export interface ParsedScatter extends ParsedBase {
  readonly kind: 'scatter';
  readonly dimension_numbers: ScatterDimensionNumbers;
  readonly update_computation: ReducerName;
  readonly types: {
    readonly input: TensorType;
    readonly scatter_indices: TensorType;
    readonly updates: TensorType;
    readonly result: TensorType;
  };
  readonly options: ResolvedScatterOptions;
}

export type ParsedStablehlo = ParsedGather | ParsedScatter;

const OP = 'stablehlo_text';

function fail(rule: string, message: string, details: Record<string, unknown> = {}): never {
  throw new InvalidArgumentError(`${OP}.${rule}`, `${OP}: ${message}`, details);
}

const ELEMENT: Record<string, DType> = {
  f64: 'float64',
  f32: 'float32',
  f16: 'float16',
  bf16: 'bfloat16',
  i64: 'int64',
  i32: 'int32',
  i16: 'int16',
  i8: 'int8',
  si64: 'int64',
  si32: 'int32',
  si16: 'int16',
  si8: 'int8',
  ui64: 'uint64',
  ui32: 'uint32',
  ui16: 'uint16',
  ui8: 'uint8',
  i1: 'bool',
};

/** Parses `tensor<2x3xf32>` / `tensor<f32>`. */
export function parseTensorType(text: string): TensorType {
  const m = /^tensor<\s*([^>]*)>$/.exec(text.trim());
  if (!m) fail('type', `expected a ranked tensor type like tensor<2x3xf32>; got ${fmt(text.trim())}`);
  const parts = m[1].split('x').map((s) => s.trim());
  const element = parts.pop() as string;
  const dtype = Object.hasOwn(ELEMENT, element) ? ELEMENT[element] : undefined;
  if (dtype === undefined) {
    fail('type', `unsupported element type ${fmt(element)} in ${fmt(text.trim())}`, { element });
  }
  const shape = parts.map((p) => {
    if (!/^\d+$/.test(p)) fail('type', `dynamic or malformed dimension ${fmt(p)} in ${fmt(text.trim())}`);
    return Number(p);
  });
  return { shape, dtype };
}

const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/** Index just past the bracket group opened at `start` (`->` is not a bracket). */
function skipGroup(s: string, start: number): number {
  const stack: string[] = [];
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (c === '"') {
      i = s.indexOf('"', i + 1);
      if (i < 0) break;
      continue;
    }
    if (c === '-' && s[i + 1] === '>') {
      i++;
      continue;
    }
    if (c in OPEN) stack.push(OPEN[c]);
    else if (c === ')' || c === ']' || c === '}' || c === '>') {
      if (stack.pop() !== c) fail('syntax', `unbalanced ${fmt(c)} at offset ${i}`, { offset: i });
      if (stack.length === 0) return i + 1;
    }
  }
  fail('syntax', `unclosed ${fmt(s[start])} opened at offset ${start}`, { offset: start });
}

/** Splits on commas at bracket depth 0. */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '-' && s[i + 1] === '>') {
      i++;
      continue;
    }
    if (c in OPEN) depth++;
    else if (c === ')' || c === ']' || c === '}' || c === '>') depth--;
    else if (c === ',' && depth === 0) {
      out.push(s.slice(from, i));
      from = i + 1;
    }
  }
  out.push(s.slice(from));
  return out.map((x) => x.trim()).filter((x) => x.length > 0);
}

/** `key = value` pairs of an attribute list. */
function attributes(s: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const item of splitTop(s)) {
    const eq = item.indexOf('=');
    if (eq < 0) fail('attribute', `expected key = value; got ${fmt(item)}`);
    map.set(item.slice(0, eq).trim(), item.slice(eq + 1).trim());
  }
  return map;
}

/** `[1, 2]`, `array<i64: 1, 2>`, `array<i64>`, `dense<[1, 2]> : tensor<2xi64>`, `dense<1> : ...`. */
function intList(value: string, key: string): number[] {
  const v = value.trim();
  let body: string | undefined;
  let m = /^\[([^\]]*)\]$/.exec(v);
  if (m) body = m[1];
  else if ((m = /^array<\s*i64\s*(?::([^>]*))?>$/.exec(v))) body = m[1] ?? '';
  else if ((m = /^dense<\s*\[?([^\]>]*)\]?\s*>(\s*:.*)?$/.exec(v))) body = m[1];
  if (body === undefined) fail('attribute', `${key} must be an integer list; got ${fmt(v)}`, { key });
  return body
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x.length > 0)
    .map((x) => {
      if (!/^-?\d+$/.test(x)) fail('attribute', `${key} must hold integers; got ${fmt(x)}`, { key });
      return Number(x);
    });
}

function intValue(value: string, key: string): number {
  const m = /^(-?\d+)(\s*:\s*i64)?$/.exec(value.trim());
  if (!m) fail('attribute', `${key} must be an integer; got ${fmt(value)}`, { key });
  return Number(m[1]);
}

function boolValue(value: string, key: string): boolean {
  const v = value.trim();
  if (v === 'true') return true;
  if (v === 'false') return false;
  fail('attribute', `${key} must be true or false; got ${fmt(v)}`, { key });
}

/** The inside of `#stablehlo.gather<...>` / `#stablehlo.scatter<...>` (or mhlo). */
function dimensionNumbers(value: string, kind: 'gather' | 'scatter'): Map<string, string> {
  const m = new RegExp(`^#(?:stablehlo|mhlo)\\.${kind}<([\\s\\S]*)>$`).exec(value.trim());
  if (!m) fail('attribute', `expected #stablehlo.${kind}<...>; got ${fmt(value.trim())}`);
  return attributes(m[1]);
}

const GATHER_DN = new Set([
  'offset_dims',
  'collapsed_slice_dims',
  'operand_batching_dims',
  'start_indices_batching_dims',
  'start_index_map',
  'index_vector_dim',
]);
const SCATTER_DN = new Set([
  'update_window_dims',
  'inserted_window_dims',
  'input_batching_dims',
  'scatter_indices_batching_dims',
  'scatter_dims_to_operand_dims',
  'index_vector_dim',
]);

/** Attributes that carry no semantics for the core (dropped). */
const IGNORED = new Set(['mhlo.sharding', 'mhlo.frontend_attributes', 'sharding']);

function checkKeys(map: Map<string, string>, allowed: Set<string>, where: string): void {
  for (const k of map.keys()) {
    if (!allowed.has(k) && !IGNORED.has(k)) {
      fail('attribute', `unknown ${where} attribute ${fmt(k)}; expected one of ${fmt([...allowed])}`, {
        key: k,
      });
    }
  }
}

const ARITH: Record<string, ReducerName> = {
  add: 'add',
  subtract: 'sub',
  multiply: 'mul',
  minimum: 'min',
  maximum: 'max',
  and: 'min',
  or: 'max',
};

/**
 * The reducer a scatter region computes: its two block arguments (current, update), and what
 * it returns — the update (replace), or one binary op of the two (add, subtract, …).
 */
function regionReducer(region: string): ReducerName {
  const args = /\^bb\d*\s*\(\s*(%[\w.$-]+)\s*:[^,]*,\s*(%[\w.$-]+)\s*:/.exec(region);
  if (!args)
    fail(
      'region',
      `the scatter region must start with ^bb0(%a: tensor<...>, %b: tensor<...>); got ${fmt(region)}`,
    );
  const [, a, b] = args;
  const ret =
    /"(?:stablehlo|mhlo)\.return"\s*\(\s*([^)]*)\)/.exec(region) ??
    /(?:stablehlo|mhlo)\.return\s+([^:\n]*)/.exec(region);
  if (!ret) fail('region', 'the scatter region has no stablehlo.return');
  const returned = ret[1].split(',').map((x) => x.trim());
  if (returned.length !== 1)
    fail('variadic', `a region returning ${returned.length} values (variadic scatter) is not supported`);
  const r = returned[0];
  if (r === b) return 'replace';
  const esc = r.replace(/[$.]/g, '\\$&');
  const def =
    new RegExp(
      `${esc}\\s*=\\s*"(?:stablehlo|mhlo)\\.(\\w+)"\\s*\\(\\s*(%[\\w.$-]+)\\s*,\\s*(%[\\w.$-]+)\\s*\\)`,
    ).exec(region) ??
    new RegExp(`${esc}\\s*=\\s*(?:stablehlo|mhlo)\\.(\\w+)\\s+(%[\\w.$-]+)\\s*,\\s*(%[\\w.$-]+)`).exec(
      region,
    );
  if (!def)
    fail(
      'region',
      `the region returns ${fmt(r)}, which is neither the update nor one binary op of the block arguments`,
    );
  const [, name, x, y] = def;
  const reducer = Object.hasOwn(ARITH, name) ? ARITH[name] : undefined;
  const commutative = reducer !== undefined && reducer !== 'sub';
  if (reducer && ((x === a && y === b) || (commutative && x === b && y === a))) return reducer;
  fail(
    'region',
    `unsupported scatter region: ${fmt(`${name}(${x}, ${y})`)} of block arguments (${a}, ${b})`,
    {
      op: name,
    },
  );
}

/** The index policy from the printer's trailing comment (`// op: mode = clip, ...`). */
function policyComment(text: string, from: number): Map<string, string> {
  const m = /^[^\S\n]*(?:\n[^\S\n]*)?\/\/\s*[^:\n]*:\s*([^\n]*)/.exec(text.slice(from));
  const out = new Map<string, string>();
  if (!m) return out;
  for (const part of m[1].split(',')) {
    const kv = /^\s*(\w+)\s*=\s*(\S+)/.exec(part);
    if (kv) out.set(kv[1], kv[2]);
  }
  return out;
}

function fillScalar(v: string, dtype: DType): Scalar {
  if (v === 'true' || v === 'false') return v === 'true';
  if (dtype === 'int64' || dtype === 'uint64') return BigInt(v);
  return Number(v);
}

/** Parses the first stablehlo.gather / stablehlo.scatter (generic, properties or bare form) in `text`. */
export function parseStablehlo(text: string): ParsedStablehlo {
  const head =
    /(?:(%[\w.$-]+)\s*=\s*)?(?:"(?:stablehlo|mhlo)\.(gather|scatter)"|\b(?:stablehlo|mhlo)\.(gather|scatter))\s*\(/.exec(
      text,
    );
  if (!head) fail('no_op', 'no stablehlo.gather or stablehlo.scatter in the text');
  const kind = (head[2] ?? head[3]) as 'gather' | 'scatter';
  const open = head.index + head[0].length - 1;
  let at = skipGroup(text, open);
  const operands = splitTop(text.slice(open + 1, at - 1));
  const attrs = new Map<string, string>();
  let region: string | undefined;
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at])) at++;
  };
  for (;;) {
    skipSpace();
    if (text.startsWith('<{', at)) {
      const end = skipGroup(text, at);
      for (const [k, v] of attributes(text.slice(at + 2, end - 2))) attrs.set(k, v);
      at = end;
    } else if (text.startsWith('({', at) || (text[at] === '(' && /^\(\s*\{/.test(text.slice(at)))) {
      const end = skipGroup(text, at);
      region = text.slice(at + 1, end - 1);
      at = end;
    } else if (text[at] === '{') {
      const end = skipGroup(text, at);
      for (const [k, v] of attributes(text.slice(at + 1, end - 1))) attrs.set(k, v);
      at = end;
    } else if (text[at] === ':') {
      break;
    } else if (at >= text.length) {
      fail('syntax', `missing the type signature ": (...) -> ..." after the ${kind}`);
    } else {
      // bare attributes up to the ':' of the type signature at depth 0
      let i = at;
      let depth = 0;
      for (; i < text.length; i++) {
        const c = text[i];
        if (c === '-' && text[i + 1] === '>') {
          i++;
          continue;
        }
        if (c in OPEN) depth++;
        else if (c === ')' || c === ']' || c === '}' || c === '>') depth--;
        else if (depth === 0 && (c === ':' || (c === '(' && text[i + 1] === '{'))) break;
      }
      // a bare "({" region may follow bare attributes
      for (const [k, v] of attributes(text.slice(at, i))) attrs.set(k, v);
      at = i;
      if (text[at] !== ':' && !text.startsWith('({', at))
        fail('syntax', `missing the type signature after the ${kind}`);
    }
  }
  // : (T0, T1, ...) -> R
  at++;
  skipSpace();
  if (text[at] !== '(')
    fail('syntax', `expected "(" to start the operand types; got ${fmt(text.slice(at, at + 20))}`);
  const tEnd = skipGroup(text, at);
  const types = splitTop(text.slice(at + 1, tEnd - 1)).map(parseTensorType);
  const arrow = /^\s*->\s*(\(?\s*tensor<[^>]*>)/.exec(text.slice(tEnd));
  if (!arrow) fail('syntax', 'expected "-> tensor<...>" after the operand types');
  const resultText = arrow[1].replace(/^\(\s*/, '');
  const result = parseTensorType(resultText);
  const end = tEnd + arrow[0].length;
  const comment = policyComment(text, end);
  const base = { operands, ...(head[1] ? { result: head[1] } : {}) };

  if (kind === 'gather') {
    if (types.length !== 2 || operands.length !== 2)
      fail('syntax', `gather takes 2 operands; got ${operands.length}`);
    // the generic form nests the dims in dimension_numbers; the bare form lists them at top level
    const dn = attrs.has('dimension_numbers')
      ? dimensionNumbers(attrs.get('dimension_numbers') as string, 'gather')
      : new Map([...attrs].filter(([k]) => GATHER_DN.has(k)));
    checkKeys(dn, GATHER_DN, 'gather dimension_numbers');
    checkKeys(
      attrs,
      new Set([
        'dimension_numbers',
        'slice_sizes',
        'indices_are_sorted',
        ...(attrs.has('dimension_numbers') ? [] : GATHER_DN),
      ]),
      'gather',
    );
    const list = (k: string) => (dn.has(k) ? intList(dn.get(k) as string, k) : []);
    if (!dn.has('index_vector_dim')) fail('attribute', 'gather needs index_vector_dim');
    if (!attrs.has('slice_sizes')) fail('attribute', 'gather needs slice_sizes');
    const dimension_numbers: GatherDimensionNumbers = {
      offset_dims: list('offset_dims'),
      collapsed_slice_dims: list('collapsed_slice_dims'),
      operand_batching_dims: list('operand_batching_dims'),
      start_indices_batching_dims: list('start_indices_batching_dims'),
      start_index_map: list('start_index_map'),
      index_vector_dim: intValue(dn.get('index_vector_dim') as string, 'index_vector_dim'),
      slice_sizes: intList(attrs.get('slice_sizes') as string, 'slice_sizes'),
      indices_are_sorted: attrs.has('indices_are_sorted')
        ? boolValue(attrs.get('indices_are_sorted') as string, 'indices_are_sorted')
        : false,
    };
    const fill = comment.get('fill_value');
    const options = resolveGatherOptions(types[0].dtype, {
      mode: (comment.get('mode') as GatherMode | undefined) ?? 'clip',
      negative_indices:
        (comment.get('negative_indices') as NegativeIndexPolicy | undefined) ?? 'out_of_bounds',
      ...(fill !== undefined ? { fill_value: fillScalar(fill, types[0].dtype) } : {}),
    });
    return {
      kind,
      ...base,
      dimension_numbers,
      types: { operand: types[0], start_indices: types[1], result },
      options,
    };
  }
  if (operands.length !== 3 || types.length !== 3) {
    fail('variadic', `only single-input scatters are supported (3 operands); got ${operands.length}`);
  }
  if (region === undefined) fail('region', 'the scatter has no update computation region');
  const dn = attrs.has('scatter_dimension_numbers')
    ? dimensionNumbers(attrs.get('scatter_dimension_numbers') as string, 'scatter')
    : new Map([...attrs].filter(([k]) => SCATTER_DN.has(k)));
  checkKeys(dn, SCATTER_DN, 'scatter_dimension_numbers');
  checkKeys(
    attrs,
    new Set([
      'scatter_dimension_numbers',
      'indices_are_sorted',
      'unique_indices',
      ...(attrs.has('scatter_dimension_numbers') ? [] : SCATTER_DN),
    ]),
    'scatter',
  );
  if (!dn.has('index_vector_dim')) fail('attribute', 'scatter needs index_vector_dim');
  const list = (k: string) => (dn.has(k) ? intList(dn.get(k) as string, k) : []);
  const flag = (k: string) => (attrs.has(k) ? boolValue(attrs.get(k) as string, k) : false);
  const dimension_numbers: ScatterDimensionNumbers = {
    update_window_dims: list('update_window_dims'),
    inserted_window_dims: list('inserted_window_dims'),
    input_batching_dims: list('input_batching_dims'),
    scatter_indices_batching_dims: list('scatter_indices_batching_dims'),
    scatter_dims_to_operand_dims: list('scatter_dims_to_operand_dims'),
    index_vector_dim: intValue(dn.get('index_vector_dim') as string, 'index_vector_dim'),
    indices_are_sorted: flag('indices_are_sorted'),
    unique_indices: flag('unique_indices'),
  };
  const options = resolveScatterOptions({
    mode: (comment.get('mode') as ScatterMode | undefined) ?? 'skip',
    negative_indices: (comment.get('negative_indices') as NegativeIndexPolicy | undefined) ?? 'out_of_bounds',
    ...(comment.get('duplicates') === 'error' ? { duplicates: 'error' as const } : {}),
    ...(comment.get('include_self') === 'false' ? { include_self: false } : {}),
  });
  return {
    kind,
    ...base,
    dimension_numbers,
    update_computation: regionReducer(region),
    types: { input: types[0], scatter_indices: types[1], updates: types[2], result },
    options,
  };
}

function checkType(t: Tensor, type: TensorType, name: string): void {
  if (t.dtype !== type.dtype) {
    throw new DTypeError(`${OP}.bind`, `${OP}: ${name} must be ${type.dtype}; got ${t.dtype}`, {
      dtype: t.dtype,
    });
  }
  if (t.shape.length !== type.shape.length || t.shape.some((n, i) => n !== type.shape[i])) {
    fail('bind', `${name} must have shape ${fmt(type.shape)}; got ${fmt(t.shape)}`, { shape: t.shape });
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
  if (parsed.kind === 'gather') {
    if (tensors.length !== 2) fail('bind', `a gather takes 2 tensors; got ${tensors.length}`);
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
  if (tensors.length !== 3) fail('bind', `a scatter takes 3 tensors; got ${tensors.length}`);
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

/** A tensor, or nested values read in the dtype of the operand's parsed type (pasted JSON). */
export type StablehloValue = Tensor | NestedArray;

/** What `runStablehlo` ran: the result, the core call and the parsed op. */
export interface StablehloRun {
  readonly value: Tensor;
  readonly call: GatherCall | ScatterCall;
  readonly parsed: ParsedStablehlo;
}

/**
 * Parse + bind + execute in one call (for the CLI and the explorer): the first
 * `stablehlo.gather` / `stablehlo.scatter` in `text`, run on `tensors` — in operand order, or
 * keyed by the operand names as written (`%arg0` or `arg0`). Nested values are read in the
 * dtype of their parsed tensor type. Errors: the parser's and binder's `stablehlo_text.*`
 * rules, then the call's own (e.g. an out-of-bounds index under the printed policy).
 *
 * @example
 * runStablehlo(text, [tensor([[1, 2], [3, 4], [5, 6]], 'float32'), [[2], [0]]]).value.toArray();
 */
export function runStablehlo(
  text: string,
  tensors: readonly StablehloValue[] | Readonly<Record<string, StablehloValue>>,
): StablehloRun {
  const parsed = parseStablehlo(text);
  const types =
    parsed.kind === 'gather'
      ? [parsed.types.operand, parsed.types.start_indices]
      : [parsed.types.input, parsed.types.scatter_indices, parsed.types.updates];
  let given: readonly StablehloValue[];
  if (Array.isArray(tensors)) given = tensors as readonly StablehloValue[];
  else {
    const byName = tensors as Readonly<Record<string, StablehloValue>>;
    given = parsed.operands.map((name, k) => {
      const v = byName[name] ?? byName[name.replace(/^%/, '')];
      if (v === undefined)
        fail('bind', `no tensor for operand ${name} (${k}); got ${fmt(Object.keys(byName))}`, {
          operand: name,
        });
      return v as StablehloValue;
    });
  }
  if (given.length !== types.length)
    fail('bind', `a ${parsed.kind} takes ${types.length} tensors; got ${given.length}`);
  const bound = given.map((v, k) => (v instanceof Tensor ? v : tensor(v, types[k].dtype)));
  const call = bindStablehlo(parsed, bound);
  return { value: execute(call), call, parsed };
}
