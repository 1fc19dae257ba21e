/**
 * The explorer: pick a framework operator, edit its inputs, and see data, indices and output as
 * grids whose colours, link numbers and status marks come from `traceCall` (the core's own
 * index mapping). Also: the StableHLO form, the same call under the other frameworks, and the
 * measured behaviour tables.
 */
import { type CoreCall, execute, stablehloText } from '../src/core/call.js';
import { type Trace, type TraceEntry, traceCall } from '../src/core/trace.js';
import { GatherScatterError } from '../src/errors.js';
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
import { DTYPES, type DType, INTEGER_DTYPES } from '../src/tensor/dtype.js';
import type { NestedArray, Tensor } from '../src/tensor/tensor.js';
import { NAMESPACES } from './namespaces.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};

const PALETTE = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#bcbd22',
  '#7f7f7f',
  '#393b79',
  '#ad494a',
];
const linkColor = (b: number) => PALETTE[b % PALETTE.length];

const registry = buildRegistry(NAMESPACES);
const ui = {
  framework: $<HTMLSelectElement>('framework'),
  op: $<HTMLSelectElement>('op'),
  version: $<HTMLSelectElement>('version'),
  versionLabel: $<HTMLLabelElement>('version-label'),
  preset: $<HTMLSelectElement>('preset'),
  run: $<HTMLButtonElement>('run'),
  note: $<HTMLParagraphElement>('op-note'),
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
  hlo: $<HTMLPreElement>('hlo'),
  elsewhere: $<HTMLDivElement>('elsewhere'),
  tablesDetails: $<HTMLDetailsElement>('tables-details'),
  tables: $<HTMLDivElement>('tables'),
};

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
      const ops = registry.filter((e) => e.framework === f);
      const ready = ops.filter((e) => e.state !== 'missing').length;
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
  ui.framework.addEventListener('change', () => selectFramework(ui.framework.value));
  ui.op.addEventListener('change', () => selectOp(ui.op.value));
  ui.preset.addEventListener('change', () => {
    const p = PRESETS.find((x) => x.id === ui.preset.value);
    if (p) loadPreset(p);
  });
  ui.version.addEventListener('change', run);
  ui.run.addEventListener('click', run);
  for (const t of [ui.data, ui.indices, ui.updates, ui.attrs]) t.addEventListener('input', runSoon);
  for (const s of [ui.dataDType, ui.indexDType]) s.addEventListener('change', run);
  ui.tablesDetails.addEventListener('toggle', () => {
    if (ui.tablesDetails.open && !ui.tables.childElementCount) renderTables();
  });
}

function selectFramework(fw: string, opId?: string): void {
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
  if (first) selectOp(first);
}

function selectOp(id: string, preset?: Preset): void {
  const entry = registry.find((e) => e.id === id);
  if (!entry) return;
  current = entry;
  ui.op.value = id;
  const missing = registry
    .filter((e) => e.framework === entry.framework && e.state === 'missing')
    .map((e) => e.id);
  const notes = [
    entry.note,
    missing.length ? `Not implemented yet (skipped): ${missing.join(', ')}` : '',
  ].filter(Boolean);
  ui.note.textContent = notes.join(' · ');
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
  const p = preset ?? presets[0];
  if (p) loadPreset(p);
  else loadArgs(probeArgs(entry, [2, 0]));
}

function loadPreset(p: Preset): void {
  if (current?.id !== p.op) {
    ui.framework.value = p.op.split('.')[0];
    selectFramework(ui.framework.value, p.op);
    if (current?.id !== p.op) return;
  }
  ui.preset.value = p.id;
  history.replaceState(null, '', `#preset=${p.id}`);
  loadArgs(p.args);
}

function loadArgs(a: CallArgs): void {
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
  return s.length > 60 ? s.replace(/\],\[/g, '],\n[') : s;
}

// Typing re-runs after a pause. Any run cancels a pending one, so an explicit Run (or a preset)
// is not followed 300 ms later by a second render that would drop the user's hover or focus.
let pendingRun: ReturnType<typeof setTimeout> | undefined;
function runSoon(): void {
  clearTimeout(pendingRun);
  pendingRun = setTimeout(run, 300);
}

// ---------------------------------------------------------------------------------------------
// Running

function readArgs(): CallArgs {
  const parse = (name: string, text: string) => {
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`${name}: not valid JSON`);
    }
  };
  const sig = current!.signature;
  const version =
    ui.version.value === ''
      ? undefined
      : /^-?\d+$/.test(ui.version.value)
        ? Number(ui.version.value)
        : ui.version.value;
  return {
    ...(ui.data.value.trim() && !ui.dataEditor.hidden ? { data: parse('data', ui.data.value) } : {}),
    indices: parse('indices', ui.indices.value),
    ...(sig.kind === 'scatter' && ui.updates.value.trim()
      ? { updates: parse('updates', ui.updates.value) }
      : {}),
    attrs: ui.attrs.value.trim() ? parse('attributes', ui.attrs.value) : {},
    ...(version !== undefined && sig.version ? { version } : {}),
    ...(ui.dataDType.value ? { dataDType: ui.dataDType.value as DType } : {}),
    ...(ui.indexDType.value ? { indexDType: ui.indexDType.value as DType } : {}),
  };
}

function showError(e: unknown | null, where = ''): void {
  if (e === null) {
    ui.error.hidden = true;
    ui.error.replaceChildren();
    return;
  }
  ui.error.hidden = false;
  const msg = e instanceof Error ? e.message : String(e);
  if (e instanceof GatherScatterError) {
    ui.error.replaceChildren(
      el('span', {}, `${where}${e.name} `),
      el('code', { 'data-code': e.code }, e.code),
      el('span', {}, `: ${msg}`),
    );
  } else ui.error.replaceChildren(el('span', {}, `${where}${msg}`));
}

function run(): void {
  clearTimeout(pendingRun);
  pendingRun = undefined;
  const entry = current;
  if (!entry) return;
  ui.grids.replaceChildren();
  ui.legend.replaceChildren();
  ui.hlo.textContent = '';
  ui.elsewhere.replaceChildren();
  ui.path.textContent = 'Hover or focus any cell to trace its path.';
  let args: CallArgs;
  try {
    args = readArgs();
  } catch (e) {
    showError(e);
    return;
  }
  let call: CoreCall;
  try {
    call = lowerCall(NAMESPACES, entry, args);
  } catch (e) {
    showError(e);
    renderElsewhere(entry, args, null);
    return;
  }
  ui.hlo.textContent = stablehloText(call);
  let result: Tensor | null = null;
  let runError: unknown = null;
  try {
    result = execute(call);
  } catch (e) {
    runError = e;
  }
  showError(runError, runError ? 'The call fails: ' : '');
  const trace = traceCall(call);
  renderMapping(call, trace, result, args);
  renderElsewhere(entry, args, result);
}

// ---------------------------------------------------------------------------------------------
// Grids

type Role = 'data' | 'indices' | 'updates' | 'output';

interface CellMark {
  link?: number;
  symbol?: string;
  title?: string;
  extra?: boolean; // more than one link reaches this cell
}

function fmtValue(v: unknown): string {
  if (typeof v === 'number')
    return Number.isInteger(v) ? String(v) : Number.isNaN(v) ? 'NaN' : String(Number(v.toPrecision(5)));
  return String(v);
}

function ravel(idx: readonly number[], shape: readonly number[]): number {
  let off = 0;
  for (let d = 0; d < shape.length; d++) off = off * shape[d] + idx[d];
  return off;
}

/** A tensor as a stack of 2-D tables (rank 0/1 become one row). */
function renderTensor(
  title: string,
  role: Role,
  t: Tensor | null,
  shape: readonly number[],
  marks: Map<number, CellMark>,
  diff?: Set<number>,
): HTMLElement {
  const box = el('div', { class: 'tensor', 'data-tensor': role });
  const h = el('h3', {}, `${title} `);
  h.append(el('span', { class: 'shape' }, `[${shape.join(', ')}]${t ? ` ${t.dtype}` : ''}`));
  box.append(h);
  if (!t) {
    box.append(el('p', { class: 'hint' }, 'no value (the call fails)'));
    return box;
  }
  const values = t.toFlatArray();
  const s = shape.length === 0 ? [1] : shape.length === 1 ? [1, shape[0]] : shape;
  const rows = s[s.length - 2];
  const cols = s[s.length - 1];
  const lead = s.slice(0, -2);
  const nSlices = lead.reduce((a, b) => a * b, 1);
  for (let sl = 0; sl < nSlices; sl++) {
    if (lead.length) {
      const idx: number[] = [];
      let r = sl;
      for (let d = lead.length - 1; d >= 0; d--) {
        idx.unshift(r % lead[d]);
        r = Math.floor(r / lead[d]);
      }
      box.append(el('div', { class: 'slice-label' }, `[${idx.join(', ')}, :, :]`));
    }
    const table = el('table', {
      class: 'grid',
      role: 'grid',
      'aria-label': `${title}${lead.length ? ` slice ${sl}` : ''}`,
    });
    for (let r = 0; r < rows; r++) {
      const tr = el('tr');
      for (let c = 0; c < cols; c++) {
        const off = sl * rows * cols + r * cols + c;
        const td = el(
          'td',
          { tabindex: '0', 'data-role': role, 'data-offset': String(off) },
          fmtValue(values[off]),
        );
        const m = marks.get(off);
        if (m?.link !== undefined) {
          td.dataset.link = String(m.link);
          td.style.setProperty('--link', linkColor(m.link));
          td.append(el('span', { class: 'tag', 'aria-hidden': 'true' }, `#${m.link}${m.extra ? '+' : ''}`));
        }
        if (m?.symbol) td.append(el('span', { class: 'st', 'aria-hidden': 'true' }, m.symbol));
        if (diff?.has(off)) td.classList.add('diff');
        td.title = `${title}[${unravel(off, shape).join(', ')}] = ${fmtValue(values[off])}${m?.title ? ` — ${m.title}` : ''}`;
        td.setAttribute(
          'aria-label',
          `${td.title}${m?.link !== undefined ? `, index vector ${m.link}` : ''}`,
        );
        tr.append(td);
      }
      table.append(tr);
    }
    box.append(table);
  }
  return box;
}

function shapeOf(v: NestedArray): number[] {
  const shape: number[] = [];
  let x: NestedArray = v;
  while (Array.isArray(x)) {
    shape.push(x.length);
    x = x[0] as NestedArray;
  }
  return shape;
}

function unravel(off: number, shape: readonly number[]): number[] {
  const idx: number[] = [];
  for (let d = shape.length - 1; d >= 0; d--) {
    idx.unshift(off % shape[d]);
    off = Math.floor(off / shape[d]);
  }
  return idx;
}

/** Which trace entries touch each cell, per role. */
function cellIndex(trace: Trace): Map<string, number[]> {
  const m = new Map<string, number[]>();
  const add = (role: Role, off: number, i: number) => {
    const k = `${role}:${off}`;
    const list = m.get(k);
    if (list) list.push(i);
    else m.set(k, [i]);
  };
  trace.entries.forEach((e, i) => {
    for (const p of e.indexPositions) add('indices', ravel(p, trace.indicesShape), i);
    if (trace.kind === 'gather') {
      add('output', e.spaceOffset, i);
      if (e.operandOffset >= 0) add('data', e.operandOffset, i);
    } else {
      add('updates', e.spaceOffset, i);
      if (e.operandOffset >= 0) {
        add('output', e.operandOffset, i);
        add('data', e.operandOffset, i);
      }
    }
  });
  return m;
}

function renderMapping(call: CoreCall, trace: Trace, result: Tensor | null, args: CallArgs): void {
  const idx = cellIndex(trace);
  const marksFor = (role: Role, size: number): Map<number, CellMark> => {
    const marks = new Map<number, CellMark>();
    for (let off = 0; off < size; off++) {
      const list = idx.get(`${role}:${off}`);
      if (!list) continue;
      const es = list.map((i) => trace.entries[i]);
      const links = new Set(es.map((e) => e.batch));
      const e0 = es[es.length - 1];
      const mark: CellMark = { link: es[0].batch, extra: links.size > 1 };
      const showStatus = role === 'output' || role === 'updates';
      if (showStatus && e0.status !== 'in_bounds') mark.symbol = STATUS_LEGEND[e0.status].symbol;
      if ((role === 'output' || role === 'data') && trace.kind === 'scatter' && es.length > 1)
        mark.symbol = STATUS_LEGEND.duplicate.symbol;
      if (role === 'indices' && es.some((e) => e.status !== 'in_bounds'))
        mark.symbol = STATUS_LEGEND[es.find((e) => e.status !== 'in_bounds')!.status].symbol;
      mark.title = [...new Set(es.map((e) => STATUS_LEGEND[e.status].label))].join(', ');
      marks.set(off, mark);
    }
    return marks;
  };
  const operand = call.kind === 'gather' ? call.operand : call.inputs[0];
  const indices = call.kind === 'gather' ? call.start_indices : call.scatter_indices;
  // The grids show the tensors of the lowered core call (what the mapping reads); say so when
  // the frontend reshaped an input (flattened take, right-aligned DirectML sizes, …).
  const given = (v: NestedArray | undefined) => (v === undefined ? null : shapeOf(v).join());
  const lowered = (name: string, t: Tensor, v: NestedArray | undefined) =>
    given(v) !== null && given(v) !== t.shape.join() ? `${name} (as lowered)` : name;
  const parts: HTMLElement[] = [
    renderTensor(
      lowered(call.kind === 'gather' ? 'data' : 'data (input)', operand, args.data),
      'data',
      operand,
      operand.shape,
      marksFor('data', operand.size),
    ),
    renderTensor(
      lowered('indices', indices, args.indices),
      'indices',
      indices,
      indices.shape,
      marksFor('indices', indices.size),
    ),
  ];
  if (call.kind === 'scatter')
    parts.push(
      renderTensor(
        'updates',
        'updates',
        call.updates[0],
        call.updates[0].shape,
        marksFor('updates', call.updates[0].size),
      ),
    );
  parts.push(
    renderTensor(
      'output',
      'output',
      result,
      result?.shape ?? trace.resultShape,
      marksFor('output', result?.size ?? 0),
    ),
  );
  ui.grids.replaceChildren(...parts);
  // Legend: only what appears.
  const seen = new Set<string>(trace.entries.map((e) => e.status));
  if (trace.entries.some((e) => e.duplicate)) seen.add('duplicate');
  ui.legend.replaceChildren(
    el('span', {}, '#n = index vector n (colour and number)'),
    ...[...seen].map((k) => {
      const s = STATUS_LEGEND[k as keyof typeof STATUS_LEGEND];
      const span = el('span', { 'data-status': k });
      span.append(el('b', {}, `${s.symbol} ${s.label}`), document.createTextNode(`: ${s.explain}`));
      return span;
    }),
  );
  if (trace.kind === 'gather' && trace.fillValue !== undefined)
    ui.legend.append(el('span', {}, `fill value: ${fmtValue(trace.fillValue)}`));
  wireHover(trace, idx);
}

function describe(trace: Trace, e: TraceEntry): string {
  const f = (xs: readonly number[] | null) => (xs ? `[${xs.join(', ')}]` : '');
  const via = e.indexPositions.map((p, k) => `indices${f(p)} = ${fmtValue(e.indexValues[k])}`).join(', ');
  const s = STATUS_LEGEND[e.status];
  const asked =
    e.requested && e.operand && e.requested.join() !== e.operand.join()
      ? ` (asked for ${f(e.requested)})`
      : '';
  const dup = e.duplicate ? `; ${STATUS_LEGEND.duplicate.symbol} collision, applied ${e.order + 1}.` : '';
  if (trace.kind === 'gather')
    return `output${f(e.space)} ← ${e.operand ? `data${f(e.operand)}` : 'nothing read'}${asked} via ${via} — ${s.symbol} ${s.label}${dup}`;
  return `updates${f(e.space)} → ${e.operand ? `output${f(e.operand)}` : 'nothing written'}${asked} via ${via} — ${s.symbol} ${s.label}${dup}`;
}

function wireHover(trace: Trace, idx: Map<string, number[]>): void {
  const cells = (role: string, off: number) =>
    Array.from(
      ui.grids.querySelectorAll<HTMLTableCellElement>(`td[data-role="${role}"][data-offset="${off}"]`),
    );
  const clear = () => {
    for (const td of Array.from(ui.grids.querySelectorAll('td.hl'))) td.classList.remove('hl');
  };
  const show = (td: HTMLTableCellElement) => {
    clear();
    const list = idx.get(`${td.dataset.role}:${td.dataset.offset}`) ?? [];
    td.classList.add('hl');
    for (const i of list) {
      const e = trace.entries[i];
      for (const p of e.indexPositions)
        for (const c of cells('indices', ravel(p, trace.indicesShape))) c.classList.add('hl');
      if (trace.kind === 'gather') {
        for (const c of cells('output', e.spaceOffset)) c.classList.add('hl');
        if (e.operandOffset >= 0) for (const c of cells('data', e.operandOffset)) c.classList.add('hl');
      } else {
        for (const c of cells('updates', e.spaceOffset)) c.classList.add('hl');
        if (e.operandOffset >= 0)
          for (const c of [...cells('output', e.operandOffset), ...cells('data', e.operandOffset)])
            c.classList.add('hl');
      }
    }
    ui.path.textContent = list.length
      ? list
          .slice(0, 4)
          .map((i) => describe(trace, trace.entries[i]))
          .join('  |  ') + (list.length > 4 ? `  |  … ${list.length - 4} more` : '')
      : `${td.dataset.role}[${td.dataset.offset}] is not touched by any index`;
  };
  for (const td of Array.from(ui.grids.querySelectorAll<HTMLTableCellElement>('td[data-role]'))) {
    td.addEventListener('mouseenter', () => show(td));
    td.addEventListener('focus', () => show(td));
    td.addEventListener('keydown', (ev) => moveFocus(td, ev));
  }
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

function renderElsewhere(entry: OpEntry, args: CallArgs, result: Tensor | null): void {
  const peers = peersOf(registry, entry);
  const missing = peers.filter((p) => p.state === 'missing').map((p) => p.id);
  const boxes: HTMLElement[] = [];
  for (const peer of peers.filter((p) => p.state !== 'missing')) {
    const box = el('div', { class: 'peer', 'data-peer': peer.id });
    box.append(el('h3', {}, peer.id));
    const pargs = translateArgs(entry, peer, args);
    try {
      const out = executeCall(NAMESPACES, peer, pargs);
      let verdict: string;
      const diff = new Set<number>();
      if (!result) verdict = 'runs (the current call fails)';
      else if (out.shape.join() !== result.shape.join())
        verdict = `different shape [${out.shape.join(', ')}] vs [${result.shape.join(', ')}]`;
      else {
        const a = out.toFlatArray().map(String);
        const b = result.toFlatArray().map(String);
        a.forEach((v, i) => {
          if (v !== b[i]) diff.add(i);
        });
        verdict = diff.size ? `differs in ${diff.size} of ${a.length} elements` : 'same result';
      }
      box.classList.add(verdict === 'same result' ? 'same' : 'differs');
      box.append(el('p', { class: 'verdict' }, verdict));
      let statuses = '';
      try {
        const t = traceCall(lowerCall(NAMESPACES, peer, pargs));
        const counts = new Map<string, number>();
        for (const e of t.entries)
          if (e.status !== 'in_bounds') counts.set(e.status, (counts.get(e.status) ?? 0) + 1);
        statuses = [...counts]
          .map(([k, n]) => `${STATUS_LEGEND[k as keyof typeof STATUS_LEGEND].symbol} ${n} ${k}`)
          .join(', ');
      } catch {
        // no lowering: value only
      }
      if (statuses) box.append(el('p', { class: 'hint' }, statuses));
      box.append(renderTensor('output', 'output', out, out.shape, new Map(), diff));
    } catch (e) {
      box.classList.add('failed');
      const code = e instanceof GatherScatterError ? e.code : '';
      const p = el('p', { class: 'verdict' }, 'fails: ');
      if (code) p.append(el('code', {}, code));
      p.append(document.createTextNode(` ${e instanceof Error ? e.message : String(e)}`));
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
      out.push(table);
    } else if (line.startsWith('### ')) out.push(el('h3', {}, line.slice(4)));
    else if (line.startsWith('# ') || line.startsWith('<!--') || !line.trim()) continue;
    else if (line.startsWith('[^')) {
      const p = el('p', { class: 'footnotes' });
      inline(line.replace(/^\[\^([\w-]+)\]:/, '$1:'), p);
      out.push(p);
    } else {
      // a paragraph: consecutive plain lines
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

initControls();
const hash = new URLSearchParams(location.hash.slice(1));
const preset = PRESETS.find(
  (p) => p.id === hash.get('preset') && registry.find((e) => e.id === p.op)?.state !== 'missing',
);
const opFromHash = registry.find((e) => e.id === hash.get('op') && e.state !== 'missing');
if (preset) {
  selectFramework(preset.op.split('.')[0], preset.op);
  loadPreset(preset);
} else if (opFromHash) selectFramework(opFromHash.framework, opFromHash.id);
else selectFramework('onnx');
if (hash.get('tables') === '1') ui.tablesDetails.open = true;
