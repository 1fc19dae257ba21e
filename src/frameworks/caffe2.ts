/**
 * Caffe2 `Gather` and `BatchGather` with Caffe2's argument names (`axis`, `wrap_indices`,
 * `match_outer`) and its policies in `CAFFE2_POLICY`. See docs/caffe2.md.
 *
 * @example
 * caffe2.Gather(data, indices);                                   // axis 0, negatives wrap
 * caffe2.Gather(data, indices, { axis: 1, match_outer: true });   // batch prefix
 * caffe2.BatchGather(data, indices);                              // axis 1, no wrap
 */
import { arityChecked } from './arity.js';
import * as stated from './caffe2/gather.js';
import { BatchGather, CAFFE2_POLICY, Gather, lower } from './caffe2/gather.js';

export type { Caffe2BatchGatherArgs, Caffe2GatherArgs } from './caffe2/gather.js';

/** Caffe2 gather operators; `lower.<Op>` returns the core call. */
export const caffe2 = /* @__PURE__ */ arityChecked('caffe2', stated, {}, {
  Gather,
  BatchGather,
  /** The policy table (`CAFFE2_POLICY`): out-of-range indices and `wrap_indices`. */
  policy: CAFFE2_POLICY,
  lower,
} as const);
