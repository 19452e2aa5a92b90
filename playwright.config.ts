import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { authEmulatorPort, authServerEnv } from './e2e/auth-emulator/env.mjs';

/**
 * End-to-end tests run against the production build (`next start`) pointed at the project's own
 * fake upstream (e2e/fake-upstream) and the Firebase Auth emulator (e2e/auth-emulator), in
 * Debian's Chromium. Ports are fixed but overridable. The build must carry the emulator's public
 * settings (scripts/test.mjs builds with e2e/auth-emulator/env.mjs authBuildEnv()).
 */
const FAKE_PORT = Number(process.env.E2E_FAKE_PORT ?? 4610);
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3610);
const AUTH_PORT = authEmulatorPort();
const fake = `http://127.0.0.1:${FAKE_PORT}`;
const isCI = !!process.env.CI;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'reports/playwright.json' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    // What a trusted proxy would write: this worker's own client address (the server trusts 1 hop).
    extraHTTPHeaders: {
      'X-Forwarded-For': `198.51.100.${(Number(process.env.TEST_WORKER_INDEX ?? 0) % 250) + 1}`,
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'pt-BR',
    // The app's service worker (public/sw.js) would answer from its caches and make requests that
    // page.route does not see: the suite runs without it; e2e/pwa allows it where it is tested.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      command: `node e2e/fake-upstream/server.mjs --port ${FAKE_PORT}`,
      url: `${fake}/__health`,
      reuseExistingServer: !isCI,
      timeout: 30_000,
    },
    {
      command: `node e2e/auth-emulator/start.mjs --port ${AUTH_PORT}`,
      url: `http://127.0.0.1:${AUTH_PORT}/`,
      reuseExistingServer: !isCI,
      // About 8 s on an idle 2-core machine, 40 s seen under heavy load.
      timeout: 120_000,
    },
    {
      // Next's own server, bound to one address as a deployment behind a proxy binds it.
      command: `node node_modules/next/dist/bin/next start -p ${APP_PORT} -H 127.0.0.1`,
      url: `http://127.0.0.1:${APP_PORT}/`,
      reuseExistingServer: !isCI,
      timeout: 120_000,
      env: {
        NEXT_TELEMETRY_DISABLED: '1',
        // As `npm start` runs it: the app owns SIGTERM and closes its database (lib/server/shutdown.ts).
        NEXT_MANUAL_SIG_HANDLE: 'true',
        // A fresh database per run: a folder left by an earlier run (or a killed server) never
        // decides what this one sees.
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'anime-master-e2e-data-')),
        JIKAN_BASE_URL: `${fake}/jikan/v4`,
        // The 1200 ms gap is proven by the integration tests; e2e keeps it short to stay fast.
        JIKAN_MIN_INTERVAL_MS: '20',
        JIKAN_TIMEOUT_MS: '4000',
        // The default budgets stay on. The app trusts one proxy hop, as behind nginx: each worker's
        // browser names its own address (use.extraHTTPHeaders), so a worker is one client, as one
        // fan's phone is, and the page-miss budget is shared by the whole suite.
        TRUSTED_PROXY_HOPS: '1',
        STREAMING_BASE_URLS: `${fake}/streaming/down,${fake}/streaming/main`,
        TRANSLATE_BASE_URL: `${fake}/translate`,
        ANILIST_GRAPHQL_URL: `${fake}/anilist`,
        KITSU_BASE_URL: `${fake}/kitsu/api/edge`,
        ...authServerEnv(AUTH_PORT),
      },
    },
  ],
});
