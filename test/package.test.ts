import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Rollup, build } from 'vite';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type GatherDimensionNumbers, type Tensor, stablehlo, tensor } from '../src/index.js';

describe('package', () => {
  it('after a build, the package imports itself by name (exports + types)', () => {
    // `npm test` builds first (pretest); dist/ must exist.
    expect(existsSync('dist/index.js')).toBe(true);
    expect(existsSync('dist/index.d.ts')).toBe(true);
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { stablehlo, tensor } from 'tensor-gather-scatter';
         const r = stablehlo.gather(tensor([10, 11, 12], 'int32'), tensor([[2], [0]], 'int64'),
           { offset_dims: [], collapsed_slice_dims: [0], start_index_map: [0], index_vector_dim: 1, slice_sizes: [1] });
         console.log(JSON.stringify(r.toArray()));`,
      ],
      { cwd: process.cwd() },
    );
    expect(out.toString().trim()).toBe('[12,10]');
  });

  it('a Node bundle of the package keeps the Node entry, which registers the wasm row-add', async () => {
    // package.json's `sideEffects` names dist/index.node.js: with `false` a bundler drops its
    // top-level registerWasmAdd() call (B5 then runs the JavaScript kernel, 1.7× slower).
    mkdirSync('test-artifacts', { recursive: true });
    const dir = mkdtempSync(join(resolve('test-artifacts'), 'node-bundle-'));
    try {
      mkdirSync(join(dir, 'node_modules'));
      symlinkSync(process.cwd(), join(dir, 'node_modules', 'tensor-gather-scatter'), 'dir');
      const entry = join(dir, 'entry.js');
      writeFileSync(
        entry,
        `import { onnx, tensor } from 'tensor-gather-scatter';\nexport const r = onnx.Gather(tensor([1, 2], 'float32'), tensor([1], 'int64'));\n`,
      );
      const out = (await build({
        configFile: false,
        logLevel: 'silent',
        root: dir,
        resolve: { conditions: ['node'] },
        ssr: { noExternal: true, resolve: { conditions: ['node'] } },
        build: { ssr: entry, write: false, minify: false },
      })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
      const output = (Array.isArray(out) ? out[0] : out).output;
      const chunk = output.find((o): o is Rollup.OutputChunk => o.type === 'chunk' && o.isEntry);
      const kept = Object.entries(chunk?.modules ?? {})
        .filter(([id, m]) => /dist\/(index\.node|node\/wasm-add)\.js$/.test(id) && m.renderedLength > 0)
        .map(([id]) => id.replace(/.*dist\//, ''));
      expect(kept.sort()).toEqual(['index.node.js', 'node/wasm-add.js']);
      expect(chunk?.code).toMatch(/registerWasmAdd\(\);/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('public signatures are typed', () => {
    expectTypeOf(stablehlo.gather).parameter(2).toMatchTypeOf<GatherDimensionNumbers>();
    expectTypeOf(stablehlo.gather).returns.toEqualTypeOf<Tensor>();
    const single = stablehlo.scatter(tensor([1], 'int32'), tensor([[0]], 'int32'), tensor([2], 'int32'), {
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
      index_vector_dim: 1,
    });
    // A one-input scatter keeps its input's dtype (issue 25).
    expectTypeOf(single).toEqualTypeOf<Tensor<'int32'>>();
    expect(single.toArray()).toEqual([2]);
    expectTypeOf(tensor([1], 'float16').dtype).toEqualTypeOf<'float16'>();
  });
});
