/**
 * "Paste a call": Python for NumPy / PyTorch / TensorFlow / JAX (pycall.ts), or StableHLO text
 * through the library's parser (src/stablehlo-text). StableHLO text carries types, not values,
 * so the operand is filled with 0, 1, 2, … (each element shows its own position), the indices
 * with distinct in-range index vectors (so the picture shows where each one lands) and the
 * updates with ones, ready to edit.
 */
import type { ParsedStablehlo } from '../src/stablehlo-text/index.js';
import { parseStablehloAll } from '../src/stablehlo-text/index.js';
import type { CallArgs, OpEntry } from '../src/tables/registry.js';
import type { NestedArray } from '../src/tensor/tensor.js';
import {
  MAX_PASTE_CHARS,
  MAX_PASTE_ELEMENTS,
  PasteError,
  type PastedCall,
  parsePythonCall,
} from './pycall.js';

/**
 * Refuses types whose filled values would pass MAX_PASTE_ELEMENTS in all, before any array is
 * built: `tensor<99999999999xf32>` is a few bytes of text but no array the page can hold.
 */
function checkSizes(shapes: readonly (readonly number[])[]): void {
  let total = 0;
  for (const shape of shapes) total += shape.reduce((a, b) => a * b, 1);
  if (!(total <= MAX_PASTE_ELEMENTS))
    throw new PasteError(
      `these types ask for ${total} elements, more than the explorer's ${MAX_PASTE_ELEMENTS}; run it with the library or the CLI`,
      0,
    );
}

function filled(shape: readonly number[], f: (i: number) => number): NestedArray {
  let i = 0;
  const build = (d: number): NestedArray =>
    d === shape.length
      ? (f(i++) as unknown as NestedArray)
      : (Array.from({ length: shape[d] }, () => build(d + 1)) as NestedArray);
  return build(0);
}

/**
 * Example indices: index vector n (row-major over the indices without `ivd`) holds the digits of
 * n in the mixed radix `ranges` (component k runs over [0, ranges[k]), the last fastest), so
 * vectors are distinct and in range until they run out, then cycle.
 */
export function exampleIndices(
  shape: readonly number[],
  ivd: number,
  ranges: readonly number[],
): NestedArray {
  const total = ranges.reduce((a, b) => a * b, 1);
  const strides = shape.map((_, d) => shape.slice(d + 1).reduce((a, b) => a * b, 1));
  return filled(shape, (i) => {
    let batch = 0;
    let k = 0;
    for (let d = 0; d < shape.length; d++) {
      const c = Math.floor(i / strides[d]) % shape[d];
      if (d === ivd) k = c;
      else batch = batch * shape[d] + c;
    }
    let n = total > 0 ? batch % total : 0;
    for (let j = ranges.length - 1; j > k; j--) n = Math.floor(n / ranges[j]);
    return ranges.length ? n % ranges[k] : 0;
  });
}

/** The in-range count of starts per index component: operand dim − window + 1 (at least 1). */
function startRanges(
  operand: readonly number[],
  map: readonly number[],
  window: (d: number) => number,
): number[] {
  return map.map((d) => Math.max(1, operand[d] - window(d) + 1));
}

export function stablehloArgs(p: ParsedStablehlo): CallArgs {
  if (p.kind === 'gather') {
    checkSizes([p.types.operand.shape, p.types.start_indices.shape]);
    const dn = p.dimension_numbers;
    return {
      data: filled(p.types.operand.shape, (i) => i),
      indices: exampleIndices(
        p.types.start_indices.shape,
        dn.index_vector_dim,
        startRanges(p.types.operand.shape, dn.start_index_map, (d) => dn.slice_sizes[d]),
      ),
      dataDType: p.types.operand.dtype,
      indexDType: p.types.start_indices.dtype,
      attrs: {
        offset_dims: dn.offset_dims,
        collapsed_slice_dims: dn.collapsed_slice_dims,
        ...(dn.operand_batching_dims?.length ? { operand_batching_dims: dn.operand_batching_dims } : {}),
        ...(dn.start_indices_batching_dims?.length
          ? { start_indices_batching_dims: dn.start_indices_batching_dims }
          : {}),
        start_index_map: dn.start_index_map,
        index_vector_dim: dn.index_vector_dim,
        slice_sizes: dn.slice_sizes,
        ...(dn.indices_are_sorted ? { indices_are_sorted: true } : {}),
        ...(p.options.mode !== 'clip' ? { mode: p.options.mode } : {}),
        ...(p.options.negative_indices === 'from_end' ? { negative_indices: 'from_end' } : {}),
      },
    };
  }
  checkSizes([p.types.input.shape, p.types.scatter_indices.shape, p.types.updates.shape]);
  const dn = p.dimension_numbers;
  return {
    data: filled(p.types.input.shape, (i) => i),
    indices: exampleIndices(
      p.types.scatter_indices.shape,
      dn.index_vector_dim,
      startRanges(p.types.input.shape, dn.scatter_dims_to_operand_dims, scatterWindow(p)),
    ),
    updates: filled(p.types.updates.shape, () => 1),
    dataDType: p.types.input.dtype,
    indexDType: p.types.scatter_indices.dtype,
    attrs: {
      update_window_dims: dn.update_window_dims,
      inserted_window_dims: dn.inserted_window_dims,
      ...(dn.input_batching_dims?.length ? { input_batching_dims: dn.input_batching_dims } : {}),
      ...(dn.scatter_indices_batching_dims?.length
        ? { scatter_indices_batching_dims: dn.scatter_indices_batching_dims }
        : {}),
      scatter_dims_to_operand_dims: dn.scatter_dims_to_operand_dims,
      index_vector_dim: dn.index_vector_dim,
      update_computation: p.update_computation,
      // The text's promises, as the CLI reads them (unchecked promises change no value).
      ...(dn.indices_are_sorted ? { indices_are_sorted: true } : {}),
      ...(dn.unique_indices ? { unique_indices: true } : {}),
      ...(p.options.mode !== 'skip' ? { mode: p.options.mode } : {}),
    },
  };
}

/** One gather or scatter of a pasted module, with a label to choose it by. */
export interface PastedChoice extends PastedCall {
  readonly label: string;
}

/** A pasted call; a pasted module with several gathers/scatters lists them all (`choices`). */
export interface Pasted extends PastedCall {
  readonly choices?: readonly PastedChoice[];
}

/**
 * Parses pasted text: StableHLO when it names stablehlo./mhlo. gather or scatter (a lone op or
 * a whole module: every gather and scatter in it becomes a choice, the first is loaded), else
 * Python.
 */
export function parsePaste(text: string, registry: readonly OpEntry[]): Pasted {
  if (text.length > MAX_PASTE_CHARS)
    throw new PasteError(`the paste is ${text.length} characters, more than ${MAX_PASTE_CHARS}`, 0);
  if (/\b(stablehlo|mhlo)\.(gather|scatter)\b/.test(text)) {
    const choices = parseStablehloAll(text).map((parsed, k): PastedChoice => {
      const id = `stablehlo.${parsed.kind}`;
      const entry = registry.find((e) => e.id === id);
      if (!entry) throw new PasteError(`${id} is not in the registry`, 0);
      const where = parsed.line === undefined ? '' : ` (line ${parsed.line})`;
      return { entry, args: stablehloArgs(parsed), label: `${k + 1}. ${id} ${parsed.result ?? ''}${where}` };
    });
    return choices.length > 1 ? { ...choices[0], choices } : choices[0];
  }
  return parsePythonCall(text, registry);
}

/** A scatter's window size per input dim: update_window_dims give the sizes of the other dims. */
function scatterWindow(p: ParsedStablehlo & { kind: 'scatter' }): (d: number) => number {
  const dn = p.dimension_numbers;
  const windowDims = p.types.input.shape
    .map((_, d) => d)
    .filter((d) => !dn.inserted_window_dims.includes(d) && !(dn.input_batching_dims ?? []).includes(d));
  return (d) => {
    const j = windowDims.indexOf(d);
    return j < 0 ? 1 : (p.types.updates.shape[dn.update_window_dims[j]] ?? 1);
  };
}
