/**
 * The explorer: pick a framework operator (or paste a call), edit its inputs, and see data,
 * indices, updates and output as grids whose links and marks come from the lowered call the
 * library runs — `lowerCall` then `execute`, the trace (`traceCall`) for small inputs and the
 * core's IndexMap landing map (landing.ts) at any size. Hover or focus an element for the
 * derivation of its index (derive.ts) and, for scatter, the arithmetic that lands on it
 * (arith.ts). The state lives in the URL (url.ts).
 */
import { type CoreCall, execute, stablehloText } from '../src/core/call.js';
import { type Trace, traceCall } from '../src/core/trace.js';
import {
  AllocationLimitError,
  BrokenPromiseError,
  DTypeError,
  DuplicateIndexError,
  GatherScatterError,
  IndexOutOfBoundsError,
  InvalidArgumentError,
} from '../src/errors.js';
import { STATUS_LEGEND } from '../src/tables/legend.js';
import { PRESETS, type Preset } from '../src/tables/presets.js';
import { probeArgs } from '../src/tables/probes.js';
import {
  buildRegistry,
  type CallArgs,
  executeCall,
  FRAMEWORKS,
  lowerCall,
  type OpEntry,
  peersOf,
  translateArgs,
} from '../src/tables/registry.js';
import { behaviourTables } from '../src/tables/tables.js';
import type { Scalar } from '../src/tensor/dtype.js';
import { DTYPES, type DType, INTEGER_DTYPES } from '../src/tensor/dtype.js';
import type { NestedArray, Tensor } from '../src/tensor/tensor.js';
import { fmtScalar, scatterArithmetic } from './arith.js';
import { callCode } from './code.js';
import {
  type Derivation,
  type FrameworkNames,
  indicesRoles,
  operandRoles,
  spaceRoles,
  unravel,
} from './derive.js';
import { type CellMark, el, type Role, type TensorView, tensorView } from './grid.js';
import { flatValues, jsonTensor } from './flat.js';
import { parseJsonField } from './json.js';
import { Landing } from './landing.js';
import { NAMESPACES } from './namespaces.js';
import { ROLE_COLOR, ROLE_LABEL } from './palette.js';
import { type PastedChoice, parsePaste } from './paste.js';
import type { PastedCall } from './pycall.js';
import { boundAllocations, callSizeError, decodeState, encodeState, readHash, type UrlState } from './url.js';
import { webgpuToggle } from './webgpu.js';

/** Space sizes up to this get the full trace (statuses on every cell); larger ones are lazy. */
const TRACE_LIMIT = 4096;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const registry = buildRegistry(NAMESPACES);
const ui = {
  framework: $<HTMLSelectElement>('framework'),
  op: $<HTMLSelectElement>('op'),
  version: $<HTMLSelectElement>('version'),
  versionLabel: $<HTMLLabelElement>('version-label'),
  preset: $<HTMLSelectElement>('preset'),
  run: $<HTMLButtonElement>('run'),
  copyLink: $<HTMLButtonElement>('copy-link'),
  note: $<HTMLParagraphElement>('op-note'),
  paste: $<HTMLTextAreaElement>('paste'),
  pasteRun: $<HTMLButtonElement>('paste-run'),
  pasteError: $<HTMLParagraphElement>('paste-error'),
  pastePick: $<HTMLSelectElement>('paste-pick'),
  pastePickLabel: $<HTMLLabelElement>('paste-pick-label'),
  data: $<HTMLTextAreaElement>('data'),
  dataEditor: $<HTMLLabelElement>('data-editor'),
  dataDType: $<HTMLSelectElement>('data-dtype'),
  indices: $<HTMLTextAreaElement>('indices'),
  indexDType: $<HTMLSelectElement>('index-dtype'),
  updates: $<HTMLTextAreaElement>('updates'),
  updatesEditor: $<HTMLLabelElement>('updates-editor'),
  attrs: $<HTMLTextAreaElement>('attrs'),
  error: $<HTMLDivElement>('error'),
  path: $<HTMLParagraphElement>('path'),
  grids: $<HTMLDivElement>('grids'),
  legend: $<HTMLDivElement>('legend'),
  derivation: $<HTMLDivElement>('derivation'),
  arithSection: $<HTMLElement>('arith-section'),
  arith: $<HTMLDivElement>('arith'),
  arithAll: $<HTMLDivElement>('arith-all'),
  code: $<HTMLPreElement>('code'),
  codeLang: $<HTMLSpanElement>('code-lang'),
  copyCode: $<HTMLButtonElement>('copy-code'),
  hlo: $<HTMLPreElement>('hlo'),
  elsewhere: $<HTMLDivElement>('elsewhere'),
  tablesDetails: $<HTMLDetailsElement>('tables-details'),
  tables: $<HTMLDivElement>('tables'),
};

/** "Run on WebGPU" (explorer/webgpu.ts): re-runs each shown call on the GPU when checked. */
const webgpu = webgpuToggle($<HTMLInputElement>('webgpu'), $<HTMLParagraphElement>('webgpu-status'));

let current: OpEntry | undefined;

// ---------------------------------------------------------------------------------------------
// Controls

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

function initControls(): void {
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
  fillSelect(ui.indexDType, [
    { value: '', label: 'dtype: default' },
    ...INTEGER_DTYPES.map((d) => ({ value: d, label: d })),
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
  for (const t of [ui.data, ui.indices, ui.updates, ui.attrs])
    t.addEventListener('input', () => {
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
    await pendingUrl;
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
    if (td) moveFocus(td, ev);
  });
  window.addEventListener('popstate', () => void applyHash());
}

async function copyText(text: string, button: HTMLButtonElement, label: string): Promise<void> {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch {
    // no clipboard permission: select the text in a prompt-free way
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

function selectFramework(fw: string, opId?: string, preset?: Preset | null): void {
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
function selectOp(id: string, preset?: Preset | null): void {
  const entry = registry.find((e) => e.id === id);
  if (!entry) return;
  current = entry;
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

function loadPreset(p: Preset): void {
  if (current?.id !== p.op) {
    selectOp(p.op, null);
    if (current?.id !== p.op) return;
  }
  ui.preset.value = p.id;
  loadArgs(p.args);
}

function loadArgs(a: CallArgs): void {
  // The editor starts from the registry's example attributes (never a default of our own).
  const attrs = { ...(current?.signature.example ?? {}), ...(a.attrs ?? {}) };
  ui.data.value = a.data === undefined ? '' : json(a.data);
  ui.indices.value = json(a.indices);
  ui.updates.value = a.updates === undefined ? '' : json(a.updates);
  ui.attrs.value = JSON.stringify(attrs, null, 1).replace(/\n\s*/g, ' ');
  ui.dataDType.value = a.dataDType ?? '';
  ui.indexDType.value = a.indexDType ?? '';
  if (a.version !== undefined) ui.version.value = String(a.version);
  run();
}

function json(v: NestedArray): string {
  const s = JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number(x) : x));
  return s.length > 60 && s.length < 20000 ? s.replace(/\],\[/g, '],\n[') : s;
}

let pendingRun: ReturnType<typeof setTimeout> | undefined;
function runSoon(): void {
  clearTimeout(pendingRun);
  pendingRun = setTimeout(() => {
    run();
    commit('replace');
  }, 300);
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
    ui.pasteError.textContent = e instanceof Error ? `${errorName(e)}: ${e.message}` : String(e);
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

// ---------------------------------------------------------------------------------------------
// URL state

function stateNow(): UrlState | null {
  if (!current) return null;
  const preset = ui.preset.value;
  const base = {
    op: current.id,
    ...(ui.version.value && !ui.versionLabel.hidden ? { version: ui.version.value } : {}),
    ...(pinned ? { focus: `${pinned.role}:${pinned.offset}` } : {}),
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
function commit(how: 'push' | 'replace'): void {
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

async function applyHash(): Promise<void> {
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
  pinned = null;
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
    pinned = { role: role as Role, offset: Number(off) };
  }
  run();
}

function loadArgsQuiet(a: CallArgs): void {
  const attrs = { ...(current?.signature.example ?? {}), ...(a.attrs ?? {}) };
  ui.data.value = a.data === undefined ? '' : json(a.data);
  ui.indices.value = json(a.indices);
  ui.updates.value = a.updates === undefined ? '' : json(a.updates);
  ui.attrs.value = JSON.stringify(attrs, null, 1).replace(/\n\s*/g, ' ');
  ui.dataDType.value = a.dataDType ?? '';
  ui.indexDType.value = a.indexDType ?? '';
  if (a.version !== undefined) ui.version.value = String(a.version);
}

// ---------------------------------------------------------------------------------------------
// Running

function readArgs(): CallArgs {
  const sig = current!.signature;
  const version =
    ui.version.value === '' || ui.versionLabel.hidden
      ? undefined
      : /^-?\d+$/.test(ui.version.value)
        ? Number(ui.version.value)
        : ui.version.value;
  const data =
    ui.data.value.trim() && !ui.dataEditor.hidden
      ? (parseJsonField('data', ui.data.value) as NestedArray)
      : undefined;
  const indices = parseJsonField('indices', ui.indices.value) as NestedArray;
  const updates =
    sig.kind === 'scatter' && ui.updates.value.trim()
      ? (parseJsonField('updates', ui.updates.value) as NestedArray)
      : undefined;
  const dataDType = ui.dataDType.value ? (ui.dataDType.value as DType) : undefined;
  const indexDType = ui.indexDType.value ? (ui.indexDType.value as DType) : undefined;
  // Typed-array tensors built once from the parsed JSON, in the dtypes the registry would pick;
  // the nested values stay for the code and URL views (and for peers, which translate them).
  const tData = data === undefined ? null : jsonTensor(data, dataDType);
  const tIndices = jsonTensor(indices, indexDType ?? sig.indexDType ?? 'int64');
  const tUpdates =
    updates === undefined || (data !== undefined && !tData)
      ? null
      : jsonTensor(updates, dataDType ?? tData?.dtype, true);
  const tensors = {
    ...(tData ? { data: tData } : {}),
    ...(tIndices ? { indices: tIndices } : {}),
    ...(tUpdates ? { updates: tUpdates } : {}),
  };
  return {
    ...(data !== undefined ? { data } : {}),
    indices,
    ...(updates !== undefined ? { updates } : {}),
    attrs: ui.attrs.value.trim()
      ? (parseJsonField('attributes', ui.attrs.value) as Record<string, unknown>)
      : {},
    ...(version !== undefined && sig.version ? { version } : {}),
    ...(dataDType ? { dataDType } : {}),
    ...(indexDType ? { indexDType } : {}),
    ...(Object.keys(tensors).length ? { tensors } : {}),
  };
}

/** Class names by instanceof (minified builds rename classes, so `e.name` may read `r`). */
function errorName(e: unknown): string {
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

function showError(e: unknown | null, where = ''): void {
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

interface Run {
  readonly entry: OpEntry;
  readonly args: CallArgs;
  readonly call: CoreCall;
  readonly result: Tensor | null;
  /** Null when the call has no landing map (its computation failed). */
  landing: Landing | null;
  readonly trace: Trace | null;
  readonly views: Map<Role, TensorView>;
  readonly values: Map<Role, ArrayLike<Scalar>>;
}

let last: Run | null = null;
let pinned: { role: Role; offset: number } | null = null;

function run(): void {
  clearTimeout(pendingRun);
  pendingRun = undefined;
  const entry = current;
  if (!entry) return;
  const t0 = performance.now();
  const phases: Record<string, number> = {};
  let tp = t0;
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round((now - tp) * 10) / 10;
    tp = now;
  };
  last = null;
  ui.grids.replaceChildren();
  ui.hlo.textContent = '';
  ui.elsewhere.replaceChildren();
  ui.derivation.replaceChildren(
    el('p', { class: 'hint' }, 'Hover, focus or click an element to derive its index.'),
  );
  ui.arith.replaceChildren();
  ui.arithAll.replaceChildren();
  ui.path.textContent = 'Hover or focus any cell to trace its path; click to pin it.';
  let args: CallArgs;
  try {
    args = readArgs();
  } catch (e) {
    showError(e);
    return;
  }
  foldHugeEditors();
  phase('parse');
  let call: CoreCall;
  try {
    call = lowerCall(NAMESPACES, entry, args);
  } catch (e) {
    showError(e);
    showCode(entry, args, null);
    renderElsewhere(entry, args, null, false);
    webgpu.update(null, null, null);
    return;
  }
  phase('lower');
  const tooBig = callSizeError(call);
  if (tooBig) {
    showError(tooBig);
    return;
  }
  ui.hlo.textContent = stablehloText(call);
  showCode(entry, args, call);
  phase('code');
  let result: Tensor | null = null;
  let runError: unknown = null;
  try {
    result = execute(call);
  } catch (e) {
    runError = e;
  }
  showError(runError, runError ? 'The call fails: ' : '');
  webgpu.update(call, result, runError);
  phase('execute');
  let landing: Landing | null = null;
  try {
    landing = new Landing(call);
    // Small calls get their landing map now; big ones when idle (or at the first hover): the
    // first paint of big inputs shows values only, so it does not wait for the map.
    if (landing.spaceSize <= TRACE_LIMIT) landing.warm();
  } catch {
    landing = null;
  }
  const space = landing?.spaceSize ?? 0;
  phase('landing');
  const trace = space <= TRACE_LIMIT ? traceCall(call) : null;
  phase('trace');
  const views = renderMapping(entry, call, trace, result, args);
  phase('grids');
  const operand = call.kind === 'gather' ? call.operand : call.inputs[0];
  const values = new Map<Role, ArrayLike<Scalar>>([
    ['data', flatValues(operand)],
    ['indices', flatValues(call.kind === 'gather' ? call.start_indices : call.scatter_indices)],
  ]);
  if (call.kind === 'scatter') values.set('updates', flatValues(call.updates[0]));
  if (result) values.set('output', flatValues(result));
  const r: Run = { entry, args, call, result, landing, trace, views, values };
  last = r;
  if (landing && space > TRACE_LIMIT) whenIdle(() => landingOf(r));
  if (call.kind === 'scatter') renderArithSummary(last);
  else ui.arithSection.hidden = true;
  const big = operand.size > TRACE_LIMIT || space > TRACE_LIMIT;
  renderElsewhere(entry, args, result, big);
  if (pinned) show(pinned.role, pinned.offset);
  phase('rest');
  (window as unknown as { __explorer: unknown }).__explorer = {
    renderMs: performance.now() - t0,
    big,
    phases,
  };
}

/** Runs `f` after the next paint, when the main thread is idle (at the latest 500 ms later). */
function whenIdle(f: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => f(), { timeout: 500 });
  else setTimeout(f, 50);
}

/** The run's landing map, computed now if it is not yet; null (and dropped) when that fails. */
function landingOf(r: Run): Landing | null {
  if (!r.landing) return null;
  try {
    r.landing.warm();
    return r.landing;
  } catch {
    r.landing = null;
    return null;
  }
}

/** Huge JSON in a laid-out textarea costs seconds per layout: fold it behind a button. */
const HUGE_TEXT = 50_000;
function foldHugeEditors(): void {
  for (const t of [ui.data, ui.indices, ui.updates]) {
    const huge = t.value.length > HUGE_TEXT;
    let note = t.nextElementSibling as HTMLElement | null;
    if (!note?.classList.contains('fold')) {
      note = el('span', { class: 'fold' });
      t.after(note);
    }
    if (!huge) {
      t.hidden = false;
      note.hidden = true;
      continue;
    }
    if (t.dataset.unfolded === '1') continue;
    t.hidden = true;
    note.hidden = false;
    const b = el('button', { type: 'button' }, 'edit');
    b.addEventListener('click', () => {
      t.dataset.unfolded = '1';
      t.hidden = false;
      note!.hidden = true;
    });
    note.replaceChildren(`${(t.value.length / 1e6).toFixed(1)} MB of JSON, folded to keep the page fast `, b);
  }
}

function showCode(entry: OpEntry, args: CallArgs, call: CoreCall | null): void {
  const size = ui.data.value.length + ui.indices.value.length + ui.updates.value.length;
  if (size > 20000) {
    ui.codeLang.textContent = '';
    ui.code.textContent = '(inputs too large to print as code; the link holds them)';
    return;
  }
  const { lang, text } = callCode(entry, args, call);
  ui.codeLang.textContent = lang;
  ui.code.textContent = text;
}

// ---------------------------------------------------------------------------------------------
// Grids

function marksFor(trace: Trace, role: Role): Map<number, CellMark> {
  const by = new Map<number, number[]>();
  const add = (off: number, i: number) => {
    const l = by.get(off);
    if (l) l.push(i);
    else by.set(off, [i]);
  };
  const ivd = trace.indicesShape.length;
  trace.entries.forEach((e, i) => {
    if (role === 'indices')
      for (const p of e.indexPositions) {
        let off = 0;
        for (let d = 0; d < ivd; d++) off = off * trace.indicesShape[d] + p[d];
        add(off, i);
      }
    else if (role === (trace.kind === 'gather' ? 'output' : 'updates')) add(e.spaceOffset, i);
    else if (e.operandOffset >= 0) add(e.operandOffset, i);
  });
  const marks = new Map<number, CellMark>();
  for (const [off, list] of by) {
    const es = list.map((i) => trace.entries[i]);
    const links = new Set(es.map((e) => e.batch));
    const last = es[es.length - 1];
    let symbol: string | undefined;
    if ((role === 'output' && trace.kind === 'gather') || role === 'updates') {
      if (last.status !== 'in_bounds') symbol = STATUS_LEGEND[last.status].symbol;
    } else if (role === 'indices') {
      const odd = es.find((e) => e.status !== 'in_bounds');
      if (odd) symbol = STATUS_LEGEND[odd.status].symbol;
    } else if (trace.kind === 'scatter' && es.length > 1) symbol = STATUS_LEGEND.duplicate.symbol;
    marks.set(off, {
      link: es[0].batch,
      extra: links.size > 1,
      ...(symbol ? { symbol } : {}),
      title: [...new Set(es.map((e) => STATUS_LEGEND[e.status].label))].join(', '),
    });
  }
  return marks;
}

function shapeOf(v: NestedArray | undefined): string | null {
  if (v === undefined) return null;
  const shape: number[] = [];
  let x: NestedArray = v;
  while (Array.isArray(x)) {
    shape.push(x.length);
    x = x[0] as NestedArray;
  }
  return shape.join();
}

function renderMapping(
  entry: OpEntry,
  call: CoreCall,
  trace: Trace | null,
  result: Tensor | null,
  args: CallArgs,
): Map<Role, TensorView> {
  const operand = call.kind === 'gather' ? call.operand : call.inputs[0];
  const indices = call.kind === 'gather' ? call.start_indices : call.scatter_indices;
  const lowered = (t: Tensor, v: NestedArray | undefined) =>
    shapeOf(v) !== null && shapeOf(v) !== t.shape.join() ? 'as lowered' : undefined;
  const width = Math.max(200, Math.min(ui.grids.clientWidth || 1000, 1240) / 2 - 40);
  const mk = (role: Role) => (trace ? marksFor(trace, role) : new Map<number, CellMark>());
  const specs: { title: string; role: Role; t: Tensor | null; shape: readonly number[]; note?: string }[] = [
    {
      title: call.kind === 'gather' ? 'data' : 'data (input)',
      role: 'data',
      t: operand,
      shape: operand.shape,
      note: lowered(operand, args.data),
    },
    {
      title: 'indices',
      role: 'indices',
      t: indices,
      shape: indices.shape,
      note: lowered(indices, args.indices),
    },
  ];
  if (call.kind === 'scatter')
    specs.push({ title: 'updates', role: 'updates', t: call.updates[0], shape: call.updates[0].shape });
  specs.push({
    title: 'output',
    role: 'output',
    t: result,
    shape: result?.shape ?? trace?.resultShape ?? [],
    note: call.kind === 'gather' && call.reshape ? 'reshaped' : undefined,
  });
  const views = new Map<Role, TensorView>();
  for (const s of specs) {
    const marks = mk(s.role);
    const v = tensorView(
      {
        title: s.title,
        role: s.role,
        shape: s.shape,
        dtype: s.t?.dtype ?? '',
        values: s.t ? flatValues(s.t) : null,
        marks: (o) => marks.get(o),
        ...(s.note ? { note: s.note } : {}),
      },
      width,
    );
    views.set(s.role, v);
    ui.grids.append(v.root);
  }
  renderLegend(trace, entry);
  return views;
}

function renderLegend(trace: Trace | null, _entry: OpEntry): void {
  const seen = new Set<string>(trace?.entries.map((e) => e.status) ?? []);
  if (trace?.entries.some((e) => e.duplicate)) seen.add('duplicate');
  const item = (mark: string, text: string, present: boolean, key?: string) => {
    const span = el('span', {
      class: present ? 'present' : 'absent',
      ...(key ? { 'data-status': key } : {}),
    });
    span.append(el('b', {}, mark), document.createTextNode(` ${text}`));
    return span;
  };
  const items = [
    item(
      '#n',
      'index vector n: the colour and number shared by an output (or update) element, the indices it reads and the data element it reaches',
      true,
    ),
    item('#n+', 'this element is reached through more than one index vector (n is the first)', true),
    ...Object.entries(STATUS_LEGEND)
      .filter(([k]) => k !== 'in_bounds')
      .map(([k, s]) => item(s.symbol, `${s.label}: ${s.explain}`, seen.has(k), k)),
    item('≠', 'same call elsewhere: this element differs from the current result', true),
  ];
  if (trace?.kind === 'gather' && trace.fillValue !== undefined)
    items.push(item('∅ =', `fill value ${fmtScalar(trace.fillValue)}`, true));
  const roles = (Object.keys(ROLE_COLOR) as (keyof typeof ROLE_COLOR)[]).map((r) => {
    const s = el('span', { class: 'role-key' });
    s.append(
      el('i', { class: 'chip', style: `--role:${ROLE_COLOR[r]}` }, 'd'),
      document.createTextNode(` ${ROLE_LABEL[r]}`),
    );
    return s;
  });
  ui.legend.replaceChildren(...items, ...roles);
}

// ---------------------------------------------------------------------------------------------
// Hover: highlight, derivation, arithmetic

/** The space elements (gather result / scatter update elements) a cell stands for. */
function spacesOf(r: Run, role: Role, off: number): number[] {
  const L = landingOf(r);
  if (!L) return [];
  const gather = r.call.kind === 'gather';
  if ((gather && role === 'output') || role === 'updates') return off < L.spaceSize ? [off] : [];
  if (role === 'indices') return L.batchesOfIndexElement(off).flatMap((b) => L.spacesOfBatch(b));
  return L.spacesOfOperand(off);
}

const FW_WORDS: Record<string, { operand: string; indices: string; gather: string; scatter: string }> = {
  torch: { operand: 'input', indices: 'index', gather: 'out', scatter: 'src' },
  numpy: { operand: 'a', indices: 'indices', gather: 'out', scatter: 'values' },
  tensorflow: { operand: 'params', indices: 'indices', gather: 'output', scatter: 'updates' },
  jax: { operand: 'operand', indices: 'indices', gather: 'out', scatter: 'updates' },
  onnx: { operand: 'data', indices: 'indices', gather: 'output', scatter: 'updates' },
  webnn: { operand: 'input', indices: 'indices', gather: 'output', scatter: 'updates' },
  mxnet: { operand: 'data', indices: 'indices', gather: 'out', scatter: 'data' },
  directml: {
    operand: 'InputTensor',
    indices: 'IndicesTensor',
    gather: 'OutputTensor',
    scatter: 'UpdatesTensor',
  },
  mlir: { operand: 'source', indices: 'indices', gather: 'result', scatter: 'source' },
  caffe2: { operand: 'DATA', indices: 'INDICES', gather: 'OUTPUT', scatter: 'UPDATES' },
};

function frameworkNames(r: Run, space: readonly number[], operand: readonly number[] | null): FrameworkNames {
  const w = FW_WORDS[r.entry.framework];
  if (!w) return {};
  const sig = r.entry.signature;
  const attrs = r.args.attrs ?? {};
  const axisName = sig.aliases?.axis ?? 'axis';
  const axis = attrs[axisName] !== undefined ? `${axisName}=${JSON.stringify(attrs[axisName])}` : undefined;
  const bd = sig.aliases?.batch_dims ?? 'batch_dims';
  const batch = attrs[bd] !== undefined ? `${bd}=${JSON.stringify(attrs[bd])}` : undefined;
  const gather = r.call.kind === 'gather';
  return {
    operand: `${w.operand}${operand ? `[${operand.join(', ')}]` : ''}`,
    indices: w.indices,
    space: `${gather ? w.gather : w.scatter}[${space.join(', ')}]`,
    ...(axis || batch ? { axis: [axis, batch].filter(Boolean).join(', ') } : {}),
  };
}

function show(role: Role, off: number): void {
  const r = last;
  if (!r) return;
  const t0 = performance.now();
  const spaces = spacesOf(r, role, off);
  const L = landingOf(r);
  const lit = new Map<Role, number[]>();
  const add = (k: Role, o: number) => {
    const l = lit.get(k);
    if (l) l.push(o);
    else lit.set(k, [o]);
  };
  add(role, off);
  const gather = r.call.kind === 'gather';
  const CAP = 256;
  const derivs: Derivation[] = [];
  if (L)
    for (const s of spaces.slice(0, CAP)) {
      const d = L.derive(s);
      derivs.push(d);
      add(gather ? 'output' : 'updates', s);
      for (const p of d.indexPositions) {
        let o = 0;
        for (let k = 0; k < p.length; k++) o = o * L.spec.indicesShape[k] + p[k];
        add('indices', o);
      }
      const target = L.operandOf[s];
      if (target >= 0) {
        add('data', target);
        if (!gather) add('output', target);
      }
    }
  for (const [k, v] of r.views) v.highlight(lit.get(k) ?? []);
  ui.path.textContent = spaces.length
    ? `${role}[${unravel(off, shapeOfRole(r, role)).join(', ')}] — ${spaces.length} ${gather ? 'result' : 'update'} element${spaces.length === 1 ? '' : 's'}${spaces.length > CAP ? ` (first ${CAP} highlighted)` : ''}`
    : `${role}[${unravel(off, shapeOfRole(r, role)).join(', ')}] is not touched by any index${!gather && (role === 'output' || role === 'data') ? ': it keeps its input value' : ''}`;
  renderDerivation(r, spaces, derivs);
  if (!gather) {
    const target =
      role === 'output' || role === 'data'
        ? off
        : role === 'updates' && L
          ? L.operandOf[off]
          : spaces.length && L
            ? L.operandOf[spaces[0]]
            : -1;
    renderArith(r, target, role === 'updates' ? off : -1);
  }
  (window as unknown as { __hoverMs: number }).__hoverMs = performance.now() - t0;
}

function pin(role: Role, off: number): void {
  pinned = { role, offset: off };
  show(role, off);
  commit('replace');
}

function shapeOfRole(r: Run, role: Role): readonly number[] {
  const c = r.call;
  if (role === 'data') return c.kind === 'gather' ? c.operand.shape : c.inputs[0].shape;
  if (role === 'indices') return c.kind === 'gather' ? c.start_indices.shape : c.scatter_indices.shape;
  if (role === 'updates') return c.kind === 'scatter' ? c.updates[0].shape : [];
  return r.result?.shape ?? [];
}

function chip(v: {
  value: number | string;
  role: keyof typeof ROLE_COLOR;
  dim: number;
  changed?: boolean;
}): HTMLElement {
  const c = el('span', {
    class: `chip${v.changed ? ' changed' : ''}`,
    style: `--role:${ROLE_COLOR[v.role]}`,
    title: `dim ${v.dim}: ${ROLE_LABEL[v.role]}${v.changed ? ' (changed by the policy)' : ''}`,
    'data-role': v.role,
  });
  c.textContent = String(v.value);
  return c;
}

function renderDerivation(r: Run, spaces: readonly number[], derivs: readonly Derivation[]): void {
  const L = landingOf(r);
  if (!L || !derivs.length) {
    ui.derivation.replaceChildren(
      el('p', { class: 'hint' }, spaces.length ? '' : 'No element reads or writes this cell.'),
    );
    return;
  }
  const s = spaces[0];
  const d0 = derivs[0];
  const d = L.derive(s, frameworkNames(r, unravel(s, L.spec.spaceShape), d0.operand));
  const box = el('div', { class: 'deriv' });
  if (spaces.length > 1)
    box.append(
      el(
        'p',
        { class: 'hint' },
        `${spaces.length} elements reach this cell; the first is derived below (application order).`,
      ),
    );
  const table = el('table', { class: 'steps' });
  table.append(
    (() => {
      const tr = el('tr');
      for (const h of ['step', 'StableHLO', 'framework', 'value (by dimension)', 'note'])
        tr.append(el('th', {}, h));
      return tr;
    })(),
  );
  d.steps.forEach((st, i) => {
    const tr = el('tr', { 'data-step': st.key, class: st.acts ? 'acts' : '' });
    tr.append(el('td', {}, String(i + 1)), el('td', {}, st.name), el('td', {}, st.framework ?? ''));
    const vals = el('td', { class: 'vals' });
    vals.append('[', ...st.values.flatMap((v, k) => (k ? [', ', chip(v)] : [chip(v)])), ']');
    tr.append(vals, el('td', { class: 'note' }, st.note ?? ''));
    table.append(tr);
  });
  box.append(table);
  // The derivation is arithmetic on the dimension numbers; check it against the core.
  const core = L.operandOf[s];
  const tr = r.trace?.entries[s];
  const agrees =
    d.operandOffset === core && (!tr || (tr.status === d.status && tr.operandOffset === d.operandOffset));
  const status = STATUS_LEGEND[d.status];
  const verdict = el('p', { class: agrees ? 'check ok' : 'check bad' });
  verdict.textContent = `${status.symbol} ${status.label} · ${
    agrees
      ? `✓ agrees with the core's index map${tr ? ' and trace' : ''}`
      : `✗ differs from the core (core offset ${core}${tr ? `, trace ${tr.status}` : ''})`
  }`;
  box.append(verdict);
  const roles = el('p', { class: 'hint roles' });
  roles.textContent = `dims — result: ${spaceRoles(L.spec)
    .map((x) => ROLE_LABEL[x])
    .join(', ')}; operand: ${operandRoles(L.spec)
    .map((x, k) => (L.spec.startIndexMap.includes(k) ? `${ROLE_LABEL[x]} ← index` : ROLE_LABEL[x]))
    .join(', ')}; indices: ${indicesRoles(L.spec)
    .map((x) => ROLE_LABEL[x])
    .join(', ')}`;
  box.append(roles);
  ui.derivation.replaceChildren(box);
}

function renderArith(r: Run, target: number, update: number): void {
  const L = landingOf(r);
  if (!L || r.call.kind !== 'scatter' || target < 0) {
    ui.arith.replaceChildren(
      el('p', { class: 'hint' }, update >= 0 ? 'This update lands nowhere (dropped or skipped).' : ''),
    );
    return;
  }
  const line = arithLine(r, target);
  if (!line) return;
  const p = el('p', { class: 'arith-line', 'data-target': String(target) });
  p.append(el('b', {}, `output[${unravel(target, L.spec.operandShape).join(', ')}]: `), line.text);
  if (line.result !== undefined)
    p.append(
      el(
        'span',
        { class: line.ok ? 'check ok' : 'check bad' },
        `  result ${line.result}${line.ok ? ' ✓' : ' ≠'}`,
      ),
    );
  const list = el('ol', { class: 'arith-steps' });
  for (const st of line.arith.steps) {
    const li = el('li', { class: st.update === update ? 'current' : '' });
    li.textContent = `updates[${unravel(st.update, L.spec.spaceShape).join(', ')}]: ${st.op} → ${st.value}`;
    list.append(li);
  }
  ui.arith.replaceChildren(p, list);
}

function arithLine(r: Run, target: number) {
  const L = landingOf(r);
  if (!L || r.call.kind !== 'scatter') return null;
  const call = r.call;
  const input = r.values.get('data')!;
  const upd = r.values.get('updates')!;
  const updates = L.spacesOfOperand(target).map((s) => ({ value: upd[s], update: s }));
  const reducer = typeof call.update_computation === 'string' ? call.update_computation : 'custom';
  const arith = scatterArithmetic(
    input[target],
    call.options.include_self !== false,
    reducer,
    updates,
    call.inputs[0].dtype,
  );
  const out = r.values.get('output');
  const result = out ? fmtScalar(out[target]) : undefined;
  return { arith, text: arith.text, result, ok: result === undefined || result === arith.final };
}

/** Every touched target (small scatters), and how many are untouched. */
function renderArithSummary(r: Run): void {
  ui.arithSection.hidden = false;
  const L = landingOf(r);
  if (!L || r.call.kind !== 'scatter') return;
  const size = L.spec.operandShape.reduce((a, b) => a * b, 1);
  const touched: number[] = [];
  for (let o = 0; o < size && touched.length <= 64; o++) if (L.spacesOfOperand(o).length) touched.push(o);
  const lines = el('div', { class: 'arith-all' });
  const selfNote =
    r.call.options.include_self === false
      ? 'include_self = false: a target starts from its first update'
      : 'include_self = true: a target starts from its input value';
  lines.append(el('p', { class: 'hint' }, `${selfNote}; updates apply in update-index order.`));
  for (const o of touched.slice(0, 64)) {
    const a = arithLine(r, o);
    if (!a) continue;
    const p = el('p', { class: 'arith-line', 'data-target': String(o) });
    p.append(el('b', {}, `output[${unravel(o, L.spec.operandShape).join(', ')}]: `), a.text);
    lines.append(p);
  }
  let untouched = 0;
  for (let o = 0; o < size; o++) if (!L.spacesOfOperand(o).length) untouched++;
  lines.append(
    el(
      'p',
      { class: 'hint untouched' },
      `${untouched} of ${size} elements untouched (they keep the input value)${touched.length > 64 ? '; first 64 touched shown' : ''}.`,
    ),
  );
  ui.arith.replaceChildren();
  ui.arithAll.replaceChildren(lines);
}

function moveFocus(td: HTMLTableCellElement, ev: KeyboardEvent): void {
  const d = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[ev.key];
  if (!d) return;
  const tr = td.parentElement as HTMLTableRowElement;
  const table = tr.parentElement as HTMLTableElement;
  const row = table.rows[tr.rowIndex + d[0]];
  const next = row?.cells[td.cellIndex + d[1]];
  if (next) {
    ev.preventDefault();
    next.focus();
  }
}

// ---------------------------------------------------------------------------------------------
// Same call elsewhere

function renderElsewhere(entry: OpEntry, args: CallArgs, result: Tensor | null, big: boolean): void {
  const peers = peersOf(registry, entry).filter((p) => p.state !== 'missing');
  const missing = peersOf(registry, entry)
    .filter((p) => p.state === 'missing')
    .map((p) => p.id);
  if (big && peers.length) {
    const b = el('button', { type: 'button', id: 'run-peers' }, `Run on ${peers.length} other frameworks`);
    b.addEventListener('click', () => renderPeers(entry, peers, missing, args, result, true));
    ui.elsewhere.replaceChildren(
      el('p', { class: 'hint' }, 'Big inputs: the comparison runs on request.'),
      b,
    );
    return;
  }
  renderPeers(entry, peers, missing, args, result, false);
}

function renderPeers(
  entry: OpEntry,
  peers: readonly OpEntry[],
  missing: readonly string[],
  args: CallArgs,
  result: Tensor | null,
  big: boolean,
): void {
  const boxes: HTMLElement[] = [];
  const width = 240;
  // Peers take the nested values: the given tensors carry this op's dtypes, not the peer's defaults.
  const { tensors: _given, ...plain } = args;
  for (const peer of peers) {
    const box = el('div', { class: 'peer', 'data-peer': peer.id });
    box.append(el('h3', {}, peer.id));
    const pargs = translateArgs(entry, peer, plain);
    try {
      const out = executeCall(NAMESPACES, peer, pargs);
      let verdict: string;
      let cls: string;
      const diff = new Set<number>();
      if (!result) {
        verdict = 'runs (the current call fails)';
        cls = 'runs';
      } else if (out.shape.join() !== result.shape.join()) {
        verdict = `different shape [${out.shape.join(', ')}] vs [${result.shape.join(', ')}]`;
        cls = 'differs';
      } else {
        const a = out.toFlatArray();
        const b = result.toFlatArray();
        for (let i = 0; i < a.length; i++) if (String(a[i]) !== String(b[i])) diff.add(i);
        verdict = diff.size ? `differs in ${diff.size} of ${a.length} elements` : 'same result';
        cls = diff.size ? 'differs' : 'same';
      }
      box.classList.add(cls);
      box.append(el('p', { class: 'verdict' }, verdict));
      if (!big) {
        try {
          const t = traceCall(lowerCall(NAMESPACES, peer, pargs));
          const counts = new Map<string, number>();
          for (const e of t.entries)
            if (e.status !== 'in_bounds') counts.set(e.status, (counts.get(e.status) ?? 0) + 1);
          const statuses = [...counts]
            .map(([k, n]) => `${STATUS_LEGEND[k as keyof typeof STATUS_LEGEND].symbol} ${n} ${k}`)
            .join(', ');
          if (statuses) box.append(el('p', { class: 'hint' }, statuses));
        } catch {
          // no lowering: value only
        }
      }
      box.append(
        tensorView(
          {
            title: 'output',
            role: 'output',
            shape: out.shape,
            dtype: out.dtype,
            values: out.toFlatArray() as ArrayLike<Scalar>,
            diff,
          },
          width,
        ).root,
      );
    } catch (e) {
      box.classList.add('failed');
      const p = el('p', { class: 'verdict' }, `fails: ${errorName(e)} `);
      if (e instanceof GatherScatterError) p.append(el('code', {}, e.code));
      const msg = e instanceof Error ? e.message : String(e);
      p.append(
        document.createTextNode(
          ` ${e instanceof GatherScatterError ? msg.replace(` (${e.code})`, '') : msg}`,
        ),
      );
      box.append(p);
    }
    boxes.push(box);
  }
  if (!boxes.length)
    boxes.push(el('p', { class: 'hint' }, 'No other framework registered for this kind of operator yet.'));
  if (missing.length) boxes.push(el('p', { class: 'hint' }, `Not implemented yet: ${missing.join(', ')}`));
  ui.elsewhere.replaceChildren(...boxes);
}

// ---------------------------------------------------------------------------------------------
// Behaviour tables (Markdown → HTML, just what the generator emits)

function renderTables(): void {
  const md = behaviourTables(NAMESPACES, registry);
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

// ---------------------------------------------------------------------------------------------

boundAllocations();
initControls();
void applyHash().then(() => {
  document.body.dataset.ready = '1';
});
