export * from './dtype.js';
export * from './tensor.js';
export { float16Bits, bfloat16Bits, bitsToFloat16, bitsToBfloat16 } from './float16.js';
export { broadcastShapes, broadcastTo, slice, stack, cast, moveAxis } from './ops.js';
export { toDTypeScalar, type ScalarOptions, type ScalarRounding } from './scalar.js';
export { formatElement, PRINT_THRESHOLD, PRINT_EDGE_ITEMS, PRINT_LINE_WIDTH } from './print.js';
