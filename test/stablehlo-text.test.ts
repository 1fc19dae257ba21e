/**
 * StableHLO text in: the spec's examples (gather and scatter with batching dims), the forms JAX
 * prints (properties `<{...}>`, pretty region ops), bare attributes; each parsed, bound and
 * executed; round trip text → call → text through the core printer; one negative case per rule.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { program } from '../src/cli/main.js';
import { writeNpy } from '../src/interop/npy.js';
import { execute, stablehloText } from '../src/core/call.js';
import { resolveGatherOptions, resolveScatterOptions } from '../src/core/policy.js';
import { bindStablehlo, parseStablehlo, parseTensorType, runStablehlo } from '../src/stablehlo-text/index.js';
import { tensor } from '../src/tensor/tensor.js';
import {
  SPEC_GATHER_RESULT,
  SPEC_GATHER_TEXT as SPEC_GATHER,
  SPEC_SCATTER_RESULT,
  SPEC_SCATTER_TEXT as SPEC_SCATTER,
  specIndices,
  specOperand,
} from './helpers/spec-example.js';

describe('the spec examples', () => {
  it('gather with batching dims parses, binds and gives the spec result', () => {
    const p = parseStablehlo(SPEC_GATHER);
    expect(p.kind).toBe('gather');
    if (p.kind !== 'gather') return;
    expect(p.result).toBe('%result');
    expect(p.operands).toEqual(['%operand', '%start_indices']);
    expect(p.dimension_numbers).toEqual({
      offset_dims: [3, 4],
      collapsed_slice_dims: [1],
      operand_batching_dims: [0],
      start_indices_batching_dims: [1],
      start_index_map: [2, 1],
      index_vector_dim: 3,
      slice_sizes: [1, 1, 2, 2],
      indices_are_sorted: false,
    });
    expect(p.types.result).toEqual({ shape: [2, 2, 3, 2, 2], dtype: 'int32' });
    expect(execute(bindStablehlo(p, [specOperand(), specIndices()])).toArray()).toEqual(SPEC_GATHER_RESULT);
  });

  it('scatter (add region) with batching dims gives the spec result', () => {
    const p = parseStablehlo(SPEC_SCATTER);
    if (p.kind !== 'scatter') throw new Error('expected a scatter');
    expect(p.update_computation).toBe('add');
    expect(p.dimension_numbers.input_batching_dims).toEqual([0]);
    expect(p.dimension_numbers.scatter_indices_batching_dims).toEqual([1]);
    const input = tensor(
      Array.from({ length: 48 }, (_, i) => BigInt(i + 1)),
      'int64',
      [2, 3, 4, 2],
    );
    const updates = tensor(new Array(48).fill(1n), 'int64', [2, 2, 3, 2, 2]);
    const out = execute(bindStablehlo(p, [input, specIndices(), updates]));
    expect(out.toArray()).toEqual(SPEC_SCATTER_RESULT.map((a) => a.map((b) => b.map((c) => c.map(BigInt)))));
  });
});

// What jax.jit(f).lower(...).as_text() prints (properties syntax, pretty region ops).
const JAX_TAKE = `module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x3xf32>, %arg1: tensor<2xi32>) -> (tensor<2x3xf32> {jax.result_info = ""}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %1 = "stablehlo.gather"(%arg0, %0) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
    return %1 : tensor<2x3xf32>
  }
}`;

const jaxScatter = (
  body: string,
  sorted = 'true',
) => `%3 = "stablehlo.scatter"(%arg0, %2, %arg2) <{indices_are_sorted = ${sorted}, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
${body}
    }) : (tensor<4x2xf32>, tensor<3x1xi32>, tensor<3x2xf32>) -> tensor<4x2xf32>`;

describe('JAX-printed text', () => {
  it('gather in a module (properties syntax) runs', () => {
    const p = parseStablehlo(JAX_TAKE);
    if (p.kind !== 'gather') throw new Error('expected a gather');
    expect(p.operands).toEqual(['%arg0', '%0']);
    const x = tensor(
      [
        [0, 1, 2],
        [10, 11, 12],
        [20, 21, 22],
        [30, 31, 32],
        [40, 41, 42],
      ],
      'float32',
    );
    const i = tensor([[4], [1]], 'int32');
    expect(execute(bindStablehlo(p, [x, i])).toArray()).toEqual([
      [40, 41, 42],
      [10, 11, 12],
    ]);
  });

  const x = tensor(
    [
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
    ],
    'float32',
  );
  const i = tensor([[1], [3], [1]], 'int32');
  const u = tensor(
    [
      [10, 20],
      [30, 40],
      [50, 60],
    ],
    'float32',
  );
  const cases: [string, string, number[][]][] = [
    [
      'add',
      '      %4 = stablehlo.add %arg3, %arg4 : tensor<f32>\n      stablehlo.return %4 : tensor<f32>',
      [
        [1, 2],
        [63, 84],
        [5, 6],
        [37, 48],
      ],
    ],
    [
      'replace',
      '      stablehlo.return %arg4 : tensor<f32>',
      [
        [1, 2],
        [50, 60],
        [5, 6],
        [30, 40],
      ],
    ],
    [
      'mul',
      '      %4 = stablehlo.multiply %arg3, %arg4 : tensor<f32>\n      stablehlo.return %4 : tensor<f32>',
      [
        [1, 2],
        [1500, 4800],
        [5, 6],
        [210, 320],
      ],
    ],
    [
      'min',
      '      %4 = stablehlo.minimum %arg4, %arg3 : tensor<f32>\n      stablehlo.return %4 : tensor<f32>',
      [
        [1, 2],
        [3, 4],
        [5, 6],
        [7, 8],
      ],
    ],
    [
      'max',
      '      %4 = stablehlo.maximum %arg3, %arg4 : tensor<f32>\n      stablehlo.return %4 : tensor<f32>',
      [
        [1, 2],
        [50, 60],
        [5, 6],
        [30, 40],
      ],
    ],
    [
      'sub',
      '      %4 = stablehlo.subtract %arg3, %arg4 : tensor<f32>\n      stablehlo.return %4 : tensor<f32>',
      [
        [1, 2],
        [-57, -76],
        [5, 6],
        [-23, -32],
      ],
    ],
  ];
  for (const [reducer, body, expected] of cases) {
    it(`scatter region → ${reducer}`, () => {
      // every body runs (interpreted when it is not a core reducer)
      expect(runStablehlo(jaxScatter(body), [x, i, u]).value.toArray()).toEqual(expected);
      // min(update, current) is not written as a core reducer (operand order): the one-op API refuses it
      if (reducer === 'min') {
        expect(() => parseStablehlo(jaxScatter(body))).toThrow(
          expect.objectContaining({ code: 'stablehlo_text.region' }),
        );
        return;
      }
      const p = parseStablehlo(jaxScatter(body));
      if (p.kind !== 'scatter') throw new Error('expected a scatter');
      expect(p.update_computation).toBe(reducer);
      expect(p.dimension_numbers.indices_are_sorted).toBe(true);
      expect(execute(bindStablehlo(p, [x, i, u])).toArray()).toEqual(expected);
    });
  }

  it('bare attributes after the operands (pretty form)', () => {
    const p = parseStablehlo(
      '%0 = stablehlo.gather(%arg0, %arg1) offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3], indices_are_sorted = true : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>',
    );
    if (p.kind !== 'gather') throw new Error('expected a gather');
    expect(p.dimension_numbers.slice_sizes).toEqual([1, 3]);
    expect(p.dimension_numbers.indices_are_sorted).toBe(true);
    expect(p.dimension_numbers.offset_dims).toEqual([1]);
  });

  it('older dense<...> slice sizes and mhlo names', () => {
    const p = parseStablehlo(
      '%0 = "mhlo.gather"(%a, %b) {dimension_numbers = #mhlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = dense<[1, 3]> : tensor<2xi64>} : (tensor<5x3xf64>, tensor<2x1xi64>) -> tensor<2x3xf64>',
    );
    if (p.kind !== 'gather') throw new Error('expected a gather');
    expect(p.dimension_numbers.slice_sizes).toEqual([1, 3]);
    expect(p.types.operand).toEqual({ shape: [5, 3], dtype: 'float64' });
  });
});

describe('round trip text → call → text (core printer: the whole legalized module)', () => {
  it('the spec gather', () => {
    const p = parseStablehlo(SPEC_GATHER);
    if (p.kind !== 'gather') throw new Error('expected a gather');
    const call = bindStablehlo(p, [specOperand(), specIndices()]);
    const text = stablehloText(call);
    const q = parseStablehlo(text);
    expect(q.dimension_numbers).toEqual(p.dimension_numbers);
    expect(q.options).toEqual(p.options);
    expect(stablehloText(bindStablehlo(q as typeof p, [specOperand(), specIndices()]))).toBe(text);
    expect(runStablehlo(text, [specOperand(), specIndices()]).value.toArray()).toEqual(SPEC_GATHER_RESULT);
  });

  it('a policy is printed as spec ops that compute it (fill, from the end), never as a comment the reader obeys', () => {
    const call = {
      kind: 'gather' as const,
      op: 'stablehlo.gather',
      operand: tensor([1, 2, 3], 'float32'),
      start_indices: tensor([[-1], [5]], 'int64'),
      dimension_numbers: {
        offset_dims: [],
        collapsed_slice_dims: [0],
        start_index_map: [0],
        index_vector_dim: 1,
        slice_sizes: [1],
      },
      options: resolveGatherOptions('float32', {
        mode: 'fill',
        negative_indices: 'from_end',
        fill_value: -7,
      }),
    };
    const text = stablehloText(call);
    expect(text).not.toMatch(/mode|negative_indices|fill_value/);
    expect(text).toContain('"stablehlo.select"');
    expect(text).toContain('"stablehlo.reduce"');
    // -1 reads from the end (3), 5 is out of bounds: the whole slice is the fill value
    expect(runStablehlo(text, [call.operand, call.start_indices]).value.toArray()).toEqual([3, -7]);
    expect(execute(call).toArray()).toEqual([3, -7]);
  });

  for (const reducer of ['replace', 'add', 'mul', 'min', 'max'] as const) {
    it(`a scatter with ${reducer}, drop mode and include_self = false prints as spec ops that compute it`, () => {
      const call = {
        kind: 'scatter' as const,
        op: 'stablehlo.scatter',
        inputs: [
          tensor(
            [
              [1, 2],
              [3, 4],
              [5, 6],
            ],
            'float64',
          ),
        ],
        scatter_indices: tensor([[2], [0], [2], [9]], 'int32'),
        updates: [
          tensor(
            [
              [10, 20],
              [30, 40],
              [50, 60],
              [70, 80],
            ],
            'float64',
          ),
        ],
        dimension_numbers: {
          update_window_dims: [1],
          inserted_window_dims: [0],
          input_batching_dims: [],
          scatter_indices_batching_dims: [],
          scatter_dims_to_operand_dims: [0],
          index_vector_dim: 1,
          indices_are_sorted: false,
          unique_indices: true,
        },
        update_computation: reducer,
        options: resolveScatterOptions({ mode: 'drop', include_self: false }),
      };
      const text = stablehloText(call);
      expect(text).not.toMatch(/mode|include_self/);
      const tensors = [call.inputs[0], call.scatter_indices, call.updates[0]];
      expect(runStablehlo(text, tensors).value.toArray()).toEqual(execute(call).toArray());
    });
  }

  it('sub with include_self = false has no identity to start from: a typed refusal, never another computation', () => {
    const call = {
      kind: 'scatter' as const,
      op: 'stablehlo.scatter',
      inputs: [tensor([1, 2], 'float32')],
      scatter_indices: tensor([[1]], 'int32'),
      updates: [tensor([5], 'float32')],
      dimension_numbers: {
        update_window_dims: [],
        inserted_window_dims: [0],
        scatter_dims_to_operand_dims: [0],
        index_vector_dim: 1,
      },
      update_computation: 'sub' as const,
      options: resolveScatterOptions({ include_self: false }),
    };
    expect(() => stablehloText(call)).toThrow(/ir\.legalize\.include_self/);
  });
});

// Two inputs scattered at once (a body of two params per input): one module op, not one core call.
const VARIADIC =
  '"stablehlo.scatter"(%a, %b, %i, %u, %v) ({\n^bb0(%x: tensor<f32>, %y: tensor<f32>, %z: tensor<f32>, %w: tensor<f32>):\n "stablehlo.return"(%z, %w) : (tensor<f32>, tensor<f32>) -> ()\n}) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<2xf32>, tensor<2xf32>, tensor<1x1xi32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<2xf32>, tensor<2xf32>)';

describe('rules (one negative case each)', () => {
  const bad: [string, string][] = [
    ['stablehlo_text.no_op', '%0 = stablehlo.add %a, %b : tensor<f32>'],
    ['stablehlo_text.syntax', '%0 = "stablehlo.gather"(%a, %b {'],
    [
      'stablehlo_text.attribute',
      '"stablehlo.gather"(%a, %b) {dimension_numbers = #stablehlo.gather<offset_dims = [1], index_vector_dim = 1, bogus = [0]>, slice_sizes = array<i64: 1, 3>} : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>',
    ],
    [
      'stablehlo_text.type',
      '"stablehlo.gather"(%a, %b) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>} : (tensor<?x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>',
    ],
    [
      'stablehlo_text.region',
      jaxScatter(
        '      %4 = stablehlo.subtract %arg4, %arg3 : tensor<f32>\n      stablehlo.return %4 : tensor<f32>',
      ),
    ],
    ['stablehlo_text.variadic', VARIADIC],
  ];
  for (const [code, text] of bad) {
    it(code, () => {
      expect(() => parseStablehlo(text)).toThrow(expect.objectContaining({ code }));
    });
  }
  it('stablehlo_text.bind: a tensor of the wrong shape', () => {
    const p = parseStablehlo(SPEC_GATHER);
    expect(() => bindStablehlo(p, [specOperand().reshape([4, 3, 2, 2]), specIndices()])).toThrow(
      expect.objectContaining({ code: 'stablehlo_text.bind' }),
    );
  });
  it('parseTensorType reads scalars, zero sizes and i1', () => {
    expect(parseTensorType('tensor<f32>')).toEqual({ shape: [], dtype: 'float32' });
    expect(parseTensorType('tensor<0x3xi1>')).toEqual({ shape: [0, 3], dtype: 'bool' });
  });
});

describe('runStablehlo (parse + bind + execute)', () => {
  const text = `%1 = "stablehlo.gather"(%arg0, %0) <{dimension_numbers = #stablehlo.gather<
  offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
  indices_are_sorted = false, slice_sizes = array<i64: 1, 2>}> : (tensor<3x2xf32>, tensor<2x1xi32>) -> tensor<2x2xf32>`;
  const x = tensor(
    [
      [1, 2],
      [3, 4],
      [5, 6],
    ],
    'float32',
  );
  it('tensors in operand order; nested values read in the parsed dtype', () => {
    const run = runStablehlo(text, [x, [[2], [0]]]);
    expect(run.value.toArray()).toEqual([
      [5, 6],
      [1, 2],
    ]);
    expect(run.call?.kind).toBe('gather');
    expect((run.call as { start_indices: { dtype: string } }).start_indices.dtype).toBe('int32');
    expect(run.parsed?.operands).toEqual(['%arg0', '%0']);
  });
  it('tensors keyed by operand name (with or without %)', () => {
    expect(runStablehlo(text, { arg0: x, '%0': [[1], [1]] }).value.toArray()).toEqual([
      [3, 4],
      [3, 4],
    ]);
  });
  it('a scatter printed by stablehloText runs to the same value as its call', () => {
    const call = {
      kind: 'scatter' as const,
      op: 'stablehlo.scatter',
      inputs: [tensor([1, 2, 3], 'float64')],
      scatter_indices: tensor([[2], [2]], 'int64'),
      updates: [tensor([10, 20], 'float64')],
      dimension_numbers: {
        update_window_dims: [],
        inserted_window_dims: [0],
        scatter_dims_to_operand_dims: [0],
        index_vector_dim: 1,
      },
      update_computation: 'add' as const,
      options: resolveScatterOptions({}),
    };
    expect(
      runStablehlo(stablehloText(call), [
        [1, 2, 3],
        [[2], [2]],
        [10, 20],
      ]).value.toArray(),
    ).toEqual([1, 2, 33]);
  });
  it('stablehlo_text.bind: a missing operand, a wrong count', () => {
    expect(() => runStablehlo(text, { arg0: x })).toThrow(
      expect.objectContaining({ code: 'stablehlo_text.bind' }),
    );
    expect(() => runStablehlo(text, [x])).toThrow(expect.objectContaining({ code: 'stablehlo_text.bind' }));
  });
});

describe('runStablehlo runs what one core call cannot', () => {
  it('a variadic scatter (two inputs, one index set)', () => {
    const run = runStablehlo(VARIADIC, [[1, 2], [3, 4], [[1]], [10], [20]]);
    expect(run.results.map((t) => t.toArray())).toEqual([
      [1, 10],
      [3, 20],
    ]);
    expect(run.call).toBeUndefined();
  });
});

describe('the stablehlo command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'stablehlo-cli-'));
  async function cli(...args: string[]): Promise<{ out: string; err: string }> {
    let out = '';
    let err = '';
    const p = program(
      (s) => void (out += s),
      (s) => void (err += s),
    );
    p.exitOverride();
    for (const c of p.commands) c.exitOverride();
    await p.parseAsync(['node', 'tgs', ...args]);
    return { out, err };
  }
  const MODULE = `func.func @main(%x: tensor<3xi32>, %i: tensor<2x1xi64>) -> tensor<2xi32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<3xi32>, tensor<2x1xi64>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}`;
  const file = join(dir, 'take.mlir');
  writeFileSync(file, MODULE);

  it('runs @main on --arg values in order (inline JSON, .json, .npy)', async () => {
    writeFileSync(join(dir, 'x.json'), '[10, 20, 30]');
    writeFileSync(join(dir, 'i.npy'), writeNpy(tensor([[2], [0]], 'int64')));
    expect(
      (await cli('stablehlo', file, '--arg', join(dir, 'x.json'), '--arg', join(dir, 'i.npy'), '-q')).out,
    ).toBe('[30,10]\n');
  });

  it('a .npy of another dtype converts when every value converts exactly, else a typed error', async () => {
    writeFileSync(join(dir, 'x64.npy'), writeNpy(tensor([10n, 20n, 30n], 'int64')));
    writeFileSync(join(dir, 'xf.npy'), writeNpy(tensor([10, 20.5, 30], 'float64')));
    writeFileSync(join(dir, 'ibig.npy'), writeNpy(tensor([[2 ** 40], [0]], 'float64')));
    expect(
      (await cli('stablehlo', file, '--arg', join(dir, 'x64.npy'), '--arg', '[[1], [1]]', '-q')).out,
    ).toBe('[20,20]\n');
    await expect(
      cli('stablehlo', file, '--arg', join(dir, 'xf.npy'), '--arg', '[[1], [1]]'),
    ).rejects.toMatchObject({
      code: 'stablehlo_text.bind',
      message: expect.stringContaining('element 1 (20.5)'),
    });
    writeFileSync(join(dir, 'xbig.npy'), writeNpy(tensor([2 ** 40, 0, 1], 'float64')));
    await expect(
      cli('stablehlo', file, '--arg', join(dir, 'xbig.npy'), '--arg', '[[1], [1]]'),
    ).rejects.toMatchObject({
      code: 'stablehlo_text.bind',
    });
    expect(
      (await cli('stablehlo', file, '--arg', '[1, 2, 3]', '--arg', join(dir, 'ibig.npy'), '-q')).out,
    ).toBe('[3,1]\n');
  });

  it('a lone op with --data / --indices / --updates works as before', async () => {
    const text = `%r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>} : (tensor<3xf32>, tensor<2x1xi64>) -> tensor<2xf32>`;
    expect(
      (await cli('stablehlo', text, '--data', '[10, 20, 30]', '--indices', '[[2], [0]]', '-q')).out,
    ).toBe('[30,10]\n');
  });

  it('an interpreter test file runs every function; the checks are summed up on stderr', async () => {
    const r = await cli('stablehlo', '../shared/conformance/stablehlo/interpret/gather.mlir');
    expect(r.out).toBe('');
    expect(r.err).toBe('2 checks passed in 2 functions\n');
  });

  it('a failing check throws naming the check, its function and line; a missing file is exit 2', async () => {
    const bad = join(dir, 'bad.mlir');
    writeFileSync(
      bad,
      `func.func @t() {\n  %a = stablehlo.constant dense<1> : tensor<i64>\n  check.expect_eq_const %a, dense<2> : tensor<i64>\n  func.return\n}`,
    );
    await expect(cli('stablehlo', bad)).rejects.toMatchObject({
      code: 'stablehlo_text.check_failed',
      message: expect.stringContaining('check.expect_eq_const failed in @t (line 3)'),
    });
    await expect(cli('stablehlo', join(dir, 'nope.mlir'))).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('no such file'),
    });
  });

  it('a text the reader refuses is its typed error (rule and line)', async () => {
    await expect(cli('stablehlo', '%0 = stablehlo.cosine %x : tensor<2xf32>')).rejects.toMatchObject({
      code: 'stablehlo_text.unknown_op',
      message: expect.stringContaining('line 1: stablehlo.cosine is not an op this library runs'),
    });
  });
});
