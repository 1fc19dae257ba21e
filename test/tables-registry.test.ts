import { describe, expect, it } from 'vitest';
import { buildRegistry, executeCall, peersOf, SIGNATURES, translateArgs } from '../src/tables/registry.js';
import { behaviourTables } from '../src/tables/tables.js';
import { jax } from '../src/frameworks/jax.js';
import { onnx } from '../src/frameworks/onnx.js';
import { stablehlo } from '../src/frameworks/stablehlo.js';
import { PRESETS } from '../src/tables/presets.js';
import { InternalError } from '../src/errors.js';
import { expectRule } from './helpers/errors.js';

describe('registry tolerates operators that are not there yet', () => {
  it('an empty namespace set lists every known op as missing, with a note', () => {
    const reg = buildRegistry({});
    expect(reg.length).toBe(Object.keys(SIGNATURES).length);
    expect(reg.every((e) => e.state === 'missing')).toBe(true);
    expect(reg.find((e) => e.id === 'onnx.GatherND')?.note).toBe(
      'onnx.GatherND is not exported by src/frameworks/onnx.ts yet',
    );
  });

  it('picks up ops as they land: ready with a lowering, no_lower without', () => {
    const f = () => null;
    const reg = buildRegistry({ onnx: { Gather: f, lower: { Gather: f } }, webnn: { gather: f } });
    const by = (id: string) => reg.find((e) => e.id === id);
    expect(by('onnx.Gather')?.state).toBe('ready');
    expect(by('onnx.GatherND')?.state).toBe('missing');
    expect(by('webnn.gather')?.state).toBe('no_lower');
  });

  it('registry.signature: a lowering no description accounts for is an InternalError, not a guessed signature', () => {
    const [f, g] = [() => null, () => null];
    const ns = { onnx: { Gather: f, Foo: g, lower: { Gather: f, Foo: g } } };
    const e = expectRule(() => buildRegistry(ns), 'registry.signature', InternalError);
    expect(e).toMatchObject({ details: { op: 'onnx.Foo' } });
    // Described ways out: a lowering the description leaves out (jax.at), another name of a signed one (jax.jnp).
    const ids = buildRegistry({ jax }).map((x) => x.id);
    expect(ids).toContain('jax.numpy.take');
    expect(ids.filter((id) => /^jax\.(at|jnp\.|lax\.scatter_apply)/.test(id))).toEqual([]);
  });

  it('the tables still render, marking missing ops', () => {
    const md = behaviourTables({ onnx });
    // a measured cell links its probe (docs/tables.md's reference links); a missing op's does not
    expect(md).toContain(
      '| Negative indices | [Supported (counts from the end)][t1-1-1] | _not implemented yet_',
    );
    expect(md).toContain('Not implemented yet (skipped):');
  });

  it('"same call elsewhere" translates the axis name (torch dim → onnx axis)', () => {
    const reg = buildRegistry({ onnx });
    const torchGather = {
      ...reg[0],
      id: 'torch.gather',
      framework: 'torch',
      name: 'gather',
      signature: SIGNATURES['torch.gather'],
      state: 'ready' as const,
    };
    const ge = reg.find((e) => e.id === 'onnx.GatherElements')!;
    const args = translateArgs(torchGather, ge, {
      data: [
        [1, 2],
        [3, 4],
      ],
      indices: [
        [0, 0],
        [1, 0],
      ],
      attrs: { dim: 1 },
    });
    expect(args.attrs).toEqual({ axis: 1 });
    expect(executeCall({ onnx }, ge, args).toArray()).toEqual([
      [1, 1],
      [4, 3],
    ]);
    expect(peersOf(reg, ge).map((e) => e.id)).toContain('torch.gather');
  });

  it('"same call elsewhere" carries StableHLO dimension numbers to jax.lax and back', () => {
    const ns = { stablehlo, jax };
    const reg = buildRegistry(ns);
    const hlo = reg.find((e) => e.id === 'stablehlo.gather')!;
    const lax = reg.find((e) => e.id === 'jax.lax.gather')!;
    const preset = PRESETS.find((p) => p.id === 'stablehlo-gather-batching')!;
    const there = translateArgs(hlo, lax, preset.args);
    expect(executeCall(ns, lax, there).toArray()).toEqual(executeCall(ns, hlo, preset.args).toArray());
    const back = translateArgs(lax, hlo, there);
    expect(back.attrs).toMatchObject({
      offset_dims: [3, 4],
      start_index_map: [2, 1],
      slice_sizes: [1, 1, 2, 2],
      index_vector_dim: 3,
    });
    expect(executeCall(ns, hlo, back).toArray()).toEqual(executeCall(ns, hlo, preset.args).toArray());
  });
});
