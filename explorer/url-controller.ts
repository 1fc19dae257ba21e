/**
 * The URL controller: writes the explorer's state into the hash (url.ts encodes it) and applies
 * a hash — a full state, a preset or an operator — when the page opens or history moves.
 */
import { PRESETS } from '../src/tables/presets.js';
import type { CallArgs } from '../src/tables/registry.js';
import { json, selectFramework } from './controls.js';
import { setText, textOf } from './editors.js';
import type { Role } from './grid.js';
import { run } from './runner.js';
import { HUGE_TEXT, state, whenIdle } from './state.js';
import { registry, ui } from './ui.js';
import { type LocalInputs, LocalStoreError, getInputs, newKey, putInputs } from './local-store.js';
import { decodeState, encodeState, LinkError, readHash, type UrlState } from './url.js';
import { showError } from './view-error.js';

function stateNow(): UrlState | null {
  if (!state.current) return null;
  const preset = ui.preset.value;
  const base = {
    op: state.current.id,
    ...(ui.version.value && !ui.versionLabel.hidden ? { version: ui.version.value } : {}),
    ...(state.pinned ? { focus: `${state.pinned.role}:${state.pinned.offset}` } : {}),
  };
  if (preset) {
    // A preset keeps its id; a dtype changed from the preset's is kept beside it.
    const args = PRESETS.find((p) => p.id === preset)?.args;
    const dtypes = {
      ...(ui.dataDType.value !== (args?.dataDType ?? '') ? { dataDType: ui.dataDType.value } : {}),
      ...(ui.indexDType.value !== (args?.indexDType ?? '') ? { indexDType: ui.indexDType.value } : {}),
    };
    return { ...base, preset, ...dtypes };
  }
  return {
    ...base,
    ...(ui.dataEditor.hidden ? {} : { data: textOf(ui.data) }),
    indices: textOf(ui.indices),
    ...(ui.updatesEditor.hidden ? {} : { updates: textOf(ui.updates) }),
    attrs: ui.attrs.value,
    dataDType: ui.dataDType.value,
    indexDType: ui.indexDType.value,
  };
}

let pendingUrl: Promise<void> = Promise.resolve();
let urlSeq = 0;
/** Writes the state to the URL: `push` for discrete changes (back/forward step through them), `replace` while typing. */
export function commit(how: 'push' | 'replace'): void {
  const s = stateNow();
  if (!s) return;
  const seq = ++urlSeq;
  // Big inputs never go into the link (links over 2 MB do not open): IndexedDB keeps them.
  const size = (s.data?.length ?? 0) + (s.indices?.length ?? 0) + (s.updates?.length ?? 0);
  const linked = size > HUGE_TEXT ? linkLocally(s, () => seq === urlSeq) : Promise.resolve(s);
  ui.linkNote.hidden = size <= HUGE_TEXT;
  pendingUrl = linked
    .then((l) => (seq === urlSeq ? encodeState(l) : null))
    .then((payload) => {
      if (payload === null || seq !== urlSeq) return;
      const hash = `#s=${payload}`;
      if (location.hash === hash) return;
      if (how === 'push') history.pushState(null, '', hash);
      else history.replaceState(null, '', hash);
    });
}

/** The inputs last kept in IndexedDB, and their key (a pin or an attribute change reuses it). */
let stored: { key: string; inputs: LocalInputs } | null = null;

/**
 * The link of a state whose inputs are too large: the inputs go to IndexedDB when the page is
 * idle (after the picture is painted), the link keeps the key. Without IndexedDB the link
 * carries the operator and attributes only, and the note says the data is not in it.
 */
async function linkLocally(s: UrlState, current: () => boolean): Promise<UrlState> {
  const { data, indices, updates, ...rest } = s;
  const inputs: LocalInputs = { data, indices, updates };
  const same =
    stored &&
    stored.inputs.data === data &&
    stored.inputs.indices === indices &&
    stored.inputs.updates === updates;
  if (!same) {
    await new Promise<void>((done) => whenIdle(done));
    if (!current()) return rest;
    const key = newKey();
    try {
      await putInputs(key, inputs, () => new Promise<void>((done) => whenIdle(done)));
    } catch (e) {
      if (!(e instanceof LocalStoreError)) throw e;
      ui.linkNote.textContent = `Data too large to link, and this browser cannot keep it (${e.message}): the link holds the operator and attributes only.`;
      return rest;
    }
    stored = { key, inputs };
  }
  ui.linkNote.textContent =
    'Data too large to link: the link holds the operator and attributes; the data stays in this browser.';
  return { ...rest, local: stored!.key };
}

export async function applyHash(): Promise<void> {
  const req = readHash(location.hash);
  if (req.tables) ui.tablesDetails.open = true;
  if (req.kind === 'state') {
    try {
      await applyState(await decodeState(req.payload));
      return;
    } catch (e) {
      if (!(e instanceof LinkError || e instanceof LocalStoreError)) throw e;
      // Nothing runs: the message stays until the reader picks an operator.
      showError(
        new Error(
          `This link cannot be read (${e instanceof Error ? e.message : String(e)}); nothing was run.`,
        ),
      );
      return;
    }
  }
  const preset =
    req.kind === 'preset'
      ? PRESETS.find((p) => p.id === req.id && registry.find((e) => e.id === p.op)?.state !== 'missing')
      : undefined;
  const op = req.kind === 'op' ? registry.find((e) => e.id === req.id && e.state !== 'missing') : undefined;
  if (preset) selectFramework(preset.op.split('.')[0], preset.op, preset);
  else if (op) selectFramework(op.framework, op.id);
  else if (req.kind === 'preset' || req.kind === 'op')
    showError(
      new Error(
        `This link names an unknown ${req.kind} ${JSON.stringify(req.id.slice(0, 80))}; nothing was run.`,
      ),
    );
  else selectFramework('onnx');
}

async function applyState(s: UrlState): Promise<void> {
  const entry = registry.find((e) => e.id === s.op && e.state !== 'missing');
  if (!entry) throw new LinkError(`unknown operator ${s.op}`);
  const local = s.local ? await getInputs(s.local) : null;
  if (s.local && !local)
    throw new LinkError(
      `its inputs were too large to link and are kept only in the browser that made it, not in this one (${entry.id})`,
    );
  const preset = s.preset ? PRESETS.find((p) => p.id === s.preset && p.op === s.op) : undefined;
  state.pinned = null;
  selectFramework(entry.framework, entry.id, null);
  if (preset) {
    ui.preset.value = preset.id;
    loadArgsQuiet(preset.args);
    if (s.dataDType !== undefined) ui.dataDType.value = s.dataDType;
    if (s.indexDType !== undefined) ui.indexDType.value = s.indexDType;
  } else {
    ui.preset.value = '';
    setText(ui.data, local?.data ?? s.data ?? '');
    setText(ui.indices, local?.indices ?? s.indices ?? '');
    setText(ui.updates, local?.updates ?? s.updates ?? '');
    if (local && s.local) stored = { key: s.local, inputs: local };
    ui.attrs.value = s.attrs ?? '{}';
    ui.dataDType.value = s.dataDType ?? '';
    ui.indexDType.value = s.indexDType ?? '';
  }
  if (s.version !== undefined) ui.version.value = s.version;
  if (s.focus) {
    const [role, off] = s.focus.split(':');
    state.pinned = { role: role as Role, offset: Number(off) };
  }
  run();
}

function loadArgsQuiet(a: CallArgs): void {
  const attrs = { ...(state.current?.signature.example ?? {}), ...(a.attrs ?? {}) };
  setText(ui.data, a.data === undefined ? '' : json(a.data));
  setText(ui.indices, json(a.indices));
  setText(ui.updates, a.updates === undefined ? '' : json(a.updates));
  ui.attrs.value = JSON.stringify(attrs, null, 1).replace(/\n\s*/g, ' ');
  ui.dataDType.value = a.dataDType ?? '';
  ui.indexDType.value = a.indexDType ?? '';
  if (a.version !== undefined) ui.version.value = String(a.version);
}

/** Resolves once the last state change is in the URL. */
export function urlWritten(): Promise<void> {
  return pendingUrl;
}
