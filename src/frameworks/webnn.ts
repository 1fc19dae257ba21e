/**
 * WebNN (W3C Web Neural Network API) `gather`, `gatherElements`, `gatherND`,
 * `scatterElements`, `scatterND`: the spec's validation steps and constraints tables, its
 * camelCase options (`axis`, `label`), the out-of-bounds/duplicate policies in `WEBNN_POLICY`
 * (clamp and last-wins by default) and `out`, in one strict options object (an unknown key is
 * `webnn.<op>.options`). `webnn.<op>(...)` is `execute(webnn.lower.<op>(...))`. See docs/webnn.md.
 *
 * @example
 * webnn.gather(input, indices, { axis: 1 });
 * webnn.scatterND(input, indices, updates, { outOfBounds: 'error' });
 */
import { lower as lowerGather, gather, gatherElements, gatherND } from './webnn/gather.js';
import { WEBNN_POLICY } from './webnn/policy.js';
import { lower as lowerScatter, scatterElements, scatterND } from './webnn/scatter.js';

export type { WebNNGatherOptions } from './webnn/gather.js';
export type { WebNNScatterOptions } from './webnn/scatter.js';
export type {
  WebNNDuplicates,
  WebNNOutOfBounds,
  WebNNPolicyOptions,
  WebNNScatterPolicyOptions,
} from './webnn/policy.js';

/** WebNN gather/scatter operators; `lower.<op>` returns the core call without running it. */
export const webnn = {
  gather,
  gatherElements,
  gatherND,
  scatterElements,
  scatterND,
  /** The policy table (`WEBNN_POLICY`): negative indices, out-of-bounds, duplicates. */
  policy: WEBNN_POLICY,
  lower: { ...lowerGather, ...lowerScatter },
} as const;
