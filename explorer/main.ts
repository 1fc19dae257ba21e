/**
 * The explorer: pick a framework operator (or paste a call), edit its inputs, and see data,
 * indices, updates and output as grids whose links and marks come from the lowered call the
 * library runs — `lowerCall` then `execute`, the trace (`traceCall`) for small inputs and the
 * core's IndexMap landing map (landing.ts) at any size. Hover or focus an element for the
 * derivation of its index (derive.ts) and, for scatter, the arithmetic that lands on it
 * (arith.ts). The state lives in the URL (url.ts).
 *
 * Modules: state.ts (mutable state), ui.ts (page elements), controls.ts, url-controller.ts,
 * runner.ts, and one view per panel (view-*.ts).
 */
import { initControls } from './controls.js';
import { boundAllocations } from './url.js';
import { applyHash } from './url-controller.js';

boundAllocations();
initControls();
void applyHash().then(() => {
  document.body.dataset.ready = '1';
});
