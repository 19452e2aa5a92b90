import { describe, expect, it } from 'vitest';
import { computeStatistics } from './statistics';

describe('computeStatistics', () => {
  it('counts lists, ratings, the average and the distribution', () => {
    const stats = computeStatistics({
      ratings: { 1: { rating: 5 }, 2: { rating: 4 }, 3: { rating: 4 }, 4: { rating: 0 }, 5: { rating: 1 } },
      lists: { PLAN_TO_WATCH: [10, 11], WATCHING: [1], COMPLETED: [2, 3, 12], DROPPED: [], ON_HOLD: [] },
    });
    expect(stats.listCounts).toEqual({ PLAN_TO_WATCH: 2, WATCHING: 1, COMPLETED: 3, DROPPED: 0, ON_HOLD: 0 });
    expect(stats.inLists).toBe(6);
    expect(stats.rated).toBe(4);
    expect(stats.average).toBe(3.5);
    expect(stats.distribution).toEqual([1, 0, 0, 2, 1]);
  });

  it('ranks genres over distinct anime from either snapshot, top 5', () => {
    const snap = (...genres: string[]) => ({ snapshot: { genres } });
    const stats = computeStatistics({
      ratings: { 1: { rating: 5 }, 2: { rating: 3 } },
      ratingEntries: { 1: snap('Action', 'Drama'), 2: snap('Action', 'Action') },
      lists: { WATCHING: [1, 3, 4, 5] },
      listEntries: { 1: snap('Ignored'), 3: snap('Comedy', 'Drama'), 4: snap('Sci-Fi', 'Romance', 'Horror'), 5: { snapshot: null } },
    });
    expect(stats.topGenres).toEqual([
      { name: 'Action', count: 2 },
      { name: 'Drama', count: 2 },
      { name: 'Comedy', count: 1 },
      { name: 'Horror', count: 1 },
      { name: 'Romance', count: 1 },
    ]);
    expect(stats.withGenres).toBe(4);
  });

  it('has no average without ratings', () => {
    const stats = computeStatistics({ ratings: {}, lists: {} });
    expect(stats.average).toBeNull();
    expect(stats.rated).toBe(0);
    expect(stats.topGenres).toEqual([]);
  });
});
