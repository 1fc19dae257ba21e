/**
 * The colouring choice (issue 26 item 2): cells coloured by index vector (which tuple of the
 * indices reaches them — the article's correspondence colours) or by data element (which
 * element of the data they read or write, so every copy of one element shares a colour). The
 * control sits above the legend; changing it re-runs the call so every grid redraws its marks.
 */
import { el } from './grid.js';

export type ColourBy = 'vector' | 'element';

export const colouring: { by: ColourBy } = { by: 'vector' };

/** The colour key of a trace entry: its index vector, or the data element it reaches (-1: none). */
export function colourKey(e: { readonly batch: number; readonly operandOffset: number }): number {
  return colouring.by === 'vector' ? e.batch : e.operandOffset;
}

/** Puts the control before `legend` once; `redraw` runs when the choice changes. */
export function colourControl(legend: HTMLElement, redraw: () => void): void {
  if (document.getElementById('colour-by')) return;
  const select = el('select', { id: 'colour-by', 'aria-label': 'colour cells by' });
  select.append(new Option('index vector', 'vector'), new Option('data element', 'element'));
  select.value = colouring.by;
  select.addEventListener('change', () => {
    colouring.by = select.value === 'element' ? 'element' : 'vector';
    redraw();
  });
  const label = el('label', { class: 'colour-by' }, 'colour cells by ');
  label.append(select);
  legend.before(label);
}
