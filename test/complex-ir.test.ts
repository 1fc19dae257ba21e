/**
 * complex<f32> / complex<f64> in the IR and its text (issue 23): a complex call prints as a
 * module with complex element types and `(re, im)` literals, reads back and runs bit for bit;
 * hand-written StableHLO and HLO texts with complex types run; ops without complex semantics
 * here refuse with a typed error.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CoreCall, execute } from '../src/core/call.js';
import { type DTypeError, complex, jax, numpy, tensor, torch } from '../src/index.js';
import { programOf } from '../src/ir/lowered.js';
import { stablehloModule } from '../src/ir/module-text.js';
import { runModule } from '../src/ir/run.js';
import { readModule } from '../src/stablehlo-text/index.js';
import { program } from '../src/cli/main.js';
import type { Tensor } from '../src/tensor/tensor.js';

const hex = (t: Tensor) => Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength).toString('hex');

function roundTrip(call: CoreCall): string {
  const text = stablehloModule(call);
  const got = runModule(readModule(text), programOf(call).args).results[0];
  const want = execute(call);
  expect(got.dtype).toBe(want.dtype);
  expect(hex(got), text).toBe(hex(want));
  return text;
}

const c64 = (...pairs: [number, number][]) => tensor(new Float32Array(pairs.flat()), 'complex64');
const c128 = (...pairs: [number, number][]) => tensor(new Float64Array(pairs.flat()), 'complex128');

describe('complex calls print, read back and run bit for bit', () => {
  it('numpy.multiply.at on complex64 (the module names complex<f32>)', () => {
    const a = c64([1, 2], [3, -4], [Number.NaN, 0.5]);
    const call = numpy.lower.multiply.at(a, tensor([0, 0, 2], 'int64'), c64([0, 1], [2, 2], [-1, 0]));
    const text = roundTrip(call as CoreCall);
    expect(text).toContain('tensor<3xcomplex<f32>>');
    expect(execute(call as CoreCall).toString()).toBe(
      'tensor([   -6-2j,     3-4j, nan+nanj], dtype=complex64)',
    );
  });

  it('jax.numpy.take of complex128 with mode fill (a complex fill constant (nan, 0))', () => {
    const x = c128([1, -1], [2.5, 0], [-0, 3]);
    const r = jax.numpy.take(x, tensor([2, 5], 'int32'), { mode: 'fill' });
    expect(r.toString()).toBe('tensor([ -0+3j, nan+0j], dtype=complex128)');
  });

  it('torch.index_add on complex (its alpha prologue multiplies by (1, 0) in the module)', () => {
    const x = c128([1, 1], [2, 2]);
    const call = torch.lower.index_add(
      x,
      0,
      tensor([1, 1], 'int64'),
      c128([1e-300, Number.NEGATIVE_INFINITY], [1, 0]),
    );
    const text = roundTrip(call as CoreCall);
    expect(text).toContain('(1.0, 0.0)');
  });
});

describe('hand-written complex texts', () => {
  it('a StableHLO scatter with a multiply body on tensor<4xcomplex<f32>> runs', () => {
    const text = `
func.func @main(%x: tensor<4xcomplex<f32>>, %i: tensor<2x1xi64>, %u: tensor<2xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %s = stablehlo.multiply %a, %b : tensor<complex<f32>>
    stablehlo.return %s : tensor<complex<f32>>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xcomplex<f32>>, tensor<2x1xi64>, tensor<2xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}`;
    const x = c64([1, 2], [0, 0], [0, 0], [3, 4]);
    const r = runModule(readModule(text), [x, tensor([[0n], [3n]], 'int64'), c64([0, 1], [3, -4])])
      .results[0];
    expect(r.toArray()).toEqual([
      { re: -2, im: 1 },
      { re: 0, im: 0 },
      { re: 0, im: 0 },
      { re: 25, im: 0 },
    ]);
  });

  it('dense complex constants: a list, a splat and a hex blob; maximum is lexicographic', () => {
    const text = `
func.func @main() -> tensor<3xcomplex<f64>> {
  %a = stablehlo.constant dense<[(1.0, 5.0), (2.0, -1.0), (0x7FF8000000000000, 0.0)]> : tensor<3xcomplex<f64>>
  %b = stablehlo.constant dense<(1.0, 6.0)> : tensor<3xcomplex<f64>>
  %c = stablehlo.constant dense<"0x000000000000F03F0000000000000000000000000000F03F0000000000000000000000000000F03F0000000000000000"> : tensor<3xcomplex<f64>>
  %m = stablehlo.maximum %a, %b : tensor<3xcomplex<f64>>
  %r = stablehlo.add %m, %c : tensor<3xcomplex<f64>>
  return %r : tensor<3xcomplex<f64>>
}`;
    const r = runModule(readModule(text), []).results[0];
    expect(r.toString()).toBe('tensor([2+6j, 3-1j, 2+6j], dtype=complex128)');
  });

  it('XLA HLO c64 shapes and (re, im) literals', () => {
    const text = `HloModule m
ENTRY main {
  p = c64[2] parameter(0)
  c = c64[2] constant({ (1, 2), (3, -4) })
  ROOT s = c64[2] add(p, c)
}`;
    const r = runModule(readModule(text), [c64([0.5, 0.5], [1, 1])]).results[0];
    expect(r.toString()).toBe('tensor([1.5+2.5j,     4-3j], dtype=complex64)');
  });

  it('stablehlo.<op>.complex: an op without complex semantics here refuses', () => {
    const text = `
func.func @main(%a: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %r = stablehlo.remainder %a, %a : tensor<2xcomplex<f32>>
  return %r : tensor<2xcomplex<f32>>
}`;
    try {
      readModule(text);
      expect.unreachable();
    } catch (e) {
      expect((e as DTypeError).code).toBe('stablehlo.remainder.complex');
    }
  });

  it('stablehlo_text.complex: complex<f16> is not a type here', () => {
    const text = `func.func @main(%a: tensor<2xcomplex<f16>>) -> tensor<2xcomplex<f16>> {
  return %a : tensor<2xcomplex<f16>>
}`;
    try {
      readModule(text);
      expect.unreachable();
    } catch (e) {
      expect((e as DTypeError).code).toBe('stablehlo_text.complex');
    }
  });
});

it('complex() values', () => {
  expect(complex(1, -2)).toEqual({ re: 1, im: -2 });
});

describe('the CLI with --dtype complex64 / complex128 (JSON elements are [re, im] pairs)', () => {
  async function cli(...args: string[]): Promise<string> {
    let out = '';
    const p = program((s) => {
      out += s;
    });
    p.exitOverride();
    for (const c of p.commands) c.exitOverride();
    await p.parseAsync(['node', 'tensor-gather-scatter', ...args]);
    return out;
  }

  it('run numpy.add.at on complex64 prints [re, im] pairs', async () => {
    const out = await cli(
      'run',
      'numpy.add.at',
      '--data',
      '[[1,2],[3,-4],[0,0]]',
      '--indices',
      '[0,0,2]',
      '--updates',
      '[[0.5,0.5],[1,1],[-1,"-Infinity"]]',
      '--dtype',
      'complex64',
    );
    expect(out).toBe('[[2.5,3.5],[3,-4],[-1,"-Infinity"]]\n');
  });

  it('run torch.gather on complex128', async () => {
    const out = await cli(
      'run',
      'torch.gather',
      '--data',
      '[[1,2],[3,4]]',
      '--indices',
      '[1,0,1]',
      '--attr',
      'dim=0',
      '--dtype',
      'complex128',
    );
    expect(out).toBe('[[3,4],[1,2],[3,4]]\n');
  });

  it('stablehlo FILE --arg runs a complex module (arguments as [re, im] pairs)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complex-cli-'));
    const file = join(dir, 'm.mlir');
    writeFileSync(
      file,
      `func.func @main(%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %r = stablehlo.multiply %a, %b : tensor<2xcomplex<f32>>
  return %r : tensor<2xcomplex<f32>>
}`,
    );
    try {
      expect(await cli('stablehlo', file, '--arg', '[[1,2],[0,1]]', '--arg', '[[3,-4],[0,1]]')).toBe(
        '[[11,2],[-1,0]]\n',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('explain numpy.multiply.at on complex64 shows the elements as re±imj', async () => {
    const out = await cli(
      'explain',
      'numpy.multiply.at',
      '--data',
      '[[1,2],[3,-4]]',
      '--indices',
      '[1]',
      '--updates',
      '[[0,1]]',
      '--dtype',
      'complex64',
    );
    expect(out).toContain('4+3j');
  });

  it('cli.complex_json: an innermost list that is not a pair', async () => {
    await expect(
      cli('run', 'numpy.take', '--data', '[[1,2,3]]', '--indices', '[0]', '--dtype', 'complex64'),
    ).rejects.toMatchObject({ code: 'cli.complex_json' });
  });
});
