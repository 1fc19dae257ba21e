/**
 * The paste box's tests' two questions, asked of one registry: what does a pasted text run as
 * (op id, parsed args, result values), and why is it refused (a PasteError's message, or
 * 'parsed'). Any other error is a defect and propagates.
 */
import { parsePaste } from '../../explorer/paste.js';
import { PasteError } from '../../explorer/pycall.js';
import { NAMESPACES } from '../../src/frameworks/index.js';
import { type OpEntry, executeCall } from '../../src/tables/registry.js';

export function pasteProbes(registry: readonly OpEntry[]) {
  const run = (text: string) => {
    const p = parsePaste(text, registry);
    return { id: p.entry.id, args: p.args, out: executeCall(NAMESPACES, p.entry, p.args).toArray() };
  };
  const refused = (text: string): string => {
    try {
      parsePaste(text, registry);
    } catch (e) {
      if (e instanceof PasteError) return e.message;
      throw e;
    }
    return 'parsed';
  };
  return { run, refused };
}
