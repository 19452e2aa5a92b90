// npm run bench:edge — a cached page through nginx (deploy/nginx, rendered by scripts/edge.mjs)
// in front of `next start`, and the same page from `next start` alone, side by side. Starts the
// fake upstream and the production build (bench/harness.mjs) and nginx (installed with apt when
// missing), warms the page in both languages, then runs autocannon: BENCH_CONNECTIONS connections
// (default 20) for BENCH_SECONDS seconds (default 15), gzip accepted, Portuguese and English
// alternating by cookie.
//
//   npm run build && npm run bench:edge
//   BENCH_PAGES=/anime/20,/ BENCH_SECONDS=15 npm run bench:edge
//
// Target for nginx (printed, not enforced): ≥ 3,000 req/s and p99 ≤ 20 ms, 0 errors.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { edgeSettings, nginxArgs, writeEdgeConfig } from '../scripts/edge.mjs';
import { ensureNginx } from '../scripts/lib.mjs';
import { freePort, startStack } from './harness.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PAGES = (process.env.BENCH_PAGES ?? '/anime/20').split(',').filter(Boolean);
const TARGET = { rps: 3000, p99: 20 };
const HEADERS = [
  { 'accept-encoding': 'gzip', cookie: 'NEXT_LOCALE=pt' },
  { 'accept-encoding': 'gzip', cookie: 'NEXT_LOCALE=en' },
];

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: HEADERS.map((headers) => ({ method: 'GET', headers })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function waitFor(url, child) {
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer`);
}

/** nginx with the shipped configuration in front of `appUrl`; the bench's one client may go as fast as it can. */
async function startNginx(appUrl) {
  const nginx = ensureNginx();
  if (!nginx) process.exit(1);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'anime-master-bench-edge-'));
  const port = await freePort();
  const settings = edgeSettings({
    EDGE_LISTEN: `127.0.0.1:${port}`,
    EDGE_UPSTREAMS: new URL(appUrl).host,
    EDGE_DATA_DIR: dataDir,
    EDGE_ACCESS_LOG: 'off',
    // Every request of the bench comes from one address: the per-client bounds would refuse it.
    EDGE_RATE: '1000000',
    EDGE_BURST: '1000000',
    EDGE_CONNECTIONS: '10000',
  });
  const file = writeEdgeConfig(settings);
  const child = spawn(nginx, nginxArgs(settings, file), { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, child);
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        await new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const stack = await startStack({ env: { JIKAN_MIN_INTERVAL_MS: '20' }, server: 'next' });
const edge = await startNginx(stack.appUrl);
const rows = [];
try {
  for (const page of PAGES) {
    for (const headers of HEADERS) {
      for (const base of [stack.appUrl, edge.url, edge.url]) {
        await (await fetch(base + page, { headers })).arrayBuffer();
      }
      const check = await fetch(edge.url + page, { headers });
      await check.arrayBuffer();
      if (check.headers.get('x-cache-status') !== 'HIT') {
        throw new Error(
          `${page} is not cached by nginx (X-Cache-Status: ${check.headers.get('x-cache-status')})`,
        );
      }
    }
    for (const [server, base] of [
      ['nginx (cached) → next start', edge.url],
      ['next start alone', stack.appUrl],
    ]) {
      const result = await run(base + page);
      const row = {
        server,
        page,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      };
      if (base === edge.url) row.target = row.rps >= TARGET.rps && row.p99 <= TARGET.p99 && row.errors === 0;
      rows.push(row);
    }
  }
} finally {
  await edge.stop();
  await stack.stop();
}

const load = os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(' ');
console.log(
  `\ncached page, autocannon -c ${CONNECTIONS} -d ${SECONDS}, gzip, pt/en alternating ` +
    `(${os.cpus().length} cores, load average ${load} at the end, Node ${process.version})`,
);
console.log('| server | page | req/s | p50 ms | p99 ms | errors | target (≥ 3,000 req/s, p99 ≤ 20 ms) |');
console.log('|---|---|---:|---:|---:|---:|---|');
for (const row of rows) {
  const target = row.target === undefined ? '—' : row.target ? 'MET' : 'MISSED';
  console.log(
    `| ${row.server} | ${row.page} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${target} |`,
  );
}
