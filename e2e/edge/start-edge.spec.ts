import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { authBuildEnv, authServerEnv } from '../auth-emulator/env.mjs';
import { freePort, startFake, stopProcess } from '../discovery/private-stack';
import { nginxBinary } from './edge-stack';

/**
 * `npm run start:edge` (scripts/edge.mjs) as an operator runs it: nginx in front of a `next start`
 * that the script starts again whenever it exits. The build under test must be the current one
 * (the script would build otherwise): it is checked first, with the same public settings.
 */
test.skip(!nginxBinary(), 'nginx is not installed: npm test installs it (apt-get install nginx)');
test.describe.configure({ mode: 'serial' });

const root = path.resolve(__dirname, '..', '..');

let fake: { url: string; child: ChildProcess };
let edge: ChildProcess;
let edgeUrl: string;
let edgePort: number;
let folder: string;

const readPid = (file: string) => {
  try {
    return Number(readFileSync(path.join(folder, file), 'utf8').trim()) || null;
  } catch {
    return null;
  }
};

async function get(pathname: string, timeoutMs = 30_000) {
  const started = Date.now();
  const response = await fetch(edgeUrl + pathname, { signal: AbortSignal.timeout(timeoutMs) });
  return {
    status: response.status,
    cache: response.headers.get('x-cache-status'),
    body: await response.text(),
    ms: Date.now() - started,
  };
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  folder = mkdtempSync(path.join(os.tmpdir(), 'anime-master-start-edge-'));
  // Run as root, nginx's workers are an unprivileged user: they must reach the edge's folder inside.
  chmodSync(folder, 0o755);
  fake = await startFake();
  edgePort = await freePort();
  edgeUrl = `http://127.0.0.1:${edgePort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...authBuildEnv(),
    ...authServerEnv(),
    PORT: String(edgePort),
    SITE_URL: '',
    EDGE_DATA_DIR: path.join(folder, 'edge'),
    EDGE_ACCESS_LOG: 'off',
    EDGE_RATE: '1000',
    EDGE_BURST: '1000',
    EDGE_CONNECTIONS: '200',
    DATA_DIR: path.join(folder, 'data'),
    JIKAN_BASE_URL: `${fake.url}/jikan/v4`,
    JIKAN_MIN_INTERVAL_MS: '20',
    JIKAN_TIMEOUT_MS: '4000',
    // The budgets keep their defaults (lib/env.ts), as an operator runs it.
    STREAMING_BASE_URLS: `${fake.url}/streaming/main`,
    TRANSLATE_BASE_URL: `${fake.url}/translate`,
  };
  delete env.EDGE_APP_PORT;
  // start:edge builds when the sources changed: this spec runs only against the current build.
  const current = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "process.exit((await import('./scripts/lib.mjs')).buildIsCurrent() ? 0 : 3)",
    ],
    { cwd: root, env, encoding: 'utf8' },
  );
  expect(current.status, 'the build is not current: build first (npm test, or the e2e build)').toBe(0);
  const log = openSync(path.join(folder, 'start-edge.log'), 'a');
  edge = spawn(process.execPath, [path.join(root, 'scripts', 'edge.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', log, log],
  });
  await expect
    .poll(
      async () => {
        if (edge.exitCode !== null)
          throw new Error(`start:edge exited: ${readFileSync(path.join(folder, 'start-edge.log'), 'utf8')}`);
        return fetch(`${edgeUrl}/api/health`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 180_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  // What start:edge, next start and nginx said, for the report.
  const logs: [string, string][] = [
    ['start-edge.log', 'start-edge.log'],
    ['nginx error.log', 'edge/error.log'],
  ];
  for (const [name, file] of logs) {
    if (existsSync(path.join(folder, file))) await testInfo.attach(name, { path: path.join(folder, file) });
  }
});

test.afterAll(async () => {
  const next = readPid('edge/next.pid');
  const nginx = readPid('edge/nginx.pid');
  if (edge) await stopProcess(edge);
  // Should start:edge itself have been killed, what it started goes too (by its recorded pid).
  for (const pid of [next, nginx]) {
    if (pid === null) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  if (fake) await stopProcess(fake.child);
  if (folder && existsSync(folder)) rmSync(folder, { recursive: true, force: true });
});

test('shared links name the public address, not the internal one', async () => {
  const page = await get('/anime/20');
  expect(page.status).toBe(200);
  const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(page.body)?.[1];
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page.body)?.[1];
  expect(ogUrl).toBe(`http://localhost:${edgePort}/anime/20`);
  expect(canonical).toBe(`http://localhost:${edgePort}/anime/20`);
  const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1] ?? '';
  expect(ogImage.startsWith(`http://localhost:${edgePort}/`)).toBe(true);

  // The card is a PNG kept in nginx's image cache: once drawn, the edge answers it for everyone.
  const card = new URL(ogImage).pathname;
  expect(card).toBe('/api/card/pt/anime/20');
  const first = await fetch(edgeUrl + card);
  expect(first.status).toBe(200);
  expect(first.headers.get('content-type')).toBe('image/png');
  await expect.poll(async () => (await get(card)).cache, { timeout: 30_000 }).toBe('HIT');
});

test('next start killed: cached pages answer at once, and a page never cached answers once it is back', async () => {
  test.setTimeout(120_000);
  // Two pages in nginx's cache.
  for (const pathname of ['/anime/1535', '/explore']) {
    await expect.poll(async () => (await get(pathname)).cache, { timeout: 30_000 }).toBe('HIT');
  }
  const killed = readPid('edge/next.pid');
  expect(killed).not.toBeNull();
  process.kill(killed!, 'SIGKILL');
  await expect.poll(() => readPid('edge/next.pid') !== killed, { timeout: 10_000 }).toBe(true);

  for (const pathname of ['/anime/1535', '/explore']) {
    const cached = await get(pathname, 5000);
    expect(cached.status, pathname).toBe(200);
    expect(cached.body).toContain('</html>');
    expect(cached.ms, `${pathname} answered in ${cached.ms} ms`).toBeLessThan(2000);
  }

  // Never asked before: only a running `next start` can answer it, within a minute of the crash.
  const crashedAt = Date.now();
  await expect
    .poll(async () => (await get('/anime/5114', 10_000).catch(() => ({ status: 0 }))).status, {
      timeout: 60_000,
      intervals: [500],
    })
    .toBe(200);
  test.info().annotations.push({ type: 'back after', description: `${Date.now() - crashedAt} ms` });
  const restarted = readPid('edge/next.pid');
  expect(restarted).not.toBe(killed);
  expect((await get('/api/health')).status).toBe(200);
});
