/**
 * One named negative test per rule of the WebGPU backend that had none
 * (src/backends/webgpu/backend.ts, program.ts), through its public entry (`createWebGpuBackend`,
 * `upload`, `run`, `runModule`, `GpuTensor.reshape`). The checks made before anything touches
 * the device run here on a stand-in device object (only its `limits` are read); the rest run on
 * Dawn/SwiftShader, in a child process with the Vulkan environment (test/webgpu-env.ts).
 * (Not named here: the check that the GPU's index flags and the CPU re-run agree, which only a
 * faulty kernel or device reaches.)
 */
import { describe, expect, it } from 'vitest';
import { type WebGpuBackend, createWebGpuBackend } from '../src/backends/webgpu/index.js';
import { GatherScatterError, InvalidArgumentError, type core, tensor, torch } from '../src/index.js';
import { nodeBackend, runInChild, webgpuMode } from './webgpu-env.js';

/** A device as far as the pre-dispatch checks see one: its limits (nothing else is read). */
const standIn = (limit = 1 << 27) =>
  ({ limits: { maxStorageBufferBindingSize: limit, maxBufferSize: limit } }) as unknown as GPUDevice;
const f32 = (v: number[]) => tensor(v, 'float32');
const gatherCall = () => torch.lower.gather(f32([1, 2, 3, 4]), 0, tensor([3n, 0n], 'int64')) as core.CoreCall;

/** What a promise rejects with (fails the test when it resolves). */
async function rejection(p: Promise<unknown>): Promise<GatherScatterError> {
  const r = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(r instanceof GatherScatterError)) throw new Error(`expected a GatherScatterError; got ${String(r)}`);
  return r;
}

describe('WebGPU backend, checks before the device: one named test per rule', () => {
  it('webgpu.unavailable: an adapter request that finds no adapter', async () => {
    const gpu = { requestAdapter: async () => null } as unknown as GPU;
    const e = await rejection(createWebGpuBackend({ gpu }));
    expect(e.code).toBe('webgpu.unavailable');
    expect(e.message).toBe('WebGPU backend: requestAdapter() returned no adapter (webgpu.unavailable)');
  });

  it('webgpu.upload: uploading something that is not a Tensor', async () => {
    const b = await createWebGpuBackend({ device: standIn() });
    expect(() => b.upload([1, 2] as never)).toThrow(InvalidArgumentError);
    expect(() => b.upload([1, 2] as never)).toThrow(
      /^WebGPU upload: expected a Tensor; got \[1, 2\] \(webgpu\.upload\)$/,
    );
  });

  it('webgpu.size: a tensor above the device storage-buffer limit', async () => {
    const b = await createWebGpuBackend({ device: standIn(8) });
    let e: unknown;
    try {
      b.upload(f32([1, 2, 3]));
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect((e as InvalidArgumentError).code).toBe('webgpu.size');
    // The code once, at the end (the text used to carry it too, so it appeared twice).
    expect((e as Error).message).toBe(
      "upload: a float32 tensor of 3 elements (12 bytes) exceeds this device's storage buffer limit of 8 bytes or 1073741823 elements (webgpu.size)",
    );
    expect((e as InvalidArgumentError).details).toEqual({ elements: 3, bytes: 12, limit: 8 });
  });

  it('webgpu.max_pipelines: a pipeline cache bound below 1, the code once in the message', async () => {
    const e = await rejection(createWebGpuBackend({ device: standIn(), maxPipelines: 0 }));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toBe(
      'WebGPU backend: maxPipelines must be a positive integer; got 0 (webgpu.max_pipelines)',
    );
    expect(e.details).toEqual({ maxPipelines: 0 });
  });

  it('webgpu.call: run() of something that is not a lowered gather or scatter', async () => {
    const b = await createWebGpuBackend({ device: standIn() });
    const e = await rejection(b.run({ kind: 'program' } as never));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.code).toBe('webgpu.call');
    expect(e.message).toBe('WebGPU backend: not a lowered call: [object Object] (webgpu.call)');
  });

  it('webgpu.binding: a binding that is not a GpuTensor', async () => {
    const b = await createWebGpuBackend({ device: standIn() });
    const e = await rejection(b.run(gatherCall(), { operand: f32([1, 2, 3, 4]) as never }));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.code).toBe('webgpu.binding');
    expect(e.message).toBe(
      'torch.gather: binding operand must be a GpuTensor of this backend; got tensor([1, 2, 3, 4], dtype=float32) (webgpu.binding)',
    );
  });

  it('ir.run.value: runModule of a module whose op reads a value never defined', async () => {
    const b = await createWebGpuBackend({ device: standIn() });
    const t = { shape: [2], dtype: 'float32' as const };
    const module = {
      funcs: [
        {
          name: 'main',
          params: [t],
          ops: [{ kind: 'add', operands: [0, 9], results: [t] }],
          returns: [1],
          results: [t],
        },
      ],
      entry: 'main',
    };
    const e = await rejection(b.runModule(module as never, [f32([1, 2])]));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.code).toBe('ir.run.value');
    expect(e.message).toBe('ir: value 9 is not defined (ir.run.value)');
  });
});

if (webgpuMode !== 'here') runInChild('test/rules-named-webgpu-more.test.ts');
else
  describe('WebGPU backend on a device: one named test per rule', async () => {
    const gpu = await nodeBackend();
    const t = gpu ? it : it.skip;
    const g = () => gpu as WebGpuBackend;

    t('the base calls run', async () => {
      expect((await (await g().run(gatherCall())).read()).toArray()).toEqual([4, 1]);
      const up = g().upload(f32([1, 2, 3, 4]));
      expect((await up.reshape([2, 2]).read()).toArray()).toEqual([
        [1, 2],
        [3, 4],
      ]);
      expect((await (await g().run(gatherCall(), { operand: up })).read()).toArray()).toEqual([4, 1]);
    });

    t('webgpu.reshape: a GpuTensor reshaped to another element count', () => {
      const up = g().upload(f32([1, 2, 3, 4]));
      expect(() => up.reshape([3])).toThrow(InvalidArgumentError);
      expect(() => up.reshape([3])).toThrow(
        /^GpuTensor\.reshape: \[3\] has 3 elements; the tensor has 4 \(webgpu\.reshape\)$/,
      );
    });

    t('webgpu.binding: a GpuTensor binding of another shape than the call operand', async () => {
      const e = await rejection(g().run(gatherCall(), { operand: g().upload(f32([1, 2, 3])) }));
      expect(e.code).toBe('webgpu.binding');
      expect(e.message).toBe(
        "torch.gather: binding operand is float32[3] but the call's operand is float32[4] (webgpu.binding)",
      );
    });

    t('ir.run.recursion: a module whose function calls itself, on the GPU', async () => {
      const ty = { shape: [2], dtype: 'float32' as const };
      const main = {
        name: 'main',
        params: [ty],
        ops: [{ kind: 'call', callee: 'main', operands: [0], results: [ty] }],
        returns: [1],
        results: [ty],
      };
      const e = await rejection(g().runModule({ funcs: [main], entry: 'main' } as never, [f32([1, 2])]));
      expect(e).toBeInstanceOf(InvalidArgumentError);
      expect(e.code).toBe('ir.run.recursion');
      expect(e.message).toBe('ir: calls nest deeper than 64 at @main (ir.run.recursion)');
    });

    t(
      'ir.run.args: runModule with too few arguments or one of another type, as the CPU refuses them',
      async () => {
        const ty = { shape: [2], dtype: 'float32' as const };
        const main = { name: 'main', params: [ty, ty], ops: [], returns: [0], results: [ty] };
        const module = { funcs: [main], entry: 'main' } as never;
        const none = await rejection(g().runModule(module, []));
        expect([none.code, none.message]).toEqual([
          'ir.run.args',
          'ir: @main takes 2 arguments; got 0 (ir.run.args)',
        ]);
        const other = await rejection(g().runModule(module, [f32([1, 2]), f32([1, 2, 3])]));
        expect(other.message).toBe(
          'ir: argument 1 of @main must be tensor<2xf32>; got tensor<3xf32> (ir.run.args)',
        );
      },
    );
  });
