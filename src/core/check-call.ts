/**
 * The one validator every consumer of a lowered call runs first (`execute`, `executeAll`, the
 * ONNX export, `translate`, `vjp`/`jvp`, `stablehloText`, `traceCall`, `decomposeBatching`): a
 * call is user-reachable data (built by hand, parsed, forged), so its structure is checked
 * before any field is trusted. Each failure is an InvalidArgumentError whose code names the
 * field (`call.kind`, `call.options`, `call.reshape`, …) and whose message names the consumer.
 * O(rank + number of tensors): no element is read.
 */
import { InvalidArgumentError, fmt } from '../errors.js';
import { MAX_RANK, checkTensor, isTensorAmongRecords } from '../tensor/tensor.js';
import { concreteCall } from '../ir/lowered.js';
import { type CoreCall, planOf } from './call.js';
import { intArray } from './validate.js';

const KINDS = ['gather', 'scatter', 'program'] as const;
const REDUCERS = ['replace', 'add', 'sub', 'mul', 'min', 'max', 'mean'];
const PROLOGUES = ['scale_updates', 'cycle_updates', 'circular_indices', 'nonzero', 'index_tuple'];
/** Most tensors a variadic scatter may name (a call is checked in O(this)). */
const MAX_OPERANDS = 1024;
/** Longest op name a call may carry (it is printed in every message). */
const MAX_OP_CHARS = 200;

function bad(code: string, where: string, rule: string, got: unknown): never {
  throw new InvalidArgumentError(code, `${where}: ${rule}; got ${fmt(got)}`, { got: fmt(got) });
}

/** A plain record (not null, not an array, not a Tensor). */
function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !isTensorAmongRecords(v);
}

function record(v: unknown, name: string, where: string): Record<string, unknown> {
  if (!isRecord(v)) bad(`call.${name}`, where, `call.${name} must be an object`, v);
  return v;
}

function tensorList(v: unknown, name: string, where: string): void {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_OPERANDS)
    bad(`call.${name}`, where, `call.${name} must be an array of 1 to ${MAX_OPERANDS} Tensors`, v);
  for (let i = 0; i < v.length; i++) checkTensor(v[i], `call.${name}[${i}]`, where, `call.${name}`);
}

function dims(v: unknown, name: string, where: string): readonly number[] {
  const xs = intArray(v, `call.${name}`, where, `call.${name}`);
  if (xs.some((x) => x < 0)) bad(`call.${name}`, where, `call.${name} must hold sizes ≥ 0`, xs);
  return xs;
}

/**
 * Checks everything a consumer reads of `call` before it reads it: a lowered call (kind
 * `gather`, `scatter` or — where `kinds` allows — `program`) whose tensors are real, intact
 * Tensors (a brand check: forgeries from `Tensor.prototype` are refused), whose attributes are
 * objects and whose optional fields have their documented types. The attribute values
 * themselves are checked by the plan (every consumer builds one), with the spec's rule codes.
 *
 * @example checkCall(null, 'toOnnx')   // throws InvalidArgumentError (call.type)
 */
export function checkCall(call: unknown, where: string, kinds: readonly string[] = KINDS): void {
  if (!isRecord(call)) bad('call.type', where, 'call must be a lowered call (an object)', call);
  if (!kinds.includes(call.kind as string))
    bad('call.kind', where, `call.kind must be one of ${fmt(kinds)}`, call.kind);
  if (typeof call.op !== 'string' || call.op.length === 0 || call.op.length > MAX_OP_CHARS)
    bad('call.op', where, `call.op must be an operator name of 1 to ${MAX_OP_CHARS} characters`, call.op);
  if (call.out !== undefined) checkTensor(call.out, 'call.out', where, 'call.out');
  if (call.kind === 'program') {
    checkProgram(call, where);
    return;
  }
  if (call.kind === 'gather') {
    checkTensor(call.operand, 'call.operand', where, 'call.operand');
    checkTensor(call.start_indices, 'call.start_indices', where, 'call.start_indices');
  } else {
    tensorList(call.inputs, 'inputs', where);
    tensorList(call.updates, 'updates', where);
    checkTensor(call.scatter_indices, 'call.scatter_indices', where, 'call.scatter_indices');
    const uc = call.update_computation;
    if (typeof uc !== 'function' && !REDUCERS.includes(uc as string))
      bad(
        'call.update_computation',
        where,
        `call.update_computation must be a function or one of ${fmt(REDUCERS)}`,
        uc,
      );
  }
  record(call.dimension_numbers, 'dimension_numbers', where);
  record(call.options, 'options', where);
  checkOptionalFields(call, where);
  // The runners build the plan themselves right after (no second lookup, no prologue run twice).
  if (!RUNNERS.includes(where)) checkAttributes(call as unknown as CoreCall, where);
}

/** Consumers that plan and run the call at once: the plan checks the attributes there. */
const RUNNERS = ['execute', 'executeAll'];

/**
 * The attribute values, through the plan every consumer builds anyway (cached): the spec's
 * rules with their codes, before an exporter or printer reads a dimension list. A call with a
 * prologue is checked as the call its prologue makes. Then the final reshape's element count.
 */
function checkAttributes(call: CoreCall, where: string): void {
  const c = call.prologue ? concreteCall(call) : call;
  if (c.kind === 'gather') checkReshape(call, planOf(c).resultShape, where);
  else {
    planOf(c);
    checkReshape(call, c.inputs[0].shape, where);
  }
}

function checkOptionalFields(call: Record<string, unknown>, where: string): void {
  if (call.reshape !== undefined) dims(call.reshape, 'reshape', where);
  if (call.operand_shape !== undefined) dims(call.operand_shape, 'operand_shape', where);
  if (call.updates_shape !== undefined) dims(call.updates_shape, 'updates_shape', where);
  const rank = call.index_rank;
  if (
    rank !== undefined &&
    !(Number.isInteger(rank) && (rank as number) >= 0 && (rank as number) <= MAX_RANK)
  )
    bad('call.index_rank', where, `call.index_rank must be an integer in [0, ${MAX_RANK}]`, rank);
  if (call.wording !== undefined && typeof call.wording !== 'function')
    bad('call.wording', where, 'call.wording must be a function', call.wording);
  if (call.atomic_out !== undefined && typeof call.atomic_out !== 'boolean')
    bad('call.atomic_out', where, 'call.atomic_out must be a boolean', call.atomic_out);
  if (call.updates_scale !== undefined && !Number.isFinite(call.updates_scale))
    bad('call.updates_scale', where, 'call.updates_scale must be a finite number', call.updates_scale);
  if (call.prologue !== undefined) checkPrologue(call, where);
}

/** What each prologue kind carries; a gather's indices may only come from a mask (`nonzero`, `index_tuple`). */
function checkPrologue(call: Record<string, unknown>, where: string): void {
  const p = record(call.prologue, 'prologue', where);
  const kinds = call.kind === 'gather' ? ['nonzero', 'index_tuple'] : PROLOGUES;
  if (!kinds.includes(p.kind as string))
    bad('call.prologue', where, `call.prologue.kind of a ${call.kind} must be one of ${fmt(kinds)}`, p.kind);
  const count = (v: unknown, min: number) => Number.isSafeInteger(v) && (v as number) >= min;
  const ok =
    p.kind === 'scale_updates'
      ? ['number', 'bigint', 'boolean'].includes(typeof p.factor)
      : p.kind === 'cycle_updates'
        ? count(p.length, 0)
        : p.kind === 'circular_indices'
          ? count(p.max_seq, 1) && count(p.seq, 0)
          : p.kind === 'index_tuple'
            ? tupleLayout(p.entries, p.shape)
            : count(p.count, 0) && (p.length === undefined || count(p.length, 0));
  if (!ok) bad('call.prologue', where, `call.prologue's fields do not fit its kind ${fmt(p.kind)}`, p);
}

/** An index_tuple layout: at most 2·MAX_RANK entries, each a mask (shape, count) or ints (shape); a result shape. */
function tupleLayout(entries: unknown, shape: unknown): boolean {
  const sizes = (s: unknown) =>
    Array.isArray(s) && s.length <= MAX_RANK && s.every((n) => Number.isSafeInteger(n) && n >= 0);
  if (!Array.isArray(entries) || entries.length === 0 || entries.length > 2 * MAX_RANK || !sizes(shape))
    return false;
  const rank = (shape as unknown[]).length;
  const at = (d: unknown) =>
    d === undefined || (Number.isSafeInteger(d) && (d as number) >= 0 && (d as number) < rank);
  return entries.every(
    (e) =>
      isRecord(e) &&
      (sizes(e.ints) ||
        (sizes(e.mask) && Number.isSafeInteger(e.count) && (e.count as number) >= 0 && at(e.dim))),
  );
}

function checkProgram(call: Record<string, unknown>, where: string): void {
  record(call.module, 'module', where);
  tensorList(call.args, 'args', where);
  const names = call.argNames;
  if (
    !Array.isArray(names) ||
    names.length !== (call.args as unknown[]).length ||
    names.some((n) => typeof n !== 'string')
  )
    bad('call.argNames', where, 'call.argNames must be one string per call.args entry', names);
}

/**
 * Checks a lowered call's final `reshape` against the result it reshapes: same element count.
 * For consumers that describe a call without running it (the ONNX export, `translate`), where
 * no tensor constructor would catch a forged `reshape: [1e9, 1e9]`.
 */
export function checkReshape(call: CoreCall, resultShape: readonly number[], where: string): void {
  if (call.reshape === undefined) return;
  const count = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
  if (count(call.reshape) !== count(resultShape))
    bad(
      'call.reshape',
      where,
      `call.reshape must keep the result's ${count(resultShape)} elements (shape ${fmt(resultShape)})`,
      call.reshape,
    );
}

/**
 * Checks a consumer's options argument: undefined or a plain object with only the keys the
 * consumer documents (a misspelled key would silently do nothing).
 */
export function checkOptions(options: unknown, where: string, keys: readonly string[]): void {
  if (options === undefined) return;
  if (!isRecord(options)) bad('options.type', where, 'options must be an object', options);
  for (const k of Object.keys(options))
    if (!keys.includes(k)) bad('options.key', where, `options may only name ${fmt(keys)}`, k);
}

/**
 * Checks a record of tensors by name (`jvp`'s tangents): an object whose keys are among `names`
 * (a misspelled key would silently mean a zero tangent) and whose values are intact Tensors.
 */
export function checkNamedTensors(
  value: unknown,
  names: readonly (string | null)[],
  param: string,
  where: string,
): void {
  if (!isRecord(value))
    bad(`${where}.${param}`, where, `${param} must be an object of Tensors by name`, value);
  const known = names.filter((n): n is string => n !== null);
  for (const k of Object.keys(value)) {
    if (!known.includes(k)) bad(`${where}.${param}`, where, `${param} may only name ${fmt(known)}`, k);
    checkTensor(value[k], `${param}.${k}`, where, `${where}.${param}`);
  }
}
