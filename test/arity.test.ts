/**
 * Too many positional arguments are a typed error, `<op>.arguments` (src/frameworks/arity.ts), in
 * every function of every framework namespace and in its `lower.*` twin — where JS would drop
 * them without a word (NumPy 1.24.2: `np.take(a, [0], None, None, 'raise', 5)` raises
 * `TypeError: take() takes from 2 to 5 positional arguments but 6 were given`).
 *
 * Every function is found by walking the namespaces (not hand-listed), and each one's limit is
 * checked against the parameters its TypeScript declaration gives it (or its lowering's): the
 * largest call the types accept runs past the check, one more argument is refused.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { InternalError, InvalidArgumentError, tensor } from '../src/index.js';
import { NAMESPACES } from '../src/frameworks/index.js';
import { arityChecked } from '../src/frameworks/arity.js';
import { DESCRIPTION as NUMPY_DESCRIPTION } from '../src/frameworks/numpy/policy.js';
import { caffe2, directml, jax, mlir, numpy, onnx, stablehlo, tensorflow, torch } from '../src/index.js';
import { probeArgs } from '../src/tables/probes.js';
import { buildArgs, buildRegistry } from '../src/tables/registry.js';

type AnyFn = (...args: unknown[]) => unknown;

/** Every function of every namespace, by its dotted name (`jax.lower.lax.gather`); policy tables left out. */
function functions(): [string, AnyFn][] {
  const out: [string, AnyFn][] = [];
  const walk = (o: Record<string, unknown>, path: string) => {
    for (const [k, v] of Object.entries(o)) {
      if (k === 'policy') continue;
      if (typeof v === 'function') out.push([`${path}.${k}`, v as AnyFn]);
      else if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
        walk(v as Record<string, unknown>, `${path}.${k}`);
    }
  };
  for (const [fw, ns] of Object.entries(NAMESPACES)) walk(ns as Record<string, unknown>, fw);
  return out;
}

/**
 * The op a function's codes name: a lowering twin's is the op's (`numpy.lower.take` → `numpy.take`),
 * and an alias's the name it first has (`jax.jnp.take` is `jax.numpy.take`, whose codes it throws).
 */
function opNames(all: readonly [string, AnyFn][]): Map<string, string> {
  const first = new Map<AnyFn, string>();
  for (const [name, fn] of all) if (!first.has(fn)) first.set(fn, name);
  return new Map(
    all.map(([name, fn]) => [name, (first.get(fn) as string).replace(/^(\w+)\.lower\./, '$1.')]),
  );
}

/** The error a call throws (undefined when it runs). */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

/**
 * The most positional arguments each function's TypeScript declaration takes (its overloads'
 * largest; `Infinity` for a rest parameter), read by the compiler from the namespaces' types.
 */
function declaredArity(): Map<string, number> {
  const root = join(__dirname, '../src/frameworks/index.ts');
  const program = ts.createProgram([root], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(root) as ts.SourceFile;
  const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(file) as ts.Symbol);
  const namespaces = symbol.find((s) => s.name === 'NAMESPACES') as ts.Symbol;
  const found = new Map<string, number>();
  const walk = (type: ts.Type, path: string) => {
    for (const p of type.getProperties()) {
      if (p.name === 'policy') continue;
      const t = checker.getTypeOfSymbolAtLocation(p, file);
      const signatures = t.getCallSignatures();
      if (signatures.length > 0)
        found.set(
          `${path}.${p.name}`,
          Math.max(
            ...signatures.map((s) => {
              const params = s.getParameters();
              const last = params.at(-1)?.valueDeclaration as ts.ParameterDeclaration | undefined;
              return last?.dotDotDotToken ? Number.POSITIVE_INFINITY : params.length;
            }),
          ),
        );
      else if (t.flags & ts.TypeFlags.Object && !checker.isArrayType(t) && path.split('.').length < 4)
        walk(t, `${path}.${p.name}`);
    }
  };
  for (const fw of checker.getTypeOfSymbolAtLocation(namespaces, file).getProperties())
    walk(checker.getTypeOfSymbolAtLocation(fw, file), fw.name);
  return found;
}

describe('rule: too many positional arguments are refused (<op>.arguments), every namespace function', () => {
  const all = functions();
  const opOf = opNames(all);
  const declared = declaredArity();
  /**
   * What a function's declaration says: its own parameters, or — when it is a public op declared
   * with a rest parameter (`runs(lower)`) — its lowering twin's.
   */
  const expected = (name: string): number => {
    const own = declared.get(name) ?? Number.NaN;
    const twin = declared.get(name.replace(/^(\w+)\./, '$1.lower.'));
    return own === Number.POSITIVE_INFINITY && twin !== undefined ? twin : own;
  };

  it('walks every function (about 160 of them, with the lowerings)', () => {
    expect(all.length).toBeGreaterThan(150);
    expect(all.map(([n]) => n)).toEqual(
      expect.arrayContaining(['numpy.take', 'numpy.lower.add.at', 'jax.at']),
    );
  });

  it.each(all.filter(([n]) => n !== 'numpy.tuple'))('%s', (name, fn) => {
    const most = expected(name);
    expect(Number.isInteger(most), `${name}: declared ${most}`).toBe(true);
    // One argument more than the declaration takes: refused before anything reads the arguments.
    const e = thrown(() => fn(...new Array(most + 1).fill(undefined)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect((e as InvalidArgumentError).code).toBe(`${opOf.get(name)}.arguments`);
    expect((e as InvalidArgumentError).message).toContain(`takes at most ${most} positional argument`);
    expect((e as InvalidArgumentError).message).toContain(`; got ${most + 1} (`);
    expect((e as InvalidArgumentError).details).toEqual({ arguments: most + 1 });
    // As many as it takes: whatever else fails (mlir.tensor.inferResultShape's `.arguments` is any
    // junk argument), not the count.
    const ok = thrown(() => fn(...new Array(most).fill(undefined)));
    expect(String((ok as Error | undefined)?.message)).not.toContain('positional argument');
  });

  it('numpy.tuple(...) is variadic by design (Python tuples have any length)', () => {
    expect(numpy.tuple(1, 2, 3, 4, 5, 6, 7, 8)).toHaveLength(8);
  });
});

describe('rule: every registered op runs with all its positional arguments, and refuses one more', () => {
  const ns = NAMESPACES as unknown as Record<string, Record<string, unknown>>;
  const registry = buildRegistry(ns).filter((e) => e.state === 'ready' && !e.signature.noProbe);
  const fnOf = (fw: string, path: string): AnyFn =>
    path.split('.').reduce((o: any, k) => o[k], ns[fw]) as AnyFn;
  it.each(registry.map((e) => [e.id, e] as const))('%s', (id, entry) => {
    const args = buildArgs(entry, probeArgs(entry, [1, 0]));
    // The trailing options object a signature leaves out (torch.gather's `out`) is positional too.
    const full = entry.signature.params.some((p) => p === 'attrs' || p === 'version') ? args : [...args, {}];
    for (const fn of [fnOf(entry.framework, entry.name), fnOf(entry.framework, `lower.${entry.name}`)]) {
      expect(thrown(() => fn(...full))).toBeUndefined();
      const e = thrown(() => fn(...full, 7)) as InvalidArgumentError;
      // DirectML's SCATTER_ELEMENTS is its SCATTER (one function, whose codes name SCATTER).
      expect(e.code).toBe(`${id === 'directml.SCATTER_ELEMENTS' ? 'directml.SCATTER' : id}.arguments`);
      expect(e.message).toContain(`takes at most ${full.length} positional argument`);
    }
  });
});

describe('the calls of the issue', () => {
  const a = tensor([4, 3, 5, 7], 'int32');
  const i64 = tensor([0, 2], 'int64');
  it('numpy.take(a, i, {}, 5) is numpy.take.arguments, worded as the argument rules', () => {
    const e = thrown(() => (numpy.take as AnyFn)(a, [0, 2], {}, 5)) as InvalidArgumentError;
    expect(e.code).toBe('numpy.take.arguments');
    expect(e.message).toBe(
      'numpy.take: takes at most 3 positional arguments (a, indices, options); got 4 (numpy.take.arguments)',
    );
    // The lowering refuses it alike; three arguments still run.
    expect(thrown(() => (numpy.lower.take as AnyFn)(a, [0, 2], {}, 5))).toEqual(e);
    expect(numpy.take(a, [0, 2], {}).toArray()).toEqual([4, 5]);
  });

  it('tensorflow.tensor_scatter_nd_update(t, i, u, {}, 5) is tensorflow.tensor_scatter_nd_update.arguments', () => {
    const i = tensor([[1]], 'int32');
    const u = tensor([9], 'int32');
    const e = thrown(() => (tensorflow.tensor_scatter_nd_update as AnyFn)(a, i, u, {}, 5));
    expect((e as InvalidArgumentError).message).toBe(
      'tensorflow.tensor_scatter_nd_update: takes at most 4 positional arguments (tensor, indices, updates, options); got 5 (tensorflow.tensor_scatter_nd_update.arguments)',
    );
    expect(tensorflow.tensor_scatter_nd_update(a, i, u, {}).toArray()).toEqual([4, 9, 5, 7]);
  });

  it('onnx.Gather(x, i, {}, {}, 7) is onnx.Gather.arguments (no opset: the count is every opset’s)', () => {
    const e = thrown(() => (onnx.Gather as AnyFn)(a, i64, {}, {}, 7)) as InvalidArgumentError;
    expect(e.code).toBe('onnx.Gather.arguments');
    expect(e.message).toContain(
      'takes at most 4 positional arguments (data, indices, attributes, options); got 5',
    );
  });

  it('torch.index_select(a, 0, i, {}, 7) is torch.index_select.arguments; torch.gather takes its options 4th', () => {
    const e = thrown(() => (torch.index_select as AnyFn)(a, 0, i64, {}, 7)) as InvalidArgumentError;
    expect(e.code).toBe('torch.index_select.arguments');
    expect(e.message).toContain('(input, dim, index, options); got 5');
    expect(torch.gather(a, 0, i64, {}).toArray()).toEqual([4, 5]);
    expect((thrown(() => (torch.gather as AnyFn)(a, 0, i64, {}, 1)) as InvalidArgumentError).code).toBe(
      'torch.gather.arguments',
    );
  });

  it('functions without a signature: constructors, slices, shape helpers, jax.at', () => {
    const codes = [
      () => (numpy.slice as AnyFn)(0, 2, 1, 9),
      () => (numpy.array as AnyFn)([1, 2], 'int32', true),
      () => (jax.at as AnyFn)(a, 0, 1),
      () => (jax.lax.GatherDimensionNumbers as AnyFn)({}, {}),
      () => (stablehlo.gatherShape as AnyFn)([3], [1, 1], {}, 0),
      () => (mlir.tensor.inferResultShape as AnyFn)([3], [1, 1], [0], false, 0),
    ].map((f) => (thrown(f) as InvalidArgumentError).code);
    expect(codes).toEqual([
      'numpy.slice.arguments',
      'numpy.array.arguments',
      'jax.at.arguments',
      'jax.lax.GatherDimensionNumbers.arguments',
      'stablehlo.gatherShape.arguments',
      'mlir.tensor.inferResultShape.arguments',
    ]);
    expect(numpy.slice(0, 2, 1)).toEqual(numpy.slice(0, 2, 1));
  });

  it('the methods of x.at[i] (eager and lowered): one argument past their own is jax.at.<method>.arguments', () => {
    const x = tensor([1, 2, 3], 'float32');
    for (const ref of [jax.at(x, 1), jax.lower.at(x, 1)]) {
      const r = ref as unknown as Record<string, AnyFn>;
      const codes = [
        () => r.get({}, 5),
        () => r.set(7, {}, 5),
        () => r.mul(2, {}, 5),
        () => r.divide(2, {}, 5),
        () => r.apply((v: number) => v, {}, 5),
      ].map((f) => (thrown(f) as InvalidArgumentError).code);
      expect(codes).toEqual([
        'jax.at.get.arguments',
        'jax.at.set.arguments',
        'jax.at.multiply.arguments',
        'jax.at.divide.arguments',
        'jax.at.apply.arguments',
      ]);
    }
    expect((thrown(() => (jax.at(x, 1).add as AnyFn)(1, null, 2)) as Error).message).toBe(
      'jax.at.add: takes at most 2 positional arguments (values, options); got 3 (jax.at.add.arguments)',
    );
    expect(jax.at(x, 1).add(10, {}).toArray()).toEqual([1, 12, 3]);
  });
});

describe('the checked namespaces keep what callers rely on', () => {
  it('aliases stay one function / one object; values and policy tables are the same objects', () => {
    expect(jax.jnp).toBe(jax.numpy);
    expect(jax.lower.jnp.take).toBe(jax.lower.numpy.take);
    expect(directml.SCATTER_ELEMENTS).toBe(directml.SCATTER);
    expect(numpy.ellipsis).toEqual({ kind: 'ellipsis' });
    expect(typeof caffe2.policy.wrap_indices.Gather).toBe('function');
  });

  it("names and lengths are the wrapped functions' (what the explorer and docs print)", () => {
    expect([torch.lower.gather.name, torch.lower.gather.length]).toEqual(['lowerGather', 4]);
    expect([stablehlo.gatherShape.name, stablehlo.gatherShape.length]).toEqual(['gatherShape', 3]);
  });

  it('a function called without its namespace (`const { take } = numpy`) runs', () => {
    const { take } = numpy;
    expect(take([1, 2, 3], [2]).toArray()).toEqual([3n]);
  });

  it('a function no signature or stated list describes is an InternalError at load (registry.signature)', () => {
    const stated = { SIGNATURES: {}, DESCRIPTION: NUMPY_DESCRIPTION };
    const e = thrown(() => arityChecked('fixture', stated, {}, { lower: { unknown: () => 0 } }));
    expect(e).toBeInstanceOf(InternalError);
    expect((e as InternalError).code).toBe('registry.signature');
    expect((e as InternalError).message).toContain('fixture.lower.unknown');
  });
});
