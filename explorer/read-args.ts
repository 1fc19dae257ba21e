/**
 * The editors read into call arguments: the texts (editors.ts holds the big ones outside their
 * textareas) parsed as JSON — the browser's native parser, measured faster than a hand-written
 * one on a 36 MB array (0.28 + 0.13 s flattening vs 0.5–0.8 s) — kept as nested values (the
 * code view and the peers read those) beside typed-array tensors in the dtypes the registry
 * would pick (`CallArgs.tensors`). Texts over WORKER_TEXT characters are parsed in a worker
 * (parse-in-worker.ts): while one is read, {@link readArgs} answers READING; its nested values
 * are parsed on the page only when something reads them (the peers' comparison, on request).
 */
import type { CallArgs, OpSignature } from '../src/tables/registry.js';
import type { DType } from '../src/tensor/dtype.js';
import type { NestedArray, Tensor } from '../src/tensor/tensor.js';
import { inputTexts } from './editors.js';
import { jsonTensor } from './flat.js';
import { parseJsonField } from './json.js';
import { parsedTensor, readsInWorker } from './parse-in-worker.js';
import { HUGE_TEXT } from './state.js';
import { ui } from './ui.js';

/** One editor's value: the nested values, and the tensor when they convert. */
interface Input {
  readonly tensor: Tensor | null;
  readonly nested: NestedArray;
}

/** A big text still being read by a worker. */
export const READING = 'reading';

function readInput(
  field: string,
  text: string,
  dtype: DType | undefined,
  keepFloat64 = false,
): Input | typeof READING {
  if (readsInWorker(text)) {
    const t = parsedTensor(text, dtype, keepFloat64);
    if (t === undefined) return READING;
    if (t) {
      let nested: NestedArray | undefined;
      return {
        tensor: t,
        get nested() {
          return (nested ??= parseJsonField(field, text) as NestedArray);
        },
      };
    }
  }
  const nested = parseJsonField(field, text) as NestedArray;
  return { tensor: jsonTensor(nested, dtype, keepFloat64), nested };
}

/** Sets `args[key]` to the input's nested values, read when first asked for (not by a spread of `tensors`). */
function nestedInto(args: object, key: 'data' | 'indices' | 'updates', input: Input | undefined): void {
  if (input)
    Object.defineProperty(args, key, { get: () => input.nested, enumerable: true, configurable: true });
}

function versionOf(sig: OpSignature): number | string | undefined {
  if (ui.version.value === '' || ui.versionLabel.hidden || !sig.version) return undefined;
  return /^-?\d+$/.test(ui.version.value) ? Number(ui.version.value) : ui.version.value;
}

/**
 * The call arguments the editors hold, for an op of signature `sig`; READING while a worker reads
 * a big text (every big text is sent at once, so they are read side by side).
 */
export function readArgs(sig: OpSignature): CallArgs | typeof READING {
  const dataDType = ui.dataDType.value ? (ui.dataDType.value as DType) : undefined;
  const indexDType = ui.indexDType.value ? (ui.indexDType.value as DType) : undefined;
  const text = inputTexts();
  const given = (s: string) => s.length > HUGE_TEXT || s.trim() !== '';
  const data =
    given(text.data) && !ui.dataEditor.hidden ? readInput('data', text.data, dataDType) : undefined;
  const indices = readInput('indices', text.indices, indexDType ?? sig.indexDType ?? 'int64');
  // The updates' dtype follows the data's tensor: asked for once the data is read.
  if (data === READING || indices === READING) return READING;
  const updates =
    sig.kind === 'scatter' && given(text.updates) && !(data && !data.tensor)
      ? readInput('updates', text.updates, dataDType ?? data?.tensor?.dtype, true)
      : sig.kind === 'scatter' && given(text.updates)
        ? { tensor: null, nested: parseJsonField('updates', text.updates) as NestedArray }
        : undefined;
  if (updates === READING) return READING;
  const tensors = {
    ...(data?.tensor ? { data: data.tensor } : {}),
    ...(indices.tensor ? { indices: indices.tensor } : {}),
    ...(updates?.tensor ? { updates: updates.tensor } : {}),
  };
  const version = versionOf(sig);
  const args = {
    attrs: ui.attrs.value.trim()
      ? (parseJsonField('attributes', ui.attrs.value) as Record<string, unknown>)
      : {},
    ...(version !== undefined ? { version } : {}),
    ...(dataDType ? { dataDType } : {}),
    ...(indexDType ? { indexDType } : {}),
    ...(Object.keys(tensors).length ? { tensors } : {}),
  };
  nestedInto(args, 'data', data);
  nestedInto(args, 'indices', indices);
  nestedInto(args, 'updates', updates);
  return args as CallArgs;
}
