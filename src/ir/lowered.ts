/**
 * A lowered framework call as a program. Most framework ops lower to one gather or scatter (a
 * `CoreCall`, the compact form the core runs directly); the ops whose semantics need work around
 * the gather or scatter (NumPy's cycled `put` values, PyTorch's `alpha`, ONNX's circular cache
 * writes, …) lower to a `ProgramCall`: a module whose entry takes the call's tensors. Both are
 * read by every surface through `programOf`, which turns a `CoreCall` into the same form.
 *
 * Lowering never runs anything: a program is built from the call's attributes and shapes only.
 */
import type { CoreCall, GatherCall, ScatterCall } from '../core/call.js';
import { gatherShape } from '../core/gather-shape.js';
import { zeroSizeShape, zeroSizeSlices } from '../core/gather.js';
import { InvalidArgumentError } from '../errors.js';
import type { Tensor } from '../tensor/tensor.js';
import type { Body, CallMeta, Func, Module, Op, TensorType } from './program.js';
import { reducerBody } from './regions.js';

/** A lowered call that is a whole program (see the module comment). */
export interface ProgramCall {
  readonly kind: 'program';
  /** The framework op, e.g. `numpy.put`; every error names it. */
  readonly op: string;
  /** The program; its entry function takes `args` in order and returns the result first. */
  readonly module: Module;
  /** The call's tensors in the framework function's order. */
  readonly args: readonly Tensor[];
  /** Their names in the framework's signature (`a`, `ind`, `v`), for printing. */
  readonly argNames: readonly string[];
  /** Where the result goes (the framework's `out`), as CoreCall's `out`. */
  readonly out?: Tensor;
}

/** Any lowered call: a single core op or a program. */
export type LoweredCall = CoreCall | ProgramCall;

export const typeOf = (t: Tensor): TensorType => ({ shape: [...t.shape], dtype: t.dtype });

function meta(call: CoreCall): CallMeta {
  return { op: call.op, wording: call.wording, index_rank: call.index_rank };
}

/** The gather op of a gather call (its value ids: 0 operand, 1 indices). */
export function gatherOp(call: GatherCall, operand = 0, indices = 1): Op {
  const dn = call.dimension_numbers;
  // As the core maps it: an indexed zero-size dim (zero_size_dims: out_of_bounds) reads as size 1.
  const mapShape = zeroSizeShape(call.operand.shape, dn, call.options);
  const slices = zeroSizeSlices(call.operand.shape, dn, call.options);
  const shape = gatherShape(mapShape, call.start_indices.shape, slices, call.op).resultShape;
  return {
    kind: 'gather',
    operands: [operand, indices],
    results: [{ shape, dtype: call.operand.dtype }],
    dimension_numbers: dn,
    options: call.options,
    meta: meta(call),
  };
}

/** The scatter op of a scatter call: operands are inputs…, indices, updates… in value-id order. */
export function scatterOp(call: ScatterCall, first = 0): Op {
  const n = call.inputs.length;
  const ids = Array.from({ length: 2 * n + 1 }, (_, k) => first + k);
  const reducer = typeof call.update_computation === 'string' ? call.update_computation : undefined;
  const body = reducer ? reducerBody(reducer, call.inputs[0].dtype) : undefined;
  if (!body)
    throw new InvalidArgumentError(
      'ir.lower.update_computation',
      `${call.op}: a JavaScript update function (or mean) has no StableHLO region; it runs only as a core call`,
    );
  return {
    kind: 'scatter',
    operands: ids,
    results: call.inputs.map(typeOf),
    dimension_numbers: call.dimension_numbers,
    body,
    reducer,
    options: call.options,
    meta: meta(call),
  };
}

/** The entry function `@main` of a program: params, ops, the returned values. */
export function mainFunc(
  params: readonly TensorType[],
  ops: readonly Op[],
  returns: number[],
  names?: string[],
): Func {
  const body: Body = { params, ops, returns };
  const types = [...params, ...ops.flatMap((o) => o.results)];
  return { name: 'main', ...body, results: returns.map((id) => types[id]), paramNames: names };
}

/** The program of any lowered call: a CoreCall becomes `@main(tensors) { gather | scatter; reshape? }`. */
export function programOf(call: LoweredCall): ProgramCall {
  if (call.kind === 'program') return call;
  const ops: Op[] = [];
  let args: Tensor[];
  let names: string[];
  if (call.kind === 'gather') {
    args = [call.operand, call.start_indices];
    names = ['operand', 'start_indices'];
    ops.push(gatherOp(call));
  } else {
    const n = call.inputs.length;
    args = [...call.inputs, call.scatter_indices, ...call.updates];
    names =
      n === 1
        ? ['input', 'scatter_indices', 'update']
        : [
            ...call.inputs.map((_, k) => `input${k}`),
            'scatter_indices',
            ...call.updates.map((_, k) => `update${k}`),
          ];
    ops.push(scatterOp(call));
  }
  let result = args.length;
  if (call.reshape) {
    const r = ops[0].results[0];
    ops.push({
      kind: 'reshape',
      operands: [result],
      results: [{ shape: [...call.reshape], dtype: r.dtype }],
    });
    result++;
  }
  const returns = call.kind === 'scatter' && !call.reshape ? call.inputs.map((_, k) => result + k) : [result];
  const main = mainFunc(args.map(typeOf), ops, returns, names);
  return {
    kind: 'program',
    op: call.op,
    module: { funcs: [main], entry: 'main' },
    args,
    argNames: names,
    out: call.out,
  };
}
