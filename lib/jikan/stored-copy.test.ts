import { sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { animeById } from '@/e2e/fake-upstream/fixtures.mjs';
import { catalogueEnriched } from '@/lib/catalogue';
import { testCatalogue } from '@/lib/catalogue/test-catalogue';
import { openDatabase, type OpenDatabase } from '@/lib/db/open';
import { recordWritesSettled, createRecordStoreState } from '@/lib/records';
import { storedCopyDecision, staleAge } from '@/lib/records/freshness';
import { readRecord } from '@/lib/records/store';
import { getAnimeDetails, searchAnime } from './index';
import { freshProcess, provideProcessState } from '@/test/support/process';
import { freshDataLayer } from '@/test/support/data-layer';

/** The read path hot cache → durable store → anime database (client.ts answerFromStoredCopy). */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const mushishi = () => json({ data: animeById(457, { origin: 'http://fake.test', full: true }) });
const down = () => new Response('<html>504 Gateway Time-out</html>', { status: 504 });
const MINUTE = 60_000;

let respond: (url: URL) => Response | Promise<Response>;
let calls: string[];
let database: OpenDatabase;
let now: number;

/** The process restarts: its memory (hot cache, limiter, catalogue enrichment) is gone, the database stays. */
function restart() {
  freshDataLayer(testCatalogue());
  provideProcessState('records', createRecordStoreState(database.db));
}

/** Every row of every table, as an empty database has none (opening one takes seconds: once per file). */
async function emptyTables(opened: OpenDatabase) {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'
  `.execute(opened.db);
  if (rows.length)
    await sql`truncate ${sql.join(rows.map(({ name }) => sql.table(name)))}`.execute(opened.db);
}

/** Set by a test that closes the database: the next test opens another. */
let closed = true;

async function closeDatabase() {
  closed = true;
  await database.close();
}

afterAll(async () => {
  if (!closed) await closeDatabase();
});

beforeEach(async () => {
  vi.stubEnv('JIKAN_BASE_URL', 'http://jikan.test/v4');
  vi.stubEnv('JIKAN_MIN_INTERVAL_MS', '0');
  vi.stubEnv('JIKAN_TIMEOUT_MS', '2000');
  if (closed) {
    database = await openDatabase({ dataDir: 'memory://' });
    closed = false;
  } else {
    await emptyTables(database);
  }
  restart();
  calls = [];
  now = Date.parse('2026-11-23T03:00:00Z');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = new URL(String(input));
      calls.push(url.pathname + url.search);
      return respond(url);
    }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
}, 120_000);

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  freshDataLayer();
});

/** Views Mushishi while the database answers, then lets `ms` pass and restarts. */
async function fetchedThenRestarted(ms: number) {
  respond = mushishi;
  expect(await getAnimeDetails(457)).toMatchObject({ title: 'Mushishi' });
  await recordWritesSettled();
  vi.setSystemTime((now += ms));
  restart();
  calls = [];
}

describe('storedCopyDecision', () => {
  const base = { complete: true, ageMs: 0, lifeMs: 10 * MINUTE, queueWaitMs: 0, queueLimitMs: 3000 };
  it('answers a full record within its life without a call', () => {
    expect(storedCopyDecision(base)).toBe('fresh');
    expect(storedCopyDecision({ ...base, queueWaitMs: 60_000 })).toBe('fresh');
  });
  it('asks the database for an older copy or a listing row when it has room', () => {
    expect(storedCopyDecision({ ...base, ageMs: 10 * MINUTE })).toBe('refresh');
    expect(storedCopyDecision({ ...base, complete: false })).toBe('refresh');
    expect(storedCopyDecision({ ...base, ageMs: 10 * MINUTE, queueWaitMs: 3000 })).toBe('refresh');
  });
  it('answers stale at once when the queue is over its threshold or a back-off runs', () => {
    expect(storedCopyDecision({ ...base, ageMs: 10 * MINUTE, queueWaitMs: 3001 })).toBe('stale');
    expect(storedCopyDecision({ ...base, complete: false, queueWaitMs: 30_000 })).toBe('stale');
    // A threshold of 0 turns the "no room" answer off: the database is asked (and may fail).
    expect(storedCopyDecision({ ...base, ageMs: 10 * MINUTE, queueWaitMs: 30_000, queueLimitMs: 0 })).toBe(
      'refresh',
    );
  });
});

describe('staleAge', () => {
  const fetched = '2026-11-20T03:00:00Z';
  it('reads days, then hours, then minutes', () => {
    expect(staleAge(fetched, Date.parse('2026-11-23T04:00:00Z'))).toEqual({ unit: 'day', count: 3 });
    expect(staleAge(fetched, Date.parse('2026-11-20T08:59:00Z'))).toEqual({ unit: 'hour', count: 5 });
    expect(staleAge(fetched, Date.parse('2026-11-20T03:02:30Z'))).toEqual({ unit: 'minute', count: 2 });
    expect(staleAge(fetched, Date.parse('2026-11-20T02:00:00Z'))).toEqual({ unit: 'minute', count: 0 });
  });
});

describe('details with a durable store', () => {
  it('keeps every record fetched, full', async () => {
    respond = mushishi;
    await getAnimeDetails(457);
    await recordWritesSettled();
    expect(await readRecord(database.db, 457)).toMatchObject({ kind: 'full', record: { title: 'Mushishi' } });
  });

  it('a copy within its life answers after a restart without a call', async () => {
    await fetchedThenRestarted(5 * MINUTE);
    respond = down;
    const anime = await getAnimeDetails(457);
    expect(anime).toMatchObject({ title: 'Mushishi', studios: ['Studio Deen'] });
    expect(anime.stale).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('an older copy is refreshed when the database has room', async () => {
    await fetchedThenRestarted(3 * 24 * 60 * MINUTE);
    respond = mushishi;
    const anime = await getAnimeDetails(457);
    expect(anime.stale).toBeUndefined();
    expect(calls).toEqual(['/v4/anime/457/full']);
  });

  it.each([
    ['a 504', down],
    ['a network error', () => Promise.reject(new TypeError('fetch failed'))],
    ['a malformed answer', () => json({ data: [] })],
  ])('an older copy answers in full, marked stale, on %s', async (_label, failure) => {
    await fetchedThenRestarted(3 * 24 * 60 * MINUTE);
    respond = failure;
    const anime = await getAnimeDetails(457);
    expect(anime).toMatchObject({
      title: 'Mushishi',
      studios: ['Studio Deen'],
      images: { cover: expect.stringContaining('/images/cover/457') },
      stale: { fetchedAt: '2026-11-23T03:00:00.000Z' },
    });
    expect(anime.synopsis).toBeTruthy();
    expect(anime.offline).toBeUndefined();
  });

  it('a cached record past its life is marked stale once its refresh fails, and unmarked once it succeeds', async () => {
    respond = mushishi;
    await getAnimeDetails(457);
    vi.setSystemTime((now += 20 * MINUTE));
    respond = down;
    // Stale while revalidate: the first view gets the copy at once, and its refresh fails behind it.
    expect((await getAnimeDetails(457)).stale).toBeUndefined();
    await vi.waitFor(async () =>
      expect((await getAnimeDetails(457)).stale).toEqual({ fetchedAt: '2026-11-23T03:00:00.000Z' }),
    );
    expect(calls).toEqual(['/v4/anime/457/full', '/v4/anime/457/full']);
    // The next try, once the database answers again, replaces the copy.
    vi.setSystemTime((now += 60 * 1000));
    respond = mushishi;
    await getAnimeDetails(457);
    await vi.waitFor(async () => expect((await getAnimeDetails(457)).stale).toBeUndefined());
  });

  it('during a 429 back-off it answers stale without a call', async () => {
    await fetchedThenRestarted(3 * 24 * 60 * MINUTE);
    respond = () => new Response('', { status: 429, headers: { 'Retry-After': '60' } });
    // Another anime meets the 429: the back-off starts.
    await expect(getAnimeDetails(1)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    calls = [];
    expect(await getAnimeDetails(457)).toMatchObject({ title: 'Mushishi', stale: expect.anything() });
    expect(calls).toEqual([]);
  });

  it('a database slower than JIKAN_QUEUE_OFFLINE_MS gets the stale copy, and the call still refreshes it', async () => {
    vi.stubEnv('JIKAN_QUEUE_OFFLINE_MS', '100');
    await fetchedThenRestarted(3 * 24 * 60 * MINUTE);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    respond = async () => {
      await answered;
      return mushishi();
    };
    expect(await getAnimeDetails(457)).toMatchObject({ title: 'Mushishi', stale: expect.anything() });
    answer();
    await vi.waitFor(async () => {
      await recordWritesSettled();
      const stored = await readRecord(database.db, 457);
      expect(stored?.fetchedAt.getTime()).toBeGreaterThanOrEqual(now);
    });
  });

  it('a listing row answers a detail, stale, when the database fails; a never-fetched anime gets the catalogue stub', async () => {
    respond = (url) =>
      url.pathname === '/v4/anime'
        ? json({
            data: [animeById(20, { origin: 'http://fake.test' })],
            pagination: { has_next_page: false },
          })
        : down();
    await searchAnime({ q: 'naruto' }, { adult: false });
    await recordWritesSettled();
    restart();
    const naruto = await getAnimeDetails(20);
    expect(naruto).toMatchObject({ id: 20, title: 'Naruto', stale: expect.anything(), studios: [] });
    expect(naruto.offline).toBeUndefined();
    const shippuden = await getAnimeDetails(1735);
    expect(shippuden).toMatchObject({ offline: true, title: 'Naruto Shippuden' });
  });

  it('while the store is still opening, Jikan answers without waiting for it; a failure waits for the stored copy', async () => {
    await fetchedThenRestarted(3 * 24 * 60 * MINUTE);
    let open!: () => void;
    provideProcessState(
      'records',
      createRecordStoreState(new Promise((resolve) => (open = () => resolve(database.db)))),
    );
    respond = mushishi;
    const live = await getAnimeDetails(457);
    expect(live.stale).toBeUndefined();
    expect(calls).toEqual(['/v4/anime/457/full']);

    restart();
    provideProcessState(
      'records',
      createRecordStoreState(new Promise((resolve) => (open = () => resolve(database.db)))),
    );
    respond = down;
    const asked = getAnimeDetails(457);
    await vi.waitFor(() => expect(calls).toContain('/v4/anime/457/full'));
    open();
    expect(await asked).toMatchObject({ title: 'Mushishi', stale: expect.anything() });
  });

  it('after a restart the offline catalogue learns again what was stored: an offline search finds it, with its cover', async () => {
    await fetchedThenRestarted(3 * 24 * 60 * MINUTE);
    expect(await catalogueEnriched()).not.toBeNull();
    respond = down;
    const page = await searchAnime({ q: 'mushi' }, { adult: false });
    expect(page.offline).toBe(true);
    expect(page.data[0]).toMatchObject({
      id: 457,
      title: 'Mushishi',
      images: { cover: expect.stringContaining('/images/cover/457') },
    });
  });

  it('a database that cannot answer never fails a page', async () => {
    await fetchedThenRestarted(3 * 24 * 60 * MINUTE);
    await closeDatabase();
    respond = mushishi;
    expect(await getAnimeDetails(457)).toMatchObject({ title: 'Mushishi' });
    await recordWritesSettled();
    // With the anime database down too, the catalogue's stub (which learnt the titles of the
    // record just fetched) stands in, as without a store.
    freshProcess('cache', 'redis');
    respond = down;
    expect(await getAnimeDetails(457)).toMatchObject({ title: 'Mushishi', offline: true });
  });
});
