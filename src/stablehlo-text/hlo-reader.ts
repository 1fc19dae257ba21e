/**
 * XLA HLO text (what `--xla_dump_to` writes and `HloModule::ToString` prints) → the same IR
 * {@link Module} a StableHLO text gives:
 *
 *   HloModule jit_f, entry_computation_layout={(f32[3,4]{1,0}, s32[2,1]{1,0})->f32[2,4]{1,0}}
 *   %add (a: f32[], b: f32[]) -> f32[] { … ROOT %s = f32[] add(f32[] %a, f32[] %b) }
 *   ENTRY %main.5 (p0: f32[3,4], p1: s32[2,1]) -> f32[2,4] {
 *     %p0 = f32[3,4]{1,0} parameter(0)
 *     …
 *     ROOT %gather.3 = f32[2,4]{1,0} gather(f32[3,4]{1,0} %p0, s32[2,1]{1,0} %p1), offset_dims={1},
 *       collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=1, slice_sizes={1,4}
 *   }
 *
 * Names with or without `%`; operands with or without their shape; `/*index=5*\/` comments.
 * The ENTRY computation becomes the entry function (parameters by `parameter(N)`), computations
 * named by `call(…), to_apply=` become functions, those named by a scatter's or reduce's
 * `to_apply=` become its region. `tuple` / `get-tuple-element` carry multi-result values; layouts,
 * metadata, sharding and backend configs are dropped (they never change a value). A scatter means
 * what XLA runs (xlaScatterOptions): an update window that does not fit is dropped whole, where
 * the spec skips element by element. Opcodes with
 * no StableHLO op here are `stablehlo_text.unknown_op`; HLO-only constructs `stablehlo_text.hlo`.
 */
import { GatherScatterError } from '../errors.js';
import type { Body, Func, Module, Op, OpAttrs, OpKind, TensorType, ValueId } from '../ir/program.js';
import { BINARY_OPS, UNARY_OPS, specGatherOptions, xlaScatterOptions } from '../ir/program.js';
import { reducerOf } from '../ir/regions.js';
import { reducerIdentity } from '../core/kernels.js';
import type { ReducerName } from '../core/types.js';
import type { Tensor } from '../tensor/tensor.js';
import { Cursor, describe } from './cursor.js';
import { literalTensor, readLiteral } from './dense.js';
import { type Violation, textError } from './diagnostics.js';
import { type Token, lex } from './lexer.js';
import type { OpNames, ReadText } from './module-reader.js';
import { HLO_ELEMENT } from './types.js';
import { GATHER_DIMENSION_FIELDS, SCATTER_DIMENSION_FIELDS } from '../core/types.js';

/** True when `text` is XLA HLO (it starts with `HloModule` or `ENTRY`, comments aside). */
export function isHloText(text: string): boolean {
  return typeof text === 'string' && /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(?:HloModule|ENTRY)\b/.test(text);
}

/** An HLO shape: an array shape or a tuple of shapes. */
type Shape = { readonly tuple: readonly Shape[] } | TensorType;
const isTuple = (s: Shape): s is { readonly tuple: readonly Shape[] } => 'tuple' in s;

interface Instr {
  readonly name: string;
  readonly line: number;
  readonly root: boolean;
  readonly shape: Shape;
  readonly opcode: string;
  readonly operands: readonly Token[];
  /** `parameter(N)`'s N, `constant(…)`'s literal start: the token index of the parenthesis contents. */
  readonly inner: number;
  readonly attrs: ReadonlyMap<string, { readonly at: number; readonly line: number }>;
}

interface Computation {
  readonly name: string;
  readonly line: number;
  readonly entry: boolean;
  readonly instrs: readonly Instr[];
}

const BINARY = new Set<string>(BINARY_OPS);
const UNARY = new Set<string>(UNARY_OPS);
/** HLO opcodes named differently from the StableHLO op. */
const RENAMED: Readonly<Record<string, string>> = {
  broadcast: 'broadcast_in_dim',
  'bitcast-convert': 'bitcast_convert',
  'dynamic-slice': 'dynamic_slice',
  'dynamic-update-slice': 'dynamic_update_slice',
  'select-and-scatter': 'select_and_scatter',
  'reduce-window': 'reduce_window',
  copy: 'reshape', // an identity: a reshape to the same shape
};
/** Attributes that never change a value. */
const IGNORED = new Set([
  'metadata',
  'sharding',
  'frontend_attributes',
  'backend_config',
  'statistics_viz',
  'origin',
  'control-predecessors',
  'profile_type',
  'deduplicated_name',
  'result_accuracy',
]);

class HloReader {
  readonly violations: Violation[] = [];
  readonly broken = new WeakSet<Op>();
  readonly names = new WeakMap<Op, OpNames>();
  private readonly c: Cursor;
  private readonly comps = new Map<string, Computation>();
  private readonly funcs: Func[] = [];
  private readonly funcNames = new Set<string>();
  private readonly building = new Set<string>();
  private readonly bodies = new Map<string, Body>();

  constructor(tokens: readonly Token[]) {
    this.c = new Cursor(tokens, false, false);
  }

  read(): ReadText {
    const c = this.c;
    if (c.eatId('HloModule')) {
      const name = c.next();
      if (name.kind !== 'id' && name.kind !== 'val' && name.kind !== 'str')
        c.fail(`expected the module name after HloModule; got ${describe(name)}`, name);
      while (c.eatP(',')) {
        c.expect('id', undefined, 'a module attribute');
        c.expectP('=');
        this.skipValue();
      }
    }
    let entry: Computation | undefined;
    while (!c.is('eof')) {
      const comp = this.computation();
      if (this.comps.has(comp.name))
        textError('syntax', comp.line, `computation ${comp.name} is defined twice`);
      this.comps.set(comp.name, comp);
      if (comp.entry) {
        if (entry) textError('syntax', comp.line, 'two ENTRY computations');
        entry = comp;
      }
    }
    if (!entry) {
      if (this.comps.size === 0) textError('no_function', undefined, 'the HLO text holds no computation');
      entry = [...this.comps.values()].at(-1) as Computation; // XLA prints the entry last
    }
    this.func(entry.name);
    const module: Module = { funcs: this.funcs, entry: entry.name };
    return { module, names: this.names, broken: this.broken, violations: this.violations };
  }

  /** Skips one attribute value: a bracketed group or one token (with a leading minus). */
  private skipValue(): void {
    const c = this.c;
    if (c.isP('{') || c.isP('(') || c.isP('[')) {
      c.skipGroup();
      return;
    }
    // one word, with whatever is written right against it (`-1`, `0_0x1_1`, `kLoop`)
    let last = c.next();
    for (;;) {
      const t = c.peek();
      const adjacent = t.pos === last.pos + last.text.length && last.kind !== 'str';
      if (
        !adjacent ||
        t.kind === 'eof' ||
        t.kind === 'str' ||
        (t.kind === 'p' && (t.text === ',' || t.text === '}'))
      )
        return;
      if (t.kind === 'p' && (t.text === '{' || t.text === '(' || t.text === '[')) {
        c.skipGroup();
        return;
      }
      last = c.next();
    }
  }

  /** `[ENTRY] name [(params) -> shape] { instrs }`. */
  private computation(): Computation {
    const c = this.c;
    const entry = c.eatId('ENTRY');
    const head = c.next();
    if (head.kind !== 'id' && head.kind !== 'val')
      c.fail(`expected a computation name; got ${describe(head)}`, head);
    if (c.isP('(')) c.skipGroup();
    if (c.eatP('->')) this.shape();
    c.expectP('{', `"{" to open computation ${head.text}`);
    c.enter('a computation');
    const instrs: Instr[] = [];
    while (!c.eatP('}')) {
      if (c.is('eof')) textError('syntax', head.line, `computation ${head.text} is not closed`);
      instrs.push(this.instr());
    }
    c.leave();
    // computation attributes after the body (`, execution_thread="host"`): no meaning here
    while (c.isP(',') && c.peekAt(1).kind === 'id' && c.peekAt(2).kind === 'p' && c.peekAt(2).text === '=') {
      c.next();
      c.next();
      c.next();
      this.skipValue();
    }
    return { name: head.text, line: head.line, entry, instrs };
  }

  /** `f32[3,4]{1,0}`, `pred[]`, `(f32[], s32[2])`. */
  private shape(): Shape {
    const c = this.c;
    const t = c.peek();
    if (t.kind === 'p' && t.text === '(') {
      c.next();
      c.enter('a tuple shape');
      const tuple: Shape[] = [];
      if (!c.eatP(')'))
        for (;;) {
          tuple.push(this.shape());
          if (c.eatP(')')) break;
          c.expectP(',', '"," or ")" in a tuple shape');
        }
      c.leave();
      return { tuple };
    }
    const e = c.expect('id', undefined, 'a shape (f32[2,3])');
    if (e.text === 'token') textError('hlo', e.line, 'token shapes (side effects) are not supported');
    const dtype = Object.hasOwn(HLO_ELEMENT, e.text) ? HLO_ELEMENT[e.text] : undefined;
    if (dtype === undefined) {
      textError('type', e.line, `unsupported HLO element type ${JSON.stringify(e.text)}`);
    }
    c.expectP('[', `"[" after ${e.text}`);
    const dims: number[] = [];
    let close = c.peek();
    if (!c.eatP(']'))
      for (;;) {
        if (c.isP('<') || c.isP('?')) textError('type', c.line, 'dynamic dimensions are not supported');
        const d = c.expect('int', undefined, 'a dimension size');
        const n = Number(d.text);
        if (!Number.isSafeInteger(n)) textError('type', d.line, `dimension ${d.text} is too large`);
        dims.push(n);
        if (dims.length > 64) textError('type', d.line, 'a shape of rank above 64');
        close = c.peek();
        if (c.eatP(']')) break;
        c.expectP(',', '"," or "]" in a shape');
      }
    // a layout `{1,0}` is written right after the `]` (a `{` after a space opens a computation)
    if (c.isP('{') && c.peek().pos === close.pos + 1) c.skipGroup();
    return { shape: dims, dtype };
  }

  /** `[ROOT] name = shape opcode(operands)[, key=value]*`. */
  private instr(): Instr {
    const c = this.c;
    const root = c.eatId('ROOT');
    const n = c.next();
    if (n.kind !== 'id' && n.kind !== 'val') c.fail(`expected an instruction name; got ${describe(n)}`, n);
    c.expectP('=', `"=" after ${n.text}`);
    const shape = this.shape();
    const op = c.expect('id', undefined, 'an opcode');
    c.expectP('(', `"(" after ${op.text}`);
    const inner = c.index;
    const operands: Token[] = [];
    if (op.text === 'parameter' || op.text === 'constant') {
      c.seek(inner - 1);
      c.skipGroup();
    } else if (!c.eatP(')')) {
      for (;;) {
        if (c.isP('(') || (c.is('id') && c.peekAt(1).kind === 'p' && c.peekAt(1).text === '[')) this.shape();
        const v = c.next();
        if (v.kind !== 'val' && v.kind !== 'id') c.fail(`expected an operand name; got ${describe(v)}`, v);
        operands.push(v);
        if (c.eatP(')')) break;
        c.expectP(',', '"," or ")" after an operand');
      }
    }
    const attrs = new Map<string, { at: number; line: number }>();
    while (c.isP(',')) {
      c.next();
      const k = c.next();
      if (k.kind !== 'id') c.fail(`expected an attribute name; got ${describe(k)}`, k);
      c.expectP('=', `"=" after ${k.text}`);
      if (attrs.has(k.text)) textError('attribute', k.line, `attribute ${k.text} given twice`);
      attrs.set(k.text, { at: c.index, line: k.line });
      this.skipValue();
    }
    return { name: n.text, line: n.line, root, shape, opcode: op.text, operands, inner, attrs };
  }

  // -------------------------------------------------------------------------------------------
  // Computations → functions and bodies

  /** The function of computation `name` (built once). */
  private func(name: string): void {
    if (this.funcNames.has(name)) return;
    this.funcNames.add(name);
    const comp = this.comps.get(name);
    if (!comp) return;
    const { body, paramNames } = this.body(comp);
    const types = [...body.params];
    for (const op of body.ops) types.push(...op.results);
    this.funcs.push({
      ...body,
      name,
      paramNames,
      results: body.returns.map((id) => types[id]),
      loc: { line: comp.line },
    });
  }

  /** The region of computation `name` (a scatter's or reduce's to_apply). */
  private region(name: string, line: number): Body {
    const known = this.bodies.get(name);
    if (known) return known;
    const comp = this.comps.get(name);
    if (!comp) textError('unknown_function', line, `to_apply=${name}: no such computation`);
    if (this.building.has(name)) textError('recursion', line, `computation ${name} applies itself`);
    const { body } = this.body(comp);
    this.bodies.set(name, body);
    return body;
  }

  private body(comp: Computation): { body: Body; paramNames: string[] } {
    if (this.building.has(comp.name))
      textError('recursion', comp.line, `computation ${comp.name} uses itself`);
    this.building.add(comp.name);
    this.c.enter('calls and regions');
    try {
      return this.buildBody(comp);
    } finally {
      this.c.leave();
      this.building.delete(comp.name);
    }
  }

  private buildBody(comp: Computation): { body: Body; paramNames: string[] } {
    const c = this.c;
    // values by instruction name: one id, or several for a tuple
    const values = new Map<string, ValueId[]>();
    const params: TensorType[] = [];
    const paramNames: string[] = [];
    const paramInstrs = comp.instrs.filter((i) => i.opcode === 'parameter');
    const byIndex: Instr[] = [];
    for (const p of paramInstrs) {
      c.seek(p.inner);
      const k = c.expect('int', undefined, 'the parameter number');
      const idx = Number(k.text);
      if (byIndex[idx]) textError('syntax', p.line, `parameter(${idx}) is defined twice in ${comp.name}`);
      if (idx >= paramInstrs.length)
        textError(
          'syntax',
          p.line,
          `parameter(${idx}) in ${comp.name}, which has ${paramInstrs.length} parameters`,
        );
      byIndex[idx] = p;
    }
    for (const [idx, p] of byIndex.entries()) {
      if (isTuple(p.shape)) textError('hlo', p.line, `tuple parameter ${p.name} is not supported`);
      values.set(p.name, [idx]);
      params.push(p.shape);
      paramNames.push(`%${p.name}`);
    }
    const types: TensorType[] = [...params];
    const ops: Op[] = [];
    let root: ValueId[] | undefined;
    let last: ValueId[] = [];
    for (const ins of comp.instrs) {
      if (values.has(ins.name) && ins.opcode !== 'parameter')
        textError('syntax', ins.line, `instruction ${ins.name} is defined twice in ${comp.name}`);
      let ids: ValueId[];
      if (ins.opcode === 'parameter') ids = values.get(ins.name) as ValueId[];
      else {
        const operandIds = ins.operands.map((t) => {
          const v = values.get(t.text);
          if (v === undefined)
            textError('undefined_value', t.line, `${t.text} is not defined before its use in ${comp.name}`);
          return v;
        });
        if (ins.opcode === 'tuple') ids = operandIds.flat();
        else if (ins.opcode === 'get-tuple-element') {
          const src = operandIds[0] ?? [];
          const index = this.intAttr(ins, 'index');
          if (operandIds.length !== 1 || src[index] === undefined)
            textError(
              'syntax',
              ins.line,
              `get-tuple-element index=${index} of a value with ${src.length} parts`,
            );
          ids = [src[index]];
        } else {
          const flat = operandIds.map((v) => {
            if (v.length !== 1) textError('hlo', ins.line, `${ins.opcode} takes arrays, not a tuple`);
            return v[0];
          });
          const results = isTuple(ins.shape) ? flatShapes(ins.shape, ins.line) : [ins.shape];
          const operandTypes = flat.map((id) => types[id]);
          let op: Op;
          try {
            op = {
              ...this.attrs(ins, operandTypes, flat),
              operands: flat,
              results,
              loc: { line: ins.line },
            } as Op;
          } catch (e) {
            if (!(e instanceof GatherScatterError)) throw e;
            this.violations.push({
              code: e.code,
              message: e.body,
              line: (e.details.line as number) ?? ins.line,
            });
            op = { kind: 'reshape', operands: [], results, loc: { line: ins.line } } as Op;
            this.broken.add(op);
          }
          if (op.kind === 'reduce_window' && !this.broken.has(op)) foldsPadding(op, ops, params.length);
          const first = types.length;
          ops.push(op);
          types.push(...results);
          ids = results.map((_, k) => first + k);
          this.names.set(op, { operands: ins.operands.map((t) => `%${t.text}`), results: [`%${ins.name}`] });
        }
        values.set(ins.name, ids);
      }
      if (ins.root) {
        if (root) textError('syntax', ins.line, `two ROOT instructions in ${comp.name}`);
        root = ids;
      }
      last = ids;
    }
    return { body: { params, ops, returns: root ?? last }, paramNames };
  }

  // -------------------------------------------------------------------------------------------
  // Attributes

  private at(ins: Instr, key: string): Cursor | undefined {
    const a = ins.attrs.get(key);
    if (!a) return undefined;
    this.c.seek(a.at);
    return this.c;
  }

  private intAttr(ins: Instr, key: string, dflt?: number): number {
    const c = this.at(ins, key);
    if (!c) {
      if (dflt !== undefined) return dflt;
      textError('attribute', ins.line, `${ins.opcode} needs ${key}=…`, { key });
    }
    const neg = c.eatP('-');
    const t = c.expect('int', undefined, `an integer for ${key}`);
    const v = Number(t.text) * (neg ? -1 : 1);
    if (!Number.isSafeInteger(v)) textError('attribute', t.line, `${key}=${t.text} is not a safe integer`);
    return v;
  }

  /** `{1,0}` (absent: [] when optional). */
  private listAttr(ins: Instr, key: string, optional = false): number[] {
    const c = this.at(ins, key);
    if (!c) {
      if (optional) return [];
      textError('attribute', ins.line, `${ins.opcode} needs ${key}={…}`, { key });
    }
    c.expectP('{', `"{" for ${key}`);
    const out: number[] = [];
    if (c.eatP('}')) return out;
    for (;;) {
      const neg = c.eatP('-');
      const t = c.expect('int', undefined, `an integer in ${key}`);
      out.push(Number(t.text) * (neg ? -1 : 1));
      if (out.length > 64) textError('attribute', t.line, `${key} has more than 64 entries`);
      if (c.eatP('}')) return out;
      c.expectP(',', `"," or "}" in ${key}`);
    }
  }

  private boolAttr(ins: Instr, key: string): boolean {
    const c = this.at(ins, key);
    if (!c) return false;
    const t = c.next();
    if (t.kind === 'id' && (t.text === 'true' || t.text === 'false')) return t.text === 'true';
    textError('attribute', t.line, `${key} must be true or false; got ${describe(t)}`);
  }

  private wordAttr(ins: Instr, key: string): string | undefined {
    const c = this.at(ins, key);
    if (!c) return undefined;
    return c.expect('id', undefined, `a word for ${key}`).text;
  }

  private nameAttr(ins: Instr, key: string): string {
    const c = this.at(ins, key);
    if (!c) textError('attribute', ins.line, `${ins.opcode} needs ${key}=<computation>`, { key });
    const t = c.next();
    if (t.kind !== 'id' && t.kind !== 'val')
      textError('attribute', t.line, `${key} must name a computation; got ${describe(t)}`);
    return t.text;
  }

  private checkKeys(ins: Instr, allowed: readonly string[]): void {
    for (const [k, a] of ins.attrs)
      if (!allowed.includes(k) && !IGNORED.has(k))
        textError(
          'attribute',
          a.line,
          `${ins.opcode} has no attribute ${k}${allowed.length ? ` (it takes ${allowed.join(', ')})` : ''}`,
          {
            key: k,
          },
        );
  }

  /** The IR attributes of one instruction. */
  private attrs(ins: Instr, operands: readonly TensorType[], ids: readonly ValueId[]): OpAttrs {
    const opcode = ins.opcode;
    const name = RENAMED[opcode] ?? opcode.replace(/-/g, '_');
    const result = ins.shape as TensorType;
    switch (name) {
      case 'constant': {
        this.checkKeys(ins, []);
        if (isTuple(ins.shape)) textError('hlo', ins.line, 'tuple constants are not supported');
        this.c.seek(ins.inner);
        const lit = readLiteral(this.c, '{', '}');
        this.c.expectP(')', '")" after the constant');
        return { kind: 'constant', value: literalTensor(lit, result) };
      }
      case 'iota':
        this.checkKeys(ins, ['iota_dimension']);
        return { kind: 'iota', iota_dimension: this.intAttr(ins, 'iota_dimension') };
      case 'broadcast_in_dim':
        this.checkKeys(ins, ['dimensions']);
        return { kind: 'broadcast_in_dim', broadcast_dimensions: this.listAttr(ins, 'dimensions') };
      case 'transpose':
        this.checkKeys(ins, ['dimensions']);
        return { kind: 'transpose', permutation: this.listAttr(ins, 'dimensions') };
      case 'concatenate': {
        this.checkKeys(ins, ['dimensions']);
        const d = this.listAttr(ins, 'dimensions');
        if (d.length !== 1)
          textError('attribute', ins.line, `concatenate takes one dimension; got {${d.join(',')}}`);
        return { kind: 'concatenate', dimension: d[0] };
      }
      case 'slice':
        this.checkKeys(ins, ['slice']);
        return { kind: 'slice', ...this.sliceAttr(ins) };
      case 'dynamic_slice':
        this.checkKeys(ins, ['dynamic_slice_sizes']);
        return { kind: 'dynamic_slice', slice_sizes: this.listAttr(ins, 'dynamic_slice_sizes') };
      case 'compare': {
        this.checkKeys(ins, ['direction', 'type']);
        const dir = this.wordAttr(ins, 'direction');
        if (!dir || !['EQ', 'NE', 'GE', 'GT', 'LE', 'LT'].includes(dir))
          textError('attribute', ins.line, `compare needs direction=EQ|NE|GE|GT|LE|LT; got ${dir ?? 'none'}`);
        const type = this.wordAttr(ins, 'type');
        if (type !== undefined && !['FLOAT', 'TOTALORDER', 'SIGNED', 'UNSIGNED'].includes(type))
          textError(
            'attribute',
            ins.line,
            `compare type=${type}: expected FLOAT, TOTALORDER, SIGNED or UNSIGNED`,
          );
        return {
          kind: 'compare',
          comparison_direction: dir as never,
          ...(type === undefined ? {} : { compare_type: type as never }),
        };
      }
      case 'reduce': {
        this.checkKeys(ins, ['dimensions', 'to_apply']);
        const fn = this.nameAttr(ins, 'to_apply');
        return {
          kind: 'reduce',
          dimensions: this.listAttr(ins, 'dimensions'),
          body: this.region(fn, ins.line),
        };
      }
      case 'gather': {
        this.checkKeys(ins, [...GATHER_DIMENSION_FIELDS, 'slice_sizes', 'indices_are_sorted']);
        return {
          kind: 'gather',
          dimension_numbers: {
            offset_dims: this.listAttr(ins, 'offset_dims', true),
            collapsed_slice_dims: this.listAttr(ins, 'collapsed_slice_dims', true),
            operand_batching_dims: this.listAttr(ins, 'operand_batching_dims', true),
            start_indices_batching_dims: this.listAttr(ins, 'start_indices_batching_dims', true),
            start_index_map: this.listAttr(ins, 'start_index_map', true),
            index_vector_dim: this.intAttr(ins, 'index_vector_dim', operands[1]?.shape.length ?? 0),
            slice_sizes: this.listAttr(ins, 'slice_sizes'),
            indices_are_sorted: this.boolAttr(ins, 'indices_are_sorted'),
          },
          options: specGatherOptions(operands[0]?.dtype ?? 'float32'),
        };
      }
      case 'pad': {
        // padding=low_high[_interior] per dimension, joined by x: `1_2_0x0_-1_1`.
        this.checkKeys(ins, ['padding']);
        const dims = this.packedAttr(ins, 'padding');
        return {
          kind: 'pad',
          edge_padding_low: dims.map((d) => d[0]),
          edge_padding_high: dims.map((d) => d[1]),
          interior_padding: dims.map((d) => d[2] ?? 0),
        };
      }
      case 'reduce_window': {
        this.checkKeys(ins, ['window', 'to_apply']);
        const w = this.windowAttr(ins, operands[0]?.shape.length ?? 0);
        return {
          kind: 'reduce_window',
          window_dimensions: w.size,
          window_strides: w.stride,
          base_dilations: w.lhs_dilate,
          window_dilations: w.rhs_dilate,
          padding: w.pad,
          body: this.region(this.nameAttr(ins, 'to_apply'), ins.line),
        };
      }
      case 'select_and_scatter': {
        this.checkKeys(ins, ['window', 'select', 'scatter']);
        const w = this.windowAttr(ins, operands[0]?.shape.length ?? 0);
        if (![...w.lhs_dilate, ...w.rhs_dilate].every((d) => d === 1))
          textError('attribute', ins.line, 'select-and-scatter takes no window dilation other than 1');
        return {
          kind: 'select_and_scatter',
          window_dimensions: w.size,
          window_strides: w.stride,
          padding: w.pad,
          select: this.region(this.nameAttr(ins, 'select'), ins.line),
          // XLA applies `scatter(source, element)`; the IR folds `scatter(element, source)`.
          scatter: swapParams(this.region(this.nameAttr(ins, 'scatter'), ins.line)),
        };
      }
      case 'scatter': {
        this.checkKeys(ins, [
          ...SCATTER_DIMENSION_FIELDS,
          'indices_are_sorted',
          'unique_indices',
          'to_apply',
        ]);
        const n = (ids.length - 1) / 2;
        const body = this.region(this.nameAttr(ins, 'to_apply'), ins.line);
        const reducer = reducerOf(body);
        return {
          kind: 'scatter',
          dimension_numbers: {
            update_window_dims: this.listAttr(ins, 'update_window_dims', true),
            inserted_window_dims: this.listAttr(ins, 'inserted_window_dims', true),
            input_batching_dims: this.listAttr(ins, 'input_batching_dims', true),
            scatter_indices_batching_dims: this.listAttr(ins, 'scatter_indices_batching_dims', true),
            scatter_dims_to_operand_dims: this.listAttr(ins, 'scatter_dims_to_operand_dims', true),
            index_vector_dim: this.intAttr(ins, 'index_vector_dim', operands[n]?.shape.length ?? 0),
            indices_are_sorted: this.boolAttr(ins, 'indices_are_sorted'),
            unique_indices: this.boolAttr(ins, 'unique_indices'),
          },
          body,
          ...(reducer ? { reducer } : {}),
          options: xlaScatterOptions(),
        };
      }
      case 'call': {
        this.checkKeys(ins, ['to_apply']);
        const callee = this.nameAttr(ins, 'to_apply');
        if (!this.comps.has(callee))
          textError('unknown_function', ins.line, `call to_apply=${callee}: no such computation`);
        this.func(callee);
        return { kind: 'call', callee };
      }
      case 'reshape':
      case 'convert':
      case 'bitcast_convert':
      case 'select':
      case 'clamp':
      case 'complex':
      case 'dynamic_update_slice':
        this.checkKeys(ins, []);
        return { kind: name } as OpAttrs;
      default:
        if (BINARY.has(name) || UNARY.has(name)) {
          this.checkKeys(ins, []);
          return { kind: name as OpKind } as OpAttrs;
        }
        textError('unknown_op', ins.line, `HLO ${opcode} is not an op this library runs`, { op: opcode });
    }
  }

  /**
   * A packed value from the cursor (`3x1`, `0_1x0_0`, `1_2_0x0_-1_1`): per dimension (split at
   * `x`), its integers (split at `_`). The lexer cuts it into an int and an id; they are joined back.
   */
  private packed(key: string, line: number): number[][] {
    const c = this.c;
    // One word of the text: the tokens that touch (no space between them).
    const first = c.next();
    let text = first.text;
    let end = first.pos + first.text.length;
    while ((c.is('int') || c.is('id') || c.isP('-')) && c.peek().pos === end) {
      const t = c.next();
      text += t.text;
      end = t.pos + t.text.length;
    }
    if (!/^-?\d+(_-?\d+)*(x-?\d+(_-?\d+)*)*$/.test(text))
      textError(
        'attribute',
        line,
        `${key} must be integers joined by _ and x (e.g. 0_1x2_0); got ${JSON.stringify(text)}`,
      );
    const dims = text.split('x').map((d) => d.split('_').map(Number));
    if (dims.length > 64 || dims.some((d) => d.some((v) => !Number.isSafeInteger(v))))
      textError('attribute', line, `${key}=${text}: too many dimensions or an integer out of range`);
    return dims;
  }

  /** `padding=0_1x2_0` (pad). */
  private packedAttr(ins: Instr, key: string): number[][] {
    if (!this.at(ins, key)) textError('attribute', ins.line, `${ins.opcode} needs ${key}=…`, { key });
    return this.packed(key, ins.line);
  }

  /**
   * `window={size=2x2 stride=2x1 pad=0_1x0_0 lhs_dilate=1x2 rhs_dilate=1x1}` (absent fields:
   * stride and dilations 1, pad 0); lhs_dilate is reduce_window's base_dilations, rhs_dilate its
   * window_dilations.
   */
  private windowAttr(ins: Instr, rank: number) {
    const c = this.at(ins, 'window');
    const ones = () => Array<number>(rank).fill(1);
    const w = {
      size: ones(),
      stride: ones(),
      lhs_dilate: ones(),
      rhs_dilate: ones(),
      pad: Array.from({ length: rank }, () => [0, 0]),
    };
    if (!c) return w;
    c.expectP('{', '"{" for window');
    while (!c.eatP('}')) {
      const key = c.expect(
        'id',
        undefined,
        'a window field (size, stride, pad, lhs_dilate, rhs_dilate)',
      ).text;
      c.expectP('=', `"=" after ${key}`);
      const dims = this.packed(`window ${key}`, ins.line);
      if (key === 'pad') w.pad = dims;
      else if (key === 'size' || key === 'stride' || key === 'lhs_dilate' || key === 'rhs_dilate')
        w[key] = dims.map((d) => d[0]);
      else
        textError(
          'attribute',
          ins.line,
          `window has no field ${key} (size, stride, pad, lhs_dilate, rhs_dilate)`,
        );
    }
    return w;
  }

  /** `slice={[0:2], [1:3:1]}`. */
  private sliceAttr(ins: Instr): { start_indices: number[]; limit_indices: number[]; strides: number[] } {
    const c = this.at(ins, 'slice') as Cursor;
    const out = { start_indices: [] as number[], limit_indices: [] as number[], strides: [] as number[] };
    c.expectP('{', '"{" for slice');
    const int = () => {
      const neg = c.eatP('-');
      return Number(c.expect('int', undefined, 'an integer in slice').text) * (neg ? -1 : 1);
    };
    if (c.eatP('}')) return out;
    for (;;) {
      c.expectP('[', '"[start:limit]" in slice');
      out.start_indices.push(int());
      c.expectP(':');
      out.limit_indices.push(int());
      out.strides.push(c.eatP(':') ? int() : 1);
      c.expectP(']');
      if (out.start_indices.length > 64) textError('attribute', ins.line, 'a slice of rank above 64');
      if (c.eatP('}')) return out;
      c.expectP(',', '"," or "}" in slice');
    }
  }
}

function flatShapes(s: Shape, line: number): TensorType[] {
  if (!isTuple(s)) return [s];
  return s.tuple.map((t) => {
    if (isTuple(t)) textError('hlo', line, 'nested tuple results are not supported');
    return t;
  });
}

/** Reads XLA HLO text into a module (before verification). */
export function readHlo(text: string, firstLine = 1): ReadText {
  return new HloReader(lex(text, { hlo: true, line: firstLine })).read();
}

/** A two-parameter region with its parameters swapped: `f(a, b)` becomes `g(b, a)`. */
function swapParams(body: Body): Body {
  if (body.params.length !== 2) return body; // the verifier names the wrong arity
  const swap = (id: ValueId) => (id < 2 ? 1 - id : id);
  return {
    params: [body.params[1], body.params[0]],
    ops: body.ops.map((op) => ({ ...op, operands: op.operands.map(swap) }) as Op),
    returns: body.returns.map(swap),
  };
}

/**
 * XLA's reduce-window skips padding and base-dilation holes (hlo_evaluator.cc, the CPU and GPU
 * emitters: only operand positions are folded); the spec pads with the init value and folds it in.
 * The two agree when the init value is a constant identity of the body (add 0, multiply 1,
 * maximum -inf or the type's least value, minimum +inf or its greatest) — what JAX and TensorFlow
 * emit. Any other reduce-window that reaches past its operand is refused (`stablehlo_text.hlo`)
 * rather than run as the spec, which would be another answer than XLA's.
 */
function foldsPadding(op: Extract<Op, { kind: 'reduce_window' }>, ops: readonly Op[], nParams: number): void {
  const padded = op.padding.some(([lo, hi]) => lo > 0 || hi > 0) || op.base_dilations.some((b) => b > 1);
  if (!padded) return;
  const reducer = reducerOf(op.body);
  const n = op.operands.length / 2;
  const inits = op.operands.slice(n).map((id) => constantBefore(ops, id, nParams));
  const init = n === 1 ? inits[0] : undefined;
  if (init !== undefined && reducer !== undefined && IDENTITY_REDUCERS.has(reducer)) {
    const v = init.toFlatArray()[0];
    const id = reducerIdentity(reducer, init.dtype);
    if (typeof id === 'bigint' ? BigInt(v as bigint) === id : Number(v) === id) return;
  }
  textError(
    'hlo',
    op.loc?.line,
    'reduce-window with padding or base dilation and an init value that is not a constant identity of its body: ' +
      'XLA skips padding positions where the StableHLO spec folds the init value in, so the two give different answers; ' +
      'not run',
  );
}

const IDENTITY_REDUCERS = new Set<ReducerName>(['add', 'mul', 'min', 'max']);

/** The constant tensor value `id` names in a body being built (params first, then op results). */
function constantBefore(ops: readonly Op[], id: ValueId, nParams: number): Tensor | undefined {
  let next = nParams;
  for (const op of ops) {
    if (id < next + op.results.length) return id === next && op.kind === 'constant' ? op.value : undefined;
    next += op.results.length;
  }
  return undefined;
}
