/**
 * The controls: framework / operator / version / preset pickers, the input editors, the paste
 * box and the copy buttons. Each change runs the call (runner.ts) and records it in the URL
 * (url-controller.ts).
 */
import { GatherScatterError } from '../src/errors.js';
import { PRESETS, type Preset } from '../src/tables/presets.js';
import { probeArgs } from '../src/tables/probes.js';
import { type CallArgs, FRAMEWORKS } from '../src/tables/registry.js';
import { DTYPES, INTEGER_DTYPES } from '../src/tensor/dtype.js';
import type { NestedArray } from '../src/tensor/tensor.js';
import { setText, watchEditor } from './editors.js';
import { acceptFiles } from './files.js';
import { el, type Role } from './grid.js';
import { onCellKey } from './keyboard.js';
import { type PastedChoice, parsePaste } from './paste.js';
import { type PastedCall, PasteError } from './pycall.js';
import { run, runSoon } from './runner.js';
import { state } from './state.js';
import { registry, ui } from './ui.js';
import { applyHash, commit, urlWritten } from './url-controller.js';
import { errorName, showError } from './view-error.js';
import { pin, show } from './view-hover.js';
import { renderTables } from './view-tables.js';

function fillSelect(
  sel: HTMLSelectElement,
  items: readonly { value: string; label: string; disabled?: boolean }[],
): void {
  sel.replaceChildren(
    ...items.map((i) => {
      const o = el('option', { value: i.value }, i.label);
      if (i.disabled) o.disabled = true;
      return o;
    }),
  );
}

export function initControls(): void {
  const frameworks = FRAMEWORKS.filter((f) => registry.some((e) => e.framework === f));
  fillSelect(
    ui.framework,
    frameworks.map((f) => {
      const ready = registry.filter((e) => e.framework === f && e.state !== 'missing').length;
      return { value: f, label: ready ? f : `${f} (not yet)`, disabled: ready === 0 };
    }),
  );
  fillSelect(ui.dataDType, [
    { value: '', label: 'dtype: auto' },
    ...DTYPES.map((d) => ({ value: d, label: d })),
  ]);
  // bool: a mask (torch.masked_select, x[mask] as numpy.index / torch.index).
  fillSelect(ui.indexDType, [
    { value: '', label: 'dtype: default' },
    ...[...INTEGER_DTYPES, 'bool'].map((d) => ({ value: d, label: d })),
  ]);
  ui.framework.addEventListener('change', () => {
    selectFramework(ui.framework.value);
    commit('push');
  });
  ui.op.addEventListener('change', () => {
    selectOp(ui.op.value);
    commit('push');
  });
  ui.preset.addEventListener('change', () => {
    const p = PRESETS.find((x) => x.id === ui.preset.value);
    if (p) loadPreset(p);
    commit('push');
  });
  ui.version.addEventListener('change', () => {
    run();
    commit('push');
  });
  ui.run.addEventListener('click', () => {
    run();
    commit('push');
  });
  for (const t of [ui.data, ui.indices, ui.updates])
    watchEditor(t, (big) => {
      ui.preset.value = '';
      // A big paste is one discrete change: run at once (after the fold paints), not after typing.
      runSoon(big ? 0 : 300);
    });
  const menus = [ui.dataDType, ui.indexDType, null];
  [ui.data, ui.indices, ui.updates].forEach((t, k) => {
    acceptFiles(
      t,
      menus[k],
      () => {
        ui.preset.value = '';
        runSoon(0);
      },
      (e) => {
        // A file that is not an array (the library's typed error) or cannot be read (DOMException).
        if (!(e instanceof GatherScatterError || e instanceof DOMException)) throw e;
        showError(e, 'The file cannot be read: ');
      },
    );
  });
  ui.attrs.addEventListener('input', () => {
    ui.preset.value = '';
    runSoon();
  });
  for (const s of [ui.dataDType, ui.indexDType])
    s.addEventListener('change', () => {
      run();
      commit('push');
    });
  ui.tablesDetails.addEventListener('toggle', () => {
    if (ui.tablesDetails.open && !ui.tables.childElementCount) renderTables();
  });
  ui.pasteRun.addEventListener('click', pasteCall);
  ui.pastePick.addEventListener('change', () => {
    const choice = pastedChoices[Number(ui.pastePick.value)];
    if (choice) loadPasted(choice);
  });
  ui.copyLink.addEventListener('click', async () => {
    await urlWritten();
    copyText(location.href, ui.copyLink, 'Copy link');
  });
  ui.copyCode.addEventListener('click', () => copyText(ui.code.textContent ?? '', ui.copyCode, 'Copy code'));
  ui.grids.addEventListener('cellhover', (ev) => {
    const { role, offset } = (ev as CustomEvent).detail;
    show(role, offset);
  });
  ui.grids.addEventListener('cellpick', (ev) => {
    const { role, offset } = (ev as CustomEvent).detail;
    pin(role, offset);
  });
  // Tables: delegated hover / focus / click / arrow keys.
  const cellOf = (t: EventTarget | null) =>
    t instanceof HTMLElement ? (t.closest('td[data-role]') as HTMLTableCellElement | null) : null;
  ui.grids.addEventListener('mouseover', (ev) => {
    const td = cellOf(ev.target);
    if (td) show(td.dataset.role as Role, Number(td.dataset.offset));
  });
  ui.grids.addEventListener('focusin', (ev) => {
    const td = cellOf(ev.target);
    if (td) show(td.dataset.role as Role, Number(td.dataset.offset));
  });
  ui.grids.addEventListener('click', (ev) => {
    const td = cellOf(ev.target);
    if (td) pin(td.dataset.role as Role, Number(td.dataset.offset));
  });
  ui.grids.addEventListener('keydown', (ev) => {
    const td = cellOf(ev.target);
    if (td) onCellKey(td, ev);
  });
  window.addEventListener('popstate', () => void applyHash());
}

async function copyText(text: string, button: HTMLButtonElement, label: string): Promise<void> {
  let ok = false;
  try {
    if (!navigator.clipboard) throw new DOMException('no clipboard here', 'NotSupportedError');
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch (e) {
    // No clipboard permission (the API's DOMException): select the text in a prompt-free way.
    if (!(e instanceof DOMException)) throw e;
    const t = el('textarea');
    t.value = text;
    document.body.append(t);
    t.select();
    ok = document.execCommand('copy');
    t.remove();
  }
  button.textContent = ok ? 'Copied ✓' : 'Copy failed';
  setTimeout(() => {
    button.textContent = label;
  }, 1500);
}

export function selectFramework(fw: string, opId?: string, preset?: Preset | null): void {
  ui.framework.value = fw;
  const ops = registry.filter((e) => e.framework === fw);
  fillSelect(
    ui.op,
    ops.map((e) => ({
      value: e.id,
      label: e.state === 'missing' ? `${e.name} — not implemented yet` : e.name,
      disabled: e.state === 'missing',
    })),
  );
  const first = opId ?? ops.find((e) => e.state !== 'missing')?.id;
  if (first) selectOp(first, preset);
}

/** Shows an op's controls; loads `preset`, its first preset (undefined) or nothing (null). */
export function selectOp(id: string, preset?: Preset | null): void {
  const entry = registry.find((e) => e.id === id);
  if (!entry) return;
  state.current = entry;
  ui.framework.value = entry.framework;
  ui.op.value = id;
  const missing = registry
    .filter((e) => e.framework === entry.framework && e.state === 'missing')
    .map((e) => e.id);
  ui.note.textContent = [
    entry.note,
    missing.length ? `Not implemented yet (skipped): ${missing.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const v = entry.signature.version;
  ui.versionLabel.hidden = !v;
  fillSelect(
    ui.version,
    (v?.values ?? []).map((x) => ({ value: String(x), label: `${v?.key} ${x}` })),
  );
  const presets = PRESETS.filter((p) => p.op === id);
  fillSelect(ui.preset, [
    { value: '', label: presets.length ? 'custom' : 'custom (no documented example)' },
    ...presets.map((p) => ({ value: p.id, label: p.title })),
  ]);
  ui.updatesEditor.hidden = entry.signature.kind !== 'scatter';
  ui.dataEditor.hidden =
    !entry.signature.params.includes('data') &&
    !entry.signature.params.some((p) => typeof p === 'object' && 'desc' in p);
  if (preset === null) return;
  const p = preset ?? presets[0];
  if (p) loadPreset(p);
  else loadArgs(probeArgs(entry, [2, 0]));
}

export function loadPreset(p: Preset): void {
  if (state.current?.id !== p.op) {
    selectOp(p.op, null);
    if (state.current?.id !== p.op) return;
  }
  ui.preset.value = p.id;
  loadArgs(p.args);
}

export function loadArgs(a: CallArgs): void {
  // The editor starts from the registry's example attributes (never a default of our own).
  const attrs = { ...(state.current?.signature.example ?? {}), ...(a.attrs ?? {}) };
  setText(ui.data, a.data === undefined ? '' : json(a.data));
  setText(ui.indices, json(a.indices));
  setText(ui.updates, a.updates === undefined ? '' : json(a.updates));
  ui.attrs.value = JSON.stringify(attrs, null, 1).replace(/\n\s*/g, ' ');
  ui.dataDType.value = a.dataDType ?? '';
  ui.indexDType.value = a.indexDType ?? '';
  if (a.version !== undefined) ui.version.value = String(a.version);
  run();
}

export function json(v: NestedArray): string {
  const s = JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number(x) : x));
  return s.length > 60 && s.length < 20000 ? s.replace(/\],\[/g, '],\n[') : s;
}

/** The gathers/scatters of the last pasted module (the chooser's options). */
let pastedChoices: readonly PastedChoice[] = [];

function pasteCall(): void {
  ui.pasteError.textContent = '';
  try {
    const pasted = parsePaste(ui.paste.value, registry);
    pastedChoices = pasted.choices ?? [];
    ui.pastePick.replaceChildren(...pastedChoices.map((c, k) => new Option(c.label, String(k))));
    ui.pastePickLabel.hidden = pastedChoices.length < 2;
    loadPasted(pasted);
  } catch (e) {
    // A paste the reader refuses (PasteError, with its position) or a call the library refuses.
    if (!(e instanceof PasteError || e instanceof GatherScatterError)) throw e;
    ui.pasteError.textContent = `${errorName(e)}: ${e.message}`;
  }
}

function loadPasted({ entry, args }: PastedCall): void {
  selectFramework(entry.framework, entry.id, null);
  ui.preset.value = '';
  loadArgs({ ...args, attrs: args.attrs ?? {} });
  // Pasted attributes replace the example ones entirely: what a call omits takes the default.
  ui.attrs.value = JSON.stringify(args.attrs ?? {});
  run();
  commit('push');
}
