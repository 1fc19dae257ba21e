/**
 * The framework namespaces the explorer runs: the library's one list (src/frameworks/index.ts),
 * imported without src/index.ts, which also exports Node-only interop.
 */
export { NAMESPACES } from '../src/frameworks/index.js';
