// Shared by the bench scripts: start the fake upstream and the built app on free ports.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeUpstream } from '../e2e/fake-upstream/server.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

function requireBuild() {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  if (!existsSync(path.join(root, distDir, 'BUILD_ID'))) {
    console.error(`No production build in ${distDir}/: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/**
 * Starts one production server of the build against the fake at `fakeUrl`: Next's own
 * `next start`, as `npm start` runs it; returns { url, stop() }.
 */
export async function startApp({ fakeUrl, env = {}, port } = {}) {
  requireBuild();
  const chosen = port || (await freePort());
  // A data folder of its own: records stored by an earlier run name that run's fake upstream
  // (its port), whose covers would then fail and be measured as placeholders.
  const dataDir = env.DATA_DIR ? null : mkdtempSync(path.join(tmpdir(), 'anime-master-bench-'));
  const command = [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(chosen), '-H', '127.0.0.1'];
  const child = spawn(process.execPath, command, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      JIKAN_BASE_URL: `${fakeUrl}/jikan/v4`,
      STREAMING_BASE_URLS: `${fakeUrl}/streaming/main`,
      TRANSLATE_BASE_URL: `${fakeUrl}/translate`,
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...env,
    },
  });
  const url = `http://127.0.0.1:${chosen}`;
  await waitFor(`${url}/`);
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }).then(() => {
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      }),
  };
}

/**
 * Starts fake upstream + one production server (see startApp); returns { appUrl, fakeUrl, stop() }.
 * Ports are free ones unless given (BENCH_APP_PORT / BENCH_FAKE_PORT, for machines where ports are
 * assigned). Covers weigh what MyAnimeList's do once optimised (the fake's textured covers), so
 * they take a phone's link as real ones would; BENCH_FLAT_COVERS=1 serves the tests' flat ones.
 */
export async function startStack({ env = {} } = {}) {
  requireBuild();
  const fake = await startFakeUpstream({
    port: Number(process.env.BENCH_FAKE_PORT ?? 0),
    texturedCovers: process.env.BENCH_FLAT_COVERS !== '1',
  });
  const app = await startApp({ fakeUrl: fake.url, env, port: Number(process.env.BENCH_APP_PORT ?? 0) });
  return {
    appUrl: app.url,
    fakeUrl: fake.url,
    async stop() {
      await app.stop();
      await fake.close();
    },
  };
}
