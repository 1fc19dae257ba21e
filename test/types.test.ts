/**
 * Type-level tests (issue 25): dtypes the user knows stay known — `toArray()` and
 * `toFlatArray()` give the element type of the tensor's dtype (bigint for int64, boolean for
 * bool, number otherwise) — and `translate` takes framework names and their aliases, not any
 * string. Each `expectTypeOf` fails to compile if the type regresses; the values are checked too.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type Complex,
  type FrameworkName,
  type NestedArray,
  type NestedOf,
  type Scalar,
  type ScalarOf,
  type Tensor,
  onnx,
  jax,
  mlir,
  tensor,
  tf,
  torch,
  webnn,
  zeros,
} from '../src/index.js';
import * as lib from '../src/index.js';
import type { OpName, OpNameOf } from '../src/index.js';
import { type GradientNames, vjp } from '../src/autodiff/index.js';
import { buildRegistry } from '../src/tables/registry.js';
import { type CanonicalFramework, type TranslateTarget, translate } from '../src/translate/index.js';

describe('types that carry the dtype', () => {
  it('toArray() and toFlatArray() give the dtype element type', () => {
    const i64 = tensor([[1, 2]], 'int64');
    expectTypeOf(i64.toArray()).toEqualTypeOf<NestedOf<bigint>>();
    expectTypeOf(i64.toFlatArray()).toEqualTypeOf<bigint[]>();
    expect(i64.toFlatArray()).toEqual([1n, 2n]);
    const f32 = tensor([0.5], 'float32');
    expectTypeOf(f32.toFlatArray()).toEqualTypeOf<number[]>();
    expectTypeOf(tensor([true], 'bool').toFlatArray()).toEqualTypeOf<boolean[]>();
    expectTypeOf(tensor([1], 'uint64').toFlatArray()).toEqualTypeOf<bigint[]>();
    expectTypeOf(tensor([1], 'float16').toFlatArray()).toEqualTypeOf<number[]>();
    expectTypeOf<ScalarOf<'int32' | 'int64'>>().toEqualTypeOf<number | bigint>();
    // A tensor of unknown dtype gives what it always gave.
    const any = f32 as Tensor;
    expectTypeOf(any.toFlatArray()).toEqualTypeOf<(Scalar | Complex)[]>();
    expectTypeOf(any.toArray()).toExtend<NestedArray>();
    expectTypeOf<NestedArray>().toExtend<NestedOf<Scalar | Complex>>();
    // A complex tensor's elements are { re, im } (issue 23).
    expectTypeOf(tensor([1], 'complex64').toFlatArray()).toEqualTypeOf<Complex[]>();
    // A typed result reads without a cast.
    const row: readonly NestedOf<number>[] | number = f32.toArray();
    expect(row).toEqual([0.5]);
  });

  it("ONNX ops return their data's dtype (the schemas' T), so .data is the typed array", () => {
    const x = tensor(
      [
        [1, 2],
        [3, 4],
      ],
      'float32',
    );
    const i = tensor([[1]], 'int64');
    const y: Float32Array = onnx.Gather(x, tensor([1], 'int64')).data;
    expect([...y]).toEqual([3, 4]);
    expectTypeOf(onnx.GatherND(x, i)).toEqualTypeOf<Tensor<'float32'>>();
    expectTypeOf(onnx.GatherElements(x, tensor([[0, 1]], 'int64'))).toEqualTypeOf<Tensor<'float32'>>();
    const n = tensor([1, 2, 3], 'int64');
    expectTypeOf(onnx.ScatterND(n, i, tensor([9], 'int64'))).toEqualTypeOf<Tensor<'int64'>>();
    expectTypeOf(onnx.ScatterElements(n, tensor([0], 'int64'), tensor([9], 'int64'))).toEqualTypeOf<
      Tensor<'int64'>
    >();
    expect(onnx.ScatterND(n, i, tensor([9], 'int64')).toFlatArray()).toEqual([1n, 9n, 3n]);
    // An untyped tensor in, an untyped tensor out.
    expectTypeOf(onnx.Gather(x as Tensor, i)).toEqualTypeOf<Tensor>();
  });

  it("PyTorch and TensorFlow gathers and scatters return their input's dtype", () => {
    const x = tensor(
      [
        [1, 2],
        [3, 4],
      ],
      'float64',
    );
    const i = tensor([[1, 0]], 'int64');
    const g: Float64Array = torch.gather(x, 0, i).data;
    expect([...g]).toEqual([3, 2]);
    expectTypeOf(torch.index_select(x, 0, tensor([1], 'int64'))).toEqualTypeOf<Tensor<'float64'>>();
    expectTypeOf(torch.take_along_dim(x, i)).toEqualTypeOf<Tensor<'float64'>>();
    expectTypeOf(torch.scatter(x, 0, i, 5)).toEqualTypeOf<Tensor<'float64'>>();
    expectTypeOf(torch.scatter_add(x, 0, i, x)).toEqualTypeOf<Tensor<'float64'>>();
    expectTypeOf(torch.index_add(x, 0, tensor([0], 'int64'), tensor([[1, 1]], 'float64'))).toEqualTypeOf<
      Tensor<'float64'>
    >();
    const p = tensor([1, 2, 3], 'int32');
    expectTypeOf(tf.gather(p, tensor([0], 'int32'))).toEqualTypeOf<Tensor<'int32'>>();
    expectTypeOf(tf.gather_nd(p, tensor([[0]], 'int32'))).toEqualTypeOf<Tensor<'int32'>>();
  });

  it('WebNN, JAX, MLIR, TensorFlow scatters and the remaining PyTorch ops return the data dtype', () => {
    const x = tensor(
      [
        [1, 2],
        [3, 4],
      ],
      'float32',
    );
    const u = tensor([0, 1], 'uint32');
    const g: Float32Array = webnn.gather(x, u).data;
    expect([...g]).toEqual([1, 2, 3, 4]);
    expectTypeOf(webnn.gatherElements(x, tensor([[1, 0]], 'int32'))).toEqualTypeOf<Tensor<'float32'>>();
    expectTypeOf(webnn.gatherND(x, tensor([[1, 0]], 'uint32'))).toEqualTypeOf<Tensor<'float32'>>();
    expectTypeOf(webnn.scatterND(x, tensor([[1]], 'uint32'), tensor([[5, 6]], 'float32'))).toEqualTypeOf<
      Tensor<'float32'>
    >();
    expectTypeOf(
      webnn.scatterElements(x, tensor([[1, 0]], 'int32'), tensor([[5, 6]], 'float32')),
    ).toEqualTypeOf<Tensor<'float32'>>();
    const v = tensor([10, 20, 30], 'int32');
    const dn = jax.lax.GatherDimensionNumbers({
      offset_dims: [],
      collapsed_slice_dims: [0],
      start_index_map: [0],
    });
    expectTypeOf(jax.lax.gather(v, tensor([[2]], 'int32'), dn, [1])).toEqualTypeOf<Tensor<'int32'>>();
    const i64 = tensor([[1]], 'int64');
    expectTypeOf(tf.scatter_nd(i64, tensor([7n], 'int64'), [3])).toEqualTypeOf<Tensor<'int64'>>();
    expectTypeOf(tf.tensor_scatter_nd_update(v, tensor([[1]], 'int32'), tensor([5], 'int32'))).toEqualTypeOf<
      Tensor<'int32'>
    >();
    expectTypeOf(tf.tensor_scatter_nd_max(v, tensor([[1]], 'int32'), tensor([5], 'int32'))).toEqualTypeOf<
      Tensor<'int32'>
    >();
    expectTypeOf(torch.take(x, tensor([0], 'int64'))).toEqualTypeOf<Tensor<'float32'>>();
    expectTypeOf(torch.scatter_reduce(x, 0, tensor([[0, 1]], 'int64'), x, 'sum')).toEqualTypeOf<
      Tensor<'float32'>
    >();
    expectTypeOf(torch.index_fill(x, 0, tensor([0], 'int64'), 0)).toEqualTypeOf<Tensor<'float32'>>();
    expectTypeOf(torch.index_put(x, [tensor([0], 'int64')], tensor([9], 'float32'))).toEqualTypeOf<
      Tensor<'float32'>
    >();
    const m = mlir.tensor.scatter(tensor([[9, 9]], 'float64'), zeros([2, 2], 'float64'), i64, {
      scatter_dims: [0],
      unique: true,
    });
    expectTypeOf(m).toEqualTypeOf<Tensor<'float64'>>();
    expect(m.toArray()).toEqual([
      [0, 0],
      [9, 9],
    ]);
    expectTypeOf(mlir.tensor.gather(x, i64, { gather_dims: [0] })).toEqualTypeOf<Tensor<'float32'>>();
  });

  it('translate takes framework names and their aliases only', () => {
    expectTypeOf(translate).parameter(1).toEqualTypeOf<TranslateTarget>();
    expectTypeOf<FrameworkName>().toExtend<TranslateTarget>();
    expectTypeOf<'tf' | 'np' | 'dml'>().toExtend<TranslateTarget>();
    expectTypeOf<'keras'>().not.toExtend<TranslateTarget>();
    const call = torch.lower.gather(tensor([1, 2, 3], 'float32'), 0, tensor([2], 'int64'));
    expect(translate(call, 'tf').framework).toBe('tensorflow');
  });

  it('translate names the framework and the op it returns by their unions', () => {
    const call = torch.lower.gather(tensor([1, 2, 3], 'float32'), 0, tensor([2], 'int64'));
    const t = translate(call, 'tf');
    expectTypeOf(t.framework).toEqualTypeOf<'tensorflow'>();
    expectTypeOf(t.op).toEqualTypeOf<OpNameOf<'tensorflow'>>();
    expectTypeOf<CanonicalFramework<'np'>>().toEqualTypeOf<'numpy'>();
    const o = translate(call, 'onnx');
    expectTypeOf(o.op).toExtend<OpName>();
    expect(o.op).toBe('onnx.Gather');
    const ops: OpNameOf<'onnx'>[] = ['onnx.Gather', 'onnx.GatherND'];
    expect(ops).toContain(o.op);
  });

  it("vjp(call, op).backward() is keyed by the framework's argument names", () => {
    const x = tensor([1, 2, 3], 'float32');
    const i = tensor([2, 2, 0], 'int64');
    const g = vjp(torch.lower.gather(x, 0, i), 'torch.gather');
    const dx = g.backward(tensor([1, 1, 1], 'float32'));
    expectTypeOf(dx).toEqualTypeOf<{ readonly input: Tensor }>();
    expect(dx.input.toArray()).toEqual([1, 0, 2]);
    const s = vjp(
      torch.lower.scatter_add(x, 0, tensor([0, 0], 'int64'), tensor([5, 6], 'float32')),
      'torch.scatter_add',
    );
    expectTypeOf(s.backward).returns.toEqualTypeOf<{ readonly input: Tensor; readonly src: Tensor }>();
    expect(Object.keys(s.backward(tensor([1, 1, 1], 'float32'))).sort()).toEqual(['input', 'src']);
    expectTypeOf<GradientNames<'onnx.ScatterND'>>().toEqualTypeOf<'data' | 'updates'>();
    expectTypeOf<GradientNames<'onnx.GatherND'>>().toEqualTypeOf<'data'>();
    expectTypeOf<GradientNames<'tensorflow.tensor_scatter_nd_add'>>().toEqualTypeOf<'tensor' | 'updates'>();
    expectTypeOf<GradientNames<'tensorflow.scatter_nd'>>().toEqualTypeOf<'updates'>();
    expectTypeOf<GradientNames<'numpy.add.at'>>().toEqualTypeOf<'a' | 'values'>();
    expectTypeOf<GradientNames<'jax.lax.gather'>>().toEqualTypeOf<'operand'>();
    // Without the op name, the names are strings, as before.
    expectTypeOf(vjp(torch.lower.gather(x, 0, i)).backward).returns.toEqualTypeOf<{
      readonly [k: string]: Tensor;
    }>();
    // A name that is not the call's op is refused at run time.
    expect(() => vjp(torch.lower.gather(x, 0, i), 'torch.take')).toThrow(/autodiff\.op/);
  });

  it('OpName is every operator of every namespace, and nothing else', () => {
    expectTypeOf<'onnx.GatherND'>().toExtend<OpName>();
    expectTypeOf<'numpy.add.at'>().toExtend<OpName>();
    expectTypeOf<'jax.lax.scatter_add'>().toExtend<OpName>();
    expectTypeOf<'jax.at'>().toExtend<OpName>();
    expectTypeOf<'mlir.tensor.gather'>().toExtend<OpName>();
    expectTypeOf<'directml.GATHER_ND1'>().toExtend<OpName>();
    expectTypeOf<'onnx.GatherNd'>().not.toExtend<OpName>();
    expectTypeOf<'onnx.lower.GatherND'>().not.toExtend<OpName>();
    expectTypeOf<'tensorflow.constant'>().not.toExtend<OpName>();
    expectTypeOf<'jax.jnp.take'>().not.toExtend<OpName>();
    expectTypeOf<'torch.tensor'>().not.toExtend<OpName>();
    expectTypeOf<OpNameOf<'caffe2'>>().toEqualTypeOf<'caffe2.Gather' | 'caffe2.BatchGather'>();
    // Every registered op (the CLI's, the explorer's) has a name in the union: the registry ids are
    // the namespaces' callable paths, which is what OpName is built from.
    const registry = buildRegistry(lib as unknown as Record<string, unknown>);
    const paths = new Set<string>();
    const walk = (o: object, prefix: string, depth: number): void => {
      for (const [k, v] of Object.entries(o)) {
        if (['lower', 'policy', 'jnp'].includes(k)) continue;
        if (typeof v === 'function') paths.add(`${prefix}.${k}`);
        else if (v && typeof v === 'object' && depth < 2) walk(v, `${prefix}.${k}`, depth + 1);
      }
    };
    for (const [fw, ns] of Object.entries(lib.NAMESPACES)) walk(ns, fw, 0);
    expect(registry.map((e) => e.id).filter((id) => !paths.has(id))).toEqual([]);
    expect(registry.length).toBeGreaterThan(60);
  });
});
