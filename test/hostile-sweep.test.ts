/**
 * Junk arguments at public entry points: each call that a junk-input sweep of every export
 * (null, undefined, numbers, symbols, BigInts, plain objects in a tensor's or a module's slot)
 * answered with a TypeError now throws a typed error naming the rule — one row per rule code,
 * with the valid call beside it so a row cannot pass by refusing everything.
 */
import { describe, expect, it } from 'vitest';
import {
  DTypeError,
  GatherScatterError,
  InvalidArgumentError,
  broadcastTo,
  cast,
  core,
  integerRange,
  isSigned,
  moveAxis,
  slice,
  stack,
  tensor,
} from '../src/index.js';
import {
  defaultFunctions,
  isHloText,
  isSplitFile,
  readModule,
  runText,
  splitInputFile,
  verifyModule,
} from '../src/stablehlo-text/index.js';
import { bindArguments, bindStablehlo, convertExactly } from '../src/stablehlo-text/index.js';
import { disableThreads, shareTensor } from '../src/node/index.js';
import { errorOf } from './helpers/errors.js';

const t = () =>
  tensor(
    [
      [1, 2],
      [3, 4],
    ],
    'float32',
  );
const JUNK: readonly unknown[] = [undefined, null, Number.NaN, -1, 'x', Symbol('j'), 1n, {}, []];
const GATHER_DN = {
  offset_dims: [1],
  collapsed_slice_dims: [0],
  start_index_map: [0],
  index_vector_dim: 1,
  slice_sizes: [1, 2],
};

/** Every junk value in the slot gives `code` with class `cls`; none gives a TypeError. */
function expectEvery(
  call: (junk: unknown) => unknown,
  code: string,
  cls = 'InvalidArgumentError',
  junk = JUNK,
): void {
  for (const j of junk)
    expect(
      errorOf(() => call(j)),
      String(typeof j),
    ).toMatchObject({ cls, code });
}

describe('tensor ops refuse a non-tensor input', () => {
  it('broadcast.input: broadcastTo(junk, shape)', () => {
    expect(broadcastTo(tensor([1, 2], 'float32'), [2, 2]).shape).toEqual([2, 2]);
    expectEvery((j) => broadcastTo(j as never, [2]), 'broadcast.input');
  });
  it('slice.input: slice(junk, starts, sizes)', () => {
    expect(Array.from(slice(t(), [1, 0], [1, 2]).data)).toEqual([3, 4]);
    expectEvery((j) => slice(j as never, [0], [1]), 'slice.input');
  });
  it('stack.input: stack(junk) and stack([t, junk])', () => {
    expect(stack([t(), t()], 0).shape).toEqual([2, 2, 2]);
    expectEvery((j) => stack(j as never), 'stack.input', undefined, JUNK.slice(0, -1));
    expectEvery((j) => stack([t(), j] as never), 'stack.input');
    expect(errorOf(() => stack([])).code).toBe('stack.empty');
  });
  it('cast.input: cast(junk, dtype)', () => {
    expect(Array.from(cast(t(), 'int32').data)).toEqual([1, 2, 3, 4]);
    expectEvery((j) => cast(j as never, 'int32'), 'cast.input');
  });
  it('move_axis.input: moveAxis(junk, 0, 1)', () => {
    expect(moveAxis(tensor([[[1, 2, 3]]], 'float32'), 2, 0).shape).toEqual([3, 1, 1]);
    expectEvery((j) => moveAxis(j as never, 0, 1), 'move_axis.input');
  });
});

describe('dtype helpers', () => {
  it('tensor.alloc_size: allocStorage with a size that is not a safe integer >= 0', () => {
    expect(core.allocStorage('complex64', 2)).toEqual(new Float32Array(4));
    for (const n of [Number.NaN, -1, 1.5, 2 ** 53, Symbol('n'), 1n, undefined])
      expect(errorOf(() => core.allocStorage('float32', n as never))).toMatchObject({
        cls: 'InvalidArgumentError',
        code: 'tensor.alloc_size',
      });
  });
  it('allocStorage with an unknown dtype: tensor.dtype', () => {
    expectEvery((j) => core.allocStorage(j as never, 1), 'tensor.dtype', 'DTypeError');
  });
  it('integerRange of a symbol: tensor.dtype, not a TypeError from the message', () => {
    expect(integerRange('int8')).toEqual([-128n, 127n]);
    const e = errorOf(() => integerRange(Symbol('d') as never));
    expect(e).toMatchObject({
      cls: 'DTypeError',
      code: 'tensor.dtype',
      message: 'Symbol(d) is not an integer dtype (tensor.dtype)',
    });
    expect(errorOf(() => integerRange('float32')).message).toBe(
      'float32 is not an integer dtype (tensor.dtype)',
    );
  });
  it('isSigned answers false for a value that is not a dtype name', () => {
    expect([isSigned('int8'), isSigned('uint8'), isSigned('float16')]).toEqual([true, false, true]);
    for (const j of JUNK) expect(isSigned(j as never)).toBe(false);
  });
});

describe('core.gather and options', () => {
  it('core.gather.operand / core.gather.start_indices: a non-tensor operand or indices', () => {
    const idx = tensor([[1], [0]], 'int64');
    expect(Array.from(core.gather(t(), idx, GATHER_DN as never).data as Float32Array)).toEqual([3, 4, 1, 2]);
    expectEvery((j) => core.gather(j as never, idx, GATHER_DN as never), 'core.gather.operand');
    expectEvery((j) => core.gather(t(), j as never, GATHER_DN as never), 'core.gather.start_indices');
  });
  it('core.options: options that are null or a primitive', () => {
    for (const j of [null, 1, 'x', Symbol('o'), 1n, true]) {
      expect(errorOf(() => core.resolveGatherOptions('float32', j as never)).code).toBe('core.options');
      expect(errorOf(() => core.resolveScatterOptions(j as never)).code).toBe('core.options');
      expect(
        errorOf(() => core.gather(t(), tensor([[0]], 'int64'), GATHER_DN as never, j as never)).code,
      ).toBe('core.options');
    }
    expect(core.resolveGatherOptions('int32', undefined).fill_value).toBe(-2147483648);
  });
});

describe('stablehlo-text entry points with something that is not text or a module', () => {
  const TEXT = 'func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n}';
  it('stablehlo_text.syntax: splitInputFile and runText of a non-string', () => {
    expect(splitInputFile(`${TEXT}\n// -----\n${TEXT}`)).toHaveLength(2);
    const notText = JUNK.filter((j) => typeof j !== 'string');
    expectEvery((j) => splitInputFile(j as never), 'stablehlo_text.syntax', undefined, notText);
    expectEvery((j) => runText(j as never), 'stablehlo_text.syntax', undefined, notText);
  });
  it('isSplitFile / isHloText answer false for a non-string', () => {
    expect([isSplitFile('a\n// -----\nb'), isHloText('HloModule m')]).toEqual([true, true]);
    for (const j of JUNK) expect([isSplitFile(j as never), isHloText(j as never)]).toEqual([false, false]);
    expect(
      runText(TEXT, [tensor([1, 2], 'float32')])[0].results.map((r) =>
        Array.from((r as never as { data: Float32Array }).data),
      ),
    ).toEqual([[1, 2]]);
  });
  it('stablehlo_text.module: verifyModule and defaultFunctions of a value that is not a module', () => {
    const m = readModule(TEXT);
    expect(verifyModule(m)).toEqual([]);
    expect(defaultFunctions(m).map((f) => f.name)).toEqual(['main']);
    for (const j of [...JUNK, { funcs: 1 }]) {
      for (const f of [verifyModule, defaultFunctions]) {
        const e = errorOf(() => f(j as never));
        expect(e).toMatchObject({ cls: 'InvalidArgumentError', code: 'stablehlo_text.module' });
      }
    }
  });
});

describe('second sweep: storage helpers, the index map, binding and node threads', () => {
  it('core.shared_like.data: sharedLike of something that is not a typed array (never calls its constructor)', () => {
    const shared = core.sharedLike(new Float32Array([1, 2]));
    expect([shared.buffer instanceof SharedArrayBuffer, Array.from(shared)]).toEqual([true, [1, 2]]);
    expectEvery((j) => core.sharedLike(j as never), 'core.shared_like.data', undefined, [
      ...JUNK,
      () => 1,
      new DataView(new ArrayBuffer(4)),
    ]);
  });
  it('node.share_tensor.input: shareTensor of a non-tensor', () => {
    expect(Array.from(shareTensor(t()).data as Float32Array)).toEqual([1, 2, 3, 4]);
    expectEvery((j) => shareTensor(j as never), 'node.share_tensor.input');
  });
  it('node.disable_threads.pool: disableThreads of something that is not a pool', () => {
    expectEvery((j) => disableThreads(j as never), 'node.disable_threads.pool');
  });
  it('core.index_map.spec: an IndexMap spec without its shapes', () => {
    expectEvery((j) => new core.IndexMap(j as never), 'core.index_map.spec', undefined, [
      ...JUNK,
      t(),
      { operandShape: [2] },
    ]);
  });
  it('bytes.array / bytes.count / tensor.dtype: bytesToStorage and storageToBytes of junk', () => {
    const bytes = core.storageToBytes('int16', new Int16Array([1, 258]), true);
    expect(Array.from(bytes)).toEqual([1, 0, 2, 1]);
    expect(Array.from(core.bytesToStorage('int16', bytes, 2, true) as Int16Array)).toEqual([1, 258]);
    expectEvery((j) => core.bytesToStorage('int16', j as never, 1, true), 'bytes.array');
    expectEvery((j) => core.storageToBytes('int16', j as never, true), 'bytes.array');
    for (const n of [Number.NaN, -1, 1.5, Symbol('n'), 1n, undefined])
      expect(errorOf(() => core.bytesToStorage('int16', bytes, n as never, true)).code).toBe('bytes.count');
    expectEvery((j) => core.bytesToStorage(j as never, bytes, 1, true), 'tensor.dtype', 'DTypeError');
  });
  it('stablehlo_text.bind: bindStablehlo, bindArguments and convertExactly of junk', () => {
    expect(Array.from(convertExactly(tensor([1, 2], 'int32'), 'int64').data as BigInt64Array)).toEqual([
      1n,
      2n,
    ]);
    expectEvery((j) => bindStablehlo(j as never, [t()]), 'stablehlo_text.bind');
    expectEvery((j) => bindArguments(j as never, []), 'stablehlo_text.bind');
    expectEvery((j) => convertExactly(j as never, 'int64'), 'stablehlo_text.bind');
    expect(errorOf(() => convertExactly(t(), 'f32' as never)).code).toBe('tensor.dtype');
  });
});

describe('third sweep: a symbol where a name goes into a message', () => {
  it('core.op_name: gatherShape / scatterShape with an op name that is not a string', () => {
    expect(core.gatherShape([2, 2], [2, 1], GATHER_DN as never).resultShape).toEqual([2, 2]);
    for (const j of [Symbol('op'), 1, {}, null])
      expect(errorOf(() => core.gatherShape([2, 2], [2, 1], GATHER_DN as never, j as never))).toMatchObject({
        cls: 'InvalidArgumentError',
        code: 'core.op_name',
      });
  });
  it('encodeScalar with a symbol dtype and resolvePolicy without options: typed errors', () => {
    expect(errorOf(() => core.encodeScalar(Symbol('d') as never, undefined as never)).cls).toBe(
      'InvalidArgumentError',
    );
    expect(core.resolvePolicy('gather', 'clip', {}, false).oob).toBe('clip');
    for (const j of [undefined, null, 1])
      expect(errorOf(() => core.resolvePolicy('gather', 'clip', j as never, false)).code).toBe(
        'core.options',
      );
  });
});

it('every row above throws this package’s classes', () => {
  expect(errorOf(() => cast(null as never, 'int32')).cls).toBe(InvalidArgumentError.name);
  expect(new DTypeError('x.y', 'm')).toBeInstanceOf(GatherScatterError);
});
