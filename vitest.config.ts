import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(__dirname),
      // `server-only` throws outside a React Server environment; unit tests run lib code directly.
      'server-only': path.resolve(__dirname, 'vitest.server-only-stub.ts'),
    },
  },
  test: {
    environment: 'node',
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '.next/**', '.next-*/**'],
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 20_000,
    // Hooks start and stop redis-server, open and close databases and the fake upstream: seconds
    // each when the build runs beside the tests on a 2-core machine.
    hookTimeout: 30_000,
    // Vitest's default in a run is one worker fewer than the cores: one on a 2-core machine, which
    // leaves a core idle while a file waits (redis-server restarts, the limiter's real gaps, a
    // database opening). Two files at a time on 2 cores; larger machines keep the default.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
