/**
 * Inputs from files: a `.npy` array (NumPy's format, read by the library's readNpy) or a JSON
 * text, opened with an editor's "open file" button or dropped on the editor. A `.npy` keeps its
 * dtype (the editor's dtype menu is set to it); its values become the editor's JSON text — one
 * representation for the link, the code view and the peers — held folded when big (editors.ts).
 */
import { readNpy } from '../src/interop/npy.js';
import type { NestedArray } from '../src/tensor/tensor.js';
import { setText } from './editors.js';
import { el } from './grid.js';

/** NumPy's magic: \x93NUMPY. */
const NPY_MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];

/** The editor text of a file, and the dtype of a `.npy` one. */
export async function readInputFile(file: File): Promise<{ text: string; dtype?: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!NPY_MAGIC.every((b, i) => bytes[i] === b)) return { text: new TextDecoder().decode(bytes) };
  const t = readNpy(bytes);
  // 64-bit integers print as JSON numbers, as the editors' own texts do.
  const text = JSON.stringify(t.toArray() as NestedArray, (_k, x) => (typeof x === 'bigint' ? Number(x) : x));
  return { text, dtype: t.dtype };
}

/**
 * Adds an "open file" button after `t` and makes its editor a drop target. A file read sets the
 * text (and the dtype menu, for `.npy`) and calls `loaded`; a file that cannot be read calls
 * `failed` with the library's typed error.
 */
export function acceptFiles(
  t: HTMLTextAreaElement,
  dtypeMenu: HTMLSelectElement | null,
  loaded: () => void,
  failed: (e: unknown) => void,
): void {
  const input = el('input', { type: 'file', accept: '.npy,.json,application/json', hidden: '' });
  const button = el('button', { type: 'button', class: 'open-file' }, 'open .npy / .json');
  button.addEventListener('click', () => input.click());
  const load = (file: File | undefined) => {
    if (!file) return;
    readInputFile(file).then(({ text, dtype }) => {
      setText(t, text);
      if (dtypeMenu && dtype && Array.from(dtypeMenu.options).some((o) => o.value === dtype))
        dtypeMenu.value = dtype;
      loaded();
    }, failed);
  };
  input.addEventListener('change', () => load(input.files?.[0]));
  const target: HTMLElement = t.closest('label') ?? t;
  target.addEventListener('dragover', (ev) => {
    if (ev.dataTransfer?.types.includes('Files')) ev.preventDefault();
  });
  target.addEventListener('drop', (ev) => {
    const file = ev.dataTransfer?.files[0];
    if (!file) return;
    ev.preventDefault();
    load(file);
  });
  (dtypeMenu ?? t).after(button, input);
}
