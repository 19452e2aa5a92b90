import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { test } from '@playwright/test';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  fakeControl,
  freePort,
  startFake,
  stopProcess,
  waitForHttp,
  type FakeControl,
} from '../discovery/private-stack';
import { freshDataDir } from '../../test/support/data-dir';

/**
 * The shipped nginx configuration (deploy/nginx, rendered by scripts/edge.mjs) in front of a private
 * `next start`, with a tap between the two: a pass-through that records every request reaching
 * Next and can make Next look hung or failing (504), shorten a page's freshness (its s-maxage) so
 * that a test sees it go stale without waiting ten minutes, or add headers to Next's answer.
 *
 *   client → nginx (edgeUrl) → tap → next start (appUrl) → fake upstream
 */
export interface TapCall {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export interface Tap {
  /** Every request that reached Next through nginx, oldest first. */
  calls: TapCall[];
  /** How Next seems to answer: normally, never (hang), or with a 504. */
  mode: 'pass' | 'hang' | '504';
  /** When set, the s-maxage of Next's answers is replaced by this many seconds. */
  freshSeconds: number | null;
  /** Headers added to (or replacing) Next's answer, by exact request path. */
  extraHeaders: Map<string, Record<string, string>>;
  /** The calls for one path (query included) so far. */
  callsFor(url: string): TapCall[];
}

export interface EdgeStack {
  edgeUrl: string;
  appUrl: string;
  tap: Tap;
  /** The stack's own fake upstream: its faults and call log. */
  fake: FakeControl;
  close(): Promise<void>;
}

const root = path.resolve(__dirname, '..', '..');

export function nginxBinary(): string | null {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return null;
}

async function startNext(fakeUrl: string): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  // Its own database: records another stack (or an earlier run) stored would answer for Jikan.
  const dataDir = freshDataDir('anime-master-edge-data-');
  // As playwright.config.ts's webServer runs the app, behind one proxy hop (this nginx).
  const child = spawn(path.join(root, 'node_modules', '.bin', 'next'), ['start', '-p', String(port)], {
    cwd: root,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      JIKAN_BASE_URL: `${fakeUrl}/jikan/v4`,
      JIKAN_MIN_INTERVAL_MS: '20',
      JIKAN_TIMEOUT_MS: '4000',
      // The budgets keep their defaults (lib/env.ts), as in production.
      STREAMING_BASE_URLS: `${fakeUrl}/streaming/main`,
      TRANSLATE_BASE_URL: `${fakeUrl}/translate`,
      TRUSTED_PROXY_HOPS: '1',
      DATA_DIR: dataDir,
    },
    stdio: process.env.EDGE_STACK_DEBUG ? 'inherit' : 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/__edge-stack-ready`, child, 90_000);
  return { url, child, dataDir };
}

async function startTap(appUrl: string): Promise<{ tap: Tap; port: number; close(): Promise<void> }> {
  const target = new URL(appUrl);
  const agent = new http.Agent({ keepAlive: true });
  const sockets = new Set<Socket>();
  const tap: Tap = {
    calls: [],
    mode: 'pass',
    freshSeconds: null,
    extraHeaders: new Map(),
    callsFor(url) {
      return this.calls.filter((call) => call.url === url);
    },
  };
  const server = http.createServer((request, response) => {
    tap.calls.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    if (tap.mode === 'hang') return;
    if (tap.mode === '504') {
      response.writeHead(504, { 'Content-Type': 'text/plain' }).end('Gateway Timeout');
      return;
    }
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        const headers = { ...answer.headers };
        const cacheControl = headers['cache-control'];
        if (tap.freshSeconds !== null && typeof cacheControl === 'string') {
          headers['cache-control'] = cacheControl.replace(/s-maxage=\d+/, `s-maxage=${tap.freshSeconds}`);
        }
        Object.assign(headers, tap.extraHeaders.get(request.url ?? '') ?? {});
        response.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => response.destroy());
    request.pipe(forward);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    tap,
    port,
    async close() {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Renders deploy/nginx/anime-master.conf with scripts/edge.mjs (`settings` are its EDGE_*
 * environment settings) and starts nginx in the foreground on a free port, as the current user.
 */
async function startNginx(
  upstreamPort: number,
  settings: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error('nginx is not installed (npm test installs it; or apt-get install nginx)');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'anime-master-edge-'));
  const file = path.join(dataDir, 'nginx.conf');
  const rendered = spawnSync(
    process.execPath,
    [path.join(root, 'scripts', 'edge.mjs'), 'render', '--out', file],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        EDGE_LISTEN: `127.0.0.1:${port}`,
        EDGE_UPSTREAMS: `127.0.0.1:${upstreamPort}`,
        EDGE_DATA_DIR: dataDir,
        EDGE_ACCESS_LOG: 'off',
        ...settings,
      },
    },
  );
  if (rendered.status !== 0) throw new Error(`scripts/edge.mjs render failed: ${rendered.stderr}`);
  const child = spawn(
    nginx,
    ['-p', dataDir, '-e', path.join(dataDir, 'error.log'), '-c', file, '-g', 'daemon off;'],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/__edge-stack-ready`, child, 10_000);
  return { url, child, dataDir };
}

/**
 * A fake upstream, `next start`, the tap and nginx, all private to one spec file. Settings for
 * nginx default to the test's needs: short client timeouts, and a request rate no test reaches
 * unless it means to (every request of a test comes from 127.0.0.1, one client).
 */
export async function startEdgeStack(settings: Record<string, string> = {}): Promise<EdgeStack> {
  const fake = await startFake();
  const app = await startNext(fake.url);
  const tap = await startTap(app.url);
  const edge = await startNginx(tap.port, {
    EDGE_BODY_TIMEOUT: '2s',
    // A cold first render takes seconds on a busy machine; a test that makes Next hang does not
    // wait for this timeout (the stale page is answered at once).
    EDGE_UPSTREAM_TIMEOUT: '20s',
    EDGE_RATE: '1000',
    EDGE_BURST: '1000',
    EDGE_CONNECTIONS: '200',
    ...settings,
  });
  return {
    edgeUrl: edge.url,
    appUrl: app.url,
    tap: tap.tap,
    fake: fakeControl(fake.url),
    async close() {
      await stopProcess(edge.child);
      await tap.close();
      await stopProcess(app.child);
      await stopProcess(fake.child);
      rmSync(edge.dataDir, { recursive: true, force: true });
      rmSync(app.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One stack for the whole spec file: started before its first test, closed after its last; the
 * file is skipped where nginx is not installed. Returns the running stack.
 */
export function edgeStackForFile(): () => EdgeStack {
  test.skip(!nginxBinary(), 'nginx is not installed: npm test installs it (apt-get install nginx)');
  let stack: EdgeStack | undefined;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    stack = await startEdgeStack();
  });
  test.afterAll(async () => {
    await stack?.close();
  });
  return () => {
    if (!stack) throw new Error('the edge stack has not started');
    return stack;
  };
}
