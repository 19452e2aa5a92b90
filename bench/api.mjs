// npm run bench:api — latency and throughput of cached API answers, and how many upstream calls
// they cost. Starts the fake upstream and the production build (bench/harness.mjs), warms each
// route, then fires REQUESTS requests one at a time (latency: what one visitor waits) and with
// CONCURRENCY in flight (throughput: one Node process queues the rest), all on 127.0.0.1.
//
//   BENCH_REQUESTS=2000 BENCH_CONCURRENCY=10 npm run bench:api
//
// Budget: a cached hit answers in ≤ 5 ms median (one in flight) and makes no upstream call.
import { performance } from 'node:perf_hooks';
import { fakeControl } from '../e2e/fake-upstream/client.mjs';
import { ID_NARUTO } from '../e2e/fake-upstream/fixtures.mjs';
import { startStack } from './harness.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const BUDGET_P50_MS = 5;

const routes = [`/api/anime/${ID_NARUTO}`, '/api/anime/search?q=naruto'];

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timedGet(url) {
  const start = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { ms: performance.now() - start, status: response.status };
}

/** REQUESTS GETs of `url` with `concurrency` workers; latencies in ms and non-200 count. */
async function hammer(url, concurrency) {
  let next = 0;
  let failures = 0;
  const latencies = [];
  async function worker() {
    while (next < REQUESTS) {
      next += 1;
      const { ms, status } = await timedGet(url);
      latencies.push(ms);
      if (status !== 200) failures += 1;
    }
  }
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    latencies: latencies.sort((a, b) => a - b),
    seconds: (performance.now() - start) / 1000,
    failures,
  };
}

// The real 1200 ms gap: a cached hit must not depend on the limiter at all.
const stack = await startStack({ env: { JIKAN_MIN_INTERVAL_MS: '1200' } });
const fake = fakeControl(stack.fakeUrl);
const rows = [];
try {
  for (const route of routes) {
    const url = `${stack.appUrl}${route}`;
    const cold = await timedGet(url);
    if (cold.status !== 200) throw new Error(`${route} answered ${cold.status} while warming up`);
    // A few unmeasured requests so the route's code is compiled and loaded before timing.
    for (let i = 0; i < 20; i++) await timedGet(url);

    for (const concurrency of [1, CONCURRENCY]) {
      const since = Date.now();
      const { latencies, seconds, failures } = await hammer(url, concurrency);
      const upstream = (await fake.calls({ since })).filter((call) => call.service === 'jikan').length;
      const p50 = percentile(latencies, 50);
      // The latency budget is judged one request at a time; under load every row must still make no call.
      const withinBudget = (concurrency > 1 || p50 <= BUDGET_P50_MS) && upstream === 0 && failures === 0;
      rows.push({
        route,
        'in flight': concurrency,
        requests: latencies.length,
        'req/s': Math.round(latencies.length / seconds),
        'p50 ms': p50.toFixed(2),
        'p99 ms': percentile(latencies, 99).toFixed(2),
        'cold ms': cold.ms.toFixed(1),
        'non-200': failures,
        'upstream calls / 1000': ((upstream / latencies.length) * 1000).toFixed(1),
        budget: withinBudget ? 'ok' : 'OVER',
      });
    }
  }
} finally {
  await stack.stop();
}
console.log(
  `\n${REQUESTS} requests per row (budget: p50 ≤ ${BUDGET_P50_MS} ms with 1 in flight; 0 upstream calls)`,
);
console.table(rows);
