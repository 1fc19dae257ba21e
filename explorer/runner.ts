/**
 * Running: reads the editors into call arguments, lowers and executes the call, and hands the
 * result to the views (grids, code, comparisons, scatter arithmetic).
 */
import { type CoreCall, execute, stablehloText } from '../src/core/call.js';
import { traceCall } from '../src/core/trace.js';
import { GatherScatterError } from '../src/errors.js';
import { type CallArgs, lowerCall, type OpEntry } from '../src/tables/registry.js';
import type { Scalar } from '../src/tensor/dtype.js';
import type { Tensor } from '../src/tensor/tensor.js';
import { callCode } from './code.js';
import { flatValues } from './flat.js';
import { foldHugeEditors, inputTexts } from './editors.js';
import { parsing, readsInWorker } from './parse-in-worker.js';
import { READING, readArgs } from './read-args.js';
import { el, type Role } from './grid.js';
import { JsonInputError } from './json.js';
import { Landing } from './landing.js';
import { NAMESPACES } from './namespaces.js';
import { HUGE_TEXT, type Run, state, TRACE_LIMIT, warmWhenIdle } from './state.js';
import { ui, webgpu } from './ui.js';
import { callSizeError } from './url.js';
import { commit } from './url-controller.js';
import { renderArithSummary } from './view-arith.js';
import { renderElsewhere } from './view-elsewhere.js';
import { showError } from './view-error.js';
import { renderMapping } from './view-grids.js';
import { show } from './view-hover.js';

let pendingRun: ReturnType<typeof setTimeout> | undefined;
/** Runs after `delay` ms without another call (300: typing; 0: a paste, after the fold paints). */
export function runSoon(delay = 300): void {
  clearTimeout(pendingRun);
  pendingRun = setTimeout(() => {
    run();
    commit('replace');
  }, delay);
}

/** Counts runs, so that a run waiting for a worker's parse is dropped when another has started. */
let runs = 0;

export function run(): void {
  clearTimeout(pendingRun);
  pendingRun = undefined;
  const entry = state.current;
  if (!entry) return;
  const seq = ++runs;
  const t0 = performance.now();
  const phases: Record<string, number> = {};
  let tp = t0;
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round((now - tp) * 10) / 10;
    tp = now;
  };
  state.last = null;
  ui.grids.replaceChildren();
  ui.hlo.textContent = '';
  ui.elsewhere.replaceChildren();
  ui.derivation.replaceChildren(
    el('p', { class: 'hint' }, 'Hover, focus or click an element to derive its index.'),
  );
  ui.arith.replaceChildren();
  ui.arithAll.replaceChildren();
  ui.path.textContent = 'Hover or focus any cell to trace its path; click to pin it.';
  foldHugeEditors();
  let args: CallArgs | typeof READING;
  try {
    args = readArgs(state.current!.signature);
  } catch (e) {
    // The user's input: a JSON error with its position, or a value the library refuses.
    if (!(e instanceof JsonInputError || e instanceof GatherScatterError)) throw e;
    showError(e);
    return;
  }
  if (args === READING) {
    showReading(seq);
    return;
  }
  phase('parse');
  let call: CoreCall;
  try {
    call = lowerCall(NAMESPACES, entry, args);
  } catch (e) {
    if (!(e instanceof GatherScatterError)) throw e;
    showError(e);
    showCode(entry, args, null);
    // Peers of big inputs run on request (their nested values are parsed only then).
    renderElsewhere(entry, args, null, hugeInputs());
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
    if (!(e instanceof GatherScatterError)) throw e;
    runError = e;
  }
  showError(runError, runError ? 'The call fails: ' : '');
  webgpu.update(call, result, runError);
  phase('execute');
  const done = { entry, args, call, result, phases, phase, t0 };
  // Inputs read by a worker draw in a task of their own: execute and draw never block the page at once.
  const { data, indices, updates } = inputTexts();
  if (![data, indices, updates].some(readsInWorker)) draw(done);
  else
    setTimeout(() => {
      if (seq === runs) draw(done);
    }, 0);
}

/** What a run hands to {@link draw}. */
interface Executed {
  readonly entry: OpEntry;
  readonly args: CallArgs;
  readonly call: CoreCall;
  readonly result: Tensor | null;
  readonly phases: Record<string, number>;
  readonly phase: (name: string) => void;
  readonly t0: number;
}

/** The views of an executed call: landing map, grids, scatter arithmetic, peers, pinned element. */
function draw({ entry, args, call, result, phases, phase, t0 }: Executed): void {
  let landing: Landing | null = null;
  try {
    landing = new Landing(call);
    // Small calls get their landing map now; big ones when idle (or at the first hover): the
    // first paint of big inputs shows values only, so it does not wait for the map.
    if (landing.spaceSize <= TRACE_LIMIT) landing.warm();
  } catch (e) {
    // The call is invalid (the error above says why): no landing map to draw.
    if (!(e instanceof GatherScatterError)) throw e;
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
  state.last = r;
  if (landing && space > TRACE_LIMIT) warmWhenIdle(r);
  if (call.kind === 'scatter') renderArithSummary(r);
  else ui.arithSection.hidden = true;
  const big = operand.size > TRACE_LIMIT || space > TRACE_LIMIT || hugeInputs();
  renderElsewhere(entry, args, result, big);
  if (state.pinned) show(state.pinned.role, state.pinned.offset);
  phase('rest');
  (window as unknown as { __explorer: unknown }).__explorer = {
    renderMs: performance.now() - t0,
    big,
    phases,
  };
}

/** Some editor holds a big text (its nested values are parsed only when something asks). */
function hugeInputs(): boolean {
  const { data, indices, updates } = inputTexts();
  return Math.max(data.length, indices.length, updates.length) > HUGE_TEXT;
}

/**
 * A big text is being read by a worker: the page says so (and stays responsive), and runs again
 * when the worker answers — unless another run started meanwhile.
 */
function showReading(seq: number): void {
  const { data, indices, updates } = inputTexts();
  const mb = (data.length + indices.length + updates.length) / 1e6;
  ui.grids.replaceChildren(el('p', { class: 'hint reading' }, `Reading ${mb.toFixed(1)} MB of JSON…`));
  parsing().then(() => {
    if (seq === runs) run();
  });
}

function showCode(entry: OpEntry, args: CallArgs, call: CoreCall | null): void {
  const { data, indices, updates } = inputTexts();
  const size = data.length + indices.length + updates.length;
  if (size > 20000) {
    ui.codeLang.textContent = '';
    ui.code.textContent = '(inputs too large to print as code; the link holds them)';
    return;
  }
  const { lang, text } = callCode(entry, args, call);
  ui.codeLang.textContent = lang;
  ui.code.textContent = text;
}
