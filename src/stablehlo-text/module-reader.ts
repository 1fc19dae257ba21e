/**
 * MLIR text (StableHLO, MHLO, the `check` dialect, `func`) → IR {@link Module}.
 *
 * Reads `module @name attributes {…} { … }` or bare functions; `func.func` (public, private)
 * with argument and result attributes; ops in the pretty form JAX prints and in the generic
 * form (`"stablehlo.add"(%a, %b) <{props}> ({regions}) {attrs} : (…) -> …`), with `mhlo.`
 * accepted as `stablehlo.`; `func.call` / `call`, `return` / `func.return` / `stablehlo.return`;
 * the generic `"builtin.module"` / `"func.func"`; `loc(…)` anywhere; attribute aliases
 * `#name = …` defined at the top. A text of lone ops outside any function (`%r =
 * "stablehlo.gather"(%operand, %start_indices) …`) becomes a function `@main` whose parameters
 * are the values the ops use without defining, in order of first use, and whose results are the
 * last op's.
 *
 * Every value use is resolved against the values defined before it in its function (regions
 * are isolated: they see only their own block arguments); operand types written in the text are
 * checked against the values' types as the ops are read. What the text cannot mean is a typed
 * error `stablehlo_text.<rule>` with its line; constraint violations are collected (see
 * verify.ts), and one error lists them all.
 */
import { GatherScatterError } from '../errors.js';
import { componentDType, isComplex } from '../tensor/complex.js';
import type { Body, Func, Module, Op, OpKind, TensorType, ValueId } from '../ir/program.js';
import { BINARY_OPS, UNARY_OPS } from '../ir/program.js';
import {
  type Attr,
  intList,
  readAttr,
  readAttrDict,
  readFunctionType,
  readType,
  readTypeList,
} from './attributes.js';
import { Cursor, describe } from './cursor.js';
import { type Violation, textError, throwViolations } from './diagnostics.js';
import { type Token, lex } from './lexer.js';
import { type OpSyntax, buildAttrs, kindOfName } from './op-builders.js';
import { type TensorDialectProgram, tensorDialectProgram } from './tensor-dialect.js';
import { formatType, sameType } from './types.js';

/** The SSA names an op was written with (for messages and the one-op API). */
export interface OpNames {
  readonly operands: readonly string[];
  readonly results: readonly string[];
}

/** What reading a text gives before verification. */
export interface ReadText {
  readonly module: Module;
  /** Each op's SSA names as written. */
  readonly names: WeakMap<Op, OpNames>;
  /** Ops that could not be built (reported in `violations`; the verifier skips them). */
  readonly broken: WeakSet<Op>;
  readonly violations: Violation[];
}

/** `mhlo.add` → `stablehlo.add`, `call` → `func.call`, `return` → `func.return`. */
export function canonicalName(name: string): string {
  if (name.startsWith('mhlo.')) return `stablehlo.${name.slice(5)}`;
  if (name.startsWith('xla_hlo.')) return `stablehlo.${name.slice(8)}`;
  if (name === 'call') return 'func.call';
  if (name === 'return') return 'func.return';
  if (name === 'func') return 'func.func';
  if (name === 'module') return 'builtin.module';
  return name;
}

const BINARY = new Set<string>(BINARY_OPS);

/** One function body or region being read: its values by name and type. */
class Scope {
  readonly params: TensorType[] = [];
  readonly paramNames: string[] = [];
  readonly ops: Op[] = [];
  readonly types: TensorType[] = [];
  readonly byName = new Map<string, ValueId>();
  /** `%0` → 2 for `%0:2 = …` (then `%0` alone names no value). */
  readonly groups = new Map<string, number>();
  constructor(
    readonly where: string,
    readonly region: boolean,
    /** Lone-op texts: values used without a definition become parameters (collected here). */
    readonly free?: { name: string; type: TensorType }[],
  ) {}
}

interface ResultName {
  readonly name: string;
  readonly count: number;
  readonly line: number;
}

/** An op as read, before its operands are resolved. */
interface RawOp {
  readonly syn: OpSyntax;
  readonly results: readonly ResultName[];
  readonly operands: readonly Token[];
  /** Operand types the text writes (undefined: it writes none). */
  readonly operandTypes?: readonly TensorType[];
  readonly resultTypes: readonly TensorType[];
}

const isTerminator = (name: string) => name === 'func.return' || name === 'stablehlo.return';

export class MlirReader {
  violations: Violation[] = [];
  readonly broken = new WeakSet<Op>();
  readonly names = new WeakMap<Op, OpNames>();
  readonly funcs: Func[] = [];
  private readonly c: Cursor;

  constructor(tokens: readonly Token[]) {
    this.c = new Cursor(tokens);
  }

  private violation(code: string, line: number | undefined, message: string): void {
    this.violations.push({ code, message, ...(line === undefined ? {} : { line }) });
  }

  // -------------------------------------------------------------------------------------------
  // Top level

  read(): ReadText {
    try {
      return this.readAll();
    } catch (e) {
      // a construct the reading cannot go past: report it with what was found before it
      if (
        e instanceof GatherScatterError &&
        this.violations.length > 0 &&
        !Array.isArray(e.details.violations)
      )
        throwViolations([
          ...this.violations,
          {
            code: e.code,
            message: e.body,
            ...(typeof e.details.line === 'number' ? { line: e.details.line } : {}),
          },
        ]);
      throw e;
    }
  }

  private readAll(): ReadText {
    const c = this.c;
    let moduleSeen = false;
    while (!c.is('eof')) {
      const t = c.peek();
      if (t.kind === 'hash' && c.peekAt(1).kind === 'p' && c.peekAt(1).text === '=') {
        this.aliasDefinition();
      } else if (t.kind === 'bang' && c.peekAt(1).kind === 'p' && c.peekAt(1).text === '=') {
        textError('type', t.line, `type aliases (!${t.text} = …) are not supported`);
      } else if (t.kind === 'p' && t.text === '{-#') {
        this.skipResources();
      } else if (t.kind === 'id' && canonicalName(t.text) === 'builtin.module') {
        if (moduleSeen || this.funcs.length > 0) c.fail('a second module in one text (split the text first)');
        moduleSeen = true;
        this.moduleBlock();
      } else if (t.kind === 'str' && t.text === 'builtin.module') {
        if (moduleSeen || this.funcs.length > 0) c.fail('a second module in one text (split the text first)');
        moduleSeen = true;
        this.genericModule();
      } else if (t.kind === 'id' && canonicalName(t.text) === 'func.func') {
        this.func();
      } else if (t.kind === 'str' && t.text === 'func.func') {
        this.genericFunc();
      } else {
        if (moduleSeen || this.funcs.length > 0)
          c.fail(`expected a function (func.func); got ${describe(t)} outside any function`);
        this.loneOps();
      }
    }
    if (this.funcs.length === 0) textError('no_function', undefined, 'the text holds no function and no op');
    const seen = new Set<string>();
    for (const f of this.funcs) {
      if (seen.has(f.name))
        this.violation(
          'stablehlo_text.duplicate_function',
          f.loc?.line,
          `function @${f.name} is defined twice`,
        );
      seen.add(f.name);
    }
    const module: Module = { funcs: this.funcs, entry: entryOf(this.funcs) };
    return { module, names: this.names, broken: this.broken, violations: this.violations };
  }

  /** `#name = <attribute>` (a `#loc = loc(…)` defines a location: skipped). */
  private aliasDefinition(): void {
    const c = this.c;
    const name = c.next().text;
    c.next(); // =
    if (c.atLoc()) {
      c.peek(); // skips the loc(…) group
      return;
    }
    c.aliases.set(name, readAttr(c));
  }

  /** `{-# dialect_resources: {…} #-}` at the end of a module. */
  private skipResources(): void {
    const c = this.c;
    const open = c.next();
    for (;;) {
      const t = c.next();
      if (t.kind === 'eof') textError('syntax', open.line, 'unclosed {-# … #-} block');
      if (t.kind === 'p' && t.text === '#-}') return;
    }
  }

  private moduleBlock(): void {
    const c = this.c;
    c.next(); // module
    c.eat('sym');
    if (c.eatId('attributes')) readAttrDict(c);
    const open = c.expectP('{', '"{" to open the module');
    c.enter('a module');
    while (!c.isP('}')) {
      const t = c.peek();
      if (t.kind === 'eof') textError('syntax', open.line, 'the module opened here is not closed');
      if (t.kind === 'id' && canonicalName(t.text) === 'func.func') this.func();
      else if (t.kind === 'str' && t.text === 'func.func') this.genericFunc();
      else if (t.kind === 'id' && canonicalName(t.text) === 'builtin.module')
        c.fail('nested modules are not supported');
      else c.fail(`expected a function (func.func) in the module; got ${describe(t)}`);
    }
    c.next();
    c.leave();
  }

  /** `"builtin.module"() <{sym_name = …}> ({ … }) {attrs} : () -> ()`. */
  private genericModule(): void {
    const c = this.c;
    const line = c.next().line;
    c.expectP('(');
    c.expectP(')', '")": a module takes no operands');
    if (c.isP('<')) {
      c.next();
      readAttrDict(c);
      c.expectP('>');
    }
    c.expectP('(', '"(" before the module region');
    c.expectP('{', '"{" to open the module region');
    c.enter('a module');
    if (c.is('caret')) {
      c.next();
      c.expectP(':');
    }
    while (!c.isP('}')) {
      const t = c.peek();
      if (t.kind === 'eof') textError('syntax', line, 'the module opened here is not closed');
      if (t.kind === 'id' && canonicalName(t.text) === 'func.func') this.func();
      else if (t.kind === 'str' && t.text === 'func.func') this.genericFunc();
      else c.fail(`expected a function in the module; got ${describe(t)}`);
    }
    c.next();
    c.leave();
    c.expectP(')');
    if (c.isP('{')) readAttrDict(c);
    this.emptySignature();
  }

  /** `: () -> ()` of a generic module or function op. */
  private emptySignature(): void {
    const c = this.c;
    c.expectP(':');
    const f = readFunctionType(c);
    if (f.inputs.length > 0 || f.results.length > 0) c.fail('a module or function op has the type () -> ()');
  }

  /** `func.func [public|private] @name(%a: T {attrs}, …) -> (T {attrs}, …) [attributes {…}] { … }`. */
  private func(): void {
    const c = this.c;
    const head = c.next();
    c.eatId('public') || c.eatId('private') || c.eatId('nested');
    const name = c.expect('sym', undefined, 'the function name (@name)').text;
    const scope = new Scope(`@${name}`, false);
    c.expectP('(', `"(" to open the parameters of @${name}`);
    if (!c.isP(')')) {
      for (;;) {
        const v = c.peek();
        if (v.kind !== 'val')
          textError('syntax', v.line, `function declarations without a body are not supported (@${name})`);
        c.next();
        c.expectP(':', `":" and the type of %${v.text}`);
        const type = readType(c, `the type of %${v.text}`);
        if (c.isP('{')) readAttrDict(c);
        this.param(scope, v, type);
        if (c.eatP(')')) break;
        c.expectP(',', '"," or ")" in the parameters');
      }
    } else c.next();
    const results = c.eatP('->') ? this.resultTypes() : [];
    if (c.eatId('attributes')) readAttrDict(c);
    if (!c.isP('{'))
      textError('syntax', c.line, `function declarations without a body are not supported (@${name})`);
    c.next();
    c.enter('a function');
    const returns = this.block(scope, 'func.return', `@${name}`);
    c.leave();
    this.addFunc(name, scope, returns, results, head.line);
  }

  /** Records a function read into `scope`: its parameters and ops, what it returns, its types. */
  private addFunc(
    name: string,
    scope: Scope,
    returns: ValueId[],
    results: readonly TensorType[],
    line: number,
  ): void {
    const { params, paramNames, ops } = scope;
    this.funcs.push({ name, params, paramNames, ops, returns, results, loc: { line } });
  }

  /** `T`, `(T {attrs}, …)` or `()` after `->`. */
  private resultTypes(): TensorType[] {
    const c = this.c;
    if (!c.eatP('(')) return [readType(c, 'a result type')];
    const out: TensorType[] = [];
    if (c.eatP(')')) return out;
    for (;;) {
      out.push(readType(c, 'a result type'));
      if (c.isP('{')) readAttrDict(c);
      if (c.eatP(')')) return out;
      c.expectP(',', '"," or ")" in the result types');
    }
  }

  /** `"func.func"() <{sym_name = "f", function_type = (…) -> …}> ({ ^bb0(%a: T): … }) : () -> ()`. */
  private genericFunc(): void {
    const c = this.c;
    const head = c.next();
    c.expectP('(');
    c.expectP(')', '")": a function op takes no operands');
    const attrs = new Map<string, Attr>();
    if (c.isP('<')) {
      c.next();
      for (const [k, v] of readAttrDict(c)) attrs.set(k, v);
      c.expectP('>');
    }
    const nameAttr = attrs.get('sym_name');
    const typeAttr = attrs.get('function_type');
    if (nameAttr?.k !== 'str') textError('attribute', head.line, 'a generic func.func needs sym_name = "…"');
    if (typeAttr?.k !== 'ftype')
      textError('attribute', head.line, 'a generic func.func needs function_type = (…) -> …');
    const name = nameAttr.v;
    const scope = new Scope(`@${name}`, false);
    c.expectP('(', '"(" before the function region');
    c.expectP('{', '"{" to open the function region');
    c.enter('a function');
    if (c.is('caret')) {
      c.next();
      const args = c.isP('(') ? this.blockArgs() : [];
      c.expectP(':', '":" after the block label');
      if (args.length !== typeAttr.inputs.length)
        this.violation(
          'stablehlo_text.syntax',
          head.line,
          `@${name} declares ${typeAttr.inputs.length} parameters but its block has ${args.length}`,
        );
      for (const [k, a] of args.entries()) {
        const declared = typeAttr.inputs[k];
        if (declared !== undefined && !sameType(declared, a.type))
          this.violation(
            'stablehlo_text.operand_type',
            a.token.line,
            `parameter %${a.token.text} of @${name} is ${formatType(a.type)} but function_type says ${formatType(declared)}`,
          );
        this.param(scope, a.token, a.type);
      }
    } else if (typeAttr.inputs.length > 0)
      c.fail(`@${name} takes parameters: its region needs a block ^bb0(…)`);
    const returns = this.block(scope, 'func.return', `@${name}`);
    c.leave();
    c.expectP(')');
    if (c.isP('{')) readAttrDict(c);
    this.emptySignature();
    this.addFunc(name, scope, returns, typeAttr.results, head.line);
  }

  /** Ops outside any function: read twice (first to find the free values, then with them as parameters). */
  private loneOps(): void {
    const c = this.c;
    const start = c.index;
    const line = c.line;
    const free: { name: string; type: TensorType }[] = [];
    const kept = this.violations;
    this.violations = [];
    try {
      this.opsUntilEnd(new Scope('@main', false, free));
    } finally {
      this.violations = kept;
    }
    c.seek(start);
    const scope = new Scope('@main', false);
    for (const [k, f] of free.entries()) {
      scope.params.push(f.type);
      scope.paramNames.push(`%${f.name}`);
      scope.types.push(f.type);
      scope.byName.set(f.name, k);
    }
    const last = this.opsUntilEnd(scope);
    this.addFunc(
      'main',
      scope,
      last,
      last.map((id) => scope.types[id]),
      line,
    );
  }

  /** Reads ops to the end of the text (or a function); returns the last op's results. */
  private opsUntilEnd(scope: Scope): ValueId[] {
    const c = this.c;
    let last: ValueId[] = [];
    while (!c.is('eof')) {
      const t = c.peek();
      if (
        (t.kind === 'id' &&
          (canonicalName(t.text) === 'func.func' || canonicalName(t.text) === 'builtin.module')) ||
        (t.kind === 'str' && (t.text === 'func.func' || t.text === 'builtin.module'))
      )
        c.fail('a function or module after ops written outside any function');
      const raw = this.rawOp();
      if (isTerminator(raw.syn.name))
        textError('syntax', raw.syn.line, `${raw.syn.name} outside a function or region`);
      last = this.emit(scope, raw);
    }
    return last;
  }

  // -------------------------------------------------------------------------------------------
  // Blocks, regions, values

  /** Defines a parameter (function argument or block argument). */
  private param(scope: Scope, v: Token, type: TensorType): void {
    const id = scope.types.length;
    scope.params.push(type);
    scope.paramNames.push(`%${v.text}`);
    scope.types.push(type);
    this.bind(scope, v.text, id, v.line);
  }

  private bind(scope: Scope, name: string, id: ValueId, line: number): void {
    if (scope.byName.has(name))
      this.violation('stablehlo_text.redefined_value', line, `%${name} is defined twice in ${scope.where}`);
    scope.byName.set(name, id);
  }

  /** `(%a: T, %b: T)` of a block label. */
  private blockArgs(): { token: Token; type: TensorType }[] {
    const c = this.c;
    c.expectP('(');
    const out: { token: Token; type: TensorType }[] = [];
    if (c.eatP(')')) return out;
    for (;;) {
      const v = c.expect('val', undefined, 'a block argument (%name)');
      c.expectP(':', `":" and the type of %${v.text}`);
      out.push({ token: v, type: readType(c, `the type of %${v.text}`) });
      if (c.eatP(')')) return out;
      c.expectP(',', '"," or ")" in the block arguments');
    }
  }

  /**
   * The ops of a block up to its terminator and the closing `}` (the opening one is read);
   * returns the terminator's values.
   */
  private block(scope: Scope, terminator: 'func.return' | 'stablehlo.return', where: string): ValueId[] {
    const c = this.c;
    for (;;) {
      const t = c.peek();
      if (t.kind === 'p' && t.text === '}') {
        this.violation('stablehlo_text.syntax', t.line, `${where} ends without ${terminator}`);
        c.next();
        return [];
      }
      if (t.kind === 'eof') textError('syntax', t.line, `${where} is not closed (missing "}")`);
      if (t.kind === 'caret')
        textError('syntax', t.line, `${where}: blocks (^${t.text}) are not supported; one block per body`);
      const raw = this.rawOp();
      if (isTerminator(raw.syn.name)) {
        if (raw.syn.name !== terminator)
          this.violation(
            'stablehlo_text.syntax',
            raw.syn.line,
            `${where} must end with ${terminator}; got ${raw.syn.name}`,
          );
        const ids = this.resolve(scope, raw);
        c.expectP('}', `"}" after ${raw.syn.name} (it ends the block)`);
        return ids.filter((id) => id >= 0);
      }
      this.emit(scope, raw);
    }
  }

  /** `{ [^bb0(%a: T, …):] ops stablehlo.return … }`, or with the block arguments given (pretty reduce). */
  private region(given?: { token: Token; type: TensorType }[]): Body {
    const c = this.c;
    const open = c.expectP('{', '"{" to open a region');
    c.enter('a region');
    const scope = new Scope(`the region on line ${open.line}`, true);
    let args = given ?? [];
    if (c.is('caret')) {
      c.next();
      const own = c.isP('(') ? this.blockArgs() : [];
      c.expectP(':', '":" after the block label');
      if (given !== undefined && own.length > 0) c.fail('block arguments written twice');
      if (given === undefined) args = own;
    }
    for (const a of args) this.param(scope, a.token, a.type);
    const returns = this.block(scope, 'stablehlo.return', scope.where);
    c.leave();
    return { params: scope.params, ops: scope.ops, returns };
  }

  /** The value named by a `%x` token, or -1 (reported). */
  private lookup(scope: Scope, v: Token, type: TensorType | undefined): ValueId {
    const name = v.text;
    const id = scope.byName.get(name);
    if (id !== undefined) return id;
    const group = scope.groups.get(name);
    if (group !== undefined) {
      this.violation(
        'stablehlo_text.undefined_value',
        v.line,
        `%${name} names ${group} results; write %${name}#0 … %${name}#${group - 1}`,
      );
      return -1;
    }
    if (scope.free !== undefined && type !== undefined) {
      // a lone op's free operand: a parameter in the second reading
      const k = scope.types.length;
      scope.free.push({ name, type });
      scope.types.push(type);
      scope.byName.set(name, k);
      return k;
    }
    this.violation(
      'stablehlo_text.undefined_value',
      v.line,
      `%${name} is not defined before its use in ${scope.where}${scope.region ? ' (a region sees only its own block arguments)' : ''}`,
    );
    return -1;
  }

  /** Resolves a raw op's operands and checks the operand types the text writes. */
  private resolve(scope: Scope, raw: RawOp): ValueId[] {
    const { syn, operands, operandTypes } = raw;
    if (operandTypes !== undefined && operandTypes.length !== operands.length)
      this.violation(
        'stablehlo_text.operand_type',
        syn.line,
        `${syn.name} has ${operands.length} operands but its type lists ${operandTypes.length}`,
      );
    return operands.map((v, k) => {
      const declared = operandTypes?.[k];
      const id = this.lookup(scope, v, declared);
      if (id >= 0 && declared !== undefined && !sameType(scope.types[id], declared))
        this.violation(
          'stablehlo_text.operand_type',
          v.line,
          `${syn.name}: operand ${k} (%${v.text}) is ${formatType(scope.types[id])} but the op's type says ${formatType(declared)}`,
        );
      return id;
    });
  }

  /** Builds the IR op of a raw op, appends it to the scope and defines its results. */
  private emit(scope: Scope, raw: RawOp): ValueId[] {
    if (raw.syn.name === 'tensor.gather' || raw.syn.name === 'tensor.scatter')
      return this.emitTensorDialect(scope, raw);
    const { syn, results, resultTypes } = raw;
    const ids = this.resolve(scope, raw);
    const named = results.reduce((n, r) => n + r.count, 0);
    if (results.length > 0 && named !== resultTypes.length)
      this.violation(
        'stablehlo_text.syntax',
        syn.line,
        `${syn.name} defines ${resultTypes.length} result${resultTypes.length === 1 ? '' : 's'} but ${named} ${named === 1 ? 'is' : 'are'} named`,
      );
    const types = ids.map((id, k) => (id >= 0 ? scope.types[id] : raw.operandTypes?.[k])) as TensorType[];
    let op: Op;
    try {
      const attrs = buildAttrs(syn, types);
      op = { ...attrs, operands: ids, results: resultTypes, loc: { line: syn.line } } as Op;
      if (ids.some((id) => id < 0)) this.broken.add(op);
    } catch (e) {
      if (!(e instanceof GatherScatterError)) throw e;
      this.violation(e.code, (e.details.line as number | undefined) ?? syn.line, e.body);
      op = { kind: 'reshape', operands: [], results: resultTypes, loc: { line: syn.line } } as Op;
      this.broken.add(op);
    }
    const first = scope.types.length;
    scope.ops.push(op);
    scope.types.push(...resultTypes);
    const out = resultTypes.map((_, j) => first + j);
    this.names.set(op, {
      operands: raw.operands.map((v) => `%${v.text}`),
      results: this.define(scope, results, out),
    });
    return out;
  }

  /** Binds result names to values; returns the names as written (`%0`, `%0#1`). */
  private define(scope: Scope, results: readonly ResultName[], ids: readonly ValueId[]): string[] {
    const names: string[] = [];
    let k = 0;
    for (const r of results) {
      if (k + r.count > ids.length) break;
      if (r.count === 1) {
        this.bind(scope, r.name, ids[k], r.line);
        scope.byName.set(`${r.name}#0`, ids[k]);
        names.push(`%${r.name}`);
      } else {
        if (scope.groups.has(r.name) || scope.byName.has(r.name))
          this.violation(
            'stablehlo_text.redefined_value',
            r.line,
            `%${r.name} is defined twice in ${scope.where}`,
          );
        scope.groups.set(r.name, r.count);
        for (let j = 0; j < r.count; j++) {
          scope.byName.set(`${r.name}#${j}`, ids[k + j]);
          names.push(`%${r.name}#${j}`);
        }
      }
      k += r.count;
    }
    return names;
  }

  /** A tensor-dialect op: the ops of its lowering, inlined (see tensor-dialect.ts). */
  private emitTensorDialect(scope: Scope, raw: RawOp): ValueId[] {
    const { syn } = raw;
    const ids = this.resolve(scope, raw);
    const line = syn.line;
    const result = raw.resultTypes[0];
    const types = ids.map((id, k) => (id >= 0 ? scope.types[id] : raw.operandTypes?.[k]));
    const placeholder = (): ValueId[] => {
      const op = { kind: 'reshape', operands: [], results: raw.resultTypes, loc: { line } } as Op;
      this.broken.add(op);
      const first = scope.types.length;
      scope.ops.push(op);
      scope.types.push(...raw.resultTypes);
      const out = raw.resultTypes.map((_, j) => first + j);
      this.define(scope, raw.results, out);
      return out;
    };
    if (raw.resultTypes.length !== 1) {
      this.violation(
        'stablehlo_text.syntax',
        line,
        `${syn.name} has one result; its type lists ${raw.resultTypes.length}`,
      );
      return placeholder();
    }
    if (ids.some((id) => id < 0) || types.some((t) => t === undefined)) return placeholder();
    const values = syn.values as { dims: number[]; unique: boolean };
    let program: TensorDialectProgram;
    try {
      program = tensorDialectProgram(
        syn.name as 'tensor.gather' | 'tensor.scatter',
        values.dims,
        values.unique,
        types as TensorType[],
        result,
        line,
      );
    } catch (e) {
      if (!(e instanceof GatherScatterError)) throw e;
      this.violation(e.code, line, e.body);
      return placeholder();
    }
    const { func, order } = program;
    const map: ValueId[] = [];
    const push = (op: Op): void => {
      scope.ops.push(op);
      this.names.set(op, { operands: raw.operands.map((v) => `%${v.text}`), results: [] });
    };
    func.params.forEach((p, k) => {
      let id = ids[order[k]];
      if (!sameType(scope.types[id], p)) {
        // the lowering reads the source in its rank-reduced form
        push({ kind: 'reshape', operands: [id], results: [p], loc: { line } } as Op);
        id = scope.types.length;
        scope.types.push(p);
      }
      map[k] = id;
    });
    let next = func.params.length;
    for (const op of func.ops) {
      push({ ...op, operands: op.operands.map((o) => map[o]), loc: { line } } as Op);
      for (const r of op.results) {
        map[next++] = scope.types.length;
        scope.types.push(r);
      }
    }
    const out = [map[func.returns[0]]];
    if (!sameType(scope.types[out[0]], result))
      this.violation(
        'stablehlo_text.result_type',
        line,
        `${syn.name} gives ${formatType(scope.types[out[0]])}; declared ${formatType(result)}`,
      );
    this.define(scope, raw.results, out);
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Ops

  /** `%a, %b:2 =` before an op. */
  private resultNames(): ResultName[] {
    const c = this.c;
    if (!c.is('val')) return [];
    const out: ResultName[] = [];
    for (;;) {
      const v = c.expect('val', undefined, 'a result name (%name)');
      if (v.text.includes('#')) textError('syntax', v.line, `a result name cannot carry #: %${v.text}`);
      let count = 1;
      if (c.eatP(':')) {
        const n = c.expect('int', undefined, 'the number of results after ":"');
        count = Number(n.text);
        if (!(count >= 1 && count <= 1024))
          textError('syntax', n.line, `%${v.text}:${n.text}: a result group of 1 to 1024`);
      }
      out.push({ name: v.text, count, line: v.line });
      if (c.eatP('=')) return out;
      c.expectP(',', '"," or "=" after the result names');
    }
  }

  private rawOp(): RawOp {
    const c = this.c;
    const results = this.resultNames();
    const t = c.peek();
    c.enter('an op');
    try {
      if (t.kind === 'str') return this.generic(results);
      if (t.kind === 'id') return this.pretty(results);
      return c.fail(`expected an op; got ${describe(t)}`);
    } finally {
      c.leave();
    }
  }

  /** `%a, %b, …` (at least one; stops before a "," that is not followed by a value). */
  private vals(min = 1): Token[] {
    const c = this.c;
    const out: Token[] = [];
    if (min === 0 && !c.is('val')) return out;
    out.push(c.expect('val', undefined, 'an operand (%name)'));
    while (c.isP(',') && c.peekAt(1).kind === 'val') {
      c.next();
      out.push(c.next());
    }
    return out;
  }

  /** `%a, %b`. */
  private twoVals(): Token[] {
    const c = this.c;
    const a = c.expect('val', undefined, 'an operand (%name)');
    c.expectP(',');
    return [a, c.expect('val', undefined, 'a second operand (%name)')];
  }

  /** `(%a, %b)`. */
  private parenVals(): Token[] {
    const c = this.c;
    c.expectP('(', '"(" before the operands');
    const out = this.vals(0);
    c.expectP(')', '"," or ")" after the operands');
    return out;
  }

  private optDict(into: Map<string, Attr>): void {
    if (!this.c.isP('{')) return;
    for (const [k, v] of readAttrDict(this.c)) this.put(into, k, v);
  }

  private put(into: Map<string, Attr>, k: string, v: Attr): void {
    if (into.has(k)) textError('attribute', v.line, `attribute ${k} given twice`);
    into.set(k, v);
  }

  /** `key = attribute` where the pretty syntax names a key (`dims = [0]`). */
  private keyed(into: Map<string, Attr>, word: string, key: string): void {
    const c = this.c;
    c.expectId(word);
    c.expectP('=', `"=" after ${word}`);
    this.put(into, key, readAttr(c));
  }

  /**
   * `: T` (every operand and the result have type T) or `: (T, …) -> T` — the signature of ops
   * whose operands and result share a type.
   */
  private sameTypes(n: number): { operandTypes: TensorType[]; resultTypes: TensorType[] } {
    const c = this.c;
    c.expectP(':', '":" and the type');
    if (c.isP('(')) {
      const f = readFunctionType(c);
      return { operandTypes: f.inputs, resultTypes: f.results };
    }
    const t = readType(c);
    return { operandTypes: new Array<TensorType>(n).fill(t), resultTypes: [t] };
  }

  private functional(typeOnly = false): { operandTypes: TensorType[]; resultTypes: TensorType[] } {
    const c = this.c;
    if (!typeOnly) c.expectP(':', '":" and the op\'s type');
    const f = readFunctionType(c);
    return { operandTypes: f.inputs, resultTypes: f.results };
  }

  /** `"name"(%a, …) <{props}> ({regions}) {attrs} : (…) -> …`. */
  private generic(results: ResultName[]): RawOp {
    const c = this.c;
    const head = c.next();
    const name = canonicalName(head.text);
    if (name === 'func.func' || name === 'builtin.module')
      textError('syntax', head.line, `${head.text} inside a function`);
    const operands = this.parenVals();
    if (c.isP('[')) textError('syntax', c.line, `${name}: successors (branches) are not supported`);
    const attrs = new Map<string, Attr>();
    if (c.isP('<')) {
      c.next();
      for (const [k, v] of readAttrDict(c)) this.put(attrs, k, v);
      c.expectP('>', '">" to close the properties <{…}>');
    }
    const regions: Body[] = [];
    if (c.isP('(')) {
      // the regions of an op this library does not run are read for syntax only (they may see
      // the enclosing values, as stablehlo.if's do): the op itself is the violation
      const known = isTerminator(name) || kindOfName(name) !== undefined;
      const kept = this.violations;
      if (!known) this.violations = [];
      try {
        c.next();
        for (;;) {
          regions.push(this.region());
          if (c.eatP(')')) break;
          c.expectP(',', '"," or ")" after a region');
        }
      } finally {
        this.violations = kept;
      }
    }
    this.optDict(attrs);
    const { operandTypes, resultTypes } = this.functional();
    const calleeAttr = attrs.get(name === 'func.call' ? 'callee' : 'call_target_name');
    let callee: string | undefined;
    if (name === 'func.call') {
      if (calleeAttr?.k !== 'sym') textError('attribute', head.line, 'func.call needs callee = @name');
      callee = calleeAttr.name;
      attrs.delete('callee');
    } else if (name === 'stablehlo.custom_call' && calleeAttr?.k === 'str') {
      callee = calleeAttr.v;
      attrs.delete('call_target_name');
    }
    return {
      syn: { name, line: head.line, attrs, regions, ...(callee === undefined ? {} : { callee }) },
      results,
      operands,
      operandTypes,
      resultTypes,
    };
  }

  /** The pretty syntax of each op (StablehloOps.td's assembly formats, CheckOps.td's, func's). */
  private pretty(results: ResultName[]): RawOp {
    const c = this.c;
    const head = c.next();
    const name = canonicalName(head.text);
    const line = head.line;
    const attrs = new Map<string, Attr>();
    const op = (
      operands: Token[],
      sig: { operandTypes?: TensorType[]; resultTypes: TensorType[] },
      extra: { regions?: Body[]; values?: Record<string, unknown>; callee?: string } = {},
    ): RawOp => ({
      syn: { name, line, attrs, regions: extra.regions ?? [], values: extra.values, callee: extra.callee },
      results,
      operands,
      ...sig,
    });
    const short = name.startsWith('stablehlo.') ? name.slice('stablehlo.'.length) : '';
    switch (name) {
      case 'func.return':
      case 'stablehlo.return': {
        const operands = this.vals(0);
        this.optDict(attrs);
        let types: TensorType[] = [];
        if (operands.length > 0) {
          c.expectP(':', '":" and the returned types');
          types = readTypeList(c);
        }
        return op(operands, { operandTypes: types, resultTypes: [] });
      }
      case 'func.call': {
        const callee = c.expect('sym', undefined, 'the callee (@name)').text;
        const operands = this.parenVals();
        this.optDict(attrs);
        return op(operands, this.functional(), { callee });
      }
      case 'stablehlo.custom_call': {
        const callee = c.expect('sym', undefined, 'the call target (@name)').text;
        const operands = this.parenVals();
        this.optDict(attrs);
        return op(operands, this.functional(), { callee });
      }
      case 'check.expect_eq_const':
      case 'check.expect_almost_eq_const': {
        const operands = [c.expect('val', undefined, 'the checked value (%name)')];
        c.expectP(',');
        this.put(attrs, 'value', readAttr(c));
        if (name === 'check.expect_almost_eq_const' && c.isP(',')) {
          c.next();
          this.keyed(attrs, 'tolerance', 'tolerance');
        }
        this.optDict(attrs);
        return op(operands, { resultTypes: [] });
      }
      case 'check.expect_eq':
      case 'check.expect_almost_eq': {
        const operands = this.twoVals();
        if (name === 'check.expect_almost_eq' && c.isP(',')) {
          c.next();
          this.keyed(attrs, 'tolerance', 'tolerance');
        }
        this.optDict(attrs);
        c.expectP(':', '":" and the type');
        const t = readType(c);
        return op(operands, { operandTypes: [t, t], resultTypes: [] });
      }
      case 'tensor.gather':
      case 'tensor.scatter': {
        // tensor.gather %source[%indices] gather_dims([…]) unique : (…) -> …
        // tensor.scatter %source into %dest[%indices] scatter_dims([…]) unique : (…) -> …
        const operands = [c.expect('val', undefined, 'the source (%name)')];
        if (name === 'tensor.scatter') {
          c.expectId('into');
          operands.push(c.expect('val', undefined, 'the dest (%name)'));
        }
        c.expectP('[', '"[" and the indices');
        operands.push(c.expect('val', undefined, 'the indices (%name)'));
        c.expectP(']');
        const key = name === 'tensor.gather' ? 'gather_dims' : 'scatter_dims';
        c.expectId(key);
        c.expectP('(', `"(" after ${key}`);
        const dims = intList(readAttr(c), key);
        c.expectP(')');
        const unique = c.eatId('unique');
        this.optDict(attrs);
        for (const [k, a] of attrs)
          if (!k.includes('.'))
            textError('attribute', a.line, `${name} has no attribute ${JSON.stringify(k)}`);
        return op(operands, this.functional(), { values: { dims, unique } });
      }
      case 'check.expect_close': {
        const operands = this.twoVals();
        c.expectP(',');
        this.keyed(attrs, 'max_ulp_difference', 'max_ulp_difference');
        if (c.eatP(',')) this.keyed(attrs, 'min_ulp_difference', 'min_ulp_difference');
        c.expectP(':', '":" and the types');
        this.optDict(attrs);
        const a = readType(c);
        c.expectP(',');
        const b = readType(c);
        return op(operands, { operandTypes: [a, b], resultTypes: [] });
      }
    }
    switch (short) {
      case 'constant': {
        this.optDict(attrs);
        const value = readAttr(c);
        if (value.k !== 'dense')
          textError('attribute', value.line, 'stablehlo.constant takes dense<…> : tensor<…>');
        this.put(attrs, 'value', value);
        if (c.isP(':'))
          textError(
            'type',
            c.line,
            'stablehlo.constant with a separate result type (quantized) is not supported',
          );
        return op([], { operandTypes: [], resultTypes: [value.type] });
      }
      case 'iota': {
        this.keyed(attrs, 'dim', 'iota_dimension');
        this.optDict(attrs);
        c.expectP(':', '":" and the result type');
        return op([], { operandTypes: [], resultTypes: [readType(c)] });
      }
      case 'broadcast_in_dim':
      case 'transpose': {
        const operands = [c.expect('val', undefined, 'the operand')];
        c.expectP(',');
        this.keyed(attrs, 'dims', short === 'transpose' ? 'permutation' : 'broadcast_dimensions');
        this.optDict(attrs);
        return op(operands, this.functional());
      }
      case 'concatenate':
      case 'dynamic_slice': {
        // `%a, %b, dim = 0` / `%x, %i, %j, sizes = [2, 2]`: operands, then one keyed attribute.
        const [key, name, hint] = KEYED_AFTER_OPERANDS[short];
        const operands = this.vals();
        c.expectP(',', hint);
        this.keyed(attrs, key, name);
        this.optDict(attrs);
        return op(operands, this.functional());
      }
      case 'pad': {
        // `%x, %v, low = [1, -1], high = [1, -1], interior = [0, 1] : (…) -> …`
        const operands = this.vals();
        for (const [word, key] of PAD_KEYS) {
          c.expectP(',', `", ${word} = […]"`);
          this.keyed(attrs, word, key);
        }
        this.optDict(attrs);
        return op(operands, this.functional());
      }
      case 'slice': {
        const operands = [c.expect('val', undefined, 'the operand')];
        const values = this.sliceRanges();
        this.optDict(attrs);
        return op(operands, this.functional(), { values });
      }
      case 'compare': {
        const dir = c.expect('id', undefined, 'the comparison direction (EQ, NE, GE, GT, LE, LT)');
        this.put(attrs, 'comparison_direction', { k: 'id', name: dir.text, line: dir.line });
        c.expectP(',');
        const operands = this.twoVals();
        if (c.eatP(',')) {
          const ct = c.expect('id', undefined, 'the compare type (FLOAT, TOTALORDER, SIGNED, UNSIGNED)');
          this.put(attrs, 'compare_type', { k: 'id', name: ct.text, line: ct.line });
        }
        this.optDict(attrs);
        return op(operands, this.functional());
      }
      case 'select': {
        const operands = this.vals();
        this.optDict(attrs);
        c.expectP(':', '":" and the types');
        if (c.isP('(')) {
          const f = readFunctionType(c);
          return op(operands, { operandTypes: f.inputs, resultTypes: f.results });
        }
        const pred = readType(c);
        c.expectP(',', '", " and the type of the selected values');
        const t = readType(c);
        return op(operands, { operandTypes: [pred, t, t], resultTypes: [t] });
      }
      case 'complex': {
        // `%lhs, %rhs : tensor<2xcomplex<f64>>` names the result; the parts' type follows from it.
        const operands = this.vals();
        this.optDict(attrs);
        const sig = this.sameTypes(operands.length);
        const [r] = sig.resultTypes;
        if (sig.operandTypes[0] !== r || !isComplex(r.dtype)) return op(operands, sig);
        const part = { shape: r.shape, dtype: componentDType(r.dtype) };
        return op(operands, { operandTypes: operands.map(() => part), resultTypes: [r] });
      }
      case 'reduce':
        return this.prettyReduce(results, line, attrs);
      case 'gather':
      case 'scatter':
      case 'dynamic_gather':
        if (c.isP('(')) return this.bareAttributeOp(results, name, line);
        break;
      default:
        if (short !== '' && (BINARY.has(short) || SAME_TYPE.has(short))) {
          const operands = this.vals();
          this.optDict(attrs);
          return op(operands, this.sameTypes(operands.length));
        }
    }
    // An op this library does not run: read past it when it has the common pretty form
    // (`%a, … [{attrs}] : T` or `: (T, …) -> …`) so the reading goes on and reports the rest.
    const at = c.index;
    try {
      const operands = this.vals(0);
      this.optDict(attrs);
      c.expectP(':');
      if (c.isP('(')) return op(operands, this.functional(true));
      const types = readTypeList(c);
      const last = types[types.length - 1];
      const operandTypes = types.length === 1 ? operands.map(() => last) : undefined;
      return op(operands, { ...(operandTypes ? { operandTypes } : {}), resultTypes: [last] });
    } catch (e) {
      if (!(e instanceof GatherScatterError)) throw e;
      c.seek(at);
    }
    textError('unknown_op', line, `${head.text} is not an op this library runs`, { op: head.text });
  }

  /** `[0:2, 1:3:1]` of a pretty slice. */
  private sliceRanges(): Record<string, number[]> {
    const c = this.c;
    c.expectP('[', '"[" and the slice ranges');
    const start: number[] = [];
    const limit: number[] = [];
    const strides: number[] = [];
    const int = () => {
      const neg = c.eatP('-');
      const t = c.expect('int', undefined, 'an integer');
      const v = Number(t.text) * (neg ? -1 : 1);
      if (!Number.isSafeInteger(v)) textError('attribute', t.line, `${t.text} is not a safe integer`);
      return v;
    };
    if (!c.eatP(']')) {
      for (;;) {
        start.push(int());
        c.expectP(':');
        limit.push(int());
        strides.push(c.eatP(':') ? int() : 1);
        if (start.length > 64) textError('attribute', c.line, 'a slice of rank above 64');
        if (c.eatP(']')) break;
        c.expectP(',', '"," or "]" in the slice ranges');
      }
    }
    return { start_indices: start, limit_indices: limit, strides };
  }

  /**
   * `stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : …` and the
   * region form `… across dimensions = [1] : … reducer(%a: T, %b: T) { … }`.
   */
  private prettyReduce(results: ResultName[], line: number, attrs: Map<string, Attr>): RawOp {
    const c = this.c;
    const inputs: Token[] = [];
    const inits: Token[] = [];
    for (;;) {
      c.expectP('(', '"(%input init: %init)"');
      inputs.push(c.expect('val', undefined, 'the reduced input'));
      c.expectId('init');
      c.expectP(':');
      inits.push(c.expect('val', undefined, 'the init value'));
      c.expectP(')');
      if (!c.eatP(',')) break;
    }
    let inner: Token | undefined;
    if (c.eatId('applies')) inner = c.expect('id', undefined, 'the reducing op (stablehlo.add, …)');
    c.expectId('across');
    c.expectId('dimensions');
    c.expectP('=');
    const dims = readAttr(c);
    this.put(attrs, 'dimensions', dims);
    this.optDict(attrs);
    const sig = this.functional();
    const n = inputs.length;
    let body: Body;
    if (inner !== undefined) {
      const kind = canonicalName(inner.text).replace(/^stablehlo\./, '');
      if (!BINARY.has(kind) || n !== 1)
        textError(
          'syntax',
          inner.line,
          `reduce … applies ${inner.text}: the op must be one binary op on one input`,
        );
      const init = sig.operandTypes[n];
      if (init === undefined) textError('syntax', line, 'reduce: the type lists no init value');
      const s: TensorType = { shape: [], dtype: init.dtype };
      body = {
        params: [s, s],
        ops: [{ kind: kind as OpKind, operands: [0, 1], results: [s], loc: { line: inner.line } } as Op],
        returns: [2],
      };
    } else {
      c.expectId('reducer');
      const first: { token: Token; type: TensorType }[] = [];
      const second: { token: Token; type: TensorType }[] = [];
      while (c.isP('(')) {
        c.next();
        const a = c.expect('val', undefined, 'a reducer argument');
        c.expectP(':');
        first.push({ token: a, type: readType(c) });
        c.expectP(',');
        const b = c.expect('val', undefined, 'a reducer argument');
        c.expectP(':');
        second.push({ token: b, type: readType(c) });
        c.expectP(')');
      }
      body = this.region([...first, ...second]);
    }
    return {
      syn: { name: 'stablehlo.reduce', line, attrs, regions: [body] },
      results,
      operands: [...inputs, ...inits],
      ...sig,
    };
  }

  /** `stablehlo.gather(%a, %b) offset_dims = [1], …, slice_sizes = [1, 3] : (…) -> …` (compat form). */
  private bareAttributeOp(results: ResultName[], name: string, line: number): RawOp {
    const c = this.c;
    const operands = this.parenVals();
    const attrs = new Map<string, Attr>();
    const regions: Body[] = [];
    for (;;) {
      if (c.isP(':')) break;
      if (c.isP('(') && c.peekAt(1).kind === 'p' && c.peekAt(1).text === '{') {
        c.next();
        regions.push(this.region());
        c.expectP(')');
        continue;
      }
      if (c.isP('{')) {
        this.optDict(attrs);
        continue;
      }
      if (c.isP('<')) {
        c.next();
        for (const [k, v] of readAttrDict(c)) this.put(attrs, k, v);
        c.expectP('>');
        continue;
      }
      const k = c.expect('id', undefined, `an attribute of ${name} or ":"`);
      c.expectP('=', `"=" after ${k.text}`);
      this.put(attrs, k.text, readAttr(c));
      c.eatP(',');
    }
    const sig = this.functional();
    return { syn: { name, line, attrs, regions }, results, operands, ...sig };
  }
}

/** Ops printed as `%a, … : T` or `: (T, …) -> T` (custom<SameOperandsAndResultType>). */
const SAME_TYPE = new Set<string>([...UNARY_OPS, 'convert', 'reshape', 'bitcast_convert', 'clamp']);

/** `main`, else the only function, else the first public one, else the first. */
/** The pretty forms whose operands are followed by one keyed attribute: its key, attribute name, what is expected. */
const KEYED_AFTER_OPERANDS = {
  concatenate: ['dim', 'dimension', '", dim = …"'],
  dynamic_slice: ['sizes', 'slice_sizes', '", sizes = […]"'],
} as const;

/** pad's pretty attributes, in their printed order: the word and the attribute's name. */
const PAD_KEYS = [
  ['low', 'edge_padding_low'],
  ['high', 'edge_padding_high'],
  ['interior', 'interior_padding'],
] as const;

function entryOf(funcs: readonly Func[]): string {
  if (funcs.some((f) => f.name === 'main')) return 'main';
  return funcs[0].name;
}

/** Reads MLIR text into a module, its names and what did not hold (before verification). */
export function readMlir(text: string, firstLine = 1): ReadText {
  return new MlirReader(lex(text, { line: firstLine })).read();
}
