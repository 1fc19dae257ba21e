/**
 * The derivation panel: the steps from a space element to the operand element it reaches, with
 * the framework's words beside StableHLO's, checked against the core's landing map and trace.
 */
import { STATUS_LEGEND } from '../src/tables/legend.js';
import {
  type Derivation,
  type FrameworkNames,
  indicesRoles,
  operandRoles,
  spaceRoles,
  unravel,
} from './derive.js';
import { el } from './grid.js';
import { fmtScalar } from './arith.js';
import { type ROLE_COLOR, ROLE_LABEL, ROLE_MARK, roleStyle } from './palette.js';
import { landingOf, type Run } from './state.js';
import { ui } from './ui.js';
import { frameworkWords, type Words } from './words.js';
import { wordsOf as tensorNames } from '../src/frameworks/index.js';

function frameworkNames(r: Run, space: readonly number[], operand: readonly number[] | null): FrameworkNames {
  // StableHLO's steps are already in its own words.
  if (r.entry.framework === 'stablehlo') return {};
  const w = tensorNames(r.entry);
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
    space: `${gather ? w.result : w.updates}[${space.join(', ')}]`,
    ...(axis || batch ? { axis: [axis, batch].filter(Boolean).join(', ') } : {}),
  };
}

function chip(v: {
  value: number | string;
  role: keyof typeof ROLE_COLOR;
  dim: number;
  changed?: boolean;
}): HTMLElement {
  const c = el('span', {
    class: `chip${v.changed ? ' changed' : ''}`,
    style: roleStyle(v.role),
    title: `dim ${v.dim}: ${ROLE_LABEL[v.role]}${v.changed ? ' (changed by the policy)' : ''}`,
    'data-role': v.role,
    'data-mark': ROLE_MARK[v.role],
  });
  c.textContent = String(v.value);
  return c;
}

export function renderDerivation(r: Run, spaces: readonly number[], derivs: readonly Derivation[]): void {
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
  box.append(wordsBlock(r, s, d));
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
  // The StableHLO derivation, folded under the framework's words (open it to see every step).
  const fold = el('details', { class: 'hlo-steps' });
  fold.append(
    el(
      'summary',
      {},
      `StableHLO derivation (${r.call.kind}: ${d.steps.length} steps, the op's own attribute names)`,
    ),
    table,
  );
  box.append(fold);
  // The derivation is arithmetic on the dimension numbers; check it against the core.
  // A big call's map is computed in idle slices after the first paint: until it is complete
  // the verdict says so rather than computing four million offsets inside a hover.
  const core = L.ready ? L.operandOf[s] : null;
  const tr = r.trace?.entries[s];
  const agrees =
    d.operandOffset === core && (!tr || (tr.status === d.status && tr.operandOffset === d.operandOffset));
  const status = STATUS_LEGEND[d.status];
  const verdict = el('p', { class: agrees || core === null ? 'check ok' : 'check bad' });
  verdict.textContent = `${status.symbol} ${status.label} · ${
    core === null
      ? "the core's index map is still being computed; hover again for the check"
      : agrees
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

/** The user's shape of a nested JSON value (the lowered call may have reshaped it). */
function nestedShape(v: unknown): number[] {
  const out: number[] = [];
  let x = v;
  while (Array.isArray(x)) {
    out.push(x.length);
    x = x[0];
  }
  return out;
}

/** The framework's words for space element `s`: formula, acting policy, shape algebra. */
function wordsOf(r: Run, s: number, d: Derivation): Words {
  const gather = r.call.kind === 'gather';
  const space = gather ? (r.result?.shape ?? []) : r.call.kind === 'scatter' ? r.call.updates[0].shape : [];
  const value = gather ? r.values.get('output')?.[s] : r.values.get('updates')?.[s];
  const out = r.values.get('output');
  const reducer = r.call.kind === 'scatter' ? r.call.update_computation : undefined;
  return frameworkWords({
    entry: r.entry,
    attrs: r.args.attrs ?? {},
    spec: landingOf(r)!.spec,
    derivation: d,
    at: unravel(s, space),
    ...(value !== undefined ? { value: fmtScalar(value) } : {}),
    ...(!gather && out && d.operandOffset >= 0 ? { target: fmtScalar(out[d.operandOffset]) } : {}),
    ...(typeof reducer === 'string' ? { reducer } : {}),
    // The shapes as given (the editor's tensors when built; big inputs keep no nested copy).
    ...(r.args.tensors?.data || r.args.data !== undefined
      ? { dataShape: r.args.tensors?.data?.shape ?? nestedShape(r.args.data) }
      : {}),
    indicesShape: r.args.tensors?.indices?.shape ?? nestedShape(r.args.indices),
  });
}

function wordsBlock(r: Run, s: number, d: Derivation): HTMLElement {
  const w = wordsOf(r, s, d);
  const box = el('div', { class: 'words' });
  box.append(el('p', { class: 'formula' }, w.formula));
  for (const p of w.policy) box.append(el('p', { class: 'policy-step' }, p));
  const shape = el('div', { class: 'shape-algebra' });
  for (const line of w.shapeRule) shape.append(el('p', {}, line));
  box.append(shape);
  return box;
}
