/** The error panel: the error's class, its rule code as a tag, and its message. */
import {
  AllocationLimitError,
  BrokenPromiseError,
  DTypeError,
  DuplicateIndexError,
  GatherScatterError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
} from '../src/errors.js';
import { el } from './grid.js';
import { ui } from './ui.js';

/** Class names by instanceof (minified builds rename classes, so `e.name` may read `r`). */
export function errorName(e: unknown): string {
  const classes: [new (...a: never[]) => Error, string][] = [
    [IndexOutOfBoundsError, 'IndexOutOfBoundsError'],
    [DuplicateIndexError, 'DuplicateIndexError'],
    [BrokenPromiseError, 'BrokenPromiseError'],
    [DTypeError, 'DTypeError'],
    [AllocationLimitError, 'AllocationLimitError'],
    [InvalidArgumentError, 'InvalidArgumentError'],
    [GatherScatterError, 'GatherScatterError'],
  ];
  for (const [C, name] of classes) if (e instanceof C) return name;
  if (e instanceof Error && e.name && e.name.length > 2) return e.name;
  return e instanceof TypeError ? 'TypeError' : 'Error';
}

export function showError(e: unknown | null, where = ''): void {
  if (e === null) {
    ui.error.hidden = true;
    ui.error.replaceChildren();
    return;
  }
  ui.error.hidden = false;
  let msg = e instanceof Error ? e.message : String(e);
  const parts: (string | HTMLElement)[] = [where, el('b', { class: 'err-class' }, errorName(e)), ' '];
  if (e instanceof GatherScatterError) {
    // The code once: as a tag, not again at the end of the message.
    msg = msg.replace(` (${e.code})`, '');
    parts.push(el('code', { 'data-code': e.code }, e.code), ': ');
  } else parts.push(': ');
  parts.push(msg);
  ui.error.replaceChildren(...parts);
}
