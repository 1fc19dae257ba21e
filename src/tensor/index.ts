export * from './dtype.js';
export {
  type NestedArray,
  type NestedOf,
  MAX_RANK,
  setAllocationLimit,
  getAllocationLimit,
  checkRank,
  checkShape,
  sameShape,
  checkedSize,
  type BudgetPart,
  checkCallBudget,
  stridesOf,
  typedArrayName,
  Tensor,
  tensor,
  zeros,
  full,
  arange,
} from './tensor.js'; // not resultTensor: the core's unchecked constructor stays internal
// Checked at the entry (kernels and printers import float16.ts's unchecked originals).
export { float16Bits, bfloat16Bits, bitsToFloat16, bitsToBfloat16 } from './float16-entry.js';
export { broadcastShapes, broadcastTo, slice, stack, cast, moveAxis } from './ops.js';
export { toDTypeScalar, type ScalarOptions, type ScalarRounding } from './scalar.js';
export { formatElement, PRINT_THRESHOLD, PRINT_EDGE_ITEMS, PRINT_LINE_WIDTH } from './print.js';
