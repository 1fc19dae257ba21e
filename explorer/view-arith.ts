/**
 * The scatter arithmetic panel: for a target element, its input value and every update that
 * lands on it, combined in application order (arith.ts), checked against the result.
 */
import { fmtScalar, scatterArithmetic } from './arith.js';
import { unravel } from './derive.js';
import { el } from './grid.js';
import { landingOf, type Run } from './state.js';
import { ui } from './ui.js';

export function renderArith(r: Run, target: number, update: number): void {
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
export function renderArithSummary(r: Run): void {
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
