/**
 * One named test per oracle rule that had none (src/oracle/*, src/cli/oracle.ts), through the
 * public `oracle` entry (`verify`, `runCampaign`) and the `tgs conformance run` command line.
 * Two kinds of codes: errors (asserted by class, code and message), and the liberties of
 * src/oracle/allowed.ts — not errors but the rule a verdict cites when a runtime's answer
 * differs from the library's where the framework leaves it open (asserted by the verdict and
 * the cited code, beside a planted answer no liberty allows).
 * (Not named here: the emitter's check behind emitSuite's own filter, which no input reaches.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { InvalidArgumentError, directml, tensor, tensorflow, torch, Tensor } from '../src/index.js';
import { NAN_PAYLOAD, type Runtime, type Verdict, runCampaign, verify } from '../src/oracle/index.js';
import { program } from '../src/cli/main.js';
import { expectRule } from './helpers/errors.js';

const f32 = (v: number[]) => tensor(v, 'float32');
const i64 = (v: number[]) => tensor(v.map(BigInt), 'int64');
const codes = (v: Verdict) => v.liberties.map((l) => l.rule.code);

describe('verify: the liberties each framework grants', () => {
  it('torch.scatter.duplicates: any duplicate may win a torch scatter', () => {
    const call = torch.lower.scatter(f32([0, 0, 0]), 0, i64([1, 1]), f32([5, 7]));
    expect(lib.core.execute(call).toArray()).toEqual([0, 7, 0]);
    const v = verify(call, f32([0, 5, 0]));
    expect(v.verdict).toBe('allowed');
    expect(codes(v)).toEqual(['torch.scatter.duplicates']);
    expect(verify(call, f32([0, 6, 0])).verdict).toBe('departs');
  });

  it('torch.index_copy.duplicates: any duplicate may win index_copy', () => {
    const call = torch.lower.index_copy(f32([0, 0, 0]), 0, i64([2, 2]), f32([5, 7]));
    expect(lib.core.execute(call).toArray()).toEqual([0, 0, 7]);
    const v = verify(call, f32([0, 0, 5]));
    expect(v.verdict).toBe('allowed');
    expect(codes(v)).toEqual(['torch.index_copy.duplicates']);
    expect(verify(call, f32([0, 0, 12])).verdict).toBe('departs');
  });

  it('torch.reproducibility.atomic_add: a float scatter_add may sum duplicates in any order', () => {
    // float32: (1e8 + 1) - 1e8 = 0 in index order, (1e8 - 1e8) + 1 = 1 in another.
    const call = torch.lower.scatter_add(f32([0]), 0, i64([0, 0, 0]), f32([1e8, 1, -1e8]));
    expect(lib.core.execute(call).toArray()).toEqual([0]);
    const v = verify(call, f32([1]));
    expect(v.verdict).toBe('allowed');
    expect(codes(v)).toEqual(['torch.reproducibility.atomic_add']);
    expect(verify(call, f32([3])).verdict).toBe('departs');
  });

  it('tensorflow.scatter_nd.order: any duplicate may win tensor_scatter_nd_update', () => {
    const call = tensorflow.lower.tensor_scatter_nd_update(
      f32([0, 0, 0]),
      tensor([[1], [1]], 'int32'),
      f32([5, 7]),
    );
    expect(lib.core.execute(call).toArray()).toEqual([0, 7, 0]);
    const v = verify(call, f32([0, 5, 0]));
    expect(v.verdict).toBe('allowed');
    expect(codes(v)).toEqual(['tensorflow.scatter_nd.order']);
    expect(verify(call, f32([0, 6, 0])).verdict).toBe('departs');
  });

  it('directml.indices.invalid: an out-of-bounds DirectML gather is outside the domain', () => {
    const gather = (i: number) =>
      directml.lower.GATHER({
        InputTensor: f32([11, 12, 13, 14]),
        IndicesTensor: tensor([i], 'uint32'),
        Axis: 0,
        IndexDimensions: 1,
      });
    expect(verify(gather(1), f32([12])).verdict).toBe('allowed');
    expect(verify(gather(1), f32([13])).verdict).toBe('departs');
    const v = verify(gather(9), f32([-1]));
    expect(v.verdict).toBe('outside_domain');
    expect(v.domain?.rule.code).toBe('directml.indices.invalid');
  });

  it('ieee754.nan_payload: any NaN payload is allowed, a dropped NaN is not', () => {
    expect(NAN_PAYLOAD.code).toBe('ieee754.nan_payload');
    const call = torch.lower.gather(f32([Number.NaN, 1]), 0, i64([0]));
    // A quiet NaN with another payload (0x7fc00001) than the library's.
    const other = new Float32Array(new Uint32Array([0x7fc00001]).buffer);
    expect(verify(call, new Tensor('float32', [1], other)).verdict).toBe('allowed');
    const v = verify(call, f32([0]));
    expect(v.verdict).toBe('departs');
    expect(v.violations[0].class).toBe('NaN dropped');
    expect(v.violations[0].reason).toBe(
      'a NaN is required here (ieee754.nan_payload: any payload, but a NaN)',
    );
  });
});

describe('oracle errors: one named test per rule', () => {
  it('oracle.verify.call: verify of something that is not a lowered call', () => {
    const e = expectRule(() => verify(null as never, f32([1])), 'oracle.verify.call');
    expect(e.message).toBe('verify: call must be a lowered CoreCall; got null (oracle.verify.call)');
  });

  /** A runtime listing one op (never run: the campaign stops before its first case). */
  const echo: Runtime = {
    name: 'echo',
    ops: ['onnx.GatherND'],
    run: async () => {
      throw new Error('never run');
    },
  };

  it('oracle.campaign.ops: a campaign whose op list meets none of the runtime ops', async () => {
    const e = await runCampaign(echo, lib, { n: 1, seed: 1, ops: ['onnx.ScatterND'] }).catch(
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect((e as InvalidArgumentError).code).toBe('oracle.campaign.ops');
    expect((e as Error).message).toBe(
      'campaign: no op both listed and implemented by echo (oracle.campaign.ops)',
    );
  });

  it('oracle.runtime.module: tgs conformance run --runtime with a module that is no runtime', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tgs-rules-oracle-'));
    const path = join(dir, 'not-a-runtime.mjs');
    writeFileSync(path, 'export const name = "half";\n');
    const p = program(
      () => {},
      () => {},
    );
    // Commander's errors throw instead of exiting the test process, in every nested command.
    const override = (c: Command) => {
      c.exitOverride();
      for (const s of c.commands) override(s);
    };
    override(p);
    const e = await p
      .parseAsync(['conformance', 'run', '--runtime', path, '--n', '1'], { from: 'user' })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(CommanderError);
    expect((e as CommanderError).code).toBe('oracle.usage');
    expect((e as CommanderError).exitCode).toBe(2);
    expect((e as Error).message).toBe(
      `error: ${path}: a runtime module exports name (string), ops (string[]) and run({ op, opset, inputs, attributes }) (oracle.runtime.module)`,
    );
  });

  it('oracle.runtime.unavailable: TF.js cannot start its wasm backend (node --jitless has no WebAssembly)', {
    timeout: 180_000,
  }, () => {
    // The built CLI (CI builds first), as a user runs it. The runtime is started when it is made,
    // so the campaign is refused up front (it used to count every refusal as a case, some as
    // agreeing, and to wait out each case's timeout on the dead worker).
    const json = join(mkdtempSync(join(tmpdir(), 'tgs-rules-tfjs-')), 'report.json');
    const argv = ['--jitless', resolve('dist/cli/main.js'), 'conformance', 'run', '--runtime', 'tfjs-wasm'];
    const rest = ['--n', '20', '--seed', '2', '--timeout', '8000', '--json', json];
    const t0 = Date.now();
    const r = spawnSync(process.execPath, [...argv, ...rest], { encoding: 'utf8', timeout: 170_000 });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'error: TF.js wasm: TF.js could not start its wasm backend (oracle.runtime.unavailable)\n',
    );
    expect(r.stderr).not.toMatch(/agree/);
    expect(existsSync(json)).toBe(false);
    // Far below one case's timeout: nothing waited on the dead worker.
    expect(Date.now() - t0).toBeLessThan(8000);
  });

  it('oracle.runtime.unavailable: a runtime that becomes unavailable mid-campaign stops it (no agreement counted)', async () => {
    let calls = 0;
    const runtime: Runtime = {
      name: 'dies-after-two',
      ops: ['tensorflow.gather_nd'],
      run(req) {
        calls++;
        if (calls > 2)
          throw new InvalidArgumentError('oracle.runtime.unavailable', 'stand-in: its worker died');
        return lib.core.execute(
          tensorflow.lower.gather_nd(req.inputs.data, req.inputs.indices) as lib.core.CoreCall,
        );
      },
    };
    const e = await runCampaign(runtime, lib, { n: 20, seed: 2 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect((e as InvalidArgumentError).code).toBe('oracle.runtime.unavailable');
    expect((e as Error).message).toBe('stand-in: its worker died (oracle.runtime.unavailable)');
    expect(calls).toBe(3);
  });
});
