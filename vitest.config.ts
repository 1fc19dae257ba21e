import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One explorer build for every test that serves or packs it (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
  },
});
