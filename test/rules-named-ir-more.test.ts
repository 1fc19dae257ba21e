/**
 * One named negative test per rule of the IR and the StableHLO text reader that had none
 * (src/ir/run.ts, src/ir/legalize.ts, src/stablehlo-text/*), each reached through the public
 * API: the text readers (`readModule`, `runStablehlo`, `verifyModule`), `stablehloText(call)`,
 * and `execute` of a program call whose module is edited by hand (the IR interpreter's own
 * checks, which text never reaches: the verifier refuses such text first). Each asserts the
 * error class, the exact code and the message, beside the valid input.
 */
import { describe, expect, it } from 'vitest';
import { DTypeError, InvalidArgumentError, core, jax, stablehlo, tensor } from '../src/index.js';
import { readModule, runStablehlo, stablehloText, verifyModule } from '../src/stablehlo-text/index.js';
import { expectRule } from './helpers/errors.js';

const GATHER_ATTRS = `dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1>`;
const gatherModule = (
  operands: string,
  types: string,
) => `func.func @main(%x: tensor<3xi32>, %i: tensor<1x1xi32>) -> tensor<1xi32> {
  %r = "stablehlo.gather"(${operands}) {
    ${GATHER_ATTRS}
  } : (${types}) -> tensor<1xi32>
  return %r : tensor<1xi32>
}`;
const x3 = () => tensor([10, 11, 12], 'int32');
const i11 = () => tensor([[2]], 'int32');

describe('StableHLO text: one named test per rule', () => {
  it('the base module runs', () => {
    const r = runStablehlo(gatherModule('%x, %i', 'tensor<3xi32>, tensor<1x1xi32>'), [x3(), i11()]);
    expect(r.results.map((t) => t.toArray())).toEqual([[12]]);
  });

  it('stablehlo.gather.I1: a gather with one operand', () => {
    const e = expectRule(() => readModule(gatherModule('%x', 'tensor<3xi32>')), 'stablehlo.gather.I1');
    expect(e.message).toBe(
      'stablehlo_text: line 2: stablehlo.gather takes 2 operands; got 1 (stablehlo.gather.I1)',
    );
  });

  it('stablehlo_text.redefined_value: a value defined twice', () => {
    const text = `func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {
  %y = stablehlo.add %x, %x : tensor<2xi32>
  %y = stablehlo.add %y, %x : tensor<2xi32>
  return %y : tensor<2xi32>
}`;
    expect(() =>
      readModule(
        text.replace('%y = stablehlo.add %y', '%z = stablehlo.add %y').replace('return %y', 'return %z'),
      ),
    ).not.toThrow();
    const e = expectRule(() => readModule(text), 'stablehlo_text.redefined_value');
    expect(e.message).toBe(
      'stablehlo_text: line 3: %y is defined twice in @main (stablehlo_text.redefined_value)',
    );
  });

  it('stablehlo_text.result_type: a tensor.gather whose result is not the source element type', () => {
    const text = (result: string) => `func.func @main(%s: tensor<4xf32>, %i: tensor<2x1xindex>) -> ${result} {
  %r = tensor.gather %s[%i] gather_dims([0]) : (tensor<4xf32>, tensor<2x1xindex>) -> ${result}
  return %r : ${result}
}`;
    const ok = runStablehlo(text('tensor<2x1xf32>'), [
      tensor([1, 2, 3, 4], 'float32'),
      tensor([[3n], [0n]], 'int64'),
    ]);
    expect(ok.results[0].toArray()).toEqual([[4], [1]]);
    const e = expectRule(() => readModule(text('tensor<2x1xf64>')), 'stablehlo_text.result_type');
    expect(e.message).toBe(
      "stablehlo_text: line 2: tensor.gather: the result has the source's element type; declared tensor<2x1xf64> (stablehlo_text.result_type)",
    );
  });

  it('stablehlo_text.no_result: runStablehlo of a function that returns nothing', () => {
    const text = `func.func @main(%x: tensor<2xi32>) {
  func.return
}`;
    expect(readModule(text).funcs[0].results).toEqual([]);
    const e = expectRule(() => runStablehlo(text, [tensor([1, 2], 'int32')]), 'stablehlo_text.no_result');
    expect(e.message).toBe(
      "stablehlo_text: line 1: @main returns nothing (its checks are in readModule + runModule's checks) (stablehlo_text.no_result)",
    );
  });

  it('stablehlo_text.unknown_function: verifyModule of a module whose entry is not among its functions', () => {
    const module = readModule(gatherModule('%x, %i', 'tensor<3xi32>, tensor<1x1xi32>'));
    expect(verifyModule(module)).toEqual([]);
    expect(verifyModule({ ...module, entry: 'start' })).toEqual([
      { code: 'stablehlo_text.unknown_function', message: 'the entry function @start is not in the module' },
    ]);
  });

  it('stablehlo.scatter.complex_body: a complex scatter whose body is not a built-in one', () => {
    const text = (
      body: string,
    ) => `func.func @main(%x: tensor<2xcomplex<f32>>, %i: tensor<1x1xi32>, %u: tensor<1xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %s = ${body} : tensor<complex<f32>>
    stablehlo.return %s : tensor<complex<f32>>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<2xcomplex<f32>>, tensor<1x1xi32>, tensor<1xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return %r : tensor<2xcomplex<f32>>
}`;
    const args = () => [
      tensor(
        [
          { re: 1, im: 1 },
          { re: 2, im: 0 },
        ],
        'complex64',
      ),
      tensor([[1]], 'int32'),
      tensor([{ re: 3, im: 0 }], 'complex64'),
    ];
    expect(runStablehlo(text('stablehlo.add %a, %b'), args()).results[0].toArray()).toEqual([
      { re: 1, im: 1 },
      { re: 5, im: 0 },
    ]);
    const e = expectRule(
      () => runStablehlo(text('stablehlo.subtract %b, %a'), args()),
      'stablehlo.scatter.complex_body',
      DTypeError,
    );
    expect(e.message).toBe(
      'stablehlo.scatter: an update computation on complex64 must be one of the built-in bodies (add, subtract, multiply, minimum, maximum, or returning the update); got another body (stablehlo.scatter.complex_body)',
    );
  });
});

describe('stablehloText: the legalizer rule', () => {
  const S = {
    update_window_dims: [],
    inserted_window_dims: [0],
    scatter_dims_to_operand_dims: [0],
    index_vector_dim: 1,
  };
  const call = (include_self: boolean) =>
    stablehlo.lower.scatter(
      tensor([1, 2, 3], 'float32'),
      tensor([[1]], 'int32'),
      tensor([5], 'float32'),
      { ...S, include_self },
      'sub',
    ) as core.CoreCall;

  it('ir.legalize.include_self: include_self = false on a reducer without an identity (subtract)', () => {
    expect(stablehloText(call(true))).toContain('stablehlo.subtract');
    const e = expectRule(() => stablehloText(call(false)), 'ir.legalize.include_self');
    expect(e.message).toBe(
      'ir: include_self = false needs a reducer with an identity (add, multiply, minimum, maximum) (ir.legalize.include_self)',
    );
  });
});

describe("execute of a program call: the IR interpreter's own rules", () => {
  /** jax's x.at[i].divide(v) on a complex x: a program (a product scatter, then a divide). */
  const program = () =>
    jax.lower
      .at(
        tensor(
          [
            { re: 2, im: 0 },
            { re: 4, im: 0 },
          ],
          'complex64',
        ),
        tensor([1], 'int32'),
      )
      .divide(tensor([{ re: 2, im: 0 }], 'complex64')) as unknown as {
      module: { funcs: { name: string; ops: { operands: number[] }[] }[]; entry: string };
      args: unknown[];
      argNames: string[];
    };
  const run = (p: object) => core.execute(p as core.CoreCall);

  it('the program runs', () => {
    expect(run(program()).toArray()).toEqual([
      { re: 2, im: 0 },
      { re: 2, im: 0 },
    ]);
  });

  it('ir.run.callee: an entry function the module does not have', () => {
    const p = program();
    const e = expectRule(() => run({ ...p, module: { ...p.module, entry: 'start' } }), 'ir.run.callee');
    expect(e.message).toBe('ir: no function @start in the module (ir.run.callee)');
  });

  it('ir.run.args: fewer arguments than the entry function takes', () => {
    const p = program();
    const e = expectRule(
      () => run({ ...p, args: p.args.slice(0, 2), argNames: p.argNames.slice(0, 2) }),
      'ir.run.args',
    );
    expect(e.message).toBe('ir: @main takes 3 arguments; got 2 (ir.run.args)');
  });

  it('ir.run.value: an operand id no value has yet', () => {
    const p = program();
    const [main] = p.module.funcs;
    const last = main.ops.length - 1;
    const ops = main.ops.map((op, k) => (k === last ? { ...op, operands: [0, 40] } : op));
    const e = expectRule(
      () => run({ ...p, module: { ...p.module, funcs: [{ ...main, ops }] } }),
      'ir.run.value',
    );
    expect(e.message).toBe('ir: value 40 used before it is defined in @main (ir.run.value)');
  });

  it('ir.run.recursion: a function that calls itself', () => {
    const t = { shape: [2], dtype: 'float32' };
    const main = {
      name: 'main',
      params: [t],
      ops: [{ kind: 'call', callee: 'main', operands: [0], results: [t] }],
      returns: [1],
      results: [t],
      paramNames: ['x'],
    };
    const call = {
      kind: 'program',
      op: 'self.call',
      module: { funcs: [main], entry: 'main' },
      args: [tensor([1, 2], 'float32')],
      argNames: ['x'],
    };
    const e = expectRule(() => run(call), 'ir.run.recursion', InvalidArgumentError);
    expect(e.message).toMatch(/^ir: calls nest deeper than \d+ at @main \(ir\.run\.recursion\)$/);
  });
});
