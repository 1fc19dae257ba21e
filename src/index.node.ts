/**
 * The package's main entry under Node (the `node` export condition): everything `index.ts`
 * exports. Big fresh results cost Node one page fault per 4 KiB page unless it runs with
 * transparent huge pages: start it as `GLIBC_TUNABLES=glibc.malloc.hugetlb=1 node app.js`
 * (glibc ≥ 2.35 on Linux; the `tgs` command does this for itself). docs/performance.md has the
 * numbers, including why the pre-faulting helper thread this entry once started was removed.
 */
export * from './index.js';
import { registerWasmAdd } from './node/wasm-add.js';

// Float32 scatter-add rows in WebAssembly SIMD where the engine has it (src/node/wasm-add.ts).
registerWasmAdd();
