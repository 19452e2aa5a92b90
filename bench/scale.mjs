// npm run bench:scale — throughput and upstream calls with 1 and 2 instances of the
// production build, with and without a shared Redis, behind the fake upstream (all on loopback).
// Each setup starts cold (new processes, empty Redis) and gets the same two phases:
//
// 1. a cold burst: SCALE_REQUESTS API requests (details by a Zipf-like popularity over the fake's
//    records, and searches over a small query mix), SCALE_CONCURRENCY at a time, spread round
//    robin across the instances. Counts the upstream calls (the fake's call log), the calls more
//    than one per distinct request (duplicates), and the smallest gap between two calls;
// 2. warm throughput: autocannon for SCALE_SECONDS against the same (now cached) answers, on every
//    instance at once, summed.
//
//   npm run bench:scale
//   SCALE_GAP_MS=1200 SCALE_REQUESTS=300 SCALE_SECONDS=10 npm run bench:scale
//
// The gap is 200 ms by default (SCALE_GAP_MS) so a cold burst takes seconds, not minutes; what
// matters is whether calls keep it, and how many there are.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import { fakeControl } from '../e2e/fake-upstream/client.mjs';
import { allAnime } from '../e2e/fake-upstream/fixtures.mjs';
import { redisServerPath } from '../scripts/lib.mjs';
import { freePort, root, startApp } from './harness.mjs';
import { random, zipf } from './random.mjs';

const GAP_MS = Number(process.env.SCALE_GAP_MS ?? 200);
const REQUESTS = Number(process.env.SCALE_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.SCALE_CONCURRENCY ?? 20);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 20);

const SETUPS = [
  { instances: 1, redis: false },
  { instances: 2, redis: false },
  { instances: 1, redis: true },
  { instances: 2, redis: true },
];

function workload() {
  const rand = random(14);
  const ids = allAnime.map((anime) => anime.mal_id);
  const rank = zipf(ids.length, 1, rand);
  const queries = ['naruto', 'one piece', 'death note', 'bleach', 'frieren', 'titan', 'cowboy', 'fullmetal'];
  return Array.from({ length: REQUESTS }, () => {
    if (rand() < 0.25)
      return `/api/anime/search?q=${encodeURIComponent(queries[Math.floor(rand() * queries.length)])}`;
    return `/api/anime/${ids[rank()]}`;
  });
}

async function startRedis() {
  const binary = redisServerPath();
  if (!binary) throw new Error('redis-server not found (sudo apt-get install -y redis-server)');
  const port = await freePort();
  const child = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory',
      '256mb',
      '--maxmemory-policy',
      'allkeys-lru',
    ],
    { stdio: 'ignore' },
  );
  for (let tries = 0; ; tries++) {
    const up = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (tries > 200) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

async function coldBurst(urls, paths) {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < paths.length) {
      const i = next++;
      const t0 = performance.now();
      try {
        const response = await fetch(urls[i % urls.length] + paths[i], {
          headers: { 'X-Forwarded-For': `198.51.100.${(i % 200) + 1}` },
        });
        await response.arrayBuffer();
        if (response.status !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: paths.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

function cannon(url, paths) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: paths.map((path, i) => ({
          method: 'GET',
          path,
          headers: { 'x-forwarded-for': `203.0.113.${(i % 200) + 1}` },
        })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

if (!existsSync('node_modules/.bin/next')) {
  console.error('Run from the repository root after npm install.');
  process.exit(1);
}

/**
 * The fake in a process of its own: it timestamps each call as it arrives, and sharing an event
 * loop with this script's own clients would delay and bunch up those timestamps.
 */
async function startFake() {
  const port = await freePort();
  const child = spawn(process.execPath, ['e2e/fake-upstream/server.mjs', '--port', String(port)], {
    cwd: root,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/__health`)).ok) break;
    } catch {
      if (tries > 200) throw new Error('the fake upstream did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const fake = await startFake();
const control = fakeControl(fake.url);
const paths = workload();
const distinct = new Set(paths).size;
const rows = [];
try {
  for (const setup of SETUPS) {
    if (setup.redis && !redisServerPath()) {
      console.warn(
        'redis-server not found: skipping the Redis setups (sudo apt-get install -y redis-server)',
      );
      continue;
    }
    const redis = setup.redis ? await startRedis() : null;
    const env = {
      JIKAN_MIN_INTERVAL_MS: String(GAP_MS),
      JIKAN_TIMEOUT_MS: '60000',
      ...(redis ? { REDIS_URL: redis.url } : {}),
    };
    const apps = [];
    try {
      for (let i = 0; i < setup.instances; i++) apps.push(await startApp({ fakeUrl: fake.url, env }));
      const urls = apps.map((app) => app.url);
      await control.reset();
      const since = Date.now();
      const cold = await coldBurst(urls, paths);
      const calls = (await control.calls({ service: 'jikan', since })).map((call) => call.time);
      const gaps = calls.slice(1).map((time, i) => time - calls[i]);
      const warm = await Promise.all(urls.map((url) => cannon(url, [...new Set(paths)])));
      const warmErrors = warm.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
      rows.push({
        setup: `${setup.instances} instance${setup.instances > 1 ? 's' : ''}, ${setup.redis ? 'Redis' : 'no Redis'}`,
        coldRps: cold.rps.toFixed(1),
        coldP99: Math.round(cold.p99),
        calls: calls.length,
        duplicates: Math.max(0, calls.length - distinct),
        minGap: gaps.length ? Math.min(...gaps) : '-',
        shortGaps: gaps.filter((gap) => gap < GAP_MS).length,
        warmRps: Math.round(warm.reduce((sum, r) => sum + r.requests.average, 0)),
        warmP99: Math.max(...warm.map((r) => r.latency.p99)),
        errors: cold.errors + warmErrors,
      });
      console.log(`done: ${rows.at(-1).setup}`);
    } finally {
      for (const app of apps) await app.stop();
      await redis?.stop();
    }
  }
} finally {
  await fake.close();
}

console.log(
  `\nload average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores at the end; ` +
    `${REQUESTS} cold requests (${distinct} distinct), ${CONCURRENCY} at a time; gap ${GAP_MS} ms (+60 ms margin); ` +
    `warm: autocannon -c ${CONNECTIONS} -d ${SECONDS} per instance`,
);
console.log(
  `| setup | cold req/s | cold p99 ms | upstream calls | duplicate calls | min gap ms | gaps < ${GAP_MS} ms | warm req/s | warm p99 ms | errors |`,
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.setup} | ${r.coldRps} | ${r.coldP99} | ${r.calls} | ${r.duplicates} | ${r.minGap} | ${r.shortGaps} | ${r.warmRps} | ${r.warmP99} | ${r.errors} |`,
  );
}
