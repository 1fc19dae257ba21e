/**
 * Named negative tests for the op registry's own rules (src/tables/registry.ts), reached through
 * what the CLI and the explorer call: `buildRegistry` over the library's namespaces, then
 * `lowerCall` / `runCall` / `executeCall` with neutral call args.
 */
import { describe, expect, it } from 'vitest';
import * as lib from '../src/index.js';
import { type CallArgs, buildRegistry, executeCall, lowerCall, runCall } from '../src/tables/registry.js';
import { expectRule } from './helpers/errors.js';

const namespaces = lib as unknown as Readonly<Record<string, unknown>>;
const entry = (id: string, ns = namespaces) => {
  const e = buildRegistry(ns).find((x) => x.id === id);
  if (!e) throw new Error(`no registry entry ${id}`);
  return e;
};
const args: CallArgs = { data: [10, 11, 12], indices: [2, 0], updates: [7, 5] };

describe('registry: one named test per rule (more)', () => {
  it('registry.missing_input: a gather without data, a scatter without updates, a desc without data', () => {
    const { data: _, ...noData } = args;
    const e = expectRule(() => lowerCall(namespaces, entry('onnx.Gather'), noData), 'registry.missing_input');
    expect(e.message).toBe('onnx.Gather: needs data (registry.missing_input)');
    expect((e as lib.GatherScatterError).details).toEqual({ input: 'data' });
    const { updates: __, ...noUpdates } = args;
    const s = expectRule(
      () => runCall(namespaces, entry('onnx.ScatterElements'), noUpdates),
      'registry.missing_input',
    );
    expect(s.message).toBe('onnx.ScatterElements: needs updates (registry.missing_input)');
    expectRule(() => lowerCall(namespaces, entry('directml.GATHER'), noData), 'registry.missing_input');
    // Given everything, the same entries run.
    expect(executeCall(namespaces, entry('onnx.Gather'), args).toArray()).toEqual([12, 10]);
    expect(executeCall(namespaces, entry('onnx.ScatterElements'), args).toArray()).toEqual([5, 11, 7]);
  });

  it('registry.unavailable: an op the namespaces do not export is refused with its note', () => {
    const missing = entry('onnx.GatherND', {});
    expect(missing.state).toBe('missing');
    const e = expectRule(() => lowerCall({}, missing, args), 'registry.unavailable');
    expect(e.message).toBe(
      'onnx.GatherND is not exported by src/frameworks/onnx.ts yet (registry.unavailable)',
    );
    expectRule(() => runCall({}, missing, args), 'registry.unavailable');
    // No lowering, but the op itself: executeCall runs it, lowerCall refuses.
    const noLower = { onnx: { Gather: lib.onnx.Gather } };
    const gather = entry('onnx.Gather', noLower);
    expect(gather.state).toBe('no_lower');
    expect(executeCall(noLower, gather, args).toArray()).toEqual([12, 10]);
    const l = expectRule(() => lowerCall(noLower, gather, args), 'registry.unavailable');
    expect(l.message).toContain('has no onnx.lower.Gather yet');
  });
});
