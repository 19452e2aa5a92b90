// npm run bench:traffic — simulation for the scale we cannot run here: visitors at
// 100, 1,000 and 10,000 page views a minute against the real cache, limiter and fallback code
// (bench/traffic-simulation.ts, run through vitest's node API for the app's TypeScript), with a
// simulated clock and anime database. Prints, per cache and rate: the share of page views answered
// without a call of their own, upstream calls a minute (mean and worst minute; Jikan allows 60,
// our 1.26 s gap at most 47.6), the visitors who waited for the limiter (p50/p99 of the wait), and
// those answered stale, offline (catalogue) or not at all.
//
//   npm run bench:traffic
//   TRAFFIC_RATES=1000 TRAFFIC_MINUTES=60 TRAFFIC_CACHES=shared npm run bench:traffic
//   TRAFFIC_DAY=only npm run bench:traffic
//
// Then a day with Jikan down for 2 hours (a model of the same rules, see traffic-simulation.ts),
// with and without the durable store of records: the share of detail views that got a full fresh
// record, a full stale one, the catalogue's stub, or no page; over the day and during the outage.
//
// Each run starts cold and is measured over its second half: by default 120, 60 and 6 simulated
// minutes at 100, 1,000 and 10,000 views a minute (each simulated view costs about 1 ms of CPU, so
// the busiest rate gets the shortest run; it is over the limit from its first minute anyway).
//
// Caches: `shared` is the Redis cache's policy (a life per kind of data, 60,000 entries ≈ 256 MB);
// `spec` is the in-process cache of one instance without Redis (SPEC §9: 10 minutes, 200 entries).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startVitest } from 'vitest/node';
import { root } from './harness.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'traffic-'));
const out = path.join(dir, 'results.json');
const dayOut = path.join(dir, 'day.json');
process.env.TRAFFIC_OUT = out;
process.env.TRAFFIC_DAY_OUT = dayOut;

const vitest = await startVitest('test', [], {
  root,
  include: ['bench/traffic-simulation.ts'],
  watch: false,
  reporters: ['dot'],
  // One file, one process: the simulation is single-threaded and time-sensitive only in fake time.
  pool: 'forks',
  fileParallelism: false,
});
await vitest?.close();

const read = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
};
const results = read(out);
const days = read(dayOut);
rmSync(dir, { recursive: true, force: true });
if (!results.length && !days.length) {
  console.error('The simulation produced no results.');
  process.exit(1);
}

const pct = (n, total) => `${((100 * n) / Math.max(1, total)).toFixed(1)} %`;
printDays();
if (!results.length) process.exit(0);
console.log('');
console.log(
  `${'cache'.padEnd(7)}${'views/min'.padStart(10)}${'minutes'.padStart(9)}${'hit rate'.padStart(10)}${'calls/min'.padStart(11)}` +
    `${'worst min'.padStart(10)}${'min gap'.padStart(9)}${'waited'.padStart(9)}${'p50 wait'.padStart(10)}` +
    `${'p99 wait'.padStart(10)}${'stale'.padStart(8)}${'offline'.padStart(9)}${'failed'.padStart(8)}`,
);
for (const r of results) {
  console.log(
    `${r.cache.padEnd(7)}${String(r.rate).padStart(10)}${`${r.minutes / 2}/${r.minutes}`.padStart(9)}${pct(r.hitRate * r.views, r.views).padStart(10)}` +
      `${r.upstreamPerMinuteMean.toFixed(1).padStart(11)}${String(r.upstreamPerMinuteMax).padStart(10)}` +
      `${`${r.minGapMs} ms`.padStart(9)}${pct(r.waited, r.views).padStart(9)}` +
      `${`${(r.waitP50Ms / 1000).toFixed(1)} s`.padStart(10)}${`${(r.waitP99Ms / 1000).toFixed(1)} s`.padStart(10)}` +
      `${pct(r.stale, r.views).padStart(8)}${pct(r.offline, r.views).padStart(9)}${pct(r.failed, r.views).padStart(8)}`,
  );
}
const overLimit = results.filter((r) => r.upstreamPerMinuteMax > 60);
if (overLimit.length) {
  console.error(`Over Jikan's 60 calls a minute: ${overLimit.map((r) => `${r.cache}@${r.rate}`).join(', ')}`);
  process.exit(1);
}

function printDays() {
  if (!days.length) return;
  console.log('');
  console.log('A day with Jikan down 14:00-16:00 (detail views; whole day | during the outage):');
  console.log(
    `${'cache'.padEnd(7)}${'store'.padEnd(6)}${'views/min'.padStart(10)}${'fresh'.padStart(8)}${'stale'.padStart(8)}` +
      `${'stub'.padStart(8)}${'none'.padStart(8)}  |${'fresh'.padStart(8)}${'stale'.padStart(8)}${'stub'.padStart(8)}` +
      `${'none'.padStart(8)}${'calls/min'.padStart(11)}`,
  );
  for (const d of days) {
    console.log(
      `${d.cache.padEnd(7)}${(d.store ? 'yes' : 'no').padEnd(6)}${String(d.rate).padStart(10)}` +
        `${pct(d.fresh, d.views).padStart(8)}${pct(d.stale, d.views).padStart(8)}${pct(d.stub, d.views).padStart(8)}` +
        `${pct(d.none, d.views).padStart(8)}  |${pct(d.outageFresh, d.outageViews).padStart(8)}` +
        `${pct(d.outageStale, d.outageViews).padStart(8)}${pct(d.outageStub, d.outageViews).padStart(8)}` +
        `${pct(d.outageNone, d.outageViews).padStart(8)}${(d.calls / (2 * 24 * 60)).toFixed(1).padStart(11)}`,
    );
  }
}
