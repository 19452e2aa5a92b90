// npm run bench:pages — throughput and latency of cached pages. Starts the fake upstream
// and the production build (bench/harness.mjs), renders each page once (the render cache then
// holds it), and runs autocannon against it: BENCH_CONNECTIONS connections (default 20) for
// BENCH_SECONDS seconds (default 15), gzip accepted, Portuguese and English alternating by cookie.
//
//   BENCH_SECONDS=15 BENCH_CONNECTIONS=20 npm run bench:pages
//   BENCH_PAGES=/,/anime/20 npm run bench:pages
//
// Budget: ≥ 300 req/s and p99 ≤ 200 ms on each cached page, 0 errors, 0 upstream calls.
import autocannon from 'autocannon';
import { fakeControl } from '../e2e/fake-upstream/client.mjs';
import { startStack } from './harness.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PAGES = (process.env.BENCH_PAGES ?? '/,/explore,/search?q=naruto,/anime/20').split(',').filter(Boolean);
const BUDGET = { rps: 300, p99: 200 };

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          { method: 'GET', headers: { 'accept-encoding': 'gzip', cookie: 'NEXT_LOCALE=pt' } },
          { method: 'GET', headers: { 'accept-encoding': 'gzip', cookie: 'NEXT_LOCALE=en' } },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** Each page under load on `next start` (as `npm start` runs it). */
async function measure() {
  const stack = await startStack({ env: { JIKAN_MIN_INTERVAL_MS: '20' } });
  const fake = fakeControl(stack.fakeUrl);
  const rows = [];
  try {
    for (const page of PAGES) {
      for (const locale of ['pt', 'en']) {
        const warm = await fetch(stack.appUrl + page, { headers: { cookie: `NEXT_LOCALE=${locale}` } });
        await warm.arrayBuffer();
      }
      const since = Date.now();
      const result = await run(stack.appUrl + page);
      const upstream = (await fake.calls({ service: 'jikan', since })).length;
      const errors = result.errors + result.timeouts + result.non2xx;
      const row = {
        server: 'next start',
        page,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors,
        upstream,
      };
      row.pass = row.rps >= BUDGET.rps && row.p99 <= BUDGET.p99 && errors === 0 && upstream === 0;
      rows.push(row);
    }
  } finally {
    await stack.stop();
  }
  return rows;
}

const rows = await measure();

console.log(`\ncached pages, autocannon -c ${CONNECTIONS} -d ${SECONDS}, gzip, pt/en alternating`);
console.log('| server | page | req/s | p50 ms | p99 ms | errors | upstream calls | budget |');
console.log('|---|---|---:|---:|---:|---:|---:|---|');
for (const row of rows) {
  console.log(
    `| ${row.server} | ${row.page} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.upstream} | ${row.pass ? 'PASS' : 'FAIL'} |`,
  );
}
