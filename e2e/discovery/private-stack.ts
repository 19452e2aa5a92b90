import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { freshDataDir } from '../../test/support/data-dir';
import { freePort } from '../../test/support/ports';

/** The fake upstream's control API (e2e/fake-upstream/README.md), for a fake at any address. */
export interface FakeControl {
  setFault(options: {
    service: 'jikan' | 'streaming' | 'translate' | 'images' | 'all';
    mode: '429' | '500' | '502' | '503' | '504' | 'slow' | 'hang' | 'malformed' | 'reset' | 'none';
    match?: string;
    retryAfter?: number | null;
    delayMs?: number;
    times?: number;
  }): Promise<string>;
  clearFault(id: string): Promise<void>;
  /** Clears every fault and the call log. */
  reset(): Promise<void>;
  /** The call log, oldest first (`fault` is the mode applied, or null). */
  calls(filter?: { service?: string; match?: string; since?: number }): Promise<FakeCall[]>;
}

export interface FakeCall {
  service: string;
  path: string;
  query: Record<string, string>;
  url: string;
  time: number;
  fault: string | null;
}

export function fakeControl(baseUrl: string): FakeControl {
  return {
    async setFault(options) {
      const response = await fetch(`${baseUrl}/__control/fault`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(options),
      });
      return ((await response.json()) as { id: string }).id;
    },
    async clearFault(id) {
      await fetch(`${baseUrl}/__control/fault/${id}`, { method: 'DELETE' });
    },
    async reset() {
      await fetch(`${baseUrl}/__control/reset`, { method: 'POST' });
    },
    async calls(filter = {}) {
      const params = new URLSearchParams();
      if (filter.service) params.set('service', filter.service);
      if (filter.match) params.set('match', filter.match);
      if (filter.since) params.set('since', String(filter.since));
      const response = await fetch(`${baseUrl}/__control/calls?${params.toString()}`);
      return ((await response.json()) as { calls: FakeCall[] }).calls;
    },
  };
}

/**
 * A fake upstream and a `next start` of the same build, both private to one describe block.
 *
 * The home carousels and the Explore tabs ask the anime database the same few fixed questions
 * (no search term to make them unique), and the app caches every answer for 10 minutes. On the
 * shared server of the e2e run, whichever test loads the home page first decides what every later
 * test sees, so a loading, error or empty state cannot be reproduced there. A private stack starts
 * with a cold cache and its own faults.
 */
export interface PrivateStack {
  appUrl: string;
  /** Origin of the fake upstream (covers are under `${fakeUrl}/images/`). */
  fakeUrl: string;
  fake: FakeControl;
  /** The app's database folder (DATA_DIR), kept across restartApp. */
  dataDir: string;
  /**
   * Stops the app and starts it again on the same database folder (a deploy, a crash): what it
   * kept in memory is gone, what it stored is not. `env` replaces the settings given at start;
   * `beforeStart` runs while no app holds the folder. appUrl changes (a new port).
   */
  restartApp(env?: Record<string, string>, beforeStart?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

const root = path.resolve(__dirname, '..', '..');

// One free-port helper for every private server of the tests (Redis's too).
export { freePort };

export async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * `next start` of this build on a free port (or `port`: a server started again where its visitors'
 * browsers know it); `cwd` is the project folder it serves (this one by default).
 */
export async function startApp(
  jikanBaseUrl: string,
  extraEnv: Record<string, string> = {},
  {
    cwd = root,
    port: fixedPort,
    onStdout,
  }: { cwd?: string; port?: number; onStdout?: (text: string) => void } = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = fixedPort ?? (await freePort());
  const child = spawn(
    process.execPath,
    // The production server, as `npm start` runs it: Next's own `next start`.
    [
      path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'),
      'start',
      '-p',
      String(port),
      '-H',
      '127.0.0.1',
    ],
    {
      cwd,
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        JIKAN_BASE_URL: jikanBaseUrl,
        JIKAN_MIN_INTERVAL_MS: '20',
        JIKAN_TIMEOUT_MS: '4000',
        // The budgets keep their defaults (lib/env.ts), as in production: a spec that needs more
        // says so itself, never by turning one off.
        // A database folder of its own: PGlite's folder belongs to one process, and the suite's
        // shared server has the project's.
        DATA_DIR: freshDataDir(),
        ...extraEnv,
      },
      // The server's log (its stdout) when a spec reads it; dropped otherwise.
      stdio: ['ignore', onStdout ? 'pipe' : 'ignore', 'ignore'],
    },
  );
  child.stdout?.setEncoding('utf8').on('data', (text: string) => onStdout?.(text));
  const url = `http://127.0.0.1:${port}`;
  // A 404 renders the layout only: the app is up, and no anime listing has been asked for.
  // Two minutes: a busy machine (several builds at once) has taken more than one.
  await waitForHttp(`${url}/__private-stack-ready`, child, 120_000);
  return { url, child };
}

/**
 * The fake runs as its own process (as playwright.config.ts starts the shared one): Playwright's
 * TypeScript loader cannot import its ES module directly.
 */
export async function startFake(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(root, 'e2e', 'fake-upstream', 'server.mjs'), '--port', String(port)],
    {
      cwd: root,
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/__health`, child, 10_000);
  return { url, child };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

let visitors = 0;

/**
 * A client address no other caller of this process was given (198.18.0.0/15, kept for tests), as a
 * trusted proxy writes it in X-Forwarded-For: on a stack started with TRUSTED_PROXY_HOPS=1, each is
 * one visitor with a per-client budget of its own, as the shared server's workers are
 * (playwright.config.ts). A spec that simulates many visitors gives each one its own.
 */
export function visitorAddress(): string {
  visitors += 1;
  return `198.${18 + (Math.floor(visitors / 65_024) % 2)}.${Math.floor(visitors / 254) % 256}.${(visitors % 254) + 1}`;
}

/** The headers of a request from a new visitor (visitorAddress). */
export function visitorHeaders(): Record<string, string> {
  return { 'X-Forwarded-For': visitorAddress() };
}

/** The fake upstream (with its fault switch), privately. `env` overrides the app's settings. */
export async function startPrivateStack(env: Record<string, string> = {}): Promise<PrivateStack> {
  const upstream = await startFake();
  const dataDir = freshDataDir();
  const start = (settings: Record<string, string>) =>
    startApp(`${upstream.url}/jikan/v4`, {
      STREAMING_BASE_URLS: `${upstream.url}/streaming/main`,
      TRANSLATE_BASE_URL: `${upstream.url}/translate`,
      DATA_DIR: dataDir,
      ...settings,
    });
  let app = await start(env);
  const stack: PrivateStack = {
    appUrl: app.url,
    fakeUrl: upstream.url,
    fake: fakeControl(upstream.url),
    dataDir,
    async restartApp(settings = env, beforeStart) {
      await stopProcess(app.child);
      await beforeStart?.();
      // A port of its own again: the old one, free for a moment, may have gone to another stack.
      app = await start(settings);
      stack.appUrl = app.url;
    },
    async close() {
      await stopProcess(app.child);
      await stopProcess(upstream.child);
    },
  };
  return stack;
}

/**
 * An anime database that has nothing: every listing answers an empty page, as Jikan does for a
 * season with no entries. The fake upstream has no such mode (its catalogue is fixed), and an
 * empty listing is a state of its own, distinct from a failure.
 */
export async function startEmptyStack(): Promise<Pick<PrivateStack, 'appUrl' | 'close'>> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(
      JSON.stringify({
        data: [],
        pagination: {
          last_visible_page: 1,
          has_next_page: false,
          current_page: 1,
          items: { count: 0, total: 0, per_page: 25 },
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const app = await startApp(`http://127.0.0.1:${port}/jikan/v4`);
  return {
    appUrl: app.url,
    async close() {
      await stopProcess(app.child);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
