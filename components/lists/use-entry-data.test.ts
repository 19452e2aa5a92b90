import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { CACHE_NAMES } from '@/lib/pwa/cache-policy';
import { fetchSnapshot } from '@/lib/stores/snapshot-fetch';
import { recallCard } from './seen-cards';
import { dataFromSnapshot, lookUpEntry } from './use-entry-data';

vi.mock('@/lib/stores/snapshot-fetch', () => ({ fetchSnapshot: vi.fn() }));
vi.mock('./seen-cards', () => ({ recallCard: vi.fn() }));

const NOW = Date.parse('2026-11-26T12:00:00Z');
const snapshot = (title: string, takenAt = new Date(NOW).toISOString()) => ({
  title,
  titleEnglish: null,
  image: null,
  type: 'TV',
  episodes: 12,
  score: 8,
  takenAt,
});

/** The worker's cache of anime API answers, holding `answers` by path. */
function workerCache(answers: Record<string, unknown>) {
  const cache = {
    match: vi.fn(async (url: string) => {
      const body = answers[new URL(url).pathname];
      return body
        ? new Response(JSON.stringify(body), { headers: { date: new Date(NOW).toUTCString() } })
        : undefined;
    }),
  };
  vi.stubGlobal('caches', {
    has: async (name: string) => name === CACHE_NAMES.animeApi,
    open: async () => cache,
  });
  return cache;
}

const deathNote = {
  id: 1535,
  title: 'Death Note',
  titleEnglish: 'Death Note',
  titleJapanese: null,
  synopsis: null,
  status: null,
  type: 'TV',
  episodes: 37,
  year: null,
  score: 8.6,
  rating: 'R - 17+ (violence & profanity)',
  popularity: null,
  images: { cover: null, small: null },
  genres: ['Mystery'],
};

describe('lookUpEntry: the best copy the device has', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    vi.stubGlobal('location', { origin: 'http://127.0.0.1:3000' });
    vi.stubGlobal('navigator', { onLine: true });
    vi.mocked(recallCard).mockReturnValue(null);
    vi.mocked(fetchSnapshot).mockReset();
    workerCache({});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('uses a fresh card of a page this device rendered, with no call', async () => {
    vi.mocked(recallCard).mockReturnValue(snapshot('One Piece'));
    expect(await lookUpEntry(21)).toEqual({ state: 'ready', snapshot: snapshot('One Piece') });
    expect(fetchSnapshot).not.toHaveBeenCalled();
  });

  it('asks the API when online, and prefers its answer to an old rendered card', async () => {
    vi.mocked(recallCard).mockReturnValue(snapshot('Old', '2026-01-01T00:00:00.000Z'));
    vi.mocked(fetchSnapshot).mockResolvedValue(snapshot('Fresh'));
    expect(await lookUpEntry(21)).toMatchObject({ state: 'ready', snapshot: { title: 'Fresh' } });
  });

  it('offline, reads the worker’s cached API answer without asking the network', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    workerCache({ '/api/anime/1535': { data: deathNote } });
    expect(await lookUpEntry(1535)).toMatchObject({
      state: 'ready',
      snapshot: { title: 'Death Note', episodes: 37 },
    });
    expect(fetchSnapshot).not.toHaveBeenCalled();
  });

  it('when the API fails, falls back to the worker’s cache, then to an old rendered card', async () => {
    vi.mocked(fetchSnapshot).mockRejectedValue(new ApiError('UPSTREAM_ERROR', 'down', 502));
    workerCache({ '/api/anime/1535': { data: deathNote } });
    expect(await lookUpEntry(1535)).toMatchObject({ state: 'ready', snapshot: { title: 'Death Note' } });
    workerCache({});
    vi.mocked(recallCard).mockReturnValue(snapshot('Old', '2026-01-01T00:00:00.000Z'));
    expect(await lookUpEntry(1535)).toMatchObject({ state: 'ready', snapshot: { title: 'Old' } });
  });

  it('with no copy anywhere, the entry is unavailable, saying whether the network is out', async () => {
    vi.mocked(fetchSnapshot).mockRejectedValue(new ApiError('UPSTREAM_ERROR', 'down', 503));
    expect(await lookUpEntry(5114)).toEqual({ state: 'unavailable', offline: false });
    vi.mocked(fetchSnapshot).mockRejectedValue(new ApiError('NETWORK', 'Network request failed', 0));
    expect(await lookUpEntry(5114)).toEqual({ state: 'unavailable', offline: true });
    vi.stubGlobal('navigator', { onLine: false });
    expect(await lookUpEntry(5114)).toEqual({ state: 'unavailable', offline: true });
  });
});

describe('dataFromSnapshot', () => {
  it('gives one object per snapshot, so a memoised card sees the same data', () => {
    const copy = snapshot('Naruto');
    const data = dataFromSnapshot(copy);
    expect(data).toEqual({ state: 'ready', snapshot: copy });
    expect(dataFromSnapshot(copy)).toBe(data);
    expect(dataFromSnapshot(snapshot('Naruto'))).not.toBe(data);
  });
});
