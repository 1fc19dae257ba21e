/**
 * "Same call elsewhere": the call's arguments translated to every peer operator of the other
 * frameworks, run, and compared element by element with the current result.
 */
import { traceCall } from '../src/core/trace.js';
import { GatherScatterError } from '../src/errors.js';
import { STATUS_LEGEND } from '../src/tables/legend.js';
import {
  type CallArgs,
  executeCall,
  lowerCall,
  type OpEntry,
  peersOf,
  translateArgs,
} from '../src/tables/registry.js';
import type { Scalar } from '../src/tensor/dtype.js';
import type { Tensor } from '../src/tensor/tensor.js';
import { el, tensorView } from './grid.js';
import { NAMESPACES } from './namespaces.js';
import { registry, ui } from './ui.js';
import { errorName } from './view-error.js';

export function renderElsewhere(entry: OpEntry, args: CallArgs, result: Tensor | null, big: boolean): void {
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
