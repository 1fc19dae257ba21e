/**
 * The window ops (src/ir/ops/windows.ts), select_and_scatter and reduce_window: the spec's
 * examples verbatim, the window walk (strides, padding, windows wholly in padding, first maximum
 * kept by GE), the scatter fold from init_value, promotion of the scatter type, padding folded in
 * as the init value, text in and out, and one negative case per constraint.
 */
import { describe, expect, it } from 'vitest';
import { DTypeError, InvalidArgumentError } from '../src/errors.js';
import { inferTypes } from '../src/ir/ops/index.js';
import { printModule } from '../src/ir/print.js';
import type { Body, Op, TensorType } from '../src/ir/program.js';
import { runModule } from '../src/ir/run.js';
import { readModule } from '../src/stablehlo-text/index.js';
import type { DType } from '../src/tensor/dtype.js';
import { type Tensor, tensor } from '../src/tensor/tensor.js';
import { thrown } from './helpers/errors.js';

const MLIR: Partial<Record<DType, string>> = { int64: 'i64', int32: 'i32', float32: 'f32', float64: 'f64' };

/** A module running one select_and_scatter on its three parameters. */
function module(opts: {
  operand: string;
  source: string;
  dtype: DType;
  select?: string;
  scatter?: string;
  attrs: string;
  scatterType?: DType;
}): string {
  const e = MLIR[opts.dtype];
  const s = MLIR[opts.scatterType ?? opts.dtype];
  const t = (shape: string, el = e) => `tensor<${shape}${shape ? 'x' : ''}${el}>`;
  return `func.func @main(%x: ${t(opts.operand)}, %s: ${t(opts.source)}, %i: ${t('')}) -> ${t(opts.operand, s)} {
  %r = "stablehlo.select_and_scatter"(%x, %s, %i) ${opts.attrs.startsWith('<') ? opts.attrs : ''} ({
  ^bb0(%a: tensor<${e}>, %b: tensor<${e}>):
    %0 = stablehlo.compare ${opts.select ?? 'GE'}, %a, %b : (tensor<${e}>, tensor<${e}>) -> tensor<i1>
    stablehlo.return %0 : tensor<i1>
  }, {
  ^bb0(%a: tensor<${s}>, %b: tensor<${s}>):
    %0 = stablehlo.${opts.scatter ?? 'add'} %a, %b : tensor<${s}>
    stablehlo.return %0 : tensor<${s}>
  }) ${opts.attrs.startsWith('<') ? '' : opts.attrs} : (${t(opts.operand)}, ${t(opts.source)}, ${t('')}) -> ${t(opts.operand, s)}
  return %r : ${t(opts.operand, s)}
}`;
}

/** One test per case: inferTypes throws the case's class under `stablehlo.<op>.<rule>`. */
function negatives(op: string, cases: readonly [string, typeof InvalidArgumentError, Op, TensorType[]][]) {
  it.each(cases.map(([c, cls, o, types]) => ({ c, cls, o, types })))(`stablehlo.${op}.$c`, ({
    c,
    cls,
    o,
    types,
  }) => {
    const e = thrown(() => inferTypes(o, types));
    expect(e).toBeInstanceOf(cls);
    expect(e.code).toBe(`stablehlo.${op}.${c}`);
  });
}

const run = (text: string, args: Tensor[]) => runModule(readModule(text), args).results[0].toArray();

describe('select_and_scatter', () => {
  it('the spec example, verbatim (window 3x1, strides 2x1, padding [[0, 1], [0, 0]])', () => {
    const text = module({
      operand: '4x2',
      source: '2x2',
      dtype: 'int64',
      attrs: `{ window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>, padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64> }`,
    });
    const operand = tensor(
      [
        [1n, 5n],
        [2n, 5n],
        [3n, 6n],
        [4n, 4n],
      ] as never,
      'int64',
    );
    const source = tensor(
      [
        [5n, 6n],
        [7n, 8n],
      ] as never,
      'int64',
    );
    expect(run(text, [operand, source, tensor(0n, 'int64')])).toEqual(
      [
        [0, 0],
        [0, 0],
        [5, 14],
        [7, 0],
      ].map((r) => r.map(BigInt)),
    );
    // Printed and read back, it runs the same (the two regions, padding as a 2-D dense).
    const again = printModule(readModule(text));
    expect(again).toContain('padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>');
    expect(runModule(readModule(again), [operand, source, tensor(0n, 'int64')]).results[0].toArray()).toEqual(
      [
        [0, 0],
        [0, 0],
        [5, 14],
        [7, 0],
      ].map((r) => r.map(BigInt)),
    );
  });

  it('GE keeps the first maximum, GT the last; strides and padding default to 1 and 0', () => {
    const args = [tensor([3, 1, 3, 2], 'float32'), tensor([10, 20, 30], 'float32'), tensor(0.5, 'float32')];
    const attrs = '<{window_dimensions = array<i64: 2>}>';
    // Windows [3, 1], [1, 3], [3, 2]: GE picks indices 0, 2, 2; GT picks 0, 2, 2 too but ties go last.
    expect(run(module({ operand: '4', source: '3', dtype: 'float32', attrs }), args)).toEqual([
      10.5, 0.5, 50.5, 0.5,
    ]);
    const ties = [tensor([3, 3, 3, 3], 'float32'), tensor([10, 20, 30], 'float32'), tensor(0, 'float32')];
    expect(run(module({ operand: '4', source: '3', dtype: 'float32', attrs }), ties)).toEqual([
      10, 20, 30, 0,
    ]);
    expect(run(module({ operand: '4', source: '3', dtype: 'float32', attrs, select: 'GT' }), ties)).toEqual([
      0, 10, 20, 30,
    ]);
  });

  it('the scatter folds from init_value in source order (init 100 counted once), multiply too', () => {
    const attrs = '<{window_dimensions = array<i64: 3>, window_strides = array<i64: 1>}>';
    const args = [tensor([1, 9, 2, 0], 'int32'), tensor([2, 3], 'int32'), tensor(100, 'int32')];
    // Both windows select index 1: 100 + 2 + 3 (the reference interpreter would give 100·3 + 5).
    expect(run(module({ operand: '4', source: '2', dtype: 'int32', attrs }), args)).toEqual([
      100, 105, 100, 100,
    ]);
    expect(
      run(module({ operand: '4', source: '2', dtype: 'int32', attrs, scatter: 'multiply' }), args),
    ).toEqual([100, 600, 100, 100]);
  });

  it('a window wholly in padding scatters nothing; a rank-0 operand has one window', () => {
    const attrs = `<{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[2, 0]]> : tensor<1x2xi64>}>`;
    const args = [tensor([4, 5], 'float64'), tensor([7, 8], 'float64'), tensor(-0, 'float64')];
    const r = run(module({ operand: '2', source: '2', dtype: 'float64', attrs }), args) as number[];
    expect(r).toEqual([-0, 8]);
    expect(Object.is(r[0], -0)).toBe(true);
    const zero = module({
      operand: '',
      source: '',
      dtype: 'float32',
      attrs: '<{window_dimensions = array<i64>}>',
    });
    expect(run(zero, [tensor(1, 'float32'), tensor(2, 'float32'), tensor(3, 'float32')])).toBe(5);
  });

  it('the scatter may compute in a wider type (C10 is_promotable): source and init are converted', () => {
    const text = module({
      operand: '2',
      source: '1',
      dtype: 'float32',
      scatterType: 'float64',
      attrs: '<{window_dimensions = array<i64: 2>}>',
    });
    const r = run(text, [
      tensor([1, 2], 'float32'),
      tensor([0.1], 'float32'),
      tensor(0.2, 'float32'),
    ]) as number[];
    expect(r).toEqual([Math.fround(0.2), Math.fround(0.2) + Math.fround(0.1)]);
  });
});

describe('select_and_scatter: one negative case per constraint', () => {
  const ty = (shape: number[], dtype: DType = 'int32'): TensorType => ({ shape, dtype });
  const scalar = (d: DType): TensorType => ty([], d);
  const body = (kind: string, a: DType, r: DType): Body => ({
    params: [scalar(a), scalar(a)],
    ops: [
      {
        kind,
        operands: [0, 1],
        results: [scalar(r)],
        ...(kind === 'compare' ? { comparison_direction: 'GE' } : {}),
      } as unknown as Op,
    ],
    returns: [2],
  });
  const op = (attrs: Record<string, unknown> = {}, results: TensorType[] = []): Op =>
    ({
      kind: 'select_and_scatter',
      operands: [],
      results,
      window_dimensions: [2],
      window_strides: [1],
      padding: [[0, 0]],
      select: body('compare', 'int32', 'bool'),
      scatter: body('add', 'int32', 'int32'),
      ...attrs,
    }) as unknown as Op;
  const ok = [ty([3]), ty([2]), ty([])];
  const cases: [string, typeof InvalidArgumentError, Op, TensorType[]][] = [
    ['C1', DTypeError as typeof InvalidArgumentError, op(), [ty([3]), ty([2], 'float32'), ty([])]],
    ['C2', InvalidArgumentError, op(), [ty([3]), ty([3]), ty([])]],
    ['C3', DTypeError as typeof InvalidArgumentError, op(), [ty([3]), ty([2]), ty([], 'int64')]],
    ['I3', InvalidArgumentError, op(), [ty([3]), ty([2]), ty([1])]],
    ['C4', InvalidArgumentError, op({ window_dimensions: [2, 1] }), ok],
    ['C5', InvalidArgumentError, op({ window_dimensions: [0] }), ok],
    ['C6', InvalidArgumentError, op({ window_strides: [] }), ok],
    ['C7', InvalidArgumentError, op({ window_strides: [0] }), ok],
    ['C8', InvalidArgumentError, op({ padding: [[0, 0, 0]] }), ok],
    ['C9', InvalidArgumentError, op({ select: body('add', 'int32', 'int32') }), ok],
    ['C10', InvalidArgumentError, op({ scatter: body('compare', 'int32', 'bool') }), ok],
    ['C10', DTypeError as typeof InvalidArgumentError, op({ scatter: body('add', 'int8', 'int8') }), ok],
    ['C11', InvalidArgumentError, op({}, [ty([2])]), ok],
    ['C12', DTypeError as typeof InvalidArgumentError, op({}, [ty([3], 'int64')]), ok],
  ];
  negatives('select_and_scatter', cases);
  it('the valid op infers operand shape and scatter type', () => {
    expect(inferTypes(op(), ok)).toEqual([ty([3])]);
  });
});

describe('reduce_window', () => {
  const text = (
    windowDims: string,
    resultShape: string,
  ) => `func.func @main(%x: tensor<3x2xi64>, %i: tensor<i64>) -> tensor<${resultShape}xi64> {
  %r = "stablehlo.reduce_window"(%x, %i) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %0 = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %0 : tensor<i64>
  }) {
    window_dimensions = array<i64: ${windowDims}>,
    window_strides = array<i64: 4, 1>,
    base_dilations = array<i64: 2, 1>,
    window_dilations = array<i64: 3, 1>,
    padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<3x2xi64>, tensor<i64>) -> tensor<${resultShape}xi64>
  return %r : tensor<${resultShape}xi64>
}`;
  const x = tensor(
    [
      [1n, 2n],
      [3n, 4n],
      [5n, 6n],
    ] as never,
    'int64',
  );
  const big = (rows: number[][]) => rows.map((r) => r.map(BigInt));

  it('the spec example verbatim, and the interpreter test of issue 1662; printed and read back', () => {
    expect(run(text('2, 1', '2x2'), [x, tensor(0n, 'int64')])).toEqual(
      big([
        [0, 0],
        [3, 4],
      ]),
    );
    expect(run(text('3, 1', '1x2'), [x, tensor(0n, 'int64')])).toEqual(big([[5, 6]]));
    const again = printModule(readModule(text('2, 1', '2x2')));
    expect(again).toContain('base_dilations = array<i64: 2, 1>');
    expect(runModule(readModule(again), [x, tensor(0n, 'int64')]).results[0].toArray()).toEqual(
      big([
        [0, 0],
        [3, 4],
      ]),
    );
  });

  it('padding and dilation holes fold in as the init value (the spec and the reference interpreter)', () => {
    // init 10: a window of padding alone is 10 + 10 + 10, not 10.
    expect(run(text('2, 1', '2x2'), [x, tensor(10n, 'int64')])).toEqual(
      big([
        [30, 30],
        [23, 24],
      ]),
    );
  });

  it('two inputs (JAX select_and_gather_add): the body picks a pair per window', () => {
    const pair = `func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<2xf32> {
  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r:2 = "stablehlo.reduce_window"(%x, %y, %inf, %z) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    %0 = stablehlo.compare LE, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %1 = stablehlo.select %0, %a, %c : tensor<i1>, tensor<f32>
    %2 = stablehlo.select %0, %b, %d : tensor<i1>, tensor<f32>
    stablehlo.return %1, %2 : tensor<f32>, tensor<f32>
  }) : (tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %r#1 : tensor<2xf32>
}`;
    // The y beside each window's minimum x.
    expect(run(pair, [tensor([3, 1, -2, 5], 'float32'), tensor([10, 20, 30, 40], 'float32')])).toEqual([
      20, 30,
    ]);
  });

  const ty = (shape: number[], dtype: DType = 'int32'): TensorType => ({ shape, dtype });
  const add: Body = {
    params: [ty([]), ty([])],
    ops: [{ kind: 'add', operands: [0, 1], results: [ty([])] } as unknown as Op],
    returns: [2],
  };
  const op = (attrs: Record<string, unknown> = {}, results: TensorType[] = []): Op =>
    ({
      kind: 'reduce_window',
      operands: [],
      results,
      window_dimensions: [2],
      window_strides: [1],
      base_dilations: [1],
      window_dilations: [1],
      padding: [[0, 0]],
      body: add,
      ...attrs,
    }) as unknown as Op;
  const ok = [ty([3]), ty([])];
  const DTE = DTypeError as typeof InvalidArgumentError;
  const cases: [string, typeof InvalidArgumentError, Op, TensorType[]][] = [
    ['C1', InvalidArgumentError, op(), [ty([3]), ty([3]), ty([])]],
    ['C2', InvalidArgumentError, op(), [ty([3]), ty([4]), ty([]), ty([])]],
    ['C3', DTE, op(), [ty([3]), ty([], 'int64')]],
    ['I2', InvalidArgumentError, op(), [ty([3]), ty([1])]],
    ['C4', InvalidArgumentError, op({ window_dimensions: [] }), ok],
    ['C5', InvalidArgumentError, op({ window_dimensions: [0] }), ok],
    ['C6', InvalidArgumentError, op({ window_strides: [1, 1] }), ok],
    ['C7', InvalidArgumentError, op({ window_strides: [-1] }), ok],
    ['C8', InvalidArgumentError, op({ base_dilations: [] }), ok],
    ['C9', InvalidArgumentError, op({ base_dilations: [0] }), ok],
    ['C10', InvalidArgumentError, op({ window_dilations: [] }), ok],
    ['C11', InvalidArgumentError, op({ window_dilations: [0] }), ok],
    ['C12', InvalidArgumentError, op({ padding: [[0]] }), ok],
    ['C13', InvalidArgumentError, op({ body: { ...add, returns: [] } }), ok],
    ['C13', DTE, op(), [ty([3], 'int64'), ty([], 'int64')]],
    ['C15', InvalidArgumentError, op({}, [ty([3])]), ok],
    ['C16', DTE, op({}, [ty([2], 'int64')]), ok],
  ];
  negatives('reduce_window', cases);
  it('the valid op infers num_windows', () => {
    expect(inferTypes(op(), ok)).toEqual([ty([2])]);
  });
});
