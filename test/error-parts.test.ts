/**
 * Errors are built once, from their parts, in the running call's terms (src/core/call-errors.ts):
 * no message is edited after it is built.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enterCall, leaveCall, outOfBoundsError, callerPosition } from '../src/core/call-errors.js';
import { gather as coreGather } from '../src/core/gather.js';
import { execute, planOf } from '../src/core/call.js';
import {
  type GatherScatterError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
  numpy,
  onnx,
  stablehlo,
  tensor,
  torch,
} from '../src/index.js';

const f32 = (v: number[]) => tensor(v, 'float32');
const i64 = (v: number[][] | number[]) => tensor(v as never, 'int64');
const catchError = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
};

const found = { position: [1, 0, 2], value: 9n, dim: 0, size: 3 };
const coreText = () => 'the core says so';
const worded = {
  op: 'fw.take',
  wording: ({ value, position }: { value: bigint; position: readonly number[] }) =>
    `index ${value} at ${position.join('/')} is out of range`,
  index_rank: 2,
  options: { oob_code: 'fw.take.bounds' },
};

describe('the running call words its errors once', () => {
  it('outside a call: the core wording, the full position', () => {
    const e = outOfBoundsError('stablehlo.gather', 'fw.take.bounds', found, coreText);
    expect(e.message).toBe('stablehlo.gather: the core says so (fw.take.bounds)');
    expect(callerPosition([1, 0, 2])).toEqual([1, 0, 2]);
  });

  it("inside a call: the framework's wording for its code, positions in the caller's index rank", () => {
    const previous = enterCall(worded);
    try {
      const position = callerPosition([1, 0, 2]);
      expect(position).toEqual([1, 0]);
      const e = outOfBoundsError('stablehlo.gather', 'fw.take.bounds', { ...found, position }, coreText);
      expect([e.code, e.message, e.details]).toEqual([
        'fw.take.bounds',
        'fw.take: index 9 at 1/0 is out of range (fw.take.bounds)',
        { position: [1, 0], value: 9n, dim: 0, size: 3 },
      ]);
      // Another code of the same call keeps the core's wording.
      expect(outOfBoundsError('fw.take', 'fw.take.other', found, coreText).message).toBe(
        'fw.take: the core says so (fw.take.other)',
      );
      // A call inside the call reports in its own terms, and the outer one's come back after it.
      const inner = enterCall({ op: 'inner', options: {} });
      expect(callerPosition([1, 0, 2])).toEqual([1, 0, 2]);
      expect(outOfBoundsError('inner', 'fw.take.bounds', found, coreText).message).toBe(
        'inner: the core says so (fw.take.bounds)',
      );
      leaveCall(inner);
      expect(callerPosition([1, 0, 2])).toEqual([1, 0]);
    } finally {
      leaveCall(previous);
    }
    expect(callerPosition([1, 0, 2])).toEqual([1, 0, 2]);
  });

  it('a failed framework call leaves no context behind: the bare core words its error itself', () => {
    // torch.gather stacks an iota component onto its index: its positions are cut to rank 2.
    const framework = catchError(() =>
      torch.gather(
        tensor(
          [
            [1, 2],
            [3, 4],
          ],
          'float32',
        ),
        1,
        i64([[5]]),
      ),
    );
    expect(framework).toBeInstanceOf(IndexOutOfBoundsError);
    expect((framework as IndexOutOfBoundsError).message).toBe(
      'torch.gather: index 5 is out of bounds for dimension 1 with size 2 (torch.gather.index_out_of_bounds)',
    );
    expect((framework as IndexOutOfBoundsError).position).toEqual([0, 0]);
    const dn = {
      offset_dims: [],
      collapsed_slice_dims: [0],
      start_index_map: [0],
      index_vector_dim: 2,
      slice_sizes: [1],
    };
    const core = catchError(() => coreGather(f32([1, 2, 3]), i64([[[5]]] as never), dn, { mode: 'error' }));
    expect(core).toBeInstanceOf(IndexOutOfBoundsError);
    expect((core as Error).message).toBe(
      'stablehlo.gather: index 5 at indices position [0, 0, 0] is out of bounds for dimension 0 of size 3; valid starts are [0, 2] (stablehlo.gather.index_out_of_bounds)',
    );
  });

  it("a call run inside another's update computation reports in its own terms", () => {
    const seen: string[] = [];
    const S = {
      update_window_dims: [],
      inserted_window_dims: [0],
      scatter_dims_to_operand_dims: [0],
      index_vector_dim: 1,
    };
    const r = stablehlo.scatter(f32([0, 0]), i64([[1]]), f32([5]), S, (a, b) => {
      const e = catchError(() => onnx.Gather(f32([1, 2, 3]), i64([7])));
      if (!(e instanceof IndexOutOfBoundsError)) throw e;
      seen.push(e.message);
      return (a as number) + (b as number);
    });
    expect(r.toArray()).toEqual([0, 5]);
    expect(seen).toEqual([
      'onnx.Gather-13: index 7 at indices position [0] is out of bounds for data dimension 0 of size 3; valid indices are [-3, 2] (onnx.Gather-13.index_out_of_bounds)',
    ]);
  });
});

describe('an error keeps its parts', () => {
  it('message = lead + body + (code); text and body read the parts, not the message', () => {
    const e = new InvalidArgumentError(
      'stablehlo_text.dense',
      'bad literal',
      { line: 3 },
      'stablehlo_text: line 3: ',
    );
    expect(e.message).toBe('stablehlo_text: line 3: bad literal (stablehlo_text.dense)');
    expect(e.text).toBe('stablehlo_text: line 3: bad literal');
    expect(e.body).toBe('bad literal');
    const plain = new InvalidArgumentError('a.b', 'a: x (y)');
    expect([plain.text, plain.body]).toEqual(['a: x (y)', 'a: x (y)']);
    // The parts are private: errors still compare by code, message and details.
    expect(Object.keys(e).sort()).toEqual(['code', 'details', 'name']);
  });

  it('no message is edited after it is built: src has no .message.replace / .slice / .endsWith', () => {
    const files: string[] = [];
    const walk = (d: string): void => {
      for (const n of readdirSync(d)) {
        const p = join(d, n);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts')) files.push(p);
      }
    };
    walk(new URL('../src', import.meta.url).pathname);
    const edits = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => [f, i + 1, line] as const)
        .filter(([, , line]) => /\.message\.(replace|slice|endsWith)\b|message\.endsWith\(/.test(line))
        .map(([file, n]) => `${file}:${n}`),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(edits).toEqual([]);
  });
});

describe('the out rule: one check, one code per op', () => {
  const dn = { offset_dims: [], collapsed_slice_dims: [0], start_index_map: [0], index_vector_dim: 1 };
  const failure = (f: () => unknown) => {
    const e = catchError(f) as GatherScatterError;
    return [e.name, e.code, e.message, e.details];
  };

  it('StableHLO: out is the result (C22 shape, C23 dtype) through the frontend, execute and the plan alike', () => {
    const x = f32([1, 2, 3]);
    const idx = i64([[2]]);
    const call = stablehlo.lower.gather(x, idx, { ...dn, slice_sizes: [1] });
    const shape = [
      'InvalidArgumentError',
      'stablehlo.gather.C22',
      'stablehlo.gather: out must have the result shape [1]; got [2] (stablehlo.gather.C22)',
      { shape: [2] },
    ];
    expect(failure(() => stablehlo.gather(x, idx, { ...dn, slice_sizes: [1], out: f32([0, 0]) }))).toEqual(
      shape,
    );
    expect(failure(() => execute(call, f32([0, 0])))).toEqual(shape);
    expect(failure(() => planOf(call).run(x, idx, f32([0, 0])))).toEqual(shape);
    expect(failure(() => execute(call, tensor([0], 'int32')))).toEqual([
      'DTypeError',
      'stablehlo.gather.C23',
      'stablehlo.gather: out must have the result dtype float32; got int32 (stablehlo.gather.C23)',
      { dtype: 'int32' },
    ]);
  });

  it("other frameworks: <op>.out, also from the plan (no longer the spec's C22 under another op's name)", () => {
    const call = numpy.lower.take(f32([1, 2, 3]), i64([2]));
    const expected = [
      'InvalidArgumentError',
      'numpy.take.out',
      'numpy.take: out must have the result shape [1]; got [2] (numpy.take.out)',
      { shape: [2] },
    ];
    expect(failure(() => execute(call, f32([0, 0])))).toEqual(expected);
    expect(failure(() => planOf(call).run(call.operand, call.start_indices, f32([0, 0])))).toEqual(expected);
  });
});
