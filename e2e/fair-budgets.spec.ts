import type { ChildProcess } from 'node:child_process';
import { expect, test, type Request } from '@playwright/test';
import { Redis } from 'ioredis';
import { REDIS_MISSING, redisServerPath, startTestRedis, type TestRedis } from '../test/support/redis';
import { fakeControl, startApp, startFake, stopProcess, type FakeControl } from './discovery/private-stack';

/**
 * The budgets with their default sizes (lib/env.ts), through `next start` instances of the build
 * started here: a fan who spent the burst is back within seconds, requests that cost the anime
 * database nothing are free on any instance, made-up ids never close pages of real anime, and an
 * outage is never answered as a franchise or a cast, and a background job's calls wait behind a
 * person's page. Only the limiter's gap is shortened where the test is about budgets, not the pace.
 */
test.describe.configure({ mode: 'serial' });

/** The defaults of lib/env.ts, written out: what this file proves does not hang on them changing. */
const DEFAULT_BUDGETS = {
  CLIENT_MISS_BURST: '60',
  CLIENT_MISS_PER_MINUTE: '30',
  PAGE_MISS_BURST: '30',
  PAGE_MISS_PER_MINUTE: '30',
  UNKNOWN_PAGE_BURST: '6',
  UNKNOWN_PAGE_PER_MINUTE: '6',
  // Clients are named by the one proxy in front, as behind the shipped nginx.
  TRUSTED_PROXY_HOPS: '1',
};

let upstream: { url: string; child: ChildProcess };
let fake: FakeControl;
const started: ChildProcess[] = [];

async function app(env: Record<string, string>): Promise<string> {
  const instance = await startApp(`${upstream.url}/jikan/v4`, {
    STREAMING_BASE_URLS: `${upstream.url}/streaming/main`,
    TRANSLATE_BASE_URL: `${upstream.url}/translate`,
    ...DEFAULT_BUDGETS,
    ...env,
  });
  started.push(instance.child);
  return instance.url;
}

const from = (client: string) => ({ headers: { 'X-Forwarded-For': client } });

test.beforeAll(async () => {
  upstream = await startFake();
  fake = fakeControl(upstream.url);
});

test.afterAll(async () => {
  for (const child of started) await stopProcess(child);
  if (upstream) await stopProcess(upstream.child);
});

test('a fan who spent the burst of searches gets one back within seconds, honestly announced', async () => {
  test.setTimeout(240_000);
  const base = await app({ JIKAN_MIN_INTERVAL_MS: '20' });
  const run = `burst-${Date.now()}`;
  const search = (i: number | string) =>
    fetch(`${base}/api/anime/search?q=${run}-${i}`, from('203.0.113.21'));
  // The burst (60) is all served; tokens come back while the fan searches, so the first refusal
  // comes after the burst plus what refilled meanwhile (one every 2 s), never before.
  const started = Date.now();
  let served = 0;
  let refused: Response | undefined;
  for (let i = 0; i < 120 && !refused; i += 1) {
    const answer = await search(i);
    if (answer.status === 200) served += 1;
    else refused = answer;
  }
  const refilled = Math.floor((Date.now() - started) / 2000);
  expect(served).toBeGreaterThanOrEqual(60);
  expect(served).toBeLessThanOrEqual(60 + refilled + 1);
  if (!refused) throw new Error('a scraper was never refused');
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('TOO_MANY_REQUESTS');
  // One token back every 2 s: Retry-After says so, not the rest of a minute.
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(2);
  // Asked again as the header says, the fan is served.
  await expect
    .poll(async () => (await search('back')).status, { timeout: 10_000, intervals: [retryAfter * 1000, 500] })
    .toBe(200);
  // Only what was served reached the anime database; another address never noticed.
  expect(await fake.calls({ service: 'jikan', match: run })).toHaveLength(served + 1);
  expect((await fetch(`${base}/api/anime/search?q=${run}-other`, from('198.51.100.21'))).status).toBe(200);
});

test.describe('two instances on one Redis', () => {
  test.skip(redisServerPath() === null, REDIS_MISSING);
  let redis: TestRedis;

  test.beforeAll(async () => {
    redis = await startTestRedis();
  });

  test.afterAll(async () => {
    await redis?.stop();
  });

  test('40 concurrent requests from one address for one uncached anime: 40 answers, one call, one token', async () => {
    test.setTimeout(240_000);
    const env = { REDIS_URL: redis.url };
    // One after the other: two cold starts at once can outlast the start-up wait on a busy machine.
    const bases = [await app(env), await app(env)];
    const client = '203.0.113.40';
    const id = 4181; // never asked before on this fake
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fetch(`${bases[i % 2]}/api/anime/${id}`, from(client))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 40 }, () => 200));
    for (const answer of answers)
      expect(((await answer.json()) as { data: { id: number } }).data.id).toBe(id);
    expect(await fake.calls({ service: 'jikan', match: `/anime/${id}/full` })).toHaveLength(1);
    // The shared bucket lost at most the one token of the call (two if both instances raced to
    // the lock at the same instant), not forty.
    const store = new Redis(redis.url);
    try {
      // A bucket refilled to full has expired from Redis (an idle client costs no memory).
      const saved = await store.hget(`am:budget:client-miss:${client}`, 'tokens');
      const tokens = saved === null ? Number(DEFAULT_BUDGETS.CLIENT_MISS_BURST) : Number(saved);
      expect(tokens).toBeGreaterThanOrEqual(57);
    } finally {
      store.disconnect();
    }
    // The same address searches right after, on either instance.
    for (const base of bases) {
      expect((await fetch(`${base}/api/anime/search?q=after-${Date.now()}`, from(client))).status).toBe(200);
    }
  });
});

// Real anime the offline catalogue knows (bangumi-data): an id nobody knows as an anime, real or
// not, takes from the small budget of unknown ids (docs/decisions/refilling-budgets.md).
test('50 made-up ids from one client, then 20 real anime never stored: every real page whole', async () => {
  test.setTimeout(300_000);
  // The default limiter pace and timeout too (startApp shortens them).
  const base = await app({ JIKAN_MIN_INTERVAL_MS: '1200', JIKAN_TIMEOUT_MS: '15000' });
  for (let i = 0; i < 50; i += 1) {
    const answer = await fetch(`${base}/anime/${800_000 + i}`, {
      redirect: 'manual',
      ...from('203.0.113.66'),
    });
    // Not found while its own budget lasts, then 'not now': either way, never a page of a real anime.
    expect([404, 307]).toContain(answer.status);
  }
  const real = [
    1, 5, 19, 30, 1735, 47, 121, 199, 223, 269, 442, 11757, 813, 918, 1575, 2167, 2472, 4059, 4224, 6045,
  ];
  for (const [index, id] of real.entries()) {
    const answer = await fetch(`${base}/anime/${id}`, {
      redirect: 'manual',
      ...from(`198.51.100.${index + 1}`),
    });
    expect(answer.status, `/anime/${id}`).toBe(200);
    const html = await answer.text();
    // The whole page (the synopsis section of a live record), not the catalogue's stand-in.
    expect(html, `/anime/${id}`).toContain('data-testid="synopsis"');
  }
  expect(await fake.calls({ service: 'jikan', match: '/anime/1/full' })).toHaveLength(1);
});

test('during a 504, franchise and cast say they could not be had, and no cache keeps that', async () => {
  test.setTimeout(240_000);
  const base = await app({ JIKAN_MIN_INTERVAL_MS: '20' });
  const fault = await fake.setFault({ service: 'jikan', mode: '504' });
  try {
    // A PG-13 title nobody asked for before on this server.
    const id = 11061;
    const franchise = await fetch(`${base}/api/anime/${id}/franchise`, from('203.0.113.50'));
    expect(franchise.status).toBe(200);
    expect(franchise.headers.get('cache-control')).toBe('no-store');
    const { data: f } = (await franchise.json()) as { data: Record<string, unknown> };
    expect(f).toMatchObject({ unavailable: true, complete: false, entries: [] });

    const cast = await fetch(`${base}/api/anime/${id}/cast`, from('203.0.113.50'));
    expect(cast.status).toBe(200);
    expect(cast.headers.get('cache-control')).toBe('no-store');
    const { data: c } = (await cast.json()) as { data: Record<string, unknown> };
    expect(c.gated).toBeUndefined();
    expect(c).toMatchObject({ characters: null, staff: null });
  } finally {
    await fake.clearFault(fault);
  }
});

test.describe('what a person waits for goes first', () => {
  // The service worker runs here: its offline kit is part of what a first visit starts.
  test.use({ serviceWorkers: 'allow' });

  test('on a fresh server, the home page with its worker and notification check, then an anime page: whole', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // The default limiter pace and timeout: the home page's listings, the worker's offline kit and
    // the season check queue up.
    const base = await app({ JIKAN_MIN_INTERVAL_MS: '1200', JIKAN_TIMEOUT_MS: '15000' });
    // The background jobs say so in every request they send (lib/request-priority.ts).
    const marked = (request: Request) => request.headers()['x-request-priority'] === 'background';
    // A page of the offline kit, fetched by the worker.
    const kit = page.context().waitForEvent('request', {
      predicate: (r) =>
        r.serviceWorker() !== null && marked(r) && !new URL(r.url()).pathname.startsWith('/api/'),
      timeout: 90_000,
    });
    const seasonCheck = page.waitForRequest((r) => r.url().includes('/api/anime/season?') && marked(r), {
      timeout: 90_000,
    });
    await page.goto(base);
    await expect(page.locator('main')).toBeVisible();
    // Both jobs have sent their first requests: the page is opened while their work is queued.
    await Promise.all([kit, seasonCheck]);
    await page.goto(`${base}/anime/457`);
    // The live record, not the offline catalogue's stand-in: its synopsis, its rating section and
    // its share button.
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Mushishi');
    await expect(page.getByTestId('synopsis')).toBeVisible();
    await expect(page.getByTestId('rating-block')).toBeVisible();
    await expect(page.getByTestId('share-panel').getByRole('button').first()).toBeVisible();
  });
});
