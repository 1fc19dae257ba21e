/**
 * The module reader (src/stablehlo-text): every syntax it reads (pretty and generic ops, modules
 * and bare functions, attributes of every age, literals), each bug of the old one-op reader as a
 * named test, the verifier reporting every violation, typed refusals with their rule and line,
 * linear time on adversarial text, XLA HLO text, and a fuzz of the conformance modules in which
 * every error is a GatherScatterError (seed printed; STABLEHLO_FUZZ_SEED=<seed> replays it).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatherScatterError } from '../src/errors.js';
import type { Func, Module, Op } from '../src/ir/program.js';
import { printModule } from '../src/ir/print.js';
import { runModule } from '../src/ir/run.js';
import {
  MAX_NESTING,
  isHloText,
  parseStablehlo,
  readModule,
  runStablehlo,
  splitInputFile,
} from '../src/stablehlo-text/index.js';
import { lex } from '../src/stablehlo-text/lexer.js';
import { runText } from '../src/stablehlo-text/run-text.js';
import { getAllocationLimit, setAllocationLimit, type Tensor, tensor } from '../src/tensor/tensor.js';
import { stopwatch } from './helpers/budget.js';
import { thrown } from './helpers/errors.js';
import { rng } from './reference/random-cases.js';

const main = (m: Module): Func => m.funcs.find((f) => f.name === m.entry) as Func;
const kinds = (m: Module): string[] => main(m).ops.map((o) => o.kind);
const run1 = (text: string, args: Tensor[] = []) =>
  runModule(readModule(text), args).results.map((t) => t.toArray());

/** The typed error a call throws (fails the test when it returns or throws something else). */

const fn = (body: string, sig = '() -> tensor<2xi64>') => {
  const [params, result] = sig.split(' -> ');
  return `func.func @main${params} -> ${result} {\n${body}\n}`;
};

describe('modules and functions', () => {
  const JAX = `// RUN: stablehlo-translate --interpret %s
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x3xf32> {mhlo.layout_mode = "default", jax.arg_info = "x"}, %arg1: tensor<2xi32> {mhlo.sharding = "{replicated}"}) -> (tensor<2x3xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32> loc(#loc3)
    %1 = "stablehlo.gather"(%arg0, %0) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> {mhlo.frontend_attributes = {x = "y"}} : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32> loc("jit(f)/gather"("x.py":3:4))
    %2 = call @twice(%1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %2 : tensor<2x3xf32> loc(unknown)
  } loc(#loc)
  func.func private @twice(%x: tensor<2x3xf32> loc("x")) -> tensor<2x3xf32> attributes {llvm.emit_c_interface} {
    %0 = stablehlo.add %x, %x : tensor<2x3xf32>
    func.return %0 : tensor<2x3xf32>
  }
} loc(#loc)
#loc = loc(unknown)
#loc3 = loc("x.py":1:2)`;

  it('a JAX module: attributes, public/private functions, argument and result attributes, loc(…) anywhere, call, return', () => {
    const m = readModule(JAX);
    expect(m.entry).toBe('main');
    expect(m.funcs.map((f) => f.name)).toEqual(['main', 'twice']);
    expect(kinds(m)).toEqual(['broadcast_in_dim', 'gather', 'call']);
    expect(main(m).paramNames).toEqual(['%arg0', '%arg1']);
    const x = tensor(
      Array.from({ length: 15 }, (_, i) => i),
      'float32',
      [5, 3],
    );
    expect(runModule(m, [x, tensor([4, 1], 'int32')]).results[0].toArray()).toEqual([
      [24, 26, 28],
      [6, 8, 10],
    ]);
  });

  it('bare functions without a module; the old `func @f` spelling', () => {
    const m = readModule(`func @main(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "mhlo.add"(%a, %a) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  "func.return"(%0) : (tensor<2xi32>) -> ()
}`);
    expect(runModule(m, [tensor([1, 2], 'int32')]).results[0].toArray()).toEqual([2, 4]);
  });

  it('the fully generic form: "builtin.module", "func.func" with function_type, "func.call", "stablehlo.constant"', () => {
    const text = `"builtin.module"() <{sym_name = "jit_main"}> ({
  "func.func"() <{function_type = () -> tensor<2xi64>, res_attrs = [{jax.result_info = ""}], sym_name = "main", sym_visibility = "public"}> ({
    %0 = "func.call"() <{callee = @inputs}> : () -> tensor<2xi64>
    %1 = "stablehlo.multiply"(%0, %0) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
    "func.return"(%1) : (tensor<2xi64>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> tensor<2xi64>, sym_name = "inputs", sym_visibility = "private"}> ({
    %0 = "stablehlo.constant"() <{value = dense<[3, -4]> : tensor<2xi64>}> : () -> tensor<2xi64>
    "func.return"(%0) : (tensor<2xi64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32} : () -> ()`;
    expect(run1(text)).toEqual([[9n, 16n]]);
  });

  it('results %0:2 and %a, %b; uses %0#1', () => {
    const text = `func.func @main() -> (tensor<i32>, tensor<i32>) {
  %0:2 = call @pair() : () -> (tensor<i32>, tensor<i32>)
  %a, %b = call @pair() : () -> (tensor<i32>, tensor<i32>)
  %s = stablehlo.subtract %0#1, %a : tensor<i32>
  return %s, %b : tensor<i32>, tensor<i32>
}
func.func private @pair() -> (tensor<i32>, tensor<i32>) {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %d = stablehlo.constant dense<10> : tensor<i32>
  return %c, %d : tensor<i32>, tensor<i32>
}`;
    expect(run1(text)).toEqual([9, 10]);
  });

  it('attribute aliases defined at the top (#dn = #stablehlo.gather<…>)', () => {
    const text = `#dn = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>
func.func @main(%x: tensor<3xf32>, %i: tensor<2x1xi32>) -> tensor<2xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #dn, slice_sizes = array<i64: 1>} : (tensor<3xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}`;
    expect(run1(text, [tensor([5, 6, 7], 'float32'), tensor([[2], [0]], 'int32')])).toEqual([[7, 5]]);
  });

  it('an interpreter test file split by // ----- holds independent functions (even of one name)', () => {
    const text = readFileSync('../shared/conformance/stablehlo/interpret/gather.mlir', 'utf8');
    const parts = splitInputFile(text);
    expect(parts.length).toBe(2);
    expect(parts[1].line).toBeGreaterThan(20);
    const dup = `func.func @t() {
  %a = stablehlo.constant dense<1> : tensor<i64>
  check.expect_eq_const %a, dense<1> : tensor<i64>
  func.return
}
// -----
func.func @t() {
  %a = stablehlo.constant dense<2> : tensor<i64>
  check.expect_eq_const %a, dense<2> : tensor<i64>
  func.return
}`;
    const runs = runText(dup);
    expect(runs.map((r) => [r.func, r.checks.map((c) => c.passed)])).toEqual([
      ['t', [true]],
      ['t', [true]],
    ]);
  });
});

describe('pretty ops as JAX prints them', () => {
  it('compare (two spaces, SIGNED), select, convert, broadcast_in_dim, concatenate, reduce applies, and', () => {
    const text = `func.func @main(%arg0: tensor<3xi32>) -> (tensor<3xi64>, tensor<i1>, tensor<6xi64>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %z = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3xi32>
  %0 = stablehlo.compare  LT, %arg0, %z,  SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %n = stablehlo.negate %arg0 : tensor<3xi32>
  %1 = stablehlo.select %0, %n, %arg0 : tensor<3xi1>, tensor<3xi32>
  %2 = stablehlo.convert %1 : (tensor<3xi32>) -> tensor<3xi64>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %g = stablehlo.compare  GE, %arg0, %z,  SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %3 = stablehlo.reduce(%g init: %t) applies stablehlo.and across dimensions = [0] : (tensor<3xi1>, tensor<i1>) -> tensor<i1>
  %4 = stablehlo.concatenate %2, %2, dim = 0 : (tensor<3xi64>, tensor<3xi64>) -> tensor<6xi64>
  return %2, %3, %4 : tensor<3xi64>, tensor<i1>, tensor<6xi64>
}`;
    expect(run1(text, [tensor([-1, 2, -3], 'int32')])).toEqual([
      [1n, 2n, 3n],
      false,
      [1n, 2n, 3n, 1n, 2n, 3n],
    ]);
  });

  it('reduce with a region (reducer(%a: T, %b: T) { … })', () => {
    const text = `func.func @main(%x: tensor<2x3xi64>) -> tensor<2xi64> {
  %c = stablehlo.constant dense<0> : tensor<i64>
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [1] : (tensor<2x3xi64>, tensor<i64>) -> tensor<2xi64>
   reducer(%a: tensor<i64>, %b: tensor<i64>)  {
    %1 = stablehlo.multiply %b, %b : tensor<i64>
    %2 = stablehlo.add %a, %1 : tensor<i64>
    stablehlo.return %2 : tensor<i64>
  }
  return %0 : tensor<2xi64>
}`;
    expect(run1(text, [tensor([1n, 2n, 3n, 4n, 5n, 6n], 'int64', [2, 3])])).toEqual([[14n, 77n]]);
  });

  it('iota, slice [a:b, c:d:s], transpose, reshape, dynamic_slice sizes = […], clamp, binary ops', () => {
    const text = `func.func @main(%i: tensor<i32>) -> (tensor<2x2xi32>, tensor<4xi32>, tensor<2x2xi32>, tensor<3x2xi32>) {
  %0 = stablehlo.iota dim = 1 : tensor<3x4xi32>
  %c = stablehlo.constant dense<[[0], [10], [20]]> : tensor<3x1xi32>
  %b = stablehlo.broadcast_in_dim %c, dims = [0, 1] : (tensor<3x1xi32>) -> tensor<3x4xi32>
  %1 = stablehlo.add %0, %b : tensor<3x4xi32>
  %2 = stablehlo.slice %1 [0:3:2, 1:4:2] : (tensor<3x4xi32>) -> tensor<2x2xi32>
  %3 = stablehlo.transpose %2, dims = [1, 0] : (tensor<2x2xi32>) -> tensor<2x2xi32>
  %4 = stablehlo.reshape %3 : (tensor<2x2xi32>) -> tensor<4xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %5 = stablehlo.dynamic_slice %1, %i, %z, sizes = [2, 2] : (tensor<3x4xi32>, tensor<i32>, tensor<i32>) -> tensor<2x2xi32>
  %lo = stablehlo.constant dense<5> : tensor<i32>
  %hi = stablehlo.constant dense<21> : tensor<i32>
  %s = stablehlo.slice %1 [0:3, 1:3] : (tensor<3x4xi32>) -> tensor<3x2xi32>
  %6 = stablehlo.clamp %lo, %s, %hi : (tensor<i32>, tensor<3x2xi32>, tensor<i32>) -> tensor<3x2xi32>
  return %2, %4, %5, %6 : tensor<2x2xi32>, tensor<4xi32>, tensor<2x2xi32>, tensor<3x2xi32>
}`;
    expect(run1(text, [tensor(1, 'int32')])).toEqual([
      [
        [1, 3],
        [21, 23],
      ],
      [1, 21, 3, 23],
      [
        [10, 11],
        [20, 21],
      ],
      [
        [5, 5],
        [11, 12],
        [21, 21],
      ],
    ]);
  });

  it('the generic form of every op with properties <{…}> and attributes {…}', () => {
    const text = `func.func @main(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = "stablehlo.transpose"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %c = "stablehlo.constant"() {value = dense<1.5> : tensor<f32>} : () -> tensor<f32>
  %b = "stablehlo.broadcast_in_dim"(%c) {broadcast_dimensions = dense<> : tensor<0xi64>} : (tensor<f32>) -> tensor<3x2xf32>
  %1 = "stablehlo.compare"(%0, %b) {comparison_direction = #stablehlo<comparison_direction GT>, compare_type = #stablehlo<comparison_type FLOAT>} : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xi1>
  %2 = "stablehlo.select"(%1, %0, %b) : (tensor<3x2xi1>, tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  "stablehlo.return"(%2) : (tensor<3x2xf32>) -> ()
}`;
    // a function ends with func.return: stablehlo.return is for regions
    const e = thrown(() => readModule(text));
    expect(e.code).toBe('stablehlo_text.syntax');
    expect(e.message).toContain('line 7');
    const ok = text.replace('"stablehlo.return"(%2)', '"func.return"(%2)');
    expect(run1(ok, [tensor([1, 2, 3, 4, 5, 6], 'float32', [2, 3])])).toEqual([
      [
        [1.5, 4],
        [2, 5],
        [3, 6],
      ],
    ]);
  });
});

describe('attributes and literals', () => {
  it('the 2020–21 dictionary form of dimension numbers and dense<…> slice sizes (mhlo, xla_hlo)', () => {
    const text = `func @main(%arg0: tensor<5x1x5xi32>, %arg1: tensor<i64>) -> tensor<1x5xi32> {
    %1 = "xla_hlo.gather"(%arg0, %arg1) {
      dimension_numbers = {
        collapsed_slice_dims = dense<0> : tensor<1xi64>,
        index_vector_dim = 0 : i64,
        offset_dims = dense<[0, 1]> : tensor<2xi64>,
        start_index_map = dense<0> : tensor<1xi64>
      },
      slice_sizes = dense<[1, 1, 5]> : tensor<3xi64>
    } : (tensor<5x1x5xi32>, tensor<i64>) -> tensor<1x5xi32>
    return %1 : tensor<1x5xi32>
}`;
    const x = tensor(
      Array.from({ length: 25 }, (_, i) => i + 1),
      'int32',
      [5, 1, 5],
    );
    expect(run1(text, [x, tensor(2n, 'int64')])).toEqual([[[11, 12, 13, 14, 15]]]);
  });

  it('a splat dense<1> : tensor<2xi64> is [1, 1] (the old reader read [1])', () => {
    const text = fn(`  %c = stablehlo.constant dense<1> : tensor<2xi64>
  return %c : tensor<2xi64>`);
    expect(run1(text)).toEqual([[1n, 1n]]);
  });

  it('splat slice_sizes = dense<1> : tensor<2xi64> are [1, 1]', () => {
    const text = `%r = "mhlo.gather"(%x, %i) {dimension_numbers = #mhlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = dense<1> : tensor<2xi64>} : (tensor<2x2xf32>, tensor<1x2xi32>) -> tensor<1xf32>`;
    const m = readModule(text);
    const g = main(m).ops[0] as Extract<Op, { kind: 'gather' }>;
    expect(g.dimension_numbers.slice_sizes).toEqual([1, 1]);
    expect(
      runModule(m, [tensor([1, 2, 3, 4], 'float32', [2, 2]), tensor([[1, 0]], 'int32')]).results[0].toArray(),
    ).toEqual([3]);
  });

  it('hex constants: little-endian raw bytes, a hex splat holds one element', () => {
    const text = `func.func @main() -> (tensor<2xf32>, tensor<3xi16>, tensor<2xbf16>) {
  %a = stablehlo.constant dense<"0x0000803F00000040"> : tensor<2xf32>
  %b = stablehlo.constant dense<"0xFFFF"> : tensor<3xi16>
  %c = stablehlo.constant dense<"0x803FC0BF"> : tensor<2xbf16>
  return %a, %b, %c : tensor<2xf32>, tensor<3xi16>, tensor<2xbf16>
}`;
    expect(run1(text)).toEqual([
      [1, 2],
      [-1, -1, -1],
      [1, -1.5],
    ]);
  });

  it('hex element literals are bit patterns of float types; true/false; nested dense<[[…]]>; -0.0, inf', () => {
    const text = `func.func @main() -> (tensor<3xf32>, tensor<2x2xi1>, tensor<2xf64>, tensor<ui8>, tensor<i8>) {
  %a = stablehlo.constant dense<[0x7FC00000, 0x7F800000, -0.000000e+00]> : tensor<3xf32>
  %b = stablehlo.constant dense<[[true, false], [false, true]]> : tensor<2x2xi1>
  %c = stablehlo.constant dense<[0xFFF0000000000000, 2.5E+1]> : tensor<2xf64>
  %d = stablehlo.constant dense<255> : tensor<ui8>
  %e = stablehlo.constant dense<0xFF> : tensor<i8>
  return %a, %b, %c, %d, %e : tensor<3xf32>, tensor<2x2xi1>, tensor<2xf64>, tensor<ui8>, tensor<i8>
}`;
    const [a, b, c, d, e] = run1(text);
    expect(a).toEqual([Number.NaN, Number.POSITIVE_INFINITY, -0]);
    expect(Object.is((a as number[])[2], -0)).toBe(true);
    expect(b).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(c).toEqual([Number.NEGATIVE_INFINITY, 25]);
    expect([d, e]).toEqual([255, -1]);
  });

  it('literals that do not fit their type are typed errors (stablehlo_text.dense)', () => {
    for (const lit of [
      'dense<[1, 2, 3]> : tensor<2xi64>',
      'dense<[[1], [2, 3]]> : tensor<2x2xi64>',
      'dense<256> : tensor<ui8>',
      'dense<-1> : tensor<ui8>',
      'dense<1.5> : tensor<i32>',
      'dense<"0x0000"> : tensor<3xf32>',
      'dense<2> : tensor<i1>',
    ]) {
      const e = thrown(() => readModule(`%c = stablehlo.constant ${lit}`));
      expect(e.code, lit).toBe('stablehlo_text.dense');
    }
  });
});

describe('gather, scatter and dynamic_gather with regions of any body', () => {
  const scatter = (
    elem: string,
    body: string,
  ) => `func.func @main(%x: tensor<4x${elem}>, %i: tensor<2x1xi32>, %u: tensor<2x${elem}>) -> tensor<4x${elem}> {
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%arg0: tensor<${elem}>, %arg1: tensor<${elem}>):
${body}
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4x${elem}>, tensor<2x1xi32>, tensor<2x${elem}>) -> tensor<4x${elem}>
  return %0 : tensor<4x${elem}>
}`;
  const idx = tensor([[1], [3]], 'int32');

  it('return %arg0 keeps the input; subtract %arg1, %arg0 is update − current (not a core reducer)', () => {
    const x = tensor([10, 20, 30, 40], 'int32');
    const u = tensor([1, 2], 'int32');
    expect(run1(scatter('i32', '    stablehlo.return %arg0 : tensor<i32>'), [x, idx, u])).toEqual([
      [10, 20, 30, 40],
    ]);
    expect(
      run1(
        scatter(
          'i32',
          '    %d = stablehlo.subtract %arg1, %arg0 : tensor<i32>\n    stablehlo.return %d : tensor<i32>',
        ),
        [x, idx, u],
      ),
    ).toEqual([[10, -19, 30, -38]]);
  });

  it('and/or regions are bitwise and/or (the old reader ran them as min/max)', () => {
    const x = tensor([0b1100, 0b1100, 0b1010, 0b1010], 'int32');
    const u = tensor([0b0110, 0b0101], 'int32');
    // min(12, 6) = 6 but 12 & 6 = 4; max(10, 5) = 10 but 10 | 5 = 15
    expect(
      run1(
        scatter(
          'i32',
          '    %d = stablehlo.and %arg0, %arg1 : tensor<i32>\n    stablehlo.return %d : tensor<i32>',
        ),
        [x, idx, u],
      ),
    ).toEqual([[12, 4, 10, 0b1010 & 0b0101]]);
    expect(
      run1(
        scatter(
          'i32',
          '    %d = stablehlo.or %arg0, %arg1 : tensor<i32>\n    stablehlo.return %d : tensor<i32>',
        ),
        [x, idx, u],
      ),
    ).toEqual([[12, 14, 10, 15]]);
  });

  it('a nested region returns to its own op (a reduce inside a scatter body)', () => {
    const body = `    %r = stablehlo.reduce(%arg1 init: %arg0) across dimensions = [] : (tensor<f32>, tensor<f32>) -> tensor<f32>
     reducer(%p: tensor<f32>, %q: tensor<f32>) {
      %m = stablehlo.maximum %p, %q : tensor<f32>
      stablehlo.return %m : tensor<f32>
    }
    %h = stablehlo.multiply %r, %r : tensor<f32>
    stablehlo.return %h : tensor<f32>`;
    const x = tensor([1, 5, 1, 5], 'float32');
    const u = tensor([3, 2], 'float32');
    // max(current, update)², by a scatter body whose reduce region has its own return
    expect(run1(scatter('f32', body), [x, idx, u])).toEqual([[1, 25, 1, 25]]);
  });

  it('dynamic_gather takes its slice sizes from an operand', () => {
    const text = readFileSync('../shared/conformance/stablehlo/interpret/dynamic_gather.mlir', 'utf8');
    expect(kinds(readModule(text))).toContain('dynamic_gather');
  });

  it('the bare-attribute form stablehlo.gather(%a, %b) k = v, … : (…) -> …', () => {
    const m = readModule(
      '%0 = stablehlo.gather(%arg0, %arg1) offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3], indices_are_sorted = true : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>',
    );
    expect(main(m).params).toEqual([
      { shape: [5, 3], dtype: 'float32' },
      { shape: [2, 1], dtype: 'int32' },
    ]);
  });
});

describe('checks', () => {
  it('custom_call @check.eq returns an i1; @check.expect_eq / expect_close / expect_almost_eq record outcomes', () => {
    const text = `func.func @main() -> tensor<i1> {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[1.0, 2.0000002]> : tensor<2xf32>
  %e = stablehlo.custom_call @check.eq(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
  stablehlo.custom_call @check.expect_eq(%a, %b) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  stablehlo.custom_call @check.expect_close(%a, %b) {has_side_effect = true, backend_config = ""} : (tensor<2xf32>, tensor<2xf32>) -> ()
  "stablehlo.custom_call"(%a, %b) <{call_target_name = "check.expect_almost_eq", has_side_effect = true, backend_config = {tolerance = 1}}> : (tensor<2xf32>, tensor<2xf32>) -> ()
  return %e : tensor<i1>
}`;
    const r = runModule(readModule(text));
    expect(r.results[0].toArray()).toBe(true);
    expect(r.checks.map((c) => [c.name, c.passed, c.line])).toEqual([
      ['check.eq', true, 4],
      ['check.expect_eq', false, 5],
      ['check.expect_close', true, 6],
      ['check.expect_almost_eq', true, 7],
    ]);
  });

  it('custom_call @check.eq: floats within 1e-4 pass, beyond fail the run and return false (stablehlo-translate)', () => {
    const text = (b: string) => `func.func @main() -> tensor<i1> {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<${b}> : tensor<2xf32>
  %e = stablehlo.custom_call @check.eq(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
  return %e : tensor<i1>
}`;
    const near = runModule(readModule(text('[1.0, 2.00005]')));
    expect([near.results[0].toArray(), near.checks[0].passed]).toEqual([true, true]);
    const far = runModule(readModule(text('[1.0, 2.001]')));
    expect([far.results[0].toArray(), far.checks[0].passed]).toEqual([false, false]);
    expect(far.checks[0].name).toBe('check.eq');
  });

  it("the interpreter's check ops: expect_eq_const, expect_eq, expect_almost_eq(_const) with tolerance, expect_close with ULPs", () => {
    const text = `func.func @checks() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[1.0, 2.001]> : tensor<2xf32>
  check.expect_eq_const %a, dense<[1.0, 2.0]> : tensor<2xf32>
  check.expect_eq %a, %a : tensor<2xf32>
  check.expect_almost_eq %a, %b, tolerance = 0.01 : tensor<2xf32>
  check.expect_almost_eq_const %a, dense<[1.0, 2.001]> : tensor<2xf32>, tolerance = 1.0e-4
  check.expect_close %a, %a, max_ulp_difference = 3, min_ulp_difference = 0 : tensor<2xf32>, tensor<2xf32>
  func.return
}`;
    const r = runModule(readModule(text), [], 'checks');
    expect(r.checks.map((c) => [c.name, c.passed])).toEqual([
      ['check.expect_eq_const', true],
      ['check.expect_eq', true],
      ['check.expect_almost_eq', true],
      ['check.expect_almost_eq_const', false],
      ['check.expect_close', true],
    ]);
  });
});

describe('expect_close on complex tensors (CheckOps.cpp: an element is as far as its farther part)', () => {
  const close = (min: number, max: number) => `func.func @checks() {
  %a = stablehlo.constant dense<[(1.0, 2.0), (-0.0, 0x7FC00000)]> : tensor<2xcomplex<f32>>
  %b = stablehlo.constant dense<[(1.0, 2.00000024), (1.401298464e-45, 0x7FC00001)]> : tensor<2xcomplex<f32>>
  check.expect_close %a, %b, max_ulp_difference = ${max}, min_ulp_difference = ${min} : tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>
  func.return
}`;
  const passed = (min: number, max: number) =>
    runModule(readModule(close(min, max)), [], 'checks').checks.map((c) => [c.passed, c.message ?? '']);
  it('a part 1 ULP apart (−0 and the least subnormal are too) beside an equal part or two NaNs: distance 1', () => {
    expect(passed(1, 1)).toEqual([[true, '']]);
    const [[ok, why]] = passed(0, 0);
    expect([ok, why]).toEqual([false, expect.stringContaining('element 0')]);
    expect(passed(2, 5)[0][0]).toBe(false);
  });
});

describe('the old reader’s bugs, each fixed', () => {
  const take = `%1 = "stablehlo.gather"(%arg0, %0) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>}> : (tensor<3x2xf32>, tensor<2x1xi32>) -> tensor<2x2xf32>`;
  const x = tensor([1, 2, 3, 4, 5, 6], 'float32', [3, 2]);
  const i = tensor([[7], [-1]], 'int32');

  it('comments never change semantics (a trailing // mode = fill, a commented-out op, a comment inside attributes)', () => {
    const plain = runStablehlo(take, [x, i]).value.toArray();
    expect(plain).toEqual([
      [5, 6],
      [1, 2],
    ]); // the spec clamps
    const commented = `// "stablehlo.gather"(%a, %b) is not here
${take.replace('offset_dims = [1],', 'offset_dims = [1], // collapsed_slice_dims = [1],\n')}
// stablehlo.gather: mode = fill, negative_indices = from_end, fill_value = 0`;
    expect(runStablehlo(commented, [x, i]).value.toArray()).toEqual(plain);
    expect(runStablehlo(`${take} // mode = error`, [x, i]).value.toArray()).toEqual(plain);
  });

  it('the declared result type is checked (stablehlo.gather.C22, C23)', () => {
    const e = thrown(() => readModule(take.replace('-> tensor<2x2xf32>', '-> tensor<2x3xf32>')));
    expect(e.code).toBe('stablehlo.gather.C22');
    expect(e.message).toContain('line 1');
    expect(thrown(() => readModule(take.replace('-> tensor<2x2xf32>', '-> tensor<2x2xf64>'))).code).toBe(
      'stablehlo.gather.C23',
    );
  });

  it('declared operand types are checked against the values', () => {
    const text = `func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : tensor<2xf64>
  return %a : tensor<2xf32>
}`;
    const e = thrown(() => readModule(text));
    expect(e.code).toBe('stablehlo_text.operand_type');
  });

  it('every violation is reported, not only the first (one error, details.violations)', () => {
    const text = `func.func @main(%x: tensor<3xf32>, %i: tensor<2x1xi32>) -> tensor<2xi32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<3xf32>, tensor<2x1xi32>) -> tensor<3xf32>
  %1 = stablehlo.add %x, %i : tensor<3xf32>
  %2 = stablehlo.cosine %x : tensor<3xf32>
  return %undefined : tensor<2xi32>
}`;
    const e = thrown(() => readModule(text));
    const v = e.details.violations as { code: string; line: number; message: string }[];
    expect(v.map((x) => [x.code, x.line])).toEqual([
      ['stablehlo_text.operand_type', 3],
      ['stablehlo_text.unknown_op', 4],
      ['stablehlo_text.undefined_value', 5],
      ['stablehlo.gather.C22', 2],
      ['stablehlo.add.C1', 3],
      ['stablehlo_text.return_type', 1],
    ]);
    expect(e.code).toBe('stablehlo_text.operand_type');
    expect(e.message).toContain('6 violations');
    for (const x of v) expect(e.message).toContain(`line ${x.line}: `);
    expect(e.message).toContain('stablehlo.cosine is not an op this library runs');
  });

  it('a construct the reading cannot go past is reported with the violations found before it', () => {
    const text = `func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : tensor<2xf64>
  %1 = stablehlo.frobnicate <<< %0
}`;
    const e = thrown(() => readModule(text));
    expect((e.details.violations as { code: string; line: number }[]).map((v) => [v.code, v.line])).toEqual([
      ['stablehlo_text.operand_type', 2],
      ['stablehlo_text.operand_type', 2],
      ['stablehlo_text.unknown_op', 3],
    ]);
  });

  it('linear time: 1 MB of whitespace or garbage inside dense<…>, inside tensor<…>, after // (each well under a second)', () => {
    const MB = 1 << 20;
    const spaces = ' \n\t'.repeat(MB / 3);
    const garbage = Array.from({ length: MB }, (_, k) => String.fromCharCode(33 + ((k * 7919) % 94))).join(
      '',
    );
    const cases: [string, string, string | undefined][] = [
      [
        'spaces in dense<…>',
        `%c = stablehlo.constant dense<${spaces}[1,${spaces}2]${spaces}> : tensor<2xi64>`,
        undefined,
      ],
      [
        'spaces in tensor<…>',
        `%c = stablehlo.constant dense<[1, 2]> : tensor<${spaces}2x${spaces}i64${spaces}>`,
        undefined,
      ],
      [
        'garbage after //',
        `// ${garbage.replace(/\n/g, ' ')}\n%c = stablehlo.constant dense<[1, 2]> : tensor<2xi64>`,
        undefined,
      ],
      [
        'garbage in dense<…>',
        `%c = stablehlo.constant dense<[${garbage}]> : tensor<2xi64>`,
        'stablehlo_text',
      ],
      [
        'garbage in tensor<…>',
        `%c = stablehlo.constant dense<[1, 2]> : tensor<2x${garbage}>`,
        'stablehlo_text',
      ],
      [
        'spaces between bare attributes',
        `%0 = stablehlo.gather(%a, %b)${spaces}offset_dims = [1],${spaces}: (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>`,
        'stablehlo_text',
      ],
      [
        '100k "["',
        `%c = stablehlo.constant dense<${'['.repeat(100_000)}> : tensor<2xi64>`,
        'stablehlo_text.nesting',
      ],
      [
        '100k "(" in attributes',
        `%c = "stablehlo.constant"() {v = ${'['.repeat(100_000)}} : () -> tensor<i64>`,
        'stablehlo_text.nesting',
      ],
      ['100k nested regions', `${'%0 = "stablehlo.reduce"() ({ '.repeat(100_000)}`, 'stablehlo_text.nesting'],
    ];
    for (const [name, text, code] of cases) {
      const elapsed = stopwatch();
      if (code === undefined) expect(() => readModule(text), name).not.toThrow();
      else
        expect(thrown(() => readModule(text)).code, name).toMatch(new RegExp(`^${code.replace('.', '\\.')}`));
      const ms = elapsed();
      // A generous bound that still catches a quadratic reader (1 MB would take minutes), on the
      // stopwatch (test/helpers/budget.ts): the wall time reached 1,018 ms under load 10, a
      // quarter of the bound, and the machine's load alone must not fail this.
      expect(ms, `${name}: ${ms.toFixed(0)} ms`).toBeLessThan(4000);
    }
    expect(MAX_NESTING).toBeLessThan(1000);
  });

  it('messages stay short whatever the text holds (a name of a megabyte, 10,000 violations)', () => {
    const long = thrown(() => readModule(`%0 = stablehlo.${'x'.repeat(1 << 20)} %a : tensor<f32>`));
    expect(long.code).toBe('stablehlo_text.unknown_op');
    expect(long.message.length).toBeLessThan(1000);
    const many = `func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n${'  %0 = stablehlo.add %a, %a : tensor<2xf64>\n'.repeat(10_000)}  return %a : tensor<2xf32>\n}`;
    const e = thrown(() => readModule(many));
    expect((e.details.violations as unknown[]).length).toBeGreaterThanOrEqual(10_000);
    expect(e.message.length).toBeLessThan(20_000);
    expect(e.message).toContain('more (details.violations)');
  });
});

describe('refused, with a typed error naming the construct and its line', () => {
  const cases: [string, string, string, RegExp][] = [
    [
      'an op the library does not run',
      `func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = stablehlo.add %x, %x : tensor<2xf32>\n  %1 = stablehlo.cosine %0 : tensor<2xf32>\n  return %1 : tensor<2xf32>\n}`,
      'stablehlo_text.unknown_op',
      /line 3: stablehlo\.cosine is not an op this library runs/,
    ],
    [
      'complex element types other than complex<f32> / complex<f64>',
      '%c = stablehlo.constant dense<(1.0, 2.0)> : tensor<complex<f16>>',
      'stablehlo_text.complex',
      /line 1: .*complex/,
    ],
    [
      'dynamic shapes',
      'func.func @main(%x: tensor<?x3xf32>) {\n  func.return\n}',
      'stablehlo_text.type',
      /line 1: dynamic dimension/,
    ],
    [
      'garbage attribute values (fill_value = abc)',
      '%r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>, fill_value = abc} : (tensor<3xf32>, tensor<2x1xi32>) -> tensor<2xf32>',
      'stablehlo_text.attribute',
      /fill_value/,
    ],
    [
      'an unknown dimension-number field',
      '%r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, mode = 3>, slice_sizes = array<i64: 1>} : (tensor<3xf32>, tensor<2x1xi32>) -> tensor<2xf32>',
      'stablehlo_text.attribute',
      /mode/,
    ],
    [
      'an unterminated string',
      '%c = stablehlo.constant dense<"0x00',
      'stablehlo_text.lex',
      /line 1: unterminated/,
    ],
    [
      'a stray character',
      'func.func @main() {\n  ~\n}',
      'stablehlo_text.lex',
      /line 2: unexpected character "~"/,
    ],
    [
      'a custom call target that is not a check',
      'func.func @main(%x: tensor<2xf32>) {\n  stablehlo.custom_call @foo(%x) : (tensor<2xf32>) -> ()\n  func.return\n}',
      'stablehlo_text.unknown_op',
      /@foo/,
    ],
    [
      'a value used before its definition',
      'func.func @main() -> tensor<i32> {\n  return %0 : tensor<i32>\n}',
      'stablehlo_text.undefined_value',
      /line 2: %0/,
    ],
    [
      'a region that uses a value of its function',
      `func.func @main(%x: tensor<2xf32>, %i: tensor<1x1xi32>, %u: tensor<1xf32>) -> tensor<2xf32> {\n  %0 = "stablehlo.scatter"(%x, %i, %u) ({\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n    stablehlo.return %x : tensor<f32>\n  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<2xf32>, tensor<1x1xi32>, tensor<1xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}`,
      'stablehlo_text.undefined_value',
      /line 4: %x .*region/,
    ],
    [
      'a scatter body of a type the inputs do not promote to (C23)',
      `func.func @main(%x: tensor<2xf32>, %i: tensor<1x1xi32>, %u: tensor<1xf32>) -> tensor<2xf32> {\n  %0 = "stablehlo.scatter"(%x, %i, %u) ({\n  ^bb0(%a: tensor<i32>, %b: tensor<i32>):\n    stablehlo.return %b : tensor<i32>\n  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<2xf32>, tensor<1x1xi32>, tensor<1xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}`,
      'stablehlo.scatter.C23',
      /line 2: .*update_computation/,
    ],
    [
      'a call with the wrong argument types',
      'func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = call @f(%x) : (tensor<2xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\nfunc.func @f(%y: tensor<3xf32>) -> tensor<2xf32> {\n  %c = stablehlo.constant dense<0.0> : tensor<2xf32>\n  return %c : tensor<2xf32>\n}',
      'stablehlo_text.call',
      /line 2: call @f/,
    ],
    [
      'a function that calls itself',
      'func.func @main() -> tensor<i32> {\n  %0 = call @main() : () -> tensor<i32>\n  return %0 : tensor<i32>\n}',
      'stablehlo_text.recursion',
      /line 2: @main → @main/,
    ],
    [
      'two functions of one name',
      'func.func @f() {\n  func.return\n}\nfunc.func @f() {\n  func.return\n}',
      'stablehlo_text.duplicate_function',
      /line 4: function @f/,
    ],
    [
      'a return of the wrong type',
      'func.func @main(%x: tensor<2xf32>) -> tensor<3xf32> {\n  return %x : tensor<2xf32>\n}',
      'stablehlo_text.return_type',
      /line 1: @main returns tensor<2xf32>/,
    ],
    ['an empty text', '  // nothing\n', 'stablehlo_text.no_function', /no function/],
  ];
  for (const [name, text, code, message] of cases) {
    it(`${code}: ${name}`, () => {
      const e = thrown(() => readModule(text));
      expect(e.code).toBe(code);
      expect(e.message).toMatch(message);
    });
  }
});

describe('XLA HLO text', () => {
  const HLO = `HloModule jit_f, is_scheduled=true, entry_computation_layout={(f32[3,4]{1,0}, s32[2,1]{1,0})->f32[2,4]{1,0}}, allow_spmd_sharding_propagation_to_output={true}

%add_computation (lhs: f32[], rhs: f32[]) -> f32[] {
  %lhs = f32[] parameter(0)
  %rhs = f32[] parameter(1)
  ROOT %add = f32[] add(f32[] %lhs, f32[] %rhs)
}

ENTRY %main.5 (p0: f32[3,4], p1: s32[2,1]) -> f32[2,4] {
  %p0 = f32[3,4]{1,0} parameter(0), sharding={replicated}
  %p1 = s32[2,1]{1,0} parameter(1), metadata={op_name="jit(f)/gather" source_file="f.py" source_line=3}
  %gather.3 = f32[2,4]{1,0} gather(f32[3,4]{1,0} %p0, s32[2,1]{1,0} %p1), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=1, slice_sizes={1,4}, indices_are_sorted=true
  %c = f32[2,4]{1,0} constant({ {1, 2, 3, 4}, {5, 6, 7, 8} })
  ROOT %scatter.4 = f32[2,4]{1,0} scatter(/*index=0*/f32[2,4]{1,0} %gather.3, s32[2,1]{1,0} %p1, f32[2,4]{1,0} %c), update_window_dims={1}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=%add_computation
}`;
  const x = tensor(
    Array.from({ length: 12 }, (_, k) => k + 1),
    'float32',
    [3, 4],
  );
  const i = tensor([[2], [0]], 'int32');

  it('a dump with gather, constant, and a scatter whose to_apply is a computation → the same IR module', () => {
    expect(isHloText(HLO)).toBe(true);
    const m = readModule(HLO);
    expect(m.entry).toBe('main.5');
    expect(kinds(m)).toEqual(['gather', 'constant', 'scatter']);
    const s = main(m).ops[2] as Extract<Op, { kind: 'scatter' }>;
    expect(s.reducer).toBe('add');
    expect(runModule(m, [x, i]).results[0].toArray()).toEqual([
      [14, 16, 18, 20], // row 0 of the gather (operand row 2) + [5, 6, 7, 8]; index 2 is out of range: skipped
      [1, 2, 3, 4],
    ]);
  });

  it('the same program written as StableHLO gives the same result', () => {
    const mlir = `func.func @main(%p0: tensor<3x4xf32>, %p1: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.gather"(%p0, %p1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  %c = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf32>
  %1 = "stablehlo.scatter"(%0, %p1, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<2x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}`;
    const a = readModule(HLO);
    const b = readModule(mlir);
    // The one difference is the scatter's out-of-bounds policy: XLA's window drop, the spec's skip.
    const strip = (m: Module) =>
      main(m).ops.map((o) => ({
        ...o,
        loc: undefined,
        ...('options' in o && o.kind === 'scatter' ? { options: undefined } : {}),
      }));
    expect(strip(a)).toEqual(strip(b));
    const mode = (m: Module) => (main(m).ops[2] as Extract<Op, { kind: 'scatter' }>).options.mode;
    expect([mode(a), mode(b)]).toEqual(['drop', 'skip']);
    expect(runModule(a, [x, i]).results[0].toArray()).toEqual(runModule(b, [x, i]).results[0].toArray());
  });

  describe('a scatter means what XLA runs: a window that does not fit is dropped whole', () => {
    // Windows of 2 into 4 elements: the start must lie in [0, 2]. The spec skips only the
    // elements that fall outside; XLA's evaluator and scatter expander test the start and drop
    // the whole window.
    const hlo = `HloModule m
replace {
  old = s32[] parameter(0)
  ROOT new = s32[] parameter(1)
}
ENTRY main {
  operand = s32[4] parameter(0)
  starts = s32[3,1] parameter(1)
  updates = s32[3,2] parameter(2)
  ROOT r = s32[4] scatter(operand, starts, updates), update_window_dims={1}, inserted_window_dims={},
    scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=replace
}`;
    const spec = `func.func @main(%x: tensor<4xi32>, %s: tensor<3x1xi32>, %u: tensor<3x2xi32>) -> tensor<4xi32> {
  %r = "stablehlo.scatter"(%x, %s, %u) ({
  ^bb0(%old: tensor<i32>, %new: tensor<i32>):
    stablehlo.return %new : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xi32>, tensor<3x1xi32>, tensor<3x2xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}`;
    const args = () => [
      tensor([0, 0, 0, 0], 'int32'),
      tensor([[3], [-1], [1]], 'int32'),
      tensor(
        [
          [7, 8],
          [5, 6],
          [1, 2],
        ],
        'int32',
      ),
    ];

    it('HLO: starts 3 and -1 do not fit and write nothing; start 1 writes both elements', () => {
      expect(run1(hlo, args())).toEqual([[0, 1, 2, 0]]);
    });

    it('the same scatter as StableHLO text skips element by element (7 lands at 3, 6 at 0)', () => {
      expect(run1(spec, args())).toEqual([[6, 1, 2, 7]]);
    });

    it('printed as StableHLO, the HLO scatter carries its window test in spec ops and runs the same', () => {
      const printed = printModule(readModule(hlo));
      expect(printed).toMatch(/stablehlo\.compare/);
      expect(run1(printed, args())).toEqual([[0, 1, 2, 0]]);
    });
  });

  it('names without %, batching dims, compare/select/iota/broadcast, call, tuple and get-tuple-element', () => {
    const text = `HloModule m

double {
  a = s32[2] parameter(0)
  ROOT d = s32[2] add(a, a)
}

ENTRY main {
  operand = s32[2,3] parameter(0)
  idx = s32[2,1] parameter(1)
  g = s32[2] gather(operand, idx), offset_dims={}, collapsed_slice_dims={1}, operand_batching_dims={0}, start_indices_batching_dims={0}, start_index_map={1}, index_vector_dim=1, slice_sizes={1,1}
  zero = s32[] constant(0)
  z = s32[2] broadcast(zero), dimensions={}
  io = s32[2] iota(), iota_dimension=0
  lt = pred[2] compare(g, z), direction=LT, type=SIGNED
  sel = s32[2] select(lt, z, g)
  twice = s32[2] call(sel), to_apply=double
  t = (s32[2], s32[2]) tuple(twice, io)
  ROOT r = s32[2] get-tuple-element(t), index=0
}`;
    const m = readModule(text);
    expect(
      runModule(m, [
        tensor([1, -2, 3, 4, 5, 6], 'int32', [2, 3]),
        tensor([[1], [2]], 'int32'),
      ]).results[0].toArray(),
    ).toEqual([0, 12]);
  });

  it('dynamic-update-slice (HLO) and stablehlo.dynamic_update_slice (pretty and generic) read to one op', () => {
    const hlo = `HloModule m
ENTRY main {
  x = f32[5,3] parameter(0)
  u = f32[3,1] parameter(1)
  i = s64[] parameter(2)
  j = s64[] constant(9)
  ROOT r = f32[5,3] dynamic-update-slice(x, u, i, j)
}`;
    const pretty = fn(
      '  %r = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<5x3xf32>, tensor<3x1xf32>, tensor<i64>, tensor<i64>) -> tensor<5x3xf32>\n  return %r : tensor<5x3xf32>',
      '(%x: tensor<5x3xf32>, %u: tensor<3x1xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<5x3xf32>',
    );
    const generic = pretty.replace(
      'stablehlo.dynamic_update_slice %x, %u, %i, %j',
      '"stablehlo.dynamic_update_slice"(%x, %u, %i, %j)',
    );
    const x = tensor(
      Array.from({ length: 15 }, (_, k) => k),
      'float32',
      [5, 3],
    );
    const u = tensor([[-1], [-2], [-3]], 'float32');
    // Row start 1 (kept), column start 9 clamped to 3 − 1 = 2.
    const want = [
      [0, 1, 2],
      [3, 4, -1],
      [6, 7, -2],
      [9, 10, -3],
      [12, 13, 14],
    ];
    expect(run1(hlo, [x, u, tensor(1n, 'int64')])).toEqual([want]);
    for (const text of [pretty, generic]) {
      expect(kinds(readModule(text))).toEqual(['dynamic_update_slice']);
      expect(run1(text, [x, u, tensor(1n, 'int64'), tensor(9n, 'int64')])).toEqual([want]);
    }
    const e = thrown(() => readModule(pretty.replaceAll('tensor<3x1xf32>', 'tensor<3x1xf64>')));
    expect(e.code).toBe('stablehlo.dynamic_update_slice.C2');
  });

  it('pad (padding=low_high_interior per dim) and select-and-scatter (window={size stride pad}, select, scatter)', () => {
    const hlo = `HloModule m

ge {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = pred[] compare(a, b), direction=GE
}

sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b)
}

ENTRY main {
  x = f32[4,2] parameter(0)
  s = f32[2,2] parameter(1)
  zero = f32[] constant(0)
  p = f32[4,2] pad(x, zero), padding=0_0_0x0_0_0
  ROOT r = f32[4,2] select-and-scatter(p, s, zero), window={size=3x1 stride=2x1 pad=0_1x0_0}, select=ge, scatter=sum
}`;
    const x = tensor(
      [
        [1, 5],
        [2, 5],
        [3, 6],
        [4, 4],
      ],
      'float32',
    );
    const s = tensor(
      [
        [5, 6],
        [7, 8],
      ],
      'float32',
    );
    // The spec's select_and_scatter example, in HLO.
    expect(run1(hlo, [x, s])).toEqual([
      [
        [0, 0],
        [0, 0],
        [5, 14],
        [7, 0],
      ],
    ]);
    const cropped = `HloModule m
ENTRY main {
  x = s32[5] parameter(0)
  v = s32[] constant(-1)
  ROOT p = s32[10] pad(x, v), padding=-1_2_1
}`;
    expect(run1(cropped, [tensor([1, 2, 3, 4, 5], 'int32')])).toEqual([[-1, 2, -1, 3, -1, 4, -1, 5, -1, -1]]);
    const bad = thrown(() => readModule(cropped.replace('padding=-1_2_1', 'padding=1_x')));
    expect(bad.code).toBe('stablehlo_text.attribute');
  });

  it('reduce-window (window={size stride pad lhs_dilate rhs_dilate}, to_apply): the spec example in HLO', () => {
    const hlo = `HloModule m

sum {
  a = s64[] parameter(0)
  b = s64[] parameter(1)
  ROOT c = s64[] add(a, b)
}

ENTRY main {
  x = s64[3,2] parameter(0)
  zero = s64[] constant(0)
  ROOT r = s64[2,2] reduce-window(x, zero), window={size=2x1 stride=4x1 pad=2_1x0_0 lhs_dilate=2x1 rhs_dilate=3x1}, to_apply=sum
}`;
    const x = tensor([1n, 2n, 3n, 4n, 5n, 6n], 'int64', [3, 2]);
    expect(run1(hlo, [x])).toEqual([
      [
        [0n, 0n],
        [3n, 4n],
      ],
    ]);
    const bad = thrown(() => readModule(hlo.replace('rhs_dilate=3x1', 'dilate=3x1')));
    expect(bad.code).toBe('stablehlo_text.attribute');
  });

  describe('select-and-scatter and reduce-window mean what XLA runs', () => {
    const sas = (body: string) => `HloModule m
ge {
  a = s32[] parameter(0)
  b = s32[] parameter(1)
  ROOT c = pred[] compare(a, b), direction=GE
}
combine {
  a = s32[] parameter(0)
  b = s32[] parameter(1)
  ROOT c = s32[] ${body}(a, b)
}
ENTRY main {
  x = s32[3] parameter(0)
  s = s32[2] parameter(1)
  init = s32[] constant(100)
  ROOT r = s32[3] select-and-scatter(x, s, init), window={size=2 stride=1}, select=ge, scatter=combine
}`;
    // Both windows ([0, 9] and [9, 4]) select x[1]; XLA folds scatter(source, element) from 100.
    const x = tensor([0, 9, 4], 'int32');
    const src = tensor([5, 7], 'int32');

    it('scatter is applied as scatter(source, element): subtract gives 7 - (5 - 100) = 102', () => {
      expect(run1(sas('subtract'), [x, src])).toEqual([[100, 102, 100]]);
    });

    it('a commutative scatter is unchanged: add gives 100 + 5 + 7', () => {
      expect(run1(sas('add'), [x, src])).toEqual([[100, 112, 100]]);
    });

    const rw = (init: string, window: string, n: number) => `HloModule m
sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b)
}
ENTRY main {
  x = f32[3] parameter(0)
  init = f32[] constant(${init})
  ROOT r = f32[${n}] reduce-window(x, init), window={${window}}, to_apply=sum
}`;
    const v = tensor([1, 2, 4], 'float32');

    it('padding with the identity as init runs (a cumulative sum, as JAX emits it)', () => {
      expect(run1(rw('0', 'size=3 pad=2_1', 4), [v])).toEqual([[1, 3, 7, 6]]);
      expect(run1(rw('-0', 'size=3 pad=2_1', 4), [v])).toEqual([[1, 3, 7, 6]]);
    });

    it('an init that is not the identity runs without padding (10 + the window)', () => {
      expect(run1(rw('10', 'size=2', 2), [v])).toEqual([[13, 16]]);
    });

    it('over padding it is refused: XLA skips padding, the spec folds the init in (stablehlo_text.hlo)', () => {
      for (const window of ['size=3 pad=2_1', 'size=2 lhs_dilate=2']) {
        const text = rw('10', window, 4);
        const e = thrown(() => readModule(text));
        expect(e.code).toBe('stablehlo_text.hlo');
        expect(e.message).toMatch(/XLA skips padding/);
      }
    });
  });

  it('stablehlo.pad in its pretty form (low = [...], high = [...], interior = [...])', () => {
    const text = fn(
      '  %r = stablehlo.pad %x, %v, low = [1, -1], high = [0, 1], interior = [0, 1] : (tensor<2x2xi32>, tensor<i32>) -> tensor<3x3xi32>\n  return %r : tensor<3x3xi32>',
      '(%x: tensor<2x2xi32>, %v: tensor<i32>) -> tensor<3x3xi32>',
    );
    expect(kinds(readModule(text))).toEqual(['pad']);
    expect(
      run1(text, [
        tensor(
          [
            [1, 2],
            [3, 4],
          ],
          'int32',
        ),
        tensor(0, 'int32'),
      ]),
    ).toEqual([
      [
        [0, 0, 0],
        [0, 2, 0],
        [0, 4, 0],
      ],
    ]);
  });

  it('a JAX dump: a region computation with execution_thread, sharding with <=, backend_config JSON, a tuple ROOT', () => {
    const text = `HloModule jit_f, entry_computation_layout={(f32[4]{0}, s32[2]{0})->(f32[4]{0})}

region_0.3 {
  Arg_0.4 = f32[] parameter(0)
  Arg_1.5 = f32[] parameter(1)
  ROOT add.6 = f32[] add(Arg_0.4, Arg_1.5), metadata={op_name="jit(f)/scatter-add"}
}, execution_thread="main"

ENTRY main.9 {
  Arg_0.1 = f32[4]{0} parameter(0), sharding={devices=[2]<=[2]}
  Arg_1.2 = s32[2]{0} parameter(1)
  constant.1 = f32[] constant(1.5)
  broadcast.2 = f32[2]{0} broadcast(constant.1), dimensions={}
  reshape.7 = s32[2,1]{1,0} reshape(Arg_1.2)
  scatter.8 = f32[4]{0} scatter(Arg_0.1, reshape.7, broadcast.2), update_window_dims={}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, indices_are_sorted=true, unique_indices=true, to_apply=region_0.3, backend_config={"a":[1,2],"b":"x"}
  ROOT tuple.9 = (f32[4]{0}) tuple(scatter.8)
}`;
    expect(run1(text, [tensor([1, 2, 3, 4], 'float32'), tensor([3, 0], 'int32')])).toEqual([
      [2.5, 2, 3, 5.5],
    ]);
  });

  it('an opcode with no StableHLO op here, a tuple parameter, complex shapes: typed errors with lines', () => {
    const e = thrown(() =>
      readModule('HloModule m\nENTRY e {\n  p = f32[2] parameter(0)\n  ROOT f = f32[2] cosine(p)\n}'),
    );
    expect([e.code, e.message]).toEqual([
      'stablehlo_text.unknown_op',
      expect.stringMatching(/line 4: HLO cosine/),
    ]);
    expect(
      thrown(() => readModule('HloModule m\nENTRY e {\n  ROOT p = (f32[2], f32[]) parameter(0)\n}')).code,
    ).toBe('stablehlo_text.hlo');
    // c64 / c128 read since issue 23 (complex dtypes); a complex literal must be a (re, im) pair.
    expect(() => readModule('HloModule m\nENTRY e {\n  ROOT p = c64[2] parameter(0)\n}')).not.toThrow();
    expect(
      thrown(() => readModule('HloModule m\nENTRY e {\n  ROOT c = c64[1] constant({(1, 2, 3)})\n}')).code,
    ).toBe('stablehlo_text.complex');
    expect(
      thrown(() => readModule('HloModule m\nENTRY e {\n  ROOT c = f32[3] constant({...})\n}')).code,
    ).toBe('stablehlo_text.dense');
  });
});

describe('the spec’s promotion and dynamic sizes (openxla/stablehlo’s own verifier tests)', () => {
  const promoted = (
    body: string,
    input = 'f32',
  ) => `func.func @main(%x: tensor<3x${input}>, %i: tensor<2x1xi32>, %u: tensor<2x${input}>) -> tensor<3x${body}> {
  %r = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<${body}>, %b: tensor<${body}>):
    %s = stablehlo.add %a, %b : tensor<${body}>
    stablehlo.return %s : tensor<${body}>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x${input}>, tensor<2x1xi32>, tensor<2x${input}>) -> tensor<3x${body}>
  return %r : tensor<3x${body}>
}`;
  const tiny = 2 ** -40;

  it('scatter C23/C25: a body in a promotable type runs in it, inputs and updates converted first', () => {
    // Two updates of 2^-40 onto 1: in f64 the sum is exact; an f32 sum would stay 1.
    const x = tensor([1, 2, 3], 'float32');
    const i = tensor([[0], [0]], 'int32');
    const u = tensor([tiny, tiny], 'float32');
    const [r] = runModule(readModule(promoted('f64')), [x, i, u]).results;
    expect(r.dtype).toBe('float64');
    expect(r.toArray()).toEqual([1 + 2 * tiny, 2, 3]);
    expect(runStablehlo(promoted('f64'), [x, i, u]).value.toArray()).toEqual([1 + 2 * tiny, 2, 3]);
    // The one-op API has no conversion step: it refuses rather than add in f32.
    expect(thrown(() => parseStablehlo(promoted('f64'))).code).toBe('stablehlo_text.region');
  });

  it('scatter C23: a narrower body or another kind is refused', () => {
    expect(thrown(() => readModule(promoted('f32', 'f64'))).code).toBe('stablehlo.scatter.C23');
    expect(thrown(() => readModule(promoted('f32', 'i32'))).code).toBe('stablehlo.scatter.C23');
    // is_promotable keeps bool, integer, float and complex apart (complex is no bool).
    expect(thrown(() => readModule(promoted('complex<f32>', 'i1'))).code).toBe('stablehlo.scatter.C23');
  });

  it('dynamic_gather with slice sizes known only when run: the size-free constraints are checked on reading', () => {
    const text = (
      dn: string,
      result: string,
    ) => `func.func @main(%x: tensor<2x4x9xi32>, %i: tensor<1x5x2xi32>, %s: tensor<3xi32>) -> tensor<${result}xi32> {
  %r = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<${dn}, index_vector_dim = 2>} : (tensor<2x4x9xi32>, tensor<1x5x2xi32>, tensor<3xi32>) -> tensor<${result}xi32>
  return %r : tensor<${result}xi32>
}`;
    const ok = 'offset_dims = [2], collapsed_slice_dims = [0, 1], start_index_map = [0, 1]';
    expect(kinds(readModule(text(ok, '1x5x8')))).toEqual(['dynamic_gather']);
    expect(thrown(() => readModule(text(ok.replace('[0, 1]', '[0]'), '1x5x8'))).code).toMatch(
      /^stablehlo\.(dynamic_)?gather\.C/,
    );
    expect(
      thrown(() =>
        readModule(text(ok.replace('start_index_map = [0, 1]', 'start_index_map = [0, 0]'), '1x5x8')),
      ).code,
    ).toMatch(/^stablehlo\.(dynamic_)?gather\.C/);
    expect(thrown(() => readModule(text(ok, '3'))).code).toBe('stablehlo.dynamic_gather.C13');
  });
});

describe('the MLIR tensor dialect (through the library’s mlir.tensor lowering)', () => {
  const src = tensor(
    Array.from({ length: 120 }, (_, k) => Math.floor(k / 30) * 100 + (Math.floor(k / 6) % 5) * 10 + (k % 6)),
    'float32',
    [4, 5, 6],
  );
  const idx = tensor(
    [
      [
        [1, 2],
        [4, 5],
      ],
    ],
    'int64',
  );

  it('tensor.gather, rank-preserving and rank-reduced results; index element type', () => {
    const text = `func.func @main(%src: tensor<4x5x6xf32>, %idx: tensor<1x2x2xindex>) -> (tensor<1x2x4x1x1xf32>, tensor<1x2x4xf32>) {
  %out = tensor.gather %src[%idx] gather_dims([1, 2]) unique : (tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<1x2x4x1x1xf32>
  %red = tensor.gather %src[%idx] gather_dims([1, 2]) : (tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<1x2x4xf32>
  return %out, %red : tensor<1x2x4x1x1xf32>, tensor<1x2x4xf32>
}`;
    const [full, reduced] = run1(text, [src, idx]);
    expect(reduced).toEqual([
      [
        [12, 112, 212, 312],
        [45, 145, 245, 345],
      ],
    ]);
    expect(full).toEqual([
      [
        [[[12]], [[112]], [[212]], [[312]]],
        [[[45]], [[145]], [[245]], [[345]]],
      ],
    ]);
  });

  it('tensor.scatter … into … unique; an out-of-range coordinate is the library’s error, a missing unique is refused', () => {
    const text = `func.func @main(%src: tensor<1x2x4xf32>, %dest: tensor<4x5x6xf32>, %idx: tensor<1x2x2xindex>) -> tensor<4x5x6xf32> {
  %out = tensor.scatter %src into %dest[%idx] scatter_dims([1, 2]) unique : (tensor<1x2x4xf32>, tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<4x5x6xf32>
  return %out : tensor<4x5x6xf32>
}`;
    const m = readModule(text);
    const updates = tensor([1, 2, 3, 4, 5, 6, 7, 8], 'float32', [1, 2, 4]);
    const out = runModule(m, [updates, src, idx]).results[0];
    expect(out.get(2, 1, 2)).toBe(3);
    expect(out.get(3, 4, 5)).toBe(8);
    expect(out.get(0, 0, 1)).toBe(1);
    const far = tensor(
      [
        [
          [1, 2],
          [4, 9],
        ],
      ],
      'int64',
    );
    expect(thrown(() => runModule(m, [updates, src, far])).code).toBe(
      'mlir.tensor.scatter.index_out_of_bounds',
    );
    expect(thrown(() => readModule(text.replace(' unique :', ' :'))).code).toBe('mlir.tensor.scatter.unique');
    expect(thrown(() => readModule(text.replace('scatter_dims([1, 2])', 'scatter_dims([2, 1])'))).code).toBe(
      'mlir.tensor.scatter.scatter_dims_increasing',
    );
  });

  it('the verifier’s rule comes first, as TensorOps.cpp reports it; a result that is not dest’s type after', () => {
    // ScatterOp::verify checks the dims, unique and the source type and never the result: with
    // a wrong result type too, MLIR names the dims — and so do we.
    const text = `func.func @main(%src: tensor<1x2x4xf32>, %dest: tensor<4x5x6xf32>, %idx: tensor<1x2x2xindex>) -> tensor<1x2xf32> {
  %out = tensor.scatter %src into %dest[%idx] scatter_dims([2, 1]) unique : (tensor<1x2x4xf32>, tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<1x2xf32>
  return %out : tensor<1x2xf32>
}`;
    expect(thrown(() => readModule(text)).code).toBe('mlir.tensor.scatter.scatter_dims_increasing');
    expect(thrown(() => readModule(text.replace('([2, 1]) unique :', '([1, 2]) :'))).code).toBe(
      'mlir.tensor.scatter.unique',
    );
    // Valid dims and a result of another type than dest: nothing MLIR's verifier says, but no
    // value of that type can be computed — refused.
    expect(thrown(() => readModule(text.replace('scatter_dims([2, 1])', 'scatter_dims([1, 2])'))).code).toBe(
      'stablehlo_text.result_type',
    );
    const gather = `func.func @main(%src: tensor<4x5x6xf32>, %idx: tensor<1x2x2xindex>) -> tensor<1x2x4xi32> {
  %red = tensor.gather %src[%idx] gather_dims([2, 1]) : (tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<1x2x4xi32>
  return %red : tensor<1x2x4xi32>
}`;
    expect(thrown(() => readModule(gather)).code).toBe('mlir.tensor.gather.gather_dims_increasing');
    expect(thrown(() => readModule(gather.replace('gather_dims([2, 1])', 'gather_dims([1, 2])'))).code).toBe(
      'stablehlo_text.result_type',
    );
  });
});

describe('lexer', () => {
  it('one token per tensor type (2x3 is no hex literal and no identifier), lines counted, comments dropped', () => {
    const t = lex('%0 = stablehlo.constant dense<0x7FC00000> : tensor<0x3xf32> // tensor<bad\n%1');
    expect(t.map((x) => [x.kind, x.text, x.line])).toEqual([
      ['val', '0', 1],
      ['p', '=', 1],
      ['id', 'stablehlo.constant', 1],
      ['id', 'dense', 1],
      ['p', '<', 1],
      ['int', '0x7FC00000', 1],
      ['p', '>', 1],
      ['p', ':', 1],
      ['type', 'tensor<0x3xf32>', 1],
      ['val', '1', 2],
      ['eof', '', 2],
    ]);
    expect(t[8].type).toEqual({ shape: [0, 3], element: 'f32' });
  });
});

describe('fuzz: random mutations of the conformance modules throw only typed errors', () => {
  const SEED = Number(process.env.STABLEHLO_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  let limit = 0;
  beforeAll(() => {
    limit = getAllocationLimit();
    setAllocationLimit(2 ** 24); // mutated shapes stay small
  });
  afterAll(() => setAllocationLimit(limit));

  it(`600 mutants (seed ${SEED}; replay: STABLEHLO_FUZZ_SEED=${SEED})`, () => {
    console.log(`stablehlo-reader fuzz seed ${SEED}`);
    const rand = rng(SEED).next;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    const dir = '../shared/conformance/stablehlo';
    const files = [
      ...readdirSync(join(dir, 'testdata')).map((f) => join(dir, 'testdata', f)),
      ...readdirSync(join(dir, 'interpret')).map((f) => join(dir, 'interpret', f)),
    ].sort();
    const HLO_SEED = `HloModule m\nadd {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT s = f32[] add(a, b)\n}\nENTRY main {\n  x = f32[4] parameter(0)\n  i = s32[2,1] constant({ {1}, {3} })\n  u = f32[2] constant({1.5, -inf})\n  g = f32[2] gather(x, i), offset_dims={}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=1, slice_sizes={1}\n  ROOT s = f32[4] scatter(x, i, g), update_window_dims={}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add\n}`;
    const pieces = [
      '[',
      ']',
      '{',
      '}',
      '(',
      ')',
      '<',
      '>',
      ',',
      ':',
      '=',
      '->',
      '%0',
      '%arg0#1',
      '@f',
      '"',
      '0x',
      '-',
      '1',
      '999999999',
      '2x',
      'x',
      'tensor<',
      'dense<',
      'f32',
      'i1',
      'complex<f32>',
      '?',
      '^bb0',
      '// ',
      '\n',
      'stablehlo.return',
      'func.return',
      '#stablehlo<',
      'loc(',
      'array<i64:',
      'nan',
      'inf',
      '...',
    ];
    const untyped: string[] = [];
    const outcomes = { ok: 0, typed: 0 };
    for (let n = 0; n < 600; n++) {
      const base = n % 10 === 9 ? HLO_SEED : readFileSync(pick(files), 'utf8');
      let text = base;
      const edits = 1 + Math.floor(rand() * 3);
      for (let k = 0; k < edits; k++) {
        const at = Math.floor(rand() * text.length);
        const len = Math.floor(rand() * 12);
        const r = rand();
        if (r < 0.3) text = text.slice(0, at) + text.slice(at + len);
        else if (r < 0.6) text = text.slice(0, at) + pick(pieces) + text.slice(at);
        else if (r < 0.8)
          text =
            text.slice(0, at) +
            text.slice(at, at + len).replace(/\d/g, () => String(Math.floor(rand() * 10))) +
            text.slice(at + len);
        else
          text =
            text.slice(0, at) +
            text.slice(Math.floor(rand() * text.length), Math.floor(rand() * text.length)) +
            text.slice(at);
      }
      try {
        runText(text);
        outcomes.ok++;
      } catch (e) {
        if (e instanceof GatherScatterError) outcomes.typed++;
        else untyped.push(`${String(e).slice(0, 200)}\n--- mutant ${n} ---\n${text.slice(0, 300)}`);
      }
    }
    console.log(`stablehlo-reader fuzz: ${JSON.stringify(outcomes)}, ${untyped.length} untyped`);
    expect(untyped).toEqual([]);
    expect(outcomes.ok).toBeGreaterThan(0);
  });
});
