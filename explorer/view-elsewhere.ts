/**
 * "Same call elsewhere": the call translated to every peer operator of the other frameworks
 * (src/translate: layouts moved — MXNet's index vectors along the first dim, tf.scatter_nd's
 * missing data as zeros — and every policy difference stated), run, and compared element by
 * element with the current result. A peer that starts from zeros (mxnet/tf scatter_nd) is
 * translated on zero data (zero-base.ts) and says so. A peer `translate` does not choose takes
 * the arguments as they are (registry translateArgs), as before.
 */
import type { CoreCall } from '../src/core/call.js';
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
import type { NestedArray, Tensor } from '../src/tensor/tensor.js';
import { type Translation, translate } from '../src/translate/index.js';
import { el, tensorView } from './grid.js';
import { NAMESPACES } from './namespaces.js';
import { state } from './state.js';
import { registry, ui } from './ui.js';
import { errorName } from './view-error.js';
import { onZeros } from './zero-base.js';

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
  const call = state.last?.entry === entry && state.last.args === args ? state.last.call : null;
  const translations = new Map<string, Translation | GatherScatterError>();
  for (const peer of peers) {
    const box = el('div', { class: 'peer', 'data-peer': peer.id });
    box.append(el('h3', {}, peer.id));
    // Index-tuple ops take the same stacked tuple (tuple-ops.ts), which translate does not target.
    const sameTuple = entry.signature.indexTuple === true && peer.signature.indexTuple === true;
    const found = call && !sameTuple ? translationTo(call, peer.framework, translations) : null;
    // A peer that starts from zeros (mxnet/tf scatter_nd) is shown on zeros, its layout intact.
    const z =
      found instanceof GatherScatterError
        ? onZeros(entry, args, peer, { registry, namespaces: NAMESPACES })
        : null;
    const t = z ? z.translation : found;
    if (t instanceof GatherScatterError) {
      // translate found no op there: say why rather than run the arguments in the wrong layout.
      box.classList.add('failed');
      const p = el('p', { class: 'verdict' }, 'no equivalent: ');
      p.append(el('code', {}, t.code), ` ${t.message.replace(` (${t.code})`, '')}`);
      box.append(p);
      boxes.push(box);
      continue;
    }
    const pargs = t?.op === peer.id ? t.callArgs : translateArgs(entry, peer, withData(plain, peer, call));
    if (t?.op === peer.id) {
      box.dataset.translated = '1';
      // The layout difference itself: the indices as this peer takes them, when they move.
      const given = plainJson(plain.indices);
      const moved = plainJson(t.callArgs.indices);
      if (moved !== given)
        box.append(el('p', { class: 'hint layout' }, `indices as ${peer.id} takes them: ${moved}`));
      if (t.differences.length)
        box.append(el('p', { class: 'hint translated' }, `translated: ${t.differences.join('; ')}`));
    }
    if (z && result) box.append(zeroNote(entry, peer, z.result, result));
    try {
      const out = executeCall(NAMESPACES, peer, pargs);
      let verdict: string;
      let cls: string;
      const diff = new Set<number>();
      // On zeros, the peer is compared with this op's result on zeros (zeroNote states the rest).
      const base = z ? z.result : result;
      if (!base) {
        verdict = 'runs (the current call fails)';
        cls = 'runs';
      } else if (out.shape.join() !== base.shape.join()) {
        verdict = `different shape [${out.shape.join(', ')}] vs [${base.shape.join(', ')}]`;
        cls = 'differs';
      } else {
        const a = out.toFlatArray();
        const b = base.toFlatArray();
        for (let i = 0; i < a.length; i++) if (String(a[i]) !== String(b[i])) diff.add(i);
        const same = z ? `same result as ${entry.id} on zeros` : 'same result';
        verdict = diff.size ? `differs in ${diff.size} of ${a.length} elements` : same;
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
        } catch (e) {
          // The peer runs but has no lowering to trace: its value only.
          if (!(e instanceof GatherScatterError)) throw e;
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
      // The peer refuses the call (the library's typed error): shown as its verdict.
      if (!(e instanceof GatherScatterError)) throw e;
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

/** The call translated to `framework` once per render, or the typed error saying why none exists. */
function translationTo(
  call: CoreCall,
  framework: string,
  cache: Map<string, Translation | GatherScatterError>,
): Translation | GatherScatterError {
  let t = cache.get(framework);
  if (!t) {
    try {
      t = translate(call, framework as Parameters<typeof translate>[1], { registry, namespaces: NAMESPACES });
    } catch (e) {
      if (!(e instanceof GatherScatterError)) throw e;
      t = e;
    }
    cache.set(framework, t);
  }
  return t;
}

/**
 * A scatter without data (tf.scatter_nd, mxnet.scatter_nd: zeros of a shape) compared with a
 * peer that takes data: the data is the zeros the lowered call starts from, as translate does.
 */
function withData(plain: CallArgs, peer: OpEntry, call: CoreCall | null): CallArgs {
  if (plain.data !== undefined || call?.kind !== 'scatter' || !peer.signature.params.includes('data'))
    return plain;
  const zeros = call.inputs[0];
  return { ...plain, data: zeros.toArray() as NestedArray, dataDType: zeros.dtype };
}

/** What a zero-based comparison leaves out: the elements where the input shows through. */
function zeroNote(entry: OpEntry, peer: OpEntry, onZeros: Tensor, result: Tensor): HTMLElement {
  const a = onZeros.toFlatArray();
  const b = result.toFlatArray();
  let n = 0;
  for (let i = 0; i < a.length; i++) if (String(a[i]) !== String(b[i])) n++;
  return el(
    'p',
    { class: 'hint zero-base' },
    `${peer.id} starts from zeros (it takes a shape, not data): compared with ${entry.id} on zero data; on this input ${n} of ${b.length} elements differ (the input's values where ${peer.id} has 0)`,
  );
}

const plainJson = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number(x) : x));
