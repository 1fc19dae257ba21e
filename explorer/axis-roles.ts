/**
 * Role labels on a grid's axes and slice labels (issue 26 item 1): which dims of the data, the
 * indices and the output are batch, batching, indexed, collapsed or window dims, as chips under
 * each grid's title and as marks on the `[i, j, :, :]` slice labels — so a StableHLO gather's
 * small multiples say which slice index is a batch position and which a window offset.
 */
import type { IndexMapSpec } from '../src/core/index-map.js';
import type { Role } from './grid.js';
import { type DimRole, indicesRoles, operandRoles } from './derive.js';
import { ROLE_LABEL, ROLE_MARK, roleStyle } from './palette.js';
import { shapeSources } from './words.js';

/** The role of each dim of one grid; null when its shape is not the mapping's (a final reshape). */
export function gridRoles(
  kind: 'gather' | 'scatter',
  spec: IndexMapSpec,
  role: Role,
  rank: number,
): { role: DimRole; indexed: boolean }[] | null {
  const space = kind === 'gather' ? role === 'output' : role === 'updates';
  const operand = role === 'data' || (kind === 'scatter' && role === 'output');
  // Space dims from an indices batching dim are batching dims too (shapeSources pairs them).
  const spaceDims = (): DimRole[] =>
    shapeSources(spec).map((x) =>
      x.role === 'window' ? 'offset' : x.role === 'batching' ? 'operand_batching' : 'batch',
    );
  const roles = space
    ? spaceDims()
    : operand
      ? operandRoles(spec)
      : role === 'indices'
        ? indicesRoles(spec)
        : null;
  if (!roles || roles.length !== rank) return null;
  return roles.map((r, d) => ({ role: r, indexed: operand && spec.startIndexMap.includes(d) }));
}

/** Chips under the grid's title (`d0 b`, `d1 ⇄`, …) and role marks on its slice labels. */
export function labelAxes(root: HTMLElement, roles: readonly { role: DimRole; indexed: boolean }[]): void {
  const axes = document.createElement('p');
  axes.className = 'axes';
  roles.forEach((r, d) => {
    const chip = document.createElement('span');
    chip.className = 'chip';
    chip.setAttribute('style', roleStyle(r.indexed ? 'index_vector' : r.role));
    chip.dataset.role = r.role;
    chip.dataset.mark = r.indexed ? ROLE_MARK.index_vector : ROLE_MARK[r.role];
    chip.title = `dim ${d}: ${r.indexed ? 'indexed by the index vector' : ROLE_LABEL[r.role]}`;
    chip.textContent = `d${d}`;
    axes.append(chip, ' ');
  });
  root.querySelector('h3')?.after(axes);
  // Slice labels `[i, j, :, :]`: the leading dims, each with its role's letter.
  for (const label of Array.from(root.querySelectorAll<HTMLElement>('.slice-label'))) {
    const parts = (label.textContent ?? '').replace(/^\[|\]$/g, '').split(', ');
    label.textContent = `[${parts
      .map((p, d) =>
        roles[d] ? `${p}${roles[d].indexed ? ROLE_MARK.index_vector : ROLE_MARK[roles[d].role]}` : p,
      )
      .join(', ')}]`;
    label.title = parts
      .map((_, d) =>
        roles[d] ? `dim ${d}: ${roles[d].indexed ? 'indexed' : ROLE_LABEL[roles[d].role]}` : '',
      )
      .join('; ');
  }
}
