/**
 * Too many positional arguments are a typed error, `<op>.arguments`, in every framework function
 * and its `lower.*` twin (`numpy.take(a, i, {}, 5)`: the 5 was meant somewhere, and JS would drop
 * it without a word where Python raises a TypeError). Checked in one place: each framework's
 * namespace goes through {@link arityChecked} where it is assembled, which replaces each of its
 * functions, once, at load, by one that counts its arguments and calls it.
 *
 * How many positional arguments a function takes is read from what its framework states:
 * - an op of its `SIGNATURES`: the signature's `params`, then a trailing options object when they
 *   list none (`attrs` / `version`). Every op takes one — its keyword arguments, the library's
 *   `out` at least (test/argument-rules.test.ts passes `out` to every registered op there) — and a
 *   signature leaves it out where the registry never fills it (`torch.gather(input, dim, index)`).
 * - any other function (a constructor, `numpy.slice`, a shape helper): the parameter names stated
 *   beside the namespace, or `variadic` (`numpy.tuple(...)`, Python's `()`, takes any number).
 * A function neither states is an InternalError at load (`registry.signature`): a function added
 * later cannot go unchecked.
 */
import { InternalError } from '../errors.js';
import { tooManyArguments } from './args.js';
import type { FrameworkDescription, OpSignature, Signatures } from './signature.js';
import { opWords } from './signature.js';

/** The functions a namespace holds besides its `SIGNATURES`' ops: parameter names, or `variadic`. */
export type OtherParams = Readonly<Record<string, readonly string[] | 'variadic'>>;

/** What a framework states about its ops (its policy file's `SIGNATURES` and `DESCRIPTION`). */
export interface Stated {
  readonly SIGNATURES: Signatures;
  readonly DESCRIPTION: FrameworkDescription;
}

type AnyFn = (...args: never[]) => unknown;

/** Namespace keys that describe the framework (its policy table), never a call to check. */
const DESCRIPTIVE = new Set(['policy']);

/** An op's positional parameters by the names its documentation gives them, as the message lists them. */
function paramNames(signature: OpSignature, description: FrameworkDescription): string[] {
  const words = opWords(description, signature);
  const { params } = signature;
  // With a version object (ONNX's `{ opset }`, TF's `{ device }`) the attributes come before it.
  const versioned = params.includes('version');
  const named: Readonly<Record<string, string>> = {
    data: words.operand,
    indices: words.indices,
    updates: words.updates,
    attrs: versioned ? 'attributes' : 'options',
    version: 'options',
  };
  const names = params.map((p) => (typeof p === 'string' ? named[p] : 'attr' in p ? p.attr : 'desc'));
  return versioned || params.includes('attrs') ? names : [...names, 'options'];
}

/** Whether `v` is a group of functions to walk (`lower`, `jax.lax`, `numpy.add`), not a value (`numpy.ellipsis`). */
function isGroup(v: unknown): v is Record<string, unknown> {
  return (
    typeof v === 'object' &&
    v !== null &&
    Object.getPrototypeOf(v) === Object.prototype &&
    Object.values(v).some((x) => typeof x === 'function' || isGroup(x))
  );
}

/** Every function of a namespace with its path (`['lower', 'lax', 'gather']`), policy tables left out. */
function functionsOf(group: Record<string, unknown>, path: readonly string[] = []): [AnyFn, string[]][] {
  return Object.entries(group).flatMap(([k, v]): [AnyFn, string[]][] =>
    path.length === 0 && DESCRIPTIVE.has(k)
      ? []
      : typeof v === 'function'
        ? [[v as AnyFn, [...path, k]]]
        : isGroup(v)
          ? functionsOf(v, [...path, k])
          : [],
  );
}

/**
 * `fn`, refusing more than `names.length` positional arguments. It reads `arguments` and forwards
 * them with `apply`: no rest array per call, and the callee sees exactly the arguments given (a
 * lowering's defaults and rest parameters behave as before). Name and length are `fn`'s.
 */
function checked<F extends AnyFn>(fn: F, op: string, names: readonly string[]): F {
  const most = names.length;
  const f = function (this: unknown) {
    // biome-ignore lint/complexity/noArguments: counting and forwarding them costs no array
    if (arguments.length > most) throw tooManyArguments(op, names, arguments.length);
    // biome-ignore lint/complexity/noArguments: as above
    return fn.apply(this, arguments as never);
  };
  Object.defineProperty(f, 'name', { value: fn.name });
  Object.defineProperty(f, 'length', { value: fn.length });
  return f as unknown as F;
}

/**
 * A method of an object a framework function returns (`jax.at(x, i).set`), refusing a positional
 * argument past `params` as `<group>.<name>.arguments`, as the namespace functions do.
 */
export function checkedMethod<F extends AnyFn>(
  group: string,
  name: string,
  params: readonly string[],
  fn: F,
): F {
  return checked(fn, `${group}.${name}`, params);
}

/**
 * The namespace `namespace` of framework `framework` (its `SIGNATURES` and `DESCRIPTION` in
 * `stated`, its other functions' parameters in `others`) with each function refusing too many
 * positional arguments (`<framework>.<op>.arguments`); its `lower.<op>` twin counts as `<op>`.
 * Groups are copied (an alias group stays one object: `jax.jnp === jax.numpy`), one function
 * gives one wrapper wherever it appears (`directml.SCATTER_ELEMENTS === directml.SCATTER`), and
 * values and policy tables are kept as they are. Its type is the namespace's own.
 */
export function arityChecked<N extends object>(
  framework: string,
  stated: Stated,
  others: OtherParams,
  namespace: N,
): N {
  const named = new Map<AnyFn, readonly string[] | 'variadic'>();
  const ops = new Map<AnyFn, string>();
  const all = functionsOf(namespace as Record<string, unknown>);
  for (const [fn, path] of all) {
    const op = (path[0] === 'lower' ? path.slice(1) : path).join('.');
    const signature = Object.hasOwn(stated.SIGNATURES, op) ? stated.SIGNATURES[op] : undefined;
    const names = signature
      ? paramNames(signature, stated.DESCRIPTION)
      : Object.hasOwn(others, op)
        ? others[op]
        : undefined;
    if (names && !named.has(fn)) {
      named.set(fn, names);
      ops.set(fn, `${framework}.${op}`);
    }
  }
  const wrappers = new Map<AnyFn, AnyFn>();
  for (const [fn, path] of all) {
    const names = named.get(fn);
    if (names === undefined)
      throw new InternalError(
        'registry.signature',
        `${framework}.${path.join('.')} states no positional parameters: give it a signature in the framework's SIGNATURES, or its names where its namespace is assembled`,
        { op: `${framework}.${path.join('.')}` },
      );
    if (!wrappers.has(fn))
      wrappers.set(fn, names === 'variadic' ? fn : checked(fn, ops.get(fn) as string, names));
  }
  const copies = new Map<object, object>();
  const copy = (group: Record<string, unknown>, top: boolean): Record<string, unknown> => {
    const done = copies.get(group);
    if (done) return done as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    copies.set(group, out);
    for (const [k, v] of Object.entries(group))
      out[k] =
        top && DESCRIPTIVE.has(k)
          ? v
          : typeof v === 'function'
            ? wrappers.get(v as AnyFn)
            : isGroup(v)
              ? copy(v, false)
              : v;
    return out;
  };
  return copy(namespace as Record<string, unknown>, true) as N;
}
