import { describe, expect, it } from 'vitest';
import { emptyLists, type ListsData } from '@/lib/stores/lists-store';
import type { RatingsData } from '@/lib/stores/ratings-store';
import { planListImport, type ImportRow } from './import-plan';

const row = (id: number, extra: Partial<ImportRow> = {}): ImportRow => ({
  id,
  list: 'COMPLETED',
  rating: 0,
  opinion: '',
  progress: 0,
  startedAt: null,
  finishedAt: null,
  snapshot: null,
  updatedAt: '2024-01-01T00:00:00.000Z',
  ...extra,
});

const noRatings: RatingsData = { ratings: {}, entries: {} };
const noLists: ListsData = { lists: emptyLists(), entries: {} };
const written = (changes: readonly (readonly [string, string | null])[]) =>
  new Map(changes.map(([key, raw]) => [key, raw === null ? null : (JSON.parse(raw) as unknown)]));

describe('importing a tracker list over what the device holds', () => {
  it('keeps a device rating newer than the tracker entry, and says so', () => {
    const ratings: RatingsData = {
      ratings: { 1: { rating: 2, opinion: 'mudei de ideia' }, 2: { rating: 3, opinion: '' } },
      entries: {
        1: { snapshot: null, ratedAt: '2025-05-05T00:00:00.000Z' },
        2: { snapshot: null, ratedAt: '2023-01-01T00:00:00.000Z' },
      },
    };
    const { changes, summary } = planListImport(
      [row(1, { rating: 5, opinion: 'obra-prima' }), row(2, { rating: 5 })],
      { lists: noLists, ratings },
    );
    const keys = written(changes);
    expect(keys.has('animeRating_1')).toBe(false);
    expect(keys.get('animeRating_2')).toEqual({ rating: 5, opinion: '' });
    expect(summary).toMatchObject({ keptNewer: 1, replacedRatings: 1, ratings: 1 });
    // The imported rating carries the tracker's date, so the ratings page orders it honestly.
    expect(keys.get('anime-master-rating-entries')).toMatchObject({
      1: { ratedAt: '2025-05-05T00:00:00.000Z' },
      2: { ratedAt: '2024-01-01T00:00:00.000Z' },
    });
  });

  it('never erases: no score keeps the device stars, no notes keep the device opinion', () => {
    const ratings: RatingsData = {
      ratings: { 7: { rating: 4, opinion: 'minha opinião' }, 8: { rating: 2, opinion: 'ok' } },
      entries: {},
    };
    const { changes, summary } = planListImport(
      [row(7, { rating: 5 }), row(8, { opinion: 'nova nota' }), row(9, { list: 'WATCHING' })],
      { lists: noLists, ratings },
    );
    const keys = written(changes);
    expect(keys.get('animeRating_7')).toEqual({ rating: 5, opinion: 'minha opinião' });
    expect(keys.get('animeRating_8')).toEqual({ rating: 2, opinion: 'nova nota' });
    expect(keys.has('animeRating_9')).toBe(false);
    expect(summary.replacedRatings).toBe(2);
  });

  it('treats rows without a date (a MyAnimeList file) as the newest', () => {
    const ratings: RatingsData = {
      ratings: { 3: { rating: 1, opinion: '' } },
      entries: { 3: { snapshot: null, ratedAt: '2030-01-01T00:00:00.000Z' } },
    };
    const { summary } = planListImport([row(3, { rating: 4, updatedAt: null })], { lists: noLists, ratings });
    expect(summary).toMatchObject({ keptNewer: 0, replacedRatings: 1, ratings: 1 });
  });

  it('moves an anime to its imported list (counted), keeps the place, progress and dates of one already there', () => {
    const lists: ListsData = {
      lists: { ...emptyLists(), WATCHING: [10, 11, 12], PLAN_TO_WATCH: [13] },
      entries: {
        10: { snapshot: null, progress: 8, startedAt: '2022-02-02', finishedAt: null },
        11: { snapshot: null, progress: 1, startedAt: null, finishedAt: null },
      },
    };
    const { changes, summary } = planListImport(
      [
        row(11, { list: 'WATCHING', progress: 5, startedAt: '2020-01-01' }),
        row(10, { list: 'WATCHING', progress: 3, startedAt: '2019-09-09' }),
        row(13, { list: 'DROPPED', progress: 2 }),
        row(14, { list: 'ON_HOLD', progress: 4 }),
      ],
      { lists, ratings: noRatings },
    );
    const keys = written(changes);
    expect(keys.get('watchingList')).toEqual([10, 11, 12]);
    expect(keys.get('planToWatchList')).toEqual([]);
    expect(keys.get('droppedList')).toEqual([13]);
    expect(keys.get('onHoldList')).toEqual([14]);
    expect(keys.get('anime-master-list-entries')).toMatchObject({
      10: { progress: 8, startedAt: '2022-02-02' },
      11: { progress: 5, startedAt: '2020-01-01' },
      13: { progress: 2 },
      14: { progress: 4 },
    });
    expect(summary).toMatchObject({ movedLists: 1, lists: { WATCHING: 2, DROPPED: 1, ON_HOLD: 1 } });
  });

  it('leaves what the import does not name, takes each anime once, and plans 50,000 rows quickly', () => {
    const lists: ListsData = { lists: { ...emptyLists(), COMPLETED: [99] }, entries: {} };
    const { changes } = planListImport([row(5), row(5, { list: 'DROPPED' })], { lists, ratings: noRatings });
    const keys = written(changes);
    expect(keys.get('completedList')).toEqual([99, 5]);
    expect(keys.get('droppedList')).toEqual([]);

    const many = Array.from({ length: 50_000 }, (_, index) => row(index + 1, { rating: (index % 5) + 1 }));
    const started = performance.now();
    const plan = planListImport(many, { lists: noLists, ratings: noRatings });
    expect(plan.summary.ratings).toBe(50_000);
    // One pass, not one list copy per row (which took minutes): generous for a loaded machine.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
