import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCatalogueForTests } from '@/lib/catalogue';
import { testCatalogue } from '@/lib/catalogue/test-catalogue';
import { AppError } from '@/lib/server/errors';
import { getAnimeDetails, getSeasonNow, getTopAnime, isStopgapPage, resetJikanForTests, searchAnime } from './index';
import { answersOffline } from './offline';

const anon = { adult: false };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let respond: (url: URL) => Response | Promise<Response>;

beforeEach(() => {
  process.env.JIKAN_BASE_URL = 'http://jikan.test/v4';
  process.env.JIKAN_MIN_INTERVAL_MS = '0';
  process.env.JIKAN_TIMEOUT_MS = '1000';
  resetJikanForTests();
  resetCatalogueForTests(testCatalogue());
  // Only Date is faked: the catalogue judges air dates against "today" (2026-11-23 in Japan).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T03:00:00Z'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => respond(new URL(String(input)))),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const name of ['JIKAN_BASE_URL', 'JIKAN_MIN_INTERVAL_MS', 'JIKAN_TIMEOUT_MS']) delete process.env[name];
  resetJikanForTests();
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
    const page = await searchAnime({ q: 'naruto' }, anon);
    expect(isStopgapPage(page)).toBe(false);
    expect(page.offline).toBe(true);
    expect(page.data.map((anime) => anime.id)).toEqual([20, 1735, 16870]);
    expect(page.data.every((anime) => anime.offline && anime.score === null)).toBe(true);
  });

  it('keeps the failure when the catalogue finds nothing, or a genre filter cannot be applied', async () => {
    respond = () => json({}, 503);
    expect(isStopgapPage(await searchAnime({ q: 'zzz-no-such-anime' }, anon))).toBe(true);
    expect(isStopgapPage(await searchAnime({ q: 'naruto', genres: '1' }, anon))).toBe(true);
  });

  it('answers the season listing from air dates, saying which season', async () => {
    respond = () => json({}, 504);
    const page = await getSeasonNow({ limit: 10 }, anon);
    expect(page).toMatchObject({ offline: true, season: { season: 'fall', year: 2026 } });
    expect(page.data.map((anime) => anime.id)).toEqual([99002, 99001]);
  });

  it('leaves top listings failed: their order needs the live database', async () => {
    respond = () => json({}, 503);
    expect(isStopgapPage(await getTopAnime({}, anon))).toBe(true);
  });

  it('answers details from the catalogue, and still throws for ids it lacks', async () => {
    respond = () => json({}, 500);
    await expect(getAnimeDetails(20)).resolves.toMatchObject({ id: 20, offline: true, titleEnglish: 'Naruto' });
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
