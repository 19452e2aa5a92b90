// nginx in front of `next start` (deploy/nginx/anime-master.conf).
//
//   npm run start:edge                   builds when needed, starts `next start` on an internal port
//                                        and nginx on PORT (3000); nginx is installed with apt if missing
//   node scripts/edge.mjs render [--out FILE]
//                                        writes the configuration for the settings below (stdout, or
//                                        FILE with the data folder prepared), e.g. for a system nginx
//                                        in front of several instances
//
// Settings (environment):
//   PORT / EDGE_LISTEN      where nginx listens (3000; a port or address:port)
//   EDGE_APP_PORT           the internal port of `next start` under start:edge (a free port)
//   EDGE_UPSTREAMS          comma-separated host:port of the `next start` instances (render only;
//                           start:edge uses its own instance)
//   EDGE_DATA_DIR           pid, logs, temp files and caches (.edge under the project)
//   EDGE_CACHE_MAX_SIZE     disk bound of each cache (1g)
//   EDGE_RATE, EDGE_BURST   requests per second per client address, and the burst above it (20, 100)
//   EDGE_CONNECTIONS        open connections per client address (32)
//   EDGE_BODY_TIMEOUT       longest pause in a client's headers or body, and in reading an answer (10s)
//   EDGE_UPSTREAM_TIMEOUT   longest wait for Next (30s)
//   EDGE_LIBRARY_BODY_MAX   body bound of /api/library (2m: the app's MAX_PUSH_BYTES; tests lower it)
//   EDGE_ACCESS_LOG         a file for the access log, or `off` (DATA_DIR/access.log)
//   SITE_URL                the public address for absolute links (http://localhost:PORT under start:edge)
//
// Under start:edge, `next start` is started again whenever it exits (1 s, doubling to 30 s between
// exits in a row) while nginx goes on serving cached pages; its pid is in EDGE_DATA_DIR/next.pid.
// nginx starts once /api/health answers 200 (or after 120 s, saying so).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, ensureDependencies, ensureNginx, localBin, log, nginxPath } from './lib.mjs';

export { nginxPath };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEMPLATE = path.join(root, 'deploy', 'nginx', 'anime-master.conf');
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

const SIZE = /^\d+[kmg]?$/i;
const TIME = /^\d+(?:ms|s|m)?$/;
const COUNT = /^\d+$/;
const HOST_PORT = /^[\w.-]+:\d+$|^\[[0-9a-f:]+\]:\d+$/i;
const LISTEN = /^\d+$|^[\w.-]+:\d+$|^\[[0-9a-f:]+\]:\d+$/i;

/** The settings from the environment (see the top of this file), checked. */
export function edgeSettings(env = process.env) {
  const settings = {
    listen: env.EDGE_LISTEN || env.PORT || '3000',
    upstreams: (env.EDGE_UPSTREAMS || '127.0.0.1:3001')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    dataDir: path.resolve(env.EDGE_DATA_DIR || path.join(root, '.edge')),
    cacheMaxSize: env.EDGE_CACHE_MAX_SIZE || '1g',
    rate: env.EDGE_RATE || '20',
    burst: env.EDGE_BURST || '100',
    connections: env.EDGE_CONNECTIONS || '32',
    bodyTimeout: env.EDGE_BODY_TIMEOUT || '10s',
    upstreamTimeout: env.EDGE_UPSTREAM_TIMEOUT || '30s',
    libraryBodyMax: env.EDGE_LIBRARY_BODY_MAX || '2m',
    accessLog: env.EDGE_ACCESS_LOG || '',
  };
  const bad = (name, value) => {
    throw new Error(`Invalid ${name}: ${JSON.stringify(value)}`);
  };
  if (!LISTEN.test(settings.listen)) bad('EDGE_LISTEN/PORT', settings.listen);
  if (settings.upstreams.length === 0) bad('EDGE_UPSTREAMS', env.EDGE_UPSTREAMS);
  for (const upstream of settings.upstreams) if (!HOST_PORT.test(upstream)) bad('EDGE_UPSTREAMS', upstream);
  if (!SIZE.test(settings.cacheMaxSize)) bad('EDGE_CACHE_MAX_SIZE', settings.cacheMaxSize);
  for (const [name, value] of [
    ['EDGE_RATE', settings.rate],
    ['EDGE_BURST', settings.burst],
    ['EDGE_CONNECTIONS', settings.connections],
  ]) {
    if (!COUNT.test(value) || Number(value) < 1) bad(name, value);
  }
  if (!SIZE.test(settings.libraryBodyMax)) bad('EDGE_LIBRARY_BODY_MAX', settings.libraryBodyMax);
  if (!TIME.test(settings.bodyTimeout)) bad('EDGE_BODY_TIMEOUT', settings.bodyTimeout);
  if (!TIME.test(settings.upstreamTimeout)) bad('EDGE_UPSTREAM_TIMEOUT', settings.upstreamTimeout);
  if (/[\s;{}'"]/.test(settings.dataDir))
    bad('EDGE_DATA_DIR (no spaces, quotes, braces or ;)', settings.dataDir);
  if (/[\s;{}'"]/.test(settings.accessLog) && settings.accessLog) bad('EDGE_ACCESS_LOG', settings.accessLog);
  return settings;
}

/** The configuration text for `settings` (see edgeSettings). */
export function renderEdgeConfig(settings, { brotli = existsSync(BROTLI_MODULE) } = {}) {
  const accessLog =
    settings.accessLog === 'off'
      ? 'access_log off;'
      : `access_log ${settings.accessLog || path.join(settings.dataDir, 'access.log')} combined buffer=64k flush=1s;`;
  const values = {
    LISTEN: settings.listen,
    UPSTREAM_SERVERS: settings.upstreams.map((u) => `server ${u};`).join('\n        '),
    DATA_DIR: settings.dataDir,
    CACHE_MAX_SIZE: settings.cacheMaxSize,
    RATE: settings.rate,
    BURST: settings.burst,
    CONNECTIONS: settings.connections,
    BODY_TIMEOUT: settings.bodyTimeout,
    UPSTREAM_TIMEOUT: settings.upstreamTimeout,
    LIBRARY_BODY_MAX: settings.libraryBodyMax,
    MODULES: brotli ? `load_module ${BROTLI_MODULE};` : '',
    BROTLI: brotli
      ? 'brotli on;\n    brotli_comp_level 5;\n    brotli_min_length 1024;\n' +
        '    brotli_types text/plain text/css text/xml text/x-component application/javascript\n' +
        '                 application/json application/manifest+json application/xml image/svg+xml;'
      : '',
    ACCESS_LOG: accessLog,
  };
  // Comment lines keep their placeholders: they document what each one is.
  return readFileSync(TEMPLATE, 'utf8')
    .split('\n')
    .map((line) =>
      line.trimStart().startsWith('#')
        ? line
        : line.replace(/@([A-Z_]+)@/g, (match, name) => {
            if (!(name in values)) throw new Error(`Unknown setting ${match} in ${TEMPLATE}`);
            return values[name];
          }),
    )
    .join('\n');
}

/** Creates the folders nginx writes to under settings.dataDir. */
export function prepareDataDir(settings) {
  for (const dir of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi', 'cache']) {
    mkdirSync(path.join(settings.dataDir, dir), { recursive: true });
  }
  // Started as root, nginx runs its workers as an unprivileged user (nobody), and the master gives
  // them the folders it writes to; they must still be able to reach them.
  if (process.getuid?.() === 0) chmodSync(settings.dataDir, 0o755);
}

/** Writes the configuration as `file` (DATA_DIR/nginx.conf by default) and prepares the data folder. */
export function writeEdgeConfig(settings, file = path.join(settings.dataDir, 'nginx.conf')) {
  prepareDataDir(settings);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, renderEdgeConfig(settings));
  return file;
}

/** nginx's arguments to run `file` in the foreground, as the current user. */
export function nginxArgs(settings, file) {
  return [
    '-p',
    settings.dataDir,
    '-e',
    path.join(settings.dataDir, 'error.log'),
    '-c',
    file,
    '-g',
    'daemon off;',
  ];
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The wait before restarting `next start` after `failures` exits in a row: 1 s, doubling, at most 30 s. */
export function restartDelayMs(failures) {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/** A run this long (healthy) counts as a success: the next exit starts the back-off again. */
export const STABLE_RUN_MS = 60_000;

/** The site's public address under start:edge: SITE_URL, else localhost on nginx's port. */
export function edgeSiteUrl(settings, env = process.env) {
  if (env.SITE_URL?.trim()) return env.SITE_URL.trim();
  return `http://localhost:${settings.listen.split(':').pop()}`;
}

/**
 * Polls /api/health until it answers 200 (ready), the process exits, or `timeoutMs` passes (not
 * ready); `last` is the last answer, for the log.
 */
async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 200) return { ready: true, last: '200' };
      last = String(response.status);
    } catch {
      last = 'no answer';
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { ready: false, last };
}

/**
 * Runs `next start` and starts it again whenever it exits, after restartDelayMs of the exits in a
 * row (a run healthy for STABLE_RUN_MS resets the count), until `stop()`. Its pid is written to
 * `pidFile` while it runs. Each run is followed by a wait for /api/health.
 */
function superviseApp({ start, healthUrl, pidFile }) {
  let child;
  let stopping = false;
  let failures = 0;
  let timer;
  let resolveFirst;
  const firstHealth = new Promise((resolve) => (resolveFirst = resolve));

  const run = () => {
    const startedAt = Date.now();
    child = start();
    writeFileSync(pidFile, `${child.pid}\n`);
    const current = child;
    waitForHealth(healthUrl, current, 120_000).then(({ ready, last }) => {
      if (current !== child || stopping) return;
      if (ready) log(`next start (pid ${current.pid}) is healthy`);
      else if (current.exitCode === null)
        log(`next start (pid ${current.pid}) is not ready (/api/health: ${last})`);
      resolveFirst({ ready, last });
    });
    current.on('exit', (code, signal) => {
      rmSync(pidFile, { force: true });
      if (stopping) return;
      failures = Date.now() - startedAt >= STABLE_RUN_MS ? 1 : failures + 1;
      const delay = restartDelayMs(failures);
      log(
        `next start exited (${signal ?? `code ${code}`}); nginx keeps serving cached pages; ` +
          `restarting in ${delay / 1000} s`,
      );
      timer = setTimeout(run, delay);
    });
  };
  run();
  return {
    firstHealth,
    stop() {
      stopping = true;
      clearTimeout(timer);
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
    get child() {
      return child;
    },
  };
}

async function startEdge() {
  await ensureDependencies();
  await ensureBuilt();
  const nginx = ensureNginx();
  if (!nginx) process.exit(1);

  const appPort = process.env.EDGE_APP_PORT || String(await freePort());
  const settings = edgeSettings({ ...process.env, EDGE_UPSTREAMS: `127.0.0.1:${appPort}` });
  prepareDataDir(settings);
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    // The app owns SIGTERM: it finishes its writes and closes the database before exiting.
    NEXT_MANUAL_SIG_HANDLE: 'true',
    // One proxy hop (this nginx) stands between the app and its clients.
    TRUSTED_PROXY_HOPS: '1',
    PORT: appPort,
    // Absolute links (canonical, og:url, og:image, the sitemap) name the address people use.
    SITE_URL: edgeSiteUrl(settings),
  };
  const app = superviseApp({
    start: () =>
      spawn(localBin('next'), ['start', '-H', '127.0.0.1', '-p', appPort], {
        cwd: root,
        stdio: 'inherit',
        env,
      }),
    healthUrl: `http://127.0.0.1:${appPort}/api/health`,
    pidFile: path.join(settings.dataDir, 'next.pid'),
  });
  let edge;
  const stop = (code) => {
    app.stop();
    if (edge && edge.exitCode === null) edge.kill('SIGTERM');
    process.exitCode = code;
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  const first = await app.firstHealth;
  if (!first.ready) log(`starting nginx anyway: next start is not ready (/api/health: ${first.last})`);

  const file = writeEdgeConfig(settings);
  edge = spawn(nginx, nginxArgs(settings, file), { stdio: 'inherit' });
  // nginx is the front door: without it nothing is served, so start:edge ends (for its supervisor).
  edge.on('exit', (code) => {
    log(`nginx exited (${code ?? 'signal'}); stopping`);
    stop(code ?? 1);
  });
  log(`next start on 127.0.0.1:${appPort} (restarted when it exits); nginx (${file}) on ${settings.listen}`);
  log(`Serving on ${env.SITE_URL}`);
}

function render(args) {
  const settings = edgeSettings();
  const outAt = args.indexOf('--out');
  if (outAt !== -1 && args[outAt + 1]) writeEdgeConfig(settings, path.resolve(args[outAt + 1]));
  else process.stdout.write(renderEdgeConfig(settings));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  try {
    if (command === 'render') render(args);
    else if (command === undefined || command === 'start') await startEdge();
    else {
      console.error('Usage: node scripts/edge.mjs [start | render [--out FILE]]');
      process.exit(2);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
