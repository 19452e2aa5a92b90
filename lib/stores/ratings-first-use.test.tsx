// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RATING_ENTRIES_KEY } from './keys';
import type * as RatingsStoreModule from './ratings-store';

type RatingsModule = typeof RatingsStoreModule;

/** A fresh copy of the store module: a page load that has not touched the store yet. */
async function freshStore(): Promise<RatingsModule> {
  vi.resetModules();
  return import('./ratings-store');
}

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

function seedRatings(count: number, rated: (index: number) => { rating: number; opinion: string }) {
  const entries: Record<number, { snapshot: null; ratedAt: string }> = {};
  for (let index = 0; index < count; index++) {
    const id = 1000 + index;
    localStorage.setItem(`animeRating_${id}`, JSON.stringify(rated(index)));
    entries[id] = { snapshot: null, ratedAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString() };
  }
  localStorage.setItem(RATING_ENTRIES_KEY, JSON.stringify(entries));
}

const snapshotOf = (title: string) =>
  ({
    title,
    titleEnglish: null,
    image: null,
    type: 'TV',
    episodes: 12,
    score: 7,
    takenAt: new Date().toISOString(),
  }) as const;

beforeEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the ratings store reads storage at its first use', () => {
  it('loading its code reads nothing; the first getState reads every rating', async () => {
    seedRatings(3, () => ({ rating: 4, opinion: '' }));
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const { useRatingsStore } = await freshStore();
    expect(getItem).not.toHaveBeenCalled();
    expect(useRatingsStore.persist.hasHydrated()).toBe(false);
    expect(Object.keys(useRatingsStore.getState().ratings)).toEqual(['1000', '1001', '1002']);
    expect(useRatingsStore.persist.hasHydrated()).toBe(true);
  });

  it('a save on an untouched store keeps every other rating and its date (nothing lost)', async () => {
    seedRatings(3, () => ({ rating: 4, opinion: 'boa' }));
    const before = stored(RATING_ENTRIES_KEY) as Record<string, unknown>;
    const { useRatingsStore } = await freshStore();
    // The action is taken from the raw state object a component could hold before any read.
    const { saveRating } = useRatingsStore.getInitialState();
    expect(saveRating(2000, 5, 'nova')).toEqual({ ok: true });
    const after = stored(RATING_ENTRIES_KEY) as Record<string, unknown>;
    expect(after['1000']).toEqual(before['1000']);
    expect(after['1002']).toEqual(before['1002']);
    expect(after).toHaveProperty('2000.ratedAt');
    expect(stored('animeRating_1001')).toEqual({ rating: 4, opinion: 'boa' });
    expect(Object.keys(useRatingsStore.getState().ratings)).toHaveLength(4);
  });

  it('remove and updateSnapshots on an untouched store also read first', async () => {
    seedRatings(2, () => ({ rating: 3, opinion: '' }));
    let store = await freshStore();
    expect(store.useRatingsStore.getInitialState().removeRating(1000)).toEqual({ ok: true });
    expect(localStorage.getItem('animeRating_1000')).toBeNull();
    expect(stored(RATING_ENTRIES_KEY)).toHaveProperty('1001.ratedAt');

    store = await freshStore();
    const snapshot = { mal_id: 1001, title: 'Com Capa', images: null };
    store.useRatingsStore.getInitialState().updateSnapshots(new Map([[1001, snapshot as never]]));
    expect(stored(RATING_ENTRIES_KEY)).toHaveProperty('1001.snapshot.title', 'Com Capa');
    expect(stored(RATING_ENTRIES_KEY)).toHaveProperty('1001.ratedAt');
  });

  it('setState and subscribe read first too', async () => {
    seedRatings(2, () => ({ rating: 3, opinion: '' }));
    let { useRatingsStore } = await freshStore();
    const listener = vi.fn();
    useRatingsStore.subscribe(listener);
    expect(useRatingsStore.persist.hasHydrated()).toBe(true);

    ({ useRatingsStore } = await freshStore());
    useRatingsStore.setState({});
    expect(Object.keys(useRatingsStore.getState().ratings)).toEqual(['1000', '1001']);
  });
});

describe('readNewestRatings', () => {
  it('equals the first entries of the whole list, reading only the keys it shows', async () => {
    // Random ratings: some unrated (0 and no opinion), some without a date, duplicates by key form.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const entries: Record<string, unknown> = {};
    for (let id = 1; id <= 400; id++) {
      const rating = Math.floor(random() * 6);
      const opinion = random() < 0.2 ? 'texto' : '';
      localStorage.setItem(`animeRating_${id}`, JSON.stringify({ rating, opinion }));
      const roll = random();
      if (roll < 0.7)
        entries[id] = {
          snapshot: null,
          ratedAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 30))).toISOString(),
        };
      else if (roll < 0.8) entries[id] = { snapshot: null, ratedAt: 'ontem' };
      else if (roll < 0.85) entries[id] = null;
    }
    // A date for an id whose rating key is gone, and one whose key holds broken JSON.
    entries[9001] = { snapshot: null, ratedAt: '2026-02-01T00:00:00.000Z' };
    entries[401] = { snapshot: null, ratedAt: '2026-02-02T00:00:00.000Z' };
    localStorage.setItem('animeRating_401', '{broken');
    localStorage.setItem(RATING_ENTRIES_KEY, JSON.stringify(entries));
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    const { readNewestRatings, readStoredRatings, selectRatedAnimes } = await freshStore();
    const whole = selectRatedAnimes(readStoredRatings());
    const datedCount = whole.filter((entry) => entry.ratedAt).length;
    for (const count of [1, 24, 100, datedCount, datedCount + 50]) {
      const getItem = vi.spyOn(Storage.prototype, 'getItem');
      const newest = readNewestRatings(count);
      expect(newest).toEqual(whole.slice(0, Math.min(count, datedCount)));
      // The entries key and, beyond the shown ones, only the skipped (unrated or unreadable) keys.
      const ratingReads = getItem.mock.calls.filter(([key]) => key.startsWith('animeRating_'));
      expect(getItem.mock.calls.filter(([key]) => key === RATING_ENTRIES_KEY)).toHaveLength(1);
      if (count <= 24) expect(ratingReads.length).toBeLessThan(count * 3 + 5);
      getItem.mockRestore();
    }
  });

  it('keeps the last of two keys naming one id, as the store does', async () => {
    localStorage.setItem('animeRating_5', JSON.stringify({ rating: 5, opinion: '' }));
    localStorage.setItem('animeRating_6', JSON.stringify({ rating: 2, opinion: '' }));
    localStorage.setItem(
      RATING_ENTRIES_KEY,
      '{"5":{"snapshot":null,"ratedAt":"2026-03-01T00:00:00.000Z"},"6":{"snapshot":null,"ratedAt":"2026-01-01T00:00:00.000Z"},"05":{"snapshot":null,"ratedAt":"2025-01-01T00:00:00.000Z"}}',
    );
    const { readNewestRatings, readStoredRatings, selectRatedAnimes } = await freshStore();
    expect(readNewestRatings(2)).toEqual(selectRatedAnimes(readStoredRatings()).slice(0, 2));
    expect(readNewestRatings(2).map((entry) => entry.animeId)).toEqual([6, 5]);
  });

  it('answers none when the entries key is missing or broken, and never throws', async () => {
    localStorage.setItem('animeRating_5', JSON.stringify({ rating: 5, opinion: '' }));
    const { readNewestRatings } = await freshStore();
    expect(readNewestRatings(24)).toEqual([]);
    localStorage.setItem(RATING_ENTRIES_KEY, '{broken');
    expect(readNewestRatings(24)).toEqual([]);
    localStorage.setItem(RATING_ENTRIES_KEY, '[1,2]');
    expect(readNewestRatings(24)).toEqual([]);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(readNewestRatings(24)).toEqual([]);
  });
});

describe('useUserRating reads one key until the store has read storage', () => {
  const ratingReads = (getItem: { mock: { calls: unknown[][] } }) =>
    getItem.mock.calls.map(([key]) => key as string).filter((key) => key.startsWith('animeRating_'));

  it("shows an anime's rating from its own key, then the store's after an action", async () => {
    seedRatings(50, () => ({ rating: 3, opinion: 'ok' }));
    const { ratingActions, useRatingsStore } = await freshStore();
    const { useUserRating } = await import('./use-user-rating');
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const { result } = renderHook(() => useUserRating(1007));
    expect(result.current).toEqual({ rating: 3, opinion: 'ok' });
    expect(ratingReads(getItem)).toEqual(['animeRating_1007']);
    expect(useRatingsStore.persist.hasHydrated()).toBe(false);

    // A save reads every rating first, keeps them, and the hook follows the store.
    act(() => {
      expect(ratingActions.saveRating(1007, 5, 'ótimo')).toEqual({ ok: true });
    });
    expect(result.current).toEqual({ rating: 5, opinion: 'ótimo' });
    expect(Object.keys(useRatingsStore.getState().ratings)).toHaveLength(50);
    expect(stored(RATING_ENTRIES_KEY)).toHaveProperty('1049.ratedAt');
  });

  it('an unrated anime reads as unrated; a copy fetched for it reads no other key', async () => {
    seedRatings(5, () => ({ rating: 4, opinion: '' }));
    const { NO_RATING, useRatingsStore } = await freshStore();
    const { useUserRating } = await import('./use-user-rating');
    const { flushFetchedSnapshots, storeFetchedSnapshot } = await import('./snapshot-sinks');
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const { result } = renderHook(() => useUserRating(77));
    expect(result.current).toBe(NO_RATING);
    storeFetchedSnapshot(77, snapshotOf('Sem Nota'));
    flushFetchedSnapshots();
    expect(ratingReads(getItem)).toEqual(['animeRating_77']);
    expect(useRatingsStore.persist.hasHydrated()).toBe(false);

    // A rated anime's fresh copy is kept, beside every other rating's entry.
    storeFetchedSnapshot(1003, snapshotOf('Capa Nova'));
    flushFetchedSnapshots();
    expect(stored(RATING_ENTRIES_KEY)).toHaveProperty('1003.snapshot.title', 'Capa Nova');
    expect(stored(RATING_ENTRIES_KEY)).toHaveProperty('1000.ratedAt');
    expect(Object.keys(stored(RATING_ENTRIES_KEY) as object)).toHaveLength(5);
  });

  it("another tab's change is read again, without reading every rating", async () => {
    seedRatings(5, () => ({ rating: 2, opinion: '' }));
    const { useRatingsStore } = await freshStore();
    const { useUserRating } = await import('./use-user-rating');
    const { result } = renderHook(() => useUserRating(1002));
    expect(result.current.rating).toBe(2);
    localStorage.setItem('animeRating_1002', JSON.stringify({ rating: 5, opinion: 'mudou' }));
    await act(async () => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'animeRating_1002', storageArea: localStorage }),
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(result.current).toEqual({ rating: 5, opinion: 'mudou' });
    expect(useRatingsStore.persist.hasHydrated()).toBe(false);
  });
});
