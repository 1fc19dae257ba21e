/**
 * The grids panel: data, indices, updates and output drawn from the lowered call (marks from the
 * trace for small calls), and the legend of the statuses and roles.
 */
import { type CoreCall, planOf } from '../src/core/call.js';
import type { IndexMapSpec } from '../src/core/index-map.js';
import { GatherScatterError } from '../src/errors.js';
import type { Trace } from '../src/core/trace.js';
import { STATUS_LEGEND } from '../src/tables/legend.js';
import type { CallArgs, OpEntry } from '../src/tables/registry.js';
import type { NestedArray, Tensor } from '../src/tensor/tensor.js';
import { fmtScalar } from './arith.js';
import { gridRoles, labelAxes } from './axis-roles.js';
import { colourControl, colourKey, colouring } from './colour-by.js';
import { flatValues } from './flat.js';
import { type CellMark, el, type Role, type TensorView, tensorView } from './grid.js';
import { ROLE_COLOR, ROLE_LABEL, ROLE_MARK, roleStyle } from './palette.js';
import { ui } from './ui.js';

/**
 * `indexValues`: the indices' values, so that a vector counted from the end marks only its
 * negative components (`[-2, 0]`: the 0 is used as given).
 */
function marksFor(trace: Trace, role: Role, indexValues?: ArrayLike<unknown>): Map<number, CellMark> {
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
    const links = new Set(es.map(colourKey).filter((k) => k >= 0));
    const last = es[es.length - 1];
    let symbol: string | undefined;
    if ((role === 'output' && trace.kind === 'gather') || role === 'updates') {
      if (last.status !== 'in_bounds') symbol = STATUS_LEGEND[last.status].symbol;
    } else if (role === 'indices') {
      const negative = indexValues ? Number(indexValues[off]) < 0 : true;
      const odd = es.find((e) => e.status !== 'in_bounds' && (e.status !== 'from_end' || negative));
      if (odd) symbol = STATUS_LEGEND[odd.status].symbol;
    } else if (trace.kind === 'scatter' && es.length > 1) symbol = STATUS_LEGEND.duplicate.symbol;
    marks.set(off, {
      ...(links.size ? { link: [...links][0], links: [...links] } : {}),
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

export function renderMapping(
  entry: OpEntry,
  call: CoreCall,
  trace: Trace | null,
  result: Tensor | null,
  args: CallArgs,
): Map<Role, TensorView> {
  const operand = call.kind === 'gather' ? call.operand : call.inputs[0];
  const indices = call.kind === 'gather' ? call.start_indices : call.scatter_indices;
  // The shape as given: the editor's tensor when there is one (reading a big input's nested
  // values would build them), else the nesting.
  const given = (role: 'data' | 'indices') =>
    args.tensors?.[role]?.shape.join() ?? shapeOf(role === 'data' ? args.data : args.indices);
  const lowered = (t: Tensor, role: 'data' | 'indices') => {
    const g = given(role);
    return g !== null && g !== t.shape.join() ? 'as lowered' : undefined;
  };
  const width = Math.max(200, Math.min(ui.grids.clientWidth || 1000, 1240) / 2 - 40);
  const mk = (role: Role) =>
    trace
      ? marksFor(trace, role, role === 'indices' ? flatValues(indices) : undefined)
      : new Map<number, CellMark>();
  const specs: { title: string; role: Role; t: Tensor | null; shape: readonly number[]; note?: string }[] = [
    {
      title: call.kind === 'gather' ? 'data' : 'data (input)',
      role: 'data',
      t: operand,
      shape: operand.shape,
      note: lowered(operand, 'data'),
    },
    {
      title: 'indices',
      role: 'indices',
      t: indices,
      shape: indices.shape,
      note: lowered(indices, 'indices'),
    },
  ];
  // tf.scatter_nd / mxnet.scatter_nd take no data (they start from zeros of a shape): no data grid.
  const takesData = entry.signature.params.some(
    (p) => p === 'data' || (typeof p === 'object' && 'desc' in p),
  );
  if (!takesData) specs.shift();
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
  const spec = specOf(call);
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
    const roles = spec ? gridRoles(call.kind, spec, s.role, s.shape.length) : null;
    if (roles) labelAxes(v.root, roles);
    views.set(s.role, v);
    ui.grids.append(v.root);
  }
  renderLegend(trace, entry);
  colourControl(ui.legend, () => ui.run.click());
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
  const statusItems = (present: boolean) =>
    Object.entries(STATUS_LEGEND)
      .filter(([k]) => k !== 'in_bounds' && seen.has(k) === present)
      .map(([k, s]) => item(s.symbol, `${s.label}: ${s.explain}`, present, k));
  const items = [
    item(
      '#n',
      'index vector n: the colour and number shared by an output (or update) element, the indices it reads and the data element it reaches',
      true,
    ),
    item(
      '#a·b',
      'this element is reached through several index vectors: striped in each one’s colour (+: more than three)',
      true,
    ),
    ...(colouring.by === 'element'
      ? [
          item(
            '#k',
            'coloured by data element: k is the flat offset of the data element read or written',
            true,
          ),
        ]
      : []),
    ...statusItems(true),
  ];
  // Only the statuses this call shows; the rest (and the comparison mark) fold away, so the
  // legend of a plain call is two lines, not a phone screen.
  const more = el('details', { class: 'legend-more' });
  more.append(
    el('summary', {}, 'other marks'),
    ...statusItems(false),
    item('≠', 'same call elsewhere: this element differs from the current result', false),
  );
  if (trace?.kind === 'gather' && trace.fillValue !== undefined)
    items.push(item('∅ =', `fill value ${fmtScalar(trace.fillValue)}`, true));
  const roles = (Object.keys(ROLE_COLOR) as (keyof typeof ROLE_COLOR)[]).map((r) => {
    const s = el('span', { class: 'role-key' });
    s.append(
      el('i', { class: 'chip', style: roleStyle(r), 'data-mark': ROLE_MARK[r] }, 'd'),
      document.createTextNode(` ${ROLE_LABEL[r]}`),
    );
    return s;
  });
  ui.legend.replaceChildren(...items, ...roles, more);
}

/** The call's index map spec (the plan is cached), or null when the call has no plan. */
function specOf(call: CoreCall): IndexMapSpec | null {
  try {
    return (call.kind === 'gather' ? planOf(call) : planOf(call)).map.spec;
  } catch (e) {
    if (e instanceof GatherScatterError) return null;
    throw e;
  }
}
