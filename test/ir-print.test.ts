/**
 * The StableHLO printer (src/ir/print.ts). Golden texts written against the spec's syntax
 * (docs/spec.md), StableHLO's own printer (StablehloOps.cpp: `#stablehlo.gather<…>` leaves out
 * empty lists and index_vector_dim = 0) and the JAX-generated modules in
 * ../shared/conformance/stablehlo. When an `mlir-opt` is on the machine (Debian's mlir-NN-tools),
 * every golden module is also parsed by it, and every constant read back bit for bit.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveGatherOptions, resolveScatterOptions } from '../src/core/policy.js';
import { InvalidArgumentError } from '../src/errors.js';
import { denseText, isSpecPolicy, printFunc, printModule, tensorTypeText } from '../src/ir/print.js';
import type { Body, Func, Module, Op, TensorType } from '../src/ir/program.js';
import { type DType, byteSize, storageConstructor } from '../src/tensor/dtype.js';
import { Tensor, tensor } from '../src/tensor/tensor.js';

const T = (shape: number[], dtype: DType): TensorType => ({ shape, dtype });
const op = (o: Record<string, unknown>): Op => o as unknown as Op;
const main = (f: Omit<Func, 'name'>): Module => ({ entry: 'main', funcs: [{ name: 'main', ...f }] });
const constant = (value: Tensor): Op =>
  op({ kind: 'constant', operands: [], results: [T([...value.shape], value.dtype)], value });
const bits32 = (xs: number[]) =>
  new Tensor('float32', [xs.length], new Float32Array(new Uint32Array(xs).buffer));
const bits64 = (xs: bigint[]) =>
  new Tensor('float64', [xs.length], new Float64Array(new BigUint64Array(xs).buffer));
/** The body `(%a, %b) -> kind(%a, %b)` on scalars. */
const binaryBody = (kind: string, dtype: DType): Body => ({
  params: [T([], dtype), T([], dtype)],
  ops: [op({ kind, operands: [0, 1], results: [T([], dtype)] })],
  returns: [2],
});

/** Every module a golden test prints, for the mlir-opt pass at the end. */
const printed: string[] = [];
const print = (m: Module, comments?: string[]) => {
  const text = printModule(m, comments ? { comments } : {});
  printed.push(text);
  return text;
};

describe('printModule: golden texts', () => {
  it('gather (the spec example, interpret/gather.mlir) with named parameters', () => {
    const m = main({
      params: [T([3, 4, 2], 'int64'), T([2, 3, 2], 'int64')],
      paramNames: ['operand', 'start_indices'],
      results: [T([2, 3, 2, 2], 'int64')],
      ops: [
        op({
          kind: 'gather',
          operands: [0, 1],
          results: [T([2, 3, 2, 2], 'int64')],
          dimension_numbers: {
            offset_dims: [2, 3],
            collapsed_slice_dims: [0],
            start_index_map: [1, 0],
            index_vector_dim: 2,
            slice_sizes: [1, 2, 2],
          },
          options: resolveGatherOptions('int64'),
        }),
      ],
      returns: [2],
    });
    expect(print(m)).toBe(`module {
  func.func @main(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
    %0 = "stablehlo.gather"(%operand, %start_indices) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
    func.return %0 : tensor<2x3x2x2xi64>
  }
}
`);
  });

  it('gather dimension numbers as StableHLO prints them: batching dims when set, empty lists and index_vector_dim = 0 left out', () => {
    const gather = (dn: Record<string, unknown>, operand: number[], indices: number[], result: number[]) =>
      print(
        main({
          params: [T(operand, 'float32'), T(indices, 'int64')],
          results: [T(result, 'float32')],
          ops: [
            op({
              kind: 'gather',
              operands: [0, 1],
              results: [T(result, 'float32')],
              dimension_numbers: dn,
              options: resolveGatherOptions('float32'),
            }),
          ],
          returns: [2],
        }),
      ).split('\n')[2];
    // interpret/gather.mlir, gather_op_with_batching_dim_test
    expect(
      gather(
        {
          offset_dims: [3, 4],
          collapsed_slice_dims: [1],
          operand_batching_dims: [0],
          start_indices_batching_dims: [1],
          start_index_map: [2, 1],
          index_vector_dim: 3,
          slice_sizes: [1, 1, 2, 2],
          indices_are_sorted: true,
        },
        [2, 3, 4, 2],
        [2, 2, 3, 2],
        [2, 2, 3, 2, 2],
      ),
    ).toBe(
      '    %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1, 2, 2>}> : (tensor<2x3x4x2xf32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xf32>',
    );
    // testdata/gather_float32_10_10_10.mlir prints `#stablehlo.gather<offset_dims = [0, 1],
    // collapsed_slice_dims = [2], start_index_map = [2]>` for index_vector_dim = 0.
    expect(
      gather(
        {
          offset_dims: [0, 1],
          collapsed_slice_dims: [2],
          operand_batching_dims: [],
          start_index_map: [2],
          index_vector_dim: 0,
          slice_sizes: [10, 10, 1],
        },
        [10, 10, 10],
        [1],
        [10, 10],
      ),
    ).toBe(
      '    %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], collapsed_slice_dims = [2], start_index_map = [2]>, indices_are_sorted = false, slice_sizes = array<i64: 10, 10, 1>}> : (tensor<10x10x10xf32>, tensor<1xi64>) -> tensor<10x10xf32>',
    );
  });

  it('scatter-add (interpret/scatter.mlir): the region continues the function numbering (%arg2, %2)', () => {
    const m = main({
      params: [T([3, 4, 2], 'int64'), T([2, 3, 2], 'int64')],
      results: [T([3, 4, 2], 'int64')],
      ops: [
        constant(tensor(new BigInt64Array(24).fill(1n), 'int64', [2, 3, 2, 2])),
        op({
          kind: 'scatter',
          operands: [0, 1, 2],
          results: [T([3, 4, 2], 'int64')],
          dimension_numbers: {
            update_window_dims: [2, 3],
            inserted_window_dims: [0],
            scatter_dims_to_operand_dims: [1, 0],
            index_vector_dim: 2,
          },
          body: binaryBody('add', 'int64'),
          reducer: 'add',
          options: resolveScatterOptions(),
        }),
      ],
      returns: [3],
    });
    expect(print(m)).toBe(`module {
  func.func @main(%arg0: tensor<3x4x2xi64>, %arg1: tensor<2x3x2xi64>) -> tensor<3x4x2xi64> {
    %0 = "stablehlo.constant"() <{value = dense<1> : tensor<2x3x2x2xi64>}> : () -> tensor<2x3x2x2xi64>
    %1 = "stablehlo.scatter"(%arg0, %arg1, %0) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i64>, %arg3: tensor<i64>):
      %2 = "stablehlo.add"(%arg2, %arg3) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%2) : (tensor<i64>) -> ()
    }) : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
    func.return %1 : tensor<3x4x2xi64>
  }
}
`);
  });

  it('regions number after all of the enclosing body: siblings share numbers, a nested region continues', () => {
    const f32 = T([], 'float32');
    // A scatter whose body itself holds a reduce (legal, if unusual), then a second scatter.
    const nestedBody: Body = {
      params: [f32, f32],
      ops: [
        op({ kind: 'add', operands: [0, 1], results: [f32] }),
        op({
          kind: 'reduce',
          operands: [2, 0],
          results: [f32],
          dimensions: [],
          body: binaryBody('maximum', 'float32'),
        }),
      ],
      returns: [3],
    };
    const scatter = (operands: number[], body: Body) =>
      op({
        kind: 'scatter',
        operands,
        results: [T([4], 'float32')],
        dimension_numbers: {
          update_window_dims: [],
          inserted_window_dims: [0],
          scatter_dims_to_operand_dims: [0],
          index_vector_dim: 1,
        },
        body,
        options: resolveScatterOptions(),
      });
    const m = main({
      params: [T([4], 'float32'), T([2, 1], 'int32'), T([2], 'float32')],
      results: [T([4], 'float32')],
      ops: [scatter([0, 1, 2], nestedBody), scatter([3, 1, 2], binaryBody('minimum', 'float32'))],
      returns: [4],
    });
    const text = print(m);
    expect(
      text.split('\n').slice(2, -4).join('\n'),
    ).toBe(`    %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %2 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      %3 = "stablehlo.reduce"(%2, %arg3) <{dimensions = array<i64>}> ({
      ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
        %4 = "stablehlo.maximum"(%arg5, %arg6) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%4) : (tensor<f32>) -> ()
      }) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%3) : (tensor<f32>) -> ()
    }) : (tensor<4xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<4xf32>
    %1 = "stablehlo.scatter"(%0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %2 = "stablehlo.minimum"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%2) : (tensor<f32>) -> ()
    }) : (tensor<4xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<4xf32>`);
  });

  it('constants of every dtype, bit for bit: NaN payloads, -0, infinities, subnormals, extremes', () => {
    const m = main({
      params: [],
      results: [],
      ops: [
        // f32: NaN with payload 0xbeef, -0, ±inf, the smallest subnormal, 0.1f, the largest finite.
        constant(
          bits32([0x7fc0beef, 0x80000000, 0x7f800000, 0xff800000, 0x00000001, 0x3dcccccd, 0x7f7fffff]),
        ),
        // f64: NaN with payload 1, -0, the smallest subnormal, 0.1, the largest finite, 1e21, 2.
        constant(
          bits64([
            0x7ff8000000000001n,
            0x8000000000000000n,
            1n,
            0x3fb999999999999an,
            0x7fefffffffffffffn,
            0x444b1ae4d6e2ef50n,
            0x4000000000000000n,
          ]),
        ),
        // f16 bit patterns: 1, NaN payload 1, -0, smallest subnormal, 65504, 1/3, -inf.
        constant(
          new Tensor(
            'float16',
            [7],
            new Uint16Array([0x3c00, 0x7e01, 0x8000, 0x0001, 0x7bff, 0x3555, 0xfc00]),
          ),
        ),
        // bf16 bit patterns: 1, NaN payload 1, -0, smallest subnormal, the largest finite, 1/3, +inf.
        constant(
          new Tensor(
            'bfloat16',
            [7],
            new Uint16Array([0x3f80, 0x7fc1, 0x8000, 0x0001, 0x7f7f, 0x3eab, 0x7f80]),
          ),
        ),
        constant(tensor([-(2n ** 63n), 2n ** 63n - 1n, 0n, -1n], 'int64')),
        constant(tensor([2n ** 64n - 1n, 0n, 1n], 'uint64')),
        constant(tensor([-2147483648, 2147483647], 'int32')),
        constant(tensor([-32768, 32767], 'int16')),
        constant(tensor([-128, 127], 'int8')),
        constant(tensor([4294967295, 0], 'uint32')),
        constant(tensor([65535, 0], 'uint16')),
        constant(tensor([255, 0], 'uint8')),
        constant(tensor([true, false], 'bool')),
        constant(
          tensor(
            [
              [1, 2, 3],
              [4, 5, 6],
            ],
            'int32',
          ),
        ),
        constant(tensor(2.5, 'float32')),
        constant(tensor([true, true, true], 'bool')),
        constant(bits32([0x7fc0beef, 0x7fc0beef])),
        constant(new Tensor('float32', [0, 3], new Float32Array(0))),
      ],
      returns: [],
    });
    const lines = print(m).split('\n').slice(2, -4);
    const values = lines.map((l) =>
      l.replace(/^ {4}%\d+ = "stablehlo.constant"\(\) <\{value = (.*)\}> : \(\) -> .*$/, '$1'),
    );
    expect(values).toEqual([
      'dense<[0x7FC0BEEF, -0.0, 0x7F800000, 0xFF800000, 1.0e-45, 0.1, 3.4028235e+38]> : tensor<7xf32>',
      'dense<[0x7FF8000000000001, -0.0, 5.0e-324, 0.1, 1.7976931348623157e+308, 1.0e+21, 2.0]> : tensor<7xf64>',
      'dense<[1.0, 0x7E01, -0.0, 6.0e-8, 65500.0, 0.3333, 0xFC00]> : tensor<7xf16>',
      'dense<[1.0, 0x7FC1, -0.0, 9.0e-41, 3.39e+38, 0.334, 0x7F80]> : tensor<7xbf16>',
      'dense<[-9223372036854775808, 9223372036854775807, 0, -1]> : tensor<4xi64>',
      'dense<[18446744073709551615, 0, 1]> : tensor<3xui64>',
      'dense<[-2147483648, 2147483647]> : tensor<2xi32>',
      'dense<[-32768, 32767]> : tensor<2xi16>',
      'dense<[-128, 127]> : tensor<2xi8>',
      'dense<[4294967295, 0]> : tensor<2xui32>',
      'dense<[65535, 0]> : tensor<2xui16>',
      'dense<[255, 0]> : tensor<2xui8>',
      'dense<[true, false]> : tensor<2xi1>',
      'dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>',
      'dense<2.5> : tensor<f32>',
      'dense<true> : tensor<3xi1>',
      'dense<0x7FC0BEEF> : tensor<2xf32>',
      'dense<> : tensor<0x3xf32>',
    ]);
  });

  it('constants above 100 elements print as MLIR prints them: the little-endian bytes in hex', () => {
    const n = 101;
    const values = Float32Array.from({ length: n }, (_, i) => i / 4);
    const view = new DataView(new ArrayBuffer(4 * n));
    for (let i = 0; i < n; i++) view.setFloat32(4 * i, values[i], true);
    const hex = [...new Uint8Array(view.buffer)]
      .map((b) => b.toString(16).toUpperCase().padStart(2, '0'))
      .join('');
    expect(denseText(new Tensor('float32', [n], values))).toBe(`dense<"0x${hex}"> : tensor<101xf32>`);
    expect(hex.slice(0, 24)).toBe('000000000000803E0000003F'); // 0, 0.25, 0.5
    // 100 elements stay decimal; booleans never go hex (MLIR packs i1 raw data in bits).
    expect(denseText(new Tensor('float32', [100], values.slice(0, 100)))).toMatch(
      /^dense<\[0\.0, 0\.25, 0\.5, 0\.75, 1\.0,/,
    );
    const bools = tensor(
      Array.from({ length: 200 }, (_, i) => i % 3 === 0),
      'bool',
    );
    expect(denseText(bools)).toMatch(/^dense<\[true, false, false, true,/);
  });

  it('reduce with an `and` body', () => {
    const i1 = T([], 'bool');
    const m = main({
      params: [T([2, 3], 'bool')],
      results: [T([2], 'bool')],
      ops: [
        constant(tensor(true, 'bool')),
        op({
          kind: 'reduce',
          operands: [0, 1],
          results: [T([2], 'bool')],
          dimensions: [1],
          body: binaryBody('and', 'bool'),
        }),
      ],
      returns: [2],
    });
    expect(print(m)).toBe(`module {
  func.func @main(%arg0: tensor<2x3xi1>) -> tensor<2xi1> {
    %0 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i1>, %arg2: tensor<i1>):
      %2 = "stablehlo.and"(%arg1, %arg2) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%2) : (tensor<i1>) -> ()
    }) : (tensor<2x3xi1>, tensor<i1>) -> tensor<2xi1>
    func.return %1 : tensor<2xi1>
  }
}
`);
    expect(i1.shape).toEqual([]);
  });

  it('two functions and a call: the entry first, helpers private; a multi-result call is %0:2 used as %0#0, %0#1', () => {
    const m: Module = {
      entry: 'main',
      funcs: [
        {
          name: 'inputs',
          params: [],
          results: [T([2], 'float32'), T([2], 'float32')],
          ops: [constant(tensor([1, 2], 'float32')), constant(tensor([3, 4], 'float32'))],
          returns: [0, 1],
        },
        {
          name: 'main',
          params: [],
          results: [T([2], 'float32')],
          ops: [
            op({
              kind: 'call',
              callee: 'inputs',
              operands: [],
              results: [T([2], 'float32'), T([2], 'float32')],
            }),
            op({ kind: 'add', operands: [0, 1], results: [T([2], 'float32')] }),
            op({ kind: 'check', check: 'expect_close', operands: [2, 2], results: [] }),
          ],
          returns: [2],
        },
      ],
    };
    expect(print(m)).toBe(`module {
  func.func @main() -> tensor<2xf32> {
    %0:2 = "func.call"() <{callee = @inputs}> : () -> (tensor<2xf32>, tensor<2xf32>)
    %1 = "stablehlo.add"(%0#0, %0#1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "check.expect_close"(%1, %1) <{max_ulp_difference = 3 : ui64, min_ulp_difference = 0 : ui64}> : (tensor<2xf32>, tensor<2xf32>) -> ()
    func.return %1 : tensor<2xf32>
  }
  func.func private @inputs() -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "stablehlo.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %1 = "stablehlo.constant"() <{value = dense<[3.0, 4.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
    func.return %0, %1 : tensor<2xf32>, tensor<2xf32>
  }
}
`);
  });

  it('compare, select and broadcast_in_dim (what legalize emits around a gather), with comments on top', () => {
    const m = main({
      params: [T([3], 'int32')],
      paramNames: ['idx'],
      results: [T([3], 'int32')],
      ops: [
        constant(tensor(0, 'int32')),
        op({ kind: 'broadcast_in_dim', operands: [1], results: [T([3], 'int32')], broadcast_dimensions: [] }),
        op({
          kind: 'compare',
          operands: [0, 2],
          results: [T([3], 'bool')],
          comparison_direction: 'LT',
          compare_type: 'SIGNED',
        }),
        op({ kind: 'select', operands: [3, 2, 0], results: [T([3], 'int32')] }),
        op({ kind: 'compare', operands: [0, 0], results: [T([3], 'bool')], comparison_direction: 'EQ' }),
      ],
      returns: [4],
    });
    expect(
      print(m, ['ONNX raises on out-of-bounds indices;', 'this text computes the in-bounds result']),
    ).toBe(`// ONNX raises on out-of-bounds indices;
// this text computes the in-bounds result
module {
  func.func @main(%idx: tensor<3xi32>) -> tensor<3xi32> {
    %0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<3xi32>
    %2 = "stablehlo.compare"(%idx, %1) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %3 = "stablehlo.select"(%2, %1, %idx) : (tensor<3xi1>, tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
    %4 = "stablehlo.compare"(%idx, %idx) <{comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    func.return %3 : tensor<3xi32>
  }
}
`);
  });

  it('the other ops: iota, slice, dynamic_slice, dynamic_update_slice, transpose, concatenate, reshape, convert, unary, clamp, dynamic_gather', () => {
    const i64 = T([], 'int64');
    const m = main({
      params: [T([4, 3], 'float32'), i64],
      results: [T([3, 2], 'float64')],
      ops: [
        op({ kind: 'iota', operands: [], results: [T([4, 3], 'float32')], iota_dimension: 1 }),
        op({
          kind: 'slice',
          operands: [0],
          results: [T([2, 3], 'float32')],
          start_indices: [1, 0],
          limit_indices: [3, 3],
          strides: [1, 1],
        }),
        op({
          kind: 'dynamic_slice',
          operands: [0, 1, 1],
          results: [T([2, 3], 'float32')],
          slice_sizes: [2, 3],
        }),
        op({ kind: 'transpose', operands: [3], results: [T([3, 2], 'float32')], permutation: [1, 0] }),
        op({ kind: 'concatenate', operands: [3, 4], results: [T([4, 3], 'float32')], dimension: 0 }),
        op({ kind: 'reshape', operands: [6], results: [T([3, 4], 'float32')] }),
        op({ kind: 'convert', operands: [5], results: [T([3, 2], 'float64')] }),
        op({ kind: 'negate', operands: [8], results: [T([3, 2], 'float64')] }),
        op({ kind: 'clamp', operands: [9, 8, 9], results: [T([3, 2], 'float64')] }),
        constant(tensor([1, 3], 'int64')),
        op({
          kind: 'constant',
          operands: [],
          results: [T([2, 1], 'int64')],
          value: tensor([[0], [2]], 'int64'),
        }),
        op({
          kind: 'dynamic_gather',
          operands: [0, 12, 11],
          results: [T([2, 3], 'float32')],
          dimension_numbers: {
            offset_dims: [1],
            collapsed_slice_dims: [0],
            start_index_map: [0],
            index_vector_dim: 1,
          },
          options: resolveGatherOptions('float32'),
        }),
        op({ kind: 'dynamic_update_slice', operands: [0, 3, 1, 1], results: [T([4, 3], 'float32')] }),
      ],
      returns: [10],
    });
    expect(print(m)).toBe(`module {
  func.func @main(%arg0: tensor<4x3xf32>, %arg1: tensor<i64>) -> tensor<3x2xf64> {
    %0 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<4x3xf32>
    %1 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 3, 3>, start_indices = array<i64: 1, 0>, strides = array<i64: 1, 1>}> : (tensor<4x3xf32>) -> tensor<2x3xf32>
    %2 = "stablehlo.dynamic_slice"(%arg0, %arg1, %arg1) <{slice_sizes = array<i64: 2, 3>}> : (tensor<4x3xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
    %3 = "stablehlo.transpose"(%1) <{permutation = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %4 = "stablehlo.concatenate"(%1, %2) <{dimension = 0 : i64}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
    %5 = "stablehlo.reshape"(%4) : (tensor<4x3xf32>) -> tensor<3x4xf32>
    %6 = "stablehlo.convert"(%3) : (tensor<3x2xf32>) -> tensor<3x2xf64>
    %7 = "stablehlo.negate"(%6) : (tensor<3x2xf64>) -> tensor<3x2xf64>
    %8 = "stablehlo.clamp"(%7, %6, %7) : (tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
    %9 = "stablehlo.constant"() <{value = dense<[1, 3]> : tensor<2xi64>}> : () -> tensor<2xi64>
    %10 = "stablehlo.constant"() <{value = dense<[[0], [2]]> : tensor<2x1xi64>}> : () -> tensor<2x1xi64>
    %11 = "stablehlo.dynamic_gather"(%arg0, %10, %9) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false}> : (tensor<4x3xf32>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x3xf32>
    %12 = "stablehlo.dynamic_update_slice"(%arg0, %1, %arg1, %arg1) : (tensor<4x3xf32>, tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<4x3xf32>
    func.return %8 : tensor<3x2xf64>
  }
}
`);
  });

  it("the interpreter's checks: check dialect ops, @check.eq as a custom call; non-float close checks are exact", () => {
    const f = T([2], 'float32');
    const i = T([2], 'int32');
    const m = main({
      params: [f, i],
      results: [],
      ops: [
        op({ kind: 'check', check: 'expect_eq', operands: [0, 0], results: [] }),
        op({
          kind: 'check',
          check: 'expect_eq_const',
          operands: [1],
          results: [],
          expected: tensor([1, 2], 'int32'),
        }),
        op({
          kind: 'check',
          check: 'expect_almost_eq_const',
          operands: [0],
          results: [],
          expected: tensor([0.5, 1], 'float32'),
          tolerance: 0.001,
        }),
        op({ kind: 'check', check: 'expect_almost_eq', operands: [0, 0], results: [] }),
        op({
          kind: 'check',
          check: 'expect_close',
          operands: [0, 0],
          results: [],
          min_ulp_difference: 1,
          max_ulp_difference: 10,
        }),
        op({ kind: 'check', check: 'expect_close', operands: [1, 1], results: [] }),
        op({ kind: 'check', check: 'eq', operands: [1, 1], results: [T([], 'bool')] }),
      ],
      returns: [],
    });
    expect(print(m)).toBe(`module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xi32>) {
    "check.expect_eq"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> ()
    "check.expect_eq_const"(%arg1) <{value = dense<[1, 2]> : tensor<2xi32>}> : (tensor<2xi32>) -> ()
    "check.expect_almost_eq_const"(%arg0) <{tolerance = 0.001 : f64, value = dense<[0.5, 1.0]> : tensor<2xf32>}> : (tensor<2xf32>) -> ()
    "check.expect_almost_eq"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> ()
    "check.expect_close"(%arg0, %arg0) <{max_ulp_difference = 10 : ui64, min_ulp_difference = 1 : ui64}> : (tensor<2xf32>, tensor<2xf32>) -> ()
    "check.expect_eq"(%arg1, %arg1) : (tensor<2xi32>, tensor<2xi32>) -> ()
    %0 = "stablehlo.custom_call"(%arg1, %arg1) <{call_target_name = "check.eq"}> : (tensor<2xi32>, tensor<2xi32>) -> tensor<i1>
    func.return
  }
}
`);
  });

  it('parameter names become valid, distinct MLIR identifiers', () => {
    const t = T([], 'float32');
    const m = main({
      params: [t, t, t, t, t, t, t],
      paramNames: ['in dices', '0x', 'arg5', 'a', 'a', '', 'é.b-c$'],
      results: [],
      ops: [],
      returns: [],
    });
    expect(print(m).split('\n')[1]).toBe(
      '  func.func @main(%in_dices: tensor<f32>, %_0x: tensor<f32>, %arg5_: tensor<f32>, %a: tensor<f32>, %a_1: tensor<f32>, %arg5: tensor<f32>, %_.b-c$: tensor<f32>) {',
    );
  });

  it('printFunc prints one function unindented; comments split on line breaks', () => {
    const f: Func = { name: 'f', params: [T([], 'int8')], results: [T([], 'int8')], ops: [], returns: [0] };
    expect(printFunc(f, { visibility: 'private' })).toBe(
      'func.func private @f(%arg0: tensor<i8>) -> tensor<i8> {\n  func.return %arg0 : tensor<i8>\n}\n',
    );
    expect(
      printModule({ entry: 'f', funcs: [f] }, { comments: ['a\nb', ''] })
        .split('\n')
        .slice(0, 4),
    ).toEqual(['// a', '// b', '//', 'module {']);
    expect(tensorTypeText(T([], 'bfloat16'))).toBe('tensor<bf16>');
    expect(tensorTypeText(T([0, 2], 'uint64'))).toBe('tensor<0x2xui64>');
  });

  it('runs in linear time: a chain of 100,000 ops', () => {
    const t = T([2], 'float32');
    const ops = Array.from({ length: 100_000 }, (_, k) =>
      op({ kind: 'add', operands: [k, k], results: [t] }),
    );
    const text = printModule(main({ params: [t], results: [t], ops, returns: [100_000] }));
    expect(text.split('\n')).toHaveLength(100_000 + 6);
    expect(text).toContain('%99999 = "stablehlo.add"(%99998, %99998)');
  });
});

describe('printModule: malformed modules are refused (ir.print.<rule>)', () => {
  const t = T([2], 'float32');
  const ok = (f: Partial<Func> = {}): Module => ({
    entry: 'main',
    funcs: [{ name: 'main', params: [t], results: [t], ops: [], returns: [0], ...f }],
  });
  const cases: [string, string, unknown][] = [
    ['ir.print.module', 'no functions', { entry: 'main', funcs: [] }],
    ['ir.print.entry', 'the entry is not a function', { ...ok(), entry: 'nope' }],
    ['ir.print.func_name', 'a name that is not a symbol', ok({ name: 'a b' })],
    [
      'ir.print.func_name',
      'two functions of one name',
      { entry: 'main', funcs: [ok().funcs[0], ok().funcs[0]] },
    ],
    ['ir.print.param_names', 'paramNames of the wrong length', ok({ paramNames: ['a', 'b'] })],
    ['ir.print.type', 'an unknown dtype', ok({ params: [T([2], 'complex32' as DType)] })],
    ['ir.print.type', 'a negative dimension', ok({ params: [T([-1], 'float32')] })],
    [
      'ir.print.operand',
      'an operand defined later',
      ok({ ops: [op({ kind: 'add', operands: [0, 1], results: [t] })] }),
    ],
    ['ir.print.return', 'a return that is not a value', ok({ returns: [5] })],
    ['ir.print.return', 'a return of the wrong type', ok({ results: [T([3], 'float32')] })],
    ['ir.print.return', 'fewer returns than results', ok({ returns: [] })],
    [
      'ir.print.arity',
      'a binary op with one operand',
      ok({ ops: [op({ kind: 'add', operands: [0], results: [t] })] }),
    ],
    ['ir.print.op', 'an unknown op kind', ok({ ops: [op({ kind: 'fft', operands: [0], results: [t] })] })],
    [
      'ir.print.constant',
      "a constant whose value's type is not the result's",
      ok({
        ops: [op({ kind: 'constant', operands: [], results: [t], value: tensor([1, 2, 3], 'float32') })],
      }),
    ],
    [
      'ir.print.attribute',
      'a non-integer dimension',
      ok({ ops: [op({ kind: 'transpose', operands: [0], results: [t], permutation: [0.5] })] }),
    ],
    [
      'ir.print.attribute',
      'an unknown comparison direction',
      ok({
        ops: [
          op({ kind: 'compare', operands: [0, 0], results: [T([2], 'bool')], comparison_direction: 'LTE' }),
        ],
      }),
    ],
    [
      'ir.print.region',
      'a scatter body with one parameter',
      ok({
        params: [t, T([1, 1], 'int32'), T([1], 'float32')],
        ops: [
          op({
            kind: 'scatter',
            operands: [0, 1, 2],
            results: [t],
            dimension_numbers: {
              update_window_dims: [],
              inserted_window_dims: [0],
              scatter_dims_to_operand_dims: [0],
              index_vector_dim: 1,
            },
            body: { params: [T([], 'float32')], ops: [], returns: [0] },
            options: resolveScatterOptions(),
          }),
        ],
      }),
    ],
    [
      'ir.print.call',
      'a call of an undefined function',
      ok({ ops: [op({ kind: 'call', callee: 'g', operands: [0], results: [t] })] }),
    ],
    [
      'ir.print.call',
      'a call with the wrong types',
      ok({ ops: [op({ kind: 'call', callee: 'main', operands: [], results: [t] })] }),
    ],
    [
      'ir.print.check',
      'expect_eq_const without its constant',
      ok({ ops: [op({ kind: 'check', check: 'expect_eq_const', operands: [0], results: [] })] }),
    ],
    [
      'ir.print.check',
      'expect_eq on two types',
      ok({
        params: [t, T([3], 'float32')],
        ops: [op({ kind: 'check', check: 'expect_eq', operands: [0, 1], results: [] })],
      }),
    ],
  ];
  it.each(cases)('%s: %s', (code, _why, m) => {
    let err: unknown;
    try {
      printModule(m as Module);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InvalidArgumentError);
    expect((err as InvalidArgumentError).code).toBe(code);
    expect((err as Error).message).toMatch(/^ir\.print: .* \(ir\.print\.[a-z_]+\)$/s);
  });
  it('ir.print.comments: comments that are not strings', () => {
    expect(() => printModule(ok(), { comments: [3 as unknown as string] })).toThrow(/ir\.print\.comments/);
  });
});

describe('isSpecPolicy', () => {
  const gather = (o: Parameters<typeof resolveGatherOptions>[1]) =>
    op({
      kind: 'gather',
      operands: [],
      results: [],
      dimension_numbers: {},
      options: resolveGatherOptions('float32', o),
    });
  const scatter = (o: Parameters<typeof resolveScatterOptions>[0]) =>
    op({
      kind: 'scatter',
      operands: [],
      results: [],
      dimension_numbers: {},
      options: resolveScatterOptions(o),
    });
  it('gather: clip or promise_in_bounds with negative indices out of bounds', () => {
    expect(isSpecPolicy(gather({}))).toBe(true);
    expect(isSpecPolicy(gather({ mode: 'promise_in_bounds' }))).toBe(true);
    for (const mode of ['fill', 'error', 'wrap'] as const) expect(isSpecPolicy(gather({ mode }))).toBe(false);
    expect(isSpecPolicy(gather({ negative_indices: 'from_end' }))).toBe(false);
  });
  it('scatter: skip or promise_in_bounds, every duplicate applied, the input included, IEEE min/max', () => {
    expect(isSpecPolicy(scatter({}))).toBe(true);
    expect(isSpecPolicy(scatter({ mode: 'promise_in_bounds' }))).toBe(true);
    for (const mode of ['drop', 'clip', 'error', 'wrap'] as const)
      expect(isSpecPolicy(scatter({ mode }))).toBe(false);
    expect(isSpecPolicy(scatter({ negative_indices: 'from_end' }))).toBe(false);
    expect(isSpecPolicy(scatter({ duplicates: 'error' }))).toBe(false);
    expect(isSpecPolicy(scatter({ include_self: false }))).toBe(false);
    expect(isSpecPolicy(scatter({ float_minmax: 'self_on_tie' }))).toBe(false);
  });
  it('every other op has no policy', () => {
    expect(isSpecPolicy(op({ kind: 'add', operands: [], results: [] }))).toBe(true);
  });
});

/** An mlir-opt from Debian's mlir-NN-tools, if the machine has one. */
function findMlirOpt(): string | undefined {
  if (process.env.MLIR_OPT) return process.env.MLIR_OPT;
  const base = '/usr/lib';
  const dirs = existsSync(base) ? readdirSync(base).filter((d) => /^llvm-\d+$/.test(d)) : [];
  dirs.sort((a, b) => Number(b.slice(5)) - Number(a.slice(5)));
  for (const d of dirs)
    if (existsSync(join(base, d, 'bin', 'mlir-opt'))) return join(base, d, 'bin', 'mlir-opt');
  return undefined;
}
const MLIR_OPT = findMlirOpt();

describe.skipIf(!MLIR_OPT)(
  'an MLIR parser reads the printed texts (mlir-opt, unregistered dialects allowed)',
  () => {
    const dir = MLIR_OPT ? mkdtempSync(join(tmpdir(), 'ir-print-')) : '';
    const run = (text: string, ...flags: string[]) => {
      const file = join(dir, 'm.mlir');
      writeFileSync(file, text);
      return execFileSync(MLIR_OPT as string, ['--allow-unregistered-dialect', ...flags, file], {
        maxBuffer: 1 << 28,
      }).toString();
    };
    it('every golden module parses and verifies (SSA names, dense literals, func.call types)', () => {
      expect(printed.length).toBeGreaterThan(8);
      for (const text of printed) run(text);
    });
    it('every constant reads back bit for bit: all f16 and bf16 patterns, random f32/f64/int bits', () => {
      let seed = 7;
      const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
      const consts: Tensor[] = [];
      /** Constants of 100 elements each, from the raw bytes of `n` elements. */
      const make = (dtype: DType, bytes: Uint8Array, n: number) => {
        const Ctor = storageConstructor(dtype) as unknown as new (b: ArrayBuffer) => Tensor['data'];
        const w = byteSize(dtype);
        for (let s = 0; s < n; s += 100)
          consts.push(
            new Tensor(dtype, [100], new Ctor(bytes.buffer.slice(s * w, (s + 100) * w) as ArrayBuffer)),
          );
      };
      for (const dtype of ['float16', 'bfloat16'] as const) {
        const u = Uint16Array.from({ length: 65600 }, (_, i) => i & 0xffff);
        make(dtype, new Uint8Array(u.buffer), 65600);
      }
      const others = [
        'float64',
        'float32',
        'int64',
        'uint64',
        'int32',
        'uint32',
        'int16',
        'uint16',
        'int8',
        'uint8',
      ] as const;
      for (const dtype of others) {
        const bytes = Uint8Array.from({ length: 8 * 5000 }, rnd);
        const words = new Uint32Array(bytes.buffer);
        // Often a zero exponent (subnormals) or an all-ones one (NaN payloads, infinities).
        if (dtype === 'float32')
          for (let i = 0; i < words.length; i += 3)
            words[i] = i % 2 ? words[i] & 0x807fffff : words[i] | 0x7f800000;
        if (dtype === 'float64')
          for (let i = 1; i < words.length; i += 6)
            words[i] = i % 4 === 1 ? words[i] & 0x800fffff : words[i] | 0x7ff00000;
        make(dtype, bytes, bytes.length / byteSize(dtype));
      }
      const text = printModule(main({ params: [], results: [], ops: consts.map(constant), returns: [] }));
      const hex = [
        ...run(text, '--mlir-print-elementsattrs-with-hex-if-larger=0').matchAll(/dense<"0x([0-9A-F]*)">/g),
      ].map((m) => m[1]);
      expect(hex).toHaveLength(consts.length);
      const wrong = consts.filter((c, k) => {
        const b = new Uint8Array(c.data.buffer, c.data.byteOffset, c.data.byteLength);
        return hex[k] !== [...b].map((x) => x.toString(16).toUpperCase().padStart(2, '0')).join('');
      });
      expect(wrong.map((c) => c.dtype)).toEqual([]);
    });
  },
);
