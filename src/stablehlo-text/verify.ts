/**
 * The verifier: every op of every function and region against the spec's constraints, as a
 * list of every violation (not only the first). Result types an op declares are checked
 * against `inferTypes` (src/ir/ops) for the element-wise and structural ops, against the
 * core's constraint functions for gather (`stablehlo.gather.C1`–`C23`), dynamic_gather and
 * scatter (`stablehlo.scatter.C1`–`C25`, the update computation's type included); calls against
 * their callees, checks against their operands, returns against the declared results.
 *
 * Works on any module (read from MLIR, from HLO, or built), with each op's `loc.line` for
 * messages.
 */
import { gatherShape } from '../core/gather-shape.js';
import { scatterShape } from '../core/scatter-shape.js';
import { GatherScatterError } from '../errors.js';
import { inferTypes } from '../ir/ops/index.js';
import { isPromotable } from '../ir/ops/reduce.js';
import type { Body, Func, Module, Op, TensorType } from '../ir/program.js';
import { valueTypes } from '../ir/program.js';
import { isComplex, isFloat, isInteger } from '../tensor/dtype.js';
import { type Violation, textError } from './diagnostics.js';
import { formatType, formatTypes, sameType } from './types.js';

export interface VerifyOptions {
  /** Ops already reported while reading (the verifier skips them). */
  readonly broken?: WeakSet<Op>;
}

/** Every violated constraint of `module`, in program order (empty when it verifies). */
export function verifyModule(module: Module, opts: VerifyOptions = {}): Violation[] {
  checkModule(module, 'verifyModule');
  const v = new Verifier(module, opts.broken ?? new WeakSet());
  for (const f of module.funcs) v.func(f);
  v.callGraph();
  if (!module.funcs.some((f) => f.name === module.entry))
    v.out.push({
      code: 'stablehlo_text.unknown_function',
      message: `the entry function @${module.entry} is not in the module`,
    });
  return v.out;
}

class Verifier {
  readonly out: Violation[] = [];
  private readonly byName = new Map<string, Func>();

  constructor(
    private readonly module: Module,
    private readonly broken: WeakSet<Op>,
  ) {
    for (const f of module.funcs) if (!this.byName.has(f.name)) this.byName.set(f.name, f);
  }

  private add(code: string, line: number | undefined, message: string): void {
    this.out.push({ code, message, ...(line === undefined ? {} : { line }) });
  }

  func(f: Func): void {
    this.body(f, `@${f.name}`);
    const types = valueTypes(f);
    const returned = f.returns.map((id) => types[id]);
    const line = f.loc?.line;
    if (returned.length !== f.results.length)
      this.add(
        'stablehlo_text.return_type',
        line,
        `@${f.name} declares ${f.results.length} result${f.results.length === 1 ? '' : 's'} but returns ${returned.length}`,
      );
    else
      returned.forEach((t, k) => {
        if (t !== undefined && !sameType(t, f.results[k]))
          this.add(
            'stablehlo_text.return_type',
            line,
            `@${f.name} returns ${formatType(t)} as result ${k}, declared ${formatType(f.results[k])}`,
          );
      });
  }

  private body(body: Body, where: string): void {
    const types = valueTypes(body);
    const defs: (Op | undefined)[] = new Array(body.params.length).fill(undefined);
    for (const op of body.ops) for (let k = 0; k < op.results.length; k++) defs.push(op);
    for (const op of body.ops) {
      if (this.broken.has(op)) continue;
      const line = op.loc?.line;
      const operands = op.operands.map((id) => types[id]);
      if (operands.some((t) => t === undefined)) {
        this.add(
          'stablehlo_text.undefined_value',
          line,
          `stablehlo.${op.kind} in ${where} uses a value that is not defined before it`,
        );
        continue;
      }
      try {
        this.op(op, operands, defs);
      } catch (e) {
        if (!(e instanceof GatherScatterError)) throw e;
        this.add(e.code, line, e.text);
      }
      if (op.kind === 'reduce' || op.kind === 'scatter' || op.kind === 'reduce_window')
        this.body(op.body, `the ${op.kind} region on line ${line ?? '?'}`);
      if (op.kind === 'select_and_scatter')
        for (const key of ['select', 'scatter'] as const)
          this.body(op[key], `the select_and_scatter ${key} region on line ${line ?? '?'}`);
    }
  }

  /** Checks one op; throws a typed error for the first broken constraint of the op. */
  private op(op: Op, operands: readonly TensorType[], defs: readonly (Op | undefined)[]): void {
    switch (op.kind) {
      case 'gather':
        this.gather(op, operands);
        break;
      case 'dynamic_gather':
        this.dynamicGather(op, operands, defs);
        break;
      case 'scatter':
        this.scatter(op, operands);
        break;
      case 'call':
        this.call(op, operands);
        break;
      case 'check':
        this.check(op, operands);
        break;
      default:
        inferTypes(op, operands);
    }
  }

  private result(
    op: Op,
    kind: string,
    shape: readonly number[],
    dtype: TensorType['dtype'],
    codes: [string, string],
  ): void {
    if (op.results.length !== 1) {
      this.add(
        `stablehlo.${kind}.${codes[0]}`,
        op.loc?.line,
        `stablehlo.${kind}: has one result; ${op.results.length} declared`,
      );
      return;
    }
    const r = op.results[0];
    const want: TensorType = { shape, dtype };
    if (r.shape.length !== shape.length || r.shape.some((d, i) => d !== shape[i]))
      this.add(
        `stablehlo.${kind}.${codes[0]}`,
        op.loc?.line,
        `stablehlo.${kind}: the result type is ${formatType(want)}; declared ${formatType(r)}`,
      );
    else if (r.dtype !== dtype)
      this.add(
        `stablehlo.${kind}.${codes[1]}`,
        op.loc?.line,
        `stablehlo.${kind}: element_type(result) = element_type(operand) = ${formatType(want)}; declared ${formatType(r)}`,
      );
  }

  private indexType(kind: string, code: string, t: TensorType, line: number | undefined): boolean {
    if (isInteger(t.dtype)) return true;
    this.add(
      `stablehlo.${kind}.${code}`,
      line,
      `stablehlo.${kind}: the indices must be a tensor of integer type; got ${formatType(t)}`,
    );
    return false;
  }

  private gather(op: Extract<Op, { kind: 'gather' }>, operands: readonly TensorType[]): void {
    const line = op.loc?.line;
    if (operands.length !== 2) {
      this.add('stablehlo.gather.I1', line, `stablehlo.gather takes 2 operands; got ${operands.length}`);
      return;
    }
    if (!this.indexType('gather', 'I2', operands[1], line)) return;
    const info = gatherShape(operands[0].shape, operands[1].shape, op.dimension_numbers);
    this.result(op, 'gather', info.resultShape, operands[0].dtype, ['C22', 'C23']);
  }

  private dynamicGather(
    op: Extract<Op, { kind: 'dynamic_gather' }>,
    operands: readonly TensorType[],
    defs: readonly (Op | undefined)[],
  ): void {
    const line = op.loc?.line;
    if (operands.length !== 3) {
      this.add(
        'stablehlo.dynamic_gather.I1',
        line,
        `stablehlo.dynamic_gather takes 3 operands; got ${operands.length}`,
      );
      return;
    }
    if (!this.indexType('dynamic_gather', 'I2', operands[1], line)) return;
    const sizes = operands[2];
    if (sizes.shape.length !== 1 || !isInteger(sizes.dtype)) {
      this.add(
        'stablehlo.dynamic_gather.I3',
        line,
        `stablehlo.dynamic_gather: slice_sizes must be a 1-dimensional tensor of integer type; got ${formatType(sizes)}`,
      );
      return;
    }
    const def = defs[op.operands[2]];
    const known = def?.kind === 'constant';
    // Sizes known only when run: every constraint that does not read them is still checked now,
    // on stand-in sizes that break none (1, or 0 on an empty dim), and the result's rank.
    const slice_sizes = known
      ? Array.from(def.value.data as ArrayLike<number | bigint>, Number)
      : operands[0].shape.map((d) => Math.min(1, d));
    const info = gatherShape(
      operands[0].shape,
      operands[1].shape,
      { ...op.dimension_numbers, slice_sizes },
      'stablehlo.dynamic_gather',
    );
    if (known) this.result(op, 'dynamic_gather', info.resultShape, operands[0].dtype, ['C13', 'C14']);
    else if (op.results.length === 1 && op.results[0].shape.length !== info.resultShape.length) {
      const rank = `stablehlo.dynamic_gather: the result has rank ${info.resultShape.length} (batch dims and offset_dims); declared ${formatType(op.results[0])}`;
      this.add('stablehlo.dynamic_gather.C13', line, rank);
    } else this.result(op, 'dynamic_gather', op.results[0]?.shape ?? [], operands[0].dtype, ['C13', 'C14']);
  }

  private scatter(op: Extract<Op, { kind: 'scatter' }>, operands: readonly TensorType[]): void {
    const line = op.loc?.line;
    const n = (operands.length - 1) / 2;
    if (!(n >= 1 && Number.isInteger(n))) {
      this.add(
        'stablehlo.scatter.C5',
        line,
        `stablehlo.scatter takes N inputs, the indices and N updates; got ${operands.length} operands`,
      );
      return;
    }
    const inputs = operands.slice(0, n);
    const indices = operands[n];
    const updates = operands.slice(n + 1);
    if (!this.indexType('scatter', 'I2', indices, line)) return;
    const info = scatterShape(
      inputs.map((t) => t.shape),
      indices.shape,
      updates.map((t) => t.shape),
      op.dimension_numbers,
    );
    // (C23) update_computation: (tensor<E0>, …, tensor<E0>, …) -> (tensor<E0>, …) with
    // is_promotable(element_type(inputs[i]), Ei); (C25) element_type(results[i]) = Ei.
    const body = op.body;
    const values = valueTypes(body);
    const E = inputs.map((t, i) => {
      const p = body.params[i]?.dtype;
      return p !== undefined && isPromotable(t.dtype, p) ? p : t.dtype;
    });
    const scalarOf = (i: number): TensorType => ({ shape: [], dtype: E[i] });
    const want = [...inputs.map((_, i) => scalarOf(i)), ...inputs.map((_, i) => scalarOf(i))];
    const got = body.returns.map((v) => values[v]);
    const ok =
      body.params.length === 2 * n &&
      body.params.every((p, k) => sameType(p, want[k])) &&
      got.length === n &&
      got.every((t, i) => t !== undefined && sameType(t, scalarOf(i)));
    if (!ok)
      this.add(
        'stablehlo.scatter.C23',
        line,
        `stablehlo.scatter: update_computation must have type ${formatTypes(want)} -> ${formatTypes(inputs.map((_, i) => scalarOf(i)))} (Ei promotable from the inputs' element types); got ${formatTypes(body.params)} -> ${formatTypes(got.filter((t) => t !== undefined))}`,
      );
    for (let i = 0; i < n; i++)
      if (inputs[i].dtype !== updates[i]?.dtype)
        this.add(
          'stablehlo.scatter.C6',
          line,
          `stablehlo.scatter: updates[${i}] must have the element type of inputs[${i}]; got ${formatType(updates[i])} for ${formatType(inputs[i])}`,
        );
    // (C24) shape(inputs...) = shape(results...), (C25) element_type(results[i]) = Ei
    if (op.results.length !== n)
      this.add(
        'stablehlo.scatter.C24',
        line,
        `stablehlo.scatter: ${n} inputs give ${n} results; ${op.results.length} declared`,
      );
    else
      op.results.forEach((r, i) => {
        const shape = info.resultShape;
        if (r.shape.length !== shape.length || r.shape.some((d, k) => d !== shape[k]))
          this.add(
            'stablehlo.scatter.C24',
            line,
            `stablehlo.scatter: shape(results[${i}]) = shape(inputs[${i}]) = [${shape.join(', ')}]; declared ${formatType(r)}`,
          );
        else if (r.dtype !== E[i])
          this.add(
            'stablehlo.scatter.C25',
            line,
            `stablehlo.scatter: element_type(results[${i}]) = E${i} = ${E[i]}; declared ${formatType(r)}`,
          );
      });
  }

  private call(op: Extract<Op, { kind: 'call' }>, operands: readonly TensorType[]): void {
    const line = op.loc?.line;
    const f = this.byName.get(op.callee);
    if (f === undefined) {
      this.add('stablehlo_text.unknown_function', line, `call @${op.callee}: no such function in the module`);
      return;
    }
    if (operands.length !== f.params.length || operands.some((t, k) => !sameType(t, f.params[k])))
      this.add(
        'stablehlo_text.call',
        line,
        `call @${op.callee} passes ${formatTypes(operands)}; @${op.callee} takes ${formatTypes(f.params)}`,
      );
    if (op.results.length !== f.results.length || op.results.some((t, k) => !sameType(t, f.results[k])))
      this.add(
        'stablehlo_text.call',
        line,
        `call @${op.callee} declares results ${formatTypes(op.results)}; @${op.callee} returns ${formatTypes(f.results)}`,
      );
  }

  private check(op: Extract<Op, { kind: 'check' }>, operands: readonly TensorType[]): void {
    const line = op.loc?.line;
    const name = op.check === 'eq' ? 'custom_call @check.eq' : `check.${op.check}`;
    const isConst = op.check === 'expect_eq_const' || op.check === 'expect_almost_eq_const';
    const want = isConst ? 1 : 2;
    if (operands.length !== want) {
      this.add(
        'stablehlo_text.check',
        line,
        `${name} takes ${want} operand${want === 1 ? '' : 's'}; got ${operands.length}`,
      );
      return;
    }
    const actual = operands[0];
    const expected: TensorType | undefined = isConst
      ? op.expected && { shape: op.expected.shape, dtype: op.expected.dtype }
      : operands[1];
    if (expected === undefined || !sameType(actual, expected))
      this.add(
        'stablehlo_text.check',
        line,
        `${name} compares ${formatType(actual)} with ${expected ? formatType(expected) : 'nothing'}; the types must match`,
      );
    const almost = op.check === 'expect_almost_eq' || op.check === 'expect_almost_eq_const';
    // The interpreter's almost-equal and close compare a complex element by its parts (CheckOps.td:
    // TensorOf<[AnyFloat, AnyComplex]>).
    const fits = isFloat(actual.dtype) || isComplex(actual.dtype);
    if ((almost || op.check === 'expect_close') && !fits)
      this.add(
        'stablehlo_text.check',
        line,
        `${name} takes floating-point or complex tensors; got ${formatType(actual)}`,
      );
    const results = op.check === 'eq' ? [{ shape: [], dtype: 'bool' } as TensorType] : [];
    if (op.results.length !== results.length || op.results.some((t, k) => !sameType(t, results[k])))
      this.add(
        'stablehlo_text.check',
        line,
        `${name} returns ${results.length ? 'tensor<i1>' : 'nothing'}; declared ${formatTypes(op.results)}`,
      );
  }

  /** Calls must not recurse (the interpreter would never end); iterative, any number of functions. */
  callGraph(): void {
    const state = new Map<string, 1 | 2>();
    for (const root of this.module.funcs) {
      if (state.has(root.name)) continue;
      // depth-first with an explicit stack of (function, next op index)
      const stack: { f: Func; k: number }[] = [{ f: root, k: 0 }];
      state.set(root.name, 1);
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        if (top.k >= top.f.ops.length) {
          state.set(top.f.name, 2);
          stack.pop();
          continue;
        }
        const op = top.f.ops[top.k++];
        if (op.kind !== 'call') continue;
        const g = this.byName.get(op.callee);
        if (!g) continue;
        const s = state.get(g.name);
        if (s === 1) {
          const from = stack.findIndex((e) => e.f.name === g.name);
          const cycle = [...stack.slice(from).map((e) => e.f.name), g.name];
          this.add(
            'stablehlo_text.recursion',
            op.loc?.line,
            `@${cycle.join(' → @')}: a function that calls itself never ends`,
          );
        } else if (s === undefined) {
          state.set(g.name, 1);
          stack.push({ f: g, k: 0 });
        }
      }
    }
  }
}

/**
 * A module handed in by a caller (not one this package read) must at least be a record whose
 * `funcs` is an array: anything else would fail on its first field read with a TypeError.
 */
export function checkModule(module: unknown, where: string): void {
  const funcs = typeof module === 'object' && module !== null ? (module as Module).funcs : undefined;
  if (!Array.isArray(funcs))
    textError(
      'module',
      undefined,
      `${where}: expected a module with a funcs array; got ${module === null ? 'null' : typeof module}`,
    );
}
