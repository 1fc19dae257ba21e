/**
 * Issue 24, item 1: every consumer of a lowered call validates it first (src/core/check-call.ts).
 * A malformed or forged call, bad options, a forged Tensor and storage detached or resized after
 * the tensor was made are typed errors naming the parameter and the rule — never a TypeError,
 * a silent read or a model written for a shape that cannot exist.
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { InvalidArgumentError, Tensor, tensor } from '../src/index.js';
import { vjp, jvp } from '../src/autodiff/index.js';
import { execute, executeAll } from '../src/core/index.js';
import { onnxGraph, onnxInputs, onnxNode, toOnnx } from '../src/export/index.js';
import { translate, translateAll } from '../src/translate/index.js';
import type { CoreCall } from '../src/core/call.js';
import { CONSUMERS, typedError } from './helpers/consumers.js';

const data = () =>
  tensor(
    [
      [1, 2, 3],
      [4, 5, 6],
    ],
    'float32',
  );
const gatherCall = () =>
  lib.torch.lower.gather(
    data(),
    1,
    tensor(
      [
        [0n, 2n],
        [1n, 0n],
      ],
      'int64',
    ),
  ) as CoreCall;
const scatterCall = () =>
  lib.torch.lower.scatter_add(
    data(),
    1,
    tensor(
      [
        [0n, 2n],
        [1n, 0n],
      ],
      'int64',
    ),
    tensor(
      [
        [1, 1],
        [1, 1],
      ],
      'float32',
    ),
  ) as CoreCall;

const forged = (): Tensor =>
  Object.create(Tensor.prototype, {
    dtype: { value: 'float32' },
    shape: { value: [1e9] },
    data: { value: new Float32Array(3) },
    size: { value: 1e9 },
  });

const detached = (): Tensor => {
  const t = data();
  structuredClone(t.data.buffer, { transfer: [t.data.buffer] });
  return t;
};

/** Malformed calls, each with the code its check gives (the same for every consumer). */
const BAD: [string, () => unknown, string][] = [
  ['null', () => null, 'call.type'],
  ['undefined', () => undefined, 'call.type'],
  ['{}', () => ({}), 'call.kind'],
  ['a number', () => 42, 'call.type'],
  ['an array', () => [], 'call.type'],
  ['a Tensor', () => data(), 'call.type'],
  ['kind "map"', () => ({ ...gatherCall(), kind: 'map' }), 'call.kind'],
  ['no op', () => ({ ...gatherCall(), op: undefined }), 'call.op'],
  [
    'no dimension_numbers',
    () => ({ ...gatherCall(), dimension_numbers: undefined }),
    'call.dimension_numbers',
  ],
  ['no options', () => ({ ...gatherCall(), options: undefined }), 'call.options'],
  ['options null', () => ({ ...scatterCall(), options: null }), 'call.options'],
  ['operand a typed array', () => ({ ...gatherCall(), operand: new Float32Array(6) }), 'call.operand'],
  ['operand forged', () => ({ ...gatherCall(), operand: forged() }), 'call.operand'],
  ['operand detached', () => ({ ...gatherCall(), operand: detached() }), 'tensor.storage_changed'],
  ['indices a plain array', () => ({ ...gatherCall(), start_indices: [[0, 1]] }), 'call.start_indices'],
  ['inputs empty', () => ({ ...scatterCall(), inputs: [] }), 'call.inputs'],
  ['updates not an array', () => ({ ...scatterCall(), updates: data() }), 'call.updates'],
  [
    'update_computation "xor"',
    () => ({ ...scatterCall(), update_computation: 'xor' }),
    'call.update_computation',
  ],
  ['reshape [-3]', () => ({ ...gatherCall(), reshape: [-3] }), 'call.reshape'],
  ['reshape "4"', () => ({ ...gatherCall(), reshape: '4' }), 'call.reshape'],
  ['out forged', () => ({ ...gatherCall(), out: forged() }), 'call.out'],
  [
    'a gather with a scatter prologue',
    () => ({ ...gatherCall(), prologue: { kind: 'scale_updates', factor: 2 } }),
    'call.prologue',
  ],
  [
    'cycle_updates of length -1',
    () => ({ ...scatterCall(), prologue: { kind: 'cycle_updates', length: -1 } }),
    'call.prologue',
  ],
  ['prologue of unknown kind', () => ({ ...scatterCall(), prologue: { kind: 'shuffle' } }), 'call.prologue'],
];

describe('every consumer validates the call first (call.*)', () => {
  for (const [name, consume] of Object.entries(CONSUMERS))
    for (const [what, make, code] of BAD) {
      // executeAll reads scatters only: a gather is refused by kind first.
      const expected = name === 'executeAll' && code !== 'call.type' && gatherish(make) ? 'call.kind' : code;
      it(`${name}(${what}) → ${expected}`, () => {
        const e = typedError(() => consume(make()));
        expect(e).toBeInstanceOf(InvalidArgumentError);
        expect(e.code).toBe(expected);
        expect(e.message).toContain(name === 'toOnnx' || !name.startsWith('onnx') ? name : name);
      });
    }
});

function gatherish(make: () => unknown): boolean {
  const c = make() as { kind?: unknown } | null;
  return typeof c === 'object' && c !== null && !Array.isArray(c) && c.kind !== 'scatter';
}

describe('forged shapes never reach a model', () => {
  it('toOnnx refuses reshape [1e9, 1e9] (call.reshape), writes the honest one', () => {
    const e = typedError(() => toOnnx({ ...gatherCall(), reshape: [1e9, 1e9] } as CoreCall));
    expect(e.code).toBe('call.reshape');
    expect(e.message).toContain("the result's 4 elements");
    expect(toOnnx({ ...gatherCall(), reshape: [4] } as CoreCall).length).toBeGreaterThan(0);
  });
  it('execute refuses reshape [1e9, 1e9] with a typed error', () => {
    expect(typedError(() => execute({ ...gatherCall(), reshape: [1e9, 1e9] } as CoreCall)).code).toMatch(
      /^tensor\./,
    );
    expect(execute({ ...gatherCall(), reshape: [4] } as CoreCall).toArray()).toEqual([1, 3, 5, 4]);
  });
});

describe('options are checked (options.*)', () => {
  const call = gatherCall();
  it.each([
    ['toOnnx', () => toOnnx(call, null as never), 'options.type'],
    ['onnxGraph', () => onnxGraph(call, 7 as never), 'options.type'],
    ['onnxInputs', () => onnxInputs(call, { opst: 13 } as never), 'options.key'],
    ['translate', () => translate(call, 'onnx', null as never), 'options.type'],
    ['translateAll', () => translateAll(call, 'x' as never), 'options.type'],
  ])('%s', (_name, f, code) => {
    expect(typedError(f).code).toBe(code);
  });
  it('valid options still work', () => {
    expect(translate(call, 'onnx', {}).op).toBe('onnx.GatherElements');
    expect(onnxNode(call, { opset: 13 }).opType).toBe('GatherElements');
  });
});

describe('jvp tangents are named exactly', () => {
  it('a misspelled tangent key is refused (autodiff.jvp.tangents), not a zero tangent', () => {
    const call = gatherCall();
    const names = Object.keys(
      vjp(call).backward(
        tensor(
          [
            [1, 1],
            [1, 1],
          ],
          'float32',
        ),
      ),
    );
    expect(names).toEqual(['input']);
    const e = typedError(() => jvp(call, { inptu: data() } as never));
    expect(e.code).toBe('autodiff.jvp.tangents');
    expect(e.message).toContain('"inptu"');
    expect(jvp(call, { input: data() }).tangent.toArray()).toEqual([
      [1, 3],
      [5, 4],
    ]);
  });
  it('tangents null or holding a non-Tensor are refused', () => {
    expect(typedError(() => jvp(gatherCall(), null as never)).code).toBe('autodiff.jvp.tangents');
    expect(typedError(() => jvp(gatherCall(), { input: [[1, 2, 3]] } as never)).code).toBe(
      'autodiff.jvp.tangents',
    );
  });
});

describe('tensors: brand check and storage changed after construction', () => {
  it('Object.create(Tensor.prototype, …) passes instanceof but is not a Tensor', () => {
    const f = forged();
    expect(f instanceof Tensor).toBe(true);
    expect(Tensor.isTensor(f)).toBe(false);
    expect(Tensor.isTensor(data())).toBe(true);
    const e = typedError(() => lib.onnx.Gather(f, tensor([0n], 'int64')));
    expect(e.code).toMatch(/^onnx\.Gather-\d+\.data$/);
    expect(e.message).toContain('data must be a Tensor');
    expect(typedError(() => lib.torch.gather(data(), 1, f)).message).toContain('index must be a Tensor');
  });
  it('a detached buffer: gather, toArray, toString and toJSON throw tensor.storage_changed', () => {
    const t = detached();
    for (const f of [
      () => lib.onnx.Gather(t, tensor([0n], 'int64')),
      () => t.toArray(),
      () => t.toString(),
      () => t.toJSON(),
      () => t.clone(),
    ])
      expect(typedError(f).code).toBe('tensor.storage_changed');
  });
  it('a length-tracking view shrunk after tensor(): a typed error, not [0, 1]', () => {
    const buf = new (
      ArrayBuffer as unknown as new (
        n: number,
        o: object,
      ) => ArrayBuffer & {
        resize(n: number): void;
      }
    )(16, { maxByteLength: 64 });
    const view = new Int32Array(buf);
    view.set([0, 1, 2, 3]);
    const t = new Tensor('int32', [4], view);
    expect(lib.onnx.Gather(t, tensor([3n, 1n], 'int64')).toArray()).toEqual([3, 1]);
    buf.resize(8);
    expect(typedError(() => lib.onnx.Gather(t, tensor([3n, 1n], 'int64'))).code).toBe(
      'tensor.storage_changed',
    );
    buf.resize(64);
    expect(typedError(() => t.toArray()).code).toBe('tensor.storage_changed');
  });
  it('a detached `out` is refused before anything is written', () => {
    const call = gatherCall();
    const out = tensor([0, 0, 0, 0], 'float32', [2, 2]);
    structuredClone(out.data.buffer, { transfer: [out.data.buffer] });
    expect(typedError(() => execute(call, out)).code).toBe('tensor.storage_changed');
  });
});

describe('executeAll outs', () => {
  it.each([
    ['null', null],
    ['a Tensor', tensor([1], 'float32')],
    ['a number', 3],
  ])('outs %s → a typed error naming out', (_what, outs) => {
    const call = lib.stablehlo.lower.scatter(
      tensor([1, 2], 'float32'),
      tensor([[0]], 'int32'),
      tensor([5], 'float32'),
      {
        update_window_dims: [],
        inserted_window_dims: [0],
        scatter_dims_to_operand_dims: [0],
        index_vector_dim: 1,
      },
    );
    const e = typedError(() => executeAll(call as never, outs as never));
    expect(e.code).toBe('stablehlo.scatter.out');
    expect(e.message).toContain('expected 1 out tensors');
  });
});
