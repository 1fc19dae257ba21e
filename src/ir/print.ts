/**
 * The StableHLO text of a {@link Module}: what `explain` shows, and a text that runs unchanged in
 * the StableHLO reference interpreter (`stablehlo-translate --interpret`) and in XLA.
 *
 * Every op is printed in MLIR's generic form, which every MLIR tool parses whatever dialect
 * version it has, with its attributes in the properties form current MLIR prints (`<{…}>`, keys
 * sorted as MLIR sorts a dictionary) and the spec's attribute names and syntaxes:
 *
 *   %2 = "stablehlo.gather"(%arg0, %1) <{dimension_numbers = #stablehlo.gather<…>, …}> : (…) -> …
 *
 * Only the function header and `func.return` use their custom form, as every MLIR text does.
 *
 * Names follow MLIR's own printer, so the text is exactly as valid as what `stablehlo-opt` prints:
 * - parameters are `%arg0`, `%arg1`, … or the function's `paramNames`, made valid identifiers;
 * - op results are numbered per function in op order, one number per op (`%3`, or `%3:2` with
 *   uses `%3#0`, `%3#1` for a multi-result op); ops without results take no number;
 * - a region (a scatter's or reduce's body) is not isolated from its function in MLIR, so its
 *   names must not shadow the function's (the parser refuses a redefinition): its block
 *   arguments continue the `%argN` count and its results continue the value count after all of
 *   the enclosing body's values, as MLIR's printer (SSANameState) numbers them.
 *
 * Constants (`dense<…>`) are exact: parsing the text back gives every bit, NaN payloads included.
 * - Integers print in decimal (64-bit ones from their BigInt), i1 as `true`/`false`.
 * - Finite floats print as the shortest decimal that MLIR's parser maps back to the same bits.
 *   MLIR reads a float literal as a correctly rounded f64 (`Token::getFloatingPointValue`) and
 *   rounds that to the element type, nearest-even (`APFloat::convert`); the printer tries 1, 2, …
 *   significant digits and keeps the first that survives that very path (`Math.fround` for f32,
 *   the float16 encoders for f16/bf16), falling back to the value's exact f64 shortest form.
 * - NaNs and infinities print as their bit pattern, `0x7FC0BEEF`, which MLIR reads as the raw
 *   bits of a float element (`parseFloatFromIntegerLiteral`); -0 prints as `-0.0`.
 * - A tensor of one repeated value (bit for bit) prints as a splat `dense<v>`; a zero-size tensor
 *   as `dense<>` (the only literal MLIR accepts for every zero-size shape); a non-splat tensor of
 *   more than {@link HEX_ELEMENTS_ABOVE} elements, as MLIR prints it, as a hex string of its
 *   little-endian bytes, `dense<"0x0000803F…">` (never for i1, whose raw layout differs).
 *
 * The library's index policy on a gather or scatter (`options`) is not printed: `legalize`
 * rewrites it into spec ops first. {@link isSpecPolicy} says whether an op's policy is already
 * the spec's. A malformed module is refused with an InvalidArgumentError `ir.print.<rule>`.
 * Output is deterministic and linear in the size of the module (constants included).
 */
import type { GatherDimensionNumbers, ScatterDimensionNumbers } from '../core/types.js';
import { GATHER_DIMENSION_FIELDS, SCATTER_DIMENSION_FIELDS } from '../core/types.js';
import { InvalidArgumentError, fmt } from '../errors.js';
import { componentDType } from '../tensor/complex.js';
import { byteSize, isComplex } from '../tensor/dtype.js';
import { bfloat16Bits, bitsToBfloat16, bitsToFloat16, float16Bits } from '../tensor/float16.js';
import { Tensor } from '../tensor/tensor.js';
import { legalize } from './legalize.js';
import {
  BINARY_OPS,
  MLIR_ELEMENT_TYPES,
  type Body,
  type ComparisonDirection,
  type ComparisonType,
  type Func,
  type Module,
  type Op,
  type TensorType,
  UNARY_OPS,
} from './program.js';

/** Options of {@link printModule}. */
export interface PrintOptions {
  /** Lines printed as `// …` comments above the module (e.g. what the text cannot say). */
  readonly comments?: readonly string[];
}

/** Options of {@link printFunc}. */
export interface PrintFuncOptions {
  /** The module the function belongs to: its calls are checked against their callees. */
  readonly module?: Module;
  /** `private` prints `func.func private @name` (helpers); default `public` (printed bare). */
  readonly visibility?: 'public' | 'private';
}

/**
 * Constants with more elements than this (and not a splat) print as a hex string, as MLIR's
 * printer does by default (JAX's modules show the same: 100 elements in decimal, 120 in hex).
 */
export const HEX_ELEMENTS_ABOVE = 100;

/**
 * The text of a module: `module { … }` with the entry function first (public), then the others
 * as private helpers, in module order. `comments` print as `// …` lines above it. Gathers and
 * scatters under a library policy are legalized first (legalize.ts): the text holds spec ops
 * only, and what the spec cannot say follows `comments` as further comment lines.
 *
 * @example printModule({ entry: 'main', funcs: [{ name: 'main', params: [f32x2], results: [f32x2], ops: [], returns: [0] }] })
 * // module {
 * //   func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
 * //     func.return %arg0 : tensor<2xf32>
 * //   }
 * // }
 */
export function printModule(module: Module, opts: PrintOptions = {}): string {
  const given = commentLines(opts.comments);
  entryOf(module);
  // A gather or scatter under a library policy (a frontend's, or XLA's window drop read from HLO)
  // prints as the spec ops that compute it, never as a bare spec op that would mean another thing.
  const { module: legal, notes } = legalize(module);
  const lines = [...given, ...commentLines(notes), 'module {'];
  const p = new Printer(funcTable(legal), lines);
  const entry = entryOf(legal);
  p.func(entry, 'public', '  ');
  for (const f of legal.funcs) if (f !== entry) p.func(f, 'private', '  ');
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** The module's entry function (`ir.print.entry` when it names none). */
function entryOf(module: Module): Func {
  const funcs = funcTable(module);
  const entry = funcs.get(module.entry);
  if (entry === undefined)
    fail(
      'entry',
      `the entry must name a function of the module; got ${fmt(module.entry)} (functions: ${fmt([...funcs.keys()])})`,
    );
  return entry;
}

/** The text of one function (`func.func @name(…) … { … }`), unindented, without a module. */
export function printFunc(func: Func, opts: PrintFuncOptions = {}): string {
  const funcs = opts.module ? funcTable(opts.module) : undefined;
  const lines: string[] = [];
  new Printer(funcs, lines).func(func, opts.visibility ?? 'public', '');
  return `${lines.join('\n')}\n`;
}

/** `tensor<2x3xf32>` (`tensor<f32>` for a scalar). Refuses an unknown dtype or a bad shape. */
export function tensorTypeText(t: TensorType): string {
  const elem = t !== null && typeof t === 'object' ? MLIR_ELEMENT_TYPES[t.dtype] : undefined;
  if (elem === undefined || !Object.hasOwn(MLIR_ELEMENT_TYPES, t.dtype))
    fail('type', `a type must have one of the dtypes ${fmt(Object.keys(MLIR_ELEMENT_TYPES))}; got ${fmt(t)}`);
  const shape = t.shape;
  if (!Array.isArray(shape) || shape.length > 64 || !shape.every((d) => Number.isSafeInteger(d) && d >= 0))
    fail('type', `a shape must be an array of at most 64 non-negative integers; got ${fmt(shape)}`);
  return shape.length === 0 ? `tensor<${elem}>` : `tensor<${shape.join('x')}x${elem}>`;
}

/** The elements attribute of a constant, `dense<…> : tensor<…>` (see the module comment). */
export function denseText(value: Tensor): string {
  if (!(value instanceof Tensor)) fail('constant', `a constant's value must be a Tensor; got ${fmt(value)}`);
  return `dense<${denseBody(value)}> : ${tensorTypeText(value)}`;
}

/**
 * Whether an op's index policy is the spec's own, so it prints as it is: every op but gather and
 * scatter has none. A gather's is the spec's under mode `clip` (the spec clamps) or
 * `promise_in_bounds` with negative indices out of bounds; a scatter's under mode `skip` (the
 * spec skips out-of-bounds update elements) or `promise_in_bounds`, negative indices out of
 * bounds, every duplicate applied, the input included and IEEE float min/max.
 */
export function isSpecPolicy(op: Op): boolean {
  switch (op.kind) {
    case 'gather':
    case 'dynamic_gather': {
      const o = op.options;
      return (o.mode === 'clip' || o.mode === 'promise_in_bounds') && o.negative_indices === 'out_of_bounds';
    }
    case 'scatter': {
      const o = op.options;
      return (
        (o.mode === 'skip' || o.mode === 'promise_in_bounds') &&
        o.negative_indices === 'out_of_bounds' &&
        o.duplicates === 'apply' &&
        o.include_self === true &&
        o.float_minmax === 'ieee'
      );
    }
    default:
      return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Module structure

function fail(rule: string, message: string, details: Record<string, unknown> = {}): never {
  throw new InvalidArgumentError(`ir.print.${rule}`, `ir.print: ${message}`, details);
}

const SYMBOL = /^[A-Za-z_][A-Za-z0-9_$.]*$/;

function funcTable(module: Module): Map<string, Func> {
  if (
    module === null ||
    typeof module !== 'object' ||
    !Array.isArray(module.funcs) ||
    module.funcs.length === 0
  )
    fail('module', `a module must have a non-empty array of functions; got ${fmt(module)}`);
  const funcs = new Map<string, Func>();
  for (const f of module.funcs) {
    if (f === null || typeof f !== 'object') fail('module', `a function must be an object; got ${fmt(f)}`);
    checkFuncName(f.name);
    if (funcs.has(f.name)) fail('func_name', `two functions are named @${f.name}`, { name: f.name });
    funcs.set(f.name, f);
  }
  return funcs;
}

function checkFuncName(name: unknown): void {
  if (typeof name !== 'string' || !SYMBOL.test(name))
    fail('func_name', `a function name must match ${SYMBOL.source}; got ${fmt(name)}`, { name });
}

function commentLines(comments: readonly string[] | undefined): string[] {
  if (comments === undefined) return [];
  if (!Array.isArray(comments) || !comments.every((c) => typeof c === 'string'))
    fail('comments', `comments must be an array of strings; got ${fmt(comments)}`);
  const out: string[] = [];
  // A line break inside a comment would end it: every line of it gets its own `//`.
  for (const c of comments) for (const line of c.split(/\r\n|\r|\n/)) out.push(line ? `// ${line}` : '//');
  return out;
}

/** Valid, distinct MLIR value names for a function's parameters (`%` not included). */
function paramNamesOf(f: Func): string[] {
  const n = f.params.length;
  if (f.paramNames === undefined) return Array.from({ length: n }, (_, i) => `arg${i}`);
  if (!Array.isArray(f.paramNames) || f.paramNames.length !== n)
    fail(
      'param_names',
      `@${f.name}: paramNames must be ${n} names, one per parameter; got ${fmt(f.paramNames)}`,
    );
  const used = new Set<string>();
  return f.paramNames.map((raw, i) => {
    let name = typeof raw === 'string' ? raw.replace(/[^A-Za-z0-9_$.-]/g, '_') : '';
    if (name === '') name = `arg${i}`;
    // Names start with a letter or `_` (never a digit: `%3` is an op result).
    else if (!/^[A-Za-z_]/.test(name)) name = `_${name}`;
    // `%argN` past the parameters belongs to region arguments (see the module comment).
    if (/^arg\d+$/.test(name) && name !== `arg${i}`) name = `${name}_`;
    let unique = name;
    for (let k = 1; used.has(unique); k++) unique = `${name}_${k}`;
    used.add(unique);
    return unique;
  });
}

// ---------------------------------------------------------------------------------------------
// The printer

/** Where a body's numbering starts: its first `%argN` and its first op-result number. */
interface Counters {
  readonly arg: number;
  readonly value: number;
}

class Printer {
  constructor(
    private readonly funcs: Map<string, Func> | undefined,
    private readonly out: string[],
  ) {}

  func(f: Func, visibility: 'public' | 'private', indent: string): void {
    if (f === null || typeof f !== 'object') fail('module', `a function must be an object; got ${fmt(f)}`);
    checkFuncName(f.name);
    checkBodyShape(f, `@${f.name}`);
    if (!Array.isArray(f.results))
      fail('module', `@${f.name}: results must be an array; got ${fmt(f.results)}`);
    const names = paramNamesOf(f).map((n) => `%${n}`);
    const args = f.params.map((t, i) => `${names[i]}: ${tensorTypeText(t)}`).join(', ');
    const results = f.results.map(tensorTypeText);
    const arrow =
      results.length === 0 ? '' : results.length === 1 ? ` -> ${results[0]}` : ` -> (${results.join(', ')})`;
    const vis = visibility === 'private' ? 'private ' : '';
    this.out.push(`${indent}func.func ${vis}@${f.name}(${args})${arrow} {`);
    const types = this.body(f, `@${f.name}`, names, { arg: f.params.length, value: 0 }, `${indent}  `);
    const returned = this.returns(f, `@${f.name}`, names, types);
    if (returned.length !== results.length)
      fail('return', `@${f.name} declares ${results.length} results but returns ${returned.length} values`);
    for (let k = 0; k < returned.length; k++)
      if (returned[k].type !== results[k])
        fail('return', `@${f.name} result ${k} is declared ${results[k]} but returns ${returned[k].type}`);
    this.out.push(
      returned.length === 0
        ? `${indent}  func.return`
        : `${indent}  func.return ${returned.map((r) => r.name).join(', ')} : ${results.join(', ')}`,
    );
    this.out.push(`${indent}}`);
  }

  /**
   * Prints a body's ops; `names` holds its parameters' names and receives its results'. Returns
   * the type text of every value (ValueId order).
   */
  private body(b: Body, where: string, names: string[], at: Counters, indent: string): string[] {
    const types = b.params.map(tensorTypeText);
    // Regions of this body's ops number after all of its own values (MLIR's SSANameState).
    let withResults = 0;
    for (const op of b.ops)
      if (op !== null && typeof op === 'object' && op.results?.length > 0) withResults++;
    const nested: Counters = { arg: at.arg, value: at.value + withResults };
    let next = at.value;
    for (let k = 0; k < b.ops.length; k++) {
      const op = b.ops[k];
      const here = `${where} op ${k}${op?.loc ? ` (line ${op.loc.line})` : ''}`;
      if (op === null || typeof op !== 'object' || !Array.isArray(op.operands) || !Array.isArray(op.results))
        fail('op', `${here}: an op must have operands and results arrays; got ${fmt(op)}`);
      for (const [j, id] of op.operands.entries())
        if (!Number.isSafeInteger(id) || id < 0 || id >= types.length)
          fail(
            'operand',
            `${here} (${op.kind}): operand ${j} must be a value defined before it (0 … ${types.length - 1}); got ${fmt(id)}`,
          );
      const resultTypes = op.results.map(tensorTypeText);
      const operandTypes = op.operands.map((id) => types[id]);
      const { name, props, regions } = this.attrs(op, here, operandTypes, resultTypes);
      const operands = op.operands.map((id) => names[id]).join(', ');
      let def = '';
      if (op.results.length === 1) {
        def = `%${next} = `;
        names.push(`%${next}`);
        next++;
      } else if (op.results.length > 1) {
        def = `%${next}:${op.results.length} = `;
        for (let j = 0; j < op.results.length; j++) names.push(`%${next}#${j}`);
        next++;
      }
      const head = `${indent}${def}"${name}"(${operands})${props.length > 0 ? ` <{${props.join(', ')}}>` : ''}`;
      const r = resultTypes.length;
      const signature = `: (${operandTypes.join(', ')}) -> ${r === 1 ? resultTypes[0] : `(${resultTypes.join(', ')})`}`;
      if (regions === undefined) this.out.push(`${head} ${signature}`);
      else {
        // Sibling regions are separate scopes: each numbers its values from the same counters.
        regions.forEach((g, j) => {
          this.out.push(j === 0 ? `${head} ({` : `${indent}}, {`);
          this.region(g.body, `${here} ${g.name ?? 'body'}`, g.params, g.returns ?? r, nested, indent);
        });
        this.out.push(`${indent}}) ${signature}`);
      }
      for (const t of resultTypes) types.push(t);
    }
    return types;
  }

  private returns(
    b: Body,
    where: string,
    names: string[],
    types: string[],
  ): { name: string; type: string }[] {
    if (!Array.isArray(b.returns))
      fail('return', `${where}: returns must be an array; got ${fmt(b.returns)}`);
    return b.returns.map((id, j) => {
      if (!Number.isSafeInteger(id) || id < 0 || id >= types.length)
        fail(
          'return',
          `${where}: returned value ${j} must be a value of the body (0 … ${types.length - 1}); got ${fmt(id)}`,
        );
      return { name: names[id], type: types[id] };
    });
  }

  /** An op's generic name, its properties (sorted by key) and its region, checking its arity. */
  private attrs(
    op: Op,
    here: string,
    operandTypes: readonly string[],
    resultTypes: readonly string[],
  ): OpText {
    const n = op.operands.length;
    const r = op.results.length;
    const arity = (operands: number, results = 1) => {
      if (n !== operands || r !== results)
        fail(
          'arity',
          `${here} (${op.kind}) takes ${operands} operands and gives ${results} results; got ${n} and ${r}`,
        );
    };
    const name = `stablehlo.${op.kind}`;
    switch (op.kind) {
      case 'constant':
        arity(0);
        if (!(op.value instanceof Tensor))
          fail('constant', `${here}: a constant's value must be a Tensor; got ${fmt(op.value)}`);
        if (tensorTypeText(op.value) !== resultTypes[0])
          fail(
            'constant',
            `${here}: the value is ${tensorTypeText(op.value)} but the result is ${resultTypes[0]}`,
          );
        return { name, props: [`value = ${denseText(op.value)}`] };
      case 'iota':
        arity(0);
        return { name, props: [`iota_dimension = ${int(op.iota_dimension, here, 'iota_dimension')} : i64`] };
      case 'broadcast_in_dim':
        arity(1);
        return { name, props: arrayProps(op, here, ['broadcast_dimensions']) };
      case 'transpose':
        arity(1);
        return { name, props: arrayProps(op, here, ['permutation']) };
      case 'reshape':
      case 'convert':
      case 'bitcast_convert':
        arity(1);
        return { name, props: [] };
      case 'concatenate':
        if (n < 1 || r !== 1)
          fail(
            'arity',
            `${here} (concatenate) takes 1 or more operands and gives 1 result; got ${n} and ${r}`,
          );
        return { name, props: [`dimension = ${int(op.dimension, here, 'dimension')} : i64`] };
      case 'slice':
        arity(1);
        return { name, props: arrayProps(op, here, ['limit_indices', 'start_indices', 'strides']) };
      case 'dynamic_slice':
        if (n < 1 || r !== 1)
          fail(
            'arity',
            `${here} (dynamic_slice) takes an operand and its start indices and gives 1 result; got ${n} and ${r}`,
          );
        return { name, props: arrayProps(op, here, ['slice_sizes']) };
      case 'pad':
        arity(2);
        return {
          name,
          props: arrayProps(op, here, ['edge_padding_high', 'edge_padding_low', 'interior_padding']),
        };
      case 'select_and_scatter':
        arity(3);
        return {
          name,
          props: [
            `padding = ${paddingText(op.padding, here)}`,
            ...arrayProps(op, here, ['window_dimensions', 'window_strides']),
          ],
          regions: [
            { body: op.select, params: 2, name: 'select' },
            { body: op.scatter, params: 2, name: 'scatter' },
          ],
        };
      case 'dynamic_update_slice':
        if (n < 2 || r !== 1)
          fail(
            'arity',
            `${here} (dynamic_update_slice) takes an operand, an update and its start indices and gives 1 result; got ${n} and ${r}`,
          );
        return { name, props: [] };
      case 'compare':
        arity(2);
        return { name, props: compareProps(op, here) };
      case 'complex':
        arity(2);
        return { name, props: [] };
      case 'select':
      case 'clamp':
        arity(3);
        return { name, props: [] };
      case 'reduce':
      case 'reduce_window': {
        if (r < 1 || n !== 2 * r)
          fail(
            'arity',
            `${here} (${op.kind}) takes N inputs and N init values and gives N results (N >= 1); got ${n} operands and ${r} results`,
          );
        const props =
          op.kind === 'reduce'
            ? arrayProps(op, here, ['dimensions'])
            : [
                ...arrayProps(op, here, ['base_dilations']),
                `padding = ${paddingText(op.padding, here)}`,
                ...arrayProps(op, here, ['window_dilations', 'window_dimensions', 'window_strides']),
              ];
        return { name, props, regions: [{ body: op.body, params: 2 * r }] };
      }
      case 'gather':
        arity(2);
        return { name, props: gatherProps(op.dimension_numbers, here, true) };
      case 'dynamic_gather':
        arity(3);
        return { name, props: gatherProps(op.dimension_numbers, here, false) };
      case 'scatter':
        if (r < 1 || n !== 2 * r + 1)
          fail(
            'arity',
            `${here} (scatter) takes N inputs, the indices and N updates and gives N results (N >= 1); got ${n} operands and ${r} results`,
          );
        return {
          name,
          props: scatterProps(op.dimension_numbers, here),
          regions: [{ body: op.body, params: 2 * r }],
        };
      case 'call': {
        checkFuncName(op.callee);
        if (this.funcs !== undefined) {
          const callee = this.funcs.get(op.callee);
          if (callee === undefined)
            fail('call', `${here}: calls @${op.callee}, which the module does not define`);
          const want = `(${callee.params.map(tensorTypeText).join(', ')}) -> (${callee.results.map(tensorTypeText).join(', ')})`;
          const got = `(${operandTypes.join(', ')}) -> (${resultTypes.join(', ')})`;
          if (want !== got) fail('call', `${here}: calls @${op.callee} : ${want} as ${got}`);
        }
        return { name: 'func.call', props: [`callee = @${op.callee}`] };
      }
      case 'check':
        return checkOp(op, here, operandTypes, resultTypes);
      default:
        if (BINARY.has(op.kind)) arity(2);
        else if (UNARY.has(op.kind)) arity(1);
        else fail('op', `${here}: unknown op kind ${fmt((op as { kind: unknown }).kind)}`);
        return { name, props: [] };
    }
  }

  /** A region's lines, `^bb0(…):` to its `stablehlo.return`, numbered from `at`. */
  private region(
    b: Body,
    where: string,
    params: number,
    returns: number,
    at: Counters,
    indent: string,
  ): void {
    checkBodyShape(b, where);
    if (b.params.length !== params || b.returns.length !== returns)
      fail(
        'region',
        `${where} must take ${params} parameters and return ${returns} values; got ${b.params.length} and ${b.returns.length}`,
      );
    const names = b.params.map((_, i) => `%arg${at.arg + i}`);
    const args = b.params.map((t, i) => `${names[i]}: ${tensorTypeText(t)}`).join(', ');
    this.out.push(`${indent}^bb0(${args}):`);
    const types = this.body(b, where, names, { arg: at.arg + params, value: at.value }, `${indent}  `);
    const ret = this.returns(b, where, names, types);
    this.out.push(
      `${indent}  "stablehlo.return"(${ret.map((x) => x.name).join(', ')}) : (${ret.map((x) => x.type).join(', ')}) -> ()`,
    );
  }
}

/** What an op prints besides its operands and types. */
interface OpText {
  readonly name: string;
  /** `key = value` entries, sorted by key (as MLIR prints a dictionary). */
  readonly props: readonly string[];
  /**
   * The regions of a scatter, reduce or select_and_scatter: each with its parameter count, its
   * return count (default: the op's result count) and a name for messages (default "body").
   */
  readonly regions?: readonly {
    readonly body: Body;
    readonly params: number;
    readonly returns?: number;
    readonly name?: string;
  }[];
}

function checkBodyShape(b: Body, where: string): void {
  if (
    b === null ||
    typeof b !== 'object' ||
    !Array.isArray(b.params) ||
    !Array.isArray(b.ops) ||
    !Array.isArray(b.returns)
  )
    fail('module', `${where}: a body must have params, ops and returns arrays; got ${fmt(b)}`);
}
// ---------------------------------------------------------------------------------------------
// Attributes

const DIRECTIONS: ReadonlySet<ComparisonDirection> = new Set(['EQ', 'NE', 'GE', 'GT', 'LE', 'LT']);
const COMPARE_TYPES: ReadonlySet<ComparisonType> = new Set(['FLOAT', 'TOTALORDER', 'SIGNED', 'UNSIGNED']);
const BINARY: ReadonlySet<string> = new Set(BINARY_OPS);
const UNARY: ReadonlySet<string> = new Set(UNARY_OPS);

function int(x: unknown, here: string, attr: string): number {
  if (!Number.isSafeInteger(x)) fail('attribute', `${here}: ${attr} must be an integer; got ${fmt(x)}`);
  return x as number;
}

function ints(xs: unknown, here: string, attr: string): readonly number[] {
  if (!Array.isArray(xs) || !xs.every((x) => Number.isSafeInteger(x)))
    fail('attribute', `${here}: ${attr} must be an array of integers; got ${fmt(xs)}`);
  return xs;
}

/** `key = array<i64: …>` for each of an op's integer-list attributes `keys`, in that order. */
function arrayProps(op: Op, here: string, keys: readonly string[]): string[] {
  return keys.map(
    (k) => `${k} = ${i64Array((op as unknown as Readonly<Record<string, unknown>>)[k], here, k)}`,
  );
}

/** select_and_scatter's padding as `dense<[[lo, hi], …]> : tensor<Nx2xi64>`. */
function paddingText(rows: readonly (readonly number[])[], here: string): string {
  if (!Array.isArray(rows) || rows.some((p) => !Array.isArray(p) || p.length !== 2))
    fail('attribute', `${here}: padding must be [low, high] pairs; got ${fmt(rows)}`);
  const ints = rows.map((p) => p.map((v: number, k: number) => int(v, here, `padding[${k}]`)));
  return `dense<${rows.length === 0 ? '' : JSON.stringify(ints).replaceAll(',', ', ')}> : tensor<${rows.length}x2xi64>`;
}

/** A compare's properties: its type (when given) and direction, each checked against the spec's values. */
function compareProps(op: Extract<Op, { kind: 'compare' }>, here: string): string[] {
  if (!DIRECTIONS.has(op.comparison_direction))
    fail(
      'attribute',
      `${here}: comparison_direction must be one of ${fmt([...DIRECTIONS])}; got ${fmt(op.comparison_direction)}`,
    );
  const props: string[] = [];
  if (op.compare_type !== undefined) {
    if (!COMPARE_TYPES.has(op.compare_type))
      fail(
        'attribute',
        `${here}: compare_type must be one of ${fmt([...COMPARE_TYPES])}; got ${fmt(op.compare_type)}`,
      );
    props.push(`compare_type = #stablehlo<comparison_type ${op.compare_type}>`);
  }
  props.push(`comparison_direction = #stablehlo<comparison_direction ${op.comparison_direction}>`);
  return props;
}

/** `array<i64: 1, 2>`; `array<i64>` when empty (MLIR refuses `array<i64: >`). */
function i64Array(xs: unknown, here: string, attr: string): string {
  const v = ints(xs, here, attr);
  return v.length === 0 ? 'array<i64>' : `array<i64: ${v.join(', ')}>`;
}

/**
 * The fields of `#stablehlo.gather<…>` / `#stablehlo.scatter<…>` as StableHLO's printer writes
 * them (StablehloOps.cpp printStruct): in declaration order (the spec's field tables in
 * core/types.ts), leaving out empty lists and an index_vector_dim of 0 (the parser's defaults).
 */
function structFields(here: string, dn: object, fields: readonly string[]): string {
  const parts: string[] = [];
  for (const key of fields) {
    const value = (dn as Readonly<Record<string, unknown>>)[key];
    if (key === 'index_vector_dim') {
      const ivd = int(value, here, key);
      if (ivd !== 0) parts.push(`index_vector_dim = ${ivd}`);
      continue;
    }
    const v = ints(value ?? [], here, key);
    if (v.length > 0) parts.push(`${key} = [${v.join(', ')}]`);
  }
  return parts.join(', ');
}

function gatherProps(dn: Partial<GatherDimensionNumbers>, here: string, withSliceSizes: boolean): string[] {
  if (dn === null || typeof dn !== 'object')
    fail('attribute', `${here}: dimension_numbers must be an object; got ${fmt(dn)}`);
  const fields = structFields(here, dn, GATHER_DIMENSION_FIELDS);
  const props = [
    `dimension_numbers = #stablehlo.gather<${fields}>`,
    `indices_are_sorted = ${dn.indices_are_sorted === true}`,
  ];
  if (withSliceSizes) props.push(`slice_sizes = ${i64Array(dn.slice_sizes, here, 'slice_sizes')}`);
  return props;
}

function scatterProps(dn: ScatterDimensionNumbers, here: string): string[] {
  if (dn === null || typeof dn !== 'object')
    fail('attribute', `${here}: dimension_numbers must be an object; got ${fmt(dn)}`);
  const fields = structFields(here, dn, SCATTER_DIMENSION_FIELDS);
  return [
    `indices_are_sorted = ${dn.indices_are_sorted === true}`,
    `scatter_dimension_numbers = #stablehlo.scatter<${fields}>`,
    `unique_indices = ${dn.unique_indices === true}`,
  ];
}

type CheckOp = Extract<Op, { kind: 'check' }>;

const FLOAT_TYPE = /(?:f64|f32|f16)>$/;

/**
 * The interpreter's checks as the check dialect's ops (stablehlo/tests/CheckOps.td), and `eq` as
 * the custom call `@check.eq` stablehlo-translate evaluates to an i1. expect_close's bounds are
 * always printed (the op's own default max is 1; the IR's, as the interpreter's custom call, 3).
 * The check dialect takes only float operands for expect_close and expect_almost_eq; on other
 * element types both mean exact equality (as ./checks.ts evaluates them), so they print as expect_eq.
 */
function checkOp(
  op: CheckOp,
  here: string,
  operandTypes: readonly string[],
  resultTypes: readonly string[],
): OpText {
  const withConst = op.check === 'expect_eq_const' || op.check === 'expect_almost_eq_const';
  const operands = withConst ? 1 : 2;
  const results = op.check === 'eq' ? 1 : 0;
  if (operandTypes.length !== operands || resultTypes.length !== results)
    fail(
      'arity',
      `${here} (check ${op.check}) takes ${operands} operands and gives ${results} results; got ${operandTypes.length} and ${resultTypes.length}`,
    );
  if (!withConst && operandTypes[0] !== operandTypes[1])
    fail(
      'check',
      `${here}: check ${op.check} compares values of one type; got ${operandTypes.join(' and ')}`,
    );
  const isFloat = FLOAT_TYPE.test(operandTypes[0]);
  switch (op.check) {
    case 'eq':
      if (resultTypes[0] !== 'tensor<i1>')
        fail('check', `${here}: check eq gives a tensor<i1>; got ${resultTypes[0]}`);
      return { name: 'stablehlo.custom_call', props: ['call_target_name = "check.eq"'] };
    case 'expect_eq':
      return { name: 'check.expect_eq', props: [] };
    case 'expect_close': {
      if (!isFloat) return { name: 'check.expect_eq', props: [] };
      const min = ulps(op.min_ulp_difference ?? 0, here, 'min_ulp_difference');
      const max = ulps(op.max_ulp_difference ?? 3, here, 'max_ulp_difference');
      return {
        name: 'check.expect_close',
        props: [`max_ulp_difference = ${max} : ui64`, `min_ulp_difference = ${min} : ui64`],
      };
    }
    case 'expect_almost_eq':
      if (!isFloat) return { name: 'check.expect_eq', props: [] };
      return { name: 'check.expect_almost_eq', props: tolerance(op, here) };
    case 'expect_eq_const':
    case 'expect_almost_eq_const': {
      if (!(op.expected instanceof Tensor))
        fail('check', `${here}: check ${op.check} needs an expected Tensor; got ${fmt(op.expected)}`);
      if (tensorTypeText(op.expected) !== operandTypes[0])
        fail(
          'check',
          `${here}: the expected value is ${tensorTypeText(op.expected)} but the operand is ${operandTypes[0]}`,
        );
      const value = `value = ${denseText(op.expected)}`;
      if (op.check === 'expect_eq_const' || !isFloat)
        return { name: 'check.expect_eq_const', props: [value] };
      return { name: 'check.expect_almost_eq_const', props: [...tolerance(op, here), value] };
    }
    default:
      return fail('check', `${here}: unknown check ${fmt((op as { check: unknown }).check)}`);
  }
}

function ulps(x: unknown, here: string, attr: string): number {
  if (!Number.isSafeInteger(x) || (x as number) < 0)
    fail('check', `${here}: ${attr} must be a non-negative integer; got ${fmt(x)}`);
  return x as number;
}

/** `tolerance = … : f64` when the check sets one (else the op's default, 1e-4). */
function tolerance(op: CheckOp, here: string): string[] {
  if (op.tolerance === undefined) return [];
  if (typeof op.tolerance !== 'number' || !Number.isFinite(op.tolerance))
    fail('check', `${here}: tolerance must be a finite number; got ${fmt(op.tolerance)}`);
  return [`tolerance = ${f64Literal(op.tolerance)} : f64`];
}

// ---------------------------------------------------------------------------------------------
// Dense elements

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** What goes between `dense<` and `>`: `` (zero-size), a splat, a hex string or nested lists. */
function denseBody(t: Tensor): string {
  const n = t.size;
  if (n === 0) return '';
  const data = t.data;
  const width = byteSize(t.dtype); // a complex element is its two parts' bytes
  const bytes = new Uint8Array(data.buffer, data.byteOffset, n * width);
  let splat = true;
  for (let i = width; i < bytes.length && splat; i++) if (bytes[i] !== bytes[i % width]) splat = false;
  const element = elementPrinter(t);
  if (splat) return element(0);
  if (n > HEX_ELEMENTS_ABOVE && t.dtype !== 'bool') return `"0x${hexBytes(bytes, data.BYTES_PER_ELEMENT)}"`;
  let level: string[] = new Array(n);
  for (let i = 0; i < n; i++) level[i] = element(i);
  for (let d = t.shape.length - 1; d >= 0; d--) {
    const size = t.shape[d];
    const next: string[] = new Array(level.length / size);
    for (let i = 0, j = 0; i < level.length; i += size, j++)
      next[j] = `[${level.slice(i, i + size).join(', ')}]`;
    level = next;
  }
  return level[0];
}

const HEX_DIGITS = '0123456789ABCDEF';

/** Uppercase hex of the elements' little-endian bytes, as MLIR prints a raw buffer. */
function hexBytes(bytes: Uint8Array, width: number): string {
  const ascii = new Uint8Array(bytes.length * 2);
  for (let i = 0; i < bytes.length; i++) {
    // On a big-endian host each element's bytes are read back to front.
    const b = LITTLE_ENDIAN ? bytes[i] : bytes[i - (i % width) + (width - 1 - (i % width))];
    ascii[2 * i] = HEX_DIGITS.charCodeAt(b >> 4);
    ascii[2 * i + 1] = HEX_DIGITS.charCodeAt(b & 15);
  }
  return new TextDecoder().decode(ascii);
}

/** Element `i` of a tensor as an MLIR literal of its element type. */
function elementPrinter(t: Tensor): (i: number) => string {
  const data = t.data;
  if (isComplex(t.dtype)) {
    // `(re, im)`, each part printed as its component float (same exactness rules).
    const parts = elementPrinter(new Tensor(componentDType(t.dtype), [data.length], data as Float32Array));
    return (i) => `(${parts(2 * i)}, ${parts(2 * i + 1)})`;
  }
  switch (t.dtype) {
    case 'bool':
      return (i) => ((data as Uint8Array)[i] ? 'true' : 'false');
    case 'float64': {
      const values = data as Float64Array;
      const bits = new BigUint64Array(values.buffer, values.byteOffset, values.length);
      return (i) =>
        Number.isFinite(values[i])
          ? f64Literal(values[i])
          : `0x${bits[i].toString(16).toUpperCase().padStart(16, '0')}`;
    }
    case 'float32': {
      const values = data as Float32Array;
      const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
      return (i) => {
        const x = values[i];
        if (!Number.isFinite(x)) return hexBits(bits[i], 8);
        return shortest(x, 9, (d) => Math.fround(d) === x);
      };
    }
    case 'float16':
    case 'bfloat16': {
      const half = t.dtype === 'float16';
      const bits = data as Uint16Array;
      const infinite = half ? 0x7c00 : 0x7f80;
      const decode = half ? bitsToFloat16 : bitsToBfloat16;
      const encode = half ? float16Bits : bfloat16Bits;
      return (i) => {
        const b = bits[i];
        if ((b & infinite) === infinite) return hexBits(b, 4);
        return shortest(decode(b), half ? 5 : 4, (d) => encode(d) === b);
      };
    }
    default: {
      const values = data as ArrayLike<number | bigint>;
      return (i) => String(values[i]);
    }
  }
}

function hexBits(bits: number, digits: number): string {
  return `0x${bits.toString(16).toUpperCase().padStart(digits, '0')}`;
}

/**
 * The shortest decimal of a finite `x` whose f64 reading `fits` (maps back to the same bits of
 * the element type), at most `maxDigits` digits, else x's own shortest f64 form (exact).
 */
function shortest(x: number, maxDigits: number, fits: (d: number) => boolean): string {
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  for (let p = 1; p <= maxDigits; p++) {
    const d = Number(x.toPrecision(p));
    if (fits(d)) return f64Literal(d);
  }
  return f64Literal(x);
}

/**
 * A finite f64 as an MLIR float literal: JS's shortest round-trip form with the `.` MLIR's lexer
 * needs (`1e+21` → `1.0e+21`, `2` → `2.0`); -0 as `-0.0`.
 */
function f64Literal(x: number): string {
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const s = String(x);
  const e = s.indexOf('e');
  const mantissa = e < 0 ? s : s.slice(0, e);
  if (mantissa.includes('.')) return s;
  return e < 0 ? `${s}.0` : `${mantissa}.0${s.slice(e)}`;
}
