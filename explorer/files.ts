/**
 * Inputs from files: a `.npy` array (NumPy's format, read by the library's readNpy) or a JSON
 * text, opened with an editor's "open file" button or dropped on the editor. A `.npy` keeps its
 * dtype (the editor's dtype menu is set to it); its values become the editor's JSON text — one
 * representation for the link, the code view and the peers — held folded when big (editors.ts).
 */
import { setText } from './editors.js';
import { el } from './grid.js';
import { readNpyInWorker } from './parse-in-worker.js';
import { npyInput } from './parse-worker.js';

/** NumPy's magic: \x93NUMPY. */
const NPY_MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];

/**
 * The editor text of a file, and the dtype of a `.npy` one. A `.npy` is read in a worker (its
 * values printed as JSON there, its tensor kept for the run); where that fails the page reads it,
 * for the library's typed error.
 */
export async function readInputFile(file: File): Promise<{ text: string; dtype?: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!NPY_MAGIC.every((b, i) => bytes[i] === b)) return { text: new TextDecoder().decode(bytes) };
  const read = (await readNpyInWorker(bytes.buffer)) ?? npyInput(new Uint8Array(await file.arrayBuffer()));
  return { text: read.text, dtype: read.tensor.dtype };
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
