/**
 * The argument rules of the one-path issue, checked across every registered op of every
 * namespace (a table per rule, generated from the registry — not hand-copied per frontend).
 * Each op starts from the probes' valid call (rows 1 and 0 of a 3×3 input); each rule then
 * breaks one argument and expects a typed library error, never a TypeError or a silent answer.
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { GatherScatterError, Tensor, tensor } from '../src/index.js';
import { probeArgs } from '../src/tables/probes.js';
import { type CallArgs, buildArgs, buildRegistry, type OpEntry } from '../src/tables/registry.js';

const ns = lib as unknown as Record<string, unknown>;
const registry = buildRegistry(ns).filter((e) => e.state === 'ready');

type AnyFn = (...args: unknown[]) => unknown;
function fnOf(entry: OpEntry): AnyFn {
  let o: unknown = ns[entry.framework];
  for (const k of entry.name.split('.')) o = (o as Record<string, unknown>)[k];
  return o as AnyFn;
}

/** Valid calls for the ops the row-selection probes do not fit (their signatures say why). */
const BASELINES: Readonly<Record<string, CallArgs>> = {
  // out[i] = a[i, indices[i]]
  'mxnet.batch_take': {
    data: [
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ],
    indices: [2, 0, 1],
    dataDType: 'int32',
    indexDType: 'int32',
  },
  // Boolean-mask ops: `indices` is the mask (test/masks.test.ts has their own rules).
  'torch.masked_select': {
    data: [
      [1, 2, 3],
      [4, 5, 6],
    ],
    indices: [
      [true, false, true],
      [false, true, false],
    ],
    dataDType: 'float32',
    indexDType: 'bool',
  },
  'torch.masked_scatter': {
    data: [
      [1, 2, 3],
      [4, 5, 6],
    ],
    indices: [
      [true, false, true],
      [false, true, false],
    ],
    updates: [10, 11, 12, 13],
    dataDType: 'float32',
    indexDType: 'bool',
  },
  'tensorflow.boolean_mask': {
    data: [
      [1, 2],
      [3, 4],
      [5, 6],
    ],
    indices: [true, false, true],
    attrs: { axis: 0 },
    dataDType: 'int32',
    indexDType: 'bool',
  },
  // A KV-cache write: batch 2, max_seq 4, head_dim 3; one new step per batch at write_indices.
  'onnx.TensorScatter': {
    data: [0, 1].map(() => [0, 1, 2, 3].map(() => [0, 0, 0])),
    updates: [[[1, 2, 3]], [[4, 5, 6]]],
    indices: [1, 3],
    attrs: { axis: -2, mode: 'linear' },
    dataDType: 'float32',
    indexDType: 'int64',
  },
};

/** The op's valid baseline call: its positional arguments. */
const baseline = (entry: OpEntry): unknown[] =>
  buildArgs(entry, BASELINES[entry.id] ?? probeArgs(entry, [1, 0]));

/** Runs a call, returning its value or the error it threw. */
function attempt(entry: OpEntry, args: unknown[]): { value?: unknown; error?: unknown } {
  try {
    return { value: fnOf(entry)(...args) };
  } catch (error) {
    return { error };
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Tensor);

/**
 * Index of the trailing options object (attributes / version / descriptor): the last plain
 * object, when only positional scalars follow it (StableHLO's update computation); else -1.
 */
function optionsIndex(args: readonly unknown[]): number {
  for (let i = args.length - 1; i >= 0; i--) {
    if (isPlainObject(args[i])) return i;
    if (args[i] instanceof Tensor) return -1;
  }
  return -1;
}

/** The args with `extra` merged into the trailing options object (appended when there is none). */
function withOptions(args: readonly unknown[], extra: Record<string, unknown>): unknown[] {
  const i = optionsIndex(args);
  if (i < 0) return [...args, extra];
  const copy = [...args];
  copy[i] = { ...(args[i] as object), ...extra };
  return copy;
}

/** The first Tensor argument (or descriptor field) replaced by `value`. */
function withDataReplaced(args: readonly unknown[], value: unknown): unknown[] {
  const copy = [...args];
  const i = copy.findIndex((a) => a instanceof Tensor);
  if (i >= 0) {
    copy[i] = value;
    return copy;
  }
  const d = copy.findIndex((a) => isPlainObject(a) && Object.values(a).some((v) => v instanceof Tensor));
  const desc = { ...(copy[d] as Record<string, unknown>) };
  const key = Object.keys(desc).find((k) => desc[k] instanceof Tensor)!;
  desc[key] = value;
  copy[d] = desc;
  return copy;
}

function expectTyped(
  entry: OpEntry,
  r: { value?: unknown; error?: unknown },
  what: string,
): GatherScatterError {
  if (!(r.error instanceof GatherScatterError)) {
    throw new Error(
      `${entry.id}: ${what}: expected a typed library error; got ${r.error ? String(r.error) : `a result ${String(r.value)}`}`,
    );
  }
  return r.error;
}

describe('every registered op accepts its valid baseline call', () => {
  it.each(registry.map((e) => [e.id, e] as const))('%s', (_, entry) => {
    const r = attempt(entry, baseline(entry));
    expect(r.error).toBeUndefined();
    expect(r.value).toBeInstanceOf(Tensor);
  });
});

describe('rule: unknown option keys are refused, naming the key and offering a did-you-mean', () => {
  it.each(registry.map((e) => [e.id, e] as const))('%s', (_, entry) => {
    const args = baseline(entry);
    const err = expectTyped(entry, attempt(entry, withOptions(args, { bogus_option: 1 })), 'unknown key');
    expect(err.message).toContain('bogus_option');
    // A near miss of a key the op accepts gets a suggestion.
    const i = optionsIndex(args);
    const known = i >= 0 ? Object.keys(args[i] as object).filter((k) => k.length > 3) : [];
    if (known.length > 0) {
      const typo = `${known[0].slice(0, -1)}${known[0].at(-1) === 'x' ? 'y' : 'x'}`;
      const e2 = expectTyped(entry, attempt(entry, withOptions(args, { [typo]: 1 })), 'misspelled key');
      expect(e2.message).toContain('did you mean');
    }
  });
});

describe('rule: enum values are looked up as own values only (Object.prototype names are refused)', () => {
  const cases = registry.flatMap((e) =>
    Object.entries(e.signature.example ?? {})
      .filter(([k, v]) => typeof v === 'string' && !/^(update_computation)$/.test(k))
      .map(([k]) => [`${e.id} ${k}`, e, k] as const),
  );
  it.each(cases)('%s', (_, entry, key) => {
    for (const bad of ['constructor', 'toString', '__proto__']) {
      const args = buildArgs(entry, probeArgs(entry, [1, 0], { attrs: { [key]: bad } }));
      expectTyped(entry, attempt(entry, args), `${key}: ${bad}`);
    }
  });
});

describe('rule: a non-Tensor input is refused naming the parameter; foreign tensors get a conversion hint', () => {
  // NumPy's functions take array_like: nested JS arrays are valid input there.
  const arrayLike = (e: OpEntry) => e.framework === 'numpy';
  it.each(registry.map((e) => [e.id, e] as const))('%s', (_, entry) => {
    const args = baseline(entry);
    for (const bad of [null, undefined, 'abc', 7, { shape: [2] }]) {
      if (arrayLike(entry) && typeof bad === 'number') continue; // a NumPy scalar
      expectTyped(entry, attempt(entry, withDataReplaced(args, bad)), `data = ${String(bad)}`);
    }
    const ort = { type: 'int32', dims: [3, 3], data: new Int32Array(9), size: 9 };
    const e1 = expectTyped(entry, attempt(entry, withDataReplaced(args, ort)), 'onnxruntime tensor');
    expect(e1.message).toContain('onnxruntime');
    const tfjs = { dtype: 'int32', shape: [3, 3], dataSync: () => new Int32Array(9), rank: 2 };
    const e2 = expectTyped(entry, attempt(entry, withDataReplaced(args, tfjs)), 'TF.js tensor');
    expect(e2.message).toContain('TF.js');
  });
});

describe('rule: null or undefined options mean "absent", never a TypeError', () => {
  it.each(registry.map((e) => [e.id, e] as const))('%s', (_, entry) => {
    const args = baseline(entry);
    const i = optionsIndex(args);
    const without = i >= 0 ? args.slice(0, i) : args;
    const ref = attempt(entry, without);
    for (const absent of [null, undefined]) {
      const r = attempt(entry, [...without, absent]);
      if (ref.error) {
        expect(r.error).toBeInstanceOf(GatherScatterError);
        expect((r.error as GatherScatterError).code).toBe((ref.error as GatherScatterError).code);
      } else {
        expect(r.error).toBeUndefined();
        expect((r.value as Tensor).toArray()).toEqual((ref.value as Tensor).toArray());
      }
    }
    // Anything but an object is refused.
    expectTyped(entry, attempt(entry, [...without, 'axis=1']), 'string options');
  });
});

describe('rule: flags must be booleans', () => {
  const FLAGS = ['include_self', 'indices_are_sorted', 'unique_indices', 'unique', 'accumulate', 'checked'];
  const cases = registry.flatMap((e) =>
    Object.keys(e.signature.example ?? {})
      .filter((k) => FLAGS.includes(k))
      .map((k) => [`${e.id} ${k}`, e, k] as const),
  );
  it.each(cases)('%s', (_, entry, key) => {
    for (const bad of ['yes', 1, null]) {
      const args = buildArgs(entry, probeArgs(entry, [1, 0], { attrs: { [key]: bad } }));
      expectTyped(entry, attempt(entry, args), `${key} = ${String(bad)}`);
    }
  });
});

describe('rule: scalars must be numbers, bigints or booleans (a 0-d Tensor where the framework takes one)', () => {
  const SCALARS = ['value', 'fill_value', 'alpha'];
  const cases = registry.flatMap((e) =>
    Object.keys(e.signature.example ?? {})
      .filter((k) => SCALARS.includes(k))
      .map((k) => [`${e.id} ${k}`, e, k] as const),
  );
  it.each(cases)('%s', (_, entry, key) => {
    for (const bad of ['5', {}, [5]]) {
      const args = buildArgs(entry, probeArgs(entry, [1, 0], { attrs: { [key]: bad } }));
      expectTyped(entry, attempt(entry, args), `${key} = ${JSON.stringify(bad)}`);
    }
  });

  it('torch.index_fill takes a 0-d tensor value (as PyTorch does) and refuses a 1-d one', () => {
    const x = tensor(
      [
        [1, 2],
        [3, 4],
      ],
      'float32',
    );
    const i = tensor([1n], 'int64');
    expect(lib.torch.index_fill(x, 0, i, tensor(5, 'float32')).toArray()).toEqual([
      [1, 2],
      [5, 5],
    ]);
    expect(() => lib.torch.index_fill(x, 0, i, tensor([5], 'float32') as never)).toThrow(GatherScatterError);
  });
});

describe('rule: out is honoured by every op, checked, and safe when it aliases an input', () => {
  it.each(registry.map((e) => [e.id, e] as const))('%s', (_, entry) => {
    const args = baseline(entry);
    const fresh = attempt(entry, args).value as Tensor;
    const out = new Tensor(fresh.dtype, fresh.shape, fresh.data.slice(0).fill(0 as never) as never);
    const r = attempt(entry, withOptions(args, outOption(entry, out)));
    expect(r.error).toBeUndefined();
    expect(r.value).toBe(out);
    expect(out.toArray()).toEqual(fresh.toArray());
    // Wrong shape → typed error naming out.
    const bad = tensor(new Array(fresh.size + 1).fill(0), fresh.dtype);
    const e = expectTyped(
      entry,
      attempt(entry, withOptions(args, outOption(entry, bad))),
      'out of the wrong shape',
    );
    // `<op>.out`, or the framework's own rule (StableHLO C22–C25, DirectML's OutputTensor).
    expect(e.code).toMatch(/\.out$|OutputTensor|\.C2[2-5]$/);
  });
});

/** `{ out }` under the op's own keyword (DirectML: the descriptor's OutputTensor). */
function outOption(entry: OpEntry, out: Tensor): Record<string, unknown> {
  return entry.framework === 'directml' ? { OutputTensor: out } : { out };
}
