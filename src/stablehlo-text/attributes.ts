/**
 * MLIR attributes as written — `[1, 2]`, `array<i64: 1, 2>`, `dense<[1, 2]> : tensor<2xi64>`,
 * `dense<1> : tensor<2xi64>` (a splat: [1, 1]), `#stablehlo.gather<offset_dims = [1], …>`,
 * `#stablehlo<comparison_direction LT>`, `1 : i64`, `"text"`, `@sym`, `{k = v}` — and the
 * readers that turn them into the values an op needs, with a typed error naming the attribute
 * and its line when they do not fit.
 */
import type { TensorType } from '../ir/program.js';
import { MAX_RANK, type Tensor } from '../tensor/tensor.js';
import { type Cursor, describe } from './cursor.js';
import { type DenseLit, type Elem, literalTensor, readElem, readLiteral } from './dense.js';
import { textError } from './diagnostics.js';
import type { TypeToken } from './lexer.js';
import { tensorTypeOf } from './types.js';

/** An attribute value read from the text, with the line it starts on. */
export type Attr = (
  | { readonly k: 'num'; readonly elem: Elem; readonly type?: string }
  | { readonly k: 'bool'; readonly v: boolean }
  | { readonly k: 'str'; readonly v: string }
  | { readonly k: 'unit' }
  | { readonly k: 'list'; readonly items: readonly Attr[] }
  | { readonly k: 'array'; readonly element: string; readonly items: readonly Elem[] }
  | { readonly k: 'dense'; readonly lit: DenseLit; readonly type: TensorType }
  | { readonly k: 'dict'; readonly entries: ReadonlyMap<string, Attr> }
  | {
      /** `#name<k = v, …>` (entries), `#name<word …>` (words), or a reference `#name`. */
      readonly k: 'alias';
      readonly name: string;
      readonly entries?: ReadonlyMap<string, Attr>;
      readonly words?: readonly string[];
    }
  | { readonly k: 'sym'; readonly name: string }
  | { readonly k: 'id'; readonly name: string }
  | { readonly k: 'type'; readonly type: TensorType }
  | { readonly k: 'ftype'; readonly inputs: readonly TensorType[]; readonly results: readonly TensorType[] }
  /** Something read only to be skipped (an unknown discardable attribute's value). */
  | { readonly k: 'other'; readonly what: string }
) & { readonly line: number };

/** Scalar type names that may follow a number: `1 : i64`, `1.0e-4 : f64`. */
const SCALAR_TYPE = /^(?:[su]?i\d+|f\d+|bf16|index)$/;

/** Reads one attribute value at the cursor. */
export function readAttr(c: Cursor): Attr {
  const t = c.peek();
  const line = t.line;
  c.enter('an attribute');
  try {
    if (t.kind === 'p' && t.text === '[') {
      c.next();
      const items: Attr[] = [];
      if (!c.eatP(']')) {
        for (;;) {
          items.push(readAttr(c));
          if (c.eatP(']')) break;
          c.expectP(',', '"," or "]" in a list');
        }
      }
      return { k: 'list', items, line };
    }
    if (t.kind === 'p' && t.text === '{') return { k: 'dict', entries: readAttrDict(c), line };
    if (t.kind === 'int' || t.kind === 'float' || (t.kind === 'p' && (t.text === '-' || t.text === '+'))) {
      const elem = readElem(c);
      return { k: 'num', elem, ...numberType(c), line };
    }
    if (t.kind === 'str') {
      c.next();
      // `"…" : type` typed strings: the type is read and dropped
      if (c.isP(':') && c.peekAt(1).kind === 'id' && SCALAR_TYPE.test(c.peekAt(1).text)) {
        c.next();
        c.next();
      }
      return { k: 'str', v: t.text, line };
    }
    if (t.kind === 'sym') {
      c.next();
      if (c.isP(':') && c.peekAt(1).kind === 'p' && c.peekAt(1).text === ':')
        textError('attribute', line, 'nested symbol references (@a::@b) are not supported');
      return { k: 'sym', name: t.text, line };
    }
    if (t.kind === 'type') {
      c.next();
      return { k: 'type', type: tensorTypeOf(t.type as TypeToken, line), line };
    }
    if (t.kind === 'hash') return readAlias(c);
    if (t.kind === 'id') {
      const w = t.text;
      const u = c.peekAt(1);
      const angle = u.kind === 'p' && u.text === '<';
      if (w === 'true' || w === 'false') {
        c.next();
        return { k: 'bool', v: w === 'true', line };
      }
      if (w === 'unit') {
        c.next();
        return { k: 'unit', line };
      }
      if (w === 'dense' && angle) return readDense(c);
      if (w === 'array' && angle) return readArray(c);
      if (w === 'inf' || w === 'nan') {
        const elem = readElem(c);
        return { k: 'num', elem, ...numberType(c), line };
      }
      if (angle) {
        // dense_resource<…>, affine_map<…>, sparse<…>: read past, meaning unknown
        c.next();
        c.skipGroup();
        return { k: 'other', what: w, line };
      }
      c.next();
      return { k: 'id', name: w, line };
    }
    if (t.kind === 'p' && t.text === '(') {
      // a function type: `function_type = (tensor<…>) -> tensor<…>`
      const f = readFunctionType(c);
      return { k: 'ftype', ...f, line };
    }
    if (t.kind === 'bang') {
      c.next();
      if (c.isP('<')) c.skipGroup();
      return { k: 'other', what: `!${t.text}`, line };
    }
    c.fail(`expected an attribute value; got ${describe(t)}`);
  } finally {
    c.leave();
  }
}

/** A tensor type at the cursor. */
export function readType(c: Cursor, what = 'a tensor type'): TensorType {
  const t = c.next();
  if (t.kind !== 'type') textError('type', t.line, `expected ${what} (tensor<…>); got ${describe(t)}`);
  return tensorTypeOf(t.type as TypeToken, t.line);
}

/** `T, T, …` (at least one). */
export function readTypeList(c: Cursor): TensorType[] {
  const out = [readType(c)];
  while (c.isP(',') && c.peekAt(1).kind === 'type') {
    c.next();
    out.push(readType(c));
  }
  return out;
}

/** `(T, …) -> T` or `(T, …) -> (T, …)`. */
export function readFunctionType(c: Cursor): { inputs: TensorType[]; results: TensorType[] } {
  c.expectP('(', '"(" to start a function type');
  const inputs = c.isP(')') ? [] : readTypeList(c);
  c.expectP(')', '")" to close the operand types');
  c.expectP('->', '"->" in a function type');
  let results: TensorType[];
  if (c.eatP('(')) {
    results = c.isP(')') ? [] : readTypeList(c);
    c.expectP(')', '")" to close the result types');
  } else results = [readType(c)];
  return { inputs, results };
}

function numberType(c: Cursor): { type?: string } {
  if (c.isP(':') && c.peekAt(1).kind === 'id' && SCALAR_TYPE.test(c.peekAt(1).text)) {
    c.next();
    return { type: c.next().text };
  }
  return {};
}

/** `dense<…> : tensor<…>` (the type is required: it gives the shape a splat fills). */
function readDense(c: Cursor): Attr {
  const line = c.next().line; // dense
  c.expectP('<');
  let lit: DenseLit;
  if (c.isP('>')) lit = { kind: 'list', shape: [0], elems: [], line };
  else lit = readLiteral(c, '[', ']');
  c.expectP('>', '">" to close dense<…>');
  c.expectP(':', 'the type of a dense literal (": tensor<…>")');
  const t = c.next();
  if (t.kind !== 'type')
    textError('type', t.line, `expected a tensor type after dense<…> :; got ${describe(t)}`);
  const type = tensorTypeOf(t.type as TypeToken, t.line);
  if (lit.kind === 'list' && lit.elems.length === 0 && lit.shape.length === 1 && lit.shape[0] === 0)
    lit = { ...lit, shape: type.shape.some((d) => d === 0) ? type.shape : lit.shape };
  return { k: 'dense', lit, type, line };
}

/** `array<i64: 1, 2>` / `array<i64>` / `array<i1: true>`. */
function readArray(c: Cursor): Attr {
  const line = c.next().line; // array
  c.expectP('<');
  const element = c.expect('id', undefined, 'the element type of array<…>').text;
  const items: Elem[] = [];
  if (c.eatP(':')) {
    for (;;) {
      items.push(readElem(c));
      if (items.length > 1 << 20) textError('attribute', line, 'an array<…> of more than 2^20 entries');
      if (!c.eatP(',')) break;
    }
  }
  c.expectP('>', '"," or ">" in array<…>');
  return { k: 'array', element, items, line };
}

/** `#name`, `#name<k = v, …>` or `#name<word word …>` / `#name<"word word">`. */
function readAlias(c: Cursor): Attr {
  const t = c.next();
  const line = t.line;
  if (!c.isP('<')) return c.aliases.get(t.text) ?? { k: 'alias', name: t.text, line };
  c.next();
  // entries: `id = value` (trailing comma allowed)
  if (c.peek().kind === 'id' && c.peekAt(1).kind === 'p' && c.peekAt(1).text === '=') {
    const entries = new Map<string, Attr>();
    for (;;) {
      if (c.eatP('>')) break;
      const key = c.expect('id', undefined, `a key in #${t.text}<…>`);
      c.expectP('=');
      if (entries.has(key.text)) textError('attribute', key.line, `${key.text} given twice in #${t.text}<…>`);
      entries.set(key.text, readAttr(c));
      if (c.eatP('>')) break;
      c.expectP(',', `"," or ">" in #${t.text}<…>`);
    }
    return { k: 'alias', name: t.text, entries, line };
  }
  // words (`#stablehlo<comparison_direction LT>`), or a body of its own syntax (`#stablehlo.conv<[b, 0, f]x…>`): opaque
  const start = c.index - 1;
  const words: string[] = [];
  let opaque = false;
  for (;;) {
    const u = c.peek();
    if (u.kind === 'p' && u.text === '>') {
      c.next();
      break;
    }
    if (u.kind === 'eof') textError('syntax', line, `#${t.text}<… is not closed`);
    if (u.kind === 'id' || u.kind === 'int') words.push(c.next().text);
    else if (u.kind === 'str')
      words.push(
        ...c
          .next()
          .text.split(/\s+/)
          .filter((w) => w.length > 0),
      );
    else {
      opaque = true;
      c.seek(start);
      c.skipGroup();
      break;
    }
  }
  if (opaque || words.length > 16) return { k: 'other', what: `#${t.text}<…>`, line };
  return { k: 'alias', name: t.text, words, line };
}

/** `{key = value, unit_key, "quoted.key" = value}` at the cursor. */
export function readAttrDict(c: Cursor, open = '{', close = '}'): Map<string, Attr> {
  const start = c.expectP(open);
  const entries = new Map<string, Attr>();
  c.enter('an attribute dictionary');
  try {
    if (c.eatP(close)) return entries;
    for (;;) {
      const k = c.next();
      if (k.kind !== 'id' && k.kind !== 'str')
        textError('syntax', k.line, `expected an attribute name; got ${describe(k)}`);
      let v: Attr = { k: 'unit', line: k.line };
      if (c.eatP('=')) v = readAttr(c);
      if (entries.has(k.text)) textError('attribute', k.line, `attribute ${k.text} given twice`);
      entries.set(k.text, v);
      if (c.eatP(close)) return entries;
      c.expectP(',', `"," or "${close}" in the attributes opened on line ${start.line}`);
    }
  } finally {
    c.leave();
  }
}

// ---------------------------------------------------------------------------------------------
// Readers of attribute values

function kindOf(a: Attr): string {
  switch (a.k) {
    case 'num':
      return `the number ${a.elem.t === 'int' || a.elem.t === 'float' ? `${a.elem.neg ? '-' : ''}${a.elem.text}` : ''}`;
    case 'str':
      return `the string ${JSON.stringify(a.v.slice(0, 40))}`;
    case 'id':
      return `${JSON.stringify(a.name)}`;
    case 'alias':
      return `#${a.name}`;
    case 'other':
      return a.what;
    default:
      return `a ${a.k}`;
  }
}

/** A safe integer from an integer element, or a typed error naming `key`. */
function elemInt(e: Elem, key: string, line: number): number {
  if (e.t !== 'int')
    textError(
      'attribute',
      line,
      `${key} must hold integers; got ${e.t === 'float' ? e.text : String((e as { v: unknown }).v)}`,
    );
  const v = Number(BigInt(e.text)) * (e.neg ? -1 : 1);
  if (!Number.isSafeInteger(v)) textError('attribute', line, `${key}: ${e.text} is not a safe integer`);
  return v;
}

/** An integer: `1`, `1 : i64`. */
export function intAttr(a: Attr, key: string): number {
  if (a.k === 'num') return elemInt(a.elem, key, a.line);
  if (a.k === 'dense' && a.type.shape.length === 0) return intList(a, key)[0];
  textError('attribute', a.line, `${key} must be an integer; got ${kindOf(a)}`, { key });
}

/** A float: `1.0e-4`, `1.0e-4 : f64`, `3`. */
export function floatAttr(a: Attr, key: string): number {
  if (a.k === 'num') {
    const e = a.elem;
    if (e.t === 'special') return e.v;
    if (e.t === 'int' || e.t === 'float') return Number(e.text) * (e.neg ? -1 : 1);
  }
  textError('attribute', a.line, `${key} must be a number; got ${kindOf(a)}`, { key });
}

/** `true` / `false` (and a unit attribute: present means true). */
export function boolAttr(a: Attr, key: string): boolean {
  if (a.k === 'bool') return a.v;
  if (a.k === 'unit') return true;
  textError('attribute', a.line, `${key} must be true or false; got ${kindOf(a)}`, { key });
}

/**
 * An integer list: `[1, 2]`, `array<i64: 1, 2>`, `dense<[1, 2]> : tensor<2xi64>` and the splat
 * `dense<1> : tensor<2xi64>` (= [1, 1]). At most MAX_RANK entries unless `max` says otherwise.
 */
export function intList(a: Attr, key: string, max = MAX_RANK): number[] {
  let out: number[];
  if (a.k === 'list') out = a.items.map((x) => intAttr(x, key));
  else if (a.k === 'array') {
    if (!/^[su]?i\d+$/.test(a.element))
      textError('attribute', a.line, `${key} must be array<i64: …>; got array<${a.element}>`);
    out = a.items.map((e) => elemInt(e, key, a.line));
  } else if (a.k === 'dense') {
    if (a.type.shape.length > 1)
      textError('attribute', a.line, `${key} must be a 1-D list; got a rank-${a.type.shape.length} literal`);
    if (a.type.dtype === 'bool' || a.type.dtype.startsWith('float'))
      textError('attribute', a.line, `${key} must hold integers; got a ${a.type.dtype} literal`);
    if ((a.type.shape[0] ?? 1) > max) textError('attribute', a.line, `${key} has more than ${max} entries`);
    const t = literalTensor(a.lit, a.type);
    out = Array.from(t.data as ArrayLike<number | bigint>, (v) => Number(v));
  } else textError('attribute', a.line, `${key} must be an integer list; got ${kindOf(a)}`, { key });
  if (out.length > max) textError('attribute', a.line, `${key} has more than ${max} entries`);
  return out;
}

/** A dense constant: `dense<…> : tensor<…>`. */
export function denseAttr(a: Attr, key: string): Tensor {
  if (a.k !== 'dense')
    textError('attribute', a.line, `${key} must be dense<…> : tensor<…>; got ${kindOf(a)}`, { key });
  return literalTensor(a.lit, a.type);
}

/** A string: `"…"`. */
export function strAttr(a: Attr, key: string): string {
  if (a.k === 'str') return a.v;
  textError('attribute', a.line, `${key} must be a string; got ${kindOf(a)}`, { key });
}

/**
 * An enum value as any StableHLO/MHLO version prints it: `LT`, `#stablehlo<comparison_direction
 * LT>`, `#stablehlo.comparison_direction<LT>`, `#mhlo<"comparison_direction LT">`, `"LT"`.
 */
export function enumAttr(a: Attr, key: string, allowed: readonly string[]): string {
  let w: string | undefined;
  if (a.k === 'id') w = a.name;
  else if (a.k === 'str') w = a.v;
  else if (a.k === 'alias' && a.words) w = a.words[a.words.length - 1];
  if (w !== undefined && allowed.includes(w)) return w;
  textError(
    'attribute',
    a.line,
    `${key} must be one of ${allowed.join(', ')}; got ${w === undefined ? kindOf(a) : JSON.stringify(w)}`,
    {
      key,
    },
  );
}

/** The entries of `#stablehlo.<name><…>` or of an old-style `{…}` dictionary. */
export function structAttr(a: Attr, key: string, names: readonly string[]): ReadonlyMap<string, Attr> {
  if (a.k === 'alias' && a.entries) {
    const base = a.name.replace(/^(?:stablehlo|mhlo|xla_hlo)\./, '');
    if (names.includes(base)) return a.entries;
  }
  if (a.k === 'alias' && !a.entries && !a.words && names.length > 0 && a.name.startsWith(`${names[0]}`))
    textError(
      'attribute',
      a.line,
      `${key}: attribute aliases (#${a.name}) are not supported; write the attribute inline`,
    );
  if (a.k === 'dict') return a.entries;
  textError('attribute', a.line, `${key} must be #stablehlo.${names[0]}<…>; got ${kindOf(a)}`, { key });
}
