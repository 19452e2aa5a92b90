// npm run bench:faults — the fault table: how long visitors wait, and what they get,
// while the anime database answers 504 or hangs. Starts the fake upstream and the production
// build (bench/harness.mjs) with the production gap and timeout (1200 ms, 15 s), warms `/`,
// `/search?q=naruto` and `/api/anime/top`, lets those entries go stale (FAULTS_STALE_WAIT_MS, by
// default just past CACHE_TTL_MS), then times each URL once per fault mode, in order, with the
// number of upstream Jikan calls each one caused.
//
//   CACHE_TTL_MS=20000 npm run bench:faults        # a build where the cache life is configurable
//   FAULTS_STALE_WAIT_MS=610000 npm run bench:faults  # a build without it: wait out the 10 min
import { performance } from 'node:perf_hooks';
import { fakeControl } from '../e2e/fake-upstream/client.mjs';
import { startStack } from './harness.mjs';

const ttl = Number(process.env.CACHE_TTL_MS ?? 600_000);
const staleWait = Number(process.env.FAULTS_STALE_WAIT_MS ?? ttl + 1000);
const warm = ['/', '/search?q=naruto', '/api/anime/top'];
const modes = (process.env.FAULTS_MODES ?? '504,hang').split(',');
const urlsFor = (mode) => [
  '/',
  '/search?q=naruto',
  '/api/anime/top',
  `/api/anime/search?q=new-${mode}-${Date.now().toString(36)}`,
  '/api/anime/999999',
];

async function timedGet(url) {
  const start = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(90_000) });
    await response.arrayBuffer();
    return {
      status: response.status,
      ms: performance.now() - start,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    return { status: `error (${error.name})`, ms: performance.now() - start, retryAfter: null };
  }
}

const stack = await startStack({ env: { CACHE_TTL_MS: String(ttl) } });
const fake = fakeControl(stack.fakeUrl);
const rows = [];
try {
  for (const path of warm) {
    const { status } = await timedGet(stack.appUrl + path);
    if (status !== 200) throw new Error(`warming ${path} answered ${status}`);
  }
  console.error(`warmed; waiting ${Math.round(staleWait / 1000)} s for the entries to go stale`);
  await new Promise((resolve) => setTimeout(resolve, staleWait));

  for (const mode of modes) {
    await fake.reset();
    await fake.setFault({ service: 'jikan', mode });
    for (const path of urlsFor(mode)) {
      const since = Date.now();
      const result = await timedGet(stack.appUrl + path);
      const calls = (await fake.calls({ service: 'jikan', since })).length;
      rows.push({ mode, path, ...result, calls });
      console.error(`${mode} ${path} → ${result.status} in ${(result.ms / 1000).toFixed(2)} s`);
    }
  }
} finally {
  await stack.stop();
}

console.log('| fault | request | status | time | Retry-After | Jikan calls during it |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) {
  const path = row.path.replace(/q=new-.*$/, 'q=<new>');
  const time = row.ms < 1000 ? `${Math.round(row.ms)} ms` : `${(row.ms / 1000).toFixed(1)} s`;
  console.log(
    `| ${row.mode} | \`${path}\` | ${row.status} | ${time} | ${row.retryAfter ?? '–'} | ${row.calls} |`,
  );
}
