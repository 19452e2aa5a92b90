/**
 * The traffic simulation behind `npm run bench:traffic` (bench/traffic.mjs runs this file through
 * vitest's node API, which resolves the app's TypeScript, its `@/` paths and the `server-only`
 * stub). It drives the REAL lib/jikan code (cache lookups, stale-while-revalidate, single flight,
 * the 404 memory, the limiter, the offline catalogue fallback) with a simulated clock (vitest's
 * fake timers) and a simulated anime database (a stubbed fetch answering after UPSTREAM_LATENCY_MS).
 *
 * Visitors arrive at a steady rate (Poisson) and open:
 * - a detail page (75 %): an id drawn by a Zipf-like popularity (s = 1) over 28,000 ids;
 * - a search (15 %): 60 % one of 500 popular queries (Zipf), 40 % the long tail (20,000 queries);
 * - a listing (10 %): the season, top or popular listing of the home page.
 * Each configuration starts cold; the figures are those of the last measureMinutes.
 *
 * Input (env): TRAFFIC_RATES (page views per minute, comma-separated), TRAFFIC_MINUTES,
 * TRAFFIC_measureMinutes, TRAFFIC_CACHES (shared,spec), TRAFFIC_OUT (JSON file for the results),
 * TRAFFIC_DAY ('0': skip the day with an outage, 'only': run only that), TRAFFIC_DAY_OUT.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import { it, vi } from 'vitest';
import { animeById, ID_DEATH_NOTE } from '../e2e/fake-upstream/fixtures.mjs';
import { random, zipf } from './random.mjs';
import {
  getAnimeDetails,
  getPopularAnime,
  getSeasonNow,
  getTopAnime,
  isStopgapPage,
  searchAnime,
} from '@/lib/jikan';
import type { AnimeDetails, AnimePage } from '@/lib/jikan/types';
import {
  CACHE_MAX_ENTRIES,
  CACHE_TTL_MS,
  cacheKind,
  getCache,
  SHARED_CACHE_LIVES,
  STALE_LIMIT_MS,
  InProcessCache,
} from '@/lib/server/cache';
import { getRateLimiter } from '@/lib/server/rate-limiter';
import { REFRESH_RETRY_MS } from '@/lib/jikan/client';
import { storedCopyDecision } from '@/lib/records/freshness';
import { freshProcess, provideProcessState } from '@/test/support/process';
import { freshDataLayer } from '@/test/support/data-layer';

const RATES = (process.env.TRAFFIC_RATES ?? '100,1000,10000').split(',').map(Number);
/** Simulated minutes per rate (one value for all, or one per rate); the second half is measured. */
const MINUTES = (process.env.TRAFFIC_MINUTES ?? '120,60,6').split(',').map(Number);
const minutesFor = (i: number) => MINUTES[Math.min(i, MINUTES.length - 1)]!;
const CACHES = (process.env.TRAFFIC_CACHES ?? 'shared,spec').split(',') as ('shared' | 'spec')[];
const ANIME_COUNT = 28_000;
const UPSTREAM_LATENCY_MS = 300;
const STEP_MS = 250;
/**
 * The shared cache's bound in entries: Redis's 256 MB (the README's setting) over about 4 KB per
 * stored details answer (the mapped record of a real /full answer, as JSON, with Redis overhead).
 */
const SHARED_ENTRIES = 60_000;

function poisson(mean: number, rand: () => number): number {
  // Knuth's method; the means here are small (at most about 42 per 250 ms step).
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rand();
  while (p > limit) {
    k += 1;
    p *= rand();
  }
  return k;
}

/** A full record of the fake upstream (the e2e fixtures) as every id's answer: real sizes. */
const template = { ...animeById(ID_DEATH_NOTE) };

function detailsBody(id: number) {
  return { data: { ...template, mal_id: id, title: `Anime ${id}`, title_english: `Anime ${id}` } };
}

function listBody(seed: number) {
  const data = Array.from(
    { length: 25 },
    (_, i) => detailsBody(((seed * 31 + i * 977) % ANIME_COUNT) + 1).data,
  );
  return { data, pagination: { current_page: 1, last_visible_page: 4, has_next_page: true } };
}

interface Visitor {
  done: boolean;
  limiterWaitMs: number;
  stale: boolean;
}

interface Result {
  cache: string;
  rate: number;
  /** Simulated minutes; the second half is measured. */
  minutes: number;
  views: number;
  /** Answered at once from the cache (fresh or stale), neither offline nor failed. */
  hitRate: number;
  upstreamPerMinuteMean: number;
  upstreamPerMinuteMax: number;
  minGapMs: number;
  waited: number;
  waitP50Ms: number;
  waitP99Ms: number;
  stale: number;
  offline: number;
  failed: number;
}

const results: Result[] = [];

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function simulate(cacheName: 'shared' | 'spec', rate: number, minutes: number): Promise<Result> {
  const measureMinutes = minutes / 2;
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 15, 12), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  // The app logs every failed call and fallback; thousands of lines would only slow the run.
  for (const level of ['info', 'warn', 'error'] as const)
    vi.spyOn(console, level).mockImplementation(() => undefined);
  freshDataLayer();
  freshProcess('catalogue'); // the real offline catalogue, as in production
  provideProcessState('cache', {
    cache: new InProcessCache(
      cacheName === 'shared'
        ? { life: (key) => SHARED_CACHE_LIVES[cacheKind(key)], maxEntries: SHARED_ENTRIES }
        : { ttlMs: CACHE_TTL_MS, staleLimitMs: STALE_LIMIT_MS, maxEntries: CACHE_MAX_ENTRIES },
    ),
  });
  const visitors = new AsyncLocalStorage<Visitor>();

  const cache = getCache();
  const cacheGet = cache.get.bind(cache);
  cache.get = async <T>(key: string) => {
    const hit = await cacheGet<T>(key);
    const visitor = visitors.getStore();
    if (hit && !hit.fresh && visitor && !visitor.done) visitor.stale = true;
    return hit;
  };
  const limiter = getRateLimiter();
  const acquire = limiter.acquire.bind(limiter);
  limiter.acquire = async (options) => {
    const started = Date.now();
    await acquire(options);
    const visitor = visitors.getStore();
    if (visitor && !visitor.done) visitor.limiterWaitMs += Date.now() - started;
  };

  const calls: number[] = [];
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = new URL(String(input));
    calls.push(Date.now());
    await new Promise((resolve) => setTimeout(resolve, UPSTREAM_LATENCY_MS));
    const id = /\/anime\/(\d+)/.exec(url.pathname)?.[1];
    const body = id ? detailsBody(Number(id)) : listBody(url.search.length);
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });

  const rand = random(rate * 7 + (cacheName === 'shared' ? 1 : 2));
  const detailRank = zipf(ANIME_COUNT, 1, rand);
  // Popularity ranks map to ids in a fixed shuffled order, not id order.
  const ids = Array.from({ length: ANIME_COUNT }, (_, i) => i + 1);
  const shuffle = random(42);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(shuffle() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  const popularQuery = zipf(500, 1, rand);
  const listings = [
    () => getSeasonNow({}, { adult: false }),
    () => getTopAnime({}, { adult: false }),
    () => getPopularAnime({}, { adult: false }),
  ];

  const measureFrom = Date.now() + (minutes - measureMinutes) * 60_000;
  const end = Date.now() + minutes * 60_000;
  const outcomes: { at: number; visitor: Visitor; ms: number; offline: boolean; failed: boolean }[] = [];
  const pending = new Set<Promise<void>>();

  function visit(): void {
    const roll = rand();
    const ask: () => Promise<AnimeDetails | AnimePage> =
      roll < 0.75
        ? () => getAnimeDetails(ids[detailRank()]!)
        : roll < 0.9
          ? () =>
              searchAnime(
                { q: rand() < 0.6 ? `popular ${popularQuery()}` : `tail ${Math.floor(rand() * 20_000)}` },
                { adult: false },
              )
          : listings[Math.floor(rand() * listings.length)]!;
    const visitor: Visitor = { done: false, limiterWaitMs: 0, stale: false };
    const at = Date.now();
    const run = visitors.run(visitor, async () => {
      let offline = false;
      let failed = false;
      try {
        const answer = await ask();
        offline = answer.offline === true;
        failed = 'data' in answer && isStopgapPage(answer);
      } catch {
        failed = true;
      }
      visitor.done = true;
      if (at >= measureFrom) outcomes.push({ at, visitor, ms: Date.now() - at, offline, failed });
    });
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  while (Date.now() < end) {
    const arrivals = poisson((rate / 60_000) * STEP_MS, rand);
    for (let i = 0; i < arrivals; i++) visit();
    await vi.advanceTimersByTimeAsync(STEP_MS);
  }
  while (pending.size) await vi.advanceTimersByTimeAsync(1000);

  const measured = calls.filter((time) => time >= measureFrom && time < end);
  const perMinute = new Map<number, number>();
  for (const time of measured) {
    const minute = Math.floor((time - measureFrom) / 60_000);
    perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
  }
  const minuteCounts = Array.from({ length: measureMinutes }, (_, i) => perMinute.get(i) ?? 0);
  const gaps = calls.slice(1).map((time, i) => time - calls[i]!);
  const waits = outcomes
    .map((o) => o.visitor.limiterWaitMs)
    .filter((ms) => ms > 0)
    .sort((a, b) => a - b);
  const result: Result = {
    cache: cacheName,
    rate,
    minutes,
    views: outcomes.length,
    hitRate:
      outcomes.filter((o) => o.ms === 0 && !o.failed && !o.offline).length / Math.max(1, outcomes.length),
    upstreamPerMinuteMean: measured.length / measureMinutes,
    upstreamPerMinuteMax: Math.max(...minuteCounts),
    minGapMs: gaps.length ? Math.min(...gaps) : 0,
    waited: waits.length,
    waitP50Ms: percentile(waits, 50),
    waitP99Ms: percentile(waits, 99),
    stale: outcomes.filter((o) => o.visitor.stale).length,
    offline: outcomes.filter((o) => o.offline).length,
    failed: outcomes.filter((o) => o.failed).length,
  };
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  return result;
}

for (const cacheName of process.env.TRAFFIC_DAY === 'only' ? [] : CACHES) {
  for (const [i, rate] of RATES.entries()) {
    it(`${cacheName} cache at ${rate} page views a minute`, async () => {
      const started = performance.now();
      const result = await simulate(cacheName, rate, minutesFor(i));
      results.push(result);
      // Written after each run, so an interrupted simulation still leaves its finished figures.
      if (process.env.TRAFFIC_OUT) writeFileSync(process.env.TRAFFIC_OUT, JSON.stringify(results, null, 2));
      process.stdout.write(
        `  simulated ${cacheName} @ ${rate}/min in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
      );
    }, 1_800_000);
  }
}

// ---------------------------------------------------------------------------------------------
// A day with a 2-hour outage, with and without the durable store of records (lib/records).
//
// Simulating a whole day through the real code above would take hours at 10,000 views a minute
// (about 1 ms of CPU per view), so this part runs a model of the same rules, per detail view:
// - the hot cache: fresh within its life, stale (answered, refreshed in the background unless a
//   refresh failed in the last REFRESH_RETRY_MS) until its stale limit, least recently used out;
// - the durable store: one copy per anime ever fetched, with its fetch time, asked on a hot miss
//   and judged by the real storedCopyDecision (life = the hot cache's, queue threshold 3 s);
// - the limiter: one call every 1.26 s, a turn refused when it is further away than the timeout
//   allows (15 s less 1 s kept for the call), 300 ms per call;
// - the catalogue stub: for a miss when the queue is over 3 s or the call fails; bangumi-data knows
//   about 8,483 of the 28,000 ids (30 %, drawn uniformly here), others get no page at all.
// Every call's outcome is applied when its turn comes (success outside the outage, 504 inside).
// The first day warms the caches and the store; the second, with Jikan down 14:00–16:00, is measured.
// Detail views are 75 % of the views, as above.

interface DayResult {
  cache: 'shared' | 'spec';
  store: boolean;
  rate: number;
  views: number;
  fresh: number;
  stale: number;
  stub: number;
  none: number;
  outageViews: number;
  outageFresh: number;
  outageStale: number;
  outageStub: number;
  outageNone: number;
  calls: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const OUTAGE_FROM_MS = 14 * 60 * 60 * 1000;
const OUTAGE_MS = 2 * 60 * 60 * 1000;
const GAP_MS = 1260;
const QUEUE_LIMIT_MS = 3000;
const MAX_WAIT_MS = 15_000 - 1000;
const CALL_MS = UPSTREAM_LATENCY_MS;
const CATALOGUE_SHARE = 8483 / 28_000;

function simulateDay(cacheName: 'shared' | 'spec', store: boolean, rate: number): DayResult {
  const life =
    cacheName === 'shared' ? SHARED_CACHE_LIVES.details : { freshMs: CACHE_TTL_MS, staleMs: STALE_LIMIT_MS };
  const maxEntries = cacheName === 'shared' ? SHARED_ENTRIES : CACHE_MAX_ENTRIES;
  const rand = random(rate * 13 + (cacheName === 'shared' ? 1 : 2));
  const rank = zipf(ANIME_COUNT, 1, rand);
  const inCatalogue = new Uint8Array(ANIME_COUNT);
  const coverage = random(7);
  for (let i = 0; i < ANIME_COUNT; i++) inCatalogue[i] = coverage() < CATALOGUE_SHARE ? 1 : 0;
  // Map keeps insertion order: deleting and setting again makes an entry the most recent.
  const hot = new Map<number, number>();
  const stored = new Map<number, number>();
  const refreshFailedUntil = new Map<number, number>();
  let nextTurn = 0;
  let calls = 0;
  const r: DayResult = {
    cache: cacheName,
    store,
    rate,
    views: 0,
    fresh: 0,
    stale: 0,
    stub: 0,
    none: 0,
    outageViews: 0,
    outageFresh: 0,
    outageStale: 0,
    outageStub: 0,
    outageNone: 0,
    calls: 0,
  };
  const down = (time: number) =>
    time >= DAY_MS + OUTAGE_FROM_MS && time < DAY_MS + OUTAGE_FROM_MS + OUTAGE_MS;
  const remember = (id: number, at: number) => {
    hot.delete(id);
    hot.set(id, at);
    if (hot.size > maxEntries) hot.delete(hot.keys().next().value as number);
    if (store) stored.set(id, at);
  };
  /** A turn at the limiter, or null when it would come too late; then the call's outcome. */
  const call = (id: number, now: number): { at: number; ok: boolean } | null => {
    const turn = Math.max(now, nextTurn);
    if (turn - now > MAX_WAIT_MS) return null;
    nextTurn = turn + GAP_MS;
    calls += 1;
    const at = turn + CALL_MS;
    const ok = !down(turn);
    if (ok) remember(id, at);
    return { at, ok };
  };

  const viewsPerMs = (rate * 0.75) / 60_000;
  const step = 1 / viewsPerMs;
  for (let now = 0; now < 2 * DAY_MS; now += step * -Math.log(1 - rand())) {
    const id = rank();
    let outcome: 'fresh' | 'stale' | 'stub' | 'none';
    const hit = hot.get(id);
    const age = hit === undefined ? Infinity : now - hit;
    if (age < life.freshMs) {
      outcome = 'fresh';
    } else if (age < life.freshMs + life.staleMs) {
      outcome = 'stale';
      hot.delete(id);
      hot.set(id, hit!);
      if ((refreshFailedUntil.get(id) ?? 0) <= now) {
        const refreshed = call(id, now);
        if (!refreshed?.ok) refreshFailedUntil.set(id, now + REFRESH_RETRY_MS);
      }
    } else {
      if (hit !== undefined) hot.delete(id);
      const copy = store ? stored.get(id) : undefined;
      const queueWaitMs = Math.max(0, nextTurn - now);
      if (copy !== undefined) {
        const decision = storedCopyDecision({
          complete: true,
          ageMs: now - copy,
          lifeMs: life.freshMs,
          queueWaitMs,
          queueLimitMs: QUEUE_LIMIT_MS,
        });
        if (decision === 'fresh') outcome = 'fresh';
        else if (decision === 'stale') outcome = 'stale';
        else {
          const answer = call(id, now);
          outcome = answer?.ok && answer.at - now <= QUEUE_LIMIT_MS ? 'fresh' : 'stale';
        }
      } else if (queueWaitMs > QUEUE_LIMIT_MS && inCatalogue[id]) {
        outcome = 'stub';
        if (queueWaitMs <= MAX_WAIT_MS) call(id, now);
      } else {
        const answer = call(id, now);
        outcome = answer?.ok ? 'fresh' : inCatalogue[id] ? 'stub' : 'none';
      }
    }
    if (now < DAY_MS) continue;
    r.views += 1;
    r[outcome] += 1;
    if (down(now)) {
      r.outageViews += 1;
      if (outcome === 'fresh') r.outageFresh += 1;
      else if (outcome === 'stale') r.outageStale += 1;
      else if (outcome === 'stub') r.outageStub += 1;
      else r.outageNone += 1;
    }
  }
  r.calls = calls;
  return r;
}

const dayResults: DayResult[] = [];
if (process.env.TRAFFIC_DAY !== '0') {
  for (const cacheName of CACHES) {
    it(`a day with a 2-hour outage, ${cacheName} cache, with and without the durable store`, () => {
      for (const rate of RATES) {
        for (const store of [false, true]) dayResults.push(simulateDay(cacheName, store, rate));
      }
      if (process.env.TRAFFIC_DAY_OUT)
        writeFileSync(process.env.TRAFFIC_DAY_OUT, JSON.stringify(dayResults, null, 2));
    }, 1_800_000);
  }
}
