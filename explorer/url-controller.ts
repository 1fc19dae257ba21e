/**
 * The URL controller: writes the explorer's state into the hash (url.ts encodes it) and applies
 * a hash — a full state, a preset or an operator — when the page opens or history moves.
 */
import { PRESETS } from '../src/tables/presets.js';
import type { CallArgs } from '../src/tables/registry.js';
import { json, selectFramework } from './controls.js';
import type { Role } from './grid.js';
import { run } from './runner.js';
import { HUGE_TEXT, state, whenIdle } from './state.js';
import { registry, ui } from './ui.js';
import { decodeState, encodeState, readHash, type UrlState } from './url.js';
import { showError } from './view-error.js';

function stateNow(): UrlState | null {
  if (!state.current) return null;
  const preset = ui.preset.value;
  const base = {
    op: state.current.id,
    ...(ui.version.value && !ui.versionLabel.hidden ? { version: ui.version.value } : {}),
    ...(state.pinned ? { focus: `${state.pinned.role}:${state.pinned.offset}` } : {}),
  };
  if (preset) return { ...base, preset };
  return {
    ...base,
    ...(ui.dataEditor.hidden ? {} : { data: ui.data.value }),
    indices: ui.indices.value,
    ...(ui.updatesEditor.hidden ? {} : { updates: ui.updates.value }),
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
  // Big inputs: encode (stringify + compress megabytes) after the picture is painted.
  const size = (s.data?.length ?? 0) + (s.indices?.length ?? 0) + (s.updates?.length ?? 0);
  const ready = size > HUGE_TEXT ? new Promise<void>((done) => whenIdle(done)) : Promise.resolve();
  pendingUrl = ready
    .then(() => (seq === urlSeq ? encodeState(s) : null))
    .then((payload) => {
      if (payload === null || seq !== urlSeq) return;
      const hash = `#s=${payload}`;
      if (location.hash === hash) return;
      if (how === 'push') history.pushState(null, '', hash);
      else history.replaceState(null, '', hash);
    });
}

export async function applyHash(): Promise<void> {
  const req = readHash(location.hash);
  if (req.tables) ui.tablesDetails.open = true;
  if (req.kind === 'state') {
    try {
      applyState(await decodeState(req.payload));
      return;
    } catch (e) {
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

function applyState(s: UrlState): void {
  const entry = registry.find((e) => e.id === s.op && e.state !== 'missing');
  if (!entry) throw new Error(`unknown operator ${s.op}`);
  const preset = s.preset ? PRESETS.find((p) => p.id === s.preset && p.op === s.op) : undefined;
  state.pinned = null;
  selectFramework(entry.framework, entry.id, null);
  if (preset) {
    ui.preset.value = preset.id;
    loadArgsQuiet(preset.args);
  } else {
    ui.preset.value = '';
    ui.data.value = s.data ?? '';
    ui.indices.value = s.indices ?? '';
    ui.updates.value = s.updates ?? '';
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
  ui.data.value = a.data === undefined ? '' : json(a.data);
  ui.indices.value = json(a.indices);
  ui.updates.value = a.updates === undefined ? '' : json(a.updates);
  ui.attrs.value = JSON.stringify(attrs, null, 1).replace(/\n\s*/g, ' ');
  ui.dataDType.value = a.dataDType ?? '';
  ui.indexDType.value = a.indexDType ?? '';
  if (a.version !== undefined) ui.version.value = String(a.version);
}

/** Resolves once the last state change is in the URL. */
export function urlWritten(): Promise<void> {
  return pendingUrl;
}
