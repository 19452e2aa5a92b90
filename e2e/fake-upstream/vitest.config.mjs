// The root vitest.config.ts excludes e2e/** (those are Playwright specs), so the fake upstream's
// own test runs with this config:  npx vitest run --config e2e/fake-upstream/vitest.config.mjs
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Keep vite's cache with the project's, not in a node_modules/ beside the test.
  cacheDir: fileURLToPath(new URL('../../node_modules/.vite/fake-upstream', import.meta.url)),
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
