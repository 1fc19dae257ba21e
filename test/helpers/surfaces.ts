/**
 * The surfaces of one lowered call checked against `execute` (shared by test/empty-surfaces and
 * test/surfaces-campaign): the StableHLO text read back and run, vjp's primal, the ONNX export run
 * in onnxruntime, translate to every framework with the translated call run, and the oracle's
 * `verify` of execute's own output. A surface that refuses must refuse with a typed error.
 */
import * as ort from 'onnxruntime-node';
import { expect } from 'vitest';
import { vjp } from '../../src/autodiff/index.js';
import { type CoreCall, execute, stablehloText } from '../../src/core/call.js';
import { GatherScatterError, IndexOutOfBoundsError } from '../../src/errors.js';
import { OnnxExportError, onnxGraph, onnxInputs, toOnnx } from '../../src/export/index.js';
import { FRAMEWORKS } from '../../src/frameworks/index.js';
import { type ProgramCall, programOf } from '../../src/ir/lowered.js';
import { verify } from '../../src/oracle/verify.js';
import { runText } from '../../src/stablehlo-text/run-text.js';
import type { Tensor } from '../../src/tensor/tensor.js';
import { TranslateError, translate } from '../../src/translate/index.js';

export type Lowered = CoreCall | ProgramCall;
/** dtype, shape and bytes of a tensor. */
export interface Bits {
  readonly dtype: string;
  readonly shape: number[];
  readonly bytes: string;
}

/** dtype, shape and bytes. */
export const bits = (t: Tensor): Bits => ({
  dtype: t.dtype,
  shape: [...t.shape],
  bytes: Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength).toString('hex'),
});

/** Runs `f`, naming the case in any error it throws. */
export function named<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof Error) e.message = `${what}: ${e.message}`;
    throw e;
  }
}

/** Rethrows `e` with the case named in its message. */
function rethrow(what: string, e: unknown): never {
  return named(what, () => {
    throw e;
  });
}

/** The result dtype of a lowered call (its first result). */
const resultDType = (call: Lowered) =>
  call.kind === 'gather' ? call.operand.dtype : call.kind === 'scatter' ? call.inputs[0].dtype : undefined;

/** The call exported to ONNX and run in onnxruntime, or undefined when the export refuses it (typed). */
export async function viaOnnx(call: Lowered): Promise<Bits | undefined> {
  let model: Uint8Array;
  try {
    model = toOnnx(call);
  } catch (e) {
    if (e instanceof OnnxExportError) {
      expect(e.code, 'an export refusal names its rule').toMatch(/^[\w.]+\.[\w]+/);
      return undefined;
    }
    throw e;
  }
  // onnxruntime's CPU provider has no float16 kernel for ScatterND / ScatterElements with a
  // reduction ("MLFloat16 data type is not supported …"): a gap of that runtime, not of the model
  // (docs/export.md).
  if (call.kind === 'scatter' && call.inputs[0].dtype === 'float16' && call.update_computation !== 'replace')
    return undefined;
  // A difference the export states (export.onnx.minmax_tie / minmax_nan: onnxruntime's own
  // min/max rule) is no disagreement: the model is exact, the runtime decides otherwise.
  if (onnxGraph(call).warnings.some((w) => w.runtime === 'onnxruntime')) return undefined;
  // onnxruntime-node has no bfloat16 tensor to feed ("Unsupported data type: 16").
  if (Object.values(onnxInputs(call)).some((t) => t.dtype === 'bfloat16')) return undefined;
  let session: ort.InferenceSession;
  try {
    session = await ort.InferenceSession.create(model, { logSeverityLevel: 4, intraOpNumThreads: 1 });
  } catch (e) {
    if (runtimeGap(e)) return undefined;
    throw e;
  }
  const feeds: Record<string, ort.Tensor> = {};
  for (const [name, t] of Object.entries(onnxInputs(call)))
    feeds[name] = new ort.Tensor(t.dtype as 'float32', t.data as Float32Array, [...t.shape]);
  let out: ort.Tensor;
  try {
    out = (await session.run(feeds)).output;
  } catch (e) {
    if (runtimeGap(e)) return undefined;
    throw e;
  } finally {
    await session.release();
  }
  const d = out.data as Float32Array;
  return {
    dtype: resultDType(call) ?? out.type,
    shape: [...out.dims],
    bytes: Buffer.from(d.buffer, d.byteOffset, d.byteLength).toString('hex'),
  };
}

/**
 * onnxruntime's (1.x CPU provider) missing kernels for types the ONNX spec allows, written in
 * docs/export.md: no complex64 tensors at all ("MLDataType for: tensor(complex64) is not currently
 * registered"), no bool ScatterElements / ScatterND with a max or min reduction ("bool data type is
 * not supported with ScatterElements opset 18 when reduction is 'max'"), no int8 / bfloat16 Where
 * and no bfloat16 Neg ("Could not find an implementation for Where(16)").
 */
function runtimeGap(e: unknown): boolean {
  const m = e instanceof Error ? e.message : String(e);
  return (
    /MLDataType for: tensor\(complex64\) is not currently registered/.test(m) ||
    /bool data type is not supported with Scatter\w+ opset \d+ when reduction is '(max|min)'/.test(m) ||
    /Could not find an implementation for (Where|Neg)\(\d+\)/.test(m)
  );
}

/**
 * onnxruntime's float Where returns +0 where it selects a −0 (measured, onnxruntime-node 1.30:
 * jnp.take(x, i, mode='fill') of x = [−0] exports as Where(valid, Gather(x, i), fill) and runs as
 * +0), so a graph with a Where may lose zero signs there: the model is exact (ONNX's Where selects
 * the element), the runtime is not. True when the results differ in nothing but that.
 */
function whereZeroSigns(call: Lowered, want: Bits, got: Bits): boolean {
  if (want.bytes === got.bytes || !onnxGraph(call).nodes.some((n) => n.opType === 'Where')) return false;
  const width = { float16: 4, bfloat16: 4, float32: 8, float64: 16 }[want.dtype];
  if (width === undefined || want.bytes.length !== got.bytes.length) return false;
  const negZero = `${'0'.repeat(width - 2)}80`;
  for (let k = 0; k < want.bytes.length; k += width) {
    const [a, b] = [want.bytes.slice(k, k + width), got.bytes.slice(k, k + width)];
    if (a !== b && !(a === negZero && b === '0'.repeat(width))) return false;
  }
  return true;
}

/** The hex digits of one element of each float dtype, and its exponent-and-fraction test for NaN. */
const NAN_WIDTH: Record<string, [digits: number, isNaN: (bits: bigint) => boolean]> = {
  float16: [4, (b) => (b & 0x7fffn) > 0x7c00n],
  bfloat16: [4, (b) => (b & 0x7fffn) > 0x7f80n],
  float32: [8, (b) => (b & 0x7fffffffn) > 0x7f800000n],
  float64: [16, (b) => (b & 0x7fffffffffffffffn) > 0x7ff0000000000000n],
};

/** `got` is `want` but where both hold a NaN (any bits): dtype, shape and every other element equal. */
function sameButNaNBits(want: Bits, got: Bits): boolean {
  const rule = NAN_WIDTH[want.dtype];
  if (!rule || got.dtype !== want.dtype || got.shape.join() !== want.shape.join()) return false;
  if (got.bytes.length !== want.bytes.length) return false;
  const [digits, nanBits] = rule;
  // Little-endian storage: an element's hex, bytes reversed, is its bit pattern.
  const value = (hex: string, k: number) =>
    BigInt(`0x${(hex.slice(k, k + digits).match(/../g) ?? []).reverse().join('')}`);
  for (let k = 0; k < want.bytes.length; k += digits) {
    const [a, b] = [want.bytes.slice(k, k + digits), got.bytes.slice(k, k + digits)];
    if (a !== b && !(nanBits(value(want.bytes, k)) && nanBits(value(got.bytes, k)))) return false;
  }
  return true;
}

/** Which surfaces ran for a call (the campaigns count them). */
export interface SurfaceCounts {
  exported: number;
  translated: number;
  differentiated: number;
}

/**
 * Checks every surface of `call` against `want` (= bits(execute(call))). `skipTranslation`
 * names translated-run errors a caller accepts (an index into a size-0 dim that the source skips
 * and the target checks).
 */
export async function checkSurfaces(
  what: string,
  call: Lowered,
  want: Bits,
  counts: SurfaceCounts,
  options: { acceptTranslatedError?: (e: unknown) => boolean } = {},
): Promise<void> {
  const p = programOf(call);
  const source = stablehloText(call);
  const text = bits(named(what, () => runText(source, p.args)[0].results[0]));
  // A text that says its NaNs may differ (a framework's NaN rule StableHLO cannot state: the
  // legalizer's note) may differ in a NaN's bits only.
  const noted = source.includes('this text may give another NaN');
  if (!(noted && sameButNaNBits(want, text))) expect(text, `${what}: text`).toEqual(want);
  // Only floating-point tensors are differentiable; a refusal (NotDifferentiable, a program
  // autodiff does not take) must be typed.
  if (want.dtype.startsWith('float') || want.dtype === 'bfloat16') {
    let value: Tensor | undefined;
    try {
      value = vjp(call).value;
    } catch (e) {
      if (!(e instanceof GatherScatterError)) rethrow(what, e);
    }
    if (value) {
      counts.differentiated++;
      expect(bits(value), `${what}: vjp`).toEqual(want);
    }
  }
  const verdict = named(what, () => verify(call, execute(call)));
  expect(verdict.verdict, `${what}: verify(execute)`).not.toBe('departs');
  const onnx = await viaOnnx(call).catch((e) => rethrow(what, e));
  if (onnx) {
    counts.exported++;
    if (!whereZeroSigns(call, want, onnx)) expect(onnx, `${what}: onnxruntime`).toEqual(want);
  }
  for (const fw of FRAMEWORKS) {
    let t: ReturnType<typeof translate>;
    try {
      t = translate(call, fw);
    } catch (e) {
      // No op there, said why (a program translate does not read is translate.program).
      if (
        e instanceof TranslateError ||
        (e instanceof GatherScatterError && String(e.code).startsWith('translate.'))
      )
        continue;
      rethrow(what, e);
    }
    // translate runs both calls and states any disagreement on these very tensors ("on these
    // tensors: …"); an unstated one is a bug of the translation (or of a lowering).
    const stated = t.differences.some((d) => d.startsWith('on these tensors'));
    let got: Bits;
    try {
      got = bits(execute(t.call));
    } catch (e) {
      if (e instanceof GatherScatterError && (stated || options.acceptTranslatedError?.(e))) continue;
      rethrow(`${what} → ${t.op}`, e);
    }
    if (stated) continue;
    counts.translated++;
    if (t.differences.some((d) => d.startsWith('result shape'))) {
      expect(got.bytes, `${what} → ${t.op} (reshaped)`).toBe(want.bytes);
    } else expect(got, `${what} → ${t.op}`).toEqual(want);
  }
}

/** An index into a size-0 dim is out of bounds everywhere; a target that checks it when the result is empty refuses what the source skips. */
export const outOfBounds = (e: unknown) => e instanceof IndexOutOfBoundsError;
