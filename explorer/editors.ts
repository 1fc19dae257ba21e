/**
 * The input editors at size. A textarea holding megabytes of JSON costs seconds per layout and
 * hundreds of milliseconds per read of its value, so a big text (over HUGE_TEXT characters) is
 * held here instead, outside the textarea, behind a fold note ("40.0 MB of JSON") with an edit
 * button: a big paste is taken from the paste event before the browser inserts it, a big text
 * that arrives through an input event anyway is moved out on that event, and texts loaded from a
 * link or a file are held the same way. Every reader of an editor goes through {@link textOf}.
 */
import { el } from './grid.js';
import { HUGE_TEXT } from './state.js';
import { ui } from './ui.js';

/** Big texts held outside their textarea. */
const held = new WeakMap<HTMLTextAreaElement, string>();

/** The editor's text: the held big text, or the textarea's own value. */
export function textOf(t: HTMLTextAreaElement): string {
  return held.get(t) ?? t.value;
}

/** The fold note after a textarea (created on first use). */
function noteOf(t: HTMLTextAreaElement): HTMLElement {
  const next = t.nextElementSibling as HTMLElement | null;
  if (next?.classList.contains('fold')) return next;
  const note = el('span', { class: 'fold' });
  t.after(note);
  return note;
}

/** Shows the textarea again with the held text in it (the user asked to edit it). */
function unfold(t: HTMLTextAreaElement): void {
  const text = held.get(t);
  held.delete(t);
  if (text !== undefined) t.value = text;
  t.hidden = false;
  noteOf(t).hidden = true;
}

/** Sets an editor's text: a big one is held and folded, a small one goes into the textarea. */
export function setText(t: HTMLTextAreaElement, text: string): void {
  const note = noteOf(t);
  if (text.length <= HUGE_TEXT) {
    held.delete(t);
    t.value = text;
    t.hidden = false;
    note.hidden = true;
    return;
  }
  held.set(t, text);
  t.value = '';
  t.hidden = true;
  note.hidden = false;
  const b = el('button', { type: 'button' }, 'edit');
  b.addEventListener('click', () => unfold(t));
  note.replaceChildren(`${(text.length / 1e6).toFixed(1)} MB of JSON, folded to keep the page fast `, b);
}

/**
 * Wires an editor: a big paste replaces its text without entering the textarea; a big text that
 * arrived by an input event moves out at once. `changed(big)` runs after each change.
 */
export function watchEditor(t: HTMLTextAreaElement, changed: (big: boolean) => void): void {
  t.addEventListener('paste', (ev) => {
    const text = ev.clipboardData?.getData('text/plain') ?? '';
    if (text.length <= HUGE_TEXT) return;
    ev.preventDefault();
    setText(t, text);
    changed(true);
  });
  t.addEventListener('input', () => {
    const big = t.value.length > HUGE_TEXT;
    if (big) setText(t, t.value);
    else held.delete(t);
    changed(big);
  });
}

/** The texts of the data, indices and updates editors. */
export function inputTexts(): { data: string; indices: string; updates: string } {
  return { data: textOf(ui.data), indices: textOf(ui.indices), updates: textOf(ui.updates) };
}

/** Moves big texts set on a textarea directly (scripts, tests, autofill) out of it before a run. */
export function foldHugeEditors(): void {
  for (const t of [ui.data, ui.indices, ui.updates]) {
    if (held.has(t)) continue;
    const v = t.value;
    if (v.length > HUGE_TEXT) setText(t, v);
  }
}
