/**
 * "Paste a call": reads a NumPy / PyTorch / TensorFlow / JAX call as a user writes it in Python
 * — `torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 0], [1, 0]]))`, with
 * keyword arguments, `x = …` lines before the call, `import` lines ignored — into a registry op
 * and the explorer's call arguments. Literals only: lists, tuples, numbers, strings, booleans,
 * None, complex numbers (`1+2j`, `2j`, `complex(1, 2)`), tensor constructors (`torch.tensor`,
 * `np.array`, `tf.constant`, `jnp.array`, with `dtype=`), dtypes, and
 * `jax.lax.GatherDimensionNumbers(...)` / `ScatterDimensionNumbers(...)`.
 *
 * Which constructors exist, the dtypes each makes (torch: int64 / float32 / complex64, NumPy:
 * int64 / float64 / complex128, …) and the keyword names of each op's tensors (`input=`,
 * `index=`) are read from the frameworks' descriptions (src/frameworks, `DESCRIPTIONS_OF`).
 */
import { DESCRIPTIONS_OF, FRAMEWORKS, descriptionOf, wordsOf } from '../src/frameworks/index.js';
import type { Constructors } from '../src/frameworks/signature.js';
import type { CallArgs, OpEntry } from '../src/tables/registry.js';
import { type Complex, complex } from '../src/tensor/complex.js';
import { DTYPES, type DType, isComplex } from '../src/tensor/dtype.js';
import { assignment, construct, isIndexable, method, property, readSubscript, subscript } from './chains.js';
import type { NestedArray } from '../src/tensor/tensor.js';
import { TUPLE_ENTRIES } from './tuple-ops.js';

export class PasteError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(`${message} (at character ${offset + 1})`);
    this.name = 'PasteError';
    this.offset = offset;
  }
}

/** Longest paste read, in characters (a link's state holds no more either). */
export const MAX_PASTE_CHARS = 2 ** 21;
/** Most elements one pasted value may reach (lists count their items, shared ones each time). */
export const MAX_PASTE_ELEMENTS = 2 ** 20;
/** Deepest nesting of brackets, calls and unary signs: the parser recurses once per level. */
export const MAX_PASTE_DEPTH = 64;

/** `name in {}` without reaching Object.prototype: `constructor` or `__proto__` is never a key. */
function own<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Names no keyword argument or record field may take: they would reach Object.prototype. */
function checkKey(name: string, at: number): void {
  if (name in Object.prototype || name === 'prototype')
    throw new PasteError(`"${name}" cannot be a keyword argument here`, at);
}

/** `imag`: an imaginary literal (`2j`), its value without the `j`. */
type Tok = { t: 'name' | 'num' | 'imag' | 'str' | 'op' | 'nl'; v: string; at: number };

const NUM = /(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)([jJlL]?)/y;
const NAME = /[A-Za-z_][\w]*(?:\s*\.\s*[A-Za-z_]\w*)*/y;

function tokenize(src: string): Tok[] {
  if (src.length > MAX_PASTE_CHARS)
    throw new PasteError(`the paste is ${src.length} characters, more than ${MAX_PASTE_CHARS}`, 0);
  const out: Tok[] = [];
  let i = 0;
  let depth = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '\n' || c === ';') {
      if (depth === 0) out.push({ t: 'nl', v: '\n', at: i });
      i++;
      continue;
    }
    if (/\s/.test(c) || c === '\\') {
      i++;
      continue;
    }
    NUM.lastIndex = i;
    const num = NUM.exec(src);
    if (num) {
      // Python reads 2j as an imaginary number: complex(0.0, 2.0).
      const imag = num[2] === 'j' || num[2] === 'J';
      out.push({ t: imag ? 'imag' : 'num', v: num[1], at: i });
      i += num[0].length;
      continue;
    }
    // `.name` after a value (`torch.zeros(3, 5).scatter_`, `x.at[i].add`): an attribute.
    if (c === '.' && /[A-Za-z_]/.test(src[i + 1] ?? '')) {
      out.push({ t: 'op', v: '.', at: i });
      i++;
      continue;
    }
    NAME.lastIndex = i;
    const name = NAME.exec(src);
    if (name) {
      out.push({ t: 'name', v: name[0].replace(/\s+/g, ''), at: i });
      i += name[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\') j++;
        s += src[j++];
      }
      if (j >= src.length) throw new PasteError('unterminated string', i);
      out.push({ t: 'str', v: s, at: i });
      i = j + 1;
      continue;
    }
    if ('([{'.includes(c)) depth++;
    if (')]}'.includes(c)) depth = Math.max(0, depth - 1);
    if ('()[]{},=-+:*'.includes(c)) {
      out.push({ t: 'op', v: c, at: i });
      i++;
      continue;
    }
    throw new PasteError(`unexpected ${JSON.stringify(c)}`, i);
  }
  return out;
}

/** A value of the little Python subset. */
export type PyValue =
  | number
  | string
  | boolean
  | null
  | PyValue[]
  /** A Python complex number (`1+2j`). */
  | { readonly kind: 'complex'; readonly re: number; readonly im: number }
  | {
      readonly kind: 'tensor';
      readonly values: NestedArray;
      readonly dtype: DType;
      readonly explicit: boolean;
      /** The framework whose constructor made it (`torch`, `numpy`, …): its methods are that framework's. */
      readonly fw?: string;
    }
  | { readonly kind: 'subscript'; readonly target: PyValue; readonly items: PyValue[]; readonly at: number }
  | { readonly kind: 'at'; readonly target: PyValue; readonly items: PyValue[]; readonly at: number }
  | { readonly kind: 'dtype'; readonly dtype: DType }
  | { readonly kind: 'record'; readonly fields: Record<string, PyValue> }
  | {
      readonly kind: 'call';
      readonly fn: string;
      readonly args: PyValue[];
      readonly kwargs: [string, PyValue][];
      readonly at: number;
    };

/** The frameworks with Python constructors, each with its description's. */
const PYTHON: readonly (readonly [string, Constructors])[] = FRAMEWORKS.flatMap((fw) => {
  const c = DESCRIPTIONS_OF[fw].constructors;
  return c ? [[fw, c] as const] : [];
});

/**
 * Every value constructor by its canonical name (`torch.tensor`, `numpy.asarray`): the dtype it
 * always makes (`torch.LongTensor`), else null, and its framework's dtypes for the values.
 */
export const CONSTRUCTORS: Readonly<Record<string, { fixed: DType | null; dtypes: Constructors['dtypes'] }>> =
  Object.fromEntries(
    PYTHON.flatMap(([, c]) =>
      Object.entries(c.names).map(([name, fixed]) => [`${c.module}.${name}`, { fixed, dtypes: c.dtypes }]),
    ),
  );

/** The dtypes each module's array builders (`arange`, `zeros`) make, keyed `jax.numpy`, `torch`, …. */
export const BUILDER_DTYPES: Readonly<Record<string, Constructors['dtypes']>> = Object.fromEntries(
  PYTHON.map(([, c]) => [c.module, c.dtypes]),
);

/** The constructor each framework's code uses (`np.array`), its prefix and its default dtypes. */
export const CONSTRUCTOR_OF: Readonly<
  Record<string, { fn: string; prefix: string; int: DType; float: DType; complex: DType }>
> = Object.fromEntries(
  PYTHON.map(([fw, c]) => [
    fw,
    { fn: `${c.prefix}.${Object.keys(c.names)[0]}`, prefix: c.prefix, ...c.dtypes },
  ]),
);

/**
 * Module names as code writes them: each description's prefix (`np`, `tf`, `jnp`) and module,
 * and JAX's `lax` (its gathers and scatters live there, not beside `jnp.array`).
 */
const ALIAS: Readonly<Record<string, string>> = Object.fromEntries([
  ...PYTHON.flatMap(([, c]) => [
    [c.prefix, c.module],
    [c.module, c.module],
  ]),
  ['lax', 'jax.lax'],
  ['jax.lax', 'jax.lax'],
]);

/** `np.take` → `numpy.take`, `jnp.take` → `jax.numpy.take`, `tf.gather` → `tensorflow.gather`. */
export function canonicalName(fn: string): string {
  const parts = fn.split('.');
  for (let n = Math.min(2, parts.length - 1); n >= 1; n--) {
    const head = parts.slice(0, n).join('.');
    const alias = own(ALIAS, head);
    if (alias) return [alias, ...parts.slice(n)].join('.');
  }
  return fn;
}

const DTYPE_ALIAS: Record<string, DType> = {
  float: 'float32',
  double: 'float64',
  half: 'float16',
  long: 'int64',
  int: 'int32',
  short: 'int16',
  bool: 'bool',
  bool_: 'bool',
  uint8: 'uint8',
  // torch.cfloat / torch.cdouble, np.csingle / np.cdouble / np.complex_ (NumPy 1.24).
  cfloat: 'complex64',
  cdouble: 'complex128',
  csingle: 'complex64',
  complex_: 'complex128',
};

export function dtypeOf(name: string): DType | null {
  const last = name.split('.').pop() ?? '';
  if ((DTYPES as readonly string[]).includes(last)) return last as DType;
  if (name.includes('.')) return own(DTYPE_ALIAS, last) ?? null;
  return null;
}

function leaves(v: unknown): number {
  return Array.isArray(v) ? v.reduce((n: number, x) => n + leaves(x), 0) : 1;
}

function allBool(v: unknown): boolean {
  return Array.isArray(v) ? v.length > 0 && v.every(allBool) : typeof v === 'boolean';
}

function hasFloat(v: unknown): boolean {
  return Array.isArray(v) ? v.some(hasFloat) : typeof v === 'number' && !Number.isInteger(v);
}

const isComplexLeaf = (v: unknown): v is Complex =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && 're' in v;

function hasComplex(v: unknown): boolean {
  return Array.isArray(v) ? v.some(hasComplex) : isComplexLeaf(v);
}

/** The value of a Python number, or null for a value that is none. */
function asComplex(v: PyValue): { re: number; im: number } | null {
  if (typeof v === 'number') return { re: v, im: 0 };
  if (v && typeof v === 'object' && !Array.isArray(v) && v.kind === 'complex') return v;
  return null;
}

const pyComplex = (re: number, im: number): PyValue => ({ kind: 'complex', re, im });

/**
 * `a + b`, `a - b` of Python numbers: two reals stay real; with a complex, the real operand is
 * complex(a, 0.0) first, so `1 - 0j` is (1+0j) as in Python (0.0 - 0.0 = +0).
 */
function arith(a: PyValue, op: '+' | '-', b: PyValue, at: number): PyValue {
  const x = asComplex(a);
  const y = asComplex(b);
  if (!x || !y) throw new PasteError(`"${op}" between values that are not numbers`, at);
  if (typeof a === 'number' && typeof b === 'number') return op === '+' ? a + b : a - b;
  return op === '+' ? pyComplex(x.re + y.re, x.im + y.im) : pyComplex(x.re - y.re, x.im - y.im);
}

/**
 * `complex(real, imag)` as CPython computes it: a real argument is used as is (so -0.0 keeps its
 * sign), a complex one adds its other part in (`complex(1j, 1j)` is (-1+1j)).
 */
function complexCall(args: readonly PyValue[], kw: Readonly<Record<string, PyValue>>, at: number): PyValue {
  const r = args[0] ?? kw.real ?? 0;
  const i = args[1] ?? kw.imag;
  if (typeof r === 'string') throw new PasteError('complex("…") is not read here; write 1+2j', at);
  const x = asComplex(r);
  const y = asComplex(i ?? 0);
  if (!x || !y) throw new PasteError('complex(real, imag) takes numbers', at);
  const rComplex = typeof r !== 'number';
  if (i === undefined) return pyComplex(x.re, x.im);
  return pyComplex(typeof i === 'number' ? x.re : x.re - y.im, rComplex ? y.re + x.im : y.re);
}

/**
 * The Python tuples read, `(i, j)` as against lists `[i, j]`: in `x[(0, 1)]` and
 * `np.add.at(x, (i, j), v)` a tuple is an index tuple, a list one index array.
 */
const TUPLES = new WeakSet<PyValue[]>();

export function isTuple(v: PyValue | undefined): v is PyValue[] {
  return Array.isArray(v) && TUPLES.has(v);
}

/** Elements of each list, tensor, record and call built (a primitive counts 1). */
const SIZES = new WeakMap<object, number>();

function sizeOf(v: PyValue | undefined): number {
  return v !== null && typeof v === 'object' ? (SIZES.get(v) ?? 1) : 1;
}

/**
 * Records `v` as holding the elements of `parts` and refuses it above MAX_PASTE_ELEMENTS: a
 * list may repeat one variable (`a1 = [a0, a0]`), so a short paste can ask for 2^24 elements.
 */
function sized<T extends PyValue & object>(v: T, parts: readonly (PyValue | undefined)[], at: number): T {
  let n = 0;
  for (const p of parts) n += sizeOf(p);
  if (n > MAX_PASTE_ELEMENTS)
    throw new PasteError(`this value has ${n} elements, more than the explorer's ${MAX_PASTE_ELEMENTS}`, at);
  SIZES.set(v, Math.max(1, n));
  return v;
}

class Parser {
  private i = 0;
  private depth = 0;
  /** Float literals (`1.`, `2e3`) seen so far: a constructor of `[1., 2.]` makes floats. */
  private floats = 0;
  readonly vars = new Map<string, PyValue>();
  constructor(private readonly toks: Tok[]) {}

  private peek(): Tok | undefined {
    return this.toks[this.i];
  }
  private next(): Tok {
    const t = this.toks[this.i++];
    if (!t) throw new PasteError('unexpected end of input', this.toks.at(-1)?.at ?? 0);
    return t;
  }
  private expect(v: string): void {
    const t = this.next();
    if (t.v !== v) throw new PasteError(`expected "${v}", got "${t.v}"`, t.at);
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return t?.t === 'op' && t.v === v;
  }

  /** Statements; returns the last expression statement's value. */
  program(): PyValue {
    let last: PyValue | undefined;
    let lastAt = 0;
    while (this.peek()) {
      const t = this.peek()!;
      if (t.t === 'nl') {
        this.i++;
        continue;
      }
      if (t.t === 'name' && (t.v === 'import' || t.v === 'from')) {
        while (this.peek() && this.peek()!.t !== 'nl') this.i++;
        continue;
      }
      if (t.t === 'name' && !t.v.includes('.') && this.toks[this.i + 1]?.v === '=') {
        this.i += 2;
        this.vars.set(t.v, this.expr());
        continue;
      }
      lastAt = t.at;
      last = this.expr();
      if (this.isOp('=')) {
        // `x[i] = v`: an indexed assignment, read as the framework's scatter (chains.ts).
        this.i++;
        last = assignment(last, this.expr(), t.at);
      }
      const after = this.peek();
      if (after && after.t !== 'nl') throw new PasteError(`unexpected "${after.v}"`, after.at);
    }
    if (last === undefined) throw new PasteError('no call found', lastAt);
    return last;
  }

  expr(): PyValue {
    const at = this.peek()?.at ?? 0;
    this.enter(at);
    let v = this.term();
    // `1 + 2j`, `3 - 1j`: sums of numbers (Python's complex literals are such sums).
    while ((this.isOp('+') || this.isOp('-')) && asComplex(v)) {
      const op = this.next();
      v = arith(v, op.v as '+' | '-', this.signed(), op.at);
    }
    this.depth--;
    return v;
  }

  /** One more level of nesting; the parser recurses once per level. */
  private enter(at: number): void {
    if (++this.depth > MAX_PASTE_DEPTH)
      throw new PasteError(`nested more than ${MAX_PASTE_DEPTH} levels deep`, at);
  }

  /** A term after a unary sign, which binds tighter than `+` (`-1+2j` is (-1)+2j). */
  private signed(): PyValue {
    this.enter(this.peek()?.at ?? 0);
    const v = this.term();
    this.depth--;
    return v;
  }

  private term(): PyValue {
    let v = this.primary();
    // Postfix: `.method(...)`, `.at[...]`, `[...]` subscripts, in any chain.
    for (;;) {
      if (this.isOp('.')) {
        this.i++;
        const name = this.next();
        if (name.t !== 'name') throw new PasteError(`expected a name after ".", got "${name.v}"`, name.at);
        v = this.attribute(v, name);
      } else if (this.isOp('[') && isIndexable(v)) {
        const at = this.next().at;
        v = subscript(v, this.items(']'), at);
      } else return v;
    }
  }

  /** `x.name…` with x a value: each dotted part in turn; the last may be called. */
  private attribute(v: PyValue, name: Tok): PyValue {
    const parts = name.v.split('.');
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k];
      const last = k === parts.length - 1;
      if (last && this.isOp('(')) {
        this.expect('(');
        const { args, kwargs } = this.arguments();
        return method(v, part, args, kwargs, name.at);
      }
      v = property(v, part, name.at);
    }
    return v;
  }

  /** Comma-separated expressions up to `close` (consumed). */
  private items(close: string): PyValue[] {
    const items: PyValue[] = [];
    while (!this.isOp(close)) {
      items.push(this.expr());
      if (this.isOp(',')) this.i++;
      else break;
    }
    this.expect(close);
    return items;
  }

  /** A call's arguments after "(" up to ")" (consumed). */
  private arguments(): { args: PyValue[]; kwargs: [string, PyValue][] } {
    const args: PyValue[] = [];
    const kwargs: [string, PyValue][] = [];
    while (!this.isOp(')')) {
      const t = this.peek();
      if (t?.t === 'name' && !t.v.includes('.') && this.toks[this.i + 1]?.v === '=') {
        checkKey(t.v, t.at);
        this.i += 2;
        kwargs.push([t.v, this.expr()]);
      } else {
        if (kwargs.length) throw new PasteError('positional argument after a keyword argument', t?.at ?? 0);
        args.push(this.expr());
      }
      if (this.isOp(',')) this.i++;
      else break;
    }
    this.expect(')');
    return { args, kwargs };
  }

  private primary(): PyValue {
    const t = this.next();
    if (t.t === 'op' && t.v === '-') {
      const v = this.signed();
      const c = typeof v === 'number' ? null : asComplex(v);
      if (c) return pyComplex(-c.re, -c.im);
      if (typeof v !== 'number') throw new PasteError('"-" before a non-number', t.at);
      return -v;
    }
    if (t.t === 'op' && t.v === '+') return this.signed();
    if (t.t === 'num') {
      if (/[.eE]/.test(t.v)) this.floats++;
      return Number(t.v);
    }
    if (t.t === 'imag') return pyComplex(0, Number(t.v));
    if (t.t === 'str') return t.v;
    if (t.t === 'op' && (t.v === '[' || t.v === '(')) {
      const close = t.v === '[' ? ']' : ')';
      const items: PyValue[] = [];
      let tuple1 = false;
      while (!this.isOp(close)) {
        items.push(this.expr());
        if (this.isOp(',')) {
          this.i++;
          tuple1 = true;
        } else break;
      }
      this.expect(close);
      if (t.v === '(' && items.length === 1 && !tuple1) return items[0];
      if (t.v === '(') TUPLES.add(items);
      return sized(items, items, t.at);
    }
    if (t.t === 'name') {
      if (t.v === 'True') return true;
      if (t.v === 'False') return false;
      if (t.v === 'None') return null;
      const last = t.v.split('.').pop();
      if (last === 'nan' || last === 'NaN') return Number.NaN;
      if (last === 'inf' || last === 'Inf' || last === 'infty') return Number.POSITIVE_INFINITY;
      const head = t.v.split('.')[0];
      if (t.v.includes('.') && this.vars.has(head))
        return this.attribute(this.vars.get(head) as PyValue, { ...t, v: t.v.slice(head.length + 1) });
      if (this.isOp('(')) return this.call(t);
      if (this.vars.has(t.v)) return this.vars.get(t.v) as PyValue;
      const dt = dtypeOf(t.v);
      if (dt) return { kind: 'dtype', dtype: dt };
      throw new PasteError(`unknown name "${t.v}" (define it with ${t.v} = … first)`, t.at);
    }
    throw new PasteError(`unexpected "${t.v}"`, t.at);
  }

  private call(name: Tok): PyValue {
    this.expect('(');
    const args: PyValue[] = [];
    const kwargs: [string, PyValue][] = [];
    const floatsBefore = this.floats;
    let firstFloat = false;
    while (!this.isOp(')')) {
      const t = this.peek();
      if (t?.t === 'name' && !t.v.includes('.') && this.toks[this.i + 1]?.v === '=') {
        checkKey(t.v, t.at);
        this.i += 2;
        kwargs.push([t.v, this.expr()]);
      } else {
        if (kwargs.length) throw new PasteError('positional argument after a keyword argument', t?.at ?? 0);
        args.push(this.expr());
        if (args.length === 1) firstFloat = this.floats > floatsBefore;
      }
      if (this.isOp(',')) this.i++;
      else break;
    }
    this.expect(')');
    const fn = canonicalName(name.v);
    const kw = Object.fromEntries(kwargs);
    if (fn === 'float' && typeof args[0] === 'string')
      return Number(args[0].replace(/^(-?)inf.*/i, '$1Infinity'));
    if (fn === 'complex') return complexCall(args, kw, name.at);
    const parts = [...args, ...kwargs.map(([, v]) => v)];
    const ctor = own(CONSTRUCTORS, fn);
    if (ctor) {
      const values = toNested(args[0], name.at);
      const d = kw.dtype ?? args[1];
      const explicit = d && typeof d === 'object' && !Array.isArray(d) && d.kind === 'dtype' ? d.dtype : null;
      const str = typeof d === 'string' ? dtypeOf(d) : null;
      if (d !== undefined && d !== null && !explicit && !str)
        throw new PasteError(`${name.v}: dtype ${JSON.stringify(d)} is not a dtype`, name.at);
      const dtype = explicit ?? str ?? ctor.fixed ?? valuesDType(values, firstFloat, ctor.dtypes);
      // NumPy and PyTorch raise TypeError for complex values in a real dtype.
      if (!isComplex(dtype) && hasComplex(values))
        throw new PasteError(
          `${name.v}: a complex number cannot be an element of a ${dtype} tensor`,
          name.at,
        );
      return sized(
        {
          kind: 'tensor',
          values,
          dtype,
          explicit: Boolean(explicit ?? str),
          fw: fn.split('.').slice(0, -1).join('.'),
        },
        [args[0]],
        name.at,
      );
    }
    const built = construct(fn, args, kw, name.at);
    if (built) {
      SIZES.set(built, Math.max(1, leaves(built.values)));
      return built;
    }
    if (/(Gather|Scatter)DimensionNumbers$/.test(fn)) {
      const fields: Record<string, PyValue> = {};
      for (const [k, v] of kwargs) fields[k] = v;
      return sized({ kind: 'record', fields }, parts, name.at);
    }
    return sized({ kind: 'call', fn, args, kwargs, at: name.at }, parts, name.at);
  }
}

/**
 * The dtype a constructor gives values: bool for Python booleans in every framework
 * (`torch.tensor([True]).dtype == bool`), else the framework's complex, float or int dtype.
 */
function valuesDType(values: NestedArray, firstFloat: boolean, dtypes: Constructors['dtypes']): DType {
  if (allBool(values)) return 'bool';
  if (hasComplex(values)) return dtypes.complex;
  return firstFloat || hasFloat(values) ? dtypes.float : dtypes.int;
}

export function toNested(v: PyValue | undefined, at: number): NestedArray {
  if (typeof v === 'number' || typeof v === 'boolean') return v as unknown as NestedArray;
  if (v && typeof v === 'object' && !Array.isArray(v) && v.kind === 'complex') return complex(v.re, v.im);
  if (Array.isArray(v)) return v.map((x) => toNested(x, at)) as NestedArray;
  if (v && typeof v === 'object' && v.kind === 'tensor') return v.values;
  throw new PasteError('a tensor literal needs a (nested) list of numbers', at);
}

/** Plain JSON-able attribute values (tuples → arrays, records → objects). */
function plain(v: PyValue): unknown {
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object') {
    if (v.kind === 'record')
      return Object.fromEntries(Object.entries(v.fields).map(([k, x]) => [k, plain(x)]));
    if (v.kind === 'dtype') return v.dtype;
    if (v.kind === 'tensor') return v.values;
    if (v.kind === 'complex') return complex(v.re, v.im);
    if (v.kind === 'call') throw new PasteError(`a call (${v.fn}) cannot be an attribute`, v.at);
    throw new PasteError('an indexed value (x[…]) cannot be an attribute', v.at);
  }
  return v;
}

/**
 * The tensor a keyword argument names, by the op's own names (`torch.gather(input=…, index=…)`,
 * `np.put(a, ind=…, v=…)`): a name the framework's function does not take is an attribute.
 */
function roleOf(entry: OpEntry, keyword: string): 'data' | 'indices' | 'updates' | undefined {
  const w = wordsOf(entry);
  const named = { data: w.operand, indices: w.indices, updates: w.updates } as const;
  return (['data', 'indices', 'updates'] as const).find(
    (r) => named[r] === keyword && entry.signature.params.includes(r),
  );
}

/**
 * `np.add.at(x, (i,), v)` is `np.add.at(x, i, v)`; a longer index tuple has no op of one index
 * array here (reading its arrays as one stacked array would be another call): refused.
 */
function ufuncAtIndex(entry: OpEntry, indices: PyValue | undefined, at: number): PyValue | undefined {
  if (!/^numpy\.\w+\.at$/.test(entry.id) || !isTuple(indices)) return indices;
  if (indices.length === 1) return indices[0];
  throw new PasteError(
    `${entry.id}(x, (i, j, …), v) takes an index tuple; the explorer reads ufunc.at with one index array or a mask (x[i, j] = v in torch is torch.index_put)`,
    at,
  );
}

export interface PastedCall {
  readonly entry: OpEntry;
  readonly args: CallArgs;
}

/** Parses a pasted Python call against the registry; throws PasteError with a position. */
export function parsePythonCall(text: string, registry: readonly OpEntry[]): PastedCall {
  const parser = new Parser(tokenize(text));
  const last = parser.program();
  // `x[idx]` as the last line: its framework's gather (chains.ts).
  const top =
    last && typeof last === 'object' && !Array.isArray(last) && last.kind === 'subscript'
      ? readSubscript(last)
      : last;
  if (!top || typeof top !== 'object' || Array.isArray(top) || top.kind !== 'call')
    throw new PasteError('the last line must be a call such as torch.gather(x, 1, idx)', 0);
  // The index-tuple ops (x[i, j]) are the explorer's own entries when the registry lacks them.
  const entry =
    registry.find((e) => e.id === top.fn && e.state !== 'missing') ??
    TUPLE_ENTRIES.find((e) => e.id === top.fn);
  if (!entry) {
    const known = registry
      .filter((e) => descriptionOf(e.framework).constructors && e.state !== 'missing')
      .map((e) => e.id);
    throw new PasteError(`unknown operator ${top.fn}; one of ${known.join(', ')}`, top.at);
  }
  const sig = entry.signature;
  const roles: Partial<Record<'data' | 'indices' | 'updates', PyValue>> = {};
  const attrs: Record<string, unknown> = {};
  const positional = sig.params.filter((p) => p !== 'attrs' && p !== 'version');
  top.args.forEach((v, k) => {
    const p = positional[k];
    if (p === undefined)
      throw new PasteError(`${entry.id} takes ${positional.length} positional arguments`, top.at);
    if (typeof p === 'string') roles[p as 'data'] = v;
    else if ('attr' in p) attrs[p.attr] = plain(v);
  });
  const attrNames = new Set(
    sig.params.flatMap((p) => (typeof p === 'object' && 'attr' in p ? [p.attr] : [])),
  );
  for (const [k, v] of top.kwargs) {
    if (k === 'out') throw new PasteError('out= is not shown in the explorer; leave it out', top.at);
    const role = attrNames.has(k) ? undefined : roleOf(entry, k);
    if (role) roles[role] = v;
    else attrs[k] = plain(v);
  }
  roles.indices = ufuncAtIndex(entry, roles.indices, top.at);
  const tensorOf = (v: PyValue | undefined) =>
    v && typeof v === 'object' && !Array.isArray(v) && v.kind === 'tensor' ? v : null;
  const nested = (v: PyValue | undefined, what: string): NestedArray => {
    if (v === undefined) throw new PasteError(`${entry.id}: missing the ${what} argument`, top.at);
    return toNested(v, top.at);
  };
  const data = sig.params.includes('data') ? roles.data : undefined;
  const dataT = tensorOf(data);
  const idxT = tensorOf(roles.indices);
  const updT = tensorOf(roles.updates);
  const args: CallArgs = {
    ...(data !== undefined ? { data: nested(data, 'data') } : {}),
    indices: nested(roles.indices, 'indices'),
    ...(sig.params.includes('updates') ? { updates: nested(roles.updates, 'updates') } : {}),
    attrs,
    ...(dataT ? { dataDType: dataT.dtype } : !dataT && updT && !data ? { dataDType: updT.dtype } : {}),
    ...(idxT ? { indexDType: idxT.dtype } : {}),
  };
  return { entry, args };
}
