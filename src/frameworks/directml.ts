/**
 * DirectML gather/scatter operators with the fields of their `DML_*_OPERATOR_DESC` structs:
 * pass one desc object whose fields are DirectML's own (`InputTensor`, `IndicesTensor`,
 * `OutputTensor?`, `Axis`, `IndexDimensions`, …; unknown fields are refused) and, optionally, our
 * policies as a second argument (`featureLevel`, `outOfBounds`, `duplicates`; table
 * `DIRECTML_POLICY`). A Tensor `OutputTensor` is the output buffer (this frontend's `out`).
 * See docs/directml.md.
 *
 * @example
 * directml.GATHER({ InputTensor: input, IndicesTensor: indices, Axis: 0, IndexDimensions: 1 });
 */
import { DIRECTML_POLICY } from './directml/desc.js';
import { GATHER, GATHER_ELEMENTS, GATHER_ND, GATHER_ND1, lower as lowerGather } from './directml/gather.js';
import { SCATTER, SCATTER_ND, lower as lowerScatter } from './directml/scatter.js';

export type {
  DmlDataType,
  DmlFeatureLevel,
  DmlGatherOptions,
  DmlOptions,
  DmlOutputTensor,
  DmlOutputTensorDesc,
} from './directml/desc.js';
export type {
  DmlGatherDesc,
  DmlGatherElementsDesc,
  DmlGatherND1Desc,
  DmlGatherNDDesc,
} from './directml/gather.js';
export type { DmlScatterDesc, DmlScatterNDDesc } from './directml/scatter.js';

/** DirectML DML_GATHER*, DML_SCATTER, DML_SCATTER_ND; `lower.<OP>` returns the core call. */
export const directml = {
  GATHER,
  GATHER_ELEMENTS,
  GATHER_ND,
  GATHER_ND1,
  SCATTER,
  SCATTER_ELEMENTS: SCATTER,
  SCATTER_ND,
  /** The policy table (`DIRECTML_POLICY`): feature levels, out-of-bounds, duplicates. */
  policy: DIRECTML_POLICY,
  lower: { ...lowerGather, ...lowerScatter },
} as const;
