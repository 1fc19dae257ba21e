import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The explorer imports the library's TypeScript sources directly (../src), so a build needs no
// prior `tsc`; output goes to explorer-dist/ (gitignored), served by scripts/serve.mjs.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../explorer-dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
  },
  // The parse worker (parse-worker.ts) is a module worker that imports the library's sources.
  worker: { format: 'es' },
});
