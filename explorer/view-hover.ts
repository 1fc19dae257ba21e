/**
 * Hover, focus and pin: which cells an element links to (from the landing map), the path line,
 * and the derivation and arithmetic panels for it.
 */
import type { Derivation } from './derive.js';
import { unravel } from './derive.js';
import type { Role } from './grid.js';
import { landingOf, type Run, state } from './state.js';
import { ui } from './ui.js';
import { commit } from './url-controller.js';
import { renderArith } from './view-arith.js';
import { renderDerivation } from './view-derivation.js';

/** The space elements (gather result / scatter update elements) a cell stands for. */
function spacesOf(r: Run, role: Role, off: number): number[] {
  const L = landingOf(r);
  if (!L) return [];
  const gather = r.call.kind === 'gather';
  if ((gather && role === 'output') || role === 'updates') return off < L.spaceSize ? [off] : [];
  if (role === 'indices') return L.batchesOfIndexElement(off).flatMap((b) => L.spacesOfBatch(b));
  return L.spacesOfOperand(off);
}

export function show(role: Role, off: number): void {
  const r = state.last;
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
      const target = L.operandAt(s);
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
          ? L.operandAt(off)
          : spaces.length && L
            ? L.operandAt(spaces[0])
            : -1;
    renderArith(r, target, role === 'updates' ? off : -1);
  }
  (window as unknown as { __hoverMs: number }).__hoverMs = performance.now() - t0;
}

export function pin(role: Role, off: number): void {
  state.pinned = { role, offset: off };
  show(role, off);
  commit('replace');
}

export function shapeOfRole(r: Run, role: Role): readonly number[] {
  const c = r.call;
  if (role === 'data') return c.kind === 'gather' ? c.operand.shape : c.inputs[0].shape;
  if (role === 'indices') return c.kind === 'gather' ? c.start_indices.shape : c.scatter_indices.shape;
  if (role === 'updates') return c.kind === 'scatter' ? c.updates[0].shape : [];
  return r.result?.shape ?? [];
}
