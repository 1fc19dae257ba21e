/** The behaviour tables panel: the generator's Markdown rendered as HTML (just what it emits). */
import { behaviourTables } from '../src/tables/tables.js';
import { el } from './grid.js';
import { NAMESPACES } from './namespaces.js';
import { linkCells } from './table-links.js';
import { registry, ui } from './ui.js';

export function renderTables(): void {
  // Unlinked Markdown: linkCells links the rendered cells (compressed links, built lazily).
  const md = behaviourTables(NAMESPACES, registry, { links: false });
  const out: HTMLElement[] = [];
  const lines = md.split('\n');
  const inline = (s: string, into: HTMLElement) => {
    for (const part of s.split(/(`[^`]+`|\[\^[\w-]+\])/)) {
      if (part.startsWith('`')) into.append(el('code', {}, part.slice(1, -1)));
      else if (part.startsWith('[^')) into.append(el('sup', {}, part.slice(2, -1)));
      else if (part) into.append(document.createTextNode(part.replace(/_(.+?)_/g, '$1')));
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('|')) {
      const table = el('table');
      const rows: string[] = [];
      while (i < lines.length && lines[i].startsWith('|')) rows.push(lines[i++]);
      i--;
      rows.forEach((r, k) => {
        if (k === 1) return;
        const tr = el('tr');
        for (const cell of r.slice(1, -1).split(' | ')) {
          const c = el(k === 0 ? 'th' : 'td');
          inline(cell.replace(/^\|?\s*|\s*$/g, ''), c);
          tr.append(c);
        }
        table.append(tr);
      });
      linkCells(table, registry);
      const wrap = el('div', { class: 'table-wrap' });
      wrap.append(table);
      out.push(wrap);
    } else if (line.startsWith('### ')) out.push(el('h3', {}, line.slice(4)));
    else if (line.startsWith('# ') || line.startsWith('<!--') || !line.trim()) continue;
    else if (line.startsWith('[^')) {
      const p = el('p', { class: 'footnotes' });
      inline(line.replace(/^\[\^([\w-]+)\]:/, '$1:'), p);
      out.push(p);
    } else {
      let text = line;
      while (i + 1 < lines.length && lines[i + 1].trim() && !/^(\||#|\[\^|<!--)/.test(lines[i + 1]))
        text += ` ${lines[++i]}`;
      const p = el('p');
      inline(text, p);
      out.push(p);
    }
  }
  ui.tables.replaceChildren(...out);
}
