/**
 * The package's main entry under Node (the `node` export condition): everything `index.ts`
 * exports, plus pre-faulted big results — a helper thread takes the page faults of the next
 * fresh result of a size just used (see node/prefault.ts). Set the environment variable
 * `TENSOR_GATHER_SCATTER_PREFAULT=0`, or call `stopPrefault()` from `tensor-gather-scatter/node`,
 * to allocate on the calling thread only.
 */
import { startPrefault } from './node/prefault.js';

export * from './index.js';

if (globalThis.process?.env?.TENSOR_GATHER_SCATTER_PREFAULT !== '0') startPrefault();
