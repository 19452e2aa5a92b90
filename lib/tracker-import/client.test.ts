// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { failureOf, fetchTrackerList, importRows, previewImport, TrackerImportError } from './client';
import type { TrackerEntry } from './types';

const entry = (id: number | null, extra: Partial<TrackerEntry> = {}): TrackerEntry => ({
  id,
  title: `Anime ${id}`,
  list: 'WATCHING',
  rating: 0,
  opinion: '',
  progress: 0,
  episodes: 12,
  type: 'TV',
  startedAt: null,
  finishedAt: null,
  updatedAt: null,
  adult: false,
  ...extra,
});

const page = (entries: TrackerEntry[], next: string | null, total = 3) =>
  new Response(JSON.stringify({ data: { user: 'Fan', entries, total, next } }), {
    headers: { 'Content-Type': 'application/json' },
  });
const refusal = (status: number, code: string, retryAfter?: number) =>
  new Response(JSON.stringify({ error: { code, message: code } }), {
    status,
    headers: {
      'Content-Type': 'application/json',
      ...(retryAfter ? { 'Retry-After': String(retryAfter) } : {}),
    },
  });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('fetchTrackerList', () => {
  it('pages through the route and waits out a Retry-After, counting it down', async () => {
    const answers = [
      page([entry(1), entry(2)], '2'),
      refusal(429, 'RATE_LIMITED', 2),
      page([entry(null, { title: 'Sem id' })], null),
    ];
    const fetchMock = vi.fn(async (_url: string) => answers.shift() as Response);
    vi.stubGlobal('fetch', fetchMock);
    const progress: (number | null)[] = [];
    const done = fetchTrackerList('anilist', 'fan', { onProgress: (p) => progress.push(p.waitingSeconds) });
    await vi.runAllTimersAsync();
    const list = await done;
    expect(list.user).toBe('Fan');
    expect(list.entries.map((item) => item.id)).toEqual([1, 2, null]);
    expect(progress).toEqual([null, 2, 1, null]);
    expect(String(fetchMock.mock.calls[2]?.[0])).toBe('/api/import/anilist?user=fan&cursor=2');
  });

  it('gives up as "limited" when the wait asked is too long, and names every other failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal(429, 'RATE_LIMITED', 3600)),
    );
    await expect(fetchTrackerList('kitsu', 'fan')).rejects.toEqual(new TrackerImportError('limited'));
    expect(failureOf(new ApiError('NOT_FOUND', '', 404))).toBe('unknown-user');
    expect(failureOf(new ApiError('PRIVATE_LIST', '', 403))).toBe('private');
    expect(failureOf(new ApiError('INVALID_RESPONSE', '', 502))).toBe('malformed');
    expect(failureOf(new ApiError('UPSTREAM_TIMEOUT', '', 504))).toBe('down');
    expect(failureOf(new ApiError('INVALID_INPUT', '', 400))).toBe('invalid-name');
    expect(failureOf(new ApiError('NETWORK', '', 0))).toBe('offline');
  });
});

describe('preview', () => {
  it('counts lists, scores and notes, names what has no MyAnimeList id, and changes nothing', async () => {
    vi.useRealTimers();
    localStorage.setItem('animeRating_1', JSON.stringify({ rating: 3, opinion: '' }));
    const before = { ...localStorage };
    const preview = await previewImport({
      tracker: 'anilist',
      user: 'Fan',
      entries: [
        entry(1, { rating: 5, opinion: 'boa' }),
        entry(2, { list: 'COMPLETED' }),
        entry(null, { title: 'Só no AniList' }),
        entry(null, { title: null, adult: true }),
      ],
    });
    expect(preview).toMatchObject({
      importable: 2,
      withScore: 1,
      withNotes: 1,
      leftOut: ['Só no AniList', null],
      lists: { WATCHING: 1, COMPLETED: 1 },
      merge: { replacedRatings: 1 },
    });
    expect({ ...localStorage }).toEqual(before);
  });

  it('gives an unnamed (adult) entry no card copy, so its card asks the gated API', () => {
    const rows = importRows([entry(5, { title: null, adult: true }), entry(6), entry(7, { list: null })]);
    expect(rows.map((row) => [row.id, row.snapshot?.title ?? null])).toEqual([
      [5, null],
      [6, 'Anime 6'],
    ]);
  });
});
