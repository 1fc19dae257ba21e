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
  stablehlo,
  tensor,
  tf,
  torch,
  webnn,
  zeros,
} from '../src/index.js';
import * as lib from '../src/index.js';
import type { OpName, OpNameOf } from '../src/index.js';
import { type CallGradientNames, type GradientNames, jvp, vjp } from '../src/autodiff/index.js';
import type { CoreCall } from '../src/core/call.js';
import type { LoweredGather, LoweredOp, LoweredScatter } from '../src/frameworks/lowered.js';
import { caffe2, directml, mxnet, numpy } from '../src/index.js';
import { buildRegistry, lowerCall } from '../src/tables/registry.js';
import { PRESETS } from '../src/tables/presets.js';
import { execute } from '../src/core/call.js';
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
    // StableHLO's gather and one-input scatter, and PyTorch's indexing and mask ops.
    const sg = stablehlo.gather(v, tensor([[2]], 'int32'), {
      offset_dims: [],
      collapsed_slice_dims: [0],
      start_index_map: [0],
      index_vector_dim: 1,
      slice_sizes: [1],
    });
    expectTypeOf(sg).toEqualTypeOf<Tensor<'int32'>>();
    expect(sg.toArray()).toEqual([30]);
    expectTypeOf(torch.index(x, [tensor([1], 'int64')])).toEqualTypeOf<Tensor<'float32'>>();
    const sel = torch.masked_select(x, tensor([true, false], 'bool'));
    expectTypeOf(sel).toEqualTypeOf<Tensor<'float32'>>();
    expect(sel.toArray()).toEqual([1, 3]);
    expectTypeOf(torch.masked_scatter(x, tensor([true, false], 'bool'), x)).toEqualTypeOf<
      Tensor<'float32'>
    >();
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
    // StableHLO's own names: a gather's operand, a scatter's inputs and updates.
    expectTypeOf<GradientNames<'stablehlo.gather'>>().toEqualTypeOf<'operand'>();
    expectTypeOf<GradientNames<'stablehlo.scatter'>>().toEqualTypeOf<'input' | 'updates'>();
    // Without the op name, a lowering's call names its op in its type (item 2 below).
    expectTypeOf(vjp(torch.lower.gather(x, 0, i)).backward).returns.toEqualTypeOf<{
      readonly input: Tensor;
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

  it('NumPy results keep the dtype of `a` when its type tells it (a Tensor<D>, a JS bool or bigint)', () => {
    const a = tensor([10, 20, 30], 'float32');
    const t: Float32Array = numpy.take(a, [2, 0]).data;
    expect([...t]).toEqual([30, 10]);
    expectTypeOf(numpy.put(a, [0], [5])).toEqualTypeOf<Tensor<'float32'>>();
    expectTypeOf(numpy.take_along_axis(a, tensor([1], 'int64'), 0)).toEqualTypeOf<Tensor<'float32'>>();
    expectTypeOf(numpy.put_along_axis(a, tensor([1], 'int64'), 7, 0)).toEqualTypeOf<Tensor<'float32'>>();
    expectTypeOf(numpy.index(a, [[0, 1]])).toEqualTypeOf<Tensor<'float32'>>();
    const u = numpy.add.at(tensor([1n, 2n], 'int64'), [0, 0], 5n);
    expectTypeOf(u).toEqualTypeOf<Tensor<'int64'>>();
    expect(u.toFlatArray()).toEqual([11n, 2n]);
    expectTypeOf(numpy.maximum.at(a, [1], 0)).toEqualTypeOf<Tensor<'float32'>>();
    // A JS scalar's dtype is known from its type; the runtime agrees.
    const b = numpy.take(true, [0, 0]);
    expectTypeOf(b).toEqualTypeOf<Tensor<'bool'>>();
    expect(b.dtype).toBe('bool');
    const n = numpy.take(7n, [0]);
    expectTypeOf(n).toEqualTypeOf<Tensor<'int64'>>();
    expect(n.dtype).toBe('int64');
    // JS numbers become int64 (NumPy's) or float64 by their values, and JS arrays may be empty
    // (float32): the dtype is not known statically.
    const js = numpy.take([4, 3, 5, 7, 6, 8], [0, 1, 4]);
    expectTypeOf(js).toEqualTypeOf<Tensor>();
    expect(js.dtype).toBe('int64');
    expect(numpy.take([4.5, 3], [0]).dtype).toBe('float64');
    expectTypeOf(numpy.take([true, false], [0])).toEqualTypeOf<Tensor>();
    // The framework constructors: a given dtype is the tensor's; without one the values decide.
    const arr = numpy.array([1, 2], 'int64');
    expectTypeOf(arr).toEqualTypeOf<Tensor<'int64'>>();
    expect(arr.dtype).toBe('int64');
    expectTypeOf(jax.numpy.array([1], 'float16')).toEqualTypeOf<Tensor<'float16'>>();
    expectTypeOf(torch.tensor([1], 'uint8')).toEqualTypeOf<Tensor<'uint8'>>();
    expectTypeOf(tf.constant([1], 'int32')).toEqualTypeOf<Tensor<'int32'>>();
    expectTypeOf(numpy.array([1, 2])).toEqualTypeOf<Tensor>();
  });

  it('MXNet, Caffe2 and DirectML results have the data dtype', () => {
    const x = tensor(
      [
        [1, 2],
        [3, 4],
      ],
      'float64',
    );
    const g: Float64Array = mxnet.gather_nd(x, tensor([[1, 0]], 'int32')).data;
    expect([...g]).toEqual([3, 4, 1, 2]);
    expectTypeOf(mxnet.take(x, tensor([1], 'int32'))).toEqualTypeOf<Tensor<'float64'>>();
    expectTypeOf(mxnet.pick(x, tensor([0, 1], 'float32'), { axis: 1 })).toEqualTypeOf<Tensor<'float64'>>();
    expectTypeOf(mxnet.batch_take(x, tensor([0, 1], 'int32'))).toEqualTypeOf<Tensor<'float64'>>();
    const s = mxnet.scatter_nd(tensor([5, 6], 'int32'), tensor([[0, 1]], 'int32'), [3]);
    expectTypeOf(s).toEqualTypeOf<Tensor<'int32'>>();
    expect(s.toArray()).toEqual([5, 6, 0]);
    expectTypeOf(caffe2.Gather(x, tensor([1], 'int32'))).toEqualTypeOf<Tensor<'float64'>>();
    expectTypeOf(caffe2.BatchGather(x, tensor([1], 'int32'))).toEqualTypeOf<Tensor<'float64'>>();
    const idx = tensor([[1, 0]], 'uint32');
    const d: Float64Array = directml.GATHER({
      InputTensor: x,
      IndicesTensor: idx,
      Axis: 0,
      IndexDimensions: 1,
    }).data;
    expect([...d]).toEqual([3, 4, 1, 2]);
    expectTypeOf(
      directml.GATHER_ELEMENTS({ InputTensor: x, IndicesTensor: tensor([[1, 0]], 'uint32'), Axis: 0 }),
    ).toEqualTypeOf<Tensor<'float64'>>();
    const nd = { InputTensor: x, IndicesTensor: tensor([[1, 0]], 'uint32') };
    const dims = { InputDimensionCount: 2, IndicesDimensionCount: 2 };
    expectTypeOf(directml.GATHER_ND({ ...nd, ...dims })).toEqualTypeOf<Tensor<'float64'>>();
    expectTypeOf(directml.GATHER_ND1({ ...nd, ...dims, BatchDimensionCount: 0 })).toEqualTypeOf<
      Tensor<'float64'>
    >();
    const u = tensor([[7]], 'float64');
    expectTypeOf(
      directml.SCATTER({
        InputTensor: x,
        IndicesTensor: tensor([[1, 0]], 'uint32'),
        UpdatesTensor: tensor([[7, 8]], 'float64'),
        Axis: 0,
      }),
    ).toEqualTypeOf<Tensor<'float64'>>();
    expectTypeOf(directml.SCATTER_ND({ ...nd, UpdatesTensor: u, ...dims })).toEqualTypeOf<
      Tensor<'float64'>
    >();
  });

  it('jax.at, jax.numpy and the lax scatters keep the operand dtype (divide: jnp.divide dtype)', () => {
    const x = tensor([0, 1, 2, 3], 'int32');
    const r = jax.at(x, 2).add(10);
    expectTypeOf(r).toEqualTypeOf<Tensor<'int32'>>();
    expect(r.toArray()).toEqual([0, 1, 12, 3]);
    expectTypeOf(jax.at(x, 1).get()).toEqualTypeOf<Tensor<'int32'>>();
    expectTypeOf(jax.at(x, 1).set(5)).toEqualTypeOf<Tensor<'int32'>>();
    // An integer array divided is float32 (float64 from a 64-bit integer one), as jnp.divide.
    const q = jax.at(x, 3).divide(2);
    expectTypeOf(q).toEqualTypeOf<Tensor<'float32'>>();
    expect(q.dtype).toBe('float32');
    expect(q.toArray()).toEqual([0, 1, 2, 1.5]);
    const q64 = jax.at(tensor([4n], 'int64'), 0).divide(8);
    expectTypeOf(q64).toEqualTypeOf<Tensor<'float64'>>();
    expect(q64.toArray()).toEqual([0.5]);
    expectTypeOf(jax.at(tensor([1], 'float16'), 0).divide(2)).toEqualTypeOf<Tensor<'float16'>>();
    // A complex array keeps its dtype, as in JAX (complex division: test/jax-complex-divide).
    const z = jax.at(tensor([{ re: 1, im: 2 }], 'complex64'), 0);
    expectTypeOf(z.divide).returns.toEqualTypeOf<Tensor<'complex64'>>();
    expect(z.divide(2).toFlatArray()).toEqual([{ re: 0.5, im: 1 }]);
    const f = tensor([1, 2, 3], 'float32');
    expectTypeOf(jax.numpy.take(f, tensor([0], 'int32'))).toEqualTypeOf<Tensor<'float32'>>();
    expectTypeOf(jax.jnp.take_along_axis(f, tensor([0], 'int32'), 0)).toEqualTypeOf<Tensor<'float32'>>();
    const dn = jax.lax.ScatterDimensionNumbers({
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
    });
    const s = jax.lax.scatter_add(f, tensor([[1]], 'int32'), tensor([5], 'float32'), dn);
    expectTypeOf(s).toEqualTypeOf<Tensor<'float32'>>();
    expect(s.toArray()).toEqual([1, 7, 3]);
    expectTypeOf(jax.lax.scatter_max(f, tensor([[1]], 'int32'), tensor([5], 'float32'), dn)).toEqualTypeOf<
      Tensor<'float32'>
    >();
  });

  it("a lowered call names its op in its type: vjp(call).backward() is keyed by the framework's names", () => {
    const x = tensor(
      [
        [1, 2],
        [3, 4],
      ],
      'float32',
    );
    const i = tensor([[1]], 'int64');
    const call = onnx.lower.GatherND(x, i);
    expectTypeOf(call).toEqualTypeOf<LoweredGather<'onnx.GatherND'>>();
    expectTypeOf<LoweredOp<typeof call>>().toEqualTypeOf<'onnx.GatherND'>();
    const dx = vjp(call).backward(tensor([[1, 1]], 'float32'));
    expectTypeOf(dx).toEqualTypeOf<{ readonly data: Tensor }>();
    expect(dx.data.toArray()).toEqual([
      [0, 0],
      [1, 1],
    ]);
    const sc = vjp(onnx.lower.ScatterND(x, i, tensor([[5, 6]], 'float32')));
    expectTypeOf(sc.backward).returns.toEqualTypeOf<{ readonly data: Tensor; readonly updates: Tensor }>();
    expect(Object.keys(sc.backward(x)).sort()).toEqual(['data', 'updates']);
    // One op per framework and kind: the names the pullback returns at run time are the type's.
    const v = tensor([1, 2, 3], 'float32');
    const k = tensor([2, 0], 'int64');
    const keys = (c: CoreCall) => Object.keys(vjp(c).backward(execute(c))).sort();
    const sa = torch.lower.scatter_add(v, 0, k, tensor([5, 6], 'float32'));
    expectTypeOf<CallGradientNames<typeof sa>>().toEqualTypeOf<'input' | 'src'>();
    expect(keys(sa)).toEqual(['input', 'src']);
    const ia = torch.lower.index_add(v, 0, k, tensor([5, 6], 'float32'));
    expectTypeOf<CallGradientNames<typeof ia>>().toEqualTypeOf<'input' | 'source'>();
    expect(keys(ia)).toEqual(['input', 'source']);
    const fill = torch.lower.index_fill(v, 0, k, 0);
    expectTypeOf<CallGradientNames<typeof fill>>().toEqualTypeOf<'input'>();
    expect(keys(fill)).toEqual(['input']);
    const tsa = tf.lower.tensor_scatter_nd_add(v, tensor([[1]], 'int32'), tensor([5], 'float32'));
    expectTypeOf(tsa).toEqualTypeOf<LoweredScatter<'tensorflow.tensor_scatter_nd_add'>>();
    expectTypeOf<CallGradientNames<typeof tsa>>().toEqualTypeOf<'tensor' | 'updates'>();
    expect(keys(tsa)).toEqual(['tensor', 'updates']);
    // tf.scatter_nd starts from zeros, a constant: only the updates have a gradient.
    const snd = tf.lower.scatter_nd(tensor([[1]], 'int32'), tensor([5], 'float32'), [3]);
    expectTypeOf<CallGradientNames<typeof snd>>().toEqualTypeOf<'updates'>();
    expect(keys(snd)).toEqual(['updates']);
    const tk = numpy.lower.take(v, [2]);
    expectTypeOf<CallGradientNames<typeof tk>>().toEqualTypeOf<'a'>();
    expect(keys(tk)).toEqual(['a']);
    const at = numpy.lower.add.at(v, [0], tensor([1], 'float32'));
    expectTypeOf(at).toEqualTypeOf<LoweredScatter<'numpy.add.at'>>();
    expect(keys(at)).toEqual(['a', 'values']);
    const lax = jax.lower.lax.scatter_add(v, tensor([[1]], 'int32'), tensor([5], 'float32'), dn1());
    expectTypeOf(lax).toEqualTypeOf<LoweredScatter<'jax.lax.scatter_add'>>();
    expect(keys(lax)).toEqual(['operand', 'updates']);
    const get = jax.lower.at(v, 1).get();
    expectTypeOf<CallGradientNames<typeof get>>().toEqualTypeOf<'operand'>();
    expect(keys(get)).toEqual(['operand']);
    const mx = mxnet.lower.scatter_nd(tensor([5], 'float32'), tensor([[1]], 'int32'), [3]);
    expectTypeOf<CallGradientNames<typeof mx>>().toEqualTypeOf<'data'>();
    expect(keys(mx)).toEqual(['data']);
    const c2 = caffe2.lower.Gather(v, tensor([1], 'int32'));
    expectTypeOf<CallGradientNames<typeof c2>>().toEqualTypeOf<'DATA'>();
    expect(keys(c2)).toEqual(['DATA']);
    const ms = mlir.lower.tensor.scatter(tensor([[9, 9]], 'float32'), x, i, {
      scatter_dims: [0],
      unique: true,
    });
    expectTypeOf<CallGradientNames<typeof ms>>().toEqualTypeOf<'dest' | 'source'>();
    expect(keys(ms)).toEqual(['dest', 'source']);
    const wn = webnn.lower.gather(v, tensor([1], 'uint32'));
    expectTypeOf<CallGradientNames<typeof wn>>().toEqualTypeOf<'input'>();
    expect(keys(wn)).toEqual(['input']);
    // jvp takes tangents by the same names.
    expectTypeOf(jvp).toBeCallableWith(sa, { src: tensor([1, 1], 'float32') });
    expect(jvp(sa, { src: tensor([1, 1], 'float32') }).tangent.toArray()).toEqual([1, 0, 1]);
    // A call whose type names no op: string names, as before.
    expectTypeOf(vjp(sa as CoreCall).backward).returns.toEqualTypeOf<{ readonly [k: string]: Tensor }>();
    // The old form still compiles and agrees.
    expectTypeOf(vjp(sa, 'torch.scatter_add').backward).returns.toEqualTypeOf<{
      readonly input: Tensor;
      readonly src: Tensor;
    }>();
    expect(Object.keys(vjp(tsa, 'tensorflow.tensor_scatter_nd_add').backward(v)).sort()).toEqual([
      'tensor',
      'updates',
    ]);
  });

  it("every registered op's lowering returns a call whose runtime op is the one its type names", () => {
    // The brand is type-only: check the runtime `op` (unversioned) against the lowering's
    // namespace path for every documented example that lowers.
    const registry = buildRegistry(lib as unknown as Record<string, unknown>);
    const byId = new Map(registry.map((e) => [e.id, e]));
    const seen = new Set<string>();
    for (const p of PRESETS) {
      const entry = byId.get(p.op);
      if (entry?.state !== 'ready' || p.expectedError !== undefined) continue;
      const call = lowerCall(lib as unknown as Record<string, unknown>, entry, p.args);
      const op = call.op.replace(/-\d+$/, '');
      // jax.at's methods add the method to the op: `jax.at.add` under the type's `jax.at`.
      expect(p.op === 'jax.at' ? op.startsWith('jax.at.') : op === p.op, `${p.id}: ${call.op}`).toBe(true);
      seen.add(p.op);
    }
    expect(seen.size).toBeGreaterThan(15);
  });
});

/** lax dimension numbers of a 1-D scatter of scalars. */
function dn1() {
  return jax.lax.ScatterDimensionNumbers({
    update_window_dims: [],
    inserted_window_dims: [0],
    scatter_dims_to_operand_dims: [0],
  });
}
