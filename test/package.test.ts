import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
