/**
 * The editors read into call arguments. Small texts are parsed as JSON and kept as nested values
 * (the code view, the link and the peers read those) beside typed-array tensors in the dtypes the
 * registry would pick (`CallArgs.tensors`). Big texts (over HUGE_TEXT characters) are read
 * straight into typed arrays (dense.ts) and their nested values are built only if something asks
 * for them (the peers, on request): a 2048×2048 paste never becomes four million JS values.
 */
import type { CallArgs, OpSignature } from '../src/tables/registry.js';
import type { DType } from '../src/tensor/dtype.js';
import type { NestedArray, Tensor } from '../src/tensor/tensor.js';
import { parseDense } from './dense.js';
import { inputTexts } from './editors.js';
import { denseTensor, jsonTensor } from './flat.js';
import { parseJsonField } from './json.js';
import { HUGE_TEXT } from './state.js';
import { ui } from './ui.js';

/** One editor's value: the tensor when it converts, and the nested values (maybe lazily). */
interface Input {
  readonly tensor: Tensor | null;
  /** Present when the nested values are parsed already; else built from `tensor` on demand. */
  readonly nested?: NestedArray;
}

function readInput(field: string, text: string, dtype: DType | undefined, keepFloat64 = false): Input {
  if (text.length > HUGE_TEXT) {
    const dense = parseDense(text);
    const t = dense && denseTensor(dense, dtype, keepFloat64);
    if (t) return { tensor: t };
  }
  const nested = parseJsonField(field, text) as NestedArray;
  return { tensor: jsonTensor(nested, dtype, keepFloat64), nested };
}

/** Defines `key` on `args`: the nested values, built from the tensor on first read when big. */
function setNested(args: Record<string, unknown>, key: string, input: Input): void {
  if (input.nested !== undefined) {
    args[key] = input.nested;
    return;
  }
  let cache: NestedArray | undefined;
  Object.defineProperty(args, key, {
    enumerable: true,
    get: () => {
      cache ??= input.tensor!.toArray() as NestedArray;
      return cache;
    },
  });
}

function versionOf(sig: OpSignature): number | string | undefined {
  if (ui.version.value === '' || ui.versionLabel.hidden || !sig.version) return undefined;
  return /^-?\d+$/.test(ui.version.value) ? Number(ui.version.value) : ui.version.value;
}

/** The call arguments the editors hold, for an op of signature `sig`. */
export function readArgs(sig: OpSignature): CallArgs {
  const dataDType = ui.dataDType.value ? (ui.dataDType.value as DType) : undefined;
  const indexDType = ui.indexDType.value ? (ui.indexDType.value as DType) : undefined;
  const text = inputTexts();
  const given = (s: string) => s.length > HUGE_TEXT || s.trim() !== '';
  const data =
    given(text.data) && !ui.dataEditor.hidden ? readInput('data', text.data, dataDType) : undefined;
  const indices = readInput('indices', text.indices, indexDType ?? sig.indexDType ?? 'int64');
  const updates =
    sig.kind === 'scatter' && given(text.updates) && !(data && !data.tensor)
      ? readInput('updates', text.updates, dataDType ?? data?.tensor?.dtype, true)
      : sig.kind === 'scatter' && given(text.updates)
        ? { tensor: null, nested: parseJsonField('updates', text.updates) as NestedArray }
        : undefined;
  const tensors = {
    ...(data?.tensor ? { data: data.tensor } : {}),
    ...(indices.tensor ? { indices: indices.tensor } : {}),
    ...(updates?.tensor ? { updates: updates.tensor } : {}),
  };
  const version = versionOf(sig);
  const args: Record<string, unknown> = {};
  if (data) setNested(args, 'data', data);
  setNested(args, 'indices', indices);
  if (updates) setNested(args, 'updates', updates);
  Object.assign(args, {
    attrs: ui.attrs.value.trim()
      ? (parseJsonField('attributes', ui.attrs.value) as Record<string, unknown>)
      : {},
    ...(version !== undefined ? { version } : {}),
    ...(dataDType ? { dataDType } : {}),
    ...(indexDType ? { indexDType } : {}),
    ...(Object.keys(tensors).length ? { tensors } : {}),
  });
  return args as unknown as CallArgs;
}
