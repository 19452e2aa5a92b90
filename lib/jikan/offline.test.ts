import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testCatalogue } from '@/lib/catalogue/test-catalogue';
import { withClientBudget } from '@/lib/server/client-budget';
import { AppError } from '@/lib/server/errors';
import { RECEIVER_MARGIN_MS } from '@/lib/server/rate-limiter';
import { captureServerLog } from '@/test/support/log';
import { getAnimeDetails, getSeasonNow, getTopAnime, isStopgapPage, searchAnime } from './index';
import { answersOffline } from './offline';
import { freshProcess } from '@/test/support/process';
import { freshDataLayer } from '@/test/support/data-layer';

const anon = { adult: false };
/** A verified adult sees every offline record, its adult facts known or not. */
const adultAccess = { adult: true };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let respond: (url: URL) => Response | Promise<Response>;

let log: ReturnType<typeof captureServerLog>;

beforeEach(() => {
  process.env.JIKAN_BASE_URL = 'http://jikan.test/v4';
  process.env.JIKAN_MIN_INTERVAL_MS = '0';
  process.env.JIKAN_TIMEOUT_MS = '1000';
  freshDataLayer(testCatalogue());
  // Only Date is faked: the catalogue judges air dates against "today" (2026-11-23 in Japan).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T03:00:00Z'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => respond(new URL(String(input)))),
  );
  log = captureServerLog('info');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const name of [
    'JIKAN_BASE_URL',
    'JIKAN_MIN_INTERVAL_MS',
    'JIKAN_TIMEOUT_MS',
    'JIKAN_QUEUE_OFFLINE_MS',
    'CLIENT_MISS_BURST',
    'CLIENT_MISS_PER_MINUTE',
  ])
    delete process.env[name];
  freshDataLayer();
  log.stop();
});

describe('answersOffline', () => {
  it('is true for a database that is down or refusing us, false for real answers', () => {
    expect(answersOffline(new AppError('UPSTREAM_ERROR'))).toBe(true); // network error
    expect(answersOffline(new AppError('UPSTREAM_ERROR', undefined, { upstreamStatus: 503 }))).toBe(true);
    expect(answersOffline(new AppError('UPSTREAM_TIMEOUT'))).toBe(true);
    expect(answersOffline(new AppError('RATE_LIMITED'))).toBe(true);
    expect(answersOffline(new AppError('INVALID_RESPONSE'))).toBe(true);
    expect(answersOffline(new AppError('UPSTREAM_ERROR', undefined, { upstreamStatus: 400 }))).toBe(false);
    expect(answersOffline(new AppError('NOT_FOUND'))).toBe(false);
    expect(answersOffline(new Error('bug'))).toBe(false);
  });
});

describe('lib/jikan with the database down', () => {
  it.each([
    ['HTTP 503', () => json({ status: 503 }, 503)],
    ['HTTP 429', () => new Response('', { status: 429, headers: { 'Retry-After': '1' } })],
    ['a network error', () => Promise.reject(new TypeError('fetch failed'))],
  ])('answers a search from the catalogue on %s, marked offline', async (_label, failure) => {
    respond = failure;
    const page = await searchAnime({ q: 'naruto' }, adultAccess);
    expect(isStopgapPage(page)).toBe(false);
    expect(page.offline).toBe(true);
    expect(page.data.map((anime) => anime.id)).toEqual([20, 1735, 16870]);
    expect(page.data.every((anime) => anime.offline && anime.score === null)).toBe(true);
    // None was ever fetched: a visitor gets none of them (fail closed), and is told how many.
    const visitor = await searchAnime({ q: 'naruto' }, anon);
    expect(isStopgapPage(visitor)).toBe(false);
    expect(visitor).toMatchObject({ offline: true, data: [], withheld: 3 });
  });

  it('keeps the failure when the catalogue finds nothing, or a genre filter cannot be applied', async () => {
    respond = () => json({}, 503);
    expect(isStopgapPage(await searchAnime({ q: 'zzz-no-such-anime' }, anon))).toBe(true);
    expect(isStopgapPage(await searchAnime({ q: 'naruto', genres: '1' }, anon))).toBe(true);
    // Only a first page: a second would continue the live ranking with another one.
    expect(isStopgapPage(await searchAnime({ q: 'naruto', page: 2 }, anon))).toBe(true);
    expect((await searchAnime({ q: 'naruto', limit: 1 }, anon)).pagination).toEqual({
      page: 1,
      hasNextPage: false,
    });
  });

  it('answers the season listing from air dates, saying which season', async () => {
    respond = () => json({}, 504);
    const page = await getSeasonNow({ limit: 10 }, adultAccess);
    expect(page).toMatchObject({ offline: true, season: { season: 'fall', year: 2026 } });
    expect(page.data.map((anime) => anime.id)).toEqual([99002, 99001]);
    expect(await getSeasonNow({ limit: 10 }, anon)).toMatchObject({ offline: true, data: [], withheld: 2 });
  });

  it('leaves top listings failed: their order needs the live database', async () => {
    respond = () => json({}, 503);
    expect(isStopgapPage(await getTopAnime({}, anon))).toBe(true);
  });

  it('answers details from the catalogue, and still throws for ids it lacks', async () => {
    respond = () => json({}, 500);
    await expect(getAnimeDetails(20)).resolves.toMatchObject({
      id: 20,
      offline: true,
      titleEnglish: 'Naruto',
    });
    await expect(getAnimeDetails(424242)).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' });
  });

  it('does not answer offline when the database says an id does not exist', async () => {
    respond = () => json({ status: 404 }, 404);
    await expect(getAnimeDetails(20)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('remembers the titles of records it fetched, so an offline search finds them in English', async () => {
    respond = () =>
      json({
        data: [
          {
            mal_id: 16498,
            title: 'Shingeki no Kyojin',
            title_english: 'Attack on Titan',
            rating: 'R - 17+ (violence & profanity)',
            images: { jpg: { image_url: 'https://cdn.myanimelist.net/aot.jpg' } },
          },
        ],
        pagination: { has_next_page: false },
      });
    const live = await searchAnime({ q: 'shingeki' }, anon);
    expect(live.offline).toBeUndefined();

    respond = () => json({}, 503);
    const offline = await searchAnime({ q: 'attack on titan' }, anon);
    expect(offline.offline).toBe(true);
    expect(offline.data[0]).toMatchObject({
      id: 16498,
      titleEnglish: 'Attack on Titan',
      images: { cover: 'https://cdn.myanimelist.net/aot.jpg' },
    });
  });
});

describe('the adult gate of offline answers', () => {
  const record = (id: number, title: string, rating: string | null, genres: string[] = []) => ({
    mal_id: id,
    title,
    rating,
    genres: genres.map((name, i) => ({ mal_id: i + 1, type: 'anime', name, url: '' })),
    images: { jpg: { image_url: `https://cdn.myanimelist.net/${id}.jpg` } },
  });

  it('shows a visitor only what the anime database said is safe, and counts the unknown', async () => {
    respond = () =>
      json({
        data: [
          record(20, 'Naruto', 'PG-13 - Teens 13 or older'),
          record(1735, 'Naruto: Shippuuden', 'R+ - Mild Nudity'),
        ],
        pagination: { has_next_page: false },
      });
    await searchAnime({ q: 'naruto' }, anon);

    respond = () => json({}, 504);
    // Another query than the cached live one: the catalogue answers it.
    const visitor = await searchAnime({ q: 'narut' }, anon);
    // 20 is known safe; 1735 is known adult (hidden as live); 16870 was never fetched (withheld).
    expect(visitor.data.map((anime) => anime.id)).toEqual([20]);
    expect(visitor.withheld).toBe(1);
    const adult = await searchAnime({ q: 'narut' }, adultAccess);
    expect(adult.data.map((anime) => anime.id)).toEqual([20, 1735, 16870]);
    expect(adult.withheld).toBeUndefined();
  });

  it('marks a detail record never fetched as having unknown adult facts', async () => {
    respond = () => json({}, 500);
    await expect(getAnimeDetails(1735)).resolves.toMatchObject({
      offline: true,
      adultFactsUnknown: true,
      images: { cover: null },
    });
  });
});

describe('lib/jikan with the limiter queue busy', () => {
  /** 2000 ms between calls: two calls queued ahead put a new caller's turn past the 3 s threshold. */
  const GAP = 2000 + RECEIVER_MARGIN_MS;
  let calls: URL[];

  function listing(ids: number[]) {
    return json({
      data: ids.map((id) => ({
        mal_id: id,
        title: `Live ${id}`,
        rating: 'PG-13 - Teens 13 or older',
        images: { jpg: { image_url: `https://cdn.myanimelist.net/${id}.jpg` } },
      })),
      pagination: { has_next_page: false },
    });
  }

  beforeEach(() => {
    process.env.JIKAN_MIN_INTERVAL_MS = '2000';
    process.env.JIKAN_TIMEOUT_MS = '15000';
    freshProcess('env', 'rate-limiter');
    // The limiter sleeps on timers: fake them all, on the same clock as Date.
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T03:00:00Z'));
    calls = [];
    respond = (url) => {
      calls.push(url);
      if (url.pathname.endsWith('/full')) {
        return json({ data: { mal_id: 20, title: 'Naruto', rating: 'PG-13 - Teens 13 or older' } });
      }
      return listing([Number(url.searchParams.get('limit') ?? 1)]);
    };
  });

  /** Settles `promise` if it can without the clock moving; undefined while it still waits. */
  async function now<T>(promise: Promise<T>): Promise<T | undefined> {
    let value: T | undefined;
    void promise.then((settled) => (value = settled));
    await vi.advanceTimersByTimeAsync(0);
    return value;
  }

  /** Two searches the catalogue cannot answer: one calls now, one is queued a gap later. */
  function fillQueue() {
    return [
      searchAnime({ q: 'zzz-first', limit: 1 }, anon),
      searchAnime({ q: 'zzz-second', limit: 2 }, anon),
    ];
  }

  it('answers a search from the catalogue at once when its turn is more than 3 s away, and still makes the call', async () => {
    const queued = fillQueue();
    await vi.advanceTimersByTimeAsync(0);
    const started = Date.now();
    const page = await now(searchAnime({ q: 'naruto', limit: 3 }, adultAccess));
    expect(Date.now()).toBe(started);
    expect(page).toMatchObject({ offline: true });
    expect(page!.data.map((anime) => anime.id)).toEqual([20, 1735, 16870]);
    expect(calls.map((url) => url.searchParams.get('q'))).toEqual(['zzz-first']);

    // The call it stood in for takes the next turn, in the background, and the next visitor gets live data.
    await vi.advanceTimersByTimeAsync(2 * GAP);
    await Promise.all(queued);
    expect(calls.map((url) => url.searchParams.get('q'))).toEqual(['zzz-first', 'zzz-second', 'naruto']);
    const live = await now(searchAnime({ q: 'naruto', limit: 3 }, anon));
    expect(live?.offline).toBeUndefined();
    expect(live!.data.map((anime) => anime.id)).toEqual([3]);
    expect(calls).toHaveLength(3);
  });

  it('waits for its turn when it is at most 3 s away', async () => {
    const first = searchAnime({ q: 'zzz-first', limit: 1 }, anon);
    await vi.advanceTimersByTimeAsync(0);
    const waiting = searchAnime({ q: 'naruto', limit: 3 }, anon);
    expect(await now(waiting)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(GAP);
    expect((await waiting).offline).toBeUndefined();
    await first;
  });

  it('lets later visitors of the same search join the background call once its turn is near', async () => {
    const queued = fillQueue();
    await vi.advanceTimersByTimeAsync(0);
    expect((await now(searchAnime({ q: 'naruto', limit: 3 }, anon)))?.offline).toBe(true);
    // The background call's turn is 2 gaps away; a second visitor a second later: still too far.
    await vi.advanceTimersByTimeAsync(1000);
    expect((await now(searchAnime({ q: 'naruto', limit: 3 }, anon)))?.offline).toBe(true);
    // Within 3 s of that turn: this visitor joins the call and waits for live data.
    await vi.advanceTimersByTimeAsync(2 * GAP - 1000 - 3000);
    const joined = searchAnime({ q: 'naruto', limit: 3 }, anon);
    expect(await now(joined)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(3000);
    expect((await joined).offline).toBeUndefined();
    await Promise.all(queued);
    expect(calls.filter((url) => url.searchParams.get('q') === 'naruto')).toHaveLength(1);
  });

  it('waits as usual when the catalogue has nothing, and for top listings', async () => {
    const queued = fillQueue();
    await vi.advanceTimersByTimeAsync(0);
    const unknown = searchAnime({ q: 'zzz-no-such-anime' }, anon);
    const top = getTopAnime({ limit: 4 }, anon);
    expect(await now(unknown)).toBeUndefined();
    expect(await now(top)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(3 * GAP);
    expect((await unknown).data).toHaveLength(1);
    expect((await top).data).toHaveLength(1);
    await Promise.all(queued);
  });

  it('answers a cached copy, even a stale one, rather than the catalogue', async () => {
    await searchAnime({ q: 'naruto', limit: 3 }, anon);
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    const queued = fillQueue();
    await vi.advanceTimersByTimeAsync(0);
    const page = await now(searchAnime({ q: 'naruto', limit: 3 }, anon));
    expect(page?.offline).toBeUndefined();
    expect(page!.data.map((anime) => anime.id)).toEqual([3]);
    await vi.advanceTimersByTimeAsync(3 * GAP);
    await Promise.all(queued);
  });

  it('answers details and the season listing from the catalogue too', async () => {
    const queued = fillQueue();
    await vi.advanceTimersByTimeAsync(0);
    expect(await now(getAnimeDetails(20))).toMatchObject({ id: 20, offline: true });
    expect(await now(getSeasonNow({ limit: 10 }, anon))).toMatchObject({ offline: true });
    await vi.advanceTimersByTimeAsync(3 * GAP);
    await Promise.all(queued);
    // The calls the stand-ins stood for keep their answers' places: the record before the search
    // still waiting (a listing), the season listing after it.
    expect(calls.map((url) => url.pathname.replace('/v4', ''))).toEqual([
      '/anime',
      '/anime/20/full',
      '/anime',
      '/seasons/now',
    ]);
    expect(await now(getAnimeDetails(20))).toMatchObject({ id: 20, title: 'Naruto' });
    expect((await now(getAnimeDetails(20)))?.offline).toBeUndefined();
  });

  it('makes no background call when the turn is further than the timeout allows', async () => {
    process.env.JIKAN_TIMEOUT_MS = '4000';
    freshProcess('env');
    const queued = fillQueue();
    const third = searchAnime({ q: 'zzz-third', limit: 3 }, anon).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    // Turn 3 gaps away, the queue's bound 3 s: the stand-in answers, and no call is queued.
    expect(await now(getAnimeDetails(20))).toMatchObject({ offline: true });
    await vi.advanceTimersByTimeAsync(4 * GAP);
    await Promise.all([...queued, third]);
    expect(calls.some((url) => url.pathname.endsWith('/anime/20/full'))).toBe(false);
    // Not even tried (and refused by the limiter): nothing was queued for it.
    expect(log.matching(/background call/)).toEqual([]);
  });

  it('answers an API caller over its budget from the catalogue, without a call on its behalf', async () => {
    process.env.CLIENT_MISS_BURST = '1';
    process.env.CLIENT_MISS_PER_MINUTE = '1';
    freshProcess('env');
    const request = new Request('http://app.test/api', { headers: { 'X-Forwarded-For': '198.51.100.9' } });
    const queued = fillQueue();
    await vi.advanceTimersByTimeAsync(0);
    await withClientBudget(request, async () => {
      expect(await now(getAnimeDetails(20))).toMatchObject({ offline: true }); // its one token
      expect(await now(getAnimeDetails(16498))).toMatchObject({ offline: true }); // none left
    });
    await vi.advanceTimersByTimeAsync(3 * GAP);
    await Promise.all(queued);
    expect(calls.filter((url) => url.pathname.endsWith('/full')).map((url) => url.pathname)).toEqual([
      '/v4/anime/20/full',
    ]);
  });

  it('can be switched off (JIKAN_QUEUE_OFFLINE_MS=0): the visitor waits', async () => {
    process.env.JIKAN_QUEUE_OFFLINE_MS = '0';
    freshProcess('env');
    const queued = fillQueue();
    await vi.advanceTimersByTimeAsync(0);
    const waiting = searchAnime({ q: 'naruto', limit: 3 }, anon);
    expect(await now(waiting)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2 * GAP);
    expect((await waiting).offline).toBeUndefined();
    await Promise.all(queued);
  });
});
